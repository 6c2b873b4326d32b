"""What Nostalgic's parts use from ``NostalgicTable``, declared once: ``NostalgicView``.

Beyond every table's services (``TableView``): what the table shows of the match between events
(``shown``), the pieces in the air, the badges and dice throws over everything, and where its
pieces sit; what the person chooses, holds and points at is ``hold`` (a ``NostalgicHold``). A
type checker reads the effects' and the paint's table, and the input's ``self``, as a
``NostalgicView``; at run time the input is a mixin of ``NostalgicTable``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from scenes.table.view import TableView

if TYPE_CHECKING:
    from game.rules.nostalgic import NostalgicObservation
    from scenes.nostalgic.layout import Geometry
    from scenes.nostalgic.hold import NostalgicHold
    from scenes.nostalgic.sprites import Shown, Throw
    from scenes.table.still import StillPart


class NostalgicView(TableView, Protocol):
    """Nostalgic's shown state and pieces, as its parts see them (see the module docstring)."""

    shown: Shown  # the match as the table shows it now (it follows the animations)
    flying: list[Any]  # pieces in the air (cards, dice, chips, markers)
    pops: list[Any]  # badges and flashes, drawn over everything
    throws: list[Throw]  # dice being thrown
    _throw_seed: int  # varies the dice's tumbling from one throw to the next
    hold: NostalgicHold  # the dice chosen, the keys' focus, what the pointer is over or drags
    _parts_key: tuple[Any, ...]  # what the still parts below were made for
    _parts: dict[str, StillPart]

    @property
    def bottom(self) -> int:
        """The seat shown at the bottom."""
        ...

    @property
    def geometry(self) -> Geometry:
        """Where everything sits, seen from the bottom seat."""
        ...

    def observation(self) -> NostalgicObservation:
        """What the viewer may see now."""
        ...

    def shown_games(self) -> int:
        """How many games this match has (for the final panel)."""
        ...

    def placing(self) -> bool:
        """True when the person at the bottom is to place a die (or reroll)."""
        ...

    def taking(self) -> bool:
        """True when the person at the bottom is to take a card."""
        ...

    def my_unplaced(self) -> list[int]:
        """The viewer's dice still in the tray."""
        ...

    def held_die(self) -> int | None:
        """The die held for a balloon: the dragged one, else the last one chosen."""
        ...

    def targets(self) -> list[str]:
        """The balloons that take the held die now."""
        ...

    def sources(self) -> list[int]:
        """The card sources one may take from now."""
        ...
