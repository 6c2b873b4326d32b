"""Dragging cards out of a hand fan, shared by the tables whose person plays hand cards onto the
table by pointer (ねこは上にある, NEW & OLD).

A press on a hand card makes a ``Drag``; once the pointer has moved past ``DRAG_THRESHOLD``, a
lifted *ghost* copy follows it while the card itself waits hidden in the fan (so no hand animation
fights the pointer). A refused or abandoned drop springs the ghost back to the card's place.

What the person holds or chose is one ``HandHold`` (the table's ``hold``): the card held by the
pointer, the card chosen by keys or a click, what it is aimed at, and the ghost of a play that went
through. The input changes it through its methods (``pick``, ``release``, ``drop``, ``clear``);
effects, paint and hints read it.

``HandDragMixin`` goes before ``TableScene`` in the bases; the table provides ``hand`` (a
``HandFan``), ``hold``, ``flying`` (sprites painted above the still layer), and the hooks
``ghost_of(card)`` (a copy of a hand card, of the table's card type), ``note_dragged(card)`` (what
a drag selects), ``playable_values()`` and ``track_drop_target(pos)`` (what the ghost is over now).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from scenes.engine import anim
from scenes.table.pieces import CardSprite
from scenes.table.view import TableView

Point = tuple[float, float]
DRAG_THRESHOLD = 14  # pixels the pointer must move before a press becomes a drag
Card = TypeVar("Card", bound=CardSprite[Any])  # the table's kind of hand card
Target = TypeVar("Target")  # what a held card is aimed at (neko: a stack's position, NEW & OLD: a zone)


@dataclass
class Drag:
    """A hand card held by the pointer, and (once it moved) the ghost that follows it."""

    sprite: Any
    start: Point
    offset: Point
    moved: bool = False
    ghost: Any = None


@dataclass
class HandHold(Generic[Card, Target]):
    """What the person holds or chose in their hand fan, and what it is aimed at (see the module
    docstring); changed only through the methods below and by the input's own choices."""

    selected: int | None = None  # the hand card chosen by keys or a click (its index in the fan)
    drag: Drag | None = None  # the hand card held by the pointer
    target: Target | None = None  # what the held or chosen card is aimed at
    dropped: tuple[Card, Card] | None = None  # (hand card, its dropped ghost) until the play flies from there

    def pick(self, sprite: Card, pos: tuple[int, int]) -> None:
        """A press on the hand card ``sprite`` at ``pos``: the pointer holds it (not moved yet)."""
        self.drag = Drag(sprite, (float(pos[0]), float(pos[1])), (sprite.pos[0] - pos[0], sprite.pos[1] - pos[1]))

    def release(self) -> Drag | None:
        """The pointer lets go: nothing is held or aimed at; the drag that ended (to spring back)."""
        drag, self.drag, self.target = self.drag, None, None
        return drag

    def drop(self) -> Card | None:
        """A play went through: a dragged ghost stays where it was dropped (kept in ``dropped`` for
        the play to fly from); nothing is held, chosen or aimed at. The ghost, if any."""
        drag, ghost = self.drag, None
        if drag is not None and drag.ghost is not None:
            ghost = drag.ghost
            self.dropped = (drag.sprite, ghost)
        self.clear()
        return ghost

    def take_dropped(self) -> tuple[Card, Card] | None:
        """The dropped (hand card, ghost), once: the play's flight starts from the ghost."""
        dropped, self.dropped = self.dropped, None
        return dropped

    def clear(self) -> None:
        """Nothing held, chosen or aimed at (a dropped ghost stays until its play flies)."""
        self.drag = self.selected = self.target = None

    def held_card(self, cards: Sequence[Card]) -> Card | None:
        """The card held by the pointer, else the chosen one among the fan's ``cards``, else None."""
        if self.drag is not None:
            held: Card = self.drag.sprite
            return held
        if self.selected is not None and self.selected < len(cards):
            return cards[self.selected]
        return None


class HandView(TableView, Protocol):
    """What a hand-card table's parts use beyond every table's services: the viewer's fan, the
    card held or chosen, and the shared gestures on it (``HandDragMixin``)."""

    hold: HandHold[Any, Any]  # the card held or chosen, and what it is aimed at

    @property
    def hand(self) -> Any:
        """The viewer's fan (a ``HandFan`` or a game's own kind of fan)."""
        ...

    def spring_back(self) -> None:
        """The dragged card returns to its place in the hand."""
        ...

    def _first_playable_index(self, reverse: bool = False) -> int:
        """The first playable hand card (from the left, or the right); else the end card."""
        ...

    def next_card_index(self, current: int, step: int) -> int:
        """The hand card ``step`` (±1) from ``current``, skipping cards that cannot be played."""
        ...


if TYPE_CHECKING:  # the mixin's table, as a type checker sees it (at run time: the table class)
    _HandTable = HandView
else:
    _HandTable = object


class HandDragMixin(_HandTable):
    """Pointer handling of a hand fan's cards (see the module docstring for what the table provides)."""

    def pointer_holds(self) -> bool:
        """True while the pointer holds a hand card (the buttons then leave the pointer alone)."""
        return self.hold.drag is not None

    def pointer_move(self, pos: tuple[int, int], held: bool, touch: bool) -> None:
        """Drag the held card; without one, hovering lifts the hand card under the pointer a little."""
        drag = self.hold.drag
        if drag is not None:
            if not drag.moved and math.hypot(pos[0] - drag.start[0], pos[1] - drag.start[1]) > DRAG_THRESHOLD:
                self._start_moving(drag)
            if drag.moved and drag.ghost is not None:
                drag.ghost.pos = (pos[0] + drag.offset[0], pos[1] + drag.offset[1])
                self.track_drop_target(pos)
            return
        if touch or held or not self.hand_interactive():
            return
        index = self.hand.card_at(pos)
        if index != self.hand.hover:
            self.hand.hover = index
            self.hand.layout(self.ambient, 0.15)

    def spring_back(self) -> None:
        """The dragged card returns to its place in the hand."""
        drag = self.hold.release()
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

    def on_refused(self, reason: str) -> None:
        """The rules (or the table) said no: spring the held card back into the hand."""
        self.spring_back()

    def drop_held(self) -> None:
        """A card held by the pointer goes back to the hand (help opens, a curtain goes up)."""
        if self.hold.drag is not None:
            self.spring_back()

    def _clamp_selection(self) -> None:
        """Keep the keyboard selection inside the hand."""
        count = len(self.hand.cards)
        if self.hold.selected is not None and self.hold.selected >= count:
            self.hold.selected = None
        self.hand.raised = self.hold.selected
        if self.hand.focus is not None and self.hand.focus >= count:
            self.hand.focus = None
        self.hand.hover = None
        self.hand.settle()

    def _start_moving(self, drag: Drag) -> None:
        """The press became a drag: a lifted ghost follows the pointer; the card waits hidden."""
        drag.moved = True
        real = drag.sprite
        ghost = self.ghost_of(real)
        ghost.lift = 1.0
        drag.ghost = ghost
        real.visible = False
        self.ambient.add(anim.Tween(ghost, "angle", 0.0, 0.15, anim.ease_out_cubic))
        self.note_dragged(real)
        self.refresh_hints()

    def ghost_of(self, card: Any) -> Any:
        """A copy of the hand card ``card`` where it lies now (the table knows its card type)."""
        raise NotImplementedError

    def note_dragged(self, card: Any) -> None:
        """A drag of ``card`` began: by default it becomes the selected card."""
        if card in self.hand.cards:
            self.hold.selected = self.hand.cards.index(card)

    def on_applied(self, events: list[Any]) -> None:
        """An action went through: a dropped ghost stays where it was dropped (the play flies
        from there); nothing is held, selected or aimed at any more."""
        ghost = self.hold.drop()
        if ghost is not None:
            self.flying.append(ghost)
        self.hand.raised = None
        self.hand.focus = None

    def playable_values(self) -> Any:
        """The values of the hand cards that can be played now; None or empty: any card."""
        return None

    def _first_playable_index(self, reverse: bool = False) -> int:
        """The first playable hand card (from the left, or the right); else the end card."""
        count = len(self.hand.cards)
        order = list(range(count))[::-1] if reverse else list(range(count))
        playable = self.playable_values()
        for index in order:
            if not playable or self.hand.cards[index].value in playable:
                return index
        return order[0]

    def next_card_index(self, current: int, step: int) -> int:
        """The hand card ``step`` (±1) from ``current``, skipping cards that cannot be played
        while some can (the keyboard cursor never stops on a card that would be refused)."""
        count = len(self.hand.cards)
        playable = self.playable_values()
        for distance in range(1, count + 1):
            index = (current + step * distance) % count
            if not playable or self.hand.cards[index].value in playable:
                return index
        return (current + step) % count

    def track_drop_target(self, pos: tuple[int, int]) -> None:
        """The ghost moved to ``pos``: note what it is over now in ``hold.target`` (stacks and zones glow)."""
