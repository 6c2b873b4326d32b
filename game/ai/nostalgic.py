"""Easy, Normal and Hard levels of Nostalgic, and the rollout policies.

Everything is valued in NP, as the end of the game will count it:

* NP now: the balloon's NP (or the die's), a box-track step reached, a double in a reroll;
* a reroll chip: 1 NP at the end if unused, more while there are dice left to throw again;
* a nostalgia card: what it adds to the hand's best partition into sets (``hand_value``: the
  sets scored now, blended with the sets expected after one more card while cards are still to
  come, since a lone card is half of a pair);
* boxes: the track steps reached now, a share of the next step ahead, and the change of the
  expected box-rank penalty (``expected_penalty``: each rival's final boxes may stray from its
  boxes now by more the more rounds are left; ties take the lower rank), counted twice over
  (measured: the race decides more games than its expected penalty alone says).

Normal plans a placement together with its other unplaced dice (the value of this die in this
balloon plus a discounted best use of the rest in the balloons still free), rerolls when the
expected plan after the throw beats the plan now by more than the chip is worth, and takes the
face-up card or the deck top that adds most to its hand. Easy looks at NP now and the card only,
and plays a random legal move one time in four.

Hard (``make_hard``, ``NostalgicHard``) is flat Monte Carlo over the distinct moves at hand with
common random numbers: on each sampled world (the other hands and the deck from what its seat can
see, and the future dice) every move is played and the rest of the GAME played out by Normal's
policy for every seat (``rollout_move``: the same moves as ``normal_rollout_policy``, memoised),
so the final scoring is exact; the reward is mostly winning (``final_rewards``). The moves race:
those clearly behind on the paired differences drop out, and sampling stops early once the best
move is settled. Measured against three Normals, 400 seat-rotated 4-player games: the former
Hard (``make_ismcts``: UCB over the moves, each playout ending at the round's end with estimated
final NP) won 29.6 % at 600 iterations a move; this one 37.2 % of 1,600 games (seeds 3-6) at
its 1 s budget. The generic ISMCTS, whose shared tree lets the other seats answer with untried
random moves, played no better than Normal here.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from game.ai.ismcts import IsmctsAgent
from game.ai.paired import RaceRules, RacingHard
from game.rules.nostalgic import (
    BOARD,
    BOX_BONUS,
    DECK,
    DECK_SOURCE,
    FACE_UP,
    MAX_BOXES,
    PHASE_OVER,
    PHASE_TAKE,
    RANK_PENALTY,
    Balloon,
    NostalgicAction,
    NostalgicObservation,
    NostalgicRules,
    NostalgicState,
    box_bonus,
    is_wild,
    pair_bonus,
    place,
    set_points,
    take,
)

_TYPES = ("T", "P", "L", "W")


def _counts(cards: Sequence[str]) -> tuple[int, int, int, int]:
    """(toys, photos, letters, wilds) of some cards."""
    t = p = l = w = 0
    for card in cards:
        if is_wild(card):
            w += 1
        elif card == "T":
            t += 1
        elif card == "P":
            p += 1
        else:
            l += 1
    return t, p, l, w


@lru_cache(maxsize=65536)
def _points(counts: tuple[int, int, int, int]) -> int:
    """Set points of a hand given by its counts."""
    t, p, l, w = counts
    return set_points(["T"] * t + ["P"] * p + ["L"] * l + ["TW"] * w)


def _plus(counts: tuple[int, int, int, int], index: int) -> tuple[int, int, int, int]:
    """``counts`` with one more card of type ``index`` (0-3: T, P, L, W)."""
    items = list(counts)
    items[index] += 1
    return items[0], items[1], items[2], items[3]


@lru_cache(maxsize=65536)
def hand_value(counts: tuple[int, int, int, int], pool: tuple[int, int, int, int], more: float) -> float:
    """What a hand is worth at the end: its set points now, blended (weight ``more``, the chance of
    one more card) with its expected set points after one card drawn from ``pool``."""
    now = _points(counts)
    total = sum(pool)
    if more <= 0.0 or total == 0:
        return float(now)
    expected = sum(pool[index] * _points(_plus(counts, index)) for index in range(4) if pool[index]) / total
    return (1.0 - more) * now + more * expected


def card_gain(hand: tuple[int, int, int, int], card: str, pool: tuple[int, int, int, int], more: float) -> float:
    """What ``card`` adds to the hand's value."""
    index = 3 if is_wild(card) else "TPL".index(card)
    return hand_value(_plus(hand, index), pool, more) - hand_value(hand, pool, more)


def deck_gain(hand: tuple[int, int, int, int], pool: tuple[int, int, int, int], more: float) -> float:
    """The expected gain of the deck's top card, drawn from the unseen cards ``pool``."""
    total = sum(pool)
    if total == 0:
        return 0.0
    base = hand_value(hand, pool, more)
    return sum(
        pool[index] * (hand_value(_plus(hand, index), pool, more) - base) for index in range(4) if pool[index]
    ) / total


def expected_penalty(mine: float, others: Sequence[float], spread: float, players: int) -> float:
    """Expected box-rank penalty (negative) when my final boxes are about ``mine`` and the rivals'
    about ``others``, each comparison uncertain by ``spread`` boxes; ties take the lower rank."""
    table = RANK_PENALTY[players]
    # probability that each rival ends with at least as many boxes as me
    chances = []
    for theirs in others:
        gap = theirs - mine
        if spread <= 0.0:
            chances.append(1.0 if gap >= 0 else 0.0)
        else:
            chances.append(min(1.0, max(0.0, 0.5 + (gap + 0.5) / (2.0 * spread))))
    # the number of rivals at or above me (a Poisson-binomial over at most three rivals)
    dist = [1.0]
    for chance in chances:
        grown = [0.0] * (len(dist) + 1)
        for count, weight in enumerate(dist):
            grown[count] += weight * (1.0 - chance)
            grown[count + 1] += weight * chance
        dist = grown
    return sum(weight * table[count] for count, weight in enumerate(dist))


def _unseen_pool(observation: NostalgicObservation) -> tuple[int, int, int, int]:
    """Counts by type of the cards the seat cannot see (the deck and the hidden hand cards)."""
    pool = list(DECK)
    seen = [*observation.hand, *observation.discard, *(card for card in observation.row if card)]
    for seat, cards in enumerate(observation.known):
        if seat != observation.seat:
            seen.extend(cards)
    for card in seen:
        pool.remove(card)
    return _counts(pool)


# ----- the Normal heuristic ----------------------------------------------------------------
@dataclass(frozen=True)
class NormalWeights:
    """The knobs of the Normal heuristic, in NP."""

    rest_discount: float = 0.8  # a later die's planned balloon may be gone by then
    chip_option: float = 1.0  # a chip's worth beyond its 1 NP at the end, while dice remain to throw
    reroll_margin: float = 0.4  # expected gain a reroll must beat (besides the chip)
    card_more: float = 0.55  # chance per remaining round of getting another card later
    # share of the expected box-rank change counted (measured against three Normals at 1.0, 300
    # games each: 0.6 won 9%, 1.4 33%, 1.8 36%, 2.5 36%, 3.5 30%)
    race_weight: float = 2.0
    race_spread: float = 1.2  # how far, in boxes, a rival's final count may stray per round left
    track_ahead: float = 0.35  # share of the next box-track steps counted per box of progress


@dataclass
class _View:
    """What the valuations read off an observation, computed once per decision."""

    seat: int
    players: int
    rounds_left: int  # rounds after this one in this game
    hand: tuple[int, int, int, int]
    pool: tuple[int, int, int, int]
    more: float  # chance of another card after this one
    boxes: tuple[int, ...]
    chip_supply: int
    row: tuple[str | None, ...]
    deck_count: int
    last_round: bool


def make_view(observation: NostalgicObservation, weights: NormalWeights) -> _View:
    """Digest an observation for the valuations."""
    rounds_left = observation.players - 1 - observation.round
    seat = observation.seat
    dice_left = sum(1 for where in observation.placed[seat] if not where) if observation.placed else 0
    # another card later: in later rounds, or with another die still to place in this one
    chances = rounds_left + (0.5 if dice_left > 1 else 0.0)
    more = min(0.9, weights.card_more * chances)
    return _View(
        seat=seat,
        players=observation.players,
        rounds_left=rounds_left,
        hand=_counts(observation.hand),
        pool=_unseen_pool(observation),
        more=more,
        boxes=observation.boxes,
        chip_supply=observation.chip_supply,
        row=observation.row,
        deck_count=observation.deck_count,
        last_round=rounds_left == 0,
    )


def best_take_gain(view: _View) -> tuple[float, int]:
    """The best card to take now: (gain, source) over the face-up cards and the deck top."""
    best, source = -1.0, -1
    for slot, card in enumerate(view.row):
        if card is not None:
            gain = card_gain(view.hand, card, view.pool, view.more)
            if gain > best:
                best, source = gain, slot
    if view.deck_count:
        gain = deck_gain(view.hand, view.pool, view.more)
        if gain > best:
            best, source = gain, DECK_SOURCE
    return max(best, 0.0), source


def box_value(view: _View, count: int, weights: NormalWeights) -> float:
    """NP-equivalent of packing ``count`` more boxes now: track steps, steps ahead, box race."""
    return _box_value(view.boxes, view.seat, view.players, view.rounds_left, count, weights)


@lru_cache(maxsize=65536)
def _box_value(boxes: tuple[int, ...], seat: int, players: int, rounds_left: int, count: int,
               weights: NormalWeights) -> float:
    """``box_value`` from its inputs (cached: searches ask the same few questions again and again)."""
    before = boxes[seat]
    after = min(MAX_BOXES, before + count)
    if after == before:
        return 0.0
    value = float(box_bonus(before, after))
    value += weights.track_ahead * (_track_ahead(after, rounds_left) - _track_ahead(before, rounds_left))
    spread = 1.0 + weights.race_spread * rounds_left
    others = [boxes[other] for other in range(players) if other != seat]
    race = expected_penalty(after, others, spread, players)
    race -= expected_penalty(before, others, spread, players)
    return value + weights.race_weight * race


def _track_ahead(boxes: int, rounds_left: int) -> float:
    """The next box-track step's bonus, scaled by how close it is (0 when out of reach)."""
    for step, bonus in BOX_BONUS.items():
        if step > boxes:
            gap = step - boxes
            reach = 2 * (rounds_left + 1)  # at most two boxes a die, about one die a round for packing
            return bonus / gap if gap <= reach else 0.0
    return 0.0


def chip_value(view: _View, dice_after: int, weights: NormalWeights) -> float:
    """A reroll chip: 1 NP at the end, plus an option while dice remain to be thrown."""
    option = weights.chip_option if (view.rounds_left > 0 or dice_after > 0) else 0.0
    return 1.0 + option


def placement_value(view: _View, value: int, balloon: Balloon, dice_after: int, weights: NormalWeights,
                    take_gain: float) -> float:
    """NP-equivalent of putting a die showing ``value`` into ``balloon``."""
    gain = float(value if balloon.np_die else balloon.np)
    if balloon.boxes:
        gain += box_value(view, balloon.boxes, weights)
    if balloon.chip and view.chip_supply > 0:
        gain += chip_value(view, dice_after, weights)
    if balloon.card:
        gain += take_gain
    return gain


def plan_value(view: _View, values: Sequence[int], free: Sequence[Balloon], weights: NormalWeights,
               take_gain: float) -> tuple[float, int, str]:
    """The best (value, die position in ``values``, balloon id) for placing one of ``values`` now,
    counting a discounted best use of the other dice in the balloons left free."""
    best = (-1e9, -1, "")
    for total, index, balloon_id in placement_plans(view, values, free, weights, take_gain):
        if total > best[0]:
            best = (total, index, balloon_id)
    return best


def placement_plans(view: _View, values: Sequence[int], free: Sequence[Balloon], weights: NormalWeights,
                    take_gain: float) -> list[tuple[float, int, str]]:
    """(plan value, die position, balloon id) of every distinct placement now (a value in a
    balloon), each counting a discounted best use of the other dice in the balloons left free."""
    plans = []
    count = len(values)
    seen: set[tuple[int, str]] = set()
    for index, value in enumerate(values):
        for balloon in free:
            if value not in balloon.accepts or (value, balloon.id) in seen:
                continue
            seen.add((value, balloon.id))
            now = placement_value(view, value, balloon, count - 1, weights, take_gain)
            rest_values = [v for i, v in enumerate(values) if i != index]
            rest_free = [b for b in free if b is not balloon or b.capacity is None]
            later = _rest_value(view, rest_values, rest_free, weights, take_gain)
            plans.append((now + weights.rest_discount * later, index, balloon.id))
    return plans


def _rest_value(view: _View, values: Sequence[int], free: Sequence[Balloon], weights: NormalWeights,
                take_gain: float) -> float:
    """The best total for the remaining dice in distinct free balloons (the ∞ one takes all)."""
    if not values:
        return 0.0
    if len(values) == 1:
        return max(placement_value(view, values[0], b, 0, weights, take_gain) for b in free if values[0] in b.accepts)
    best = -1e9
    first, second = values[0], values[1]
    for a in free:
        if first not in a.accepts:
            continue
        va = placement_value(view, first, a, 1, weights, take_gain)
        for b in free:
            if second not in b.accepts or (b is a and b.capacity is not None):
                continue
            total = va + placement_value(view, second, b, 0, weights, take_gain)
            best = max(best, total)
    return best


def _free_balloons(observation: NostalgicObservation) -> list[Balloon]:
    """The balloons with room now."""
    occupancy = dict(observation.occupancy)
    return [b for b in BOARD if b.capacity is None or occupancy.get(b.id, 0) < b.capacity]


class NostalgicNormal:
    """Normal: plans its dice together, weighs NP now against sets and the box race, rerolls when
    the expected plan gain beats the chip, takes the card that adds most to its sets."""

    name = "normal"

    def __init__(self, weights: NormalWeights | None = None) -> None:
        self.weights = weights or NormalWeights()

    def choose(self, observation: NostalgicObservation, legal: Sequence[NostalgicAction], rng: random.Random,
               budget: float) -> NostalgicAction:
        """The best legal action by the valuations above."""
        if len(legal) == 1:
            return legal[0]
        view = make_view(observation, self.weights)
        if observation.phase == PHASE_TAKE:
            return self._take(view, legal)
        return self._place_or_reroll(observation, view, legal)

    @staticmethod
    def _take(view: _View, legal: Sequence[NostalgicAction]) -> NostalgicAction:
        """The face-up card or deck top that adds most (ties: the first listed)."""
        _, source = best_take_gain(view)
        for action in legal:
            if action.source == source:
                return action
        return legal[0]

    def _place_or_reroll(self, observation: NostalgicObservation, view: _View,
                         legal: Sequence[NostalgicAction]) -> NostalgicAction:
        """Place by the plan, unless a reroll is expected to improve the plan enough."""
        seat = observation.seat
        weights = self.weights
        indices = [i for i, where in enumerate(observation.placed[seat]) if not where]
        values = [observation.dice[seat][i] for i in indices]
        free = _free_balloons(observation)
        take_gain = best_take_gain(view)[0]
        value, position, balloon = plan_value(view, values, free, weights, take_gain)
        rerolls = [action for action in legal if action.kind == "reroll"]
        if rerolls:
            best_reroll, best_gain = None, weights.reroll_margin + chip_value(view, len(values), weights)
            for action in rerolls:
                gain = self._reroll_gain(view, observation, action, indices, values, free, take_gain) - value
                if gain > best_gain:
                    best_reroll, best_gain = action, gain
            if best_reroll is not None:
                return best_reroll
        wanted = (indices[position], balloon)
        for action in legal:
            if action.kind == "place" and (action.die, action.balloon) == wanted:
                return action
        return legal[0]

    def _reroll_gain(self, view: _View, observation: NostalgicObservation, action: NostalgicAction,
                     indices: list[int], values: list[int], free: list[Balloon], take_gain: float) -> float:
        """Expected plan value after throwing the action's dice again (with its double bonus)."""
        positions = [indices.index(die) for die in action.dice]
        kept = [v for i, v in enumerate(values) if i not in positions]
        triple = bool(observation.options.get("triple"))
        total = 0.0
        outcomes = 0
        for thrown in itertools.product(range(1, 7), repeat=len(positions)):
            # a throw and its mirror images give the same plan: only sorted throws, weighted
            if list(thrown) != sorted(thrown):
                continue
            weight = _arrangements(thrown)
            plan = plan_value(view, kept + list(thrown), free, self.weights, take_gain)[0]
            total += weight * (plan + pair_bonus(thrown, triple))
            outcomes += weight
        return total / outcomes


@lru_cache(maxsize=256)
def _arrangements(thrown: tuple[int, ...]) -> int:
    """How many ordered throws give this sorted throw."""
    return len(set(itertools.permutations(thrown)))


class NostalgicEasy:
    """Easy: NP now plus the card it would take, no plan, no box race; a random move one time in
    four; rerolls only a weak single die now and then."""

    name = "easy"
    random_share = 0.25

    def choose(self, observation: NostalgicObservation, legal: Sequence[NostalgicAction], rng: random.Random,
               budget: float) -> NostalgicAction:
        """A simple greedy move, or a random one."""
        if len(legal) == 1:
            return legal[0]
        if rng.random() < self.random_share:
            return legal[rng.randrange(len(legal))]
        view = make_view(observation, NormalWeights())
        if observation.phase == PHASE_TAKE:
            return NostalgicNormal._take(view, legal)
        seat = observation.seat
        dice = observation.dice[seat]
        take = best_take_gain(view)[0]
        best, best_value = legal[0], -1e9
        for action in legal:
            if action.kind != "place":
                continue
            balloon = _BALLOONS[action.balloon]
            value = float(dice[action.die] if balloon.np_die else balloon.np)
            value += 1.5 * balloon.boxes + (1.0 if balloon.chip and view.chip_supply else 0.0)
            value += take if balloon.card else 0.0
            if value > best_value:
                best, best_value = action, value
        if best_value < 2.5 and rng.random() < 0.5:
            for action in legal:
                if action.kind == "reroll" and len(action.dice) == 1:
                    return action
        return best


_BALLOONS = {balloon.id: balloon for balloon in BOARD}


# ----- the rollout policy ------------------------------------------------------------------------
ROLL_RANDOM = 0.1  # share of uniformly random placements in a playout


def rollout_policy(rules: NostalgicRules, state: NostalgicState, seat: int, legal: list[NostalgicAction],
                   rng: random.Random) -> NostalgicAction:
    """A cheap greedy move for playouts: take the face-up card that completes most sets (else the
    deck); place the die with the most NP now, counting boxes at their track step plus a rank
    bonus when it passes a rival, a card at 2 NP, a chip at 1.5 NP; never reroll; a random
    placement one time in ten."""
    if len(legal) == 1:
        return legal[0]
    if state.phase == PHASE_TAKE:
        return _roll_take(state, seat, legal)
    if rng.random() < ROLL_RANDOM:
        places = [action for action in legal if action.kind == "place"]
        return places[rng.randrange(len(places))]
    dice = state.dice[seat]
    boxes = state.boxes
    mine = boxes[seat]
    supply = state.chip_supply
    best, best_value = legal[0], -1e9
    for action in legal:
        if action.kind != "place":
            break  # rerolls come after every placement
        balloon = _BALLOONS[action.balloon]
        value = float(dice[action.die] if balloon.np_die else balloon.np)
        if balloon.boxes:
            after = min(MAX_BOXES, mine + balloon.boxes)
            value += box_bonus(mine, after) + 1.2 * (after - mine)
            value += 2.5 * sum(1 for other, theirs in enumerate(boxes) if other != seat and mine <= theirs < after)
        if balloon.chip and supply:
            value += 1.5
        if balloon.card:
            value += 2.0
        if value > best_value:
            best, best_value = action, value
    return best


def _roll_take(state: NostalgicState, seat: int, legal: list[NostalgicAction]) -> NostalgicAction:
    """The face-up card that raises the set points most; the deck when none does."""
    hand = _counts(state.hands[seat])
    base = _points(hand)
    best, best_gain = None, 0
    row = state.row
    for action in legal:
        if action.source < FACE_UP:
            card = row[action.source]
            gain = _points(_plus(hand, 3 if is_wild(card) else "TPL".index(card))) - base  # type: ignore[arg-type]  # a legal take from the row names a card there
            if gain > best_gain:
                best, best_gain = action, gain
    if best is not None:
        return best
    return legal[-1]  # the deck when it has cards (listed last), else a face-up card


def state_view(state: NostalgicState, seat: int, weights: NormalWeights) -> _View:
    """The valuations' view of a full state (in a search), with the deck as the unseen pool."""
    rounds_left = state.players - 1 - state.round
    dice_left = state.placed[seat].count("")
    more = min(0.9, weights.card_more * (rounds_left + (0.5 if dice_left > 1 else 0.0)))
    return _View(
        seat=seat,
        players=state.players,
        rounds_left=rounds_left,
        hand=_counts(state.hands[seat]),
        pool=_counts(state.deck),
        more=more,
        boxes=tuple(state.boxes),
        chip_supply=state.chip_supply,
        row=tuple(state.row),
        deck_count=len(state.deck),
        last_round=rounds_left == 0,
    )


_NORMAL_WEIGHTS = NormalWeights()


def normal_rollout_policy(rules: NostalgicRules, state: NostalgicState, seat: int, legal: list[NostalgicAction],
                          rng: random.Random) -> NostalgicAction:
    """Normal's placement plan and card choice read off a full state, without rerolls: the
    playout policy of Hard."""
    if len(legal) == 1:
        return legal[0]
    view = state_view(state, seat, _NORMAL_WEIGHTS)
    if state.phase == PHASE_TAKE:
        return NostalgicNormal._take(view, legal)
    placed = state.placed[seat]
    indices = [index for index, where in enumerate(placed) if not where]
    values = [state.dice[seat][index] for index in indices]
    occupancy = state.occupancy
    free = [b for b in BOARD if b.capacity is None or occupancy.get(b.id, 0) < b.capacity]
    _, position, balloon = plan_value(view, values, free, _NORMAL_WEIGHTS, best_take_gain(view)[0])
    wanted = (indices[position], balloon)
    for action in legal:
        if action.kind == "place" and (action.die, action.balloon) == wanted:
            return action
    return legal[0]


# ----- Hard: a one-move search over Normal's round play-outs ----------------------------------------
SEARCH_MORE = 0.55  # chance per round left of one more card, in the leaf estimate of a hand
SEARCH_SPREAD = 1.2  # uncertainty of a rival's final boxes per round left, in the leaf estimate
SEARCH_SCALE = 15.0  # NP margin to the best rival that counts as a sure win or loss
SEARCH_RACE = 2.0  # weight of the expected box-rank penalty in the leaf estimate
SEARCH_TRACK = 0.35  # share of the next box-track step counted per box of progress, as Normal does
SEARCH_DEPTH = 1  # actions in the tree below a sampled state; the rest of the round is played out


@dataclass(slots=True)
class NostalgicSearchState(NostalgicState):
    """A sampled state that counts the actions search has played on it since it was sampled."""

    steps: int = 0


class NostalgicSearchRules(NostalgicRules):
    """The rules as Hard's search sees them; only ``make_hard``'s agent uses them.

    * ``legal_actions`` lists each distinct choice once: two dice showing the same value placed
      in the same balloon, or rerolls of dice showing the same values, are the same move;
    * a sampled state is a search leaf ``SEARCH_DEPTH`` actions after it was sampled: a shared
      tree below that would let the other seats answer with untried (random) moves. So the tree
      holds the choice at hand, and ``search_rewards`` plays the rest of the round out with
      Normal's policy for every seat (``normal_rollout_policy``) and estimates every seat's final
      NP there (``estimate_totals``: NP now, chips, the hand's sets with the chance of more cards,
      the expected box-rank penalty counted twice and the next box-track step, as Normal weighs
      them; measured against three Normals at 100 iterations a move: the penalty once won 23% of
      60 games, twice 36% of 200, 2.6 times 27% of 200); at the end of the game the NP are exact.
    """

    state_class = NostalgicSearchState

    def legal_actions(self, state: NostalgicState, seat: int) -> list[NostalgicAction]:
        """The rules' legal actions without duplicate moves."""
        actions = super().legal_actions(state, seat)
        if state.phase == PHASE_TAKE or len(actions) < 2:
            return actions
        values = state.dice[seat]
        seen: set[tuple] = set()
        distinct = []
        for action in actions:
            if action.kind == "place":
                key: tuple = (action.balloon, values[action.die])
            else:
                key = ("reroll", tuple(sorted(values[index] for index in action.dice)))
            if key not in seen:
                seen.add(key)
                distinct.append(action)
        return distinct

    def advance(self, state: NostalgicSearchState, seat: int, action: NostalgicAction) -> None:  # type: ignore[override]  # only its own search states
        """The unchecked transition, counted toward the search depth."""
        self._perform(state, seat, action, None)
        state.steps += 1

    def is_search_leaf(self, state: NostalgicSearchState) -> bool:  # type: ignore[override]  # only its own search states
        """The end of the game, or ``SEARCH_DEPTH`` actions below the sampled state."""
        return state.phase == PHASE_OVER or state.steps >= SEARCH_DEPTH

    def search_epoch(self, state: NostalgicState) -> int:
        """The rounds begun so far, over both games."""
        return len(state.records) * 8 + state.round

    def search_rewards(self, state: NostalgicState) -> tuple[float, ...]:
        """Play the round out with Normal's policy (on a copy), then rank and margin (as the rules'
        rewards) on the estimated final NP."""
        if state.phase != PHASE_OVER:
            state = self.clone(state)
            self.finish_round(state)
        estimates = estimate_totals(state)
        players = state.players
        rewards = []
        for seat in range(players):
            mine = estimates[seat]
            rival = max(estimates[other] for other in range(players) if other != seat)
            better = sum(1 for other in range(players) if other != seat and estimates[other] > mine)
            margin = max(-1.0, min(1.0, (mine - rival) / SEARCH_SCALE))
            rewards.append(0.5 * (players - 1 - better) / (players - 1) + 0.25 * (margin + 1.0))
        return tuple(rewards)

    def finish_round(self, state: NostalgicState) -> None:
        """Every seat plays ``normal_rollout_policy`` until the round in play has ended."""
        epoch = self.search_epoch(state)
        rng = state.rng
        while state.phase != PHASE_OVER and self.search_epoch(state) == epoch:
            seat = state.seat
            legal = NostalgicRules.legal_actions(self, state, seat)
            self._perform(state, seat, normal_rollout_policy(self, state, seat, legal, rng), None)


def estimate_totals(state: NostalgicState) -> list[float]:
    """Every seat's NP at the end of the game in play as search weighs it: NP and chips now, the
    hand's sets with the chance of more cards, the box race (``SEARCH_RACE`` times the expected
    penalty) and the next box-track step. The NP themselves once the game has been scored."""
    if state.phase == PHASE_OVER or (state.records and state.round == 0 and _just_scored(state)):
        return [float(np) for np in state.np]
    players = state.players
    rounds_left = players - state.round  # including the round just begun
    more = min(0.9, SEARCH_MORE * rounds_left)
    pool = _counts(state.deck + [card for card in state.row if card])
    spread = 1.0 + SEARCH_SPREAD * rounds_left
    boxes = state.boxes
    totals: list[float] = []
    for seat in range(players):
        others = [boxes[other] for other in range(players) if other != seat]
        value: float = state.np[seat] + state.chips[seat]
        value += hand_value(_counts(state.hands[seat]), pool, more)
        value += SEARCH_RACE * expected_penalty(boxes[seat], others, spread, players)
        value += SEARCH_TRACK * _track_ahead(boxes[seat], rounds_left - 1)
        totals.append(value)
    return totals


def _just_scored(state: NostalgicState) -> bool:
    """True right after a game's final scoring (the next game was just set up): the NP are final
    for the game that ended, and nothing of the new one counts yet but its opening doubles."""
    untouched = not any(where for placed in state.placed for where in placed)
    return untouched and state.np_at_game_start == list(state.records[-1].totals)


SEARCH_RULES = NostalgicSearchRules()

# ----- Hard: flat Monte Carlo to the end of the game with common random numbers ------------------------
HARD_WIN = 0.8  # share of a playout's reward for winning (a shared win split)
HARD_MARGIN = 0.2  # share for the NP margin to the best rival (clipped at HARD_SCALE)
HARD_SCALE = 20.0
# Hard stops early from 24 samples on, checking every 8, once the leader is 3 standard errors ahead
# of each other candidate or surely within 0.005 of it; from 16 samples on, checking every 8,
# candidates 3 standard errors behind the leader leave the race. (Over 40 positions, 6 decisions
# each at 1,200 playouts, against 1,500 samples of every candidate: mean regret 0.0008 of the
# reward (898 playouts on average); leaving at 2 errors from 8 samples 0.0013, never leaving 0.0015,
# all 1,200 playouts without a race 0.0015, stricter (4 errors, within 0.002) 0.0010; three times the
# cap, 3,600, 0.0006 at 2,003 playouts: tools/nostalgic_regret.py.)
HARD_RACE = RaceRules(settle_from=24, settle_every=8, settle_z=3.0, settle_equal=0.005,
                      drop_from=16, drop_every=8, drop_z=3.0)


def final_rewards(scores: Sequence[float], seat: int) -> float:
    """What a finished playout is worth to ``seat``: mostly winning (split when shared), then the
    NP margin to the best rival, which keeps a near miss above a rout. (A share for the rivals
    beaten, 0.2 of the reward, won less: it pays for second place, not for the win.)"""
    mine = scores[seat]
    best = max(score for other, score in enumerate(scores) if other != seat)
    if mine > best:
        win = 1.0
    elif mine == best:
        win = 1.0 / (1 + sum(1 for other, score in enumerate(scores) if other != seat and score == mine))
    else:
        win = 0.0
    margin = max(-1.0, min(1.0, (mine - best) / HARD_SCALE))
    return HARD_WIN * win + HARD_MARGIN * 0.5 * (margin + 1.0)


class NostalgicHard(RacingHard):
    """Hard: flat Monte Carlo over the distinct moves at hand with common random numbers.

    Each sample is one determinization (the hidden hands and the deck from what the seat can see,
    the state's rng reseeded: the future dice); on that same sample every candidate is played and
    the rest of the game played out by Normal's policy for every seat (``normal_rollout_policy``),
    so candidates are compared on the same cards and the same dice, not on different luck. The
    end of the game is scored exactly (chips, best sets, box rank) and rewarded by
    ``final_rewards``. The candidates race (``game.ai.paired.race``): those clearly behind on the
    paired differences leave, so the playouts go to the moves still in question, and sampling stops
    at the cap or the deadline, or early once the leader is settled. Candidates:
    ``NostalgicSearchRules.legal_actions`` (each distinct move once) and, for a card, each distinct
    face-up card once.

    ``max_iterations`` caps the playouts per decision (at least one sample of every candidate);
    with it and a budget of 0 a decision is reproducible from the rng alone. ``last_iterations``,
    ``last_seconds`` and ``last_values`` describe the latest decision.
    """

    def __init__(self, max_iterations: int | None = None) -> None:
        super().__init__(SEARCH_RULES, max_iterations)

    @property
    def race_rules(self) -> RaceRules:
        """``HARD_RACE``."""
        return HARD_RACE

    def candidates(self, observation: NostalgicObservation, legal: Sequence[NostalgicAction]) -> list[NostalgicAction]:
        """The legal moves with different outcomes: equal dice in the same balloon, rerolls of equal
        values and equal face-up cards are one move each."""
        values = observation.dice[observation.seat] if observation.dice else ()
        seen: set[tuple] = set()
        distinct = []
        for action in legal:
            if action.kind == "take":
                key: tuple = ("take", observation.row[action.source] if action.source < FACE_UP else None)
            elif action.kind == "place":
                key = (action.balloon, values[action.die])
            else:
                key = ("reroll", tuple(sorted(values[index] for index in action.dice)))
            if key not in seen:
                seen.add(key)
                distinct.append(action)
        return distinct

    def play(self, sample: NostalgicState, seat: int, action: NostalgicAction) -> float:
        """``action`` on a copy of ``sample``, then the rest of the game by Normal's policy (``play_out``)."""
        state = self.rules.clone(sample)
        self.rules._perform(state, seat, action, None)
        return play_out(self.rules, state, seat)


@lru_cache(maxsize=65536)
def _cached_take(hand: tuple[int, int, int, int], pool: tuple[int, int, int, int], more: float,
                 row: tuple[str | None, ...], deck_count: int) -> tuple[float, int]:
    """``best_take_gain`` from its inputs (the same few questions recur in every playout)."""
    view = _View(seat=0, players=0, rounds_left=0, hand=hand, pool=pool, more=more, boxes=(), chip_supply=0,
                 row=row, deck_count=deck_count, last_round=False)
    return best_take_gain(view)


@lru_cache(maxsize=262144)
def _cached_plan(values: tuple[int, ...], free_ids: tuple[str, ...], boxes: tuple[int, ...], seat: int,
                 rounds_left: int, supply: bool, take_gain: float) -> tuple[int, str]:
    """``plan_value``'s (die position, balloon id) from the inputs it depends on."""
    players = len(boxes)
    view = _View(seat=seat, players=players, rounds_left=rounds_left, hand=(0, 0, 0, 0), pool=(0, 0, 0, 0),
                 more=0.0, boxes=boxes, chip_supply=1 if supply else 0, row=(), deck_count=0,
                 last_round=rounds_left == 0)
    free = [_BALLOONS[balloon_id] for balloon_id in free_ids]
    _, position, balloon = plan_value(view, values, free, _NORMAL_WEIGHTS, take_gain)
    return position, balloon


_TAKE_ACTIONS = {source: take(source) for source in range(FACE_UP + 1)}


def fast_rollout_policy(rules: NostalgicRules, state: NostalgicState, seat: int, legal: list[NostalgicAction],
                        rng: random.Random) -> NostalgicAction:
    """``normal_rollout_policy``'s move (the same one), its valuations memoised: Hard's playouts."""
    if len(legal) == 1:
        return legal[0]
    action = rollout_move(state, seat)
    return action if action is not None and action in legal else legal[0]


def rollout_move(state: NostalgicState, seat: int) -> NostalgicAction | None:
    """The move of ``normal_rollout_policy`` for ``seat``, worked out without listing the legal
    moves (None when there is none to make)."""
    rounds_left = state.players - 1 - state.round
    placed = state.placed[seat]
    more = min(0.9, _NORMAL_WEIGHTS.card_more * (rounds_left + (0.5 if placed.count("") > 1 else 0.0)))
    deck = state.deck
    gain, source = _cached_take(_counts(state.hands[seat]), _counts(deck), more, tuple(state.row), len(deck))
    if state.phase == PHASE_TAKE:
        return _TAKE_ACTIONS[source] if source >= 0 else None
    indices = [index for index, where in enumerate(placed) if not where]
    if not indices:
        return None
    dice = state.dice[seat]
    occupancy = state.occupancy
    free_ids = tuple(b.id for b in BOARD if b.capacity is None or occupancy.get(b.id, 0) < b.capacity)
    position, balloon = _cached_plan(tuple(dice[index] for index in indices), free_ids, tuple(state.boxes), seat,
                                     rounds_left, state.chip_supply > 0, gain)
    return place(indices[position], balloon)


def play_out(rules: NostalgicRules, state: NostalgicState, seat: int) -> float:
    """Play the game in progress to its final scoring with Normal's policy for every seat (the
    state is changed) and return ``final_rewards`` for ``seat``."""
    games = len(state.records)
    rng = state.rng
    perform = rules._perform
    while state.phase != PHASE_OVER and len(state.records) == games:
        mover = state.seat
        action = rollout_move(state, mover)
        if action is None:  # cannot happen in a legal state; stay safe with the listed moves
            action = fast_rollout_policy(rules, state, mover, NostalgicRules.legal_actions(rules, state, mover), rng)
        perform(state, mover, action, None)
    return final_rewards(state.np, seat)


def make_hard() -> NostalgicHard:
    """Hard: ``NostalgicHard``, flat Monte Carlo to the end of the game (``make_agent`` uses it)."""
    return NostalgicHard()


def make_ismcts() -> IsmctsAgent[NostalgicRules]:
    """The former Hard: the one-move ISMCTS over ``NostalgicSearchRules`` with round play-outs and
    estimated final NP (kept for comparison)."""
    return IsmctsAgent(SEARCH_RULES, rollout_policy=normal_rollout_policy)


def make(level: str) -> NostalgicNormal | NostalgicEasy:
    """The Nostalgic agent of ``level`` ("easy" or "normal")."""
    if level == "easy":
        return NostalgicEasy()
    if level == "normal":
        return NostalgicNormal()
    raise ValueError(f"nostalgic has no heuristic level {level!r}; use easy or normal")
