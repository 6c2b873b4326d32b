"""Match: undo by the Board Game Arena policy, save/resume as versioned JSON, refusing bad saves."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from game.core.errors import BadOptions, IllegalAction, RulesError, SaveError
from game.core.match import SAVE_FORMAT, SAVE_VERSION, Match, Seat
from game.rules.neko import PASS, NekoAction, RoundEnded, StackBuilt


# ----- helpers ------------------------------------------------------------------------------
def neko_match(players: int = 4, seed: int = 3, **options: bool) -> Match:
    return Match("neko", [Seat("human")] * players, seed, options)


def base(match: Match) -> NekoAction:
    """The lowest base card of the seat to move."""
    seat = match.to_move()[0]
    return NekoAction("base", match.state.hands[seat][0])


def lay_all_bases(match: Match) -> None:
    while match.state.phase == "base":
        match.apply(match.to_move()[0], base(match))


def play_randomly(match: Match, rng: random.Random, until) -> None:
    """Random legal actions until ``until(match)`` is true."""
    while not until(match):
        seat = match.to_move()[0]
        match.apply(seat, rng.choice(match.legal_actions(seat)))


def position(match: Match) -> str:
    return match.rules.notation(match.state)


def played_match(players: int = 3, seed: int = 5, steps: int = 40, **options: bool) -> Match:
    match = neko_match(players, seed, **options)
    rng = random.Random(seed)
    play_randomly(match, rng, lambda m: m.is_over() or len(m.log) >= steps)
    return match


# ----- seats ----------------------------------------------------------------------------------
def test_seat_parse_and_label() -> None:
    assert Seat.parse("human") == Seat("human")
    assert Seat.parse(" AI ") == Seat("ai", "normal")
    assert Seat.parse("ai:hard") == Seat("ai", "hard")
    for text in ("human", "ai:easy", "ai:normal", "ai:hard", "ai:random"):
        assert Seat.parse(text).label() == text
    assert Seat("human").is_human and not Seat("ai", "easy").is_human
    for bad in ("robot", "ai:godlike", ""):
        with pytest.raises(ValueError):
            Seat.parse(bad)


def test_match_refuses_bad_options_and_player_counts() -> None:
    with pytest.raises(BadOptions):
        Match("neko", [Seat()] * 3, 1, {"quick": "yes"})
    with pytest.raises(BadOptions):
        Match("neko", [Seat()], 1)
    with pytest.raises(KeyError):
        Match("chess", [Seat()] * 2, 1)


def test_an_illegal_action_is_not_logged() -> None:
    match = neko_match()
    with pytest.raises(IllegalAction):
        match.apply(1, base(match))
    with pytest.raises(IllegalAction):
        match.apply(0, PASS)
    assert match.log == [] and match.events == []
    assert not match.can_undo(0)


# ----- undo -----------------------------------------------------------------------------------
def test_own_last_action_can_be_undone() -> None:
    match = neko_match(4)
    before = position(match)
    events = match.apply(0, base(match))
    assert events and not any(e.hides_undo for e in events)
    assert match.can_undo(0)
    assert not match.can_undo(1) and not match.can_undo(2)
    match.undo(0)
    assert position(match) == before
    assert match.log == []
    assert match.to_move() == (0,)
    assert not match.can_undo(0)


def test_undo_in_play_restores_the_exact_position_and_chance() -> None:
    match = neko_match(4, seed=8)
    lay_all_bases(match)
    match.apply(0, PASS)
    match.apply(1, PASS)
    seat = match.to_move()[0]
    before = position(match)
    match.apply(seat, match.legal_actions(seat)[0])
    assert match.can_undo(seat)
    match.undo(seat)
    assert position(match) == before
    # the restored state plays on exactly like a match that never took the action back
    rng_a, rng_b = random.Random(1), random.Random(1)
    twin = Match.from_json(match.to_json())
    play_randomly(match, rng_a, Match.is_over)
    play_randomly(twin, rng_b, Match.is_over)
    assert position(match) == position(twin)


def test_no_undo_once_another_seat_has_acted() -> None:
    match = neko_match(4)
    match.apply(0, base(match))
    match.apply(1, base(match))
    assert not match.can_undo(0)
    assert match.can_undo(1)
    with pytest.raises(RulesError) as caught:
        match.undo(0)
    assert caught.value.reason == "reason.no_undo"
    assert len(match.log) == 2


def test_undo_of_a_pass_in_play() -> None:
    match = neko_match(3, seed=4)
    lay_all_bases(match)
    seat = match.to_move()[0]
    cat = match.state.cat
    match.apply(seat, PASS)
    assert match.state.cat == (cat + 1) % 4
    match.undo(seat)
    assert match.state.cat == cat and match.state.passes == 0 and match.to_move() == (seat,)


def test_no_undo_after_a_rest_card_was_turned_up() -> None:
    match = neko_match(2)
    events = match.apply(0, base(match))
    assert any(isinstance(e, StackBuilt) and e.seat == -1 and e.hides_undo for e in events)
    assert not match.can_undo(0)
    with pytest.raises(RulesError):
        match.undo(0)
    # three players: the last seat's base brings the ownerless card up, the first seat's does not
    match = neko_match(3)
    match.apply(0, base(match))
    assert match.can_undo(0)
    match.apply(1, base(match))
    assert match.can_undo(1)
    match.apply(2, base(match))
    assert not match.can_undo(2)


def test_no_undo_after_a_round_end() -> None:
    match = neko_match(3, seed=11)
    rng = random.Random(2)
    play_randomly(match, rng, lambda m: any(isinstance(e, RoundEnded) for e in m.events))
    last_seat = match.log[-1].seat
    assert len(match.state.records) == 1
    assert not match.can_undo(last_seat)
    with pytest.raises(RulesError):
        match.undo(last_seat)


def test_no_undo_once_the_game_is_over() -> None:
    match = neko_match(2, seed=12)
    play_randomly(match, random.Random(3), Match.is_over)
    assert all(not match.can_undo(seat) for seat in range(2))
    with pytest.raises(RulesError):
        match.undo(match.log[-1].seat)


def test_undo_then_a_different_action_replays_from_the_log() -> None:
    match = neko_match(4, seed=9)
    lay_all_bases(match)
    seat = match.to_move()[0]
    plays = [a for a in match.legal_actions(seat) if a.kind == "play"]
    match.apply(seat, PASS)
    match.undo(seat)
    if plays:
        match.apply(seat, plays[0])
    else:
        match.apply(seat, PASS)
    again = Match.from_json(match.to_json())
    assert position(again) == position(match)
    assert again.log == match.log


def test_undo_trims_the_event_history() -> None:
    """After an undo, ``match.events`` should list only what still happened (as a replay does)."""
    match = neko_match(4)
    match.apply(0, base(match))
    match.apply(1, base(match))
    kept = list(match.events)
    match.apply(2, base(match))
    match.undo(2)
    assert match.events == kept
    assert Match.from_json(match.to_json()).events == match.events


# ----- saving and loading ---------------------------------------------------------------------------
def test_to_json_is_versioned_and_readable() -> None:
    match = played_match(3, seed=5, steps=20)
    data = match.to_json()
    assert data["format"] == SAVE_FORMAT and data["version"] == SAVE_VERSION
    assert data["game"] == "neko" and data["seed"] == 5
    assert data["options"] == {"quick": False, "simple": False}
    assert data["seats"] == [{"kind": "human", "level": "", "name": ""}] * 3
    assert data["log"] == [[entry.seat, entry.action] for entry in match.log]
    assert data["position"] == position(match)
    assert json.loads(match.dumps()) == data


@pytest.mark.parametrize(
    "players,options,steps",
    [(2, {}, 0), (2, {"quick": True}, 30), (3, {"simple": True}, 55), (4, {}, 10_000)],
)
def test_save_and_load_round_trip(tmp_path: Path, players: int, options: dict, steps: int) -> None:
    match = played_match(players, seed=17, steps=steps, **options)
    match.seats[0] = Seat("ai", "hard", "Tama")
    path = tmp_path / "saves" / "match.json"
    match.save(path)
    loaded = Match.load(path)
    assert position(loaded) == position(match)
    assert loaded.log == match.log
    assert loaded.seats == match.seats
    assert loaded.options == match.options
    assert loaded.seed == match.seed
    assert loaded.is_over() == match.is_over()
    assert loaded.to_json() == match.to_json()
    assert list(tmp_path.glob("saves/*.tmp")) == []


def test_a_loaded_match_plays_on() -> None:
    match = played_match(3, seed=21, steps=12)
    loaded = Match.from_json(json.loads(match.dumps()))
    rng_a, rng_b = random.Random(4), random.Random(4)
    play_randomly(match, rng_a, Match.is_over)
    play_randomly(loaded, rng_b, Match.is_over)
    assert position(loaded) == position(match)
    assert match.rules.result(loaded.state) == match.rules.result(match.state)


def test_load_refuses_unreadable_files(tmp_path: Path) -> None:
    with pytest.raises(SaveError, match="cannot read"):
        Match.load(tmp_path / "missing.json")
    broken = tmp_path / "broken.json"
    broken.write_text("{ not json", encoding="utf-8")
    with pytest.raises(SaveError, match="cannot read"):
        Match.load(broken)


@pytest.mark.parametrize("data", [None, [], "kotatsu-match", {}, {"format": "other-app", "version": 1}])
def test_from_json_refuses_what_is_not_a_match_file(data) -> None:
    with pytest.raises(SaveError, match="not a Kotatsu Table match file"):
        Match.from_json(data)


@pytest.mark.parametrize("version", [0, 4, "1", None, 1.0])
def test_from_json_refuses_other_versions(version) -> None:
    data = played_match(steps=5).to_json()
    data["version"] = version
    with pytest.raises(SaveError, match="version"):
        Match.from_json(data)


def _broken(change) -> dict:
    data = played_match(3, seed=5, steps=12).to_json()
    change(data)
    return data


@pytest.mark.parametrize(
    "name,change",
    [
        ("no seats", lambda d: d.pop("seats")),
        ("no log", lambda d: d.pop("log")),
        ("no seed", lambda d: d.pop("seed")),
        ("no game", lambda d: d.pop("game")),
        ("unknown game", lambda d: d.update(game="chess")),
        ("game not playable yet", lambda d: d.update(game="noaron")),
        ("seed not a number", lambda d: d.update(seed="abc")),
        ("seed missing value", lambda d: d.update(seed=None)),
        ("seat with unknown field", lambda d: d["seats"].__setitem__(0, {"kind": "human", "colour": "red"})),
        ("seat not a dict", lambda d: d["seats"].__setitem__(0, "human")),
        ("one seat only", lambda d: d.update(seats=d["seats"][:1])),
        ("unknown option", lambda d: d["options"].update(turbo=True)),
        ("option value", lambda d: d["options"].update(simple="yes")),
        ("log entry not a pair", lambda d: d["log"].__setitem__(2, ["pass"])),
        ("log entry seat not a number", lambda d: d["log"].__setitem__(2, ["two", d["log"][2][1]])),
        ("log not a list", lambda d: d.update(log=5)),
    ],
)
def test_from_json_refuses_malformed_data(name: str, change) -> None:
    with pytest.raises(SaveError, match="malformed") as caught:
        Match.from_json(_broken(change))
    assert str(caught.value), name


@pytest.mark.parametrize(
    "index,entry",
    [
        (3, [0, "fly away"]),  # names no action
        (3, [2, "play 9@1"]),  # no such card
        (5, [1, "pass"]),  # seat 2's turn, not seat 1's
        (0, [0, "pass"]),  # a pass during setup
    ],
)
def test_from_json_names_the_log_entry_the_rules_refuse(index: int, entry: list) -> None:
    data = played_match(3, seed=5, steps=12).to_json()
    assert [seat for seat, _ in data["log"][:6]] == [0, 1, 2, 0, 1, 2]
    data["log"][index] = entry
    with pytest.raises(SaveError, match=rf"log entry {index + 1} \(") as caught:
        Match.from_json(data)
    assert "refused" in str(caught.value)
    assert isinstance(caught.value.__cause__, RulesError)


def test_from_json_refuses_a_log_that_goes_past_the_end() -> None:
    match = played_match(2, seed=6, steps=10_000)
    assert match.is_over()
    data = match.to_json()
    data["log"].append([0, "pass"])
    with pytest.raises(SaveError, match=rf"log entry {len(data['log'])} "):
        Match.from_json(data)


def test_verify_catches_a_tampered_position() -> None:
    match = played_match(3, seed=5, steps=20)
    data = match.to_json()
    hands = data["position"].split(" | ")[1]
    data["position"] = data["position"].replace(hands, hands[::-1], 1)
    assert data["position"] != position(match)
    with pytest.raises(SaveError, match="does not rebuild"):
        Match.from_json(data)
    # without verification the log alone rules
    assert position(Match.from_json(data, verify=False)) == position(match)
    # asking to verify a file that has no position is refused rather than waved through
    del data["position"]
    with pytest.raises(SaveError, match="no saved position to verify"):
        Match.from_json(data)
    assert position(Match.from_json(data, verify=False)) == position(match)


def test_verify_catches_a_tampered_log_that_is_still_legal() -> None:
    match = neko_match(4, seed=2)
    match.apply(0, base(match))
    data = match.to_json()
    # seat 0 laid its lowest card; claim it laid another one (legal, but not what was saved)
    lowest = int(data["log"][0][1].split()[1])
    other = next(v for v in match.state.hands[0] if v != lowest)
    data["log"][0] = [0, f"base {other}"]
    with pytest.raises(SaveError, match="does not rebuild"):
        Match.from_json(data)


def test_load_refuses_a_tampered_file_on_disk(tmp_path: Path) -> None:
    match = played_match(4, seed=7, steps=30)
    path = tmp_path / "save.json"
    match.save(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["position"] = data["position"].replace(" x", " x9", 1)
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SaveError, match="does not rebuild"):
        Match.load(path)
    assert position(Match.load(path, verify=False)) == position(match)


def test_from_json_refuses_unknown_seat_kinds_and_levels() -> None:
    """A seat the app cannot seat (neither human nor a known AI level) is malformed data."""
    for seat in ({"kind": "robot"}, {"kind": "ai", "level": "godlike"}):
        data = played_match(3, seed=5, steps=3).to_json()
        data["seats"][1] = seat
        with pytest.raises(SaveError, match="malformed"):
            Match.from_json(data)
