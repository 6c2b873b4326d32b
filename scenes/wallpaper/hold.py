"""What the person at the bottom of the That Old Wallpaper table holds, chooses and points at:
``WallpaperHold`` (one per table, ``table.hold``) and ``Drag``, a piece held by the pointer.

The input changes it; the effects take what was dropped, the paint reads the cursors and the
dragged piece, the table its placement preview.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scenes.wallpaper.layout import Cell, Point
from scenes.wallpaper.sprites import Piece


@dataclass
class Drag:
    """A piece held by the pointer: a number card, the card of the tray to place, or the wall (pan)."""

    kind: str  # "number", "card" or "pan"
    start: Point
    offset: Point
    piece: Piece | None = None
    moved: bool = False
    pan_start: tuple[int, int] = (0, 0)


@dataclass
class WallpaperHold:
    """The person's choices and what the pointer holds (see the module docstring)."""

    selected: int | None = None  # the number card chosen by keys or a click (its place in the hand)
    row_cursor: int | None = None  # the row the keys point at while picking
    cell_cursor: Cell | None = None  # the cell the keys point at while placing
    hover_cell: Cell | None = None  # the cell under the pointer while placing
    card_held: bool = False  # the tray card was clicked: a click on a cell places it
    rot: int = 0  # the turn the person gives the card to place
    tray_pick: int | None = None  # the taken card the person chose to place next (None: the first)
    drag: Drag | None = None
    dropped: Piece | None = None  # a dropped ghost that becomes the placed card's flight
    preview: tuple[Any, ...] | None = None  # the table's placement preview, remembered with its key

    def holding_piece(self) -> bool:
        """True while the pointer holds a card (panning the wall holds none)."""
        return self.drag is not None and self.drag.kind != "pan"

    def dragged_card(self) -> Piece | None:
        """The card to place while the pointer holds it, else None."""
        drag = self.drag
        return drag.piece if drag is not None and drag.kind == "card" else None

    def anything_chosen(self) -> bool:
        """True when something is held, chosen or pointed at by the keys (Esc has something to forget)."""
        return self.drag is not None or self.selected is not None or self.card_held or self.cell_cursor is not None

    def take_drag(self) -> Drag | None:
        """The pointer lets go: the drag it had (None if none); no cell is hovered any more."""
        drag = self.drag
        self.drag = None
        self.hover_cell = None
        return drag

    def take_dropped(self) -> Piece | None:
        """The dropped ghost, once (the placed card's flight starts from it)."""
        piece = self.dropped
        self.dropped = None
        return piece

    def forget_choice(self) -> None:
        """No number chosen, no tray card held, no cell cursor."""
        self.selected = None
        self.card_held = False
        self.cell_cursor = None

    def pick_tray(self, card: int) -> None:
        """``card`` of the tray becomes the one to place, unturned."""
        self.tray_pick = card
        self.rot = 0
        self.preview = None

    def turn(self) -> None:
        """The card to place turns by 180°."""
        self.rot = 180 - self.rot
        self.preview = None

    def point_cell(self, cell: Cell) -> None:
        """The keys' cursor is on ``cell`` (the keys lead now: no cell is hovered)."""
        self.cell_cursor = cell
        self.hover_cell = None
        self.preview = None

    def applied(self, placed: bool) -> None:
        """The person's own action went through: a dragged card becomes the dropped one, nothing
        is held; after a placement (``placed``) the next card starts unturned, the first of those
        left; else the chosen number is forgotten."""
        card = self.dragged_card()
        if card is not None:
            self.dropped = card
        self.drag = None
        self.hover_cell = None
        self.card_held = False
        if placed:
            self.rot = 0
            self.tray_pick = None
        else:
            self.selected = None

    def clear(self) -> None:
        """Forget the chosen card, the cursors and anything held."""
        self.drag = None
        self.selected = None
        self.row_cursor = None
        self.cell_cursor = None
        self.card_held = False
        self.hover_cell = None
        self.rot = 0
        self.tray_pick = None
        self.preview = None
