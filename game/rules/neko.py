"""ねこは上にある (Neko wa Ue ni Aru): 2-4 players, 24 cards (1-8 x 3), one cat token.

Table geometry: four field stacks in a cross, positions 0-3 clockwise. Seats sit clockwise too
(seat i+1 is seat i's left-hand neighbour, the next to play). With 4 players seat i owns position
i; with 3 players position 3 belongs to nobody; with 2 players (facing each other) seat 0 owns
position 0 and seat 1 position 2, and the side stacks belong to nobody.

With the cat on position c, the other three stacks read clockwise are s1=c+1, s2=c+2 (opposite
the cat, "the middle") and s3=c+3. A card may go on one of them only if afterwards the three tops
read s1, s2, s3 are strictly increasing or strictly decreasing.

Passing is always allowed, and the rulebook never says how a round ends when nobody plays. House
reading, the stall breaker: once every player has passed in a row, whoever can play must play
(a pass is then legal only with no card that fits); and when no card in any hand fits anywhere the
cat's walk can lead (the passes go round and round), the round ends without the cat. A pass still
risks what the rulebook warns of: someone else may empty their hand first.

Notation of an action: ``base 5`` (lay 5 from hand as your own stack at setup), ``play 5@2``
(play a 5 on position 2), ``pass``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from math import gcd
from typing import Any, NamedTuple

from game.core.errors import IllegalAction
from game.core.events import Event
from game.core.rng import GENERATOR, copy_rng, deal_rng
from game.core.rules import IMPERFECT, GameSpec, OptionSpec, Result, Rules, rank_scores

GAME_ID = "neko"
CARD_VALUES: tuple[int, ...] = tuple(range(1, 9))
COPIES = 3
DECK: tuple[int, ...] = tuple(value for value in CARD_VALUES for _ in range(COPIES))  # 24 cards
POSITIONS = 4
DEAL = 6  # cards dealt to each player (the normal setups lay one of them as the player's stack)
QUICK_DEAL = 5  # the quick setup (any player count) deals 5 and lays all four stacks from the rest
CAT_BONUS = 2  # points for taking the cat by emptying your hand
# House reading (the rulebook is silent), the stall breaker: after this many passes per player in a
# row, a player who can play must play; a round where nobody can play any more ends without the cat.
HOUSE_MUST_PLAY_AFTER_PASSES = 1
HOUSE_FIRST_START_SEAT = 0  # house reading: seat 1 (index 0) starts the first round
# The house readings this module plays by, by name (``game.core.house``): the rules help explains
# each one (``neko.help.house.<name>`` in both catalogues); a ``HOUSE_*`` constant belongs to the
# reading it is named after.
HOUSE_READINGS: tuple[str, ...] = ("must_play_after_passes", "nobody_can_play", "first_start")
NOBODY = -1

# Why a round ended (``RoundEnded.why``).
END_EMPTIED = "emptied"  # a player played their last hand card and took the cat
END_BLOCKED = "blocked"  # no card in any hand fits anywhere the cat's walk leads: no cat

PHASE_BASE = "base"
PHASE_PLAY = "play"
PHASE_OVER = "over"


def seat_positions(players: int) -> tuple[int, ...]:
    """The stack position each seat owns."""
    return {2: (0, 2), 3: (0, 1, 2), 4: (0, 1, 2, 3)}[players]


def position_owners(players: int) -> tuple[int, ...]:
    """For each position 0-3, the seat that owns it, or NOBODY."""
    owners = [NOBODY] * POSITIONS
    for seat, position in enumerate(seat_positions(players)):
        owners[position] = seat
    return tuple(owners)


def playable_positions(cat: int) -> tuple[int, int, int]:
    """The three stacks read clockwise from the cat: (s1, s2, s3); s2 is the middle."""
    return ((cat + 1) % POSITIONS, (cat + 2) % POSITIONS, (cat + 3) % POSITIONS)


def accepts(tops: tuple[int, int, int], index: int, card: int) -> bool:
    """True when ``card`` on the stack at ``index`` (0=s1, 1=middle, 2=s3) leaves the three tops
    strictly increasing or strictly decreasing.

    >>> accepts((0, 6, 2), 0, 7), accepts((0, 6, 2), 0, 5)
    (True, False)
    >>> accepts((5, 0, 2), 1, 3), accepts((5, 0, 2), 1, 5)
    (True, False)
    """
    a, b, c = tops
    if index == 0:
        return (b < c and card < b) or (b > c and card > b)
    if index == 1:
        return a < card < c or a > card > c
    return (a < b and card > b) or (a > b and card < b)


def accepted_cards(tops: tuple[int, int, int], index: int) -> tuple[int, ...]:
    """Every card value the stack at ``index`` would accept (for help text and hints)."""
    return tuple(value for value in CARD_VALUES if accepts(tops, index, value))


def open_tops(stacks: Sequence[Sequence[int]], cat: int) -> tuple[int, int, int]:
    """The top numbers of the three open stacks, read clockwise from the cat."""
    s1, s2, s3 = playable_positions(cat)
    return (stacks[s1][-1], stacks[s2][-1], stacks[s3][-1])


def can_play(hand: Sequence[int], tops: tuple[int, int, int]) -> bool:
    """True when some card of ``hand`` fits one of the three open stacks."""
    return any(accepts(tops, index, card) for card in set(hand) for index in range(3))


def must_play_after(players: int) -> int:
    """Passes in a row after which a player who can play must play (the stall breaker)."""
    return HOUSE_MUST_PLAY_AFTER_PASSES * players


def pass_cycle(players: int) -> int:
    """Passes after which the cat and the turn are back where they were: lcm(4, players)."""
    return POSITIONS * players // gcd(POSITIONS, players)


class NekoAction(NamedTuple):
    """``kind`` is "base", "play" or "pass"; ``card`` a value 1-8; ``position`` 0-3."""

    kind: str
    card: int = 0
    position: int = -1


PASS = NekoAction("pass")


# ----- events (public facts only) ---------------------------------------------------------
@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    """The 24 cards were gathered, shuffled and a new round begins."""

    kind = "round_started"
    hides_undo = True
    round: int
    start_seat: int


@dataclass(frozen=True, slots=True)
class Dealt(Event):
    """``count`` face-down cards went to ``seat`` (its observation shows their faces to it)."""

    kind = "dealt"
    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class StackBuilt(Event):
    """A base card laid face up at ``position``, from ``seat``'s hand or (seat -1) the rest."""

    kind = "stack_built"
    position: int
    card: int
    seat: int

    @property
    def hides_undo(self) -> bool:  # type: ignore[override]  # a ClassVar in Event; this event decides by its seat
        """A card turned up from the rest is new information: no undo past it."""
        return self.seat == NOBODY


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    """``seat`` played ``card`` from hand onto the stack at ``position``."""

    kind = "card_played"
    seat: int
    card: int
    position: int


@dataclass(frozen=True, slots=True)
class Passed(Event):
    """``seat`` passed."""

    kind = "passed"
    seat: int


@dataclass(frozen=True, slots=True)
class MustPlay(Event):
    """Every player has passed in a row (the house stall breaker): from ``seat`` on, whoever can
    play must play, until a card is played."""

    kind = "must_play"
    seat: int


@dataclass(frozen=True, slots=True)
class CatMoved(Event):
    """The cat went from ``source`` to ``target`` (source -1: first placed). ``why`` is
    "start", "play" or "pass"."""

    kind = "cat_moved"
    source: int
    target: int
    why: str


@dataclass(frozen=True, slots=True)
class RoundEnded(Event):
    """A round is over. ``emptied`` took the cat (-1: nobody could play any more); ``why`` is
    ``END_EMPTIED`` or ``END_BLOCKED``."""

    kind = "round_ended"
    hides_undo = True
    round: int
    why: str
    emptied: int
    scores: tuple[int, ...]
    stack_sizes: tuple[int, ...]
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    """The match is over."""

    kind = "game_ended"
    hides_undo = True
    totals: tuple[int, ...]
    winners: tuple[int, ...]


# ----- state and observation ----------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class RoundRecord:
    """How one finished round scored."""

    emptied: int  # seat that took the cat, or -1
    stack_sizes: tuple[int, ...]  # per seat, own stack incl. base card
    scores: tuple[int, ...]  # per seat points of this round


@dataclass(slots=True)
class NekoState:
    """The full truth of a neko match (hands and the rest's order included)."""

    players: int
    simple: bool
    quick: bool
    rng: random.Random
    first_start: int = HOUSE_FIRST_START_SEAT
    round: int = 0
    start_seat: int = 0
    phase: str = PHASE_BASE
    hands: list[list[int]] = field(default_factory=list)  # per seat, kept sorted
    stacks: list[list[int]] = field(default_factory=list)  # per position, bottom .. top
    rest: list[int] = field(default_factory=list)  # undealt, face down; the top is rest[-1]
    cat: int = -1  # position; -1 while stacks are being laid
    turn: int = 0  # seat to act
    passes: int = 0  # consecutive passes
    setup_queue: list[int] = field(default_factory=list)  # positions still to lay, in order
    records: list[RoundRecord] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class NekoObservation:
    """What one seat sees: its own hand, every stack, the cat, counts; never another hand."""

    seat: int  # -1: a spectator
    players: int
    simple: bool
    quick: bool
    first_start: int
    round: int
    start_seat: int
    phase: str
    hand: tuple[int, ...]
    hand_counts: tuple[int, ...]
    stacks: tuple[tuple[int, ...], ...]
    rest_count: int
    cat: int
    turn: int
    passes: int
    setup_queue: tuple[int, ...]
    records: tuple[RoundRecord, ...]

    @property
    def owners(self) -> tuple[int, ...]:
        """Owner seat of each position."""
        return position_owners(self.players)

    def tops(self) -> tuple[int, ...]:
        """Top card of each position (0 for a stack not yet laid)."""
        return tuple(stack[-1] if stack else 0 for stack in self.stacks)


class NekoRules(Rules[NekoState, NekoAction, NekoObservation]):
    """The rules of ねこは上にある, with the match of as many rounds as players."""

    game_id = GAME_ID
    min_players = 2
    max_players = 4
    options = (
        OptionSpec("quick", False, label="neko.option.quick"),
        OptionSpec("simple", False, label="neko.option.simple"),
    )

    # ----- setup -------------------------------------------------------------------------
    def new_game(self, players: int, seed: int, options: Mapping[str, Any] | None = None,
                 generator: str = GENERATOR) -> NekoState:
        """A match whose first round is dealt; seat 0 starts the first round."""
        opts = self.normalize_options(players, options)
        state = NekoState(players, bool(opts["simple"]), bool(opts["quick"]), deal_rng(seed, generator))
        self._start_round(state, 0, None)
        return state

    def _start_round(self, state: NekoState, number: int, events: list[Event] | None) -> None:
        """Gather, shuffle and deal; lay the stacks that need no choice."""
        state.round = number
        state.start_seat = (state.first_start + number) % state.players
        deck = list(DECK)
        state.rng.shuffle(deck)
        deal = QUICK_DEAL if state.quick else DEAL
        state.hands = [sorted(deck[seat * deal:(seat + 1) * deal]) for seat in range(state.players)]
        state.rest = deck[state.players * deal:]
        state.stacks = [[] for _ in range(POSITIONS)]
        state.cat = -1
        state.passes = 0
        state.phase = PHASE_BASE
        start_position = seat_positions(state.players)[state.start_seat]
        state.setup_queue = [(start_position + step) % POSITIONS for step in range(POSITIONS)]
        if events is not None:
            events.append(RoundStarted(number, state.start_seat))
            for step in range(state.players):
                seat = (state.start_seat + step) % state.players
                events.append(Dealt(seat, deal))
        self._lay_automatic_stacks(state, events)

    def _lay_automatic_stacks(self, state: NekoState, events: list[Event] | None) -> None:
        """Lay rest cards on the queue's ownerless positions (all of them in the quick setup),
        until a seat must choose; when every stack is laid, the cat arrives and play begins."""
        owners = position_owners(state.players)
        while state.setup_queue:
            position = state.setup_queue[0]
            if owners[position] != NOBODY and not state.quick:
                state.turn = owners[position]
                return
            card = state.rest.pop()
            state.stacks[position].append(card)
            state.setup_queue.pop(0)
            if events is not None:
                events.append(StackBuilt(position, card, NOBODY))
        state.phase = PHASE_PLAY
        state.cat = seat_positions(state.players)[state.start_seat]
        state.turn = state.start_seat
        if events is not None:
            events.append(CatMoved(-1, state.cat, "start"))

    def opening_events(self, observation: NekoObservation) -> list[Event]:
        """The events of the first round's deal (``new_game`` returns none), from any seat's view:
        the round starts, each hand is dealt from the start seat on, the base stacks go down
        clockwise from the start seat's place, and the cat takes its place."""
        obs = observation
        events: list[Event] = [RoundStarted(obs.round, obs.start_seat)]
        for step in range(obs.players):
            seat = (obs.start_seat + step) % obs.players
            events.append(Dealt(seat, obs.hand_counts[seat]))
        start_position = seat_positions(obs.players)[obs.start_seat]
        for step in range(4):
            position = (start_position + step) % 4
            if obs.stacks[position]:
                events.append(StackBuilt(position, obs.stacks[position][0], NOBODY))
        if obs.cat >= 0:
            events.append(CatMoved(-1, obs.cat, "start"))
        return events

    # ----- turns ---------------------------------------------------------------------------
    def to_move(self, state: NekoState) -> tuple[int, ...]:
        """The one seat to act, or () when the match is over."""
        return () if state.phase == PHASE_OVER else (state.turn,)

    def legal_actions(self, state: NekoState, seat: int) -> list[NekoAction]:
        """Base cards at setup; otherwise every accepted (card, stack) play, then pass (unless the
        stall breaker makes this seat play: everyone has passed in a row and a card fits)."""
        if state.phase == PHASE_OVER or seat != state.turn:
            return []
        hand_values = sorted(set(state.hands[seat]))
        if state.phase == PHASE_BASE:
            return [NekoAction("base", value) for value in hand_values]
        positions = playable_positions(state.cat)
        tops = open_tops(state.stacks, state.cat)
        actions = [
            NekoAction("play", value, positions[index])
            for value in hand_values
            for index in range(3)
            if accepts(tops, index, value)
        ]
        if not actions or not self.must_play(state):
            actions.append(PASS)
        return actions

    @staticmethod
    def must_play(state: NekoState | NekoObservation) -> bool:
        """True when the stall breaker is on: every player has passed in a row, so the seat to
        move must play if any of its cards fits."""
        return state.phase == PHASE_PLAY and state.passes >= must_play_after(state.players)

    def check(self, state: NekoState, seat: int, action: NekoAction) -> None:
        """Refuse look-alikes first (a plain tuple, a float card) so equality cannot smuggle
        them past the legality test into the state and the log."""
        if (
            type(action) is not NekoAction
            or type(action.kind) is not str
            or type(action.card) is not int
            or type(action.position) is not int
        ):
            raise IllegalAction("reason.illegal", f"{action!r} is not a neko action")
        super().check(state, seat, action)

    def explain_illegal(self, state: NekoState, seat: int, action: NekoAction) -> tuple[str, str, dict]:
        """A reason a player can act on, for the screen's "springs back" message."""
        if not isinstance(action, NekoAction) or action.kind not in ("base", "play", "pass"):
            return "reason.illegal", f"{action!r} is not a neko action", {}
        if state.phase == PHASE_BASE and action.kind != "base":
            return "neko.reason.setup", "first lay one hand card as your own stack", {}
        if state.phase == PHASE_PLAY and action.kind == "base":
            return "neko.reason.not_setup", "the stacks are already laid", {}
        if action.kind == "pass" and self.must_play(state):
            return "neko.reason.must_play", "everyone has passed in a row: play a card that fits", {}
        if action.card not in state.hands[seat]:
            return "neko.reason.not_in_hand", f"you have no {action.card}", {"card": action.card}
        if action.kind == "play":
            if action.position == state.cat:
                return "neko.reason.cat_stack", "the cat is sitting on that stack", {}
            if action.position not in range(POSITIONS):
                return "reason.illegal", f"there is no stack {action.position}", {}
            index = playable_positions(state.cat).index(action.position)
            allowed = accepted_cards(open_tops(state.stacks, state.cat), index)
            if not allowed:
                return "neko.reason.no_card_fits", "no card can go on that stack now", {}
            listed = ", ".join(str(value) for value in allowed)
            return (
                "neko.reason.order",
                f"the three stacks must run in order; that stack takes {listed}",
                {"cards": listed},
            )
        return "reason.illegal", f"{action!r} is not legal now", {}

    def _perform(self, state: NekoState, seat: int, action: NekoAction, events: list[Event] | None) -> None:
        """Lay a base card, play a card, or pass."""
        if action.kind == "base":
            self._lay_base(state, seat, action.card, events)
        elif action.kind == "play":
            self._play(state, seat, action, events)
        else:
            self._pass(state, seat, events)

    def _lay_base(self, state: NekoState, seat: int, card: int, events: list[Event] | None) -> None:
        """A hand card becomes the seat's own stack; the rest of the setup follows."""
        position = state.setup_queue.pop(0)
        state.hands[seat].remove(card)
        state.stacks[position].append(card)
        if events is not None:
            events.append(StackBuilt(position, card, seat))
        self._lay_automatic_stacks(state, events)

    def _play(self, state: NekoState, seat: int, action: NekoAction, events: list[Event] | None) -> None:
        """The card goes on its stack and the cat follows; the last hand card ends the round."""
        source = state.cat
        state.hands[seat].remove(action.card)
        state.stacks[action.position].append(action.card)
        state.cat = action.position
        state.passes = 0
        if events is not None:
            events.append(CardPlayed(seat, action.card, action.position))
            events.append(CatMoved(source, state.cat, "play"))
        if not state.hands[seat]:
            self._end_round(state, seat, events)
            return
        state.turn = (state.turn + 1) % state.players

    def _pass(self, state: NekoState, seat: int, events: list[Event] | None) -> None:
        """The cat steps one stack clockwise; the round ends if nobody can play any more, and the
        stall breaker comes on once every player has passed in a row."""
        source = state.cat
        state.cat = (state.cat + 1) % POSITIONS
        state.passes += 1
        state.turn = (state.turn + 1) % state.players
        if events is not None:
            events.append(Passed(seat))
            events.append(CatMoved(source, state.cat, "pass"))
        if self.blocked(state):
            self._end_round(state, NOBODY, events)
        elif events is not None and state.passes == must_play_after(state.players):
            events.append(MustPlay(state.turn))

    @staticmethod
    def blocked(state: NekoState) -> bool:
        """True when nobody can play any more: while everyone passes, the cat and the turn step on
        together and come back where they were after ``pass_cycle`` passes, and at none of those
        steps does the seat to move hold a card that fits."""
        players = state.players
        for step in range(pass_cycle(players)):
            seat = (state.turn + step) % players
            if can_play(state.hands[seat], open_tops(state.stacks, (state.cat + step) % POSITIONS)):
                return False
        return True

    def _end_round(self, state: NekoState, emptied: int, events: list[Event] | None) -> None:
        """Score the round (``emptied``: the seat that took the cat, or NOBODY when the round is
        blocked); start the next one or end the match."""
        sizes = tuple(len(state.stacks[p]) for p in seat_positions(state.players))
        if state.simple:
            scores = tuple(int(seat == emptied) for seat in range(state.players))
        else:
            scores = tuple(sizes[seat] + (CAT_BONUS if seat == emptied else 0) for seat in range(state.players))
        state.records.append(RoundRecord(emptied, sizes, scores))
        if events is not None:
            why = END_BLOCKED if emptied == NOBODY else END_EMPTIED
            events.append(RoundEnded(state.round, why, emptied, scores, sizes, self.totals(state)))
        if len(state.records) >= state.players:
            state.phase = PHASE_OVER
            if events is not None:
                result = self.result(state)
                events.append(GameEnded(self.totals(state), result.winners))
            return
        self._start_round(state, state.round + 1, events)

    # ----- outcome ---------------------------------------------------------------------------
    def totals(self, state: NekoState | NekoObservation) -> tuple[int, ...]:
        """Points per seat over the finished rounds."""
        return tuple(sum(record.scores[seat] for record in state.records) for seat in range(state.players))

    def is_over(self, state: NekoState) -> bool:
        """True after the last round."""
        return state.phase == PHASE_OVER

    def result(self, state: NekoState) -> Result:
        """Totals, ranks, a per-round table and a stack/cat breakdown (simple: round wins)."""
        totals = self.totals(state)
        if state.simple:
            breakdown = tuple({"neko.score.wins": float(totals[seat])} for seat in range(state.players))
        else:
            breakdown = tuple(
                {
                    "neko.score.stack": float(sum(r.stack_sizes[seat] for r in state.records)),
                    "neko.score.cat": float(sum(CAT_BONUS for r in state.records if r.emptied == seat)),
                }
                for seat in range(state.players)
            )
        return Result(
            scores=tuple(float(total) for total in totals),
            ranks=rank_scores(totals),
            breakdown=breakdown,
            rounds=tuple(tuple(float(score) for score in record.scores) for record in state.records),
        )

    # ----- hidden information ----------------------------------------------------------------
    def observe(self, state: NekoState, seat: int) -> NekoObservation:
        """Own hand only; every stack (all played face up); counts of the hidden cards."""
        return NekoObservation(
            seat=seat,
            players=state.players,
            simple=state.simple,
            quick=state.quick,
            first_start=state.first_start,
            round=state.round,
            start_seat=state.start_seat,
            phase=state.phase,
            hand=tuple(state.hands[seat]) if 0 <= seat < state.players else (),
            hand_counts=tuple(len(hand) for hand in state.hands),
            stacks=tuple(tuple(stack) for stack in state.stacks),
            rest_count=len(state.rest),
            cat=state.cat,
            turn=state.turn,
            passes=state.passes,
            setup_queue=tuple(state.setup_queue),
            records=tuple(state.records),
        )

    def unseen_cards(self, observation: NekoObservation) -> list[int]:
        """Cards the observer cannot see: other hands and the rest, as a multiset."""
        unseen = list(DECK)
        for card in observation.hand:
            unseen.remove(card)
        for stack in observation.stacks:
            for card in stack:
                unseen.remove(card)
        return unseen

    def determinize(self, observation: NekoObservation, rng: random.Random) -> NekoState:
        """Deal the unseen cards at random to the other hands and the rest; fresh RNG."""
        unseen = self.unseen_cards(observation)
        rng.shuffle(unseen)
        hands: list[list[int]] = []
        for seat, count in enumerate(observation.hand_counts):
            if seat == observation.seat:
                hands.append(list(observation.hand))
            else:
                hands.append(sorted(unseen[:count]))
                del unseen[:count]
        return NekoState(
            players=observation.players,
            simple=observation.simple,
            quick=observation.quick,
            rng=random.Random(rng.getrandbits(64)),
            first_start=observation.first_start,
            round=observation.round,
            start_seat=observation.start_seat,
            phase=observation.phase,
            hands=hands,
            stacks=[list(stack) for stack in observation.stacks],
            rest=unseen,
            cat=observation.cat,
            turn=observation.turn,
            passes=observation.passes,
            setup_queue=list(observation.setup_queue),
            records=list(observation.records),
        )

    def clone(self, state: NekoState) -> NekoState:
        """A fast independent copy."""
        rng = copy_rng(state.rng)
        return NekoState(
            players=state.players,
            simple=state.simple,
            quick=state.quick,
            rng=rng,
            first_start=state.first_start,
            round=state.round,
            start_seat=state.start_seat,
            phase=state.phase,
            hands=[list(hand) for hand in state.hands],
            stacks=[list(stack) for stack in state.stacks],
            rest=list(state.rest),
            cat=state.cat,
            turn=state.turn,
            passes=state.passes,
            setup_queue=list(state.setup_queue),
            records=list(state.records),
        )

    # ----- notation --------------------------------------------------------------------------
    def encode_action(self, action: NekoAction) -> str:
        """``base 5``, ``play 5@2`` or ``pass``."""
        if action.kind == "base":
            return f"base {action.card}"
        if action.kind == "play":
            return f"play {action.card}@{action.position}"
        return "pass"

    def decode_action(self, text: str) -> NekoAction:
        """Parse the notation of ``encode_action``."""
        words = text.strip().split()
        try:
            if words == ["pass"]:
                return PASS
            if len(words) == 2 and words[0] == "base":
                return NekoAction("base", int(words[1]))
            if len(words) == 2 and words[0] == "play":
                card, position = words[1].split("@")
                return NekoAction("play", int(card), int(position))
        except ValueError:
            pass
        raise IllegalAction("reason.illegal", f"{text!r} is not neko notation (base N, play N@P, pass)")

    def notation(self, state: NekoState) -> str:
        """E.g. ``neko 4p r1 s1 play t2 c1 x0 | 1357/2468/... | 5,3/8/2/7 | rest 4 | 12,9,7,3``."""
        hands = "/".join("".join(map(str, hand)) or "-" for hand in state.hands)
        stacks = "/".join(",".join(map(str, stack)) or "-" for stack in state.stacks)
        rest = "".join(map(str, state.rest)) or "-"
        totals = ",".join(map(str, self.totals(state)))
        flags = ("S" if state.simple else "") + ("Q" if state.quick else "")
        return (
            f"neko {state.players}p{flags} r{state.round} s{state.start_seat} {state.phase} "
            f"t{state.turn} c{state.cat} x{state.passes} | {hands} | {stacks} | {rest} | {totals}"
        )

    # ----- search hooks ----------------------------------------------------------------------
    def search_epoch(self, state: NekoState) -> int:
        """Rounds are dealt afresh, so search stops at the end of the round in play."""
        return len(state.records)

    def search_rewards(self, state: NekoState) -> tuple[float, ...]:
        """Half the reward by rank on the running totals, half by margin to the best rival."""
        totals = self.totals(state)
        ranks = rank_scores(totals)
        players = state.players
        rewards = []
        for seat in range(players):
            rival = max(totals[other] for other in range(players) if other != seat)
            margin = max(-1.0, min(1.0, (totals[seat] - rival) / 8.0))
            rank_part = (players - ranks[seat]) / (players - 1)
            rewards.append(0.5 * rank_part + 0.25 * (margin + 1.0))
        return tuple(rewards)


def round_end_reader() -> Callable[[Event], str | None]:
    """Why a round ended (``game.round_ends``): its ``RoundEnded`` says ``emptied`` (a player played
    out their hand and took the cat) or ``blocked`` (nobody could play: the stall breaker ends it)."""
    return lambda event: event.why if isinstance(event, RoundEnded) else None


RULES = NekoRules()

# The one declaration of this game (``game.core.registry`` reads it).
GAME = GameSpec(
    RULES,
    title_key="game.neko.title",
    information=IMPERFECT,
    simultaneous=False,
    ai="game.ai.neko",
    narrator="game.narrate.neko",
    tutorial="game.tutorials.neko",
    example="game.examples.neko",
    round_end=round_end_reader,
    decision_cost=0.33,  # measured with ``python -m game review FILE --playouts 100``
)
