"""NEW & OLD: every rule and check of the rulebook and of RULES-READING's newold section, as tests.

Positions are built directly (``position``) or reached by playing actions. Cards are strings:
"N5" is New 5, "O3" is Old 3; a zone's top is the last card of its list.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import random
import re
import string
from collections import Counter
from pathlib import Path

import pytest

from game.core.errors import IllegalAction
from game.core.house import house_text
from game.core.match import Match, Seat
from game.core.rules import rank_scores
from game.i18n import LANGUAGES, catalogue, t
from game.rules import newold
from game.rules.newold import (
    CARDS,
    DECK,
    DECK_NEW,
    DECK_OLD,
    PHASE_BOX,
    PHASE_OVER,
    PHASE_PLAY,
    REVEAL,
    RULES,
    STAGE_A,
    STAGE_B,
    ZONE_NEW,
    ZONE_OLD,
    BoxChosen,
    CardPlayed,
    Dealt,
    GameRecord,
    GameScored,
    GameStarted,
    Left,
    MatchEnded,
    NewOldAction,
    NewOldState,
    PlayStarted,
    RestBoxed,
    Revealed,
    StageBChecked,
    ZoneStarted,
    card_kind,
    card_number,
    follows,
    may_reveal,
    must_reveal,
    next_start_seat,
    playable_cards,
    rank_points_for,
    score_revealed,
)
from tests.tool_scripts import load_tool


# ----- helpers ------------------------------------------------------------------------------
def play(card: str) -> NewOldAction:
    """The play action of ``card``."""
    return NewOldAction("play", card)


def position(
    hands: list[list[str]],
    old: tuple[str, ...] = ("O3",),
    new: tuple[str, ...] = ("N3",),
    stages: str = "",
    turn: int = 0,
    left: str = "",
    revealed: list[list[str]] | None = None,
    rank_points: bool = False,
) -> NewOldState:
    """A play-phase state with these hands, zones (bottom .. top), stages ("AB.."), seats that
    left ("-x.."), and revealed cards; every seat boxed the lowest New and Old left over, and the
    rest of the 72 cards is in the box, so the deck stays whole."""
    players = len(hands)
    revealed = revealed or [[] for _ in range(players)]
    pool = Counter(DECK)
    for card in [c for hand in hands for c in hand] + list(old) + list(new) + [c for r in revealed for c in r]:
        assert pool[card] > 0, f"more than six {card} in this position"
        pool[card] -= 1
    boxed = []
    for _ in range(players):
        pair = [next(c for c in CARDS[:6] if pool[c]), next(c for c in CARDS[6:] if pool[c])]
        for card in pair:
            pool[card] -= 1
        boxed.append(pair)
    return NewOldState(
        players=players,
        rank_points=rank_points,
        rng=random.Random(7),
        phase=PHASE_PLAY,
        turn=turn,
        hands=[sorted(hand) for hand in hands],
        stages=list(stages or STAGE_A * players),
        left=[mark == "x" for mark in (left or "-" * players)],
        revealed=[list(cards) for cards in revealed],
        zone_old=list(old),
        zone_new=list(new),
        boxed=boxed,
        rest_box=sorted(pool.elements()),
    )


def conserved(state: NewOldState) -> bool:
    """The 72 cards are all somewhere: hands, boxes, revealed, zones, rest."""
    cards = [c for h in state.hands for c in h] + [c for b in state.boxed for c in b]
    cards += [c for r in state.revealed for c in r] + state.zone_old + state.zone_new + state.rest_box
    return Counter(cards) == Counter(DECK)


def choose_boxes(state: NewOldState, events: list | None = None) -> None:
    """Every seat still to choose boxes its lowest New and lowest Old card."""
    while state.phase == PHASE_BOX:
        seat = RULES.to_move(state)[0]
        got = RULES.apply(state, seat, RULES.legal_actions(state, seat)[0])
        if events is not None:
            events.extend(got)


def play_game_out(state: NewOldState, rng: random.Random, events: list | None = None) -> None:
    """Random legal actions until one more game has been recorded."""
    done = len(state.records)
    while len(state.records) == done:
        seat = rng.choice(RULES.to_move(state))
        got = RULES.apply(state, seat, rng.choice(RULES.legal_actions(state, seat)))
        if events is not None:
            events.extend(got)


def play_match(players: int, seed: int, options: dict | None = None) -> tuple[NewOldState, list]:
    """A whole random match through the checked ``apply``; the end state and every event."""
    state = RULES.new_game(players, seed, options)
    rng = random.Random(seed * 31 + players)
    events: list = []
    while not RULES.is_over(state):
        seat = rng.choice(RULES.to_move(state))
        events.extend(RULES.apply(state, seat, rng.choice(RULES.legal_actions(state, seat))))
    return state, events


def fields(text: str) -> set[str]:
    """The names of the ``str.format`` fields in a text."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def refused(state: NewOldState, seat: int, action: object) -> IllegalAction:
    """Apply must refuse ``action`` and leave the position untouched; returns the refusal."""
    before = RULES.notation(state)
    assert not RULES.is_legal(state, seat, action)
    with pytest.raises(IllegalAction) as caught:
        RULES.apply(state, seat, action)
    assert RULES.notation(state) == before
    return caught.value


# ----- cards and the fitting rule ---------------------------------------------------------------
def test_the_deck_is_36_new_and_36_old_numbered_1_to_6_six_times() -> None:
    assert len(DECK_NEW) == len(DECK_OLD) == 36 and len(DECK) == 72
    assert Counter(DECK_NEW) == Counter({f"N{n}": 6 for n in range(1, 7)})
    assert Counter(DECK_OLD) == Counter({f"O{n}": 6 for n in range(1, 7)})
    assert [card_kind(c) for c in ("N5", "O3")] == [newold.NEW, newold.OLD]
    assert [card_number(c) for c in ("N5", "O3", "O6")] == [5, 3, 6]


def test_follows_same_or_exactly_one_higher_and_6_wraps_to_1() -> None:
    for top, number in itertools.product(range(1, 7), repeat=2):
        expected = number == top or number == top + 1 or (top == 6 and number == 1)
        assert follows(top, number) == expected, (top, number)
    assert [n for n in range(1, 7) if follows(6, n)] == [1, 6]
    assert [n for n in range(1, 7) if follows(1, n)] == [1, 2]
    assert not follows(3, 2) and not follows(1, 6)


def test_stage_a_plays_new_or_old_onto_the_old_zone_with_the_6_to_1_wrap() -> None:
    hand = ["N1", "N2", "N6", "O1", "O5", "O6"]
    state = position([hand, ["N4"]], old=("O2", "O6"), new=("N3",))
    legal = RULES.legal_actions(state, 0)
    assert legal == [play("N1"), play("N6"), play("O1"), play("O6")]
    assert playable_cards(hand, STAGE_A, "O6", "N3") == ("N1", "N6", "O1", "O6")
    events = RULES.apply(state, 0, play("N1"))
    assert events[0] == CardPlayed(0, "N1", ZONE_OLD)
    assert state.zone_old[-1] == "N1" and state.zone_new == ["N3"]
    assert state.turn == 1


def test_stage_b_plays_only_new_cards_onto_the_new_zone_with_the_6_to_1_wrap() -> None:
    state = position([["N1", "N2", "N5", "N6"], ["O1", "N4"]], old=("O3",), new=("N6",), stages="BA")
    assert RULES.legal_actions(state, 0) == [play("N1"), play("N6")]
    assert playable_cards(["N1", "N6", "O6", "O1"], STAGE_B, "O6", "N6") == ("N1", "N6")
    events = RULES.apply(state, 0, play("N6"))
    assert events[0] == CardPlayed(0, "N6", ZONE_NEW)
    assert state.zone_new == ["N6", "N6"] and state.zone_old == ["O3"]


def test_the_new_zone_wraps_6_to_1_by_a_named_house_reading_the_help_states() -> None:
    # printed for stage A only; stage B's New zone follows it by the house reading
    assert newold.HOUSE_NEW_ZONE_WRAPS
    assert newold.zone_fits(ZONE_OLD, 6) == (6, 1)
    assert newold.zone_fits(ZONE_NEW, 6) == (6, 1)
    assert newold.zone_fits(ZONE_NEW, 3) == (3, 4)
    words = {"en": ("New zone", "stage B"), "ja": ("ニューゾーン", "ステージB")}
    for lang in LANGUAGES:
        house = catalogue(lang)["newold.help.house.new_zone_wraps"]
        assert all(word in house for word in words[lang]), lang
        assert "6" in house and "1" in house


def test_playable_cards_lists_each_face_once_in_hand_order() -> None:
    assert playable_cards(["N3", "N3", "N4", "O3", "O3"], STAGE_A, "O3", "N1") == ("N3", "N4", "O3")
    assert playable_cards(["N3", "N3"], STAGE_B, "O1", "N3") == ("N3",)
    assert playable_cards([], STAGE_A, "O3", "N3") == ()


def test_players_in_different_stages_play_on_different_zones() -> None:
    state = position([["N4", "O4"], ["N2", "N4", "O4"]], old=("O4",), new=("N1",), stages="AB")
    assert RULES.legal_actions(state, 0) == [play("N4"), play("O4")]
    RULES.apply(state, 0, play("O4"))
    assert RULES.legal_actions(state, 1) == [play("N2")]


# ----- A -> B ---------------------------------------------------------------------------------
def test_reveal_is_refused_while_an_old_card_is_playable() -> None:
    state = position([["N4", "O3", "O5"], ["N1"]], old=("O3",))
    assert not may_reveal(state.hands[0], STAGE_A, "O3")
    legal = RULES.legal_actions(state, 0)
    assert REVEAL not in legal and legal == [play("N4"), play("O3")]
    error = refused(state, 0, REVEAL)
    assert error.reason == "newold.reason.old_playable"
    assert error.params == {"cards": "O3"}


def test_reveal_is_allowed_when_only_a_new_card_fits() -> None:
    state = position([["N4", "O1", "O5"], ["N1"]], old=("O3",))
    assert may_reveal(state.hands[0], STAGE_A, "O3") and not must_reveal(state.hands[0], STAGE_A, "O3")
    assert RULES.legal_actions(state, 0) == [play("N4"), REVEAL]  # playing the New card is fine too


def test_reveal_is_forced_when_no_card_fits() -> None:
    state = position([["N1", "N6", "O1", "O5"], ["N1"]], old=("O3",))
    assert must_reveal(state.hands[0], STAGE_A, "O3")
    assert RULES.legal_actions(state, 0) == [REVEAL]
    assert refused(state, 0, play("N1")).reason == "newold.reason.follow_old"


def test_may_and_must_reveal_match_their_definitions_for_every_small_hand() -> None:
    for top in range(1, 7):
        for hand in itertools.combinations(CARDS, 3):
            olds_fit = any(c[0] == "O" and follows(top, int(c[1])) for c in hand)
            any_fit = any(follows(top, int(c[1])) for c in hand)
            assert may_reveal(hand, STAGE_A, f"O{top}") == (not olds_fit)
            assert must_reveal(hand, STAGE_A, f"O{top}") == (not any_fit)
            assert not may_reveal(hand, STAGE_B, f"O{top}") and not must_reveal(hand, STAGE_B, f"O{top}")


def test_reveal_lays_the_old_cards_and_the_same_seat_plays_on_in_stage_b() -> None:
    state = position([["N2", "N4", "O1", "O6"], ["N1", "O5"]], old=("O3",), new=("N3",))
    events = RULES.apply(state, 0, REVEAL)
    assert events == [Revealed(0, ("O1", "O6"), True), StageBChecked(0, True)]
    assert state.revealed[0] == ["O1", "O6"]
    assert state.hands[0] == ["N2", "N4"]
    assert state.stages[0] == STAGE_B
    assert RULES.to_move(state) == (0,)  # same turn, straight into stage B
    assert RULES.legal_actions(state, 0) == [play("N4")]
    RULES.apply(state, 0, play("N4"))
    assert state.zone_new[-1] == "N4" and state.turn == 1


def test_reveal_with_no_old_card_shows_nothing_and_goes_on_in_b() -> None:
    state = position([["N3", "N5"], ["N1", "O5"]], old=("O3",), new=("N2",))
    assert RULES.legal_actions(state, 0) == [play("N3"), REVEAL]
    events = RULES.apply(state, 0, REVEAL)
    assert events == [Revealed(0, (), True), StageBChecked(0, True)]
    assert state.stages[0] == STAGE_B and state.revealed[0] == []
    assert RULES.legal_actions(state, 0) == [play("N3")]


def test_reveal_then_no_new_card_fits_reveals_the_hand_and_leaves_at_once() -> None:
    state = position([["N1", "N5", "O1"], ["N1", "O5"], ["N2", "O4"]], old=("O3",), new=("N3",))
    events = RULES.apply(state, 0, REVEAL)
    assert events == [
        Revealed(0, ("O1",), True),
        StageBChecked(0, False),
        Revealed(0, ("N1", "N5"), False),
        Left(0, "stuck"),
    ]
    assert state.left == [True, False, False]
    assert state.revealed[0] == ["O1", "N1", "N5"] and state.hands[0] == []
    assert state.turn == 1


def test_revealing_the_last_cards_of_a_hand_leaves_as_empty() -> None:
    state = position([["O1", "O6"], ["N1", "O5"]], old=("O3",))
    events = RULES.apply(state, 0, REVEAL)
    assert events == [Revealed(0, ("O1", "O6"), True), Left(0, "empty")]
    assert state.left[0] and state.turn == 1


def test_a_b_seat_without_a_new_play_reveals_its_hand_and_leaves_when_its_turn_comes() -> None:
    state = position(
        [["N4", "O4"], ["N1", "N6"], ["N2", "O4"]], old=("O4",), new=("N3",), stages="ABA", turn=0
    )
    events = RULES.apply(state, 0, play("O4"))
    assert events == [
        CardPlayed(0, "O4", ZONE_OLD),
        StageBChecked(1, False),
        Revealed(1, ("N1", "N6"), False),
        Left(1, "stuck"),
    ]
    assert state.left == [False, True, False]
    assert state.turn == 2  # seat 1 was passed over
    assert RULES.to_move(state) == (2,)


def test_a_b_seat_that_can_play_is_checked_and_then_must_play() -> None:
    state = position([["N4", "O4"], ["N3", "N5"], ["N2", "O4"]], old=("O4",), new=("N3",), stages="ABA")
    events = RULES.apply(state, 0, play("O4"))
    assert events == [CardPlayed(0, "O4", ZONE_OLD), StageBChecked(1, True)]
    assert RULES.legal_actions(state, 1) == [play("N3")]  # it must play: no reveal, no pass


def test_there_is_no_pass_action() -> None:
    state = position([["N4", "O1"], ["N1", "O5"]], old=("O3",))
    error = refused(state, 0, NewOldAction("pass"))
    assert error.reason == "newold.reason.no_pass"
    for seed in range(20):
        game = RULES.new_game(2 + seed % 4, seed)
        rng = random.Random(seed)
        while not RULES.is_over(game):
            seat = rng.choice(RULES.to_move(game))
            legal = RULES.legal_actions(game, seat)
            assert legal, "a seat to move always has an action"
            assert all(action.kind in ("box", "play", "reveal") for action in legal)
            RULES.advance(game, seat, rng.choice(legal))


def test_a_stage_b_seat_never_gets_the_reveal_again() -> None:
    state = position([["N3", "N5"], ["N1", "O5"]], new=("N3",), stages="BA")
    assert REVEAL not in RULES.legal_actions(state, 0)
    assert refused(state, 0, REVEAL).reason == "newold.reason.already_b"
    assert refused(state, 0, play("O1")).reason in ("newold.reason.not_in_hand", "newold.reason.new_only")


# ----- leaving, skipping, the end of a game -----------------------------------------------------
def test_playing_the_last_card_leaves_and_seats_that_left_are_skipped() -> None:
    state = position([["O3"], ["N1", "O5"], ["N3", "O1"]], old=("O3",), new=("N3",))
    events = RULES.apply(state, 0, play("O3"))
    assert events == [CardPlayed(0, "O3", ZONE_OLD), Left(0, "empty")]
    assert state.left == [True, False, False] and state.turn == 1
    assert RULES.legal_actions(state, 1) == [REVEAL]  # neither N1 nor O5 follows the 3
    events = RULES.apply(state, 1, REVEAL)
    assert events == [Revealed(1, ("O5",), True), StageBChecked(1, False), Revealed(1, ("N1",), False),
                      Left(1, "stuck")]
    assert RULES.to_move(state) == (2,)
    assert RULES.legal_actions(state, 2) == [play("N3"), REVEAL]
    RULES.apply(state, 2, play("N3"))
    assert RULES.to_move(state) == (2,)  # everyone else has left: seat 2 plays again
    assert RULES.legal_actions(state, 2) == [REVEAL]
    events = RULES.apply(state, 2, REVEAL)
    assert events[:2] == [Revealed(2, ("O1",), True), Left(2, "empty")]
    assert state.records[0].scores == (0, -4, -1)


def test_the_game_ends_when_everyone_has_left_and_scores_the_revealed_cards() -> None:
    state = position(
        [["O3"], [], []],
        old=("O3",),
        new=("N1",),
        stages="ABB",
        left="-xx",
        revealed=[[], ["O3", "O2", "O3"], ["N5", "N3", "O3", "O4"]],
    )
    events = RULES.apply(state, 0, play("O3"))
    scored = next(e for e in events if isinstance(e, GameScored))
    assert scored == GameScored(0, (0, -8, 1), (), (0, -8, 1))
    assert state.records[0] == GameRecord(0, (0, -8, 1), (), ((), ("O3", "O2", "O3"), ("N5", "N3", "O3", "O4")))
    # the next game is dealt at once and started by the lowest scorer
    assert state.game == 1 and state.phase == PHASE_BOX and state.start_seat == 1
    assert events[events.index(scored) + 1] == GameStarted(1, 1, "lowest")


def test_the_three_scoring_cases_of_the_rulebook_and_an_empty_reveal() -> None:
    assert score_revealed(["N5", "N3", "O3", "O4"]) == 1
    assert score_revealed(["O3", "O2", "O3"]) == -8
    assert score_revealed(["N5", "N2", "N2"]) == -9
    assert score_revealed([]) == 0
    assert score_revealed(["O6", "N1"]) == -5
    assert score_revealed(["N6", "N6", "O1"]) == 11


def test_score_revealed_matches_the_three_cases_for_every_small_set() -> None:
    for size in range(4):
        for cards in itertools.combinations_with_replacement(CARDS, size):
            new = sum(int(c[1]) for c in cards if c[0] == "N")
            old = sum(int(c[1]) for c in cards if c[0] == "O")
            kinds = {c[0] for c in cards}
            expected = new - old if kinds == {"N", "O"} else -(new + old)
            assert score_revealed(cards) == expected


# ----- setup ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_deals_7_and_7_turns_up_one_card_per_zone_and_boxes_the_rest(players: int) -> None:
    match = Match("newold", [Seat("human")] * players, 31 + players)
    state = match.state
    assert state.phase == PHASE_BOX and state.game == 0 and state.start_seat == 0
    for hand in state.hands:
        assert len(hand) == 14
        assert sum(1 for c in hand if c[0] == "N") == 7
        assert hand == sorted(hand)
    assert len(state.zone_old) == 1 and state.zone_old[0][0] == "O"
    assert len(state.zone_new) == 1 and state.zone_new[0][0] == "N"
    rest = 36 - 7 * players - 1
    assert sum(c[0] == "N" for c in state.rest_box) == rest
    assert sum(c[0] == "O" for c in state.rest_box) == rest
    assert len(state.rest_box) == 2 * rest
    assert state.boxed == [[] for _ in range(players)]
    assert state.stages == [STAGE_A] * players and not any(state.left)
    assert conserved(state)


@pytest.mark.parametrize("players", [2, 5])
def test_setup_events_tell_the_deal_the_zones_and_the_rest(players: int) -> None:
    state = RULES.new_game(players, 3)
    rng = random.Random(3)
    events: list = []
    play_game_out(state, rng, events)
    started = events.index(GameStarted(1, state.start_seat, "lowest"))
    rest = 36 - 7 * players - 1
    assert events[started + 1:started + 1 + players] == [
        Dealt((state.start_seat + k) % players, 7, 7) for k in range(players)
    ]
    assert events[started + 1 + players:started + 4 + players] == [
        ZoneStarted(ZONE_OLD, state.zone_old[0]),
        ZoneStarted(ZONE_NEW, state.zone_new[0]),
        RestBoxed(rest, rest),
    ]


def test_twelve_cards_in_hand_after_the_box_choice() -> None:
    state = RULES.new_game(4, 8)
    events: list = []
    choose_boxes(state, events)
    assert [len(hand) for hand in state.hands] == [12] * 4
    for hand, box in zip(state.hands, state.boxed):
        assert Counter(c[0] for c in hand) == Counter({"N": 6, "O": 6})
        assert box[0][0] == "N" and box[1][0] == "O"
    assert events[-1] == PlayStarted(0)
    assert state.phase == PHASE_PLAY and RULES.to_move(state) == (0,)
    assert conserved(state)


def test_the_box_choice_is_simultaneous_and_secret() -> None:
    state = RULES.new_game(3, 5)
    assert RULES.to_move(state) == (0, 1, 2)
    hand = list(state.hands[1])
    legal = RULES.legal_actions(state, 1)
    news = sorted({c for c in hand if c[0] == "N"})
    olds = sorted({c for c in hand if c[0] == "O"})
    assert legal == [NewOldAction("box", n, o) for n in news for o in olds]
    choice = NewOldAction("box", news[-1], olds[0])
    before = {viewer: RULES.observe(state, viewer) for viewer in (-1, 0, 2)}
    events = RULES.apply(state, 1, choice)
    assert events == [BoxChosen(1)]  # no face in the event
    assert RULES.to_move(state) == (0, 2)
    assert RULES.legal_actions(state, 1) == []
    assert refused(state, 1, legal[0]).reason == "reason.not_your_turn"
    mine = RULES.observe(state, 1)
    assert mine.my_box == (news[-1], olds[0]) and mine.chosen == (False, True, False)
    for viewer in (-1, 0, 2):
        other = RULES.observe(state, viewer)
        assert other.chosen == (False, True, False)
        assert other.my_box == ()
        assert other.hand_kinds[1] == (6, 6)
        # all the others learn: seat 1 has chosen and holds one New and one Old card fewer
        assert other == dataclasses.replace(
            before[viewer], chosen=(False, True, False), hand_kinds=((7, 7), (6, 6), (7, 7))
        )
        # and any other choice would have looked the same to them
        twin = RULES.new_game(3, 5)
        RULES.apply(twin, 1, legal[0] if legal[0] != choice else legal[-1])
        assert RULES.observe(twin, viewer) == other
    # seat 2 may act before seat 0: any order; play starts only when the last seat is in
    RULES.apply(state, 2, RULES.legal_actions(state, 2)[0])
    assert state.phase == PHASE_BOX and RULES.to_move(state) == (0,)
    events = RULES.apply(state, 0, RULES.legal_actions(state, 0)[-1])
    assert events == [BoxChosen(0), PlayStarted(0)]
    assert state.phase == PHASE_PLAY


def test_box_refusals_name_the_problem() -> None:
    state = RULES.new_game(2, 9)
    hand = state.hands[0]
    new = next(c for c in hand if c[0] == "N")
    old = next(c for c in hand if c[0] == "O")
    missing = next(c for c in CARDS[6:] if c not in hand)
    assert refused(state, 0, NewOldAction("box", old, new)).reason == "newold.reason.box_kinds"
    assert refused(state, 0, NewOldAction("box", new, new)).reason == "newold.reason.box_kinds"
    error = refused(state, 0, NewOldAction("box", new, missing))
    assert (error.reason, error.params) == ("newold.reason.not_in_hand", {"card": missing})
    assert refused(state, 0, play(new)).reason == "newold.reason.box_first"
    assert refused(state, 0, REVEAL).reason == "newold.reason.box_first"
    choose_boxes(state)
    assert refused(state, 0, NewOldAction("box", new, old)).reason == "newold.reason.box_done"


# ----- the match --------------------------------------------------------------------------------
def test_next_start_player_is_the_lowest_scorer() -> None:
    assert next_start_seat([3, -2, 5, 0], 0) == 1
    assert next_start_seat([3, -2, 5, -9], 1) == 3
    assert next_start_seat([0, 0], 1) == 0


def test_a_tie_for_lowest_goes_clockwise_from_the_seat_after_the_previous_start() -> None:
    scores = [-4, 2, -4, -4, 1]
    assert next_start_seat(scores, 0) == 2  # after 0: 1, 2 -> seat 2
    assert next_start_seat(scores, 2) == 3  # after 2: 3
    assert next_start_seat(scores, 3) == 0  # after 3: 4, 0 -> seat 0
    assert next_start_seat([-1, -1, -1], 1) == 2
    assert next_start_seat([-1, 5, -1], 0) == 2  # the previous start comes last
    assert next_start_seat([-1, 5, 3], 0) == 0  # ... but still starts when alone at the bottom


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_match_is_as_many_games_as_players_each_started_by_the_lowest_scorer(players: int) -> None:
    state, events = play_match(players, 200 + players)
    assert RULES.is_over(state) and state.phase == PHASE_OVER and RULES.to_move(state) == ()
    assert len(state.records) == players
    started = [e for e in events if isinstance(e, GameStarted)]
    assert [e.game for e in started] == list(range(1, players))
    assert state.records[0].start_seat == 0
    for before, after in zip(state.records, state.records[1:]):
        assert after.start_seat == next_start_seat(before.scores, before.start_seat)
    for event, record in zip(started, state.records[1:]):
        assert (event.start_seat, event.why) == (record.start_seat, "lowest")
    ended = [e for e in events if isinstance(e, MatchEnded)]
    assert ended == [events[-1]] and ended[0].winners == RULES.result(state).winners
    assert refused(state, 0, REVEAL).reason == "reason.game_over"


def test_the_first_game_starts_with_seat_0() -> None:
    match = Match("newold", [Seat("human")] * 3, 4)
    assert match.state.start_seat == 0
    choose = [(seat, match.legal_actions(seat)[0]) for seat in match.to_move()]
    events = []
    for seat, action in choose:
        events += match.apply(seat, action)
    assert events[-1] == PlayStarted(0) and match.to_move() == (0,)


def test_game_scored_events_carry_the_scores_and_running_totals() -> None:
    state, events = play_match(4, 17)
    scored = [e for e in events if isinstance(e, GameScored)]
    running = [0] * 4
    for number, (event, record) in enumerate(zip(scored, state.records)):
        assert event.game == number and event.scores == record.scores
        assert event.scores == tuple(score_revealed(cards) for cards in record.revealed)
        assert event.rank_points == ()
        running = [a + b for a, b in zip(running, event.scores)]
        assert event.totals == tuple(running)
    assert RULES.totals(state) == tuple(running)
    result = RULES.result(state)
    assert result.scores == tuple(float(x) for x in running)
    assert result.rounds == tuple(tuple(float(x) for x in r.scores) for r in state.records)
    assert result.breakdown == tuple({"newold.score.diamonds": float(x)} for x in running)


# ----- rank points (variant) ---------------------------------------------------------------------
def test_rank_points_of_the_rulebook_example() -> None:
    assert rank_points_for([7, 7, 3, 3]) == (1, 1, -1, -1)


@pytest.mark.parametrize(
    "scores,points",
    [
        ((9, 5, 2, -4), (2, 1, 0, -1)),
        ((9, 5, 5, -4), (2, 0, 0, -1)),  # tied in the middle: both take 3rd place
        ((9, 9, 9, -4), (0, 0, 0, -1)),
        ((9, 5, 5, 5), (2, -1, -1, -1)),
        ((4, 4, 4, 4), (-1, -1, -1, -1)),  # all tied: all share last
        ((3, -1), (2, -1)),  # 2 players: 2nd is also last
        ((3, 3), (-1, -1)),
        ((1, 8, 0), (1, 2, -1)),
        ((0, 6, 6, 2, -3), (0, 1, 1, 0, -1)),
        ((6, 0, 2, 6, 1), (1, -1, 0, 1, 0)),
    ],
)
def test_rank_points_more_cases(scores: tuple[int, ...], points: tuple[int, ...]) -> None:
    assert rank_points_for(scores) == points


def test_with_the_variant_the_match_is_won_on_rank_points() -> None:
    state, events = play_match(4, 23, {"rank_points": True})
    scored = [e for e in events if isinstance(e, GameScored)]
    running = [0] * 4
    for event, record in zip(scored, state.records):
        assert event.rank_points == rank_points_for(event.scores) == record.rank_points
        running = [a + b for a, b in zip(running, event.rank_points)]
        assert event.totals == tuple(running)
    result = RULES.result(state)
    assert result.scores == tuple(float(x) for x in running)
    assert result.ranks == rank_scores(running)
    for seat in range(4):
        assert result.breakdown[seat] == {
            "newold.score.diamonds": float(sum(r.scores[seat] for r in state.records)),
            "newold.score.rank_points": float(running[seat]),
        }


def test_a_shared_first_place_is_noted() -> None:
    state = RULES.new_game(2, 1)
    state.records = [GameRecord(0, (3, -2), (), ((), ())), GameRecord(1, (-4, 1), (), ((), ()))]
    state.phase = PHASE_OVER
    result = RULES.result(state)
    assert result.scores == (-1.0, -1.0) and result.winners == (0, 1)
    assert result.notes == ("newold.note.shared_win",)
    state.records[1] = GameRecord(1, (-4, 2), (), ((), ()))
    assert RULES.result(state).notes == () and RULES.result(state).winners == (1,)


# ----- refusals and look-alikes --------------------------------------------------------------------
def reason_situations() -> list[tuple[str, dict]]:
    """(reason, params) of every refusal the rules can give, produced by the rules themselves."""
    found = []
    box = RULES.new_game(2, 2)
    hand = box.hands[0]
    new = next(c for c in hand if c[0] == "N")
    old = next(c for c in hand if c[0] == "O")
    missing = next(c for c in CARDS if c not in hand)
    for action in (play(new), NewOldAction("box", old, new), NewOldAction("box", new, missing) if
                   missing[0] == "O" else NewOldAction("box", missing, old), NewOldAction("pass")):
        found.append(RULES.explain_illegal(box, 0, action))
    a = position([["N4", "O3", "O5"], ["N1", "N2"]], old=("O3",), new=("N2",), stages="AB")
    for action in (REVEAL, play("O5"), play("O6"), NewOldAction("box", "N4", "O3"), NewOldAction("fly")):
        found.append(RULES.explain_illegal(a, 0, action))
    for action in (REVEAL, play("N1"), play("O5")):
        found.append(RULES.explain_illegal(a, 1, action))
    b = position([["N4", "O3"], ["N1", "N2"]], old=("O3",), new=("N2",), stages="AB", turn=1)
    found.append(RULES.explain_illegal(b, 1, play("O3")))
    return [(reason, params) for reason, _, params in found]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_refusal_reads_well_in_both_languages(lang: str) -> None:
    situations = reason_situations()
    reasons = {reason for reason, _ in situations}
    assert reasons >= {
        "newold.reason.no_pass",
        "newold.reason.box_first",
        "newold.reason.box_done",
        "newold.reason.box_kinds",
        "newold.reason.not_in_hand",
        "newold.reason.new_only",
        "newold.reason.follow_old",
        "newold.reason.follow_new",
        "newold.reason.already_b",
        "newold.reason.old_playable",
        "reason.illegal",
    }
    for reason, params in situations:
        text = catalogue(lang)[reason]
        assert fields(text) <= set(params), f"{reason} needs {fields(text) - set(params)}"
        shown = t(reason, lang, **params)
        assert "{" not in shown and "}" not in shown
        for value in params.values():
            assert str(value) in shown


def test_the_follow_reason_says_what_fits() -> None:
    state = position([["N4", "O1", "O5"], ["N1"]], old=("O6",), new=("N2",))
    error = refused(state, 0, play("O5"))
    assert error.reason == "newold.reason.follow_old"
    assert error.params == {"top": 6, "same": 6, "higher": 1}
    state = position([["N4", "N5"], ["N1"]], old=("O6",), new=("N2",), stages="BA")
    error = refused(state, 0, play("N5"))
    assert (error.reason, error.params) == ("newold.reason.follow_new", {"top": 2, "same": 2, "higher": 3})
    assert refused(state, 0, play("N3")).params == {"card": "N3"}


def test_every_reason_key_the_rules_use_exists_in_both_languages() -> None:
    source = Path(newold.__file__).read_text(encoding="utf-8")
    used = set(re.findall(r'"(newold\.(?:reason|score|note|option)\.[a-z_]+)"', source))
    assert len(used) >= 14
    for lang in LANGUAGES:
        assert not used - set(catalogue(lang)), lang


def test_look_alike_actions_of_the_wrong_type_are_refused() -> None:
    """Legality is checked by equality: a plain tuple equal to a legal action, or a card that is
    not a str, must not reach the state or the log."""
    state = position([["N4", "O3", "O5"], ["N1"]], old=("O3",))
    assert play("O3") in RULES.legal_actions(state, 0)
    for bogus in (
        ("play", "O3", ""),
        ["play", "O3", ""],
        NewOldAction("play", ("O3",)),  # type: ignore[arg-type]
        NewOldAction(b"play", "O3"),  # type: ignore[arg-type]
        NewOldAction("play", "O3", None),  # type: ignore[arg-type]
        NewOldAction("play", "o3"),
        NewOldAction("play", "O3 "),
    ):
        refused(state, 0, bogus)


def test_acting_out_of_turn_is_refused() -> None:
    state = position([["N4", "O3"], ["N3", "O4"]], old=("O3",))
    error = refused(state, 1, play("O4"))
    assert (error.reason, error.params) == ("reason.not_your_turn", {"seat": 1})


# ----- undo policy ---------------------------------------------------------------------------------
def test_events_that_reveal_or_draw_on_chance_hide_undo() -> None:
    hiding = [
        GameStarted(0, 0, "first"),
        ZoneStarted(ZONE_OLD, "O3"),
        PlayStarted(0),
        Revealed(0, (), True),
        Revealed(0, ("N1",), False),
        StageBChecked(1, True),
        GameScored(0, (0, 0), (), (0, 0)),
        MatchEnded((0, 0), (0, 1)),
    ]
    public = [Dealt(0, 7, 7), RestBoxed(3, 3), BoxChosen(0), CardPlayed(0, "N1", ZONE_OLD), Left(0, "empty")]
    assert all(event.hides_undo for event in hiding)
    assert not any(event.hides_undo for event in public)


def test_a_play_can_be_taken_back_but_not_a_reveal() -> None:
    match = Match("newold", [Seat("human"), Seat("human")], 12)
    for seat in match.to_move():
        match.apply(seat, match.legal_actions(seat)[0])
    assert not match.can_undo(1)  # play began: the box choices are settled
    rng = random.Random(2)
    undone = revealed = False
    for _ in range(200):
        if match.is_over() or (undone and revealed):
            break
        seat = match.to_move()[0]
        legal = match.legal_actions(seat)
        action = rng.choice(legal)
        events = match.apply(seat, action)
        if any(e.hides_undo for e in events):
            revealed = revealed or action == REVEAL
            assert not match.can_undo(seat)
        elif action.kind == "play" and not undone:
            before = len(match.log)
            assert match.can_undo(seat)
            match.undo(seat)
            assert len(match.log) == before - 1
            match.apply(seat, action)
            undone = True
    assert undone and revealed


# ----- observation and determinize ----------------------------------------------------------------
def test_observation_shows_own_cards_and_public_counts_only() -> None:
    state = RULES.new_game(3, 41)
    choose_boxes(state)
    for viewer in (-1, 0, 1, 2):
        seen = RULES.observe(state, viewer)
        assert seen.hand == (tuple(state.hands[viewer]) if viewer >= 0 else ())
        assert seen.my_box == (tuple(state.boxed[viewer]) if viewer >= 0 else ())
        assert seen.hand_kinds == ((6, 6),) * 3
        assert seen.rest_box_kinds == (14, 14)
        assert seen.old_top == state.zone_old[-1] and seen.new_top == state.zone_new[-1]
        assert seen.games_total == 3 and seen.chosen == (True, True, True)
        assert not hasattr(seen, "hands") and not hasattr(seen, "rest_box")


def test_unseen_cards_are_72_minus_what_the_observer_sees() -> None:
    state = position([["N4", "O3", "O5"], ["N1", "N2"], ["O6"]], old=("O1", "O3"), new=("N2",),
                     stages="ABA", revealed=[[], ["O4", "O4"], []])
    seen = RULES.observe(state, 0)
    unseen = Counter(RULES.unseen_cards(seen))
    visible = Counter(["N4", "O3", "O5", *state.boxed[0], "O1", "O3", "N2", "O4", "O4"])
    assert unseen == Counter(DECK) - visible
    assert sum(unseen.values()) == 72 - 10


@pytest.mark.parametrize("seed", range(6))
def test_determinize_respects_the_public_kind_counts(seed: int) -> None:
    state = RULES.new_game(4, seed)
    rng = random.Random(seed)
    steps = rng.randrange(3, 40)
    for _ in range(steps):
        if RULES.is_over(state):
            break
        seat = rng.choice(RULES.to_move(state))
        RULES.advance(state, seat, rng.choice(RULES.legal_actions(state, seat)))
    for viewer in (-1, 0, 2):
        seen = RULES.observe(state, viewer)
        for k in range(5):
            guess = RULES.determinize(seen, random.Random(k))
            assert RULES.observe(guess, viewer) == seen
            assert conserved(guess)
            for seat in range(4):
                assert (sum(c[0] == "N" for c in guess.hands[seat]),
                        sum(c[0] == "O" for c in guess.hands[seat])) == seen.hand_kinds[seat]
                if seen.chosen[seat]:
                    assert [c[0] for c in guess.boxed[seat]] == ["N", "O"]
                else:
                    assert guess.boxed[seat] == []


def test_in_the_box_phase_other_chosen_boxes_are_guessed_afresh() -> None:
    state = RULES.new_game(3, 77)
    RULES.apply(state, 1, RULES.legal_actions(state, 1)[0])
    seen = RULES.observe(state, 0)
    boxes = set()
    for k in range(30):
        guess = RULES.determinize(seen, random.Random(k))
        assert guess.boxed[0] == [] and guess.boxed[2] == []
        boxes.add(tuple(guess.boxed[1]))
        assert RULES.to_move(guess) == (0, 2)
    assert len(boxes) > 5


def test_determinize_reseeds_the_state_rng_from_the_given_rng() -> None:
    state = RULES.new_game(2, 5)
    seen = RULES.observe(state, 0)
    first = RULES.determinize(seen, random.Random(1))
    again = RULES.determinize(seen, random.Random(1))
    other = RULES.determinize(seen, random.Random(2))
    assert first.rng.getstate() == again.rng.getstate()
    assert first.rng.getstate() != other.rng.getstate()
    assert first.rng.getstate() != state.rng.getstate()


# ----- notation, determinism, apply vs advance -----------------------------------------------------
def test_encode_decode_round_trip_and_refusals() -> None:
    for action in (NewOldAction("box", "N3", "O5"), play("N3"), play("O6"), REVEAL):
        assert RULES.decode_action(RULES.encode_action(action)) == action
    assert RULES.encode_action(NewOldAction("box", "N3", "O5")) == "box N3 O5"
    assert RULES.encode_action(play("N3")) == "play N3"
    assert RULES.encode_action(REVEAL) == "reveal"
    assert RULES.decode_action("  play O2 ") == play("O2")
    for text in ("", "pass", "play", "play N7", "play X1", "box N3", "box N3 O9", "reveal now", "play n3"):
        with pytest.raises(IllegalAction):
            RULES.decode_action(text)


def test_notation_describes_the_position() -> None:
    state = position([["N4", "O3"], ["N1"]], old=("O1", "O3"), new=("N2",), stages="AB", left="--")
    text = RULES.notation(state)
    assert text.startswith("newold 2p g0 s0 play t0 | N4O3/N1 | AB | -- | -/- | old O1,O3 | new N2 | box ")
    assert "rest " + "".join(state.rest_box) in text
    assert RULES.notation(RULES.new_game(3, 1, {"rank_points": True})).startswith("newold 3pR g0 s0 box ")


def test_same_seed_same_match_and_different_seeds_differ() -> None:
    a, _ = play_match(3, 77)
    b, _ = play_match(3, 77)
    assert RULES.notation(a) == RULES.notation(b) and a.records == b.records
    assert len({RULES.notation(RULES.new_game(3, seed)) for seed in range(10)}) == 10


def test_checked_apply_and_unchecked_advance_agree() -> None:
    for seed in range(8):
        checked = RULES.new_game(2 + seed % 4, seed, {"rank_points": bool(seed % 2)})
        fast = RULES.clone(checked)
        rng = random.Random(seed)
        while not RULES.is_over(checked):
            seat = rng.choice(RULES.to_move(checked))
            action = rng.choice(RULES.legal_actions(checked, seat))
            RULES.apply(checked, seat, action)
            RULES.advance(fast, seat, action)
            assert RULES.notation(fast) == RULES.notation(checked)
            assert conserved(checked)


def test_public_events_rebuild_the_zones_and_the_revealed_cards() -> None:
    state = RULES.new_game(4, 13)
    rng = random.Random(13)
    zones = {ZONE_OLD: list(state.zone_old), ZONE_NEW: list(state.zone_new)}  # game 0 is dealt by new_game
    shown: list[list[str]] = [[] for _ in range(4)]
    gone = [False] * 4
    while not RULES.is_over(state):
        seat = rng.choice(RULES.to_move(state))
        for event in RULES.apply(state, seat, rng.choice(RULES.legal_actions(state, seat))):
            if isinstance(event, GameStarted):
                zones = {ZONE_OLD: [], ZONE_NEW: []}
                shown, gone = [[] for _ in range(4)], [False] * 4
            elif isinstance(event, (ZoneStarted, CardPlayed)):
                zones[event.zone].append(event.card)
            elif isinstance(event, Revealed):
                shown[event.seat].extend(event.cards)
            elif isinstance(event, Left):
                gone[event.seat] = True
        if not RULES.is_over(state):
            assert zones == {ZONE_OLD: state.zone_old, ZONE_NEW: state.zone_new}
            assert shown == state.revealed and gone == state.left


# ----- search hooks ---------------------------------------------------------------------------------
def test_search_epoch_counts_finished_games_and_rewards_stay_in_0_1() -> None:
    for options in ({}, {"rank_points": True}):
        state = RULES.new_game(3, 5, options)
        rng = random.Random(5)
        for games in range(3):
            assert RULES.search_epoch(state) == games
            play_game_out(state, rng)
            rewards = RULES.search_rewards(state)
            assert all(0.0 <= r <= 1.0 for r in rewards)
            totals = RULES.totals(state)
            best = max(totals)
            leaders = [s for s in range(3) if totals[s] == best]
            assert all(rewards[s] == max(rewards) for s in leaders)
        assert RULES.is_over(state)


# ----- perft-style regression table ---------------------------------------------------------------
LINES_FILE = Path(__file__).resolve().parents[1] / "data" / "newold_lines.json"
LINES = json.loads(LINES_FILE.read_text(encoding="utf-8"))["lines"]


def test_the_line_table_covers_every_player_count_and_the_variant() -> None:
    kinds = {(line["players"], line["options"]["rank_points"]) for line in LINES}
    assert {2, 3, 4, 5} <= {players for players, _ in kinds}
    assert any(variant for _, variant in kinds)
    assert sum(len(line["steps"]) for line in LINES) > 500


@pytest.mark.parametrize("line", LINES, ids=[f"{x['players']}p-seed{x['seed']}" for x in LINES])
def test_legal_action_counts_along_the_recorded_lines(line: dict) -> None:
    """Regenerate tests/data/newold_lines.json (tools/make_newold_lines.py) only after a deliberate
    rules change; a failure here otherwise means the rules changed by accident."""
    state = RULES.new_game(line["players"], line["seed"], line["options"])
    assert RULES.notation(state) == line["start"]
    for number, (seat, count, text) in enumerate(line["steps"]):
        assert seat in RULES.to_move(state), f"step {number}"
        actions = RULES.legal_actions(state, seat)
        assert len(actions) == count, f"step {number}: {RULES.notation(state)}"
        action = RULES.decode_action(text)
        assert action in actions, f"step {number}"
        RULES.apply(state, seat, action)
    assert RULES.is_over(state)
    assert RULES.notation(state) == line["end"]
    assert [int(s) for s in RULES.result(state).scores] == line["scores"]


def test_the_line_table_is_what_its_script_writes() -> None:
    module = load_tool("make_newold_lines")
    assert module.dump(module.make_table()) == LINES_FILE.read_text(encoding="utf-8")


# ----- help and score texts ------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGUAGES)
def test_help_covers_the_whole_game_and_the_house_readings(lang: str) -> None:
    texts = catalogue(lang)
    assert texts["newold.help.title"].strip()
    body = texts["newold.help.body"]
    paragraphs = body.split("\n\n")
    assert len(paragraphs) >= 10 and all(p == p.strip() and p for p in paragraphs)
    # the numbers a player needs: 72 cards, 7 + 7 dealt, 12 kept, the three rulebook examples
    for number in ("72", "36", "7", "12", "−8", "−9", "2", "−1"):
        assert number in body, number
    house = house_text("newold", lang)
    assert "1" in house  # seat 1 starts the first game
    assert "−1" in house  # rank points with 2 players / all tied
    for key in ("newold.score.diamonds", "newold.score.rank_points", "newold.note.shared_win",
                "newold.option.rank_points", "newold.option.rank_points.hint"):
        assert texts[key].strip(), key


def test_japanese_texts_are_japanese_and_differ_from_english() -> None:
    japanese = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
    ja, en = catalogue("ja"), catalogue("en")
    keys = [key for key in en if key.startswith("newold.")]
    assert len(keys) >= 18
    for key in keys:
        assert japanese.search(ja[key]), key
        assert not japanese.search(en[key]), key
