"""Nudge one knob of Nostalgic's Normal heuristic (``NormalWeights``) at a time and play the
nudged Normal against three plain ones: is Normal at a local optimum of its knobs? Every setting
plays the same seeded games (seat 0 nudged, seats rotate with the game index as in tournaments),
so settings are compared on the same dice. Uses both cores; 10,000 games take about 25 s.

    python tools/nostalgic_knobs.py --games 10000 "race_weight=2.5" "card_more=0.4"
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from multiprocessing import get_context
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.nostalgic import NormalWeights, NostalgicNormal
from game.tournament import play_game, wilson_interval


def wins(args: tuple[dict[str, float], int, int]) -> float:
    """The nudged Normal's summed win shares over games ``start`` .. ``start + count - 1``."""
    changes, start, count = args
    agents = [NostalgicNormal(dataclasses.replace(NormalWeights(), **changes))] + [NostalgicNormal() for _ in range(3)]
    return sum(play_game("nostalgic", 4, agents, [0.0] * 4, index, 7, None).win_shares[0]
               for index in range(start, start + count))


def parse(text: str) -> dict[str, float]:
    """``knob=value`` (or ``-`` for no change) as keyword changes."""
    if text == "-":
        return {}
    name, value = text.split("=")
    return {name: float(value)}


def main() -> None:
    """Print each setting's win share against three plain Normals (25 % when no better)."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("settings", nargs="*", default=["-"], help="knob=value, or - for Normal itself")
    args = parser.parse_args()
    half = args.games // 2
    with get_context("spawn").Pool(2) as pool:
        for text in args.settings:
            changes = parse(text)
            share = sum(pool.map(wins, [(changes, 0, half), (changes, half, args.games - half)])) / args.games
            interval = wilson_interval(share, args.games)
            print(f"{text:22s} {100 * share:.1f} % [{100 * interval.low:.1f}, {100 * interval.high:.1f}]", flush=True)


if __name__ == "__main__":
    main()
