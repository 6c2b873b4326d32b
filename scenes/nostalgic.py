"""The table of Nostalgic: a printed board of balloons, dice thrown onto the table, cardboard
boxes, reroll chips and nostalgia cards.

The board (``scenes.table.nostalgic_art.board_picture``) fills the middle of the table: the
three spaces with their balloons (the dice each accepts and what it gives), the ∞ balloon, the NP
track round the edge with every player's marker, the box track with its bonuses, the closet of
five face-up nostalgia cards beside the deck, and the reroll chip supply. The other seats sit in a
column on the left (name, NP, boxes, chips, hand size, their dice, their hand as backs); the seat
shown (the viewer) sits at the bottom with its dice tray, the Reroll button and its own cards face
up. The right column tells the round, the game and the way play goes, and how card sets score.

Every rules event becomes an animation: at a round start everyone's dice are thrown onto the
table (``scenes.table.dice_throw.DiceThrow``: the faces come from the rules' ``DiceThrown``
events, the throw only shows them), tumble, bounce and settle in front of their owners; doubles
flash their NP. A placed die slides into its balloon; its effect plays out: the NP marker walks
along the track, boxes stack up on the box track with their bonus popping, a card flies into a
hand, a chip lands. A reroll throws only the chosen dice again and the spent chip flies back to
the supply. The end of a game opens a final-scoring panel that shows, step by step, unused chips,
each player's best card sets (as groups), the box-ranking penalties and the final NP.

A turn by pointer, finger or keys: click (tap) one of your dice, or drag it; the balloons that
accept it glow; click (drop on) a balloon. Clicking more dice chooses them for a reroll (the last
one chosen is the one held for a balloon); the Reroll button throws the chosen dice again and
says how many chips are left. When a card is to be taken the deck and the face-up cards glow:
click one. Keys: Left/Right choose a die, Enter (or Up) holds it and moves to the glowing
balloons, arrows then pick a balloon and Enter places; X marks a die for a reroll and R rerolls;
in the card step Left/Right and Enter (or 1-5, D). The screen never decides legality: a drop
becomes an action that the rules accept or refuse with their reason, and a refused die springs
back.

The game-independent machinery (AI, undo, curtains, event pump, autosave, still layer, results)
is ``scenes.table.base.TableScene``.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.core.events import Event
from game.core.match import Match
from game.i18n import language, t
from game.rules.nostalgic import (
    BALLOON_BY_ID,
    BOARD,
    DECK_SOURCE,
    FACE_UP,
    KINDS,
    PHASE_PLACE,
    PHASE_TAKE,
    SET_PAIR,
    SET_RAINBOW,
    SET_TRIPLE,
    BoxesPacked,
    CardTaken,
    ChipsGiven,
    ChipSpent,
    ChipTaken,
    DiceCollected,
    DiceThrown,
    DiePlaced,
    FinalScored,
    GameEnded,
    GameStarted,
    HandDealt,
    NostalgicAction,
    NostalgicObservation,
    NpGained,
    Reshuffled,
    RoundCardPassed,
    RoundStarted,
    RowCleared,
    RowDealt,
    best_sets,
    card_kind,
    pair_bonus,
    set_points,
)
from scenes import anim, fonts, theme
from scenes import input as intents
from scenes.app import App, Scene
from scenes.input import Intent
from scenes.table import art, labels
from scenes.table import nostalgic_art as nart
from scenes.table.base import ModalPanel, StillPart, TableScene
from scenes.table.dice_throw import DiceThrow, die_face, painter, prewarm_dice
from scenes.table.pieces import Bubble, CardSprite, nothing
from scenes.ui import Button, draw_text_centered, fit_size

Point = tuple[float, float]

# ----- layout (logical 1920x1080) ------------------------------------------------------------------
SCREEN = (1920, 1080)
SCREEN_RECT = pygame.Rect((0, 0), SCREEN)
BOARD_TOPLEFT = (330, 8)
BOARD_SIZE = nart.BOARD_SIZE  # the board's own design size (1140 x 760)
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

# ----- timings (seconds at normal speed; the animator scales them) ---------------------------------
SLIDE = 0.36
DEAL_GAP = 0.06
FLIGHT = 0.42
STEP_TIME = 0.11  # a marker's hop from one track cell to the next
MAX_STEP_TIME = 1.1  # a long walk is quicker per cell
POP_TIME = 0.9
DRAG_THRESHOLD = 12
PANEL_STEP = 0.8  # between the lines of the final scoring

# the synth's sounds that fit each moment best
SOUNDS = {"throw": "dice_roll", "land": "dice_land", "chip": "chip", "bonus": "pass", "slide": "card_slide",
          "flip": "card_flip", "deal": "deal"}


# ----- small helpers -------------------------------------------------------------------------------
def seat_colour(seat: int) -> tuple[int, int, int]:
    """The colour of a seat's dice and markers (the art's palette)."""
    colours = nart.SEAT_COLOURS
    return tuple(colours[seat % len(colours)])  # type: ignore[return-value]


def hand_order(card: str) -> tuple[int, int, str]:
    """Sort key of a hand: by kind (toy, photo, letter), wild cards after the plain ones."""
    kind = card_kind(card)
    return (KINDS.index(kind) if kind in KINDS else 9, 1 if card.endswith("W") else 0, card)


def signed(value: int) -> str:
    """A number with its sign (a true minus sign)."""
    return f"+{value}" if value > 0 else (f"−{-value}" if value < 0 else "0")


def path_points(start: int, end: int, cell: Callable[[int], Point]) -> list[Point]:
    """The track cells from ``start`` to ``end`` (both included), forwards or backwards."""
    step = 1 if end >= start else -1
    return [cell(value) for value in range(start, end + step, step)]


@dataclass
class DieShown:
    """One die as the table shows it: its face, where it lies ("" = its owner's tray), and whether
    something moving (a throw, a slide) draws it instead of the still layer."""

    value: int
    balloon: str = ""
    hidden: bool = False


@dataclass
class Shown:
    """What the table shows at rest (the rules state as far as the animations have got)."""

    players: int
    np: list[int]
    boxes: list[int]
    chips: list[int]
    supply: int
    row: list[str | None]
    deck: int
    discard: int
    hand_counts: list[int]
    hand: list[str]  # the viewer's own cards (faces)
    dice: list[list[DieShown]]
    order: dict[str, list[tuple[int, int]]] = field(default_factory=dict)  # balloon -> (seat, die) in order
    round: int = 0
    start_seat: int = 0
    game: int = 0
    direction: int = 1
    np_moving: set[int] = field(default_factory=set)
    box_moving: set[int] = field(default_factory=set)
    round_card_moving: bool = False

    @staticmethod
    def blank(players: int) -> Shown:
        """An empty table."""
        return Shown(players, [0] * players, [0] * players, [0] * players, 0, [None] * FACE_UP, 0, 0,
                     [0] * players, [], [[] for _ in range(players)])


# ----- pieces that move -----------------------------------------------------------------------------
class Piece:
    """A small flat thing that moves over the table (a marker, a chip, a box, the round card, a die):
    a cached picture at ``pos`` raised by ``lift`` (its shadow stays on the table)."""

    def __init__(self, picture: pygame.Surface, pos: Point) -> None:
        self.picture = picture
        self.pos: Point = pos
        self.lift = 0.0
        self.visible = True

    def draw(self, surface: pygame.Surface) -> pygame.Rect:
        """Shadow, then the picture; returns the area painted."""
        if not self.visible:
            return nothing(self.pos)
        picture = self.picture
        x, y = self.pos
        up = self.lift * 34.0
        painted = nothing(self.pos)
        if up > 1:
            shadow = _soft_shadow(max(8, picture.get_width() - 6))
            painted = surface.blit(shadow, shadow.get_rect(center=(round(x + up * 0.2), round(y + 6))))
        return painted.union(surface.blit(picture, picture.get_rect(center=(round(x), round(y - up)))))


class DieSprite(Piece):
    """A die moving over the table: it turns with ``angle`` and, half way (``grow`` 0.5), swaps
    from its starting size to ``size_to`` (two sizes only, so every picture comes from the
    dice cache, never a fresh scaling)."""

    def __init__(self, seat: int, value: int, pos: Point, size: int, angle: float = 0.0) -> None:
        super().__init__(die_face(value, size, seat_colour(seat)), pos)
        self.seat = seat
        self.value = value
        self.size = size
        self.size_to = size
        self.grow = 0.0
        self.angle = angle

    def draw(self, surface: pygame.Surface) -> pygame.Rect:
        """The die at its size and angle."""
        if not self.visible:
            return nothing(self.pos)
        size = self.size_to if self.grow >= 0.5 else self.size
        self.picture = die_face(self.value, size, seat_colour(self.seat), angle=self.angle)
        return super().draw(surface)

    def resize(self, size: int, duration: float) -> anim.Step:
        """A step that takes the die to ``size`` (the picture swaps half way)."""
        self.size_to = size
        self.grow = 0.0
        return anim.Tween(self, "grow", 1.0, duration, anim.linear)


class NostalgicCard(CardSprite):
    """A nostalgia card; ``value`` is the card ("T", "PW"...) or None when this screen may not see it."""

    def _image_key(self) -> tuple[Any, pygame.Surface]:
        """The art key and picture of the side showing now."""
        if self.face_up:
            return ("nos-face", self.value), nart.card_face(str(self.value), art.CARD_SIZE[0])
        return ("nos-back",), nart.card_back(art.CARD_SIZE[0])


class Pop:
    """A short badge ("+2 NP", "+1 box") that pops up, rises a little and fades."""

    def __init__(self, picture: pygame.Surface, pos: Point, key: tuple[Any, ...]) -> None:
        self.picture = picture
        self.key = key  # names the picture in the scaling cache
        self.pos: Point = pos
        self.scale = 0.2
        self.alpha = 255.0
        self.rise = 0.0
        self.visible = True

    def show(self, seconds: float = POP_TIME) -> anim.Step:
        """A timeline: pop in with an overshoot, rise while it stays, fade out."""
        def hide() -> None:
            self.visible = False

        return anim.Sequence(
            anim.Tween(self, "scale", 1.0, 0.22, anim.ease_out_back, start=0.2),
            anim.Parallel(anim.Tween(self, "rise", 26.0, seconds, anim.ease_out_cubic),
                          anim.Sequence(anim.Wait(seconds * 0.6),
                                        anim.Tween(self, "alpha", 0.0, seconds * 0.4, anim.ease_in_quad))),
            anim.Call(hide))

    def draw(self, surface: pygame.Surface) -> pygame.Rect:
        """The badge at its scale and opacity; returns the area painted."""
        if not self.visible or self.alpha <= 2:
            return nothing(self.pos)
        image = self.picture if self.scale >= 0.99 else \
            art.scaled(("nos-pop", *self.key), self.picture, max(0.05, self.scale))
        if self.alpha < 253:
            image = image.copy()
            image.set_alpha(round(self.alpha))
        where = image.get_rect(center=(round(self.pos[0]), round(self.pos[1] - self.rise)))
        return surface.blit(image, where.clamp(SCREEN_RECT.inflate(-8, -8)))  # near an edge: kept whole


class Flash:
    """A ring that flashes round a die (a double that scores)."""

    def __init__(self, pos: Point, size: int) -> None:
        self.pos = pos
        self.size = size
        self.alpha = 0.0
        self.visible = True

    def show(self) -> anim.Step:
        """Flash twice, then go."""
        def hide() -> None:
            self.visible = False

        return anim.Sequence(anim.Tween(self, "alpha", 255.0, 0.12), anim.Tween(self, "alpha", 60.0, 0.16),
                             anim.Tween(self, "alpha", 255.0, 0.12), anim.Tween(self, "alpha", 0.0, 0.4),
                             anim.Call(hide))

    def draw(self, surface: pygame.Surface) -> pygame.Rect:
        """The ring at its opacity."""
        if not self.visible or self.alpha <= 2:
            return nothing(self.pos)
        ring = _flash_ring(self.size)
        image = ring.copy()
        image.set_alpha(round(self.alpha))
        return surface.blit(image, image.get_rect(center=(round(self.pos[0]), round(self.pos[1]))))


class PathStep(anim.Step):
    """Moves ``piece.pos`` along a polyline (a track, cell by cell), hopping at every cell."""

    def __init__(self, piece: Piece, points: Sequence[Point], duration: float,
                 on_done: Callable[[], None] | None = None) -> None:
        self.piece = piece
        self.points = list(points) or [piece.pos]
        self.duration = max(0.001, duration)
        self.elapsed = 0.0
        self.on_done = on_done
        self.done = False

    def advance(self, dt: float) -> float:
        """Move on along the path."""
        if self.done:
            return dt
        self.elapsed += dt
        progress = min(1.0, self.elapsed / self.duration)
        segments = max(1, len(self.points) - 1)
        where = anim.ease_in_out_sine(progress) * segments
        index = min(segments - 1, int(where))
        local = where - index
        if len(self.points) == 1:
            self.piece.pos = self.points[0]
        else:
            a, b = self.points[index], self.points[index + 1]
            self.piece.pos = (a[0] + (b[0] - a[0]) * local, a[1] + (b[1] - a[1]) * local)
        self.piece.lift = math.sin(math.pi * local) * 0.5 if progress < 1.0 else 0.0
        if progress < 1.0:
            return 0.0
        self.done = True
        self.piece.pos = self.points[-1]
        self.piece.lift = 0.0
        if self.on_done is not None:
            self.on_done()
        leftover = self.elapsed - self.duration
        return leftover if math.isfinite(leftover) else 0.0

    def finish(self) -> None:
        """Jump to the end."""
        if not self.done:
            self.advance(math.inf)


class ThrowStep(anim.Step):
    """A ``DiceThrow`` as a step of a timeline: done once every die rests."""

    def __init__(self, throw: DiceThrow, on_done: Callable[[], None]) -> None:
        self.throw = throw
        self.on_done = on_done
        self.done = False

    def advance(self, dt: float) -> float:
        """Let the dice roll on."""
        if self.done:
            return dt
        if not math.isfinite(dt):
            self.throw.finish()
        else:
            self.throw.update(dt)
        if self.throw.done:
            self.done = True
            self.on_done()
        return 0.0

    def finish(self) -> None:
        """Every die comes to rest now."""
        if not self.done:
            self.throw.finish()
            self.done = True
            self.on_done()


@dataclass
class Throw:
    """A throw on the table: which (seat, die) each of its dice is."""

    throw: DiceThrow
    dice: list[tuple[int, int]]
    picture: Callable[..., pygame.Surface]


@dataclass
class DieDrag:
    """One of the viewer's dice held by the pointer; once it moves a sprite follows the pointer."""

    die: int
    start: Point
    offset: Point
    moved: bool = False
    sprite: DieSprite | None = None


# ----- cached pictures -------------------------------------------------------------------------------
def _soft_shadow(width: int) -> pygame.Surface:
    """A soft oval shadow for a lifted piece."""
    def make() -> pygame.Surface:
        surface = pygame.Surface((width + 16, width // 2 + 12), pygame.SRCALPHA)
        pygame.draw.ellipse(surface, (0, 0, 0, 70), surface.get_rect().inflate(-10, -8))
        return pygame.transform.gaussian_blur(surface, 4)

    return labels.cached(("nos-shadow", width // 4), make)


def _flash_ring(size: int) -> pygame.Surface:
    """A gold ring a little larger than a die."""
    def make() -> pygame.Surface:
        side = size + 34
        surface = pygame.Surface((side, side), pygame.SRCALPHA)
        ring = surface.get_rect()
        pygame.draw.rect(surface, (*theme.GOLD, 110), ring.inflate(-4, -4), 10, border_radius=18)
        surface = pygame.transform.gaussian_blur(surface, 4)
        pygame.draw.rect(surface, (*theme.GOLD, 255), ring.inflate(-14, -14), 4, border_radius=14)
        return surface

    return labels.cached(("nos-flash", size), make)


def pop_badge(text: str, good: bool = True) -> pygame.Surface:
    """A bold badge on a dark pill: gold for a gain, red for a loss."""
    def make() -> pygame.Surface:
        image = fonts.text(text, theme.BODY, theme.GOLD if good else (255, 160, 150), True)
        surface = pygame.Surface((image.get_width() + 30, image.get_height() + 12), pygame.SRCALPHA)
        rect = surface.get_rect()
        pygame.draw.rect(surface, (*theme.INK, 230), rect, border_radius=rect.height // 2)
        pygame.draw.rect(surface, theme.GOLD if good else theme.BAD, surface.get_rect(), 2,
                         border_radius=surface.get_height() // 2)
        surface.blit(image, image.get_rect(center=surface.get_rect().center))
        return surface

    return labels.cached(("nos-pop", text, good), make)


def balloon_glow(size: tuple[int, int], colour: tuple[int, int, int]) -> pygame.Surface:
    """A soft halo round a balloon (cached per size and colour)."""
    return labels.cached(("nos-glow", size, colour), lambda: art.glow_ring(size, colour, 200))


def balloon_veil(size: tuple[int, int], dark: int) -> pygame.Surface:
    """A dark rounded veil over a balloon that cannot take the die."""
    def make() -> pygame.Surface:
        surface = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(surface, (*theme.ROOM, dark), surface.get_rect(), border_radius=min(size) // 3)
        return surface

    return labels.cached(("nos-veil", size, dark), make)


def full_tag() -> pygame.Surface:
    """A small slanted "full" tape for a balloon with no room."""
    def make() -> pygame.Surface:
        label = fonts.text(t("nostalgic_table.balloon.full"), theme.TINY - 2, theme.TEXT, True)
        tag = pygame.Surface((label.get_width() + 20, label.get_height() + 6), pygame.SRCALPHA)
        pygame.draw.rect(tag, (*theme.INK, 225), tag.get_rect(), border_radius=8)
        tag.blit(label, label.get_rect(center=tag.get_rect().center))
        return pygame.transform.rotozoom(tag, 8, 1.0)

    return labels.cached(("nos-full", labels.lang()), make)


def stat_icons(np: int, boxes: int, chips: int, cards: int, size: int) -> pygame.Surface:
    """One line of a seat's numbers, each after its icon: NP, boxes, chips and (``cards`` >= 0)
    cards in hand."""
    def make() -> pygame.Surface:
        icon = size + 6
        items = [(_np_icon(icon), str(np)), (_box_icon(icon), str(boxes)), (nart.chip(icon), str(chips))]
        if cards >= 0:
            items.append((_card_icon(icon), str(cards)))
        images = [(picture, fonts.text(text, size, theme.TEXT, True)) for picture, text in items]
        width = sum(p.get_width() + n.get_width() + 22 for p, n in images)
        surface = pygame.Surface((width, max(icon, fonts.line_height(size, True)) + 2), pygame.SRCALPHA)
        x = 0
        middle = surface.get_height() // 2
        for picture, number in images:
            surface.blit(picture, picture.get_rect(midleft=(x, middle)))
            x += picture.get_width() + 4
            surface.blit(number, number.get_rect(midleft=(x, middle)))
            x += number.get_width() + 18
        return surface

    return labels.cached(("nos-stats", np, boxes, chips, cards, size), make)


def _np_icon(size: int) -> pygame.Surface:
    """A little gold star with "NP" under it: the nostalgia points."""
    def make() -> pygame.Surface:
        surface = pygame.Surface((size, size), pygame.SRCALPHA)
        centre = size / 2
        points = []
        for corner in range(10):
            radius = size * (0.48 if corner % 2 == 0 else 0.22)
            angle = math.pi / 2 + corner * math.pi / 5
            points.append((centre + radius * math.cos(angle), centre - radius * math.sin(angle)))
        pygame.draw.polygon(surface, theme.GOLD, points)
        pygame.draw.polygon(surface, theme.INK, points, 1)
        return surface

    return labels.cached(("nos-np-icon", size), make)


def _box_icon(size: int) -> pygame.Surface:
    """A cardboard box seen from the front."""
    def make() -> pygame.Surface:
        surface = pygame.Surface((size, size), pygame.SRCALPHA)
        body = pygame.Rect(2, size * 0.3, size - 4, size * 0.66)
        pygame.draw.rect(surface, (196, 150, 98), body, border_radius=3)
        pygame.draw.polygon(surface, (222, 180, 124), [(2, size * 0.3), (size * 0.3, size * 0.08),
                                                       (size * 0.7, size * 0.08), (size - 2, size * 0.3)])
        pygame.draw.line(surface, (140, 100, 62), (size / 2, size * 0.3), (size / 2, size * 0.96), 2)
        pygame.draw.rect(surface, (120, 84, 52), body, 1, border_radius=3)
        return surface

    return labels.cached(("nos-box-icon", size), make)


def _card_icon(size: int) -> pygame.Surface:
    """Two little card backs: cards in hand."""
    def make() -> pygame.Surface:
        surface = pygame.Surface((size, size), pygame.SRCALPHA)
        for shift in (0, 6):
            rect = pygame.Rect(2 + shift, 2 + (6 - shift) // 2, size * 0.55, size * 0.8)
            pygame.draw.rect(surface, theme.CARD_BACK, rect, border_radius=3)
            pygame.draw.rect(surface, theme.CARD_BACK_LINE, rect, 1, border_radius=3)
        return surface

    return labels.cached(("nos-card-icon", size), make)


# ----- the final scoring panel -------------------------------------------------------------------------
class FinalPanel(ModalPanel):
    """A game's final scoring, one step after another: unused chips, each player's best sets of
    cards (shown as groups), the box-ranking penalties, the final NP, the winner (or, after the
    first of two games, who starts the second). Each step's layer is painted once."""

    RECT = pygame.Rect(150, 70, 1620, 930)
    STEPS = ("chips", "sets", "rank", "total", "end")

    def __init__(self, table: NostalgicTable, event: FinalScored, ended: GameEnded | None,
                 next_game: GameStarted | None) -> None:
        players = len(event.totals)
        height = 318 + players * 132
        self.RECT = pygame.Rect(150, (1080 - height) // 2, 1620, height)
        last = ended is not None
        super().__init__(table, (lambda: t("table.see_results")) if last else (lambda: t("table.continue")))
        self.nostalgic = table
        self.event = event
        self.ended = ended
        self.next_game = next_game
        self.shown = 0
        self.clock = 0.0
        self.button.rect.midbottom = (self.RECT.centerx, self.RECT.bottom - 24)
        self.button.enabled = self.complete
        self._layers: dict[tuple[str, str], pygame.Surface] = {}
        self._composite: pygame.Surface | None = None
        self._composite_key: tuple[int, str] = (-1, "")

    # ----- geometry ----------------------------------------------------------------------------------
    def columns(self) -> dict[str, int]:
        """The x of each column (panel coordinates)."""
        left = self.RECT.left
        return {"player": left + 50, "play": left + 390, "chips": left + 510, "sets": left + 600,
                "rank": left + 1250, "total": left + 1480}

    def row_y(self, seat: int) -> int:
        """The centre line of a seat's row."""
        return self.RECT.top + 190 + seat * 132

    def complete(self) -> bool:
        """True once every step is shown (Continue is enabled)."""
        return self.shown >= len(self.STEPS)

    def reveal_all(self) -> None:
        """Show every step now."""
        while not self.complete():
            self._reveal_next()

    def _reveal_next(self) -> None:
        """One more step (with a sound)."""
        self.shown += 1
        audio = getattr(self.nostalgic.app, "audio", None)
        if audio is not None:
            audio.play("click" if self.shown < len(self.STEPS) else "round_end")

    def update(self, dt: float, speed: float) -> None:
        """Reveal the steps one by one at the animation speed."""
        if speed <= 0:
            self.reveal_all()
            return
        self.clock += dt * speed
        shown = self.shown
        while not self.complete() and self.clock >= PANEL_STEP * (self.shown + 1):
            self._reveal_next()
        if self.shown == shown and not self.complete():
            self.layer(self.STEPS[self.shown])  # paint the next step ahead, in a frame that reveals nothing

    def handle(self, intent: Intent) -> bool:
        """Modal: a click or Enter first shows every step, then continues."""
        if not self.complete() and (intent.kind == intents.ACTIVATE or
                                    (intent.kind == intents.RELEASE and self.RECT.collidepoint(intent.pos))):
            self.reveal_all()
            return True
        return super().handle(intent)

    # ----- painting ----------------------------------------------------------------------------------
    def paint_body(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        """Heading, column titles, names and NP from play (the rest comes step by step)."""
        event = self.event
        table = self.nostalgic
        if self.nostalgic.shown_games() > 1:
            heading = t("nostalgic_table.final.heading_of", n=event.game + 1, total=table.shown_games())
        else:
            heading = t("nostalgic_table.final.heading")
        size = fit_size(heading, theme.HEADING - 6, body.width - 80, bold=True)
        draw_text_centered(surface, heading, size, theme.INK, (body.centerx, body.top + 50), True)
        dx, dy = body.left - self.RECT.left, body.top - self.RECT.top
        top = self.RECT.top + 118
        for key, x in self.columns().items():
            text = t(f"nostalgic_table.final.col.{key}")
            image = fonts.text(text, fit_size(text, theme.TINY, 200, True), theme.INK_SOFT, True)
            where = image.get_rect(midleft=(x + dx, top + dy)) if key in ("player", "sets") else \
                image.get_rect(center=(x + dx, top + dy))
            surface.blit(image, where)
        line_y = top + dy + 22
        pygame.draw.line(surface, theme.PAPER_SHADE, (body.left + 40, line_y), (body.right - 40, line_y), 2)
        for seat in range(len(event.totals)):
            y = self.row_y(seat) + dy
            if seat % 2:
                band = pygame.Surface((body.width - 60, 124), pygame.SRCALPHA)
                pygame.draw.rect(band, (*theme.PAPER_SHADE, 110), band.get_rect(), border_radius=14)
                surface.blit(band, (body.left + 30, y - 62))
            x = self.columns()["player"] + dx
            marker = nart.player_marker(seat, 40)
            surface.blit(marker, marker.get_rect(center=(x + 20, y)))
            name = table.name_of(seat)
            label = fonts.text(name, fit_size(name, theme.BODY, 250), theme.INK)
            surface.blit(label, label.get_rect(midleft=(x + 50, y)))
            play = self.play_np(seat)
            where = (self.columns()["play"] + dx, y)
            draw_text_centered(surface, str(play), theme.LARGE - 4, theme.INK, where, True)

    def play_np(self, seat: int) -> int:
        """NP before this final scoring (the total less what the scoring added)."""
        event = self.event
        return event.totals[seat] - event.chips[seat] - event.set_points[seat] - event.penalties[seat]

    def layer(self, step: str) -> pygame.Surface:
        """The picture of one step (transparent, panel-sized, panel coordinates), made once per language."""
        key = (step, language())
        picture = self._layers.get(key)
        if picture is None:
            picture = pygame.Surface(self.RECT.size, pygame.SRCALPHA)
            getattr(self, f"_paint_{step}")(picture)
            self._layers[key] = picture
        return picture

    def _local(self, x: int, y: int) -> tuple[int, int]:
        """Screen -> panel coordinates."""
        return x - self.RECT.left, y - self.RECT.top

    def _paint_chips(self, picture: pygame.Surface) -> None:
        """+1 NP per unused chip."""
        for seat, chips in enumerate(self.event.chips):
            centre = self._local(self.columns()["chips"], self.row_y(seat))
            chip = nart.chip(30)
            picture.blit(chip, chip.get_rect(center=(centre[0] - 26, centre[1])))
            where = (centre[0] + 16, centre[1])
            draw_text_centered(picture, signed(chips), theme.BODY, theme.INK, where, True)

    def _paint_sets(self, picture: pygame.Surface) -> None:
        """Each player's best partition: groups of little cards, each with its kind and NP."""
        width = 52
        for seat, groups in enumerate(self.event.sets):
            x, y = self._local(self.columns()["sets"], self.row_y(seat))
            if not groups:
                note = fonts.text(t("nostalgic_table.final.no_sets"), theme.TINY, theme.INK_SOFT)
                picture.blit(note, note.get_rect(midleft=(x, y)))
            for kind, cards in groups:
                group_width = len(cards) * (width - 14) + 14
                label = t(f"nostalgic_table.set.{kind}", n=self._set_value(kind))
                image = fonts.text(label, fit_size(label, theme.TINY - 2, 150), theme.INK, True)
                group_width = max(group_width, image.get_width() + 8)
                frame = pygame.Rect(x - 6, y - 56, group_width + 12, 112)
                pygame.draw.rect(picture, (*theme.GOLD, 70), frame, border_radius=10)
                pygame.draw.rect(picture, theme.GOLD, frame, 2, border_radius=10)
                left = frame.centerx - (len(cards) * (width - 14) + 14) // 2
                for index, card in enumerate(cards):
                    face = nart.card_face(card, width)
                    picture.blit(face, face.get_rect(topleft=(left + index * (width - 14), y - 50)))
                picture.blit(image, image.get_rect(midbottom=(frame.centerx, frame.bottom - 4)))
                x = frame.right + 16
            total = fonts.text(signed(self.event.set_points[seat]), theme.BODY, theme.INK, True)
            left = max(x + 4, self._local(self.columns()["rank"] - 140, 0)[0])
            picture.blit(total, total.get_rect(midleft=(left, y)))

    @staticmethod
    def _set_value(kind: str) -> int:
        """NP of one set of ``kind``."""
        return {"triple": SET_TRIPLE, "rainbow": SET_RAINBOW, "pair": SET_PAIR}.get(kind, 0)

    def _paint_rank(self, picture: pygame.Surface) -> None:
        """Boxes packed and the ranking penalty."""
        for seat, boxes in enumerate(self.event.boxes):
            x, y = self._local(self.columns()["rank"], self.row_y(seat))
            text = t("nostalgic_table.final.boxes", n=boxes)
            image = fonts.text(text, theme.TINY, theme.INK_SOFT)
            picture.blit(image, image.get_rect(center=(x, y - 20)))
            penalty = self.event.penalties[seat]
            ink = theme.FUTON if penalty < 0 else theme.INK
            draw_text_centered(picture, signed(penalty), theme.BODY, ink,
                               (x, y + 16), True)

    def _paint_total(self, picture: pygame.Surface) -> None:
        """The final NP, the best in red."""
        best = max(self.event.totals)
        for seat, total in enumerate(self.event.totals):
            x, y = self._local(self.columns()["total"], self.row_y(seat))
            ink = theme.FUTON if total == best else theme.INK
            draw_text_centered(picture, str(total), theme.LARGE + 4, ink,
                               (x, y), True)

    def _paint_end(self, picture: pygame.Surface) -> None:
        """Who won (and how a tie was settled), or what happens in the second game."""
        text = self.end_text()
        y = self.RECT.height - 146
        size = fit_size(text, theme.BODY + 2, self.RECT.width - 120, bold=True)
        draw_text_centered(picture, text, size, theme.INK, (self.RECT.width // 2, y), True)

    def end_text(self) -> str:
        """The last line's words."""
        table = self.nostalgic
        if self.ended is not None:
            names = [table.name_of(seat) for seat in self.ended.winners]
            if len(names) == 1:
                home = self.ended.tiebreak
                key = "nostalgic_table.final.winner_home" if home else "nostalgic_table.final.winner"
                return t(key, player=names[0])
            return t("nostalgic_table.final.shared", players=" · ".join(names))
        if self.next_game is not None:
            return t("nostalgic_table.final.next_game", player=table.name_of(self.next_game.start_seat))
        return ""

    def draw(self, surface: pygame.Surface) -> None:
        """The paper with the steps shown so far (one cached picture per step), the button."""
        shown, lang = self._composite_key
        if self._composite is None or lang != language() or shown > self.shown:
            # pixel caches only: drawing changes nothing the game can see
            if self._surface is None or self._language != language():
                self._surface = self.render()
                self._language = language()
            self._composite, shown = self._surface.copy(), 0
        for step in self.STEPS[shown:self.shown]:  # only the steps revealed since the last frame
            self._composite.blit(self.layer(step), (20, 20))
        self._composite_key = (self.shown, language())
        surface.blit(self._composite, (self.RECT.left - 20, self.RECT.top - 20))
        self.group.draw(surface)


# ----- the table scene ---------------------------------------------------------------------------------
class NostalgicTable(TableScene):
    """The Nostalgic table (see the module docstring)."""

    KEYS_TEXT = "nostalgic_table.keys"
    felt = FELT
    status_y = STATUS_Y

    def __init__(self, app: App, match: Match, **options: Any) -> None:
        players = match.players
        self.layout = nart.board_layout(BOARD_SIZE)
        self.shown = Shown.blank(players)
        self.flying: list[Any] = []  # pieces in the air (cards, dice, chips, markers)
        self.pops: list[Any] = []  # badges and flashes (drawn over everything)
        self.bubbles: list[Bubble] = []
        self.throws: list[Throw] = []
        self.picked: list[int] = []  # the viewer's chosen dice (the last one is held for a balloon)
        self.focus_die: int | None = None  # keyboard focus on a die of the tray
        self.focus_balloon: str | None = None  # keyboard focus on a balloon (a die is held)
        self.focus_source: int | None = None  # keyboard focus in the card step (0-4 slots, 5 deck)
        self.drag: DieDrag | None = None
        self.dropped: DieSprite | None = None  # the dragged die that the rules accepted
        self.hover_balloon: str | None = None
        self.hover_source: int | None = None
        self.hover_die: int | None = None
        self._throw_seed = 0
        self._panels: dict[int, pygame.Rect] = {}
        self._panels_for = -1
        self._parts_key: tuple[Any, ...] = ()
        self._parts: dict[str, StillPart] = {}
        self._warmed: set[tuple[int, int]] = set()
        super().__init__(app, match, **options)
        self.prewarm()

    def prewarm(self) -> None:
        """Make the dice pictures a throw will need (each seat's colour at its tray size, turning
        and blurred) before the first throw, so no frame of a throw pays for a picture. Skipped at
        instant speed, where nothing is thrown on screen. The board and the cards are drawn now too."""
        nart.prewarm(BOARD_SIZE, self.slot_rect(0).width)
        for card in ("T", "P", "L", "TW", "PW", "LW"):
            nart.card_face(card, art.CARD_SIZE[0])
        nart.card_back(art.CARD_SIZE[0])
        if self.speed() <= 0:
            return
        for seat in range(self.match.players):
            size = self.die_size(seat)
            if (seat, size) not in self._warmed:
                self._warmed.add((seat, size))
                prewarm_dice(size, [seat_colour(seat)])
        sizes = {self.board_die_size(balloon.id) for balloon in BOARD}
        for size in sizes:
            if (-1, size) not in self._warmed:
                self._warmed.add((-1, size))
                prewarm_dice(size, [seat_colour(seat) for seat in range(self.match.players)], blur=False)

    # ----- seats and places ------------------------------------------------------------------------
    @property
    def bottom(self) -> int:
        """The seat drawn at the bottom (the viewer; seat 0 for a spectator)."""
        return self.viewer if 0 <= self.viewer < self.match.players else 0

    def rail_seats(self) -> list[int]:
        """The other seats, top to bottom in play order from the bottom seat."""
        players = self.match.players
        return [(self.bottom + step) % players for step in range(1, players)]

    def panel_rect(self, seat: int) -> pygame.Rect:
        """A rail seat's panel (worked out once per viewer)."""
        panels = self._panels
        if not panels or self._panels_for != self.bottom:
            seats = self.rail_seats()
            top = PANEL_TOP + (3 - len(seats)) * (PANEL_H + PANEL_GAP) // 2
            panels = {other: pygame.Rect(RAIL_X, top + index * (PANEL_H + PANEL_GAP), RAIL_W, PANEL_H)
                      for index, other in enumerate(seats)}
            self._panels, self._panels_for = panels, self.bottom
        return panels[seat]

    def plate_rect(self, seat: int) -> pygame.Rect:
        """Where a seat's name plate is."""
        if seat == self.bottom:
            return VIEWER_PLATE.copy()
        panel = self.panel_rect(seat)
        return pygame.Rect(panel.left, panel.top, panel.width, PLATE_H)

    def die_size(self, seat: int) -> int:
        """The size of a seat's dice in its tray."""
        return TRAY_DIE if seat == self.bottom else OTHER_DIE

    def tray_slot(self, seat: int, index: int, count: int) -> Point:
        """Centre of die ``index`` of ``count`` in a seat's tray."""
        if seat == self.bottom:
            return (TRAY.centerx + (index - (count - 1) / 2) * TRAY_STEP, float(TRAY.centery - 6))
        panel = self.panel_rect(seat)
        return (panel.left + 46 + index * OTHER_DIE_STEP, float(panel.top + PLATE_H + 68))

    def tray_rect(self, seat: int) -> pygame.Rect:
        """The area a seat's tray dice may cover."""
        if seat == self.bottom:
            return TRAY.inflate(24, 44)
        panel = self.panel_rect(seat)
        return pygame.Rect(panel.left + 4, panel.top + PLATE_H + 14, 200, 110)

    def hand_slot(self, seat: int, index: int, count: int) -> tuple[Point, float]:
        """Centre and scale of hand card ``index`` of ``count`` for a seat."""
        if seat == self.bottom:
            width = art.CARD_SIZE[0] * HAND_SCALE
            step = min(width + 10, (HAND_AREA.width - width - 20) / max(1, count - 1))
            x0 = HAND_AREA.centerx - step * (count - 1) / 2
            return (x0 + index * step, HAND_Y), HAND_SCALE
        panel = self.panel_rect(seat)
        step = min(22.0, 64.0 / max(1, count - 1))
        return (panel.left + 246 + (index - (count - 1) / 2) * step, float(panel.top + PLATE_H + 66)), \
            OTHER_HAND_SCALE

    def on_board(self, point: Point) -> Point:
        """A point of the board picture on the screen."""
        return (point[0] + BOARD_TOPLEFT[0], point[1] + BOARD_TOPLEFT[1])

    def balloon_rect(self, balloon: str) -> pygame.Rect:
        """A balloon's area on screen."""
        return self.layout.balloon_rects[balloon].move(BOARD_TOPLEFT)

    def board_die_size(self, balloon: str) -> int:
        """How big the dice lie in a balloon (they fit its printed slots)."""
        return int(self.layout.slot_size)

    def balloon_slot(self, balloon: str, index: int, count: int) -> Point:
        """Centre of the ``index``-th die of ``count`` in a balloon."""
        slots = self.layout.die_slots(balloon, max(count, index + 1))
        return self.on_board(slots[min(index, len(slots) - 1)])

    def np_pos(self, seat: int, np: int) -> Point:
        """A seat's marker on the NP track (its own corner of the cell)."""
        return self.on_board(self.layout.np_cell(max(0, np), seat))

    def box_pos(self, seat: int, boxes: int) -> Point:
        """A seat's marker on the box track (its own quarter of the box)."""
        return self.on_board(self.layout.box_cell(boxes, seat))

    def slot_rect(self, slot: int) -> pygame.Rect:
        """A closet slot on screen."""
        return self.layout.closet_slots[slot].move(BOARD_TOPLEFT)

    def deck_rect(self) -> pygame.Rect:
        """The deck spot on screen."""
        return self.layout.deck_rect.move(BOARD_TOPLEFT)

    def discard_pos(self) -> Point:
        """Where discarded cards go: just beyond the deck."""
        deck = self.deck_rect()
        return (deck.centerx + deck.width * 0.2, deck.centery + deck.height * 0.15)

    def supply_rect(self) -> pygame.Rect:
        """The chip supply on screen."""
        return self.layout.chip_supply_rect.move(BOARD_TOPLEFT)

    def chip_pos(self, seat: int) -> Point:
        """Where a chip lands at a seat (its plate's numbers)."""
        plate = self.plate_rect(seat)
        return (plate.left + 190.0, plate.bottom - 24.0)

    def round_card_pos(self, seat: int) -> Point:
        """Where the round card lies: tucked at the right end of the start player's plate."""
        plate = self.plate_rect(seat)
        return (plate.right - 30.0, float(plate.centery))

    # ----- pieces ----------------------------------------------------------------------------------
    def build_pieces(self) -> None:
        """Nothing to build per viewer (every place follows from the bottom seat); a new viewer
        gets its dice pictures made at its tray size."""
        self.picked = []
        self.focus_die = self.focus_balloon = self.focus_source = None
        self._parts_key = ()
        if self._warmed:
            self.prewarm()

    def game_buttons(self) -> list[Button]:
        """The Reroll button under the viewer's dice."""
        self.reroll_button = Button(pygame.Rect(REROLL_RECT), self.reroll_label, self.press_reroll,
                                    enabled=self.reroll_enabled)
        return [self.reroll_button]

    def queue_intro(self) -> None:
        """A fresh match: show its opening as the events it amounts to."""
        self.pending.extend(self.opening_events(self.observation()))

    @staticmethod
    def opening_events(obs: NostalgicObservation) -> list[Event]:
        """Start, chips (variant), one card to each hand, the closet row, the first round's throw."""
        players = obs.players
        events: list[Event] = [GameStarted(obs.game, obs.start_seat, obs.direction)]
        for step in range(players):
            seat = (obs.start_seat + step * obs.direction) % players
            events.extend(HandDealt(seat) for _ in range(obs.hand_counts[seat]))
        events.extend(RowDealt(slot, card) for slot, card in enumerate(obs.row) if card is not None)
        for step in range(players):
            seat = (obs.start_seat + step * obs.direction) % players
            if obs.chips[seat]:
                events.append(ChipsGiven(seat, obs.chips[seat]))
        events.append(RoundStarted(obs.round, obs.start_seat))
        triple = bool(obs.options.get("triple", False))
        totals = [0] * players
        for step in range(players):
            seat = (obs.start_seat + step * obs.direction) % players
            values = tuple(obs.dice[seat])
            bonus = pair_bonus(values, triple)
            events.append(DiceThrown(seat, tuple(range(len(values))), values, bonus, False))
            if bonus:
                totals[seat] += bonus
                events.append(NpGained(seat, bonus, totals[seat], "double"))
        return events

    # ----- queries ---------------------------------------------------------------------------------
    def observation(self) -> NostalgicObservation:
        """The viewer's observation (typed)."""
        return super().observation()  # type: ignore[no-any-return]

    def shown_games(self) -> int:
        """How many games this match has."""
        return int(self.observation().games_total)

    def phase(self) -> str:
        """The rules phase now."""
        return str(self.observation().phase)

    def my_turn(self, phase: str) -> bool:
        """True when the person at the bottom is to act in ``phase`` and the table shows it."""
        return self.viewer_may_act() and not self.pending and not self.throws and self.phase() == phase

    def placing(self) -> bool:
        """True when the person at the bottom is to place a die (or reroll)."""
        return self.my_turn(PHASE_PLACE)

    def taking(self) -> bool:
        """True when the person at the bottom is to take a card."""
        return self.my_turn(PHASE_TAKE)

    def my_unplaced(self) -> list[int]:
        """The viewer's dice still in the tray (by the observation)."""
        obs = self.observation()
        if not 0 <= self.viewer < obs.players:
            return []
        return [index for index, where in enumerate(obs.placed[self.viewer]) if not where]

    def held_die(self) -> int | None:
        """The die held for a balloon: the dragged one, else the last one chosen."""
        if self.drag is not None:
            return self.drag.die
        return self.picked[-1] if self.picked else None

    def held_value(self) -> int | None:
        """The face of the held die."""
        die = self.held_die()
        if die is None:
            return None
        dice = self.observation().dice[self.viewer]
        return dice[die] if die < len(dice) else None

    def targets(self) -> list[str]:
        """The balloons that take the held die now (the rules' own view of the board)."""
        value = self.held_value()
        if value is None or not self.placing():
            return []
        return list(self.observation().free_balloons(value))

    def my_chips(self) -> int:
        """The viewer's reroll chips."""
        obs = self.observation()
        return obs.chips[self.viewer] if 0 <= self.viewer < obs.players else 0

    def reroll_label(self) -> str:
        """The Reroll button's words: how many dice, and the chips left."""
        count = len(self.picked)
        chips = self.my_chips()
        if not chips:
            return t("nostalgic_table.reroll.no_chips")
        if count:
            return t("nostalgic_table.reroll.some", n=count, chips=chips)
        return t("nostalgic_table.reroll.none", chips=chips)

    def reroll_enabled(self) -> bool:
        """Enabled on the viewer's placing turn with chips and at least one die chosen."""
        return self.placing() and self.my_chips() > 0 and bool(self.picked)

    def face_up_hand_cards(self) -> list[str]:
        """The hand cards this screen shows face up (the bottom seat's, unless under a curtain)."""
        if self.hand_hidden or self.bottom != self.viewer:
            return []
        return list(self.shown.hand)

    def your_turn_text(self) -> str:
        """What the person at the bottom should do now."""
        obs = self.observation()
        if obs.phase == PHASE_TAKE:
            return t("nostalgic_table.status.take")
        value = self.held_value()
        chips = self.my_chips()
        if len(self.picked) > 1:
            return t("nostalgic_table.status.several", n=len(self.picked), value=value or 0)
        if value is not None:
            if not self.targets():
                return t("nostalgic_table.status.no_room", value=value)
            return t("nostalgic_table.status.held", value=value)
        if chips:
            return t("nostalgic_table.status.place_or_reroll", chips=chips)
        return t("nostalgic_table.status.place")

    def waiting_text(self, seat: int) -> str:
        """While another person is to act."""
        if self.phase() == PHASE_TAKE:
            return t("nostalgic_table.status.taking", player=self.name_of(seat))
        return t("nostalgic_table.status.waiting", player=self.name_of(seat))

    def status_text(self) -> str:
        """The base's status, or the table being laid out, or the throw in progress."""
        if self.panel is None and not self.finished:
            if self.throws:
                return t("nostalgic_table.status.throwing")
            if any(isinstance(event, (GameStarted, HandDealt, RowDealt)) for event in self.pending):
                return t("nostalgic_table.status.setting_up")
        return super().status_text()

    # ----- building the picture from the observation -------------------------------------------
    def sync_from_observation(self) -> None:
        """Set the shown table to what the viewer's observation says (no animation)."""
        obs = self.observation()
        old_order = self.shown.order
        shown = Shown.blank(obs.players)
        shown.np = list(obs.np)
        shown.boxes = list(obs.boxes)
        shown.chips = list(obs.chips)
        shown.supply = obs.chip_supply
        shown.row = list(obs.row)
        shown.deck = obs.deck_count
        shown.discard = len(obs.discard)
        shown.hand_counts = list(obs.hand_counts)
        shown.hand = sorted(obs.hand, key=hand_order) if self.bottom == obs.seat else []
        shown.dice = [[DieShown(value, where) for value, where in zip(values, places)]
                      for values, places in zip(obs.dice, obs.placed)]
        shown.order = self._balloon_order(obs, old_order)
        shown.round = obs.round
        shown.start_seat = obs.start_seat
        shown.game = obs.game
        shown.direction = obs.direction
        self.shown = shown
        self.flying.clear()
        self.throws.clear()
        self.dropped = None
        self.drag = None
        self._clamp_choice()
        self.refresh_hints()

    @staticmethod
    def _balloon_order(obs: NostalgicObservation,
                       old: dict[str, list[tuple[int, int]]]) -> dict[str, list[tuple[int, int]]]:
        """The dice in each balloon in the order they came (kept from before where it still holds)."""
        order: dict[str, list[tuple[int, int]]] = {}
        for seat, places in enumerate(obs.placed):
            for die, balloon in enumerate(places):
                if balloon:
                    order.setdefault(balloon, []).append((seat, die))
        for balloon, dice in order.items():
            before = [entry for entry in old.get(balloon, []) if entry in dice]
            order[balloon] = before + [entry for entry in dice if entry not in before]
        return order

    def needs_sync(self) -> bool:
        """True when the shown table differs from the observation."""
        if self.flying or self.throws:
            return False
        obs = self.observation()
        shown = self.shown
        if (shown.np, shown.boxes, shown.chips, shown.supply, shown.deck, shown.hand_counts) != \
                (list(obs.np), list(obs.boxes), list(obs.chips), obs.chip_supply, obs.deck_count,
                 list(obs.hand_counts)):
            return True
        if shown.row != list(obs.row) or (shown.round, shown.start_seat, shown.game) != \
                (obs.round, obs.start_seat, obs.game):
            return True
        dice = [[(die.value, die.balloon) for die in seat] for seat in shown.dice]
        if dice != [list(zip(values, places)) for values, places in zip(obs.dice, obs.placed)]:
            return True
        if any(die.hidden for seat in shown.dice for die in seat) or shown.np_moving or shown.box_moving:
            return True
        mine = sorted(obs.hand, key=hand_order) if self.bottom == obs.seat else []
        return shown.hand != mine

    def _clamp_choice(self) -> None:
        """Forget chosen dice that are no longer in the tray."""
        unplaced = set(self.my_unplaced())
        self.picked = [die for die in self.picked if die in unplaced]
        if self.focus_die is not None and self.focus_die not in unplaced:
            self.focus_die = None
        if self.focus_balloon is not None and not self.picked:
            self.focus_balloon = None

    # ----- hints -------------------------------------------------------------------------------------
    def refresh_hints(self) -> None:
        """Keep the keyboard focus sensible after anything changed (glows are read when painting)."""
        if not self.placing():
            self.focus_balloon = None if not self.drag else self.focus_balloon
        if not self.taking():
            self.focus_source = None

    def balloon_state(self, balloon: str) -> tuple[str, bool]:
        """How a balloon looks now: "glow" (takes the held die), "no" (does not), "full" (no room),
        or "" (plain); and whether the keyboard focus is on it."""
        occupancy = len(self.shown.order.get(balloon, []))
        capacity = BALLOON_BY_ID[balloon].capacity
        full = capacity is not None and occupancy >= capacity
        focused = balloon in (self.focus_balloon, self.hover_balloon) and self.held_die() is not None
        if self.held_die() is not None and self.placing():
            if balloon in self.targets():
                return "glow", focused
            return ("full" if full else "no"), focused
        return ("full" if full else ""), False

    def sources(self) -> list[int]:
        """The card sources one may take from now: the face-up slots holding a card, and the deck."""
        obs = self.observation()
        found = [slot for slot, card in enumerate(obs.row) if card is not None]
        if obs.deck_count:
            found.append(DECK_SOURCE)
        return found

    # ----- actions ---------------------------------------------------------------------------------
    def pick(self, die: int) -> None:
        """Choose a die (it becomes the held one); a die chosen already is let go."""
        if die in self.picked:
            self.picked.remove(die)
        else:
            self.picked.append(die)
        self.focus_die = die
        self.app.audio.play("click")
        self.refresh_hints()

    def place_on(self, balloon: str, die: int | None = None) -> bool:
        """Put the held die (or ``die``) in ``balloon``: the rules accept or say why not."""
        chosen = die if die is not None else self.held_die()
        if chosen is None:
            self.refuse(t("nostalgic_table.reason.pick_die"))
            return False
        return self.attempt(NostalgicAction("place", die=chosen, balloon=balloon))

    def press_reroll(self) -> None:
        """Throw the chosen dice again (a chip goes back to the supply)."""
        if not self.picked:
            self.refuse(t("nostalgic_table.reason.pick_reroll"))
            return
        self.attempt(NostalgicAction("reroll", dice=tuple(sorted(self.picked))))

    def take_from(self, source: int) -> bool:
        """Take the card of a face-up slot, or the deck's top card."""
        return self.attempt(NostalgicAction("take", source=source))

    def on_refused(self, reason: str) -> None:
        """Spring a dragged die back into the tray."""
        self.spring_back()

    def spring_back(self) -> None:
        """The dragged die returns to its place in the tray."""
        drag = self.drag
        self.drag = None
        self.hover_balloon = None
        if drag is None or drag.sprite is None:
            return
        sprite = drag.sprite
        dice = self.shown.dice[self.viewer]
        target = self.tray_slot(self.viewer, drag.die, len(dice))

        def home() -> None:
            if sprite in self.flying:
                self.flying.remove(sprite)
            if drag.die < len(dice):
                dice[drag.die].hidden = False

        if sprite not in self.flying:
            self.flying.append(sprite)
        self.ambient.add(anim.Sequence(
            anim.Parallel(anim.Tween(sprite, "pos", target, 0.3, anim.ease_out_back),
                          sprite.resize(TRAY_DIE, 0.3),
                          anim.Tween(sprite, "lift", 0.0, 0.3, anim.ease_in_quad)),
            anim.Call(home)))

    def drop_held(self) -> None:
        """Let go of a dragged die (help opens, a curtain goes up)."""
        if self.drag is not None:
            self.spring_back()

    def clear_selection(self) -> None:
        """Forget the chosen, focused and dragged dice."""
        if self.drag is not None and self.drag.sprite is not None:
            if self.drag.sprite in self.flying:
                self.flying.remove(self.drag.sprite)
            dice = self.shown.dice[self.viewer] if 0 <= self.viewer < len(self.shown.dice) else []
            if self.drag.die < len(dice):
                dice[self.drag.die].hidden = False
        self.drag = None
        self.picked = []
        self.focus_die = self.focus_balloon = self.focus_source = None
        self.hover_balloon = self.hover_source = self.hover_die = None

    def on_applied(self, events: list[Event]) -> None:
        """An action went through: a dragged die becomes the sliding one; forget the choice."""
        if self.drag is not None and self.drag.moved and self.drag.sprite is not None:
            self.dropped = self.drag.sprite
        self.drag = None
        self.picked = []
        self.focus_balloon = None
        self.focus_source = None
        self.hover_balloon = None

    # ----- event playback -----------------------------------------------------------------------------
    def event_handlers(self) -> dict[type, Callable[[Any], None]]:
        """Event type -> animation."""
        return {
            GameStarted: self.animate_game_started,
            HandDealt: self.animate_hand_dealt,
            RowDealt: self.animate_row_dealt,
            Reshuffled: self.animate_reshuffled,
            ChipsGiven: self.animate_chips_given,
            RoundStarted: self.animate_round_started,
            DiceThrown: self.animate_dice_thrown,
            ChipSpent: self.animate_chip_spent,
            DiePlaced: self.animate_die_placed,
            NpGained: self.animate_np_gained,
            BoxesPacked: self.animate_boxes_packed,
            ChipTaken: self.animate_chip_taken,
            CardTaken: self.animate_card_taken,
            RowCleared: self.animate_row_cleared,
            DiceCollected: self.animate_dice_collected,
            RoundCardPassed: self.animate_round_card_passed,
            FinalScored: self.show_final_scored,
            GameEnded: self.finish_match,
        }

    def pop_at(self, pos: Point, text: str, good: bool = True) -> None:
        """A badge pops up at ``pos`` (it never holds the events back)."""
        pop = Pop(pop_badge(text, good), pos, (text, good))
        self.pops = [item for item in self.pops if item.visible] + [pop]
        self.ambient.add(pop.show())

    def bubble(self, seat: int, text: str) -> None:
        """A short call at a seat's plate."""
        plate = self.plate_rect(seat)
        tip = (plate.centerx, plate.top - 4) if seat == self.bottom else (plate.right - 60, plate.top + 48)
        bubble = Bubble(text, tip, below=False)
        self.bubbles = [item for item in self.bubbles if item.visible] + [bubble]
        self.ambient.add(bubble.show())

    def _card_flight(self, card: str | None, start: Point, scale: float, target: Point, scale_to: float,
                     flip_to: float, delay: float, on_leave: Callable[[], None] | None,
                     on_land: Callable[[], None] | None) -> anim.Step:
        """A card from ``start`` to ``target`` (turning face up or down), after ``delay``."""
        sprite = NostalgicCard(card, start, scale=scale, face_up=card is not None and flip_to < 0.5)
        sprite.flip = 1.0 if (card is not None and flip_to < 0.5) else 0.0
        sprite.visible = False

        def leave() -> None:
            sprite.visible = True
            if on_leave is not None:
                on_leave()

        return anim.Sequence(anim.Wait(delay), anim.Call(leave),
                             self.fly(sprite, target, 0.0, FLIGHT,
                                      flip_to=flip_to if card is not None else None, scale_to=scale_to,
                                      on_land=on_land))

    def deck_scale(self) -> float:
        """The scale of a card lying on the deck or in a closet slot."""
        return self.deck_rect().width / art.CARD_SIZE[0]

    def animate_game_started(self, event: GameStarted) -> None:
        """A new game: the second one gathers the cards and chips back (NP and boxes stay)."""
        shown = self.shown
        steps: list[anim.Step] = []
        if event.game > 0:
            for seat in range(shown.players):
                for index in range(shown.hand_counts[seat]):
                    pos, scale = self.hand_slot(seat, index, shown.hand_counts[seat])
                    face = shown.hand[index] if seat == self.bottom and index < len(shown.hand) else None
                    steps.append(self._card_flight(face, pos, scale, self.deck_rect().center,
                                                   self.deck_scale(), 0.0, DEAL_GAP * index, None, None))
                for number in range(shown.chips[seat]):
                    steps.append(self._chip_flight(self.chip_pos(seat), self.supply_rect().center,
                                                   DEAL_GAP * number, None, None))
            shown.hand_counts = [0] * shown.players
            shown.hand = []
            shown.supply += sum(shown.chips)
            shown.chips = [0] * shown.players
            shown.row = [None] * FACE_UP
            shown.discard = 0
            text = t("nostalgic_table.toast.second_game", player=self.name_of(event.start_seat))
            self.toast.show(text, 3.5)
        shown.game = event.game
        shown.direction = event.direction
        shown.start_seat = event.start_seat
        obs = self.observation()
        if event.game == obs.game:
            laid = sum(1 for card in obs.row if card is not None)
            shown.deck = obs.deck_count + sum(obs.hand_counts) + laid
            shown.supply = obs.chip_supply + sum(obs.chips)
        self.clear_selection()
        self.animator.add(anim.Parallel(*steps, anim.Wait(0.25)))

    def animate_hand_dealt(self, event: HandDealt) -> None:
        """Cards in a row are dealt together: each flies from the deck to its hand (the viewer's turns up)."""
        deals = [event]
        while self.pending and isinstance(self.pending[0], HandDealt):
            deals.append(self.pending.popleft())  # type: ignore[arg-type]
        self.app.audio.play(SOUNDS["deal"])
        new_faces = self._new_hand_faces()
        steps = []
        for number, deal in enumerate(deals):
            face = new_faces.pop(0) if deal.seat == self.bottom and new_faces else None
            steps.append(self._deal_to_hand(deal.seat, face, DEAL_GAP * number))
        self.animator.add(anim.Parallel(*steps))

    def _new_hand_faces(self) -> list[str]:
        """The viewer's cards in the observation that the table does not show yet."""
        obs = self.observation()
        if self.bottom != obs.seat:
            return []
        missing = Counter(obs.hand) - Counter(self.shown.hand)
        return sorted(missing.elements(), key=hand_order)

    def _deal_to_hand(self, seat: int, face: str | None, delay: float) -> anim.Step:
        """One card from the deck to the end of a seat's hand."""
        shown = self.shown
        count = shown.hand_counts[seat] + 1
        target, scale = self.hand_slot(seat, count - 1, count)

        def leave() -> None:
            shown.deck = max(0, shown.deck - 1)

        def land() -> None:
            shown.hand_counts[seat] += 1
            if face is not None:
                shown.hand = sorted([*shown.hand, face], key=hand_order)

        turn_up = 1.0 if face is not None and not self.hand_hidden else 0.0
        return self._card_flight(face, self.deck_rect().center, self.deck_scale(), target, scale, turn_up,
                                 delay, leave, land)

    def animate_row_dealt(self, event: RowDealt) -> None:
        """Face-up cards in a row are laid out together, each turning up on its closet slot."""
        deals = [event]
        while self.pending and isinstance(self.pending[0], RowDealt):
            deals.append(self.pending.popleft())  # type: ignore[arg-type]
        self.app.audio.play(SOUNDS["flip"])
        steps = []
        for number, deal in enumerate(deals):
            slot = self.slot_rect(deal.slot)

            def leave() -> None:
                self.shown.deck = max(0, self.shown.deck - 1)

            def land(deal: RowDealt = deal) -> None:
                self.shown.row[deal.slot] = deal.card

            sprite = NostalgicCard(deal.card, self.deck_rect().center, scale=self.deck_scale(), face_up=False)
            sprite.flip = 0.0
            sprite.visible = False

            def show(sprite: NostalgicCard = sprite) -> None:
                sprite.visible = True

            steps.append(anim.Sequence(anim.Wait(DEAL_GAP * number), anim.Call(show), anim.Call(leave),
                                       self.fly(sprite, slot.center, 0.0, FLIGHT, flip_to=1.0,
                                                scale_to=slot.width / art.CARD_SIZE[0], on_land=land)))
        self.animator.add(anim.Parallel(*steps))

    def animate_reshuffled(self, event: Reshuffled) -> None:
        """The discards become the new deck."""
        self.shown.deck += event.count
        self.shown.discard = 0
        self.app.audio.play(SOUNDS["deal"])
        deck = self.deck_rect()
        self.pop_at((deck.centerx, deck.top - 20), t("nostalgic_table.pop.reshuffled"))
        self.animator.add(anim.Wait(0.35))

    def _chip_flight(self, start: Point, target: Point, delay: float, on_leave: Callable[[], None] | None,
                     on_land: Callable[[], None] | None) -> anim.Step:
        """A reroll chip hops from ``start`` to ``target``."""
        chip = Piece(nart.chip(CHIP_SIZE), start)
        chip.visible = False

        def leave() -> None:
            chip.visible = True
            self.flying.append(chip)
            if on_leave is not None:
                on_leave()

        def land() -> None:
            if chip in self.flying:
                self.flying.remove(chip)
            if on_land is not None:
                on_land()

        flight = PathStep(chip, [start, target], FLIGHT, land)
        return anim.Sequence(anim.Wait(delay), anim.Call(leave), flight)

    def animate_chips_given(self, event: ChipsGiven) -> None:
        """Chips hop from the supply to the seats (gifts in a row go together)."""
        gifts = [event]
        while self.pending and isinstance(self.pending[0], ChipsGiven):
            gifts.append(self.pending.popleft())  # type: ignore[arg-type]
        steps = []
        for gift in gifts:
            for number in range(gift.count):
                def leave() -> None:
                    self.shown.supply = max(0, self.shown.supply - 1)

                def land(seat: int = gift.seat) -> None:
                    self.shown.chips[seat] += 1

                steps.append(self._chip_flight(self.supply_rect().center, self.chip_pos(gift.seat),
                                               DEAL_GAP * len(steps), leave, land))
        self.app.audio.play(SOUNDS["chip"])
        self.animator.add(anim.Parallel(*steps))

    def animate_round_started(self, event: RoundStarted) -> None:
        """A round begins: the round's number pops over the board."""
        self.shown.round = event.round
        self.shown.start_seat = event.start_seat
        board = pygame.Rect(BOARD_TOPLEFT, BOARD_SIZE)
        self.pop_at((board.centerx, board.centery - 40), t("nostalgic_table.pop.round", n=event.round + 1,
                                                           total=self.match.players))
        self.animator.add(anim.Wait(0.3))

    # ----- dice ---------------------------------------------------------------------------------------
    def animate_dice_thrown(self, event: DiceThrown) -> None:
        """Throws in a row (everyone's at a round start) go onto the table together, each seat's
        dice from its own side; their bonus NP follow once the dice rest."""
        throws = [event]
        gains: list[NpGained] = []
        while self.pending and (isinstance(self.pending[0], DiceThrown) or (
                isinstance(self.pending[0], NpGained) and self.pending[0].why in ("double", "reroll"))):
            item = self.pending.popleft()
            if isinstance(item, DiceThrown):
                throws.append(item)
            else:
                gains.append(item)  # type: ignore[arg-type]
        self.app.audio.play(SOUNDS["throw"])
        rolls = [ThrowStep(record.throw, lambda record=record: self._settled(record))
                 for record in (self._throw_of(thrown) for thrown in throws)]
        steps: list[anim.Step] = [anim.Parallel(*rolls)]
        flashes = self._bonus_flashes(throws)
        if flashes:
            steps.append(flashes)
        moves = [self._np_walk(gain) for gain in gains]
        if moves:
            steps.append(anim.Parallel(*moves))
        if not throws[0].reroll:
            self.clear_selection()
        self.animator.add(anim.Sequence(*steps))

    def _throw_of(self, thrown: DiceThrown) -> Throw:
        """A seat's throw: its dice leave from its side, tumble over the table and come to rest in
        its tray showing the rules' faces."""
        seat = thrown.seat
        dice = self.shown.dice[seat]
        if not thrown.reroll:
            while len(dice) < len(thrown.values):
                dice.append(DieShown(thrown.values[len(dice)]))
            del dice[len(thrown.values):]
            for die in dice:
                die.balloon = ""
        for index, value in zip(thrown.dice, thrown.values):
            while index >= len(dice):
                dice.append(DieShown(value))
            dice[index].hidden = True
        count = len(dice)
        starts = [self._throw_start(seat, index, count) for index in thrown.dice]
        settles = [self.tray_slot(seat, index, count) for index in thrown.dice]
        self._throw_seed += 1
        salt = self.match.seed * 7919 + len(self.match.events) * 31 + self._throw_seed
        rng = random.Random(salt & 0xFFFFFFFF)
        size = self.die_size(seat)
        throw = DiceThrow(self.throw_area(seat), starts, thrown.values, rng, settle_at=settles, die_size=size)
        record = Throw(throw, [(seat, index) for index in thrown.dice], painter(size, seat_colour(seat)))
        self.throws.append(record)
        return record

    def _settled(self, record: Throw) -> None:
        """A throw came to rest: its dice go back to the still layer with their faces."""
        if record in self.throws:
            self.throws.remove(record)
        for (seat, index), value in zip(record.dice, record.throw.finals):
            dice = self.shown.dice[seat]
            if index < len(dice):
                dice[index].value = value
                dice[index].hidden = False
        self.app.audio.play(SOUNDS["land"])

    def throw_area(self, seat: int) -> pygame.Rect:
        """Where a seat's dice tumble: from its tray out over the nearest part of the board."""
        if seat == self.bottom:
            return pygame.Rect(440, 470, 820, 530)
        panel = self.panel_rect(seat)
        return pygame.Rect(RAIL_X, max(12, panel.top - 20), 820, panel.height + 40)

    def _throw_start(self, seat: int, index: int, count: int) -> Point:
        """Where a thrown die leaves from: the player's hand, just off its side of the table."""
        x, y = self.tray_slot(seat, index, count)
        if seat == self.bottom:
            return (x + 120.0, 1070.0)
        return (4.0, y - 30.0)

    def _bonus_flashes(self, throws: list[DiceThrown]) -> anim.Step | None:
        """Rings flash round the equal dice of every throw that scored, with its "+N NP"."""
        steps: list[anim.Step] = []
        for thrown in throws:
            if thrown.bonus <= 0:
                continue
            counts = Counter(thrown.values)
            dice = self.shown.dice[thrown.seat]
            size = self.die_size(thrown.seat)
            for index, value in zip(thrown.dice, thrown.values):
                if counts[value] >= 2:
                    flash = Flash(self.tray_slot(thrown.seat, index, len(dice)), size)
                    self.pops.append(flash)
                    steps.append(flash.show())
            x, y = self.tray_slot(thrown.seat, 0, 1)
            word = "nostalgic_table.pop.triple" if thrown.bonus >= 3 else "nostalgic_table.pop.double"
            self.pop_at((x, y - size), t(word, n=thrown.bonus))
        if not steps:
            return None
        self.app.audio.play(SOUNDS["bonus"])
        return anim.Parallel(*steps)

    def animate_chip_spent(self, event: ChipSpent) -> None:
        """The chip flies back from the seat to the supply."""
        def leave() -> None:
            self.shown.chips[event.seat] = max(0, self.shown.chips[event.seat] - 1)

        def land() -> None:
            self.shown.supply += 1

        self.app.audio.play(SOUNDS["chip"])
        flight = self._chip_flight(self.chip_pos(event.seat), self.supply_rect().center, 0.0, leave, land)
        self.animator.add(flight)

    def animate_die_placed(self, event: DiePlaced) -> None:
        """The die slides from its tray (or from where it was dropped) into its balloon."""
        shown = self.shown
        dice = shown.dice[event.seat]
        while len(dice) <= event.die:
            dice.append(DieShown(event.value))
        order = shown.order.setdefault(event.balloon, [])
        count = len(order) + 1
        target = self.balloon_slot(event.balloon, count - 1, count)
        size = self.board_die_size(event.balloon)
        sprite = self.dropped if self.dropped is not None and event.seat == self.viewer else None
        self.dropped = None
        if sprite is None:
            start = self.tray_slot(event.seat, event.die, len(dice))
            sprite = DieSprite(event.seat, event.value, start, self.die_size(event.seat))
        dice[event.die].hidden = True
        if sprite not in self.flying:
            self.flying.append(sprite)

        def land() -> None:
            if sprite in self.flying:
                self.flying.remove(sprite)
            dice[event.die].hidden = False
            dice[event.die].balloon = event.balloon
            dice[event.die].value = event.value
            if (event.seat, event.die) not in order:
                order.append((event.seat, event.die))
            self.app.audio.play(SOUNDS["land"])

        self.app.audio.play(SOUNDS["slide"])
        self.animator.add(anim.Sequence(
            anim.Parallel(anim.Tween(sprite, "pos", target, SLIDE, anim.ease_out_cubic),
                          sprite.resize(size, SLIDE),
                          anim.Tween(sprite, "angle", sprite.angle + 90.0, SLIDE, anim.ease_out_cubic),
                          anim.Sequence(anim.Tween(sprite, "lift", 0.6, SLIDE * 0.4, anim.ease_out_quad),
                                        anim.Tween(sprite, "lift", 0.0, SLIDE * 0.6, anim.ease_in_quad))),
            anim.Call(land)))
        self.refresh_hints()

    def animate_dice_collected(self, event: DiceCollected) -> None:
        """Every die on the board slides back to its owner's tray."""
        shown = self.shown
        steps: list[anim.Step] = []
        for balloon, entries in shown.order.items():
            for number, (seat, die) in enumerate(entries):
                dice = shown.dice[seat]
                if die >= len(dice):
                    continue
                sprite = DieSprite(seat, dice[die].value, self.balloon_slot(balloon, number, len(entries)),
                                   self.board_die_size(balloon))
                dice[die].hidden = True
                target = self.tray_slot(seat, die, len(dice))

                def land(sprite: DieSprite = sprite, seat: int = seat, die: int = die) -> None:
                    if sprite in self.flying:
                        self.flying.remove(sprite)
                    if die < len(shown.dice[seat]):
                        shown.dice[seat][die].balloon = ""
                        shown.dice[seat][die].hidden = False

                self.flying.append(sprite)
                steps.append(anim.Sequence(
                    anim.Wait(0.03 * len(steps)),
                    anim.Parallel(anim.Tween(sprite, "pos", target, SLIDE, anim.ease_in_out_sine),
                                  sprite.resize(self.die_size(seat), SLIDE)),
                    anim.Call(land)))
        shown.order = {}
        self.app.audio.play(SOUNDS["slide"])
        self.animator.add(anim.Parallel(*steps) if steps else anim.Wait(0.1))

    # ----- effects -------------------------------------------------------------------------------------
    def _np_walk(self, event: NpGained) -> anim.Step:
        """A seat's NP marker walks along the track to its new total, with a "+N NP" badge."""
        shown = self.shown
        seat = event.seat
        before = shown.np[seat]
        points = path_points(max(0, before), max(0, event.total), lambda value: self.np_pos(seat, value))
        marker = Piece(nart.player_marker(seat, MARKER_SIZE), points[0])
        cells = max(1, len(points) - 1)
        duration = min(MAX_STEP_TIME, STEP_TIME * cells + 0.1)

        def leave() -> None:
            shown.np_moving.add(seat)
            self.flying.append(marker)

        def land() -> None:
            if marker in self.flying:
                self.flying.remove(marker)
            shown.np_moving.discard(seat)
            shown.np[seat] = event.total
            if event.amount:
                text = t("nostalgic_table.pop.np", n=signed(event.amount))
                self.pop_at((marker.pos[0], marker.pos[1] - 34), text, event.amount > 0)

        return anim.Sequence(anim.Call(leave), PathStep(marker, points, duration, land))

    def animate_np_gained(self, event: NpGained) -> None:
        """The NP marker moves along the track (a box bonus first pops on the box track)."""
        if event.why == "box_bonus":
            x, y = self.box_pos(event.seat, self.shown.boxes[event.seat])
            self.pop_at((x, y - 44), t("nostalgic_table.pop.box_bonus", n=event.amount))
            self.app.audio.play(SOUNDS["bonus"])
        self.animator.add(anim.Sequence(self._np_walk(event), anim.Wait(0.1)))

    def animate_boxes_packed(self, event: BoxesPacked) -> None:
        """Boxes stack up: the seat's box marker climbs the box track (bonus NP follow as NpGained)."""
        shown = self.shown
        seat = event.seat
        if event.count <= 0:
            self.bubble(seat, t("nostalgic_table.bubble.boxes_full"))
            self.animator.add(anim.Wait(0.4))
            return
        before = shown.boxes[seat]
        points = path_points(before, event.total, lambda value: self.box_pos(seat, value))
        marker = Piece(nart.box_marker(seat, BOX_MARKER_SIZE), points[0])

        def leave() -> None:
            shown.box_moving.add(seat)
            self.flying.append(marker)

        def land() -> None:
            if marker in self.flying:
                self.flying.remove(marker)
            shown.box_moving.discard(seat)
            shown.boxes[seat] = event.total
            self.pop_at((marker.pos[0], marker.pos[1] - 30), t("nostalgic_table.pop.boxes", n=event.count))
            self.app.audio.play(SOUNDS["chip"])

        duration = min(MAX_STEP_TIME, STEP_TIME * 2 * max(1, len(points) - 1) + 0.1)
        walk = PathStep(marker, points, duration, land)
        self.animator.add(anim.Sequence(anim.Call(leave), walk, anim.Wait(0.1)))

    def animate_chip_taken(self, event: ChipTaken) -> None:
        """A chip hops from the supply to the seat."""
        def leave() -> None:
            self.shown.supply = max(0, self.shown.supply - 1)

        def land() -> None:
            self.shown.chips[event.seat] += 1

        self.app.audio.play(SOUNDS["chip"])
        flight = self._chip_flight(self.supply_rect().center, self.chip_pos(event.seat), 0.0, leave, land)
        self.animator.add(flight)

    def animate_card_taken(self, event: CardTaken) -> None:
        """The card flies to the hand: from its slot face up, or from the deck (the taker's turns up)."""
        shown = self.shown
        seat = event.seat
        count = shown.hand_counts[seat] + 1
        target, scale = self.hand_slot(seat, count - 1, count)
        mine = seat == self.bottom and self.bottom == self.observation().seat
        if event.source == DECK_SOURCE:
            faces = self._new_hand_faces() if mine else []
            face = faces[0] if faces else None
            self.animator.add(self._deal_to_hand(seat, face, 0.0))
            self.app.audio.play(SOUNDS["deal"])
            return
        card = event.card if event.card is not None else shown.row[event.source]
        slot = self.slot_rect(event.source)

        def leave() -> None:
            shown.row[event.source] = None

        def land() -> None:
            shown.hand_counts[seat] += 1
            if mine and card is not None:
                shown.hand = sorted([*shown.hand, card], key=hand_order)

        sprite = NostalgicCard(card, slot.center, scale=slot.width / art.CARD_SIZE[0])
        self.app.audio.play(SOUNDS["slide"])
        keep_face = mine and not self.hand_hidden
        flight = self.fly(sprite, target, 0.0, FLIGHT, flip_to=1.0 if keep_face else 0.0, scale_to=scale,
                          on_land=land)
        self.animator.add(anim.Sequence(anim.Call(leave), flight))

    def animate_row_cleared(self, event: RowCleared) -> None:
        """The untaken face-up cards slide to the discards."""
        shown = self.shown
        steps = []
        for slot, card in enumerate(list(shown.row)):
            if card is None:
                continue
            rect = self.slot_rect(slot)
            sprite = NostalgicCard(card, rect.center, scale=rect.width / art.CARD_SIZE[0])

            def land() -> None:
                shown.discard += 1

            steps.append(anim.Sequence(anim.Wait(0.04 * len(steps)),
                                       self.fly(sprite, self.discard_pos(), 12.0, FLIGHT, flip_to=0.0,
                                                on_land=land)))
        shown.row = [None] * FACE_UP
        self.animator.add(anim.Parallel(*steps) if steps else anim.Wait(0.05))

    def animate_round_card_passed(self, event: RoundCardPassed) -> None:
        """The round card slides to the next start player."""
        shown = self.shown
        card = Piece(nart.round_card(min(shown.round + 1, self.match.players - 1), ROUND_CARD_W,
                                     rounds=self.match.players),
                     self.round_card_pos(shown.start_seat))
        shown.round_card_moving = True
        self.flying.append(card)

        def land() -> None:
            if card in self.flying:
                self.flying.remove(card)
            shown.round_card_moving = False
            shown.start_seat = event.to_seat

        self.animator.add(PathStep(card, [card.pos, self.round_card_pos(event.to_seat)], 0.5, land))

    def show_final_scored(self, event: FinalScored) -> None:
        """The game's final scoring in a panel, step by step."""
        ended = next((item for item in self.pending if isinstance(item, GameEnded)), None)
        next_game = next((item for item in self.pending if isinstance(item, GameStarted)), None)
        if ended is not None and next_game is not None and \
                self.pending.index(next_game) < self.pending.index(ended):
            ended = None

        def open_panel() -> None:
            self.app.audio.play("round_end")
            self.toast.hide()
            self.drop_held()
            self.clear_selection()
            self.panel = FinalPanel(self, event, ended, next_game)

        self.animator.add(anim.Sequence(anim.Wait(0.4), anim.Call(open_panel)))

    def continue_round(self) -> None:
        """Close the final panel (every step shown first)."""
        if isinstance(self.panel, FinalPanel):
            self.panel.reveal_all()
        super().continue_round()

    def update(self, dt: float) -> None:
        """The final panel reveals its steps at the animation speed (a table without people waits
        from its last step); then the base."""
        panel = self.panel
        if isinstance(panel, FinalPanel):
            panel.update(dt, self.speed())
            if not panel.complete():
                panel.waited = 0.0
        super().update(dt)
        if not self.placing() and (self.picked or self.focus_die is not None) and not self.pending and \
                not self.animator.busy:
            self.picked = []
            self.focus_die = None

    # ----- input ------------------------------------------------------------------------------------
    def handle_key(self, key: str) -> None:
        """X marks a die for a reroll, R rerolls, 1-5/D take a card, H help."""
        if key == "h":
            self.open_help()
        elif key == "r" and self.placing():
            if not self.picked and self.focus_die is not None:
                self.picked = [self.focus_die]
            self.press_reroll()
        elif key == "x" and self.placing():
            die = self.focus_die if self.focus_die is not None else self._first_unplaced()
            if die is not None:
                self.pick(die)
        elif self.taking() and key in ("1", "2", "3", "4", "5"):
            self.take_from(int(key) - 1)
        elif self.taking() and key == "d":
            self.take_from(DECK_SOURCE)

    def handle_back(self) -> None:
        """Esc/Backspace: put a held die back, else undo, else the menu."""
        if self.drag is not None or self.picked or self.focus_balloon is not None:
            if self.drag is not None:
                self.spring_back()
            self.picked = []
            self.focus_balloon = None
            self.refresh_hints()
        elif self.can_undo():
            self.press_undo()
        else:
            self.to_menu()

    def die_at(self, pos: tuple[int, int]) -> int | None:
        """The viewer's tray die under ``pos``."""
        if not self.hand_interactive() or not 0 <= self.viewer < self.match.players:
            return None
        dice = self.shown.dice[self.viewer]
        for index, die in enumerate(dice):
            if die.balloon or die.hidden:
                continue
            x, y = self.tray_slot(self.viewer, index, len(dice))
            if abs(pos[0] - x) <= TRAY_DIE * 0.6 and abs(pos[1] - y) <= TRAY_DIE * 0.6:
                return index
        return None

    def balloon_at(self, pos: tuple[int, int]) -> str | None:
        """The balloon under ``pos``."""
        return self.layout.balloon_at((pos[0] - BOARD_TOPLEFT[0], pos[1] - BOARD_TOPLEFT[1]))

    def source_at(self, pos: tuple[int, int]) -> int | None:
        """The closet slot (0-4) or the deck (``DECK_SOURCE``) under ``pos``."""
        for slot in range(FACE_UP):
            if self.slot_rect(slot).collidepoint(pos):
                return slot
        if self.deck_rect().inflate(16, 16).collidepoint(pos):
            return DECK_SOURCE
        return None

    def pointer_down(self, pos: tuple[int, int]) -> None:
        """Press: hold a die of the tray, place the held die on a balloon, take a card."""
        die = self.die_at(pos)
        if die is not None:
            x, y = self.tray_slot(self.viewer, die, len(self.shown.dice[self.viewer]))
            self.drag = DieDrag(die, (float(pos[0]), float(pos[1])), (x - pos[0], y - pos[1]))
            return
        if self.taking():
            source = self.source_at(pos)
            if source is not None:
                self.take_from(source)
            elif self.balloon_at(pos) is not None:
                self.toast.show(t("nostalgic_table.reason.take_first"), 2.4)
            return
        balloon = self.balloon_at(pos)
        if balloon is None:
            return
        if self.picked:
            self.place_on(balloon)
        elif self.placing():
            self.toast.show(t("nostalgic_table.reason.pick_die"), 2.4)

    def pointer_move(self, pos: tuple[int, int], held: bool, touch: bool) -> None:
        """Drag the held die; hovering shows which balloon or card is meant."""
        drag = self.drag
        if drag is not None:
            if not drag.moved and math.hypot(pos[0] - drag.start[0], pos[1] - drag.start[1]) > DRAG_THRESHOLD:
                self._start_moving(drag)
            if drag.moved and drag.sprite is not None:
                drag.sprite.pos = (pos[0] + drag.offset[0], pos[1] + drag.offset[1])
                balloon = self.balloon_at(pos)
                if balloon != self.hover_balloon:
                    self.hover_balloon = balloon
            return
        if touch or held:
            return
        self.hover_die = self.die_at(pos) if self.placing() else None
        if self.placing() and self.picked:
            self.hover_balloon = self.balloon_at(pos)
        elif self.taking():
            self.hover_source = self.source_at(pos)

    def _start_moving(self, drag: DieDrag) -> None:
        """The press became a drag: the die lifts off the tray and follows the pointer."""
        drag.moved = True
        dice = self.shown.dice[self.viewer]
        start = self.tray_slot(self.viewer, drag.die, len(dice))
        sprite = DieSprite(self.viewer, dice[drag.die].value, start, TRAY_DIE)
        sprite.lift = 0.6
        drag.sprite = sprite
        dice[drag.die].hidden = True
        self.flying.append(sprite)
        if drag.die in self.picked:
            self.picked.remove(drag.die)
        self.picked.append(drag.die)
        self.focus_die = drag.die

    def pointer_up(self, pos: tuple[int, int]) -> None:
        """Drop on a balloon places; anywhere else springs back; a click (no move) chooses the die."""
        drag = self.drag
        if drag is None:
            return
        if drag.moved:
            balloon = self.balloon_at(pos)
            if balloon is None:
                self.spring_back()
                return
            self.place_on(balloon, drag.die)
            return
        self.drag = None
        self.pick(drag.die)

    def _first_unplaced(self) -> int | None:
        """The first die still in the viewer's tray."""
        unplaced = self.my_unplaced()
        return unplaced[0] if unplaced else None

    def handle_nav(self, dx: int, dy: int) -> None:
        """Arrows: choose a die, then a glowing balloon; in the card step, choose a source."""
        if not self.hand_interactive():
            return
        if self.taking():
            sources = self.sources()
            if not sources:
                return
            step = dx or dy
            if self.focus_source not in sources:
                self.focus_source = sources[0] if step >= 0 else sources[-1]
            else:
                self.focus_source = sources[(sources.index(self.focus_source) + step) % len(sources)]
            return
        if not self.placing():
            return
        if self.focus_balloon is not None:
            targets = self._balloon_cycle()
            if targets:
                step = dx or dy
                index = targets.index(self.focus_balloon) if self.focus_balloon in targets else -1
                self.focus_balloon = targets[(index + step) % len(targets)]
            return
        unplaced = self.my_unplaced()
        if not unplaced:
            return
        if dx:
            if self.focus_die not in unplaced:
                self.focus_die = unplaced[0] if dx > 0 else unplaced[-1]
            else:
                self.focus_die = unplaced[(unplaced.index(self.focus_die) + dx) % len(unplaced)]
        elif dy < 0:
            self.handle_activate()

    def _balloon_cycle(self) -> list[str]:
        """The balloons the keys cycle through: those that take the held die (all when none does)."""
        return self.targets() or [balloon.id for balloon in BOARD]

    def handle_focus(self, step: int) -> None:
        """Tab: like Right."""
        self.handle_nav(step, 0)

    def handle_activate(self) -> None:
        """Enter: hold the focused die (then Enter places it on the focused balloon); take a card."""
        if not self.hand_interactive():
            return
        if self.taking():
            if self.focus_source is None:
                self.handle_nav(1, 0)
            else:
                self.take_from(self.focus_source)
            return
        if not self.placing():
            return
        if self.focus_balloon is not None:
            self.place_on(self.focus_balloon)
            return
        if self.focus_die is None:
            self.focus_die = self._first_unplaced()
            return
        if self.focus_die in self.picked:
            self.picked.remove(self.focus_die)
        self.picked.append(self.focus_die)
        targets = self._balloon_cycle()
        self.focus_balloon = targets[0] if targets else None
        self.app.audio.play("click")

    # ----- drawing ----------------------------------------------------------------------------------
    def paint_still_base(self, surface: pygame.Surface) -> None:
        """The wooden table (the board covers the mat)."""
        surface.blit(art.table_surface(SCREEN, FELT), (0, 0))

    def still_parts(self) -> dict[str, StillPart]:
        """Board, balloons, dice at rest, markers, closet, supply, seats, hand, round info: made
        again only when something they show changed (most frames change nothing)."""
        key = self._parts_signature()
        if key != self._parts_key:
            self._parts = self._make_still_parts()
            self._parts_key = key
        return dict(self._parts)

    def _parts_signature(self) -> tuple[Any, ...]:
        """Everything the still parts depend on, in one cheap tuple."""
        shown = self.shown
        dice = tuple(tuple((die.value, die.balloon, die.hidden) for die in seat) for seat in shown.dice)
        order = tuple((balloon, tuple(entries)) for balloon, entries in shown.order.items())
        drag = self.drag.die if self.drag is not None else None
        table = (tuple(shown.np), tuple(shown.boxes), tuple(shown.chips), shown.supply, tuple(shown.row),
                 shown.deck, shown.discard, tuple(shown.hand_counts), tuple(shown.hand), dice, order,
                 shown.round, shown.start_seat, shown.game, shown.direction, tuple(shown.np_moving),
                 tuple(shown.box_moving), shown.round_card_moving)
        hints = (tuple(self.picked), self.focus_die, self.focus_balloon, self.focus_source,
                 self.hover_balloon, self.hover_source, self.hover_die, drag, self.placing(), self.taking(),
                 self.seat_to_move())
        scene = (self.finished, self.viewer, self.hand_hidden, self.curtain_up, labels.lang(),
                 len(self.match.log))
        return table + hints + scene

    def _make_still_parts(self) -> dict[str, StillPart]:
        """The still parts as they should look now."""
        parts: dict[str, StillPart] = {}
        board = nart.board_picture(BOARD_SIZE)
        parts["board"] = self.picture_part(("board", labels.lang()), board, topleft=BOARD_TOPLEFT)
        for balloon in BOARD:
            parts[f"balloon:{balloon.id}"] = self._balloon_part(balloon.id)
        parts["closet"] = self._closet_part()
        parts["supply"] = self._supply_part()
        for seat in range(self.match.players):
            parts[f"np:{seat}"] = self._marker_part(seat, "np")
        for seat in range(self.match.players):
            parts[f"box:{seat}"] = self._marker_part(seat, "box")
        for seat in self.rail_seats():
            panel = self.panel_rect(seat)
            parts[f"panel:{seat}"] = self.picture_part(("panel", panel.topleft), panel_back(panel.size),
                                                       topleft=panel.topleft)
        for seat in range(self.match.players):
            parts[f"plate:{seat}"] = self._plate_part(seat)
            parts[f"tray:{seat}"] = self._tray_part(seat)
            parts[f"hand:{seat}"] = self._hand_part(seat)
        parts["round_card"] = self._round_card_part()
        parts["info"] = self._info_part()
        parts["legend"] = self.picture_part(("legend", labels.lang()), self._legend(),
                                            topleft=(INFO_RECT.left, LEGEND_TOP))
        return parts

    def _balloon_part(self, balloon: str) -> StillPart:
        """A balloon's glow or veil and the dice lying in it."""
        rect = self.balloon_rect(balloon)
        state, focused = self.balloon_state(balloon)
        entries = self.shown.order.get(balloon, [])
        dice = []
        for number, (seat, die) in enumerate(entries):
            shown_dice = self.shown.dice[seat]
            if die < len(shown_dice) and not shown_dice[die].hidden:
                dice.append((seat, shown_dice[die].value, number))
        size = self.board_die_size(balloon)
        signature = (state, focused, tuple(dice), len(entries), labels.lang())

        def paint(surface: pygame.Surface) -> None:
            if state == "glow":
                glow = balloon_glow(rect.size, theme.OK if not focused else theme.GOLD)
                surface.blit(glow, glow.get_rect(center=rect.center))
            held = self.held_die() is not None
            if state in ("no", "full"):  # greyed under its dice, which stay bright
                surface.blit(balloon_veil(rect.size, 120 if held else 60), rect)
            for seat, value, number in dice:
                face = die_face(value, size, seat_colour(seat))
                centre = self._round(self.balloon_slot(balloon, number, len(entries)))
                surface.blit(face, face.get_rect(center=centre))
            if state == "full" and held:  # why a balloon that takes this number does not glow
                tag = full_tag()
                surface.blit(tag, tag.get_rect(center=(rect.right - tag.get_width() // 2 - 6, rect.top + 8)))
            if focused and state != "glow":
                ring = art.focus_ring(rect.size, theme.BAD)
                surface.blit(ring, ring.get_rect(center=rect.center))

        return StillPart(signature, rect.inflate(80, 80), paint)

    @staticmethod
    def _round(point: Point) -> tuple[int, int]:
        """A point in whole pixels."""
        return (round(point[0]), round(point[1]))

    def _closet_part(self) -> StillPart:
        """The five face-up cards and the deck, glowing in the card step."""
        shown = self.shown
        taking = self.taking()
        glowing = tuple(self.sources()) if taking else ()
        focus = self.focus_source if taking else None
        hover = self.hover_source if taking else None
        deck = self.deck_rect()
        rects = [self.slot_rect(slot) for slot in range(FACE_UP)]
        region = deck.unionall(rects).inflate(90, 90)
        signature = (tuple(shown.row), shown.deck, shown.discard, glowing, focus, hover, labels.lang())

        def paint(surface: pygame.Surface) -> None:
            for slot, rect in enumerate(rects):
                card = shown.row[slot]
                if card is None:
                    continue
                if slot in glowing:
                    self._paint_glow(surface, rect, slot in (focus, hover))
                face = nart.card_face(card, rect.width)
                surface.blit(face, face.get_rect(center=rect.center))
            if shown.discard:
                pile = nart.card_back(deck.width)
                x, y = self._round(self.discard_pos())
                tilted = art.rotated(("nos-discard", deck.width), pile, 14.0)
                surface.blit(tilted, tilted.get_rect(center=(x, y)))
            if shown.deck:
                if DECK_SOURCE in glowing:
                    self._paint_glow(surface, deck, DECK_SOURCE in (focus, hover))
                back = nart.card_back(deck.width)
                for layer in range(min(4, (shown.deck + 4) // 5)):
                    surface.blit(back, back.get_rect(center=(deck.centerx - layer, deck.centery - layer * 2)))
                badge = _count(shown.deck)
                surface.blit(badge, badge.get_rect(center=(deck.right - 6, deck.bottom - 6)))

        return StillPart(signature, region, paint)

    @staticmethod
    def _paint_glow(surface: pygame.Surface, rect: pygame.Rect, focused: bool) -> None:
        """A glow round a card one may take (gold when pointed at)."""
        glow = labels.cached(("nos-card-glow", rect.size, focused),
                             lambda: art.glow_ring(rect.size, theme.GOLD if focused else theme.OK, 210))
        surface.blit(glow, glow.get_rect(center=rect.center))

    def _supply_part(self) -> StillPart:
        """The chips left in the supply, stacked, with their number."""
        rect = self.supply_rect()
        count = self.shown.supply

        def paint(surface: pygame.Surface) -> None:
            chip = nart.chip(CHIP_SIZE)
            for number in range(min(count, 6)):
                surface.blit(chip, chip.get_rect(center=(rect.centerx + (number % 3 - 1) * 10,
                                                         rect.centery - number * 4)))
            badge = _count(count)
            surface.blit(badge, badge.get_rect(center=(rect.right - 4, rect.bottom - 4)))

        return StillPart((count,), rect.inflate(60, 60), paint)

    def _marker_part(self, seat: int, track: str) -> StillPart:
        """A seat's NP or box marker at rest on its track (nothing while it walks)."""
        shown = self.shown
        if track == "np":
            moving = seat in shown.np_moving
            pos = self.np_pos(seat, shown.np[seat])
            picture = nart.player_marker(seat, MARKER_SIZE)
        else:
            moving = seat in shown.box_moving
            pos = self.box_pos(seat, shown.boxes[seat])
            picture = nart.box_marker(seat, BOX_MARKER_SIZE)
        where = picture.get_rect(center=self._round(pos))
        if moving:
            return StillPart(None, pygame.Rect(where.center, (0, 0)), lambda surface: None)
        return StillPart((track, self._round(pos)), where, lambda surface: surface.blit(picture, where))

    def _plate_part(self, seat: int) -> StillPart:
        """A seat's plate: emblem, name, turn ring, and its numbers."""
        rect = self.plate_rect(seat)
        shown = self.shown
        turn = self.seat_to_move() == seat and not self.finished
        you = seat == self.viewer and self.viewer_is_person()
        cards = shown.hand_counts[seat] if seat == self.bottom else -1  # the rail shows it on the backs
        args = (self.name_of(seat), seat, turn, you, shown.np[seat], shown.boxes[seat], shown.chips[seat],
                cards, rect.size, seat == shown.start_seat)
        picture = seat_plate(*args)
        return self.picture_part((args, labels.lang()), picture, topleft=(rect.left - 6, rect.top - 6))

    def _tray_part(self, seat: int) -> StillPart:
        """A seat's dice resting in its tray (the viewer's chosen ones lifted and ringed)."""
        dice = self.shown.dice[seat] if seat < len(self.shown.dice) else []
        mine = seat == self.viewer and self.hand_interactive()
        picked = tuple(self.picked) if mine else ()
        focus = self.focus_die if mine and self.placing() else None
        hover = self.hover_die if mine and self.placing() else None
        held = self.held_die() if mine else None
        lying = tuple((index, die.value) for index, die in enumerate(dice)
                      if not die.balloon and not die.hidden)
        region = self.tray_rect(seat)
        size = self.die_size(seat)
        count = len(dice)
        placing = mine and self.placing()
        signature = (lying, count, picked, focus, hover, held, placing, seat == self.bottom)

        def paint(surface: pygame.Surface) -> None:
            if seat == self.bottom:
                surface.blit(_tray_picture(TRAY.size), TRAY)
                if placing and not picked:  # your move starts here: pick a die
                    surface.blit(_tray_glow(TRAY.size), TRAY)
            for index, value in lying:
                x, y = self.tray_slot(seat, index, count)
                up = 10 if index in picked else (4 if index == hover else 0)
                if index in picked:
                    ring = _flash_ring(size)
                    surface.blit(ring, ring.get_rect(center=(round(x), round(y - up))))
                face = die_face(value, size, seat_colour(seat))
                surface.blit(face, face.get_rect(center=(round(x), round(y - up))))
                if index == focus:
                    ring = art.focus_ring((size, size), theme.ACCENT)
                    surface.blit(ring, ring.get_rect(center=(round(x), round(y - up))))
                if placing and index == held:
                    mark = _held_mark()
                    surface.blit(mark, mark.get_rect(midbottom=(round(x), round(y - up - size // 2 - 2))))

        return StillPart(signature, region, paint)

    def _hand_part(self, seat: int) -> StillPart:
        """A seat's hand: the viewer's cards face up in a row (with its sets' NP), others as backs."""
        shown = self.shown
        if seat == self.bottom:
            hidden = self.hand_hidden
            cards = tuple(shown.hand) if not hidden and self.bottom == self.viewer else ()
            count = shown.hand_counts[seat]
            signature = ("mine", cards, count, hidden, labels.lang())

            def paint(surface: pygame.Surface) -> None:
                surface.blit(_hand_picture(cards, count, hidden), HAND_AREA)

            return StillPart(signature, HAND_AREA, paint)
        count = shown.hand_counts[seat]
        panel = self.panel_rect(seat)
        region = pygame.Rect(panel.left + 192, panel.top + PLATE_H + 6, 110, 126)

        def paint_backs(surface: pygame.Surface) -> None:
            for index in range(count):
                pos, scale = self.hand_slot(seat, index, count)
                back = art.scaled(("nos-back",), nart.card_back(art.CARD_SIZE[0]), scale)
                surface.blit(back, back.get_rect(center=self._round(pos)))
            badge = _count(count)
            surface.blit(badge, badge.get_rect(center=(region.right - 14, region.bottom - 16)))

        return StillPart(("backs", count), region, paint_backs)

    def _round_card_part(self) -> StillPart:
        """The round card at the start player's plate."""
        shown = self.shown
        if shown.round_card_moving:
            return StillPart(None, pygame.Rect(0, 0, 0, 0), lambda surface: None)
        rounds = self.match.players
        picture = nart.round_card(min(shown.round, rounds - 1), ROUND_CARD_W, rounds=rounds)
        return self.picture_part(("round", shown.round, shown.start_seat, labels.lang()),
                                 picture, center=self._round(self.round_card_pos(shown.start_seat)))

    def _info_part(self) -> StillPart:
        """Round, game and the way play goes."""
        shown = self.shown
        args = (shown.round, self.match.players, shown.game, self.shown_games(), shown.direction,
                self.name_of(shown.start_seat), labels.lang())
        return self.picture_part(args, info_card(*args), topleft=INFO_RECT.topleft)

    def _legend(self) -> pygame.Surface:
        """How cards and boxes score (a printed reminder card)."""
        return legend_card()

    def draw_moving(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """Throws, flying pieces, the dragged die, badges and bubbles; returns the areas painted."""
        painted: list[pygame.Rect] = []
        for record in self.throws:
            painted.extend(record.throw.draw(surface, record.picture))
        painted.extend(piece.draw(surface) for piece in self.flying)
        if self.drag is not None and self.drag.sprite is not None and self.drag.sprite not in self.flying:
            painted.append(self.drag.sprite.draw(surface))
        painted.extend(pop.draw(surface) for pop in self.pops)
        painted.extend(bubble.draw(surface) for bubble in self.bubbles)
        self.pops = [pop for pop in self.pops if pop.visible]
        return [area for area in painted if area.width and area.height] or [nothing()]

    def pause(self) -> None:
        """Another scene is on top: let go of the held die."""
        self.drop_held()


# ----- pictures of the seats and the side cards -----------------------------------------------------------
def _count(count: int) -> pygame.Surface:
    """A small round badge with a number."""
    def make() -> pygame.Surface:
        image = fonts.text(str(count), theme.TINY - 2, theme.TEXT, True)
        side = max(30, image.get_width() + 14)
        surface = pygame.Surface((side, 30), pygame.SRCALPHA)
        pygame.draw.rect(surface, (*theme.INK, 230), surface.get_rect(), border_radius=15)
        pygame.draw.rect(surface, theme.GOLD, surface.get_rect(), 2, border_radius=15)
        surface.blit(image, image.get_rect(center=surface.get_rect().center))
        return surface

    return labels.cached(("nos-count", count), make)


def _held_mark() -> pygame.Surface:
    """A small down arrow over the die held for a balloon."""
    def make() -> pygame.Surface:
        surface = pygame.Surface((26, 16), pygame.SRCALPHA)
        pygame.draw.polygon(surface, theme.GOLD, [(1, 1), (25, 1), (13, 15)])
        pygame.draw.polygon(surface, theme.INK, [(1, 1), (25, 1), (13, 15)], 2)
        return surface

    return labels.cached(("nos-held",), make)


def _tray_picture(size: tuple[int, int]) -> pygame.Surface:
    """The viewer's dice tray: a shallow felt-lined wooden box."""
    def make() -> pygame.Surface:
        surface = pygame.Surface(size, pygame.SRCALPHA)
        rect = surface.get_rect()
        pygame.draw.rect(surface, (0, 0, 0, 70), rect.move(0, 4), border_radius=26)
        pygame.draw.rect(surface, theme.WOOD_DARK, rect, border_radius=26)
        felt = art.mix(theme.FELT, theme.ROOM, 0.2)
        pygame.draw.rect(surface, felt, rect.inflate(-18, -18), border_radius=20)
        pygame.draw.rect(surface, (0, 0, 0, 60), rect.inflate(-18, -18), 3, border_radius=20)
        return surface

    return labels.cached(("nos-tray", size), make)


def _tray_glow(size: tuple[int, int]) -> pygame.Surface:
    """A soft green rim on the viewer's tray: pick one of these dice."""
    def make() -> pygame.Surface:
        surface = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(surface, (*theme.OK, 200), surface.get_rect().inflate(-6, -6), 4, border_radius=22)
        return surface

    return labels.cached(("nos-tray-glow", size), make)


def _hand_picture(cards: tuple[str, ...], count: int, hidden: bool) -> pygame.Surface:
    """The viewer's cards in a row, face up, with what its best sets score now (backs when hidden)."""
    def make() -> pygame.Surface:
        surface = pygame.Surface(HAND_AREA.size, pygame.SRCALPHA)
        heading = t("nostalgic_table.hand.heading")
        if cards:
            heading = t("nostalgic_table.hand.sets", n=set_points(cards))
        label = labels.note_pill(heading, bool(cards))
        surface.blit(label, label.get_rect(midtop=(HAND_AREA.width // 2, 0)))
        shown = len(cards) if cards else count
        width = art.CARD_SIZE[0] * HAND_SCALE
        step = min(width + 10, (HAND_AREA.width - width - 20) / max(1, shown - 1))
        x0 = HAND_AREA.width / 2 - step * (shown - 1) / 2
        grouped = _set_of_card(cards)
        for index in range(shown):
            x = x0 + index * step
            centre = (round(x), round(HAND_Y - HAND_AREA.top))
            if cards:
                card = cards[index]
                face = art.scaled(("nos-face", card), nart.card_face(card, art.CARD_SIZE[0]), HAND_SCALE)
                shadow = art.scaled(("shadow", 0), art.card_shadow(art.CARD_SIZE, 0), HAND_SCALE)
                surface.blit(shadow, shadow.get_rect(center=(centre[0] + 3, centre[1] + 5)))
                surface.blit(face, face.get_rect(center=centre))
                kind = grouped[index]
                if kind:
                    tag = _set_tag(kind)
                    below = (centre[0], centre[1] + face.get_height() // 2 - 4)
                    surface.blit(tag, tag.get_rect(midtop=below))
            else:
                back = art.scaled(("nos-back",), nart.card_back(art.CARD_SIZE[0]), HAND_SCALE)
                surface.blit(back, back.get_rect(center=centre))
        if not shown:
            note = fonts.text(t("nostalgic_table.hand.empty"), theme.TINY, theme.TEXT_DIM)
            surface.blit(note, note.get_rect(center=(HAND_AREA.width // 2, round(HAND_Y - HAND_AREA.top))))
        return surface

    return labels.cached(("nos-hand", cards, count, hidden, labels.lang()), make)


def _set_of_card(cards: tuple[str, ...]) -> list[str]:
    """For each card of a (sorted) hand, the kind of best-partition set it belongs to ("" for none)."""
    result = [""] * len(cards)
    free = list(range(len(cards)))
    for kind, members in best_sets(cards):
        for card in members:
            index = next((i for i in free if cards[i] == card), None)
            if index is not None:
                result[index] = kind
                free.remove(index)
    return result


def _set_tag(kind: str) -> pygame.Surface:
    """A small tag under a card that belongs to a set now."""
    def make() -> pygame.Surface:
        text = t(f"nostalgic_table.set.short.{kind}")
        image = fonts.text(text, theme.TINY - 4, theme.INK, True)
        surface = pygame.Surface((image.get_width() + 14, image.get_height() + 4), pygame.SRCALPHA)
        pygame.draw.rect(surface, theme.GOLD, surface.get_rect(), border_radius=8)
        surface.blit(image, image.get_rect(center=surface.get_rect().center))
        return surface

    return labels.cached(("nos-set-tag", kind, labels.lang()), make)


def seat_plate(name: str, seat: int, turn: bool, you: bool, np: int, boxes: int, chips: int, cards: int,
               size: tuple[int, int], starts: bool) -> pygame.Surface:
    """A seat's plate: its marker, its name, a ring on its turn, then its NP, boxes, chips and (at
    the bottom seat) cards in hand; room on the right for the round card of the start player."""
    def make() -> pygame.Surface:
        width, height = size
        surface = pygame.Surface((width + 12, height + 12), pygame.SRCALPHA)
        body = pygame.Rect(6, 6, width, height)
        pygame.draw.rect(surface, (*theme.INK, 228), body, border_radius=20)
        if turn:
            pygame.draw.rect(surface, theme.ACCENT, body.inflate(8, 8), 5, border_radius=24)
        marker = nart.player_marker(seat, 40)
        surface.blit(marker, marker.get_rect(center=(body.left + 32, body.top + 30)))
        label = name + (f" ({t('table.you')})" if you else "")
        room = width - 70 - (64 if starts else 14)
        font_size = fit_size(label, theme.SMALL + 2, room, bold=True, smallest=14)
        image = fonts.text(label, font_size, theme.TEXT, True)
        surface.blit(image, image.get_rect(midleft=(body.left + 62, body.top + 28)))
        stats = stat_icons(np, boxes, chips, cards, theme.TINY)
        room = width - 28 - (60 if starts else 0)
        if stats.get_width() > room:
            scaled_size = (room, round(stats.get_height() * room / stats.get_width()))
            stats = pygame.transform.smoothscale(stats, scaled_size)
        surface.blit(stats, stats.get_rect(midleft=(body.left + 16, body.bottom - 24)))
        return surface

    return labels.cached(("nos-plate", name, seat, turn, you, np, boxes, chips, cards, size, starts,
                          labels.lang()), make)


def panel_back(size: tuple[int, int]) -> pygame.Surface:
    """The mat under a seat on the left: a dark felt pad its plate, dice and cards lie on."""
    def make() -> pygame.Surface:
        surface = pygame.Surface(size, pygame.SRCALPHA)
        rect = surface.get_rect()
        pygame.draw.rect(surface, (0, 0, 0, 60), rect.move(0, 4), border_radius=22)
        pygame.draw.rect(surface, (*art.mix(theme.FELT, theme.ROOM, 0.35), 235), rect, border_radius=22)
        pygame.draw.rect(surface, (*art.mix(theme.FELT, theme.PAPER, 0.2), 120), rect.inflate(-8, -8), 2,
                         border_radius=18)
        return surface

    return labels.cached(("nos-panel", size), make)


def info_card(round_index: int, rounds: int, game: int, games: int, direction: int, starter: str,
              lang: str) -> pygame.Surface:
    """The right column's card: the round card, the round and game now, who started the round,
    and the way play goes."""
    def make() -> pygame.Surface:
        width, height = INFO_RECT.size
        surface = pygame.Surface((width, height), pygame.SRCALPHA)
        pygame.draw.rect(surface, (*theme.INK, 205), surface.get_rect(), border_radius=20)
        pygame.draw.rect(surface, theme.GOLD, surface.get_rect().inflate(-8, -8), 2, border_radius=16)
        card = nart.round_card(min(round_index, rounds - 1), ROUND_CARD_BIG, rounds=rounds)
        surface.blit(card, card.get_rect(midleft=(22, height // 2)))
        left = 40 + card.get_width()
        room = width - left - 16
        centre = left + room // 2
        title = t("nostalgic_table.info.round", n=round_index + 1, total=rounds)
        size = fit_size(title, theme.LARGE - 6, room, True)
        draw_text_centered(surface, title, size, theme.GOLD, (centre, 38), True)
        y = 80
        if games > 1:
            text = t("nostalgic_table.info.game", n=game + 1, total=games)
            size = fit_size(text, theme.SMALL, room, True)
            draw_text_centered(surface, text, size, theme.TEXT, (centre, y), True)
            y += 36
        text = t("nostalgic_table.info.starter", player=starter)
        size = fit_size(text, theme.TINY, room, smallest=14)
        draw_text_centered(surface, text, size, theme.TEXT_DIM, (centre, y))
        key = "nostalgic_table.info.clockwise" if direction > 0 else "nostalgic_table.info.counter"
        text = t(key)
        image = fonts.text(text, fit_size(text, theme.TINY, room - 56), theme.TEXT)
        row = pygame.Rect(0, 0, image.get_width() + 56, 56)
        row.center = (centre, height - 40)
        _direction_arrow(surface, (row.left + 24, row.centery), direction)
        surface.blit(image, image.get_rect(midleft=(row.left + 56, row.centery)))
        return surface

    return labels.cached(("nos-info", round_index, rounds, game, games, direction, starter, lang), make)


def _direction_arrow(surface: pygame.Surface, centre: tuple[int, int], direction: int) -> None:
    """A round arrow: clockwise (direction +1) or counter-clockwise (as seen on the screen)."""
    radius = 18
    rect = pygame.Rect(0, 0, radius * 2, radius * 2)
    rect.center = centre
    pygame.draw.arc(surface, theme.GOLD, rect, math.radians(-50), math.radians(230), 4)
    # the head sits at the end the travel reaches: clockwise on screen runs toward lower angles
    end = math.radians(-50) if direction > 0 else math.radians(230)
    tip = (centre[0] + radius * math.cos(end), centre[1] - radius * math.sin(end))
    along = (math.sin(end), math.cos(end)) if direction > 0 else (-math.sin(end), -math.cos(end))
    out = (math.cos(end), -math.sin(end))
    head = [(tip[0] + along[0] * 11, tip[1] + along[1] * 11),
            (tip[0] + out[0] * 8, tip[1] + out[1] * 8),
            (tip[0] - out[0] * 8, tip[1] - out[1] * 8)]
    pygame.draw.polygon(surface, theme.GOLD, head)


def legend_card() -> pygame.Surface:
    """How the cards score at the end, and what chips and boxes give (a printed reminder card)."""
    def make() -> pygame.Surface:
        width = INFO_RECT.width
        rows = (("triple", ("T", "T", "T"), SET_TRIPLE), ("rainbow", ("T", "P", "L"), SET_RAINBOW),
                ("pair", ("P", "P"), SET_PAIR))
        notes = [line for key in ("nostalgic_table.legend.wild", "nostalgic_table.legend.chips")
                 for line in [*fonts.wrap(t(key), theme.TINY - 2, width - 36), ""]]
        line = fonts.line_height(theme.TINY - 2)
        height = 64 + 56 * len(rows) + line * len(notes) + 4
        surface = pygame.Surface((width, height), pygame.SRCALPHA)
        pygame.draw.rect(surface, (*theme.PAPER, 240), surface.get_rect(), border_radius=18)
        pygame.draw.rect(surface, theme.GOLD, surface.get_rect().inflate(-8, -8), 2, border_radius=14)
        title = t("nostalgic_table.legend.title")
        draw_text_centered(surface, title, fit_size(title, theme.SMALL + 2, width - 30, True), theme.INK,
                           (width // 2, 32), True)
        y = 64
        for kind, cards, value in rows:
            for index, card in enumerate(cards):
                face = nart.card_face(card, 36)
                surface.blit(face, face.get_rect(midleft=(22 + index * 30, y + 24)))
            text = t(f"nostalgic_table.set.{kind}", n=value)
            image = fonts.text(text, fit_size(text, theme.SMALL, width - 150, True), theme.INK, True)
            surface.blit(image, image.get_rect(midleft=(130, y + 24)))
            y += 56
        for text in notes:
            if text:
                image = fonts.text(text, theme.TINY - 2, theme.INK_SOFT)
                surface.blit(image, (18, y))
            y += line // 2 if not text else line
        return surface

    return labels.cached(("nos-legend", labels.lang()), make)


def make_table(app: App, match: Match, **options: Any) -> Scene:
    """The Nostalgic table scene for ``match`` (options: ``viewer``, ``ai_enabled``, ``worker_inline``)."""
    return NostalgicTable(app, match, **options)
