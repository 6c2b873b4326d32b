"""The table of ねこは上にある: four stacks in a cross, the hands around them, a cat that hops.

The scene draws only what one seat may see (``rules.observe(state, viewer)``): the viewer's hand
face up at the bottom, every other hand as backs with a count. It never guesses what changed:
every action returns rules events, and each event becomes an animation (a deal, a card sliding
from a hand onto a stack and flipping face up, the cat hopping, a "Pass!" bubble, a round panel).
Between event batches the pieces are re-read from the observation, so the picture at rest always
equals the rules state.

Input: drag a hand card onto a glowing stack (mouse or finger), or click/tap a card then a
stack, or use the keyboard (Left/Right card, Up/Down/Tab stack, Enter play, P pass,
Esc/Backspace undo else menu, H help). The screen never decides legality: a drop becomes an
action and the rules accept it or refuse it with a reason, which springs the card back and
shows the reason.

AI seats ask an ``AiWorker`` (a worker process; inline when headless) once no animation is
pending, and their answer is applied after a short minimum pause so a person can still take
back their own last move. With two or more people at one screen, a curtain goes up between them.
"""

from __future__ import annotations

import logging
import math
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from game.ai.base import DEFAULT_BUDGETS
from game.core.errors import IllegalAction, RulesError
from game.core.events import Event
from game.core.match import Match
from game.i18n import language, t
from game.rules.neko import (
    DECK,
    NOBODY,
    PASS,
    PHASE_BASE,
    PHASE_PLAY,
    CardPlayed,
    CatMoved,
    Dealt,
    GameEnded,
    NekoAction,
    NekoObservation,
    Passed,
    RoundEnded,
    RoundStarted,
    StackBuilt,
    accepted_cards,
    playable_positions,
    position_owners,
    seat_positions,
)
from scenes import anim, fonts, theme
from scenes import input as intents
from scenes.app import App, Scene
from scenes.input import Intent
from scenes.table import art, labels
from scenes.table.pieces import Bubble, CardSprite, HandFan, StackView, Token
from scenes.table.saver import BackgroundSaver
from scenes.ui import Button, FocusGroup, Toast, draw_text_centered, fit_size, seat_color, seat_label

log = logging.getLogger("kotatsu.neko")
Point = tuple[float, float]

# ----- layout (logical 1920x1080) ------------------------------------------------------------------
SCREEN = (1920, 1080)
FELT = (150, 92, 1620, 744)
CROSS = (960.0, 432.0)
CROSS_DX = 222.0
CROSS_DY = 196.0
DECK_POS = (1560.0, 340.0)
STATUS_Y = 772
HAND_ANCHOR = (960.0, 962.0)
OTHER_SCALE = 0.5
# slot 0 bottom (the viewer), 1 left, 2 top, 3 right: clockwise as seen from above
SLOT_STACK_OFFSET = {0: (0.0, CROSS_DY), 1: (-CROSS_DX, 0.0), 2: (0.0, -CROSS_DY), 3: (CROSS_DX, 0.0)}
SLOT_FAN = {1: ((66.0, 432.0), -90.0), 2: ((960.0, 50.0), 180.0), 3: ((1854.0, 432.0), 90.0)}
SLOT_PLATE = {0: (300, 936), 1: (190, 640), 2: (1262, 70), 3: (1730, 640)}
CAT_ON_CARD = (40.0, -64.0)  # where the cat sits on a top card (clear of the numbers)

# ----- timings (seconds at normal speed; the animator scales them) -----------------------------------
DEAL_GAP = 0.07
DEAL_FLIGHT = 0.3
SLIDE = 0.4
COLLECT = 0.35
HOP = 0.42
PASS_PAUSE = 0.3
AI_MIN_THINK = 0.9
AUTO_CONTINUE = 3.5
DRAG_THRESHOLD = 14


def compact_name(seat_index: int, match: Match) -> str:
    """A seat's label without its trailing symbol (the symbol is drawn in its colour disc)."""
    label = seat_label(seat_index, match.seats[seat_index])
    symbol = theme.SEAT_SYMBOLS[seat_index % len(theme.SEAT_SYMBOLS)]
    return label[: -len(symbol)].rstrip() if label.endswith(symbol) else label


@dataclass
class Drag:
    """A hand card held by the pointer. Once it moves, a ``ghost`` copy follows the pointer while
    the card itself waits (hidden) in the fan, so no hand animation fights the pointer."""

    sprite: CardSprite
    start: Point
    offset: Point
    moved: bool = False
    ghost: CardSprite | None = None


@dataclass
class StillPart:
    """One part of the still layer: what it shows, where, and how to paint it."""

    signature: Any
    region: pygame.Rect
    paint: Callable[[pygame.Surface], Any]


class Geometry:
    """Where each stack and seat sits on screen for one viewer (the viewer's stack at the bottom)."""

    def __init__(self, players: int, viewer: int) -> None:
        self.players = players
        self.viewer = viewer
        self.viewer_position = seat_positions(players)[viewer] if 0 <= viewer < players else 0

    def slot_of_position(self, position: int) -> int:
        """0 bottom, 1 left, 2 top, 3 right."""
        return (position - self.viewer_position) % 4

    def slot_of_seat(self, seat: int) -> int:
        """The side of the table a seat sits at."""
        return self.slot_of_position(seat_positions(self.players)[seat])

    def stack_centre(self, position: int) -> Point:
        """Centre of the stack at ``position``."""
        dx, dy = SLOT_STACK_OFFSET[self.slot_of_position(position)]
        return (CROSS[0] + dx, CROSS[1] + dy)

    def plate_centre(self, seat: int) -> tuple[int, int]:
        """Centre of the seat's name plate."""
        return SLOT_PLATE[self.slot_of_seat(seat)]

    def make_fan(self, seat: int) -> HandFan:
        """The hand fan of ``seat``: the viewer's big and upright, others small backs facing the table."""
        slot = self.slot_of_seat(seat)
        if slot == 0:
            return HandFan(HAND_ANCHOR, rotation=0.0, radius=1300.0, step=5.6, max_spread=34.0, scale=1.0)
        anchor, rotation = SLOT_FAN[slot]
        return HandFan(anchor, rotation=rotation, radius=520.0, step=6.0, max_spread=36.0, scale=OTHER_SCALE)


class RoundPanel:
    """The end-of-round summary: who took the cat (or the pass limit), each seat's points, Continue."""

    RECT = pygame.Rect(460, 250, 1000, 520)

    def __init__(self, table: NekoTable, event: RoundEnded, last: bool) -> None:
        self.table = table
        self.event = event
        self.last = last
        label = (lambda: t("table.see_results")) if last else (lambda: t("table.continue"))
        button_rect = pygame.Rect(0, 0, 360, theme.BUTTON_HEIGHT)
        button_rect.midbottom = (self.RECT.centerx, self.RECT.bottom - 34)
        self.button = Button(button_rect, label, table.continue_round)
        self.group = FocusGroup([self.button], audio=getattr(table.app, "audio", None))
        self.group.show_focus = True
        self.waited = 0.0
        self._surface: pygame.Surface | None = None
        self._language = ""

    def handle(self, intent: Intent) -> bool:
        """The panel is modal: Continue by click/tap/Enter; everything else is swallowed."""
        if intent.kind == intents.ACTIVATE:
            self.button.activate()
            return True
        self.group.handle(intent)
        return True

    def _render(self) -> pygame.Surface:
        """Paint the panel once (per language): paper, heading, message, the score table."""
        match = self.table.match
        event = self.event
        width, height = self.RECT.size
        surface = pygame.Surface((width + 40, height + 40), pygame.SRCALPHA)
        shadow = art.soft_rect((width, height), 28, 140, 12)
        surface.blit(shadow, shadow.get_rect(center=(width // 2 + 20, height // 2 + 30)))
        body = pygame.Rect(20, 20, width, height)
        pygame.draw.rect(surface, theme.PAPER, body, border_radius=28)
        pygame.draw.rect(surface, theme.GOLD, body.inflate(-16, -16), 2, border_radius=22)
        heading = t("table.round_over", n=event.round + 1)
        draw_text_centered(surface, heading, theme.HEADING, theme.INK, (body.centerx, body.top + 64), True)
        if event.emptied >= 0:
            message = t("neko.round_end.emptied", player=seat_label(event.emptied, match.seats[event.emptied]))
        else:
            message = t("neko.round_end.passes")
        size = fit_size(message, theme.BODY, width - 80)
        draw_text_centered(surface, message, size, theme.INK_SOFT, (body.centerx, body.top + 126))
        self._render_table(surface, body)
        return surface

    def _render_table(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        """One row per seat: name, own stack, cat bonus, this round, total."""
        match = self.table.match
        event = self.event
        simple = self.table.observation().simple
        columns = [("table.col.player", body.left + 70, "left")]
        if not simple:
            columns += [("table.col.stack", body.left + 520, "c"), ("table.col.cat", body.left + 660, "c")]
        columns += [("table.col.points", body.left + 790, "c"), ("table.col.total", body.left + 920, "c")]
        top = body.top + 180
        for key, x, align in columns:
            image = fonts.text(t(key), theme.SMALL, theme.INK_SOFT, True)
            surface.blit(image, image.get_rect(midleft=(x, top)) if align == "left" else image.get_rect(center=(x, top)))
        pygame.draw.line(surface, theme.PAPER_SHADE, (body.left + 50, top + 22), (body.right - 50, top + 22), 2)
        best = max(event.totals) if event.totals else 0
        for seat in range(match.players):
            y = top + 58 + seat * 50
            pygame.draw.circle(surface, seat_color(seat), (body.left + 86, y), 16)
            symbol = fonts.text(theme.SEAT_SYMBOLS[seat % len(theme.SEAT_SYMBOLS)], theme.TINY, theme.TEXT, True)
            surface.blit(symbol, symbol.get_rect(center=(body.left + 86, y)))
            name = fonts.text(compact_name(seat, match), theme.BODY, theme.INK, seat == event.emptied)
            surface.blit(name, name.get_rect(midleft=(body.left + 116, y)))
            values: list[str] = []
            if not simple:
                values += [str(event.stack_sizes[seat]), "+2" if seat == event.emptied else "–"]
            values += [str(event.scores[seat]), str(event.totals[seat])]
            for (key, x, _), value in zip(columns[1:], values):
                bold = key == "table.col.total" and event.totals[seat] == best
                image = fonts.text(value, theme.BODY, theme.INK, bold)
                surface.blit(image, image.get_rect(center=(x, y)))

    def draw(self, surface: pygame.Surface) -> None:
        """The cached panel, then the live button."""
        if self._surface is None or self._language != language():
            # A cache of pixels only: drawing it changes nothing the game can see.
            self._surface = self._render()
            self._language = language()
        surface.blit(self._surface, (self.RECT.left - 20, self.RECT.top - 20))
        self.group.draw(surface)


class NekoTable(Scene):
    """The neko table scene (see the module docstring)."""

    def __init__(self, app: App, match: Match, *, viewer: int | None = None, ai_enabled: bool = True,
                 worker_inline: bool | None = None) -> None:
        super().__init__(app)
        self.match = match
        self.rules = match.rules
        self.humans = [seat for seat, info in enumerate(match.seats) if info.is_human]
        self.viewer = viewer if viewer is not None else self._initial_viewer()
        self.geometry = Geometry(match.players, self.viewer)
        self.animator = anim.Animator(app.settings.speed_factor)  # event playback: gates turns
        self.ambient = anim.Animator(app.settings.speed_factor)  # hover lifts, bubbles: never gates
        self.pending: deque[Event] = deque()
        self.stacks: list[StackView] = []
        self.fans: dict[int, HandFan] = {}
        self.cat = Token((0.0, 0.0))
        self.cat_position = -1  # the stack the cat is drawn on (-1: none)
        self.flying: list[CardSprite] = []
        self.bubbles: list[Bubble] = []
        self.deck_count = 0
        self.shown_round = 0
        self.shown_totals: tuple[int, ...] = (0,) * match.players
        self.panel: RoundPanel | None = None
        self.finished = False
        self.curtain_up = False
        self.hand_hidden = False
        self.selected: int | None = None
        self.target: int | None = None
        self.drag: Drag | None = None
        self.toast = Toast()
        self.ai_enabled = ai_enabled
        self.worker_inline = bool(app.headless) if worker_inline is None else worker_inline
        # The autosave's fsync can take milliseconds: off the render thread, except in headless
        # instant runs (tests, shots) where a file on disk right after each action is simplest.
        self.saver = BackgroundSaver(background=not (app.headless and app.settings.speed_factor <= 0))
        self.worker: Any = None
        self.ai_ticket: Any = None
        self.ai_answer: Any = None
        self.ai_seat = -1
        self.ai_waited = 0.0
        self.salt = 0
        self.rejections = 0  # refused actions (for tests and the bench)
        self.dropped: tuple[CardSprite, CardSprite] | None = None  # (hand card, its dropped ghost)
        self._still: pygame.Surface | None = None  # pixel cache of the still layer
        self._still_key: tuple[Any, ...] = ()
        self._still_shown: dict[str, tuple[Any, pygame.Rect]] = {}  # part -> (signature, area)
        self._names: dict[tuple[int, str], str] = {}
        self._painted: list[pygame.Rect] = []  # areas the moving pieces covered last frame
        self._last_frame: tuple[int, bool] = (0, True)  # (screen id, something covered the table)
        art.prewarm()
        art.table_surface(SCREEN, FELT)
        self._build_buttons()
        self._build_pieces()
        self._prewarm_pictures()
        if match.log or match.is_over():
            self.sync_from_observation()
        else:
            self._queue_intro()

    # ----- set-up ---------------------------------------------------------------------------
    def _initial_viewer(self) -> int:
        """The seat shown at the bottom: the human to act, else the first human, else seat 0."""
        to_move = self.match.to_move()
        if to_move and self.match.seats[to_move[0]].is_human:
            return to_move[0]
        return self.humans[0] if self.humans else 0

    def _build_buttons(self) -> None:
        """Pass and Undo at the lower right, Help and Menu at the top right."""
        self.pass_button = Button(pygame.Rect(1580, 842, 300, 84), lambda: t("table.pass"), self.press_pass,
                                  enabled=self.can_pass)
        self.undo_button = Button(pygame.Rect(1580, 944, 300, 72), lambda: t("table.undo"), self.press_undo,
                                  enabled=self.can_undo, style="secondary")
        self.help_button = Button(pygame.Rect(1596, 30, 136, 60), lambda: t("table.help"), self.open_help,
                                  style="ghost")
        self.menu_button = Button(pygame.Rect(1744, 30, 148, 60), lambda: t("table.menu"), self.to_menu,
                                  style="ghost")
        self.buttons = FocusGroup([self.pass_button, self.undo_button, self.help_button, self.menu_button],
                                  audio=getattr(self.app, "audio", None))
        self.buttons.show_focus = False  # keys move between cards and stacks here, not buttons

    def _build_pieces(self) -> None:
        """Empty stacks, fans and the cat for the current geometry."""
        self.stacks = []
        for position in range(4):
            self.stacks.append(StackView(self.geometry.stack_centre(position)))
        self.fans = {seat: self.geometry.make_fan(seat) for seat in range(self.match.players)}

    def _prewarm_pictures(self) -> None:
        """Make the turned cards every fan and pile will need now, not in the middle of play."""
        faces = [art.card_face(value) for value in range(1, 9)]
        for seat, fan in self.fans.items():
            angles = {round(fan.slot(index, count)[1]) for count in range(1, 7) for index in range(count)}
            for angle in angles:
                for lift in (0, 8) if seat == self.viewer else (0,):
                    art.transformed(("shadow", lift), art.card_shadow(art.CARD_SIZE, lift), fan.scale * (1 + 0.06 * lift / 8),
                                    1.0, angle)
                if seat != self.viewer:
                    art.transformed(("back",), art.card_back(), fan.scale, 1.0, angle)
                    continue
                for value, face in enumerate(faces, start=1):
                    art.transformed(("face", value, False), face, fan.scale, 1.0, angle)
        for tilt in range(-4, 5):
            art.transformed(("shadow", 0), art.card_shadow(art.CARD_SIZE, 0), 1.0, 1.0, tilt)
            for value, face in enumerate(faces, start=1):
                art.transformed(("face", value, False), face, 1.0, 1.0, tilt)

    def _queue_intro(self) -> None:
        """A fresh match was dealt without events: replay its opening as the events it amounts to."""
        obs = self.observation()
        self.deck_count = len(DECK)
        self.shown_round = obs.round
        events: list[Event] = [RoundStarted(obs.round, obs.start_seat)]
        for step in range(obs.players):
            seat = (obs.start_seat + step) % obs.players
            events.append(Dealt(seat, obs.hand_counts[seat]))
        start_position = seat_positions(obs.players)[obs.start_seat]
        for step in range(4):
            position = (start_position + step) % 4
            if obs.stacks[position]:
                events.append(StackBuilt(position, obs.stacks[position][0], NOBODY))
        if obs.cat >= 0:
            events.append(CatMoved(-1, obs.cat, "start"))
        self.pending.extend(events)

    # ----- queries --------------------------------------------------------------------------
    def observation(self) -> NekoObservation:
        """What the viewer may see now."""
        return self.match.observe(self.viewer)

    @property
    def hand(self) -> HandFan:
        """The viewer's fan."""
        return self.fans[self.viewer]

    def idle(self) -> bool:
        """True when nothing is animating or waiting to be shown: a turn may begin."""
        return not self.pending and not self.animator.busy and self.panel is None and not self.curtain_up \
            and not self.finished

    def seat_to_move(self) -> int:
        """The seat to act, or -1 when the match is over."""
        to_move = self.match.to_move()
        return to_move[0] if to_move else -1

    def viewer_may_act(self) -> bool:
        """True when the person at the bottom is to act (animations may still be finishing)."""
        seat = self.seat_to_move()
        return (seat == self.viewer and self.match.seats[self.viewer].is_human and self.panel is None
                and not self.curtain_up and not self.finished)

    def can_pass(self) -> bool:
        """The Pass button's enabled flag."""
        return self.viewer_may_act() and self.observation().phase == PHASE_PLAY

    def can_undo(self) -> bool:
        """The Undo button's enabled flag: the viewer's own last action, nothing since."""
        return (self.match.seats[self.viewer].is_human and self.panel is None and not self.finished
                and self.match.can_undo(self.viewer))

    def face_up_values(self) -> list[int]:
        """The card values this screen shows face up in hands (the viewer's hand only, or none)."""
        if self.hand_hidden:
            return []
        return [card.value for fan in self.fans.values() for card in fan.cards
                if card.face_up and card.value is not None]

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

    # ----- building the picture from the observation -------------------------------------------
    def sync_from_observation(self) -> None:
        """Set every piece to what the viewer's observation says (no animation)."""
        obs = self.observation()
        for position, view in enumerate(self.stacks):
            view.centre = self.geometry.stack_centre(position)
            view.set_cards(obs.stacks[position], salt=position + 7 * obs.round)
        for seat, fan in self.fans.items():
            self._sync_fan(seat, fan, obs)
        self.deck_count = obs.rest_count
        self.shown_round = obs.round
        self.salt = obs.round
        self.shown_totals = tuple(self.rules.totals(obs))
        self.flying.clear()
        self.cat_position = obs.cat
        if obs.cat >= 0:
            self.cat.rest(self.cat_spot(obs.cat))
        else:
            self.cat.visible = False
        self._clamp_selection()
        self.refresh_hints()

    def _sync_fan(self, seat: int, fan: HandFan, obs: NekoObservation) -> None:
        """Make ``fan`` hold exactly the cards the observation gives that seat (reusing sprites)."""
        if seat == self.viewer and obs.seat == seat:
            values: list[int | None] = list(obs.hand)
        else:
            values = [None] * obs.hand_counts[seat]
        kept: list[CardSprite] = []
        spare = list(fan.cards)
        for value in values:
            match = next((card for card in spare if card.value == value), None)
            if match is None:
                match = CardSprite(value, fan.anchor, scale=fan.scale, face_up=value is not None)
            else:
                spare.remove(match)
            match.flip = 1.0 if value is not None else 0.0
            match.visible = True
            kept.append(match)
        fan.cards = kept
        fan.settle()

    def cat_spot(self, position: int) -> Point:
        """Where the cat sits on the stack at ``position``."""
        x, y = self.stacks[position].top_pos()
        return (x + CAT_ON_CARD[0], y + CAT_ON_CARD[1])

    def rebuild_geometry(self) -> None:
        """Re-seat everything for a new viewer (hot-seat) and re-read the observation."""
        self.geometry = Geometry(self.match.players, self.viewer)
        self._build_pieces()
        self.selected = None
        self.target = None
        self.drag = None
        self.sync_from_observation()

    # ----- hints: what the held card may do ---------------------------------------------------
    def held_value(self) -> int | None:
        """The value of the card in hand that is held or selected."""
        if self.drag is not None:
            return self.drag.sprite.value
        if self.selected is not None and self.selected < len(self.hand.cards):
            return self.hand.cards[self.selected].value
        return None

    def stack_verdicts(self, value: int | None) -> dict[int, tuple[str, str]]:
        """Per position: ("ok" | "no" | "", note) for a held card of ``value`` (from the rules)."""
        verdicts: dict[int, tuple[str, str]] = {position: ("", "") for position in range(4)}
        if value is None or not self.viewer_may_act():
            return verdicts
        obs = self.observation()
        if obs.phase == PHASE_BASE:
            own = obs.setup_queue[0] if obs.setup_queue else -1
            for position in range(4):
                verdicts[position] = ("ok", t("table.note.yours")) if position == own else ("", "")
            return verdicts
        if obs.phase != PHASE_PLAY:
            return verdicts
        open_positions = playable_positions(obs.cat)
        tops = tuple(obs.stacks[position][-1] for position in open_positions)
        for index, position in enumerate(open_positions):
            accepted = accepted_cards(tops, index)  # type: ignore[arg-type]
            if value in accepted:
                verdicts[position] = ("ok", "")
            elif accepted:
                verdicts[position] = ("no", t("table.note.takes", cards=", ".join(map(str, accepted))))
            else:
                verdicts[position] = ("no", t("table.note.none"))
        verdicts[obs.cat] = ("no", t("table.note.cat"))
        return verdicts

    def refresh_hints(self) -> None:
        """Glow, dim and notes on the stacks; dim the hand cards that fit nowhere."""
        verdicts = self.stack_verdicts(self.held_value())
        for position, view in enumerate(self.stacks):
            view.highlight, view.note = verdicts[position]
            view.highlight = view.highlight or None
            view.focused = self.target == position and self.held_value() is not None
        playable = self._playable_values()
        for card in self.hand.cards:
            card.dim = playable is not None and card.value not in playable

    def _playable_values(self) -> set[int] | None:
        """Values the viewer could play now (None when not in the play phase on their turn)."""
        if not self.viewer_may_act() or self.observation().phase != PHASE_PLAY:
            return None
        return {action.card for action in self.match.legal_actions(self.viewer) if action.kind == "play"}

    # ----- actions ------------------------------------------------------------------------------
    def attempt(self, action: NekoAction) -> bool:
        """Offer ``action`` for the viewer to the rules; animate it, or spring back with the reason."""
        if not self.viewer_may_act():
            self.refuse(t("table.reason.not_now"))
            return False
        self.fast_forward()
        if not self.idle():
            self.refuse(t("table.reason.not_now"))
            return False
        try:
            self.saver.wait()
            events = self.match.apply(self.viewer, action)
        except IllegalAction as error:
            self.refuse(t(error.reason, **error.params))
            return False
        self.after_apply(events)
        return True

    def attempt_on_stack(self, position: int, sprite: CardSprite | None = None) -> bool:
        """Play (or, at setup, lay) the held card on the stack at ``position``."""
        value = sprite.value if sprite is not None else self.held_value()
        if value is None:
            self.refuse(t("table.reason.pick_card"))
            return False
        obs = self.observation()
        if obs.phase == PHASE_BASE:
            own = obs.setup_queue[0] if obs.setup_queue else -1
            if position != own and self.viewer_may_act():
                self.refuse(t("table.reason.base_here"))
                return False
            return self.attempt(NekoAction("base", value))
        return self.attempt(NekoAction("play", value, position))

    def refuse(self, reason: str) -> None:
        """Show why, play the refusal sound and spring the card back into the hand."""
        self.rejections += 1
        self.toast.show(reason, 3.2)
        self.app.audio.play("refuse")
        self.spring_back()
        self.refresh_hints()

    def spring_back(self) -> None:
        """The dragged card returns to its place in the hand."""
        drag = self.drag
        self.drag = None
        self.target = None
        self.hand.layout(self.ambient, 0.3)
        if drag is None or drag.ghost is None:
            return
        ghost, real = drag.ghost, drag.sprite
        self.flying.append(ghost)
        if real in self.hand.cards:
            pos, angle, _ = self.hand.targets()[self.hand.cards.index(real)]
        else:
            pos, angle = real.pos, real.angle

        def home() -> None:
            if ghost in self.flying:
                self.flying.remove(ghost)
            real.visible = True

        self.ambient.add(anim.Sequence(
            anim.Parallel(anim.Tween(ghost, "pos", pos, 0.32, anim.ease_out_back),
                          anim.Tween(ghost, "angle", angle, 0.32, anim.ease_out_cubic),
                          anim.Tween(ghost, "lift", 0.0, 0.32, anim.ease_in_quad)),
            anim.Call(home)))

    def after_apply(self, events: list[Event]) -> None:
        """An action went through: save, queue its events, clear the hand selection."""
        self.saver.save(self.match)
        if self.drag is not None and self.drag.ghost is not None:
            self.dropped = (self.drag.sprite, self.drag.ghost)
            self.flying.append(self.drag.ghost)
        self.drag = None
        self.selected = None
        self.target = None
        self.hand.raised = None
        self.hand.focus = None
        self.cancel_ai()
        self.pending.extend(events)
        self.refresh_hints()

    def press_pass(self) -> None:
        """The Pass button / P key."""
        if self.can_pass():
            self.attempt(PASS)

    def press_undo(self) -> None:
        """The Undo button / Esc: take back the viewer's own last action and re-read the table."""
        if not self.can_undo():
            return
        self.animator.finish_all()
        self.ambient.finish_all()
        self.cancel_ai()
        try:
            self.saver.wait()
            self.match.undo(self.viewer)
        except RulesError as error:
            self.toast.show(t(error.reason), 2.5)
            return
        self.pending.clear()
        self.saver.save(self.match)
        self.app.audio.play("click")
        self.selected = None
        self.target = None
        self.drag = None
        self.sync_from_observation()
        self.toast.show(t("table.took_back"), 1.6)

    def open_help(self) -> None:
        """Push the rules overlay."""
        from scenes.help import Help

        if self.drag is not None:
            self.spring_back()
        self.app.push(Help(self.app, "neko"))

    def to_menu(self) -> None:
        """Back to the title; the match stays autosaved."""
        if not self.match.is_over():
            self.saver.save(self.match)
        self.saver.wait()
        while len(self.app.scenes) > 1:
            self.app.pop()
        from scenes.title import Title

        if not isinstance(self.app.top, Title):
            self.app.reset_to(Title(self.app))

    def continue_round(self) -> None:
        """Close the round panel; the next deal (or the results) follows."""
        if self.panel is None:
            return
        self.panel = None

    def fast_forward(self) -> None:
        """Finish running animations and play queued events instantly, up to a round panel."""
        for _ in range(1000):
            self.animator.finish_all()
            if not self.pending or self.panel is not None:
                break
            self._start_next_event()
        self.animator.finish_all()
        if not self.pending and not self.animator.busy and self.panel is None:
            self.sync_from_observation()

    # ----- the AI ---------------------------------------------------------------------------------
    def _ensure_worker(self) -> Any:
        """Start the worker on first need (inline when headless)."""
        if self.worker is None:
            from game.ai.worker import AiWorker

            self.worker = AiWorker(inline=self.worker_inline)
            self.worker.start()
        return self.worker

    def cancel_ai(self) -> None:
        """Forget a pending AI request (after an undo or any applied action)."""
        if self.ai_ticket is not None and self.worker is not None:
            self.worker.cancel()
        self.ai_ticket = None
        self.ai_answer = None
        self.ai_seat = -1
        self.ai_waited = 0.0

    def ai_seat_to_move(self) -> int:
        """The AI seat whose turn it is (-1 if none)."""
        seat = self.seat_to_move()
        if seat < 0 or self.match.seats[seat].is_human:
            return -1
        return seat

    def update_ai(self, dt: float) -> None:
        """Ask, collect and (after the minimum pause) apply AI moves."""
        if not self.ai_enabled or not self.idle():
            return
        seat = self.ai_seat_to_move()
        if seat < 0:
            return
        worker = self._ensure_worker()
        if self.ai_ticket is None or self.ai_seat != seat:
            self._request_ai(worker, seat)
        self.ai_waited += dt * self.speed()
        if self.ai_answer is None:
            answer = worker.poll()
            if answer is not None and answer[0] == self.ai_ticket:
                self.ai_answer = answer[1]
        if self.ai_answer is not None and (self.speed() <= 0 or self.ai_waited >= AI_MIN_THINK):
            self._apply_ai(seat, self.ai_answer)

    def _request_ai(self, worker: Any, seat: int) -> None:
        """Send the seat's observation and legal actions to the worker."""
        level = self.match.seats[seat].level or "normal"
        seed = (self.match.seed * 1_000_003 + len(self.match.log) * 7919 + seat) & 0x7FFFFFFF
        budget = DEFAULT_BUDGETS.get(level, 0.0)
        self.ai_ticket = worker.request(self.match.game_id, level, self.match.observe(seat),
                                        self.match.legal_actions(seat), seed, budget)
        self.ai_seat = seat
        self.ai_answer = None
        self.ai_waited = 0.0

    def _apply_ai(self, seat: int, action: Any) -> None:
        """Play the AI's answer (a refused answer falls back to the first legal action)."""
        self.ai_ticket = None
        self.ai_answer = None
        self.saver.wait()
        try:
            events = self.match.apply(seat, action)
        except IllegalAction as error:
            log.warning("AI seat %d answered %r, refused (%s); playing a legal action", seat, action, error)
            events = self.match.apply(seat, self.match.legal_actions(seat)[0])
        self.after_apply(events)

    # ----- hot-seat -------------------------------------------------------------------------------
    def maybe_curtain(self) -> None:
        """With several people at one screen, cover the table before another person's turn."""
        if len(self.humans) < 2 or not self.idle():
            return
        seat = self.seat_to_move()
        if seat < 0 or seat == self.viewer or not self.match.seats[seat].is_human:
            return
        from scenes.curtain import Curtain, pass_title, ready_subtitle

        self.curtain_up = True
        self.hand_hidden = True
        self.drag = None
        self.selected = None
        self.app.push(Curtain(self.app, pass_title(seat, self.match.seats[seat]), ready_subtitle(),
                              lambda: self.switch_viewer(seat), seat=seat))

    def switch_viewer(self, seat: int) -> None:
        """The next person is ready: show the table from their side."""
        self.viewer = seat
        self.curtain_up = False
        self.hand_hidden = False
        self.rebuild_geometry()

    # ----- event playback ----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        """Advance animations, start queued events, run the AI, raise curtains, end the match."""
        speed = self.speed()
        self.animator.speed = speed
        self.ambient.speed = speed
        self.animator.update(dt)
        self.ambient.update(dt)
        self.pump_events()
        self.toast.update(dt)
        self._update_panel(dt)
        self.maybe_curtain()
        self.update_ai(dt)
        if speed <= 0:
            self.pump_events()

    def pump_events(self) -> None:
        """Start queued events one after another as the previous animation ends."""
        for _ in range(1000):
            if not self.pending or self.animator.busy or self.panel is not None:
                break
            self._start_next_event()
            if self.speed() <= 0:
                self.animator.finish_all()
        at_rest = not self.pending and not self.animator.busy and not self.flying
        if at_rest and self.panel is None and not self.finished and self._needs_sync():
            self.sync_from_observation()

    def _needs_sync(self) -> bool:
        """True when the pieces at rest differ from the observation (a cheap consistency check)."""
        obs = self.observation()
        if any(view.cards != list(obs.stacks[position]) for position, view in enumerate(self.stacks)):
            return True
        if [len(self.fans[seat].cards) for seat in range(obs.players)] != list(obs.hand_counts):
            return True
        return self.cat_position != obs.cat

    def _start_next_event(self) -> None:
        """Pop the next event (deals merge into one round-robin deal) and animate it."""
        event = self.pending.popleft()
        if isinstance(event, Dealt):
            deals = [event]
            while self.pending and isinstance(self.pending[0], Dealt):
                deals.append(self.pending.popleft())  # type: ignore[arg-type]
            self.animate_deal(deals)
            return
        handler = self._handlers().get(type(event))
        if handler is not None:
            handler(event)

    def _handlers(self) -> dict[type, Callable[[Any], None]]:
        """Event type -> animation."""
        return {
            RoundStarted: self.animate_round_start,
            StackBuilt: self.animate_stack_built,
            CardPlayed: self.animate_card_played,
            Passed: self.animate_pass,
            CatMoved: self.animate_cat,
            RoundEnded: self.show_round_end,
            GameEnded: self.finish_match,
        }

    def animate_round_start(self, event: RoundStarted) -> None:
        """Gather every card back into the pile, then set the new round number."""
        self.cat.visible = False
        self.cat_position = -1
        flights: list[anim.Step] = []
        for view in self.stacks:
            for value, tilt in zip(view.cards[-3:], view.tilts[-3:]):
                sprite = CardSprite(value, view.top_pos(), angle=tilt)
                flights.append(self.fly(sprite, DECK_POS, 0.0, COLLECT, flip_to=0.0))
            view.set_cards([])
        for fan in self.fans.values():
            for sprite in fan.cards:
                flights.append(self.fly(sprite, DECK_POS, 0.0, COLLECT, flip_to=0.0, scale_to=1.0))
            fan.cards = []
        self.selected = None
        self.drag = None

        def gathered() -> None:
            self.deck_count = len(DECK)
            self.shown_round = event.round
            self.salt = event.round

        self.animator.add(anim.Sequence(anim.Parallel(*flights), anim.Call(gathered)))

    def animate_deal(self, deals: list[Dealt]) -> None:
        """Cards fly from the pile to each seat in turn; the viewer's then flip face up."""
        self.app.audio.play("deal")
        hand_values = list(self.observation().hand)
        rounds = max(deal.count for deal in deals)
        steps: list[anim.Step] = []
        number = 0
        for card_index in range(rounds):
            for deal in deals:
                if card_index >= deal.count:
                    continue
                steps.append(anim.Sequence(anim.Wait(DEAL_GAP * number),
                                           self._deal_one(deal.seat, card_index, deal.count, hand_values)))
                number += 1
        reveal = anim.Call(self._reveal_hand)
        self.animator.add(anim.Sequence(anim.Parallel(*steps), reveal, anim.Wait(0.25)))

    def _deal_one(self, seat: int, index: int, count: int, hand_values: list[int]) -> anim.Step:
        """One card from the pile to ``seat``'s fan slot ``index`` (face down)."""
        fan = self.fans[seat]
        value = hand_values[index] if seat == self.viewer and index < len(hand_values) else None
        sprite = CardSprite(value, DECK_POS, face_up=False)
        sprite.visible = False
        pos, angle = fan.slot(index, count)

        def leave() -> None:
            sprite.visible = True
            self.deck_count = max(0, self.deck_count - 1)
            if index % 2 == 0:
                self.app.audio.play("deal")

        def arrive() -> None:
            fan.cards.append(sprite)

        return anim.Sequence(anim.Call(leave), self.fly(sprite, pos, angle, DEAL_FLIGHT, scale_to=fan.scale,
                                                        on_land=arrive))

    def _reveal_hand(self) -> None:
        """Turn the viewer's dealt cards face up, one after another."""
        if self.hand_hidden:
            return
        self.hand.cards.sort(key=lambda card: card.value or 0)
        self.hand.settle()
        flips = [anim.Tween(card, "flip", 1.0, 0.22, anim.ease_in_out_sine) for card in self.hand.cards
                 if card.value is not None]
        if flips:
            self.app.audio.play("card_flip")
            self.animator.add(anim.stagger(flips, 0.05))

    def animate_stack_built(self, event: StackBuilt) -> None:
        """A base card: from the pile (nobody's) or from a seat's hand, face up onto its place."""
        if event.seat == NOBODY:
            sprite = CardSprite(event.card, DECK_POS, face_up=False)
            self.deck_count = max(0, self.deck_count - 1)
            self.app.audio.play("card_flip")
            self._slide_to_stack(sprite, event.position, event.card, flip=True)
            return
        self.animate_card_played(CardPlayed(event.seat, event.card, event.position))

    def animate_card_played(self, event: CardPlayed) -> None:
        """The card leaves the hand (or the back fan, turning over) and slides onto the stack."""
        fan = self.fans[event.seat]
        sprite = self._take_from_fan(fan, event.seat, event.card)
        flip = not sprite.face_up
        sprite.value = event.card
        self.app.audio.play("card_slide")
        if flip:
            self.app.audio.play("card_flip")
        fan.layout(self.ambient, 0.3)
        self._slide_to_stack(sprite, event.position, event.card, flip=flip)
        self.refresh_hints()

    def _take_from_fan(self, fan: HandFan, seat: int, card: int) -> CardSprite:
        """Remove the played card's sprite from its fan (the dragged one if it is that card)."""
        dropped = self.dropped
        self.dropped = None
        if dropped is not None and dropped[0] in fan.cards and dropped[0].value == card:
            fan.cards.remove(dropped[0])
            sprite = dropped[1]
        else:
            faces = [sprite for sprite in fan.cards if sprite.value == card]
            if faces:
                sprite = faces[0]
            elif fan.cards:
                sprite = fan.cards[len(fan.cards) // 2] if seat != self.viewer else fan.cards[0]
                if sprite.value is not None and seat != self.viewer:
                    sprite = CardSprite(None, sprite.pos, angle=sprite.angle, scale=sprite.scale, face_up=False)
            else:
                sprite = CardSprite(None, fan.anchor, scale=fan.scale, face_up=False)
        if sprite in fan.cards:
            fan.cards.remove(sprite)
        fan.raised = fan.hover = fan.focus = None
        return sprite

    def _slide_to_stack(self, sprite: CardSprite, position: int, card: int, *, flip: bool) -> None:
        """Fly ``sprite`` onto the stack at ``position``; it joins the pile when it lands."""
        view = self.stacks[position]
        tilt = StackView.tilt_for(len(view.cards), position + 7 * self.salt)

        def land() -> None:
            view.push(card, position + 7 * self.salt)

        self.animator.add(self.fly(sprite, view.landing_pos(), tilt, SLIDE, flip_to=1.0 if flip else None,
                                   scale_to=1.0, on_land=land))

    def fly(self, sprite: CardSprite, target: Point, angle: float, duration: float, *,
            flip_to: float | None = None, scale_to: float | None = None,
            on_land: Callable[[], None] | None = None) -> anim.Step:
        """A timeline: ``sprite`` lifts, travels to ``target`` (turning, flipping) and lands."""
        def take_off() -> None:
            sprite.quick = True
            if sprite not in self.flying:
                self.flying.append(sprite)

        def land() -> None:
            if sprite in self.flying:
                self.flying.remove(sprite)
            sprite.lift = 0.0
            sprite.quick = False
            if on_land is not None:
                on_land()

        moves: list[anim.Step] = [
            anim.Tween(sprite, "pos", target, duration, anim.ease_out_cubic),
            anim.Tween(sprite, "angle", angle, duration, anim.ease_out_cubic),
            anim.Sequence(anim.Tween(sprite, "lift", 1.0, duration * 0.35, anim.ease_out_quad),
                          anim.Tween(sprite, "lift", 0.0, duration * 0.65, anim.ease_in_quad)),
        ]
        if flip_to is not None:
            moves.append(anim.Tween(sprite, "flip", flip_to, duration * 0.8, anim.ease_in_out_sine))
        if scale_to is not None:
            moves.append(anim.Tween(sprite, "scale", scale_to, duration, anim.ease_out_cubic))
        return anim.Sequence(anim.Call(take_off), anim.Parallel(*moves), anim.Call(land))

    def animate_pass(self, event: Passed) -> None:
        """A "Pass!" bubble at the seat, then a short beat before the cat steps on."""
        self.app.audio.play("pass")
        x, y = self.geometry.plate_centre(event.seat)
        at_top = self.geometry.slot_of_seat(event.seat) == 2
        bubble = Bubble(t("table.pass_call"), (x, y + 44) if at_top else (x, y - 44), below=at_top)
        self.bubbles = [b for b in self.bubbles if b.visible] + [bubble]
        self.ambient.add(bubble.show())
        self.animator.add(anim.Wait(PASS_PAUSE))

    def animate_cat(self, event: CatMoved) -> None:
        """The cat arrives (drops in at the start of a round) or hops to its new stack."""
        target = self.cat_spot(event.target)

        def landed() -> None:
            self.cat_position = event.target
            self.app.audio.play("cat_land")
            self.refresh_hints()

        if event.source < 0 or not self.cat.visible:
            self.animator.add(self.cat.drop_in(target, on_land=landed))
            return
        self.animator.add(self.cat.hop(target, duration=HOP, on_launch=lambda: self.app.audio.play("cat_hop"),
                                       on_land=landed))

    def show_round_end(self, event: RoundEnded) -> None:
        """The cat goes to whoever emptied their hand; then the round panel waits for Continue."""
        self.shown_totals = tuple(event.totals)
        last = event.round + 1 >= self.match.players

        def open_panel() -> None:
            self.app.audio.play("round_end")
            self.panel = RoundPanel(self, event, last)
            self.selected = None
            if self.drag is not None:
                self.spring_back()
            self.refresh_hints()

        steps: list[anim.Step] = []
        if event.emptied >= 0 and self.cat.visible:
            plate = self.geometry.plate_centre(event.emptied)
            steps.append(self.cat.hop((plate[0] + 150.0, float(plate[1])), duration=HOP * 1.3,
                                      on_launch=lambda: self.app.audio.play("cat_hop"),
                                      on_land=lambda: self.app.audio.play("cat_land")))
            steps.append(anim.Wait(0.35))
        steps.append(anim.Call(open_panel))
        self.cat_position = -1
        self.animator.add(anim.Sequence(*steps))

    def finish_match(self, event: GameEnded) -> None:
        """The match is over: fanfare, forget the autosave, show the results."""
        from scenes.results import Results

        self.finished = True
        self.cancel_ai()
        self.app.audio.play("win")
        self.saver.clear()
        self.app.push(Results(self.app, self.match))

    def _update_panel(self, dt: float) -> None:
        """With no person at the table, the round panel continues by itself after a while."""
        if self.panel is None or self.humans:
            return
        self.panel.waited += dt * self.speed()
        if self.speed() <= 0 or self.panel.waited >= AUTO_CONTINUE:
            self.continue_round()

    # ----- input ------------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> bool:
        """Pointer, finger and keys (the table consumes everything: it is the whole screen)."""
        if self.panel is not None:
            return self.panel.handle(intent)
        kind = intent.kind
        if kind in (intents.PRESS, intents.MOVE, intents.RELEASE):
            self.handle_pointer(intent)
        elif kind == intents.NAV:
            self.handle_nav(intent.dx, intent.dy)
        elif kind in (intents.FOCUS_NEXT, intents.FOCUS_PREV):
            self.cycle_target(1 if kind == intents.FOCUS_NEXT else -1)
        elif kind == intents.ACTIVATE:
            self.play_selected()
        elif kind == intents.BACK:
            self.handle_back()
        elif kind == intents.UNDO:
            self.press_undo()
        elif kind == intents.KEY:
            self.handle_key(intent.key)
        return True

    def handle_key(self, key: str) -> None:
        """Letter shortcuts: P pass, H help."""
        if key == "p":
            self.press_pass()
        elif key == "h":
            self.open_help()

    def handle_back(self) -> None:
        """Esc/Backspace: let go of a held card, else undo, else the menu."""
        if self.drag is not None or self.selected is not None:
            if self.drag is not None:
                self.spring_back()
            self.selected = None
            self.target = None
            self.hand.raised = None
            self.hand.layout(self.ambient, 0.2)
            self.refresh_hints()
        elif self.can_undo():
            self.press_undo()
        else:
            self.to_menu()

    def handle_pointer(self, intent: Intent) -> None:
        """Buttons first; then pick up, drag and drop hand cards, or click cards and stacks."""
        if self.drag is None and self.buttons.handle(intent):
            return
        if intent.kind == intents.PRESS:
            self.pointer_down(intent.pos)
        elif intent.kind == intents.MOVE:
            self.pointer_move(intent.pos, intent.held, intent.touch)
        else:
            self.pointer_up(intent.pos)

    def hand_interactive(self) -> bool:
        """True when the bottom hand belongs to a person and may be handled."""
        return self.match.seats[self.viewer].is_human and not self.hand_hidden and not self.finished

    def pointer_down(self, pos: tuple[int, int]) -> None:
        """Press: pick up a hand card, or play the selected card on a stack."""
        index = self.hand.card_at(pos) if self.hand_interactive() else None
        if index is not None:
            sprite = self.hand.cards[index]
            self.drag = Drag(sprite, (float(pos[0]), float(pos[1])), (sprite.pos[0] - pos[0], sprite.pos[1] - pos[1]))
            self.hand.raised = index
            self.hand.layout(self.ambient, 0.12)
            self.refresh_hints()
            return
        position = self.stack_at(pos)
        if position is None:
            return
        if self.selected is not None:
            self.attempt_on_stack(position)
        elif self.viewer_may_act():
            self.toast.show(t("table.reason.pick_card"), 2.4)

    def pointer_move(self, pos: tuple[int, int], held: bool, touch: bool) -> None:
        """Drag the held card; hovering lifts the card under the pointer a little."""
        if self.drag is not None:
            drag = self.drag
            if not drag.moved and math.hypot(pos[0] - drag.start[0], pos[1] - drag.start[1]) > DRAG_THRESHOLD:
                self._start_moving(drag)
            if drag.moved and drag.ghost is not None:
                drag.ghost.pos = (pos[0] + drag.offset[0], pos[1] + drag.offset[1])
                hovered = self.stack_at(pos)
                self.target = hovered
                self.refresh_hints()
            return
        if touch or held or not self.hand_interactive():
            return
        index = self.hand.card_at(pos)
        if index != self.hand.hover:
            self.hand.hover = index
            self.hand.layout(self.ambient, 0.15)

    def _start_moving(self, drag: Drag) -> None:
        """The press became a drag: a lifted ghost follows the pointer; the card waits hidden."""
        drag.moved = True
        real = drag.sprite
        ghost = CardSprite(real.value, real.pos, angle=real.angle, scale=real.scale)
        ghost.lift = 1.0
        drag.ghost = ghost
        real.visible = False
        self.ambient.add(anim.Tween(ghost, "angle", 0.0, 0.15, anim.ease_out_cubic))
        if real in self.hand.cards:
            self.selected = self.hand.cards.index(real)
        self.refresh_hints()

    def pointer_up(self, pos: tuple[int, int]) -> None:
        """Drop: play on the stack under the pointer or spring back; a click toggles selection."""
        drag = self.drag
        if drag is None:
            return
        if drag.moved:
            position = self.stack_at(pos)
            if position is None:
                self.spring_back()
                self.refresh_hints()
                return
            self.attempt_on_stack(position, drag.sprite)
            return
        self.drag = None
        index = self.hand.cards.index(drag.sprite) if drag.sprite in self.hand.cards else None
        self.selected = None if index == self.selected else index
        self.hand.raised = self.selected
        if self.selected is not None and self.target is None:
            self.target = self._first_ok_target()
        self.hand.layout(self.ambient, 0.15)
        self.refresh_hints()
        self.app.audio.play("click")

    def stack_at(self, pos: tuple[int, int]) -> int | None:
        """The stack under ``pos`` (generous hit areas)."""
        for position, view in enumerate(self.stacks):
            if view.rect().collidepoint(pos):
                return position
        return None

    def _first_ok_target(self) -> int | None:
        """The first stack (clockwise from the viewer's) that takes the held card."""
        verdicts = self.stack_verdicts(self.held_value())
        order = [(self.geometry.viewer_position + step) % 4 for step in range(4)]
        for position in order:
            if verdicts[position][0] == "ok":
                return position
        return None

    def handle_nav(self, dx: int, dy: int) -> None:
        """Left/Right choose a hand card; Up/Down choose a target stack."""
        if not self.hand_interactive() or not self.hand.cards:
            return
        if dx:
            count = len(self.hand.cards)
            if self.selected is None:
                self.selected = self._first_playable_index(reverse=dx < 0)
            else:
                self.selected = (self.selected + dx) % count
            self.hand.raised = self.selected
            self.hand.focus = self.selected
            ok = self._first_ok_target()
            if ok is not None or self.target is None:
                self.target = ok
            self.hand.layout(self.ambient, 0.15)
            self.refresh_hints()
        elif dy:
            self.cycle_target(1 if dy > 0 else -1)

    def cycle_target(self, step: int) -> None:
        """Move the keyboard target to the next stack clockwise (or back)."""
        if not self.hand_interactive() or not self.hand.cards:
            return
        if self.selected is None:
            self.selected = self._first_playable_index()
            self.hand.raised = self.hand.focus = self.selected
            self.hand.layout(self.ambient, 0.15)
        order = [(self.geometry.viewer_position + offset) % 4 for offset in range(4)]
        if self.target is None:
            self.target = self._first_ok_target()
            if self.target is None:
                self.target = order[0]
        else:
            self.target = order[(order.index(self.target) + step) % 4]
        self.refresh_hints()

    def play_selected(self) -> None:
        """Enter: play the selected card on the target stack (at setup: on the seat's own place)."""
        if not self.hand_interactive():
            return
        if self.selected is None:
            if self.hand.cards:
                self.handle_nav(1, 0)
            return
        obs = self.observation()
        if obs.phase == PHASE_BASE and obs.setup_queue:
            self.attempt_on_stack(obs.setup_queue[0])
            return
        if self.target is None:
            self.target = self._first_ok_target()
        if self.target is None:
            self.refuse(t("neko.reason.no_card_fits") if obs.phase == PHASE_PLAY else t("table.reason.not_now"))
            return
        self.attempt_on_stack(self.target)

    def _first_playable_index(self, reverse: bool = False) -> int:
        """The first hand card (from the left, or the right) that fits somewhere; else the end card."""
        count = len(self.hand.cards)
        order = list(range(count))[::-1] if reverse else list(range(count))
        playable = self._playable_values()
        for index in order:
            if playable is None or self.hand.cards[index].value in playable:
                return index
        return order[0]

    def _clamp_selection(self) -> None:
        """Keep the selection inside the hand."""
        count = len(self.hand.cards)
        if self.selected is not None and self.selected >= count:
            self.selected = None
        self.hand.raised = self.selected
        if self.hand.focus is not None and self.hand.focus >= count:
            self.hand.focus = None
        self.hand.hover = None
        self.hand.settle()

    # ----- scene hooks ------------------------------------------------------------------------------
    def pause(self) -> None:
        """Another scene is on top (help, curtain, results): let go of the card in hand."""
        if self.drag is not None:
            self.spring_back()
        self.hand.hover = None

    def resume(self) -> None:
        """Back on top: re-read the hints."""
        self.refresh_hints()

    def enter(self) -> None:
        """Pushed: start the AI worker early (a process takes a moment to boot) if AIs play."""
        if self.ai_enabled and any(not seat.is_human for seat in self.match.seats) and not self.match.is_over():
            self._ensure_worker()

    def exit(self) -> None:
        """Leaving the table: finish the autosave, stop the AI worker."""
        self.saver.wait()
        if self.worker is not None:
            self.worker.close()
            self.worker = None

    # ----- drawing ----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The still layer (table, stacks, plates, words), then hands, cat, flying cards, panels.

        Usually only the areas the moving pieces covered last frame, and the parts of the still
        layer that changed, are restored from the still layer before the moving pieces are painted
        again (dirty rectangles); a scene or toast above, a panel, or a new viewer or language
        repaints the whole screen.
        Only these pixel caches are touched here; no game or scene state changes.
        """
        still, changed = self._still_layer()
        if changed is None or not self._may_restore_only(surface):
            surface.blit(still, (0, 0))
        else:
            for area in self._painted + changed:
                surface.blit(still, area, area)
        self._painted = self._draw_moving(surface)
        if self.panel is not None:
            self._draw_veil(surface)
            self.panel.draw(surface)
        self.toast.draw(surface)
        self._last_frame = (id(surface), self.toast.visible or self.panel is not None)

    def _may_restore_only(self, surface: pygame.Surface) -> bool:
        """True when the screen still holds exactly last frame's picture of this table."""
        same_surface, covered = self._last_frame[0] == id(surface), self._last_frame[1]
        return same_surface and not covered and self.app.top is self and self.panel is None \
            and not self.toast.visible

    def _draw_moving(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """The pieces that move (pile, fans, cat, flying cards, bubbles); returns the areas painted."""
        painted = self._draw_deck(surface)
        for seat, fan in self.fans.items():
            if seat != self.viewer:
                painted.append(fan.draw(surface))
        if not self.hand_hidden:
            painted.append(self.hand.draw(surface))
        painted.append(self.cat.draw(surface))
        painted.extend(sprite.draw(surface) for sprite in self.flying)
        if self.drag is not None and self.drag.ghost is not None:
            painted.append(self.drag.ghost.draw(surface))
        painted.extend(bubble.draw(surface) for bubble in self.bubbles)
        return [area.inflate(4, 4) for area in painted if area.width and area.height]

    def _still_layer(self) -> tuple[pygame.Surface, list[pygame.Rect] | None]:
        """Everything that changes only when the game does, kept in one full-screen picture.

        Each part (a stack, a plate, the board, the status, the buttons) is repainted only when
        what it shows changed, clipped to its old and new areas (with whatever overlaps them).
        Returns the picture and the areas repainted now, or None when all of it was.
        """
        parts = self._still_parts()
        key = (labels.lang(), self.viewer)
        if self._still is None or key != self._still_key:
            if self._still is None:
                self._still = pygame.Surface(SCREEN).convert() if pygame.display.get_surface() else \
                    pygame.Surface(SCREEN)
            self._paint_still_base(self._still)
            for part in parts.values():
                part.paint(self._still)
            self._still_key = key
            self._still_shown = {name: (part.signature, part.region) for name, part in parts.items()}
            return self._still, None
        areas = []
        for name, part in parts.items():
            shown = self._still_shown.get(name)
            if shown is None or shown[0] != part.signature:
                areas.append(part.region.union(shown[1]) if shown is not None else part.region)
        for area in areas:
            self._still.set_clip(area)
            self._paint_still_base(self._still)
            for part in parts.values():
                if part.region.colliderect(area):
                    part.paint(self._still)
        self._still.set_clip(None)
        self._still_shown = {name: (part.signature, part.region) for name, part in parts.items()}
        return self._still, areas

    def _still_parts(self) -> dict[str, StillPart]:
        """The parts of the still layer as they should look now."""
        parts: dict[str, StillPart] = {}
        for position, view in enumerate(self.stacks):
            signature = (tuple(view.cards), tuple(round(tilt) for tilt in view.tilts), view.highlight,
                         view.focused, view.note, view.centre)
            parts[f"stack{position}"] = StillPart(signature, view.rect().inflate(110, 110),
                                                  lambda surface, p=position, v=view: self._paint_stack(surface, p, v))
        turn = self.seat_to_move()
        for seat in range(self.match.players):
            args = (self.name_of(seat), seat, seat == turn, len(self.fans[seat].cards),
                    seat == self.viewer and self.match.seats[seat].is_human)
            parts[f"plate{seat}"] = self._picture_part(args, labels.plate(*args),
                                                       center=self.geometry.plate_centre(seat))
        board_args = (self._scoreboard_rows(), t("neko.round", n=self.shown_round + 1, total=self.match.players))
        parts["board"] = self._picture_part(board_args, labels.scoreboard(*board_args), topleft=(30, 26))
        parts["status"] = self._status_part()
        buttons = tuple((button.is_enabled, button.hovered, button.pressed, button.text)
                        for button in self.buttons.widgets)
        region = self.buttons.widgets[0].rect.unionall([button.rect for button in self.buttons.widgets[1:]])
        parts["buttons"] = StillPart(buttons, region.inflate(30, 30), self.buttons.draw)
        return parts

    @staticmethod
    def _picture_part(signature: Any, picture: pygame.Surface, **where: Any) -> StillPart:
        """A part that is one cached picture placed by ``where`` (e.g. ``center=(x, y)``)."""
        region = picture.get_rect(**where)
        return StillPart(signature, region, lambda surface: surface.blit(picture, region))

    def _status_part(self) -> StillPart:
        """The status banner above the hand and the key hint in the corner."""
        text = self.status_text()
        mine = self.viewer_may_act()
        banner = labels.status_banner(text, mine) if text else None
        hint = labels.key_hint(t("table.keys")) if self.match.seats[self.viewer].is_human else None
        banner_at = banner.get_rect(center=(960, STATUS_Y)) if banner is not None else None
        hint_at = hint.get_rect(bottomleft=(48, 1068)) if hint is not None else None
        areas = [area for area in (banner_at, hint_at) if area is not None]
        region = areas[0].unionall(areas[1:]) if areas else pygame.Rect(960, STATUS_Y, 0, 0)

        def paint(surface: pygame.Surface) -> None:
            if banner is not None:
                surface.blit(banner, banner_at)
            if hint is not None:
                surface.blit(hint, hint_at)

        return StillPart((text, mine, hint is not None), region, paint)

    def _paint_still_base(self, surface: pygame.Surface) -> None:
        """What never changes: the table, the compass inside the cross, the mat's printed title."""
        surface.blit(art.table_surface(SCREEN, FELT), (0, 0))
        compass = labels.compass()
        surface.blit(compass, compass.get_rect(center=(round(CROSS[0]), round(CROSS[1]))))
        mark = labels.mat_mark(t("game.neko.title"))
        surface.blit(mark, mark.get_rect(topright=(FELT[0] + FELT[2] - 44, FELT[1] + 34)))

    def _paint_stack(self, surface: pygame.Surface, position: int, view: StackView) -> None:
        """A stack with its owner's sticker and, while a card is held, its note."""
        view.draw(surface)
        owner = position_owners(self.match.players)[position]
        disc = labels.owner_disc(owner)
        surface.blit(disc, disc.get_rect(center=(round(view.centre[0] - art.CARD_SIZE[0] / 2 - 6),
                                                 round(view.centre[1] + art.CARD_SIZE[1] / 2 - 2))))
        if view.note:
            image = labels.note_pill(view.note, view.highlight == "ok")
            x, y = view.top_pos()
            surface.blit(image, image.get_rect(center=(round(x), round(y + 52))))

    def _draw_deck(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """The leftover pile with its count; returns the areas painted."""
        if self.deck_count <= 0:
            return []
        pile = art.deck_surface(self.deck_count)
        pad = art.card_shadow(art.CARD_SIZE, 0).get_width() - art.CARD_SIZE[0]
        painted = surface.blit(pile, (round(DECK_POS[0] - art.CARD_SIZE[0] / 2 - pad // 2),
                                      round(DECK_POS[1] - art.CARD_SIZE[1] / 2 - pad // 2)))
        label = fonts.text(t("table.cards_left", n=self.deck_count), theme.SMALL, theme.TEXT_DIM)
        return [painted, surface.blit(label, label.get_rect(midtop=(round(DECK_POS[0]), round(DECK_POS[1] + 106))))]

    def _scoreboard_rows(self) -> tuple[tuple[int, str, int, int], ...]:
        """(seat, name, total, cards in own stack now) per seat."""
        positions = seat_positions(self.match.players)
        return tuple((seat, self.name_of(seat), self.shown_totals[seat],
                      len(self.stacks[positions[seat]].cards)) for seat in range(self.match.players))

    def status_text(self) -> str:
        """What the person at the bottom should do now (or whom we wait for)."""
        if self.finished or self.match.is_over():
            return ""
        if self.panel is not None:
            return t("table.status.round_panel")
        seat = self.seat_to_move()
        if seat < 0:
            return ""
        if self.curtain_up:
            return t("table.status.curtain", player=seat_label(seat, self.match.seats[seat]))
        if seat == self.viewer and self.match.seats[seat].is_human:
            if self.observation().phase == PHASE_BASE:
                return t("neko.status.lay_base")
            return t("neko.status.your_turn")
        if not self.match.seats[seat].is_human:
            return t("table.status.thinking", player=seat_label(seat, self.match.seats[seat]))
        return t("neko.status.waiting", player=seat_label(seat, self.match.seats[seat]))

    def _draw_veil(self, surface: pygame.Surface) -> None:
        """Dim the table under a panel."""
        surface.blit(labels.veil(), (0, 0))


def make_table(app: App, match: Match, **options: Any) -> Scene:
    """The neko table scene for ``match`` (options: ``viewer``, ``ai_enabled``, ``worker_inline``)."""
    return NekoTable(app, match, **options)

