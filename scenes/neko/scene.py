"""The table of ねこは上にある: four stacks in a cross, the hands around them, a cat that hops.

The scene draws only what one seat may see (``rules.observe(state, viewer)``): the viewer's hand
face up at the bottom, every other hand as backs with a count. It never guesses what changed:
every action returns rules events, and each event becomes an animation (a deal, a card sliding
from a hand onto a stack and flipping face up, the cat hopping, a "Pass!" bubble, a round panel).
Between event batches the pieces are re-read from the observation, so the picture at rest always
equals the rules state.

This module is the wiring: the pieces, the Pass button, the sync from the observation, the status
lines and the hints (what the held card may do). Gestures are ``NekoInput`` (input.py, a mixin),
event animations ``NekoEffects`` (effects.py) and painting ``NekoPaint`` (paint.py), parts the table
owns; what those three use from the table is ``NekoView`` (view.py); places are ``layout.py``.
What is not about neko (actions through the match, undo, the AI worker and its minimum pause,
the hot-seat curtain, event playback, the autosave, the results, the still layer) is the shared
``TableScene`` in ``scenes/table/base.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.core.match import Match
from game.i18n import t
from game.rules.neko import (
    DECK,
    PASS,
    PHASE_BASE,
    PHASE_PLAY,
    Dealt,
    NekoObservation,
    NekoRules,
    RoundStarted,
    accepted_cards,
    playable_positions,
)
from scenes.engine.app import App, Scene
from scenes.engine.ui import Button, seat_label
from scenes.neko.art import prewarm_pictures
from scenes.neko.effects import NekoEffects
from scenes.neko.input import NekoInput
from scenes.neko.layout import CAT_ON_CARD, FanSpec, Geometry, Point, pass_button_rect
from scenes.neko.paint import NekoPaint
from scenes.table.base import TableScene
from scenes.table.hand_drag import HandDragMixin, HandHold
from scenes.table.pieces import CardSprite, HandFan, StackView, Token
from scenes.table.still import StillPart


def fan_from_spec(spec: FanSpec) -> HandFan:
    """An empty hand fan laid as the layout says."""
    return HandFan(spec.anchor, rotation=spec.rotation, radius=spec.radius, step=spec.step,
                   max_spread=spec.max_spread, scale=spec.scale)


class NekoTable(NekoInput, HandDragMixin, TableScene):
    """The neko table scene (see the module docstring)."""

    SETTING_OUT_EVENTS = (RoundStarted, Dealt)  # the deal and what comes with it: "Setting out the pieces…"

    # Hint above Pass, its panel above it: the top right holds a seat's name plate and the leftover pile
    HINT_BUTTON = (1580, 750, 300, 76)
    HINT_STYLE = "secondary"
    rules: NekoRules  # the match's (a neko match)

    def hint_panel_areas(self, size: tuple[int, int]) -> list[pygame.Rect]:
        """The hint's panel right above the Hint button, clear of the stacks and the leftover pile;
        with a seat at the right (four players: no pile) first under Menu, off that seat's plate."""
        above = pygame.Rect((1880 - size[0], self.HINT_BUTTON[1] - 12 - size[1]), size)
        under_menu = super().hint_panel_areas(size)
        return [*under_menu, above] if self.match.players >= 4 else [above, *under_menu]

    def __init__(self, app: App, match: Match, *, viewer: int | None = None, ai_enabled: bool = True,
                 worker_inline: bool | None = None) -> None:
        self.stacks: list[StackView] = []
        self.fans: dict[int, HandFan] = {}
        self.cat = Token((0.0, 0.0))
        self.cat_position = -1  # the stack the cat is drawn on (-1: none)
        self.flying: list[CardSprite] = []
        self.deck_count = 0
        self.shown_round = 0
        self.shown_totals: tuple[int, ...] = (0,) * match.players
        self.hold: HandHold[CardSprite, int] = HandHold()  # the card held or chosen, and the stack it is aimed at
        self.salt = 0
        self.effects = NekoEffects(self)  # rules events -> animations
        self.painting = NekoPaint(self)  # the still parts and the moving pieces
        super().__init__(app, match, viewer=viewer, ai_enabled=ai_enabled, worker_inline=worker_inline)
        prewarm_pictures(self.fans, self.viewer)

    # ----- set-up ---------------------------------------------------------------------------
    def game_buttons(self) -> list[Button]:
        """Pass, above Undo at the lower right."""
        self.pass_button = Button(pass_button_rect(), lambda: t("table.pass"), self.press_pass,
                                  enabled=self.can_pass)
        return [self.pass_button]

    def build_pieces(self) -> None:
        """The geometry for the viewer; empty stacks, fans and the cat."""
        self.geometry = Geometry(self.match.players, self.viewer)
        self.stacks = []
        for position in range(4):
            self.stacks.append(StackView(self.geometry.stack_centre(position)))
        self.fans = {seat: fan_from_spec(self.geometry.fan_spec(seat)) for seat in range(self.match.players)}

    def queue_intro(self) -> None:
        """A fresh match was dealt without events: replay its opening as the events it amounts to."""
        obs = self.observation()
        self.deck_count = len(DECK)
        self.shown_round = obs.round
        self.pending.extend(self.match.rules.opening_events(obs))

    # ----- the parts' hooks ------------------------------------------------------------------
    def event_handlers(self) -> dict[type, Callable[[Any], None]]:
        """Event type -> animation (``NekoEffects``)."""
        return self.effects.event_handlers()

    def still_parts(self) -> dict[str, StillPart]:
        """The stacks, the name plates and the score board (``NekoPaint``)."""
        return self.painting.still_parts()

    def draw_moving(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """The pile, fans, cat, flying cards and bubbles (``NekoPaint``); the areas painted."""
        return self.painting.draw_moving(surface)

    def paint_still_base(self, surface: pygame.Surface) -> None:
        """What never changes: the table, the mat's printed title, the compass inside the cross."""
        super().paint_still_base(surface)
        self.painting.paint_compass(surface)

    def handle_key(self, key: str) -> None:
        """Letter shortcuts: P pass (``NekoInput.press_pass``), then the table's (H help...)."""
        if key == "p":
            self.press_pass()
        else:
            super().handle_key(key)

    def pause(self) -> None:
        """Another scene is on top (help, curtain, results): let go of the card in hand."""
        super().pause()
        self.hand.hover = None

    # ----- queries --------------------------------------------------------------------------
    @property
    def hand(self) -> HandFan:
        """The viewer's fan."""
        return self.fans[self.viewer]

    def can_pass(self) -> bool:
        """The Pass button's enabled flag (off while the stall breaker makes the viewer play)."""
        return (self.viewer_may_act() and self.observation().phase == PHASE_PLAY
                and PASS in self.match.legal_actions(self.viewer))

    def face_up_values(self) -> list[int]:
        """The card values this screen shows face up in hands (the viewer's hand only, or none)."""
        if self.hand_hidden:
            return []
        return [card.value for fan in self.fans.values() for card in fan.cards
                if card.face_up and card.value is not None]

    def your_turn_text(self) -> str:
        """Lay a base card, or play / pass."""
        obs = self.observation()
        if obs.phase == PHASE_BASE:
            return t("neko.status.lay_base")
        if obs.phase == PHASE_PLAY and PASS not in self.match.legal_actions(self.viewer):
            return t("neko.status.must_play")
        return t("neko.status.your_turn")

    def waiting_text(self, seat: int) -> str:
        """Whom the table waits for."""
        return t("neko.status.waiting", player=seat_label(seat, self.match.seats[seat]))

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

    def needs_sync(self) -> bool:
        """True when the pieces at rest differ from the observation (a cheap consistency check)."""
        if self.flying:
            return False
        obs = self.observation()
        if any(view.cards != list(obs.stacks[position]) for position, view in enumerate(self.stacks)):
            return True
        if [len(self.fans[seat].cards) for seat in range(obs.players)] != list(obs.hand_counts):
            return True
        return self.cat_position != obs.cat

    # ----- hints: what the held card may do ---------------------------------------------------
    def held_value(self) -> int | None:
        """The value of the card in hand that is held or selected."""
        card = self.hold.held_card(self.hand.cards)
        return None if card is None else card.value

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
            accepted = accepted_cards(tops, index)
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
            view.focused = self.hold.target == position and self.held_value() is not None
        playable = self.playable_values()
        for card in self.hand.cards:
            card.dim = playable is not None and card.value not in playable

    def playable_values(self) -> set[int] | None:
        """Values the viewer could play now (None when not in the play phase on their turn)."""
        if not self.viewer_may_act() or self.observation().phase != PHASE_PLAY:
            return None
        return {action.card for action in self.match.legal_actions(self.viewer) if action.kind == "play"}


def make_table(app: App, match: Match, **options: Any) -> Scene:
    """The neko table scene for ``match`` (options: ``viewer``, ``ai_enabled``, ``worker_inline``)."""
    # NekoInput's base is the NekoView protocol (tools/part_needs.py checks the input against it), so the
    # checker takes the protocol's members as abstract ahead of TableScene's; the class is complete
    return NekoTable(app, match, **options)  # type: ignore[abstract]
