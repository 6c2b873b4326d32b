"""Local profiles and records (``game.core.records``): what a finished match adds, counted once;
the figures per game and level; a bad or newer file kept aside; writes all-or-nothing; the CLI."""

from __future__ import annotations

import json
import multiprocessing
import os
import sqlite3
from pathlib import Path

import pygame
import pytest

from game.core.match import Match, Seat
from game.core.records import (
    PEOPLE,
    RECENT,
    RECORDS_FILE,
    SCHEMA_VERSION,
    Records,
    profiles_of,
    report,
    table_level,
)
from game.core.registry import get_rules
from kotatsu.cli import main
from scenes.engine import input as intents
from scenes.engine.app import App
from scenes.engine.input import Intent
from scenes.menus.records import ROWS_PER_PAGE, RecordsScene
from scenes.menus.results import Results
from scenes.menus.setup import Setup
from tests.random_matches import random_moves
from tests.stand_in_tables import record_tables


def outcome_of(winners: tuple[int, ...], seat: int) -> str:
    """What the records must say of ``seat``: a win alone in first place, a draw when it is shared."""
    return "loss" if seat not in winners else "draw" if len(winners) > 1 else "win"


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A throwaway data folder."""
    monkeypatch.setenv("KOTATSU_HOME", str(tmp_path))
    return tmp_path


def finished(seats: list[Seat], seed: int, game: str = "neko", started: int = 1000) -> Match:
    """A match played to its end by random legal actions."""
    return random_moves(Match(game, seats, seed, started=started), None, seed)


def aiko_vs(level: str, seed: int, started: int = 1000) -> Match:
    """Aiko (seat 0) against one AI of ``level``, finished."""
    return finished([Seat("human", name="Aiko"), Seat("ai", level)], seed, started=started)


def test_a_finished_match_records_each_named_person_once(home: Path) -> None:
    records = Records()
    match = finished([Seat("human", name="Aiko"), Seat("human", name="Ben"), Seat("human")], 3)
    result = match.rules.result(match.state)
    assert records.record_match(match, when=50) == 2  # the unnamed third seat stays anonymous
    assert records.record_match(match, when=60) == 0
    assert records.record_match(Match.from_json(match.to_json()), when=70) == 0  # reloaded: same id
    assert sorted(records.profiles()) == ["Aiko", "Ben"]
    for seat, name in ((0, "Aiko"), (1, "Ben")):
        (figures,) = records.figures(name)
        assert (figures.game, figures.level, figures.games) == ("neko", PEOPLE, 1)
        assert figures.wins == int(seat in result.winners)
        assert figures.best_score == result.scores[seat]
        assert [r.rank for r in figures.recent] == [result.ranks[seat]]


def test_an_unfinished_match_or_one_without_names_records_nothing(home: Path) -> None:
    records = Records()
    unfinished = random_moves(Match("neko", [Seat("human", name="Aiko"), Seat("ai", "easy")], 2), 3, 2)
    assert records.record_match(unfinished) == 0
    assert records.record_match(finished([Seat("human"), Seat("ai", "easy")], 2)) == 0
    assert records.profiles() == [] and not (home / RECORDS_FILE).exists()


def test_the_level_is_the_strongest_ai_at_the_table() -> None:
    seats = [Seat("human"), Seat("ai", "easy"), Seat("ai", "hard"), Seat("ai", "normal")]
    assert table_level(Match("neko", seats, 1)) == "hard"
    assert table_level(Match("neko", [Seat("human"), Seat("ai", "random")], 1)) == "random"
    assert table_level(Match("neko", [Seat("human"), Seat("human")], 1)) == PEOPLE
    assert profiles_of(Match("neko", [Seat("human", name=" Aiko "), Seat("ai", "easy")], 1)) == {0: "Aiko"}


def test_figures_per_game_and_level_with_streak_and_recent_results(home: Path) -> None:
    records = Records()
    outcomes: list[str] = []
    for number in range(RECENT + 3):
        match = aiko_vs("easy", seed=100 + number, started=number)
        records.record_match(match, when=1000 + number)
        result = match.rules.result(match.state)
        outcomes.append(outcome_of(result.winners, 0))
    records.record_match(aiko_vs("hard", seed=7, started=99), when=5000)
    easy, hard = records.figures("Aiko")
    assert (easy.level, hard.level, hard.games) == ("easy", "hard", 1)
    assert easy.games == RECENT + 3 and easy.wins == outcomes.count("win")
    assert (easy.draws, easy.losses) == (outcomes.count("draw"), outcomes.count("loss"))
    assert [r.outcome for r in easy.recent] == outcomes[-RECENT:]
    streak = len(outcomes) - max((i + 1 for i, outcome in enumerate(outcomes) if outcome != "win"), default=0)
    assert easy.streak == streak
    assert easy.win_share == pytest.approx(outcomes.count("win") / len(outcomes))


def test_profiles_list_the_last_used_first(home: Path) -> None:
    records = Records()
    assert records.add_profile("Aiko", when=10) and records.add_profile("Ben", when=20)
    assert records.profiles() == ["Ben", "Aiko"]
    records.add_profile("Aiko", when=30)
    assert records.profiles() == ["Aiko", "Ben"]
    records.add_profile("Ben", when=5)  # an older time never moves a profile back
    assert records.profiles() == ["Aiko", "Ben"]
    assert not records.add_profile("   ") and not records.add_profile("x" * 41)


def test_a_damaged_file_is_kept_aside_and_the_records_start_empty(home: Path) -> None:
    path = home / RECORDS_FILE
    path.write_bytes(b"this is not a database at all" * 100)
    records = Records()
    assert records.profiles() == []
    assert records.warning and RECORDS_FILE in records.warning
    (aside,) = home.glob(RECORDS_FILE + ".bad-*")
    assert aside.read_bytes() == b"this is not a database at all" * 100
    assert records.record_match(aiko_vs("easy", 4)) == 1
    assert records.profiles() == ["Aiko"]


def test_a_file_from_a_newer_app_is_kept_aside_never_overwritten(home: Path) -> None:
    path = home / RECORDS_FILE
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE future (x)")
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.close()
    records = Records()
    assert records.record_match(aiko_vs("easy", 4)) == 1
    assert "newer" in records.warning
    (aside,) = home.glob(RECORDS_FILE + ".bad-*")
    with sqlite3.connect(aside) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION + 1
    db.close()


def test_an_empty_version_0_file_is_migrated(home: Path) -> None:
    sqlite3.connect(home / RECORDS_FILE).close()  # an empty database: user_version 0
    records = Records()
    assert records.add_profile("Aiko")
    assert records.profiles() == ["Aiko"] and not records.warning
    with sqlite3.connect(home / RECORDS_FILE) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    db.close()


def test_a_failed_write_leaves_nothing_half_done(home: Path) -> None:
    records = Records()
    records.add_profile("Aiko", when=1)

    def half(db: sqlite3.Connection) -> None:
        db.execute("INSERT INTO profiles VALUES ('Ben', 2, 2)")
        raise RuntimeError("stopped in the middle")

    with pytest.raises(RuntimeError):
        records._write(half)
    assert records.profiles() == ["Aiko"]


def _killed_mid_write(path: str) -> None:
    """A child that writes half a transaction and dies without committing or closing."""
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("BEGIN IMMEDIATE")
    db.execute("INSERT INTO profiles VALUES ('Ben', 2, 2)")
    db.execute("UPDATE profiles SET last_used = 99 WHERE name = 'Aiko'")
    os._exit(9)


def test_a_process_killed_mid_write_leaves_the_file_as_before(home: Path) -> None:
    records = Records()
    records.add_profile("Aiko", when=1)
    child = multiprocessing.get_context("fork").Process(target=_killed_mid_write, args=(str(records.path),))
    child.start()
    child.join(30)
    assert child.exitcode == 9
    assert records.profiles() == ["Aiko"] and not records.warning
    assert records.add_profile("Ben", when=3) and records.profiles() == ["Ben", "Aiko"]


def test_the_cli_prints_the_records(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    records = Records()
    match = aiko_vs("normal", 9)
    records.record_match(match)
    assert main(["records", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data == report(records) and data["Aiko"][0]["level"] == "normal"
    assert main(["records", "--profile", "Aiko"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("Aiko\n") and "neko" in text and "normal" in text
    assert main(["records", "--profile", "Nobody"]) == 1
    assert "Nobody" in capsys.readouterr().err


def test_a_match_keeps_its_start_time_through_a_save() -> None:
    match = Match("neko", [Seat("human"), Seat("ai", "easy")], 5, started=1234)
    again = Match.from_json(match.to_json())
    assert again.started == 1234 and again.match_id == match.match_id == "neko:5:1234"
    old = {key: value for key, value in match.to_json().items() if key != "started"}
    assert Match.from_json(old).started == 0  # a save written before the start time was kept


# ----- on screen ----------------------------------------------------------------------------------
FRAME = 1 / 60


def tap(app: App, rect: pygame.Rect) -> None:
    """Press and release at the centre of ``rect``, then one frame."""
    app.step(FRAME, [Intent(intents.PRESS, rect.center), Intent(intents.RELEASE, rect.center)])


def test_the_results_screen_records_a_finished_match_once(app: App) -> None:
    match = aiko_vs("easy", 4)
    app.push(Results(app, match))
    app.step(FRAME)
    app.pop()
    app.push(Results(app, Match.from_json(match.to_json())))  # the same match shown again
    app.step(FRAME)
    (figures,) = Records().figures("Aiko")
    assert figures.games == 1 and figures.level == "easy"


def test_the_kiosk_records_no_visitor(app: App) -> None:
    app.locked = True
    app.push(Results(app, aiko_vs("easy", 4)))
    app.step(FRAME)
    assert Records().profiles() == []


def test_setup_offers_the_known_names_and_start_makes_profiles(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    opened = record_tables(monkeypatch)
    records = Records()
    for when, name in enumerate(["Akira", "Ben", "Aiko"]):
        records.add_profile(name, when=when)
    setup = Setup(app, "neko")
    app.push(setup)
    app.step(FRAME)
    assert setup.names[0] == "Aiko"  # no names kept in the settings: the last profile used
    field = setup.name_fields[0]
    tap(app, field.rect)
    assert field.offered() == ["Ben", "Akira"]  # not the name already in the field
    tap(app, field.chip_rects()[1][1])
    assert setup.names[0] == "Akira" and not field.editing
    setup.set_kind(1, "human")
    second = setup.name_fields[1]
    tap(app, second.rect)
    app.step(FRAME, [Intent(intents.TEXT, key="b")])
    assert second.offered() == ["Ben"]  # what was typed narrows them; Akira sits at seat 1
    app.step(FRAME, [Intent(intents.NAV, dy=1), Intent(intents.ACTIVATE, key="return")])
    assert setup.names[1] == "Ben"
    setup.set_name(1, "Chiyo")
    setup.start()
    assert [seat.name for seat in opened[0].seats] == ["Akira", "Chiyo"]
    assert Records().profiles()[0] in {"Akira", "Chiyo"} and "Chiyo" in Records().profiles()


def test_the_kiosk_setup_offers_no_profiles(app: App) -> None:
    Records().add_profile("Aiko")
    app.locked = True
    setup = Setup(app, "neko")
    app.push(setup)
    app.step(FRAME)
    field = setup.name_fields[0]
    tap(app, field.rect)
    assert setup.names[0] == "" and field.offered() == []


def test_the_records_screen_shows_a_profile_by_touch_and_keys(app: App) -> None:
    records = Records()
    for number in range(3):
        records.record_match(aiko_vs("easy", 20 + number, started=number), when=100 + number)
    records.record_match(finished([Seat("human", name="Ben"), Seat("ai", "hard")], 9, game="noaron"), when=200)
    scene = RecordsScene(app)
    app.push(scene)
    app.step(FRAME)
    assert scene.names == ["Ben", "Aiko"] and scene.chosen == "Ben"
    assert [(f.game, f.level, f.games) for f in scene.figures] == [("noaron", "hard", 1)]
    tap(app, scene.profile_buttons[1].rect)
    assert scene.chosen == "Aiko" and [(f.game, f.games) for f in scene.figures] == [("neko", 3)]
    scene.group.focus_on(scene.profile_buttons[0])
    app.step(FRAME, [Intent(intents.ACTIVATE, key="return")])
    assert scene.chosen == "Ben"
    app.step(FRAME, [Intent(intents.BACK, key="escape")])
    assert app.top is not scene


def test_the_records_screen_pages_through_many_rows(app: App) -> None:
    records = Records()
    number = 0
    for game in ("neko", "newold", "noaron", "nostalgic"):
        for level in ("easy", "normal", "hard"):
            number += 1
            players = get_rules(game).min_players
            seats = [Seat("human", name="Aiko")] + [Seat("ai", level)] * (players - 1)
            records.record_match(finished(seats, number, game=game, started=number))
    scene = RecordsScene(app)
    app.push(scene)
    app.step(FRAME)
    assert len(scene.figures) == 12 > ROWS_PER_PAGE
    assert not scene.prev_button.is_enabled and scene.next_button in scene.group.widgets
    tap(app, scene.next_button.rect)
    assert scene.page == 1 and scene.prev_button.is_enabled


def test_the_records_screen_says_when_a_bad_file_was_put_aside(app: App, tmp_path: Path) -> None:
    (tmp_path / RECORDS_FILE).write_bytes(b"\x00garbage" * 64)
    scene = RecordsScene(app)
    app.push(scene)
    app.step(FRAME)
    (aside,) = tmp_path.glob(RECORDS_FILE + ".bad-*")
    assert scene.names == [] and scene.toast.visible and aside.name in scene.toast.message
