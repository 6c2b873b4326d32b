"""The one autosave slot: the match in progress, rewritten atomically after every action.

A file that cannot be resumed (broken JSON, an unknown version, a log the rules refuse) is
renamed aside, never overwritten nor deleted, so a bug report can still include it; the
caller gets a warning that names the kept file. A finished match is not offered again.

Only one app instance owns the slot: the first to write or clear it takes an exclusive lock on
``autosave.lock`` in the data folder and holds it until it exits. A second instance plays
without autosave (``storage.saving_off`` says why). Nothing here raises on a file system error:
an unwritable folder turns saving off and the game goes on.
"""

from __future__ import annotations

import logging
import os
import sys
import threading
from pathlib import Path

from game.core.errors import SaveError
from game.core.match import Match
from game.core.storage import (
    SavingOff,
    data_dir,
    is_regular_or_absent,
    keep_aside,
    kept_aside_text,
    note_write_failure,
    turn_saving_off,
)
from game.i18n import t

AUTOSAVE_FILE = "autosave.json"
LOCK_FILE = "autosave.lock"

log = logging.getLogger("kotatsu.autosave")

_lock_guard = threading.Lock()  # the autosave is written from a helper thread
_slot: tuple[Path, int | None, bool] | None = None  # (folder, lock fd, this process owns the slot)


def autosave_path() -> Path:
    """Where the autosave lives (inside the user's data folder)."""
    return data_dir() / AUTOSAVE_FILE


# ----- the lock: one instance owns the slot ------------------------------------------------------
def _try_lock(fd: int) -> bool:
    """Take an exclusive, non-blocking lock on ``fd``: False when another process holds it.
    ``OSError`` when the file system cannot lock at all."""
    if sys.platform == "win32":
        import msvcrt

        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except PermissionError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def _open_lock(folder: Path) -> tuple[int | None, bool]:
    """(fd, owned) for the lock of ``folder``: the fd stays open for as long as we own it."""
    try:
        fd = os.open(folder / LOCK_FILE, os.O_RDWR | os.O_CREAT, 0o644)  # not inherited by children
    except OSError as error:
        note_write_failure(folder, error)  # the folder cannot be written: writes will say so too
        return None, True
    try:
        if _try_lock(fd):
            return fd, True
    except OSError as error:  # e.g. no locks on this network file system: carry on unlocked
        log.warning("could not lock the autosave (%s); carrying on without a lock", error)
        os.close(fd)
        return None, True
    os.close(fd)
    turn_saving_off(SavingOff("locked", str(folder)))
    return None, False


def claim_slot() -> bool:
    """Take this process's lock on the autosave slot if not done yet (held for the process's
    life); True when this process may write the autosave. Never raises."""
    global _slot
    folder = data_dir()
    with _lock_guard:
        if _slot is not None and _slot[0] == folder:
            return _slot[2]
        if _slot is not None and _slot[1] is not None:
            os.close(_slot[1])  # the data folder moved (tests): one lock at a time
        fd, owned = _open_lock(folder)
        _slot = (folder, fd, owned)
        return owned


def release_slot() -> None:
    """Let go of the lock (tests; the process's exit does it anyway)."""
    global _slot
    with _lock_guard:
        if _slot is not None and _slot[1] is not None:
            os.close(_slot[1])
        _slot = None


# ----- the slot ---------------------------------------------------------------------------------
def save_autosave(match: Match) -> bool:
    """Write ``match`` over the autosave atomically; a finished match clears the slot instead.
    True when it was written; False when saving is off (the reason is recorded, never raised)."""
    if match.is_over():
        return clear_autosave()
    if not claim_slot():
        return False
    path = autosave_path()
    if not is_regular_or_absent(path):  # a FIFO or device in its place: the app's own file, moved aside
        log.warning("the autosave %s is not a regular file; %s", path, kept_aside_text(keep_aside(path)))
    try:
        match.save(path)
    except OSError as error:
        note_write_failure(path.parent, error)
        return False
    return True


def clear_autosave() -> bool:
    """Forget the autosave (after a game ends or the player abandons it); False when it could
    not (another instance owns the slot, or the folder cannot be written). Never raises."""
    if not claim_slot():
        return False
    path = autosave_path()
    try:
        path.unlink(missing_ok=True)
    except OSError as error:
        note_write_failure(path.parent, error)
        return False
    return True


def has_autosave() -> bool:
    """True when there is an autosave file to offer as "Continue"."""
    try:
        return autosave_path().is_file()
    except OSError:
        return False


def load_autosave() -> tuple[Match | None, str | None]:
    """Resume the autosaved match: (match, None), (None, None) when there is nothing to
    resume, or (None, warning) when the file was bad and has been kept aside (or, when even that
    failed, left where it was). Never raises."""
    if not has_autosave():
        return None, None
    path = autosave_path()
    try:
        match = Match.load(path)
    except SaveError as error:
        return None, _kept_aside_warning(path, str(error))
    except Exception as error:  # a bug in a game's decoder must not make Continue crash every time
        log.exception("unexpected error while loading %s", path)
        return None, _kept_aside_warning(path, f"{type(error).__name__}: {error}")
    if match.is_over():
        clear_autosave()  # a valid but finished game: nothing to continue, nothing to keep
        return None, None
    return match, None


def _kept_aside_warning(path: Path, error: str) -> str:
    """Move the bad autosave aside and say where it went (or that it stayed)."""
    error = error if len(error) <= 300 else error[:300] + "…"  # a toast, not a dump of the file
    aside = keep_aside(path)
    if aside is None:
        return t("ui.autosave.left_in_place", name=path.name, error=error)
    return t("ui.autosave.kept_aside", name=aside.name, error=error)
