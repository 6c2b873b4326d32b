"""Values typed on the command line that used to crash, run for ever or exit with the wrong
code (issue 30): host names the resolver cannot encode, seeds a save file cannot hold, counts
without a ceiling, ``--version`` into a full disk, and ``join --seat`` out of range. Each is one
line on stderr with exit code 2 (a bad argument) or 1 (the output failed), never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.core.match import Match, Seat
from game.core.seeds import MAX_SEED, is_valid_seed
from kotatsu import cli
from kotatsu.cli import EXIT_FAILED, EXIT_USAGE, main

ROOT = Path(__file__).resolve().parent.parent
HUGE = str(10**30)
SPAWN_SECONDS = 120.0  # generous: a loaded 2-core machine


@pytest.fixture
def no_work(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every command's real work fails the test at once: a refused value must stop before it
    (on a build without the ceilings, ``--games 10**30`` fails here instead of running for ever)."""
    import game.bench
    import game.coach
    import game.net.client
    import game.net.loadtest
    import game.net.server
    import game.review_cli
    import game.tournament
    import scenes.kiosk.command
    import scenes.main
    import scenes.tools.bench
    import scenes.tools.shot

    def ran(*args: object, **kwargs: object) -> None:
        raise AssertionError("the command ran instead of refusing its arguments")

    for module, name in ((game.bench, "bench_rules"), (game.bench, "bench_ai"), (game.bench, "bench_hint"),
                         (scenes.tools.bench, "bench_frames"), (scenes.tools.shot, "take_shot"),
                         (scenes.tools.shot, "take_help_shot"), (game.tournament, "run_tournament"),
                         (scenes.main, "run"), (game.net.loadtest, "bench_lan"), (game.net.server, "Server"),
                         (game.net.client, "run_bot"), (game.coach, "match_advice"), (game.review_cli, "run"),
                         (scenes.kiosk.command, "run_command"), (cli, "bench_startup")):
        monkeypatch.setattr(module, name, ran)


def refused(capsys: pytest.CaptureFixture[str], *argv: str, says: str = "") -> str:
    """``main(argv)`` is refused as a bad argument: exit 2, one line naming ``says``, no output."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert code == EXIT_USAGE, (argv, code, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("kotatsu: "), err
    assert "Traceback" not in err and out == ""
    assert says in lines[0], (says, lines[0])
    assert len(lines[0]) < 300  # a 31-digit or 4000-digit number is shortened, not echoed whole
    return lines[0]


@pytest.fixture
def saved_position(tmp_path: Path) -> Path:
    """A neko match in progress, saved (for hint and review)."""
    match = Match("neko", [Seat("human"), Seat("ai", "random")], seed=3)
    seat = match.to_move()[0]
    match.apply(seat, match.legal_actions(seat)[0])
    path = tmp_path / "match.json"
    match.save(path)
    return path


# ----- host names -------------------------------------------------------------------------------
@pytest.mark.parametrize("argv", [
    ("join", "a..b", "--agent", "easy"),
    ("join", "192.168.1.20..", "--agent", "easy"),
    ("join", "a" * 64, "--agent", "easy"),
    ("join", f"ws://{'b' * 64}.lan:47474", "--agent", "easy"),
    ("join", ".", "--agent", "easy"),
    ("serve", "--game", "neko", "--host", "a..b", "--no-advertise"),
    ("serve", "--game", "neko", "--host", "c" * 64, "--no-advertise"),
    ("serve", "--game", "neko", "--host", ".".join(["d" * 60] * 5), "--no-advertise"),
], ids=["empty-label", "trailing-dots", "64-chars", "64-chars-uri", "dot", "serve-empty-label",
        "serve-64-chars", "serve-over-253"])
@pytest.mark.usefixtures("no_work")
def test_a_host_name_the_resolver_cannot_encode_is_one_line(capsys: pytest.CaptureFixture[str],
                                                            argv: tuple[str, ...]) -> None:
    refused(capsys, *argv)


def test_good_host_names_still_parse() -> None:
    from game.net.connection import host_problem, parse_address

    assert parse_address("192.168.1.20.") == "ws://192.168.1.20.:47474"  # a fully qualified name
    assert parse_address(f"{'a' * 63}.lan") == f"ws://{'a' * 63}.lan:47474"
    assert parse_address("[::1]:9000") == "ws://[::1]:9000"
    assert host_problem("0.0.0.0") is None and host_problem("::") is None and host_problem("こたつ.local") is None


# ----- seeds --------------------------------------------------------------------------------------
TOO_BIG = str(MAX_SEED + 1)


@pytest.mark.parametrize("argv", [
    ("play", "neko", "--seed", TOO_BIG),
    ("play", "neko", "--seed", f"-{TOO_BIG}"),
    ("simulate", "neko", "--agents", "random,random", "--seed", TOO_BIG),
    ("simulate", "neko", "--agents", "random,random", "--seed", str(MAX_SEED), "--games", "2"),
    ("shot", "neko", "--seed", TOO_BIG),
    ("bench", "rules", "--seed", TOO_BIG),
    ("bench", "hint", "--seed", TOO_BIG),
    ("bench", "frames", "--seed", "9" * 4000),
])
@pytest.mark.usefixtures("no_work")
def test_a_seed_a_save_file_cannot_hold_is_refused_where_it_is_typed(capsys: pytest.CaptureFixture[str],
                                                                      argv: tuple[str, ...]) -> None:
    refused(capsys, *argv, says="--seed")


@pytest.mark.usefixtures("no_work")
def test_hint_checks_its_seed(capsys: pytest.CaptureFixture[str], saved_position: Path) -> None:
    refused(capsys, "hint", str(saved_position), "--seed", TOO_BIG, says="--seed")


def test_simulate_at_the_top_seed_saves_every_game(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """The last seeds a simulation may start from: every game is saved and loads again (this was a
    SaveError traceback after the whole run)."""
    first = MAX_SEED - 1
    code = main(["simulate", "neko", "--agents", "random,random", "--games", "2", "--seed", str(first),
                 "--save-dir", str(tmp_path)])
    _, err = capsys.readouterr()
    assert code == 0 and "Traceback" not in err, err
    saves = sorted(tmp_path.glob("*.json"))
    assert len(saves) == 2
    assert sorted(Match.load(path).seed for path in saves) == [first, MAX_SEED]


def test_play_draws_its_seed_from_new_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    import scenes.main

    drawn = MAX_SEED - 12345
    seen: dict[str, object] = {}
    monkeypatch.setattr(cli, "new_seed", lambda: drawn)
    monkeypatch.setattr(scenes.main, "run", lambda **kwargs: seen.update(kwargs) or 0)
    assert main(["play", "neko"]) == 0
    assert seen["seed"] == drawn and is_valid_seed(seen["seed"])


# ----- counts ----------------------------------------------------------------------------------------
COUNTS = [
    (("simulate", "neko", "--agents", "random,random", "--games"), cli.MAX_GAMES),
    (("simulate", "neko", "--agents", "hard,random", "--iterations"), cli.MAX_ITERATIONS),
    (("bench", "ai", "--decisions"), cli.MAX_DECISIONS),
    (("bench", "startup", "--runs"), cli.MAX_RUNS),
    (("bench", "hint", "--positions"), cli.MAX_POSITIONS),
    (("bench", "hint", "--games"), cli.MAX_BENCH_GAMES),
    (("bench", "lan", "--tables"), cli.MAX_TABLES),
    (("bench", "frames", "--moves"), cli.MAX_MOVES),
    (("shot", "neko", "--moves"), cli.MAX_MOVES),
    (("shot", "help", "neko", "--scroll"), cli.MAX_SCROLL),
    (("serve", "--game", "neko", "--no-advertise", "--tables"), cli.MAX_TABLES),
    (("review", "--last", "--playouts"), cli.MAX_PLAYOUTS),
    (("kiosk", "--soak"), cli.MAX_SOAK),
    (("serve", "--game", "neko", "--no-advertise", "--port"), 65535),
]


@pytest.mark.parametrize(("argv", "ceiling"), COUNTS, ids=[" ".join(argv[:2]) + " " + argv[-1] for argv, _ in COUNTS])
@pytest.mark.usefixtures("no_work")
def test_every_count_has_a_ceiling_and_says_it(capsys: pytest.CaptureFixture[str], argv: tuple[str, ...],
                                               ceiling: int) -> None:
    line = refused(capsys, *argv, HUGE, says=argv[-1])
    assert str(ceiling) in line
    refused(capsys, *argv, str(ceiling + 1), says=str(ceiling))


@pytest.mark.usefixtures("no_work")
def test_hint_playouts_have_a_ceiling(capsys: pytest.CaptureFixture[str], saved_position: Path) -> None:
    refused(capsys, "hint", str(saved_position), "--playouts", HUGE, says=str(cli.MAX_PLAYOUTS))


# ----- join --seat ----------------------------------------------------------------------------------
@pytest.mark.parametrize("seat", [HUGE, "-1", str(cli.max_seat() + 1)])
@pytest.mark.usefixtures("no_work")
def test_join_refuses_a_seat_no_table_has(capsys: pytest.CaptureFixture[str], seat: str) -> None:
    line = refused(capsys, "join", "127.0.0.1:9", "--seat", seat, "--agent", "easy", says="--seat")
    assert f"0 to {cli.max_seat()}" in line


# ----- output that cannot be written -----------------------------------------------------------------
@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full (Linux)")
@pytest.mark.parametrize("argv", [["--version"], ["--help"], ["serve", "--help"]])
@pytest.mark.parametrize("buffered", [True, False], ids=["buffered", "unbuffered"])
def test_help_and_version_into_a_full_disk_fail_in_one_line(argv: list[str], buffered: bool) -> None:
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    env.pop("PYTHONUNBUFFERED", None)
    if not buffered:
        env["PYTHONUNBUFFERED"] = "1"
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "game", *argv], cwd=ROOT, env=env, stdout=full,
                              stderr=subprocess.PIPE, text=True, timeout=SPAWN_SECONDS, check=False)
    assert done.returncode == EXIT_FAILED, done.stderr
    assert done.stderr.strip() == "kotatsu: cannot write the output: No space left on device", done.stderr


def test_version_still_prints(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.startswith("kotatsu-table ")


def test_serve_on_a_port_in_use_is_one_line_and_exit_1(capsys: pytest.CaptureFixture[str]) -> None:
    """Not "a file operation failed": the line says what could not be done."""
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code = main(["serve", "--game", "neko", "--no-advertise", "--host", "127.0.0.1", "--port", str(port)])
    out, err = capsys.readouterr()
    lines = err.strip().splitlines()
    assert code == EXIT_FAILED and len(lines) == 1, err
    assert lines[0].startswith(f"kotatsu: cannot listen on 127.0.0.1:{port}: ") and "Traceback" not in err


@pytest.mark.skipif(os.name != "posix", reason="closes a file descriptor before exec")
@pytest.mark.parametrize("argv", [["--version"], ["--help"], ["records"]])
def test_a_closed_stdout_is_one_line_and_exit_1(argv: list[str], tmp_path: Path) -> None:
    """``kotatsu --version >&-``: Python starts with no ``sys.stdout`` at all."""
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1", KOTATSU_HOME=str(tmp_path))
    done = subprocess.run([sys.executable, "-m", "game", *argv], cwd=ROOT, env=env, stderr=subprocess.PIPE,
                          text=True, timeout=SPAWN_SECONDS, check=False, preexec_fn=lambda: os.close(1))
    assert done.returncode == EXIT_FAILED, done.stderr
    assert done.stderr.strip() == "kotatsu: cannot write the output: standard output is closed", done.stderr
