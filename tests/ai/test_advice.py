"""Hard's view of a position (``game.ai.advice``): what the Hint, the ``hint`` command and the
match review stand on. It must answer from one seat's observation alone and be reproducible from
the seed when the playouts are capped."""

from __future__ import annotations

import random

import pytest

from game.ai.advice import advise, beats_for_sure, evidence_ranks, play_to_end, playout_policy, win_share
from game.ai.base import make_agent
from game.core.registry import get_rules

PLAYOUTS = 120  # small: the tests check behaviour, not strength


def _position(game_id: str, players: int, seed: int, moves: int):
    """A state after ``moves`` Normal moves, and the seat to act there."""
    rules = get_rules(game_id)
    state = rules.new_game(players, seed, None)
    rng = random.Random(seed)
    normal = make_agent(game_id, "normal")
    for _ in range(moves):
        seat = rules.to_move(state)[0]
        legal = rules.legal_actions(state, seat)
        rules.apply(state, seat, normal.choose(rules.observe(state, seat), legal, rng, 0.0))
    return rules, state, rules.to_move(state)[0]


def test_win_share_splits_a_shared_first_place() -> None:
    assert win_share((1, 2, 3), 0) == 1.0
    assert win_share((1, 1, 3), 1) == 0.5
    assert win_share((2, 1, 3), 0) == 0.0


@pytest.mark.parametrize("game_id, players", [("neko", 3), ("newold", 3), ("noaron", 2), ("nostalgic", 3),
                                              ("wallpaper", 3)])
def test_a_playout_ends_the_match(game_id: str, players: int) -> None:
    rules = get_rules(game_id)
    state = rules.new_game(players, 4, None)
    play_to_end(rules, state, playout_policy(game_id), random.Random(1))
    assert rules.is_over(state)


def test_moves_come_best_first_with_hards_choice_marked() -> None:
    rules, state, seat = _position("neko", 3, 11, 5)
    legal = rules.legal_actions(state, seat)
    advice = advise("neko", rules.observe(state, seat), legal, seed=3, playouts=PLAYOUTS)
    wins = [move.win for move in advice.moves]
    ranks = [move.rank for move in advice.moves]
    assert ranks == sorted(ranks) and ranks[0] == 1  # best first by the evidence
    for upper, lower in zip(advice.moves, advice.moves[1:]):  # a lower mean above a higher one: only among equals
        assert upper.win >= lower.win or upper.rank == lower.rank
    assert all(0.0 <= win <= 1.0 for win in wins)
    assert sum(move.hard for move in advice.moves) == 1
    assert advice.hard_choice in {move.notation for move in advice.moves}
    assert all(move.action in legal for move in advice.moves)
    assert advice.to_json()["moves"][0]["move"] == advice.best.notation


def test_an_included_move_is_always_compared() -> None:
    rules, state, seat = _position("neko", 4, 2, 6)
    legal = rules.legal_actions(state, seat)
    for played in legal:
        advice = advise("neko", rules.observe(state, seat), legal, seed=1, playouts=40, include=[played])
        assert advice.value_of(played) is not None


def test_capped_advice_is_reproducible_from_the_seed() -> None:
    rules, state, seat = _position("newold", 3, 5, 4)
    observation, legal = rules.observe(state, seat), rules.legal_actions(state, seat)
    first = advise("newold", observation, legal, seed=9, playouts=PLAYOUTS).to_json()
    again = advise("newold", observation, legal, seed=9, playouts=PLAYOUTS).to_json()
    first.pop("seconds")
    again.pop("seconds")
    assert first == again


def _swap_hidden(state, seat: int) -> None:
    """Trade one card between the first two rivals' hands, and reverse the face-down rest:
    nothing ``seat`` may see changes."""
    rivals = [other for other in range(state.players) if other != seat][:2]
    one, two = (state.hands[other] for other in rivals)
    one[0], two[-1] = two[-1], one[0]
    one.sort()
    two.sort()
    state.rest.reverse()


def test_hidden_cards_do_not_change_the_advice() -> None:
    rules, state, seat = _position("neko", 4, 21, 6)
    other = rules.clone(state)
    _swap_hidden(other, seat)
    assert other.hands != state.hands  # the truth differs ...
    assert rules.observe(other, seat) == rules.observe(state, seat)  # ... what the seat sees does not
    legal = rules.legal_actions(state, seat)
    assert rules.legal_actions(other, seat) == legal
    first = advise("neko", rules.observe(state, seat), legal, seed=4, playouts=PLAYOUTS).to_json()
    second = advise("neko", rules.observe(other, seat), legal, seed=4, playouts=PLAYOUTS).to_json()
    first.pop("seconds")
    second.pop("seconds")
    assert first == second


def test_the_seats_own_cards_do_change_the_advice() -> None:
    """The counterpart of the test above: the answer does depend on what the seat holds, so
    the equality there is not one that always holds."""
    rules, state, seat = _position("neko", 4, 21, 6)
    other = rules.clone(state)
    rival = (seat + 1) % state.players
    other.hands[seat], other.hands[rival] = other.hands[rival], other.hands[seat]
    assert rules.observe(other, seat) != rules.observe(state, seat)
    answers = []
    for position in (state, other):
        legal = rules.legal_actions(position, seat)
        answers.append(advise("neko", rules.observe(position, seat), legal, seed=4, playouts=PLAYOUTS).to_json()["moves"])
    assert answers[0] != answers[1]


def test_moves_the_samples_cannot_tell_apart_share_a_rank_and_clear_ones_do_not() -> None:
    level = [1.0, 0.0] * 20
    nearly = [1.0, 0.0] * 19 + [0.0, 0.0]  # 1 sample in 40 worse: noise
    poor = [0.0] * 40
    assert not beats_for_sure(level, nearly)
    assert beats_for_sure(level, poor) and not beats_for_sure(poor, level)
    assert evidence_ranks([level, nearly, poor]) == [1, 1, 3]


def test_near_equal_moves_never_flip_by_the_seed_alone_and_the_json_says_they_are_equal() -> None:
    """Across seeds the means of near-equal moves trade places; the listed order then never
    puts one above the other by its mean alone: they share rank 1 and say so."""
    rules, state, seat = _position("neko", 3, 11, 5)
    legal = rules.legal_actions(state, seat)
    observation = rules.observe(state, seat)
    for seed in range(3):
        advice = advise("neko", observation, legal, seed=seed, playouts=PLAYOUTS)
        data = advice.to_json()
        assert data["about_equal"] == [move.notation for move in advice.moves if move.rank == 1]
        for move, entry in zip(advice.moves, data["moves"]):
            assert entry["about_equal_to_best"] == (move.rank == 1)
            low, high = entry["interval"]
            assert low <= entry["value"] <= high
        top = advice.moves[0]
        assert top.hard or advice.hard_outranked  # Hard's choice heads the list unless clearly beaten
