"""What NEW & OLD's parts use from ``NewOldTable``, declared once: ``NewOldView``.

Beyond every table's services (``TableView``) and the hand-card ones (``HandView``): the pieces
``NewOldTable`` builds, what the table shows of the match between events and what the viewer may
do now. A type checker reads the effects' and the paint's table, and the input's ``self``, as a
``NewOldView``; at run time the input is a mixin of ``NewOldTable``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from scenes.table.hand_drag import HandHold, HandView

if TYPE_CHECKING:
    from collections import deque
    from collections.abc import Callable

    from scenes.engine.ui import Button
    from scenes.newold.sprites import KindFan, NewOldCard, SeatPlace, ZoneView


class NewOldView(HandView, Protocol):
    """NEW & OLD's pieces and shown numbers, as its parts see them (see the module docstring)."""

    places: dict[int, SeatPlace]  # every seat's plate, fan and revealed row, by seat
    zones: dict[str, ZoneView]  # the Old and New zones
    flying: list[NewOldCard]
    hold: HandHold[NewOldCard, str]  # the hand card held or chosen, and the zone under the dragged card
    decks: dict[str, int]  # face-down cards in the two dealing decks, by kind
    box_count: int  # cards in the game box
    shown_stages: list[str]  # each seat's stage as shown
    shown_left: list[str]  # "" or why the seat left
    shown_start: int  # the seat that starts the game shown
    shown_game: int
    action_button: Button  # "Put back in the box" / "Reveal my Old cards"
    _still_fans: set[int]  # seats whose resting hand is in the still layer now
    _warm_jobs: deque[Callable[[], Any]]  # pictures to make ahead of need, a few a frame

    @property
    def hand(self) -> KindFan:
        """The viewer's fan."""
        ...

    def phase(self) -> str:
        """The rules phase now."""
        ...

    def my_stage(self) -> str:
        """The viewer's stage (A or B)."""
        ...

    def target_zone(self) -> str:
        """The zone the viewer plays on: the Old zone in stage A, the New zone in stage B."""
        ...

    def choosing_box(self) -> bool:
        """True while the person at the bottom chooses the two cards for the box."""
        ...

    def playing(self) -> bool:
        """True when the person at the bottom is to play (not choosing) and the table shows it."""
        ...

    def reveal_forced(self) -> bool:
        """True when revealing the Old cards is the viewer's only move."""
        ...

    def marked(self) -> dict[str, NewOldCard]:
        """The hand cards marked for the box, by kind."""
        ...
