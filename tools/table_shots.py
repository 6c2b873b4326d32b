"""Fingerprints of every table's pictures, to prove a refactor changed no pixel.

    python tools/table_shots.py before.json            # on the old code
    python tools/table_shots.py after.json --against before.json --pngs /tmp/diff

For each game, each player count and both languages it renders, headless and seeded:

- still tables after 0, 7, 25 and all moves (instant animations), with a hand card picked up
  by the keyboard, and with the help panel opened by its key;
- a live table: every seat an AI (easy and normal, answered in-process, so the run is the same
  every time) at normal animation speed for ten seconds, one fingerprint every fifth frame:
  deals, slides, flips, dice and the cat's hops as the effects play them.

Each fingerprint is the SHA-256 of the frame's RGB bytes. ``--against`` compares with an earlier
run, lists what differs and (with ``--pngs``) saves those frames as PNGs to look at.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame

from game.core.match import Match, Seat
from game.core.registry import available_games, get_rules
from game.core.settings import Settings
from scenes import routes
from scenes.engine.app import App
from scenes.engine.input import NAV, Intent
from scenes.table.launch import make_scene
from scenes.table.saver import NullSaver
from scenes.tools.shot import play_moves

STILL_MOVES = (0, 7, 25, 10_000)
LIVE_FRAMES = 600
LIVE_EVERY = 5
DT = 1 / 60

Shot = tuple[str, Callable[[], pygame.Surface]]


def fingerprint(surface: pygame.Surface) -> str:
    """SHA-256 of the frame's RGB bytes."""
    return hashlib.sha256(pygame.image.tobytes(surface, "RGB")).hexdigest()


def _press_key(app: App, key: int) -> None:
    """A key press through SDL's queue, as a person's would come."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    app.step(DT)


def still_frames(game_id: str, players: int, lang: str, moves: int) -> Iterator[tuple[str, pygame.Surface]]:
    """The table after ``moves`` moves: settled, with a card picked up, with the help open."""
    routes.install()
    app = App(Settings(language=lang, anim_speed="instant", sound=False), headless=True)
    try:
        match = Match(game_id, [Seat("human")] + [Seat("ai", "normal")] * (players - 1), seed=players * 31 + moves)
        played = play_moves(match, moves, seed=moves)
        scene = make_scene(app, match, viewer=0)
        scene.saver = NullSaver()
        app.push(scene)
        for _ in range(90):
            app.step(DT)
        name = f"{game_id}/{players}p/{lang}/still{moves}-{played}"  # asked-played: a short game ends early
        yield f"{name}/settled", app.screen
        app.step(DT, feed=[Intent(NAV, dx=1)])
        for _ in range(10):
            app.step(DT)
        yield f"{name}/held", app.screen
        _press_key(app, pygame.K_h)
        for _ in range(30):
            app.step(DT)
        yield f"{name}/help", app.screen
    finally:
        app.close()


def live_frames(game_id: str, players: int, lang: str) -> Iterator[tuple[str, pygame.Surface]]:
    """Ten seconds of an all-AI table at normal speed, every fifth frame."""
    routes.install()
    app = App(Settings(language=lang, anim_speed="normal", sound=False), headless=True)
    try:
        seats = [Seat("ai", "easy" if seat % 2 else "normal") for seat in range(players)]
        match = Match(game_id, seats, seed=players * 17 + 1)
        scene = make_scene(app, match, viewer=0, ai_enabled=True)
        scene.saver = NullSaver()
        app.push(scene)
        for frame in range(LIVE_FRAMES):
            app.step(DT)
            if frame % LIVE_EVERY == 0:
                yield f"{game_id}/{players}p/{lang}/live{frame:03d}", app.screen
    finally:
        app.close()


def all_frames(games: list[str]) -> Iterator[tuple[str, pygame.Surface]]:
    """Every frame this tool fingerprints, named."""
    for game_id in games:
        rules = get_rules(game_id)
        for players in range(rules.min_players, rules.max_players + 1):
            for lang in ("ja", "en"):
                for moves in STILL_MOVES:
                    yield from still_frames(game_id, players, lang, moves)
                yield from live_frames(game_id, players, lang)


def main() -> int:
    """Fingerprint, save, and compare with an earlier run if asked."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--against", type=Path)
    parser.add_argument("--pngs", type=Path, help="save the frames that differ here")
    parser.add_argument("--game", action="append", help="only these games (default: all)")
    args = parser.parse_args()
    earlier = json.loads(args.against.read_text()) if args.against else None
    games = args.game or list(available_games())
    prints: dict[str, str] = {}
    differ: list[str] = []
    for name, surface in all_frames(games):
        prints[name] = fingerprint(surface)
        if earlier is not None and earlier.get(name) != prints[name]:
            differ.append(name)
            if args.pngs:
                path = args.pngs / (name.replace("/", "_") + ".png")
                path.parent.mkdir(parents=True, exist_ok=True)
                pygame.image.save(surface, str(path))
    args.out.write_text(json.dumps(prints, indent=0, sort_keys=True))
    print(f"{len(prints)} frames fingerprinted into {args.out}")
    if earlier is not None:
        missing = sorted(name for name in set(earlier) - set(prints) if name.split("/")[0] in games)
        print(f"{len(differ)} differ, {len(missing)} missing" + (": " + ", ".join((differ + missing)[:20])
                                                                  if differ or missing else ""))
        return 1 if differ or missing else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
