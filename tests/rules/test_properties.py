"""API consistency of every playable game, over thousands of seeded random games (OpenSpiel style).

Generic over ``available_games()``: a game that becomes playable joins these tests by itself.
What only a game can say (what is conserved, how long a game may last, which event fields carry
card faces) lives in ``tests/property_hooks/<game id>.py``; a game without an entry fails the tests that need
one, with a message saying what to add.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.errors import BadOptions, IllegalAction
from game.core.events import Event
from game.core.match import Match, Seat
from game.core.registry import available_games, get_rules
from game.core.rules import Rules, rank_scores
from tests import property_hooks
from tests.depth import cases
from tests.property_hooks import Hooks


def ranks_follow_scores(scores: tuple[float, ...], ranks: tuple[int, ...]) -> bool:
    """Competition ranks (1, 1, 3...) in which a higher score always ranks better; seats tied on
    points may still be ordered by the game's own tiebreak (fewer red ovals, a player's home)."""
    competition = all(rank == 1 + sum(other < rank for other in ranks) for rank in ranks)
    ordered = all(ranks[a] < ranks[b] for a in range(len(scores)) for b in range(len(scores))
                  if scores[a] > scores[b])
    return competition and ordered and (len(set(scores)) < len(scores) or ranks == rank_scores(scores))


# ----- configurations -------------------------------------------------------------------------


def option_sets(rules: Rules, players: int) -> Iterator[dict[str, Any]]:
    """Every combination of option values the game accepts for that many players.

    Per-seat options (a player's home...) are profiles, not variants: they keep their default."""
    specs = [spec for spec in rules.options if not spec.per_seat]
    for values in itertools.product(*(spec.choices for spec in specs)):
        options = {spec.key: value for spec, value in zip(specs, values)}
        try:
            yield rules.normalize_options(players, options)
        except BadOptions:
            continue


def configurations() -> list[tuple[str, int, dict[str, Any]]]:
    """(game id, players, options) for every playable game, player count and option combination."""
    found = []
    for game_id in available_games():
        rules = get_rules(game_id)
        for players in range(rules.min_players, rules.max_players + 1):
            for options in option_sets(rules, players):
                found.append((game_id, players, options))
    return found


CONFIGS = configurations()
CONFIG_IDS = [
    f"{g}-{p}p-" + ("+".join(k for k, v in sorted(o.items()) if v) or "plain") for g, p, o in CONFIGS
]


# ----- per-game hooks -------------------------------------------------------------------------------


def hooks(game_id: str) -> Hooks:
    """The hooks of a game, or a failure telling the author of a new game what to add."""
    found = property_hooks.load(game_id)
    if found is None:
        pytest.fail(f"{game_id} is playable but has no module tests/property_hooks/{game_id}.py")
    return found


# ----- helpers ------------------------------------------------------------------------------------
def random_game(
    game_id: str, players: int, options: dict[str, Any], seed: int
) -> Iterator[tuple[Any, int, Any]]:
    """Yield (state, seat, chosen action) before each step of a seeded random game; the caller's
    loop body runs before the action is applied (with ``apply``)."""
    rules = get_rules(game_id)
    state = rules.new_game(players, seed, options)
    rng = random.Random(f"{game_id}/{players}/{sorted(options.items())}/{seed}")
    while not rules.is_over(state):
        movers = rules.to_move(state)
        assert movers, "a game that is not over must have a seat to move"
        seat = rng.choice(movers)
        action = rng.choice(rules.legal_actions(state, seat))
        yield state, seat, action
        rules.apply(state, seat, action)
    yield state, -1, None


def find_type(value: Any, kind: type, seen: set[int] | None = None) -> bool:
    """True when ``value`` holds an instance of ``kind`` anywhere inside it."""
    seen = set() if seen is None else seen
    if id(value) in seen:
        return False
    seen.add(id(value))
    if isinstance(value, kind):
        return True
    if isinstance(value, (str, bytes, int, float, bool, type(None))):
        return False
    if isinstance(value, dict):
        return any(find_type(k, kind, seen) or find_type(v, kind, seen) for k, v in value.items())
    if isinstance(value, (list, tuple, set, frozenset)):
        return any(find_type(item, kind, seen) for item in value)
    children = []
    if dataclasses.is_dataclass(value):
        children = [getattr(value, f.name) for f in dataclasses.fields(value)]
    elif hasattr(value, "__dict__"):
        children = list(vars(value).values())
    for slot in getattr(type(value), "__slots__", ()):
        if hasattr(value, slot):
            children.append(getattr(value, slot))
    return any(find_type(child, kind, seen) for child in children)


HYPOTHESIS = settings(
    max_examples=40,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
configs = st.sampled_from(CONFIGS)
seeds = st.integers(min_value=0, max_value=2**63)


# ----- the tests ----------------------------------------------------------------------------------
def test_there_is_something_to_test() -> None:
    assert "neko" in available_games()
    for players in (2, 3, 4):  # the quick setup is offered at every player count
        assert ("neko", players, {"quick": True, "simple": False}) in CONFIGS


@pytest.mark.slow
@pytest.mark.parametrize("game_id,players,options", CONFIGS, ids=CONFIG_IDS)
def test_many_random_games_end_in_bounds_and_keep_the_invariant(
    game_id: str, players: int, options: dict
) -> None:
    """60 seeded games per configuration (over two thousand in all; 300 each with
    ``KOTATSU_DEEP=1``): each ends within the game's bound, the invariant holds after every step,
    and the API answers consistently."""
    rules = get_rules(game_id)
    hook = hooks(game_id)
    bound = hook.max_steps(players, options)
    for seed in range(cases(60, 300)):
        for steps, (state, seat, action) in enumerate(random_game(game_id, players, options, seed)):
            assert hook.conserved(state), rules.notation(state)
            if action is None:
                break
            assert steps < bound, f"seed {seed}: no end after {bound} actions"
            if seed % 10 == 0:
                legal = rules.legal_actions(state, seat)
                assert legal == rules.legal_actions(state, seat), "legal actions must come in a stable order"
                assert len(set(legal)) == len(legal), "no action listed twice"
                for other in range(players):
                    if other not in rules.to_move(state):
                        assert rules.legal_actions(state, other) == []
                for candidate in legal:
                    assert rules.is_legal(state, seat, candidate)
                    assert rules.decode_action(rules.encode_action(candidate)) == candidate
        assert rules.is_over(state) and rules.to_move(state) == ()
        result = rules.result(state)
        assert len(result.scores) == players and len(result.ranks) == players
        assert ranks_follow_scores(result.scores, result.ranks)
        assert result.winners and all(result.ranks[w] == 1 for w in result.winners)
        for seat_breakdown in result.breakdown:
            assert all(isinstance(key, str) and key.startswith(game_id + ".") for key in seat_breakdown)
        rewards = rules.search_rewards(state)
        assert len(rewards) == players and all(0.0 <= r <= 1.0 for r in rewards)
        if len(result.winners) == 1:
            assert rewards[result.winners[0]] == max(rewards), "the sole winner gets the best reward"


@pytest.mark.slow
@pytest.mark.parametrize("game_id,players,options", CONFIGS, ids=CONFIG_IDS)
def test_illegal_actions_are_refused_and_change_nothing(game_id: str, players: int, options: dict) -> None:
    rules = get_rules(game_id)
    hook = hooks(game_id)
    refused = 0
    for seed in range(25):
        for state, seat, action in random_game(game_id, players, options, 1000 + seed):
            before = rules.notation(state)
            movers = rules.to_move(state)
            tries: list[tuple[int, Any]] = []
            if action is not None:
                tries += [(seat, bogus) for bogus in hook.bogus_actions(state, seat)]
                tries += [(other, action) for other in range(-1, players + 1) if other not in movers]
            else:
                tries += [(s, bogus) for s in range(players) for bogus in hook.bogus_actions(state, s)[:3]]
            legal_of = {who: rules.legal_actions(state, who) for who in movers}  # once per position
            for who, bogus in tries:
                if who in movers and bogus in legal_of[who]:
                    continue
                assert not rules.is_legal(state, who, bogus)
                with pytest.raises(IllegalAction) as caught:
                    rules.apply(state, who, bogus)
                assert caught.value.reason, "an illegal action needs a reason key"
                if seed < 3:  # the position after each refusal (the notation is costly in long games)
                    assert rules.notation(state) == before, f"{bogus!r} by {who} changed the position"
                refused += 1
            assert rules.notation(state) == before, f"one of {tries!r} changed the position"
    assert refused > 1000


@pytest.mark.slow
@given(config=configs, seed=seeds)
@HYPOTHESIS
def test_observations_leak_nothing_and_determinize_resamples(config: tuple, seed: int) -> None:
    game_id, players, options = config
    rules = get_rules(game_id)
    hook = hooks(game_id)
    rng = random.Random(seed ^ 0x5EED)
    for number, (state, seat, action) in enumerate(random_game(game_id, players, options, seed)):
        if number % 3 and action is not None:
            continue
        for viewer in range(-1, players):
            seen = rules.observe(state, viewer)
            assert not find_type(seen, random.Random), "an observation must not carry the RNG"
            truths = set()
            for k in range(8):
                guess = rules.determinize(seen, random.Random(rng.getrandbits(32) + k))
                assert rules.observe(guess, viewer) == seen
                assert hook.conserved(guess)
                if viewer in rules.to_move(state):
                    assert rules.legal_actions(guess, viewer) == rules.legal_actions(state, viewer)
                truths.add(rules.notation(guess))
            if hook.hidden_can_vary(rules, seen):
                assert len(truths) > 1, "determinize must vary the hidden cards"
            assert hook.shows_own_secrets(state, viewer, seen)


@pytest.mark.slow
@given(config=configs, seed=seeds)
@HYPOTHESIS
def test_determinize_never_returns_the_real_hidden_cards_every_time(config: tuple, seed: int) -> None:
    """The classic resampler bug: a 'sample' that is always the true state."""
    game_id, players, options = config
    rules = get_rules(game_id)
    hook = hooks(game_id)
    varied = checked = 0
    for number, (state, seat, action) in enumerate(random_game(game_id, players, options, seed)):
        if action is None or number % 4:
            continue
        seen = rules.observe(state, seat)
        if not hook.hidden_can_vary(rules, seen):
            continue
        checked += 1
        truth = rules.notation(state)
        guesses = {rules.notation(rules.determinize(seen, random.Random(seed + k))) for k in range(6)}
        varied += truth not in guesses or len(guesses) > 1
    assert varied == checked


@pytest.mark.slow
@given(config=configs, seed=seeds)
@HYPOTHESIS
def test_events_are_public(config: tuple, seed: int) -> None:
    """Events reveal nothing hidden: the game's own field check, and, generically, the events of
    an action are the same in every world the actor cannot tell apart, up to the first event that
    turns up something new (a chance or reveal event, which ends undo). Where the two worlds part
    by an event against another kind or none (neko: a round blocked in one world goes on in the
    other), the game's hook must say that parting is public."""
    game_id, players, options = config
    rules = get_rules(game_id)
    hook = hooks(game_id)
    rng = random.Random(seed)
    for state, seat, action in random_game(game_id, players, options, seed):
        if action is None:
            break
        before = rules.clone(state)
        other_world = rules.determinize(rules.observe(state, seat), rng)
        after = rules.clone(state)  # the generator applies the action to ``state`` itself
        events = rules.apply(after, seat, action)
        for event in events:
            assert isinstance(event, Event)
            json.dumps(event.to_json())
        hook.check_events(rules, before, seat, action, events, after)
        fast = rules.clone(before)
        rules.advance(fast, seat, action)  # the search transition must land on the same position
        assert rules.notation(fast) == rules.notation(after)
        others = rules.apply(other_world, seat, action)
        for index in range(max(len(events), len(others))):
            mine = events[index] if index < len(events) else None
            theirs = others[index] if index < len(others) else None
            if mine != theirs:
                same_kind = type(mine) is type(theirs) and mine is not None and mine.hides_undo
                assert same_kind or hook.parting_is_public(mine, theirs), (mine, theirs)
                break
        assert events, "every action shows something happen"


@pytest.mark.slow
@given(config=configs, seed=seeds)
@HYPOTHESIS
def test_clone_is_independent(config: tuple, seed: int) -> None:
    game_id, players, options = config
    rules = get_rules(game_id)
    rng = random.Random(seed)
    for number, (state, seat, action) in enumerate(random_game(game_id, players, options, seed)):
        if action is None or number % 7:
            continue
        before = rules.notation(state)
        twin = rules.clone(state)
        reference = rules.clone(state)
        assert rules.notation(twin) == before
        # play the clone to the end (new rounds draw on its RNG): the original must not notice
        while not rules.is_over(twin):
            mover = rng.choice(rules.to_move(twin))
            rules.advance(twin, mover, rng.choice(rules.legal_actions(twin, mover)))
        assert rules.notation(state) == before
        # and the original still has its own RNG: it plays on exactly like an untouched copy
        a, b = rules.clone(state), reference
        while not rules.is_over(a):
            mover = rng.choice(rules.to_move(a))
            choice = rng.choice(rules.legal_actions(a, mover))
            rules.advance(a, mover, choice)
            rules.advance(b, mover, choice)
            assert rules.notation(a) == rules.notation(b)


@given(config=configs, seed=seeds, cut=st.floats(min_value=0.0, max_value=1.0))
@settings(max_examples=30, deadline=None, derandomize=True, database=None)
def test_replay_rebuilds_the_same_position(config: tuple, seed: int, cut: float) -> None:
    game_id, players, options = config
    match = Match(game_id, [Seat("ai", "random")] * players, seed % 100000, options)
    rng = random.Random(seed)
    full = sum(1 for _ in random_game(game_id, players, options, seed % 100000))
    stop = int(cut * full)
    while not match.is_over() and len(match.log) < stop:
        seat = rng.choice(match.to_move())
        match.apply(seat, rng.choice(match.legal_actions(seat)))
    data = json.loads(json.dumps(match.to_json()))
    again = Match.from_json(data)
    assert match.rules.notation(again.state) == match.rules.notation(match.state)
    assert again.log == match.log
    assert again.options == match.options
    assert again.is_over() == match.is_over()
