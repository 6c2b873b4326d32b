"""Walks of UI steps over the scenes, and the check that each frame the app composed equals a frame
drawn from scratch for the same state (tests/test_incremental_frames.py).

A walk starts at a table of one game (a person at seat 0, easy AIs at the other seats), then takes
steps a person could take: open and close the move log, the rules and the pause menu, play a move,
undo, ask for a hint, a toast, resize the window, toggle fullscreen, switch the language, raise and
lift the curtain, finish the match and close the results; frames pass between them. After every
frame, ``scratch_frame`` paints the same scenes again on a new canvas with the table's kept
pictures (its still layer, the veiled table) set aside, and the two must be equal pixel for pixel.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

import pygame

from game.core.match import Match, Seat
from game.core.registry import get_rules
from scenes.engine import crisp
from scenes.engine import input as intents
from scenes.engine.app import App
from scenes.engine.input import Intent
from scenes.menus.pause import PauseMenu
from scenes.menus.results import Results
from scenes.table.base import TableScene
from scenes.table.curtain import Curtain
from scenes.table.move_log import MoveLog
from scenes.table.saver import NullSaver

GAMES = ("neko", "newold", "noaron", "nostalgic", "wallpaper")
STEPS = ("wait", "log", "help", "pause", "close", "resume", "move", "undo", "hint", "toast", "hover",
         "resize", "fullscreen", "language", "curtain", "results")
DT = 1 / 20  # a frame of the walk: animations move visibly between two of them
FRAMES_AFTER_STEP = 2
WAIT_FRAMES = 6
# the table's kept pictures: set aside while the scratch frame is drawn, then put back
KEPT_PICTURES = ("_still", "_still_key", "_still_shown", "_veiled", "_veiled_key", "_painted", "_last_frame")


@dataclass
class Difference:
    """A frame that differed from its scratch frame: after which steps, how much and where."""

    steps: list[str]
    pixels: int
    box: pygame.Rect

    def __str__(self) -> str:
        return (f"after steps {self.steps}: {self.pixels} pixels differ from a frame drawn from scratch, "
                f"within {tuple(self.box)}")


@dataclass
class Walk:
    """One walk's app and table and the steps taken so far."""

    app: App
    table: TableScene
    rng: random.Random
    steps: list[str] = field(default_factory=list)
    checked: bool = True  # the next frame is compared with a scratch frame


def new_walk(app: App, game_id: str, seed: int) -> Walk:
    """A table of ``game_id`` with a person at seat 0 and easy AIs elsewhere, pushed and drawn."""
    import importlib

    rules = get_rules(game_id)
    players = max(rules.min_players, min(rules.max_players, 3))
    seats = [Seat("human")] + [Seat("ai", "easy") for _ in range(players - 1)]
    match = Match(game_id, seats, seed)
    table = importlib.import_module(f"scenes.{game_id}").make_table(app, match, viewer=0, worker_inline=True)
    table.saver = NullSaver()
    app.push(table)
    app.step(DT)
    return Walk(app, table, random.Random(seed))


def top_is_table(walk: Walk) -> bool:
    """True when the table itself takes input now."""
    return walk.app.top is walk.table


def take(walk: Walk, step: str, choice: int) -> None:
    """Take one UI step (``choice`` picks among moves, places and the like); a step that makes no
    sense now (closing with nothing open) is a harmless key press or nothing."""
    app, table = walk.app, walk.table
    walk.steps.append(step)
    if step == "log" and (top_is_table(walk) or isinstance(app.top, MoveLog)):  # L opens and closes it
        app.dispatch(Intent(intents.KEY, key="l"))
    elif step == "help" and top_is_table(walk):
        app.dispatch(Intent(intents.KEY, key="h"))
    elif step == "pause" and top_is_table(walk):
        table.open_pause()
    elif step == "close" and not top_is_table(walk) and not isinstance(app.top, Curtain):
        app.dispatch(Intent(intents.BACK))
    elif step == "resume" and isinstance(app.top, PauseMenu):
        app.top.resume_play()  # "Back to the game"
    elif step == "move":
        _move(walk, choice)
    elif step == "undo" and top_is_table(walk):
        app.dispatch(Intent(intents.UNDO))
    elif step == "hint" and top_is_table(walk):
        table.press_hint()
    elif step == "toast" and top_is_table(walk):  # the table speaks only while it is on top
        table.toast.show(f"toast {choice}", 1.0)
    elif step == "hover":
        app.dispatch(Intent(intents.MOVE, pos=(choice * 37 % 1920, choice * 53 % 1080)))
    elif step == "resize":
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1280 + choice % 600, h=720 + choice % 300))
    elif step == "fullscreen":
        app.set_fullscreen(not app.settings.fullscreen)
    elif step == "language":
        app.set_language("en" if app.settings.language == "ja" else "ja")
    elif step == "curtain":
        _curtain(walk)
    elif step == "results":
        _results(walk)
    frames = WAIT_FRAMES if step == "wait" else FRAMES_AFTER_STEP
    for frame in range(frames):
        walk.checked = frame in (0, frames - 1)  # the first frame after the step, and the last
        yield_frame(walk)


def _move(walk: Walk, choice: int) -> None:
    """The person plays one of their legal moves (when it is their turn and the table rests)."""
    table = walk.table
    if not top_is_table(walk) or not table.idle() or not table.viewer_may_act():
        return
    legal = table.match.legal_actions(table.viewer)
    if legal:
        table.attempt(legal[choice % len(legal)])


def _curtain(walk: Walk) -> None:
    """Raise the hot-seat curtain over the table, or lift the one that is up."""
    app, table = walk.app, walk.table
    if isinstance(app.top, Curtain):
        app.dispatch(Intent(intents.ACTIVATE))
    elif top_is_table(walk) and not table.finished:
        table.raise_curtain(table.viewer)


def _results(walk: Walk) -> None:
    """Play the match to its end (random moves, rules only) and show the results over the table."""
    app, table = walk.app, walk.table
    if not top_is_table(walk) or table.finished:
        return
    table.fast_forward()
    table.cancel_ai()
    table.clear_hint()  # the hint was about a position these moves leave behind
    match = table.match
    while not match.is_over():
        seat = match.to_move()[0]
        legal = match.legal_actions(seat)
        match.apply(seat, legal[walk.rng.randrange(len(legal))])
    table.pending.clear()
    table.sync_from_observation()
    table.finish_match()
    assert isinstance(app.top, Results)


def yield_frame(walk: Walk) -> None:
    """One frame of the app."""
    walk.app.step(DT)


_scratch: dict[str, pygame.Surface] = {}  # canvases reused by every scratch frame (making them is slow)


def _scratch_canvas(name: str, like: pygame.Surface) -> pygame.Surface:
    """A kept canvas the size and format of ``like`` (its old pixels are painted over whole)."""
    canvas = _scratch.get(name)
    if canvas is None or canvas.get_size() != like.get_size() or canvas.get_bitsize() != like.get_bitsize():
        canvas = _scratch[name] = crisp.canvas(like.get_size(), 0, like)
    return canvas


@contextmanager
def pictures_set_aside(app: App) -> Iterator[None]:
    """Every table in the stack paints as if for the first time (its still layer painted whole
    again on a scratch canvas, no veiled table, no areas to restore), then gets its pictures back."""
    tables = [scene for scene in app.scenes if isinstance(scene, TableScene)]
    kept = [{name: getattr(table, name) for name in KEPT_PICTURES} for table in tables]
    for index, table in enumerate(tables):
        table._still, table._still_key, table._still_shown = _scratch_canvas(f"still{index}", app.screen), (), {}
        table._veiled, table._veiled_key = None, None
        table._painted, table._last_frame = [], (0, True)
    try:
        yield
    finally:
        for table, pictures in zip(tables, kept):
            for name, value in pictures.items():
                setattr(table, name, value)


def scratch_frame(app: App) -> pygame.Surface:
    """The frame the scenes drawn now paint from nothing (no kept picture, a canvas painted over)."""
    surface = _scratch_canvas("frame", app.screen)
    surface.fill((255, 0, 255))  # a colour no scene paints: whatever a scene forgets shows
    with pictures_set_aside(app):
        app.paint_fresh(surface)
    return surface


def difference(shown: pygame.Surface, fresh: pygame.Surface) -> tuple[int, pygame.Rect] | None:
    """How many pixels differ and the box around them; None when the two are equal."""
    if shown.get_size() == fresh.get_size() and zlib.crc32(shown.get_buffer()) == zlib.crc32(fresh.get_buffer()):
        return None
    compared = pygame.PixelArray(shown).compare(pygame.PixelArray(fresh), distance=0.0)
    picture = compared.make_surface()
    compared.close()
    same = pygame.mask.from_threshold(picture, (255, 255, 255), (1, 1, 1, 255))
    same.invert()
    boxes = same.get_bounding_rects()
    box = boxes[0].unionall(boxes[1:]) if boxes else pygame.Rect(0, 0, 0, 0)
    return same.count(), box


def check_frame(walk: Walk) -> Difference | None:
    """The composed frame against the scratch frame for the walk's state now."""
    found = difference(walk.app.screen, scratch_frame(walk.app))
    return None if found is None else Difference(list(walk.steps), *found)


def walk_and_check(app: App, game_id: str, seed: int, steps: list[tuple[str, int]]) -> Difference | None:
    """Take ``steps`` at a new table of ``game_id``, checking every frame; the first difference."""
    walk = new_walk(app, game_id, seed)
    checked = _checking(walk)
    try:
        for step, choice in steps:
            take(walk, step, choice)
            if checked.found is not None:
                return checked.found
        return None
    finally:
        checked.stop()


class _checking:
    """Checks the frame after every ``app.step`` of a walk (only frames the app drew in a lazy
    app, and the frames it skipped while every scene said it stood still)."""

    def __init__(self, walk: Walk) -> None:
        self.walk = walk
        self.found: Difference | None = None
        self.original = walk.app.step
        walk.app.step = self.step  # type: ignore[method-assign]

    def step(self, dt: float, feed: object = ()) -> None:
        app = self.walk.app
        drawn = app.frames_drawn
        self.original(dt, feed)  # type: ignore[arg-type]
        skipped = app.frames_drawn == drawn
        if self.found is None and self.walk.checked and (not skipped or app.frame_rate() == 0):
            self.found = check_frame(self.walk)

    def stop(self) -> None:
        self.walk.app.step = self.original  # type: ignore[method-assign]
