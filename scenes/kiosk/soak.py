"""The kiosk soak: hundreds of attract games in a row, with the memory they take.

``python -m game kiosk --soak GAMES`` plays the organiser's attract rotation with instant
animations and a clock that jumps (no waiting out idle timers), and reports errors, the log's
warnings and the resident memory: after a warm-up, every tenth of the run, at the end and at its
peak. With ``--taps`` a visitor comes by between demos, as at a real event: a tap (mouse and
finger by turns) ends the demo, and every few demos the visitor picks an offered game on the
title, taps Play and Start and walks away, so the "Still playing?" countdown abandons the game. Every tap
goes through SDL's event queue and the app's own input path, and each one is checked to have
landed (the demo ended, the setup opened, the game began). When a display is there, that soak
runs in the config's own window (fullscreen, the cursor hidden as configured, the keyboard
grabbed); without one it runs headless.
"""

from __future__ import annotations

import dataclasses
import logging
import os
import time
from collections.abc import Callable
from typing import Any

import pygame

from game import kiosk as setup_kiosk
from game.kiosk import KioskConfig
from scenes.engine.app import FPS, SIZE, App
from scenes.kiosk.controller import GAME, TITLE, FakeClock, KioskController, build_kiosk
from scenes.kiosk.screens import KioskSetup, LearnOrPlay

FULL_VISIT_EVERY = 5  # demos between two visitors who start a game (the others only tap)
SCREEN_CENTRE = (SIZE[0] // 2, SIZE[1] // 2)


class _LogCounter(logging.Handler):
    """Counts warnings and errors during a soak (and keeps the first few) instead of printing them."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.count = 0
        self.first: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.count += 1
        message = f"{record.name}: {record.getMessage()}"
        if len(self.first) < 5 and message not in self.first:
            self.first.append(message)


def display_available() -> bool:
    """True when SDL can open a real window here (an X or Wayland display, not the dummy driver)."""
    if os.environ.get("SDL_VIDEODRIVER") == "dummy":
        return False
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


@dataclasses.dataclass
class SoakVisitor:
    """Someone who walks by between demos and taps the screen; counts what landed."""

    controller: KioskController
    clock: FakeClock
    taps: int = 0
    landed: int = 0
    games_started: int = 0
    games_abandoned: int = 0
    missed: list[str] = dataclasses.field(default_factory=list)

    @property
    def app(self) -> App:
        """The kiosk's app."""
        return self.controller.app

    def frame(self, seconds: float = 1 / FPS) -> None:
        """One frame, then the clock moves on by ``seconds``."""
        self.app.step(1 / FPS)
        self.clock.advance(seconds)

    def tap(self, pos: tuple[int, int], *, finger: bool, what: str, landed: Callable[[], bool]) -> bool:
        """Press and release at ``pos`` (canvas pixels) through SDL's event queue, as a mouse or a
        finger, with a frame after each; True (and counted) when ``landed()`` says it did."""
        self.taps += 1
        if finger:  # fingers carry coordinates normalised to the window
            x, y = pos[0] / SIZE[0], pos[1] / SIZE[1]
            for kind in (pygame.FINGERDOWN, pygame.FINGERUP):
                pygame.event.post(pygame.event.Event(kind, x=x, y=y, dx=0.0, dy=0.0, touch_id=1, finger_id=0,
                                                     pressure=1.0))
                self.frame()
        else:
            for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                pygame.event.post(pygame.event.Event(kind, pos=pos, button=1, touch=False))
                self.frame()
        if landed():
            self.landed += 1
            return True
        if len(self.missed) < 5:
            self.missed.append(f"{what} (tap {self.taps})")
        return False

    def between_demos(self, index: int) -> None:
        """The visit after the ``index``-th finished demo: a tap that ends the demo on the table;
        every ``FULL_VISIT_EVERY``-th time, also a game started and left to the idle countdown."""
        controller = self.controller
        if controller.attract.demo is None:
            return
        if not self.tap(SCREEN_CENTRE, finger=index % 2 == 1, what="a tap ending the demo",
                        landed=lambda: controller.attract.demo is None and controller.mode() == TITLE):
            return
        if index % FULL_VISIT_EVERY == 0:
            self.start_and_walk_away(index // FULL_VISIT_EVERY)

    def start_and_walk_away(self, visit: int) -> None:
        """Tap an offered game's card, then Play (when the kiosk asks "Learn or Play") and Start;
        leave it to "Still playing?" and the countdown."""
        controller = self.controller
        title = controller.title()
        if title is None:
            return
        game_id = controller.offered[visit % len(controller.offered)]
        card = next(card for card in title.cards if card.game_id == game_id)
        if not self.tap(card.rect.center, finger=False, what=f"{game_id}'s card",
                        landed=lambda: isinstance(self.app.top, KioskSetup | LearnOrPlay)):
            return
        question = self.app.top
        if isinstance(question, LearnOrPlay) and not self.tap(
                question.play_button.rect.center, finger=True, what=f"{game_id}'s Play",
                landed=lambda: isinstance(self.app.top, KioskSetup)):
            return
        setup = self.app.top
        assert isinstance(setup, KioskSetup)
        if not self.tap(setup.start_button.rect.center, finger=True, what=f"{game_id}'s Start",
                        landed=lambda: controller.mode() == GAME):
            return
        self.games_started += 1
        config = controller.config
        for seconds in (config.still_playing_after + 1, config.countdown + 1):
            self.frame(seconds)
        self.frame()
        if controller.mode() == TITLE:
            self.games_abandoned += 1
        elif len(self.missed) < 5:
            self.missed.append(f"the {game_id} game was not abandoned after the countdown")

    def figures(self) -> dict[str, Any]:
        """What the visitors did, for the report."""
        return {"taps": self.taps, "taps_landed": self.landed, "visitor_games_started": self.games_started,
                "visitor_games_abandoned": self.games_abandoned, "taps_missed": self.missed}


def run_soak(config: KioskConfig, games: int, *, progress: Callable[[int, int], None] | None = None,
             max_frames_per_game: int = 20000, taps: bool = False) -> dict[str, Any]:
    """Attract mode with instant animations until ``games`` demo games have finished; with
    ``taps``, a ``SoakVisitor`` between demos (in a real window when ``display_available()``).

    The figures: RSS at the start, after a warm-up (a tenth of the games, at most 50, rounded up
    to whole rounds of the rotation: caches of card pictures fill up then), at every tenth of
    the run, at the end and at its peak; demo failures and the log's warnings and errors; what
    the visitors did; the time taken."""
    config = dataclasses.replace(config, demo_pause=0.0, attract_after=5.0)
    counter = _LogCounter()
    root = logging.getLogger()
    root.addHandler(counter)
    clock = FakeClock()
    windowed = taps and display_available()
    controller = build_kiosk(config, headless=not windowed, instant=True, clock=clock, wall=clock)
    app = controller.app
    visitor = SoakVisitor(controller, clock) if taps else None
    controller.start()
    began = time.perf_counter()
    start_rss = setup_kiosk.rss_bytes()[0]
    rotation = max(1, len(controller.offered))
    warm_up = -(-max(1, min(50, games // 10)) // rotation) * rotation
    warm_rss = 0
    trace: list[float] = []
    frames = finished = 0
    clock.advance(config.attract_after + 1)
    try:
        while finished < games and frames <= max_frames_per_game * games:
            app.step(1 / FPS)
            clock.advance(1 / FPS)
            frames += 1
            now_finished = sum(controller.attract.demos_finished.values())
            if now_finished != finished:
                finished = now_finished
                if finished == warm_up:
                    warm_rss = setup_kiosk.rss_bytes()[0]
                if finished % max(1, games // 10) == 0:
                    trace.append(round(setup_kiosk.rss_bytes()[0] / 2**20, 1))
                if progress is not None:
                    progress(finished, games)
                if visitor is not None and finished < games:
                    visitor.between_demos(finished)
            if controller.attract.demo is None and controller.mode() == TITLE:
                clock.advance(config.attract_after + 1)  # nobody here (any more): attract again
        final_rss, peak_rss = setup_kiosk.rss_bytes()
        window = _window_facts(app) if windowed else {}
    finally:
        app.close()
        root.removeHandler(counter)
    warm_rss = warm_rss or final_rss
    return {
        "games": finished,
        "games_per_game": dict(sorted(controller.attract.demos_finished.items())),
        "offered": list(controller.offered),
        "frames": frames,
        "seconds": time.perf_counter() - began,
        "errors": controller.attract.demo_errors + controller.recovered,
        "log_warnings_and_errors": counter.count,
        "first_log_messages": counter.first,
        "rss_start_mb": start_rss / 2**20,
        "rss_after_warm_up_mb": warm_rss / 2**20,
        "rss_final_mb": final_rss / 2**20,
        "rss_peak_mb": peak_rss / 2**20,
        "rss_growth_after_warm_up_pct": 100.0 * (final_rss - warm_rss) / warm_rss,
        "rss_every_tenth_mb": trace,
        "window": "real" if windowed else "headless",
        **window,
        **(visitor.figures() if visitor is not None else {}),
    }


def _window_facts(app: App) -> dict[str, Any]:
    """The window the soak ran in: its size, whether it was fullscreen, the mouse mode."""
    surface = pygame.display.get_surface()
    return {
        "window_size": list(pygame.display.get_window_size()) if surface is not None else None,
        "fullscreen": app.settings.fullscreen,
        "relative_mouse_mode": bool(pygame.mouse.get_relative_mode()),
    }
