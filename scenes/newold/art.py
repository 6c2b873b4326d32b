"""Pictures of NEW & OLD, all drawn in code and cached: the cards, the zone mats, the stage
badges, the game box and the decks; and the table's small pictures made from its state: a card
face dimmed or stamped for the box, a seat's plate, a zone's sign and the score sheet.

New and Old cards must tell apart at a glance and never by colour alone, face up and face down:

- a **New** card is crisp white paper with a clean double frame, a "NEW" ribbon, glossy cut-gem
  diamonds and four-point sparkles in two corners; its back is a sunburst of rays around a
  sparkle medallion;
- an **Old** card is yellowed, stained paper with a darkened, worn rim, a chipped top-right
  corner, cracks, a broken single frame, an "OLD" tag and flat, cracked diamonds; its back is a
  faded lattice with scratches around an hourglass medallion, the same corner chipped off.

Each card shows its number twice in the corners and as that many diamonds, laid out like the pips
of a die so they can be counted. Everything is drawn in code at ``art.SUPERSAMPLE`` and cached,
like ``scenes.table.art``; treat returned surfaces as read-only.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from game.i18n import t
from game.rules.newold import STAGE_A, STAGE_B, ZONE_OLD
from scenes.engine import cache, fonts, theme
from scenes.engine.ui import clipped, fit_size, fitted_seat_label, seat_color, signed_text
from scenes.newold.layout import BOX_SIZE, ZONE_PAD, sheet_row_height, sheet_size
from scenes.table import art, labels
from scenes.table.art import CARD_RADIUS, CARD_SIZE, SUPERSAMPLE, mix

if TYPE_CHECKING:
    from pygame.typing import ColorLike

Color = tuple[int, int, int]
NEW = "N"
OLD = "O"

# New: fresh white paper, teal ink, gold glints.  Old: sepia paper, brown ink, stains.
NEW_PAPER: Color = (252, 251, 246)
NEW_INK: Color = (22, 104, 116)
NEW_GEM: Color = (40, 150, 160)
NEW_GLINT: Color = (236, 190, 92)
NEW_BACK: Color = (22, 92, 108)
NEW_BACK_RAY: Color = (52, 140, 150)
OLD_PAPER: Color = (218, 194, 150)
OLD_INK: Color = (84, 56, 34)
OLD_GEM: Color = (128, 92, 60)
OLD_STAIN: Color = (150, 112, 70)
OLD_BACK: Color = (104, 72, 46)
OLD_BACK_LINE: Color = (164, 128, 86)
CHIP = 20  # the size of the Old cards' broken-off corner, in card pixels

# Where the diamonds sit (fractions of the card), per number: like the pips of a die.
DIAMOND_LAYOUT: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.53),),
    2: ((0.5, 0.37), (0.5, 0.69)),
    3: ((0.5, 0.345), (0.5, 0.55), (0.5, 0.755)),
    4: ((0.36, 0.39), (0.64, 0.39), (0.36, 0.67), (0.64, 0.67)),
    5: ((0.34, 0.35), (0.66, 0.35), (0.5, 0.53), (0.34, 0.71), (0.66, 0.71)),
    6: ((0.38, 0.355), (0.62, 0.355), (0.38, 0.56), (0.62, 0.56), (0.38, 0.765), (0.62, 0.765)),
}


def kind_of(card: str) -> str:
    """"N" or "O" from a card such as "N5"."""
    return card[:1]


def number_of(card: str) -> int:
    """The number of a card such as "N5"."""
    return int(card[1:])


def clear_caches() -> None:
    """Forget every picture drawn here (tests, a new display, or the last table closed)."""
    for function in (card_face, card_back, zone_mat, stage_badge, kind_mark, left_tag_base, game_box, deck_pile):
        function.cache_clear()


def prewarm() -> None:
    """Draw every face and both backs now, behind the first frame."""
    for kind in (NEW, OLD):
        card_back(kind)
        for number in range(1, 7):
            card_face(f"{kind}{number}")


# ----- shapes ---------------------------------------------------------------------------------------
def _shape(size: tuple[int, int], fill: Color, edge: Color) -> pygame.Surface:
    """A supersampled rounded card with an edge line."""
    s = SUPERSAMPLE
    big = pygame.Surface((size[0] * s, size[1] * s), pygame.SRCALPHA)
    pygame.draw.rect(big, edge, big.get_rect(), border_radius=CARD_RADIUS * s)
    pygame.draw.rect(big, fill, big.get_rect().inflate(-2 * s, -2 * s), border_radius=(CARD_RADIUS - 1) * s)
    return big


def _clip(big: pygame.Surface, chipped: bool) -> None:
    """Keep what lies inside the card outline; an Old card loses its top-right corner."""
    s = SUPERSAMPLE
    width, _ = big.get_size()
    mask = pygame.Surface(big.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=CARD_RADIUS * s)
    if chipped:  # a jagged broken corner, the same on face and back
        chip = CHIP * s
        points = [(width - chip - 2 * s, 0), (width - chip * 0.62, chip * 0.22), (width - chip * 0.55, chip * 0.5),
                  (width - chip * 0.2, chip * 0.58), (width, chip + 3 * s), (width, 0)]
        pygame.draw.polygon(mask, (0, 0, 0, 0), points)
    big.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)


def _chip_edge(big: pygame.Surface, color: Color) -> None:
    """The torn paper along the chipped corner (a darker broken line)."""
    s = SUPERSAMPLE
    width, _ = big.get_size()
    chip = CHIP * s
    points = [(width - chip - 2 * s, 0), (width - chip * 0.62, chip * 0.22), (width - chip * 0.55, chip * 0.5),
              (width - chip * 0.2, chip * 0.58), (width, chip + 3 * s)]
    shifted = [(x - 2 * s, y + 2 * s) for x, y in points]
    pygame.draw.lines(big, color, False, shifted, 3 * s)


def _sparkle(surface: pygame.Surface, centre: tuple[float, float], size: float, color: ColorLike) -> None:
    """A four-point star (a glint of something new)."""
    cx, cy = centre
    thin = size * 0.22
    points = [(cx, cy - size), (cx + thin, cy - thin), (cx + size, cy), (cx + thin, cy + thin),
              (cx, cy + size), (cx - thin, cy + thin), (cx - size, cy), (cx - thin, cy - thin)]
    pygame.draw.polygon(surface, color, points)


def _crack(surface: pygame.Surface, start: tuple[float, float], direction: float, length: float,
           color: ColorLike, width: int, rng: random.Random, branches: int = 1) -> None:
    """A jagged crack line from ``start`` (direction in radians), with a short branch or two."""
    x, y = start
    points = [(x, y)]
    segments = 5
    for _ in range(segments):
        direction += rng.uniform(-0.6, 0.6)
        step = length / segments
        x += math.cos(direction) * step
        y += math.sin(direction) * step
        points.append((x, y))
    pygame.draw.lines(surface, color, False, points, width)
    for _ in range(branches):
        base = points[rng.randrange(1, len(points) - 1)]
        _crack(surface, base, direction + rng.choice((-1.1, 1.1)), length * 0.35, color, max(1, width - 1), rng, 0)


def _diamond(surface: pygame.Surface, centre: tuple[float, float], width: float, height: float,
             kind: str, crack_rng: random.Random | None = None) -> None:
    """One diamond: a glossy cut gem on New cards, a flat worn one on Old cards."""
    cx, cy = centre
    top, right, bottom, left = (cx, cy - height / 2), (cx + width / 2, cy), (cx, cy + height / 2), (cx - width / 2, cy)
    s = SUPERSAMPLE
    if kind == NEW:
        pygame.draw.polygon(surface, NEW_GEM, [top, right, bottom, left])
        pygame.draw.polygon(surface, mix(NEW_GEM, (255, 255, 255), 0.55), [top, (cx, cy), left])  # lit facet
        pygame.draw.polygon(surface, mix(NEW_GEM, (0, 0, 0), 0.25), [(cx, cy), right, bottom])  # shaded facet
        pygame.draw.polygon(surface, NEW_INK, [top, right, bottom, left], 2 * s)
        _sparkle(surface, (cx - width * 0.18, cy - height * 0.2), width * 0.16, (255, 255, 255))
        return
    pygame.draw.polygon(surface, OLD_GEM, [top, right, bottom, left])
    pygame.draw.polygon(surface, OLD_INK, [top, right, bottom, left], 2 * s)
    if crack_rng is not None and crack_rng.random() < 0.6:
        start = (cx + crack_rng.uniform(-width * 0.2, width * 0.2), cy - height * 0.42)
        _crack(surface, start, math.pi / 2 + crack_rng.uniform(-0.4, 0.4), height * 0.7,
               mix(OLD_PAPER, (255, 255, 255), 0.3), s, crack_rng, 0)


def _numeral(text: str, size: int, color: Color) -> pygame.Surface:
    """Bold text trimmed to its ink (for exact placement)."""
    rendered = fonts.font(size, True).render(text, True, color)
    return rendered.subsurface(rendered.get_bounding_rect()).copy()


# ----- faces ----------------------------------------------------------------------------------------
@lru_cache(maxsize=32)
def card_face(card: str, size: tuple[int, int] = CARD_SIZE, zoom: float = 1.0) -> pygame.Surface:
    """The face of ``card`` ("N1".."N6", "O1".."O6")."""
    kind, number = kind_of(card), number_of(card)
    big = _new_paper(size) if kind == NEW else _old_paper(size, number)
    ink = NEW_INK if kind == NEW else OLD_INK
    width, height = big.get_size()
    s = SUPERSAMPLE
    rng = random.Random(number * 31 + (7 if kind == OLD else 0))
    shrink = 0.9 if number >= 5 else 1.0  # five and six diamonds keep clear of the corner numbers
    gem_w, gem_h = width * 0.2 * shrink, height * 0.155 * shrink
    for fx, fy in DIAMOND_LAYOUT[number]:
        _diamond(big, (width * fx, height * fy), gem_w, gem_h, kind, rng if kind == OLD else None)
    _corner_indices(big, number, kind, ink)
    _kind_label(big, kind, ink)
    if kind == NEW:
        _sparkle(big, (width * 0.86, height * 0.08), 8 * s, NEW_GLINT)
        _sparkle(big, (width * 0.77, height * 0.065), 4 * s, NEW_GLINT)
        _sparkle(big, (width * 0.17, height * 0.9), 9 * s, NEW_GLINT)
        _sparkle(big, (width * 0.24, height * 0.84), 4 * s, NEW_GLINT)
    else:
        _old_damage(big, number)
    _clip(big, chipped=kind == OLD)
    if kind == OLD:
        _chip_edge(big, mix(OLD_INK, OLD_PAPER, 0.35))
    return art.sharp(big, size, zoom, ("newold_face", card, size), lambda z: card_face(card, size, z))


def _new_paper(size: tuple[int, int]) -> pygame.Surface:
    """Clean white stock with a crisp double frame in teal."""
    s = SUPERSAMPLE
    big = _shape(size, NEW_PAPER, mix(NEW_INK, NEW_PAPER, 0.35))
    width, height = big.get_size()
    fibres = art.noise_surface((width // 3, height // 3), 401, 10, theme.INK_SOFT)
    big.blit(pygame.transform.scale(fibres, (width, height)), (0, 0))
    outer = big.get_rect().inflate(-10 * s, -10 * s)
    inner = big.get_rect().inflate(-16 * s, -16 * s)
    pygame.draw.rect(big, NEW_INK, outer, 2 * s, border_radius=(CARD_RADIUS - 3) * s)
    pygame.draw.rect(big, mix(NEW_INK, NEW_PAPER, 0.45), inner, s, border_radius=(CARD_RADIUS - 6) * s)
    return big


def _old_paper(size: tuple[int, int], number: int) -> pygame.Surface:
    """Yellowed stock: stains, a darkened worn rim and a broken single frame."""
    s = SUPERSAMPLE
    big = _shape(size, OLD_PAPER, mix(OLD_INK, OLD_PAPER, 0.3))
    width, height = big.get_size()
    rng = random.Random(900 + number)
    small = (width // 6, height // 6)  # stains are soft: drawn and blurred small, then enlarged
    blotches = pygame.Surface(small, pygame.SRCALPHA)
    for _ in range(7):  # stains
        radius = rng.uniform(10, 30) * s / 6
        centre = (rng.uniform(0, small[0]), rng.uniform(0, small[1]))
        pygame.draw.circle(blotches, (*OLD_STAIN, rng.randint(25, 55)), centre, radius)
    ring_centre = (rng.uniform(small[0] * 0.3, small[0] * 0.7), rng.uniform(small[1] * 0.55, small[1] * 0.85))
    pygame.draw.circle(blotches, (*OLD_STAIN, 60), ring_centre, 26 * s / 6, 1)  # a cup ring
    blurred = pygame.transform.gaussian_blur(blotches, 1)
    big.blit(pygame.transform.smoothscale(blurred, (width, height)), (0, 0))
    grain = art.noise_surface((width // 3, height // 3), 500 + number, 50, OLD_INK)
    big.blit(pygame.transform.scale(grain, (width, height)), (0, 0))
    rim = pygame.Surface((width, height), pygame.SRCALPHA)
    for inset in range(0, 14 * s, s):
        alpha = max(0, 70 - inset // s * 5)
        pygame.draw.rect(rim, (*OLD_INK, alpha), rim.get_rect().inflate(-inset * 2, -inset * 2), s,
                         border_radius=CARD_RADIUS * s)
    big.blit(rim, (0, 0))
    frame = big.get_rect().inflate(-12 * s, -12 * s)
    art._dashed_round_rect(big, mix(OLD_INK, OLD_PAPER, 0.25), frame, (CARD_RADIUS - 4) * s, 34 * s, 7 * s, 2 * s)
    return big


def _old_damage(big: pygame.Surface, number: int) -> None:
    """Cracks from the edges and a scuffed patch (each Old number worn its own way)."""
    s = SUPERSAMPLE
    width, height = big.get_size()
    rng = random.Random(1300 + number)
    color = mix(OLD_INK, OLD_PAPER, 0.2)
    _crack(big, (0, height * rng.uniform(0.45, 0.6)), rng.uniform(-0.3, 0.3), width * 0.3, color, 2 * s, rng)
    _crack(big, (width, height * rng.uniform(0.25, 0.4)), math.pi + rng.uniform(-0.3, 0.3), width * 0.26,
           color, 2 * s, rng)
    _crack(big, (width * rng.uniform(0.55, 0.7), height), -math.pi / 2 + rng.uniform(-0.3, 0.3), height * 0.16,
           color, 2 * s, rng)


def _corner_indices(big: pygame.Surface, number: int, kind: str, ink: Color) -> None:
    """The number, large, at the top left and (upside down) the bottom right."""
    s = SUPERSAMPLE
    numeral = _numeral(str(number), 42 * s, ink)
    big.blit(numeral, (15 * s, 12 * s))
    flipped = pygame.transform.rotate(numeral, 180)
    big.blit(flipped, flipped.get_rect(bottomright=(big.get_width() - 15 * s, big.get_height() - 12 * s)))


def _kind_label(big: pygame.Surface, kind: str, ink: Color) -> None:
    """"NEW" on a small ribbon, or "OLD" on a worn tag, at the top right under the corner."""
    s = SUPERSAMPLE
    width, _ = big.get_size()
    word = "NEW" if kind == NEW else "OLD"
    label = _numeral(word, 17 * s, NEW_PAPER if kind == NEW else OLD_PAPER)  # legible on a card in hand
    box = pygame.Rect(0, 0, label.get_width() + 12 * s, label.get_height() + 8 * s)
    box.topright = (width - 13 * s, 29 * s)
    if kind == NEW:
        pygame.draw.rect(big, ink, box, border_radius=4 * s)
        notch = [(box.left, box.top), (box.left - 6 * s, box.centery), (box.left, box.bottom)]
        pygame.draw.polygon(big, ink, notch)
    else:
        pygame.draw.rect(big, mix(ink, OLD_PAPER, 0.15), box, border_radius=2 * s)
        pygame.draw.line(big, OLD_PAPER, (box.left + 3 * s, box.bottom - 3 * s), (box.left + 9 * s, box.bottom), s)
    big.blit(label, label.get_rect(center=box.center))


# ----- backs ----------------------------------------------------------------------------------------
@lru_cache(maxsize=4)
def card_back(kind: str, size: tuple[int, int] = CARD_SIZE) -> pygame.Surface:
    """The back of a New card (sunburst, sparkle) or an Old card (faded lattice, hourglass, chip)."""
    big = _new_back(size) if kind == NEW else _old_back(size)
    _clip(big, chipped=kind == OLD)
    if kind == OLD:
        _chip_edge(big, mix(OLD_BACK, (0, 0, 0), 0.4))
    return art.downsample(big, size)


def _new_back(size: tuple[int, int]) -> pygame.Surface:
    """Rays from the centre, a clean gold frame and a sparkle in a ring."""
    s = SUPERSAMPLE
    big = _shape(size, NEW_BACK, mix(NEW_BACK, (0, 0, 0), 0.5))
    width, height = big.get_size()
    centre = (width / 2, height / 2)
    reach = max(width, height)
    rays = 24
    for ray in range(0, rays, 2):
        a0 = ray / rays * math.tau
        a1 = (ray + 1) / rays * math.tau
        pygame.draw.polygon(big, NEW_BACK_RAY, [centre, (centre[0] + reach * math.cos(a0), centre[1] + reach * math.sin(a0)),
                                                (centre[0] + reach * math.cos(a1), centre[1] + reach * math.sin(a1))])
    frame = big.get_rect().inflate(-14 * s, -14 * s)
    pygame.draw.rect(big, NEW_GLINT, frame, 3 * s, border_radius=(CARD_RADIUS - 4) * s)
    pygame.draw.circle(big, NEW_BACK, centre, 34 * s)
    pygame.draw.circle(big, NEW_GLINT, centre, 34 * s, 3 * s)
    _sparkle(big, centre, 24 * s, NEW_PAPER)
    _sparkle(big, (centre[0] + 18 * s, centre[1] - 18 * s), 7 * s, NEW_GLINT)
    for fx, fy in ((0.22, 0.14), (0.78, 0.86)):
        _sparkle(big, (width * fx, height * fy), 8 * s, NEW_PAPER)
    word = _numeral("NEW", 18 * s, NEW_PAPER)
    big.blit(word, word.get_rect(center=(centre[0], height * 0.8)))
    return big


def _old_back(size: tuple[int, int]) -> pygame.Surface:
    """A faded diagonal lattice with scratches, a rough frame and an hourglass in a cracked oval."""
    s = SUPERSAMPLE
    big = _shape(size, OLD_BACK, mix(OLD_BACK, (0, 0, 0), 0.5))
    width, height = big.get_size()
    step = 18 * s
    for offset in range(-height, width + height, step):
        pygame.draw.line(big, OLD_BACK_LINE, (offset, 0), (offset + height, height), s)
        pygame.draw.line(big, OLD_BACK_LINE, (offset, height), (offset + height, 0), s)
    rng = random.Random(77)
    small = (width // 6, height // 6)
    fade = pygame.Surface(small, pygame.SRCALPHA)
    for _ in range(6):
        pygame.draw.circle(fade, (*OLD_BACK, rng.randint(90, 170)),
                           (rng.uniform(0, small[0]), rng.uniform(0, small[1])), rng.uniform(14, 34) * s / 6)
    big.blit(pygame.transform.smoothscale(pygame.transform.gaussian_blur(fade, 2), (width, height)), (0, 0))
    for _ in range(5):  # scratches
        x, y = rng.uniform(0, width), rng.uniform(0, height)
        angle = rng.uniform(0, math.pi)
        length = rng.uniform(20, 50) * s
        pygame.draw.line(big, mix(OLD_BACK_LINE, (255, 255, 255), 0.2), (x, y),
                         (x + math.cos(angle) * length, y + math.sin(angle) * length), s)
    frame = big.get_rect().inflate(-14 * s, -14 * s)
    art._dashed_round_rect(big, OLD_BACK_LINE, frame, (CARD_RADIUS - 4) * s, 30 * s, 8 * s, 3 * s)
    centre = (width / 2, height / 2)
    oval = pygame.Rect(0, 0, 62 * s, 76 * s)
    oval.center = (round(centre[0]), round(centre[1]))
    pygame.draw.ellipse(big, OLD_BACK, oval)
    pygame.draw.ellipse(big, OLD_BACK_LINE, oval, 3 * s)
    _hourglass(big, centre, 22 * s, OLD_PAPER)
    _crack(big, (oval.right - 6 * s, oval.top + 10 * s), 2.2, 26 * s, mix(OLD_BACK, (0, 0, 0), 0.45), 2 * s, rng, 0)
    word = _numeral("OLD", 18 * s, OLD_PAPER)
    big.blit(word, word.get_rect(center=(centre[0], height * 0.82)))
    return big


def _hourglass(surface: pygame.Surface, centre: tuple[float, float], size: float, color: Color) -> None:
    """An hourglass (time gone by)."""
    cx, cy = centre
    half = size * 0.62
    pygame.draw.polygon(surface, color, [(cx - half, cy - size), (cx + half, cy - size), (cx, cy)], 0)
    pygame.draw.polygon(surface, color, [(cx - half, cy + size), (cx + half, cy + size), (cx, cy)], 3 * SUPERSAMPLE)
    pygame.draw.polygon(surface, color, [(cx - half * 0.5, cy + size), (cx + half * 0.5, cy + size),
                                         (cx, cy + size * 0.5)])
    for y in (cy - size, cy + size):
        pygame.draw.line(surface, color, (cx - half * 1.25, y), (cx + half * 1.25, y), 3 * SUPERSAMPLE)


# ----- zones, badges, marks ------------------------------------------------------------------------------
@lru_cache(maxsize=8)
def zone_mat(kind: str, size: tuple[int, int] = CARD_SIZE) -> pygame.Surface:
    """The printed place of a zone on the felt: a clean double frame with glints (New zone) or a
    broken dashed frame with cracks (Old zone)."""
    s = SUPERSAMPLE
    width, height = size[0] + 2 * ZONE_PAD, size[1] + 2 * ZONE_PAD
    big = pygame.Surface((width * s, height * s), pygame.SRCALPHA)
    rect = big.get_rect().inflate(-4 * s, -4 * s)
    if kind == NEW:
        pygame.draw.rect(big, (*NEW_BACK, 110), rect, border_radius=24 * s)
        pygame.draw.rect(big, (*mix(NEW_BACK_RAY, NEW_PAPER, 0.4), 220), rect, 3 * s, border_radius=24 * s)
        pygame.draw.rect(big, (*mix(NEW_BACK_RAY, NEW_PAPER, 0.4), 150), rect.inflate(-12 * s, -12 * s), s,
                         border_radius=18 * s)
        for fx, fy, r in ((0.1, 0.07, 10), (0.9, 0.93, 10), (0.9, 0.07, 6), (0.1, 0.93, 6)):
            _sparkle(big, (big.get_width() * fx, big.get_height() * fy), r * s, (*NEW_GLINT, 230))
    else:
        pygame.draw.rect(big, (*OLD_BACK, 110), rect, border_radius=24 * s)
        art._dashed_round_rect(big, (*mix(OLD_BACK_LINE, OLD_PAPER, 0.3), 220), rect, 24 * s, 22 * s, 12 * s, 3 * s)
        rng = random.Random(5)
        tone = (*mix(OLD_BACK_LINE, OLD_PAPER, 0.2), 200)
        _crack(big, (rect.left + 4 * s, rect.top + rect.height * 0.3), 0.2, 34 * s, tone, 2 * s, rng)
        _crack(big, (rect.right - 4 * s, rect.top + rect.height * 0.72), math.pi - 0.2, 30 * s, tone, 2 * s, rng)
    return art.downsample(big, (width, height))


@lru_cache(maxsize=8)
def stage_badge(stage: str, diameter: int = 46) -> pygame.Surface:
    """A round badge with the stage letter: A on worn sepia with a dashed ring (still playing on
    the Old zone), B on teal with a solid ring and a glint (on the New zone)."""
    s = SUPERSAMPLE
    size = diameter * s
    big = pygame.Surface((size, size), pygame.SRCALPHA)
    centre = (size // 2, size // 2)
    radius = size // 2 - s
    if stage == "B":
        pygame.draw.circle(big, NEW_INK, centre, radius)
        pygame.draw.circle(big, NEW_PAPER, centre, radius - 3 * s, 2 * s)
        _sparkle(big, (size * 0.8, size * 0.2), 6 * s, NEW_GLINT)
        color = NEW_PAPER
    else:
        pygame.draw.circle(big, OLD_PAPER, centre, radius)
        for k in range(12):  # a dashed ring
            a0 = k / 12 * math.tau
            pygame.draw.arc(big, OLD_INK, big.get_rect().inflate(-6 * s, -6 * s), a0, a0 + math.tau / 20, 3 * s)
        color = OLD_INK
    letter = _numeral(stage, int(diameter * 0.6) * s, color)
    big.blit(letter, letter.get_rect(center=centre))
    return art.downsample(big, (diameter, diameter))


@lru_cache(maxsize=8)
def kind_mark(kind: str, size: int = 26) -> pygame.Surface:
    """A tiny card-back icon of a kind (for counts of cards in a hand)."""
    return art.ready(pygame.transform.smoothscale(card_back(kind), (size, round(size * CARD_SIZE[1] / CARD_SIZE[0]))))


@lru_cache(maxsize=4)
def left_tag_base(width: int, height: int) -> pygame.Surface:
    """The dark slanted tape a seat that left the game gets (its word is blitted on top)."""
    tape = pygame.Surface((width, height), pygame.SRCALPHA)
    pygame.draw.rect(tape, (*theme.INK, 235), tape.get_rect(), border_radius=8)
    pygame.draw.rect(tape, theme.TEXT_DIM, tape.get_rect(), 2, border_radius=8)
    return art.ready(tape)


@lru_cache(maxsize=2)
def game_box(size: tuple[int, int] = BOX_SIZE) -> pygame.Surface:
    """The open game box seen from above: where returned and leftover cards go, face down."""
    s = SUPERSAMPLE
    width, height = size
    big = pygame.Surface((width * s, height * s), pygame.SRCALPHA)
    rect = big.get_rect().inflate(-6 * s, -6 * s)
    cardboard = (176, 132, 86)
    pygame.draw.rect(big, mix(cardboard, (0, 0, 0), 0.45), rect.move(0, 4 * s), border_radius=12 * s)
    pygame.draw.rect(big, cardboard, rect, border_radius=12 * s)
    inner = rect.inflate(-18 * s, -18 * s)
    pygame.draw.rect(big, mix(cardboard, (0, 0, 0), 0.35), inner, border_radius=8 * s)
    pygame.draw.rect(big, mix(cardboard, (255, 255, 255), 0.25), rect, 2 * s, border_radius=12 * s)
    return art.downsample(big, size)


@lru_cache(maxsize=16)
def deck_pile(kind: str, layers: int) -> pygame.Surface:
    """A face-down deck of one kind with ``layers`` card edges under its top back, shadow included."""
    back = card_back(kind)
    shadow = art.card_shadow(CARD_SIZE, 0)
    pad = shadow.get_width() - CARD_SIZE[0]
    surface = pygame.Surface((CARD_SIZE[0] + pad + layers * 2, CARD_SIZE[1] + pad + layers * 3), pygame.SRCALPHA)
    surface.blit(shadow, (layers * 2 + 3, layers * 3 + 5))
    edge = art.card_blank(CARD_SIZE)
    for layer in range(layers, 0, -1):
        surface.blit(edge, (pad // 2 + layer * 2, pad // 2 + layer * 3))
    surface.blit(back, (pad // 2, pad // 2))
    return art.ready(surface)


# ----- a card as the table shows it ------------------------------------------------------------------
def face_picture(card: str, dim: bool = False, marked: bool = False) -> pygame.Surface:
    """A card face, darkened (cannot be played now) or stamped for the box (cached)."""
    face = card_face(card)
    if not dim and not marked:
        return face
    if not marked:
        return art.darkened(("no-face-variant", card, dim, marked), face)  # stays sharp at 4K

    def make() -> pygame.Surface:
        picture = face.copy()
        if dim:
            picture.fill((70, 70, 70, 0), special_flags=pygame.BLEND_RGB_SUB)
        if marked:
            _stamp_box(picture)
        return picture

    return art.variant(("no-face-variant", card, dim, marked), make)


def _stamp_box(picture: pygame.Surface) -> None:
    """A big cross over the card and a small box icon: "this one goes back into the box"."""
    width, height = picture.get_size()
    layer = pygame.Surface((width, height), pygame.SRCALPHA)
    ink = (*theme.FUTON, 210)
    inset = 26
    pygame.draw.line(layer, ink, (inset, inset + 20), (width - inset, height - inset - 20), 9)
    pygame.draw.line(layer, ink, (width - inset, inset + 20), (inset, height - inset - 20), 9)
    box = pygame.Rect(0, 0, 52, 30)
    box.center = (width // 2, height // 2)
    pygame.draw.rect(layer, (*theme.INK, 230), box.inflate(10, 10), border_radius=8)
    pygame.draw.rect(layer, (176, 132, 86, 255), box, border_radius=4)
    pygame.draw.line(layer, (110, 80, 50, 255), (box.centerx, box.top + 4), (box.centerx, box.bottom - 4), 3)
    picture.blit(layer, (0, 0))


# ----- plates, signs, the score sheet --------------------------------------------------------------------
def seat_plate(name: str, seat: int, you: bool, turn: bool, stage: str, left_why: str, start: bool,
               chosen: bool, now: int, total: int, size: tuple[int, int]) -> pygame.Surface:
    """A seat's plate: colour disc and symbol (a check once its box cards are chosen), name, this
    game's running score and the match total, a start pennant, the stage badge (A or B) and, once
    the seat left, a dim veil and a "left" tag."""
    def make() -> pygame.Surface:
        width, height = size
        surface = pygame.Surface((width + 12, height + 12), pygame.SRCALPHA)
        body = pygame.Rect(6, 6, width, height)
        pygame.draw.rect(surface, (*theme.INK, 220), body, border_radius=20)
        if turn:
            pygame.draw.rect(surface, theme.ACCENT, body.inflate(8, 8), 5, border_radius=24)
        disc = (body.left + 34, body.centery)
        pygame.draw.circle(surface, seat_color(seat), disc, 23)
        pygame.draw.circle(surface, theme.PAPER, disc, 23, 2)
        symbol = fonts.text(theme.SEAT_SYMBOLS[seat % len(theme.SEAT_SYMBOLS)], theme.SMALL, theme.TEXT, True)
        surface.blit(symbol, symbol.get_rect(center=disc))
        if chosen:
            tick = (disc[0] + 18, disc[1] + 16)
            pygame.draw.circle(surface, theme.OK, tick, 13)
            pygame.draw.circle(surface, theme.INK, tick, 13, 2)
            mark = fonts.text("✓", theme.TINY - 2, theme.INK, True)
            surface.blit(mark, mark.get_rect(center=tick))
        badge = stage_badge(stage)
        surface.blit(badge, badge.get_rect(midright=(body.right - 12, body.centery)))
        tag = _left_tag(left_why) if left_why else None
        flag = _start_flag() if start else None
        room = width - 66 - 64 - (tag.get_width() - 8 if tag is not None else 0)
        if flag is not None:  # a long name's lowest ink (the brackets of "(あなた)") reaches the pennant's line
            room = min(room, width - 66 - 62 - flag.get_width() - 8)
        label, type_size = fitted_seat_label(name, you, theme.SMALL + 2, room)
        label_image = fonts.text(label, type_size, theme.TEXT, True)
        surface.blit(label_image, (body.left + 66, body.top + 7))
        room = width - 66 - 64 - (flag.get_width() + 6 if flag is not None else 0)
        scores = t("newold_table.plate.scores", now=signed_text(now), total=signed_text(total))
        type_size = fit_size(scores, theme.TINY, room, smallest=theme.LEAST)
        score_image = fonts.text(clipped(scores, type_size, room), type_size, theme.TEXT_DIM)
        surface.blit(score_image, (body.left + 66, body.top + 38))
        if flag is not None:
            surface.blit(flag, flag.get_rect(midright=(body.right - 62, body.top + 49)))
        if tag is not None:
            veil = pygame.Surface(body.size, pygame.SRCALPHA)
            pygame.draw.rect(veil, (*theme.ROOM, 120), veil.get_rect(), border_radius=20)
            surface.blit(veil, body.topleft)
            surface.blit(tag, tag.get_rect(midright=(body.right - 58, body.top + 17)))
        return surface

    key = ("no-plate", name, seat, you, turn, stage, left_why, start, chosen, now, total, size, labels.lang())
    return labels.cached(key, make)


def _left_tag(why: str) -> pygame.Surface:
    """A slanted dark tape: "Left: hand empty" / "Left: stuck"."""
    label = fonts.text(t(f"newold_table.left.{why}"), theme.TINY - 2, theme.TEXT, True)
    tag = left_tag_base(label.get_width() + 20, label.get_height() + 6).copy()
    tag.blit(label, label.get_rect(center=tag.get_rect().center))
    return pygame.transform.rotozoom(tag, 4, 1.0)


def _start_flag() -> pygame.Surface:
    """A little pennant: this seat starts the game."""
    def make() -> pygame.Surface:
        word = fonts.text(t("newold_table.plate.start"), theme.LEAST, theme.INK, True)
        width = word.get_width() + 30
        surface = pygame.Surface((width, 28), pygame.SRCALPHA)
        pygame.draw.line(surface, theme.GOLD, (3, 1), (3, 27), 3)
        pygame.draw.polygon(surface, theme.GOLD, [(5, 2), (width - 1, 2), (width - 8, 13), (width - 1, 24), (5, 24)])
        surface.blit(word, word.get_rect(midleft=(10, 13)))
        return surface

    return labels.cached(("no-start-flag", labels.lang()), make)


def zone_sign(zone: str, stage_note: str) -> pygame.Surface:
    """The sign beside a zone: its name, who plays there, and the kind's mark."""
    def make() -> pygame.Surface:
        title = t("newold_table.zone.old" if zone == ZONE_OLD else "newold_table.zone.new")
        who = t("newold_table.zone.old_who" if zone == ZONE_OLD else "newold_table.zone.new_who")
        width = 210
        title_image = fonts.text(title, fit_size(title, theme.BODY, width - 16, bold=True), theme.TEXT, True)
        who_lines = fonts.wrap(who, theme.TINY - 2, width - 20)
        line = fonts.line_height(theme.TINY - 2)
        text_bottom = 98 + line * len(who_lines)
        height = text_bottom + 50  # room for the note, shown or not, so the sign never changes size
        surface = pygame.Surface((width, height), pygame.SRCALPHA)
        pygame.draw.rect(surface, (*theme.INK, 150), surface.get_rect(), border_radius=18)
        badge = stage_badge(STAGE_A if zone == ZONE_OLD else STAGE_B, 40)
        surface.blit(badge, badge.get_rect(midtop=(width // 2, 10)))
        surface.blit(title_image, title_image.get_rect(midtop=(width // 2, 56)))
        for number, text in enumerate(who_lines):
            image = fonts.text(text, theme.TINY - 2, theme.TEXT_DIM)
            surface.blit(image, image.get_rect(midtop=(width // 2, 96 + number * line)))
        if stage_note:
            note = labels.note_pill(stage_note, True)
            surface.blit(note, note.get_rect(midtop=(width // 2, text_bottom + 6)))
        return surface

    return labels.cached(("no-zone-sign", zone, stage_note, labels.lang()), make)


def score_sheet(rows: tuple[tuple[int, ...], ...], running: tuple[int, ...], game: int, games: int,
                totals: tuple[int, ...], rank_totals: tuple[int, ...], names: tuple[str, ...]) -> pygame.Surface:
    """The score pad: one row per game of the match (diamonds per seat; this game's running score
    in pale ink), the diamond totals and, with the variant, the rank points that decide."""
    def make() -> pygame.Surface:
        players = len(names)
        width, height = sheet_size(games, bool(rank_totals))
        keys = [t("newold_table.sheet.game", n=games), t("newold_table.sheet.total")]
        if rank_totals:
            keys.append(t("newold_table.sheet.rank"))
        label_width = max(fonts.text_width(key, theme.TINY, True) for key in keys) + 34
        column = (width - label_width - 14) // players
        row_height = sheet_row_height(games, bool(rank_totals))
        surface = pygame.Surface((width, height), pygame.SRCALPHA)
        pygame.draw.rect(surface, (*theme.PAPER, 236), surface.get_rect(), border_radius=18)
        pygame.draw.rect(surface, theme.GOLD, surface.get_rect().inflate(-8, -8), 2, border_radius=14)
        heading = t("newold_table.sheet.heading", n=min(game + 1, games), total=games)
        title = fonts.text(heading, fit_size(heading, theme.SMALL + 2, width - 40, bold=True), theme.INK, True)
        surface.blit(title, (22, 16))
        top = 64
        for seat in range(players):
            x = label_width + column * seat + column // 2
            pygame.draw.circle(surface, seat_color(seat), (x, top + 14), 16)
            mark = fonts.text(theme.SEAT_SYMBOLS[seat % len(theme.SEAT_SYMBOLS)], theme.TINY - 2, theme.TEXT, True)
            surface.blit(mark, mark.get_rect(center=(x, top + 14)))
        y = top + 34
        for number in range(games):
            done = number < len(rows)
            current = number == game and not done
            if current:
                band = pygame.Surface((width - 28, row_height - 4), pygame.SRCALPHA)
                pygame.draw.rect(band, (*theme.GOLD, 80), band.get_rect(), border_radius=8)
                surface.blit(band, (14, y + 2))
            label = fonts.text(t("newold_table.sheet.game", n=number + 1), theme.TINY, theme.INK_SOFT, current)
            surface.blit(label, label.get_rect(midleft=(22, y + row_height // 2)))
            for seat in range(players):
                x = label_width + column * seat + column // 2
                if done:
                    text, color = signed_text(rows[number][seat]), theme.INK
                elif current:
                    text, color = signed_text(running[seat]), theme.INK_SOFT
                else:
                    continue
                image = fonts.text(text, theme.TINY, color, done)
                surface.blit(image, image.get_rect(center=(x, y + row_height // 2)))
            y += row_height
        pygame.draw.line(surface, theme.PAPER_SHADE, (18, y + 1), (width - 18, y + 1), 2)
        final_rows = [("newold_table.sheet.total", totals, not rank_totals)]
        if rank_totals:
            final_rows.append(("newold_table.sheet.rank", rank_totals, True))
        for key, values, decisive in final_rows:
            label = fonts.text(t(key), theme.TINY, theme.INK, True)
            surface.blit(label, label.get_rect(midleft=(22, y + row_height // 2 + 2)))
            best = max(values) if values else 0
            for seat in range(players):
                x = label_width + column * seat + column // 2
                color = theme.FUTON if decisive and values[seat] == best else theme.INK
                image = fonts.text(signed_text(values[seat]), theme.SMALL - 2, color, True)
                surface.blit(image, image.get_rect(center=(x, y + row_height // 2 + 2)))
            y += row_height
        return surface

    return labels.cached(("board", rows, running, game, games, totals, rank_totals, names, labels.lang()), make)


cache.on_release(cache.TABLE, clear_caches)
