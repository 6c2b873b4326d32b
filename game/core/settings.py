"""User settings: language, animation speed, sound, fullscreen, where the window was, the names last typed
for the seats. A bad file is kept aside; nothing a file holds, and no file system error, stops the app from
starting."""

from __future__ import annotations

import locale
import logging
import os
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from game.core.match import MAX_SEATS, typed_name
from game.core.storage import (
    data_dir,
    keep_aside,
    kept_aside_text,
    note_write_failure,
    read_json,
    write_json_atomic,
)

log = logging.getLogger("kotatsu.settings")

ANIM_SPEEDS: dict[str, float] = {"slow": 0.6, "normal": 1.0, "fast": 1.8, "instant": 0.0}
SETTINGS_FILE = "settings.json"
LIST_KEYS = frozenset({"window", "seat_names"})  # the keys whose values are lists (checked by ``validated``)


@dataclass
class Settings:
    """What the settings screen changes; saved as JSON in the user's data folder."""

    language: str = "ja"
    anim_speed: str = "normal"  # a key of ANIM_SPEEDS
    sound: bool = True
    fullscreen: bool = False
    window: list[int] | None = None  # x, y, width, height of the window when last closed
    seat_names: list[str] = field(default_factory=list)  # names last typed in setup, by seat ("" = default)

    @property
    def speed_factor(self) -> float:
        """Animation time scale: 0 means instant."""
        return ANIM_SPEEDS.get(self.anim_speed, 1.0)

    def validated(self) -> Settings:
        """A copy with every unknown value replaced by its default."""
        default = Settings()
        language = self.language if self.language in ("ja", "en") else default.language
        speed = self.anim_speed if self.anim_speed in ANIM_SPEEDS else default.anim_speed
        return Settings(
            language=language,
            anim_speed=speed,
            sound=bool(self.sound),
            fullscreen=bool(self.fullscreen),
            window=valid_window(self.window),
            seat_names=valid_seat_names(self.seat_names),
        )


def valid_window(value: Any) -> list[int] | None:
    """``value`` when it is four whole numbers, a place on some screen and a size of at least
    one pixel (never more than 100,000); None otherwise (the window is then fitted afresh)."""
    if not isinstance(value, list | tuple) or len(value) != 4:
        return None
    if not all(isinstance(number, int) and not isinstance(number, bool) and abs(number) <= 100_000
               for number in value):
        return None
    return list(value) if value[2] > 0 and value[3] > 0 else None


def valid_seat_names(value: Any) -> list[str]:
    """``value`` as a list of at most MAX_SEATS seat names; an entry that is not a name a person
    could type (not text, too long, unprintable) becomes "" (the seat's default name), and
    anything but a list gives no names at all."""
    if not isinstance(value, list | tuple):
        return []
    return [typed_name(name) for name in value[:MAX_SEATS]]


LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")  # where POSIX looks for the language of messages, in order


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """The language the system asks for: "ja" for a Japanese locale (``ja_JP.UTF-8``, ``ja``),
    else "en". The first of LC_ALL, LC_MESSAGES and LANG that is set decides, as for any
    program; with none set, the locale Python reports (Windows, macOS)."""
    env = os.environ if environ is None else environ
    for name in LOCALE_VARIABLES:
        value = env.get(name, "")
        if value:
            return _language_of(value)
    if environ is None:
        try:
            return _language_of(locale.getlocale()[0] or "")
        except (ValueError, TypeError):
            return "en"
    return "en"


def _language_of(locale_name: str) -> str:
    """"ja" for a Japanese locale name (ja, ja_JP, ja_JP.UTF-8, Japanese_Japan.932), else "en"."""
    lowered = locale_name.strip().lower()
    return "ja" if lowered == "ja" or lowered.startswith(("ja_", "ja.", "ja-", "japanese")) else "en"


def default_settings() -> Settings:
    """The settings of a first start: the defaults, in the system's language."""
    return Settings(language=system_language())


def settings_path() -> Path:
    """Where the settings live."""
    return data_dir() / SETTINGS_FILE


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings, or defaults (in the system's language: ``default_settings``; a file
    without a language takes the system's too). Returns (settings, warning); a file that cannot be
    read is renamed aside (never overwritten; left in place if even that fails) and the
    warning says where it went. Never raises."""
    path = path or settings_path()
    try:
        if not path.exists():
            return default_settings(), None
        return _parsed(read_json(path)), None
    except (OSError, ValueError, TypeError) as error:
        reason = str(error)
    except Exception as error:  # a bug must not stop every launch: log it, treat the file as bad
        log.exception("unexpected error while reading %s", path)
        reason = f"{type(error).__name__}: {error}"
    reason = reason if len(reason) <= 200 else reason[:200] + "…"
    aside = keep_aside(path)
    return default_settings(), f"settings file was unreadable ({reason}); {kept_aside_text(aside)}, using defaults"


def _parsed(data: Any) -> Settings:
    """Settings from parsed JSON: an object of known keys; unknown values fall back to defaults."""
    if not isinstance(data, dict):
        raise ValueError("not a JSON object")  # noqa: TRY004 - caught by the caller as "bad file"
    known = {f.name for f in fields(Settings)}
    unknown = sorted(set(data) - known)
    if unknown:
        shown = ", ".join(repr(key[:20]) for key in unknown[:3])
        raise ValueError(f"unknown keys {shown}{', ...' if len(unknown) > 3 else ''}")
    plain = {key: value for key, value in data.items()
             if isinstance(value, str | bool | int | float) or key in LIST_KEYS}
    plain.setdefault("language", system_language())  # saved before a language was chosen
    return Settings(**plain).validated()  # a list or object value is an unknown value: the default


def save_settings(settings: Settings, path: Path | None = None) -> bool:
    """Write the settings atomically; False when the folder cannot be written (the reason is
    recorded as saving off, never raised)."""
    path = path or settings_path()
    try:
        write_json_atomic(path, asdict(settings))
    except OSError as error:
        note_write_failure(path.parent, error)
        return False
    return True
