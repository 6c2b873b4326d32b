"""User settings: language, animation speed, sound, fullscreen. A bad file is kept aside."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from game.core.storage import data_dir, keep_aside, read_json, write_json_atomic

ANIM_SPEEDS: dict[str, float] = {"slow": 0.6, "normal": 1.0, "fast": 1.8, "instant": 0.0}
SETTINGS_FILE = "settings.json"


@dataclass
class Settings:
    """What the settings screen changes; saved as JSON in the user's data folder."""

    language: str = "ja"
    anim_speed: str = "normal"  # a key of ANIM_SPEEDS
    sound: bool = True
    fullscreen: bool = False

    @property
    def speed_factor(self) -> float:
        """Animation time scale: 0 means instant."""
        return ANIM_SPEEDS.get(self.anim_speed, 1.0)

    def validated(self) -> Settings:
        """A copy with every unknown value replaced by its default."""
        default = Settings()
        language = self.language if self.language in ("ja", "en") else default.language
        speed = self.anim_speed if self.anim_speed in ANIM_SPEEDS else default.anim_speed
        return Settings(language, speed, bool(self.sound), bool(self.fullscreen))


def settings_path() -> Path:
    """Where the settings live."""
    return data_dir() / SETTINGS_FILE


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings, or defaults. Returns (settings, warning); a file that cannot be
    read is renamed aside (never overwritten) and the warning says where it went."""
    path = path or settings_path()
    if not path.exists():
        return Settings(), None
    try:
        data: Any = read_json(path)
        if not isinstance(data, dict):
            raise ValueError("not a JSON object")  # noqa: TRY004 - caught below as "bad file"
        known = {f.name for f in fields(Settings)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(f"unknown keys {unknown}")
        return Settings(**data).validated(), None
    except (OSError, ValueError, TypeError) as error:
        aside = keep_aside(path)
        return Settings(), f"settings file was unreadable ({error}); kept as {aside.name}, using defaults"


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write the settings atomically."""
    write_json_atomic(path or settings_path(), asdict(settings))
