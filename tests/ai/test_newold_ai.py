"""NEW & OLD AI: the Easy and Normal heuristics play with intent, the rollout policy and Hard
(generic ISMCTS) play legally on observations only."""

from __future__ import annotations

import itertools
import pickle
import random
from collections import Counter
from typing import Any

import pytest

from game.ai.base import make_agent
from game.ai.ismcts import IsmctsAgent
from game.ai.newold import (
    NewOldEasy,
    NewOldNormal,
    NormalWeights,
    make,
    rollout_policy,
    solo_chain,
)
from game.ai.random_agent import RandomAgent
from game.core.registry import get_rules
from game.rules.newold import (
    CARDS,
    DECK,
    PHASE_PLAY,
    REVEAL,
    STAGE_A,
    NewOldAction,
    NewOldObservation,
    NewOldState,
)
from game.tournament import play_game

RULES = get_rules("newold")


# ----- helpers -------------------------------------------------------------------------------
def play(card: str) -> NewOldAction:
    """The play action of ``card``."""
    return NewOldAction("play", card)


def position(
    hands: list[list[str]],
    old: str = "O3",
    new: str = "N3",
    stages: str = "",
    turn: int = 0,
    revealed: list[list[str]] | None = None,
) -> NewOldState:
    """A play-phase state with these hands, zone tops, stages and revealed cards; the rest of the
    72 cards goes to the boxes and the rest, so the deck stays whole."""
    players = len(hands)
    revealed = revealed or [[] for _ in range(players)]
    pool = Counter(DECK)
    for card in [c for hand in hands for c in hand] + [old, new] + [c for r in revealed for c in r]:
        pool[card] -= 1
        assert pool[card] >= 0, card
    boxed = []
    for _ in range(players):
        pair = [next(c for c in CARDS[:6] if pool[c]), next(c for c in CARDS[6:] if pool[c])]
        for card in pair:
            pool[card] -= 1
        boxed.append(pair)
    return NewOldState(
        players=players, rank_points=False, rng=random.Random(3), phase=PHASE_PLAY, turn=turn,
        hands=[sorted(h) for h in hands], stages=list(stages or STAGE_A * players),
        left=[False] * players, revealed=[list(r) for r in revealed], zone_old=[old], zone_new=[new],
        boxed=boxed, rest_box=sorted(pool.elements()),
    )


def decide(agent: Any, state: NewOldState, seat: int = 0, seed: int = 0) -> NewOldAction:
    """What ``agent`` plays for ``seat`` in ``state`` (a legal action, checked)."""
    legal = RULES.legal_actions(state, seat)
    action = agent.choose(RULES.observe(state, seat), legal, random.Random(seed), 0.0)
    assert action in legal
    return action


def box_state(hand: list[str], players: int = 3) -> NewOldState:
    """A box-phase state where seat 0 holds ``hand`` (7 New + 7 Old)."""
    state = RULES.new_game(players, 1)
    pool = Counter(DECK) - Counter(hand) - Counter(state.zone_old + state.zone_new)
    assert not Counter(hand) - Counter(DECK)
    others = sorted(pool.elements())
    news = [c for c in others if c[0] == "N"]
    olds = [c for c in others if c[0] == "O"]
    state.hands[0] = sorted(hand)
    for seat in range(1, players):
        state.hands[seat] = sorted(news[:7] + olds[:7])
        del news[:7], olds[:7]
    state.rest_box = sorted(news + olds)
    return state


def midgame(players: int, seed: int, steps: int) -> NewOldState:
    """A play-phase position after random moves where the seat to move has a real choice."""
    rng = random.Random(seed)
    state = RULES.new_game(players, seed)
    done = 0
    while True:
        seat = rng.choice(RULES.to_move(state))
        legal = RULES.legal_actions(state, seat)
        if done >= steps and state.phase == PHASE_PLAY and len(legal) > 1:
            return state
        RULES.advance(state, seat, rng.choice(legal))
        done += 1
        if RULES.is_over(state):
            state, done = RULES.new_game(players, seed + 1000 + done), 0


def permuted_others(state: NewOldState, seat: int, seed: int) -> NewOldState:
    """A copy of ``state`` whose other hands, other boxes and rest hold the same unseen cards dealt
    differently, kind by kind (the same public counts)."""
    rng = random.Random(seed)
    copy = RULES.clone(state)
    others = [s for s in range(state.players) if s != seat]
    for kind in ("N", "O"):
        places = [(copy.hands[s], state.hands[s]) for s in others] + [(copy.boxed[s], state.boxed[s]) for s in others]
        pool = [c for _, old in places for c in old if c[0] == kind] + [c for c in state.rest_box if c[0] == kind]
        rng.shuffle(pool)
        for new_list, old_list in places:
            kept = [c for c in new_list if c[0] != kind]
            count = sum(1 for c in old_list if c[0] == kind)
            new_list[:] = kept + pool[:count]
            del pool[:count]
        copy.rest_box = sorted([c for c in copy.rest_box if c[0] != kind] + pool)
    for s in others:
        copy.hands[s].sort()
        copy.boxed[s].sort()
    return copy


# ----- levels ----------------------------------------------------------------------------------
def test_make_agent_builds_every_level() -> None:
    assert make_agent("newold", "random").name == "random"
    assert isinstance(make_agent("newold", "easy"), NewOldEasy)
    assert isinstance(make_agent("newold", "normal"), NewOldNormal)
    hard = make_agent("newold", "hard")
    assert isinstance(hard, IsmctsAgent) and hard.rollout_policy is rollout_policy
    with pytest.raises(ValueError):
        make("hard")


@pytest.mark.slow
@pytest.mark.parametrize("level", ["easy", "normal"])
def test_heuristics_play_whole_matches_legally(level: str) -> None:
    agent = make(level)
    for players in (2, 3, 4, 5):
        state = RULES.new_game(players, 70 + players, {"rank_points": players % 2 == 0})
        rng = random.Random(players)
        while not RULES.is_over(state):
            seat = rng.choice(RULES.to_move(state))
            legal = RULES.legal_actions(state, seat)
            action = agent.choose(RULES.observe(state, seat), legal, rng, 0.0)
            assert action in legal
            RULES.advance(state, seat, action)


def test_rollout_policy_always_answers_legally_and_never_reveals_without_old_unless_forced() -> None:
    rng = random.Random(3)
    for players in (2, 3, 4, 5):
        state = RULES.new_game(players, players)
        while not RULES.is_over(state):
            seat = RULES.to_move(state)[0]
            legal = RULES.legal_actions(state, seat)
            action = rollout_policy(RULES, state, seat, legal, rng)
            assert action in legal
            if action == REVEAL and len(legal) > 1:
                assert any(card[0] == "O" for card in state.hands[seat])
            in_a = len(legal) > 1 and state.phase == PHASE_PLAY and state.stages[seat] == STAGE_A
            if in_a and any(a.card[:1] == "O" for a in legal):
                assert action.card[:1] == "O"  # a fitting Old card is always shed
            RULES.advance(state, seat, action)


def test_rollout_policy_boxes_like_normal_and_keeps_big_new_cards_in_stage_b() -> None:
    hand = ["N1", "N3", "N5", "N5", "N6", "N6", "N4", "O1", "O1", "O2", "O2", "O3", "O6", "O4"]
    state = box_state(hand)
    legal = RULES.legal_actions(state, 0)
    assert rollout_policy(RULES, state, 0, legal, random.Random(0)) == NewOldAction("box", "N1", "O6")
    shown = position([["N5", "N6", "N2"], ["N1", "O1"]], new="N5", stages="BA", revealed=[["O1"], []])
    assert rollout_policy(RULES, shown, 0, RULES.legal_actions(shown, 0), random.Random(0)) == play("N6")
    hidden = position([["N5", "N6", "N1"], ["N1", "O1"]], new="N5", stages="BA")
    assert rollout_policy(RULES, hidden, 0, RULES.legal_actions(hidden, 0), random.Random(0)) == play("N5")


# ----- the solo chain ---------------------------------------------------------------------------
def brute_solo(counts: tuple[int, ...], top: int, shed: bool) -> int:
    """Every sequence of forced plays tried out, the best total kept (min) or shed (max)."""
    totals = []
    for number in (top, top % 6 + 1):
        if counts[number - 1]:
            rest = list(counts)
            rest[number - 1] -= 1
            totals.append(number + brute_solo(tuple(rest), number, shed))
    if not totals:
        return 0
    return max(totals) if shed else min(totals)


def test_solo_chain_matches_a_brute_force_search() -> None:
    rng = random.Random(5)
    for _ in range(300):
        counts = tuple(rng.randrange(3) for _ in range(6))
        top = rng.randrange(1, 7)
        for shed in (False, True):
            assert solo_chain(counts, top, shed) == brute_solo(counts, top, shed)
    assert solo_chain((0, 0, 0, 0, 0, 0), 3, False) == 0
    assert solo_chain((1, 0, 0, 0, 0, 0), 6, False) == 1  # 6 -> 1 wraps
    assert solo_chain((0, 0, 0, 0, 0, 2), 1, False) == 0  # 6 does not follow 1


# ----- Normal plays with intent -----------------------------------------------------------------
def test_normal_boxes_a_cheap_new_card_and_a_big_awkward_old_card() -> None:
    hand = ["N1", "N3", "N5", "N5", "N6", "N6", "N4", "O1", "O1", "O2", "O2", "O3", "O6", "O4"]
    state = box_state(hand)
    action = decide(NewOldNormal(), state)
    assert action.kind == "box"
    assert action.card == "N1"  # keep the valuable New cards
    assert action.card2 == "O6"  # the biggest Old card: the biggest liability gone


def test_normal_box_choice_follows_its_weights() -> None:
    # own 5s and 6s can put the Old zone where O5 and O6 follow; nothing leads to O4 (no 3 or 4).
    # By default the biggest Old goes (measured best); weighting how hard a card is to shed
    # makes the isolated O4 go instead.
    hand = ["N1", "N2", "N5", "N5", "N6", "N6", "N6", "O1", "O1", "O2", "O4", "O5", "O5", "O6"]
    assert decide(NewOldNormal(), box_state(hand)) == NewOldAction("box", "N1", "O6")
    linked = NewOldNormal(NormalWeights(box_old_link=1.2))
    assert decide(linked, box_state(hand)) == NewOldAction("box", "N1", "O4")


def test_normal_sheds_a_fitting_old_card_before_a_new_one() -> None:
    state = position([["N3", "N4", "N6", "O3", "O5"], ["N1", "O1"], ["N2", "O2"]], old="O3")
    for seed in range(5):
        assert decide(NewOldNormal(), state, seed=seed) == play("O3")


def test_normal_keeps_its_last_old_card_for_the_reveal_when_its_new_hand_is_strong() -> None:
    # O4 fits, but it is the last Old card: without one revealed, the New cards would count
    # against it. Normal gives up a New card instead.
    state = position([["N2", "N3", "N4", "N4", "N5", "N5", "O4"], ["N1", "O1"], ["N2", "O2"]], old="O4",
                     new="N6")
    assert play("O4") in RULES.legal_actions(state, 0)
    assert decide(NewOldNormal(), state).card[0] == "N"


def test_normal_does_not_wait_to_shed_the_old_card_it_keeps_for_the_reveal() -> None:
    # one Old card left (O4, not fitting the 1): reveal now with a good New hand rather than give
    # up N1 hoping to shed O4 later, which a Normal with no kept Old card (keep_olds=0) would do
    state = position([["N1", "N3", "N3", "N5", "N6", "O4"], ["N1", "O1"], ["N2", "O2"]], old="O1", new="N2")
    assert RULES.legal_actions(state, 0) == [play("N1"), REVEAL]
    assert decide(NewOldNormal(), state) == REVEAL
    assert decide(NewOldNormal(NormalWeights(keep_olds=0)), state) == play("N1")


def test_normal_keeps_the_old_zone_where_its_other_old_cards_follow() -> None:
    # O4 and O5 both fit on a 4; after O4 the zone still takes O5 next turn, after O5 nothing of mine
    state = position([["N6", "N6", "O4", "O5", "O1", "O1"], ["N1", "O1"], ["N2", "O2"]], old="O4")
    assert decide(NewOldNormal(), state) == play("O4")


def test_normal_reveals_when_little_old_is_left_and_the_new_hand_is_strong() -> None:
    # no Old card fits the 3; N3 would fit, but one low Old and big New cards that do not follow
    # the New zone's 2: reveal now and keep them
    state = position([["N3", "N5", "N6", "N6", "O1"], ["N1", "O1"], ["N2", "O2"]], old="O3", new="N2")
    assert RULES.legal_actions(state, 0) == [play("N3"), REVEAL]
    assert decide(NewOldNormal(), state) == REVEAL


def test_normal_delays_the_reveal_while_much_old_is_left() -> None:
    state = position([["N3", "N1", "O6", "O6", "O5", "O1"], ["N1", "O1"], ["N2", "O2"]], old="O3", new="N2")
    assert RULES.legal_actions(state, 0) == [play("N3"), REVEAL]
    assert decide(NewOldNormal(), state) == play("N3")


def test_normal_never_reveals_by_choice_without_an_old_card() -> None:
    state = position([["N3", "N5", "N6"], ["N1", "O1"], ["N2", "O2"]], old="O3", new="N2")
    assert RULES.legal_actions(state, 0) == [play("N3"), REVEAL]
    assert decide(NewOldNormal(), state) == play("N3")


def test_normal_in_stage_b_with_old_shown_gives_up_the_cheap_card_and_gets_stuck() -> None:
    # New zone on 5: N5 or N6 fit. After N5 the top is 5 and N6 must follow next turn (keep 2);
    # after N6 the top is 6 and neither N5 nor N2 follows (keep 7): give up N6 and get stuck
    state = position([["N5", "N6", "N2"], ["N1", "O1"]], new="N5", stages="BA", revealed=[["O1"], []])
    assert RULES.legal_actions(state, 0) == [play("N5"), play("N6")]
    assert decide(NewOldNormal(), state) == play("N6")


def test_normal_in_stage_b_without_old_shown_keeps_a_chain_going_to_empty_its_hand() -> None:
    state = position([["N5", "N6", "N1"], ["N1", "O1"]], new="N5", stages="BA", revealed=[[], []])
    # nothing Old shown: New cards left at the end count against it; N5 -> N6 -> N1 empties the hand
    assert decide(NewOldNormal(), state) == play("N5")


def test_normal_choice_follows_its_weights() -> None:
    # with the B forecast switched off, revealing looks as good as the raw hand: still a reveal
    state = position([["N3", "N5", "N6", "N6", "O1"], ["N1", "O1"], ["N2", "O2"]], old="O3", new="N2")
    agent = NewOldNormal(NormalWeights(future_b=0.0))
    assert decide(agent, state) == REVEAL


# ----- Easy ----------------------------------------------------------------------------------------
def test_easy_boxes_its_biggest_old_card_and_sheds_fitting_old_cards() -> None:
    hand = ["N1", "N3", "N5", "N5", "N6", "N6", "N4", "O1", "O1", "O2", "O2", "O3", "O6", "O4"]
    for seed in range(5):
        assert decide(NewOldEasy(), box_state(hand), seed=seed).card2 == "O6"
    state = position([["N3", "N4", "N6", "O3", "O5"], ["N1", "O1"], ["N2", "O2"]], old="O3")
    for seed in range(5):
        assert decide(NewOldEasy(), state, seed=seed) == play("O3")


def test_easy_does_not_reveal_by_choice_without_an_old_card() -> None:
    state = position([["N3", "N5", "N6"], ["N1", "O1"], ["N2", "O2"]], old="O3", new="N2")
    for seed in range(10):
        assert decide(NewOldEasy(), state, seed=seed) == play("N3")


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_heuristics_outscore_random_play(level: str) -> None:
    """Seeded and deterministic: over 24 three-player matches with seat rotation the heuristic's
    mean total beats the random players' mean."""
    hero_total = random_total = 0.0
    for index in range(24):
        record = play_game("newold", 3, [make(level), RandomAgent(), RandomAgent()], [0.0] * 3, index, 400)
        hero_total += record.scores[0]
        random_total += (record.scores[1] + record.scores[2]) / 2
    assert hero_total > random_total + 24 * 5


def test_normal_outscores_easy() -> None:
    normal = easy = 0.0
    for index in range(30):
        record = play_game("newold", 2, [make("normal"), make("easy")], [0.0, 0.0], index, 900)
        normal += record.scores[0]
        easy += record.scores[1]
    assert normal > easy


# ----- Hard: ISMCTS on observations only -------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 5])
def test_ismcts_returns_a_legal_action_in_the_box_phase_and_in_play(players: int) -> None:
    agent = IsmctsAgent(RULES, rollout_policy=rollout_policy, max_iterations=40)
    setup = RULES.new_game(players, 11)
    seat = RULES.to_move(setup)[-1]
    legal = RULES.legal_actions(setup, seat)
    assert agent.choose(RULES.observe(setup, seat), legal, random.Random(1), 0.0) in legal
    state = midgame(players, 12, 10)
    seat = RULES.to_move(state)[0]
    legal = RULES.legal_actions(state, seat)
    assert agent.choose(RULES.observe(state, seat), legal, random.Random(2), 0.0) in legal
    assert agent.last_iterations == 40


@pytest.mark.parametrize("seed", [21, 22])
def test_ismcts_choice_does_not_depend_on_the_hidden_cards(seed: int) -> None:
    state = midgame(4, seed, 12)
    seat = RULES.to_move(state)[0]
    other = permuted_others(state, seat, seed)
    assert RULES.notation(other) != RULES.notation(state)
    observation = RULES.observe(state, seat)
    assert RULES.observe(other, seat) == observation
    legal = RULES.legal_actions(state, seat)
    first = IsmctsAgent(RULES, rollout_policy=rollout_policy, max_iterations=150)
    second = IsmctsAgent(RULES, rollout_policy=rollout_policy, max_iterations=150)
    action = first.choose(observation, legal, random.Random(seed), 0.0)
    assert second.choose(RULES.observe(other, seat), legal, random.Random(seed), 0.0) == action
    assert first.root_statistics() == second.root_statistics()


def test_ismcts_prefers_keeping_its_big_new_cards_in_a_clear_case() -> None:
    # stage B with an Old card shown and the New zone on 5: N6 then leaves N5, N2 stuck (keep 7),
    # N5 forces N6 next (keep 2 only)
    state = position([["N5", "N6", "N2"], ["N1", "O1", "O6"]], new="N5", stages="BA", revealed=[["O1"], []])
    legal = RULES.legal_actions(state, 0)
    agent = IsmctsAgent(RULES, rollout_policy=rollout_policy, max_iterations=400)
    assert agent.choose(RULES.observe(state, 0), legal, random.Random(4), 0.0) == play("N6")


def test_observations_and_actions_cross_a_process_boundary() -> None:
    state = midgame(3, 5, 8)
    seat = RULES.to_move(state)[0]
    observation = RULES.observe(state, seat)
    assert isinstance(observation, NewOldObservation)
    assert pickle.loads(pickle.dumps(observation)) == observation
    legal = RULES.legal_actions(state, seat)
    assert pickle.loads(pickle.dumps(legal)) == legal
    for new, old in itertools.product(("N1", "N6"), ("O1", "O6")):
        action = NewOldAction("box", new, old)
        assert pickle.loads(pickle.dumps(action)) == action
