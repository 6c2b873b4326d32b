"""Faults in the LAN files and special files (issue 30): ``lan/tokens.json``, ``lan/hosted.json``
and ``serve --dir`` tables are read by the app's one checked reader, a bad one is kept aside byte
for byte (never overwritten, never a crash); a FIFO, a socket or a device in place of any file the
app reads is refused at once with one line (never waited on), and no write replaces one. Ends
with a hypothesis fuzz of every LAN file through the same loaders."""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import kiosk
from game.core import storage
from game.core.errors import SaveError
from game.core.match import Match, Seat
from game.core.settings import Settings, load_settings, system_language
from game.net import connection, hosted
from game.net.host import TableHost
from game.net.hosted import HostedTable
from game.net.server import Server
from kotatsu.cli import main
from scenes.lan import connect as lan
from scenes.tools.shot import write_file
from tests.depth import cases
from tests.faults.test_faults_files import NASTY, byte_mutants, field_mutants
from tests.random_matches import random_moves
from tests.special_files import SPECIAL_KINDS, make_special, memory_folder, returns_soon

URI, CODE = "ws://192.168.1.20:8765", "ACDE"


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A data folder of its own and no saving-off reason left from elsewhere."""
    folder = tmp_path / "home"
    folder.mkdir()
    monkeypatch.setenv("KOTATSU_HOME", str(folder))
    storage.reset_saving_off()
    yield folder
    storage.reset_saving_off()


def kept(path: Path) -> list[Path]:
    """The files kept aside for ``path``."""
    return sorted(path.parent.glob(path.name + ".bad-*"))


def tokens_path() -> Path:
    return storage.data_dir() / "lan" / "tokens.json"


def hosted_path() -> Path:
    return storage.data_dir() / "lan" / "hosted.json"


def table_file(code: str = CODE, moves: int = 6, seed: int = 3) -> bytes:
    """A real ``serve --dir`` table: a neko match a few moves in, one seat token."""
    match = random_moves(Match("neko", [Seat("human", name="Aiko"), Seat("human")], seed), moves, seed)
    table = TableHost(code, match, {0: "tok-" + "a" * 20}, len(match.log))
    return json.dumps(table.to_json(), ensure_ascii=False, indent=1, sort_keys=True).encode()


# ----- lan/tokens.json ----------------------------------------------------------------------------------
def test_a_bad_tokens_file_is_kept_aside_not_overwritten(home: Path) -> None:
    path = tokens_path()
    path.parent.mkdir(parents=True)
    raw = b'{"ws://h:1#ABCD": {"seat": 1, "token": "precious-seat-token"}, oops'
    path.write_bytes(raw)
    connection.save_token(URI, CODE, 0, "new-token-123")
    (aside,) = kept(path)
    assert aside.read_bytes() == raw  # the seats in it are still there to recover
    assert connection.load_token(URI, CODE) == (0, "new-token-123")


def test_a_lone_surrogate_in_the_tokens_file_neither_raises_nor_hangs(home: Path) -> None:
    path = tokens_path()
    path.parent.mkdir(parents=True)
    raw = b'{"ws://h:1#ABCD": {"seat": 1, "token": "ab\\ud800cd"}}'
    path.write_bytes(raw)
    assert connection.load_token("ws://h:1", "ABCD") is None
    connection.save_token(URI, CODE, 2, "fresh-token-456")  # before: UnicodeEncodeError, join hung
    (aside,) = kept(path)
    assert aside.read_bytes() == raw and connection.load_token(URI, CODE) == (2, "fresh-token-456")


def test_a_token_that_cannot_be_written_is_logged_not_raised(home: Path) -> None:
    connection.save_token(URI, CODE, 0, "half\ud800")  # a token text no UTF-8 file can hold
    assert connection.load_token(URI, CODE) is None


# ----- lan/hosted.json -------------------------------------------------------------------------------------
HOSTED_GOOD = {"code": CODE, "game": "neko", "players": 3, "seat": 0, "token": "t" * 20}


@pytest.mark.parametrize("players", ["Infinity", "-Infinity", "NaN", "1e400", "9" * 400])
def test_hostile_numbers_in_hosted_json_do_not_crash_host_a_table(home: Path, players: str) -> None:
    path = hosted_path()
    path.parent.mkdir(parents=True)
    text = json.dumps({"tables": [HOSTED_GOOD]}).replace('"players": 3', f'"players": {players}')
    path.write_text(text, encoding="utf-8")
    assert lan.resumable_tables() == []  # what "Host a table" asks first, on every click
    (aside,) = kept(path)
    assert aside.read_text(encoding="utf-8") == text and not path.exists()


def test_deep_nesting_in_hosted_json_does_not_crash_host_a_table(home: Path) -> None:
    path = hosted_path()
    path.parent.mkdir(parents=True)
    raw = b'{"tables": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"
    path.write_bytes(raw)
    assert lan.resumable_tables() == []
    (aside,) = kept(path)
    assert aside.read_bytes() == raw


def test_hosted_json_that_is_not_a_record_is_kept_aside_and_a_new_table_is_remembered(home: Path) -> None:
    path = hosted_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(b'["not", "a", "record"]')
    table = HostedTable(**HOSTED_GOOD)
    hosted.remember(table)
    assert hosted.read_hosted() == [table] and kept(path)[0].read_bytes() == b'["not", "a", "record"]'


# ----- serve --dir tables -----------------------------------------------------------------------------------
@pytest.mark.parametrize("bad", [
    b'{"format": 1e400}', b"[" * 5000 + b"]" * 5000, b"\xff\xfe", b"", b'{"tables": NaN}',
    b'"\\udc80"',
])
def test_a_bad_table_file_is_kept_aside_and_the_others_resume(tmp_path: Path, bad: bytes) -> None:
    folder = tmp_path / "tables"
    folder.mkdir()
    (folder / f"{CODE}.json").write_bytes(table_file())
    (folder / "BCDF.json").write_bytes(bad)
    server = Server(folder)
    assert list(server.tables) == [CODE]
    (aside,) = kept(folder / "BCDF.json")
    assert aside.read_bytes() == bad


def test_a_truncated_table_file_is_kept_aside(tmp_path: Path) -> None:
    folder = tmp_path / "tables"
    folder.mkdir()
    raw = table_file()[:200]
    (folder / f"{CODE}.json").write_bytes(raw)
    assert Server(folder).tables == {}
    assert kept(folder / f"{CODE}.json")[0].read_bytes() == raw


@pytest.mark.parametrize("kind", SPECIAL_KINDS)
def test_a_special_file_among_the_tables_is_refused_unread(tmp_path: Path, kind: str) -> None:
    folder = tmp_path / "tables"
    folder.mkdir()
    (folder / f"{CODE}.json").write_bytes(table_file())
    special = folder / "BCDF.json"
    handle = make_special(special, kind)
    try:
        server = returns_soon(lambda: Server(folder), unblock=special)
    finally:
        if handle is not None:
            handle.close()
    assert list(server.tables) == [CODE] and len(kept(special)) == 1


# ----- special files where the app reads ---------------------------------------------------------------
@pytest.mark.parametrize("kind", SPECIAL_KINDS)
def test_a_special_file_as_settings_is_refused_and_kept_aside(home: Path, kind: str) -> None:
    path = home / "settings.json"
    handle = make_special(path, kind)
    try:
        settings_read, warning = returns_soon(load_settings, unblock=path)
    finally:
        if handle is not None:
            handle.close()
    # the defaults, in the system's language as on a first start
    assert settings_read == Settings(language=system_language()) and warning is not None
    assert "not a regular file" in warning
    (aside,) = kept(path)
    assert not stat.S_ISREG(aside.lstat().st_mode) or aside.is_symlink()  # moved as it was, unread


def test_a_fifo_as_the_kiosk_session_is_refused(home: Path) -> None:
    path = home / kiosk.SESSION_FILE
    os.mkfifo(path)
    assert returns_soon(kiosk.read_session, unblock=path) == kiosk.Session()
    (aside,) = kept(path)
    assert aside.is_fifo()
    kiosk.write_session(kiosk.Session(True, "neko", 5, 1.0))  # the next write starts a regular file
    assert kiosk.read_session() == kiosk.Session(True, "neko", 5, 1.0)


def test_a_fifo_as_the_tokens_file_is_refused(home: Path) -> None:
    path = tokens_path()
    path.parent.mkdir(parents=True)
    os.mkfifo(path)
    assert returns_soon(lambda: connection.load_token(URI, CODE), unblock=path) is None
    assert kept(path)[0].is_fifo()
    connection.save_token(URI, CODE, 1, "seat-token-789")
    assert connection.load_token(URI, CODE) == (1, "seat-token-789")


@pytest.mark.parametrize("kind", SPECIAL_KINDS)
def test_a_fifo_given_to_kiosk_config_is_refused_with_one_line(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "kiosk.toml"
    handle = make_special(path, kind)
    try:
        report = returns_soon(lambda: kiosk.read_config(path), unblock=path)
    finally:
        if handle is not None:
            handle.close()
    assert report.refusal is not None and "not a regular file" in report.refusal.problem
    assert "\n" not in report.refusal.problem


@pytest.mark.parametrize("command", ["replay", "hint"])
@pytest.mark.parametrize("kind", SPECIAL_KINDS)
def test_replay_and_hint_refuse_a_special_file_with_one_line(tmp_path: Path, command: str, kind: str,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "save.json"
    handle = make_special(path, kind)
    try:
        code = returns_soon(lambda: main([command, str(path)]), unblock=path)
    finally:
        if handle is not None:
            handle.close()
    err = capsys.readouterr().err
    assert code == 1 and "not a regular file" in err and len(err.strip().splitlines()) == 1


# ----- no write replaces a special file ----------------------------------------------------------------------
@pytest.mark.parametrize("kind", ["fifo", "device"])
def test_replay_save_never_replaces_a_special_file(tmp_path: Path, kind: str,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "match.json"
    random_moves(Match("neko", [Seat("human"), Seat("ai", "easy")], 4), 5, 4).save(save)
    target = tmp_path / "out.json"
    make_special(target, kind)
    before = target.lstat()
    assert main(["replay", str(save), "--save", str(target)]) == 1
    err = capsys.readouterr().err
    assert "not a regular file" in err and len(err.strip().splitlines()) == 1
    after = target.lstat()
    assert (after.st_ino, after.st_mode) == (before.st_ino, before.st_mode)  # the very same file
    assert list(tmp_path.glob("*.tmp")) == []


@pytest.mark.parametrize("kind", ["fifo", "device"])
def test_the_atomic_writers_refuse_a_special_target(tmp_path: Path, kind: str) -> None:
    target = tmp_path / "file.json"
    make_special(target, kind)
    with pytest.raises(storage.NotARegularFile):
        storage.write_json_atomic(target, {"a": 1})
    with pytest.raises(storage.NotARegularFile):
        write_file(target, b"\x89PNG")
    assert not target.is_file() or target.is_symlink()
    assert os.path.realpath(target) == str(target) or os.path.realpath(target) == "/dev/null"


def test_a_regular_target_and_a_link_to_one_are_still_written(tmp_path: Path) -> None:
    real = tmp_path / "real.json"
    real.write_text("{}", encoding="utf-8")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    storage.write_json_atomic(real, {"a": 1})
    storage.write_json_atomic(link, {"b": 2})
    assert storage.read_json(real) == {"a": 1} and storage.read_json(link) == {"b": 2}


# ----- fuzz: every LAN file through its loader ------------------------------------------------------------------
TOKENS_CORPUS = [
    json.dumps({f"ws://10.0.0.{n}:8765#{code}": {"seat": n % 4, "token": f"token-{n}-" + "x" * 16}
                for n, code in enumerate(["ACDE", "BCDF", "CDEF"][:size])}, indent=1).encode()
    for size in (1, 3)
]
HOSTED_CORPUS = [
    json.dumps({"tables": [HOSTED_GOOD, {**HOSTED_GOOD, "code": "BCDF", "seat": -1, "game": "noaron",
                                         "players": 2}]}, indent=1, sort_keys=True).encode(),
    json.dumps({"tables": []}).encode(),
]
TABLE_CORPUS = [table_file(moves=0, seed=1), table_file(moves=8, seed=2)]
FUZZ = settings(max_examples=cases(150, 500), deadline=None, database=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.function_scoped_fixture])


@pytest.fixture
def fuzz_home(monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The data folder in memory where the system has one: the atomic writes' syncs cost nothing."""
    with memory_folder() as folder:
        monkeypatch.setenv("KOTATSU_HOME", str(folder))
        yield folder


def mutants(corpus: list[bytes]) -> st.SearchStrategy[bytes]:
    """Byte and value mutations of real files, and the nasty texts whole."""
    whole = st.sampled_from([text.encode("utf-8", "surrogatepass") for text in NASTY])
    return st.one_of(byte_mutants(corpus), field_mutants(corpus), whole)


def _clean(folder: Path) -> None:
    for path in folder.iterdir():
        path.unlink()


def check_kept_or_kept_aside(path: Path, raw: bytes) -> None:
    """Nothing lost: the file is where it was with the same bytes, or kept aside byte for byte."""
    aside = kept(path)
    if aside:
        assert len(aside) == 1 and aside[0].read_bytes() == raw
    else:
        assert path.read_bytes() == raw


@pytest.mark.slow
@FUZZ
@given(raw=mutants(TOKENS_CORPUS))
def test_fuzz_the_tokens_file(fuzz_home: Path, raw: bytes) -> None:
    path = tokens_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    _clean(path.parent)
    path.write_bytes(raw)
    found = connection.load_token("ws://10.0.0.0:8765", "ACDE")
    assert found is None or (type(found[0]) is int and isinstance(found[1], str) and found[1])
    check_kept_or_kept_aside(path, raw)
    connection.save_token(URI, CODE, 1, "new-seat-token")
    assert connection.load_token(URI, CODE) == (1, "new-seat-token")
    aside = kept(path)
    assert len(aside) <= 1 and (not aside or aside[0].read_bytes() == raw)


@pytest.mark.slow
@FUZZ
@given(raw=mutants(HOSTED_CORPUS))
def test_fuzz_the_hosted_tables_record(fuzz_home: Path, raw: bytes) -> None:
    path = hosted_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    _clean(path.parent)
    path.write_bytes(raw)
    tables = hosted.read_hosted()
    assert all(isinstance(table, HostedTable) for table in tables)
    check_kept_or_kept_aside(path, raw)
    new = HostedTable("HJKM", "neko", 2, 0, "z" * 20)
    hosted.remember(new)
    assert hosted.read_hosted() == [new, *[table for table in tables if table.code != new.code]][:hosted.KEEP]


@pytest.mark.slow
@settings(FUZZ, max_examples=cases(120, 400))
@given(raw=mutants(TABLE_CORPUS))
def test_fuzz_the_serve_dir_tables(fuzz_home: Path, raw: bytes) -> None:
    folder = fuzz_home / "tables"
    folder.mkdir(exist_ok=True)
    _clean(folder)
    path = folder / f"{CODE}.json"
    path.write_bytes(raw)
    try:
        TableHost.load(path)
        loads = True
    except SaveError:
        loads = False
    server = Server(folder)
    if loads:
        check_kept_or_kept_aside(path, raw)  # a good table (a finished one stays, unresumed)
        assert not kept(path)
    else:
        assert server.tables == {} and [p.read_bytes() for p in kept(path)] == [raw]


def test_a_fifo_in_place_of_the_autosave_is_moved_aside_and_the_match_saved(home: Path) -> None:
    from game.core import autosave

    path = home / autosave.AUTOSAVE_FILE
    os.mkfifo(path)
    match = random_moves(Match("neko", [Seat("human"), Seat("ai", "easy")], 4), 5, 4)
    try:
        assert returns_soon(lambda: autosave.save_autosave(match), unblock=path)
        assert kept(path)[0].is_fifo() and storage.saving_off() is None
        loaded, warning = autosave.load_autosave()
        assert warning is None and loaded is not None and len(loaded.log) == len(match.log)
    finally:
        autosave.release_slot()
