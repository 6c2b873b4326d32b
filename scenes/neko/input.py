"""Neko's input: the viewer's gestures become actions (``NekoInput``).

Drag a hand card onto a glowing stack (mouse or finger), or click/tap a card then a stack, or use
the keyboard (Left/Right card, Up/Down/Tab stack, Enter play, P pass, Esc menu, U/Backspace/Ctrl+Z
undo, H help). The screen never decides legality: a drop becomes an action and the rules accept
it or refuse it with a reason (the shared ``HandDragMixin`` springs the card back).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.i18n import t
from game.rules.neko import PASS, PHASE_BASE, PHASE_PLAY, NekoAction
from scenes.table.pieces import CardSprite

if TYPE_CHECKING:  # the parts are mixins of NekoTable; a type checker sees what they use from it
    from scenes.neko.view import NekoView
else:
    NekoView = object


class NekoInput(NekoView):
    """Keys, pointer and hit tests, for ``NekoTable`` (``NekoView``: what it uses from the table)."""

    PAD_X_KEY = "p"  # a pad's X: Pass (scenes.engine.pad)

    # ----- actions ------------------------------------------------------------------------------
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

    def clear_selection(self) -> None:
        """No card held, selected or aimed."""
        self.hold.clear()

    def press_pass(self) -> None:
        """The Pass button / P key. While the stall breaker makes the viewer play, the button is
        off and P is refused by the rules, with their reason."""
        if self.viewer_may_act() and self.observation().phase == PHASE_PLAY:
            self.attempt(PASS)

    # ----- pointer, keyboard targets (the P key is NekoTable's) ------------------------------------------------------------
    def let_go(self) -> bool:
        """Esc: the held or selected card goes back into the hand."""
        if self.hold.drag is None and self.hold.selected is None:
            return False
        if self.hold.drag is not None:
            self.spring_back()
        self.hold.clear()
        self.hand.raised = None
        self.hand.layout(self.ambient, 0.2)
        return True

    def pointer_down(self, pos: tuple[int, int]) -> None:
        """Press: pick up a hand card, or play the selected card on a stack."""
        index = self.hand.card_at(pos) if self.hand_interactive() else None
        if index is not None:
            sprite = self.hand.cards[index]
            self.hold.pick(sprite, pos)
            self.hand.raised = index
            self.hand.layout(self.ambient, 0.12)
            self.refresh_hints()
            return
        position = self.stack_at(pos)
        if position is None:
            return
        if self.hold.selected is not None:
            self.attempt_on_stack(position)
        elif self.viewer_may_act():
            self.toast.show(t("table.reason.pick_card"), 2.4)

    def track_drop_target(self, pos: tuple[int, int]) -> None:
        """The stack under the dragged card glows."""
        self.hold.target = self.stack_at(pos)
        self.refresh_hints()

    @staticmethod
    def ghost_of(card: CardSprite) -> CardSprite:
        """A copy of a neko card where it lies, to follow the pointer."""
        return CardSprite(card.value, card.pos, angle=card.angle, scale=card.scale)

    def pointer_up(self, pos: tuple[int, int]) -> None:
        """Drop: play on the stack under the pointer or spring back; a click toggles selection."""
        drag = self.hold.drag
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
        self.hold.drag = None
        index = self.hand.cards.index(drag.sprite) if drag.sprite in self.hand.cards else None
        self.hold.selected = None if index == self.hold.selected else index
        self.hand.raised = self.hold.selected
        if self.hold.selected is not None and self.hold.target is None:
            self.hold.target = self._first_ok_target()
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
            if self.hold.selected is None:
                self.hold.selected = self._first_playable_index(reverse=dx < 0)
            else:
                self.hold.selected = self.next_card_index(self.hold.selected, 1 if dx > 0 else -1)
            self.hand.raised = self.hold.selected
            self.hand.focus = self.hold.selected
            ok = self._first_ok_target()
            if ok is not None or self.hold.target is None:
                self.hold.target = ok
            self.hand.layout(self.ambient, 0.15)
            self.refresh_hints()
        elif dy:
            self.cycle_target(1 if dy > 0 else -1)

    def handle_focus(self, step: int) -> None:
        """Tab / Shift+Tab: the next stack clockwise (or back)."""
        self.cycle_target(step)

    def handle_activate(self) -> None:
        """Enter: play the selected card."""
        self.play_selected()

    def cycle_target(self, step: int) -> None:
        """Move the keyboard target to the next stack clockwise (or back)."""
        if not self.hand_interactive() or not self.hand.cards:
            return
        if self.hold.selected is None:
            self.hold.selected = self._first_playable_index()
            self.hand.raised = self.hand.focus = self.hold.selected
            self.hand.layout(self.ambient, 0.15)
        order = [(self.geometry.viewer_position + offset) % 4 for offset in range(4)]
        if self.hold.target is None:
            self.hold.target = self._first_ok_target()
            if self.hold.target is None:
                self.hold.target = order[0]
        else:
            self.hold.target = self._next_target(order, step)
        self.refresh_hints()

    def _next_target(self, order: list[int], step: int) -> int:
        """The stack ``step`` from the target in ``order``, skipping stacks that refuse the held
        card while some stack takes it (never the cat's)."""
        verdicts = self.stack_verdicts(self.held_value())
        takes = any(verdicts[position][0] == "ok" for position in order)
        start = order.index(self.hold.target) if self.hold.target in order else 0
        for distance in range(1, len(order) + 1):
            position = order[(start + step * distance) % len(order)]
            if not takes or verdicts[position][0] == "ok":
                return position
        return order[(start + step) % len(order)]

    def play_selected(self) -> None:
        """Enter: play the selected card on the target stack (at setup: on the seat's own place)."""
        if not self.hand_interactive():
            return
        if self.hold.selected is None:
            if self.hand.cards:
                self.handle_nav(1, 0)
            return
        obs = self.observation()
        if obs.phase == PHASE_BASE and obs.setup_queue:
            self.attempt_on_stack(obs.setup_queue[0])
            return
        if self.hold.target is None:
            self.hold.target = self._first_ok_target()
        if self.hold.target is None:
            self.refuse(t("neko.reason.no_card_fits") if obs.phase == PHASE_PLAY else t("table.reason.not_now"))
            return
        self.attempt_on_stack(self.hold.target)
