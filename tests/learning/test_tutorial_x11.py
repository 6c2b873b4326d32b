"""A person plays each game's tutorial to its end in a real window (Xvfb + openbox) by mouse clicks
alone (xdotool), as issue 29 asks: the caption card is up while the last step shows and gone once
the script has handed the table over.

Where to click comes from the same tutorial played headless beside it (the same canvas, language
and instant animations): each step's clicks are the ones that played it there, a click on the
caption card for an explanation, the pieces' own clicks for a move (and no more once the move has
gone through). The app runs fullscreen on a 1920x1080 screen, so canvas and screen agree.

Skipped, with the reason, when Xvfb, xdotool or openbox is missing. Kept cheap: one screen for all
five games, instant animations, and each click waits on the screen rather than a fixed pause."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pygame
import pytest

from game.core.settings import Settings
from game.tutorials import GAMES
from scenes.engine.app import App
from scenes.engine.input import MOVE, PRESS, RELEASE, Intent
from scenes.learning.tutorial import CLICK_GUARD, TutorialLayer, open_tutorial
from scenes.menus.title import Title
from scenes.tools.tutorial_drive import Clock, spots_of
from tests.xscreen import CANVAS, MISSING, SKIP_REASON, Screen, eventually

ROOT = Path(__file__).resolve().parents[2]
TITLE = "Kotatsu Table"
BETWEEN_CLICKS = 0.3  # seconds between the clicks of one move (the app reads them in order anyway)
PANEL_UP = 1.6  # seconds for a round's panel to come up before its Continue is clicked
TAKEN = 4.0  # seconds a clicked explanation has to give way before it is clicked again
RETRIES = 4  # clicks on an explanation before giving up (a busy machine draws slowly)
SETTINGS = {"language": "en", "anim_speed": "instant", "sound": False, "fullscreen": True}

NO_IMPORT = shutil.which("import") is None  # ImageMagick's screenshot tool
pytestmark = [pytest.mark.slow, pytest.mark.skipif(bool(MISSING) or NO_IMPORT,
                                reason=SKIP_REASON if MISSING else "needs ImageMagick's import for screenshots")]


@pytest.fixture(scope="module")
def screen() -> Iterator[Screen]:
    """One full-HD virtual screen for every game."""
    display = Screen(CANVAS)
    yield display
    display.close()


def mouse_click(clock: Clock, point: tuple[int, int]) -> None:
    """What xdotool's mousemove + click does to the app: the pointer arrives, presses, lets go."""
    clock.step([Intent(MOVE, point)])
    clock.step([Intent(PRESS, point), Intent(RELEASE, point)])


def frames_until(clock: Clock, ready: Callable[[], bool], limit: int) -> bool:
    """Step frames (pressing nothing, unlike ``settle``) until ``ready()``; False if it never is."""
    for _ in range(limit):
        if ready():
            return True
        clock.step()
    return ready()


@dataclass
class PlannedStep:
    """One step as the headless twin showed it: its caption card (where, and its pixels) and the
    clicks that played it."""

    card: pygame.Rect
    picture: pygame.Surface
    clicks: list[tuple[int, int]]
    explanation: bool
    after: list[tuple[int, int]] = field(default_factory=list)  # Continue on a round's panel, after the move


def planned_steps(game_id: str) -> list[PlannedStep]:
    """Play ``game_id``'s tutorial headless by mouse clicks and keep each step's card and clicks."""
    app = App(Settings(**{k: v for k, v in SETTINGS.items() if k != "fullscreen"}), headless=True)
    try:
        app.push(Title(app))
        layer: TutorialLayer = open_tutorial(app, game_id)
        clock = Clock(app)
        plan: list[PlannedStep] = []
        for number, step in enumerate(layer.steps):
            assert frames_until(clock, layer.ready, 600) and layer.index == number, f"{game_id}: step {number + 1} never showed"
            while layer.shown_for < CLICK_GUARD:
                clock.step()
            app.draw()
            card = layer.card.copy()
            planned = PlannedStep(card, app.screen.subsurface(card).copy(), [], not step.waits_for_move)
            plan.append(planned)
            if planned.explanation:
                planned.clicks.append(card.center)
                mouse_click(clock, card.center)
                continue
            before = len(layer.table.match.log)
            for point in spots_of(game_id).taps(layer.table, layer.expected_action()):
                planned.clicks.append(point)
                mouse_click(clock, point)
                if frames_until(clock, lambda: len(layer.table.match.log) > before, 30):
                    break
            shown = 0  # frames a round's panel has been up
            for _ in range(600):  # a person clicks Continue on a round's panel once it has come up
                if layer.ready() or layer.done:
                    break
                panel = layer.table.panel
                shown = shown + 1 if panel is not None else 0
                if panel is not None and shown > 30:
                    planned.after.append(panel.button.rect.center)
                    mouse_click(clock, panel.button.rect.center)
                    shown = 0
                clock.step()
        assert frames_until(clock, lambda: layer.done, 600), f"{game_id}: the script did not end headless"
        return plan
    finally:
        app.close()


def shows(screen: Screen, shot: Path, step: PlannedStep) -> bool:
    """True when the screen shows ``step``'s caption card as the headless twin drew it."""
    screen.screenshot(shot)
    if not shot.exists():
        return False
    picture = pygame.image.load(str(shot))
    area = step.card
    differ = total = 0
    for x in range(8, area.width - 8, 7):
        for y in range(8, area.height - 8, 7):
            total += 1
            ours, theirs = picture.get_at((area.x + x, area.y + y)), step.picture.get_at((x, y))
            differ += sum(abs(a - b) for a, b in zip(ours[:3], theirs[:3])) > 30
    return differ <= 0.02 * total


def read_and_click_on(screen: Screen, shot: Path, step: PlannedStep, where: str) -> None:
    """A person reads the caption card, clicks it, and clicks again only if it stays: the first
    click can land inside the double-click guard on a busy machine. Waits on the screen, not a
    fixed pause."""
    time.sleep(CLICK_GUARD)  # it has been up at least this long before anyone clicks
    for _ in range(RETRIES):
        screen.click(*step.clicks[0])
        end = time.monotonic() + TAKEN
        while time.monotonic() < end:
            if not shows(screen, shot, step):
                return
            time.sleep(0.1)
    raise AssertionError(f"{where}: the caption card stayed after {RETRIES} clicks")


@pytest.mark.parametrize("game_id", GAMES)
def test_a_person_plays_the_tutorial_to_its_end_by_clicks(screen: Screen, game_id: str, tmp_path: Path) -> None:
    plan = planned_steps(game_id)
    (tmp_path / "settings.json").write_text(json.dumps(SETTINGS), encoding="utf-8")
    env = {**screen.env, "KOTATSU_HOME": str(tmp_path), "SDL_VIDEODRIVER": "x11", "SDL_AUDIODRIVER": "dummy"}
    process = subprocess.Popen([sys.executable, "-m", "game", "tutorial", game_id, "--lang", "en"], cwd=ROOT,
                               env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    shot = tmp_path / "screen.bmp"  # a PNG of a full-HD table costs ImageMagick 1.5 s of CPU to encode
    try:
        window = screen.find_window(TITLE)
        screen.xdotool("windowactivate", "--sync", window)
        for number, step in enumerate(plan):
            where = f"{game_id} step {number + 1}"
            eventually(lambda step=step: shows(screen, shot, step), f"{where}'s caption card on screen", timeout=90)
            if step.explanation:
                read_and_click_on(screen, shot, step, where)
            else:
                for point in step.clicks:
                    screen.click(*point)
                    time.sleep(BETWEEN_CLICKS)
            for point in step.after:
                time.sleep(PANEL_UP)
                screen.click(*point)
        eventually(lambda: not shows(screen, shot, plan[-1]), f"{game_id}: the caption card gone after the last click",
                   timeout=60)
        assert process.poll() is None, "the app quit"
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
