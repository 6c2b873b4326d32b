"""That Old Wallpaper AI: the shared placement heuristic, Normal's exact number odds, Easy, and Hard's
search rules (hidden simultaneous choices resampled, the rest of the turn played automatically)."""

from __future__ import annotations

import itertools
import pickle
import random
from collections import Counter
from typing import Any

import pytest

from game.ai import wallpaper as ai
from game.ai.base import make_agent
from game.ai.random_agent import RandomAgent
from game.rules import wallpaper as wp
from game.rules.wallpaper import CARDS, GRANDMA, HAZY_FIRST, RULES, WallpaperState, pick, place, play
from game.tournament import play_game


# ----- helpers -------------------------------------------------------------------------------
def card_with(**want: str) -> int:
    """The first wallpaper card whose fields match ``want``."""
    return next(card.id for card in CARDS if all(getattr(card, k) == v for k, v in want.items()))


def decide(agent: Any, state: WallpaperState, seat: int, seed: int = 0, budget: float = 0.0) -> wp.WallpaperAction:
    """What ``agent`` plays for ``seat`` (a legal action, checked)."""
    legal = RULES.legal_actions(state, seat)
    action = agent.choose(RULES.observe(state, seat), legal, random.Random(seed), budget)
    assert action in legal
    return action


def set_hand(state: WallpaperState, seat: int, numbers: tuple[int, ...], discards: tuple[int, ...] = ()) -> None:
    """Give ``seat`` this hand and discard pile; the rest of its numbers form its pile."""
    state.hands[seat] = sorted(numbers)
    state.discards[seat] = list(discards)
    state.piles[seat] = [n for n in wp.NUMBERS if n not in numbers and n not in discards]


def midgame(players: int, seed: int, phase: str) -> WallpaperState:
    """A position after random moves where the seat to move faces ``phase`` with a real choice."""
    rng = random.Random(seed)
    state = RULES.new_game(players, seed)
    target = rng.randrange(20, 120)
    steps = 0
    while True:
        seat = RULES.to_move(state)[0]
        legal = RULES.legal_actions(state, seat)
        if steps >= target and state.phase == phase and len(legal) > 1:
            return state
        RULES.advance(state, seat, rng.choice(legal))
        steps += 1
        if RULES.is_over(state):
            state, steps = RULES.new_game(players, seed + 1000 + steps), 0


# ----- levels ----------------------------------------------------------------------------------
def test_make_agent_builds_every_level() -> None:
    assert isinstance(make_agent("wallpaper", "random"), RandomAgent)
    assert isinstance(make_agent("wallpaper", "easy"), ai.WallpaperEasy)
    assert isinstance(make_agent("wallpaper", "normal"), ai.WallpaperNormal)
    hard = make_agent("wallpaper", "hard")
    assert isinstance(hard, ai.WallpaperHard) and isinstance(hard.rules, ai.WallpaperSearchRules)
    with pytest.raises(ValueError):
        ai.make("hard")


@pytest.mark.slow
@pytest.mark.parametrize("level,players", list(itertools.product(["easy", "normal"], [2, 3, 4, 5])))
def test_heuristics_play_whole_games_legally(level: str, players: int) -> None:
    agent = make_agent("wallpaper", level)
    state = RULES.new_game(players, players)
    rng = random.Random(players)
    while not RULES.is_over(state):
        seat = RULES.to_move(state)[0]
        legal = RULES.legal_actions(state, seat)
        RULES.apply(state, seat, agent.choose(RULES.observe(state, seat), legal, rng, 0.0))
    assert len(RULES.result(state).scores) == players


# ----- the shared placement heuristic ---------------------------------------------------------------------
def test_colour_value_pairs_and_fading_hopes() -> None:
    assert ai.colour_value(0, 0) == 0.0
    assert ai.colour_value(1, 0) == pytest.approx(ai.SPARE)
    assert ai.colour_value(2, 0) == pytest.approx(ai.SPARE * (1 + ai.SPARE_DECAY))
    assert ai.colour_value(1, 1) == ai.PAIR_POINTS
    assert ai.colour_value(3, 1, late=0.0) == ai.PAIR_POINTS
    assert ai.hope(10) == 1.0 and ai.hope(0) == 0.0


def test_a_shape_that_completes_a_pair_is_worth_more_than_a_waiting_one() -> None:
    upper = card_with(bottom="R", top="G")
    card = card_with(top="R", centre="")
    wall = {(0, 0): (upper, 0)}
    red = 2 * wp.COLOUR_INDEX["R"]
    waiting_small = [0] * 8
    waiting_small[red + 1] = 1  # a small red shape waits for a large one
    waiting_large = [0] * 8
    waiting_large[red] = 1
    pairs = ai.placement_value(wall, waiting_small, (0, 1), card, 0)
    more = ai.placement_value(wall, waiting_large, (0, 1), card, 0)
    assert pairs > more + 0.5  # 2 points now minus the hope the waiting shape had, against a second wait


def test_best_placement_is_the_top_of_the_ranking_and_legal() -> None:
    state = midgame(4, 2, wp.PHASE_PLACE)
    seat = state.placer
    card = state.pending[0]
    wall, frontier, tally = state.walls[seat], state.frontier[seat], state.tally[seat]
    cell, _rot, value = ai.best_placement(wall, frontier, tally, card)
    ranked = ai.ranked_placements(wall, frontier, tally, card)
    assert value == pytest.approx(ranked[0][0]) and cell in frontier
    assert len(ranked) == 2 * len(frontier)


def test_a_mismatch_is_worth_less_than_leaving_the_half_open() -> None:
    base = card_with(bottom="G", top="G")
    wall = {(0, 0): (base, 0)}
    tally = ai.tally_of(wall)
    clash = card_with(top="R", bottom="R")
    below = ai.placement_value(wall, tally, (0, 1), clash, 0)  # red against green
    beside = ai.placement_value(wall, tally, (1, 0), clash, 0)
    assert below < beside


def test_hazy_cards_at_the_end_go_where_they_complete_most() -> None:
    state = midgame(3, 4, wp.PHASE_PLACE)
    seat = state.placer
    wall = state.walls[seat]
    cell, rot, _ = ai.best_placement(wall, state.frontier[seat], state.tally[seat], HAZY_FIRST, late=0.0)
    gained = wp.shape_gain(wall, cell, HAZY_FIRST, rot)
    best = max(len(wp.shape_gain(wall, other, HAZY_FIRST, 0)) for other in state.frontier[seat])
    assert len(gained) >= 1 or best == 0
    assert rot == 0  # a hazy card is the same both ways: no second turn tried


# The example (see test_wallpaper_rules): wall card 0, row [2, 14]; 14 must go first.
EXAMPLE_WALL, EXAMPLE_A, EXAMPLE_B = 0, 2, 14


def test_plan_row_puts_the_card_that_opens_the_pair_first() -> None:
    view = ai.WallView.of({(0, 0): (EXAMPLE_WALL, 0)})
    _, plan = ai.plan_row(view.wall, view.frontier, view.tally, [EXAMPLE_A, EXAMPLE_B])
    assert [card for card, _, _ in plan] == [EXAMPLE_B, EXAMPLE_A]
    wall = dict(view.wall)
    for card, cell, rot in plan:
        assert wp.is_legal_cell(wall, cell)
        wall[cell] = (card, rot)
    assert wp.shape_points(wall) == 2


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_normal_and_hard_place_the_example_row_in_the_scoring_order(level: str) -> None:
    state = RULES.new_game(3, 1)
    state.token_line = [0, 1, 2]
    state.walls[0] = {(0, 0): (EXAMPLE_WALL, 0)}
    state.deck.remove(EXAMPLE_WALL)
    RULES.rebuild_summaries(state)
    state.rows[0] = [EXAMPLE_A, EXAMPLE_B]
    for seat, number in ((0, 9), (1, 2), (2, 1)):
        set_hand(state, seat, (number, *[n for n in wp.NUMBERS if n != number][:4]))
        RULES.apply(state, seat, play(number))
    agent = make_agent("wallpaper", level)
    first = decide(agent, state, 0)
    assert first.card == EXAMPLE_B
    RULES.apply(state, 0, first)
    RULES.apply(state, 0, decide(agent, state, 0))
    assert wp.shape_points(state.walls[0]) == 2


def row_order_total(wall: dict, frontier: set, tally: list, cards: list[int]) -> float:
    """The heuristic sum when each card in turn takes its best placement (the old forced order)."""
    wall, frontier, tally = dict(wall), set(frontier), list(tally)
    total = 0.0
    for card in cards:
        cell, rot, value = ai.best_placement(wall, frontier, tally, card)
        wp.add_to_wall(wall, frontier, tally, cell, card, rot)
        total += value
    return total


@pytest.mark.parametrize("seed", range(6))
def test_a_free_order_is_never_worth_less_than_the_row_order(seed: int) -> None:
    state = midgame(4, seed, wp.PHASE_PLACE)
    seat = state.placer
    wall, frontier, tally = state.walls[seat], state.frontier[seat], state.tally[seat]
    rng = random.Random(seed)
    for size in (1, 2, 3, 5):
        cards = rng.sample(list(state.deck), size)
        total, plan = ai.plan_row(wall, frontier, tally, cards)
        assert sorted(card for card, _, _ in plan) == sorted(cards)
        assert total >= row_order_total(wall, frontier, tally, cards) - 1e-9
        check = dict(wall)
        for card, cell, rot in plan:
            assert wp.is_legal_cell(check, cell)
            check[cell] = (card, rot)
        if size == 1:  # one card: simply its best placement
            assert plan == ((cards[0], *ai.best_placement(wall, frontier, tally, cards[0])[:2]),)


def test_row_value_counts_new_memories_and_red_ovals() -> None:
    view = ai.WallView.of({})
    clock = card_with(centre="clock", top="B")
    plain = next(c.id for c in CARDS if c.centre == "" and c.top == CARDS[clock].top)
    oval = next(c.id for c in CARDS if c.centre == wp.OVAL)
    assert ai.row_value(view, [clock], [0, 0]) > ai.row_value(view, [plain], [0, 0])
    # an oval hurts more when it would give this wall the most red ovals
    assert ai.row_value(view, [oval], [0, 0]) < ai.row_value(view, [oval], [3, 3])
    assert ai.row_value(view, [], [0]) == 0.0


# ----- numbers -----------------------------------------------------------------------------------------------
def test_outcome_table_matches_brute_force() -> None:
    others = [([1, 4, 6], True), ([4, 5], False), ([2, 4, 9, 10], True)]
    table = ai.outcome_table(4, others)
    assert sum(table.values()) == pytest.approx(1.0)
    brute: dict[tuple[int, int, bool], float] = {}
    for numbers in itertools.product(*(possible for possible, _ in others)):
        chance = 1.0
        for possible, _ in others:
            chance /= len(possible)
        above = sum(1 for n in numbers if n > 4)
        colliding = [ahead for n, (_, ahead) in zip(numbers, others) if n == 4]
        key = (above, len(colliding), any(colliding))
        brute[key] = brute.get(key, 0.0) + chance
    assert set(table) == set(brute)
    for key, chance in brute.items():
        assert table[key] == pytest.approx(chance)


def test_expected_value_of_a_sure_row() -> None:
    rows = [5.0, 1.0, 0.0]
    # nobody else can play above 6: a 7 surely takes the high end
    others = [([1, 2, 3, 6], False), ([4, 5], False)]
    assert ai.expected_number_value(7, others, rows, 1.0, 0.0) == pytest.approx(5.0)
    # a certain collision with a seat ahead of me in the token line: a hazy card
    assert ai.expected_number_value(5, [([5], True)], [3.0, 2.0], 1.4, 0.0) == pytest.approx(1.4)
    # a certain collision I win: the better of the two blocked rows, minus the token's cost
    assert ai.expected_number_value(5, [([5], False)], [3.0, 2.0], 1.4, 0.5) == pytest.approx(2.5)


def test_normal_plays_just_high_enough_for_the_row_it_wants() -> None:
    state = RULES.new_game(3, 2)
    state.token_line = [0, 1, 2]
    good = [card_with(centre="clock"), card_with(centre="radio"), card_with(centre="teddy")]
    state.rows = [good, [next(c.id for c in CARDS if c.centre == wp.OVAL)], [5]]
    set_hand(state, 0, (2, 3, 7, 9, 10))
    # the others have played their high numbers already (public discards): a 7 is enough
    for seat in (1, 2):
        set_hand(state, seat, (1, 2, 3, 4, 5), discards=(6, 7, 8, 9, 10))
    assert decide(ai.WallpaperNormal(noise=0.0), state, 0) == play(7)
    # with the others' 9 and 10 still unseen, the 7 no longer makes sure of the high end
    for seat in (1, 2):
        set_hand(state, seat, (1, 2, 3, 4, 5), discards=(6, 7, 8))
    assert decide(ai.WallpaperNormal(noise=0.0), state, 0) in (play(9), play(10))


def test_normal_picks_the_best_blocked_row() -> None:
    state = RULES.new_game(3, 5)
    state.token_line = [0, 1, 2]
    memories = [card_with(centre="clock"), card_with(centre="kite")]
    oval = next(c.id for c in CARDS if c.centre == wp.OVAL)
    state.rows = [[5], [oval], memories]
    set_hand(state, 0, (1, 2, 3, 4, 8))
    set_hand(state, 1, (1, 2, 3, 4, 8))
    set_hand(state, 2, (1, 2, 3, 4, 9))
    for seat, number in ((0, 8), (1, 8), (2, 9)):
        RULES.apply(state, seat, play(number))
    while state.phase == wp.PHASE_PLACE:
        RULES.apply(state, state.placer, RULES.legal_actions(state, state.placer)[0])
    assert state.phase == wp.PHASE_PICK and state.picker == 0
    assert {decide(ai.WallpaperNormal(), state, 0, seed) for seed in range(5)} == {pick(2)}  # picks are pure


def test_normal_mixes_its_numbers_but_favours_the_best() -> None:
    state = RULES.new_game(4, 1)  # a hand with one clearly best number (its softmax share is 0.89)
    observation = RULES.observe(state, 0)
    views = ai.wall_views(observation)
    others = ai.modelled_others(observation, 0, views, ai.OTHERS_MODEL)
    values = ai.number_values(observation, 0, ai.all_row_values(observation, views, 0), observation.hand, others)
    best = max(values, key=values.__getitem__)
    pure = {decide(ai.WallpaperNormal(noise=0.0), state, 0, seed).number for seed in range(10)}
    assert pure == {best}
    mixed = Counter(decide(ai.WallpaperNormal(), state, 0, seed).number for seed in range(200))
    assert len(mixed) >= 2, "identical Normals must not all play the same number"
    assert mixed.most_common(1)[0][0] == best
    softmax = ai.softmax(values, ai.NUMBER_NOISE)  # Gumbel noise samples this softmax
    for number, count in mixed.items():
        assert abs(count / 200 - softmax[number]) < 0.1


def test_normal_foresees_the_others_by_their_own_values() -> None:
    state = RULES.new_game(2, 4)
    observation = RULES.observe(state, 0)
    others = ai.modelled_others(observation, 0, ai.wall_views(observation), ai.OTHERS_MODEL)
    assert len(others) == 2  # the other player, then Grandma
    rival, grandma = others[0][0], others[1][0]
    assert isinstance(rival, dict) and sum(rival.values()) == pytest.approx(1.0)
    assert set(rival) == set(ai.possible_numbers(observation, 1))
    assert list(grandma) == ai.possible_numbers(observation, GRANDMA)  # she plays her pile's top: uniform
    assert ai.softmax({1: 0.0, 2: 1.0, 3: 1.0}, 0.0) == {1: 0.0, 2: 0.5, 3: 0.5}
    assert ai.number_odds({3: 0.5, 7: 0.25, 9: 0.25}, 7) == (0.25, 0.25, 0.5)


def test_easy_is_sometimes_random_but_always_legal() -> None:
    state = RULES.new_game(4, 9)
    agent = ai.WallpaperEasy()
    choices = {decide(agent, state, 0, seed) for seed in range(40)}
    assert len(choices) >= 2


# ----- Hard ---------------------------------------------------------------------------------------------------
def test_search_determinize_lets_the_others_choose_hidden_numbers() -> None:
    state = RULES.new_game(4, 3)
    rules = ai.WallpaperSearchRules()
    RULES.apply(state, 2, play(state.hands[2][0]))
    seen = RULES.observe(state, 0)
    picks = set()
    for seed in range(30):
        sample = rules.determinize(seen, random.Random(seed))
        assert rules.to_move(sample) == (0,)
        for seat in (1, 2, 3):
            number = sample.chosen[seat]
            assert number and number not in sample.hands[seat] and number not in sample.discards[seat]
            assert len(sample.hands[seat]) == 4
        assert sample.hands[0] == state.hands[0]
        picks.add(tuple(sample.chosen[1:]))
    assert len(picks) > 1, "the others' hidden choices must vary"


def test_search_advance_plays_the_rest_of_the_turn() -> None:
    state = RULES.new_game(3, 8)
    rules = ai.WallpaperSearchRules()
    sample = rules.determinize(RULES.observe(state, 1), random.Random(1))
    rules.advance(sample, 1, play(sample.hands[1][0]))
    assert rules.is_search_leaf(sample)
    assert sample.turn == 1 and sample.phase == wp.PHASE_CHOOSE
    assert sum(len(wall) for wall in sample.walls) >= 1
    copy = rules.clone(sample)
    assert copy.steps == 1 and RULES.notation(copy) == RULES.notation(sample)
    rewards = rules.search_rewards(sample)
    assert len(rewards) == 3 and all(0.0 < r < 1.0 for r in rewards)


def test_evaluate_at_the_end_is_the_score() -> None:
    state = RULES.new_game(3, 12)
    rng = random.Random(0)
    while not RULES.is_over(state):
        seat = RULES.to_move(state)[0]
        RULES.advance(state, seat, rng.choice(RULES.legal_actions(state, seat)))
    assert ai.evaluate(state) == tuple(float(t) for t in RULES.scored(state).totals)


@pytest.mark.parametrize("phase", [wp.PHASE_CHOOSE, wp.PHASE_PICK, wp.PHASE_PLACE])
def test_hard_answers_legally_in_every_phase(phase: str) -> None:
    hard = ai.make_hard()
    hard.max_iterations = 30
    state = midgame(4, 6, phase)
    seat = RULES.to_move(state)[0]
    decide(hard, state, seat)
    if phase != wp.PHASE_PLACE:
        assert hard.last_iterations == 30


def test_hard_choice_depends_only_on_the_observation() -> None:
    hard = ai.make_hard()
    hard.max_iterations = 40
    state = RULES.new_game(4, 14)
    twin = RULES.clone(state)
    for seat in (1, 2, 3):  # the others' hidden cards differ, what seat 0 sees does not
        twin.hands[seat], twin.piles[seat] = sorted(twin.piles[seat]), sorted(twin.hands[seat])
    twin.deck.reverse()
    assert RULES.observe(state, 0) == RULES.observe(twin, 0)
    assert decide(hard, state, 0, seed=5) == decide(hard, twin, 0, seed=5)


def test_rollout_policy_answers_legally() -> None:
    rng = random.Random(2)
    for seed in range(3):
        state = RULES.new_game(3, seed)
        while not RULES.is_over(state):
            seat = RULES.to_move(state)[0]
            legal = RULES.legal_actions(state, seat)
            action = ai.rollout_policy(RULES, state, seat, legal, rng)
            assert action in legal
            RULES.advance(state, seat, action)


@pytest.mark.slow
def test_heuristics_outscore_random_play() -> None:
    agents = [make_agent("wallpaper", "normal"), make_agent("wallpaper", "easy"), RandomAgent(), RandomAgent()]
    totals = [0.0] * 4
    for game in range(4):
        record = play_game("wallpaper", 4, agents, [0.0] * 4, game, 100 + game, {})
        for slot in range(4):
            totals[slot] += record.scores[slot]
    assert totals[0] > max(totals[2:]) and totals[1] > max(totals[2:])


def test_observations_and_actions_cross_a_process_boundary() -> None:
    state = midgame(2, 3, wp.PHASE_PLACE)
    seen = RULES.observe(state, state.placer)
    assert pickle.loads(pickle.dumps(seen)) == seen
    action = place(12, 0, 1, 180)
    assert pickle.loads(pickle.dumps(action)) == action
