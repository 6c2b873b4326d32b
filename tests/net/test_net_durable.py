"""A host killed with SIGKILL at random moments loses no move anyone was shown.

``python -m game serve --dir`` runs in its own process; two bot sessions play its neko table.
At random moments the host is killed (kill -9) and started again on the same port and folder;
the bots reconnect by themselves. After each kill the table the new host will resume (its file
plus its write-ahead log, read as the host reads them) is at or after every position any client
was shown, and every finished match is the one the bots' deterministic play makes: no move was
lost, none replayed differently.

Bounded for CI (ten kills over three matches); ``KOTATSU_KILLS=50`` runs a bigger count.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game.ai.base import decision_seed, make_agent
from game.core.match import Match
from game.net import connection, journal
from game.net.client import play_bot, table_salt
from game.net.host import TableHost
from game.net.loadtest import free_port

ROOT = Path(__file__).resolve().parents[2]
KILLS = int(os.environ.get("KOTATSU_KILLS", "10"))
KILLS_PER_MATCH = 4
WAIT = 120.0  # a ceiling for one match on a busy machine (never asserted as a time)

pytestmark = pytest.mark.slow  # a whole file of processes, windows or whole matches


def _start_host(port: int, folder: Path, game_id: str = "neko", players: int = 2) -> subprocess.Popen[str]:
    """``serve`` of one table of ``players`` people, kept in ``folder``; returns once it listens."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "KOTATSU_HOME": str(folder / "home"),
           "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    host = subprocess.Popen(
        [sys.executable, "-m", "game", "serve", "--game", game_id, "--players", str(players), "--port", str(port),
         "--host", "127.0.0.1", "--dir", str(folder / "tables"), "--no-advertise"],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert host.stdout is not None and host.stdout.readline(), "the host did not start"
    return host


def _table_file(folder: Path) -> Path:
    """The host's table file (written just after it starts listening)."""
    deadline = time.monotonic() + WAIT
    while not (found := list((folder / "tables").glob("*.json"))) and time.monotonic() < deadline:
        time.sleep(0.02)
    (path,) = found
    return path


def resumed(folder: Path) -> TableHost:
    """The table a restarted host resumes: its file, then its write-ahead log after it."""
    path = _table_file(folder)
    table = TableHost.load(path)
    for entry in journal.read_entries(journal.path_for(path), table.entries):
        table.replay(entry)
    return table


def the_bots_match(table: TableHost, level: str = "random") -> list[str]:
    """The moves the bots' play makes, from the start, in the table's game and seed: each seat's
    ``level`` agent seeded by (table, position, seat) as ``play_bot`` seeds it."""
    match = Match(table.match.game_id, list(table.match.seats), table.match.seed, dict(table.match.options))
    agent = make_agent(match.game_id, level)
    salt = table_salt(table.code)
    while not match.is_over():
        seat = match.to_move()[0]
        rng = random.Random(decision_seed(salt, len(match.log), seat))
        match.apply(seat, agent.choose(match.observe(seat), match.legal_actions(seat), rng, 0.0))
    return [entry.action for entry in match.log]


async def _play_with_kills(port: int, folder: Path, code: str, kills: int, host: list[subprocess.Popen[str]],
                           rng: random.Random) -> list[tuple[int, int]]:
    """Play the table with two bots while the host is killed ``kills`` times; per kill, the
    highest position shown before it and the position the restarted host resumes."""
    shown: list[list[int]] = [[], []]
    def witness(seat: int) -> Callable[[str, dict[str, Any]], None]:
        def heard(kind: str, message: dict[str, Any]) -> None:
            if kind in ("welcome", "update", "sync"):
                shown[seat].append(message["view"]["pos"])
        return heard

    bots = [asyncio.create_task(play_bot(f"127.0.0.1:{port}", code, seat, "random", f"bot {seat}",
                                         keep_token=False, think=0.03, witness=witness(seat), timeout=10.0))
            for seat in (0, 1)]
    while not all(shown) and not all(bot.done() for bot in bots):  # both seated: the match is on
        await asyncio.sleep(0.01)
    checks = []
    for _ in range(kills):
        await asyncio.sleep(rng.uniform(0.05, 0.8))
        if all(bot.done() for bot in bots):
            break
        host[0].send_signal(signal.SIGKILL)
        host[0].wait()
        await asyncio.sleep(0.05)  # what the dead host had handed to the kernel arrives now
        seen = max((pos for one in shown for pos in one), default=0)
        checks.append((seen, resumed(folder).pos))
        host[0] = await asyncio.to_thread(_start_host, port, folder)
    results = await asyncio.wait_for(asyncio.gather(*bots), WAIT)
    assert all(result["over"] for result in results), results
    return checks


def test_a_host_killed_at_random_moments_loses_no_move_anyone_saw(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    # the bots come back quickly (the back-off is for a real network; the kills are the test)
    monkeypatch.setattr(connection, "FIRST_DELAY", 0.1)
    monkeypatch.setattr(connection, "MAX_DELAY", 0.3)
    rng = random.Random(31)
    done = 0
    for number in range(max(1, -(-KILLS // KILLS_PER_MATCH))):
        folder = tmp_path / f"match{number}"
        port = free_port()
        host = [_start_host(port, folder)]
        try:
            code = _table_file(folder).stem
            checks = asyncio.run(_play_with_kills(port, folder, code, min(KILLS_PER_MATCH, KILLS - done),
                                                  host, rng))
        finally:
            host[0].send_signal(signal.SIGTERM)
            host[0].wait(30)
        done += len(checks)
        for seen, restored in checks:
            assert seen <= restored, f"a client was shown position {seen}, the host resumed at {restored}"
        final = TableHost.load(next((folder / "tables").glob("*.json")))
        assert final.match.is_over()
        assert [entry.action for entry in final.match.log] == the_bots_match(final)
    assert done >= min(KILLS, 3)  # the kills happened mid-match (not all after the end)
    print(f"\n{done} host kills over {number + 1} matches: no move lost")
