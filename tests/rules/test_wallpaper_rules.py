"""That Old Wallpaper: the rulebook and RULES-READING's wallpaper section, as tests.

Positions are reached by playing actions on a seeded game whose hidden parts (hands, deck top)
are first set by ``hand``/``stack_deck``, or built directly. Rows: ``rows[0]`` is the high end.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest

from game.core.errors import IllegalAction
from game.core.match import SAVE_VERSION, Match
from game.rules import wallpaper as wp
from game.rules import wallpaper_deck
from game.rules.wallpaper import (
    CARDS,
    GRANDMA,
    HAZY_COUNT,
    HAZY_FIRST,
    LARGE,
    OVAL,
    RULES,
    SMALL,
    WILD,
    Block,
    CardPlaced,
    GameScored,
    HazyGiven,
    NumberChosen,
    NumbersRevealed,
    PileReshuffled,
    RoundStarted,
    RowCardDealt,
    RowTaken,
    Shape,
    TokenMoved,
    TurnStarted,
    WallpaperAction,
    WallpaperState,
    card_by_id,
    completed_shapes,
    edges,
    legal_cells,
    meeting,
    memories_on,
    memory_points,
    ovals_on,
    pick,
    place,
    play,
    score_parts,
    shape_counts,
    shape_points,
    shapes_made,
)
from tests.tool_scripts import load_tool

ROOT = Path(__file__).resolve().parents[2]


# ----- helpers ------------------------------------------------------------------------------
def card_with(**want: str) -> int:
    """The first wallpaper card whose fields match ``want`` (e.g. bottom="R", centre="")."""
    for card in CARDS:
        if all(getattr(card, key) == value for key, value in want.items()):
            return card.id
    raise LookupError(want)


def hand(state: WallpaperState, seat: int, numbers: tuple[int, ...]) -> None:
    """Give ``seat`` exactly these numbers in hand (the rest of its numbers go to its pile)."""
    held = set(numbers)
    rest = [n for n in wp.NUMBERS if n not in held and n not in state.discards[seat] and n != state.chosen[seat]]
    state.hands[seat] = sorted(numbers)
    state.piles[seat] = rest


def stack_deck(state: WallpaperState, cards: list[int]) -> None:
    """Put these cards on top of the deck, ``cards[0]`` drawn first."""
    rest = [card for card in state.deck if card not in cards]
    state.deck = rest + list(reversed(cards))


def fresh(players: int, seed: int = 1, line: tuple[int, ...] | None = None) -> WallpaperState:
    """A new game, optionally with a chosen token line (Grandma stays at the back)."""
    state = RULES.new_game(players, seed)
    if line is not None:
        state.token_line = list(line) + ([GRANDMA] if players == 2 else [])
    return state


def reveal(state: WallpaperState, numbers: tuple[int, ...]) -> list:
    """Every seat plays its number (each is first put in its hand); return the events."""
    events: list = []
    for seat, number in enumerate(numbers):
        if number not in state.hands[seat]:
            hand(state, seat, (number, *state.hands[seat][:4]))
        events += RULES.apply(state, seat, play(number))
    return events


def place_all(state: WallpaperState) -> list:
    """The current placer puts every pending card on its first legal cell, unturned."""
    events: list = []
    seat = state.placer
    while state.phase in (wp.PHASE_PLACE, wp.PHASE_HAZY) and state.placer == seat:
        events += RULES.apply(state, seat, RULES.legal_actions(state, seat)[0])
    return events


def finish_turn(state: WallpaperState) -> list:
    """Resolve the rest of the turn: picks take the first blocked row, places the first cell."""
    events: list = []
    turn = state.turn
    while state.turn == turn and state.phase in (wp.PHASE_PICK, wp.PHASE_PLACE):
        seat = RULES.to_move(state)[0]
        events += RULES.apply(state, seat, RULES.legal_actions(state, seat)[0])
    return events


def kinds(events: list) -> list[str]:
    return [event.kind for event in events]


# ----- deck data ------------------------------------------------------------------------------
def load_generator():
    return load_tool("make_wallpaper_deck")


def test_the_generator_reproduces_the_committed_deck() -> None:
    generator = load_generator()
    assert generator.DECK_SEED == wallpaper_deck.DECK_SEED == 2022
    committed = (ROOT / "game" / "rules" / "wallpaper_deck.py").read_text(encoding="utf-8")
    assert generator.render() == committed, "run python tools/make_wallpaper_deck.py"


def test_deck_counts_follow_the_house_reading() -> None:
    assert len(CARDS) == 109 and [card.id for card in CARDS] == list(range(109))
    large = Counter(half for card in CARDS for half in (card.top, card.bottom))
    small = Counter(half for card in CARDS for half in (card.left, card.right))
    for counts in (large, small):
        assert sum(counts.values()) == 218
        assert counts == {"R": 50, "Y": 50, "B": 50, "G": 50, "W": 18}
    centres = Counter(card.centre for card in CARDS)
    assert centres == {"clock": 9, "radio": 9, "teddy": 9, "kite": 9, OVAL: 12, "": 61}


def test_hazy_cards_are_wild_everywhere_and_have_no_centre() -> None:
    assert (HAZY_FIRST, HAZY_COUNT) == (109, 21)
    for card_id in range(HAZY_FIRST, HAZY_FIRST + HAZY_COUNT):
        card = card_by_id(card_id)
        assert (card.id, card.top, card.bottom, card.left, card.right, card.centre) == (card_id, *"WWWW", "")
    assert card_by_id(5) is CARDS[5]


# ----- geometry -------------------------------------------------------------------------------
def test_edges_turn_by_180_degrees() -> None:
    card = CARDS[2]
    assert edges(2, 0) == (card.top, card.right, card.bottom, card.left)
    assert edges(2, 180) == (card.bottom, card.left, card.top, card.right)


def test_meeting_halves() -> None:
    assert meeting("R", "R") == "R"
    assert meeting("W", "G") == meeting("G", "W") == "G"
    assert meeting("W", "W") == WILD
    assert meeting("R", "B") is None


def test_legal_cells_first_card_and_adjacency() -> None:
    assert legal_cells({}) == ((0, 0),)
    wall = {(0, 0): (1, 0)}
    assert legal_cells(wall) == ((0, -1), (-1, 0), (1, 0), (0, 1))
    wall[(1, 0)] = (2, 0)
    assert legal_cells(wall) == ((0, -1), (1, -1), (-1, 0), (2, 0), (0, 1), (1, 1))
    assert (1, 1) in legal_cells(wall) and (2, 1) not in legal_cells(wall)  # no corner-only touch


def test_shapes_made_large_vertically_and_small_horizontally() -> None:
    upper = card_with(bottom="R", top="B")
    lower = card_with(top="R", bottom="G")
    wall = {(0, 0): (upper, 0)}
    assert shapes_made(wall, (0, 1), lower, 0) == (Shape("R", LARGE, ((0, 0), (0, 1))),)
    left = card_with(right="Y", left="G")
    right = card_with(left="Y", right="B")
    wall = {(0, 0): (left, 0)}
    assert shapes_made(wall, (1, 0), right, 0) == (Shape("Y", SMALL, ((0, 0), (1, 0))),)
    # the same card turned 180° shows its right half on the left: no yellow shape then
    assert shapes_made(wall, (1, 0), right, 180) == ()


def test_a_card_can_complete_several_shapes_at_once_and_mismatches_are_legal() -> None:
    hazy = HAZY_FIRST
    wall = {(0, 0): (card_with(bottom="G", right="R"), 0), (1, 1): (card_with(left="B", top="Y"), 0),
            (1, -1): (card_with(bottom="R", top="Y"), 0)}
    made = shapes_made(wall, (1, 0), hazy, 0)
    assert sorted((shape.colour, shape.size) for shape in made) == [("R", LARGE), ("R", SMALL), ("Y", LARGE)]
    assert Shape("R", SMALL, ((0, 0), (1, 0))) in made and Shape("Y", LARGE, ((1, 0), (1, 1))) in made
    plain = card_with(top="Y", left="Y", bottom="Y")
    # a card next to halves it does not match is still placed: it just completes nothing there
    wall = {(0, 0): (card_with(bottom="G", top="G"), 0)}
    assert shapes_made(wall, (0, 1), plain, 0) == ()
    assert (0, 1) in legal_cells(wall)


def test_wild_with_wild_completes_a_shape_that_scores_nothing() -> None:
    wall = {(0, 0): (HAZY_FIRST, 0), (1, 0): (HAZY_FIRST + 1, 0), (0, 1): (HAZY_FIRST + 2, 0)}
    shapes = completed_shapes(wall)
    assert {shape.colour for shape in shapes} == {WILD} and len(shapes) == 2
    assert shape_counts(wall) == {"R": (0, 0), "Y": (0, 0), "B": (0, 0), "G": (0, 0)}
    assert shape_points(wall) == 0


def test_wild_completes_the_other_colour() -> None:
    red_bottom = card_with(bottom="R")
    red_right = card_with(right="R")
    wall = {(0, 0): (red_bottom, 0), (0, 1): (HAZY_FIRST, 0)}
    assert shape_counts(wall)["R"][0] >= 1
    wall = {(0, 0): (red_right, 0), (1, 0): (HAZY_FIRST, 0)}
    assert shape_counts(wall)["R"][1] >= 1


def test_completed_shapes_and_points_on_a_built_wall() -> None:
    # a 2 x 2 wall of hazy cards around one coloured card: its four halves each complete a shape
    card = card_with(top="G", bottom="G", left="G", right="B")
    wall = {(0, 0): (card, 0), (1, 0): (HAZY_FIRST, 0), (0, 1): (HAZY_FIRST + 1, 0), (0, -1): (HAZY_FIRST + 2, 0),
            (-1, 0): (HAZY_FIRST + 3, 0)}
    counts = shape_counts(wall)
    assert counts["G"] == (2, 1) and counts["B"] == (0, 1) and counts["R"] == counts["Y"] == (0, 0)
    assert shape_points(wall) == 2  # one green (large, small) pair; blue has no large
    assert len(completed_shapes(wall)) == 4
    wall[(1, 1)] = (HAZY_FIRST + 4, 0)  # hazy next to hazy: two more shapes, still 2 points
    assert len(completed_shapes(wall)) == 6 and shape_points(wall) == 2
    turned = dict(wall)
    turned[(0, 0)] = (card, 180)  # turned: blue now on the left, green pairs stay
    assert shape_counts(turned)["G"] == (2, 1) and shape_counts(turned)["B"] == (0, 1)


def test_memories_and_ovals_on_a_wall() -> None:
    clock, teddy, oval = card_with(centre="clock"), card_with(centre="teddy"), card_with(centre=OVAL)
    clock2 = [c.id for c in CARDS if c.centre == "clock"][1]
    wall = {(0, 0): (clock, 0), (1, 0): (clock2, 0), (2, 0): (teddy, 180), (3, 0): (oval, 0)}
    assert memories_on(wall) == frozenset({"clock", "teddy"})
    assert ovals_on(wall) == 1
    assert [memory_points(n) for n in range(5)] == [0, 1, 3, 6, 10]


# ----- setup ----------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup(players: int) -> None:
    state = RULES.new_game(players, 7)
    assert all(len(h) == 5 and len(p) == 5 for h, p in zip(state.hands, state.piles))
    assert len(state.rows) == (3 if players == 2 else players)
    for row in state.rows:  # one card, plus one more per red oval on top of it
        assert row and all(card_by_id(card).centre == OVAL for card in row[:-1])
        assert card_by_id(row[-1]).centre != OVAL
    assert sorted(state.token_line[:players]) == list(range(players))
    assert len(state.token_line) == players + (players == 2)
    assert players != 2 or state.token_line[-1] == GRANDMA
    assert state.grandma == (players == 2) and (len(state.grandma_pile) == 10) == (players == 2)
    assert RULES.to_move(state) == tuple(range(players)) and state.phase == wp.PHASE_CHOOSE


def test_the_token_line_is_drawn_from_the_seed() -> None:
    lines = {tuple(RULES.new_game(4, seed).token_line) for seed in range(30)}
    assert len(lines) > 5


def test_red_oval_chains_at_setup() -> None:
    ovals = [c.id for c in CARDS if c.centre == OVAL]
    plain = [c.id for c in CARDS if c.centre == ""]
    state = WallpaperState(3, random.Random(1))
    state.rows = [[], [], []]
    state.deck = [card for card in range(109) if card not in ovals[:3] + plain[:3]]
    stack_deck(state, [plain[0], ovals[0], ovals[1], plain[1], ovals[2], plain[2]])
    events: list = []
    wp._refill_rows(state, events)
    # low end (row 2) first: a plain card; then row 1: two ovals chain into a plain card; row 0
    assert state.rows == [[ovals[2], plain[2]], [ovals[0], ovals[1], plain[1]], [plain[0]]]
    assert [(e.row, e.chained) for e in events] == [(2, False), (1, False), (1, True), (1, True), (0, False), (0, True)]


def test_opening_events_replay_the_setup() -> None:
    state = RULES.new_game(4, 3)
    events = RULES.opening_events(RULES.observe(state, -1))
    assert events[0] == wp.GameStarted(tuple(state.token_line), False)
    dealt = [e for e in events if isinstance(e, RowCardDealt)]
    assert sorted(e.card for e in dealt) == sorted(c for row in state.rows for c in row)
    assert events[-1] == TurnStarted(0, 0)


# ----- the reveal -----------------------------------------------------------------------------------
def test_numbers_take_rows_from_the_high_end_and_are_resolved_highest_first() -> None:
    state = fresh(4)
    rows = [list(row) for row in state.rows]
    events = reveal(state, (9, 3, 7, 5))
    shown = next(e for e in events if isinstance(e, NumbersRevealed))
    assert shown.numbers == (9, 3, 7, 5)
    assert shown.blocks == (Block(9, (0,), (0,)), Block(7, (2,), (1,)), Block(5, (3,), (2,)), Block(3, (1,), (3,)))
    assert (state.phase, state.placer, state.pending) == (wp.PHASE_PLACE, 0, rows[0])
    assert RULES.to_move(state) == (0,)
    takers = []
    while state.turn == 0:
        takers.append(state.placer)
        place_all(state)
    assert takers == [0, 2, 3, 1]
    assert [len(state.walls[s]) for s in range(4)] == [len(rows[0]), len(rows[3]), len(rows[1]), len(rows[2])]


def test_a_number_choice_hides_until_the_reveal() -> None:
    state = fresh(3)
    hand(state, 0, (1, 2, 3, 4, 8))
    events = RULES.apply(state, 0, play(8))
    assert events == [NumberChosen(0)]
    for viewer in (-1, 1, 2):
        seen = RULES.observe(state, viewer)
        assert seen.chosen == (True, False, False) and seen.my_choice == 0
    assert RULES.observe(state, 0).my_choice == 8 and 8 not in RULES.observe(state, 0).hand
    assert RULES.to_move(state) == (1, 2)


def test_a_collision_of_two() -> None:
    state = fresh(4, line=(1, 0, 2, 3))
    rows = [list(row) for row in state.rows]
    events = reveal(state, (8, 8, 9, 2))
    shown = next(e for e in events if isinstance(e, NumbersRevealed))
    assert shown.blocks == (Block(9, (2,), (0,)), Block(8, (0, 1), (1, 2)), Block(2, (3,), (3,)))
    place_all(state)  # seat 2 places row 0
    assert (state.phase, RULES.to_move(state)) == (wp.PHASE_PICK, (1,))
    assert RULES.observe(state, 3).blocked == (1, 2)
    assert RULES.legal_actions(state, 1) == [pick(1), pick(2)]
    events = RULES.apply(state, 1, pick(2))
    assert events[:3] == [TokenMoved(1, (0, 2, 3, 1)), HazyGiven(0, True),
                          RowTaken(1, 2, tuple(rows[2]), True, False)]
    assert state.hazy == [1, 0, 0, 0] and state.hazy_supply == HAZY_COUNT - 1
    assert state.rows[1] == rows[1]  # the row nobody took stays
    place_all(state)
    place_all(state)  # seat 3 takes row 3
    assert state.turn == 1
    assert state.rows[1][:len(rows[1])] == rows[1] and len(state.rows[1]) > len(rows[1])  # refilled below
    assert not state.walls[0] and state.walls[1]


def test_a_collision_of_three_gives_two_hazy_cards() -> None:
    state = fresh(4, line=(3, 2, 1, 0))
    reveal(state, (5, 5, 5, 6))
    place_all(state)  # seat 3 takes row 0 with its 6
    assert (state.phase, state.picker) == (wp.PHASE_PICK, 2)  # front of the line among 0, 1, 2
    events = RULES.apply(state, 2, pick(3))
    assert [e for e in events if isinstance(e, HazyGiven)] == [HazyGiven(0, True), HazyGiven(1, True)]
    assert state.token_line == [3, 1, 0, 2] and state.hazy == [1, 1, 0, 0]


def test_two_collisions_in_one_turn_are_resolved_highest_number_first() -> None:
    state = fresh(4, line=(0, 1, 2, 3))
    events = reveal(state, (3, 7, 3, 7))
    shown = next(e for e in events if isinstance(e, NumbersRevealed))
    assert shown.blocks == (Block(7, (1, 3), (0, 1)), Block(3, (0, 2), (2, 3)))
    assert state.picker == 1
    RULES.apply(state, 1, pick(1))
    place_all(state)
    assert state.picker == 0 and state.blocks_todo == [Block(3, (0, 2), (2, 3))]
    RULES.apply(state, 0, pick(3))
    place_all(state)
    assert state.turn == 1 and state.token_line == [2, 3, 1, 0]
    assert state.hazy == [0, 0, 1, 1]


def test_no_hazy_card_when_the_supply_is_empty() -> None:
    state = fresh(3, line=(0, 1, 2))
    state.hazy_supply = 0
    events = reveal(state, (4, 4, 1))
    events += RULES.apply(state, 0, pick(0))
    assert HazyGiven(1, False) in events and state.hazy == [0, 0, 0]


# ----- Grandma ------------------------------------------------------------------------------
def test_grandma_plays_her_pile_top_and_her_rows_are_discarded() -> None:
    state = fresh(2, line=(0, 1))
    state.grandma_pile = [n for n in wp.NUMBERS if n != 10] + [10]
    row0 = list(state.rows[0])
    events = reveal(state, (3, 5))
    shown = next(e for e in events if isinstance(e, NumbersRevealed))
    assert shown.numbers == (3, 5, 10) and shown.blocks[0] == Block(10, (GRANDMA,), (0,))
    assert RowTaken(GRANDMA, 0, tuple(row0), False, True) in events
    assert state.discard_pile == row0
    finish_turn(state)
    assert state.grandma_discard == [10] and len(state.grandma_pile) == 9
    assert GRANDMA not in RULES.to_move(state)


def test_grandma_never_gets_a_hazy_card_and_picks_automatically() -> None:
    state = fresh(2, line=(0, 1))  # Grandma at the back: seat 0 wins a collision with her
    state.grandma_pile = [n for n in wp.NUMBERS if n != 6] + [6]
    reveal(state, (6, 2))
    assert state.picker == 0
    RULES.apply(state, 0, pick(1))
    assert state.hazy == [0, 0]  # Grandma lost the collision but gets nothing
    finish_turn(state)
    assert state.turn == 1 and state.hazy == [0, 0]


def test_grandma_wins_a_collision_from_the_front_and_picks_by_herself() -> None:
    state = fresh(2)
    state.token_line = [GRANDMA, 0, 1]
    state.rows = [[1], [2, 3], [4, 5]]
    state.grandma_pile = [n for n in wp.NUMBERS if n != 7] + [7]
    events = reveal(state, (7, 1))
    blocks = next(e for e in events if isinstance(e, NumbersRevealed)).blocks
    assert blocks == (Block(7, (0, GRANDMA), (0, 1)), Block(1, (1,), (2,)))
    # her house pick: the blocked row with the most cards (row 1), no pick phase for anyone
    assert events[-4:-1] == [TokenMoved(GRANDMA, (0, 1, GRANDMA)), HazyGiven(0, True),
                             RowTaken(GRANDMA, 1, (2, 3), True, True)]
    assert events[-1] == RowTaken(1, 2, (4, 5), False, False)
    assert state.discard_pile == [2, 3] and state.rows[0] == [1] and state.hazy == [1, 0]
    assert (state.phase, state.placer) == (wp.PHASE_PLACE, 1)


def test_grandma_pick_rule() -> None:
    assert wp.grandma_pick([[1], [2, 3], [4, 5]], (1, 2)) == 1
    assert wp.grandma_pick([[1], [2], [4, 5]], (0, 1)) == 0
    assert wp.grandma_pick([[1], [2], [4, 5, 6]], (1, 2)) == 2


def test_grandma_reshuffles_when_her_pile_runs_out_on_her_own_timing() -> None:
    state = fresh(2)
    rng = random.Random(5)
    reshuffles = []
    while not RULES.is_over(state):
        seat = RULES.to_move(state)[0]
        events = RULES.apply(state, seat, rng.choice(RULES.legal_actions(state, seat)))
        for event in events:
            if isinstance(event, PileReshuffled):
                reshuffles.append((event.seat, state.turn))
    # players after turns 6 and 12 (the draws of turns 7 and 13); Grandma at her 11th play
    assert sorted(t for s, t in reshuffles if s == 0) == [6, 12] == sorted(t for s, t in reshuffles if s == 1)
    assert [t for s, t in reshuffles if s == GRANDMA] == [10]


# ----- turn end, rounds, game end ------------------------------------------------------------------
def play_random(state: WallpaperState, seed: int, until=lambda s: False) -> list:
    rng = random.Random(seed)
    events: list = []
    while not RULES.is_over(state) and not until(state):
        seat = RULES.to_move(state)[0]
        events += RULES.apply(state, seat, rng.choice(RULES.legal_actions(state, seat)))
    return events


def test_played_numbers_go_to_the_discard_and_everyone_draws() -> None:
    state = fresh(3)
    hands = [list(h) for h in state.hands]
    tops = [pile[-1] for pile in state.piles]
    reveal(state, (hands[0][0], hands[1][0], hands[2][0]))
    finish_turn(state)
    for seat in range(3):
        assert state.discards[seat] == [hands[seat][0]]
        assert state.hands[seat] == sorted(hands[seat][1:] + [tops[seat]])


def test_rounds_reshuffles_and_the_end_after_18_turns() -> None:
    state = fresh(4, seed=11)
    events = play_random(state, 2)
    turns = [e.turn for e in events if isinstance(e, TurnStarted)]
    assert turns == list(range(1, 18))
    assert [e.round for e in events if isinstance(e, RoundStarted)] == [1, 2]
    starts = [i for i, e in enumerate(events) if isinstance(e, RoundStarted)]
    for index in starts:
        assert kinds(events[index - 3:index]).count("number_drawn") >= 1
    assert sum(isinstance(e, PileReshuffled) for e in events) == 8  # 4 seats x 2
    assert isinstance(events[-1], GameScored) and RULES.is_over(state)
    assert all(len(h) == 0 for h in state.piles) and all(len(h) == 4 for h in state.hands)


def test_reshuffle_gives_the_six_played_cards_back() -> None:
    state = fresh(3, seed=4)
    play_random(state, 3, until=lambda s: s.turn == 6)
    for seat in range(3):
        assert len(state.hands[seat]) == 5 and len(state.piles[seat]) == 5 and state.discards[seat] == []
    assert state.round == 1


def test_hazy_cards_are_placed_at_the_end_in_seat_order() -> None:
    state = fresh(3, seed=1)  # a deal whose last turn gives nobody another hazy card
    play_random(state, 9, until=lambda s: s.turn == 17 and s.phase == wp.PHASE_CHOOSE)
    state.hazy = [2, 0, 1]
    state.hazy_supply = HAZY_COUNT - 3 - sum(1 for w in state.walls for c, _ in w.values() if c >= HAZY_FIRST)
    events = play_random(state, 1, until=lambda s: s.phase == wp.PHASE_HAZY)
    assert state.phase == wp.PHASE_HAZY and state.placer == 0
    assert state.pending == [HAZY_FIRST, HAZY_FIRST + 1] and state.hazy == [0, 0, 1]
    assert RULES.to_move(state) == (0,)
    events = place_all(state)
    assert state.placer == 2 and state.pending == [HAZY_FIRST + 2]
    events += place_all(state)
    assert RULES.is_over(state) and isinstance(events[-1], GameScored)
    placed = [e.card for e in events if isinstance(e, CardPlaced)]
    assert placed == [HAZY_FIRST, HAZY_FIRST + 1, HAZY_FIRST + 2]


def test_without_hazy_cards_the_game_is_scored_at_once() -> None:
    state = fresh(3, seed=8)
    state.hazy_supply = 0
    events = play_random(state, 4)
    assert all(e.card < HAZY_FIRST for e in events if isinstance(e, CardPlaced))
    assert not any(e.kind == "hazy_given" and e.given for e in events)


# ----- placement -------------------------------------------------------------------------------------
def placing_state() -> WallpaperState:
    state = fresh(3, line=(0, 1, 2))
    state.rows[0] = [10, 20, 30]
    reveal(state, (9, 2, 1))
    assert state.placer == 0 and state.pending == [10, 20, 30]
    return state


def test_the_first_card_goes_at_the_origin_and_later_ones_touch_an_edge() -> None:
    state = placing_state()
    assert RULES.legal_actions(state, 0) == [place(card, 0, 0, rot) for card in (10, 20, 30) for rot in (0, 180)]
    with pytest.raises(IllegalAction) as caught:
        RULES.apply(state, 0, place(10, 2, 0, 0))
    assert caught.value.reason == "wallpaper.reason.first_card"
    RULES.apply(state, 0, place(10, 0, 0, 180))
    assert state.walls[0] == {(0, 0): (10, 180)} and state.pending == [20, 30]
    for bad, reason in ((place(20, 0, 0, 0), "occupied"), (place(20, 1, 1, 0), "not_adjacent"),
                        (place(20, 0, 1, 90), "turn_180"), (place(30, 5, 0, 0), "not_adjacent"),
                        (place(10, 0, 1, 0), "not_pending"), (place(99, 0, 1, 0), "not_pending")):
        with pytest.raises(IllegalAction) as caught:
            RULES.apply(state, 0, bad)
        assert caught.value.reason == f"wallpaper.reason.{reason}"
    legal = RULES.legal_actions(state, 0)
    assert {(a.x, a.y) for a in legal} == {(0, -1), (1, 0), (0, 1), (-1, 0)}
    assert {a.rot for a in legal} == {0, 180} and {a.card for a in legal} == {20, 30} and len(legal) == 16
    for card in (20, 30):
        mine = [a for a in legal if a.card == card]
        assert [(a.y, a.x) for a in mine] == sorted((a.y, a.x) for a in mine)


def test_placing_reports_the_shapes_it_completes() -> None:
    state = placing_state()
    RULES.apply(state, 0, place(10, 0, 0, 0))
    events = RULES.apply(state, 0, place(20, 0, 1, 0))
    placed = events[0]
    assert isinstance(placed, CardPlaced)
    assert placed.shapes == shapes_made({(0, 0): (10, 0)}, (0, 1), 20, 0)
    assert (placed.seat, placed.card, placed.x, placed.y, placed.rot) == (0, 20, 0, 1, 0)


def test_a_taken_row_goes_on_the_wall_in_any_order() -> None:
    """The rulebook takes the whole row onto the wall at once and sets no order."""
    state = placing_state()
    events = RULES.apply(state, 0, place(30, 0, 0, 0))
    assert state.pending == [10, 20] and state.walls[0] == {(0, 0): (30, 0)}
    events += RULES.apply(state, 0, place(10, 1, 0, 180))
    events += RULES.apply(state, 0, place(20, -1, 0, 0))
    assert [e.card for e in events if isinstance(e, CardPlaced)] == [30, 10, 20]
    assert state.walls[0] == {(0, 0): (30, 0), (1, 0): (10, 180), (-1, 0): (20, 0)}
    assert state.placer != 0  # the row is placed: the next taker places now


# The issue's example, from the house deck: the wall is card 0 (a gold right edge), the row is
# [A, B] = [2, 14]. B turned 180° at (1, 0) meets the gold with red (a small red shape); A at (1, 1)
# then meets B's red with red (a large red shape): a pair, 2 points. A can reach (1, 1) or (2, 0)
# only once B is on the wall.
EXAMPLE_WALL, EXAMPLE_A, EXAMPLE_B = 0, 2, 14


def best_score(state: WallpaperState, forced: bool) -> int:
    """The best shape score seat 0 can reach placing its pending cards (top card first if ``forced``)."""
    if state.phase != wp.PHASE_PLACE or state.placer != 0:
        return shape_points(state.walls[0])
    best = -1
    for action in RULES.legal_actions(state, 0):
        if forced and action.card != state.pending[0]:
            continue
        after = RULES.clone(state)
        RULES.apply(after, 0, action)
        best = max(best, best_score(after, forced))
    return best


def example_state() -> WallpaperState:
    """Seat 0, with the example's one-card wall, takes the row [A, B] and must place it."""
    state = fresh(3, line=(0, 1, 2))
    state.walls[0] = {(0, 0): (EXAMPLE_WALL, 0)}
    state.deck.remove(EXAMPLE_WALL)
    RULES.rebuild_summaries(state)
    state.rows[0] = [EXAMPLE_A, EXAMPLE_B]
    reveal(state, (9, 2, 1))
    assert state.placer == 0 and state.pending == [EXAMPLE_A, EXAMPLE_B]
    return state


def test_the_issue_example_free_order_finds_the_pair_the_forced_order_missed() -> None:
    state = example_state()
    assert best_score(state, forced=True) == 0
    assert best_score(state, forced=False) == 2
    for far in ((2, 0), (1, 1)):  # not next to the wall's one card: refused while A comes first
        with pytest.raises(IllegalAction) as caught:
            RULES.apply(state, 0, place(EXAMPLE_A, *far, 0))
        assert caught.value.reason == "wallpaper.reason.not_adjacent"
    for far in ((2, 0), (1, 1)):
        after_b = RULES.clone(state)
        RULES.apply(after_b, 0, place(EXAMPLE_B, 1, 0, 180))
        assert RULES.is_legal(after_b, 0, place(EXAMPLE_A, *far, 0))
        RULES.apply(after_b, 0, place(EXAMPLE_A, *far, 0))
        assert shape_points(after_b.walls[0]) == (2 if far == (1, 1) else 0)


def test_hazy_cards_are_all_alike_so_only_the_first_is_offered() -> None:
    state = fresh(3, seed=8)
    play_random(state, 9, until=lambda s: s.turn == 17 and s.phase == wp.PHASE_CHOOSE)
    state.hazy = [2, 0, 0]
    state.hazy_supply = HAZY_COUNT - 2 - sum(1 for w in state.walls for c, _ in w.values() if c >= HAZY_FIRST)
    play_random(state, 1, until=lambda s: s.phase == wp.PHASE_HAZY)
    assert state.placer == 0 and state.pending == [HAZY_FIRST, HAZY_FIRST + 1]
    legal = RULES.legal_actions(state, 0)
    assert {a.card for a in legal} == {HAZY_FIRST}
    with pytest.raises(IllegalAction) as caught:
        RULES.apply(state, 0, place(HAZY_FIRST + 1, legal[0].x, legal[0].y, 0))
    assert caught.value.reason == "wallpaper.reason.hazy_first"


# ----- refusals -------------------------------------------------------------------------------------
def test_refusals_give_reasons() -> None:
    state = fresh(3, line=(0, 1, 2))
    hand(state, 0, (1, 2, 3, 4, 5))
    cases = [
        (0, place(0, 0, 0), "wallpaper.reason.choose_first", {}),
        (0, pick(0), "wallpaper.reason.choose_first", {}),
        (0, play(9), "wallpaper.reason.not_in_hand", {"number": 9}),
        (0, play(12), "wallpaper.reason.no_such_number", {"number": 12}),
    ]
    for seat, action, reason, params in cases:
        with pytest.raises(IllegalAction) as caught:
            RULES.apply(state, seat, action)
        assert caught.value.reason == reason and caught.value.params == params
    with pytest.raises(IllegalAction) as caught:
        RULES.apply(state, 0, ("play", 3, -1, 0, 0, 0))  # type: ignore[arg-type]
    assert caught.value.reason == "reason.illegal"
    with pytest.raises(IllegalAction) as caught:
        RULES.apply(state, 0, WallpaperAction("play", 3.0))  # type: ignore[arg-type]
    assert caught.value.reason == "reason.illegal"
    RULES.apply(state, 0, play(3))
    with pytest.raises(IllegalAction) as caught:
        RULES.apply(state, 0, play(4))
    assert caught.value.reason == "reason.not_your_turn"
    state = fresh(3, line=(0, 1, 2))
    reveal(state, (4, 4, 9))
    place_all(state)
    assert state.picker == 0
    for action, reason in ((play(1), "pick_first"), (place(0, 0, 0), "pick_first"), (pick(0), "not_blocked")):
        with pytest.raises(IllegalAction) as caught:
            RULES.apply(state, 0, action)
        assert caught.value.reason == f"wallpaper.reason.{reason}"
    assert caught.value.params == {"rows": "2, 3"}
    RULES.apply(state, 0, pick(1))
    for action in (play(1), pick(2)):
        with pytest.raises(IllegalAction) as caught:
            RULES.apply(state, 0, action)
        assert caught.value.reason == "wallpaper.reason.place_first"


# ----- scoring ------------------------------------------------------------------------------------------
def test_the_four_parts_of_the_score() -> None:
    green = card_with(top="G", bottom="G", left="G", right="B")  # a kite in the middle
    ovals = [c.id for c in CARDS if c.centre == OVAL]
    memories = [card_with(centre=m) for m in ("clock", "radio", "teddy")]
    hazy = list(range(HAZY_FIRST, HAZY_FIRST + 4))
    wall0 = {(0, 0): (green, 0), (1, 0): (hazy[0], 0), (0, 1): (hazy[1], 0), (0, -1): (hazy[2], 0),
             (-1, 0): (hazy[3], 0)}  # green 2 large + 1 small -> 2 points; one memory, no oval
    wall1 = {(0, 0): (memories[0], 0), (5, 0): (memories[1], 0), (9, 0): (memories[2], 0), (3, 3): (ovals[0], 0)}
    wall2 = {(0, 0): (ovals[1], 0), (1, 0): (ovals[2], 0)}
    parts = score_parts([wall0, wall1, wall2], [2, 0, 1], 3)
    assert parts.shapes[:2] == (2, 0) and parts.shapes[2] == shape_points(wall2)
    assert parts.memories == (1, 6, 0)
    assert parts.ovals == (0, 1, 2) and parts.oval_points == (2, 0, -2)
    assert parts.token == (0, 0, 2)
    assert parts.totals == (2 + 1 + 2, 6, parts.shapes[2] - 2 + 2)
    assert parts.winners == ((0, 1) if parts.totals[0] == 6 else (1,))


def test_oval_points_ties_and_all_equal() -> None:
    assert wp.oval_points((1, 1, 3, 0)) == (0, 0, -2, 2)
    assert wp.oval_points((2, 2, 0)) == (-2, -2, 2)
    assert wp.oval_points((1, 1, 1)) == (0, 0, 0)


def test_ties_fewer_ovals_then_shared() -> None:
    assert wp.ranking((10, 10, 8), (2, 1, 0)) == (2, 1, 3)
    assert wp.ranking((10, 10, 8), (1, 1, 0)) == (1, 1, 3)
    assert wp.winners_of((10, 10, 12), (0, 0, 5)) == (2,)


def finished(players: int, seed: int) -> WallpaperState:
    state = fresh(players, seed)
    play_random(state, seed)
    return state


def test_result_matches_the_scoring_and_breaks_ties_by_ovals() -> None:
    state = finished(3, 5)
    parts = RULES.scored(state)
    result = RULES.result(state)
    assert result.ranks == wp.ranking(parts.totals, parts.ovals)
    assert all(abs(score - total) < 0.05 for score, total in zip(result.scores, parts.totals))
    assert RULES.totals(state) == parts.totals  # the running tallies agree with a full recount
    for seat in range(3):
        row = result.breakdown[seat]
        assert row["wallpaper.score.shapes"] == parts.shapes[seat]
        assert row["wallpaper.score.oval_count"] == parts.ovals[seat]
    # force a tie on points: equal totals, different ovals
    state.walls = [{}, {}, {}]
    ovals = [c.id for c in CARDS if c.centre == OVAL]
    clock = card_with(centre="clock")
    state.walls[0] = {(0, 0): (ovals[0], 0), (1, 0): (clock, 0)}
    clocks = [c.id for c in CARDS if c.centre == "clock"]
    state.walls[1] = {(0, 0): (clocks[1], 0)}
    state.walls[2] = {(0, 0): (ovals[1], 0), (1, 0): (ovals[2], 0), (2, 0): (ovals[3], 0)}
    state.token_line = [2, 0, 1]
    RULES.rebuild_summaries(state)
    parts = RULES.scored(state)
    # seat 0: memory 1, ovals 1 (middle) -> 1; seat 1: memory 1, fewest ovals +2 -> 3; seat 2: -2 + 2 -> 0
    assert parts.totals == (1, 3, 0)
    state.token_line = [0, 1, 2]
    parts = RULES.scored(state)
    assert parts.totals == (3, 3, -2)
    result = RULES.result(state)
    assert result.ranks == (2, 1, 3) and result.notes == ("wallpaper.note.oval_tiebreak",)
    assert result.scores == (3.0, 3.0, -2.0)  # the points as scored; the ranks carry the tiebreak
    state.walls[0] = {(0, 0): (clocks[2], 0)}
    state.token_line = [2, 0, 1]
    RULES.rebuild_summaries(state)
    result = RULES.result(state)
    assert result.ranks[:2] == (1, 1) and result.notes == ("wallpaper.note.shared_win",)


def test_scored_event_and_result_agree() -> None:
    state = fresh(4, seed=21)
    events = play_random(state, 21)
    scored = events[-1]
    assert isinstance(scored, GameScored)
    assert scored == RULES.scored(state)
    assert scored.winners == RULES.result(state).winners


# ----- notation, observation, determinize -------------------------------------------------------------
def test_encode_decode_round_trip_and_bad_text() -> None:
    for action in (play(7), pick(2), place(17, -1, 3, 180), place(0, 0, 0, 0), place(HAZY_FIRST + 3, 2, -4, 0)):
        text = RULES.encode_action(action)
        assert RULES.decode_action(text) == action
    assert RULES.encode_action(place(17, -1, 3, 180)) == "place 17 -1 3 180"
    assert RULES.encode_action(play(7)) == "play 7" and RULES.encode_action(pick(2)) == "pick 2"
    for bad in ("play", "play x", "pick 1 2", "place 1 2", "place -1 3 180", "place 1 2 3 x", "fly 3", ""):
        with pytest.raises(IllegalAction):
            RULES.decode_action(bad)


def test_an_old_place_names_the_row_top_card() -> None:
    state = placing_state()
    assert RULES.upgrade_action(state, 0, "place -1 3 180", 1) == "place 10 -1 3 180"
    assert RULES.upgrade_action(state, 0, "place 10 -1 3 180", 2) == "place 10 -1 3 180"
    assert RULES.upgrade_action(state, 0, "play 4", 1) == "play 4"


def test_notation_names_the_whole_position() -> None:
    state = fresh(2, seed=3)
    text = RULES.notation(state)
    assert text.startswith("wallpaper 2p t0 r0 choose | hands ")
    twin = RULES.clone(state)
    assert RULES.notation(twin) == text
    twin.deck.insert(0, twin.deck.pop())
    assert RULES.notation(twin) != text  # the deck order is part of it
    RULES.apply(state, 0, play(state.hands[0][0]))
    assert RULES.notation(state) != text


def test_observations_hide_the_deck_piles_and_other_hands() -> None:
    state = fresh(3, seed=2)
    seen = RULES.observe(state, 1)
    assert seen.hand == tuple(state.hands[1]) and seen.deck_count == len(state.deck)
    assert seen.pile_counts == (5, 5, 5) and seen.hand_counts == (5, 5, 5)
    for name in ("hands", "piles", "deck", "grandma_pile", "rng"):
        assert not hasattr(seen, name)
    assert RULES.observe(state, -1).hand == ()


def test_determinize_resamples_the_hidden_chosen_numbers_from_possible_hands() -> None:
    state = fresh(3, seed=2)
    play_random(state, 2, until=lambda s: s.turn == 2)
    RULES.apply(state, 1, play(state.hands[1][0]))
    RULES.apply(state, 2, play(state.hands[2][-1]))
    seen = RULES.observe(state, 0)
    guesses = set()
    for k in range(40):
        guess = RULES.determinize(seen, random.Random(k))
        assert RULES.observe(guess, 0) == seen
        for seat in (1, 2):
            assert guess.chosen[seat] not in guess.discards[seat] and guess.chosen[seat] not in guess.hands[seat]
            assert sorted(guess.hands[seat] + guess.piles[seat] + guess.discards[seat] + [guess.chosen[seat]]) == \
                list(wp.NUMBERS)
        guesses.add((guess.chosen[1], guess.chosen[2]))
    assert len(guesses) > 3


def test_determinize_keeps_revealed_numbers() -> None:
    state = fresh(4, seed=6, line=(0, 1, 2, 3))
    reveal(state, (6, 6, 2, 1))
    seen = RULES.observe(state, 3)
    guess = RULES.determinize(seen, random.Random(1))
    assert guess.chosen == state.chosen and guess.blocks_todo == state.blocks_todo
    assert RULES.legal_actions(guess, 0) == RULES.legal_actions(state, 0)


def test_clone_is_independent_and_cheap_to_play_on() -> None:
    state = fresh(5, seed=3)
    play_random(state, 1, until=lambda s: s.turn == 5)
    before = RULES.notation(state)
    twin = RULES.clone(state)
    play_random(twin, 2)
    assert RULES.notation(state) == before and RULES.is_over(twin)


# ----- saves of format version 1 (the row's top card first) ----------------------------------------
@pytest.mark.parametrize("name", ["wallpaper_v1_midgame.json", "wallpaper_v1_finished.json"])
def test_a_version_1_save_still_loads_and_is_saved_again_as_today(name: str) -> None:
    """Both files were written by the engine before placements named their card."""
    data = json.loads((ROOT / "tests" / "data" / name).read_text(encoding="utf-8"))
    assert data["version"] == 1 and any(len(text.split()) == 4 for _, text in data["log"])
    match = Match.from_json(data, verify=True)  # the saved position comes back
    old_places = [text for _, text in data["log"] if text.startswith("place")]
    new_places = [entry.action for entry in match.log if entry.action.startswith("place")]
    assert [text.split()[1:] for text in old_places] == [text.split()[2:] for text in new_places]
    again = match.to_json()
    assert again["version"] == SAVE_VERSION == 3 and again["position"] == data["position"]
    assert Match.from_json(again, verify=True).rules.notation(match.state) == data["position"]
    if not match.is_over():  # the game goes on under today's rules: any card of the row next
        pending = list(match.state.pending)
        assert match.state.phase == wp.PHASE_PLACE and len(pending) >= 2
        seat = match.to_move()[0]
        match.apply(seat, next(a for a in match.legal_actions(seat) if a.card == pending[-1]))
        assert match.state.pending == pending[:-1]
        assert match.log[-1].action.startswith(f"place {pending[-1]} ")
