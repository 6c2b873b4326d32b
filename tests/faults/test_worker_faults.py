"""AI worker faults: a frozen or dead child never stalls the table, its stand-in is the level's
fallback (Normal for Hard, not a random move), and a child never outlives its app.

Timing margins: the watchdog allows a request's budget + 5 s; the tests accept up to
``MARGIN`` seconds more, for a loaded 2-core CI machine.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest

from game.ai import worker as worker_module
from game.ai.base import make_agent
from game.ai.worker import (
    FALLBACK_BUDGET,
    WATCHDOG_GRACE,
    AiRequest,
    AiWorker,
    fallback_action,
    fallback_level,
    parent_gone,
    random_action,
    watch_parent,
)
from game.core.registry import get_rules
from tests.waiting import cpu_grows, wait_until

RULES = get_rules("neko")
ROOT = Path(__file__).resolve().parents[2]
MARGIN = 3.0  # seconds of slack on top of every limit, for a slow CI machine
SPAWN_SECONDS = 60.0  # a loaded machine may be slow to start a Python process

pytestmark = pytest.mark.slow  # a whole file of processes, windows or whole matches


# ----- helpers -------------------------------------------------------------------------------
def sleepy_factory(game_id: str, level: str) -> Any:
    """Agents that think for a minute (a child stuck in a search)."""

    class Sleepy:
        name = "sleepy"

        def choose(self, observation: Any, legal: Any, rng: random.Random, budget: float) -> Any:
            time.sleep(60)
            return legal[0]

    return Sleepy()


def raising_factory(game_id: str, level: str) -> Any:
    """Agents that always fail."""

    class Broken:
        name = "broken"

        def choose(self, observation: Any, legal: Any, rng: random.Random, budget: float) -> Any:
            raise RuntimeError("broken on purpose")

    return Broken()


def telling_position() -> tuple[Any, list[Any], int]:
    """A neko observation, its legal actions and a seed for which Normal's answer differs from
    the random fallback's: so an answer equal to Normal's proves the Normal path was taken."""
    normal = make_agent("neko", "normal")
    for seed in range(200):
        state = RULES.new_game(4, seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(4, 20)):
            seat = RULES.to_move(state)[0]
            RULES.advance(state, seat, rng.choice(RULES.legal_actions(state, seat)))
        seat = RULES.to_move(state)[0]
        observation, legal = RULES.observe(state, seat), RULES.legal_actions(state, seat)
        chosen = normal.choose(observation, legal, random.Random(seed), FALLBACK_BUDGET)
        if len(legal) > 2 and chosen != random_action(legal, seed):
            return observation, legal, seed
    raise AssertionError("no position where Normal and random differ")


def normal_answer(observation: Any, legal: list[Any], seed: int) -> Any:
    """What Normal answers (a fresh agent, the fallback's budget and seed)."""
    return make_agent("neko", "normal").choose(observation, legal, random.Random(seed), FALLBACK_BUDGET)


def wait_for_answer(worker: AiWorker, limit: float = SPAWN_SECONDS) -> tuple[int, Any]:
    """Poll like a frame loop until the worker answers."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        answer = worker.poll()
        if answer is not None:
            return answer
        time.sleep(0.01)
    raise AssertionError(f"the AI worker gave no answer within {limit:g} s")


def warm_up(worker: AiWorker, observation: Any, legal: list[Any]) -> None:
    """Start the child and wait for a first answer: it is up and ready."""
    worker.request("neko", "random", observation, legal, 1, 0.0)
    wait_for_answer(worker)


def dead(pid: int) -> bool:
    """True once ``pid`` is gone or a zombie (dead, only waiting for its new parent to reap it)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return not worker_module.pid_alive(pid)
    return stat.rsplit(")", 1)[1].split()[0] in ("Z", "X")


# ----- the watchdog ------------------------------------------------------------------------------
def test_a_stopped_worker_is_replaced_and_the_table_gets_normals_move() -> None:
    observation, legal, seed = telling_position()
    worker = AiWorker()
    try:
        warm_up(worker, observation, legal)
        old = worker.pid
        assert old is not None
        budget = 0.5
        ticket = worker.request("neko", "hard", observation, legal, seed, budget)
        os.kill(old, signal.SIGSTOP)
        began = time.monotonic()
        got, action = wait_for_answer(worker, budget + WATCHDOG_GRACE + MARGIN)
        waited = time.monotonic() - began
        assert got == ticket
        assert waited >= budget + WATCHDOG_GRACE - 0.5  # the watchdog waited out the allowance
        assert action == normal_answer(observation, legal, seed)  # Normal's move, not a random one
        assert worker.fallbacks == 1 and worker.restarts == 1
        assert worker.pid not in (None, old) and dead(old)
        again = worker.request("neko", "easy", observation, legal, seed + 1, 0.0)
        assert wait_for_answer(worker)[0] == again  # the new child answers
        assert worker.fallbacks == 1
    finally:
        worker.close()


def test_a_stuck_search_past_its_allowance_gets_the_fallback() -> None:
    observation, legal, seed = telling_position()
    worker = AiWorker(factory=sleepy_factory, grace=0.5)
    try:
        worker.start()
        deadline = time.monotonic() + SPAWN_SECONDS
        while worker._ready_at is None and time.monotonic() < deadline:  # the child is up
            worker.poll()
            time.sleep(0.02)
        old = worker.pid
        ticket = worker.request("neko", "hard", observation, legal, seed, 0.2)
        began = time.monotonic()
        got, action = wait_for_answer(worker, 0.2 + 0.5 + MARGIN)
        assert got == ticket and time.monotonic() - began >= 0.6
        assert action == normal_answer(observation, legal, seed)
        assert worker.restarts == 1 and worker.pid != old and dead(old)
    finally:
        worker.close()


def test_a_killed_worker_is_replaced_by_normal_not_random() -> None:
    observation, legal, seed = telling_position()
    worker = AiWorker()
    try:
        warm_up(worker, observation, legal)
        old = worker.pid
        ticket = worker.request("neko", "hard", observation, legal, seed, 30.0)
        os.kill(old, signal.SIGKILL)
        got, action = wait_for_answer(worker, 10.0)
        assert got == ticket
        assert action == normal_answer(observation, legal, seed)
        assert worker.fallbacks == 1 and worker.restarts == 1 and worker.pid != old
    finally:
        worker.close()


def test_an_answer_in_time_is_not_replaced() -> None:
    observation, legal, seed = telling_position()
    worker = AiWorker(grace=0.5)
    try:
        warm_up(worker, observation, legal)
        worker.request("neko", "hard", observation, legal, seed, 0.3)
        wait_for_answer(worker, 0.3 + 0.5 + MARGIN)
        assert worker.fallbacks == 0 and worker.restarts == 0
    finally:
        worker.close()


# ----- the fallback --------------------------------------------------------------------------------
def test_a_failing_hard_agent_falls_back_to_normal() -> None:
    observation, legal, seed = telling_position()
    worker = AiWorker(inline=True, factory=raising_factory)
    worker.request("neko", "hard", observation, legal, seed, 1.0)
    answer = worker.poll()
    assert answer is not None and answer[1] == normal_answer(observation, legal, seed)


def test_fallback_levels() -> None:
    assert fallback_level("hard") == "normal"
    assert fallback_level("normal") == "normal" and fallback_level("easy") == "easy"
    assert fallback_level("no-such-level") == "normal"


def test_a_failing_fallback_plays_a_random_legal_action() -> None:
    observation, legal, seed = telling_position()
    request = AiRequest(1, "no-such-game", "hard", observation, tuple(legal), seed, 1.0)
    assert fallback_action(request, {}) == random_action(legal, seed)


# ----- a worker dies with its app -----------------------------------------------------------------
ORPHAN_SCRIPT = textwrap.dedent(
    """
    import random, sys, time
    from game.ai.worker import AiWorker
    from game.core.registry import get_rules

    rules = get_rules("neko")
    state = rules.new_game(4, 3)
    seat = rules.to_move(state)[0]
    worker = AiWorker()
    worker.request("neko", "hard", rules.observe(state, seat), rules.legal_actions(state, seat), 1, 120.0)
    while worker._ready_at is None:
        worker.poll()
        time.sleep(0.02)
    print(worker.pid, flush=True)
    time.sleep(120)
    """
)


def test_a_worker_dies_with_its_app_after_sigkill() -> None:
    parent = subprocess.Popen([sys.executable, "-c", ORPHAN_SCRIPT], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        line = parent.stdout.readline() if parent.stdout else ""
        assert line.strip().isdigit(), "the script did not start its worker"
        child = int(line)
        wait_until(cpu_grows(child, 0.2), "the child searching (a 120 s budget)", SPAWN_SECONDS)
        assert not dead(child)
        parent.kill()
        parent.wait(10)
        killed = time.monotonic()
        while not dead(child) and time.monotonic() - killed < 2.0 + MARGIN:
            time.sleep(0.05)
        assert dead(child), "the AI worker outlived its app"
    finally:
        if parent.poll() is None:
            parent.kill()
            parent.wait()


def test_the_watch_thread_sees_the_parent_go() -> None:
    stand_in = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(0.3)"])
    gone: list[float] = []
    watch_parent(os.getppid(), stand_in.pid, lambda: gone.append(time.monotonic()), interval=0.02)
    stand_in.wait(SPAWN_SECONDS)
    deadline = time.monotonic() + 2.0 + MARGIN
    while not gone and time.monotonic() < deadline:
        time.sleep(0.02)
    assert gone, "the watch thread did not notice its parent was gone"


def test_parent_gone_checks_the_parent_and_the_starter() -> None:
    assert not parent_gone(os.getppid(), os.getpid())
    assert parent_gone(os.getppid() + 1, None)  # handed to another parent: ours died
    finished = subprocess.Popen([sys.executable, "-c", "pass"])
    finished.wait(SPAWN_SECONDS)
    assert parent_gone(os.getppid(), finished.pid)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux only")
def test_the_parent_death_signal_is_set_on_linux() -> None:
    code = (
        "import ctypes, sys; from game.ai.worker import set_parent_death_signal;"
        "assert set_parent_death_signal(); libc = ctypes.CDLL(None); value = ctypes.c_int();"
        "libc.prctl(2, ctypes.byref(value), 0, 0, 0); print(value.value)"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                          timeout=SPAWN_SECONDS, check=False)
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) == signal.SIGKILL
