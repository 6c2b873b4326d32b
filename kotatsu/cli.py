"""``python -m game`` / ``kotatsu``: the app and its headless tools.

Commands: play (default), simulate, replay, hint, review, records, tutorial, shot, bench, kiosk,
serve and join (LAN). Bad arguments get one clear line on stderr and exit code 2, never a
traceback. This is the composition root above ``game`` and ``scenes``; the commands that open a
window import ``scenes`` inside their functions, so the headless ones start without pygame.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import math
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

from game import __version__
from game.core import stop
from game.core.errors import BadOptions, SaveError
from game.core.registry import GAME_IDS, available_games, get_rules
from game.core.rules import OptionSpec
from game.core.seeds import SEED_BITS, is_valid_seed, new_seed

EXIT_USAGE = 2
EXIT_FAILED = 1  # a file or device failed (one line on stderr), or stdout went away
MAX_BUDGET = 600.0  # seconds of thinking per Hard decision
MAX_BENCH_SECONDS = 24 * 3600.0  # a bench runs at most a day
MAX_LIVE = 600.0  # seconds a live shot lets the table run
MIN_SIZE, MAX_SIZE = (320, 180), (7680, 4320)  # window sizes for shot and bench frames (8K at most)
# ceilings of the counts: far above any real use, low enough that a typo (10**30) is refused
# instead of running until killed
MAX_GAMES = 1_000_000  # simulate --games
MAX_BENCH_GAMES = 1_000  # bench hint --games (seeded matches per game)
MAX_ITERATIONS = 10_000_000  # simulate --iterations (Hard's search per decision)
MAX_PLAYOUTS = 10_000_000  # hint/review --playouts (per decision)
MAX_DECISIONS = 10_000  # bench ai --decisions
MAX_POSITIONS = 10_000  # bench hint --positions
MAX_RUNS = 1_000  # bench startup --runs
MAX_TABLES = 1_000  # serve --tables, bench lan --tables
MAX_SOAK = 100_000  # kiosk --soak (attract games)
MAX_MOVES = 100_000  # shot/bench frames --moves (a match ends long before)
MAX_SCROLL = 1_000_000  # shot help --scroll (pixels)


class UsageError(Exception):
    """A bad argument: printed as one line, exit code 2."""


CLOSED_STDOUT = "standard output is closed"


class _OutputLost(Exception):
    """Standard output could not be written (a full disk, ``> /dev/full``): exit 1, one line."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class _ClosedStdout(io.TextIOBase):
    """Stands in for a stdout closed before we started (``>&-``, where Python leaves
    ``sys.stdout`` None): a command that prints fails in one line, one that does not (the app)
    is not bothered."""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        raise _OutputLost(CLOSED_STDOUT)


class _Parser(argparse.ArgumentParser):
    """argparse that reports a bad argument in one line instead of usage + traceback."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)

    def _print_message(self, message: str, file: Any = None) -> None:
        """``--version`` and ``--help`` text: argparse drops a failed write (exit 0 with nothing
        written, e.g. into ``/dev/full``); here it fails like every other output."""
        if message:
            try:
                (file or sys.stderr).write(message)
            except BrokenPipeError:
                raise
            except OSError as error:
                raise _OutputLost(error.strerror or str(error)) from None


# ----- argument helpers ---------------------------------------------------------------------
def _game(value: str) -> str:
    """A playable game id."""
    if value not in GAME_IDS:
        raise UsageError(f"unknown game {value!r}; games: {', '.join(GAME_IDS)}")
    if value not in available_games():
        raise UsageError(f"{value!r} is not playable yet; playable: {', '.join(available_games())}")
    return value


def _size(value: str) -> tuple[int, int]:
    """A window size ``WIDTHxHEIGHT`` of any shape, from ``MIN_SIZE`` to ``MAX_SIZE``."""
    try:
        width, height = (int(part) for part in value.lower().split("x"))
    except ValueError:
        raise UsageError(f"bad size {value!r}: use WIDTHxHEIGHT, e.g. 1920x1080") from None
    if not (MIN_SIZE[0] <= width <= MAX_SIZE[0] and MIN_SIZE[1] <= height <= MAX_SIZE[1]):
        raise UsageError(f"size {value!r} is out of range ({MIN_SIZE[0]}x{MIN_SIZE[1]} to "
                         f"{MAX_SIZE[0]}x{MAX_SIZE[1]})")
    return width, height


def _options(game_id: str, players: int, pairs: Sequence[str]) -> dict[str, Any]:
    """``key=value`` pairs turned into the game's option values, validated by the rules."""
    rules = get_rules(game_id)
    specs = {spec.key: spec for spec in rules.options}
    options: dict[str, Any] = {}
    for pair in pairs:
        key, _, text = pair.partition("=")
        if key not in specs:
            known = ", ".join(specs) or "none"
            raise UsageError(f"{game_id} has no option {key!r} (options: {known})")
        spec = specs[key]
        if spec.per_seat:  # one value per seat, comma-separated: home=apartment,none,mansion
            options[key] = tuple(_option_value(spec, part, key) for part in text.split(","))
        else:
            options[key] = _option_value(spec, text, key)
    try:
        return rules.normalize_options(players, options)
    except BadOptions as error:
        raise UsageError(str(error)) from None


def _option_value(spec: OptionSpec, text: str, key: str) -> Any:
    """One option value spelled on the command line (on/off/yes/no/1/0 for switches)."""
    by_text = {str(choice).lower(): choice for choice in spec.choices}
    if True in spec.choices and False in spec.choices:
        by_text.update({"on": True, "yes": True, "1": True, "off": False, "no": False, "0": False})
    value = by_text.get((text or "true").lower())
    if value not in spec.choices:
        raise UsageError(f"option {key} takes {', '.join(map(str, spec.choices))}, not {text!r}")
    return value


def _players(game_id: str, value: int | None, default: int) -> int:
    """A player count the game accepts."""
    rules = get_rules(game_id)
    players = default if value is None else value
    if not rules.min_players <= players <= rules.max_players:
        raise UsageError(f"{game_id} is for {rules.min_players}-{rules.max_players} players, not {players}")
    return players


def _seats(text: str | None, players: int) -> list[Any]:
    """``human,ai:hard,...`` for exactly ``players`` seats (default: you against Normal AIs)."""
    from game.core.match import Seat

    if not text:
        return [Seat("human")] + [Seat("ai", "normal") for _ in range(players - 1)]
    parts = [part for part in text.split(",") if part.strip()]
    if len(parts) != players:
        raise UsageError(f"--seats names {len(parts)} seats but --players is {players}")
    try:
        return [Seat.parse(part) for part in parts]
    except ValueError as error:
        raise UsageError(str(error)) from None


def _agents(text: str, players: int) -> list[str]:
    """Agent levels for a tournament, one per seat."""
    from game.ai.base import LEVELS

    agents = [part.strip().lower() for part in text.split(",") if part.strip()]
    if len(agents) != players:
        raise UsageError(f"--agents names {len(agents)} agents but --players is {players}")
    for agent in agents:
        if agent not in LEVELS:
            raise UsageError(f"unknown agent {agent!r}; agents: {', '.join(LEVELS)}")
    return agents


def _shown_number(value: int) -> str:
    """A typed whole number for an error line; a very long one shortened to its first digits."""
    text = str(value)
    return text if len(text) <= 24 else f"{text[:12]}... ({len(text.lstrip('-'))} digits)"


def _count(name: str, value: int | None, most: int, *, least: int = 1) -> None:
    """Refuse a count below ``least`` (1, or 0 where none is fine) or above its ceiling ``most``."""
    if value is not None and not least <= value <= most:
        raise UsageError(f"{name} must be {least} to {most}, not {_shown_number(value)}")


def _seed(value: int | None, games: int = 1) -> None:
    """Refuse a seed a save file could not hold (``game.core.seeds``), so a match started from a
    typed seed can always be saved and resumed. ``games`` seeds ``value`` to ``value + games - 1``
    are dealt (``simulate``): the last must fit too."""
    if value is None or (is_valid_seed(value) and is_valid_seed(value + games - 1)):
        return
    bound = f"within ±(2**{SEED_BITS} - 1)"
    if games > 1 and is_valid_seed(value):
        bound = f"at most 2**{SEED_BITS} - {games} with --games {games} (game g is dealt from seed + g)"
    raise UsageError(f"--seed must be a whole number {bound}, not {_shown_number(value)}")


def _host(name: str, text: str) -> None:
    """Refuse a host name the resolver cannot even encode (an empty or 64-character label)."""
    from game.net.connection import host_problem

    problem = host_problem(text)
    if problem is not None:
        raise UsageError(f"{name} {text[:80]!r}: {problem}")


MAX_PATIENCE = 86_400.0  # s a person may be away before the AI plays their seat: a day at most


def max_seat() -> int:
    """The highest seat number of any table (seats count from 0)."""
    return max(get_rules(game_id).max_players for game_id in available_games()) - 1


def _seconds(name: str, value: float | None, maximum: float, *, zero: bool = False) -> None:
    """Refuse nan, infinity, negative (or zero unless ``zero``) and over-long times."""
    if value is None:
        return
    low = "0" if zero else "more than 0"
    if not math.isfinite(value) or value < 0 or (value == 0 and not zero) or value > maximum:
        raise UsageError(f"{name} must be a number of seconds from {low} to {maximum:g}, not {value}")


def max_jobs() -> int:
    """The most processes a tournament may use: this machine's CPU count."""
    return os.cpu_count() or 1


def _jobs(value: int) -> None:
    """Refuse a process count below 1 or above the CPU count."""
    most = max_jobs()
    if not 1 <= value <= most:
        raise UsageError(f"--jobs must be 1 to {most} (this machine's CPU count), not {value}")


# ----- the parser ---------------------------------------------------------------------------
def build_parser() -> argparse.ArgumentParser:
    """Every command and its arguments."""
    parser = _Parser(prog="kotatsu", description="Kotatsu Table: five Japanese tabletop games.")
    parser.add_argument("--version", action="version", version=f"kotatsu-table {__version__}")
    parser.add_argument("--selftest", nargs="*", metavar="GAME",
                        help="check headless that assets, fonts, sounds, tables and AI work (default: every game)")
    commands = parser.add_subparsers(dest="command", parser_class=_Parser)

    play = commands.add_parser("play", help="open the table (the default)")
    play.add_argument("game", nargs="?", help="start this game at once")
    play.add_argument("--players", type=int)
    play.add_argument("--seats", help="human,ai:easy|ai:normal|ai:hard per seat")
    play.add_argument("--seed", type=int)
    play.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    play.add_argument("--lang", choices=("ja", "en"))
    play.add_argument("--continue", dest="resume", action="store_true", help="resume the autosaved match")

    learn = commands.add_parser("tutorial", help="open a game's guided first deal (Learn); --check plays it headless")
    learn.add_argument("game")
    learn.add_argument("--check", action="store_true",
                       help="play the scripted path headless through synthetic taps at normal speed and print its "
                            "length in seconds (exit 1 if a step cannot be played)")
    learn.add_argument("--lang", choices=("ja", "en"))
    learn.add_argument("--shots", type=Path, metavar="DIR", help="with --check: save each step as DIR/learn-GAME-N.png")

    sim = commands.add_parser("simulate", help="headless seat-rotated AI tournament")
    sim.add_argument("game")
    sim.add_argument("--players", type=int)
    sim.add_argument("--agents", required=True, help="e.g. hard,normal,random,random")
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    sim.add_argument("--budget", type=float, help="Hard's seconds per decision")
    sim.add_argument("--iterations", type=int, help="Hard's search iterations (playouts for ノアロン) per decision")
    sim.add_argument("--jobs", type=int, default=1)
    sim.add_argument("--json", action="store_true")
    sim.add_argument("--save-dir", type=Path, help="write every finished game as a save file in this folder")

    replay = commands.add_parser("replay", help="rebuild a saved match from its log")
    replay.add_argument("file", type=Path)
    replay.add_argument("--verify", action="store_true", help="fail unless the saved position is rebuilt")
    replay.add_argument("--moves", action="store_true", help="print every logged action")
    replay.add_argument("--upto", type=int, help="stop after this many actions (with --save: the position then)")
    replay.add_argument("--save", type=Path, help="write the replayed position as a save file")

    hint = commands.add_parser("hint", help="Hard's ranking of the moves of a saved position")
    hint.add_argument("file", type=Path)
    hint.add_argument("--seat", type=int, help="the seat to advise (default: the seat to move)")
    hint.add_argument("--json", action="store_true")
    hint.add_argument("--budget", type=float, help="seconds to think (default 1.5)")
    hint.add_argument("--playouts", type=int, help="a fixed number of playouts instead of a time budget")
    hint.add_argument("--seed", type=int, default=0)
    hint.add_argument("--lang", choices=("ja", "en"), default="en")

    shot = commands.add_parser("shot", help="render a table (or a rules help page: shot help GAME) headless to a PNG")
    shot.add_argument("game", help="a game id, or help (then the game whose rules to show)")
    shot.add_argument("help_game", nargs="?", metavar="GAME", help="with help: the game whose rules to show")
    shot.add_argument("--page", type=int, default=1, help="with help: the page, 1 (rules) to 5 (controls)")
    shot.add_argument("--scroll", type=int, default=0, help="with help: pixels scrolled down the page")
    shot.add_argument("--players", type=int)
    shot.add_argument("--seed", type=int, default=1)
    shot.add_argument("--moves", type=int, default=0)
    shot.add_argument("--size", default="1920x1080",
                      help="the window's size: any shape, the table letterboxed as a window shows it")
    shot.add_argument("--lang", choices=("ja", "en"))
    shot.add_argument("--out", type=Path, default=Path("table.png"))
    shot.add_argument("--live", type=float, default=0.0, metavar="SECONDS",
                      help="let the table run this long at normal speed (AI seats) and shoot what moves")
    shot.add_argument("--hint", action="store_true", help="play on to seat 0's turn and show a hint")

    bench = commands.add_parser("bench", help="measure rules, AI, hint or frame speed, or a still screen's cost")
    bench.add_argument("what", choices=("rules", "ai", "hint", "frames", "idle", "startup", "lan"))
    bench.add_argument("--game", help="the game (neko unless given; bench hint: all five unless given)")
    bench.add_argument("--players", type=int)
    bench.add_argument("--seconds", type=float, help="seconds to measure (5; bench lan: until every match ends)")
    bench.add_argument("--tables", type=int, default=10, help="bench lan: tables served at once")
    bench.add_argument("--bots", type=int, default=4, help="bench lan: bot clients (people's seats) per table")
    bench.add_argument("--agent", default="easy", choices=("random", "easy", "normal"), help="bench lan: the bots' level")
    bench.add_argument("--tls", action="store_true", help="bench lan: the host serves wss:// (a self-signed certificate)")
    bench.add_argument("--ai", type=int, default=0, help="bench lan: AI seats (Normal) per table beside the bots")
    bench.add_argument("--think", type=float, default=0.0,
                       help="bench lan: seconds each bot waits before a move (0: flat out; 1-3 is a person's pace)")
    bench.add_argument("--decisions", type=int, default=20)
    bench.add_argument("--budget", type=float, help="seconds per decision (ai: 1; hint: the Hint's own budget)")
    bench.add_argument("--games", type=int, default=4, help="bench hint: seeded matches of Normal players per game")
    bench.add_argument("--positions", type=int, default=40, help="bench hint: positions per game, spread through them")
    bench.add_argument("--hint", action="store_true",
                       help="bench frames: seat 0 is a person who keeps asking for a hint (and plays its best move)")
    bench.add_argument("--seed", type=int, default=0)
    bench.add_argument("--runs", type=int, default=5, help="launches for bench startup (median)")
    bench.add_argument("--moves", type=int, default=0,
                       help="bench frames: play this many random moves before measuring (a full table)")
    bench.add_argument("--size", default="1920x1080",
                       help="bench frames, idle: the window size (frames: scaled in software when headless)")
    bench.add_argument("--json", action="store_true")

    records = commands.add_parser("records", help="print the local profiles' records")
    records.add_argument("--profile", metavar="NAME", help="only this profile")
    records.add_argument("--json", action="store_true")
    review = commands.add_parser("review", help="a look back at a finished match: its key moments and win-chance line")
    review.add_argument("file", type=Path, nargs="?", help="a match save file (or --last, --list)")
    review.add_argument("--seat", type=int, help="the seat to review, from 0 (default: every human seat)")
    review.add_argument("--json", action="store_true")
    review.add_argument("--jobs", type=int, default=2, help="processes analysing decisions (default 2)")
    review.add_argument("--budget", type=float, help="seconds per decision (default: fitted to the match)")
    review.add_argument("--playouts", type=int, help="playouts per decision instead of a time: reproducible")
    review.add_argument("--list", action="store_true", help="list the recent finished matches, newest first")
    review.add_argument("--last", action="store_true", help="review the newest finished match")
    review.add_argument("--show", action="store_true", help="open the review screen (steps through the table)")

    join = commands.add_parser("join", help="a headless bot that plays one seat of a LAN table to the end")
    join.add_argument("address", help="the host: IP, HOST:PORT, ws://HOST:PORT, wss://HOST:PORT, "
                                      "or a link kotatsu://HOST:PORT/CODE")
    join.add_argument("code", nargs="?", help="the table's code after HOST:PORT (as in a host's 'HOST:PORT CODE')")
    join.add_argument("--table", help="the table's join code (default: the first with a free seat)")
    join.add_argument("--seat", type=int, help="the seat, from 0 (default: a free one, or the one held before)")
    join.add_argument("--agent", required=True, choices=("random", "easy", "normal", "hard"))
    join.add_argument("--name", default="", help="the name shown on the seat (default: bot LEVEL)")
    join.add_argument("--think", type=float, default=0.0, help="seconds to wait before each move (paced like a person)")
    join.add_argument("--data-dir", type=Path, help="where the seat token is kept (a restart reclaims the seat)")
    join.add_argument("--json", action="store_true")

    serve = commands.add_parser("serve", help="a headless LAN host: tables that people and bots join")
    serve.add_argument("--game", required=True)
    serve.add_argument("--players", type=int)
    serve.add_argument("--tables", type=int, default=1, help="tables open at once (resumed ones count)")
    serve.add_argument("--seats", help="human,ai:easy|ai:normal|ai:hard per seat (default: every seat a person's)")
    serve.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    serve.add_argument("--port", type=int, default=47474)
    serve.add_argument("--host", default="0.0.0.0", help="the address to listen on")
    serve.add_argument("--dir", type=Path, help="autosave the tables here and resume them on start")
    serve.add_argument("--name", help="the host's name in the join list (default: this computer's)")
    serve.add_argument("--no-advertise", dest="advertise", action="store_false", help="do not announce on mDNS")
    serve.add_argument("--private", action="store_true", help="new tables are joined by their 8-letter code only (not listed)")
    serve.add_argument("--patience", type=float, default=120.0, help="seconds a person may be away before the AI plays their seat")
    serve.add_argument("--tls-cert", type=Path, metavar="FILE", help="serve wss:// with this PEM certificate (chain)")
    serve.add_argument("--tls-key", type=Path, metavar="FILE", help="the certificate's PEM private key")
    serve.add_argument("--public", action="store_true",
                       help="a host on the internet (behind a TLS proxy): private tables, limits, idle tables close")
    serve.add_argument("--public-address", metavar="HOST:PORT",
                       help="where friends reach this host (a TLS proxy's name and port): used in the printed links")
    serve.add_argument("--listed", action="store_true", help="with TLS or --public: list the tables to anyone who asks")
    serve.add_argument("--ai-pause", type=float, default=0.3, metavar="SECONDS",
                       help="seconds between AI moves while a person sits at the table, so people can follow (0.3)")
    serve.add_argument("--turn-clock", type=float, default=0.0, metavar="SECONDS",
                       help="a person's move may take this long, then the AI makes it (0: off)")
    serve.add_argument("--idle-expire", type=float, metavar="SECONDS",
                       help="close a table nobody has been at for this long (public default 7200; 0: never)")
    serve.add_argument("--standin", default="normal", choices=("random", "easy", "normal", "hard"),
                       help="the AI level that plays for a person who is away")

    kiosk = commands.add_parser("kiosk", help="kiosk mode for game events (see README \"Kiosk mode\")")
    kiosk.add_argument("--config", type=Path, help="the organiser's TOML file (docs/kiosk.example.toml)")
    kiosk.add_argument("--windowed", action="store_true", help="try it out in a window, without the lock")
    kiosk.add_argument("--soak", type=int, metavar="GAMES", help="play GAMES attract games with instant animations, report RSS")
    kiosk.add_argument("--taps", action="store_true",
                       help="with --soak: a visitor taps between demos (in a real window when there is a display)")
    kiosk.add_argument("--stats", action="store_true", help="games played, completed, abandoned, crashes")
    kiosk.add_argument("--screenshots", type=Path, metavar="DIR", help="render kiosk_*.png headless")
    kiosk.add_argument("--json", action="store_true")
    kiosk.add_argument("--child", action="store_true", help=argparse.SUPPRESS)  # the supervisor's child
    return parser


# ----- commands -------------------------------------------------------------------------------
def cmd_play(args: argparse.Namespace) -> int:
    """Open the app (optionally straight into a game)."""
    kwargs: dict[str, Any] = {"lang": args.lang, "resume": args.resume}
    _seed(args.seed)
    if args.game:
        game_id = _game(args.game)
        players = _players(game_id, args.players, get_rules(game_id).min_players if not args.seats
                           else len(args.seats.split(",")))
        kwargs.update(
            game_id=game_id,
            seats=_seats(args.seats, players),
            seed=args.seed if args.seed is not None else new_seed(),
            options=_options(game_id, players, args.option),
        )
    elif args.players is not None or args.seats or args.option:
        raise UsageError("--players, --seats and --option need a game, e.g. play neko --players 3")
    from scenes.main import run

    return run(**kwargs)


def cmd_tutorial(args: argparse.Namespace) -> int:
    """``tutorial GAME``: open the guided first deal; with ``--check`` play it headless and print
    its length (frames at normal speed plus the reading time of every caption)."""
    game_id = _game(args.game)
    if not args.check:
        from scenes.main import run

        return run(lang=args.lang, tutorial=game_id)
    from scenes.tools.tutorial_drive import check_tutorial

    if args.shots is not None and not args.shots.is_dir():
        raise UsageError(f"--shots: {args.shots} is not a folder")
    return check_tutorial(game_id, args.lang or "en", args.shots)


def cmd_simulate(args: argparse.Namespace) -> int:
    """A seat-rotated tournament with a progress line and a report."""
    game_id = _game(args.game)
    agents_text = args.agents
    players = _players(game_id, args.players, len(agents_text.split(",")))
    agents = _agents(agents_text, players)
    _count("--games", args.games, MAX_GAMES)
    _seed(args.seed, args.games)
    _seconds("--budget", args.budget, MAX_BUDGET)
    _count("--iterations", args.iterations, MAX_ITERATIONS)
    _jobs(args.jobs)
    if args.save_dir is not None and args.save_dir.exists() and not args.save_dir.is_dir():
        raise UsageError(f"--save-dir {args.save_dir} is not a folder")
    options = _options(game_id, players, args.option)
    from game.tournament import format_report, run_tournament

    def progress(done: int, total: int) -> None:
        if not args.json:
            print(f"\r{done}/{total} games", end="", file=sys.stderr, flush=True)

    try:
        report = run_tournament(
            game_id, players, agents, args.games, args.seed, options=options,
            budget=args.budget, iterations=args.iterations, jobs=args.jobs, progress=progress,
        )
    finally:
        if not args.json:
            print(file=sys.stderr)  # end the progress line, also when stopped
    print(format_report(report, json=args.json), flush=True)  # before the stderr line below, also into one file
    if args.save_dir is not None:
        from game.coach import tournament_saves

        paths = tournament_saves(game_id, agents, args.seed, options, report.records, args.save_dir)
        print(f"{len(paths)} save files in {args.save_dir}", file=sys.stderr)
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    """Replay a save file's log; with --verify, fail unless the saved position comes back."""
    from game.core.match import Match

    if not args.file.exists():
        raise UsageError(f"no such file: {args.file}")
    try:
        match = Match.load(args.file, verify=args.verify)
        if args.upto is not None:
            if not 0 <= args.upto <= len(match.log):
                raise UsageError(f"--upto must be 0 to {len(match.log)} (the actions logged), not {args.upto}")
            match = match.after(args.upto)
        if args.save is not None:
            match.save(args.save)
            Match.load(args.save)  # what was written loads and rebuilds its position
    except SaveError as error:
        print(f"kotatsu: replay failed: {error}", file=sys.stderr)
        return 1
    if args.moves:
        for number, entry in enumerate(match.log, start=1):
            print(f"{number:4d}  seat {entry.seat}  {entry.action}")
    state = "over" if match.is_over() else "in progress"
    result = match.rules.result(match.state)
    scores = ", ".join(f"{score:g}" for score in result.scores)
    verified = " verified" if args.verify else ""
    print(f"{match.game_id}: {len(match.log)} actions replayed{verified}; {state}; scores {scores}")
    print(match.rules.notation(match.state))
    return 0


def cmd_hint(args: argparse.Namespace) -> int:
    """Hard's ranking of a saved position's moves for one seat, from its observation only."""
    from game.ai.advice import DEFAULT_BUDGET
    from game.coach import HintRefused, hard_note, hint_seat, match_advice, ranking_lines
    from game.core.match import Match
    from game.i18n import set_language

    _seconds("--budget", args.budget, MAX_BUDGET)
    _count("--playouts", args.playouts, MAX_PLAYOUTS)
    _seed(args.seed)
    if not args.file.exists():
        raise UsageError(f"no such file: {args.file}")
    try:
        match = Match.load(args.file)
    except SaveError as error:
        print(f"kotatsu: hint failed: {error}", file=sys.stderr)
        return EXIT_FAILED
    try:
        seat = hint_seat(match, args.seat)
    except HintRefused as refused:
        raise UsageError(f"no hint: {refused}") from None
    advice = match_advice(match, seat, budget=args.budget or DEFAULT_BUDGET, playouts=args.playouts,
                          seed=args.seed)
    if args.json:
        print(json.dumps(advice.to_json(), indent=1))
        return 0
    set_language(args.lang)
    lines = ranking_lines(match.game_id, advice, match.observe(seat), top=len(advice.moves))
    print(f"{match.game_id}, seat {seat}, {advice.seconds:.1f} s. {hard_note(advice)}")
    for line, move in zip(lines, advice.moves, strict=True):  # the number is the rank: equal moves share it
        print(f"{move.rank}. {line}  [{move.notation}; {move.samples} playouts; "
              f"± {100 * move.margin:.0f} %; mean points {move.points:.1f}]")
    return 0


def cmd_shot(args: argparse.Namespace) -> int:
    """Render a table after some AI moves (or a page of a game's rules help) to a PNG."""
    if args.game == "help":
        return _help_shot(args)
    if args.help_game is not None:
        raise UsageError(f"unexpected argument {args.help_game!r} (only shot help takes a second game)")
    game_id = _game(args.game)
    players = _players(game_id, args.players, get_rules(game_id).min_players)
    size = _size(args.size)
    _count("--moves", args.moves, MAX_MOVES, least=0)
    _seed(args.seed)
    _seconds("--live", args.live, MAX_LIVE, zero=True)
    out = _shot_target(args.out)
    from scenes.tools.shot import take_shot

    path = take_shot(game_id, players, args.seed, args.moves, size=size, out=out, lang=args.lang,
                     live=args.live, hint=args.hint)
    print(path)
    return 0


def _help_shot(args: argparse.Namespace) -> int:
    """``shot help GAME --page N``: a page of the rules help over the title."""
    from scenes.menus.help_pages import PAGES

    if args.help_game is None:
        raise UsageError("shot help needs the game whose rules to show, e.g. shot help neko")
    game_id = _game(args.help_game)
    if not 1 <= args.page <= len(PAGES):
        raise UsageError(f"--page takes 1 to {len(PAGES)} ({', '.join(PAGES)}), not {args.page}")
    _count("--scroll", args.scroll, MAX_SCROLL, least=0)
    out = _shot_target(args.out)
    from scenes.tools.shot import take_help_shot

    print(take_help_shot(game_id, PAGES[args.page - 1], size=_size(args.size), out=out, lang=args.lang,
                         scroll=args.scroll))
    return 0


def _shot_target(out: Path) -> Path:
    """``--out``: a file (new, or a regular file to replace) in a folder that exists."""
    if out.is_dir():
        raise UsageError(f"--out {out} is a folder; name the picture file, e.g. {out / 'table.png'}")
    if out.exists() and not out.is_file():
        raise UsageError(f"--out {out} is not a regular file")
    if not out.parent.is_dir():
        raise UsageError(f"--out {out}: the folder {out.parent} does not exist")
    return out


def cmd_bench(args: argparse.Namespace) -> int:
    """Print rules, AI or frame timings a person can rerun."""
    game_id = _game(args.game or "neko")
    _seconds("--seconds", args.seconds, MAX_BENCH_SECONDS)
    _seed(args.seed)
    _count("--decisions", args.decisions, MAX_DECISIONS)
    _count("--games", args.games, MAX_BENCH_GAMES)
    _count("--positions", args.positions, MAX_POSITIONS)
    _count("--runs", args.runs, MAX_RUNS)
    _count("--moves", args.moves, MAX_MOVES, least=0)
    _count("--tables", args.tables, MAX_TABLES)
    if args.what == "lan":
        return _bench_lan(args, game_id)
    args.seconds = 5.0 if args.seconds is None else args.seconds
    _seconds("--budget", args.budget, MAX_BUDGET)
    size = _size(args.size)
    if args.what == "rules":
        from game.bench import bench_rules

        players = None if args.players is None else _players(game_id, args.players, 0)
        figures = bench_rules(game_id, seconds=args.seconds, players=players)
    elif args.what == "startup":
        figures = bench_startup(args.runs)
    elif args.what == "ai":
        from game.bench import bench_ai

        players = _players(game_id, args.players, get_rules(game_id).max_players)
        budget = 1.0 if args.budget is None else args.budget
        figures = bench_ai(game_id, players, decisions=args.decisions, budget=budget, seed=args.seed)
    elif args.what == "hint":
        from game.bench import HINT_GAMES, bench_hint

        games = HINT_GAMES if args.game is None else (game_id,)
        figures = bench_hint(games, matches=args.games, positions=args.positions, budget=args.budget, seed=args.seed)
    elif args.what == "idle":
        from scenes.tools.bench import bench_idle

        figures = bench_idle(seconds=args.seconds, size=size)
    else:
        from scenes.tools.bench import bench_frames

        players = _players(game_id, args.players, get_rules(game_id).max_players)
        figures = bench_frames(game_id, players, seconds=args.seconds, seed=args.seed, moves=args.moves,
                               size=size, hint=args.hint)
    print(json.dumps(figures, indent=1) if args.json else _format_figures(figures))
    return 0


def _bench_lan(args: argparse.Namespace, game_id: str) -> int:
    """``bench lan``: one ``serve`` process under T tables of bot clients (game.net.loadtest)."""
    from game.net.loadtest import bench_lan

    _players(game_id, args.bots + args.ai, 0)  # the seats of a table: the bots and the AI seats
    players = args.bots
    _seconds("--think", args.think, MAX_BUDGET, zero=True)
    _count("--ai", args.ai, 15, least=0)
    figures = bench_lan(args.tables, players, game_id, seconds=args.seconds, level=args.agent, think=args.think,
                        tls=args.tls, ai=args.ai)
    print(json.dumps(figures, indent=1) if args.json else _format_figures(figures))
    return 0


def cmd_selftest(args: argparse.Namespace) -> int:
    """Headless checks of everything the app needs; exit 0 only if all passed."""
    games = [_game(game_id) for game_id in args.selftest]
    from scenes.tools.selftest import run_selftest

    return run_selftest(games)


def bench_startup(runs: int) -> dict[str, Any]:
    """Seconds from launching ``python -m game`` to its first frame (title screen), ``runs``
    times; the app prints the time of its first frame and quits (see scenes.main)."""
    import statistics
    import subprocess
    import time

    env = dict(os.environ, KOTATSU_EXIT_AFTER_FIRST_FRAME="1", PYGAME_HIDE_SUPPORT_PROMPT="1")
    times = []
    for _ in range(runs):
        launched = time.time()
        done = subprocess.run(
            [sys.executable, "-m", "game"], env=env, capture_output=True, text=True, timeout=120, check=False
        )
        marks = [line.split()[1] for line in done.stdout.splitlines() if line.startswith("first-frame ")]
        if done.returncode != 0 or not marks:
            raise UsageError(f"the app did not reach its first frame: {done.stderr.strip()[-300:]}")
        times.append(float(marks[0]) - launched)
    return {
        "runs": runs,
        "first_frame_median_s": statistics.median(times),
        "first_frame_min_s": min(times),
        "first_frame_max_s": max(times),
        "video_driver": os.environ.get("SDL_VIDEODRIVER", "default"),
    }


def _format_figures(figures: dict[str, Any], indent: str = "") -> str:
    """Nested dict as aligned ``key: value`` lines."""
    lines = []
    for key, value in figures.items():
        if isinstance(value, dict):
            lines.append(f"{indent}{key}:")
            lines.append(_format_figures(value, indent + "  "))
        elif isinstance(value, float):
            lines.append(f"{indent}{key}: {value:.3f}")
        else:
            lines.append(f"{indent}{key}: {value}")
    return "\n".join(lines)


def cmd_kiosk(args: argparse.Namespace) -> int:
    """Kiosk mode: the supervisor (default), its child, a soak, the stats or the screenshots."""
    _count("--soak", args.soak, MAX_SOAK)
    from scenes.kiosk.command import run_command

    return run_command(args)


def cmd_records(args: argparse.Namespace) -> int:
    """Print the records of every profile (or one); 1 when the named profile is unknown."""
    from game.core.records import Records, report, report_text

    records = Records()
    data = report(records, args.profile)
    if records.warning:
        print(f"kotatsu: {records.warning}", file=sys.stderr)
    print(json.dumps(data, ensure_ascii=False, indent=1) if args.json else report_text(data))
    if args.profile is not None and not data:
        print(f"kotatsu: no profile named {args.profile!r}", file=sys.stderr)
        return EXIT_FAILED
    return 0

def cmd_review(args: argparse.Namespace) -> int:
    """``review FILE`` / ``--last`` / ``--list``: a finished match's key moments and line."""
    from game import review_cli

    if args.list:
        return review_cli.list_recent(args.json)
    _jobs(args.jobs)
    _seconds("--budget", args.budget, MAX_BUDGET)
    _count("--playouts", args.playouts, MAX_PLAYOUTS)
    show = None
    if args.show:
        from scenes.main import show_review  # the screen: pygame only here

        show = show_review
    try:
        return review_cli.run(args, show)
    except review_cli.ReviewUsage as error:
        raise UsageError(str(error)) from None


def cmd_join(args: argparse.Namespace) -> int:
    """``join``: play one seat of a LAN table with an AI to the end and print the result; exit 1
    with one line when it cannot join."""
    if args.data_dir is not None:
        os.environ["KOTATSU_HOME"] = str(args.data_dir)  # the seat token lives there
    from game.net.client import JoinError, parse_address, run_bot
    from game.net.internet import parse_link

    try:
        if args.code or _is_link(args.address):  # kotatsu://HOST:PORT/CODE, or HOST:PORT CODE
            address, code = parse_link(f"{args.address} {args.code}" if args.code else args.address)
            if args.table and args.table.upper() != code:
                raise ValueError(f"--table {args.table[:12]} and the link's code {code} differ")
            args.address, args.table = address, code
        parse_address(args.address)
    except ValueError as error:
        raise UsageError(str(error)) from None
    if args.seat is not None and not 0 <= args.seat <= max_seat():
        raise UsageError(f"--seat must be 0 to {max_seat()} (a bot plays a seat, it does not watch), "
                         f"not {_shown_number(args.seat)}")
    _seconds("--think", args.think, MAX_BUDGET, zero=True)
    table = args.table.upper() if args.table else None
    try:
        result = run_bot(args.address, table, args.seat, args.agent, args.name or f"bot {args.agent}", args.think)
    except JoinError as error:
        print(f"kotatsu: cannot join: {error.text}", file=sys.stderr)
        return EXIT_FAILED
    if args.json:
        print(json.dumps(result, sort_keys=True))
    else:
        print(f"table {result['table']} seat {result['seat']} ({result['game']}): "
              + (f"scores {result['scores']} ranks {result['ranks']}" if result["over"] else "not finished"))
    return 0 if result["over"] else EXIT_FAILED


def _is_link(text: str) -> bool:
    """True for a typed ``kotatsu://...`` or a ``ws(s)://HOST:PORT/CODE`` (an address with a code)."""
    from urllib.parse import urlsplit

    if "://" not in text:
        return len(text.split()) > 1  # HOST:PORT CODE typed as one argument
    return not text.startswith(("ws://", "wss://")) or bool(urlsplit(text).path.strip("/"))


def _serve_security(args: argparse.Namespace) -> dict[str, Any]:
    """The ``Server`` options of ``--tls-cert/--tls-key``, ``--public``, ``--listed``,
    ``--turn-clock`` and ``--idle-expire`` (a bad value is one line, exit 2)."""
    import dataclasses

    from game.net.internet import Limits, tls_server_context

    if (args.tls_cert is None) != (args.tls_key is None):
        raise UsageError("--tls-cert and --tls-key go together")
    context = None
    if args.tls_cert is not None:
        try:
            context = tls_server_context(str(args.tls_cert), str(args.tls_key))
        except ValueError as error:
            raise UsageError(str(error)) from None
    public = args.public or context is not None
    if args.listed and not public:
        raise UsageError("--listed is for a host with TLS or --public (a LAN host lists its tables anyway)")
    _seconds("--turn-clock", args.turn_clock, MAX_PATIENCE, zero=True)
    limits = Limits() if public else Limits.lan()
    if args.idle_expire is not None:
        _seconds("--idle-expire", args.idle_expire, 30 * 24 * 3600.0, zero=True)
        limits = dataclasses.replace(limits, idle_expire=args.idle_expire)
    if args.public_address is not None:
        if not public:
            raise UsageError("--public-address is for a host with TLS or --public")
        _public_address(args.public_address)
    return {"ssl_context": context, "public": public, "listed": args.listed, "limits": limits,
            "turn_clock": args.turn_clock}


def _public_address(text: str) -> tuple[str, int]:
    """``--public-address HOST[:PORT]`` as (host, port); a bad one is one line, exit 2."""
    from urllib.parse import urlsplit

    from game.net.connection import parse_address

    try:
        parts = urlsplit(parse_address(text if "://" in text else "wss://" + text))
        return str(parts.hostname), int(parts.port or 0)
    except ValueError as error:
        raise UsageError(f"--public-address: {error}") from None


def cmd_serve(args: argparse.Namespace) -> int:
    """``serve``: open the tables, print one line per table (code and address), serve until stopped."""
    from game.core.match import Seat
    from game.net.discovery import lan_addresses
    from game.net.internet import exposure_lines, link_for
    from game.net.server import Server, serve_forever

    game_id = _game(args.game)
    players = _players(game_id, args.players, len(args.seats.split(",")) if args.seats
                       else get_rules(game_id).min_players)
    seats = _seats(args.seats, players) if args.seats else [Seat("human") for _ in range(players)]
    options = _options(game_id, players, args.option)
    _count("--tables", args.tables, MAX_TABLES)
    if not 0 <= args.port < 65536:
        raise UsageError(f"--port must be 0 to 65535, not {_shown_number(args.port)}")
    _host("--host", args.host)
    _seconds("--patience", args.patience, MAX_PATIENCE)
    security = _serve_security(args)
    _seconds("--ai-pause", args.ai_pause, 10.0, zero=True)
    server = Server(args.dir, args.name, patience=args.patience, standin_level=args.standin,
                    ai_pause=args.ai_pause, **security)
    open_now = sum(1 for table in server.tables.values() if table.game_id == game_id)
    for _ in range(args.tables - open_now):
        server.add_table(game_id, seats, options, private=args.private)

    def announce(running: Server) -> None:
        # bound to one interface: that one is where clients reach it; else the first LAN address
        wildcard = args.host in ("", "0.0.0.0", "::")
        shown_host = (lan_addresses() or ['127.0.0.1'])[0] if wildcard else args.host
        address = f"{shown_host}:{running.port}"
        assert running.port is not None  # announce is called once the server listens (its port is bound)
        link_host, link_port = shown_host, running.port
        if args.public_address:  # checked before listening
            link_host, link_port = _public_address(args.public_address)
        if running.public:  # once, on stderr: what the organiser exposes
            for line in exposure_lines(address=address, tls=running.ssl_context is not None,
                                       listed=running.list_public, limits=running.limits,
                                       turn_clock=running.turn_clock, patience=args.patience):
                print(line, file=sys.stderr, flush=True)
        for code, table in running.tables.items():
            labels = ",".join(seat.label() for seat in table.match.seats)
            link = f" {link_for(link_host, link_port, code)}" if running.public else ""
            print(f"{code} {address} {table.game_id} {table.match.players}p {labels}{link}", flush=True)

    try:
        signum = serve_forever(server, args.host, args.port, announce, args.advertise)
    except OSError as error:  # an address that does not resolve, or is not ours, a port in use
        print(f"kotatsu: cannot listen on {args.host[:80]}:{args.port}: {error.strerror or error}", file=sys.stderr)
        return EXIT_FAILED
    return 128 + signum if signum else 0


COMMANDS = {
    "join": cmd_join,
    "serve": cmd_serve,
    "kiosk": cmd_kiosk,
    "records": cmd_records,
    "play": cmd_play,
    "simulate": cmd_simulate,
    "replay": cmd_replay,
    "hint": cmd_hint,
    "shot": cmd_shot,
    "bench": cmd_bench,
    "tutorial": cmd_tutorial,
    "review": cmd_review,
}


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``python -m game`` and ``kotatsu``.

    Exit codes: 0 done, 1 a failure (a file or device: one line on stderr; or stdout closed
    early, e.g. piped into ``head``: quietly), 2 a bad argument, 128 + N stopped by signal N
    (SIGTERM 143, SIGINT 130). Only ``OSError`` is turned into one line: real bugs keep their
    traceback."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # keep command output clean
    if sys.stdout is None:
        sys.stdout = _ClosedStdout()
    stop.install()  # SIGTERM/SIGINT stop every command (before pygame, so SDL leaves them to us)
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    try:
        stop.follow_parent()  # started by another of ours (the kiosk supervisor, bench lan): die with it
        if not argv or (argv[0] not in COMMANDS and argv[0] not in ("--version", "--selftest", "-h", "--help")):
            argv = ["play", *argv]  # the app is the default command
        try:
            args = parser.parse_args(argv)
        except SystemExit as done:  # --version or --help printed: the text must have reached stdout
            _flush_stdout()
            return done.code if isinstance(done.code, int) else EXIT_FAILED
        code = cmd_selftest(args) if args.selftest is not None else COMMANDS[args.command](args)
        _flush_stdout()
        return code
    except UsageError as error:
        print(f"kotatsu: {error}", file=sys.stderr)
        return EXIT_USAGE
    except stop.Stopped as stopped:
        return stopped.exit_code
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        _silence_stdout()
        return EXIT_FAILED
    except _OutputLost as lost:
        _silence_stdout()
        print(f"kotatsu: cannot write the output: {lost.reason}", file=sys.stderr)
        return EXIT_FAILED
    except OSError as error:
        print(os_error_line(error), file=sys.stderr)
        return EXIT_FAILED
    finally:
        _stop_resource_tracker()


def _flush_stdout() -> None:
    """Flush what the command printed: a closed pipe or a full disk shows here, not in the
    interpreter's last flush (which would report it as 0 or a traceback)."""
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        raise
    except OSError as error:
        raise _OutputLost(error.strerror or str(error)) from None


def os_error_line(error: OSError) -> str:
    """``kotatsu: <what failed>: <reason>`` for a file or device error."""
    what = " -> ".join(str(name) for name in (error.filename, error.filename2) if name is not None)
    reason = error.strerror or str(error) or type(error).__name__
    return f"kotatsu: {what or 'a file operation failed'}: {reason}"


def _silence_stdout() -> None:
    """Whoever read our output has gone (``| head``): send the rest nowhere, so the interpreter's
    last flush does not complain (the recipe of the Python docs on SIGPIPE)."""
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)


def _stop_resource_tracker() -> None:
    """End multiprocessing's resource tracker (started with the AI worker or a pool) now.

    It is a child of ours that otherwise quits only once we have exited, and then waits as a
    zombie for the system to reap it: a process left behind. Every worker and pool is closed by
    the time a command returns, so nothing of ours still needs it."""
    module = sys.modules.get("multiprocessing.resource_tracker")
    tracker = getattr(module, "_resource_tracker", None)
    if tracker is None or getattr(tracker, "_pid", None) is None:
        return
    with contextlib.suppress(Exception):
        tracker._stop()
