"""Faults in the records database (issue 30) and draws counted as draws (issue 29): a database
SQLite opens but the app did not make (wrong types, a trigger that aborts, a dropped table, a
changed version, another program's file, a FIFO) is kept aside byte for byte, a fresh one starts
and the end of a match never fails; the migration re-checks the version under the write lock; a
shared first place is a draw. Ends with a hypothesis fuzz over mutated real files."""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core import records as records_module
from game.core import storage
from game.core.match import Match, Seat
from game.core.records import (
    RECORDS_FILE,
    SCHEMA_VERSION,
    Records,
    report,
    report_text,
)
from kotatsu.cli import main
from scenes.engine.app import App
from scenes.menus.records import RecordsScene
from scenes.menus.results import Results
from tests.depth import cases
from tests.random_matches import random_moves
from tests.special_files import memory_folder, returns_soon


def outcome_of(winners: tuple[int, ...], seat: int) -> str:
    """What the records must say of ``seat``: a win alone in first place, a draw when it is shared."""
    return "loss" if seat not in winners else "draw" if len(winners) > 1 else "win"

FRAME = 1 / 60
DRAW_SEEDS = (24, 25)  # neko, Aiko against an easy AI: these random matches end level (a shared first place)
WIN_SEED, LOSS_SEED = 1, 0


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A data folder of its own and no saving-off reason left from elsewhere."""
    monkeypatch.setenv("KOTATSU_HOME", str(tmp_path))
    storage.reset_saving_off()
    yield tmp_path
    storage.reset_saving_off()


def aiko_vs_easy(seed: int, started: int | None = None) -> Match:
    """Aiko (seat 0) against an easy AI in neko, played to its end by random legal actions."""
    match = Match("neko", [Seat("human", name="Aiko"), Seat("ai", "easy")], seed,
                  started=seed if started is None else started)
    return random_moves(match, None, seed)


def outcome(match: Match, seat: int = 0) -> str:
    return outcome_of(match.rules.result(match.state).winners, seat)


def kept(home: Path) -> list[Path]:
    return sorted(home.glob(RECORDS_FILE + ".bad-*"))


def made_file(home: Path, matches: int = 3) -> bytes:
    """A records file the app wrote, with a few results; its bytes."""
    records = Records()
    for seed in range(matches):
        records.record_match(aiko_vs_easy(seed), when=100 + seed)
    return (home / RECORDS_FILE).read_bytes()


def alter(home: Path, *statements: str) -> bytes:
    """Run SQL on the records file as another program would; the file's bytes after."""
    db = sqlite3.connect(home / RECORDS_FILE, isolation_level=None)
    try:
        for statement in statements:
            db.execute(statement)
    finally:
        db.close()
    return (home / RECORDS_FILE).read_bytes()


# ----- issue 29: a draw is a draw ----------------------------------------------------------------------
def test_the_seeds_used_here_end_as_they_say() -> None:
    assert [outcome(aiko_vs_easy(seed)) for seed in (*DRAW_SEEDS, WIN_SEED, LOSS_SEED)] == \
        ["draw", "draw", "win", "loss"]


def test_two_drawn_matches_are_draws_not_wins(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    records = Records()
    for seed in DRAW_SEEDS:
        assert records.record_match(aiko_vs_easy(seed), when=seed) == 1
    (figures,) = records.figures("Aiko")
    assert (figures.games, figures.wins, figures.draws, figures.losses) == (2, 0, 2, 0)
    assert figures.win_share == 0 and figures.streak == 0
    assert [result.outcome for result in figures.recent] == ["draw", "draw"]
    assert main(["records", "--profile", "Aiko"]) == 0
    line = capsys.readouterr().out.splitlines()[1]
    assert "wins   0" in line and "draws   2" in line and line.endswith("recent DD")


def test_a_draw_ends_a_win_streak_and_shows_as_d(home: Path) -> None:
    records = Records()
    for when, seed in enumerate((WIN_SEED, DRAW_SEEDS[0], WIN_SEED, LOSS_SEED)):
        records.record_match(aiko_vs_easy(seed, started=when), when=when)  # a new start: a new match
    (figures,) = records.figures("Aiko")
    assert "".join(result.letter for result in figures.recent) == "WDW-"
    assert (figures.wins, figures.draws, figures.losses, figures.streak) == (2, 1, 1, 0)
    records.record_match(aiko_vs_easy(WIN_SEED, started=50), when=50)
    assert records.figures("Aiko")[0].streak == 1  # the draw broke the run: only the new win counts


def test_a_shared_first_place_is_a_draw_for_those_who_share_it_only() -> None:
    assert [records_module.outcome_of((0, 2), seat) for seat in range(3)] == ["draw", "loss", "draw"]
    assert [records_module.outcome_of((1,), seat) for seat in range(3)] == ["loss", "win", "loss"]


def test_the_records_screen_counts_draws_apart(app: App) -> None:
    records = Records()
    for seed in (*DRAW_SEEDS, WIN_SEED):
        records.record_match(aiko_vs_easy(seed), when=seed)
    scene = RecordsScene(app)
    app.push(scene)
    app.step(FRAME)
    (figures,) = scene.figures
    assert (figures.wins, figures.draws, figures.games) == (1, 2, 3)


V1_ROWS = [  # match, profile, won: m1 shared by two named people, m2 won alone, m3 lost
    ("neko:1:1", "Aiko", 1), ("neko:1:1", "Ben", 1), ("neko:2:2", "Aiko", 1), ("neko:3:3", "Aiko", 0),
]


def v1_file(path: Path) -> None:
    """A schema 1 file as the previous version wrote it."""
    db = sqlite3.connect(path, isolation_level=None)
    records_module.MIGRATIONS[0](db)
    for name in ("Aiko", "Ben"):
        db.execute("INSERT INTO profiles VALUES (?, 1, 1)", (name,))
    for number, (match_id, name, won) in enumerate(V1_ROWS):
        db.execute("INSERT INTO results VALUES (?, ?, 'neko', 'people', ?, 0, 2, ?, ?, 5.0)",
                   (match_id, name, 10 + number, won, 1 if won else 2))
    db.execute("PRAGMA user_version = 1")
    db.close()


def test_a_schema_1_file_is_migrated_with_shared_wins_as_draws(home: Path) -> None:
    v1_file(home / RECORDS_FILE)
    records = Records()
    (aiko,) = records.figures("Aiko")
    (ben,) = records.figures("Ben")
    assert [result.outcome for result in aiko.recent] == ["draw", "win", "loss"]
    assert (aiko.wins, aiko.draws, aiko.losses, ben.draws) == (1, 1, 1, 1)
    assert not records.warning and kept(home) == []
    with sqlite3.connect(home / RECORDS_FILE) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 2
        assert db.execute("SELECT count(*) FROM results WHERE won = 1").fetchone()[0] == 1
    db.close()


# ----- issue 30: a file the app did not write ------------------------------------------------------
def test_rows_of_the_wrong_type_never_make_the_records_raise(home: Path, app: App,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    made_file(home, matches=3)  # results finished at 100, 101 and 102
    alter(home,
          "INSERT INTO profiles VALUES (x'00ff', 1, 1)",  # a name that is a blob
          "INSERT INTO profiles VALUES ('Ben', 'soon', 'never')",
          "INSERT INTO profiles VALUES (CAST(x'80ff' AS TEXT), 1, 1)",  # text that is not UTF-8
          "UPDATE results SET level = CAST(x'c3' AS TEXT) WHERE finished = 101",
          "UPDATE results SET score = 'lots' WHERE finished = 100",  # text where a number goes
          "INSERT INTO results (match_id, profile, game, level, finished, seat, players, won, rank, score, outcome)"
          " VALUES ('x', 'Aiko', x'00', 'easy', 'today', 0, 2, 1, 'first', 1e999, 'maybe')")
    records = Records()
    assert set(records.profiles()) == {"Aiko", "Ben"}
    (figures,) = records.figures("Aiko")
    assert figures.games == 1 and records.skipped >= 4  # the one whole row counts, the rest are left out
    assert main(["records"]) == 0 and main(["records", "--json"]) == 0
    capsys.readouterr()
    scene = RecordsScene(app)
    app.push(scene)
    app.step(FRAME)
    scene.choose("Aiko")
    scene.draw(app.screen)
    assert scene.figures[0].games == 1 and not records.warning and kept(home) == []


@pytest.mark.parametrize("change", [
    "CREATE TRIGGER refuse BEFORE INSERT ON results BEGIN SELECT RAISE(ABORT, 'no more results'); END",
    "CREATE TRIGGER refuse BEFORE UPDATE ON profiles BEGIN SELECT RAISE(FAIL, 'no'); END",
    "DROP TABLE results",
    "DROP INDEX results_by_profile",
    "CREATE VIEW everything AS SELECT * FROM results",
    "CREATE TABLE notes (text TEXT)",
    "PRAGMA user_version = 0",
    "PRAGMA user_version = -3",
])
def test_a_changed_schema_is_kept_aside_and_the_match_is_still_recorded(home: Path, app: App,
                                                                          change: str) -> None:
    made_file(home)
    before = alter(home, change)
    scene = Results(app, aiko_vs_easy(7))
    app.push(scene)
    app.step(FRAME)  # the results screen records the match: it must not raise
    (aside,) = kept(home)
    assert aside.read_bytes() == before
    assert scene.toast.visible and aside.name in scene.toast.message
    (figures,) = Records().figures("Aiko")
    assert figures.games == 1  # the fresh file holds the new match


def test_another_programs_database_is_kept_aside_not_read_as_empty(home: Path) -> None:
    db = sqlite3.connect(home / RECORDS_FILE, isolation_level=None)
    db.execute("CREATE TABLE profiles (id INTEGER PRIMARY KEY, email TEXT)")  # a name clash, other columns
    db.execute("INSERT INTO profiles (email) VALUES ('someone@example.org')")
    db.execute("PRAGMA user_version = 1")
    db.close()
    before = (home / RECORDS_FILE).read_bytes()
    records = Records()
    assert records.profiles() == [] and "not the records schema" in records.warning
    (aside,) = kept(home)
    assert aside.read_bytes() == before
    assert records.record_match(aiko_vs_easy(WIN_SEED)) == 1 and records.profiles() == ["Aiko"]


def test_a_database_error_during_a_write_keeps_the_file_aside_and_writes_afresh(
        home: Path, app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """A page damaged in a way quick_check misses shows only when written: any DatabaseError."""
    before = made_file(home)
    real_touch = records_module._touch
    calls = []

    def damaged(db: sqlite3.Connection, name: str, now: int) -> None:
        calls.append(name)
        if len(calls) == 1:
            raise sqlite3.DatabaseError("database disk image is malformed")
        real_touch(db, name, now)

    monkeypatch.setattr(records_module, "_touch", damaged)
    scene = Results(app, aiko_vs_easy(7))
    app.push(scene)
    app.step(FRAME)
    (aside,) = kept(home)
    assert aside.read_bytes() == before and scene.toast.visible
    assert Records().figures("Aiko")[0].games == 1


def test_a_busy_file_is_left_where_it_is(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    before = made_file(home)
    monkeypatch.setattr(records_module, "BUSY_SECONDS", 0.05)
    holder = sqlite3.connect(home / RECORDS_FILE, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")  # another instance in the middle of a write
    try:
        records = Records()
        assert records.record_match(aiko_vs_easy(9)) == 0
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert kept(home) == [] and (home / RECORDS_FILE).read_bytes() == before and not records.warning


def test_a_fifo_in_place_of_the_records_is_kept_aside_unread(home: Path) -> None:
    path = home / RECORDS_FILE
    os.mkfifo(path)
    records = Records()
    assert returns_soon(lambda: records.record_match(aiko_vs_easy(WIN_SEED)), unblock=path) == 1
    (aside,) = kept(home)
    assert aside.is_fifo() and records.profiles() == ["Aiko"]


def test_the_first_result_is_not_lost_when_another_process_reads_meanwhile(
        home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The writer has read version 0 and waits for the write lock while a reader creates the
    tables: once it holds the lock, it must see they are there and not create them again."""
    sqlite3.connect(home / RECORDS_FILE).close()  # the empty file the writer's connect made
    real_connect = sqlite3.connect
    state = {"hooked": False}

    class Interleaved(sqlite3.Connection):
        def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:
            if sql == "BEGIN IMMEDIATE" and not state["hooked"]:
                state["hooked"] = True
                assert Records().profiles() == []  # the other process: it upgrades the file first
            return super().execute(sql, *args)

    def connect(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        if state["hooked"]:
            return real_connect(*args, **kwargs)
        return real_connect(*args, factory=Interleaved, **kwargs)

    monkeypatch.setattr(sqlite3, "connect", connect)
    records = Records()
    assert records.record_match(aiko_vs_easy(WIN_SEED)) == 1
    assert state["hooked"] and records.profiles() == ["Aiko"] and not records.warning


# ----- fuzz: mutated real files ----------------------------------------------------------------------------
def _corpus() -> list[bytes]:
    """Real records files: one the app wrote now (with draws, wins and losses) and a schema 1 file."""
    import tempfile

    files = []
    with tempfile.TemporaryDirectory() as folder:
        records = Records(Path(folder) / RECORDS_FILE)
        for seed in (*DRAW_SEEDS, WIN_SEED, LOSS_SEED):
            records.record_match(aiko_vs_easy(seed), when=seed)
        records.add_profile("Ben", when=9)
        files.append(records.path.read_bytes())
        old = Path(folder) / "v1.sqlite3"
        v1_file(old)
        files.append(old.read_bytes())
    return files


CORPUS = _corpus()
FUZZ_MATCH = aiko_vs_easy(WIN_SEED, started=4242)
SQL_VALUES = st.one_of(
    st.integers(-(2**63), 2**63 - 1), st.floats(allow_nan=False), st.text(max_size=12),
    st.binary(max_size=8), st.sampled_from(["win", "draw", "loss", "Aiko", "neko", "easy", "", "\x00"]),
)
SCHEMA_CHANGES = [
    "DROP TABLE results", "DROP TABLE profiles", "DROP INDEX results_by_profile",
    "CREATE TABLE extra (x)", "CREATE VIEW v AS SELECT 1",
    "CREATE TRIGGER t BEFORE INSERT ON results BEGIN SELECT RAISE(ABORT, 'no'); END",
    "CREATE TRIGGER t AFTER INSERT ON profiles BEGIN SELECT RAISE(ROLLBACK, 'no'); END",
    "CREATE TRIGGER t BEFORE UPDATE ON profiles BEGIN SELECT RAISE(IGNORE); END",
    "ALTER TABLE results ADD COLUMN note TEXT", "ALTER TABLE profiles RENAME TO people",
    "ALTER TABLE results RENAME COLUMN score TO points", "DELETE FROM profiles", "DELETE FROM results",
    "PRAGMA user_version = 0", "PRAGMA user_version = 1", "PRAGMA user_version = 3",
    "PRAGMA user_version = 2147483647", "PRAGMA user_version = -1",
]
COLUMNS = {"profiles": ("name", "created", "last_used"),
           "results": ("match_id", "profile", "game", "level", "finished", "seat", "players", "won", "rank",
                       "score", "outcome")}


@st.composite
def sql_mutants(draw: st.DrawFn) -> tuple[bytes, list[tuple[str, tuple[Any, ...]]]]:
    """A real file and SQL another program could run on it: schema changes, values of any type."""
    raw = draw(st.sampled_from(CORPUS))
    statements: list[tuple[str, tuple[Any, ...]]] = []
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["schema", "set", "set", "insert"]))
        if kind == "schema":
            statements.append((draw(st.sampled_from(SCHEMA_CHANGES)), ()))
            continue
        table = draw(st.sampled_from(sorted(COLUMNS)))
        column = draw(st.sampled_from(COLUMNS[table]))
        if kind == "set":
            statements.append((f"UPDATE {table} SET {column} = ? WHERE rowid % 2 = ?",
                               (draw(SQL_VALUES), draw(st.integers(0, 1)))))
        else:
            values = tuple(draw(SQL_VALUES) for _ in COLUMNS[table])
            marks = ", ".join("?" for _ in values)
            statements.append((f"INSERT OR IGNORE INTO {table} ({', '.join(COLUMNS[table])}) VALUES ({marks})",
                               values))
    return raw, statements


@st.composite
def byte_mutants(draw: st.DrawFn) -> bytes:
    """A real file with bytes flipped, set, truncated or a page's worth zeroed."""
    raw = bytearray(draw(st.sampled_from(CORPUS)))
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["flip", "set", "truncate", "zero", "header"]))
        at = draw(st.integers(0, len(raw) - 1)) if raw else 0
        if kind == "header" and len(raw) > 100:
            at = draw(st.integers(16, 99))  # the database header: page size, versions, counts
        if kind in ("flip", "header") and raw:
            raw[at] ^= 1 << draw(st.integers(0, 7))
        elif kind == "set" and raw:
            raw[at] = draw(st.integers(0, 255))
        elif kind == "truncate":
            del raw[at:]
        elif kind == "zero":
            size = min(draw(st.integers(1, 4096)), len(raw) - at)
            raw[at:at + size] = bytes(size)
    return bytes(raw)


FUZZ = settings(max_examples=cases(120, 400), deadline=None, database=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.function_scoped_fixture])


def check_records(home: Path, before: bytes) -> None:
    """Read and write through every entry point: nothing escapes, a bad file is kept aside byte for
    byte (never lost), and the new match is recorded in the file then in place."""
    report_text(report(Records()))  # every profile and its figures, as ``records`` prints them
    writer = Records()
    assert writer.record_match(FUZZ_MATCH, when=5000) in (0, 1)
    aside = kept(home)
    assert len(aside) <= 1
    if aside:
        assert aside[0].read_bytes() == before
    after = Records()
    assert FUZZ_MATCH.match_id and any(
        result.finished == 5000 for figures in after.figures("Aiko") for result in figures.recent)
    assert len(kept(home)) == len(aside)  # the file now in place is a good one


@pytest.fixture
def fuzz_home(monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The data folder in memory where the system has one: SQLite's syncs then cost nothing."""
    with memory_folder() as folder:
        monkeypatch.setenv("KOTATSU_HOME", str(folder))
        yield folder


def _fresh(home: Path) -> None:
    for path in home.iterdir():
        path.unlink()
    storage.reset_saving_off()


@pytest.mark.slow
@FUZZ
@given(case=sql_mutants())
def test_fuzz_records_over_schema_and_value_changes(fuzz_home: Path,
                                                    case: tuple[bytes, list[tuple[str, tuple[Any, ...]]]]) -> None:
    home = fuzz_home
    _fresh(home)
    raw, statements = case
    path = home / RECORDS_FILE
    path.write_bytes(raw)
    db = sqlite3.connect(path, isolation_level=None)
    try:
        for statement, values in statements:
            try:
                db.execute(statement, values)
            except sqlite3.Error:
                pass  # a change that does not apply (a table already dropped...): the next one
    finally:
        db.close()
    check_records(home, path.read_bytes())


@pytest.mark.slow
@settings(FUZZ, max_examples=cases(150, 600))
@given(raw=byte_mutants())
def test_fuzz_records_over_byte_mutations(fuzz_home: Path, raw: bytes) -> None:
    home = fuzz_home
    _fresh(home)
    (home / RECORDS_FILE).write_bytes(raw)
    check_records(home, raw)
