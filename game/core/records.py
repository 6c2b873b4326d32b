"""Local profiles and their records: games, wins, best score, streak and recent results, per
profile, per game and per AI level (the strongest AI at the table, or "people" without one).

One SQLite file in the data folder (stdlib ``sqlite3``), its schema version in ``PRAGMA
user_version``, upgraded step by step by ``MIGRATIONS``. A finished match is written in one
transaction keyed by its match id (game, seed, start time: ``Match.match_id``), so a match
recorded again (a reloaded, replayed or reviewed match) counts once, and a process killed
mid-write leaves the file as it was before (SQLite's rollback journal). A file that is not a
database, is damaged, or has a newer schema than this app knows is kept aside (renamed, never
overwritten) with a message, and the records start empty. Nothing here raises into the app.
"""

from __future__ import annotations

import logging
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from game.core.match import MAX_NAME, Match, typed_name
from game.core.storage import data_dir, keep_aside, kept_aside_text, note_write_failure, saving_off

RECORDS_FILE = "records.sqlite3"
SCHEMA_VERSION = 1
RECENT = 10  # results kept in a profile's "recent" list per game and level
PEOPLE = "people"  # the level of a match without AI seats
LEVEL_ORDER = ("random", "easy", "normal", "hard")  # weakest first
BUSY_SECONDS = 2.0  # how long a write waits for another instance holding the file

log = logging.getLogger("kotatsu.records")


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


# version n -> the step that brings a version n file to n + 1 (run in one transaction)
MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {0: _create_v1}


class RecordsError(Exception):
    """The records file cannot be used as it is (damaged, or from a newer app)."""


@dataclass(frozen=True)
class Recent:
    """One finished match of a profile: won or not, its score and rank, when."""

    won: bool
    score: float
    rank: int
    finished: int


@dataclass
class Figures:
    """A profile's figures for one game at one level, most recent result last."""

    game: str
    level: str
    games: int = 0
    wins: int = 0
    best_score: float = 0.0
    streak: int = 0  # wins in a row up to the latest match (0 after a loss)
    recent: list[Recent] = field(default_factory=list)

    @property
    def win_share(self) -> float:
        """Wins / games (0 without games)."""
        return self.wins / self.games if self.games else 0.0

    def as_json(self) -> dict[str, Any]:
        """The figures as plain data (``records --json``)."""
        data = asdict(self)
        data["win_share"] = round(self.win_share, 4)
        return data


def table_level(match: Match) -> str:
    """The strongest AI level at the table, or ``PEOPLE`` when every seat is a person."""
    levels = [seat.level for seat in match.seats if not seat.is_human]
    known = [level for level in levels if level in LEVEL_ORDER]
    return max(known, key=LEVEL_ORDER.index) if known else PEOPLE


def profiles_of(match: Match) -> dict[int, str]:
    """Seat -> profile name for each person who typed a name (unnamed seats stay anonymous)."""
    return {index: seat.name.strip() for index, seat in enumerate(match.seats)
            if seat.is_human and typed_name(seat.name)}


class Records:
    """The records file: open it lazily, read and write in transactions, never raise."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else data_dir() / RECORDS_FILE
        self.warning = ""  # set when a bad file was kept aside (English, for the log and the CLI)
        self.aside: str | None = None  # then the name it was kept under ("" when it could not move)

    # ----- the file --------------------------------------------------------------------------
    def _connect(self) -> sqlite3.Connection:
        """An open, checked connection at the current schema; ``RecordsError`` when unusable."""
        try:
            db = sqlite3.connect(self.path, timeout=BUSY_SECONDS, isolation_level=None)
        except sqlite3.Error as error:
            raise RecordsError(f"cannot open: {error}") from error
        try:
            db.execute("PRAGMA journal_mode=DELETE")  # a rollback journal: a killed write rolls back
            db.execute("PRAGMA foreign_keys=ON")
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise RecordsError(f"written by a newer app (schema {version}, this app knows {SCHEMA_VERSION})")
            if db.execute("PRAGMA quick_check").fetchone()[0] != "ok":
                raise RecordsError("the file is damaged")
            self._migrate(db, version)
        except sqlite3.OperationalError:
            db.close()
            raise  # busy (another instance writes), or no room: the file itself is fine
        except (sqlite3.DatabaseError, RecordsError) as error:
            db.close()
            raise RecordsError(str(error)) from error
        return db

    @staticmethod
    def _migrate(db: sqlite3.Connection, version: int) -> None:
        """Bring a file of ``version`` up to ``SCHEMA_VERSION``, each step in its own transaction."""
        while version < SCHEMA_VERSION:
            db.execute("BEGIN IMMEDIATE")
            try:
                MIGRATIONS[version](db)
                version += 1
                db.execute(f"PRAGMA user_version = {version}")
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise

    def _keep_bad_file_aside(self, problem: str) -> None:
        """Move the unusable file (and its journal) aside and remember the message."""
        aside = keep_aside(self.path)
        journal = self.path.with_name(self.path.name + "-journal")
        if aside is not None and journal.exists():
            keep_aside(journal)  # a journal must never meet another database of the same name
        self.aside = aside.name if aside is not None else ""
        self.warning = f"The records file {self.path.name} could not be used ({problem}): {kept_aside_text(aside)}."
        log.warning("%s", self.warning)

    @contextmanager
    def _open(self, writing: bool) -> Iterator[sqlite3.Connection | None]:
        """A connection (None when there is no usable file: nothing to read, or saving is off)."""
        if not writing and not self.path.exists():
            yield None
            return
        if writing and saving_off() is not None:
            yield None
            return
        try:
            db = self._connect()
        except RecordsError as error:
            self._keep_bad_file_aside(str(error))
            if not writing:
                yield None
                return
            try:
                db = self._connect()  # a fresh, empty file in its place
            except RecordsError:
                yield None
                return
        with closing(db):
            yield db

    # ----- reading ---------------------------------------------------------------------------
    def profiles(self) -> list[str]:
        """Every profile's name, the last one used first."""
        try:
            with self._open(writing=False) as db:
                if db is None:
                    return []
                rows = db.execute("SELECT name FROM profiles ORDER BY last_used DESC, name").fetchall()
        except sqlite3.Error as error:
            log.warning("cannot read the records: %s", error)
            return []
        return [name for (name,) in rows]

    def figures(self, profile: str) -> list[Figures]:
        """The profile's figures per game and level (games in name order, levels weakest first)."""
        try:
            with self._open(writing=False) as db:
                if db is None:
                    return []
                rows = db.execute(
                    "SELECT game, level, won, score, rank, finished FROM results WHERE profile = ?"
                    " ORDER BY finished, match_id", (profile,)).fetchall()
        except sqlite3.Error as error:
            log.warning("cannot read the records: %s", error)
            return []
        table: dict[tuple[str, str], Figures] = {}
        for game, level, won, score, rank, finished in rows:
            figures = table.setdefault((game, level), Figures(game, level))
            _count(figures, Recent(bool(won), float(score), int(rank), int(finished)))
        order = (*LEVEL_ORDER, PEOPLE)
        return sorted(table.values(),
                      key=lambda f: (f.game, order.index(f.level) if f.level in order else len(order), f.level))

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
            for seat, name in people.items():
                _touch(db, name, now)
                cursor = db.execute(
                    "INSERT OR IGNORE INTO results VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (match.match_id, name, match.game_id, level, now, seat, match.players,
                     int(seat in result.winners), result.ranks[seat], float(result.scores[seat])))
                added += cursor.rowcount

        return added if self._write(write) else 0

    def _write(self, change: Callable[[sqlite3.Connection], None]) -> bool:
        """Run ``change`` in one transaction (all of it or nothing); False when not written."""
        try:
            with self._open(writing=True) as db:
                if db is None:
                    return False
                db.execute("BEGIN IMMEDIATE")
                try:
                    change(db)
                except BaseException:
                    db.execute("ROLLBACK")
                    raise
                db.execute("COMMIT")
        except sqlite3.OperationalError as error:  # locked by another instance, a full disk...
            log.warning("could not write the records: %s", error)
            if "disk" in str(error) or "readonly" in str(error):
                note_write_failure(self.path.parent, OSError(str(error)))
            return False
        return True


def _touch(db: sqlite3.Connection, name: str, now: int) -> None:
    """Create the profile or move its "last used" to ``now``."""
    db.execute("INSERT INTO profiles VALUES (?, ?, ?) ON CONFLICT(name)"
               " DO UPDATE SET last_used = max(profiles.last_used, excluded.last_used)", (name[:MAX_NAME], now, now))


def _count(figures: Figures, result: Recent) -> None:
    """Add one result (in time order) to the figures."""
    figures.best_score = result.score if figures.games == 0 else max(figures.best_score, result.score)
    figures.games += 1
    figures.wins += int(result.won)
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
            recent = "".join("W" if result["won"] else "-" for result in row["recent"])
            lines.append(
                f"  {row['game']:<10} {row['level']:<7} games {row['games']:>3}  wins {row['wins']:>3}"
                f"  share {row['win_share']:>4.0%}  best {row['best_score']:>5g}  streak {row['streak']:>2}"
                f"  recent {recent}"
            )
    return "\n".join(lines)
