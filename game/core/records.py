"""Local profiles and their records: games, wins, draws, losses, best score, streak and recent
results, per profile, per game and per AI level (the strongest AI at the table, or "people"
without one).

One SQLite file in the data folder (stdlib ``sqlite3``), its schema version in ``PRAGMA
user_version``, upgraded step by step by ``MIGRATIONS``. A finished match is written in one
transaction keyed by its match id (game, seed, start time: ``Match.match_id``), so a match
recorded again (a reloaded, replayed or reviewed match) counts once, and a process killed
mid-write leaves the file as it was before (SQLite's rollback journal).

A shared first place is a draw for those who share it (schema 2; a schema 1 file is migrated:
a first place it shared between two recorded people becomes a draw for both).

A file the app did not write is a bad file: not a database, damaged (found by ``quick_check``
or only later, by any ``sqlite3.DatabaseError`` that is not about the disk or another instance),
a newer schema, or not exactly the schema this app makes (a dropped table, an extra trigger,
another program's database). It is kept aside (renamed byte for byte, never overwritten) with
one message, and the records start afresh. Values read are checked one by one: a row of the
wrong type is skipped. Nothing here raises into the app.
"""

from __future__ import annotations

import logging
import math
import os
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from game.core.match import MAX_NAME, Match, typed_name
from game.core.storage import (
    data_dir,
    is_regular_or_absent,
    keep_aside,
    kept_aside_text,
    note_write_failure,
    saving_off,
)

RECORDS_FILE = "records.sqlite3"
SCHEMA_VERSION = 2
RECENT = 10  # results kept in a profile's "recent" list per game and level
PEOPLE = "people"  # the level of a match without AI seats
LEVEL_ORDER = ("random", "easy", "normal", "hard")  # weakest first
WIN, DRAW, LOSS = "win", "draw", "loss"
OUTCOMES = (WIN, DRAW, LOSS)
BUSY_SECONDS = 2.0  # how long a write waits for another instance holding the file
MAX_TEXT = 64  # longest game id or level a record may hold (the app's are far shorter)
# SQLite's primary result codes that say something about the disk or another instance, not the
# file's content: the file is left where it is (any other DatabaseError makes it a bad file)
NOT_THE_FILE = frozenset({3, 5, 6, 7, 8, 9, 10, 13, 14, 15, 23})  # PERM BUSY LOCKED NOMEM READONLY
# INTERRUPT IOERR FULL CANTOPEN PROTOCOL AUTH

log = logging.getLogger("kotatsu.records")
T = TypeVar("T")


def _create_v1(db: sqlite3.Connection) -> None:
    """Schema 1: profiles, and one result per profile per match."""
    db.execute(
        "CREATE TABLE profiles (name TEXT PRIMARY KEY, created INTEGER NOT NULL, last_used INTEGER NOT NULL)"
    )
    db.execute(
        "CREATE TABLE results (match_id TEXT NOT NULL, profile TEXT NOT NULL REFERENCES profiles(name),"
        " game TEXT NOT NULL, level TEXT NOT NULL, finished INTEGER NOT NULL, seat INTEGER NOT NULL,"
        " players INTEGER NOT NULL, won INTEGER NOT NULL, rank INTEGER NOT NULL, score REAL NOT NULL,"
        " PRIMARY KEY (match_id, profile))"
    )
    db.execute("CREATE INDEX results_by_profile ON results (profile, game, level, finished)")


def _outcomes_v2(db: sqlite3.Connection) -> None:
    """Schema 2: each result's outcome (win, draw or loss); ``won`` is 1 for a win only. A first
    place that two recorded people of one match share is a draw for both (schema 1 counted it as
    a win; who else shared it, an AI or an unnamed seat, was not recorded)."""
    db.execute(f"ALTER TABLE results ADD COLUMN outcome TEXT NOT NULL DEFAULT '{LOSS}'")
    db.execute(
        f"UPDATE results SET outcome = CASE WHEN won = 0 THEN '{LOSS}'"
        " WHEN (SELECT count(*) FROM results AS other WHERE other.match_id = results.match_id"
        f" AND other.won != 0) > 1 THEN '{DRAW}' ELSE '{WIN}' END"
    )
    db.execute(f"UPDATE results SET won = (outcome = '{WIN}')")


# version n -> the step that brings a version n file to n + 1 (run in one transaction)
MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {0: _create_v1, 1: _outcomes_v2}


class RecordsError(Exception):
    """The records file cannot be used as it is (damaged, from a newer app, another schema)."""


@dataclass(frozen=True)
class Recent:
    """One finished match of a profile: its outcome (win, draw or loss), score and rank, when."""

    outcome: str
    score: float
    rank: int
    finished: int

    @property
    def won(self) -> bool:
        """A win (a shared first place is a draw, not a win)."""
        return self.outcome == WIN

    @property
    def drawn(self) -> bool:
        """A first place shared with others."""
        return self.outcome == DRAW

    @property
    def letter(self) -> str:
        """W, D or - (a loss), for the recent row."""
        return {WIN: "W", DRAW: "D"}.get(self.outcome, "-")


@dataclass
class Figures:
    """A profile's figures for one game at one level, most recent result last."""

    game: str
    level: str
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    best_score: float = 0.0
    streak: int = 0  # wins in a row up to the latest match (0 after a draw or a loss)
    recent: list[Recent] = field(default_factory=list)

    @property
    def win_share(self) -> float:
        """Wins / games (0 without games): a draw is not a win."""
        return self.wins / self.games if self.games else 0.0

    def as_json(self) -> dict[str, Any]:
        """The figures as plain data (``records --json``)."""
        return {"game": self.game, "level": self.level, "games": self.games, "wins": self.wins,
                "draws": self.draws, "losses": self.losses, "best_score": self.best_score,
                "streak": self.streak, "win_share": round(self.win_share, 4),
                "recent": [{"outcome": result.outcome, "won": result.won, "score": result.score,
                            "rank": result.rank, "finished": result.finished} for result in self.recent]}


def table_level(match: Match) -> str:
    """The strongest AI level at the table, or ``PEOPLE`` when every seat is a person."""
    levels = [seat.level for seat in match.seats if not seat.is_human]
    known = [level for level in levels if level in LEVEL_ORDER]
    return max(known, key=LEVEL_ORDER.index) if known else PEOPLE


def profiles_of(match: Match) -> dict[int, str]:
    """Seat -> profile name for each person who typed a name (unnamed seats stay anonymous)."""
    return {index: seat.name.strip() for index, seat in enumerate(match.seats)
            if seat.is_human and typed_name(seat.name)}


def outcome_of(winners: tuple[int, ...], seat: int) -> str:
    """``seat``'s outcome: a win alone in first place, a draw when first place is shared."""
    if seat not in winners:
        return LOSS
    return DRAW if len(winners) > 1 else WIN


# ----- the schema this app makes ---------------------------------------------------------------
def _signature(db: sqlite3.Connection) -> tuple[Any, ...]:
    """Every object of the file's schema (tables, indexes, triggers, views), its SQL and columns."""
    objects = db.execute("SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name").fetchall()
    columns = [tuple(db.execute(f"PRAGMA table_info({_quoted(name)})").fetchall())
               for kind, name, _table, _sql in objects if kind == "table"]
    return (tuple((kind, name, table, " ".join(str(sql).split())) for kind, name, table, sql in objects),
            tuple(columns))


def _text(raw: bytes) -> str | bytes:
    """A TEXT value as str; bytes that are not UTF-8 stay bytes, which no check takes for text
    (so a damaged text is a value of the wrong kind, never a ``UnicodeDecodeError``)."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw


def _quoted(name: Any) -> str:
    return '"' + str(name).replace('"', '""') + '"'


@cache
def expected_signature(version: int) -> tuple[Any, ...]:
    """The schema a file of ``version`` has when this app made it (built in memory, once)."""
    with closing(sqlite3.connect(":memory:")) as db:
        for step in range(version):
            MIGRATIONS[step](db)
        return _signature(db)


def is_bad_file(error: BaseException) -> bool:
    """True for an error that says the file's content is wrong (damaged, not a database, an
    unexpected schema or trigger), False for one about the disk or another instance."""
    if isinstance(error, RecordsError | UnicodeError):
        return True
    if not isinstance(error, sqlite3.DatabaseError):
        return False
    code = getattr(error, "sqlite_errorcode", None)
    if code is None:  # raised by the module, not by SQLite
        return not isinstance(error, sqlite3.OperationalError | sqlite3.ProgrammingError)
    return (code & 0xFF) not in NOT_THE_FILE


def _problem(error: BaseException) -> str:
    """A short description of what is wrong with the file."""
    text = str(error) or type(error).__name__
    return text if len(text) <= 120 else text[:120] + "…"


class Records:
    """The records file: open it lazily, read and write in transactions, never raise."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else data_dir() / RECORDS_FILE
        self.warning = ""  # set when a bad file was kept aside (English, for the log and the CLI)
        self.aside: str | None = None  # then the name it was kept under ("" when it could not move)
        self.skipped = 0  # rows of a wrong type left out of what was read

    # ----- the file --------------------------------------------------------------------------
    @property
    def journal(self) -> Path:
        """SQLite's rollback journal beside the file."""
        return self.path.with_name(self.path.name + "-journal")

    def _connect(self) -> sqlite3.Connection:
        """An open, checked connection at the current schema. ``RecordsError`` when the file is
        bad; ``sqlite3.Error`` (busy, no room...) when it cannot be used now."""
        for path in (self.path, self.journal):
            if not is_regular_or_absent(path):  # a FIFO would block SQLite's first read for ever
                raise RecordsError(f"{path.name} is not a regular file")
        db = sqlite3.connect(self.path, timeout=BUSY_SECONDS, isolation_level=None)
        db.text_factory = _text
        try:
            db.execute("PRAGMA journal_mode=DELETE")  # a rollback journal: a killed write rolls back
            db.execute("PRAGMA foreign_keys=ON")
            db.execute("PRAGMA trusted_schema=OFF")  # a file's own SQL functions in views or triggers never run
            version = self._version(db)
            if db.execute("PRAGMA quick_check").fetchone()[0] != "ok":
                raise RecordsError("the file is damaged")
            if version < SCHEMA_VERSION:
                self._migrate(db)
            self._check_schema(db, SCHEMA_VERSION)
        except BaseException:
            db.close()
            raise
        return db

    @staticmethod
    def _version(db: sqlite3.Connection) -> int:
        """The file's schema version; ``RecordsError`` for one this app does not know."""
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if not isinstance(version, int) or version < 0:
            raise RecordsError(f"schema version {version} is not one this app writes")
        if version > SCHEMA_VERSION:
            raise RecordsError(f"written by a newer app (schema {version}, this app knows {SCHEMA_VERSION})")
        return version

    @staticmethod
    def _check_schema(db: sqlite3.Connection, version: int) -> None:
        """``RecordsError`` unless the file's schema is exactly what this app makes at ``version``
        (a dropped table, an extra trigger or view, another program's tables)."""
        if _signature(db) != expected_signature(version):
            what = "not a records file" if version == 0 else f"not the records schema {version}"
            raise RecordsError(f"{what} (its tables are not the ones this app makes)")

    def _migrate(self, db: sqlite3.Connection) -> None:
        """Bring the file up to ``SCHEMA_VERSION``, each step in its own transaction. The version
        is read again once the write lock is held: another process may have upgraded the file
        between our first look and the lock (it then is not upgraded twice)."""
        while True:
            db.execute("BEGIN IMMEDIATE")
            try:
                version = self._version(db)
                if version < SCHEMA_VERSION:
                    self._check_schema(db, version)  # never change a file that is not ours
                    MIGRATIONS[version](db)
                    db.execute(f"PRAGMA user_version = {version + 1}")
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise
            if version + 1 >= SCHEMA_VERSION:
                return

    def _keep_bad_file_aside(self, problem: str) -> None:
        """Move the unusable file (and its journal) aside and remember the message."""
        aside = keep_aside(self.path)
        if aside is not None and (self.journal.exists() or self.journal.is_symlink()):
            keep_aside(self.journal)  # a journal must never meet another database of the same name
        self.aside = aside.name if aside is not None else ""
        self.warning = f"The records file {self.path.name} could not be used ({problem}): {kept_aside_text(aside)}."
        log.warning("%s", self.warning)

    @contextmanager
    def _open(self, writing: bool) -> Iterator[sqlite3.Connection | None]:
        """A connection (None when there is no file to read, or saving is off)."""
        if not writing and not (self.path.exists() or self.path.is_symlink()):
            yield None
            return
        if writing and saving_off() is not None:
            yield None
            return
        with closing(self._connect()) as db:
            yield db

    def _use(self, writing: bool, work: Callable[[sqlite3.Connection], T], nothing: T) -> T:
        """``work`` on a connection; ``nothing`` when there is no usable file. A bad file (at
        open or found during ``work``) is kept aside once: a reader then has nothing, a writer
        starts a fresh file and tries again. A busy file or a full disk is logged, never raised."""
        for attempt in (1, 2):
            try:
                with self._open(writing) as db:
                    return nothing if db is None else work(db)
            except (sqlite3.Error, RecordsError, UnicodeError) as error:
                if not (is_bad_file(error) or self._read_only_by_content(error)):
                    self._not_now(error, writing)
                    return nothing
                if attempt == 2 or not (self.path.exists() or self.path.is_symlink()):
                    log.warning("the records file cannot be used: %s", _problem(error))
                    return nothing
                self._keep_bad_file_aside(_problem(error))
                if not writing or self.aside == "":
                    return nothing
        return nothing

    def _read_only_by_content(self, error: BaseException) -> bool:
        """True when SQLite will not write a file that the app may write: its header says so (a
        write version from the future, a damaged header), which is the file's fault."""
        code = getattr(error, "sqlite_errorcode", None)
        if code is None or code & 0xFF != 8:  # SQLITE_READONLY
            return False
        return os.access(self.path, os.W_OK) and os.access(self.path.parent, os.W_OK | os.X_OK)

    def _not_now(self, error: BaseException, writing: bool) -> None:
        """Log a failure that is not the file's fault; a full or read-only disk turns saving off."""
        log.warning("could not %s the records: %s", "write" if writing else "read", error)
        code = getattr(error, "sqlite_errorcode", None)
        if writing and code is not None and (code & 0xFF) in (8, 13):  # READONLY, FULL
            note_write_failure(self.path.parent, OSError(str(error)))

    # ----- reading ---------------------------------------------------------------------------
    def profiles(self) -> list[str]:
        """Every profile's name, the last one used first (names that are not names are skipped)."""
        rows: list[Any] = self._use(False, lambda db: db.execute(
            "SELECT name FROM profiles ORDER BY last_used DESC, name").fetchall(), [])
        names = [name for (name,) in rows if isinstance(name, str) and name and typed_name(name) == name]
        self._skipped(len(rows) - len(names))
        return names

    def figures(self, profile: str) -> list[Figures]:
        """The profile's figures per game and level (games in name order, levels weakest first)."""
        rows: list[Any] = self._use(False, lambda db: db.execute(
            "SELECT game, level, outcome, score, rank, finished FROM results WHERE profile = ?"
            " ORDER BY finished, match_id", (profile,)).fetchall(), [])
        table: dict[tuple[str, str], Figures] = {}
        skipped = 0
        for row in rows:
            checked = _checked_row(row)
            if checked is None:
                skipped += 1
                continue
            game, level, result = checked
            _count(table.setdefault((game, level), Figures(game, level)), result)
        self._skipped(skipped)
        order = (*LEVEL_ORDER, PEOPLE)
        return sorted(table.values(),
                      key=lambda f: (f.game, order.index(f.level) if f.level in order else len(order), f.level))

    def _skipped(self, count: int) -> None:
        """Note rows left out because a value was not of its kind."""
        if count:
            self.skipped += count
            log.warning("%d row(s) of the records file hold values of the wrong kind; they are left out", count)

    # ----- writing ---------------------------------------------------------------------------
    def add_profile(self, name: str, when: int | None = None) -> bool:
        """Create (or mark as just used) the profile ``name``; False when it was not written."""
        name = typed_name(name)
        if not name:
            return False
        now = int(time.time()) if when is None else when
        return self._write(lambda db: _touch(db, name, now))

    def record_match(self, match: Match, when: int | None = None) -> int:
        """Record a finished match: one result per named person; returns how many results were
        new (0 for a match recorded before, an unfinished one, or when saving is off)."""
        if not match.is_over():
            return 0
        people = profiles_of(match)
        if not people:
            return 0
        result = match.rules.result(match.state)
        level, now = table_level(match), int(time.time()) if when is None else when
        added = 0

        def write(db: sqlite3.Connection) -> None:
            nonlocal added
            added = 0  # a retry on a fresh file starts the count again
            for seat, name in people.items():
                _touch(db, name, now)
                outcome = outcome_of(result.winners, seat)
                cursor = db.execute(
                    "INSERT OR IGNORE INTO results (match_id, profile, game, level, finished, seat, players,"
                    " won, rank, score, outcome) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (match.match_id, name, match.game_id, level, now, seat, match.players,
                     int(outcome == WIN), result.ranks[seat], float(result.scores[seat]), outcome))
                added += cursor.rowcount

        return added if self._write(write) else 0

    def _write(self, change: Callable[[sqlite3.Connection], None]) -> bool:
        """Run ``change`` in one transaction (all of it or nothing); False when not written."""

        def transaction(db: sqlite3.Connection) -> bool:
            db.execute("BEGIN IMMEDIATE")
            try:
                change(db)
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")
            return True

        return self._use(True, transaction, False)


def _checked_row(row: tuple[Any, ...]) -> tuple[str, str, Recent] | None:
    """(game, level, result) from a results row, or None when a value is not of its kind."""
    game, level, outcome, score, rank, finished = row
    texts_fit = all(isinstance(text, str) and 0 < len(text) <= MAX_TEXT for text in (game, level))
    numbers_fit = (isinstance(score, int | float) and math.isfinite(score) and isinstance(rank, int)
                   and 1 <= rank <= 1_000 and isinstance(finished, int))
    if not (texts_fit and numbers_fit and outcome in OUTCOMES):
        return None
    return game, level, Recent(outcome, float(score), rank, finished)


def _touch(db: sqlite3.Connection, name: str, now: int) -> None:
    """Create the profile or move its "last used" to ``now``."""
    db.execute("INSERT INTO profiles VALUES (?, ?, ?) ON CONFLICT(name)"
               " DO UPDATE SET last_used = max(profiles.last_used, excluded.last_used)", (name[:MAX_NAME], now, now))


def _count(figures: Figures, result: Recent) -> None:
    """Add one result (in time order) to the figures: a draw or a loss ends a win streak."""
    figures.best_score = result.score if figures.games == 0 else max(figures.best_score, result.score)
    figures.games += 1
    figures.wins += int(result.won)
    figures.draws += int(result.drawn)
    figures.losses += int(result.outcome == LOSS)
    figures.streak = figures.streak + 1 if result.won else 0
    figures.recent = [*figures.recent, result][-RECENT:]


# ----- reports (``python -m game records``) ---------------------------------------------------------
def report(records: Records, profile: str | None = None) -> dict[str, list[dict[str, Any]]]:
    """Profile name -> its figures as plain data; every profile, or only ``profile``."""
    names = records.profiles()
    if profile is not None:
        names = [name for name in names if name == profile]
    return {name: [figures.as_json() for figures in records.figures(name)] for name in names}


def report_text(data: dict[str, list[dict[str, Any]]]) -> str:
    """``report`` as lines an organiser reads: per profile, one line per game and level."""
    if not data:
        return "no records yet"
    lines: list[str] = []
    for name, rows in data.items():
        lines.append(name)
        if not rows:
            lines.append("  no finished games yet")
        for row in rows:
            recent = "".join({WIN: "W", DRAW: "D"}.get(result["outcome"], "-") for result in row["recent"])
            lines.append(
                f"  {row['game']:<10} {row['level']:<7} games {row['games']:>3}  wins {row['wins']:>3}"
                f"  draws {row['draws']:>3}  losses {row['losses']:>3}"
                f"  share {row['win_share']:>4.0%}  best {row['best_score']:>5g}  streak {row['streak']:>2}"
                f"  recent {recent}"
            )
    return "\n".join(lines)
