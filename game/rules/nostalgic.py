"""Nostalgic ~ノスタルジック~: 3-4 players, dice placement on a board of speech balloons.

Seats sit clockwise: seat i+1 is seat i's left-hand neighbour. Each round everyone throws all their
dice at once (two each; with 3 players the round's start player throws a third); two equal dice in
a throw give 1 NP at once. Then, from the start player in play direction, each seat places one die
per turn in a free balloon of the board that accepts its value, and the balloon's effect happens at
once: take a nostalgia card (Tidy-up), pack cardboard boxes (Packing) or score NP (Recall). Before
placing, a seat may spend a reroll chip to throw any of its unplaced dice again. When every die is
placed the round ends and the round card passes to the next seat; a game lasts as many rounds as
players. Final scoring: 1 NP per unused chip, the best partition of the cards into sets, and a
penalty by box rank.

The board's numbers were in pictures: the values here are the house board of RULES-READING.md, one
data table (``BOARD``) plus the box track (``BOX_BONUS``) and the rank penalties (``RANK_PENALTY``).

Notation of an action: ``place 0 tidy12`` (die 0 into balloon tidy12), ``reroll 0 2`` (spend a
chip, throw dice 0 and 2 again), ``take 3`` (face-up slot 3), ``take deck``.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, NamedTuple

from game.core.errors import IllegalAction
from game.core.events import Event
from game.core.rng import GENERATOR, copy_rng, deal_rng
from game.core.rules import IMPERFECT, GameSpec, OptionSpec, Result, Rules

GAME_ID = "nostalgic"

SPACE_TIDY = "tidy"
SPACE_PACK = "pack"
SPACE_RECALL = "recall"


@dataclass(frozen=True)
class Balloon:
    """One speech balloon of the board: the die values it takes, how many dice (None = ∞) and what
    placing a die there gives."""

    id: str
    space: str
    accepts: tuple[int, ...]
    capacity: int | None
    np: int = 0
    np_die: bool = False
    boxes: int = 0
    card: bool = False
    chip: bool = False


# The house board (RULES-READING.md, nostalgic): the printed board's numbers were in pictures.
BOARD: tuple[Balloon, ...] = (
    Balloon("tidy12", SPACE_TIDY, (1, 2), 1, np=2, card=True),
    Balloon("tidy34", SPACE_TIDY, (3, 4), 1, np=1, card=True),
    Balloon("tidy56", SPACE_TIDY, (5, 6), 1, card=True),
    Balloon("pack1", SPACE_PACK, (1,), 1, boxes=2),
    Balloon("pack2", SPACE_PACK, (2,), 1, boxes=2),
    Balloon("pack34", SPACE_PACK, (3, 4), 1, boxes=1),
    Balloon("pack56", SPACE_PACK, (5, 6), 1, boxes=1),
    Balloon("recall1", SPACE_RECALL, (1,), 1, np=1, chip=True),
    Balloon("recall2", SPACE_RECALL, (2,), 1, np=2, chip=True),
    Balloon("recall_any", SPACE_RECALL, (1, 2, 3, 4, 5, 6), None, np_die=True),
)
BALLOON_BY_ID: dict[str, Balloon] = {balloon.id: balloon for balloon in BOARD}
BALLOON_IDS: tuple[str, ...] = tuple(balloon.id for balloon in BOARD)

# Box track: NP for reaching or passing each even box (2, 4, 6 from the rulebook; 8-12 house).
BOX_BONUS: dict[int, int] = {2: 1, 4: 2, 6: 4, 8: 7, 10: 11, 12: 16}
MAX_BOXES = 12
CHIP_SUPPLY = 12
FACE_UP = 5
DECK_SOURCE = FACE_UP  # ``take(5)``: the top of the deck
# Box rank penalties by rank (1st first); 2nd -5 and the 3-player row are house readings.
RANK_PENALTY: dict[int, tuple[int, ...]] = {4: (0, -5, -10, -15), 3: (0, -5, -10)}
DICE_EACH = 2
START_EXTRA_DIE_PLAYERS = 3  # with this many players the round's start player throws one more die

# Nostalgia cards: kind letter, "W" suffix for the three wilds (house: 6 plain of each kind + 3 W).
KINDS: tuple[str, ...] = ("T", "P", "L")  # toy おもちゃ, photo しゃしん, letter てがみ
WILD = "W"
PLAIN_EACH = 6
WILDS: tuple[str, ...] = tuple(kind + WILD for kind in KINDS)
DECK: tuple[str, ...] = tuple(kind for kind in KINDS for _ in range(PLAIN_EACH)) + WILDS  # 21 cards
CARD_TYPES: tuple[str, ...] = KINDS + WILDS

# House set scoring: three of a kind, one of each kind, a pair of a kind.
SET_TRIPLE = 8
SET_RAINBOW = 6
SET_PAIR = 3
# The house readings this module plays by, by name (``game.core.house``): the rules help explains
# each one (``nostalgic.help.house.<name>`` in both catalogues); a ``HOUSE_*`` constant belongs to the
# reading it is named after.
HOUSE_READINGS: tuple[str, ...] = ("board", "box_bonus", "box_rank", "cards", "sets", "first_start", "chip_supply")
SET_VALUES: dict[str, int] = {"triple": SET_TRIPLE, "rainbow": SET_RAINBOW, "pair": SET_PAIR}

# The rulebook's tiebreak: the kind of home you live in (strongest first after "none"), then the floor.
HOMES: tuple[str, ...] = ("none", "hiraya", "apartment", "mansion", "detached")
FLOORS: tuple[int, ...] = tuple(range(1, 31))

PHASE_PLACE = "place"
PHASE_TAKE = "take"
PHASE_OVER = "over"

CLOCKWISE = 1
COUNTER_CLOCKWISE = -1


# ----- cards and sets -----------------------------------------------------------------------
def card_kind(card: str) -> str:
    """The kind whose art the card shows (a wild too).

    >>> card_kind("P"), card_kind("LW")
    ('P', 'L')
    """
    return card[0]


def is_wild(card: str) -> bool:
    """True for the three W cards, which count as any one kind when scoring.

    >>> is_wild("TW"), is_wild("T")
    (True, False)
    """
    return card.endswith(WILD)


def _set_cards(kind: str, plain: tuple[int, int, int], wild: int, pool: dict[str, list[str]]) -> tuple[str, ...]:
    """Take the cards of one set out of ``pool``: ``plain`` per kind, then ``wild`` wilds, preferring
    wilds drawn in the set's own kind's art (``kind`` "" for a rainbow)."""
    cards: list[str] = []
    missing: list[str] = []
    for index, count in enumerate(plain):
        letter = KINDS[index]
        for _ in range(count):
            cards.append(pool[letter].pop())
        if kind == "" and count == 0:
            missing.append(letter)
    for step in range(wild):
        wanted = kind or missing[step]
        wilds = pool[WILD]
        pick = next((card for card in wilds if card[0] == wanted), wilds[-1])
        wilds.remove(pick)
        cards.append(pick)
    return tuple(cards)


@lru_cache(maxsize=4096)
def _best_plan(counts: tuple[int, int, int, int]) -> tuple[int, tuple[tuple[str, tuple[int, int, int], int], ...]]:
    """Best total NP and the sets of a hand with ``counts`` (toy, photo, letter, wild), exact by
    memoised search over which set to take from the first kind that still has a card; each set
    is (set kind, plain cards used per kind, wilds used)."""
    t, p, l, w = counts
    plain = [t, p, l]
    first = next((index for index in range(3) if plain[index]), -1)
    options: list[tuple[str, tuple[int, int, int], int]] = []
    if first < 0:
        # only wilds left: they make sets among themselves (3 -> a triple, 2 -> a pair)
        if w >= 3:
            options.append(("triple", (0, 0, 0), 3))
        if w >= 2:
            options.append(("pair", (0, 0, 0), 2))
    else:
        unit = [1 if index == first else 0 for index in range(3)]
        for used in range(min(3, plain[first]), 0, -1):
            wild = 3 - used
            if wild <= w:
                options.append(("triple", (used * unit[0], used * unit[1], used * unit[2]), wild))
        for used in (2, 1):
            if used <= plain[first] and 2 - used <= w:
                options.append(("pair", (used * unit[0], used * unit[1], used * unit[2]), 2 - used))
        # a rainbow with the first kind plain: each later kind plain or wild
        for later in itertools.product((1, 0), repeat=2 - first):
            take = [0] * 3
            take[first] = 1
            for offset, flag in enumerate(later):
                take[first + 1 + offset] = flag
            # kinds before ``first`` have no plain card left: a wild stands in
            wild = first + sum(1 for flag in later if not flag)
            if all(take[index] <= plain[index] for index in range(3)) and wild <= w:
                options.append(("rainbow", (take[0], take[1], take[2]), wild))
    best_total = -1
    best_sets: tuple[tuple[str, tuple[int, int, int], int], ...] = ()
    if first >= 0:
        # the first kind's next card may also stay out of every set
        rest = list(counts)
        rest[first] -= 1
        best_total, best_sets = _best_plan((rest[0], rest[1], rest[2], rest[3]))
    else:
        best_total = 0
    for option in options:
        kind, set_plain, set_wild = option
        total, sets = _best_plan((t - set_plain[0], p - set_plain[1], l - set_plain[2], w - set_wild))
        total += SET_VALUES[kind]
        if total > best_total:
            best_total, best_sets = total, (option, *sets)
    return best_total, best_sets


def best_sets(cards: Iterable[str]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The partition of ``cards`` into sets that scores the most NP: each element is (set kind,
    its cards) with set kind "triple" (8), "rainbow" (6) or "pair" (3); cards in no set are left
    out. Largest value first, then triple kinds in T, P, L order.

    >>> best_sets(["T", "T", "TW", "P"])
    (('triple', ('T', 'T', 'TW')),)
    >>> best_sets(["T", "P", "L", "T"])
    (('rainbow', ('T', 'P', 'L')),)
    """
    hand = list(cards)
    counts = (hand.count("T"), hand.count("P"), hand.count("L"), sum(1 for card in hand if is_wild(card)))
    _, plan = _best_plan(counts)
    pool: dict[str, list[str]] = {kind: [kind] * counts[index] for index, kind in enumerate(KINDS)}
    pool[WILD] = sorted((card for card in hand if is_wild(card)), key=CARD_TYPES.index, reverse=True)
    found = []
    for kind, used, wild in sorted(plan, key=_plan_order):
        letter = KINDS[used.index(max(used))] if kind != "rainbow" and any(used) else ""
        if kind != "rainbow" and not letter:
            letter = pool[WILD][-1][0]  # a set made of wilds alone takes the last wild's kind
        found.append((kind, _set_cards(letter if kind != "rainbow" else "", used, wild, pool)))
    return tuple(found)


def _plan_order(item: tuple[str, tuple[int, int, int], int]) -> tuple[int, int, int]:
    """Sort key of a planned set: larger value first, then by kind (T, P, L, wilds only)."""
    kind, used, _ = item
    letter_index = used.index(max(used)) if any(used) else 3
    return (-SET_VALUES[kind], letter_index, -sum(used))


def set_points(cards: Iterable[str]) -> int:
    """NP of the best partition of ``cards`` into sets.

    >>> set_points(["T", "P", "L", "T", "T", "PW"])
    14
    """
    hand = list(cards)
    counts = (hand.count("T"), hand.count("P"), hand.count("L"), sum(1 for card in hand if is_wild(card)))
    return _best_plan(counts)[0]


# ----- dice, boxes, balloons ------------------------------------------------------------------
def pair_bonus(values: Sequence[int], triple_variant: bool) -> int:
    """NP for a throw (the round's throw, or a reroll of two or more dice): 1 when any two dice
    are equal; with the triple variant (3 players) 3 when three dice are equal.

    >>> pair_bonus([3, 3, 5], False), pair_bonus([4, 4, 4], False), pair_bonus([4, 4, 4], True)
    (1, 1, 3)
    >>> pair_bonus([6], True), pair_bonus([1, 2], False)
    (0, 0)
    """
    if len(values) < 2:
        return 0
    if triple_variant and len(values) == 3 and values[0] == values[1] == values[2]:
        return 3
    return 1 if len(set(values)) < len(values) else 0


def box_bonus(before: int, after: int) -> int:
    """NP of the box-track steps reached or passed going from ``before`` to ``after`` boxes.

    >>> box_bonus(0, 6), box_bonus(5, 6), box_bonus(6, 7), box_bonus(11, 12)
    (7, 4, 0, 16)
    """
    return sum(bonus for step, bonus in BOX_BONUS.items() if before < step <= after)


def box_penalties(boxes: Sequence[int]) -> tuple[int, ...]:
    """NP lost by box rank: most boxes first; tied seats all take the LOWER rank they share.

    >>> box_penalties([6, 4, 2, 4])
    (0, -10, -15, -10)
    >>> box_penalties([3, 3, 3])
    (-10, -10, -10)
    """
    table = RANK_PENALTY[len(boxes)]
    return tuple(table[sum(1 for other in boxes if other >= mine) - 1] for mine in boxes)


def accepts(balloon: Balloon, value: int) -> bool:
    """True when ``balloon`` takes a die showing ``value``."""
    return value in balloon.accepts


def balloon_free(balloon: Balloon, occupancy: Mapping[str, int]) -> bool:
    """True when ``balloon`` has room for one more die (the ∞ balloon always has)."""
    return balloon.capacity is None or occupancy.get(balloon.id, 0) < balloon.capacity


def dice_for(players: int, seat: int, start_seat: int) -> int:
    """How many dice ``seat`` throws in a round started by ``start_seat``."""
    extra = 1 if players == START_EXTRA_DIE_PLAYERS and seat == start_seat else 0
    return DICE_EACH + extra


# ----- actions -------------------------------------------------------------------------------
class NostalgicAction(NamedTuple):
    """``kind`` is "place", "reroll" or "take"; ``die`` an index into the seat's dice, ``balloon``
    a balloon id, ``dice`` sorted die indices to reroll, ``source`` 0-4 (face-up slot) or 5 (deck)."""

    kind: str
    die: int = -1
    balloon: str = ""
    dice: tuple[int, ...] = ()
    source: int = -1


_PLACE: dict[tuple[int, str], NostalgicAction] = {
    (die, balloon): NostalgicAction("place", die=die, balloon=balloon) for die in range(3) for balloon in BALLOON_IDS
}
_REROLL: dict[tuple[int, ...], NostalgicAction] = {
    dice: NostalgicAction("reroll", dice=dice)
    for size in (1, 2, 3)
    for dice in itertools.combinations(range(3), size)
}
_TAKE: tuple[NostalgicAction, ...] = tuple(NostalgicAction("take", source=source) for source in range(FACE_UP + 1))


def place(die: int, balloon: str) -> NostalgicAction:
    """The action that puts die ``die`` into ``balloon``."""
    return _PLACE.get((die, balloon)) or NostalgicAction("place", die=die, balloon=balloon)


def reroll(dice: Sequence[int]) -> NostalgicAction:
    """The action that spends a chip to throw ``dice`` again."""
    key = tuple(dice)
    return _REROLL.get(key) or NostalgicAction("reroll", dice=key)


def take(source: int) -> NostalgicAction:
    """The action that takes face-up slot ``source`` (0-4) or the deck top (``DECK_SOURCE``)."""
    return _TAKE[source] if 0 <= source <= FACE_UP else NostalgicAction("take", source=source)


# ----- events (public facts only) ---------------------------------------------------------
@dataclass(frozen=True, slots=True)
class GameStarted(Event):
    """A game begins: cards gathered and shuffled; ``direction`` +1 clockwise, -1 counter-clockwise."""

    kind = "game_started"
    hides_undo = True
    game: int
    start_seat: int
    direction: int


@dataclass(frozen=True, slots=True)
class HandDealt(Event):
    """One face-down card went to ``seat`` (its face is in that seat's observation only)."""

    kind = "hand_dealt"
    hides_undo = True
    seat: int


@dataclass(frozen=True, slots=True)
class RowDealt(Event):
    """A face-up card was laid in closet slot ``slot``."""

    kind = "row_dealt"
    hides_undo = True
    slot: int
    card: str


@dataclass(frozen=True, slots=True)
class Reshuffled(Event):
    """The ``count`` discarded cards were shuffled into a new deck."""

    kind = "reshuffled"
    hides_undo = True
    count: int


@dataclass(frozen=True, slots=True)
class ChipsGiven(Event):
    """The chip-each variant gave ``count`` reroll chips to ``seat`` at setup."""

    kind = "chips_given"
    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    """Round ``round`` (0-based within the game) begins with ``start_seat`` holding the round card."""

    kind = "round_started"
    round: int
    start_seat: int


@dataclass(frozen=True, slots=True)
class DiceThrown(Event):
    """``seat`` threw its dice ``dice`` (indices), which now show ``values``; ``bonus`` NP scored."""

    kind = "dice_thrown"
    hides_undo = True
    seat: int
    dice: tuple[int, ...]
    values: tuple[int, ...]
    bonus: int
    reroll: bool


@dataclass(frozen=True, slots=True)
class ChipSpent(Event):
    """``seat`` gave a reroll chip back to the supply (its reroll follows)."""

    kind = "chip_spent"
    seat: int


@dataclass(frozen=True, slots=True)
class DiePlaced(Event):
    """``seat`` put its die ``die`` showing ``value`` into balloon ``balloon``."""

    kind = "die_placed"
    seat: int
    die: int
    value: int
    balloon: str


@dataclass(frozen=True, slots=True)
class NpGained(Event):
    """``seat`` gained ``amount`` NP (negative for the box rank), now at ``total``. ``why``:
    "double", "reroll", "balloon", "box_bonus", "chips", "sets" or "box_rank"."""

    kind = "np_gained"
    seat: int
    amount: int
    total: int
    why: str


@dataclass(frozen=True, slots=True)
class BoxesPacked(Event):
    """``seat`` packed ``count`` boxes (0 when already at the cap), now ``total``."""

    kind = "boxes_packed"
    seat: int
    count: int
    total: int


@dataclass(frozen=True, slots=True)
class ChipTaken(Event):
    """``seat`` took a reroll chip from the supply."""

    kind = "chip_taken"
    seat: int


@dataclass(frozen=True, slots=True)
class CardTaken(Event):
    """``seat`` took face-up slot ``source`` (``card`` its face) or the deck top (``card`` None:
    only the taker sees it, in its hand)."""

    kind = "card_taken"
    seat: int
    source: int
    card: str | None

    @property
    def hides_undo(self) -> bool:  # type: ignore[override]  # a ClassVar in Event; this event decides by its fields
        """A card from the deck is new information for its taker: no undo past it."""
        return self.source == DECK_SOURCE


@dataclass(frozen=True, slots=True)
class RowCleared(Event):
    """The untaken face-up cards went to the discard pile at the round's end."""

    kind = "row_cleared"
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class DiceCollected(Event):
    """Every die came back off the board."""

    kind = "dice_collected"


@dataclass(frozen=True, slots=True)
class RoundCardPassed(Event):
    """The round card went to ``to_seat``, the next round's start player."""

    kind = "round_card_passed"
    to_seat: int


@dataclass(frozen=True, slots=True)
class FinalScored(Event):
    """A game's final scoring, every hand shown: chips, the best sets, box rank penalties and the
    NP totals after it."""

    kind = "final_scored"
    hides_undo = True
    game: int
    chips: tuple[int, ...]
    sets: tuple[tuple[tuple[str, tuple[str, ...]], ...], ...]
    set_points: tuple[int, ...]
    boxes: tuple[int, ...]
    penalties: tuple[int, ...]
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    """The last game is over; ``tiebreak`` when the home tiebreak decided a tie for first."""

    kind = "game_ended"
    hides_undo = True
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    tiebreak: bool


# ----- state and observation ----------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class GameRecord:
    """How one finished game scored (everything in it became public at its final scoring)."""

    game: int
    play: tuple[int, ...]  # NP gained during play, before the final scoring
    chips: tuple[int, ...]
    sets: tuple[tuple[tuple[str, tuple[str, ...]], ...], ...]
    set_points: tuple[int, ...]
    boxes: tuple[int, ...]
    penalties: tuple[int, ...]
    gained: tuple[int, ...]  # NP gained over the whole game (play + final scoring)
    totals: tuple[int, ...]  # NP after it
    hands: tuple[tuple[str, ...], ...]


@dataclass(slots=True)
class NostalgicState:
    """The full truth of a Nostalgic match (every hand, the deck's order and the rng included)."""

    players: int
    options: dict[str, Any]
    rng: random.Random
    game: int = 0
    games_total: int = 1
    direction: int = CLOCKWISE
    round: int = 0
    start_seat: int = 0
    seat: int = 0  # the current placer (or taker)
    phase: str = PHASE_PLACE
    dice: list[list[int]] = field(default_factory=list)
    placed: list[list[str]] = field(default_factory=list)  # balloon id per die, "" unplaced
    occupancy: dict[str, int] = field(default_factory=dict)
    np: list[int] = field(default_factory=list)
    boxes: list[int] = field(default_factory=list)
    chips: list[int] = field(default_factory=list)
    chip_supply: int = CHIP_SUPPLY
    hands: list[list[str]] = field(default_factory=list)
    deck: list[str] = field(default_factory=list)  # top = last
    row: list[str | None] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    records: list[GameRecord] = field(default_factory=list)
    # added: the face-up cards each seat took this game (public: everyone saw them go)
    known: list[list[str]] = field(default_factory=list)
    np_at_game_start: list[int] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class NostalgicObservation:
    """What one seat may know: its own hand, everything on the table, the counts of hidden cards."""

    seat: int  # -1: a spectator
    players: int
    options: Mapping[str, Any]
    game: int
    games_total: int
    direction: int
    round: int
    start_seat: int
    to_move: tuple[int, ...]
    phase: str
    dice: tuple[tuple[int, ...], ...]
    placed: tuple[tuple[str, ...], ...]
    occupancy: tuple[tuple[str, int], ...]
    np: tuple[int, ...]
    boxes: tuple[int, ...]
    chips: tuple[int, ...]
    chip_supply: int
    hand: tuple[str, ...]
    hand_counts: tuple[int, ...]
    deck_count: int
    row: tuple[str | None, ...]
    discard: tuple[str, ...]
    records: tuple[GameRecord, ...]
    known: tuple[tuple[str, ...], ...]  # added: face-up cards each seat took this game
    np_at_game_start: tuple[int, ...]  # added

    def free_balloons(self, value: int) -> tuple[str, ...]:
        """Ids of the balloons that would take a die showing ``value`` now."""
        occupancy = dict(self.occupancy)
        return tuple(b.id for b in BOARD if value in b.accepts and balloon_free(b, occupancy))

    @property
    def seat_to_move(self) -> int:
        """The seat acting now (-1 when the game is over)."""
        return self.to_move[0] if self.to_move else -1

class NostalgicRules(Rules[NostalgicState, NostalgicAction, NostalgicObservation]):
    """The rules of Nostalgic, with the two-games and chip variants and the home tiebreak."""

    game_id = GAME_ID
    min_players = 3
    max_players = 4
    state_class: type[NostalgicState] = NostalgicState  # what ``determinize`` builds (search subclasses)
    options = (
        OptionSpec("chip_each", False, label="nostalgic.option.chip_each"),
        OptionSpec("two_games", False, label="nostalgic.option.two_games"),
        OptionSpec("triple", False, label="nostalgic.option.triple", players=(3,)),
        OptionSpec("home", "none", choices=HOMES, label="nostalgic.option.home", per_seat=True),
        OptionSpec("floor", 1, choices=FLOORS, label="nostalgic.option.floor", per_seat=True),
    )

    # ----- setup -------------------------------------------------------------------------
    def new_game(self, players: int, seed: int, options: Mapping[str, Any] | None = None,
                 generator: str = GENERATOR) -> NostalgicState:
        """A match whose first game is set up and whose first round's dice are thrown; seat 0
        holds the round card (house reading: the rulebook says "any way")."""
        opts = self.normalize_options(players, options)
        state = NostalgicState(
            players=players,
            options=opts,
            rng=deal_rng(seed, generator),
            games_total=2 if opts["two_games"] else 1,
            np=[0] * players,
            boxes=[0] * players,
        )
        _start_game(state, 0, 0, CLOCKWISE, None)
        return state

    def opening_events(self, observation: NostalgicObservation) -> list[Event]:
        """The events of a fresh match's setup (``new_game`` returns none), from any seat's view:
        the game starts, one card to each hand in playing order, the closet row, the chips (a
        variant), the first round and each seat's first throw with its pair bonus."""
        obs = observation
        players = obs.players
        order = [(obs.start_seat + step * obs.direction) % players for step in range(players)]
        events: list[Event] = [GameStarted(obs.game, obs.start_seat, obs.direction)]
        for seat in order:
            events.extend(HandDealt(seat) for _ in range(obs.hand_counts[seat]))
        events.extend(RowDealt(slot, card) for slot, card in enumerate(obs.row) if card is not None)
        events.extend(ChipsGiven(seat, obs.chips[seat]) for seat in order if obs.chips[seat])
        events.append(RoundStarted(obs.round, obs.start_seat))
        triple = bool(obs.options.get("triple", False))
        totals = [0] * players
        for seat in order:
            values = tuple(obs.dice[seat])
            bonus = pair_bonus(values, triple)
            events.append(DiceThrown(seat, tuple(range(len(values))), values, bonus, False))
            if bonus:
                totals[seat] += bonus
                events.append(NpGained(seat, bonus, totals[seat], "double"))
        return events

    # ----- turns ---------------------------------------------------------------------------
    def to_move(self, state: NostalgicState) -> tuple[int, ...]:
        """The one seat to act, or () when the match is over."""
        return () if state.phase == PHASE_OVER else (state.seat,)

    def legal_actions(self, state: NostalgicState, seat: int) -> list[NostalgicAction]:
        """Place: every (unplaced die, free accepting balloon) in board order, then with chips
        every reroll of a non-empty set of unplaced dice. Take: every face-up card, then the deck."""
        if state.phase == PHASE_OVER or seat != state.seat:
            return []
        if state.phase == PHASE_TAKE:
            actions = [_TAKE[slot] for slot in range(FACE_UP) if state.row[slot] is not None]
            if state.deck:
                actions.append(_TAKE[DECK_SOURCE])
            return actions
        values = state.dice[seat]
        placed = state.placed[seat]
        occupancy = state.occupancy
        free = [b for b in BOARD if b.capacity is None or occupancy.get(b.id, 0) < b.capacity]
        unplaced = [index for index in range(len(values)) if not placed[index]]
        actions = [_PLACE[(index, b.id)] for index in unplaced for b in free if values[index] in b.accepts]
        if state.chips[seat] > 0:
            for size in range(1, len(unplaced) + 1):
                for dice in itertools.combinations(unplaced, size):
                    actions.append(_REROLL[dice])
        return actions

    @staticmethod
    def _well_typed(action: object) -> bool:
        """A real ``NostalgicAction`` with fields of the right types (not a look-alike tuple)."""
        return (
            type(action) is NostalgicAction
            and type(action.kind) is str
            and type(action.die) is int
            and type(action.balloon) is str
            and type(action.dice) is tuple
            and all(type(index) is int for index in action.dice)
            and type(action.source) is int
        )

    def is_legal(self, state: NostalgicState, seat: int, action: NostalgicAction) -> bool:
        """True when ``apply`` would accept the action (look-alikes never are)."""
        return self._well_typed(action) and super().is_legal(state, seat, action)

    def check(self, state: NostalgicState, seat: int, action: NostalgicAction) -> None:
        """Refuse look-alikes first (a plain tuple, a bool die) so equality cannot smuggle them in."""
        if not self._well_typed(action):
            raise IllegalAction("reason.illegal", f"{action!r} is not a Nostalgic action")
        super().check(state, seat, action)

    def explain_illegal(
        self, state: NostalgicState, seat: int, action: NostalgicAction
    ) -> tuple[str, str, dict[str, Any]]:
        """A reason a player can act on, for the screen's "springs back" message."""
        if not isinstance(action, NostalgicAction) or action.kind not in ("place", "reroll", "take"):
            return "reason.illegal", f"{action!r} is not a Nostalgic action", {}
        if state.phase == PHASE_TAKE and action.kind != "take":
            return "nostalgic.reason.take_first", "first take a nostalgia card: a face-up one or the deck's top", {}
        if action.kind == "take":
            return _explain_take(state, action)
        if action.kind == "reroll":
            return _explain_reroll(state, seat, action)
        return _explain_place(state, seat, action)

    def _perform(
        self, state: NostalgicState, seat: int, action: NostalgicAction, events: list[Event] | None
    ) -> None:
        """Place a die (and run its balloon), reroll, or take a card; then whatever follows by itself."""
        kind = action.kind
        if kind == "place":
            _place_die(state, seat, action.die, action.balloon, events)
        elif kind == "reroll":
            _reroll(state, seat, action.dice, events)
        else:
            _take_card(state, seat, action.source, events)
            _next_placer(state, events)

    # ----- outcome ---------------------------------------------------------------------------
    def is_over(self, state: NostalgicState) -> bool:
        """True after the final scoring of the last game."""
        return state.phase == PHASE_OVER

    def result(self, state: NostalgicState) -> Result:
        """NP totals; ranks with the home tiebreak where every tied seat gave a home; the breakdown
        summed over the games; one row of NP gained per game."""
        players = state.players
        scores = tuple(state.np)
        ranks, tiebreak = tiebreak_ranks(scores, state.options["home"], state.options["floor"])
        breakdown = []
        for seat in range(players):
            chips = sum(record.chips[seat] for record in state.records)
            sets = sum(record.set_points[seat] for record in state.records)
            rank = sum(record.penalties[seat] for record in state.records)
            breakdown.append({
                "nostalgic.score.play": float(scores[seat] - chips - sets - rank),
                "nostalgic.score.chips": float(chips),
                "nostalgic.score.sets": float(sets),
                "nostalgic.score.box_rank": float(rank),
                "nostalgic.score.boxes": float(state.boxes[seat]),
            })
        notes: tuple[str, ...] = ()
        if tiebreak:
            notes += ("nostalgic.note.home_tiebreak",)
        if ranks.count(1) > 1:
            notes += ("nostalgic.note.shared_win",)
        return Result(
            scores=tuple(float(score) for score in scores),
            ranks=ranks,
            breakdown=tuple(breakdown),
            rounds=tuple(tuple(float(gain) for gain in record.gained) for record in state.records),
            notes=notes,
        )

    # ----- hidden information ----------------------------------------------------------------
    def observe(self, state: NostalgicState, seat: int) -> NostalgicObservation:
        """Own hand only; the board, the row, the discards, every count; never the deck's order."""
        mine = 0 <= seat < state.players
        return NostalgicObservation(
            seat=seat,
            players=state.players,
            options=dict(state.options),
            game=state.game,
            games_total=state.games_total,
            direction=state.direction,
            round=state.round,
            start_seat=state.start_seat,
            to_move=self.to_move(state),
            phase=state.phase,
            dice=tuple(tuple(values) for values in state.dice),
            placed=tuple(tuple(where) for where in state.placed),
            occupancy=tuple(sorted(state.occupancy.items())),
            np=tuple(state.np),
            boxes=tuple(state.boxes),
            chips=tuple(state.chips),
            chip_supply=state.chip_supply,
            hand=tuple(state.hands[seat]) if mine else (),
            hand_counts=tuple(len(hand) for hand in state.hands),
            deck_count=len(state.deck),
            row=tuple(state.row),
            discard=tuple(state.discard),
            records=tuple(state.records),
            known=tuple(tuple(cards) for cards in state.known),
            np_at_game_start=tuple(state.np_at_game_start),
        )

    @staticmethod
    def unseen_cards(observation: NostalgicObservation) -> list[str]:
        """The cards the observer cannot place: the deck and the hidden part of other hands."""
        pool = list(DECK)
        seen = [*observation.hand, *observation.discard, *(card for card in observation.row if card)]
        for seat, cards in enumerate(observation.known):
            if seat != observation.seat:
                seen.extend(cards)
        for card in seen:
            pool.remove(card)
        return pool

    def determinize(self, observation: NostalgicObservation, rng: random.Random) -> NostalgicState:
        """Deal the unseen cards at random: each other hand keeps its publicly taken cards and gets
        a plain card for its opening deal (the W cards were kept out of it) and random ones for its
        deck takes; the rest is the deck, in random order. A fresh rng seeded from ``rng``."""
        unseen = self.unseen_cards(observation)
        rng.shuffle(unseen)
        me = observation.seat
        hands: list[list[str]] = []
        hidden: list[int] = []
        # openings first, for every other seat, so that no seat's deck takes use up the plain cards
        for seat in range(observation.players):
            hand = list(observation.hand) if seat == me else list(observation.known[seat])
            missing = 0 if seat == me else observation.hand_counts[seat] - len(hand)
            if missing > 0:
                opening = next(index for index, card in enumerate(unseen) if not is_wild(card))
                hand.insert(0, unseen.pop(opening))
                missing -= 1
            hands.append(hand)
            hidden.append(missing)
        for seat, missing in enumerate(hidden):
            if missing:
                hands[seat].extend(unseen[-missing:])
                del unseen[-missing:]
        options = dict(observation.options)
        return self.state_class(
            players=observation.players,
            options=options,
            rng=random.Random(rng.getrandbits(64)),
            game=observation.game,
            games_total=observation.games_total,
            direction=observation.direction,
            round=observation.round,
            start_seat=observation.start_seat,
            seat=observation.to_move[0] if observation.to_move else observation.start_seat,
            phase=observation.phase,
            dice=[list(values) for values in observation.dice],
            placed=[list(where) for where in observation.placed],
            occupancy=dict(observation.occupancy),
            np=list(observation.np),
            boxes=list(observation.boxes),
            chips=list(observation.chips),
            chip_supply=observation.chip_supply,
            hands=hands,
            deck=unseen,
            row=list(observation.row),
            discard=list(observation.discard),
            records=list(observation.records),
            known=[list(cards) for cards in observation.known],
            np_at_game_start=list(observation.np_at_game_start),
        )

    def clone(self, state: NostalgicState) -> NostalgicState:
        """A fast independent copy."""
        rng = copy_rng(state.rng)
        return type(state)(
            players=state.players,
            options=state.options,  # never mutated after setup
            rng=rng,
            game=state.game,
            games_total=state.games_total,
            direction=state.direction,
            round=state.round,
            start_seat=state.start_seat,
            seat=state.seat,
            phase=state.phase,
            dice=[values[:] for values in state.dice],
            placed=[where[:] for where in state.placed],
            occupancy=dict(state.occupancy),
            np=state.np[:],
            boxes=state.boxes[:],
            chips=state.chips[:],
            chip_supply=state.chip_supply,
            hands=[hand[:] for hand in state.hands],
            deck=state.deck[:],
            row=state.row[:],
            discard=state.discard[:],
            records=state.records[:],
            known=[cards[:] for cards in state.known],
            np_at_game_start=state.np_at_game_start[:],
        )

    # ----- notation --------------------------------------------------------------------------
    def encode_action(self, action: NostalgicAction) -> str:
        """``place 0 tidy12``, ``reroll 0 2``, ``take 3`` or ``take deck``."""
        if action.kind == "place":
            return f"place {action.die} {action.balloon}"
        if action.kind == "reroll":
            return "reroll " + " ".join(str(index) for index in action.dice)
        return "take deck" if action.source == DECK_SOURCE else f"take {action.source}"

    def decode_action(self, text: str) -> NostalgicAction:
        """Parse the notation of ``encode_action``."""
        words = text.strip().split()
        if len(words) == 3 and words[0] == "place" and words[1].isdigit() and words[2] in BALLOON_BY_ID:
            return place(int(words[1]), words[2])
        if len(words) >= 2 and words[0] == "reroll" and all(word.isdigit() for word in words[1:]):
            return reroll(tuple(int(word) for word in words[1:]))
        if len(words) == 2 and words[0] == "take":
            if words[1] == "deck":
                return _TAKE[DECK_SOURCE]
            if words[1].isdigit() and int(words[1]) < FACE_UP:
                return _TAKE[int(words[1])]
        raise IllegalAction(
            "reason.illegal", f"{text!r} is not Nostalgic notation (place 0 tidy12, reroll 0 2, take 3, take deck)"
        )

    def notation(self, state: NostalgicState) -> str:
        """The whole position in one line (``position_text``)."""
        return position_text(state)

    # ----- search hooks ----------------------------------------------------------------------
    def search_epoch(self, state: NostalgicState) -> int:
        """Search stops at the end of the game in play (the second game deals afresh)."""
        return len(state.records)

    def search_rewards(self, state: NostalgicState) -> tuple[float, ...]:
        """Half the reward by rank on NP, half by the margin to the best rival (scaled)."""
        scores = state.np
        players = state.players
        rewards = []
        for seat in range(players):
            mine = scores[seat]
            better = 0
            rival = -10**9
            for other in range(players):
                if other != seat:
                    value = scores[other]
                    if value > mine:
                        better += 1
                    rival = max(rival, value)
            margin = max(-1.0, min(1.0, (mine - rival) / 20.0))
            rank_part = (players - 1 - better) / (players - 1)
            rewards.append(0.5 * rank_part + 0.25 * (margin + 1.0))
        return tuple(rewards)


# ----- setting up a game and a round ------------------------------------------------------------
def _start_game(state: NostalgicState, number: int, start: int, direction: int,
                events: list[Event] | None) -> None:
    """Gather all cards and chips; deal one plain card each (W cards kept out), shuffle the W
    cards in, lay out 5 face up; chips to everyone with the variant; throw the first round."""
    players = state.players
    state.game = number
    state.direction = direction
    state.chips = [0] * players
    state.chip_supply = CHIP_SUPPLY
    state.known = [[] for _ in range(players)]
    state.np_at_game_start = list(state.np)
    plain = [card for card in DECK if not is_wild(card)]
    state.rng.shuffle(plain)
    if events is not None:
        events.append(GameStarted(number, start, direction))
    state.hands = [[] for _ in range(players)]
    for step in range(players):
        seat = (start + step * direction) % players
        state.hands[seat].append(plain.pop())
        if events is not None:
            events.append(HandDealt(seat))
    deck = plain + list(WILDS)
    state.rng.shuffle(deck)
    state.deck = deck
    state.discard = []
    state.row = [None] * FACE_UP
    _lay_out_row(state, events)
    if state.options["chip_each"]:
        for step in range(players):
            seat = (start + step * direction) % players
            state.chips[seat] += 1
            state.chip_supply -= 1
            if events is not None:
                events.append(ChipsGiven(seat, 1))
    _start_round(state, 0, start, events)


def _lay_out_row(state: NostalgicState, events: list[Event] | None) -> None:
    """Fill the empty face-up slots from the deck; when the deck runs out the discards become
    the new deck (also when 5 cards lie out but no deck is left); as far as the cards go."""
    for slot in range(FACE_UP):
        if state.row[slot] is not None:
            continue
        if not state.deck:
            _reshuffle(state, events)
        if not state.deck:
            break
        card = state.deck.pop()
        state.row[slot] = card
        if events is not None:
            events.append(RowDealt(slot, card))
    if not state.deck:
        _reshuffle(state, events)


def _reshuffle(state: NostalgicState, events: list[Event] | None) -> None:
    """The discard pile, shuffled, becomes the deck (nothing happens when it is empty)."""
    if not state.discard:
        return
    count = len(state.discard)
    deck = state.discard + state.deck
    state.rng.shuffle(deck)
    state.deck = deck
    state.discard = []
    if events is not None:
        events.append(Reshuffled(count))


def _start_round(state: NostalgicState, number: int, start: int, events: list[Event] | None) -> None:
    """Everybody throws all their dice; doubles score at once; the start seat places first."""
    players = state.players
    state.round = number
    state.start_seat = start
    state.seat = start
    state.phase = PHASE_PLACE
    state.occupancy = {}
    state.dice = [[] for _ in range(players)]
    state.placed = [[] for _ in range(players)]
    if events is not None:
        events.append(RoundStarted(number, start))
    triple = bool(state.options["triple"])
    randint = state.rng.randint
    for step in range(players):
        seat = (start + step * state.direction) % players
        count = dice_for(players, seat, start)
        values = [randint(1, 6) for _ in range(count)]
        state.dice[seat] = values
        state.placed[seat] = [""] * count
        bonus = pair_bonus(values, triple)
        state.np[seat] += bonus
        if events is not None:
            events.append(DiceThrown(seat, tuple(range(count)), tuple(values), bonus, False))
            if bonus:
                events.append(NpGained(seat, bonus, state.np[seat], "double"))


# ----- the moves and what follows them by itself ----------------------------------------------
def _reroll(state: NostalgicState, seat: int, dice: tuple[int, ...], events: list[Event] | None) -> None:
    """Spend a chip, throw ``dice`` again; two or more dice thrown with a match score."""
    state.chips[seat] -= 1
    state.chip_supply += 1
    randint = state.rng.randint
    values = state.dice[seat]
    for index in dice:
        values[index] = randint(1, 6)
    thrown = tuple(values[index] for index in dice)
    bonus = pair_bonus(thrown, bool(state.options["triple"]))
    state.np[seat] += bonus
    if events is not None:
        events.append(ChipSpent(seat))
        events.append(DiceThrown(seat, dice, thrown, bonus, True))
        if bonus:
            events.append(NpGained(seat, bonus, state.np[seat], "reroll"))


def _place_die(state: NostalgicState, seat: int, die: int, balloon_id: str, events: list[Event] | None) -> None:
    """Put the die in the balloon and carry out the balloon's effect."""
    balloon = BALLOON_BY_ID[balloon_id]
    value = state.dice[seat][die]
    state.placed[seat][die] = balloon_id
    state.occupancy[balloon_id] = state.occupancy.get(balloon_id, 0) + 1
    if events is not None:
        events.append(DiePlaced(seat, die, value, balloon_id))
    gain = value if balloon.np_die else balloon.np
    if gain:
        state.np[seat] += gain
        if events is not None:
            events.append(NpGained(seat, gain, state.np[seat], "balloon"))
    if balloon.boxes:
        _pack(state, seat, balloon.boxes, events)
    if balloon.chip and state.chip_supply > 0:
        state.chip_supply -= 1
        state.chips[seat] += 1
        if events is not None:
            events.append(ChipTaken(seat))
    if balloon.card and (state.deck or any(card is not None for card in state.row)):
        state.phase = PHASE_TAKE
        return
    _next_placer(state, events)


def _pack(state: NostalgicState, seat: int, count: int, events: list[Event] | None) -> None:
    """Pack up to ``count`` boxes (never past 12) and score the track steps reached."""
    before = state.boxes[seat]
    after = min(MAX_BOXES, before + count)
    state.boxes[seat] = after
    bonus = box_bonus(before, after)
    state.np[seat] += bonus
    if events is not None:
        events.append(BoxesPacked(seat, after - before, after))
        if bonus:
            events.append(NpGained(seat, bonus, state.np[seat], "box_bonus"))


def _take_card(state: NostalgicState, seat: int, source: int, events: list[Event] | None) -> None:
    """The seat takes a face-up card or the deck's top into its hand (no refill until round end)."""
    if source == DECK_SOURCE:
        card = state.deck.pop()
        shown = None
    else:
        card = state.row[source]  # type: ignore[assignment]  # a legal take from the row names a card there
        state.row[source] = None
        state.known[seat].append(card)
        shown = card
    state.hands[seat].append(card)
    state.phase = PHASE_PLACE
    if events is not None:
        events.append(CardTaken(seat, source, shown))


def _next_placer(state: NostalgicState, events: list[Event] | None) -> None:
    """The next seat in play direction with a die left places next; none: the round ends."""
    players = state.players
    seat = state.seat
    direction = state.direction
    for step in range(1, players + 1):
        candidate = (seat + step * direction) % players
        if "" in state.placed[candidate]:
            state.seat = candidate
            state.phase = PHASE_PLACE
            return
    _end_round(state, events)


def _end_round(state: NostalgicState, events: list[Event] | None) -> None:
    """Collect the dice; then either the final scoring or the next round: clear the untaken
    face-up cards, lay out 5 new ones, pass the round card."""
    if events is not None:
        events.append(DiceCollected())
    state.occupancy = {}
    if state.round + 1 >= state.players:
        _final_scoring(state, events)
        return
    cleared = tuple(card for card in state.row if card is not None)
    state.discard.extend(cleared)
    state.row = [None] * FACE_UP
    if events is not None:
        events.append(RowCleared(cleared))
    _lay_out_row(state, events)
    following = (state.start_seat + state.direction) % state.players
    if events is not None:
        events.append(RoundCardPassed(following))
    _start_round(state, state.round + 1, following, events)


def _final_scoring(state: NostalgicState, events: list[Event] | None) -> None:
    """Chips, then card sets, then the box rank; record the game; the second game or the end."""
    players = state.players
    play = tuple(state.np[seat] - state.np_at_game_start[seat] for seat in range(players))
    chips = tuple(state.chips)
    sets = tuple(best_sets(hand) for hand in state.hands)
    points = tuple(sum(SET_VALUES[kind] for kind, _ in found) for found in sets)
    boxes = tuple(state.boxes)
    penalties = box_penalties(boxes)
    for seat in range(players):
        state.np[seat] += chips[seat] + points[seat] + penalties[seat]
    totals = tuple(state.np)
    state.records.append(GameRecord(
        game=state.game,
        play=play,
        chips=chips,
        sets=sets,
        set_points=points,
        boxes=boxes,
        penalties=penalties,
        gained=tuple(totals[seat] - state.np_at_game_start[seat] for seat in range(players)),
        totals=totals,
        hands=tuple(tuple(sorted(hand, key=CARD_TYPES.index)) for hand in state.hands),
    ))
    if events is not None:
        events.append(FinalScored(state.game, chips, sets, points, boxes, penalties, totals))
        running = [totals[seat] - chips[seat] - points[seat] - penalties[seat] for seat in range(players)]
        for why, amounts in (("chips", chips), ("sets", points), ("box_rank", penalties)):
            for seat in range(players):
                if amounts[seat]:
                    running[seat] += amounts[seat]
                    events.append(NpGained(seat, amounts[seat], running[seat], why))
    if state.game + 1 < state.games_total:
        # second game: NP and boxes stay; cards and chips go back; counter-clockwise from the
        # first game's last start player
        _start_game(state, state.game + 1, state.start_seat, COUNTER_CLOCKWISE, events)
        return
    state.phase = PHASE_OVER
    if events is not None:
        ranks, _ = tiebreak_ranks(totals, state.options["home"], state.options["floor"])
        winners = tuple(seat for seat, rank in enumerate(ranks) if rank == 1)  # as ``result`` ranks them
        shared = tuple(seat for seat in range(players) if totals[seat] == max(totals))
        events.append(GameEnded(totals, winners, winners != shared))


# ----- why a move is refused --------------------------------------------------------------------
def _explain_take(state: NostalgicState, action: NostalgicAction) -> tuple[str, str, dict[str, Any]]:
    """Why a card take is refused."""
    if state.phase != PHASE_TAKE:
        return "nostalgic.reason.no_take", "you take a card only after placing a die in the Tidy-up space", {}
    source = action.source
    if source == DECK_SOURCE:
        return "nostalgic.reason.deck_empty", "the deck is empty: take a face-up card", {}
    if not 0 <= source < FACE_UP:
        return "reason.illegal", f"{source} is neither a face-up slot (0-4) nor the deck (5)", {}
    return "nostalgic.reason.empty_slot", "that closet slot is empty", {"slot": source + 1}


def _explain_reroll(state: NostalgicState, seat: int, action: NostalgicAction) -> tuple[str, str, dict[str, Any]]:
    """Why a reroll is refused."""
    if state.chips[seat] <= 0:
        return "nostalgic.reason.no_chips", "you have no reroll chip", {}
    dice = action.dice
    count = len(state.dice[seat])
    if not dice or list(dice) != sorted(set(dice)) or not all(0 <= index < count for index in dice):
        return "nostalgic.reason.reroll_dice", "choose at least one of your unplaced dice to throw again", {}
    return "nostalgic.reason.die_placed", "that die is already on the board", {}


def _explain_place(state: NostalgicState, seat: int, action: NostalgicAction) -> tuple[str, str, dict[str, Any]]:
    """Why a placement is refused."""
    values = state.dice[seat]
    if not 0 <= action.die < len(values):
        return "nostalgic.reason.no_such_die", f"you have no die {action.die}", {}
    if state.placed[seat][action.die]:
        return "nostalgic.reason.die_placed", "that die is already on the board", {}
    balloon = BALLOON_BY_ID.get(action.balloon)
    if balloon is None:
        return "reason.illegal", f"{action.balloon!r} is not a balloon of the board", {}
    value = values[action.die]
    if value not in balloon.accepts:
        shown = "–".join(str(v) for v in (balloon.accepts[0], balloon.accepts[-1]))
        if len(balloon.accepts) == 1:
            shown = str(balloon.accepts[0])
        return (
            "nostalgic.reason.wrong_value",
            f"this balloon takes only {shown}; your die shows {value}",
            {"value": value, "accepts": shown},
        )
    return "nostalgic.reason.full", "this balloon already holds a die", {}


# ----- notation -----------------------------------------------------------------------------------
def position_text(state: NostalgicState) -> str:
    """E.g. ``nostalgic 4p g0/1 + r1 s1 seat2 place | 3a,5-/... | np 4,0,2,7 | box 2,0,1,0 |
    chips 1,0,0,0 s11 | hands T,PW/... | deck LPT.. | row T,-,P,L,L | discard - | known ... | rec``."""
    opts = state.options
    flags = "".join(flag for key, flag in (("chip_each", "C"), ("two_games", "2"), ("triple", "3")) if opts[key])
    homes = ",".join(f"{home}{floor}" for home, floor in zip(opts["home"], opts["floor"]))
    dice = "/".join(
        ",".join(f"{value}{('@' + where) if where else ''}" for value, where in zip(values, placed)) or "-"
        for values, placed in zip(state.dice, state.placed)
    )
    hands = "/".join(",".join(hand) or "-" for hand in state.hands)
    known = "/".join(",".join(cards) or "-" for cards in state.known)
    row = ",".join(card or "-" for card in state.row)
    records = ";".join(",".join(map(str, record.totals)) for record in state.records) or "-"
    return (
        f"nostalgic {state.players}p{flags} [{homes}] g{state.game}/{state.games_total} "
        f"d{state.direction:+d} r{state.round} s{state.start_seat} seat{state.seat} {state.phase} "
        f"| {dice} | np {','.join(map(str, state.np))} start {','.join(map(str, state.np_at_game_start))} "
        f"| box {','.join(map(str, state.boxes))} | chips {','.join(map(str, state.chips))} s{state.chip_supply} "
        f"| hands {hands} | deck {','.join(state.deck) or '-'} | row {row} "
        f"| discard {','.join(state.discard) or '-'} | known {known} | {records}"
    )


def tiebreak_ranks(
    scores: Sequence[int], homes: Sequence[str], floors: Sequence[int]
) -> tuple[tuple[int, ...], bool]:
    """Competition ranks (1 = best) on NP; seats tied on NP are ordered by home (平屋 strongest)
    then by the higher floor, but only when every seat of the tie gave a home ("none" = not
    given); otherwise the tie is shared. Also True when the tiebreak split a tie.

    >>> tiebreak_ranks([9, 9, 5], ("apartment", "hiraya", "none"), (2, 1, 1))
    ((2, 1, 3), True)
    >>> tiebreak_ranks([9, 9, 5], ("apartment", "none", "none"), (2, 1, 1))
    ((1, 1, 3), False)
    """
    keys = []
    for seat, score in enumerate(scores):
        tied = [other for other, value in enumerate(scores) if value == score]
        if len(tied) > 1 and all(homes[other] != "none" for other in tied):
            keys.append((score, -HOMES.index(homes[seat]), floors[seat]))
        else:
            keys.append((score, 0, 0))
    ranks = tuple(1 + sum(1 for other in keys if other > mine) for mine in keys)
    plain = tuple(1 + sum(1 for other in scores if other > mine) for mine in scores)
    return ranks, ranks != plain


def round_end_reader() -> Callable[[Event], str | None]:
    """Why a round ended (``game.round_ends``): ``dice_placed`` when the dice are collected."""
    return lambda event: "dice_placed" if isinstance(event, DiceCollected) else None


RULES = NostalgicRules()

# The one declaration of this game (``game.core.registry`` reads it).
GAME = GameSpec(
    RULES,
    title_key="game.nostalgic.title",
    information=IMPERFECT,
    simultaneous=False,
    ai="game.ai.nostalgic",
    narrator="game.narrate.nostalgic",
    tutorial="game.tutorials.nostalgic",
    example="game.examples.nostalgic",
    round_end=round_end_reader,
    decision_cost=0.77,  # measured with ``python -m game review FILE --playouts 100``
)
