"""Where everything of the Nostalgic table sits: the board's places and the seats round it.

Pure functions of the seat count, the seat shown at the bottom and the canvas size (the logical
1920x1080 today). Nothing here needs a display: no fonts, no Surfaces (a ``pygame.Rect`` is only
arithmetic).

- The board (``board_layout``): designed once in design units on a ``BASE`` board of 1140 x 760
  (``board_design``) and scaled to the size asked for: the NP track's cells, the closet's card
  slots and the deck, the three spaces and their balloons with their dice slots, the box track,
  the chip dish. The board's picture (``art_board``) is painted from the same design.
- The table (``Geometry``): the board at ``BOARD_TOPLEFT``; the other seats in a column on the
  left (a panel each: plate, dice, hand as backs), top to bottom in play order from the seat at
  the bottom; the bottom seat's plate, dice tray, Reroll button and hand along the bottom; the
  round card and the scoring legend in the right column. The bottom row is measured from the
  bottom edge and the right column from the right edge, so another canvas keeps the margins; at
  1920x1080 every number is exactly today's.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import pygame

from game.rules.nostalgic import BOARD, BOX_BONUS, KINDS, MAX_BOXES, card_kind
from scenes.table.art import CARD_SIZE

Point = tuple[float, float]  # a place on the screen
Pixel = tuple[int, int]  # a place on the board, in whole pixels
Canvas = tuple[int, int]
CANVAS: Canvas = (1920, 1080)  # the logical screen every number here was laid out on
SCREEN = CANVAS
SCREEN_RECT = pygame.Rect((0, 0), SCREEN)


# ----- the board (design units) -----------------------------------------------------------------------
BASE = (1140, 760)  # the design size; also a good size for the board on the 1920x1080 table
BOARD_SIZE = BASE  # the board's size on the table
CARD_ASPECT = CARD_SIZE[1] / CARD_SIZE[0]
NP_TRACK = 50  # cells of the NP track (0..49); a score past 49 goes round again
TRACK_TOP = 15  # cells along the top and the bottom, corners included
TRACK_SIDE = 10  # cells down each side between the corners
TRACK_BAND = 44


@dataclass(frozen=True)
class BoardLayout:
    """Where everything is on a board of ``size`` drawn with its top-left at ``origin`` (screen
    pixels). Rectangles are fresh copies each time you ask a method; the dict and lists are
    shared: do not change them."""

    size: tuple[int, int]
    origin: tuple[int, int]
    balloon_rects: dict[str, pygame.Rect]
    closet_slots: list[pygame.Rect]
    deck_rect: pygame.Rect
    chip_supply_rect: pygame.Rect
    slot_size: int  # the side of a die that fits a balloon's slot
    space_rects: dict[str, pygame.Rect] = field(default_factory=dict)
    dice_areas: dict[str, pygame.Rect] = field(default_factory=dict)  # where dice go in a balloon
    np_cells: tuple[pygame.Rect, ...] = ()
    box_rects: tuple[pygame.Rect, ...] = ()  # the front of box 0..12 (0 is the floor mat)
    closet_rect: pygame.Rect = field(default_factory=pygame.Rect)
    board_rect: pygame.Rect = field(default_factory=pygame.Rect)

    def die_slots(self, balloon_id: str, count: int) -> list[Pixel]:
        """Centres for ``count`` dice in a balloon: the slot of a one-die balloon; a grid in the
        unlimited one (two rows, closer together when there are many)."""
        area = self.dice_areas[balloon_id]
        if count <= 0:
            return []
        if count == 1:
            return [area.center]
        rows = 1 if area.height < self.slot_size * 1.9 else 2
        columns = math.ceil(count / rows)
        step_x = min(self.slot_size * 1.12, (area.width - self.slot_size) / max(1, columns - 1))
        step_y = min(self.slot_size * 1.12, area.height - self.slot_size) if rows > 1 else 0
        centres = []
        for index in range(count):
            row, column = divmod(index, columns)
            in_row = min(columns, count - row * columns)
            x = area.centerx + (column - (in_row - 1) / 2) * step_x
            y = area.centery + (row - (rows - 1) / 2) * step_y if rows > 1 else area.centery
            centres.append((round(x), round(y)))
        return centres

    def np_cell(self, np: int, seat: int | None = None) -> Pixel:
        """The centre of the NP track cell for ``np`` (past the end it goes round again; below
        0 it stays at 0); with ``seat``, that seat's corner of the cell, so markers don't stack."""
        cell = self.np_cells[max(0, np) % len(self.np_cells)]
        return _quarter(cell, seat)

    def np_laps(self, np: int) -> int:
        """How many times a marker at ``np`` has gone round the track."""
        return max(0, np) // len(self.np_cells)

    def box_cell(self, n: int, seat: int | None = None) -> Pixel:
        """Where a marker stands on box ``n`` (0..12); with ``seat``, that seat's quarter."""
        rect = self.box_rects[max(0, min(len(self.box_rects) - 1, n))]
        return _quarter(rect, seat)

    def balloon_at(self, point: tuple[float, float]) -> str | None:
        """The balloon under ``point`` (for pointing and dropping), or None."""
        for balloon_id, rect in self.balloon_rects.items():
            if rect.collidepoint(point):
                return balloon_id
        return None


def _quarter(rect: pygame.Rect, seat: int | None) -> Pixel:
    """The centre of ``rect``, or the seat's corner of it (0 top-left, clockwise): spread a
    quarter of the way along the long side and only an eighth across the short one, so the
    markers of a narrow track cell stay on it."""
    if seat is None:
        return rect.center
    dx, dy = ((-1, -1), (1, -1), (1, 1), (-1, 1))[seat % 4]
    wide = rect.width >= rect.height
    spread_x = rect.width / (4.0 if wide else 8.0)
    spread_y = rect.height / (8.0 if wide else 4.0)
    return (round(rect.centerx + dx * spread_x), round(rect.centery + dy * spread_y))


def board_data() -> tuple[Any, ...]:
    """The rules' board table, box bonuses and the most boxes a seat packs."""
    return BOARD, BOX_BONUS, MAX_BOXES


@dataclass(frozen=True)
class BoardDesign:
    """The board in design units (``BASE``): every rectangle the picture and the layout use."""

    cells: tuple[tuple[float, float, float, float], ...]
    closet: tuple[float, float, float, float]
    slots: tuple[tuple[float, float, float, float], ...]
    deck: tuple[float, float, float, float]
    title: tuple[float, float, float, float]
    spaces: dict[str, tuple[float, float, float, float]]
    balloons: dict[str, tuple[float, float, float, float]]
    dice: dict[str, tuple[float, float, float, float]]  # the dice area inside each balloon
    info: dict[str, tuple[float, float, float, float]]  # faces and effect icons inside each balloon
    boxes: tuple[tuple[float, float, float, float], ...]
    box_strip: tuple[float, float, float, float]
    dish: tuple[float, float, float, float]
    bear: tuple[float, float, float, float]

SLOT = 56.0  # a die slot's side, design units
CARD_H = 128.0
CARD_W = CARD_H / CARD_ASPECT


@lru_cache(maxsize=1)
def board_design() -> BoardDesign:
    """Lay the board out once in design units."""
    width, height = BASE
    cells = _track_cells(width, height)
    inner_left, inner_right = 76.0, width - 74.0
    # top band: the closet (5 slots), the deck spot, the title
    closet = (inner_left, 68.0, 604.0, 168.0)
    pitch = (closet[2] - 40.0) / 5
    slots = tuple((closet[0] + 20.0 + pitch * k + (pitch - CARD_W) / 2, closet[1] + 26.0, CARD_W, CARD_H)
                  for k in range(5))
    deck = (closet[0] + closet[2] + 22.0, closet[1] + 26.0, CARD_W, CARD_H)
    title_left = deck[0] + CARD_W + 22.0
    title = (title_left, closet[1] + 6.0, inner_right - title_left, closet[3] - 12.0)
    # middle band: the three spaces
    top, bottom, gap = 248.0, 558.0, 12.0
    recall_w = (inner_right - inner_left - gap * 2) * 0.357  # its lower balloons need the room
    span = (inner_right - inner_left - gap * 2 - recall_w) / 2
    widths = {"tidy": span, "pack": span, "recall": recall_w}
    spaces: dict[str, tuple[float, float, float, float]] = {}
    x = inner_left
    for name in ("tidy", "pack", "recall"):
        spaces[name] = (x, top, widths[name], bottom - top)
        x += widths[name] + gap
    balloons: dict[str, tuple[float, float, float, float]] = {}
    dice: dict[str, tuple[float, float, float, float]] = {}
    info: dict[str, tuple[float, float, float, float]] = {}
    board, _, max_boxes = board_data()
    for name, rect in spaces.items():
        members = [balloon for balloon in board if balloon.space == name]
        _arrange(rect, members, balloons, dice, info)
    # bottom band: the box track, then the chip dish and the bear
    strip = (inner_left, 566.0, 800.0, 130.0)
    count = max_boxes + 1
    box_pitch = strip[2] / count
    box_w = box_pitch - 6.0
    boxes = tuple((strip[0] + box_pitch * k + 3.0, strip[1] + 64.0, box_w, 56.0) for k in range(count))
    dish = (strip[0] + strip[2] + 18.0, 590.0, 112.0, 100.0)
    bear = (dish[0] + dish[2] - 6.0, 574.0, inner_right - (dish[0] + dish[2] - 6.0), 122.0)
    return BoardDesign(cells, closet, slots, deck, title, spaces, balloons, dice, info, boxes, strip, dish, bear)


def _track_cells(width: float, height: float) -> tuple[tuple[float, float, float, float], ...]:
    """The NP track's cells, 0 at the top-left corner and on clockwise."""
    margin, band = 14.0, float(TRACK_BAND)
    outer_w, outer_h = width - margin * 2, height - margin * 2
    top_w = outer_w / TRACK_TOP
    side_h = (outer_h - band * 2) / TRACK_SIDE
    cells = []
    for k in range(TRACK_TOP):  # along the top, left to right
        cells.append((margin + top_w * k, margin, top_w, band))
    for k in range(TRACK_SIDE):  # down the right side
        cells.append((width - margin - band, margin + band + side_h * k, band, side_h))
    for k in range(TRACK_TOP):  # along the bottom, right to left
        cells.append((width - margin - top_w * (k + 1), height - margin - band, top_w, band))
    for k in range(TRACK_SIDE):  # up the left side
        cells.append((margin, height - margin - band - side_h * (k + 1), band, side_h))
    return tuple(cells)


def _arrange(space: tuple[float, float, float, float], members: Sequence[Any],
             balloons: dict[str, tuple[float, float, float, float]],
             dice: dict[str, tuple[float, float, float, float]],
             info: dict[str, tuple[float, float, float, float]]) -> None:
    """Place a space's balloons under its header: an unlimited balloon big on top and the others in
    a row below it; else up to three in rows, or a grid of two columns."""
    x, y, w, h = space
    header = 50.0
    left, top, width, height = x + 16.0, y + header + 4.0, w - 26.0, h - header - 12.0
    gap = 9.0
    big = [balloon for balloon in members if balloon.capacity is None]
    small = [balloon for balloon in members if balloon.capacity is not None]
    cells: list[tuple[Any, tuple[float, float, float, float]]] = []
    if big:
        big_h = height * 0.56
        for k, balloon in enumerate(big):
            cells.append((balloon, (left, top + k * (big_h + gap), width, big_h)))
        below = top + len(big) * (big_h + gap)
        cell_w = (width - gap * (len(small) - 1)) / max(1, len(small))
        for k, balloon in enumerate(small):
            cells.append((balloon, (left + k * (cell_w + gap), below, cell_w, top + height - below)))
    elif len(small) <= 3:
        cell_h = (height - gap * (len(small) - 1)) / max(1, len(small))
        for k, balloon in enumerate(small):
            cells.append((balloon, (left, top + k * (cell_h + gap), width, cell_h)))
    else:
        rows = math.ceil(len(small) / 2)
        cell_w = (width - gap) / 2
        cell_h = (height - gap * (rows - 1)) / rows
        for k, balloon in enumerate(small):
            row, column = divmod(k, 2)
            cells.append((balloon, (left + column * (cell_w + gap), top + row * (cell_h + gap), cell_w, cell_h)))
    for balloon, (bx, by, bw, bh) in cells:
        balloons[balloon.id] = (bx, by, bw, bh)
        pad = 9.0
        if balloon.capacity is None:
            info_w = min(84.0, bw * 0.27)
            info[balloon.id] = (bx + pad, by + pad, info_w, bh - pad * 2)
            dice[balloon.id] = (bx + pad * 2 + info_w, by + pad, bw - info_w - pad * 3, bh - pad * 2)
        else:
            slot = min(SLOT + 6.0, bh - pad * 2)
            dice[balloon.id] = (bx + pad, by + (bh - slot) / 2, slot, slot)
            info[balloon.id] = (bx + pad + slot + 5.0, by + pad, bw - slot - pad * 2 - 5.0, bh - pad * 2)


def design_scaler(size: tuple[int, int], origin: tuple[int, int] = (0, 0), factor: float = 1.0) -> Any:
    """A function from a design rectangle to a pixel ``pygame.Rect`` for a board of ``size``.
    With ``keep=True`` the rectangle keeps its proportions (a card or a die slot on a board
    stretched more one way than the other): its centre moves with the board, its size follows
    the smaller scale."""
    sx, sy = size[0] / BASE[0] * factor, size[1] / BASE[1] * factor
    unit = min(sx, sy)
    ox, oy = origin

    def to_rect(rect: Sequence[float], keep: bool = False) -> pygame.Rect:
        if keep:
            centre = ((rect[0] + rect[2] / 2) * sx + ox, (rect[1] + rect[3] / 2) * sy + oy)
            kept = pygame.Rect(0, 0, round(rect[2] * unit), round(rect[3] * unit))
            kept.center = (round(centre[0]), round(centre[1]))
            return kept
        left, top = round(rect[0] * sx) + ox, round(rect[1] * sy) + oy
        right, bottom = round((rect[0] + rect[2]) * sx) + ox, round((rect[1] + rect[3]) * sy) + oy
        return pygame.Rect(left, top, right - left, bottom - top)

    return to_rect


def _keeps_shape(balloon_id: str) -> bool:
    """True for the dice area of a one-die balloon (a square slot)."""
    board, _, _ = board_data()
    return any(balloon.id == balloon_id and balloon.capacity is not None for balloon in board)


@lru_cache(maxsize=8)
def board_layout(size: tuple[int, int] = BOARD_SIZE, origin: tuple[int, int] = (0, 0)) -> BoardLayout:
    """Every place on a board of ``size`` whose top-left corner is at ``origin``."""
    design = board_design()
    to_rect = design_scaler(size, origin)
    unit = min(size[0] / BASE[0], size[1] / BASE[1])
    return BoardLayout(
        size=(size[0], size[1]), origin=(origin[0], origin[1]),
        balloon_rects={key: to_rect(rect) for key, rect in design.balloons.items()},
        closet_slots=[to_rect(rect, keep=True) for rect in design.slots],
        deck_rect=to_rect(design.deck, keep=True),
        chip_supply_rect=to_rect(design.dish),
        slot_size=round(SLOT * unit),
        space_rects={key: to_rect(rect) for key, rect in design.spaces.items()},
        dice_areas={key: to_rect(rect, keep=_keeps_shape(key)) for key, rect in design.dice.items()},
        np_cells=tuple(to_rect(rect) for rect in design.cells),
        box_rects=tuple(to_rect(rect) for rect in design.boxes),
        closet_rect=to_rect(design.closet),
        board_rect=pygame.Rect(origin, size),
    )


# ----- the table (logical 1920x1080) ---------------------------------------------------------------
BOARD_TOPLEFT = (330, 8)
FELT = (*BOARD_TOPLEFT, *BOARD_SIZE)  # the mat lies under the board
STATUS_Y = 800
RAIL_X = 14
RAIL_W = 302
PANEL_H = 226
PANEL_GAP = 14
PANEL_TOP = 14
PLATE_H = 92
VIEWER_PLATE = pygame.Rect(24, 834, 420, PLATE_H)
TRAY = pygame.Rect(466, 832, 372, 140)  # the viewer's dice tray
TRAY_DIE = 80
TRAY_STEP = 108
OTHER_DIE = 50
OTHER_DIE_STEP = 62
REROLL_RECT = (478, 984, 348, 70)
HAND_AREA = pygame.Rect(862, 830, 700, 246)  # the viewer's own cards, face up
HAND_Y = 962.0
HAND_SCALE = 0.74
OTHER_HAND_SCALE = 0.36
INFO_RECT = pygame.Rect(1492, 110, 412, 216)  # round, game, direction
LEGEND_TOP = 340  # how sets and boxes score, under the round card
MARKER_SIZE = 30
BOX_MARKER_SIZE = 28
CHIP_SIZE = 34
ROUND_CARD_W = 44
ROUND_CARD_BIG = 84


# ----- small helpers -------------------------------------------------------------------------------
def hand_order(card: str) -> tuple[int, int, str]:
    """Sort key of a hand: by kind (toy, photo, letter), wild cards after the plain ones."""
    kind = card_kind(card)
    return (KINDS.index(kind) if kind in KINDS else 9, 1 if card.endswith("W") else 0, card)


def path_points(start: int, end: int, cell: Callable[[int], Point]) -> list[Point]:
    """The track cells from ``start`` to ``end`` (both included), forwards or backwards."""
    step = 1 if end >= start else -1
    return [cell(value) for value in range(start, end + step, step)]


# ----- the table for one seat at the bottom ---------------------------------------------------------
class Geometry:
    """Where everything sits on a ``canvas`` for ``players`` seats with ``bottom`` at the bottom
    (the viewer; seat 0 for a spectator): the board's places on the screen, the other seats' panels
    on the left, the bottom seat's plate, tray, Reroll button and hand."""

    def __init__(self, players: int, bottom: int, canvas: Canvas = CANVAS) -> None:
        self.players = players
        self.bottom = bottom
        self.canvas = canvas
        self.board = board_layout(BOARD_SIZE)  # the board's own places (its top-left at 0, 0)
        self.down = canvas[1] - CANVAS[1]  # the bottom row keeps to the bottom edge
        self.across = canvas[0] - CANVAS[0]  # the right column keeps to the right edge
        self.screen = pygame.Rect((0, 0), canvas)
        self.viewer_plate = VIEWER_PLATE.move(0, self.down)
        self.tray = TRAY.move(0, self.down)
        self.reroll = pygame.Rect(REROLL_RECT).move(0, self.down)
        self.hand_area = HAND_AREA.move(0, self.down)
        self.hand_y = HAND_Y + self.down
        self.info = INFO_RECT.move(self.across, 0)
        self.legend_topleft = (INFO_RECT.left + self.across, LEGEND_TOP)
        self.panels = self._rail_panels()

    # ----- seats ---------------------------------------------------------------------------------
    def rail_seats(self) -> list[int]:
        """The other seats, top to bottom in play order from the bottom seat."""
        players = self.players
        return [(self.bottom + step) % players for step in range(1, players)]

    def _rail_panels(self) -> dict[int, pygame.Rect]:
        """The rail seats' panels, one under another, the column centred on three panels' room."""
        seats = self.rail_seats()
        top = PANEL_TOP + (3 - len(seats)) * (PANEL_H + PANEL_GAP) // 2
        return {other: pygame.Rect(RAIL_X, top + index * (PANEL_H + PANEL_GAP), RAIL_W, PANEL_H)
                for index, other in enumerate(seats)}

    def panel_rect(self, seat: int) -> pygame.Rect:
        """A rail seat's panel."""
        return self.panels[seat]

    def plate_rect(self, seat: int) -> pygame.Rect:
        """Where a seat's name plate is."""
        if seat == self.bottom:
            return self.viewer_plate.copy()
        panel = self.panel_rect(seat)
        return pygame.Rect(panel.left, panel.top, panel.width, PLATE_H)

    def die_size(self, seat: int) -> int:
        """The size of a seat's dice in its tray."""
        return TRAY_DIE if seat == self.bottom else OTHER_DIE

    def tray_slot(self, seat: int, index: int, count: int) -> Point:
        """Centre of die ``index`` of ``count`` in a seat's tray."""
        if seat == self.bottom:
            return (self.tray.centerx + (index - (count - 1) / 2) * TRAY_STEP, float(self.tray.centery - 6))
        panel = self.panel_rect(seat)
        return (panel.left + 46 + index * OTHER_DIE_STEP, float(panel.top + PLATE_H + 68))

    def tray_rect(self, seat: int) -> pygame.Rect:
        """The area a seat's tray dice may cover."""
        if seat == self.bottom:
            return self.tray.inflate(24, 44)
        panel = self.panel_rect(seat)
        return pygame.Rect(panel.left + 4, panel.top + PLATE_H + 14, 200, 110)

    def hand_slot(self, seat: int, index: int, count: int) -> tuple[Point, float]:
        """Centre and scale of hand card ``index`` of ``count`` for a seat."""
        if seat == self.bottom:
            width = CARD_SIZE[0] * HAND_SCALE
            step = min(width + 10, (self.hand_area.width - width - 20) / max(1, count - 1))
            x0 = self.hand_area.centerx - step * (count - 1) / 2
            return (x0 + index * step, self.hand_y), HAND_SCALE
        panel = self.panel_rect(seat)
        step = min(22.0, 64.0 / max(1, count - 1))
        return (panel.left + 246 + (index - (count - 1) / 2) * step, float(panel.top + PLATE_H + 66)), \
            OTHER_HAND_SCALE

    def chip_pos(self, seat: int) -> Point:
        """Where a chip lands at a seat (its plate's numbers)."""
        plate = self.plate_rect(seat)
        return (plate.left + 190.0, plate.bottom - 24.0)

    def round_card_pos(self, seat: int) -> Point:
        """Where the round card lies: tucked at the right end of the start player's plate."""
        plate = self.plate_rect(seat)
        return (plate.right - 30.0, float(plate.centery))

    def throw_area(self, seat: int) -> pygame.Rect:
        """Where a seat's dice tumble: from its tray out over the nearest part of the board."""
        if seat == self.bottom:
            return pygame.Rect(440, 470, 820, 530).move(0, self.down)
        panel = self.panel_rect(seat)
        return pygame.Rect(RAIL_X, max(12, panel.top - 20), 820, panel.height + 40)

    def throw_start(self, seat: int, index: int, count: int) -> Point:
        """Where a thrown die leaves from: the player's hand, just off its side of the table."""
        x, y = self.tray_slot(seat, index, count)
        if seat == self.bottom:
            return (x + 120.0, float(self.canvas[1] - 10))
        return (4.0, y - 30.0)

    # ----- the board on the screen ---------------------------------------------------------------
    def on_board(self, point: Point) -> Point:
        """A point of the board picture on the screen."""
        return (point[0] + BOARD_TOPLEFT[0], point[1] + BOARD_TOPLEFT[1])

    def balloon_rect(self, balloon: str) -> pygame.Rect:
        """A balloon's area on screen."""
        return self.board.balloon_rects[balloon].move(BOARD_TOPLEFT)

    def board_die_size(self, balloon: str) -> int:
        """How big the dice lie in a balloon (they fit its printed slots)."""
        return int(self.board.slot_size)

    def balloon_slot(self, balloon: str, index: int, count: int) -> Point:
        """Centre of the ``index``-th die of ``count`` in a balloon."""
        slots = self.board.die_slots(balloon, max(count, index + 1))
        return self.on_board(slots[min(index, len(slots) - 1)])

    def np_pos(self, seat: int, np: int) -> Point:
        """A seat's marker on the NP track (its own corner of the cell)."""
        return self.on_board(self.board.np_cell(max(0, np), seat))

    def box_pos(self, seat: int, boxes: int) -> Point:
        """A seat's marker on the box track (its own quarter of the box)."""
        return self.on_board(self.board.box_cell(boxes, seat))

    def slot_rect(self, slot: int) -> pygame.Rect:
        """A closet slot on screen."""
        return self.board.closet_slots[slot].move(BOARD_TOPLEFT)

    def deck_rect(self) -> pygame.Rect:
        """The deck spot on screen."""
        return self.board.deck_rect.move(BOARD_TOPLEFT)

    def discard_pos(self) -> Point:
        """Where discarded cards go: just beyond the deck."""
        deck = self.deck_rect()
        return (deck.centerx + deck.width * 0.2, deck.centery + deck.height * 0.15)

    def supply_rect(self) -> pygame.Rect:
        """The chip supply on screen."""
        return self.board.chip_supply_rect.move(BOARD_TOPLEFT)


def final_panel_rect(players: int, canvas: Canvas = CANVAS) -> pygame.Rect:
    """The final-scoring panel: a row of 132 pixels per player, centred on the screen."""
    height = 318 + players * 132
    return pygame.Rect(150, (canvas[1] - height) // 2, canvas[0] - 300, height)
