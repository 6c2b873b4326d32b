"""Card art of ノアロン: red and black cards that also differ by shape, a plain back, stake chips.

A red card carries a sun (a full disc with a ring of rays) and a black card a crescent moon, in
the centre and in two corners, so the colours can be told apart without colour vision. Every
picture is drawn once at ``SUPERSAMPLE`` times its size, scaled down and cached; variants for the
table (a faded card outside the framed yaku) are cached too. Treat every surface as read-only.
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from functools import lru_cache
from typing import Any

import pygame

from scenes import anim, cache, fonts, theme
from scenes.table import art
from scenes.table.pieces import CardSprite

Color = tuple[int, int, int]
RED = "R"
BLACK = "B"
CARD_SIZE = art.CARD_SIZE
SUN_RED: Color = (198, 48, 40)
SUN_RED_DEEP: Color = (150, 30, 28)
MOON_BLACK: Color = (34, 32, 38)
MOON_BLACK_SOFT: Color = (70, 66, 78)
BACK: Color = (96, 74, 104)  # a muted plum: neither red nor black, so a back never hints at a colour
BACK_LINE: Color = (212, 190, 150)
FADE_TO: Color = (118, 128, 120)
SECOND_FRAME: Color = (214, 206, 170)  # the thin outline of a zatsu that is a yaku too  # what a faded (zatsu) card is washed toward


def _sun(big: pygame.Surface, centre: tuple[float, float], radius: float, ink: Color) -> None:
    """A sun: a full disc with a ring of short rays (the red cards' mark)."""
    cx, cy = centre
    pygame.draw.circle(big, ink, (cx, cy), radius * 0.62)
    for ray in range(12):
        angle = ray * math.tau / 12
        inner, outer = radius * 0.76, radius
        half = math.tau / 12 * 0.22
        points = [
            (cx + inner * math.cos(angle - half), cy + inner * math.sin(angle - half)),
            (cx + outer * math.cos(angle), cy + outer * math.sin(angle)),
            (cx + inner * math.cos(angle + half), cy + inner * math.sin(angle + half)),
        ]
        pygame.draw.polygon(big, ink, points)


def _moon(big: pygame.Surface, centre: tuple[float, float], radius: float, ink: Color, paper: Color) -> None:
    """A crescent moon (the black cards' mark): a disc with an offset disc cut out of it."""
    cx, cy = centre
    pygame.draw.circle(big, ink, (cx, cy), radius)
    pygame.draw.circle(big, paper, (cx + radius * 0.42, cy - radius * 0.22), radius * 0.84)


def _mark(big: pygame.Surface, colour: str, centre: tuple[float, float], radius: float, paper: Color) -> None:
    """The colour's mark at ``centre``."""
    if colour == RED:
        _sun(big, centre, radius, theme.PAPER)
    else:
        _moon(big, centre, radius, theme.PAPER, paper)


@lru_cache(maxsize=4)
def card_face(colour: str, size: tuple[int, int] = CARD_SIZE) -> pygame.Surface:
    """A red (sun) or black (moon) card: a white rim, a coloured field, its mark large in the
    middle and small in two opposite corners."""
    s = art.SUPERSAMPLE
    fill = SUN_RED if colour == RED else MOON_BLACK
    deep = SUN_RED_DEEP if colour == RED else MOON_BLACK_SOFT
    big = art._card_shape(size, theme.PAPER, art.mix(theme.PAPER_SHADE, theme.INK_SOFT, 0.45))
    width, height = big.get_size()
    field = big.get_rect().inflate(-14 * s, -14 * s)
    pygame.draw.rect(big, fill, field, border_radius=(art.CARD_RADIUS - 5) * s)
    pygame.draw.rect(big, deep, field.inflate(-10 * s, -10 * s), 2 * s, border_radius=(art.CARD_RADIUS - 8) * s)
    centre = (width / 2, height / 2)
    _mark(big, colour, centre, width * 0.25, fill)
    for corner in ((field.left + 19 * s, field.top + 20 * s), (field.right - 19 * s, field.bottom - 20 * s)):
        _mark(big, colour, corner, 10 * s, fill)
    art._clip_to_card(big)
    return art.downsample(big, size)


@lru_cache(maxsize=4)
def card_back(size: tuple[int, int] = CARD_SIZE) -> pygame.Surface:
    """The plain back shared by every card: plum with a fine lattice and a thin frame."""
    s = art.SUPERSAMPLE
    big = art._card_shape(size, BACK, art.mix(BACK, (0, 0, 0), 0.5))
    width, height = big.get_size()
    frame = big.get_rect().inflate(-14 * s, -14 * s)
    lattice = pygame.Surface((width, height), pygame.SRCALPHA)
    line = (*BACK_LINE, 60)
    for offset in range(-height, width + height, 16 * s):
        pygame.draw.line(lattice, line, (offset, 0), (offset + height, height), s)
        pygame.draw.line(lattice, line, (offset + height, 0), (offset, height), s)
    clip = pygame.Surface((width, height), pygame.SRCALPHA)
    pygame.draw.rect(clip, (255, 255, 255, 255), frame, border_radius=(art.CARD_RADIUS - 5) * s)
    lattice.blit(clip, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    big.blit(lattice, (0, 0))
    pygame.draw.rect(big, BACK_LINE, frame, 2 * s, border_radius=(art.CARD_RADIUS - 5) * s)
    art._clip_to_card(big)
    return art.downsample(big, size)


def faded_face(colour: str) -> pygame.Surface:
    """A card washed toward the felt's grey-green (a card outside the framed yaku)."""
    def make() -> pygame.Surface:
        face = card_face(colour).copy()
        wash = pygame.Surface(face.get_size(), pygame.SRCALPHA)
        pygame.draw.rect(wash, (*FADE_TO, 150), wash.get_rect(), border_radius=art.CARD_RADIUS)
        face.blit(wash, (0, 0))
        return face

    return art.variant(("noaron-faded", colour), make)


class NoaronCard(CardSprite):
    """A card of this game: ``value`` is "R", "B" or None (the back). ``dim`` draws it faded."""

    def _image_key(self) -> tuple[Hashable, pygame.Surface]:
        """The art key and base surface of the side showing now."""
        if self.face_up:
            colour = str(self.value)
            if self.dim:
                return ("noaron-face", colour, True), faded_face(colour)
            return ("noaron-face", colour, False), card_face(colour)
        return ("noaron-back",), card_back()


def prewarm() -> None:
    """Draw both faces, the back and their faded copies now, before the first frame."""
    for colour in (RED, BLACK):
        card_face(colour)
        faded_face(colour)
    card_back()


def clear_caches() -> None:
    """Forget the pictures (after the display was re-created, or the last table closed)."""
    card_face.cache_clear()
    card_back.cache_clear()
    _rows.clear()


cache.on_release(cache.TABLE, clear_caches)


# ----- piles, the deck, stakes --------------------------------------------------------------------
def scaled_size(scale: float) -> tuple[int, int]:
    """A card's size at ``scale``."""
    return round(CARD_SIZE[0] * scale), round(CARD_SIZE[1] * scale)


def face_at(colour: str | None, scale: float, dim: bool = False) -> pygame.Surface:
    """A face (or the back, for None) scaled to ``scale``, cached."""
    if colour is None:
        return art.transformed(("noaron-back",), card_back(), scale)
    if dim:
        return art.transformed(("noaron-face", colour, True), faded_face(colour), scale)
    return art.transformed(("noaron-face", colour, False), card_face(colour), scale)


def _tilt(index: int, salt: int) -> int:
    """A small fixed tilt per card in a pile (a real pile is never square), in degrees."""
    return ((index * 37 + salt * 101) % 7 - 3)


def pile_picture(cards: tuple[str | None, ...], scale: float, salt: int) -> pygame.Surface:
    """The top few cards of a pile (bottom .. top; None is a back), each a little offset and
    tilted, shadow under the lowest; cached by what shows."""
    shown = cards[-4:]
    first = len(cards) - len(shown)

    def make() -> pygame.Surface:
        width, height = scaled_size(scale)
        pad = 30
        picture = pygame.Surface((width + pad * 2, height + pad * 2), pygame.SRCALPHA)
        centre = (width / 2 + pad, height / 2 + pad)
        shadow = art.transformed(("shadow", 0), art.card_shadow(CARD_SIZE, 0), scale)
        picture.blit(shadow, shadow.get_rect(center=(round(centre[0] + 3), round(centre[1] + 5))))
        for depth, colour in enumerate(shown):
            tilt = _tilt(first + depth, salt)
            image = art.transformed(("noaron-face", colour, False) if colour is not None else ("noaron-back",),
                                    card_face(colour) if colour is not None else card_back(), scale, 1.0, tilt)
            at = (centre[0] - depth * 1.2, centre[1] - depth * 2.0)
            picture.blit(image, image.get_rect(center=(round(at[0]), round(at[1]))))
        return picture

    return art.variant(("noaron-pile", shown, first % 7, scale, salt), make)


def pile_top_offset(count: int) -> tuple[float, float]:
    """Where the top card of a pile of ``count`` is drawn, relative to the pile's centre."""
    depth = max(0, min(count, 4) - 1)
    return (-depth * 1.2, -depth * 2.0)


def fan_row_picture(count: int, scale: float, step: float) -> pygame.Surface:
    """``count`` backs side by side, overlapping (a row of stake cards), cached per count."""
    def make() -> pygame.Surface:
        width, height = scaled_size(scale)
        shadow = art.transformed(("shadow", 0), art.card_shadow(CARD_SIZE, 0), scale)
        pad = (shadow.get_width() - width) // 2 + 4
        total = width + round(step * max(0, count - 1))
        picture = pygame.Surface((total + pad * 2, height + pad * 2), pygame.SRCALPHA)
        back = face_at(None, scale)
        for index in range(count):
            x = pad + round(index * step)
            picture.blit(shadow, (x - (shadow.get_width() - width) // 2 + 2, pad - (shadow.get_height() - height) // 2 + 3))
            picture.blit(back, (x, pad))
        return picture

    return art.variant(("noaron-row", count, scale, step), make)


def heap_picture(count: int, scale: float) -> pygame.Surface:
    """A squared face-down heap (the deck, a heap of paid stakes): one more edge per few cards."""
    layers = max(1, min(6, (count + 5) // 6))

    def make() -> pygame.Surface:
        width, height = scaled_size(scale)
        shadow = art.transformed(("shadow", 0), art.card_shadow(CARD_SIZE, 0), scale)
        pad = (shadow.get_width() - width) // 2 + 2
        picture = pygame.Surface((width + pad * 2 + layers * 2, height + pad * 2 + layers * 3), pygame.SRCALPHA)
        picture.blit(shadow, (layers * 2 + 3 + pad - (shadow.get_width() - width) // 2,
                              layers * 3 + 5 + pad - (shadow.get_height() - height) // 2))
        edge = art.transformed(("blank",), art.card_blank(), scale)
        for layer in range(layers, 0, -1):
            picture.blit(edge, (pad + layer * 2, pad + layer * 3))
        picture.blit(face_at(None, scale), (pad, pad))
        return picture

    return art.variant(("noaron-heap", layers, scale), make)


def glow(scale: float, color: Color = theme.OK) -> pygame.Surface:
    """The legal-target glow around a card of ``scale``."""
    return art.glow_ring(scaled_size(scale), color)


def ring(size: tuple[int, int], color: Color, width: int = 5, radius: int = 16) -> pygame.Surface:
    """A crisp rounded outline of ``size`` (pair to discard, the yaku frame), cached. Drawn at
    1x: these can be as wide as the hand, and a supersampled copy would take a frame's time."""
    def make() -> pygame.Surface:
        surface = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(surface, (*color, 255), surface.get_rect(), width, border_radius=radius)
        return surface

    return art.variant(("noaron-ring", size, color, width, radius), make)


def band(size: tuple[int, int], color: Color, alpha: int, radius: int = 18) -> pygame.Surface:
    """A translucent rounded band of ``size`` (behind the framed yaku), cached."""
    def make() -> pygame.Surface:
        surface = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(surface, (*color, alpha), surface.get_rect(), border_radius=radius)
        return surface

    return art.variant(("noaron-band", size, color, alpha, radius), make)


# ----- the hand: a straight row that keeps its order -------------------------------------------------
class HandRow:
    """A hand laid in a straight row at ``centre`` (x of the middle, y of the cards).

    The row never sorts: ``cards[i]`` is hand card i, drawn at slot i from the owner's left. A row
    at the top of the screen belongs to the player sitting opposite, so it is ``mirrored`` (their
    left is the viewer's right). ``pair`` lifts cards ``pair`` and ``pair + 1`` (the pair to
    discard, or the reserve pair shown where it would go) with a ring and a word in
    ``pair_color``; ``frame`` = (start, length) draws the framed yaku behind the cards, and
    ``second`` a thin outline around a zatsu that is a yaku too.
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
        pair = self._draw_pair_ring(surface, (0, 0))
        return painted.union(pair) if pair.width else painted

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
               self.frame, self.second, self.frame_color, self.pair_color, self.pair_tag,
               tuple((card.value if card.face_up else None, card.dim) for card in self.cards))

        def make() -> tuple[pygame.Surface, tuple[int, int]]:
            bounds = self.cards[0].bounds().unionall([card.bounds() for card in self.cards[1:]])
            for framed in (self.frame, self.second):
                if framed is not None and framed[1] > 0:
                    bounds = bounds.union(self.span(*framed).inflate(30, 34))
            if self.pair is not None and self.pair_color is not None and self.pair + 1 < len(self.cards):
                bounds = bounds.union(self.span(self.pair, 2).inflate(16, 56)
                                      .move(0, -round(self.PAIR_LIFT)))
            picture = pygame.Surface(bounds.size, pygame.SRCALPHA)
            self._draw_frame(picture, (-bounds.x, -bounds.y))
            for card in self.cards:
                card.draw(picture, (-bounds.x, -bounds.y))
            self._draw_pair_ring(picture, (-bounds.x, -bounds.y))
            return art.ready(picture), bounds.topleft

        return _rows.get(key, make)


_rows = art.SurfaceCache("noaron.rows", 8 * art.MB)  # resting rows with where they go (~0.8 MB each)


def tag_pill(text: str, color: Color) -> pygame.Surface:
    """A short word on a rounded pill in ``color`` (on the ring of the chosen pair)."""
    def make() -> pygame.Surface:
        label = fonts.text(text, theme.TINY, theme.TEXT, True)
        surface = pygame.Surface((label.get_width() + 26, label.get_height() + 6), pygame.SRCALPHA)
        pygame.draw.rect(surface, color, surface.get_rect(), border_radius=surface.get_height() // 2)
        surface.blit(label, label.get_rect(center=surface.get_rect().center))
        return surface

    return art.variant(("noaron-tag", text, color), make)
