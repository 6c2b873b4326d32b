"""NEW & OLD: 2-5 players, 72 cards (New 1-6 x 6, Old 1-6 x 6); a card's diamonds equal its number.

A card is a 2-character string: the kind letter and the number, ``"N5"`` (New 5), ``"O3"`` (Old 3).
Seats sit clockwise; seat i+1 plays after seat i.

One game: New and Old are shuffled apart, everyone gets 7 of each, one Old card starts the Old zone
and one New card the New zone, the rest goes back to the box unseen. Everyone then secretly returns
one New and one Old card to the box (a simultaneous choice), keeping 12. Every seat starts in stage
A (play any card onto the Old zone); a seat that cannot (or chooses not to, when no Old card of its
hand fits) reveals its Old cards and goes on in stage B (New cards onto the New zone) in the same
turn. A card fits on a zone when its number equals the zone's top or is exactly one higher, 6 -> 1
(printed for the Old zone; on the New zone it is a house reading, ``HOUSE_NEW_ZONE_WRAPS``).
A stage-B seat with no fitting New card reveals its hand and leaves; so does (without a reveal) a
seat whose hand is empty. There is no pass. When every seat has left, revealed cards are scored.
A match is as many games as players; the lowest scorer starts the next game.

Notation of an action: ``box N3 O5``, ``play N3``, ``reveal``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from game.core.errors import IllegalAction
from game.core.events import Event
from game.core.rng import GENERATOR, copy_rng, deal_rng
from game.core.rules import IMPERFECT, GameSpec, OptionSpec, Result, Rules, rank_scores

GAME_ID = "newold"
NEW = "N"
OLD = "O"
NUMBERS: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
COPIES = 6
DECK_NEW: tuple[str, ...] = tuple(f"{NEW}{number}" for number in NUMBERS for _ in range(COPIES))
DECK_OLD: tuple[str, ...] = tuple(f"{OLD}{number}" for number in NUMBERS for _ in range(COPIES))
DECK: tuple[str, ...] = DECK_NEW + DECK_OLD  # all 72 cards
CARDS: tuple[str, ...] = tuple(f"{kind}{number}" for kind in (NEW, OLD) for number in NUMBERS)  # 12 faces
DEAL_EACH = 7  # cards of each kind dealt to every player
BOX_EACH = 1  # cards of each kind every player returns to the box
HAND_SIZE = 2 * (DEAL_EACH - BOX_EACH)  # 12

STAGE_A = "A"
STAGE_B = "B"
PHASE_BOX = "box"
PHASE_PLAY = "play"
PHASE_OVER = "over"
ZONE_OLD = "O"
ZONE_NEW = "N"

# Rank points of the variant: 1st, 2nd, last (which wins when 2nd is also last), everyone else.
RANK_POINTS_FIRST = 2
RANK_POINTS_SECOND = 1
RANK_POINTS_LAST = -1
# The house readings this module plays by, by name (``game.core.house``): the rules help explains
# each one (``newold.help.house.<name>`` in both catalogues); a ``HOUSE_*`` constant belongs to the
# reading it is named after.
HOUSE_READINGS: tuple[str, ...] = ("new_zone_wraps", "first_start", "lowest_tie", "rank_points_edges")

# House reading: the rulebook prints "6 is followed by 1" only under stage A (the Old zone). Stage B
# says "the same number or exactly one higher" with no word on 6; we read the New zone the same way,
# so a New zone showing 6 takes a 6 or a 1. Without it, a New zone at 6 would take only 6s.
HOUSE_NEW_ZONE_WRAPS = True

_NUMBER: dict[str, int] = {card: int(card[1]) for card in CARDS}
_KIND: dict[str, str] = {card: card[0] for card in CARDS}
# For each top number, the numbers that may go on it (the same, one higher, 6 -> 1): the Old zone's
# and the New zone's (the same table unless the house reading above is switched off).
_FITS: dict[int, tuple[int, ...]] = {top: (top, top % 6 + 1) for top in NUMBERS}
_FITS_NEW: dict[int, tuple[int, ...]] = {
    top: (top, top % 6 + 1) if HOUSE_NEW_ZONE_WRAPS or top < 6 else (top,) for top in NUMBERS
}


def card_kind(card: str) -> str:
    """``NEW`` or ``OLD``.

    >>> card_kind("N5"), card_kind("O3")
    ('N', 'O')
    """
    return card[0]


def card_number(card: str) -> int:
    """The card's number, which is also its diamonds.

    >>> card_number("O6")
    6
    """
    return int(card[1])


def follows(top: int, number: int) -> bool:
    """True when ``number`` may go on a zone whose top shows ``top``: equal, or exactly one
    higher, with 6 followed by 1.

    >>> follows(3, 3), follows(3, 4), follows(3, 5), follows(6, 1), follows(1, 6)
    (True, True, False, True, False)
    """
    return number == top or number == top % 6 + 1


def zone_fits(zone: str, top: int) -> tuple[int, ...]:
    """The numbers a zone showing ``top`` takes (``ZONE_OLD`` or ``ZONE_NEW``; the same, then one
    higher: 6 -> 1 on the Old zone as printed, and on the New zone by ``HOUSE_NEW_ZONE_WRAPS``).

    >>> zone_fits(ZONE_OLD, 3), zone_fits(ZONE_OLD, 6), zone_fits(ZONE_NEW, 6)
    ((3, 4), (6, 1), (6, 1))
    """
    return (_FITS if zone == ZONE_OLD else _FITS_NEW).get(top, ())


def _top_number(top: str) -> int:
    """The number on a zone's top card (0 for an empty zone: nothing follows it)."""
    return _NUMBER[top] if top else 0


def playable_cards(hand: Iterable[str], stage: str, old_top: str, new_top: str) -> tuple[str, ...]:
    """The distinct hand cards that may be played now, in hand order.

    Stage A: any card (New or Old) following the Old zone's top; stage B: New cards following the
    New zone's top.
    """
    if stage == STAGE_A:
        fits = _FITS.get(_top_number(old_top), ())
        chosen = [card for card in hand if _NUMBER[card] in fits]
    else:
        fits = _FITS_NEW.get(_top_number(new_top), ())
        chosen = [card for card in hand if card[0] == NEW and _NUMBER[card] in fits]
    return tuple(dict.fromkeys(chosen))


def may_reveal(hand: Iterable[str], stage: str, old_top: str) -> bool:
    """Stage A and no Old card of the hand follows the Old zone's top (also: no Old card at all)."""
    if stage != STAGE_A:
        return False
    fits = _FITS.get(_top_number(old_top), ())
    return not any(card[0] == OLD and _NUMBER[card] in fits for card in hand)


def must_reveal(hand: Iterable[str], stage: str, old_top: str) -> bool:
    """Stage A and no card at all may be played: revealing is then the only legal action."""
    if stage != STAGE_A:
        return False
    fits = _FITS.get(_top_number(old_top), ())
    return not any(_NUMBER[card] in fits for card in hand)


def score_revealed(cards: Iterable[str]) -> int:
    """Diamonds of the cards revealed in front of one player.

    Both kinds: +New - Old; only Old: -Old; only New: -New (!); nothing: 0.

    >>> score_revealed(["N5", "N3", "O3", "O4"]), score_revealed(["O3", "O2", "O3"])
    (1, -8)
    >>> score_revealed(["N5", "N2", "N2"]), score_revealed([])
    (-9, 0)
    """
    new = old = 0
    has_new = has_old = False
    for card in cards:
        if card[0] == NEW:
            new += _NUMBER[card]
            has_new = True
        else:
            old += _NUMBER[card]
            has_old = True
    if has_new and has_old:
        return new - old
    return -(new + old)


def rank_points_for(scores: Sequence[int]) -> tuple[int, ...]:
    """Rank points of the variant for one game's scores.

    1st 2, 2nd 1, last -1, others 0. Tied players all take the lowest (worst) rank they share;
    with 2 players 2nd place is also last and takes -1.

    >>> rank_points_for([7, 7, 3, 3])
    (1, 1, -1, -1)
    >>> rank_points_for([9, 4, 4, 1])
    (2, 0, 0, -1)
    """
    players = len(scores)
    points = []
    for mine in scores:
        rank = sum(1 for other in scores if other >= mine)  # the lowest rank shared with the tied
        if rank == players:
            points.append(RANK_POINTS_LAST)
        elif rank == 1:
            points.append(RANK_POINTS_FIRST)
        elif rank == 2:
            points.append(RANK_POINTS_SECOND)
        else:
            points.append(0)
    return tuple(points)


def next_start_seat(scores: Sequence[int], previous_start: int) -> int:
    """The lowest scorer of the game; among tied lowest scorers, the first met going clockwise
    from the seat after ``previous_start`` (``previous_start`` itself comes last). House reading.

    >>> next_start_seat([3, -2, 5, -2], 0), next_start_seat([3, -2, 5, -2], 1)
    (1, 3)
    """
    players = len(scores)
    lowest = min(scores)
    for step in range(1, players + 1):
        seat = (previous_start + step) % players
        if scores[seat] == lowest:
            return seat
    raise AssertionError("unreachable: some seat has the lowest score")


class NewOldAction(NamedTuple):
    """``kind`` is "box", "play" or "reveal"; ``card`` (and ``card2`` for box) are cards."""

    kind: str
    card: str = ""
    card2: str = ""


REVEAL = NewOldAction("reveal")
_PLAY: dict[str, NewOldAction] = {card: NewOldAction("play", card) for card in CARDS}
_BOX: dict[tuple[str, str], NewOldAction] = {
    (new, old): NewOldAction("box", new, old) for new in CARDS[:6] for old in CARDS[6:]
}


# ----- events (public facts only) ---------------------------------------------------------
@dataclass(frozen=True, slots=True)
class GameStarted(Event):
    """A game of the match begins (all 72 cards gathered and shuffled). ``why`` is "first" or
    "lowest" (the start seat scored lowest in the game before)."""

    kind = "game_started"
    hides_undo = True
    game: int
    start_seat: int
    why: str


@dataclass(frozen=True, slots=True)
class Dealt(Event):
    """Face-down cards went to ``seat`` (its observation shows their faces to it)."""

    kind = "dealt"
    seat: int
    new_count: int
    old_count: int


@dataclass(frozen=True, slots=True)
class ZoneStarted(Event):
    """The zone's first card was turned face up from the undealt cards."""

    kind = "zone_started"
    hides_undo = True
    zone: str
    card: str


@dataclass(frozen=True, slots=True)
class RestBoxed(Event):
    """The leftover cards went back to the box, unseen."""

    kind = "rest_boxed"
    new_count: int
    old_count: int


@dataclass(frozen=True, slots=True)
class BoxChosen(Event):
    """``seat`` put one New and one Old card face down into the box (faces stay secret)."""

    kind = "box_chosen"
    seat: int


@dataclass(frozen=True, slots=True)
class PlayStarted(Event):
    """Every seat has chosen its box cards; play begins with ``start_seat``."""

    kind = "play_started"
    hides_undo = True
    start_seat: int


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    """``seat`` played ``card`` from hand onto ``zone``."""

    kind = "card_played"
    seat: int
    card: str
    zone: str


@dataclass(frozen=True, slots=True)
class StageBChecked(Event):
    """A stage-B seat's turn began (or went on after its A -> B reveal): the table learns whether
    its hand holds a New card it can play; if not, it reveals its hand and leaves next.

    Not in the original API list (added): this public fact depends on the hidden hand, so it
    ends undo, and every world the previous actor cannot tell apart shows it at the same place."""

    kind = "stage_b_checked"
    hides_undo = True
    seat: int
    can_play: bool


@dataclass(frozen=True, slots=True)
class Revealed(Event):
    """Cards laid face up in front of ``seat``: its Old cards at the A -> B reveal
    (``stage_change``; may be empty: "no Old card"), or the whole hand of a stuck stage-B seat."""

    kind = "revealed"
    hides_undo = True
    seat: int
    cards: tuple[str, ...]
    stage_change: bool


@dataclass(frozen=True, slots=True)
class Left(Event):
    """``seat`` left the game: ``why`` "empty" (hand emptied) or "stuck" (no New card fitted)."""

    kind = "left"
    seat: int
    why: str


@dataclass(frozen=True, slots=True)
class GameScored(Event):
    """Everyone has left: the game's diamond scores, rank points (() without the variant) and the
    match totals that decide the winner."""

    kind = "game_scored"
    hides_undo = True
    game: int
    scores: tuple[int, ...]
    rank_points: tuple[int, ...]
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class MatchEnded(Event):
    """The last game of the match was scored."""

    kind = "match_ended"
    hides_undo = True
    totals: tuple[int, ...]
    winners: tuple[int, ...]


# ----- state and observation ----------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class GameRecord:
    """How one finished game scored."""

    start_seat: int
    scores: tuple[int, ...]  # diamonds per seat
    rank_points: tuple[int, ...]  # () when the variant is off
    revealed: tuple[tuple[str, ...], ...]  # per seat, in reveal order


@dataclass(slots=True)
class NewOldState:
    """The full truth of a NEW & OLD match (every hand and the box included)."""

    players: int
    rank_points: bool
    rng: random.Random
    game: int = 0
    start_seat: int = 0
    phase: str = PHASE_BOX
    turn: int = 0
    hands: list[list[str]] = field(default_factory=list)  # per seat, kept sorted
    stages: list[str] = field(default_factory=list)
    left: list[bool] = field(default_factory=list)
    revealed: list[list[str]] = field(default_factory=list)  # per seat, in reveal order
    zone_old: list[str] = field(default_factory=list)  # bottom .. top
    zone_new: list[str] = field(default_factory=list)
    boxed: list[list[str]] = field(default_factory=list)  # per seat [new, old], [] before choosing
    rest_box: list[str] = field(default_factory=list)  # leftover cards returned unseen, sorted
    records: list[GameRecord] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class NewOldObservation:
    """What one seat may know: its own hand and box cards, every face-up card, kind counts."""

    seat: int  # -1: a spectator
    players: int
    rank_points: bool
    game: int
    games_total: int
    start_seat: int
    phase: str
    turn: int
    hand: tuple[str, ...]
    hand_kinds: tuple[tuple[int, int], ...]  # per seat (new, old): the backs differ, so public
    stages: tuple[str, ...]
    left: tuple[bool, ...]
    revealed: tuple[tuple[str, ...], ...]
    zone_old: tuple[str, ...]
    zone_new: tuple[str, ...]
    chosen: tuple[bool, ...]
    my_box: tuple[str, ...]
    rest_box_kinds: tuple[int, int]
    records: tuple[GameRecord, ...]

    @property
    def old_top(self) -> str:
        """The Old zone's top card ("" when empty)."""
        return self.zone_old[-1] if self.zone_old else ""

    @property
    def new_top(self) -> str:
        """The New zone's top card ("" when empty)."""
        return self.zone_new[-1] if self.zone_new else ""


def _kinds(cards: Iterable[str]) -> tuple[int, int]:
    """(New count, Old count) of some cards."""
    new = old = 0
    for card in cards:
        if card[0] == NEW:
            new += 1
        else:
            old += 1
    return new, old


class NewOldRules(Rules[NewOldState, NewOldAction, NewOldObservation]):
    """The rules of NEW & OLD: a match of as many games as players."""

    game_id = GAME_ID
    min_players = 2
    max_players = 5
    options = (OptionSpec("rank_points", False, label="newold.option.rank_points"),)

    # ----- setup -------------------------------------------------------------------------
    def new_game(self, players: int, seed: int, options: Mapping[str, Any] | None = None,
                 generator: str = GENERATOR) -> NewOldState:
        """A match whose first game is dealt; seat 0 starts it. Every seat now chooses its box cards."""
        opts = self.normalize_options(players, options)
        state = NewOldState(players, bool(opts["rank_points"]), deal_rng(seed, generator))
        _start_game(state, 0, 0, None)
        return state

    def opening_events(self, observation: NewOldObservation) -> list[Event]:
        """The events of a fresh match's first deal (``new_game`` returns none), from any seat's
        view: the game starts, each hand is dealt from the start seat on, the two zones open and
        the rest goes in the box."""
        obs = observation
        events: list[Event] = [GameStarted(obs.game, obs.start_seat, "first" if obs.game == 0 else "lowest")]
        for step in range(obs.players):
            seat = (obs.start_seat + step) % obs.players
            new, old = obs.hand_kinds[seat]
            events.append(Dealt(seat, new, old))
        events.append(ZoneStarted(ZONE_OLD, obs.zone_old[0]))
        events.append(ZoneStarted(ZONE_NEW, obs.zone_new[0]))
        events.append(RestBoxed(*obs.rest_box_kinds))
        return events

    # ----- turns ---------------------------------------------------------------------------
    def to_move(self, state: NewOldState) -> tuple[int, ...]:
        """Box phase: every seat that has not chosen, in seat order; play: the seat whose turn it is."""
        if state.phase == PHASE_PLAY:
            return (state.turn,)
        if state.phase == PHASE_BOX:
            return tuple(seat for seat in range(state.players) if not state.boxed[seat])
        return ()

    def legal_actions(self, state: NewOldState, seat: int) -> list[NewOldAction]:
        """Box: every (New, Old) pair of the hand. Play: the fitting cards, then the reveal when
        allowed (alone when nothing fits). There is never a pass."""
        phase = state.phase
        if phase == PHASE_PLAY:
            if seat != state.turn:
                return []
            hand = state.hands[seat]
            if state.stages[seat] == STAGE_A:
                fits = _FITS[_NUMBER[state.zone_old[-1]]]
                actions = []
                old_fits = False
                last = ""
                for card in hand:
                    if card != last and _NUMBER[card] in fits:
                        actions.append(_PLAY[card])
                        if card[0] == OLD:
                            old_fits = True
                    last = card
                if not old_fits:
                    actions.append(REVEAL)
                return actions
            fits = _FITS_NEW[_NUMBER[state.zone_new[-1]]]
            return [_PLAY[card] for card in dict.fromkeys(hand) if card[0] == NEW and _NUMBER[card] in fits]
        if phase == PHASE_BOX and 0 <= seat < state.players and not state.boxed[seat]:
            distinct = list(dict.fromkeys(state.hands[seat]))
            news = [card for card in distinct if card[0] == NEW]
            olds = [card for card in distinct if card[0] == OLD]
            return [_BOX[(new, old)] for new in news for old in olds]
        return []

    @staticmethod
    def _well_typed(action: object) -> bool:
        """A real ``NewOldAction`` with str fields (not a tuple or a look-alike that merely equals one)."""
        return (
            type(action) is NewOldAction
            and type(action.kind) is str
            and type(action.card) is str
            and type(action.card2) is str
        )

    def is_legal(self, state: NewOldState, seat: int, action: NewOldAction) -> bool:
        """True when ``apply`` would accept the action (look-alikes never are)."""
        return self._well_typed(action) and super().is_legal(state, seat, action)

    def check(self, state: NewOldState, seat: int, action: NewOldAction) -> None:
        """Refuse look-alikes first (a plain tuple, a non-str card) so equality cannot smuggle
        them past the legality test into the state and the log."""
        if not self._well_typed(action):
            raise IllegalAction("reason.illegal", f"{action!r} is not a NEW & OLD action")
        super().check(state, seat, action)

    def explain_illegal(
        self, state: NewOldState, seat: int, action: NewOldAction
    ) -> tuple[str, str, dict[str, Any]]:
        """A reason a player can act on, for the screen's "springs back" message."""
        if not isinstance(action, NewOldAction) or action.kind not in ("box", "play", "reveal", "pass"):
            return "reason.illegal", f"{action!r} is not a NEW & OLD action", {}
        if action.kind == "pass":
            return "newold.reason.no_pass", "there is no passing: play a card (or reveal, when allowed)", {}
        hand = state.hands[seat]
        if state.phase == PHASE_BOX:
            if action.kind != "box":
                return "newold.reason.box_first", "first put one New and one Old card into the box", {}
            return _explain_box(hand, action)
        if action.kind == "box":
            return "newold.reason.box_done", "the box cards were chosen before play began", {}
        stage = state.stages[seat]
        if action.kind == "reveal":
            return _explain_reveal(state, seat)
        if action.card not in _NUMBER:
            return "reason.illegal", f"{action.card!r} is not a card", {}
        if stage == STAGE_B and action.card[0] == OLD:
            return "newold.reason.new_only", "after your reveal only New cards go on the New zone", {}
        if action.card not in hand:
            return "newold.reason.not_in_hand", f"you have no {action.card}", {"card": action.card}
        top = state.zone_old[-1] if stage == STAGE_A else state.zone_new[-1]
        fits = _FITS[_NUMBER[top]] if stage == STAGE_A else _FITS_NEW[_NUMBER[top]]
        same, higher = fits[0], fits[-1]  # the same number, then the one above it
        params = {"top": _NUMBER[top], "same": same, "higher": higher}
        if stage == STAGE_A:
            return (
                "newold.reason.follow_old",
                f"on the Old zone's {params['top']} only a {same} or a {higher} fits",
                params,
            )
        return (
            "newold.reason.follow_new",
            f"on the New zone's {params['top']} only a New {same} or {higher} fits",
            params,
        )

    def _perform(
        self, state: NewOldState, seat: int, action: NewOldAction, events: list[Event] | None
    ) -> None:
        """Box two cards, play a card or reveal; then run whatever happens by itself."""
        kind = action.kind
        if kind == "play":
            hand = state.hands[seat]
            hand.remove(action.card)
            if state.stages[seat] == STAGE_A:
                state.zone_old.append(action.card)
                zone = ZONE_OLD
            else:
                state.zone_new.append(action.card)
                zone = ZONE_NEW
            if events is not None:
                events.append(CardPlayed(seat, action.card, zone))
            if not hand:
                _leave(state, seat, "empty", events)
            _next_turn(state, events)
        elif kind == "reveal":
            _reveal_old(state, seat, events)
        else:
            _box(state, seat, action, events)

            # every seat is in stage A with a full hand: the start seat simply plays

    # ----- outcome ---------------------------------------------------------------------------
    def totals(self, state: NewOldState | NewOldObservation) -> tuple[int, ...]:
        """Match totals that decide the winner: diamonds, or rank points with the variant."""
        return match_totals(state)

    def is_over(self, state: NewOldState) -> bool:
        """True after the last game of the match."""
        return state.phase == PHASE_OVER

    def result(self, state: NewOldState) -> Result:
        """Totals, ranks, one row of diamonds per game, and the diamond / rank point breakdown."""
        totals = self.totals(state)
        ranks = rank_scores(totals)
        breakdown = []
        for seat in range(state.players):
            entry = {"newold.score.diamonds": float(sum(r.scores[seat] for r in state.records))}
            if state.rank_points:
                entry["newold.score.rank_points"] = float(sum(r.rank_points[seat] for r in state.records))
            breakdown.append(entry)
        notes = ("newold.note.shared_win",) if ranks.count(1) > 1 else ()
        return Result(
            scores=tuple(float(total) for total in totals),
            ranks=ranks,
            breakdown=tuple(breakdown),
            rounds=tuple(tuple(float(score) for score in record.scores) for record in state.records),
            notes=notes,
        )

    # ----- hidden information ----------------------------------------------------------------
    def observe(self, state: NewOldState, seat: int) -> NewOldObservation:
        """Own hand and box cards only; zones and revealed cards; kind counts of the hidden cards."""
        mine = 0 <= seat < state.players
        return NewOldObservation(
            seat=seat,
            players=state.players,
            rank_points=state.rank_points,
            game=state.game,
            games_total=state.players,
            start_seat=state.start_seat,
            phase=state.phase,
            turn=state.turn,
            hand=tuple(state.hands[seat]) if mine else (),
            hand_kinds=tuple(_kinds(hand) for hand in state.hands),
            stages=tuple(state.stages),
            left=tuple(state.left),
            revealed=tuple(tuple(cards) for cards in state.revealed),
            zone_old=tuple(state.zone_old),
            zone_new=tuple(state.zone_new),
            chosen=tuple(bool(cards) for cards in state.boxed),
            my_box=tuple(state.boxed[seat]) if mine else (),
            rest_box_kinds=_kinds(state.rest_box),
            records=tuple(state.records),
        )

    def unseen_cards(self, observation: NewOldObservation) -> list[str]:
        """The cards the observer cannot see (other hands, other box cards, the rest), sorted."""
        counts = dict.fromkeys(CARDS, COPIES)
        seen = [*observation.hand, *observation.my_box, *observation.zone_old, *observation.zone_new]
        for cards in observation.revealed:
            seen.extend(cards)
        for card in seen:
            counts[card] -= 1
        return [card for card in CARDS for _ in range(counts[card])]

    def determinize(self, observation: NewOldObservation, rng: random.Random) -> NewOldState:
        """Deal the unseen cards at random, kind by kind, to the other hands (their public New / Old
        counts), the other chosen box slots (one New + one Old each) and the rest; fresh RNG."""
        unseen = self.unseen_cards(observation)
        draw = rng.random
        pools = {
            NEW: sorted((c for c in unseen if c[0] == NEW), key=lambda _card: draw()),
            OLD: sorted((c for c in unseen if c[0] == OLD), key=lambda _card: draw()),
        }
        me = observation.seat
        hands: list[list[str]] = []
        boxed: list[list[str]] = []
        for seat, (new_count, old_count) in enumerate(observation.hand_kinds):
            if seat == me:
                hands.append(list(observation.hand))
                boxed.append(list(observation.my_box))
                continue
            hand = _take(pools[NEW], new_count) + _take(pools[OLD], old_count)
            hand.sort()
            hands.append(hand)
            boxed.append(_take(pools[NEW], 1) + _take(pools[OLD], 1) if observation.chosen[seat] else [])
        rest = pools[NEW] + pools[OLD]
        rest.sort()
        return NewOldState(
            players=observation.players,
            rank_points=observation.rank_points,
            rng=random.Random(rng.getrandbits(64)),
            game=observation.game,
            start_seat=observation.start_seat,
            phase=observation.phase,
            turn=observation.turn,
            hands=hands,
            stages=list(observation.stages),
            left=list(observation.left),
            revealed=[list(cards) for cards in observation.revealed],
            zone_old=list(observation.zone_old),
            zone_new=list(observation.zone_new),
            boxed=boxed,
            rest_box=rest,
            records=list(observation.records),
        )

    def clone(self, state: NewOldState) -> NewOldState:
        """A fast independent copy."""
        rng = copy_rng(state.rng)
        return NewOldState(
            players=state.players,
            rank_points=state.rank_points,
            rng=rng,
            game=state.game,
            start_seat=state.start_seat,
            phase=state.phase,
            turn=state.turn,
            hands=[hand[:] for hand in state.hands],
            stages=state.stages[:],
            left=state.left[:],
            revealed=[cards[:] for cards in state.revealed],
            zone_old=state.zone_old[:],
            zone_new=state.zone_new[:],
            boxed=[cards[:] for cards in state.boxed],
            rest_box=state.rest_box[:],
            records=state.records[:],
        )

    # ----- notation --------------------------------------------------------------------------
    def encode_action(self, action: NewOldAction) -> str:
        """``box N3 O5``, ``play N3`` or ``reveal``."""
        if action.kind == "box":
            return f"box {action.card} {action.card2}"
        if action.kind == "play":
            return f"play {action.card}"
        return "reveal"

    def decode_action(self, text: str) -> NewOldAction:
        """Parse the notation of ``encode_action``."""
        words = text.strip().split()
        if words == ["reveal"]:
            return REVEAL
        if len(words) == 2 and words[0] == "play" and words[1] in _PLAY:
            return _PLAY[words[1]]
        if len(words) == 3 and words[0] == "box" and words[1] in _NUMBER and words[2] in _NUMBER:
            return NewOldAction("box", words[1], words[2])
        raise IllegalAction("reason.illegal", f"{text!r} is not NEW & OLD notation (box N3 O5, play N3, reveal)")

    def notation(self, state: NewOldState) -> str:
        """E.g. ``newold 4p g1 s2 play t3 | N1N4O2/.../... | AABA | -x-- | O3,O4/-/... | old O2,N3 |
        new N5 | box N1O6/.../... | rest N2O5 | 3,-8,0,1;...``."""
        hands = "/".join("".join(hand) or "-" for hand in state.hands)
        stages = "".join(state.stages)
        left = "".join("x" if gone else "-" for gone in state.left)
        revealed = "/".join(",".join(cards) or "-" for cards in state.revealed)
        boxed = "/".join("".join(cards) or "-" for cards in state.boxed)
        records = ";".join(",".join(map(str, record.scores)) for record in state.records) or "-"
        flags = "R" if state.rank_points else ""
        return (
            f"newold {state.players}p{flags} g{state.game} s{state.start_seat} {state.phase} t{state.turn} "
            f"| {hands} | {stages} | {left} | {revealed} | old {','.join(state.zone_old) or '-'} "
            f"| new {','.join(state.zone_new) or '-'} | box {boxed} | rest {''.join(state.rest_box) or '-'} "
            f"| {records}"
        )

    # ----- search hooks ----------------------------------------------------------------------
    def search_epoch(self, state: NewOldState) -> int:
        """Every game is dealt afresh, so search stops at the end of the game in play."""
        return len(state.records)

    def search_rewards(self, state: NewOldState) -> tuple[float, ...]:
        """Half the reward by rank on the match totals, half by the margin to the best rival."""
        totals = self.totals(state)
        ranks = rank_scores(totals)
        players = state.players
        scale = 3.0 if state.rank_points else 12.0  # a typical spread of one game's results
        rewards = []
        for seat in range(players):
            rival = max(totals[other] for other in range(players) if other != seat)
            margin = max(-1.0, min(1.0, (totals[seat] - rival) / scale))
            rank_part = (players - ranks[seat]) / (players - 1)
            rewards.append(0.5 * rank_part + 0.25 * (margin + 1.0))
        return tuple(rewards)


def match_totals(state: NewOldState | NewOldObservation) -> tuple[int, ...]:
    """Match totals that decide the winner: diamonds, or rank points with the variant."""
    if state.rank_points:
        return tuple(sum(r.rank_points[seat] for r in state.records) for seat in range(state.players))
    return tuple(sum(r.scores[seat] for r in state.records) for seat in range(state.players))


# ----- dealing a game ------------------------------------------------------------------------------
def _start_game(state: NewOldState, number: int, start: int, events: list[Event] | None) -> None:
    """Shuffle both kinds apart, deal 7 + 7 each, turn up the zones, box the rest."""
    players = state.players
    state.game = number
    state.start_seat = start
    state.turn = start
    state.phase = PHASE_BOX
    draw = state.rng.random
    new = sorted(DECK_NEW, key=lambda _card: draw())  # a shuffle, cheaper than rng.shuffle
    old = sorted(DECK_OLD, key=lambda _card: draw())
    state.hands = [
        sorted(new[seat * DEAL_EACH:(seat + 1) * DEAL_EACH] + old[seat * DEAL_EACH:(seat + 1) * DEAL_EACH])
        for seat in range(players)
    ]
    dealt = players * DEAL_EACH
    state.zone_old = [old[dealt]]
    state.zone_new = [new[dealt]]
    state.rest_box = sorted(new[dealt + 1:] + old[dealt + 1:])
    state.stages = [STAGE_A] * players
    state.left = [False] * players
    state.revealed = [[] for _ in range(players)]
    state.boxed = [[] for _ in range(players)]
    if events is not None:
        events.append(GameStarted(number, start, "first" if number == 0 else "lowest"))
        for step in range(players):
            events.append(Dealt((start + step) % players, DEAL_EACH, DEAL_EACH))
        events.append(ZoneStarted(ZONE_OLD, state.zone_old[0]))
        events.append(ZoneStarted(ZONE_NEW, state.zone_new[0]))
        rest = len(DECK_NEW) - dealt - 1
        events.append(RestBoxed(rest, rest))


# ----- the moves and what follows them by itself ----------------------------------------------
def _box(state: NewOldState, seat: int, action: NewOldAction, events: list[Event] | None) -> None:
    """Put the two chosen cards into the box; when the last seat has chosen, play begins."""
    hand = state.hands[seat]
    hand.remove(action.card)
    hand.remove(action.card2)
    state.boxed[seat] = [action.card, action.card2]
    if events is not None:
        events.append(BoxChosen(seat))
    if all(state.boxed):
        state.phase = PHASE_PLAY
        state.turn = state.start_seat
        if events is not None:
            events.append(PlayStarted(state.start_seat))


def _reveal_old(state: NewOldState, seat: int, events: list[Event] | None) -> None:
    """A -> B: the Old cards go face up in front of the seat, which goes on in stage B."""
    hand = state.hands[seat]
    olds = [card for card in hand if card[0] == OLD]
    state.revealed[seat].extend(olds)
    state.hands[seat] = [card for card in hand if card[0] == NEW]
    state.stages[seat] = STAGE_B
    if events is not None:
        events.append(Revealed(seat, tuple(olds), True))
    if not state.hands[seat]:
        _leave(state, seat, "empty", events)
        _next_turn(state, events)
    elif not _check_stage_b(state, seat, events):
        _next_turn(state, events)


def _check_stage_b(state: NewOldState, seat: int, events: list[Event] | None) -> bool:
    """A stage-B seat begins to play: True when it can; otherwise it reveals its hand and leaves."""
    fits = _FITS_NEW[_NUMBER[state.zone_new[-1]]]
    can_play = any(_NUMBER[card] in fits for card in state.hands[seat])  # a B hand is all New
    if events is not None:
        events.append(StageBChecked(seat, can_play))
    if can_play:
        return True
    cards = state.hands[seat]
    state.revealed[seat].extend(cards)
    state.hands[seat] = []
    if events is not None:
        events.append(Revealed(seat, tuple(cards), False))
    _leave(state, seat, "stuck", events)
    return False


def _leave(state: NewOldState, seat: int, why: str, events: list[Event] | None) -> None:
    """The seat is out of this game."""
    state.left[seat] = True
    if events is not None:
        events.append(Left(seat, why))


def _next_turn(state: NewOldState, events: list[Event] | None) -> None:
    """Pass the turn clockwise to the next seat still in; stuck stage-B seats leave on the
    way. When nobody is left, score the game."""
    players = state.players
    left = state.left
    seat = state.turn
    while True:
        for _ in range(players):
            seat = (seat + 1) % players
            if not left[seat]:
                break
        else:
            _end_game(state, events)
            return
        if state.stages[seat] == STAGE_A or _check_stage_b(state, seat, events):
            state.turn = seat
            return


def _end_game(state: NewOldState, events: list[Event] | None) -> None:
    """Score the revealed cards; deal the next game or end the match."""
    scores = tuple(score_revealed(cards) for cards in state.revealed)
    points = rank_points_for(scores) if state.rank_points else ()
    state.records.append(
        GameRecord(state.start_seat, scores, points, tuple(tuple(cards) for cards in state.revealed))
    )
    if events is not None:
        events.append(GameScored(state.game, scores, points, match_totals(state)))
    if len(state.records) >= state.players:
        state.phase = PHASE_OVER
        if events is not None:
            totals = match_totals(state)
            ranks = rank_scores(totals)  # as ``result`` ranks them
            events.append(MatchEnded(totals, tuple(seat for seat, rank in enumerate(ranks) if rank == 1)))
        return
    _start_game(state, state.game + 1, next_start_seat(scores, state.start_seat), events)


# ----- why a move is refused --------------------------------------------------------------------
def _explain_box(hand: list[str], action: NewOldAction) -> tuple[str, str, dict[str, Any]]:
    """Why a box choice is refused."""
    for card in (action.card, action.card2):
        if card not in _NUMBER:
            return "reason.illegal", f"{card!r} is not a card", {}
    if action.card[0] != NEW or action.card2[0] != OLD:
        return "newold.reason.box_kinds", "return exactly one New card and one Old card", {}
    for card in (action.card, action.card2):
        if card not in hand:
            return "newold.reason.not_in_hand", f"you have no {card}", {"card": card}
    return "reason.illegal", f"{action!r} is not legal now", {}


def _explain_reveal(state: NewOldState, seat: int) -> tuple[str, str, dict[str, Any]]:
    """Why the A -> B reveal is refused."""
    if state.stages[seat] == STAGE_B:
        return "newold.reason.already_b", "you already revealed your Old cards", {}
    fitting = [card for card in playable_cards(state.hands[seat], STAGE_A, state.zone_old[-1], "")
               if card[0] == OLD]
    listed = ", ".join(fitting)
    return (
        "newold.reason.old_playable",
        f"you may reveal only when none of your Old cards fits; {listed} does",
        {"cards": listed},
    )


# ----- hidden information: ``determinize`` deals from pools ------------------------------------------
def _take(pool: list[str], count: int) -> list[str]:
    """Remove and return the last ``count`` cards of ``pool``."""
    if count <= 0:
        return []
    taken = pool[-count:]
    del pool[-count:]
    return taken


_LEFT_REASON = {"empty": "last_emptied", "stuck": "last_stuck"}  # Left.why -> the game's end reason


class _GameEndReader:
    """A game of the match ends when the last player leaves: ``last_emptied`` when they left with
    an empty hand, ``last_stuck`` when no New card of theirs fitted (``game.round_ends``)."""

    def __init__(self) -> None:
        self.last_left = ""

    def __call__(self, event: Event) -> str | None:
        """The reason of a game that ``event`` ends, else None."""
        if isinstance(event, Left):
            self.last_left = event.why
        elif isinstance(event, GameScored):
            return _LEFT_REASON.get(self.last_left, f"last_{self.last_left}")
        return None


def round_end_reader() -> Callable[[Event], str | None]:
    """A fresh reader of why each game of the match ended."""
    return _GameEndReader()


RULES = NewOldRules()

# The one declaration of this game (``game.core.registry`` reads it).
GAME = GameSpec(
    RULES,
    title_key="game.newold.title",
    information=IMPERFECT,
    simultaneous=True,
    ai="game.ai.newold",
    narrator="game.narrate.newold",
    tutorial="game.tutorials.newold",
    example="game.examples.newold",
    round_end=round_end_reader,
    decision_cost=0.27,  # measured with ``python -m game review FILE --playouts 100``
)
