"""Noaron's guided first deal (seed 1): yaku and zatsu, the three parts of a turn (take two,
discard two neighbours, insert the pair), the score card, declaring and the settlement."""

from __future__ import annotations

from game.tutorials import Step, Tutorial

TUTORIAL = Tutorial(
    game="noaron",
    players=2,
    seed=1,
    steps=(
        Step("tutorial.noaron.aim", spots=("hand",)),
        Step("tutorial.noaron.yaku", spots=("hand", "score")),
        Step("tutorial.noaron.take", expect="take deck", wrong="tutorial.noaron.take_wrong"),
        Step("tutorial.noaron.discard", expect="discard 5", wrong="tutorial.noaron.discard_wrong"),
        Step("tutorial.noaron.insert", expect="insert 9", wrong="tutorial.noaron.insert_wrong"),
        Step("tutorial.noaron.score", spots=("score",)),
        Step("tutorial.noaron.declare", expect="declare", wrong="tutorial.noaron.declare_wrong"),
        Step("tutorial.noaron.stakes", spots=("stakes",)),
    ),
)
