"""What NEW & OLD's parts use from ``NewOldTable``, declared once: ``NewOldView``.

Beyond every table's services (``TableView``) and the hand-card ones (``HandView``): the pieces
``NewOldTable`` builds and what the table shows of the match between events. A type checker reads
the effects' table as a ``NewOldView``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from scenes.table.hand_drag import HandView

if TYPE_CHECKING:
    from scenes.newold.sprites import KindFan, NewOldCard, SeatPlace, ZoneView


class NewOldView(HandView, Protocol):
    """NEW & OLD's pieces and shown numbers, as its parts see them (see the module docstring)."""

    places: dict[int, SeatPlace]  # every seat's plate, fan and revealed row, by seat
    zones: dict[str, ZoneView]  # the Old and New zones
    flying: list[NewOldCard]
    dropped: tuple[NewOldCard, NewOldCard] | None = None
    decks: dict[str, int]  # face-down cards in the two dealing decks, by kind
    box_count: int  # cards in the game box
    shown_stages: list[str]  # each seat's stage as shown
    shown_left: list[str]  # "" or why the seat left
    shown_start: int  # the seat that starts the game shown
    shown_game: int

    @property
    def hand(self) -> KindFan:
        """The viewer's fan."""
        ...
