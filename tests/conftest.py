"""Test setup shared by every test: no screen, no sound device, no real home folder."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from scenes.engine.app import App

# Set before anything imports pygame: the display and audio tests run headless everywhere.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Settings and autosaves of the test session go to a throwaway folder, never the user's.
os.environ.setdefault("KOTATSU_HOME", tempfile.mkdtemp(prefix="kotatsu-test-"))


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


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The long tests (``slow``: real-window plays, soaks) go first, so with several workers they
    overlap the short ones instead of finishing last on one core."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
