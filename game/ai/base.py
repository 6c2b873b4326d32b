"""The Agent contract and the level table.

An agent is made for one game and one level and answers ``choose(observation, legal, rng,
budget)`` with one of ``legal``. It receives only the seat's observation (what that seat may
see), so it cannot cheat; search agents sample full states from it with ``Rules.determinize``.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from typing import Any, Protocol

LEVELS: tuple[str, ...] = ("random", "easy", "normal", "hard")
# Seconds a level may think per decision (search levels stop at this budget).
DEFAULT_BUDGETS: dict[str, float] = {"random": 0.0, "easy": 0.0, "normal": 0.0, "hard": 1.0}


def decision_seed(match_seed: int, log_length: int, seat: int) -> int:
    """The seed of an AI seat's decision: a function of the match's seed, how many actions were
    played and the seat, so the same position always gets the same roll (a take-back never
    rerolls the AI's luck, and a replay meets the same answers).

    A keyed hash, not arithmetic on the seed: the AI's visible moves follow from this value, and
    a linear mix would let a seat that watches them work out part of the secret seed."""
    digest = hashlib.blake2b(f"{log_length}/{seat}".encode(), key=_seed_key(match_seed), digest_size=4,
                             person=b"kotatsu-ai-move").digest()
    return int.from_bytes(digest, "big") & 0x7FFFFFFF


def _seed_key(match_seed: int) -> bytes:
    """The match seed as a BLAKE2b key (signed, so a seed and its negative differ)."""
    return match_seed.to_bytes(17, "big", signed=True)


class Agent(Protocol):
    """Anything that picks an action from an observation."""

    name: str

    def choose(self, observation: Any, legal: Sequence[Any], rng: random.Random, budget: float) -> Any:
        """One element of ``legal``, chosen within about ``budget`` seconds."""
        ...


def make_agent(game_id: str, level: str) -> Agent:
    """The agent for ``level`` of ``game_id``: random, easy/normal (the game's heuristic
    module ``game.ai.<game id>``) or hard: that module's ``make_hard()`` when it defines one (a
    search tuned to the game), else ISMCTS over the game's rules with its ``rollout_policy``."""
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r}; levels: {', '.join(LEVELS)}")
    if level == "random":
        from game.ai.random_agent import RandomAgent

        return RandomAgent()
    if level == "hard":
        from game.ai.ismcts import IsmctsAgent
        from game.core.registry import companion, get_rules

        heuristic = companion(game_id, "ai")
        make_hard = getattr(heuristic, "make_hard", None)
        if make_hard is not None:
            return make_hard()
        return IsmctsAgent(get_rules(game_id), rollout_policy=getattr(heuristic, "rollout_policy", None))
    from game.core.registry import companion

    return companion(game_id, "ai").make(level)
