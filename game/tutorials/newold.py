"""NEW & OLD's guided first deal (2 players, seed 1): the box, playing on the Old zone (same
number or one higher), 6 then 1, New cards on the Old zone, revealing (when no Old card fits: the Reveal button works
then) and stage B, and what scores."""

from __future__ import annotations

from game.tutorials import Step, Tutorial

TUTORIAL = Tutorial(
    game="newold",
    players=2,
    seed=1,
    steps=(
        Step("tutorial.newold.aim", spots=("hand",)),
        Step("tutorial.newold.box", expect="box N2 O6", wrong="tutorial.newold.box_wrong",
             spots=("box",), replies=((1, "box N1 O6"),)),
        Step("tutorial.newold.zone", spots=("old",)),
        Step("tutorial.newold.same", expect="play O4", wrong="tutorial.newold.same_wrong",
             replies=((1, "play O4"),)),
        Step("tutorial.newold.higher", expect="play O5", wrong="tutorial.newold.higher_wrong",
             replies=((1, "play O6"),)),
        Step("tutorial.newold.wrap", expect="play O1", wrong="tutorial.newold.wrap_wrong",
             replies=((1, "play O2"),)),
        Step("tutorial.newold.new_card", expect="play N3", wrong="tutorial.newold.new_card_wrong",
             replies=((1, "play N3"),)),
        Step("tutorial.newold.keep", expect="play N4", wrong="tutorial.newold.keep_wrong",
             replies=((1, "play O5"),)),
        Step("tutorial.newold.reveal", expect="reveal", wrong="tutorial.newold.reveal_wrong", spots=("new",)),
        Step("tutorial.newold.score", spots=("score",)),
    ),
)
