"""The autosave slot: round trip, bad files kept aside (never lost), finished games not offered."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.core import autosave
from game.core.match import Match, Seat
from game.i18n import set_language
from tests.random_matches import finished_match, random_moves


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own data folder, in English."""
    monkeypatch.setenv("KOTATSU_HOME", str(tmp_path))
    set_language("en")
    yield tmp_path
    set_language("ja")


def started_match(moves: int = 6, seed: int = 11) -> Match:
    """A 3-seat neko match a few random legal actions in."""
    return random_moves(Match("neko", [Seat("human"), Seat("ai", "normal"), Seat("ai", "hard")], seed=seed),
                        moves, seed)


def kept_files(folder: Path) -> list[Path]:
    """Files the loader renamed aside."""
    return sorted(folder.glob("autosave.json.bad-*"))


def test_path_is_in_the_data_folder(home: Path) -> None:
    assert autosave.autosave_path() == home / "autosave.json"


def test_no_autosave_gives_nothing_and_no_warning(home: Path) -> None:
    assert not autosave.has_autosave()
    assert autosave.load_autosave() == (None, None)
    assert list(home.iterdir()) == []


def test_round_trip_rebuilds_the_same_position() -> None:
    match = started_match()
    autosave.save_autosave(match)
    assert autosave.has_autosave()
    loaded, warning = autosave.load_autosave()
    assert warning is None and loaded is not None
    assert loaded.log == match.log
    assert loaded.seats == match.seats
    assert loaded.options == match.options
    assert loaded.rules.notation(loaded.state) == match.rules.notation(match.state)
    assert autosave.has_autosave()  # loading does not consume the slot


def test_save_overwrites_with_the_latest_position() -> None:
    match = started_match(moves=2)
    autosave.save_autosave(match)
    seat = match.to_move()[0]
    match.apply(seat, match.legal_actions(seat)[0])
    autosave.save_autosave(match)
    loaded, _ = autosave.load_autosave()
    assert loaded is not None and len(loaded.log) == 3


def test_clear_removes_the_slot_and_is_idempotent() -> None:
    autosave.save_autosave(started_match())
    autosave.clear_autosave()
    assert not autosave.has_autosave()
    autosave.clear_autosave()
    assert autosave.load_autosave() == (None, None)


def assert_kept_aside(home: Path, original: str, warning: str | None) -> None:
    """The bad file was renamed (content intact), the slot is empty, the warning names it."""
    kept = kept_files(home)
    assert len(kept) == 1
    assert kept[0].read_text(encoding="utf-8") == original
    assert not autosave.has_autosave()
    assert warning is not None and kept[0].name in warning


def test_corrupt_json_is_kept_aside(home: Path) -> None:
    original = '{"format": "kotatsu-match", "version": 1, "log": [[0, '
    autosave.autosave_path().write_text(original, encoding="utf-8")
    match, warning = autosave.load_autosave()
    assert match is None
    assert_kept_aside(home, original, warning)


def test_wrong_version_is_kept_aside(home: Path) -> None:
    data = started_match().to_json()
    data["version"] = 99
    original = json.dumps(data)
    autosave.autosave_path().write_text(original, encoding="utf-8")
    match, warning = autosave.load_autosave()
    assert match is None
    assert_kept_aside(home, original, warning)
    assert "99" in warning


def test_log_entry_the_rules_refuse_is_kept_aside(home: Path) -> None:
    data = started_match(moves=0).to_json()
    data.pop("position")
    data["log"] = [[0, "play 8@1"]]  # no card may be played before the stacks are laid
    original = json.dumps(data)
    autosave.autosave_path().write_text(original, encoding="utf-8")
    match, warning = autosave.load_autosave()
    assert match is None
    assert_kept_aside(home, original, warning)


def test_two_bad_files_are_both_kept(home: Path) -> None:
    for text in ("not json", "still not json"):
        autosave.autosave_path().write_text(text, encoding="utf-8")
        assert autosave.load_autosave()[0] is None
    contents = sorted(path.read_text(encoding="utf-8") for path in kept_files(home))
    assert contents == ["not json", "still not json"]


def test_a_finished_match_is_not_offered(home: Path) -> None:
    match = finished_match()
    autosave.save_autosave(match)  # saving a finished match clears the slot
    assert not autosave.has_autosave()
    match.save(autosave.autosave_path())  # even if one is written by other means
    assert autosave.load_autosave() == (None, None)
    assert not autosave.has_autosave()
    assert kept_files(home) == []


def test_a_refused_log_with_its_position_is_kept_aside_and_named(home: Path) -> None:
    data = started_match(moves=0).to_json()
    data["log"] = [[0, "play 8@1"]]  # the position is there: the replay itself is refused
    original = json.dumps(data)
    autosave.autosave_path().write_text(original, encoding="utf-8")
    match, warning = autosave.load_autosave()
    assert match is None and "log entry 1" in warning
    assert_kept_aside(home, original, warning)


def test_an_autosave_without_a_position_is_kept_aside(home: Path) -> None:
    data = started_match().to_json()
    data.pop("position")  # the app always writes one: this file was edited
    original = json.dumps(data)
    autosave.autosave_path().write_text(original, encoding="utf-8")
    match, warning = autosave.load_autosave()
    assert match is None and "no saved position" in warning
    assert_kept_aside(home, original, warning)


def test_save_and_clear_report_whether_they_wrote(home: Path) -> None:
    assert autosave.save_autosave(started_match()) is True
    assert autosave.clear_autosave() is True
    assert autosave.save_autosave(finished_match()) is True  # a finished match clears the slot
    assert not autosave.has_autosave()
