"""That Old Wallpaper's table input: ``WallpaperInput``, the mixin that turns the person's
pointer, keys and buttons into offers to the rules.

The pointer: a number card is dragged up (or clicked, then "Play"); a glowing row is clicked; any
card of the tray (a taken row goes on the wall in any order) is dragged onto the large wall, or
clicked (it becomes the one to place) and then a cell clicked; the wall's empty parts pan by
dragging, the wheel pans it up and down; a box in the strip shows its wall large.
The keys: Left/Right choose a number or a row, arrows move a cell cursor, Enter acts, C picks the
next card of the tray, Tab shows the next wall, R turns the card, F fits the wall, Esc lets go
(else undoes, else leaves).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.core.events import Event
from game.i18n import t
from game.rules.wallpaper import (
    PHASE_CHOOSE,
    PHASE_PICK,
    PHASE_PLACE,
    CardPlaced,
    WallpaperAction,
    is_hazy,
    legal_cells,
)
from scenes.engine import anim
from scenes.wallpaper.hold import Drag
from scenes.wallpaper.layout import HAND_Y, PLAY_SPOT, TRAY_FIRST, TRAY_W, WALL_AREA, Cell
from scenes.wallpaper.sprites import Piece

if TYPE_CHECKING:  # the input is a mixin of WallpaperTable; a type checker sees what it uses from it
    from scenes.wallpaper.view import WallpaperView
else:
    WallpaperView = object

DRAG_THRESHOLD = 12  # pixels the pointer moves before a press becomes a drag
WHEEL_STEP = 70  # pixels the large wall pans per notch of the wheel


class WallpaperInput(WallpaperView):
    """Pointer, keys and the action button of the That Old Wallpaper table (``WallpaperView``:
    what it uses from the table; ``hold``: what the person holds and chooses)."""

    PAD_X_KEY = "c"  # a pad's X: the next card of the taken row (scenes.engine.pad)

    # ----- input ------------------------------------------------------------------------------------
    def pan_by_wheel(self, notches: int) -> None:
        """The wheel pans the large wall up and down."""
        self.pan = (self.pan[0], self.pan[1] + notches * WHEEL_STEP)

    def pointer_down(self, pos: tuple[int, int]) -> None:
        """Press: pick up a number card or the card to place; pick a row; view a wall; pan."""
        if self.my_turn(PHASE_CHOOSE) and self._press_number(pos):
            return
        if self.my_turn(PHASE_PICK) and self._press_row(pos):
            return
        if self.placing() and self.tray and self._press_tray(pos):
            return
        if WALL_AREA.collidepoint(pos):
            self._press_wall(pos)
            return
        for seat, rect in self.geometry.box_rects().items():
            if rect.collidepoint(pos) and seat < self.match.players:
                self.show_wall(seat)
                return

    def _press_number(self, pos: tuple[int, int]) -> bool:
        """A press on a number card picks it up (and chooses it); on the spot, plays the chosen
        one. True when the press was taken."""
        for index, piece in enumerate(self.hand):
            if piece.contains(pos):
                self.hold.drag = Drag("number", (float(pos[0]), float(pos[1])),
                                      (piece.pos[0] - pos[0], piece.pos[1] - pos[1]), piece)
                if self.hold.selected != index:
                    self.hold.selected = index
                    self.app.audio.play("click")
                    self.refresh_hints()
                return True
        if pygame.Rect(0, 0, 220, 250).move(PLAY_SPOT[0] - 110, PLAY_SPOT[1] - 125).collidepoint(pos):
            self.play_selected()
            return True
        return False

    def _press_row(self, pos: tuple[int, int]) -> bool:
        """A press on a row offers to take it. True when the press was on a row."""
        for row in range(self.row_count):
            if self.geometry.column_rect(row).collidepoint(pos):
                self.pick_row(row)
                return True
        return False

    def _press_tray(self, pos: tuple[int, int]) -> bool:
        """A press on a card of the tray makes it the one to place and picks it up. True when the
        press was on the tray."""
        touched = next((index for index, piece in enumerate(self.tray) if piece.contains(pos)), None)
        if touched is None:
            return False
        if touched:
            self.pick_tray_card(self.tray[touched].value)
        piece = self.tray[0]  # a card picked from the row's end is held by its middle
        offset = (piece.pos[0] - pos[0], piece.pos[1] - pos[1]) if touched == 0 else (0.0, 0.0)
        self.hold.drag = Drag("card", (float(pos[0]), float(pos[1])), offset, piece)
        return True

    def _press_wall(self, pos: tuple[int, int]) -> None:
        """A press on the large wall places the held card on the cell there, else starts a pan."""
        if self.placing() and self.hold.card_held:
            self.place_at(self.camera().cell_at(pos))
            return
        self.hold.drag = Drag("pan", (float(pos[0]), float(pos[1])), (0.0, 0.0), pan_start=self.pan)

    def pointer_move(self, pos: tuple[int, int], held: bool, touch: bool) -> None:
        """Drag a card (a ghost follows; over the wall the hovered cell previews); pan the wall."""
        drag = self.hold.drag
        if drag is None:
            if self.placing() and not touch:  # hovering the wall previews the card there
                self._hover_wall(pos)
            return
        if not drag.moved and math.hypot(pos[0] - drag.start[0], pos[1] - drag.start[1]) > DRAG_THRESHOLD:
            self._start_moving(drag)
        if not drag.moved:
            return
        if drag.kind == "pan":
            self.pan = (drag.pan_start[0] + round(pos[0] - drag.start[0]),
                        drag.pan_start[1] + round(pos[1] - drag.start[1]))
            return
        if drag.piece is not None:
            drag.piece.pos = (pos[0] + drag.offset[0], pos[1] + drag.offset[1])
        if drag.kind == "card":
            self._carry_card(drag, pos)

    def _hover_wall(self, pos: tuple[int, int]) -> None:
        """The pointer (nothing held) hovers the cell under it; the pointer leads then, not the keys."""
        cell = self.camera().cell_at(pos) if WALL_AREA.collidepoint(pos) else None
        if cell != self.hold.hover_cell:
            self.hold.hover_cell = cell
            if cell is not None:
                self.hold.cell_cursor = None

    def _carry_card(self, drag: Drag, pos: tuple[int, int]) -> None:
        """The dragged card to place hovers the cell under it, shrunk to the wall's cell size."""
        over = WALL_AREA.collidepoint(pos)
        camera = self.camera()
        cell = camera.cell_at(pos) if over else None
        if cell != self.hold.hover_cell:
            self.hold.hover_cell = cell
        if drag.piece is not None:
            drag.piece.scale = camera.cell / TRAY_W if over else 1.0

    def _start_moving(self, drag: Drag) -> None:
        """The press became a drag: the piece lifts (a card to place becomes a ghost over the tray)."""
        drag.moved = True
        if drag.kind == "card" and drag.piece is not None:
            real = drag.piece
            ghost = self.card_piece(real.value, real.pos, 0)
            ghost.lift = 1.0
            real.visible = False
            drag.piece = ghost
        elif drag.piece is not None:
            drag.piece.lift = 1.0

    def pointer_up(self, pos: tuple[int, int]) -> None:
        """Drop: a number card above the hand plays it; a card on the wall is offered for that
        cell; a click without moving selects (a number) or holds (the card to place)."""
        drag = self.hold.drag
        if drag is None:
            return
        if drag.kind == "pan":
            self._end_pan(drag, pos)
        elif not drag.moved:
            self._click(drag)
        elif drag.kind == "number":
            self._drop_number(pos)
        elif WALL_AREA.collidepoint(pos):
            self.place_at(self.camera().cell_at(pos))
        else:
            self.spring_back()

    def _end_pan(self, drag: Drag, pos: tuple[int, int]) -> None:
        """The pan ends; a press on the wall that did not move places the card to place there."""
        self.hold.drag = None
        if not drag.moved and self.placing() and WALL_AREA.collidepoint(pos):
            self.place_at(self.camera().cell_at(pos))

    def _click(self, drag: Drag) -> None:
        """A press that did not move: a number card stays chosen; the card to place is held (a
        click on a cell places it), or let go."""
        self.hold.drag = None
        if drag.kind == "card":
            self.hold.card_held = not self.hold.card_held
            self.app.audio.play("click")
        self.refresh_hints()

    def _drop_number(self, pos: tuple[int, int]) -> None:
        """A number card let go well above the hand is played; lower down it springs back."""
        if pos[1] < HAND_Y - 110:
            self.play_selected()
        else:
            self.spring_back()
        self.refresh_hints()

    def show_wall(self, seat: int) -> None:
        """Show ``seat``'s wall large (the pan starts over)."""
        if seat != self.shown_seat:
            self.shown_seat = seat
            self.pan = (0, 0)
            self.hold.hover_cell = None
            self.hold.preview = None
            self.app.audio.play("click")

    def handle_nav(self, dx: int, dy: int) -> None:
        """Arrows: the number card (Left/Right, Up plays), the row to pick, the cell to place on."""
        if self.my_turn(PHASE_CHOOSE):
            self._nav_number(dx, dy)
        elif self.my_turn(PHASE_PICK):
            self._nav_row(dx)
        elif self.placing():
            self.move_cell_cursor(dx, dy)

    def _nav_number(self, dx: int, dy: int) -> None:
        """Left/Right choose the next number card (round the hand); Up plays the chosen one."""
        if dx and self.hand:
            count = len(self.hand)
            self.hold.selected = (0 if dx > 0 else count - 1) if self.hold.selected is None else \
                (self.hold.selected + dx) % count
            self.app.audio.play("click")
            self.refresh_hints()
        elif dy < 0:
            self.handle_activate()

    def _nav_row(self, dx: int) -> None:
        """The row cursor starts on the first row that may be taken, then Left/Right move it
        along those rows (round)."""
        blocked = sorted(self.observation().blocked, key=self.geometry.column_x)
        if not blocked:
            return
        if self.hold.row_cursor not in blocked:
            self.hold.row_cursor = blocked[0]
        elif dx:
            index = (blocked.index(self.hold.row_cursor) + dx) % len(blocked)
            self.hold.row_cursor = blocked[index]

    def move_cell_cursor(self, dx: int, dy: int) -> None:
        """The cell cursor: starts on the legal cell nearest the wall's middle, then moves one cell
        per arrow (over the wall and one cell around it; the rules judge the cell on Enter)."""
        wall = self.viewer_wall()
        cells = legal_cells(wall)
        if self.hold.cell_cursor is None:
            mid = (sum(x for x, _ in wall) / max(1, len(wall)), sum(y for _, y in wall) / max(1, len(wall)))
            self.hold.point_cell(min(cells, key=lambda c: (abs(c[0] - mid[0]) + abs(c[1] - mid[1]), c[1], c[0])))
        else:
            xs = [x for x, _ in wall] or [0]
            ys = [y for _, y in wall] or [0]
            x = max(min(xs) - 1, min(max(xs) + 1, self.hold.cell_cursor[0] + dx))
            y = max(min(ys) - 1, min(max(ys) + 1, self.hold.cell_cursor[1] + dy))
            self.hold.point_cell((x, y))

    def handle_focus(self, step: int) -> None:
        """Tab: the next seat's wall large."""
        players = self.match.players
        self.show_wall((self.shown_seat + step) % players)

    def handle_activate(self) -> None:
        """Enter: play the chosen number; pick the row under the cursor; place on the cursor's cell."""
        if self.my_turn(PHASE_CHOOSE):
            if self.hold.selected is None:
                self.handle_nav(1, 0)
            else:
                self.play_selected()
        elif self.my_turn(PHASE_PICK):
            if self.hold.row_cursor is None:
                self.handle_nav(1, 0)
            else:
                self.pick_row(self.hold.row_cursor)
        elif self.placing():
            if self.hold.cell_cursor is None:
                self.move_cell_cursor(0, 0)
            else:
                self.place_at(self.hold.cell_cursor)

    def shortcut(self, key: str) -> bool:
        """R turns the card, C picks the next card of the tray, F fits the wall. False for any
        other key (the table's own: H help...)."""
        if key == "r":
            self.turn_card()
        elif key == "c":
            self.cycle_tray()
        elif key == "f":
            self.pan = (0, 0)
        else:
            return False
        return True

    def cycle_tray(self) -> None:
        """C: the next card of the taken row (in the row's order, round) becomes the one to place."""
        card = self.card_to_place()
        if card is None or self.phase() != PHASE_PLACE:
            return
        pending = list(self.observation().pending)
        if len(pending) > 1:
            self.pick_tray_card(pending[(pending.index(card) + 1) % len(pending)])

    def pick_tray_card(self, card: int) -> None:
        """``card`` of the tray becomes the one to place: it moves to the large place, unturned.
        Hazy cards are all alike: they stay in turn."""
        if self.phase() != PHASE_PLACE or card == self.card_to_place():
            return
        self.hold.pick_tray(card)
        order = self.tray_order(self.observation())  # the picked card, then the rest in the row's order
        self.tray.sort(key=lambda piece: order.index(piece.value) if piece.value in order else len(order))
        self.relayout_tray()
        self.app.audio.play("click")

    def let_go(self) -> bool:
        """Esc: what is held goes back; the chosen number, the held card and the cell cursor
        are forgotten."""
        if not self.hold.anything_chosen():
            return False
        self.spring_back()
        self.hold.forget_choice()
        return True

    # ----- actions -------------------------------------------------------------------------------
    def press_action(self) -> None:
        """The action button: play the chosen number, take the row under the cursor, or turn the
        card to place."""
        if self.placing():
            self.turn_card()
        elif self.my_turn(PHASE_PICK) and self.hold.row_cursor is not None:
            self.pick_row(self.hold.row_cursor)
        elif self.my_turn(PHASE_CHOOSE):
            self.play_selected()

    def play_selected(self) -> bool:
        """Play the chosen number card (the table asks for one first)."""
        if self.hold.selected is None or self.hold.selected >= len(self.hand):
            self.refuse(t("wallpaper_table.reason.pick_number"))
            return False
        return self.attempt(WallpaperAction("play", number=self.hand[self.hold.selected].value))

    def turn_card(self) -> None:
        """Turn the card to place by 180° (both turns are always allowed; a hazy card looks
        the same either way, so it stays)."""
        card = self.card_to_place()
        if card is None or is_hazy(card):
            return
        self.hold.turn()
        self.app.audio.play("card_flip")
        self.refresh_tray_turn()
        old = self.hold.dragged_card()
        if old is not None and self.hold.drag is not None:  # the card in flight turns too
            ghost = self.card_piece(int(self.card_to_place() or 0), old.pos, 0)
            ghost.lift = old.lift
            self.hold.drag.piece = ghost

    def place_at(self, cell: Cell) -> bool:
        """Offer the card to place on ``cell`` to the rules (they may refuse, with their reason)."""
        card = self.card_to_place()
        if card is None:
            self.refuse(t("table.reason.not_now"))
            return False
        return self.attempt(WallpaperAction("place", x=cell[0], y=cell[1], rot=self.hold.rot, card=card))

    def pick_row(self, row: int) -> bool:
        """Offer to take ``row`` in a collision."""
        return self.attempt(WallpaperAction("pick", row=row))

    def on_refused(self, reason: str) -> None:
        """Spring a held card back (to the hand or the tray)."""
        self.spring_back()

    def spring_back(self) -> None:
        """The dragged piece returns home."""
        drag = self.hold.take_drag()
        if drag is None or drag.piece is None or drag.kind == "pan":
            return
        piece = drag.piece
        if drag.kind == "number":
            index = self.hand.index(piece) if piece in self.hand else 0
            home = self.geometry.hand_slot(index)
        else:
            home = TRAY_FIRST
        self.ambient.add(anim.Parallel(anim.Tween(piece, "pos", home, 0.3, anim.ease_out_back),
                                       anim.Tween(piece, "lift", 0.0, 0.3, anim.ease_in_quad),
                                       anim.Tween(piece, "scale", 1.0, 0.3, anim.ease_out_cubic)))
        if drag.kind == "card" and self.tray:
            self._ghost_home(piece)

    def _ghost_home(self, ghost: Piece) -> None:
        """The dragged card's ghost stays in the air while it springs back; then the card of the
        tray shows again."""

        def home_again() -> None:
            if ghost in self.flying:
                self.flying.remove(ghost)
            if self.tray:
                self.tray[0].visible = True

        self.flying.append(ghost)
        self.ambient.add(anim.Sequence(anim.Wait(0.3), anim.Call(home_again)))

    def pointer_holds(self) -> bool:
        """True while the pointer holds a card or the wall (the buttons wait for its release)."""
        return self.hold.drag is not None

    def drop_held(self) -> None:
        """Let go of whatever the pointer holds."""
        if self.hold.drag is not None:
            self.spring_back()

    def clear_selection(self) -> None:
        """Forget the chosen card, the cursors and anything held."""
        self.hold.clear()

    def on_applied(self, events: list[Event]) -> None:
        """An action went through: the person's own one lets go of what they held."""
        entry = self.match.log[-1] if self.match.log else None
        if entry is None or entry.seat != self.viewer:
            return
        self.hold.applied(placed=any(isinstance(event, CardPlaced) for event in events))
