"""What That Old Wallpaper's parts use from ``WallpaperTable``, declared once: ``WallpaperView``.

Beyond every table's services (``TableView``): the pieces ``WallpaperTable`` keeps (the hand, the
spots, the rows' numbers, the tray), what it shows of the match between events (``*_shown``) and
the few helpers that make and place pieces; what the person holds and chooses is ``hold`` (a
``WallpaperHold``). A type checker reads the effects' and the paint's table, and the input's
``self``, as a ``WallpaperView``; at run time the input is a mixin of ``WallpaperTable``. A
member the input assigns has a default here, so that a type checker takes the assignment as
this member's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from scenes.table.view import TableView

if TYPE_CHECKING:
    from game.rules.wallpaper import Shape
    from scenes.wallpaper.hold import WallpaperHold
    from scenes.wallpaper.layout import Camera, Cell, Geometry, Point, WallItems
    from scenes.wallpaper.sprites import Piece


class WallpaperView(TableView, Protocol):
    """Wallpaper's pieces and shown state, as its parts see them (see the module docstring)."""

    grandma: bool  # the grandma variant is on
    row_count: int
    hand: list[Piece]  # the viewer's number cards
    spots: dict[int, Piece]  # each seat's card on its spot
    numbers_on_rows: list[Piece]
    tray: list[Piece]  # the wallpaper cards to choose from
    tray_seat: int
    flying: list[Piece]
    hold: WallpaperHold  # the chosen number, the cursors, the card to place's turn, what the pointer holds
    pan: tuple[int, int] = (0, 0)  # the walls' camera
    shown_seat: int = 0  # whose wall is shown
    rows_shown: list[list[int]]
    walls_shown: list[dict[Cell, tuple[int, int]]]
    wall_items: list[WallItems]  # each wall's cards, sorted for painting
    hazy_shown: list[int]
    hazy_supply_shown: int
    deck_shown: int
    token_line_shown: tuple[int, ...]
    round_shown: int
    turn_shown: int
    discards_shown: list[tuple[int, ...]]
    grandma_last: int
    flashes: list[tuple[Shape, int, float]]  # shapes just completed, flashing on a wall
    happening: str  # what the table is showing now, for the status line

    @property
    def geometry(self) -> Geometry:
        """Where the seat-dependent things sit, from the viewer's side now."""
        ...

    def set_walls(self, walls: list[dict[Cell, tuple[int, int]]]) -> None:
        """Show these walls (and keep their sorted items in step)."""
        ...

    def put_on_wall(self, seat: int, cell: Cell, card: tuple[int, int]) -> None:
        """Show one more card on a seat's wall."""
        ...

    def number_piece(self, seat: int, number: int, pos: Point, height: int, face_up: bool = True) -> Piece:
        """A number card of ``seat`` (``number`` 0 = unknown, a back)."""
        ...

    def card_piece(self, card: int, pos: Point, index: int = 0, rot: int = 0) -> Piece:
        """A wallpaper card lying in the tray."""
        ...

    def my_turn(self, phase: str) -> bool:
        """True when the person at the bottom acts now in ``phase`` and the table shows it."""
        ...

    def placing(self) -> bool:
        """True when the person at the bottom places a card now."""
        ...

    def phase(self) -> str:
        """The rules phase now."""
        ...

    def card_to_place(self) -> int | None:
        """The card the person places next (the large one of the tray), or None."""
        ...

    def tray_order(self, obs: Any) -> list[int]:
        """The taken cards as the tray shows them: the one chosen to go next first."""
        ...

    def relayout_tray(self) -> None:
        """The tray's cards move to their places in its order (after the person picks one)."""
        ...

    def refresh_tray_turn(self) -> None:
        """Redraw the first tray card with the person's chosen turn."""
        ...

    def viewer_wall(self) -> dict[Cell, tuple[int, int]]:
        """The wall of the seat shown large, as the observation says."""
        ...

    def camera(self) -> Camera:
        """The large wall's camera now."""
        ...

    def shown_legal_cells(self) -> tuple[Cell, ...]:
        """The open cells of the wall shown large."""
        ...

    def preview(self) -> tuple[Cell, int, int, tuple[Shape, ...], int] | None:
        """The placement shown under the pointer or the key cursor, if any."""
        ...
