"""Fault injection over localhost: every game's match is played by bots through a proxy that
drops (taking the link down), delays and duplicates frames, while clients are killed and started
again with their token and the host is killed with SIGKILL and restarted on its folder.

Every match finishes; no acknowledged move is lost (each bot's acknowledged moves are in the
final log, in order, once); no seat is stuck; a host kill resumes at or after every position a
client was shown; and where one seat moves at a time the match is exactly the one the bots'
deterministic play makes.

Bounded for CI (one match per game, all at once); ``KOTATSU_FAULT_MATCHES=N`` plays N matches
of every game and prints the figures.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game.core.match import Match
from game.core.registry import GAME_IDS, get_rules
from game.net import connection
from game.net.client import BotStats, JoinError, play_bot
from game.net.host import TableHost
from game.net.loadtest import free_port
from tests.fault_proxy import FaultyProxy
from tests.net.test_net_durable import _start_host, _table_file, resumed, the_bots_match

MATCHES = int(os.environ.get("KOTATSU_FAULT_MATCHES", "1"))
HOST_KILLS = 1  # per match
LEVELS = {"noaron": "easy"}  # the bots' agent (random ones wander for a thousand moves in ノアロン)
WAIT = 240.0  # a ceiling for one match on a busy machine (never asserted as a time)

pytestmark = pytest.mark.slow  # a whole file of processes, windows or whole matches


class Seats:
    """The bots of one table: each seat's current bot task, token, moves and positions seen."""

    def __init__(self, address: str, code: str, players: int, level: str) -> None:
        self.address = address
        self.level = level
        self.code = code
        self.tokens: dict[int, str] = {}
        self.stats = [BotStats() for _ in range(players)]
        self.shown: list[int] = []
        self.tasks = {seat: self._start(seat) for seat in range(players)}
        self.kills = 0

    def _witness(self, seat: int) -> Callable[[str, dict[str, Any]], None]:
        def heard(kind: str, message: dict[str, Any]) -> None:
            if kind in ("welcome", "update", "sync"):
                self.shown.append(message["view"]["pos"])
            if kind == "welcome":
                self.tokens[seat] = message["token"]
        return heard

    def _start(self, seat: int) -> asyncio.Task[dict[str, Any]]:
        return asyncio.create_task(self._bot(seat))

    async def _bot(self, seat: int) -> dict[str, Any]:
        """One seat's bot; a restarted one tries again while the host is down (as its
        supervisor would): the first join of a session ends it when it fails."""
        while True:
            try:
                return await play_bot(self.address, self.code, seat, self.level, f"bot {seat}",
                                      stats=self.stats[seat], keep_token=False, think=0.0,
                                      token=self.tokens.get(seat), witness=self._witness(seat), timeout=10.0)
            except JoinError as error:
                if error.reason != "net.reason.no_host":
                    raise
                await asyncio.sleep(0.2)

    def done(self) -> bool:
        return all(task.done() for task in self.tasks.values())

    async def kill_one(self, rng: random.Random) -> None:
        """Kill one seat's bot mid-match and start it again with its token."""
        alive = [seat for seat, task in self.tasks.items() if not task.done() and seat in self.tokens]
        if not alive:
            return
        seat = rng.choice(alive)
        task = self.tasks[seat]
        while not task.done():  # (a cancel that meets a finishing wait can be swallowed: again)
            task.cancel()
            await asyncio.wait([task], timeout=0.5)
        if task.cancelled():
            self.tasks[seat] = self._start(seat)
        self.kills += 1


async def _one_match(game_id: str, folder: Path, rng: random.Random) -> dict[str, Any]:
    players = get_rules(game_id).min_players
    port = free_port()
    host = [_start_host(port, folder, game_id, players)]
    checks: list[tuple[int, int]] = []
    try:
        code = _table_file(folder).stem
        async with FaultyProxy(f"ws://127.0.0.1:{port}", rng) as proxy:
            seats = Seats(f"127.0.0.1:{proxy.port}", code, players, LEVELS.get(game_id, "random"))
            deadline = time.monotonic() + WAIT
            while not seats.done() and time.monotonic() < deadline:
                await asyncio.sleep(rng.uniform(0.05, 0.3))
                roll = rng.random()
                if seats.done():
                    break
                if checks and roll < 0.5:
                    proxy.cut_all()
                elif checks and roll < 0.9 or len(checks) >= HOST_KILLS:
                    await seats.kill_one(rng)
                else:  # the first fault of a match: the host dies
                    host[0].send_signal(signal.SIGKILL)
                    host[0].wait()
                    await asyncio.sleep(0.05)
                    checks.append((max(seats.shown, default=0), resumed(folder).pos))
                    host[0] = await asyncio.to_thread(_start_host, port, folder, game_id, players)
            results = await asyncio.wait_for(asyncio.gather(*seats.tasks.values()), 30.0)
    finally:
        host[0].send_signal(signal.SIGTERM)
        await asyncio.to_thread(host[0].wait, 30)
    final = TableHost.load(_table_file(folder))
    return {"game": game_id, "results": results, "checks": checks, "final": final, "seats": seats,
            "proxy": proxy.figures}


def _is_subsequence(moves: list[str], log: list[str]) -> bool:
    rest = iter(log)
    return all(any(move == entry for entry in rest) for move in moves)


def _check(outcome: dict[str, Any]) -> None:
    game_id, final, seats = outcome["game"], outcome["final"], outcome["seats"]
    assert all(result["over"] for result in outcome["results"]), (game_id, outcome["results"])
    assert final.match.is_over(), game_id
    for seen, restored in outcome["checks"]:
        assert seen <= restored, f"{game_id}: a client saw position {seen}, the host resumed at {restored}"
    match: Match = final.match
    for seat, stats in enumerate(seats.stats):
        own = [entry.action for entry in match.log if entry.seat == seat]
        assert _is_subsequence(stats.played, own), f"{game_id}: an acknowledged move of seat {seat} is lost"
    if _one_at_a_time(game_id, match.players):
        assert [entry.action for entry in match.log] == the_bots_match(final, seats.level), game_id


def _one_at_a_time(game_id: str, players: int) -> bool:
    """True for a game where one seat moves at a time (the bots' play then fixes the match)."""
    return game_id in ("neko", "noaron", "nostalgic")


async def _all_games(folder: Path, seed: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    return await asyncio.gather(*(_one_match(game_id, folder / game_id, random.Random(rng.random()))
                                  for game_id in GAME_IDS))


def test_every_game_finishes_through_drops_duplicates_delays_and_kills(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(connection, "FIRST_DELAY", 0.1)  # the bots come back quickly: the faults are the test
    monkeypatch.setattr(connection, "MAX_DELAY", 0.3)
    figures: Counter[str] = Counter()
    started = time.monotonic()
    for number in range(MATCHES):
        for outcome in asyncio.run(_all_games(tmp_path / f"round{number}", 1000 + number)):
            _check(outcome)
            figures.update(outcome["proxy"])
            figures["matches"] += 1
            figures["moves"] += len(outcome["final"].match.log)
            figures["client_kills"] += outcome["seats"].kills
            figures["host_kills"] += len(outcome["checks"])
            figures["reconnects"] += sum(result["reconnects"] for result in outcome["results"])
    print(f"\nfault injection: {dict(sorted(figures.items()))} in {time.monotonic() - started:.1f} s")
    assert figures["matches"] == MATCHES * len(GAME_IDS)
    assert figures["cuts"] and figures["client_kills"] and figures["host_kills"]
