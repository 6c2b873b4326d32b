"""Memory: every picture cache is bounded in bytes, and a closed table lets go of its pictures.

The bounded cache (``scenes.engine.cache.SurfaceCache``) drops the least recently used pictures past its
byte budget; text renders and fonts are bounded too; the last table to close empties the tables'
caches. A short headless run of every game checks that no cache ever passes its budget. Nothing
here measures time or the process's resident size (the kiosk soak reports those).
"""

from __future__ import annotations

import gc
import random

import pygame
import pytest

from game.core.match import Match, Seat
from game.core.registry import get_rules
from scenes.engine import cache, fonts
from scenes.engine.app import App, Scene
from scenes.engine.cache import SurfaceCache, surface_bytes
from scenes.table import base
from scenes.table import launch as tables

GAMES = ("neko", "newold", "noaron", "nostalgic", "wallpaper")
SIDE = 10  # a 10 x 10 picture with alpha: 400 bytes


def picture(side: int = SIDE, colour: tuple[int, int, int, int] = (1, 2, 3, 255)) -> pygame.Surface:
    surface = pygame.Surface((side, side), pygame.SRCALPHA)
    surface.fill(colour)
    return surface


def within_budget(kept: SurfaceCache) -> bool:
    """The budget holds, or one picture larger than the whole budget is kept alone."""
    return kept.bytes <= kept.budget or len(kept) == 1


# ----- the bounded cache ---------------------------------------------------------------------------
def test_surface_bytes_counts_the_pixels_of_surfaces_and_of_tuples_holding_them() -> None:
    assert surface_bytes(picture()) == SIDE * SIDE * 4
    assert surface_bytes((picture(), (3, 4))) == SIDE * SIDE * 4
    assert surface_bytes(pygame.Surface((8, 2), depth=8)) == 16
    assert surface_bytes("not a picture") == 0


def test_the_least_recently_used_picture_goes_past_the_budget() -> None:
    kept = SurfaceCache("test.lru", 3 * 400, group="test")
    for key in "abc":
        kept.get(key, picture)
    assert kept.bytes == 1200 and len(kept) == 3
    kept.get("d", picture)
    assert "a" not in kept
    assert list(kept.items) == ["b", "c", "d"]
    assert kept.bytes == 1200 and kept.evictions == 1


def test_a_hit_refreshes_and_makes_nothing() -> None:
    kept = SurfaceCache("test.hit", 3 * 400, group="test")
    made: list[str] = []

    def maker(key: str):
        return lambda: made.append(key) or picture()

    first = kept.get("a", maker("a"))
    kept.get("b", maker("b"))
    kept.get("c", maker("c"))
    assert kept.get("a", maker("a")) is first  # a hit: the same picture, nothing drawn
    assert made == ["a", "b", "c"] and kept.hits == 1
    kept.get("d", maker("d"))
    assert "a" in kept and "b" not in kept  # "a" was used last-but-one, "b" is the oldest
    assert kept.lookup("c") is not None and kept.lookup("b") is None


def test_the_budget_holds_with_many_sizes() -> None:
    rng = random.Random(5)
    kept = SurfaceCache("test.sizes", 64 * 1024, group="test")
    for index in range(400):
        side = rng.randint(1, 90)
        kept.get(("size", index, side), lambda side=side: picture(side))
        assert kept.bytes <= kept.budget
        assert kept.bytes == sum(surface_bytes(value) for value in kept.values())
        if rng.random() < 0.3 and len(kept):  # reuse one now and then
            kept.lookup(rng.choice(list(kept.items)))
    assert kept.evictions > 0


def test_a_picture_larger_than_the_budget_is_kept_alone_until_the_next() -> None:
    kept = SurfaceCache("test.big", 1000, group="test")
    kept.get("small", picture)
    big = kept.get("big", lambda: picture(40))
    assert list(kept.items) == ["big"] and kept.get("big", picture) is big
    kept.get("small", picture)
    assert list(kept.items) == ["small"] and kept.bytes == 400


def test_a_prepared_value_is_what_is_kept() -> None:
    kept = SurfaceCache("test.prepare", 10_000, group="test", prepare=lambda value: (value, (1, 2)))
    value = kept.get("a", picture)
    assert value[1] == (1, 2) and kept.get("a", picture) is value and kept.bytes == 400


def test_release_empties_its_group_only_and_runs_its_hooks() -> None:
    mine = SurfaceCache("test.mine", 10_000, group="test-release")
    other = SurfaceCache("test.other", 10_000, group="test-other")
    mine.get("a", picture)
    other.get("a", picture)
    calls: list[int] = []
    cache.on_release("test-release", lambda: calls.append(1))
    cache.release("test-release")
    assert len(mine) == 0 and mine.bytes == 0 and calls == [1]
    assert len(other) == 1
    assert mine in cache.caches("test-release") and other not in cache.caches("test-release")


# ----- text and fonts --------------------------------------------------------------------------------
def test_text_renders_and_fonts_stay_bounded_and_a_rerender_is_the_same_picture(app: App) -> None:
    first = pygame.image.tobytes(fonts.text("Touch to play", 64, (250, 244, 232), True), "RGBA")
    for step in range(300):  # a pulsing colour, then many sizes: every render is a new entry
        fonts.text("Touch to play", 64, (250 - step % 15, 244 - step % 55, 232 - step % 140), True)
    for size in range(8, 120):
        fonts.text("あいうえお Kotatsu", size, (43, 35, 31))
        assert fonts._texts.bytes <= fonts.TEXT_BUDGET
        assert len(fonts._fonts) <= fonts.FONTS_KEPT
    assert fonts._texts.evictions > 0 and fonts._fonts.evictions > 0
    again = pygame.image.tobytes(fonts.text("Touch to play", 64, (250, 244, 232), True), "RGBA")
    assert again == first


def test_tinted_text_is_the_same_picture_and_keeps_only_the_white_rendering(app: App) -> None:
    fonts.clear_cache()
    for words, size, bold in (("タッチしてプレイ", 64, True), ("Touch to play", 40, True), ("あいう abc 123", 24, False)):
        for colour in ((250, 244, 232), (236, 190, 92), (243, 217, 162), (0, 0, 0), (1, 2, 3), (255, 255, 255)):
            tinted = fonts.text_tinted(words, size, colour, bold)
            assert pygame.image.tobytes(tinted, "RGBA") == pygame.image.tobytes(
                fonts._render(words, size, colour, bold), "RGBA")
    assert len(fonts._texts) == 3  # only the white renderings were kept


# ----- tables ----------------------------------------------------------------------------------------
def ai_match(game_id: str, seed: int) -> Match:
    """An all-AI match of ``game_id`` with the fewest seats it allows."""
    return Match(game_id, [Seat("ai", "easy") for _ in range(get_rules(game_id).min_players)], seed=seed)


def start(app: App) -> None:
    """A plain scene at the bottom (the title's place), and no table of an earlier test counted
    as open (one kept alive elsewhere in the session would keep the pictures)."""
    gc.collect()
    base._open_tables.clear()
    app.push(Scene(app))


def back_to_the_bottom(app: App) -> None:
    """Close every scene above the bottom one (the table, and its results if they are up)."""
    while len(app.scenes) > 1:
        app.pop()


def test_closing_the_last_table_lets_go_of_its_pictures(app: App) -> None:
    start(app)
    tables.open_table(app, ai_match("neko", 3))
    scene = app.top
    for _ in range(30):
        app.step(1 / 60)
    assert isinstance(scene, base.TableScene) and scene._still is not None
    assert cache.total_bytes(cache.TABLE) > 0
    back_to_the_bottom(app)
    assert scene._still is None and scene._veiled is None
    assert cache.total_bytes(cache.TABLE) == 0
    assert all(len(kept) == 0 for kept in cache.caches(cache.TABLE))


def test_a_rematch_keeps_the_pictures_of_the_table_it_replaces(app: App) -> None:
    start(app)
    tables.open_table(app, ai_match("neko", 3))
    for _ in range(20):
        app.step(1 / 60)
    kept_before = sum(len(kept) for kept in cache.caches(cache.TABLE))
    assert kept_before > 0
    tables.open_table(app, tables.rematch(app.scenes[1].match))  # built before the old table closes
    assert len(app.scenes) == 2
    assert sum(len(kept) for kept in cache.caches(cache.TABLE)) >= kept_before
    back_to_the_bottom(app)
    assert cache.total_bytes(cache.TABLE) == 0


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_a_headless_demo_keeps_every_cache_within_its_budget(app: App, game_id: str) -> None:
    start(app)
    tables.open_table(app, ai_match(game_id, 11))
    scene = app.top
    frames = 0
    while frames < 400 and not scene.match.is_over():
        app.step(1 / 60)
        frames += 1
        if frames % 10 == 0:
            for kept in cache.caches():
                assert within_budget(kept), kept
    assert len(scene.match.log) > 0  # the AIs played
    assert all(within_budget(kept) for kept in cache.caches())
    back_to_the_bottom(app)
    assert cache.total_bytes(cache.TABLE) == 0
