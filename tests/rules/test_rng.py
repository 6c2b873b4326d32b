"""The generator a match deals from (game.core.rng): keyed BLAKE2b in counter mode, a pure function
of the seed (replays and saves), with streams no two seeds share, fair output, the full
``random.Random`` interface the rules call, and old saves still dealt by the Mersenne Twister.

Every check here is derandomized (fixed seeds), so none can flake."""

from __future__ import annotations

import copy
import hashlib
import json
import pickle
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.errors import SaveError
from game.core.match import Match, Seat
from game.core.registry import GAME_IDS, get_rules
from game.core.rng import (
    BLOCK_BYTES,
    GENERATOR,
    LEGACY_GENERATOR,
    KeyedRandom,
    copy_rng,
    deal_rng,
    generator_of,
)
from game.core.seeds import MAX_SEED, new_seed
from kotatsu.cli import main

DATA = Path(__file__).resolve().parents[1] / "data"
LEGACY_SAVES = sorted(DATA.glob("*_legacy_mt.json"))
EDGE_SEEDS = (0, 1, -1, 2, 7, 255, 256, -256, 1 << 30, (1 << 64) + 1, MAX_SEED, -MAX_SEED)


def stream(seed: int, size: int) -> bytes:
    """The first ``size`` bytes of ``seed``'s stream."""
    return KeyedRandom(seed).randbytes(size)


# ----- what the stream is (pinned: a save's replay depends on it) ----------------------------------
def test_the_stream_is_blake2b_keyed_with_the_seed_in_counter_mode() -> None:
    """A known answer computed straight from hashlib: changing the generator would change every
    save's deal, so the construction itself is pinned."""
    for seed in (7, -7, MAX_SEED):
        key = seed.to_bytes(17, "little", signed=True)
        expected = b"".join(
            hashlib.blake2b(block.to_bytes(16, "little"), key=key, digest_size=64, person=b"kotatsu-deal").digest()
            for block in range(3)
        )
        assert stream(seed, 3 * BLOCK_BYTES) == expected


def test_it_is_not_the_mersenne_twister() -> None:
    for seed in EDGE_SEEDS:
        assert KeyedRandom(seed).random() != random.Random(seed).random()
        assert KeyedRandom(seed).getrandbits(32) != random.Random(seed).getrandbits(32)


@pytest.mark.parametrize("bad", [1.0, True, "7", MAX_SEED + 1, -MAX_SEED - 1])
def test_a_seed_outside_the_match_range_is_refused(bad: object) -> None:
    with pytest.raises(ValueError):
        KeyedRandom(bad)


def test_an_unknown_generator_is_refused() -> None:
    with pytest.raises(ValueError, match="twister"):
        deal_rng(1, "twister")


def test_without_a_seed_it_draws_a_fresh_one() -> None:
    first, second = KeyedRandom(), KeyedRandom()
    assert first.getstate()[1] != second.getstate()[1] and first.random() != second.random()


# ----- two tables never share a stream ----------------------------------------------------------
def test_different_seeds_give_different_streams_even_a_seed_and_its_negative() -> None:
    """``random.Random`` deals ``seed`` and ``-seed`` alike; the keyed stream never does."""
    seeds = list(EDGE_SEEDS) + list(range(-64, 64)) + [new_seed() for _ in range(16)]
    starts = {stream(seed, 32) for seed in seeds}
    assert len(starts) == len(set(seeds))
    assert random.Random(5).random() == random.Random(-5).random()  # why the sign is in the key
    assert stream(5, 32) != stream(-5, 32)


def test_no_seed_s_stream_overlaps_another_s() -> None:
    """No 16-byte piece of one seed's stream turns up anywhere (at any offset) in another's:
    they are not the same stream read from another point (as nearby Mersenne seeds never are
    either, but a counter-mode stream with a shared key would be)."""
    seeds = list(EDGE_SEEDS) + list(range(1000, 1040))
    streams = {seed: stream(seed, 2048) for seed in seeds}
    windows: dict[bytes, int] = {}
    for seed, data in streams.items():
        for offset in range(len(data) - 15):
            windows.setdefault(data[offset:offset + 16], seed)
    for seed, data in streams.items():
        for offset in range(0, len(data), 16):
            assert windows[data[offset:offset + 16]] == seed
    # and within one stream, no block repeats (the counter really moves on)
    blocks = [streams[7][i:i + BLOCK_BYTES] for i in range(0, 2048, BLOCK_BYTES)]
    assert len(set(blocks)) == len(blocks)


# ----- fair output ----------------------------------------------------------------------------------
def chi_square(counts: list[int]) -> float:
    """Pearson's statistic of ``counts`` against a uniform spread."""
    expected = sum(counts) / len(counts)
    return sum((count - expected) ** 2 / expected for count in counts)


def test_its_bytes_are_uniform() -> None:
    """Chi-square of the byte values over 128 KiB of each of three streams, 255 degrees of
    freedom: a fair source stays far below 400 (p < 1e-7 above it)."""
    for seed in (0, 12345, MAX_SEED):
        data = stream(seed, 1 << 17)
        counts = [0] * 256
        for byte in data:
            counts[byte] += 1
        assert chi_square(counts) < 400


@pytest.mark.slow
def test_dice_cards_and_floats_are_uniform() -> None:
    rng = KeyedRandom(2024)
    dice = [0] * 6
    for _ in range(60_000):
        dice[rng.randint(1, 6) - 1] += 1
    assert chi_square(dice) < 30  # 5 degrees of freedom: p < 2e-5 above 30
    cards = [0] * 52
    for _ in range(52_000):
        cards[rng.randrange(52)] += 1
    assert chi_square(cards) < 110  # 51 degrees of freedom
    first_places = [0] * 10  # where card 0 lands after a shuffle
    for _ in range(20_000):
        deck = list(range(10))
        rng.shuffle(deck)
        first_places[deck.index(0)] += 1
    assert chi_square(first_places) < 40  # 9 degrees of freedom
    floats = [rng.random() for _ in range(50_000)]
    assert all(0.0 <= value < 1.0 for value in floats)
    assert abs(sum(floats) / len(floats) - 0.5) < 0.01
    tenths = [0] * 10
    for value in floats:
        tenths[int(value * 10)] += 1
    assert chi_square(tenths) < 40


def test_every_bit_of_getrandbits_varies() -> None:
    rng = KeyedRandom(99)
    for bits in (1, 7, 8, 9, 31, 53, 64, 100, 700):
        values = [rng.getrandbits(bits) for _ in range(200)]
        assert all(0 <= value < (1 << bits) for value in values)
        ones = 0
        for value in values:
            ones |= value
        assert ones == (1 << bits) - 1  # no bit stuck at zero
    assert rng.getrandbits(0) == 0
    with pytest.raises(ValueError):
        rng.getrandbits(-1)


# ----- deterministic: state, copies, pickles --------------------------------------------------------
def draws(rng: random.Random) -> list[object]:
    """A mix of what the rules call, across block boundaries."""
    deck = list(range(40))
    rng.shuffle(deck)
    return [rng.random(), rng.randrange(52), rng.randint(1, 6), rng.choice("abcdef"), rng.sample(range(90), 5),
            rng.getrandbits(300), deck, rng.getrandbits(64)]


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(-MAX_SEED, MAX_SEED), skip=st.integers(0, 300))
def test_a_saved_state_copy_or_pickle_goes_on_exactly_the_same(seed: int, skip: int) -> None:
    rng = KeyedRandom(seed)
    rng.randbytes(skip)
    state = rng.getstate()
    twins = [copy_rng(rng), copy.deepcopy(rng), pickle.loads(pickle.dumps(rng)), KeyedRandom(0)]
    twins[-1].setstate(state)
    expected = draws(rng)
    for twin in twins:
        assert type(twin) is KeyedRandom and draws(twin) == expected
    again = KeyedRandom(seed)
    again.randbytes(skip)
    assert draws(again) == expected  # a pure function of (seed, position)


def test_a_copy_is_independent() -> None:
    rng = KeyedRandom(3)
    twin = copy_rng(rng)
    first = rng.random()
    assert twin.random() == first and rng.random() != first


@pytest.mark.parametrize("state", [("other", 1, 0, None), ("kotatsu-blake2b-1", 1, -1, None), (1, 2, 3)])
def test_a_foreign_state_is_refused(state: tuple) -> None:
    with pytest.raises(ValueError):
        KeyedRandom(1).setstate(state)


def test_copy_rng_keeps_the_search_s_fast_generator() -> None:
    """A world the AI builds (random.Random) is copied as one, at the same point."""
    fast = random.Random(5)
    fast.random()
    twin = copy_rng(fast)
    assert type(twin) is random.Random and twin.random() == fast.random()


# ----- the rules deal from it --------------------------------------------------------------------
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_deals_from_the_keyed_generator_and_clones_it(game_id: str) -> None:
    rules = get_rules(game_id)
    players = rules.min_players
    state = rules.new_game(players, 11)
    assert type(state.rng) is KeyedRandom and generator_of(state.rng) == GENERATOR
    clone = rules.clone(state)
    assert type(clone.rng) is KeyedRandom and clone.rng.getstate() == state.rng.getstate()
    assert rules.notation(rules.new_game(players, 11)) == rules.notation(state)  # same seed, same deal
    legacy = rules.new_game(players, 11, None, LEGACY_GENERATOR)
    assert type(legacy.rng) is random.Random
    assert rules.notation(legacy) != rules.notation(state)
    # the deal of a seed is the one random.Random never gives: not even for -seed
    assert rules.notation(rules.new_game(players, -11)) != rules.notation(state)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_ai_s_own_worlds_keep_random_random(game_id: str) -> None:
    rules = get_rules(game_id)
    state = rules.new_game(rules.min_players, 4)
    seat = rules.to_move(state)[0]
    world = rules.determinize(rules.observe(state, seat), random.Random(1))
    assert type(world.rng) is random.Random and type(rules.clone(world).rng) is random.Random


# ----- saves: which generator dealt them ---------------------------------------------------------
def test_a_new_save_names_its_generator_and_replays() -> None:
    seed = 0x9E3779B97F4A7C15F39CC0605CEDC834  # a 128-bit seed, as a new table draws
    match = Match("nostalgic", [Seat("human"), Seat("ai", "easy"), Seat("ai", "easy")], seed)
    chooser = random.Random(3)
    while len(match.log) < 30 and not match.is_over():
        seat = match.to_move()[0]
        match.apply(seat, chooser.choice(match.legal_actions(seat)))
    data = json.loads(match.dumps())
    assert data["rng"] == GENERATOR and data["version"] == 3 and data["seed"] == seed
    again = Match.from_json(data, verify=True)
    assert again.generator == GENERATOR and again.rules.notation(again.state) == data["position"]
    assert again.after(10).generator == GENERATOR
    # read as if it were an old save (no generator): dealt differently, its log does not fit
    with pytest.raises(SaveError):
        Match.from_json({key: value for key, value in data.items() if key != "rng"}, verify=True)


@pytest.mark.parametrize("path", LEGACY_SAVES, ids=[path.name for path in LEGACY_SAVES])
def test_an_old_save_is_still_replayed_with_the_mersenne_twister(path: Path) -> None:
    """tests/data/*_legacy_mt.json were written by the engine before the keyed generator
    (save version 2, 30-bit and negative seeds): they replay to their saved position, and once
    saved again they say so and still replay."""
    data = json.loads(path.read_text(encoding="utf-8"))
    assert "rng" not in data and data["version"] == 2
    match = Match.from_json(data, verify=True)
    assert match.generator == LEGACY_GENERATOR and type(match.state.rng) is random.Random
    again = match.to_json()
    assert again["rng"] == LEGACY_GENERATOR and again["position"] == data["position"]
    assert Match.from_json(again, verify=True).rules.notation(match.state) == data["position"]
    assert match.after(len(match.log) // 2).generator == LEGACY_GENERATOR


def test_replay_verify_passes_for_old_and_new_saves(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``python -m game replay FILE --verify`` on every old save and on a new one."""
    new = Match("wallpaper", [Seat("human"), Seat("ai", "easy"), Seat("ai", "easy")], (1 << 127) + 8)
    chooser = random.Random(8)
    while len(new.log) < 20 and not new.is_over():
        seat = new.to_move()[0]
        new.apply(seat, chooser.choice(new.legal_actions(seat)))
    new.save(tmp_path / "new.json")
    for path in [*LEGACY_SAVES, tmp_path / "new.json"]:
        assert main(["replay", str(path), "--verify"]) == 0, path.name
    capsys.readouterr()


def test_all_five_games_have_an_old_save() -> None:
    assert {json.loads(path.read_text(encoding="utf-8"))["game"] for path in LEGACY_SAVES} == set(GAME_IDS)


@pytest.mark.parametrize("bad", ["twister", "", 1, True, ["mt"], {"name": "mt"}])
def test_a_save_naming_an_unknown_generator_is_refused(bad: object) -> None:
    data = Match("neko", [Seat("human"), Seat("ai", "easy")], 5).to_json()
    data["rng"] = bad
    with pytest.raises(SaveError, match="generator"):
        Match.from_json(data, verify=True)


def test_the_ais_decision_seed_tells_nothing_of_the_match_seed() -> None:
    """An AI's visible moves follow from its decision seed: seeds that agree in their low 31 bits
    (a linear mix would give them equal decision seeds, so watching the AI would reveal those
    bits) get unrelated decision seeds, and the same position always gets the same one."""
    from game.ai.base import decision_seed

    base = 0x1234_5678_9ABC_DEF0_1122_3344_5566_7788
    twins = [base + k * (1 << 31) for k in range(1, 9)]
    for position in range(20):
        values = {decision_seed(seed, position, 1) for seed in [base, *twins]}
        assert len(values) == 9, f"position {position}: seeds equal modulo 2**31 share a decision seed"
        assert decision_seed(base, position, 1) == decision_seed(base, position, 1)
        assert 0 <= decision_seed(base, position, 1) < 1 << 31
