"""Where everything of the neko table sits: the cross of stacks, the hands, the plates, the pile.

Pure functions of the seat count, the viewer and the canvas size (logical 1920x1080 today; the
screen, felt, status line and the Undo/Help/Menu buttons are the shared table's). Nothing here
needs a display: no fonts, no Surfaces (a ``pygame.Rect`` is only arithmetic).

Positions keep to the side of the screen they belong to: what sits at the right edge is measured
from the right edge, the viewer's hand from the bottom, the cross from the middle of the width, so
another canvas keeps the margins; at 1920x1080 every number is exactly today's.
"""

from __future__ import annotations

from typing import NamedTuple

import pygame

from game.rules.neko import seat_positions

Point = tuple[float, float]
Canvas = tuple[int, int]
CANVAS: Canvas = (1920, 1080)

# ----- the cross of stacks --------------------------------------------------------------------
CROSS_Y = 432.0  # the cross's centre line, from the top (the felt hangs from the top too)
CROSS_DX = 222.0
CROSS_DY = 196.0
# slot 0 bottom (the viewer), 1 left, 2 top, 3 right: clockwise as seen from above
SLOT_STACK_OFFSET = {0: (0.0, CROSS_DY), 1: (-CROSS_DX, 0.0), 2: (0.0, -CROSS_DY), 3: (CROSS_DX, 0.0)}
CAT_ON_CARD = (40.0, -64.0)  # where the cat sits on a top card (clear of the numbers)

# ----- the leftover pile ------------------------------------------------------------------------
DECK_FROM_RIGHT = 360.0  # the pile's centre, from the right edge
DECK_Y = 340.0
DECK_LABEL_DROP = 106.0  # the "cards left" line hangs this far below the pile's centre

# ----- hands ------------------------------------------------------------------------------------
HAND_FROM_BOTTOM = 118.0  # the viewer's fan: its middle card's centre, from the bottom edge
OTHER_SCALE = 0.5
SIDE_FAN_INSET = 66.0  # the left and right fans' middle cards, from their edges
TOP_FAN_Y = 50.0


class FanSpec(NamedTuple):
    """How a seat's hand fan is laid: ``HandFan(anchor, rotation=..., radius=..., ...)``."""

    anchor: Point
    rotation: float
    radius: float
    step: float
    max_spread: float
    scale: float


# ----- name plates, buttons, the score board, speech bubbles -------------------------------------
VIEWER_PLATE = (300, 144)  # (from the left, from the bottom)
SIDE_PLATE = (190, 208)  # (from its edge, below the cross's centre line)
TOP_PLATE = (302, 70)  # (right of the middle, from the top)
PASS_BUTTON = (340, 238, 300, 84)  # (from the right, from the bottom, width, height): above Undo
# The room a name plate is given: the picture of a plate for a default name ("プレイヤー2"). The
# plate itself is as wide as its name; a longer one may reach under a side or top hand's end card.
PLATE_ROOM = (248, 86)
BOARD_TOPLEFT = (30, 26)
BUBBLE_RISE = 44  # a "Pass!" bubble sits this far above a plate (below it for the seat at the top)
CAT_BESIDE_PLATE = 150.0  # at a round's end the cat waits this far right of the winner's plate


def pass_button_rect(canvas: Canvas = CANVAS) -> pygame.Rect:
    """The Pass button, above Undo at the lower right."""
    from_right, from_bottom, width, height = PASS_BUTTON
    return pygame.Rect(canvas[0] - from_right, canvas[1] - from_bottom, width, height)


def cross_centre(canvas: Canvas = CANVAS) -> Point:
    """The middle of the cross of stacks (the compass is printed there)."""
    return (canvas[0] / 2, CROSS_Y)


def deck_centre(canvas: Canvas = CANVAS) -> Point:
    """Where the leftover pile lies (cards are dealt from it and gathered back to it)."""
    return (canvas[0] - DECK_FROM_RIGHT, DECK_Y)


def deck_label_midtop(canvas: Canvas = CANVAS) -> Point:
    """The top middle of the pile's "cards left" line."""
    x, y = deck_centre(canvas)
    return (x, y + DECK_LABEL_DROP)


def slot_plate(slot: int, canvas: Canvas = CANVAS) -> tuple[int, int]:
    """Centre of the name plate of the seat at ``slot`` (0 bottom, 1 left, 2 top, 3 right)."""
    width, height = canvas
    side_y = round(CROSS_Y) + SIDE_PLATE[1]
    return {0: (VIEWER_PLATE[0], height - VIEWER_PLATE[1]),
            1: (SIDE_PLATE[0], side_y),
            2: (width // 2 + TOP_PLATE[0], TOP_PLATE[1]),
            3: (width - SIDE_PLATE[0], side_y)}[slot]


def slot_fan(slot: int, canvas: Canvas = CANVAS) -> FanSpec:
    """The fan of the seat at ``slot``: the viewer's big and upright, others small backs facing the table."""
    width, height = canvas
    if slot == 0:
        return FanSpec((width / 2, height - HAND_FROM_BOTTOM), 0.0, 1300.0, 5.6, 34.0, 1.0)
    anchor, rotation = {1: ((SIDE_FAN_INSET, CROSS_Y), -90.0),
                        2: ((width / 2, TOP_FAN_Y), 180.0),
                        3: ((width - SIDE_FAN_INSET, CROSS_Y), 90.0)}[slot]
    return FanSpec(anchor, rotation, 520.0, 6.0, 36.0, OTHER_SCALE)


class Geometry:
    """Where each stack and seat sits on screen for one viewer (the viewer's stack at the bottom)."""

    def __init__(self, players: int, viewer: int, canvas: Canvas = CANVAS) -> None:
        self.players = players
        self.viewer = viewer
        self.canvas = canvas
        self.viewer_position = seat_positions(players)[viewer] if 0 <= viewer < players else 0
        self.cross = cross_centre(canvas)
        self.deck = deck_centre(canvas)
        self.deck_label = deck_label_midtop(canvas)

    def slot_of_position(self, position: int) -> int:
        """0 bottom, 1 left, 2 top, 3 right."""
        return (position - self.viewer_position) % 4

    def slot_of_seat(self, seat: int) -> int:
        """The side of the table a seat sits at."""
        return self.slot_of_position(seat_positions(self.players)[seat])

    def stack_centre(self, position: int) -> Point:
        """Centre of the stack at ``position``."""
        dx, dy = SLOT_STACK_OFFSET[self.slot_of_position(position)]
        return (self.cross[0] + dx, self.cross[1] + dy)

    def plate_centre(self, seat: int) -> tuple[int, int]:
        """Centre of the seat's name plate."""
        return slot_plate(self.slot_of_seat(seat), self.canvas)

    def plate_room(self, seat: int) -> pygame.Rect:
        """The room the seat's name plate takes (``PLATE_ROOM`` around its centre)."""
        room = pygame.Rect((0, 0), PLATE_ROOM)
        room.center = self.plate_centre(seat)
        return room

    def fan_spec(self, seat: int) -> FanSpec:
        """How the hand fan of ``seat`` is laid."""
        return slot_fan(self.slot_of_seat(seat), self.canvas)

    def bubble_at(self, seat: int) -> tuple[Point, bool]:
        """Where a seat's speech bubble points and whether it hangs below (the seat at the top)."""
        x, y = self.plate_centre(seat)
        at_top = self.slot_of_seat(seat) == 2
        return ((x, y + BUBBLE_RISE) if at_top else (x, y - BUBBLE_RISE)), at_top

    def beside_plate(self, seat: int) -> Point:
        """Where the cat waits next to a seat's plate (the seat that emptied its hand)."""
        plate = self.plate_centre(seat)
        return (plate[0] + CAT_BESIDE_PLATE, float(plate[1]))
