"""An upper-bound experiment for ノアロン's Hard: the same search, but allowed to SEE the
opponent's hand (each sample is the true position with only the deck reshuffled), against Normal.
Not a product feature: it tells how much a perfect read of the hidden hand could be worth.
Seats alternate; the seed of game i is 1 + i. Uses both cores.

    python tools/noaron_seen_hand.py --games 400 --playouts 4000     # about 8 minutes
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import sys
from multiprocessing import get_context
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import noaron as ai
from game.rules.noaron import RULES, NoaronObservation, NoaronState, shuffle
from game.tournament import wilson_interval

_TRUE: list[NoaronState] = []  # the real position of the decision being made


def seen_hand_sample(observation: NoaronObservation, rng: random.Random) -> ai.NoaronSearchState:
    """The real position with the deck reshuffled (the one thing still hidden)."""
    true = _TRUE[-1]
    fields = {field.name: getattr(true, field.name) for field in dataclasses.fields(true)}
    sample = ai.SEARCH_RULES.clone(ai.NoaronSearchState(**fields, steps=0, viewer=observation.seat))
    sample.rng = random.Random(rng.getrandbits(64))
    shuffle(sample.deck, rng)
    return sample


def play(index: int, playouts: int) -> float:
    """Game ``index``: the seeing Hard (seat index % 2) against Normal; its win share."""
    ai.SEARCH_RULES.determinize = seen_hand_sample  # this process's search only
    state = RULES.new_game(2, 1 + index)
    hard_seat = index % 2
    hard = ai.NoaronHard(max_iterations=playouts)
    normal = ai.make("normal")
    rngs = [random.Random(f"seen/{index}/{seat}") for seat in range(2)]
    while not RULES.is_over(state):
        seat = RULES.to_move(state)[0]
        _TRUE[:] = [state]
        agent = hard if seat == hard_seat else normal
        RULES.advance(state, seat, agent.choose(RULES.observe(state, seat), RULES.legal_actions(state, seat),
                                                rngs[seat], 0.0))
    ranks = RULES.result(state).ranks
    if ranks[hard_seat] == ranks[1 - hard_seat]:
        return 0.5
    return 1.0 if ranks[hard_seat] < ranks[1 - hard_seat] else 0.0


def main() -> None:
    """Play the games and print the seeing Hard's win share with its 95 % interval."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--playouts", type=int, default=4000, help="Hard's playouts a decision")
    args = parser.parse_args()
    with get_context("spawn").Pool(2) as pool:
        shares = pool.starmap(play, [(index, args.playouts) for index in range(args.games)])
    share = sum(shares) / args.games
    interval = wilson_interval(share, args.games)
    print(f"Hard seeing the hand vs Normal: {100 * share:.1f} % [{100 * interval.low:.1f}, "
          f"{100 * interval.high:.1f}] of {args.games} games")


if __name__ == "__main__":
    main()
