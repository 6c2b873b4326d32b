"""Pointer, finger and keys on the ノアロン table.

A turn: click (tap) a glowing source (the deck, your two piles or the opponent's two piles;
Tab/arrows and Enter by keys); point at the pair to discard (the pair whose middle is nearest the
pointer lifts; Left/Right by keys) and click or press Enter; then point at the gap where the
reserve pair goes (the pair shows in the hand at that gap; Left/Right) and click or press Enter;
then Declare or End turn (D, E; those keys are the table's). A finger taps once to choose and
again to confirm. The choice in progress is the table's ``choice``; what the input uses from the
table is ``NoaronView`` (view.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import t
from game.rules.noaron import HAND_SIZE, LEFT, PHASE_DECIDE, PHASE_DISCARD, PHASE_INSERT, PHASE_TAKE, RIGHT
from scenes.engine import input as intents
from scenes.engine.input import Intent
from scenes.noaron.layout import PILE_SCALE, scaled_size

if TYPE_CHECKING:  # the parts are mixins of NoaronTable; a type checker sees what they use from it
    from scenes.noaron.view import NoaronView
else:
    NoaronView = object


class NoaronInput(NoaronView):
    """The input handling of ``NoaronTable`` (a mixin: the table holds the state;
    ``NoaronView``: what it uses from the table)."""

    PAD_X_KEY = "e"  # a pad's X: End turn (scenes.engine.pad)

    def handle_pointer(self, intent: Intent) -> None:
        """Buttons first; then a press takes, discards or places; a move shows what it would do."""
        if self.buttons.handle(intent):
            return
        if intent.kind == intents.PRESS:
            self.pointer_down(intent.pos, intent.touch)
        elif intent.kind == intents.MOVE and not intent.touch and not intent.held:
            self.pointer_move(intent.pos)

    def handle_focus(self, step: int) -> None:
        """Tab / Shift+Tab: the next source in the take phase, else like Right / Left."""
        if self.phase_for_viewer() == PHASE_TAKE:
            self.cycle_source(step)
        else:
            self.handle_nav(step, 0)

    def handle_activate(self) -> None:
        """Enter: confirm the choice in progress."""
        self.confirm()

    def let_go(self) -> bool:
        """Esc: drop the choice in progress (an armed card, a pair being picked), else put the
        explanation card away; only then does Esc open the menu."""
        if self.choice.pair_cursor is None and self.choice.armed is None:
            if self.coach_rect() is None:
                return False
            self.close_coach()
            return True
        self.clear_selection()
        return True

    def source_at(self, pos: tuple[int, int]) -> str | None:
        """The source under the pointer: the deck, or either pile of a side."""
        width, height = scaled_size(PILE_SCALE)
        deck = pygame.Rect(0, 0, width + 40, height + 40)
        deck_x, deck_y = self.geometry.deck
        deck.center = (round(deck_x), round(deck_y))
        if deck.collidepoint(pos):
            return "deck"
        for seat in (0, 1):
            for pile in (LEFT, RIGHT):
                rect = pygame.Rect(0, 0, width + 20, height + 24)
                rect.center = tuple(round(v) for v in self.pile_centre(seat, pile))
                if rect.collidepoint(pos):
                    viewer = self.viewer if self.viewer >= 0 else self.bottom
                    return "mine" if seat == viewer else "theirs"
        return None

    def in_hand_band(self, pos: tuple[int, int]) -> bool:
        """True when ``pos`` is on the bottom row's strip (where pairs and gaps are picked)."""
        area = self.hand.span(0, max(1, HAND_SIZE)).inflate(60, 0)
        band = self.geometry.hand_band()
        return band[0] <= pos[1] <= band[1] and area.left <= pos[0] <= area.right

    def choice_at(self, pos: tuple[int, int]) -> int:
        """The pair (discard phase) or gap (insert phase) the pointer picks: both are two-slot
        blocks of the twelve-slot row, the one whose middle is nearest the pointer."""
        return self.hand.nearest_between(pos[0], HAND_SIZE - 1, HAND_SIZE)

    def pointer_down(self, pos: tuple[int, int], touch: bool = False) -> None:
        """A click or tap: close the explanation card, take from a source, discard a pair, place
        the reserve."""
        coach = self.coach_rect()
        if coach is not None and coach.collidepoint(pos):
            self.close_coach()
            return
        phase = self.phase_for_viewer()
        if phase == PHASE_TAKE:
            source = self.source_at(pos)
            if source is not None:
                self.take(source)
            return
        if phase in (PHASE_DISCARD, PHASE_INSERT) and self.in_hand_band(pos):
            choice = self.choice_at(pos)
            if touch and self.choice.armed != (phase, choice):
                self.choice.armed = (phase, choice)  # first tap: show the choice; a second tap confirms
                self._set_cursor(phase, choice)
                return
            self._set_cursor(phase, choice)
            self.confirm()
            return
        if phase == "" and self.source_at(pos) is not None and self.match.seats[self.bottom].is_human:
            self.refuse(t("table.reason.not_now"))

    def pointer_move(self, pos: tuple[int, int], held: bool = False, touch: bool = False) -> None:
        """Hover: a source rings, a pair lifts, the reserve pair moves to the gap."""
        phase = self.phase_for_viewer()
        if phase == PHASE_TAKE:
            source = self.source_at(pos)
            if source in self.legal_sources() and source != self.choice.source_focus:
                self.choice.source_focus = source
                self.refresh_hints()
        elif phase in (PHASE_DISCARD, PHASE_INSERT) and self.in_hand_band(pos):
            self._set_cursor(phase, self.choice_at(pos))

    def _set_cursor(self, phase: str, choice: int) -> None:
        """Point the pair or gap cursor at ``choice`` and re-read the hints if it moved."""
        if self.choice.point_at(phase, choice):
            self.refresh_hints()

    def handle_nav(self, dx: int, dy: int) -> None:
        """Left/Right move the pair or gap cursor (or the source); Up/Down choose the source."""
        phase = self.phase_for_viewer()
        if phase == PHASE_TAKE:
            self.cycle_source(dx or dy)
        elif phase == PHASE_DISCARD and dx:
            current = self.choice.pair_cursor
            self.choice.pair_cursor = 0 if current is None else max(0, min(HAND_SIZE - 2, current + dx))
            self.refresh_hints()
        elif phase == PHASE_INSERT and dx:
            current = HAND_SIZE - 2 if self.choice.gap_cursor is None else self.choice.gap_cursor
            self.choice.gap_cursor = max(0, min(HAND_SIZE - 2, current + dx))
            self.refresh_hints()

    def cycle_source(self, step: int) -> None:
        """Move the source focus to the next legal source."""
        legal = self.legal_sources()
        if not legal:
            return
        if self.choice.source_focus not in legal:
            self.choice.source_focus = legal[0] if step >= 0 else legal[-1]
        else:
            self.choice.source_focus = legal[(legal.index(self.choice.source_focus) + step) % len(legal)]
        self.refresh_hints()

    def confirm(self) -> None:
        """Enter: take from the focused source, discard the pair, place the reserve, or declare."""
        phase = self.phase_for_viewer()
        self.choice.armed = None
        if phase == PHASE_TAKE:
            if self.choice.source_focus is None:
                self.cycle_source(1)
            else:
                self.take(self.choice.source_focus)
        elif phase == PHASE_DISCARD:
            if self.choice.pair_cursor is None:
                self.handle_nav(1, 0)
            else:
                self.discard(self.choice.pair_cursor)
        elif phase == PHASE_INSERT:
            self.insert(HAND_SIZE - 2 if self.choice.gap_cursor is None else self.choice.gap_cursor)
        elif phase == PHASE_DECIDE:
            self.press_declare()
        elif self.viewer_may_act() is False and self.match.seats[self.bottom].is_human:
            self.refuse(t("table.reason.not_now"))
