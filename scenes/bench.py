"""Frame-time bench: a seeded AI-vs-AI match on the real table at 1920x1080, animations at
normal speed, the AI thinking in its worker process with real budgets (every seat "hard", so a
search runs during most frames). Frame time is the duration of ``App.step`` (``app.frame_times``).

    SDL_VIDEODRIVER=dummy python -m scenes.bench neko 4 20

prints p50/p95/p99/max in milliseconds, over all frames and over the frames during which the AI
was thinking, plus the same figures in CPU time of the render thread (``cpu_``: what the frame
itself costs, without time lost to other processes on a busy machine). Frames are paced at 60 Hz
like the real loop, so the AI gets the same wall time.
"""

from __future__ import annotations

import os
import sys
import time
from typing import Any

FPS = 60
WARMUP_FRAMES = 30


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


def _new_table(app: Any, game_id: str, players: int, seed: int, moves: int = 0) -> Any:
    """A fresh all-AI match on its table, shown from seat 0, with the AI in a worker process;
    ``moves`` seeded random moves are played first (a full table: walls grown, hands played)."""
    import importlib
    import random

    from game.core.match import Match, Seat

    match = Match(game_id, [Seat("ai", "hard") for _ in range(players)], seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if match.is_over():
            break
        seat = match.to_move()[0]
        match.apply(seat, rng.choice(match.legal_actions(seat)))
    from scenes.table.saver import NullSaver

    module = importlib.import_module(f"scenes.{game_id}")
    try:
        scene = module.make_table(app, match, viewer=0, worker_inline=False)
    except TypeError:
        scene = module.make_table(app, match)
    scene.saver = NullSaver()  # a bench never touches the player's autosave
    return scene


def bench_frames(game_id: str, players: int, seconds: float, seed: int, moves: int = 0) -> dict[str, Any]:
    """Play for ``seconds`` of wall time and return frame-time figures (see the module doc),
    starting ``moves`` random moves into the first match."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.core.settings import Settings
    from scenes.app import App

    app = App(Settings(language="ja", anim_speed="normal", sound=False), headless=True)
    matches = 1
    try:
        scene = _new_table(app, game_id, players, seed, moves)
        app.push(scene)
        for _ in range(WARMUP_FRAMES):
            app.step(1 / FPS)
        app.frame_times.clear()
        thinking: list[float] = []
        cpu: list[float] = []
        skipped = moves_before = len(scene.match.log)
        moves = 0
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            began = time.perf_counter()
            worker = getattr(app.scenes[0], "worker", None)
            was_thinking = bool(worker is not None and worker.busy)
            cpu_began = time.thread_time()
            app.step(1 / FPS)
            cpu.append(time.thread_time() - cpu_began)
            if was_thinking:
                thinking.append(app.frame_times[-1])
            if app.top is not scene and len(app.scenes) > 1:  # the results are up: next match
                moves += len(scene.match.log) - moves_before
                matches += 1
                scene = _new_table(app, game_id, players, seed + matches)
                app.reset_to(scene)
                moves_before = 0
            spare = 1 / FPS - (time.perf_counter() - began)
            if spare > 0:
                time.sleep(spare)
        moves += len(scene.match.log) - moves_before
        times = list(app.frame_times)
        figures: dict[str, Any] = {"game": game_id, "players": players, "seconds": seconds, "seed": seed,
                                   "skipped_moves": skipped, "frames": len(times), "thinking_frames": len(thinking), "moves": moves,
                                   "matches": matches}
        figures.update(summarize(times))
        figures.update(summarize(thinking, "thinking_"))
        figures.update(summarize(cpu, "cpu_"))
        return figures
    finally:
        app.close()


def main(argv: list[str] | None = None) -> int:
    """``python -m scenes.bench [game] [players] [seconds] [seed]``: print the figures."""
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
