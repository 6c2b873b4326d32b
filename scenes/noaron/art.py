"""Card art of ノアロン: red and black cards that also differ by shape, a plain back, stake heaps,
the frames of the hand row, and the words that sum up a cut.

A red card carries a sun (a full disc with a ring of rays) and a black card a crescent moon, in
the centre and in two corners, so the colours can be told apart without colour vision. Every
picture is drawn once at ``SUPERSAMPLE`` times its size, scaled down and cached; variants for the
table (a zatsu card with its point pip) are cached too. Treat every surface as read-only.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

import pygame

from game.i18n import t
from game.rules.noaron import Cut
from scenes.engine import cache, crisp, fonts, theme
from scenes.noaron.layout import PIP_HALF, PIP_ONE, scaled_size
from scenes.table import art

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
SECOND_FRAME: Color = (214, 206, 170)  # the thin outline of a zatsu that is a yaku too


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


@lru_cache(maxsize=8)
def card_face(colour: str, size: tuple[int, int] = CARD_SIZE, zoom: float = 1.0) -> pygame.Surface:
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
    return art.sharp(big, size, zoom, ("noaron_face", colour, size), lambda z: card_face(colour, size, z))


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


PIPS = (PIP_ONE, PIP_HALF)
PIP_RADIUS = 19  # the point pip in a zatsu card's free corner, at full card size
PIP_CENTRE = (CARD_SIZE[0] - 27, 28)  # the top right corner: the marks sit top left and bottom right


def pip_face(colour: str, pip: str) -> pygame.Surface:
    """A face with a point pip in its free corner: what the card costs as zatsu ("1", or "½" when
    the zatsu is a yaku too). A paper disc with ink, readable on red and on black, so a zatsu card
    keeps its full colour and the hand never looks disabled."""
    def draw(zoom: float) -> pygame.Surface:
        face = (card_face(colour) if zoom == 1.0 else card_face(colour, CARD_SIZE, zoom)).copy()
        s = art.SUPERSAMPLE
        size = (PIP_RADIUS * 2 + 6) * s
        big = pygame.Surface((size, size), pygame.SRCALPHA)
        middle = size // 2
        pygame.draw.circle(big, theme.INK, (middle, middle), (PIP_RADIUS + 2) * s)
        pygame.draw.circle(big, theme.PAPER, (middle, middle), PIP_RADIUS * s)
        disc = art.downsample(big, art.zoomed((size // s, size // s), zoom))
        centre = (round(PIP_CENTRE[0] * zoom), round(PIP_CENTRE[1] * zoom))
        face.blit(disc, disc.get_rect(center=centre))
        label = fonts.text(pip, max(1, round(theme.SMALL * zoom)), theme.INK, True)
        face.blit(label, label.get_rect(center=(centre[0], centre[1] + round(zoom))))
        return face

    # drawn again at the window's scale: the point and the card stay sharp at 4K
    return art.variant(("noaron-pip", colour, pip),
                       lambda: crisp.art_image(draw(1.0), ("noaron-pip", colour, pip), lambda z: draw(art.zoom_bucket(z))))


# Resting hand rows with where they go (~0.8 MB each); ``sprites.HandRow`` fills it.
row_pictures = art.SurfaceCache("noaron.rows", 8 * art.MB)


def prewarm() -> None:
    """Draw both faces, the back and the faces with a point pip now, before the first frame."""
    for colour in (RED, BLACK):
        card_face(colour)
        for pip in PIPS:
            pip_face(colour, pip)
    card_back()


def clear_caches() -> None:
    """Forget the pictures (after the display was re-created, or the last table closed)."""
    card_face.cache_clear()
    card_back.cache_clear()
    row_pictures.clear()


cache.on_release(cache.TABLE, clear_caches)


# ----- piles, the deck, stakes --------------------------------------------------------------------
def face_at(colour: str | None, scale: float, pip: str = "") -> pygame.Surface:
    """A face (or the back, for None) scaled to ``scale``, with a point ``pip`` when given and
    readable at that scale (the settlement's small hands say their zatsu count in words), cached."""
    if colour is None:
        return art.transformed(("noaron-back",), card_back(), scale)
    if pip and theme.SMALL * scale >= theme.LEAST:
        return art.transformed(("noaron-pip", colour, pip), pip_face(colour, pip), scale)
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
        picture = crisp.canvas((width + pad * 2, height + pad * 2), pygame.SRCALPHA)  # faces stay sharp at 4K
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


def tag_pill(text: str, color: Color, ink: Color = theme.TEXT) -> pygame.Surface:
    """A short word in ``ink`` on a rounded pill in ``color`` (on the ring of the chosen pair,
    under the yaku and the zatsu)."""
    def make() -> pygame.Surface:
        label = fonts.text(text, theme.TINY, ink, True)
        surface = pygame.Surface((label.get_width() + 26, label.get_height() + 6), pygame.SRCALPHA)
        pygame.draw.rect(surface, color, surface.get_rect(), border_radius=surface.get_height() // 2)
        surface.blit(label, label.get_rect(center=surface.get_rect().center))
        return surface

    return art.variant(("noaron-tag", text, color, ink), make)


# ----- words ---------------------------------------------------------------------------------------
def counted(key: str, count: int, **params: Any) -> str:
    """``key``'s text for ``count`` things: its ``.one`` form when ``count`` is 1 (English says
    "1 stake card", not "1 stake cards"), else the plain one (``n`` is ``count`` unless given)."""
    params.setdefault("n", count)
    return t(f"{key}.one" if count == 1 else key, **params)


def cut_summary(cut: Cut, short: bool = False) -> str:
    """"yaku 8 · zatsu 4" (or "no yaku"), for the score card (``short``) and the settlement."""
    zatsu = cut.score * 2 if cut.zatsu_is_yaku else cut.score  # a zatsu that is a yaku scores half
    if not cut.yaku_length:
        return t("noaron_table.cut.none", zatsu=zatsu)
    if cut.zatsu_is_yaku and not short:
        return t("noaron_table.cut.both", yaku=cut.yaku_length, zatsu=zatsu)
    return t("noaron_table.cut.parts", yaku=cut.yaku_length, zatsu=zatsu)
