"""That Old Wallpaper's walls, drawn in code and cached: a whole wall of cards (its completed
shapes ringed, its open halves washed pale if asked), the ring of a completed shape, a wall drawn
small for the strip, the board the large wall lies on, a legal cell's glow and a card's see-through
preview.

``wall_picture`` returns the picture and the pixel offset of cell (0, 0) in it; where a cell or a
shape's meeting point lies is the layout's (``cell_rect``, ``meeting_point``). Treat every returned
surface as read-only.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import pygame

from game.rules.wallpaper import HAZY_FIRST, WILD, Shape, completed_shapes, edges
from scenes.engine import theme
from scenes.table import art
from scenes.wallpaper.art_cards import card_face
from scenes.wallpaper.art_motifs import _half_origin, _motif_for, motif_diameter
from scenes.wallpaper.art_paper import (
    BOTTOM,
    CORNER,
    HIGHLIGHT,
    INK,
    LEFT,
    RIGHT,
    SUPERSAMPLE,
    TOP,
    VEIL,
    _alpha_scaled,
    _cached,
    _misc,
    _walls,
)
from scenes.wallpaper.layout import (
    MINI_CELL,
    WALL_AREA,
    Cell,
    WallItems,
    card_height,
    card_size,
    fitted_cell_width,
    meeting_point,
    wall_bounds,
    wall_margin,
)


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


def wall_picture_fitted(wall: Mapping[Cell, tuple[int, int]], box: tuple[int, int], *, shapes: Sequence[Shape] = (),
                        dim_open: bool = False, largest: int = 220) -> tuple[pygame.Surface, tuple[int, int], int]:
    """``wall_picture`` at the largest cell width (up to ``largest``) whose picture fits ``box``;
    returns (picture, offset of cell (0, 0), cell width)."""
    width = fitted_cell_width(wall, box, largest)
    picture, offset = wall_picture(wall, width, shapes=shapes, dim_open=dim_open)
    return picture, offset, width


# ----- the table's walls ----------------------------------------------------------------------------
def mini_wall(items: WallItems, size: tuple[int, int]) -> pygame.Surface:
    """A wall drawn small to fit ``size`` (its completed shapes shown), centred."""
    def make() -> pygame.Surface:
        surface = pygame.Surface(size, pygame.SRCALPHA)
        if not items:
            return surface
        wall = dict(items)
        picture, _ = wall_picture(wall, MINI_CELL, shapes=completed_shapes(wall))
        scale = min(1.0, size[0] / picture.get_width(), size[1] / picture.get_height())
        if scale < 1.0:
            picture = pygame.transform.smoothscale(picture, (max(1, round(picture.get_width() * scale)),
                                                             max(1, round(picture.get_height() * scale))))
        surface.blit(picture, picture.get_rect(center=(size[0] // 2, size[1] // 2)))
        return surface

    return art.variant(("wp-mini", items, size), make)


def wall_board() -> pygame.Surface:
    """The board the large wall is shown on: a pale plaster panel with a soft rim."""
    def make() -> pygame.Surface:
        surface = pygame.Surface(WALL_AREA.size, pygame.SRCALPHA)
        pygame.draw.rect(surface, (214, 204, 184), surface.get_rect(), border_radius=22)
        pygame.draw.rect(surface, (186, 172, 150), surface.get_rect(), 4, border_radius=22)
        grain = art.noise_surface((WALL_AREA.width // 2, WALL_AREA.height // 2), 7, 18)
        surface.blit(pygame.transform.scale(grain, WALL_AREA.size), (0, 0))
        return surface

    return art.variant(("wp-board",), make)


def cell_glow(size: tuple[int, int]) -> pygame.Surface:
    """A legal cell: a translucent green fill with a crisp dashed-feeling rim."""
    def make() -> pygame.Surface:
        surface = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(surface, (*theme.OK, 70), surface.get_rect(), border_radius=10)
        pygame.draw.rect(surface, (*theme.OK, 230), surface.get_rect(), 3, border_radius=10)
        return surface

    return art.variant(("wp-cell-glow", size), make)


def ghost_picture(face: pygame.Surface) -> pygame.Surface:
    """A card as a see-through preview."""
    copy = face.copy()
    copy.set_alpha(215)
    return copy
