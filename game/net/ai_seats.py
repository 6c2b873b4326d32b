"""The tables' AI seats (``AiSeats``): they decide in a process pool, never on the loop.

Each decision is computed from its seat's observation, seeded with ``decision_seed`` (``decide``,
run in the pool's processes, keeps one agent per game and level). With a person at the table the
AI's moves are paced (``AI_PAUSE``) so people can follow. A pool that dies or cannot start is
replaced by threads. The host is told of each move (``Played``) to send and log it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import random
import signal
from collections.abc import Iterator
from concurrent.futures import BrokenExecutor, Executor, ProcessPoolExecutor
from typing import Any, Protocol

from game.ai.base import make_agent
from game.core.errors import RulesError
from game.core.events import Event
from game.net.host import AiRequest, Refused, TableHost

log = logging.getLogger(__name__)

AI_PAUSE = 0.3  # seconds between AI moves when a person sits at the table


# ----- the AI, in the pool's processes ---------------------------------------------------------------
_AGENTS: dict[tuple[str, str], Any] = {}


def decide(request: AiRequest) -> Any:
    """The AI's action for ``request`` (run in a pool process; agents are kept per process).
    An agent that fails or answers something illegal is replaced by a random legal action."""
    rng = random.Random(request.seed)
    try:
        key = (request.game_id, request.level)
        if key not in _AGENTS:
            _AGENTS[key] = make_agent(request.game_id, request.level)
        action = _AGENTS[key].choose(request.observation, request.legal, rng, request.budget)
        if action in request.legal:
            return action
        log.error("%s %s answered the illegal %r", request.game_id, request.level, action)
    except Exception:
        log.exception("%s %s failed; a random legal action instead", request.game_id, request.level)
    return request.legal[random.Random(request.seed).randrange(len(request.legal))]


def _pool(workers: int) -> Executor:
    """A process pool of ``workers`` (spawned: the host may be a thread of the app). Each worker
    dies with this process, even after a SIGKILL of it, as the table's AI worker does."""
    return ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"),
                               initializer=_pool_worker_start, initargs=(os.getpid(),))


def _pool_worker_start(parent_pid: int) -> None:
    """A pool process's start: Ctrl+C (sent to the whole process group by a terminal) is the
    host's to handle, which then shuts the pool down (without this every worker printed a
    KeyboardInterrupt traceback); and the worker dies with the host. SIGINT was blocked since
    the process was made (``_no_sigint``): one that came while it started is dropped here."""
    from game.ai.worker import die_with_parent

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    die_with_parent(parent_pid)


@contextlib.contextmanager
def _no_sigint() -> Iterator[None]:
    """Block SIGINT in this thread while the pool may start a process, which inherits the mask:
    a Ctrl+C during its start-up (imports, before ``_pool_worker_start``) then waits, instead of
    a KeyboardInterrupt traceback. A SIGINT to this process meanwhile goes to another thread or
    waits for the unblock; none is lost (the standard library's resource tracker does the same)."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


# ----- the AI seats, on the host's loop ----------------------------------------------------------------
class Played(Protocol):
    """What the AI seats (and the turn clock) need from their host."""

    def played(self, table: TableHost, events: list[Event]) -> None:
        """A move was made at ``table`` for a seat: tell its clients ``events``, log the change
        and let the AI seats play on."""


class AiSeats:
    """Plays the AI seats of the host's tables: one task per table while an AI seat is to move."""

    def __init__(self, host: Played, workers: int, pause: float = AI_PAUSE) -> None:
        self.host = host
        self.workers = workers  # pool processes (0: threads)
        self.pause = pause  # seconds between moves with a person at the table
        self._executor: Executor | None = None
        self._tasks: dict[str, asyncio.Task[None]] = {}

    def play_soon(self, table: TableHost) -> None:
        """Let ``table``'s AI seats play, if one of them is to move (call on the loop)."""
        if table.code not in self._tasks and table.ai_to_move():
            self._tasks[table.code] = asyncio.get_running_loop().create_task(self._drive(table))

    def playing(self, code: str) -> bool:
        """True while the AI plays at table ``code``."""
        return code in self._tasks

    async def _drive(self, table: TableHost) -> None:
        """Play the table's AI seats while one of them is to move."""
        try:
            while seats := table.ai_to_move():
                if table.has_people() and self.pause > 0:
                    await asyncio.sleep(self.pause)
                    if not table.ai_to_move():
                        break
                seat = seats[0] if seats[0] in table.ai_to_move() else table.ai_to_move()[0]
                action = table.remembered(seat)
                pos = table.pos
                if action is None:
                    action = await self.decide(table.ai_request(seat))
                if table.pos != pos:
                    continue  # a person took a move back meanwhile: think again
                if seat not in table.ai_to_move():
                    continue
                try:
                    events = table.play_ai(seat, action)
                except (Refused, RulesError) as error:  # a remembered reply that no longer fits, say
                    log.error("table %s: the AI of seat %s was refused: %s", table.code, seat, error)
                    events = table.play_ai(seat, table.match.legal_actions(seat)[0])
                self.host.played(table, events)
        finally:
            self._tasks.pop(table.code, None)

    async def decide(self, request: AiRequest) -> Any:
        """The AI's action, computed off the loop (a process pool, or threads with workers=0)."""
        loop = asyncio.get_running_loop()
        if self.workers <= 0:
            return await loop.run_in_executor(None, decide, request)
        try:
            if self._executor is None:
                self._executor = _pool(self.workers)
            with _no_sigint():  # submitting may start a pool process (spawned by this thread)
                future = loop.run_in_executor(self._executor, decide, request)
            return await future
        except (BrokenExecutor, OSError, RuntimeError) as error:  # a pool that died or cannot start
            log.error("the AI pool failed (%s): deciding on a thread instead", error)
            broken, self._executor = self._executor, None
            if broken is not None:
                broken.shutdown(wait=False, cancel_futures=True)
            return await loop.run_in_executor(None, decide, request)

    def forget(self, code: str) -> None:
        """Stop playing at table ``code`` (it closed)."""
        task = self._tasks.pop(code, None)
        if task is not None:
            task.cancel()

    def cancel_all(self) -> None:
        """Stop playing everywhere (the host stops)."""
        for task in self._tasks.values():
            task.cancel()

    async def close(self) -> None:
        """Shut the pool down, its processes ended (the host stops)."""
        if self._executor is not None:
            executor, self._executor = self._executor, None
            await asyncio.to_thread(executor.shutdown, True, cancel_futures=True)
