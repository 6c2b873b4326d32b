"""A table's write-ahead log: every change of a served table, on disk before anyone hears of it.

The host applies a change in memory, appends its entry here (one JSON line, flushed and synced
to the disk) and only then sends the ack and the updates that show it. A host killed at any
moment therefore resumes at least where any client was shown: the table file (written behind
play, atomically) says how many entries it holds (``journal``), and the entries after that are
replayed from this log. A last line cut short by the kill was never synced, so never acknowledged:
it is left out.

Entries are small objects with ``n`` (their number, from 1, per table) and ``k`` (the kind):
``act``/``ai`` (seat, action text, seq), ``undo`` (seat, seq), ``claim`` (seat, token, name),
``name`` (seat, name), ``free`` (seat). ``TableHost.replay`` applies one.
"""

from __future__ import annotations

import json
import logging
import os
import stat
from pathlib import Path
from typing import Any, BinaryIO

log = logging.getLogger("kotatsu.net.journal")

SUFFIX = ".wal"
MAX_BYTES = 16 << 20  # far above any match's log; a bigger file is read no further


def path_for(table_file: Path) -> Path:
    """The log beside a table's file (``ABCD.json`` -> ``ABCD.wal``)."""
    return table_file.with_suffix(SUFFIX)


def _open_regular(path: Path, flags: int) -> BinaryIO:
    """``path`` opened with ``flags`` without blocking (a FIFO in its place would block), and
    only when it is a regular file (``OSError`` otherwise)."""
    fd = os.open(path, flags | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0), 0o644)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(f"{path} is not a regular file")
        return os.fdopen(fd, "ab" if flags & os.O_WRONLY else "rb")
    except BaseException:
        os.close(fd)
        raise


def _sync(handle: BinaryIO) -> None:
    handle.flush()
    (getattr(os, "fdatasync", None) or os.fsync)(handle.fileno())


class Journal:
    """An open append-only log (one per table); ``append`` returns once the lines are synced."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._handle: BinaryIO | None = None

    def append(self, entries: list[dict[str, Any]]) -> None:
        """Write ``entries`` as lines and sync them to the disk (``OSError`` when it cannot)."""
        if self._handle is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._handle = _open_regular(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT)
        data = b"".join(json.dumps(entry, separators=(",", ":"), ensure_ascii=False).encode() + b"\n"
                        for entry in entries)
        self._handle.write(data)
        _sync(self._handle)

    def close(self) -> None:
        """Close the file (the next ``append`` opens it again)."""
        if self._handle is not None:
            handle, self._handle = self._handle, None
            try:
                handle.close()
            except OSError as error:
                log.warning("closing %s: %s", self.path, error)


def read_entries(path: Path, after: int = 0) -> list[dict[str, Any]]:
    """The entries of the log at ``path`` numbered above ``after``, in order; a missing file is
    empty, and reading stops at the first line that is cut short or unreadable (logged)."""
    try:
        with _open_regular(path, os.O_RDONLY) as handle:
            data = handle.read(MAX_BYTES)
    except FileNotFoundError:
        return []
    except OSError as error:
        log.warning("cannot read %s: %s", path, error)
        return []
    entries: list[dict[str, Any]] = []
    last = after
    for number, line in enumerate(data.split(b"\n")[:-1], start=1):  # the part after the last \n: cut short
        try:
            entry = json.loads(line)
        except (ValueError, RecursionError):
            log.warning("%s: line %d is unreadable; the log is read up to it", path.name, number)
            break
        if not isinstance(entry, dict) or type(entry.get("n")) is not int:
            log.warning("%s: line %d is not a log entry; the log is read up to it", path.name, number)
            break
        if entry["n"] <= last:
            continue  # already in the table file (or written twice)
        if entry["n"] != last + 1:
            log.warning("%s: entry %d follows %d; the log is read up to it", path.name, entry["n"], last)
            break
        entries.append(entry)
        last = entry["n"]
    return entries
