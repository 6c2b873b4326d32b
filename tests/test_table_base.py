"""The shared table machinery (``scenes.table.base.TableScene``) on its own: a tiny table over
neko's rules that draws nothing of its own and records what the base asks of it.

Every event type gets a handler that records the event and starts a fixed-length animation, so
these tests see the base's order and pacing of events, its AI pause, undo, curtain, results and
autosave without any of neko's pieces."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import pairwise
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.core.autosave import autosave_path, load_autosave
from game.core.events import Event
from game.core.match import Match, Seat
from game.core.settings import Settings
from game.i18n import t
from game.rules.neko import (
    PASS,
    CardPlayed,
    CatMoved,
    Dealt,
    GameEnded,
    MustPlay,
    NekoAction,
    Passed,
    RoundEnded,
    RoundStarted,
    StackBuilt,
)
from scenes.engine import anim
from scenes.engine.app import App
from scenes.engine.input import ACTIVATE, Intent
from scenes.menus.results import Results
from scenes.table.ai_seats import AI_MIN_THINK
from scenes.table.base import TableScene
from scenes.table.curtain import Curtain
from scenes.table.still import StillPart

STEP = 0.05  # seconds per frame in these tests
ANIMATION = 0.5  # every recorded event animates this long (at normal speed)


class RecordingTable(TableScene):
    """A table whose pieces are a log of what the base asked for."""

    def __init__(self, app: App, match: Match, **options: Any) -> None:
        self.clock = 0.0  # scaled seconds of play, advanced before the base's update
        self.played: list[tuple[float, Event, int]] = []  # (clock, event, events still queued)
        self.builds: list[int] = []  # the viewer each build_pieces was for
        self.syncs = 0
        self.refusals: list[str] = []
        self.applied = 0
        super().__init__(app, match, **options)

    def build_pieces(self) -> None:
        """Remember for whom the pieces were built."""
        self.builds.append(self.viewer)

    def sync_from_observation(self) -> None:
        """Count the re-reads."""
        self.syncs += 1

    def event_handlers(self) -> dict[type, Callable[[Any], None]]:
        """Every neko event is recorded; the final one also ends the match."""
        handlers: dict[type, Callable[[Any], None]] = {
            kind: self.record
            for kind in (RoundStarted, Dealt, StackBuilt, CardPlayed, Passed, MustPlay, CatMoved, RoundEnded)
        }
        handlers[GameEnded] = self.record_and_finish
        return handlers

    def record(self, event: Event) -> None:
        """Note the event and animate for ``ANIMATION`` seconds."""
        self.played.append((self.clock, event, len(self.pending)))
        self.animator.add(anim.Wait(ANIMATION))

    def record_and_finish(self, event: Event) -> None:
        """Note the last event and show the results."""
        self.played.append((self.clock, event, len(self.pending)))
        self.finish_match(event)

    def still_parts(self) -> dict[str, StillPart]:
        """One part: a dot whose colour follows the log length."""
        shade = 40 + 5 * (len(self.match.log) % 40)
        region = pygame.Rect(900, 400, 40, 40)
        return {"dot": StillPart(shade, region, lambda surface: pygame.draw.rect(surface, (shade, 0, 0), region))}

    def draw_moving(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """Nothing moves."""
        return []

    def on_refused(self, reason: str) -> None:
        """Remember the reason the base passed on."""
        self.refusals.append(reason)

    def on_applied(self, events: list[Event]) -> None:
        """Count applied actions."""
        self.applied += 1

    def update(self, dt: float) -> None:
        """Keep a clock of scaled time, then let the base run the frame."""
        self.clock += dt * self.speed()
        super().update(dt)


@pytest.fixture
def make_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterable[Callable[[str], App]]:
    """Headless apps at a chosen animation speed, their files in a throwaway folder."""
    monkeypatch.setenv("KOTATSU_HOME", str(tmp_path))
    apps: list[App] = []

    def make(speed: str) -> App:
        application = App(Settings(language="en", anim_speed=speed, sound=False), headless=True)
        apps.append(application)
        return application

    yield make
    for application in apps:
        application.close()


def open_table(app: App, seats: list[Seat], seed: int) -> RecordingTable:
    """A new match on the recording table, pushed (its AI, if any, answers inline)."""
    scene = RecordingTable(app, Match("neko", seats, seed))
    app.push(scene)
    return scene


def step_until(app: App, done: Callable[[], bool], limit: int = 20000) -> None:
    """Step frames until ``done()``; fail after ``limit`` frames."""
    for _ in range(limit):
        if done():
            return
        app.step(STEP)
    raise AssertionError("the table never got there")


def persons_turn(scene: RecordingTable) -> Callable[[], bool]:
    """A condition: the person at the bottom may act and nothing is moving."""
    return lambda: scene.viewer_may_act() and scene.idle()


def test_an_ai_answer_is_applied_only_after_the_minimum_pause(make_app: Callable[[str], App]) -> None:
    """The inline AI answers at once, but its action reaches the match only after AI_MIN_THINK
    seconds at normal speed; its events are then dispatched."""
    app = make_app("normal")
    scene = open_table(app, [Seat("ai", "easy"), Seat("ai", "easy")], seed=3)
    assert scene.idle() and not scene.pending
    frames_before = int(AI_MIN_THINK / STEP) - 2
    for _ in range(frames_before):
        app.step(STEP)
    assert scene.ai_ticket is not None and scene.ai_answer is not None  # asked and answered...
    assert scene.match.log == []  # ...but not applied yet
    for _ in range(5):
        app.step(STEP)
    assert len(scene.match.log) == 1
    assert scene.applied == 1
    app.step(STEP)
    assert [event for _, event, _ in scene.played] == scene.match.events[:1]


def test_events_are_dispatched_in_order_each_after_the_previous_animation(make_app: Callable[[str], App]) -> None:
    """Two AIs play on: every event of the match reaches its handler once, in the match's order, and
    a handler starts only after the previous one's animation has run its length."""
    app = make_app("normal")
    scene = open_table(app, [Seat("ai", "easy"), Seat("ai", "normal")], seed=8)
    step_until(app, lambda: len(scene.played) >= 40)
    while scene.pending or scene.animator.busy:
        app.step(STEP)
    played = [event for _, event, _ in scene.played]
    assert played == scene.match.events[:len(played)]
    starts = [clock for clock, _, _ in scene.played]
    gaps = [later - earlier for earlier, later in pairwise(starts)]
    assert min(gaps) >= ANIMATION - 1e-9
    assert any(queued > 0 for _, _, queued in scene.played)  # later events did wait in the queue


def test_undo_cancels_the_pending_ai_answer(make_app: Callable[[str], App]) -> None:
    """The person passes; during the AI's pause Undo restores the position and drops the AI's
    request, and the AI does not play while it is the person's turn again."""
    app = make_app("normal")
    scene = open_table(app, [Seat("human"), Seat("ai", "easy")], seed=4)
    for _ in range(40):  # lay the base card, then play until a pass is possible
        step_until(app, persons_turn(scene))
        legal = scene.match.legal_actions(0)
        if PASS in legal:
            break
        assert scene.attempt(legal[0])
    before = (scene.match.rules.notation(scene.match.state), len(scene.match.log))
    assert scene.attempt(PASS)
    step_until(app, lambda: scene.ai_ticket is not None)
    assert len(scene.match.log) == before[1] + 1 and scene.can_undo()
    scene.press_undo()
    assert scene.ai_ticket is None and scene.ai_answer is None
    assert (scene.match.rules.notation(scene.match.state), len(scene.match.log)) == before
    assert scene.observation() == scene.match.observe(0)  # the scene reads the restored state
    for _ in range(int(3 * AI_MIN_THINK / STEP)):
        app.step(STEP)
    assert len(scene.match.log) == before[1]
    assert scene.viewer_may_act()


def test_a_refused_action_shows_the_rules_reason_and_changes_nothing(make_app: Callable[[str], App]) -> None:
    """An illegal action is refused with the rules' own explanation, through the ``on_refused`` hook."""
    app = make_app("instant")
    scene = open_table(app, [Seat("human"), Seat("ai", "easy")], seed=5)
    step_until(app, persons_turn(scene))
    wrong = NekoAction("play", 99, 0)
    key, _, params = scene.match.rules.explain_illegal(scene.match.state, 0, wrong)
    log_length = len(scene.match.log)
    assert not scene.attempt(wrong)
    assert len(scene.match.log) == log_length
    assert scene.rejections == 1 and scene.refusals == [t(key, **params)]
    assert scene.toast.visible and scene.toast.message == t(key, **params)


def test_a_curtain_goes_up_between_two_people_and_switches_the_viewer(make_app: Callable[[str], App]) -> None:
    """After one person's action the table hides under a curtain before the other's turn; lifting
    it rebuilds the pieces for the new viewer."""
    app = make_app("instant")
    scene = open_table(app, [Seat("human"), Seat("human")], seed=21)
    first = scene.viewer
    assert scene.builds == [first]
    step_until(app, persons_turn(scene))
    assert scene.attempt(scene.match.legal_actions(first)[0])
    mover = scene.match.to_move()[0]
    assert mover != first
    step_until(app, lambda: isinstance(app.top, Curtain))
    assert scene.curtain_up and scene.hand_hidden and not scene.idle()
    assert scene.viewer == first
    app.step(STEP, feed=[Intent(ACTIVATE)])
    assert app.top is scene
    assert scene.viewer == mover and not scene.curtain_up and not scene.hand_hidden
    assert scene.builds == [first, mover]
    step_until(app, persons_turn(scene))
    assert scene.observation() == scene.match.observe(mover)


def test_the_results_appear_at_the_end_and_the_autosave_is_cleared(make_app: Callable[[str], App]) -> None:
    """An all-AI match runs to its final event, whose handler ends it: the results are shown and
    the autosave is gone."""
    app = make_app("instant")
    scene = open_table(app, [Seat("ai", "easy"), Seat("ai", "easy"), Seat("ai", "easy")], seed=6)
    step_until(app, lambda: isinstance(app.top, Results))
    assert scene.match.is_over() and scene.finished
    assert isinstance(app.top, Results) and app.top.match is scene.match
    assert isinstance(scene.played[-1][1], GameEnded)
    assert [event for _, event, _ in scene.played] == scene.match.events
    assert not autosave_path().exists()


@pytest.mark.parametrize("speed", ["instant", "normal"])
def test_each_action_is_autosaved(make_app: Callable[[str], App], speed: str) -> None:
    """After a person's action the autosave on disk resumes the same match (written inline when
    instant, by the background thread at normal speed)."""
    app = make_app(speed)
    scene = open_table(app, [Seat("human"), Seat("ai", "easy")], seed=7)
    assert scene.saver.background == (speed != "instant")
    step_until(app, persons_turn(scene))
    assert scene.attempt(scene.match.legal_actions(0)[0])
    scene.saver.wait()
    resumed, warning = load_autosave()
    assert warning is None and resumed is not None
    assert [entry.action for entry in resumed.log] == [entry.action for entry in scene.match.log]
    assert resumed.rules.notation(resumed.state) == scene.match.rules.notation(scene.match.state)
