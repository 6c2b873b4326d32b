"""How a person plays NEW & OLD (``NewOldInput``): drag a hand card onto the
glowing zone (mouse or finger), or click/tap a card then the zone, or the keyboard (Left/Right
card, Enter play, R reveal, Esc menu, U/Backspace/Ctrl+Z undo, H help). While choosing the two cards
for the box, click/tap (or Enter) marks a card, a second card of the same kind takes the mark
over, and "Put back in the box" confirms. The screen never decides legality: a drop becomes an
action that the rules accept or refuse with a reason, and a refused card springs back.

Dragging itself (the ghost, springing back, hover lifts) is ``scenes.table.hand_drag``; the card
held or chosen and the zone under it are the table's ``hold``. What the input uses from the table
is ``NewOldView`` (view.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import t
from game.rules.newold import NEW, OLD, PHASE_BOX, PHASE_PLAY, REVEAL, STAGE_A, NewOldAction
from scenes.newold import layout
from scenes.newold.sprites import NewOldCard

if TYPE_CHECKING:  # the parts are mixins of NewOldTable; a type checker sees what they use from it
    from scenes.newold.view import NewOldView
else:
    NewOldView = object


class NewOldInput(NewOldView):
    """Keys, pointer and the action button of the NEW & OLD table, and what a gesture does to the
    selection and the marks (the table's queries ``phase``, ``playing``, ``choosing_box``... say
    what is allowed; ``attempt`` offers the action to the rules). It goes before ``HandDragMixin``
    in the table's bases: it makes the ghost a drag needs and lets go of it its own way."""

    PAD_X_KEY = "r"  # a pad's X: Reveal my Old cards (scenes.engine.pad)

    # ----- keys (the R key is NewOldTable's) --------------------------------------------------------
    def press_reveal(self) -> None:
        """The R key: reveal the Old cards whenever the viewer is to play (the rules say why not
        when they may not)."""
        if self.playing():
            self.attempt(REVEAL)

    def let_go(self) -> bool:
        """Esc: the held or selected card goes back into the hand."""
        if self.hold.drag is None and self.hold.selected is None:
            return False
        if self.hold.drag is not None:
            self.spring_back()
        self.hold.selected = None
        self.hand.raised = self.hand.focus = None
        return True

    # ----- pointer ---------------------------------------------------------------------------------
    def pointer_down(self, pos: tuple[int, int]) -> None:
        """Press: pick up a hand card, or play the selected card on a zone."""
        index = self.hand.card_at(pos) if self.hand_interactive() else None
        if index is not None:
            sprite = self.hand.cards[index]
            self.hold.pick(sprite, pos)
            return
        zone = self.zone_at(pos)
        if zone is None:
            return
        if self.hold.selected is not None:
            self.attempt_on_zone(zone)
        elif self.viewer_may_act() and self.phase() == PHASE_PLAY:
            self.toast.show(t("table.reason.pick_card"), 2.4)

    def track_drop_target(self, pos: tuple[int, int]) -> None:
        """The zone under the dragged card glows (hints refresh only when it changes)."""
        zone = self.zone_at(pos)
        if zone != self.hold.target:
            self.hold.target = zone
            self.refresh_hints()

    @staticmethod
    def ghost_of(card: NewOldCard) -> NewOldCard:
        """A copy of a NEW & OLD card where it lies, to follow the pointer."""
        return NewOldCard(card.value, card.kind, card.pos, angle=card.angle, scale=card.scale)

    def note_dragged(self, card: NewOldCard) -> None:
        """A dragged card is selected and stays raised, except while choosing the box."""
        if card in self.hand.cards and self.phase() != PHASE_BOX:
            self.hold.selected = self.hand.cards.index(card)
            self.hand.raised = self.hold.selected

    def pointer_up(self, pos: tuple[int, int]) -> None:
        """Drop: on a zone plays, on the box marks (while choosing); a click selects or marks."""
        drag = self.hold.drag
        if drag is None:
            return
        if drag.moved:
            if self.choosing_box() and self.box_rect().collidepoint(pos):
                self.spring_back()
                if not drag.sprite.marked:
                    self.toggle_mark(drag.sprite)
                self.refresh_hints()
                return
            zone = self.zone_at(pos)
            if zone is None:
                self.spring_back()
                self.refresh_hints()
                return
            self.attempt_on_zone(zone, drag.sprite)
            return
        self.hold.drag = None
        if self.phase() == PHASE_BOX:
            if self.choosing_box():
                self.toggle_mark(drag.sprite)
                self.hold.selected = self.hand.cards.index(drag.sprite) if drag.sprite in self.hand.cards else None
                self.hand.focus = self.hold.selected
            self.refresh_hints()
            return
        index = self.hand.cards.index(drag.sprite) if drag.sprite in self.hand.cards else None
        self.hold.selected = None if index == self.hold.selected else index
        self.hand.raised = self.hold.selected
        self.refresh_hints()
        self.app.audio.play("click")

    def zone_at(self, pos: tuple[int, int]) -> str | None:
        """The zone under ``pos``."""
        for zone, view in self.zones.items():
            if view.rect().collidepoint(pos):
                return zone
        return None

    @staticmethod
    def box_rect() -> pygame.Rect:
        """The game box's area."""
        return layout.box_rect()

    # ----- arrows, Tab, Enter ----------------------------------------------------------------------
    def handle_nav(self, dx: int, dy: int) -> None:
        """Left/Right choose a hand card (Up plays it, like Enter)."""
        if not self.hand_interactive() or not self.hand.cards:
            return
        if dx:
            if self.hold.selected is None:
                self.hold.selected = self._first_playable_index(reverse=dx < 0)
            else:
                self.hold.selected = self.next_card_index(self.hold.selected, 1 if dx > 0 else -1)
            self.hand.raised = self.hold.selected if self.phase() != PHASE_BOX else None
            self.hand.focus = self.hold.selected
            self.refresh_hints()
            self.hand.layout(self.ambient, 0.15)
        elif dy < 0:
            self.handle_activate()

    def handle_focus(self, step: int) -> None:
        """Tab: the next card, like Right."""
        self.handle_nav(step, 0)

    def handle_activate(self) -> None:
        """Enter: mark/confirm while choosing; play the selected card; reveal when that is the only move."""
        if not self.hand_interactive():
            return
        if self.choosing_box():
            held = self.held_card()
            if held is not None and not held.marked:
                self.toggle_mark(held)
                self.refresh_hints()
            elif len(self.marked()) == 2:
                self.confirm_box()
            elif held is not None:
                self.toggle_mark(held)
            else:
                self.handle_nav(1, 0)
            return
        if self.reveal_forced():
            self.attempt(REVEAL)
            return
        if self.hold.selected is None:
            if self.hand.cards:
                self.handle_nav(1, 0)
            return
        self.attempt_on_zone(self.target_zone())

    # ----- actions and the selection ---------------------------------------------------------------
    def held_card(self) -> NewOldCard | None:
        """The hand card held by the pointer or selected by keys/click."""
        return self.hold.held_card(self.hand.cards)

    def press_action(self) -> None:
        """The action button: confirm the box cards, or reveal the Old cards."""
        if self.choosing_box():
            self.confirm_box()
        else:
            self.press_reveal()

    def confirm_box(self) -> None:
        """Put the two marked cards into the box (or say which kind is still missing)."""
        marks = self.marked()
        if NEW not in marks or OLD not in marks:
            missing = "new" if NEW not in marks else "old"
            self.refuse(t(f"newold_table.reason.box_missing_{missing}"))
            return
        self.attempt(NewOldAction("box", str(marks[NEW].value), str(marks[OLD].value)))

    def toggle_mark(self, sprite: NewOldCard) -> None:
        """Mark a card for the box (a card of the same kind marked before is let go), or unmark it."""
        if sprite.marked:
            sprite.marked = False
        else:
            for card in self.hand.cards:
                if card.kind == sprite.kind:
                    card.marked = False
            sprite.marked = True
        self.app.audio.play("click")
        self.hand.layout(self.ambient, 0.18)

    def attempt_on_zone(self, zone: str, sprite: NewOldCard | None = None) -> bool:
        """Play the held card on ``zone`` (the table refuses the wrong zone; the rules the rest)."""
        card = sprite if sprite is not None else self.held_card()
        if card is None or card.value is None:
            self.refuse(t("table.reason.pick_card"))
            return False
        if self.viewer_may_act() and self.phase() == PHASE_BOX:
            self.refuse(t("newold_table.reason.box_first"))
            return False
        if self.viewer_may_act() and zone != self.target_zone():
            self.refuse(t("newold_table.reason.zone_a" if self.my_stage() == STAGE_A else "newold_table.reason.zone_b"))
            return False
        return self.attempt(NewOldAction("play", str(card.value)))

    def drop_held(self) -> None:
        """Let go of a dragged card (help opens, a curtain goes up); no card stays lifted."""
        if self.hold.drag is not None:
            self.spring_back()
        self.hand.hover = None

    def clear_selection(self) -> None:
        """Forget the held, selected and marked cards."""
        self.hold.clear()
        for place in self.places.values():
            for card in place.fan.cards:
                card.marked = False
            place.fan.raised = place.fan.focus = place.fan.hover = None


