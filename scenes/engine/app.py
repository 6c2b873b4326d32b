"""The window, the clock, the scene stack and input routing.

Scenes form a stack (as in Tuxemon): the top scene gets input first and may consume it or pass it
down; only the top scene updates; drawing starts at the highest opaque scene so a dialog can sit
over the table. ``draw`` must not change state. Everything is laid out on a fixed logical surface
of 1920x1080; the window scales it (``pygame.SCALED``), so layouts never depend on the monitor.

Headless mode (``SDL_VIDEODRIVER=dummy``) runs the same code for tests, screenshots and benches;
``step(dt)`` advances one frame by hand.

Two rules keep the window honest and cheap:

- A scene that repaints only what moved (the table) asks ``App.holds(scene)`` whether the canvas
  still holds its own last picture. It does only when that scene alone was drawn last frame, on the
  same canvas, and neither the window, the scale nor the language changed since: once a dialog,
  the move log or the pause menu above it is gone, the table paints itself whole again.
- In a window (``App.lazy``) a frame is drawn and shown only when something changed: input, a scene
  pushed or popped, the window, or a scene that says it moves (``Scene.frame_rate``). A still
  screen sleeps between frames and costs next to nothing.
"""

from __future__ import annotations

import errno
import logging
import os
import time
import weakref
from collections.abc import Callable, Iterable
from typing import Any

import pygame

from game.core import stop
from game.core.settings import Settings, save_settings
from game.i18n import set_language, t
from scenes.engine import crisp, fonts, window
from scenes.engine import input as intents
from scenes.engine.input import Intent

SIZE = window.LOGICAL  # the logical canvas every scene paints on (scaled into the window)
FRAME_SETTLE = 0.3  # s after showing the window before its place is read back
FPS = 60
# s: a still screen is drawn and shown again this often (a change nobody declared shows late, not never)
HEARTBEAT = 10.0
log = logging.getLogger("kotatsu")


# a game controller's events (scenes.engine.pad turns them into intents), and the raw joystick
# events SDL sends beside them for the same device (a pad is read as a controller only)
PAD_EVENTS = frozenset((
    pygame.CONTROLLERDEVICEADDED, pygame.CONTROLLERDEVICEREMOVED, pygame.CONTROLLERDEVICEREMAPPED,
    pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP, pygame.CONTROLLERAXISMOTION,
    pygame.CONTROLLERSENSORUPDATE, pygame.CONTROLLERTOUCHPADDOWN, pygame.CONTROLLERTOUCHPADMOTION,
    pygame.CONTROLLERTOUCHPADUP, pygame.JOYAXISMOTION, pygame.JOYBALLMOTION, pygame.JOYHATMOTION,
    pygame.JOYBUTTONDOWN, pygame.JOYBUTTONUP, pygame.JOYDEVICEADDED, pygame.JOYDEVICEREMOVED,
))
# window events after which every scene paints itself whole
WINDOW_CHANGES = frozenset((pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED, pygame.WINDOWRESIZED,
                            pygame.WINDOWMAXIMIZED, pygame.WINDOWRESTORED, pygame.WINDOWDISPLAYCHANGED))


class Scene:
    """One screen (title, table, dialog...). Override what you need."""

    opaque = True  # False: the scene below is drawn first (dialogs, curtains, toasts)

    def __init__(self, app: App) -> None:
        self.app = app

    def enter(self) -> None:
        """Called once when pushed."""

    def exit(self) -> None:
        """Called once when popped or replaced."""

    def pause(self) -> None:
        """Another scene was pushed on top of this one."""

    def resume(self) -> None:
        """This scene is on top again."""

    def handle(self, intent: Intent) -> bool:
        """React to an intent; return True to consume it, False to pass it to the scene below."""
        return False

    def update(self, dt: float) -> None:
        """Advance animations and logic by ``dt`` seconds (only the top scene is updated)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Paint this scene. Must not change any state."""

    def frame_rate(self) -> float:
        """Frames a second this scene's picture needs now by itself (no input, no scene pushed or
        popped): ``FPS`` while something moves (the default, so a scene that says nothing is
        drawn every frame), a few for a slow pulse or a blinking caret, 0 while it stands still."""
        return FPS


def window_unavailable(error: pygame.error) -> OSError:
    """The one-line failure for a window SDL cannot open (no display reachable, a driver
    missing): the command line prints it instead of a traceback."""
    where = os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY") or "unset"
    return OSError(errno.ENODEV, f"cannot open a window: {error} (DISPLAY={where})", "display")


class App:
    """Owns pygame, the screen and the scene stack; gives scenes their services."""

    def __init__(self, settings: Settings | None = None, *, headless: bool = False, display: int = 0) -> None:
        self.settings = (settings or Settings()).validated()
        self.display = display  # the monitor a fullscreen window opens on (kiosk mode picks it)
        self.headless = headless or os.environ.get("SDL_VIDEODRIVER") == "dummy"
        if self.headless:
            os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
            os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        from scenes.engine.audio import alsa_quiet

        with alsa_quiet():  # pygame.init looks for a sound card too: no ALSA noise without one
            pygame.init()
        set_language(self.settings.language)
        self._placed: tuple[window.Box, float] | None = None  # where the window was put, and when
        self._frame_offset = (0, 0)  # how far the window manager moved it (see _note_frame_offset)
        self._shown = self._open_window()  # the display's surface (a window's, or the dummy's)
        # Scenes paint on a canvas of the logical size; the window shows it scaled, its text drawn
        # again at the window's own size (scenes.engine.crisp)
        self.screen: pygame.Surface = crisp.canvas(SIZE, 0, self._shown)
        self._presenter = crisp.SdlPresenter()
        # SDL starts with text input on: an IME would then catch the table's letter keys. A name
        # field turns it on while it is open (scenes.engine.name_field).
        pygame.key.stop_text_input()
        from scenes.engine.audio import Audio  # after pygame.init: it opens the mixer if it can

        self.audio = Audio(enabled=self.settings.sound)
        from scenes.engine.pad import Pads  # after pygame.init: it opens SDL's controller module

        self.pads = Pads()  # game controllers: their presses become intents (scenes.engine.pad)
        self.scenes: list[Scene] = []
        self.running = True
        self.clock = pygame.time.Clock()
        self.pointer_held = False
        self.frame_times: list[float] = []  # seconds per step(), for the frame bench
        self.after_frame: list[Callable[[], None]] = []  # one-shot callbacks run after a draw
        # Kiosk hooks (scenes/kiosk/controller.py); all inert by default, so the normal app is unchanged.
        self.ignore_quit = False  # True: window close / Alt+F4 (a QUIT intent) does nothing
        # The kiosk owns the screen: no F11/Alt+Enter, no Settings in menus, and the person's
        # settings (the window's place) are never written.
        self.locked = False
        self.intent_filter: Callable[[Intent], bool] | None = None  # sees every intent first; True eats it
        self.frame_hooks: list[Callable[[float], None]] = []  # each frame, after input, before update
        self.overlays: list[Callable[[pygame.Surface], None]] = []  # painted over every scene
        self.on_error: Callable[[Exception], None] | None = None  # set: a frame's exception goes here
        self._canvas: pygame.Surface | None = None  # where scenes paint while there are overlays
        # What the canvas holds (see ``holds``): the scenes the last frame painted (weakly: a scene
        # left behind is not kept alive by it) and on what
        self._drawn: tuple[weakref.ref[Scene], ...] = ()
        self._drawn_on = 0  # id of the surface they painted on
        self._holding: Scene | None = None  # while drawing: the scene whose last picture is still there
        self._repaint = True  # the window, the scale or the language changed: paint everything anew
        self._generation = crisp.generation()
        # Lazy frames: in a window, draw and show a frame only when something changed
        self.lazy = not self.headless
        self._changed = True  # input, a scene pushed or popped, the window: the next frame is drawn
        self._since_drawn = 0.0  # seconds (of ``dt``) since the last frame drawn
        self.frames_drawn = 0  # frames drawn (and shown, in a window) so far

    # ----- window ----------------------------------------------------------------------------
    def _open_window(self) -> pygame.Surface:
        """A window that scales the logical surface (or a plain surface when headless).

        The window opens hidden, is fitted to the display's usable area (or put back where it was
        left, see ``scenes.engine.window``), then shown: a 1920x1080 window never hangs off a laptop's
        screen. SDL scales the canvas smoothly (linear), never nearest-pixel."""
        pygame.display.set_caption("Kotatsu Table")
        if self.headless:
            return pygame.display.set_mode(SIZE)
        os.environ.setdefault("SDL_RENDER_SCALE_QUALITY", "linear")
        flags = pygame.SCALED | (pygame.FULLSCREEN if self.settings.fullscreen else pygame.RESIZABLE | pygame.HIDDEN)
        try:
            screen = pygame.display.set_mode(SIZE, flags, vsync=1, display=self.display)
        except pygame.error:
            try:
                screen = pygame.display.set_mode(SIZE, flags, display=self.display)
            except pygame.error as error:
                raise window_unavailable(error) from error
        if not self.settings.fullscreen:
            self._show_fitted()
        return screen

    def _show_fitted(self) -> None:
        """Put the window where it was left (if that still fits a display) or fit it, and show it."""
        box = window.restore_window(self.settings.window, window.usable_areas(), self.display)
        window.place(box)
        window.scale_freely()
        shown = window.window()
        if shown is not None:
            shown.show()
            self._placed = (box, time.perf_counter())

    def _note_frame_offset(self) -> None:
        """Once the window manager has framed the new window, note how far it moved the window
        from where it was put (its title bar): saving the place minus that offset keeps the
        window from creeping down by a title bar at every launch."""
        if self._placed is None or time.perf_counter() - self._placed[1] < FRAME_SETTLE:
            return
        box, self._placed = self._placed[0], None
        now = window.current_box()
        if now is not None and abs(now[0] - box[0]) <= 64 and abs(now[1] - box[1]) <= 64:
            self._frame_offset = (now[0] - box[0], now[1] - box[1])

    def set_fullscreen(self, on: bool) -> None:
        """Switch between window and fullscreen (kept in the settings); back in a window, it
        returns to where it was."""
        if on == self.settings.fullscreen:
            return
        if on:
            self.remember_window()
        self.settings.fullscreen = on
        self.save_settings()
        self.invalidate()
        if not self.headless:
            pygame.display.toggle_fullscreen()
            if not on:
                self._show_fitted()
            window.scale_freely()

    def remember_window(self) -> None:
        """Note the window's size and position in the settings (not while fullscreen)."""
        if self.headless or self.settings.fullscreen:
            return
        # a key (F11) can come before the loop's first look at the frame: take that look now, so
        # the title bar is never saved as part of the place (the window would creep down by it)
        self._note_frame_offset()
        box = window.current_box()
        if box is not None:
            x, y, width, height = box
            self.settings.window = [x - self._frame_offset[0], y - self._frame_offset[1], width, height]

    def handle_window_keys(self, event: pygame.event.Event) -> bool:
        """F11 and Alt+Enter toggle fullscreen on every screen (not in the ``locked`` kiosk);
        True when the key was used."""
        if event.type != pygame.KEYDOWN or self.locked:
            return False
        if event.key == pygame.K_F11 or (event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
                                         and event.mod & pygame.KMOD_ALT):
            self.set_fullscreen(not self.settings.fullscreen)
            return True
        return False

    def set_language(self, lang: str) -> None:
        """Switch every text to ``lang`` now, and remember it."""
        self.settings.language = lang
        set_language(lang)
        self.save_settings()
        self.invalidate()

    def save_settings(self) -> None:
        """Persist the settings; a failure to write is logged, never fatal."""
        try:
            save_settings(self.settings)
        except OSError as error:
            log.warning("could not save settings: %s", error)

    @staticmethod
    def t(key: str, **params: Any) -> str:
        """Catalogue text in the current language."""
        return t(key, **params)

    # ----- scene stack -----------------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        """The scene receiving input."""
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        """Put ``scene`` on top; the previous top pauses."""
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        self._changed = True
        scene.enter()

    def pop(self) -> Scene | None:
        """Remove the top scene; the one below resumes. Popping the last scene quits."""
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        self._changed = True
        scene.exit()
        if self.scenes:
            self.scenes[-1].resume()
        else:
            self.running = False
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for ``scene``."""
        if self.scenes:
            self.scenes.pop().exit()
        self.scenes.append(scene)
        self._changed = True
        scene.enter()

    def reset_to(self, scene: Scene) -> None:
        """Drop every scene and start again from ``scene`` (e.g. back to the title)."""
        while self.scenes:
            self.scenes.pop().exit()
        self.scenes.append(scene)
        self._changed = True
        scene.enter()

    # ----- frames ----------------------------------------------------------------------------
    def dispatch(self, intent: Intent) -> None:
        """Offer an intent to the scenes from the top down until one consumes it."""
        self._changed = True
        if self.intent_filter is not None and self.intent_filter(intent):
            return
        if intent.pad and self.pad_refused(intent.pad):
            return
        if intent.kind == intents.QUIT:
            if not self.ignore_quit:
                self.running = False
            return
        for scene in reversed(list(self.scenes)):
            if scene.handle(intent):
                return

    def pump(self) -> None:
        """Translate pending pygame events into intents and dispatch them."""
        for event in pygame.event.get():
            if event.type in PAD_EVENTS:  # a pad's intents wake a frame (``dispatch``); a stick's
                self.pad_event(event)  # jitter inside its dead zone does not
                continue
            self._changed = True  # any event may change the picture (a hover, an exposed window)
            if event.type in WINDOW_CHANGES:
                self.invalidate()
            if self.handle_window_keys(event):
                continue
            if event.type == pygame.KEYDOWN and self.pads.key_pressed():
                self.invalidate()  # the hints show keys again
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                self.pointer_held = True
            elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
                self.pointer_held = False
            intent = intents.translate(event, SIZE, self.pointer_held)
            if intent is not None:
                self.dispatch(intent)

    def pad_event(self, event: pygame.event.Event) -> None:
        """A controller's event: its intents, a pad plugged in, or one gone (whatever it was
        doing at the table is let go, nothing else is lost)."""
        glyphs = self.pads.glyphs
        lost = self.pads.pads.get(event.instance_id) if event.type == pygame.CONTROLLERDEVICEREMOVED else None
        for intent in self.pads.translate(event):
            self.dispatch(intent)
        if lost is not None:
            for scene in reversed(list(self.scenes)):
                if hasattr(scene, "pad_lost"):
                    scene.pad_lost(lost.number)
                    break
        if self.pads.glyphs != glyphs:
            self.invalidate()  # the hints show the pad's glyphs now

    def pad_refused(self, number: int) -> bool:
        """True when pad ``number`` may not act here: at a hot-seat table (a scene with a
        ``pad_gate``) only the acting seat's pad may; the top scene tells why in its toast.
        Menus, help and the other screens are open to every pad."""
        top = self.top
        gate = getattr(top, "pad_gate", None)
        if top is None or gate is None:
            return False
        seats = gate()
        if seats is None:
            return False
        refusal = self.pads.refusal(seats, number)
        if refusal is None:
            return False
        key, params = refusal
        seat = params.get("seat")
        if seat is not None:
            from scenes.engine.ui import seat_label

            params = {**params, "name": seat_label(seat, seats[0].seats[seat])}
        toast = getattr(top, "toast", None)
        if toast is not None:
            toast.show(t(key, **params), 2.4)
        log.info("pad %d refused: %s", number, key)
        return True

    def drawn_scenes(self) -> list[Scene]:
        """The scenes a frame paints, bottom up: from the highest opaque one to the top."""
        for index in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[index].opaque:
                return self.scenes[index:]
        return list(self.scenes)

    def draw(self) -> None:
        """Paint from the highest opaque scene up, then any overlays."""
        drawn = self.drawn_scenes()
        target = self._scene_canvas() if self.overlays else self.screen
        kept = not self._repaint and self._drawn_on == id(target) and len(self._drawn) == 1
        self._holding = self._drawn[0]() if kept else None
        try:
            for scene in drawn:
                scene.draw(target)
                self._holding = None  # whatever comes next paints over a scene drawn just now
        finally:
            self._holding = None
        self._drawn = tuple(weakref.ref(scene) for scene in drawn)
        self._drawn_on, self._repaint = id(target), False
        if target is not self.screen:
            self.screen.blit(target, (0, 0))
            for overlay in self.overlays:
                overlay(self.screen)

    def paint_fresh(self, surface: pygame.Surface) -> None:
        """Paint the scenes drawn now, and any overlays, on ``surface`` as on a first frame: no
        scene may count on what a canvas held before (the frame every incremental one must equal)."""
        target = crisp.canvas(surface.get_size(), 0, surface) if self.overlays else surface
        for scene in self.drawn_scenes():
            scene.draw(target)
        if target is not surface:
            surface.blit(target, (0, 0))
            for overlay in self.overlays:
                overlay(surface)

    def holds(self, scene: Scene) -> bool:
        """True while ``scene`` is being drawn on the very canvas that still holds the picture it
        left there last frame: it was the only scene drawn then, on this canvas, and neither the
        window, the scale nor the language changed since. Only then may it repaint just what moved;
        otherwise something else (a dialog, the move log, a menu now closed) may still show."""
        return self._holding is not None and scene is self._holding

    def invalidate(self) -> None:
        """The next frame paints every scene whole and is shown (the window, its scale or the
        language changed)."""
        self._repaint = True
        self._changed = True

    def frame_rate(self) -> float:
        """Frames a second the screen needs now by itself: the top scene's. Only the top scene
        updates (``step``), so a scene below it (a table under its pause menu) cannot move."""
        return self.top.frame_rate() if self.top is not None else 0.0

    def frame_due(self) -> bool:
        """True when this frame must be drawn: always headless or when not ``lazy``; in a window
        after input or a change of scene or window, when the top scene moves at a rate that asks
        for a frame by now (``frame_rate``), and at least every ``HEARTBEAT`` seconds."""
        if not self.lazy or self._changed or self.after_frame or self.overlays or self.frame_hooks:
            return True
        rate = self.frame_rate()
        if rate > 0 and self._since_drawn >= 1.0 / rate - 0.25 / FPS:
            return True
        return self._since_drawn >= HEARTBEAT

    def _shown_box(self) -> window.Box:
        """Where the window shows the canvas now (letterboxed as SDL does)."""
        return window.content_box(pygame.display.get_window_size())

    def present(self) -> None:
        """Show the painted canvas in the window: through the SDL renderer with its text at the
        window's size, or (when that renderer cannot be reached) as pygame shows a SCALED window."""
        # the screen is a Canvas unless a test's surface class stands in for pygame's (never with a renderer)
        if isinstance(self.screen, crisp.Canvas) and \
                self._presenter.show(self.screen, self._shown_box(), window.renderer_address(), fonts.text):
            return
        self._shown.blit(self.screen, (0, 0))
        pygame.display.flip()

    def _scene_canvas(self) -> pygame.Surface:
        """With overlays, scenes paint on a canvas of their own: a table that repaints only what
        moved then never keeps an overlay's pixels once the overlay is gone."""
        if self._canvas is None or self._canvas.get_size() != self.screen.get_size():
            self._canvas = crisp.canvas(self.screen.get_size(), 0, self.screen)
        return self._canvas

    def step(self, dt: float, feed: Iterable[Intent] = ()) -> None:
        """One frame: input (pygame's queue, then ``feed``), update the top scene, draw.

        With ``on_error`` set (kiosk mode), an exception anywhere in the frame is handed to it
        instead of ending the loop.
        """
        if self.on_error is None:
            self._frame(dt, feed)
            return
        try:
            self._frame(dt, feed)
        except Exception as error:  # noqa: BLE001 - the kiosk logs it and falls back to the title
            self.on_error(error)

    def _frame(self, dt: float, feed: Iterable[Intent]) -> None:
        """The body of ``step``."""
        began = time.perf_counter()
        self.pump()
        for intent in self.pads.tick(dt):  # a direction held on a pad repeats
            self.dispatch(intent)
        for intent in feed:
            self.dispatch(intent)
        for hook in list(self.frame_hooks):
            hook(dt)
        if self.top is not None:
            self.top.update(dt)
        if not self.headless:
            crisp.set_marking(crisp.needs_redraw(self._shown_box()[2] / SIZE[0]))
        if crisp.generation() != self._generation:  # text marks came or went: every picture anew
            self._generation = crisp.generation()
            self.invalidate()
        self._since_drawn += dt
        if self.frame_due():
            self._changed, self._since_drawn = False, 0.0
            self.draw()
            self.frames_drawn += 1
            if not self.headless:
                self.present()
        if not self.headless:
            self._note_frame_offset()
        self.frame_times.append(time.perf_counter() - began)
        if len(self.frame_times) > 10000:
            del self.frame_times[:5000]
        callbacks, self.after_frame = self.after_frame, []
        for callback in callbacks:
            callback()

    def loop(self) -> int | None:
        """Frames until the last scene is popped, the window is closed or a stop signal comes.

        A first SIGTERM/SIGINT only ends the loop between two frames (``stop.polling``), so no
        frame is cut in half and the caller can save before ``close``; a second one raises
        ``stop.Stopped`` at once. Returns that signal's number, or None."""
        with stop.polling():
            while self.running and self.scenes and stop.requested() is None:
                dt = min(self.clock.tick(FPS) / 1000.0, 0.1)  # a stall never makes tweens jump far
                self.step(dt)
            return stop.requested()

    def run(self) -> int | None:
        """``loop``, then ``close``; the stop signal's number if one ended it, else None."""
        signum = self.loop()
        self.close()
        return signum

    def close(self) -> None:
        """Leave every scene, remember where the window was, and shut pygame down."""
        while self.scenes:
            self.scenes.pop().exit()
        if not self.headless and not self.settings.fullscreen and not self.locked:
            before = self.settings.window
            self.remember_window()
            if self.settings.window != before:
                self.save_settings()
        self._presenter.release()
        pygame.quit()
