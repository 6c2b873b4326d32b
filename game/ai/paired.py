"""Paired comparison of candidate moves, for flat Monte Carlo searches (ノアロン's and Nostalgic's
Hard): every candidate is played on the same samples (common random numbers), so the per-sample
differences between two candidates are far less noisy than their rewards. A search can then drop
the candidates clearly behind as it goes (a race) and stop early once the leader is clear."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from game.ai.ismcts import DEFAULT_SECONDS

Sample = TypeVar("Sample")


def leader_settled(rewards: Sequence[Sequence[float]], z: float, equal: float) -> bool:
    """True when, sample by sample, the candidate with the best mean beats each other one by more
    than ``z`` standard errors, or differs from it by less than ``equal`` for sure (then the choice
    hardly matters). ``rewards[c][s]`` is candidate ``c``'s reward on sample ``s`` (at least 2)."""
    samples = len(rewards[0])
    leader = max(range(len(rewards)), key=lambda index: sum(rewards[index]))
    best = rewards[leader]
    for index, values in enumerate(rewards):
        if index == leader:
            continue
        differences = [a - b for a, b in zip(best, values)]
        mean = sum(differences) / samples
        variance = sum((d - mean) ** 2 for d in differences) / (samples - 1)
        error = z * (variance / samples) ** 0.5
        if not (mean > error or mean + error < equal):
            return False
    return True


def clearly_behind(rewards: Sequence[Sequence[float]], active: Sequence[int], z: float) -> list[int]:
    """The candidates among ``active`` that trail the best of them by more than ``z`` standard
    errors of the paired differences: a race drops them and spends its samples on the rest.
    ``rewards[c][s]`` is candidate ``c``'s reward on sample ``s``; the active candidates share
    their first samples (at least 2). The leader itself is never returned."""
    samples = min(len(rewards[index]) for index in active)
    leader = max(active, key=lambda index: sum(rewards[index][:samples]))
    best = rewards[leader]
    behind = []
    for index in active:
        if index == leader:
            continue
        differences = [a - b for a, b in zip(best[:samples], rewards[index][:samples])]
        mean = sum(differences) / samples
        variance = sum((d - mean) ** 2 for d in differences) / (samples - 1)
        if mean > 0 and mean > z * (variance / samples) ** 0.5:
            behind.append(index)
    return behind


@dataclass(frozen=True)
class RaceRules:
    """When a race stops early and when candidates leave it (counts are samples)."""

    settle_from: int  # the race may stop early from this many samples on,
    settle_every: int  # checked this often,
    settle_z: float  # once the leader is this many standard errors ahead of each other candidate
    settle_equal: float  # or surely within this reward of it (``leader_settled``)
    drop_from: int | None = None  # candidates may leave from this many samples on (None: never),
    drop_every: int = 4  # checked this often,
    drop_z: float = 2.0  # when they trail the leader by this many standard errors (``clearly_behind``)


@dataclass
class Race:
    """A finished race: every candidate's rewards sample by sample, and those still in it."""

    rewards: list[list[float]]
    active: list[int]

    @property
    def playouts(self) -> int:
        """Candidate playouts made in all."""
        return sum(len(values) for values in self.rewards)

    def means(self) -> list[float]:
        """Each candidate's mean reward over the samples it was played on."""
        return [sum(values) / len(values) for values in self.rewards]

    def winner(self) -> int:
        """The candidate still in the race with the best mean (all of them share their samples)."""
        return max(self.active, key=lambda index: sum(self.rewards[index]))


def race(count: int, draw: Callable[[], Sample], play: Callable[[Sample, int], float], rules: RaceRules,
         cap: int | None, deadline: float | None) -> Race:
    """Play ``count`` candidates on common samples: each round ``draw()`` makes a sample and
    ``play(sample, c)`` gives candidate ``c``'s reward on it (``play`` must not change the sample),
    for every candidate still in the race. Stops when the next sample would take the playouts over
    ``cap``, at the ``deadline`` (a ``time.perf_counter`` time), when one candidate is left, or
    once the leader is settled; at least one sample is always played."""
    clock = time.perf_counter
    rewards: list[list[float]] = [[] for _ in range(count)]
    active = list(range(count))
    samples = playouts = 0
    while True:
        sample = draw()
        for index in active:
            rewards[index].append(play(sample, index))
        samples += 1
        playouts += len(active)
        if rules.drop_from is not None and samples >= rules.drop_from and samples % rules.drop_every == 0 \
                and len(active) > 1:
            dropped = set(clearly_behind(rewards, active, rules.drop_z))
            active = [index for index in active if index not in dropped]
        if cap is not None and playouts + len(active) > cap:
            break
        if deadline is not None and clock() >= deadline:
            break
        if len(active) == 1 and rules.drop_from is not None:
            break
        if samples >= rules.settle_from and samples % rules.settle_every == 0 and leader_settled(
                [rewards[index] for index in active], rules.settle_z, rules.settle_equal):
            break
    return Race(rewards, active)


def race_limits(max_iterations: int | None, count: int, started: float, budget: float,
                default_seconds: float) -> tuple[int | None, float | None]:
    """A race's playout cap and deadline from an agent's ``max_iterations`` (at least one sample
    of the ``count`` candidates) and the decision's ``budget`` seconds from ``started``; with
    neither, ``default_seconds`` bound it."""
    cap = None if max_iterations is None else max(count, max_iterations)
    if budget and budget > 0:
        return cap, started + budget
    return cap, None if cap is not None else started + default_seconds


class RacingHard:
    """A flat Monte Carlo Hard: the candidates at hand race on common samples (``race``) and the
    one still in the race with the best mean reward is played. A game's Hard says which moves are
    candidates, how one is played out on a sample (``play``), how samples are drawn (its
    ``rules.determinize``) and its ``race_rules``; it may answer at once (``shortcut``).

    ``max_iterations`` caps the playouts per decision (at least one sample of every candidate);
    with it and a budget of 0 a decision is reproducible from the rng alone. Otherwise ``budget``
    seconds bound it (``default_seconds`` when neither is given). ``last_iterations``,
    ``last_seconds`` and ``last_values`` (candidate -> mean reward) describe the latest decision."""

    name = "hard"
    default_seconds = DEFAULT_SECONDS  # the same as every searching agent's

    def __init__(self, rules: Any, max_iterations: int | None = None) -> None:
        self.rules = rules
        self.max_iterations = max_iterations
        self.last_iterations = 0
        self.last_seconds = 0.0
        self.last_values: dict[Any, float] = {}

    @property
    def race_rules(self) -> RaceRules:
        """When the race stops early and when candidates leave it."""
        raise NotImplementedError

    def candidates(self, observation: Any, legal: Sequence[Any]) -> list[Any]:
        """The legal moves worth a playout."""
        raise NotImplementedError

    def play(self, sample: Any, seat: int, action: Any) -> float:
        """``action``'s reward for ``seat`` on ``sample``, played out on a copy."""
        raise NotImplementedError

    def shortcut(self, observation: Any, legal: Sequence[Any]) -> Any | None:
        """A move to play without searching, or None (the default)."""
        return None

    def choose(self, observation: Any, legal: Sequence[Any], rng: random.Random, budget: float) -> Any:
        """The candidate still in the race with the best mean reward over the samples that fit the budget."""
        if not legal:
            raise ValueError("no legal action to choose from")
        started = time.perf_counter()
        self.last_iterations, self.last_seconds, self.last_values = 0, 0.0, {}
        answer = self.shortcut(observation, legal)
        if answer is not None:
            return answer
        candidates = self.candidates(observation, legal)
        if len(candidates) == 1:
            return candidates[0]
        result = self._sample(observation, candidates, rng, started, budget)
        self.last_iterations = result.playouts
        self.last_seconds = time.perf_counter() - started
        self.last_values = dict(zip(candidates, result.means()))
        return candidates[result.winner()]

    def _sample(self, observation: Any, candidates: list[Any], rng: random.Random, started: float,
                budget: float) -> Race:
        """The race of ``candidates`` from ``observation``, within the cap and the budget."""
        rules = self.rules
        seat = observation.seat
        cap, deadline = race_limits(self.max_iterations, len(candidates), started, budget, self.default_seconds)
        return race(len(candidates), lambda: rules.determinize(observation, rng),
                    lambda sample, index: self.play(sample, seat, candidates[index]), self.race_rules, cap, deadline)
