"""Kiosk faults: stopping on a signal, a PIN that fails closed, bad files that never crash-loop
the kiosk, a log that cannot be written, and a fuzz of the config and session loaders.

Each case here failed on the kiosk before issue 16: SIGTERM and Ctrl+C never stopped it (SDL
turned them into a window-close, which the kiosk ignores); a broken config silently swapped the
organiser's PIN for the public 2580; a deeply nested or 1e400 session file crashed every start;
an unwritable log folder killed the kiosk; ``--screenshots /etc/passwd`` was a traceback. The
subprocess cases run the real command headless (SDL's dummy driver), in a data folder of their own.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import re
import signal
import stat
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import kiosk
from game.core import autosave, storage
from game.core.match import Match, Seat
from game.kiosk import KioskConfig, Session, Supervisor
from scenes.kiosk import command as kiosk_scene
from tests.depth import cases
from tests.kiosk.test_kiosk import example_with_pin, wait_for_status

ROOT = Path(__file__).resolve().parents[2]
STOP_WITHIN = 3.0  # s: SIGTERM/SIGINT to the supervisor ends child and supervisor within this


# ----- helpers ------------------------------------------------------------------------------------------
@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A data folder of its own, headless SDL; saving starts on."""
    folder = tmp_path / "home"
    folder.mkdir()
    monkeypatch.setenv("KOTATSU_HOME", str(folder))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    storage.reset_saving_off()
    yield folder
    autosave.release_slot()
    storage.reset_saving_off()


def write_config(tmp_path: Path, body: str) -> Path:
    """A kiosk config file with ``body``."""
    path = tmp_path / "kiosk.toml"
    path.write_text(body, encoding="utf-8")
    return path


def good_config(tmp_path: Path, extra: str = "") -> Path:
    """neko only, a visitor never idles out, a PIN, the log in the data folder."""
    return write_config(tmp_path, '[games]\noffered = ["neko"]\n[idle]\nstill_playing_after = 600\n'
                                  f'[exit]\npin = "4711"\n{extra}')


def start_supervisor(config: Path, home: Path) -> subprocess.Popen[str]:
    """``python -m game kiosk --config ...`` headless, in a process group of its own."""
    env = dict(os.environ, KOTATSU_HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.Popen([sys.executable, "-m", "game", "kiosk", "--config", str(config)], cwd=ROOT,
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)


def live_in_group(group: int) -> list[int]:
    """Processes (not zombies) whose process group is ``group`` (Linux /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if fields[0] != "Z" and int(fields[2]) == group:
            found.append(int(entry.name))
    return found


def kill_groups(*groups: Any) -> None:
    """After a failure: SIGKILL the given process groups (only ours)."""
    for group in groups:
        if isinstance(group, int):
            try:
                os.killpg(group, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass


def ai_to_move_autosave(seed: int = 31) -> Match:
    """A visitor's neko game saved with the AI (seat 1) to move: once resumed, the kiosk plays on."""
    match = Match("neko", [Seat("human"), Seat("ai", "easy")], seed=seed)
    while list(match.to_move()) != [1] or len(match.log) < 3:
        seat = match.to_move()[0]
        match.apply(seat, match.legal_actions(seat)[0])
    autosave.save_autosave(match)
    autosave.release_slot()  # the kiosk (another process) owns the slot from now on
    kiosk.write_session(Session(True, "neko", match.seed, time.time()))
    return match


# ----- stopping on a signal -------------------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="process groups are read from Linux /proc")
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_a_stop_signal_to_the_supervisor_saves_the_visitors_game_and_ends_both_with_0(
        home: Path, tmp_path: Path, signum: int) -> None:
    match = ai_to_move_autosave()
    config = good_config(tmp_path, '[display]\nvolume = "loud"\n')
    supervisor = start_supervisor(config, home)
    child = None
    try:
        playing = wait_for_status(lambda status: status.get("mode") == "game"
                                  and status.get("moves", 0) > len(match.log))  # resumed, and the AI played
        child = playing["pid"]
        began = time.monotonic()
        supervisor.send_signal(signum)
        code = supervisor.wait(timeout=10)
        took = time.monotonic() - began
        stderr = supervisor.stderr.read() if supervisor.stderr else ""
    finally:
        if supervisor.poll() is None:
            kill_groups(supervisor.pid, child)
            supervisor.wait()
    assert code == 0 and took < STOP_WITHIN, (code, took, stderr)
    assert live_in_group(supervisor.pid) == [] and live_in_group(child) == []  # no worker left behind
    final = kiosk.read_status()
    assert final["pid"] == child and final["stopped"] == "SIGTERM"  # a stop is passed on as SIGTERM
    assert f"the supervisor got {signal.Signals(signum).name}" in stderr
    saved, warning = autosave.load_autosave()  # the visitor's game, as it last stood on screen
    assert warning is None and saved is not None
    assert len(saved.log) == final["moves"] > len(match.log)
    assert saved.rules.notation(saved.state) == final["position"]
    assert kiosk.read_session().visitor and kiosk.read_session().seed == match.seed
    # every line once on the supervisor's stderr (it used to echo each line twice) and in the log
    assert stderr.count("display.volume = 'loud' is not valid") == 1, stderr
    assert stderr.count("[event=resumed") == 1 and stderr.count("kiosk supervisor started") == 1, stderr
    log_text = (home / "kiosk.log").read_text(encoding="utf-8")
    assert log_text.count("display.volume = 'loud' is not valid") == 1
    assert "[event=crash" not in log_text and "restarting" not in log_text


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="process groups are read from Linux /proc")
def test_sigterm_to_the_child_alone_saves_and_the_supervisor_restarts_it(home: Path, tmp_path: Path) -> None:
    match = ai_to_move_autosave(seed=37)
    supervisor = start_supervisor(good_config(tmp_path), home)
    children: list[Any] = []
    try:
        first = wait_for_status(lambda status: status.get("mode") == "game"
                                and status.get("moves", 0) > len(match.log))
        children.append(first["pid"])
        os.kill(first["pid"], signal.SIGTERM)  # an administrator's kill: not the supervisor stopping
        second = wait_for_status(lambda status: status["pid"] != first["pid"]
                                 and status.get("mode") == "game")
        children.append(second["pid"])
        assert second["moves"] >= first["moves"]  # saved at the stop, resumed at the restart
        supervisor.send_signal(signal.SIGTERM)
        assert supervisor.wait(timeout=10) == 0
    finally:
        if supervisor.poll() is None:
            kill_groups(supervisor.pid, *children)
            supervisor.wait()
    log_text = (home / "kiosk.log").read_text(encoding="utf-8")
    assert "stopped by SIGTERM: the visitor's neko game is saved" in log_text
    assert "exit code 143 (SIGTERM)" in log_text and log_text.count("[event=crash") == 1
    assert log_text.count("[event=resumed") == 2  # after the first start and after the restart


def test_a_child_that_ignores_the_stop_is_killed_after_the_grace_time(tmp_path: Path) -> None:
    ready = tmp_path / "ready"
    script = ("import pathlib, signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); "
              f"pathlib.Path({str(ready)!r}).touch(); time.sleep(60)")
    supervisor = Supervisor([sys.executable, "-c", script], grace=0.5)
    stopper = threading.Thread(target=lambda: (wait_until(ready.exists), supervisor.stop()), daemon=True)
    stopper.start()
    began = time.monotonic()
    assert supervisor.run() == 0
    assert time.monotonic() - began < 10
    assert supervisor.child is not None and supervisor.child.returncode == -signal.SIGKILL
    assert supervisor.starts == 1  # a child stopped this way is never restarted


def wait_until(check: Any, timeout: float = 30.0) -> None:
    """Poll ``check()`` until true."""
    deadline = time.monotonic() + timeout
    while not check() and time.monotonic() < deadline:
        time.sleep(0.05)


def test_a_child_that_refuses_its_config_is_not_restarted() -> None:
    supervisor = Supervisor([sys.executable, "-c", f"raise SystemExit({kiosk.EXIT_REFUSED})"])
    assert supervisor.run() == kiosk.EXIT_REFUSED and supervisor.starts == 1


# ----- the PIN fails closed --------------------------------------------------------------------------------
def command(config: Path | None, **flags: Any) -> argparse.Namespace:
    """The parsed arguments of ``kiosk`` (as kotatsu.cli builds them)."""
    values = {"config": config, "child": False, "windowed": False, "soak": None, "stats": False,
              "screenshots": None, "json": False}
    return argparse.Namespace(**{**values, **flags})


BROKEN_CONFIGS = {
    "bad pin": ('[exit]\npin = "12a4"\n', 2, "exit.pin = '12a4' is not valid"),
    "syntax error": ('[exit]\npin = "4711"\n[idle]\ncountdown = = 3\n', 4, "not valid TOML"),
    "no pin": ('[games]\noffered = ["neko"]\n', None, "no exit PIN"),
    "unknown exit key": ('[exit]\npin = "4711"\npin_code = "1234"\n', 3, "unknown key exit.pin_code"),
    "deep nesting": ('[exit]\npin = "4711"\nx = ' + "[" * 5000 + "]" * 5000 + "\n", 3, "nest too deeply"),
}


@pytest.mark.parametrize("name", list(BROKEN_CONFIGS))
@pytest.mark.parametrize("child", [False, True], ids=["supervisor", "child"])
def test_the_locked_kiosk_refuses_a_config_it_cannot_trust_in_one_line_with_exit_2(
        home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, child: bool) -> None:
    body, line, words = BROKEN_CONFIGS[name]
    path = write_config(tmp_path, body)
    assert kiosk_scene.run_command(command(path, child=child)) == kiosk.EXIT_REFUSED
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err and str(path) in err, err
    assert (f"{path}, line {line}:" in err) if line else (f"{path}:" in err)
    assert "Traceback" not in err and not (home / "kiosk_status.json").exists()  # nothing started


@pytest.mark.slow
def test_no_config_a_missing_file_a_folder_and_a_bom_from_the_real_command(home: Path,
                                                                          tmp_path: Path) -> None:
    env = dict(os.environ, KOTATSU_HOME=str(home))
    runs = {
        "none": [],
        "missing": ["--config", str(tmp_path / "nope.toml")],
        "folder": ["--config", str(tmp_path)],
    }
    for name, extra in runs.items():
        done = subprocess.run([sys.executable, "-m", "game", "kiosk", *extra], cwd=ROOT, env=env, timeout=120,
                              capture_output=True, text=True, check=False)
        assert done.returncode == 2, (name, done.stderr)
        assert done.stderr.count("\n") == 1 and done.stderr.startswith("kotatsu kiosk: "), (name, done.stderr)
        assert "Traceback" not in done.stderr
    bom = tmp_path / "bom.toml"
    bom.write_bytes(b"\xef\xbb\xbf" + example_with_pin("8642").encode("utf-8"))
    done = subprocess.run([sys.executable, "-m", "game", "kiosk", "--config", str(bom), "--stats"], cwd=ROOT,
                          env=env, timeout=120, capture_output=True, text=True, check=False)
    assert done.returncode == 0 and done.stderr == "", done.stderr  # read as UTF-8: no warning at all


def test_the_tryouts_warn_about_a_bad_pin_and_go_on(home: Path, tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    path = write_config(tmp_path, '[exit]\npin = "12a4"\n')
    assert kiosk_scene.run_command(command(path, stats=True)) == 0
    captured = capsys.readouterr()
    assert "exit.pin = '12a4' is not valid" in captured.err and "crashes (app restarted): 0" in captured.out


def test_the_child_uses_the_config_the_supervisor_checked(home: Path, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    path = write_config(tmp_path, example_with_pin("2468"))
    checked = kiosk.read_config(path)
    path.write_text("[exit]\npin = broken\n", encoding="utf-8")  # edited after the kiosk started
    monkeypatch.setenv(kiosk.CONFIG_ENV, checked.text or "")
    config, _ = kiosk.load_locked_config(path, text=os.environ[kiosk.CONFIG_ENV])
    assert config.pin == "2468"
    started: list[KioskConfig] = []
    monkeypatch.setattr(kiosk_scene, "run_kiosk", lambda config, **_: started.append(config) or 0)
    assert kiosk_scene.run_command(command(path, child=True)) == 0
    assert started[0].pin == "2468"


# ----- bad files and folders ---------------------------------------------------------------------------
BAD_SESSIONS = {
    "deep nesting": b"[" * 5000 + b"]" * 5000,
    "1e400": b'{"visitor": true, "game": "neko", "seed": 5, "last_input": 1e400}',
    "Infinity": b'{"visitor": true, "game": "neko", "seed": 5, "last_input": Infinity}',
    "huge seed": b'{"visitor": true, "game": "neko", "seed": 1e300, "last_input": 1.0}',
    "wrong types": b'{"visitor": "yes", "game": 7, "seed": "5", "last_input": null}',
    "a list": b"[1, 2, 3]",
    "truncated": b'{"visitor": true, "game": "ne',
    "NUL": b'{"visitor": true, "game": "ne\x00ko", "seed": 5, "last_input": 1.0}',
    "not UTF-8": b'{"visitor": true, "game": "\xff", "seed": 5, "last_input": 1.0}',
}


@pytest.mark.parametrize("name", list(BAD_SESSIONS))
def test_a_bad_session_file_is_kept_aside_with_one_line_and_the_kiosk_goes_on(
        home: Path, caplog: pytest.LogCaptureFixture, name: str) -> None:
    raw = BAD_SESSIONS[name]
    kiosk.session_path().write_bytes(raw)
    caplog.set_level(logging.WARNING, logger="kotatsu")
    assert kiosk.read_session() == Session()
    kept = list(home.glob("kiosk_session.json.bad-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == raw and not kiosk.session_path().exists()
    lines = [record.getMessage() for record in caplog.records if record.name.startswith("kotatsu")]
    assert len(lines) == 1 and "kept aside" in lines[0] and "\n" not in lines[0]
    assert kiosk.read_session() == Session()  # the next start finds nothing: no crash loop


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="process groups are read from Linux /proc")
def test_a_bad_session_and_a_log_that_is_a_folder_do_not_stop_the_supervised_kiosk(
        home: Path, tmp_path: Path) -> None:
    kiosk.session_path().write_bytes(BAD_SESSIONS["deep nesting"])
    supervisor = start_supervisor(good_config(tmp_path, '[log]\nfile = "/tmp"\n'), home)
    child = None
    try:
        child = wait_for_status(lambda status: status.get("scene") == "KioskTitle")["pid"]
        supervisor.send_signal(signal.SIGTERM)
        assert supervisor.wait(timeout=10) == 0
        stderr = supervisor.stderr.read() if supervisor.stderr else ""
    finally:
        if supervisor.poll() is None:
            kill_groups(supervisor.pid, child)
            supervisor.wait()
    assert stderr.count("the organiser log cannot be written (/tmp: Is a directory)") == 1, stderr
    assert "Traceback" not in stderr and "[event=crash" not in stderr  # the first child lived
    assert stderr.count("the kiosk session") == 1 and "kept aside" in stderr
    assert "kiosk started" in (home / "kiosk.log").read_text(encoding="utf-8")  # the default log
    assert len(list(home.glob("kiosk_session.json.bad-*"))) == 1


@pytest.mark.slow
def test_a_data_folder_that_is_a_file_leaves_the_supervised_kiosk_running_on_stderr(tmp_path: Path) -> None:
    not_a_folder = tmp_path / "home"
    not_a_folder.write_text("a file where the data folder should be")
    supervisor = start_supervisor(good_config(tmp_path), not_a_folder)
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(supervisor.stderr or []), daemon=True)
    reader.start()
    try:
        wait_until(lambda: any("[event=start]" in line for line in lines))
        assert any("[event=start]" in line for line in lines), "".join(lines)
        time.sleep(1.0)  # a few frames: status writes fail meanwhile
        supervisor.send_signal(signal.SIGTERM)
        assert supervisor.wait(timeout=10) == 0
    finally:
        if supervisor.poll() is None:
            kill_groups(supervisor.pid)
            supervisor.wait()
    reader.join(timeout=5)
    text = "".join(lines)
    assert text.count("the organiser log cannot be written") == 1 and "logging to stderr only" in text
    assert text.count("could not write the kiosk status") <= 1  # said once, not every frame
    assert "Traceback" not in text and "[event=crash" not in text
    assert not_a_folder.read_text() == "a file where the data folder should be"


def test_an_unwritable_log_falls_back_to_stderr_with_one_warning(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    not_a_folder = tmp_path / "file"
    not_a_folder.write_text("a file where the data folder should be")
    monkeypatch.setenv("KOTATSU_HOME", str(not_a_folder))
    storage.reset_saving_off()
    config = KioskConfig(log_file="kiosk.log")
    try:
        with kiosk.open_organiser_log(config) as organiser:
            assert organiser.path is None and len(organiser.handlers) == 1  # stderr only
            attached = list(organiser.handlers)
            kiosk.log.info("the kiosk still logs")
    finally:
        storage.reset_saving_off()
    err = capsys.readouterr().err
    assert err.count("the organiser log cannot be written") == 1 and "logging to stderr only" in err
    assert "the kiosk still logs" in err and "Traceback" not in err
    assert not [handler for handler in logging.getLogger("kotatsu").handlers
                if handler in attached]  # closed: nothing left attached


def test_a_log_file_with_a_nul_is_a_config_warning_and_the_default_is_used(home: Path) -> None:
    report = kiosk.check_config({"exit": {"pin": "4711"}, "log": {"file": "kiosk\x00.log"}}, "kiosk.toml")
    assert report.refusal is None and report.config.log_file == "kiosk.log"
    assert len(report.warnings) == 1 and "log.file = 'kiosk\\x00.log' is not valid" in report.warnings[0]
    with kiosk.open_organiser_log(KioskConfig(log_file="x\x00y.log"), echo=False) as organiser:
        assert organiser.path == home / "kiosk.log"  # even unchecked, a NUL is no traceback


@pytest.mark.parametrize("where", ["a file", "under a file", "read-only"])
def test_screenshots_into_something_that_is_not_a_writable_folder_is_one_line_and_exit_2(
        home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], where: str) -> None:
    a_file = tmp_path / "passwd"
    a_file.write_text("root:x:0:0")
    target = {"a file": a_file, "under a file": a_file / "shots",
              "read-only": Path("/proc/kotatsu-shots")}[where]  # /proc refuses new files, even to root
    assert kiosk_scene.run_command(command(None, screenshots=target)) == kiosk.EXIT_REFUSED
    err = capsys.readouterr().err
    assert err.startswith(f"kotatsu kiosk: --screenshots {target}: ") and err.count("\n") == 1, err
    assert a_file.read_text() == "root:x:0:0"


@pytest.mark.slow
def test_screenshots_of_etc_passwd_from_the_real_command(home: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "game", "kiosk", "--screenshots", "/etc/passwd"], cwd=ROOT,
                          env=dict(os.environ, KOTATSU_HOME=str(home)), timeout=120, capture_output=True,
                          text=True, check=False)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.strip().endswith("--screenshots /etc/passwd: not a folder"), done.stderr


# ----- fuzz: the config loader ------------------------------------------------------------------------------
EXAMPLE = example_with_pin("4711").encode("utf-8")
FUZZ_DIR = Path(tempfile.mkdtemp(prefix="kotatsu-kiosk-fuzz-"))
NASTY = [b"\xef\xbb\xbf", b"\x00", b"[" * 5000, b"{a=" * 400, b"1e400", b"inf", b"nan", b"-0.0", b"9" * 5000,
         b"99999999999999999999", b'"', b"'''", b'"""', b"[exit]\n", b"[[exit]]\n", b"pin = 1234\n",
         b"pin = '0000'\n", b"\r\n", b"\xff\xfe", b"\xe9", "\u2028".encode(), b"\\", b"=", b"#", b"\n[\n",
         b"true", b"[]", b"{}", b"1979-05-27T07:32:00Z", b"exit = 5\n", b"exit.pin = '1357'\n"]
VALUE = re.compile(rb"= [^\n]*")


@st.composite
def mutated_config(draw: st.DrawFn) -> bytes:
    """The example config (PIN set) after one to four mutations of the kinds a real file meets."""
    raw = bytearray(EXAMPLE)
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["flip", "truncate", "delete", "insert", "value", "bom"]))
        at = draw(st.integers(0, len(raw)))
        if kind == "flip" and raw:
            at = min(at, len(raw) - 1)
            raw[at] ^= draw(st.integers(1, 255))
        elif kind == "truncate":
            del raw[at:]
        elif kind == "delete":
            del raw[at:at + draw(st.integers(1, 40))]
        elif kind == "insert":
            raw[at:at] = draw(st.sampled_from(NASTY))
        elif kind == "value":
            values = list(VALUE.finditer(bytes(raw)))
            if values:
                found = values[draw(st.integers(0, len(values) - 1))]
                raw[found.start():found.end()] = b"= " + draw(st.sampled_from(NASTY)).strip()
        else:
            raw[0:0] = b"\xef\xbb\xbf"
    return bytes(raw)


def check_config_outcome(raw: bytes) -> None:
    """The loader's contract on any bytes: no exception; either a refusal naming the file (and
    the line, for a parse or [exit] problem), or a config whose every value is valid and whose PIN
    came from the file itself, never a fallback."""
    path = FUZZ_DIR / "kiosk.toml"
    path.write_bytes(raw)
    report = kiosk.read_config(path)
    lines = raw.count(b"\n") + 1
    for warning in report.warnings:
        assert warning and "\n" not in warning and "\r" not in warning
    if report.refusal is not None:
        message = str(report.refusal)
        assert "\n" not in message and "\r" not in message and str(path) in message
        if report.refusal.key in ("", "exit.pin") and "no exit PIN" in message:
            assert report.refusal.line is None or 1 <= report.refusal.line <= lines
        elif "larger than" not in message:
            assert report.refusal.line is not None and 1 <= report.refusal.line <= lines, message
        with pytest.raises(kiosk.ConfigRefused):
            kiosk.load_locked_config(path)
        return
    config, defaults = report.config, KioskConfig()
    for key in kiosk.KEYS:  # every value is its default or one the key's check accepts
        value = getattr(config, key.attr)
        assert value == getattr(defaults, key.attr) or \
            key.check(list(value) if isinstance(value, tuple) else value) == value, key.dotted
    import tomllib

    pin = tomllib.loads(raw.removeprefix(b"\xef\xbb\xbf").decode("utf-8"))["exit"]["pin"]
    assert config.pin == str(pin)  # the organiser's, read from the file
    assert kiosk.load_locked_config(path)[0] == config


@pytest.mark.slow
@settings(max_examples=cases(400, 2000), deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(mutated_config())
def test_fuzz_the_config_loader_over_mutated_example_files(raw: bytes) -> None:
    check_config_outcome(raw)


@pytest.mark.slow
def test_every_truncation_of_the_example_config_is_handled() -> None:
    for length in range(0, len(EXAMPLE) + 1, 3):
        check_config_outcome(EXAMPLE[:length])


# ----- fuzz: the session loader -----------------------------------------------------------------------------
def session_bytes() -> bytes:
    """A real session file, as the kiosk writes it."""
    with tempfile.TemporaryDirectory() as folder, mock.patch.dict(os.environ, KOTATSU_HOME=folder):
        kiosk.write_session(Session(True, "neko", 123456, 1_700_000_000.25))
        return kiosk.session_path().read_bytes()


SESSION = session_bytes()
SESSION_NASTY = [b"1e400", b"-1e400", b"Infinity", b"NaN", b"[" * 5000, b"{" * 3000, b"\x00", b"\xef\xbb\xbf",
                 b"9" * 400, b"null", b"true", b'"neko"', b"[]", b"{}", b"\xff", b"\\u0000", b'"', b",", b"}"]


@st.composite
def mutated_session(draw: st.DrawFn) -> bytes:
    """A real session file after one to three mutations."""
    raw = bytearray(SESSION)
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["flip", "truncate", "insert", "value"]))
        at = draw(st.integers(0, len(raw)))
        if kind == "flip" and raw:
            raw[min(at, len(raw) - 1)] ^= draw(st.integers(1, 255))
        elif kind == "truncate":
            del raw[at:]
        elif kind == "insert":
            raw[at:at] = draw(st.sampled_from(SESSION_NASTY))
        else:
            values = list(re.finditer(rb": [^,\n}]*", bytes(raw)))
            if values:
                found = values[draw(st.integers(0, len(values) - 1))]
                raw[found.start():found.end()] = b": " + draw(st.sampled_from(SESSION_NASTY))
    return bytes(raw)


@pytest.mark.slow
@settings(max_examples=cases(200, 1000), deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(mutated_session())
def test_fuzz_the_session_loader_keeps_every_bad_file_aside_unchanged(raw: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder, mock.patch.dict(os.environ, KOTATSU_HOME=folder):
        path = kiosk.session_path()
        path.write_bytes(raw)
        session = kiosk.read_session()
        kept = list(Path(folder).glob("kiosk_session.json.bad-*"))
        if kept:  # bad: kept aside byte for byte, and an empty session
            assert session == Session() and len(kept) == 1 and kept[0].read_bytes() == raw
            assert not path.exists()
        else:  # good: read as it is, the file left alone
            assert path.read_bytes() == raw
            assert session == kiosk.session_from_data(json.loads(raw))


def test_a_fifo_in_place_of_the_organiser_log_is_passed_over_without_blocking(home: Path) -> None:
    """A FIFO at the configured log path would block the kiosk's start until a reader came: it is
    refused at once and the log goes to the data folder's default file instead."""
    fifo = home / "organiser.log"
    os.mkfifo(fifo)
    opened: list[Path | None] = []

    def open_log() -> None:
        with kiosk.open_organiser_log(KioskConfig(log_file=str(fifo)), echo=False) as organiser:
            opened.append(organiser.path)

    worker = threading.Thread(target=open_log, daemon=True)
    worker.start()
    worker.join(timeout=10)
    assert not worker.is_alive(), "opening the organiser log blocked on a FIFO"
    assert opened == [home / "kiosk.log"]
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)  # the FIFO itself is left as it was
