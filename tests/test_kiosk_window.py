"""The kiosk in a real X window: taps land where they are made.

With ``show_cursor = false`` (as in docs/kiosk.example.toml) the kiosk used to hide the cursor
with ``pygame.mouse.set_visible(False)`` while the window was grabbed, which switches SDL to
relative mouse mode: every click then arrived at one stale point, Play did nothing and the corner
never opened the PIN pad. These tests run the real kiosk (the supervisor and its child, with the
example config: fullscreen, cursor hidden, keyboard grabbed) on a virtual X screen of their own
(Xvfb plus the openbox window manager), click with xdotool where the title's Play button is on
that screen (the 1920x1080 canvas scaled and letterboxed by ``pygame.SCALED``), hold the corner,
type the PIN on the pad and check through the kiosk's status file that each step landed.

They need Xvfb, xdotool and openbox; without them they skip and say why.
"""

from __future__ import annotations

import ctypes
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from xscreen import CANVAS, MISSING, SKIP_REASON, Screen, eventually

from game import kiosk
from game.core.registry import CATALOGUE

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "docs" / "kiosk.example.toml"
PIN = "4711"

pytestmark = pytest.mark.skipif(bool(MISSING), reason=SKIP_REASON)


def cursor_opaque_pixels(display: str) -> int | None:
    """How many pixels of the X cursor shown now are not fully transparent (XFixes), or None
    when libX11/libXfixes cannot be loaded."""

    class CursorImage(ctypes.Structure):
        _fields_ = [("x", ctypes.c_short), ("y", ctypes.c_short), ("width", ctypes.c_ushort),
                    ("height", ctypes.c_ushort), ("xhot", ctypes.c_ushort), ("yhot", ctypes.c_ushort),
                    ("cursor_serial", ctypes.c_ulong), ("pixels", ctypes.POINTER(ctypes.c_ulong)),
                    ("atom", ctypes.c_ulong), ("name", ctypes.c_char_p)]

    try:
        x11, xfixes = ctypes.CDLL("libX11.so.6"), ctypes.CDLL("libXfixes.so.3")
    except OSError:
        return None
    x11.XOpenDisplay.restype, x11.XOpenDisplay.argtypes = ctypes.c_void_p, [ctypes.c_char_p]
    x11.XCloseDisplay.argtypes = [ctypes.c_void_p]
    xfixes.XFixesGetCursorImage.restype = ctypes.POINTER(CursorImage)
    xfixes.XFixesGetCursorImage.argtypes = [ctypes.c_void_p]
    handle = x11.XOpenDisplay(display.encode())
    if not handle:
        return None
    try:
        image = xfixes.XFixesGetCursorImage(handle).contents
        pixels = (image.pixels[index] for index in range(image.width * image.height))
        return sum(1 for pixel in pixels if (pixel >> 24) & 0xFF)
    finally:
        x11.XCloseDisplay(handle)


# ----- the kiosk on it ------------------------------------------------------------------------------------
def wait_for(check: Callable[[], Any], what: str, timeout: float = 60.0) -> Any:
    """Poll ``check`` until it returns something true (failing with the kiosk's last status)."""
    return eventually(check, what, timeout, detail=lambda: f"last status: {kiosk.read_status()}")


def status_is(**wanted: Any) -> Callable[[], dict[str, Any] | None]:
    """A check that the kiosk status file holds ``wanted``."""

    def check() -> dict[str, Any] | None:
        status = kiosk.read_status()
        return status if status and all(status.get(key) == value for key, value in wanted.items()) else None

    return check


def play_button(game_id: str) -> tuple[int, int]:
    """The canvas centre of a game's Play pill on the title (scenes.menus.title's layout)."""
    from scenes.menus.title import CARD_GAP, CARD_SIZE, CARD_TOP

    width, height = CARD_SIZE
    count = len(CATALOGUE)
    left = (CANVAS[0] - (count * width + (count - 1) * CARD_GAP)) // 2
    index = [entry.game_id for entry in CATALOGUE].index(game_id)
    return left + index * (width + CARD_GAP) + width // 2, CARD_TOP + height - 22 - 28


def question_play_button() -> tuple[int, int]:
    """The canvas centre of Play in the kiosk's "Learn (3 min) or Play?" question
    (scenes.kiosk.screens.LearnOrPlay's layout)."""
    from scenes.engine import theme
    from scenes.kiosk.screens import LearnOrPlay

    panel = LearnOrPlay.PANEL.copy()
    panel.center = (960, 560)
    width = (panel.width - 3 * 40) // 2
    top = panel.bottom - 40 - theme.BUTTON_HEIGHT
    return panel.right - 40 - width // 2, top + theme.BUTTON_HEIGHT // 2


def pin_key(label: str) -> tuple[int, int]:
    """The canvas centre of a PIN pad key: "0".."9" or "OK" (scenes.kiosk.screens' layout)."""
    from scenes.kiosk.screens import KEY_GAP, KEY_SIZE, PAD

    width, height = KEY_SIZE
    index = 11 if label == "OK" else 10 if label == "0" else int(label) - 1
    row, column = divmod(index, 3)
    left = PAD.centerx - (3 * width + 2 * KEY_GAP) // 2
    top = PAD.y + 300  # as PinPad._make_keys lays them out
    return left + column * (width + KEY_GAP) + width // 2, top + row * (height + KEY_GAP) + height // 2


def stop_everything(supervisor: subprocess.Popen[bytes]) -> None:
    """After a failure: kill the supervisor's and the kiosk app's process groups (only theirs)."""
    child = kiosk.read_status().get("pid")
    for group in (supervisor.pid, child):
        if isinstance(group, int):
            try:
                os.killpg(group, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
    supervisor.wait()


@pytest.fixture(params=[(1366, 768), (1920, 1080), (1280, 1024)], ids=lambda size: f"{size[0]}x{size[1]}")
def screen(request: pytest.FixtureRequest) -> Iterator[Screen]:
    """A virtual screen: a common laptop, full HD, and 5:4 (letterboxed top and bottom)."""
    display = Screen(request.param)
    yield display
    display.close()


def test_with_the_cursor_hidden_clicks_land_on_play_the_corner_opens_the_pad_and_the_pin_exits(
        screen: Screen, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("KOTATSU_HOME", str(home))
    config = tmp_path / "kiosk.toml"  # the example as shipped, with the organiser's PIN set
    config.write_text(EXAMPLE.read_text(encoding="utf-8").replace('pin = "CHANGE-ME"', f'pin = "{PIN}"'),
                      encoding="utf-8")
    settings, _ = kiosk.load_locked_config(config)
    assert settings.fullscreen and not settings.show_cursor and settings.offered_games()[0] == "neko"
    env = {**screen.env, "KOTATSU_HOME": str(home), "SDL_VIDEODRIVER": "x11", "SDL_AUDIODRIVER": "dummy"}
    stderr = open(tmp_path / "kiosk.stderr", "wb")  # noqa: SIM115 - closed below
    supervisor = subprocess.Popen([sys.executable, "-m", "game", "kiosk", "--config", str(config)], cwd=ROOT,
                                  env=env, stdout=subprocess.DEVNULL, stderr=stderr, start_new_session=True)
    try:
        wait_for(status_is(scene="KioskTitle"), "the kiosk title")
        wait_for(screen.fullscreen_window, "a window covering the whole screen", timeout=20)
        time.sleep(0.5)  # the window manager settles the fullscreen window
        screen.click(*play_button("neko"))
        # the example config offers tutorials: the kiosk asks "Learn (3 min) or Play?" first
        wait_for(status_is(scene="LearnOrPlay"), "the Learn-or-Play question after neko's Play", timeout=10)
        screen.click(*question_play_button())
        wait_for(status_is(scene="KioskSetup"), "the setup after a click on the question's Play", timeout=10)
        screen.screenshot(tmp_path / "setup.png")
        opaque = cursor_opaque_pixels(screen.display)
        assert opaque in (None, 0), f"the cursor should be invisible; {opaque} pixels show"
        screen.hold(60, 60, settings.hold_seconds + 0.7)
        wait_for(status_is(pin_pad=True), "the PIN pad after holding the corner", timeout=10)
        screen.screenshot(tmp_path / "pin_pad.png")
        for label in [*PIN, "OK"]:
            screen.click(*pin_key(label))
            time.sleep(0.15)
        assert supervisor.wait(timeout=30) == 0  # the right PIN: the organiser left, nothing restarts
    finally:
        stop_everything(supervisor)
        stderr.close()
    log_text = (home / "kiosk.log").read_text(encoding="utf-8")
    assert "[event=exit]" in log_text and "[event=pin_wrong" not in log_text, log_text
    assert "[event=crash" not in log_text
