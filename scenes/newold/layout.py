"""Where everything of the NEW & OLD table sits: pure numbers and rectangles, no pictures.

Everything here is a function of the seat count, the viewer and the canvas (the logical screen,
1920x1080 today; the module constants are those functions at that size). Nothing here needs a
display, a font or a Surface, so a test can check the whole layout without starting pygame.

- the felt, the two zones (their centres, mats and signs), the status line, the game box, the
  action button and the score sheet;
- ``Geometry``: which slot each seat takes for one viewer (the viewer at the bottom, the others
  clockwise from its left) and a ``SeatSpot`` per seat: its plate, its hand fan's shape
  (``FanSpot``) and its revealed row (``RowSpot``);
- ``hand_order``: how a hand is sorted (Old cards on the Old zone's side).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.rules.newold import NEW, OLD, ZONE_NEW, ZONE_OLD, card_kind, card_number
from scenes.table.art import CARD_SIZE

Point = tuple[float, float]
Canvas = tuple[int, int]

# ----- the table (logical 1920x1080) -------------------------------------------------------------------
SCREEN: Canvas = (1920, 1080)
STATUS_Y = 716
SEAT_BOX = (440, 290)  # an opponent's area: plate, hand backs, revealed cards
PLATE_HEIGHT = 64
VIEWER_ROW_SCALE = 0.6
VIEWER_ROW_STEP = 30.0
OTHER_ROW_SCALE = 0.52
OTHER_ROW_STEP = 30.0
OTHER_FAN_SCALE = 0.42
BOARD_TOPLEFT = (24, 16)
ZONE_PAD = 30  # a zone's mat reaches this far beyond a card on each side
BOX_SIZE = (230, 132)  # the game box seen from above
ROW_MOST = 14  # the most cards a revealed row may hold (a whole hand)
SHEET_WIDTH = 420
KIND_ORDER = {OLD: 0, NEW: 1}  # hands show Old cards on the left (the Old zone's side)
# where each other seat sits, by the number of players, clockwise from the viewer's left
SLOTS: dict[int, tuple[str, ...]] = {
    2: ("top",),
    3: ("top_left", "top_right"),
    4: ("left", "top", "right"),
    5: ("left", "top_left", "top_right", "right"),
}


def felt(canvas: Canvas = SCREEN) -> tuple[int, int, int, int]:
    """The mat's rectangle (left, top, width, height), centred across the canvas."""
    return (canvas[0] // 2 - 480, 330, 960, 356)


def zone_centres(canvas: Canvas = SCREEN) -> dict[str, Point]:
    """The centre of each zone: Old on the left of the middle, New on the right."""
    middle = canvas[0] / 2
    return {ZONE_OLD: (middle - 110, 508.0), ZONE_NEW: (middle + 110, 508.0)}


def zone_sign_centres(canvas: Canvas = SCREEN) -> dict[str, tuple[int, int]]:
    """The centre of the sign beside each zone (outside it, on its own side)."""
    middle = canvas[0] // 2
    return {ZONE_OLD: (middle - 332, 508), ZONE_NEW: (middle + 332, 508)}


def zone_rect(centre: Point) -> pygame.Rect:
    """A zone's mat (and drop area) around ``centre``: a card and ``ZONE_PAD`` all round."""
    area = pygame.Rect(0, 0, CARD_SIZE[0] + 2 * ZONE_PAD, CARD_SIZE[1] + 2 * ZONE_PAD)
    area.center = (round(centre[0]), round(centre[1]))
    return area


def box_centre(canvas: Canvas = SCREEN) -> tuple[int, int]:
    """The game box's centre, at the lower right above the action button."""
    return (canvas[0] - 220, canvas[1] - 358)


def box_rect(canvas: Canvas = SCREEN) -> pygame.Rect:
    """The game box's area."""
    area = pygame.Rect((0, 0), BOX_SIZE)
    area.center = box_centre(canvas)
    return area


def action_rect(canvas: Canvas = SCREEN) -> tuple[int, int, int, int]:
    """The action button ("Put back in the box" / "Reveal my Old cards"), at the lower right."""
    return (canvas[0] - 360, canvas[1] - 238, 320, 84)


def hand_anchor(canvas: Canvas = SCREEN) -> Point:
    """The middle of the viewer's hand, centred near the bottom edge."""
    return (canvas[0] / 2, canvas[1] - 118.0)


def viewer_plate(canvas: Canvas = SCREEN) -> pygame.Rect:
    """The viewer's plate, at the lower left."""
    return pygame.Rect(24, canvas[1] - 324, SEAT_BOX[0], PLATE_HEIGHT)


def viewer_row(canvas: Canvas = SCREEN) -> tuple[float, float, float, float]:
    """The viewer's revealed row: left edge, centre line, card scale, step."""
    return (40.0, canvas[1] - 180.0, VIEWER_ROW_SCALE, VIEWER_ROW_STEP)


def slot_origins(canvas: Canvas = SCREEN) -> dict[str, tuple[int, int]]:
    """The top left corner of each slot another seat may take (its ``SEAT_BOX``)."""
    width = SEAT_BOX[0]
    top = canvas[0] // 2 - width // 2
    return {"left": (24, 340), "top_left": (top - 270, 16), "top": (top, 16), "top_right": (top + 270, 16),
            "right": (canvas[0] - 24 - width, 340)}


def sheet_row_height(games: int, ranked: bool) -> int:
    """The score sheet's row height: five games and rank points stay clear of the left seat."""
    lines = games + 1 + (1 if ranked else 0)
    return 31 if lines <= 6 else 28


def sheet_size(games: int, ranked: bool) -> tuple[int, int]:
    """The score sheet's size: a heading, the seats' marks, a row per game, the totals (and ranks)."""
    lines = games + 1 + (1 if ranked else 0)
    return SHEET_WIDTH, 64 + 34 + sheet_row_height(games, ranked) * lines + 12


FELT = felt()
ZONE_CENTRE = zone_centres()
ZONE_SIGN = zone_sign_centres()  # the labels beside the zones
HAND_ANCHOR = hand_anchor()
BOX_CENTRE = box_centre()
VIEWER_PLATE = viewer_plate()
VIEWER_ROW = viewer_row()  # left, centre y, card scale, step
ACTION_RECT = action_rect()
SLOT_ORIGIN = slot_origins()


def hand_order(card: str) -> tuple[int, int]:
    """Sort key of a hand: Old cards first (left), then New, each by number."""
    return KIND_ORDER[card_kind(card)], card_number(card)


# ----- seats ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class FanSpot:
    """The shape of a seat's hand fan (what ``HandFan`` is built with)."""

    anchor: Point
    rotation: float
    radius: float
    step: float
    max_spread: float
    scale: float


@dataclass
class RowSpot:
    """Where a seat's revealed cards lie, in reveal order: left-aligned at ``x`` (the viewer's
    corner), or centred on ``x`` (the other seats)."""

    x: float
    y: float
    scale: float
    step: float
    centred: bool = False

    def slot_of(self, index: int, count: int) -> Point:
        """Centre of card ``index`` of a row of ``count`` cards."""
        half = CARD_SIZE[0] * self.scale / 2
        if self.centred:
            return (self.x + (index - (count - 1) / 2) * self.step, self.y)
        return (self.x + half + index * self.step, self.y)

    def region(self) -> pygame.Rect:
        """Everything the row may paint, however many cards it holds (14 at most)."""
        width = CARD_SIZE[0] * self.scale + 13 * self.step + 30
        height = CARD_SIZE[1] * self.scale + 30
        left = self.x - width / 2 if self.centred else self.x - 12
        return pygame.Rect(round(left), round(self.y - height / 2), round(width), round(height))

    def cards_area(self, count: int) -> pygame.Rect:
        """The cards of a row of ``count`` cards (upright, without their shadows)."""
        width, height = CARD_SIZE[0] * self.scale, CARD_SIZE[1] * self.scale
        first, last = self.slot_of(0, count), self.slot_of(count - 1, count)
        return pygame.Rect(round(first[0] - width / 2), round(self.y - height / 2),
                           round(last[0] - first[0] + width), round(height))


@dataclass(frozen=True)
class SeatSpot:
    """Where one seat's things are: its plate, its hand fan, its revealed row."""

    plate: pygame.Rect
    fan: FanSpot
    row: RowSpot


class Geometry:
    """Where each seat sits on screen for one viewer: the viewer at the bottom, the others clockwise
    from the viewer's left along the sides and the top."""

    def __init__(self, players: int, viewer: int, canvas: Canvas = SCREEN) -> None:
        self.players = players
        self.viewer = viewer
        self.canvas = canvas

    def slot_of_seat(self, seat: int) -> str:
        """"bottom" for the viewer, else one of the names of ``SLOT_ORIGIN``."""
        offset = (seat - self.viewer) % self.players
        return "bottom" if offset == 0 else SLOTS[self.players][offset - 1]

    def place(self, seat: int) -> SeatSpot:
        """The seat's plate, fan and row."""
        slot = self.slot_of_seat(seat)
        if slot == "bottom":
            fan = FanSpot(hand_anchor(self.canvas), rotation=0.0, radius=1300.0, step=5.6, max_spread=36.0,
                          scale=1.0)
            left, y, scale, step = viewer_row(self.canvas)
            return SeatSpot(viewer_plate(self.canvas), fan, RowSpot(left, y, scale, step))
        x0, y0 = slot_origins(self.canvas)[slot]
        width, _ = SEAT_BOX
        fan_y = y0 + PLATE_HEIGHT + 48
        fan = FanSpot((x0 + width / 2, fan_y), rotation=0.0, radius=520.0, step=3.0, max_spread=30.0,
                      scale=OTHER_FAN_SCALE)
        row_y = y0 + PLATE_HEIGHT + 110 + 50
        row = RowSpot(x0 + width / 2, row_y, OTHER_ROW_SCALE, OTHER_ROW_STEP, centred=True)
        return SeatSpot(pygame.Rect(x0, y0, width, PLATE_HEIGHT), fan, row)

    def places(self) -> dict[int, SeatSpot]:
        """Every seat's spot."""
        return {seat: self.place(seat) for seat in range(self.players)}

