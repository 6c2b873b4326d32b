"""Every game's table scene plays a RemoteMatch as it plays a local one: the host's events
animate, a reconnect shows "Reconnecting…" and refuses moves, and nothing of a remote match is
autosaved, kept among the recent matches or recorded (the host keeps the truth)."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_net_client import WAIT, bots, host, wait_until

from game.core.autosave import autosave_path
from game.core.match import Seat
from game.core.recent import RECENT_FOLDER
from game.core.records import RECORDS_FILE
from game.core.registry import get_rules
from game.core.storage import data_dir
from game.i18n import t
from game.net.client import RemoteMatch
from game.net.server import HostHandle
from scenes.engine.app import App
from scenes.menus.results import Results
from scenes.table.base import TableScene
from scenes.table.launch import make_table_scene


@pytest.fixture
def served() -> Iterator[HostHandle]:
    handle = host()
    yield handle
    handle.stop()


def remote_table(app: App, handle: HostHandle, game_id: str) -> tuple[TableScene, RemoteMatch, threading.Thread]:
    """Seat 0 of a new table at ``handle`` on this app's screen; random bots in the other seats."""
    players = get_rules(game_id).min_players
    code = handle.add_table(game_id, [Seat("human")] * players)
    match = RemoteMatch.connect(f"127.0.0.1:{handle.port}", code, 0, "me")
    scene = make_table_scene(app, match)
    assert isinstance(scene, TableScene)
    app.push(scene)
    app.step(0.016)
    return scene, match, bots(handle, code, list(range(1, players)))


@pytest.mark.parametrize("game_id", ["neko", "newold", "noaron", "nostalgic", "wallpaper"])
def test_every_game_plays_a_remote_match_to_its_results(app: App, served: HostHandle, game_id: str) -> None:
    scene, match, helper = remote_table(app, served, game_id)
    try:
        assert not scene.ai_enabled and scene.humans == [0] and scene.viewer == 0
        rng = random.Random(5)
        deadline = time.monotonic() + WAIT * 6
        while not isinstance(app.top, Results):
            assert time.monotonic() < deadline, f"{game_id}: the remote match did not reach its results"
            app.step(0.016)
            if app.top is scene and scene.panel is not None:
                scene.continue_round()
            if app.top is scene and scene.idle() and scene.viewer_may_act():
                assert scene.attempt(rng.choice(match.legal_actions(0)))
            time.sleep(0.001)
        helper.join(WAIT)
        table = served.server.tables[match.join_code]
        assert scene.rejections == 0
        assert match.result() == table.match.result()
        assert match.events == table.match.events  # every event reached the table once
        assert not autosave_path().exists()  # the host keeps the truth: nothing saved here
        assert not (data_dir() / RECORDS_FILE).exists() and not (data_dir() / RECENT_FOLDER).exists()
    finally:
        match.close()


def test_a_dropped_host_shows_reconnecting_and_refuses_moves(app: App, tmp_path: Path) -> None:
    tables = tmp_path / "tables"
    handle = host(tables)
    port = handle.port
    code = handle.add_table("neko", [Seat("human"), Seat("ai", "easy")])
    match = RemoteMatch.connect(f"127.0.0.1:{port}", code, 0, "me")
    scene = make_table_scene(app, match)
    assert isinstance(scene, TableScene)
    app.push(scene)
    try:
        wait_until(lambda: (app.step(0.016), scene.idle() and scene.viewer_may_act())[1])
        handle.stop()
        wait_until(lambda: (app.step(0.016), match.status == "reconnecting")[1])
        assert scene.status_text() == t("table.status.reconnecting")
        assert not scene.attempt(match.legal_actions(0)[0])
        assert scene.toast.message == t("table.reason.reconnecting")
        events_before = len(scene.match.events)
        handle = host(tables, port)
        wait_until(lambda: (app.step(0.016), match.status == "connected")[1])
        app.step(0.016)
        assert scene.status_text() != t("table.status.reconnecting") and not scene.pending
        assert len(scene.match.events) == events_before  # caught up by a sync: nothing replayed
        assert scene.attempt(match.legal_actions(0)[0])
    finally:
        match.close()
        handle.stop()
