"""The NEW & OLD layout without a display (no App, no pygame.init): for every player count and
every viewer, what the layout places lies on the canvas and the seats' things do not overlap each
other, the zones, the box, the action button or the score sheet; today's 1920x1080 numbers are
pinned."""

from __future__ import annotations

import math
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.rules.newold import ZONE_NEW, ZONE_OLD
from scenes.newold import layout
from scenes.newold.layout import SCREEN, Canvas, Geometry, SeatSpot
from scenes.newold.sprites import KindFan, SeatPlace
from scenes.table.art import CARD_SIZE
from scenes.table.pieces import rotate_vector

PLAYERS = (2, 3, 4, 5)
HAND_MOST = 14  # a hand as dealt, before two cards go into the box
REVEALED_MOST = 12  # a hand after the box: every card of it may end up revealed
BIG = (2560, 1440)


def seatings(canvas: Canvas = SCREEN) -> Iterator[tuple[int, int, dict[int, SeatSpot]]]:
    """(players, viewer, spots) for every player count and every viewer seat."""
    for players in PLAYERS:
        for viewer in range(players):
            yield players, viewer, Geometry(players, viewer, canvas).places()


def card_corners(pos: tuple[float, float], angle: float, scale: float, top_only: bool = False) -> list[tuple[float, float]]:
    """The corners of a card centred at ``pos`` and turned by ``angle`` (as the fan turns it)."""
    half_w, half_h = CARD_SIZE[0] * scale / 2, CARD_SIZE[1] * scale / 2
    ys = (-half_h,) if top_only else (-half_h, half_h)
    return [(pos[0] + dx, pos[1] + dy) for dx, dy in
            (rotate_vector((sx, sy), angle) for sx in (-half_w, half_w) for sy in ys)]


def bounds(points: list[tuple[float, float]]) -> pygame.Rect:
    """The smallest rectangle holding ``points``."""
    left, top = math.floor(min(x for x, _ in points)), math.floor(min(y for _, y in points))
    right, bottom = math.ceil(max(x for x, _ in points)), math.ceil(max(y for _, y in points))
    return pygame.Rect(left, top, right - left, bottom - top)


def fan_area(fan: KindFan, count: int, top_only: bool = False) -> pygame.Rect:
    """Everything a fan of ``count`` cards covers, any one of them lifted."""
    points: list[tuple[float, float]] = []
    for index in range(count):
        for lifted in (False, True):
            pos, angle = fan.slot(index, count, lifted)
            points.extend(card_corners(pos, angle, fan.scale, top_only))
    return bounds(points)


def seat_areas(spot: SeatSpot, viewer: bool, hand: int = HAND_MOST, revealed: int = REVEALED_MOST) -> list[pygame.Rect]:
    """A seat's plate, its hand of ``hand`` cards and its row of ``revealed`` cards."""
    place = SeatPlace.at(spot)
    areas = [place.plate]
    if hand:
        areas.append(fan_area(place.fan, hand, top_only=viewer))
    if revealed:
        areas.append(spot.row.cards_area(revealed))
    return areas


def fixed_areas(players: int, canvas: Canvas = SCREEN) -> dict[str, pygame.Rect]:
    """What does not belong to a seat: the zones, the box, the action button, the fullest sheet."""
    centres = layout.zone_centres(canvas)
    return {
        "old zone": layout.zone_rect(centres[ZONE_OLD]),
        "new zone": layout.zone_rect(centres[ZONE_NEW]),
        "box": layout.box_rect(canvas),
        "action": pygame.Rect(layout.action_rect(canvas)),
        "sheet": pygame.Rect(layout.BOARD_TOPLEFT, layout.sheet_size(players, ranked=True)),
    }


# ----- on the canvas ------------------------------------------------------------------------------------
@pytest.mark.parametrize("canvas", [SCREEN, BIG])
def test_every_seat_plate_hand_and_row_lies_on_the_canvas(canvas: Canvas) -> None:
    """Plates, other seats' whole hands (lifted cards too) and every revealed row lie on the
    canvas; the viewer's hand arcs down past the bottom edge, but the top of every card (its
    number) and its centre stay on screen."""
    screen = pygame.Rect((0, 0), canvas)
    for players, viewer, spots in seatings(canvas):
        for seat, spot in spots.items():
            where = f"{players} players, viewer {viewer}, seat {seat}"
            assert screen.contains(spot.plate), where
            assert screen.contains(spot.row.cards_area(layout.ROW_MOST)), where
            fan = SeatPlace.at(spot).fan
            assert screen.contains(fan_area(fan, HAND_MOST, top_only=seat == viewer)), where
            for count in range(1, HAND_MOST + 1):
                for index in range(count):
                    pos, _ = fan.slot(index, count)
                    assert screen.collidepoint(pos), where


@pytest.mark.parametrize("canvas", [SCREEN, BIG])
def test_zones_box_button_and_sheet_lie_on_the_canvas(canvas: Canvas) -> None:
    """The zones lie on the felt, and the felt, the box, the button and the sheet on the canvas."""
    screen = pygame.Rect((0, 0), canvas)
    felt = pygame.Rect(layout.felt(canvas))
    assert screen.contains(felt)
    for players in PLAYERS:
        areas = fixed_areas(players, canvas)
        assert felt.contains(areas["old zone"]) and felt.contains(areas["new zone"])
        for name, area in areas.items():
            assert screen.contains(area), (players, name)
    for centre in layout.zone_sign_centres(canvas).values():
        assert felt.collidepoint(centre)


# ----- nothing on top of anything -------------------------------------------------------------------------
@pytest.mark.parametrize("canvas", [SCREEN, BIG])
def test_seats_do_not_overlap_each_other_or_the_table_things(canvas: Canvas) -> None:
    """No seat's plate, hand or row covers another seat's, a zone, the box, the action button or
    the score sheet (at its fullest: a game per player and the rank points)."""
    for players, viewer, spots in seatings(canvas):
        fixed = fixed_areas(players, canvas)
        areas = {seat: seat_areas(spot, seat == viewer) for seat, spot in spots.items()}
        for seat, mine in areas.items():
            for area in mine:
                for name, thing in fixed.items():
                    assert not area.colliderect(thing), (players, viewer, seat, name)
                for other, theirs in areas.items():
                    if other != seat:
                        assert area.collidelist(theirs) == -1, (players, viewer, seat, other)


def test_the_zones_box_button_and_sheet_do_not_overlap() -> None:
    """The fixed things of the table keep apart."""
    for players in PLAYERS:
        things = list(fixed_areas(players).items())
        for number, (name, area) in enumerate(things):
            for other, thing in things[number + 1:]:
                assert not area.colliderect(thing), (players, name, other)


def test_the_viewers_revealed_cards_never_lie_under_their_own_hand_or_plate() -> None:
    """After the box a seat holds twelve cards between hand and revealed row: however they
    split, the viewer's row stays clear of the hand and of the plate above it."""
    for players, viewer, spots in seatings():
        spot = spots[viewer]
        fan = SeatPlace.at(spot).fan
        for revealed in range(1, REVEALED_MOST + 1):
            row = spot.row.cards_area(revealed)
            assert not row.colliderect(spot.plate), (players, revealed)
            hand = REVEALED_MOST - revealed
            if hand:
                assert not row.colliderect(fan_area(fan, hand)), (players, revealed)


def test_each_other_seat_has_its_own_slot_and_the_viewer_sits_at_the_bottom() -> None:
    """The viewer is at the bottom; the others take distinct slots, clockwise from its left."""
    for players, viewer, _ in seatings():
        geometry = Geometry(players, viewer)
        slots = [geometry.slot_of_seat((viewer + offset) % players) for offset in range(players)]
        assert slots[0] == "bottom"
        assert slots[1:] == list(layout.SLOTS[players])
        assert len(set(slots)) == players


# ----- today's numbers -------------------------------------------------------------------------------------
def test_positions_at_1920x1080_are_todays() -> None:
    """The numbers the pictures were made with (any change moves pixels)."""
    assert layout.FELT == (480, 330, 960, 356)
    assert layout.ZONE_CENTRE == {ZONE_OLD: (850.0, 508.0), ZONE_NEW: (1070.0, 508.0)}
    assert layout.ZONE_SIGN == {ZONE_OLD: (628, 508), ZONE_NEW: (1292, 508)}
    assert layout.HAND_ANCHOR == (960.0, 962.0)
    assert layout.BOX_CENTRE == (1700, 722)
    assert layout.box_rect() == pygame.Rect(1585, 656, 230, 132)
    assert layout.ACTION_RECT == (1560, 842, 320, 84)
    assert layout.VIEWER_PLATE == pygame.Rect(24, 756, 440, 64)
    assert layout.VIEWER_ROW == (40.0, 900.0, 0.6, 30.0)
    assert layout.SLOT_ORIGIN == {"left": (24, 340), "top_left": (470, 16), "top": (740, 16),
                                  "top_right": (1010, 16), "right": (1456, 340)}
    assert layout.zone_rect(layout.ZONE_CENTRE[ZONE_OLD]) == pygame.Rect(754, 385, 192, 246)
    assert layout.sheet_size(5, ranked=True) == (420, 306)
    assert layout.sheet_size(3, ranked=False) == (420, 234)


def test_seat_spots_at_1920x1080_are_todays() -> None:
    """A few seats' plates, fans and rows, as the table has always placed them."""
    right = Geometry(5, 0).place(4)
    assert right.plate == pygame.Rect(1456, 340, 440, 64)
    assert right.fan == layout.FanSpot((1676.0, 452), 0.0, 520.0, 3.0, 30.0, 0.42)
    assert right.row == layout.RowSpot(1676.0, 564, 0.52, 30.0, centred=True)
    assert right.row.slot_of(0, 3) == (1646.0, 564)
    top = Geometry(2, 1).place(0)
    assert top.plate == pygame.Rect(740, 16, 440, 64)
    assert top.fan.anchor == (960.0, 128)
    bottom = Geometry(3, 2).place(2)
    assert bottom.fan == layout.FanSpot((960.0, 962.0), 0.0, 1300.0, 5.6, 36.0, 1.0)
    assert bottom.row.slot_of(2, 5) == pytest.approx((40.0 + 39.6 + 60.0, 900.0))
    assert bottom.row.region() == pygame.Rect(28, 829, 499, 142)


def test_the_layout_needs_no_display() -> None:
    """Importing the layout and placing every seat starts neither the display nor the fonts."""
    code = (
        "import pygame\n"
        "from scenes.newold.layout import Geometry, box_rect, zone_centres, zone_rect\n"
        "spots = [Geometry(p, v).places() for p in range(2, 6) for v in range(p)]\n"
        "rects = [zone_rect(c) for c in zone_centres().values()] + [box_rect()]\n"
        "assert spots and rects\n"
        "assert not pygame.display.get_init() and not pygame.font.get_init()\n"
    )
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, timeout=60,
                          check=False)
    assert done.returncode == 0, done.stderr
