"""Where everything of the ノアロン table sits: pure numbers, no display, fonts or pictures needed.

The table is designed on one logical 1920x1080 canvas; "bottom" is the viewer's side (seat 0 for a
spectator), "top" the opponent's, whose piles and hand are mirrored (their left is the viewer's
right). The module constants are that design. ``Geometry`` places every piece for one bottom seat
on one canvas: the design scaled uniformly to fit the canvas and centred on it, so at 1920x1080 it
gives exactly the constants. Also here: the arithmetic of a pile's top card, a card's size at a
scale, and which hand slots a cut frames or marks with a point pip.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.rules.noaron import HAND_SIZE, LEFT, RIGHT, STAKES_EACH, Cut
from scenes.table.art import CARD_SIZE

Point = tuple[float, float]
Size = tuple[int, int]

# ----- layout (logical 1920x1080; "bottom" is the viewer's side, "top" the opponent's) -------------
SCREEN = (1920, 1080)
FELT = (150, 136, 1620, 650)
DECK_POS: Point = (420.0, 460.0)
DECK_SCALE = 0.9
PILE_SCALE = 0.85
PILE_X = {LEFT: 860.0, RIGHT: 1060.0}  # the bottom player's piles; the top player's are mirrored
SIDE_Y = {"bottom": 615.0, "top": 300.0}
RESERVE_X = 1318.0
RESERVE_SCALE = {"bottom": 0.78, "top": 0.6}
RESERVE_STEP = {"bottom": 112.0, "top": 84.0}
STAKE_X = 1614.0
STAKE_Y = {"bottom": 690.0, "top": 232.0}
PAID_Y = {"bottom": 548.0, "top": 372.0}
PAID_DX = -70  # the paid heap sits left of its count
STAKE_SCALE = 0.42
STAKE_STEP = 25.0
HAND = {"bottom": ((884.0, 944.0), 0.78, 112.0), "top": ((960.0, 70.0), 0.46, 36.0)}
# The top plate's spot here is only its centre's height: it is placed right of the corner board
# (scenes.noaron.paint), clear of the opponent's hand and the Log, Help and Menu buttons.
PLATE = {"bottom": (318, 716), "top": (520, 70)}  # the top plate starts at x 380 (see above)
PLATE_BOX: Size = (300, 86)  # room a name plate may take (its width follows the name)
STATUS_Y = 802
HINT_BOTTOM = 1074  # the key hint's baseline under the hand
SCORE_CARD = pygame.Rect(18, 842, 172, 190)
DECLARE_RECT = (1580, 842, 300, 76)
END_RECT = (1580, 930, 300, 62)
UNDO_RECT = (1580, 1004, 300, 60)
BOARD_TOPLEFT = (30, 22)
BOARD_SIZE: Size = (330, 62 + 40 * 2 + 10)
TITLE_MARK_AT = (FELT[0] + 56, FELT[1] + 44)  # the mat's printed title
HAND_BAND = (850, 1040)  # the bottom row's height band for pointing at pairs and gaps
SETTLEMENT_RECT = pygame.Rect(300, 132, 1150, 660)


def scaled_size(scale: float) -> Size:
    """A card's size at ``scale``."""
    return round(CARD_SIZE[0] * scale), round(CARD_SIZE[1] * scale)


def pile_top_offset(count: int) -> Point:
    """Where the top card of a pile of ``count`` is drawn, relative to the pile's centre."""
    depth = max(0, min(count, 4) - 1)
    return (-depth * 1.2, -depth * 2.0)


def zatsu_span(cut: Cut, size: int) -> tuple[int, int]:
    """(start, length) of the zatsu of ``cut`` in a hand of ``size``."""
    if cut.yaku_start == 0:
        return (cut.yaku_length, size - cut.yaku_length)
    return (0, cut.yaku_start)


PIP_ONE = "1"  # a zatsu card's point
PIP_HALF = "½"  # a zatsu card's point when the zatsu is a yaku too (it scores half)


def pip_for(cut: Cut, index: int, size: int) -> str:
    """What hand card ``index`` (of ``size``) costs under ``cut``: "" in the yaku, ``PIP_ONE`` in
    the zatsu, ``PIP_HALF`` when the zatsu is itself a yaku (no yaku: every card is zatsu)."""
    start, length = zatsu_span(cut, size) if cut.yaku_length else (0, size)
    if not start <= index < start + length:
        return ""
    return PIP_HALF if cut.zatsu_is_yaku else PIP_ONE


@dataclass(frozen=True)
class Geometry:
    """The places of one table seen from ``bottom``'s side (a spectator sees seat 0 there), on a
    ``canvas`` of that size. Noaron is for two players: the seat that is not ``bottom`` sits on top."""

    bottom: int = 0
    canvas: tuple[int, int] = SCREEN

    # ----- the canvas ----------------------------------------------------------------------------
    @property
    def zoom(self) -> float:
        """How much the 1920x1080 design is scaled to fit the canvas (1.0 at 1920x1080)."""
        return min(self.canvas[0] / SCREEN[0], self.canvas[1] / SCREEN[1])

    def point(self, x: float, y: float) -> Point:
        """A design point on the canvas (the design is centred; at 1920x1080 it is ``(x, y)``)."""
        zoom = self.zoom
        return ((self.canvas[0] - SCREEN[0] * zoom) / 2 + x * zoom,
                (self.canvas[1] - SCREEN[1] * zoom) / 2 + y * zoom)

    def pixel(self, x: float, y: float) -> tuple[int, int]:
        """A design point on the canvas, rounded to whole pixels."""
        px, py = self.point(x, y)
        return (round(px), round(py))

    def rect(self, x: float, y: float, width: float, height: float) -> pygame.Rect:
        """A design rectangle on the canvas."""
        left, top = self.pixel(x, y)
        return pygame.Rect(left, top, round(width * self.zoom), round(height * self.zoom))

    def card_size(self, scale: float) -> Size:
        """A card's size at ``scale`` on this canvas."""
        return scaled_size(scale * self.zoom)

    def card_rect(self, centre: Point, scale: float) -> pygame.Rect:
        """The area of one card of ``scale`` centred on ``centre`` (canvas coordinates)."""
        rect = pygame.Rect((0, 0), self.card_size(scale))
        rect.center = (round(centre[0]), round(centre[1]))
        return rect

    # ----- sides -----------------------------------------------------------------------------------
    @property
    def top(self) -> int:
        """The seat sitting opposite."""
        return 1 - self.bottom

    def side(self, seat: int) -> str:
        """"bottom" or "top"."""
        return "bottom" if seat == self.bottom else "top"

    def mirrored(self, seat: int) -> bool:
        """True for the seat on top: its left is the viewer's right."""
        return seat != self.bottom

    # ----- cards on the mat ------------------------------------------------------------------------
    @property
    def deck(self) -> Point:
        """The centre of the deck."""
        return self.point(*DECK_POS)

    def pile_centre(self, seat: int, pile: int) -> Point:
        """Where a seat's pile lies: the top player's left pile is on the viewer's right."""
        x = PILE_X[pile] if seat == self.bottom else PILE_X[1 - pile]
        return self.point(x, SIDE_Y[self.side(seat)])

    def reserve_spot(self, seat: int, index: int) -> Point:
        """Reserve card ``index`` (0 = the taker's left) of ``seat``."""
        side = self.side(seat)
        offset = (index - 0.5) * RESERVE_STEP[side]
        return self.point(RESERVE_X + (offset if side == "bottom" else -offset), SIDE_Y[side])

    def stake_centre(self, seat: int) -> Point:
        """The middle of a seat's row of stake cards."""
        return self.point(STAKE_X, STAKE_Y[self.side(seat)])

    def stake_slot(self, seat: int, index: int, count: int) -> Point:
        """Centre of stake card ``index`` in a row of ``count``."""
        x = STAKE_X + (index - (count - 1) / 2) * STAKE_STEP
        return self.point(x, STAKE_Y[self.side(seat)])

    def paid_pos(self, seat: int) -> Point:
        """The heap of stake cards a seat has paid (the heap itself sits ``PAID_DX`` to its left)."""
        return self.point(STAKE_X, PAID_Y[self.side(seat)])

    def hand_row(self, seat: int) -> tuple[Point, float, float]:
        """(centre, card scale, step between cards) of a seat's hand row."""
        centre, scale, step = HAND[self.side(seat)]
        return self.point(*centre), scale * self.zoom, step * self.zoom

    def hand_band(self) -> tuple[int, int]:
        """The height band (top, bottom) where the pointer picks pairs and gaps of the bottom row."""
        return self.pixel(0, HAND_BAND[0])[1], self.pixel(0, HAND_BAND[1])[1]

    # ----- labels and printed marks ----------------------------------------------------------------
    def plate(self, seat: int) -> tuple[int, int]:
        """The centre of a seat's name plate."""
        return self.pixel(*PLATE[self.side(seat)])

    def status_centre(self) -> tuple[int, int]:
        """The centre of the status banner (above the bottom hand)."""
        return self.pixel(round(HAND["bottom"][0][0]), STATUS_Y)

    def hint_bottom(self) -> tuple[int, int]:
        """The middle of the key hint's bottom edge (under the bottom hand)."""
        return self.pixel(round(HAND["bottom"][0][0]), HINT_BOTTOM)

    def board_topleft(self) -> tuple[int, int]:
        """The corner board (the round, each seat's stakes)."""
        return self.pixel(*BOARD_TOPLEFT)

    def title_mark(self) -> tuple[int, int]:
        """The top left corner of the game's title printed on the mat."""
        return self.pixel(*TITLE_MARK_AT)

    def reserve_caption(self) -> tuple[int, int]:
        """The middle of the reserve caption's bottom edge, above the bottom reserve spot."""
        return self.pixel(RESERVE_X, SIDE_Y["bottom"] - 92)

    def pile_caption(self, seat: int) -> tuple[int, int]:
        """The middle of the top edge of the caption naming a seat's piles (below the bottom
        seat's, above the top seat's)."""
        y = SIDE_Y[self.side(seat)]
        x = round((PILE_X[LEFT] + PILE_X[RIGHT]) / 2)
        if self.side(seat) == "bottom":
            return self.pixel(x, round(y + 96))
        return self.pixel(x, round(y - 96) - 22)

    # ----- panels and buttons ---------------------------------------------------------------------
    def score_card(self) -> pygame.Rect:
        """The score card at the left of the bottom hand."""
        return self.rect(*SCORE_CARD)

    def declare_rect(self) -> pygame.Rect:
        """The Declare button."""
        return self.rect(*DECLARE_RECT)

    def end_rect(self) -> pygame.Rect:
        """The End turn button."""
        return self.rect(*END_RECT)

    def undo_rect(self) -> pygame.Rect:
        """The Undo button (lower than the base puts it, under End turn)."""
        return self.rect(*UNDO_RECT)

    def settlement_rect(self) -> pygame.Rect:
        """The settlement panel."""
        return self.rect(*SETTLEMENT_RECT)

    # ----- areas (for tests and hit tests) ---------------------------------------------------------
    def hand_area(self, seat: int, count: int = HAND_SIZE) -> pygame.Rect:
        """The cards of a full row of ``count`` of a seat's hand, at rest."""
        (x, y), scale, step = self.hand_row(seat)
        width, height = scaled_size(scale)
        rect = pygame.Rect(0, 0, round(step * (count - 1)) + width, height)
        rect.center = (round(x), round(y))
        return rect

    def plate_area(self, seat: int) -> pygame.Rect:
        """The room of a seat's name plate (``PLATE_BOX`` around its centre)."""
        rect = pygame.Rect((0, 0), (round(PLATE_BOX[0] * self.zoom), round(PLATE_BOX[1] * self.zoom)))
        rect.center = self.plate(seat)
        return rect

    def pile_area(self, seat: int, pile: int) -> pygame.Rect:
        """One discard pile's card."""
        return self.card_rect(self.pile_centre(seat, pile), PILE_SCALE)

    def deck_area(self) -> pygame.Rect:
        """The deck's card."""
        return self.card_rect(self.deck, DECK_SCALE)

    def reserve_area(self, seat: int) -> pygame.Rect:
        """Both reserve cards of a seat."""
        scale = RESERVE_SCALE[self.side(seat)]
        first = self.card_rect(self.reserve_spot(seat, 0), scale)
        return first.union(self.card_rect(self.reserve_spot(seat, 1), scale))

    def stakes_area(self, seat: int, count: int = STAKES_EACH) -> pygame.Rect:
        """A row of ``count`` stake cards."""
        first = self.card_rect(self.stake_slot(seat, 0, count), STAKE_SCALE)
        return first.union(self.card_rect(self.stake_slot(seat, count - 1, count), STAKE_SCALE))

    def paid_area(self, seat: int) -> pygame.Rect:
        """The heap of paid stake cards."""
        x, y = self.paid_pos(seat)
        return self.card_rect((x + PAID_DX * self.zoom, y), STAKE_SCALE)

    def seat_areas(self, seat: int) -> dict[str, pygame.Rect]:
        """Everything of one seat: name, hand, piles, reserve, stakes, paid heap."""
        return {
            "plate": self.plate_area(seat),
            "hand": self.hand_area(seat),
            "pile_left": self.pile_area(seat, LEFT),
            "pile_right": self.pile_area(seat, RIGHT),
            "reserve": self.reserve_area(seat),
            "stakes": self.stakes_area(seat),
            "paid": self.paid_area(seat),
        }

    def areas(self) -> dict[str, pygame.Rect]:
        """Everything this layout places, by name (seat areas as ``"<seat>.<part>"``)."""
        placed = {f"{seat}.{name}": rect for seat in (self.bottom, self.top)
                  for name, rect in self.seat_areas(seat).items()}
        placed.update({
            "deck": self.deck_area(),
            "board": pygame.Rect(self.board_topleft(), (round(BOARD_SIZE[0] * self.zoom),
                                                        round(BOARD_SIZE[1] * self.zoom))),
            "score_card": self.score_card(),
            "declare": self.declare_rect(),
            "end": self.end_rect(),
            "undo": self.undo_rect(),
        })
        return placed
