"""What ノアロン's parts use from ``NoaronTable``, declared once: ``NoaronView``.

Beyond every table's services (``TableView``): the rows, piles, reserve and counts ``NoaronTable``
keeps, where its pieces sit, and its two parts (the settlement panel paints with ``painting``). A type checker reads the
effects', the paint's and the settlement panel's table as a ``NoaronView``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from scenes.table.view import TableView

if TYPE_CHECKING:
    import pygame

    from game.rules.noaron import Cut, Settled
    from scenes.engine.ui import Button
    from scenes.noaron.layout import Geometry, Point
    from scenes.noaron.panels import SettlementPanel
    from scenes.noaron.sprites import HandRow, NoaronCard


@dataclass
class Preview:
    """The hand the current choice would give, and its cut (None: no choice pending)."""

    hand: tuple[str, ...]
    cut: Cut
    best_after: int | None = None  # discard phase: the best score any gap would then give


class PaymentEffects(Protocol):
    """What the settlement panel asks of the table's effects part (``NoaronEffects``)."""

    def animate_payment(self, event: Settled) -> None:
        """Move the stakes a settlement pays."""
        ...


class StakePainting(Protocol):
    """What the settlement panel asks of the table's paint part (``NoaronPaint``)."""

    def paint_stakes(self, surface: pygame.Surface, seat: int) -> None:
        """A seat's stakes on the panel."""
        ...

    def paint_paid(self, surface: pygame.Surface, seat: int) -> None:
        """What a seat has paid, on the panel."""
        ...


class NoaronView(TableView, Protocol):
    """ノアロン's pieces and places, as its parts see them (see the module docstring)."""

    @property
    def effects(self) -> PaymentEffects:
        """The effects part (the settlement panel starts the payment with it)."""
        ...

    @property
    def painting(self) -> StakePainting:
        """The paint part (the settlement panel paints the stakes with it)."""
        ...

    rows: dict[int, HandRow]  # each side's hand row, by seat
    piles: dict[tuple[int, int], list[str]]  # (seat, pile) -> the cards shown on it
    reserve: list[NoaronCard]  # the reserve pair in its spot
    reserve_seat: int
    deck_count: int
    stake_counts: list[int]
    paid_counts: list[int]
    shown_round: int
    flying: list[NoaronCard]
    hints_stale: bool  # re-read the hints once the pieces come to rest
    pile_glow: dict[int, str]  # pile -> "ok" / "no" / "" while a pair is held
    deck_glow: str
    preview: Preview | None = None  # the cut the held move would make, shown on the score card
    shown_cut: Cut | None = None
    declare_button: Button
    dealing: bool
    panel: SettlementPanel | None  # the only panel ノアロン's table opens (narrows ``TableView.panel``)

    @property
    def geometry(self) -> Geometry:
        """Where everything sits, seen from the bottom seat."""
        ...

    @property
    def bottom(self) -> int:
        """The seat shown at the bottom."""
        ...

    @property
    def top_seat(self) -> int:
        """The seat sitting opposite."""
        ...

    @property
    def hand(self) -> HandRow:
        """The bottom row."""
        ...

    def side(self, seat: int) -> str:
        """"bottom" or "top"."""
        ...

    def pile_centre(self, seat: int, pile: int) -> Point:
        """Where a seat's pile lies."""
        ...

    def pile_top(self, seat: int, pile: int) -> Point:
        """Where the top card of that pile is drawn."""
        ...

    def reserve_spot(self, seat: int, index: int) -> Point:
        """Reserve card ``index`` of ``seat``."""
        ...

    def stake_slot(self, seat: int, index: int, count: int) -> Point:
        """Centre of stake card ``index`` in a row of ``count``."""
        ...

    def paid_pos(self, seat: int) -> Point:
        """The heap of stake cards a seat has paid."""
        ...

    def long_name(self, seat: int) -> str:
        """A seat's full label (with its symbol)."""
        ...

    def declare_note(self) -> str:
        """The short line above the Declare button."""
        ...

    def coach_rect(self) -> pygame.Rect | None:
        """Where the yaku/zatsu explanation lies on the felt, or None."""
        ...

    def _reserve_in_row(self) -> bool:
        """True while the reserve pair is shown inside the bottom row (the insert preview)."""
        ...

    def _clear_choice(self) -> None:
        """Forget the pair, gap and source being chosen."""
        ...
