"""API consistency of every playable game, over thousands of seeded random games (OpenSpiel style).

Generic over ``available_games()``: a game that becomes playable joins these tests by itself.
What only a game can say (what is conserved, how long a game may last, which event fields carry
card faces) lives in the ``HOOKS`` table below; a game without an entry fails the tests that need
one, with a message saying what to add.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import random
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.errors import BadOptions, IllegalAction
from game.core.events import Event
from game.core.match import Match, Seat
from game.core.registry import available_games, get_rules
from game.core.rules import Rules, rank_scores

# ----- configurations -------------------------------------------------------------------------


def option_sets(rules: Rules, players: int) -> Iterator[dict[str, Any]]:
    """Every combination of option values the game accepts for that many players."""
    specs = rules.options
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
@dataclasses.dataclass(frozen=True)
class Hooks:
    """What the generic tests need to know about one game."""

    conserved: Callable[[Any], bool]  # the game's conservation invariant holds in this state
    max_steps: Callable[[int, dict[str, Any]], int]  # actions a whole game can take at most
    check_events: Callable[[Rules, Any, int, Any, list[Event], Any], None]  # events reveal no secret
    hidden_can_vary: Callable[[Rules, Any], bool]  # an observation leaves more than one truth possible
    bogus_actions: Callable[[Any, int], list[Any]]  # made-up actions that are never legal here
    shows_own_secrets: Callable[[Any, int, Any], bool]  # a seat sees its own hidden cards, no others


def _neko_hooks() -> Hooks:
    from game.rules import neko

    def conserved(state: Any) -> bool:
        cards = [c for h in state.hands for c in h] + [c for s in state.stacks for c in s] + list(state.rest)
        return Counter(cards) == Counter(neko.DECK)

    def max_steps(players: int, options: dict[str, Any]) -> int:
        hand = neko.QUICK_DEAL if options.get("quick") else neko.DEAL - 1
        plays = hand * players
        limit = neko.PASS_LIMIT_PER_PLAYER * players
        per_round = players + plays + (plays + 1) * (limit - 1) + 1
        return players * per_round

    fields = {
        "round_started": {"round", "start_seat"},
        "dealt": {"seat", "count"},
        "stack_built": {"position", "card", "seat"},
        "card_played": {"seat", "card", "position"},
        "passed": {"seat"},
        "cat_moved": {"source", "target", "why"},
        "round_ended": {"round", "emptied", "scores", "stack_sizes", "totals"},
        "game_ended": {"totals", "winners"},
    }

    def check_events(
        rules: Rules, before: Any, seat: int, action: Any, events: list[Event], after: Any
    ) -> None:
        for event in events:
            names = {f.name for f in dataclasses.fields(event)}
            assert fields.get(event.kind) == names, f"review what {event.kind} {names} reveals"
            if event.kind == "stack_built" and event.seat != neko.NOBODY:
                # the actor's own card, laid face up by this very action
                assert (event.seat, event.card) == (seat, action.card) and action.kind == "base"
            elif event.kind == "stack_built":
                # a card of the rest turned up: from now on it is public, on every seat's table
                for viewer in range(-1, after.players):
                    assert rules.observe(after, viewer).stacks[event.position][0] == event.card
            elif event.kind == "card_played":
                assert (event.seat, event.card, event.position) == (seat, action.card, action.position)

    def hidden_can_vary(rules: Rules, observation: Any) -> bool:
        if observation.phase == neko.PHASE_OVER:
            return False
        unseen = rules.unseen_cards(observation)
        hands = [n for s, n in enumerate(observation.hand_counts) if s != observation.seat and n]
        places = len(hands) + (1 if observation.rest_count else 0)
        return len(set(unseen)) >= 2 and (places >= 2 or observation.rest_count >= 2)

    def bogus_actions(state: Any, seat: int) -> list[Any]:
        hand = state.hands[seat] if 0 <= seat < state.players else []
        made_up: list[Any] = [
            neko.NekoAction("play", 9, 1),
            neko.NekoAction("play", 0, 1),
            neko.NekoAction("base", 0),
            neko.NekoAction("base", 9),
            neko.NekoAction("jump", 1, 1),
            "pass",
            None,
            42,
        ]
        missing = [v for v in neko.CARD_VALUES if v not in hand]
        made_up += [neko.NekoAction("play", v, p) for v in missing[:2] for p in range(4)]
        made_up += [neko.NekoAction("base", v) for v in missing[:2]]
        if state.phase == neko.PHASE_PLAY:
            made_up += [neko.NekoAction("play", v, state.cat) for v in hand]
            made_up += [neko.NekoAction("play", v, 4) for v in hand[:1]]
            made_up += [neko.NekoAction("base", v) for v in hand[:1]]
        else:
            made_up += [neko.PASS] + [neko.NekoAction("play", v, 1) for v in hand[:1]]
        return made_up

    def shows_own_secrets(state: Any, viewer: int, observation: Any) -> bool:
        own = tuple(state.hands[viewer]) if viewer >= 0 else ()
        return (
            observation.hand == own and not hasattr(observation, "hands") and not hasattr(observation, "rest")
        )

    return Hooks(conserved, max_steps, check_events, hidden_can_vary, bogus_actions, shows_own_secrets)


HOOK_FACTORIES: dict[str, Callable[[], Hooks]] = {"neko": _neko_hooks}


def hooks(game_id: str) -> Hooks:
    """The hooks of a game, or a failure telling the author of a new game what to add."""
    if game_id not in HOOK_FACTORIES:
        pytest.fail(f"{game_id} is playable but has no entry in tests/test_properties.py HOOK_FACTORIES")
    return HOOK_FACTORIES[game_id]()


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
    assert ("neko", 2, {"quick": True, "simple": False}) in CONFIGS
    assert not any(g == "neko" and p > 2 and o["quick"] for g, p, o in CONFIGS)


@pytest.mark.parametrize("game_id,players,options", CONFIGS, ids=CONFIG_IDS)
def test_many_random_games_end_in_bounds_and_keep_the_invariant(
    game_id: str, players: int, options: dict
) -> None:
    """A few hundred seeded games per configuration (thousands in all): each ends within the
    game's bound, the invariant holds after every step, and the API answers consistently."""
    rules = get_rules(game_id)
    hook = hooks(game_id)
    bound = hook.max_steps(players, options)
    for seed in range(300):
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
        assert result.ranks == rank_scores(result.scores)
        assert result.winners and all(result.ranks[w] == 1 for w in result.winners)
        for seat_breakdown in result.breakdown:
            assert all(isinstance(key, str) and key.startswith(game_id + ".") for key in seat_breakdown)
        rewards = rules.search_rewards(state)
        assert len(rewards) == players and all(0.0 <= r <= 1.0 for r in rewards)
        if len(result.winners) == 1:
            assert rewards[result.winners[0]] == max(rewards), "the sole winner gets the best reward"


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
            for who, bogus in tries:
                if who in movers and bogus in rules.legal_actions(state, who):
                    continue
                assert not rules.is_legal(state, who, bogus)
                with pytest.raises(IllegalAction) as caught:
                    rules.apply(state, who, bogus)
                assert caught.value.reason, "an illegal action needs a reason key"
                assert rules.notation(state) == before, f"{bogus!r} by {who} changed the position"
                refused += 1
    assert refused > 1000


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


@given(config=configs, seed=seeds)
@HYPOTHESIS
def test_events_are_public(config: tuple, seed: int) -> None:
    """Events reveal nothing hidden: the game's own field check, and, generically, the events of
    an action are the same in every world the actor cannot tell apart, up to the first event that
    turns up something new (a chance or reveal event, which ends undo)."""
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
        for mine, theirs in zip(events, others):
            if mine != theirs:
                assert type(mine) is type(theirs) and mine.hides_undo, (mine, theirs)
                break
        else:
            assert len(events) == len(others)
        assert events, "every action shows something happen"


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
