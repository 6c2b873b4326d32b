"""Synthetic input: a person's taps on a real table, frame by frame (for ``python -m game tutorial
GAME --check`` and the tests). A table is driven only through ``App.step`` with pointer intents,
so what works here works for a person with a finger or a mouse.

Every game's ``scenes.<game>.spots.taps(scene, action)`` says where to tap; ``tap_action`` taps
there, one frame each, reading the table again between taps."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

from scenes import routes
from scenes.engine.app import App
from scenes.engine.input import ACTIVATE, PRESS, RELEASE, Intent

DT = 1 / 60  # one frame at 60 frames a second
SETTLE_LIMIT = 60 * 60  # frames: a table that has not come to rest after a minute never will
MAX_TAPS = 8  # no action of any game takes more taps than this


def spots_of(game_id: str) -> ModuleType:
    """The game's spots module, as its package registered it."""
    from scenes.table.registry import spots

    return spots(game_id)


class Clock:
    """Counts the simulated seconds of the frames it steps."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.seconds = 0.0

    def step(self, feed: list[Intent] | None = None) -> None:
        """One frame of ``DT`` seconds."""
        self.app.step(DT, feed=feed or [])
        self.seconds += DT


def tap(clock: Clock, point: tuple[int, int]) -> None:
    """A finger taps ``point`` (down and up in one frame)."""
    clock.step([Intent(PRESS, point, touch=True), Intent(RELEASE, point, touch=True)])


def settle(clock: Clock, ready: Callable[[], bool], limit: int = SETTLE_LIMIT) -> bool:
    """Step frames until ``ready()``; Enter closes a table's panel on the way. False when it never
    came (after ``limit`` frames)."""
    for _ in range(limit):
        if ready():
            return True
        scene = clock.app.top
        table = getattr(scene, "table", scene)
        clock.step([Intent(ACTIVATE)] if getattr(table, "panel", None) is not None else None)
    return ready()


def tap_action(clock: Clock, scene: Any, action: Any) -> None:
    """Do ``action`` on the table ``scene`` by tapping where its game's spots say."""
    gesture = spots_of(scene.match.game_id).taps(scene, action)
    for number, point in enumerate(gesture):
        if number >= MAX_TAPS:
            break
        tap(clock, point)


class TutorialStuck(RuntimeError):
    """A tutorial step could not be played through the table (the message says which)."""


def play_tutorial(app: App, game_id: str, *, free_moves: int = 0,
                  on_step: Callable[[int], None] | None = None) -> tuple[float, float]:
    """Open ``game_id``'s tutorial on ``app`` and play its scripted path like a person: Enter on
    every explanation, taps for every move; then ``free_moves`` moves of the person against the
    Easy AI (the first legal action each time). Returns (seconds of frames, seconds of reading:
    ``game.tutorials.reading_seconds`` of each caption in the app's language). ``TutorialStuck``
    when a step never shows or its move does not go through. ``on_step(number)`` is called as
    each step shows (e.g. to save a picture of it)."""
    from game.i18n import language, t
    from game.tutorials import reading_seconds
    from scenes.learning.tutorial import open_tutorial

    layer = open_tutorial(app, game_id)
    clock = Clock(app)
    reading = 0.0
    for number, step in enumerate(layer.steps):
        where = f"{game_id} step {number + 1} ({step.caption})"
        if not settle(clock, lambda: layer.ready() or layer.done) or layer.index != number:
            raise TutorialStuck(f"{where}: never shown")
        reading += reading_seconds(t(step.caption), language())
        if on_step is not None:
            on_step(number)
        if not step.waits_for_move:
            clock.step([Intent(ACTIVATE)])
            continue
        log_before = len(layer.table.match.log)
        tap_action(clock, layer.table, layer.expected_action())

        def step_played(before: int = log_before) -> bool:
            return len(layer.table.match.log) > before

        if not settle(clock, step_played, 120):
            raise TutorialStuck(f"{where}: the taps for {step.expect!r} did not play it")
    if not settle(clock, lambda: layer.done):
        raise TutorialStuck(f"{game_id}: the script never ended")
    play_free(clock, layer.table, free_moves)
    return clock.seconds, reading


def advance_to(clock: Clock, layer: Any, number: int) -> None:
    """Play a tutorial's script like a person (Enter on explanations, taps for moves) until step
    ``number`` (0-based) shows; ``TutorialStuck`` when it never does."""
    while layer.index < number and not layer.done:
        if not settle(clock, layer.ready):
            raise TutorialStuck(f"step {layer.index + 1} never showed")
        if layer.step.expect:
            tap_action(clock, layer.table, layer.expected_action())
        else:
            clock.step([Intent(ACTIVATE)])
        settle(clock, lambda: layer.ready() or layer.done)
    if layer.index != number or not settle(clock, layer.ready):
        raise TutorialStuck(f"step {number + 1} never showed")


def play_free(clock: Clock, table: Any, moves: int) -> None:
    """The person's next ``moves`` moves against the AI, by taps (the first legal action)."""
    for _ in range(moves):
        if not settle(clock, lambda: table.finished or (table.viewer_may_act() and table.idle())):
            raise TutorialStuck("the person never got a free move")
        if table.finished:
            return
        log_before = len(table.match.log)
        action = table.match.legal_actions(table.viewer)[0]
        tap_action(clock, table, action)
        def move_played(before: int = log_before) -> bool:
            return len(table.match.log) > before

        if not settle(clock, move_played, 120):
            raise TutorialStuck(f"a free move ({table.rules.encode_action(action)!r}) did not go through")


def check_tutorial(game_id: str, lang: str, shots: Path | None = None) -> int:
    """``python -m game tutorial GAME --check``: play the tutorial headless at normal speed and
    print its length: the simulated frames (every animation and AI pause included) plus the
    reading time of each caption (``game.tutorials.reading_seconds``). With ``shots``, every step
    is saved as ``<shots>/learn-<game>-<step>.png``. Exit code 0, or 1 when a step cannot be played."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from game.core.settings import Settings
    from scenes.menus.title import Title

    routes.install()
    app = App(Settings(language=lang, anim_speed="normal", sound=False), headless=True)

    def shoot(number: int) -> None:
        if shots is not None:
            app.draw()
            pygame.image.save(app.screen, str(shots / f"learn-{game_id}-{number + 1}.png"))

    try:
        app.push(Title(app))
        frames, reading = play_tutorial(app, game_id, on_step=shoot)
    except TutorialStuck as error:
        print(f"kotatsu: tutorial {game_id}: {error}", file=sys.stderr)
        return 1
    finally:
        app.close()
    from game.tutorials import load

    steps = len(load(game_id).steps)
    print(f"{game_id}: {frames + reading:.1f} s ({steps} steps: frames {frames:.1f} s at normal speed "
          f"+ reading {reading:.1f} s, {lang})")
    return 0
