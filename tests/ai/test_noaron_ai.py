"""ノアロン AI: the hand tables, Easy and Normal, the rollout policy and Hard's search hooks."""

from __future__ import annotations

import dataclasses
import json
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from game.ai import noaron as ai
from game.ai.base import make_agent
from game.ai.ismcts import IsmctsAgent
from game.ai.paired import leader_settled
from game.ai.random_agent import RandomAgent
from game.rules import noaron
from game.rules.noaron import (
    DECK,
    DECLARE,
    END,
    HAND_SIZE,
    LEFT,
    RULES,
    NoaronAction,
    NoaronState,
    hand_mask,
    mask_hand,
    score_hand,
    score_table,
)

TABLES = ai.tables()
SEARCH = ai.SEARCH_RULES
FOUR = "RRRRBBBBRRRB"  # 4 points


# ----- helpers ------------------------------------------------------------------------------------
def position(
    hands: tuple[str, str],
    piles: tuple[tuple[str, str], tuple[str, str]] = (("R", "B"), ("B", "R")),
    turn: int = 0,
    phase: str = noaron.PHASE_TAKE,
    reserve: str = "",
    reserve_source: str = "",
    turn_number: int = 3,
    start_seat: int = 0,
) -> NoaronState:
    """A state with these hands, piles and reserve; the other cards fill the stakes, then the deck."""
    pool = Counter(DECK)
    used = list(hands[0] + hands[1] + reserve) + [c for seat_piles in piles for pile in seat_piles for c in pile]
    pool.subtract(used)
    assert min(pool.values()) >= 0
    left = sorted(pool.elements())
    random.Random(3).shuffle(left)
    stakes = [[left.pop() for _ in range(9)] for _ in range(2)]
    return NoaronState(
        players=2, rng=random.Random(4), start_seat=start_seat, turn=turn, phase=phase, deck=left,
        hands=[list(hands[0]), list(hands[1])],
        piles=[[list(piles[seat][LEFT]), list(piles[seat][1])] for seat in range(2)],
        reserve=list(reserve), reserve_source=reserve_source, stakes=stakes, set_aside=[[], []],
        turn_number=turn_number,
    )


def choose(agent, state: NoaronState, seed: int = 0) -> NoaronAction:
    """What ``agent`` plays for the seat to move, from its observation only."""
    seat = state.turn
    return agent.choose(RULES.observe(state, seat), RULES.legal_actions(state, seat), random.Random(seed), 0.0)


def random_position(seed: int, phase: str) -> NoaronState:
    """A state of a Normal-vs-Normal game in ``phase`` with a real choice (for legality checks)."""
    rng = random.Random(seed)
    normal = ai.make("normal")
    state = RULES.new_game(2, seed)
    while True:
        seat = state.turn
        legal = RULES.legal_actions(state, seat)
        if state.phase == phase and len(legal) > 1 and rng.random() < 0.5:
            return state
        RULES.advance(state, seat, normal.choose(RULES.observe(state, seat), legal, rng, 0.0))
        if RULES.is_over(state):
            state = RULES.new_game(2, rng.randrange(10**6))


def play_match(agents: list, seed: int) -> NoaronState:
    """A whole match through the checked ``apply``, agents seeing only their observations."""
    state = RULES.new_game(2, seed)
    rng = random.Random(seed)
    while not RULES.is_over(state):
        seat = state.turn
        legal = RULES.legal_actions(state, seat)
        action = agents[seat].choose(RULES.observe(state, seat), legal, rng, 0.0)
        assert action in legal
        RULES.apply(state, seat, action)
    return state


# ----- the tables ------------------------------------------------------------------------------------
def test_pair_removal_and_insertion_masks_match_list_operations() -> None:
    for mask in range(1 << HAND_SIZE):
        hand = mask_hand(mask)
        for index in range(HAND_SIZE - 1):
            assert mask_hand(ai.without_pair(mask, index), 10) == hand[:index] + hand[index + 2:]
    for mask in range(1 << 10):
        ten = mask_hand(mask, 10)
        for pair in range(4):
            cards = mask_hand(pair, 2)
            assert ai.pair_code(cards) == pair
            for gap in range(11):
                assert mask_hand(ai.with_pair(mask, pair, gap)) == ten[:gap] + cards + ten[gap:]


def test_tables_are_consistent_and_zero_hands_have_the_best_potential() -> None:
    potential = TABLES.potential
    zero_hands = [mask for mask in range(4096) if score_table()[mask] == 0]
    assert len(zero_hands) == 2
    assert max(potential[m] for m in zero_hands) < min(p for m, p in enumerate(potential) if m not in zero_hands)
    rng = random.Random(1)
    for _ in range(300):
        ten, pair = rng.randrange(1024), rng.randrange(4)
        values = [potential[ai.with_pair(ten, pair, gap)] for gap in range(11)]
        assert TABLES.gap_value[ten][pair] == min(values) == values[TABLES.best_gap[ten][pair]]
        mask = rng.randrange(4096)
        best = min(TABLES.gap_value[ai.without_pair(mask, i)][pair] for i in range(11))
        assert TABLES.turn_value[mask][pair] == best
        assert ai.best_discard(TABLES, mask, pair) in range(11)


def test_potential_follows_the_score_on_average() -> None:
    groups: dict[str, list[float]] = {"low": [], "middle": [], "high": []}
    for mask, value in enumerate(TABLES.potential):
        score = score_table()[mask]
        groups["low" if score <= 2 else "middle" if score <= 6 else "high"].append(value)
    low, middle, high = (sum(values) / len(values) for values in groups.values())
    assert low < middle < high
    for mask, value in enumerate(TABLES.potential):
        assert 0.0 < value <= score_table()[mask] or score_table()[mask] == 0


# ----- Normal -----------------------------------------------------------------------------------------
def test_normal_takes_the_pile_pair_that_completes_a_whole_hand_yaku() -> None:
    # RRRRRBBBBB + B R..: the opponent's right pile (R) and left pile (B) give "RB" to the taker
    hand = "RRRRRBBBBB" + "BR"
    state = position((hand, "RBRBRBRBRBRB"), piles=(("B", "B"), ("RRB", "BBR")))
    assert choose(ai.make("normal"), state) == NoaronAction("take", "theirs")
    RULES.apply(state, 0, NoaronAction("take", "theirs"))
    assert state.reserve == ["R", "B"]
    discard = choose(ai.make("normal"), state)
    RULES.apply(state, 0, discard)
    RULES.apply(state, 0, choose(ai.make("normal"), state))
    assert score_hand(state.hands[0]) == 0
    assert RULES.legal_actions(state, 0) == [DECLARE]


def test_normal_prefers_the_deck_when_the_piles_offer_nothing() -> None:
    hand = "RRRBBBRBRRBR"
    state = position((hand, "RBRBRBRBRBRB"), piles=(("B", "B"), ("B", "B")))
    values = ai.take_values(TABLES, hand_mask(hand), state.piles, 0, ["deck", "mine", "theirs"], 0.5)
    assert values["deck"] < values["mine"]
    assert choose(ai.make("normal"), state) == NoaronAction("take", "deck")


@pytest.mark.parametrize("seed", range(6))
def test_normal_insert_reaches_the_lowest_potential(seed: int) -> None:
    state = random_position(seed, noaron.PHASE_INSERT)
    action = choose(ai.make("normal"), state)
    pair = ai.pair_code(state.reserve)
    mask = hand_mask(state.hands[state.turn])
    values = [TABLES.potential[ai.with_pair(mask, pair, gap)] for gap in range(11)]
    assert values[action.index] == min(values)


def test_normal_declares_early_with_four_but_not_late() -> None:
    early = position(("RRRRBBBBRRRB", "RBRBRBRBRBRB"), phase=noaron.PHASE_DECIDE, turn_number=2)
    assert ai.opponent_turns(RULES.observe(early, 0)) == 0
    assert choose(ai.make("normal"), early) == DECLARE
    late = position(("RRRRBBBBRRRB", "RBRBRBRBRBRB"), phase=noaron.PHASE_DECIDE, turn_number=9)
    assert ai.opponent_turns(RULES.observe(late, 0)) == 4
    assert choose(ai.make("normal"), late) == END


def test_declare_gain_is_the_settlement_arithmetic() -> None:
    assert ai.settlement_gain(2, 6) == 4
    assert ai.settlement_gain(0, 6) == 6 + noaron.WINNER_ZERO_PENALTY
    assert ai.settlement_gain(4, 4) == -noaron.DECLARER_LOST_PENALTY
    assert ai.settlement_gain(4, 1) == -(3 + noaron.DECLARER_LOST_PENALTY)
    for row in ai.OPPONENT_SCORE_ODDS:
        assert abs(sum(row) - 1.0) < 0.01
    assert all(ai.declare_gain(score, 1) > ai.declare_gain(score + 1, 1) for score in range(12))


def test_opponent_turns_count_from_who_started() -> None:
    # turn_number counts from 1; the start seat plays the odd turns
    assert noaron.turns_played_by_other(1, 0, 0) == 0
    assert noaron.turns_played_by_other(2, 0, 1) == 1
    assert noaron.turns_played_by_other(3, 0, 0) == 1
    assert noaron.turns_played_by_other(4, 0, 1) == 2


# ----- Easy -----------------------------------------------------------------------------------------
def test_easy_declares_whenever_it_may_and_takes_a_pile_pair_only_if_it_helps_now() -> None:
    state = position(("RRRRBBBBRRRB", "RBRBRBRBRBRB"), phase=noaron.PHASE_DECIDE, turn_number=9)
    assert choose(ai.make("easy"), state) == DECLARE
    hand = "RRRRRBBBBB" + "BR"
    helps = position((hand, "RBRBRBRBRBRB"), piles=(("B", "B"), ("RRB", "BBR")))
    assert choose(ai.make("easy"), helps) == NoaronAction("take", "theirs")
    useless = position(("RRRRRBBBBBRB", "RBRBRBRBRBRB"), piles=(("B", "B"), ("B", "B")))  # 1 point: BB cannot help
    assert choose(ai.make("easy"), useless) == NoaronAction("take", "deck")


@pytest.mark.slow
@pytest.mark.parametrize("level", ["easy", "normal"])
def test_heuristics_play_whole_matches_legally(level: str) -> None:
    for seed in range(3):
        state = play_match([ai.make(level), ai.make(level)], seed)
        assert RULES.is_over(state)


def test_normal_beats_random_and_easy_beats_random() -> None:
    for level in ("normal", "easy"):
        wins = 0
        for seed in range(20):
            agents = [ai.make(level), RandomAgent()] if seed % 2 == 0 else [RandomAgent(), ai.make(level)]
            state = play_match(agents, 100 + seed)
            wins += RULES.result(state).winners == (seed % 2,)
        assert wins >= 16, (level, wins)


def test_make_builds_the_levels() -> None:
    assert ai.make("easy").name == "easy" and ai.make("normal").name == "normal"
    with pytest.raises(ValueError):
        ai.make("hard")


def test_make_agent_hard_is_the_flat_search_over_the_search_rules() -> None:
    hard = make_agent("noaron", "hard")
    assert isinstance(hard, ai.NoaronHard) and hard.rules is ai.SEARCH_RULES
    state = position(("RRRRBBBBRRRB", "RBRBRBRBRBRB"), phase=noaron.PHASE_DECIDE, turn_number=2)
    hard.max_iterations = 80
    made = ai.make_hard()
    made.max_iterations = 80
    assert choose(hard, state, 4) == choose(made, state, 4)
    assert hard.last_values == made.last_values and set(hard.last_values) == {DECLARE, END}
    assert hard.last_iterations == 80  # 40 samples, each playing both candidates


# What RULES does, printed as JSON before and after importing game.ai.noaron in a fresh interpreter
# (this test process has imported it long ago).
RULES_FINGERPRINT = """
import json, random
from game.rules import noaron
RULES = noaron.RULES

def fingerprint():
    state = RULES.new_game(2, 5)
    for _ in range(13):  # a few turns each: the opponent has improved its hand
        seat = state.turn
        RULES.advance(state, seat, RULES.legal_actions(state, seat)[-1])
    seen = RULES.observe(state, state.turn)
    guesses = [RULES.determinize(seen, random.Random(k)) for k in range(4)]
    leaf = RULES.clone(guesses[0])
    RULES.advance(leaf, leaf.turn, RULES.legal_actions(leaf, leaf.turn)[0])
    return {
        "turns": noaron.turns_played_by_other(seen.turn_number, seen.start_seat, seen.seat),
        "guesses": [RULES.notation(guess) for guess in guesses],
        "classes": sorted({type(guess).__name__ for guess in guesses}),
        "leaf": RULES.is_search_leaf(leaf),
        "rewards": [list(RULES.search_rewards(guess)) for guess in guesses + [leaf]],
    }

members = {name: id(value) for name, value in vars(noaron.NoaronRules).items()}
before = fingerprint()
import game.ai.noaron  # noqa: F401
after = fingerprint()
print(json.dumps({"before": before, "after": after,
                  "members_kept": members == {n: id(v) for n, v in vars(noaron.NoaronRules).items()}}))
"""


@pytest.mark.slow
def test_importing_the_ai_leaves_the_rules_untouched() -> None:
    assert not hasattr(noaron.NoaronRules, "search_model")
    assert type(RULES) is noaron.NoaronRules and RULES.state_class is NoaronState
    done = subprocess.run([sys.executable, "-c", RULES_FINGERPRINT], capture_output=True, text=True,
                          cwd=Path(__file__).resolve().parents[2], timeout=120, check=True)
    seen = json.loads(done.stdout)
    assert seen["members_kept"], "game.ai.noaron changed an attribute of NoaronRules"
    assert seen["before"]["turns"] >= 2  # an opponent hand a search model would build up
    assert seen["before"]["classes"] == ["NoaronState"] and not seen["before"]["leaf"]
    assert seen["after"] == seen["before"]


# ----- rollouts and search -------------------------------------------------------------------------------
@pytest.mark.parametrize("phase", [noaron.PHASE_TAKE, noaron.PHASE_DISCARD, noaron.PHASE_INSERT, noaron.PHASE_DECIDE])
def test_rollout_policy_answers_legally_from_the_full_state(phase: str) -> None:
    for seed in range(5):
        state = random_position(seed, phase)
        legal = RULES.legal_actions(state, state.turn)
        rng = random.Random(seed)
        for _ in range(20):
            assert ai.rollout_policy(RULES, state, state.turn, legal, rng) in legal


def test_rollout_policy_completes_a_yaku_it_can_see() -> None:
    state = position(("RRRRRBBBBB" + "BR", "RBRBRBRBRBRB"), phase=noaron.PHASE_DISCARD, reserve="RB",
                     reserve_source="theirs")
    seat = 0
    rng = random.Random(0)
    rng.random = lambda: 0.99  # type: ignore[method-assign]  # no noise
    RULES.advance(state, seat, ai.rollout_policy(RULES, state, seat, RULES.legal_actions(state, seat), rng))
    RULES.advance(state, seat, ai.rollout_policy(RULES, state, seat, RULES.legal_actions(state, seat), rng))
    assert score_hand(state.hands[0]) == 0


def test_build_hand_builds_plausible_hands_and_keeps_every_card() -> None:
    rng = random.Random(2)
    built = plain = 0
    for _ in range(200):
        pool = list(DECK)
        rng.shuffle(pool)
        hand, rest = pool[:12], pool[12:]
        kept = Counter(hand + rest)
        plain += score_hand(hand)
        better = ai.build_hand(hand, rest, rng, 3)
        assert Counter(better + rest) == kept and len(better) == 12
        built += score_hand(better)
    assert built < plain / 2


def as_search_state(state: NoaronState) -> ai.NoaronSearchState:
    """The same position as a freshly sampled search state."""
    return ai.NoaronSearchState(**{f.name: getattr(state, f.name) for f in dataclasses.fields(state)})


def test_search_states_stop_after_the_search_depth_and_count_on_their_own() -> None:
    state = position(("RRRRBBBBRRRB", "RBRBRBRBRBRB"), phase=noaron.PHASE_DECIDE, turn_number=2)
    guess = SEARCH.determinize(RULES.observe(state, 0), random.Random(1))
    assert type(guess) is ai.NoaronSearchState and guess.steps == 0 and not SEARCH.is_search_leaf(guess)
    twin = SEARCH.clone(guess)
    for _ in range(ai.SEARCH_DEPTH):
        SEARCH.advance(guess, guess.turn, SEARCH.legal_actions(guess, guess.turn)[0])
    assert SEARCH.is_search_leaf(guess) and guess.steps == ai.SEARCH_DEPTH and not SEARCH.is_over(guess)
    assert type(twin) is ai.NoaronSearchState and twin.steps == 0  # clones count on their own
    assert SEARCH.clone(guess).steps == ai.SEARCH_DEPTH
    # the real game is never cut short: the bare rules have no search depth
    for _ in range(3):
        RULES.advance(state, state.turn, RULES.legal_actions(state, state.turn)[0])
    assert not RULES.is_search_leaf(state) and not hasattr(state, "steps")


def test_search_leaves_are_played_out_to_the_end_of_the_round() -> None:
    state = position(("RRRRBBBBRRRB", "RBRBRBRBRBRB"), phase=noaron.PHASE_DECIDE, turn_number=2)
    guess = SEARCH.determinize(RULES.observe(state, 0), random.Random(1))
    SEARCH.advance(guess, 0, END)
    finished = SEARCH.clone(guess)
    SEARCH.finish_round(finished)
    assert len(finished.records) == 1 or SEARCH.is_over(finished)
    rewards = SEARCH.search_rewards(guess)
    assert all(0.0 <= reward <= 1.0 for reward in rewards) and len(guess.records) == 0
    assert guess.steps == ai.SEARCH_DEPTH  # search_rewards played a copy out, not the leaf itself


def test_search_rewards_are_the_match_odds_after_the_round() -> None:
    state = as_search_state(position(("RRRRBBBBRRBB", "RRRBBBRRRBBR"), phase=noaron.PHASE_DECIDE))
    SEARCH.advance(state, 0, DECLARE)  # 2 against 6: seat 1 pays 4 of its 9, seat 0 begins the next round
    assert len(state.records) == 1 and not SEARCH.is_over(state)
    rewards = SEARCH.search_rewards(state)
    assert rewards == (ai.match_win_chance(9, 5, True), ai.match_win_chance(5, 9, False))
    assert rewards[0] + rewards[1] == pytest.approx(1.0) and rewards[0] > 0.7
    tie = as_search_state(position((FOUR, FOUR), phase=noaron.PHASE_DECIDE, turn=1))
    SEARCH.advance(tie, 1, DECLARE)  # a tie: the declarer pays 3
    assert 0.5 < SEARCH.search_rewards(tie)[0] < rewards[0]
    ended = as_search_state(position((FOUR, "RBRBRBRBRBRB"), phase=noaron.PHASE_DECIDE))
    ended.stakes[1] = ended.stakes[1][:5]
    SEARCH.advance(ended, 0, DECLARE)  # 4 against 12: a loss of 8 that 5 cards cannot pay
    assert SEARCH.is_over(ended) and SEARCH.search_rewards(ended) == (1.0, 0.0)


def test_match_odds_value_stakes_and_the_next_first_turn() -> None:
    for mine in range(1, 10):
        for theirs in range(1, 10):
            for begin in (True, False):
                odds = ai.match_win_chance(mine, theirs, begin)
                assert 0.0 < odds < 1.0
                assert odds + ai.match_win_chance(theirs, mine, not begin) == pytest.approx(1.0)
                if mine < 9:
                    assert ai.match_win_chance(mine + 1, theirs, begin) >= odds
            assert ai.match_win_chance(mine, theirs, True) > ai.match_win_chance(mine, theirs, False)
    assert ai.match_win_chance(9, 9, True) > 0.5
    assert sum(ai.ROUND_LOSS_ODDS.values()) == pytest.approx(1.0)


def test_determinize_builds_up_the_opponent_hand_and_keeps_the_observation() -> None:
    state = RULES.new_game(2, 8)
    normal = ai.make("normal")
    rng = random.Random(8)
    while state.turn_number < 5:  # Normal's choices, but no declaring in these first turns
        seat = state.turn
        legal = RULES.legal_actions(state, seat)
        action = END if END in legal else normal.choose(RULES.observe(state, seat), legal, rng, 0)
        RULES.advance(state, seat, action)
    seen = RULES.observe(state, state.turn)
    assert noaron.turns_played_by_other(seen.turn_number, seen.start_seat, seen.seat) >= 2
    other = 1 - state.turn
    built = plain = 0
    for k in range(40):
        guess = SEARCH.determinize(seen, random.Random(k))
        assert RULES.observe(guess, state.turn) == seen
        assert Counter(c for c in noaron_cards(guess)) == Counter(DECK)
        built += score_hand(guess.hands[other])
        plain += score_hand(RULES.determinize(seen, random.Random(k)).hands[other])
    # the bare rules sample the opponent's hand uniformly; the search builds it up (but only to hands
    # it would not have declared with, so not as low as it could)
    assert built < plain * 0.7


def noaron_cards(state: NoaronState) -> list[str]:
    """Every card of a state."""
    cards = list(state.deck) + list(state.reserve)
    for seat in range(2):
        cards += state.hands[seat] + state.stakes[seat] + state.set_aside[seat] + state.piles[seat][0] + state.piles[seat][1]
    return cards


def test_search_returns_a_legal_action_and_ignores_the_hidden_cards() -> None:
    state = random_position(3, noaron.PHASE_DISCARD)
    seat = state.turn
    other = RULES.clone(state)
    hidden = other.hands[1 - seat] + other.deck
    random.Random(5).shuffle(hidden)
    other.hands[1 - seat], other.deck = hidden[:12], hidden[12:]
    assert RULES.observe(other, seat) == RULES.observe(state, seat)
    legal = RULES.legal_actions(state, seat)
    # Hard, and the generic ISMCTS over the same search rules (they keep its contract)
    for agent in (ai.make_hard(), IsmctsAgent(SEARCH, rollout_policy=ai.rollout_policy)):
        agent.max_iterations = 120
        first = agent.choose(RULES.observe(state, seat), legal, random.Random(9), 0.0)
        assert first in legal and agent.last_iterations == 120
        assert agent.choose(RULES.observe(other, seat), legal, random.Random(9), 0.0) == first


def test_hard_declares_a_one_point_hand_early_in_the_round() -> None:
    state = position(("RRRRRBBBBBRB", "RBRBRBRBRBRB"), phase=noaron.PHASE_DECIDE, turn_number=2)
    agent = ai.make_hard()
    agent.max_iterations = 200
    assert choose(agent, state, 3) == DECLARE


def test_build_hand_can_keep_only_hands_the_opponent_would_not_have_declared_with() -> None:
    rng = random.Random(6)
    declarable = {None: 0, True: 0}
    for _ in range(300):
        pool = list(DECK)
        rng.shuffle(pool)
        for started in declarable:
            hand, rest = pool[:12], pool[12:]
            kept = Counter(hand + rest)
            built = ai.build_hand(hand, rest, rng, 1, started)
            assert Counter(built + rest) == kept and len(built) == 12
            # it began the round: it ended its first turn before its opponent had played
            declarable[started] += ai.would_declare(score_hand(built), 0)
    assert declarable[None] > 30 and declarable[True] < declarable[None] / 10


def test_hard_declares_when_the_opponent_surely_could_not_have() -> None:
    # The opponent began the round and ended two turns without declaring: by Normal's rule its
    # hand scores 5 or more, so 4 points win. Normal's fixed odds still say wait at this point.
    state = position((FOUR, "RBRBRBRBRBRB"), phase=noaron.PHASE_DECIDE, turn_number=4, start_seat=1)
    assert ai.opponent_turns(RULES.observe(state, 0)) == 2
    assert choose(ai.make("normal"), state) == END
    seen = RULES.observe(state, 0)
    assert ai.sure_declaration(seen, 0, 4) and not ai.sure_declaration(seen, 0, 5)
    hard = ai.make_hard()
    hard.max_iterations = 400
    assert choose(hard, state, 2) == DECLARE and hard.last_iterations == 0  # no search needed
    # and the search, whose samples give the opponent such hands, finds the same
    result = hard._sample(seen, [DECLARE, END], random.Random(2), 0.0, 0.0)
    declare, end = result.means()
    assert result.playouts <= 400 and declare > end  # settled early or at the cap
    assert declare > ai.match_win_chance(9, 9, True)  # a win, and the next round's first turn
    first_turn = position((FOUR, "RBRBRBRBRBRB"), phase=noaron.PHASE_DECIDE, turn_number=1, start_seat=0)
    assert not ai.sure_declaration(RULES.observe(first_turn, 0), 0, 4)  # no evidence yet


def test_hard_candidates_are_every_take_and_the_best_discards_and_inserts() -> None:
    hard = ai.make_hard()
    take = random_position(4, noaron.PHASE_TAKE)
    seen = RULES.observe(take, take.turn)
    legal = RULES.legal_actions(take, take.turn)
    assert hard.candidates(seen, legal) == legal
    normal = ai.make("normal")
    for phase in (noaron.PHASE_DISCARD, noaron.PHASE_INSERT):
        for seed in range(4):
            state = random_position(seed, phase)
            seen = RULES.observe(state, state.turn)
            legal = RULES.legal_actions(state, state.turn)
            picked = hard.candidates(seen, legal)
            assert len(picked) == ai.TOP_CANDIDATES and set(picked) <= set(legal)
            assert normal.choose(seen, legal, random.Random(0), 0.0) in picked


def test_hard_stops_early_only_when_the_paired_differences_settle_the_choice() -> None:
    rules = ai.HARD_RACE
    clear = [[0.6 + 0.1 * (k % 3) for k in range(64)], [0.5 + 0.1 * (k % 3) for k in range(64)]]
    assert leader_settled(clear, rules.settle_z, rules.settle_equal)  # always 0.1 behind on the same sample
    noisy = [[float(k % 2) for k in range(64)], [float((k // 2) % 2) for k in range(64)]]
    assert not leader_settled(noisy, rules.settle_z, rules.settle_equal)
    same = [[0.3 + 0.01 * k for k in range(64)]] * 3
    assert leader_settled(same, rules.settle_z, rules.settle_equal)  # identical: nothing to gain by looking longer


@pytest.mark.slow
def test_hard_plays_whole_matches_legally_within_a_time_budget() -> None:
    hard = ai.make_hard()
    state = RULES.new_game(2, 11)
    rng = random.Random(11)
    normal = ai.make("normal")
    while not RULES.is_over(state):
        seat = state.turn
        legal = RULES.legal_actions(state, seat)
        agent = hard if seat == 0 else normal
        action = agent.choose(RULES.observe(state, seat), legal, rng, 0.02)
        assert action in legal
        RULES.apply(state, seat, action)


def _odds_of_true_hands(opponent, games: int) -> list[tuple[float, int]]:
    """(odds given to the opponent's real hand, hands given more) at each of seat 0's takes, in
    games where seat 1 is ``opponent`` and seat 0 Normal."""
    normal = ai.make("normal")
    found = []
    for game in range(games):
        state = RULES.new_game(2, 300 + game)
        rng = random.Random(game)
        while not RULES.is_over(state):
            seat = RULES.to_move(state)[0]
            seen = RULES.observe(state, seat)
            tells = ai.opponent_tells(seen) if seat == 0 else ()
            if seat == 0 and seen.phase == noaron.PHASE_TAKE and tells:
                odds = ai.hand_odds(tells)
                truth = odds.get(noaron.hand_mask(state.hands[1]), 0.0)
                found.append((truth, sum(1 for value in odds.values() if value > truth)))
            agent = normal if seat == 0 else opponent
            RULES.apply(state, seat, agent.choose(seen, RULES.legal_actions(state, seat), rng, 0.0))
    return found


def test_normals_shown_turns_give_its_real_hand_away() -> None:
    found = _odds_of_true_hands(ai.make("normal"), 20)
    assert len(found) >= 20
    assert all(truth > 0.0 for truth, _ in found)
    assert sum(1 for _, above in found if above == 0) >= len(found) // 2  # most often the likeliest hand
    assert sum(truth for truth, _ in found) / len(found) > 100 / 4096  # far above a blind guess


def test_other_players_hands_keep_some_odds() -> None:
    # Easy's discards and gaps are not Normal's: its hands are down-weighted, never ruled out
    found = _odds_of_true_hands(ai.make("easy"), 6)
    assert found and all(truth > 0.0 for truth, _ in found)


def test_a_drawn_opponent_hand_is_one_the_unseen_cards_can_make() -> None:
    tells = (("", 3, "RR", 4, 1),)
    odds = ai.hand_odds(tells)
    assert abs(sum(odds.values()) - 1.0) < 1e-9
    rng = random.Random(3)
    for reds in (2, 6, 30):
        unseen = [noaron.RED] * reds + [noaron.BLACK] * 30
        rng.shuffle(unseen)
        hand = ai.draw_opponent_hand(tells, unseen, rng)
        if hand is None:
            continue
        assert len(hand) == noaron.HAND_SIZE and hand.count(noaron.RED) <= reds
        assert Counter(unseen) + Counter(hand) == Counter({noaron.RED: reds, noaron.BLACK: 30})
    assert ai.draw_opponent_hand(tells, [noaron.BLACK] * 40, rng) in (None, [noaron.BLACK] * 12)


def test_hard_samples_the_opponent_from_its_shown_turns() -> None:
    state = RULES.new_game(2, 1)  # a deal whose first round lasts until seat 0 has seen a tell
    rng = random.Random(21)
    normal = ai.make("normal")
    while not (state.turn == 0 and state.phase == noaron.PHASE_TAKE and ai.opponent_tells(RULES.observe(state, 0))):
        seat = RULES.to_move(state)[0]
        RULES.apply(state, seat, normal.choose(RULES.observe(state, seat), RULES.legal_actions(state, seat), rng, 0.0))
    seen = RULES.observe(state, 0)
    odds = ai.hand_odds(ai.opponent_tells(seen))
    for seed in range(20):
        sample = ai.SEARCH_RULES.determinize(seen, random.Random(seed))
        assert noaron.hand_mask(sample.hands[1]) in odds
        assert Counter(all_cards_of(sample)) == Counter(noaron.DECK)


def all_cards_of(state: NoaronState) -> list[str]:
    cards = list(state.deck) + list(state.reserve)
    for seat in (0, 1):
        cards += state.hands[seat] + state.stakes[seat] + state.set_aside[seat]
        cards += state.piles[seat][0] + state.piles[seat][1]
    return cards
