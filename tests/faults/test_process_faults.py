"""Processes that outlived their parent or spoke out of turn (issue 30): the kiosk app after a
``kill -9`` of its supervisor (and a second supervisor on the same data folder), ``bench lan``'s
host and load-test worker after SIGTERM, SIGINT or SIGKILL, the AI pool of ``serve`` on Ctrl+C,
and the kiosk on a data folder that is full.

Each case runs the real command headless in a session of its own, waits until it is really at
work (a status file, child processes), then sends the signal; no timing is asserted beyond the
generous limits a loaded CI machine needs to notice that something is left behind.
"""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from game import kiosk
from tests.faults.test_kiosk_faults import good_config, home, kill_groups, live_in_group, start_supervisor  # noqa: F401 - home is a fixture
from tests.faults.test_signals import Command, children, cpu_seconds, living_in_group, run, wait_until  # noqa: F401 - run is a fixture
from tests.kiosk.test_kiosk import wait_for_status

ROOT = Path(__file__).resolve().parents[2]
GONE_WITHIN = 10.0  # s for the kernel's parent-death signal and the child's own stop, on a busy machine
LOG_LIMIT = 8192  # bytes a file may grow to in the "full disk" case (the log is already that long)

pytestmark = [pytest.mark.slow, pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="parent-death signals and /proc are Linux")]




def running(pid: int) -> bool:
    """True while ``pid`` runs (a zombie waiting to be reaped has stopped running)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return False


def wait_gone(pids: Callable[[], list[int]], what: str, limit: float = GONE_WITHIN) -> None:
    """Poll until ``pids()`` is empty; fail naming what is still there."""
    deadline = time.monotonic() + limit
    while pids() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert pids() == [], f"{what} still running: {pids()}"


# ----- the kiosk ------------------------------------------------------------------------------------
def test_the_kiosk_app_dies_with_its_supervisor_and_one_kiosk_runs_per_data_folder(home: Path,
                                                                                     tmp_path: Path) -> None:
    config = good_config(tmp_path)
    first = start_supervisor(config, home)
    app: int | None = None
    try:
        app = wait_for_status(lambda status: status.get("pid") is not None)["pid"]
        second = start_supervisor(config, home)  # on the same data folder, while the first runs
        try:
            code = second.wait(timeout=kiosk.LOCK_WAIT + 60)
        except subprocess.TimeoutExpired:
            kill_groups(*children(second.pid), second.pid)  # its app has a session of its own
            second.wait()
            raise AssertionError("a second supervisor started on the same data folder") from None
        lines = (second.stderr.read() if second.stderr else "").strip().splitlines()
        assert code == kiosk.EXIT_BUSY and len(lines) == 1, lines
        assert lines[0].startswith("kotatsu kiosk: another kiosk is running") and str(first.pid) in lines[0]
        assert running(app) and kiosk.read_status()["pid"] == app  # no second app was started

        os.kill(first.pid, signal.SIGKILL)  # the supervisor alone: its app is in a session of its own
        first.wait(timeout=10)
        wait_gone(lambda: [app] if running(app) else [], "the kiosk app of a killed supervisor")
        assert kiosk.read_status()["stopped"] == "SIGTERM"  # it stopped as on a stop (saving), not killed
        wait_gone(lambda: live_in_group(app), "the AI worker of the kiosk app")

        third = start_supervisor(config, home)  # the lock went with them: a new kiosk may start
        try:
            wait_for_status(lambda status: status.get("pid") not in (None, app))
            third.send_signal(signal.SIGTERM)
            assert third.wait(timeout=30) == 0
        finally:
            if third.poll() is None:
                kill_groups(third.pid)
                third.wait()
    finally:
        if first.poll() is None:
            kill_groups(first.pid)
            first.wait()
        kill_groups(app)


def _small_files() -> None:
    """In the supervisor (and its app): no file may grow past ``LOG_LIMIT`` bytes, so every write
    to the organiser log, already that long, fails as on a full disk."""
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # write() then fails with EFBIG instead of a kill
    resource.setrlimit(resource.RLIMIT_FSIZE, (LOG_LIMIT, LOG_LIMIT))


def test_the_kiosk_on_a_full_disk_says_so_once_and_stops_with_0(home: Path, tmp_path: Path) -> None:
    log_file = home / "kiosk.log"
    log_file.write_bytes(b"an old line\n".ljust(LOG_LIMIT, b"."))
    env = dict(os.environ, KOTATSU_HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    supervisor = subprocess.Popen([sys.executable, "-m", "game", "kiosk", "--config", str(good_config(tmp_path))],
                                  cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                                  start_new_session=True, preexec_fn=_small_files)
    app = None
    try:
        app = wait_for_status(lambda status: status.get("pid") is not None)["pid"]
        supervisor.send_signal(signal.SIGTERM)
        code = supervisor.wait(timeout=30)
        stderr = supervisor.stderr.read() if supervisor.stderr else ""
    finally:
        if supervisor.poll() is None:
            kill_groups(supervisor.pid, app)
            supervisor.wait()
    assert code == 0, stderr
    assert "Logging error" not in stderr and "Traceback" not in stderr, stderr
    warnings = [line for line in stderr.splitlines() if "the organiser log" in line]
    assert len(warnings) == 1 and "cannot be written" in warnings[0] and str(log_file) in warnings[0], stderr
    assert "the supervisor got SIGTERM" in stderr  # the log goes on, on stderr
    assert log_file.stat().st_size == LOG_LIMIT  # nothing half-written into it


def test_a_log_that_can_be_written_again_is_reported_again(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    """One line per outage, not per record: a full disk, room again, full again = two lines."""
    import logging

    handler = kiosk._rotating_handler(tmp_path / "kiosk.log", kiosk.KioskConfig())
    logger = logging.getLogger("kotatsu.test-full-disk")
    logger.propagate = False
    logger.addHandler(handler)
    real_flush = handler.stream.flush
    full = {"now": False}

    def flush() -> None:
        if full["now"]:
            raise OSError(28, "No space left on device")
        real_flush()

    handler.stream.flush = flush  # type: ignore[method-assign]
    try:
        for outage in range(2):
            full["now"] = True
            for number in range(20):
                logger.warning("line %d of outage %d", number, outage)
            full["now"] = False
            logger.warning("room again after outage %d", outage)
    finally:
        logger.removeHandler(handler)
        handler.close()
    err = capsys.readouterr().err
    assert err.count("cannot be written (No space left on device)") == 2, err
    assert "Logging error" not in err and "Traceback" not in err


# ----- bench lan --------------------------------------------------------------------------------------
BENCH_LAN = ("bench", "lan", "--tables", "4", "--bots", "4", "--think", "1", "--seconds", "600")


def _bench_at_work(command: Command) -> list[int]:
    """Wait until the bench runs its host and its load-test worker; their pids."""
    wait_until(lambda: len(children(command.pid)) >= 2, "the host and the worker", command.process)
    helpers = children(command.pid)
    start = sum(cpu_seconds(pid) for pid in helpers)
    # the bots are playing: the host and the worker work, past their imports
    wait_until(lambda: sum(cpu_seconds(pid) for pid in helpers) - start >= 0.2, "the bots at play", command.process)
    return children(command.pid)


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_bench_lan_stops_with_its_host_and_worker(run: Callable[..., Command], signum: int) -> None:
    command = run(*BENCH_LAN)
    _bench_at_work(command)
    command.stop(signum)  # the exit code, an empty process group, no traceback


def test_killing_bench_lan_takes_its_host_and_worker_along(run: Callable[..., Command]) -> None:
    command = run(*BENCH_LAN)
    helpers = _bench_at_work(command)
    os.kill(command.pid, signal.SIGKILL)
    command.process.wait(10)
    wait_gone(lambda: [pid for pid in helpers if running(pid)], "bench lan's host or worker")
    wait_gone(lambda: living_in_group(command.pid), "a process of bench lan")


# ----- serve: Ctrl+C with AI seats -----------------------------------------------------------------
def pool_processes(pid: int) -> list[int]:
    """The pool processes of ``pid`` (spawned: ``spawn_main`` on their command line)."""
    found = []
    for child in children(pid):
        try:
            if b"spawn_main" in Path(f"/proc/{child}/cmdline").read_bytes():
                found.append(child)
        except OSError:
            continue
    return found


def an_ai_move_logged(tables: Path) -> bool:
    """True once a table's write-ahead log in ``tables`` holds a move of an AI seat: a pool
    process has answered, so it is past its imports and waits for the next decision."""
    return any('"k":"ai"' in log.read_text(encoding="utf-8", errors="replace") for log in tables.glob("*.wal"))


@pytest.mark.parametrize("moment", ["starting", "playing"])
def test_ctrl_c_on_serve_with_ai_seats_is_quiet(run: Callable[..., Command], moment: str, tmp_path: Path) -> None:
    """Ctrl+C as a terminal sends it, to every process of the group: while the first pool process
    is still starting (importing), or once the AI seats play."""
    tables = tmp_path / "tables"
    command = run("serve", "--game", "neko", "--players", "2", "--seats", "ai:normal,ai:normal", "--port", "0",
                  "--host", "127.0.0.1", "--no-advertise", "--dir", str(tables))
    wait_until(lambda: pool_processes(command.pid) != [], "a pool process", command.process)
    if moment == "playing":  # a pool process has imported the AI and answered (its move is logged)
        wait_until(lambda: an_ai_move_logged(tables), "the AI seats at play", command.process)
    os.killpg(command.pid, signal.SIGINT)
    code = command.process.wait(30)
    wait_gone(lambda: living_in_group(command.pid), "a process of serve")
    assert code == 130
    assert command.stderr().strip() == "", command.stderr()  # it was a 22-line traceback per pool worker
