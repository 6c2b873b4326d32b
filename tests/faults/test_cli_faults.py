"""The command line under bad input and failing files: one clear line on stderr and exit 2 for a
bad argument, exit 1 for a failing file or device, never a traceback, never a false success."""

from __future__ import annotations

import errno
import os
import random
import resource
import signal
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from game.core.match import Match, Seat
from kotatsu import cli
from kotatsu.cli import EXIT_FAILED, EXIT_USAGE, main

ROOT = Path(__file__).resolve().parents[2]
SPAWN_SECONDS = 120.0  # generous: a loaded 2-core machine


@pytest.fixture
def no_work(monkeypatch: pytest.MonkeyPatch) -> None:
    """The commands' real work fails the test at once: a refused argument must stop before it
    (and a regression that accepts ``--seconds inf`` fails instead of running for ever)."""
    import game.bench
    import game.tournament
    import scenes.main
    import scenes.tools.bench
    import scenes.tools.shot

    def ran(*args: object, **kwargs: object) -> None:
        raise AssertionError("the command ran instead of refusing its arguments")

    for module, name in ((game.bench, "bench_rules"), (game.bench, "bench_ai"), (game.bench, "bench_hint"),
                         (scenes.tools.bench, "bench_frames"),
                         (scenes.tools.shot, "take_shot"), (game.tournament, "run_tournament"), (scenes.main, "run")):
        monkeypatch.setattr(module, name, ran)


def run_main(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``main(argv)`` in this process: (exit code, stdout, stderr)."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def assert_usage(capsys: pytest.CaptureFixture[str], *argv: str, says: str = "") -> str:
    """The command is refused as a bad argument: exit 2 and one line on stderr (containing ``says``)."""
    code, out, err = run_main(capsys, *argv)
    assert code == EXIT_USAGE, (argv, code, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("kotatsu: "), err
    assert "Traceback" not in err and out == ""
    assert says in lines[0], (says, lines[0])
    return lines[0]


# ----- numbers ---------------------------------------------------------------------------------
@pytest.mark.parametrize("argv", [
    ("shot", "neko", "--live", "inf"),
    ("shot", "neko", "--live", "nan"),
    ("shot", "neko", "--live", "-1"),
    ("shot", "neko", "--live", "1e9"),
    ("bench", "frames", "--seconds", "inf"),
    ("bench", "rules", "--seconds", "nan"),
    ("bench", "ai", "--budget", "nan"),
    ("bench", "ai", "--budget", "inf"),
    ("bench", "hint", "--budget", "nan"),
    ("bench", "hint", "--budget", "0"),
    ("simulate", "neko", "--agents", "hard,normal", "--budget", "inf"),
    ("simulate", "neko", "--agents", "hard,normal", "--budget", "nan"),
    ("simulate", "neko", "--agents", "hard,normal", "--budget", "-1"),
])
@pytest.mark.usefixtures("no_work")
def test_nan_infinite_negative_or_huge_times_are_refused(capsys: pytest.CaptureFixture[str],
                                                         argv: tuple[str, ...]) -> None:
    assert_usage(capsys, *argv, says=argv[-2])


@pytest.mark.parametrize("argv", [
    ("shot", "neko", "--moves", "-1"),
    ("bench", "frames", "--moves", "-5"),
])
@pytest.mark.usefixtures("no_work")
def test_negative_moves_are_refused(capsys: pytest.CaptureFixture[str], argv: tuple[str, ...]) -> None:
    assert_usage(capsys, *argv, says="--moves")


@pytest.mark.parametrize("argv", [
    ("play", "--players", "0"),
    ("play", "neko", "--players", "0"),
    ("simulate", "neko", "--agents", "normal,normal", "--players", "0"),
    ("shot", "neko", "--players", "0"),
    ("bench", "rules", "--players", "0"),
    ("bench", "rules", "--players", "9"),
    ("bench", "ai", "--players", "0"),
    ("bench", "frames", "--players", "9"),
])
@pytest.mark.usefixtures("no_work")
def test_every_players_option_is_checked(capsys: pytest.CaptureFixture[str], argv: tuple[str, ...]) -> None:
    assert_usage(capsys, *argv)


@pytest.mark.parametrize("argv", [("bench", "hint", "--positions", "0"), ("bench", "hint", "--games", "-1")])
@pytest.mark.usefixtures("no_work")
def test_bench_hint_counts_must_be_positive(capsys: pytest.CaptureFixture[str], argv: tuple[str, ...]) -> None:
    assert_usage(capsys, *argv, says=argv[-2])


@pytest.mark.usefixtures("no_work")
def test_jobs_are_capped_at_the_cpu_count(capsys: pytest.CaptureFixture[str]) -> None:
    most = os.cpu_count() or 1
    line = assert_usage(capsys, "simulate", "neko", "--agents", "normal,normal", "--jobs", str(most + 1), says="--jobs")
    assert str(most) in line and "CPU" in line
    assert_usage(capsys, "simulate", "neko", "--agents", "normal,normal", "--jobs", "0", says="--jobs")
    assert_usage(capsys, "simulate", "neko", "--agents", "normal,normal", "--jobs", "100000", says="--jobs")


def test_a_valid_simulate_still_runs(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_main(capsys, "simulate", "neko", "--agents", "random,random", "--games", "2", "--jobs", "1")
    assert code == 0 and "win share" in out


# ----- shot: where the picture goes --------------------------------------------------------------
@pytest.mark.usefixtures("no_work")
def test_shot_refuses_a_folder_as_out(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert_usage(capsys, "shot", "neko", "--out", str(tmp_path), says="folder")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.usefixtures("no_work")
def test_shot_refuses_a_device_as_out(capsys: pytest.CaptureFixture[str]) -> None:
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full on this system")
    assert_usage(capsys, "shot", "neko", "--out", "/dev/full", says="/dev/full")
    assert stat.S_ISCHR(os.stat("/dev/full").st_mode)  # never replaced by a file (we may be root)


@pytest.mark.usefixtures("no_work")
def test_shot_refuses_a_missing_folder_and_creates_none(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "nonexistent" / "dir" / "x.png"
    assert_usage(capsys, "shot", "neko", "--out", str(target), says="does not exist")
    assert not (tmp_path / "nonexistent").exists()


@pytest.mark.slow
def test_shot_writes_a_whole_png(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "table.png"
    code, out, err = run_main(capsys, "shot", "neko", "--size", "640x360", "--out", str(target))
    assert code == 0 and out.strip() == str(target), err
    assert target.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    assert [path.name for path in tmp_path.iterdir()] == ["table.png"]  # no temporary file left


def test_write_file_keeps_the_old_file_when_the_disk_fills(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from scenes.tools import shot

    target = tmp_path / "table.png"
    target.write_bytes(b"old picture")

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(shot.os, "fsync", full)
    with pytest.raises(OSError):
        shot.write_file(target, b"new picture" * 1000)
    assert target.read_bytes() == b"old picture"
    assert [path.name for path in tmp_path.iterdir()] == ["table.png"]


def _small_disk() -> None:
    """In the child: files may not grow past 4 KiB (a full disk, as the write sees it)."""
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # write() then fails with EFBIG instead of a kill
    resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))


@pytest.mark.slow
def test_shot_on_a_full_disk_fails_in_one_line_and_leaves_no_truncated_png(tmp_path: Path) -> None:
    target = tmp_path / "table.png"
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1", SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run(
        [sys.executable, "-m", "game", "shot", "neko", "--size", "640x360", "--out", str(target)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=SPAWN_SECONDS, preexec_fn=_small_disk, check=False,
    )
    assert done.returncode == EXIT_FAILED, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("kotatsu: ") and "Traceback" not in done.stderr, done.stderr
    assert str(target) in lines[0]
    assert done.stdout == ""  # no path printed: nothing claims success
    assert list(tmp_path.iterdir()) == []  # neither a truncated PNG nor a temporary file


@pytest.mark.slow
def test_no_reachable_display_fails_in_one_line(tmp_path: Path) -> None:
    """The game asked for a real window where no X server answers (DISPLAY points nowhere): one
    line naming the display, exit 1, and no traceback."""
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1", SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy",
               DISPLAY=":97", XDG_DATA_HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path))
    done = subprocess.run([sys.executable, "-m", "game"], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=SPAWN_SECONDS, check=False)
    assert done.returncode == EXIT_FAILED, done.stderr
    ours = [line for line in done.stderr.splitlines() if line.startswith("kotatsu: ")]
    assert len(ours) == 1, done.stderr
    assert ours[0].startswith("kotatsu: display: cannot open a window: ") and ours[0].endswith("(DISPLAY=:97)")
    assert "Traceback" not in done.stderr


# ----- pipes and file errors ---------------------------------------------------------------------
def _saved_match(path: Path) -> Path:
    """A finished neko match saved at ``path``."""
    match = Match("neko", [Seat("ai", "random"), Seat("ai", "random")], seed=5)
    rng = random.Random(5)
    while not match.is_over():
        seat = match.to_move()[0]
        match.apply(seat, rng.choice(match.legal_actions(seat)))
    match.save(path)
    return path


def test_replay_into_a_closed_pipe_exits_quietly(tmp_path: Path) -> None:
    save = _saved_match(tmp_path / "match.json")
    reader, writer = os.pipe()
    os.close(reader)  # like `| head` that has already gone: every write fails with EPIPE
    try:
        done = subprocess.run([sys.executable, "-m", "game", "replay", str(save), "--moves"], cwd=ROOT,
                              stdout=writer, stderr=subprocess.PIPE, text=True, timeout=SPAWN_SECONDS, check=False)
    finally:
        os.close(writer)
    assert done.returncode == EXIT_FAILED
    assert done.stderr == ""  # no BrokenPipeError traceback, no "Exception ignored"


def test_an_os_error_is_one_line_and_exit_1(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    def failing(args: object) -> int:
        raise OSError(errno.ENOSPC, "No space left on device", "/data/autosave.json")

    monkeypatch.setitem(cli.COMMANDS, "replay", failing)
    code, out, err = run_main(capsys, "replay", "x.json")
    assert code == EXIT_FAILED and out == ""
    assert err.strip() == "kotatsu: /data/autosave.json: No space left on device"


def test_a_real_bug_keeps_its_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    def buggy(args: object) -> int:
        raise RuntimeError("a bug")

    monkeypatch.setitem(cli.COMMANDS, "replay", buggy)
    with pytest.raises(RuntimeError):
        main(["replay", "x.json"])
