"""The ノアロン layout without a display: no App, no pygame.init, only ``scenes.noaron.layout``.

Everything the layout places lies on the canvas and nothing of one seat covers anything else
(for every player count the rules allow, every viewer, several canvases); at 1920x1080 a few
positions are pinned to the numbers the table has always used.
"""

from __future__ import annotations

import itertools
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.rules.noaron import HAND_SIZE, LEFT, RIGHT, RULES, STAKES_EACH, Cut, best_cut, mask_hand
from scenes.noaron.layout import (
    PIP_HALF,
    PIP_ONE,
    SCREEN,
    Geometry,
    pile_top_offset,
    pip_for,
    scaled_size,
    zatsu_span,
)
from scenes.table.base import HELP_RECT, LOG_RECT, MENU_RECT

ROOT = Path(__file__).resolve().parents[2]
CANVASES = [SCREEN, (1280, 720), (2560, 1440), (1920, 1200), (2560, 1080), (800, 600)]
PLAYER_COUNTS = range(RULES.min_players, RULES.max_players + 1)


def viewers(players: int) -> list[int]:
    """Every viewer of a table of ``players``: each seat, and a spectator (-1)."""
    return [-1, *range(players)]


def geometry_for(viewer: int, canvas: tuple[int, int] = SCREEN) -> Geometry:
    """The geometry the table uses for ``viewer`` (a spectator sees seat 0 at the bottom)."""
    return Geometry(max(viewer, 0), canvas)


def placed(geometry: Geometry) -> dict[str, pygame.Rect]:
    """Everything the layout places, plus the base's Log, Help and Menu buttons that share the screen."""
    areas = geometry.areas()
    areas["log"] = geometry.rect(*LOG_RECT)
    areas["help"] = geometry.rect(*HELP_RECT)
    areas["menu"] = geometry.rect(*MENU_RECT)
    return areas


def cases() -> list[object]:
    """(players, viewer, canvas) for every combination checked, named for the report."""
    return [pytest.param(players, viewer, canvas, id=f"{players}p-viewer{viewer}-{canvas[0]}x{canvas[1]}")
            for players in PLAYER_COUNTS for viewer in viewers(players) for canvas in CANVASES]


@pytest.mark.parametrize(("players", "viewer", "canvas"), cases())
def test_everything_lies_on_the_canvas(players: int, viewer: int, canvas: tuple[int, int]) -> None:
    screen = pygame.Rect((0, 0), canvas)
    geometry = geometry_for(viewer, canvas)
    outside = {name: rect for name, rect in placed(geometry).items() if not screen.contains(rect)}
    assert not outside, f"{players}p viewer {viewer} on {canvas}: off the canvas {outside}"
    for point in (geometry.status_centre(), geometry.hint_bottom(), geometry.reserve_caption(),
                  geometry.title_mark(), *(geometry.pile_caption(seat) for seat in range(players))):
        assert screen.collidepoint(point), (viewer, canvas, point)


@pytest.mark.parametrize(("players", "viewer", "canvas"), cases())
def test_nothing_overlaps(players: int, viewer: int, canvas: tuple[int, int]) -> None:
    """Plates, hands, piles, reserves, stakes, paid heaps, the deck, the board, the score card and
    every button each keep to their own place."""
    areas = placed(geometry_for(viewer, canvas))
    assert len(areas) == 7 * players + 9
    overlaps = [(a, b) for (a, rect_a), (b, rect_b) in itertools.combinations(areas.items(), 2)
                if rect_a.colliderect(rect_b)]
    assert not overlaps, f"{players}p viewer {viewer} on {canvas}: {overlaps}"


@pytest.mark.parametrize("viewer", [-1, 0, 1])
def test_each_seat_has_its_side(viewer: int) -> None:
    geometry = geometry_for(viewer)
    bottom = max(viewer, 0)
    assert geometry.side(bottom) == "bottom" and geometry.side(1 - bottom) == "top"
    assert geometry.top == 1 - bottom
    assert not geometry.mirrored(bottom) and geometry.mirrored(1 - bottom)
    assert geometry.hand_area(bottom).top > geometry.hand_area(1 - bottom).bottom
    assert geometry.plate_area(bottom).centery > geometry.plate_area(1 - bottom).centery
    # the top player's left pile lies on the viewer's right
    assert geometry.pile_centre(bottom, LEFT)[0] < geometry.pile_centre(bottom, RIGHT)[0]
    assert geometry.pile_centre(1 - bottom, LEFT)[0] > geometry.pile_centre(1 - bottom, RIGHT)[0]
    # the reserve pair keeps the taker's order as the taker sees it
    assert geometry.reserve_spot(bottom, 0)[0] < geometry.reserve_spot(bottom, 1)[0]
    assert geometry.reserve_spot(1 - bottom, 0)[0] > geometry.reserve_spot(1 - bottom, 1)[0]


@pytest.mark.parametrize("viewer", [-1, 0, 1])
def test_positions_at_1920x1080_are_todays(viewer: int) -> None:
    geometry = geometry_for(viewer)
    bottom, top = max(viewer, 0), 1 - max(viewer, 0)
    assert geometry.zoom == 1.0
    assert geometry.deck == (420.0, 460.0)
    assert geometry.pile_centre(bottom, LEFT) == (860.0, 615.0)
    assert geometry.pile_centre(bottom, RIGHT) == (1060.0, 615.0)
    assert geometry.pile_centre(top, LEFT) == (1060.0, 300.0)
    assert geometry.reserve_spot(bottom, 0) == (1262.0, 615.0)
    assert geometry.reserve_spot(top, 0) == (1360.0, 300.0)
    assert geometry.stake_slot(bottom, 0, STAKES_EACH) == (1514.0, 690.0)
    assert geometry.stake_slot(top, 8, STAKES_EACH) == (1714.0, 232.0)
    assert geometry.paid_pos(top) == (1614.0, 372.0)
    assert geometry.plate(bottom) == (318, 716) and geometry.plate(top) == (520, 70)
    assert geometry.hand_row(bottom) == ((884.0, 944.0), 0.78, 112.0)
    assert geometry.hand_row(top) == ((960.0, 70.0), 0.46, 36.0)
    assert geometry.declare_rect() == pygame.Rect(1580, 842, 300, 76)
    assert geometry.end_rect() == pygame.Rect(1580, 930, 300, 62)
    assert geometry.undo_rect() == pygame.Rect(1580, 1004, 300, 60)
    assert geometry.score_card() == pygame.Rect(18, 842, 172, 190)
    assert geometry.settlement_rect() == pygame.Rect(300, 132, 1150, 660)
    assert geometry.status_centre() == (884, 802) and geometry.hint_bottom() == (884, 1074)
    assert geometry.hand_band() == (850, 1040)
    assert geometry.reserve_caption() == (1318, 523)
    assert geometry.pile_caption(bottom) == (960, 711) and geometry.pile_caption(top) == (960, 182)
    assert geometry.title_mark() == (206, 180) and geometry.board_topleft() == (30, 22)


def test_another_canvas_scales_and_centres_the_design() -> None:
    wide = Geometry(0, (2560, 1080))  # same height: the design is centred, 320 px each side
    assert wide.zoom == 1.0 and wide.deck == (740.0, 460.0)
    small = Geometry(0, (1280, 720))
    assert small.zoom == pytest.approx(2 / 3)
    assert small.pile_centre(0, LEFT) == pytest.approx((860 * 2 / 3, 615 * 2 / 3))
    assert small.hand_row(0)[1] == pytest.approx(0.78 * 2 / 3)
    assert small.declare_rect() == pygame.Rect(1053, 561, 200, 51)


def test_card_arithmetic() -> None:
    assert scaled_size(1.0) == (132, 186) and scaled_size(0.5) == (66, 93)
    assert pile_top_offset(0) == (0.0, 0.0) and pile_top_offset(1) == (0.0, 0.0)
    assert pile_top_offset(3) == (-2.4, -4.0) and pile_top_offset(9) == pile_top_offset(4)
    assert Geometry().hand_area(0, HAND_SIZE).width == 11 * 112 + scaled_size(0.78)[0]


def test_cut_frames_the_yaku_and_puts_a_point_pip_on_each_zatsu_card() -> None:
    at_start = Cut(score=8, yaku_start=0, yaku_length=4, zatsu_is_yaku=False)
    assert zatsu_span(at_start, 12) == (4, 8)
    assert [pip_for(at_start, index, 12) for index in (0, 3, 4, 11)] == ["", "", "1", "1"]
    at_end = Cut(score=4, yaku_start=4, yaku_length=8, zatsu_is_yaku=True)  # RRBB + RRRRBBBB: half of 4
    assert zatsu_span(at_end, 12) == (0, 4)
    assert [pip_for(at_end, index, 12) for index in range(12)] == ["½"] * 4 + [""] * 8
    nothing = Cut(score=12, yaku_start=0, yaku_length=0, zatsu_is_yaku=False)
    assert [pip_for(nothing, index, 12) for index in range(12)] == ["1"] * 12
    whole = Cut(score=0, yaku_start=0, yaku_length=12, zatsu_is_yaku=False)
    assert not any(pip_for(whole, index, 12) for index in range(12))


def test_the_pips_add_up_to_the_score_of_every_hand() -> None:
    worth = {"": 0.0, PIP_ONE: 1.0, PIP_HALF: 0.5}
    for mask in range(0, 1 << 12, 7):
        hand = mask_hand(mask)
        cut = best_cut(hand)
        assert sum(worth[pip_for(cut, index, 12)] for index in range(12)) == cut.score, hand


def test_the_layout_needs_no_display() -> None:
    """In a fresh interpreter: computing every place initialises neither the display nor fonts."""
    code = (
        "import pygame\n"
        "from scenes.noaron.layout import Geometry\n"
        "for bottom in (0, 1):\n"
        "    for canvas in ((1920, 1080), (1280, 720)):\n"
        "        Geometry(bottom, canvas).areas()\n"
        "print(pygame.display.get_init(), pygame.font.get_init(), pygame.get_init())\n"
    )
    environment = {**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    result = subprocess.run([sys.executable, "-c", code], check=False, cwd=ROOT, env=environment,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["False", "False", "False"]
