"""That Old Wallpaper: 2-5 players (with 2, an automatic third seat "Grandma"), 109 wallpaper cards,
21 hazy memory cards, number cards 1-10 per seat.

Geometry (``game.rules.wallpaper_walls``). A wall is ``dict[(x, y)] -> (card id, rot)`` with x to the
right and y DOWN. Every card lies landscape (long edges horizontal) and may be turned 180°, never 90°:
vertically adjacent cards meet LARGE halves, horizontally adjacent cards meet SMALL halves. Across a
shared edge two halves complete a shape when they are the same colour, or one is wild (the colour's
shape), or both are wild (a completed shape that scores nothing). ``edges(card, rot)`` lists (top,
right, bottom, left).

Turn flow (``state.phase``): "choose" (every seat secretly plays a number card; Grandma plays her
pile's top card at the reveal), the reveal sorts numbers high to low onto rows from the HIGH end
(``rows[0]``); collisions block as many rows as colliding seats and are resolved highest number
first (``HOUSE_COLLISIONS_HIGHEST_FIRST``) by the token line ("pick"); each taker places its
row's cards one by one, in any order it likes ("place": the action names the card). After turn
18 every seat places its hazy cards ("hazy"; they are all alike, so the action names the first
one), then the game is scored ("over").

Notation of an action: ``play 7``, ``pick 2``, ``place 17 -1 3 180`` (card 17 on cell (-1, 3),
turned 180°). Saves of format version 1 wrote ``place -1 3 180`` for "the row's top card":
``upgrade_action`` reads them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from game.core.errors import IllegalAction
from game.core.events import Event
from game.core.rng import GENERATOR, copy_rng, deal_rng
from game.core.rules import IMPERFECT, GameSpec, Result, Rules
from game.rules.wallpaper_deck import (  # noqa: F401 (re-exported)
    ALL_CARDS,
    BLUE,
    CARDS,
    COLOURS,
    DECK_SEED,
    GREEN,
    HAZY_COUNT,
    HAZY_FIRST,
    LARGE,
    MEMORIES,
    OVAL,
    RED,
    SMALL,
    WALLPAPER_COUNT,
    WILD,
    YELLOW,
    WallCard,
    card_by_id,
)

from game.rules.wallpaper_walls import (  # noqa: F401 (re-exported)
    CENTRES,
    COLOUR_INDEX,
    Cell,
    Shape,
    Wall,
    add_to_wall,
    centre_of,
    completed_shapes,
    edges,
    empty_tally,
    is_hazy,
    is_legal_cell,
    legal_cells,
    meeting,
    memories_on,
    ovals_on,
    shape_counts,
    shape_gain,
    shapes_made,
)

# Deck and wall names re-exported above, so the scenes may import everything from this module.

GAME_ID = "wallpaper"
NUMBERS: tuple[int, ...] = tuple(range(1, 11))  # each seat's number cards
HAND_SIZE = 5
TURNS = 18
ROUND_TURNS = 6
ROUNDS = TURNS // ROUND_TURNS
PAIR_POINTS = 2  # per colour, per (large, small) pair of completed shapes
MEMORY_POINTS: tuple[int, ...] = (0, 1, 3, 6, 10)  # by distinct memory kinds
OVAL_POINTS = 2  # fewest red ovals +2, most -2 (ties all; all equal: nobody)
TOKEN_POINTS = 2  # the token at the front of the line
# Result.scores: a seat that loses a tie on points by red ovals shows this much less per place behind.
# House reading: the rulebook orders the tokens "youngest first" or at random; we draw the order
# at random from the game's seed.
HOUSE_RANDOM_TOKEN_LINE = True
# House reading: Grandma, winning a collision, takes the blocked row with the most cards, ties
# nearest the high end (the rulebook leaves her choice open).
HOUSE_GRANDMA_PICKS_MOST_CARDS = True
# House reading: the rulebook resolves several collisions "in number order" (数字順) without
# naming the end; we go from the highest number down, as the rows are laid out.
HOUSE_COLLISIONS_HIGHEST_FIRST = True
# The house readings this module plays by, by name (``game.core.house``): the rules help explains
# each one (``wallpaper.help.house.<name>`` in both catalogues); a ``HOUSE_*`` constant belongs to the
# reading it is named after. ``hazy_limit`` and ``grandma_front`` are gaps the help spells out rather
# than choices: the 21 hazy cards are a physical limit (a collision's losers get none once they are
# gone), and with Grandma at the front of the token line at the end nobody scores the token's 2
# points (``token_points``).
HOUSE_READINGS: tuple[str, ...] = ("deck", "hazy_card", "random_token_line", "collisions_highest_first",
                                   "hazy_limit", "grandma_picks_most_cards", "grandma_front")


# ----- actions ------------------------------------------------------------------------------
class WallpaperAction(NamedTuple):
    """``kind`` "play" (``number``), "pick" (``row``) or "place" (``card``, ``x``, ``y``, ``rot``)."""

    kind: str
    number: int = 0
    row: int = -1
    x: int = 0
    y: int = 0
    rot: int = 0
    card: int = -1


PLAY = "play"
PICK = "pick"
PLACE = "place"
ROTATIONS: tuple[int, int] = (0, 180)

PHASE_CHOOSE = "choose"
PHASE_PICK = "pick"
PHASE_PLACE = "place"
PHASE_HAZY = "hazy"
PHASE_OVER = "over"

_PLAYS: dict[int, WallpaperAction] = {number: WallpaperAction(PLAY, number) for number in NUMBERS}


def play(number: int) -> WallpaperAction:
    """Secretly play the number card ``number``."""
    return _PLAYS.get(number) or WallpaperAction(PLAY, number)


def pick(row: int) -> WallpaperAction:
    """Take the blocked row ``row`` after winning a collision."""
    return WallpaperAction(PICK, row=row)


def place(card: int, x: int, y: int, rot: int = 0) -> WallpaperAction:
    """Put the pending card ``card`` on cell (x, y), turned ``rot``."""
    return WallpaperAction(PLACE, x=x, y=y, rot=rot, card=card)


# ----- events (public facts only) -------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Block:
    """One group of equal numbers at the reveal: who played it and the rows it covers."""

    number: int
    seats: tuple[int, ...]
    rows: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameStarted(Event):
    """The token line was drawn (front first); ``grandma`` plays along (2 players)."""

    kind = "game_started"
    hides_undo = True
    token_line: tuple[int, ...]
    grandma: bool


@dataclass(frozen=True, slots=True)
class HandDrawn(Event):
    """``seat`` drew ``count`` number cards into its hand (faces in its observation only)."""

    kind = "hand_drawn"
    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class RowCardDealt(Event):
    """A card from the deck to the bottom of ``row``; ``chained`` when a red oval called it."""

    kind = "row_card_dealt"
    hides_undo = True
    row: int
    card: int
    chained: bool


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    """Turn ``turn`` (0-based, 0..17) of round ``round`` (0..2) begins: everyone chooses."""

    kind = "turn_started"
    turn: int
    round: int


@dataclass(frozen=True, slots=True)
class NumberChosen(Event):
    """``seat`` put a number card face down (which one stays secret until the reveal)."""

    kind = "number_chosen"
    seat: int


@dataclass(frozen=True, slots=True)
class NumbersRevealed(Event):
    """Every number face up (per seat, Grandma last when she plays) and the blocks they form,
    highest number first."""

    kind = "numbers_revealed"
    hides_undo = True
    numbers: tuple[int, ...]
    blocks: tuple[Block, ...]


@dataclass(frozen=True, slots=True)
class RowTaken(Event):
    """``seat`` took ``row``'s ``cards`` (to place them, or ``discarded`` for Grandma)."""

    kind = "row_taken"
    seat: int
    row: int
    cards: tuple[int, ...]
    collision: bool
    discarded: bool


@dataclass(frozen=True, slots=True)
class TokenMoved(Event):
    """``seat`` won a collision: its token went to the back; ``line`` is the new order."""

    kind = "token_moved"
    seat: int
    line: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class HazyGiven(Event):
    """``seat`` lost a collision and got a hazy memory card (``given`` False: the supply was out)."""

    kind = "hazy_given"
    seat: int
    given: bool


@dataclass(frozen=True, slots=True)
class CardPlaced(Event):
    """``seat`` put ``card`` on its wall at (x, y) turned ``rot``, completing ``shapes``."""

    kind = "card_placed"
    seat: int
    card: int
    x: int
    y: int
    rot: int
    shapes: tuple[Shape, ...]


@dataclass(frozen=True, slots=True)
class NumbersDiscarded(Event):
    """The played numbers (per seat, Grandma last) went face up to their owners' discards."""

    kind = "numbers_discarded"
    numbers: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class NumberDrawn(Event):
    """``seat`` drew one number card."""

    kind = "number_drawn"
    seat: int


@dataclass(frozen=True, slots=True)
class PileReshuffled(Event):
    """``seat`` (or Grandma) shuffled its discard into a new draw pile."""

    kind = "pile_reshuffled"
    hides_undo = True
    seat: int


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    """The next round card turned (round 1 or 2, 0-based)."""

    kind = "round_started"
    round: int


@dataclass(frozen=True, slots=True)
class GameScored(Event):
    """The final scoring, per player (Grandma never scores)."""

    kind = "game_scored"
    hides_undo = True
    shapes: tuple[int, ...]
    memories: tuple[int, ...]
    ovals: tuple[int, ...]
    oval_points: tuple[int, ...]
    token: tuple[int, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]


# ----- scoring (pure) ---------------------------------------------------------------------------
def pair_points(counts: Mapping[str, tuple[int, int]]) -> int:
    """2 × min(large, small) summed over the colours."""
    return sum(PAIR_POINTS * min(large, small) for large, small in counts.values())


def shape_points(wall: Mapping[Cell, tuple[int, int]]) -> int:
    """The shapes part of a wall's score."""
    return pair_points(shape_counts(wall))


def memory_points(kinds: int) -> int:
    """Points for that many distinct memories: 0, 1, 3, 6, 10."""
    return MEMORY_POINTS[min(kinds, len(MEMORY_POINTS) - 1)]


def oval_points(ovals: tuple[int, ...]) -> tuple[int, ...]:
    """Fewest red ovals +2, most -2 (every tied seat alike); nothing when all are equal."""
    low, high = min(ovals), max(ovals)
    if low == high:
        return (0,) * len(ovals)
    return tuple(OVAL_POINTS if count == low else -OVAL_POINTS if count == high else 0 for count in ovals)


def token_points(token_line: Iterable[int], players: int) -> tuple[int, ...]:
    """+2 for the player whose token is at the front of the line (never Grandma)."""
    front = next(iter(token_line), -1)
    return tuple(TOKEN_POINTS if seat == front else 0 for seat in range(players))


def ranking(totals: tuple[int, ...], ovals: tuple[int, ...]) -> tuple[int, ...]:
    """Ranks 1 = best: higher total, then fewer red ovals, then shared."""
    keys = [(total, -count) for total, count in zip(totals, ovals)]
    return tuple(1 + sum(1 for other in keys if other > mine) for mine in keys)


def winners_of(totals: tuple[int, ...], ovals: tuple[int, ...]) -> tuple[int, ...]:
    """Every seat ranked first."""
    return tuple(seat for seat, rank in enumerate(ranking(totals, ovals)) if rank == 1)


def score_parts(walls: Iterable[Mapping[Cell, tuple[int, int]]], token_line: Iterable[int],
                players: int) -> GameScored:
    """The whole scoring of finished walls (players' walls only, seat order)."""
    walls = list(walls)[:players]
    shapes = tuple(shape_points(wall) for wall in walls)
    memories = tuple(memory_points(len(memories_on(wall))) for wall in walls)
    ovals = tuple(ovals_on(wall) for wall in walls)
    by_ovals = oval_points(ovals)
    token = token_points(token_line, players)
    totals = tuple(sum(parts) for parts in zip(shapes, memories, by_ovals, token))
    return GameScored(shapes, memories, ovals, by_ovals, token, totals, winners_of(totals, ovals))


# ----- state and observation ------------------------------------------------------------------


@dataclass(slots=True)
class WallpaperState:
    """The full truth of a game. Besides the API fields it keeps, per seat, what the walls sum up
    to (``frontier``: empty cells next to a card; ``tally``: coloured shapes as 8 counts, colour ×
    (large, small); ``memory_bits``; ``oval_count``), updated on each placement so legality and
    scoring stay cheap."""

    players: int
    rng: random.Random
    turn: int = 0
    round: int = 0
    phase: str = PHASE_CHOOSE
    hands: list[list[int]] = field(default_factory=list)  # sorted
    piles: list[list[int]] = field(default_factory=list)  # top = last
    discards: list[list[int]] = field(default_factory=list)
    chosen: list[int] = field(default_factory=list)  # 0 = not chosen yet
    grandma_pile: list[int] = field(default_factory=list)
    grandma_discard: list[int] = field(default_factory=list)
    grandma_choice: int = 0  # Grandma's number this turn, from the reveal to the turn's end
    token_line: list[int] = field(default_factory=list)  # front first
    rows: list[list[int]] = field(default_factory=list)  # rows[0] = high end; cards top to bottom
    deck: list[int] = field(default_factory=list)  # top = last
    discard_pile: list[int] = field(default_factory=list)  # rows Grandma took
    walls: list[dict[Cell, tuple[int, int]]] = field(default_factory=list)
    pending: list[int] = field(default_factory=list)
    placer: int = -1
    picker: int = -1
    blocks_todo: list[Block] = field(default_factory=list)
    hazy: list[int] = field(default_factory=list)  # hazy cards held per seat (counts), not yet placed
    hazy_supply: int = HAZY_COUNT
    last_reveal: NumbersRevealed | None = None
    frontier: list[set[Cell]] = field(default_factory=list)
    tally: list[list[int]] = field(default_factory=list)
    memory_bits: list[int] = field(default_factory=list)
    oval_count: list[int] = field(default_factory=list)

    @property
    def grandma(self) -> bool:
        """True when Grandma plays along (2 players)."""
        return self.players == 2


@dataclass(frozen=True, slots=True)
class WallpaperObservation:
    """What one seat may know: its own hand and pending number, everything face up, counts of the
    rest. Never the deck or pile order, other hands, or other seats' unrevealed numbers."""

    seat: int  # -1: a spectator
    players: int
    grandma: bool
    turn: int
    round: int
    phase: str
    to_move: tuple[int, ...]
    hand: tuple[int, ...]
    my_choice: int
    chosen: tuple[bool, ...]
    hand_counts: tuple[int, ...]
    pile_counts: tuple[int, ...]
    discards: tuple[tuple[int, ...], ...]  # per seat, + Grandma's last when she plays
    grandma_pile_count: int
    token_line: tuple[int, ...]
    rows: tuple[tuple[int, ...], ...]
    deck_count: int
    walls: tuple[tuple[tuple[Cell, tuple[int, int]], ...], ...]
    pending: tuple[int, ...]
    placer: int
    picker: int
    blocked: tuple[int, ...]
    blocks_todo: tuple[Block, ...]
    hazy: tuple[int, ...]
    hazy_supply: int
    discard_pile: tuple[int, ...]
    last_reveal: NumbersRevealed | None

def wall_of(observation: WallpaperObservation, seat: int) -> dict[Cell, tuple[int, int]]:
    """A seat's wall from an observation, as a dict."""
    return dict(observation.walls[seat])


GRANDMA = 2  # Grandma's seat number: she plays only in 2-player games, after seats 0 and 1


def row_count(players: int) -> int:
    """Rows on the table: one per player, 3 with 2 players."""
    return 3 if players == 2 else players


def blocks_of(numbers: tuple[int, ...]) -> tuple[Block, ...]:
    """Group the revealed numbers, highest first; each group of k seats covers the next k rows
    from the high end (row 0)."""
    blocks = []
    row = 0
    for number in sorted(set(numbers), reverse=True):
        seats = tuple(seat for seat, value in enumerate(numbers) if value == number)
        blocks.append(Block(number, seats, tuple(range(row, row + len(seats)))))
        row += len(seats)
    return tuple(blocks)


def grandma_pick(rows: list[list[int]] | tuple[tuple[int, ...], ...], blocked: Iterable[int]) -> int:
    """Grandma's automatic pick (house reading): the blocked row with most cards, ties nearest the
    high end. Without that house reading she takes the blocked row nearest the high end."""
    if not HOUSE_GRANDMA_PICKS_MOST_CARDS:
        return min(blocked)
    return max(blocked, key=lambda row: (len(rows[row]), -row))


def placeable(phase: str, pending: list[int] | tuple[int, ...]) -> list[int] | tuple[int, ...]:
    """The pending cards that may go on the wall next: any of a taken row's cards (the rulebook
    sets no order), but only the first hazy card (they are all alike: one choice, not several)."""
    if phase == PHASE_HAZY:
        return pending[:1]
    return pending


def tally_points(tally: list[int]) -> int:
    """The shapes part of a score from a tally."""
    return sum(PAIR_POINTS * min(tally[i], tally[i + 1]) for i in range(0, len(tally), 2))


class WallpaperRules(Rules[WallpaperState, WallpaperAction, WallpaperObservation]):
    """The rules of That Old Wallpaper (Grandma plays along with 2 players)."""

    game_id = GAME_ID
    min_players = 2
    max_players = 5
    state_class: type[WallpaperState] = WallpaperState  # what determinize and clone build (search may subclass)
    # determinize shuffles the deck and the observer's own pile; a search that never looks past
    # the current turn's reveal and placements may switch this off (their order is never used there)
    sample_orders = True

    # ----- setup -------------------------------------------------------------------------
    def new_game(self, players: int, seed: int, options: Mapping[str, Any] | None = None,
                 generator: str = GENERATOR) -> WallpaperState:
        """Shuffle everything, deal 5 numbers each, draw the token line and lay the first row cards."""
        self.normalize_options(players, options)
        state = WallpaperState(players, deal_rng(seed, generator))
        rng = state.rng
        for _ in range(players):
            numbers = list(NUMBERS)
            rng.shuffle(numbers)
            state.hands.append(sorted(numbers[:HAND_SIZE]))
            state.piles.append(numbers[HAND_SIZE:])
            state.discards.append([])
        state.chosen = [0] * players
        if state.grandma:
            state.grandma_pile = list(NUMBERS)
            rng.shuffle(state.grandma_pile)
        line = list(range(players))
        if HOUSE_RANDOM_TOKEN_LINE:
            rng.shuffle(line)
        state.token_line = line + ([GRANDMA] if state.grandma else [])
        state.deck = list(range(WALLPAPER_COUNT))
        rng.shuffle(state.deck)
        state.rows = [[] for _ in range(row_count(players))]
        state.walls = [{} for _ in range(players)]
        state.frontier = [{(0, 0)} for _ in range(players)]
        state.tally = [empty_tally() for _ in range(players)]
        state.memory_bits = [0] * players
        state.oval_count = [0] * players
        state.hazy = [0] * players
        _refill_rows(state, None)
        return state

    def opening_events(self, observation: WallpaperObservation) -> list[Event]:
        """The events of the setup, for a table that animates the deal of a game not yet played
        (``new_game`` itself returns none), from any seat's view: token line, hands, the rows
        dealt from the low end to the high end (a card after a red oval came with it), the turn."""
        obs = observation
        events: list[Event] = [GameStarted(tuple(obs.token_line), bool(obs.grandma))]
        events += [HandDrawn(seat, count) for seat, count in enumerate(obs.hand_counts)]
        for row in range(len(obs.rows) - 1, -1, -1):
            cards = obs.rows[row]
            for index, card in enumerate(cards):
                events.append(RowCardDealt(row, card, index > 0 and CENTRES[cards[index - 1]] == OVAL))
        events.append(TurnStarted(obs.turn, obs.round))
        return events

    # ----- turns ---------------------------------------------------------------------------
    def to_move(self, state: WallpaperState) -> tuple[int, ...]:
        """Every seat still to choose; the picker; the placer; () when over."""
        phase = state.phase
        if phase == PHASE_CHOOSE:
            return tuple(seat for seat in range(state.players) if not state.chosen[seat])
        if phase == PHASE_PICK:
            return (state.picker,)
        if phase == PHASE_PLACE or phase == PHASE_HAZY:
            return (state.placer,)
        return ()

    def legal_actions(self, state: WallpaperState, seat: int) -> list[WallpaperAction]:
        """Numbers in hand; blocked rows; or every card that may go next (``placeable``, in the
        row's order) × legal cell (sorted (y, x)) × both turns."""
        phase = state.phase
        if phase == PHASE_CHOOSE:
            if 0 <= seat < state.players and not state.chosen[seat]:
                return [_PLAYS[number] for number in state.hands[seat]]
            return []
        if phase == PHASE_PICK:
            return [pick(row) for row in state.blocks_todo[0].rows] if seat == state.picker else []
        if (phase == PHASE_PLACE or phase == PHASE_HAZY) and seat == state.placer:
            cells = sorted(state.frontier[seat], key=_cell_order)
            return [WallpaperAction(PLACE, 0, -1, x, y, rot, card)
                    for card in placeable(state.phase, state.pending) for x, y in cells for rot in ROTATIONS]
        return []

    def is_legal(self, state: WallpaperState, seat: int, action: WallpaperAction) -> bool:
        """Fast legality (no list of every placement)."""
        if not _well_formed(action) or seat not in self.to_move(state):
            return False
        kind = action.kind
        phase = state.phase
        if phase == PHASE_CHOOSE:
            return kind == PLAY and action.number in state.hands[seat] and action == _PLAYS[action.number]
        if phase == PHASE_PICK:
            return kind == PICK and action.row in state.blocks_todo[0].rows and action == pick(action.row)
        if phase == PHASE_PLACE or phase == PHASE_HAZY:
            return (
                kind == PLACE and action.rot in ROTATIONS and action.number == 0 and action.row == -1
                and (action.x, action.y) in state.frontier[seat] and action.card in placeable(phase, state.pending)
            )
        return False

    def check(self, state: WallpaperState, seat: int, action: WallpaperAction) -> None:
        """Refuse look-alikes (a plain tuple, a float number) before equality can let them in."""
        if not _well_formed(action):
            raise IllegalAction("reason.illegal", f"{action!r} is not a wallpaper action")
        if self.is_over(state):
            raise IllegalAction("reason.game_over", "the game is over")
        if seat not in self.to_move(state):
            raise IllegalAction("reason.not_your_turn", f"seat {seat} is not to move", seat=seat)
        if not self.is_legal(state, seat, action):
            reason, message, params = self.explain_illegal(state, seat, action)
            raise IllegalAction(reason, message, **params)

    def explain_illegal(self, state: WallpaperState, seat: int, action: WallpaperAction) -> tuple[str, str, dict]:
        """A reason a player can act on (``refusal_reason``)."""
        return refusal_reason(state, seat, action)

    def _perform(
        self, state: WallpaperState, seat: int, action: WallpaperAction, events: list[Event] | None
    ) -> None:
        """Choose a number, pick a row or place a card; then let the automatic steps run."""
        kind = action.kind
        if kind == PLAY:
            state.hands[seat].remove(action.number)
            state.chosen[seat] = action.number
            if events is not None:
                events.append(NumberChosen(seat))
            if all(state.chosen):
                _reveal(state, events)
        elif kind == PICK:
            if not _win_collision(state, seat, action.row, events):
                _resolve(state, events)
        else:
            _place_card(state, seat, action.card, (action.x, action.y), action.rot, events)

    # ----- outcome ---------------------------------------------------------------------------
    def scored(self, state: WallpaperState) -> GameScored:
        """The scoring of the walls as they stand."""
        return score_parts(state.walls, state.token_line, state.players)

    def is_over(self, state: WallpaperState) -> bool:
        """True once the hazy cards are placed and the walls scored."""
        return state.phase == PHASE_OVER

    def totals(self, state: WallpaperState) -> tuple[int, ...]:
        """Points per player from the running tallies (the same as ``scored`` on finished walls)."""
        ovals = tuple(state.oval_count)
        by_ovals = oval_points(ovals)
        token = token_points(state.token_line, state.players)
        return tuple(
            tally_points(state.tally[seat]) + memory_points(state.memory_bits[seat].bit_count())
            + by_ovals[seat] + token[seat]
            for seat in range(state.players)
        )

    def result(self, state: WallpaperState) -> Result:
        """Totals, ranks (fewer red ovals break a tie on points) and the four parts per seat."""
        parts = self.scored(state)
        ranks = ranking(parts.totals, parts.ovals)
        scores = tuple(float(total) for total in parts.totals)
        notes: tuple[str, ...] = ()
        tied = [seat for seat in range(state.players) if parts.totals[seat] == max(parts.totals)]
        if len(parts.winners) > 1:
            notes = ("wallpaper.note.shared_win",)
        elif len(tied) > 1:
            notes = ("wallpaper.note.oval_tiebreak",)
        breakdown = tuple(
            {
                "wallpaper.score.shapes": float(parts.shapes[seat]),
                "wallpaper.score.memories": float(parts.memories[seat]),
                "wallpaper.score.ovals": float(parts.oval_points[seat]),
                "wallpaper.score.token": float(parts.token[seat]),
                "wallpaper.score.oval_count": float(parts.ovals[seat]),
            }
            for seat in range(state.players)
        )
        return Result(scores=scores, ranks=ranks, breakdown=breakdown, notes=notes)

    # ----- hidden information ----------------------------------------------------------------
    def observe(self, state: WallpaperState, seat: int) -> WallpaperObservation:
        """Own hand and own pending number; all face-up cards; counts of everything hidden."""
        players = state.players
        me = 0 <= seat < players
        discards = tuple(tuple(pile) for pile in state.discards)
        if state.grandma:
            discards += (tuple(state.grandma_discard),)
        phase = state.phase
        return WallpaperObservation(
            seat=seat,
            players=players,
            grandma=state.grandma,
            turn=state.turn,
            round=state.round,
            phase=phase,
            to_move=self.to_move(state),
            hand=tuple(state.hands[seat]) if me else (),
            my_choice=state.chosen[seat] if me else 0,
            chosen=tuple(bool(number) for number in state.chosen),
            hand_counts=tuple(len(hand) for hand in state.hands),
            pile_counts=tuple(len(pile) for pile in state.piles),
            discards=discards,
            grandma_pile_count=len(state.grandma_pile),
            token_line=tuple(state.token_line),
            rows=tuple(tuple(row) for row in state.rows),
            deck_count=len(state.deck),
            walls=tuple(tuple(sorted(wall.items())) for wall in state.walls),
            pending=tuple(state.pending),
            placer=state.placer,
            picker=state.picker,
            blocked=tuple(state.blocks_todo[0].rows) if phase == PHASE_PICK else (),
            blocks_todo=tuple(state.blocks_todo),
            hazy=tuple(state.hazy),
            hazy_supply=state.hazy_supply,
            discard_pile=tuple(state.discard_pile),
            last_reveal=state.last_reveal,
        )

    def determinize(self, observation: WallpaperObservation, rng: random.Random) -> WallpaperState:
        """A full state consistent with the observation: other seats' hands, face-down numbers and
        piles dealt from the numbers they may still hold, Grandma's pile and the deck shuffled;
        a fresh RNG drawn from ``rng``."""
        state = self.sampled_state(observation, rng)
        rebuild_summaries(state)
        return state

    def sampled_state(self, observation: WallpaperObservation, rng: random.Random) -> WallpaperState:
        """``determinize`` without the wall summaries (frontier, tallies): the caller adds them."""
        return sample_state(observation, rng, self.state_class, self.sample_orders)

    def rebuild_summaries(self, state: WallpaperState) -> None:
        """Recompute frontier, tally, memories and ovals of every wall from the walls themselves."""
        rebuild_summaries(state)

    def possible_numbers(self, observation: WallpaperObservation, seat: int) -> list[int]:
        """The numbers ``seat`` may hold in hand, pile or face down (``possible_numbers``)."""
        return possible_numbers(observation, seat)

    def clone(self, state: WallpaperState) -> WallpaperState:
        """A fast independent copy (blocks and the last reveal are immutable and shared)."""
        rng = copy_rng(state.rng)
        return self.state_class(
            players=state.players,
            rng=rng,
            turn=state.turn,
            round=state.round,
            phase=state.phase,
            hands=[hand[:] for hand in state.hands],
            piles=[pile[:] for pile in state.piles],
            discards=[pile[:] for pile in state.discards],
            chosen=state.chosen[:],
            grandma_pile=state.grandma_pile[:],
            grandma_discard=state.grandma_discard[:],
            grandma_choice=state.grandma_choice,
            token_line=state.token_line[:],
            rows=[row[:] for row in state.rows],
            deck=state.deck[:],
            discard_pile=state.discard_pile[:],
            walls=[wall.copy() for wall in state.walls],
            pending=state.pending[:],
            placer=state.placer,
            picker=state.picker,
            blocks_todo=state.blocks_todo[:],
            hazy=state.hazy[:],
            hazy_supply=state.hazy_supply,
            last_reveal=state.last_reveal,
            frontier=[cells.copy() for cells in state.frontier],
            tally=[tally[:] for tally in state.tally],
            memory_bits=state.memory_bits[:],
            oval_count=state.oval_count[:],
        )

    # ----- notation --------------------------------------------------------------------------
    def encode_action(self, action: WallpaperAction) -> str:
        """``play 7``, ``pick 2`` or ``place 17 -1 3 180`` (card, x, y, turn)."""
        if action.kind == PLAY:
            return f"play {action.number}"
        if action.kind == PICK:
            return f"pick {action.row}"
        return f"place {action.card} {action.x} {action.y} {action.rot}"

    def decode_action(self, text: str) -> WallpaperAction:
        """Parse the notation of ``encode_action``."""
        words = text.strip().split()
        try:
            if len(words) == 2 and words[0] == PLAY:
                return play(int(words[1]))
            if len(words) == 2 and words[0] == PICK:
                return pick(int(words[1]))
            if len(words) == 5 and words[0] == PLACE:
                return place(int(words[1]), int(words[2]), int(words[3]), int(words[4]))
        except ValueError:
            pass
        raise IllegalAction(
            "reason.illegal", f"{text!r} is not wallpaper notation (play N, pick R, place CARD X Y ROT)"
        )

    def upgrade_action(self, state: WallpaperState, seat: int, text: str, version: int) -> str:
        """A logged action of an older save format in today's notation. Version 1 placed the
        row's cards top first, so its ``place X Y ROT`` names the first pending card."""
        words = text.split()
        if version < 2 and len(words) == 4 and words[0] == PLACE and state.pending:
            return " ".join((PLACE, str(state.pending[0]), *words[1:]))
        return text

    def notation(self, state: WallpaperState) -> str:
        """The whole position in one line (``position_text``)."""
        return position_text(state)

    # ----- search hooks ----------------------------------------------------------------------
    def search_rewards(self, state: WallpaperState) -> tuple[float, ...]:
        """Half by rank on the running totals, half by the margin to the best rival (±12 points)."""
        totals = self.totals(state)
        ranks = ranking(totals, tuple(state.oval_count))
        players = state.players
        rewards = []
        for seat in range(players):
            rival = max(totals[other] for other in range(players) if other != seat)
            margin = max(-1.0, min(1.0, (totals[seat] - rival) / 12.0))
            rewards.append(0.5 * (players - ranks[seat]) / (players - 1) + 0.25 * (margin + 1.0))
        return tuple(rewards)


# ----- why an action is refused ------------------------------------------------------------------
def refusal_reason(state: WallpaperState, seat: int, action: WallpaperAction) -> tuple[str, str, dict]:
    """A reason a player can act on."""
    if not _well_formed(action) or action.kind not in (PLAY, PICK, PLACE):
        return "reason.illegal", f"{action!r} is not a wallpaper action", {}
    phase = state.phase
    if phase == PHASE_CHOOSE:
        if action.kind != PLAY:
            return "wallpaper.reason.choose_first", "first choose a number card", {}
        number = {"number": action.number}
        if action.number not in NUMBERS:
            return "wallpaper.reason.no_such_number", f"numbers run 1-10, not {action.number}", number
        if action.number not in state.hands[seat]:
            return "wallpaper.reason.not_in_hand", f"you have no {action.number} in hand", number
        return "reason.illegal", f"{action!r} is not legal now", {}
    if phase == PHASE_PICK:
        if action.kind != PICK:
            return "wallpaper.reason.pick_first", "first pick one of the blocked rows", {}
        rows = ", ".join(str(row + 1) for row in state.blocks_todo[0].rows)
        return "wallpaper.reason.not_blocked", f"pick one of the blocked rows ({rows})", {"rows": rows}
    if action.kind != PLACE:
        return "wallpaper.reason.place_first", "first put your cards on your wall", {}
    if action.card not in state.pending:
        return "wallpaper.reason.not_pending", "place one of the cards you took", {}
    if action.card not in placeable(phase, state.pending):
        return "wallpaper.reason.hazy_first", "hazy memory cards are all alike: place the first one", {}
    if action.rot not in ROTATIONS:
        return "wallpaper.reason.turn_180", "a card may only be turned upside down (180°)", {}
    wall = state.walls[seat]
    cell = (action.x, action.y)
    if not wall:
        return "wallpaper.reason.first_card", "your first card goes in the middle of your wall", {}
    if cell in wall:
        return "wallpaper.reason.occupied", "a card is already there", {}
    if cell not in state.frontier[seat]:
        return "wallpaper.reason.not_adjacent", "a card must share an edge with a card on your wall", {}
    return "reason.illegal", f"{action!r} is not legal now", {}


# ----- hidden information: what an observation leaves open ----------------------------------------
def revealed_number(observation: WallpaperObservation, seat: int) -> int:
    """The number ``seat`` played this turn when it is face up (after the reveal), else 0."""
    reveal = observation.last_reveal
    if observation.phase in (PHASE_CHOOSE, PHASE_HAZY, PHASE_OVER) or reveal is None:
        return 0
    return reveal.numbers[seat]


def possible_numbers(observation: WallpaperObservation, seat: int) -> list[int]:
    """The numbers ``seat`` may hold in hand, pile or face down (not in its public discard,
    not face up this turn), ascending. For the observer itself: its hand and pile."""
    gone = set(observation.discards[seat])
    shown = revealed_number(observation, seat)
    if shown:
        gone.add(shown)
    if seat == observation.seat and observation.my_choice:
        gone.add(observation.my_choice)
    return [number for number in NUMBERS if number not in gone]


def unseen_wallpaper(observation: WallpaperObservation) -> list[int]:
    """Wallpaper cards nowhere in sight: the deck, as a set (ascending)."""
    seen = set(observation.pending)
    seen.update(observation.discard_pile)
    for row in observation.rows:
        seen.update(row)
    for wall in observation.walls:
        seen.update(card for _, (card, _) in wall)
    return [card for card in range(WALLPAPER_COUNT) if card not in seen]


def sample_state(observation: WallpaperObservation, rng: random.Random,
                 state_class: type[WallpaperState] = WallpaperState,
                 sample_orders: bool = True) -> WallpaperState:
    """``determinize`` without the wall summaries (frontier, tallies): the caller adds them. Builds a
    ``state_class``; ``sample_orders`` False leaves the deck and the observer's own pile unshuffled."""
    players = observation.players
    me = observation.seat
    phase = observation.phase
    hands: list[list[int]] = []
    piles: list[list[int]] = []
    chosen: list[int] = []
    for seat in range(players):
        pool = possible_numbers(observation, seat)
        shown = revealed_number(observation, seat)
        if seat == me:
            hand = list(observation.hand)
            pile = [number for number in pool if number not in hand]
            if sample_orders:
                rng.shuffle(pile)
            hands.append(hand)
            piles.append(pile)
            chosen.append(observation.my_choice)
            continue
        rng.shuffle(pool)
        number = shown
        if phase == PHASE_CHOOSE and observation.chosen[seat]:
            number = pool.pop()
        count = observation.hand_counts[seat]
        hands.append(sorted(pool[:count]))
        piles.append(pool[count:])
        chosen.append(number)
    grandma_pile: list[int] = []
    grandma_choice = 0
    if observation.grandma:
        grandma_choice = revealed_number(observation, GRANDMA)
        gone = set(observation.discards[GRANDMA]) | {grandma_choice}
        grandma_pile = [number for number in NUMBERS if number not in gone]
        rng.shuffle(grandma_pile)
    deck = unseen_wallpaper(observation)
    if sample_orders:
        rng.shuffle(deck)
    walls = [dict(wall) for wall in observation.walls]
    return state_class(
        players=players,
        rng=random.Random(rng.getrandbits(64)),
        turn=observation.turn,
        round=observation.round,
        phase=phase,
        hands=hands,
        piles=piles,
        discards=[list(pile) for pile in observation.discards[:players]],
        chosen=chosen,
        grandma_pile=grandma_pile,
        grandma_discard=list(observation.discards[GRANDMA]) if observation.grandma else [],
        grandma_choice=grandma_choice,
        token_line=list(observation.token_line),
        rows=[list(row) for row in observation.rows],
        deck=deck,
        discard_pile=list(observation.discard_pile),
        walls=walls,
        pending=list(observation.pending),
        placer=observation.placer,
        picker=observation.picker,
        blocks_todo=list(observation.blocks_todo),
        hazy=list(observation.hazy),
        hazy_supply=observation.hazy_supply,
        last_reveal=observation.last_reveal,
    )


def rebuild_summaries(state: WallpaperState) -> None:
    """Recompute frontier, tally, memories and ovals of every wall from the walls themselves."""
    state.frontier, state.tally, state.memory_bits, state.oval_count = [], [], [], []
    for wall in state.walls:
        frontier: set[Cell] = {(0, 0)} if not wall else set()
        tally = empty_tally()
        bits = ovals = 0
        rebuilt: dict[Cell, tuple[int, int]] = {}
        for cell, (card, rot) in wall.items():
            memory, oval = add_to_wall(rebuilt, frontier, tally, cell, card, rot)
            bits |= memory
            ovals += oval
        frontier.difference_update(rebuilt)
        state.frontier.append(frontier)
        state.tally.append(tally)
        state.memory_bits.append(bits)
        state.oval_count.append(ovals)


# ----- notation -----------------------------------------------------------------------------------
def position_text(state: WallpaperState) -> str:
    """The whole position in one line, e.g.
    ``wallpaper 3p t4 r0 choose | hands 1,3/2,7/.. | piles .. | discards .. | chosen 0,5,0 |
    grandma - | tokens 2,0,1 | rows 5,17/3/.. | deck .. | gone - | walls 0,0:12,1,0:40r/.. |
    pending - @-1 pick-1 | blocks - | hazy 0,1,0 supply 20``."""
    def numbers(values: Iterable[int]) -> str:
        return ",".join(map(str, values)) or "-"

    def groups(lists: Iterable[Iterable[int]]) -> str:
        return "/".join(numbers(values) for values in lists)

    def wall_text(wall: Mapping[Cell, tuple[int, int]]) -> str:
        cells = sorted(wall.items(), key=lambda item: _cell_order(item[0]))
        return ",".join(f"{x}:{y}:{card}{'r' if rot else ''}" for (x, y), (card, rot) in cells) or "-"

    blocks = ";".join(
        f"{block.number}:{numbers(block.seats)}:{numbers(block.rows)}" for block in state.blocks_todo
    ) or "-"
    grandma = (
        f"{numbers(state.grandma_pile)}/{numbers(state.grandma_discard)}/{state.grandma_choice}"
        if state.grandma else "-"
    )
    return (
        f"wallpaper {state.players}p t{state.turn} r{state.round} {state.phase}"
        f" | hands {groups(state.hands)} | piles {groups(state.piles)} | discards {groups(state.discards)}"
        f" | chosen {numbers(state.chosen)} | grandma {grandma} | tokens {numbers(state.token_line)}"
        f" | rows {groups(state.rows)} | deck {numbers(state.deck)} | gone {numbers(state.discard_pile)}"
        f" | walls {'/'.join(wall_text(wall) for wall in state.walls)}"
        f" | pending {numbers(state.pending)} @{state.placer} pick{state.picker} | blocks {blocks}"
        f" | hazy {numbers(state.hazy)} supply {state.hazy_supply}"
    )


# ----- the automatic steps of a turn (``_perform`` plays an action, these play what follows) -----
def _refill_rows(state: WallpaperState, events: list[Event] | None) -> None:
    """One card to the bottom of every row, low end first; each red oval drawn calls one more."""
    deck = state.deck
    for row in range(len(state.rows) - 1, -1, -1):
        chained = False
        while deck:
            card = deck.pop()
            state.rows[row].append(card)
            if events is not None:
                events.append(RowCardDealt(row, card, chained))
            if CENTRES[card] != OVAL:
                break
            chained = True


def _reveal(state: WallpaperState, events: list[Event] | None) -> None:
    """Grandma plays her pile's top; all numbers turn face up and form the blocks."""
    numbers = list(state.chosen)
    if state.grandma:
        if not state.grandma_pile:
            _reshuffle_grandma(state, events)
        state.grandma_choice = state.grandma_pile.pop()
        numbers.append(state.grandma_choice)
    blocks = blocks_of(tuple(numbers))
    reveal = NumbersRevealed(tuple(numbers), blocks)
    state.last_reveal = reveal
    state.blocks_todo = list(blocks) if HOUSE_COLLISIONS_HIGHEST_FIRST else list(reversed(blocks))
    if events is not None:
        events.append(reveal)
    _resolve(state, events)


def _reshuffle_grandma(state: WallpaperState, events: list[Event] | None) -> None:
    """Grandma's pile ran out: her discard becomes her new pile (her own timing)."""
    state.grandma_pile = state.grandma_discard
    state.grandma_discard = []
    state.rng.shuffle(state.grandma_pile)
    if events is not None:
        events.append(PileReshuffled(GRANDMA))


def _resolve(state: WallpaperState, events: list[Event] | None) -> None:
    """Work through the blocks in number order (highest first, a house reading) until a seat
    must act; then end the turn."""
    grandma = GRANDMA if state.grandma else -1
    while state.blocks_todo:
        block = state.blocks_todo[0]
        if len(block.seats) == 1:
            state.blocks_todo.pop(0)
            if _take_row(state, block.seats[0], block.rows[0], False, events):
                return
            continue
        line = state.token_line
        winner = min(block.seats, key=line.index)
        if winner != grandma:
            state.phase = PHASE_PICK
            state.picker = winner
            state.placer = -1
            return
        _win_collision(state, winner, grandma_pick(state.rows, block.rows), events)
    state.picker = -1
    _end_turn(state, events)


def _win_collision(state: WallpaperState, winner: int, row: int, events: list[Event] | None) -> bool:
    """The collision's winner takes ``row``: token to the back, hazy cards to the others.

    True when the winner must now place the cards (phase "place"; ``_resolve`` goes on after)."""
    block = state.blocks_todo.pop(0)
    state.picker = -1
    line = state.token_line
    line.remove(winner)
    line.append(winner)
    grandma = GRANDMA if state.grandma else -1
    if events is not None:
        events.append(TokenMoved(winner, tuple(line)))
    for seat in block.seats:
        if seat == winner or seat == grandma:
            continue
        given = state.hazy_supply > 0
        if given:
            state.hazy_supply -= 1
            state.hazy[seat] += 1
        if events is not None:
            events.append(HazyGiven(seat, given))
    return _take_row(state, winner, row, True, events)


def _take_row(state: WallpaperState, seat: int, row: int, collision: bool,
              events: list[Event] | None) -> bool:
    """``seat`` takes a row's cards; True when it must now place them (phase "place")."""
    cards = state.rows[row]
    state.rows[row] = []
    discarded = state.grandma and seat == GRANDMA
    if events is not None:
        events.append(RowTaken(seat, row, tuple(cards), collision, discarded))
    if discarded:
        state.discard_pile.extend(cards)
        return False
    if not cards:
        return False
    state.pending = cards
    state.placer = seat
    state.phase = PHASE_PLACE
    return True


def _place_card(state: WallpaperState, seat: int, card: int, cell: Cell, rot: int,
                events: list[Event] | None) -> None:
    """Put the pending ``card`` on the wall; then the next card, block, seat or turn end."""
    state.pending.remove(card)
    wall = state.walls[seat]
    if events is not None:
        events.append(CardPlaced(seat, card, cell[0], cell[1], rot, shapes_made(wall, cell, card, rot)))
    memory, oval = add_to_wall(wall, state.frontier[seat], state.tally[seat], cell, card, rot)
    state.memory_bits[seat] |= memory
    state.oval_count[seat] += oval
    if state.pending:
        return
    state.placer = -1
    if state.phase == PHASE_HAZY:
        _next_hazy(state, events)
    else:
        state.phase = PHASE_CHOOSE
        _resolve(state, events)


def _end_turn(state: WallpaperState, events: list[Event] | None) -> None:
    """Discard the played numbers; then the game's end, or draws, round card, row refill."""
    numbers = list(state.chosen)
    for seat, number in enumerate(state.chosen):
        state.discards[seat].append(number)
    if state.grandma:
        state.grandma_discard.append(state.grandma_choice)
        numbers.append(state.grandma_choice)
        state.grandma_choice = 0
    state.chosen = [0] * state.players
    if events is not None:
        events.append(NumbersDiscarded(tuple(numbers)))
    if state.turn + 1 >= TURNS:
        state.phase = PHASE_HAZY
        _next_hazy(state, events)
        return
    state.turn += 1
    for seat in range(state.players):
        if not state.piles[seat]:
            pile = state.discards[seat]
            state.discards[seat] = []
            state.rng.shuffle(pile)
            state.piles[seat] = pile
            if events is not None:
                events.append(PileReshuffled(seat))
        state.hands[seat].append(state.piles[seat].pop())
        state.hands[seat].sort()
        if events is not None:
            events.append(NumberDrawn(seat))
    if state.turn % ROUND_TURNS == 0:
        state.round = state.turn // ROUND_TURNS
        if events is not None:
            events.append(RoundStarted(state.round))
    _refill_rows(state, events)
    state.phase = PHASE_CHOOSE
    if events is not None:
        events.append(TurnStarted(state.turn, state.round))


def _next_hazy(state: WallpaperState, events: list[Event] | None) -> None:
    """The next seat (seat order) with hazy cards places them all; with none left, score."""
    for seat in range(state.players):
        count = state.hazy[seat]
        if count:
            placed = HAZY_COUNT - state.hazy_supply - sum(state.hazy)
            state.pending = [HAZY_FIRST + placed + index for index in range(count)]
            state.hazy[seat] = 0
            state.placer = seat
            state.phase = PHASE_HAZY
            return
    state.phase = PHASE_OVER
    state.placer = -1
    if events is not None:
        events.append(score_parts(state.walls, state.token_line, state.players))


def _cell_order(cell: Cell) -> tuple[int, int]:
    """Sort key of cells: by row (y), then column (x)."""
    return cell[1], cell[0]


def _well_formed(action: Any) -> bool:
    """True for a real ``WallpaperAction`` with fields of the right types (no look-alikes)."""
    return (
        type(action) is WallpaperAction
        and type(action.kind) is str
        and type(action.number) is int
        and type(action.row) is int
        and type(action.x) is int
        and type(action.y) is int
        and type(action.rot) is int
        and type(action.card) is int
    )


def round_end_reader() -> Callable[[Event], str | None]:
    """Why a round ended (``game.round_ends``): ``turns_played`` when the next round card turns,
    the last one at the final scoring (a round is six turns)."""
    return lambda event: "turns_played" if isinstance(event, (RoundStarted, GameScored)) else None


RULES = WallpaperRules()

# The one declaration of this game (``game.core.registry`` reads it).
GAME = GameSpec(
    RULES,
    title_key="game.wallpaper.title",
    information=IMPERFECT,
    simultaneous=True,
    ai="game.ai.wallpaper",
    narrator="game.narrate.wallpaper",
    tutorial="game.tutorials.wallpaper",
    example="game.examples.wallpaper",
    round_end=round_end_reader,
    decision_cost=10.5,  # measured with ``python -m game review FILE --playouts 100``
)
