"""ノアロン: every check of the rulebook and of RULES-READING's noaron section, as tests.

Positions are built directly (``position``) or reached by playing actions. Reminder: hands and
piles are seen by their owner; seat 0 and seat 1 face each other, so the opponent's RIGHT pile
is on the taker's left. ``deck[-1]`` is the top of the deck.
"""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import pytest

from game.core.errors import BadOptions, IllegalAction
from game.core.house import house_text
from game.core.match import Match, Seat
from game.i18n import LANGUAGES, catalogue, t
from game.rules import noaron
from game.rules.noaron import (
    BLACK,
    DECK,
    DECLARE,
    END,
    HAND_SIZE,
    HOUSE_TURN_LIMIT,
    LEFT,
    RED,
    RIGHT,
    RULES,
    STAKES_EACH,
    Cut,
    DeckRebuilt,
    Declared,
    Discarded,
    GameEnded,
    HandDealt,
    Inserted,
    NoaronAction,
    NoaronState,
    PileSeeded,
    RoundRecord,
    RoundStarted,
    Settled,
    Took,
    TurnPassed,
    best_cut,
    is_yaku,
    score_hand,
)

TAKE_DECK = NoaronAction("take", "deck")
TAKE_MINE = NoaronAction("take", "mine")
TAKE_THEIRS = NoaronAction("take", "theirs")
HIGH_HAND = "RRBRRRBRBRRR"  # 12 points: no yaku at either end
FOUR_HAND = "RRRRBBBBRRRB"  # 4 points


def discard(index: int) -> NoaronAction:
    return NoaronAction("discard", index=index)


def insert(index: int) -> NoaronAction:
    return NoaronAction("insert", index=index)


# ----- helpers ------------------------------------------------------------------------------------
def position(
    hands: tuple[str, str] = (HIGH_HAND, HIGH_HAND),
    piles: tuple[tuple[str, str], tuple[str, str]] = (("R", "B"), ("B", "R")),
    deck_top: str | None = None,
    turn: int = 0,
    phase: str = noaron.PHASE_TAKE,
    reserve: str = "",
    reserve_source: str = "",
    stakes: tuple[int, int] = (STAKES_EACH, STAKES_EACH),
    set_aside: tuple[int, int] = (0, 0),
    turn_number: int = 3,
) -> NoaronState:
    """A state with these hands, piles (strings bottom..top) and reserve. The other cards of the
    72 fill the set-aside and stake cards, and the deck under ``deck_top`` (its last card is the
    top); with ``deck_top`` given the deck is exactly that, so the leftovers must fit the stakes."""
    pool = Counter(DECK)
    used = list(hands[0] + hands[1] + reserve) + [c for seat_piles in piles for pile in seat_piles for c in pile]
    used += list(deck_top or "")
    pool.subtract(used)
    assert min(pool.values()) >= 0, "more cards of a colour than the deck holds"
    left = sorted(pool.elements())
    random.Random(5).shuffle(left)
    aside = [[left.pop() for _ in range(set_aside[seat])] for seat in range(2)]
    owned = [[left.pop() for _ in range(stakes[seat])] for seat in range(2)]
    if deck_top is not None:
        # leftovers beyond the stakes would be lost: put them under the set-aside of seat 0
        aside[0].extend(left)
        left = []
    return NoaronState(
        players=2,
        rng=random.Random(11),
        turn=turn,
        phase=phase,
        deck=left + list(deck_top or ""),
        hands=[list(hands[0]), list(hands[1])],
        piles=[[list(piles[seat][LEFT]), list(piles[seat][RIGHT])] for seat in range(2)],
        reserve=list(reserve),
        reserve_source=reserve_source,
        stakes=owned,
        set_aside=aside,
        turn_number=turn_number,
    )


def all_cards(state: NoaronState) -> Counter:
    """The multiset of every card wherever it lies."""
    cards = list(state.deck) + list(state.reserve)
    for seat in range(2):
        cards += state.hands[seat] + state.stakes[seat] + state.set_aside[seat]
        cards += state.piles[seat][LEFT] + state.piles[seat][RIGHT]
    return Counter(cards)


def play_turn(state: NoaronState, take: NoaronAction, discard_at: int, insert_at: int) -> list:
    """One whole turn through the checked ``apply``; returns its events."""
    seat = state.turn
    events = RULES.apply(state, seat, take)
    events += RULES.apply(state, seat, discard(discard_at))
    events += RULES.apply(state, seat, insert(insert_at))
    return events


def random_game(seed: int, options: dict | None = None) -> tuple[NoaronState, list]:
    """A whole random game through ``apply``; the end state and every event."""
    state = RULES.new_game(2, seed, options)
    rng = random.Random(seed)
    events: list = []
    while not RULES.is_over(state):
        seat = RULES.to_move(state)[0]
        events += RULES.apply(state, seat, rng.choice(RULES.legal_actions(state, seat)))
    return state, events


def reference_score(hand: Sequence[str]) -> tuple[int, int, int]:
    """The rule as written, by brute force over every cut: (score, -yaku length, yaku start) of
    the best cut. A cut makes two parts; one must be a yaku touching an end; the other is zatsu,
    scoring its size, or half its size when it is a yaku itself."""

    def yaku(part: Sequence[str]) -> bool:
        n = len(part)
        if n == 0 or n % 2:
            return False
        k = n // 2
        return len(set(part[:k])) == 1 and len(set(part[k:])) == 1 and part[0] != part[k]

    n = len(hand)
    options = [(n, 0, 0)]
    for cut in range(n + 1):
        left, right = hand[:cut], hand[cut:]
        for part, start, other in ((left, 0, right), (right, cut, left)):
            if yaku(part):
                zatsu = len(other) // 2 if yaku(other) else len(other)
                options.append((zatsu, -len(part), start))
    return min(options)


# ----- hand scoring -----------------------------------------------------------------------------------
def test_rules_reading_checks() -> None:
    assert score_hand("RRRRBBBB" + "RRRB") == 4
    assert score_hand("RB" + "RRRRBBBB" + "BR") == 10  # the middle block cannot be cut out
    assert score_hand("RRRRBBBB" + "RRBB") == 2  # the zatsu is a yaku: half its size
    assert score_hand("RRBRRRBRBRRR") == 12  # no yaku at either end
    assert score_hand("RRRRRRBBBBBB") == 0  # the whole hand is one yaku


def test_best_cut_frames_the_yaku_of_the_checks() -> None:
    assert best_cut("RRRRBBBBRRRB") == Cut(4, 0, 8, False)
    assert best_cut("RBRRRRBBBBBR") == Cut(10, 0, 2, False)  # both ends give 10: the left one
    assert best_cut("RRRRBBBBRRBB") == Cut(2, 0, 8, True)
    assert best_cut("RRBRRRBRBRRR") == Cut(12, 0, 0, False)
    assert best_cut("RRRRRRBBBBBB") == Cut(0, 0, 12, False)
    assert best_cut("BRRRRRRRBBBB") == Cut(4, 4, 8, False)  # framed at the right end
    assert best_cut("RRRBBBBBBRRR") == Cut(3, 0, 6, True)  # yaku at both ends: the left one framed
    assert best_cut("RBBBBBBBBBBR") == Cut(10, 0, 2, False)  # equal scores at both ends: the left end


def test_is_yaku() -> None:
    assert is_yaku("RB") and is_yaku("BR") and is_yaku("RRRBBB") and is_yaku("BBBBBBRRRRRR")
    assert not is_yaku("") and not is_yaku("R") and not is_yaku("RR") and not is_yaku("RRB")
    assert not is_yaku("RBRB") and not is_yaku("RRBBB") and not is_yaku("RBBR")


def test_every_12_card_colouring_scores_as_the_brute_force_reference() -> None:
    for colours in itertools.product((RED, BLACK), repeat=HAND_SIZE):
        hand = "".join(colours)
        score, minus_length, start = reference_score(hand)
        cut = best_cut(hand)
        assert (cut.score, -cut.yaku_length, cut.yaku_start) == (score, minus_length, start), hand
        assert score_hand(list(hand)) == score_hand(tuple(hand)) == score
        if cut.yaku_length:
            assert is_yaku(hand[cut.yaku_start:cut.yaku_start + cut.yaku_length])
            zatsu = hand[:cut.yaku_start] + hand[cut.yaku_start + cut.yaku_length:]
            assert cut.zatsu_is_yaku == is_yaku(zatsu)
        else:
            assert not cut.zatsu_is_yaku


@pytest.mark.parametrize("length", [0, 1, 2, 3, 6, 10, 11])
def test_other_hand_lengths_score_by_the_same_rule(length: int) -> None:
    for colours in itertools.product((RED, BLACK), repeat=length):
        cut = best_cut(colours)
        assert (cut.score, -cut.yaku_length, cut.yaku_start) == reference_score(colours)


def test_scores_do_not_depend_on_reading_direction_or_swapping_colours() -> None:
    swap = str.maketrans("RB", "BR")
    for mask in range(1 << HAND_SIZE):
        hand = format(mask, "012b").translate(str.maketrans("10", "RB"))
        assert score_hand(hand) == score_hand(hand[::-1]) == score_hand(hand.translate(swap))


def test_score_table_spread() -> None:
    scores = Counter(score_hand(format(m, "012b").translate(str.maketrans("10", "RB"))) for m in range(4096))
    assert scores[0] == 2  # RRRRRRBBBBBB and BBBBBBRRRRRR
    # a zatsu that is a yaku touches the other end, so it could be the framed yaku instead: the
    # shorter yaku is always the zatsu, and 5 (a 2-card yaku, a 10-card yaku zatsu) never happens
    assert set(scores) == {0, 1, 2, 3, 4, 6, 8, 10, 12}


# ----- setup ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("older", [0, 1])
def test_setup_nine_stakes_two_face_up_pile_cards_twelve_in_hand_and_the_older_starts(older: int) -> None:
    state = RULES.new_game(2, 3, {"older": older})
    assert [len(cards) for cards in state.stakes] == [STAKES_EACH, STAKES_EACH]
    assert state.piles == [[state.piles[s][LEFT], state.piles[s][RIGHT]] for s in range(2)]
    assert all(len(pile) == 1 for seat_piles in state.piles for pile in seat_piles)
    assert [len(hand) for hand in state.hands] == [HAND_SIZE, HAND_SIZE]
    assert len(state.deck) == 72 - 18 - 4 - 24
    assert all_cards(state) == Counter(DECK) == Counter({RED: 36, BLACK: 36})
    assert state.first_start == older and state.start_seat == older
    assert RULES.to_move(state) == (older,) and state.phase == noaron.PHASE_TAKE
    assert state.round == 0 and state.turn_number == 1 and state.records == []


def test_bad_options_and_player_counts_are_refused() -> None:
    for options in ({"older": 2}, {"older": "1"}, {"younger": 0}):
        with pytest.raises(BadOptions):
            RULES.new_game(2, 1, options)
    for players in (1, 3):
        with pytest.raises(BadOptions) as caught:
            RULES.new_game(players, 1)
        assert caught.value.reason == "error.players"


# ----- the turn ------------------------------------------------------------------------------------
def test_turn_steps_come_in_order_take_discard_insert_then_the_turn_passes() -> None:
    state = position(deck_top="RB")
    assert state.phase == noaron.PHASE_TAKE
    assert RULES.legal_actions(state, 0) == [TAKE_DECK, TAKE_MINE, TAKE_THEIRS]
    assert RULES.legal_actions(state, 1) == []
    RULES.apply(state, 0, TAKE_MINE)
    assert state.phase == noaron.PHASE_DISCARD
    assert RULES.legal_actions(state, 0) == [discard(i) for i in range(11)]
    RULES.apply(state, 0, discard(4))
    assert state.phase == noaron.PHASE_INSERT and len(state.hands[0]) == 10
    assert RULES.legal_actions(state, 0) == [insert(g) for g in range(11)]
    events = RULES.apply(state, 0, insert(0))  # "RB" + ... : still a high score
    assert score_hand(state.hands[0]) > noaron.DECLARE_AT_MOST
    assert events[-1] == TurnPassed(0)
    assert state.turn == 1 and state.phase == noaron.PHASE_TAKE and state.turn_number == 4
    assert RULES.to_move(state) == (1,)


def test_both_players_see_where_pairs_leave_and_enter_each_hand() -> None:
    # a deck pair stays face down, a pile pair was face up; the discarded pair lands face up
    state = position(deck_top="RB", piles=(("R", "B"), ("B", "R")))
    play_turn(state, TAKE_DECK, 2, 7)
    first = (0, "", 2, HIGH_HAND[2:4], 7)
    assert all(RULES.observe(state, viewer).shown == (first,) for viewer in (-1, 0, 1))
    taken = "".join(state.piles[0][LEFT][-1] + state.piles[0][RIGHT][-1])[::-1]  # their right pile is my left
    play_turn(state, TAKE_THEIRS, 0, 10)
    assert RULES.observe(state, 0).shown == (first, (1, taken, 0, HIGH_HAND[0:2], 10))
    RULES.apply(state, 0, TAKE_DECK)
    RULES.apply(state, 0, discard(5))
    assert RULES.observe(state, 1).shown[-1][4] == -1  # the pair is still to go in


def test_each_round_shows_only_its_own_turns() -> None:
    state = RULES.new_game(2, 1)  # a deal whose random line plays more than one round
    rng = random.Random(4)
    rounds = 0
    while not RULES.is_over(state):
        seat = RULES.to_move(state)[0]
        before = state.round
        RULES.apply(state, seat, rng.choice(RULES.legal_actions(state, seat)))
        if state.round != before and not RULES.is_over(state):
            rounds += 1
            assert state.shown == [] and RULES.observe(state, 0).shown == ()
        finished = [turn for turn in state.shown if turn[4] >= 0]
        assert len(finished) <= state.turn_number  # never more turns than the round has had
    assert rounds >= 1


def test_take_from_the_deck_draws_the_top_two_first_card_left() -> None:
    state = position(deck_top="BR")  # top is R, then B
    events = RULES.apply(state, 0, TAKE_DECK)
    assert state.reserve == [RED, BLACK] and state.reserve_source == "deck"
    assert events == [Took(0, "deck", ())]
    assert events[0].hides_undo


def test_take_mine_takes_my_left_then_my_right_top() -> None:
    state = position(piles=(("BR", "RB"), ("R", "R")))
    events = RULES.apply(state, 0, TAKE_MINE)
    assert state.reserve == [RED, BLACK]
    assert state.piles[0] == [[BLACK], [RED]]
    assert events == [Took(0, "mine", (RED, BLACK))] and not events[0].hides_undo


@pytest.mark.parametrize("taker", [0, 1])
def test_take_theirs_reads_their_right_pile_as_my_left(taker: int) -> None:
    piles = [("B", "B"), ("B", "B")]
    piles[1 - taker] = ("RB", "BR")  # their left top B, their right top R
    state = position(piles=tuple(piles), turn=taker)  # type: ignore[arg-type]
    events = RULES.apply(state, taker, TAKE_THEIRS)
    assert state.reserve == [RED, BLACK]  # their right (R) comes to my left
    assert state.piles[1 - taker] == [[RED], [BLACK]]
    assert events == [Took(taker, "theirs", (RED, BLACK))]


def test_take_from_empty_piles_is_refused_with_a_reason() -> None:
    state = position(piles=(("", "R"), ("B", "")))
    assert RULES.legal_actions(state, 0) == [TAKE_DECK]
    for action, reason in ((TAKE_MINE, "noaron.reason.own_pile_empty"),
                           (TAKE_THEIRS, "noaron.reason.their_pile_empty")):
        before = RULES.notation(state)
        with pytest.raises(IllegalAction) as caught:
            RULES.apply(state, 0, action)
        assert caught.value.reason == reason
        assert RULES.notation(state) == before


def test_when_the_deck_runs_out_the_piles_under_their_tops_become_the_new_deck() -> None:
    state = position(piles=(("RRB", "BR"), ("BBR", "RRRB")), deck_top="RB")
    assert len(state.deck) == 2
    tops = [[pile[-1] for pile in seat_piles] for seat_piles in state.piles]
    under = Counter("RR" + "B" + "BB" + "RRR")
    events = RULES.apply(state, 0, TAKE_DECK)
    assert events == [Took(0, "deck", ()), DeckRebuilt(8)]
    assert events[1].hides_undo
    assert Counter(state.deck) == under
    assert [[pile for pile in seat_piles] for seat_piles in state.piles] == [[[t] for t in row] for row in tops]
    assert state.reserve == [BLACK, RED]


def test_the_rebuilt_deck_is_shuffled() -> None:
    orders = set()
    for seed in range(12):
        state = position(piles=(("RBRBRBRB", "BRBRBR"), ("RRBB", "BBRR")), deck_top="RB")
        state.rng = random.Random(seed)
        RULES.apply(state, 0, TAKE_DECK)
        orders.add("".join(state.deck))
    assert len(orders) > 1


def test_taking_from_the_piles_never_rebuilds() -> None:
    state = position(piles=(("RRB", "BR"), ("BBR", "RRRB")), deck_top="RB")
    events = RULES.apply(state, 0, TAKE_THEIRS)
    assert events == [Took(0, "theirs", (BLACK, RED))]
    assert state.deck == [RED, BLACK]


def test_short_deck_house_refill_goes_under_the_remaining_card() -> None:
    assert noaron.HOUSE_SHORT_DECK_REFILL
    state = position(piles=(("BBR", "BR"), ("R", "B")), deck_top="R")
    assert len(state.deck) == 1
    events = RULES.apply(state, 0, TAKE_DECK)
    assert events[0] == DeckRebuilt(3)  # the refill comes first, then the draw
    assert events[1] == Took(0, "deck", ())
    assert state.reserve[0] == RED  # the card that was left is drawn first
    assert all_cards(state) == Counter(DECK)
    assert state.piles[0] == [[RED], [RED]]


def test_a_deck_that_cannot_give_two_cards_is_refused() -> None:
    state = position(piles=(("R", "B"), ("B", "R")), deck_top="R")
    assert RULES.legal_actions(state, 0) == [TAKE_MINE, TAKE_THEIRS]
    with pytest.raises(IllegalAction) as caught:
        RULES.apply(state, 0, TAKE_DECK)
    assert caught.value.reason == "noaron.reason.deck_empty"


@pytest.mark.parametrize("index", range(11))
def test_discard_puts_the_pair_on_my_left_and_right_piles(index: int) -> None:
    hand = "RBRRBBRBBRRB"
    state = position(hands=(hand, HIGH_HAND), phase=noaron.PHASE_DISCARD, reserve="RR", reserve_source="mine",
                     piles=(("", ""), ("B", "R")))
    events = RULES.apply(state, 0, discard(index))
    assert events == [Discarded(0, index, (hand[index], hand[index + 1]))]
    assert state.piles[0] == [[hand[index]], [hand[index + 1]]]
    assert "".join(state.hands[0]) == hand[:index] + hand[index + 2:]


@pytest.mark.parametrize("gap", range(11))
def test_insert_at_every_gap_keeps_the_order_of_both(gap: int) -> None:
    ten = "RRBRBBRRBB"
    state = position(hands=(ten, HIGH_HAND), phase=noaron.PHASE_INSERT, reserve="BR", reserve_source="deck",
                     piles=(("RR", "BB"), ("B", "R")))
    events = RULES.apply(state, 0, insert(gap))
    assert "".join(state.hands[0]) == ten[:gap] + "BR" + ten[gap:]
    assert events[0] == Inserted(0, gap, ())  # from the deck: the opponent never saw them
    assert state.reserve == [] and state.reserve_source == ""


def test_insert_shows_the_cards_that_came_from_the_piles() -> None:
    state = position(hands=("RRBRBBRRBB", HIGH_HAND), phase=noaron.PHASE_INSERT, reserve="BR",
                     reserve_source="theirs", piles=(("RR", "BB"), ("B", "R")))
    assert RULES.apply(state, 0, insert(3))[0] == Inserted(0, 3, (BLACK, RED))


def test_discard_and_insert_out_of_range_are_refused_with_the_range() -> None:
    state = position(phase=noaron.PHASE_DISCARD, reserve="RR", reserve_source="deck", piles=(("", ""), ("B", "R")))
    for bad in (11, -1, 40):
        with pytest.raises(IllegalAction) as caught:
            RULES.apply(state, 0, discard(bad))
        assert caught.value.reason == "noaron.reason.discard_range" and caught.value.params == {"top": 10}
    RULES.apply(state, 0, discard(0))
    with pytest.raises(IllegalAction) as caught:
        RULES.apply(state, 0, insert(11))
    assert caught.value.reason == "noaron.reason.insert_range" and caught.value.params == {"top": 10}


# ----- the decide phase ---------------------------------------------------------------------------------
def turn_to(hand_after: str, before: str = "RB") -> NoaronState:
    """A position where seat 0 inserts ``before`` at gap 0 of a 10-card hand to hold ``hand_after``."""
    assert hand_after.startswith(before)
    return position(hands=(hand_after[2:], HIGH_HAND), phase=noaron.PHASE_INSERT, reserve=before,
                    reserve_source="mine", piles=(("R", "B"), ("B", "R")))


@pytest.mark.parametrize("hand,score", [("RRRRBBBBRRRB", 4), ("RRRRBBBBRRBB", 2), ("RRRRBBBBBBRR", 2), ("RRRRRBBBBBRB", 1)])
def test_declare_or_end_at_four_points_or_fewer(hand: str, score: int) -> None:
    state = turn_to(hand, hand[:2])
    assert score_hand(hand) == score
    events = RULES.apply(state, 0, insert(0))
    assert state.phase == noaron.PHASE_DECIDE and state.turn == 0
    assert not any(isinstance(event, TurnPassed) for event in events)
    assert RULES.legal_actions(state, 0) == [DECLARE, END]
    events = RULES.apply(state, 0, END)
    assert events == [TurnPassed(0)] and state.turn == 1 and state.phase == noaron.PHASE_TAKE


def test_no_decide_phase_above_four_points() -> None:
    hand = "RRRBBBRRRBBR"  # 6 points (yaku of 6, zatsu RRRBBR)
    assert score_hand(hand) == 6
    state = turn_to(hand, "RR")
    events = RULES.apply(state, 0, insert(0))
    assert events[-1] == TurnPassed(0) and state.phase == noaron.PHASE_TAKE and state.turn == 1


def test_a_zero_point_hand_must_declare() -> None:
    state = turn_to("RRRRRRBBBBBB", "RR")
    RULES.apply(state, 0, insert(0))
    assert RULES.legal_actions(state, 0) == [DECLARE]
    with pytest.raises(IllegalAction) as caught:
        RULES.apply(state, 0, END)
    assert caught.value.reason == "noaron.reason.must_declare_zero"


def test_declaring_outside_the_decide_phase_is_refused() -> None:
    state = position(hands=(FOUR_HAND, HIGH_HAND))  # 4 points, but the turn has not been played
    for action in (DECLARE, END):
        with pytest.raises(IllegalAction) as caught:
            RULES.apply(state, 0, action)
        assert caught.value.reason == "noaron.reason.declare_timing"
        assert caught.value.params == {"most": noaron.DECLARE_AT_MOST}


def test_house_turn_limit_forces_a_declaration_at_the_last_turn() -> None:
    hand = "RRBRRRBRBRRR"
    state = turn_to("RB" + hand[2:], "RB")
    state.turn_number = HOUSE_TURN_LIMIT - 1
    RULES.apply(state, 0, insert(0))
    assert state.phase == noaron.PHASE_TAKE and state.turn_number == HOUSE_TURN_LIMIT  # one turn before: passes
    seat = state.turn
    events = play_turn(state, TAKE_MINE, 0, 0)
    assert not any(isinstance(event, TurnPassed) for event in events)
    assert score_hand(state.hands[seat]) > noaron.DECLARE_AT_MOST
    assert state.phase == noaron.PHASE_DECIDE and RULES.legal_actions(state, seat) == [DECLARE]
    with pytest.raises(IllegalAction) as caught:
        RULES.apply(state, seat, END)
    assert caught.value.reason == "noaron.reason.turn_limit"
    assert caught.value.params == {"limit": HOUSE_TURN_LIMIT}
    events = RULES.apply(state, seat, DECLARE)
    assert events[0] == Declared(seat, forced=True)
    assert isinstance(events[1], Settled) and events[1].declarer == seat and events[1].forced


def at_the_turn_limit(hands: tuple[str, str], declarer: int = 0) -> NoaronState:
    """``declarer`` in the decide phase of the round's last turn (the house limit)."""
    state = position(hands=hands, turn=declarer, phase=noaron.PHASE_DECIDE)
    state.turn_number = HOUSE_TURN_LIMIT
    return state


def test_a_declaration_forced_by_the_turn_limit_carries_no_declarers_penalty() -> None:
    # the example: forced with 12 points against 4 pays the difference 8, not 8 + 3 = 11
    assert noaron.HOUSE_FORCED_DECLARER_PENALTY == 0
    state = at_the_turn_limit(("RRBRRRBRBRRR", "RRRRBBBBRRRB"))
    assert (score_hand(state.hands[0]), score_hand(state.hands[1])) == (12, 4)
    assert RULES.forced_by_limit(state, 0) and RULES.legal_actions(state, 0) == [DECLARE]
    events = RULES.apply(state, 0, DECLARE)
    assert events[0] == Declared(0, forced=True)
    result = settled(events)
    assert result.forced and (result.loser, result.difference, result.declarer_penalty) == (0, 8, 0)
    assert result.loss == result.paid == 8 and result.stakes == (1, 9) and not result.game_over
    assert state.records[-1] == RoundRecord(0, 0, 8, (12, 4))


def test_a_forced_declarer_who_wins_is_paid_as_usual_and_a_tie_costs_it_nothing() -> None:
    state = at_the_turn_limit(("RRRRBBBBRRRB", "RRBRRRBRBRRR"))  # 4 against 12: 1-4 is forced too
    result = settled(RULES.apply(state, 0, DECLARE))
    assert result.forced and (result.loser, result.loss) == (1, 8)
    state = at_the_turn_limit(("RRRRBBBBRRRB", "BBBBRRRRBBBR"))  # 4 and 4: the declarer loses 0
    result = settled(RULES.apply(state, 0, DECLARE))
    assert result.forced and (result.loser, result.difference, result.declarer_penalty, result.loss) == (0, 0, 0, 0)


def test_a_zero_hand_at_the_turn_limit_declares_by_the_rulebook_and_keeps_the_penalty() -> None:
    state = at_the_turn_limit(("RRRRRRBBBBBB", "BBBBBBRRRRRR"), declarer=1)  # both 0: the declarer loses
    assert not RULES.forced_by_limit(state, 1)
    events = RULES.apply(state, 1, DECLARE)
    assert events[0] == Declared(1)
    result = settled(events)
    assert not result.forced and result.declarer_penalty == noaron.DECLARER_LOST_PENALTY
    assert result.loss == noaron.DECLARER_LOST_PENALTY + noaron.WINNER_ZERO_PENALTY


def test_a_declaration_before_the_limit_is_never_forced() -> None:
    _, events = settle(("RRRRBBBBRRRB", "RRRRBBBBRRBB"))  # 4 against 2 on an ordinary turn
    assert events[0] == Declared(0) and not events[0].forced
    assert settled(events).declarer_penalty == noaron.DECLARER_LOST_PENALTY


# ----- settlement ----------------------------------------------------------------------------------------
def settle(hands: tuple[str, str], declarer: int = 0, stakes: tuple[int, int] = (9, 9)) -> tuple[NoaronState, list]:
    """``declarer`` declares with these hands (the decide phase of its turn)."""
    state = position(hands=hands, turn=declarer, phase=noaron.PHASE_DECIDE, stakes=stakes,
                     set_aside=(9 - stakes[0], 9 - stakes[1]))
    events = RULES.apply(state, declarer, DECLARE)
    return state, events


def settled(events: list) -> Settled:
    return next(event for event in events if isinstance(event, Settled))


def test_declarer_with_the_lower_score_wins_the_difference() -> None:
    state, events = settle(("RRRRBBBBRRBB", "RRRBBBRRRBBR"))  # 2 against 6
    assert events[0] == Declared(0)
    result = settled(events)
    assert (result.loser, result.difference, result.declarer_penalty, result.zero_penalty) == (1, 4, 0, 0)
    assert result.loss == result.paid == 4 and result.stakes == (9, 5)
    assert result.hands == (tuple("RRRRBBBBRRBB"), tuple("RRRBBBRRRBBR"))
    assert result.cuts == (best_cut("RRRRBBBBRRBB"), best_cut("RRRBBBRRRBBR"))
    assert state.records == [RoundRecord(0, 1, 4, (2, 6))]
    assert [len(cards) for cards in state.stakes] == [9, 5]
    assert [len(cards) for cards in state.set_aside] == [0, 4]
    assert result.hides_undo and not result.game_over


def test_declarer_who_loses_pays_three_more() -> None:
    _, events = settle(("RRRRBBBBRRRB", "RRRRBBBBRRBB"))  # 4 against 2
    result = settled(events)
    assert (result.loser, result.difference, result.declarer_penalty, result.loss) == (0, 2, 3, 5)


def test_a_zero_point_winner_adds_three() -> None:
    _, events = settle(("RRRRRRBBBBBB", "RRRBBBRRRBBR"))  # 0 against 6
    result = settled(events)
    assert (result.loser, result.difference, result.zero_penalty, result.declarer_penalty) == (1, 6, 3, 0)
    assert result.loss == 9 and result.game_over  # 9 of 9 stake cards: ran out


def test_both_additions_at_once() -> None:
    _, events = settle(("RRRRBBBBRRRB", "RRRRRRBBBBBB"), declarer=0)  # the declarer's 4 against a 0
    result = settled(events)
    assert (result.loser, result.difference, result.declarer_penalty, result.zero_penalty) == (0, 4, 3, 3)
    assert result.loss == 10


def test_equal_scores_the_declarer_loses() -> None:
    assert noaron.HOUSE_TIE_LOSER == "declarer"
    for declarer in (0, 1):
        _, events = settle(("RRRRBBBBRRRB", "BBBBRRRRBBBR"), declarer=declarer)  # 4 and 4
        result = settled(events)
        assert (result.loser, result.difference, result.loss) == (declarer, 0, noaron.DECLARER_LOST_PENALTY)


def test_the_next_round_starts_with_the_winner_and_old_cards_go_under_the_deck() -> None:
    state = position(hands=("RRRRBBBBRRBB", FOUR_HAND), turn=1, phase=noaron.PHASE_DECIDE,
                     piles=(("RRB", "B"), ("BR", "RRB")))
    state.round = 2
    old_deck = list(state.deck)
    events = RULES.apply(state, 1, DECLARE)  # seat 1 declares 4 points against 2: it loses
    result = settled(events)
    assert result.loser == 1 and result.round == 2
    start = events.index(result) + 1
    assert events[start] == RoundStarted(3, 0)
    seeded = events[start + 1:start + 5]
    assert [(e.seat, e.pile) for e in seeded] == [(0, LEFT), (1, LEFT), (0, RIGHT), (1, RIGHT)]
    assert all(isinstance(e, PileSeeded) and e.hides_undo for e in seeded)
    assert events[start + 5:] == [HandDealt(0, 12), HandDealt(1, 12)]
    # the old deck stayed on top, so the new round is dealt from it first, one card at a time
    dealt = [e.card for e in seeded] + [card for pair in zip(state.hands[0], state.hands[1]) for card in pair]
    assert dealt[:len(old_deck)] == old_deck[::-1]
    # the rest came from the hands and piles gathered under it
    assert len(state.deck) == 72 - 18 - 28
    assert state.turn == state.start_seat == 0 and state.turn_number == 1 and state.round == 3
    assert state.phase == noaron.PHASE_TAKE and state.declarer == -1
    assert all_cards(state) == Counter(DECK)


def test_gathered_cards_are_shuffled_under_the_deck() -> None:
    bottoms = set()
    for seed in range(8):
        state = position(hands=("RRRRBBBBRRBB", FOUR_HAND), phase=noaron.PHASE_DECIDE,
                         piles=(("RRBBRB", "BRRB"), ("BRBR", "RRBBBR")))
        state.rng = random.Random(seed)
        top = list(state.deck)
        RULES.apply(state, 0, DECLARE)
        bottoms.add("".join(state.deck))
        assert len(top) < 28  # this deal used all of the old deck, then gathered cards
    assert len(bottoms) > 1


def test_the_winner_starts_every_later_round_and_the_older_only_the_first() -> None:
    for seed in range(6):
        state, events = random_game(seed, {"older": seed % 2})
        starts = [e.start_seat for e in events if isinstance(e, RoundStarted)]
        winners = [1 - record.loser for record in state.records]
        assert starts == winners[:len(starts)]
        assert state.first_start == seed % 2


def test_a_loser_who_cannot_pay_in_full_loses_the_game() -> None:
    state, events = settle(("RRRRBBBBRRBB", "RRRBBBRRRBBR"), stakes=(9, 3))  # seat 1 owes 4, holds 3
    result = settled(events)
    assert (result.loss, result.paid, result.stakes, result.game_over) == (4, 3, (9, 0), True)
    assert events[-1] == GameEnded(0, (9, 0))
    assert RULES.is_over(state) and RULES.to_move(state) == () and RULES.legal_actions(state, 0) == []
    with pytest.raises(IllegalAction) as caught:
        RULES.apply(state, 0, TAKE_DECK)
    assert caught.value.reason == "reason.game_over"


def test_a_loser_who_pays_the_last_stake_card_loses_the_game() -> None:
    state, events = settle(("RRRRBBBBRRBB", "RRRBBBRRRBBR"), stakes=(9, 4))  # owes 4, holds 4
    assert settled(events).game_over and events[-1] == GameEnded(0, (9, 0))
    state, events = settle(("RRRRBBBBRRBB", "RRRBBBRRRBBR"), stakes=(9, 5))  # owes 4, holds 5
    assert not settled(events).game_over and not RULES.is_over(state)
    assert isinstance(events[-1], HandDealt)


def test_result_counts_stake_cards_left_and_rounds_lost() -> None:
    state = RULES.new_game(2, 1)
    state.records = [RoundRecord(0, 1, 4, (2, 6)), RoundRecord(1, 1, 3, (4, 4)), RoundRecord(0, 0, 9, (8, 5))]
    state.stakes = [state.stakes[0][:0], state.stakes[1][:2]]
    state.phase = noaron.PHASE_OVER
    result = RULES.result(state)
    assert result.scores == (0.0, 2.0) and result.ranks == (2, 1) and result.winners == (1,)
    assert result.rounds == ((0.0, -4.0), (0.0, -3.0), (-9.0, 0.0))
    assert result.breakdown == (
        {"noaron.score.stakes": 0.0, "noaron.score.rounds_won": 2.0},
        {"noaron.score.stakes": 2.0, "noaron.score.rounds_won": 1.0},
    )


@pytest.mark.parametrize("seed", range(8))
def test_whole_games_conserve_the_72_cards_and_pay_what_the_records_say(seed: int) -> None:
    state, events = random_game(seed)
    assert all_cards(state) == Counter(DECK)
    settlements = [e for e in events if isinstance(e, Settled)]
    assert len(settlements) == len(state.records) and settlements[-1].game_over
    left, paid = noaron.stakes_after_rounds(state.records)
    assert left == [len(cards) for cards in state.stakes]
    assert paid == [e.paid for e in settlements]
    assert [len(cards) for cards in state.set_aside] == [9 - count for count in left]
    result = RULES.result(state)
    assert result.scores[settlements[-1].loser] == 0.0 and len(result.winners) == 1
    for event in settlements:
        # every round costs the loser at least one stake card, but a tie the turn limit forced
        assert event.loss >= 1 or (event.forced and event.difference == 0 and event.loss == 0)


# ----- look-alikes, reasons, notation ------------------------------------------------------------------------
def test_look_alike_actions_of_the_wrong_type_are_refused() -> None:
    state = position(deck_top="RB")
    for bogus in (("take", "deck", -1), ["take", "deck", -1], NoaronAction("take", "deck", -1.0),  # type: ignore[arg-type]
                  NoaronAction("take", "deck", False), "take deck"):  # type: ignore[arg-type]
        before = RULES.notation(state)
        with pytest.raises(IllegalAction) as caught:
            RULES.apply(state, 0, bogus)  # type: ignore[arg-type]
        assert caught.value.reason == "reason.illegal"
        assert RULES.notation(state) == before
    RULES.apply(state, 0, TAKE_DECK)
    with pytest.raises(IllegalAction):
        RULES.apply(state, 0, NoaronAction("discard", index=True))  # a bool, not a position


def reason_situations() -> list[tuple[str, dict]]:
    """(reason, params) of every refusal the rules give, produced by the rules themselves."""
    found = []
    take = position(piles=(("", "R"), ("B", "")), deck_top="")
    for action in (TAKE_DECK, TAKE_MINE, TAKE_THEIRS, discard(0), insert(0), DECLARE,
                   NoaronAction("take", "floor"), NoaronAction("fly")):
        found.append(RULES.explain_illegal(take, 0, action))
    discarding = position(phase=noaron.PHASE_DISCARD, reserve="RB", reserve_source="deck")
    for action in (discard(11), insert(0), TAKE_DECK):
        found.append(RULES.explain_illegal(discarding, 0, action))
    inserting = position(hands=("RBRBRBRBRB", HIGH_HAND), phase=noaron.PHASE_INSERT, reserve="RB",
                         reserve_source="deck", piles=(("R", "B"), ("B", "R")))
    for action in (insert(12), discard(0)):
        found.append(RULES.explain_illegal(inserting, 0, action))
    deciding = position(hands=("RRRRRRBBBBBB", HIGH_HAND), phase=noaron.PHASE_DECIDE)
    for action in (END, TAKE_MINE):
        found.append(RULES.explain_illegal(deciding, 0, action))
    deciding.turn_number = HOUSE_TURN_LIMIT
    found.append(RULES.explain_illegal(deciding, 0, END))
    return [(reason, params) for reason, _, params in found]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_refusal_has_a_text_that_reads_well(lang: str) -> None:
    situations = reason_situations()
    reasons = {reason for reason, _ in situations}
    assert reasons == {
        "noaron.reason.deck_empty", "noaron.reason.own_pile_empty", "noaron.reason.their_pile_empty",
        "noaron.reason.phase_take", "noaron.reason.phase_discard", "noaron.reason.phase_insert",
        "noaron.reason.phase_decide", "noaron.reason.declare_timing", "noaron.reason.discard_range",
        "noaron.reason.insert_range", "noaron.reason.must_declare_zero", "noaron.reason.turn_limit",
        "reason.illegal",
    }
    texts = catalogue(lang)
    for reason, params in situations:
        assert reason in texts, reason
        shown = t(reason, lang, **params)
        assert "{" not in shown and "}" not in shown
        for value in params.values():
            assert str(value) in shown


def test_help_texts_state_the_house_values() -> None:
    for lang in LANGUAGES:
        house = house_text("noaron", lang)
        for number in (noaron.HOUSE_DECK_RED, noaron.HOUSE_DECK_BLACK, HOUSE_TURN_LIMIT):
            assert str(number) in house, (lang, number)
        body = catalogue(lang)["noaron.help.body"]
        for number in (STAKES_EACH, HAND_SIZE, noaron.DECLARE_AT_MOST, noaron.DECLARER_LOST_PENALTY):
            assert str(number) in body, (lang, number)
        for key in ("noaron.option.older.0", "noaron.option.older.1", "noaron.score.stakes",
                    "noaron.score.rounds_won", "noaron.help.title"):
            assert texts_present(lang, key)


def test_the_help_aim_names_halving_and_both_threes_and_the_house_the_forced_declaration() -> None:
    halving = {"en": "half", "ja": "半分"}
    for lang in LANGUAGES:
        aim = catalogue(lang)["noaron.help.body"].split("\n\n")[0]
        assert halving[lang] in aim, lang
        assert aim.count(str(noaron.DECLARER_LOST_PENALTY)) >= 2, lang  # the declarer's +3 and the zero +3
        house = catalogue(lang)["noaron.help.house.forced_declarer_penalty"]
        # the example of the forced declaration: 12 against 4 pays the difference 8, not 11
        for number in ("12", "4", "8", "11", str(HOUSE_TURN_LIMIT)):
            assert number in house, (lang, number)


def texts_present(lang: str, key: str) -> bool:
    return bool(catalogue(lang).get(key, "").strip())


def test_encode_decode_round_trip() -> None:
    actions = [TAKE_DECK, TAKE_MINE, TAKE_THEIRS, DECLARE, END]
    actions += [discard(i) for i in range(11)] + [insert(g) for g in range(11)]
    for action in actions:
        text = RULES.encode_action(action)
        assert RULES.decode_action(text) == action
    assert RULES.encode_action(TAKE_THEIRS) == "take theirs"
    assert RULES.encode_action(discard(3)) == "discard 3" and RULES.encode_action(insert(7)) == "insert 7"


@pytest.mark.parametrize("text", ["", "take", "take floor", "discard", "discard x", "insert -1", "declare now", "pass"])
def test_decode_refuses_text_that_names_no_action(text: str) -> None:
    with pytest.raises(IllegalAction):
        RULES.decode_action(text)


def test_notation_describes_the_whole_position() -> None:
    state = position(hands=(FOUR_HAND, HIGH_HAND), piles=(("RB", "B"), ("R", "BR")), deck_top="RB")
    text = RULES.notation(state)
    assert text.startswith("noaron r0 f0 s0 t0 n3 take d-1 | RRRRBBBBRRRB/RRBRRRBRBRRR | RB/B;R/BR")
    twin = RULES.clone(state)
    twin.deck[0] = RED if twin.deck[0] == BLACK else BLACK
    assert RULES.notation(twin) != text  # the deck order is part of it


def test_same_seed_same_game() -> None:
    assert random_game(4)[1] == random_game(4)[1]
    assert RULES.notation(RULES.new_game(2, 4)) != RULES.notation(RULES.new_game(2, 5))


def test_checked_apply_and_unchecked_advance_agree() -> None:
    state = RULES.new_game(2, 9)
    fast = RULES.clone(state)
    rng = random.Random(9)
    while not RULES.is_over(state):
        seat = RULES.to_move(state)[0]
        action = rng.choice(RULES.legal_actions(state, seat))
        RULES.apply(state, seat, action)
        RULES.advance(fast, seat, action)
        assert RULES.notation(fast) == RULES.notation(state)


# ----- hidden information ----------------------------------------------------------------------------------
def test_observation_shows_own_hand_piles_and_counts_only() -> None:
    state = position(hands=(FOUR_HAND, HIGH_HAND), stakes=(7, 9), set_aside=(2, 0))
    seen = RULES.observe(state, 0)
    assert seen.hand == tuple(FOUR_HAND) and seen.hand_counts == (12, 12)
    assert seen.deck_count == len(state.deck) and seen.stakes == (7, 9) and seen.set_aside == (2, 0)
    assert seen.piles == ((("R",), ("B",)), (("B",), ("R",)))
    assert not hasattr(seen, "deck") and not hasattr(seen, "hands")
    assert RULES.observe(state, -1).hand == ()


def test_a_deck_draw_is_seen_by_the_taker_only_and_pile_takes_by_everyone() -> None:
    state = position(deck_top="BR")
    RULES.apply(state, 0, TAKE_DECK)
    assert RULES.observe(state, 0).reserve == (RED, BLACK)
    assert RULES.observe(state, 1).reserve == () and RULES.observe(state, -1).reserve == ()
    assert RULES.observe(state, 1).reserve_count == 2 and RULES.observe(state, 1).reserve_source == "deck"
    state = position(piles=(("R", "B"), ("BR", "RB")))
    RULES.apply(state, 0, TAKE_THEIRS)
    assert all(RULES.observe(state, viewer).reserve == (BLACK, RED) for viewer in (-1, 0, 1))


def test_determinize_keeps_what_is_seen_and_samples_the_rest() -> None:
    state = position(hands=(FOUR_HAND, "RBRBRBRBRBRB"), piles=(("RRRR", "B"), ("BB", "R")), stakes=(6, 9),
                     set_aside=(3, 0), phase=noaron.PHASE_DISCARD, reserve="BB", reserve_source="deck",
                     turn=1)
    seen = RULES.observe(state, 0)  # the opponent drew from the deck: its reserve is hidden to me
    unseen = RULES.unseen_cards(seen)
    assert Counter(unseen) == Counter(DECK) - Counter(FOUR_HAND + "RRRRB" + "BBR")
    samples = set()
    for k in range(10):
        guess = RULES.determinize(seen, random.Random(k))
        assert RULES.observe(guess, 0) == seen
        assert all_cards(guess) == Counter(DECK)
        assert guess.hands[0] == list(FOUR_HAND)
        samples.add(RULES.notation(guess))
        assert guess.rng.getstate() != state.rng.getstate()
    assert len(samples) == 10
    # the taker itself keeps its reserve
    mine = RULES.determinize(RULES.observe(state, 1), random.Random(1))
    assert mine.reserve == [BLACK, BLACK] and mine.hands[1] == list("RBRBRBRBRBRB")


def test_determinized_states_play_on_with_their_own_chance() -> None:
    state = RULES.new_game(2, 13)
    seen = RULES.observe(state, 0)
    decks = {tuple(RULES.determinize(seen, random.Random(k)).deck) for k in range(5)}
    assert len(decks) == 5


# ----- undo policy (through a Match) -----------------------------------------------------------------------------
def test_undo_pile_takes_but_never_deck_draws_rebuilds_or_settlements() -> None:
    match = Match("noaron", [Seat("human"), Seat("human")], 3)
    seat = match.to_move()[0]
    match.apply(seat, TAKE_MINE)
    assert match.can_undo(seat)
    match.apply(seat, discard(0))
    match.apply(seat, insert(0))
    assert match.can_undo(seat) or match.state.phase == noaron.PHASE_DECIDE
    match.undo(seat)
    match.undo(seat)
    match.undo(seat)
    assert match.state.phase == noaron.PHASE_TAKE and match.log == []
    events = match.apply(seat, TAKE_DECK)
    assert events[0].hides_undo and not match.can_undo(seat)


def test_hides_undo_marks_every_chance_or_reveal_event() -> None:
    hidden = {RoundStarted(0, 0), PileSeeded(0, 0, RED), HandDealt(0, 12), DeckRebuilt(3), Took(0, "deck", ()),
              noaron.StakesDealt((9, 9)), GameEnded(0, (9, 0))}
    assert all(event.hides_undo for event in hidden)
    shown = {Took(0, "mine", (RED, RED)), Discarded(0, 1, (RED, BLACK)), Inserted(0, 1, ()), Declared(0),
             TurnPassed(0)}
    assert not any(event.hides_undo for event in shown)
    _, events = settle(("RRRRBBBBRRBB", "RRRBBBRRRBBR"))
    assert settled(events).hides_undo
    json.dumps([event.to_json() for event in events])


# ----- search hooks ------------------------------------------------------------------------------------------------
def test_search_epoch_counts_finished_rounds_and_rewards_are_the_stake_shares() -> None:
    state, _ = settle(("RRRRBBBBRRBB", "RRRBBBRRRBBR"))  # seat 1 pays 4
    assert RULES.search_epoch(state) == 1
    assert RULES.search_rewards(state) == pytest.approx((9 / 14, 5 / 14))
    small, _ = settle((FOUR_HAND, FOUR_HAND), declarer=1)  # a tie: the declarer pays 3
    assert RULES.search_rewards(small) == pytest.approx((9 / 15, 6 / 15))
    over, _ = settle(("RRRRRRBBBBBB", "RRRBBBRRRBBR"))  # 9 owed from 9: the game is lost
    assert RULES.is_over(over) and RULES.search_rewards(over) == (1.0, 0.0)
    assert not RULES.is_search_leaf(state) and RULES.is_search_leaf(over)


def test_an_unfinished_round_is_scored_as_if_settled_by_the_hands() -> None:
    mid = position(hands=(FOUR_HAND, HIGH_HAND))  # 4 against 12: seat 1 would pay 8
    assert RULES.search_rewards(mid) == pytest.approx((9 / 10, 1 / 10))
    assert RULES.search_epoch(mid) == 0 and not RULES.is_search_leaf(mid)
    even = position(hands=(FOUR_HAND, FOUR_HAND))
    assert RULES.search_rewards(even) == (0.5, 0.5)


@dataclass(slots=True)
class TaggedState(NoaronState):
    """A state with one more field, as a search may add."""

    tag: int = 0


class TaggedRules(noaron.NoaronRules):
    state_class = TaggedState


def test_determinize_makes_the_rules_state_class_and_clone_keeps_the_class() -> None:
    state = position(hands=(FOUR_HAND, HIGH_HAND), turn_number=6)
    seen = RULES.observe(state, 0)
    plain = RULES.determinize(seen, random.Random(3))
    tagged = TaggedRules().determinize(seen, random.Random(3))
    assert type(plain) is NoaronState and type(tagged) is TaggedState
    # the class is all that differs: the same rng gives the same sample
    assert RULES.notation(tagged) == RULES.notation(plain) and RULES.observe(tagged, 0) == seen
    tagged.tag = 5
    twin = RULES.clone(tagged)
    assert type(twin) is TaggedState and twin.tag == 0 and RULES.notation(twin) == RULES.notation(tagged)


def test_determinize_deals_the_hidden_hands_from_the_end_of_the_shuffled_cards() -> None:
    seen = RULES.observe(position(hands=(FOUR_HAND, HIGH_HAND)), 0)
    unseen = list("RRBBBRRRBBBBRB")
    hands = RULES.deal_hidden_hands(seen, unseen)
    assert hands == [list(FOUR_HAND), list("RRBBBRRRBBBBRB"[-12:])] and unseen == list("RR")
    spectator = RULES.observe(position(hands=(FOUR_HAND, HIGH_HAND)), -1)
    cards = list("B" * 12 + "R" * 12)
    assert RULES.deal_hidden_hands(spectator, cards) == [list("R" * 12), list("B" * 12)] and cards == []


def test_the_shuffle_is_a_uniform_permutation() -> None:
    counts = Counter()
    rng = random.Random(6)
    for _ in range(6000):
        cards = ["a", "b", "c"]
        noaron.shuffle(cards, rng)  # type: ignore[arg-type]
        counts["".join(cards)] += 1
    assert len(counts) == 6 and all(800 < count < 1200 for count in counts.values())
