"""The neko layout without a display (no App, no pygame.init): for every player count and every
viewer, what the layout places lies on the canvas and the seats' plates, hands and stacks do not
overlap each other, the pile or the buttons; today's 1920x1080 numbers are pinned."""

from __future__ import annotations

import math
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.rules.neko import seat_positions
from scenes.neko.layout import (
    CANVAS,
    PLATE_ROOM,
    Canvas,
    FanSpec,
    Geometry,
    deck_centre,
    pass_button_rect,
)
from scenes.table.art import CARD_SIZE
from scenes.table.base import HELP_RECT, MENU_RECT, UNDO_RECT
from scenes.table.pieces import HandFan, StackView

PLAYERS = (2, 3, 4)
HAND_MOST = 6  # cards dealt to a seat
BIG = (2560, 1440)
CANVASES = (CANVAS, BIG)
Polygon = list[tuple[float, float]]


def geometries(canvas: Canvas = CANVAS) -> Iterator[Geometry]:
    """One geometry for every player count and every viewer seat."""
    for players in PLAYERS:
        for viewer in range(players):
            yield Geometry(players, viewer, canvas)


def fan_of(spec: FanSpec) -> HandFan:
    """The real fan the table builds from ``spec`` (its arc math is the table's)."""
    return HandFan(spec.anchor, rotation=spec.rotation, radius=spec.radius, step=spec.step,
                   max_spread=spec.max_spread, scale=spec.scale)


def card_corners(pos: tuple[float, float], angle: float, scale: float) -> Polygon:
    """The corners of a card centred at ``pos`` and turned by ``angle``."""
    half_w, half_h = CARD_SIZE[0] * scale / 2, CARD_SIZE[1] * scale / 2
    turn = math.radians(angle)
    cos, sin = math.cos(turn), math.sin(turn)
    return [(pos[0] + dx * cos - dy * sin, pos[1] + dx * sin + dy * cos)
            for dx, dy in ((-half_w, -half_h), (half_w, -half_h), (half_w, half_h), (-half_w, half_h))]


def fan_cards(geometry: Geometry, seat: int) -> Iterator[tuple[tuple[float, float], Polygon]]:
    """(centre, corners) of every card the seat's fan can show: every hand size, the viewer's lifted too."""
    spec = geometry.fan_spec(seat)
    fan = fan_of(spec)
    lifts = (False, True) if seat == geometry.viewer else (False,)
    for count in range(1, HAND_MOST + 1):
        for index in range(count):
            for lifted in lifts:
                pos, angle = fan.slot(index, count, lifted)
                yield pos, card_corners(pos, angle, spec.scale)


def rect_corners(rect: pygame.Rect) -> Polygon:
    """A rectangle as a polygon."""
    return [rect.topleft, rect.topright, rect.bottomright, rect.bottomleft]


def overlap(first: Polygon, second: Polygon) -> bool:
    """True when two convex polygons share more than an edge (separating axis test)."""
    for polygon in (first, second):
        for index, (x1, y1) in enumerate(polygon):
            x2, y2 = polygon[(index + 1) % len(polygon)]
            axis = (y1 - y2, x2 - x1)
            a = [x * axis[0] + y * axis[1] for x, y in first]
            b = [x * axis[0] + y * axis[1] for x, y in second]
            if max(a) <= min(b) or max(b) <= min(a):
                return False
    return True


def stack_rects(geometry: Geometry) -> dict[int, pygame.Rect]:
    """Each stack's hit area (the card's place, enlarged for fingers)."""
    return {position: StackView(geometry.stack_centre(position)).rect() for position in range(4)}


def deck_rect(canvas: Canvas) -> pygame.Rect:
    """The leftover pile's card."""
    rect = pygame.Rect((0, 0), CARD_SIZE)
    rect.center = (round(deck_centre(canvas)[0]), round(deck_centre(canvas)[1]))
    return rect


def shared_buttons(canvas: Canvas) -> list[pygame.Rect]:
    """Undo, Help and Menu (the shared table's, placed for 1920x1080)."""
    return [pygame.Rect(rect) for rect in (UNDO_RECT, HELP_RECT, MENU_RECT)] if canvas == CANVAS else []


# ----- everything lies on the canvas ---------------------------------------------------------------
@pytest.mark.parametrize("canvas", CANVASES)
def test_stacks_plates_pile_and_button_lie_on_the_canvas(canvas: Canvas) -> None:
    screen = pygame.Rect((0, 0), canvas)
    assert screen.contains(pass_button_rect(canvas))
    assert screen.contains(deck_rect(canvas))
    for geometry in geometries(canvas):
        for position, rect in stack_rects(geometry).items():
            assert screen.contains(rect), (geometry.players, geometry.viewer, position)
        for seat in range(geometry.players):
            assert screen.contains(geometry.plate_room(seat)), (geometry.players, geometry.viewer, seat)
            bubble, _ = geometry.bubble_at(seat)
            assert screen.collidepoint(bubble) and screen.collidepoint(geometry.beside_plate(seat))


@pytest.mark.parametrize("canvas", CANVASES)
def test_every_hand_card_shows_at_least_its_middle(canvas: Canvas) -> None:
    """Hands are held at the edges (their outer corners may leave the screen), but no card's centre does."""
    screen = pygame.Rect((0, 0), canvas)
    for geometry in geometries(canvas):
        for seat in range(geometry.players):
            for centre, _ in fan_cards(geometry, seat):
                assert screen.collidepoint(centre), (geometry.players, geometry.viewer, seat, centre)


# ----- who sits where --------------------------------------------------------------------------------
def test_the_viewer_sits_at_the_bottom_and_the_stacks_take_four_sides() -> None:
    for geometry in geometries():
        slots = {geometry.slot_of_position(position) for position in range(4)}
        assert slots == {0, 1, 2, 3}
        assert geometry.slot_of_seat(geometry.viewer) == 0
        seat_slots = [geometry.slot_of_seat(seat) for seat in range(geometry.players)]
        assert len(set(seat_slots)) == geometry.players  # one seat per side
        own = geometry.stack_centre(seat_positions(geometry.players)[geometry.viewer])
        assert own[1] > geometry.cross[1]  # the viewer's own stack is below the cross's middle


# ----- nothing overlaps ----------------------------------------------------------------------------------
@pytest.mark.parametrize("canvas", CANVASES)
def test_stacks_plates_pile_and_buttons_do_not_overlap(canvas: Canvas) -> None:
    for geometry in geometries(canvas):
        rects = list(stack_rects(geometry).values())
        rects += [geometry.plate_room(seat) for seat in range(geometry.players)]
        rects += [deck_rect(canvas), pass_button_rect(canvas), *shared_buttons(canvas)]
        for index, rect in enumerate(rects):
            others = rects[index + 1:]
            assert rect.collidelist(others) == -1, (geometry.players, geometry.viewer, rect, others)


@pytest.mark.parametrize("canvas", CANVASES)
def test_hands_keep_clear_of_each_other_the_stacks_plates_pile_and_buttons(canvas: Canvas) -> None:
    for geometry in geometries(canvas):
        things = [rect_corners(rect) for rect in stack_rects(geometry).values()]
        things += [rect_corners(geometry.plate_room(seat)) for seat in range(geometry.players)]
        things += [rect_corners(rect) for rect in (deck_rect(canvas), pass_button_rect(canvas),
                                                   *shared_buttons(canvas))]
        cards = {seat: [corners for _, corners in fan_cards(geometry, seat)]
                 for seat in range(geometry.players)}
        for seat, polygons in cards.items():
            others = things + [corners for other, more in cards.items() if other != seat for corners in more]
            for corners in polygons:
                where = (geometry.players, geometry.viewer, seat)
                assert not any(overlap(corners, thing) for thing in others), where


def test_the_overlap_test_sees_an_overlap() -> None:
    """The checks above can fail: a plate moved onto its own fan is caught."""
    geometry = Geometry(4, 0)
    room = pygame.Rect((0, 0), PLATE_ROOM)
    room.center = (round(geometry.fan_spec(1).anchor[0]), round(geometry.fan_spec(1).anchor[1]))
    assert any(overlap(corners, rect_corners(room)) for _, corners in fan_cards(geometry, 1))


# ----- today's numbers ------------------------------------------------------------------------------------
def test_today_s_positions_at_1920x1080() -> None:
    geometry = Geometry(4, 0)
    assert geometry.cross == (960.0, 432.0)
    assert geometry.deck == (1560.0, 340.0)
    assert geometry.deck_label == (1560.0, 446.0)
    assert [geometry.stack_centre(position) for position in range(4)] == [
        (960.0, 628.0), (738.0, 432.0), (960.0, 236.0), (1182.0, 432.0)]
    assert [geometry.plate_centre(seat) for seat in range(4)] == [
        (300, 936), (190, 640), (1262, 70), (1730, 640)]
    assert geometry.fan_spec(0) == FanSpec((960.0, 962.0), 0.0, 1300.0, 5.6, 34.0, 1.0)
    assert geometry.fan_spec(1) == FanSpec((66.0, 432.0), -90.0, 520.0, 6.0, 36.0, 0.5)
    assert geometry.fan_spec(2) == FanSpec((960.0, 50.0), 180.0, 520.0, 6.0, 36.0, 0.5)
    assert geometry.fan_spec(3) == FanSpec((1854.0, 432.0), 90.0, 520.0, 6.0, 36.0, 0.5)
    assert geometry.bubble_at(2) == ((1262, 114), True)
    assert geometry.bubble_at(1) == ((190, 596), False)
    assert geometry.beside_plate(3) == (1880.0, 640.0)
    assert pass_button_rect() == pygame.Rect(1580, 842, 300, 84)


def test_the_view_turns_with_the_viewer() -> None:
    two = Geometry(2, 1)  # seat 1 owns position 2, seen from its side: its stack at the bottom
    assert two.stack_centre(2) == (960.0, 628.0) and two.stack_centre(0) == (960.0, 236.0)
    assert two.plate_centre(1) == (300, 936) and two.plate_centre(0) == (1262, 70)
    three = Geometry(3, 2)
    assert [three.plate_centre(seat) for seat in range(3)] == [(1262, 70), (1730, 640), (300, 936)]


def test_a_bigger_canvas_keeps_the_margins() -> None:
    geometry = Geometry(4, 0, BIG)
    assert geometry.cross == (1280.0, 432.0)
    assert geometry.fan_spec(0).anchor == (1280.0, 1322.0)
    assert geometry.fan_spec(3).anchor == (2494.0, 432.0)
    assert geometry.plate_centre(0) == (300, 1296) and geometry.plate_centre(3) == (2370, 640)
    assert pass_button_rect(BIG) == pygame.Rect(2220, 1202, 300, 84)


def test_the_layout_needs_no_display() -> None:
    """Computing every place starts neither the display nor the fonts."""
    code = ("import pygame\n"
            "from scenes.neko.layout import Geometry, pass_button_rect\n"
            "for players in (2, 3, 4):\n"
            "    for viewer in range(players):\n"
            "        g = Geometry(players, viewer)\n"
            "        [(g.stack_centre(p), g.plate_room(s), g.fan_spec(s), g.bubble_at(s))\n"
            "         for p in range(4) for s in range(players)]\n"
            "pass_button_rect()\n"
            "assert not pygame.display.get_init() and not pygame.font.get_init()\n")
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-c", code], check=False, cwd=root, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
