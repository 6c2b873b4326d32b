"""Nostalgic's guided first deal (3 players, seed 3): doubles score at once, one die per turn
into a balloon of its number, Tidy-up (a card), Packing (boxes), Recall (NP), reroll chips.

The explanations come before the last die: after the person's last scripted move the AI
plays on at once (an explanation on an AI's turn would leave "thinking…" up). The chips step
glows the balloons that give a chip, not the Reroll button: with no chip it is greyed."""

from __future__ import annotations

from game.tutorials import Step, Tutorial

TUTORIAL = Tutorial(
    game="nostalgic",
    players=3,
    seed=3,
    steps=(
        Step("tutorial.nostalgic.aim", spots=("tray", "score")),
        Step("tutorial.nostalgic.board", spots=("board",)),
        Step("tutorial.nostalgic.tidy", expect="place 0 tidy34", wrong="tutorial.nostalgic.tidy_wrong"),
        Step("tutorial.nostalgic.card", expect="take 4", wrong="tutorial.nostalgic.card_wrong",
             spots=("hand",),
             replies=((1, "place 1 tidy56"), (1, "take 0"), (2, "place 0 recall_any"))),
        Step("tutorial.nostalgic.pack", expect="place 1 pack1", wrong="tutorial.nostalgic.pack_wrong",
             spots=("boxes",), replies=((1, "place 0 recall_any"), (2, "place 1 recall_any"))),
        Step("tutorial.nostalgic.chips", spots=("balloon:recall1", "balloon:recall2")),
        Step("tutorial.nostalgic.end", spots=("hand", "boxes")),
        Step("tutorial.nostalgic.recall", expect="place 2 recall_any", wrong="tutorial.nostalgic.recall_wrong",
             spots=("score",)),
    ),
)
