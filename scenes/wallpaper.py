"""The table of That Old Wallpaper: the rows of wallpaper cards by the deck, the number cards,
the memory token line, and every seat's wall.

Left, the market: the deck and the round cards, then the rows from the LOW end (next to the deck)
to the HIGH end, each growing downward as cards arrive (a red oval brings one more card at once:
the chain is dealt one card after another); above each row the number cards that claim it; the
token line below. Under the market a strip of small walls, one per seat (click or Tab to see one
large). Right, one wall large (the viewer's unless asked otherwise): it fits itself as it grows
and pans with the wheel or by dragging its empty parts. Bottom, the viewer's number cards, the
spot where a chosen card waits face down, and the tray of taken cards to place.

A turn: each person picks a number card (drag it up, or click it and "Play", or Left/Right and
Enter); a curtain separates two people at one screen; AI seats choose in secret meanwhile. Then
all numbers turn over together and slide to their rows; numbers played by several seats lie
sideways across the rows they block, and the seat first in the token line picks one of them
(click a glowing row, or Left/Right and Enter). The taken cards come to the tray one by one: drag
the first onto a glowing space of the wall (hovering shows the shapes it would complete and the
halves left open), R or the button turns it 180°, keys move a cell cursor (arrows) and Enter
places. The screen never decides legality: a drop is offered to the rules, a refused card springs
back with the rules' reason.

The game-independent machinery (AI worker, undo, curtain, event pump, autosave, still layer with
dirty rectangles, results) is ``scenes.table.base.TableScene``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from game.core.events import Event
from game.core.match import Match
from game.i18n import t
from game.rules.wallpaper import (
    PHASE_CHOOSE,
    PHASE_HAZY,
    PHASE_PICK,
    PHASE_PLACE,
    RULES,
    CardPlaced,
    GameScored,
    GameStarted,
    HandDrawn,
    HazyGiven,
    NumberChosen,
    NumberDrawn,
    NumbersDiscarded,
    NumbersRevealed,
    PileReshuffled,
    RoundStarted,
    RowCardDealt,
    RowTaken,
    Shape,
    TokenMoved,
    TurnStarted,
    WallpaperAction,
    completed_shapes,
    is_hazy,
    legal_cells,
    shapes_made,
    wall_of,
)
from scenes import anim, fonts, theme
from scenes import input as intents
from scenes.app import App, Scene
from scenes.input import Intent
from scenes.table import art, labels
from scenes.table import wallpaper_art as wart
from scenes.table.base import StillPart, TableScene
from scenes.table.pieces import Bubble, nothing
from scenes.table.wallpaper_score import ScoringPanel
from scenes.ui import Button, fit_size

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
HEADER_Y = 110  # centre line of the number cards claiming the rows
ROW_TOP = 156  # top of the first card of a row
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
TITLE_WIDTH = 520  # up to the Help button
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
DRAG_THRESHOLD = 12
WHEEL_STEP = 70
GRANDMA_COLOUR_INDEX = 5

# ----- timings (seconds at normal speed; the animator scales them) -----------------------------------
DEAL_FLIGHT = 0.26
DEAL_GAP = 0.12
FLIP = 0.22
SLIDE = 0.36
PLACE_FLIGHT = 0.32
BUBBLE_PAUSE = 0.5
FLASH = 0.9


# ----- a moving piece ---------------------------------------------------------------------------------
class Piece:
    """Anything that moves on this table: a wallpaper card, a number card, a token, a hazy card.

    ``face`` (and ``back``, for pieces that turn over) make the picture at scale 1; ``flip`` 0 shows
    the back, 1 the face, squeezed in between. ``fly()`` of the base tweens pos, angle, lift,
    flip and scale.
    """

    def __init__(self, key: Any, face: Callable[[], pygame.Surface], pos: Point, *,
                 back: Callable[[], pygame.Surface] | None = None, angle: float = 0.0, scale: float = 1.0,
                 face_up: bool = True, seat: int = -1, value: int = 0) -> None:
        self.key = key
        self.face = face
        self.back = back
        self.pos: Point = pos
        self.angle = angle
        self.scale = scale
        self.flip = 1.0 if face_up or back is None else 0.0
        self.lift = 0.0
        self.quick = False
        self.visible = True
        self.seat = seat
        self.value = value
        self.dim = False

    @property
    def face_up(self) -> bool:
        """True when the face is what shows now."""
        return self.back is None or self.flip >= 0.5

    def picture(self) -> pygame.Surface:
        """The picture as drawn now (cached per bucket by ``art.transformed``)."""
        face_up = self.face_up
        base = self.face() if face_up else self.back()  # type: ignore[misc]
        squeeze = abs(math.cos(math.pi * self.flip)) if self.back is not None else 1.0
        scale = self.scale * (1.0 + 0.07 * self.lift)
        key = (self.key, face_up, self.dim)
        if self.dim:
            base = art.variant(("wp-dim", self.key, face_up), lambda: _dimmed(base))
        return art.transformed(key, base, scale, max(0.05, squeeze), self.angle, self.quick)

    def draw(self, surface: pygame.Surface) -> pygame.Rect:
        """Shadow then picture; returns the area painted."""
        if not self.visible or self.scale <= 0.01:
            return nothing(self.pos)
        image = self.picture()
        centre = (round(self.pos[0]), round(self.pos[1]))
        shadow = _shadow_of(image)
        drop = 4 + round(16 * self.lift)
        painted = surface.blit(shadow, shadow.get_rect(center=(centre[0] + drop // 2, centre[1] + drop)))
        return painted.union(surface.blit(image, image.get_rect(center=centre)))

    def rect(self) -> pygame.Rect:
        """The unturned picture's rectangle at rest."""
        base = self.face()
        width, height = base.get_width() * self.scale, base.get_height() * self.scale
        return pygame.Rect(round(self.pos[0] - width / 2), round(self.pos[1] - height / 2), round(width),
                           round(height))

    def contains(self, point: Sequence[float]) -> bool:
        """True when ``point`` lies on the piece."""
        return self.visible and self.rect().collidepoint(point)


def _dimmed(picture: pygame.Surface) -> pygame.Surface:
    """A darker copy of a picture (a card that cannot be used now)."""
    copy = picture.copy()
    copy.fill((80, 80, 80, 0), special_flags=pygame.BLEND_RGB_SUB)
    return copy


def _shadow_of(image: pygame.Surface) -> pygame.Surface:
    """A soft shadow a little larger than ``image``: one blurred shape, stretched per 8-pixel size
    bucket (a blur per size would stall the frames a card flies in)."""
    size = (image.get_width() // 8 * 8 + 12, image.get_height() // 8 * 8 + 12)
    base = art.variant(("wp-shadow-base",), lambda: art.soft_rect((160, 110), 12, 90, 6))
    return art.variant(("wp-shadow", size), lambda: pygame.transform.smoothscale(base, size))


# ----- pictures ----------------------------------------------------------------------------------------
def seat_colour(seat: int, players: int) -> tuple[int, int, int]:
    """A seat's colour for number cards and tokens (Grandma's is the art's sixth)."""
    if seat >= players:
        return wart.SEAT_COLOURS[GRANDMA_COLOUR_INDEX]
    return wart.SEAT_COLOURS[seat % GRANDMA_COLOUR_INDEX]


def column_step(rows: int) -> float:
    """How far apart the rows' columns lie: spread over the market, at most ``COLUMN_STEP_MAX``."""
    room = MARKET.right - ROW_CARD_W // 2 - 8 - COLUMN_LEFT
    return min(float(COLUMN_STEP_MAX), room / max(1, rows - 1))


def art_seat(seat: int, players: int) -> int:
    """The art's emblem index of a seat (Grandma's is the sixth)."""
    return GRANDMA_COLOUR_INDEX if seat >= players else seat % GRANDMA_COLOUR_INDEX


def number_picture(seat: int, players: int, number: int, height: int, face_up: bool = True) -> pygame.Surface:
    """A seat's number card (its back when ``face_up`` is False)."""
    return wart.number_card(seat_colour(seat, players), number if face_up else 1, height, face_up,
                            seat=art_seat(seat, players))


def row_column_picture(cards: tuple[int, ...], step: float, glow: str) -> pygame.Surface:
    """One row of the market: its cards from top to bottom, overlapping by ``step``; a glow
    ("ok": may be picked, "focus": the keyboard's row) around it."""
    def make() -> pygame.Surface:
        height = ROW_BOTTOM - ROW_TOP + 40
        surface = pygame.Surface((COLUMN_STEP, height), pygame.SRCALPHA)
        card_h = round(ROW_CARD_W / wart.CARD_RATIO)
        outline = art.slot_outline((ROW_CARD_W, card_h), (*theme.TEXT_DIM,))
        surface.blit(outline, outline.get_rect(midtop=(COLUMN_STEP // 2, 0)))
        if glow:  # around the whole row: the place a click takes
            bottom = card_h + round(step * max(0, len(cards) - 1))
            color = theme.OK if glow == "ok" else theme.ACCENT
            ring = pygame.Rect(0, 0, ROW_CARD_W + 18, bottom + 14)
            ring.midtop = (COLUMN_STEP // 2, 0)
            pygame.draw.rect(surface, (*color, 90), ring, border_radius=14)
            pygame.draw.rect(surface, color, ring, 4, border_radius=14)
        for index, card in enumerate(cards):
            face = wart.card_face(card, ROW_CARD_W)
            top = round(index * step) + 4
            shadow = _shadow_of(face)
            surface.blit(shadow, shadow.get_rect(midtop=(COLUMN_STEP // 2 + 2, top + 4)))
            surface.blit(face, face.get_rect(midtop=(COLUMN_STEP // 2, top)))
        return surface

    return art.variant(("wp-row", cards, round(step, 1), glow), make)


def mini_wall(items: WallItems, size: tuple[int, int]) -> pygame.Surface:
    """A wall drawn small to fit ``size`` (its completed shapes shown), centred."""
    def make() -> pygame.Surface:
        surface = pygame.Surface(size, pygame.SRCALPHA)
        if not items:
            return surface
        wall = dict(items)
        picture, _ = wart.wall_picture(wall, MINI_CELL, shapes=completed_shapes(wall))
        scale = min(1.0, size[0] / picture.get_width(), size[1] / picture.get_height())
        if scale < 1.0:
            picture = pygame.transform.smoothscale(picture, (max(1, round(picture.get_width() * scale)),
                                                             max(1, round(picture.get_height() * scale))))
        surface.blit(picture, picture.get_rect(center=(size[0] // 2, size[1] // 2)))
        return surface

    return art.variant(("wp-mini", items, size), make)


def strip_box(name: str, seat: int, players: int, you: bool, shown: bool, turn: bool, items: WallItems,
              hazy: int, chosen: bool, played: tuple[int, ...], placing: int, size: tuple[int, int]) -> pygame.Surface:
    """A seat's box in the strip: colour disc, name, its wall small, hazy cards held, the numbers
    it played this round, the cards it still has to place; room for its face-down card once it
    chose; a gold ring when its wall is the large one, an orange one while it acts."""
    def make() -> pygame.Surface:
        width, height = size
        surface = pygame.Surface(size, pygame.SRCALPHA)
        body = surface.get_rect()
        pygame.draw.rect(surface, (*theme.INK, 205), body, border_radius=16)
        if shown:
            pygame.draw.rect(surface, theme.GOLD, body, 3, border_radius=16)
        if turn:
            pygame.draw.rect(surface, theme.ACCENT, body.inflate(-4, -4), 3, border_radius=14)
        disc = (22, 22)
        pygame.draw.circle(surface, seat_colour(seat, players), disc, 14)
        pygame.draw.circle(surface, theme.PAPER, disc, 14, 2)
        symbol = fonts.text(theme.SEAT_SYMBOLS[seat % len(theme.SEAT_SYMBOLS)], theme.TINY - 6, theme.TEXT, True)
        surface.blit(symbol, symbol.get_rect(center=disc))
        label = name + (f" ({t('table.you')})" if you else "")
        room = width - 48 - (40 if chosen else 0) - (90 if placing else 0)
        image = fonts.text(label, fit_size(label, theme.TINY, room, bold=True, smallest=13), theme.TEXT, True)
        surface.blit(image, image.get_rect(midleft=(42, 22)))
        wall = mini_wall(items, (width - 16, height - 64))
        surface.blit(wall, (8, 40))
        if placing:  # a small pill at the top right: it is hanging its cards now
            note = fonts.text(t("wallpaper_table.box.placing", n=placing), theme.TINY - 6, theme.INK, True)
            pill = note.get_rect(topright=(width - 10, 10)).inflate(14, 6)
            pygame.draw.rect(surface, theme.ACCENT, pill, border_radius=pill.height // 2)
            surface.blit(note, note.get_rect(center=pill.center))
        foot = []
        if hazy:
            foot.append(t("wallpaper_table.box.hazy", n=hazy))
        if played:
            foot.append(t("wallpaper_table.box.played", numbers=" ".join(str(n) for n in played)))
        if not items:
            foot.insert(0, t("wallpaper_table.box.empty"))
        text = "  ·  ".join(foot)
        if text:
            line = fonts.text(text, fit_size(text, theme.TINY - 4, width - 16, smallest=12), theme.TEXT_DIM)
            surface.blit(line, line.get_rect(midbottom=(width // 2, height - 4)))
        return surface

    key = ("wp-box", name, seat, players, you, shown, turn, items, hazy, chosen, played, placing, size, labels.lang())
    return labels.cached(key, make)


def grandma_box(name: str, pile: int, last: int, size: tuple[int, int]) -> pygame.Surface:
    """Grandma's box: her name, her pile, the number she played last."""
    def make() -> pygame.Surface:
        width, height = size
        surface = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(surface, (*theme.INK, 205), surface.get_rect(), border_radius=16)
        colour = wart.SEAT_COLOURS[GRANDMA_COLOUR_INDEX]
        pygame.draw.circle(surface, colour, (22, 22), 14)
        pygame.draw.circle(surface, theme.PAPER, (22, 22), 14, 2)
        image = fonts.text(name, fit_size(name, theme.TINY, width - 50, bold=True, smallest=13), theme.TEXT, True)
        surface.blit(image, image.get_rect(midleft=(42, 22)))
        back = number_picture(2, 2, 1, 46, False)
        surface.blit(back, back.get_rect(center=(width // 2 - 30, 66)))
        count = fonts.text(f"×{pile}", theme.TINY - 6, theme.TEXT_DIM, True)
        surface.blit(count, count.get_rect(midtop=(width // 2 - 30, 90)))
        if last:
            face = number_picture(2, 2, last, 46)
            surface.blit(face, face.get_rect(center=(width // 2 + 30, 66)))
        note = t("wallpaper_table.grandma.note")
        line = fonts.text(note, fit_size(note, theme.TINY - 4, width - 12, smallest=11), theme.TEXT_DIM)
        surface.blit(line, line.get_rect(midbottom=(width // 2, height - 4)))
        return surface

    return labels.cached(("wp-grandma", name, pile, last, size, labels.lang()), make)


def token_layout(count: int) -> tuple[int, int]:
    """Where the token line's tokens lie: (x of the first token's centre on screen, step), for a
    line of ``count`` tokens (the same whatever the order, so a token can fly to its place)."""
    label = fonts.text(t("wallpaper_table.tokens.front"), theme.TINY - 4, theme.GOLD, True)
    back = fonts.text(t("wallpaper_table.tokens.back"), theme.TINY - 4, theme.TEXT_DIM)
    start = 26 + label.get_width() + 28
    room = (MARKET.right - TOKEN_LEFT - start - back.get_width() - 24) // max(1, count)
    return TOKEN_LEFT + start + TOKEN_D // 2, room


def token_line_picture(line: tuple[int, ...], count: int, players: int, names: tuple[str, ...]) -> pygame.Surface:
    """The memory token line: "front" and an arrow on the left, each token in order with its
    seat's name (``count`` places, a token in flight leaves its place empty), "back" at the end."""
    def make() -> pygame.Surface:
        width = MARKET.right - TOKEN_LEFT
        surface = pygame.Surface((width, 44), pygame.SRCALPHA)
        pygame.draw.rect(surface, (*theme.INK, 150), surface.get_rect(), border_radius=22)
        label = fonts.text(t("wallpaper_table.tokens.front"), theme.TINY - 4, theme.GOLD, True)
        surface.blit(label, label.get_rect(midleft=(16, 22)))
        arrow = 26 + label.get_width()
        pygame.draw.polygon(surface, theme.GOLD, [(arrow, 22), (arrow + 12, 14), (arrow + 12, 30)])
        back = fonts.text(t("wallpaper_table.tokens.back"), theme.TINY - 4, theme.TEXT_DIM)
        first, room = token_layout(count)
        for index, seat in enumerate(line):
            x = first - TOKEN_LEFT + index * room
            token = wart.token(seat_colour(seat, players), TOKEN_D, seat=art_seat(seat, players))
            surface.blit(token, token.get_rect(center=(x, 22)))
            name = names[seat] if seat < len(names) else ""
            space = room - TOKEN_D - 14
            if space > 24:
                small = fonts.text(name, fit_size(name, theme.TINY - 6, space, smallest=11), theme.TEXT_DIM)
                if small.get_width() > space:
                    small = small.subsurface((0, 0, space, small.get_height()))
                surface.blit(small, small.get_rect(midleft=(x + TOKEN_D // 2 + 6, 22)))
        surface.blit(back, back.get_rect(midright=(width - 16, 22)))
        return surface

    return labels.cached(("wp-tokens", line, count, players, names, labels.lang()), make)


def round_cards_picture(round_index: int, turn: int) -> pygame.Surface:
    """The three round cards stacked: the ones done dimmed under the current one, and the turn."""
    def make() -> pygame.Surface:
        width = 150
        card = wart.round_card(min(2, round_index), width)
        surface = pygame.Surface((width + 20, card.get_height() + 56), pygame.SRCALPHA)
        surface.blit(card, (10, 6))
        text = t("wallpaper_table.turn", n=min(turn + 1, 18), total=18)
        image = fonts.text(text, fit_size(text, theme.TINY, width, bold=True), theme.TEXT, True)
        surface.blit(image, image.get_rect(midtop=(surface.get_width() // 2, card.get_height() + 14)))
        return surface

    return labels.cached(("wp-round", round_index, turn, labels.lang()), make)


def deck_picture(count: int) -> pygame.Surface:
    """The wallpaper deck: a few backs offset by how many cards are left, and the count."""
    def make() -> pygame.Surface:
        back = wart.card_back(ROW_CARD_W)
        layers = max(1, min(5, (count + 19) // 20)) if count else 0
        surface = pygame.Surface((back.get_width() + 24, back.get_height() + 52), pygame.SRCALPHA)
        if layers == 0:
            outline = art.slot_outline(back.get_size(), theme.TEXT_DIM)
            surface.blit(outline, (12, 12))
        for layer in range(layers):
            surface.blit(back, (12 + layer * 2, 12 - layer * 2 + 8))
        label = fonts.text(t("wallpaper_table.deck", n=count), theme.TINY - 2, theme.TEXT, True)
        surface.blit(label, label.get_rect(midbottom=(surface.get_width() // 2, surface.get_height() - 2)))
        return surface

    return labels.cached(("wp-deck", count, labels.lang()), make)


def hazy_supply_picture(count: int) -> pygame.Surface:
    """The hazy memory cards left in the supply."""
    def make() -> pygame.Surface:
        face = wart.card_face(_hazy_id(), 96)
        surface = pygame.Surface((150, face.get_height() + 40), pygame.SRCALPHA)
        if count:
            surface.blit(face, face.get_rect(midtop=(75, 2)))
        else:
            outline = art.slot_outline(face.get_size(), theme.TEXT_DIM)
            surface.blit(outline, outline.get_rect(midtop=(75, 2)))
        label = fonts.text(t("wallpaper_table.hazy_supply", n=count), theme.TINY - 4, theme.TEXT_DIM, True)
        surface.blit(label, label.get_rect(midbottom=(75, surface.get_height() - 2)))
        return surface

    return labels.cached(("wp-hazy", count, labels.lang()), make)


def _hazy_id() -> int:
    """The id of a hazy memory card (they all look alike)."""
    from game.rules.wallpaper import HAZY_FIRST

    return HAZY_FIRST


def shapes_note(shapes: Sequence[Shape], open_halves: int) -> str:
    """What a placement completes, in words ("large red, small blue · 2 halves open")."""
    parts = [t("wallpaper_table.shape", colour=t(f"wallpaper.colour.{shape.colour}"),
               size=t(f"wallpaper_table.size.{shape.size}")) for shape in shapes]
    text = ", ".join(parts) if parts else t("wallpaper_table.preview.none")
    if open_halves:
        text += "  ·  " + t("wallpaper_table.preview.open", n=open_halves)
    return text


# ----- the wall camera -----------------------------------------------------------------------------------
@dataclass
class Camera:
    """How the large wall is shown: the cell width and where cell (0, 0)'s top-left corner lies."""

    cell: int
    origin: tuple[int, int]

    @property
    def cell_h(self) -> int:
        """A cell's height (cards are 3:2, long edge horizontal)."""
        return wart.card_height(self.cell)

    def cell_rect(self, cell: Cell) -> pygame.Rect:
        """The screen rectangle of a cell."""
        return pygame.Rect(self.origin[0] + cell[0] * self.cell, self.origin[1] + cell[1] * self.cell_h,
                           self.cell, self.cell_h)

    def cell_at(self, pos: Sequence[float]) -> Cell:
        """The cell under a screen point."""
        return (math.floor((pos[0] - self.origin[0]) / self.cell), math.floor((pos[1] - self.origin[1]) / self.cell_h))


def fit_camera(cells: Sequence[Cell], pan: tuple[int, int]) -> Camera:
    """A camera showing every cell of ``cells`` inside the wall area (one cell of margin), centred,
    shifted by the person's ``pan``; the cell width is bucketed so the wall's picture is reused."""
    xs = [x for x, _ in cells] or [0]
    ys = [y for _, y in cells] or [0]
    cols = max(xs) - min(xs) + 3
    rows = max(ys) - min(ys) + 3
    fit = min(WALL_AREA.width / cols, (WALL_AREA.height - 20) * wart.CARD_RATIO / rows, MAX_CELL)
    cell = next((size for size in CELL_SIZES if size <= fit), CELL_SIZES[-1])
    cell_h = wart.card_height(cell)
    mid_x = (min(xs) + max(xs) + 1) / 2
    mid_y = (min(ys) + max(ys) + 1) / 2
    origin = (round(WALL_AREA.centerx - mid_x * cell) + pan[0], round(WALL_AREA.centery - mid_y * cell_h) + pan[1])
    return Camera(cell, origin)


@dataclass
class Drag:
    """A piece held by the pointer: a number card, the first card of the tray, or the wall (pan)."""

    kind: str  # "number", "card" or "pan"
    start: Point
    offset: Point
    piece: Piece | None = None
    moved: bool = False
    pan_start: tuple[int, int] = (0, 0)


# ----- the table scene ------------------------------------------------------------------------------------
class WallpaperTable(TableScene):
    """The That Old Wallpaper table (see the module docstring)."""

    KEYS_TEXT = "wallpaper_table.keys"
    felt = FELT
    status_y = STATUS_Y

    def __init__(self, app: App, match: Match, **options: Any) -> None:
        players = match.players
        self.grandma = players == 2
        self.row_count = 3 if players == 2 else players
        self.flying: list[Piece] = []
        self.bubbles: list[Bubble] = []
        self.hand: list[Piece] = []
        self.spots: dict[int, Piece] = {}  # seat -> its chosen number card, face down until the reveal
        self.numbers_on_rows: list[Piece] = []  # revealed number cards lying on the market
        self.tray: list[Piece] = []  # the placer's taken cards, first one to place at the left
        self.tray_seat = -1
        self.rows_shown: list[list[int]] = [[] for _ in range(self.row_count)]
        self.walls_shown: list[dict[Cell, tuple[int, int]]] = [{} for _ in range(players)]
        self.wall_items: list[WallItems] = [() for _ in range(players)]  # the same, sorted (kept in step)
        self._camera: tuple[Any, Camera] | None = None
        self._legal: tuple[Any, tuple[Cell, ...]] | None = None
        self._sync_memo: tuple[Any, bool] | None = None
        self.hazy_shown = [0] * players
        self.hazy_supply_shown = 21
        self.deck_shown = 0
        self.token_line_shown: tuple[int, ...] = ()
        self.round_shown = 0
        self.turn_shown = 0
        self.discards_shown: list[tuple[int, ...]] = [() for _ in range(players + 1)]
        self.grandma_last = 0
        self.flashes: list[tuple[Shape, int, float]] = []  # (shape, seat, seconds left) after a placement
        self.rot = 0  # the turn the person gives the card to place
        self.selected: int | None = None  # the hand card chosen by keys or a click
        self.row_cursor: int | None = None  # the row the keys point at while picking
        self.cell_cursor: Cell | None = None  # the cell the keys point at while placing
        self.card_held = False  # the tray card was clicked: a click on a cell places it
        self.hover_cell: Cell | None = None
        self.drag: Drag | None = None
        self.dropped: Piece | None = None  # a dropped ghost that becomes the placed card's flight
        self.pan = (0, 0)
        self.shown_seat = 0  # whose wall is large
        self.pointer = (960, 540)
        self._preview: tuple[Any, ...] | None = None
        self._hint_key: tuple[Any, ...] = ()
        self.happening = ""  # what the table is showing now (the status line while it plays)
        super().__init__(app, match, **options)
        _wall_board()  # made now rather than in the first frame

    # ----- pieces ---------------------------------------------------------------------------------
    def build_pieces(self) -> None:
        """The large wall starts on the viewer's (seat 0's for a spectator)."""
        self.shown_seat = self.viewer if 0 <= self.viewer < self.match.players else 0
        self.pan = (0, 0)
        self.hand = []
        self.spots = {}

    def game_buttons(self) -> list[Button]:
        """One action button: "Play n" while choosing, "Turn 180°" while placing."""
        self.action_button = Button(pygame.Rect(ACTION_RECT), self.action_label, self.press_action,
                                    enabled=self.action_enabled)
        return [self.action_button]

    def queue_intro(self) -> None:
        """A fresh match: its setup as the events it amounts to (the deal of the rows, chains shown)."""
        self.pending.extend(RULES.opening_events(self.observation()))

    def phase(self) -> str:
        """The rules phase now."""
        return str(self.observation().phase)

    def my_turn(self, phase: str) -> bool:
        """True when the person at the bottom acts now in ``phase`` and the table shows it."""
        return self.viewer_may_act() and not self.pending and self.phase() == phase and not self.hand_hidden

    def placing(self) -> bool:
        """True when the person at the bottom places a card now."""
        return self.my_turn(PHASE_PLACE) or self.my_turn(PHASE_HAZY)

    def card_to_place(self) -> int | None:
        """The card the person places next (the first of the tray), or None."""
        if not self.placing():
            return None
        pending = self.observation().pending
        return pending[0] if pending else None

    def viewer_wall(self) -> dict[Cell, tuple[int, int]]:
        """The wall of the seat shown large, as the observation says."""
        return wall_of(self.observation(), self.shown_seat)

    def face_up_numbers(self) -> list[int]:
        """The number cards this screen shows face up in a hand or on a spot (for tests)."""
        if self.hand_hidden:
            return []
        shown = [piece.value for piece in self.hand if piece.face_up and piece.visible]
        shown += [piece.value for piece in self.spots.values() if piece.face_up and piece.visible]
        return [value for value in shown if value]

    def action_label(self) -> str:
        """The action button's words for the phase."""
        if self.placing():
            return t("wallpaper_table.button.turn")
        if self.my_turn(PHASE_PICK):
            return t("wallpaper_table.button.pick")
        if self.selected is not None and self.selected < len(self.hand):
            return t("wallpaper_table.button.play", n=self.hand[self.selected].value)
        return t("wallpaper_table.button.play_any")

    def action_enabled(self) -> bool:
        """Play: once a number card is chosen; Turn: while placing."""
        if not hasattr(self, "hand"):
            return False
        if self.placing():  # a hazy card is gold all round: turning it would change nothing
            card = self.card_to_place()
            return card is not None and not is_hazy(card)
        if self.my_turn(PHASE_PICK):
            return self.row_cursor is not None
        return self.my_turn(PHASE_CHOOSE) and self.selected is not None

    # ----- status -------------------------------------------------------------------------------
    def status_text(self) -> str:
        """What the person at the bottom should do next, or whom the table waits for; while the
        table shows what just happened, what that is."""
        if self.happening and (self.pending or self.animator.busy) and self.panel is None and not self.curtain_up:
            return self.happening
        if self.finished or self.match.is_over() or self.panel is not None or self.curtain_up:
            return super().status_text()
        obs = self.observation()
        seat = self.seat_to_move()
        if seat < 0:
            return ""
        if seat == self.viewer and self.viewer_is_person():
            return self.your_turn_text()
        if obs.phase == PHASE_CHOOSE:
            waiting = [self.name_of(other) for other in self.match.to_move()]
            if 0 <= self.viewer < obs.players and obs.my_choice:
                return t("wallpaper_table.status.chosen_wait", n=obs.my_choice, players=", ".join(waiting))
            return t("wallpaper_table.status.choose_wait", players=", ".join(waiting))
        if obs.phase == PHASE_PICK:
            return t("wallpaper_table.status.pick_wait", player=self.name_of(seat))
        if obs.phase in (PHASE_PLACE, PHASE_HAZY):
            return t("wallpaper_table.status.place_wait", player=self.name_of(seat), n=len(obs.pending))
        return super().status_text()

    def your_turn_text(self) -> str:
        """The status line when the person at the bottom is to act."""
        obs = self.observation()
        if obs.phase == PHASE_CHOOSE:
            if self.selected is not None and self.selected < len(self.hand):
                return t("wallpaper_table.status.choose_selected", n=self.hand[self.selected].value)
            return t("wallpaper_table.status.choose")
        if obs.phase == PHASE_PICK:
            return t("wallpaper_table.status.pick")
        if obs.phase == PHASE_HAZY:
            return t("wallpaper_table.status.hazy", n=len(obs.pending) or obs.hazy[self.viewer])
        if obs.phase == PHASE_PLACE:
            return t("wallpaper_table.status.place", n=len(obs.pending))
        return ""

    def waiting_text(self, seat: int) -> str:
        """While another person acts."""
        return t("wallpaper_table.status.waiting", player=self.name_of(seat))

    def name_of(self, seat: int) -> str:
        """A seat's name; Grandma's for the automatic third seat."""
        if seat >= self.match.players:
            return t("wallpaper_table.grandma")
        return super().name_of(seat)

    # ----- building the picture from the observation -------------------------------------------
    def sync_from_observation(self) -> None:
        """Set every piece to what the viewer's observation says (no animation)."""
        obs = self.observation()
        self.rows_shown = [list(cards) for cards in obs.rows]
        self.set_walls([dict(wall_of(obs, seat)) for seat in range(obs.players)])
        self.hazy_shown = list(obs.hazy)
        self.hazy_supply_shown = obs.hazy_supply
        self.deck_shown = obs.deck_count
        self.token_line_shown = tuple(obs.token_line)
        self.round_shown = obs.round
        self.turn_shown = obs.turn
        self.discards_shown = [tuple(cards) for cards in obs.discards]
        if self.grandma and len(obs.discards) > obs.players and obs.discards[obs.players]:
            self.grandma_last = obs.discards[obs.players][-1]
        self.flying.clear()
        self.dropped = None
        self.drag = None if self.drag is not None and self.drag.kind != "pan" else self.drag
        self._sync_hand(obs)
        self._sync_spots(obs)
        self._sync_tray(obs)
        self.numbers_on_rows = self._numbers_from_reveal(obs)
        self.refresh_hints()

    def _sync_hand(self, obs: Any) -> None:
        """The viewer's number cards, face up, in order (the chosen one is on its spot)."""
        numbers = [number for number in obs.hand if number != obs.my_choice]
        kept = {piece.value: piece for piece in self.hand}
        self.hand = [kept.get(number) or self._number_piece(self.viewer, number, (HAND_LEFT, HAND_Y), HAND_H)
                     for number in numbers]
        for index, piece in enumerate(self.hand):
            piece.pos = self.hand_slot(index)
            piece.angle = 0.0
            piece.flip = 1.0
            piece.visible = True
            piece.lift = 1.0 if index == self.selected else 0.0
        if self.selected is not None and self.selected >= len(self.hand):
            self.selected = None

    def _sync_spots(self, obs: Any) -> None:
        """A face-down card at every seat that chose (the viewer's own face up on its spot)."""
        self.spots = {}
        if obs.phase != PHASE_CHOOSE:
            return
        for seat, chosen in enumerate(obs.chosen):
            if not chosen:
                continue
            mine = seat == self.viewer and obs.my_choice
            piece = self._number_piece(seat, obs.my_choice if mine else 0, self.spot_pos(seat),
                                       HAND_H if seat == self.viewer else SPOT_H, face_up=bool(mine))
            self.spots[seat] = piece

    def _sync_tray(self, obs: Any) -> None:
        """The placer's cards waiting in the tray."""
        placing = obs.phase in (PHASE_PLACE, PHASE_HAZY) and obs.pending and obs.placer == self.viewer
        self.tray_seat = self.viewer if placing else -1
        self.tray = [self._card_piece(card, self.tray_slot(index), index) for index, card in enumerate(obs.pending)] \
            if self.tray_seat >= 0 else []

    def _numbers_from_reveal(self, obs: Any) -> list[Piece]:
        """The revealed numbers still lying on the market (the last reveal, this turn)."""
        reveal = obs.last_reveal
        if reveal is None or obs.phase == PHASE_CHOOSE:
            return []
        pieces = []
        for block in reveal.blocks:
            for index, seat in enumerate(block.seats):
                number = block.number
                row, angle = self._number_place(block, index)
                piece = self._number_piece(seat, number, row, NUMBER_H_SMALL)
                piece.angle = angle
                pieces.append(piece)
        return pieces

    def _number_place(self, block: Any, index: int) -> tuple[Point, float]:
        """Where the ``index``-th number of a block lies: on its row's header, or sideways across the
        rows a collision blocks."""
        if len(block.seats) == 1:
            return self.header_pos(block.rows[0]), 0.0
        xs = [self.column_x(row) for row in block.rows]
        left, right = min(xs), max(xs)
        count = len(block.seats)
        x = left + (right - left) * (index + 0.5) / count if count > 1 else left
        return (x, HEADER_Y + 4 * index), 90.0

    def needs_sync(self) -> bool:
        """True when the pieces at rest differ from the observation."""
        if self.flying or (self.drag is not None and self.drag.kind != "pan"):
            return False
        obs = self.observation()
        # The full comparison runs once per observation and per change of what is shown.
        shown = (id(obs), tuple(map(len, self.rows_shown)), tuple(self.wall_items), self.token_line_shown,
                 tuple(self.hazy_shown), tuple(piece.value for piece in self.hand), tuple(self.spots),
                 tuple(piece.value for piece in self.tray), self.deck_shown)
        if self._sync_memo is not None and self._sync_memo[0] == shown:
            return self._sync_memo[1]
        result = self._differs_from(obs)
        self._sync_memo = (shown, result)
        return result

    def _differs_from(self, obs: Any) -> bool:
        """True when what is shown differs from ``obs``."""
        if [list(cards) for cards in obs.rows] != self.rows_shown:
            return True
        if any(self.wall_items[seat] != obs.walls[seat] for seat in range(obs.players)):
            return True
        numbers = [number for number in obs.hand if number != obs.my_choice]
        if [piece.value for piece in self.hand] != numbers:
            return True
        if tuple(obs.token_line) != self.token_line_shown or list(obs.hazy) != self.hazy_shown:
            return True
        chosen = {seat for seat, done in enumerate(obs.chosen) if done} if obs.phase == PHASE_CHOOSE else set()
        if set(self.spots) != chosen:
            return True
        mine = obs.phase in (PHASE_PLACE, PHASE_HAZY) and obs.placer == self.viewer
        return [piece.value for piece in self.tray] != (list(obs.pending) if mine else [])

    # ----- positions ---------------------------------------------------------------------------------
    def column_x(self, row: int) -> float:
        """Centre x of a row's column: the LOW end (last row) next to the deck."""
        return float(COLUMN_LEFT + (self.row_count - 1 - row) * column_step(self.row_count))

    def header_pos(self, row: int) -> Point:
        """Where the number claiming a row lies."""
        return (self.column_x(row), float(HEADER_Y))

    @staticmethod
    def row_step(count: int) -> float:
        """How far apart the cards of a row of ``count`` cards lie (whole cards while they fit)."""
        card_h = ROW_CARD_W / wart.CARD_RATIO
        if count <= 1:
            return card_h + ROW_GAP
        return min(card_h + ROW_GAP, (ROW_BOTTOM - ROW_TOP - card_h) / (count - 1))

    def row_slot(self, row: int, index: int, count: int) -> Point:
        """Centre of card ``index`` of a row of ``count`` cards."""
        card_h = ROW_CARD_W / wart.CARD_RATIO
        return (self.column_x(row), ROW_TOP + 4 + index * self.row_step(count) + card_h / 2)

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
        players = self.match.players
        grandma_w = 150 if self.grandma else 0
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

    def camera(self) -> Camera:
        """The large wall's camera now (fits the wall with a margin where its open cells lie)."""
        seat = self.shown_seat
        items = self.wall_items[seat] if seat < len(self.wall_items) else ()
        key = (seat, items, self.pan)
        if self._camera is None or self._camera[0] != key:
            self._camera = (key, fit_camera([cell for cell, _ in items] or [(0, 0)], self.pan))
        return self._camera[1]

    def set_walls(self, walls: list[dict[Cell, tuple[int, int]]]) -> None:
        """Show these walls (and keep their sorted items in step)."""
        self.walls_shown = walls
        self.wall_items = [tuple(sorted(wall.items())) for wall in walls]

    def put_on_wall(self, seat: int, cell: Cell, card: tuple[int, int]) -> None:
        """Show one more card on a seat's wall."""
        self.walls_shown[seat][cell] = card
        self.wall_items[seat] = tuple(sorted(self.walls_shown[seat].items()))

    def shown_legal_cells(self) -> tuple[Cell, ...]:
        """The open cells of the wall shown large (remembered per wall)."""
        items = self.wall_items[self.shown_seat]
        if self._legal is None or self._legal[0] != items:
            self._legal = (items, legal_cells(self.walls_shown[self.shown_seat]))
        return self._legal[1]

    # ----- pieces made here ------------------------------------------------------------------------
    def _number_piece(self, seat: int, number: int, pos: Point, height: int, face_up: bool = True) -> Piece:
        """A number card of ``seat`` (``number`` 0 = unknown, a back)."""
        colour = seat_colour(seat, self.match.players)
        key = ("wp-num", seat >= self.match.players, colour, number, height)
        players = self.match.players
        piece = Piece(key, lambda: number_picture(seat, players, number or 1, height), pos,
                      back=lambda: number_picture(seat, players, 1, height, False), face_up=face_up and bool(number),
                      seat=seat, value=number)
        return piece

    def _card_piece(self, card: int, pos: Point, index: int = 0, rot: int = 0) -> Piece:
        """A wallpaper card lying in the tray (the first one large, turned as the person chose)."""
        width = TRAY_W if index == 0 else TRAY_NEXT_W
        turn = self.rot if index == 0 and self.tray_seat == self.viewer else rot
        piece = Piece(("wp-card", card, width, turn), lambda: wart.card_face(card, width, turn), pos,
                      back=lambda: wart.card_back(width), value=card)
        return piece

    def _refresh_tray_turn(self) -> None:
        """Redraw the first tray card with the person's chosen turn."""
        if self.tray:
            first = self.tray[0]
            card, pos = first.value, first.pos
            self.tray[0] = self._card_piece(card, pos, 0)

    # ----- hints --------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        """The base's update; then re-read the hints when the turn changes, fade the flashes."""
        super().update(dt)
        if not self.pending and not self.animator.busy:
            self.happening = ""
        key = (self.phase(), len(self.match.log), self.viewer, bool(self.pending), self.hand_hidden,
               self.viewer_may_act())
        if key != self._hint_key:
            self._hint_key = key
            self.refresh_hints()
        if self.flashes:
            step = dt * max(self.speed(), 0.0001) if self.speed() > 0 else FLASH
            self.flashes = [(shape, seat, left - step) for shape, seat, left in self.flashes if left - step > 0]

    def refresh_hints(self) -> None:
        """Hand cards lift when chosen; dim when it is not the time; the preview is re-read."""
        if not hasattr(self, "hand"):
            return
        choosing = self.my_turn(PHASE_CHOOSE)
        for index, piece in enumerate(self.hand):
            piece.dim = not choosing and self.viewer_is_person()
            raised = index == self.selected and choosing
            piece.lift = 1.0 if raised else 0.0
            if self.drag is not None and self.drag.piece is piece:
                continue
            slot = self.hand_slot(index)
            target = (slot[0], slot[1] - 26) if raised else slot
            if piece.pos != target:
                self.ambient.add(anim.Tween(piece, "pos", target, 0.15, anim.ease_out_cubic))
        if self.placing():
            if self.tray_seat == self.viewer and self.shown_seat != self.viewer:
                self.shown_seat = self.viewer
        else:
            self.cell_cursor = None
            self.card_held = False
        if not self.my_turn(PHASE_PICK):
            self.row_cursor = None
        self._preview = None

    def preview(self) -> tuple[Cell, int, int, tuple[Shape, ...], int] | None:
        """The placement shown under the pointer or the key cursor: (cell, card, rot, shapes made,
        halves left open), only on a cell the card may take."""
        card = self.card_to_place()
        if card is None:
            return None
        cell = self.hover_cell if self.hover_cell is not None else self.cell_cursor
        if cell is None:
            return None
        key = (cell, card, self.rot, len(self.match.log))
        if self._preview is not None and self._preview[0] == key:
            return self._preview[1]  # type: ignore[no-any-return]
        wall = self.viewer_wall()
        result = None
        if cell in legal_cells(wall):
            shapes = shapes_made(wall, cell, card, self.rot)
            open_halves = sum(1 for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0))
                              if (cell[0] + dx, cell[1] + dy) not in wall)
            result = (cell, card, self.rot, shapes, open_halves)
        self._preview = (key, result)
        return result

    # ----- actions -------------------------------------------------------------------------------
    def press_action(self) -> None:
        """The action button: play the chosen number, take the row under the cursor, or turn the
        card to place."""
        if self.placing():
            self.turn_card()
        elif self.my_turn(PHASE_PICK) and self.row_cursor is not None:
            self.pick_row(self.row_cursor)
        elif self.my_turn(PHASE_CHOOSE):
            self.play_selected()

    def play_selected(self) -> bool:
        """Play the chosen number card (the table asks for one first)."""
        if self.selected is None or self.selected >= len(self.hand):
            self.refuse(t("wallpaper_table.reason.pick_number"))
            return False
        return self.attempt(WallpaperAction("play", number=self.hand[self.selected].value))

    def turn_card(self) -> None:
        """Turn the card to place by 180° (both turns are always allowed; a hazy card looks
        the same either way, so it stays)."""
        card = self.card_to_place()
        if card is None or is_hazy(card):
            return
        self.rot = 180 - self.rot
        self.app.audio.play("card_flip")
        self._refresh_tray_turn()
        self._preview = None
        if self.drag is not None and self.drag.kind == "card" and self.drag.piece is not None:
            old = self.drag.piece
            ghost = self._card_piece(int(self.card_to_place() or 0), old.pos, 0)
            ghost.lift = old.lift
            self.drag.piece = ghost

    def place_at(self, cell: Cell) -> bool:
        """Offer the card to place on ``cell`` to the rules (they may refuse, with their reason)."""
        if self.card_to_place() is None:
            self.refuse(t("table.reason.not_now"))
            return False
        return self.attempt(WallpaperAction("place", x=cell[0], y=cell[1], rot=self.rot))

    def pick_row(self, row: int) -> bool:
        """Offer to take ``row`` in a collision."""
        return self.attempt(WallpaperAction("pick", row=row))

    def on_refused(self, reason: str) -> None:
        """Spring a held card back (to the hand or the tray)."""
        self.spring_back()

    def spring_back(self) -> None:
        """The dragged piece returns home."""
        drag = self.drag
        self.drag = None
        self.hover_cell = None
        if drag is None or drag.piece is None or drag.kind == "pan":
            return
        piece = drag.piece
        if drag.kind == "number":
            index = self.hand.index(piece) if piece in self.hand else 0
            home = self.hand_slot(index)
        else:
            home = TRAY_FIRST
        lift_to = 0.0
        self.ambient.add(anim.Parallel(anim.Tween(piece, "pos", home, 0.3, anim.ease_out_back),
                                       anim.Tween(piece, "lift", lift_to, 0.3, anim.ease_in_quad),
                                       anim.Tween(piece, "scale", 1.0, 0.3, anim.ease_out_cubic)))
        if drag.kind == "card" and self.tray:
            ghost = piece

            def home_again() -> None:
                if ghost in self.flying:
                    self.flying.remove(ghost)
                if self.tray:
                    self.tray[0].visible = True

            self.flying.append(ghost)
            self.ambient.add(anim.Sequence(anim.Wait(0.3), anim.Call(home_again)))

    def drop_held(self) -> None:
        """Let go of whatever the pointer holds."""
        if self.drag is not None:
            self.spring_back()

    def clear_selection(self) -> None:
        """Forget the chosen card, the cursors and anything held."""
        self.drag = None
        self.selected = None
        self.row_cursor = None
        self.cell_cursor = None
        self.card_held = False
        self.hover_cell = None
        self.rot = 0
        self._preview = None

    def on_applied(self, events: list[Event]) -> None:
        """An action went through: the person's own one lets go of what they held."""
        entry = self.match.log[-1] if self.match.log else None
        if entry is None or entry.seat != self.viewer:
            return
        if self.drag is not None and self.drag.kind == "card" and self.drag.piece is not None:
            self.dropped = self.drag.piece
        self.drag = None
        self.hover_cell = None
        self.card_held = False
        if any(isinstance(event, CardPlaced) for event in events):
            self.rot = 0
        self.selected = None if not any(isinstance(event, CardPlaced) for event in events) else self.selected

    def continue_round(self) -> None:
        """The scoring panel's Continue: on to the results."""
        if self.panel is None:
            return
        self.panel = None
        if self.match.is_over() and not self.finished:
            self.finish_match()

    # ----- event playback -----------------------------------------------------------------------------
    def event_handlers(self) -> dict[type, Callable[[Any], None]]:
        """Event type -> animation."""
        return {
            GameStarted: self.animate_game_started,
            HandDrawn: self.animate_hand_drawn,
            RowCardDealt: self.animate_row_dealt,
            TurnStarted: self.animate_turn_started,
            NumberChosen: self.animate_number_chosen,
            NumbersRevealed: self.animate_revealed,
            RowTaken: self.animate_row_taken,
            TokenMoved: self.animate_token_moved,
            HazyGiven: self.animate_hazy_given,
            CardPlaced: self.animate_card_placed,
            NumbersDiscarded: self.animate_numbers_discarded,
            NumberDrawn: self.animate_number_drawn,
            PileReshuffled: self.animate_pile_reshuffled,
            RoundStarted: self.animate_round_started,
            GameScored: self.show_scoring,
        }

    def bubble(self, pos: Point, text: str, below: bool = False) -> None:
        """A short call somewhere on the table."""
        bubble = Bubble(text, pos, below=below)
        self.bubbles = [b for b in self.bubbles if b.visible] + [bubble]
        self.ambient.add(bubble.show())

    def seat_anchor(self, seat: int) -> Point:
        """Where things given to a seat fly: its box in the strip (the viewer's tray area)."""
        if seat == self.viewer:
            return TRAY_FIRST
        rect = self.box_rects().get(seat)
        return (float(rect.centerx), float(rect.centery)) if rect is not None else DISCARD_POS

    def animate_game_started(self, event: GameStarted) -> None:
        """A fresh table: empty rows and walls, the full deck, the token line."""
        self.rows_shown = [[] for _ in range(self.row_count)]
        self.set_walls([{} for _ in range(self.match.players)])
        obs = self.observation()
        self.deck_shown = obs.deck_count + sum(len(cards) for cards in obs.rows)
        self.token_line_shown = tuple(event.token_line)
        self.hazy_shown = [0] * self.match.players
        self.hazy_supply_shown = obs.hazy_supply
        self.hand = []
        self.spots = {}
        self.tray = []
        self.numbers_on_rows = []
        self.app.audio.play("deal")
        self.animator.add(anim.Wait(0.2))

    def animate_hand_drawn(self, event: HandDrawn) -> None:
        """The viewer's number cards fan in from the pile."""
        if event.seat != self.viewer or self.hand:
            return
        obs = self.observation()
        steps: list[anim.Step] = []
        numbers = [number for number in obs.hand if number != obs.my_choice]
        for index, number in enumerate(numbers):
            piece = self._number_piece(self.viewer, number, (HAND_LEFT - 200, HAND_Y + 80), HAND_H, face_up=False)
            self.hand.append(piece)
            steps.append(anim.Sequence(anim.Wait(0.05 * index),
                                       anim.Parallel(anim.Tween(piece, "pos", self.hand_slot(index), SLIDE,
                                                                anim.ease_out_cubic),
                                                     anim.Tween(piece, "flip", 1.0, SLIDE, anim.ease_in_out_sine))))
        self.animator.add(anim.Parallel(*steps) if steps else anim.Wait(0.05))

    def animate_row_dealt(self, event: RowCardDealt) -> None:
        """Cards dealt in a row: each flies from the deck to its row's bottom and turns over, one
        after another (a red oval's extra card follows it with a call)."""
        deals = [event]
        while self.pending and isinstance(self.pending[0], RowCardDealt):
            deals.append(self.pending.popleft())  # type: ignore[arg-type]
        counts = [len(cards) for cards in self.rows_shown]
        self.happening = t("wallpaper_table.happening.deal")
        steps: list[anim.Step] = []
        for number, deal in enumerate(deals):
            counts[deal.row] += 1
            target = self.row_slot(deal.row, counts[deal.row] - 1, counts[deal.row])
            piece = Piece(("wp-card", deal.card, ROW_CARD_W, 0), lambda c=deal.card: wart.card_face(c, ROW_CARD_W),
                          DECK_POS, back=lambda: wart.card_back(ROW_CARD_W), face_up=False, value=deal.card)
            piece.visible = False

            def leave(piece: Piece = piece) -> None:
                piece.visible = True
                self.deck_shown = max(0, self.deck_shown - 1)

            def land(deal: RowCardDealt = deal) -> None:
                self.rows_shown[deal.row].append(deal.card)

            step: list[anim.Step] = [anim.Wait(DEAL_GAP * number), anim.Call(leave),
                                     self.fly(piece, target, 0.0, DEAL_FLIGHT, flip_to=1.0, on_land=land)]
            if deal.chained:
                step.insert(1, anim.Call(lambda d=deal: self.bubble(
                    (self.column_x(d.row), ROW_TOP - 4), t("wallpaper_table.bubble.oval"))))
            steps.append(anim.Sequence(*step))
        self.app.audio.play("deal")
        self.animator.add(anim.Parallel(*steps))

    def animate_turn_started(self, event: TurnStarted) -> None:
        """A new turn: the counter turns."""
        self.turn_shown = event.turn
        self.round_shown = event.round
        self.numbers_on_rows = []

    def animate_round_started(self, event: RoundStarted) -> None:
        """The next round card shows; the piles were made anew."""
        self.round_shown = event.round
        self.app.audio.play("card_flip")
        self.bubble((ROUND_POS[0], ROUND_POS[1] - 60), t("wallpaper_table.bubble.round", n=event.round + 1))
        self.animator.add(anim.Wait(BUBBLE_PAUSE))

    def animate_number_chosen(self, event: NumberChosen) -> None:
        """A seat chose: its card lies face down on its spot (the viewer's own card shows its face
        to the viewer only)."""
        seat = event.seat
        obs = self.observation()
        mine = seat == self.viewer and 0 <= seat < obs.players
        number = obs.my_choice if mine else 0
        if mine:
            piece = next((p for p in self.hand if p.value == number), None)
            if self.drag is not None and self.drag.piece is not None and self.drag.piece.value == number:
                piece = self.drag.piece
            if piece is None:
                piece = self._number_piece(seat, number, self.hand_slot(0), HAND_H)
            if piece in self.hand:
                self.hand.remove(piece)
            self.selected = None
            self.spots[seat] = piece
            self.app.audio.play("card_slide")
            self.animator.add(self.fly(piece, PLAY_SPOT, 0.0, SLIDE, on_land=lambda: None))
            self._relayout_hand()
        else:
            start = self.seat_anchor(seat)
            piece = self._number_piece(seat, 0, start, SPOT_H if seat != self.viewer else HAND_H, face_up=False)
            self.spots[seat] = piece
            self.animator.add(self.fly(piece, self.spot_pos(seat), 0.0, 0.2))
        self.refresh_hints()

    def _relayout_hand(self) -> None:
        """Slide the hand cards to their places."""
        for index, piece in enumerate(self.hand):
            self.ambient.add(anim.Tween(piece, "pos", self.hand_slot(index), 0.25, anim.ease_out_cubic))

    def animate_revealed(self, event: NumbersRevealed) -> None:
        """All numbers turn over together, then slide to their rows; colliding numbers lie sideways
        across the rows they block."""
        players = self.match.players
        pieces: dict[int, Piece] = {}
        for seat, number in enumerate(event.numbers):
            piece = self.spots.get(seat)
            if piece is None:
                start = DECK_POS if seat >= players else self.spot_pos(seat)
                piece = self._number_piece(seat, 0, start, NUMBER_H_SMALL, face_up=False)
            fresh = self._number_piece(seat, number, piece.pos, round(piece.face().get_height()), face_up=False)
            fresh.flip = piece.flip if piece.value == number else 0.0
            pieces[seat] = fresh
        self.spots = {}
        self.flying.extend(pieces.values())
        if self.grandma and len(event.numbers) > players:
            self.grandma_last = event.numbers[players]
        flips = [anim.Tween(piece, "flip", 1.0, FLIP, anim.ease_in_out_sine) for piece in pieces.values()
                 if piece.flip < 1.0]
        slides: list[anim.Step] = []
        placed: list[Piece] = []
        for block in event.blocks:
            for index, seat in enumerate(block.seats):
                piece = pieces.get(seat)
                if piece is None:
                    continue
                target, angle = self._number_place(block, index)
                slides.append(anim.Sequence(anim.Wait(0.08 * len(slides)),
                                            self.fly(piece, target, angle, SLIDE,
                                                     scale_to=NUMBER_H_SMALL / max(1, piece.face().get_height()))))
                placed.append(piece)

        def settle() -> None:
            self.numbers_on_rows = []
            for piece in placed:
                if piece in self.flying:
                    self.flying.remove(piece)
                small = self._number_piece(piece.seat, piece.value, piece.pos, NUMBER_H_SMALL)
                small.angle = piece.angle
                self.numbers_on_rows.append(small)

        self.app.audio.play("card_flip")
        collided = any(len(block.seats) > 1 for block in event.blocks)
        self.happening = t("wallpaper_table.happening.collision" if collided else "wallpaper_table.happening.reveal")
        calls: list[anim.Step] = []
        if collided:
            block = next(block for block in event.blocks if len(block.seats) > 1)
            middle = sum(self.column_x(row) for row in block.rows) / len(block.rows)
            calls.append(anim.Call(lambda: self.bubble((middle, ROW_TOP + 120.0),
                                                       t("wallpaper_table.bubble.collision"), below=True)))
        self.animator.add(anim.Sequence(anim.Parallel(*flips) if flips else anim.Wait(0.05), anim.Wait(0.25),
                                        anim.Parallel(*slides) if slides else anim.Wait(0.05), anim.Call(settle),
                                        *calls, anim.Wait(BUBBLE_PAUSE if collided else 0.15)))

    def animate_row_taken(self, event: RowTaken) -> None:
        """A row's cards go to the seat that took it (to the tray when the viewer places them; to
        the discard when Grandma took them); the winner's sideways number stands up on the row."""
        cards = list(self.rows_shown[event.row]) if event.row < len(self.rows_shown) else []
        self.happening = t("wallpaper_table.happening.grandma" if event.discarded else "wallpaper_table.happening.take",
                           player=self.name_of(event.seat), n=event.row + 1)
        if not cards:
            cards = list(event.cards)
        count = len(cards)
        self.rows_shown[event.row] = []
        for piece in self.numbers_on_rows:
            if piece.seat == event.seat and event.collision:
                self.ambient.add(anim.Parallel(anim.Tween(piece, "pos", self.header_pos(event.row), SLIDE),
                                               anim.Tween(piece, "angle", 0.0, SLIDE)))
        steps: list[anim.Step] = []
        if event.discarded:
            for index, card in enumerate(cards):
                piece = Piece(("wp-card", card, ROW_CARD_W, 0), lambda c=card: wart.card_face(c, ROW_CARD_W),
                              self.row_slot(event.row, index, count), value=card)
                steps.append(anim.Sequence(anim.Wait(0.05 * index),
                                           self.fly(piece, DISCARD_POS, 20.0, SLIDE, scale_to=0.4)))
            self.bubble((self.column_x(event.row), ROW_TOP), t("wallpaper_table.bubble.grandma_takes"))
            self.animator.add(anim.Parallel(*steps, anim.Wait(BUBBLE_PAUSE)))
            return
        mine = event.seat == self.viewer
        if mine:
            self.tray_seat = event.seat
            self.tray = []
        for index, card in enumerate(cards):
            start = self.row_slot(event.row, index, count)
            piece = self._card_piece(card, start, index)
            piece.scale = ROW_CARD_W / (TRAY_W if index == 0 else TRAY_NEXT_W)

            def arrive(piece: Piece = piece) -> None:
                if piece in self.flying:
                    self.flying.remove(piece)
                if mine:
                    self.tray.append(piece)

            target = self.tray_slot(index) if mine else self.seat_anchor(event.seat)
            scale_to = 1.0 if mine else 0.35
            steps.append(anim.Sequence(anim.Wait(0.07 * index),
                                       self.fly(piece, target, 0.0, SLIDE, scale_to=scale_to, on_land=lambda p=piece:
                                                arrive(p))))
        self.app.audio.play("card_slide")
        self.animator.add(anim.Parallel(*steps) if steps else anim.Wait(0.05))

    def animate_token_moved(self, event: TokenMoved) -> None:
        """The winner's token hops from its place in the line to the back; the others close up."""
        old = list(self.token_line_shown)
        count = self.match.players + (1 if self.grandma else 0)
        first, room = token_layout(count)
        if event.seat not in old:
            self.token_line_shown = tuple(event.line)
            return
        start = (float(first + old.index(event.seat) * room), float(TOKEN_Y))
        end = (float(first + (len(event.line) - 1) * room), float(TOKEN_Y))
        players = self.match.players
        piece = Piece(("wp-token", event.seat), lambda: wart.token(seat_colour(event.seat, players), TOKEN_D,
                                                                   seat=art_seat(event.seat, players)), start)
        self.token_line_shown = tuple(seat for seat in event.line if seat != event.seat)
        self.happening = t("wallpaper_table.happening.token", player=self.name_of(event.seat))

        def land() -> None:
            self.token_line_shown = tuple(event.line)

        self.app.audio.play("cat_hop")
        self.animator.add(self.fly(piece, end, 0.0, 0.45, on_land=land))

    def animate_hazy_given(self, event: HazyGiven) -> None:
        """A hazy memory card flies from the supply to the seat (or a call: none left)."""
        self.happening = t("wallpaper_table.happening.hazy", player=self.name_of(event.seat))
        if not event.given:
            self.bubble(self.seat_anchor(event.seat), t("wallpaper_table.bubble.no_hazy"))
            self.animator.add(anim.Wait(BUBBLE_PAUSE))
            return
        card = _hazy_id()
        piece = Piece(("wp-card", card, 96, 0), lambda: wart.card_face(card, 96), HAZY_POS, value=card)

        def land() -> None:
            self.hazy_shown[event.seat] += 1
            self.hazy_supply_shown = max(0, self.hazy_supply_shown - 1)

        target = self.seat_anchor(event.seat) if event.seat != self.viewer else (TRAY_NEXT_X + 160, TRAY_FIRST[1])
        self.animator.add(self.fly(piece, target, 8.0, SLIDE, scale_to=0.6, on_land=land))

    def animate_card_placed(self, event: CardPlaced) -> None:
        """The first card of the tray flies onto its cell (the large wall, or the seat's small one);
        the shapes it completed glow for a moment."""
        piece = self.dropped
        self.dropped = None
        if event.seat != self.viewer:
            self.happening = t("wallpaper_table.happening.place", player=self.name_of(event.seat))
        if piece is None and self.tray:
            piece = self.tray[0]
        if piece is not None and piece in self.tray:
            self.tray.remove(piece)
        elif self.tray and self.tray[0].value == event.card:
            self.tray.pop(0)
        if piece is None:
            start = TRAY_FIRST if event.seat == self.viewer else self.seat_anchor(event.seat)
            piece = Piece(("wp-card", event.card, TRAY_W, event.rot), lambda: wart.card_face(event.card, TRAY_W),
                          start, value=event.card)
        width = TRAY_W
        placed = Piece(("wp-card", event.card, width, event.rot),
                       lambda: wart.card_face(event.card, width, event.rot), piece.pos, value=event.card)
        placed.scale = piece.scale * piece.face().get_width() / max(1, placed.face().get_width())
        placed.lift = piece.lift
        if piece in self.flying:
            self.flying.remove(piece)
        if event.seat == self.shown_seat:
            wall = dict(self.walls_shown[event.seat])
            wall[(event.x, event.y)] = (event.card, event.rot)
            camera = fit_camera(list(wall), self.pan)
            target = camera.cell_rect((event.x, event.y)).center
            scale_to = camera.cell / width
        else:
            target = self.seat_anchor(event.seat)
            scale_to = 0.2
        if event.seat == self.hazy_seat_for(event):
            self.hazy_shown[event.seat] = max(0, self.hazy_shown[event.seat] - 1)

        def land() -> None:
            self.put_on_wall(event.seat, (event.x, event.y), (event.card, event.rot))
            for shape in event.shapes:
                self.flashes.append((shape, event.seat, FLASH))
            self._relayout_tray()

        self.app.audio.play("cat_land")  # a soft thud: paper pressed onto the wall
        self.animator.add(self.fly(placed, (float(target[0]), float(target[1])), 0.0, PLACE_FLIGHT,
                                   scale_to=scale_to, on_land=land))

    def hazy_seat_for(self, event: CardPlaced) -> int:
        """The seat whose hazy count drops with this placement (-1 for a wallpaper card)."""
        return event.seat if event.card >= _hazy_id() else -1

    def _relayout_tray(self) -> None:
        """The tray's cards move up one place; the new first card shows large."""
        if not self.tray:
            return
        for index, piece in enumerate(list(self.tray)):
            fresh = self._card_piece(piece.value, piece.pos, index)
            self.tray[index] = fresh
            self.ambient.add(anim.Tween(fresh, "pos", self.tray_slot(index), 0.25, anim.ease_out_cubic))

    def animate_numbers_discarded(self, event: NumbersDiscarded) -> None:
        """The played numbers go back to their owners, face up on their discards."""
        steps: list[anim.Step] = []
        for piece in self.numbers_on_rows:
            target = (DISCARD_LEFT + 90.0, 930.0) if piece.seat == self.viewer else self.seat_anchor(piece.seat)
            if piece.seat >= self.match.players:
                target = self.seat_anchor(piece.seat)
            steps.append(self.fly(piece, target, 0.0, 0.3, scale_to=0.5))
        moving = list(self.numbers_on_rows)
        self.numbers_on_rows = []

        def done() -> None:
            for piece in moving:
                if piece in self.flying:
                    self.flying.remove(piece)
            self.discards_shown = [tuple(cards) for cards in self.observation().discards]

        self.animator.add(anim.Sequence(anim.Parallel(*steps) if steps else anim.Wait(0.05), anim.Call(done)))

    def animate_number_drawn(self, event: NumberDrawn) -> None:
        """The viewer's new number card joins the hand."""
        if event.seat != self.viewer:
            return
        obs = self.observation()
        numbers = [number for number in obs.hand if number != obs.my_choice]
        have = {piece.value for piece in self.hand}
        new = [number for number in numbers if number not in have]
        for number in new:
            piece = self._number_piece(self.viewer, number, (HAND_LEFT - 200, HAND_Y + 80), HAND_H, face_up=False)
            self.hand.append(piece)
        self.hand.sort(key=lambda piece: piece.value)
        steps: list[anim.Step] = []
        for index, piece in enumerate(self.hand):
            moves: list[anim.Step] = [anim.Tween(piece, "pos", self.hand_slot(index), SLIDE, anim.ease_out_cubic)]
            if piece.flip < 1.0:
                moves.append(anim.Tween(piece, "flip", 1.0, SLIDE, anim.ease_in_out_sine))
            steps.append(anim.Parallel(*moves))
        self.animator.add(anim.Parallel(*steps) if steps else anim.Wait(0.05))

    def animate_pile_reshuffled(self, event: PileReshuffled) -> None:
        """A seat's used numbers become its new pile."""
        anchor = self.seat_anchor(event.seat) if event.seat != self.viewer else (DISCARD_LEFT + 90.0, 900.0)
        self.bubble(anchor, t("wallpaper_table.bubble.reshuffle"))
        if event.seat < len(self.discards_shown):
            self.discards_shown[event.seat] = ()

    def show_scoring(self, event: GameScored) -> None:
        """The end: the scoring panel (Continue -> results)."""
        obs = self.observation()

        def open_panel() -> None:
            self.app.audio.play("round_end")
            self.toast.hide()
            self.drop_held()
            self.panel = ScoringPanel(self, event, obs)

        self.animator.add(anim.Sequence(anim.Wait(0.5), anim.Call(open_panel)))

    # ----- input ------------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> bool:
        """The wheel pans the large wall; everything else as the base does."""
        if intent.kind == intents.WHEEL and self.panel is None:
            self.pan = (self.pan[0], self.pan[1] + intent.dy * WHEEL_STEP)
            return True
        return super().handle(intent)

    def handle_pointer(self, intent: Intent) -> None:
        """Remember where the pointer is (the placement preview follows it), then as every table:
        buttons first; then number cards, rows, the tray card, wall cells, the strip, panning."""
        if intent.kind != intents.RELEASE:
            self.pointer = intent.pos
        super().handle_pointer(intent)

    def pointer_down(self, pos: tuple[int, int]) -> None:
        """Press: pick up a number card or the card to place; pick a row; view a wall; pan."""
        if self.my_turn(PHASE_CHOOSE):
            for index, piece in enumerate(self.hand):
                if piece.contains(pos):
                    self.drag = Drag("number", (float(pos[0]), float(pos[1])),
                                     (piece.pos[0] - pos[0], piece.pos[1] - pos[1]), piece)
                    if self.selected != index:
                        self.selected = index
                        self.app.audio.play("click")
                        self.refresh_hints()
                    return
            if pygame.Rect(0, 0, 220, 250).move(PLAY_SPOT[0] - 110, PLAY_SPOT[1] - 125).collidepoint(pos):
                self.play_selected()
                return
        if self.my_turn(PHASE_PICK):
            for row in range(self.row_count):
                if self.column_rect(row).collidepoint(pos):
                    self.pick_row(row)
                    return
        if self.placing() and self.tray and self.tray[0].contains(pos):
            piece = self.tray[0]
            self.drag = Drag("card", (float(pos[0]), float(pos[1])), (piece.pos[0] - pos[0], piece.pos[1] - pos[1]),
                             piece)
            return
        if WALL_AREA.collidepoint(pos):
            if self.placing() and self.card_held:
                self.place_at(self.camera().cell_at(pos))
                return
            self.drag = Drag("pan", (float(pos[0]), float(pos[1])), (0.0, 0.0), pan_start=self.pan)
            return
        for seat, rect in self.box_rects().items():
            if rect.collidepoint(pos) and seat < self.match.players:
                self.show_wall(seat)
                return

    def pointer_move(self, pos: tuple[int, int], held: bool, touch: bool) -> None:
        """Drag a card (a ghost follows; over the wall the hovered cell previews); pan the wall."""
        drag = self.drag
        if drag is None:
            if self.placing() and not touch:  # hovering the wall previews the card there
                cell = self.camera().cell_at(pos) if WALL_AREA.collidepoint(pos) else None
                if cell != self.hover_cell:
                    self.hover_cell = cell
                    if cell is not None:
                        self.cell_cursor = None
            return
        if not drag.moved and math.hypot(pos[0] - drag.start[0], pos[1] - drag.start[1]) > DRAG_THRESHOLD:
            self._start_moving(drag)
        if not drag.moved:
            return
        if drag.kind == "pan":
            self.pan = (drag.pan_start[0] + round(pos[0] - drag.start[0]),
                        drag.pan_start[1] + round(pos[1] - drag.start[1]))
            return
        if drag.piece is not None:
            drag.piece.pos = (pos[0] + drag.offset[0], pos[1] + drag.offset[1])
        if drag.kind == "card":
            over = WALL_AREA.collidepoint(pos)
            camera = self.camera()
            cell = camera.cell_at(pos) if over else None
            if cell != self.hover_cell:
                self.hover_cell = cell
            if drag.piece is not None:  # over the wall the card shrinks to the wall's cell size
                drag.piece.scale = camera.cell / TRAY_W if over else 1.0

    def _start_moving(self, drag: Drag) -> None:
        """The press became a drag: the piece lifts (a card to place becomes a ghost over the tray)."""
        drag.moved = True
        if drag.kind == "card" and drag.piece is not None:
            real = drag.piece
            ghost = self._card_piece(real.value, real.pos, 0)
            ghost.lift = 1.0
            real.visible = False
            drag.piece = ghost
        elif drag.piece is not None:
            drag.piece.lift = 1.0

    def pointer_up(self, pos: tuple[int, int]) -> None:
        """Drop: a number card above the hand plays it; a card on the wall is offered for that
        cell; a click without moving selects (a number) or holds (the card to place)."""
        drag = self.drag
        if drag is None:
            return
        if drag.kind == "pan":
            self.drag = None
            if not drag.moved and self.placing() and WALL_AREA.collidepoint(pos):
                self.place_at(self.camera().cell_at(pos))
            return
        if not drag.moved:
            self.drag = None
            if drag.kind == "card":
                self.card_held = not self.card_held
                self.app.audio.play("click")
            self.refresh_hints()
            return
        if drag.kind == "number":
            if pos[1] < HAND_Y - 110:
                self.play_selected()
            else:
                self.spring_back()
            self.refresh_hints()
            return
        if WALL_AREA.collidepoint(pos):
            self.place_at(self.camera().cell_at(pos))
        else:
            self.spring_back()

    def show_wall(self, seat: int) -> None:
        """Show ``seat``'s wall large (the pan starts over)."""
        if seat != self.shown_seat:
            self.shown_seat = seat
            self.pan = (0, 0)
            self.hover_cell = None
            self._preview = None
            self.app.audio.play("click")

    def handle_nav(self, dx: int, dy: int) -> None:
        """Arrows: the number card (Left/Right, Up plays), the row to pick, the cell to place on."""
        if self.my_turn(PHASE_CHOOSE):
            if dx and self.hand:
                count = len(self.hand)
                self.selected = (0 if dx > 0 else count - 1) if self.selected is None else \
                    (self.selected + dx) % count
                self.app.audio.play("click")
                self.refresh_hints()
            elif dy < 0:
                self.handle_activate()
            return
        if self.my_turn(PHASE_PICK):
            blocked = sorted(self.observation().blocked, key=self.column_x)
            if not blocked:
                return
            if self.row_cursor not in blocked:
                self.row_cursor = blocked[0]
            elif dx:
                index = (blocked.index(self.row_cursor) + dx) % len(blocked)
                self.row_cursor = blocked[index]
            return
        if self.placing():
            self.move_cell_cursor(dx, dy)

    def move_cell_cursor(self, dx: int, dy: int) -> None:
        """The cell cursor: starts on the legal cell nearest the wall's middle, then moves one cell
        per arrow (over the wall and one cell around it; the rules judge the cell on Enter)."""
        wall = self.viewer_wall()
        cells = legal_cells(wall)
        if self.cell_cursor is None:
            mid = (sum(x for x, _ in wall) / max(1, len(wall)), sum(y for _, y in wall) / max(1, len(wall)))
            self.cell_cursor = min(cells, key=lambda c: (abs(c[0] - mid[0]) + abs(c[1] - mid[1]), c[1], c[0]))
        else:
            xs = [x for x, _ in wall] or [0]
            ys = [y for _, y in wall] or [0]
            x = max(min(xs) - 1, min(max(xs) + 1, self.cell_cursor[0] + dx))
            y = max(min(ys) - 1, min(max(ys) + 1, self.cell_cursor[1] + dy))
            self.cell_cursor = (x, y)
        self.hover_cell = None  # the keys lead now
        self._preview = None

    def handle_focus(self, step: int) -> None:
        """Tab: the next seat's wall large."""
        players = self.match.players
        self.show_wall((self.shown_seat + step) % players)

    def handle_activate(self) -> None:
        """Enter: play the chosen number; pick the row under the cursor; place on the cursor's cell."""
        if self.my_turn(PHASE_CHOOSE):
            if self.selected is None:
                self.handle_nav(1, 0)
            else:
                self.play_selected()
        elif self.my_turn(PHASE_PICK):
            if self.row_cursor is None:
                self.handle_nav(1, 0)
            else:
                self.pick_row(self.row_cursor)
        elif self.placing():
            if self.cell_cursor is None:
                self.move_cell_cursor(0, 0)
            else:
                self.place_at(self.cell_cursor)

    def handle_key(self, key: str) -> None:
        """R turns the card, F fits the wall, H help."""
        if key == "r":
            self.turn_card()
        elif key == "f":
            self.pan = (0, 0)
        elif key == "h":
            self.open_help()

    def handle_back(self) -> None:
        """Esc/Backspace: let go of what is held, else undo, else the menu."""
        if self.drag is not None or self.selected is not None or self.card_held or self.cell_cursor is not None:
            self.spring_back()
            self.selected = None
            self.card_held = False
            self.cell_cursor = None
            self.refresh_hints()
        elif self.can_undo():
            self.press_undo()
        else:
            self.to_menu()

    # ----- drawing ----------------------------------------------------------------------------------
    def paint_still_base(self, surface: pygame.Surface) -> None:
        """The table, its mat and the wall's board."""
        surface.blit(art.table_surface(SCREEN, FELT), (0, 0))

    def still_parts(self) -> dict[str, StillPart]:
        """Deck, round cards, hazy supply, rows, token line, the strip, the large wall, the viewer's
        discards and the spot."""
        parts: dict[str, StillPart] = {}
        parts["deck"] = self.picture_part(("deck", self.deck_shown), deck_picture(self.deck_shown),
                                          center=(round(DECK_POS[0]), round(DECK_POS[1]) + 14))
        parts["round"] = self.picture_part(("round", self.round_shown, self.turn_shown),
                                           round_cards_picture(self.round_shown, self.turn_shown),
                                           center=(round(ROUND_POS[0]), round(ROUND_POS[1])))
        parts["hazy"] = self.picture_part(("hazy", self.hazy_supply_shown), hazy_supply_picture(self.hazy_supply_shown),
                                          center=(round(HAZY_POS[0]), round(HAZY_POS[1])))
        picking = self.my_turn(PHASE_PICK)
        blocked = set(self.observation().blocked) if picking else set()
        for row in range(self.row_count):
            cards = tuple(self.rows_shown[row]) if row < len(self.rows_shown) else ()
            glow = ("focus" if row == self.row_cursor else "ok") if row in blocked else ""
            picture = row_column_picture(cards, self.row_step(len(cards)), glow)
            parts[f"row{row}"] = self.picture_part(("row", cards, glow), picture,
                                                   midtop=(round(self.column_x(row)), ROW_TOP))
        parts["headers"] = self._headers_part()
        names = tuple(self.name_of(seat) for seat in range(self.match.players + (1 if self.grandma else 0)))
        count = self.match.players + (1 if self.grandma else 0)
        parts["tokens"] = self.picture_part(("tokens", self.token_line_shown, names),
                                            token_line_picture(self.token_line_shown, count, self.match.players,
                                                               names),
                                            topleft=(TOKEN_LEFT, TOKEN_Y - 22))
        parts.update(self._strip_parts())
        parts["wall"] = self._wall_part()
        parts["wall_title"] = self._wall_title_part()
        parts["mine"] = self._mine_part()
        return parts

    def _headers_part(self) -> StillPart:
        """Over the columns: each row's name, and an arrow saying higher numbers take the rows
        farther from the deck."""
        count = self.row_count
        left = COLUMN_LEFT - COLUMN_STEP // 2
        xs = [round(self.column_x(row)) - left for row in range(count)]

        def make() -> pygame.Surface:
            surface = pygame.Surface((MARKET.right - left, 52), pygame.SRCALPHA)
            for row, x in enumerate(xs):
                image = fonts.text(t("wallpaper_table.row", n=row + 1), theme.TINY - 4, theme.TEXT_DIM, True)
                surface.blit(image, image.get_rect(center=(x, 12)))
            start, end = min(xs), max(xs)
            pygame.draw.line(surface, theme.GOLD, (start, 38), (end - 6, 38), 2)
            pygame.draw.polygon(surface, theme.GOLD, [(end + 4, 38), (end - 8, 32), (end - 8, 44)])
            text = t("wallpaper_table.higher")
            caption = fonts.text(text, fit_size(text, theme.TINY - 6, end - start - 40, smallest=11), theme.GOLD)
            pill = caption.get_rect(center=((start + end) // 2, 38)).inflate(16, 4)
            pygame.draw.rect(surface, (*theme.FELT, 255), pill, border_radius=pill.height // 2)
            surface.blit(caption, caption.get_rect(center=pill.center))
            return surface

        picture = labels.cached(("wp-headers", count, tuple(xs), labels.lang()), make)
        return self.picture_part(("headers", count, labels.lang()), picture, topleft=(left, 16))

    def _strip_parts(self) -> dict[str, StillPart]:
        """One box per seat (and Grandma's)."""
        parts: dict[str, StillPart] = {}
        obs = self.observation()
        to_move = set(self.match.to_move())
        for seat, rect in self.box_rects().items():
            if seat >= self.match.players:
                pile = obs.grandma_pile_count
                args = (self.name_of(seat), pile, self.grandma_last, rect.size)
                parts[f"box{seat}"] = self.picture_part(("g", *args), grandma_box(*args), topleft=rect.topleft)
                continue
            items = self.wall_items[seat]
            you = seat == self.viewer and self.viewer_is_person()
            chosen = seat in self.spots and seat != self.viewer
            played = tuple(sorted(self.discards_shown[seat])) if seat < len(self.discards_shown) else ()
            turn = seat in to_move and obs.phase != PHASE_CHOOSE and not self.pending
            placing = len(obs.pending) if turn and obs.placer == seat and seat != self.viewer else 0
            args2 = (self.name_of(seat), seat, self.match.players, you, seat == self.shown_seat, turn, items,
                     self.hazy_shown[seat], chosen, played, placing, rect.size)
            parts[f"box{seat}"] = self.picture_part(args2, strip_box(*args2), topleft=rect.topleft)
        return parts

    def _wall_part(self) -> StillPart:
        """The large wall: its board, the wall's picture (completed shapes shown) and, while the
        person places, the glowing cells."""
        seat = self.shown_seat
        wall = self.walls_shown[seat] if seat < len(self.walls_shown) else {}
        items = self.wall_items[seat] if seat < len(self.wall_items) else ()
        camera = self.camera()
        glowing = self.shown_legal_cells() if self.placing() and seat == self.viewer else ()
        signature = ("wall", seat, items, camera.cell, camera.origin, glowing)

        def paint(surface: pygame.Surface) -> None:
            clip = surface.get_clip()
            surface.set_clip(clip.clip(WALL_AREA))
            board = _wall_board()
            surface.blit(board, WALL_AREA.topleft)
            if wall:
                picture, origin = wart.wall_picture(dict(wall), camera.cell, shapes=completed_shapes(wall))
                surface.blit(picture, (camera.origin[0] - origin[0], camera.origin[1] - origin[1]))
            else:
                hint = t("wallpaper_table.wall.empty")
                image = fonts.text(hint, theme.SMALL, theme.TEXT_DIM, True)
                surface.blit(image, image.get_rect(center=(WALL_AREA.centerx, WALL_AREA.bottom - 40)))
            for cell in glowing:
                rect = camera.cell_rect(cell).inflate(-6, -6)
                glow = _cell_glow(rect.size)
                surface.blit(glow, rect)
            surface.set_clip(clip)

        return StillPart((signature, labels.lang()), WALL_AREA.inflate(4, 4), paint)

    def _wall_title_part(self) -> StillPart:
        """Whose wall is large, and its running shapes count."""
        seat = self.shown_seat
        mine = seat == self.viewer and self.viewer_is_person()
        text = t("wallpaper_table.wall.yours") if mine else t("wallpaper_table.wall.of", player=self.name_of(seat))
        hint = t("wallpaper_table.wall.hint")

        def make() -> pygame.Surface:
            title = fonts.text(text, fit_size(text, theme.BODY, 300, bold=True), theme.TEXT, True)
            small = fonts.text(hint, fit_size(hint, theme.TINY - 4, TITLE_WIDTH - title.get_width() - 70,
                                              smallest=12), theme.TEXT_DIM)
            surface = pygame.Surface((TITLE_WIDTH, 50), pygame.SRCALPHA)
            pygame.draw.circle(surface, seat_colour(seat, self.match.players), (16, 25), 12)
            surface.blit(title, title.get_rect(midleft=(38, 25)))
            surface.blit(small, small.get_rect(midleft=(58 + title.get_width(), 27)))
            return surface

        picture = labels.cached(("wp-wall-title", text, hint, seat), make)
        return self.picture_part(("title", text, hint, seat), picture, midleft=WALL_TITLE)

    def _mine_part(self) -> StillPart:
        """Bottom left: the viewer's used numbers this round and their pile; the spot's outline."""
        obs = self.observation()
        seat = self.viewer
        if not (0 <= seat < obs.players):
            return StillPart(None, pygame.Rect(DISCARD_LEFT, 860, 0, 0), lambda surface: None)
        played = tuple(sorted(self.discards_shown[seat]))
        pile = obs.pile_counts[seat]
        choosing = obs.phase == PHASE_CHOOSE
        placing_here = bool(self.tray)
        args = (played, pile, choosing, placing_here, labels.lang())

        def make() -> pygame.Surface:
            surface = pygame.Surface((SCREEN[0] - 2 * DISCARD_LEFT - 360, 230), pygame.SRCALPHA)
            label = fonts.text(t("wallpaper_table.mine.played"), theme.TINY - 4, theme.TEXT_DIM, True)
            surface.blit(label, (0, 0))
            for index, number in enumerate(played):
                card = number_picture(seat, obs.players, number, 56)
                surface.blit(card, (index * 30, 26 + (index % 2) * 4))
            pile_text = fonts.text(t("wallpaper_table.mine.pile", n=pile), theme.TINY - 4, theme.TEXT_DIM)
            surface.blit(pile_text, (0, 106))
            spot = pygame.Rect(0, 0, 124, 176)
            spot.center = (round(PLAY_SPOT[0]) - DISCARD_LEFT, round(PLAY_SPOT[1]) - 840)
            if choosing:
                pygame.draw.rect(surface, (*theme.TEXT_DIM, 60), spot, border_radius=12)
                pygame.draw.rect(surface, theme.TEXT_DIM, spot, 2, border_radius=12)
                word = t("wallpaper_table.spot")
                image = fonts.text(word, fit_size(word, theme.TINY - 4, 116, smallest=11), theme.TEXT_DIM, True)
                surface.blit(image, image.get_rect(midtop=(spot.centerx, spot.bottom + 4)))
            elif placing_here:
                word = t("wallpaper_table.tray")
                image = fonts.text(word, theme.TINY - 4, theme.TEXT_DIM, True)
                surface.blit(image, image.get_rect(midleft=(round(TRAY_FIRST[0]) - DISCARD_LEFT - 92, 8)))
            return surface

        picture = labels.cached(("wp-mine", *args), make)
        return self.picture_part(args, picture, topleft=(DISCARD_LEFT, 840))

    def draw_moving(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """Number cards, spots, the tray, flying pieces, the preview and cursors, flashes, bubbles."""
        painted: list[pygame.Rect] = []
        obs = self.observation()
        painted.extend(self._draw_flashes(surface))
        painted.extend(self._draw_cursor(surface, obs))
        for piece in self.numbers_on_rows:
            painted.append(piece.draw(surface))
        if not self.hand_hidden:
            dragged = self.drag.piece if self.drag is not None else None
            dim = not self.my_turn(PHASE_CHOOSE) and self.viewer_is_person()
            for piece in self.hand:
                piece.dim = dim
                if piece is not dragged:
                    painted.append(piece.draw(surface))
        for seat, piece in self.spots.items():
            if seat == self.viewer and self.hand_hidden:
                continue
            painted.append(piece.draw(surface))
        for index, piece in reversed(list(enumerate(self.tray))):
            if self.drag is not None and self.drag.kind == "card" and self.drag.moved and index == 0:
                continue
            painted.append(piece.draw(surface))
        painted.extend(self._draw_preview(surface))
        painted.extend(piece.draw(surface) for piece in self.flying)
        drag = self.drag
        if drag is not None and drag.piece is not None and (drag.moved or drag.kind == "number"):
            snapped = drag.kind == "card" and self.preview() is not None  # the preview shows it in its cell
            if not snapped:
                painted.append(drag.piece.draw(surface))
        painted.extend(bubble.draw(surface) for bubble in self.bubbles)
        return [area for area in painted if area.width and area.height] or [nothing()]

    def _draw_preview(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """On the hovered (or key-chosen) legal cell: the card as it would lie, the shapes it would
        complete glowing, the halves left open marked, and a note in words."""
        preview = self.preview()
        if preview is None:
            return []
        cell, card, rot, shapes, open_halves = preview
        camera = self.camera()
        rect = camera.cell_rect(cell)
        painted = []
        ghost = art.variant(("wp-ghost", card, rot, camera.cell),
                            lambda: _ghost(wart.card_face(card, camera.cell, rot)))
        clip = surface.get_clip()
        surface.set_clip(WALL_AREA)
        painted.append(surface.blit(ghost, rect))
        for shape in shapes:
            painted.append(self._blit_marker(surface, shape, camera))
        for (dx, dy), (x0, y0, x1, y1) in zip(((0, -1), (1, 0), (0, 1), (-1, 0)),
                                              ((0, 0, 1, 0), (1, 0, 1, 1), (0, 1, 1, 1), (0, 0, 0, 1))):
            neighbour = (cell[0] + dx, cell[1] + dy)
            if neighbour in self.viewer_wall():
                continue
            start = (rect.left + x0 * rect.width, rect.top + y0 * rect.height)
            end = (rect.left + x1 * rect.width, rect.top + y1 * rect.height)
            painted.append(_dashed_line(surface, start, end))
        surface.set_clip(clip)
        note = labels.note_pill(shapes_note(shapes, open_halves), bool(shapes))
        where = note.get_rect(midbottom=(rect.centerx, rect.top - 8))
        where.clamp_ip(WALL_AREA)
        painted.append(surface.blit(note, where))
        return painted

    def _blit_marker(self, surface: pygame.Surface, shape: Shape, camera: Camera) -> pygame.Rect:
        """A completed shape's glow on the large wall."""
        marker = wart.shape_marker(shape, camera.cell)
        first, second = (camera.cell_rect(cell) for cell in shape.cells)
        centre = ((first.centerx + second.centerx) // 2, (first.centery + second.centery) // 2)
        return surface.blit(marker, marker.get_rect(center=centre))

    def _draw_flashes(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """The shapes a placement just completed glow for a moment on the large wall."""
        if not self.flashes:
            return []
        camera = self.camera()
        painted = []
        for shape, seat, _ in self.flashes:
            if seat == self.shown_seat:
                painted.append(self._blit_marker(surface, shape, camera))
        return painted

    def _draw_cursor(self, surface: pygame.Surface, obs: Any) -> list[pygame.Rect]:
        """The key cursor's ring on a cell while placing."""
        if self.cell_cursor is None or not self.placing():
            return []
        rect = self.camera().cell_rect(self.cell_cursor)
        ring = art.focus_ring(rect.size, theme.ACCENT)
        return [surface.blit(ring, ring.get_rect(center=rect.center))]

    def pause(self) -> None:
        """Another scene is on top: let go of what is held."""
        self.drop_held()


def _wall_board() -> pygame.Surface:
    """The board the large wall is shown on: a pale plaster panel with a soft rim."""
    def make() -> pygame.Surface:
        surface = pygame.Surface(WALL_AREA.size, pygame.SRCALPHA)
        pygame.draw.rect(surface, (214, 204, 184), surface.get_rect(), border_radius=22)
        pygame.draw.rect(surface, (186, 172, 150), surface.get_rect(), 4, border_radius=22)
        grain = art.noise_surface((WALL_AREA.width // 2, WALL_AREA.height // 2), 7, 18)
        surface.blit(pygame.transform.scale(grain, WALL_AREA.size), (0, 0))
        return surface

    return art.variant(("wp-board",), make)


def _cell_glow(size: tuple[int, int]) -> pygame.Surface:
    """A legal cell: a translucent green fill with a crisp dashed-feeling rim."""
    def make() -> pygame.Surface:
        surface = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(surface, (*theme.OK, 70), surface.get_rect(), border_radius=10)
        pygame.draw.rect(surface, (*theme.OK, 230), surface.get_rect(), 3, border_radius=10)
        return surface

    return art.variant(("wp-cell-glow", size), make)


def _ghost(face: pygame.Surface) -> pygame.Surface:
    """A card as a see-through preview."""
    copy = face.copy()
    copy.set_alpha(215)
    return copy


def _dashed_line(surface: pygame.Surface, start: Point, end: Point) -> pygame.Rect:
    """A dashed line along an open edge of the previewed card."""
    length = math.hypot(end[0] - start[0], end[1] - start[1])
    dashes = max(1, int(length // 18))
    area = pygame.Rect(round(start[0]), round(start[1]), 0, 0)
    for index in range(dashes):
        a = index / dashes
        b = (index + 0.55) / dashes
        p = (start[0] + (end[0] - start[0]) * a, start[1] + (end[1] - start[1]) * a)
        q = (start[0] + (end[0] - start[0]) * b, start[1] + (end[1] - start[1]) * b)
        area.union_ip(pygame.draw.line(surface, theme.GOLD, p, q, 4))
    return area


def make_table(app: App, match: Match, **options: Any) -> Scene:
    """The That Old Wallpaper table scene for ``match`` (options: ``viewer``, ``ai_enabled``,
    ``worker_inline``)."""
    return WallpaperTable(app, match, **options)

