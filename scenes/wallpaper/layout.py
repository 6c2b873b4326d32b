"""Where everything on That Old Wallpaper's table sits (logical 1920x1080), computable without a
display: no fonts, no Surfaces (``pygame.Rect`` only).

Left, the market (``MARKET``): the deck, the round cards and the hazy supply down its left side,
then the rows' columns from the LOW end (next to the deck) to the HIGH end, the number cards
claiming them above (``HEADER_Y``) and the memory token line below (``TOKEN_Y``). Under it the
strip (``STRIP``): one box per seat, Grandma's narrower at the end. Right, the large wall
(``WALL_AREA``), seen through a ``Camera`` that ``fit_camera`` fits to the wall. Bottom, the
viewer's number cards, the spot where a chosen card waits (``PLAY_SPOT``), the tray of taken cards
and the action button (``ACTION_RECT``).

- the constants: today's 1920x1080 numbers; ``felt_rect`` and ``wall_area`` give the two areas
  that reach the right edge for another canvas;
- ``Geometry(players, viewer)``: what depends on the seats (the rows' columns, the strip's boxes,
  the chosen cards' spots, where things given to a seat fly);
- the card geometry: a wallpaper card's size (``card_height``), where a cell's card lies on a
  wall (``cell_rect``), where a completed shape's halves meet (``meeting_point``), the cell width
  at which a wall fits a box (``fitted_cell_width``).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from game.rules.wallpaper import Shape

Point = tuple[float, float]
Cell = tuple[int, int]
WallItems = tuple[tuple[Cell, tuple[int, int]], ...]

# ----- layout (logical 1920x1080) ------------------------------------------------------------------
SCREEN = (1920, 1080)
FELT = (14, 12, 1892, 752)
MARKET = pygame.Rect(24, 20, 992, 596)
DECK_POS = (118.0, 236.0)
ROUND_POS = (118.0, 408.0)
HAZY_POS = (118.0, 540.0)
DISCARD_POS = (118.0, 660.0)  # where Grandma's rows go (off the mat's market)
COLUMN_LEFT = 296  # centre x of the column next to the deck (the LOW end)
COLUMN_STEP = 150  # a column picture's width
COLUMN_STEP_MAX = 178
HEADER_Y = 126  # centre line of the number cards claiming the rows (under the rows' names and arrow)
ROW_TOP = 172  # top of the first card of a row
ROW_BOTTOM = 556  # a row squeezes its cards to stay above this line
ROW_CARD_W = 138
ROW_GAP = 8
NUMBER_H_SMALL = 84  # number cards on the market
SPOT_H = 48  # a chosen card, face down, in a seat's box
TOKEN_Y = 590
TOKEN_LEFT = 222
TOKEN_D = 34
STRIP = pygame.Rect(24, 628, 992, 134)
WALL_AREA = pygame.Rect(1040, 104, 860, 652)
WALL_TITLE = (1060, 60)
TITLE_WIDTH = 420  # up to the Log button
STATUS_Y = 794
HAND_Y = 938.0
HAND_LEFT = 330.0
HAND_STEP = 118.0
HAND_H = 150
PLAY_SPOT = (980.0, 938.0)
TRAY_FIRST = (1130.0, 952.0)
TRAY_W = 186
TRAY_NEXT_X = 1290.0
TRAY_NEXT_STEP = 62.0
TRAY_NEXT_W = 110
DISCARD_LEFT = 48
ACTION_RECT = (1580, 852, 300, 72)
MAX_CELL = 176
# the large wall's cell widths: few, so each card's face is made at only a few sizes
CELL_SIZES = (176, 150, 128, 110, 96, 84, 72, 62, 54, 48)
MINI_CELL = 36  # a small wall is drawn at this cell width, then shrunk to fit its box
GRANDMA_COLOUR_INDEX = 5


def felt_rect(canvas: tuple[int, int] = SCREEN) -> tuple[int, int, int, int]:
    """The mat (x, y, width, height) on ``canvas``: it reaches as near the right edge as on 1920x1080."""
    left, top, width, height = FELT
    return (left, top, width + canvas[0] - SCREEN[0], height)


def wall_area(canvas: tuple[int, int] = SCREEN) -> pygame.Rect:
    """The large wall's board on ``canvas``: it reaches as near the right edge as on 1920x1080."""
    return pygame.Rect(WALL_AREA.left, WALL_AREA.top, WALL_AREA.width + canvas[0] - SCREEN[0], WALL_AREA.height)


# ----- a wallpaper card on a wall --------------------------------------------------------------------
CARD_RATIO = 1.5  # a wallpaper card's width (long edge) over its height


def card_height(width: int) -> int:
    """The height of a wallpaper card of ``width`` (its long edge)."""
    return max(2, round(width / CARD_RATIO))


def card_size(width: int) -> tuple[int, int]:
    """(width, height) of a wallpaper card of ``width``."""
    return width, card_height(width)


def cell_rect(cell: Cell, cell_width: int) -> pygame.Rect:
    """Where ``cell``'s card lies, relative to the top-left corner of cell (0, 0)."""
    height = card_height(cell_width)
    return pygame.Rect(cell[0] * cell_width, cell[1] * height, cell_width, height)


def meeting_point(shape: Shape, cell_width: int) -> tuple[int, int]:
    """The centre of a completed shape (the middle of the edge its two halves share), relative to
    the top-left corner of cell (0, 0): blit ``shape_marker`` centred here."""
    first, second = shape.cells
    a, b = cell_rect(first, cell_width), cell_rect(second, cell_width)
    return (a.centerx + b.centerx) // 2, (a.centery + b.centery) // 2


def wall_bounds(wall: Iterable[Cell]) -> tuple[int, int, int, int]:
    """(min x, min y, max x, max y) of the cells of a wall; (0, 0, 0, 0) when empty."""
    cells = list(wall)
    if not cells:
        return 0, 0, 0, 0
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    return min(xs), min(ys), max(xs), max(ys)


def wall_margin(cell_width: int) -> int:
    """The transparent border ``wall_picture`` leaves around the cards (room for the shadow)."""
    return max(3, cell_width // 24)


def fitted_cell_width(wall: Iterable[Cell], box: tuple[int, int], largest: int = 220) -> int:
    """The largest cell width (even, up to ``largest``) at which ``wall_picture`` fits ``box``."""
    min_x, min_y, max_x, max_y = wall_bounds(wall)
    columns, rows = max_x - min_x + 1, max_y - min_y + 1
    width = largest - largest % 2
    while width > 8:
        margin = wall_margin(width)
        if columns * width + 2 * margin <= box[0] and rows * card_height(width) + 2 * margin <= box[1]:
            break
        width -= 2
    return width


# ----- the market's rows ----------------------------------------------------------------------------
def column_step(rows: int) -> float:
    """How far apart the rows' columns lie: spread over the market, at most ``COLUMN_STEP_MAX``."""
    room = MARKET.right - ROW_CARD_W // 2 - 8 - COLUMN_LEFT
    return min(float(COLUMN_STEP_MAX), room / max(1, rows - 1))


def row_step(count: int) -> float:
    """How far apart the cards of a row of ``count`` cards lie (whole cards while they fit)."""
    card_h = ROW_CARD_W / CARD_RATIO
    if count <= 1:
        return card_h + ROW_GAP
    return min(card_h + ROW_GAP, (ROW_BOTTOM - ROW_TOP - card_h) / (count - 1))


# ----- the wall camera -----------------------------------------------------------------------------------
@dataclass
class Camera:
    """How the large wall is shown: the cell width and where cell (0, 0)'s top-left corner lies."""

    cell: int
    origin: tuple[int, int]

    @property
    def cell_h(self) -> int:
        """A cell's height (cards are 3:2, long edge horizontal)."""
        return card_height(self.cell)

    def cell_rect(self, cell: Cell) -> pygame.Rect:
        """The screen rectangle of a cell."""
        return pygame.Rect(self.origin[0] + cell[0] * self.cell, self.origin[1] + cell[1] * self.cell_h,
                           self.cell, self.cell_h)

    def cell_at(self, pos: Sequence[float]) -> Cell:
        """The cell under a screen point."""
        return (math.floor((pos[0] - self.origin[0]) / self.cell), math.floor((pos[1] - self.origin[1]) / self.cell_h))


def fit_camera(cells: Sequence[Cell], pan: tuple[int, int], area: pygame.Rect = WALL_AREA) -> Camera:
    """A camera showing every cell of ``cells`` inside the wall ``area`` (one cell of margin), centred,
    shifted by the person's ``pan``; the cell width is bucketed so the wall's picture is reused."""
    xs = [x for x, _ in cells] or [0]
    ys = [y for _, y in cells] or [0]
    cols = max(xs) - min(xs) + 3
    rows = max(ys) - min(ys) + 3
    fit = min(area.width / cols, (area.height - 20) * CARD_RATIO / rows, MAX_CELL)
    cell = next((size for size in CELL_SIZES if size <= fit), CELL_SIZES[-1])
    cell_h = card_height(cell)
    mid_x = (min(xs) + max(xs) + 1) / 2
    mid_y = (min(ys) + max(ys) + 1) / 2
    origin = (round(area.centerx - mid_x * cell) + pan[0], round(area.centery - mid_y * cell_h) + pan[1])
    return Camera(cell, origin)


# ----- what depends on the seats --------------------------------------------------------------------
class Geometry:
    """Where the seat-dependent things sit for ``players`` seats seen from ``viewer`` (-1: nobody's
    side): the rows' columns (three with Grandma, else one per seat), the strip's boxes, the spots
    where chosen numbers wait, the hand and the tray."""

    def __init__(self, players: int, viewer: int) -> None:
        self.players = players
        self.viewer = viewer
        self.grandma = players == 2  # two players: Grandma plays the third seat
        self.row_count = 3 if players == 2 else players

    def column_x(self, row: int) -> float:
        """Centre x of a row's column: the LOW end (last row) next to the deck."""
        return float(COLUMN_LEFT + (self.row_count - 1 - row) * column_step(self.row_count))

    def header_pos(self, row: int) -> Point:
        """Where the number claiming a row lies."""
        return (self.column_x(row), float(HEADER_Y))

    def row_slot(self, row: int, index: int, count: int) -> Point:
        """Centre of card ``index`` of a row of ``count`` cards."""
        card_h = ROW_CARD_W / CARD_RATIO
        return (self.column_x(row), ROW_TOP + 4 + index * row_step(count) + card_h / 2)

    def column_rect(self, row: int) -> pygame.Rect:
        """A row's column (its cards and header): where a click picks it."""
        rect = pygame.Rect(0, 0, COLUMN_STEP - 8, ROW_BOTTOM - 30)
        rect.midtop = (round(self.column_x(row)), 40)
        return rect

    def hand_slot(self, index: int) -> Point:
        """Centre of the viewer's ``index``-th number card."""
        return (HAND_LEFT + index * HAND_STEP, HAND_Y)

    def box_rects(self) -> dict[int, pygame.Rect]:
        """The strip: one box per seat (and Grandma's, narrower, at the end)."""
        players = self.players
        grandma_w = 160 if self.grandma else 0
        gap = 10
        width = (STRIP.width - grandma_w - gap * (players - (0 if self.grandma else 1))) // players
        rects = {seat: pygame.Rect(STRIP.left + seat * (width + gap), STRIP.top, width, STRIP.height)
                 for seat in range(players)}
        if self.grandma:
            rects[players] = pygame.Rect(STRIP.right - grandma_w, STRIP.top, grandma_w, STRIP.height)
        return rects

    def spot_pos(self, seat: int) -> Point:
        """Where a seat's chosen number waits face down."""
        if seat == self.viewer:
            return PLAY_SPOT
        box = self.box_rects()[seat]
        return (box.right - 24.0, box.top + 27.0)

    def tray_slot(self, index: int) -> Point:
        """Centre of the tray's ``index``-th card (the first one large)."""
        if index == 0:
            return TRAY_FIRST
        return (TRAY_NEXT_X + (index - 1) * TRAY_NEXT_STEP, TRAY_FIRST[1] + 10)

    def number_place(self, block: Any, index: int) -> tuple[Point, float]:
        """Where the ``index``-th number of a block lies: on its row's header, or sideways across the
        rows a collision blocks."""
        if len(block.seats) == 1:
            return self.header_pos(block.rows[0]), 0.0
        xs = [self.column_x(row) for row in block.rows]
        left, right = min(xs), max(xs)
        count = len(block.seats)
        x = left + (right - left) * (index + 0.5) / count if count > 1 else left
        return (x, HEADER_Y + 4 * index), 90.0

    def seat_anchor(self, seat: int) -> Point:
        """Where things given to a seat fly: its box in the strip (the viewer's tray area)."""
        if seat == self.viewer:
            return TRAY_FIRST
        rect = self.box_rects().get(seat)
        return (float(rect.centerx), float(rect.centery)) if rect is not None else DISCARD_POS
