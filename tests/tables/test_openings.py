"""The opening is part of the rules contract: ``Rules.opening_events`` says what a fresh game's
setup amounts to, and a table that plays those events on its empty felt ends up showing exactly
the table it reads from the observation."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator

import pygame
import pytest

from game.core.events import Event
from game.core.match import Match, Seat
from game.core.registry import GAME_IDS, get_rules
from game.core.settings import Settings
from scenes.engine.app import App
from scenes.table.launch import make_scene
from scenes.table.saver import NullSaver

TABLES = [(game_id, players) for game_id in GAME_IDS
          for players in range(get_rules(game_id).min_players, get_rules(game_id).max_players + 1)]
DT = 1 / 60
SETTLE = 2000  # frames an instant opening may take at most (it takes one or two)


def fingerprint(surface: pygame.Surface) -> str:
    """SHA-256 of the frame's RGB bytes."""
    return hashlib.sha256(pygame.image.tobytes(surface, "RGB")).hexdigest()


@pytest.fixture
def instant_app(tmp_path: object, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    """A headless app at instant speed, its files in a throwaway folder."""
    monkeypatch.setenv("KOTATSU_HOME", str(tmp_path))
    application = App(Settings(language="en", anim_speed="instant", sound=False), headless=True)
    yield application
    application.close()


@pytest.mark.parametrize(("game_id", "players"), TABLES)
def test_every_seat_and_a_spectator_are_told_the_same_opening(game_id: str, players: int) -> None:
    rules = get_rules(game_id)
    for seed in range(3):
        state = rules.new_game(players, seed)
        seen = [rules.opening_events(rules.observe(state, seat)) for seat in range(-1, players)]
        assert seen[0] and all(isinstance(event, Event) for event in seen[0])
        assert all(events == seen[0] for events in seen), (game_id, players, seed)  # public facts only


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "players"), TABLES)
def test_replaying_the_opening_shows_the_table_read_from_the_observation(
        instant_app: App, game_id: str, players: int) -> None:
    match = Match(game_id, [Seat("human")] + [Seat("ai", "normal")] * (players - 1), seed=players * 7 + 1)
    scene = make_scene(instant_app, match, viewer=0)
    scene.saver = NullSaver()
    assert list(scene.pending) == match.rules.opening_events(match.observe(0))  # the table plays the rules'
    instant_app.push(scene)
    for _ in range(SETTLE):
        if scene.at_rest():
            break
        instant_app.step(DT)
    for _ in range(30):  # glows and hints settle
        instant_app.step(DT)
    assert scene.at_rest() and not scene.needs_sync()
    replayed = fingerprint(instant_app.screen)
    scene.sync_from_observation()
    for _ in range(30):
        instant_app.step(DT)
    assert fingerprint(instant_app.screen) == replayed
