"""Nostalgic's layout with no display: for every player count and every seat at the bottom, what the
table places lies on the canvas, the seats' areas keep apart, and at 1920x1080 the places are
today's (pinned numbers). No App, no pygame.init: a ``pygame.Rect`` is only arithmetic."""

from __future__ import annotations

import itertools
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.rules.nostalgic import BOARD, FACE_UP, MAX_BOXES, RULES
from scenes.nostalgic.layout import (
    BOARD_SIZE,
    BOARD_TOPLEFT,
    CANVAS,
    HAND_SCALE,
    NP_TRACK,
    OTHER_HAND_SCALE,
    Geometry,
    final_panel_rect,
)
from scenes.table.art import CARD_SIZE

PLAYERS = range(RULES.min_players, RULES.max_players + 1)
SEATINGS = [(players, bottom) for players in PLAYERS for bottom in range(players)]
MOST_DICE = 3  # two each, three for the start player of a three-player round
MOST_CARDS = 24  # more than a hand ever holds


def _square(centre: tuple[float, float], side: int) -> pygame.Rect:
    """A die (or any square) of ``side`` centred on ``centre``."""
    rect = pygame.Rect(0, 0, side, side)
    rect.center = (round(centre[0]), round(centre[1]))
    return rect


def _card(centre: tuple[float, float], scale: float) -> pygame.Rect:
    """A card at ``scale`` centred on ``centre``."""
    rect = pygame.Rect(0, 0, round(CARD_SIZE[0] * scale), round(CARD_SIZE[1] * scale))
    rect.center = (round(centre[0]), round(centre[1]))
    return rect


def _board_places(geometry: Geometry) -> list[pygame.Rect]:
    """Every place on the board, on the screen."""
    places = [geometry.balloon_rect(balloon.id) for balloon in BOARD]
    places += [geometry.slot_rect(slot) for slot in range(FACE_UP)]
    places += [geometry.deck_rect(), geometry.supply_rect()]
    places += [_square(geometry.np_pos(seat, np), 1) for np in range(NP_TRACK) for seat in range(4)]
    places += [_square(geometry.box_pos(seat, boxes), 1) for boxes in range(MAX_BOXES + 1) for seat in range(4)]
    for balloon in BOARD:
        count = 8 if balloon.capacity is None else 1
        places += [_square(geometry.balloon_slot(balloon.id, index, count), geometry.board_die_size(balloon.id))
                   for index in range(count)]
    return places


def _seat_places(geometry: Geometry, seat: int) -> list[pygame.Rect]:
    """Everything a seat has on the table: plate, tray and its dice, hand cards, where its chips land."""
    places = [geometry.plate_rect(seat), geometry.tray_rect(seat), geometry.throw_area(seat)]
    places += [_square(geometry.tray_slot(seat, index, count), geometry.die_size(seat))
               for count in range(1, MOST_DICE + 1) for index in range(count)]
    places += [_square(geometry.throw_start(seat, index, MOST_DICE), 1) for index in range(MOST_DICE)]
    for count in range(1, MOST_CARDS + 1):
        for index in range(count):
            centre, scale = geometry.hand_slot(seat, index, count)
            places.append(_card(centre, scale))
    places += [_square(geometry.chip_pos(seat), 1), _square(geometry.round_card_pos(seat), 1)]
    if seat != geometry.bottom:
        places.append(geometry.panel_rect(seat))
    return places


def _seat_area(geometry: Geometry, seat: int) -> pygame.Rect:
    """The area a seat owns: the rail panel, or the bottom row's plate, tray, button and hand."""
    if seat != geometry.bottom:
        return geometry.panel_rect(seat)
    return geometry.viewer_plate.unionall([geometry.tray, geometry.reroll, geometry.hand_area])


# ----- on the canvas ------------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "bottom"), SEATINGS)
def test_everything_placed_lies_on_the_canvas(players: int, bottom: int) -> None:
    geometry = Geometry(players, bottom)
    screen = pygame.Rect((0, 0), CANVAS)
    places = _board_places(geometry)
    for seat in range(players):
        places += _seat_places(geometry, seat)
    places += [geometry.viewer_plate, geometry.tray, geometry.reroll, geometry.hand_area, geometry.info,
               _square(geometry.legend_topleft, 1), final_panel_rect(players)]
    for rect in places:
        assert screen.contains(rect), rect


@pytest.mark.parametrize(("players", "bottom"), SEATINGS)
def test_board_places_lie_on_the_board(players: int, bottom: int) -> None:
    board = pygame.Rect(BOARD_TOPLEFT, BOARD_SIZE)
    for rect in _board_places(Geometry(players, bottom)):
        assert board.contains(rect), rect


@pytest.mark.parametrize(("players", "bottom"), SEATINGS)
def test_a_seats_dice_and_cards_stay_in_its_own_area(players: int, bottom: int) -> None:
    geometry = Geometry(players, bottom)
    for seat in range(players):
        tray = geometry.tray_rect(seat)
        for count in range(1, MOST_DICE + 1):
            for index in range(count):
                assert tray.contains(_square(geometry.tray_slot(seat, index, count), geometry.die_size(seat)))
        area = geometry.hand_area if seat == bottom else geometry.panel_rect(seat)
        for count in range(1, MOST_CARDS + 1):
            for index in range(count):
                centre, scale = geometry.hand_slot(seat, index, count)
                assert scale == (HAND_SCALE if seat == bottom else OTHER_HAND_SCALE)
                assert area.contains(_card(centre, scale)), (seat, index, count)
        if seat != bottom:
            assert geometry.panel_rect(seat).contains(geometry.plate_rect(seat))
            assert geometry.panel_rect(seat).contains(tray)


# ----- apart ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "bottom"), SEATINGS)
def test_seats_board_and_side_column_do_not_overlap(players: int, bottom: int) -> None:
    geometry = Geometry(players, bottom)
    assert sorted(geometry.rail_seats()) == sorted(set(range(players)) - {bottom})
    areas = [_seat_area(geometry, seat) for seat in range(players)]
    areas += [pygame.Rect(BOARD_TOPLEFT, BOARD_SIZE), geometry.info]
    for first, second in itertools.combinations(areas, 2):
        assert not first.colliderect(second), (first, second)


def test_the_bottom_rows_parts_do_not_overlap() -> None:
    geometry = Geometry(4, 0)
    parts = [geometry.viewer_plate, geometry.tray, geometry.reroll, geometry.hand_area]
    for first, second in itertools.combinations(parts, 2):
        assert not first.colliderect(second), (first, second)
    assert geometry.info.bottom < geometry.legend_topleft[1]  # the legend hangs under the info card
    for index in range(MOST_DICE):  # the dice lie in the tray itself, clear of the button
        assert geometry.tray.contains(_square(geometry.tray_slot(0, index, MOST_DICE), geometry.die_size(0)))


def test_balloons_and_closet_slots_keep_apart() -> None:
    geometry = Geometry(4, 0)
    balloons = [geometry.balloon_rect(balloon.id) for balloon in BOARD]
    cards = [geometry.slot_rect(slot) for slot in range(FACE_UP)] + [geometry.deck_rect()]
    for group in (balloons, cards):
        for first, second in itertools.combinations(group, 2):
            assert not first.colliderect(second)


# ----- today's numbers at 1920x1080 ------------------------------------------------------------------
def test_the_bottom_seat_sits_where_it_always_did() -> None:
    geometry = Geometry(4, 0)
    assert geometry.plate_rect(0) == pygame.Rect(24, 834, 420, 92)
    assert geometry.reroll == pygame.Rect(478, 984, 348, 70)
    assert [geometry.tray_slot(0, index, 3) for index in range(3)] == [(544.0, 896.0), (652.0, 896.0),
                                                                        (760.0, 896.0)]
    assert geometry.tray_rect(0) == pygame.Rect(454, 810, 396, 184)
    assert geometry.hand_slot(0, 0, 5) == ((996.64, 962.0), 0.74)
    assert geometry.hand_slot(0, 2, 5) == ((1212.0, 962.0), 0.74)
    assert geometry.chip_pos(0) == (214.0, 902.0)
    assert geometry.round_card_pos(0) == (414.0, 880.0)
    assert geometry.throw_area(0) == pygame.Rect(440, 470, 820, 530)
    assert geometry.throw_start(0, 0, 3) == (664.0, 1070.0)
    assert geometry.die_size(0) == 80


def test_the_rail_sits_where_it_always_did() -> None:
    four = Geometry(4, 1)
    assert four.rail_seats() == [2, 3, 0]
    assert [four.panel_rect(seat) for seat in (2, 3, 0)] == [pygame.Rect(14, 14, 302, 226),
                                                             pygame.Rect(14, 254, 302, 226),
                                                             pygame.Rect(14, 494, 302, 226)]
    three = Geometry(3, 0)
    assert [three.panel_rect(seat) for seat in (1, 2)] == [pygame.Rect(14, 134, 302, 226),
                                                           pygame.Rect(14, 374, 302, 226)]
    assert three.plate_rect(1) == pygame.Rect(14, 134, 302, 92)
    assert three.tray_slot(1, 2, 3) == (184, 294.0)
    assert three.tray_rect(2) == pygame.Rect(18, 480, 200, 110)
    assert three.hand_slot(1, 0, 5) == ((228.0, 292.0), 0.36)
    assert three.chip_pos(2) == (204.0, 442.0)
    assert three.round_card_pos(1) == (286.0, 180.0)
    assert three.throw_area(1) == pygame.Rect(14, 114, 820, 266)
    assert three.throw_start(2, 1, 3) == (4.0, 504.0)
    assert three.die_size(1) == 50


def test_the_board_sits_where_it_always_did() -> None:
    geometry = Geometry(3, 0)
    assert geometry.deck_rect() == pygame.Rect(1032, 102, 91, 128)
    assert geometry.discard_pos() == (1095.2, 185.2)
    assert geometry.supply_rect() == pygame.Rect(1224, 598, 112, 100)
    assert geometry.slot_rect(0) == pygame.Rect(437, 102, 91, 128)
    assert geometry.slot_rect(4) == pygame.Rect(889, 102, 91, 128)
    assert geometry.balloon_rect("recall_any") == pygame.Rect(1067, 310, 319, 139)
    assert geometry.balloon_rect("tidy12") == pygame.Rect(422, 310, 285, 77)
    assert geometry.balloon_slot("recall_any", 1, 3) == (1304, 348)
    assert geometry.np_pos(0, 0) == (362, 38)
    assert [geometry.np_pos(seat, 7) for seat in range(3)] == [(882, 38), (918, 38), (918, 50)]
    assert [geometry.box_pos(seat, 5) for seat in range(3)] == [(737, 652), (751, 652), (751, 680)]
    assert geometry.board_die_size("pack1") == 56


def test_the_final_panel_is_centred_with_a_row_per_player() -> None:
    assert final_panel_rect(4) == pygame.Rect(150, 117, 1620, 846)
    assert final_panel_rect(3) == pygame.Rect(150, 183, 1620, 714)


# ----- another canvas ------------------------------------------------------------------------------------
@pytest.mark.parametrize("canvas", [(1920, 1200), (2560, 1440)])
def test_a_larger_canvas_keeps_the_margins(canvas: tuple[int, int]) -> None:
    today, there = Geometry(4, 0), Geometry(4, 0, canvas)
    down, across = canvas[1] - CANVAS[1], canvas[0] - CANVAS[0]
    assert there.plate_rect(0) == today.plate_rect(0).move(0, down)
    assert there.reroll == today.reroll.move(0, down)
    assert there.hand_area == today.hand_area.move(0, down)
    assert there.tray_slot(0, 1, 2) == (today.tray_slot(0, 1, 2)[0], today.tray_slot(0, 1, 2)[1] + down)
    assert there.throw_start(0, 0, 2)[1] == canvas[1] - 10
    assert there.info == today.info.move(across, 0)
    assert there.panel_rect(1) == today.panel_rect(1) and there.deck_rect() == today.deck_rect()
    screen = pygame.Rect((0, 0), canvas)
    for seat in range(4):
        for rect in _seat_places(there, seat):
            assert screen.contains(rect)


# ----- no display -----------------------------------------------------------------------------------------
def test_the_layout_needs_no_display_and_no_fonts() -> None:
    """Computed in a fresh interpreter, the layout leaves the display and the fonts uninitialised."""
    script = (
        "import pygame\n"
        "from scenes.nostalgic.layout import Geometry, final_panel_rect\n"
        "for players in (3, 4):\n"
        "    for bottom in range(players):\n"
        "        g = Geometry(players, bottom)\n"
        "        g.hand_slot(bottom, 0, 3); g.balloon_slot('recall_any', 0, 4); g.np_pos(0, 9)\n"
        "    final_panel_rect(players)\n"
        "assert not pygame.display.get_init() and not pygame.font.get_init()\n"
        "print('ok')\n"
    )
    root = Path(__file__).resolve().parents[2]
    result = subprocess.run([sys.executable, "-c", script], cwd=root, capture_output=True, text=True,
                            timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().endswith("ok")
