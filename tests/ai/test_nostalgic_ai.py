"""Nostalgic AI: the Easy and Normal heuristics value NP, sets and the box race as they claim, the
rollout policies and Hard's search play legally on observations only."""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

from game.ai.base import make_agent
from game.ai.ismcts import IsmctsAgent
from game.ai.nostalgic import (
    SEARCH_RULES,
    NormalWeights,
    NostalgicEasy,
    NostalgicHard,
    NostalgicNormal,
    NostalgicSearchState,
    card_gain,
    deck_gain,
    estimate_totals,
    expected_penalty,
    fast_rollout_policy,
    final_rewards,
    hand_value,
    make,
    make_hard,
    make_ismcts,
    normal_rollout_policy,
    play_out,
    rollout_move,
    rollout_policy,
)
from game.ai.random_agent import RandomAgent
from game.rules.nostalgic import (
    DECK,
    DECK_SOURCE,
    PHASE_OVER,
    PHASE_TAKE,
    RULES,
    NostalgicAction,
    NostalgicState,
    box_penalties,
    place,
    reroll,
    set_points,
    take,
)
from game.tournament import play_game
from tests.rules.test_nostalgic_rules import position


# ----- helpers -------------------------------------------------------------------------------
def decide(agent: Any, state: NostalgicState, seed: int = 0) -> NostalgicAction:
    """What ``agent`` does for the seat to move in ``state`` (a legal action, checked)."""
    seat = RULES.to_move(state)[0]
    legal = RULES.legal_actions(state, seat)
    action = agent.choose(RULES.observe(state, seat), legal, random.Random(seed), 0.0)
    assert action in legal
    return action


def midgame(players: int, seed: int, steps: int, options: dict | None = None) -> NostalgicState:
    """A position after random moves where the seat to move has a real choice."""
    rng = random.Random(seed)
    state = RULES.new_game(players, seed, options)
    done = 0
    while True:
        seat = RULES.to_move(state)[0]
        legal = RULES.legal_actions(state, seat)
        if done >= steps and len(legal) > 1:
            return state
        RULES.advance(state, seat, rng.choice(legal))
        done += 1
        if RULES.is_over(state):
            state, done = RULES.new_game(players, seed + 1000 + done, options), 0


def counts(cards: str) -> tuple[int, int, int, int]:
    """(T, P, L, W) counts of a string of letters, "W" for a wild."""
    return cards.count("T"), cards.count("P"), cards.count("L"), cards.count("W")


# ----- levels ----------------------------------------------------------------------------------
def test_make_agent_builds_every_level() -> None:
    assert isinstance(make_agent("nostalgic", "easy"), NostalgicEasy)
    assert isinstance(make_agent("nostalgic", "normal"), NostalgicNormal)
    hard = make_agent("nostalgic", "hard")
    assert isinstance(hard, NostalgicHard) and hard.rules is SEARCH_RULES
    assert isinstance(make_hard(), NostalgicHard)
    former = make_ismcts()
    assert isinstance(former, IsmctsAgent) and former.rules is SEARCH_RULES
    with pytest.raises(ValueError):
        make("hard")


@pytest.mark.slow
@pytest.mark.parametrize("level", ["easy", "normal"])
def test_heuristics_play_whole_matches_legally_with_every_variant(level: str) -> None:
    for players, options in ((3, {"triple": True, "chip_each": True}), (4, {"two_games": True, "chip_each": True})):
        agent = make(level)
        record = play_game("nostalgic", players, [agent] * players, [0.0] * players, 0, 11, options)
        assert min(record.decisions) >= players  # every seat chose in every round (apply checks legality)


def test_rollout_policies_always_answer_legally() -> None:
    rng = random.Random(4)
    for seed in range(30):
        state = RULES.new_game(3 + seed % 2, seed, {"chip_each": True})
        while not RULES.is_over(state):
            seat = RULES.to_move(state)[0]
            legal = RULES.legal_actions(state, seat)
            for policy in (rollout_policy, normal_rollout_policy, fast_rollout_policy):
                assert policy(RULES, state, seat, legal, rng) in legal
            RULES.advance(state, seat, rng.choice(legal))


def test_fast_rollout_policy_makes_exactly_normal_rollout_policys_moves() -> None:
    rng = random.Random(9)
    compared = 0
    for seed in range(40):
        options = {"chip_each": seed % 3 == 0, "triple": seed % 4 == 2}  # triple: 3 players only (even seeds)
        state = RULES.new_game(3 + seed % 2, seed, options)
        while not RULES.is_over(state):
            seat = RULES.to_move(state)[0]
            legal = RULES.legal_actions(state, seat)
            expected = normal_rollout_policy(RULES, state, seat, legal, rng)
            assert fast_rollout_policy(RULES, state, seat, legal, rng) == expected
            if len(legal) > 1:
                assert rollout_move(state, seat) == expected
                compared += 1
            RULES.advance(state, seat, expected if rng.random() < 0.5 else rng.choice(legal))
    assert compared > 500


# ----- valuations ----------------------------------------------------------------------------------
def test_hand_value_is_the_set_points_without_more_cards_and_rises_with_them() -> None:
    assert hand_value(counts("TTP"), counts("TPLW"), 0.0) == set_points(["T", "T", "P"]) == 3
    # a lone toy is worth something while another toy may still come
    assert hand_value(counts("T"), counts("TTTT"), 0.5) > hand_value(counts("T"), counts("TTTT"), 0.0) == 0


def test_card_gains_favour_the_card_that_completes_a_set() -> None:
    pool = counts("TTPPLLW")
    assert card_gain(counts("TT"), "T", pool, 0.0) == 5  # pair 3 -> triple 8
    assert card_gain(counts("TT"), "L", pool, 0.0) == 0
    assert card_gain(counts("TP"), "LW", pool, 0.0) == 6  # a rainbow
    assert 0.0 < deck_gain(counts("TP"), pool, 0.0) < 6.0


def test_expected_penalty_is_the_exact_penalty_without_spread_and_grows_with_boxes() -> None:
    boxes = (6, 4, 2, 4)
    for seat in range(4):
        others = [b for s, b in enumerate(boxes) if s != seat]
        assert expected_penalty(boxes[seat], others, 0.0, 4) == box_penalties(boxes)[seat]
    values = [expected_penalty(mine, [3, 5, 7], 3.0, 4) for mine in range(12)]
    assert values == sorted(values) and values[0] > -15.01 and values[-1] <= 0.0


# ----- Normal -----------------------------------------------------------------------------------------
def test_normal_takes_the_face_up_card_that_completes_a_triple() -> None:
    state = position(dice=[[5, 3], [6, 6], [6, 6], [6, 6]], hands=[["T", "T"], ["P"], ["L"], ["P"]],
                     row=["L", "P", "T", "L", "P"])
    RULES.apply(state, 0, place(0, "tidy56"))
    assert state.phase == PHASE_TAKE
    assert decide(NostalgicNormal(), state) == take(2)


def test_normal_draws_from_the_deck_when_no_face_up_card_helps() -> None:
    # last round: T, T and a face-up L make no more than the pair; the deck still holds toys
    hands = [["T", "T"], ["P"], ["P"], ["L"]]
    state = position(round_=3, dice=[[5, 3], [6, 6], [6, 6], [6, 6]], hands=hands, row=["L"] * 5)
    RULES.apply(state, 0, place(0, "tidy56"))
    assert decide(NostalgicNormal(), state) == take(DECK_SOURCE)


def test_normal_packs_when_the_boxes_lift_it_past_a_rival_in_the_last_round() -> None:
    # last round, last die: pack1 takes 3 -> 5 boxes (+2 NP on the track, rank 2nd -> 1st: +5)
    placed = [["recall_any", ""], ["recall_any"] * 2, ["recall_any"] * 2, ["recall_any"] * 2]
    state = position(round_=3, start=1, seat=0, dice=[[6, 1], [6, 6], [6, 6], [6, 6]], placed=placed,
                     boxes=[3, 4, 0, 0])
    assert decide(NostalgicNormal(), state) == place(1, "pack1")
    # at the 12-box cap packing gives nothing: the die takes a card and 2 NP instead
    ahead = position(round_=3, start=1, seat=0, dice=[[6, 1], [6, 6], [6, 6], [6, 6]], placed=placed,
                     boxes=[12, 4, 0, 0])
    assert decide(NostalgicNormal(), ahead) == place(1, "tidy12")


def test_normal_rerolls_poor_dice_and_keeps_good_ones() -> None:
    blocked = {"tidy12": 1, "pack1": 1, "recall1": 1, "pack2": 1, "recall2": 1}
    placed = [["", ""], ["tidy12", "pack1"], ["recall1", "pack2"], ["recall2", ""]]
    poor = position(dice=[[1, 1], [1, 1], [1, 2], [2, 6]], placed=placed, chips=[1, 0, 0, 0], round_=0)
    assert all(poor.occupancy[key] == value for key, value in blocked.items())
    assert decide(NostalgicNormal(), poor).kind == "reroll"
    good = position(dice=[[6, 6], [1, 1], [1, 2], [2, 6]], placed=placed, chips=[1, 0, 0, 0], round_=3)
    assert decide(NostalgicNormal(), good).kind == "place"


def test_normal_choice_follows_its_weights() -> None:
    placed = [["recall_any", ""], ["recall_any"] * 2, ["recall_any"] * 2, ["recall_any"] * 2]
    state = position(round_=3, start=1, seat=0, dice=[[6, 1], [6, 6], [6, 6], [6, 6]], placed=placed,
                     boxes=[3, 4, 0, 0])
    no_race = NostalgicNormal(NormalWeights(race_weight=0.0, track_ahead=0.0))
    assert decide(no_race, state).balloon != "pack1"


def test_easy_plays_legally_and_differs_from_normal_sometimes() -> None:
    differ = 0
    for seed in range(40):
        state = midgame(4, seed, 5)
        easy = decide(NostalgicEasy(), state, seed)
        normal = decide(NostalgicNormal(), state, seed)
        differ += easy != normal
    assert differ > 0


# ----- strength (small, seeded samples: these are behaviours, the figures are in the README) -------
def test_normal_outscores_random_play() -> None:
    mine = theirs = 0.0
    for index in range(24):
        record = play_game("nostalgic", 4, [make("normal"), RandomAgent(), RandomAgent(), RandomAgent()],
                           [0.0] * 4, index, 300)
        mine += record.scores[0]
        theirs += sum(record.scores[1:]) / 3
    assert mine > theirs + 5 * 24


def test_normal_outscores_easy() -> None:
    mine = theirs = 0.0
    for index in range(24):
        record = play_game("nostalgic", 4, [make("normal"), make("easy"), make("easy"), make("easy")],
                           [0.0] * 4, index, 700)
        mine += record.scores[0]
        theirs += sum(record.scores[1:]) / 3
    assert mine > theirs


# ----- Hard --------------------------------------------------------------------------------------------------
def test_search_rules_list_each_distinct_move_once() -> None:
    state = position(dice=[[3, 3], [6, 6], [6, 6], [6, 6]], chips=[1, 0, 0, 0])
    full = RULES.legal_actions(state, 0)
    distinct = SEARCH_RULES.legal_actions(state, 0)
    assert set(distinct) < set(full)
    assert {a.die for a in distinct if a.kind == "place"} == {0}
    assert [a.dice for a in distinct if a.kind == "reroll"] == [(0,), (0, 1)]
    assert reroll((1,)) in full and reroll((1,)) not in distinct


def test_search_samples_count_their_steps_and_score_in_0_1() -> None:
    state = midgame(4, 3, 6)
    seat = RULES.to_move(state)[0]
    sample = SEARCH_RULES.determinize(RULES.observe(state, seat), random.Random(1))
    assert isinstance(sample, NostalgicSearchState) and sample.steps == 0
    assert not SEARCH_RULES.is_search_leaf(sample)
    SEARCH_RULES.advance(sample, seat, SEARCH_RULES.legal_actions(sample, seat)[0])
    assert SEARCH_RULES.is_search_leaf(sample) and isinstance(SEARCH_RULES.clone(sample), NostalgicSearchState)
    before = RULES.notation(sample)
    rewards = SEARCH_RULES.search_rewards(sample)
    assert RULES.notation(sample) == before  # the round is played out on a copy
    assert len(rewards) == 4 and all(0.0 <= r <= 1.0 for r in rewards)


def test_estimates_are_exact_at_the_end_of_the_game() -> None:
    state = RULES.new_game(4, 8)
    rng = random.Random(2)
    while state.phase != PHASE_OVER:
        seat = RULES.to_move(state)[0]
        RULES.advance(state, seat, rng.choice(RULES.legal_actions(state, seat)))
    assert estimate_totals(state) == [float(np) for np in state.np]


@pytest.mark.parametrize("players", [3, 4])
def test_hard_returns_a_legal_action_from_the_observation(players: int) -> None:
    agent = make_hard()
    agent.max_iterations = 40
    for seed in range(4):
        state = midgame(players, seed, 3 + 4 * seed, {"chip_each": True})
        seat = RULES.to_move(state)[0]
        candidates = agent.candidates(RULES.observe(state, seat), RULES.legal_actions(state, seat))
        assert decide(agent, state, seed) in RULES.legal_actions(state, seat)
        if len(candidates) > 1:  # within the cap; every candidate played on the first samples
            assert len(candidates) <= agent.last_iterations <= max(40, len(candidates))
            assert set(agent.last_values) == set(candidates)


def last_die_position() -> NostalgicState:
    """The game's last die: a 6 in the ∞ balloon wins by 1 (everyone loses 15 for the boxes); a
    box or a card would not."""
    placed = [["recall_any", ""], ["recall_any"] * 2, ["recall_any"] * 2, ["recall_any"] * 2]
    return position(round_=3, start=1, seat=0, dice=[[6, 6], [6, 6], [6, 6], [6, 6]], placed=placed,
                    boxes=[2, 8, 8, 8], np=[20, 25, 0, 0], hands=[["T"], ["P"], ["L"], ["P"]])


def test_hard_takes_the_last_die_where_it_wins() -> None:
    state = last_die_position()
    agent = make_hard()
    agent.max_iterations = 60
    assert decide(agent, state) == place(1, "recall_any")


def test_hard_candidates_are_the_distinct_moves() -> None:
    state = position(dice=[[3, 3], [6, 6], [6, 6], [6, 6]], chips=[1, 0, 0, 0])
    agent = make_hard()
    legal = RULES.legal_actions(state, 0)
    candidates = agent.candidates(RULES.observe(state, 0), legal)
    assert candidates == SEARCH_RULES.legal_actions(state, 0)
    taking = position(row=["P", "L", "P", "L", "T"], phase=PHASE_TAKE)
    sources = [a.source for a in agent.candidates(RULES.observe(taking, 0), RULES.legal_actions(taking, 0))]
    assert sources == [0, 1, 4, DECK_SOURCE]  # the second P and L are the same choice


def test_hard_compares_candidates_on_the_same_samples() -> None:
    # the same move written twice (equal dice) must get exactly the same rewards, sample by sample:
    # common cards and common dice futures
    state = midgame(4, 6, 2)
    seat = RULES.to_move(state)[0]
    state.dice[seat] = [5, 5]
    state.placed[seat] = ["", ""]
    agent = make_hard()
    agent.max_iterations = 40
    twins = [place(0, "recall_any"), place(1, "recall_any")]
    result = agent._sample(RULES.observe(state, seat), twins, random.Random(2), 0.0, 0.0)
    rewards, active = result.rewards, result.active
    assert active == [0, 1]  # equal twins never leave the race
    assert len(rewards[0]) == 20 and rewards[0] == rewards[1]
    assert len(set(rewards[0])) > 1  # yet the samples differ from each other


def test_hard_races_losing_moves_out_and_spends_the_playouts_on_the_rest() -> None:
    # only the ∞ balloon wins, so the other moves leave the race and the search ends before its cap
    state = last_die_position()
    agent = make_hard()
    agent.max_iterations = 200
    observation = RULES.observe(state, 0)
    candidates = agent.candidates(observation, RULES.legal_actions(state, 0))
    result = agent._sample(observation, candidates, random.Random(4), 0.0, 0.0)
    rewards, active = result.rewards, result.active
    winner = candidates.index(place(1, "recall_any"))
    assert active == [winner]
    assert all(len(rewards[winner]) >= len(values) for values in rewards)
    assert result.playouts < 200  # decided once the others had left, before the cap


def test_final_rewards_put_a_win_above_a_shared_win_above_a_loss() -> None:
    win, shared, second, last = (final_rewards(scores, 0) for scores in (
        [30, 25, 20, 10], [30, 30, 20, 10], [25, 30, 20, 10], [5, 30, 20, 10]))
    assert 1.0 >= win > shared > second > last >= 0.0
    assert final_rewards([30, 29, 0, 0], 0) < final_rewards([30, 10, 0, 0], 0)  # the margin counts too
    # only the win and the gap to the leader count: second place pays no more than last
    assert final_rewards([20, 30, 0, 0], 0) == final_rewards([20, 30, 25, 25], 0)


def test_play_out_ends_the_game_and_scores_it() -> None:
    state = midgame(4, 12, 5)
    seat = RULES.to_move(state)[0]
    reward = play_out(RULES, state, seat)
    assert state.phase == PHASE_OVER and reward == final_rewards(state.np, seat)


def test_hard_choice_does_not_depend_on_the_hidden_cards() -> None:
    state = midgame(4, 5, 9)
    seat = RULES.to_move(state)[0]
    other = RULES.determinize(RULES.observe(state, seat), random.Random(77))
    agent = make_hard()
    agent.max_iterations = 30
    first = agent.choose(RULES.observe(state, seat), RULES.legal_actions(state, seat), random.Random(3), 0.0)
    second = agent.choose(RULES.observe(other, seat), RULES.legal_actions(other, seat), random.Random(3), 0.0)
    assert first == second


def test_observations_and_actions_cross_a_process_boundary() -> None:
    state = midgame(4, 2, 7)
    seen = RULES.observe(state, 1)
    assert pickle.loads(pickle.dumps(seen)) == seen
    for action in RULES.legal_actions(state, RULES.to_move(state)[0]):
        assert pickle.loads(pickle.dumps(action)) == action
    assert len(DECK) == 21
