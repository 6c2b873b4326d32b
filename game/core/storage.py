"""Files the app keeps: where they live, atomic writes, and keeping bad files aside."""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

APP_DIR_NAME = "kotatsu-table"


def data_dir() -> Path:
    """The per-user folder for settings and saves (``KOTATSU_HOME`` overrides it, for tests)."""
    override = os.environ.get("KOTATSU_HOME")
    if override:
        path = Path(override)
    elif sys.platform == "win32":
        path = Path(os.environ.get("APPDATA", Path.home())) / APP_DIR_NAME
    elif sys.platform == "darwin":
        path = Path.home() / "Library" / "Application Support" / APP_DIR_NAME
    else:
        path = Path(os.environ.get("XDG_DATA_HOME", Path.home() / ".local" / "share")) / APP_DIR_NAME
    path.mkdir(parents=True, exist_ok=True)
    return path


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


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` so that a crash leaves either the old file or the new one, never half."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_json_atomic(path: Path, data: Any) -> None:
    """Atomic JSON write, UTF-8, stable key order."""
    write_atomic(path, json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True))


def keep_aside(path: Path) -> Path:
    """Rename a bad file to ``<name>.bad-<time>`` (never overwritten) and return the new path."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.bad-{stamp}")
    counter = 1
    while target.exists():
        target = path.with_name(f"{path.name}.bad-{stamp}-{counter}")
        counter += 1
    os.replace(path, target)
    return target


def read_json(path: Path) -> Any:
    """Parse a JSON file; raises ``ValueError`` (or ``OSError``) when it cannot."""
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)
