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
  wrong PINs lock the pad for a while. With ``[pad] enabled`` (an arcade pad) game controllers
  play as well: a press is a touch for every timer (it ends the demo, answers "Still playing?"),
  and holding Select and Start together for ``hold_seconds`` is the hidden gesture; with pads off
  a pad plugged in does nothing. An unexpected exception is logged and the kiosk falls back
  to the title (too many in a minute: the app exits and the supervisor restarts it).

Every timer reads an injectable clock, so tests drive it with a fake one. The visitor's game is
autosaved after every action by its table; the kiosk also keeps a small session file (whose game,
when last touched) so that after a crash or a power cut the game comes back unless it had gone
idle. Demo tables never touch the autosave.

The demos are run by ``scenes.kiosk.attract`` and the way out by ``scenes.kiosk.exit_lock``; the
kiosk's own pictures and the scenes it swaps in (title, setup, PIN pad, overlays) are in
``scenes.kiosk.screens``; ``python -m game kiosk`` and its flags in ``scenes.kiosk.command``; the
soak in ``scenes.kiosk.soak``.
"""

from __future__ import annotations

import logging
import os
import time
import warnings
from collections.abc import Callable
from typing import Any

import pygame

from game import kiosk as setup_kiosk
from game.core import autosave, stop
from game.core.match import Match
from game.core.records import table_level
from game.core.settings import load_settings
from game.i18n import language, set_language, t
from game.kiosk import (
    KioskConfig,
    Session,
    organiser_event,
    signal_name,
)
from scenes import routes
from scenes.engine import input as intents
from scenes.engine.app import FPS, App, Scene
from scenes.engine.input import Intent
from scenes.kiosk.attract import AttractLoop
from scenes.kiosk.exit_lock import ExitLock
from scenes.kiosk.screens import KioskTitle, draw_attract_banner, draw_return_hint, draw_still_playing
from scenes.menus.results import Results
from scenes.menus.title import Title
from scenes.table import launch as tables
from scenes.table.base import TableScene
from scenes.table.remote import is_remote

log = logging.getLogger("kotatsu.kiosk")

TITLE, ATTRACT, GAME, RESULTS = "title", "attract", "game", "results"
SESSION_EVERY = 5.0  # s between two session writes while a visitor plays
MAX_ERRORS_PER_MINUTE = 5  # more: give up, exit, and let the supervisor restart the app

Clock = Callable[[], float]


# ----- the controller -------------------------------------------------------------------------------
class KioskController:
    """Idle timers, the visitor's game and the crash fallback; it owns the demos (``attract``, an
    ``AttractLoop``) and the way out (``lock``, an ``ExitLock``). See the module docstring."""

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
        self.exit_requested = False
        self.windowed = False  # --windowed: a tryout, where closing the window ends it
        self.warning_since: float | None = None
        self.lock = ExitLock(app, config, clock, self.exit)
        self.attract = AttractLoop(app, config, self.offered, clock, self.back_to_title)
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
        return KioskTitle(self.app, self.offered, self.config.ai_levels, self.config.tutorials,
                          self.config.served_seat())

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
            match = getattr(scene, "match", None)
            if isinstance(match, Match) or is_remote(match):  # a served table's seat counts too
                return scene
        return None

    def mode(self) -> str:
        """Title (with its menus), attract, a visitor's game, or the results of one."""
        if self.attract.demo is not None:
            return ATTRACT
        table = self.visitor_table()
        if table is None:
            return TITLE
        return RESULTS if table.match.is_over() else GAME  # type: ignore[attr-defined]  # visitor_table has a match

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

    def exit(self) -> None:
        """The organiser typed the PIN: the loop ends and the kiosk with it."""
        self.exit_requested = True
        self.app.running = False

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
        if intent.pad and not self.config.pad:
            return True  # pads are off: one plugged in by a visitor does nothing
        if not self.is_activity(intent):
            return self.lock.pin_pad is not None or self.attract.demo is not None
        now = self.clock()
        self.last_activity = now
        self.lock.track_corner(intent, now)
        self._heartbeat()
        if self.lock.pin_pad is not None:
            self.lock.pin_pad.handle(intent)
            return True
        if self.swallowing:
            if intent.kind == intents.RELEASE:
                self.swallowing = False
            return intent.kind in (intents.MOVE, intents.RELEASE)
        if self.attract.demo is not None:
            self.stop_attract()
            self.swallowing = intent.kind == intents.PRESS
            return True
        if self.warning_since is not None:
            self.warning_since = None
            self.swallowing = intent.kind == intents.PRESS
            return True
        return False

    # ----- each frame ----------------------------------------------------------------------------
    def tick(self, dt: float) -> None:
        """Timers and bookkeeping, once per frame before the top scene updates."""
        now = self.clock()
        if not self.app.scenes:
            self.app.push(self.make_title())
        if not self.app.running and not self.exit_requested:
            self.app.running = True  # something tried to quit: only the PIN may
        if self.lock.check(now):
            self.swallowing = False  # the touch that opened the pad is not a visitor's
        mode = self.mode()
        if mode != self.last_mode:
            self.last_mode, self.mode_since = mode, now
            if mode != GAME:
                self.warning_since = None
        if mode == ATTRACT:
            self.attract.tick(now)
        else:
            self._track_visitor()
            self._tick_idle(mode)
        self._write_status(mode)

    def _tick_idle(self, mode: str) -> None:
        """The idle rules of the title, a visitor's game and its results."""
        if self.lock.pin_pad is not None:
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
        match: Match = table.match  # type: ignore[attr-defined]  # visitor_table has a match
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
            # visitors are anonymous: no profile, only the organiser's count by game and AI level
            organiser_event("completed", f"a visitor finished {match.game_id}", game=match.game_id,
                            moves=len(match.log), level=table_level(match))
            setup_kiosk.write_session(Session())

    def _heartbeat(self) -> None:
        """While a visitor's game is open, note on disk (at most every few seconds) when they last
        touched the table: after a power cut that says whether the game had gone idle."""
        if self.visitor_key is None or self.visitor_done or self.attract.demo is not None:
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
        if not self.attract.next_demo():
            self.app.audio.set_enabled(self.sound_on)
            self.mode_since = self.clock()  # try again after another idle spell

    def stop_attract(self) -> None:
        """A touch: the demo goes and the title is back, with its sound."""
        self.attract.demo = None
        self.back_to_title()
        self.app.audio.set_enabled(self.sound_on)
        self.refresh_title()

    # ----- errors ----------------------------------------------------------------------------------
    def recover(self, error: Exception) -> None:
        """A frame raised: log it and go back to the title (a failing demo: the next demo).
        Many errors in a minute mean something is badly wrong: re-raise, the supervisor restarts."""
        now = self.clock()
        self.errors = [when for when in self.errors if now - when < 60.0] + [now]
        if len(self.errors) > MAX_ERRORS_PER_MINUTE:
            log.error("%d errors within a minute: the kiosk app stops and will be restarted", len(self.errors))
            raise error
        if self.attract.demo is not None:
            self.attract.demo_failed(self.attract.demo.game_id, error)
            log.error("the demo failed", exc_info=error)
            if not self.attract.next_demo():
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
        demo = self.attract.demo
        game = demo.game_id if demo is not None else (match.game_id if match else "")
        scene = type(self.app.top).__name__ if self.app.top is not None else ""
        key = (mode, game, match.seed if match else None, len(match.log) if match else None, scene,
               self.lock.pin_pad is not None)
        if key == self.status_key and not force:
            return
        self.status_key = key
        status: dict[str, Any] = {"pid": os.getpid(), "mode": mode, "game": game, "scene": scene,
                                  "pin_pad": self.lock.pin_pad is not None, **extra}
        if match is not None:
            status.update(seed=match.seed, moves=len(match.log), position=match.rules.notation(match.state))
        setup_kiosk.write_status(status)

    # ----- stopping on a signal --------------------------------------------------------------------
    def save_for_stop(self, signum: int) -> None:
        """The operating system asked the kiosk to stop (SIGTERM from systemd or the supervisor,
        Ctrl+C): make sure the visitor's game is on disk, with its session, so that it comes back
        at the next start unless it goes idle meanwhile; then say so in the status and the log."""
        table = self.visitor_table() if self.attract.demo is None else None
        if isinstance(table, TableScene) and table.save_now():
            match = table.match
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
            demo = self.attract.demo
            draw_attract_banner(surface, demo.game_id if demo else "", self.clock())
        elif mode == GAME and self.warning_since is not None:
            draw_still_playing(surface, self.warning_left(), self.config.countdown)
        elif mode == RESULTS:
            left = self.play_again_left()
            if left <= min(20.0, self.config.play_again_for / 2):
                draw_return_hint(surface, left)
        if self.lock.pin_pad is not None:
            self.lock.pin_pad.draw(surface)


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
    routes.install()
    app = App(settings, headless=headless, display=config.display)
    app.locked = True  # the organiser chose the window and the settings: a visitor changes neither
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


# ----- a clock for tests and the soak (scenes.kiosk.soak) -------------------------------------------
class FakeClock:
    """A clock that moves only when told (tests and the soak)."""

    def __init__(self, start: float = 1000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        """Move time on."""
        self.now += seconds
