"""A stand-in for ``game.ai.advice.advise`` in the review tests: it answers at once with the
win chances a test chooses, so the reviews' choices can be checked (and can fail)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.ai.advice import Advice, MoveValue
from game.ai.base import decision_seed
from game.core.match import Match


def fake_advisor(match: Match, wins: Callable[[int, Any, Any], tuple[float, float]],
                 samples: int = 400) -> Callable[..., Advice]:
    """An ``advise`` stand-in: ``wins(action index, played, other)`` gives (played move's win,
    another legal move's win), each as if from ``samples`` playouts; the index is found back
    from the seed the review passes."""
    indexes = {decision_seed(match.seed, index, entry.seat): index for index, entry in enumerate(match.log)}

    def advise(game_id: str, observation: Any, legal: list[Any], *, seed: int, budget: float,
               playouts: int | None, include: list[Any], count: int = 4) -> Advice:
        rules = match.rules
        played = include[0]
        other = next(action for action in legal if action != played)
        mine, theirs = wins(indexes[seed], played, other)
        # ranks as the paired evidence would give them: the one ahead beats the other for sure
        # when the gap exceeds two standard errors of the difference
        spread = 2 * (sum(p * (1 - p) for p in (mine, theirs)) / samples) ** 0.5
        mine_rank = 2 if theirs - mine > spread else 1
        theirs_rank = 2 if mine - theirs > spread else 1
        moves = sorted([MoveValue(played, rules.encode_action(played), mine, 0.0, samples, rank=mine_rank),
                        MoveValue(other, rules.encode_action(other), theirs, 0.0, samples, hard=True,
                                  rank=theirs_rank)],
                       key=lambda move: (move.rank, -move.win))
        return Advice(game_id, observation.seat, tuple(moves), 0.0, rules.encode_action(other))

    return advise


def steady_advisor(match: Match) -> Callable[..., Advice]:
    """Every played move at 30%, another legal move at 70%: every decision a key moment."""
    return fake_advisor(match, lambda *_: (0.3, 0.7))
