"""How much Nostalgic's Hard loses per decision to its race settings: regret against a long
ground truth. Positions come from Normal self-play (seeded, the mover with 3+ distinct moves);
the truth plays every candidate on the same ``--truth`` samples; each race setting then decides
every position ``--reps`` times at ``--cap`` playouts. Regret = truth of the best candidate minus
truth of the chosen one, in reward units (``final_rewards``). Uses both cores.

    python tools/nostalgic_regret.py --positions 40 --reps 6      # about 15 minutes
    python tools/nostalgic_regret.py --only now --cap 3600         # one setting with three times the playouts
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from multiprocessing import get_context
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import nostalgic as ai
from game.ai.paired import RaceRules
from game.rules.nostalgic import RULES, NostalgicState

NEVER = 10**9
SETTINGS = {
    "hard (now)": ai.HARD_RACE,
    "leave at 2 errors from 8": RaceRules(settle_from=24, settle_every=8, settle_z=3.0, settle_equal=0.005,
                                          drop_from=8, drop_every=4, drop_z=2.0),
    "never leave": RaceRules(settle_from=24, settle_every=8, settle_z=3.0, settle_equal=0.005),
    "whole cap, no race": RaceRules(settle_from=NEVER, settle_every=8, settle_z=3.0, settle_equal=0.0),
    "stricter (4 errors, 0.002)": RaceRules(settle_from=32, settle_every=8, settle_z=4.0, settle_equal=0.002,
                                            drop_from=24, drop_every=8, drop_z=4.0),
}


def positions(count: int) -> list[NostalgicState]:
    """``count`` positions from seeded Normal self-play where the mover has a real choice."""
    normal = ai.NostalgicNormal()
    hard = ai.make_hard()
    found: list[NostalgicState] = []
    game = 0
    while len(found) < count:
        state = RULES.new_game(4, 500 + game)
        rng = random.Random(game)
        step = 0
        while not RULES.is_over(state):
            seat = RULES.to_move(state)[0]
            legal = RULES.legal_actions(state, seat)
            seen = RULES.observe(state, seat)
            if step % 7 == 3 and len(hard.candidates(seen, legal)) >= 3:
                found.append(RULES.clone(state))
                break
            RULES.advance(state, seat, normal.choose(seen, legal, rng, 0.0))
            step += 1
        game += 1
    return found


def truth(args: tuple[int, NostalgicState, int]) -> tuple[list[Any], list[float]]:
    """Every candidate of one position and its mean reward over ``samples`` common samples."""
    index, state, samples = args
    ai.HARD_RACE = RaceRules(settle_from=NEVER, settle_every=1, settle_z=3.0, settle_equal=0.0)
    hard = ai.make_hard()
    seat = RULES.to_move(state)[0]
    seen = RULES.observe(state, seat)
    candidates = hard.candidates(seen, RULES.legal_actions(state, seat))
    hard.max_iterations = samples * len(candidates)
    return candidates, hard._sample(seen, candidates, random.Random(10_000 + index), 0.0, 0.0).means()


def trial(args: tuple[str, int, NostalgicState, int, int]) -> tuple[str, int, Any, int]:
    """One decision of one setting: (setting, position, the move chosen, playouts used)."""
    name, index, state, rep, cap = args
    ai.HARD_RACE = SETTINGS[name]
    hard = ai.make_hard()
    hard.max_iterations = cap
    seat = RULES.to_move(state)[0]
    move = hard.choose(RULES.observe(state, seat), RULES.legal_actions(state, seat),
                       random.Random(rep * 7919 + index), 0.0)
    return name, index, move, hard.last_iterations


def main() -> None:
    """Measure and print the mean regret and playouts of each setting."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--reps", type=int, default=6)
    parser.add_argument("--truth", type=int, default=1500, help="samples of every candidate for the truth")
    parser.add_argument("--cap", type=int, default=1200, help="playouts a decision (about Hard's 1 s)")
    parser.add_argument("--only", nargs="*", default=None, help="measure only the settings whose names contain one of these words (default: all)")
    args = parser.parse_args()
    names = [name for name in SETTINGS if args.only is None or any(part in name for part in args.only)]
    started = time.perf_counter()
    states = positions(args.positions)
    with get_context("spawn").Pool(2) as pool:
        truths = pool.map(truth, [(index, state, args.truth) for index, state in enumerate(states)])
        jobs = [(name, index, state, rep, args.cap) for name in names
                for index, state in enumerate(states) for rep in range(args.reps)]
        results = pool.map(trial, jobs)
    for name in names:
        regrets, playouts = [], []
        for setting, index, move, used in results:
            if setting == name:
                candidates, means = truths[index]
                regrets.append(max(means) - means[candidates.index(move)])
                playouts.append(used)
        print(f"{name:26s} mean regret {sum(regrets) / len(regrets):.5f}   playouts {sum(playouts) / len(playouts):.0f}")
    print(f"{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
