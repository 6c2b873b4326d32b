"""The table of NEW & OLD: an Old zone and a New zone side by side, hands of two kinds of backs,
each seat's revealed cards laid face up in front of it, a game box for the cards put back.

The scene draws only what one seat may see (``rules.observe(state, viewer)``): the viewer's hand
face up at the bottom, every other hand as backs of the right kind (New and Old backs differ, so
the kinds are public), every zone and revealed card face up.

This module holds ``NewOldTable``'s construction and wiring: the pieces built for the viewer, the
state read from the observation, the queries (phase, stage, what is playable), the status and
hint texts, the action button; ``make_table``. Gestures are ``NewOldInput`` (input.py, a mixin),
event playback ``NewOldEffects`` (effects.py) and painting ``NewOldPaint`` (paint.py), parts the
table owns; what those three use from the table is ``NewOldView`` (view.py). The
game-independent machinery (AI, undo, curtains, event pump, autosave, still layer, results) is
``scenes.table.base.TableScene``.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from typing import Any

import pygame

from game.core.match import Match
from game.i18n import t
from game.rules.newold import (
    NEW,
    OLD,
    PHASE_BOX,
    PHASE_PLAY,
    STAGE_A,
    STAGE_B,
    ZONE_NEW,
    ZONE_OLD,
    Dealt,
    GameStarted,
    NewOldObservation,
    RestBoxed,
    ZoneStarted,
    card_kind,
    card_number,
    may_reveal,
    must_reveal,
    playable_cards,
    zone_fits,
)
from scenes.engine.app import App, Scene
from scenes.engine.ui import Button
from scenes.newold import art as nart
from scenes.newold.effects import NewOldEffects
from scenes.newold.input import NewOldInput
from scenes.newold.layout import ACTION_RECT, FELT, STATUS_Y, ZONE_CENTRE, Geometry, hand_order
from scenes.newold.paint import NewOldPaint
from scenes.newold.sprites import KindFan, NewOldCard, SeatPlace, ZoneView
from scenes.table.base import TableScene
from scenes.table.hand_drag import HandDragMixin, HandHold
from scenes.table.still import StillPart

WARM_BUDGET = 0.001  # seconds a frame may spend making pictures ahead of need


class NewOldTable(NewOldInput, HandDragMixin, TableScene):
    """The NEW & OLD table (see the module docstring)."""

    SETTING_OUT_EVENTS = (GameStarted, Dealt, ZoneStarted, RestBoxed)  # the deal and the set-out: "Setting out the pieces…"

    KEYS_TEXT = "newold_table.keys"
    # Hint under the viewer's plate: the seats' plates fill the top row; its panel stays under
    # Menu, narrow enough to keep off the top right seat's hand
    HINT_BUTTON = (24, 852, 260, 76)
    HINT_STYLE = "secondary"
    HINT_PANEL_WIDTH = 500
    felt = FELT
    status_y = STATUS_Y

    def __init__(self, app: App, match: Match, **options: Any) -> None:
        self.geometry = Geometry(match.players, 0)
        self.places: dict[int, SeatPlace] = {}
        self.zones: dict[str, ZoneView] = {}
        self.flying: list[NewOldCard] = []
        self.decks: dict[str, int] = {NEW: 0, OLD: 0}  # face-down cards in the two dealing decks
        self.box_count = 0  # cards in the game box (leftovers and everyone's two)
        self.shown_stages: list[str] = [STAGE_A] * match.players
        self.shown_left: list[str] = [""] * match.players  # "" or why the seat left
        self.shown_start = 0
        self.shown_game = 0
        self.hold: HandHold[NewOldCard, str] = HandHold()  # the card held or chosen, and the zone under it
        self._hint_key: tuple[Any, ...] = ()
        self._still_fans: set[int] = set()  # seats whose resting hand is in the still layer now
        self._warm_hand: tuple[Any, ...] = ()
        self._warm_jobs: deque[Callable[[], Any]] = deque()
        self.effects = NewOldEffects(self)  # rules events -> animations
        self.painting = NewOldPaint(self)  # the still parts, the moving pieces, pictures made ahead
        super().__init__(app, match, **options)
        nart.prewarm()
        self.painting.prewarm_backs()

    def event_handlers(self) -> dict[type, Callable[[Any], None]]:
        """Event type -> animation (``NewOldEffects``)."""
        return self.effects.event_handlers()

    def still_parts(self) -> dict[str, StillPart]:
        """Zones and their signs, plates, revealed rows, the score sheet, the box (``NewOldPaint``)."""
        return self.painting.still_parts()

    def draw_moving(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """Decks, fans, flying cards, the dragged ghost, bubbles (``NewOldPaint``); the areas painted."""
        return self.painting.draw_moving(surface)

    def paint_still_base(self, surface: pygame.Surface) -> None:
        """The table with its mat, the game's name on the mat (``NewOldPaint``)."""
        self.painting.paint_still_base(surface)

    def handle_key(self, key: str) -> None:
        """Letter shortcuts: R reveal (``NewOldInput.press_reveal``), then the table's (H help...)."""
        if key == "r":
            self.press_reveal()
        else:
            super().handle_key(key)

    # ----- pieces ----------------------------------------------------------------------------------
    def build_pieces(self) -> None:
        """Zones, and for every seat its plate, fan and revealed row, for the current viewer."""
        self.geometry = Geometry(self.match.players, self.viewer)
        self.places = {seat: SeatPlace.at(spot) for seat, spot in self.geometry.places().items()}
        self.zones = {zone: ZoneView(zone, centre) for zone, centre in ZONE_CENTRE.items()}

    def game_buttons(self) -> list[Button]:
        """One action button: "Put back in the box" while choosing, "Reveal my Old cards" in play."""
        self.action_button = Button(pygame.Rect(ACTION_RECT), self.action_label, self.press_action,
                                    enabled=self.action_enabled)
        return [self.action_button]

    @property
    def hand(self) -> KindFan:
        """The viewer's fan."""
        return self.places[self.viewer].fan

    def queue_intro(self) -> None:
        """A fresh match was dealt without events: replay its opening as the events it amounts to."""
        self.pending.extend(self.match.rules.opening_events(self.observation()))

    # ----- queries ---------------------------------------------------------------------------------
    def phase(self) -> str:
        """The rules phase now."""
        return str(self.observation().phase)

    def my_stage(self) -> str:
        """The viewer's stage."""
        return str(self.observation().stages[self.viewer])

    def target_zone(self) -> str:
        """The zone the viewer plays on: the Old zone in stage A, the New zone in stage B."""
        return ZONE_OLD if self.my_stage() == STAGE_A else ZONE_NEW

    def choosing_box(self) -> bool:
        """True while the person at the bottom chooses the two cards for the box (the deal shown)."""
        return self.viewer_may_act() and self.phase() == PHASE_BOX and not self.pending

    def playing(self) -> bool:
        """True when the person at the bottom is to play (not choosing) and the table shows it."""
        return self.viewer_may_act() and self.phase() == PHASE_PLAY and not self.pending

    def update(self, dt: float) -> None:
        """The base's update; then, when the viewer's turn shows or ends, re-read the hints; and
        make a few of the pictures the hand will need next (see ``NewOldPaint.queue_warmup``)."""
        super().update(dt)
        key = (self.playing(), self.choosing_box(), len(self.match.log), self.viewer)
        if key != self._hint_key:
            self._hint_key = key
            self.refresh_hints()
        if not self.hand_interactive():
            return  # nobody will pick these cards up: no need to make their pictures ahead
        hand = tuple(card.value for card in self.hand.cards)
        if hand != self._warm_hand:
            self._warm_hand = hand
            self.painting.queue_warmup()
        began = time.perf_counter()
        while self._warm_jobs and time.perf_counter() - began < WARM_BUDGET:
            self._warm_jobs.popleft()()

    def playable_values(self) -> set[str]:
        """The viewer's hand cards that may be played now (empty when not on turn)."""
        if not self.playing():
            return set()
        obs = self.observation()
        return set(playable_cards(obs.hand, obs.stages[self.viewer], obs.old_top, obs.new_top))

    def reveal_allowed(self) -> bool:
        """True when the viewer may reveal the Old cards now."""
        if not self.playing():
            return False
        obs = self.observation()
        return may_reveal(obs.hand, obs.stages[self.viewer], obs.old_top)

    def reveal_forced(self) -> bool:
        """True when revealing the Old cards is the viewer's only move."""
        if not self.playing():
            return False
        obs = self.observation()
        return must_reveal(obs.hand, obs.stages[self.viewer], obs.old_top)

    def marked(self) -> dict[str, NewOldCard]:
        """The hand cards marked for the box, by kind."""
        if self.viewer not in self.places:  # the buttons ask before the pieces exist
            return {}
        return {card.kind: card for card in self.hand.cards if card.marked}

    def face_up_cards(self) -> list[str]:
        """The hand cards this screen shows face up (the viewer's, unless under a curtain)."""
        if self.hand_hidden:
            return []
        return [str(card.value) for place in self.places.values() for card in place.fan.cards
                if card.face_up and card.value is not None]

    # ----- the action button, status and hints -----------------------------------------------------
    def action_label(self) -> str:
        """The action button's words for the phase."""
        if self.phase() == PHASE_BOX:
            return t("newold_table.box.confirm")
        return t("newold_table.reveal")

    def action_enabled(self) -> bool:
        """Put back: once a New and an Old card are marked; Reveal: when the rules allow it."""
        if self.choosing_box():
            return len(self.marked()) == 2
        return self.reveal_allowed()

    def your_turn_text(self) -> str:
        """What the person at the bottom should do now."""
        obs = self.observation()
        if obs.phase == PHASE_BOX:
            return t("newold_table.status.box")
        if obs.stages[self.viewer] == STAGE_B:
            return t("newold_table.status.stage_b", top=card_number(obs.new_top))
        if self.reveal_forced():
            return t("newold_table.status.must_reveal", top=card_number(obs.old_top))
        if self.reveal_allowed():
            return t("newold_table.status.may_reveal", top=card_number(obs.old_top))
        return t("newold_table.status.stage_a", top=card_number(obs.old_top))

    def waiting_text(self, seat: int) -> str:
        """While another person is to act."""
        if self.phase() == PHASE_BOX:
            return t("newold_table.status.box_waiting", player=self.name_of(seat))
        return t("newold_table.status.waiting", player=self.name_of(seat))

    def status_text(self) -> str:
        """The base's status, or what the AI seats do while choosing for the box."""
        # TableScene's by name: a type checker would find the input's view protocol first through super()
        text = TableScene.status_text(self)
        seat = self.seat_to_move()
        if seat >= 0 and not self.match.seats[seat].is_human and not self.panel and not self.curtain_up \
                and self.phase() == PHASE_BOX:
            return t("newold_table.status.box_thinking", player=self.name_of(seat))
        return text

    # ----- building the picture from the observation -----------------------------------------------
    def sync_from_observation(self) -> None:
        """Set every piece to what the viewer's observation says (no animation)."""
        obs = self.observation()
        self.zones[ZONE_OLD].set_cards(obs.zone_old, salt=1 + 7 * obs.game)
        self.zones[ZONE_NEW].set_cards(obs.zone_new, salt=2 + 7 * obs.game)
        for seat, place in self.places.items():
            self._sync_fan(seat, place.fan, obs)
            place.row.cards = list(obs.revealed[seat])
        self.decks = {NEW: 0, OLD: 0}
        self.box_count = sum(obs.rest_box_kinds) + 2 * sum(obs.chosen)
        self.shown_stages = list(obs.stages)
        self.shown_left = [self._left_why(obs, seat) for seat in range(obs.players)]
        self.shown_start = obs.start_seat
        self.shown_game = obs.game
        self.flying.clear()
        self.hold.dropped = None
        self._clamp_selection()
        self.refresh_hints()

    @staticmethod
    def _left_why(obs: NewOldObservation, seat: int) -> str:
        """Why a seat that left is out ("empty" or "stuck"), or ""."""
        if not obs.left[seat]:
            return ""
        return "stuck" if obs.stages[seat] == STAGE_B and any(card_kind(c) == NEW for c in obs.revealed[seat]) \
            else "empty"

    def _sync_fan(self, seat: int, fan: KindFan, obs: NewOldObservation) -> None:
        """Make ``fan`` hold exactly the seat's hand (faces for the viewer, backs by kind for others)."""
        if seat == self.viewer and obs.seat == seat:
            wanted: list[tuple[str | None, str]] = [(card, card_kind(card)) for card in sorted(obs.hand, key=hand_order)]
        else:
            new, old = obs.hand_kinds[seat]
            wanted = [(None, kind) for kind in [OLD] * old + [NEW] * new]
        spare = list(fan.cards)
        kept: list[NewOldCard] = []
        for value, kind in wanted:
            sprite = next((card for card in spare if card.value == value and card.kind == kind), None)
            if sprite is None:
                sprite = NewOldCard(value, kind, fan.anchor, scale=fan.scale, face_up=value is not None)
            else:
                spare.remove(sprite)
            sprite.flip = 1.0 if value is not None else 0.0
            sprite.visible = True
            sprite.marked = sprite.marked and obs.phase == PHASE_BOX and seat == self.viewer
            kept.append(sprite)
        fan.cards = kept
        fan.settle()

    def needs_sync(self) -> bool:
        """True when the pieces at rest differ from the observation."""
        if self.flying:
            return False
        obs = self.observation()
        if self.zones[ZONE_OLD].cards != list(obs.zone_old) or self.zones[ZONE_NEW].cards != list(obs.zone_new):
            return True
        for seat, place in self.places.items():
            new, old = obs.hand_kinds[seat]
            if len(place.fan.cards) != new + old or place.row.cards != list(obs.revealed[seat]):
                return True
        return self.shown_stages != list(obs.stages) or any(self.decks.values())

    def refresh_hints(self) -> None:
        """The target zone glows on the viewer's turn; playable cards lift, the others dim; a held
        card that does not fit shows why on the zone."""
        if not self.places:
            return
        playing = self.playing()
        playable = self.playable_values()
        target = self.target_zone() if playing else ""
        held = self.held_card()
        for zone, view in self.zones.items():
            view.highlight = None
            view.note = ""
            view.focused = False
            if zone == target:
                view.highlight = "ok"
                if held is not None and held.value not in playable:
                    view.highlight = "no"
                    view.note = self._zone_note(zone)
                view.focused = held is not None and (self.hold.target == zone or self.hold.drag is None)
            elif playing and held is not None and self.hold.target == zone:
                view.highlight = "no"
                view.note = t("newold_table.note.not_yours")
                view.focused = True
        for card in self.hand.cards:
            card.eager = playing and card.value in playable
            card.dim = playing and card.value not in playable
        if self.hold.drag is None:
            self.hand.layout(self.ambient, 0.15)

    def _zone_note(self, zone: str) -> str:
        """What the zone takes now (e.g. "takes 3 or 4"; "New 3 or 4" on the New zone)."""
        top = card_number(self.zones[zone].cards[-1]) if self.zones[zone].cards else 1
        higher = zone_fits(zone, top)[-1]
        key = "newold_table.note.takes_old" if zone == ZONE_OLD else "newold_table.note.takes_new"
        return t(key, same=top, higher=higher)


def make_table(app: App, match: Match, **options: Any) -> Scene:
    """The NEW & OLD table scene for ``match`` (options: ``viewer``, ``ai_enabled``, ``worker_inline``)."""
    # NewOldInput's base is the NewOldView protocol (tools/part_needs.py checks the input against it), so the
    # checker takes the protocol's members as abstract ahead of TableScene's; the class is complete
    return NewOldTable(app, match, **options)  # type: ignore[abstract]
