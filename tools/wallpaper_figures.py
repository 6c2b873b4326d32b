"""Figures for That Old Wallpaper's closing notes, from seeded self-play (rerunnable).

    python tools/wallpaper_figures.py hazy --players 5 --games 200 [--level normal]
        how often the 21 hazy memory cards run out, and how many are refused per game;
    python tools/wallpaper_figures.py order --players 4 --games 400
        the score gain of a free placement order for Normal: every game is played twice from
        the same seed and agent randomness, once with the AI placing (and valuing) each taken row
        top card first, as the rules used to force, and once in the order it chooses;
    python tools/wallpaper_figures.py numbers --players 4 --games 400 --seed 500
        Normal's number choice (a mixed strategy, rivals foreseen by their own values) against
        the pure choice with uniform rivals, two seats each.

Games are dealt as ``simulate`` deals them (game g from seed + g, one agent per seat, each with
its own seeded randomness), so the figures do not depend on the machine or its load.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import statistics
import sys
from collections.abc import Callable, Iterator
from typing import Any

from game.ai import wallpaper as ai
from game.ai.base import make_agent
from game.rules import wallpaper as wp
from game.tournament import play_game

Chooser = Callable[[Any, list, random.Random], Any]


def play(players: int, seed: int, choose: Chooser) -> tuple[wp.WallpaperState, int, int]:
    """One game to its end; (final state, hazy cards refused because the supply was out,
    collisions between players)."""
    rules = wp.RULES
    state = rules.new_game(players, seed)
    rngs = [random.Random(f"{seed}/{seat}") for seat in range(players)]
    refused = collisions = 0
    while not rules.is_over(state):
        seat = rules.to_move(state)[0]
        action = choose(rules.observe(state, seat), rules.legal_actions(state, seat), rngs[seat])
        for event in rules.apply(state, seat, action):
            refused += isinstance(event, wp.HazyGiven) and not event.given
            if isinstance(event, wp.NumbersRevealed):
                collisions += sum(1 for block in event.blocks
                                  if sum(1 for seat in block.seats if seat < players) > 1)
    return state, refused, collisions


def agent_chooser(level: str) -> Chooser:
    """The agent of ``level`` as a chooser."""
    agent = make_agent(wp.GAME_ID, level)

    def choose(observation: Any, legal: list, rng: random.Random) -> Any:
        return agent.choose(observation, legal, rng, 0.0)

    return choose


@contextlib.contextmanager
def forced_order() -> Iterator[None]:
    """The AI as it was while a row had to go on the wall top card first: it plans (and values
    rows) in the row's order, each card on its best cell."""
    planner = ai.plan_row
    ai.plan_row = ai.row_order_plan  # the measurement swaps in the old planner
    ai._ROW_MEMO.clear()  # row values remembered under the other planner
    try:
        yield
    finally:
        ai.plan_row = planner
        ai._ROW_MEMO.clear()


def hazy(players: int, games: int, seed: int, level: str) -> None:
    """Print how often the hazy supply runs out and the cards refused per game."""
    choose = agent_chooser(level)
    out = refused_total = collisions_total = 0
    for game in range(games):
        state, refused, collisions = play(players, seed + game, choose)
        out += state.hazy_supply == 0
        refused_total += refused
        collisions_total += collisions
    print(f"{level} self-play, {players} players, {games} games from seed {seed}: hazy supply out in "
          f"{out}/{games} = {out / games:.1%}; {refused_total / games:.2f} cards refused and "
          f"{collisions_total / games:.2f} collisions between players per game")


def order(players: int, games: int, seed: int, level: str) -> None:
    """Print the mean score per seat with the forced and the free placement order."""
    choose = agent_chooser(level)
    gains = []
    means: dict[bool, list[float]] = {False: [], True: []}
    for game in range(games):
        scores = {}
        for is_free in (False, True):
            with contextlib.nullcontext() if is_free else forced_order():
                state, _, _ = play(players, seed + game, choose)
            scores[is_free] = statistics.fmean(wp.RULES.totals(state))
            means[is_free].append(scores[is_free])
        gains.append(scores[True] - scores[False])
    spread = statistics.stdev(gains) / len(gains) ** 0.5 if len(gains) > 1 else 0.0
    print(f"{level} self-play, {players} players, {games} games from seed {seed}: mean score per seat "
          f"{statistics.fmean(means[False]):.2f} forced order, {statistics.fmean(means[True]):.2f} free order; "
          f"gain {statistics.fmean(gains):+.2f} ± {1.96 * spread:.2f} (95%)")


def numbers(players: int, games: int, seed: int, level: str) -> None:
    """Print how Normal's number choice (mixed, rivals foreseen) does against the pure choice with
    uniform rivals: half the seats each, seat-rotated as ``simulate`` rotates them."""
    new, pure = ai.WallpaperNormal(), ai.WallpaperNormal(noise=0.0, model=None)
    agents = [new if slot % 2 == 0 else pure for slot in range(players)]
    margins = []
    shares = [0.0, 0.0]
    for game in range(games):
        record = play_game(wp.GAME_ID, players, agents, [0.0] * players, game, seed)
        by_kind = [[record.scores[slot] for slot in range(players) if slot % 2 == kind] for kind in (0, 1)]
        margins.append(statistics.fmean(by_kind[0]) - statistics.fmean(by_kind[1]))
        for slot in range(players):
            shares[slot % 2] += record.win_shares[slot]
    spread = statistics.stdev(margins) / len(margins) ** 0.5 if len(margins) > 1 else 0.0
    print(f"{players} players, {games} games from seed {seed}: mixed minus pure per seat "
          f"{statistics.fmean(margins):+.2f} ± {1.96 * spread:.2f} (95%); win share mixed {shares[0] / games:.1%}, "
          f"pure {shares[1] / games:.1%}")


def main(argv: list[str] | None = None) -> int:
    """The command line (see the module docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("figure", choices=("hazy", "order", "numbers"))
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="normal")
    args = parser.parse_args(argv)
    figures = {"hazy": hazy, "order": order, "numbers": numbers}
    figures[args.figure](args.players, args.games, args.seed, args.level)
    return 0


if __name__ == "__main__":
    sys.exit(main())
