"""Hard's view of a position, for the table's Hint, the ``hint`` command and match reviews.

``advise`` answers "what would a strong player do here, and how much does each choice matter?"
from one seat's observation only, never the true state (so a hint cannot leak a hidden card):

1. **Candidates.** The game's Hard chooses a move as it would at the table; its search statistics
   (ISMCTS visit counts, or a racing Hard's mean rewards) rank the other moves it looked at.
   Normal's move and any move the caller names (``include``: the move a person made, for a
   review) join them, so at most ``CANDIDATES`` moves plus those are compared.
2. **Win chances.** The candidates race on common samples (``game.ai.paired.race``): each sample
   deals the hidden cards from the observation (``Rules.determinize``); on that same sample every
   candidate is played, then the whole match is played out by the game's playout policy for every
   seat. A candidate's value is the share of its playouts the seat wins (a shared first place
   counts as a share), and its ``points`` the seat's mean final score over them.

Moves are ranked by the evidence, not by noise: a move's ``rank`` is 1 + the number of moves that
beat it for sure (their paired difference on the common samples is more than ``EQUAL_Z`` standard
errors above zero). Moves that share a rank are *about equal* (``about_equal`` for those level with
the best); within a rank Hard's own choice comes first, then the order Hard's search gave them,
never the order of their means alone. So Hard's choice heads the list unless the playouts rate
another move better for sure (``Advice.hard_outranked``), and a hint or the ``hint`` command can
say so plainly. With ``playouts`` (a cap) and no time budget an answer depends only on the observation
and the seed, which the no-leak tests rely on.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.ai.base import make_agent
from game.ai.paired import RaceRules, race
from game.core.registry import companion, get_rules

CANDIDATES = 4  # moves compared besides the ones the caller includes
DEFAULT_BUDGET = 1.5  # seconds for one piece of advice (the Hint button, the hint command)
HARD_SHARE = 0.4  # of the budget for Hard's own decision; the rest for the win-chance race
DEFAULT_PLAYOUTS = 4000  # cap on the race's playouts when only a time budget is given
MAX_PLAYOUT_ACTIONS = 20_000  # a playout longer than this is stuck: it is scored as it stands
# The race stops early only once the leader is well clear, and never drops a candidate: every
# move listed gets a value from the same samples.
ADVICE_RACE = RaceRules(settle_from=64, settle_every=16, settle_z=3.0, settle_equal=0.01)
EQUAL_Z = 2.0  # standard errors of a paired difference under which two moves are about equal


@dataclass(frozen=True)
class MoveValue:
    """One candidate move and what the playouts made of it."""

    action: Any
    notation: str  # the rules' encode_action text
    win: float  # estimated chance (0..1) that the seat wins the match after this move
    points: float  # the seat's mean final score over the same playouts
    samples: int  # playouts behind the two estimates
    hard: bool = False  # Hard's own choice here
    rank: int = 1  # 1 + the moves that beat this one for sure; moves of one rank are about equal
    margin: float = 0.0  # half the width of the win chance's interval (EQUAL_Z standard errors)

    @property
    def about_equal(self) -> bool:
        """True when the playouts cannot tell this move from the best (it shares rank 1)."""
        return self.rank == 1

    def to_json(self) -> dict[str, Any]:
        """The move as plain data (``value`` is the win chance, ``interval`` its range)."""
        return {"move": self.notation, "value": round(self.win, 4), "points": round(self.points, 3),
                "samples": self.samples, "hard": self.hard, "rank": self.rank,
                "interval": [round(max(0.0, self.win - self.margin), 4), round(min(1.0, self.win + self.margin), 4)],
                "about_equal_to_best": self.about_equal}


@dataclass(frozen=True)
class Advice:
    """Hard's view of one seat's position: candidate moves, best first."""

    game_id: str
    seat: int
    moves: tuple[MoveValue, ...]
    seconds: float
    hard_choice: str  # notation of the move Hard itself would play
    notes: tuple[str, ...] = field(default_factory=tuple)

    @property
    def best(self) -> MoveValue:
        """The move with the best win chance."""
        return self.moves[0]

    @property
    def equal_best(self) -> tuple[MoveValue, ...]:
        """The moves the playouts cannot tell apart from the best (rank 1), best listed first."""
        return tuple(move for move in self.moves if move.rank == 1)

    @property
    def hard_outranked(self) -> bool:
        """True when the playouts rate some move better than Hard's own choice for sure."""
        hard = next((move for move in self.moves if move.hard), None)
        return hard is not None and hard.rank > 1

    def value_of(self, action: Any) -> MoveValue | None:
        """The entry of ``action`` (None when it was not compared)."""
        return next((move for move in self.moves if move.action == action), None)

    def to_json(self) -> dict[str, Any]:
        """The advice as plain data, best first (``hint --json``)."""
        return {"game": self.game_id, "seat": self.seat, "hard": self.hard_choice,
                "hard_outranked": self.hard_outranked, "about_equal": [move.notation for move in self.equal_best],
                "seconds": round(self.seconds, 3), "moves": [move.to_json() for move in self.moves]}


def standard_error(values: Sequence[float]) -> float:
    """The standard error of the mean of ``values`` (0 with fewer than two)."""
    count = len(values)
    if count < 2:
        return 0.0
    mean = sum(values) / count
    return (sum((value - mean) ** 2 for value in values) / (count - 1) / count) ** 0.5


def beats_for_sure(first: Sequence[float], second: Sequence[float], z: float = EQUAL_Z) -> bool:
    """True when ``first`` beats ``second`` on their common samples by more than ``z`` standard
    errors of the paired difference (``first[s]`` and ``second[s]`` played on one sample ``s``)."""
    count = min(len(first), len(second))
    if count < 2:
        return False
    differences = [a - b for a, b in zip(first[:count], second[:count])]
    mean = sum(differences) / count
    return mean > 0 and mean > z * standard_error(differences)


def evidence_ranks(rewards: Sequence[Sequence[float]], z: float = EQUAL_Z) -> list[int]:
    """Each candidate's rank by the evidence: 1 + the candidates that beat it for sure
    (``beats_for_sure``). Candidates the samples cannot tell apart share a rank."""
    return [1 + sum(1 for other in range(len(rewards)) if other != index and beats_for_sure(rewards[other], rewards[index], z))
            for index in range(len(rewards))]


def playout_policy(game_id: str) -> Callable[..., Any]:
    """The policy every seat follows in the advice playouts: the game's ``advice_policy`` when it
    has one (a cheaper one for whole matches), else its Normal-like playout policy
    (``normal_rollout_policy``), else its ``rollout_policy``."""
    module = companion(game_id, "ai")
    for name in ("advice_policy", "normal_rollout_policy", "rollout_policy"):
        policy = getattr(module, name, None)
        if policy is not None:
            return policy
    raise LookupError(f"game.ai.{game_id} has no playout policy")


def win_share(ranks: Sequence[int], seat: int) -> float:
    """What a finished match is worth to ``seat``: 1 for a sole first place, 1/k when k seats
    share it, 0 otherwise."""
    if ranks[seat] != 1:
        return 0.0
    return 1.0 / sum(1 for rank in ranks if rank == 1)


def play_to_end(rules: Any, state: Any, policy: Callable[..., Any], rng: random.Random) -> None:
    """Play ``state`` (changed in place) to the end of the match by ``policy`` for every seat."""
    for _ in range(MAX_PLAYOUT_ACTIONS):
        if rules.is_over(state):
            return
        seat = rules.to_move(state)[0]
        legal = rules.legal_actions(state, seat)
        rules.advance(state, seat, policy(rules, state, seat, legal, rng))


def _hard_ranking(agent: Any, legal: Sequence[Any], choice: Any) -> list[Any]:
    """The moves Hard looked at, its choice first, then by its own statistics."""
    ranked = [choice]
    statistics = getattr(agent, "root_statistics", None)
    if callable(statistics):
        visits = statistics()
        ranked += sorted((action for action in visits if action != choice),
                         key=lambda action: (-visits[action][0], -visits[action][1]))
    values = getattr(agent, "last_values", None) or {}
    ranked += sorted((action for action in values if action not in ranked), key=lambda action: -values[action])
    return [action for action in ranked if action in legal]


def candidates(game_id: str, observation: Any, legal: Sequence[Any], rng: random.Random, budget: float,
               iterations: int | None, include: Sequence[Any] = (), count: int = CANDIDATES) -> tuple[list[Any], Any]:
    """The moves worth comparing (at most ``CANDIDATES`` plus ``include``) and Hard's choice.
    Hard searches for ``budget`` seconds, or ``iterations`` when that is given."""
    hard = make_agent(game_id, "hard")
    if iterations is not None and hasattr(hard, "max_iterations"):
        hard.max_iterations = iterations
        budget = 0.0
    choice = hard.choose(observation, list(legal), rng, budget)
    normal = make_agent(game_id, "normal").choose(observation, list(legal), rng, 0.0)
    ranked: list[Any] = []
    for action in [*_hard_ranking(hard, legal, choice), normal, *legal]:
        if action not in ranked:
            ranked.append(action)
    chosen = ranked[:count]
    chosen += [action for action in include if action in legal and action not in chosen]
    return chosen, choice


def advise(game_id: str, observation: Any, legal: Sequence[Any], *, seed: int = 0,
           budget: float = DEFAULT_BUDGET, playouts: int | None = None, include: Sequence[Any] = (),
           count: int = CANDIDATES) -> Advice:
    """Hard's view of ``observation`` (one seat's, with ``legal`` its legal moves): candidate moves
    with their estimated win chances, best first. ``budget`` seconds bound it; with ``playouts``
    the race stops at that many playouts and Hard at a matching iteration cap instead (then the
    answer depends only on the observation and ``seed``). ``include`` adds moves to compare to
    the ``count`` best of Hard's (a review compares fewer, so each gets more playouts)."""
    if not legal:
        raise ValueError("no legal move to advise on")
    started = time.perf_counter()
    rules = get_rules(game_id)
    rng = random.Random(seed)
    fixed = playouts is not None
    iterations = max(50, playouts // 2) if playouts is not None else None
    moves, choice = candidates(game_id, observation, legal, rng, 0.0 if fixed else budget * HARD_SHARE,
                               iterations, include, count)
    policy = playout_policy(game_id)
    seat = observation.seat
    points: list[list[float]] = [[] for _ in moves]

    def play(sample: tuple[Any, int], index: int) -> float:
        state, playout_seed = sample
        state = rules.clone(state)
        rules.advance(state, seat, moves[index])
        play_to_end(rules, state, policy, random.Random(playout_seed))
        result = rules.result(state) if rules.is_over(state) else None
        if result is None:
            return 0.0
        points[index].append(float(result.scores[seat]))
        return win_share(result.ranks, seat)

    def draw() -> tuple[Any, int]:
        return rules.determinize(observation, rng), rng.getrandbits(32)

    # the race gets what Hard left of the budget (Hard may answer early: a single sensible move)
    deadline = None if fixed else max(time.perf_counter() + 0.05, started + budget)
    cap = playouts if playouts is not None else DEFAULT_PLAYOUTS
    outcome = race(len(moves), draw, play, ADVICE_RACE, max(cap, 2 * len(moves)), deadline)
    means = outcome.means()
    ranks = evidence_ranks(outcome.rewards)
    entries = [
        MoveValue(action, rules.encode_action(action), means[index],
                  sum(points[index]) / len(points[index]) if points[index] else 0.0,
                  len(outcome.rewards[index]), action == choice, ranks[index],
                  EQUAL_Z * standard_error(outcome.rewards[index]))
        for index, action in enumerate(moves)
    ]
    order = {id(entry): index for index, entry in enumerate(entries)}  # Hard's order (its choice first)
    entries.sort(key=lambda entry: (entry.rank, not entry.hard, order[id(entry)]))
    return Advice(game_id, seat, tuple(entries), time.perf_counter() - started, rules.encode_action(choice))
