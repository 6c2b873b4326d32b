"""The one autosave slot: the match in progress, rewritten atomically after every action.

A file that cannot be resumed (broken JSON, an unknown version, a log the rules refuse) is
renamed aside, never overwritten nor deleted, so a bug report can still include it; the
caller gets a warning that names the kept file. A finished match is not offered again.
"""

from __future__ import annotations

from pathlib import Path

from game.core.errors import SaveError
from game.core.match import Match
from game.core.storage import data_dir, keep_aside
from game.i18n import t

AUTOSAVE_FILE = "autosave.json"


def autosave_path() -> Path:
    """Where the autosave lives (inside the user's data folder)."""
    return data_dir() / AUTOSAVE_FILE


def save_autosave(match: Match) -> None:
    """Write ``match`` over the autosave atomically; a finished match clears the slot instead."""
    if match.is_over():
        clear_autosave()
        return
    match.save(autosave_path())


def clear_autosave() -> None:
    """Forget the autosave (after a game ends or the player abandons it)."""
    autosave_path().unlink(missing_ok=True)


def has_autosave() -> bool:
    """True when there is an autosave file to offer as "Continue"."""
    return autosave_path().is_file()


def load_autosave() -> tuple[Match | None, str | None]:
    """Resume the autosaved match: (match, None), (None, None) when there is nothing to
    resume, or (None, warning) when the file was bad and has been kept aside."""
    path = autosave_path()
    if not path.is_file():
        return None, None
    try:
        match = Match.load(path)
    except SaveError as error:
        aside = keep_aside(path)
        return None, t("ui.autosave.kept_aside", name=aside.name, error=str(error))
    if match.is_over():
        clear_autosave()  # a valid but finished game: nothing to continue, nothing to keep
        return None, None
    return match, None
