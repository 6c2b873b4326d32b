"""Matches moved on by random legal actions, for the file and autosave tests."""

from __future__ import annotations

import random

from game.core.match import Match, Seat


def random_moves(match: Match, moves: int | None, seed: int) -> Match:
    """Apply up to ``moves`` random legal actions (None: to the end); the same ``match``."""
    rng = random.Random(seed)
    done = 0
    while not match.is_over() and (moves is None or done < moves):
        seat = match.to_move()[0]
        match.apply(seat, rng.choice(match.legal_actions(seat)))
        done += 1
    return match


def finished_match(seed: int = 5) -> Match:
    """A 2-seat neko match played to its end with random legal actions."""
    return random_moves(Match("neko", [Seat("human"), Seat("ai", "easy")], seed=seed), None, seed)
