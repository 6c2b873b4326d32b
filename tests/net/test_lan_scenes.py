"""The LAN screens: the title's Host and Join, the Join list, the seat picker, hosting a table
through the setup, and two clients of one real in-process host seeing the same table."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from game.core.settings import Settings
from game.i18n import t
from game.net import hosted
from game.net.client import RemoteMatch
from game.net.connection import JoinError
from scenes.engine.app import App
from scenes.engine.input import ACTIVATE, BACK, NAV, PRESS, RELEASE, Intent
from scenes.kiosk.screens import KioskTitle
from scenes.lan import connect as lan
from scenes.lan import join as lan_join
from scenes.lan.connect import Hosting, HostScene, HostSetup
from scenes.lan.join import Finder, JoinScene, SeatPicker, split_typed
from scenes.lan.plate import JoinPlate, seat_states
from scenes.menus.title import Title

DT = 1 / 60


def seat(name: str, kind: str = "human", taken: bool = False, level: str = "") -> dict[str, Any]:
    """A seat as a host lists it."""
    return {"name": name, "kind": kind, "level": level, "taken": taken, "connected": taken}


NEKO = {"code": "KTMX", "game": "neko", "players": 3, "options": {}, "over": False, "pos": 2,
        "seats": [seat("Aiko", taken=True), seat(""), seat("", "ai", True, "hard")]}
DONE = {**NEKO, "code": "PQRT", "over": True}


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    """A headless English app with its data in a throwaway folder; any server it hosts stops after."""
    monkeypatch.setenv("KOTATSU_HOME", str(tmp_path))
    monkeypatch.setattr(Hosting, "port", 0)
    application = App(Settings(language="en", anim_speed="instant", sound=False), headless=True)
    application.reset_to(Title(application))
    yield application
    application.close()
    Hosting.stop()


def settle(app: App, until: Callable[[], bool] = lambda: True, seconds: float = 8.0) -> None:
    """Frames until ``until`` holds (at most ``seconds`` of wall time), at least three."""
    end = time.monotonic() + seconds
    for _ in range(3):
        app.step(DT)
    while not until() and time.monotonic() < end:
        app.step(DT)
        time.sleep(0.01)


def click(app: App, widget: Any) -> None:
    """A tap on ``widget``."""
    app.step(DT, [Intent(PRESS, pos=widget.rect.center), Intent(RELEASE, pos=widget.rect.center)])


def stand_in_hosts(monkeypatch: pytest.MonkeyPatch, hosts: dict[str, tuple[str, list[dict[str, Any]]]]) -> None:
    """``lan.fetch`` answers from ``hosts``; any other address cannot be reached."""
    def fetch(address: str, timeout: float = 3.0, code: str | None = None) -> tuple[str, list[dict[str, Any]]]:
        if address not in hosts:
            raise JoinError("net.reason.no_host", f"nothing answers at {address}")
        return hosts[address]

    monkeypatch.setattr(lan, "fetch", fetch)


# ----- the title ------------------------------------------------------------------------------------------
def test_the_title_opens_host_and_join_by_pointer_and_keys(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    stand_in_hosts(monkeypatch, {})
    monkeypatch.setattr(lan, "browser", lambda: None)
    title = app.top
    assert isinstance(title, Title)
    click(app, title.host_button)
    assert isinstance(app.top, HostScene)
    app.step(DT, [Intent(ACTIVATE)])  # the first game is focused (nothing to resume)
    assert isinstance(app.top, HostSetup) and app.top.game_id == "neko"
    app.step(DT, [Intent(BACK, key="escape")])  # back to the host screen, which resumes
    assert isinstance(app.top, HostScene)
    app.reset_to(Title(app))
    title = app.top
    title.group.focus_on(title.host_button)
    app.step(DT, [Intent(NAV, dx=1, dy=0), Intent(ACTIVATE)])
    assert isinstance(app.top, JoinScene)


def test_the_lan_buttons_clear_the_name_and_the_kiosk_has_none(app: App) -> None:
    title = app.top
    assert title.host_button.rect.right < title.join_button.rect.left
    assert title.host_button.rect.bottom < title.cards[0].rect.top
    app.locked = True
    kiosk = KioskTitle(app, ("neko",), ("easy",))
    assert kiosk.host_button not in kiosk.group.widgets and kiosk.join_button not in kiosk.group.widgets


# ----- the join list and the seat picker ----------------------------------------------------------------------
def test_split_typed_takes_a_code_after_the_address() -> None:
    assert split_typed("192.168.1.20:47474 ktmx") == ("192.168.1.20:47474", "KTMX")
    assert split_typed("192.168.1.20") == ("192.168.1.20", None)
    assert split_typed("den.local BOOK") == ("den.local BOOK", None)  # B and O are never in a code


def test_the_join_list_shows_unfinished_tables_and_keeps_looking(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    stand_in_hosts(monkeypatch, {"10.0.0.5:47474": ("den", [NEKO, DONE])})
    finder = Finder(discover=False)
    scene = JoinScene(app, finder)
    app.push(scene)
    settle(app)
    assert scene.rows == []  # nothing found, nothing typed
    finder.add_address("10.0.0.5:47474")
    settle(app, lambda: bool(scene.rows))
    assert [row.table.code for row in scene.rows] == ["KTMX"]  # the finished table is left out
    assert scene.rows[0].table.free_seats() == [1]
    click(app, scene.rows[0])
    picker = app.top
    assert isinstance(picker, SeatPicker)
    assert len(picker.seat_buttons) == 1  # only the free person's seat


def test_a_typed_address_and_code_open_the_seats_and_a_wrong_one_says_so(app: App,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    stand_in_hosts(monkeypatch, {"10.0.0.5:47474": ("den", [NEKO])})
    scene = JoinScene(app, Finder(discover=False))
    app.push(scene)
    scene.set_typed("10.0.0.5:47474 KTMX")
    settle(app, lambda: isinstance(app.top, SeatPicker))
    assert isinstance(app.top, SeatPicker) and app.top.table.code == "KTMX"
    app.pop()
    scene.set_typed("10.0.0.9")
    settle(app, lambda: bool(scene.finder.errors()))
    assert [address for address, _ in scene.finder.errors()] == ["10.0.0.9"]
    assert "10.0.0.9" in lan.error_text(scene.finder.errors()[0][1], "10.0.0.9")


def test_a_seat_taken_meanwhile_is_explained(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    stand_in_hosts(monkeypatch, {"10.0.0.5:47474": ("den", [NEKO])})

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise JoinError("net.reason.seat_taken", "seat 1 is taken")

    monkeypatch.setattr(lan, "connect", refuse)
    picker = SeatPicker(app, lan_join.FoundTable("10.0.0.5:47474", "den", NEKO))
    app.push(picker)
    click(app, picker.seat_buttons[0])
    settle(app, lambda: picker.joining is None and picker.toast.visible)
    assert picker.toast.message == t("lan.error.seat_taken")
    assert app.top is picker


def test_a_host_of_another_version_is_named_not_joined() -> None:
    error = lan_join.VersionDiffers("9")
    assert "9" in lan.error_text(error, "10.0.0.5")
    assert lan.error_text(JoinError("net.reason.version", "v9"), "x") == t("lan.error.version", detail="v9")


# ----- hosted tables ------------------------------------------------------------------------------------------
def test_the_hosted_record_survives_and_forgets_finished_tables(tmp_path: Path) -> None:
    first = hosted.HostedTable("KTMX", "neko", 3, 0, hosted.new_token())
    second = hosted.HostedTable("RWPE", "noaron", 2, 1, hosted.new_token())
    hosted.remember(first, tmp_path)
    hosted.remember(second, tmp_path)
    assert hosted.read_hosted(tmp_path) == [second, first]
    assert hosted.keep_only({"KTMX"}, tmp_path) == [first]
    (tmp_path / hosted.RECORD).write_text("{not json", encoding="utf-8")
    assert hosted.read_hosted(tmp_path) == []


def host_neko(app: App, players: int = 2) -> Any:
    """Host a neko table of ``players`` people from the host setup; the host's table scene."""
    setup = HostSetup(app, "neko")
    app.push(setup)
    setup.set_players(players)
    setup.start()
    scene = app.top
    assert getattr(scene, "match", None) is not None and isinstance(scene.match, RemoteMatch), setup.toast.message
    return scene


def test_two_clients_of_one_hosted_table_see_the_same_stacks(app: App) -> None:
    table = host_neko(app)
    host_match = table.match
    assert host_match.seat == 0 and host_match.join_code == hosted.read_hosted()[0].code
    guest = RemoteMatch.connect(Hosting.local_address(), host_match.join_code, 1, "Bo")
    try:
        second = lan.tables.make_table_scene(app, guest)
        settle(app, lambda: seat_states(host_match)[1] == "here")
        assert seat_states(host_match) == ["you", "here"]
        end = time.monotonic() + 10
        while time.monotonic() < end and not (len(host_match.log) >= 2 and len(guest.log) == len(host_match.log)
                                                and table.idle() and second.idle()):
            for scene, match in ((table, host_match), (second, guest)):
                legal = match.legal_actions(match.seat)
                if legal and scene.idle():
                    scene.attempt(legal[0])  # each lays a stack in turn
            app.step(DT)
            second.update(DT)
            time.sleep(0.01)
        stacks = [view.cards for view in table.stacks]
        assert any(stacks) and stacks == [view.cards for view in second.stacks]
    finally:
        guest.close()


def test_the_plate_shows_the_code_and_leaves_with_its_table(app: App) -> None:
    table = host_neko(app)
    plates = [hook.__self__ for hook in app.frame_hooks if isinstance(getattr(hook, "__self__", None), JoinPlate)]
    assert len(plates) == 1 and plates[0].draw in app.overlays
    assert plates[0].address.endswith(f":{Hosting.ensure().port}")
    app.reset_to(Title(app))
    settle(app)
    assert plates[0].draw not in app.overlays and table not in app.scenes


def test_host_a_table_offers_to_resume_an_unfinished_one(app: App) -> None:
    table = host_neko(app)
    code = table.match.join_code
    app.reset_to(Title(app))
    Hosting.stop()  # the app closes; the table stays in the tables folder
    scene = HostScene(app)
    assert [entry.code for entry in scene.resumable] == [code]
    app.push(scene)
    click(app, scene.resume_buttons[0])
    assert getattr(app.top, "match", None) is not None and app.top.match.join_code == code
    assert app.top.match.seat == 0  # the host's own seat, reclaimed with its token


@pytest.mark.slow  # zeroconf over the machine's multicast
def test_the_join_list_finds_a_table_hosted_nearby(app: App) -> None:
    table = host_neko(app)
    finder = Finder()
    if finder.browser is None or finder.browser._zc is None:
        finder.close()
        pytest.skip("no multicast here: zeroconf cannot open its sockets")
    scene = JoinScene(app, finder)
    app.push(scene)
    code = table.match.join_code
    settle(app, lambda: any(row.table.code == code for row in scene.rows), seconds=12)
    assert any(row.table.code == code and row.table.free_seats() == [1] for row in scene.rows)


# ----- the kiosk ------------------------------------------------------------------------------------------------
def test_the_kiosk_config_names_a_served_seat_and_names_mistakes() -> None:
    from game import kiosk

    report = kiosk.check_config({"exit": {"pin": "4711"},
                                 "lan": {"join": "192.168.1.20:47474", "table": "ktmx", "seat": 1}})
    assert report.warnings == [] and report.config.served_seat() == ("192.168.1.20:47474", "KTMX", 1)
    report = kiosk.check_config({"exit": {"pin": "4711"}, "lan": {"join": "10.0.0.5", "table": "KT"}})
    assert report.config.served_seat() is None
    assert any("lan.table" in warning for warning in report.warnings)
    assert kiosk.check_config({"exit": {"pin": "4711"}}).config.served_seat() is None
    private = kiosk.check_config({"exit": {"pin": "4711"},  # a private table's longer code
                                  "lan": {"join": "10.0.0.5", "table": "ktmxacdf", "seat": 0}})
    assert private.warnings == [] and private.config.served_seat() == ("10.0.0.5", "KTMXACDF", 0)
    odd = kiosk.check_config({"exit": {"pin": "4711"}, "lan": {"join": "10.0.0.5", "table": "ktmxb"}})
    assert odd.config.served_seat() is None and any("lan.table" in warning for warning in odd.warnings)


def test_a_kiosk_with_a_served_seat_joins_that_table_on_a_tap(app: App) -> None:
    table = host_neko(app)
    code = table.match.join_code
    app.locked = True
    kiosk = KioskTitle(app, ("neko",), ("easy",), served=(Hosting.local_address(), code, 1))
    app.reset_to(kiosk)
    click(app, kiosk.cards[0])
    settle(app, lambda: app.top is not kiosk)
    assert getattr(app.top, "match", None) is not None
    assert app.top.match.join_code == code and app.top.match.seat == 1
