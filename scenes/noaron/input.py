"""Pointer, finger and keys on the ノアロン table.

A turn: click (tap) a glowing source (the deck, your two piles or the opponent's two piles;
Tab/arrows and Enter by keys); point at the pair to discard (the pair whose middle is nearest the
pointer lifts; Left/Right by keys) and click or press Enter; then point at the gap where the
reserve pair goes (the pair shows in the hand at that gap; Left/Right) and click or press Enter;
then Declare or End turn (D, E). A finger taps once to choose and again to confirm.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import t
from game.rules.noaron import HAND_SIZE, LEFT, PHASE_DECIDE, PHASE_DISCARD, PHASE_INSERT, PHASE_TAKE, RIGHT
from scenes.engine import input as intents
from scenes.engine.input import Intent
from scenes.noaron.layout import PILE_SCALE, scaled_size
from scenes.table.mixin import TableMixin

if TYPE_CHECKING:
    from scenes.noaron.layout import Geometry, Point
    from scenes.noaron.sprites import HandRow


class NoaronInput(TableMixin):
    """The input handling of ``NoaronTable`` (a mixin: the table holds the state)."""

    PAD_X_KEY = "e"  # a pad's X: End turn (scenes.engine.pad)

    if TYPE_CHECKING:  # provided by NoaronTable (scenes/noaron/scene.py)
        source_focus: str | None
        pair_cursor: int | None
        gap_cursor: int | None
        armed: tuple[str, int] | None
        @property
        def geometry(self) -> Geometry: ...
        @property
        def bottom(self) -> int: ...
        @property
        def hand(self) -> HandRow: ...

        def pile_centre(self, seat: int, pile: int) -> Point: ...
        def phase_for_viewer(self) -> str: ...
        def legal_sources(self) -> list[str]: ...
        def take(self, source: str) -> bool: ...
        def discard(self, index: int) -> bool: ...
        def insert(self, gap: int) -> bool: ...
        def press_declare(self) -> None: ...
        def press_end(self) -> None: ...
        def _clear_choice(self) -> None: ...
        def coach_rect(self) -> pygame.Rect | None: ...
        def close_coach(self) -> None: ...

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

    def handle_key(self, key: str) -> None:
        """Letter shortcuts: D declare, E end the turn; H help (the base's)."""
        if key == "d":
            self.press_declare()
        elif key == "e":
            self.press_end()
        else:
            super().handle_key(key)

    def let_go(self) -> bool:
        """Esc: drop the choice in progress (an armed card, a pair being picked), else put the
        explanation card away; only then does Esc open the menu."""
        if self.pair_cursor is None and self.armed is None:
            if self.coach_rect() is None:
                return False
            self.close_coach()
            return True
        self._clear_choice()
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
            if touch and self.armed != (phase, choice):
                self.armed = (phase, choice)  # first tap: show the choice; a second tap confirms
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
            if source in self.legal_sources() and source != self.source_focus:
                self.source_focus = source
                self.refresh_hints()
        elif phase in (PHASE_DISCARD, PHASE_INSERT) and self.in_hand_band(pos):
            self._set_cursor(phase, self.choice_at(pos))

    def _set_cursor(self, phase: str, choice: int) -> None:
        """Point the pair or gap cursor at ``choice`` and re-read the hints if it moved."""
        if phase == PHASE_DISCARD and choice != self.pair_cursor:
            self.pair_cursor = choice
            self.refresh_hints()
        elif phase == PHASE_INSERT and choice != self.gap_cursor:
            self.gap_cursor = choice
            self.refresh_hints()

    def handle_nav(self, dx: int, dy: int) -> None:
        """Left/Right move the pair or gap cursor (or the source); Up/Down choose the source."""
        phase = self.phase_for_viewer()
        if phase == PHASE_TAKE:
            self.cycle_source(dx or dy)
        elif phase == PHASE_DISCARD and dx:
            current = self.pair_cursor
            self.pair_cursor = 0 if current is None else max(0, min(HAND_SIZE - 2, current + dx))
            self.refresh_hints()
        elif phase == PHASE_INSERT and dx:
            current = HAND_SIZE - 2 if self.gap_cursor is None else self.gap_cursor
            self.gap_cursor = max(0, min(HAND_SIZE - 2, current + dx))
            self.refresh_hints()

    def cycle_source(self, step: int) -> None:
        """Move the source focus to the next legal source."""
        legal = self.legal_sources()
        if not legal:
            return
        if self.source_focus not in legal:
            self.source_focus = legal[0] if step >= 0 else legal[-1]
        else:
            self.source_focus = legal[(legal.index(self.source_focus) + step) % len(legal)]
        self.refresh_hints()

    def confirm(self) -> None:
        """Enter: take from the focused source, discard the pair, place the reserve, or declare."""
        phase = self.phase_for_viewer()
        self.armed = None
        if phase == PHASE_TAKE:
            if self.source_focus is None:
                self.cycle_source(1)
            else:
                self.take(self.source_focus)
        elif phase == PHASE_DISCARD:
            if self.pair_cursor is None:
                self.handle_nav(1, 0)
            else:
                self.discard(self.pair_cursor)
        elif phase == PHASE_INSERT:
            self.insert(HAND_SIZE - 2 if self.gap_cursor is None else self.gap_cursor)
        elif phase == PHASE_DECIDE:
            self.press_declare()
        elif self.viewer_may_act() is False and self.match.seats[self.bottom].is_human:
            self.refuse(t("table.reason.not_now"))
