"""What the person holds and chooses at the That Old Wallpaper and Nostalgic tables
(``WallpaperHold``, ``NostalgicHold``): the moves done to it keep and forget the right things.
Plain objects: nothing is drawn."""

from __future__ import annotations

import pygame

from scenes.nostalgic.hold import NostalgicHold
from scenes.nostalgic.sprites import DieDrag
from scenes.wallpaper.hold import Drag, WallpaperHold
from scenes.wallpaper.sprites import Piece


def card(value: int) -> Piece:
    """A wallpaper card piece (its picture is never made here)."""
    return Piece(("test-card", value), lambda: pygame.Surface((1, 1)), (0.0, 0.0), value=value)


def test_a_placement_keeps_the_chosen_number_and_starts_the_next_card_unturned() -> None:
    hold = WallpaperHold(selected=2, rot=180, tray_pick=31, card_held=True)
    hold.drag = Drag("card", (0.0, 0.0), (0.0, 0.0), card(31), moved=True)
    hold.applied(placed=True)
    assert hold.dropped is not None and hold.dropped.value == 31
    assert (hold.selected, hold.rot, hold.tray_pick, hold.card_held, hold.drag) == (2, 0, None, False, None)
    assert hold.take_dropped() is not None and hold.take_dropped() is None


def test_any_other_move_forgets_the_chosen_number_and_keeps_the_turn() -> None:
    hold = WallpaperHold(selected=1, rot=180, tray_pick=12)
    hold.drag = Drag("number", (0.0, 0.0), (0.0, 0.0), card(5))
    hold.applied(placed=False)
    assert (hold.selected, hold.rot, hold.tray_pick, hold.dropped) == (None, 180, 12, None)


def test_a_pan_of_the_wall_holds_no_card() -> None:
    hold = WallpaperHold(drag=Drag("pan", (0.0, 0.0), (0.0, 0.0)))
    assert not hold.holding_piece() and hold.dragged_card() is None and hold.anything_chosen()
    assert hold.take_drag() is not None and hold.drag is None and not hold.anything_chosen()


def test_the_keys_cursor_takes_the_lead_from_the_pointer() -> None:
    hold = WallpaperHold(hover_cell=(1, 1), preview=("key", None))
    hold.point_cell((2, 0))
    assert (hold.cell_cursor, hold.hover_cell, hold.preview) == ((2, 0), None, None)
    hold.forget_choice()
    assert hold.cell_cursor is None and not hold.anything_chosen()


def test_clearing_the_wallpaper_hold_forgets_everything() -> None:
    hold = WallpaperHold(selected=0, row_cursor=1, cell_cursor=(0, 0), hover_cell=(0, 1), card_held=True,
                         rot=180, tray_pick=7, drag=Drag("pan", (0.0, 0.0), (0.0, 0.0)), preview=("k", None))
    hold.clear()
    assert hold == WallpaperHold()


def test_the_last_die_chosen_is_held_unless_one_is_dragged() -> None:
    hold = NostalgicHold()
    hold.toggle(3)
    hold.toggle(1)
    assert hold.held_die() == 1 and hold.focus_die == 1
    hold.hold(3)
    assert hold.picked == [1, 3] and hold.held_die() == 3
    hold.toggle(3)
    assert hold.picked == [1] and hold.focus_die == 3
    hold.drag = DieDrag(4, (0.0, 0.0), (0.0, 0.0))
    assert hold.held_die() == 4


def test_an_applied_move_keeps_the_die_in_focus_and_hands_on_a_die_dragged_away() -> None:
    sprite = object()  # any sprite: the hold only hands it on
    hold = NostalgicHold(picked=[0, 2], focus_die=2, focus_balloon="b1", focus_source=1, hover_balloon="b1",
                         drag=DieDrag(2, (0.0, 0.0), (0.0, 0.0), moved=True, sprite=sprite))  # type: ignore[arg-type]
    hold.applied()
    assert hold.take_dropped() is sprite and hold.dropped is None
    assert (hold.picked, hold.focus_die, hold.focus_balloon, hold.focus_source, hold.hover_balloon, hold.drag) == \
        ([], 2, None, None, None, None)


def test_a_die_that_left_the_tray_is_no_longer_chosen_or_in_focus() -> None:
    hold = NostalgicHold(picked=[0, 2], focus_die=2, focus_balloon="b1")
    hold.keep_only({0, 1})
    assert (hold.picked, hold.focus_die, hold.focus_balloon) == ([0], None, "b1")
    hold.keep_only({1})
    assert (hold.picked, hold.focus_balloon) == ([], None)


def test_clearing_the_nostalgic_hold_forgets_everything() -> None:
    hold = NostalgicHold(picked=[1], focus_die=1, focus_balloon="b", focus_source=0, hover_balloon="b",
                         hover_source=2, hover_die=1, drag=DieDrag(1, (0.0, 0.0), (0.0, 0.0)))
    hold.clear()
    assert hold == NostalgicHold()
