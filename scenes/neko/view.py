"""What neko's parts (input, effects, paint) use from ``NekoTable``, declared once: ``NekoView``.

Beyond every table's services (``TableView``) and the hand-card ones (``HandView``): the pieces
that ``NekoTable`` builds and the few questions it answers about them. A type checker reads each
part's ``self`` as a ``NekoView``; at run time the parts are mixins of ``NekoTable``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from scenes.table.hand_drag import HandHold, HandView

if TYPE_CHECKING:
    from scenes.neko.layout import Geometry, Point
    from scenes.table.pieces import CardSprite, HandFan, StackView, Token


class NekoView(HandView, Protocol):
    """Neko's pieces and queries, as its parts see them (see the module docstring)."""

    geometry: Geometry  # where everything sits for the current viewer
    stacks: list[StackView]  # the four stacks of the cross, by position
    fans: dict[int, HandFan]  # every seat's hand, by seat
    cat: Token
    cat_position: int  # the stack the cat is drawn on (-1: none)
    flying: list[CardSprite]
    hold: HandHold[CardSprite, int]  # the hand card held or chosen, and the stack it is aimed at
    deck_count: int  # cards shown in the leftover pile
    shown_round: int
    shown_totals: tuple[int, ...]
    salt: int  # varies the stacks' tilts per round

    @property
    def hand(self) -> HandFan:
        """The viewer's fan."""
        ...

    def cat_spot(self, position: int) -> Point:
        """Where the cat sits on the stack at ``position``."""
        ...

    def held_value(self) -> int | None:
        """The value of the hand card held or selected."""
        ...

    def stack_verdicts(self, value: int | None) -> dict[int, tuple[str, str]]:
        """Per position: ("ok" | "no" | "", note) for a held card of ``value``."""
        ...

    def playable_values(self) -> set[int] | None:
        """Values the viewer could play now (None outside their turn in the play phase)."""
        ...
