"""Figures a person can rerun: random playouts per second, ISMCTS speed and Hard's decision time.

Both functions return plain dicts (the CLI prints them as text or JSON). Timings depend on the
machine and its load; tests never assert them.
"""

from __future__ import annotations

import itertools
import math
import random
import time
from collections.abc import Sequence
from typing import Any

from game.ai.base import make_agent
from game.core.registry import GAME_IDS, get_rules
from game.core.rules import Rules
from game.tournament import wilson_interval

MIN_SECONDS_PER_CONFIG = 0.2
MIDGAME_MAX_STEPS = 60  # random steps before a bench position (a neko match has ~120)


def percentile(values: Sequence[float], fraction: float) -> float:
    """Nearest-rank percentile (``fraction`` in [0, 1]) of a non-empty sequence.

    >>> percentile([1.0, 2.0, 3.0, 4.0], 0.5), percentile([1.0, 2.0, 3.0, 4.0], 0.95)
    (2.0, 4.0)
    """
    ordered = sorted(values)
    rank = max(1, math.ceil(fraction * len(ordered)))
    return ordered[rank - 1]


def option_sets(rules: Rules, players: int) -> list[dict[str, Any]]:
    """Every combination of the option values that apply to ``players``."""
    # per-seat options (a player's home, ...) are profiles, not variants: they stay at their default
    specs = [spec for spec in rules.options if spec.applies_to(players) and not spec.per_seat]
    combos = itertools.product(*(spec.choices for spec in specs))
    return [dict(zip((spec.key for spec in specs), values)) for values in combos]


def _label(players: int, options: dict[str, Any]) -> str:
    """``4p`` or ``2p quick simple`` for the options switched on."""
    switched = [key if value is True else f"{key}={value}" for key, value in options.items() if value]
    return " ".join([f"{players}p", *switched])


def random_playouts(rules: Rules, players: int, options: dict[str, Any], seconds: float,
                    seed: int = 0) -> tuple[int, int, float]:
    """Play uniformly random full matches for about ``seconds``: (matches, steps, elapsed)."""
    rng = random.Random(seed)
    matches = steps = 0
    started = time.perf_counter()
    while True:
        state = rules.new_game(players, seed + matches, options)
        while not rules.is_over(state):
            seat = rules.to_move(state)[0]
            legal = rules.legal_actions(state, seat)
            rules.advance(state, seat, legal[rng.randrange(len(legal))])
            steps += 1
        matches += 1
        elapsed = time.perf_counter() - started
        if elapsed >= seconds:
            return matches, steps, elapsed


def bench_rules(game_id: str, seconds: float = 3.0, players: int | None = None) -> dict:
    """Random full-match playouts per second, per player count and option set.

    ``seconds`` is the whole run, shared among the configurations (at least 0.2 s each).
    """
    rules = get_rules(game_id)
    counts = [players] if players else list(range(rules.min_players, rules.max_players + 1))
    configs = [(count, options) for count in counts for options in option_sets(rules, count)]
    share = max(MIN_SECONDS_PER_CONFIG, seconds / len(configs))
    figures: dict[str, Any] = {}
    for count, options in configs:
        matches, steps, elapsed = random_playouts(rules, count, options, share)
        figures[_label(count, options)] = {
            "matches_per_second": matches / elapsed,
            "steps_per_second": steps / elapsed,
            "steps_per_match": steps / matches,
        }
    return {"game": game_id, "seconds_per_config": share, "playouts": figures}


def midgame_position(rules: Rules, players: int, seed: int) -> Any:
    """A seeded position after some random moves where the seat to move has a real choice."""
    rng = random.Random(seed)
    state = rules.new_game(players, seed)
    target = rng.randrange(MIDGAME_MAX_STEPS)
    steps = 0
    while not rules.is_over(state):
        seat = rules.to_move(state)[0]
        legal = rules.legal_actions(state, seat)
        if steps >= target and len(legal) > 1:
            return state
        rules.advance(state, seat, legal[rng.randrange(len(legal))])
        steps += 1
    return midgame_position(rules, players, seed + 7919)  # the match ended first: try another


def bench_ai(game_id: str, players: int, decisions: int = 20, budget: float = 1.0, seed: int = 0) -> dict:
    """Hard's search speed and decision time over ``decisions`` seeded mid-game positions."""
    rules = get_rules(game_id)
    agent = make_agent(game_id, "hard")
    times: list[float] = []
    iterations: list[int] = []
    for index in range(decisions):
        state = midgame_position(rules, players, seed + index)
        seat = rules.to_move(state)[0]
        legal = rules.legal_actions(state, seat)
        started = time.perf_counter()
        agent.choose(rules.observe(state, seat), legal, random.Random(seed + index), budget)
        times.append(time.perf_counter() - started)
        iterations.append(agent.last_iterations)  # type: ignore[attr-defined]  # the search agents count their iterations
    searched = sum(agent_seconds for agent_seconds in times)
    return {
        "game": game_id,
        "players": players,
        "decisions": decisions,
        "budget_seconds": budget,
        "iterations_per_second": sum(iterations) / searched if searched else 0.0,
        "iterations_p50": percentile([float(count) for count in iterations], 0.5),
        "decision_seconds_p50": percentile(times, 0.5),
        "decision_seconds_p95": percentile(times, 0.95),
        "decision_seconds_max": max(times),
    }


# ----- the Hint: its decision time and how often its top move is Hard's own ----------------------

HINT_GAMES: tuple[str, ...] = GAME_IDS
HINT_PLAYERS = 3  # players of the simulated matches (within each game's range)
def decision_points(game_id: str, players: int, seed: int) -> list[tuple[Any, int]]:
    """Every position of a seeded match of Normal players where the seat to move has a choice:
    (a copy of the state, that seat), in the order of the match."""
    rules = get_rules(game_id)
    agent = make_agent(game_id, "normal")
    rng = random.Random(seed)
    state = rules.new_game(players, seed)
    points: list[tuple[Any, int]] = []
    while not rules.is_over(state):
        seat = rules.to_move(state)[0]
        legal = rules.legal_actions(state, seat)
        if len(legal) > 1:
            points.append((rules.clone(state), seat))
        rules.advance(state, seat, agent.choose(rules.observe(state, seat), legal, rng, 0.0))
    return points


def spread(items: Sequence[Any], count: int) -> list[Any]:
    """``count`` items (at most all) evenly spread from the start to the end of ``items``.

    >>> spread(list(range(10)), 3)
    [1, 5, 8]
    """
    count = min(count, len(items))
    return [items[int((index + 0.5) * len(items) / count)] for index in range(count)]


def hint_positions(game_id: str, games: int, positions: int, seed: int) -> list[tuple[Any, int]]:
    """``positions`` positions of ``game_id`` from ``games`` seeded matches of Normal players,
    shared among the matches and spread through each match (opening, middle and end)."""
    rules = get_rules(game_id)
    players = max(rules.min_players, min(rules.max_players, HINT_PLAYERS))
    chosen: list[tuple[Any, int]] = []
    for index in range(games):
        share = positions // games + (1 if index < positions % games else 0)
        chosen += spread(decision_points(game_id, players, seed + index), share)
    return chosen


def hint_one(game_id: str, state: Any, seat: int, seed: int, budget: float) -> tuple[float, bool, bool]:
    """One position: the hint's seconds, whether its top move is the move of a Hard asked
    separately (the table's budget, another seed), and whether it is the Hard inside the hint's."""
    from game.ai.advice import advise
    from game.ai.base import DEFAULT_BUDGETS

    rules = get_rules(game_id)
    observation = rules.observe(state, seat)
    legal = rules.legal_actions(state, seat)
    started = time.perf_counter()
    advice = advise(game_id, observation, legal, seed=seed, budget=budget)
    seconds = time.perf_counter() - started
    hard = make_agent(game_id, "hard").choose(observation, legal, random.Random(seed ^ 0x5EED), DEFAULT_BUDGETS["hard"])
    return seconds, advice.best.action == hard, advice.best.hard


def bench_hint(games: Sequence[str] = HINT_GAMES, matches: int = 4, positions: int = 40, budget: float | None = None,
               seed: int = 0) -> dict[str, Any]:
    """The Hint's decision time (p50/p95) and the share of positions where its top move equals
    Hard's own move (with a 95 % Wilson interval), per game and over all, on ``positions``
    positions per game from ``matches`` seeded matches of Normal players."""
    from game.ai.advice import DEFAULT_BUDGET

    budget = DEFAULT_BUDGET if budget is None else budget
    figures: dict[str, Any] = {"budget_seconds": budget, "matches_per_game": matches, "seed": seed}
    agreed = inner = total = 0
    for game_id in games:
        results = [hint_one(game_id, state, seat, seed * 1_000_003 + index, budget)
                   for index, (state, seat) in enumerate(hint_positions(game_id, matches, positions, seed))]
        times = [seconds for seconds, _, _ in results]
        same = sum(1 for _, equal, _ in results if equal)
        figures[game_id] = _agreement(same, len(results)) | {
            "inner_agreement": round(sum(1 for *_, own in results if own) / len(results), 3),
            "seconds_p50": percentile(times, 0.5), "seconds_p95": percentile(times, 0.95), "seconds_max": max(times)}
        agreed += same
        inner += sum(1 for *_, own in results if own)
        total += len(results)
    figures["all"] = _agreement(agreed, total) | {"inner_agreement": round(inner / total, 3) if total else 0.0}
    return figures


def _agreement(same: int, total: int) -> dict[str, Any]:
    """Positions, agreements and their share with its 95 % interval."""
    interval = wilson_interval(same / total if total else 0.0, total)
    low, high = interval.low, interval.high
    return {"positions": total, "agreed": same, "agreement": round(same / total, 3) if total else 0.0,
            "agreement_95": [round(low, 3), round(high, 3)]}
