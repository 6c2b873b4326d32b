"""Paired comparison of candidate moves, for flat Monte Carlo searches (ノアロン's and Nostalgic's
Hard): every candidate is played on the same samples (common random numbers), so the per-sample
differences between two candidates are far less noisy than their rewards, and a search can stop
early once the leader is clear."""

from __future__ import annotations

from collections.abc import Sequence


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
