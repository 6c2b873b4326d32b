"""Attract mode's demos (``AttractLoop``): seeded AI-vs-AI games of the offered games, one after
another, each above the kiosk's title. A game whose table fails to open or fails while it plays is
logged and skipped; one that keeps failing leaves the rotation. The controller decides when attract
mode starts and stops (``scenes.kiosk.controller``); this loop runs the games in between.
"""

from __future__ import annotations

import logging
import random
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game import kiosk as setup_kiosk
from game.core.match import Match, Seat
from game.core.registry import get_rules
from game.kiosk import KioskConfig, organiser_event
from scenes.engine.app import App, Scene
from scenes.table.saver import NullSaver

log = logging.getLogger("kotatsu.kiosk")

STUCK_AFTER = 180.0  # s without a move: a demo is cut short
DEMO_FAILURES_TO_DROP = 3  # failures in a row before a game leaves the demo rotation
DEMO_VIEWER = 0  # demo tables are seen from seat 0 (an AI): every table supports a seat viewer
MAX_DEMO_PLAYERS = 4


@dataclass
class Demo:
    """One running attract game."""

    game_id: str
    match: Match
    scene: Scene
    started: float
    last_progress: float
    moves: int = 0
    over_at: float | None = None


class AttractLoop:
    """The demo rotation and the demo on the table now (``demo``; None between demos)."""

    def __init__(self, app: App, config: KioskConfig, offered: Sequence[str], clock: Callable[[], float],
                 back_to_title: Callable[[], None]) -> None:
        self.app = app
        self.config = config
        self.clock = clock
        self.back_to_title = back_to_title  # the controller's: drops every scene above the title
        self.demo: Demo | None = None
        self.demos_started = 0
        self.demos_finished: dict[str, int] = {}
        self.demo_failures: dict[str, int] = {}  # failures in a row, per game
        self.demo_errors = 0  # every failure (for the soak report)
        self.rotation = list(offered)
        self.rotation_index = 0

    def next_demo(self) -> bool:
        """Put the next game of the rotation on the table; games that fail are skipped."""
        if self.demo is not None:
            self.back_to_title()
            self.demo = None
            setup_kiosk.release_free_memory()  # the old table's pictures: give the pages back
        for _ in range(max(1, len(self.rotation))):
            if not self.rotation:
                break
            game_id = self.rotation[self.rotation_index % len(self.rotation)]
            self.rotation_index += 1
            if self._open_demo(game_id):
                return True
        self.demo = None
        log.warning("no demo game could be opened; attract mode waits on the title")
        return False

    def demo_match(self, game_id: str) -> Match:
        """The seeded all-AI match of the next demo."""
        seed = (self.config.demo_seed + self.demos_started * 7919) & 0x3FFFFFFF
        rules = get_rules(game_id)
        players = random.Random(seed).randint(rules.min_players, min(rules.max_players, MAX_DEMO_PLAYERS))
        players = max(players, rules.min_players)
        return Match(game_id, [Seat("ai", self.config.demo_level) for _ in range(players)], seed=seed)

    def _open_demo(self, game_id: str) -> bool:
        """Open a demo of ``game_id`` above the title; False (logged) when its table fails."""
        self.demos_started += 1
        try:
            match = self.demo_match(game_id)
            from scenes.table.registry import make_table

            scene = make_table(self.app, match, viewer=DEMO_VIEWER, ai_enabled=True)
            if hasattr(scene, "saver"):
                scene.saver = NullSaver()
            self.back_to_title()
            self.app.push(scene)
        except Exception as error:  # noqa: BLE001 - one broken game must not stop the others
            self.demo_failed(game_id, error)
            self.back_to_title()
            return False
        now = self.clock()
        self.demo = Demo(game_id, match, scene, now, now)
        return True

    def demo_failed(self, game_id: str, error: BaseException) -> None:
        """Log a demo that failed; a game that keeps failing leaves the rotation."""
        self.demo_errors += 1
        failures = self.demo_failures[game_id] = self.demo_failures.get(game_id, 0) + 1
        detail = "".join(traceback.format_exception_only(type(error), error)).strip()
        organiser_event("demo_failed", f"the {game_id} demo failed: {detail}", game=game_id)
        log.debug("demo failure", exc_info=error)
        if failures >= DEMO_FAILURES_TO_DROP and game_id in self.rotation:
            self.rotation.remove(game_id)
            log.warning("%s left the demo rotation after %d failures in a row", game_id, failures)

    def tick(self, now: float) -> None:
        """Watch the demo: note progress, end it when over (after a pause), cut it when stuck."""
        demo = self.demo
        assert demo is not None
        if demo.scene not in self.app.scenes:
            self.next_demo()
            return
        moves = len(demo.match.log)
        if moves != demo.moves:
            demo.moves, demo.last_progress = moves, now
        if demo.match.is_over():
            if demo.over_at is None:
                demo.over_at = now
                self.demo_failures[demo.game_id] = 0
                self.demos_finished[demo.game_id] = self.demos_finished.get(demo.game_id, 0) + 1
                organiser_event("demo", f"demo game of {demo.game_id} finished", game=demo.game_id,
                                moves=moves)
            if now - demo.over_at >= self.config.demo_pause:
                self.next_demo()
            return
        stuck = now - demo.last_progress >= STUCK_AFTER
        if stuck or now - demo.started >= self.config.demo_max_seconds:
            self.demo_failed(demo.game_id, RuntimeError("no move for a long time" if stuck else "too long"))
            self.next_demo()
