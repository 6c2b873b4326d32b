"""``python -m game kiosk`` with its flags: the locked kiosk (the supervisor, or its child),
the tryout in a window, the soak (``scenes.kiosk.soak``), the stats and the screenshots."""

from __future__ import annotations

import dataclasses
import logging
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pygame

from game.core.match import Match, Seat
from game.core.registry import get_rules
from game.kiosk import (
    CONFIG_ENV,
    EXIT_REFUSED,
    KioskConfig,
    load_config,
    log_to_stderr,
    open_organiser_log,
    read_config,
    stats_from_log,
    supervise,
)
from scenes.engine import input as intents
from scenes.engine.app import FPS
from scenes.engine.input import Intent
from scenes.kiosk.controller import (
    FakeClock,
    build_kiosk,
    run_kiosk,
)
from scenes.table import launch as tables

log = logging.getLogger("kotatsu.kiosk")


# ----- screenshots ------------------------------------------------------------------------------------
def take_screenshots(out_dir: Path, config: KioskConfig | None = None, lang: str = "ja") -> list[Path]:
    """Attract mode, the "Still playing?" warning and the PIN pad, rendered headless to PNGs."""
    config = dataclasses.replace(config or KioskConfig(), language=lang)
    clock = FakeClock()
    controller = build_kiosk(config, headless=True, clock=clock, wall=clock)
    app = controller.app
    controller.start()
    out_dir.mkdir(exist_ok=True)
    paths = []

    def run(seconds: float) -> None:
        for _ in range(int(seconds * FPS)):
            clock.advance(1 / FPS)
            app.step(1 / FPS)

    def save(name: str) -> None:
        path = out_dir / f"kiosk_{name}.png"
        pygame.image.save(app.screen, str(path))
        paths.append(path)

    clock.advance(config.attract_after + 1)
    run(8.0)  # the demo deals and plays a few moves
    save("attract")
    app.step(0.0, [Intent(intents.PRESS, (960, 540), touch=True), Intent(intents.RELEASE, (960, 540), touch=True)])
    game_id = controller.offered[0]
    rules = get_rules(game_id)
    players = min(rules.max_players, max(rules.min_players, 3))
    seats = [Seat("human")] + [Seat("ai", "normal") for _ in range(players - 1)]
    tables.open_table(app, Match(game_id, seats, seed=7))
    run(4.0)
    clock.advance(config.still_playing_after + 1)
    run(config.countdown * 0.35)
    save("still_playing")
    app.step(0.0, [Intent(intents.PRESS, (960, 540), touch=True), Intent(intents.RELEASE, (960, 540), touch=True)])
    controller.lock.open_pin_pad()
    assert controller.lock.pin_pad is not None
    for digit in "13":
        controller.lock.pin_pad.press_digit(digit)
    app.step(1 / FPS)
    save("pin_pad")
    app.close()
    return paths


# ----- the command ----------------------------------------------------------------------------------
def run_command(args: Any) -> int:
    """``python -m game kiosk``: the supervisor, or (with flags) its child, a soak, the stats or
    the screenshots (here, not in game/kiosk.py, because all but the supervisor need the screen).
    ``args`` has config, child, windowed, soak, stats, screenshots, json.

    The locked kiosk (the supervisor and ``--child``) fails closed: a config it cannot trust
    with the exit PIN is one line on stderr and exit code 2 (``EXIT_REFUSED``). The tryouts
    (``--windowed``, ``--soak``, ``--screenshots``, ``--stats``) warn and use the defaults."""
    if args.child or not (args.stats or args.soak or args.screenshots or args.windowed):
        return _run_locked(args)
    config, warnings = load_config(args.config)
    if args.stats:
        _print_warnings(warnings)
        print(stats_from_log(config).as_text())
        return 0
    if args.soak:
        _print_warnings(warnings)
        return _soak(config, args.soak, as_json=args.json, taps=getattr(args, "taps", False))
    if args.screenshots:
        _print_warnings(warnings)
        return _screenshots(args.screenshots, config)
    with open_organiser_log(config):  # --windowed: a tryout, its log on stderr and in the file
        for warning in warnings:
            log.warning("%s", warning)
        return run_kiosk(config, windowed=True)


def _run_locked(args: Any) -> int:
    """The supervisor, or its child (``--child``), with the config checked fail-closed. The
    child reads the config the supervisor checked (``CONFIG_ENV``) rather than the file."""
    snapshot = os.environ.get(CONFIG_ENV) if args.child else None
    report = read_config(args.config, text=snapshot)
    if report.refusal is not None:
        print(f"kotatsu kiosk: {report.refusal}", file=sys.stderr)
        return EXIT_REFUSED
    if args.child:  # the supervisor already logged the warnings; our stderr goes to its log
        log_to_stderr()
        return run_kiosk(report.config)
    return supervise(args.config, report.config, report.warnings, text=report.text)


def _screenshots(out_dir: Path, config: KioskConfig) -> int:
    """``--screenshots DIR``: the pictures, or one line and exit code 2 when DIR is not a folder
    that can be written (its parent must exist; DIR itself is made if needed)."""
    problem = _unwritable_folder(out_dir)
    if problem is None:
        try:
            for path in take_screenshots(out_dir, config, lang=config.language):
                print(path)
            return 0
        except (OSError, pygame.error) as error:
            problem = str(error)
    print(f"kotatsu kiosk: --screenshots {out_dir}: {problem}", file=sys.stderr)
    return EXIT_REFUSED


def _unwritable_folder(folder: Path) -> str | None:
    """Why pictures cannot be written into ``folder`` (made here if its parent exists), or None."""
    import tempfile

    if folder.exists() and not folder.is_dir():
        return "not a folder"
    if not folder.parent.is_dir():
        return f"{folder.parent} is not a folder (it is not made for you)"
    try:
        folder.mkdir(exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as error:
        return f"cannot be written ({error.strerror or error})"
    return None


def _print_warnings(warnings: Sequence[str]) -> None:
    """Config problems, one line each, on stderr."""
    for warning in warnings:
        print(f"kotatsu kiosk: {warning}", file=sys.stderr)


def _soak(config: KioskConfig, games: int, *, as_json: bool, taps: bool = False) -> int:
    """Run the soak (``scenes.kiosk.soak``) and print its figures; exit 1 if any demo failed,
    fewer games than asked were played or a visitor's tap did not land."""
    import json

    from scenes.kiosk import soak as kiosk_soak

    def progress(done: int, total: int) -> None:
        """One update, ended by a carriage return: the next one writes over it."""
        if not as_json:
            print(f"{done}/{total} attract games", end="\r", file=sys.stderr, flush=True)

    figures = kiosk_soak.run_soak(config, games, progress=progress, taps=taps)
    if not as_json:
        print(file=sys.stderr)
    if as_json:
        print(json.dumps(figures, indent=1))
    else:
        for key, value in figures.items():
            print(f"{key}: {value:.1f}" if isinstance(value, float) else f"{key}: {value}")
    missed = figures.get("taps", 0) - figures.get("taps_landed", 0)
    return 0 if figures["errors"] == 0 and figures["games"] >= games and missed == 0 else 1
