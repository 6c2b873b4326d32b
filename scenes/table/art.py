"""Procedural art for the table, drawn in code once and cached: wood, felt, cards, backs, the cat.

Everything here is static: each function renders its picture the first time it is asked for
and returns the same cached ``Surface`` afterwards, so a frame only blits. Shapes are drawn at
``SUPERSAMPLE`` times their size and scaled down once, which gives smooth edges without an
antialiasing rasterizer. Transformed variants (rotated, flip-squeezed, squashed) are cached per
bucket (a degree, a twelfth of a flip, a few percent of squash) in LRU caches bounded in bytes
(``scenes.engine.cache``); those, and every game's pictures, are let go when the last table closes.

Treat every returned surface as read-only: it is shared.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from scenes.engine import cache, crisp, fonts, theme

if TYPE_CHECKING:
    from pygame.typing import ColorLike

Color = tuple[int, int, int]
SUPERSAMPLE = 3
CARD_SIZE = (132, 186)
CARD_RADIUS = 13
TOKEN_DIAMETER = 92
# Per value a soft tint behind the big numeral: cool for low numbers, warm for high ones, so a run
# reads at a glance. The number is always printed too: colour is never the only signal.
VALUE_TINTS: dict[int, Color] = {
    1: (120, 150, 200),
    2: (110, 168, 186),
    3: (112, 176, 150),
    4: (150, 180, 112),
    5: (206, 184, 98),
    6: (226, 154, 90),
    7: (222, 120, 86),
    8: (198, 96, 110),
}
CAT_FUR: Color = (236, 150, 78)  # a ginger cat
CAT_FUR_DARK: Color = (196, 106, 52)
CAT_PINK: Color = (236, 150, 150)


# ----- small helpers -------------------------------------------------------------------------------
def mix(a: Color, b: Color, amount: float) -> Color:
    """The colour ``amount`` of the way from ``a`` to ``b``."""
    return (
        round(a[0] + (b[0] - a[0]) * amount),
        round(a[1] + (b[1] - a[1]) * amount),
        round(a[2] + (b[2] - a[2]) * amount),
    )


def downsample(big: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """Scale a supersampled drawing down to ``size`` (smooth edges)."""
    return ready(pygame.transform.smoothscale(big, size))


ZOOM_STEP = 0.05  # zooms of a window's scale are drawn in steps of this (few pictures kept)


def zoom_bucket(zoom: float) -> float:
    """``zoom`` rounded to a ``ZOOM_STEP`` (never below one step)."""
    return max(ZOOM_STEP, round(zoom / ZOOM_STEP) * ZOOM_STEP)


def zoomed(size: tuple[int, int], zoom: float) -> tuple[int, int]:
    """``size`` times ``zoom``, at least one pixel each way."""
    return max(1, round(size[0] * zoom)), max(1, round(size[1] * zoom))


def sharp(big: pygame.Surface, size: tuple[int, int], zoom: float, key: Hashable,
          redraw: Callable[[float], pygame.Surface]) -> pygame.Surface:
    """A supersampled drawing brought down to ``size``: at zoom 1 a picture that can draw
    itself again at the window's scale (``redraw(zoom)``, see ``scenes.engine.crisp``), so at 4K its
    edges and numerals come from the drawing instead of an enlarged picture; at another zoom,
    that picture, made from the same drawing at ``size`` times ``zoom``."""
    if zoom != 1.0:
        return downsample(big, zoomed(size, zoom))
    return crisp.art_image(downsample(big, size), key, lambda z: redraw(zoom_bucket(z)))


def ready(surface: pygame.Surface) -> pygame.Surface:
    """``surface`` in the display's pixel format with alpha, so each blit is a plain blend
    (a mismatched format costs a conversion on every blit, several times slower)."""
    if not _has_display():
        return surface
    converted = surface.convert_alpha()
    if isinstance(surface, crisp.Canvas):  # the text it holds stays marked
        surface.carry_marks_to(converted)
        if isinstance(converted, crisp.Canvas):
            converted.settle()  # a finished picture: its marks need no checking at every blit
    # it can still draw itself anew (a picture made by ``art_image`` has its key)
    if isinstance(surface, crisp.ArtImage) and surface.redraw is not None and surface.key is not None:
        return crisp.art_image(converted, surface.key[1], surface.redraw)
    return converted


def _has_display() -> bool:
    """True once a display mode is set (``convert_alpha`` needs one)."""
    return pygame.display.get_init() and pygame.display.get_surface() is not None


def noise_surface(size: tuple[int, int], seed: int, alpha: int, color: Color = (0, 0, 0)) -> pygame.Surface:
    """Speckles of ``color`` whose opacity varies at random up to ``alpha`` (paper, felt, wood grain)."""
    rng = random.Random(seed)
    width, height = size
    levels = rng.randbytes(width * height)
    pixels = bytearray(bytes(color) + b"\0") * (width * height)
    pixels[3::4] = levels.translate(bytes(alpha * value // 255 for value in range(256)))  # C speed
    return pygame.image.frombuffer(bytes(pixels), size, "RGBA").copy()


class SurfaceCache(cache.SurfaceCache):
    """A picture cache of the tables (see ``scenes.engine.cache``): least recently used out past
    ``budget`` bytes, each new picture made ready for fast blits, emptied when the last table
    closes (``release_table_pictures``) or by ``clear_caches``."""

    def __init__(self, name: str, budget: int, group: str = cache.TABLE) -> None:
        super().__init__(name, budget, group=group, prepare=_ready_value)


def _ready_value(value: object) -> object:
    """A new cache entry made ready: a surface converted, anything else (a picture with its
    offset) as it is."""
    return ready(value) if isinstance(value, pygame.Surface) else value


MB = cache.MB
_variants = SurfaceCache("art.variants", 24 * MB)  # turned, squeezed, scaled pictures at rest
_motion = SurfaceCache("art.motion", 24 * MB)  # pictures of pieces in motion: many, quickly made, soon stale


def variant(key: Hashable, make: Callable[[], pygame.Surface]) -> pygame.Surface:
    """A cached transformed surface (rotations, squeezes, scales), made on first use."""
    return _variants.get(key, make)


def darkened(key: Hashable, face: pygame.Surface, amount: int = 70) -> pygame.Surface:
    """``face`` darkened by ``amount`` (a card that cannot be played now), cached under ``key``; a
    face that draws itself at the window's scale (``sharp``) keeps doing so darkened."""
    def darken(picture: pygame.Surface) -> pygame.Surface:
        darker = picture.copy()
        darker.fill((amount, amount, amount, 0), special_flags=pygame.BLEND_RGB_SUB)
        return darker

    def make() -> pygame.Surface:
        redraw = getattr(face, "redraw", None)
        if redraw is None:
            return darken(face)
        return crisp.art_image(darken(face), key, lambda zoom: darken(redraw(zoom)))

    return variant(key, make)


def release_table_pictures() -> None:
    """The last table closed: let go of every table picture (the shared card art and the last
    table top stay: they are small, or slow to paint)."""
    cache.release(cache.TABLE)


def clear_caches() -> None:
    """Forget every cached picture (after the display was re-created, or in tests)."""
    release_table_pictures()
    for function in (table_surface, card_face, card_back, card_blank, card_shadow, token_surface,
                     token_shadow, glow_ring, focus_ring, slot_outline, die_face, pass_bubble, _deck_layers):
        function.cache_clear()


def prewarm(values: range | tuple[int, ...] = tuple(range(1, 9))) -> None:
    """Draw the common pictures now (behind the first frame) instead of during play."""
    for value in values:
        card_face(value)
    card_back()
    card_blank()
    for lift in range(9):
        card_shadow(CARD_SIZE, lift)
    token_surface()
    token_shadow()
    glow_ring(CARD_SIZE, theme.OK)
    focus_ring(CARD_SIZE, theme.ACCENT)
    focus_ring(CARD_SIZE, theme.BAD)


# ----- the table ---------------------------------------------------------------------------------
@lru_cache(maxsize=1)  # 8 MB, slow to paint (~0.9 s): the last table's, for a rematch or the same game again
def table_surface(size: tuple[int, int], felt_rect: tuple[int, int, int, int]) -> pygame.Surface:
    """The wooden table top with a felt mat, warm light in the middle; the whole background."""
    surface = pygame.Surface(size).convert() if _has_display() else pygame.Surface(size)
    _paint_wood(surface)
    _paint_felt(surface, pygame.Rect(felt_rect))
    _paint_light(surface)
    return surface


def _paint_wood(surface: pygame.Surface) -> None:
    """Planks with grain lines, knots and a soft seam between them."""
    width, height = surface.get_size()
    rng = random.Random(7)
    plank = 180
    for top in range(0, height, plank):
        shade = rng.uniform(-0.08, 0.08)
        base = mix(theme.WOOD, theme.WOOD_DARK if shade < 0 else theme.GOLD, abs(shade))
        pygame.draw.rect(surface, base, (0, top, width, plank))
        for _ in range(26):  # grain: long wavy lines
            y0 = top + rng.uniform(4, plank - 4)
            amplitude = rng.uniform(1.5, 5.0)
            wavelength = rng.uniform(300, 900)
            phase = rng.uniform(0, math.tau)
            tone = mix(base, theme.WOOD_DARK, rng.uniform(0.15, 0.45))
            points = [
                (x, y0 + amplitude * math.sin(phase + x / wavelength * math.tau))
                for x in range(0, width + 40, 40)
            ]
            pygame.draw.aalines(surface, tone, False, points)
        for _ in range(2):  # a knot or two
            cx, cy = rng.uniform(0, width), top + rng.uniform(30, plank - 30)
            for ring in range(5, 0, -1):
                tone = mix(base, theme.WOOD_DARK, 0.12 * ring)
                pygame.draw.ellipse(surface, tone, (cx - ring * 9, cy - ring * 3, ring * 18, ring * 6), 2)
        pygame.draw.line(surface, mix(theme.WOOD_DARK, (0, 0, 0), 0.3), (0, top), (width, top), 3)
        pygame.draw.line(surface, mix(base, theme.GOLD, 0.2), (0, top + 3), (width, top + 3), 1)
    grain = noise_surface((width // 2, height // 4), 11, 40, theme.WOOD_DARK)
    surface.blit(pygame.transform.scale(grain, (width, height)), (0, 0))


def _paint_felt(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A green felt mat with a soft shadow, a mottled texture and a stitched border."""
    shadow = quarter_soft_rect(rect.inflate(30, 30).size, 40, 150, 18)
    surface.blit(shadow, shadow.get_rect(center=(rect.centerx, rect.centery + 10)))
    felt = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(felt, theme.FELT, felt.get_rect(), border_radius=40)
    texture = pygame.Surface(rect.size, pygame.SRCALPHA)
    for seed, tone, alpha in ((5, (0, 0, 0), 70), (6, theme.FELT_LIGHT, 90)):
        mottle = noise_surface((rect.width // 40, rect.height // 40), seed, alpha, tone)
        mottle = pygame.transform.gaussian_blur(pygame.transform.smoothscale(mottle, (rect.width // 4, rect.height // 4)), 6)
        texture.blit(pygame.transform.smoothscale(mottle, rect.size), (0, 0))
    for seed, tone, alpha in ((9, (0, 0, 0), 40), (10, theme.PAPER, 22)):
        fine = noise_surface((rect.width // 2, rect.height // 2), seed, alpha, tone)
        texture.blit(pygame.transform.scale(fine, rect.size), (0, 0))
    mask = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=40)
    texture.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    felt.blit(texture, (0, 0))
    inner = felt.get_rect().inflate(-36, -36)
    _dashed_round_rect(felt, mix(theme.FELT_LIGHT, theme.PAPER, 0.25), inner, 28, 14, 9)
    surface.blit(felt, rect.topleft)


def _paint_light(surface: pygame.Surface) -> None:
    """A warm pool of light from above and darker corners (a vignette)."""
    width, height = surface.get_size()
    small = pygame.Surface((96, 54), pygame.SRCALPHA)
    for y in range(54):
        for x in range(96):
            dx = (x - 47.5) / 48.0
            dy = (y - 24.0) / 30.0
            distance = math.sqrt(dx * dx + dy * dy)
            darkness = max(0.0, min(1.0, (distance - 0.55) / 0.9))
            small.set_at((x, y), (10, 6, 4, int(190 * darkness ** 1.4)))
    surface.blit(pygame.transform.smoothscale(small, (width, height)), (0, 0))
    glow = pygame.Surface((96, 54), pygame.SRCALPHA)
    for y in range(54):
        for x in range(96):
            dx = (x - 47.5) / 40.0
            dy = (y - 25.0) / 24.0
            warmth = max(0.0, 1.0 - math.sqrt(dx * dx + dy * dy))
            glow.set_at((x, y), (255, 214, 150, int(34 * warmth ** 2)))
    surface.blit(pygame.transform.smoothscale(glow, (width, height)), (0, 0))


def _dashed_round_rect(surface: pygame.Surface, color: ColorLike, rect: pygame.Rect, radius: int,
                       dash: int, gap: int, width: int = 2) -> None:
    """Stitches along a rounded rectangle."""
    points = _round_rect_outline(rect, radius, 4)
    travelled = 0.0
    for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1]):
        length = math.hypot(x1 - x0, y1 - y0)
        if length == 0:
            continue
        position = 0.0
        while position < length:
            phase = (travelled + position) % (dash + gap)
            if phase < dash:
                run = min(dash - phase, length - position)
                a = position / length
                b = (position + run) / length
                pygame.draw.line(surface, color, (x0 + (x1 - x0) * a, y0 + (y1 - y0) * a),
                                 (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b), width)
                position += run
            else:
                position += min(dash + gap - phase, length - position)
        travelled += length


def _round_rect_outline(rect: pygame.Rect, radius: int, step: int) -> list[tuple[float, float]]:
    """Points around a rounded rectangle, clockwise from the top-left corner."""
    points: list[tuple[float, float]] = []
    corners = (
        (rect.right - radius, rect.top + radius, -90),
        (rect.right - radius, rect.bottom - radius, 0),
        (rect.left + radius, rect.bottom - radius, 90),
        (rect.left + radius, rect.top + radius, 180),
    )
    for cx, cy, start in corners:
        for degree in range(start, start + 91, step):
            angle = math.radians(degree)
            points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return points


def soft_rect(size: tuple[int, int], radius: int, alpha: int, blur: int) -> pygame.Surface:
    """A blurred dark rounded rectangle (a soft shadow), padded by ``blur`` on each side."""
    width, height = size
    pad = blur * 2
    shape = pygame.Surface((width + pad * 2, height + pad * 2), pygame.SRCALPHA)
    pygame.draw.rect(shape, (0, 0, 0, alpha), (pad, pad, width, height), border_radius=radius)
    return ready(pygame.transform.gaussian_blur(shape, blur))


def quarter_soft_rect(size: tuple[int, int], radius: int, alpha: int, blur: int, shrink: int = 4) -> pygame.Surface:
    """``soft_rect`` blurred at 1/``shrink`` of its size and enlarged: the same soft shadow for a
    large or very soft shape at a fraction of the cost (a blur's cost grows with its radius:
    the full-size blur of the mat took most of the time a table took to open)."""
    small = soft_rect((size[0] // shrink, size[1] // shrink), max(1, radius // shrink), alpha,
                      max(1, blur // shrink))
    pad = blur * 2
    return ready(pygame.transform.smoothscale(small, (size[0] + pad * 2, size[1] + pad * 2)))


def panel_shadow(size: tuple[int, int]) -> pygame.Surface:
    """The soft shadow of a panel of ``size``: blurred at a quarter of its size (kept) and then
    enlarged, since a full-size blur would stall the frame a panel opens in. The enlarged shadow
    (up to 8 MB) is not kept: a panel paints it once into its own picture."""
    small = variant(("panel-shadow-small", size), lambda: soft_rect((size[0] // 4, size[1] // 4), 7, 140, 3))
    return ready(pygame.transform.smoothscale(small, (small.get_width() * 4, small.get_height() * 4)))


# ----- cards ------------------------------------------------------------------------------------
def _card_shape(size: tuple[int, int], fill: Color, edge: Color) -> pygame.Surface:
    """A supersampled rounded card shape with a thin edge line."""
    width, height = size[0] * SUPERSAMPLE, size[1] * SUPERSAMPLE
    radius = CARD_RADIUS * SUPERSAMPLE
    big = pygame.Surface((width, height), pygame.SRCALPHA)
    pygame.draw.rect(big, edge, big.get_rect(), border_radius=radius)
    pygame.draw.rect(big, fill, big.get_rect().inflate(-2 * SUPERSAMPLE, -2 * SUPERSAMPLE),
                     border_radius=radius - SUPERSAMPLE)
    return big


def _clip_to_card(big: pygame.Surface) -> None:
    """Keep only what lies inside the rounded card outline (alpha-multiply by the shape)."""
    mask = pygame.Surface(big.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=CARD_RADIUS * SUPERSAMPLE)
    big.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)


def _paper(big: pygame.Surface, seed: int) -> None:
    """Cream paper: a faint fibre noise and a slightly shaded rim."""
    width, height = big.get_size()
    fibres = noise_surface((width // 2, height // 2), seed, 26, theme.INK_SOFT)
    big.blit(pygame.transform.scale(fibres, (width, height)), (0, 0))
    rim = pygame.Surface((width, height), pygame.SRCALPHA)
    for inset in range(0, 10 * SUPERSAMPLE, SUPERSAMPLE):
        alpha = max(0, 22 - inset // SUPERSAMPLE * 2)
        pygame.draw.rect(rim, (*theme.PAPER_SHADE, alpha), rim.get_rect().inflate(-inset * 2, -inset * 2),
                         SUPERSAMPLE, border_radius=CARD_RADIUS * SUPERSAMPLE)
    big.blit(rim, (0, 0))


def _numeral(value: int, size: int) -> pygame.Surface:
    """The value as bold ink text at ``size`` pixels, trimmed to its ink (for true centring)."""
    rendered = fonts.font(size, True).render(str(value), True, theme.INK)
    return rendered.subsurface(rendered.get_bounding_rect()).copy()


@lru_cache(maxsize=48)
def card_face(value: int, size: tuple[int, int] = CARD_SIZE, zoom: float = 1.0) -> pygame.Surface:
    """The face of a card of ``value``: paper, corner indices, a big numeral with a cat on top
    (drawn at ``zoom`` times ``size``; at zoom 1 it draws itself anew at the window's scale)."""
    s = SUPERSAMPLE
    big = _card_shape(size, theme.PAPER, mix(theme.PAPER_SHADE, theme.INK_SOFT, 0.45))
    _paper(big, 100 + value)
    width, height = big.get_size()
    tint = VALUE_TINTS.get(value, theme.GOLD)
    # the medallion: a soft tinted disc behind the numeral
    centre = (width // 2, int(height * 0.53))
    radius = int(width * 0.30)
    pygame.draw.circle(big, mix(theme.PAPER, tint, 0.35), centre, radius)
    pygame.draw.circle(big, mix(theme.PAPER, tint, 0.75), centre, radius, 2 * s)
    numeral = _numeral(value, 76 * s)
    big.blit(numeral, numeral.get_rect(center=centre))
    draw_sitting_cat(big, (centre[0] + int(radius * 0.15), centre[1] - radius + 2 * s), 15 * s, theme.INK)
    _corner_index(big, value, tint)
    _value_pips(big, value, tint)
    _inner_frame(big, tint)
    _clip_to_card(big)
    return sharp(big, size, zoom, ("card_face", value, size), lambda z: card_face(value, size, z))


def _inner_frame(big: pygame.Surface, tint: Color) -> None:
    """A thin frame a little inside the edge, in the value's tint."""
    s = SUPERSAMPLE
    rect = big.get_rect().inflate(-14 * s, -14 * s)
    pygame.draw.rect(big, mix(theme.PAPER, tint, 0.55), rect, s, border_radius=(CARD_RADIUS - 5) * s)


def _corner_index(big: pygame.Surface, value: int, tint: Color) -> None:
    """The value in the top-left corner and, upside down, the bottom-right one."""
    s = SUPERSAMPLE
    index = _numeral(value, 36 * s)
    corner = pygame.Surface(index.get_size(), pygame.SRCALPHA)
    corner.blit(index, (0, 0))
    big.blit(corner, (15 * s, 12 * s))
    flipped = pygame.transform.rotate(corner, 180)
    big.blit(flipped, flipped.get_rect(bottomright=(big.get_width() - 15 * s, big.get_height() - 12 * s)))


def _value_pips(big: pygame.Surface, value: int, tint: Color) -> None:
    """``value`` small dots under the medallion: the number a second time, by count."""
    s = SUPERSAMPLE
    width, height = big.get_size()
    per_row = 4
    rows = (value + per_row - 1) // per_row
    gap = 11 * s
    for number in range(value):
        row, column = divmod(number, per_row)
        in_row = min(per_row, value - row * per_row)
        x = width // 2 + int((column - (in_row - 1) / 2) * gap)
        y = int(height * 0.87) + int((row - (rows - 1) / 2) * gap * 0.9)
        pygame.draw.circle(big, mix(theme.INK_SOFT, tint, 0.3), (x, y), int(3.5 * s))


def draw_sitting_cat(surface: pygame.Surface, base: tuple[int, int], size: int, color: Color) -> None:
    """A small cat silhouette sitting with its bottom at ``base`` (the title: the cat is on top)."""
    bx, by = base
    body = pygame.Rect(0, 0, int(size * 1.5), int(size * 1.7))
    body.midbottom = (bx, by)
    pygame.draw.ellipse(surface, color, body)
    head_r = int(size * 0.62)
    head = (bx - int(size * 0.1), body.top + int(size * 0.05))
    pygame.draw.circle(surface, color, head, head_r)
    for side in (-1, 1):
        ear = [
            (head[0] + side * head_r * 0.95, head[1] - head_r * 0.15),
            (head[0] + side * head_r * 0.75, head[1] - head_r * 1.45),
            (head[0] + side * head_r * 0.1, head[1] - head_r * 0.75),
        ]
        pygame.draw.polygon(surface, color, ear)
    pygame.draw.arc(surface, color, (body.right - size * 0.6, by - size * 1.3, size * 1.1, size * 1.3),
                    -math.pi / 2, math.pi / 2.4, max(2, size // 4))


@lru_cache(maxsize=4)
def card_back(size: tuple[int, int] = CARD_SIZE) -> pygame.Surface:
    """The back: seigaiha waves in gold on indigo, a framed medallion with a cat face."""
    s = SUPERSAMPLE
    big = _card_shape(size, theme.CARD_BACK, mix(theme.CARD_BACK, (0, 0, 0), 0.5))
    width, height = big.get_size()
    waves = pygame.Surface((width, height), pygame.SRCALPHA)
    line = (*theme.CARD_BACK_LINE, 110)
    radius = 15 * s
    for row in range(-1, height // (radius // 2) + 2):
        y = row * radius // 2
        offset = radius if row % 2 else 0
        for x in range(-radius * 2 + offset, width + radius * 2, radius * 2):
            for ring in (1.0, 0.7, 0.4):
                pygame.draw.circle(waves, theme.CARD_BACK, (x, y), int(radius * ring))
                pygame.draw.circle(waves, line, (x, y), int(radius * ring), max(1, s))
    frame = big.get_rect().inflate(-16 * s, -16 * s)
    clip = pygame.Surface((width, height), pygame.SRCALPHA)
    pygame.draw.rect(clip, (255, 255, 255, 255), frame, border_radius=(CARD_RADIUS - 6) * s)
    waves.blit(clip, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    big.blit(waves, (0, 0))
    pygame.draw.rect(big, theme.CARD_BACK_LINE, frame, 2 * s, border_radius=(CARD_RADIUS - 6) * s)
    centre = (width // 2, height // 2)
    pygame.draw.circle(big, theme.CARD_BACK, centre, 30 * s)
    pygame.draw.circle(big, theme.CARD_BACK_LINE, centre, 30 * s, 2 * s)
    _draw_cat_face(big, (centre[0], centre[1] + 3 * s), 20 * s, theme.CARD_BACK_LINE, theme.CARD_BACK,
                   simple=True)
    _clip_to_card(big)
    return downsample(big, size)


@lru_cache(maxsize=8)
def card_blank(size: tuple[int, int] = CARD_SIZE) -> pygame.Surface:
    """A plain paper card (the edges of cards deeper in a stack)."""
    big = _card_shape(size, mix(theme.PAPER, theme.PAPER_SHADE, 0.5), mix(theme.PAPER_SHADE, theme.INK_SOFT, 0.5))
    return downsample(big, size)


@lru_cache(maxsize=64)
def card_shadow(size: tuple[int, int] = CARD_SIZE, lift: int = 0) -> pygame.Surface:
    """The soft shadow of a card lifted ``lift`` steps (0-8): larger, softer and lighter when high.
    It can be drawn at the window's scale (enlarged: it is soft anyway), so a neighbour's shadow
    over a card does not keep that card from being drawn sharp at 4K (``scenes.engine.crisp``)."""
    blur = 4 + lift * 2
    grow = lift * 3
    alpha = max(70, 150 - lift * 9)
    shape = (size[0] + grow, size[1] + grow)
    # a lifted card's shadow is very soft: blurred at half size (the cards' shadows were most of
    # the time a table took to set out)
    shadow = soft_rect(shape, CARD_RADIUS + lift, alpha, blur) if lift < 2 else \
        quarter_soft_rect(shape, CARD_RADIUS + lift, alpha, blur, shrink=2)
    return crisp.art_image(shadow, ("card_shadow", size, lift),
                           lambda z: pygame.transform.smoothscale(shadow, zoomed(shadow.get_size(), z)))


def deck_surface(count: int, size: tuple[int, int] = CARD_SIZE) -> pygame.Surface:
    """A face-down pile showing depth for ``count`` cards (one more edge per four cards, up to 5)."""
    return _deck_layers(max(1, min(5, (count + 3) // 4)), size)


@lru_cache(maxsize=16)
def _deck_layers(layers: int, size: tuple[int, int]) -> pygame.Surface:
    """A face-down pile with ``layers`` card edges under its top back, shadow included."""
    back = card_back(size)
    shadow = card_shadow(size, 0)
    pad = shadow.get_width() - size[0]
    surface = pygame.Surface((size[0] + pad + layers * 2, size[1] + pad + layers * 3), pygame.SRCALPHA)
    surface.blit(shadow, (layers * 2 + 3, layers * 3 + 5))
    edge = card_blank(size)
    for layer in range(layers, 0, -1):
        surface.blit(edge, (pad // 2 + layer * 2, pad // 2 + layer * 3))
    surface.blit(back, (pad // 2, pad // 2))
    return ready(surface)


def rotated(key: Hashable, surface: pygame.Surface, angle: float) -> pygame.Surface:
    """``surface`` rotated by ``angle`` degrees (counter-clockwise), cached per whole degree."""
    degrees = round(angle) % 360
    if degrees == 0:
        return surface
    return variant(("rot", key, degrees), lambda: pygame.transform.rotozoom(surface, degrees, 1.0))


def transformed(key: Hashable, surface: pygame.Surface, scale: float = 1.0, squeeze: float = 1.0,
                angle: float = 0.0, quick: bool = False) -> pygame.Surface:
    """``surface`` scaled, squeezed horizontally (mid-flip) and rotated, cached per bucket.

    At rest: 2 % of scale, 1/12 of squeeze, one degree, smooth rotation. ``quick`` (a piece in
    motion) uses coarser buckets (5 %, 1/8, 5 degrees) and a plain rotation: fewer distinct
    pictures to make and keep during a flight, each made faster, and nobody sees the difference
    in motion.
    """
    if quick and isinstance(key, tuple) and key and key[0] == "shadow":
        return _quick_shadow(key, surface, scale, squeeze, angle)
    steps = QUICK_STEPS if quick else (50, 12, 1)
    scale_bucket = max(1, round(scale * steps[0]))
    squeeze_bucket = max(1, min(steps[1], round(squeeze * steps[1])))
    degrees = round(angle / steps[2]) * steps[2] % 360
    if scale_bucket == steps[0] and squeeze_bucket == steps[1] and degrees == 0:
        return surface

    def turn(picture: pygame.Surface, zoom: float, smooth: bool = False) -> pygame.Surface:
        width = max(1, round(surface.get_width() * zoom * scale_bucket / steps[0] * squeeze_bucket / steps[1]))
        height = max(1, round(surface.get_height() * zoom * scale_bucket / steps[0]))
        image = picture if (width, height) == picture.get_size() else \
            pygame.transform.smoothscale(picture, (width, height))
        if not degrees:
            return image
        if smooth:
            return _turned_smoothly(image, degrees)
        return pygame.transform.rotate(image, degrees) if quick else pygame.transform.rotozoom(image, degrees, 1.0)

    def make() -> pygame.Surface:
        image = turn(surface, 1.0)
        redraw = getattr(surface, "redraw", None)
        if quick or redraw is None:
            return image
        # at rest, turned art draws itself again at the window's scale: turned there, not enlarged
        return crisp.art_image(image, ("xf", key, scale_bucket, squeeze_bucket, degrees),
                               lambda z: turn(redraw(z), z, smooth=True))

    if quick:
        return _motion.get(("xf", key, scale_bucket, squeeze_bucket, degrees), make)
    return variant(("xf", key, scale_bucket, squeeze_bucket, degrees), make)


def _turned_smoothly(image: pygame.Surface, degrees: int) -> pygame.Surface:
    """``image`` turned by ``degrees`` with soft edges: turned at twice its size, then brought
    down smoothly (a plain turn leaves a stair-stepped outline, plain to see at 4K)."""
    big = pygame.transform.rotozoom(image, degrees, 2.0)
    return pygame.transform.smoothscale(big, (max(1, big.get_width() // 2), max(1, big.get_height() // 2)))


SHADOW_SHRINK = 4
QUICK_STEPS = (20, 8, 5)  # buckets in motion: per unit of scale, per unit of squeeze, degrees


def _quick_shadow(key: Hashable, surface: pygame.Surface, scale: float, squeeze: float,
                  angle: float) -> pygame.Surface:
    """A moving card's soft shadow: turned at a quarter of its size, then smoothly enlarged
    (a blurred shape loses nothing by it, and it is several times cheaper to make)."""
    per_scale, per_squeeze, per_degree = QUICK_STEPS
    scale_bucket = max(1, round(scale * per_scale))
    squeeze_bucket = max(1, min(per_squeeze, round(squeeze * per_squeeze)))
    degrees = round(angle / per_degree) * per_degree % 360

    def make() -> pygame.Surface:
        small = variant(("shadow-small", key), lambda: pygame.transform.smoothscale(
            surface, (surface.get_width() // SHADOW_SHRINK, surface.get_height() // SHADOW_SHRINK)))
        width = max(1, round(small.get_width() * scale_bucket / per_scale * squeeze_bucket / per_squeeze))
        height = max(1, round(small.get_height() * scale_bucket / per_scale))
        turned = pygame.transform.rotate(pygame.transform.smoothscale(small, (width, height)), degrees)
        return pygame.transform.smoothscale(turned, (turned.get_width() * SHADOW_SHRINK,
                                                     turned.get_height() * SHADOW_SHRINK))

    return _motion.get(("qs", key, scale_bucket, squeeze_bucket, degrees), make)


def scaled(key: Hashable, surface: pygame.Surface, scale: float) -> pygame.Surface:
    """``surface`` scaled by ``scale``, cached per 2 % step."""
    bucket = max(1, round(scale * 50))
    if bucket == 50:
        return surface
    size = (max(1, surface.get_width() * bucket // 50), max(1, surface.get_height() * bucket // 50))
    return variant(("scale", key, bucket), lambda: pygame.transform.smoothscale(surface, size))


# ----- highlights ----------------------------------------------------------------------------------
@lru_cache(maxsize=16)
def glow_ring(size: tuple[int, int], color: Color, strength: int = 230) -> pygame.Surface:
    """A soft glowing halo around a card-sized area, with a crisp edge (legal drop targets)."""
    pad = 34
    width, height = size[0] + pad * 2, size[1] + pad * 2
    ring = pygame.Surface((width, height), pygame.SRCALPHA)
    pygame.draw.rect(ring, (*color, strength), (pad - 18, pad - 18, size[0] + 36, size[1] + 36), 26,
                     border_radius=CARD_RADIUS + 18)
    soft = pygame.transform.gaussian_blur(ring, 8)
    pygame.draw.rect(soft, (*color, 255), (pad - 6, pad - 6, size[0] + 12, size[1] + 12), 5,
                     border_radius=CARD_RADIUS + 6)
    return ready(soft)


@lru_cache(maxsize=8)
def focus_ring(size: tuple[int, int], color: Color) -> pygame.Surface:
    """A crisp ring a little outside a card (the keyboard's target), leaving room for a glow."""
    s = SUPERSAMPLE
    pad = 14
    width, height = size[0] + pad * 2, size[1] + pad * 2
    big = pygame.Surface((width * s, height * s), pygame.SRCALPHA)
    pygame.draw.rect(big, (*color, 255), big.get_rect().inflate(-2 * s, -2 * s), 4 * s,
                     border_radius=(CARD_RADIUS + pad) * s)
    return downsample(big, (width, height))


@lru_cache(maxsize=8)
def slot_outline(size: tuple[int, int], color: Color) -> pygame.Surface:
    """An empty place for a card: a faint dashed outline."""
    surface = pygame.Surface(size, pygame.SRCALPHA)
    _dashed_round_rect(surface, color, surface.get_rect().inflate(-4, -4), CARD_RADIUS, 12, 8, 3)
    return ready(surface)


@lru_cache(maxsize=32)
def pass_bubble(text: str, tail_up: bool = False) -> pygame.Surface:
    """A small speech bubble with ``text`` (the "Pass" call at a seat), its tail pointing down
    (or up, for a seat at the top of the screen)."""
    label = fonts.text(text, theme.LARGE, theme.INK, True)
    width, height = label.get_width() + 56, label.get_height() + 24
    s = SUPERSAMPLE
    big = pygame.Surface(((width + 8) * s, (height + 26) * s), pygame.SRCALPHA)
    body = pygame.Rect(4 * s, 4 * s, width * s, height * s)
    tail = [(body.centerx - 16 * s, body.bottom - 4 * s), (body.centerx + 12 * s, body.bottom - 4 * s),
            (body.centerx - 8 * s, body.bottom + 18 * s)]
    outline = 3 * s
    pygame.draw.rect(big, theme.INK, body.inflate(outline * 2, outline * 2), border_radius=(height * s) // 2 + outline)
    pygame.draw.polygon(big, theme.INK, [(x, y + (outline if k == 2 else 0)) for k, (x, y) in enumerate(tail)])
    pygame.draw.rect(big, theme.PAPER, body, border_radius=(height * s) // 2)
    pygame.draw.polygon(big, theme.PAPER, tail)
    bubble = downsample(big, (width + 8, height + 26))
    if tail_up:
        bubble = pygame.transform.flip(bubble, False, True)
        bubble.blit(label, label.get_rect(center=(4 + width // 2, 22 + height // 2)))
    else:
        bubble.blit(label, label.get_rect(center=(4 + width // 2, 4 + height // 2)))
    return bubble


# ----- the cat token -----------------------------------------------------------------------------
def _draw_cat_face(surface: pygame.Surface, centre: tuple[int, int], size: int, fur: Color, ink: Color,
                   simple: bool = False) -> None:
    """A round cat face with ears; ``simple`` draws an emblem (outline features only)."""
    cx, cy = centre
    for side in (-1, 1):
        ear = [
            (cx + side * size * 0.95, cy - size * 0.1),
            (cx + side * size * 0.85, cy - size * 1.25),
            (cx + side * size * 0.2, cy - size * 0.8),
        ]
        pygame.draw.polygon(surface, fur, ear)
        if not simple:
            inner = [
                (cx + side * size * 0.82, cy - size * 0.35),
                (cx + side * size * 0.78, cy - size * 1.02),
                (cx + side * size * 0.38, cy - size * 0.72),
            ]
            pygame.draw.polygon(surface, CAT_PINK, inner)
    pygame.draw.ellipse(surface, fur, (cx - size, cy - size * 0.85, size * 2, size * 1.75))
    line = max(1, size // 9)
    if not simple:
        for stripe in (-0.28, 0.0, 0.28):  # tabby stripes on the forehead
            pygame.draw.line(surface, CAT_FUR_DARK, (cx + stripe * size, cy - size * 0.8),
                             (cx + stripe * size * 0.8, cy - size * 0.45), line + 1)
        pygame.draw.ellipse(surface, mix(fur, theme.PAPER, 0.75),
                            (cx - size * 0.55, cy + size * 0.05, size * 1.1, size * 0.72))
    eye_y = cy - size * 0.08
    for side in (-1, 1):
        ex = cx + side * size * 0.42
        if simple:
            pygame.draw.circle(surface, ink, (ex, eye_y), size * 0.13)
        else:  # content, closed eyes: little upward arcs
            pygame.draw.arc(surface, ink, (ex - size * 0.2, eye_y - size * 0.14, size * 0.4, size * 0.3),
                            0.2, math.pi - 0.2, line + 1)
    nose = [(cx - size * 0.11, cy + size * 0.12), (cx + size * 0.11, cy + size * 0.12), (cx, cy + size * 0.24)]
    pygame.draw.polygon(surface, CAT_PINK if not simple else ink, nose)
    for side in (-1, 1):  # the mouth: two small curves
        pygame.draw.arc(surface, ink, (cx - size * 0.2 + side * size * 0.1 - (size * 0.1 if side < 0 else 0),
                                       cy + size * 0.16, size * 0.2, size * 0.2), math.pi, 2 * math.pi, line)
    if simple:
        return
    for side in (-1, 1):
        for tilt in (-0.12, 0.05):
            start = (cx + side * size * 0.45, cy + size * 0.22)
            end = (cx + side * size * 1.25, cy + size * (0.22 + tilt * 2.2))
            pygame.draw.line(surface, ink, start, end, line)


@lru_cache(maxsize=4)
def token_surface(diameter: int = TOKEN_DIAMETER) -> pygame.Surface:
    """The cat chip: a lacquered red disc with a gold rim and a ginger cat face."""
    s = SUPERSAMPLE
    size = diameter * s
    big = pygame.Surface((size, size + 6 * s), pygame.SRCALPHA)
    centre = (size // 2, size // 2)
    radius = size // 2 - s
    pygame.draw.circle(big, mix(theme.FUTON, (0, 0, 0), 0.45), (centre[0], centre[1] + 6 * s), radius)  # chip edge
    pygame.draw.circle(big, theme.GOLD, centre, radius)
    pygame.draw.circle(big, theme.FUTON, centre, radius - 4 * s)
    pygame.draw.circle(big, mix(theme.FUTON, theme.GOLD, 0.4), centre, radius - 9 * s, s)
    highlight = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.ellipse(highlight, (255, 255, 255, 40), (size * 0.2, size * 0.08, size * 0.6, size * 0.3))
    big.blit(highlight, (0, 0))
    _draw_cat_face(big, (centre[0], centre[1] + int(size * 0.08)), int(size * 0.3), CAT_FUR, theme.INK)
    return downsample(big, (diameter, diameter + 6))


@lru_cache(maxsize=4)
def token_shadow(diameter: int = TOKEN_DIAMETER) -> pygame.Surface:
    """The soft oval shadow the cat chip casts on the table."""
    shape = pygame.Surface((diameter + 40, diameter // 2 + 40), pygame.SRCALPHA)
    pygame.draw.ellipse(shape, (0, 0, 0, 150), (20, 20, diameter, diameter // 2))
    return ready(pygame.transform.gaussian_blur(shape, 8))


def token_squashed(sx: float, sy: float, diameter: int = TOKEN_DIAMETER) -> pygame.Surface:
    """The chip scaled to (``sx``, ``sy``) of its size, cached per 3 % step."""
    bx, by = round(sx * 33), round(sy * 33)
    base = token_surface(diameter)
    if bx == 33 and by == 33:
        return base
    size = (max(1, base.get_width() * bx // 33), max(1, base.get_height() * by // 33))
    return variant(("token", diameter, bx, by), lambda: pygame.transform.smoothscale(base, size))


# ----- dice (for the dice games) -------------------------------------------------------------------
PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)),
}


@lru_cache(maxsize=64)
def die_face(value: int, size: int = 72, color: Color = theme.PAPER, pip: Color = theme.INK) -> pygame.Surface:
    """A rounded die showing ``value`` pips (1 is red-free: a larger pip, not a colour)."""
    s = SUPERSAMPLE
    big = pygame.Surface((size * s, size * s), pygame.SRCALPHA)
    rect = big.get_rect()
    pygame.draw.rect(big, mix(color, theme.INK, 0.35), rect, border_radius=size * s // 5)
    pygame.draw.rect(big, color, rect.inflate(-3 * s, -3 * s).move(0, -s), border_radius=size * s // 5)
    for fx, fy in PIPS.get(value, ()):
        radius = size * s * (0.13 if value == 1 else 0.085)
        pygame.draw.circle(big, pip, (rect.width * fx, rect.height * fy), radius)
    return downsample(big, (size, size))
