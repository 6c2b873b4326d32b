"""That Old Wallpaper's cards, drawn in code and cached: wallpaper card faces (turned or not), hazy
memory cards, the deck back, number cards per seat, memory tokens and round cards.

Every wallpaper card has a vintage wallpaper background (``art_paper``), its four half-shapes and,
maybe, a centre symbol (``art_motifs``). A hazy memory card is a soft grey-lilac mist with blurred
gold halves.

Speed: a card face is composed from cached parts (background, motifs, centre symbol) per width, so
a new width costs a few motif drawings and each face a handful of blits; ``wall_picture`` blits
cached faces and is itself cached by its arguments. Treat every returned surface as read-only.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence

import pygame

from game.i18n import language, t
from game.rules.wallpaper import HAZY_COUNT, HAZY_FIRST, WALLPAPER_COUNT, WILD, card_by_id
from scenes.engine import crisp, fonts, theme
from scenes.table import art
from scenes.table.art import mix
from scenes.wallpaper.art_motifs import CENTRE_SPAN, _four_point_star, _half_origin, _motif_for, centre_symbol
from scenes.wallpaper.art_paper import (
    BACK_FIELD,
    BACK_LINE,
    GOLD_LIGHT,
    GRANDMA_INDEX,
    INK,
    LEAF,
    LOCKET_RIM,
    MIST,
    MIST_DEEP,
    OVAL_RED,
    PETAL,
    RAY,
    SEAT_COLOURS,
    SKY,
    SUPERSAMPLE,
    Color,
    _cached,
    _faces,
    _finish_card,
    _misc,
    _opaque_copy,
    _polar,
    background,
    background_index,
)
from scenes.wallpaper.layout import card_height, card_size

NUMBER_RATIO = art.CARD_SIZE[0] / art.CARD_SIZE[1]  # a number card is portrait: width / height
CORNER_LEAST = 9  # px: a number card's corner index is printed only from this size up
ALL_CARD_IDS = tuple(range(HAZY_FIRST + HAZY_COUNT))


# ----- ahead of the first frame --------------------------------------------------------------------
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
    return SEAT_COLOURS.index(colour) if colour in SEAT_COLOURS else -1


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
        picture = pygame.transform.smoothscale(big, (width, height))
        if not face_up:
            return picture
        # the number drawn again at the window's scale: sharp at 4K (``scenes.engine.crisp``)
        return crisp.art_image(picture, ("number", colour, number, height, index),
                               lambda zoom: number_card(colour, number, max(2, round(height * zoom)), True, seat))

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
    if h * 0.12 >= CORNER_LEAST * SUPERSAMPLE:  # smaller, a corner index is a smudge: the big numeral says it
        corner = fonts.font(round(h * 0.12), True).render(str(number), True, deep)
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


# ----- every card ----------------------------------------------------------------------------------
def all_card_ids() -> tuple[int, ...]:
    """Every card id the art draws (109 wallpaper cards, then the 21 hazy memory cards)."""
    return ALL_CARD_IDS
