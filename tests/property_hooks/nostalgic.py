"""Property-test hooks for Nostalgic."""

from __future__ import annotations

import dataclasses
import math
from collections import Counter
from typing import Any

from game.core.events import Event
from game.core.rules import Rules
from game.rules import nostalgic
from game.rules.nostalgic import DECK_SOURCE, NostalgicAction
from tests.property_hooks import Hooks


def hooks() -> Hooks:
    """What the generic property tests need to know about Nostalgic."""

    def conserved(state: Any) -> bool:
        cards = [c for hand in state.hands for c in hand] + list(state.deck) + list(state.discard)
        cards += [c for c in state.row if c is not None]
        chips_ok = state.chip_supply + sum(state.chips) == nostalgic.CHIP_SUPPLY and min(state.chips) >= 0
        dice_ok = all(
            len(state.dice[seat]) == nostalgic.dice_for(state.players, seat, state.start_seat)
            and len(state.placed[seat]) == len(state.dice[seat])
            and all(1 <= value <= 6 for value in state.dice[seat])
            for seat in range(state.players)
        )
        on_board = sum(1 for placed in state.placed for where in placed if where)
        occupancy_ok = sum(state.occupancy.values()) == on_board or state.phase == nostalgic.PHASE_OVER
        boxes_ok = all(0 <= boxes <= nostalgic.MAX_BOXES for boxes in state.boxes)
        return (
            Counter(cards) == Counter(nostalgic.DECK)
            and len(state.row) == nostalgic.FACE_UP
            and chips_ok
            and dice_ok
            and occupancy_ok
            and boxes_ok
        )

    def max_steps(players: int, options: dict[str, Any]) -> int:
        # per round at most every die placed, three card takes (three Tidy-up balloons) and one
        # reroll per chip: chips come from two Recall balloons a round (and one each at setup)
        dice = 2 * players + (1 if players == 3 else 0)
        per_game = players * (dice + 3 + 2) + players
        games = 2 if options.get("two_games") else 1
        return games * per_game + 1

    fields = {
        "game_started": {"game", "start_seat", "direction"},
        "hand_dealt": {"seat"},
        "row_dealt": {"slot", "card"},
        "reshuffled": {"count"},
        "chips_given": {"seat", "count"},
        "round_started": {"round", "start_seat"},
        "dice_thrown": {"seat", "dice", "values", "bonus", "reroll"},
        "chip_spent": {"seat"},
        "die_placed": {"seat", "die", "value", "balloon"},
        "np_gained": {"seat", "amount", "total", "why"},
        "boxes_packed": {"seat", "count", "total"},
        "chip_taken": {"seat"},
        "card_taken": {"seat", "source", "card"},
        "row_cleared": {"cards"},
        "dice_collected": set(),
        "round_card_passed": {"to_seat"},
        "final_scored": {"game", "chips", "sets", "set_points", "boxes", "penalties", "totals"},
        "game_ended": {"totals", "winners", "tiebreak"},
    }

    def check_events(
        rules: Rules, before: Any, seat: int, action: Any, events: list[Event], after: Any
    ) -> None:
        for event in events:
            names = {f.name for f in dataclasses.fields(event)}
            assert fields.get(event.kind) == names, f"review what {event.kind} {names} reveals"
            if event.kind == "card_taken":
                assert event.seat == seat and action.kind == "take" and event.source == action.source
                if event.source == DECK_SOURCE:
                    # the face of a deck card never goes into a public event
                    assert event.card is None and event.hides_undo
                else:
                    assert event.card == before.row[event.source] and not event.hides_undo
            elif event.kind == "dice_thrown" and event.reroll:
                assert action.kind == "reroll" and event.dice == action.dice
                assert event.values == tuple(after.dice[seat][index] for index in event.dice)
            elif event.kind == "die_placed":
                assert (event.seat, event.die, event.balloon) == (seat, action.die, action.balloon)
                assert event.value == before.dice[seat][action.die]
            elif event.kind == "row_dealt" and after.game == before.game:
                for viewer in range(-1, after.players):
                    assert rules.observe(after, viewer).row[event.slot] in (event.card, None)

    def hidden_can_vary(rules: Rules, observation: Any) -> bool:
        if observation.phase == nostalgic.PHASE_OVER:
            return False
        unseen = Counter(rules.unseen_cards(observation))
        openings = 0  # other seats' opening cards: hidden and plain
        free = observation.deck_count  # hidden places that take any card
        for seat in range(observation.players):
            if seat == observation.seat:
                continue
            hidden = observation.hand_counts[seat] - len(observation.known[seat])
            if hidden:
                openings += 1
                free += hidden - 1
        # one way to fill the openings (plain cards from the largest kinds); the free places then
        # hold the rest in any order: demand many orders, so 8 samples are sure to differ
        rest = Counter(unseen)
        for _ in range(openings):
            kind = max(nostalgic.KINDS, key=lambda k: rest[k])
            rest[kind] -= 1
        orders = math.factorial(free)
        for count in rest.values():
            orders //= math.factorial(max(count, 0))
        return orders >= 30

    def bogus_actions(state: Any, seat: int) -> list[Any]:
        made_up: list[Any] = [
            NostalgicAction("pass"),
            NostalgicAction("place", 7, "tidy12"),
            NostalgicAction("place", -1, "recall_any"),
            NostalgicAction("place", 0, "tidy99"),
            NostalgicAction("place", 0, ""),
            NostalgicAction("reroll", dice=()),
            NostalgicAction("reroll", dice=(1, 0)),
            NostalgicAction("reroll", dice=(0, 0)),
            NostalgicAction("reroll", dice=(5,)),
            NostalgicAction("take", source=6),
            NostalgicAction("take", source=-1),
            NostalgicAction("draw", source=0),
            NostalgicAction("place", True, "recall_any"),  # type: ignore[arg-type]
            NostalgicAction("reroll", dice=[0]),  # type: ignore[arg-type]
            ("place", 0, "recall_any", (), -1),
            "take deck",
            None,
            42,
        ]
        if 0 <= seat < state.players and state.dice:
            values = state.dice[seat]
            for index, value in enumerate(values):
                refused = [b.id for b in nostalgic.BOARD if value not in b.accepts]
                made_up += [NostalgicAction("place", index, balloon) for balloon in refused[:2]]
                if state.placed[seat][index]:
                    made_up += [NostalgicAction("place", index, "recall_any"), NostalgicAction("reroll", dice=(index,))]
            full = [b.id for b in nostalgic.BOARD if not nostalgic.balloon_free(b, state.occupancy)]
            made_up += [NostalgicAction("place", 0, balloon) for balloon in full[:2]]
            if state.chips[seat] == 0:
                made_up.append(NostalgicAction("reroll", dice=(0,)))
            if state.phase == nostalgic.PHASE_TAKE:
                made_up.append(NostalgicAction("place", 0, "recall_any"))
                made_up += [NostalgicAction("take", source=slot) for slot, card in enumerate(state.row) if card is None]
                if not state.deck:
                    made_up.append(NostalgicAction("take", source=DECK_SOURCE))
            else:
                made_up += [NostalgicAction("take", source=0), NostalgicAction("take", source=DECK_SOURCE)]
        return made_up

    def shows_own_secrets(state: Any, viewer: int, observation: Any) -> bool:
        own = tuple(state.hands[viewer]) if viewer >= 0 else ()
        return (
            observation.hand == own
            and observation.hand_counts == tuple(len(hand) for hand in state.hands)
            and observation.deck_count == len(state.deck)
            and not hasattr(observation, "hands")
            and not hasattr(observation, "deck")
        )

    return Hooks(conserved, max_steps, check_events, hidden_can_vary, bogus_actions, shows_own_secrets)
