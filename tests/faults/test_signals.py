"""SIGTERM and SIGINT stop every command within 2 s, with a non-zero exit code, and leave no
process behind (AI worker, tournament pool, multiprocessing's helper); the app autosaves first.

Each test starts the command in a session of its own (so its process group holds everything it
starts), waits until it is really at work (a file, a window, a child process, CPU time: never
a blind long sleep), sends the signal and times the exit. The limit is the promised 2 s plus
``MARGIN`` for a loaded 2-core CI machine. The window tests need Xvfb and openbox (they skip,
saying so, where those are missing).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.xscreen import MISSING, SKIP_REASON, Screen

ROOT = Path(__file__).resolve().parents[2]
STOP_SECONDS = 2.0  # the promise
MARGIN = 1.5  # slack for a slow, shared CI machine
READY_SECONDS = 90.0  # a command may be slow to start on a loaded machine
TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100

pytestmark = [pytest.mark.slow, pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc (Linux)")]


# ----- looking at processes -----------------------------------------------------------------
def _stat(pid: int) -> list[str] | None:
    """The fields of /proc/PID/stat after the command name (state first), or None if gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text.rsplit(")", 1)[1].split()


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of ``pid`` so far."""
    fields = _stat(pid)
    return (int(fields[11]) + int(fields[12])) / TICKS if fields else 0.0


def sdl_loaded(pid: int) -> bool:
    """True once pygame's SDL library is mapped into ``pid``."""
    try:
        return "libSDL2" in Path(f"/proc/{pid}/maps").read_text()
    except OSError:
        return False


def idle_in_its_loop(pid: int) -> Callable[[], bool]:
    """A predicate: SDL is loaded and ``pid`` was asleep at two polls in a row, as a loop that
    waits for its next frame is (the imports and the first frame keep it running)."""
    asleep_before = False

    def check() -> bool:
        nonlocal asleep_before
        fields = _stat(pid)
        asleep = fields is not None and fields[0] == "S" and sdl_loaded(pid)
        settled, asleep_before = asleep_before and asleep, asleep
        return settled

    return check


def working(pid: int, seconds: float) -> Callable[[], bool]:
    """A predicate: ``pid`` has used ``seconds`` more CPU time than when this was called (frames
    are drawn, bots play), however loaded the machine is."""
    start = cpu_seconds(pid)
    return lambda: cpu_seconds(pid) - start >= seconds


def children(pid: int) -> list[int]:
    """The live child processes of ``pid``."""
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            found += [int(child) for child in (task / "children").read_text().split()]
        except OSError:
            continue
    return [child for child in found if (_stat(child) or ["Z"])[0] != "Z"]


def living_in_group(pgid: int) -> list[int]:
    """Processes of group ``pgid`` that still run (zombies left to init do not count)."""
    alive = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            fields = _stat(int(entry.name))
            if fields and int(fields[2]) == pgid and fields[0] != "Z":
                alive.append(int(entry.name))
    return alive


def wait_until(ready: Callable[[], bool], what: str, process: subprocess.Popen, limit: float = READY_SECONDS) -> None:
    """Poll ``ready`` until it holds; fail early if the process ended meanwhile."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if ready():
            return
        if process.poll() is not None:
            raise AssertionError(f"the command ended ({process.returncode}) before {what}")
        time.sleep(0.05)
    raise AssertionError(f"gave up waiting for {what}")


# ----- running a command ---------------------------------------------------------------------
class Command:
    """A ``python -m game`` process in its own session, its stderr in a file."""

    def __init__(self, argv: list[str], home: Path, env: dict[str, str]) -> None:
        self.stderr_path = home / "stderr.txt"
        self.argv = argv
        self.home = home
        with self.stderr_path.open("wb") as stderr:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "game", *argv], cwd=ROOT, env=env, start_new_session=True,
                stdout=subprocess.DEVNULL, stderr=stderr,
            )
        self.pid = self.process.pid

    def stderr(self) -> str:
        """What the command printed on stderr so far."""
        return self.stderr_path.read_text(errors="replace")

    def stop(self, signum: int) -> float:
        """Send ``signum``; assert the exit within the limit, non-zero, and an empty process
        group; return the seconds the exit took."""
        sent = time.monotonic()
        os.kill(self.pid, signum)
        limit = STOP_SECONDS + MARGIN
        try:
            self.process.wait(limit)
        except subprocess.TimeoutExpired:
            raise AssertionError(f"still running {limit:g} s after {signal.Signals(signum).name}") from None
        took = time.monotonic() - sent
        while time.monotonic() - sent < limit:
            try:
                os.killpg(self.pid, 0)
            except ProcessLookupError:
                break
            time.sleep(0.02)
        else:
            raise AssertionError(f"processes left behind: {living_in_group(self.pid)} (zombies count)")
        assert self.process.returncode == 128 + signum, (self.process.returncode, self.stderr())
        assert "Traceback" not in self.stderr(), self.stderr()
        print(f"python -m game {' '.join(self.argv)}: {signal.Signals(signum).name} -> exit in {took:.2f} s")
        return took

    def kill_all(self) -> None:
        """Clean up after a failed test."""
        try:
            os.killpg(self.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.process.wait()


@pytest.fixture
def run(tmp_path: Path) -> Iterator[Callable[..., Command]]:
    """Start commands headless (or in a window: ``display=``), their data in ``tmp_path``."""
    started: list[Command] = []

    def start(*argv: str, display: str | None = None) -> Command:
        env = dict(os.environ, KOTATSU_HOME=str(tmp_path), SDL_AUDIODRIVER="dummy", PYTHONDONTWRITEBYTECODE="1")
        if display is None:
            env["SDL_VIDEODRIVER"] = "dummy"
        else:
            env.pop("SDL_VIDEODRIVER", None)
            env["DISPLAY"] = display
        command = Command(list(argv), tmp_path, env)
        started.append(command)
        return command

    yield start
    for command in started:
        if command.process.poll() is None or living_in_group(command.pid):
            command.kill_all()


@pytest.fixture(scope="module")
def display() -> Iterator[str]:
    """An Xvfb screen with openbox as its window manager (``tests/xscreen.py``); skipped only
    when those tools are missing: an Xvfb that is there but fails is a failure."""
    if MISSING:
        pytest.skip(SKIP_REASON)
    screen = Screen((1920, 1080))
    yield screen.display
    screen.close()


def window_shown(name: str) -> Callable[[], bool]:
    """True once a window called "Kotatsu Table" is on the X display ``name`` (by its window
    names: ``xdotool search --name`` misses SDL's UTF-8 WM_NAME)."""
    if not shutil.which("xdotool"):
        return lambda: True
    env = dict(os.environ, DISPLAY=name)
    script = "for w in $(xdotool search --classname .); do xdotool getwindowname $w; done"

    def shown() -> bool:
        names = subprocess.run(["sh", "-c", script], env=env, capture_output=True, text=True, check=False).stdout
        return "Kotatsu Table" in names.splitlines()

    return shown


def autosaved_actions(home: Path) -> int:
    """Actions in the autosave (-1 while there is none, or it is being replaced)."""
    try:
        return len(json.loads((home / "autosave.json").read_text())["log"])
    except (OSError, ValueError, KeyError):
        return -1


def check_autosave(command: Command) -> None:
    """The stop line names the match and its actions, and exactly that is on disk."""
    line = command.stderr().strip().splitlines()[-1]
    assert line.startswith("kotatsu: stopped by SIGTERM; the neko match is saved ("), line
    actions = int(line.split("(")[1].split()[0])
    assert actions >= 1 and autosaved_actions(command.home) == actions


AI_MATCH = ["play", "neko", "--seats", "ai:normal,ai:normal", "--seed", "4"]


# ----- the app ---------------------------------------------------------------------------------------
def test_the_headless_app_stops_on_sigterm(run: Callable[..., Command]) -> None:
    command = run()
    wait_until(idle_in_its_loop(command.pid), "the title, its loop idling", command.process)
    command.stop(signal.SIGTERM)


def test_the_headless_app_stops_on_sigint(run: Callable[..., Command]) -> None:
    command = run()
    wait_until(idle_in_its_loop(command.pid), "the title, its loop idling", command.process)
    command.stop(signal.SIGINT)


def test_a_headless_game_autosaves_and_stops_on_sigterm(run: Callable[..., Command]) -> None:
    command = run(*AI_MATCH)
    wait_until(lambda: autosaved_actions(command.home) >= 1, "a first autosaved action", command.process)
    command.stop(signal.SIGTERM)
    check_autosave(command)


def test_the_app_in_a_window_stops_on_sigterm(run: Callable[..., Command], display: str) -> None:
    command = run(display=display)
    wait_until(window_shown(display), "the window", command.process)
    # the title is up and the loop runs (the game test below proves the loop's stop)
    wait_until(idle_in_its_loop(command.pid), "the title, its loop idling", command.process)
    command.stop(signal.SIGTERM)


def test_a_game_in_a_window_autosaves_and_stops_on_sigterm(run: Callable[..., Command], display: str) -> None:
    command = run(*AI_MATCH, display=display)
    wait_until(lambda: autosaved_actions(command.home) >= 1 and children(command.pid) != [],
               "a first autosaved action and the AI process", command.process)
    command.stop(signal.SIGTERM)
    check_autosave(command)


# ----- headless commands ----------------------------------------------------------------------------
def test_bench_frames_stops_with_its_ai_worker(run: Callable[..., Command]) -> None:
    command = run("bench", "frames", "--players", "2", "--seconds", "600")
    wait_until(lambda: sdl_loaded(command.pid) and children(command.pid) != [], "the AI process", command.process)
    wait_until(working(command.pid, 0.3), "frames being drawn", command.process)
    command.stop(signal.SIGTERM)


def test_bench_ai_stops_mid_search(run: Callable[..., Command]) -> None:
    command = run("bench", "ai", "--players", "4", "--budget", "60", "--decisions", "3")
    wait_until(lambda: cpu_seconds(command.pid) >= 1.5, "a search under way", command.process)
    command.stop(signal.SIGINT)


def test_bench_rules_stops(run: Callable[..., Command]) -> None:
    command = run("bench", "rules", "--seconds", "600")
    wait_until(lambda: cpu_seconds(command.pid) >= 1.5, "playouts under way", command.process)
    command.stop(signal.SIGTERM)


def test_simulate_stops_with_its_pool(run: Callable[..., Command]) -> None:
    command = run("simulate", "neko", "--agents", "normal,normal", "--games", "1000000", "--jobs", "2")
    wait_until(lambda: "games" in command.stderr() and len(children(command.pid)) >= 2,
               "games finished by the pool", command.process)
    command.stop(signal.SIGTERM)


def test_a_live_shot_stops(run: Callable[..., Command], tmp_path: Path) -> None:
    command = run("shot", "neko", "--live", "600", "--out", str(tmp_path / "live.png"))
    wait_until(lambda: sdl_loaded(command.pid) and cpu_seconds(command.pid) >= 2.5, "the live table", command.process)
    command.stop(signal.SIGTERM)
    assert not (tmp_path / "live.png").exists()


def test_killing_bench_frames_takes_its_ai_worker_along(run: Callable[..., Command]) -> None:
    command = run("bench", "frames", "--players", "2", "--seconds", "600")
    wait_until(lambda: sdl_loaded(command.pid) and children(command.pid) != [], "the AI process", command.process)
    wait_until(working(command.pid, 0.3), "frames being drawn", command.process)
    os.kill(command.pid, signal.SIGKILL)
    command.process.wait(10)
    killed = time.monotonic()
    while living_in_group(command.pid) and time.monotonic() - killed < STOP_SECONDS + MARGIN:
        time.sleep(0.05)
    assert living_in_group(command.pid) == [], "the AI process outlived bench frames"
