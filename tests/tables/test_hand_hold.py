"""The per-part state of the hand games: ``HandHold`` (the card held or chosen in a hand fan, and
what it is aimed at) and ノアロン's ``TurnChoice`` (the source, pair or gap being chosen). Each is
changed through a few methods; these tests pin down what each one does to the rest."""

from __future__ import annotations

from game.rules.noaron import PHASE_DECIDE, PHASE_DISCARD, PHASE_INSERT, PHASE_TAKE
from scenes.noaron.view import TurnChoice
from scenes.table.hand_drag import HandHold
from scenes.table.pieces import CardSprite


def card(value: int, pos: tuple[float, float] = (100.0, 200.0)) -> CardSprite[int]:
    """A face-up neko-style card at ``pos``."""
    return CardSprite(value, pos)


def test_a_press_holds_the_card_with_the_pointer_offset_and_nothing_moved_yet() -> None:
    hold: HandHold[CardSprite[int], int] = HandHold()
    sprite = card(5, (100.0, 200.0))
    hold.pick(sprite, (110, 190))
    assert hold.drag is not None and hold.drag.sprite is sprite
    assert hold.drag.start == (110.0, 190.0) and hold.drag.offset == (-10.0, 10.0)
    assert not hold.drag.moved and hold.drag.ghost is None


def test_letting_go_ends_the_drag_and_the_aim_but_keeps_the_chosen_card() -> None:
    hold: HandHold[CardSprite[int], int] = HandHold(selected=2, target=3)
    hold.pick(card(5), (0, 0))
    drag = hold.drag
    assert hold.release() is drag
    assert hold.drag is None and hold.target is None and hold.selected == 2
    assert hold.release() is None  # nothing held: nothing to spring back


def test_a_play_that_went_through_keeps_the_dropped_ghost_once() -> None:
    hold: HandHold[CardSprite[int], int] = HandHold(selected=1, target=0)
    sprite, ghost = card(7), card(7, (500.0, 400.0))
    hold.pick(sprite, (0, 0))
    assert hold.drag is not None
    hold.drag.ghost = ghost
    assert hold.drop() is ghost
    assert (hold.drag, hold.selected, hold.target) == (None, None, None)
    assert hold.take_dropped() == (sprite, ghost)
    assert hold.take_dropped() is None  # the flight took it: the next play starts from the fan


def test_a_play_by_keys_or_an_unmoved_press_drops_no_ghost() -> None:
    hold: HandHold[CardSprite[int], int] = HandHold(selected=0, target=1)
    assert hold.drop() is None and hold.dropped is None
    hold.pick(card(3), (0, 0))  # pressed, never moved: no ghost
    assert hold.drop() is None and hold.dropped is None and hold.drag is None


def test_clearing_forgets_the_choice_but_not_a_ghost_waiting_for_its_flight() -> None:
    sprite, ghost = card(4), card(4)
    hold: HandHold[CardSprite[int], int] = HandHold(selected=1, target=2, dropped=(sprite, ghost))
    hold.pick(sprite, (0, 0))
    hold.clear()
    assert (hold.drag, hold.selected, hold.target) == (None, None, None)
    assert hold.dropped == (sprite, ghost)


def test_the_held_card_is_the_dragged_one_first_then_the_chosen_one() -> None:
    fan = [card(1), card(2), card(3)]
    hold: HandHold[CardSprite[int], int] = HandHold()
    assert hold.held_card(fan) is None
    hold.selected = 1
    assert hold.held_card(fan) is fan[1]
    hold.selected = 3  # past the end (the fan shrank): nothing
    assert hold.held_card(fan) is None
    hold.pick(fan[2], (0, 0))
    assert hold.held_card(fan) is fan[2]


def test_the_cursor_moves_only_in_its_own_phase_and_says_when_it_moved() -> None:
    choice = TurnChoice()
    assert choice.point_at(PHASE_DISCARD, 4) and choice.pair_cursor == 4 and choice.gap_cursor is None
    assert not choice.point_at(PHASE_DISCARD, 4)  # already there: no hints to re-read
    assert choice.point_at(PHASE_INSERT, 2) and choice.gap_cursor == 2 and choice.pair_cursor == 4
    assert not choice.point_at(PHASE_TAKE, 7) and not choice.point_at(PHASE_DECIDE, 7)
    assert (choice.pair_cursor, choice.gap_cursor) == (4, 2)


def test_a_cleared_choice_has_nothing_chosen() -> None:
    choice = TurnChoice(source_focus="deck", pair_cursor=3, gap_cursor=5, armed=(PHASE_DISCARD, 3))
    choice.clear()
    assert choice == TurnChoice()
