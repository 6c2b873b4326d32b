"""Run AI agents off the render loop, in one persistent low-priority process.

The screen asks with ``request`` (non-blocking, returns a ticket) and asks again every frame
with ``poll`` until the answer of its latest ticket arrives. Answers to cancelled or superseded
tickets are dropped. ``AiWorker(inline=True)`` computes inside ``request`` for tests and
headless runs; ``poll`` still delivers the answer.

The game must never stall, whatever happens to the child:

- **An agent fails** (raises, or answers something illegal): the child logs it and answers the
  level's fallback instead (``fallback_action``: Normal's heuristic for Hard, the same heuristic
  for the other levels, and a random legal action only if that fails too).
- **The child dies**: ``poll`` answers the pending request with the fallback, computed in this
  process, and starts a new child.
- **The child freezes** (stopped, swapped out, stuck): the watchdog in ``poll`` gives each
  request its budget plus ``WATCHDOG_GRACE`` seconds, counted from when the child had both the
  request and finished starting up (a child that never says it is ready gets
  ``STARTUP_LIMIT``). Past that it kills the child (SIGKILL: a stopped process ignores
  anything softer), starts a new one and answers with the fallback.
- **The app dies** (even by SIGKILL): the child follows it. On Linux it asks the kernel for
  SIGKILL when its parent dies (``prctl(PR_SET_PDEATHSIG)``); everywhere a daemon thread also
  exits it once its parent process is gone. The kernel ties PDEATHSIG to the parent *thread*, so
  start workers from a thread that lives as long as the app (the main thread does).

The parent sends the child one request at a time (the newest waiting one when the child
answers), so the pipe never fills and a frame never blocks on it; the watchdog clock of a
request starts when it is sent. Observations and actions are dataclasses/NamedTuples from
importable modules, so they pickle.
"""

from __future__ import annotations

import atexit
import contextlib
import logging
import multiprocessing
import os
import random
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from game.ai.base import Agent, make_agent

log = logging.getLogger(__name__)

AgentFactory = Callable[[str, str], Agent]
CHILD_NICENESS = 5  # the child yields the CPU to the render loop on a 2-core machine
CLOSE_TIMEOUT = 0.5  # seconds to wait for the child (it may be mid-search) before terminating it
TERMINATE_TIMEOUT = 0.3  # seconds for a terminated child to go before it is killed
KILL_TIMEOUT = 1.0  # seconds to wait for a killed child to be gone
WATCHDOG_GRACE = 5.0  # seconds past a request's budget before the child counts as frozen
STARTUP_LIMIT = 30.0  # seconds a new child may take to say it is ready (spawn + imports, busy machine)
PARENT_CHECK_SECONDS = 0.25  # how often the child's thread looks for its parent
FALLBACK_BUDGET = 0.05  # seconds: the fallback runs on the render thread, it must be quick
# The level that stands in for a level when its agent cannot answer: a search cannot run on
# the render thread, so Hard falls back to Normal's heuristic; the heuristics stand for themselves.
FALLBACK_LEVELS: dict[str, str] = {"random": "random", "easy": "easy", "normal": "normal", "hard": "normal"}
PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>
# The level of a request for Hard's advice (a hint): its answer is a ``game.ai.advice.Advice``,
# or None when it could not be worked out (no fallback: a hint is never computed on the render thread).
ADVICE = "advice"


@dataclass(frozen=True)
class AiRequest:
    """One decision to make."""

    ticket: int
    game_id: str
    level: str
    observation: Any
    legal: tuple[Any, ...]
    seed: int
    budget: float


# ----- fallbacks (both sides) ------------------------------------------------------------------
def random_action(legal: Sequence[Any], seed: int) -> Any:
    """A random legal action: the last resort."""
    return legal[random.Random(seed).randrange(len(legal))]


def fallback_level(level: str) -> str:
    """The level whose in-process heuristic answers for ``level`` (Normal for Hard or an unknown level)."""
    return FALLBACK_LEVELS.get(level, "normal")


def fallback_action(request: AiRequest, agents: dict[tuple[str, str], Agent]) -> Any:
    """The fallback level's answer to ``request`` (see ``fallback_level``), computed here with a
    small budget; a random legal action if that fails too. ``agents`` caches the agents. An
    advice request gets None: a hint is not worth a stalled frame."""
    if request.level == ADVICE:
        return None
    level = fallback_level(request.level)
    try:
        key = (f"fallback:{request.game_id}", level)
        if key not in agents:
            agents[key] = make_agent(request.game_id, level)
        action = agents[key].choose(request.observation, request.legal, random.Random(request.seed),
                                    FALLBACK_BUDGET)
        if action in request.legal:
            return action
        log.error("the %s fallback of %s answered the illegal action %r", level, request.game_id, action)
    except Exception:
        log.exception("the %s fallback of %s failed; playing a random legal action", level, request.game_id)
    return random_action(request.legal, request.seed)


def advice_answer(request: AiRequest) -> Any:
    """Hard's advice on the request's observation within its budget, or None if it fails."""
    from game.ai.advice import advise

    try:
        return advise(request.game_id, request.observation, request.legal, seed=request.seed, budget=request.budget)
    except Exception:
        log.exception("advice for %s failed", request.game_id)
        return None


def answer(request: AiRequest, agents: dict[tuple[str, str], Agent], factory: AgentFactory) -> Any:
    """The agent's action for ``request`` (advice for an ``ADVICE`` request), or the level's
    fallback if the agent fails."""
    if request.level == ADVICE:
        return advice_answer(request)
    try:
        key = (request.game_id, request.level)
        if key not in agents:
            agents[key] = factory(request.game_id, request.level)
        action = agents[key].choose(request.observation, request.legal, random.Random(request.seed),
                                    request.budget)
        if action not in request.legal:
            raise ValueError(f"agent {key} answered the illegal action {action!r}")
        return action
    except Exception:
        log.exception("AI %s/%s failed; playing the %s fallback", request.game_id, request.level,
                      fallback_level(request.level))
        return fallback_action(request, agents)


# ----- what the child does ------------------------------------------------------------------
def _lower_priority() -> None:
    """Be nice to the render loop where the OS allows it."""
    if hasattr(os, "nice"):
        with contextlib.suppress(OSError):
            os.nice(CHILD_NICENESS)


def set_parent_death_signal(signum: int = signal.SIGKILL) -> bool:
    """Linux: ask the kernel to send ``signum`` (SIGKILL) to this process when its parent thread
    dies. True if set."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(PR_SET_PDEATHSIG, int(signum), 0, 0, 0) == 0
    except (ImportError, OSError, AttributeError):
        return False


def pid_alive(pid: int) -> bool:
    """True while process ``pid`` exists (a zombie counts: it is gone once reaped)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def parent_gone(initial_ppid: int, parent_pid: int | None) -> bool:
    """True once this process was handed to another parent (its own died) or ``parent_pid``,
    the process that started it, no longer exists."""
    if os.getppid() != initial_ppid:
        return True
    return parent_pid is not None and not pid_alive(parent_pid)


def watch_parent(initial_ppid: int, parent_pid: int | None, on_gone: Callable[[], None],
                 interval: float = PARENT_CHECK_SECONDS) -> threading.Thread:
    """A daemon thread that calls ``on_gone`` once the parent is gone (see ``parent_gone``)."""

    def watch() -> None:
        while not parent_gone(initial_ppid, parent_pid):
            time.sleep(interval)
        on_gone()

    thread = threading.Thread(target=watch, name="kotatsu-parent-watch", daemon=True)
    thread.start()
    return thread


def die_with_parent(parent_pid: int | None) -> None:
    """Make this child process end when ``parent_pid`` (the process that started it) ends:
    PDEATHSIG on Linux, and a thread that watches the parent everywhere. Exits at once if the
    parent is already gone. (In a frozen one-file build the direct parent is a bootloader, so
    the thread also watches ``parent_pid`` itself.)"""
    set_parent_death_signal()
    initial_ppid = os.getppid()
    if initial_ppid == 1 or parent_gone(initial_ppid, parent_pid):
        os._exit(0)
    watch_parent(initial_ppid, parent_pid, lambda: os._exit(0))


def serve(conn: Any, factory: AgentFactory | None, parent_pid: int | None = None) -> None:
    """The child's loop: say ready, then answer requests until ``None`` or the pipe closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is the parent's to handle
    die_with_parent(parent_pid)
    _lower_priority()
    agents: dict[tuple[str, str], Agent] = {}
    try:
        conn.send(("ready", os.getpid()))
        while True:
            request = conn.recv()
            if request is None:
                return
            conn.send(("answer", request.ticket, answer(request, agents, factory or make_agent)))
    except (EOFError, OSError):
        return  # the parent is gone or closed the pipe


# ----- the parent's handle ---------------------------------------------------------------------
class AiWorker:
    """A persistent AI process (or an inline stand-in) with request/poll/cancel and a watchdog.

    ``factory`` makes agents from (game id, level); it must be a module-level function to reach
    a child process. The default is ``make_agent``. ``grace`` is the watchdog's allowance past a
    request's budget. ``restarts`` and ``fallbacks`` count the children replaced and the
    answers the parent had to compute itself.
    """

    def __init__(self, inline: bool = False, factory: AgentFactory | None = None,
                 grace: float = WATCHDOG_GRACE) -> None:
        self.inline = inline
        self.grace = grace
        self._factory = factory
        self._ticket = 0
        self._pending: AiRequest | None = None  # the request the caller waits for
        self._queued: AiRequest | None = None  # the newest request not yet sent (the child is busy)
        self._in_flight: AiRequest | None = None  # sent to the child, not answered yet
        self._sent_at = 0.0
        self._started_at = 0.0
        self._ready_at: float | None = None
        self._ready: deque[tuple[int, Any]] = deque()
        self._agents: dict[tuple[str, str], Agent] = {}  # inline agents and fallbacks
        self._process: Any = None
        self._conn: Any = None
        self._closed = False
        self.restarts = 0
        self.fallbacks = 0

    # ----- life cycle ------------------------------------------------------------------------
    def start(self) -> None:
        """Start the child process (inline: nothing to do). Safe to call twice."""
        if self.inline or self._alive():
            return
        if self._process is not None:
            self._stop_child()  # a dead child's pipe
        self._closed = False
        context = multiprocessing.get_context("spawn")
        parent_end, child_end = context.Pipe(duplex=True)
        self._process = context.Process(
            target=serve, args=(child_end, self._factory, os.getpid()), name="kotatsu-ai", daemon=True
        )
        self._process.start()
        child_end.close()  # only the child holds it now: its death shows here as end of file
        self._conn = parent_end
        self._started_at = time.monotonic()
        self._ready_at = None
        self._in_flight = None
        atexit.unregister(self.close)
        atexit.register(self.close)

    @property
    def pid(self) -> int | None:
        """The child's process id (None inline or before ``start``)."""
        return self._process.pid if self._process is not None else None

    def _alive(self) -> bool:
        """True while the child process runs."""
        return self._process is not None and self._process.is_alive()

    def close(self) -> None:
        """Stop the child and release its pipe; idempotent, also run at interpreter exit."""
        if self._closed:
            return
        self._closed = True
        self._pending = self._queued = None
        atexit.unregister(self.close)
        self._stop_child()

    def _stop_child(self, kill: bool = False) -> None:
        """Ask the child to stop (or kill it at once), make sure it is gone, close the pipe."""
        process, conn = self._process, self._conn
        self._process = self._conn = None
        self._in_flight = None
        if process is None:
            return
        if not kill and process.is_alive():
            with contextlib.suppress(OSError, ValueError):
                conn.send(None)
                process.join(CLOSE_TIMEOUT)
        if process.is_alive() and not kill:
            process.terminate()
            process.join(TERMINATE_TIMEOUT)
        if process.is_alive():
            process.kill()  # also ends a stopped (SIGSTOP) child
            process.join(KILL_TIMEOUT)
        with contextlib.suppress(OSError):
            conn.close()

    def _restart(self) -> None:
        """Kill the child and start a fresh one (the newest queued request goes to it)."""
        self.restarts += 1
        self._stop_child(kill=True)
        self.start()
        self._send_queued()

    # ----- asking ------------------------------------------------------------------------------
    def request(self, game_id: str, level: str, observation: Any, legal: list, seed: int, budget: float) -> int:
        """Ask for a decision; returns its ticket. A newer request supersedes older ones."""
        if not legal:
            raise ValueError("no legal action to choose from")
        self._ticket += 1
        request = AiRequest(self._ticket, game_id, level, observation, tuple(legal), seed, budget)
        self._pending = request
        if self.inline:
            self._ready.append((request.ticket, answer(request, self._agents, self._factory or make_agent)))
            return request.ticket
        self.start()
        self._queued = request
        if self._in_flight is None:
            self._send_queued()
        return request.ticket

    def _send_queued(self) -> None:
        """Send the newest waiting request to the child (it answers one at a time)."""
        request, self._queued = self._queued, None
        if request is None or self._conn is None:
            return
        try:
            self._conn.send(request)
        except (OSError, ValueError):
            log.warning("the AI process does not take requests (it exited)")
        self._in_flight = request  # a dead child shows in poll(): the request gets the fallback
        self._sent_at = time.monotonic()

    def poll(self) -> tuple[int, Any] | None:
        """(ticket, action) once the latest request is answered, else None; never blocks."""
        answers = self._drain()
        if self._pending is None:
            if self._frozen():
                self._restart()  # nobody waits, but the next request must not wait behind it
            return None
        for ticket, action in answers:
            if ticket == self._pending.ticket:
                self._pending = None
                return ticket, action
        if self.inline:
            return None
        if not self._alive():
            return self._recover("the AI process exited unexpectedly")
        if self._frozen():
            request = self._in_flight
            allowed = self.grace + (request.budget if request is not None else 0.0)
            return self._recover(f"the AI process gave no answer within {allowed:g} s; restarted it")
        return None

    def _drain(self) -> list[tuple[int, Any]]:
        """Every answer that has arrived so far (a child's "ready" is noted, not returned)."""
        answers = list(self._ready)
        self._ready.clear()
        while self._conn is not None:
            try:
                if not self._conn.poll():
                    break
                message = self._conn.recv()
            except (EOFError, OSError, ValueError):
                break  # the child died: poll() notices
            if message[0] == "ready":
                self._ready_at = time.monotonic()
                continue
            _, ticket, action = message
            if self._in_flight is not None and ticket == self._in_flight.ticket:
                self._in_flight = None
                self._send_queued()
            answers.append((ticket, action))
        return answers

    def _frozen(self) -> bool:
        """True when the child has not answered its request in time (see the module docstring)."""
        if self.inline or self._in_flight is None or self._process is None:
            return False
        now = time.monotonic()
        if self._ready_at is None:
            return now - self._started_at > STARTUP_LIMIT + self._in_flight.budget
        return now - max(self._sent_at, self._ready_at) > self._in_flight.budget + self.grace

    def _recover(self, reason: str) -> tuple[int, Any]:
        """The child died or froze with a request pending: answer it here with the level's
        fallback and put a fresh child in its place."""
        request = self._pending
        assert request is not None
        self._pending = self._queued = None
        log.error("%s; seat plays the %s fallback (%s/%s)", reason, fallback_level(request.level),
                  request.game_id, request.level)
        self._restart()
        self.fallbacks += 1
        return request.ticket, fallback_action(request, self._agents)

    def cancel(self) -> None:
        """Forget the pending request; its answer will be dropped when it arrives."""
        self._pending = None
        self._queued = None

    @property
    def busy(self) -> bool:
        """True while a request waits for its answer."""
        return self._pending is not None

