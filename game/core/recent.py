"""The last finished matches, kept for a look back (``python -m game review --list``, the
"Recent matches" screen).

Each finished match is one save file in ``<data folder>/recent/``, written atomically under a
name that sorts by when it finished (newest last), so listing needs no index file that could
break. Only the newest ``KEEP`` are kept; a file that cannot be read back is kept aside (renamed,
never deleted) and skipped, and at most ``KEEP_BAD`` of those stay, so the folder is bounded.
Nothing here raises on a file system error: the game goes on without the record.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from pathlib import Path

from game.core.errors import SaveError
from game.core.match import Match
from game.core.storage import data_dir, keep_aside, note_write_failure

RECENT_FOLDER = "recent"
KEEP = 20  # finished matches kept, newest first
KEEP_BAD = 5  # files kept aside as unreadable; older ones go
PREFIX = "match-"
BAD_MARK = ".bad-"

log = logging.getLogger("kotatsu.recent")


@dataclass(frozen=True)
class RecentMatch:
    """One kept match: its file, when it finished, and the match replayed from it."""

    path: Path
    finished: float  # seconds since the epoch (the file's time)
    match: Match


def recent_dir() -> Path:
    """The folder of the kept matches (inside the user's data folder)."""
    return data_dir() / RECENT_FOLDER


def _new_name(folder: Path, game_id: str) -> Path:
    """A file name that sorts after every kept one: a running number first (the clock may jump
    back, and a time read in two parts can straddle a second), then the time, for people
    reading the folder."""
    kept = _files(folder)
    number = _number(kept[0]) + 1 if kept else 1
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    path = folder / f"{PREFIX}{number:09d}-{stamp}-{game_id}.json"
    while path.exists():  # only if a file was renamed in behind our back
        number += 1
        path = folder / f"{PREFIX}{number:09d}-{stamp}-{game_id}.json"
    return path


def _number(path: Path) -> int:
    """The running number of a kept match file (0 for a name without one)."""
    head = path.name[len(PREFIX):].split("-", 1)[0]
    return int(head) if head.isdigit() and len(head) == 9 else 0


def keep_finished(match: Match) -> Path | None:
    """Keep ``match`` (a finished one) among the recent matches and drop the oldest beyond
    ``KEEP``; returns the file, or None when it could not be written (never raises)."""
    if not match.is_over():
        return None
    folder = recent_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        path = _new_name(folder, match.game_id)
        match.save(path)
    except OSError as error:
        note_write_failure(folder, error)
        return None
    prune(folder)
    return path


def _files(folder: Path) -> list[Path]:
    """The kept match files, newest first (by their running number)."""
    try:
        names = [path for path in folder.glob(f"{PREFIX}*.json") if path.is_file()]
    except OSError:
        return []
    return sorted(names, key=lambda path: (_number(path), path.name), reverse=True)


def _bad_files(folder: Path) -> list[Path]:
    """Files kept aside as unreadable, newest first."""
    try:
        names = [path for path in folder.glob(f"{PREFIX}*.json{BAD_MARK}*") if path.is_file()]
    except OSError:
        return []
    return sorted(names, key=lambda path: path.name.split(BAD_MARK)[-1], reverse=True)


def has_recent() -> bool:
    """True when at least one finished match is kept (the title offers "Recent matches")."""
    return bool(_files(recent_dir()))


def prune(folder: Path | None = None) -> list[Path]:
    """Remove kept matches beyond the newest ``KEEP`` and bad files beyond ``KEEP_BAD``;
    returns what went."""
    folder = folder or recent_dir()
    removed: list[Path] = []
    for path in _files(folder)[KEEP:] + _bad_files(folder)[KEEP_BAD:]:
        try:
            path.unlink()
            removed.append(path)
        except OSError as error:
            log.debug("could not remove %s: %s", path, error)
    return removed


def recent_matches(limit: int = KEEP) -> list[RecentMatch]:
    """The kept matches, newest first; a file that does not replay is kept aside and skipped."""
    kept: list[RecentMatch] = []
    for path in _files(recent_dir()):
        if len(kept) >= limit:
            break
        try:
            match = Match.load(path)
            finished = path.stat().st_mtime
        except (SaveError, OSError) as error:
            log.warning("a kept match does not load (%s); keeping it aside", error)
            keep_aside(path)
            continue
        except Exception:  # a bug in a game's decoder must not break the list
            log.exception("unexpected error while loading %s", path)
            keep_aside(path)
            continue
        kept.append(RecentMatch(path, finished, match))
    return kept
