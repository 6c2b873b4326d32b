"""The tables this app hosts: where their server keeps them and which seat is the host's own.

"Host a table" starts one server per app (``game.net.server.start_in_thread``) on the data folder's
``lan/tables``; the server autosaves every table there and resumes the unfinished ones when it
starts again. The host's own player joins its seat as a client with a seat token made here, so the
record ``lan/hosted.json`` (code -> game, seat, token) lets a restarted app offer "Resume" and
reclaim that seat. No pygame here.
"""

from __future__ import annotations

import logging
import secrets
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from game.core import storage
from game.core.registry import GAME_IDS
from game.net.protocol import MAX_CODE_LENGTH, MAX_TOKEN, SPECTATOR, TABLE_CODE_LENGTH

log = logging.getLogger("kotatsu.net.hosted")
RECORD = "hosted.json"
KEEP = 20  # hosted tables remembered at most (the oldest are forgotten first)


@dataclass(frozen=True)
class HostedTable:
    """One table this app hosts: its join code, game, player count and the host's seat and token."""

    code: str
    game: str
    players: int
    seat: int
    token: str

    @classmethod
    def from_json(cls, data: Any) -> HostedTable | None:
        """The record in ``data``, or None when it is not one (a hand-edited or damaged file)."""
        try:
            table = cls(str(data["code"]), str(data["game"]), int(data["players"]), int(data["seat"]),
                        str(data["token"]))
        except (KeyError, TypeError, ValueError):
            return None
        fits = (TABLE_CODE_LENGTH <= len(table.code) <= MAX_CODE_LENGTH and table.game in GAME_IDS and table.players > 0
                and SPECTATOR <= table.seat < table.players and 0 < len(table.token) <= MAX_TOKEN)
        return table if fits else None


def lan_dir() -> Path:
    """The data folder's ``lan`` folder (tables, tokens, this record)."""
    return storage.data_dir() / "lan"


def tables_dir() -> Path:
    """Where the app's server autosaves its tables."""
    return lan_dir() / "tables"


def new_token() -> str:
    """A seat token for the host's own seat (unguessable, well within ``MAX_TOKEN``)."""
    return secrets.token_urlsafe(24)


def _tables_of(data: Any) -> list[Any]:
    """The entries of the record: ``{"tables": [...]}`` (anything else is a bad file)."""
    entries = data.get("tables") if isinstance(data, dict) else None
    if not isinstance(entries, list):
        raise ValueError('not an object with a "tables" list')  # noqa: TRY004 - a bad file, kept aside
    return entries


def read_hosted(folder: Path | None = None) -> list[HostedTable]:
    """The tables recorded as hosted here, newest first ([] when there is no readable record).
    The record is read by the app's one checked reader: a bad file (NaN, 1e400, deep nesting, a
    FIFO in its place...) is kept aside with one log line and the record starts afresh."""
    path = (folder or lan_dir()) / RECORD
    entries = storage.load_json_file(path, _tables_of, f"the hosted tables record {RECORD}") or []
    return [table for table in map(HostedTable.from_json, entries) if table is not None]


def write_hosted(tables: list[HostedTable], folder: Path | None = None) -> None:
    """Record ``tables`` (newest first, at most ``KEEP``); a failure to write is logged, not raised."""
    path = (folder or lan_dir()) / RECORD
    try:
        storage.write_json_atomic(path, {"tables": [asdict(table) for table in tables[:KEEP]]})
    except (OSError, ValueError) as error:  # ValueError: a text that cannot be UTF-8
        log.warning("cannot write %s: %s", path, error)


def remember(table: HostedTable, folder: Path | None = None) -> None:
    """Add ``table`` to the record (replacing an older record of the same code)."""
    others = [old for old in read_hosted(folder) if old.code != table.code]
    write_hosted([table, *others], folder)


def keep_only(codes: set[str], folder: Path | None = None) -> list[HostedTable]:
    """Forget the recorded tables whose code is not in ``codes`` (finished or gone); the rest."""
    tables = read_hosted(folder)
    kept = [table for table in tables if table.code in codes]
    if len(kept) != len(tables):
        write_hosted(kept, folder)
    return kept
