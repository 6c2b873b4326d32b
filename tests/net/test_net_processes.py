"""LAN play across processes, as at an event: ``python -m game serve`` and headless ``python -m
game join`` clients over localhost play a whole neko match; a client killed mid-match (SIGKILL)
and started again reclaims its seat with the token in its data folder, and the match finishes."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.net.client import fetch_tables
from tests.net.test_net_client import free_port

ROOT = Path(__file__).resolve().parents[2]
WAIT = 60.0  # a ceiling for a whole match on a busy machine (never asserted as a time)

pytestmark = pytest.mark.slow  # a whole file of processes, windows or whole matches


def command(*args: str) -> list[str]:
    return [sys.executable, "-m", "game", *args]


def environment(home: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT), "KOTATSU_HOME": str(home), "PYGAME_HIDE_SUPPORT_PROMPT": "1"}


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[tuple[str, str]]:
    """A neko host of two people's seats in its own process: (address, join code)."""
    port = free_port()
    host = subprocess.Popen(
        command("serve", "--port", str(port), "--host", "127.0.0.1", "--game", "neko", "--players", "2",
                "--no-advertise", "--dir", str(tmp_path / "tables")),
        env=environment(tmp_path / "host"), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = host.stdout.readline() if host.stdout else ""
        assert line, host.stderr.read() if host.stderr else "the host printed nothing"
        yield f"127.0.0.1:{port}", line.split()[0]
    finally:
        host.send_signal(signal.SIGTERM)
        host.communicate(timeout=WAIT)


def join(address: str, home: Path, *extra: str) -> subprocess.Popen[str]:
    """A headless bot client in its own process, its token kept in ``home``."""
    return subprocess.Popen(command("join", address, "--agent", "easy", "--json", "--data-dir", str(home), *extra),
                            env=environment(home), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def finished(client: subprocess.Popen[str]) -> dict[str, object]:
    out, err = client.communicate(timeout=WAIT)
    assert client.returncode == 0, err
    return json.loads(out)


def table_pos(address: str, code: str) -> int:
    """How far the table has got (the host's count of changes)."""
    _, tables = fetch_tables(address)
    return next(int(table["pos"]) for table in tables if table["code"] == code)


def test_a_host_and_two_client_processes_play_a_whole_match(serve: tuple[str, str], tmp_path: Path) -> None:
    address, code = serve
    first = join(address, tmp_path / "a", "--table", code, "--seat", "0")
    second = join(address, tmp_path / "b", "--table", code, "--seat", "1")
    one, two = finished(first), finished(second)
    assert one["over"] and two["over"] and one["errors"] == two["errors"] == 0
    assert one["scores"] == two["scores"] and one["ranks"] == two["ranks"]
    assert {one["seat"], two["seat"]} == {0, 1}


def test_a_client_killed_mid_match_comes_back_to_its_seat(serve: tuple[str, str], tmp_path: Path) -> None:
    address, code = serve
    steady = join(address, tmp_path / "a", "--table", code, "--seat", "0", "--think", "0.05")
    doomed = join(address, tmp_path / "b", "--table", code, "--seat", "1", "--think", "0.05")
    deadline = time.monotonic() + WAIT
    while table_pos(address, code) < 6:  # a few moves in: mid-match
        assert time.monotonic() < deadline and doomed.poll() is None
        time.sleep(0.05)
    doomed.kill()  # SIGKILL: no goodbye, the seat's token stays in its data folder
    doomed.communicate(timeout=WAIT)
    stalled = table_pos(address, code)
    back = join(address, tmp_path / "b")  # no table, no seat: the kept token says which
    one, two = finished(steady), finished(back)
    assert two["seat"] == 1 and two["table"] == code
    assert one["over"] and two["over"] and one["scores"] == two["scores"]
    assert table_pos(address, code) > stalled


def test_the_lan_bench_plays_every_match_and_reads_the_hosts_figures() -> None:
    from game.net.loadtest import bench_lan

    figures = bench_lan(2, 2, "neko", workers=1)
    assert figures["errors"] == 0 and figures["seats_finished"] == "4/4"
    assert figures["actions"] > 0 and figures["round_trip_ms"]["max"] >= figures["round_trip_ms"]["p50"] > 0
    assert figures["host_peak_rss_mb"] > 0 and figures["host_cpu_percent"] > 0


def _children(pid: int) -> set[int]:
    """The child processes of ``pid`` (Linux /proc)."""
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        found |= {int(child) for child in (task / "children").read_text().split()}
    return found


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux /proc to list child processes")
def test_the_hosts_ai_processes_die_with_it_even_after_sigkill(tmp_path: Path) -> None:
    port = free_port()
    host = subprocess.Popen(
        command("serve", "--port", str(port), "--host", "127.0.0.1", "--game", "neko", "--players", "2",
                "--seats", "human,ai:easy", "--no-advertise"),
        env=environment(tmp_path / "host"), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    code = (host.stdout.readline() if host.stdout else "").split()[0]
    bot = join(f"127.0.0.1:{port}", tmp_path / "a", "--table", code, "--seat", "0")
    assert finished(bot)["over"]  # the AI seat played: its process pool is up
    workers = _children(host.pid)
    assert workers
    host.kill()
    host.communicate(timeout=WAIT)
    deadline = time.monotonic() + WAIT
    while any(Path(f"/proc/{pid}").exists() and "Z" not in _state(pid) for pid in workers):
        assert time.monotonic() < deadline, f"AI processes {workers} outlived their host"
        time.sleep(0.05)


def _state(pid: int) -> str:
    """The one-letter state of process ``pid`` ("" once it is gone)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return ""
