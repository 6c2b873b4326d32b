"""Kiosk mode for game events, the parts without a screen: the organiser's config file, the
organiser log, the session and status files, and the supervisor that keeps the app running.

``python -m game kiosk --config kiosk.toml`` runs ``supervise``: it starts the app as a child
process (``kiosk --child``) and starts it again, with back-off, whenever it dies. The child runs
``scenes.kiosk.controller`` (attract mode, idle resets, the exit PIN). Exit code 0 from the child means the
organiser left through the PIN pad: the supervisor stops too. SIGTERM or SIGINT to the
supervisor stops both (the visitor's game is saved first) with exit code 0.

Config: TOML (``docs/kiosk.example.toml``), UTF-8 with or without a BOM. Python 3.11+ reads it
with the standard ``tomllib``; on 3.10 the ``tomli`` package is used if installed. The exit PIN
fails closed: the locked kiosk (the supervisor and its child) refuses to start, with one line
naming the file, the line and the key, and exit code 2, when there is no config, the file cannot
be read or parsed, anything in [exit] is wrong, or no PIN is set. Every other problem (an unknown
key, a bad value elsewhere) is one warning naming the key and the value; that key keeps its safe
default. The uses that do not lock the screen (``--windowed``, ``--soak``, ``--screenshots``,
``--stats``) never refuse: they warn and use the defaults, with the tryout PIN 2580. The file is
never rewritten.

Organiser log: readable lines in a rotating file (``kiosk.log`` in the data folder by default);
lines about games end with ``[event=... game=...]`` so ``kiosk --stats`` can count games played
per game, completed and abandoned ones, crashes and recovered errors. Only the supervisor writes
the file; the child's log lines reach it through the child's stderr. A log that cannot be
written falls back to the default file, then to stderr alone.

No pygame here (``game`` stays free of it).
"""

from __future__ import annotations

import contextlib
import logging
import logging.handlers
import math
import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from game.core import stop
from game.core.registry import GAME_IDS, available_games
from game.core.seeds import is_valid_seed
from game.core.storage import (
    NotARegularFile,
    data_dir,
    is_regular_or_absent,
    keep_aside,
    read_json,
    read_regular,
    write_json_atomic,
)
from game.net.protocol import PRIVATE_CODE_LENGTH, TABLE_CODE_LENGTH, TABLE_CODE_LETTERS

log = logging.getLogger("kotatsu.kiosk")

SESSION_FILE = "kiosk_session.json"
STATUS_FILE = "kiosk_status.json"
LOCK_FILE = "kiosk.lock"  # flock'd by the supervisor and its app: one kiosk per data folder
EXIT_ORGANISER = 0  # the child's exit code when the organiser left with the PIN
EXIT_BUSY = 1  # the exit code of a supervisor that finds another kiosk on its data folder
LEVELS_OFFERED = ("easy", "normal", "hard")
DEMO_LEVELS = ("random", "easy", "normal", "hard")


# ----- the config ---------------------------------------------------------------------------------
TRYOUT_PIN = "2580"  # only for the tryouts (--windowed, --soak...): the locked kiosk needs its own
CONFIG_ENV = "KOTATSU_KIOSK_CONFIG"  # the supervisor hands the config it checked to every child
MAX_CONFIG_BYTES = 64 * 1024  # a kiosk config is a page of text; this also fits in CONFIG_ENV
EXIT_REFUSED = 2  # the exit code when the locked kiosk refuses its config
UTF8_BOM = b"\xef\xbb\xbf"  # Notepad starts UTF-8 files with it


@dataclass(frozen=True)
class KioskConfig:
    """Everything an organiser may set; every field has a safe default except the exit PIN,
    which the locked kiosk requires (``pin`` here is only the tryouts' PIN)."""

    games: tuple[str, ...] = ()  # offered games; () = every available game
    ai_levels: tuple[str, ...] = ("easy", "normal")  # AI levels a visitor may seat
    tutorials: bool = True  # the first tap on a game offers "Learn (3 min)" beside "Play"
    language: str = "ja"  # visitors can switch; back to this one after each visitor
    attract_after: float = 60.0  # s idle on the title before the demo games start
    still_playing_after: float = 90.0  # s idle in a game before "Still playing?"
    countdown: float = 20.0  # s of "Still playing?" before the game is abandoned
    play_again_for: float = 45.0  # s the results offer "Play again" before the table resets
    demo_level: str = "normal"  # AI level of the demo games
    demo_seed: int = 2024  # demo games are seeded from this, one after another
    demo_pause: float = 6.0  # s a finished demo's result stays up
    demo_max_seconds: float = 900.0  # a demo longer than this is cut short (a stuck table)
    pin: str = TRYOUT_PIN  # the exit PIN: digits only
    hold_seconds: float = 3.0  # long-press of the top-left corner that opens the PIN pad
    tries_before_lockout: int = 3  # wrong PINs in a row before the pad locks
    lockout_seconds: float = 30.0  # the first lock; it doubles with every further one
    display: int = 0  # which monitor the fullscreen window uses
    volume: float = 0.7  # 0..1; 0 switches the sound off
    fullscreen: bool = True
    show_cursor: bool = False  # a touchscreen needs no mouse pointer
    log_file: str = "kiosk.log"  # relative paths are inside the data folder
    log_max_kb: int = 1024
    log_backups: int = 5
    lan_join: str = ""  # a served table's host ("192.168.1.20:47474"): the kiosk plays one of its seats
    lan_table: str = ""  # that table's join code
    lan_seat: int = 0  # the seat the kiosk plays there
    pad: bool = False  # game controllers (an arcade pad) play too; off: a pad plugged in does nothing

    def served_seat(self) -> tuple[str, str, int] | None:
        """(address, table, seat) when the kiosk joins a served table instead of local matches."""
        return (self.lan_join, self.lan_table, self.lan_seat) if self.lan_join and self.lan_table else None

    def offered_games(self) -> tuple[str, ...]:
        """The games visitors and demos get: the configured ones that this build can play."""
        playable = available_games()
        chosen = tuple(game for game in self.games if game in playable) if self.games else playable
        return chosen or playable

    def log_path(self) -> Path:
        """Where the organiser log lives."""
        path = Path(self.log_file).expanduser()
        return path if path.is_absolute() else data_dir() / path


class BadValue(Exception):
    """A config value that does not fit; the message says what the key expects."""


class ConfigRefused(Exception):
    """The locked kiosk will not start with this config: its exit PIN cannot be trusted.

    ``line`` is the line in the file when it is known; ``key`` the dotted key ("" for the whole
    file). ``str()`` is the one line printed before exiting with ``EXIT_REFUSED``."""

    def __init__(self, source: str, problem: str, *, line: int | None = None, key: str = "") -> None:
        self.source, self.problem, self.line, self.key = source, problem, line, key
        where = f"{source}, line {line}: " if line else f"{source}: " if source else ""
        super().__init__(f"{where}{problem}; the kiosk does not start until this is fixed")


@dataclass
class ConfigReport:
    """What reading a config found: the config to use, one warning per problem, and the reason
    the locked kiosk must refuse it (None when it may start). ``text`` is what was parsed."""

    config: KioskConfig
    warnings: list[str]
    refusal: ConfigRefused | None = None
    text: str | None = None


@dataclass(frozen=True)
class Key:
    """One config key: where it sits in the file, the field it sets and what it accepts."""

    section: str
    name: str
    attr: str
    check: Callable[[Any], Any]  # returns the value to use, or raises BadValue(expectation)

    @property
    def dotted(self) -> str:
        """``section.name`` as the warnings spell it."""
        return f"{self.section}.{self.name}"


def _number(low: float, high: float) -> Callable[[Any], float]:
    """A checker for a number of seconds (or a level) between ``low`` and ``high``."""

    def check(value: Any) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
            raise BadValue(f"a number from {low:g} to {high:g}")
        return float(value)

    return check


def _integer(low: int, high: int) -> Callable[[Any], int]:
    """A checker for a whole number between ``low`` and ``high``."""

    def check(value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise BadValue(f"a whole number from {low} to {high}")
        return value

    return check


def _flag(value: Any) -> bool:
    """true or false."""
    if not isinstance(value, bool):
        raise BadValue("true or false")
    return value


def _choice(options: Sequence[str]) -> Callable[[Any], str]:
    """A checker for one of ``options``."""

    def check(value: Any) -> str:
        if not isinstance(value, str) or value not in options:
            raise BadValue("one of " + ", ".join(f'"{option}"' for option in options))
        return value

    return check


def _games(value: Any) -> tuple[str, ...]:
    """A list of game ids; unknown ids are an error, known but unplayable ones are dropped later."""
    if not isinstance(value, list) or not value or not all(isinstance(item, str) for item in value):
        raise BadValue("a non-empty list of game ids, e.g. [\"neko\"]")
    unknown = [item for item in value if item not in GAME_IDS]
    if unknown:
        raise BadValue(f"game ids from {', '.join(GAME_IDS)} (unknown: {_shown(', '.join(unknown))})")
    return tuple(dict.fromkeys(value))


def _levels(value: Any) -> tuple[str, ...]:
    """A list of AI levels a visitor may pick."""
    if not isinstance(value, list) or not value or \
            not all(isinstance(item, str) and item in LEVELS_OFFERED for item in value):
        raise BadValue("a non-empty list from " + ", ".join(f'"{level}"' for level in LEVELS_OFFERED))
    return tuple(dict.fromkeys(value))


def _pin(value: Any) -> str:
    """4 to 8 digits, written as a string (an integer is accepted when it has no leading zero)."""
    whole = isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 10**8
    text = str(value) if whole else value
    if not isinstance(text, str) or not re.fullmatch(r"[0-9]{4,8}", text):
        raise BadValue('4 to 8 digits in quotes, e.g. "4711"')
    return text


def _log_file(value: Any) -> str:
    """A file name or path (no NUL, which no file system accepts)."""
    if not isinstance(value, str) or not value.strip() or "\x00" in value or len(value) > 4096:
        raise BadValue("a file name, e.g. \"kiosk.log\"")
    return value


def _address(value: Any) -> str:
    """A host's address as typed on the Join screen: a name or IPv4, with an optional port ("": none)."""
    if not isinstance(value, str) or len(value) > 200 or not value.isprintable():
        raise BadValue('a host address, e.g. "192.168.1.20:47474"')
    return value.strip()


def _table_code(value: Any) -> str:
    """A table's join code as the host shows it: four letters for a listed table, eight for a
    private one ("": none)."""
    code = value.strip().upper() if isinstance(value, str) else "?"
    lengths = (TABLE_CODE_LENGTH, PRIVATE_CODE_LENGTH)
    if code and len(code) not in lengths or any(letter not in TABLE_CODE_LETTERS for letter in code):
        raise BadValue(f'the join code the host shows: {TABLE_CODE_LENGTH} letters, or {PRIVATE_CODE_LENGTH} '
                       'for a private table, e.g. "KTMX"')
    return code


KEYS: tuple[Key, ...] = (
    Key("games", "offered", "games", _games),
    Key("games", "ai_levels", "ai_levels", _levels),
    Key("games", "tutorials", "tutorials", _flag),
    Key("language", "default", "language", _choice(("ja", "en"))),
    Key("idle", "attract_after", "attract_after", _number(5, 86400)),
    Key("idle", "still_playing_after", "still_playing_after", _number(10, 86400)),
    Key("idle", "countdown", "countdown", _number(3, 600)),
    Key("idle", "play_again_for", "play_again_for", _number(5, 86400)),
    Key("attract", "ai_level", "demo_level", _choice(DEMO_LEVELS)),
    Key("attract", "seed", "demo_seed", _integer(0, 2**31 - 1)),
    Key("attract", "pause_between", "demo_pause", _number(0, 600)),
    Key("attract", "max_demo_seconds", "demo_max_seconds", _number(30, 86400)),
    Key("exit", "pin", "pin", _pin),
    Key("exit", "hold_seconds", "hold_seconds", _number(1, 30)),
    Key("exit", "tries_before_lockout", "tries_before_lockout", _integer(1, 20)),
    Key("exit", "lockout_seconds", "lockout_seconds", _number(1, 3600)),
    Key("display", "index", "display", _integer(0, 16)),
    Key("display", "volume", "volume", _number(0, 1)),
    Key("display", "fullscreen", "fullscreen", _flag),
    Key("display", "show_cursor", "show_cursor", _flag),
    Key("log", "file", "log_file", _log_file),
    Key("log", "max_kb", "log_max_kb", _integer(16, 1024 * 1024)),
    Key("log", "backups", "log_backups", _integer(1, 100)),
    Key("lan", "join", "lan_join", _address),
    Key("lan", "table", "lan_table", _table_code),
    Key("lan", "seat", "lan_seat", _integer(0, 15)),
    Key("pad", "enabled", "pad", _flag),
)
LOCKED_SECTION = "exit"  # any problem here refuses the locked kiosk: it holds the way out


def _shown(value: Any, limit: int = 60) -> str:
    """``repr(value)`` cut to ``limit`` characters: a warning stays one readable line."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _shown_name(name: str, limit: int = 40) -> str:
    """A key or section name as a warning shows it: escaped like ``repr``, without quotes, cut."""
    text = repr(name)[1:-1]
    return text if len(text) <= limit else text[: limit - 1] + "…"


class BadFile(Exception):
    """The config file as a whole cannot be read; ``line`` where the trouble is, when known."""

    def __init__(self, problem: str, line: int | None = None) -> None:
        super().__init__(problem)
        self.line = line


def _toml_module() -> Any:
    """``tomllib`` (3.11+) or ``tomli``; BadFile when neither is there."""
    if sys.version_info >= (3, 11):
        import tomllib as toml
    else:  # Python 3.10
        try:
            import tomli as toml
        except ModuleNotFoundError:
            raise BadFile("reading a TOML config needs Python 3.11+ or the 'tomli' package "
                          "(pip install tomli)") from None
    return toml


def decode_config(raw: bytes) -> str:
    """The text of a config file: UTF-8, a leading BOM dropped; BadFile when it is not text."""
    if len(raw) > MAX_CONFIG_BYTES:
        raise BadFile(f"the file is larger than {MAX_CONFIG_BYTES // 1024} KiB; is it the right file?")
    raw = raw.removeprefix(UTF8_BOM)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line = raw.count(b"\n", 0, error.start) + 1
        raise BadFile("it is not UTF-8 text (save it as UTF-8)", line) from None


_AT_LINE = re.compile(r"at line (\d+)")


def parse_toml(text: str) -> dict[str, Any]:
    """Parse config text; BadFile (with the line where known) for anything ``tomllib`` refuses,
    including nesting too deep for it (RecursionError) and integers too long for Python."""
    toml = _toml_module()
    try:
        return toml.loads(text)
    except toml.TOMLDecodeError as error:
        found = _AT_LINE.search(str(error))
        line = int(found.group(1)) if found else text.count("\n") + 1  # "at end of document"
        raise BadFile(f"it is not valid TOML ({error})", line) from None
    except RecursionError:
        raise BadFile("brackets [ ] or braces { } nest too deeply", _deepest_line(text)) from None
    except (ValueError, OverflowError, MemoryError) as error:  # e.g. an integer of 5,000 digits
        digits = re.search(r"[0-9_]{400,}", text)
        where = text.count("\n", 0, digits.start()) + 1 if digits else None
        raise BadFile(f"a value cannot be read ({_shown(str(error), 100)})", where) from None


def _deepest_line(text: str) -> int | None:
    """The first line where ``[``/``{`` nesting is deepest (strings and comments skipped)."""
    depth = deepest = 0
    found: int | None = None
    line, index, quote = 1, 0, ""
    while index < len(text):
        char = text[index]
        if char == "\n":
            line += 1
        if quote:
            if text.startswith(quote, index):
                index, quote = index + len(quote), ""
                continue
            if char == "\\" and quote in ('"', '"""'):
                line += text[index + 1:index + 2] == "\n"
                index += 2
                continue
        elif char == "#":
            end = text.find("\n", index)
            index = len(text) if end < 0 else end
            continue
        elif text.startswith(('"""', "'''"), index):
            quote = text[index:index + 3]
            index += 3
            continue
        elif char in "\"'":
            quote = char
        elif char in "[{":
            depth += 1
            if depth > deepest:
                deepest, found = depth, line
        elif char in "]}":
            depth = max(0, depth - 1)
        index += 1
    return found


def _key_line(text: str, section: str, name: str = "") -> int | None:
    """The line of ``section.name`` in the file (of the ``[section]`` header when ``name`` is ""),
    found the simple way: under its header, written dotted, or else the line that opens the
    section as an inline table; None when not found."""
    quoted = r"""\s*["']?{}["']?\s*"""
    under = re.compile(quoted.format(re.escape(name)) + "=") if name else None
    dotted = re.compile(quoted.format(re.escape(section)) + r"\." + quoted.format(re.escape(name)) + "=")
    opening = re.compile(quoted.format(re.escape(section)) + "=")
    current, fallback = "", None
    for number, line in enumerate(text.split("\n"), 1):
        header = re.match(r"\s*\[\[?\s*([^\[\]]+?)\s*\]", line)  # [table] or [[array of tables]]
        if header:
            current = header.group(1).strip("\"' ")
            if not name and current == section:
                return number
            continue
        if under is not None and current == section and under.match(line):
            return number
        if not current and name and dotted.match(line):
            return number
        if not current and fallback is None and opening.match(line):
            fallback = number
    return fallback


def read_config(path: Path | None, *, text: str | None = None) -> ConfigReport:
    """Read and check the config at ``path`` (or ``text``, already read from it) without ever
    raising: the report says what to use, what to warn about and whether the locked kiosk must
    refuse (no file, an unreadable or unparsable file, any problem in [exit], no PIN)."""
    if path is None and text is None:
        problem = ("no --config given: the kiosk needs a config file that sets [exit] pin "
                   "(start from docs/kiosk.example.toml)")
        return ConfigReport(KioskConfig(), [], ConfigRefused("", problem))  # tryouts: defaults, no warning
    source = str(path) if path is not None else "config"
    try:
        if text is None and path is not None:
            text = decode_config(read_regular(path, MAX_CONFIG_BYTES))  # a FIFO or device: refused unread
        data = parse_toml(text or "")
    except FileNotFoundError:
        return _unreadable(source, "no such file", None)
    except OSError as error:
        return _unreadable(source, f"it cannot be read ({error.strerror or error})", None)
    except BadFile as error:
        return _unreadable(source, str(error), error.line, text)
    report = check_config(data, source, text or "")  # text is the file's by now (or given)
    report.text = text
    return report


def _unreadable(source: str, problem: str, line: int | None, text: str | None = None) -> ConfigReport:
    """The report of a file that gave nothing: the defaults, and a refusal for the locked kiosk."""
    where = f"{source}, line {line}" if line else source
    warning = f"{where}: {problem}; using the defaults (exit PIN {TRYOUT_PIN}, for a tryout only)"
    return ConfigReport(KioskConfig(), [warning], ConfigRefused(source, problem, line=line), text)


def check_config(data: dict[str, Any], source: str = "config", text: str = "") -> ConfigReport:
    """Validate parsed TOML (sections of keys): a warning per problem (that key keeps its default,
    the rest still counts); problems in [exit], or no PIN, also make the refusal. ``text`` is
    the file's text, to name lines."""
    warnings: list[str] = []
    locked: list[ConfigRefused] = []
    values: dict[str, Any] = {}
    by_section: dict[str, dict[str, Key]] = {}
    for known in KEYS:
        by_section.setdefault(known.section, {})[known.name] = known

    def problem(what: str, outcome: str, section: str, name: str = "") -> None:
        """One warning; in [exit] also a reason to refuse."""
        line = _key_line(text, section, name) if text else None
        where = f"{source}, line {line}" if line else source
        warnings.append(f"{where}: {what}; {outcome}")
        if section == LOCKED_SECTION:
            dotted = f"{section}.{name}" if name else section
            locked.append(ConfigRefused(source, what, line=line, key=dotted))

    for section, content in data.items():
        if section not in by_section:
            problem(f"unknown section [{_shown_name(section)}] (sections: {', '.join(by_section)})",
                    "ignored", section)
            continue
        if not isinstance(content, dict):
            problem(f"{section} = {_shown(content)} should be a [{section}] section", "ignored", section)
            continue
        for name, value in content.items():
            key = by_section[section].get(name)
            if key is None:
                problem(f"unknown key {section}.{_shown_name(name)} (keys in [{section}]: "
                        f"{', '.join(by_section[section])})", "ignored", section, name)
                continue
            try:
                values[key.attr] = key.check(value)
            except BadValue as expectation:
                problem(f"{key.dotted} = {_shown(value)} is not valid ({expectation})",
                        f"using {getattr(KioskConfig(), key.attr)!r}", section, name)
    config = replace(KioskConfig(), **values)
    warnings += _cross_check(config, source)
    refusal = locked[0] if locked else None
    if refusal is None and "pin" not in values:
        line = _key_line(text, LOCKED_SECTION) if text else None
        refusal = ConfigRefused(source, 'no exit PIN: set [exit] pin = "…" (4 to 8 digits)', line=line,
                                key="exit.pin")
        warnings.append(f"{source}: no [exit] pin set; using {TRYOUT_PIN} (for a tryout only)")
    return ConfigReport(config, warnings, refusal)


def load_config(path: Path | None) -> tuple[KioskConfig, list[str]]:
    """The config for the uses that do not lock the screen (``--windowed``, ``--soak``,
    ``--screenshots``, ``--stats``): never refuses. Every problem is one warning; a file that
    cannot be read at all gives the defaults, with the tryout PIN. The file is only ever read."""
    report = read_config(path)
    return report.config, report.warnings


def load_locked_config(path: Path | None, *, text: str | None = None) -> tuple[KioskConfig, list[str]]:
    """The config of the locked kiosk (the supervisor and its child): like ``load_config``, but
    fail closed. ``ConfigRefused`` when there is no file, it cannot be read or parsed, anything in
    [exit] is wrong, or no PIN is set: an organiser's PIN is never swapped for a public default."""
    report = read_config(path, text=text)
    if report.refusal is not None:
        raise report.refusal
    return report.config, report.warnings


def _cross_check(config: KioskConfig, source: str) -> list[str]:
    """Problems that involve the build: offered games that cannot be played here yet."""
    warnings = []
    unplayable = [game for game in config.games if game not in available_games()]
    if unplayable:
        warnings.append(
            f"{source}: games.offered lists {', '.join(unplayable)}, not playable in this build; "
            f"offering {', '.join(config.offered_games())}"
        )
    if bool(config.lan_join) != bool(config.lan_table):
        warnings.append(f"{source}: lan.join and lan.table go together; playing local games")
    return warnings


# ----- the organiser log --------------------------------------------------------------------------
class _PassThrough(logging.Formatter):
    """Lines relayed from the child are already formatted: write them as they are."""

    def format(self, record: logging.LogRecord) -> str:
        if getattr(record, "relayed", False):
            return record.getMessage()
        return super().format(record)


LINE_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
DEFAULT_LOG = KioskConfig().log_file


class OrganiserLog:
    """The ``kotatsu`` loggers sent to the rotating organiser log (and to stderr with ``echo``),
    until ``close()``; a context manager. Each handler is added once and removed again, so no
    line is ever written twice.

    A log that cannot be opened (a directory, a folder that cannot be written, a full disk)
    never stops the kiosk: one warning line, then the default ``kiosk.log`` in the data folder is
    tried, and if that fails too the log goes to stderr only (the supervisor's stderr reaches
    the journal under systemd)."""

    def __init__(self, config: KioskConfig, *, echo: bool = True) -> None:
        self.handlers: list[logging.Handler] = []
        self.path: Path | None = None
        root = logging.getLogger("kotatsu")
        root.setLevel(logging.INFO)
        if echo:
            self._add(logging.StreamHandler(sys.stderr))
        problems: list[str] = []
        tried: set[Path] = set()
        for where in (config.log_path, lambda: data_dir() / DEFAULT_LOG):
            try:
                path = where()
            except (OSError, ValueError) as error:
                problems.append(f"{config.log_file}: {_reason(error)}")
                continue
            if path in tried:
                continue
            tried.add(path)
            try:
                self._add(_rotating_handler(path, config))
            except (OSError, ValueError) as error:  # ValueError: a NUL in the name
                problems.append(f"{path}: {_reason(error)}")
                continue
            self.path = path
            break
        if problems:
            outcome = f"writing it to {self.path}" if self.path else "logging to stderr only"
            log.warning("the organiser log cannot be written (%s); %s", "; ".join(problems), outcome)

    def _add(self, handler: logging.Handler) -> None:
        """Attach one handler to the ``kotatsu`` loggers."""
        handler.setFormatter(_PassThrough(LINE_FORMAT))
        logging.getLogger("kotatsu").addHandler(handler)
        self.handlers.append(handler)

    def close(self) -> None:
        """Detach and close every handler this log added."""
        root = logging.getLogger("kotatsu")
        for handler in self.handlers:
            root.removeHandler(handler)
            handler.close()
        self.handlers = []

    def __enter__(self) -> OrganiserLog:  # noqa: PYI034 - typing.Self needs Python 3.11
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


class _OrganiserFile(logging.handlers.RotatingFileHandler):
    """The organiser log file. A write that fails (a full disk, a folder that became read-only)
    is one line on stderr, the first time: not logging's "--- Logging error ---" traceback for
    every line. Every later line is tried again, so the log goes on once there is room; a
    failure after that is reported once more."""

    failing = False  # the last write failed (and was reported)
    _failed_now = False

    def emit(self, record: logging.LogRecord) -> None:
        self._failed_now = False
        super().emit(record)
        if self.failing and not self._failed_now:
            self.failing = False  # written again: the next failure is news

    def handleError(self, record: logging.LogRecord) -> None:
        self._failed_now = True
        if self.failing:
            return
        self.failing = True
        error = sys.exc_info()[1]
        reason = _reason(error) if error is not None else "unknown error"
        with contextlib.suppress(OSError, ValueError):
            sys.stderr.write(f"kotatsu kiosk: the organiser log {self.baseFilename} cannot be written "
                             f"({reason}); its lines go to stderr only until it can\n")
            sys.stderr.flush()

    def close(self) -> None:
        with contextlib.suppress(OSError):  # the last buffered bytes on a full disk
            super().close()


def _rotating_handler(path: Path, config: KioskConfig) -> logging.Handler:
    """The rotating file handler of the organiser log at ``path`` (its folder made if needed);
    ``NotARegularFile`` for a FIFO or a device there, which would block the open or swallow the log."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if not is_regular_or_absent(path) and not path.is_dir():  # a folder fails to open by itself
        raise NotARegularFile(path, os.stat(path).st_mode, writing=True)
    return _OrganiserFile(path, maxBytes=config.log_max_kb * 1024, backupCount=config.log_backups,
                          encoding="utf-8")


def _reason(error: BaseException) -> str:
    """The short reason of an error ("Is a directory", "embedded null byte")."""
    return getattr(error, "strerror", None) or str(error) or type(error).__name__


def open_organiser_log(config: KioskConfig, *, echo: bool = True) -> OrganiserLog:
    """Send the ``kotatsu`` loggers to the organiser log (and stderr if ``echo``); close() undoes it."""
    return OrganiserLog(config, echo=echo)


def log_to_stderr() -> None:
    """The child's logging: formatted lines on stderr, which the supervisor relays to the log."""
    root = logging.getLogger("kotatsu")
    root.setLevel(logging.INFO)
    if not any(isinstance(handler, logging.StreamHandler) for handler in root.handlers):
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter(LINE_FORMAT))
        root.addHandler(handler)


def organiser_event(kind: str, message: str, **fields_: Any) -> None:
    """One line an organiser reads, ending with ``[event=<kind> key=value...]`` for ``--stats``."""
    tags = " ".join(f"{key}={value}" for key, value in fields_.items())
    log.info("%s [event=%s%s]", message, kind, f" {tags}" if tags else "")


_EVENT = re.compile(r"\[event=(\w+)((?: \w+=\S+)*)\]")


@dataclass
class Stats:
    """What the organiser log says happened."""

    started: dict[str, int] = field(default_factory=dict)
    completed: dict[str, int] = field(default_factory=dict)
    abandoned: dict[str, int] = field(default_factory=dict)
    demos: dict[str, int] = field(default_factory=dict)
    demo_failures: dict[str, int] = field(default_factory=dict)
    completed_levels: dict[str, int] = field(default_factory=dict)  # "game level" -> games finished
    crashes: int = 0
    recovered: int = 0
    wrong_pins: int = 0

    def as_text(self) -> str:
        """A short report, one line per game."""
        games = sorted(set(self.started) | set(self.completed) | set(self.abandoned) | set(self.demos))
        lines = ["game        played  completed  abandoned  demos  demo failures"]
        for game in games:
            lines.append(
                f"{game:<11} {self.started.get(game, 0):>6}  {self.completed.get(game, 0):>9}  "
                f"{self.abandoned.get(game, 0):>9}  {self.demos.get(game, 0):>5}  "
                f"{self.demo_failures.get(game, 0):>13}"
            )
        if self.completed_levels:
            lines.append("completed by AI level (the strongest at the table; people = no AI):")
            lines += [f"  {key:<20} {count:>6}" for key, count in sorted(self.completed_levels.items())]
        lines.append(f"crashes (app restarted): {self.crashes}")
        lines.append(f"errors recovered (back to the title): {self.recovered}")
        lines.append(f"wrong PINs: {self.wrong_pins}")
        return "\n".join(lines)


def read_stats(lines: Iterable[str]) -> Stats:
    """Count the tagged events in organiser log lines."""
    stats = Stats()
    counters = {"started": stats.started, "completed": stats.completed, "abandoned": stats.abandoned,
                "demo": stats.demos, "demo_failed": stats.demo_failures}
    for line in lines:
        match = _EVENT.search(line)
        if match is None:
            continue
        kind = match.group(1)
        tags = dict(part.split("=", 1) for part in match.group(2).split())
        if kind in counters:
            game = tags.get("game", "?")
            counters[kind][game] = counters[kind].get(game, 0) + 1
            if kind == "completed" and "level" in tags:
                key = f"{game} {tags['level']}"
                stats.completed_levels[key] = stats.completed_levels.get(key, 0) + 1
        elif kind == "crash":
            stats.crashes += 1
        elif kind == "recovered":
            stats.recovered += 1
        elif kind == "pin_wrong":
            stats.wrong_pins += 1
    return stats


def stats_from_log(config: KioskConfig) -> Stats:
    """Statistics over the organiser log and its rotated backups, oldest first (a log that
    cannot be read counts as empty)."""
    try:
        path = config.log_path()
    except (OSError, ValueError):
        return Stats()
    paths = [path.with_name(f"{path.name}.{number}") for number in range(config.log_backups, 0, -1)]
    lines: list[str] = []
    for candidate in [*paths, path]:
        try:
            raw = read_regular(candidate, config.log_max_kb * 1024 * 2)  # a FIFO: refused, never waited on
            lines += raw.decode("utf-8", errors="replace").splitlines()
        except (OSError, ValueError):
            continue  # no such backup, a directory, unreadable
    return read_stats(lines)


# ----- the session (power-cut resume) and status files ----------------------------------------------
@dataclass(frozen=True)
class Session:
    """What the kiosk knows about the visitor's game, kept on disk across crashes and power cuts."""

    visitor: bool = False  # a visitor's game is in progress (or waiting behind "Continue")
    game: str = ""
    seed: int = -1
    last_input: float = 0.0  # wall-clock time of the visitor's last touch


def session_path() -> Path:
    """Where the session lives."""
    return data_dir() / SESSION_FILE


def session_from_data(data: Any) -> Session:
    """A session from parsed JSON; ValueError when a field is missing or not what
    ``write_session`` writes (a bool, a game id, a whole number, a finite time)."""
    if not isinstance(data, dict):
        raise ValueError("not a JSON object")  # noqa: TRY004 - a bad file, like every other field
    try:
        visitor, game, seed, last_input = data["visitor"], data["game"], data["seed"], data["last_input"]
    except KeyError as missing:
        raise ValueError(f"no {missing} field") from None
    if not isinstance(visitor, bool) or not isinstance(game, str) or (game and game not in GAME_IDS):
        raise ValueError("visitor or game is not valid")
    if not is_valid_seed(seed):  # -1 when no game; a match's seed has up to SEED_BITS bits
        raise ValueError("seed is not valid")
    if isinstance(last_input, bool) or not isinstance(last_input, int | float) or \
            not math.isfinite(last_input):
        raise ValueError("last_input is not valid")
    return Session(visitor, game, seed, float(last_input))


def read_session() -> Session:
    """The saved session, or an empty one when there is none. A damaged file (broken or deeply
    nested JSON, 1e400, wrong fields) is kept aside as ``*.bad-TIME`` with one log line, and the
    kiosk goes on with an empty session: a bad file must never make the app crash at every start."""
    path = session_path()
    try:
        return session_from_data(read_json(path))
    except FileNotFoundError:
        return Session()
    except NotARegularFile as error:  # a FIFO or a device in its place: a bad file, refused unread
        return _session_kept_aside(path, error.strerror or str(error))
    except OSError as error:
        log.warning("the kiosk session %s cannot be read (%s); starting without it", path, _reason(error))
        return Session()
    except (ValueError, TypeError, RecursionError, OverflowError, MemoryError) as error:
        return _session_kept_aside(path, str(error))


def _session_kept_aside(path: Path, problem: str) -> Session:
    """Keep the bad session file aside with one log line; an empty session."""
    aside = keep_aside(path)
    outcome = f"kept aside as {aside.name}" if aside is not None else "left where it is"
    log.warning("the kiosk session %s is damaged (%s); %s, starting without it", path, _shown(problem, 100), outcome)
    return Session()


_warned: set[str] = set()  # files whose write failure was already logged as a warning


def _write_failed(what: str, error: OSError) -> None:
    """Log a failed write of ``what``: a warning the first time, then quietly (an unwritable
    data folder must not fill the organiser log with the same line every few seconds)."""
    level = logging.DEBUG if what in _warned else logging.WARNING
    _warned.add(what)
    log.log(level, "could not write the kiosk %s: %s", what, error)


def write_session(session: Session) -> None:
    """Save the session atomically; a failure is logged (once), never raised."""
    try:
        write_json_atomic(session_path(), {"visitor": session.visitor, "game": session.game,
                                           "seed": session.seed, "last_input": session.last_input})
    except OSError as error:
        _write_failed("session", error)


def should_resume(session: Session, game: str, seed: int, now: float, idle_limit: float) -> bool:
    """True when an autosave of (``game``, ``seed``) is the visitor's game and it had not gone idle."""
    return session.visitor and session.game == game and session.seed == seed and \
        0 <= now - session.last_input < idle_limit


def status_path() -> Path:
    """The status file: what the running kiosk shows now (for monitoring and the tests)."""
    return data_dir() / STATUS_FILE


def write_status(status: dict[str, Any]) -> None:
    """Save the status atomically; a failure is logged (once), never raised."""
    try:
        write_json_atomic(status_path(), status)
    except OSError as error:
        _write_failed("status", error)


def read_status() -> dict[str, Any]:
    """The last status written ({} when there is none yet)."""
    try:
        data = read_json(status_path())
    except (OSError, ValueError, RecursionError):
        return {}
    return data if isinstance(data, dict) else {}


# ----- the supervisor ----------------------------------------------------------------------------
STOP_GRACE = 2.0  # s a stopping child may take to save and exit before it is killed


@dataclass
class Backoff:
    """Seconds to wait before restarting: 1, 2, 4... up to ``limit``; back to 1 after a stable run."""

    first: float = 1.0
    limit: float = 60.0
    stable_after: float = 120.0
    current: float = 1.0

    def next_delay(self, ran_for: float) -> float:
        """The wait before the next start, given how long the child ran."""
        if ran_for >= self.stable_after:
            self.current = self.first
        delay = self.current
        self.current = min(self.limit, self.current * 2)
        return delay


def signal_name(signum: int) -> str:
    """ "SIGTERM" for 15 (the number itself when it is no known signal)."""
    try:
        return signal.Signals(signum).name
    except ValueError:
        return str(signum)


def describe_exit(code: int) -> str:
    """ "exit code 1", "exit code 143 (SIGTERM)" or "signal SIGKILL"."""
    if code < 0:
        return f"signal {signal_name(-code)}"
    if 128 < code < 128 + 65:
        return f"exit code {code} ({signal_name(code - 128)})"
    return f"exit code {code}"


def child_command(config_path: Path | None, extra: Sequence[str] = ()) -> list[str]:
    """The command line of the kiosk app child."""
    # a frozen build (PyInstaller) is its own interpreter: it takes the arguments directly
    launcher = [sys.executable] if getattr(sys, "frozen", False) else [sys.executable, "-m", "game"]
    command = [*launcher, "kiosk", "--child"]
    if config_path is not None:
        command += ["--config", str(config_path)]
    return command + list(extra)


def _relay(stream: Any, sink: logging.Logger) -> None:
    """Copy the child's stderr lines into the organiser log until the pipe closes."""
    for raw in iter(stream.readline, b""):
        line = raw.decode("utf-8", errors="replace").rstrip()
        if line:
            sink.info(line, extra={"relayed": True})
    stream.close()


def _sweep_group(pid: int) -> None:
    """Kill what is left of a child's process group (an orphaned AI worker)."""
    if os.name != "posix":
        return
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass  # nothing left


class Supervisor:
    """Starts the kiosk app as a child and restarts it with back-off until the organiser exits.

    Stopping: SIGTERM or SIGINT to the supervisor (systemd's stop, Ctrl+C; seen through
    ``game.core.stop``) or ``stop()``: the child gets SIGTERM, saves the visitor's game and
    exits; one that is still there after ``grace`` seconds is killed with its process group.
    The supervisor then returns 0 and never restarts a child stopped this way.

    A child that dies while the supervisor is not stopping is restarted, whatever killed it:
    a crash, the out-of-memory killer, or a SIGTERM sent to the child alone (say by an
    administrator's ``kill``): only the organiser's PIN (exit code 0) or stopping the
    supervisor ends the kiosk. A child that refuses its config (``EXIT_REFUSED``) is not
    restarted either: it would refuse again."""

    def __init__(self, command: Sequence[str], *, backoff: Backoff | None = None,
                 sleep: Callable[[float], None] = time.sleep, max_starts: int | None = None,
                 env: dict[str, str] | None = None, grace: float = STOP_GRACE,
                 keep_fds: Sequence[int] = ()) -> None:
        self.command = list(command)
        self.keep_fds = tuple(keep_fds)  # handed to every child (the data folder's lock)
        self.backoff = backoff or Backoff()
        self.sleep = sleep
        self.max_starts = max_starts  # for tests; None = for ever
        self.env = env
        self.grace = grace
        self.child: subprocess.Popen[bytes] | None = None
        self.starts = 0
        self.stopping = False
        self.stop_began = 0.0
        self.relay_log = logging.getLogger("kotatsu.kiosk.child")

    def stop(self, *_: Any) -> None:
        """Stop the child (SIGTERM) and do not restart it."""
        if not self.stopping:
            self.stopping = True
            self.stop_began = time.monotonic()
        child = self.child
        if child is not None and child.poll() is None:
            child.terminate()

    def stop_requested(self) -> bool:
        """True once stopping; a stop signal seen by ``game.core.stop`` starts the stop."""
        signum = stop.requested()
        if not self.stopping and signum is not None:
            log.info("the supervisor got %s: stopping the kiosk app", signal_name(signum))
            self.stop()
        return self.stopping

    def run(self) -> int:
        """Run until the child exits with 0 (organiser exit) or the supervisor is stopped (0),
        or the child refuses its config (``EXIT_REFUSED``)."""
        with stop.polling():
            try:
                return self._run()
            except KeyboardInterrupt:  # a second stop signal: no more waiting
                self._kill_child()
                log.info("stopped at once by a second signal; supervisor done")
                return 0

    def _run(self) -> int:
        """The body of ``run``."""
        while not self.stop_requested():
            if self.max_starts is not None and self.starts >= self.max_starts:
                return 1
            code, ran_for = self._run_child_once()
            if self.stop_requested():
                log.info("the kiosk app stopped (%s); supervisor done", describe_exit(code))
                return 0
            if code == EXIT_ORGANISER:
                log.info("the organiser left the kiosk; supervisor done")
                return 0
            if code == EXIT_REFUSED:
                log.error("the kiosk app refused its config (see above); supervisor done")
                return EXIT_REFUSED
            delay = self.backoff.next_delay(ran_for)
            organiser_event("crash", f"the kiosk app died ({describe_exit(code)}) after {ran_for:.0f} s; "
                            f"restarting in {delay:g} s", code=code)
            self._sleep_unless_stopped(delay)
        return 0

    def _run_child_once(self) -> tuple[int, float]:
        """Start the child, relay its stderr, wait for it; (exit code, seconds it ran)."""
        began = time.monotonic()
        self.starts += 1
        # a session of its own: when the app dies, its AI worker process is swept away with it
        self.child = subprocess.Popen(self.command, stdin=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                      start_new_session=os.name == "posix", env=self.env,
                                      pass_fds=self.keep_fds)
        log.info("started the kiosk app (pid %d, start %d)", self.child.pid, self.starts)
        relay = threading.Thread(target=_relay, args=(self.child.stderr, self.relay_log), daemon=True)
        relay.start()
        try:
            code = self._wait_for_child(self.child)
        finally:
            _sweep_group(self.child.pid)  # first: a leftover worker would hold the stderr pipe open
            relay.join(timeout=5)
        return code, time.monotonic() - began

    def _wait_for_child(self, child: subprocess.Popen[bytes]) -> int:
        """Wait for the child, passing on a stop; kill it when it outstays the grace time."""
        while True:
            try:
                return child.wait(timeout=0.1)
            except subprocess.TimeoutExpired:
                pass
            if self.stop_requested() and time.monotonic() - self.stop_began > self.grace:
                log.warning("the kiosk app did not stop within %g s; killing it", self.grace)
                _sweep_group(child.pid)
                child.kill()
                return child.wait()

    def _kill_child(self) -> None:
        """Kill the child and its process group now."""
        child = self.child
        if child is not None:
            _sweep_group(child.pid)
            if child.poll() is None:
                child.kill()
            child.wait()

    def _sleep_unless_stopped(self, seconds: float) -> None:
        """Wait ``seconds`` in short naps so a stop request is seen quickly."""
        end = time.monotonic() + seconds
        while not self.stop_requested() and time.monotonic() < end:
            self.sleep(min(0.2, max(0.0, end - time.monotonic())))


class KioskBusy(Exception):
    """Another kiosk holds the data folder's lock: the one line a second supervisor prints."""


LOCK_WAIT = STOP_GRACE + 1.0  # s a new supervisor waits for the app of one just killed to save and go


def lock_data_folder(wait: float = LOCK_WAIT) -> tuple[int | None, str | None]:
    """Take the data folder's kiosk lock (``flock`` on ``LOCK_FILE``) for this supervisor; its app
    inherits the descriptor, so the kernel frees the lock only once both are gone, also after a
    ``kill -9``. Returns (the descriptor, None), or (None, a warning) where no lock can be had (no
    ``flock``, a data folder that cannot be written: the kiosk then runs unguarded, as it runs
    with an unwritable folder). ``KioskBusy`` when another kiosk still holds it after ``wait`` s."""
    try:
        import fcntl
    except ImportError:
        return None, None  # not POSIX: no flock
    try:
        path = data_dir() / LOCK_FILE
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC | getattr(os, "O_NOFOLLOW", 0), 0o644)
    except (OSError, ValueError) as error:
        return None, f"the kiosk lock cannot be made ({_reason(error)}); a second kiosk is not kept out"
    deadline = time.monotonic() + wait
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            break
        except BlockingIOError:
            if time.monotonic() >= deadline:
                holder = _lock_holder(fd)
                os.close(fd)
                raise KioskBusy(f"another kiosk is running on the data folder {path.parent}"
                                f"{f' (supervisor pid {holder})' if holder else ''}; stop it first") from None
            time.sleep(0.1)
        except OSError as error:  # a file system without locks
            os.close(fd)
            return None, f"the kiosk lock {path} cannot be taken ({_reason(error)}); a second kiosk is not kept out"
    with contextlib.suppress(OSError):  # the pid is only for the message above (a full disk may refuse it)
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
    return fd, None


def _lock_holder(fd: int) -> int | None:
    """The supervisor pid written in the lock file, if it reads as one."""
    try:
        text = os.pread(fd, 24, 0).decode("ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return int(text) if text.isdigit() else None


def supervise(config_path: Path | None, config: KioskConfig, warnings: Sequence[str] = (), *,
              text: str | None = None) -> int:
    """``python -m game kiosk``: take the data folder's lock (a second kiosk there is refused in
    one line, ``EXIT_BUSY``), open the organiser log, note the config's warnings there once,
    and keep the kiosk app running. ``text`` is the config as checked here: every child gets it
    (``CONFIG_ENV``), so a restart later in the day uses the same PIN even if the file changed.
    The app dies with the supervisor, even after a ``kill -9`` (``stop.follow_parent``)."""
    stop.install()  # cli.main did it already; a direct caller gets the same signal handling
    try:
        lock, lock_warning = lock_data_folder()
    except KioskBusy as busy:
        print(f"kotatsu kiosk: {busy}", file=sys.stderr)
        return EXIT_BUSY
    try:
        with open_organiser_log(config) as organiser:
            for warning in [*warnings, *([lock_warning] if lock_warning else [])]:
                log.warning("%s", warning)
            env = stop.child_environment()
            if text is not None:
                env[CONFIG_ENV] = text
            supervisor = Supervisor(child_command(config_path), env=env, keep_fds=() if lock is None else (lock,))
            log.info("kiosk supervisor started (pid %d), log %s", os.getpid(), organiser.path or "stderr")
            return supervisor.run()
    finally:
        if lock is not None:
            os.close(lock)


# ----- memory ------------------------------------------------------------------------------------
def release_free_memory() -> None:
    """Collect garbage and hand freed heap pages back to the system (glibc ``malloc_trim``).

    Every demo table allocates and frees many large pictures of different sizes; without a trim
    glibc keeps the freed pages, and over hours the resident size creeps up although nothing is
    alive. Elsewhere (no glibc) only the garbage collection happens."""
    import gc

    gc.collect()
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):
        pass  # not glibc (musl...): nothing to trim


# ----- rss (for the soak) --------------------------------------------------------------------------
def rss_bytes() -> tuple[int, int]:
    """(current, peak) resident memory of this process in bytes (Linux /proc; else peak twice)."""
    try:
        text = Path("/proc/self/status").read_text()
        values = {line.split(":")[0]: int(line.split()[1]) * 1024 for line in text.splitlines()
                  if line.startswith(("VmRSS", "VmHWM"))}
        return values["VmRSS"], values["VmHWM"]
    except (OSError, KeyError, ValueError, IndexError):
        import resource

        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        peak *= 1 if sys.platform == "darwin" else 1024
        return peak, peak
