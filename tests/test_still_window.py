"""A still screen costs nothing: in a real window (Xvfb + openbox) the app shows its first frame at
once, then shows no new frame while nothing changes, and answers input with a frame at once.
``python -m game bench idle`` reports what that costs; here only the behaviour is checked.

The window tests skip, with the reason, when Xvfb, xdotool or openbox is missing.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from xscreen import MISSING, SKIP_REASON, Screen

from kotatsu.cli import main

ROOT = Path(__file__).resolve().parents[1]

# Run in a process of its own on the test's screen: the title, then a still table of noaron, each
# for a second of the real loop untouched, then one pointer move; prints the frames drawn.
PROBE = """
import json, sys, time
import pygame
from game.core.settings import Settings
from scenes.engine.app import App, FPS
from scenes.tools.bench import _settle, _still_table
from scenes.menus.title import Title

def run(app, seconds):
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        app.step(min(app.clock.tick(FPS) / 1000.0, 0.1))

app = App(Settings(language="en", sound=False))
app.locked = True
figures = {}
for name, make in (("title", lambda: Title(app)), ("table", lambda: _still_table(app, "noaron"))):
    app.reset_to(make())
    app.step(0.0)
    figures[name + "_first"] = app.frames_drawn
    figures[name + "_rested"] = _settle(app)
    drawn = app.frames_drawn
    run(app, 1.0)
    figures[name + "_still"] = app.frames_drawn - drawn
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(300, 300), rel=(4, 4), buttons=(0, 0, 0)))
    drawn = app.frames_drawn
    app.step(1 / FPS)
    figures[name + "_input"] = app.frames_drawn - drawn
app.close()
print(json.dumps(figures))
"""


@pytest.fixture(scope="module")
def screen() -> Iterator[Screen]:
    """An Xvfb screen with openbox (``tests/xscreen.py``)."""
    if MISSING:
        pytest.skip(SKIP_REASON)
    shown = Screen((1920, 1080))
    yield shown
    shown.close()


def test_a_still_screen_in_a_window_shows_no_new_frame_until_input(screen: Screen, tmp_path: Path) -> None:
    env = {**screen.env, "KOTATSU_HOME": str(tmp_path), "SDL_VIDEODRIVER": "x11", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=240, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    for name in ("title", "table"):
        assert figures[f"{name}_rested"], f"the {name} comes to rest"
        assert figures[f"{name}_still"] == 0, f"a still {name} shows no new frame for a second ({figures})"
        assert figures[f"{name}_input"] == 1, f"a pointer move over the {name} is shown at once ({figures})"
    assert figures["title_first"] >= 1, "the window's first frame is shown at once"


def test_bench_idle_without_a_display_says_so_in_one_line(capsys: pytest.CaptureFixture[str],
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    code = main(["bench", "idle", "--seconds", "1"])
    out, err = capsys.readouterr()
    assert code != 0 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "bench idle" in lines[0] and "display" in lines[0], err
