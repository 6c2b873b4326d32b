"""AI behaviour: random and heuristic agents, ISMCTS on observations only, the worker, tournaments."""

from __future__ import annotations

import json
import logging
import random
import time
from collections import Counter
from typing import Any

import pytest

from game.ai import neko as neko_ai
from game.ai.base import make_agent
from game.ai.ismcts import IsmctsAgent
from game.ai.neko import NekoEasy, NekoNormal, make, rollout_policy
from game.ai.random_agent import RandomAgent
from game.ai.worker import AiWorker
from game.bench import bench_ai, bench_rules, percentile
from game.core.registry import get_rules
from game.rules.neko import DECK, NekoAction, NekoObservation, NekoState
from game.tournament import (
    format_report,
    play_game,
    run_tournament,
    wilson_interval,
)

RULES = get_rules("neko")
WAIT_SECONDS = 60.0  # generous: a loaded 2-core machine may be slow to spawn a process


# ----- helpers -------------------------------------------------------------------------------
def random_position(players: int, seed: int, steps: int) -> NekoState:
    """A play-phase neko state after random moves, where the seat to move has a real choice."""
    rng = random.Random(seed)
    state = RULES.new_game(players, seed)
    done = 0
    while True:
        seat = RULES.to_move(state)[0]
        legal = RULES.legal_actions(state, seat)
        if done >= steps and state.phase == "play" and len(legal) > 2:
            return state
        RULES.advance(state, seat, legal[rng.randrange(len(legal))])
        done += 1
        if RULES.is_over(state):
            state, done = RULES.new_game(players, seed + 1000 + done), 0


def forced_win_state() -> NekoState:
    """4 players, seat 0 to move holding a single 2 that fits on its own stack (position 0).

    Cat on position 3, so the playable stacks read 0, 1, 2 with tops 3, 5, 7: a 2 goes only on
    position 0 (below 5). Playing it empties the hand: +1 and the cat's +2.
    """
    stacks = [[1, 1, 3], [6, 5], [8, 7], [8, 4]]
    hand0 = [2]
    remaining = list(DECK)
    for card in hand0 + [card for stack in stacks for card in stack]:
        remaining.remove(card)
    hands = [hand0, sorted(remaining[0:5]), sorted(remaining[5:10]), sorted(remaining[10:])]
    return NekoState(
        players=4, simple=False, quick=False, rng=random.Random(0), phase="play",
        hands=hands, stacks=stacks, rest=[], cat=3, turn=0, passes=2,
    )


def give_hand(state: NekoState, seat: int, cards: list[int]) -> None:
    """Make ``cards`` the hand of ``seat``, swapping cards with the other hands to keep the deck whole."""
    pool = Counter(card for other in range(state.players) for card in state.hands[other])
    assert not Counter(cards) - pool, "those cards are not in any hand"
    for card in cards:
        holder = next(other for other in range(state.players) if other != seat and card in state.hands[other])
        state.hands[holder].remove(card)
    returned = Counter(state.hands[seat]) - Counter(cards)
    state.hands[seat] = sorted(cards)
    others = [other for other in range(state.players) if other != seat]
    for index, card in enumerate(returned.elements()):
        state.hands[others[index % len(others)]].append(card)
    for other in others:
        state.hands[other].sort()


def permuted_opponents(state: NekoState, seat: int, seed: int) -> NekoState:
    """A copy of ``state`` with the other seats' cards dealt differently (same counts)."""
    rng = random.Random(seed)
    others = [other for other in range(state.players) if other != seat]
    pool = [card for other in others for card in state.hands[other]]
    copy = RULES.clone(state)
    while True:
        rng.shuffle(pool)
        start = 0
        for other in others:
            count = len(state.hands[other])
            copy.hands[other] = sorted(pool[start:start + count])
            start += count
        if any(copy.hands[other] != state.hands[other] for other in others):
            return copy


class SpyRules:
    """Delegates to the neko rules and records every state ``determinize`` hands out."""

    def __init__(self) -> None:
        self.samples: list[NekoState] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(RULES, name)

    def determinize(self, observation: NekoObservation, rng: random.Random) -> NekoState:
        """The real determinization, remembered (a copy, since search mutates it)."""
        state = RULES.determinize(observation, rng)
        self.samples.append(RULES.clone(state))
        return state


def raising_factory(game_id: str, level: str) -> Any:
    """An agent factory whose agents always fail."""

    class Broken:
        name = "broken"

        def choose(self, observation: Any, legal: Any, rng: random.Random, budget: float) -> Any:
            raise RuntimeError("this agent is broken on purpose")

    return Broken()


def wait_for_answer(worker: AiWorker) -> tuple[int, Any]:
    """Poll like a frame loop until the worker answers."""
    deadline = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < deadline:
        answer = worker.poll()
        if answer is not None:
            return answer
        time.sleep(0.01)
    raise AssertionError("the AI worker never answered")


# ----- random agent ------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_agent_always_picks_a_legal_action(players: int) -> None:
    agent = RandomAgent()
    rng = random.Random(players)
    state = RULES.new_game(players, 5)
    seen: set[NekoAction] = set()
    while not RULES.is_over(state):
        seat = RULES.to_move(state)[0]
        legal = RULES.legal_actions(state, seat)
        action = agent.choose(RULES.observe(state, seat), legal, rng, 0.0)
        assert action in legal
        seen.add(action)
        RULES.advance(state, seat, action)
    assert any(action.kind == "play" for action in seen) and any(action.kind == "pass" for action in seen)


def test_make_agent_builds_every_level() -> None:
    assert make_agent("neko", "random").name == "random"
    assert make_agent("neko", "easy").name == "easy"
    assert make_agent("neko", "normal").name == "normal"
    hard = make_agent("neko", "hard")
    assert isinstance(hard, IsmctsAgent) and hard.rollout_policy is rollout_policy
    with pytest.raises(ValueError):
        make("hard")


# ----- ISMCTS ---------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_ismcts_returns_a_legal_action_at_setup_and_in_play(players: int) -> None:
    agent = IsmctsAgent(RULES, rollout_policy=rollout_policy, max_iterations=60)
    setup = RULES.new_game(players, 11)
    seat = RULES.to_move(setup)[0]
    legal = RULES.legal_actions(setup, seat)
    assert agent.choose(RULES.observe(setup, seat), legal, random.Random(1), 0.0) in legal
    state = random_position(players, 12, 8)
    seat = RULES.to_move(state)[0]
    legal = RULES.legal_actions(state, seat)
    assert agent.choose(RULES.observe(state, seat), legal, random.Random(2), 0.0) in legal
    assert agent.last_iterations == 60
    assert sum(visits for visits, _ in agent.root_statistics().values()) == 60


def test_ismcts_answers_a_single_legal_action_without_searching() -> None:
    agent = IsmctsAgent(RULES, max_iterations=500)
    state = random_position(4, 3, 5)
    seat = RULES.to_move(state)[0]
    assert agent.choose(RULES.observe(state, seat), [NekoAction("pass")], random.Random(0), 1.0) == NekoAction("pass")
    assert agent.last_iterations == 0


@pytest.mark.parametrize("seed", [21, 22, 23])
def test_ismcts_choice_does_not_depend_on_the_hidden_cards(seed: int) -> None:
    state = random_position(4, seed, 6)
    seat = RULES.to_move(state)[0]
    other = permuted_opponents(state, seat, seed)
    assert other.hands != state.hands
    observation = RULES.observe(state, seat)
    assert RULES.observe(other, seat) == observation
    legal = RULES.legal_actions(state, seat)
    assert RULES.legal_actions(other, seat) == legal
    first = IsmctsAgent(RULES, rollout_policy=rollout_policy, max_iterations=300)
    second = IsmctsAgent(RULES, rollout_policy=rollout_policy, max_iterations=300)
    action = first.choose(observation, legal, random.Random(seed), 0.0)
    assert second.choose(RULES.observe(other, seat), legal, random.Random(seed), 0.0) == action
    assert first.root_statistics() == second.root_statistics()


def test_ismcts_takes_the_move_that_empties_its_hand() -> None:
    state = forced_win_state()
    legal = RULES.legal_actions(state, 0)
    assert legal == [NekoAction("play", 2, 0), NekoAction("pass")]
    for seed in range(3):
        agent = IsmctsAgent(RULES, rollout_policy=rollout_policy, max_iterations=200)
        assert agent.choose(RULES.observe(state, 0), legal, random.Random(seed), 0.0) == NekoAction("play", 2, 0)
    uniform = IsmctsAgent(RULES, rollout_policy=None, max_iterations=200)
    assert uniform.choose(RULES.observe(state, 0), legal, random.Random(9), 0.0) == NekoAction("play", 2, 0)


def test_ismcts_samples_varied_determinizations_consistent_with_the_observation() -> None:
    state = random_position(4, 31, 4)
    seat = RULES.to_move(state)[0]
    observation = RULES.observe(state, seat)
    spy = SpyRules()
    agent = IsmctsAgent(spy, rollout_policy=rollout_policy, max_iterations=150)  # type: ignore[arg-type]
    agent.choose(observation, RULES.legal_actions(state, seat), random.Random(4), 0.0)
    assert len(spy.samples) >= 150
    unseen = Counter(RULES.unseen_cards(observation))
    deals = set()
    for sample in spy.samples:
        assert RULES.observe(sample, seat) == observation
        hidden = Counter(card for other in range(4) if other != seat for card in sample.hands[other])
        assert hidden + Counter(sample.rest) == unseen
        deals.add(tuple(tuple(hand) for hand in sample.hands))
    true_deal = tuple(tuple(hand) for hand in state.hands)
    assert len(deals) > 50
    assert sum(1 for sample in spy.samples if tuple(map(tuple, sample.hands)) == true_deal) < len(spy.samples) / 10


def test_ismcts_runs_reproducibly_on_an_iteration_budget() -> None:
    state = random_position(3, 41, 6)
    seat = RULES.to_move(state)[0]
    observation = RULES.observe(state, seat)
    legal = RULES.legal_actions(state, seat)
    stats = []
    for _ in range(2):
        agent = IsmctsAgent(RULES, rollout_policy=rollout_policy, max_iterations=120)
        agent.choose(observation, legal, random.Random(5), 0.0)
        stats.append(agent.root_statistics())
    assert stats[0] == stats[1]
    assert set(stats[0]) <= set(legal)


def test_ismcts_time_budget_stops_the_search() -> None:
    state = random_position(4, 51, 6)
    seat = RULES.to_move(state)[0]
    agent = IsmctsAgent(RULES, rollout_policy=rollout_policy)
    action = agent.choose(RULES.observe(state, seat), RULES.legal_actions(state, seat), random.Random(0), 0.05)
    assert action in RULES.legal_actions(state, seat)
    assert agent.last_iterations >= 1


# ----- heuristics ------------------------------------------------------------------------------
def test_every_neko_level_empties_its_hand_when_it_can() -> None:
    state = forced_win_state()
    legal = RULES.legal_actions(state, 0)
    observation = RULES.observe(state, 0)
    for agent in (NekoEasy(), NekoNormal()):
        for seed in range(10):
            assert agent.choose(observation, legal, random.Random(seed), 0.0) == NekoAction("play", 2, 0)
    for seed in range(10):
        assert rollout_policy(RULES, state, 0, legal, random.Random(seed)) == NekoAction("play", 2, 0)


def test_easy_and_normal_prefer_their_own_stack_to_feeding_an_opponent() -> None:
    state = forced_win_state()
    give_hand(state, 0, [2, 5])  # 5 fits on position 1 (seat 1's stack, between 3 and 7)
    legal = RULES.legal_actions(state, 0)
    assert NekoAction("play", 2, 0) in legal and NekoAction("play", 5, 1) in legal
    observation = RULES.observe(state, 0)
    for seed in range(10):
        assert NekoEasy().choose(observation, legal, random.Random(seed), 0.0) == NekoAction("play", 2, 0)
        assert NekoNormal().choose(observation, legal, random.Random(seed), 0.0) == NekoAction("play", 2, 0)


def test_when_the_stall_breaker_makes_normal_play_the_cat_lands_on_the_next_players_stack() -> None:
    state = forced_win_state()
    give_hand(state, 0, [2, 8])
    state.cat = 0  # on seat 0's own stack: tops 5, 7, 4 around it take only an 8, on seats 1 and 3
    state.passes = 4  # everyone passed once: seat 0 must play
    legal = RULES.legal_actions(state, 0)
    assert legal == [NekoAction("play", 8, 1), NekoAction("play", 8, 3)]
    # same tops; seat 0 has 5 cards, seat 1 two (a rival within reach), seat 3 one (far behind)
    state.stacks = [[1, 1, 8, 6, 3], [8, 5], [7], [4]]
    view = neko_ai._view(RULES.observe(state, 0))
    weights = neko_ai.NormalWeights()
    # feeding the trailer costs less, but leaves seat 1 (next) free to play on its own stack (3 < x < 7)
    assert neko_ai._feed_cost(view, 3, weights) < neko_ai._feed_cost(view, 1, weights)
    assert neko_ai._next_player_threat(view, 3, view.tops) > 0.5
    choice = NekoNormal().choose(RULES.observe(state, 0), legal, random.Random(0), 0.0)
    assert choice == NekoAction("play", 8, 1)  # the cat then sits on seat 1's stack


def test_rollout_policy_always_answers_legally() -> None:
    rng = random.Random(3)
    for players in (2, 3, 4):
        state = RULES.new_game(players, players)
        while not RULES.is_over(state):
            seat = RULES.to_move(state)[0]
            legal = RULES.legal_actions(state, seat)
            action = rollout_policy(RULES, state, seat, legal, rng)
            assert action in legal
            RULES.advance(state, seat, action)


@pytest.mark.slow
@pytest.mark.parametrize("level", ["easy", "normal"])
def test_heuristics_play_whole_matches_legally(level: str) -> None:
    agent = make(level)
    for players in (2, 3, 4):
        state = RULES.new_game(players, 70 + players)
        rng = random.Random(players)
        while not RULES.is_over(state):
            seat = RULES.to_move(state)[0]
            legal = RULES.legal_actions(state, seat)
            action = agent.choose(RULES.observe(state, seat), legal, rng, 0.0)
            assert action in legal
            RULES.advance(state, seat, action)


# ----- worker -------------------------------------------------------------------------------------
def test_inline_worker_answers_through_poll() -> None:
    worker = AiWorker(inline=True)
    state = random_position(4, 81, 3)
    seat = RULES.to_move(state)[0]
    legal = RULES.legal_actions(state, seat)
    assert worker.poll() is None and not worker.busy
    ticket = worker.request("neko", "normal", RULES.observe(state, seat), legal, 1, 0.0)
    assert worker.busy
    answer = worker.poll()
    assert answer is not None and answer[0] == ticket and answer[1] in legal
    assert worker.poll() is None and not worker.busy
    worker.close()
    worker.close()


def test_inline_worker_drops_a_cancelled_answer() -> None:
    worker = AiWorker(inline=True)
    state = random_position(4, 82, 3)
    seat = RULES.to_move(state)[0]
    legal = RULES.legal_actions(state, seat)
    worker.request("neko", "random", RULES.observe(state, seat), legal, 1, 0.0)
    worker.cancel()
    assert not worker.busy
    assert worker.poll() is None
    second = worker.request("neko", "random", RULES.observe(state, seat), legal, 2, 0.0)
    first_old = worker.request("neko", "easy", RULES.observe(state, seat), legal, 3, 0.0)
    answer = worker.poll()
    assert answer is not None and answer[0] == first_old and answer[0] != second


def test_inline_worker_falls_back_to_a_legal_action_when_the_agent_raises(caplog: pytest.LogCaptureFixture) -> None:
    worker = AiWorker(inline=True, factory=raising_factory)
    state = random_position(4, 83, 3)
    seat = RULES.to_move(state)[0]
    legal = RULES.legal_actions(state, seat)
    with caplog.at_level(logging.ERROR, logger="game.ai.worker"):
        worker.request("neko", "normal", RULES.observe(state, seat), legal, 4, 0.0)
        answer = worker.poll()
    assert answer is not None and answer[1] in legal
    assert "broken on purpose" in caplog.text


def test_process_worker_answers_drops_stale_tickets_and_survives_a_bad_agent() -> None:
    worker = AiWorker()
    try:
        worker.start()
        state = random_position(4, 84, 3)
        seat = RULES.to_move(state)[0]
        observation = RULES.observe(state, seat)
        legal = RULES.legal_actions(state, seat)
        ticket = worker.request("neko", "hard", observation, legal, 5, 0.05)
        got, action = wait_for_answer(worker)
        assert got == ticket and action in legal
        stale = worker.request("neko", "hard", observation, legal, 6, 0.3)
        worker.cancel()
        fresh = worker.request("neko", "normal", observation, legal, 7, 0.0)
        got, action = wait_for_answer(worker)
        assert got == fresh != stale and action in legal
        broken = worker.request("neko", "no-such-level", observation, legal, 8, 0.0)
        got, action = wait_for_answer(worker)
        assert got == broken and action in legal
        assert not worker.busy
    finally:
        worker.close()
    worker.close()
    assert worker.poll() is None


# ----- tournaments and benches ---------------------------------------------------------------------
def test_tournament_report_is_sane_and_rotates_seats() -> None:
    agents = ["normal", "random", "easy", "random"]
    report = run_tournament("neko", 4, agents, games=8, seed=3)
    assert report.games == 8 and len(report.records) == 8 and len(report.slots) == 4
    assert abs(sum(slot.win_share.value for slot in report.slots) - 1.0) < 1e-9
    for slot in report.slots:
        assert slot.seat_counts == (2, 2, 2, 2)
        assert 0.0 <= slot.win_share.low <= slot.win_share.value <= slot.win_share.high <= 1.0
        assert slot.mean_score.low <= slot.mean_score.value <= slot.mean_score.high
        assert 1.0 <= slot.mean_rank.value <= 4.0
        assert slot.decisions > 0
    for record in report.records:
        assert record.seats == tuple((slot + record.index) % 4 for slot in range(4))
        assert sorted(record.seats) == [0, 1, 2, 3]
    assert report.games_per_second > 0
    text = format_report(report, json=False)
    assert "normal" in text and "easy" in text and "win share" in text
    data = json.loads(format_report(report, json=True))
    assert data["games"] == 8 and len(data["slots"]) == 4


@pytest.mark.slow
def test_tournament_with_hard_is_reproducible_and_the_same_in_a_pool() -> None:
    args = {"game_id": "neko", "players": 3, "agents": ["hard", "normal", "random"], "games": 3, "seed": 9, "iterations": 15}
    first = run_tournament(**args)
    again = run_tournament(**args)
    pooled = run_tournament(**args, jobs=2)
    def outcomes(report: Any) -> list[tuple]:
        return [(r.seats, r.scores, r.ranks, r.decisions) for r in report.records]

    assert outcomes(first) == outcomes(again) == outcomes(pooled)
    assert first.slots[0].decisions > 0


def test_tournament_agents_see_only_observations() -> None:
    seen: list[type] = []

    class Recorder(RandomAgent):
        def choose(self, observation: Any, legal: Any, rng: random.Random, budget: float) -> Any:
            seen.append(type(observation))
            return super().choose(observation, legal, rng, budget)

    record = play_game("neko", 2, [Recorder(), Recorder()], [0.0, 0.0], 1, 5)
    assert seen and set(seen) == {NekoObservation}
    assert record.seats == (1, 0)


def test_wilson_interval_brackets_the_share() -> None:
    interval = wilson_interval(0.4, 400)
    assert interval.low < 0.4 < interval.high
    assert 0.35 < interval.low and interval.high < 0.45
    assert wilson_interval(0.0, 8).low == 0.0


def test_benches_return_plain_figures() -> None:
    rules_figures = bench_rules("neko", seconds=0.4, players=2)
    assert set(rules_figures["playouts"]) == {"2p", "2p simple", "2p quick", "2p quick simple"}
    assert all(entry["matches_per_second"] > 0 for entry in rules_figures["playouts"].values())
    ai_figures = bench_ai("neko", 4, decisions=3, budget=0.05, seed=1)
    assert ai_figures["decisions"] == 3 and ai_figures["iterations_per_second"] > 0
    assert ai_figures["decision_seconds_p50"] <= ai_figures["decision_seconds_p95"]
    json.dumps(rules_figures), json.dumps(ai_figures)
    assert percentile([3.0, 1.0, 2.0], 0.5) == 2.0


def test_process_worker_answers_even_if_its_process_dies() -> None:
    worker = AiWorker()
    try:
        state = random_position(4, 85, 3)
        seat = RULES.to_move(state)[0]
        observation = RULES.observe(state, seat)
        legal = RULES.legal_actions(state, seat)
        ticket = worker.request("neko", "hard", observation, legal, 9, 30.0)
        worker._process.kill()
        worker._process.join(WAIT_SECONDS)
        got, action = wait_for_answer(worker)
        assert got == ticket and action in legal
        again = worker.request("neko", "random", observation, legal, 10, 0.0)
        got, action = wait_for_answer(worker)
        assert got == again and action in legal
    finally:
        worker.close()


@pytest.mark.slow
def test_a_failing_pool_game_raises_and_ends_every_pool_process() -> None:
    import multiprocessing

    from game.tournament import _run_pool

    def broken_task(index: int) -> tuple:
        return ("no-such-game", 2, ("random", "random"), index, 1, {}, None, None)

    began = time.monotonic()
    with pytest.raises(RuntimeError, match="no-such-game"):
        _run_pool(broken_task, 6, 2, None)
    assert time.monotonic() - began < WAIT_SECONDS
    assert multiprocessing.active_children() == []  # terminated and joined, none left running
