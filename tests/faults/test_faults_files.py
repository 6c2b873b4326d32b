"""Faults in the app's files (issue 16): hostile JSON, bad saves, an unwritable data folder, two
instances on one autosave, stale temp files; and a property-based fuzz of the save and settings
loaders over mutated real files. Nothing may escape but the documented result."""

from __future__ import annotations

import errno
import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core import autosave, storage
from game.core.errors import SaveError
from game.core.match import Match, Seat
from game.core.settings import Settings, default_settings, load_settings, save_settings
from game.i18n import set_language
from tests.depth import cases
from tests.random_matches import finished_match, random_moves

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A data folder of its own, English, and no saving-off reason or lock left from elsewhere."""
    folder = tmp_path / "home"
    folder.mkdir()
    monkeypatch.setenv("KOTATSU_HOME", str(folder))
    set_language("en")
    storage.reset_saving_off()
    autosave.release_slot()
    yield folder
    autosave.release_slot()
    storage.reset_saving_off()
    set_language("ja")


def started_match(game: str = "neko", players: int = 3, moves: int = 6, seed: int = 11) -> Match:
    """A match a few random legal actions in, with named seats."""
    seats = [Seat("human", "", "Tama"), *[Seat("ai", "normal", "ねこ") for _ in range(players - 1)]]
    return random_moves(Match(game, seats, seed=seed), moves, seed)


def bad_files(folder: Path, name: str) -> list[Path]:
    """Files kept aside for ``name``."""
    return sorted(folder.glob(f"{name}.bad-*"))


# ----- 1. read_json: one reader, one contract ---------------------------------------------------------
@pytest.mark.parametrize(
    "text",
    ["1e400", "-1e400", "NaN", "Infinity", "-Infinity", '{"a": [1, 2.5, 1e999]}', '{"seed": NaN}'],
)
def test_read_json_refuses_non_finite_numbers(tmp_path: Path, text: str) -> None:
    path = tmp_path / "x.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ValueError):
        storage.read_json(path)


@pytest.mark.parametrize("depth", [100_000, 200])
def test_read_json_turns_deep_nesting_into_value_error(tmp_path: Path, depth: int) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * depth + "]" * depth, encoding="utf-8")
    with pytest.raises(ValueError, match="nest"):
        storage.read_json(path)


def test_read_json_refuses_integers_too_long_for_a_float(tmp_path: Path) -> None:
    path = tmp_path / "long.json"
    path.write_text('{"last_input": ' + "7" * 400 + "}", encoding="utf-8")  # float() would overflow
    with pytest.raises(ValueError, match="digits"):
        storage.read_json(path)
    path.write_text("9" * 5000, encoding="utf-8")
    with pytest.raises(ValueError):
        storage.read_json(path)


def test_read_json_caps_the_input_size(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_text("[" + "0," * (storage.MAX_JSON_BYTES // 2) + "0]", encoding="ascii")
    with pytest.raises(ValueError, match="larger than 8 MiB"):
        storage.read_json(path)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_read_json_of_an_endless_file_fails_fast() -> None:
    """``replay /dev/zero`` must not grow to gigabytes: a child with 1 GiB of address space
    reads it and must answer ValueError quickly (a device is not a regular file: refused unread)."""
    code = (
        "import resource; resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))\n"
        "from pathlib import Path\nfrom game.core.storage import read_json\n"
        "try:\n    read_json(Path('/dev/zero'))\nexcept ValueError as e:\n    print('ValueError', e)\n"
    )
    start = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-c", code], check=False, cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr[-500:]
    assert done.stdout.startswith("ValueError /dev/zero is a character device, not a regular file")
    assert time.monotonic() - start < 30


def test_read_json_reads_good_files_as_before(tmp_path: Path) -> None:
    path = tmp_path / "good.json"
    data = {"name": "たま", "speed": 0.6, "seed": 2**62, "log": [[0, "base 3"]], "on": True, "none": None}
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    assert storage.read_json(path) == data
    with pytest.raises(OSError):
        storage.read_json(tmp_path / "missing.json")
    path.write_bytes(b'{"name": "\xff"}')
    with pytest.raises(ValueError):
        storage.read_json(path)


# ----- 2. every loader keeps a bad file aside and starts with defaults ---------------------------------
HOSTILE = [
    ("deep", "[" * 100_000 + "]" * 100_000),
    ("deep object", '{"language": ' + "[" * 5000 + "]" * 5000 + "}"),
    ("infinite", '{"language": "en", "sound": 1e400}'),
    ("nan", '{"language": "en", "sound": NaN}'),
    ("long int", '{"fullscreen": ' + "9" * 400 + "}"),
    ("huge int", '{"fullscreen": ' + "9" * 5000 + "}"),
]


@pytest.mark.parametrize("name,text", HOSTILE, ids=[name for name, _ in HOSTILE])
def test_settings_hostile_file_is_kept_aside_with_defaults(home: Path, name: str, text: str) -> None:
    path = home / "settings.json"
    path.write_text(text, encoding="utf-8")
    loaded, warning = load_settings()
    assert loaded == default_settings()
    assert warning is not None
    kept = bad_files(home, "settings.json")
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == text
    assert kept[0].name in warning and len(warning) < 400, name
    assert not path.exists()


def test_a_deep_settings_file_does_not_stop_the_launch(home: Path) -> None:
    from scenes.main import build_app

    text = "[" * 100_000 + "]" * 100_000
    (home / "settings.json").write_text(text, encoding="utf-8")
    app = build_app(headless=True, lang="en")
    try:
        title = app.top
        assert title.toast.visible and "Settings could not be read" in title.toast.message
        assert bad_files(home, "settings.json")[0].read_text(encoding="utf-8") == text
    finally:
        app.close()


@pytest.mark.parametrize(
    "field,raw",
    [
        ("seed", "1e400"),
        ("seed", "NaN"),
        ("seed", "9" * 400),
        ("seed", "9" * 5000),
        ("log", "[" * 100_000 + "]" * 100_000),
        ("options", '{"quick": -Infinity}'),
    ],
    ids=["seed 1e400", "seed NaN", "seed 400 digits", "seed 5000 digits", "deep log", "option -Infinity"],
)
def test_autosave_hostile_values_are_kept_aside(home: Path, field: str, raw: str) -> None:
    data = started_match().to_json()
    data[field] = "@@HERE@@"
    text = json.dumps(data).replace('"@@HERE@@"', raw)
    autosave.autosave_path().write_text(text, encoding="utf-8")
    match, warning = autosave.load_autosave()
    assert match is None and warning is not None
    kept = bad_files(home, "autosave.json")
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == text
    assert kept[0].name in warning and len(warning) < 600
    assert not autosave.has_autosave()


def test_continue_with_a_hostile_autosave_opens_the_title_with_a_warning(home: Path) -> None:
    from scenes.main import build_app

    autosave.autosave_path().write_text('{"format": "kotatsu-match", "version": 1, "seed": 1e400}')
    app = build_app(headless=True, resume=True, lang="en")
    try:
        assert type(app.top).__name__ == "Title"
        assert "could not be resumed" in app.top.toast.message
        assert len(bad_files(home, "autosave.json")) == 1
    finally:
        app.close()


# ----- 3. every field of a save is checked on load ------------------------------------------------------
def _with(change: Any) -> dict[str, Any]:
    data = started_match().to_json()
    change(data)
    return data


@pytest.mark.parametrize(
    "name,change",
    [
        ("NUL in a name", lambda d: d["seats"][0].update(name="Ta\x00ma")),
        ("a million characters", lambda d: d["seats"][0].update(name="x" * 1_000_000)),
        ("41 characters", lambda d: d["seats"][1].update(name="n" * 41)),
        ("a newline", lambda d: d["seats"][1].update(name="two\nlines")),
        ("a name that is a number", lambda d: d["seats"][1].update(name=7)),
        ("a level that is a list", lambda d: d["seats"][1].update(level=["normal"])),
        ("too many seats", lambda d: d.update(seats=d["seats"] * 10)),
        ("seed a float", lambda d: d.update(seed=11.5)),
        ("seed a string", lambda d: d.update(seed="11")),
        ("seed a bool", lambda d: d.update(seed=True)),
        ("seed too big", lambda d: d.update(seed=2**70)),
        ("options a list", lambda d: d.update(options=["quick"])),
        ("option value an object", lambda d: d["options"].update(quick={"on": True})),
        ("log entry seat a bool", lambda d: d["log"].__setitem__(0, [False, d["log"][0][1]])),
        ("log entry seat a float", lambda d: d["log"].__setitem__(0, [0.0, d["log"][0][1]])),
        ("log entry of three", lambda d: d["log"].__setitem__(0, [*d["log"][0], "x"])),
        ("log action a number", lambda d: d["log"].__setitem__(0, [0, 5])),
        ("log action too long", lambda d: d["log"].__setitem__(0, [0, "base " + "3" * 500])),
        ("game a list", lambda d: d.update(game=["neko"])),
        ("version true", lambda d: d.update(version=True)),
    ],
)
def test_save_fields_are_validated(name: str, change: Any) -> None:
    data = _with(change)
    with pytest.raises(SaveError) as caught:
        Match.from_json(data)
    assert len(str(caught.value)) < 300, name  # a short line, never the file's content


def test_a_nul_name_in_the_autosave_is_kept_aside(home: Path) -> None:
    text = json.dumps(_with(lambda d: d["seats"][0].update(name="Ta\x00ma")))
    autosave.autosave_path().write_text(text, encoding="utf-8")
    match, warning = autosave.load_autosave()
    assert match is None and warning is not None and "unprintable" in warning
    assert bad_files(home, "autosave.json")[0].read_text(encoding="utf-8") == text


@pytest.mark.parametrize("name", ["", "Tama", "たま", "ねこ 2", "x" * 40])
def test_good_names_still_load(name: str) -> None:
    data = _with(lambda d: d["seats"][0].update(name=name))
    assert Match.from_json(data).seats[0].name == name


@pytest.mark.parametrize(
    "game,players,options",
    [
        ("neko", 4, {"simple": True}),
        ("newold", 5, {}),
        ("nostalgic", 4, {"home": ("none",) * 4}),
        ("wallpaper", 3, {}),
        ("noaron", 2, {"older": 1}),
    ],
)
def test_good_saves_of_every_game_still_load(home: Path, game: str, players: int, options: dict) -> None:
    """Strict checks keep today's files: in memory (tuples from ``to_json``) and through the disk."""
    match = Match(game, [Seat("human", "", "たま"), *[Seat("ai", "easy")] * (players - 1)], 3, options)
    rng = random.Random(3)
    for _ in range(12):
        seat = match.to_move()[0]
        match.apply(seat, rng.choice(match.legal_actions(seat)))
    assert Match.from_json(match.to_json()).to_json() == match.to_json()
    assert autosave.save_autosave(match) is True
    loaded, warning = autosave.load_autosave()
    assert warning is None and loaded is not None and loaded.to_json() == match.to_json()


# ----- 4. verify needs a saved position ----------------------------------------------------------------
def test_verify_without_a_position_is_refused() -> None:
    data = started_match().to_json()
    del data["position"]
    with pytest.raises(SaveError, match="the file has no saved position to verify"):
        Match.from_json(data, verify=True)
    assert Match.from_json(data, verify=False).log == started_match().log


def test_replay_verify_fails_on_a_file_without_a_position(tmp_path: Path) -> None:
    data = started_match().to_json()
    del data["position"]
    path = tmp_path / "no-position.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "game", "replay", str(path), "--verify"],
        check=False,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1
    assert "no saved position to verify" in done.stderr
    assert "verified" not in done.stdout


def test_autosaves_always_carry_a_position(home: Path) -> None:
    autosave.save_autosave(started_match())
    assert "position" in json.loads(autosave.autosave_path().read_text(encoding="utf-8"))
    assert autosave.load_autosave()[0] is not None


# ----- 5. an unwritable data folder: saving off, the game goes on --------------------------------------
@pytest.fixture
def file_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """KOTATSU_HOME names a file, as with KOTATSU_HOME=/etc/passwd."""
    path = tmp_path / "not-a-folder"
    path.write_text("I am a file\n", encoding="utf-8")
    monkeypatch.setenv("KOTATSU_HOME", str(path))
    return path


def test_a_file_as_data_folder_turns_saving_off_without_raising(file_home: Path) -> None:
    assert storage.data_dir() == file_home
    assert storage.saving_off() == f"{file_home} is not a folder"
    assert autosave.save_autosave(started_match()) is False
    assert autosave.clear_autosave() is False
    assert autosave.has_autosave() is False
    assert autosave.load_autosave() == (None, None)
    assert save_settings(Settings()) is False
    assert load_settings() == (default_settings(), None)
    assert file_home.read_text(encoding="utf-8") == "I am a file\n"


def test_results_enter_does_not_crash_when_saving_is_off(file_home: Path) -> None:
    from scenes.engine.app import App
    from scenes.menus.results import Results

    app = App(Settings(language="en", anim_speed="instant", sound=False), headless=True)
    try:
        results = Results(app, finished_match())
        app.push(results)
        results.enter()
        assert storage.saving_off_info() is not None
    finally:
        app.close()


def test_the_title_tells_once_that_saving_is_off(file_home: Path) -> None:
    from scenes.main import build_app

    app = build_app(headless=True, lang="en")
    try:
        title = app.top
        title.update(0.1)
        assert title.toast.visible
        assert title.toast.message.startswith("Saving is off: ")
        assert f"{file_home} is not a folder" in title.toast.message
        title.toast.hide()
        again = type(title)(app)  # a new title, same run: told already
        again.update(0.1)
        title.update(0.1)
        assert not again.toast.visible and not title.toast.visible
    finally:
        app.close()


def test_the_notice_is_in_japanese_too(file_home: Path) -> None:
    from scenes.menus.title import saving_off_text

    storage.data_dir()
    set_language("ja")
    text = saving_off_text(storage.saving_off_info())
    assert text.startswith("保存できません") and "フォルダではありません" in text


def test_the_notice_waits_for_the_settings_warning(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from scenes.main import build_app

    (home / "settings.json").write_text("{ broken", encoding="utf-8")
    real_replace = os.replace

    def read_only_replace(source: Any, target: Any) -> None:
        if str(target).startswith(str(home / "settings.json.bad")):
            raise OSError(errno.EROFS, "Read-only file system")
        real_replace(source, target)

    monkeypatch.setattr(os, "replace", read_only_replace)
    app = build_app(headless=True, lang="en")
    try:
        title = app.top
        assert "left as it is" in title.toast.message  # the bad file stays: never deleted
        assert (home / "settings.json").read_text(encoding="utf-8") == "{ broken"
        title.update(0.1)
        assert "Settings could not be read" in title.toast.message
        title.update(60.0)  # the settings warning is gone: now the saving notice
        title.update(0.1)
        assert "is read-only" in title.toast.message
    finally:
        app.close()


def test_keep_aside_failing_leaves_the_bad_autosave(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    autosave.autosave_path().write_text("not json", encoding="utf-8")

    def refuse(source: Any, target: Any) -> None:
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(os, "replace", refuse)
    match, warning = autosave.load_autosave()
    assert match is None and warning is not None and "left as it is" in warning
    assert autosave.autosave_path().read_text(encoding="utf-8") == "not json"
    assert storage.saving_off() == f"the data folder {home} is read-only"


def test_a_full_disk_keeps_the_old_autosave(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    autosave.save_autosave(started_match(moves=2))
    before = autosave.autosave_path().read_bytes()

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    assert autosave.save_autosave(started_match(moves=8)) is False
    assert autosave.autosave_path().read_bytes() == before
    assert list(home.glob("*.tmp")) == []
    assert storage.saving_off() == f"the disk of the data folder {home} is full"


def test_a_read_only_mount_is_told_at_once(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    class ReadOnly:
        f_flag = os.ST_RDONLY

    monkeypatch.setattr(os, "statvfs", lambda path: ReadOnly())
    storage.data_dir()
    assert storage.saving_off_info().kind == "read_only"
    assert storage.take_saving_off_notice() is not None
    assert storage.take_saving_off_notice() is None  # once per run


def test_the_app_settings_path_survives_an_unwritable_folder(file_home: Path) -> None:
    from scenes.engine.app import App

    app = App(Settings(language="en", anim_speed="instant", sound=False), headless=True)
    try:
        app.set_language("ja")  # saves the settings: must not raise
        assert app.settings.language == "ja"
    finally:
        app.close()
        set_language("en")


# ----- 6. one instance owns the autosave ---------------------------------------------------------------
def _hold_lock(home: Path) -> int:
    """Take the autosave lock from a second open file description, as another instance would."""
    import fcntl

    fd = os.open(home / autosave.LOCK_FILE, os.O_RDWR | os.O_CREAT)
    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    return fd


@pytest.mark.skipif(sys.platform == "win32", reason="flock is POSIX")
def test_a_second_instance_plays_without_autosave(home: Path) -> None:
    other = _hold_lock(home)
    try:
        theirs = started_match(moves=3).dumps()
        autosave.autosave_path().write_text(theirs, encoding="utf-8")
        assert autosave.save_autosave(started_match(moves=7)) is False
        assert autosave.clear_autosave() is False
        assert autosave.save_autosave(finished_match()) is False  # the end of a match clears nothing
        assert autosave.autosave_path().read_text(encoding="utf-8") == theirs
        assert storage.saving_off() == "another Kotatsu Table window is using the autosave"
        assert autosave.load_autosave()[0] is not None  # reading it is fine
    finally:
        os.close(other)


@pytest.mark.skipif(sys.platform == "win32", reason="flock is POSIX")
def test_the_title_of_a_window_says_another_window_owns_the_autosave(home: Path) -> None:
    from scenes.engine.app import App
    from scenes.menus.title import Title, saving_off_text

    other = _hold_lock(home)
    app = App(Settings(language="en", anim_speed="instant", sound=False), headless=True)
    try:
        app.headless = False  # a windowed app claims the slot as its title opens
        title = Title(app)
        app.headless = True
        title.update(0.1)
        assert title.toast.message.startswith("Autosave is off in this window: another Kotatsu Table window")
        set_language("ja")
        assert "別のこたつテーブルのウィンドウ" in saving_off_text(storage.saving_off_info())
    finally:
        app.close()
        os.close(other)


@pytest.mark.skipif(sys.platform == "win32", reason="flock is POSIX")
def test_a_headless_title_takes_no_lock(home: Path) -> None:
    from scenes.engine.app import App
    from scenes.menus.title import Title

    app = App(Settings(language="en", anim_speed="instant", sound=False), headless=True)
    try:
        Title(app).update(0.1)
        assert not (home / autosave.LOCK_FILE).exists()
    finally:
        app.close()


CLAIM = "from game.core import autosave, storage; print(autosave.claim_slot(), storage.saving_off())"


@pytest.mark.skipif(sys.platform == "win32", reason="flock is POSIX")
def test_two_processes_never_both_own_the_autosave(home: Path) -> None:
    env = dict(os.environ, KOTATSU_HOME=str(home))

    def other_process() -> str:
        done = subprocess.run(
            [sys.executable, "-c", CLAIM],
            check=False,
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 0, done.stderr[-500:]
        return done.stdout.strip()

    autosave.load_autosave()  # reading takes no lock
    assert other_process() == "True None"  # and the lock dies with its process
    assert autosave.save_autosave(started_match()) is True  # this process owns it now
    assert other_process() == "False another Kotatsu Table window is using the autosave"
    autosave.release_slot()
    assert other_process() == "True None"


def test_headless_reading_takes_no_lock(home: Path) -> None:
    autosave.load_autosave()
    autosave.has_autosave()
    load_settings()
    assert not (home / autosave.LOCK_FILE).exists()


# ----- 7. stale temp files are cleaned at start --------------------------------------------------------
def test_stale_temp_files_are_removed_at_start(home: Path) -> None:
    old = home / "autosave.json.k3j_x1.tmp"
    fresh = home / "autosave.json.a8f2q0.tmp"
    keep = home / "notes.txt"
    for path in (old, fresh, keep):
        path.write_text("{", encoding="utf-8")
    an_hour_ago = time.time() - 3600
    os.utime(old, (an_hour_ago, an_hour_ago))
    os.utime(keep, (an_hour_ago, an_hour_ago))
    storage.reset_saving_off()  # a new run: the folder is prepared on its first use
    storage.data_dir()
    assert not old.exists()
    assert fresh.exists() and keep.exists()  # a live writer's file, and what is not ours
    os.utime(fresh, (an_hour_ago, an_hour_ago))
    assert storage.clean_stale_temp_files(home) == [fresh]


# ----- 8. fuzz: mutated real files ---------------------------------------------------------------------
def _corpus() -> list[bytes]:
    """Real autosaves of every game, a few random legal moves in (and one just started)."""
    games = [
        ("neko", 2, 0),
        ("neko", 3, 9),
        ("neko", 4, 25),
        ("newold", 3, 12),
        ("nostalgic", 3, 10),
        ("wallpaper", 2, 14),
        ("noaron", 2, 8),
    ]
    files = []
    for index, (game, players, moves) in enumerate(games):
        match = started_match(game, players, moves, seed=100 + index)
        files.append(json.dumps(match.to_json(), ensure_ascii=False, indent=1, sort_keys=True).encode())
    return files


CORPUS = _corpus()
SETTINGS_CORPUS = [
    json.dumps({"language": lang, "anim_speed": speed, "sound": sound, "fullscreen": full}, indent=1).encode()
    for lang, speed, sound, full in [
        ("ja", "normal", True, False),
        ("en", "instant", False, True),
        ("en", "slow", True, True),
    ]
]
NASTY: list[str] = [  # raw JSON text dropped in place of a value
    "[" * 3000 + "]" * 3000,
    "[" * 70 + "]" * 70,
    "1e400",
    "-1e999",
    "NaN",
    "Infinity",
    "9" * 5000,
    "7" * 301,
    "-0",
    "0.5",
    "true",
    "null",
    '""',
    '"\\u0000"',
    '"Ta\\u0000ma"',
    json.dumps("x" * 1_000_000),
    json.dumps("\u202e\u200b"),
    "{}",
    "[]",
    '{"kind": "human", "pet": "cat"}',
    "[0]",
    '[0, "pass", 1]',
    '[[0, "pass"]]',
    str(2**64 + 1),
    "-1",
    '"\\ud800"',
    json.dumps("ねこ" * 30),
    '{"a": {"b": {"c": []}}}',
]
JSON_VALUES = st.recursive(  # plain, valid JSON of any type: type swaps and odd texts
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=60)
    | st.sampled_from(["human", "ai", "hard", "neko", "pass", "base 3", "play 9@1"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=8,
)
FUZZ = settings(
    max_examples=cases(400, 2000),
    deadline=None,
    database=None,
    derandomize=True,  # the same thousands of cases on every run: CI never fails on a new draw
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a parsed JSON value (the root excluded)."""
    found = []
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, child in items:
        found.append((*path, key))
        found.extend(_paths(child, (*path, key)))
    return found


@st.composite
def byte_mutants(draw: st.DrawFn, corpus: list[bytes]) -> bytes:
    """A real file with bytes flipped, inserted, deleted, truncated or spliced."""
    raw = bytearray(draw(st.sampled_from(corpus)))
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["flip", "insert", "delete", "truncate", "splice", "set"]))
        at = draw(st.integers(0, max(0, len(raw) - 1)))
        if kind == "flip" and raw:
            raw[at] ^= 1 << draw(st.integers(0, 7))
        elif kind == "set" and raw:
            raw[at] = draw(st.sampled_from(b'{}[]",:0-9eE\\\x00\xff .'))
        elif kind == "insert":
            raw[at:at] = draw(st.binary(min_size=1, max_size=8))
        elif kind == "delete":
            del raw[at : at + draw(st.integers(1, 16))]
        elif kind == "truncate":
            del raw[at:]
        else:
            end = draw(st.integers(at, len(raw)))
            raw[at:at] = raw[at:end][:4096]
    return bytes(raw)


@st.composite
def field_mutants(draw: st.DrawFn, corpus: list[bytes]) -> bytes:
    """A real file with one to three values swapped for nasty JSON: nesting, huge numbers, NaN,
    NUL in names, long strings, values of the wrong type."""
    data = json.loads(draw(st.sampled_from(corpus)))
    swaps: dict[str, str] = {}
    for number in range(draw(st.integers(1, 3))):
        places = _paths(data)
        if not places:
            break
        place = draw(st.sampled_from(places))
        token = f"@@NASTY{number}@@"
        parent = data
        for key in place[:-1]:
            parent = parent[key]
        if draw(st.booleans()) or not isinstance(parent, dict):
            parent[place[-1]] = token
        else:  # sometimes an extra key beside the real one
            parent[f"{place[-1]}_"] = token
        nasty = draw(st.sampled_from(NASTY)) if draw(st.booleans()) else json.dumps(draw(JSON_VALUES))
        swaps[json.dumps(token)] = nasty
    text = json.dumps(data, ensure_ascii=False)
    for token, nasty in swaps.items():
        text = text.replace(token, nasty)
    return text.encode("utf-8")


def _clean(folder: Path) -> None:
    """Empty the data folder between fuzz cases."""
    for path in folder.iterdir():
        path.unlink()


def check_autosave_loader(home: Path, raw: bytes) -> None:
    """The documented results only; a bad file kept aside byte for byte, a good one left alone."""
    _clean(home)
    autosave.autosave_path().write_bytes(raw)
    match, warning = autosave.load_autosave()  # anything else escaping fails the test
    kept = bad_files(home, "autosave.json")
    if warning is not None:
        assert match is None and len(kept) == 1 and kept[0].read_bytes() == raw
        assert kept[0].name in warning and len(warning) < 600
        assert not autosave.has_autosave()
    elif match is not None:
        assert kept == [] and autosave.autosave_path().read_bytes() == raw
    else:  # a valid file of a finished match: nothing to continue
        assert kept == [] and not autosave.has_autosave()
    try:
        parsed = storage.parse_json(raw)
    except ValueError:
        return
    try:
        Match.from_json(parsed, verify=True)  # the loader's own contract: SaveError or a match
    except SaveError:
        pass


def check_settings_loader(home: Path, raw: bytes) -> None:
    """Defaults and a warning for a bad file, kept aside byte for byte; a good one left alone."""
    _clean(home)
    path = home / "settings.json"
    path.write_bytes(raw)
    loaded, warning = load_settings()
    assert isinstance(loaded, Settings) and loaded == loaded.validated()
    kept = bad_files(home, "settings.json")
    if warning is not None:
        assert loaded == default_settings() and len(kept) == 1 and kept[0].read_bytes() == raw
        assert kept[0].name in warning and not path.exists()
    else:
        assert kept == [] and path.read_bytes() == raw


@pytest.mark.slow
@FUZZ
@given(raw=byte_mutants(CORPUS))
def test_fuzz_autosave_loader_over_byte_mutations(raw: bytes) -> None:
    check_autosave_loader(Path(os.environ["KOTATSU_HOME"]), raw)


@pytest.mark.slow
@settings(FUZZ, max_examples=cases(600, 3000))
@given(raw=field_mutants(CORPUS))
def test_fuzz_autosave_loader_over_field_mutations(raw: bytes) -> None:
    check_autosave_loader(Path(os.environ["KOTATSU_HOME"]), raw)


@pytest.mark.slow
@settings(FUZZ, max_examples=cases(200, 1000))
@given(raw=st.one_of(byte_mutants(SETTINGS_CORPUS), field_mutants(SETTINGS_CORPUS)))
def test_fuzz_settings_loader(raw: bytes) -> None:
    check_settings_loader(Path(os.environ["KOTATSU_HOME"]), raw)
