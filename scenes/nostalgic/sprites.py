"""Nostalgic's pieces: what the table shows at rest (``Shown``, ``DieShown``) and what moves over
it (markers, chips, boxes and the round card as ``Piece``; dice as ``DieSprite``; cards; badges
that pop; the ring round a double; and the animation steps that walk a piece along a track or
let a ``DiceThrow`` roll).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.rules.nostalgic import FACE_UP
from scenes.engine import anim
from scenes.nostalgic import art as nart
from scenes.nostalgic.art import seat_colour
from scenes.nostalgic.art_table import flash_ring, soft_shadow
from scenes.nostalgic.layout import SCREEN_RECT, Point
from scenes.table import art
from scenes.table.dice_throw import DiceThrow, die_face
from scenes.table.pieces import CardSprite, nothing

POP_TIME = 0.9  # seconds a badge shows (at normal speed; the animator scales it)


# ----- what the table shows at rest --------------------------------------------------------------------
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
            shadow = soft_shadow(max(8, picture.get_width() - 6))
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
        ring = flash_ring(self.size)
        image = ring.copy()
        image.set_alpha(round(self.alpha))
        return surface.blit(image, image.get_rect(center=(round(self.pos[0]), round(self.pos[1]))))


# ----- steps of a timeline, and what a gesture holds ------------------------------------------------
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
