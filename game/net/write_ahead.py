"""Nothing is told before it is on the disk (``WriteAhead``).

With a tables folder every change of a table is appended to its write-ahead log
(``game.net.journal``) and synced, in batches and off the loop, before the messages that tell of
it (acks, updates, syncs) go out: a host killed at any moment resumes at least where any client was
shown. Without a folder the messages go at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from pathlib import Path
from typing import Any

from game.net import journal
from game.net.host import TableHost
from game.net.peer import Client
from game.net.table_files import table_path

log = logging.getLogger(__name__)


class WriteAhead:
    """Each table's write-ahead log in ``folder`` and the messages held until it is synced."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self._journals: dict[str, journal.Journal] = {}
        self._flushers: dict[str, asyncio.Task[None]] = {}
        self._held: dict[str, list[tuple[int, Client, dict[str, Any]]]] = {}  # code -> (entry, to, message)
        self._durable: dict[str, int] = {}  # code -> journal entries on the disk

    def opened(self, table: TableHost) -> None:
        """Start on ``table``: its log entries so far are on the disk (a new table has none; a
        resumed one read them)."""
        self._durable[table.code] = table.entries

    def post(self, table: TableHost, client: Client, message: dict[str, Any]) -> None:
        """Send ``message`` (about ``table``) to ``client`` once every change made so far is on
        the disk; at once when nothing waits (or the host keeps no files)."""
        held = self._held.get(table.code)
        if self.folder is None or (not held and self._durable.get(table.code, 0) >= table.entries):
            client.send(message)
            return
        self._held.setdefault(table.code, []).append((table.entries, client, message))
        self.flush_soon(table)

    def flush_soon(self, table: TableHost) -> None:
        """Write the table's new log entries soon (off the loop), then send what waited for them."""
        if self.folder is None:
            table.journal.clear()
            return
        if table.code not in self._flushers and (table.journal or self._held.get(table.code)):
            self._flushers[table.code] = asyncio.get_running_loop().create_task(self._flusher(table, self.folder))

    async def _flusher(self, table: TableHost, folder: Path) -> None:
        """Append the journal in batches (each synced), releasing held messages as they become safe."""
        code = table.code
        log_file = self._journals.setdefault(code, journal.Journal(journal.path_for(table_path(folder, code))))
        try:
            while table.journal or self._held.get(code):
                batch, table.journal = table.journal, []
                if batch:
                    try:
                        await asyncio.to_thread(log_file.append, batch)
                    except OSError as error:  # a full disk, say: play goes on, as with the autosave
                        log.warning("table %s: the write-ahead log failed: %s", code, error)
                    self._durable[code] = batch[-1]["n"]
                self._release(table)
                if not batch:
                    break
        finally:
            self._flushers.pop(code, None)
            if table.match.is_over() and not table.journal:  # nothing more will be logged here
                self._journals.pop(code, log_file).close()
            if table.journal or self._held.get(code):  # more came while this one ended
                self.flush_soon(table)

    def _release(self, table: TableHost) -> None:
        """Send the held messages whose changes are on the disk, in order."""
        held = self._held.get(table.code)
        if not held:
            return
        durable = self._durable.get(table.code, 0)
        ready = 0
        while ready < len(held) and held[ready][0] <= durable:
            ready += 1
        for _, client, message in held[:ready]:
            client.send(message)
        del held[:ready]

    def writing(self, code: str) -> bool:
        """True while table ``code``'s log is being written."""
        return code in self._flushers

    def forget(self, code: str) -> None:
        """Forget table ``code`` (it closed): what it held is dropped, its log closed."""
        self._held.pop(code, None)
        self._durable.pop(code, None)
        log_file = self._journals.pop(code, None)
        if log_file is not None:
            log_file.close()

    async def close(self) -> None:
        """Finish the writes under way and close every log (the host stops)."""
        with contextlib.suppress(Exception):
            await asyncio.gather(*self._flushers.values(), return_exceptions=True)
        for one in self._journals.values():
            one.close()
