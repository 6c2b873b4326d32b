"""That Old Wallpaper's half-shapes and centre symbols, drawn in code and cached.

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
oval; ``memory_icon`` shows the same pictures in lists.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable

import pygame

from game.rules.wallpaper import BLUE, GREEN, LARGE, OVAL, RED, WILD, YELLOW
from scenes.table.art import mix
from scenes.wallpaper.art_paper import (
    ARM,
    BOTTOM,
    GOLD,
    GOLD_DEEP,
    GOLD_LIGHT,
    HEART,
    INK,
    LEAF,
    LEAF_DEEP,
    LEAF_LIGHT,
    LEFT,
    LOCKET,
    LOCKET_RIM,
    MIST,
    OVAL_DEEP,
    OVAL_RED,
    PETAL,
    PETAL_DEEP,
    PETAL_LIGHT,
    RAY,
    RAY_DEEP,
    RIGHT,
    SKY,
    SKY_DEEP,
    STAR,
    SUN_DISC,
    SUN_RING,
    TOP,
    VEIL,
    Color,
    _alpha_scaled,
    _big,
    _cached,
    _misc,
    _parts,
    _polar,
)
from scenes.wallpaper.layout import card_height

# ----- sizes ---------------------------------------------------------------------------------------
LARGE_SPAN = 0.64  # a large motif's diameter, as a fraction of the card's height
SMALL_SPAN = 0.46  # a small motif's diameter, as a fraction of the card's height
CENTRE_SPAN = 0.34  # the centre symbol's size, as a fraction of the card's height


def motif_diameter(width: int, size: str) -> int:
    """The diameter of a whole large or small shape on cards of ``width`` (even, so halves split evenly)."""
    span = LARGE_SPAN if size == LARGE else SMALL_SPAN
    return max(4, round(card_height(width) * span / 2) * 2)


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
