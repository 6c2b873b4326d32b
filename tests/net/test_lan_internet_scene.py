"""Join → "A table on the internet": a pasted link opens the table's seats, a bad link or an
untrusted certificate is one line on the screen, and nothing is asked of any host for a bad link."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.net.connection import JoinError
from scenes.engine.app import App
from scenes.engine.input import KEY, Intent
from scenes.lan import connect as lan
from scenes.lan import internet as lan_internet
from scenes.lan.internet import InternetJoinScene
from scenes.lan.join import Finder, JoinScene, SeatPicker
from tests.net.test_lan_scenes import NEKO, app, click, settle, stand_in_hosts  # noqa: F401 - app is a fixture

PRIVATE = {**NEKO, "code": "ACDEFHJK"}


def test_join_leads_to_the_internet_screen(app: App) -> None:  # noqa: F811
    join = JoinScene(app, Finder(discover=False))
    app.push(join)
    settle(app)
    click(app, join.internet_button)
    settle(app)
    assert isinstance(app.top, InternetJoinScene)


def test_a_pasted_link_opens_the_seats_of_that_table(app: App, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    stand_in_hosts(monkeypatch, {"wss://table.example.com:47474": ("den", [PRIVATE])})
    monkeypatch.setattr(lan_internet, "clipboard_text", lambda: "kotatsu://table.example.com/acdefhjk\n")
    scene = InternetJoinScene(app)
    app.push(scene)
    settle(app)
    click(app, scene.paste_button)
    settle(app, lambda: isinstance(app.top, SeatPicker))
    assert isinstance(app.top, SeatPicker)
    assert app.top.table.code == "ACDEFHJK" and app.top.table.address == "wss://table.example.com:47474"


def test_ctrl_v_pastes_into_the_open_field(app: App, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    monkeypatch.setattr(lan_internet, "clipboard_text", lambda: "table.example.com:443 ACDEFHJK")
    monkeypatch.setattr(pygame.key, "get_mods", lambda: pygame.KMOD_LCTRL)
    scene = InternetJoinScene(app)
    app.push(scene)
    scene.field.activate()
    app.step(1 / 60, [Intent(KEY, key="v")])
    assert scene.field.edit is not None and scene.field.edit.text == "table.example.com:443 ACDEFHJK"


def test_a_bad_link_is_one_line_and_asks_no_host(app: App, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    asked: list[Any] = []
    monkeypatch.setattr(lan, "fetch", lambda *args, **kwargs: asked.append(args) or ("", []))
    scene = InternetJoinScene(app)
    app.push(scene)
    for bad in ("kotatsu://table.example.com/ABCD", "http://x/ACDE", "ws://table.example.com/ACDE"):
        scene.set_link(bad)
        settle(app)
        assert scene.problem and "\n" not in scene.problem and scene.wanted is None
    assert asked == []


def test_an_untrusted_certificate_is_named_on_the_screen(app: App, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    def fetch(address: str, timeout: float = 3.0, code: str | None = None) -> Any:
        raise JoinError("net.reason.certificate", "the table's certificate does not match host table.example.com")

    monkeypatch.setattr(lan, "fetch", fetch)
    scene = InternetJoinScene(app)
    app.push(scene)
    scene.set_link("kotatsu://table.example.com:47474/ACDEFHJK")
    settle(app, lambda: bool(scene.problem))
    assert "certificate" in scene.problem and "table.example.com" in scene.problem
    assert "wss://" not in scene.problem


def test_the_host_opens_to_the_internet_only_when_asked(app: App) -> None:  # noqa: F811
    from game.core.match import Seat
    from scenes.lan.connect import Hosting, HostScene, host_table
    from scenes.lan.internet import InternetHostScene

    host = HostScene(app)
    app.push(host)
    settle(app)
    assert not Hosting.internet
    host.toggle_internet()
    settle(app)
    assert isinstance(app.top, InternetHostScene)
    click(app, app.top.keep_button)  # Keep it closed: nothing changes
    settle(app)
    assert app.top is host and not Hosting.internet
    assert Hosting.handle is None or not Hosting.handle.server.public
    host.toggle_internet()
    settle(app)
    click(app, app.top.open_button)
    settle(app)
    try:
        assert app.top is host and Hosting.internet and Hosting.handle.server.public
        host_table(app, "neko", [Seat("human"), Seat("human")], {}, 7)
        code = app.top.match.join_code
        assert len(code) == 8 and Hosting.handle.server.listed() == []  # private, listed to nobody
    finally:
        Hosting.internet = False


def test_the_host_screen_makes_new_tables_private_when_asked(app: App) -> None:  # noqa: F811
    from game.core.match import Seat
    from scenes.lan.connect import Hosting, HostScene, host_table

    host = HostScene(app)
    app.push(host)
    click(app, host.private_button)
    try:
        assert Hosting.private and "Private" in host.privacy_label()
        host_table(app, "neko", [Seat("human"), Seat("human")], {}, 7)
        assert len(app.top.match.join_code) == 8 and not Hosting.handle.server.public
    finally:
        Hosting.private = False


def test_key_2_at_a_remote_table_sends_a_stamp_that_shows_by_the_seat(app: App) -> None:  # noqa: F811
    from game.core.match import Seat
    from game.net.client import RemoteMatch
    from game.net.server import start_in_thread
    from scenes.lan.connect import open_remote_table
    from scenes.lan.plate import JoinPlate

    handle = start_in_thread(port=0, advertise=False, host="127.0.0.1", workers=0)
    try:
        code = handle.add_table("neko", [Seat("human"), Seat("human")])
        remote = RemoteMatch.connect(f"127.0.0.1:{handle.port}", code, 1, "me")
        open_remote_table(app, remote)
        table = app.top
        app.step(1 / 60, [Intent(KEY, key="2")])
        settle(app, lambda: bool(remote.stamps))
        assert remote.recent_stamps(60.0) == {1: "nice"}
        plate = next(hook.__self__ for hook in app.overlays if isinstance(hook.__self__, JoinPlate))
        assert plate.rect.height > 0 and app.top is table
        assert not remote.send_stamp("free text")  # only the known stamps go out
    finally:
        handle.stop()


def test_the_plate_of_a_table_reached_over_wss_shows_its_link() -> None:
    from types import SimpleNamespace

    from scenes.lan.plate import shown_address

    remote = SimpleNamespace(address="wss://table.example.com:443", join_code="ACDEFHJK")
    assert shown_address(remote, None) == "kotatsu://table.example.com:443/ACDEFHJK"
    lan_table = SimpleNamespace(address="ws://192.168.1.20:47474", join_code="KTMX")
    assert shown_address(lan_table, None) == "192.168.1.20:47474"


def test_the_plate_counts_down_the_hosts_turn_clock(app: App) -> None:  # noqa: F811
    from game.core.match import Seat
    from game.net.client import RemoteMatch
    from game.net.server import start_in_thread
    from scenes.lan.plate import clock_text

    handle = start_in_thread(port=0, advertise=False, host="127.0.0.1", workers=0, turn_clock=60.0)
    try:
        code = handle.add_table("neko", [Seat("human"), Seat("human")])
        remote = RemoteMatch.connect(f"127.0.0.1:{handle.port}", code, 0, "me")
        other = RemoteMatch.connect(f"127.0.0.1:{handle.port}", code, 1, "you")
        try:
            assert remote.turn_clock == 60.0
            mover, waiter = (remote, other) if 0 in remote.view.to_move else (other, remote)
            assert clock_text(mover) in ("Your move: 60 s, then the AI moves for you",
                                         "Your move: 59 s, then the AI moves for you")
            assert clock_text(waiter) == "Turn clock: 60 s a move, then the AI moves"
        finally:
            remote.close()
            other.close()
    finally:
        handle.stop()
