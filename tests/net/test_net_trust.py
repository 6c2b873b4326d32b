"""A LAN table people can trust, over real websockets on localhost: a lost act is re-sent and
applied once, the client's reconnect loop survives whatever a host does, a client that never
reads is cut off, connections are capped, a person away too long is played by the AI and gets
the seat back, the host frees a seat, private tables stay unlisted, and guesses are rate-limited.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.server import serve
from websockets.exceptions import ConnectionClosed, InvalidStatus

from game.core.match import Seat
from game.net import admission, connection, peer, server
from game.net.client import play_bot
from game.net.connection import Session
from game.net.loadtest import free_port
from game.net.protocol import PROTOCOL
from tests.fault_proxy import FaultyProxy
from tests.net_harness import TIMEOUT, TestClient, running_host

HUMAN = Seat("human")


@pytest.fixture(autouse=True)
def own_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test is one computer (its seat tokens in its own data folder); quick reconnects."""
    monkeypatch.setenv("KOTATSU_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(connection, "FIRST_DELAY", 0.05)
    monkeypatch.setattr(connection, "MAX_DELAY", 0.2)


async def _until(done: Any, what: str) -> None:
    for _ in range(int(TIMEOUT / 0.02)):
        if done():
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"never: {what}")


# ----- a lost act ------------------------------------------------------------------------------------------
class LosesFirstActs(FaultyProxy):
    """A proxy whose link goes down with each of the first ``count`` acts sent through it."""

    def __init__(self, upstream: str, count: int) -> None:
        super().__init__(upstream, random.Random(0), drop=0.0, duplicate=0.0, delay=0.0)
        self.left = count

    async def _pump(self, source: Any, target: Any, direction: str) -> None:
        with contextlib.suppress(ConnectionClosed, OSError):
            async for frame in source:
                if direction == "up" and self.left and '"type":"act"' in frame:
                    self.left -= 1
                    self.figures["lost_acts"] += 1
                    return  # the act and its link are gone
                await target.send(frame)


def test_a_lost_act_is_sent_again_and_the_match_goes_on() -> None:
    with running_host() as host:
        code = host.add_table("neko", [HUMAN, HUMAN], seed=4)

        async def run() -> list[dict[str, Any]]:
            async with LosesFirstActs(f"ws://127.0.0.1:{host.port}", 3) as proxy:
                bots = [play_bot(f"127.0.0.1:{proxy.port}", code, seat, "random", f"bot {seat}", keep_token=False)
                        for seat in (0, 1)]
                results = await asyncio.wait_for(asyncio.gather(*bots), TIMEOUT)
                assert proxy.figures["lost_acts"] == 3
                return results

        results = asyncio.run(run())
        assert all(result["over"] for result in results)
        assert host.server.tables[code].match.is_over()


def test_an_act_sent_twice_is_applied_once() -> None:
    with running_host() as host:
        code = host.add_table("neko", [HUMAN, HUMAN], seed=4)
        table = host.server.tables[code]

        async def run() -> None:
            client = await TestClient(host.port).open()
            await client.join(code, table.match.to_move()[0])
            act = {"type": "act", "seq": 7, "action": client.view["legal"][0]}
            for _ in range(2):
                await client.send(act)
                assert (await client.until("ack", "refused"))["type"] == "ack"
            await client.close()

        asyncio.run(run())
        assert table.pos == 1 and len(table.match.log) == 1


# ----- the reconnect loop ends only when asked ------------------------------------------------------------
async def _bad_host(port: int, deep: bool) -> Any:
    """A host on ``port`` that accepts and hangs up (or sends a 6 KB nested frame first)."""
    async def handler(ws: Any) -> None:
        if deep:
            with contextlib.suppress(Exception):
                await ws.recv()
                await ws.send(f'{{"v":{PROTOCOL},"type":"sync","view":{"[" * 3000 + "]" * 3000}}}')
        await ws.close()

    return await serve(handler, "127.0.0.1", port)


@pytest.mark.parametrize("deep", [False, True], ids=["accepted-then-closed", "deep-frame"])
def test_the_reconnect_loop_outlives_a_host_that_misbehaves(tmp_path: Path, deep: bool) -> None:
    port = free_port()
    host = _restart(tmp_path, port)
    code = host.add_table("neko", [HUMAN, HUMAN], seed=4)

    async def run() -> None:
        session = Session(f"127.0.0.1:{port}", code, 0, "P0")
        runner = asyncio.create_task(session.run(2.0))
        await _until(lambda: session.joined is not None and session.joined.done(), "the first join")
        session.joined.result()
        await asyncio.to_thread(host.stop)
        bad = await _bad_host(port, deep)
        await _until(lambda: session.reconnects >= 1 and session.status == "reconnecting", "a reconnect")
        await asyncio.sleep(1.0)  # several attempts against the bad host
        assert not runner.done() and session.status != "closed"
        bad.close()
        await bad.wait_closed()
        again = await asyncio.to_thread(_restart, tmp_path, port)
        try:
            await _until(lambda: session.status == "connected", "the seat back")
        finally:
            session.stop()
            await asyncio.wait_for(runner, TIMEOUT)
            await asyncio.to_thread(again.stop)

    asyncio.run(run())


def _restart(tables_dir: Path, port: int) -> Any:
    return server.start_in_thread(port=port, tables_dir=tables_dir, advertise=False, host="127.0.0.1",
                                  workers=0, ai_pause=0.0)


# ----- a client that never reads ----------------------------------------------------------------------------
def test_a_client_that_never_reads_is_cut_off_and_others_are_served(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(peer, "MAX_OUTBOX", 32 << 10)
    from websockets.asyncio.client import connect

    with running_host() as host:
        for _ in range(50):  # big answers to every hello
            host.add_table("neko", [HUMAN, HUMAN, HUMAN, HUMAN])

        async def run() -> None:
            hello = json.dumps({"v": PROTOCOL, "type": "hello"})
            async with connect(f"ws://127.0.0.1:{host.port}", max_queue=1, ping_interval=None) as mute:
                with pytest.raises(ConnectionClosed):
                    for _ in range(100000):
                        await mute.send(hello)
                        await asyncio.sleep(0.001)
            good = await TestClient(host.port).open()
            await good.send({"type": "ping", "seq": 3})
            assert (await good.receive())["type"] == "pong"
            await good.close()

        asyncio.run(run())


class _StuckSocket:
    """A connection whose reader never reads: a send never completes; the cut is recorded."""

    def __init__(self) -> None:
        self.aborted = False
        self.transport = self

    def abort(self) -> None:
        self.aborted = True

    async def send(self, text: str) -> None:
        await asyncio.Event().wait()


def test_a_message_left_unread_too_long_cuts_the_client_off_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(peer, "STALL", 0.2)
    monkeypatch.setattr(server, "WATCH_EVERY", 0.05)

    async def run() -> bool:
        host = server.Server()
        stuck = _StuckSocket()
        client = peer.Client(stuck, "10.0.0.7")  # type: ignore[arg-type]
        host.admission.opened(client)
        writer = asyncio.create_task(client.write())
        client.send({"type": "pong", "seq": 1})
        client.send({"type": "pong", "seq": 2})  # queued behind: the cut does not wait for it
        watcher = asyncio.create_task(host.watch())
        await _until(lambda: stuck.aborted, "the cut")
        watcher.cancel()
        writer.cancel()
        return client.closing

    assert asyncio.run(run())


def test_connections_are_capped_per_address_and_in_total() -> None:
    with running_host(max_per_address=2, max_connections=3, cap_loopback=True) as host:
        async def run() -> None:
            uri = f"ws://127.0.0.1:{host.port}"
            from websockets.asyncio.client import connect

            first = [await connect(uri) for _ in range(2)]
            with pytest.raises(InvalidStatus) as refused:
                await connect(uri)
            assert refused.value.response.status_code == 503
            for ws in first:
                await ws.close()
            await _until(lambda: not host.server.admission.open_connections, "the connections counted out")
            again = await connect(uri)
            await again.close()

        asyncio.run(run())


# ----- seats: away, freed, private, guessed -------------------------------------------------------------
def test_a_person_away_too_long_is_played_by_the_ai_and_gets_the_seat_back(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(server, "WATCH_EVERY", 0.05)
    with running_host(patience=0.2, standin_level="random") as host:
        code = host.add_table("neko", [HUMAN, HUMAN], seed=4)
        table = host.server.tables[code]

        async def run() -> None:
            stays, leaves = await TestClient(host.port).open(), await TestClient(host.port).open()
            first = table.match.to_move()[0]
            await stays.join(code, 1 - first)
            await leaves.join(code, first)
            token = leaves.token
            await leaves.close()  # away while to move: after the patience the AI moves for them
            sync = await stays.until("update")
            assert table.pos >= 1 and sync["view"]["seats"][first]["standin"] == "random"
            back = await TestClient(host.port).open()
            welcome = await back.join(code, first, token=token)
            assert welcome["type"] == "welcome" and welcome["view"]["seats"][first]["standin"] == ""
            assert first not in table.standins
            await stays.close()
            await back.close()

        asyncio.run(run())


def test_the_host_frees_a_seat_for_someone_else() -> None:
    with running_host() as host:
        code = host.add_table("neko", [HUMAN, HUMAN], seed=4)

        async def run() -> None:
            squatter = await TestClient(host.port).open()
            await squatter.join(code, 0)
            await asyncio.to_thread(host.free_seat, code, 0)
            bye = await squatter.until("bye")
            assert bye["reason"] == "net.reason.seat_freed"
            again = await TestClient(host.port).open()
            assert (await again.join(code, 0, token=squatter.token))["reason"] == "net.reason.stale_token"
            newcomer = await TestClient(host.port).open()
            assert (await newcomer.join(code, 0, "Real"))["type"] == "welcome"
            for client in (squatter, again, newcomer):
                await client.close()

        asyncio.run(run())


def test_a_private_table_is_joined_by_code_only_and_guesses_are_rate_limited() -> None:
    with running_host() as host:
        listed = host.add_table("neko", [HUMAN, HUMAN])
        private = host.add_table("neko", [HUMAN, HUMAN], private=True)

        async def run() -> None:
            client = await TestClient(host.port).open()
            await client.send({"type": "hello"})
            tables = (await client.until("tables"))["tables"]
            assert [table["code"] for table in tables] == [listed]
            guesses = [await client.join("ACDEFHJK", 0) for _ in range(admission.GUESSES)]
            assert all(answer["reason"] == "net.reason.no_table" for answer in guesses)
            assert (await client.join(private, 0))["reason"] == "net.reason.slow_down"  # even the right one
            await client.close()

        asyncio.run(run())

    with running_host() as host:  # a friend told the code (another address: a fresh host here)
        private = host.add_table("neko", [HUMAN, HUMAN], private=True)

        async def join_private() -> tuple[list[str], dict[str, Any]]:
            friend = await TestClient(host.port).open()
            await friend.send({"type": "hello", "code": private})  # the code finds the private table
            found = [table["code"] for table in (await friend.until("tables"))["tables"]]
            answer = await friend.join(private, 1, "Friend")
            await friend.close()
            return found, answer

        found, answer = asyncio.run(join_private())
        assert found == [private] and answer["type"] == "welcome"


def test_the_apps_remote_table_sends_a_lost_move_again() -> None:
    from game.net.client import RemoteMatch

    with running_host() as host:
        code = host.add_table("neko", [HUMAN, HUMAN], seed=4)
        table = host.server.tables[code]
        mover = table.match.to_move()[0]
        loop = asyncio.new_event_loop()
        proxy = LosesFirstActs(f"ws://127.0.0.1:{host.port}", 1)
        loop.run_until_complete(proxy.__aenter__())
        runner = threading.Thread(target=loop.run_forever, daemon=True)
        runner.start()
        remote = RemoteMatch.connect(f"127.0.0.1:{proxy.port}", code, mover, "me")
        try:
            remote.apply(mover, remote.legal_actions(mover)[0])  # its link goes down with it
            for _ in range(int(TIMEOUT / 0.02)):
                remote.poll()
                if remote.view.pos == 1 and remote.connected:
                    break
                time.sleep(0.02)
            assert table.pos == 1 and remote.view.pos == 1 and proxy.figures["lost_acts"] == 1
            assert mover not in remote.to_move()
        finally:
            remote.close()
            asyncio.run_coroutine_threadsafe(proxy.__aexit__(), loop).result(10)
            loop.call_soon_threadsafe(loop.stop)
            runner.join(5)


class SlowAcks(FaultyProxy):
    """A proxy that holds every frame from the host for a while once a move has been sent."""

    def __init__(self, upstream: str) -> None:
        super().__init__(upstream, random.Random(0), drop=0.0, duplicate=0.0, delay=0.0)
        self.moved = False

    async def _pump(self, source: Any, target: Any, direction: str) -> None:
        with contextlib.suppress(ConnectionClosed, OSError):
            async for frame in source:
                if direction == "up" and '"type":"act"' in frame:
                    self.moved = True
                elif direction == "down" and self.moved:
                    await asyncio.sleep(1.5)  # the update and the ack come late, in order
                await target.send(frame)


def test_a_move_still_on_its_way_is_not_offered_again() -> None:
    from game.net.client import ACK_WAIT, RemoteMatch

    with running_host() as host:
        code = host.add_table("neko", [HUMAN, HUMAN], seed=4)
        mover = host.server.tables[code].match.to_move()[0]
        loop = asyncio.new_event_loop()
        proxy = SlowAcks(f"ws://127.0.0.1:{host.port}")
        loop.run_until_complete(proxy.__aenter__())
        runner = threading.Thread(target=loop.run_forever, daemon=True)
        runner.start()
        remote = RemoteMatch.connect(f"127.0.0.1:{proxy.port}", code, mover, "me")
        try:
            assert remote.apply(mover, remote.legal_actions(mover)[0]) == []  # no answer in ACK_WAIT
            assert ACK_WAIT < 1.5 and remote.view.pos == 0
            assert mover not in remote.to_move()  # the table offers no second move meanwhile
        finally:
            remote.close()
            asyncio.run_coroutine_threadsafe(proxy.__aexit__(), loop).result(10)
            loop.call_soon_threadsafe(loop.stop)
            runner.join(5)
