"""Incremental equals full: whatever the table keeps from one frame to the next (its still layer,
the dirty rectangles it restores), the frame the app composes after any walk of UI steps equals a
frame drawn from scratch for the same state, in every game: an overlay once closed (the move log,
the rules, the pause menu, the results, the curtain) never stays on the table.

The walks are in ``tests/screen_walk.py``; a planted bug (one full repaint skipped) must be caught.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from game.core.settings import Settings
from scenes.engine.app import App
from scenes.table.base import TableScene
from tests import screen_walk as walks

STEPS = st.lists(st.tuples(st.sampled_from(walks.STEPS), st.integers(0, 999)), min_size=3, max_size=10)
# no shrinking: a failure already names its steps, and shrinking walks of frames takes minutes
WALKS = settings(max_examples=5, deadline=None, derandomize=True, database=None,
                 phases=[Phase.explicit, Phase.generate],
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


@pytest.fixture(autouse=True)
def quick_hints(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Hint's search is given a moment, not its real budget (its advice is all the walk needs)."""
    monkeypatch.setattr("scenes.table.hint.DEFAULT_BUDGET", 0.02)


@pytest.fixture
def walk_app() -> Iterator[App]:
    """A headless app at normal animation speed (pieces are caught in flight)."""
    app = App(Settings(language="en", anim_speed="normal", sound=False), headless=True)
    yield app
    app.close()


def fresh_app(lazy: bool) -> App:
    """A new headless app (hypothesis runs many walks in one test)."""
    app = App(Settings(language="en", anim_speed="normal", sound=False), headless=True)
    app.lazy = lazy
    return app


@pytest.mark.slow
@pytest.mark.parametrize("game_id", walks.GAMES)
def test_each_closed_overlay_leaves_the_table_as_drawn_from_scratch(walk_app: App, game_id: str) -> None:
    """The move log (L, L), the rules (H, Esc) and the pause menu ("Back to the game"), each
    opened and closed with moves between them."""
    steps = [("move", 1), ("log", 0), ("log", 0), ("move", 2), ("help", 0), ("close", 0),
             ("pause", 0), ("resume", 0), ("move", 3)]
    difference = walks.walk_and_check(walk_app, game_id, 3, steps)
    assert difference is None, str(difference)


@pytest.mark.slow
@given(game_id=st.sampled_from(walks.GAMES), steps=STEPS, seed=st.integers(0, 50))
@settings(WALKS, max_examples=10)
def test_incremental_equals_full_after_any_walk(game_id: str, steps: list[tuple[str, int]], seed: int) -> None:
    app = fresh_app(lazy=False)
    try:
        difference = walks.walk_and_check(app, game_id, seed, steps)
    finally:
        app.close()
    assert difference is None, str(difference)


@pytest.mark.slow
@given(game_id=st.sampled_from(walks.GAMES), steps=STEPS, seed=st.integers(0, 50))
@WALKS
def test_lazy_frames_skip_only_frames_that_would_look_the_same(game_id: str, steps: list[tuple[str, int]],
                                                               seed: int) -> None:
    """With lazy frames (as in a window), a frame is skipped only while every scene drawn says it
    stands still; the screen then must equal what a frame drawn now would show."""
    app = fresh_app(lazy=True)
    try:
        difference = walks.walk_and_check(app, game_id, seed, steps)
    finally:
        app.close()
    assert difference is None, str(difference)


def test_a_planted_skipped_repaint_is_caught(walk_app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """The check is not blind: let the app claim once, wrongly, that the canvas still holds the
    table's picture (the repaint after the log closes is skipped) and the walk reports it."""
    honest = App.holds
    planted = {"armed": False, "fired": False}

    def lying_once(app: App, scene: object) -> bool:
        if planted["armed"] and not planted["fired"] and isinstance(scene, TableScene) and not honest(app, scene):
            planted["fired"] = True
            return True
        return honest(app, scene)

    monkeypatch.setattr(App, "holds", lying_once)
    walk = walks.new_walk(walk_app, "neko", 3)
    walks.take(walk, "log", 0)
    assert walks.check_frame(walk) is None, "the log is drawn over the table as it should be"
    planted["armed"] = True
    walks.take(walk, "log", 0)
    difference = walks.check_frame(walk)
    assert planted["fired"], "the planted bug had its chance"
    assert difference is not None and difference.pixels > 10_000, "the log's pixels left on the table are seen"
    assert difference.steps == ["log", "log"], "the report names the steps that led there"


@pytest.mark.slow
def test_a_still_table_draws_no_frame_until_something_happens(walk_app: App) -> None:
    """In a window (lazy frames) a table at rest with nothing moving is not drawn again; a key, a
    move or a closed overlay draws the next frame at once."""
    walk_app.lazy = True
    walk = walks.new_walk(walk_app, "noaron", 3)
    table = walk.table
    for _ in range(400):  # the deal and any AI turn play out
        walk_app.step(walks.DT)
        if table.idle() and table.viewer_may_act() and walk_app.frame_rate() == 0:
            break
    assert walk_app.frame_rate() == 0, "the table says it stands still"
    drawn = walk_app.frames_drawn
    for _ in range(30):  # 1.5 s of a still table
        walk_app.step(walks.DT)
    assert walk_app.frames_drawn - drawn <= 1, "at most the heartbeat draws while nothing moves"
    walks.take(walk, "log", 0)
    assert walk_app.frames_drawn > drawn, "opening the log draws at once"
    drawn = walk_app.frames_drawn
    walks.take(walk, "log", 0)
    assert walk_app.frames_drawn > drawn and walks.check_frame(walk) is None, "closing it too, and the table is whole"


@pytest.mark.slow
def test_a_table_under_its_open_panel_stands_still_and_matches_a_fresh_frame(walk_app: App) -> None:
    """A panel over the table (a round's summary, waiting for the person) is drawn from the kept
    veiled table: the app then shows no new frame until input, and the frame is the right one."""
    from scenes.table.panel import ModalPanel

    walk_app.lazy = True
    walk = walks.new_walk(walk_app, "neko", 3)
    for _ in range(400):
        walk_app.step(walks.DT)
        if walk.table.idle() and walk_app.frame_rate() == 0:
            break
    walk.table.panel = ModalPanel(walk.table, lambda: "Next round")
    for _ in range(12):  # the panel comes up, then nothing moves
        walk_app.step(walks.DT)
    drawn = walk_app.frames_drawn
    for _ in range(30):
        walk_app.step(walks.DT)
    assert walk_app.frames_drawn - drawn <= 1, "an open panel does not ask for every frame"
    assert walks.check_frame(walk) is None, "and the screen shows the panel over the table as it should"
