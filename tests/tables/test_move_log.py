"""What just happened, on the table: the move log (L or its button) lists the match in words with
each seat's mark, and another seat's move stays outlined for a beat once the pieces rest."""

from __future__ import annotations

import random

import pygame
import pytest

from game.core.match import Match, Seat
from game.core.settings import Settings
from game.rules import neko
from scenes.engine import input as intents
from scenes.engine.app import App
from scenes.engine.input import Intent
from scenes.neko import make_table
from scenes.table.base import TableScene
from scenes.table.marks import MARK_SECONDS
from scenes.table.move_log import DRAWER, MoveLog
from scenes.table.saver import NullSaver

DT = 1 / 60


def settle(app: App, frames: int = 20, feed: list[Intent] | None = None) -> None:
    """Some frames (the first one fed ``feed``)."""
    app.step(DT, feed=feed or [])
    for _ in range(frames):
        app.step(DT)


def played(moves: int, seats: list[Seat] | None = None, seed: int = 4) -> Match:
    """A neko match ``moves`` random legal actions in."""
    match = Match("neko", seats or [Seat("human"), Seat("ai", "easy"), Seat("ai", "easy")], seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        seat = match.to_move()[0]
        match.apply(seat, rng.choice(match.legal_actions(seat)))
    return match


def open_log(app: App, moves: int) -> tuple[TableScene, MoveLog]:
    """A neko table ``moves`` moves in (no AI), with its log opened by the L key."""
    table = make_table(app, played(moves), ai_enabled=False)
    app.push(table)
    settle(app)
    settle(app, feed=[Intent(intents.KEY, key="l")])
    log = app.top
    assert isinstance(log, MoveLog)
    return table, log


@pytest.mark.slow
def test_l_opens_the_log_and_l_or_esc_closes_it(app: App) -> None:
    table, log = open_log(app, 12)
    assert len(log.lines) >= 12, "every move so far is listed (plus the round's heading)"
    settle(app, feed=[Intent(intents.KEY, key="l")])
    assert app.top is table
    settle(app, feed=[Intent(intents.KEY, key="l")])
    settle(app, feed=[Intent(intents.BACK)])
    assert app.top is table, "Esc closes the log; it does not reach the table's pause menu"


def test_the_log_button_opens_it_and_a_tap_outside_closes_it(app: App) -> None:
    table = make_table(app, played(3), ai_enabled=False)
    app.push(table)
    settle(app)
    centre = table.log_button.rect.center
    settle(app, feed=[Intent(intents.PRESS, pos=centre), Intent(intents.RELEASE, pos=centre)])
    assert isinstance(app.top, MoveLog)
    settle(app, feed=[Intent(intents.PRESS, pos=(200, 540))])
    assert app.top is table


@pytest.mark.slow
def test_the_log_shows_the_newest_lines_and_scrolls_back(app: App) -> None:
    _, log = open_log(app, 40)
    before = app.screen.subsurface(DRAWER).copy()
    settle(app, feed=[Intent(intents.WHEEL, dy=1)])
    assert log.scroll > 0
    after = app.screen.subsurface(DRAWER)
    assert pygame.image.tobytes(before, "RGB") != pygame.image.tobytes(after, "RGB"), "older lines came into view"
    for _ in range(400):
        log.scroll_by(1)
    assert log.scroll == len(log.lines) - 1, "scrolling stops at the first line"
    settle(app, feed=[Intent(intents.NAV, dx=0, dy=1)] * 1000)
    assert log.scroll == 0, "and at the newest"


def test_the_log_follows_the_language(app: App) -> None:
    _, log = open_log(app, 6)
    english = log.wrapped(log.lines[-1])
    app.set_language("ja")
    assert log.wrapped(log.lines[-1]) != english


@pytest.fixture
def normal_app(tmp_path, monkeypatch) -> App:
    """Animations at normal speed: marks wait for the pieces to rest."""
    monkeypatch.setenv("KOTATSU_HOME", str(tmp_path))
    application = App(Settings(language="en", anim_speed="normal", sound=False), headless=True)
    yield application
    application.close()


def test_an_ai_move_stays_marked_until_the_person_acts(normal_app: App) -> None:
    match = played(3, [Seat("human"), Seat("ai", "easy")], seed=2)
    table = make_table(normal_app, match, viewer=0)
    table.saver = NullSaver()
    normal_app.push(table)
    marked_at = None
    for frame in range(60 * 30):
        normal_app.step(DT)
        if not (table.idle() and table.viewer_may_act()):
            continue
        if table.move_marks.visible(table.at_rest()):
            marked_at = frame  # the AI has moved, its move is marked, and now it is the person's turn
            break
        table.attempt(random.Random(frame).choice(match.legal_actions(0)))
    assert marked_at is not None, "the AI's card was marked once it landed"
    [mark] = table.move_marks.marks
    assert mark.seat == 1, "only the other seat's move is marked, never the viewer's own"
    played_card = [event for event in match.events if isinstance(event, neko.CardPlayed)][-1]
    assert played_card.seat == 1
    assert mark.rect.center == tuple(round(v) for v in table.stacks[played_card.position].centre)
    for _ in range(round(MARK_SECONDS / DT) + 30):  # the person does not move: the table rests
        normal_app.step(DT)
    assert table.move_marks.visible(table.at_rest()) == [mark], "the mark waits for the person to look"
    assert table.attempt(random.Random(0).choice(match.legal_actions(0)))
    assert table.move_marks.marks == [], "the person acted: the mark has been seen"
