"""Frame-time bench: a seeded AI-vs-AI match on the real table, animations at normal speed, the
AI thinking in its worker process with real budgets (every seat "hard", so a search runs during
most frames), shown at a window size (1920x1080 unless asked). Frame time is the duration of
``App.step`` plus getting the frame to that size: in a real window (when there is a display) SDL
scales it as part of the step; headless the bench scales it in software (``window_picture``).

    SDL_VIDEODRIVER=dummy python -m scenes.tools.bench neko 4 20

prints p50/p95/p99/max in milliseconds, over all frames and over the frames during which the AI
was thinking, plus the same figures in CPU time of the whole process (``cpu_``: every thread, SDL's
included, without time lost to other processes on a busy machine) and its share of a core over
the run (``process_cpu_pct``). Frames are paced at 60 Hz like the real loop, so the AI gets the same
wall time. ``animating_`` covers the frames the app drew (a lazy window skips still ones).

In a window the run ends with a floor measured the same way: a bare SCALED window of the same
size that fills its canvas and flips at 60 Hz (``floor_``), and the app's animating p50/p99 as a
ratio to it (``ratio_p50``, ``ratio_p99``; ``cpu_ratio_`` the same in CPU time per frame).

``bench_idle`` measures the other end: the share of a core the app takes in a real window while
nothing moves (the title, the setup, a still table of each game, the results).

With ``hint`` seat 0 is a person who asks for a hint on each of their turns and plays its best
move once it comes (``keep_hinting``): the hint's advice runs in its own worker process, and the
``hint_`` figures cover the frames during which it was being worked out.
"""

from __future__ import annotations

import errno
import os
import resource
import sys
import tempfile
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.core.registry import GAME_IDS
from scenes import routes

if TYPE_CHECKING:
    import pygame

    from scenes.engine.app import App

FPS = 60
WARMUP_FRAMES = 30
HEADLESS_SCALING = "software smoothscale (headless)"
FLOOR_SECONDS = 3.0  # the bare window's run (at most the app's)
SETTLE_LIMIT = 12.0  # seconds a scene of the idle bench may take to come to rest
GAMES = GAME_IDS  # every game, in the title's order


def process_cpu() -> float:
    """CPU seconds this whole process has used so far (every thread: the main one, SDL's, the
    saver's), user and system."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def percentile(values: list[float], pct: float) -> float:
    """The ``pct`` percentile of ``values`` (nearest rank on the sorted list); 0 when empty."""
    if not values:
        return 0.0
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(pct / 100.0 * (len(ordered) - 1))))
    return ordered[index]


def summarize(times: list[float], prefix: str = "") -> dict[str, float]:
    """p50/p95/p99/max of ``times`` (seconds) in milliseconds, keys prefixed with ``prefix``."""
    return {
        f"{prefix}p50_ms": round(percentile(times, 50) * 1000, 3),
        f"{prefix}p95_ms": round(percentile(times, 95) * 1000, 3),
        f"{prefix}p99_ms": round(percentile(times, 99) * 1000, 3),
        f"{prefix}max_ms": round(max(times, default=0.0) * 1000, 3),
    }


def _new_table(app: Any, game_id: str, players: int, seed: int, moves: int = 0, hint: bool = False) -> Any:
    """A fresh all-AI match (seat 0 a person with ``hint``) on its table, shown from seat 0, with the AI in a worker process;
    up to ``moves`` seeded random moves are played first (a full table: walls grown, hands
    played), never the one that would end the match: a finished table has nothing left to play."""
    import random

    from game.core.match import Match, Seat

    seats = [Seat("human") if hint and seat == 0 else Seat("ai", "hard") for seat in range(players)]
    match = Match(game_id, seats, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        seat = match.to_move()[0]
        action = rng.choice(match.legal_actions(seat))
        trial = match.rules.clone(match.state)
        match.rules.apply(trial, seat, action)
        if match.rules.is_over(trial):
            break
        match.apply(seat, action)
    from scenes.table.registry import make_table
    from scenes.table.saver import NullSaver

    scene = make_table(app, match, viewer=0, worker_inline=False)
    scene.saver = NullSaver()  # a bench never touches the player's autosave
    return scene


def bench_frames(game_id: str, players: int, seconds: float, seed: int, moves: int = 0,
                 size: tuple[int, int] | None = None, hint: bool = False) -> dict[str, Any]:
    """Play for ``seconds`` of wall time and return frame-time figures (see the module doc),
    starting ``moves`` random moves into the first match, shown at window ``size`` (by default
    the canvas's own, 1920x1080); with ``hint`` seat 0 keeps asking for hints (see the module doc).

    With a display (``scenes.engine.window.display_available``) the table runs in a real window of that
    size and a frame includes SDL scaling the canvas into it (vsync off: the bench paces itself).
    Headless, a frame includes scaling the canvas into a picture of that size the way a software
    renderer would (``window_picture``: smoothscale into the letterbox). ``scaling`` says which."""
    from scenes.engine import window

    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    size = window.LOGICAL if size is None else (int(size[0]), int(size[1]))
    windowed = window.display_available()
    if windowed:
        os.environ.setdefault("SDL_RENDER_VSYNC", "0")  # flip must not wait: frames are paced below
    else:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    app, present = _open_app(size, windowed)
    try:
        figures: dict[str, Any] = {"game": game_id, "players": players, "seconds": seconds, "seed": seed,
                                   "size": list(size), "hint": hint}
        figures.update(_shown_at(size, windowed))
        figures.update(_measure(app, game_id, players, seconds, seed, moves, present, hint))
        if windowed:
            box = window.current_box()
            figures["window_size"] = list(box[2:]) if box is not None else None
    finally:
        app.close()
    if windowed:
        figures.update(bench_floor(size, min(seconds, FLOOR_SECONDS)))
        for pct in ("p50", "p99"):  # wall time of the frames drawn, and CPU (steadier on a busy machine)
            figures[f"ratio_{pct}"] = _ratio(figures[f"animating_{pct}_ms"], figures[f"floor_{pct}_ms"])
            figures[f"cpu_ratio_{pct}"] = _ratio(figures[f"animating_cpu_{pct}_ms"], figures[f"floor_cpu_{pct}_ms"])
    return figures


def _ratio(value: float, floor: float) -> float | None:
    """``value`` as a multiple of ``floor`` (None without a floor)."""
    return round(value / floor, 3) if floor else None


def _bare_window(size: tuple[int, int]) -> pygame.Surface:
    """A plain SCALED window of the logical size shown at ``size`` (no app, no scenes)."""
    import pygame

    from scenes.engine import window

    pygame.init()
    screen = pygame.display.set_mode(window.LOGICAL, pygame.SCALED | pygame.RESIZABLE)
    usable_x, usable_y, usable_w, usable_h = window.usable_areas()[0]
    window.place((usable_x + max(0, (usable_w - size[0]) // 2), usable_y + max(0, (usable_h - size[1]) // 2), *size))
    window.scale_freely()
    return screen


def bench_floor(size: tuple[int, int], seconds: float) -> dict[str, float]:
    """The least a frame costs in a window here: a bare SCALED window of ``size`` filling its
    canvas and flipping, paced at 60 Hz; p50/p99 in milliseconds and the process's share of a core."""
    import pygame

    screen = _bare_window(size)
    times: list[float] = []
    cpu: list[float] = []
    try:
        for frame in range(WARMUP_FRAMES):
            pygame.event.pump()
            screen.fill((40, 60 + frame % 2, 80))
            pygame.display.flip()
        cpu_began, began_run = process_cpu(), time.perf_counter()
        while time.perf_counter() - began_run < seconds:
            began, frame_cpu = time.perf_counter(), process_cpu()
            pygame.event.pump()
            screen.fill((40, 60 + len(times) % 2, 80))
            pygame.display.flip()
            times.append(time.perf_counter() - began)
            cpu.append(process_cpu() - frame_cpu)
            spare = 1 / FPS - (time.perf_counter() - began)
            if spare > 0:
                time.sleep(spare)
        share = (process_cpu() - cpu_began) / max(1e-9, time.perf_counter() - began_run)
    finally:
        pygame.quit()
    return {"floor_frames": len(times), "floor_p50_ms": round(percentile(times, 50) * 1000, 3),
            "floor_p99_ms": round(percentile(times, 99) * 1000, 3), "floor_cpu_pct": round(share * 100, 1),
            "floor_cpu_p50_ms": round(percentile(cpu, 50) * 1000, 3),
            "floor_cpu_p99_ms": round(percentile(cpu, 99) * 1000, 3)}


def _open_app(size: tuple[int, int], windowed: bool) -> tuple[App, Callable[[], object]]:
    """The app, and what shows a frame after each step: nothing in a real window (its flip is
    part of the step), else the canvas scaled into a reused picture of ``size``."""
    import pygame

    from game.core.settings import Settings
    from scenes.engine import window
    from scenes.engine.app import App

    settings = Settings(language="ja", anim_speed="normal", sound=False)
    if not windowed:
        routes.install()
        app = App(settings, headless=True)
        window.mark_text_for(size)  # text marked as in a real window of that size
        picture = pygame.Surface(size, 0, app.screen)
        return app, lambda: window.window_picture(app.screen, size, into=picture)
    routes.install()
    app = App(settings, headless=False)
    app.locked = True  # a bench never writes the person's settings (the window's place)
    usable_x, usable_y, usable_w, usable_h = window.usable_areas()[0]
    window.place((usable_x + max(0, (usable_w - size[0]) // 2), usable_y + max(0, (usable_h - size[1]) // 2),
                  *size))
    window.scale_freely()
    return app, lambda: None


def _shown_at(size: tuple[int, int], windowed: bool) -> dict[str, Any]:
    """How the frames reach the screen, for the figures."""
    from scenes.engine import window

    if windowed:
        return {"scaling": "window", "renderer": window.renderer_name() or "unknown", "vsync": "off"}
    return {"scaling": HEADLESS_SCALING, "content_box": list(window.content_box(size))}


def keep_hinting(scene: Any) -> bool:
    """Seat 0's person on a bench table: ask for a hint on their turn, play its best move once it
    has come; True while a hint is being worked out."""
    if scene.hint_ticket is not None:
        return True
    if scene.hint_advice is not None:
        scene.attempt(scene.hint_advice.best.action)
    elif scene.hint_shown() and scene.idle():
        scene.press_hint()
    return scene.hint_ticket is not None


def _measure(app: Any, game_id: str, players: int, seconds: float, seed: int, moves: int,
             present: Callable[[], object], hint: bool = False) -> dict[str, Any]:
    """The frames: warm up, then step (and ``present``) at 60 Hz for ``seconds``, a new match
    whenever one ends; their times over all frames, the thinking ones, the hinting ones (with
    ``hint``) and in CPU time."""
    matches = 1
    scene = _new_table(app, game_id, players, seed, moves, hint)
    app.push(scene)
    for _ in range(WARMUP_FRAMES):
        app.step(1 / FPS)
        present()
    times: list[float] = []
    thinking: list[float] = []
    hinting: list[float] = []
    animating: list[float] = []
    animating_cpu: list[float] = []
    cpu: list[float] = []
    skipped = moves_before = len(scene.match.log)
    moves = 0
    run_cpu, run_began = process_cpu(), time.perf_counter()
    end = run_began + seconds
    while time.perf_counter() < end:
        began = time.perf_counter()
        worker = getattr(app.scenes[0], "worker", None)
        was_thinking = bool(worker is not None and worker.busy)
        was_hinting = hint and app.top is scene and keep_hinting(scene)
        cpu_began, drawn = process_cpu(), app.frames_drawn
        app.step(1 / FPS)
        present()
        cpu.append(process_cpu() - cpu_began)
        times.append(time.perf_counter() - began)
        if app.frames_drawn != drawn:
            animating.append(times[-1])
            animating_cpu.append(cpu[-1])
        if was_thinking:
            thinking.append(times[-1])
        if was_hinting:
            hinting.append(times[-1])
        if app.top is not scene and len(app.scenes) > 1:  # the results are up: next match
            moves += len(scene.match.log) - moves_before
            matches += 1
            scene = _new_table(app, game_id, players, seed + matches, hint=hint)
            app.reset_to(scene)
            moves_before = 0
        spare = 1 / FPS - (time.perf_counter() - began)
        if spare > 0:
            time.sleep(spare)
    moves += len(scene.match.log) - moves_before
    share = (process_cpu() - run_cpu) / max(1e-9, time.perf_counter() - run_began)
    figures: dict[str, Any] = {"skipped_moves": skipped, "frames": len(times), "thinking_frames": len(thinking),
                               "moves": moves, "matches": matches, "animating_frames": len(animating),
                               "process_cpu_pct": round(share * 100, 1)}
    figures.update(summarize(times))
    figures.update(summarize(animating, "animating_"))
    figures.update(summarize(animating_cpu, "animating_cpu_"))
    figures.update(summarize(thinking, "thinking_"))
    if hint:
        figures["hint_frames"] = len(hinting)
        figures.update(summarize(hinting, "hint_"))
    figures.update(summarize(cpu, "cpu_"))
    return figures


# ----- idle: what a still screen costs in a window ----------------------------------------------

def bench_idle(seconds: float = 5.0, size: tuple[int, int] | None = None,
               scenes: tuple[str, ...] | None = None) -> dict[str, Any]:
    """The share of a core (the whole process, every thread) the app takes in a real window of
    ``size`` over ``seconds`` of each still screen: the title, the setup, a still table of each game
    with the person to move, the results. Each screen first comes to rest (its animations end);
    then the real loop runs (``App.loop``'s pacing) and nothing touches it. Needs a display: the
    figure is about a window. The person's files are never touched (a throwaway data folder)."""
    from scenes.engine import window

    if not window.display_available():
        raise OSError(errno.ENODEV, "needs a display to open a window in (DISPLAY unset or unreachable)", "bench idle")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["KOTATSU_HOME"] = tempfile.mkdtemp(prefix="kotatsu-bench-")  # Results clears the autosave
    size = window.LOGICAL if size is None else (int(size[0]), int(size[1]))
    app, _ = _open_app(size, True)
    figures: dict[str, Any] = {"seconds": seconds, "size": list(size), "renderer": window.renderer_name() or "unknown"}
    try:
        for name in scenes or idle_scene_names():
            _show_idle_scene(app, name)
            rested = _settle(app)
            figures[name] = _measure_idle(app, seconds) | {"came_to_rest": rested}
    finally:
        app.close()
    return figures


def idle_scene_names() -> tuple[str, ...]:
    """The screens ``bench_idle`` measures, in order."""
    return ("title", "setup", *(f"table_{game_id}" for game_id in GAMES), "results")


def _show_idle_scene(app: Any, name: str) -> None:
    """Put the screen ``name`` up alone (``table_<game>``: a still table, the person to move)."""
    from scenes.menus.setup import Setup
    from scenes.menus.title import Title

    if name == "title":
        app.reset_to(Title(app))
    elif name == "setup":
        app.reset_to(Setup(app, "neko"))
    elif name == "results":
        from scenes.menus.results import Results

        table = _still_table(app, "neko", finished=True)
        app.reset_to(table)
        app.push(Results(app, table.match))
    else:
        app.reset_to(_still_table(app, name.removeprefix("table_")))


def _still_table(app: Any, game_id: str, finished: bool = False) -> Any:
    """A table of ``game_id`` a few moves in with the person (seat 0) to move, or played to its end."""
    import random

    from game.core.match import Match, Seat
    from game.core.registry import get_rules
    from scenes.table.saver import NullSaver

    rules = get_rules(game_id)
    players = max(rules.min_players, min(rules.max_players, 3))
    match = Match(game_id, [Seat("human")] + [Seat("ai", "easy")] * (players - 1), 7)
    rng = random.Random(7)
    while not match.is_over() and (finished or 0 not in match.to_move() or len(match.log) < 6):
        seat = match.to_move()[0]
        match.apply(seat, rng.choice(match.legal_actions(seat)))
    from scenes.table.registry import make_table

    scene = make_table(app, match, viewer=0, ai_enabled=False)
    scene.saver = NullSaver()  # a bench never touches the player's autosave
    if finished:
        scene.finished = True
    return scene


def _settle(app: Any) -> bool:
    """Run the loop until the screen has stood still for a second (True) or ``SETTLE_LIMIT``."""
    still_since = None
    end = time.perf_counter() + SETTLE_LIMIT
    while time.perf_counter() < end:
        app.step(min(app.clock.tick(FPS) / 1000.0, 0.1))
        now = time.perf_counter()
        if app.frame_rate() > 0:
            still_since = None
        elif still_since is None:
            still_since = now
        elif now - still_since >= 1.0:
            return True
    return False


def _measure_idle(app: Any, seconds: float) -> dict[str, Any]:
    """``seconds`` of the real loop: the process's share of a core and the frames shown."""
    drawn = app.frames_drawn
    cpu_began, began = process_cpu(), time.perf_counter()
    while time.perf_counter() - began < seconds:
        app.step(min(app.clock.tick(FPS) / 1000.0, 0.1))
    elapsed = time.perf_counter() - began
    return {"cpu_pct": round((process_cpu() - cpu_began) / elapsed * 100, 2),
            "frames_shown": app.frames_drawn - drawn}


def main(argv: list[str] | None = None) -> int:
    """``python -m scenes.tools.bench [game] [players] [seconds] [seed]``: print the figures."""
    from game.core import stop

    stop.install()  # SIGTERM/SIGINT end the bench (SDL would turn them into an ignored window-close)
    args = list(sys.argv[1:] if argv is None else argv)
    game_id = args[0] if args else "neko"
    players = int(args[1]) if len(args) > 1 else 4
    seconds = float(args[2]) if len(args) > 2 else 20.0
    seed = int(args[3]) if len(args) > 3 else 1
    try:
        figures = bench_frames(game_id, players, seconds, seed)
    except stop.Stopped as stopped:
        return stopped.exit_code
    for key, value in figures.items():
        print(f"{key:>20}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
