"""The LAN client in one process: addresses, joining and its refusals, a RemoteMatch played to the
end against a real ``Server`` (in a thread), and a reconnect after the host restarts that catches
up with a sync and replays nothing. The table scene playing a RemoteMatch is in
``test_net_table.py``; separate processes are in ``test_net_processes.py``."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.server import serve

from game.core.errors import IllegalAction
from game.core.match import Seat
from game.net import connection
from game.net.client import JoinError, RemoteMatch, fetch_tables, parse_address, play_bot
from game.net.loadtest import free_port
from game.net.protocol import DEFAULT_PORT
from game.net.server import HostHandle, start_in_thread

WAIT = 10.0  # seconds a test waits for the host at most (never asserted: a ceiling)


def host(tables_dir: Path | None = None, port: int = 0) -> HostHandle:
    """A host on localhost, no mDNS."""
    return start_in_thread(port=port, tables_dir=tables_dir, advertise=False, host="127.0.0.1")


@pytest.fixture(autouse=True)
def own_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test is one computer: its seat tokens in its own data folder."""
    monkeypatch.setenv("KOTATSU_HOME", str(tmp_path / "home"))


@pytest.fixture
def served() -> Iterator[HostHandle]:
    handle = host()
    yield handle
    handle.stop()


def address(handle: HostHandle) -> str:
    return f"127.0.0.1:{handle.port}"


def wait_until(done: Callable[[], bool], match: RemoteMatch | None = None) -> None:
    """Poll (and take in what arrived) until ``done()``; fail after ``WAIT`` seconds."""
    deadline = time.monotonic() + WAIT
    while not done():
        if match is not None:
            match.poll()
        assert time.monotonic() < deadline, "the host did not answer in time"
        time.sleep(0.01)


def bots(handle: HostHandle, code: str, seats: list[int]) -> threading.Thread:
    """Random bots for ``seats`` in a thread (they play until the match ends)."""
    async def main() -> None:
        await asyncio.gather(*(play_bot(address(handle), code, seat, "random", f"bot {seat}", keep_token=False)
                               for seat in seats))

    thread = threading.Thread(target=asyncio.run, args=(main(),), daemon=True)
    thread.start()
    return thread


# ----- addresses ------------------------------------------------------------------------------------
@pytest.mark.parametrize(("typed", "uri"), [
    ("192.168.1.5", f"ws://192.168.1.5:{DEFAULT_PORT}"),
    (" host.local:9000 ", "ws://host.local:9000"),
    ("ws://10.0.0.2:1234", "ws://10.0.0.2:1234"),
    ("ws://10.0.0.2/", f"ws://10.0.0.2:{DEFAULT_PORT}"),
    ("[::1]:5000", "ws://[::1]:5000"),
])
def test_an_address_is_read_as_people_type_it(typed: str, uri: str) -> None:
    assert parse_address(typed) == uri


@pytest.mark.parametrize("typed", ["", "http://host", "host:99999", "host:port", "ws://host/path"])
def test_an_unreadable_address_is_refused(typed: str) -> None:
    with pytest.raises(ValueError):
        parse_address(typed)


# ----- joining ---------------------------------------------------------------------------------------
def test_the_host_lists_its_tables(served: HostHandle) -> None:
    code = served.add_table("neko", [Seat("human"), Seat("ai", "easy")])
    name, tables = fetch_tables(address(served))
    assert name == served.server.name
    [table] = [table for table in tables if table["code"] == code]
    assert table["game"] == "neko" and [seat["kind"] for seat in table["seats"]] == ["human", "ai"]


def test_no_host_at_the_address_is_a_clear_join_error() -> None:
    with pytest.raises(JoinError) as caught:
        RemoteMatch.connect(f"127.0.0.1:{free_port()}", "ACDE", 0, "me", timeout=2.0)
    assert caught.value.reason == "net.reason.no_host"
    assert "no Kotatsu host answers" in caught.value.text


def test_an_unknown_table_and_a_taken_seat_are_clear_join_errors(
        served: HostHandle, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    code = served.add_table("neko", [Seat("human"), Seat("human")])
    other = "ACDE" if code != "ACDE" else "ACDF"
    with pytest.raises(JoinError) as caught:
        RemoteMatch.connect(address(served), other, 0, "me")
    assert caught.value.reason == "net.reason.no_table" and "no table with that code" in caught.value.text
    first = RemoteMatch.connect(address(served), code, 0, "me")
    try:
        monkeypatch.setenv("KOTATSU_HOME", str(tmp_path / "another computer"))
        with pytest.raises(JoinError) as caught:
            RemoteMatch.connect(address(served), code, 0, "someone else")
        assert caught.value.reason == "net.reason.seat_taken" and "seat is taken" in caught.value.text
    finally:
        first.close()


def test_a_host_of_another_protocol_version_is_a_clear_join_error() -> None:
    async def other_version(ws: Any) -> None:
        async for _ in ws:
            await ws.send('{"v": 99, "type": "bye", "reason": "net.reason.version", "text": "v99"}')

    ready = threading.Event()
    port = free_port()
    stop: list[asyncio.Future[None]] = []

    async def main() -> None:
        async with serve(other_version, "127.0.0.1", port):
            stop.append(asyncio.get_running_loop().create_future())
            ready.set()
            await stop[0]

    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_until_complete, args=(main(),), daemon=True)
    thread.start()
    ready.wait(WAIT)
    try:
        with pytest.raises(JoinError) as caught:
            RemoteMatch.connect(f"127.0.0.1:{port}", "ACDE", 0, "me")
        assert caught.value.reason == "net.reason.version"
        assert "another version" in caught.value.text
    finally:
        loop.call_soon_threadsafe(stop[0].set_result, None)
        thread.join(WAIT)


# ----- playing ------------------------------------------------------------------------------------------
def test_a_remote_match_plays_to_the_end_and_sees_what_the_host_sees(served: HostHandle) -> None:
    code = served.add_table("neko", [Seat("human"), Seat("human")])
    match = RemoteMatch.connect(address(served), code, 0, "me")
    table = served.server.tables[code]
    shown: list[Any] = []
    helper = bots(served, code, [1])
    try:
        assert match.game_id == "neko" and match.players == 2 and match.seats[0].name == "me"
        assert match.seed != table.match.seed  # a public salt, never the game's seed
        deadline = time.monotonic() + WAIT * 3
        while not match.is_over():
            assert time.monotonic() < deadline
            for kind, events in match.poll():
                if kind == "events":
                    shown.extend(events)
            if 0 in match.to_move() and match.legal_actions(0):
                shown.extend(match.apply(0, match.legal_actions(0)[-1]))
            time.sleep(0.002)
        helper.join(WAIT)
        wait_until(lambda: len(match.log) == table.pos, match)
        shown.extend(events for kind, events in match.poll() if kind == "events")
        assert shown == table.match.events == match.events  # every event once, none replayed
        assert match.observe(0) == table.match.observe(0)
        assert match.result() == table.match.result()
        assert match.legal_actions(1) == [] and not match.can_undo(0)
    finally:
        match.close()


def test_a_refused_move_raises_the_hosts_reason_and_changes_nothing(served: HostHandle) -> None:
    code = served.add_table("neko", [Seat("human"), Seat("human")])
    matches = [RemoteMatch.connect(address(served), code, seat, f"p{seat}") for seat in (0, 1)]
    try:
        mover = matches[0].to_move()[0]
        waiting = matches[1 - mover]
        with pytest.raises(IllegalAction) as caught:  # the mover's move, sent by the other seat
            waiting.apply(waiting.seat, matches[mover].legal_actions(mover)[0])
        assert caught.value.reason == "reason.not_your_turn"
        with pytest.raises(IllegalAction) as caught:
            waiting.apply(mover, matches[mover].legal_actions(mover)[0])
        assert caught.value.reason == "net.reason.not_your_seat"
        assert served.server.tables[code].pos == 0 and waiting.poll() == [] and waiting.log == []
    finally:
        for match in matches:
            match.close()


@pytest.mark.slow
def test_after_a_host_restart_the_client_reconnects_and_catches_up_without_replay(tmp_path: Path) -> None:
    tables = tmp_path / "tables"
    handle = host(tables)
    port = handle.port
    code = handle.add_table("neko", [Seat("human"), Seat("ai", "easy")])
    match = RemoteMatch.connect(f"127.0.0.1:{port}", code, 0, "me")
    try:
        for _ in range(2):  # two moves of ours (the AI answers each)
            wait_until(lambda: 0 in match.to_move(), match)
            match.apply(0, match.legal_actions(0)[0])
        wait_until(lambda: 0 in match.to_move(), match)
        seen = len(match.events)
        handle.stop()
        wait_until(lambda: match.status == "reconnecting", match)
        with pytest.raises(IllegalAction) as caught:
            match.apply(0, match.legal_actions(0)[0])
        assert caught.value.reason == "table.reason.reconnecting"
        handle = host(tables, port)  # the host comes back from its autosave
        changes: list[tuple[str, Any]] = []
        wait_until(lambda: bool(changes.extend(match.poll())) or match.status == "connected")
        changes.extend(match.poll())
        assert ("sync", None) in changes  # the welcome after the reconnect: shown, not animated
        assert all(kind != "events" for kind, _ in changes)  # nothing replayed
        assert len(match.events) == seen
        assert match.observe(0) == handle.server.tables[code].match.observe(0)
        match.apply(0, match.legal_actions(0)[0])  # and the match goes on
        assert handle.server.tables[code].pos == len(match.log)
    finally:
        match.close()
        handle.stop()


def test_the_seat_token_is_kept_so_a_restarted_app_reclaims_its_seat(served: HostHandle) -> None:
    code = served.add_table("neko", [Seat("human"), Seat("human")])
    first = RemoteMatch.connect(address(served), code, 1, "me")
    first.close()
    kept = connection.load_token(parse_address(address(served)), code)
    assert kept is not None and kept[0] == 1
    again = RemoteMatch.connect(address(served), code, 1, "me")  # no token given: the kept one
    again.close()
    with pytest.raises(JoinError):
        RemoteMatch.connect(address(served), code, 1, "me", token="not-the-token-000")
