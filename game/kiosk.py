"""Kiosk mode for game events, the parts without a screen: the organiser's config file, the
organiser log, the session and status files, and the supervisor that keeps the app running.

``python -m game kiosk --config kiosk.toml`` runs ``supervise``: it starts the app as a child
process (``kiosk --child``) and starts it again, with back-off, whenever it dies. The child runs
``scenes.kiosk`` (attract mode, idle resets, the exit PIN). Exit code 0 from the child means the
organiser left through the PIN pad: the supervisor stops too.

Config: TOML (``docs/kiosk.example.toml``). Python 3.11+ reads it with the standard ``tomllib``;
on 3.10 the ``tomli`` package is used if installed, else the kiosk says so and starts with the
defaults. A missing file, a syntax error, an unknown key or a bad value never stops the kiosk:
each problem becomes one warning naming the key and the value, that key keeps its safe default,
and the file is never rewritten.

Organiser log: readable lines in a rotating file (``kiosk.log`` in the data folder by default);
lines about games end with ``[event=... game=...]`` so ``kiosk --stats`` can count games played
per game, completed and abandoned ones, crashes and recovered errors. Only the supervisor writes
the file; the child's log lines reach it through the child's stderr.

No pygame here (``game`` stays free of it).
"""

from __future__ import annotations

import logging
import logging.handlers
import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from game.core.registry import GAME_IDS, available_games
from game.core.storage import data_dir, read_json, write_json_atomic

log = logging.getLogger("kotatsu.kiosk")

SESSION_FILE = "kiosk_session.json"
STATUS_FILE = "kiosk_status.json"
EXIT_ORGANISER = 0  # the child's exit code when the organiser left with the PIN
LEVELS_OFFERED = ("easy", "normal", "hard")
DEMO_LEVELS = ("random", "easy", "normal", "hard")


# ----- the config ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class KioskConfig:
    """Everything an organiser may set; every field has a safe default."""

    games: tuple[str, ...] = ()  # offered games; () = every available game
    ai_levels: tuple[str, ...] = ("easy", "normal")  # AI levels a visitor may seat
    language: str = "ja"  # visitors can switch; back to this one after each visitor
    attract_after: float = 60.0  # s idle on the title before the demo games start
    still_playing_after: float = 90.0  # s idle in a game before "Still playing?"
    countdown: float = 20.0  # s of "Still playing?" before the game is abandoned
    play_again_for: float = 45.0  # s the results offer "Play again" before the table resets
    demo_level: str = "normal"  # AI level of the demo games
    demo_seed: int = 2024  # demo games are seeded from this, one after another
    demo_pause: float = 6.0  # s a finished demo's result stays up
    demo_max_seconds: float = 900.0  # a demo longer than this is cut short (a stuck table)
    pin: str = "2580"  # the exit PIN: digits only
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
        if value not in options:
            raise BadValue("one of " + ", ".join(f'"{option}"' for option in options))
        return str(value)

    return check


def _games(value: Any) -> tuple[str, ...]:
    """A list of game ids; unknown ids are an error, known but unplayable ones are dropped later."""
    if not isinstance(value, list) or not value or not all(isinstance(item, str) for item in value):
        raise BadValue("a non-empty list of game ids, e.g. [\"neko\"]")
    unknown = [item for item in value if item not in GAME_IDS]
    if unknown:
        raise BadValue(f"game ids from {', '.join(GAME_IDS)} (unknown: {', '.join(unknown)})")
    return tuple(dict.fromkeys(value))


def _levels(value: Any) -> tuple[str, ...]:
    """A list of AI levels a visitor may pick."""
    if not isinstance(value, list) or not value or not all(item in LEVELS_OFFERED for item in value):
        raise BadValue("a non-empty list from " + ", ".join(f'"{level}"' for level in LEVELS_OFFERED))
    return tuple(dict.fromkeys(value))


def _pin(value: Any) -> str:
    """4 to 8 digits, written as a string (an integer is accepted when it has no leading zero)."""
    text = str(value) if isinstance(value, int) and not isinstance(value, bool) else value
    if not isinstance(text, str) or not re.fullmatch(r"[0-9]{4,8}", text):
        raise BadValue('4 to 8 digits in quotes, e.g. "4711"')
    return text


def _log_file(value: Any) -> str:
    """A file name or path."""
    if not isinstance(value, str) or not value.strip():
        raise BadValue("a file name, e.g. \"kiosk.log\"")
    return value


KEYS: tuple[Key, ...] = (
    Key("games", "offered", "games", _games),
    Key("games", "ai_levels", "ai_levels", _levels),
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
)


def _read_toml(path: Path) -> dict[str, Any]:
    """Parse a TOML file with ``tomllib`` (3.11+) or ``tomli``; BadValue says what went wrong."""
    try:
        import tomllib as toml
    except ModuleNotFoundError:  # Python 3.10
        try:
            import tomli as toml  # type: ignore[no-redef]
        except ModuleNotFoundError:
            raise BadValue(
                "reading a TOML config needs Python 3.11+ or the 'tomli' package (pip install tomli)"
            ) from None
    with open(path, "rb") as handle:
        try:
            return toml.load(handle)
        except toml.TOMLDecodeError as error:
            raise BadValue(f"it is not valid TOML ({error})") from None


def load_config(path: Path | None) -> tuple[KioskConfig, list[str]]:
    """The config from ``path`` and one warning per problem (the file is only ever read).

    Every bad or unknown key is named with its value; that key keeps its default and the rest
    of the file still counts. A missing or unreadable file gives the defaults.
    """
    if path is None:
        return KioskConfig(), ["no --config given: using the safe defaults (exit PIN 2580: set your own)"]
    try:
        data = _read_toml(path)
    except FileNotFoundError:
        return KioskConfig(), [f"{path}: no such file; using the safe defaults (exit PIN 2580: set your own)"]
    except (OSError, ValueError, BadValue) as error:  # ValueError: not UTF-8
        return KioskConfig(), [f"{path}: {error}; using the safe defaults (exit PIN 2580: set your own)"]
    return config_from_mapping(data, str(path))


def config_from_mapping(data: dict[str, Any], source: str = "config") -> tuple[KioskConfig, list[str]]:
    """Validate parsed TOML (sections of keys) into a config and its warnings."""
    warnings: list[str] = []
    values: dict[str, Any] = {}
    by_section: dict[str, dict[str, Key]] = {}
    for key in KEYS:
        by_section.setdefault(key.section, {})[key.name] = key
    for section, content in data.items():
        if section not in by_section:
            warnings.append(f"{source}: unknown section [{section}] ignored (sections: {', '.join(by_section)})")
            continue
        if not isinstance(content, dict):
            warnings.append(f"{source}: {section} = {content!r} should be a [{section}] section; ignored")
            continue
        for name, value in content.items():
            key = by_section[section].get(name)
            if key is None:
                known = ", ".join(by_section[section])
                warnings.append(f"{source}: unknown key {section}.{name} ignored (keys in [{section}]: {known})")
                continue
            try:
                values[key.attr] = key.check(value)
            except BadValue as expectation:
                default = getattr(KioskConfig(), key.attr)
                warnings.append(
                    f"{source}: {key.dotted} = {value!r} is not valid ({expectation}); using {default!r}"
                )
    config = replace(KioskConfig(), **values)
    warnings += _cross_check(config, source)
    return config, warnings


def _cross_check(config: KioskConfig, source: str) -> list[str]:
    """Problems that involve the build: offered games that cannot be played here yet."""
    warnings = []
    unplayable = [game for game in config.games if game not in available_games()]
    if unplayable:
        warnings.append(
            f"{source}: games.offered lists {', '.join(unplayable)}, not playable in this build; "
            f"offering {', '.join(config.offered_games())}"
        )
    return warnings


def config_field_names() -> list[str]:
    """Every config field (for docs and tests)."""
    return [item.name for item in fields(KioskConfig)]


# ----- the organiser log --------------------------------------------------------------------------
class _PassThrough(logging.Formatter):
    """Lines relayed from the child are already formatted: write them as they are."""

    def format(self, record: logging.LogRecord) -> str:
        if getattr(record, "relayed", False):
            return record.getMessage()
        return super().format(record)


LINE_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


def open_organiser_log(config: KioskConfig, *, echo: bool = True) -> logging.Handler:
    """Send the ``kotatsu`` loggers to the rotating organiser log (and stderr if ``echo``)."""
    path = config.log_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    handler = logging.handlers.RotatingFileHandler(
        path, maxBytes=config.log_max_kb * 1024, backupCount=config.log_backups, encoding="utf-8"
    )
    handler.setFormatter(_PassThrough(LINE_FORMAT))
    root = logging.getLogger("kotatsu")
    root.setLevel(logging.INFO)
    root.addHandler(handler)
    if echo:
        stream = logging.StreamHandler(sys.stderr)
        stream.setFormatter(_PassThrough(LINE_FORMAT))
        root.addHandler(stream)
    return handler


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
        elif kind == "crash":
            stats.crashes += 1
        elif kind == "recovered":
            stats.recovered += 1
        elif kind == "pin_wrong":
            stats.wrong_pins += 1
    return stats


def stats_from_log(config: KioskConfig) -> Stats:
    """Statistics over the organiser log and its rotated backups, oldest first."""
    path = config.log_path()
    paths = [path.with_name(f"{path.name}.{number}") for number in range(config.log_backups, 0, -1)]
    lines: list[str] = []
    for candidate in [*paths, path]:
        if candidate.is_file():
            lines += candidate.read_text(encoding="utf-8", errors="replace").splitlines()
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


def read_session() -> Session:
    """The saved session, or an empty one if there is none or it cannot be read."""
    try:
        data = read_json(session_path())
        return Session(bool(data["visitor"]), str(data["game"]), int(data["seed"]), float(data["last_input"]))
    except (OSError, ValueError, KeyError, TypeError):
        return Session()


def write_session(session: Session) -> None:
    """Save the session atomically; a failure is logged, never raised."""
    try:
        write_json_atomic(session_path(), {"visitor": session.visitor, "game": session.game,
                                           "seed": session.seed, "last_input": session.last_input})
    except OSError as error:
        log.warning("could not write the kiosk session: %s", error)


def should_resume(session: Session, game: str, seed: int, now: float, idle_limit: float) -> bool:
    """True when an autosave of (``game``, ``seed``) is the visitor's game and it had not gone idle."""
    return session.visitor and session.game == game and session.seed == seed and \
        0 <= now - session.last_input < idle_limit


def status_path() -> Path:
    """The status file: what the running kiosk shows now (for monitoring and the crash test)."""
    return data_dir() / STATUS_FILE


def write_status(status: dict[str, Any]) -> None:
    """Save the status atomically; a failure is logged, never raised."""
    try:
        write_json_atomic(status_path(), status)
    except OSError as error:
        log.warning("could not write the kiosk status: %s", error)


def read_status() -> dict[str, Any]:
    """The last status written ({} when there is none yet)."""
    try:
        data = read_json(status_path())
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


# ----- the supervisor ----------------------------------------------------------------------------
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


def describe_exit(code: int) -> str:
    """ "exit code 1" or "signal SIGKILL"."""
    if code < 0:
        try:
            return f"signal {signal.Signals(-code).name}"
        except ValueError:
            return f"signal {-code}"
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
    """Kill what is left of a dead child's process group (an orphaned AI worker)."""
    if os.name != "posix":
        return
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass  # nothing left


class Supervisor:
    """Starts the kiosk app as a child and restarts it with back-off until the organiser exits."""

    def __init__(self, command: Sequence[str], *, backoff: Backoff | None = None,
                 sleep: Callable[[float], None] = time.sleep, max_starts: int | None = None) -> None:
        self.command = list(command)
        self.backoff = backoff or Backoff()
        self.sleep = sleep
        self.max_starts = max_starts  # for tests; None = for ever
        self.child: subprocess.Popen[bytes] | None = None
        self.starts = 0
        self.stopping = False
        self.relay_log = logging.getLogger("kotatsu.kiosk.child")

    def stop(self, *_: Any) -> None:
        """SIGTERM/SIGINT (systemd stop, Ctrl+C): stop the child and do not restart it."""
        self.stopping = True
        child = self.child
        if child is not None and child.poll() is None:
            child.terminate()

    def run(self) -> int:
        """Run until the child exits with 0 (organiser exit) or the supervisor is stopped."""
        while not self.stopping:
            if self.max_starts is not None and self.starts >= self.max_starts:
                return 1
            code, ran_for = self._run_child_once()
            if code == EXIT_ORGANISER or self.stopping:
                log.info("the kiosk app stopped (%s); supervisor done", describe_exit(code))
                return 0
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
                                      start_new_session=os.name == "posix")
        log.info("started the kiosk app (pid %d, start %d)", self.child.pid, self.starts)
        relay = threading.Thread(target=_relay, args=(self.child.stderr, self.relay_log), daemon=True)
        relay.start()
        try:
            code = self.child.wait()
        except KeyboardInterrupt:
            self.stop()
            code = self.child.wait()
        relay.join(timeout=5)
        _sweep_group(self.child.pid)
        return code, time.monotonic() - began

    def _sleep_unless_stopped(self, seconds: float) -> None:
        """Wait ``seconds`` in short naps so a stop request is seen quickly."""
        end = time.monotonic() + seconds
        while not self.stopping and time.monotonic() < end:
            self.sleep(min(0.2, max(0.0, end - time.monotonic())))


def supervise(config_path: Path | None, config: KioskConfig, extra: Sequence[str] = ()) -> int:
    """``python -m game kiosk``: open the organiser log and keep the kiosk app running."""
    handler = open_organiser_log(config)
    supervisor = Supervisor(child_command(config_path, extra))
    signal.signal(signal.SIGTERM, supervisor.stop)
    signal.signal(signal.SIGINT, supervisor.stop)
    log.info("kiosk supervisor started (pid %d), log %s", os.getpid(), config.log_path())
    try:
        return supervisor.run()
    finally:
        logging.getLogger("kotatsu").removeHandler(handler)
        handler.close()


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
