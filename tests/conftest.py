"""Test setup shared by every test: no screen, no sound device, no real home folder."""

from __future__ import annotations

import atexit
import os
import shutil
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from scenes.engine.app import App

# Bytecode caches stay on for the session, whatever the environment says (some CI images set
# PYTHONDONTWRITEBYTECODE): the tests start the app, hosts and bots in well over a hundred
# processes, and without cached bytecode each one compiles the project again (about 0.5 s of CPU
# each), and every test worker spends 10 s more collecting. The caches are git-ignored.
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False
# Set before anything imports pygame: the display and audio tests run headless everywhere.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# The test session's files live in memory where the system offers it (``/dev/shm``): the app
# fsyncs every autosave, and on a disk that is about 15 ms a move, minutes over the whole-match
# tests. The code under test is the same (it still calls fsync); only the folder differs.
MEMORY_FOLDER = Path("/dev/shm")
MEMORY_NEEDED = 2 << 30  # bytes free, with room to spare: wheels, venvs, logs and saves of 3,000 tests


def _memory_folder_usable() -> bool:
    """True when ``/dev/shm`` is there, writable and roomy (a container's is often 64 MB)."""
    try:
        stats = os.statvfs(MEMORY_FOLDER)
    except OSError:
        return False
    return os.access(MEMORY_FOLDER, os.W_OK) and stats.f_bavail * stats.f_frsize >= MEMORY_NEEDED


IN_MEMORY = _memory_folder_usable()
# Settings and autosaves of the test session go to a throwaway folder, never the user's.
if "KOTATSU_HOME" not in os.environ:
    os.environ["KOTATSU_HOME"] = tempfile.mkdtemp(prefix="kotatsu-test-", dir=MEMORY_FOLDER if IN_MEMORY else None)
    atexit.register(shutil.rmtree, os.environ["KOTATSU_HOME"], True)


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config: pytest.Config) -> None:
    """Put pytest's temporary folders (``tmp_path``) in memory too, unless ``--basetemp`` was
    given; pytest-xdist's workers get a folder inside the main process's one."""
    if IN_MEMORY and config.option.basetemp is None and not hasattr(config, "workerinput"):
        config.option.basetemp = tempfile.mkdtemp(prefix="kotatsu-pytest-", dir=MEMORY_FOLDER)
        config.stash[MEMORY_BASETEMP] = config.option.basetemp


def pytest_unconfigure(config: pytest.Config) -> None:
    """Give the memory back: the in-memory folders go at the end of the run."""
    folder = config.stash.get(MEMORY_BASETEMP, None)
    if folder is not None:
        shutil.rmtree(folder, ignore_errors=True)


MEMORY_BASETEMP = pytest.StashKey[str]()


@pytest.fixture(autouse=True, scope="session")
def scene_routes() -> None:
    """The scenes one room opens in another by name (results, title, pause, help), registered as
    the app's entry points do: tests build apps and tables directly, without those entry points."""
    from scenes import routes

    routes.install()


@pytest.fixture(autouse=True)
def own_data_folder(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test starts with an empty data folder of its own: a test never sees what another
    wrote (records, kept matches, settings), in whatever order or process (pytest-xdist) it runs."""
    monkeypatch.setenv("KOTATSU_HOME", str(tmp_path_factory.mktemp("home")))


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    """A headless English app at instant speed, its files in a throwaway folder (a test file
    may define its own ``app``, e.g. with the title screen pushed)."""
    from game.core.settings import Settings
    from scenes.engine.app import App

    monkeypatch.setenv("KOTATSU_HOME", str(tmp_path))
    application = App(Settings(language="en", anim_speed="instant", sound=False), headless=True)
    yield application
    application.close()


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: one worker per core, plus one. Many tests wait on something else (a real
    window, a host process, a socket, Xvfb), and a spare worker keeps the cores busy meanwhile:
    on 2 cores the suite took 384 s with 3 workers against 437 s with 2."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return cores + 1


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The long tests (``slow``: real-window plays, soaks) go first, so with several workers they
    overlap the short ones instead of finishing last on one core."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
