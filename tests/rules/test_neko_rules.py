"""ねこは上にある: every check of the rulebook and of RULES-READING's neko section, as tests.

Positions are built directly (``table``) or reached by playing actions. Geometry reminder: the
stacks sit at positions 0-3 clockwise; with the cat on c the open stacks read clockwise are
s1 = c+1, s2 = c+2 (the middle, opposite the cat) and s3 = c+3.
"""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from pathlib import Path

import pytest

from game.core.errors import BadOptions, IllegalAction
from game.core.rules import rank_scores
from game.rules import neko
from game.rules.neko import (
    CAT_BONUS,
    DECK,
    END_BLOCKED,
    END_EMPTIED,
    HOUSE_MUST_PLAY_AFTER_PASSES,
    NOBODY,
    PASS,
    RULES,
    CardPlayed,
    CatMoved,
    Dealt,
    GameEnded,
    MustPlay,
    NekoAction,
    NekoState,
    Passed,
    RoundEnded,
    RoundRecord,
    RoundStarted,
    StackBuilt,
    accepted_cards,
    accepts,
    must_play_after,
    pass_cycle,
    playable_positions,
    position_owners,
    seat_positions,
)
from tests.tool_scripts import load_tool

ALL_VALUES = (1, 2, 3, 4, 5, 6, 7, 8)


# ----- helpers ------------------------------------------------------------------------------
def table(
    tops: tuple[int, int, int, int],
    cat: int,
    hand: tuple[int, ...] = ALL_VALUES,
    players: int = 4,
    turn: int = 0,
    simple: bool = False,
    below: tuple[tuple[int, ...], ...] = ((), (), (), ()),
) -> NekoState:
    """A play-phase state: stack tops per position, the cat, the mover's hand; the other cards are
    shared out over the other hands (5 at most each) and the rest, so the 24 cards stay whole."""
    pool = Counter(DECK)
    stacks = [list(below[p]) + [tops[p]] for p in range(4)]
    for card in [c for stack in stacks for c in stack] + list(hand):
        assert pool[card] > 0, f"more than three {card}s in this position"
        pool[card] -= 1
    left = sorted(pool.elements())
    hands: list[list[int]] = []
    for seat in range(players):
        if seat == turn:
            hands.append(sorted(hand))
        else:
            hands.append(left[:5])
            del left[:5]
    return NekoState(
        players=players,
        simple=simple,
        quick=False,
        rng=random.Random(7),
        phase=neko.PHASE_PLAY,
        hands=hands,
        stacks=stacks,
        rest=left,
        cat=cat,
        turn=turn,
    )


def open_table(s1: int, s2: int, s3: int, cat: int = 0, cat_top: int = 4, **kwargs) -> NekoState:
    """A state whose three open stacks read clockwise from the cat show s1, s2, s3."""
    tops = [0, 0, 0, 0]
    tops[cat] = cat_top
    for position, value in zip(playable_positions(cat), (s1, s2, s3)):
        tops[position] = value
    return table(tuple(tops), cat, **kwargs)


def cards_for(state: NekoState, position: int) -> set[int]:
    """The card values the mover may play on ``position``."""
    return {
        a.card for a in RULES.legal_actions(state, state.turn) if a.kind == "play" and a.position == position
    }


def open_cards(state: NekoState) -> tuple[set[int], set[int], set[int]]:
    """Legal card values on s1, s2 (middle) and s3."""
    s1, s2, s3 = playable_positions(state.cat)
    return cards_for(state, s1), cards_for(state, s2), cards_for(state, s3)


def lay_bases(state: NekoState, events: list | None = None) -> list[tuple[int, int]]:
    """Lay the lowest hand card for every seat asked during setup; returns (seat, position) laid."""
    laid = []
    while state.phase == neko.PHASE_BASE:
        seat = RULES.to_move(state)[0]
        position = state.setup_queue[0]
        got = RULES.apply(state, seat, NekoAction("base", state.hands[seat][0]))
        if events is not None:
            events.extend(got)
        laid.append((seat, position))
    return laid


def play_round(state: NekoState, rng: random.Random, events: list | None = None) -> None:
    """Random legal actions until one more round has been recorded."""
    done = len(state.records)
    while len(state.records) == done:
        seat = RULES.to_move(state)[0]
        got = RULES.apply(state, seat, rng.choice(RULES.legal_actions(state, seat)))
        if events is not None:
            events.extend(got)


def play_game(players: int, seed: int, options: dict | None = None) -> tuple[NekoState, list]:
    """A whole random game through the checked ``apply``; returns the end state and all events."""
    state = RULES.new_game(players, seed, options)
    rng = random.Random(seed * 31 + players)
    events: list = []
    while not RULES.is_over(state):
        seat = RULES.to_move(state)[0]
        events.extend(RULES.apply(state, seat, rng.choice(RULES.legal_actions(state, seat))))
    return state, events


def conserved(state: NekoState) -> bool:
    """The multiset of hands + stacks + rest is exactly the 24 cards."""
    cards = [c for hand in state.hands for c in hand] + [c for s in state.stacks for c in s] + state.rest
    return sorted(cards) == sorted(DECK)


def brute_force_fits(tops: tuple[int, int, int], index: int, card: int) -> bool:
    """The rule as written: after playing, the three tops run strictly up or strictly down."""
    after = list(tops)
    after[index] = card
    a, b, c = after
    return a < b < c or a > b > c


# ----- the fitting rule -------------------------------------------------------------------------
def test_accepts_matches_the_rule_for_every_position_of_tops() -> None:
    for tops in itertools.product(ALL_VALUES, repeat=3):
        for index in range(3):
            for card in ALL_VALUES:
                assert accepts(tops, index, card) == brute_force_fits(tops, index, card), (tops, index, card)


def test_played_number_is_free_only_the_other_two_decide() -> None:
    for tops in itertools.product(ALL_VALUES, repeat=3):
        for index in range(3):
            changed = list(tops)
            changed[index] = 9 - tops[index]
            assert accepted_cards(tops, index) == accepted_cards(tuple(changed), index)


def test_tops_x_6_2_first_stack_takes_only_7_or_8() -> None:
    for cat_top in (1, 4, 8):
        s1, _, _ = open_cards(open_table(3, 6, 2, cat_top=cat_top))
        assert s1 == {7, 8}


def test_figure_1_rising_right_pair_first_stack_takes_only_smaller_than_the_middle() -> None:
    # (ア, イ, ウ) = (7, 2, 5): イ < ウ, so ア must be below 2: only a 1.
    s1, _, _ = open_cards(open_table(7, 2, 5))
    assert s1 == {1}
    # in general: with s2 < s3 the first stack takes exactly the numbers below s2
    for s2, s3 in itertools.combinations(ALL_VALUES, 2):
        assert accepted_cards((0, s2, s3), 0) == tuple(range(1, s2))
        # and with s2 > s3, exactly the numbers above s2
        assert accepted_cards((0, s3, s2), 0) == tuple(range(s3 + 1, 9))


def test_tops_x_1_8_nothing_fits_on_the_first_stack_nor_on_the_last() -> None:
    for first in ALL_VALUES:
        if first in (1, 8):
            continue  # keep the hand/stack multiset within three copies
        s1, _, s3 = open_cards(open_table(first, 1, 8, hand=(2, 3, 4, 5, 6, 7)))
        assert s1 == set()
        assert s3 == set()
    for first in ALL_VALUES:
        assert accepted_cards((first, 1, 8), 0) == ()
        assert accepted_cards((first, 1, 8), 2) == ()


def test_middle_between_5_and_2_takes_only_3_or_4() -> None:
    _, middle, _ = open_cards(open_table(5, 7, 2))
    assert middle == {3, 4}
    _, middle, _ = open_cards(open_table(2, 7, 5, cat=2))
    assert middle == {3, 4}


@pytest.mark.parametrize("left,right", [(5, 4), (4, 5), (3, 3), (8, 8), (1, 2)])
def test_middle_with_no_number_between_takes_nothing(left: int, right: int) -> None:
    _, middle, _ = open_cards(open_table(left, 6 if 6 not in (left, right) else 7, right))
    assert middle == set()


@pytest.mark.parametrize("left,right", [(5, 4), (3, 3)])
def test_figure_4_style_sides_take_only_a_1(left: int, right: int) -> None:
    # middle 2 between two bigger numbers with nothing between them: only a 1 fits, left or right
    s1, middle, s3 = open_cards(open_table(left, 2, right))
    assert middle == set()
    assert s1 == {1}
    assert s3 == {1}


def test_right_side_examples_7_2_takes_only_1_and_7_6_takes_1_to_5() -> None:
    _, _, s3 = open_cards(open_table(7, 2, 5))
    assert s3 == {1}
    _, _, s3 = open_cards(open_table(7, 6, 2))
    assert s3 == {1, 2, 3, 4, 5}


def test_tops_2_1_2_allow_no_play_anywhere_only_pass() -> None:
    state = open_table(2, 1, 2, hand=(3, 4, 5, 6, 7, 8))
    assert RULES.legal_actions(state, state.turn) == [PASS]
    state = open_table(2, 1, 2, hand=(1, 3, 5, 7, 8))
    assert RULES.legal_actions(state, state.turn) == [PASS]


@pytest.mark.parametrize("cat", [0, 1, 2, 3])
def test_open_stacks_are_read_clockwise_from_the_cat(cat: int) -> None:
    assert playable_positions(cat) == ((cat + 1) % 4, (cat + 2) % 4, (cat + 3) % 4)
    s1, s2, s3 = open_cards(open_table(3, 6, 2, cat=cat))
    assert (s1, s2, s3) == ({7, 8}, set(), {7, 8})
    s1, s2, s3 = open_cards(open_table(7, 6, 2, cat=cat))
    assert (s1, s2, s3) == ({7, 8}, {3, 4, 5, 6}, {1, 2, 3, 4, 5})


def test_reading_the_other_way_round_gives_the_same_legal_plays() -> None:
    # strictly up or strictly down: the direction of reading never changes what fits
    for tops in itertools.product(ALL_VALUES, repeat=3):
        backwards = tops[::-1]
        for index in range(3):
            assert accepted_cards(tops, index) == accepted_cards(backwards, 2 - index)


# ----- the cat, passing, and moving the cat -------------------------------------------------------
@pytest.mark.parametrize("cat", [0, 1, 2, 3])
def test_never_on_the_cat_stack(cat: int) -> None:
    state = open_table(3, 6, 2, cat=cat)
    assert all(a.position != cat for a in RULES.legal_actions(state, state.turn))
    for card in ALL_VALUES:
        action = NekoAction("play", card, cat)
        assert not RULES.is_legal(state, state.turn, action)
        reason, _, _ = RULES.explain_illegal(state, state.turn, action)
        assert reason == "neko.reason.cat_stack"
    before = RULES.notation(state)
    with pytest.raises(IllegalAction) as caught:
        RULES.apply(state, state.turn, NekoAction("play", 5, cat))
    assert caught.value.reason == "neko.reason.cat_stack"
    assert RULES.notation(state) == before


def test_pass_is_legal_even_when_plays_exist() -> None:
    state = open_table(3, 6, 2)
    actions = RULES.legal_actions(state, state.turn)
    assert any(a.kind == "play" for a in actions)
    assert PASS in actions
    assert actions[-1] == PASS
    events = RULES.apply(state, state.turn, PASS)
    assert Passed(0) in events


def test_pass_is_legal_unless_everyone_passed_in_a_row_and_a_card_fits() -> None:
    forced = 0
    for seed in range(40):
        state = RULES.new_game(2 + seed % 3, seed)
        rng = random.Random(seed)
        while not RULES.is_over(state):
            seat = RULES.to_move(state)[0]
            actions = RULES.legal_actions(state, seat)
            if state.phase == neko.PHASE_PLAY:
                plays = [a for a in actions if a.kind == "play"]
                breaker = state.passes >= state.players
                assert (PASS in actions) == (not breaker or not plays)
                forced += breaker and bool(plays)
            else:
                assert PASS not in actions
            RULES.apply(state, seat, rng.choice(actions))
    assert forced > 0  # random play reaches the stall breaker


@pytest.mark.parametrize("cat", [0, 1, 2, 3])
def test_after_a_play_the_cat_sits_on_the_stack_played(cat: int) -> None:
    state = open_table(3, 6, 2, cat=cat)
    s1 = playable_positions(cat)[0]
    events = RULES.apply(state, 0, NekoAction("play", 7, s1))
    assert state.cat == s1
    assert state.stacks[s1][-1] == 7
    assert events[:2] == [CardPlayed(0, 7, s1), CatMoved(cat, s1, "play")]
    assert state.turn == 1


@pytest.mark.parametrize("cat", [0, 1, 2, 3])
def test_after_a_pass_the_cat_moves_one_stack_clockwise(cat: int) -> None:
    state = open_table(3, 6, 2, cat=cat)
    events = RULES.apply(state, 0, PASS)
    assert state.cat == (cat + 1) % 4
    assert events == [Passed(0), CatMoved(cat, (cat + 1) % 4, "pass")]
    assert state.turn == 1
    assert state.passes == 1


# ----- setups -----------------------------------------------------------------------------------
def test_geometry_of_seats_and_positions() -> None:
    assert position_owners(4) == (0, 1, 2, 3)
    assert position_owners(3) == (0, 1, 2, NOBODY)
    assert position_owners(2) == (0, NOBODY, 1, NOBODY)
    for players in (2, 3, 4):
        for seat, position in enumerate(seat_positions(players)):
            assert position_owners(players)[position] == seat


def test_deal_six_each_and_the_rest_stays_aside() -> None:
    for players in (2, 3, 4):
        state = RULES.new_game(players, 11)
        assert [len(hand) for hand in state.hands[:players]] == [6] * players
        assert len(state.rest) == 24 - 6 * players
        assert state.phase == neko.PHASE_BASE
        assert conserved(state)


def test_four_players_lay_a_hand_card_each_start_player_first_then_clockwise() -> None:
    state = RULES.new_game(4, 3)
    assert state.start_seat == 0
    hands = [list(hand) for hand in state.hands]
    events: list = []
    laid = lay_bases(state, events)
    assert laid == [(0, 0), (1, 1), (2, 2), (3, 3)]
    for seat in range(4):
        assert state.stacks[seat] == [hands[seat][0]]
        assert len(state.hands[seat]) == 5
    assert [e for e in events if isinstance(e, StackBuilt)] == [
        StackBuilt(seat, hands[seat][0], seat) for seat in range(4)
    ]
    assert state.phase == neko.PHASE_PLAY
    assert state.cat == 0
    assert state.turn == 0
    assert events[-1] == CatMoved(-1, 0, "start")


def test_only_the_seat_asked_lays_its_base_and_only_from_its_hand() -> None:
    state = RULES.new_game(4, 5)
    assert RULES.to_move(state) == (0,)
    assert RULES.legal_actions(state, 1) == []
    assert RULES.legal_actions(state, 0) == [NekoAction("base", v) for v in sorted(set(state.hands[0]))]
    missing = next(v for v in ALL_VALUES if v not in state.hands[0])
    with pytest.raises(IllegalAction) as caught:
        RULES.apply(state, 0, NekoAction("base", missing))
    assert caught.value.reason == "neko.reason.not_in_hand"
    assert caught.value.params == {"card": missing}
    with pytest.raises(IllegalAction) as caught:
        RULES.apply(state, 0, PASS)
    assert caught.value.reason == "neko.reason.setup"
    with pytest.raises(IllegalAction) as caught:
        RULES.apply(state, 1, NekoAction("base", state.hands[1][0]))
    assert caught.value.reason == "reason.not_your_turn"


def test_later_round_setup_starts_with_that_round_start_player() -> None:
    state = RULES.new_game(4, 8)
    play_round(state, random.Random(1))
    assert state.start_seat == 1
    assert lay_bases(state) == [(1, 1), (2, 2), (3, 3), (0, 0)]
    assert state.cat == 1 and state.turn == 1


def test_three_players_the_empty_position_gets_a_rest_card_owned_by_nobody() -> None:
    state = RULES.new_game(3, 4)
    top_of_rest = state.rest[-1]
    events: list = []
    laid = lay_bases(state, events)
    assert laid == [(0, 0), (1, 1), (2, 2)]
    assert state.stacks[3] == [top_of_rest]
    assert StackBuilt(3, top_of_rest, NOBODY) in events
    assert len(state.rest) == 24 - 18 - 1
    assert [len(hand) for hand in state.hands] == [5, 5, 5]
    assert state.cat == 0 and state.turn == 0 and state.phase == neko.PHASE_PLAY
    assert conserved(state)


def test_three_players_rest_card_comes_when_its_turn_in_clockwise_order_comes() -> None:
    state = RULES.new_game(3, 4)
    play_round(state, random.Random(2))
    play_round(state, random.Random(3))
    assert state.start_seat == 2
    assert state.setup_queue == [2, 3, 0, 1]
    events = RULES.apply(state, 2, NekoAction("base", state.hands[2][0]))
    # seat 2's card, then the ownerless position 3 from the rest, then it is seat 0's turn
    assert [type(e) for e in events] == [StackBuilt, StackBuilt]
    assert events[1].seat == NOBODY and events[1].position == 3
    assert RULES.to_move(state) == (0,)


def test_two_players_hand_rest_hand_rest_in_clockwise_order() -> None:
    state = RULES.new_game(2, 9)
    rest_top, rest_next = state.rest[-1], state.rest[-2]
    first = state.hands[0][0]
    events = RULES.apply(state, 0, NekoAction("base", first))
    assert events == [StackBuilt(0, first, 0), StackBuilt(1, rest_top, NOBODY)]
    assert RULES.to_move(state) == (1,)
    second = state.hands[1][-1]
    events = RULES.apply(state, 1, NekoAction("base", second))
    assert events == [StackBuilt(2, second, 1), StackBuilt(3, rest_next, NOBODY), CatMoved(-1, 0, "start")]
    assert [len(s) for s in state.stacks] == [1, 1, 1, 1]
    assert [len(h) for h in state.hands] == [5, 5]
    assert len(state.rest) == 10
    assert state.cat == 0 and state.turn == 0
    assert conserved(state)


def test_two_players_second_round_starts_from_the_other_seat() -> None:
    state = RULES.new_game(2, 9)
    play_round(state, random.Random(4))
    assert state.start_seat == 1 and state.setup_queue == [2, 3, 0, 1]
    assert RULES.to_move(state) == (1,)
    events = RULES.apply(state, 1, NekoAction("base", state.hands[1][0]))
    assert [e.position for e in events] == [2, 3] and events[1].seat == NOBODY
    events = RULES.apply(state, 0, NekoAction("base", state.hands[0][0]))
    assert [e.position for e in events if isinstance(e, StackBuilt)] == [0, 1]
    assert state.cat == 2 and state.turn == 1


def test_two_player_side_stacks_score_for_nobody() -> None:
    state = table((3, 8, 4, 2), 2, hand=(6,), players=2, turn=0, below=((1,), (7,), (), (8,)))
    # cat on 2: s1 = 3 (top 2), middle = 0 (top 3), s3 = 1 (top 8); a 6 fits in the middle
    events = RULES.apply(state, 0, NekoAction("play", 6, 0))
    ended = next(e for e in events if isinstance(e, RoundEnded))
    assert ended.stack_sizes == (3, 1)  # position 0 holds 1, 3, 6; position 2 only its 4
    assert ended.scores == (3 + CAT_BONUS, 1)  # the two side stacks (2 cards each) score for nobody


def test_quick_two_player_setup_deals_five_and_lays_four_from_the_rest() -> None:
    for seed in range(10):
        state = RULES.new_game(2, seed, {"quick": True})
        assert [len(h) for h in state.hands] == [5, 5]
        assert [len(s) for s in state.stacks] == [1, 1, 1, 1]
        assert len(state.rest) == 24 - 10 - 4
        assert state.phase == neko.PHASE_PLAY
        assert state.cat == 0 and RULES.to_move(state) == (0,)
        assert all(a.kind != "base" for a in RULES.legal_actions(state, 0))
        assert conserved(state)


def test_quick_setup_second_round_events_come_from_the_rest_and_play_starts() -> None:
    state = RULES.new_game(2, 2, {"quick": True})
    events: list = []
    play_round(state, random.Random(5), events)
    start = next(i for i, e in enumerate(events) if isinstance(e, RoundStarted))
    tail = events[start:]
    assert tail[0] == RoundStarted(1, 1)
    assert tail[1:3] == [Dealt(1, 5), Dealt(0, 5)]
    built = [e for e in tail if isinstance(e, StackBuilt)]
    assert [(e.position, e.seat) for e in built] == [(2, NOBODY), (3, NOBODY), (0, NOBODY), (1, NOBODY)]
    assert tail[-1] == CatMoved(-1, 2, "start")
    assert state.phase == neko.PHASE_PLAY and RULES.to_move(state) == (1,)


@pytest.mark.parametrize("players,aside", [(2, 10), (3, 5), (4, 0)])
def test_quick_setup_at_every_player_count_deals_five_and_lays_the_cross_from_the_rest(
    players: int, aside: int
) -> None:
    """The rulebook's tip: five each, the rest as the cross. With 4 players exactly four cards are
    left; with 3 players nine, of which the cross takes four and five are set aside."""
    spec = next(option for option in RULES.options if option.key == "quick")
    assert spec.applies_to(players)
    for seed in range(6):
        state = RULES.new_game(players, seed, {"quick": True})
        assert [len(hand) for hand in state.hands] == [5] * players
        assert [len(stack) for stack in state.stacks] == [1, 1, 1, 1]
        assert len(state.rest) == aside == 24 - 5 * players - 4
        assert state.phase == neko.PHASE_PLAY and RULES.to_move(state) == (0,)
        assert state.cat == seat_positions(players)[0]
        assert conserved(state)


def test_quick_setup_stacks_still_score_for_the_player_in_front_of_them() -> None:
    state = RULES.new_game(4, 3, {"quick": True})
    events: list = []
    play_round(state, random.Random(3), events)
    ended = next(e for e in events if isinstance(e, RoundEnded))
    cat = [CAT_BONUS if seat == ended.emptied else 0 for seat in range(4)]
    assert ended.scores == tuple(size + bonus for size, bonus in zip(ended.stack_sizes, cat))
    assert all(size >= 1 for size in ended.stack_sizes)  # the rest card in front of each player counts


def test_unknown_options_and_player_counts_are_refused() -> None:
    with pytest.raises(BadOptions):
        RULES.new_game(2, 1, {"fast": True})
    with pytest.raises(BadOptions):
        RULES.new_game(2, 1, {"simple": "yes"})
    for players in (1, 5):
        with pytest.raises(BadOptions) as caught:
            RULES.new_game(players, 1)
        assert caught.value.reason == "error.players"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_cat_starts_on_the_start_player_stack_every_round(players: int) -> None:
    state = RULES.new_game(players, 21)
    rng = random.Random(21)
    for number in range(players):
        assert state.round == number
        assert state.start_seat == number % players
        lay_bases(state)
        assert state.cat == seat_positions(players)[state.start_seat]
        assert RULES.to_move(state) == (state.start_seat,)
        if number < players - 1:
            play_round(state, rng)


# ----- end of a round, scoring, the match -----------------------------------------------------------
def test_round_ends_the_moment_a_hand_empties_and_that_seat_takes_the_cat() -> None:
    # 3 players; seat 1 holds a single 7 and can play it on s1 (tops ?,6,2 read from the cat)
    state = open_table(3, 6, 2, hand=(7,), players=3, turn=1)
    sizes_before = [len(state.stacks[p]) for p in seat_positions(3)]
    events = RULES.apply(state, 1, NekoAction("play", 7, 1))
    ended = next(e for e in events if isinstance(e, RoundEnded))
    assert ended == RoundEnded(0, END_EMPTIED, 1, ended.scores, ended.stack_sizes, ended.totals)
    assert ended.stack_sizes == (sizes_before[0], sizes_before[1] + 1, sizes_before[2])
    assert ended.scores == (1, 2 + CAT_BONUS, 1)
    assert ended.totals == ended.scores
    assert state.records == [RoundRecord(1, (1, 2, 1), (1, 4, 1))]
    # the next round is dealt at once
    assert state.round == 1 and state.phase == neko.PHASE_BASE
    assert isinstance(events[events.index(ended) + 1], RoundStarted)


def test_scores_count_the_own_stack_with_its_base_card() -> None:
    state = table((2, 5, 7, 8), 3, hand=(3,), players=4, turn=2, below=((1, 4), (), (6, 8, 3), (7,)))
    # cat on 3: s1 = 0 (top 2), s2 = 1 (top 5), s3 = 2 (top 7); a 3 fits on s1 (3 < 5 < 7)
    events = RULES.apply(state, 2, NekoAction("play", 3, 0))
    ended = next(e for e in events if isinstance(e, RoundEnded))
    assert ended.stack_sizes == (4, 1, 4, 2)
    assert ended.scores == (4, 1, 4 + CAT_BONUS, 2)


def test_a_play_that_leaves_cards_in_hand_does_not_end_the_round() -> None:
    state = open_table(3, 6, 2, hand=(7, 8), players=3, turn=1)
    events = RULES.apply(state, 1, NekoAction("play", 7, 1))
    assert not any(isinstance(e, RoundEnded) for e in events)
    assert state.records == [] and state.turn == 2


@pytest.mark.parametrize("players", [2, 3, 4])
def test_as_many_rounds_as_players_and_the_start_player_moves_left(players: int) -> None:
    state = RULES.new_game(players, 100 + players)
    rng = random.Random(players)
    starts = []
    for _ in range(players):
        assert not RULES.is_over(state)
        starts.append(state.start_seat)
        play_round(state, rng)
    assert starts == list(range(players))
    assert RULES.is_over(state)
    assert RULES.to_move(state) == ()
    assert RULES.legal_actions(state, 0) == []
    assert len(state.records) == players
    with pytest.raises(IllegalAction) as caught:
        RULES.apply(state, 0, PASS)
    assert caught.value.reason == "reason.game_over"


def test_highest_total_wins_and_ties_share_the_rank() -> None:
    state = RULES.new_game(3, 1)
    state.records = [
        RoundRecord(0, (3, 2, 4), (5, 2, 4)),
        RoundRecord(2, (2, 5, 1), (2, 5, 3)),
        RoundRecord(NOBODY, (3, 3, 3), (3, 3, 3)),
    ]
    state.phase = neko.PHASE_OVER
    result = RULES.result(state)
    assert result.scores == (10.0, 10.0, 10.0)
    assert result.ranks == (1, 1, 1)
    state.records[2] = RoundRecord(NOBODY, (3, 4, 1), (3, 4, 1))
    result = RULES.result(state)
    assert result.scores == (10.0, 11.0, 8.0)
    assert result.ranks == (2, 1, 3)
    assert result.winners == (1,)
    assert result.breakdown[1] == {"neko.score.stack": 11.0, "neko.score.cat": 0.0}
    assert result.breakdown[0] == {"neko.score.stack": 8.0, "neko.score.cat": 2.0}
    assert result.rounds == ((5.0, 2.0, 4.0), (2.0, 5.0, 3.0), (3.0, 4.0, 1.0))
    assert rank_scores([7, 7, 3, 5]) == (1, 1, 4, 3)


# ----- the house stall breaker ------------------------------------------------------------------------
def test_once_everyone_has_passed_in_a_row_a_seat_that_can_play_must_play() -> None:
    players = 4
    assert must_play_after(players) == HOUSE_MUST_PLAY_AFTER_PASSES * players == 4
    state = open_table(3, 6, 2, players=players, turn=0, hand=(1, 7, 8))
    for step in range(players - 1):
        assert PASS in RULES.legal_actions(state, state.turn)
        events = RULES.apply(state, state.turn, PASS)
        assert not any(isinstance(e, (RoundEnded, MustPlay)) for e in events), step
    events = RULES.apply(state, state.turn, PASS)
    assert events[-1] == MustPlay(0)  # everyone passed once: back to seat 0, the cat back on 0
    assert state.turn == 0 and state.cat == 0 and state.passes == players
    legal = RULES.legal_actions(state, 0)
    assert PASS not in legal and {a.card for a in legal} == {7, 8}
    with pytest.raises(IllegalAction) as caught:
        RULES.apply(state, 0, PASS)
    assert caught.value.reason == "neko.reason.must_play"
    RULES.apply(state, 0, NekoAction("play", 7, 1))  # tops ?,6,2 read from the cat: a 7 on s1
    assert state.passes == 0 and PASS in RULES.legal_actions(state, state.turn)


def test_under_the_breaker_a_seat_with_no_fitting_card_passes_and_the_next_must_play() -> None:
    # cat on 0; open stacks 1, 2, 3 show 3, 6, 2; seat 0 holds only 4s and 5s, which fit nowhere
    state = open_table(3, 6, 2, players=2, turn=0, hand=(4, 5, 5))
    state.passes = 2
    assert RULES.legal_actions(state, 0) == [PASS]
    events = RULES.apply(state, 0, PASS)
    assert events == [Passed(0), CatMoved(0, 1, "pass")]  # the breaker is already on: no new notice
    assert state.passes == 3 and state.turn == 1
    plays = [a for a in RULES.legal_actions(state, 1) if a.kind == "play"]
    assert plays and RULES.legal_actions(state, 1) == plays


def test_a_round_where_nobody_can_play_any_more_ends_without_the_cat() -> None:
    """Tops 1, 8, 1, 8 leave nothing open wherever the cat sits (the rulebook's 2, 1, 2 example
    taken round the whole cross): the first pass ends the round, stacks scored, no cat."""
    state = table((1, 8, 1, 8), 0, hand=(2, 3, 4), players=4, turn=0, below=((5,), (), (6, 7), ()))
    assert RULES.legal_actions(state, 0) == [PASS]
    events = RULES.apply(state, 0, PASS)
    ended = next(e for e in events if isinstance(e, RoundEnded))
    assert ended.why == END_BLOCKED and ended.emptied == NOBODY
    assert ended.stack_sizes == (2, 1, 3, 1) and ended.scores == (2, 1, 3, 1)
    assert state.records[0].emptied == NOBODY
    assert state.round == 1 and state.passes == 0  # the next round starts afresh


@pytest.mark.parametrize("players", [2, 3, 4])
def test_blocked_means_no_seat_can_play_at_any_step_of_the_passes(players: int) -> None:
    """Checked against legal_actions on copies where the passes went round up to 24 times."""
    assert pass_cycle(players) == {2: 4, 3: 12, 4: 4}[players]
    seen = Counter()
    for seed in range(60):
        state = RULES.new_game(players, seed)
        rng = random.Random(seed)
        lay_bases(state)
        while state.phase == neko.PHASE_PLAY and not state.records:
            stuck = True
            for step in range(24):
                copy = RULES.clone(state)
                copy.cat, copy.turn, copy.passes = (state.cat + step) % 4, (state.turn + step) % players, 0
                stuck = stuck and RULES.legal_actions(copy, copy.turn) == [PASS]
            assert RULES.blocked(state) == stuck
            seen[stuck] += 1
            seat = RULES.to_move(state)[0]
            RULES.apply(state, seat, rng.choice(RULES.legal_actions(state, seat)))
    assert seen[False] > 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_round_of_random_games_ends_by_an_empty_hand_or_a_block(players: int) -> None:
    whys = Counter()
    for seed in range(15):
        _, events = play_game(players, seed)
        for event in events:
            if isinstance(event, RoundEnded):
                whys[event.why] += 1
                assert (event.why == END_EMPTIED) == (event.emptied != NOBODY)
    assert sum(whys.values()) == 15 * players and whys[END_EMPTIED] > 0


def test_a_play_resets_the_pass_count() -> None:
    players = 2
    state = open_table(3, 6, 2, players=players, turn=0, hand=(1, 7, 8))
    for _ in range(players):
        RULES.apply(state, state.turn, PASS)
    assert state.passes == 2 and state.turn == 0 and state.cat == 2
    RULES.apply(state, 0, NekoAction("play", 8, 3))  # cat on 2: s1 = 3 (2), middle 0 (4), s3 1 (3)
    assert state.passes == 0
    assert PASS in RULES.legal_actions(state, state.turn)


def test_the_pass_count_starts_at_zero_in_each_round() -> None:
    state = table((1, 8, 1, 8), 0, hand=(2, 3), players=2, turn=0)
    state.passes = 1
    RULES.apply(state, 0, PASS)
    assert len(state.records) == 1 and state.records[0].emptied == NOBODY
    assert state.passes == 0
    lay_bases(state)
    assert state.phase == neko.PHASE_PLAY and state.passes == 0
    assert PASS in RULES.legal_actions(state, state.turn)


def test_simple_rules_first_to_empty_wins_the_round_with_one_point() -> None:
    state = open_table(3, 6, 2, hand=(7,), players=3, turn=1, simple=True)
    events = RULES.apply(state, 1, NekoAction("play", 7, 1))
    ended = next(e for e in events if isinstance(e, RoundEnded))
    assert ended.scores == (0, 1, 0)
    assert ended.emptied == 1


def test_simple_rules_nobody_scores_on_a_blocked_end() -> None:
    state = table((1, 8, 1, 8), 0, hand=(2, 3), players=2, turn=0, simple=True)
    events = RULES.apply(state, 0, PASS)
    ended = next(e for e in events if isinstance(e, RoundEnded))
    assert ended.why == END_BLOCKED and ended.scores == (0, 0)


def test_simple_rules_result_counts_round_wins() -> None:
    state, _ = play_game(3, 12, {"simple": True})
    result = RULES.result(state)
    wins = [sum(1 for r in state.records if r.emptied == seat) for seat in range(3)]
    assert result.scores == tuple(float(w) for w in wins)
    assert result.breakdown == tuple({"neko.score.wins": float(w)} for w in wins)


# ----- conservation, illegal actions, notation ------------------------------------------------------
@pytest.mark.parametrize("players,options", [(2, {}), (2, {"quick": True}), (3, {}), (4, {"simple": True})])
def test_the_24_cards_are_conserved_through_whole_games(players: int, options: dict) -> None:
    for seed in range(20):
        state = RULES.new_game(players, seed, options)
        rng = random.Random(seed)
        assert conserved(state)
        while not RULES.is_over(state):
            seat = RULES.to_move(state)[0]
            RULES.apply(state, seat, rng.choice(RULES.legal_actions(state, seat)))
            assert conserved(state)


def test_illegal_actions_raise_and_leave_the_notation_unchanged() -> None:
    state = open_table(3, 6, 2, hand=(1, 5, 7))
    tries = [
        (0, NekoAction("play", 5, 1), "neko.reason.order", {"cards": "7, 8"}),
        (0, NekoAction("play", 7, 2), "neko.reason.no_card_fits", {}),
        (0, NekoAction("play", 8, 1), "neko.reason.not_in_hand", {"card": 8}),
        (0, NekoAction("play", 7, 0), "neko.reason.cat_stack", {}),
        (0, NekoAction("base", 5), "neko.reason.not_setup", {}),
        (0, NekoAction("play", 7, 9), "reason.illegal", {}),
        (0, "pass", "reason.illegal", {}),
        (1, PASS, "reason.not_your_turn", {"seat": 1}),
    ]
    before = RULES.notation(state)
    for seat, action, reason, params in tries:
        with pytest.raises(IllegalAction) as caught:
            RULES.apply(state, seat, action)
        assert caught.value.reason == reason, action
        assert caught.value.params == params, action
        assert RULES.notation(state) == before


def test_look_alike_actions_of_the_wrong_type_are_refused() -> None:
    """Legality is checked by equality, so a plain tuple or a float card that *equals* a legal
    action gets through ``check``: the tuple then crashes with AttributeError, the float lands
    on a stack (notation "1,4.0") and the logged "play 4.0@2" can no longer be decoded."""
    state = open_table(3, 6, 2, hand=(1, 5, 7))
    before = RULES.notation(state)
    for bogus in (
        ("pass", 0, -1),
        ("play", 7, 1),
        NekoAction("play", 7.0, 1),
        NekoAction("play", 7, 1.0),
        NekoAction("play", True, 3),
    ):
        with pytest.raises(IllegalAction):
            RULES.apply(state, 0, bogus)
        assert RULES.notation(state) == before, bogus


def test_order_reason_lists_what_the_stack_takes() -> None:
    state = open_table(7, 6, 2, hand=(6, 7, 8))
    reason, message, params = RULES.explain_illegal(state, 0, NekoAction("play", 6, 3))
    assert reason == "neko.reason.order"
    assert params == {"cards": "1, 2, 3, 4, 5"}
    assert "1, 2, 3, 4, 5" in message


def test_encode_decode_round_trip() -> None:
    for action in (NekoAction("base", 5), NekoAction("play", 5, 2), PASS, NekoAction("play", 8, 0)):
        text = RULES.encode_action(action)
        assert RULES.decode_action(text) == action
    assert RULES.encode_action(NekoAction("play", 5, 2)) == "play 5@2"
    assert RULES.encode_action(NekoAction("base", 3)) == "base 3"
    assert RULES.encode_action(PASS) == "pass"
    assert RULES.decode_action("  play 4@3 ") == NekoAction("play", 4, 3)
    for seed in range(5):
        state = RULES.new_game(2 + seed % 3, seed)
        rng = random.Random(seed)
        while not RULES.is_over(state):
            seat = RULES.to_move(state)[0]
            actions = RULES.legal_actions(state, seat)
            for action in actions:
                assert RULES.decode_action(RULES.encode_action(action)) == action
            RULES.advance(state, seat, rng.choice(actions))


@pytest.mark.parametrize(
    "text", ["", "play", "play 5", "play x@2", "play 5@2@1", "base", "base x", "pass 1", "draw 3"]
)
def test_decode_refuses_text_that_names_no_action(text: str) -> None:
    with pytest.raises(IllegalAction):
        RULES.decode_action(text)


def test_notation_describes_the_position() -> None:
    state = RULES.new_game(2, 1, {"quick": True, "simple": True})
    text = RULES.notation(state)
    assert text.startswith("neko 2pSQ r0 s0 play t0 c0 x0 | ")
    hands, stacks, rest, totals = text.split(" | ")[1:]
    assert hands == "/".join("".join(map(str, h)) for h in state.hands)
    assert stacks == "/".join(",".join(map(str, s)) for s in state.stacks)
    assert rest == "".join(map(str, state.rest))
    assert totals == "0,0"


def test_same_seed_same_game_and_different_seeds_differ() -> None:
    a, _ = play_game(3, 77)
    b, _ = play_game(3, 77)
    assert RULES.notation(a) == RULES.notation(b)
    assert a.records == b.records
    deals = {RULES.notation(RULES.new_game(3, seed)) for seed in range(10)}
    assert len(deals) == 10


def test_checked_apply_and_unchecked_advance_agree() -> None:
    for seed in range(10):
        checked = RULES.new_game(2 + seed % 3, seed)
        fast = RULES.clone(checked)
        rng = random.Random(seed)
        while not RULES.is_over(checked):
            seat = RULES.to_move(checked)[0]
            action = rng.choice(RULES.legal_actions(checked, seat))
            RULES.apply(checked, seat, action)
            RULES.advance(fast, seat, action)
            assert RULES.notation(fast) == RULES.notation(checked)


# ----- events ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "players,options", [(2, {}), (3, {}), (4, {}), (2, {"quick": True}), (3, {"simple": True})]
)
def test_round_and_game_end_events_carry_the_right_scores(players: int, options: dict) -> None:
    state, events = play_game(players, 40 + players, options)
    ended = [e for e in events if isinstance(e, RoundEnded)]
    assert len(ended) == players
    running = [0] * players
    for number, (event, record) in enumerate(zip(ended, state.records)):
        assert event.round == number
        assert event.emptied == record.emptied
        assert event.scores == record.scores
        assert event.stack_sizes == record.stack_sizes
        running = [t + s for t, s in zip(running, event.scores)]
        assert event.totals == tuple(running)
        if not state.simple:
            bonus = [CAT_BONUS if seat == event.emptied else 0 for seat in range(players)]
            assert event.scores == tuple(s + b for s, b in zip(event.stack_sizes, bonus))
    final = [e for e in events if isinstance(e, GameEnded)]
    assert len(final) == 1 and events[-1] == final[0]
    result = RULES.result(state)
    assert final[0].totals == tuple(running)
    assert final[0].winners == result.winners
    assert result.scores == tuple(float(t) for t in running)
    assert events.index(final[0]) == events.index(ended[-1]) + 1


def test_round_started_and_dealt_events_open_each_later_round() -> None:
    _, events = play_game(4, 5)
    started = [e for e in events if isinstance(e, RoundStarted)]
    assert started == [RoundStarted(n, n) for n in range(1, 4)]
    for event in started:
        index = events.index(event)
        assert events[index + 1 : index + 5] == [Dealt((event.start_seat + k) % 4, 6) for k in range(4)]


def test_public_events_rebuild_the_stacks_and_the_cat() -> None:
    """Replaying only the public events reproduces every stack and the cat."""
    state = RULES.new_game(3, 13)
    rng = random.Random(13)
    stacks: list[list[int]] = [[] for _ in range(4)]
    cat = -1
    while not RULES.is_over(state):
        seat = RULES.to_move(state)[0]
        for event in RULES.apply(state, seat, rng.choice(RULES.legal_actions(state, seat))):
            if isinstance(event, RoundStarted):
                stacks, cat = [[] for _ in range(4)], -1
            elif isinstance(event, (StackBuilt, CardPlayed)):
                stacks[event.position].append(event.card)
            elif isinstance(event, CatMoved):
                assert event.source == cat
                cat = event.target
        assert stacks == state.stacks
        assert cat == state.cat


# ----- perft-style regression table ---------------------------------------------------------------
LINES_FILE = Path(__file__).resolve().parents[1] / "data" / "neko_lines.json"
LINES = json.loads(LINES_FILE.read_text(encoding="utf-8"))["lines"]


def test_the_line_table_covers_every_setup() -> None:
    kinds = {(line["players"], line["options"]["quick"], line["options"]["simple"]) for line in LINES}
    assert {(2, False, False), (2, True, False), (3, False, False), (4, False, False)} <= kinds
    assert any(simple for _, _, simple in kinds)
    assert sum(len(line["steps"]) for line in LINES) > 300


@pytest.mark.parametrize("line", LINES, ids=[f"{x['players']}p-seed{x['seed']}" for x in LINES])
def test_legal_action_counts_along_the_recorded_lines(line: dict) -> None:
    """Regenerate tests/data/neko_lines.json (tools/make_neko_lines.py) only after a deliberate
    rules change; a failure here otherwise means the rules changed by accident."""
    state = RULES.new_game(line["players"], line["seed"], line["options"])
    assert RULES.notation(state) == line["start"]
    for number, (seat, count, text) in enumerate(line["steps"]):
        assert RULES.to_move(state) == (seat,), f"step {number}"
        actions = RULES.legal_actions(state, seat)
        assert len(actions) == count, f"step {number}: {RULES.notation(state)}"
        action = RULES.decode_action(text)
        assert action in actions, f"step {number}"
        RULES.apply(state, seat, action)
    assert RULES.is_over(state)
    assert RULES.notation(state) == line["end"]
    assert [int(s) for s in RULES.result(state).scores] == line["scores"]


def test_the_line_table_is_what_its_script_writes() -> None:
    module = load_tool("make_neko_lines")
    assert module.dump(module.make_table()) == LINES_FILE.read_text(encoding="utf-8")
