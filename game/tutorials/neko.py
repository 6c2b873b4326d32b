"""Neko's guided first deal (2 players, seed 1): lay your stack, the cat's blocked stack, reading
the three open stacks clockwise, the cat jumping, feeding your own stack, a falling order, and
passing (the last step: after it the AI plays on at once).

Every scripted reply changes what the table shows (a 3 on the 2, never a 2 on a 2), so a
beginner sees the opponent move."""

from __future__ import annotations

from game.tutorials import Step, Tutorial

TUTORIAL = Tutorial(
    game="neko",
    players=2,
    seed=1,
    steps=(
        Step("tutorial.neko.aim", spots=("hand",)),
        Step("tutorial.neko.base", expect="base 4", wrong="tutorial.neko.base_wrong",
             replies=((1, "base 1"),)),
        Step("tutorial.neko.cat", spots=("cat",)),
        Step("tutorial.neko.order", spots=("stack1", "stack2", "stack3")),
        Step("tutorial.neko.middle", expect="play 5@2", wrong="tutorial.neko.middle_wrong",
             replies=((1, "play 3@1"),)),
        Step("tutorial.neko.jump", spots=("cat",)),
        Step("tutorial.neko.own", expect="play 8@0", wrong="tutorial.neko.own_wrong",
             replies=((1, "play 4@2"),)),
        Step("tutorial.neko.falling", expect="play 6@0", wrong="tutorial.neko.falling_wrong",
             replies=((1, "play 2@1"),)),
        Step("tutorial.neko.end", expect="play 8@0", accept=lambda move: move in ("play 8@0", "pass"),
             wrong="tutorial.neko.end_wrong", spots=("score", "pass")),
    ),
)
