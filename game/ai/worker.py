"""Run AI agents off the render loop, in one persistent low-priority process.

The screen asks with ``request`` (non-blocking, returns a ticket) and asks again every frame
with ``poll`` until the answer of its latest ticket arrives. Answers to cancelled or superseded
tickets are dropped. The child caches one agent per (game id, level). If an agent raises (or
answers something illegal) the child logs it and answers a random legal action instead: the
game must never stall. ``AiWorker(inline=True)`` computes inside ``request`` for tests and
headless runs; ``poll`` still delivers the answer.

Observations and actions are dataclasses/NamedTuples from importable modules, so they pickle.
"""

from __future__ import annotations

import atexit
import logging
import multiprocessing
import os
import queue
import random
import signal
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from game.ai.base import Agent, make_agent

log = logging.getLogger(__name__)

AgentFactory = Callable[[str, str], Agent]
CHILD_NICENESS = 5  # the child yields the CPU to the render loop on a 2-core machine
CLOSE_TIMEOUT = 0.5  # seconds to wait for the child (it may be mid-search) before terminating it


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


# ----- what the child does (also used inline) -------------------------------------------------
def fallback_action(legal: Sequence[Any], seed: int) -> Any:
    """A random legal action, for when an agent fails."""
    return legal[random.Random(seed).randrange(len(legal))]


def answer(request: AiRequest, agents: dict[tuple[str, str], Agent], factory: AgentFactory) -> Any:
    """The agent's action for ``request``, or a random legal one if the agent fails."""
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
        log.exception("AI %s/%s failed; playing a random legal action", request.game_id, request.level)
        return fallback_action(request.legal, request.seed)


def _lower_priority() -> None:
    """Be nice to the render loop where the OS allows it."""
    if hasattr(os, "nice"):
        try:
            os.nice(CHILD_NICENESS)
        except OSError:
            pass


def _latest(requests: Any, first: AiRequest | None) -> AiRequest | None:
    """Skip requests already superseded by newer ones in the queue (None means: stop)."""
    latest = first
    while latest is not None:
        try:
            latest = requests.get_nowait()
        except queue.Empty:
            break
    return latest


def serve(requests: Any, responses: Any, factory: AgentFactory | None) -> None:
    """The child's loop: answer requests until the ``None`` sentinel arrives."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is the parent's to handle
    _lower_priority()
    agents: dict[tuple[str, str], Agent] = {}
    while True:
        request = _latest(requests, requests.get())
        if request is None:
            return
        responses.put((request.ticket, answer(request, agents, factory or make_agent)))


# ----- the parent's handle ---------------------------------------------------------------------
class AiWorker:
    """A persistent AI process (or an inline stand-in) with request/poll/cancel.

    ``factory`` makes agents from (game id, level); it must be a module-level function to reach
    a child process. The default is ``make_agent``.
    """

    def __init__(self, inline: bool = False, factory: AgentFactory | None = None) -> None:
        self.inline = inline
        self._factory = factory
        self._ticket = 0
        self._pending: AiRequest | None = None
        self._ready: deque[tuple[int, Any]] = deque()
        self._agents: dict[tuple[str, str], Agent] = {}  # inline mode's cache
        self._process: Any = None
        self._requests: Any = None
        self._responses: Any = None
        self._closed = False

    # ----- life cycle ------------------------------------------------------------------------
    def start(self) -> None:
        """Start the child process (inline: nothing to do). Safe to call twice."""
        if self.inline or self._alive():
            return
        self._closed = False
        context = multiprocessing.get_context("spawn")
        self._requests = context.Queue()
        self._responses = context.Queue()
        self._process = context.Process(
            target=serve, args=(self._requests, self._responses, self._factory), name="kotatsu-ai", daemon=True
        )
        self._process.start()
        atexit.register(self.close)

    def _alive(self) -> bool:
        """True while the child process runs."""
        return self._process is not None and self._process.is_alive()

    def close(self) -> None:
        """Stop the child and release its queues; idempotent, also run at interpreter exit."""
        if self._closed:
            return
        self._closed = True
        self._pending = None
        atexit.unregister(self.close)
        self._stop_child()

    def _stop_child(self) -> None:
        """Ask the child to stop, terminate it if it will not, and close the queues."""
        process, requests, responses = self._process, self._requests, self._responses
        self._process = self._requests = self._responses = None
        if process is None:
            return
        try:
            requests.put(None)
            process.join(CLOSE_TIMEOUT)
        except (OSError, ValueError):
            pass
        if process.is_alive():
            process.terminate()
            process.join(CLOSE_TIMEOUT)
        for channel in (requests, responses):
            channel.cancel_join_thread()
            channel.close()

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
        else:
            self.start()
            self._requests.put(request)
        return request.ticket

    def poll(self) -> tuple[int, Any] | None:
        """(ticket, action) once the latest request is answered, else None; never blocks."""
        if self._pending is None:
            self._drain()
            return None
        for ticket, action in self._drain():
            if ticket == self._pending.ticket:
                self._pending = None
                return ticket, action
        if not self.inline and not self._alive():
            return self._recover()
        return None

    def _drain(self) -> list[tuple[int, Any]]:
        """Every answer that has arrived so far."""
        answers = list(self._ready)
        self._ready.clear()
        if self._responses is not None:
            while True:
                try:
                    answers.append(self._responses.get_nowait())
                except (queue.Empty, OSError, ValueError):
                    break
        return answers

    def _recover(self) -> tuple[int, Any]:
        """The child died with a request pending: answer it at random and restart next time."""
        request = self._pending
        assert request is not None
        log.error("AI process exited unexpectedly; playing a random legal action")
        self._pending = None
        self._stop_child()  # the next request starts a fresh one
        return request.ticket, fallback_action(request.legal, request.seed)

    def cancel(self) -> None:
        """Forget the pending request; its answer will be dropped when it arrives."""
        self._pending = None

    @property
    def busy(self) -> bool:
        """True while a request waits for its answer."""
        return self._pending is not None
