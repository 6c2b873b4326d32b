"""The LAN host's parts, each on its own (no sockets, no server): the write-ahead log holds a
message until the change it tells of is on the disk, the AI seats play a table through their
host's ``played``, the turn clock moves once for a person out of time, the admission reads a
public host's proxy, and the table files resume an unfinished table with its log replayed."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from game.core.events import Event
from game.core.match import Match, Seat
from game.net import journal
from game.net.admission import Admission
from game.net.ai_seats import AiSeats, decide
from game.net.host import AiRequest, TableHost
from game.net.internet import Limits
from game.net.table_files import TableFiles, table_path
from game.net.turn_clock import TurnClock
from game.net.write_ahead import WriteAhead

HUMAN = Seat("human")
TIMEOUT = 20.0


class _Recorder:
    """A client that records what it is sent (and, with ``log``, how many entries were on the disk then)."""

    def __init__(self, log: Path | None = None) -> None:
        self.log = log
        self.sent: list[tuple[dict[str, Any], int]] = []

    def send(self, message: dict[str, Any]) -> None:
        on_disk = len(list(journal.read_entries(self.log, 0))) if self.log is not None else 0
        self.sent.append((message, on_disk))


class _Host:
    """What the AI seats and the turn clock call back (``ai_seats.Played``): records each move."""

    def __init__(self) -> None:
        self.moves: list[tuple[int, list[Event]]] = []
        self.ai: AiSeats | None = None

    def played(self, table: TableHost, events: list[Event]) -> None:
        self.moves.append((table.pos, events))
        if self.ai is not None:
            self.ai.play_soon(table)


async def _until(done: Any, what: str) -> None:
    for _ in range(int(TIMEOUT / 0.01)):
        if done():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"no {what} within {TIMEOUT} s")


def _move(table: TableHost, seq: int) -> None:
    seat = table.match.to_move()[0]
    action = random.Random(seq).choice(table.match.legal_actions(seat))
    table.act(seat, seq, table.match.rules.encode_action(action))


def _joined(table: TableHost) -> TableHost:
    for seat in range(table.match.players):
        if table.match.seats[seat].is_human:
            table.join(seat, None, f"P{seat}")
            table.connect(seat)
    return table


# ----- the write-ahead log ---------------------------------------------------------------------------
def test_a_message_about_a_change_leaves_only_once_the_change_is_on_the_disk(tmp_path: Path) -> None:
    table = _joined(TableHost("ACDE", Match("neko", [HUMAN, HUMAN], 3)))
    log = journal.path_for(table_path(tmp_path, table.code))
    client = _Recorder(log)

    async def run() -> None:
        ahead = WriteAhead(tmp_path)
        ahead.opened(table)
        for seq in (1, 2, 3):
            _move(table, seq)
            ahead.post(table, client, {"type": "ack", "seq": seq})  # type: ignore[arg-type]
        assert client.sent == []  # nothing is told before its change is written
        ahead.flush_soon(table)
        await _until(lambda: len(client.sent) == 3 and not ahead.writing(table.code), "the acks")
        await ahead.close()

    asyncio.run(run())
    assert [message["seq"] for message, _ in client.sent] == [1, 2, 3]
    assert all(on_disk == table.entries for _, on_disk in client.sent)


def test_without_a_folder_a_message_leaves_at_once_and_nothing_is_logged() -> None:
    table = _joined(TableHost("ACDE", Match("neko", [HUMAN, HUMAN], 3)))
    client = _Recorder()
    ahead = WriteAhead(None)
    _move(table, 1)
    ahead.post(table, client, {"type": "ack", "seq": 1})  # type: ignore[arg-type]
    ahead.flush_soon(table)
    assert [message for message, _ in client.sent] == [{"type": "ack", "seq": 1}] and table.journal == []


# ----- the AI seats and the turn clock ------------------------------------------------------------------
def test_the_ai_seats_play_a_table_of_ai_seats_to_its_end_through_their_host() -> None:
    table = TableHost("ACDE", Match("neko", [Seat("ai", "random"), Seat("ai", "random")], 8))
    host = _Host()

    async def run() -> None:
        ai = host.ai = AiSeats(host, workers=0, pause=0.0)
        ai.play_soon(table)
        await _until(lambda: table.match.is_over() and not ai.playing(table.code), "the match's end")
        await ai.close()

    asyncio.run(run())
    assert [pos for pos, _ in host.moves] == list(range(1, table.pos + 1)) and table.pos > 1
    assert all(events for _, events in host.moves)


def test_the_turn_clock_moves_once_for_the_person_whose_time_ran_out() -> None:
    table = _joined(TableHost("ACDE", Match("neko", [HUMAN, HUMAN], 5)))
    table.standin_level = "random"
    host = _Host()

    async def decide_here(request: AiRequest) -> Any:
        return decide(request)

    async def run() -> None:
        clock = TurnClock(host, 30.0, decide_here)
        clock.watch(table, now=100.0)  # the people to move begin to wait
        clock.watch(table, now=129.0)
        await asyncio.sleep(0.05)
        assert host.moves == []  # not yet
        clock.watch(table, now=130.5)
        clock.watch(table, now=130.6)  # one move under way: not a second
        await _until(lambda: host.moves, "the clock's move")
        await asyncio.sleep(0.05)

    asyncio.run(run())
    assert [pos for pos, _ in host.moves] == [1] and table.pos == 1


def test_no_turn_clock_never_moves_for_anyone() -> None:
    table = _joined(TableHost("ACDE", Match("neko", [HUMAN, HUMAN], 5)))
    host = _Host()

    asked: list[AiRequest] = []

    async def decide_here(request: AiRequest) -> Any:
        asked.append(request)
        return decide(request)

    async def run() -> None:
        clock = TurnClock(host, 0.0, decide_here)
        for now in (0.0, 1e6, 2e6):
            clock.watch(table, now)
        await asyncio.sleep(0.05)

    asyncio.run(run())
    assert asked == [] and host.moves == [] and table.pos == 0


# ----- admission --------------------------------------------------------------------------------------
def _ws(address: str, forwarded: str | None) -> Any:
    headers = {} if forwarded is None else {"X-Forwarded-For": forwarded}
    return SimpleNamespace(remote_address=(address, 5000), request=SimpleNamespace(headers=headers))


def test_a_public_host_counts_the_person_its_local_proxy_forwards_and_a_lan_host_the_peer() -> None:
    public, lan = Admission(Limits(), public=True), Admission(Limits.lan(), public=False)
    assert public.address_of(_ws("127.0.0.1", "203.0.113.9, 198.51.100.7")) == "198.51.100.7"
    assert public.address_of(_ws("127.0.0.1", "not an address")) == "127.0.0.1"
    assert public.address_of(_ws("192.0.2.4", "198.51.100.7")) == "192.0.2.4"  # only a local proxy is believed
    assert lan.address_of(_ws("127.0.0.1", "198.51.100.7")) == "127.0.0.1"


# ----- the table files ---------------------------------------------------------------------------------
def test_an_unfinished_table_resumes_with_its_log_replayed_and_a_finished_one_does_not(tmp_path: Path) -> None:
    table = _joined(TableHost("ACDE", Match("neko", [HUMAN, HUMAN], 3)))
    table.save(table_path(tmp_path, table.code))
    table.journal.clear()
    for seq in (1, 2):
        _move(table, seq)
    journal.Journal(journal.path_for(table_path(tmp_path, table.code))).append(table.journal)
    over = TableHost("FGHJ", Match("neko", [Seat("ai", "random"), Seat("ai", "random")], 4))
    while not over.match.is_over():
        seat = over.ai_to_move()[0]
        over.play_ai(seat, over.match.legal_actions(seat)[0])
    over.save(table_path(tmp_path, over.code))
    files = TableFiles(tmp_path)
    assert files.saved_codes() == {"ACDE", "FGHJ"}
    resumed = files.resume()
    assert [one.code for one in resumed] == ["ACDE"] and resumed[0].pos == table.pos == 2
    assert TableFiles(None).resume() == [] and TableFiles(None).saved_codes() == set()
