"""Art for That Old Wallpaper, drawn in code and cached: wallpaper cards, hazy memory cards, the deck
back, number cards per seat, memory tokens, round cards and whole walls.

A wallpaper card lies landscape (``CARD_RATIO`` = width / height = 1.5). Each of its four edges
cuts a *half-shape*: the whole shape (a motif) is centred on the edge's midpoint and the card shows
the half that lies on it; large motifs sit on the long edges, small ones on the short edges. When
two cards lie edge to edge, the halves are the two halves of one motif and join into a whole.

Every motif is point-symmetric (unchanged by a half turn), so the halves join whichever way either
card is turned. Each colour has its own silhouette AND inner pattern, so the game reads without
colour vision:

- red: a flower (eight round petals, a lighter inner ring, a dotted heart);
- yellow: a sun (a disc with sixteen swallow-tailed, notched rays);
- blue: a cosmos (a round night sky with a two-armed spiral and stars);
- green: a leaf (a pointed leaf across the edge, a midrib and veins);
- gold (wild): an ornate medallion (a beaded, scalloped rim around a lattice and a rosette).

The centre of a card may show a memory in a little locket (clock, radio, teddy, kite) or the red
oval. Every card has a vintage wallpaper background: one of six faint patterns on tinted, fibrous
paper, chosen by the card id. A hazy memory card is a soft grey-lilac mist with blurred gold halves.

Speed: a card face is composed from cached parts (background, motifs, centre symbol) per width, so
a new width costs a few motif drawings and each face a handful of blits; ``wall_picture`` blits
cached faces and is itself cached by its arguments. Treat every returned surface as read-only.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from functools import lru_cache

import pygame

from game.i18n import language, t
from game.rules.wallpaper import (
    BLUE,
    GREEN,
    HAZY_COUNT,
    HAZY_FIRST,
    LARGE,
    OVAL,
    RED,
    WALLPAPER_COUNT,
    WILD,
    YELLOW,
    Shape,
    card_by_id,
    edges,
)
from scenes import cache, fonts, theme
from scenes.table import art
from scenes.table.art import mix

Color = tuple[int, int, int]
Cell = tuple[int, int]
CARD_RATIO = 1.5  # a wallpaper card's width (long edge) over its height
SUPERSAMPLE = art.SUPERSAMPLE
NUMBER_RATIO = art.CARD_SIZE[0] / art.CARD_SIZE[1]  # a number card is portrait: width / height
LARGE_SPAN = 0.64  # a large motif's diameter, as a fraction of the card's height
SMALL_SPAN = 0.46  # a small motif's diameter, as a fraction of the card's height
CENTRE_SPAN = 0.34  # the centre symbol's size, as a fraction of the card's height
TOP, RIGHT, BOTTOM, LEFT = 0, 1, 2, 3  # edge indices, as in ``edges``
ALL_CARD_IDS = tuple(range(HAZY_FIRST + HAZY_COUNT))

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


def prewarm(width: int, number_heights: Iterable[int] = (), seats: Iterable[int] = range(6)) -> None:
    """Draw now, behind the first frame: every wallpaper card face (both turns) at ``width``, the
    hazy card, the back and the round cards; and the number cards (1-10, and the back) of
    ``seats`` at each of ``number_heights`` (about 1.5 ms a card)."""
    for card_id in range(WALLPAPER_COUNT):
        card_face(card_id, width, 0)
        card_face(card_id, width, 180)
    card_face(HAZY_FIRST, width)
    card_back(width)
    for index in range(3):
        round_card(index, width)
    for height in number_heights:
        for seat in seats:
            colour = SEAT_COLOURS[seat]
            number_card(colour, 1, height, face_up=False, seat=seat)
            for number in range(1, 11):
                number_card(colour, number, height, seat=seat)


# ----- geometry ------------------------------------------------------------------------------------
def card_height(width: int) -> int:
    """The height of a wallpaper card of ``width`` (its long edge)."""
    return max(2, round(width / CARD_RATIO))


def card_size(width: int) -> tuple[int, int]:
    """(width, height) of a wallpaper card of ``width``."""
    return width, card_height(width)


def motif_diameter(width: int, size: str) -> int:
    """The diameter of a whole large or small shape on cards of ``width`` (even, so halves split evenly)."""
    span = LARGE_SPAN if size == LARGE else SMALL_SPAN
    return max(4, round(card_height(width) * span / 2) * 2)


def cell_rect(cell: Cell, cell_width: int) -> pygame.Rect:
    """Where ``cell``'s card lies, relative to the top-left corner of cell (0, 0)."""
    height = card_height(cell_width)
    return pygame.Rect(cell[0] * cell_width, cell[1] * height, cell_width, height)


def meeting_point(shape: Shape, cell_width: int) -> tuple[int, int]:
    """The centre of a completed shape (the middle of the edge its two halves share), relative to
    the top-left corner of cell (0, 0): blit ``shape_marker`` centred here."""
    first, second = shape.cells
    a, b = cell_rect(first, cell_width), cell_rect(second, cell_width)
    return (a.centerx + b.centerx) // 2, (a.centery + b.centery) // 2


def wall_bounds(wall: Iterable[Cell]) -> tuple[int, int, int, int]:
    """(min x, min y, max x, max y) of the cells of a wall; (0, 0, 0, 0) when empty."""
    cells = list(wall)
    if not cells:
        return 0, 0, 0, 0
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    return min(xs), min(ys), max(xs), max(ys)


def wall_margin(cell_width: int) -> int:
    """The transparent border ``wall_picture`` leaves around the cards (room for the shadow)."""
    return max(3, cell_width // 24)


# ----- drawing helpers -----------------------------------------------------------------------------
def _big(side: int) -> pygame.Surface:
    """A transparent supersampled square of ``side`` (final) pixels."""
    return pygame.Surface((side * SUPERSAMPLE, side * SUPERSAMPLE), pygame.SRCALPHA)


def _polar(centre: tuple[float, float], radius: float, angle: float) -> tuple[float, float]:
    """The point at ``radius`` and ``angle`` (radians, clockwise from +x since y is down) from ``centre``."""
    return centre[0] + radius * math.cos(angle), centre[1] + radius * math.sin(angle)


# ----- motifs (whole shapes; the edge is horizontal through the middle) ----------------------------
def _flower(big: pygame.Surface) -> None:
    """Red: six round petals with deep notches between them (none centred on the edge), a lighter
    inner petal each, a vein, and a dotted heart."""
    size = big.get_width()
    c = (size / 2, size / 2)
    r = size / 2
    angles = [math.tau / 12 + k * math.tau / 6 for k in range(6)]
    for angle in angles:
        pygame.draw.circle(big, PETAL_DEEP, _polar(c, r * 0.6, angle), r * 0.39)
    for angle in angles:
        pygame.draw.circle(big, PETAL, _polar(c, r * 0.6, angle), r * 0.345)
    for angle in angles:
        pygame.draw.circle(big, PETAL_LIGHT, _polar(c, r * 0.64, angle), r * 0.17)
        pygame.draw.line(big, PETAL_DEEP, _polar(c, r * 0.36, angle), _polar(c, r * 0.86, angle), max(1, size // 70))
    pygame.draw.circle(big, PETAL_DEEP, c, r * 0.38)
    pygame.draw.circle(big, HEART, c, r * 0.33)
    for k in range(10):
        pygame.draw.circle(big, RAY_DEEP, _polar(c, r * 0.22, k * math.tau / 10), r * 0.045)
    pygame.draw.circle(big, RAY_DEEP, c, r * 0.08)


def _sun(big: pygame.Surface) -> None:
    """Yellow: a disc with sixteen notched (swallow-tailed) rays and a bright ring."""
    size = big.get_width()
    c = (size / 2, size / 2)
    r = size / 2
    rays = 16
    half = math.tau / rays * 0.3
    for outline, grow in ((RAY_DEEP, 0.035), (RAY, 0.0)):
        for k in range(rays):
            angle = math.tau / (rays * 2) + k * math.tau / rays
            inner, outer = r * 0.5, r * (0.985 - grow * 0.3)
            notch = r * (0.80 + grow * 0.3)
            spread = half + grow * 0.5
            points = [
                _polar(c, inner, angle - spread * 1.1),
                _polar(c, outer, angle - spread),
                _polar(c, notch, angle),
                _polar(c, outer, angle + spread),
                _polar(c, inner, angle + spread * 1.1),
            ]
            pygame.draw.polygon(big, outline, points)
    pygame.draw.circle(big, RAY_DEEP, c, r * 0.56)
    pygame.draw.circle(big, SUN_DISC, c, r * 0.52)
    pygame.draw.circle(big, SUN_RING, c, r * 0.40, max(1, round(r * 0.07)))
    pygame.draw.circle(big, RAY, c, r * 0.24)


def _cosmos(big: pygame.Surface) -> None:
    """Blue: a round night sky with a two-armed spiral (point-symmetric) and stars, ringed by a
    halo of small dark stars (its outline is a dotted ring, unlike any other shape's)."""
    size = big.get_width()
    c = (size / 2, size / 2)
    r = size / 2
    for k in range(8):
        _four_point_star(big, _polar(c, r * 0.9, math.tau / 16 + k * math.tau / 8), r * 0.13, SKY_DEEP)
    pygame.draw.circle(big, SKY_DEEP, c, r * 0.8)
    pygame.draw.circle(big, SKY, c, r * 0.74)
    for arm in (0.0, math.pi):
        for step in range(40):
            f = step / 39
            angle = arm + 0.35 + f * 3.3
            radius = r * (0.08 + 0.6 * f)
            pygame.draw.circle(big, ARM, _polar(c, radius, angle), r * (0.11 - 0.07 * f))
    pygame.draw.circle(big, STAR, c, r * 0.12)
    stars = ((0.52, 0.2, 0.08), (0.64, 1.45, 0.06), (0.38, 2.3, 0.05), (0.66, 2.7, 0.045), (0.3, 0.95, 0.04))
    for radius, angle, spike in stars:
        for turn in (0.0, math.pi):  # each star has its twin half a turn away
            _four_point_star(big, _polar(c, r * radius, angle + turn), r * spike)
    pygame.draw.circle(big, ARM, c, r * 0.77, max(1, round(r * 0.03)))


def _four_point_star(big: pygame.Surface, centre: tuple[float, float], size: float, colour: Color = STAR) -> None:
    """A small four-point star."""
    cx, cy = centre
    thin = size * 0.3
    pygame.draw.polygon(big, colour, [(cx, cy - size), (cx + thin, cy - thin), (cx + size, cy), (cx + thin, cy + thin),
                                    (cx, cy + size), (cx - thin, cy + thin), (cx - size, cy), (cx - thin, cy - thin)])


def _leaf(big: pygame.Surface) -> None:
    """Green: a pointed leaf across the edge (tips away from it), a midrib and veins that run
    from the middle toward each tip, so each half reads as a leaf tip."""
    size = big.get_width()
    cx, cy = size / 2, size / 2
    half_length, half_width = size * 0.49, size * 0.30

    def outline(grow: float) -> list[tuple[float, float]]:
        points = []
        for i in range(41):
            f = -1 + 2 * i / 40
            points.append((cx + (half_width + grow) * (1 - f * f) ** 0.85, cy + (half_length + grow * 0.4) * f))
        for i in range(41):
            f = 1 - 2 * i / 40
            points.append((cx - (half_width + grow) * (1 - f * f) ** 0.85, cy + (half_length + grow * 0.4) * f))
        return points

    pygame.draw.polygon(big, LEAF_DEEP, outline(size * 0.03))
    pygame.draw.polygon(big, LEAF, outline(0))
    light = [(x + (cx - x) * 0.45, y) for x, y in outline(0)]
    pygame.draw.polygon(big, mix(LEAF, LEAF_LIGHT, 0.35), light)
    stroke = max(1, size // 40)
    pygame.draw.line(big, LEAF_DEEP, (cx, cy - half_length * 0.96), (cx, cy + half_length * 0.96), stroke + 1)
    for sign in (-1, 1):  # the half toward each tip
        for step in range(1, 5):
            start_y = cy + sign * half_length * (step * 0.19 - 0.1)
            rise = sign * half_length * 0.16
            for side in (-1, 1):
                reach = half_width * (0.9 - step * 0.13)
                pygame.draw.line(big, LEAF_DEEP, (cx, start_y), (cx + side * reach, start_y + rise), stroke)


def _wild(big: pygame.Surface) -> None:
    """Gold wild: an ornate eight-pointed star (two crossed squares, beads at the points) around a
    medallion with a lattice field and an eight-leaf rosette."""
    size = big.get_width()
    c = (size / 2, size / 2)
    r = size / 2
    for grow, fill in ((0.0, GOLD_DEEP), (0.07, GOLD)):
        for turn in (0.0, math.pi / 4):
            corners = [_polar(c, r * (0.97 - grow * 1.4), turn + math.pi / 8 + k * math.pi / 2) for k in range(4)]
            pygame.draw.polygon(big, fill, corners)
    for k in range(8):
        pygame.draw.circle(big, GOLD_LIGHT, _polar(c, r * 0.78, math.pi / 8 + k * math.pi / 4), r * 0.05)
    pygame.draw.circle(big, GOLD_DEEP, c, r * 0.66)
    pygame.draw.circle(big, GOLD, c, r * 0.61)
    field = pygame.Surface(big.get_size(), pygame.SRCALPHA)
    step = r * 0.2
    line = max(1, round(r * 0.025))
    for i in range(-6, 7):  # a diamond lattice, symmetric about the centre
        offset = i * step
        pygame.draw.line(field, (*GOLD_DEEP, 150), (c[0] + offset - r, c[1] - r), (c[0] + offset + r, c[1] + r), line)
        pygame.draw.line(field, (*GOLD_DEEP, 150), (c[0] + offset + r, c[1] - r), (c[0] + offset - r, c[1] + r), line)
    clip = pygame.Surface(big.get_size(), pygame.SRCALPHA)
    pygame.draw.circle(clip, (255, 255, 255, 255), c, r * 0.56)
    field.blit(clip, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    big.blit(field, (0, 0))
    pygame.draw.circle(big, GOLD_LIGHT, c, r * 0.585, max(1, round(r * 0.025)))
    for k in range(8):  # the rosette
        angle = k * math.tau / 8 + math.tau / 16
        tip = _polar(c, r * 0.44, angle)
        left = _polar(c, r * 0.17, angle - 0.42)
        right = _polar(c, r * 0.17, angle + 0.42)
        pygame.draw.polygon(big, GOLD_DEEP, [c, left, tip, right])
        pygame.draw.polygon(big, GOLD_LIGHT, [_polar(c, r * 0.1, angle), _polar(c, r * 0.19, angle - 0.28),
                                              _polar(c, r * 0.36, angle), _polar(c, r * 0.19, angle + 0.28)])
    pygame.draw.circle(big, GOLD_DEEP, c, r * 0.12)
    pygame.draw.circle(big, GOLD_LIGHT, c, r * 0.06)


MOTIFS: dict[str, Callable[[pygame.Surface], None]] = {
    RED: _flower, YELLOW: _sun, BLUE: _cosmos, GREEN: _leaf, WILD: _wild,
}


def motif(colour: str, diameter: int, *, hazy: bool = False) -> pygame.Surface:
    """The whole shape of ``colour`` (edge horizontal through the middle), ``diameter`` pixels
    square; ``hazy`` gives the soft, misty version of the hazy memory cards."""
    def make() -> pygame.Surface:
        big = _big(diameter)
        MOTIFS[colour](big)
        picture = pygame.transform.smoothscale(big, (diameter, diameter))
        if hazy:
            return _hazed(picture)
        return picture

    return _cached(_parts, ("motif", colour, diameter, hazy), make)


def _hazed(picture: pygame.Surface) -> pygame.Surface:
    """A soft, faded copy of ``picture`` (the hazy memory's remembered halves)."""
    width, height = picture.get_size()
    blurred = pygame.transform.gaussian_blur(picture, max(1, width // 40))
    blurred.blit(_alpha_scaled(blurred, 0.45, MIST), (0, 0))
    result = pygame.Surface((width, height), pygame.SRCALPHA)
    result.blit(blurred, (0, 0))
    result.fill((255, 255, 255, 205), special_flags=pygame.BLEND_RGBA_MULT)
    return result


def _alpha_scaled(picture: pygame.Surface, amount: float, colour: Color) -> pygame.Surface:
    """``picture``'s silhouette filled with ``colour`` at ``amount`` of its opacity."""
    veil = picture.copy()
    veil.fill((*colour, 0), special_flags=pygame.BLEND_RGBA_MAX)
    veil.fill((colour[0], colour[1], colour[2], round(255 * amount)), special_flags=pygame.BLEND_RGBA_MIN)
    return veil


def _motif_for(colour: str, width: int, side: int, hazy: bool = False) -> pygame.Surface:
    """The whole motif for the half on ``side`` of a card of ``width``: the large ones as drawn,
    the small ones (on the upright short edges) turned a quarter so the cut stays across them."""
    size = LARGE if side in (TOP, BOTTOM) else "S"
    picture = motif(colour, motif_diameter(width, size), hazy=hazy)
    if side in (TOP, BOTTOM):
        return picture
    return _cached(_parts, ("motif90", colour, picture.get_width(), hazy),
                   lambda: pygame.transform.rotate(picture, 90))


def _half_origin(width: int, side: int, diameter: int) -> tuple[int, int]:
    """Where a whole motif's top-left corner goes on a card of ``width`` so that it is centred on
    ``side``'s midpoint (the card clips it to the half on the card)."""
    height = card_height(width)
    half = diameter // 2
    centres = {TOP: (width // 2, 0), BOTTOM: (width // 2, height), LEFT: (0, height // 2), RIGHT: (width, height // 2)}
    cx, cy = centres[side]
    return cx - half, cy - half


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


# ----- centre symbols ------------------------------------------------------------------------------
def _locket(big: pygame.Surface) -> tuple[tuple[float, float], float]:
    """A little round picture frame (a memory); returns its centre and inner radius."""
    size = big.get_width()
    c = (size / 2, size / 2)
    r = size / 2
    pygame.draw.circle(big, LOCKET_RIM, c, r * 0.98)
    pygame.draw.circle(big, GOLD_LIGHT, c, r * 0.90)
    pygame.draw.circle(big, LOCKET_RIM, c, r * 0.84)
    pygame.draw.circle(big, LOCKET, c, r * 0.79)
    return c, r * 0.79


def _clock(big: pygame.Surface, c: tuple[float, float], r: float) -> None:
    """An alarm clock: two bells, a round face with ticks and hands at ten past ten, little feet."""
    line = max(1, round(r * 0.07))
    body = r * 0.52
    cy = c[1] + r * 0.06
    for side in (-1, 1):
        bell = (c[0] + side * body * 0.78, cy - body * 0.86)
        pygame.draw.circle(big, INK, bell, body * 0.36)
        pygame.draw.line(big, INK, (c[0] + side * body * 0.5, cy + body * 0.8), (c[0] + side * body * 0.8, cy + body * 1.2),
                         line)
    pygame.draw.circle(big, INK, (c[0], cy), body)
    pygame.draw.circle(big, (236, 226, 196), (c[0], cy), body * 0.82)
    for k in range(12):
        angle = k * math.tau / 12
        pygame.draw.line(big, INK, _polar((c[0], cy), body * 0.62, angle), _polar((c[0], cy), body * 0.76, angle),
                         max(1, line // 2))
    pygame.draw.line(big, INK, (c[0], cy), _polar((c[0], cy), body * 0.45, math.radians(-150)), line)
    pygame.draw.line(big, INK, (c[0], cy), _polar((c[0], cy), body * 0.62, math.radians(-30)), line)
    pygame.draw.circle(big, OVAL_RED, (c[0], cy), line * 1.2)


def _radio(big: pygame.Surface, c: tuple[float, float], r: float) -> None:
    """An old transistor radio: a body with a round speaker grille, a dial and an aerial."""
    w, h = r * 1.2, r * 0.78
    body = pygame.Rect(0, 0, w, h)
    body.center = (round(c[0]), round(c[1] + r * 0.12))
    line = max(1, round(r * 0.06))
    pygame.draw.line(big, INK, (body.right - w * 0.2, body.top), (body.right + w * 0.05, body.top - h * 0.55), line)
    pygame.draw.circle(big, INK, (body.right + w * 0.05, body.top - h * 0.55), line * 1.4)
    pygame.draw.rect(big, INK, body, border_radius=round(h * 0.22))
    pygame.draw.rect(big, (214, 150, 96), body.inflate(-line * 2, -line * 2), border_radius=round(h * 0.2))
    grille = (body.left + w * 0.3, body.centery)
    pygame.draw.circle(big, INK, grille, h * 0.32)
    pygame.draw.circle(big, (236, 226, 196), grille, h * 0.26)
    for k in range(-2, 3):
        y = grille[1] + k * h * 0.09
        reach = (max(0.0, (h * 0.24) ** 2 - (k * h * 0.09) ** 2)) ** 0.5
        pygame.draw.line(big, INK, (grille[0] - reach, y), (grille[0] + reach, y), max(1, line // 2))
    dial = pygame.Rect(0, 0, w * 0.3, h * 0.3)
    dial.center = (round(body.left + w * 0.74), round(body.centery - h * 0.08))
    pygame.draw.rect(big, (236, 226, 196), dial, border_radius=max(1, round(h * 0.05)))
    pygame.draw.line(big, OVAL_RED, (dial.centerx, dial.top + 1), (dial.centerx, dial.bottom - 1), max(1, line // 2))
    pygame.draw.circle(big, INK, (body.left + w * 0.74, body.bottom - h * 0.2), h * 0.09)


def _teddy(big: pygame.Surface, c: tuple[float, float], r: float) -> None:
    """A teddy bear's head: round ears, a light muzzle, button eyes and a nose."""
    fur = (170, 112, 62)
    fur_light = (226, 184, 130)
    head = r * 0.5
    cy = c[1] + r * 0.1
    for side in (-1, 1):
        ear = (c[0] + side * head * 0.82, cy - head * 0.78)
        pygame.draw.circle(big, INK, ear, head * 0.42)
        pygame.draw.circle(big, fur, ear, head * 0.34)
        pygame.draw.circle(big, fur_light, ear, head * 0.18)
    pygame.draw.circle(big, INK, (c[0], cy), head * 1.06)
    pygame.draw.circle(big, fur, (c[0], cy), head)
    muzzle = pygame.Rect(0, 0, head * 0.9, head * 0.66)
    muzzle.center = (round(c[0]), round(cy + head * 0.34))
    pygame.draw.ellipse(big, fur_light, muzzle)
    for side in (-1, 1):
        pygame.draw.circle(big, INK, (c[0] + side * head * 0.38, cy - head * 0.16), head * 0.12)
    nose = pygame.Rect(0, 0, head * 0.34, head * 0.22)
    nose.center = (round(c[0]), round(cy + head * 0.2))
    pygame.draw.ellipse(big, INK, nose)
    pygame.draw.line(big, INK, (c[0], cy + head * 0.28), (c[0], cy + head * 0.5), max(1, round(r * 0.04)))


def _kite(big: pygame.Surface, c: tuple[float, float], r: float) -> None:
    """A diamond kite with crossed spars and a tail with bows."""
    top = (c[0] - r * 0.1, c[1] - r * 0.62)
    right = (c[0] + r * 0.36, c[1] - r * 0.16)
    bottom = (c[0] + r * 0.02, c[1] + r * 0.42)
    left = (c[0] - r * 0.46, c[1] - r * 0.26)
    line = max(1, round(r * 0.05))
    middle = ((top[0] + bottom[0]) / 2, (top[1] + bottom[1]) / 2)
    pygame.draw.polygon(big, (220, 72, 60), [top, right, middle])
    pygame.draw.polygon(big, (64, 120, 196), [right, bottom, middle])
    pygame.draw.polygon(big, (236, 190, 70), [bottom, left, middle])
    pygame.draw.polygon(big, (88, 160, 90), [left, top, middle])
    pygame.draw.polygon(big, INK, [top, right, bottom, left], line)
    pygame.draw.line(big, INK, top, bottom, line)
    pygame.draw.line(big, INK, left, right, line)
    tail = [(bottom[0] + r * 0.16 * math.sin(i * 0.9), bottom[1] + i * r * 0.07) for i in range(8)]
    pygame.draw.lines(big, INK, False, tail, line)
    for i in (2, 5):
        x, y = tail[i]
        bow = r * 0.08
        pygame.draw.polygon(big, OVAL_RED, [(x, y), (x - bow, y - bow * 0.7), (x - bow, y + bow * 0.7)])
        pygame.draw.polygon(big, OVAL_RED, [(x, y), (x + bow, y - bow * 0.7), (x + bow, y + bow * 0.7)])


def _red_oval(big: pygame.Surface) -> None:
    """The red oval: a glossy red ellipse with a dark rim (no frame, unlike a memory)."""
    size = big.get_width()
    rect = pygame.Rect(0, 0, size * 0.96, size * 0.66)
    rect.center = (size // 2, size // 2)
    pygame.draw.ellipse(big, OVAL_DEEP, rect)
    pygame.draw.ellipse(big, OVAL_RED, rect.inflate(-size * 0.08, -size * 0.08))
    shine = pygame.Rect(0, 0, size * 0.5, size * 0.16)
    shine.center = (round(size * 0.44), round(size * 0.36))
    glint = pygame.Surface(big.get_size(), pygame.SRCALPHA)
    pygame.draw.ellipse(glint, (255, 255, 255, 90), shine)
    big.blit(glint, (0, 0))
    pygame.draw.ellipse(big, (236, 120, 110), rect.inflate(-size * 0.2, -size * 0.2), max(1, size // 36))


MEMORY_DRAWINGS: dict[str, Callable[[pygame.Surface, tuple[float, float], float], None]] = {
    "clock": _clock, "radio": _radio, "teddy": _teddy, "kite": _kite,
}


def centre_symbol(centre: str, size: int) -> pygame.Surface:
    """A card's centre: a memory in its locket, or the red oval; ``size`` pixels square."""
    def make() -> pygame.Surface:
        big = _big(size)
        if centre == OVAL:
            _red_oval(big)
        else:
            c, r = _locket(big)
            MEMORY_DRAWINGS[centre](big, c, r)
        return pygame.transform.smoothscale(big, (size, size))

    return _cached(_parts, ("centre", centre, size), make)


def memory_icon(kind: str, size: int, faded: bool = False) -> pygame.Surface:
    """A memory (or the red oval) as an icon for lists; ``faded`` for one not collected."""
    picture = centre_symbol(kind, size)
    return _faded(picture, ("memory", kind, size)) if faded else picture


def faded(picture: pygame.Surface, key: Hashable) -> pygame.Surface:
    """A pale, half-transparent copy of ``picture`` (something missing), cached under ``key``."""
    return _faded(picture, key)


def _faded(picture: pygame.Surface, key: Hashable) -> pygame.Surface:
    """``faded``'s cached body."""
    def make() -> pygame.Surface:
        ghost = picture.copy()
        ghost.blit(_alpha_scaled(ghost, 0.75, VEIL), (0, 0))
        ghost.fill((255, 255, 255, 120), special_flags=pygame.BLEND_RGBA_MULT)
        return ghost

    return _cached(_misc, ("faded", key), make)


# ----- card faces ----------------------------------------------------------------------------------
def card_face(card_id: int, width: int, rot: int = 0) -> pygame.Surface:
    """The face of a wallpaper card (0..108) or a hazy memory card (109..129) of ``width``
    (its long edge), turned ``rot`` (0 or 180) degrees."""
    if rot % 360:
        upright = card_face(card_id, width, 0)
        return _cached(_faces, ("face", card_id, width, 180), lambda: pygame.transform.rotate(upright, 180))
    if card_id >= HAZY_FIRST:
        return hazy_face(width)
    return _cached(_faces, ("face", card_id, width, 0), lambda: _draw_face(card_id, width))


def _draw_face(card_id: int, width: int) -> pygame.Surface:
    """Compose a wallpaper card: background, the four halves, the centre, rounded corners."""
    card = card_by_id(card_id)
    surface = _opaque_copy(background(background_index(card_id), width))
    _paint_halves(surface, width, (card.top, card.right, card.bottom, card.left), hazy=False)
    if card.centre:
        size = max(4, round(card_height(width) * CENTRE_SPAN))
        symbol = centre_symbol(card.centre, size)
        surface.blit(symbol, symbol.get_rect(center=(width // 2, card_height(width) // 2)))
    return _finish_card(surface, (120, 96, 70))


def _paint_halves(surface: pygame.Surface, width: int, colours: Sequence[str], hazy: bool) -> None:
    """The four half-shapes on (top, right, bottom, left), each a whole motif cut by the card."""
    for side, colour in enumerate(colours):
        picture = _motif_for(colour, width, side, hazy)
        surface.blit(picture, _half_origin(width, side, picture.get_width()))


def hazy_face(width: int) -> pygame.Surface:
    """A hazy memory card: grey-lilac mist, soft gold halves on every edge, wisps of cloud."""
    def make() -> pygame.Surface:
        size = card_size(width)
        surface = pygame.Surface(size)
        surface.fill(MIST)
        _mist(surface, width)
        _paint_halves(surface, width, (WILD, WILD, WILD, WILD), hazy=True)
        veil = pygame.Surface(size, pygame.SRCALPHA)
        veil.fill((*MIST, 60))
        surface.blit(veil, (0, 0))
        _swirl(surface, width)
        return _finish_card(surface, MIST_DEEP)

    return _cached(_faces, ("hazy", width), make)


def _mist(surface: pygame.Surface, width: int) -> None:
    """Soft clouds of light and shade (blurred at a quarter size)."""
    w, h = surface.get_size()
    small = pygame.Surface((max(4, w // 4), max(4, h // 4)), pygame.SRCALPHA)
    rng = random.Random(1955)
    sw, sh = small.get_size()
    for _ in range(14):
        x, y = rng.uniform(0, sw), rng.uniform(0, sh)
        radius = rng.uniform(0.12, 0.3) * sh * 1.4
        colour = (255, 255, 255, 110) if rng.random() < 0.6 else (*MIST_DEEP, 70)
        pygame.draw.circle(small, colour, (x, y), radius)
    blurred = pygame.transform.gaussian_blur(small, max(1, sh // 6))
    surface.blit(pygame.transform.smoothscale(blurred, (w, h)), (0, 0))


def _swirl(surface: pygame.Surface, width: int) -> None:
    """A faint spiral wisp in the middle: something half-remembered."""
    w, h = surface.get_size()
    s = SUPERSAMPLE
    big = pygame.Surface((w * s, h * s), pygame.SRCALPHA)
    c = (w * s / 2, h * s / 2)
    points = [_polar(c, h * s * (0.02 + 0.19 * f / 40), f * 0.42) for f in range(41)]
    pygame.draw.lines(big, (*MIST_DEEP, 150), False, points, max(1, round(h * s / 45)))
    surface.blit(pygame.transform.smoothscale(big, (w, h)), (0, 0))


def card_back(width: int) -> pygame.Surface:
    """The back of the wallpaper deck: teal damask with gold rosettes, a frame and a cartouche
    holding a four-petal knot in the four colours."""
    def make() -> pygame.Surface:
        w, h = card_size(width)
        s = SUPERSAMPLE
        big = pygame.Surface((w * s, h * s), pygame.SRCALPHA)
        big.fill((*BACK_FIELD, 255))
        step = max(6, round(h * s / 4.2))
        for row, y in enumerate(range(-step, h * s + step, step // 2)):
            for x in range(-step + (step // 2) * (row % 2), w * s + step, step):
                _damask(big, (x, y), step * 0.32)
        frame = big.get_rect().inflate(-h * s * 0.1, -h * s * 0.1)
        pygame.draw.rect(big, BACK_LINE, frame, max(1, round(h * s / 60)), border_radius=round(h * s * 0.05))
        c = big.get_rect().center
        cartouche = pygame.Rect(0, 0, h * s * 0.78, h * s * 0.56)
        cartouche.center = c
        pygame.draw.ellipse(big, BACK_LINE, cartouche.inflate(h * s * 0.04, h * s * 0.04))
        pygame.draw.ellipse(big, mix(BACK_FIELD, (0, 0, 0), 0.25), cartouche)
        for k, colour in enumerate((PETAL, RAY, SKY, LEAF)):
            angle = k * math.tau / 4 - math.pi / 4
            at = _polar(c, h * s * 0.1, angle)
            pygame.draw.circle(big, BACK_LINE, at, h * s * 0.095)
            pygame.draw.circle(big, colour, at, h * s * 0.078)
        pygame.draw.circle(big, BACK_LINE, c, h * s * 0.05)
        surface = pygame.transform.smoothscale(big, (w, h))
        return _finish_card(surface, mix(BACK_FIELD, (0, 0, 0), 0.5))

    return _cached(_misc, ("back", width), make)


def _damask(big: pygame.Surface, centre: tuple[float, float], size: float) -> None:
    """One small gold-line ornament of the back's repeating pattern."""
    colour = mix(BACK_FIELD, BACK_LINE, 0.45)
    line = max(1, round(size / 8))
    cx, cy = centre
    pygame.draw.polygon(big, colour, [(cx, cy - size), (cx + size * 0.6, cy), (cx, cy + size), (cx - size * 0.6, cy)],
                        line)
    pygame.draw.circle(big, colour, centre, size * 0.22)


# ----- number cards, tokens, round cards -----------------------------------------------------------
def seat_index_of(seat_colour: Sequence[int]) -> int:
    """The seat (0-4, or 5 for Grandma) whose colour this is; -1 for a colour of nobody."""
    colour = tuple(seat_colour)
    return SEAT_COLOURS.index(colour) if colour in SEAT_COLOURS else -1  # type: ignore[arg-type]


def draw_emblem(surface: pygame.Surface, index: int, centre: tuple[float, float], radius: float,
                colour: Sequence[int]) -> None:
    """A seat's emblem (● ▲ ■ ◆ ★ as on the seat labels; Grandma's round spectacles) filled with
    ``colour``, about ``radius`` in size."""
    cx, cy = centre
    ink = tuple(colour)
    if index == 0:
        pygame.draw.circle(surface, ink, centre, radius * 0.85)
    elif index == 1:
        pygame.draw.polygon(surface, ink, [(cx, cy - radius), (cx + radius * 0.95, cy + radius * 0.7),
                                           (cx - radius * 0.95, cy + radius * 0.7)])
    elif index == 2:
        side = radius * 1.5
        pygame.draw.rect(surface, ink, (cx - side / 2, cy - side / 2, side, side))
    elif index == 3:
        pygame.draw.polygon(surface, ink, [(cx, cy - radius), (cx + radius * 0.75, cy), (cx, cy + radius),
                                           (cx - radius * 0.75, cy)])
    elif index == 4:
        points = [_polar(centre, radius * (1.0 if k % 2 == 0 else 0.42), -math.pi / 2 + k * math.pi / 5)
                  for k in range(10)]
        pygame.draw.polygon(surface, ink, points)
    elif index == GRANDMA_INDEX:
        line = max(1, round(radius * 0.2))
        for side in (-1, 1):
            pygame.draw.circle(surface, ink, (cx + side * radius * 0.52, cy + radius * 0.1), radius * 0.44, line)
        pygame.draw.arc(surface, ink, (cx - radius * 0.22, cy - radius * 0.2, radius * 0.44, radius * 0.44),
                        math.radians(20), math.radians(160), line)
        for side in (-1, 1):
            pygame.draw.line(surface, ink, (cx + side * radius * 0.95, cy), (cx + side * radius * 1.1, cy - radius * 0.3),
                             line)


def number_card(seat_colour: Sequence[int], number: int, height: int, face_up: bool = True,
                seat: int | None = None) -> pygame.Surface:
    """A seat's number card (portrait, ``height`` tall): the number large and in two corners, the
    seat's emblem, a band of the seat's colour; face down: the seat's patterned back with its
    emblem. ``seat`` overrides the emblem otherwise found from the colour (5 = Grandma)."""
    colour: Color = (int(seat_colour[0]), int(seat_colour[1]), int(seat_colour[2]))
    index = seat if seat is not None else seat_index_of(colour)

    def make() -> pygame.Surface:
        width = max(2, round(height * NUMBER_RATIO))
        s = SUPERSAMPLE
        big = pygame.Surface((width * s, height * s), pygame.SRCALPHA)
        rect = big.get_rect()
        radius = round(height * s * 0.07)
        pygame.draw.rect(big, mix(colour, (0, 0, 0), 0.45), rect, border_radius=radius)
        if face_up:
            _number_face(big, colour, number, index)
        else:
            _number_back(big, colour, index)
        return pygame.transform.smoothscale(big, (width, height))

    return _cached(_misc, ("number", colour, number if face_up else 0, height, face_up, index), make)


def _number_face(big: pygame.Surface, colour: Color, number: int, index: int) -> None:
    """Paper inside a coloured band, the big numeral, corner numerals, emblems."""
    w, h = big.get_size()
    rect = big.get_rect()
    inner = rect.inflate(-w * 0.04, -w * 0.04)
    pygame.draw.rect(big, colour, inner, border_radius=round(h * 0.06))
    paper = rect.inflate(-w * 0.16, -w * 0.16)
    pygame.draw.rect(big, theme.PAPER, paper, border_radius=round(h * 0.045))
    deep = mix(colour, (0, 0, 0), 0.35)
    numeral = fonts.font(max(8, round(h * 0.42)), True).render(str(number), True, deep)
    numeral = numeral.subsurface(numeral.get_bounding_rect()).copy()
    big.blit(numeral, numeral.get_rect(center=(w / 2, h * 0.52)))
    corner = fonts.font(max(6, round(h * 0.12)), True).render(str(number), True, deep)
    corner = corner.subsurface(corner.get_bounding_rect()).copy()
    big.blit(corner, corner.get_rect(topleft=(paper.left + w * 0.06, paper.top + w * 0.05)))
    flipped = pygame.transform.rotate(corner, 180)
    big.blit(flipped, flipped.get_rect(bottomright=(paper.right - w * 0.06, paper.bottom - w * 0.05)))
    if index >= 0:
        draw_emblem(big, index, (paper.right - w * 0.14, paper.top + w * 0.14), w * 0.075, colour)
        draw_emblem(big, index, (paper.left + w * 0.14, paper.bottom - w * 0.14), w * 0.075, colour)
    pygame.draw.line(big, mix(colour, theme.PAPER, 0.4), (paper.left + w * 0.25, h * 0.8), (paper.right - w * 0.25, h * 0.8),
                     max(1, round(h * 0.008)))


def _number_back(big: pygame.Surface, colour: Color, index: int) -> None:
    """The seat's colour with a fine lattice and a large emblem in a paper medallion."""
    w, h = big.get_size()
    rect = big.get_rect()
    inner = rect.inflate(-w * 0.04, -w * 0.04)
    pygame.draw.rect(big, colour, inner, border_radius=round(h * 0.06))
    lattice = pygame.Surface((w, h), pygame.SRCALPHA)
    step = max(4, round(w / 7))
    line = (*mix(colour, theme.PAPER, 0.45), 110)
    for x in range(-h, w + h, step):
        pygame.draw.line(lattice, line, (x, 0), (x + h, h), max(1, round(w / 120)))
        pygame.draw.line(lattice, line, (x + h, 0), (x, h), max(1, round(w / 120)))
    clip = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(clip, (255, 255, 255, 255), inner.inflate(-w * 0.08, -w * 0.08), border_radius=round(h * 0.04))
    lattice.blit(clip, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    big.blit(lattice, (0, 0))
    pygame.draw.rect(big, mix(colour, theme.PAPER, 0.6), inner.inflate(-w * 0.08, -w * 0.08), max(1, round(w / 60)),
                     border_radius=round(h * 0.04))
    centre = (w / 2, h / 2)
    pygame.draw.circle(big, theme.PAPER, centre, w * 0.27)
    pygame.draw.circle(big, mix(colour, (0, 0, 0), 0.3), centre, w * 0.27, max(1, round(w / 50)))
    if index >= 0:
        draw_emblem(big, index, centre, w * 0.16, mix(colour, (0, 0, 0), 0.25))


def token(seat_colour: Sequence[int], diameter: int, seat: int | None = None) -> pygame.Surface:
    """A seat's memory token: a lacquered disc in the seat's colour with a paper ring, the seat's
    emblem and a small star of memory; ``diameter`` wide (a little taller: the disc's edge)."""
    colour: Color = (int(seat_colour[0]), int(seat_colour[1]), int(seat_colour[2]))
    index = seat if seat is not None else seat_index_of(colour)

    def make() -> pygame.Surface:
        s = SUPERSAMPLE
        size = diameter * s
        lift = max(1, round(diameter * 0.06)) * s
        big = pygame.Surface((size, size + lift), pygame.SRCALPHA)
        c = (size / 2, size / 2)
        r = size / 2 - s
        pygame.draw.circle(big, mix(colour, (0, 0, 0), 0.5), (c[0], c[1] + lift), r)
        pygame.draw.circle(big, mix(colour, (0, 0, 0), 0.25), c, r)
        pygame.draw.circle(big, colour, c, r * 0.94)
        pygame.draw.circle(big, theme.PAPER, c, r * 0.7)
        pygame.draw.circle(big, mix(colour, theme.PAPER, 0.35), c, r * 0.62, max(1, round(r * 0.05)))
        if index >= 0:
            draw_emblem(big, index, (c[0], c[1] + r * 0.04), r * 0.4, mix(colour, (0, 0, 0), 0.2))
        _four_point_star(big, _polar(c, r * 0.82, -math.pi / 4), r * 0.16, theme.PAPER)
        shine = pygame.Surface(big.get_size(), pygame.SRCALPHA)
        pygame.draw.ellipse(shine, (255, 255, 255, 46), (size * 0.22, size * 0.08, size * 0.56, size * 0.26))
        big.blit(shine, (0, 0))
        return pygame.transform.smoothscale(big, (diameter, diameter + lift // s))

    return _cached(_misc, ("token", colour, diameter, index), make)


def round_card(round: int, width: int) -> pygame.Surface:
    """A round card (0 = Round 1, 1 = Round 2, 2 = Final), landscape like the wallpaper cards:
    its name in the current language and 1, 2 or 3 lamps lit (so it reads without the text)."""
    index = min(max(int(round), 0), 2)
    lang = language()
    return _cached(_misc, ("round", index, width, lang), lambda: _draw_round_card(index, width, lang))


def _draw_round_card(index: int, width: int, lang: str) -> pygame.Surface:
    """Paint round card ``index`` (see ``round_card``)."""
    w, h = card_size(width)
    surface = _opaque_copy(background(1 if index < 2 else 4, width))
    s = SUPERSAMPLE
    big = pygame.Surface((w * s, h * s), pygame.SRCALPHA)
    frame = big.get_rect().inflate(-h * s * 0.12, -h * s * 0.12)
    pygame.draw.rect(big, (*LOCKET_RIM, 255), frame, max(1, round(h * s / 40)), border_radius=round(h * s * 0.06))
    pygame.draw.rect(big, (*GOLD_LIGHT, 255), frame.inflate(-h * s * 0.05, -h * s * 0.05), max(1, round(h * s / 90)),
                     border_radius=round(h * s * 0.05))
    final = index >= 2
    for k in range(3):
        at = (w * s / 2 + (k - 1) * h * s * 0.2, h * s * 0.7)
        pygame.draw.circle(big, LOCKET_RIM, at, h * s * 0.07)
        lamp = (OVAL_RED if final else RAY) if k <= index else theme.PAPER_SHADE
        pygame.draw.circle(big, lamp, at, h * s * 0.055)
    surface.blit(pygame.transform.smoothscale(big, (w, h)), (0, 0))
    text = t(f"wallpaper_score.round_card.{index}", lang)
    size = max(8, round(h * 0.2))
    while size > 8 and fonts.text_width(text, size, True) > w * 0.78:
        size -= 1
    label = fonts.text(text, size, INK, True)
    surface.blit(label, label.get_rect(center=(w // 2, round(h * 0.38))))
    return _finish_card(surface, (120, 96, 70))


# ----- completed shapes and walls ------------------------------------------------------------------
def shape_marker(shape: Shape, cell_width: int) -> pygame.Surface:
    """A glowing ring in the shape's highlight colour around a completed shape: centre it on
    ``meeting_point(shape, cell_width)``. A wild + wild shape (scores nothing) gets a fainter ring."""
    return marker(shape.colour, shape.size, cell_width)


def marker(colour: str, size: str, cell_width: int) -> pygame.Surface:
    """The ring ``shape_marker`` draws, by colour and size: a crisp ring just outside the whole
    shape (an ink line outside it for contrast on any paper) and a soft glow that spreads outward
    only, so the shape itself stays unveiled."""
    def make() -> pygame.Surface:
        diameter = motif_diameter(cell_width, size)
        line = max(1.0, diameter / 26)
        glow_width = max(2, round(diameter / 9))
        side = diameter + glow_width * 6
        c = (side / 2, side / 2)
        radius = diameter / 2 + line * 0.9
        light = HIGHLIGHT[colour]
        faint = colour == WILD
        halo = pygame.Surface((side, side), pygame.SRCALPHA)
        pygame.draw.circle(halo, (*light, 110 if faint else 200), c, radius + glow_width, glow_width * 2)
        glow = pygame.transform.gaussian_blur(halo, max(1, glow_width // 2))
        hole = pygame.Surface((side, side), pygame.SRCALPHA)
        hole.fill((255, 255, 255, 255))
        pygame.draw.circle(hole, (255, 255, 255, 0), c, radius)
        glow.blit(hole, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        s = SUPERSAMPLE
        big = pygame.Surface((side * s, side * s), pygame.SRCALPHA)
        bc = (side * s / 2, side * s / 2)
        ring = max(1, round(line * s * (1.0 if faint else 1.6)))
        pygame.draw.circle(big, (*INK, 130 if faint else 200), bc, radius * s + ring + line * s * 0.6, round(line * s * 0.8))
        pygame.draw.circle(big, (*light, 255), bc, radius * s + ring, ring)
        glow.blit(pygame.transform.smoothscale(big, (side, side)), (0, 0))
        return glow

    return _cached(_misc, ("marker", colour, size, cell_width), make)


def half_veil(colour: str, cell_width: int, side: int, hazy: bool = False) -> pygame.Surface:
    """A pale wash over exactly the half on ``side`` of a card (to dim an open half), card-sized."""
    def make() -> pygame.Surface:
        size = card_size(cell_width)
        picture = _motif_for(colour, cell_width, side, hazy)
        veil = pygame.Surface(size, pygame.SRCALPHA)
        veil.blit(_alpha_scaled(picture, 0.62, VEIL), _half_origin(cell_width, side, picture.get_width()))
        return veil

    return _cached(_misc, ("veil", colour, cell_width, side, hazy), make)


def _card_shadow(cell_width: int) -> pygame.Surface:
    """A soft shadow under one card of a wall."""
    def make() -> pygame.Surface:
        w, h = card_size(cell_width)
        blur = max(1, cell_width // 40)
        pad = blur * 2
        shape = pygame.Surface((w + pad * 2, h + pad * 2), pygame.SRCALPHA)
        pygame.draw.rect(shape, (0, 0, 0, 110), (pad, pad, w, h), border_radius=max(2, round(h * CORNER)))
        return pygame.transform.gaussian_blur(shape, blur)

    return _cached(_misc, ("wall-shadow", cell_width), make)


def open_sides(wall: Mapping[Cell, tuple[int, int]], shapes: Iterable[Shape]) -> list[tuple[Cell, int]]:
    """Every (cell, side) of a wall whose half is not part of one of ``shapes``."""
    closed: set[tuple[Cell, int]] = set()
    for shape in shapes:
        first, second = shape.cells
        if first[0] == second[0]:  # one above the other: a large shape
            closed.add((first, BOTTOM))
            closed.add((second, TOP))
        else:
            closed.add((first, RIGHT))
            closed.add((second, LEFT))
    return [(cell, side) for cell in wall for side in (TOP, RIGHT, BOTTOM, LEFT) if (cell, side) not in closed]


def wall_picture(wall: Mapping[Cell, tuple[int, int]], cell_width: int, *, shapes: Sequence[Shape] = (),
                 dim_open: bool = False) -> tuple[pygame.Surface, tuple[int, int]]:
    """The whole wall at ``cell_width`` per card (cards touch, so halves join), each card with a
    soft shadow; ``shapes`` ringed where their halves meet; with ``dim_open`` every half that is
    not part of one of ``shapes`` washed pale. Returns the picture and the pixel offset of cell
    (0, 0)'s top-left corner in it (cell (x, y) lies at offset + (x * cell_width, y * height))."""
    key = (tuple(sorted(wall.items())), cell_width, tuple(shapes), dim_open)
    return _walls.get(key, lambda: _draw_wall(wall, cell_width, shapes, dim_open))


def _draw_wall(wall: Mapping[Cell, tuple[int, int]], cell_width: int, shapes: Sequence[Shape],
               dim_open: bool) -> tuple[pygame.Surface, tuple[int, int]]:
    """Paint a wall (see ``wall_picture``); returns the picture and the offset of cell (0, 0)."""
    height = card_height(cell_width)
    margin = wall_margin(cell_width)
    min_x, min_y, max_x, max_y = wall_bounds(wall)
    columns, rows = max_x - min_x + 1, max_y - min_y + 1
    surface = pygame.Surface((columns * cell_width + margin * 2, rows * height + margin * 2), pygame.SRCALPHA)
    offset = (margin - min_x * cell_width, margin - min_y * height)
    shadow = _card_shadow(cell_width)
    lift = max(1, cell_width // 60)
    spread = (shadow.get_width() - cell_width) // 2
    for (x, y) in wall:
        surface.blit(shadow, (offset[0] + x * cell_width - spread + lift, offset[1] + y * height - spread + lift))
    for (x, y), (card_id, rot) in wall.items():
        surface.blit(card_face(card_id, cell_width, rot), (offset[0] + x * cell_width, offset[1] + y * height))
    if dim_open:
        for cell, side in open_sides(wall, shapes):
            card_id, rot = wall[cell]
            colour = edges(card_id, rot)[side]
            surface.blit(half_veil(colour, cell_width, side, card_id >= HAZY_FIRST),
                         (offset[0] + cell[0] * cell_width, offset[1] + cell[1] * height))
    for shape in shapes:
        ring = shape_marker(shape, cell_width)
        mx, my = meeting_point(shape, cell_width)
        surface.blit(ring, ring.get_rect(center=(offset[0] + mx, offset[1] + my)))
    return art.ready(surface), offset


def fitted_cell_width(wall: Iterable[Cell], box: tuple[int, int], largest: int = 220) -> int:
    """The largest cell width (even, up to ``largest``) at which ``wall_picture`` fits ``box``."""
    min_x, min_y, max_x, max_y = wall_bounds(wall)
    columns, rows = max_x - min_x + 1, max_y - min_y + 1
    width = largest - largest % 2
    while width > 8:
        margin = wall_margin(width)
        if columns * width + 2 * margin <= box[0] and rows * card_height(width) + 2 * margin <= box[1]:
            break
        width -= 2
    return width


def wall_picture_fitted(wall: Mapping[Cell, tuple[int, int]], box: tuple[int, int], *, shapes: Sequence[Shape] = (),
                        dim_open: bool = False, largest: int = 220) -> tuple[pygame.Surface, tuple[int, int], int]:
    """``wall_picture`` at the largest cell width (up to ``largest``) whose picture fits ``box``;
    returns (picture, offset of cell (0, 0), cell width)."""
    width = fitted_cell_width(wall, box, largest)
    picture, offset = wall_picture(wall, width, shapes=shapes, dim_open=dim_open)
    return picture, offset, width


def all_card_ids() -> tuple[int, ...]:
    """Every card id the art draws (109 wallpaper cards, then the 21 hazy memory cards)."""
    return ALL_CARD_IDS
