"""Pictures of Nostalgic ~ノスタルジック~: the palette, the nostalgia cards, the players' markers,
the reroll chips, the round card and the small icons the board prints.

Everything is drawn in code, once, and cached; treat returned surfaces as read-only. Shapes are
drawn supersampled and scaled down once, text at the final size.

Cards (toy / photo / letter) differ by symbol AND colour: a red spinning top, a blue snapshot, a
mustard envelope; a wild card carries a big "W" ribbon over its kind's art. Player markers differ
by shape (circle, triangle, square, diamond, matching the seat symbols of the other tables) as
well as colour.

The rest of the game's pictures, by topic:

- ``art_board.py``  the printed board (``board_picture``) and ``prewarm``;
- ``art_table.py``  what lies round the board: the seats' plates and panels, the dice tray, the
                    viewer's hand, the round and legend cards, badges, glows and shadows.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

import pygame

from game.i18n import language, t
from scenes.engine import cache, crisp, fonts, theme
from scenes.nostalgic.layout import CARD_ASPECT
from scenes.table import art, dice_throw
from scenes.table.art import mix

Color = tuple[int, int, int]

# ----- palette ------------------------------------------------------------------------------------------
SEAT_COLOURS: tuple[Color, ...] = tuple(theme.SEAT_COLORS[:4])
SEAT_SHAPES: tuple[str, ...] = ("circle", "triangle", "square", "diamond")  # = theme.SEAT_SYMBOLS ●▲■◆
KIND_COLOURS: dict[str, Color] = {"T": (206, 74, 58), "P": (52, 116, 178), "L": (214, 158, 44)}
KIND_DEEP: dict[str, Color] = {"T": (150, 44, 36), "P": (30, 74, 126), "L": (150, 104, 22)}
SPACE_COLOURS: dict[str, Color] = {"tidy": (112, 158, 104), "pack": (196, 138, 74), "recall": (178, 112, 150)}
BOARD_EDGE: Color = (92, 62, 40)
BOARD_FACE: Color = (240, 228, 200)
TRACK_CELL: Color = (250, 242, 222)
TRACK_CELL_ALT: Color = (236, 222, 190)
TATAMI: Color = (204, 196, 140)
TATAMI_LINE: Color = (178, 168, 112)
TATAMI_HERI: Color = (70, 84, 62)  # the cloth border of a tatami mat
KRAFT: Color = (196, 150, 98)
KRAFT_DARK: Color = (150, 104, 62)
KRAFT_LIGHT: Color = (222, 184, 134)
TAPE: Color = (226, 204, 150)
WOOD_LIGHT: Color = (198, 150, 98)
WOOD_MID: Color = (160, 112, 70)
CLOSET_DARK: Color = (74, 54, 42)
FUSUMA: Color = (238, 230, 206)
BEAR: Color = (168, 112, 66)
BEAR_LIGHT: Color = (222, 184, 140)
CHIP_FACE: Color = (246, 236, 214)
CHIP_EDGE: Color = (44, 146, 150)
NP_GOLD: Color = (240, 196, 84)
BACK: Color = (104, 70, 58)
BACK_LINE: Color = (214, 176, 120)
WILD_RIBBON: Color = (244, 206, 96)
RIBBON = ((0.34, -0.06), (1.1, 0.44))  # the wild sash's centre line, from the top edge to the right edge


def seat_colour(seat: int) -> tuple[int, int, int]:
    """The colour of a seat's dice and markers (the art's palette)."""
    colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
    return (colour[0], colour[1], colour[2])


# ----- small drawing helpers --------------------------------------------------------------------------
def supersampled(size: tuple[int, int], scale: int = art.SUPERSAMPLE) -> pygame.Surface:
    """A clear surface ``scale`` times ``size`` to draw on before scaling down."""
    return pygame.Surface((max(1, size[0] * scale), max(1, size[1] * scale)), pygame.SRCALPHA)


def polygon_round(surface: pygame.Surface, colour: Color | tuple[int, int, int, int],
                  points: Sequence[tuple[float, float]], width: int = 0) -> None:
    """A polygon whose outline has round joints (thick outlines look drawn by a marker)."""
    if width == 0:
        pygame.draw.polygon(surface, colour, points)
        return
    pygame.draw.polygon(surface, colour, points, width)
    for point in points:
        pygame.draw.circle(surface, colour, point, width / 2)


def shape_points(shape: str, centre: tuple[float, float], radius: float) -> list[tuple[float, float]]:
    """The corners of a seat's emblem shape (a circle gives a 32-gon)."""
    cx, cy = centre
    if shape == "triangle":
        return [(cx + radius * math.cos(a), cy + radius * 0.1 + radius * math.sin(a))
                for a in (-math.pi / 2, math.pi / 6, math.pi * 5 / 6)]
    if shape == "square":
        half = radius * 0.8
        return [(cx - half, cy - half), (cx + half, cy - half), (cx + half, cy + half), (cx - half, cy + half)]
    if shape == "diamond":
        return [(cx, cy - radius), (cx + radius * 0.86, cy), (cx, cy + radius), (cx - radius * 0.86, cy)]
    return [(cx + radius * math.cos(k * math.tau / 32), cy + radius * math.sin(k * math.tau / 32)) for k in range(32)]


def sized_text(s: str, size: float, colour: Color, bold: bool = True) -> pygame.Surface:
    """Cached text at a (rounded) size."""
    return fonts.text(s, max(8, round(size)), colour, bold)


def fit_text(s: str, size: float, width: float, colour: Color, bold: bool = True) -> pygame.Surface:
    """``s`` at the largest size up to ``size`` that fits ``width`` pixels, never under
    ``theme.LEAST`` (text smaller than that cannot be read in a 1280x720 window)."""
    size = round(size)
    while size > theme.LEAST and fonts.text_width(s, size, bold) > width:
        size -= 1
    return sized_text(s, size, colour, bold)


def _lemniscate(surface: pygame.Surface, centre: tuple[float, float], width: float, colour: Color,
                thickness: float) -> None:
    """An ∞ drawn as a figure-eight curve (no font needed)."""
    cx, cy = centre
    a = width / 2
    points = []
    for k in range(73):
        angle = k * math.tau / 72
        denominator = 1 + math.sin(angle) ** 2
        points.append((cx + a * math.cos(angle) / denominator, cy + a * math.sin(angle) * math.cos(angle) / denominator * 1.25))
    pygame.draw.lines(surface, colour, True, points, max(1, round(thickness)))
    for point in points[::3]:
        pygame.draw.circle(surface, colour, point, thickness / 2)


def draw_heart(big: pygame.Surface, centre: tuple[float, float], r: float, colour: Color) -> None:
    """A heart of size ``r``."""
    cx, cy = centre
    pygame.draw.circle(big, colour, (cx - r * 0.5, cy - r * 0.25), r * 0.55)
    pygame.draw.circle(big, colour, (cx + r * 0.5, cy - r * 0.25), r * 0.55)
    pygame.draw.polygon(big, colour, [(cx - r * 1.02, cy - r * 0.1), (cx + r * 1.02, cy - r * 0.1), (cx, cy + r * 1.0)])


def draw_box(big: pygame.Surface, front: pygame.Rect, depth: int, line: float) -> None:
    """A taped cardboard box: front face ``front``, a top face ``depth`` deep leaning right."""
    lean = depth * 0.5
    top = [(front.left, front.top), (front.left + lean, front.top - depth), (front.right + lean, front.top - depth),
           (front.right, front.top)]
    side = [(front.right, front.top), (front.right + lean, front.top - depth), (front.right + lean, front.bottom - depth),
            (front.right, front.bottom)]
    width = max(1, round(line))
    pygame.draw.polygon(big, KRAFT_LIGHT, top)
    pygame.draw.polygon(big, KRAFT_DARK, side)
    pygame.draw.rect(big, KRAFT, front)
    tape_w = max(2, front.width // 6)
    pygame.draw.polygon(big, TAPE, [(front.centerx - tape_w / 2 + lean * 0.5, front.top - depth * 0.5 - 1),
                                    (front.centerx + tape_w / 2 + lean * 0.5, front.top - depth * 0.5 - 1),
                                    (front.centerx + tape_w / 2, front.top), (front.centerx - tape_w / 2, front.top)])
    pygame.draw.rect(big, TAPE, (front.centerx - tape_w / 2, front.top, tape_w, front.height * 0.32))
    pygame.draw.line(big, mix(KRAFT_LIGHT, KRAFT_DARK, 0.5), (front.left + lean * 0.5, front.top - depth * 0.5),
                     (front.right + lean * 0.5, front.top - depth * 0.5), width)
    ink = mix(KRAFT_DARK, theme.INK, 0.5)
    polygon_round(big, ink, top, width)
    polygon_round(big, ink, side, width)
    pygame.draw.rect(big, ink, front, width)


def draw_reroll_arrows(big: pygame.Surface, centre: tuple[float, float], r: float, colour: Color, width: int) -> None:
    """Two curved arrows chasing each other round a circle (throw again)."""
    cx, cy = centre
    box = pygame.Rect(cx - r, cy - r, r * 2, r * 2)
    for start in (0.35, math.pi + 0.35):
        pygame.draw.arc(big, colour, box, start, start + math.pi * 0.72, width)
        end = start + math.pi * 0.72
        tip = (cx + r * math.cos(end), cy - r * math.sin(end))
        direction = end + math.pi / 2  # along the arc, counter-clockwise
        dx, dy = math.cos(direction), -math.sin(direction)
        nx, ny = math.cos(end), -math.sin(end)
        size = r * 0.55
        pygame.draw.polygon(big, colour, [(tip[0] + dx * size, tip[1] + dy * size),
                                          (tip[0] + nx * size * 0.6, tip[1] + ny * size * 0.6),
                                          (tip[0] - nx * size * 0.6, tip[1] - ny * size * 0.6)])


# ----- icons (final size, cached) ---------------------------------------------------------------------
_icons = art.SurfaceCache("nostalgic.icons", 2 * art.MB)

def mini_die(value: int | None, size: int) -> pygame.Surface:
    """A small printed die face for a balloon (``None``: a die with a question mark)."""
    def make() -> pygame.Surface:
        s = art.SUPERSAMPLE
        big = supersampled((size, size))
        rect = big.get_rect().inflate(-2 * s, -2 * s)
        radius = round(size * s * 0.24)
        pygame.draw.rect(big, theme.INK, rect, border_radius=radius)
        pygame.draw.rect(big, dice_throw.IVORY, rect.inflate(-2 * s, -2 * s), border_radius=radius - s)
        if value is not None:
            for fx, fy in dice_throw.PIPS[value]:
                pip = size * s * (0.14 if value == 1 else 0.095)
                colour = dice_throw.PIP_RED if value == 1 else theme.INK
                pygame.draw.circle(big, colour, (rect.left + rect.width * fx, rect.top + rect.height * fy), pip)
        picture = art.downsample(big, (size, size))
        if value is None:
            mark = sized_text("?", max(theme.LEAST, size * 0.72), theme.INK)
            picture.blit(mark, mark.get_rect(center=(size / 2, size / 2 + 1)))
        return picture

    return _icons.get(("mini-die", value, size), make)


QUESTION_DIE = math.ceil(theme.LEAST / 0.72)  # the least die whose "?" (72 % of it) can be read


def np_pill(amount: int | None, height: int) -> pygame.Surface:
    """A gold pill "+N NP" (``None``: "+ [die] NP", as many NP as the die shows); its words are
    never smaller than ``theme.LEAST``, the pill grows round them if it must."""
    def make() -> pygame.Surface:
        plus = sized_text(f"+{amount}" if amount is not None else "+", max(theme.LEAST, height * 0.66), theme.INK)
        unit = sized_text("NP", max(theme.LEAST, height * 0.42), theme.INK)
        die = mini_die(None, max(QUESTION_DIE, round(height * 0.62))) if amount is None else None
        tall = max(height, die.get_height() + 4 if die else 0)
        inner = plus.get_width() + unit.get_width() + 3 + (die.get_width() + 3 if die else 0)
        width = inner + round(tall * 0.5)
        s = art.SUPERSAMPLE
        big = supersampled((width, tall))
        body = big.get_rect().inflate(-2 * s, -2 * s)
        pygame.draw.rect(big, mix(NP_GOLD, theme.INK, 0.45), body, border_radius=body.height // 2)
        pygame.draw.rect(big, NP_GOLD, body.inflate(-3 * s, -3 * s), border_radius=body.height // 2)
        pygame.draw.ellipse(big, mix(NP_GOLD, (255, 255, 255), 0.45),
                            (body.left + body.width * 0.15, body.top + 3 * s, body.width * 0.7, body.height * 0.28))
        picture = art.downsample(big, (width, tall))
        x = (width - inner) // 2
        plus_at = plus.get_rect(midleft=(x, tall / 2))
        picture.blit(plus, plus_at)
        x += plus.get_width() + 3
        if die is not None:
            picture.blit(die, die.get_rect(midleft=(x, tall / 2)))
            x += die.get_width() + 3
        picture.blit(unit, unit.get_rect(bottomleft=(x, plus_at.bottom)))  # on the same baseline
        return picture

    return _icons.get(("np-pill", amount, height), make)


def box_icon(size: int) -> pygame.Surface:
    """A small taped cardboard box (3/4 view)."""
    def make() -> pygame.Surface:
        s = art.SUPERSAMPLE
        big = supersampled((size, size))
        draw_box(big, pygame.Rect(s, round(size * s * 0.3), size * s - 2 * s, round(size * s * 0.66)),
                  round(size * s * 0.26), 1.5 * s)
        return art.downsample(big, (size, size))

    return _icons.get(("box-icon", size), make)


def card_icon(height: int) -> pygame.Surface:
    """A small fan of the three kinds of nostalgia card (take a card)."""
    def make() -> pygame.Surface:
        card_w = max(6, round(height * 0.8 / CARD_ASPECT))
        width = round(card_w * 2.1)
        picture = pygame.Surface((width, height), pygame.SRCALPHA)
        for kind, angle, dx in (("T", 16, -0.45), ("P", 0, 0.0), ("L", -16, 0.45)):
            face = pygame.transform.rotozoom(card_face(kind, card_w * 2), angle, 0.5)
            picture.blit(face, face.get_rect(center=(width / 2 + dx * card_w, height / 2 + abs(dx) * height * 0.08)))
        return picture

    return _icons.get(("card-icon", height), make)


def infinity_badge(size: int) -> pygame.Surface:
    """A round badge with ∞ (the balloon that takes any number of dice)."""
    def make() -> pygame.Surface:
        s = art.SUPERSAMPLE
        big = supersampled((size, size))
        centre = (size * s / 2, size * s / 2)
        pygame.draw.circle(big, theme.INK, centre, size * s / 2 - s)
        pygame.draw.circle(big, SPACE_COLOURS["recall"], centre, size * s / 2 - 3 * s)
        _lemniscate(big, centre, size * s * 0.68, theme.PAPER, size * s * 0.09)
        return art.downsample(big, (size, size))

    return _icons.get(("infinity", size), make)


def arrow_icon(size: int, colour: Color = theme.INK_SOFT) -> pygame.Surface:
    """A short fat arrow pointing right (faces -> effect)."""
    def make() -> pygame.Surface:
        s = art.SUPERSAMPLE
        big = supersampled((size, size))
        w = size * s
        points = [(w * 0.1, w * 0.4), (w * 0.55, w * 0.4), (w * 0.55, w * 0.22), (w * 0.92, w * 0.5),
                  (w * 0.55, w * 0.78), (w * 0.55, w * 0.6), (w * 0.1, w * 0.6)]
        pygame.draw.polygon(big, colour, points)
        return art.downsample(big, (size, size))

    return _icons.get(("arrow", size, colour), make)


# ----- nostalgia cards ----------------------------------------------------------------------------------
def card_size(width: int) -> tuple[int, int]:
    """A card's size for ``width`` (the table's card proportions)."""
    return width, round(width * CARD_ASPECT)


def _kind_of(card: str) -> str:
    """The kind letter whose art a card shows ("TW" -> "T")."""
    return card[:1]


@lru_cache(maxsize=64)
def card_face(card: str, width: int = art.CARD_SIZE[0], zoom: float = 1.0) -> pygame.Surface:
    """A nostalgia card: a kind-coloured frame, its symbol big in a tinted medallion and small in
    two corners; a wild card ("TW", "PW", "LW") adds a big "W" ribbon across the top. Drawn at
    ``zoom`` times its size; at zoom 1 it draws itself anew at the window's scale (sharp at 4K,
    see ``scenes.engine.crisp``)."""
    kind = _kind_of(card)
    wild = card.endswith("W")
    size = art.zoomed(card_size(width), zoom)  # the pixels it is drawn with
    s = art.SUPERSAMPLE
    colour, deep = KIND_COLOURS.get(kind, theme.GOLD), KIND_DEEP.get(kind, theme.INK)
    big = supersampled(size)
    w, h = big.get_size()
    radius = round(w * 0.1)
    edge = max(1, round(2 * s * zoom))
    pygame.draw.rect(big, deep, big.get_rect(), border_radius=radius)
    pygame.draw.rect(big, colour, big.get_rect().inflate(-edge, -edge), border_radius=radius)
    field_rect = big.get_rect().inflate(-round(w * 0.12), -round(w * 0.12))
    pygame.draw.rect(big, theme.PAPER, field_rect, border_radius=round(radius * 0.6))
    pygame.draw.rect(big, mix(colour, theme.PAPER, 0.5), field_rect.inflate(-round(w * 0.05), -round(w * 0.05)),
                     max(1, round(w * 0.012)), border_radius=round(radius * 0.5))
    centre = (w / 2, h * 0.54)
    medallion = w * 0.34
    pygame.draw.circle(big, mix(colour, theme.PAPER, 0.78), centre, medallion)
    pygame.draw.circle(big, mix(colour, theme.PAPER, 0.45), centre, medallion, max(1, round(w * 0.015)))
    _kind_symbol(big, kind, centre, medallion * 0.78)
    corner = w * 0.1
    _kind_symbol(big, kind, (field_rect.left + corner * 1.15, field_rect.top + corner * 1.2), corner)
    flipped = pygame.Surface((round(corner * 2.6), round(corner * 2.6)), pygame.SRCALPHA)
    _kind_symbol(flipped, kind, (corner * 1.3, corner * 1.3), corner)
    flipped = pygame.transform.rotate(flipped, 180)
    big.blit(flipped, flipped.get_rect(center=(field_rect.right - corner * 1.15, field_rect.bottom - corner * 1.2)))
    if wild:
        _wild_ribbon(big, w, h)
    picture = art.downsample(big, size)
    if wild:
        _wild_letter(picture)
    if zoom != 1.0:
        return picture
    return crisp.art_image(picture, ("nos_face", card, width),
                           lambda z: card_face(card, width, art.zoom_bucket(z)))


def _wild_letter(picture: pygame.Surface) -> None:
    """The big "W" on a wild card's ribbon, written along it at the picture's own size."""
    width, height = picture.get_size()
    (x0, y0), (x1, y1) = RIBBON
    slope = math.degrees(math.atan2((y1 - y0) * height, (x1 - x0) * width))
    letter = pygame.transform.rotozoom(sized_text("W", width * 0.24, theme.INK), -slope, 1.0)
    picture.blit(letter, letter.get_rect(center=(width * 0.745, height * 0.19)))


def _wild_ribbon(big: pygame.Surface, w: int, h: int) -> None:
    """A gold sash across the top-right corner, edged in the three kinds' colours (any kind)."""
    band = w * 0.28
    start, end = RIBBON[0], RIBBON[1]
    start, end = (w * start[0], h * start[1]), (w * end[0], h * end[1])
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    nx, ny = -dy / length, dx / length
    layer = pygame.Surface((w, h), pygame.SRCALPHA)
    for offset, colour in ((band * 0.5 + w * 0.03, KIND_COLOURS["T"]), (band * 0.5 + w * 0.015, KIND_COLOURS["P"]),
                           (band * 0.5, KIND_COLOURS["L"])):
        pygame.draw.polygon(layer, colour, [(start[0] + nx * offset, start[1] + ny * offset),
                                            (end[0] + nx * offset, end[1] + ny * offset),
                                            (end[0] - nx * offset, end[1] - ny * offset),
                                            (start[0] - nx * offset, start[1] - ny * offset)])
    inner = band * 0.44
    pygame.draw.polygon(layer, WILD_RIBBON, [(start[0] + nx * inner, start[1] + ny * inner),
                                             (end[0] + nx * inner, end[1] + ny * inner),
                                             (end[0] - nx * inner, end[1] - ny * inner),
                                             (start[0] - nx * inner, start[1] - ny * inner)])
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=round(w * 0.1))
    layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    big.blit(layer, (0, 0))


def _kind_symbol(big: pygame.Surface, kind: str, centre: tuple[float, float], r: float) -> None:
    """A kind's symbol: a spinning top (toy), a snapshot (photo), an envelope (letter)."""
    if kind == "T":
        _spinning_top(big, centre, r)
    elif kind == "P":
        _snapshot(big, centre, r)
    else:
        _envelope(big, centre, r)


def _spinning_top(big: pygame.Surface, centre: tuple[float, float], r: float) -> None:
    """A koma: a wide striped body on a point, a stem on top."""
    cx, cy = centre
    line = max(1, round(r * 0.07))
    ink = KIND_DEEP["T"]
    body = [(cx - r * 0.95, cy - r * 0.1), (cx - r * 0.7, cy - r * 0.42), (cx + r * 0.7, cy - r * 0.42),
            (cx + r * 0.95, cy - r * 0.1), (cx + r * 0.2, cy + r * 0.7), (cx, cy + r * 0.95),
            (cx - r * 0.2, cy + r * 0.7)]
    pygame.draw.rect(big, ink, (cx - r * 0.09, cy - r * 0.95, r * 0.18, r * 0.6), border_radius=round(r * 0.05))
    pygame.draw.polygon(big, KIND_COLOURS["T"], body)
    stripe = [(cx - r * 0.82, cy - r * 0.26), (cx + r * 0.82, cy - r * 0.26), (cx + r * 0.62, cy + r * 0.06),
              (cx - r * 0.62, cy + r * 0.06)]
    pygame.draw.polygon(big, theme.PAPER, stripe)
    band = [(cx - r * 0.5, cy + r * 0.2), (cx + r * 0.5, cy + r * 0.2), (cx + r * 0.3, cy + r * 0.42),
            (cx - r * 0.3, cy + r * 0.42)]
    pygame.draw.polygon(big, theme.GOLD, band)
    polygon_round(big, ink, body, line)
    pygame.draw.arc(big, ink, (cx - r * 1.2, cy - r * 0.7, r * 0.5, r * 0.9), math.pi * 0.6, math.pi * 1.2, line)
    pygame.draw.arc(big, ink, (cx + r * 0.7, cy - r * 0.7, r * 0.5, r * 0.9), -math.pi * 0.2, math.pi * 0.4, line)


def _snapshot(big: pygame.Surface, centre: tuple[float, float], r: float) -> None:
    """An instant photo, a little tilted: white border, sky, a mountain, a sun."""
    side = r * 1.7
    photo = pygame.Surface((round(side), round(side * 1.12)), pygame.SRCALPHA)
    pw = photo.get_width()
    line = max(1, round(r * 0.06))
    pygame.draw.rect(photo, KIND_DEEP["P"], photo.get_rect(), border_radius=round(r * 0.06))
    pygame.draw.rect(photo, (252, 250, 244), photo.get_rect().inflate(-line * 2, -line * 2), border_radius=round(r * 0.05))
    window = pygame.Rect(round(pw * 0.1), round(pw * 0.1), round(pw * 0.8), round(pw * 0.76))
    pygame.draw.rect(photo, (150, 200, 236), window)
    pygame.draw.circle(photo, (248, 204, 90), (window.right - window.width * 0.25, window.top + window.height * 0.28),
                       window.width * 0.12)
    mountain = [(window.left, window.bottom), (window.left + window.width * 0.38, window.top + window.height * 0.35),
                (window.left + window.width * 0.62, window.top + window.height * 0.62),
                (window.left + window.width * 0.78, window.top + window.height * 0.48), (window.right, window.bottom)]
    pygame.draw.polygon(photo, KIND_COLOURS["P"], mountain)
    snow = [(window.left + window.width * 0.3, window.top + window.height * 0.45),
            (window.left + window.width * 0.38, window.top + window.height * 0.35),
            (window.left + window.width * 0.46, window.top + window.height * 0.45)]
    pygame.draw.polygon(photo, (252, 250, 244), snow)
    pygame.draw.rect(photo, KIND_DEEP["P"], window, line)
    turned = pygame.transform.rotozoom(photo, 8, 1.0)
    big.blit(turned, turned.get_rect(center=centre))


def _envelope(big: pygame.Surface, centre: tuple[float, float], r: float) -> None:
    """A letter: an envelope with its flap closed by a red heart seal."""
    cx, cy = centre
    body = pygame.Rect(0, 0, r * 1.9, r * 1.3)
    body.center = (round(cx), round(cy + r * 0.05))
    line = max(1, round(r * 0.07))
    ink = KIND_DEEP["L"]
    pygame.draw.rect(big, (252, 240, 206), body, border_radius=round(r * 0.08))
    pygame.draw.lines(big, mix(ink, (252, 240, 206), 0.4), False,
                      [body.bottomleft, (body.centerx, body.top + body.height * 0.5), body.bottomright], line)
    flap = [body.topleft, (body.centerx, body.top + body.height * 0.6), body.topright]
    pygame.draw.polygon(big, KIND_COLOURS["L"], flap)
    polygon_round(big, ink, flap, line)
    pygame.draw.rect(big, ink, body, line, border_radius=round(r * 0.08))
    draw_heart(big, (body.centerx, body.top + body.height * 0.58), r * 0.24, (200, 52, 60))


@lru_cache(maxsize=24)
def card_back(width: int = art.CARD_SIZE[0], zoom: float = 1.0) -> pygame.Surface:
    """The shared back: sepia with a fine diamond lattice and a little house in a round window
    (drawn at ``zoom`` times its size; at zoom 1 it draws itself anew at the window's scale)."""
    size = art.zoomed(card_size(width), zoom)  # the pixels it is drawn with
    s = art.SUPERSAMPLE
    big = supersampled(size)
    w, h = big.get_size()
    radius = round(w * 0.1)
    line = max(1, round(s * zoom))
    pygame.draw.rect(big, mix(BACK, (0, 0, 0), 0.4), big.get_rect(), border_radius=radius)
    pygame.draw.rect(big, BACK, big.get_rect().inflate(-2 * line, -2 * line), border_radius=radius)
    frame = big.get_rect().inflate(-round(w * 0.12), -round(w * 0.12))
    lattice = pygame.Surface((w, h), pygame.SRCALPHA)
    step = max(4, round(w * 0.14))
    for offset in range(-h, w + h, step):
        pygame.draw.line(lattice, (*BACK_LINE, 70), (offset, 0), (offset + h * 0.7, h), line)
        pygame.draw.line(lattice, (*BACK_LINE, 70), (offset + h * 0.7, 0), (offset, h), line)
    clip = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(clip, (255, 255, 255, 255), frame, border_radius=round(radius * 0.6))
    lattice.blit(clip, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    big.blit(lattice, (0, 0))
    pygame.draw.rect(big, BACK_LINE, frame, max(1, round(w * 0.015)), border_radius=round(radius * 0.6))
    centre = (w / 2, h / 2)
    window = w * 0.27
    pygame.draw.circle(big, BACK, centre, window)
    pygame.draw.circle(big, BACK_LINE, centre, window, max(1, round(w * 0.018)))
    house = pygame.Rect(0, 0, window * 0.9, window * 0.62)
    house.midbottom = (round(centre[0]), round(centre[1] + window * 0.5))
    pygame.draw.rect(big, BACK_LINE, house)
    pygame.draw.polygon(big, BACK_LINE, [(house.left - window * 0.14, house.top + 1), (house.centerx, house.top - window * 0.5),
                                         (house.right + window * 0.14, house.top + 1)])
    pygame.draw.rect(big, BACK, (house.centerx - window * 0.12, house.bottom - window * 0.34, window * 0.24, window * 0.34))
    return art.sharp(big, card_size(width), zoom, ("nos_back", width), lambda z: card_back(width, z))


# ----- markers, chips, the round card -------------------------------------------------------------------
@lru_cache(maxsize=32)
def player_marker(seat: int, size: int = 34) -> pygame.Surface:
    """A seat's chunky wooden marker seen from above: its own shape (circle, triangle, square,
    diamond) in its colour, with a thick darker side, a shine and a pale inner outline."""
    shape = SEAT_SHAPES[seat % len(SEAT_SHAPES)]
    colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
    s = art.SUPERSAMPLE
    height = size + max(2, size // 7)
    big = supersampled((size, height))
    r = size * s / 2 - s
    centre = (size * s / 2, size * s / 2)
    side = max(2, size * s // 7)
    dark = mix(colour, (0, 0, 0), 0.4)
    pygame.draw.polygon(big, (0, 0, 0, 70), shape_points(shape, (centre[0] + s, centre[1] + side + s), r))
    for lift in range(side, 0, -s):  # the thick side of the piece
        pygame.draw.polygon(big, dark, shape_points(shape, (centre[0], centre[1] + lift), r))
    pygame.draw.polygon(big, colour, shape_points(shape, centre, r))
    polygon_round(big, mix(colour, theme.PAPER, 0.55), shape_points(shape, centre, r * 0.62), max(1, round(size * s * 0.05)))
    shine = shape_points(shape, (centre[0] - r * 0.12, centre[1] - r * 0.12), r * 0.34)
    pygame.draw.polygon(big, mix(colour, (255, 255, 255), 0.45), shine)
    return art.downsample(big, (size, height))


@lru_cache(maxsize=32)
def box_marker(seat: int, size: int = 30) -> pygame.Surface:
    """A seat's marker for the box track: a round cardboard-coloured token with the seat's shape
    printed on it in the seat's colour (so both tracks read by shape)."""
    shape = SEAT_SHAPES[seat % len(SEAT_SHAPES)]
    colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
    s = art.SUPERSAMPLE
    height = size + max(2, size // 8)
    big = supersampled((size, height))
    r = size * s / 2 - s
    centre = (size * s / 2, size * s / 2)
    edge = max(2, size * s // 8)
    pygame.draw.circle(big, mix(colour, (0, 0, 0), 0.45), (centre[0], centre[1] + edge), r)
    pygame.draw.circle(big, colour, centre, r)
    pygame.draw.circle(big, theme.PAPER, centre, r * 0.8)
    pygame.draw.polygon(big, colour, shape_points(shape, centre, r * 0.6))
    return art.downsample(big, (size, height))


@lru_cache(maxsize=16)
def chip(size: int = 40) -> pygame.Surface:
    """A reroll chip: an ivory disc with a teal rim of notches and two chasing arrows, a thin edge below."""
    s = art.SUPERSAMPLE
    height = size + max(2, size // 9)
    big = supersampled((size, height))
    r = size * s / 2 - s
    centre = (size * s / 2, size * s / 2)
    edge = max(2, size * s // 9)
    pygame.draw.circle(big, mix(CHIP_EDGE, (0, 0, 0), 0.4), (centre[0], centre[1] + edge), r)
    pygame.draw.circle(big, CHIP_EDGE, centre, r)
    for k in range(8):  # notches round the rim, like a poker chip
        angle = k * math.tau / 8
        x, y = centre[0] + r * 0.86 * math.cos(angle), centre[1] + r * 0.86 * math.sin(angle)
        pygame.draw.circle(big, CHIP_FACE, (x, y), r * 0.11)
    pygame.draw.circle(big, CHIP_FACE, centre, r * 0.66)
    pygame.draw.circle(big, mix(CHIP_EDGE, CHIP_FACE, 0.5), centre, r * 0.66, max(1, s))
    draw_reroll_arrows(big, centre, r * 0.38, CHIP_EDGE, max(1, round(r * 0.11)))
    return art.downsample(big, (size, height))


@lru_cache(maxsize=24)
def _round_card(round_number: int, width: int, rounds: int, lang: str, zoom: float = 1.0) -> pygame.Surface:
    """The round card for a 0-based ``round_number`` of ``rounds``, drawn at ``zoom`` times its
    size; at zoom 1 it draws itself anew at the window's scale (its number sharp at 4K)."""
    size = art.zoomed(card_size(width), zoom)  # the pixels it is drawn with
    s = art.SUPERSAMPLE
    big = supersampled(size)
    w, h = big.get_size()
    radius = round(w * 0.1)
    pygame.draw.rect(big, theme.FUTON, big.get_rect(), border_radius=radius)
    inner = big.get_rect().inflate(-round(w * 0.1), -round(w * 0.1))
    pygame.draw.rect(big, theme.PAPER, inner, border_radius=round(radius * 0.6))
    pygame.draw.rect(big, mix(theme.FUTON, theme.PAPER, 0.5), inner.inflate(-round(w * 0.05), -round(w * 0.05)),
                     max(1, round(s * zoom)), border_radius=round(radius * 0.5))
    dots_y = h * 0.8
    gap = w * 0.15
    for k in range(rounds):  # one dot per round, the rounds done and this one filled
        x = w / 2 + (k - (rounds - 1) / 2) * gap
        filled = k <= round_number
        pygame.draw.circle(big, theme.FUTON if filled else mix(theme.FUTON, theme.PAPER, 0.7), (x, dots_y), w * 0.05)
    picture = art.downsample(big, size)
    title = t("nostalgic_art.round")
    if fonts.text_width(title, theme.LEAST, True) <= width * 0.84:  # a small card shows the number alone
        label = fit_text(title, max(theme.LEAST, width * 0.16) * zoom, width * 0.84 * zoom, theme.INK_SOFT)
        picture.blit(label, label.get_rect(midtop=(size[0] / 2, size[1] * 0.12)))
    number = sized_text(str(round_number + 1), width * 0.56 * zoom, theme.FUTON)
    picture.blit(number, number.get_rect(center=(size[0] / 2, size[1] * 0.5)))
    if zoom != 1.0:
        return picture
    return crisp.art_image(picture, ("nos_round", round_number, width, rounds, lang),
                           lambda z: _round_card(round_number, width, rounds, lang, art.zoom_bucket(z)))


def round_card(round: int, width: int = 96, *, rounds: int = 4) -> pygame.Surface:
    """The round card showing round ``round`` (0-based, as the rules count; it prints round + 1)
    with one dot per round of ``rounds``, this one and those before filled."""
    return _round_card(round, width, max(rounds, round + 1), language())


# ----- housekeeping ----------------------------------------------------------------------------------
def clear_caches() -> None:
    """Forget every picture drawn here (a new display, tests, or the last table closed)."""
    for function in (card_face, card_back, player_marker, box_marker, chip, _round_card):
        function.cache_clear()
    _icons.clear()


cache.on_release(cache.TABLE, clear_caches)
