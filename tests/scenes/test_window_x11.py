"""The app's window on a real X screen (Xvfb + openbox): it opens wholly on screen at laptop, full
HD and 4K sizes, F11 switches fullscreen and back with the setting in step, and the next launch
opens where the window was left (no creeping down by a title bar each time).

Skipped, with the reason, when Xvfb, xdotool or openbox is missing.
"""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scenes.engine.window import inside
from tests.xscreen import MISSING, SKIP_REASON, Screen, eventually

ROOT = Path(__file__).resolve().parents[2]
TITLE = "Kotatsu Table"

pytestmark = [pytest.mark.slow, pytest.mark.skipif(bool(MISSING), reason=SKIP_REASON)]


class App:
    """``python -m game`` on a screen, with a data folder of its own."""

    def __init__(self, screen: Screen, home: Path) -> None:
        self.screen, self.home = screen, home
        env = {**screen.env, "KOTATSU_HOME": str(home), "SDL_VIDEODRIVER": "x11", "SDL_AUDIODRIVER": "dummy"}
        self.process = subprocess.Popen([sys.executable, "-m", "game"], cwd=ROOT, env=env,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.window = screen.find_window(TITLE)

    def frame(self) -> tuple[int, int, int, int]:
        """Where the window is, with its frame."""
        return self.screen.frame_of(self.window)

    def settings(self) -> dict[str, Any]:
        """The saved settings (empty before the first save)."""
        path = self.home / "settings.json"
        return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}

    def stop(self) -> int:
        """SIGTERM, as a desktop's log-out sends it; the exit code."""
        self.process.send_signal(signal.SIGTERM)
        return self.process.wait(timeout=20)

    def kill(self) -> None:
        """After a failure."""
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()


@pytest.fixture
def screen(request: pytest.FixtureRequest) -> Iterator[Screen]:
    """A virtual screen of the size the test names."""
    display = Screen(request.param)
    yield display
    display.close()


@pytest.mark.parametrize("screen", [(1280, 720), (3840, 2160)], indirect=True, ids=lambda size: f"{size[0]}x{size[1]}")
def test_the_window_opens_wholly_on_screen_and_fills_most_of_it(screen: Screen, tmp_path: Path) -> None:
    app = App(screen, tmp_path)
    try:
        x, y, width, height = screen.settled_frame(app.window)
        assert inside((x, y, width, height), (0, 0, *screen.size)), (x, y, width, height)
        assert width >= 0.75 * screen.size[0] or height >= 0.75 * screen.size[1]
    finally:
        app.kill()


@pytest.mark.parametrize("screen", [(1366, 768)], indirect=True, ids=lambda size: f"{size[0]}x{size[1]}")
def test_on_a_laptop_f11_goes_fullscreen_and_back_and_the_next_launch_opens_in_the_same_place(
        screen: Screen, tmp_path: Path) -> None:
    app = App(screen, tmp_path)
    try:
        first = screen.settled_frame(app.window)
        assert inside(first, (0, 0, *screen.size)), first  # the old window hung off at (-276, -136)
        screen.xdotool("windowactivate", "--sync", app.window)
        screen.xdotool("key", "F11")
        eventually(lambda: app.settings().get("fullscreen") is True, "fullscreen in the settings")
        eventually(lambda: app.frame()[2:] == screen.size, "a window covering the screen")
        screen.xdotool("key", "F11")
        eventually(lambda: app.settings().get("fullscreen") is False, "windowed in the settings")
        eventually(lambda: app.frame()[2:] != screen.size, "a window again")
        # SDL may first give the window back its 1920x1080 size for a moment before the app fits it
        # again: the window that stays is the one to judge
        back = screen.settled_frame(app.window)
        assert inside(back, (0, 0, *screen.size)), back
        assert app.stop() == 128 + signal.SIGTERM
        saved = app.settings()["window"]
    finally:
        app.kill()
    again = App(screen, tmp_path)
    try:
        reopened = screen.settled_frame(again.window)
        assert again.settings()["window"] == saved
        assert abs(reopened[0] - first[0]) <= 2 and abs(reopened[1] - first[1]) <= 2, (first, reopened)
        assert again.stop() == 128 + signal.SIGTERM
        assert again.settings()["window"] == saved  # closing without moving changes nothing
    finally:
        again.kill()
