"""Speech bubbles make room: never over another bubble or a button, always on screen; and a round
panel waits for a bubble still being read (the Noaron settlement covered the AI's call)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.core.match import Match, Seat
from game.core.settings import Settings
from scenes.engine import anim
from scenes.engine.app import App
from scenes.neko import make_table
from scenes.table.base import TableScene

DT = 1 / 60


@pytest.fixture
def table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TableScene]:
    """A neko table at normal speed (bubbles take their time), no AI."""
    monkeypatch.setenv("KOTATSU_HOME", str(tmp_path))
    app = App(Settings(language="en", anim_speed="normal", sound=False), headless=True)
    scene = make_table(app, Match("neko", [Seat("human"), Seat("ai", "easy")], seed=1), ai_enabled=False)
    app.push(scene)
    yield scene
    app.close()


@pytest.mark.slow
def test_two_bubbles_at_one_place_do_not_overlap(table: TableScene) -> None:
    table.show_bubble("Pass!", (900, 500))
    table.show_bubble("Noaron!", (900, 500))
    first, second = (bubble.rect() for bubble in table.bubbles)
    assert not first.colliderect(second)
    assert second.bottom <= first.top, "the newer one made room upwards"


def test_a_bubble_never_covers_a_button_and_stays_on_screen(table: TableScene) -> None:
    undo = table.undo_button.rect
    table.show_bubble("Pass!", (undo.centerx, undo.bottom - 4))
    bubble = table.bubbles[-1].rect()
    assert bubble.collidelist([button.rect for button in table.buttons.widgets]) == -1
    table.show_bubble("Pass!", (1910, 20), below=True)
    assert pygame.Rect(0, 0, 1920, 1080).contains(table.bubbles[-1].rect())


def test_a_panel_waits_for_the_bubbles(table: TableScene) -> None:
    opened: list[float] = []
    elapsed = [0.0]
    table.show_bubble("Noaron!", (900, 500))
    table.animator.add(table.panel_after(lambda: opened.append(elapsed[0]), 0.2))
    for _ in range(60 * 4):
        table.app.step(DT)
        elapsed[0] += DT
    assert opened, "the panel opens in the end"
    assert opened[0] > 1.2, "not while the bubble still shows (it pops, stays 1.1 s, fades)"
    assert not any(bubble.visible for bubble in table.bubbles)


def test_until_always_ends() -> None:
    step = anim.Until(lambda: False, 1.0)
    assert step.advance(0.5) == 0.0 and not step.done
    step.advance(0.6)
    assert step.done
    instant = anim.Until(lambda: False, 1.0)
    instant.finish()
    assert instant.done


@pytest.mark.slow
@pytest.mark.parametrize("game", ["neko", "newold", "noaron", "nostalgic", "wallpaper"])
def test_bubbles_and_toasts_keep_off_the_viewers_prompt_and_hand(game: str, tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    from scenes.table.launch import make_table_scene

    monkeypatch.setenv("KOTATSU_HOME", str(tmp_path))
    app = App(Settings(language="ja", anim_speed="normal", sound=False), headless=True)
    players = {"noaron": 2, "nostalgic": 3}.get(game, 3)
    seats = [Seat("human")] + [Seat("ai", "easy")] * (players - 1)
    scene = make_table_scene(app, Match(game, seats, seed=2))
    app.push(scene)
    try:
        strip = scene.viewer_strip()
        assert strip.top < scene.status_y < strip.bottom  # the prompt is in the strip
        scene.show_bubble("パス！", (960, strip.top + 60))  # a tip inside the strip
        assert not scene.bubbles[-1].rect().colliderect(strip)
        toast_bottom = 1080 - scene.toast.bottom_margin  # where the toast's bottom edge goes
        assert toast_bottom <= strip.top
    finally:
        app.close()
