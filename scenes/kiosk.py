"""Kiosk mode: the table alone at a game event, for hours, with nobody looking after it.

``KioskController`` plugs into the app's kiosk hooks (``App.intent_filter``, ``frame_hooks``,
``overlays``, ``on_error``, ``ignore_quit``) and watches the scene stack; the scenes themselves
stay as they are. What it does, by mode:

- title (and the menus above it): after ``attract_after`` s without a touch, attract mode starts.
- attract: seeded AI-vs-AI demo games of the offered games, one after another, with the normal
  animations and the sound off, under a "タッチしてプレイ / Touch to play" banner. A touch (or
  any key) goes back to the title and is not passed on: nobody lands inside a demo. A game whose
  table fails to open or fails while it plays is logged and skipped.
- a visitor's game: after ``still_playing_after`` s without a touch a "Still playing?" countdown
  covers the table; a touch dismisses it (and is not passed on), and at zero the game is abandoned
  and the table goes back to the title.
- a finished game: the results offer "Play again" for ``play_again_for`` s, then the title.
- everywhere: the window close and Alt+F4 are ignored, the Quit and Settings buttons are gone; a
  hidden gesture (hold the top-left corner for ``hold_seconds``) opens a PIN pad, the only way out;
  wrong PINs lock the pad for a while. An unexpected exception is logged and the kiosk falls back
  to the title (too many in a minute: the app exits and the supervisor restarts it).

Every timer reads an injectable clock, so tests drive it with a fake one. The visitor's game is
autosaved after every action by its table; the kiosk also keeps a small session file (whose game,
when last touched) so that after a crash or a power cut the game comes back unless it had gone
idle. Demo tables never touch the autosave.
"""

from __future__ import annotations

import dataclasses
import importlib
import logging
import math
import os
import random
import sys
import time
import traceback
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from game import kiosk as setup_kiosk
from game.core import autosave, stop
from game.core.match import Match, Seat
from game.core.registry import get_rules
from game.core.settings import load_settings
from game.i18n import language, set_language, t
from game.kiosk import (
    CONFIG_ENV,
    EXIT_REFUSED,
    KioskConfig,
    Session,
    load_config,
    log_to_stderr,
    open_organiser_log,
    organiser_event,
    read_config,
    signal_name,
    stats_from_log,
    supervise,
)
from scenes import fonts, tables, theme
from scenes import input as intents
from scenes.app import FPS, App, Scene
from scenes.input import Intent
from scenes.results import Results
from scenes.setup import Setup
from scenes.table.saver import NullSaver
from scenes.title import GameCard, Title
from scenes.ui import Button, FocusGroup, draw_panel, draw_text_centered, fit_size, mix

log = logging.getLogger("kotatsu.kiosk")

TITLE, ATTRACT, GAME, RESULTS = "title", "attract", "game", "results"
CORNER = pygame.Rect(0, 0, 120, 120)  # the hidden exit gesture: hold here
PIN_PAD_TIMEOUT = 30.0  # s without a touch before the PIN pad closes by itself
SESSION_EVERY = 5.0  # s between two session writes while a visitor plays
STUCK_AFTER = 180.0  # s without a move: a demo is cut short
DEMO_FAILURES_TO_DROP = 3  # failures in a row before a game leaves the demo rotation
MAX_ERRORS_PER_MINUTE = 5  # more: give up, exit, and let the supervisor restart the app
DEMO_VIEWER = 0  # demo tables are seen from seat 0 (an AI): every table supports a seat viewer
MAX_DEMO_PLAYERS = 4
LOCKOUT_LIMIT = 900.0  # s: the longest lock after many wrong PINs
BANNER = pygame.Rect(360, 846, 1200, 176)

Clock = Callable[[], float]


# ----- pieces the kiosk swaps in -------------------------------------------------------------------
class KioskSetup(Setup):
    """The setup with only the AI levels the organiser offers, and a hint that names only those."""

    def __init__(self, app: App, game_id: str, levels: tuple[str, ...]) -> None:
        self.levels = levels  # before Setup.__init__: it calls rebuild
        super().__init__(app, game_id)

    def kinds_offered(self) -> tuple[str, ...]:
        """Human, then the offered AI levels."""
        return ("human", *self.levels)

    def rebuild(self) -> None:
        """As the setup does, with the seat choices cut down to the offered kinds."""
        offered = self.kinds_offered()
        self.kinds = [kind if kind in offered else self.levels[0] for kind in self.kinds]
        super().rebuild()
        for choice in self.seat_choices:
            choice.choices = [(kind, self._kind_label(kind)) for kind in offered]
            choice.values = list(offered)

    def ai_hint(self) -> str:
        """ "AI players think on their own; Easy is gentle, Normal ..." for the offered levels only
        (the stock hint promises Hard, which a kiosk offers only when the organiser says so)."""
        parts = [t(f"kiosk.setup.level.{level}", name=t(f"ui.level.{level}")) for level in self.levels]
        return t("kiosk.setup.ai_hint", levels=t("kiosk.setup.level_separator").join(parts))


class KioskCard(GameCard):
    """A title card; a game this build plays but the organiser does not offer today says
    "Not here today" (本日はお休み) instead of the title's "Coming soon"."""

    def __init__(self, card: GameCard, offered: tuple[str, ...]) -> None:
        self.resting = card.entry.available and card.game_id not in offered  # playable, not offered
        entry = dataclasses.replace(card.entry, available=card.entry.available and card.game_id in offered)
        super().__init__(card.rect, entry, card.on_open)

    def badge_label(self) -> str:
        """The words on the badge of a card that cannot be picked."""
        return t("kiosk.title.not_today") if self.resting else t("ui.title.coming_soon")


class KioskTitle(Title):
    """The title without Quit and Settings, offering only the organiser's games."""

    def __init__(self, app: App, offered: tuple[str, ...], levels: tuple[str, ...]) -> None:
        self.offered = offered  # before Title.__init__: it builds the cards and the button row
        self.levels = levels
        super().__init__(app)
        if self.selected not in offered:
            self.selected = offered[0]
            self.refresh()

    def _make_cards(self) -> list[Any]:
        """The title's cards; games not offered here are shown, marked "Not here today", but
        cannot be picked."""
        return [KioskCard(card, self.offered) for card in super()._make_cards()]

    def bottom_row(self) -> list[Any]:
        """Continue, Rules and the language: no Settings, no Quit at an event."""
        return [widget for widget in super().bottom_row()
                if widget is not self.settings_button and widget is not self.quit_button]

    def open_setup(self, game_id: str) -> None:
        """The setup, with the offered AI levels only."""
        self.selected = game_id
        self.app.push(KioskSetup(self.app, game_id, self.levels))

    def quit(self) -> None:
        """Nobody quits a kiosk from the title."""

    def back(self) -> None:
        """Esc does nothing on the kiosk title."""

    def handle(self, intent: Intent) -> bool:
        """A tap on a game not offered here says which games are."""
        if intent.kind == intents.PRESS:
            for card in self.cards:
                if not card.available and card.contains(intent.pos):
                    names = ", ".join(t(f"game.{game}.title") for game in self.offered)
                    self.toast.show(t("kiosk.title.not_offered", game=card.title, offered=names))
                    return True
        return super().handle(intent)


# ----- the PIN pad ----------------------------------------------------------------------------------
PAD = pygame.Rect(0, 0, 700, 1000)
PAD.center = (960, 540)
KEY_SIZE = (190, 118)
KEY_GAP = 22


class PinPad:
    """The on-screen keypad behind the exit gesture: digits, Delete, OK and Cancel."""

    def __init__(self, controller: KioskController) -> None:
        self.controller = controller
        self.entered = ""
        self.message = ""  # an i18n key, with ``self.params``
        self.params: dict[str, Any] = {}
        self.last_touch = controller.clock()
        self.group = FocusGroup(self._make_keys(), audio=getattr(controller.app, "audio", None))
        self.group.show_focus = False

    def _make_keys(self) -> list[Button]:
        """1-9 in three rows, then Delete 0 OK, then Cancel across the pad."""
        width, height = KEY_SIZE
        left = PAD.centerx - (3 * width + 2 * KEY_GAP) // 2
        top = PAD.y + 300
        labels: list[tuple[Any, Callable[[], None], str]] = [
            (str(digit), self._digit_action(str(digit)), "secondary") for digit in range(1, 10)
        ]
        labels += [(lambda: t("kiosk.pin.delete"), self.delete, "secondary"),
                   ("0", self._digit_action("0"), "secondary"),
                   (lambda: t("kiosk.pin.ok"), self.submit, "primary")]
        keys = []
        for index, (label, action, style) in enumerate(labels):
            row, column = divmod(index, 3)
            rect = pygame.Rect(left + column * (width + KEY_GAP), top + row * (height + KEY_GAP), width, height)
            keys.append(Button(rect, label, action, style=style, enabled=self._unlocked))
        cancel = pygame.Rect(left, top + 4 * (height + KEY_GAP), 3 * width + 2 * KEY_GAP, theme.BUTTON_HEIGHT)
        keys.append(Button(cancel, lambda: t("kiosk.pin.cancel"), self.cancel, style="secondary"))
        return keys

    def _unlocked(self) -> bool:
        """Keys work unless wrong PINs locked the pad."""
        return self.controller.lock_remaining() <= 0

    def _digit_action(self, digit: str) -> Callable[[], None]:
        """The click action of a digit key."""
        return lambda: self.press_digit(digit)

    def press_digit(self, digit: str) -> None:
        """Add a digit (at most 8)."""
        if self._unlocked() and len(self.entered) < 8:
            self.entered += digit
            self.message = ""

    def delete(self) -> None:
        """Take back the last digit."""
        self.entered = self.entered[:-1]

    def submit(self) -> None:
        """Check the PIN with the controller (it rate-limits and exits on the right one)."""
        if not self._unlocked() or not self.entered:
            return
        entered, self.entered = self.entered, ""
        self.message, self.params = self.controller.check_pin(entered)

    def cancel(self) -> None:
        """Close the pad."""
        self.controller.close_pin_pad()

    def handle(self, intent: Intent) -> None:
        """Keys and touches; digits and Enter from a keyboard work too."""
        self.last_touch = self.controller.clock()
        if intent.kind == intents.KEY:
            digit = intent.key.strip("[]")
            if digit.isdigit() and len(digit) == 1:
                self.press_digit(digit)
            return
        if intent.kind == intents.BACK:
            if self.entered:
                self.delete()
            else:
                self.cancel()
            return
        if intent.kind == intents.ACTIVATE and not self.group.show_focus:
            self.submit()
            return
        self.group.handle(intent)

    def timed_out(self, now: float) -> bool:
        """True when nobody touched the pad for a while."""
        return now - self.last_touch >= PIN_PAD_TIMEOUT

    def draw(self, surface: pygame.Surface) -> None:
        """Veil, panel, heading, the dots of the entered digits, the message and the keys."""
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((*theme.ROOM, 215))
        surface.blit(veil, (0, 0))
        draw_panel(surface, PAD, theme.PAPER, radius=32)
        draw_text_centered(surface, t("kiosk.pin.title"), theme.HEADING, theme.INK, (PAD.centerx, PAD.y + 70), True)
        self._draw_dots(surface, (PAD.centerx, PAD.y + 170))
        remaining = self.controller.lock_remaining()
        if remaining > 0:
            text, colour = t("kiosk.pin.locked", seconds=int(remaining + 0.999)), theme.BAD
        elif self.message:
            text, colour = t(self.message, **self.params), theme.BAD
        else:
            text, colour = t("kiosk.pin.hint"), theme.INK_SOFT
        size = fit_size(text, theme.BODY, PAD.width - 60)
        draw_text_centered(surface, text, size, colour, (PAD.centerx, PAD.y + 246))
        self.group.draw(surface)

    def _draw_dots(self, surface: pygame.Surface, center: tuple[int, int]) -> None:
        """Eight places, filled for each digit typed (the PIN's length stays secret)."""
        gap = 56
        left = center[0] - gap * 7 // 2
        for index in range(8):
            where = (left + index * gap, center[1])
            if index < len(self.entered):
                pygame.draw.circle(surface, theme.INK, where, 14)
            else:
                pygame.draw.circle(surface, theme.PAPER_SHADE, where, 14)
                pygame.draw.circle(surface, theme.INK_SOFT, where, 14, 2)


# ----- the controller -------------------------------------------------------------------------------
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


class KioskController:
    """Idle timers, attract mode, the exit lock and the crash fallback (see the module docstring)."""

    def __init__(self, app: App, config: KioskConfig, *, clock: Clock = time.monotonic,
                 wall: Clock = time.time) -> None:
        self.app = app
        self.config = config
        self.clock = clock
        self.wall = wall
        self.offered = config.offered_games()
        self.sound_on = app.settings.sound
        now = clock()
        self.last_activity = now
        self.mode_since = now
        self.last_mode = TITLE
        self.swallowing = False  # a touch that left attract or the warning: eat it up to its release
        self.corner_down_at: float | None = None
        self.pin_pad: PinPad | None = None
        self.wrong_pins = 0
        self.lockouts = 0
        self.locked_until = 0.0
        self.exit_requested = False
        self.windowed = False  # --windowed: a tryout, where closing the window ends it
        self.warning_since: float | None = None
        # attract
        self.demo: Demo | None = None
        self.demos_started = 0
        self.demos_finished: dict[str, int] = {}
        self.demo_failures: dict[str, int] = {}  # failures in a row, per game
        self.demo_errors = 0  # every failure (for the soak report)
        self.rotation = list(self.offered)
        self.rotation_index = 0
        # the visitor's game
        self.visitor_key: tuple[str, int] | None = None
        self.visitor_done = True
        self.visitor_moves = 0
        self.session_written_at = -SESSION_EVERY
        self.errors: list[float] = []
        self.recovered = 0
        self.status_key: tuple[Any, ...] = ()

    # ----- installing ----------------------------------------------------------------------------
    def make_title(self) -> KioskTitle:
        """A fresh kiosk title."""
        return KioskTitle(self.app, self.offered, self.config.ai_levels)

    def install(self) -> None:
        """Hook into the app: every intent, every frame, the overlays, errors, quit events."""
        self.app.ignore_quit = True
        self.app.intent_filter = self.filter_intent
        self.app.frame_hooks.append(self.tick)
        self.app.overlays.append(self.draw_overlay)
        self.app.on_error = self.recover
        self.app.save_settings = lambda: None  # type: ignore[method-assign]  # visitors' choices stay here

    def start(self) -> None:
        """Install, then resume the visitor's game if a crash or power cut interrupted it."""
        self.install()
        if not self.app.scenes:
            self.app.push(self.make_title())
        self._resume_or_forget()
        self.refresh_title()

    def _resume_or_forget(self) -> None:
        """Open the autosave if it is the visitor's game and it had not gone idle; else drop it."""
        session = setup_kiosk.read_session()
        match, warning = autosave.load_autosave()  # a bad file is kept aside inside
        if warning:
            log.warning("the autosave could not be resumed: %s", warning)
            self.title_toast(warning)
        if match is None:
            if session.visitor:
                setup_kiosk.write_session(Session())
            return
        limit = self.config.still_playing_after + self.config.countdown
        if setup_kiosk.should_resume(session, match.game_id, match.seed, self.wall(), limit):
            try:
                tables.open_table(self.app, match)
            except Exception:
                log.exception("the visitor's %s game could not be reopened", match.game_id)
            else:
                self.visitor_key = (match.game_id, match.seed)
                self.visitor_done = False
                organiser_event("resumed", f"resumed a visitor's {match.game_id} game after a restart",
                                game=match.game_id, moves=len(match.log))
                return
        if session.visitor:
            organiser_event("abandoned", f"a visitor's {match.game_id} game was idle at the restart",
                            game=match.game_id, reason="restart", moves=len(match.log))
        autosave.clear_autosave()
        setup_kiosk.write_session(Session())

    # ----- what is on screen ----------------------------------------------------------------------
    def visitor_table(self) -> Scene | None:
        """The visitor's table scene (the topmost scene with a match that is not the results)."""
        for scene in reversed(self.app.scenes):
            if isinstance(scene, Results | Title):
                continue
            if isinstance(getattr(scene, "match", None), Match):
                return scene
        return None

    def mode(self) -> str:
        """Title (with its menus), attract, a visitor's game, or the results of one."""
        if self.demo is not None:
            return ATTRACT
        table = self.visitor_table()
        if table is None:
            return TITLE
        return RESULTS if table.match.is_over() else GAME  # type: ignore[attr-defined]

    def title(self) -> Title | None:
        """The title at the bottom of the stack."""
        bottom = self.app.scenes[0] if self.app.scenes else None
        return bottom if isinstance(bottom, Title) else None

    def title_toast(self, text: str, seconds: float = 6.0) -> None:
        """A message on the title."""
        title = self.title()
        if title is not None:
            title.toast.show(text, seconds)

    def refresh_title(self) -> None:
        """Let the title re-read the autosave (Continue) and the language."""
        title = self.title()
        if title is not None:
            title.resume()

    def idle_seconds(self) -> float:
        """Seconds since the last touch, or since the mode changed if that is later."""
        return self.clock() - max(self.last_activity, self.mode_since)

    def lock_remaining(self) -> float:
        """Seconds left of a PIN lock (0 when the pad is open)."""
        return max(0.0, self.locked_until - self.clock())

    # ----- input ---------------------------------------------------------------------------------
    @staticmethod
    def is_activity(intent: Intent) -> bool:
        """Anything but a mouse hovering without a button counts as someone at the table."""
        return not (intent.kind == intents.MOVE and not intent.held)

    def filter_intent(self, intent: Intent) -> bool:
        """Sees every intent before the scenes; True means the kiosk used it up."""
        if intent.kind == intents.QUIT:
            if self.windowed:  # trying the kiosk out in a window: closing it is fine
                self.exit_requested = True
                self.app.running = False
            else:
                log.info("ignored a request to close the window")
            return True
        if not self.is_activity(intent):
            return self.pin_pad is not None or self.demo is not None
        now = self.clock()
        self.last_activity = now
        self._track_corner(intent, now)
        self._heartbeat()
        if self.pin_pad is not None:
            self.pin_pad.handle(intent)
            return True
        if self.swallowing:
            if intent.kind == intents.RELEASE:
                self.swallowing = False
            return intent.kind in (intents.MOVE, intents.RELEASE)
        if self.demo is not None:
            self.stop_attract()
            self.swallowing = intent.kind == intents.PRESS
            return True
        if self.warning_since is not None:
            self.warning_since = None
            self.swallowing = intent.kind == intents.PRESS
            return True
        return False

    def _track_corner(self, intent: Intent, now: float) -> None:
        """The hidden gesture: a press that stays in the top-left corner."""
        if intent.kind == intents.PRESS:
            self.corner_down_at = now if CORNER.collidepoint(intent.pos) else None
        elif intent.kind == intents.RELEASE or (intent.kind == intents.MOVE and not CORNER.collidepoint(intent.pos)):
            self.corner_down_at = None

    # ----- each frame ----------------------------------------------------------------------------
    def tick(self, dt: float) -> None:
        """Timers and bookkeeping, once per frame before the top scene updates."""
        now = self.clock()
        if not self.app.scenes:
            self.app.push(self.make_title())
        if not self.app.running and not self.exit_requested:
            self.app.running = True  # something tried to quit: only the PIN may
        self._check_gesture(now)
        mode = self.mode()
        if mode != self.last_mode:
            self.last_mode, self.mode_since = mode, now
            if mode != GAME:
                self.warning_since = None
        if mode == ATTRACT:
            self._tick_attract(now)
        else:
            self._track_visitor()
            self._tick_idle(mode)
        self._write_status(mode)

    def _check_gesture(self, now: float) -> None:
        """Open the PIN pad once the corner was held long enough; close an abandoned pad."""
        if self.corner_down_at is not None and now - self.corner_down_at >= self.config.hold_seconds:
            self.corner_down_at = None
            self.open_pin_pad()
        if self.pin_pad is not None and self.pin_pad.timed_out(now):
            self.close_pin_pad()

    def _tick_idle(self, mode: str) -> None:
        """The idle rules of the title, a visitor's game and its results."""
        if self.pin_pad is not None:
            return
        idle = self.idle_seconds()
        if mode == TITLE and idle >= self.config.attract_after:
            self.start_attract()
        elif mode == GAME:
            if self.warning_since is None and idle >= self.config.still_playing_after:
                self.warning_since = self.clock()
                log.info("no touch for %.0f s: asking whether the visitor is still playing", idle)
            elif self.warning_since is not None and self.warning_left() <= 0:
                self.abandon_visitor_game("idle")
        elif mode == RESULTS and idle >= self.config.play_again_for:
            self.back_to_title()

    def warning_left(self) -> float:
        """Seconds left on the "Still playing?" countdown."""
        if self.warning_since is None:
            return self.config.countdown
        return max(0.0, self.config.countdown - (self.clock() - self.warning_since))

    def play_again_left(self) -> float:
        """Seconds left before the results give way to the title."""
        return max(0.0, self.config.play_again_for - self.idle_seconds())

    # ----- the visitor's game ----------------------------------------------------------------------
    def _track_visitor(self) -> None:
        """Log a visitor's game when it starts, is replaced by another, or is finished."""
        table = self.visitor_table()
        if table is None:
            return
        match: Match = table.match  # type: ignore[attr-defined]
        key = (match.game_id, match.seed)
        if key != self.visitor_key:
            if self.visitor_key is not None and not self.visitor_done:
                organiser_event("abandoned", f"a visitor left a {self.visitor_key[0]} game for a new one",
                                game=self.visitor_key[0], reason="replaced", moves=self.visitor_moves)
            self.visitor_key, self.visitor_done = key, False
            seats = ",".join(seat.label() for seat in match.seats)
            organiser_event("started", f"a visitor started {match.game_id}", game=match.game_id, seats=seats)
            self.session_written_at = -SESSION_EVERY
            self._heartbeat()
        self.visitor_moves = len(match.log)
        if match.is_over() and not self.visitor_done:
            self.visitor_done = True
            organiser_event("completed", f"a visitor finished {match.game_id}", game=match.game_id,
                            moves=len(match.log))
            setup_kiosk.write_session(Session())

    def _heartbeat(self) -> None:
        """While a visitor's game is open, note on disk (at most every few seconds) when they last
        touched the table: after a power cut that says whether the game had gone idle."""
        if self.visitor_key is None or self.visitor_done or self.demo is not None:
            return
        wall = self.wall()
        if wall - self.session_written_at < SESSION_EVERY:
            return
        self.session_written_at = wall
        game, seed = self.visitor_key
        setup_kiosk.write_session(Session(True, game, seed, wall))

    def abandon_visitor_game(self, reason: str) -> None:
        """The visitor went away: forget their game and go back to the title."""
        if self.visitor_key is not None and not self.visitor_done:
            organiser_event("abandoned", f"a visitor's {self.visitor_key[0]} game was abandoned ({reason})",
                            game=self.visitor_key[0], reason=reason, moves=self.visitor_moves)
        self.visitor_done = True
        self.back_to_title()
        autosave.clear_autosave()  # after the table left: its last background save is on disk by then
        setup_kiosk.write_session(Session())
        self.refresh_title()

    def back_to_title(self) -> None:
        """Drop every scene above the title (each leaves as usual: workers stop, saves finish)."""
        self.warning_since = None
        try:
            while len(self.app.scenes) > 1:
                self.app.pop()
        except Exception:
            log.exception("a scene failed while leaving; starting again from a fresh title")
            self.app.scenes.clear()
        if self.title() is None:
            self.app.scenes.clear()
            self.app.push(self.make_title())
        self.swallowing = False
        self.mode_since = self.clock()

    # ----- attract mode ----------------------------------------------------------------------------
    def start_attract(self) -> None:
        """Nobody is here: forget any visitor's game, back to the default language, play demos."""
        if self.visitor_key is not None and not self.visitor_done:
            organiser_event("abandoned", f"a visitor's {self.visitor_key[0]} game was left behind",
                            game=self.visitor_key[0], reason="left", moves=self.visitor_moves)
            self.visitor_done = True
        self.back_to_title()
        autosave.clear_autosave()
        setup_kiosk.write_session(Session())
        if language() != self.config.language:
            set_language(self.config.language)
            self.app.settings.language = self.config.language
        self.refresh_title()
        self.app.audio.set_enabled(False)
        log.info("attract mode")
        if not self.next_demo():
            self.app.audio.set_enabled(self.sound_on)
            self.mode_since = self.clock()  # try again after another idle spell

    def stop_attract(self) -> None:
        """A touch: the demo goes and the title is back, with its sound."""
        self.demo = None
        self.back_to_title()
        self.app.audio.set_enabled(self.sound_on)
        self.refresh_title()

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
            module = importlib.import_module(f"scenes.{game_id}")
            scene = module.make_table(self.app, match, viewer=DEMO_VIEWER, ai_enabled=True)
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

    def _tick_attract(self, now: float) -> None:
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

    # ----- the exit lock -------------------------------------------------------------------------
    def open_pin_pad(self) -> None:
        """The hidden gesture was made: show the keypad."""
        log.info("the exit PIN pad was opened")
        self.swallowing = False
        self.pin_pad = PinPad(self)

    def close_pin_pad(self) -> None:
        """Put the keypad away."""
        self.pin_pad = None

    def check_pin(self, entered: str) -> tuple[str, dict[str, Any]]:
        """Right: the kiosk exits. Wrong: counted, and every few wrong ones lock the pad for
        longer and longer. Returns the message (i18n key and params) for the pad."""
        if self.lock_remaining() > 0:
            return "", {}
        if entered == self.config.pin:
            organiser_event("exit", "the organiser left kiosk mode with the PIN")
            self.exit_requested = True
            self.app.running = False
            return "", {}
        self.wrong_pins += 1
        organiser_event("pin_wrong", "a wrong exit PIN was entered", count=self.wrong_pins)
        if self.wrong_pins % self.config.tries_before_lockout == 0:
            seconds = min(LOCKOUT_LIMIT, self.config.lockout_seconds * 2 ** self.lockouts)
            self.lockouts += 1
            self.locked_until = self.clock() + seconds
            return "kiosk.pin.locked", {"seconds": int(seconds)}
        left = self.config.tries_before_lockout - self.wrong_pins % self.config.tries_before_lockout
        return "kiosk.pin.wrong", {"left": left}

    # ----- errors ----------------------------------------------------------------------------------
    def recover(self, error: Exception) -> None:
        """A frame raised: log it and go back to the title (a failing demo: the next demo).
        Many errors in a minute mean something is badly wrong: re-raise, the supervisor restarts."""
        now = self.clock()
        self.errors = [when for when in self.errors if now - when < 60.0] + [now]
        if len(self.errors) > MAX_ERRORS_PER_MINUTE:
            log.error("%d errors within a minute: the kiosk app stops and will be restarted", len(self.errors))
            raise error
        if self.demo is not None:
            self.demo_failed(self.demo.game_id, error)
            log.error("the demo failed", exc_info=error)
            if not self.next_demo():
                self.stop_attract()
            return
        self.recovered += 1
        log.error("unexpected error; back to the title", exc_info=error)
        organiser_event("recovered", f"an error ({type(error).__name__}) sent the table back to the title")
        self.back_to_title()
        self.refresh_title()
        self.title_toast(t("kiosk.error.recovered"))

    # ----- status (for monitoring and the crash test) ----------------------------------------------
    def _write_status(self, mode: str, *, force: bool = False, **extra: Any) -> None:
        """Write the status file when what is shown changed (never every frame): the mode, the
        game, the top scene's class (``scene``) and whether the PIN pad is up (``pin_pad``)."""
        table = self.visitor_table() if mode != ATTRACT else None
        match: Match | None = getattr(table, "match", None)
        game = self.demo.game_id if self.demo is not None else (match.game_id if match else "")
        scene = type(self.app.top).__name__ if self.app.top is not None else ""
        key = (mode, game, match.seed if match else None, len(match.log) if match else None, scene,
               self.pin_pad is not None)
        if key == self.status_key and not force:
            return
        self.status_key = key
        status: dict[str, Any] = {"pid": os.getpid(), "mode": mode, "game": game, "scene": scene,
                                  "pin_pad": self.pin_pad is not None, **extra}
        if match is not None:
            status.update(seed=match.seed, moves=len(match.log), position=match.rules.notation(match.state))
        setup_kiosk.write_status(status)

    # ----- stopping on a signal --------------------------------------------------------------------
    def save_for_stop(self, signum: int) -> None:
        """The operating system asked the kiosk to stop (SIGTERM from systemd or the supervisor,
        Ctrl+C): make sure the visitor's game is on disk, with its session, so that it comes back
        at the next start unless it goes idle meanwhile; then say so in the status and the log."""
        table = self.visitor_table() if self.demo is None else None
        match: Match | None = getattr(table, "match", None)
        saver = getattr(table, "saver", None)
        if match is not None and saver is not None and not match.is_over():
            saver.save(match)  # tables save after every action: this only makes sure it is on disk
            saver.wait()
            last_touch = self.wall() - self.idle_seconds()
            setup_kiosk.write_session(Session(True, match.game_id, match.seed, last_touch))
            log.info("stopped by %s: the visitor's %s game is saved (%d moves)", signal_name(signum),
                     match.game_id, len(match.log))
        else:
            log.info("stopped by %s", signal_name(signum))
        self._write_status(self.mode(), force=True, stopped=signal_name(signum))

    # ----- drawing ---------------------------------------------------------------------------------
    def draw_overlay(self, surface: pygame.Surface) -> None:
        """The banner in attract mode, the countdowns, the PIN pad."""
        mode = self.mode()
        if mode == ATTRACT:
            draw_attract_banner(surface, self.demo.game_id if self.demo else "", self.clock())
        elif mode == GAME and self.warning_since is not None:
            draw_still_playing(surface, self.warning_left(), self.config.countdown)
        elif mode == RESULTS:
            left = self.play_again_left()
            if left <= min(20.0, self.config.play_again_for / 2):
                draw_return_hint(surface, left)
        if self.pin_pad is not None:
            self.pin_pad.draw(surface)


# ----- overlay pictures ----------------------------------------------------------------------------
def _translucent_panel(surface: pygame.Surface, rect: pygame.Rect, colour: theme.Color, alpha: int,
                       radius: int, border: theme.Color | None = None) -> None:
    """A rounded panel that lets the table show through."""
    panel = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(panel, (*colour, alpha), panel.get_rect(), border_radius=radius)
    if border is not None:
        pygame.draw.rect(panel, (*border, 255), panel.get_rect(), 4, border_radius=radius)
    surface.blit(panel, rect.topleft)


def draw_attract_banner(surface: pygame.Surface, game_id: str, now: float) -> None:
    """ "タッチしてプレイ / Touch to play" in both languages (the current one first), a finger
    tapping, and which game the demo is."""
    pulse = 0.5 + 0.5 * math.sin(now * 2.4)
    _translucent_panel(surface, BANNER, theme.INK, 240, 40, mix(theme.GOLD, theme.ACCENT, pulse))
    first, second = t("kiosk.attract.touch", lang="ja"), t("kiosk.attract.touch", lang="en")
    if language() != "ja":
        first, second = second, first
    text_x = BANNER.centerx + 60
    # the pulsing line is tinted from one cached white rendering: a fresh colour every frame
    # would otherwise fill the text cache with a new surface per frame
    headline = fonts.text_tinted(first, 64, mix(theme.TEXT, theme.GOLD, pulse), True)
    surface.blit(headline, headline.get_rect(center=(text_x, BANNER.y + 66)))
    draw_text_centered(surface, second, theme.LARGE, theme.TEXT_DIM, (text_x, BANNER.y + 132), True)
    _draw_tap(surface, (BANNER.x + 130, BANNER.centery), pulse)
    if game_id:
        chip_text = t("kiosk.attract.demo", game=t(f"game.{game_id}.title"))
        width = fonts.text_width(chip_text, theme.SMALL, True) + 48
        chip = pygame.Rect(0, 0, width, 48)
        chip.midbottom = (BANNER.centerx, BANNER.y + 10)
        pygame.draw.rect(surface, theme.FUTON, chip, border_radius=24)
        draw_text_centered(surface, chip_text, theme.SMALL, theme.TEXT, chip.center, True)


def _draw_tap(surface: pygame.Surface, center: tuple[int, int], pulse: float) -> None:
    """A touch point with ripples spreading from it (drawn in code, not a glyph)."""
    for ring in range(3):
        radius = int(30 + ring * 20 + pulse * 12)
        colour = mix(theme.GOLD, theme.INK, min(1.0, ring * 0.28 + pulse * 0.25))
        pygame.draw.circle(surface, colour, center, radius, 4)
    pygame.draw.circle(surface, mix(theme.ACCENT, theme.GOLD, pulse), center, 22)
    pygame.draw.circle(surface, theme.TEXT, center, 22, 3)


def draw_still_playing(surface: pygame.Surface, left: float, total: float) -> None:
    """The "Still playing?" card with a big countdown ring; any touch keeps the game."""
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((*theme.ROOM, 170))
    surface.blit(veil, (0, 0))
    panel = pygame.Rect(0, 0, 980, 600)
    panel.center = (960, 520)
    draw_panel(surface, panel, theme.PAPER, radius=36)
    draw_text_centered(surface, t("kiosk.still.title"), theme.HEADING + 8, theme.INK,
                       (panel.centerx, panel.y + 80), True)
    ring_centre = (panel.centerx, panel.y + 250)
    pygame.draw.circle(surface, theme.PAPER_SHADE, ring_centre, 104, 18)
    share = max(0.0, min(1.0, left / total)) if total > 0 else 0.0
    if share > 0:
        box = pygame.Rect(0, 0, 208, 208)
        box.center = ring_centre
        start = math.pi / 2
        pygame.draw.arc(surface, theme.FUTON, box, start, start + 2 * math.pi * share, 18)
    draw_text_centered(surface, str(math.ceil(left)), theme.TITLE, theme.INK, ring_centre, True)
    body = t("kiosk.still.body", seconds=math.ceil(left))
    draw_text_centered(surface, body, fit_size(body, theme.BODY, panel.width - 80), theme.INK_SOFT,
                       (panel.centerx, panel.y + 410))
    button = pygame.Rect(0, 0, 520, 96)
    button.center = (panel.centerx, panel.bottom - 90)
    pygame.draw.rect(surface, theme.FUTON, button, border_radius=theme.BUTTON_RADIUS)
    draw_text_centered(surface, t("kiosk.still.keep"), theme.LARGE, theme.TEXT, button.center, True)


def draw_return_hint(surface: pygame.Surface, left: float) -> None:
    """A small pill over the results: the table goes back to the title soon."""
    text = t("kiosk.again.returning", seconds=math.ceil(left))
    width = fonts.text_width(text, theme.SMALL, True) + 56
    pill = pygame.Rect(0, 0, width, 50)
    pill.midtop = (960, 8)
    _translucent_panel(surface, pill, theme.INK, 230, 25, theme.GOLD)
    draw_text_centered(surface, text, theme.SMALL, theme.TEXT, pill.center, True)


# ----- running --------------------------------------------------------------------------------------
def _kiosk_hints() -> None:
    """SDL hints for a locked-down fullscreen window (before the window opens)."""
    os.environ.setdefault("SDL_GRAB_KEYBOARD", "1")  # system keys (Alt+Tab...) come to us
    os.environ.setdefault("SDL_ALLOW_ALT_TAB_WHILE_GRABBED", "0")
    os.environ.setdefault("SDL_VIDEO_MINIMIZE_ON_FOCUS_LOSS", "0")


def hide_cursor() -> None:
    """Make the pointer invisible by giving it a fully transparent 8x8 picture.

    Not ``pygame.mouse.set_visible(False)``: with the window grabbed (the keyboard grab is
    enough) pygame-ce then switches SDL to relative mouse mode, and on X11 every click is
    reported at one stale point (about (2, 2)): taps open the wrong game and the corner gesture
    never fires. An invisible cursor keeps absolute positions for mice, single-touch panels
    and VNC alike. (The SDL_MOUSE_RELATIVE_MODE_WARP=0 hint does not help: tried under Xvfb.)
    Where a custom cursor cannot be set, ``set_visible(False)`` is the fallback; ``lock_window``
    then switches relative mode off again, which keeps the cursor hidden (also tried)."""
    blank = (0,) * 8
    try:
        pygame.mouse.set_cursor((8, 8), (0, 0), blank, blank)
    except pygame.error as error:
        log.warning("could not set an invisible cursor (%s); hiding it instead", error)
        pygame.mouse.set_visible(False)


def lock_window(app: App, config: KioskConfig) -> None:
    """Grab the keyboard (system keys come to the kiosk) and hide the cursor (not when headless).

    The mouse is not grabbed: a fullscreen window has nowhere to lose it, and a grabbed mouse
    plus a hidden cursor is what turns on SDL's relative mode (see ``hide_cursor``)."""
    if app.headless:
        return
    try:
        with warnings.catch_warnings():  # from_display_module is deprecated, still the way in 2.5
            warnings.simplefilter("ignore", DeprecationWarning)
            window = pygame.Window.from_display_module()
        window.grab_keyboard = True
    except (pygame.error, AttributeError) as error:
        log.warning("could not grab the keyboard: %s", error)
    if not config.show_cursor:
        hide_cursor()
    if pygame.mouse.get_relative_mode():  # whatever turned it on, taps need absolute positions
        pygame.mouse.set_relative_mode(False)
        log.warning("SDL had switched to relative mouse mode; switched it off")


def build_kiosk(config: KioskConfig, *, headless: bool = False, windowed: bool = False, instant: bool = False,
                clock: Clock = time.monotonic, wall: Clock = time.time) -> KioskController:
    """The app in kiosk dress (not started: call ``start``) and its controller."""
    settings, warning = load_settings()
    if warning:
        log.warning(warning)
    settings.language = config.language
    settings.sound = config.volume > 0
    settings.fullscreen = config.fullscreen and not windowed
    settings.anim_speed = "instant" if instant else "normal"
    if not headless:
        _kiosk_hints()
    app = App(settings, headless=headless, display=config.display)
    app.audio.set_volume(config.volume)
    if settings.fullscreen:
        lock_window(app, config)
    controller = KioskController(app, config, clock=clock, wall=wall)
    app.push(controller.make_title())
    return controller


def run_kiosk(config: KioskConfig, *, headless: bool = False, windowed: bool = False) -> int:
    """The kiosk app's loop (the supervisor's child). 0 when the organiser left with the PIN;
    128 + the signal (143, 130) when SIGTERM or SIGINT stopped it: the loop runs inside
    ``stop.polling()``, so a signal ends it between two frames, after ``save_for_stop``."""
    controller = build_kiosk(config, headless=headless, windowed=windowed)
    controller.windowed = windowed
    app = controller.app
    code = setup_kiosk.EXIT_ORGANISER
    try:
        with stop.polling():
            controller.start()
            offered = ", ".join(controller.offered)
            organiser_event("start", f"kiosk started (pid {os.getpid()}), offering {offered}")
            while True:
                signum = stop.requested()
                if signum is not None:
                    controller.save_for_stop(signum)
                    code = stop.exit_code_for(signum)
                    break
                dt = min(app.clock.tick(FPS) / 1000.0, 0.1)
                app.step(dt)
                if not app.running:
                    if controller.exit_requested:
                        break
                    app.running = True
    finally:
        app.close()
    return code


# ----- a clock for tests and the soak (scenes.kiosk_soak) -------------------------------------------
class FakeClock:
    """A clock that moves only when told (tests and the soak)."""

    def __init__(self, start: float = 1000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        """Move time on."""
        self.now += seconds


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
    controller.open_pin_pad()
    assert controller.pin_pad is not None
    for digit in "13":
        controller.pin_pad.press_digit(digit)
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
    """Run the soak (``scenes.kiosk_soak``) and print its figures; exit 1 if any demo failed,
    fewer games than asked were played or a visitor's tap did not land."""
    import json

    from scenes import kiosk_soak

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
