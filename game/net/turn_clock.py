"""The turn clock (``TurnClock``): with one set, once the people to move at a table have waited
its seconds (someone being connected there), the stand-in AI makes that one move for them.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from game.net.ai_seats import Played
from game.net.host import AiRequest, TableHost

log = logging.getLogger(__name__)

Decide = Callable[[AiRequest], Awaitable[Any]]  # the AI's action, computed off the loop


class TurnClock:
    """Each table's wait for its people's move, and the AI's moves for those whose time ran out."""

    def __init__(self, host: Played, seconds: float, decide: Decide) -> None:
        self.host = host
        self.seconds = seconds  # a person's move may take this long before the AI makes it (0: off)
        self.decide = decide
        self._turn_since: dict[str, tuple[int, float]] = {}  # code -> (pos, when its people began to wait)
        self._tasks: dict[str, asyncio.Task[None]] = {}

    def watch(self, table: TableHost, now: float) -> None:
        """With a turn clock: once the people to move at ``table`` have waited ``seconds``
        (someone being connected there), the stand-in AI makes that one move for them."""
        if self.seconds <= 0 or table.match.is_over() or not table.connected:
            self._turn_since.pop(table.code, None)
            return
        waiting = table.people_to_move()
        if not waiting:
            self._turn_since.pop(table.code, None)
            return
        pos, since = self._turn_since.get(table.code, (-1, now))
        if pos != table.pos:
            self._turn_since[table.code] = (table.pos, now)
        elif now - since >= self.seconds and table.code not in self._tasks:
            self._tasks[table.code] = asyncio.get_running_loop().create_task(
                self._moves(table, waiting, table.pos))

    async def _moves(self, table: TableHost, seats: list[int], pos: int) -> None:
        """The AI's move for each of ``seats`` whose time ran out (dropped if the table moved on)."""
        try:
            for seat in seats:
                if seat not in table.people_to_move():
                    continue
                action = await self.decide(table.ai_request(seat))
                if table.pos != pos or seat not in table.people_to_move():
                    return  # the person moved meanwhile
                log.info("table %s: seat %s's time ran out; the AI moved for it", table.code, seat)
                events = table.play_for(seat, action)
                pos = table.pos
                self.host.played(table, events)
        finally:
            self._tasks.pop(table.code, None)

    def forget(self, code: str) -> None:
        """Stop timing table ``code`` (it closed)."""
        self._turn_since.pop(code, None)
        task = self._tasks.pop(code, None)
        if task is not None:
            task.cancel()

    def cancel_all(self) -> None:
        """Stop every move under way (the host stops)."""
        for task in self._tasks.values():
            task.cancel()
