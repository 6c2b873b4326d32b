"""The LAN host over real websockets on localhost: fuzzed messages are refused with a reason and
change nothing, versions are checked, and a restarted host resumes its tables for the clients
that bring their tokens."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.exceptions import ConnectionClosed

from game.core.match import Match, Seat
from game.net.host import Refused, TableHost
from game.net.peer import Client
from game.net.protocol import MAX_CLIENT_MESSAGE, MAX_FRAME, PROTOCOL, SPECTATOR, check_host, dumps
from game.net.server import Server
from tests.net_harness import TestClient, running_host

HUMAN = Seat("human")
ROOT = Path(__file__).resolve().parents[2]
TOKENS: dict[int, str] = {}  # the fuzzer's seat token, as the host made it (a good client reclaims the seat)
FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**60), 2**60) | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
FIELDS = ("v", "type", "seq", "action", "table", "seat", "token", "name", "game", "events", "view")
message_objects = st.dictionaries(
    st.sampled_from(FIELDS) | st.text(max_size=6),
    st.sampled_from([PROTOCOL, "act", "join", "undo", "hello", "ping", 0, -1, 1, "ACDE"]) | json_values,
    max_size=6,
)


def _table_state(table: TableHost) -> tuple:
    match = table.match
    return match.rules.notation(match.state), len(match.log), table.pos, dict(table.tokens)


def _legal_texts(table: TableHost) -> list[str]:
    """Every seat's legal actions now: what another seat may try to play."""
    match = table.match
    return sorted({match.rules.encode_action(action) for seat in match.to_move()
                   for action in match.legal_actions(seat)})


# ----- the table itself --------------------------------------------------------------------------------
@pytest.mark.slow
@FUZZ
@given(seat=st.integers(-3, 5), text=st.text(max_size=40) | st.sampled_from(["base 1", "base 7", "play 3", "box N1 O1"]),
       token=st.none() | st.text(max_size=70), name=json_values)
def test_the_table_refuses_what_it_cannot_take_and_changes_nothing(seat: int, text: str, token: Any,
                                                                   name: Any) -> None:
    table = TableHost("ACDE", Match("neko", [HUMAN, HUMAN, Seat("ai", "easy")], 11))
    mover = table.match.to_move()[0]
    _, owner = table.join(mover, None, "owner")
    before = _table_state(table)
    idle = [s for s in range(-3, 6) if s != mover]
    for call in (lambda: table.act(idle[seat % len(idle)], 1, text), lambda: table.undo(seat, 1)):
        with pytest.raises(Refused) as caught:
            call()
        assert caught.value.reason and caught.value.text
        json.dumps(caught.value.params)
        assert _table_state(table) == before
    try:
        table.join(seat, token, name)
    except Refused as error:
        assert error.reason.startswith("net.reason.")
        assert _table_state(table) == before
    assert table.tokens[mover] == owner  # nobody takes a claimed seat without its token


# ----- the server's dispatch, without sockets ------------------------------------------------------------
class _Recorder(Client):
    """A connection whose messages are kept instead of sent."""

    def __init__(self) -> None:
        super().__init__(None)  # type: ignore[arg-type]
        self.sent: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any]) -> None:
        self.sent.append(json.loads(dumps(message)))

    def close(self, code: int = 1000, reason: str = "") -> None:
        self.closing = True


@FUZZ
@given(raw=st.one_of(message_objects.map(lambda m: json.dumps(m)), st.text(max_size=200),
                     st.binary(max_size=200), json_values.map(json.dumps),
                     st.integers(MAX_CLIENT_MESSAGE + 1, MAX_CLIENT_MESSAGE * 3).map(lambda n: " " * n)))
def test_the_dispatch_answers_anything_with_a_reason(raw: str | bytes) -> None:
    server = Server()
    code = server.add_table("neko", [HUMAN, HUMAN])
    table = server.tables[code]
    client = _Recorder()
    asyncio.run(_receive(server, client, dumps({"type": "join", "table": code, "seat": 1 - table.match.to_move()[0],
                                                "name": "x"})))
    before = _table_state(table)
    client.sent.clear()
    asyncio.run(_receive(server, client, raw))
    assert _table_state(table) == before
    for message in client.sent:
        assert message["type"] in ("refused", "bye", "tables", "pong", "welcome"), message
        if message["type"] in ("refused", "bye"):
            assert message["reason"].startswith(("net.reason.", "reason.")) and message["text"]


async def _receive(server: Server, client: Client, raw: str | bytes) -> None:
    server.receive(client, raw)


# ----- a live server -------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def live() -> Any:
    """One host for the fuzzing below, with one two-person ねこ table."""
    with running_host() as host:
        code = host.add_table("neko", [HUMAN, HUMAN], seed=21)
        yield host, code


def _fuzz_frames(texts: list[str]) -> st.SearchStrategy[list[str | bytes]]:
    acts = st.sampled_from(texts).map(lambda action: {"type": "act", "seq": 1, "action": action})
    wrong = st.integers(-5, 9).filter(lambda v: v != PROTOCOL).map(lambda v: {"type": "ping", "seq": 1, "v": v})
    frame = st.one_of(
        st.one_of(acts, message_objects, wrong).map(lambda m: json.dumps({"v": PROTOCOL, **m} if "v" not in m else m)),
        st.text(max_size=100), st.binary(max_size=100),
        st.integers(MAX_CLIENT_MESSAGE + 1, MAX_FRAME - 64).map(lambda n: json.dumps({"v": PROTOCOL, "x": "a" * n})),
    )
    return st.lists(frame, min_size=1, max_size=6)


@pytest.mark.slow
def test_a_live_host_refuses_fuzz_and_still_serves(live: Any) -> None:
    host, code = live
    table = host.server.tables[code]
    watcher = 1 - table.match.to_move()[0]  # every act it sends is for a seat not to move
    TOKENS[watcher] = table.join(watcher, None, "fuzzer")[1]  # claimed before (nobody else is at the table yet)

    @FUZZ
    @given(frames=_fuzz_frames(_legal_texts(table)))
    def fuzz(frames: list[str | bytes]) -> None:
        before = _table_state(table)
        answers = asyncio.run(_send_all(host.port, code, watcher, frames))
        assert len(answers) == len(frames)
        for answer in answers:
            assert answer["type"] in ("refused", "bye", "tables", "pong", "welcome"), answer
            if answer["type"] in ("refused", "bye"):
                assert answer["text"]
        assert _table_state(table) == before

    fuzz()
    asyncio.run(_a_good_client_plays(host.port, code))


async def _send_all(port: int, code: str, seat: int, frames: list[str | bytes]) -> list[dict[str, Any]]:
    """Sit at ``seat`` (not to move) and send ``frames``; one answer each."""
    client = await TestClient(port).open()
    answers = []
    try:
        assert (await client.join(code, seat, token=TOKENS[seat]))["type"] == "welcome"
        for frame in frames:
            await client.send(frame)
            answers.append(await client.until("refused", "bye", "tables", "pong", "welcome"))
            if answers[-1]["type"] == "bye":
                break
    finally:
        await client.close()
    return answers if answers[-1]["type"] != "bye" else answers + [answers[-1]] * (len(frames) - len(answers))


async def _a_good_client_plays(port: int, code: str) -> None:
    clients = [await TestClient(port).open() for _ in range(2)]
    for seat, client in enumerate(clients):
        assert (await client.join(code, seat, f"P{seat}", token=TOKENS.get(seat)))["type"] == "welcome"
    await asyncio.gather(*(client.play(random.Random(seat)) for seat, client in enumerate(clients)))
    assert all(client.view["over"] for client in clients)
    for client in clients:
        await client.close()


def test_a_frame_over_the_limit_closes_only_that_connection(live: Any) -> None:
    host, _ = live

    async def run() -> tuple[int | None, dict[str, Any]]:
        big = await TestClient(host.port).open()
        await big.send(json.dumps({"v": PROTOCOL, "type": "ping", "seq": 1, "x": "a" * MAX_FRAME}))
        with pytest.raises(ConnectionClosed) as closed:
            await big.receive()
        good = await TestClient(host.port).open()
        await good.send({"type": "ping", "seq": 5})
        answer = await good.receive()
        await good.close()
        return closed.value.rcvd.code if closed.value.rcvd else None, answer

    code, answer = asyncio.run(run())
    assert code == 1009 and answer == {"v": PROTOCOL, "type": "pong", "seq": 5}


# ----- versions ------------------------------------------------------------------------------------------
def test_a_client_of_another_protocol_version_hears_both_versions(live: Any) -> None:
    host, code = live

    async def run() -> tuple[dict[str, Any], dict[str, Any]]:
        stranger = await TestClient(host.port).open()
        await stranger.send(json.dumps({"v": PROTOCOL + 1, "type": "join", "table": code, "seat": 0, "name": "x"}))
        bye = await stranger.receive()
        with pytest.raises(ConnectionClosed):
            await stranger.receive()
        joined = await TestClient(host.port).open()
        await joined.join(code, SPECTATOR)
        await joined.send(json.dumps({"v": "0.9\f", "type": "ping", "seq": 1}))  # a form feed is not printable
        refused = await joined.until("refused")
        await joined.close()
        return bye, refused

    bye, refused = asyncio.run(run())
    assert bye["type"] == "bye" and bye["reason"] == "net.reason.version"
    check_host(json.dumps(bye))
    check_host(json.dumps(refused))
    assert f"version {PROTOCOL + 1}" in bye["text"] and f"version {PROTOCOL}" in bye["text"]
    assert refused["reason"] == "net.reason.version" and "0.9" in refused["text"] and str(PROTOCOL) in refused["text"]


# ----- a host restart -------------------------------------------------------------------------------------
@pytest.mark.slow
def test_a_restarted_host_resumes_and_gives_each_client_its_seat_back(tmp_path: Path) -> None:
    seats = [HUMAN, HUMAN, Seat("ai", "easy")]
    with running_host(tmp_path, workers=1) as host:  # the AI in a real process pool here
        code = host.add_table("neko", seats, seed=33)
        tokens, half = asyncio.run(_play_half(host.port, code))
    assert (tmp_path / f"{code}.json").is_file()
    saved = TableHost.load(tmp_path / f"{code}.json")
    assert len(saved.match.log) >= half and not saved.match.is_over()
    with running_host(tmp_path, workers=1) as again:
        assert list(again.server.tables) == [code]
        table = again.server.tables[code]
        assert table.pos == saved.pos and table.tokens == saved.tokens
        asyncio.run(_finish(again.port, code, tokens))
        assert table.match.is_over()


async def _play_half(port: int, code: str) -> tuple[list[str], int]:
    clients = [await TestClient(port).open() for _ in range(2)]
    tokens = []
    for seat, client in enumerate(clients):
        await client.join(code, seat, f"P{seat}")
        tokens.append(client.token)
    half = 12
    await asyncio.gather(*(client.play(random.Random(seat), stop_at=half) for seat, client in enumerate(clients)))
    for client in clients:
        await client.close()
    return tokens, half


async def _finish(port: int, code: str, tokens: list[str]) -> None:
    thief = await TestClient(port).open()
    refused = await thief.join(code, 0, "thief")
    assert refused["type"] == "refused" and refused["reason"] == "net.reason.seat_taken"
    await thief.close()
    clients = [await TestClient(port).open() for _ in range(2)]
    for seat, client in enumerate(clients):
        welcome = await client.join(code, seat, f"P{seat}", token=tokens[seat])
        assert welcome["type"] == "welcome" and welcome["seat"] == seat and welcome["token"] == tokens[seat]
    await asyncio.gather(*(client.play(random.Random(10 + seat)) for seat, client in enumerate(clients)))
    assert all(client.view["over"] and client.view["result"] for client in clients)
    for client in clients:
        await client.close()



# ----- a dropped client ------------------------------------------------------------------------------------
def test_a_dropped_client_rejoins_its_seat_with_the_view_and_no_replay() -> None:
    with running_host() as host:
        code = host.add_table("newold", [HUMAN, HUMAN, Seat("ai", "random")], seed=8)
        table = host.server.tables[code]

        async def run() -> None:
            clients = [await TestClient(host.port).open() for _ in range(2)]
            for seat, client in enumerate(clients):
                await client.join(code, seat, f"P{seat}")
            await asyncio.gather(*(c.play(random.Random(s), stop_at=8) for s, c in enumerate(clients)))
            dropped = clients[1]
            await dropped.close()
            await clients[0].until("sync")  # the others see the seat go
            assert not clients[0].view["seats"][1]["connected"]
            back = await TestClient(host.port).open()
            welcome = await back.join(code, 1, "P1 again", token=dropped.token)
            assert welcome["type"] == "welcome" and welcome["view"]["pos"] >= dropped.view["pos"]
            assert welcome["view"]["seats"][1] == {"name": "P1 again", "kind": "human", "level": "",
                                                   "taken": True, "connected": True, "standin": ""}
            assert (await clients[0].until("sync"))["view"]["seats"][1]["connected"]
            await asyncio.gather(clients[0].play(random.Random(5)), back.play(random.Random(6)))
            assert back.view["over"] and clients[0].view["result"] == back.view["result"]
            for client in (clients[0], back):
                await client.close()

        asyncio.run(run())
        assert table.match.is_over()


# ----- the command ------------------------------------------------------------------------------------------
@pytest.mark.slow
def test_serve_prints_its_tables_answers_hello_and_stops_on_sigterm(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "game", "serve", "--game", "neko", "--players", "3", "--tables", "2",
               "--seats", "human,human,ai:easy", "--port", "0", "--host", "127.0.0.1", "--dir", str(tmp_path),
               "--no-advertise"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        lines = [process.stdout.readline().split() for _ in range(2)]
        codes = sorted(line[0] for line in lines)
        port = int(lines[0][1].rsplit(":", 1)[1])
        assert [line[2:] for line in lines] == [["neko", "3p", "human,human,ai:easy"]] * 2

        async def hello() -> dict[str, Any]:
            client = await TestClient(port).open()
            await client.send({"type": "hello"})
            answer = await client.receive()
            await client.close()
            return answer

        tables = asyncio.run(hello())["tables"]
        assert sorted(table["code"] for table in tables) == codes
    finally:
        process.send_signal(signal.SIGTERM)
        _, errors = process.communicate(timeout=30)
    assert process.returncode == 128 + signal.SIGTERM, errors
    assert sorted(path.stem for path in tmp_path.glob("*.json")) == codes  # saved for a restart


@pytest.mark.parametrize("argv", [
    ["--game", "chess"], ["--game", "neko", "--players", "9"], ["--game", "neko", "--tables", "0"],
    ["--game", "neko", "--port", "70000"], ["--game", "neko", "--players", "2", "--seats", "human,robot"],
    ["--game", "neko", "--patience", "0"],
])
def test_serve_refuses_bad_arguments_in_one_line(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    from kotatsu.cli import EXIT_USAGE, main

    assert main(["serve", *argv]) == EXIT_USAGE
    error = capsys.readouterr().err
    assert error.startswith("kotatsu: ") and error.count("\n") == 1
