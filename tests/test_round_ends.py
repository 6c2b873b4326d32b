"""How rounds end, as ``simulate`` reports it: every game's reasons, read off the public events."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from game.core.registry import get_rules
from game.round_ends import READERS, RoundEnds, merged
from game.rules import neko, noaron
from game.tournament import format_report, run_tournament
from kotatsu.cli import main

REASONS = {
    "neko": {"emptied", "blocked"},
    "newold": {"last_emptied", "last_stuck"},
    "noaron": {"declared", "zero_hand", "turn_limit"},
    "nostalgic": {"dice_placed"},
    "wallpaper": {"turns_played"},
}
PLAYERS = {"neko": 4, "newold": 3, "noaron": 2, "nostalgic": 3, "wallpaper": 2}


def rounds_of(game_id: str, state: Any) -> int:
    """How many rounds a finished game had, from its state (not from the events)."""
    if game_id == "nostalgic":
        return state.players * state.games_total
    if game_id == "wallpaper":
        return 3  # Round 1, Round 2 and the Final Round
    return len(state.records)


def random_game(game_id: str, seed: int) -> tuple[Any, RoundEnds, list[str]]:
    """A random game through the checked ``apply``, its events counted; for ノアロン also the reason
    each declaration should give, worked out from the state before it."""
    rules = get_rules(game_id)
    state = rules.new_game(PLAYERS[game_id], seed)
    rng = random.Random(seed)
    ends = RoundEnds(game_id)
    expected: list[str] = []
    while not rules.is_over(state):
        seat = rules.to_move(state)[0]
        action = rng.choice(rules.legal_actions(state, seat))
        if game_id == "noaron" and action.kind == "declare":
            zero = noaron.score_hand(state.hands[seat]) == 0
            late = state.turn_number >= noaron.HOUSE_TURN_LIMIT
            expected.append("zero_hand" if zero else "turn_limit" if late else "declared")
        ends.feed(rules.apply(state, seat, action))
    return state, ends, expected


def test_every_game_has_a_reader() -> None:
    assert set(READERS) == set(REASONS)


@pytest.mark.parametrize("game_id", sorted(REASONS))
def test_every_round_of_random_games_is_counted_once_with_its_own_reasons(game_id: str) -> None:
    seen: set[str] = set()
    for seed in range(4):
        state, ends, _ = random_game(game_id, seed)
        assert sum(ends.counts.values()) == rounds_of(game_id, state), seed
        seen |= set(ends.counts)
    assert seen and seen <= REASONS[game_id]


def test_noaron_reasons_follow_the_hand_and_the_turn_of_each_declaration() -> None:
    found: list[str] = []
    for seed in range(6):
        _, ends, expected = random_game("noaron", seed)
        assert ends.counts == Counter(expected)
        found += expected
    assert "turn_limit" in found and "declared" in found  # random play reaches both


def test_neko_reasons_come_from_the_round_ended_event() -> None:
    ends = RoundEnds("neko")
    emptied = neko.RoundEnded(0, neko.END_EMPTIED, 2, (1, 1, 4, 1), (1, 1, 2, 1), (1, 1, 4, 1))
    blocked = neko.RoundEnded(1, neko.END_BLOCKED, neko.NOBODY, (2, 1, 1, 3), (2, 1, 1, 3), (3, 2, 5, 4))
    ends.feed([neko.Passed(0), emptied, neko.RoundStarted(1, 1), blocked, neko.Passed(1)])
    assert dict(ends.counts) == {"emptied": 1, "blocked": 1}


def test_merged_adds_up_and_puts_the_most_frequent_reason_first() -> None:
    assert list(merged([{"b": 1, "a": 2}, {"b": 3}]).items()) == [("b", 4), ("a", 2)]
    assert merged([]) == {}


def test_tournament_report_counts_the_round_ends_of_every_game() -> None:
    report = run_tournament("neko", 3, ["normal", "random", "easy"], games=6, seed=4)
    assert sum(report.round_ends.values()) == 6 * 3
    assert report.round_ends == merged(record.round_ends for record in report.records)
    assert set(report.round_ends) <= REASONS["neko"]
    data = json.loads(format_report(report, json=True))
    assert data["round_ends"] == report.round_ends
    assert "round ends (18 rounds): emptied" in format_report(report)


def test_simulate_json_reports_round_ends(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "nostalgic", "--agents", "random,random,random", "--games", "2", "--jobs", "1",
                 "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and data["round_ends"] == {"dice_placed": 6}
