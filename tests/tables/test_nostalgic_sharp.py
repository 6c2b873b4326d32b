"""Nostalgic at 4K: its card faces and backs, the dice lying on the table and the numbers on its
badges and round card are pictures that draw themselves again at the window's scale (``scenes.engine.crisp``), so
a 3840x2160 frame shows them sharp instead of enlarged."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game.core.match import Match, Seat
from scenes.engine import crisp, window
from scenes.engine.app import App
from scenes.table.launch import make_scene
from scenes.tools.shot import play_moves

DT = 1 / 60


@pytest.fixture
def table_at_4k(app: App) -> Iterator[tuple[App, Any]]:
    """Nostalgic for three, eight moves in (cards in the person's hand, dice in the balloons),
    painted as for a 3840x2160 window."""
    window.mark_text_for((3840, 2160))
    try:
        match = Match("nostalgic", [Seat("human"), Seat("ai", "easy"), Seat("ai", "easy")], seed=3)
        play_moves(match, 8, 3)
        table = make_scene(app, match, viewer=0)
        app.push(table)
        for _ in range(30):
            app.step(DT)
        yield app, table
    finally:
        window.mark_text_for((1920, 1080))


def sharp_names(app: App) -> list[tuple[Any, ...]]:
    """The names of the pictures on the screen that draw themselves again at the window's scale
    (a turned or scaled one by the name of the picture it was made from)."""
    names = []
    for mark in app.screen.current_marks():
        if mark.redraw is None:
            continue
        name = mark.key[1]
        if name[0] == "xf":
            name = name[1]
        names.append(name)
    return names


def test_cards_in_the_row_and_in_the_hand_are_drawn_at_the_window_scale(table_at_4k: tuple[App, Any]) -> None:
    app, table = table_at_4k
    row = [card for card in table.shown.row if card is not None]
    hand = list(table.shown.hand)
    assert row and hand, "the table has face-up cards and the person holds some"
    faces = Counter(name[1] for name in sharp_names(app) if name[0] in ("nos_face", "nos-face"))
    wanted = Counter(row) + Counter(hand)
    assert all(faces[card] >= count for card, count in wanted.items()), f"cards {wanted}, sharp faces {faces}"


def test_resting_dice_and_counts_are_drawn_at_the_window_scale(table_at_4k: tuple[App, Any]) -> None:
    app, table = table_at_4k
    lying = Counter(die.value for seat in table.shown.dice for die in seat if not die.hidden)
    assert sum(lying.values()) >= 3, "dice lie on the table (in trays and balloons)"
    names = sharp_names(app)
    dice = Counter(name[1] for name in names if name[0] == "die")
    assert all(dice[value] >= count for value, count in lying.items()), f"dice {lying}, sharp dice {dice}"
    counts = {name[1] for name in names if name[0] == "nos-count"}
    assert table.shown.deck in counts and table.shown.supply in counts, f"sharp counts {counts}"
    assert any(name[0] == "nos_round" for name in names), "the round card's number is sharp"
    assert any(name[0] == "nos_back" for name in names), "the deck's backs are sharp"


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["nos_face", "nos-face", "die", "nos-count", "nos_round", "nos_back"])
def test_each_sharp_picture_is_drawn_anew_at_twice_its_size(table_at_4k: tuple[App, Any], kind: str) -> None:
    app, _ = table_at_4k
    mark = next(mark for mark in app.screen.current_marks() if mark.redraw is not None
                and (mark.key[1][1] if mark.key[1][0] == "xf" else mark.key[1])[0] == kind)
    image = crisp.physical_text(mark, 2.0, lambda *args: pygame.Surface((1, 1)))
    whole = mark.box
    assert abs(image.get_width() - 2 * whole.width) <= 4 and abs(image.get_height() - 2 * whole.height) <= 4
    enlarged = pygame.transform.smoothscale(mark.redraw(1.0), image.get_size())
    assert image.get_size() == enlarged.get_size()
    assert pygame.image.tobytes(image, "RGBA") != pygame.image.tobytes(enlarged, "RGBA"), \
        "drawn anew at 2x, not the small picture enlarged"
