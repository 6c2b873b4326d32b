"""The table's pause menu (the Menu button, or Esc with nothing to take back): resume, rules,
settings, and a Leave that asks first; and a hot-seat match resumed from the title opens behind
the curtain."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.core.autosave import load_autosave
from game.core.match import Match, Seat
from game.core.settings import Settings
from scenes.engine import input as intents
from scenes.engine.app import App
from scenes.engine.input import Intent
from scenes.menus.help import Help
from scenes.menus.pause import PauseMenu
from scenes.menus.settings import SettingsScene
from scenes.menus.title import Title
from scenes.neko import make_table
from scenes.table.curtain import Curtain

DT = 1 / 60


@pytest.fixture
def titled_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    """A headless app with the title at the bottom, its files in a throwaway folder."""
    monkeypatch.setenv("KOTATSU_HOME", str(tmp_path))
    application = App(Settings(language="en", anim_speed="instant", sound=False), headless=True)
    application.push(Title(application))
    yield application
    application.close()


def played(seats: list[Seat], moves: int, seed: int = 4) -> Match:
    """A neko match ``moves`` random legal actions in."""
    match = Match("neko", seats, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        seat = match.to_move()[0]
        match.apply(seat, rng.choice(match.legal_actions(seat)))
    return match


def settle(app: App, frames: int = 30, feed: list[Intent] | None = None) -> None:
    """Some frames (the first one fed ``feed``)."""
    app.step(DT, feed=feed or [])
    for _ in range(frames):
        app.step(DT)


@pytest.mark.slow
def test_esc_with_nothing_to_take_back_pauses_instead_of_leaving_and_esc_resumes(titled_app: App) -> None:
    table = make_table(titled_app, Match("neko", [Seat("human"), Seat("ai", "easy")], seed=3), ai_enabled=False)
    titled_app.push(table)
    settle(titled_app)
    assert not table.can_undo()
    settle(titled_app, feed=[Intent(intents.BACK)])
    assert isinstance(titled_app.top, PauseMenu)
    settle(titled_app, feed=[Intent(intents.BACK)])
    assert titled_app.top is table


@pytest.mark.slow
def test_leaving_asks_first_then_goes_to_the_title_with_the_match_saved(titled_app: App) -> None:
    match = played([Seat("human"), Seat("ai", "easy")], moves=3)
    table = make_table(titled_app, match, ai_enabled=False)
    titled_app.push(table)
    settle(titled_app)
    table.menu_button.on_click()
    menu = titled_app.top
    assert isinstance(menu, PauseMenu)
    menu.menu_buttons[-1].on_click()  # Leave the match
    assert menu.confirming and titled_app.top is menu  # asked, not gone
    settle(titled_app, feed=[Intent(intents.BACK)])  # Esc: not leaving after all
    assert not menu.confirming and titled_app.top is menu
    menu.menu_buttons[-1].on_click()
    menu.confirm_buttons[1].on_click()  # Leave
    settle(titled_app)
    assert isinstance(titled_app.top, Title) and len(titled_app.scenes) == 1
    saved, warning = load_autosave()
    assert warning is None and saved is not None and saved.log == match.log


def test_the_menu_opens_the_rules_and_the_settings_over_the_table(titled_app: App) -> None:
    table = make_table(titled_app, Match("neko", [Seat("human"), Seat("ai", "easy")], seed=3), ai_enabled=False)
    titled_app.push(table)
    table.open_pause()
    menu = titled_app.top
    assert isinstance(menu, PauseMenu)
    assert [button.text for button in menu.menu_buttons] == ["Back to the game", "Rules", "Settings",
                                                             "Leave the match"]
    menu.menu_buttons[1].on_click()
    assert isinstance(titled_app.top, Help)
    titled_app.pop()
    menu.menu_buttons[2].on_click()
    assert isinstance(titled_app.top, SettingsScene)


def test_without_settings_on_offer_the_menu_has_none(titled_app: App) -> None:
    titled_app.locked = True  # as in the kiosk
    table = make_table(titled_app, Match("neko", [Seat("human"), Seat("ai", "easy")], seed=3), ai_enabled=False)
    titled_app.push(table)
    table.open_pause()
    assert "Settings" not in [button.text for button in titled_app.top.menu_buttons]


def test_a_resumed_hot_seat_match_opens_behind_the_curtain_of_the_person_to_play(titled_app: App) -> None:
    match = played([Seat("human"), Seat("human"), Seat("ai", "easy")], moves=5)
    while not match.seats[match.to_move()[0]].is_human:  # stop where a person is to play
        match.apply(match.to_move()[0], match.legal_actions(match.to_move()[0])[0])
    to_play = match.to_move()[0]
    table = make_table(titled_app, match, ai_enabled=False)
    titled_app.push(table)
    assert isinstance(titled_app.top, Curtain) and table.hand_hidden
    titled_app.top.lift()
    settle(titled_app)
    assert titled_app.top is table and not table.hand_hidden and table.viewer == to_play


def test_a_new_hot_seat_match_and_a_resumed_solo_match_open_without_a_curtain(titled_app: App) -> None:
    fresh = make_table(titled_app, Match("neko", [Seat("human"), Seat("human")], seed=2), ai_enabled=False)
    titled_app.push(fresh)
    assert titled_app.top is fresh
    titled_app.pop()
    solo = make_table(titled_app, played([Seat("human"), Seat("ai", "easy")], moves=5), ai_enabled=False)
    titled_app.push(solo)
    assert titled_app.top is solo
