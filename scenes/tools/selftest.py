"""``kotatsu --selftest``: prove that this install or frozen build has everything it needs.

Headless, it loads every asset and both font faces (and checks that they have a glyph for every
character of the ja/en catalogues), synthesizes every sound, renders the title and one frame of
each game's table, plays a short seeded AI-vs-AI match of each game (with one Hard decision and a
save/replay round trip), and asks the AI worker process for one move, which in a frozen build
proves that ``multiprocessing`` can start the app again as its child. Every check runs even when
an earlier one failed; the exit code is 0 only if all of them passed.

Everything on screen is imported inside the checks, so ``game`` stays free of pygame until the
self-test actually runs.
"""

from __future__ import annotations

import json
import os
import random
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, TextIO

from game import __version__
from game.core.registry import available_games, get_rules
from game.core.storage import asset_path
from scenes import routes

SEED = 8  # every check is seeded: a failure can be rerun exactly
TABLE_MOVES = 6  # AI moves before the table frame, so cards are in play
SETTLE_FRAMES = 30  # frames stepped before the table frame is judged
MIN_COLOURS = 12  # a real frame has many colours; a blank or failed draw has one or two
MATCH_ACTION_CAP = 20_000  # a match that has not ended by then is stuck
HARD_BUDGET = 0.05  # seconds for the one Hard (ISMCTS) decision per game
NOT_IN_ANY_FONT = "\U0010fffd"  # a private-use code point: every font draws its "missing glyph"
WORKER_TIMEOUT = 60.0  # seconds for the AI child process to start and answer


@dataclass(frozen=True)
class CheckResult:
    """How one check went."""

    name: str
    ok: bool
    detail: str
    seconds: float


def build_kind() -> str:
    """``source`` or ``installed`` when run by Python, ``frozen`` inside a pyinstaller build."""
    if getattr(sys, "frozen", False):
        return "frozen"
    package = os.path.dirname(os.path.abspath(__file__))
    return "installed" if "site-packages" in package.split(os.sep) else "source"


# ----- the checks ---------------------------------------------------------------------------------
def check_assets() -> str:
    """The assets folder exists and every file in it can be read."""
    root = asset_path()
    if not root.is_dir():
        raise FileNotFoundError(f"no assets folder at {root}")
    files = sorted(path for path in root.rglob("*") if path.is_file())
    if not files:
        raise FileNotFoundError(f"the assets folder {root} is empty")
    size = sum(len(path.read_bytes()) for path in files)
    return f"{len(files)} files, {size / 1e6:.1f} MB in {root}"


def check_fonts() -> str:
    """Both bundled faces load and have a glyph for every character of every catalogue text."""
    import pygame

    from game.i18n import all_texts
    from scenes.engine.fonts import font_file

    pygame.font.init()
    characters = sorted({char for text in all_texts() for char in text if not char.isspace()})
    for bold in (False, True):
        path = font_file(bold)
        if not path.is_file():
            raise FileNotFoundError(f"font file missing: {path}")
        face = pygame.font.Font(str(path), 24)
        missing_box = _drawing(face, NOT_IN_ANY_FONT)
        missing = [char for char in characters if _drawing(face, char) == missing_box]
        if missing:
            raise ValueError(f"{path.name} has no glyph for {''.join(missing[:20])!r} (run tools/subset_fonts.py)")
        if face.render("こたつ Kotatsu", True, (0, 0, 0)).get_width() < 50:
            raise ValueError(f"{path.name} renders nothing")
    return f"2 faces cover the {len(characters)} characters of the ja/en catalogues"


def _drawing(face: Any, char: str) -> bytes:
    """How ``face`` draws ``char``, as bytes. pygame gives metrics even for characters a font
    lacks, so a missing glyph is found by comparing with the drawing of a surely absent one."""
    import pygame

    surface = face.render(char, False, (255, 255, 255), (0, 0, 0))
    return repr(surface.get_size()).encode() + pygame.image.tobytes(surface, "RGB")


def check_catalogues() -> str:
    """Both languages load with the same keys."""
    from game.i18n import LANGUAGES, catalogue

    keys = {lang: set(catalogue(lang)) for lang in LANGUAGES}
    first, *others = LANGUAGES
    for lang in others:
        if keys[lang] != keys[first]:
            differ = sorted(keys[lang] ^ keys[first])[:5]
            raise ValueError(f"{first} and {lang} catalogues differ, e.g. {', '.join(differ)}")
    return f"{', '.join(LANGUAGES)}: {len(keys[first])} keys each"


def check_sounds() -> str:
    """Every sound synthesizes to sane samples and, when a mixer opens, becomes a playable Sound."""
    import math

    import pygame

    from scenes.engine.audio import SOUND_NAMES, Audio, alsa_quiet, synthesize

    for name in SOUND_NAMES:
        samples = synthesize(name)
        if not samples or not all(math.isfinite(value) and abs(value) <= 1.0 for value in samples):
            raise ValueError(f"sound {name!r} synthesized empty or out-of-range samples")
    with alsa_quiet():  # no sound card: no ALSA noise
        pygame.init()
    try:
        audio = Audio(enabled=True)
        if audio.available:
            silent = [name for name in SOUND_NAMES if audio.sound(name) is None]
            if silent:
                raise ValueError(f"the mixer could not make {', '.join(silent)}")
        mixer = "mixer open" if audio.available else "no audio device"
    finally:
        pygame.quit()
    return f"{len(SOUND_NAMES)} sounds ({mixer})"


def _headless_app() -> Any:
    """A headless app with instant animations and no sound."""
    from game.core.settings import Settings
    from scenes.engine.app import App

    routes.install()
    return App(Settings(language="ja", anim_speed="instant", sound=False), headless=True)


def _judge_frame(app: Any, what: str) -> str:
    """Step the app, then make sure the screen shows a real picture, not a blank."""
    for _ in range(SETTLE_FRAMES):
        app.step(1 / 60)
    import pygame

    small = pygame.transform.scale(app.screen, (96, 54))
    colours = {tuple(small.get_at((x, y))) for x in range(96) for y in range(54)}
    if len(colours) < MIN_COLOURS:
        raise ValueError(f"the {what} frame looks blank ({len(colours)} colours)")
    return f"{app.screen.get_width()}x{app.screen.get_height()}, {len(colours)} colours"


def check_title() -> str:
    """The title screen draws."""
    from scenes.menus.title import Title

    app = _headless_app()
    try:
        app.push(Title(app))
        return _judge_frame(app, "title")
    finally:
        app.close()


def check_table(game_id: str) -> str:
    """One frame of the game's table after a few seeded AI moves."""
    from game.core.match import Match, Seat
    from scenes.table.launch import make_scene
    from scenes.tools.shot import play_moves

    rules = get_rules(game_id)
    seats = [Seat("human")] + [Seat("ai", "normal") for _ in range(rules.min_players - 1)]
    app = _headless_app()
    try:
        match = Match(game_id, seats, seed=SEED)
        played = play_moves(match, TABLE_MOVES, SEED)
        app.push(make_scene(app, match, viewer=0))
        return f"{rules.min_players} players, {played} moves, " + _judge_frame(app, f"{game_id} table")
    finally:
        app.close()


def check_match(game_id: str) -> str:
    """A seeded Normal-vs-Easy match to its end, one Hard decision, and a save/replay round trip."""
    from game.ai.base import make_agent
    from game.core.match import Match, Seat

    rules = get_rules(game_id)
    levels = [("normal", "easy")[seat % 2] for seat in range(rules.min_players)]
    match = Match(game_id, [Seat("ai", level) for level in levels], seed=SEED)
    hard = make_agent(game_id, "hard")
    seat = match.to_move()[0]
    legal = match.legal_actions(seat)
    if hard.choose(match.observe(seat), legal, random.Random(SEED), HARD_BUDGET) not in legal:
        raise ValueError("the Hard AI chose an illegal action")
    agents = {level: make_agent(game_id, level) for level in set(levels)}
    rng = random.Random(SEED)
    while not match.is_over():
        if len(match.log) >= MATCH_ACTION_CAP:
            raise RuntimeError(f"the match has not ended after {MATCH_ACTION_CAP} actions")
        seat = match.to_move()[0]
        action = agents[levels[seat]].choose(match.observe(seat), match.legal_actions(seat), rng, 0.0)
        match.apply(seat, action)
    result = rules.result(match.state)
    if len(result.scores) != rules.min_players:
        raise ValueError(f"the result has {len(result.scores)} scores for {rules.min_players} players")
    Match.from_json(json.loads(match.dumps()), verify=True)  # raises unless the replay matches
    scores = ", ".join(f"{score:g}" for score in result.scores)
    return f"{rules.min_players} players, {len(match.log)} actions, scores {scores}; hard ok; replay ok"


def check_records(game_id: str) -> str:
    """The local records (SQLite, which a frozen build must carry): a finished match with a
    named person is recorded once and read back, in a throwaway file."""
    from game.core.match import Match, Seat
    from game.core.records import Records

    rules = get_rules(game_id)
    seats = [Seat("human", name="Selftest")] + [Seat("ai", "random")] * (rules.min_players - 1)
    match = Match(game_id, seats, seed=SEED)
    rng = random.Random(SEED)
    while not match.is_over() and len(match.log) < MATCH_ACTION_CAP:
        seat = match.to_move()[0]
        match.apply(seat, rng.choice(match.legal_actions(seat)))
    with tempfile.TemporaryDirectory() as folder:
        records = Records(Path(folder) / "records.sqlite3")
        if records.record_match(match) != 1 or records.record_match(match) != 0:
            raise ValueError("a finished match was not recorded exactly once")
        games = sum(figures.games for figures in records.figures("Selftest"))
    if games != 1:
        raise ValueError(f"the records read back {games} games, not 1")
    return f"{game_id}: recorded once and read back"


def check_worker(game_id: str) -> str:
    """The AI child process starts and answers one request with a legal action."""
    from game.ai.worker import AiWorker
    from game.core.match import Match, Seat

    rules = get_rules(game_id)
    match = Match(game_id, [Seat("ai", "normal") for _ in range(rules.min_players)], seed=SEED)
    seat = match.to_move()[0]
    legal = match.legal_actions(seat)
    worker = AiWorker()
    began = time.perf_counter()
    try:
        worker.request(game_id, "normal", match.observe(seat), legal, SEED, 0.0)
        while time.perf_counter() - began < WORKER_TIMEOUT:
            answered = worker.poll()
            if answered is not None:
                if answered[1] not in legal:
                    raise ValueError("the worker answered an illegal action")
                return f"{game_id}: answered in {time.perf_counter() - began:.2f} s"
            time.sleep(0.01)
        raise TimeoutError(f"no answer from the AI process within {WORKER_TIMEOUT:.0f} s")
    finally:
        worker.close()


def check_lan(game_id: str) -> str:
    """LAN play works in this build: a host in a thread (websockets, the mDNS advertiser, the AI
    process pool) and a bot client over localhost play a whole match to its result."""
    from game.core.match import Seat
    from game.net.client import run_bot
    from game.net.server import start_in_thread

    rules = get_rules(game_id)
    seats = [Seat("human")] + [Seat("ai", "easy")] * (rules.min_players - 1)
    began = time.perf_counter()
    handle = start_in_thread(port=0, advertise=True, name="selftest", host="127.0.0.1", ai_pause=0.0)
    try:
        code = handle.add_table(game_id, seats, seed=SEED)
        result = run_bot(f"127.0.0.1:{handle.port}", code, 0, "random", "selftest")
    finally:
        handle.stop()
    if not result.get("over"):
        raise ValueError("the LAN match did not reach its end")
    return f"{game_id}: a whole match over localhost in {time.perf_counter() - began:.1f} s"


# ----- running them ---------------------------------------------------------------------------------
def plan(games: Sequence[str]) -> list[tuple[str, Callable[[], str]]]:
    """Every check, by name, in the order they run."""
    checks: list[tuple[str, Callable[[], str]]] = [
        ("assets", check_assets),
        ("fonts", check_fonts),
        ("catalogues", check_catalogues),
        ("sounds", check_sounds),
        ("title", check_title),
    ]
    for game_id in games:
        checks.append((f"table {game_id}", partial(check_table, game_id)))
        checks.append((f"match {game_id}", partial(check_match, game_id)))
    if games:
        checks.append(("records", lambda: check_records(games[0])))
        checks.append(("ai worker", lambda: check_worker(games[0])))
        checks.append(("lan", lambda: check_lan(games[0])))
    return checks


def run_check(name: str, check: Callable[[], str]) -> CheckResult:
    """Run one check; a failure becomes a result (its traceback goes to stderr)."""
    began = time.perf_counter()
    try:
        detail = check()
        ok = True
    except Exception as error:  # noqa: BLE001 - the self-test reports every failure, then exits 1
        traceback.print_exc(file=sys.stderr)
        detail = f"{type(error).__name__}: {error}"
        ok = False
    return CheckResult(name, ok, detail, time.perf_counter() - began)


def run_selftest(games: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run every check for ``games`` (default: every available game); 0 if all passed, else 1."""
    out = out or sys.stdout
    games = list(games) if games else list(available_games())
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    print(f"kotatsu-table {__version__} selftest ({build_kind()}), games: {', '.join(games)}", file=out)
    began = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="kotatsu-selftest-") as home:
        previous_home = os.environ.get("KOTATSU_HOME")
        os.environ["KOTATSU_HOME"] = home  # never touch the player's settings and saves
        try:
            results = []
            for name, check in plan(games):
                result = run_check(name, check)
                results.append(result)
                mark = "ok  " if result.ok else "FAIL"
                print(f"{mark}  {name:<16} {result.detail}  ({result.seconds:.2f} s)", file=out, flush=True)
        finally:
            if previous_home is None:
                os.environ.pop("KOTATSU_HOME", None)
            else:
                os.environ["KOTATSU_HOME"] = previous_home
    failed = [result.name for result in results if not result.ok]
    elapsed = time.perf_counter() - began
    if failed:
        print(f"selftest FAILED: {', '.join(failed)} ({elapsed:.1f} s)", file=out)
        return 1
    print(f"selftest passed: {len(results)} checks in {elapsed:.1f} s", file=out)
    return 0
