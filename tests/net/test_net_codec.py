"""The wire's codec reads back exactly what the rules made, and builds nothing it was not told to."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.match import Match, Seat
from game.core.registry import GAME_IDS, get_rules
from game.net.codec import CodecError, decode, encode


def _through_the_wire(value: object) -> object:
    return decode(json.loads(json.dumps(encode(value), allow_nan=False)))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_observations_events_and_results_come_back_equal(game_id: str) -> None:
    rules = get_rules(game_id)
    players = rules.min_players
    match = Match(game_id, [Seat("human")] * players, seed=11)
    rng = random.Random(1)
    checked = 0
    while not match.is_over():
        seat = match.to_move()[0]
        events = match.apply(seat, rng.choice(match.legal_actions(seat)))
        for value in (*events, match.observe(seat), match.observe(-1)):
            back = _through_the_wire(value)
            assert back == value and type(back) is type(value)
            checked += 1
    assert checked > 20
    assert _through_the_wire(match.result()) == match.result()


def test_containers_keep_their_kind() -> None:
    value = (1, [2, 3], {"a": (4,)}, frozenset({5}), {(1, 2): "cell"}, None, 2.5)
    back = _through_the_wire(value)
    assert back == value
    assert isinstance(back[1], list) and isinstance(back[3], frozenset)


@pytest.mark.parametrize("data", [
    {"$t": "os:system", "v": ["true"]},  # not a rules type: never built
    {"$t": "builtins:type", "f": {}},
    {"$t": "game.rules.neko:NekoAction", "v": [1]},  # the wrong number of values
    {"$x": []},
    {"$l": "not a list"},
    {"$d": [[1]]},
    {"$fs": [{"$l": []}]},  # an unhashable member
    float("nan"),
])
def test_what_encode_could_not_have_written_is_refused(data: object) -> None:
    with pytest.raises(CodecError):
        decode(data)


def test_nesting_is_bounded() -> None:
    data: object = 1
    for _ in range(100):
        data = [data]
    with pytest.raises(CodecError):
        decode(data)


def test_unknown_objects_are_not_sent() -> None:
    with pytest.raises(CodecError):
        encode(object())
    with pytest.raises(CodecError):
        encode(float("inf"))


_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
    max_leaves=20,
)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(_json)
def test_any_json_is_read_or_refused_never_crashes(data: object) -> None:
    try:
        decode(data)
    except CodecError:
        pass
