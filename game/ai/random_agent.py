"""The Random level: a uniform choice among the legal actions (the baseline of every tournament)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any


class RandomAgent:
    """Picks uniformly among ``legal`` with the rng it is given, so a seeded run repeats."""

    name = "random"

    def choose(self, observation: Any, legal: Sequence[Any], rng: random.Random, budget: float) -> Any:
        """One legal action drawn uniformly; ``observation`` and ``budget`` are not needed."""
        if not legal:
            raise ValueError("no legal action to choose from")
        return legal[rng.randrange(len(legal))]
