"""The paired comparison shared by the flat Monte Carlo Hards (game.ai.paired)."""

from __future__ import annotations

import random

from game.ai.paired import RaceRules, clearly_behind, leader_settled, race, race_limits


def test_clearly_behind_drops_only_candidates_the_paired_differences_condemn() -> None:
    rng = random.Random(5)
    luck = [rng.random() for _ in range(40)]
    leader = [value + 0.10 for value in luck]
    worse = [value + 0.02 * (index % 3) for index, value in enumerate(luck)]  # behind on every sample
    close = [value + 0.10 + (0.05 if index % 2 else -0.05) for index, value in enumerate(luck)]  # even on average
    rewards = [worse, leader, close]
    assert clearly_behind(rewards, [0, 1, 2], 2.0) == [0]
    assert clearly_behind(rewards, [1, 2], 2.0) == []
    assert clearly_behind([leader, leader], [0, 1], 2.0) == []  # equals never drop each other


def test_leader_settled_waits_for_a_clear_or_a_negligible_difference() -> None:
    rng = random.Random(6)
    luck = [rng.random() for _ in range(40)]
    noisy = [value + (0.3 if index % 2 else -0.3) for index, value in enumerate(luck)]
    assert leader_settled([[value + 0.1 for value in luck], luck], 3.0, 0.0)
    assert not leader_settled([noisy, luck], 3.0, 0.0)
    assert leader_settled([luck, list(luck)], 3.0, 0.005)  # identical: the choice hardly matters


def test_a_race_drops_the_clearly_worse_and_stops_once_one_is_left() -> None:
    rng = random.Random(7)
    offsets = [0.0, -0.3, -0.01]  # candidate 1 is far behind, 2 only a little, and noisily

    def play(luck: float, index: int) -> float:
        wobble = (0.05 if luck > 0.5 else -0.05) if index == 2 else 0.0  # the same on the same sample
        return luck + offsets[index] + wobble

    rules = RaceRules(settle_from=10_000, settle_every=1, settle_z=3.0, settle_equal=0.0,
                      drop_from=4, drop_every=2, drop_z=2.0)
    result = race(3, rng.random, play, rules, cap=300, deadline=None)
    assert 1 not in result.active and result.winner() == 0
    assert len(result.rewards[1]) < len(result.rewards[0])  # no playouts wasted on it once dropped
    assert result.playouts == sum(len(values) for values in result.rewards)
    assert result.active == [0] and len(result.rewards[2]) > len(result.rewards[1])  # 2 leaves later
    assert result.playouts < 300  # and once 0 is alone, the race ends before its cap


def test_a_race_without_dropping_plays_whole_samples_up_to_the_cap() -> None:
    rng = random.Random(8)
    rules = RaceRules(settle_from=10_000, settle_every=1, settle_z=3.0, settle_equal=0.0)
    result = race(3, rng.random, lambda luck, index: luck * (index + 1) % 1.0, rules, cap=100, deadline=None)
    assert [len(values) for values in result.rewards] == [33, 33, 33]
    assert result.active == [0, 1, 2] and result.means() == [sum(v) / 33 for v in result.rewards]


def test_race_limits_follow_the_cap_the_budget_or_the_default() -> None:
    assert race_limits(40, 3, 10.0, 0.0, 1.0) == (40, None)  # reproducible: playouts only
    assert race_limits(2, 3, 10.0, 0.0, 1.0) == (3, None)  # at least one sample of each candidate
    assert race_limits(None, 3, 10.0, 0.5, 1.0) == (None, 10.5)
    assert race_limits(None, 3, 10.0, 0.0, 1.0) == (None, 11.0)
    assert race_limits(40, 3, 10.0, 0.5, 1.0) == (40, 10.5)
