"""Nostalgic: every rule and check of the rulebook and of RULES-READING's nostalgic section, as tests.

Positions are built directly (``position``) or reached by playing actions. Dice throws in a built
position come from ``Scripted``, an rng whose ``randint`` hands out the listed faces in order.
Cards are strings: "T" toy, "P" photo, "L" letter; "TW", "PW", "LW" the wilds.
"""

from __future__ import annotations

import itertools
import json
import random
import re
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from game.core.errors import BadOptions, IllegalAction
from game.core.house import house_text
from game.core.match import Match, Seat
from game.core.registry import get_rules
from game.i18n import LANGUAGES, catalogue, t
from game.rules import nostalgic
from game.rules.nostalgic import (
    BALLOON_BY_ID,
    BOARD,
    BOX_BONUS,
    CARD_TYPES,
    CHIP_SUPPLY,
    DECK,
    DECK_SOURCE,
    FACE_UP,
    HOMES,
    KINDS,
    MAX_BOXES,
    PHASE_OVER,
    PHASE_PLACE,
    PHASE_TAKE,
    RANK_PENALTY,
    RULES,
    SET_PAIR,
    SET_RAINBOW,
    SET_TRIPLE,
    SPACE_PACK,
    SPACE_RECALL,
    SPACE_TIDY,
    BoxesPacked,
    CardTaken,
    ChipsGiven,
    ChipSpent,
    ChipTaken,
    DiceCollected,
    DiceThrown,
    DiePlaced,
    FinalScored,
    GameEnded,
    GameStarted,
    NostalgicAction,
    NostalgicState,
    NpGained,
    Reshuffled,
    RoundCardPassed,
    RoundStarted,
    RowCleared,
    RowDealt,
    accepts,
    balloon_free,
    best_sets,
    box_bonus,
    box_penalties,
    card_kind,
    is_wild,
    pair_bonus,
    place,
    reroll,
    set_points,
    take,
    tiebreak_ranks,
)


# ----- helpers ------------------------------------------------------------------------------
class Scripted(random.Random):
    """An rng whose die throws (``randint``) come from ``throws`` in order; shuffles stay random."""

    def __init__(self, throws: Sequence[int] = (), seed: int = 5) -> None:
        super().__init__(seed)
        self.throws = list(throws)

    def randint(self, a: int, b: int) -> int:
        """The next scripted face, or a random one when the script is used up."""
        return self.throws.pop(0) if self.throws else super().randint(a, b)


def position(
    players: int = 4,
    dice: list[list[int]] | None = None,
    placed: list[list[str]] | None = None,
    start: int = 0,
    seat: int | None = None,
    round_: int = 0,
    hands: list[list[str]] | None = None,
    row: list[str | None] | None = None,
    deck: list[str] | None = None,
    discard: list[str] | None = None,
    np: list[int] | None = None,
    boxes: list[int] | None = None,
    chips: list[int] | None = None,
    options: dict[str, Any] | None = None,
    throws: Sequence[int] = (),
    phase: str = PHASE_PLACE,
) -> NostalgicState:
    """A state in the placing phase with these dice (default: 2 each, 3 for a 3-player start
    seat, all 3s), placements, cards and counters. Cards not given are in the deck, so the 21
    cards stay whole; chips not held are in the supply."""
    opts = RULES.normalize_options(players, options or {})
    if dice is None:
        dice = [[3] * nostalgic.dice_for(players, s, start) for s in range(players)]
    placed = placed or [[""] * len(values) for values in dice]
    hands = hands if hands is not None else [["T"] for _ in range(players)]
    row = row if row is not None else ["P", "L", "P", "L", "T"]
    discard = discard or []
    if deck is None:
        pool = Counter(DECK)
        for card in [c for h in hands for c in h] + [c for c in row if c] + discard:
            pool[card] -= 1
            assert pool[card] >= 0, card
        deck = sorted(pool.elements())
    chips = chips or [0] * players
    occupancy: dict[str, int] = {}
    for where in itertools.chain.from_iterable(placed):
        if where:
            occupancy[where] = occupancy.get(where, 0) + 1
    return NostalgicState(
        players=players,
        options=opts,
        rng=Scripted(throws),
        games_total=2 if opts["two_games"] else 1,
        round=round_,
        start_seat=start,
        seat=start if seat is None else seat,
        phase=phase,
        dice=[list(v) for v in dice],
        placed=[list(p) for p in placed],
        occupancy=occupancy,
        np=list(np or [0] * players),
        boxes=list(boxes or [0] * players),
        chips=list(chips),
        chip_supply=CHIP_SUPPLY - sum(chips),
        hands=[list(h) for h in hands],
        deck=list(deck),
        row=list(row),
        discard=list(discard),
        known=[[] for _ in range(players)],
        np_at_game_start=list(np or [0] * players),
    )


def conserved(state: NostalgicState) -> bool:
    """The 21 cards and the 12 chips are all somewhere."""
    cards = [c for h in state.hands for c in h] + state.deck + state.discard + [c for c in state.row if c]
    return Counter(cards) == Counter(DECK) and state.chip_supply + sum(state.chips) == CHIP_SUPPLY


def kinds_of(events: list, kind: type) -> list:
    """The events of one type, in order."""
    return [event for event in events if isinstance(event, kind)]


def play_game_out(state: NostalgicState, rng: random.Random, events: list | None = None) -> None:
    """Random legal actions until one more game has been recorded."""
    done = len(state.records)
    while len(state.records) == done:
        seat = RULES.to_move(state)[0]
        got = RULES.apply(state, seat, rng.choice(RULES.legal_actions(state, seat)))
        if events is not None:
            events.extend(got)


def place_everything(state: NostalgicState, events: list | None = None) -> None:
    """Every seat puts its dice into the ∞ balloon until the round (or the game) ends."""
    start_round = (len(state.records), state.round)
    while (len(state.records), state.round) == start_round and state.phase != PHASE_OVER:
        seat = RULES.to_move(state)[0]
        die = state.placed[seat].index("")
        got = RULES.apply(state, seat, place(die, "recall_any"))
        if events is not None:
            events.extend(got)


# ----- the data tables ---------------------------------------------------------------------------
def test_the_house_board_is_one_table_in_the_api_order() -> None:
    assert [b.id for b in BOARD] == [
        "tidy12", "tidy34", "tidy56", "pack1", "pack2", "pack34", "pack56", "recall1", "recall2", "recall_any",
    ]
    assert BALLOON_BY_ID["tidy12"].accepts == (1, 2) and BALLOON_BY_ID["tidy12"].np == 2
    assert BALLOON_BY_ID["tidy34"].np == 1 and BALLOON_BY_ID["tidy56"].np == 0
    assert all(BALLOON_BY_ID[i].card for i in ("tidy12", "tidy34", "tidy56"))
    assert [BALLOON_BY_ID[i].boxes for i in ("pack1", "pack2", "pack34", "pack56")] == [2, 2, 1, 1]
    assert BALLOON_BY_ID["recall1"].chip and BALLOON_BY_ID["recall2"].np == 2
    infinite = BALLOON_BY_ID["recall_any"]
    assert infinite.capacity is None and infinite.np_die and infinite.accepts == (1, 2, 3, 4, 5, 6)
    assert {b.space for b in BOARD} == {SPACE_TIDY, SPACE_PACK, SPACE_RECALL}
    assert all(b.capacity == 1 for b in BOARD if b is not infinite)
    # every value has at least one balloon of each space
    for value in range(1, 7):
        assert {b.space for b in BOARD if accepts(b, value)} == {SPACE_TIDY, SPACE_PACK, SPACE_RECALL}


def test_the_cards_are_six_of_each_kind_and_three_wilds() -> None:
    assert len(DECK) == 21
    assert Counter(DECK) == {"T": 6, "P": 6, "L": 6, "TW": 1, "PW": 1, "LW": 1}
    assert [card_kind(c) for c in ("T", "PW", "LW")] == ["T", "P", "L"]
    assert [is_wild(c) for c in ("T", "TW")] == [False, True]
    assert KINDS == ("T", "P", "L") and (SET_TRIPLE, SET_RAINBOW, SET_PAIR) == (8, 6, 3)


def test_the_infinite_balloon_always_has_room_and_the_others_hold_one_die() -> None:
    assert balloon_free(BALLOON_BY_ID["recall_any"], {"recall_any": 50})
    assert balloon_free(BALLOON_BY_ID["pack1"], {})
    assert not balloon_free(BALLOON_BY_ID["pack1"], {"pack1": 1})


# ----- boxes --------------------------------------------------------------------------------------
def test_box_rank_example_of_the_rulebook() -> None:
    assert box_penalties([6, 4, 2, 4]) == (0, -10, -15, -10)


@pytest.mark.parametrize(
    "boxes,penalties",
    [
        ((5, 5, 5, 5), (-15, -15, -15, -15)),
        ((8, 2, 2, 1), (0, -10, -10, -15)),
        ((3, 7, 3, 9), (-15, -5, -15, 0)),
        ((4, 2, 0), (0, -5, -10)),
        ((4, 4, 0), (-5, -5, -10)),
        ((1, 1, 1), (-10, -10, -10)),
    ],
)
def test_tied_box_ranks_take_the_lower_place(boxes: tuple[int, ...], penalties: tuple[int, ...]) -> None:
    assert box_penalties(boxes) == penalties
    assert RANK_PENALTY[len(boxes)][0] == 0


def test_the_box_track_bonuses_sum_when_reaching_or_passing() -> None:
    assert box_bonus(0, 6) == 7  # the rulebook: 6 boxes = 1 + 2 + 4 NP
    assert box_bonus(0, 12) == sum(BOX_BONUS.values()) == 41
    assert box_bonus(1, 2) == 1 and box_bonus(2, 3) == 0 and box_bonus(3, 5) == 2
    assert [box_bonus(step - 1, step) for step in (8, 10, 12)] == [7, 11, 16]


def test_packing_to_six_boxes_scores_seven_np() -> None:
    dice = [[1, 2], [1, 3], [6, 6], [6, 6]]
    state = position(dice=dice)
    RULES.apply(state, 0, place(0, "pack1"))  # 2 boxes: +1
    RULES.apply(state, 1, place(1, "pack34"))
    RULES.apply(state, 2, place(0, "recall_any"))
    RULES.apply(state, 3, place(0, "recall_any"))
    events = RULES.apply(state, 0, place(1, "pack2"))  # 4 boxes: +2
    assert state.boxes[0] == 4 and state.np[0] == 3
    assert kinds_of(events, BoxesPacked) == [BoxesPacked(0, 2, 4)]
    assert kinds_of(events, NpGained) == [NpGained(0, 2, 3, "box_bonus")]
    steps = position(dice=[[5, 3], [6, 6], [6, 6], [6, 6]], boxes=[5, 0, 0, 0], np=[3, 0, 0, 0])
    RULES.apply(steps, 0, place(0, "pack56"))
    assert steps.boxes[0] == 6 and steps.np[0] == 3 + 4  # 1 + 2 + 4 in all


def test_boxes_stop_at_twelve_and_packing_beyond_does_nothing() -> None:
    state = position(dice=[[1, 2], [6, 6], [6, 6], [6, 6]], boxes=[11, 0, 0, 0])
    events = RULES.apply(state, 0, place(0, "pack1"))
    assert state.boxes[0] == MAX_BOXES == 12 and state.np[0] == 16
    assert kinds_of(events, BoxesPacked) == [BoxesPacked(0, 1, 12)]
    for seat in (1, 2, 3):
        RULES.apply(state, seat, place(0, "recall_any"))
    events = RULES.apply(state, 0, place(1, "pack2"))  # still allowed: nothing happens
    assert state.boxes[0] == 12 and state.np[0] == 16
    assert kinds_of(events, BoxesPacked) == [BoxesPacked(0, 0, 12)] and not kinds_of(events, NpGained)


# ----- dice -----------------------------------------------------------------------------------------
def test_pair_bonus_counts_doubles_once_and_triples_only_with_the_variant() -> None:
    assert pair_bonus([3, 3], False) == 1
    assert pair_bonus([3, 3, 5], False) == 1  # the rulebook's 3-3-5
    assert pair_bonus([4, 4, 4], False) == 1  # three equal: still 1 NP
    assert pair_bonus([4, 4, 4], True) == 3
    assert pair_bonus([4, 4, 5], True) == 1
    assert pair_bonus([2, 5], True) == 0 and pair_bonus([5], True) == 0


def round_end_state(players: int, throws: Sequence[int], options: dict | None = None) -> NostalgicState:
    """The last die of round 0 is about to be placed; the next round's throws are scripted."""
    dice = [[6] * nostalgic.dice_for(players, s, 0) for s in range(players)]
    placed = [["recall_any"] * len(values) for values in dice]
    placed[players - 1][-1] = ""
    return position(players, dice=dice, placed=placed, seat=players - 1, throws=throws, options=options)


def test_the_round_throw_scores_a_double_once_per_seat() -> None:
    # round 1 starts with seat 1; throws in play order: seat 1, 2, 3, 0
    state = round_end_state(4, [2, 2, 1, 5, 6, 6, 3, 4])
    events = RULES.apply(state, 3, place(1, "recall_any"))
    assert kinds_of(events, RoundStarted) == [RoundStarted(1, 1)]
    thrown = kinds_of(events, DiceThrown)
    assert [(e.seat, e.values, e.bonus, e.reroll) for e in thrown] == [
        (1, (2, 2), 1, False), (2, (1, 5), 0, False), (3, (6, 6), 1, False), (0, (3, 4), 0, False),
    ]
    assert state.dice == [[3, 4], [2, 2], [1, 5], [6, 6]]
    doubles = [e for e in kinds_of(events, NpGained) if e.why == "double"]
    assert [(e.seat, e.amount) for e in doubles] == [(1, 1), (3, 1)]


def test_three_equal_dice_of_the_3_player_start_seat_score_1_or_3_with_the_variant() -> None:
    plain = round_end_state(3, [5, 5, 5, 1, 2, 3, 4])
    RULES.apply(plain, 2, place(1, "recall_any"))
    assert plain.dice[1] == [5, 5, 5] and plain.np[1] == 1
    variant = round_end_state(3, [5, 5, 5, 1, 2, 3, 4], {"triple": True})
    RULES.apply(variant, 2, place(1, "recall_any"))
    assert variant.np[1] == 3


def test_the_triple_variant_is_for_three_players_only() -> None:
    with pytest.raises(BadOptions):
        RULES.new_game(4, 1, {"triple": True})
    assert RULES.new_game(3, 1, {"triple": True}).options["triple"] is True


@pytest.mark.parametrize("seed", range(6))
def test_three_players_the_start_player_throws_a_third_die(seed: int) -> None:
    state = RULES.new_game(3, seed)
    for round_ in range(3):
        assert state.round == round_ and state.start_seat == round_
        assert [len(values) for values in state.dice] == [3 if s == round_ else 2 for s in range(3)]
        place_everything(state)
    four = RULES.new_game(4, seed)
    assert [len(values) for values in four.dice] == [2, 2, 2, 2]


def test_in_3_players_the_start_seat_places_its_third_die_last() -> None:
    state = RULES.new_game(3, 2)
    order = []
    while state.round == 0:
        seat = RULES.to_move(state)[0]
        order.append(seat)
        RULES.apply(state, seat, place(state.placed[seat].index(""), "recall_any"))
    assert order == [0, 1, 2, 0, 1, 2, 0]


# ----- rerolls -----------------------------------------------------------------------------------
def test_rerolls_need_a_chip_and_come_in_every_subset_of_unplaced_dice() -> None:
    none = position(dice=[[1, 4], [6, 6], [6, 6], [6, 6]])
    assert not [a for a in RULES.legal_actions(none, 0) if a.kind == "reroll"]
    with pytest.raises(IllegalAction) as caught:
        RULES.apply(none, 0, reroll((0,)))
    assert caught.value.reason == "nostalgic.reason.no_chips"
    state = position(dice=[[1, 4], [6, 6], [6, 6], [6, 6]], chips=[1, 0, 0, 0])
    assert [a.dice for a in RULES.legal_actions(state, 0) if a.kind == "reroll"] == [(0,), (1,), (0, 1)]
    half = position(dice=[[1, 4], [6, 6], [6, 6], [6, 6]], placed=[["recall1", ""], [""] * 2, [""] * 2, [""] * 2],
                    chips=[1, 0, 0, 0])
    assert [a.dice for a in RULES.legal_actions(half, 0) if a.kind == "reroll"] == [(1,)]
    with pytest.raises(IllegalAction) as caught:
        RULES.apply(half, 0, reroll((0,)))
    assert caught.value.reason == "nostalgic.reason.die_placed"


def test_a_single_rerolled_die_never_scores_even_when_it_matches() -> None:
    state = position(dice=[[4, 2], [6, 6], [6, 6], [6, 6]], chips=[1, 0, 0, 0], throws=[4])
    events = RULES.apply(state, 0, reroll((1,)))
    assert state.dice[0] == [4, 4] and state.np[0] == 0 and state.chips[0] == 0
    assert events == [ChipSpent(0), DiceThrown(0, (1,), (4,), 0, True)]
    assert state.chip_supply == CHIP_SUPPLY and RULES.to_move(state) == (0,)  # still to place


def test_two_rerolled_dice_that_match_score_one_np() -> None:
    state = position(dice=[[4, 2], [6, 6], [6, 6], [6, 6]], chips=[1, 0, 0, 0], throws=[5, 5])
    events = RULES.apply(state, 0, reroll((0, 1)))
    assert state.np[0] == 1
    assert kinds_of(events, NpGained) == [NpGained(0, 1, 1, "reroll")]


def test_only_the_rerolled_dice_count_for_a_reroll_double() -> None:
    # 3 players: the start seat has 3 dice; a 6 kept and two rerolled 6 and 1: no pair among the two
    state = position(3, dice=[[6, 2, 3], [1, 1], [1, 1]], chips=[2, 0, 0], throws=[6, 1, 3, 3, 3])
    RULES.apply(state, 0, reroll((1, 2)))
    assert state.dice[0] == [6, 6, 1] and state.np[0] == 0
    RULES.apply(state, 0, reroll((0, 1, 2)))  # several chips: several rerolls
    assert state.dice[0] == [3, 3, 3] and state.np[0] == 1 and state.chips[0] == 0


def test_three_rerolled_equal_dice_score_3_with_the_triple_variant() -> None:
    state = position(3, dice=[[6, 2, 3], [1, 1], [1, 1]], chips=[1, 0, 0], throws=[2, 2, 2],
                     options={"triple": True})
    RULES.apply(state, 0, reroll((0, 1, 2)))
    assert state.np[0] == 3


# ----- placing ------------------------------------------------------------------------------------
def test_placement_goes_round_from_the_start_player_one_die_per_turn() -> None:
    state = RULES.new_game(4, 3)
    order = []
    while state.round == 0:
        seat = RULES.to_move(state)[0]
        order.append(seat)
        RULES.apply(state, seat, place(state.placed[seat].index(""), "recall_any"))
    assert order == [0, 1, 2, 3, 0, 1, 2, 3]


def test_seats_with_no_die_left_are_skipped() -> None:
    placed = [["recall_any", "recall_any"], ["", ""], ["recall_any", "recall_any"], ["recall_any", ""]]
    state = position(placed=placed, seat=1)
    RULES.apply(state, 1, place(0, "recall_any"))
    assert RULES.to_move(state) == (3,)
    RULES.apply(state, 3, place(1, "recall_any"))
    assert RULES.to_move(state) == (1,)


def test_legal_placements_are_free_accepting_balloons_and_the_infinite_one() -> None:
    placed = [["", ""], ["tidy12", "pack1"], ["", ""], ["", ""]]
    state = position(dice=[[1, 5], [1, 2], [3, 3], [3, 3]], placed=placed)
    legal = {(a.die, a.balloon) for a in RULES.legal_actions(state, 0)}
    assert legal == {(0, "recall1"), (0, "recall_any"), (1, "tidy56"), (1, "pack56"), (1, "recall_any")}


def test_a_recall_balloon_scores_the_die_or_its_np_and_a_chip() -> None:
    state = position(dice=[[5, 2], [1, 1], [3, 3], [3, 3]])
    events = RULES.apply(state, 0, place(0, "recall_any"))
    assert state.np[0] == 5 and events == [DiePlaced(0, 0, 5, "recall_any"), NpGained(0, 5, 5, "balloon")]
    events = RULES.apply(state, 1, place(0, "recall1"))
    assert state.np[1] == 1 and state.chips[1] == 1 and state.chip_supply == CHIP_SUPPLY - 1
    assert events[-1] == ChipTaken(1)


def test_no_chip_is_gained_from_an_empty_supply() -> None:
    state = position(dice=[[2, 2], [1, 1], [3, 3], [3, 3]], chips=[6, 6, 0, 0])
    assert state.chip_supply == 0
    events = RULES.apply(state, 0, place(0, "recall2"))
    assert state.np[0] == 2 and state.chips[0] == 6 and not kinds_of(events, ChipTaken)


def test_chip_each_gives_a_chip_to_everyone_from_the_supply() -> None:
    state = RULES.new_game(4, 1, {"chip_each": True})
    assert state.chips == [1, 1, 1, 1] and state.chip_supply == CHIP_SUPPLY - 4
    assert any(a.kind == "reroll" for a in RULES.legal_actions(state, 0))
    match = Match("nostalgic", [Seat("ai", "random")] * 3, 4, {"chip_each": True, "two_games": True})
    rng = random.Random(4)
    given = []
    while not match.is_over():
        seat = match.to_move()[0]
        given += kinds_of(match.apply(seat, rng.choice(match.legal_actions(seat))), ChipsGiven)
    assert sorted(e.seat for e in given) == [0, 1, 2]  # the second game's setup gives them again


# ----- cards ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(20))
def test_setup_keeps_the_wilds_out_of_the_opening_deal(seed: int) -> None:
    state = RULES.new_game(3 + seed % 2, seed)
    assert all(len(hand) == 1 and not is_wild(hand[0]) for hand in state.hands)
    assert len([c for c in state.row if c]) == FACE_UP
    assert conserved(state) and len(state.deck) == 21 - state.players - FACE_UP


def test_the_wilds_are_shuffled_into_the_deck_and_row() -> None:
    seen = Counter()
    for seed in range(200):
        state = RULES.new_game(4, seed)
        seen.update(c for c in state.row if c and is_wild(c))
    assert set(seen) == {"TW", "PW", "LW"}


def test_a_tidy_up_balloon_scores_and_the_seat_then_takes_a_card() -> None:
    state = position(dice=[[1, 5], [6, 6], [6, 6], [6, 6]], row=["P", "L", "PW", "L", "T"])
    events = RULES.apply(state, 0, place(0, "tidy12"))
    assert state.np[0] == 2 and state.phase == PHASE_TAKE and RULES.to_move(state) == (0,)
    assert events[-1] == NpGained(0, 2, 2, "balloon")
    assert [a.source for a in RULES.legal_actions(state, 0)] == [0, 1, 2, 3, 4, DECK_SOURCE]
    events = RULES.apply(state, 0, take(2))
    assert events == [CardTaken(0, 2, "PW")] and not events[0].hides_undo
    assert state.hands[0] == ["T", "PW"] and state.row[2] is None and state.known[0] == ["PW"]
    assert RULES.to_move(state) == (1,) and state.phase == PHASE_PLACE
    assert [c for c in state.row] == ["P", "L", None, "L", "T"]  # no refill before the round ends


def test_taking_the_deck_top_hides_the_face_from_the_event() -> None:
    state = position(dice=[[5, 5], [6, 6], [6, 6], [6, 6]])
    RULES.apply(state, 0, place(0, "tidy56"))
    top = state.deck[-1]
    events = RULES.apply(state, 0, take(DECK_SOURCE))
    assert events == [CardTaken(0, DECK_SOURCE, None)] and events[0].hides_undo
    assert state.hands[0][-1] == top and state.known[0] == []
    assert RULES.observe(state, 0).hand[-1] == top
    assert RULES.observe(state, 1).hand_counts[0] == 2


def test_with_no_card_anywhere_the_take_is_skipped() -> None:
    hands = [["T"] * 6 + ["P"] * 6, ["L"] * 6, ["TW", "PW"], ["LW"]]
    state = position(dice=[[5, 5], [6, 6], [6, 6], [6, 6]], hands=hands, row=[None] * 5, deck=[])
    RULES.apply(state, 0, place(0, "tidy56"))
    assert state.phase == PHASE_PLACE and RULES.to_move(state) == (1,)


def test_take_refusals_name_the_problem() -> None:
    state = position(dice=[[5, 5], [6, 6], [6, 6], [6, 6]], row=["P", None, "L", "L", "T"])
    with pytest.raises(IllegalAction) as caught:
        RULES.apply(state, 0, take(0))
    assert caught.value.reason == "nostalgic.reason.no_take"
    RULES.apply(state, 0, place(0, "tidy56"))
    with pytest.raises(IllegalAction) as caught:
        RULES.apply(state, 0, place(1, "recall_any"))
    assert caught.value.reason == "nostalgic.reason.take_first"
    with pytest.raises(IllegalAction) as caught:
        RULES.apply(state, 0, take(1))
    assert caught.value.reason == "nostalgic.reason.empty_slot" and caught.value.params == {"slot": 2}
    state.deck = []
    with pytest.raises(IllegalAction) as caught:
        RULES.apply(state, 0, take(DECK_SOURCE))
    assert caught.value.reason == "nostalgic.reason.deck_empty"


# ----- round end ----------------------------------------------------------------------------------------
def finish_round(state: NostalgicState) -> list:
    """Place every die left in the ∞ balloon; the events of the round's end."""
    events: list = []
    place_everything(state, events)
    return events


def test_round_end_discards_untaken_cards_and_lays_out_five_new_ones() -> None:
    state = position(row=["P", None, "L", "PW", None], deck=None)
    deck_before = list(state.deck)
    events = finish_round(state)
    assert kinds_of(events, DiceCollected) == [DiceCollected()]
    assert kinds_of(events, RowCleared) == [RowCleared(("P", "L", "PW"))]
    assert state.discard == ["P", "L", "PW"]
    assert state.row == list(reversed(deck_before[-5:]))
    assert [e.slot for e in kinds_of(events, RowDealt)] == [0, 1, 2, 3, 4]
    assert not kinds_of(events, Reshuffled) and conserved(state)


def test_a_short_deck_is_refilled_from_the_shuffled_discards() -> None:
    hands = [["T", "T"], ["P"], ["L"], ["T"]]
    discard = ["P", "P", "L", "L"]
    state = position(hands=hands, row=["T", "T", None, None, None], deck=["LW", "PW"], discard=discard)
    # the other cards: everything not placed is in ... the deck was set by hand: put the rest in hands
    rest = Counter(DECK) - Counter([c for h in hands for c in h] + ["T", "T", "LW", "PW"] + discard)
    state.hands[3] += sorted(rest.elements())
    assert conserved(state)
    events = finish_round(state)
    # PW and LW laid first, then the empty deck took the 6 discards (4 old + 2 cleared) for the rest
    assert [e.card for e in kinds_of(events, RowDealt)][:2] == ["PW", "LW"]
    assert kinds_of(events, Reshuffled) == [Reshuffled(6)]
    assert all(card is not None for card in state.row) and len(state.deck) == 3 and state.discard == []
    assert conserved(state)


def test_an_empty_deck_after_laying_out_five_is_refilled_too() -> None:
    hands = [["T"] * 5, ["P"] * 5, ["L"] * 4, ["TW"]]
    state = position(hands=hands, row=[None] * 5, deck=["L", "L", "P", "T", "PW"], discard=["LW"])
    events = finish_round(state)
    assert [e.card for e in kinds_of(events, RowDealt)] == ["PW", "T", "P", "L", "L"]
    assert kinds_of(events, Reshuffled) == [Reshuffled(1)] and state.deck == ["LW"]


def test_when_cards_run_out_the_row_is_laid_as_far_as_it_goes() -> None:
    hands = [["T"] * 6 + ["P"] * 6, ["L"] * 6, ["TW", "PW"], []]
    state = position(hands=hands, row=[None, "LW", None, None, None], deck=[], discard=[])
    events = finish_round(state)
    # the untaken LW goes to the discards, is reshuffled as the only deck card and laid again
    assert kinds_of(events, Reshuffled) == [Reshuffled(1)]
    assert state.row == ["LW", None, None, None, None] and state.deck == [] and conserved(state)


def test_the_round_card_passes_left_and_a_game_is_as_many_rounds_as_players() -> None:
    for players in (3, 4):
        state = RULES.new_game(players, 9)
        passed = []
        starts = []
        while state.phase != PHASE_OVER:
            starts.append(state.start_seat)
            events = finish_round(state)
            passed += [e.to_seat for e in kinds_of(events, RoundCardPassed)]
        assert starts == list(range(players))
        assert passed == list(range(1, players))
        assert len(state.records) == 1


# ----- final scoring -------------------------------------------------------------------------------------
def brute_force_points(t: int, p: int, l: int, w: int) -> int:
    """The best set points by trying every wild assignment and every count of each set type."""
    best = 0
    for a in range(w + 1):
        for b in range(w - a + 1):
            c = w - a - b
            counts = (t + a, p + b, l + c)
            for rainbows in range(min(counts) + 1):
                left = [n - rainbows for n in counts]
                for triples in itertools.product(*(range(n // 3 + 1) for n in left)):
                    pairs = sum((n - 3 * k) // 2 for n, k in zip(left, triples))
                    best = max(best, SET_RAINBOW * rainbows + SET_TRIPLE * sum(triples) + SET_PAIR * pairs)
    return best


@pytest.mark.slow
def test_best_sets_is_exact_for_every_hand_of_up_to_10_cards() -> None:
    checked = 0
    for size in range(11):
        for hand in itertools.combinations_with_replacement(CARD_TYPES, size):
            found = best_sets(hand)
            t, p, l = hand.count("T"), hand.count("P"), hand.count("L")
            w = sum(1 for card in hand if is_wild(card))
            wanted = brute_force_points(t, p, l, w)
            total = sum({"triple": SET_TRIPLE, "rainbow": SET_RAINBOW, "pair": SET_PAIR}[k] for k, _ in found)
            assert total == wanted == set_points(hand), hand
            # the sets use the hand's own cards, each at most once, and are real sets
            used = Counter(card for _, cards in found for card in cards)
            assert not used - Counter(hand), hand
            for kind, cards in found:
                plain = {card for card in cards if not is_wild(card)}
                if kind == "triple":
                    assert len(cards) == 3 and len(plain) <= 1
                elif kind == "pair":
                    assert len(cards) == 2 and len(plain) <= 1
                else:
                    assert len(cards) == 3 and len(plain) == sum(1 for c in cards if not is_wild(c))
            values = [{"triple": 8, "rainbow": 6, "pair": 3}[k] for k, _ in found]
            assert values == sorted(values, reverse=True)
            checked += 1
    assert checked == 8008


def test_best_sets_examples() -> None:
    assert best_sets(["T", "T", "TW", "P"]) == (("triple", ("T", "T", "TW")),)
    assert best_sets(["T", "P", "L", "T"]) == (("rainbow", ("T", "P", "L")),)
    # 3 T + 3 P + 3 L: three triples (24) beat three rainbows (18)
    assert set_points(["T"] * 3 + ["P"] * 3 + ["L"] * 3) == 24
    # T T P P L: a rainbow and nothing (6) or two pairs (6): 6 either way; with another L, 2 pairs + pair
    assert set_points(["T", "T", "P", "P", "L"]) == 6 and set_points(["T", "T", "P", "P", "L", "L"]) == 12
    assert best_sets([]) == () and set_points(["T", "P"]) == 0
    assert best_sets(["PW", "LW"]) == (("pair", ("PW", "LW")),)


def test_final_scoring_adds_chips_then_sets_then_the_box_rank() -> None:
    hands = [["T", "T", "T"], ["P", "L", "TW"], ["P", "P"], ["L"]]
    state = position(round_=3, start=3, hands=hands, chips=[2, 0, 1, 0], boxes=[6, 4, 2, 4],
                     np=[10, 10, 10, 10], placed=[["recall_any"] * 2] * 3 + [["", "recall_any"]], seat=3)
    state.np_at_game_start = [0, 0, 0, 0]
    events = RULES.apply(state, 3, place(0, "recall_any"))  # the game's last die: a 3
    scored = kinds_of(events, FinalScored)[0]
    assert scored.chips == (2, 0, 1, 0) and scored.set_points == (8, 6, 3, 0)
    assert scored.penalties == (0, -10, -15, -10) and scored.boxes == (6, 4, 2, 4)
    assert scored.totals == (20, 6, -1, 3) == tuple(state.np)
    assert scored.sets[0] == (("triple", ("T", "T", "T")),)
    gains = [(e.seat, e.amount, e.why) for e in kinds_of(events, NpGained) if e.why != "balloon"]
    assert gains == [(0, 2, "chips"), (2, 1, "chips"), (0, 8, "sets"), (1, 6, "sets"), (2, 3, "sets"),
                     (1, -10, "box_rank"), (2, -15, "box_rank"), (3, -10, "box_rank")]
    assert [e.total for e in kinds_of(events, NpGained) if e.seat == 2][-1] == -1
    assert state.phase == PHASE_OVER and RULES.to_move(state) == ()
    ended = kinds_of(events, GameEnded)[0]
    assert ended.winners == (0,) and not ended.tiebreak
    result = RULES.result(state)
    assert result.scores == (20.0, 6.0, -1.0, 3.0) and result.ranks == (1, 2, 4, 3)
    assert result.breakdown[1] == {
        "nostalgic.score.play": 10.0, "nostalgic.score.chips": 0.0, "nostalgic.score.sets": 6.0,
        "nostalgic.score.box_rank": -10.0, "nostalgic.score.boxes": 4.0,
    }
    assert result.rounds == ((20.0, 6.0, -1.0, 3.0),)


# ----- tiebreak ------------------------------------------------------------------------------------------
def test_home_tiebreak_orders_a_tie_when_every_tied_seat_gave_a_home() -> None:
    assert HOMES == ("none", "hiraya", "apartment", "mansion", "detached")
    ranks, used = tiebreak_ranks([9, 9, 9, 2], ("detached", "hiraya", "mansion", "none"), (1, 1, 1, 1))
    assert ranks == (3, 1, 2, 4) and used
    ranks, used = tiebreak_ranks([9, 9, 4, 2], ("mansion", "mansion", "none", "none"), (2, 5, 1, 1))
    assert ranks == (2, 1, 3, 4) and used  # same home: the higher floor wins
    ranks, used = tiebreak_ranks([9, 9, 4, 2], ("mansion", "mansion", "none", "none"), (3, 3, 1, 1))
    assert ranks == (1, 1, 3, 4) and not used  # still tied: shared
    ranks, used = tiebreak_ranks([9, 9, 4, 2], ("hiraya", "none", "detached", "none"), (1, 1, 1, 1))
    assert ranks == (1, 1, 3, 4) and not used  # one tied seat gave no home: shared


def test_the_home_option_is_per_seat_and_reaches_the_result() -> None:
    homes = ("apartment", "hiraya", "none", "none")
    opts = RULES.normalize_options(4, {"home": homes})
    assert opts["home"] == homes and opts["floor"] == (1, 1, 1, 1)
    with pytest.raises(BadOptions):
        RULES.normalize_options(4, {"home": "hiraya"})
    state = position(options={"home": homes})
    state.np = [12, 12, 3, 1]
    state.phase = PHASE_OVER
    result = RULES.result(state)
    assert result.ranks == (2, 1, 3, 4) and result.winners == (1,)
    assert "nostalgic.note.home_tiebreak" in result.notes
    shared = position()
    shared.np = [12, 12, 3, 1]
    assert RULES.result(shared).ranks == (1, 1, 3, 4) and RULES.result(shared).notes == ("nostalgic.note.shared_win",)


def test_game_ended_tells_whether_the_home_tiebreak_decided_first_place() -> None:
    for homes, winners, tiebreak in (
        (("mansion", "hiraya", "none", "none"), (1,), True),
        (("none", "hiraya", "none", "none"), (0, 1), False),
    ):
        state = position(round_=3, start=3, seat=3, np=[10, 10, 7, 0], options={"home": homes},
                         placed=[["recall_any"] * 2] * 3 + [["", "recall_any"]])
        events = RULES.apply(state, 3, place(0, "recall_any"))
        assert kinds_of(events, GameEnded) == [GameEnded((-5, -5, -8, -12), winners, tiebreak)]


# ----- two games -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4])
def test_two_games_keep_np_and_boxes_and_the_second_runs_counter_clockwise(players: int) -> None:
    state = RULES.new_game(players, 11, {"two_games": True, "chip_each": True})
    rng = random.Random(2)
    events: list = []
    play_game_out(state, rng, events)
    first = state.records[0]
    assert state.game == 1 and state.direction == -1 and state.phase == PHASE_PLACE
    # NP (plus the second game's opening doubles) and the boxes stay
    assert state.boxes == list(first.boxes)
    assert state.np_at_game_start == list(first.totals)
    opening = {e.seat: e.amount for e in events[events.index(GameStarted(1, players - 1, -1)):]
               if isinstance(e, NpGained)}
    assert all(state.np[s] == first.totals[s] + opening.get(s, 0) for s in range(players))
    # cards and chips went back: one fresh plain card each, one chip each (variant)
    assert all(len(hand) == 1 and not is_wild(hand[0]) for hand in state.hands)
    assert state.chips == [1] * players and state.chip_supply == CHIP_SUPPLY - players
    assert conserved(state)
    started = kinds_of(events, GameStarted)
    assert started == [GameStarted(1, players - 1, -1)]  # the first game's last start player
    # the second game: rounds start with the last start player and go right
    starts = []
    while state.phase != PHASE_OVER:
        starts.append(state.start_seat)
        order = []
        round_now = state.round
        while state.round == round_now and state.phase != PHASE_OVER:
            seat = RULES.to_move(state)[0]
            order.append(seat)
            RULES.apply(state, seat, place(state.placed[seat].index(""), "recall_any"))
        start = starts[-1]
        assert order[:players] == [(start - step) % players for step in range(players)]
    assert starts == [(players - 1 - r) % players for r in range(players)]
    assert len(state.records) == 2
    result = RULES.result(state)
    assert len(result.rounds) == 2
    assert result.scores == tuple(float(v) for v in state.records[1].totals)
    assert sum(result.rounds[g][0] for g in range(2)) == result.scores[0]


# ----- refusals ------------------------------------------------------------------------------------------
def reason_situations() -> list[tuple[str, dict]]:
    """(reason, params) of every refusal Nostalgic gives, produced by the rules themselves."""
    state = position(dice=[[1, 5], [6, 6], [6, 6], [6, 6]], placed=[["", ""], [""] * 2, [""] * 2, [""] * 2])
    state.occupancy["pack56"] = 1
    found = []
    for action in (
        place(0, "tidy56"),  # wrong value
        place(1, "pack56"),  # full
        place(4, "recall_any"),  # no such die
        place(0, "nowhere"),
        reroll((0,)),  # no chips
        take(0),  # not now
        NostalgicAction("fly"),
    ):
        found.append(RULES.explain_illegal(state, 0, action))
    state.chips[0] = 1
    found.append(RULES.explain_illegal(state, 0, reroll(())))
    state.placed[0][0] = "recall1"
    found.append(RULES.explain_illegal(state, 0, place(0, "recall_any")))
    state.phase = PHASE_TAKE
    state.row[1] = None
    found.append(RULES.explain_illegal(state, 0, place(1, "recall_any")))
    found.append(RULES.explain_illegal(state, 0, take(1)))
    state.deck = []
    found.append(RULES.explain_illegal(state, 0, take(DECK_SOURCE)))
    return [(reason, params) for reason, _, params in found]


def test_every_refusal_has_its_own_reason() -> None:
    reasons = [reason for reason, _ in reason_situations()]
    assert reasons == [
        "nostalgic.reason.wrong_value",
        "nostalgic.reason.full",
        "nostalgic.reason.no_such_die",
        "reason.illegal",
        "nostalgic.reason.no_chips",
        "nostalgic.reason.no_take",
        "reason.illegal",
        "nostalgic.reason.reroll_dice",
        "nostalgic.reason.die_placed",
        "nostalgic.reason.take_first",
        "nostalgic.reason.empty_slot",
        "nostalgic.reason.deck_empty",
    ]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_refusal_reads_well_in_both_languages(lang: str) -> None:
    for reason, params in reason_situations():
        shown = t(reason, lang, **params)
        assert "{" not in shown and shown != reason
        for value in params.values():
            assert str(value) in shown


def test_the_wrong_value_reason_says_what_fits() -> None:
    state = position(dice=[[1, 5], [6, 6], [6, 6], [6, 6]])
    reason, _, params = RULES.explain_illegal(state, 0, place(1, "tidy12"))
    assert reason == "nostalgic.reason.wrong_value" and params == {"value": 5, "accepts": "1–2"}
    assert RULES.explain_illegal(state, 0, place(1, "pack1"))[2]["accepts"] == "1"


def test_every_reason_key_the_rules_use_exists_in_both_languages() -> None:
    source = Path(nostalgic.__file__).read_text(encoding="utf-8")
    used = set(re.findall(r'"(nostalgic\.[a-z_]+\.[a-z_.]+)"', source))
    assert {"nostalgic.reason.full", "nostalgic.score.play", "nostalgic.note.home_tiebreak"} <= used
    for lang in LANGUAGES:
        assert not used - set(catalogue(lang)), lang


def test_look_alike_actions_and_out_of_turn_actions_are_refused() -> None:
    state = position(dice=[[1, 5], [6, 6], [6, 6], [6, 6]])
    before = RULES.notation(state)
    for bogus in (("place", 0, "recall_any", (), -1), NostalgicAction("place", True, "recall_any"),
                  NostalgicAction("reroll", dice=[0])):
        assert not RULES.is_legal(state, 0, bogus)
        with pytest.raises(IllegalAction) as caught:
            RULES.apply(state, 0, bogus)
        assert caught.value.reason == "reason.illegal"
    with pytest.raises(IllegalAction) as caught:
        RULES.apply(state, 1, place(0, "recall_any"))
    assert caught.value.reason == "reason.not_your_turn"
    assert RULES.notation(state) == before


# ----- hidden information, undo, notation ---------------------------------------------------------------
def test_observation_shows_own_hand_and_public_counts_only() -> None:
    state = RULES.new_game(4, 5)
    seen = RULES.observe(state, 2)
    assert seen.hand == tuple(state.hands[2]) and seen.hand_counts == (1, 1, 1, 1)
    assert seen.deck_count == len(state.deck) and not hasattr(seen, "deck") and not hasattr(seen, "hands")
    assert RULES.observe(state, -1).hand == ()
    assert seen.free_balloons(1) == ("tidy12", "pack1", "recall1", "recall_any")


def test_determinize_keeps_public_takes_and_deals_plain_opening_cards() -> None:
    state = position(dice=[[5, 5], [6, 6], [6, 6], [6, 6]], row=["PW", "L", "P", "L", "T"])
    state.hands = [["T"], ["P"], ["L"], ["T"]]
    state.deck = sorted((Counter(DECK) - Counter(["T", "P", "L", "T", "PW", "L", "P", "L", "T"])).elements())
    RULES.apply(state, 0, place(0, "tidy56"))
    RULES.apply(state, 0, take(0))
    seen = RULES.observe(state, 1)
    guesses = set()
    for seed in range(30):
        guess = RULES.determinize(seen, random.Random(seed))
        assert guess.hands[1] == ["P"] and "PW" in guess.hands[0] and len(guess.hands[0]) == 2
        assert all(not is_wild(hand[0]) for hand in guess.hands)
        assert RULES.observe(guess, 1) == seen and conserved(guess)
        guesses.add(RULES.notation(guess))
    assert len(guesses) > 10


def test_determinize_reseeds_the_state_rng_from_the_given_rng() -> None:
    seen = RULES.observe(RULES.new_game(4, 5), 0)
    a = RULES.determinize(seen, random.Random(1))
    b = RULES.determinize(seen, random.Random(1))
    c = RULES.determinize(seen, random.Random(2))
    assert a.rng.random() == b.rng.random() and a.rng.getstate() != c.rng.getstate()


def test_dice_throws_and_deck_takes_end_undo_and_a_placement_can_be_taken_back() -> None:
    match = Match("nostalgic", [Seat("human"), Seat("ai", "random"), Seat("ai", "random"), Seat("ai", "random")],
                  7, {"chip_each": True})
    match.apply(0, place(match.state.placed[0].index(""), "recall_any"))
    assert match.can_undo(0)
    match.undo(0)
    assert match.log == []
    events = match.apply(0, reroll((0,)))
    assert any(e.hides_undo for e in events) and not match.can_undo(0)


def test_encode_decode_round_trip_and_refusals() -> None:
    for action in (place(0, "tidy12"), place(2, "recall_any"), reroll((0, 2)), reroll((1,)), take(3), take(5)):
        text = RULES.encode_action(action)
        assert RULES.decode_action(text) == action
    assert RULES.encode_action(reroll((0, 2))) == "reroll 0 2"
    assert RULES.encode_action(take(DECK_SOURCE)) == "take deck"
    assert RULES.encode_action(place(0, "tidy12")) == "place 0 tidy12"
    for bad in ("place 0 kitchen", "take 7", "reroll", "draw", "place x tidy12", ""):
        with pytest.raises(IllegalAction):
            RULES.decode_action(bad)


def test_notation_describes_the_position() -> None:
    state = position(dice=[[1, 5], [6, 6], [6, 6], [6, 6]], placed=[["pack1", ""], [""] * 2, [""] * 2, [""] * 2],
                     boxes=[2, 0, 0, 0], np=[1, 0, 0, 0], chips=[1, 0, 0, 0], seat=1)
    text = RULES.notation(state)
    assert text.startswith("nostalgic 4p [none1,none1,none1,none1] g0/1 d+1 r0 s0 seat1 place")
    assert "| 1@pack1,5/6,6/6,6/6,6 |" in text and "np 1,0,0,0" in text and "box 2,0,0,0" in text
    assert "chips 1,0,0,0 s11" in text and "hands T/T/T/T" in text and "row P,L,P,L,T" in text
    assert RULES.notation(RULES.clone(state)) == text


def test_same_seed_same_match_and_replay_with_rerolls_is_deterministic() -> None:
    rng = random.Random(3)
    match = Match("nostalgic", [Seat("ai", "random")] * 4, 21, {"chip_each": True, "two_games": True})
    rerolls = 0
    while not match.is_over():
        seat = match.to_move()[0]
        legal = match.legal_actions(seat)
        wanted = [a for a in legal if a.kind == "reroll"]
        action = wanted[0] if wanted and rng.random() < 0.7 else rng.choice(legal)
        rerolls += action.kind == "reroll"
        match.apply(seat, action)
    assert rerolls >= 4
    again = Match.from_json(json.loads(json.dumps(match.to_json())))
    assert RULES.notation(again.state) == RULES.notation(match.state)
    assert RULES.notation(RULES.new_game(4, 3)) == RULES.notation(RULES.new_game(4, 3))
    assert RULES.notation(RULES.new_game(4, 3)) != RULES.notation(RULES.new_game(4, 4))


def test_checked_apply_and_unchecked_advance_agree() -> None:
    for seed in range(10):
        state = RULES.new_game(3 + seed % 2, seed, {"chip_each": True})
        twin = RULES.clone(state)
        rng = random.Random(seed)
        while not RULES.is_over(state):
            seat = RULES.to_move(state)[0]
            action = rng.choice(RULES.legal_actions(state, seat))
            RULES.apply(state, seat, action)
            RULES.advance(twin, seat, action)
            assert RULES.notation(state) == RULES.notation(twin)
            assert conserved(state)


def test_search_epoch_counts_finished_games_and_rewards_stay_in_0_1() -> None:
    state = RULES.new_game(4, 2, {"two_games": True})
    assert RULES.search_epoch(state) == 0
    play_game_out(state, random.Random(1))
    assert RULES.search_epoch(state) == 1
    rewards = RULES.search_rewards(state)
    assert all(0.0 <= r <= 1.0 for r in rewards)
    leader = max(range(4), key=lambda s: state.np[s])
    if state.np.count(state.np[leader]) == 1:
        assert rewards[leader] == max(rewards)


def test_registry_serves_these_rules() -> None:
    assert get_rules("nostalgic") is RULES
    assert RULES.min_players == 3 and RULES.max_players == 4


# ----- texts -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGUAGES)
def test_help_covers_the_whole_game_and_the_house_readings(lang: str) -> None:
    texts = catalogue(lang)
    body = texts["nostalgic.help.body"]
    assert len(body.split("\n\n")) >= 10
    for number in ("12", "5", "7", "8", "6", "3", "−10", "−15"):
        assert number in body, number
    house = house_text("nostalgic", lang)
    for number in ("+7", "+11", "+16", "−5", "−10", str(nostalgic.CHIP_SUPPLY)):  # the chip supply's limit too
        assert number in house, number
    for key in ("nostalgic.kind.T", "nostalgic.space.tidy", "nostalgic.option.home.hiraya", "nostalgic.score.sets"):
        assert texts[key].strip()
    for spec in RULES.options:
        assert spec.label in texts and spec.label + ".hint" in texts
    for home in HOMES:
        assert f"nostalgic.option.home.{home}" in texts


def test_the_table_and_the_log_use_the_rulebooks_words_for_dice_and_boxes() -> None:
    """ダイス and 段ボール, as the rulebook and the help say, never サイコロ or 箱; the tie-break home is
    entered in the settings (設定), not during the game's preparation (準備)."""
    ja = catalogue("ja")
    shown = {key: text for key, text in ja.items()
             if key.startswith(("nostalgic", "log.nostalgic."))}
    assert len(shown) > 60
    for key, text in shown.items():
        assert "サイコロ" not in text and "箱" not in text, key
    assert "ダイス" in ja["nostalgic_table.status.place"] and "段ボール" in ja["nostalgic_table.final.col.rank"]
    assert "設定で住んでいる家" in ja["nostalgic.help.body"] and "準備で住んでいる家" not in ja["nostalgic.help.body"]


def test_japanese_texts_are_japanese_and_differ_from_english() -> None:
    ja, en = catalogue("ja"), catalogue("en")
    keys = [key for key in en if key.startswith("nostalgic.")]
    assert keys
    for key in keys:
        assert re.search(r"[\u3040-\u30ff\u3400-\u9fff]", ja[key]), key
        assert ja[key] != en[key]
