"""Property-test hooks for ノアロン."""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Any

from game.core.events import Event
from game.core.rules import Rules
from game.rules import noaron
from tests.property_hooks import Hooks

# Turn steps at most: take, discard, insert, decide.
STEPS_PER_TURN = 4


def all_cards(state: Any) -> list[str]:
    """Every card of the game wherever it lies: deck, hands, piles, reserve, stakes, set-aside stakes."""
    cards = list(state.deck) + list(state.reserve)
    for seat in range(2):
        cards += state.hands[seat] + state.stakes[seat] + state.set_aside[seat]
        cards += state.piles[seat][noaron.LEFT] + state.piles[seat][noaron.RIGHT]
    return cards


def max_rounds() -> int:
    """Every settlement costs the loser at least one stake card (a tie costs the declarer 3), and
    a seat that pays its last one, or cannot pay in full, loses the game: so at most
    (STAKES_EACH - 1) rounds lost by each seat before the final one."""
    return 2 * (noaron.STAKES_EACH - 1) + 1


def hooks() -> Hooks:
    """What the generic property tests need to know about noaron."""

    def conserved(state: Any) -> bool:
        return Counter(all_cards(state)) == Counter(noaron.DECK)

    def max_steps(players: int, options: dict[str, Any]) -> int:
        # HOUSE_TURN_LIMIT bounds a round: its last turn must declare.
        return max_rounds() * noaron.HOUSE_TURN_LIMIT * STEPS_PER_TURN

    fields = {
        "round_started": {"round", "start_seat"},
        "stakes_dealt": {"counts"},
        "pile_seeded": {"seat", "pile", "card"},
        "hand_dealt": {"seat", "count"},
        "took": {"seat", "source", "cards"},
        "deck_rebuilt": {"count"},
        "discarded": {"seat", "index", "cards"},
        "inserted": {"seat", "index", "cards"},
        "declared": {"seat", "forced"},
        "turn_passed": {"seat"},
        "settled": {
            "round", "declarer", "hands", "cuts", "loser", "difference", "declarer_penalty",
            "zero_penalty", "loss", "paid", "stakes", "game_over", "forced",
        },
        "game_ended": {"winner", "stakes"},
    }

    def check_events(
        rules: Rules, before: Any, seat: int, action: Any, events: list[Event], after: Any
    ) -> None:
        for event in events:
            names = {f.name for f in dataclasses.fields(event)}
            assert fields.get(event.kind) == names, f"review what {event.kind} {names} reveals"
            if event.kind == "took":
                assert (event.seat, event.source) == (seat, action.source)
                if event.source == noaron.SOURCE_DECK:
                    assert event.cards == () and event.hides_undo  # the deck's faces stay with the taker
                else:
                    # pile tops were face up for everyone
                    assert event.cards == tuple(after.reserve)
                    assert all(event.cards == rules.observe(after, v).reserve for v in (-1, 0, 1))
            elif event.kind == "inserted":
                assert event.cards == (() if before.reserve_source == noaron.SOURCE_DECK else tuple(before.reserve))
            elif event.kind == "discarded":
                hand = before.hands[seat]
                assert event.cards == (hand[action.index], hand[action.index + 1])
            elif event.kind == "pile_seeded":
                # a deck card turned face up: from now on it is on every seat's table
                for viewer in (-1, 0, 1):
                    assert rules.observe(after, viewer).piles[event.seat][event.pile][0] == event.card
            elif event.kind == "settled":
                # both hands are shown at the settlement: only then, and only as they were
                assert event.hands == (tuple(before.hands[0]), tuple(before.hands[1]))
                assert action.kind == "declare" and event.hides_undo

    def hidden_can_vary(rules: Rules, observation: Any) -> bool:
        unseen = rules.unseen_cards(observation)
        return len(unseen) >= 2 and len(set(unseen)) == 2

    def bogus_actions(state: Any, seat: int) -> list[Any]:
        action = noaron.NoaronAction
        made_up: list[Any] = [
            action("take", "stock"),
            action("take", ""),
            action("discard", index=11),
            action("discard", index=-1),
            action("insert", index=11),
            action("insert", index=-2),
            action("draw", "deck"),
            action("take", "deck", 0),
            ("take", "deck", -1),
            ["declare", "", -1],
            action("discard", index=True),  # a bool is an int, but not a card position
            action("insert", index=2.0),  # type: ignore[arg-type]
            "declare",
            None,
            42,
        ]
        phase = state.phase
        if phase != noaron.PHASE_DECIDE:
            made_up += [noaron.DECLARE, noaron.END]
        if phase != noaron.PHASE_TAKE:
            made_up += list(noaron.TAKES.values())
        if phase != noaron.PHASE_DISCARD:
            made_up += [action("discard", index=0), action("discard", index=10)]
        if phase != noaron.PHASE_INSERT:
            made_up += [action("insert", index=0), action("insert", index=10)]
        if phase == noaron.PHASE_TAKE and 0 <= seat < 2:
            for source in noaron.HOUSE_TAKE_SOURCES:
                if source not in rules_sources(state, seat):
                    made_up.append(noaron.TAKES[source])
        return made_up

    def shows_own_secrets(state: Any, viewer: int, observation: Any) -> bool:
        own = tuple(state.hands[viewer]) if viewer >= 0 else ()
        hidden_names = ("hands", "deck", "rng")
        if observation.hand != own or any(hasattr(observation, name) for name in hidden_names):
            return False
        if not all(isinstance(count, int) for count in observation.stakes + observation.set_aside):
            return False  # stake faces are known to nobody
        taker_sees = viewer == state.turn or state.reserve_source != noaron.SOURCE_DECK
        return observation.reserve == (tuple(state.reserve) if taker_sees else ())

    return Hooks(conserved, max_steps, check_events, hidden_can_vary, bogus_actions, shows_own_secrets)


def rules_sources(state: Any, seat: int) -> list[str]:
    """The take sources the rules offer ``seat`` now."""
    return noaron.RULES.take_sources(state, seat)
