"""The printed board of Nostalgic, drawn in code once per size and language (``board_picture``).

A hand-made looking board on a tatami mat: the NP track of ``NP_TRACK`` cells runs round the edge
(0 at the top-left corner, clockwise, every fifth cell marked), the closet (押し入れ) with five
card slots and the deck spot sits at the top, the three spaces (Tidy-up, Packing, Recall) fill
the middle, each with its speech balloons, and the cardboard-box track 0..12 runs along the
bottom, with the bonus tags on the even boxes, next to the reroll-chip dish and its little bear.
The balloons come from the rules' ``BOARD`` table: each shows the die faces it takes (pips) and
its effect as icons (a card, +N NP, boxes, a chip), and the unlimited one is a bigger thought
balloon with an ∞ badge, so a corrected table redraws itself. Where every place is comes from
``layout.board_layout`` (the same design the picture is painted from).

Geometry is designed on a ``BASE`` board of 1140 x 760 and scaled to the size asked for; shapes
are drawn at ``SS`` times that and scaled down once, text and icons at the final size.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any

import pygame

from game.i18n import language, t
from scenes.engine import cache, theme
from scenes.nostalgic.art import (
    BEAR,
    BEAR_LIGHT,
    BOARD_EDGE,
    BOARD_FACE,
    CHIP_EDGE,
    CHIP_FACE,
    CLOSET_DARK,
    FUSUMA,
    KRAFT_DARK,
    KRAFT_LIGHT,
    NP_GOLD,
    SPACE_COLOURS,
    TATAMI,
    TATAMI_HERI,
    TATAMI_LINE,
    TRACK_CELL,
    TRACK_CELL_ALT,
    WOOD_LIGHT,
    WOOD_MID,
    Color,
    arrow_icon,
    box_icon,
    box_marker,
    card_back,
    card_face,
    card_icon,
    chip,
    draw_box,
    draw_heart,
    draw_reroll_arrows,
    fit_text,
    infinity_badge,
    mini_die,
    np_pill,
    player_marker,
    polygon_round,
    sized_text,
)
from scenes.nostalgic.layout import (
    BASE,
    BOARD_SIZE,
    BoardDesign,
    board_data,
    board_design,
    board_layout,
    design_scaler,
)
from scenes.table import art
from scenes.table.art import mix

SS = 2  # the board's supersampling (it is large: 2x is smooth enough and quick to make)


# ----- the board ----------------------------------------------------------------------------------------
def board_picture(size: tuple[int, int] = BOARD_SIZE) -> pygame.Surface:
    """The whole board at ``size`` (cached per size and language)."""
    return _board_picture(tuple(size), language())


@lru_cache(maxsize=3)
def _board_picture(size: tuple[int, int], lang: str) -> pygame.Surface:
    """Draw the board: shapes supersampled, then text and icons at the final size."""
    design = board_design()
    big_rect = design_scaler(size, factor=SS)
    unit = min(size[0] / BASE[0], size[1] / BASE[1])
    big = pygame.Surface((size[0] * SS, size[1] * SS), pygame.SRCALPHA)
    _paint_board_face(big, unit * SS)
    _paint_track(big, design, big_rect, unit * SS)
    _paint_tatami(big, big_rect((58, 58, BASE[0] - 116, BASE[1] - 116)), unit * SS)
    shadows = _shadow_layer(size, design)
    big.blit(pygame.transform.smoothscale(shadows, big.get_size()), (0, 0))
    _paint_closet(big, design, big_rect, unit * SS)
    _paint_title_panel(big, big_rect(design.title), unit * SS)
    _paint_spaces(big, design, big_rect, unit * SS)
    _paint_box_track(big, design, big_rect, unit * SS)
    _paint_dish(big, big_rect(design.dish), unit * SS)
    _paint_bear(big, big_rect(design.bear), unit * SS)
    picture = art.downsample(big, size)
    to_rect = design_scaler(size)
    _label_track(picture, design, to_rect, unit)
    _label_closet(picture, design, to_rect, unit)
    _label_title(picture, to_rect(design.title), unit)
    _label_spaces(picture, design, to_rect, unit)
    _label_box_track(picture, design, to_rect, unit)
    return picture


def _paint_board_face(big: pygame.Surface, k: float) -> None:
    """The thick board: a dark edge with a lighter bevel, the printed face, a fine paper grain."""
    rect = big.get_rect()
    radius = round(30 * k)
    pygame.draw.rect(big, BOARD_EDGE, rect, border_radius=radius)
    pygame.draw.rect(big, mix(BOARD_EDGE, (255, 230, 190), 0.25), rect.inflate(-round(4 * k), -round(4 * k)),
                     max(1, round(2 * k)), border_radius=radius - round(2 * k))
    face = rect.inflate(-round(12 * k), -round(12 * k))
    pygame.draw.rect(big, BOARD_FACE, face, border_radius=radius - round(6 * k))
    grain = art.noise_surface((rect.width // 6, rect.height // 6), 41, 30, theme.INK_SOFT)
    grain = pygame.transform.smoothscale(grain, rect.size)
    mask = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), face, border_radius=radius - round(6 * k))
    grain.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    big.blit(grain, (0, 0))


def _paint_track(big: pygame.Surface, design: BoardDesign, big_rect: Any, k: float) -> None:
    """The NP track cells: cream and a shade darker in turn, every fifth one persimmon, 0 gold."""
    line = max(1, round(1.5 * k))
    for index, cell in enumerate(design.cells):
        rect = big_rect(cell).inflate(-round(2 * k), -round(2 * k))
        if index == 0:
            fill = NP_GOLD
        elif index % 10 == 0:
            fill = mix(theme.ACCENT, TRACK_CELL, 0.35)
        elif index % 5 == 0:
            fill = mix(theme.ACCENT, TRACK_CELL, 0.62)
        else:
            fill = TRACK_CELL if index % 2 else TRACK_CELL_ALT
        pygame.draw.rect(big, fill, rect, border_radius=round(7 * k))
        pygame.draw.rect(big, mix(fill, theme.INK, 0.35), rect, line, border_radius=round(7 * k))


def _paint_tatami(big: pygame.Surface, rect: pygame.Rect, k: float) -> None:
    """The inner field: a tatami mat, its rush woven in rows, inside a dark cloth border."""
    radius = round(16 * k)
    pygame.draw.rect(big, TATAMI_HERI, rect, border_radius=radius)
    border = round(7 * k)
    mat = rect.inflate(-border * 2, -border * 2)
    pygame.draw.rect(big, TATAMI, mat, border_radius=max(2, radius - border))
    step = max(2, round(5 * k))
    for y in range(mat.top + step, mat.bottom - 2, step):
        tone = TATAMI_LINE if (y // step) % 2 else mix(TATAMI, TATAMI_LINE, 0.5)
        pygame.draw.line(big, tone, (mat.left + 4, y), (mat.right - 4, y), max(1, round(k * 0.6)))
    pygame.draw.rect(big, mix(TATAMI_HERI, theme.PAPER, 0.3), rect.inflate(-border, -border),
                     max(1, round(k * 0.8)), border_radius=max(2, radius - border // 2))


def _shadow_layer(size: tuple[int, int], design: BoardDesign) -> pygame.Surface:
    """Soft shadows under the raised parts (closet, panels, balloons, boxes), blurred small."""
    quarter = (max(1, size[0] // 4), max(1, size[1] // 4))
    to_rect = design_scaler(quarter)
    layer = pygame.Surface(quarter, pygame.SRCALPHA)
    for rect, lift in [(design.closet, 3), (design.title, 2), *((r, 2) for r in design.spaces.values()),
                       *((r, 2) for r in design.balloons.values()), (design.dish, 2), (design.box_strip, 1)]:
        shade = to_rect(rect).move(lift // 2 + 1, lift)
        pygame.draw.rect(layer, (30, 18, 8, 95), shade, border_radius=4)
    return pygame.transform.gaussian_blur(layer, 2)


def _paint_closet(big: pygame.Surface, design: BoardDesign, big_rect: Any, k: float) -> None:
    """The 押し入れ: a wooden frame, sliding paper doors pushed to the ends, a dark inside with a
    shelf, five dashed card slots; the deck spot beside it."""
    frame = big_rect(design.closet)
    pygame.draw.rect(big, WOOD_MID, frame, border_radius=round(8 * k))
    inside = frame.inflate(-round(16 * k), -round(16 * k))
    pygame.draw.rect(big, CLOSET_DARK, inside, border_radius=round(4 * k))
    shelf_y = inside.top + round(inside.height * 0.88)
    pygame.draw.rect(big, WOOD_LIGHT, (inside.left, shelf_y, inside.width, inside.bottom - shelf_y))
    pygame.draw.line(big, mix(WOOD_LIGHT, (255, 255, 255), 0.3), (inside.left, shelf_y), (inside.right, shelf_y),
                     max(1, round(1.5 * k)))
    for side in (-1, 1):  # a fusuma pushed to each end, a hint of its pattern and pull
        door_w = round(14 * k)
        door = pygame.Rect(0, inside.top, door_w, inside.height)
        if side < 0:
            door.left = inside.left
        else:
            door.right = inside.right
        pygame.draw.rect(big, FUSUMA, door)
        pygame.draw.rect(big, WOOD_MID, door, max(1, round(1.5 * k)))
        pygame.draw.circle(big, WOOD_MID, (door.centerx, door.centery), round(3 * k), max(1, round(k)))
    pygame.draw.rect(big, mix(WOOD_MID, (255, 230, 190), 0.3), frame, max(1, round(2 * k)), border_radius=round(8 * k))
    for slot in design.slots:
        _dashed_card(big, big_rect(slot, keep=True), mix(CLOSET_DARK, theme.PAPER, 0.55), k)
    deck = big_rect(design.deck, keep=True)
    pygame.draw.rect(big, mix(BOARD_FACE, WOOD_MID, 0.25), deck.inflate(round(12 * k), round(12 * k)),
                     border_radius=round(12 * k))
    _dashed_card(big, deck, mix(BOARD_FACE, theme.INK, 0.45), k)


def _dashed_card(big: pygame.Surface, rect: pygame.Rect, colour: Color, k: float) -> None:
    """A dashed card outline (an empty place for a card)."""
    art._dashed_round_rect(big, colour, rect, round(9 * k), round(10 * k), round(7 * k), max(1, round(2 * k)))


def _paint_title_panel(big: pygame.Surface, rect: pygame.Rect, k: float) -> None:
    """A cream plaque for the game's name, with a little house and two boxes in front of it."""
    pygame.draw.rect(big, mix(BOARD_FACE, theme.PAPER, 0.6), rect, border_radius=round(14 * k))
    pygame.draw.rect(big, mix(SPACE_COLOURS["recall"], theme.INK, 0.2), rect, max(1, round(2.5 * k)),
                     border_radius=round(14 * k))
    pygame.draw.rect(big, mix(SPACE_COLOURS["recall"], BOARD_FACE, 0.5), rect.inflate(-round(10 * k), -round(10 * k)),
                     max(1, round(k)), border_radius=round(10 * k))
    # a house (where the memories lived) and the boxes ready for the move
    base_y = rect.bottom - round(16 * k)
    cx = rect.left + round(rect.width * 0.28)
    house_w, house_h = round(56 * k), round(38 * k)
    body = pygame.Rect(cx - house_w // 2, base_y - house_h, house_w, house_h)
    pygame.draw.rect(big, (236, 214, 170), body)
    roof = [(body.left - round(8 * k), body.top + round(2 * k)), (body.centerx, body.top - round(26 * k)),
            (body.right + round(8 * k), body.top + round(2 * k))]
    pygame.draw.polygon(big, (150, 70, 56), roof)
    pygame.draw.rect(big, (120, 84, 60), (body.centerx - round(8 * k), base_y - round(22 * k), round(16 * k), round(22 * k)))
    pygame.draw.rect(big, (140, 186, 206), (body.left + round(6 * k), body.top + round(8 * k), round(12 * k), round(11 * k)))
    pygame.draw.rect(big, theme.INK, body, max(1, round(1.5 * k)))
    polygon_round(big, theme.INK, roof, max(1, round(1.5 * k)))
    for k_box, (dx, size) in enumerate(((round(42 * k), round(26 * k)), (round(68 * k), round(22 * k)))):
        box = pygame.Rect(body.right + dx - size // 2, base_y - size, size, size)
        draw_box(big, box, round(size * 0.35), max(1, round(1.2 * k)))
    pygame.draw.line(big, mix(BOARD_FACE, theme.INK, 0.3), (rect.left + round(14 * k), base_y),
                     (rect.right - round(14 * k), base_y), max(1, round(1.5 * k)))


def _paint_spaces(big: pygame.Surface, design: BoardDesign, big_rect: Any, k: float) -> None:
    """Each space: a tinted panel with a coloured header and its picture, then its balloons."""
    board, _, _ = board_data()
    for name, rect in design.spaces.items():
        colour = SPACE_COLOURS.get(name, theme.GOLD)
        panel = big_rect(rect)
        radius = round(16 * k)
        pygame.draw.rect(big, mix(colour, BOARD_FACE, 0.78), panel, border_radius=radius)
        header = pygame.Rect(panel.left, panel.top, panel.width, round(46 * k))
        pygame.draw.rect(big, colour, header, border_top_left_radius=radius, border_top_right_radius=radius)
        pygame.draw.line(big, mix(colour, theme.INK, 0.35), header.bottomleft, header.bottomright, max(1, round(1.5 * k)))
        pygame.draw.rect(big, mix(colour, theme.INK, 0.4), panel, max(1, round(2.5 * k)), border_radius=radius)
        icon_centre = (header.left + round(30 * k), header.centery)
        _space_picture(big, name, icon_centre, round(17 * k), k)
    for balloon in board:
        dice = big_rect(design.dice[balloon.id], keep=balloon.capacity is not None)
        _paint_balloon(big, balloon, big_rect(design.balloons[balloon.id]), dice, k)


def _space_picture(big: pygame.Surface, name: str, centre: tuple[int, int], r: int, k: float) -> None:
    """A space's picture in a cream disc: a broom (tidy), a box (pack), a photo with a heart (recall)."""
    cx, cy = centre
    pygame.draw.circle(big, theme.PAPER, centre, r + round(3 * k))
    pygame.draw.circle(big, mix(SPACE_COLOURS.get(name, theme.GOLD), theme.INK, 0.4), centre, r + round(3 * k),
                       max(1, round(1.5 * k)))
    line = max(1, round(2 * k))
    if name == "tidy":
        pygame.draw.line(big, (140, 96, 56), (cx + r * 0.55, cy - r * 0.8), (cx - r * 0.1, cy + r * 0.2), line * 2)
        bristles = [(cx - r * 0.35, cy - r * 0.05), (cx + r * 0.15, cy + r * 0.35), (cx - r * 0.2, cy + r * 0.85),
                    (cx - r * 0.85, cy + r * 0.45)]
        pygame.draw.polygon(big, (214, 170, 70), bristles)
        for t_ in (0.3, 0.55, 0.8):
            a = (bristles[0][0] + (bristles[3][0] - bristles[0][0]) * t_, bristles[0][1] + (bristles[3][1] - bristles[0][1]) * t_)
            b = (bristles[1][0] + (bristles[2][0] - bristles[1][0]) * t_, bristles[1][1] + (bristles[2][1] - bristles[1][1]) * t_)
            pygame.draw.line(big, (160, 120, 40), a, b, max(1, line // 2))
        polygon_round(big, theme.INK, bristles, max(1, line // 2 + 1))
    elif name == "pack":
        draw_box(big, pygame.Rect(cx - r * 0.7, cy - r * 0.25, r * 1.2, r * 0.9), round(r * 0.45), max(1, line * 0.6))
    else:
        photo = pygame.Rect(0, 0, round(r * 1.5), round(r * 1.5))
        photo.center = centre
        pygame.draw.rect(big, (252, 250, 244), photo)
        pygame.draw.rect(big, theme.INK, photo, max(1, line // 2 + 1))
        heart_c = (photo.centerx, photo.centery + r * 0.05)
        draw_heart(big, heart_c, r * 0.48, (214, 84, 96))


def _balloon_outline(rect: pygame.Rect, k: float) -> tuple[list[tuple[float, float]], list[tuple[float, float]]]:
    """A speech balloon: a rounded rectangle with a short tail on its left side pointing down-left.
    Returns the whole outline and the tail's three points (lower base, tip, upper base)."""
    radius = round(min(rect.height / 2, 18 * k))
    step = 10
    points = art._round_rect_outline(rect, radius, step)
    per_corner = len(range(0, 91, step))
    lower = rect.bottom - radius - 2 * k
    tail = [(rect.left + 1, lower), (rect.left - 13 * k, rect.bottom + 3 * k), (rect.left + 1, lower - 20 * k)]
    # the outline runs clockwise from the top-right corner: the left edge climbs after three corners
    return points[:per_corner * 3] + tail + points[per_corner * 3:], tail


def _inset(points: Sequence[tuple[float, float]], by: float, push: float = 0.0) -> list[tuple[float, float]]:
    """A triangle's points moved ``by`` toward its centre (the paper inside an inked tail); the two
    base points (first and last) also ``push`` right, into the balloon's body."""
    cx = sum(x for x, _ in points) / len(points)
    cy = sum(y for _, y in points) / len(points)
    moved = []
    for index, (x, y) in enumerate(points):
        dx, dy = cx - x, cy - y
        length = math.hypot(dx, dy) or 1.0
        shift = push if index in (0, len(points) - 1) else 0.0
        moved.append((x + dx / length * by + shift, y + dy / length * by))
    return moved


def _paint_balloon(big: pygame.Surface, balloon: Any, rect: pygame.Rect, dice: pygame.Rect, k: float) -> None:
    """One balloon: paper with an ink outline (a thought cloud for the unlimited one), its slot."""
    line = max(2, round(2.4 * k))
    colour = SPACE_COLOURS.get(balloon.space, theme.GOLD)
    if balloon.capacity is None:
        _thought_cloud(big, rect, k, line)
    else:
        outline, tail = _balloon_outline(rect, k)
        pygame.draw.polygon(big, theme.INK, outline)
        polygon_round(big, theme.INK, tail, line)
        inner = rect.inflate(-line * 2, -line * 2)
        pygame.draw.rect(big, theme.PAPER, inner, border_radius=round(min(inner.height / 2, 16 * k)))
        pygame.draw.polygon(big, theme.PAPER, _inset(tail, line * 1.7, push=line * 2.5))
    # the place for the die (dice): a tinted dashed square
    wash = pygame.Surface(dice.size, pygame.SRCALPHA)
    pygame.draw.rect(wash, (*mix(colour, theme.PAPER, 0.55), 255), wash.get_rect(), border_radius=round(12 * k))
    big.blit(wash, dice.topleft)
    art._dashed_round_rect(big, mix(colour, theme.INK, 0.35), dice, round(12 * k), round(7 * k), round(5 * k),
                           max(1, round(1.6 * k)))


def _thought_cloud(big: pygame.Surface, rect: pygame.Rect, k: float, line: int) -> None:
    """A thought balloon: a rounded body with a scalloped edge and two small puffs trailing."""
    bumps: list[tuple[float, float]] = []
    radius = 13 * k
    edge = art._round_rect_outline(rect.inflate(-radius, -radius), round(radius), 5)
    travelled = 0.0
    step = radius * 1.25
    for (x0, y0), (x1, y1) in zip(edge, edge[1:] + edge[:1]):
        length = math.hypot(x1 - x0, y1 - y0)
        position = (step - travelled) % step if bumps else 0.0
        while position < length:
            bumps.append((x0 + (x1 - x0) * position / length, y0 + (y1 - y0) * position / length))
            position += step
        travelled = (travelled + length) % step
    puffs = [((rect.left - 6 * k, rect.bottom - 6 * k), 7 * k), ((rect.left - 16 * k, rect.bottom + 6 * k), 4.5 * k)]
    for (x, y), r in puffs:
        pygame.draw.circle(big, theme.INK, (x, y), r + line)
    for x, y in bumps:
        pygame.draw.circle(big, theme.INK, (x, y), radius / 1.6 + line)
    pygame.draw.rect(big, theme.INK, rect.inflate(-radius * 0.6, -radius * 0.6), border_radius=round(radius))
    for x, y in bumps:
        pygame.draw.circle(big, theme.PAPER, (x, y), radius / 1.6)
    for (x, y), r in puffs:
        pygame.draw.circle(big, theme.PAPER, (x, y), r)
    pygame.draw.rect(big, theme.PAPER, rect.inflate(-radius * 0.6 - line * 2, -radius * 0.6 - line * 2),
                     border_radius=round(radius))


def _paint_box_track(big: pygame.Surface, design: BoardDesign, big_rect: Any, k: float) -> None:
    """The packed-box track: a floor mat for 0, a taped box for 1..12, a gold tag over each
    box with a bonus, hung on a string."""
    strip = big_rect(design.box_strip)
    pygame.draw.rect(big, mix(KRAFT_LIGHT, BOARD_FACE, 0.55), strip, border_radius=round(14 * k))
    pygame.draw.rect(big, mix(KRAFT_DARK, theme.INK, 0.2), strip, max(1, round(2 * k)), border_radius=round(14 * k))
    _, bonus, _ = board_data()
    for n, box in enumerate(design.boxes):
        front = big_rect(box)
        if n == 0:
            mat = front.inflate(0, -round(front.height * 0.3)).move(0, round(front.height * 0.15))
            pygame.draw.rect(big, mix(TATAMI_HERI, theme.PAPER, 0.25), mat, border_radius=round(6 * k))
            pygame.draw.rect(big, theme.INK, mat, max(1, round(1.5 * k)), border_radius=round(6 * k))
            continue
        depth = round(front.width * 0.28)
        draw_box(big, front.inflate(-round(front.width * 0.18), 0).move(-round(front.width * 0.06), 0), depth,
                  max(1, round(1.3 * k)))
        if n in bonus:
            tag = _tag_rect(front, k)
            pygame.draw.line(big, theme.INK_SOFT, (tag.centerx, tag.bottom), (front.centerx, front.top - depth // 2),
                             max(1, round(1.2 * k)))
            pygame.draw.rect(big, mix(NP_GOLD, theme.INK, 0.45), tag, border_radius=round(7 * k))
            pygame.draw.rect(big, NP_GOLD, tag.inflate(-round(3 * k), -round(3 * k)), border_radius=round(6 * k))


def _tag_rect(front: pygame.Rect, k: float) -> pygame.Rect:
    """The bonus tag above a box front (in the same pixels as ``front``)."""
    tag = pygame.Rect(0, 0, round(front.width * 0.98), round(30 * k))
    tag.midbottom = (front.centerx, front.top - round(22 * k))
    return tag


def _paint_dish(big: pygame.Surface, rect: pygame.Rect, k: float) -> None:
    """The chip supply: a round lacquered tray with a reroll mark printed in its middle."""
    pygame.draw.ellipse(big, (120, 42, 36), rect)
    pygame.draw.ellipse(big, (170, 60, 48), rect.inflate(-round(8 * k), -round(8 * k)))
    pygame.draw.ellipse(big, (150, 50, 42), rect.inflate(-round(22 * k), -round(22 * k)))
    pygame.draw.ellipse(big, mix((170, 60, 48), (255, 255, 255), 0.35),
                        rect.inflate(-round(8 * k), -round(8 * k)), max(1, round(1.5 * k)))
    draw_reroll_arrows(big, rect.center, rect.height * 0.2, mix((150, 50, 42), (255, 255, 255), 0.25), max(1, round(3 * k)))


def _paint_bear(big: pygame.Surface, rect: pygame.Rect, k: float) -> None:
    """A little teddy bear sitting by the chip tray, a chip in its paws."""
    cx = rect.centerx
    unit = min(rect.width / 70, rect.height / 120)
    line = max(1, round(1.6 * k))

    def at(x: float, y: float) -> tuple[float, float]:
        return (cx + x * unit, rect.bottom - y * unit)

    def blob(x: float, y: float, w: float, h: float, colour: Color) -> None:
        box = pygame.Rect(0, 0, w * unit, h * unit)
        box.center = at(x, y)
        pygame.draw.ellipse(big, theme.INK, box.inflate(line * 2, line * 2))
        pygame.draw.ellipse(big, colour, box)

    pygame.draw.ellipse(big, (40, 24, 12, 60), pygame.Rect(at(-30, 8), (60 * unit, 12 * unit)))
    for side in (-1, 1):  # legs with paw pads
        blob(side * 16, 14, 22, 20, BEAR)
        blob(side * 17, 13, 11, 10, BEAR_LIGHT)
    blob(0, 40, 46, 52, BEAR)  # body
    blob(0, 36, 26, 30, BEAR_LIGHT)  # tummy
    for side in (-1, 1):  # ears behind the head
        blob(side * 17, 96, 16, 16, BEAR)
        blob(side * 17, 96, 8, 8, BEAR_LIGHT)
    blob(0, 78, 46, 40, BEAR)  # head
    blob(0, 72, 20, 14, BEAR_LIGHT)  # snout
    pygame.draw.ellipse(big, theme.INK, pygame.Rect(at(-3.5, 78), (7 * unit, 5 * unit)))  # nose
    for side in (-1, 1):
        pygame.draw.circle(big, theme.INK, at(side * 9, 84), 2.4 * unit)
        pygame.draw.circle(big, (236, 150, 140), at(side * 15, 74), 3 * unit)  # cheeks
    pygame.draw.arc(big, theme.INK, pygame.Rect(at(-4, 72), (8 * unit, 5 * unit)), math.pi, math.tau, max(1, line // 2 + 1))
    # a chip hugged to its tummy, and the arms round it
    chip_centre = at(0, 40)
    pygame.draw.circle(big, CHIP_EDGE, chip_centre, 10 * unit)
    pygame.draw.circle(big, CHIP_FACE, chip_centre, 7 * unit)
    draw_reroll_arrows(big, chip_centre, 4.2 * unit, CHIP_EDGE, max(1, round(unit * 1.2)))
    for side in (-1, 1):
        blob(side * 13, 44, 12, 20, BEAR)


# ----- text and icons on the finished board ------------------------------------------------------------
def _label_track(picture: pygame.Surface, design: BoardDesign, to_rect: Any, unit: float) -> None:
    """Numbers in the NP track cells (bold every fifth), "NP" beside 0."""
    for index, cell in enumerate(design.cells[1:], start=1):
        rect = to_rect(cell)
        bold = index % 5 == 0
        colour = theme.INK if bold else theme.INK_SOFT
        label = sized_text(str(index), max(theme.LEAST, (19 if bold else 17) * unit), colour, bold)
        picture.blit(label, label.get_rect(center=rect.center))
    zero = _row((sized_text("0", max(theme.LEAST, 19 * unit), theme.INK),
                 sized_text("NP", max(theme.LEAST, 15 * unit), theme.INK)), round(4 * unit))
    picture.blit(zero, zero.get_rect(center=to_rect(design.cells[0]).center))


def _label_closet(picture: pygame.Surface, design: BoardDesign, to_rect: Any, unit: float) -> None:
    """The closet's name on its lintel and the deck spot's name above it."""
    frame = to_rect(design.closet)
    name = sized_text(t("nostalgic_art.closet"), max(theme.LEAST, 14 * unit), theme.PAPER)
    plate = pygame.Rect(0, 0, name.get_width() + round(20 * unit), name.get_height() + round(2 * unit))
    plate.midtop = (frame.centerx, frame.top - round(2 * unit))
    pygame.draw.rect(picture, mix(WOOD_MID, theme.INK, 0.4), plate, border_radius=plate.height // 2)
    picture.blit(name, name.get_rect(center=plate.center))
    deck = to_rect(design.deck, keep=True)
    label = fit_text(t("nostalgic_art.deck"), max(theme.LEAST, 15 * unit), deck.width + 10 * unit, theme.INK_SOFT)
    picture.blit(label, label.get_rect(midbottom=(deck.centerx, deck.top - round(8 * unit))))
    back = card_back(max(8, round(deck.width * 0.42)))
    faint = back.copy()
    faint.fill((255, 255, 255, 70), special_flags=pygame.BLEND_RGBA_MULT)
    picture.blit(faint, faint.get_rect(center=deck.center))


def _label_title(picture: pygame.Surface, rect: pygame.Rect, unit: float) -> None:
    """The game's name on its plaque (in the language shown, the other one small)."""
    main = t("nostalgic_art.title")
    other = t("nostalgic_art.title", lang="en" if language() == "ja" else "ja")
    title = fit_text(main, 30 * unit, rect.width - 24 * unit, mix(SPACE_COLOURS["recall"], theme.INK, 0.5))
    sub = fit_text(f"~ {other} ~", max(theme.LEAST, 15 * unit), rect.width - 24 * unit, theme.INK_SOFT, False)
    picture.blit(title, title.get_rect(midtop=(rect.centerx, rect.top + round(14 * unit))))
    picture.blit(sub, sub.get_rect(midtop=(rect.centerx, rect.top + round(14 * unit) + title.get_height())))


def _label_spaces(picture: pygame.Surface, design: BoardDesign, to_rect: Any, unit: float) -> None:
    """Space names in the headers; in each balloon the faces it takes and what it gives."""
    other = "en" if language() == "ja" else "ja"
    for name, rect in design.spaces.items():
        header = to_rect((rect[0], rect[1], rect[2], 46))
        key = f"nostalgic_art.space.{name}"
        left = header.left + round(56 * unit)
        room = header.right - left - round(8 * unit)
        main = fit_text(t(key), 24 * unit, room * 0.66, theme.PAPER)
        sub = fit_text(t(key, lang=other), max(theme.LEAST, 14 * unit), room - main.get_width() - 8 * unit,
                        mix(SPACE_COLOURS[name], theme.PAPER, 0.7), False)
        picture.blit(main, main.get_rect(midleft=(left, header.centery)))
        picture.blit(sub, sub.get_rect(bottomright=(header.right - round(10 * unit), header.centery + main.get_height() // 2 - 2)))
    board, _, _ = board_data()
    for balloon in board:
        _label_balloon(picture, balloon, to_rect(design.info[balloon.id]), to_rect(design.balloons[balloon.id]), unit)


def _effects(balloon: Any, height: int) -> list[pygame.Surface]:
    """The icons of what a balloon gives, in the order it happens."""
    icons: list[pygame.Surface] = []
    if balloon.card:
        icons.append(card_icon(round(height * 1.25)))
    if balloon.boxes:
        icons.extend(box_icon(round(height * 1.05)) for _ in range(balloon.boxes))
    if balloon.np:
        icons.append(np_pill(balloon.np, height))
    if balloon.np_die:
        icons.append(np_pill(None, height))
    if balloon.chip:
        icons.append(chip(round(height * 1.05)))
    return icons


def _row(pictures: Iterable[pygame.Surface], gap: int) -> pygame.Surface:
    """Pictures side by side, centred on one line."""
    items = list(pictures)
    if not items:
        return pygame.Surface((1, 1), pygame.SRCALPHA)
    width = sum(item.get_width() for item in items) + gap * (len(items) - 1)
    height = max(item.get_height() for item in items)
    row = pygame.Surface((width, height), pygame.SRCALPHA)
    x = 0
    for item in items:
        row.blit(item, item.get_rect(midleft=(x, height / 2)))
        x += item.get_width() + gap
    return row


def _label_balloon(picture: pygame.Surface, balloon: Any, info: pygame.Rect, body: pygame.Rect, unit: float) -> None:
    """The faces a balloon takes as little dice, an arrow, and its effect icons."""
    if balloon.capacity is None:
        die = round(24 * unit)  # as large as the other balloons' faces: pips that can be counted at 1280x720
        dice = [mini_die(value, die) for value in balloon.accepts]
        first, second = _row(dice[:3], round(3 * unit)), _row(dice[3:], round(3 * unit))
        badge = infinity_badge(round(32 * unit))
        pill = _row(_effects(balloon, round(24 * unit)), round(4 * unit))
        column = [badge, first, second, pill]
        gap = round(4 * unit)
        total = sum(item.get_height() for item in column) + gap * 3
        y = info.centery - total / 2
        for item in column:
            picture.blit(item, item.get_rect(midtop=(info.centerx, round(y))))
            y += item.get_height() + gap
        return
    die = round(24 * unit)
    faces = _row((mini_die(value, die) for value in balloon.accepts), round(3 * unit))
    icons = _effects(balloon, round(24 * unit))
    effects = _row(icons, round(4 * unit))
    arrow = arrow_icon(round(20 * unit))
    one_line = faces.get_width() + arrow.get_width() + effects.get_width() + round(12 * unit)
    if one_line <= info.width:
        line = _row((faces, arrow, effects), round(6 * unit))
        picture.blit(line, line.get_rect(center=info.center))
        return
    # the faces over the effects, these wrapped onto as many lines as they need (never shrunk:
    # the "+N NP" words would be too small to read)
    gap = round(4 * unit)
    lines = [faces, *_rows(icons, round(4 * unit), info.width)]
    total = sum(line.get_height() for line in lines) + gap * (len(lines) - 1)
    top = info.centery - total // 2
    for line in lines:
        picture.blit(line, line.get_rect(midtop=(info.centerx, top)))
        top += line.get_height() + gap


def _rows(pictures: list[pygame.Surface], gap: int, width: int) -> list[pygame.Surface]:
    """Pictures side by side on lines no wider than ``width`` (a picture wider than that alone on its line)."""
    lines: list[list[pygame.Surface]] = [[]]
    used = 0
    for item in pictures:
        if lines[-1] and used + gap + item.get_width() > width:
            lines.append([])
            used = 0
        used += (gap if lines[-1] else 0) + item.get_width()
        lines[-1].append(item)
    return [_row(line, gap) for line in lines if line]


def _label_box_track(picture: pygame.Surface, design: BoardDesign, to_rect: Any, unit: float) -> None:
    """Box numbers on the fronts, "+N" on the bonus tags, the track's name along its top."""
    _, bonus, _ = board_data()
    for n, box in enumerate(design.boxes):
        front = to_rect(box)
        if n == 0:
            label = sized_text("0", 18 * unit, theme.PAPER)
            picture.blit(label, label.get_rect(center=(front.centerx, front.centery + round(2 * unit))))
            continue
        number = sized_text(str(n), 17 * unit, mix(KRAFT_DARK, theme.INK, 0.55))
        picture.blit(number, number.get_rect(center=(front.centerx - round(front.width * 0.06), front.centery + round(10 * unit))))
        if n in bonus:
            tag = _tag_rect(front, unit)
            text = fit_text(f"+{bonus[n]}", 17 * unit, tag.width - 4 * unit, theme.INK)
            picture.blit(text, text.get_rect(center=tag.center))


# ----- housekeeping ----------------------------------------------------------------------------------
def prewarm(size: tuple[int, int] = BOARD_SIZE, card_width: int = 92) -> None:
    """Draw the board, every card face, the back, markers and chips now, before the first frame."""
    board_picture(size)
    for kind in ("T", "P", "L"):
        card_face(kind, card_width)
        card_face(kind + "W", card_width)
    card_back(card_width)
    for seat in range(4):
        player_marker(seat)
        box_marker(seat)
    chip()


def clear_board_caches() -> None:
    """Forget the board's pictures and places (a new display, tests, or the last table closed)."""
    for function in (_board_picture, board_layout):
        function.cache_clear()
    board_design.cache_clear()


cache.on_release(cache.TABLE, clear_board_caches)
