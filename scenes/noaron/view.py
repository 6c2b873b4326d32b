"""What ノアロン's parts use from ``NoaronTable``, declared once: ``NoaronView``.

Beyond every table's services (``TableView``): the rows, piles, reserve and counts ``NoaronTable``
keeps, the choice in progress (``TurnChoice``), where its pieces sit, its actions, and its two
parts (the settlement panel paints with ``painting``). A type checker reads the effects', the
paint's and the settlement panel's table, and the input's ``self``, as a ``NoaronView``; at run
time the input is a mixin of ``NoaronTable``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from game.rules.noaron import PHASE_DISCARD, PHASE_INSERT
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


@dataclass
class TurnChoice:
    """The choice in progress on the viewer's turn, before it becomes an action: the source in
    focus (take phase), the pair (discard phase) or gap (insert phase) the cursor is on, and a
    finger's first tap waiting for the second. The input changes it; hints and tests read it."""

    source_focus: str | None = None  # the source the keys or the pointer are on: "deck", "mine", "theirs"
    pair_cursor: int | None = None  # the pair to discard: hand cards pair_cursor and pair_cursor + 1
    gap_cursor: int | None = None  # where the reserve pair would go: before hand card gap_cursor
    armed: tuple[str, int] | None = None  # a finger's first tap: (phase, choice)

    def clear(self) -> None:
        """Nothing chosen."""
        self.source_focus = None
        self.pair_cursor = self.gap_cursor = None
        self.armed = None

    def point_at(self, phase: str, choice: int) -> bool:
        """Point the pair cursor (discard phase) or the gap cursor (insert phase) at ``choice``;
        True when it moved."""
        if phase == PHASE_DISCARD and choice != self.pair_cursor:
            self.pair_cursor = choice
            return True
        if phase == PHASE_INSERT and choice != self.gap_cursor:
            self.gap_cursor = choice
            return True
        return False


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
    choice: TurnChoice  # the source, pair or gap being chosen
    preview: Preview | None = None  # the cut the held move would make, shown on the score card
    shown_cut: Cut | None = None
    coach_open: bool  # the yaku/zatsu explanation is on the felt
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

    def phase_for_viewer(self) -> str:
        """The rules phase when the viewer may act now, else ""."""
        ...

    def legal_sources(self) -> list[str]:
        """The sources the viewer may take from now (none outside their take phase)."""
        ...

    def take(self, source: str) -> bool:
        """Take two cards from ``source`` ("deck", "mine", "theirs")."""
        ...

    def discard(self, index: int) -> bool:
        """Discard hand cards ``index`` and ``index + 1``."""
        ...

    def insert(self, gap: int) -> bool:
        """Put the reserve pair into the hand before card ``gap``."""
        ...

    def press_declare(self) -> None:
        """The Declare button / D key."""
        ...

    def close_coach(self) -> None:
        """Take the yaku/zatsu explanation off the felt."""
        ...

    def _reserve_in_row(self) -> bool:
        """True while the reserve pair is shown inside the bottom row (the insert preview)."""
        ...
