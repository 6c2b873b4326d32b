"""ノアロン (Noaron): 2 players, red and black cards; build one long yaku at an end of the hand.

Cards: only the colour matters, ``"R"`` or ``"B"``. Hands are rows that are never rearranged,
read left to right as their owner sees them. Each player has two discard piles in front of them,
LEFT and RIGHT as seen by their owner; seat 0 and seat 1 face each other, so the opponent's RIGHT
pile is on my left.

Hand scoring: a yaku is a block of 2k cards (k >= 1), k of one colour then k of the other, that
starts at an end of the hand. The hand is cut once into a yaku and the rest (zatsu, 雑); the zatsu
scores its card count, or half of it when the zatsu is itself a yaku. A hand scores its best cut;
with no yaku at either end every card counts. Scoring is a table lookup for 12-card hands.

A turn: take two cards (deck / own two pile tops / opponent's two pile tops) into the reserve,
discard two adjacent hand cards onto the own piles, insert the reserve pair anywhere, then with a
score of at most 4 decide to declare (forced at 0) or end the turn. A declaration settles the
round: the higher score loses the difference (+3 if the declarer lost, +3 if the winner scored
0) in stake cards; a loser who runs out or cannot pay in full loses the game.

House readings (the rulebook's pictures were lost, or it is silent): the deck of 36 red and 36
black cards; the three take sources; equal scores at settlement lose for the declarer; a deck of
fewer than 2 cards at a draw is first refilled from the piles minus their tops; and, so that a
round always ends, the player of the ``HOUSE_TURN_LIMIT``-th turn of a round must declare. Such a
forced declaration is not the player's gamble: if its declarer loses, the loss carries
``HOUSE_FORCED_DECLARER_PENALTY`` (0) instead of the declarer's +3.

Notation of an action: ``take deck``, ``take mine``, ``take theirs``, ``discard 3``, ``insert 7``,
``declare``, ``end``.

Search hooks: the epoch is the number of settled rounds; a seat's reward is its share of the stake
cards once the round is over (an unfinished round is scored as if settled now). ``determinize``
shares the unseen cards uniformly; it is built from ``deal_hidden_hands`` and ``sampled_state`` so
that a search may deal hidden hands its own way (the Hard AI does, in ``game.ai.noaron``).
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, NamedTuple

from game.core.errors import IllegalAction
from game.core.events import Event
from game.core.rng import GENERATOR, copy_rng, deal_rng
from game.core.rules import IMPERFECT, GameSpec, OptionSpec, Result, Rules, rank_scores

GAME_ID = "noaron"
RED = "R"
BLACK = "B"
COLOURS: tuple[str, str] = (RED, BLACK)

# ----- house readings (RULES-READING "noaron"; shown in the help as house readings) ------------
HOUSE_DECK_RED = 36
HOUSE_DECK_BLACK = 36
DECK: tuple[str, ...] = (RED,) * HOUSE_DECK_RED + (BLACK,) * HOUSE_DECK_BLACK  # 72 cards
# The turn's first step: one of these sources (the rulebook's picture of it was lost).
SOURCE_DECK = "deck"
SOURCE_MINE = "mine"
SOURCE_THEIRS = "theirs"
HOUSE_TAKE_SOURCES: tuple[str, str, str] = (SOURCE_DECK, SOURCE_MINE, SOURCE_THEIRS)
HOUSE_TIE_LOSER = "declarer"  # equal scores at settlement: the declarer loses
# At a draw from a deck of fewer than 2 cards, first rebuild it under the remaining card from the
# discard piles minus their tops (never needed with 36 + 36 cards, kept for other deck sizes).
HOUSE_SHORT_DECK_REFILL = True
# A round could go on forever (taking from the piles never empties the deck), so: the player of
# this turn of a round must declare at its end, whatever the score.
HOUSE_TURN_LIMIT = 60
# A declaration only that limit forces (the hand scores above 0, so the rulebook would not force it)
# is no risk the player took: a declarer who loses it adds this, not DECLARER_LOST_PENALTY, so a
# house rule alone never costs a game (a forced 12 against 4 pays 8, not 11).
HOUSE_FORCED_DECLARER_PENALTY = 0
# The house readings this module plays by, by name (``game.core.house``): the rules help explains
# each one (``noaron.help.house.<name>`` in both catalogues); a ``HOUSE_*`` constant belongs to the
# reading it is named after.
HOUSE_READINGS: tuple[str, ...] = (
    "deck", "take_sources", "tie_loser", "short_deck_refill", "turn_limit", "forced_declarer_penalty",
)

# ----- the rulebook's numbers --------------------------------------------------------------------
STAKES_EACH = 9
HAND_SIZE = 12
TAKE_COUNT = 2
DECLARE_AT_MOST = 4
DECLARER_LOST_PENALTY = 3
WINNER_ZERO_PENALTY = 3
LEFT = 0
RIGHT = 1
NOBODY = -1

PHASE_TAKE = "take"
PHASE_DISCARD = "discard"
PHASE_INSERT = "insert"
PHASE_DECIDE = "decide"
PHASE_OVER = "over"


# ----- hand scoring (pure) -------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Cut:
    """One way of cutting a hand: the framed yaku ``hand[yaku_start:yaku_start + yaku_length]``
    (length 0: no yaku, every card is zatsu) and the score of the zatsu (the rest)."""

    score: int
    yaku_start: int
    yaku_length: int
    zatsu_is_yaku: bool


def is_yaku(cards: Sequence[str]) -> bool:
    """True for 2k cards (k >= 1): k of one colour followed by k of the other.

    >>> is_yaku("RRBB"), is_yaku("BR"), is_yaku("RRB"), is_yaku("RBRB"), is_yaku("")
    (True, True, False, False, False)
    """
    length = len(cards)
    if length < 2 or length % 2:
        return False
    half = length // 2
    first, second = cards[0], cards[half]
    if first == second:
        return False
    return all(card == first for card in cards[:half]) and all(card == second for card in cards[half:])


def _end_yaku_lengths(hand: Sequence[str]) -> tuple[int, int]:
    """Length of the yaku that starts at the left end and of the one that ends at the right end
    (0 when there is none). At an end, k is the length of the first run, so each is unique."""
    return _prefix_yaku_length(hand), _prefix_yaku_length(hand[::-1])


def _prefix_yaku_length(hand: Sequence[str]) -> int:
    """2k when the hand starts with k cards of one colour and then at least k of the other."""
    count = len(hand)
    if count < 2:
        return 0
    first = hand[0]
    run = 1
    while run < count and hand[run] == first:
        run += 1
    if run * 2 > count:
        return 0
    if all(card != first for card in hand[run:2 * run]):
        return 2 * run
    return 0


def _compute_cut(hand: Sequence[str]) -> Cut:
    """The best cut, computed from the two possible end yaku (the table is built with this)."""
    count = len(hand)
    best = (count, 0, 0, False)  # (score, -yaku length, yaku start, zatsu is yaku): smallest wins
    left, right = _end_yaku_lengths(hand)
    candidates = []
    if left:
        candidates.append((0, left))
    if right and right < count:
        candidates.append((count - right, right))
    for start, length in candidates:
        rest = (*hand[:start], *hand[start + length:])
        zatsu_is_yaku = is_yaku(rest)
        option = (len(rest) // 2 if zatsu_is_yaku else len(rest), -length, start, zatsu_is_yaku)
        best = min(best, option)
    return Cut(best[0], best[2], -best[1], best[3])


_BITS = str.maketrans({RED: "1", BLACK: "0"})


def hand_mask(hand: Sequence[str]) -> int:
    """The hand as a bit mask, leftmost card in the highest bit, red = 1 (for table lookups)."""
    return int("".join(hand).translate(_BITS), 2) if hand else 0


def mask_hand(mask: int, length: int = HAND_SIZE) -> tuple[str, ...]:
    """The inverse of ``hand_mask`` for a hand of ``length`` cards."""
    return tuple(RED if mask >> (length - 1 - index) & 1 else BLACK for index in range(length))


_AS_COLOURS = str.maketrans("10", RED + BLACK)


@functools.cache
def cut_table() -> tuple[Cut, ...]:
    """Every 12-card colouring: bit mask -> its best cut (4096 entries). Made on first use, not at
    import: the title reads this module for the game's declaration only."""
    return tuple(_compute_cut(format(mask, f"0{HAND_SIZE}b").translate(_AS_COLOURS)) for mask in range(1 << HAND_SIZE))


@functools.cache
def score_table() -> tuple[int, ...]:
    """Every 12-card colouring: bit mask -> its score (``cut_table``'s scores)."""
    return tuple(cut.score for cut in cut_table())


def best_cut(hand: Sequence[str]) -> Cut:
    """The cut with the lowest score (ties: the longer yaku, then the left end).

    >>> best_cut("RRRRBBBBRRRB").score, best_cut("RBRRRRBBBBBR").score, best_cut("RRRRRRBBBBBB").score
    (4, 10, 0)
    """
    if len(hand) == HAND_SIZE:
        return cut_table()[hand_mask(hand)]
    return _compute_cut(hand)


def score_hand(hand: Sequence[str]) -> int:
    """The hand's points: the zatsu size of its best cut (lower is better).

    >>> score_hand("RRRRBBBBRRBB"), score_hand("RRBRRRBRBRRR")
    (2, 12)
    """
    if len(hand) == HAND_SIZE:
        return score_table()[hand_mask(hand)]
    return _compute_cut(hand).score


# ----- actions ------------------------------------------------------------------------------------
class NoaronAction(NamedTuple):
    """``kind`` is "take" (with ``source``), "discard"/"insert" (with ``index``), "declare", "end"."""

    kind: str
    source: str = ""
    index: int = -1  # type: ignore[assignment]  # shadows tuple.index; a rename would reach every caller


DECLARE = NoaronAction("declare")
END = NoaronAction("end")
TAKES: dict[str, NoaronAction] = {source: NoaronAction("take", source) for source in HOUSE_TAKE_SOURCES}
DISCARDS: tuple[NoaronAction, ...] = tuple(NoaronAction("discard", index=i) for i in range(HAND_SIZE - 1))
INSERTS: tuple[NoaronAction, ...] = tuple(
    NoaronAction("insert", index=g) for g in range(HAND_SIZE - TAKE_COUNT + 1)
)
KINDS = ("take", "discard", "insert", "declare", "end")


# ----- events (public facts only) -------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    """A round begins (``round`` counts from 0); ``start_seat`` plays first."""

    kind = "round_started"
    hides_undo = True
    round: int
    start_seat: int


@dataclass(frozen=True, slots=True)
class StakesDealt(Event):
    """Face-down stake cards were drawn for each seat (the first round only)."""

    kind = "stakes_dealt"
    hides_undo = True
    counts: tuple[int, int]


@dataclass(frozen=True, slots=True)
class PileSeeded(Event):
    """A card from the deck went face up onto ``seat``'s ``pile``."""

    kind = "pile_seeded"
    hides_undo = True
    seat: int
    pile: int
    card: str


@dataclass(frozen=True, slots=True)
class HandDealt(Event):
    """``count`` face-down cards went into ``seat``'s hand (its observation shows the faces)."""

    kind = "hand_dealt"
    hides_undo = True
    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class Took(Event):
    """``seat`` took two cards into its reserve; ``cards`` is () when they came from the deck."""

    kind = "took"
    seat: int
    source: str
    cards: tuple[str, ...]

    @property
    def hides_undo(self) -> bool:  # type: ignore[override]  # a ClassVar in Event; this event decides by its fields
        """A deck draw shows the taker new cards: no undo past it."""
        return self.source == SOURCE_DECK


@dataclass(frozen=True, slots=True)
class DeckRebuilt(Event):
    """The discard piles, all but their top cards, were shuffled into a new deck of ``count``."""

    kind = "deck_rebuilt"
    hides_undo = True
    count: int


@dataclass(frozen=True, slots=True)
class Discarded(Event):
    """``seat`` put hand[index] on its LEFT pile and hand[index + 1] on its RIGHT pile."""

    kind = "discarded"
    seat: int
    index: int
    cards: tuple[str, str]


@dataclass(frozen=True, slots=True)
class Inserted(Event):
    """``seat`` put its reserve pair into its hand before hand[index]; ``cards`` is () when the
    pair came from the deck (the opponent never saw it)."""

    kind = "inserted"
    seat: int
    index: int
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Declared(Event):
    """``seat`` declared: the round is settled now. ``forced``: only the house turn limit made it."""

    kind = "declared"
    seat: int
    forced: bool = False


@dataclass(frozen=True, slots=True)
class TurnPassed(Event):
    """``seat`` finished its turn without declaring; the other seat plays next."""

    kind = "turn_passed"
    seat: int


@dataclass(frozen=True, slots=True)
class Settled(Event):
    """The round's settlement: both hands shown, who lost and what was paid."""

    kind = "settled"
    hides_undo = True
    round: int
    declarer: int
    hands: tuple[tuple[str, ...], tuple[str, ...]]
    cuts: tuple[Cut, Cut]
    loser: int
    difference: int
    declarer_penalty: int
    zero_penalty: int
    loss: int
    paid: int
    stakes: tuple[int, int]  # stake cards left per seat after paying
    game_over: bool
    forced: bool = False  # the house turn limit forced the declaration (no declarer's +3)


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    """The game is over: the loser ran out of stake cards or could not pay in full."""

    kind = "game_ended"
    hides_undo = True
    winner: int
    stakes: tuple[int, int]


# ----- state and observation --------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class RoundRecord:
    """How one round was settled: ``loss`` is owed by ``loser``; ``scores`` are the hand scores."""

    declarer: int
    loser: int
    loss: int
    scores: tuple[int, int]


# A turn as both players saw it: (seat, the taken pair's colours, "" when it came from the deck
# face down, the hand index the discarded pair left from, its colours, and the gap the taken pair
# went into, -1 until then). Where cards leave and enter a hand is seen across the table.
ShownTurn = tuple[int, str, int, str, int]


@dataclass(slots=True)
class NoaronState:
    """The full truth of a game of Noaron (hands, deck order and stake faces included)."""

    players: int
    rng: random.Random
    first_start: int = 0
    round: int = 0
    start_seat: int = 0
    turn: int = 0
    phase: str = PHASE_TAKE
    deck: list[str] = field(default_factory=list)  # face down; the top is deck[-1]
    hands: list[list[str]] = field(default_factory=list)  # per seat, left..right as its owner sees it
    piles: list[list[list[str]]] = field(default_factory=list)  # [seat][LEFT/RIGHT], bottom..top
    reserve: list[str] = field(default_factory=list)  # the two taken cards, left..right for the taker
    reserve_source: str = ""
    stakes: list[list[str]] = field(default_factory=list)  # face-down stake cards per seat
    set_aside: list[list[str]] = field(default_factory=list)  # stake cards paid, per paying seat
    declarer: int = NOBODY
    records: list[RoundRecord] = field(default_factory=list)
    turn_number: int = 1  # the turn in progress in this round, from 1 (HOUSE_TURN_LIMIT forces a declaration)
    shown: list[ShownTurn] = field(default_factory=list)  # this round's turns as both players saw them


@dataclass(frozen=True, slots=True)
class NoaronObservation:
    """What one seat sees: its own hand, every pile, counts of the hidden cards, never the
    opponent's hand, the deck's order or any stake card's face."""

    seat: int  # -1: a spectator
    round: int
    first_start: int
    start_seat: int
    turn: int
    phase: str
    hand: tuple[str, ...]
    hand_counts: tuple[int, int]
    deck_count: int
    piles: tuple[tuple[tuple[str, ...], tuple[str, ...]], tuple[tuple[str, ...], tuple[str, ...]]]
    reserve: tuple[str, ...]  # the reserve's faces when the observer may see them, else ()
    reserve_count: int
    reserve_source: str
    stakes: tuple[int, int]
    set_aside: tuple[int, int]
    declarer: int
    records: tuple[RoundRecord, ...]
    turn_number: int
    shown: tuple[ShownTurn, ...] = ()  # this round's turns as both players saw them


def shuffle(cards: list[str], rng: random.Random) -> None:
    """Shuffle in place: a sort by random keys, a uniform order several times faster than
    ``Random.shuffle`` for these short lists (search shuffles at every sample)."""
    draw = rng.random
    cards.sort(key=lambda _card: draw())


def take_last(cards: list[str], count: int) -> list[str]:
    """Remove the last ``count`` cards of ``cards`` and return them in their order."""
    if not count:
        return []
    taken = cards[len(cards) - count:]
    del cards[len(cards) - count:]
    return taken


def reserve_visible(reserve_source: str, taker: int, viewer: int) -> bool:
    """The reserve's faces are public when they came from the piles; a deck draw only the taker sees."""
    return reserve_source in (SOURCE_MINE, SOURCE_THEIRS) or (viewer == taker and viewer >= 0)


def stakes_after_rounds(records: Sequence[RoundRecord]) -> tuple[list[int], list[int]]:
    """Replaying the records from ``STAKES_EACH`` each: (stake cards left per seat, paid per round)."""
    left = [STAKES_EACH, STAKES_EACH]
    paid: list[int] = []
    for record in records:
        amount = min(record.loss, left[record.loser])
        left[record.loser] -= amount
        paid.append(amount)
    return left, paid


def win_chance(mine: int, theirs: int) -> float:
    """The stake share ``mine / (mine + theirs)``: a fair race to ruin's chance of winning it."""
    total = mine + theirs
    return 0.5 if total <= 0 else mine / total


def just_dealt(state: NoaronState) -> bool:
    """True at the first step of a round dealt after a settlement (the stake counts are the round's outcome)."""
    return state.phase == PHASE_TAKE and state.turn_number == 1 and bool(state.records) and not state.reserve


def turns_played_by_other(turn_number: int, start_seat: int, seat: int) -> int:
    """During turn ``turn_number`` of a round, the turns the seat other than ``seat`` has finished."""
    played = turn_number - 1
    return played // 2 if start_seat == seat else (played + 1) // 2


class NoaronRules(Rules[NoaronState, NoaronAction, NoaronObservation]):
    """The rules of ノアロン: rounds until one player loses all their stake cards."""

    game_id = GAME_ID
    min_players = 2
    max_players = 2
    options = (OptionSpec("older", 0, choices=(0, 1), label="noaron.option.older"),)
    # The class ``determinize`` makes; a subclass of the rules may extend the state with fields of its own.
    state_class: ClassVar[type[NoaronState]] = NoaronState

    # ----- setup -------------------------------------------------------------------------------
    def new_game(self, players: int, seed: int, options: Mapping[str, Any] | None = None,
                 generator: str = GENERATOR) -> NoaronState:
        """Shuffle, draw nine stake cards each and deal the first round; the older seat starts."""
        opts = self.normalize_options(players, options)
        state = NoaronState(players, deal_rng(seed, generator), first_start=int(opts["older"]))
        state.deck = list(DECK)
        shuffle(state.deck, state.rng)
        state.hands = [[], []]
        state.piles = [[[], []], [[], []]]
        state.stakes = [[], []]
        state.set_aside = [[], []]
        _deal_stakes(state, None)
        _start_round(state, 0, state.first_start, None)
        return state

    def opening_events(self, observation: NoaronObservation) -> list[Event]:
        """The events of a fresh game's setup (``new_game`` returns none), from any seat's view:
        the stakes, the round, the four discard piles seeded (left piles first, the start seat
        first) and the two hands dealt."""
        obs = observation
        order = (obs.start_seat, 1 - obs.start_seat)
        events: list[Event] = [StakesDealt(obs.stakes), RoundStarted(obs.round, obs.start_seat)]
        for pile in (LEFT, RIGHT):
            for seat in order:
                if obs.piles[seat][pile]:
                    events.append(PileSeeded(seat, pile, obs.piles[seat][pile][0]))
        events.extend(HandDealt(seat, obs.hand_counts[seat]) for seat in order)
        return events

    # ----- turns ---------------------------------------------------------------------------------
    def to_move(self, state: NoaronState) -> tuple[int, ...]:
        """The seat whose turn it is, or () when the game is over."""
        return () if state.phase == PHASE_OVER else (state.turn,)

    @staticmethod
    def drawable(state: NoaronState | NoaronObservation) -> int:
        """Cards a deck draw can reach now: the deck plus (short-deck refill) the piles under their tops."""
        piles = state.piles
        under = sum(len(pile) - 1 for seat_piles in piles for pile in seat_piles if pile)
        count = state.deck_count if isinstance(state, NoaronObservation) else len(state.deck)
        return count + under if HOUSE_SHORT_DECK_REFILL else count

    def take_sources(self, state: NoaronState | NoaronObservation, seat: int) -> list[str]:
        """The sources ``seat`` may take from now, in the order deck, mine, theirs."""
        sources = []
        deck_count = state.deck_count if isinstance(state, NoaronObservation) else len(state.deck)
        if deck_count >= TAKE_COUNT or self.drawable(state) >= TAKE_COUNT:
            sources.append(SOURCE_DECK)
        mine, theirs = state.piles[seat], state.piles[1 - seat]
        if mine[LEFT] and mine[RIGHT]:
            sources.append(SOURCE_MINE)
        if theirs[LEFT] and theirs[RIGHT]:
            sources.append(SOURCE_THEIRS)
        return sources

    def must_declare(self, state: NoaronState, seat: int) -> bool:
        """In the decide phase: a 0-point hand, or the last turn the house limit allows."""
        return state.turn_number >= HOUSE_TURN_LIMIT or score_hand(state.hands[seat]) == 0

    @staticmethod
    def forced_by_limit(state: NoaronState, seat: int) -> bool:
        """True when ``seat``'s declaration now is forced by the house turn limit alone (a 0-point
        hand must declare by the rulebook, so its declaration keeps the printed +3)."""
        return state.turn_number >= HOUSE_TURN_LIMIT and score_hand(state.hands[seat]) > 0

    def legal_actions(self, state: NoaronState, seat: int) -> list[NoaronAction]:
        """The actions of the phase, in a stable order."""
        if state.phase == PHASE_OVER or seat != state.turn:
            return []
        phase = state.phase
        if phase == PHASE_TAKE:
            return [TAKES[source] for source in self.take_sources(state, seat)]
        if phase == PHASE_DISCARD:
            return list(DISCARDS[: len(state.hands[seat]) - 1])
        if phase == PHASE_INSERT:
            return list(INSERTS[: len(state.hands[seat]) + 1])
        return [DECLARE] if self.must_declare(state, seat) else [DECLARE, END]

    def check(self, state: NoaronState, seat: int, action: NoaronAction) -> None:
        """Refuse look-alikes first (a plain tuple, a float index, a bool) so equality cannot
        smuggle them past the legality test into the state and the log."""
        if (
            type(action) is not NoaronAction
            or type(action.kind) is not str
            or type(action.source) is not str
            or type(action.index) is not int
        ):
            raise IllegalAction("reason.illegal", f"{action!r} is not a noaron action")
        super().check(state, seat, action)

    def explain_illegal(self, state: NoaronState, seat: int, action: NoaronAction) -> tuple[str, str, dict]:
        """A reason a player can act on, for the screen's "springs back" message."""
        if not isinstance(action, NoaronAction) or action.kind not in KINDS:
            return "reason.illegal", f"{action!r} is not a noaron action", {}
        wrong_phase = _wrong_phase_reason(state, action)
        if wrong_phase is not None:
            return wrong_phase
        if action.kind == "take":
            return _take_reason(state, seat, action.source)
        if action.kind in ("discard", "insert"):
            count = len(state.hands[seat])
            top = count - 2 if action.kind == "discard" else count
            key = "noaron.reason.discard_range" if action.kind == "discard" else "noaron.reason.insert_range"
            return key, f"{action.kind} takes an index from 0 to {top}", {"top": top}
        if action.kind == "end":
            return self.end_refusal(state.turn_number)
        return "reason.illegal", f"{action!r} is not legal now", {}

    @staticmethod
    def end_refusal(turn_number: int) -> tuple[str, str, dict]:
        """Why a turn in the decide phase may not simply end (given that it may not): the
        round's last turn, else a hand of 0 points. Read from the turn number alone, so a
        table that holds only an observation (a LAN client) can say it too."""
        if turn_number >= HOUSE_TURN_LIMIT:
            return (
                "noaron.reason.turn_limit",
                f"turn {HOUSE_TURN_LIMIT} is the round's last: you must declare",
                {"limit": HOUSE_TURN_LIMIT},
            )
        return "noaron.reason.must_declare_zero", "a hand of 0 points must declare", {}

    def _perform(self, state: NoaronState, seat: int, action: NoaronAction, events: list[Event] | None) -> None:
        """Play one step of the turn."""
        kind = action.kind
        if kind == "take":
            _take(state, seat, action.source, events)
        elif kind == "discard":
            _discard(state, seat, action.index, events)
        elif kind == "insert":
            _insert(state, seat, action.index, events)
        elif kind == "declare":
            state.declarer = seat
            forced = self.forced_by_limit(state, seat)
            if events is not None:
                events.append(Declared(seat, forced))
            _settle(state, seat, events, forced)
        else:
            _pass_turn(state, seat, events)

    # ----- outcome ---------------------------------------------------------------------------------
    def is_over(self, state: NoaronState) -> bool:
        """True once a loser could not pay or ran out of stake cards."""
        return state.phase == PHASE_OVER

    def result(self, state: NoaronState) -> Result:
        """Stake cards left per seat; per round the stake cards each seat lost (negative)."""
        left = (len(state.stakes[0]), len(state.stakes[1]))
        _, paid = stakes_after_rounds(state.records)
        rounds = tuple(
            tuple(-float(amount) if seat == record.loser else 0.0 for seat in range(2))
            for record, amount in zip(state.records, paid)
        )
        won = [sum(1 for record in state.records if record.loser != seat) for seat in range(2)]
        breakdown = tuple(
            {"noaron.score.stakes": float(left[seat]), "noaron.score.rounds_won": float(won[seat])}
            for seat in range(2)
        )
        return Result(
            scores=tuple(float(count) for count in left),
            ranks=rank_scores(left),
            breakdown=breakdown,
            rounds=rounds,
        )

    # ----- hidden information ------------------------------------------------------------------------
    def observe(self, state: NoaronState, seat: int) -> NoaronObservation:
        """Own hand, every pile, the reserve when it may be seen, and counts of everything hidden."""
        visible = reserve_visible(state.reserve_source, state.turn, seat)
        piles = state.piles
        return NoaronObservation(
            seat=seat,
            round=state.round,
            first_start=state.first_start,
            start_seat=state.start_seat,
            turn=state.turn,
            phase=state.phase,
            hand=tuple(state.hands[seat]) if 0 <= seat < state.players else (),
            hand_counts=(len(state.hands[0]), len(state.hands[1])),
            deck_count=len(state.deck),
            piles=(
                (tuple(piles[0][LEFT]), tuple(piles[0][RIGHT])),
                (tuple(piles[1][LEFT]), tuple(piles[1][RIGHT])),
            ),
            reserve=tuple(state.reserve) if visible else (),
            reserve_count=len(state.reserve),
            reserve_source=state.reserve_source,
            stakes=(len(state.stakes[0]), len(state.stakes[1])),
            set_aside=(len(state.set_aside[0]), len(state.set_aside[1])),
            declarer=state.declarer,
            records=tuple(state.records),
            turn_number=state.turn_number,
            shown=tuple(state.shown),
        )

    @staticmethod
    def unseen_cards(observation: NoaronObservation) -> list[str]:
        """Cards the observer cannot see, as a list: 72 minus its hand, the piles and a visible reserve."""
        counts = Counter(DECK)
        counts.subtract(observation.hand)
        for seat_piles in observation.piles:
            for pile in seat_piles:
                counts.subtract(pile)
        counts.subtract(observation.reserve)
        return [colour for colour in COLOURS for _ in range(counts[colour])]

    def determinize(self, observation: NoaronObservation, rng: random.Random) -> NoaronState:
        """Share the unseen cards at random over the hidden places; a fresh RNG from ``rng``."""
        unseen = self.unseen_cards(observation)
        shuffle(unseen, rng)
        hands = self.deal_hidden_hands(observation, unseen)
        return self.sampled_state(observation, hands, unseen, rng)

    @staticmethod
    def deal_hidden_hands(observation: NoaronObservation, unseen: list[str]) -> list[list[str]]:
        """Both hands of a sample: the observer's own, and each hidden one taken from the end of the
        shuffled ``unseen`` (removed from it; seat 0 first)."""
        hands = []
        for seat in (0, 1):
            if seat == observation.seat:
                hands.append(list(observation.hand))
            else:
                hands.append(take_last(unseen, observation.hand_counts[seat]))
        return hands

    def sampled_state(self, observation: NoaronObservation, hands: list[list[str]], unseen: list[str],
                      rng: random.Random) -> NoaronState:
        """The full state of ``observation`` with these ``hands``: a hidden reserve, the stake cards,
        the set-aside stake cards and the deck are taken, in that order, from the end of the shuffled
        ``unseen`` (which must hold exactly those cards), and the state's RNG is seeded from ``rng``."""
        reserve = list(observation.reserve) if observation.reserve else take_last(unseen, observation.reserve_count)
        stakes = [take_last(unseen, observation.stakes[seat]) for seat in (0, 1)]
        set_aside = [take_last(unseen, observation.set_aside[seat]) for seat in (0, 1)]
        deck = take_last(unseen, observation.deck_count)
        return self.state_class(
            players=2,
            rng=random.Random(rng.getrandbits(64)),
            first_start=observation.first_start,
            round=observation.round,
            start_seat=observation.start_seat,
            turn=observation.turn,
            phase=observation.phase,
            deck=deck,
            hands=hands,
            piles=[[list(pile) for pile in seat_piles] for seat_piles in observation.piles],
            reserve=reserve,
            reserve_source=observation.reserve_source,
            stakes=stakes,
            set_aside=set_aside,
            declarer=observation.declarer,
            records=list(observation.records),
            turn_number=observation.turn_number,
            shown=list(observation.shown),
        )

    def clone(self, state: NoaronState) -> NoaronState:
        """A fast independent copy, of the state's own class (fields a subclass adds start at their defaults)."""
        rng = copy_rng(state.rng)
        return self.copy_with_rng(state, rng)

    @staticmethod
    def copy_with_rng(state: NoaronState, rng: random.Random) -> NoaronState:
        """``clone`` with ``rng`` as the copy's RNG (a search may share the original's)."""
        piles = state.piles
        return type(state)(
            players=state.players,
            rng=rng,
            first_start=state.first_start,
            round=state.round,
            start_seat=state.start_seat,
            turn=state.turn,
            phase=state.phase,
            deck=state.deck[:],
            hands=[state.hands[0][:], state.hands[1][:]],
            piles=[[piles[0][0][:], piles[0][1][:]], [piles[1][0][:], piles[1][1][:]]],
            reserve=state.reserve[:],
            reserve_source=state.reserve_source,
            stakes=[state.stakes[0][:], state.stakes[1][:]],
            set_aside=[state.set_aside[0][:], state.set_aside[1][:]],
            declarer=state.declarer,
            records=state.records[:],
            turn_number=state.turn_number,
            shown=state.shown[:],
        )

    # ----- notation ----------------------------------------------------------------------------------
    def encode_action(self, action: NoaronAction) -> str:
        """``take deck``, ``discard 3``, ``insert 7``, ``declare`` or ``end``."""
        if action.kind == "take":
            return f"take {action.source}"
        if action.kind in ("discard", "insert"):
            return f"{action.kind} {action.index}"
        return action.kind

    def decode_action(self, text: str) -> NoaronAction:
        """Parse the notation of ``encode_action``."""
        words = text.strip().split()
        if words == ["declare"]:
            return DECLARE
        if words == ["end"]:
            return END
        if len(words) == 2 and words[0] == "take" and words[1] in HOUSE_TAKE_SOURCES:
            return TAKES[words[1]]
        if len(words) == 2 and words[0] in ("discard", "insert") and words[1].isdigit():
            return NoaronAction(words[0], index=int(words[1]))
        raise IllegalAction(
            "reason.illegal",
            f"{text!r} is not noaron notation (take deck|mine|theirs, discard N, insert N, declare, end)",
        )

    def notation(self, state: NoaronState) -> str:
        """E.g. ``noaron r1 s0 t1 n7 discard d-1 | RRB.../BRR... | R,B/B;R/B,B | res RB deck | deck ...
        | stakes RB.../... | aside -/BR | 1:0:5:8,3``."""

        def row(cards: Sequence[str]) -> str:
            return "".join(cards) or "-"

        hands = "/".join(row(hand) for hand in state.hands)
        piles = ";".join("/".join(row(pile) for pile in seat_piles) for seat_piles in state.piles)
        stakes = "/".join(row(cards) for cards in state.stakes)
        aside = "/".join(row(cards) for cards in state.set_aside)
        records = ",".join(
            f"{r.declarer}:{r.loser}:{r.loss}:{r.scores[0]}-{r.scores[1]}" for r in state.records
        ) or "-"
        return (
            f"noaron r{state.round} f{state.first_start} s{state.start_seat} t{state.turn} n{state.turn_number} "
            f"{state.phase} d{state.declarer} | {hands} | {piles} | res {row(state.reserve)} "
            f"{state.reserve_source or '-'} | deck {row(state.deck)} | stakes {stakes} | aside {aside} | {records}"
        )

    # ----- search hooks ----------------------------------------------------------------------------
    def search_epoch(self, state: NoaronState) -> int:
        """Each round is dealt afresh from a reshuffled deck: search stops at the round's end."""
        return len(state.records)

    def search_rewards(self, state: NoaronState) -> tuple[float, ...]:
        """Each seat's share of the stake cards (``win_chance``) once the round is over: a lost game is 0,
        a won one 1; a round still running is scored as if settled now with nobody declaring (the
        higher hand score pays the difference)."""
        if state.phase == PHASE_OVER:
            return tuple(1.0 if len(state.stakes[seat]) else 0.0 for seat in range(2))
        left = [len(state.stakes[0]), len(state.stakes[1])]
        if not just_dealt(state):
            scores = (score_hand(state.hands[0]), score_hand(state.hands[1]))
            if scores[0] != scores[1]:
                loser = 0 if scores[0] > scores[1] else 1
                left[loser] = max(0, left[loser] - abs(scores[0] - scores[1]))
        return (win_chance(left[0], left[1]), win_chance(left[1], left[0]))


# ----- dealing the stakes and a round ------------------------------------------------------------
def _deal_stakes(state: NoaronState, events: list[Event] | None) -> None:
    """One card at a time from the deck, face down, until each seat has ``STAKES_EACH``."""
    for _ in range(STAKES_EACH):
        for step in range(state.players):
            state.stakes[(state.first_start + step) % state.players].append(state.deck.pop())
    if events is not None:
        events.append(StakesDealt((STAKES_EACH, STAKES_EACH)))


def _start_round(state: NoaronState, number: int, start_seat: int, events: list[Event] | None) -> None:
    """Seed each pile with one face-up card, deal 12 cards each, and give the turn to ``start_seat``."""
    state.round = number
    state.start_seat = start_seat
    state.turn = start_seat
    state.turn_number = 1
    state.shown = []
    state.declarer = NOBODY
    state.reserve = []
    state.reserve_source = ""
    order = (start_seat, 1 - start_seat)
    if events is not None:
        events.append(RoundStarted(number, start_seat))
    deck = state.deck
    for pile in (LEFT, RIGHT):
        for seat in order:
            card = deck.pop()
            state.piles[seat][pile].append(card)
            if events is not None:
                events.append(PileSeeded(seat, pile, card))
    for _ in range(HAND_SIZE):
        for seat in order:
            state.hands[seat].append(deck.pop())
    if events is not None:
        events.extend(HandDealt(seat, HAND_SIZE) for seat in order)
    state.phase = PHASE_TAKE


# ----- the steps of a turn and what follows them by itself ---------------------------------------
def _take(state: NoaronState, seat: int, source: str, events: list[Event] | None) -> None:
    """Two cards into the reserve, in the order the taker sees them; rebuild an emptied deck."""
    if source == SOURCE_DECK:
        if len(state.deck) < TAKE_COUNT:
            _rebuild_deck(state, events)  # house: the short-deck refill, under the rest
        cards = [state.deck.pop(), state.deck.pop()]
    elif source == SOURCE_MINE:
        mine = state.piles[seat]
        cards = [mine[LEFT].pop(), mine[RIGHT].pop()]
    else:
        theirs = state.piles[1 - seat]
        cards = [theirs[RIGHT].pop(), theirs[LEFT].pop()]  # their right pile is on my left
    state.reserve = cards
    state.reserve_source = source
    state.phase = PHASE_DISCARD
    if events is not None:
        events.append(Took(seat, source, () if source == SOURCE_DECK else tuple(cards)))
    if not state.deck:
        _rebuild_deck(state, events)


def _rebuild_deck(state: NoaronState, events: list[Event] | None) -> None:
    """Shuffle every pile but its top card into a new deck, under what is left of the deck."""
    gathered: list[str] = []
    for seat_piles in state.piles:
        for pile in seat_piles:
            if len(pile) > 1:
                gathered.extend(pile[:-1])
                del pile[:-1]
    if not gathered:
        return
    shuffle(gathered, state.rng)
    state.deck[:0] = gathered
    if events is not None:
        events.append(DeckRebuilt(len(gathered)))


def _discard(state: NoaronState, seat: int, index: int, events: list[Event] | None) -> None:
    """hand[index] onto the LEFT pile, hand[index + 1] onto the RIGHT pile."""
    hand = state.hands[seat]
    left, right = hand[index], hand[index + 1]
    del hand[index:index + 2]
    piles = state.piles[seat]
    piles[LEFT].append(left)
    piles[RIGHT].append(right)
    state.phase = PHASE_INSERT
    taken = "" if state.reserve_source == SOURCE_DECK else "".join(state.reserve)
    state.shown.append((seat, taken, index, left + right, -1))
    if events is not None:
        events.append(Discarded(seat, index, (left, right)))


def _insert(state: NoaronState, seat: int, index: int, events: list[Event] | None) -> None:
    """The reserve pair into the hand before hand[index]; then decide, or the turn passes."""
    hand = state.hands[seat]
    cards = state.reserve
    hand[index:index] = cards
    if state.shown and state.shown[-1][4] < 0:  # (a position set up mid-turn has no record)
        turn = state.shown[-1]
        state.shown[-1] = (turn[0], turn[1], turn[2], turn[3], index)
    if events is not None:
        faces = () if state.reserve_source == SOURCE_DECK else tuple(cards)
        events.append(Inserted(seat, index, faces))
    state.reserve = []
    state.reserve_source = ""
    if state.turn_number >= HOUSE_TURN_LIMIT or score_table()[hand_mask(hand)] <= DECLARE_AT_MOST:
        state.phase = PHASE_DECIDE
    else:
        _pass_turn(state, seat, events)


def _pass_turn(state: NoaronState, seat: int, events: list[Event] | None) -> None:
    """The other seat's turn begins."""
    state.turn = 1 - seat
    state.turn_number += 1
    state.phase = PHASE_TAKE
    if events is not None:
        events.append(TurnPassed(seat))


def _settle(state: NoaronState, declarer: int, events: list[Event] | None, forced: bool = False) -> None:
    """Compare the hands, make the loser pay, then end the game or deal the next round
    (``forced``: the house turn limit made the declaration, so a losing declarer adds
    ``HOUSE_FORCED_DECLARER_PENALTY``, not the declarer's +3)."""
    cuts = (best_cut(state.hands[0]), best_cut(state.hands[1]))
    scores = (cuts[0].score, cuts[1].score)
    if scores[0] == scores[1]:
        loser = declarer  # HOUSE_TIE_LOSER
    else:
        loser = 0 if scores[0] > scores[1] else 1
    winner = 1 - loser
    difference = abs(scores[0] - scores[1])
    lost_penalty = HOUSE_FORCED_DECLARER_PENALTY if forced else DECLARER_LOST_PENALTY
    declarer_penalty = lost_penalty if loser == declarer else 0
    zero_penalty = WINNER_ZERO_PENALTY if scores[winner] == 0 else 0
    loss = difference + declarer_penalty + zero_penalty
    owned = state.stakes[loser]
    paid = min(loss, len(owned))
    game_over = loss >= len(owned)
    for _ in range(paid):
        state.set_aside[loser].append(owned.pop())
    state.records.append(RoundRecord(declarer, loser, loss, scores))
    stakes = (len(state.stakes[0]), len(state.stakes[1]))
    if events is not None:
        hands = (tuple(state.hands[0]), tuple(state.hands[1]))
        events.append(
            Settled(state.round, declarer, hands, cuts, loser, difference, declarer_penalty,
                    zero_penalty, loss, paid, stakes, game_over, forced)
        )
    if game_over:
        state.phase = PHASE_OVER
        if events is not None:
            events.append(GameEnded(winner, stakes))
        return
    _gather_under_deck(state)
    _start_round(state, state.round + 1, winner, events)


def _gather_under_deck(state: NoaronState) -> None:
    """Both hands and every pile, shuffled face down, go under the deck."""
    gathered = [card for hand in state.hands for card in hand]
    for seat_piles in state.piles:
        for pile in seat_piles:
            gathered.extend(pile)
            pile.clear()
    for hand in state.hands:
        hand.clear()
    shuffle(gathered, state.rng)
    state.deck[:0] = gathered


# ----- why a step is refused --------------------------------------------------------------------
def _wrong_phase_reason(state: NoaronState, action: NoaronAction) -> tuple[str, str, dict] | None:
    """What the phase asks for, when ``action`` belongs to another phase."""
    wanted = {
        PHASE_TAKE: ("take",),
        PHASE_DISCARD: ("discard",),
        PHASE_INSERT: ("insert",),
        PHASE_DECIDE: ("declare", "end"),
    }.get(state.phase, ())
    if action.kind in wanted:
        return None
    if state.phase == PHASE_DECIDE or action.kind not in ("declare", "end"):
        messages = {
            PHASE_TAKE: "first take two cards: from the deck, your piles or your opponent's piles",
            PHASE_DISCARD: "now put two adjacent hand cards onto your piles",
            PHASE_INSERT: "now put the two taken cards into your hand",
            PHASE_DECIDE: "declare, or end your turn",
        }
        return f"noaron.reason.phase_{state.phase}", messages[state.phase], {}
    return (
        "noaron.reason.declare_timing",
        f"declare only at the end of your turn, with {DECLARE_AT_MOST} points or fewer",
        {"most": DECLARE_AT_MOST},
    )


def _take_reason(state: NoaronState, seat: int, source: str) -> tuple[str, str, dict]:
    """Why a take from ``source`` is refused."""
    if source == SOURCE_DECK:
        return "noaron.reason.deck_empty", "the deck cannot give two cards now", {}
    if source == SOURCE_MINE:
        return "noaron.reason.own_pile_empty", "one of your piles is empty", {}
    if source == SOURCE_THEIRS:
        return "noaron.reason.their_pile_empty", "one of your opponent's piles is empty", {}
    return "reason.illegal", f"there is no source {source!r}", {}


class _RoundEndReader:
    """A round ends at the settlement that follows a declaration: ``declared`` (a hand of 1 to 4
    points, by choice), ``zero_hand`` (a 0-point hand must declare) or ``turn_limit`` (the house
    limit forced it), told by the turns since the round began (``game.round_ends``)."""

    def __init__(self) -> None:
        self.turn = 1

    def __call__(self, event: Event) -> str | None:
        """The reason of a round that ``event`` ends, else None."""
        if isinstance(event, RoundStarted):
            self.turn = 1
        elif isinstance(event, TurnPassed):
            self.turn += 1
        elif isinstance(event, Settled):
            if event.cuts[event.declarer].score == 0:
                return "zero_hand"
            return "turn_limit" if self.turn >= HOUSE_TURN_LIMIT else "declared"
        return None


def round_end_reader() -> Callable[[Event], str | None]:
    """A fresh reader of why each round ended."""
    return _RoundEndReader()


RULES = NoaronRules()

# The one declaration of this game (``game.core.registry`` reads it).
GAME = GameSpec(
    RULES,
    title_key="game.noaron.title",
    information=IMPERFECT,
    simultaneous=False,
    ai="game.ai.noaron",
    narrator="game.narrate.noaron",
    tutorial="game.tutorials.noaron",
    example="game.examples.noaron",
    round_end=round_end_reader,
    decision_cost=0.44,  # measured with ``python -m game review FILE --playouts 100``
)
