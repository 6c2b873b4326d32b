"""That Old Wallpaper's walls: where a card may go, which shapes it completes, and the running
summary of a wall that keeps legality and scoring cheap. Pure functions of a wall, so they work on
observations as well as on states; ``game.rules.wallpaper`` re-exports them.

A wall is ``dict[(x, y)] -> (card id, rot)`` with x to the right and y DOWN. Every card lies
landscape and may be turned 180°, never 90°: vertically adjacent cards meet LARGE halves,
horizontally adjacent cards meet SMALL halves. Across a shared edge two halves complete a shape
when they are the same colour, or one is wild (the colour's shape), or both are wild (a completed
shape that scores nothing).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from game.rules.wallpaper_deck import (
    ALL_CARDS, COLOURS, HAZY_FIRST, LARGE, MEMORIES, OVAL, SMALL, WILD, WallCard,
)

Cell = tuple[int, int]
Wall = dict[Cell, tuple[int, int]]


# ----- geometry (pure; works on observations too) -------------------------------------------
def _edges_of(card: WallCard) -> tuple[tuple[str, str, str, str], tuple[str, str, str, str]]:
    """(top, right, bottom, left) unturned and turned 180°."""
    return (card.top, card.right, card.bottom, card.left), (card.bottom, card.left, card.top, card.right)


_EDGES: tuple[tuple[tuple[str, str, str, str], tuple[str, str, str, str]], ...] = tuple(
    _edges_of(card) for card in ALL_CARDS
)
# The four neighbours: (dx, dy, my edge index, their edge index, size).
_SIDES: tuple[tuple[int, int, int, int, str], ...] = (
    (0, -1, 0, 2, LARGE),
    (1, 0, 1, 3, SMALL),
    (0, 1, 2, 0, LARGE),
    (-1, 0, 3, 1, SMALL),
)
CENTRES: tuple[str, ...] = tuple(card.centre for card in ALL_CARDS)  # by card id


def is_hazy(card_id: int) -> bool:
    """True for a hazy memory card (all wild, no centre)."""
    return card_id >= HAZY_FIRST


def edges(card_id: int, rot: int) -> tuple[str, str, str, str]:
    """Colours on (top, right, bottom, left) of a card lying turned by ``rot`` (0 or 180)."""
    return _EDGES[card_id][1 if rot else 0]


def meeting(a: str, b: str) -> str | None:
    """The colour of the shape two meeting halves complete (``WILD`` for wild + wild), else None.

    >>> meeting("R", "R"), meeting("W", "B"), meeting("W", "W"), meeting("R", "G")
    ('R', 'B', 'W', None)
    """
    if a == b:
        return a
    if a == WILD:
        return b
    if b == WILD:
        return a
    return None


@dataclass(frozen=True, slots=True)
class Shape:
    """One completed shape: its colour (``WILD`` scores nothing), size and the two cells meeting
    (upper then lower, or left then right)."""

    colour: str
    size: str
    cells: tuple[Cell, Cell]


def legal_cells(wall: Mapping[Cell, Any]) -> tuple[Cell, ...]:
    """Where a card may go: (0, 0) on an empty wall, else every empty cell sharing an edge with a
    card; sorted by (y, x)."""
    if not wall:
        return ((0, 0),)
    cells = {
        (x + dx, y + dy)
        for (x, y) in wall
        for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0))
        if (x + dx, y + dy) not in wall
    }
    return tuple(sorted(cells, key=lambda cell: (cell[1], cell[0])))


def is_legal_cell(wall: Mapping[Cell, Any], cell: Cell) -> bool:
    """True when a card may go on ``cell`` (cheap: looks at the four neighbours only)."""
    if not wall:
        return cell == (0, 0)
    if cell in wall:
        return False
    x, y = cell
    return (x, y - 1) in wall or (x + 1, y) in wall or (x, y + 1) in wall or (x - 1, y) in wall


def shapes_made(wall: Mapping[Cell, tuple[int, int]], cell: Cell, card_id: int, rot: int) -> tuple[Shape, ...]:
    """The shapes a card put on ``cell`` (turned ``rot``) would complete with its neighbours."""
    mine = _EDGES[card_id][1 if rot else 0]
    x, y = cell
    made = []
    for dx, dy, my_edge, their_edge, size in _SIDES:
        other = wall.get((x + dx, y + dy))
        if other is None:
            continue
        colour = meeting(mine[my_edge], _EDGES[other[0]][1 if other[1] else 0][their_edge])
        if colour is not None:
            pair = (cell, (x + dx, y + dy)) if dx + dy > 0 else ((x + dx, y + dy), cell)
            made.append(Shape(colour, size, pair))
    return tuple(made)


def shape_gain(wall: Mapping[Cell, tuple[int, int]], cell: Cell, card_id: int, rot: int) -> list[tuple[str, str]]:
    """(colour, size) of every coloured shape the placement would complete (no Shape objects: fast)."""
    mine = _EDGES[card_id][1 if rot else 0]
    x, y = cell
    gained = []
    for dx, dy, my_edge, their_edge, size in _SIDES:
        other = wall.get((x + dx, y + dy))
        if other is not None:
            colour = meeting(mine[my_edge], _EDGES[other[0]][1 if other[1] else 0][their_edge])
            if colour is not None and colour != WILD:
                gained.append((colour, size))
    return gained


def completed_shapes(wall: Mapping[Cell, tuple[int, int]]) -> tuple[Shape, ...]:
    """Every completed shape on a wall (wild + wild ones included), sorted by cells."""
    found = []
    for (x, y), (card_id, rot) in wall.items():
        mine = _EDGES[card_id][1 if rot else 0]
        below = wall.get((x, y + 1))
        if below is not None:
            colour = meeting(mine[2], _EDGES[below[0]][1 if below[1] else 0][0])
            if colour is not None:
                found.append(Shape(colour, LARGE, ((x, y), (x, y + 1))))
        right = wall.get((x + 1, y))
        if right is not None:
            colour = meeting(mine[1], _EDGES[right[0]][1 if right[1] else 0][3])
            if colour is not None:
                found.append(Shape(colour, SMALL, ((x, y), (x + 1, y))))
    found.sort(key=lambda shape: (shape.cells[0][1], shape.cells[0][0], shape.size))
    return tuple(found)


def shape_counts(wall: Mapping[Cell, tuple[int, int]]) -> dict[str, tuple[int, int]]:
    """Colour -> (large, small) completed shapes, for the four colours (wild ones excluded)."""
    counts = {colour: [0, 0] for colour in COLOURS}
    for shape in completed_shapes(wall):
        if shape.colour != WILD:
            counts[shape.colour][0 if shape.size == LARGE else 1] += 1
    return {colour: (large, small) for colour, (large, small) in counts.items()}


def memories_on(wall: Iterable[Any] | Mapping[Cell, tuple[int, int]]) -> frozenset[str]:
    """The distinct memories on a wall."""
    return frozenset(CENTRES[card_id] for card_id, _ in _placed(wall) if CENTRES[card_id] in MEMORIES)


def ovals_on(wall: Mapping[Cell, tuple[int, int]]) -> int:
    """How many red ovals a wall shows."""
    return sum(1 for card_id, _ in _placed(wall) if CENTRES[card_id] == OVAL)


def _placed(wall: Any) -> Iterable[tuple[int, int]]:
    """The (card, rot) values of a wall given as a dict or as its sorted items."""
    if isinstance(wall, Mapping):
        return wall.values()
    return (value for _, value in wall)


def centre_of(card_id: int) -> str:
    """The centre symbol of a card ("" plain, a memory, or ``OVAL``)."""
    return CENTRES[card_id]


# ----- a wall's running summary (frontier, shape tally, memories, ovals) ------------------------------
COLOUR_INDEX: dict[str, int] = {colour: index for index, colour in enumerate(COLOURS)}
_MEMORY_BIT: dict[str, int] = {memory: 1 << index for index, memory in enumerate(MEMORIES)}
_NEIGHBOURS: tuple[tuple[int, int], ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))


def empty_tally() -> list[int]:
    """Eight zero counts: colour × (large, small)."""
    return [0] * (2 * len(COLOURS))


def add_to_wall(
    wall: dict[Cell, tuple[int, int]], frontier: set[Cell], tally: list[int], cell: Cell, card_id: int, rot: int
) -> tuple[int, int]:
    """Put a card on a wall and update its frontier and shape tally (the caller checked the cell).

    Returns (memory bit, ovals added) of the card's centre."""
    for colour, size in shape_gain(wall, cell, card_id, rot):
        tally[2 * COLOUR_INDEX[colour] + (0 if size == LARGE else 1)] += 1
    wall[cell] = (card_id, rot)
    frontier.discard(cell)
    x, y = cell
    for dx, dy in _NEIGHBOURS:
        near = (x + dx, y + dy)
        if near not in wall:
            frontier.add(near)
    centre = CENTRES[card_id]
    return _MEMORY_BIT.get(centre, 0), 1 if centre == OVAL else 0
