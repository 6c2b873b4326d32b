"""What Nostalgic's parts use from ``NostalgicTable``, declared once: ``NostalgicView``.

Beyond every table's services (``TableView``): what the table shows of the match between events
(``shown``), the pieces in the air, the badges and dice throws over everything, and where its
pieces sit, what the person holds and points at. A type checker reads the effects' and the
paint's table as a ``NostalgicView``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from scenes.table.view import TableView

if TYPE_CHECKING:
    from game.rules.nostalgic import NostalgicObservation
    from scenes.nostalgic.layout import Geometry
    from scenes.nostalgic.sprites import DieDrag, DieSprite, Shown, Throw
    from scenes.table.still import StillPart


class NostalgicView(TableView, Protocol):
    """Nostalgic's shown state and pieces, as its parts see them (see the module docstring)."""

    shown: Shown  # the match as the table shows it now (it follows the animations)
    flying: list[Any]  # pieces in the air (cards, dice, chips, markers)
    pops: list[Any]  # badges and flashes, drawn over everything
    throws: list[Throw]  # dice being thrown
    dropped: DieSprite | None = None
    _throw_seed: int  # varies the dice's tumbling from one throw to the next
    drag: DieDrag | None = None
    picked: list[int]  # the dice picked for a reroll
    focus_die: int | None = None  # the keyboard's die, balloon and card source
    focus_balloon: str | None = None
    focus_source: int | None = None
    hover_balloon: str | None = None  # what the pointer is over
    hover_source: int | None = None
    hover_die: int | None = None
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

    def held_die(self) -> int | None:
        """The die held for a balloon: the dragged one, else the last one chosen."""
        ...

    def targets(self) -> list[str]:
        """The balloons that take the held die now."""
        ...

    def sources(self) -> list[int]:
        """The card sources one may take from now."""
        ...
