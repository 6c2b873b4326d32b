"""What every table scene shares, whatever the game: ``TableScene``. Its AI seats are in
``scenes.table.ai_seats``, its still layer (and ``StillPart``) in ``scenes.table.still``, the hooks a
game overrides (with their defaults) in ``scenes.table.hooks``; it owns its event playback
(``scenes.table.playback``) and speech bubbles (``scenes.table.bubbles``); the modal panels are in
``scenes.table.panel``. What a game's parts may use from it is declared in ``scenes.table.view``.

A table scene shows one match from one seat's side (the *viewer*, at the bottom). The base does
everything that is not about a game's own pieces:

- construction from ``(app, match, viewer=None, ai_enabled=True)``; the viewer defaults to the
  person to act, else the first person, else seat 0;
- actions: ``attempt(action)`` offers the viewer's action to the match; the rules accept it (it is
  autosaved in the background, its events are queued) or refuse it with their reason (a toast, the
  refusal sound, then the ``on_refused`` hook so the game can spring a piece back);
  ``press_undo()``, ``open_help()``, ``to_menu()``; the Undo, Help and Menu buttons;
- the AI: once nothing is animating and an AI seat is to act, its observation and legal actions go
  to an ``AiWorker`` (a process; inline when headless); the answer is applied after at least
  ``AI_MIN_THINK`` seconds (so a person can still take back their own move); Undo and leaving the
  table cancel the request;
- hot-seat (``scenes.table.hotseat``): with two or more people at one screen a curtain goes up
  before another person's turn, then the table is rebuilt from the new viewer's side
  (``hand_hidden`` is True under it);
- event playback: rules events wait in ``pending``; each is given to the handler registered for
  its type (``event_handlers()``); a handler starts animations on ``self.animator`` and the next
  event starts only once they are done (at speed 0 everything finishes at once); at rest the
  pieces are re-read from the observation when ``needs_sync()`` says they drifted;
- a modal ``panel`` (e.g. a round summary, a ``ModalPanel``) stops playback and takes all input
  until ``continue_round()``; with nobody at the table it continues by itself;
- the end: map the game's final event to ``finish_match`` (fanfare, autosave cleared, results);
- drawing: a still layer (the table, the game's ``still_parts()``, the status banner, the buttons)
  is kept in one picture and repainted part by part when a part's signature changes; each frame
  only the areas the moving pieces covered are restored before ``draw_moving`` paints them again.

Subclass hooks (``build_pieces``, ``sync_from_observation``, ``event_handlers``, ``still_parts`` and
``draw_moving`` are required; the rest have sensible defaults):

================================  ==============================================================
``build_pieces()``                create the piece objects for the current ``viewer`` (also called
                                  again after a curtain switches the viewer)
``sync_from_observation()``       set every piece to ``self.observation()``, without animation
``event_handlers()``              ``{EventType: handler}``; a handler starts animations; it may pop
                                  following events off ``self.pending`` to animate them together
``still_parts()``                 ``{name: StillPart}``: what changes only when the game does
``draw_moving(surface)``          paint the moving pieces; return the rectangles painted
``queue_intro()``                 a fresh match (empty log): queue the events its deal amounts to
``needs_sync()``                  at rest: True when the pieces differ from the observation
``game_buttons()``                the game's own buttons (placed before Undo, Help, Menu)
``paint_still_base(surface)``     what never changes (default: the table and the game's title)
``your_turn_text()``              status line when the viewer is to act
``waiting_text(seat)``            status line while another person is to act
``refresh_hints()``               re-read glows and notes after anything changed
``on_applied(events)``            any action went through (a person's or an AI's): forget held
                                  pieces; called before its events are queued
``on_refused(reason)``            the rules (or the table) said no: spring the piece back
``clear_selection()``             forget held/selected pieces at once (undo, curtain, new viewer)
``drop_held()``                   let go of a piece held by the pointer, animated (help, pause)
``handle_pointer(intent)``        press/move/release (default: the buttons, unless
                                  ``pointer_holds()`` a piece, then ``pointer_down/move/up(pos...)``,
                                  which do nothing)
``handle_nav(dx, dy)``            arrows; ``handle_focus(step)`` Tab; ``handle_activate()`` Enter
``handle_key(key)``               letter shortcuts (default: H help)
``handle_back(key)``              Esc/Backspace: ``let_go()`` (a held piece or a choice in
                                  progress; default: nothing held), else Esc opens the menu
                                  and Backspace undoes (as U and Ctrl+Z do)
================================  ==============================================================

A subclass sets its own attributes *before* calling ``super().__init__``: the base constructor
ends by calling ``build_pieces()`` and then ``sync_from_observation()`` or ``queue_intro()``.

Also for subclasses: ``observation()`` (the viewer's, computed once per state of the match),
``idle()``, ``seat_to_move()``, ``viewer_may_act()``, ``hand_interactive()``, ``can_undo()``,
``name_of(seat)``, ``speed()``, ``refuse(reason)`` (a refusal the table itself decides),
``fast_forward()``, ``picture_part(signature, picture, **where)`` (a still part that is one
picture), ``status_part()`` (override to move or restyle the status banner), ``self.animator``
(gates event playback) and ``self.ambient`` (hover lifts, bubbles: never gates), ``self.toast``.
Class attributes: ``KEYS_TEXT`` (i18n key of the keyboard hint), ``felt`` (the mat's rectangle),
``status_y`` (the status banner's centre line).

A minimal subclass::

    class ChipTable(TableScene):
        def __init__(self, app, match, **options):
            self.chips: list[Token] = []
            super().__init__(app, match, **options)

        def build_pieces(self) -> None:
            self.chips = [Token((300.0 + 200 * seat, 500.0)) for seat in range(self.match.players)]

        def sync_from_observation(self) -> None:
            obs = self.observation()
            for chip, place in zip(self.chips, obs.places):
                chip.rest(place)

        def event_handlers(self):
            return {ChipMoved: self.animate_move, GameEnded: self.finish_match}

        def animate_move(self, event: ChipMoved) -> None:
            self.animator.add(self.chips[event.seat].hop(event.target))

        def still_parts(self) -> dict[str, StillPart]:
            return {}

        def draw_moving(self, surface):
            return [chip.draw(surface) for chip in self.chips]
"""

from __future__ import annotations

import logging
import weakref
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.core.errors import IllegalAction
from game.core.events import Event
from game.core.match import Match
from game.i18n import t
from game.narrate import reason_text
from scenes.engine import anim, router
from scenes.engine import input as intents
from scenes.engine.app import App, Scene
from scenes.engine.input import Intent
from scenes.engine.ui import Button, FocusGroup, Toast, seat_label
from scenes.table import art, labels
from scenes.table.ai_seats import AiSeats
from scenes.table.bubbles import SpeechBubbles
from scenes.table.flight import flight
from scenes.table.hint import HintSeat
from scenes.table.hooks import TableHooks
from scenes.table.hotseat import HotSeat
from scenes.table.labels import compact_name
from scenes.table.marks import MoveMarks
from scenes.table.pad_seat import PadSeat
from scenes.table.part import Guide
from scenes.table.pieces import Bubble
from scenes.table.playback import EventPlayback
from scenes.table.remote import RemoteSeat
from scenes.table.saver import BackgroundSaver, NullSaver
from scenes.table.still import StillLayer
from scenes.table.undo import UndoSeat
from scenes.table.undo_button import ExplainedButton

if TYPE_CHECKING:
    from scenes.table.panel import ModalPanel

# ----- layout (logical 1920x1080) ------------------------------------------------------------------
SCREEN = (1920, 1080)
FELT = (150, 92, 1620, 744)
STATUS_Y = 772
# Tables built and not yet closed: when the last one closes, the tables' pictures go (a new table
# built before the old one closes, a rematch, finds them still there).
_open_tables: weakref.WeakSet[TableScene] = weakref.WeakSet()
UNDO_RECT = (1580, 944, 300, 72)
LOG_RECT = (1492, 30, 92, 60)
HELP_RECT = (1596, 30, 136, 60)
MENU_RECT = (1744, 30, 148, 60)

# ----- timings (seconds at normal speed) -----------------------------------------------------------
STRIP_ABOVE_STATUS = 34  # px from the prompt banner's middle to the top of the viewer's strip
TOAST_GAP = 8  # px between a toast and the viewer's strip



class TableScene(HintSeat, AiSeats, RemoteSeat, StillLayer, PadSeat, UndoSeat, TableHooks, Scene):
    """The game-independent table (see the module docstring for what it does and its hooks)."""

    KEYS_TEXT = "table.keys"  # i18n key of the keyboard hint in the lower left corner
    PAD_TEXT = "pad.table_hint"  # i18n key of the same hint with a pad's glyphs (scenes.engine.pad)
    PAD_X_KEY = ""  # the letter key a pad's X stands for at this table (Pass, Reveal...)
    SETTING_OUT_EVENTS: tuple[type, ...] = ()  # the events that set the table out (a deal, a round's start)
    felt: tuple[int, int, int, int] = FELT
    status_y = STATUS_Y
    flying: list[Any]  # pieces in the air, drawn over the still layer (each subclass makes the list)

    def __init__(self, app: App, match: Match, *, viewer: int | None = None, ai_enabled: bool = True,
                 worker_inline: bool | None = None) -> None:
        super().__init__(app)
        _open_tables.add(self)
        self.match = match
        self.rules = match.rules
        self.logger = logging.getLogger(f"kotatsu.{match.game_id}")
        self.humans = [seat for seat, info in enumerate(match.seats) if info.is_human]
        self.viewer = viewer if viewer is not None else self._initial_viewer()
        self.animator = anim.Animator(app.settings.speed_factor)  # event playback: gates turns
        self.ambient = anim.Animator(app.settings.speed_factor)  # hover lifts, bubbles: never gates
        self.speech = SpeechBubbles(self.ambient, self.keep_clear)
        self.bubbles: list[Bubble] = self.speech.shown  # the speech bubbles shown (the games paint them)
        self.move_marks = MoveMarks()  # other seats' latest moves, outlined for a beat (mark_move)
        self.playback = EventPlayback(self)  # rules events -> the game's animations, one after another
        self.pending: deque[Event] = self.playback.pending  # the same queue: a handler may pop from it
        self.panel: ModalPanel | None = None
        self._veiled: pygame.Surface | None = None  # the dimmed table under the open panel
        self._veiled_key: tuple[Any, str, int] | None = None  # (that panel, language, viewer)
        self.finished = False
        self.curtain_up = False
        self.hand_hidden = False  # the viewer's private pieces are hidden (under a curtain)
        self.hotseat = HotSeat(self)  # the curtain between the people at one screen
        # a toast sits above the prompt, never over the viewer's hand (see ``viewer_strip``)
        self.toast = Toast(bottom_margin=SCREEN[1] - self.viewer_strip().top + TOAST_GAP)
        self.ai_enabled = ai_enabled
        self.worker_inline = bool(app.headless) if worker_inline is None else worker_inline
        # The autosave's fsync can take milliseconds: off the render thread, except in headless
        # instant runs (tests, shots) where a file on disk right after each action is simplest.
        self.saver: BackgroundSaver | NullSaver = BackgroundSaver(
            background=not (app.headless and app.settings.speed_factor <= 0))
        self.setup_remote(viewer)  # a match hosted elsewhere: its seat, no AI, no autosave
        self.worker = None
        self.ai_ticket: Any = None
        self.ai_answer: Any = None
        self.ai_seat = -1
        self.ai_waited = 0.0
        self.rejections = 0  # refused actions (for tests and the bench)
        # a layer leading the play for a while (the tutorial): asked first by ``attempt``,
        # ``press_undo`` and the Hint (see ``Guide``); None at an ordinary table
        self.guide: Guide | None = None
        self._observed: tuple[int, Any, int, int, Any] | None = None  # (viewer, state, log, events, obs)
        self._still: pygame.Surface | None = None  # pixel cache of the still layer
        self._still_key: tuple[Any, ...] = ()
        self._still_shown: dict[str, tuple[Any, pygame.Rect]] = {}  # part -> (signature, area)
        self._names: dict[tuple[int, str], str] = {}
        self._painted: list[pygame.Rect] = []  # areas the moving pieces covered last frame
        self._last_frame: tuple[int, bool] = (0, True)  # (screen id, something covered the table)
        self._drawn_key: tuple[Any, ...] = ()  # ``picture_key`` when the table was last drawn
        self._still_checks = 0  # frames since the still parts were last compared (``frame_rate``)
        art.prewarm()
        art.table_surface(SCREEN, self.felt)
        self._build_buttons()
        self.build_pieces()
        if match.log or match.is_over():
            self.sync_from_observation()
        else:
            self.queue_intro()

    # ----- the status line ------------------------------------------------------------------------
    def prompt_text(self) -> str:
        """The viewer's prompt once the table is at rest, what is playing until then."""
        return self.your_turn_text() if self.at_rest() else self.playback_text()

    def playback_text(self) -> str:
        """The status while the table still shows what just happened and the viewer is next: a
        prompt waits until the cards are dealt, the dice have landed and the move has flown.
        "Setting out" is said only while the table is being set out (``EventPlayback``); a cat
        hop or a card settling after a move names the seat that moved; the viewer's own move (or the
        rules' own step, such as the cat's hop) settling says nothing until the prompt is true."""
        if self.playback.is_setting_out():
            return t("table.status.setting")
        seat = self.playback.last_actor
        if seat is not None and seat != self.viewer and 0 <= seat < self.match.players:
            return t("table.status.moving", player=self.name_of(seat))
        return ""

    # ----- set-up ----------------------------------------------------------------------------------
    def _initial_viewer(self) -> int:
        """The seat shown at the bottom: the human to act, else the first human, else seat 0."""
        to_move = self.match.to_move()
        if to_move and self.match.seats[to_move[0]].is_human:
            return to_move[0]
        return self.humans[0] if self.humans else 0

    def _build_buttons(self) -> None:
        """The game's buttons, Undo at the lower right, Help and Menu at the top right."""
        # pressed while unavailable it says why (see ``press_undo``)
        self.undo_button = ExplainedButton(pygame.Rect(UNDO_RECT), lambda: t("table.undo"), self.press_undo,
                                           available=self.can_undo)
        self.help_button = Button(pygame.Rect(HELP_RECT), lambda: t("table.help"), self.open_help,
                                  style="ghost")
        self.menu_button = Button(pygame.Rect(MENU_RECT), lambda: t("table.menu"), self.open_pause,
                                  style="ghost")
        self.log_button = Button(pygame.Rect(LOG_RECT), lambda: t("log.button"), self.open_log, style="ghost")
        widgets = [*self.game_buttons(), self.undo_button, self.hint_button_widget(), self.log_button,
                   self.help_button, self.menu_button]
        self.buttons = FocusGroup(widgets, audio=getattr(self.app, "audio", None))
        self.buttons.show_focus = False  # keys move between the pieces here, not buttons

    def rebuild_for_viewer(self) -> None:
        """Re-seat everything for a new viewer (hot-seat) and re-read the observation."""
        self.move_marks.clear()
        self.build_pieces()
        self.clear_selection()
        self.sync_from_observation()

    # ----- queries -----------------------------------------------------------------------------------
    def observation(self) -> Any:
        """What the viewer may see now (computed once per state of the match)."""
        match = self.match
        cached = self._observed
        # Holding the state object keeps its identity unique; every apply adds to the log and
        # every undo swaps the state object, so an unchanged key means an unchanged state.
        if cached is not None and cached[0] == self.viewer and cached[1] is match.state \
                and cached[2] == len(match.log) and cached[3] == len(match.events):
            return cached[4]
        observation = match.observe(self.viewer)
        self._observed = (self.viewer, match.state, len(match.log), len(match.events), observation)
        return observation

    def idle(self) -> bool:
        """True when nothing is animating or waiting to be shown: a turn may begin."""
        return self.at_rest() and self.panel is None and not self.curtain_up and not self.finished

    def at_rest(self) -> bool:
        """True when no piece is moving and no event waits to be shown."""
        return not self.pending and not self.animator.busy

    def mark_move(self, rect: pygame.Rect, seat: int) -> None:
        """Outline where ``seat``'s move landed for a beat, once the table is at rest (not the
        viewer's own moves: they know what they did)."""
        if seat != self.viewer and 0 <= seat < self.match.players:
            self.move_marks.add(rect, seat)

    def seat_to_move(self) -> int:
        """The seat to act (the first one when several may), or -1 when the match is over."""
        to_move = self.match.to_move()
        return to_move[0] if to_move else -1

    def viewer_is_person(self) -> bool:
        """True when the seat at the bottom is a person's (a spectator, viewer -1, is nobody's)."""
        return 0 <= self.viewer < self.match.players and self.match.seats[self.viewer].is_human

    def viewer_may_act(self) -> bool:
        """True when the person at the bottom is to act (animations may still be finishing)."""
        to_move = self.match.to_move()
        # in a simultaneous choice the AI seats put theirs down first (at once, see ``update_ai``),
        # so no AI answer lands in the middle of the person's gesture
        return (self.viewer in to_move and not self.ai_pending() and self.viewer_is_person()
                and self.panel is None and not self.curtain_up and not self.finished)

    def hand_interactive(self) -> bool:
        """True when the viewer's own pieces belong to a person and may be handled."""
        return self.viewer_is_person() and not self.hand_hidden and not self.finished

    def name_of(self, seat: int) -> str:
        """A seat's name on screen, without its symbol (remembered per language)."""
        key = (seat, labels.lang())
        name = self._names.get(key)
        if name is None:
            name = self._names[key] = compact_name(seat, self.match)
        return name

    def speed(self) -> float:
        """The animation speed factor now (0 = instant)."""
        return self.app.settings.speed_factor

    def status_text(self) -> str:
        """What the person at the bottom should do now (or whom we wait for)."""
        if remote := self.remote_status():
            return remote  # the connection to the host is down: say so before anything else
        if self.finished or self.match.is_over():
            return ""
        if self.panel is not None:
            return t("table.status.round_panel")
        to_move = self.match.to_move()
        if not to_move:
            return ""
        if self.curtain_up:
            seat = next((seat for seat in to_move if self.match.seats[seat].is_human), to_move[0])
            return t("table.status.curtain", player=seat_label(seat, self.match.seats[seat]))
        if self.viewer_may_act():
            return self.prompt_text()
        seat = next((seat for seat in to_move if not self.match.seats[seat].is_human), to_move[0])
        if not self.match.seats[seat].is_human:
            return t("table.status.thinking", player=seat_label(seat, self.match.seats[seat]))
        return self.waiting_text(seat)

    # ----- animation helpers -----------------------------------------------------------------------
    def fly(self, sprite: Any, target: tuple[float, float], angle: float, duration: float, *,
            flip_to: float | None = None, scale_to: float | None = None,
            on_land: Callable[[], None] | None = None) -> anim.Step:
        """A timeline: ``sprite`` lifts, travels to ``target`` (turning, flipping, scaling) and lands;
        drawn from ``self.flying`` while in the air (``scenes.table.flight``)."""
        return flight(sprite, self.flying, target, angle, duration, flip_to=flip_to, scale_to=scale_to,
                      on_land=on_land)

    # ----- actions ------------------------------------------------------------------------------
    def attempt(self, action: Any) -> bool:
        """Offer ``action`` for the viewer to the rules; queue its events, or refuse with the
        reason. A guide may refuse it first (and says why), and hears when it went through."""
        guide = self.guide
        if guide is not None and not guide.allows(action):
            return False
        if not self._offer(action):
            return False
        if guide is not None:
            guide.after_move()
        return True

    def _offer(self, action: Any) -> bool:
        """``attempt`` without the guide: the rules accept ``action`` or refuse it with the reason."""
        remote = self.remote_refusal()
        if remote is not None or not self.viewer_may_act():
            self.refuse(t(remote or "table.reason.not_now"))
            return False
        self.fast_forward()
        if not self.idle():
            self.refuse(t("table.reason.not_now"))
            return False
        try:
            self.saver.wait()
            events = self.match.apply(self.viewer, action)
        except IllegalAction as error:
            self.refuse(reason_text(self.match.game_id, error.reason, error.params))
            return False
        self.move_marks.clear()  # the person acted: the other seats' marks have been seen
        self.after_apply(events)
        return True

    def refuse(self, reason: str) -> None:
        """Show why, play the refusal sound and let the game spring its pieces back."""
        self.rejections += 1
        self.toast.show(reason, 3.2)
        self.app.audio.play("refuse")
        self.on_refused(reason)
        self.refresh_hints()

    def after_apply(self, events: list[Event]) -> None:
        """An action went through: save, let the game forget held pieces, queue its events."""
        self.saver.save(self.match)
        self.on_applied(events)
        self.cancel_ai()
        self.pending.extend(events)
        self.refresh_hints()

    def open_help(self) -> None:
        """Push the rules overlay of this game."""
        self.drop_held()
        self.app.push(router.make("help", self.app, self.match.game_id))

    def open_log(self) -> None:
        """Push the move log over the table."""
        from scenes.table.move_log import MoveLog

        self.drop_held()
        self.app.push(MoveLog(self.app, self))

    def show_bubble(self, text: str, tip: tuple[float, float], *, below: bool = False) -> None:
        """A speech bubble pointing at ``tip``, clear of the others and of ``keep_clear`` (on the
        ambient animator: it never holds up play; ``SpeechBubbles``)."""
        self.speech.show(text, tip, below=below)

    def keep_clear(self) -> list[pygame.Rect]:
        """What a speech bubble must never cover: the buttons, and the viewer's prompt and hand."""
        return [button.rect for button in self.buttons.widgets] + [self.viewer_strip()]

    def viewer_strip(self) -> pygame.Rect:
        """The bottom of the table that is the viewer's: the prompt banner and the hand under it
        (every game puts them there), which bubbles and toasts keep off."""
        top = round(self.status_y) - STRIP_ABOVE_STATUS
        return pygame.Rect(0, top, SCREEN[0], SCREEN[1] - top)

    def panel_after(self, open_panel: Callable[[], None], pause: float) -> anim.Step:
        """A step that opens a panel after ``pause``, and never over a speech bubble still being
        read (a "Noaron!" call): it waits for the bubbles to go first."""
        return self.speech.after_reading(open_panel, pause)

    def open_pause(self) -> None:
        """The pause menu over the table: resume, rules, settings, leave (which asks first)."""
        self.drop_held()
        self.app.push(router.make("pause", self.app, self))

    def save_now(self) -> bool:
        """Put the unfinished match on disk now and wait for it (tables save after every action:
        this makes sure the last one landed). True when this table saves at all (a demo's or a
        shot's saver saves nothing) and the match was unfinished."""
        if not self.match.is_over():
            self.saver.save(self.match)
        self.saver.wait()
        return not self.match.is_over() and self.saver.saves > 0

    def to_menu(self) -> None:
        """Back to the title; the match stays autosaved."""
        self.save_now()
        while len(self.app.scenes) > 1:
            self.app.pop()
        if not router.is_a(self.app.top, "title"):
            self.app.reset_to(router.make("title", self.app))

    def continue_round(self) -> None:
        """Close the panel; event playback goes on."""
        if self.panel is None:
            return
        self.panel = None
        self._veiled = None

    def fast_forward(self) -> None:
        """Finish running animations and play queued events instantly, up to a panel."""
        self.playback.fast_forward()

    def finish_match(self, event: Event | None = None) -> None:
        """The match is over: fanfare, forget the autosave, show the results."""
        self.finished = True
        self.cancel_ai()
        self.app.audio.play("win")
        self.saver.clear()
        self.saver.keep(self.match)  # among the recent matches, for a look back
        self.app.push(router.make("results", self.app, self.match))

    # ----- hot-seat -------------------------------------------------------------------------------
    def raise_curtain(self, seat: int) -> None:
        """Cover the table until ``seat``'s person says they are ready (``HotSeat``)."""
        self.hotseat.raise_curtain(seat)

    # ----- event playback ----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        """Advance animations, start queued events, run the AI, raise curtains, end the match."""
        speed = self.speed()
        self.update_remote()
        self.animator.speed = speed
        self.ambient.speed = speed
        self.animator.update(dt)
        self.ambient.update(dt)
        self.playback.pump()
        self.toast.update(dt)
        self.move_marks.update(dt, self.at_rest(), hold=self.viewer_is_person())
        self.playback.update_panel(dt)
        self.hotseat.maybe_curtain()
        self.update_hint()
        self.update_ai(dt)
        if speed <= 0:
            self.playback.pump()

    # ----- input ------------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> bool:
        """Pointer, finger and keys (the table consumes everything: it is the whole screen)."""
        if self.panel is not None:
            return self.panel.handle(intent)
        kind = intent.kind
        if self.pad_row and self.pad_row_handles(intent):
            return True
        if kind in (intents.PRESS, intents.MOVE, intents.RELEASE):
            self.handle_pointer(intent)
        elif kind == intents.MENU:
            self.open_pause()
        elif kind == intents.BUTTON_ROW:
            self.enter_pad_row()
        elif kind == intents.KEY and intent.key == "pad_x":
            if self.PAD_X_KEY:
                self.handle_key(self.PAD_X_KEY)
        elif kind == intents.NAV:
            self.handle_nav(intent.dx, intent.dy)
        elif kind in (intents.FOCUS_NEXT, intents.FOCUS_PREV):
            self.handle_focus(1 if kind == intents.FOCUS_NEXT else -1)
        elif kind == intents.ACTIVATE:
            self.handle_activate()
        elif kind == intents.BACK:
            self.handle_back(intent.key)
        elif kind == intents.UNDO:
            self.press_undo()
        elif kind == intents.KEY and not self.remote_stamp_key(intent.key):
            self.handle_key(intent.key)
        return True

    # ----- scene hooks ------------------------------------------------------------------------------
    def pause(self) -> None:
        """Another scene is on top (help, curtain, results): let go of a held piece."""
        self.drop_held()
        self.leave_pad_row()

    def resume(self) -> None:
        """Back on top: re-read the hints."""
        self.refresh_hints()

    def enter(self) -> None:
        """Pushed: start the AI worker early (a process takes a moment to boot) if AIs play. A
        match resumed with several people at the screen opens behind the curtain: whoever sits
        there now must not see the face-up hand of the person to play."""
        if self.ai_enabled and any(not seat.is_human for seat in self.match.seats) and not self.match.is_over():
            self._ensure_worker()
        self.hotseat.cover_resumed()

    def exit(self) -> None:
        """Leaving the table: finish the autosave, stop the AI worker, let go of the pictures
        (its full-screen layers; the art caches too when no other table is open)."""
        self.saver.wait()
        self.close_hint()
        self.leave_remote()
        if self.worker is not None:
            self.worker.close()
            self.worker = None
        self._still = None
        self._veiled = None
        self._veiled_key = None
        _open_tables.discard(self)
        if not _open_tables:
            art.release_table_pictures()
