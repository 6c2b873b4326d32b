"""Easy and Normal levels of ねこは上にある, and the biased rollout policy Hard plays out with.

What a move is worth in neko, from the point of view of the seat that makes it:

* a card on your own stack is a point for you; on an opponent's stack a point for them (worse
  the closer they are to first place); on an ownerless stack (2-3 players) nobody's point;
* every card played brings you closer to emptying your hand, which ends the round at once and
  takes the cat for +2; the closer you are (and the closer your rivals are), the more it is worth;
* the cat then sits on the stack just played, so the next player cannot play there, and the
  new three tops decide whether the next player can put a card on their own stack;
* a pass keeps your cards and moves the cat one stack clockwise, but the others play on and may
  empty their hands first.

The stall: with 4 players, a seat whose own stack holds the cat can only feed someone or pass,
and its pass puts the cat on the next seat's stack, which is then stuck the same way. The house
stall breaker settles it: once everyone has passed in a row, the seat to move must play if a card
fits (the rules leave no pass among its actions), so the one who began the round of passes feeds
someone. Normal likes a pass that leaves the next player stuck on their own stack (``stall``) and
otherwise weighs the pass like any play; rewarding or punishing the pass that completes the round
of passes measured no better (4 players, 2,000 matches against Normals each). Easy feeds or passes
at random; Hard decides by search.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from math import comb

from game.rules.neko import (
    CARD_VALUES,
    NOBODY,
    PASS,
    POSITIONS,
    NekoAction,
    NekoObservation,
    NekoRules,
    NekoState,
    accepts,
    playable_positions,
    position_owners,
    seat_positions,
)


# ----- weights of the Normal heuristic (in points of this round) -------------------------------
@dataclass(frozen=True)
class NormalWeights:
    """The knobs of the Normal heuristic, in points of the current round."""

    own_point: float = 1.0  # a card on my own stack
    feed_rival: float = 1.0  # a card on the stack of a rival within reach of me (or ahead)
    feed_trailer: float = 0.45  # a card on the stack of someone far behind me
    rival_reach: int = 3  # a rival is someone whose total is at least mine minus this
    progress: float = 0.35  # one card nearer to emptying my hand (+2 and the end of the round)
    progress_race: float = 0.35  # extra when I am (one of) the closest to emptying
    progress_close: float = 0.4  # extra per card below three left in hand
    next_own_play: float = 1.2  # the next player is likely to play onto their own stack
    stall: float = 0.5  # a pass that leaves the next player blocked too (the all-pass stall)
    simple_next_play: float = 0.5  # simple rules: the next player will be able to play a card


EMPTY_HAND = 100.0  # emptying the hand: always right

# ----- weights of the rollout policy --------------------------------------------------------
ROLL_OWN = 8.0
ROLL_NOBODY = 3.0
ROLL_FEED = 1.2
ROLL_PASS = 1.0


@dataclass(frozen=True)
class _View:
    """What the heuristics read off an observation, computed once per decision."""

    seat: int
    players: int
    owners: tuple[int, ...]
    tops: tuple[int, ...]
    hand: tuple[int, ...]
    hand_counts: tuple[int, ...]
    standing: tuple[int, ...]  # finished rounds plus this round's stack sizes, per seat
    unseen: tuple[int, ...]  # cards in other hands or the rest
    simple: bool  # "simple rules": only emptying the hand scores


_RULES = NekoRules()


def _view(observation: NekoObservation) -> _View:
    """Digest an observation for the heuristics."""
    players = observation.players
    owners = position_owners(players)
    totals = [sum(record.scores[seat] for record in observation.records) for seat in range(players)]
    for position, owner in enumerate(owners):
        if owner != NOBODY:
            totals[owner] += len(observation.stacks[position])
    unseen = _RULES.unseen_cards(observation)
    return _View(
        seat=observation.seat,
        players=players,
        owners=owners,
        tops=observation.tops(),
        hand=observation.hand,
        hand_counts=observation.hand_counts,
        standing=tuple(totals),
        unseen=tuple(unseen),
        simple=observation.simple,
    )


def _tops_after(tops: tuple[int, ...], action: NekoAction) -> tuple[int, ...]:
    """The four tops once ``action`` is played (a pass changes none)."""
    if action.kind != "play":
        return tops
    changed = list(tops)
    changed[action.position] = action.card
    return tuple(changed)


def _cat_after(cat: int, action: NekoAction) -> int:
    """Where the cat sits after ``action``."""
    return action.position if action.kind == "play" else (cat + 1) % POSITIONS


def own_stack_values(tops: Sequence[int], cat: int, position: int) -> tuple[int, ...]:
    """Card values that could go on the stack at ``position`` with the cat on ``cat``."""
    if position == cat:
        return ()
    positions = playable_positions(cat)
    index = positions.index(position)
    three = (tops[positions[0]], tops[positions[1]], tops[positions[2]])
    return tuple(value for value in CARD_VALUES if accepts(three, index, value))


def chance_to_hold(unseen: Sequence[int], hand_size: int, values: Sequence[int]) -> float:
    """Probability that a hand of ``hand_size`` cards drawn from ``unseen`` holds any of ``values``."""
    if not values or hand_size <= 0 or not unseen:
        return 0.0
    hits = sum(1 for card in unseen if card in values)
    total = len(unseen)
    size = min(hand_size, total)
    return 1.0 - comb(total - hits, size) / comb(total, size)


# ----- Normal ----------------------------------------------------------------------------
def _feed_cost(view: _View, owner: int, weights: NormalWeights) -> float:
    """What a point given to ``owner`` costs me: more for rivals than for trailers."""
    mine = view.standing[view.seat]
    if view.standing[owner] >= mine - weights.rival_reach:
        return weights.feed_rival
    return weights.feed_trailer


def _progress_value(view: _View, weights: NormalWeights) -> float:
    """What one card nearer to emptying my hand is worth now."""
    left = len(view.hand) - 1
    others = [count for seat, count in enumerate(view.hand_counts) if seat != view.seat]
    value = weights.progress
    if left <= min(others):
        value += weights.progress_race
    value += weights.progress_close * max(0, 3 - left)
    return value


def _next_player_threat(view: _View, cat: int, tops: tuple[int, ...]) -> float:
    """How likely the next player can then play onto their own stack."""
    nxt = (view.seat + 1) % view.players
    position = seat_positions(view.players)[nxt]
    values = own_stack_values(tops, cat, position)
    return chance_to_hold(view.unseen, view.hand_counts[nxt], values)


def _next_player_can_play(view: _View, cat: int, tops: tuple[int, ...]) -> float:
    """How likely the next player can then play a card anywhere."""
    nxt = (view.seat + 1) % view.players
    values: set[int] = set()
    for position in playable_positions(cat):
        values.update(own_stack_values(tops, cat, position))
    return chance_to_hold(view.unseen, view.hand_counts[nxt], tuple(values))


def simple_rules_value(view: _View, cat: int, action: NekoAction, weights: NormalWeights) -> float:
    """Under the simple rules only the race to empty the hand counts: play, and slow the next player."""
    value = 0.0
    if action.kind == "play":
        value += EMPTY_HAND if len(view.hand) == 1 else 1.0
    tops = _tops_after(view.tops, action)
    value -= weights.simple_next_play * _next_player_can_play(view, _cat_after(cat, action), tops)
    return value


def action_value(view: _View, cat: int, action: NekoAction, weights: NormalWeights) -> float:
    """The Normal heuristic's worth of ``action`` (higher is better)."""
    if action.kind == "base":
        return _base_value(view, action.card)
    if view.simple:
        return simple_rules_value(view, cat, action, weights)
    value = 0.0
    new_cat = _cat_after(cat, action)
    if action.kind == "play":
        if len(view.hand) == 1:
            return EMPTY_HAND
        owner = view.owners[action.position]
        if owner == view.seat:
            value += weights.own_point
        elif owner != NOBODY:
            value -= _feed_cost(view, owner, weights)
        value += _progress_value(view, weights)
    else:
        nxt = (view.seat + 1) % view.players
        if view.owners[new_cat] == nxt:
            value += weights.stall
    tops = _tops_after(view.tops, action)
    value -= weights.next_own_play * _next_player_threat(view, new_cat, tops)
    return value


def _base_value(view: _View, card: int) -> float:
    """Which card to lay as my own stack: a duplicate before a single (the hand stays varied),
    then the one nearest the middle. (Laying 1s and 8s scored better among Normals but worse
    against Random and Easy fields.)"""
    return float(view.hand.count(card)) - abs(card - 4.5) * 0.01


class NekoNormal:
    """Normal: the best action by ``action_value`` (ties broken by the rng)."""

    name = "normal"

    def __init__(self, weights: NormalWeights | None = None) -> None:
        self.weights = weights or NormalWeights()

    def choose(self, observation: NekoObservation, legal: Sequence[NekoAction], rng: random.Random,
               budget: float) -> NekoAction:
        """The highest-valued legal action."""
        if len(legal) == 1:
            return legal[0]
        view = _view(observation)
        best: list[NekoAction] = []
        best_value = float("-inf")
        for action in legal:
            value = action_value(view, observation.cat, action, self.weights)
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif value > best_value - 1e-9:
                best.append(action)
        return best[rng.randrange(len(best))] if len(best) > 1 else best[0]


# ----- Easy ------------------------------------------------------------------------------
class NekoEasy:
    """Easy: a random reasonable move. Empties the hand when it can, plays at random on its own
    or an ownerless stack when it can, otherwise feeds an opponent or passes at even odds (feeds
    when the stall breaker allows no pass)."""

    name = "easy"

    def choose(self, observation: NekoObservation, legal: Sequence[NekoAction], rng: random.Random,
               budget: float) -> NekoAction:
        """A random choice among the reasonable legal actions."""
        if len(legal) == 1:
            return legal[0]
        plays = [action for action in legal if action.kind == "play"]
        if not plays:
            return legal[rng.randrange(len(legal))]
        if len(observation.hand) == 1:
            return plays[rng.randrange(len(plays))]
        if observation.simple:  # only the race to empty the hand counts: every play is reasonable
            return plays[rng.randrange(len(plays))]
        owners = position_owners(observation.players)
        reasonable = [action for action in plays if owners[action.position] in (observation.seat, NOBODY)]
        if reasonable:
            return reasonable[rng.randrange(len(reasonable))]
        if PASS not in legal or rng.random() < 0.5:  # the stall breaker leaves no pass: feed someone
            return plays[rng.randrange(len(plays))]
        return PASS


# ----- rollouts ----------------------------------------------------------------------------
_OWNERS: dict[int, tuple[int, ...]] = {players: position_owners(players) for players in (2, 3, 4)}


def rollout_policy(rules: NekoRules, state: NekoState, seat: int, legal: list[NekoAction],
                   rng: random.Random) -> NekoAction:
    """A cheap biased random move for ISMCTS playouts: empty the hand when possible, mostly
    play on your own stack, sometimes on an ownerless one, rarely feed or pass."""
    count = len(legal)
    if count == 1:
        return legal[0]
    if state.phase != "play":
        return legal[rng.randrange(count)]
    owners = _OWNERS[state.players]
    last_card = len(state.hands[seat]) == 1
    simple = state.simple
    weights = []
    total = 0.0
    for action in legal:
        if action.kind == "pass":
            weight = ROLL_PASS
        elif last_card:
            return action
        else:
            owner = seat if simple else owners[action.position]
            weight = ROLL_OWN if owner == seat else ROLL_NOBODY if owner == NOBODY else ROLL_FEED
        total += weight
        weights.append(weight)
    pick = rng.random() * total
    for action, weight in zip(legal, weights):
        pick -= weight
        if pick < 0:
            return action
    return legal[-1]


def make(level: str) -> NekoNormal | NekoEasy:
    """The neko agent of ``level`` ("easy" or "normal")."""
    if level == "easy":
        return NekoEasy()
    if level == "normal":
        return NekoNormal()
    raise ValueError(f"neko has no heuristic level {level!r}; use easy or normal")

