"""That Old Wallpaper's guided first turns (2 players and Grandma, seed 1): secret numbers and
rows, the first card, a collision, placing next to the wall, gold is wild, turning a card."""

from __future__ import annotations

from game.tutorials import Step, Tutorial

TUTORIAL = Tutorial(
    game="wallpaper",
    players=2,
    seed=1,
    steps=(
        Step("tutorial.wallpaper.aim", spots=("wall",)),
        Step("tutorial.wallpaper.number", expect="play 10", wrong="tutorial.wallpaper.number_wrong",
             spots=("rows",), replies=((1, "play 5"),)),
        Step("tutorial.wallpaper.first", expect="place 54 0 0 0", wrong="tutorial.wallpaper.first_wrong",
             replies=((1, "pick 1"), (1, "place 27 0 0 0"))),
        Step("tutorial.wallpaper.collision", spots=("tokens",)),
        Step("tutorial.wallpaper.two", expect="play 8", wrong="tutorial.wallpaper.two_wrong",
             spots=("rows",), replies=((1, "play 9"), (1, "place 28 0 1 0"))),
        Step("tutorial.wallpaper.edge", expect="place 3 1 0 0", wrong="tutorial.wallpaper.edge_wrong"),
        Step("tutorial.wallpaper.turn", expect="place 67 1 -1 180", wrong="tutorial.wallpaper.turn_wrong"),
        Step("tutorial.wallpaper.score", spots=("score",)),
    ),
)
