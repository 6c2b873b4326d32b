"""``python -m game bench lan``: a LAN host under load, measured from its clients.

It starts ``python -m game serve`` in a subprocess with T tables of B people's seats, then T*B
bot clients spread over a few worker processes (many asyncio clients each, cheap agents so the
bots cost little CPU). Every act's round trip (sent -> the host's ack, which comes after the
update of every client of the table) is timed. The report: p50/p99/max round trip in ms,
actions per second, errors, matches finished, and the host's CPU (percent of one core, from
``/proc/<pid>/stat``) and peak RSS (``VmHWM`` in ``/proc/<pid>/status``).

A worker is this module run as ``python -m game.net.loadtest worker ADDRESS LEVEL SECONDS
THINK PLAYERS CODE...``; it prints one JSON line.

The host and the workers die with the bench: a stop signal ends them in the bench's ``finally``,
and after a ``kill -9`` of the bench the kernel sends them SIGTERM (``stop.follow_parent``).

``python -m game.net.loadtest silent ADDRESS HOST_PID CLIENTS SECONDS [PROTOCOL]`` measures a
running host against clients that say ``hello`` over and over and never read: the host's
resident memory each second and how soon each such client is cut off.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from game.core import stop
from game.net.client import BotStats, play_bot
from game.net.connection import JoinError

ROOT = Path(__file__).resolve().parents[2]
CODE = re.compile(r"^([A-Z]{4,12}) ")
JOIN_TIMEOUT = 60.0  # seconds a bot may wait to be welcomed when hundreds connect at once
MAX_WORKERS = 4


def free_port() -> int:
    """A localhost port nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _environment(cert: Path | None = None) -> dict[str, str]:
    """The host's and the workers' environment: this checkout importable, and they die with us
    (with ``cert``: the workers trust that certificate, as ``SSL_CERT_FILE`` does)."""
    path = os.environ.get("PYTHONPATH", "")
    trust = {"SSL_CERT_FILE": str(cert)} if cert is not None else {}
    return stop.child_environment({**os.environ, "PYTHONPATH": f"{ROOT}{os.pathsep}{path}" if path else str(ROOT),
                                   "PYGAME_HIDE_SUPPORT_PROMPT": "1", **trust})


def self_signed(folder: Path) -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1 and localhost in ``folder`` (``openssl``): the
    bench's TLS host. ``RuntimeError`` when openssl is not installed."""
    import shutil

    if shutil.which("openssl") is None:
        raise RuntimeError("bench lan --tls needs the openssl command to make a test certificate")
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", str(key), "-out", str(cert),
                    "-days", "2", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"],
                   check=True, capture_output=True, timeout=60)
    return cert, key


# ----- the host's figures from /proc ----------------------------------------------------------------
def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of process ``pid`` so far (Linux ``/proc``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def children(pid: int) -> list[int]:
    """The child processes of ``pid`` now (Linux ``/proc``): the host's AI pool."""
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            found += [int(child) for child in (task / "children").read_text().split()]
        except OSError:
            continue
    return found


def children_cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of the live children of ``pid`` (the AI pool's processes)."""
    total = 0.0
    for child in children(pid):
        try:
            total += cpu_seconds(child)
        except (OSError, IndexError, ValueError):
            continue
    return total


def peak_rss_mb(pid: int) -> float:
    """The peak resident set of process ``pid`` in MiB (``VmHWM``)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return 0.0


# ----- a worker: many bots on one loop -------------------------------------------------------------
async def _worker(address: str, level: str, seconds: float, think: float, players: int,
                  codes: list[str]) -> dict[str, Any]:
    stats = BotStats()
    stop_at = asyncio.get_running_loop().time() + seconds

    async def one(code: str, seat: int) -> bool:
        try:
            result = await play_bot(address, code, seat, level, f"bot {seat}", stats=stats, stop_at=stop_at,
                                    timeout=JOIN_TIMEOUT, keep_token=False, think=think)
        except JoinError as error:
            stats.errors.append(f"join {code}/{seat}: {error.text}")
            return False
        return bool(result["over"])

    done = await asyncio.gather(*(one(code, seat) for code in codes for seat in range(players)))
    return {"round_trips": stats.round_trips, "errors": stats.errors, "actions": stats.actions,
            "seats_finished": sum(done)}


def worker_main(argv: list[str]) -> int:
    """``worker ADDRESS LEVEL SECONDS THINK PLAYERS CODE...``: play, print one JSON line."""
    stop.follow_parent()  # SIGTERM (its default: end) once the bench is gone
    address, level, seconds, think, players, *codes = argv
    print(json.dumps(asyncio.run(_worker(address, level, float(seconds), float(think), int(players), codes))))
    return 0


# ----- the bench --------------------------------------------------------------------------------------
def _start_host(game_id: str, tables: int, players: int, port: int,
                tables_dir: Path | None = None, tls: tuple[Path, Path] | None = None,
                ai: int = 0) -> tuple[subprocess.Popen[str], list[str]]:
    """``serve`` in a subprocess (keeping its tables in ``tables_dir``: every move synced to the
    disk before its ack; with ``tls`` (certificate, key) serving wss://; with ``ai`` AI seats
    (Normal) after the ``players`` people's seats); it and its tables' join codes once it listens."""
    keep = ["--dir", str(tables_dir)] if tables_dir is not None else []
    if tls is not None:
        keep += ["--tls-cert", str(tls[0]), "--tls-key", str(tls[1]), "--idle-expire", "0"]
    seats = ",".join(["human"] * players + ["ai:normal"] * ai)
    host = subprocess.Popen(
        [sys.executable, "-m", "game", "serve", "--port", str(port), "--host", "127.0.0.1", "--game", game_id,
         "--seats", seats, "--tables", str(tables), "--no-advertise", *keep],
        env=_environment(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    codes: list[str] = []
    assert host.stdout is not None
    try:
        while len(codes) < tables:
            line = host.stdout.readline()
            if not line:
                error = host.stderr.read() if host.stderr else ""
                raise RuntimeError(f"the host stopped before listening: {error.strip()[-300:]}")
            found = CODE.match(line)
            if found:
                codes.append(found.group(1))
    except BaseException:  # a stop signal while it starts: it goes with us
        _end(host)
        raise
    return host, codes


def _end(process: subprocess.Popen[str], timeout: float = 30.0) -> None:
    """SIGTERM ``process`` and wait for it (killed if it outstays ``timeout`` s)."""
    if process.poll() is not None:
        return  # done already (its output was read)
    process.send_signal(signal.SIGTERM)
    try:
        process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()


def _percentile(values: list[float], share: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def bench_lan(tables: int, bots: int = 4, game_id: str = "neko", seconds: float | None = None,
              level: str = "easy", workers: int | None = None, think: float = 0.0,
              tables_dir: Path | None = None, tls: bool = False, ai: int = 0) -> dict[str, Any]:
    """Play ``tables`` tables of ``bots`` bot clients against one ``serve`` process (see the
    module docstring); the figures. ``seconds`` caps the run (default: until every match ends);
    ``think`` seconds pass before each bot move (0: as fast as they can; about 1-3 is a person).
    With ``tables_dir`` the host keeps its tables there (its write-ahead log is then measured too).
    With ``tls`` the host serves wss:// with a self-signed certificate the bots trust (its TLS
    handshakes and encryption are measured too); ``ai`` AI seats (Normal) join each table's bots."""
    import tempfile

    workers = workers or max(1, min(MAX_WORKERS, tables // 25 + 1))
    port = free_port()
    folder = tempfile.TemporaryDirectory(prefix="kotatsu-bench-")
    certificate = self_signed(Path(folder.name)) if tls else None
    try:
        host, codes = _start_host(game_id, tables, bots, port, tables_dir, certificate, ai)
    except BaseException:
        folder.cleanup()
        raise
    address = f"wss://127.0.0.1:{port}" if tls else f"127.0.0.1:{port}"
    runs: list[subprocess.Popen[str]] = []
    try:
        cpu_before, started = cpu_seconds(host.pid), time.monotonic()
        shares = [codes[index::workers] for index in range(workers)]
        cap = seconds if seconds is not None else 3600.0
        for share in (share for share in shares if share):
            runs.append(subprocess.Popen(
                [sys.executable, "-m", "game.net.loadtest", "worker", address, level, str(cap),
                 str(think), str(bots), *share], env=_environment(certificate[0] if certificate else None),
                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True))
        outputs = [run.communicate() for run in runs]
        wall = time.monotonic() - started
        cpu = cpu_seconds(host.pid) - cpu_before
        ai_cpu = children_cpu_seconds(host.pid)  # the pool starts with the first AI move: all of it is this run's
        rss = peak_rss_mb(host.pid)
    finally:  # also on a stop signal: the workers (still playing then) first, then the host
        for run in runs:
            _end(run, timeout=5.0)
        _end(host)
        folder.cleanup()
    figures = _figures(tables, bots, game_id, level, outputs, wall, cpu, rss, len(runs))
    figures["think_s"] = think
    figures["tls"] = tls
    figures["ai_seats_per_table"] = ai
    figures["ai_pool_cpu_percent"] = 100 * ai_cpu / wall if wall else 0.0
    return figures


def _figures(tables: int, bots: int, game_id: str, level: str, outputs: list[tuple[str, str]], wall: float,
             cpu: float, rss: float, workers: int) -> dict[str, Any]:
    """The bench's report from the workers' JSON lines and the host's figures."""
    trips: list[float] = []
    errors: list[str] = []
    actions = finished = 0
    for out, err in outputs:
        try:
            data = json.loads(out.strip().splitlines()[-1])
        except (ValueError, IndexError):
            errors.append(f"a worker failed: {err.strip()[-200:]}")
            continue
        trips.extend(data["round_trips"])
        errors.extend(data["errors"])
        actions += data["actions"]
        finished += data["seats_finished"]
    return {
        "game": game_id, "tables": tables, "bots_per_table": bots, "agent": level, "bot_processes": workers,
        "seconds": wall, "actions": actions, "actions_per_s": actions / wall if wall else 0.0,
        "round_trip_ms": {"p50": 1000 * _percentile(trips, 0.5), "p99": 1000 * _percentile(trips, 0.99),
                          "max": 1000 * max(trips, default=0.0),
                          "mean": 1000 * statistics.fmean(trips) if trips else 0.0},
        "errors": len(errors), "first_errors": "; ".join(errors[:3]),
        "seats_finished": f"{finished}/{tables * bots}",
        "host_cpu_percent": 100 * cpu / wall if wall else 0.0, "host_peak_rss_mb": rss,
    }


# ----- clients that never read ---------------------------------------------------------------------------
def rss_mb(pid: int) -> float:
    """The resident set of process ``pid`` now, in MiB (``VmRSS``)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


async def _silent_client(uri: str, seconds: float, version: int, started: float) -> float | None:
    """Say hello 20 times a second without reading (the socket's reader stops after one frame);
    the seconds until the host cut it off, or None when it never did."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed

    hello = json.dumps({"v": version, "type": "hello"})
    loop = asyncio.get_running_loop()
    try:
        async with connect(uri, max_queue=1, compression=None, proxy=None, ping_interval=None,
                           open_timeout=30) as ws:
            while loop.time() - started < seconds:
                await ws.send(hello)
                await asyncio.sleep(0.05)
    except (ConnectionClosed, OSError):
        return loop.time() - started
    return None


async def _silent(address: str, pid: int, clients: int, seconds: float, version: int) -> dict[str, Any]:
    loop = asyncio.get_running_loop()
    started = loop.time()
    before = rss_mb(pid)
    samples: list[float] = []
    runs = asyncio.gather(*(_silent_client(f"ws://{address}", seconds, version, started) for _ in range(clients)))
    while not runs.done():
        await asyncio.sleep(1.0)
        samples.append(rss_mb(pid))
    cut = [value for value in await runs if value is not None]
    return {"clients": clients, "seconds": seconds, "host_rss_mb_before": round(before, 1),
            "host_rss_mb_max": round(max(samples, default=before), 1),
            "host_rss_mb_end": round(samples[-1] if samples else before, 1),
            "host_peak_rss_mb": round(peak_rss_mb(pid), 1), "cut_off": len(cut),
            "cut_off_after_s_max": round(max(cut), 1) if cut else None}


def silent_main(argv: list[str]) -> int:
    """``silent ADDRESS HOST_PID CLIENTS SECONDS [PROTOCOL]``: print the figures as one JSON line."""
    from game.net.protocol import PROTOCOL

    address, pid, clients, seconds, *rest = argv
    version = int(rest[0]) if rest else PROTOCOL
    print(json.dumps(asyncio.run(_silent(address, int(pid), int(clients), float(seconds), version))))
    return 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["silent"]:
        sys.exit(silent_main(sys.argv[2:]))
    if sys.argv[1:2] != ["worker"]:
        sys.exit("usage: python -m game.net.loadtest worker ADDRESS LEVEL SECONDS THINK PLAYERS CODE...\n"
                 "       python -m game.net.loadtest silent ADDRESS HOST_PID CLIENTS SECONDS [PROTOCOL]")
    sys.exit(worker_main(sys.argv[2:]))
