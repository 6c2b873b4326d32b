"""Property-test hooks for That Old Wallpaper."""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Any

from game.core.events import Event
from game.core.rules import Rules
from game.rules import wallpaper as wp
from tests.property_hooks import Hooks


def wallpaper_cards(state: Any) -> list[int]:
    """Every wallpaper card id in the state: deck, rows, walls, pending and Grandma's discarded rows."""
    cards = list(state.deck) + [c for row in state.rows for c in row] + list(state.discard_pile)
    cards += [card for wall in state.walls for card, _ in wall.values()] + list(state.pending)
    return [card for card in cards if card < wp.HAZY_FIRST]


def hazy_cards(state: Any) -> tuple[int, list[int]]:
    """(hazy cards not yet on a wall as a count, ids of those on walls or pending)."""
    ids = [card for wall in state.walls for card, _ in wall.values() if card >= wp.HAZY_FIRST]
    ids += [card for card in state.pending if card >= wp.HAZY_FIRST]
    return state.hazy_supply + sum(state.hazy), ids


def numbers_ok(state: Any) -> bool:
    """Each seat (and Grandma) holds 1-10 once across hand, pile, discard and the face-down number."""
    for seat in range(state.players):
        held = state.hands[seat] + state.piles[seat] + state.discards[seat]
        held += [state.chosen[seat]] if state.chosen[seat] else []
        if sorted(held) != list(wp.NUMBERS) or state.hands[seat] != sorted(state.hands[seat]):
            return False
    if state.grandma:
        held = state.grandma_pile + state.grandma_discard + ([state.grandma_choice] if state.grandma_choice else [])
        return sorted(held) == list(wp.NUMBERS)
    return not state.grandma_pile and not state.grandma_discard


def summaries_ok(state: Any) -> bool:
    """The incremental frontier and tallies agree with the walls recomputed from scratch."""
    for seat, wall in enumerate(state.walls):
        if sorted(state.frontier[seat]) != sorted(wp.legal_cells(wall)):
            return False
        counts = wp.shape_counts(wall)
        if [n for colour in wp.COLOURS for n in counts[colour]] != state.tally[seat]:
            return False
        if state.oval_count[seat] != wp.ovals_on(wall):
            return False
        if state.memory_bits[seat].bit_count() != len(wp.memories_on(wall)):
            return False
    return True


def hooks() -> Hooks:
    """What the generic property tests need to know about That Old Wallpaper."""

    def conserved(state: Any) -> bool:
        wallpaper = wallpaper_cards(state)
        unplaced, hazy_ids = hazy_cards(state)
        return (
            Counter(wallpaper) == Counter(range(wp.WALLPAPER_COUNT))
            and unplaced + len(hazy_ids) == wp.HAZY_COUNT
            and len(set(hazy_ids)) == len(hazy_ids)
            and all(wp.HAZY_FIRST <= card < wp.HAZY_FIRST + wp.HAZY_COUNT for card in hazy_ids)
            and numbers_ok(state)
            and summaries_ok(state)
        )

    def max_steps(players: int, options: dict[str, Any]) -> int:
        # per turn each seat plays once and at most one pick per seat; every card is placed once
        return wp.TURNS * players * 2 + wp.WALLPAPER_COUNT + wp.HAZY_COUNT + 1

    fields = {
        "game_started": {"token_line", "grandma"},
        "hand_drawn": {"seat", "count"},
        "row_card_dealt": {"row", "card", "chained"},
        "turn_started": {"turn", "round"},
        "number_chosen": {"seat"},
        "numbers_revealed": {"numbers", "blocks"},
        "row_taken": {"seat", "row", "cards", "collision", "discarded"},
        "token_moved": {"seat", "line"},
        "hazy_given": {"seat", "given"},
        "card_placed": {"seat", "card", "x", "y", "rot", "shapes"},
        "numbers_discarded": {"numbers"},
        "number_drawn": {"seat"},
        "pile_reshuffled": {"seat"},
        "round_started": {"round"},
        "game_scored": {"shapes", "memories", "ovals", "oval_points", "token", "totals", "winners"},
    }

    def check_events(
        rules: Rules, before: Any, seat: int, action: Any, events: list[Event], after: Any
    ) -> None:
        for event in events:
            names = {f.name for f in dataclasses.fields(event)}
            assert fields.get(event.kind) == names, f"review what {event.kind} {names} reveals"
            if event.kind == "number_chosen":
                # the face-down number stays out of the event: only who chose
                assert event.seat == seat and action.kind == wp.PLAY
            elif event.kind == "numbers_revealed":
                for viewer in range(-1, after.players):
                    assert rules.observe(after, viewer).last_reveal == event
            elif event.kind == "card_placed":
                assert action.kind == wp.PLACE and action.card in before.pending
                assert (event.seat, event.card, event.x, event.y, event.rot) == \
                    (seat, action.card, action.x, action.y, action.rot)
            elif event.kind == "row_card_dealt":
                for viewer in range(-1, after.players):
                    assert event.card in rules.observe(after, viewer).rows[event.row]

    def hidden_can_vary(rules: Rules, observation: Any) -> bool:
        return observation.phase != wp.PHASE_OVER and observation.deck_count >= 2

    def bogus_actions(state: Any, seat: int) -> list[Any]:
        hand = state.hands[seat] if 0 <= seat < state.players else []
        made_up: list[Any] = [
            wp.play(0),
            wp.play(11),
            wp.pick(-1),
            wp.pick(99),
            wp.place(0, 500, 500, 0),
            wp.place(0, 0, 0, 90),
            wp.place(-1, 0, 0, 0),
            wp.WallpaperAction("discard"),
            wp.WallpaperAction(wp.PLAY, 3.0),  # type: ignore[arg-type]
            wp.WallpaperAction(wp.PLAY, True),  # type: ignore[arg-type]
            wp.WallpaperAction(wp.PLACE, 0, -1, 0.0, 0, 0),  # type: ignore[arg-type]
            wp.WallpaperAction(wp.PLACE, 1, -1, 0, 0, 0),
            wp.WallpaperAction(wp.PLACE, 0, -1, 0, 0, 0, 5.0),  # type: ignore[arg-type]
            ("play", 3, -1, 0, 0, 0),
            "play 3",
            None,
            42,
        ]
        made_up += [wp.play(number) for number in wp.NUMBERS if number not in hand][:3]
        if state.phase == wp.PHASE_CHOOSE:
            made_up += [wp.pick(0), wp.place(0, 0, 0, 0)]
        elif state.phase == wp.PHASE_PICK:
            made_up += [wp.play(number) for number in hand[:2]]
            made_up += [wp.pick(row) for row in range(len(state.rows)) if row not in state.blocks_todo[0].rows]
            made_up.append(wp.place(0, 0, 0, 0))
        elif state.phase in (wp.PHASE_PLACE, wp.PHASE_HAZY) and 0 <= seat < state.players:
            wall = state.walls[seat]
            card = state.pending[-1] if state.pending else 0
            cell = min(state.frontier[seat]) if state.frontier[seat] else (0, 0)
            made_up += [wp.play(number) for number in hand[:2]] + [wp.pick(0)]
            made_up += [wp.place(card, x, y, 0) for (x, y) in list(wall)[:3]]  # occupied
            made_up += [wp.place(card, x, y, 90) for (x, y) in sorted(state.frontier[seat])[:2]]
            made_up += [wp.place(other, *cell, 0) for other in (-1, 500) + tuple(c for c, _ in wall.values())[:2]]
            if state.phase == wp.PHASE_HAZY and len(state.pending) > 1:  # hazy cards go first one first
                made_up.append(wp.place(state.pending[1], *cell, 0))
            if not wall:
                made_up += [wp.place(card, 1, 0, 0), wp.place(card, 0, 1, 180)]
        return made_up

    def shows_own_secrets(state: Any, viewer: int, observation: Any) -> bool:
        own = tuple(state.hands[viewer]) if viewer >= 0 else ()
        choice = state.chosen[viewer] if viewer >= 0 else 0
        return (
            observation.hand == own
            and observation.my_choice == choice
            and not hasattr(observation, "hands")
            and not hasattr(observation, "piles")
            and not hasattr(observation, "deck")
            and not hasattr(observation, "grandma_pile")
        )

    return Hooks(conserved, max_steps, check_events, hidden_can_vary, bogus_actions, shows_own_secrets)
