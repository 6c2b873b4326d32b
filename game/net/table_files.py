"""Each hosted table's file in the host's ``tables_dir`` (``TableFiles``): written now and then,
atomically and off the loop (its write-ahead log, ``game.net.write_ahead``, holds every change in
between), and read back when the host starts, its log replayed, so every unfinished table resumes.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Iterable
from pathlib import Path

from game.core.errors import SaveError
from game.core.storage import NotARegularFile, keep_aside, kept_aside_text, write_json_atomic
from game.net import journal
from game.net.host import TableHost

log = logging.getLogger(__name__)

SNAPSHOT_EVERY = 64  # log entries between two writes of a table's file (a resume replays fewer)
SUFFIX = ".json"


def table_path(folder: Path, code: str) -> Path:
    """Where table ``code`` is kept in ``folder`` (its write-ahead log beside it: ``journal.path_for``)."""
    return folder / f"{code}{SUFFIX}"


def replay(table: TableHost, log_path: Path) -> int:
    """Apply the write-ahead log's entries after those the table file holds; how many."""
    done = 0
    for entry in journal.read_entries(log_path, table.entries):
        try:
            table.replay(entry)
        except SaveError as error:
            log.warning("table %s: %s; resumed before it", table.code, error)
            break
        done += 1
    table.journal.clear()
    return done


def not_resumed(path: Path, error: Exception) -> None:
    """Say why ``path`` is not resumed; keep it aside unless it only cannot be read now."""
    cause = error.__cause__
    if isinstance(cause, OSError) and not isinstance(cause, NotARegularFile):
        log.warning("%s is not resumed: %s", path.name, error)  # no permission...: left as it is
        return
    log.warning("%s is not resumed: %s; %s", path.name, error, kept_aside_text(keep_aside(path)))


class TableFiles:
    """The tables' files in ``folder`` (none kept when it is None): resumed, written, removed."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self._savers: dict[str, asyncio.Task[None]] = {}
        self._dirty: set[str] = set()
        self._snapshot_at: dict[str, int] = {}  # code -> journal entries its last table file holds

    def path(self, table: TableHost) -> Path | None:
        """Where ``table`` is kept (None when the host keeps no files)."""
        return None if self.folder is None else table_path(self.folder, table.code)

    def saved_codes(self) -> set[str]:
        """The codes of the tables kept in the folder (a new table takes none of them)."""
        if self.folder is None or not self.folder.is_dir():
            return set()
        return {path.stem for path in self.folder.glob("*" + SUFFIX)}

    def resume(self) -> list[TableHost]:
        """Every unfinished table saved in the folder, its log replayed. A bad table file (hostile
        JSON, a FIFO or a device in its place, a table that does not replay) is kept aside as
        ``*.bad-TIME``, byte for byte, with one line; one that cannot be read now stays."""
        folder = self.folder
        tables = []
        for path in sorted(folder.glob("*" + SUFFIX)) if folder is not None and folder.is_dir() else ():
            try:
                table = TableHost.load(path)
            except SaveError as error:
                not_resumed(path, error)
                continue
            except Exception as error:  # a bug in a game's decoder must not stop the server
                log.exception("unexpected error while loading %s", path.name)
                not_resumed(path, error)
                continue
            replayed = replay(table, journal.path_for(path))
            if not table.match.is_over() and table.code == path.stem:
                tables.append(table)
                if replayed:
                    self._dirty.add(table.code)  # a fresh table file once running
        return tables

    def checkpoint(self, table: TableHost) -> None:
        """Write the table's file when its log has grown by ``SNAPSHOT_EVERY`` entries since, or
        the match is over (the log makes every change durable; the file only shortens replays)."""
        if self.folder is None:
            return
        if (table.entries - self._snapshot_at.get(table.code, -SNAPSHOT_EVERY) >= SNAPSHOT_EVERY
                or table.match.is_over()):
            self._snapshot_at[table.code] = table.entries
            self.save_soon(table)

    def save_soon(self, table: TableHost) -> None:
        """Write the table soon, off the loop; writes of one table never overlap or reorder."""
        path = self.path(table)
        if path is None:
            return
        self._dirty.add(table.code)
        if table.code not in self._savers:
            self._savers[table.code] = asyncio.get_running_loop().create_task(self._saver(table, path))

    async def _saver(self, table: TableHost, path: Path) -> None:
        try:
            while table.code in self._dirty:
                self._dirty.discard(table.code)
                data = table.to_json()  # taken on the loop: one consistent moment
                try:
                    await asyncio.to_thread(write_json_atomic, path, data)
                except (OSError, ValueError) as error:  # ValueError: a text that cannot be UTF-8
                    log.warning("table %s not saved: %s", table.code, error)
        finally:
            self._savers.pop(table.code, None)

    def writing(self, code: str) -> bool:
        """True while table ``code``'s file is being written."""
        return code in self._savers

    def forget(self, table: TableHost) -> None:
        """Forget ``table`` and remove its files (it closed)."""
        self._snapshot_at.pop(table.code, None)
        self._dirty.discard(table.code)
        path = self.path(table)
        if path is not None:
            for one in (path, journal.path_for(path)):
                with contextlib.suppress(OSError):
                    one.unlink()

    async def save_all(self, tables: Iterable[TableHost]) -> None:
        """Write every table's file now and wait for the writes (the host stops)."""
        for table in tables:
            self._dirty.add(table.code)
            self.save_soon(table)
        with contextlib.suppress(Exception):
            await asyncio.gather(*self._savers.values(), return_exceptions=True)
