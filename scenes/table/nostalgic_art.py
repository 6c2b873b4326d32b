"""Art of Nostalgic ~ノスタルジック~: the board, nostalgia cards, markers, reroll chips, the round card.

Everything is drawn in code, once, and cached; treat returned surfaces as read-only.

The board (``board_picture``) is a printed, hand-made looking board on a tatami mat: the NP track
of ``NP_TRACK`` cells runs round the edge (0 at the top-left corner, clockwise, every fifth cell
marked), the closet (押し入れ) with five card slots and the deck spot sits at the top, the three
spaces (Tidy-up, Packing, Recall) fill the middle, each with its speech balloons, and the
cardboard-box track 0..12 runs along the bottom, with the bonus tags on the even boxes, next to
the reroll-chip dish and its little bear. The balloons come from the rules' ``BOARD`` table: each
shows the die faces it takes (pips) and its effect as icons (a card, +N NP, boxes, a chip), and
the unlimited one is a bigger thought balloon with an ∞ badge, so a corrected table redraws
itself. ``board_layout(size, origin)`` gives every place a scene puts a piece on.

Geometry is designed on a ``BASE`` board of 1140 x 760 and scaled to the size asked for; shapes
are drawn at ``SS`` times that and scaled down once, text and icons at the final size.

Cards (toy / photo / letter) differ by symbol AND colour: a red spinning top, a blue snapshot, a
mustard envelope; a wild card carries a big "W" ribbon over its kind's art. Player markers differ
by shape (circle, triangle, square, diamond, matching the seat symbols of the other tables) as
well as colour.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import pygame

from game.i18n import language, t
from scenes import cache, fonts, theme
from scenes.table import art, dice_throw
from scenes.table.art import mix

Color = tuple[int, int, int]
Point = tuple[int, int]
BASE = (1140, 760)  # the design size; also a good size for the board on the 1920x1080 table
BOARD_SIZE = BASE
SS = 2  # the board's supersampling (it is large: 2x is smooth enough and quick to make)
CARD_ASPECT = art.CARD_SIZE[1] / art.CARD_SIZE[0]
NP_TRACK = 50  # cells of the NP track (0..49); a score past 49 goes round again
TRACK_TOP = 15  # cells along the top and the bottom, corners included
TRACK_SIDE = 10  # cells down each side between the corners
TRACK_BAND = 44

# ----- palette ------------------------------------------------------------------------------------------
SEAT_COLOURS: tuple[Color, ...] = tuple(theme.SEAT_COLORS[:4])
SEAT_SHAPES: tuple[str, ...] = ("circle", "triangle", "square", "diamond")  # = theme.SEAT_SYMBOLS ●▲■◆
KIND_COLOURS: dict[str, Color] = {"T": (206, 74, 58), "P": (52, 116, 178), "L": (214, 158, 44)}
KIND_DEEP: dict[str, Color] = {"T": (150, 44, 36), "P": (30, 74, 126), "L": (150, 104, 22)}
SPACE_COLOURS: dict[str, Color] = {"tidy": (112, 158, 104), "pack": (196, 138, 74), "recall": (178, 112, 150)}
BOARD_EDGE: Color = (92, 62, 40)
BOARD_FACE: Color = (240, 228, 200)
TRACK_CELL: Color = (250, 242, 222)
TRACK_CELL_ALT: Color = (236, 222, 190)
TATAMI: Color = (204, 196, 140)
TATAMI_LINE: Color = (178, 168, 112)
TATAMI_HERI: Color = (70, 84, 62)  # the cloth border of a tatami mat
KRAFT: Color = (196, 150, 98)
KRAFT_DARK: Color = (150, 104, 62)
KRAFT_LIGHT: Color = (222, 184, 134)
TAPE: Color = (226, 204, 150)
WOOD_LIGHT: Color = (198, 150, 98)
WOOD_MID: Color = (160, 112, 70)
CLOSET_DARK: Color = (74, 54, 42)
FUSUMA: Color = (238, 230, 206)
BEAR: Color = (168, 112, 66)
BEAR_LIGHT: Color = (222, 184, 140)
CHIP_FACE: Color = (246, 236, 214)
CHIP_EDGE: Color = (44, 146, 150)
NP_GOLD: Color = (240, 196, 84)
BACK: Color = (104, 70, 58)
BACK_LINE: Color = (214, 176, 120)
WILD_RIBBON: Color = (244, 206, 96)
RIBBON = ((0.34, -0.06), (1.1, 0.44))  # the wild sash's centre line, from the top edge to the right edge


# ----- the layout ---------------------------------------------------------------------------------------
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

    def die_slots(self, balloon_id: str, count: int) -> list[Point]:
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

    def np_cell(self, np: int, seat: int | None = None) -> Point:
        """The centre of the NP track cell for ``np`` (past the end it goes round again; below
        0 it stays at 0); with ``seat``, that seat's corner of the cell, so markers don't stack."""
        cell = self.np_cells[max(0, np) % len(self.np_cells)]
        return _quarter(cell, seat)

    def np_laps(self, np: int) -> int:
        """How many times a marker at ``np`` has gone round the track."""
        return max(0, np) // len(self.np_cells)

    def box_cell(self, n: int, seat: int | None = None) -> Point:
        """Where a marker stands on box ``n`` (0..12); with ``seat``, that seat's quarter."""
        rect = self.box_rects[max(0, min(len(self.box_rects) - 1, n))]
        return _quarter(rect, seat)

    def balloon_at(self, point: tuple[float, float]) -> str | None:
        """The balloon under ``point`` (for pointing and dropping), or None."""
        for balloon_id, rect in self.balloon_rects.items():
            if rect.collidepoint(point):
                return balloon_id
        return None


def _quarter(rect: pygame.Rect, seat: int | None) -> Point:
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


def _board_data() -> tuple[Any, ...]:
    """The rules' board table and box bonuses (imported late: the art never needs the rules to load)."""
    from game.rules import nostalgic

    return nostalgic.BOARD, nostalgic.BOX_BONUS, nostalgic.MAX_BOXES


@dataclass(frozen=True)
class _Design:
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
def _design() -> _Design:
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
    board, _, max_boxes = _board_data()
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
    return _Design(cells, closet, slots, deck, title, spaces, balloons, dice, info, boxes, strip, dish, bear)


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


def _scaler(size: tuple[int, int], origin: tuple[int, int] = (0, 0), factor: float = 1.0) -> Any:
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
    board, _, _ = _board_data()
    return any(balloon.id == balloon_id and balloon.capacity is not None for balloon in board)


@lru_cache(maxsize=8)
def board_layout(size: tuple[int, int] = BOARD_SIZE, origin: tuple[int, int] = (0, 0)) -> BoardLayout:
    """Every place on a board of ``size`` whose top-left corner is at ``origin``."""
    design = _design()
    to_rect = _scaler(size, origin)
    unit = min(size[0] / BASE[0], size[1] / BASE[1])
    return BoardLayout(
        size=tuple(size), origin=tuple(origin),
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


# ----- small drawing helpers --------------------------------------------------------------------------
def _supersampled(size: tuple[int, int], scale: int = art.SUPERSAMPLE) -> pygame.Surface:
    """A clear surface ``scale`` times ``size`` to draw on before scaling down."""
    return pygame.Surface((max(1, size[0] * scale), max(1, size[1] * scale)), pygame.SRCALPHA)


def _polygon_round(surface: pygame.Surface, colour: Color | tuple[int, int, int, int],
                   points: Sequence[tuple[float, float]], width: int = 0) -> None:
    """A polygon whose outline has round joints (thick outlines look drawn by a marker)."""
    if width == 0:
        pygame.draw.polygon(surface, colour, points)
        return
    pygame.draw.polygon(surface, colour, points, width)
    for point in points:
        pygame.draw.circle(surface, colour, point, width / 2)


def shape_points(shape: str, centre: tuple[float, float], radius: float) -> list[tuple[float, float]]:
    """The corners of a seat's emblem shape (a circle gives a 32-gon)."""
    cx, cy = centre
    if shape == "triangle":
        return [(cx + radius * math.cos(a), cy + radius * 0.1 + radius * math.sin(a))
                for a in (-math.pi / 2, math.pi / 6, math.pi * 5 / 6)]
    if shape == "square":
        half = radius * 0.8
        return [(cx - half, cy - half), (cx + half, cy - half), (cx + half, cy + half), (cx - half, cy + half)]
    if shape == "diamond":
        return [(cx, cy - radius), (cx + radius * 0.86, cy), (cx, cy + radius), (cx - radius * 0.86, cy)]
    return [(cx + radius * math.cos(k * math.tau / 32), cy + radius * math.sin(k * math.tau / 32)) for k in range(32)]


def _text(s: str, size: float, colour: Color, bold: bool = True) -> pygame.Surface:
    """Cached text at a (rounded) size."""
    return fonts.text(s, max(8, round(size)), colour, bold)


def _fit_text(s: str, size: float, width: float, colour: Color, bold: bool = True) -> pygame.Surface:
    """``s`` at the largest size up to ``size`` that fits ``width`` pixels."""
    size = round(size)
    while size > 9 and fonts.text_width(s, size, bold) > width:
        size -= 1
    return _text(s, size, colour, bold)


def _lemniscate(surface: pygame.Surface, centre: tuple[float, float], width: float, colour: Color,
                thickness: float) -> None:
    """An ∞ drawn as a figure-eight curve (no font needed)."""
    cx, cy = centre
    a = width / 2
    points = []
    for k in range(73):
        angle = k * math.tau / 72
        denominator = 1 + math.sin(angle) ** 2
        points.append((cx + a * math.cos(angle) / denominator, cy + a * math.sin(angle) * math.cos(angle) / denominator * 1.25))
    pygame.draw.lines(surface, colour, True, points, max(1, round(thickness)))
    for point in points[::3]:
        pygame.draw.circle(surface, colour, point, thickness / 2)


# ----- icons (final size, cached) ---------------------------------------------------------------------
_icons = art.SurfaceCache("nostalgic.icons", 2 * art.MB)


def mini_die(value: int | None, size: int) -> pygame.Surface:
    """A small printed die face for a balloon (``None``: a die with a question mark)."""
    def make() -> pygame.Surface:
        s = art.SUPERSAMPLE
        big = _supersampled((size, size))
        rect = big.get_rect().inflate(-2 * s, -2 * s)
        radius = round(size * s * 0.24)
        pygame.draw.rect(big, theme.INK, rect, border_radius=radius)
        pygame.draw.rect(big, dice_throw.IVORY, rect.inflate(-2 * s, -2 * s), border_radius=radius - s)
        if value is not None:
            for fx, fy in dice_throw.PIPS[value]:
                pip = size * s * (0.14 if value == 1 else 0.095)
                colour = dice_throw.PIP_RED if value == 1 else theme.INK
                pygame.draw.circle(big, colour, (rect.left + rect.width * fx, rect.top + rect.height * fy), pip)
        picture = art.downsample(big, (size, size))
        if value is None:
            mark = _text("?", size * 0.72, theme.INK)
            picture.blit(mark, mark.get_rect(center=(size / 2, size / 2 + 1)))
        return picture

    return _icons.get(("mini-die", value, size), make)


def np_pill(amount: int | None, height: int) -> pygame.Surface:
    """A gold pill "+N NP" (``None``: "+ [die] NP", as many NP as the die shows)."""
    def make() -> pygame.Surface:
        plus = _text(f"+{amount}" if amount is not None else "+", height * 0.66, theme.INK)
        unit = _text("NP", height * 0.42, theme.INK)
        die = mini_die(None, round(height * 0.62)) if amount is None else None
        inner = plus.get_width() + unit.get_width() + 3 + (die.get_width() + 3 if die else 0)
        width = inner + round(height * 0.7)
        s = art.SUPERSAMPLE
        big = _supersampled((width, height))
        body = big.get_rect().inflate(-2 * s, -2 * s)
        pygame.draw.rect(big, mix(NP_GOLD, theme.INK, 0.45), body, border_radius=body.height // 2)
        pygame.draw.rect(big, NP_GOLD, body.inflate(-3 * s, -3 * s), border_radius=body.height // 2)
        pygame.draw.ellipse(big, mix(NP_GOLD, (255, 255, 255), 0.45),
                            (body.left + body.width * 0.15, body.top + 3 * s, body.width * 0.7, body.height * 0.28))
        picture = art.downsample(big, (width, height))
        x = (width - inner) // 2
        picture.blit(plus, plus.get_rect(midleft=(x, height / 2)))
        x += plus.get_width() + 3
        if die is not None:
            picture.blit(die, die.get_rect(midleft=(x, height / 2)))
            x += die.get_width() + 3
        picture.blit(unit, unit.get_rect(midleft=(x, height / 2 + height * 0.06)))
        return picture

    return _icons.get(("np-pill", amount, height), make)


def box_icon(size: int) -> pygame.Surface:
    """A small taped cardboard box (3/4 view)."""
    def make() -> pygame.Surface:
        s = art.SUPERSAMPLE
        big = _supersampled((size, size))
        _draw_box(big, pygame.Rect(s, round(size * s * 0.3), size * s - 2 * s, round(size * s * 0.66)),
                  round(size * s * 0.26), 1.5 * s)
        return art.downsample(big, (size, size))

    return _icons.get(("box-icon", size), make)


def card_icon(height: int) -> pygame.Surface:
    """A small fan of the three kinds of nostalgia card (take a card)."""
    def make() -> pygame.Surface:
        card_w = max(6, round(height * 0.8 / CARD_ASPECT))
        width = round(card_w * 2.1)
        picture = pygame.Surface((width, height), pygame.SRCALPHA)
        for kind, angle, dx in (("T", 16, -0.45), ("P", 0, 0.0), ("L", -16, 0.45)):
            face = pygame.transform.rotozoom(card_face(kind, card_w * 2), angle, 0.5)
            picture.blit(face, face.get_rect(center=(width / 2 + dx * card_w, height / 2 + abs(dx) * height * 0.08)))
        return picture

    return _icons.get(("card-icon", height), make)


def infinity_badge(size: int) -> pygame.Surface:
    """A round badge with ∞ (the balloon that takes any number of dice)."""
    def make() -> pygame.Surface:
        s = art.SUPERSAMPLE
        big = _supersampled((size, size))
        centre = (size * s / 2, size * s / 2)
        pygame.draw.circle(big, theme.INK, centre, size * s / 2 - s)
        pygame.draw.circle(big, SPACE_COLOURS["recall"], centre, size * s / 2 - 3 * s)
        _lemniscate(big, centre, size * s * 0.68, theme.PAPER, size * s * 0.09)
        return art.downsample(big, (size, size))

    return _icons.get(("infinity", size), make)


def arrow_icon(size: int, colour: Color = theme.INK_SOFT) -> pygame.Surface:
    """A short fat arrow pointing right (faces -> effect)."""
    def make() -> pygame.Surface:
        s = art.SUPERSAMPLE
        big = _supersampled((size, size))
        w = size * s
        points = [(w * 0.1, w * 0.4), (w * 0.55, w * 0.4), (w * 0.55, w * 0.22), (w * 0.92, w * 0.5),
                  (w * 0.55, w * 0.78), (w * 0.55, w * 0.6), (w * 0.1, w * 0.6)]
        pygame.draw.polygon(big, colour, points)
        return art.downsample(big, (size, size))

    return _icons.get(("arrow", size, colour), make)


# ----- the board ----------------------------------------------------------------------------------------
def board_picture(size: tuple[int, int] = BOARD_SIZE) -> pygame.Surface:
    """The whole board at ``size`` (cached per size and language)."""
    return _board_picture(tuple(size), language())


@lru_cache(maxsize=3)
def _board_picture(size: tuple[int, int], lang: str) -> pygame.Surface:
    """Draw the board: shapes supersampled, then text and icons at the final size."""
    design = _design()
    big_rect = _scaler(size, factor=SS)
    unit = min(size[0] / BASE[0], size[1] / BASE[1])
    big = pygame.Surface((size[0] * SS, size[1] * SS), pygame.SRCALPHA)
    _paint_board_face(big, unit * SS)
    _paint_track(big, design, big_rect, unit * SS)
    _paint_tatami(big, big_rect((58, 58, BASE[0] - 116, BASE[1] - 116)), unit * SS)
    shadows = _shadow_layer(size, design)
    big.blit(pygame.transform.smoothscale(shadows, big.get_size()), (0, 0))
    _paint_closet(big, design, big_rect, unit * SS)
    _paint_title_panel(big, big_rect(design.title), unit * SS)
    _paint_spaces(big, design, big_rect, unit * SS)
    _paint_box_track(big, design, big_rect, unit * SS)
    _paint_dish(big, big_rect(design.dish), unit * SS)
    _paint_bear(big, big_rect(design.bear), unit * SS)
    picture = art.downsample(big, size)
    to_rect = _scaler(size)
    _label_track(picture, design, to_rect, unit)
    _label_closet(picture, design, to_rect, unit)
    _label_title(picture, to_rect(design.title), unit)
    _label_spaces(picture, design, to_rect, unit)
    _label_box_track(picture, design, to_rect, unit)
    return picture


def board_shadow(size: tuple[int, int] = BOARD_SIZE) -> pygame.Surface:
    """The soft shadow the board casts on the table (blit it centred a little below the board)."""
    return art.panel_shadow(tuple(size))


def _paint_board_face(big: pygame.Surface, k: float) -> None:
    """The thick board: a dark edge with a lighter bevel, the printed face, a fine paper grain."""
    rect = big.get_rect()
    radius = round(30 * k)
    pygame.draw.rect(big, BOARD_EDGE, rect, border_radius=radius)
    pygame.draw.rect(big, mix(BOARD_EDGE, (255, 230, 190), 0.25), rect.inflate(-round(4 * k), -round(4 * k)),
                     max(1, round(2 * k)), border_radius=radius - round(2 * k))
    face = rect.inflate(-round(12 * k), -round(12 * k))
    pygame.draw.rect(big, BOARD_FACE, face, border_radius=radius - round(6 * k))
    grain = art.noise_surface((rect.width // 6, rect.height // 6), 41, 30, theme.INK_SOFT)
    grain = pygame.transform.smoothscale(grain, rect.size)
    mask = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), face, border_radius=radius - round(6 * k))
    grain.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    big.blit(grain, (0, 0))


def _paint_track(big: pygame.Surface, design: _Design, big_rect: Any, k: float) -> None:
    """The NP track cells: cream and a shade darker in turn, every fifth one persimmon, 0 gold."""
    line = max(1, round(1.5 * k))
    for index, cell in enumerate(design.cells):
        rect = big_rect(cell).inflate(-round(2 * k), -round(2 * k))
        if index == 0:
            fill = NP_GOLD
        elif index % 10 == 0:
            fill = mix(theme.ACCENT, TRACK_CELL, 0.35)
        elif index % 5 == 0:
            fill = mix(theme.ACCENT, TRACK_CELL, 0.62)
        else:
            fill = TRACK_CELL if index % 2 else TRACK_CELL_ALT
        pygame.draw.rect(big, fill, rect, border_radius=round(7 * k))
        pygame.draw.rect(big, mix(fill, theme.INK, 0.35), rect, line, border_radius=round(7 * k))


def _paint_tatami(big: pygame.Surface, rect: pygame.Rect, k: float) -> None:
    """The inner field: a tatami mat, its rush woven in rows, inside a dark cloth border."""
    radius = round(16 * k)
    pygame.draw.rect(big, TATAMI_HERI, rect, border_radius=radius)
    border = round(7 * k)
    mat = rect.inflate(-border * 2, -border * 2)
    pygame.draw.rect(big, TATAMI, mat, border_radius=max(2, radius - border))
    step = max(2, round(5 * k))
    for y in range(mat.top + step, mat.bottom - 2, step):
        tone = TATAMI_LINE if (y // step) % 2 else mix(TATAMI, TATAMI_LINE, 0.5)
        pygame.draw.line(big, tone, (mat.left + 4, y), (mat.right - 4, y), max(1, round(k * 0.6)))
    pygame.draw.rect(big, mix(TATAMI_HERI, theme.PAPER, 0.3), rect.inflate(-border, -border),
                     max(1, round(k * 0.8)), border_radius=max(2, radius - border // 2))


def _shadow_layer(size: tuple[int, int], design: _Design) -> pygame.Surface:
    """Soft shadows under the raised parts (closet, panels, balloons, boxes), blurred small."""
    quarter = (max(1, size[0] // 4), max(1, size[1] // 4))
    to_rect = _scaler(quarter)
    layer = pygame.Surface(quarter, pygame.SRCALPHA)
    for rect, lift in [(design.closet, 3), (design.title, 2), *((r, 2) for r in design.spaces.values()),
                       *((r, 2) for r in design.balloons.values()), (design.dish, 2), (design.box_strip, 1)]:
        shade = to_rect(rect).move(lift // 2 + 1, lift)
        pygame.draw.rect(layer, (30, 18, 8, 95), shade, border_radius=4)
    return pygame.transform.gaussian_blur(layer, 2)


def _paint_closet(big: pygame.Surface, design: _Design, big_rect: Any, k: float) -> None:
    """The 押し入れ: a wooden frame, sliding paper doors pushed to the ends, a dark inside with a
    shelf, five dashed card slots; the deck spot beside it."""
    frame = big_rect(design.closet)
    pygame.draw.rect(big, WOOD_MID, frame, border_radius=round(8 * k))
    inside = frame.inflate(-round(16 * k), -round(16 * k))
    pygame.draw.rect(big, CLOSET_DARK, inside, border_radius=round(4 * k))
    shelf_y = inside.top + round(inside.height * 0.88)
    pygame.draw.rect(big, WOOD_LIGHT, (inside.left, shelf_y, inside.width, inside.bottom - shelf_y))
    pygame.draw.line(big, mix(WOOD_LIGHT, (255, 255, 255), 0.3), (inside.left, shelf_y), (inside.right, shelf_y),
                     max(1, round(1.5 * k)))
    for side in (-1, 1):  # a fusuma pushed to each end, a hint of its pattern and pull
        door_w = round(14 * k)
        door = pygame.Rect(0, inside.top, door_w, inside.height)
        if side < 0:
            door.left = inside.left
        else:
            door.right = inside.right
        pygame.draw.rect(big, FUSUMA, door)
        pygame.draw.rect(big, WOOD_MID, door, max(1, round(1.5 * k)))
        pygame.draw.circle(big, WOOD_MID, (door.centerx, door.centery), round(3 * k), max(1, round(k)))
    pygame.draw.rect(big, mix(WOOD_MID, (255, 230, 190), 0.3), frame, max(1, round(2 * k)), border_radius=round(8 * k))
    for slot in design.slots:
        _dashed_card(big, big_rect(slot, keep=True), mix(CLOSET_DARK, theme.PAPER, 0.55), k)
    deck = big_rect(design.deck, keep=True)
    pygame.draw.rect(big, mix(BOARD_FACE, WOOD_MID, 0.25), deck.inflate(round(12 * k), round(12 * k)),
                     border_radius=round(12 * k))
    _dashed_card(big, deck, mix(BOARD_FACE, theme.INK, 0.45), k)


def _dashed_card(big: pygame.Surface, rect: pygame.Rect, colour: Color, k: float) -> None:
    """A dashed card outline (an empty place for a card)."""
    art._dashed_round_rect(big, colour, rect, round(9 * k), round(10 * k), round(7 * k), max(1, round(2 * k)))


def _paint_title_panel(big: pygame.Surface, rect: pygame.Rect, k: float) -> None:
    """A cream plaque for the game's name, with a little house and two boxes in front of it."""
    pygame.draw.rect(big, mix(BOARD_FACE, theme.PAPER, 0.6), rect, border_radius=round(14 * k))
    pygame.draw.rect(big, mix(SPACE_COLOURS["recall"], theme.INK, 0.2), rect, max(1, round(2.5 * k)),
                     border_radius=round(14 * k))
    pygame.draw.rect(big, mix(SPACE_COLOURS["recall"], BOARD_FACE, 0.5), rect.inflate(-round(10 * k), -round(10 * k)),
                     max(1, round(k)), border_radius=round(10 * k))
    # a house (where the memories lived) and the boxes ready for the move
    base_y = rect.bottom - round(16 * k)
    cx = rect.left + round(rect.width * 0.28)
    house_w, house_h = round(56 * k), round(38 * k)
    body = pygame.Rect(cx - house_w // 2, base_y - house_h, house_w, house_h)
    pygame.draw.rect(big, (236, 214, 170), body)
    roof = [(body.left - round(8 * k), body.top + round(2 * k)), (body.centerx, body.top - round(26 * k)),
            (body.right + round(8 * k), body.top + round(2 * k))]
    pygame.draw.polygon(big, (150, 70, 56), roof)
    pygame.draw.rect(big, (120, 84, 60), (body.centerx - round(8 * k), base_y - round(22 * k), round(16 * k), round(22 * k)))
    pygame.draw.rect(big, (140, 186, 206), (body.left + round(6 * k), body.top + round(8 * k), round(12 * k), round(11 * k)))
    pygame.draw.rect(big, theme.INK, body, max(1, round(1.5 * k)))
    _polygon_round(big, theme.INK, roof, max(1, round(1.5 * k)))
    for k_box, (dx, size) in enumerate(((round(42 * k), round(26 * k)), (round(68 * k), round(22 * k)))):
        box = pygame.Rect(body.right + dx - size // 2, base_y - size, size, size)
        _draw_box(big, box, round(size * 0.35), max(1, round(1.2 * k)))
    pygame.draw.line(big, mix(BOARD_FACE, theme.INK, 0.3), (rect.left + round(14 * k), base_y),
                     (rect.right - round(14 * k), base_y), max(1, round(1.5 * k)))


def _draw_box(big: pygame.Surface, front: pygame.Rect, depth: int, line: float) -> None:
    """A taped cardboard box: front face ``front``, a top face ``depth`` deep leaning right."""
    lean = depth * 0.5
    top = [(front.left, front.top), (front.left + lean, front.top - depth), (front.right + lean, front.top - depth),
           (front.right, front.top)]
    side = [(front.right, front.top), (front.right + lean, front.top - depth), (front.right + lean, front.bottom - depth),
            (front.right, front.bottom)]
    width = max(1, round(line))
    pygame.draw.polygon(big, KRAFT_LIGHT, top)
    pygame.draw.polygon(big, KRAFT_DARK, side)
    pygame.draw.rect(big, KRAFT, front)
    tape_w = max(2, front.width // 6)
    pygame.draw.polygon(big, TAPE, [(front.centerx - tape_w / 2 + lean * 0.5, front.top - depth * 0.5 - 1),
                                    (front.centerx + tape_w / 2 + lean * 0.5, front.top - depth * 0.5 - 1),
                                    (front.centerx + tape_w / 2, front.top), (front.centerx - tape_w / 2, front.top)])
    pygame.draw.rect(big, TAPE, (front.centerx - tape_w / 2, front.top, tape_w, front.height * 0.32))
    pygame.draw.line(big, mix(KRAFT_LIGHT, KRAFT_DARK, 0.5), (front.left + lean * 0.5, front.top - depth * 0.5),
                     (front.right + lean * 0.5, front.top - depth * 0.5), width)
    ink = mix(KRAFT_DARK, theme.INK, 0.5)
    _polygon_round(big, ink, top, width)
    _polygon_round(big, ink, side, width)
    pygame.draw.rect(big, ink, front, width)


def _paint_spaces(big: pygame.Surface, design: _Design, big_rect: Any, k: float) -> None:
    """Each space: a tinted panel with a coloured header and its picture, then its balloons."""
    board, _, _ = _board_data()
    for name, rect in design.spaces.items():
        colour = SPACE_COLOURS.get(name, theme.GOLD)
        panel = big_rect(rect)
        radius = round(16 * k)
        pygame.draw.rect(big, mix(colour, BOARD_FACE, 0.78), panel, border_radius=radius)
        header = pygame.Rect(panel.left, panel.top, panel.width, round(46 * k))
        pygame.draw.rect(big, colour, header, border_top_left_radius=radius, border_top_right_radius=radius)
        pygame.draw.line(big, mix(colour, theme.INK, 0.35), header.bottomleft, header.bottomright, max(1, round(1.5 * k)))
        pygame.draw.rect(big, mix(colour, theme.INK, 0.4), panel, max(1, round(2.5 * k)), border_radius=radius)
        icon_centre = (header.left + round(30 * k), header.centery)
        _space_picture(big, name, icon_centre, round(17 * k), k)
    for balloon in board:
        dice = big_rect(design.dice[balloon.id], keep=balloon.capacity is not None)
        _paint_balloon(big, balloon, big_rect(design.balloons[balloon.id]), dice, k)


def _space_picture(big: pygame.Surface, name: str, centre: tuple[int, int], r: int, k: float) -> None:
    """A space's picture in a cream disc: a broom (tidy), a box (pack), a photo with a heart (recall)."""
    cx, cy = centre
    pygame.draw.circle(big, theme.PAPER, centre, r + round(3 * k))
    pygame.draw.circle(big, mix(SPACE_COLOURS.get(name, theme.GOLD), theme.INK, 0.4), centre, r + round(3 * k),
                       max(1, round(1.5 * k)))
    line = max(1, round(2 * k))
    if name == "tidy":
        pygame.draw.line(big, (140, 96, 56), (cx + r * 0.55, cy - r * 0.8), (cx - r * 0.1, cy + r * 0.2), line * 2)
        bristles = [(cx - r * 0.35, cy - r * 0.05), (cx + r * 0.15, cy + r * 0.35), (cx - r * 0.2, cy + r * 0.85),
                    (cx - r * 0.85, cy + r * 0.45)]
        pygame.draw.polygon(big, (214, 170, 70), bristles)
        for t_ in (0.3, 0.55, 0.8):
            a = (bristles[0][0] + (bristles[3][0] - bristles[0][0]) * t_, bristles[0][1] + (bristles[3][1] - bristles[0][1]) * t_)
            b = (bristles[1][0] + (bristles[2][0] - bristles[1][0]) * t_, bristles[1][1] + (bristles[2][1] - bristles[1][1]) * t_)
            pygame.draw.line(big, (160, 120, 40), a, b, max(1, line // 2))
        _polygon_round(big, theme.INK, bristles, max(1, line // 2 + 1))
    elif name == "pack":
        _draw_box(big, pygame.Rect(cx - r * 0.7, cy - r * 0.25, r * 1.2, r * 0.9), round(r * 0.45), max(1, line * 0.6))
    else:
        photo = pygame.Rect(0, 0, round(r * 1.5), round(r * 1.5))
        photo.center = centre
        pygame.draw.rect(big, (252, 250, 244), photo)
        pygame.draw.rect(big, theme.INK, photo, max(1, line // 2 + 1))
        heart_c = (photo.centerx, photo.centery + r * 0.05)
        _heart(big, heart_c, r * 0.48, (214, 84, 96))


def _heart(big: pygame.Surface, centre: tuple[float, float], r: float, colour: Color) -> None:
    """A heart of size ``r``."""
    cx, cy = centre
    pygame.draw.circle(big, colour, (cx - r * 0.5, cy - r * 0.25), r * 0.55)
    pygame.draw.circle(big, colour, (cx + r * 0.5, cy - r * 0.25), r * 0.55)
    pygame.draw.polygon(big, colour, [(cx - r * 1.02, cy - r * 0.1), (cx + r * 1.02, cy - r * 0.1), (cx, cy + r * 1.0)])


def _balloon_outline(rect: pygame.Rect, k: float) -> tuple[list[tuple[float, float]], list[tuple[float, float]]]:
    """A speech balloon: a rounded rectangle with a short tail on its left side pointing down-left.
    Returns the whole outline and the tail's three points (lower base, tip, upper base)."""
    radius = round(min(rect.height / 2, 18 * k))
    step = 10
    points = art._round_rect_outline(rect, radius, step)
    per_corner = len(range(0, 91, step))
    lower = rect.bottom - radius - 2 * k
    tail = [(rect.left + 1, lower), (rect.left - 13 * k, rect.bottom + 3 * k), (rect.left + 1, lower - 20 * k)]
    # the outline runs clockwise from the top-right corner: the left edge climbs after three corners
    return points[:per_corner * 3] + tail + points[per_corner * 3:], tail


def _inset(points: Sequence[tuple[float, float]], by: float, push: float = 0.0) -> list[tuple[float, float]]:
    """A triangle's points moved ``by`` toward its centre (the paper inside an inked tail); the two
    base points (first and last) also ``push`` right, into the balloon's body."""
    cx = sum(x for x, _ in points) / len(points)
    cy = sum(y for _, y in points) / len(points)
    moved = []
    for index, (x, y) in enumerate(points):
        dx, dy = cx - x, cy - y
        length = math.hypot(dx, dy) or 1.0
        shift = push if index in (0, len(points) - 1) else 0.0
        moved.append((x + dx / length * by + shift, y + dy / length * by))
    return moved


def _paint_balloon(big: pygame.Surface, balloon: Any, rect: pygame.Rect, dice: pygame.Rect, k: float) -> None:
    """One balloon: paper with an ink outline (a thought cloud for the unlimited one), its slot."""
    line = max(2, round(2.4 * k))
    colour = SPACE_COLOURS.get(balloon.space, theme.GOLD)
    if balloon.capacity is None:
        _thought_cloud(big, rect, k, line)
    else:
        outline, tail = _balloon_outline(rect, k)
        pygame.draw.polygon(big, theme.INK, outline)
        _polygon_round(big, theme.INK, tail, line)
        inner = rect.inflate(-line * 2, -line * 2)
        pygame.draw.rect(big, theme.PAPER, inner, border_radius=round(min(inner.height / 2, 16 * k)))
        pygame.draw.polygon(big, theme.PAPER, _inset(tail, line * 1.7, push=line * 2.5))
    # the place for the die (dice): a tinted dashed square
    wash = pygame.Surface(dice.size, pygame.SRCALPHA)
    pygame.draw.rect(wash, (*mix(colour, theme.PAPER, 0.55), 255), wash.get_rect(), border_radius=round(12 * k))
    big.blit(wash, dice.topleft)
    art._dashed_round_rect(big, mix(colour, theme.INK, 0.35), dice, round(12 * k), round(7 * k), round(5 * k),
                           max(1, round(1.6 * k)))


def _thought_cloud(big: pygame.Surface, rect: pygame.Rect, k: float, line: int) -> None:
    """A thought balloon: a rounded body with a scalloped edge and two small puffs trailing."""
    bumps = []
    radius = 13 * k
    edge = art._round_rect_outline(rect.inflate(-radius, -radius), round(radius), 5)
    travelled = 0.0
    step = radius * 1.25
    for (x0, y0), (x1, y1) in zip(edge, edge[1:] + edge[:1]):
        length = math.hypot(x1 - x0, y1 - y0)
        position = (step - travelled) % step if bumps else 0.0
        while position < length:
            bumps.append((x0 + (x1 - x0) * position / length, y0 + (y1 - y0) * position / length))
            position += step
        travelled = (travelled + length) % step
    puffs = [((rect.left - 6 * k, rect.bottom - 6 * k), 7 * k), ((rect.left - 16 * k, rect.bottom + 6 * k), 4.5 * k)]
    for (x, y), r in puffs:
        pygame.draw.circle(big, theme.INK, (x, y), r + line)
    for x, y in bumps:
        pygame.draw.circle(big, theme.INK, (x, y), radius / 1.6 + line)
    pygame.draw.rect(big, theme.INK, rect.inflate(-radius * 0.6, -radius * 0.6), border_radius=round(radius))
    for x, y in bumps:
        pygame.draw.circle(big, theme.PAPER, (x, y), radius / 1.6)
    for (x, y), r in puffs:
        pygame.draw.circle(big, theme.PAPER, (x, y), r)
    pygame.draw.rect(big, theme.PAPER, rect.inflate(-radius * 0.6 - line * 2, -radius * 0.6 - line * 2),
                     border_radius=round(radius))


def _paint_box_track(big: pygame.Surface, design: _Design, big_rect: Any, k: float) -> None:
    """The packed-box track: a floor mat for 0, a taped box for 1..12, a gold tag over each
    box with a bonus, hung on a string."""
    strip = big_rect(design.box_strip)
    pygame.draw.rect(big, mix(KRAFT_LIGHT, BOARD_FACE, 0.55), strip, border_radius=round(14 * k))
    pygame.draw.rect(big, mix(KRAFT_DARK, theme.INK, 0.2), strip, max(1, round(2 * k)), border_radius=round(14 * k))
    _, bonus, _ = _board_data()
    for n, box in enumerate(design.boxes):
        front = big_rect(box)
        if n == 0:
            mat = front.inflate(0, -round(front.height * 0.3)).move(0, round(front.height * 0.15))
            pygame.draw.rect(big, mix(TATAMI_HERI, theme.PAPER, 0.25), mat, border_radius=round(6 * k))
            pygame.draw.rect(big, theme.INK, mat, max(1, round(1.5 * k)), border_radius=round(6 * k))
            continue
        depth = round(front.width * 0.28)
        _draw_box(big, front.inflate(-round(front.width * 0.18), 0).move(-round(front.width * 0.06), 0), depth,
                  max(1, round(1.3 * k)))
        if n in bonus:
            tag = _tag_rect(front, k)
            pygame.draw.line(big, theme.INK_SOFT, (tag.centerx, tag.bottom), (front.centerx, front.top - depth // 2),
                             max(1, round(1.2 * k)))
            pygame.draw.rect(big, mix(NP_GOLD, theme.INK, 0.45), tag, border_radius=round(7 * k))
            pygame.draw.rect(big, NP_GOLD, tag.inflate(-round(3 * k), -round(3 * k)), border_radius=round(6 * k))


def _tag_rect(front: pygame.Rect, k: float) -> pygame.Rect:
    """The bonus tag above a box front (in the same pixels as ``front``)."""
    tag = pygame.Rect(0, 0, round(front.width * 0.98), round(30 * k))
    tag.midbottom = (front.centerx, front.top - round(22 * k))
    return tag


def _paint_dish(big: pygame.Surface, rect: pygame.Rect, k: float) -> None:
    """The chip supply: a round lacquered tray with a reroll mark printed in its middle."""
    pygame.draw.ellipse(big, (120, 42, 36), rect)
    pygame.draw.ellipse(big, (170, 60, 48), rect.inflate(-round(8 * k), -round(8 * k)))
    pygame.draw.ellipse(big, (150, 50, 42), rect.inflate(-round(22 * k), -round(22 * k)))
    pygame.draw.ellipse(big, mix((170, 60, 48), (255, 255, 255), 0.35),
                        rect.inflate(-round(8 * k), -round(8 * k)), max(1, round(1.5 * k)))
    _reroll_arrows(big, rect.center, rect.height * 0.2, mix((150, 50, 42), (255, 255, 255), 0.25), max(1, round(3 * k)))


def _reroll_arrows(big: pygame.Surface, centre: tuple[float, float], r: float, colour: Color, width: int) -> None:
    """Two curved arrows chasing each other round a circle (throw again)."""
    cx, cy = centre
    box = pygame.Rect(cx - r, cy - r, r * 2, r * 2)
    for start in (0.35, math.pi + 0.35):
        pygame.draw.arc(big, colour, box, start, start + math.pi * 0.72, width)
        end = start + math.pi * 0.72
        tip = (cx + r * math.cos(end), cy - r * math.sin(end))
        direction = end + math.pi / 2  # along the arc, counter-clockwise
        dx, dy = math.cos(direction), -math.sin(direction)
        nx, ny = math.cos(end), -math.sin(end)
        size = r * 0.55
        pygame.draw.polygon(big, colour, [(tip[0] + dx * size, tip[1] + dy * size),
                                          (tip[0] + nx * size * 0.6, tip[1] + ny * size * 0.6),
                                          (tip[0] - nx * size * 0.6, tip[1] - ny * size * 0.6)])


def _paint_bear(big: pygame.Surface, rect: pygame.Rect, k: float) -> None:
    """A little teddy bear sitting by the chip tray, a chip in its paws."""
    cx = rect.centerx
    unit = min(rect.width / 70, rect.height / 120)
    line = max(1, round(1.6 * k))

    def at(x: float, y: float) -> tuple[float, float]:
        return (cx + x * unit, rect.bottom - y * unit)

    def blob(x: float, y: float, w: float, h: float, colour: Color) -> None:
        box = pygame.Rect(0, 0, w * unit, h * unit)
        box.center = at(x, y)
        pygame.draw.ellipse(big, theme.INK, box.inflate(line * 2, line * 2))
        pygame.draw.ellipse(big, colour, box)

    pygame.draw.ellipse(big, (40, 24, 12, 60), pygame.Rect(at(-30, 8), (60 * unit, 12 * unit)))
    for side in (-1, 1):  # legs with paw pads
        blob(side * 16, 14, 22, 20, BEAR)
        blob(side * 17, 13, 11, 10, BEAR_LIGHT)
    blob(0, 40, 46, 52, BEAR)  # body
    blob(0, 36, 26, 30, BEAR_LIGHT)  # tummy
    for side in (-1, 1):  # ears behind the head
        blob(side * 17, 96, 16, 16, BEAR)
        blob(side * 17, 96, 8, 8, BEAR_LIGHT)
    blob(0, 78, 46, 40, BEAR)  # head
    blob(0, 72, 20, 14, BEAR_LIGHT)  # snout
    pygame.draw.ellipse(big, theme.INK, pygame.Rect(at(-3.5, 78), (7 * unit, 5 * unit)))  # nose
    for side in (-1, 1):
        pygame.draw.circle(big, theme.INK, at(side * 9, 84), 2.4 * unit)
        pygame.draw.circle(big, (236, 150, 140), at(side * 15, 74), 3 * unit)  # cheeks
    pygame.draw.arc(big, theme.INK, pygame.Rect(at(-4, 72), (8 * unit, 5 * unit)), math.pi, math.tau, max(1, line // 2 + 1))
    # a chip hugged to its tummy, and the arms round it
    chip_centre = at(0, 40)
    pygame.draw.circle(big, CHIP_EDGE, chip_centre, 10 * unit)
    pygame.draw.circle(big, CHIP_FACE, chip_centre, 7 * unit)
    _reroll_arrows(big, chip_centre, 4.2 * unit, CHIP_EDGE, max(1, round(unit * 1.2)))
    for side in (-1, 1):
        blob(side * 13, 44, 12, 20, BEAR)


# ----- text and icons on the finished board ------------------------------------------------------------
def _label_track(picture: pygame.Surface, design: _Design, to_rect: Any, unit: float) -> None:
    """Numbers in the NP track cells (bold every fifth), "NP" beside 0."""
    for index, cell in enumerate(design.cells):
        rect = to_rect(cell)
        bold = index % 5 == 0
        colour = theme.INK if bold else theme.INK_SOFT
        label = _text(str(index), (19 if bold else 15) * unit, colour, bold)
        picture.blit(label, label.get_rect(center=rect.center))
    zero = to_rect(design.cells[0])
    unit_label = _text("NP", 11 * unit, theme.INK)
    picture.blit(unit_label, unit_label.get_rect(midtop=(zero.centerx, zero.centery + round(9 * unit))))


def _label_closet(picture: pygame.Surface, design: _Design, to_rect: Any, unit: float) -> None:
    """The closet's name on its lintel and the deck spot's name above it."""
    frame = to_rect(design.closet)
    name = _text(t("nostalgic_art.closet"), 14 * unit, theme.PAPER)
    plate = pygame.Rect(0, 0, name.get_width() + round(20 * unit), name.get_height() + round(2 * unit))
    plate.midtop = (frame.centerx, frame.top - round(2 * unit))
    pygame.draw.rect(picture, mix(WOOD_MID, theme.INK, 0.4), plate, border_radius=plate.height // 2)
    picture.blit(name, name.get_rect(center=plate.center))
    deck = to_rect(design.deck, keep=True)
    label = _fit_text(t("nostalgic_art.deck"), 15 * unit, deck.width + 10 * unit, theme.INK_SOFT)
    picture.blit(label, label.get_rect(midbottom=(deck.centerx, deck.top - round(8 * unit))))
    back = card_back(max(8, round(deck.width * 0.42)))
    faint = back.copy()
    faint.fill((255, 255, 255, 70), special_flags=pygame.BLEND_RGBA_MULT)
    picture.blit(faint, faint.get_rect(center=deck.center))


def _label_title(picture: pygame.Surface, rect: pygame.Rect, unit: float) -> None:
    """The game's name on its plaque (in the language shown, the other one small)."""
    main = t("nostalgic_art.title")
    other = t("nostalgic_art.title", lang="en" if language() == "ja" else "ja")
    title = _fit_text(main, 30 * unit, rect.width - 24 * unit, mix(SPACE_COLOURS["recall"], theme.INK, 0.5))
    sub = _fit_text(f"~ {other} ~", 15 * unit, rect.width - 24 * unit, theme.INK_SOFT, False)
    picture.blit(title, title.get_rect(midtop=(rect.centerx, rect.top + round(14 * unit))))
    picture.blit(sub, sub.get_rect(midtop=(rect.centerx, rect.top + round(14 * unit) + title.get_height())))


def _label_spaces(picture: pygame.Surface, design: _Design, to_rect: Any, unit: float) -> None:
    """Space names in the headers; in each balloon the faces it takes and what it gives."""
    other = "en" if language() == "ja" else "ja"
    for name, rect in design.spaces.items():
        header = to_rect((rect[0], rect[1], rect[2], 46))
        key = f"nostalgic_art.space.{name}"
        left = header.left + round(56 * unit)
        room = header.right - left - round(8 * unit)
        main = _fit_text(t(key), 24 * unit, room * 0.66, theme.PAPER)
        sub = _fit_text(t(key, lang=other), 14 * unit, room - main.get_width() - 8 * unit,
                        mix(SPACE_COLOURS[name], theme.PAPER, 0.7), False)
        picture.blit(main, main.get_rect(midleft=(left, header.centery)))
        picture.blit(sub, sub.get_rect(bottomright=(header.right - round(10 * unit), header.centery + main.get_height() // 2 - 2)))
    board, _, _ = _board_data()
    for balloon in board:
        _label_balloon(picture, balloon, to_rect(design.info[balloon.id]), to_rect(design.balloons[balloon.id]), unit)


def _effects(balloon: Any, height: int) -> list[pygame.Surface]:
    """The icons of what a balloon gives, in the order it happens."""
    icons: list[pygame.Surface] = []
    if balloon.card:
        icons.append(card_icon(round(height * 1.25)))
    if balloon.boxes:
        icons.extend(box_icon(round(height * 1.05)) for _ in range(balloon.boxes))
    if balloon.np:
        icons.append(np_pill(balloon.np, height))
    if balloon.np_die:
        icons.append(np_pill(None, height))
    if balloon.chip:
        icons.append(chip(round(height * 1.05)))
    return icons


def _row(pictures: Iterable[pygame.Surface], gap: int) -> pygame.Surface:
    """Pictures side by side, centred on one line."""
    items = list(pictures)
    if not items:
        return pygame.Surface((1, 1), pygame.SRCALPHA)
    width = sum(item.get_width() for item in items) + gap * (len(items) - 1)
    height = max(item.get_height() for item in items)
    row = pygame.Surface((width, height), pygame.SRCALPHA)
    x = 0
    for item in items:
        row.blit(item, item.get_rect(midleft=(x, height / 2)))
        x += item.get_width() + gap
    return row


def _label_balloon(picture: pygame.Surface, balloon: Any, info: pygame.Rect, body: pygame.Rect, unit: float) -> None:
    """The faces a balloon takes as little dice, an arrow, and its effect icons."""
    if balloon.capacity is None:
        die = round(18 * unit)
        faces = [mini_die(value, die) for value in balloon.accepts]
        first, second = _row(faces[:3], round(3 * unit)), _row(faces[3:], round(3 * unit))
        badge = infinity_badge(round(38 * unit))
        pill = _row(_effects(balloon, round(24 * unit)), round(4 * unit))
        column = [badge, first, second, pill]
        total = sum(item.get_height() for item in column) + round(5 * unit) * 3
        y = info.centery - total / 2
        for item in column:
            picture.blit(item, item.get_rect(midtop=(info.centerx, round(y))))
            y += item.get_height() + round(5 * unit)
        return
    die = round(24 * unit)
    faces = _row((mini_die(value, die) for value in balloon.accepts), round(3 * unit))
    effects = _row(_effects(balloon, round(24 * unit)), round(4 * unit))
    arrow = arrow_icon(round(20 * unit))
    one_line = faces.get_width() + arrow.get_width() + effects.get_width() + round(12 * unit)
    if one_line <= info.width:
        line = _row((faces, arrow, effects), round(6 * unit))
        picture.blit(line, line.get_rect(center=info.center))
        return
    gap = round(6 * unit)
    total = faces.get_height() + effects.get_height() + gap
    top = info.centery - total // 2
    picture.blit(faces, faces.get_rect(midtop=(info.centerx, top)))
    if effects.get_width() > info.width:
        effects = pygame.transform.smoothscale(effects, (info.width, round(effects.get_height() * info.width / effects.get_width())))
    picture.blit(effects, effects.get_rect(midtop=(info.centerx, top + faces.get_height() + gap)))


def _label_box_track(picture: pygame.Surface, design: _Design, to_rect: Any, unit: float) -> None:
    """Box numbers on the fronts, "+N" on the bonus tags, the track's name along its top."""
    _, bonus, _ = _board_data()
    for n, box in enumerate(design.boxes):
        front = to_rect(box)
        if n == 0:
            label = _text("0", 18 * unit, theme.PAPER)
            picture.blit(label, label.get_rect(center=(front.centerx, front.centery + round(2 * unit))))
            continue
        number = _text(str(n), 17 * unit, mix(KRAFT_DARK, theme.INK, 0.55))
        picture.blit(number, number.get_rect(center=(front.centerx - round(front.width * 0.06), front.centery + round(10 * unit))))
        if n in bonus:
            tag = _tag_rect(front, unit)
            text = _fit_text(f"+{bonus[n]}", 17 * unit, tag.width - 4 * unit, theme.INK)
            picture.blit(text, text.get_rect(center=tag.center))


# ----- nostalgia cards ----------------------------------------------------------------------------------
def card_size(width: int) -> tuple[int, int]:
    """A card's size for ``width`` (the table's card proportions)."""
    return width, round(width * CARD_ASPECT)


def _kind_of(card: str) -> str:
    """The kind letter whose art a card shows ("TW" -> "T")."""
    return card[:1]


@lru_cache(maxsize=48)
def card_face(card: str, width: int = art.CARD_SIZE[0]) -> pygame.Surface:
    """A nostalgia card: a kind-coloured frame, its symbol big in a tinted medallion and small in
    two corners; a wild card ("TW", "PW", "LW") adds a big "W" ribbon across the top."""
    kind = _kind_of(card)
    wild = card.endswith("W")
    size = card_size(width)
    s = art.SUPERSAMPLE
    colour, deep = KIND_COLOURS.get(kind, theme.GOLD), KIND_DEEP.get(kind, theme.INK)
    big = _supersampled(size)
    w, h = big.get_size()
    radius = round(width * 0.1 * s)
    pygame.draw.rect(big, deep, big.get_rect(), border_radius=radius)
    pygame.draw.rect(big, colour, big.get_rect().inflate(-2 * s, -2 * s), border_radius=radius)
    field_rect = big.get_rect().inflate(-round(w * 0.12), -round(w * 0.12))
    pygame.draw.rect(big, theme.PAPER, field_rect, border_radius=round(radius * 0.6))
    pygame.draw.rect(big, mix(colour, theme.PAPER, 0.5), field_rect.inflate(-round(w * 0.05), -round(w * 0.05)),
                     max(1, round(w * 0.012)), border_radius=round(radius * 0.5))
    centre = (w / 2, h * 0.54)
    medallion = w * 0.34
    pygame.draw.circle(big, mix(colour, theme.PAPER, 0.78), centre, medallion)
    pygame.draw.circle(big, mix(colour, theme.PAPER, 0.45), centre, medallion, max(1, round(w * 0.015)))
    _kind_symbol(big, kind, centre, medallion * 0.78)
    corner = w * 0.1
    _kind_symbol(big, kind, (field_rect.left + corner * 1.15, field_rect.top + corner * 1.2), corner)
    flipped = pygame.Surface((round(corner * 2.6), round(corner * 2.6)), pygame.SRCALPHA)
    _kind_symbol(flipped, kind, (corner * 1.3, corner * 1.3), corner)
    flipped = pygame.transform.rotate(flipped, 180)
    big.blit(flipped, flipped.get_rect(center=(field_rect.right - corner * 1.15, field_rect.bottom - corner * 1.2)))
    if wild:
        _wild_ribbon(big, w, h)
    picture = art.downsample(big, size)
    if wild:
        (x0, y0), (x1, y1) = RIBBON
        height = size[1]
        slope = math.degrees(math.atan2((y1 - y0) * height, (x1 - x0) * width))
        letter = pygame.transform.rotozoom(_text("W", width * 0.24, theme.INK), -slope, 1.0)
        picture.blit(letter, letter.get_rect(center=(width * 0.745, height * 0.19)))
    return picture


def _wild_ribbon(big: pygame.Surface, w: int, h: int) -> None:
    """A gold sash across the top-right corner, edged in the three kinds' colours (any kind)."""
    band = w * 0.28
    start, end = RIBBON[0], RIBBON[1]
    start, end = (w * start[0], h * start[1]), (w * end[0], h * end[1])
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    nx, ny = -dy / length, dx / length
    layer = pygame.Surface((w, h), pygame.SRCALPHA)
    for offset, colour in ((band * 0.5 + w * 0.03, KIND_COLOURS["T"]), (band * 0.5 + w * 0.015, KIND_COLOURS["P"]),
                           (band * 0.5, KIND_COLOURS["L"])):
        pygame.draw.polygon(layer, colour, [(start[0] + nx * offset, start[1] + ny * offset),
                                            (end[0] + nx * offset, end[1] + ny * offset),
                                            (end[0] - nx * offset, end[1] - ny * offset),
                                            (start[0] - nx * offset, start[1] - ny * offset)])
    inner = band * 0.44
    pygame.draw.polygon(layer, WILD_RIBBON, [(start[0] + nx * inner, start[1] + ny * inner),
                                             (end[0] + nx * inner, end[1] + ny * inner),
                                             (end[0] - nx * inner, end[1] - ny * inner),
                                             (start[0] - nx * inner, start[1] - ny * inner)])
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=round(w * 0.1))
    layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    big.blit(layer, (0, 0))


def _kind_symbol(big: pygame.Surface, kind: str, centre: tuple[float, float], r: float) -> None:
    """A kind's symbol: a spinning top (toy), a snapshot (photo), an envelope (letter)."""
    if kind == "T":
        _spinning_top(big, centre, r)
    elif kind == "P":
        _snapshot(big, centre, r)
    else:
        _envelope(big, centre, r)


def _spinning_top(big: pygame.Surface, centre: tuple[float, float], r: float) -> None:
    """A koma: a wide striped body on a point, a stem on top."""
    cx, cy = centre
    line = max(1, round(r * 0.07))
    ink = KIND_DEEP["T"]
    body = [(cx - r * 0.95, cy - r * 0.1), (cx - r * 0.7, cy - r * 0.42), (cx + r * 0.7, cy - r * 0.42),
            (cx + r * 0.95, cy - r * 0.1), (cx + r * 0.2, cy + r * 0.7), (cx, cy + r * 0.95),
            (cx - r * 0.2, cy + r * 0.7)]
    pygame.draw.rect(big, ink, (cx - r * 0.09, cy - r * 0.95, r * 0.18, r * 0.6), border_radius=round(r * 0.05))
    pygame.draw.polygon(big, KIND_COLOURS["T"], body)
    stripe = [(cx - r * 0.82, cy - r * 0.26), (cx + r * 0.82, cy - r * 0.26), (cx + r * 0.62, cy + r * 0.06),
              (cx - r * 0.62, cy + r * 0.06)]
    pygame.draw.polygon(big, theme.PAPER, stripe)
    band = [(cx - r * 0.5, cy + r * 0.2), (cx + r * 0.5, cy + r * 0.2), (cx + r * 0.3, cy + r * 0.42),
            (cx - r * 0.3, cy + r * 0.42)]
    pygame.draw.polygon(big, theme.GOLD, band)
    _polygon_round(big, ink, body, line)
    pygame.draw.arc(big, ink, (cx - r * 1.2, cy - r * 0.7, r * 0.5, r * 0.9), math.pi * 0.6, math.pi * 1.2, line)
    pygame.draw.arc(big, ink, (cx + r * 0.7, cy - r * 0.7, r * 0.5, r * 0.9), -math.pi * 0.2, math.pi * 0.4, line)


def _snapshot(big: pygame.Surface, centre: tuple[float, float], r: float) -> None:
    """An instant photo, a little tilted: white border, sky, a mountain, a sun."""
    side = r * 1.7
    photo = pygame.Surface((round(side), round(side * 1.12)), pygame.SRCALPHA)
    pw = photo.get_width()
    line = max(1, round(r * 0.06))
    pygame.draw.rect(photo, KIND_DEEP["P"], photo.get_rect(), border_radius=round(r * 0.06))
    pygame.draw.rect(photo, (252, 250, 244), photo.get_rect().inflate(-line * 2, -line * 2), border_radius=round(r * 0.05))
    window = pygame.Rect(round(pw * 0.1), round(pw * 0.1), round(pw * 0.8), round(pw * 0.76))
    pygame.draw.rect(photo, (150, 200, 236), window)
    pygame.draw.circle(photo, (248, 204, 90), (window.right - window.width * 0.25, window.top + window.height * 0.28),
                       window.width * 0.12)
    mountain = [(window.left, window.bottom), (window.left + window.width * 0.38, window.top + window.height * 0.35),
                (window.left + window.width * 0.62, window.top + window.height * 0.62),
                (window.left + window.width * 0.78, window.top + window.height * 0.48), (window.right, window.bottom)]
    pygame.draw.polygon(photo, KIND_COLOURS["P"], mountain)
    snow = [(window.left + window.width * 0.3, window.top + window.height * 0.45),
            (window.left + window.width * 0.38, window.top + window.height * 0.35),
            (window.left + window.width * 0.46, window.top + window.height * 0.45)]
    pygame.draw.polygon(photo, (252, 250, 244), snow)
    pygame.draw.rect(photo, KIND_DEEP["P"], window, line)
    turned = pygame.transform.rotozoom(photo, 8, 1.0)
    big.blit(turned, turned.get_rect(center=centre))


def _envelope(big: pygame.Surface, centre: tuple[float, float], r: float) -> None:
    """A letter: an envelope with its flap closed by a red heart seal."""
    cx, cy = centre
    body = pygame.Rect(0, 0, r * 1.9, r * 1.3)
    body.center = (round(cx), round(cy + r * 0.05))
    line = max(1, round(r * 0.07))
    ink = KIND_DEEP["L"]
    pygame.draw.rect(big, (252, 240, 206), body, border_radius=round(r * 0.08))
    pygame.draw.lines(big, mix(ink, (252, 240, 206), 0.4), False,
                      [body.bottomleft, (body.centerx, body.top + body.height * 0.5), body.bottomright], line)
    flap = [body.topleft, (body.centerx, body.top + body.height * 0.6), body.topright]
    pygame.draw.polygon(big, KIND_COLOURS["L"], flap)
    _polygon_round(big, ink, flap, line)
    pygame.draw.rect(big, ink, body, line, border_radius=round(r * 0.08))
    _heart(big, (body.centerx, body.top + body.height * 0.58), r * 0.24, (200, 52, 60))


@lru_cache(maxsize=16)
def card_back(width: int = art.CARD_SIZE[0]) -> pygame.Surface:
    """The shared back: sepia with a fine diamond lattice and a little house in a round window."""
    size = card_size(width)
    s = art.SUPERSAMPLE
    big = _supersampled(size)
    w, h = big.get_size()
    radius = round(width * 0.1 * s)
    pygame.draw.rect(big, mix(BACK, (0, 0, 0), 0.4), big.get_rect(), border_radius=radius)
    pygame.draw.rect(big, BACK, big.get_rect().inflate(-2 * s, -2 * s), border_radius=radius)
    frame = big.get_rect().inflate(-round(w * 0.12), -round(w * 0.12))
    lattice = pygame.Surface((w, h), pygame.SRCALPHA)
    step = max(4, round(w * 0.14))
    for offset in range(-h, w + h, step):
        pygame.draw.line(lattice, (*BACK_LINE, 70), (offset, 0), (offset + h * 0.7, h), max(1, s))
        pygame.draw.line(lattice, (*BACK_LINE, 70), (offset + h * 0.7, 0), (offset, h), max(1, s))
    clip = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(clip, (255, 255, 255, 255), frame, border_radius=round(radius * 0.6))
    lattice.blit(clip, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    big.blit(lattice, (0, 0))
    pygame.draw.rect(big, BACK_LINE, frame, max(1, round(w * 0.015)), border_radius=round(radius * 0.6))
    centre = (w / 2, h / 2)
    window = w * 0.27
    pygame.draw.circle(big, BACK, centre, window)
    pygame.draw.circle(big, BACK_LINE, centre, window, max(1, round(w * 0.018)))
    house = pygame.Rect(0, 0, window * 0.9, window * 0.62)
    house.midbottom = (round(centre[0]), round(centre[1] + window * 0.5))
    pygame.draw.rect(big, BACK_LINE, house)
    pygame.draw.polygon(big, BACK_LINE, [(house.left - window * 0.14, house.top + 1), (house.centerx, house.top - window * 0.5),
                                         (house.right + window * 0.14, house.top + 1)])
    pygame.draw.rect(big, BACK, (house.centerx - window * 0.12, house.bottom - window * 0.34, window * 0.24, window * 0.34))
    return art.downsample(big, size)


# ----- markers, chips, the round card -------------------------------------------------------------------
@lru_cache(maxsize=32)
def player_marker(seat: int, size: int = 34) -> pygame.Surface:
    """A seat's chunky wooden marker seen from above: its own shape (circle, triangle, square,
    diamond) in its colour, with a thick darker side, a shine and a pale inner outline."""
    shape = SEAT_SHAPES[seat % len(SEAT_SHAPES)]
    colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
    s = art.SUPERSAMPLE
    height = size + max(2, size // 7)
    big = _supersampled((size, height))
    r = size * s / 2 - s
    centre = (size * s / 2, size * s / 2)
    side = max(2, size * s // 7)
    dark = mix(colour, (0, 0, 0), 0.4)
    pygame.draw.polygon(big, (0, 0, 0, 70), shape_points(shape, (centre[0] + s, centre[1] + side + s), r))
    for lift in range(side, 0, -s):  # the thick side of the piece
        pygame.draw.polygon(big, dark, shape_points(shape, (centre[0], centre[1] + lift), r))
    pygame.draw.polygon(big, colour, shape_points(shape, centre, r))
    _polygon_round(big, mix(colour, theme.PAPER, 0.55), shape_points(shape, centre, r * 0.62), max(1, round(size * s * 0.05)))
    shine = shape_points(shape, (centre[0] - r * 0.12, centre[1] - r * 0.12), r * 0.34)
    pygame.draw.polygon(big, mix(colour, (255, 255, 255), 0.45), shine)
    return art.downsample(big, (size, height))


@lru_cache(maxsize=32)
def box_marker(seat: int, size: int = 30) -> pygame.Surface:
    """A seat's marker for the box track: a round cardboard-coloured token with the seat's shape
    printed on it in the seat's colour (so both tracks read by shape)."""
    shape = SEAT_SHAPES[seat % len(SEAT_SHAPES)]
    colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
    s = art.SUPERSAMPLE
    height = size + max(2, size // 8)
    big = _supersampled((size, height))
    r = size * s / 2 - s
    centre = (size * s / 2, size * s / 2)
    edge = max(2, size * s // 8)
    pygame.draw.circle(big, mix(colour, (0, 0, 0), 0.45), (centre[0], centre[1] + edge), r)
    pygame.draw.circle(big, colour, centre, r)
    pygame.draw.circle(big, theme.PAPER, centre, r * 0.8)
    pygame.draw.polygon(big, colour, shape_points(shape, centre, r * 0.6))
    return art.downsample(big, (size, height))


@lru_cache(maxsize=16)
def chip(size: int = 40) -> pygame.Surface:
    """A reroll chip: an ivory disc with a teal rim of notches and two chasing arrows, a thin edge below."""
    s = art.SUPERSAMPLE
    height = size + max(2, size // 9)
    big = _supersampled((size, height))
    r = size * s / 2 - s
    centre = (size * s / 2, size * s / 2)
    edge = max(2, size * s // 9)
    pygame.draw.circle(big, mix(CHIP_EDGE, (0, 0, 0), 0.4), (centre[0], centre[1] + edge), r)
    pygame.draw.circle(big, CHIP_EDGE, centre, r)
    for k in range(8):  # notches round the rim, like a poker chip
        angle = k * math.tau / 8
        x, y = centre[0] + r * 0.86 * math.cos(angle), centre[1] + r * 0.86 * math.sin(angle)
        pygame.draw.circle(big, CHIP_FACE, (x, y), r * 0.11)
    pygame.draw.circle(big, CHIP_FACE, centre, r * 0.66)
    pygame.draw.circle(big, mix(CHIP_EDGE, CHIP_FACE, 0.5), centre, r * 0.66, max(1, s))
    _reroll_arrows(big, centre, r * 0.38, CHIP_EDGE, max(1, round(r * 0.11)))
    return art.downsample(big, (size, height))


@lru_cache(maxsize=16)
def _round_card(round_number: int, width: int, rounds: int, lang: str) -> pygame.Surface:
    """The round card for a 0-based ``round_number`` of ``rounds``."""
    size = card_size(width)
    s = art.SUPERSAMPLE
    big = _supersampled(size)
    w, h = big.get_size()
    radius = round(width * 0.1 * s)
    pygame.draw.rect(big, theme.FUTON, big.get_rect(), border_radius=radius)
    inner = big.get_rect().inflate(-round(w * 0.1), -round(w * 0.1))
    pygame.draw.rect(big, theme.PAPER, inner, border_radius=round(radius * 0.6))
    pygame.draw.rect(big, mix(theme.FUTON, theme.PAPER, 0.5), inner.inflate(-round(w * 0.05), -round(w * 0.05)),
                     max(1, s), border_radius=round(radius * 0.5))
    dots_y = h * 0.8
    gap = w * 0.15
    for k in range(rounds):  # one dot per round, the rounds done and this one filled
        x = w / 2 + (k - (rounds - 1) / 2) * gap
        filled = k <= round_number
        pygame.draw.circle(big, theme.FUTON if filled else mix(theme.FUTON, theme.PAPER, 0.7), (x, dots_y), w * 0.05)
    picture = art.downsample(big, size)
    label = _fit_text(t("nostalgic_art.round"), width * 0.16, width * 0.8, theme.INK_SOFT)
    picture.blit(label, label.get_rect(midtop=(width / 2, size[1] * 0.12)))
    number = _text(str(round_number + 1), width * 0.56, theme.FUTON)
    picture.blit(number, number.get_rect(center=(width / 2, size[1] * 0.5)))
    return picture


def round_card(round: int, width: int = 96, *, rounds: int = 4) -> pygame.Surface:
    """The round card showing round ``round`` (0-based, as the rules count; it prints round + 1)
    with one dot per round of ``rounds``, this one and those before filled."""
    return _round_card(round, width, max(rounds, round + 1), language())


# ----- housekeeping ----------------------------------------------------------------------------------
def prewarm(size: tuple[int, int] = BOARD_SIZE, card_width: int = 92) -> None:
    """Draw the board, every card face, the back, markers and chips now, before the first frame."""
    board_picture(size)
    for kind in ("T", "P", "L"):
        card_face(kind, card_width)
        card_face(kind + "W", card_width)
    card_back(card_width)
    for seat in range(4):
        player_marker(seat)
        box_marker(seat)
    chip()


def clear_caches() -> None:
    """Forget every picture drawn here (a new display, tests, or the last table closed)."""
    for function in (_board_picture, board_layout, card_face, card_back, player_marker, box_marker, chip, _round_card):
        function.cache_clear()
    _design.cache_clear()
    _icons.clear()


cache.on_release(cache.TABLE, clear_caches)
