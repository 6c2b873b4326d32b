"""The keyboard cursor never stops on a card or stack that cannot be played, as long as something
can be (issue 15): Left/Right walk the playable hand cards, Up/Down the stacks that take the card."""

from __future__ import annotations

import random

import pytest

from game.core.match import Match, Seat
from scenes.engine import input as intents
from scenes.engine.app import App
from scenes.engine.input import Intent
from scenes.neko import make_table as neko_table
from scenes.newold import make_table as newold_table

DT = 1 / 60


def to_my_turn(match: Match, seed: int, moves: int) -> Match:
    """``moves`` random actions in, then on until seat 0 is to act with a choice of cards."""
    rng = random.Random(seed)
    done = 0
    while not match.is_over():
        seat = match.to_move()[0]
        if done >= moves and seat == 0:
            break
        match.apply(seat, rng.choice(match.legal_actions(seat)))
        done += 1
    return match


def press(app: App, intent: Intent) -> None:
    """One key, then a couple of frames."""
    app.step(DT, feed=[intent])
    app.step(DT)


@pytest.mark.slow
def test_neko_cursor_visits_only_playable_cards_and_accepting_stacks(app: App) -> None:
    checked = 0
    for seed in range(30):
        match = to_my_turn(Match("neko", [Seat("human"), Seat("ai", "easy"), Seat("ai", "easy")], seed), seed, 6 + seed % 5)
        table = neko_table(app, match, ai_enabled=False)
        app.reset_to(table)
        app.step(DT)
        playable = table.playable_values()
        if not playable or all(card.value in playable for card in table.hand.cards):
            continue  # the cursor has nothing to skip here
        seen = set()
        for _ in range(2 * len(table.hand.cards)):
            press(app, Intent(intents.NAV, dx=1))
            assert table.hand.cards[table.hold.selected].value in playable
            seen.add(table.hold.selected)
        assert seen == {i for i, card in enumerate(table.hand.cards) if card.value in playable}, "all are reached"
        for _ in range(6):
            press(app, Intent(intents.NAV, dy=1))
            assert table.stack_verdicts(table.held_value())[table.hold.target][0] == "ok"
        checked += 1
    assert checked >= 3


@pytest.mark.slow
def test_newold_cursor_skips_cards_that_do_not_fit(app: App) -> None:
    checked = 0
    for seed in range(12):
        match = to_my_turn(Match("newold", [Seat("human"), Seat("ai", "easy"), Seat("ai", "easy")], seed), seed, 8)
        table = newold_table(app, match, ai_enabled=False)
        app.reset_to(table)
        app.step(DT)
        playable = table.playable_values()
        if not playable or len(playable) == len({card.value for card in table.hand.cards}):
            continue  # the cursor has nothing to skip here
        for _ in range(len(table.hand.cards) + 2):
            press(app, Intent(intents.NAV, dx=-1))
            assert table.hand.cards[table.hold.selected].value in playable
        checked += 1
    assert checked >= 3
