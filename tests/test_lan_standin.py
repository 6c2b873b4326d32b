"""Every screen of a remote table says when the AI plays for a person who is away: the seat's
plate shows it and the status line names the person and the AI's level, in ja and en. The host
frees an away seat from its table's pause menu."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
import test_lan_scenes
from test_lan_scenes import click, host_neko, settle

from game.core.match import Seat
from game.i18n import language, set_language
from game.net.client import RemoteMatch
from game.net.protocol import SeatInfo
from scenes.engine.app import App
from scenes.lan.connect import Hosting
from scenes.lan.plate import seat_states
from scenes.menus.pause import PauseMenu
from scenes.table.remote import RemoteSeat

app = test_lan_scenes.app  # the fixture: a headless app whose hosted server stops after the test


def _remote(standin: str) -> SimpleNamespace:
    seats = (SeatInfo("Aki", "human", "", True, True), SeatInfo("Bo", "human", "", True, False, standin))
    view = SimpleNamespace(seats=seats, to_move=(1,))
    return SimpleNamespace(remote=True, status="connected", seat=0, view=view,
                           seats=[Seat("human", name="Aki"), Seat("human", name="Bo")])


def test_the_plate_shows_the_ai_standing_in_and_then_the_person_away() -> None:
    assert seat_states(_remote("normal")) == ["you", "standin"]
    assert seat_states(_remote("")) == ["you", "away"]


@pytest.mark.parametrize(("lang", "words"), [("en", ("Bo", "Normal")), ("ja", ("Bo", "ふつう"))])
def test_the_status_line_names_who_the_ai_plays_for(lang: str, words: tuple[str, str]) -> None:
    before = language()
    set_language(lang)
    try:
        table = SimpleNamespace(match=_remote("normal"), finished=False, standin_status=None)
        table.standin_status = lambda: RemoteSeat.standin_status(table)
        text = RemoteSeat.remote_status(table)
        assert all(word in text for word in words)
        table.match = _remote("")
        assert RemoteSeat.remote_status(table) == ""
    finally:
        set_language(before)


def test_the_host_frees_an_away_seat_from_the_pause_menu(app: App) -> None:
    table = host_neko(app)
    host_match = table.match
    guest = RemoteMatch.connect(Hosting.local_address(), host_match.join_code, 1, "Bo")
    settle(app, lambda: seat_states(host_match)[1] == "here")
    guest.close()  # Bo walks away
    settle(app, lambda: seat_states(host_match)[1] == "away")
    assert PauseMenu(app, table).menu_buttons[-2].label() == "Free the seats of people away"
    menu = PauseMenu(app, table)
    app.push(menu)
    click(app, menu.menu_buttons[-2])
    settle(app, lambda: seat_states(host_match)[1] == "free")
    assert seat_states(host_match) == ["you", "free"]
    assert 1 not in Hosting.ensure().server.tables[host_match.join_code].tokens
    assert len(PauseMenu(app, table).menu_buttons) == len(menu.menu_buttons) - 1  # nobody away now
