"""The moving pieces of ノアロン: ``NoaronCard`` (a card sprite of this game's art) and ``HandRow``
(a hand laid in a straight row that keeps its order, drawn as one cached picture at rest)."""

from __future__ import annotations

import math
from collections.abc import Hashable
from typing import Any

import pygame

from scenes.engine import anim, crisp, theme
from scenes.noaron.art import (
    SECOND_FRAME,
    Color,
    band,
    card_back,
    card_face,
    pip_face,
    ring,
    row_pictures,
    tag_pill,
)
from scenes.noaron.layout import scaled_size
from scenes.table import art
from scenes.table.pieces import CardSprite


class NoaronCard(CardSprite):
    """A card of this game: ``value`` is "R", "B" or None (the back); ``pip`` ("1", "½") marks
    what a zatsu card of the viewer's hand costs."""

    pip = ""  # no pip (a class default: sprites are made in many places)

    def _image_key(self) -> tuple[Hashable, pygame.Surface]:
        """The art key and base surface of the side showing now."""
        if self.face_up:
            colour = str(self.value)
            if self.pip:
                return ("noaron-pip", colour, self.pip), pip_face(colour, self.pip)
            return ("noaron-face", colour, False), card_face(colour)
        return ("noaron-back",), card_back()


class HandRow:
    """A hand laid in a straight row at ``centre`` (x of the middle, y of the cards).

    The row never sorts: ``cards[i]`` is hand card i, drawn at slot i from the owner's left. A row
    at the top of the screen belongs to the player sitting opposite, so it is ``mirrored`` (their
    left is the viewer's right). ``pair`` lifts cards ``pair`` and ``pair + 1`` (the pair to
    discard, or the reserve pair shown where it would go) with a ring and a word in
    ``pair_color``; ``frame`` = (start, length) draws the framed yaku behind the cards, and
    ``second`` a thin outline around a zatsu that is a yaku too. ``tags`` name parts of the row
    under it: (start, length, word, pill colour, ink), e.g. "yaku · 0 pts" under the frame.
    """

    PAIR_LIFT = 22.0

    def __init__(self, centre: tuple[float, float], *, scale: float, step: float, mirrored: bool = False) -> None:
        self.centre = centre
        self.scale = scale
        self.step = step
        self.mirrored = mirrored
        self.cards: list[NoaronCard] = []
        self.pair: int | None = None
        self.frame: tuple[int, int] | None = None
        self.frame_color: Color = theme.GOLD
        self.second: tuple[int, int] | None = None  # (start, length): a zatsu that is itself a yaku
        self.pair_color: Color | None = None  # a ring around the lifted pair
        self.pair_tag = ""  # a word on a pill above that ring ("discard", "here")
        self.tags: tuple[tuple[int, int, str, Color, Color], ...] = ()  # words under parts of the row

    def slot_x(self, slot: int, slots: int | None = None) -> float:
        """Screen x of slot ``slot`` (of ``slots``, by default the current count)."""
        count = len(self.cards) if slots is None else slots
        offset = (slot - (count - 1) / 2) * self.step
        return self.centre[0] - offset if self.mirrored else self.centre[0] + offset

    def target(self, index: int) -> tuple[tuple[float, float], float]:
        """(centre, lift) where card ``index`` rests now."""
        lifted = self.pair is not None and index in (self.pair, self.pair + 1)
        y = self.centre[1] - (self.PAIR_LIFT if lifted else 0.0)
        return (self.slot_x(index), y), (0.6 if lifted else 0.0)

    def layout(self, animator: Any = None, duration: float = 0.22) -> None:
        """Move every card to its place (tweened when an animator is given)."""
        for index, card in enumerate(self.cards):
            pos, lift = self.target(index)
            if animator is None or duration <= 0:
                card.pos, card.lift, card.scale, card.angle = pos, lift, self.scale, 0.0
            else:
                animator.add(anim.Parallel(
                    anim.Tween(card, "pos", pos, duration, anim.ease_out_cubic),
                    anim.Tween(card, "lift", lift, duration * 0.8, anim.ease_out_cubic),
                    anim.Tween(card, "scale", self.scale, duration, anim.ease_out_cubic),
                    anim.Tween(card, "angle", 0.0, duration, anim.ease_out_cubic),
                ))

    def nearest_between(self, x: float, choices: int, slots: int) -> int:
        """The choice 0..choices-1 whose two-slot block (slots c, c+1 of ``slots``) is centred
        nearest to ``x``: a discard pair, or where a reserve pair would go. Independent of the
        current layout, so a preview that moves cards never changes what the pointer picks."""
        first = self.slot_x(0, slots)
        relative = (x - first) / self.step * (-1 if self.mirrored else 1)
        return max(0, min(choices - 1, math.floor(relative)))  # nearest block centre: c + 0.5

    def span(self, first_slot: int, length: int) -> pygame.Rect:
        """The screen area of ``length`` slots from ``first_slot`` (cards at rest)."""
        width, height = scaled_size(self.scale)
        xs = [self.slot_x(first_slot), self.slot_x(first_slot + length - 1)]
        rect = pygame.Rect(0, 0, round(abs(xs[1] - xs[0]) + width), height)
        rect.center = (round(sum(xs) / 2), round(self.centre[1]))
        return rect

    def area(self) -> pygame.Rect:
        """Everything the row may cover at rest (for hit tests and repaint areas)."""
        slots = max(1, len(self.cards))
        return self.span(0, slots).inflate(60, 90)

    def card_at(self, point: tuple[float, float]) -> int | None:
        """The card under ``point`` (the topmost), or None."""
        for index in range(len(self.cards) - 1, -1, -1):
            if self.cards[index].contains(point):
                return index
        return None

    def at_rest(self) -> bool:
        """True when every card sits exactly in its place, fully turned."""
        for index, card in enumerate(self.cards):
            pos, lift = self.target(index)
            if not card.visible or card.flip not in (0.0, 1.0) or abs(card.scale - self.scale) > 1e-3:
                return False
            if abs(card.pos[0] - pos[0]) > 0.5 or abs(card.pos[1] - pos[1]) > 0.5 or abs(card.lift - lift) > 1e-3:
                return False
        return True

    def draw(self, surface: pygame.Surface) -> pygame.Rect:
        """The frame, then the cards (one cached picture at rest); returns the area painted."""
        if not self.cards:
            return pygame.Rect(round(self.centre[0]), round(self.centre[1]), 0, 0)
        if self.at_rest():
            picture, topleft = self._resting_picture()
            return surface.blit(picture, topleft)
        painted = self._draw_frame(surface, (0, 0))
        for card in self.cards:
            area = card.draw(surface, quick=True)
            painted = area if not painted.width else painted.union(area)
        for extra in (self._draw_pair_ring(surface, (0, 0)), self._draw_tags(surface, (0, 0))):
            painted = painted.union(extra) if extra.width else painted
        return painted

    def _tag_places(self) -> list[tuple[pygame.Surface, pygame.Rect]]:
        """Each tag's pill and where it sits: centred on the bottom edge of its part's frame."""
        places = []
        for start, length, word, colour, ink in self.tags:
            if length <= 0 or start + length > len(self.cards):
                continue
            rect = self.span(start, length).inflate(22, 26)
            pill = tag_pill(word, colour, ink)
            places.append((pill, pill.get_rect(center=(rect.centerx, rect.bottom))))
        return places

    def _draw_tags(self, surface: pygame.Surface, offset: tuple[int, int]) -> pygame.Rect:
        """The tags under the row (where the cards rest)."""
        painted = pygame.Rect(0, 0, 0, 0)
        for pill, at in self._tag_places():
            area = surface.blit(pill, at.move(offset))
            painted = area if not painted.width else painted.union(area)
        return painted

    def _draw_pair_ring(self, surface: pygame.Surface, offset: tuple[int, int]) -> pygame.Rect:
        """A ring around the lifted pair (where it rests), when the pair has a colour."""
        if self.pair is None or self.pair_color is None or self.pair + 1 >= len(self.cards):
            return pygame.Rect(0, 0, 0, 0)
        rect = self.span(self.pair, 2).inflate(16, 16)
        rect.move_ip(offset[0], offset[1] - round(self.PAIR_LIFT))
        painted = surface.blit(ring(rect.size, self.pair_color, 5, 18), rect)
        if self.pair_tag:
            tag = tag_pill(self.pair_tag, self.pair_color)
            painted = painted.union(surface.blit(tag, tag.get_rect(center=(rect.centerx, rect.top))))
        return painted

    def _draw_frame(self, surface: pygame.Surface, offset: tuple[int, int]) -> pygame.Rect:
        """A translucent band and a crisp outline around the framed slots (and a thin outline
        around a zatsu that is a yaku too)."""
        painted = pygame.Rect(0, 0, 0, 0)
        if self.second is not None and self.second[1] > 0:
            rect = self.span(*self.second).inflate(22, 26).move(offset)
            painted = surface.blit(ring(rect.size, SECOND_FRAME, 3, 18), rect)
        if self.frame is None or self.frame[1] <= 0:
            return painted
        start, length = self.frame
        rect = self.span(start, length).inflate(22, 26)
        rect.move_ip(offset)
        surface.blit(band(rect.size, self.frame_color, 70), rect)
        area = surface.blit(ring(rect.size, self.frame_color, 4, 18), rect)
        return area.union(painted) if painted.width else area

    def _resting_picture(self) -> tuple[pygame.Surface, tuple[int, int]]:
        """The row at rest in one picture (cached by what it shows), and where it goes."""
        key = ("noaron-hand", self.centre, self.scale, self.step, self.mirrored, self.pair,
               self.frame, self.second, self.frame_color, self.pair_color, self.pair_tag, self.tags,
               tuple((card.value if card.face_up else None, card.pip) for card in self.cards))

        def make() -> tuple[pygame.Surface, tuple[int, int]]:
            bounds = self.cards[0].bounds().unionall([card.bounds() for card in self.cards[1:]])
            for framed in (self.frame, self.second):
                if framed is not None and framed[1] > 0:
                    bounds = bounds.union(self.span(*framed).inflate(30, 34))
            if self.pair is not None and self.pair_color is not None and self.pair + 1 < len(self.cards):
                bounds = bounds.union(self.span(self.pair, 2).inflate(16, 56)
                                      .move(0, -round(self.PAIR_LIFT)))
            for _, at in self._tag_places():
                bounds = bounds.union(at)
            picture = crisp.canvas(bounds.size, pygame.SRCALPHA)  # the faces stay sharp at 4K
            self._draw_frame(picture, (-bounds.x, -bounds.y))
            for card in self.cards:
                card.draw(picture, (-bounds.x, -bounds.y))
            self._draw_pair_ring(picture, (-bounds.x, -bounds.y))
            self._draw_tags(picture, (-bounds.x, -bounds.y))
            return art.ready(picture), bounds.topleft

        return row_pictures.get(key, make)

