"""Easy, Normal and Hard levels of That Old Wallpaper.

Placement (every level, and Hard's search): ``placement_value`` scores putting one card on one cell
turned one way, from the wall's shape tally: a shape that completes the missing size of its colour
is a pair now (``PAIR_NOW``), one that waits for its partner is worth less (``SPARE``); wild + wild
is nearly nothing; halves left facing an empty cell are kept for later (``OPEN_HALF``, more for
gold and for the size a colour lacks); a coloured half pushed against a different colour wastes
both (``MISMATCH``). ``best_placement`` takes the best cell and turn; Easy sometimes takes one of
the next best.

The order of a taken row (``plan_row``): the rulebook sets none, so Normal and Hard search the
orders and cells together (a small beam search over partial plans: which card next, on which of
its best cells), so that one card may open the cell where the next completes a pair. Easy keeps
the row's order.

A row's worth to a seat (``row_value``): its cards placed in ``plan_row``'s order on a copy of
the wall, plus the memory points the new kinds bring now, minus the red ovals (more when they
would make the seat the one with the most).

Numbers (Normal): what each number in hand wins is computed EXACTLY under a model of the others.
The simple model (``others_for``): each plays uniformly one of the numbers it may still hold (10
minus its public discards; Grandma: her pile). Normal itself looks one step further
(``modelled_others``): each rival values its numbers under the simple model and plays them by a
softmax of those values (temperature ``OTHERS_MODEL``). With my number n, a seat playing higher
pushes me one row toward the low end and a seat playing n collides with me. ``outcome_table``
runs a small dynamic programme over the other seats for the distribution of (seats above, seats
colliding, a collider ahead of me in the token line): unique -> that row; collision I win -> the
best blocked row, token to the back; lost -> a hazy card. Spending a high number costs a little
while the round still has turns to play. Normal then plays a mixed strategy (Gumbel noise of
scale ``NUMBER_NOISE`` on the values): identical Normals reading one table no longer all reach
for the same number, so their collisions come from the game rather than from being clones.

Hard (``make_hard``): ISMCTS over ``WallpaperSearchRules``. Its ``determinize`` resamples the other
seats' hands from the numbers they may hold and then lets each of them choose its number (hidden,
already made, so my choice cannot be seen by them) from Normal's number values for that seat with
noise; the tree holds my decision (number or pick); everything after it in the turn is played
automatically by the shared heuristics (picks by ``row_value``, placements in ``plan_row``'s
order), and the turn's end is scored by ``evaluate``: points now plus the potential of each wall,
as the margin to the best rival. Placements are not searched: Hard places as ``plan_row`` says.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from game.ai.ismcts import IsmctsAgent
from game.rules import wallpaper as wp
from game.rules.wallpaper import (
    COLOUR_INDEX,
    COLOURS,
    GRANDMA,
    HAZY_FIRST,
    MEMORIES,
    NUMBERS,
    OVAL,
    PHASE_CHOOSE,
    PHASE_HAZY,
    PHASE_OVER,
    PHASE_PICK,
    PHASE_PLACE,
    ROUND_TURNS,
    TURNS,
    WILD,
    WallpaperAction,
    WallpaperObservation,
    WallpaperRules,
    WallpaperState,
    add_to_wall,
    centre_of,
    edges,
    empty_tally,
    memory_points,
    oval_points,
)

Cell = tuple[int, int]
Wall = Mapping[Cell, tuple[int, int]]

# ----- placement weights --------------------------------------------------------------------------
PAIR_POINTS = 2.0  # a (large, small) pair of one colour
SPARE = 0.8  # the first completed shape of a colour waiting for a partner of the other size
SPARE_DECAY = 0.6  # each further waiting shape of the same colour and size is worth this much less
WILD_PAIR = 0.05  # wild + wild: completed, scores nothing
MISMATCH = -0.2  # two different colours pushed together (besides the open halves lost)
OPEN_HALF = 0.22  # a coloured half facing an empty cell
OPEN_WILD = 0.35  # a gold half facing an empty cell
OPEN_NEED = 0.12  # extra for an open half of the size its colour lacks
LATE_TURNS = 4  # over the last turns the hopes (waiting shapes, open halves) fade to nothing
_SIDES = ((0, -1, 0, 2, 0), (1, 0, 1, 3, 1), (0, 1, 2, 0, 0), (-1, 0, 3, 1, 1))  # dx, dy, mine, theirs, small?

# ----- row and number weights ------------------------------------------------------------------------
OVAL_EACH = 0.5  # a red oval's cost besides the swing it may cause
OVAL_SWING = 0.5  # share of the change of the seat's oval points counted before the end
HAZY_VALUE = 1.4  # a hazy card: gold on four edges, placed at the end
TOKEN_FRONT = 1.2  # leaving the front of the token line (its +2 at the end is far from sure)
SPEND = 0.12  # per number above the hand's mean, while the round has turns left
EASY_RANDOM_NUMBER = 0.25  # Easy plays a random number this often
EASY_SLOPPY_PLACE = 0.3  # Easy takes its 2nd or 3rd best placement this often
ORDER_BEAM = 16  # partial placement plans of a taken row kept at each step (Normal, Hard)
ORDER_CELLS = 4  # placements tried per card and partial plan
NUMBER_NOISE = 0.3  # Normal's mixed strategy: Gumbel noise (points) on its number values
OTHERS_MODEL = 0.6  # Normal foresees each rival's number by a softmax of the rival's values at this temperature
ROW_MEMO_SIZE = 4096  # row values remembered (a few turns of a 5-player game)
_ROW_MEMO: dict[tuple, float] = {}  # (wall, row, others' ovals, late) -> row_value


def hope(turns_left: int) -> float:
    """How much waiting shapes and open halves still count with that many turns after this one."""
    return min(1.0, max(0.0, turns_left / LATE_TURNS))


def colour_value(large: int, small: int, late: float = 1.0) -> float:
    """A colour's worth: 2 per pair now, and the waiting shapes of the larger size, each worth less."""
    pairs = min(large, small)
    excess = abs(large - small)
    return PAIR_POINTS * pairs + late * SPARE * (1.0 - SPARE_DECAY ** excess) / (1.0 - SPARE_DECAY)


# ----- placement ------------------------------------------------------------------------------------
def _open_value(colour: str, small: int, tally: Sequence[int]) -> float:
    """What a half left facing an empty cell may bring later."""
    if colour == WILD:
        return OPEN_WILD
    index = 2 * COLOUR_INDEX[colour]
    mine, other = tally[index + small], tally[index + 1 - small]
    return OPEN_HALF + (OPEN_NEED if mine < other else 0.0)


def _shape_value(colour: str, small: int, tally: list[int], late: float) -> float:
    """Value of one more completed shape (and count it in ``tally``)."""
    if colour == WILD:
        return WILD_PAIR * late
    index = 2 * COLOUR_INDEX[colour]
    large_before, small_before = tally[index], tally[index + 1]
    tally[index + small] += 1
    return colour_value(tally[index], tally[index + 1], late) - colour_value(large_before, small_before, late)


def placement_value(wall: Wall, tally: Sequence[int], cell: Cell, card: int, rot: int, late: float = 1.0) -> float:
    """The heuristic worth of putting ``card`` on ``cell`` turned ``rot`` (see the module doc);
    ``late`` (``hope``) scales what is only hoped for."""
    mine = edges(card, rot)
    x, y = cell
    counted = list(tally)
    value = 0.0
    for dx, dy, my_edge, their_edge, small in _SIDES:
        other = wall.get((x + dx, y + dy))
        half = mine[my_edge]
        if other is None:
            value += late * _open_value(half, small, tally)
            continue
        theirs = edges(other[0], other[1])[their_edge]
        value -= late * _open_value(theirs, small, tally)  # their open half is used up either way
        if half == theirs or half == WILD or theirs == WILD:
            value += _shape_value(theirs if half == WILD else half, small, counted, late)
        else:
            value += MISMATCH
    return value


def wall_hopes(wall: Wall, frontier: set[Cell] | Sequence[Cell], tally: Sequence[int]) -> float:
    """The open halves of a wall valued as ``placement_value`` counts them (before ``late``)."""
    value = 0.0
    for x, y in frontier:
        for dx, dy, my_edge, their_edge, small in _SIDES:
            other = wall.get((x + dx, y + dy))
            if other is not None:
                value += _open_value(edges(other[0], other[1])[their_edge], small, tally)
    return value


def best_placement(wall: Wall, frontier: Sequence[Cell] | set[Cell], tally: Sequence[int], card: int,
                   late: float = 1.0) -> tuple[Cell, int, float]:
    """The best (cell, rot, value) for ``card`` among the legal cells (ties: first in (y, x) order)."""
    best: tuple[Cell, int, float] = ((0, 0), 0, -math.inf)
    turns = (0,) if is_symmetric(card) else (0, 180)
    for cell in sorted(frontier, key=_cell_key):
        for rot in turns:
            value = placement_value(wall, tally, cell, card, rot, late)
            if value > best[2] + 1e-9:
                best = (cell, rot, value)
    return best


Plan = tuple[tuple[int, Cell, int], ...]  # (card, cell, rot) in the order they go on the wall
Planner = Callable[..., tuple[float, Plan]]  # plan_row or row_order_plan


class _Partial(NamedTuple):
    """A partial plan of ``plan_row``: its value, its steps, the wall it leaves, the cards left."""

    total: float
    plan: Plan
    wall: dict[Cell, tuple[int, int]]
    frontier: set[Cell]
    tally: list[int]
    rest: tuple[int, ...]


def plan_row(wall: Wall, frontier: Sequence[Cell] | set[Cell], tally: Sequence[int], cards: Sequence[int],
             late: float = 1.0) -> tuple[float, Plan]:
    """How to place a taken row's cards, in which order (the rulebook sets none): (total value,
    ((card, cell, rot), ...)). A beam search: each step extends the ``ORDER_BEAM`` best partial
    plans by every card left in its ``ORDER_CELLS`` best placements on the wall the plan made, so
    a card may go first to open the cell where another completes a pair. The row's own order,
    each card on its best cell, is a floor (the plan is never worth less). Ties keep the row's
    order; hazy cards are all alike, so their order is never searched."""
    floor = row_order_plan(wall, frontier, tally, cards, late)
    if len(cards) < 2:
        return floor
    beams = [_Partial(0.0, (), dict(wall), set(frontier), list(tally), tuple(cards))]
    for _ in range(len(cards)):
        grown = sorted(_extensions(beams, late), key=lambda option: -option[0])  # stable: ties keep the row's order
        beams = [_placed(*option) for option in grown[:ORDER_BEAM]]
    best = beams[0]
    return floor if floor[0] > best.total + 1e-9 else (best.total, best.plan)


def _extensions(beams: Sequence[_Partial], late: float) -> list[tuple[float, _Partial, int, Cell, int, int]]:
    """Every next step of every partial plan: (new total, plan, card, cell, rot, index in rest)."""
    grown = []
    for beam in beams:
        tried: set[int] = set()
        for index, card in enumerate(beam.rest):
            kind = HAZY_FIRST if is_symmetric(card) else card
            if kind in tried:
                continue
            tried.add(kind)
            for value, cell, rot in ranked_placements(beam.wall, beam.frontier, beam.tally, card, late)[:ORDER_CELLS]:
                grown.append((beam.total + value, beam, card, cell, rot, index))
    return grown


def _placed(total: float, beam: _Partial, card: int, cell: Cell, rot: int, index: int) -> _Partial:
    """``beam`` with one more card placed (on copies of its wall)."""
    wall, frontier, tally = dict(beam.wall), set(beam.frontier), list(beam.tally)
    add_to_wall(wall, frontier, tally, cell, card, rot)
    return _Partial(total, (*beam.plan, (card, cell, rot)), wall, frontier, tally,
                    beam.rest[:index] + beam.rest[index + 1:])


def row_order_plan(wall: Wall, frontier: Sequence[Cell] | set[Cell], tally: Sequence[int], cards: Sequence[int],
                   late: float = 1.0) -> tuple[float, Plan]:
    """The row's cards in the row's order, each on its ``best_placement`` (the old forced order)."""
    here, open_cells, counts = dict(wall), set(frontier), list(tally)
    total = 0.0
    plan = []
    for card in cards:
        cell, rot, value = best_placement(here, open_cells, counts, card, late)
        add_to_wall(here, open_cells, counts, cell, card, rot)
        total += value
        plan.append((card, cell, rot))
    return total, tuple(plan)


def ranked_placements(wall: Wall, frontier: Sequence[Cell] | set[Cell], tally: Sequence[int], card: int,
                      late: float = 1.0) -> list[tuple[float, Cell, int]]:
    """Every (value, cell, rot), best first (ties in (y, x) order; one turn of a hazy card)."""
    turns = (0,) if is_symmetric(card) else (0, 180)
    found = [
        (placement_value(wall, tally, cell, card, rot, late), cell, rot)
        for cell in sorted(frontier, key=_cell_key)
        for rot in turns
    ]
    found.sort(key=lambda item: -item[0])
    return found


def is_symmetric(card: int) -> bool:
    """True when turning the card changes nothing (hazy cards)."""
    return card >= HAZY_FIRST


def _cell_key(cell: Cell) -> tuple[int, int]:
    return cell[1], cell[0]


def tally_of(wall: Wall) -> list[int]:
    """The shape tally (colour × (large, small)) of a wall."""
    counts = wp.shape_counts(wall)
    return [n for colour in COLOURS for n in counts[colour]]


# ----- what a seat's wall looks like (built once per decision) ---------------------------------------
@dataclass(slots=True)
class WallView:
    """One seat's wall with its summaries."""

    wall: dict[Cell, tuple[int, int]]
    frontier: set[Cell]
    tally: list[int]
    memories: frozenset[str]
    ovals: int

    @classmethod
    def of(cls, wall: Wall) -> WallView:
        """Summaries computed from a wall."""
        built: dict[Cell, tuple[int, int]] = {}
        frontier: set[Cell] = {(0, 0)}
        tally = empty_tally()
        ovals = 0
        for cell, (card, rot) in wall.items():
            ovals += add_to_wall(built, frontier, tally, cell, card, rot)[1]
        return cls(built, frontier, tally, wp.memories_on(built), ovals)


def row_value(view: WallView, cards: Sequence[int], others_ovals: Sequence[int], late: float = 1.0,
              planner: Planner | None = None) -> float:
    """What taking these cards would add to this wall (see the module doc); ``planner`` places
    them (``plan_row`` unless given)."""
    if not cards:
        return 0.0
    total, _ = (planner or plan_row)(view.wall, view.frontier, view.tally, cards, late)
    ovals = sum(1 for card in cards if centre_of(card) == OVAL)
    kinds = set(view.memories) | {centre_of(card) for card in cards if centre_of(card) in MEMORIES}
    total += memory_points(len(kinds)) - memory_points(len(view.memories))
    if ovals:
        total -= late * OVAL_EACH * ovals
        if others_ovals:
            before = oval_points((view.ovals, *others_ovals))[0]
            after = oval_points((view.ovals + ovals, *others_ovals))[0]
            total += (OVAL_SWING + (1.0 - OVAL_SWING) * (1.0 - late)) * (after - before)
    return total


def easy_row_value(view: WallView, cards: Sequence[int]) -> float:
    """Easy's simpler worth of a row: cards, new memories, red ovals."""
    kinds = {centre_of(card) for card in cards} & set(MEMORIES)
    ovals = sum(1 for card in cards if centre_of(card) == OVAL)
    return 0.8 * len(cards) + 1.5 * len(kinds - view.memories) - 1.0 * ovals


# ----- numbers ---------------------------------------------------------------------------------------
def possible_numbers(observation: WallpaperObservation, seat: int) -> list[int]:
    """Numbers ``seat`` may still play this turn (its hand and pile; Grandma: her pile)."""
    if seat == GRANDMA and observation.grandma:
        if observation.grandma_pile_count == 0:
            return list(NUMBERS)
        gone = set(observation.discards[GRANDMA])
        return [n for n in NUMBERS if n not in gone]
    return wp.RULES.possible_numbers(observation, seat)


def number_odds(possible: Sequence[int] | Mapping[int, float], number: int) -> tuple[float, float, float]:
    """(P higher, P equal, P lower) than ``number`` for a seat playing uniformly from ``possible``
    (or by the chances a mapping gives each number)."""
    if not possible:
        return 0.0, 0.0, 1.0
    if isinstance(possible, Mapping):
        higher = sum(chance for n, chance in possible.items() if n > number)
        equal = possible.get(number, 0.0)
        return higher, equal, max(0.0, 1.0 - higher - equal)
    share = 1.0 / len(possible)
    higher = sum(1 for n in possible if n > number) * share
    equal = share if number in possible else 0.0
    return higher, equal, 1.0 - higher - equal


def softmax(values: Mapping[int, float], temperature: float) -> dict[int, float]:
    """Chances proportional to exp(value / temperature) (the argmax alone at temperature 0)."""
    if not values:
        return {}
    top = max(values.values())
    if temperature <= 0.0:
        best = [n for n, value in values.items() if value == top]
        return {n: 1.0 / len(best) if n in best else 0.0 for n in values}
    weights = {n: math.exp((value - top) / temperature) for n, value in values.items()}
    total = sum(weights.values())
    return {n: weight / total for n, weight in weights.items()}


def outcome_table(number: int, others: Sequence[tuple[Sequence[int] | Mapping[int, float], bool]]
                  ) -> dict[tuple[int, int, bool], float]:
    """Distribution of (seats above me, seats colliding with me, a collider is ahead of me in the
    token line) over the others, each given as (possible numbers, ahead of me)."""
    table: dict[tuple[int, int, bool], float] = {(0, 0, False): 1.0}
    for possible, ahead in others:
        higher, equal, lower = number_odds(possible, number)
        grown: dict[tuple[int, int, bool], float] = {}
        for (above, colliding, beaten), chance in table.items():
            for key, odds in (
                ((above + 1, colliding, beaten), higher),
                ((above, colliding + 1, beaten or ahead), equal),
                ((above, colliding, beaten), lower),
            ):
                if odds > 0.0:
                    grown[key] = grown.get(key, 0.0) + chance * odds
        table = grown
    return table


def expected_number_value(number: int, others: Sequence[tuple[Sequence[int] | Mapping[int, float], bool]],
                          rows: Sequence[float],
                          hazy: float, token_cost: float) -> float:
    """Expected worth of playing ``number``: its row, a won collision's best row, or a hazy card."""
    value = 0.0
    last = len(rows) - 1
    for (above, colliding, beaten), chance in outcome_table(number, others).items():
        if not colliding:
            value += chance * rows[min(above, last)]
        elif beaten:
            value += chance * hazy
        else:
            value += chance * (max(rows[above:above + colliding + 1]) - token_cost)
    return value


def spend_cost(number: int, hand: Sequence[int], turn: int) -> float:
    """A small cost for spending a high number while the round still has turns to play."""
    left = ROUND_TURNS - 1 - turn % ROUND_TURNS
    if turn >= TURNS - 1 or not hand:
        return 0.0
    mean = sum(hand) / len(hand)
    return SPEND * (number - mean) * left / (ROUND_TURNS - 1)


def hazy_worth(observation: WallpaperObservation) -> float:
    """What one more hazy card is worth (nothing once the supply is out)."""
    return HAZY_VALUE if observation.hazy_supply > 0 else 0.0


def others_for(observation: WallpaperObservation, seat: int) -> list[tuple[list[int], bool]]:
    """The other seats (Grandma included) as (possible numbers, ahead of ``seat`` in the token line)."""
    line = observation.token_line
    mine = line.index(seat)
    seats = list(range(observation.players)) + ([GRANDMA] if observation.grandma else [])
    return [(possible_numbers(observation, other), line.index(other) < mine) for other in seats if other != seat]


def number_values(observation: WallpaperObservation, seat: int, rows: Sequence[float], hand: Sequence[int],
                  others: Sequence[tuple[Sequence[int] | Mapping[int, float], bool]] | None = None
                  ) -> dict[int, float]:
    """Normal's value of each number in ``hand`` for ``seat`` (row values given, high end first),
    against ``others`` (default ``others_for``: each plays uniformly what it may hold)."""
    if others is None:
        others = others_for(observation, seat)
    front = observation.token_line[0] == seat
    token_cost = TOKEN_FRONT if front else 0.2
    hazy = hazy_worth(observation)
    return {
        number: expected_number_value(number, others, rows, hazy, token_cost)
        - spend_cost(number, hand, observation.turn)
        for number in hand
    }


def modelled_others(observation: WallpaperObservation, seat: int, views: Sequence[WallView], temperature: float
                    ) -> list[tuple[Sequence[int] | Mapping[int, float], bool]]:
    """The other seats as Normal expects them to play: each values the numbers it may hold
    against uniform rivals and plays by a softmax of those values; Grandma plays her pile's top
    (uniform). Each with whether it is ahead of ``seat`` in the token line."""
    line = observation.token_line
    mine = line.index(seat)
    others: list[tuple[Sequence[int] | Mapping[int, float], bool]] = []
    for other in range(observation.players):
        if other == seat:
            continue
        possible = possible_numbers(observation, other)
        rows = all_row_values(observation, views, other)
        values = number_values(observation, other, rows, possible)
        others.append((softmax(values, temperature), line.index(other) < mine))
    if observation.grandma:
        others.append((possible_numbers(observation, GRANDMA), line.index(GRANDMA) < mine))
    return others


def wall_views(observation: WallpaperObservation) -> list[WallView]:
    """Every seat's wall with summaries."""
    return [WallView.of(dict(wall)) for wall in observation.walls]


def all_row_values(observation: WallpaperObservation, views: Sequence[WallView], seat: int) -> list[float]:
    """``row_value`` of every row for ``seat`` (remembered: within a turn every seat values the
    same rows for the same walls, its own and, to foresee them, the others')."""
    ovals = tuple(view.ovals for other, view in enumerate(views) if other != seat)
    late = hope(TURNS - 1 - observation.turn)
    wall = observation.walls[seat]
    values = []
    for row in observation.rows:
        key = (wall, row, ovals, late)
        value = _ROW_MEMO.get(key)
        if value is None:
            if len(_ROW_MEMO) >= ROW_MEMO_SIZE:
                _ROW_MEMO.clear()
            value = _ROW_MEMO[key] = row_value(views[seat], row, ovals, late)
        values.append(value)
    return values



def observation_late(observation: WallpaperObservation) -> float:
    """``hope`` for placements now (0 for the hazy cards at the end)."""
    return 0.0 if observation.phase == PHASE_HAZY else hope(TURNS - 1 - observation.turn)


# ----- the agents --------------------------------------------------------------------------------------
def place_action(view: WallView, cards: Sequence[int], legal: Sequence[WallpaperAction], late: float = 1.0
                 ) -> WallpaperAction:
    """The legal place action that starts ``plan_row``'s order of the cards still to place."""
    _, plan = plan_row(view.wall, view.frontier, view.tally, cards, late)
    card, cell, rot = plan[0]
    wanted = wp.place(card, cell[0], cell[1], rot)
    return wanted if wanted in legal else legal[0]


class WallpaperNormal:
    """Normal: rows by what they add; numbers by the exact odds of winning them against the
    rivals as ``modelled_others`` foresees them (``model``: None, uniform rivals), played as a
    mixed strategy (Gumbel noise of scale ``noise`` on the values: a softmax at that
    temperature); placements in ``plan_row``'s order."""

    name = "normal"

    def __init__(self, noise: float = NUMBER_NOISE, model: float | None = OTHERS_MODEL) -> None:
        self.noise = noise
        self.model = model  # None: the others play uniformly; else their softmax temperature

    def choose(self, observation: WallpaperObservation, legal: Sequence[WallpaperAction], rng: random.Random,
               budget: float) -> WallpaperAction:
        """One of ``legal``."""
        if len(legal) == 1:
            return legal[0]
        seat = observation.seat
        phase = observation.phase
        if phase in (PHASE_PLACE, PHASE_HAZY):
            view = WallView.of(dict(observation.walls[seat]))
            return place_action(view, observation.pending, legal, observation_late(observation))
        views = wall_views(observation)
        rows = all_row_values(observation, views, seat)
        if phase == PHASE_PICK:
            return max(legal, key=lambda action: (rows[action.row], -action.row))
        others = None if self.model is None else modelled_others(observation, seat, views, self.model)
        values = number_values(observation, seat, rows, observation.hand, others)
        if self.noise > 0.0:
            # identical Normals reading the same table would otherwise play the same numbers:
            # the noise makes their collisions the game's, not the clones'
            return max(legal, key=lambda action: values[action.number] + self.noise * _gumbel(rng))
        return max(legal, key=lambda action: (values[action.number], -action.number))


class WallpaperEasy:
    """Easy: simpler row values, sometimes a random number, sometimes a sloppy placement."""

    name = "easy"

    def choose(self, observation: WallpaperObservation, legal: Sequence[WallpaperAction], rng: random.Random,
               budget: float) -> WallpaperAction:
        """One of ``legal``."""
        if len(legal) == 1:
            return legal[0]
        seat = observation.seat
        phase = observation.phase
        view = WallView.of(dict(observation.walls[seat]))
        if phase in (PHASE_PLACE, PHASE_HAZY):
            card = observation.pending[0]  # Easy places a row top card first
            ranked = ranked_placements(view.wall, view.frontier, view.tally, card, observation_late(observation))
            index = rng.randrange(min(3, len(ranked))) if rng.random() < EASY_SLOPPY_PLACE else 0
            _, cell, rot = ranked[index]
            return wp.place(card, cell[0], cell[1], rot)
        rows = [easy_row_value(view, row) for row in observation.rows]
        if phase == PHASE_PICK:
            return max(legal, key=lambda action: rows[action.row])
        if rng.random() < EASY_RANDOM_NUMBER:
            return legal[rng.randrange(len(legal))]
        values = number_values(observation, seat, rows, observation.hand)
        return max(legal, key=lambda action: values[action.number])


# ----- Hard: the rules as its search sees them ----------------------------------------------------------
OPPONENT_NOISE = 0.6  # Gumbel noise scale on the others' number values in a determinization
EVAL_SCALE = 5.0  # points of margin that make a reward of about 0.73
TOKEN_SHARE = 0.4  # share of the front token's 2 points counted while the game is young


@dataclass(slots=True)
class WallpaperSearchState(WallpaperState):
    """A sampled state that counts the decisions search made on it."""

    steps: int = 0


@dataclass(slots=True)
class SearchContext:
    """What Hard computes once per decision from the observation (walls and rows are public)."""

    key: int = -1
    summaries: list[tuple[set[Cell], list[int], int, int]] = field(default_factory=list)
    number_tables: dict[int, dict[int, float]] = field(default_factory=dict)
    # Within one turn every seat takes at most one row, onto the wall it had at the decision, so
    # the automatic picks and placements repeat from sample to sample: they are memoized here.
    actions: dict[tuple, WallpaperAction] = field(default_factory=dict)
    hopes: dict[tuple, float] = field(default_factory=dict)


class WallpaperSearchRules(WallpaperRules):
    """The rules as Hard's search sees them; only ``make_hard``'s agent uses them.

    * ``determinize`` samples the hidden numbers and lets every other seat choose its number now
      (Normal's values for it, with Gumbel noise), so the searching seat decides against hidden
      choices it cannot influence;
    * after the searching seat's decision, ``advance`` plays the rest of the turn automatically:
      picks by ``row_value``, placements in ``plan_row``'s order; the state is then a search leaf;
    * ``search_rewards`` scores the leaf with ``evaluate``.
    """

    state_class = WallpaperSearchState
    sample_orders = False  # the deck and own pile are only drawn from after the leaf

    def __init__(self) -> None:
        self.context = SearchContext()

    def prepare(self, observation: WallpaperObservation) -> None:
        """Compute the per-decision context once (walls summaries, the others' number values)."""
        key = hash((observation.turn, observation.phase, observation.rows, observation.walls,
                    observation.token_line, observation.discards, observation.seat, observation.pending))
        if key == self.context.key:
            return
        views = wall_views(observation)
        context = SearchContext(key)
        context.summaries = [(view.frontier, view.tally, _memory_bits(view.memories), view.ovals) for view in views]
        if observation.phase == PHASE_CHOOSE:
            for seat in range(observation.players):
                if seat == observation.seat:
                    continue
                rows = all_row_values(observation, views, seat)
                context.number_tables[seat] = number_values(
                    observation, seat, rows, possible_numbers(observation, seat)
                )
        self.context = context

    def determinize(self, observation: WallpaperObservation, rng: random.Random) -> WallpaperSearchState:
        """The rules' sample, the others' numbers chosen by their noisy Normal values, cached summaries."""
        self.prepare(observation)
        state = self.sampled_state(observation, rng)
        assert isinstance(state, WallpaperSearchState)
        state.frontier = [set(frontier) for frontier, _, _, _ in self.context.summaries]
        state.tally = [list(tally) for _, tally, _, _ in self.context.summaries]
        state.memory_bits = [bits for _, _, bits, _ in self.context.summaries]
        state.oval_count = [ovals for _, _, _, ovals in self.context.summaries]
        if state.phase == PHASE_CHOOSE:
            for seat, table in self.context.number_tables.items():
                pool = state.hands[seat] + ([state.chosen[seat]] if state.chosen[seat] else [])
                choice = max(pool, key=lambda n: table.get(n, 0.0) + OPPONENT_NOISE * _gumbel(rng))
                pool.remove(choice)
                state.hands[seat] = sorted(pool)
                state.chosen[seat] = choice
        return state

    def advance(self, state: WallpaperSearchState, seat: int, action: WallpaperAction) -> None:  # type: ignore[override]  # only its own search states
        """The decision, then the rest of the turn played automatically."""
        turn = state.turn
        self._perform(state, seat, action, None)
        state.steps += 1
        self.finish_turn(state, turn)

    def finish_turn(self, state: WallpaperState, turn: int) -> None:
        """Play picks, placements and (only if a sample left them open) choices until the turn ends."""
        memo = self.context.actions
        while state.phase != PHASE_OVER and not (state.turn != turn and state.phase == PHASE_CHOOSE):
            mover = super().to_move(state)[0]
            phase = state.phase
            if phase == PHASE_PICK:
                key: tuple = (PHASE_PICK, mover, state.blocks_todo[0].rows, len(state.walls[mover]))
            elif phase == PHASE_CHOOSE:
                key = (PHASE_CHOOSE, mover, state.turn, tuple(state.hands[mover]))
            else:
                key = (phase, mover, tuple(state.pending), len(state.walls[mover]))
            action = memo.get(key)
            if action is None:
                action = memo[key] = auto_action(state, mover)
            self._perform(state, mover, action, None)

    def clone(self, state: WallpaperSearchState) -> WallpaperSearchState:  # type: ignore[override]  # only its own search states
        """A copy that keeps the decision count."""
        copy = super().clone(state)
        assert isinstance(copy, WallpaperSearchState)  # a copy is of ``state_class``
        copy.steps = state.steps
        return copy

    def is_search_leaf(self, state: WallpaperSearchState) -> bool:  # type: ignore[override]  # only its own search states
        """The end of the game, or after the one searched decision."""
        return state.phase == PHASE_OVER or state.steps >= 1

    def search_rewards(self, state: WallpaperState) -> tuple[float, ...]:
        """Per seat: a logistic of its evaluation's margin over the best rival."""
        values = evaluate(state, self.context.hopes)
        rewards = []
        for seat, mine in enumerate(values):
            rival = max(value for other, value in enumerate(values) if other != seat)
            rewards.append(1.0 / (1.0 + math.exp(-(mine - rival) / EVAL_SCALE)))
        return tuple(rewards)


def _memory_bits(kinds: frozenset[str]) -> int:
    return sum(1 << MEMORIES.index(kind) for kind in kinds)


def _gumbel(rng: random.Random) -> float:
    return -math.log(-math.log(rng.random() or 1e-12) or 1e-12)


def evaluate(state: WallpaperState, memo: dict[tuple, float] | None = None) -> tuple[float, ...]:
    """Per seat, its worth as Normal's values count it: pairs, waiting shapes and open halves (while
    there is hope), memories, hazy cards held, red ovals and the token (at face value at the end).
    ``memo`` keeps each wall's open-half value by its summary (search sees the same walls often)."""
    if state.phase == PHASE_OVER:
        return tuple(float(total) for total in wp.RULES.totals(state))
    late = hope(TURNS - state.turn - (0 if state.phase == PHASE_CHOOSE else 1))
    ovals = oval_points(tuple(state.oval_count))
    token = wp.token_points(state.token_line, state.players)
    oval_share = OVAL_SWING + (1.0 - OVAL_SWING) * (1.0 - late)
    values = []
    for seat in range(state.players):
        tally = state.tally[seat]
        key = (seat, len(state.walls[seat]), len(state.frontier[seat]), tuple(tally), state.memory_bits[seat], late)
        value = memo.get(key) if memo is not None else None
        if value is None:
            value = sum(colour_value(tally[i], tally[i + 1], late) for i in range(0, len(tally), 2))
            value += late * wall_hopes(state.walls[seat], state.frontier[seat], tally)
            value += memory_points(state.memory_bits[seat].bit_count())
            if memo is not None:
                memo[key] = value
        value += HAZY_VALUE * state.hazy[seat]
        value += oval_share * ovals[seat] - late * OVAL_EACH * state.oval_count[seat]
        value += (1.0 - late * (1.0 - TOKEN_SHARE)) * token[seat]
        values.append(value)
    return tuple(values)


def state_row_value(state: WallpaperState, seat: int, cards: Sequence[int], planner: Planner | None = None) -> float:
    """``row_value`` read off a full state (search and rollouts)."""
    view = WallView(state.walls[seat], state.frontier[seat], state.tally[seat],
                    frozenset(m for i, m in enumerate(MEMORIES) if state.memory_bits[seat] >> i & 1),
                    state.oval_count[seat])
    others = [count for other, count in enumerate(state.oval_count) if other != seat]
    return row_value(view, cards, others, hope(TURNS - 1 - state.turn), planner)


def auto_action(state: WallpaperState, seat: int, planner: Planner | None = None) -> WallpaperAction:
    """The shared heuristics on a full state: place in ``plan_row``'s order (or ``planner``'s),
    pick by ``row_value``, choose the number whose row looks best by a quick rank guess."""
    phase = state.phase
    plan_of = planner or plan_row
    if phase in (PHASE_PLACE, PHASE_HAZY):
        late = 0.0 if phase == PHASE_HAZY else hope(TURNS - 1 - state.turn)
        _, plan = plan_of(state.walls[seat], state.frontier[seat], state.tally[seat], state.pending, late)
        card, cell, rot = plan[0]
        return wp.place(card, cell[0], cell[1], rot)
    if phase == PHASE_PICK:
        rows = state.blocks_todo[0].rows
        return wp.pick(max(rows, key=lambda row: (state_row_value(state, seat, state.rows[row], planner), -row)))
    hand = state.hands[seat]
    values = [state_row_value(state, seat, row, planner) for row in state.rows]
    target = max(range(len(values)), key=values.__getitem__)
    # the high end wants a high number: aim at the hand's matching quantile
    share = 1.0 - target / max(1, len(values) - 1)
    return wp.play(hand[min(len(hand) - 1, int(share * len(hand)))])


def advice_policy(rules: WallpaperRules, state: WallpaperState, seat: int, legal: list[WallpaperAction],
                  rng: random.Random) -> WallpaperAction:
    """``rollout_policy`` with each row placed in its own order (``row_order_plan``) rather than
    the beam search: the advice plays whole matches out, dozens per candidate, and the beam
    search made one 3-player match cost a tenth of a second."""
    if len(legal) == 1:
        return legal[0]
    if state.phase == PHASE_CHOOSE and rng.random() < 0.2:
        return legal[rng.randrange(len(legal))]
    return auto_action(state, seat, row_order_plan)


def rollout_policy(rules: WallpaperRules, state: WallpaperState, seat: int, legal: list[WallpaperAction],
                   rng: random.Random) -> WallpaperAction:
    """The shared heuristics for a playout (``auto_action``), with a little chance in the numbers."""
    if len(legal) == 1:
        return legal[0]
    if state.phase == PHASE_CHOOSE and rng.random() < 0.2:
        return legal[rng.randrange(len(legal))]
    return auto_action(state, seat)


class WallpaperHard(IsmctsAgent[WallpaperRules]):
    """Hard: ISMCTS over ``WallpaperSearchRules`` for numbers and picks; placements in
    ``plan_row``'s order (the search would only confirm the heuristic it plays out with)."""

    name = "hard"

    def choose(self, observation: WallpaperObservation, legal: Sequence[WallpaperAction], rng: random.Random,
               budget: float) -> WallpaperAction:
        """One of ``legal``."""
        if observation.phase in (PHASE_PLACE, PHASE_HAZY) and len(legal) > 1:
            self.last_iterations, self.last_seconds, self.last_root = 0, 0.0, None
            view = WallView.of(dict(observation.walls[observation.seat]))
            return place_action(view, observation.pending, legal, observation_late(observation))
        return super().choose(observation, legal, rng, budget)


def make_hard() -> WallpaperHard:
    """Hard (``make_agent`` uses it)."""
    return WallpaperHard(WallpaperSearchRules(), rollout_policy=rollout_policy)


def make(level: str) -> WallpaperNormal | WallpaperEasy:
    """The wallpaper agent of ``level`` ("easy" or "normal")."""
    if level == "easy":
        return WallpaperEasy()
    if level == "normal":
        return WallpaperNormal()
    raise ValueError(f"wallpaper has no heuristic level {level!r}; use easy or normal")
