"""Files the app keeps: where they live, atomic writes, reading JSON safely, keeping bad files
aside, and remembering why saving is off.

Nothing here may stop the app: a data folder that cannot be written (a read-only mount, a full
disk, a file where the folder should be) turns saving off with a short reason the title shows
once; the games still play.
"""

from __future__ import annotations

import errno
import json
import logging
import math
import os
import re
import stat
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, TypeVar

APP_DIR_NAME = "kotatsu-table"
MAX_JSON_BYTES = 8 * 1024 * 1024  # far above any file the app writes; /dev/zero stops here
MAX_JSON_DEPTH = 64  # the app's files nest 3 deep; deeper data could blow the stack of its readers
MAX_INT_DIGITS = 300  # below float's range, so no reader's float() can overflow
STALE_TEMP_SECONDS = 60.0  # a live atomic write finishes in milliseconds

log = logging.getLogger("kotatsu.storage")
T = TypeVar("T")


# ----- saving off: the first reason is kept for the title to show once ------------------------------
@dataclass(frozen=True)
class SavingOff:
    """Why saving is off: ``kind`` is one of read_only, full, denied, not_a_folder, locked, failed."""

    kind: str
    folder: str
    detail: str = ""

    def text(self) -> str:
        """A short English reason, for logs and the command line."""
        return {
            "read_only": f"the data folder {self.folder} is read-only",
            "full": f"the disk of the data folder {self.folder} is full",
            "denied": f"the data folder {self.folder} may not be written to",
            "not_a_folder": f"{self.folder} is not a folder",
            "locked": "another Kotatsu Table window is using the autosave",
        }.get(self.kind, f"the data folder {self.folder} cannot be written ({self.detail})")


_state_lock = threading.Lock()  # the autosave is written from a helper thread
_saving_off: SavingOff | None = None
_notice_taken = False
_prepared: set[Path] = set()  # data folders already probed and cleaned in this process


def saving_off() -> str | None:
    """Why saving is off in this run (the first failure, in English), or None while it works."""
    info = saving_off_info()
    return info.text() if info else None


def saving_off_info() -> SavingOff | None:
    """The first recorded reason saving is off, or None."""
    return _saving_off


def take_saving_off_notice() -> SavingOff | None:
    """The reason saving is off, returned once per run (for the one on-screen notice), else None."""
    global _notice_taken
    with _state_lock:
        if _saving_off is None or _notice_taken:
            return None
        _notice_taken = True
        return _saving_off


def turn_saving_off(info: SavingOff) -> SavingOff:
    """Record ``info`` unless a reason is already kept; returns the reason kept."""
    global _saving_off
    with _state_lock:
        if _saving_off is None:
            _saving_off = info
            log.warning("saving is off: %s", info.text())
        return _saving_off


def reset_saving_off() -> None:
    """Forget the recorded reason and the probed folders (tests; a new run starts clean)."""
    global _saving_off, _notice_taken
    with _state_lock:
        _saving_off = None
        _notice_taken = False
        _prepared.clear()


def failure_kind(error: OSError) -> str:
    """The SavingOff kind of a failed write."""
    kinds = {
        errno.EROFS: "read_only",
        errno.ENOSPC: "full",
        errno.EDQUOT: "full",
        errno.EACCES: "denied",
        errno.EPERM: "denied",
        errno.ENOTDIR: "not_a_folder",
        errno.EEXIST: "not_a_folder",  # mkdir over a file
    }
    return kinds.get(error.errno or 0, "failed")


def note_write_failure(folder: Path, error: OSError) -> SavingOff:
    """Record a failed write in ``folder`` (the first one is kept) and return its reason."""
    info = SavingOff(failure_kind(error), str(folder), error.strerror or str(error))
    log.debug("could not write in %s: %s", folder, error)  # the first reason is logged as a warning
    turn_saving_off(info)
    return info


# ----- the data folder ---------------------------------------------------------------------------------
def _data_dir_path() -> Path:
    """Where the data folder should be (``KOTATSU_HOME`` overrides it, for tests)."""
    override = os.environ.get("KOTATSU_HOME")
    if override:
        return Path(override)
    if sys.platform == "win32":
        return Path(os.environ.get("APPDATA", Path.home())) / APP_DIR_NAME
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / APP_DIR_NAME
    return Path(os.environ.get("XDG_DATA_HOME", Path.home() / ".local" / "share")) / APP_DIR_NAME


def data_dir() -> Path:
    """The per-user folder for settings and saves, created if needed. Never raises: a folder that
    cannot be made or written turns saving off (see ``saving_off``) and the path is still returned."""
    path = _data_dir_path()
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        note_write_failure(path, error)
        return path
    if path not in _prepared:
        _prepared.add(path)
        _probe_writable(path)
        clean_stale_temp_files(path)
    return path


def _probe_writable(path: Path) -> None:
    """Say at once when the folder is on a read-only mount or not ours to write (no file is made)."""
    try:
        read_only = bool(os.statvfs(path).f_flag & os.ST_RDONLY) if hasattr(os, "statvfs") else False
    except OSError:
        read_only = False
    if read_only:
        turn_saving_off(SavingOff("read_only", str(path)))
    elif not os.access(path, os.W_OK | os.X_OK):
        turn_saving_off(SavingOff("denied", str(path)))


def clean_stale_temp_files(folder: Path | None = None, older_than: float = STALE_TEMP_SECONDS) -> list[Path]:
    """Remove ``*.tmp`` files left in the data folder by a killed atomic write; returns what went.
    Only files older than ``older_than`` seconds: a writer still running is never disturbed."""
    folder = folder or _data_dir_path()
    removed: list[Path] = []
    try:
        candidates = list(folder.glob("*.tmp"))
    except OSError:
        return removed
    now = time.time()
    for path in candidates:
        try:
            info = path.lstat()
            if path.is_dir() or now - info.st_mtime < older_than:
                continue
            path.unlink()
            removed.append(path)
        except OSError:
            continue  # gone already, or not ours to remove: harmless
    if removed:
        log.info("removed %d stale temporary file(s) in %s", len(removed), folder)
    return removed


def asset_path(*parts: str) -> Path:
    """A file under the app's assets, found the same way from a source checkout, an installed
    wheel and a frozen build, the one place that knows where assets live.

    The wheel maps the top-level assets/ folder to the data package ``game/assets`` and the
    pyinstaller builds bundle it at the same place beside the frozen ``game`` package, so the
    folder next to this package wins; a source checkout has it one level up instead.
    """
    package = Path(__file__).resolve().parents[1]  # the ``game`` package folder
    bundled = package / "assets"
    root = bundled if bundled.is_dir() else package.parent / "assets"
    return root.joinpath(*parts)


# ----- writing -----------------------------------------------------------------------------------------
def check_writable_target(path: Path) -> None:
    """``NotARegularFile`` when ``path`` exists and is not a regular file (a device such as
    /dev/null, a FIFO, a socket, a folder): an atomic write would replace it with a file."""
    try:
        mode = os.stat(path).st_mode  # through a link: a link to /dev/null is still a device
    except FileNotFoundError:
        return
    except OSError:
        return  # cannot be looked at (a dangling link, no permission): the write says why
    if not stat.S_ISREG(mode):
        raise NotARegularFile(path, mode, writing=True)


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` so that a crash leaves either the old file or the new one, never half.
    Raises ``OSError`` when it cannot (callers in this package record it as saving off), also
    ``NotARegularFile`` when ``path`` is a device, a FIFO, a socket or a folder (never replaced)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    check_writable_target(path)
    data = text.encode("utf-8", errors="strict")  # a lone surrogate fails here, before any file is made
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        check_writable_target(path)  # it may have been swapped for a device meanwhile
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_json_atomic(path: Path, data: Any) -> None:
    """Atomic JSON write, UTF-8, stable key order."""
    write_atomic(path, json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True))


def keep_aside(path: Path) -> Path | None:
    """Rename a bad file to ``<name>.bad-<time>`` (never overwritten) and return the new path.
    When it cannot be renamed the file stays where it is, untouched (never deleted), the failure
    is recorded as saving off, and None is returned."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.bad-{stamp}")
    counter = 1
    try:
        while target.exists():
            target = path.with_name(f"{path.name}.bad-{stamp}-{counter}")
            counter += 1
        os.replace(path, target)
    except OSError as error:
        note_write_failure(path.parent, error)
        log.warning("could not keep %s aside (%s); it was left as it is", path, error)
        return None
    return target


def kept_aside_text(aside: Path | None) -> str:
    """How a warning names what happened to a bad file (English)."""
    if aside is None:
        return "it could not be moved aside and was left as it is"
    return f"kept as {aside.name}"


# ----- opening: regular files only, never blocking ------------------------------------------------------
_KINDS = ((stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
          (stat.S_ISSOCK, "a socket"), (stat.S_ISDIR, "a folder"))


def file_kind(mode: int) -> str:
    """What a file of ``mode`` is, in words ("a FIFO", "a folder"...)."""
    return next((name for test, name in _KINDS if test(mode)), "not a regular file")


class NotARegularFile(OSError, ValueError):
    """A FIFO, a device, a socket or a folder where the app reads or writes a file of its own.

    Both an ``OSError`` (it cannot be read as a file) and a ``ValueError`` (it is bad content in
    the file's place: a loader keeps it aside like any other bad file)."""

    def __init__(self, path: Path | str, mode: int, writing: bool = False) -> None:
        verb = "written over" if writing else "read"
        super().__init__(errno.EINVAL, f"{file_kind(mode)}, not a regular file: it is not {verb}", str(path))

    def __str__(self) -> str:
        return f"{self.filename} is {self.strerror}"


def open_regular(path: Path | str) -> IO[bytes]:
    """``path`` opened for reading in binary, when it is a regular file. A FIFO (which would block
    the open or the read until a writer comes), a device, a socket or a folder is refused with
    ``NotARegularFile`` at once: the file is opened without blocking and checked before any read."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    flags |= getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise
    except OSError as error:  # a socket cannot be opened at all (ENXIO): say what it is
        try:
            mode = os.stat(path).st_mode
        except OSError:
            raise error from None
        if not stat.S_ISREG(mode):
            raise NotARegularFile(path, mode) from None
        raise
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise NotARegularFile(path, mode)
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)  # a regular file: ordinary reads from here on
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_regular(path: Path | str, limit: int) -> bytes:
    """At most ``limit + 1`` bytes of the regular file ``path`` (one more than ``limit``, so a caller
    can tell a file that is too long); ``OSError`` (``NotARegularFile`` for a FIFO, a device, a
    socket or a folder) when it cannot be read."""
    with open_regular(path) as handle:
        return handle.read(limit + 1)


def is_regular_or_absent(path: Path) -> bool:
    """True when ``path`` is a regular file (through links) or does not exist."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except FileNotFoundError:
        return True
    except OSError:
        return False


# ----- reading -----------------------------------------------------------------------------------------
def _refuse_constant(name: str) -> Any:
    """``NaN``, ``Infinity`` and ``-Infinity`` are not JSON numbers the app ever writes."""
    raise ValueError(f"{name} is not a number this app accepts")


def _finite_float(text: str) -> float:
    """A float that is finite (``1e400`` would become inf)."""
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"number {text[:20]}... is out of range")
    return value


def _bounded_int(text: str) -> int:
    """An int of at most MAX_INT_DIGITS digits."""
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise ValueError(f"an integer of {len(text)} digits is too long")
    return int(text)


_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def _check_depth(value: Any) -> None:
    """``ValueError`` when containers nest deeper than MAX_JSON_DEPTH (checked without recursion)."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else ()
        for child in children:
            if isinstance(child, dict | list):
                if depth + 1 > MAX_JSON_DEPTH:
                    raise ValueError(f"the data nests deeper than {MAX_JSON_DEPTH} levels")
                stack.append((child, depth + 1))


def _check_no_lone_surrogates(value: Any) -> None:
    """``ValueError`` when a text (a key or a value) holds half of a surrogate pair: no file the
    app writes has one, and it could never be written back as UTF-8."""
    stack = [value]
    while stack:
        item = stack.pop()
        texts = [*item, *(child for child in item.values() if isinstance(child, str))] if isinstance(item, dict) \
            else [child for child in item if isinstance(child, str)] if isinstance(item, list) \
            else [item] if isinstance(item, str) else []
        for text in texts:
            try:
                text.encode("utf-8")
            except UnicodeEncodeError:
                raise ValueError("a text holds a lone surrogate escape (\\udXXX)") from None
        if isinstance(item, dict | list):
            stack.extend(child for child in (item.values() if isinstance(item, dict) else item)
                         if isinstance(child, dict | list))


def parse_json(raw: bytes) -> Any:
    """Parse JSON bytes (UTF-8) strictly; ``ValueError`` for anything the app would not write:
    broken syntax or encoding, NaN/Infinity, out-of-range numbers, too deep nesting, a lone
    surrogate escape."""
    try:
        text = raw.decode("utf-8")
        value = json.loads(
            text,
            parse_constant=_refuse_constant,
            parse_float=_finite_float,
            parse_int=_bounded_int,
        )
    except RecursionError:
        raise ValueError("the data nests too deeply") from None
    _check_depth(value)
    if _SURROGATE_ESCAPE.search(text):  # only then can a text hold one: skip the walk otherwise
        _check_no_lone_surrogates(value)
    return value


def read_json(path: Path) -> Any:
    """The parsed content of a JSON file: the one reader of every JSON file the app reads. Raises
    ``ValueError`` for bad content of any kind (see ``parse_json``; also a file over MAX_JSON_BYTES,
    read no further than that) or ``OSError`` when the file cannot be read; a FIFO, a device, a
    socket or a folder in its place is ``NotARegularFile`` (both an ``OSError`` and a
    ``ValueError``), found without blocking. Nothing else escapes."""
    raw = read_regular(path, MAX_JSON_BYTES)
    if len(raw) > MAX_JSON_BYTES:
        raise ValueError(f"the file is larger than {MAX_JSON_BYTES // (1024 * 1024)} MiB")
    return parse_json(raw)


def load_json_file(path: Path, check: Callable[[Any], T], what: str = "") -> T | None:
    """``check`` of the JSON content of ``path``; None when there is no such file, or when it was
    bad: broken or hostile JSON (see ``read_json``), a FIFO, a device, a socket or a folder in its
    place, or content ``check`` refuses with ``ValueError``/``TypeError``. A bad file is kept aside
    (renamed byte for byte, never overwritten) with one log line, so the next write starts afresh
    and loses nothing; a file that cannot be read now (no permission) is left where it is."""
    name = what or path.name
    try:
        return check(read_json(path))
    except FileNotFoundError:
        return None
    except NotARegularFile as error:
        problem = str(error.strerror)
    except OSError as error:
        log.warning("cannot read %s: %s", name, error.strerror or error)
        return None
    except (ValueError, TypeError, RecursionError) as error:
        problem = str(error)
    problem = problem if len(problem) <= 160 else problem[:160] + "…"
    log.warning("%s is unreadable (%s); %s", name, problem, kept_aside_text(keep_aside(path)))
    return None
