"""That Old Wallpaper's art, the ground every picture stands on: the palette, the picture caches,
the supersampling helpers, the six vintage wallpaper backgrounds (one of six faint patterns on
tinted, fibrous paper, chosen by the card id) and the finish of a card (its thin edge line and
rounded corners).

The art is split by topic, each part importing only those before it: ``art_paper`` (this) <-
``art_motifs`` (the half-shapes and the centre symbols) <- ``art_cards`` (card faces, the deck back,
number cards, tokens, round cards) <- ``art_walls`` (whole walls, completed-shape rings, the large
wall's board) <- ``art`` (the table's own pictures: rows, boxes, the token line, the deck).
Treat every returned surface as read-only.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from functools import lru_cache

import pygame

from game.rules.wallpaper import BLUE, GREEN, RED, WILD, YELLOW
from scenes.engine import cache, theme
from scenes.table import art
from scenes.wallpaper.layout import card_size

Color = tuple[int, int, int]
SUPERSAMPLE = art.SUPERSAMPLE
TOP, RIGHT, BOTTOM, LEFT = 0, 1, 2, 3  # edge indices, as in ``edges``

# ----- palette -------------------------------------------------------------------------------------
INK: Color = (58, 42, 34)
PETAL: Color = (204, 64, 56)
PETAL_DEEP: Color = (132, 34, 32)
PETAL_LIGHT: Color = (238, 136, 112)
HEART: Color = (250, 214, 120)
RAY: Color = (250, 204, 52)
RAY_DEEP: Color = (176, 112, 16)
SUN_DISC: Color = (244, 160, 36)
SUN_RING: Color = (255, 228, 120)
SKY: Color = (34, 58, 128)
SKY_DEEP: Color = (18, 30, 78)
ARM: Color = (112, 156, 228)
STAR: Color = (246, 240, 214)
LEAF: Color = (76, 148, 68)
LEAF_DEEP: Color = (36, 90, 40)
LEAF_LIGHT: Color = (164, 210, 120)
GOLD: Color = (206, 166, 84)
GOLD_DEEP: Color = (112, 78, 26)
GOLD_LIGHT: Color = (252, 232, 168)
OVAL_RED: Color = (200, 36, 44)
OVAL_DEEP: Color = (120, 16, 24)
LOCKET: Color = (252, 244, 222)
LOCKET_RIM: Color = (160, 118, 52)
MIST: Color = (214, 212, 226)
MIST_DEEP: Color = (160, 156, 182)
BACK_FIELD: Color = (40, 94, 98)
BACK_LINE: Color = (214, 176, 88)
GRANDMA: Color = (150, 112, 150)  # a muted plum for Grandma's number cards and token
# The seats' colours (the same as everywhere else) and Grandma's, index 5.
SEAT_COLOURS: tuple[Color, ...] = (*theme.SEAT_COLORS[:5], GRANDMA)
GRANDMA_INDEX = 5
# The highlight of a completed shape, per colour (a glow ring where the two halves meet).
HIGHLIGHT: dict[str, Color] = {
    RED: (255, 96, 84), YELLOW: (255, 222, 64), BLUE: (96, 164, 255), GREEN: (120, 226, 96), WILD: (240, 214, 150),
}
# The colour each shape reads as in lists and legends (a swatch, a text accent).
SWATCH: dict[str, Color] = {RED: PETAL, YELLOW: RAY, BLUE: SKY, GREEN: LEAF, WILD: GOLD}
VEIL: Color = (232, 226, 214)  # what an open half is washed toward when open halves are dimmed
# Six vintage wallpaper backgrounds: (paper tint, pattern ink, pattern kind).
BACKGROUNDS: tuple[tuple[Color, Color, str], ...] = (
    ((246, 236, 212), (196, 170, 120), "stripes"),
    ((236, 240, 222), (150, 170, 130), "lattice"),
    ((248, 230, 214), (204, 150, 120), "dots"),
    ((232, 236, 236), (140, 160, 170), "sprigs"),
    ((246, 238, 200), (190, 160, 90), "waves"),
    ((240, 230, 236), (170, 140, 160), "checks"),
)
CORNER = 0.07  # a card's corner radius, as a fraction of its height


# ----- caches --------------------------------------------------------------------------------------
_parts = art.SurfaceCache("wallpaper.parts", 6 * art.MB)  # motifs, backgrounds, centres, per width
_faces = art.SurfaceCache("wallpaper.faces", 12 * art.MB)  # card faces per (id, width, rot)
_misc = art.SurfaceCache("wallpaper.misc", 4 * art.MB)  # backs, number cards, tokens, round cards, markers, veils
_walls = art.SurfaceCache("wallpaper.walls", 8 * art.MB)  # whole walls, with the offset of cell (0, 0)


def _cached(kept: art.SurfaceCache, key: Hashable, make: Callable[[], pygame.Surface]) -> pygame.Surface:
    """``kept``'s surface for ``key`` (made on a miss)."""
    return kept.get(key, make)


def clear_caches() -> None:
    """Forget every picture drawn here (tests, a new display, or the last table closed)."""
    for kept in (_parts, _faces, _misc, _walls):
        kept.clear()
    _corner_mask.cache_clear()


cache.on_release(cache.TABLE, clear_caches)


# ----- drawing helpers -----------------------------------------------------------------------------
def _big(side: int) -> pygame.Surface:
    """A transparent supersampled square of ``side`` (final) pixels."""
    return pygame.Surface((side * SUPERSAMPLE, side * SUPERSAMPLE), pygame.SRCALPHA)


def _polar(centre: tuple[float, float], radius: float, angle: float) -> tuple[float, float]:
    """The point at ``radius`` and ``angle`` (radians, clockwise from +x since y is down) from ``centre``."""
    return centre[0] + radius * math.cos(angle), centre[1] + radius * math.sin(angle)


def _alpha_scaled(picture: pygame.Surface, amount: float, colour: Color) -> pygame.Surface:
    """``picture``'s silhouette filled with ``colour`` at ``amount`` of its opacity."""
    veil = picture.copy()
    veil.fill((*colour, 0), special_flags=pygame.BLEND_RGBA_MAX)
    veil.fill((colour[0], colour[1], colour[2], round(255 * amount)), special_flags=pygame.BLEND_RGBA_MIN)
    return veil


# ----- backgrounds ---------------------------------------------------------------------------------
def background_index(card_id: int) -> int:
    """Which of the six wallpaper backgrounds a card has (fixed per card, looks random)."""
    return (card_id * 7 + card_id // 6) % len(BACKGROUNDS)


def _pattern(surface: pygame.Surface, ink: Color, kind: str, scale: float) -> None:
    """Paint one faint repeating wallpaper pattern over ``surface``."""
    width, height = surface.get_size()
    colour = (*ink, 70)
    line = max(1, round(scale))
    if kind == "stripes":
        step = max(4, round(14 * scale))
        for x in range(0, width + step, step):
            pygame.draw.line(surface, colour, (x, 0), (x, height), line)
            pygame.draw.line(surface, (*ink, 36), (x + step // 3, 0), (x + step // 3, height), line)
    elif kind == "lattice":
        step = max(6, round(18 * scale))
        for x in range(-height, width + height, step):
            pygame.draw.line(surface, colour, (x, 0), (x + height, height), line)
            pygame.draw.line(surface, colour, (x + height, 0), (x, height), line)
    elif kind == "dots":
        step = max(5, round(13 * scale))
        for row, y in enumerate(range(0, height + step, step)):
            for x in range((step // 2) * (row % 2), width + step, step):
                pygame.draw.circle(surface, colour, (x, y), max(1, round(2.2 * scale)))
    elif kind == "sprigs":
        step = max(8, round(24 * scale))
        arm = max(2, round(4 * scale))
        for row, y in enumerate(range(0, height + step, step)):
            for x in range((step // 2) * (row % 2), width + step, step):
                for dx, dy in ((arm, 0), (-arm, 0), (0, arm), (0, -arm)):
                    pygame.draw.circle(surface, colour, (x + dx, y + dy), max(1, round(1.8 * scale)))
    elif kind == "waves":
        step = max(6, round(16 * scale))
        amplitude = 3 * scale
        for y in range(0, height + step, step):
            points = [(x, y + amplitude * math.sin(x / (6 * scale))) for x in range(0, width + 4, 3)]
            pygame.draw.lines(surface, colour, False, points, line)
    else:  # checks
        step = max(6, round(16 * scale))
        for row, y in enumerate(range(0, height + step, step)):
            for x in range(step * (row % 2), width + step, step * 2):
                pygame.draw.rect(surface, (*ink, 28), (x, y, step, step))


def background(index: int, width: int) -> pygame.Surface:
    """Wallpaper background ``index`` for a card of ``width``: tinted paper, fibres, a faint
    pattern and an aged rim (opaque, square corners)."""
    def make() -> pygame.Surface:
        paper, ink, kind = BACKGROUNDS[index]
        size = card_size(width)
        surface = pygame.Surface(size)  # opaque: halves blended onto it stay fully opaque
        surface.fill(paper)
        pattern = pygame.Surface(size, pygame.SRCALPHA)
        _pattern(pattern, ink, kind, max(0.5, width / 180))
        surface.blit(pattern, (0, 0))
        fibres = art.noise_surface((max(1, size[0] // 2), max(1, size[1] // 2)), 40 + index, 22, theme.INK_SOFT)
        surface.blit(pygame.transform.scale(fibres, size), (0, 0))
        _age_rim(surface)
        return surface

    return _cached(_parts, ("bg", index, width), make)


def _opaque_copy(picture: pygame.Surface) -> pygame.Surface:
    """An opaque working copy of ``picture`` (what is blended onto it stays fully opaque)."""
    surface = pygame.Surface(picture.get_size())
    surface.blit(picture, (0, 0))
    return surface


def _age_rim(surface: pygame.Surface) -> None:
    """A faint darkening toward the edges (old paper)."""
    width, height = surface.get_size()
    rim = pygame.Surface((width, height), pygame.SRCALPHA)
    steps = max(2, height // 12)
    for inset in range(steps):
        alpha = round(26 * (1 - inset / steps) ** 2)
        pygame.draw.rect(rim, (120, 90, 50, alpha), (inset, inset, width - 2 * inset, height - 2 * inset), 1)
    surface.blit(rim, (0, 0))


@lru_cache(maxsize=32)
def _corner_mask(size: tuple[int, int]) -> pygame.Surface:
    """White inside a rounded card of ``size`` (antialiased), transparent outside."""
    width, height = size
    s = SUPERSAMPLE
    big = pygame.Surface((width * s, height * s), pygame.SRCALPHA)
    radius = max(2, round(height * CORNER)) * s
    pygame.draw.rect(big, (255, 255, 255, 255), big.get_rect(), border_radius=radius)
    mask = pygame.transform.smoothscale(big, size)
    # smoothscale leaves the inside at alpha 253: make it exactly opaque, keeping the soft rim
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect().inflate(-4, -4), border_radius=max(1, radius // s - 2))
    return mask


def _finish_card(surface: pygame.Surface, edge: Color) -> pygame.Surface:
    """A copy of the opaque ``surface`` with its thin edge line drawn and its corners rounded."""
    width, height = surface.get_size()
    radius = max(2, round(height * CORNER))
    flat = pygame.Surface((width, height))  # opaque, so the card's inside is fully opaque
    flat.fill(edge)
    flat.blit(surface, (0, 0))
    card = pygame.Surface((width, height), pygame.SRCALPHA)
    card.blit(flat, (0, 0))
    line = pygame.Surface((width, height), pygame.SRCALPHA)
    pygame.draw.rect(line, (*edge, 150), line.get_rect(), max(1, width // 160), border_radius=radius)
    card.blit(line, (0, 0))
    card.blit(_corner_mask((width, height)), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return card

