"""A table's seats and its write-ahead log, without sockets: host-made tokens, acts applied once
per (seat, seq), a journal that rebuilds the table, the AI standing in for a person away too long,
seats the host frees, private tables, rate-limited guesses, and the strict wire."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from game.core.errors import SaveError
from game.core.match import Match, Seat
from game.net import journal
from game.net.admission import GUESSES, Guesses
from game.net.host import Refused, TableHost, is_code
from game.net.protocol import PROTOCOL, ProtocolError, check_client, check_host, dumps
from game.net.server import Server

HUMAN = Seat("human")


def _table(seats: list[Seat] | None = None, seed: int = 5) -> TableHost:
    return TableHost("ACDE", Match("neko", seats or [HUMAN, HUMAN], seed))


def _play(table: TableHost, seq: dict[int, int], rng: random.Random) -> None:
    seat = table.match.to_move()[0]
    seq[seat] = seq.get(seat, 0) + 1
    action = rng.choice(table.match.legal_actions(seat))
    table.act(seat, seq[seat], table.match.rules.encode_action(action))


def _snapshot(table: TableHost) -> tuple:
    return (table.match.rules.notation(table.match.state), table.pos, dict(table.tokens), dict(table.acked),
            [seat.name for seat in table.match.seats], table.entries)


# ----- acts applied once --------------------------------------------------------------------------------
def test_an_act_seen_before_is_recognised_and_the_seq_survives_a_save(tmp_path: Path) -> None:
    table = _table()
    for seat in (0, 1):
        table.join(seat, None, f"P{seat}")
    seq: dict[int, int] = {}
    for _ in range(4):
        _play(table, seq, random.Random(1))
    mover = 1 - table.match.to_move()[0]  # moved last
    assert table.seen(mover, seq[mover]) and not table.seen(mover, seq[mover] + 1)
    table.save(tmp_path / "t.json")
    again = TableHost.load(tmp_path / "t.json")
    assert again.acked == table.acked and again.welcome(mover, again.tokens[mover])["acked"] == seq[mover]


# ----- the journal ---------------------------------------------------------------------------------------
def test_the_journal_rebuilds_the_table_from_any_older_table_file(tmp_path: Path) -> None:
    table = _table([HUMAN, HUMAN, Seat("ai", "easy")])
    rng = random.Random(3)
    table_file = tmp_path / "ACDE.json"
    log = journal.Journal(journal.path_for(table_file))
    snapshots = {}
    table.join(0, None, "Aki")
    table.join(1, None, "Bo")
    seq: dict[int, int] = {}
    while not table.match.is_over() and table.pos < 30:
        snapshots[table.entries] = table.to_json()
        seat = table.match.to_move()[0]
        if seat == 2:
            table.play_ai(2, rng.choice(table.match.legal_actions(2)))
        else:
            _play(table, seq, rng)
        log.append(table.journal)
        table.journal.clear()
    log.close()
    for entries, data in snapshots.items():  # a table file written behind play, at any moment
        old = TableHost.from_json(json.loads(json.dumps(data)))
        for entry in journal.read_entries(journal.path_for(table_file), old.entries):
            old.replay(entry)
        assert _snapshot(old) == _snapshot(table), entries


def test_a_log_cut_short_by_a_kill_is_read_up_to_its_last_whole_line(tmp_path: Path) -> None:
    path = tmp_path / "ACDE.wal"
    lines = [json.dumps({"n": n, "k": "name", "seat": 0, "name": f"N{n}"}) for n in (1, 2, 3)]
    path.write_text("\n".join(lines) + "\n" + '{"n": 4, "k": "na')
    assert [entry["n"] for entry in journal.read_entries(path)] == [1, 2, 3]
    assert [entry["n"] for entry in journal.read_entries(path, after=2)] == [3]
    path.write_text(lines[0] + "\n" + lines[2] + "\n")  # a gap: read up to it
    assert [entry["n"] for entry in journal.read_entries(path)] == [1]
    assert journal.read_entries(tmp_path / "none.wal") == []


def test_an_entry_that_does_not_fit_is_a_save_error() -> None:
    table = _table()
    with pytest.raises(SaveError):
        table.replay({"n": 1, "k": "act", "seat": 0, "a": "no such move", "seq": 1})
    with pytest.raises(SaveError):
        table.replay({"n": 1, "k": "teleport", "seat": 0})


@pytest.mark.parametrize("seat", [None, "0", -1, 2, 1.0])
def test_a_journal_entry_for_no_seat_is_refused_and_changes_nothing(seat: object) -> None:
    table = _table()
    before = table.to_json()
    with pytest.raises(SaveError):
        table.replay({"n": 1, "k": "claim", "seat": seat, "token": "t" * 32, "name": "Aki"})
    assert table.to_json() == before
    assert TableHost.from_json(json.loads(json.dumps(table.to_json()))).tokens == table.tokens


# ----- seats: patience, stand-ins, freeing ------------------------------------------------------------
def test_a_person_away_past_the_patience_is_played_by_the_ai_until_they_return() -> None:
    table = _table()
    table.patience = 120.0
    away = table.match.to_move()[0]
    _, token = table.join(away, None, "Aki")
    table.join(1 - away, None, "Bo")
    table.connect(1 - away)  # Bo waits at the table
    table.connect(away)
    table.disconnect(away, now=1000.0)
    assert table.notice_away(now=1100.0) == [] and table.ai_to_move() == []
    assert table.notice_away(now=1121.0) == [away]
    assert table.seat_infos()[away].standin == table.standin_level
    assert table.ai_to_move() == [away] and table.ai_request(away).level == table.standin_level
    table.disconnect(1 - away)  # nobody left to play with: the table waits
    assert table.ai_to_move() == []
    table.connect(1 - away)
    table.join(away, token, "Aki")
    table.connect(away)  # back: the seat is theirs again
    assert table.seat_infos()[away].standin == "" and table.ai_to_move() == []


def test_the_host_frees_a_seat_and_the_next_person_takes_it() -> None:
    table = _table()
    _, token = table.join(0, None, "Aki")
    table.free(0)
    with pytest.raises(Refused):
        table.free(0)
    _, other = table.join(0, None, "Bo")
    assert other != token
    with pytest.raises(Refused) as refused:
        table.join(0, token, "Aki")
    assert refused.value.reason == "net.reason.bad_token"
    table.free(0)
    with pytest.raises(Refused) as refused:  # a freed seat's old token does not take it back
        table.join(0, other, "Bo")
    assert refused.value.reason == "net.reason.stale_token"


def test_a_private_table_is_not_listed_and_has_a_longer_code() -> None:
    server = Server()
    listed = server.add_table("neko", [HUMAN, HUMAN])
    private = server.add_table("neko", [HUMAN, HUMAN], private=True)
    assert len(listed) == 4 and len(private) >= 6 and is_code(private)
    assert [table.code for table in server.listed()] == [listed]
    check_client(dumps({"type": "join", "table": private, "seat": 0, "name": "x"}))


def test_wrong_codes_and_tokens_are_rate_limited_per_address() -> None:
    guesses = Guesses()
    for _ in range(GUESSES):
        guesses.check("10.0.0.9", now=0.0)
        guesses.wrong("10.0.0.9", now=0.0)
    with pytest.raises(Refused) as refused:
        guesses.check("10.0.0.9", now=1.0)
    assert refused.value.reason == "net.reason.slow_down"
    guesses.check("10.0.0.8", now=1.0)  # another address is not held back
    guesses.check("10.0.0.9", now=1000.0)  # nor this one, later
    guesses.forget_old(now=1000.0)
    assert not guesses._wrong  # nothing kept of old guesses


# ----- the strict wire ------------------------------------------------------------------------------------
@pytest.mark.parametrize("raw", [
    json.dumps({"v": True, "type": "ping", "seq": 1}),
    json.dumps({"v": float(PROTOCOL), "type": "ping", "seq": 1}),
    b'{"v": %d, "type": "ping", "seq": 1}' % PROTOCOL,
    "[" * 2040 + "]" * 2040,
    f'{{"v": {PROTOCOL}, "type": "ping", "seq": 1, "x": {"[" * 1990 + "]" * 1990}}}',
])
def test_the_wire_refuses_what_only_looked_like_protocol(raw: str | bytes) -> None:
    for check in (check_client, check_host):
        with pytest.raises(ProtocolError) as refused:
            check(raw)
        assert refused.value.reason.startswith("net.reason.") and refused.value.text


def test_the_size_limit_counts_bytes_not_letters() -> None:
    raw = dumps({"type": "ping", "seq": 1, "x": "\u3042" * 1400})  # 1,400 letters, over 4,200 bytes
    assert len(raw) < 4096
    with pytest.raises(ProtocolError) as refused:
        check_client(raw)
    assert refused.value.reason == "net.reason.too_big"


def test_a_first_join_whose_welcome_was_lost_finds_its_seat_again_with_its_claim() -> None:
    table = _table()
    seat, token = table.join(0, None, "Aki", claim="my-process-claim-id")
    assert table.join(0, None, "Aki", claim="my-process-claim-id") == (seat, token)  # the same token again
    with pytest.raises(Refused) as refused:
        table.join(0, None, "Bo", claim="someone-else")
    assert refused.value.reason == "net.reason.seat_taken"
    table.claims[0] = (table.claims[0][0], table.claims[0][1] - 61.0)  # a minute later: the token only
    with pytest.raises(Refused):
        table.join(0, None, "Aki", claim="my-process-claim-id")


def test_a_fifo_in_place_of_the_log_is_refused_not_waited_on(tmp_path: Path) -> None:
    path = tmp_path / "ACDE.wal"
    os.mkfifo(path)
    assert journal.read_entries(path) == []
    with pytest.raises(OSError):
        journal.Journal(path).append([{"n": 1, "k": "free", "seat": 0}])
