"""Property-test hooks for NEW & OLD."""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Any

from game.core.events import Event
from game.core.rules import Rules
from game.rules import newold
from tests.property_hooks import Hooks


def hooks() -> Hooks:
    """What the generic property tests need to know about NEW & OLD."""

    def conserved(state: Any) -> bool:
        cards = [c for hand in state.hands for c in hand]
        cards += [c for box in state.boxed for c in box] + [c for row in state.revealed for c in row]
        cards += list(state.zone_old) + list(state.zone_new) + list(state.rest_box)
        boxes_ok = all(
            not box or (len(box) == 2 and box[0][0] == newold.NEW and box[1][0] == newold.OLD)
            for box in state.boxed
        )
        return Counter(cards) == Counter(newold.DECK) and boxes_ok

    def max_steps(players: int, options: dict[str, Any]) -> int:
        # per game: one box choice per seat, then per seat at most 12 plays and one reveal
        per_game = players * (1 + newold.HAND_SIZE + 1)
        return players * per_game + 1

    fields = {
        "game_started": {"game", "start_seat", "why"},
        "dealt": {"seat", "new_count", "old_count"},
        "zone_started": {"zone", "card"},
        "rest_boxed": {"new_count", "old_count"},
        "box_chosen": {"seat"},
        "play_started": {"start_seat"},
        "card_played": {"seat", "card", "zone"},
        "stage_b_checked": {"seat", "can_play"},
        "revealed": {"seat", "cards", "stage_change"},
        "left": {"seat", "why"},
        "game_scored": {"game", "scores", "rank_points", "totals"},
        "match_ended": {"totals", "winners"},
    }

    def check_events(
        rules: Rules, before: Any, seat: int, action: Any, events: list[Event], after: Any
    ) -> None:
        shown_now: dict[int, tuple[str, ...]] = {}
        for event in events:
            names = {f.name for f in dataclasses.fields(event)}
            assert fields.get(event.kind) == names, f"review what {event.kind} {names} reveals"
            if event.kind == "card_played":
                # only the actor plays, and only the card it chose (the face goes up on a zone)
                assert (event.seat, event.card) == (seat, action.card) and action.kind == "play"
            elif event.kind == "box_chosen":
                assert event.seat == seat and action.kind == "box"
            elif event.kind == "revealed":
                # revealed faces are public from now on, on every seat's table (or in the record)
                shown_now[event.seat] = shown_now.get(event.seat, ()) + event.cards
            elif event.kind == "zone_started":
                for viewer in range(-1, after.players):
                    seen = rules.observe(after, viewer)
                    zone = seen.zone_old if event.zone == newold.ZONE_OLD else seen.zone_new
                    assert zone[0] == event.card
        for who, cards in shown_now.items():
            if after.game == before.game:
                for viewer in range(-1, after.players):
                    shown = rules.observe(after, viewer).revealed[who]
                    assert shown[len(shown) - len(cards):] == cards
            elif cards:
                assert after.records[before.game].revealed[who][-len(cards):] == cards

    def hidden_can_vary(rules: Rules, observation: Any) -> bool:
        if observation.phase == newold.PHASE_OVER:
            return False
        unseen = rules.unseen_cards(observation)
        for index, kind in enumerate((newold.NEW, newold.OLD)):
            places = sum(
                1
                for seat, counts in enumerate(observation.hand_kinds)
                if seat != observation.seat and counts[index]
            )
            places += sum(1 for seat, done in enumerate(observation.chosen) if done and seat != observation.seat)
            places += 1 if observation.rest_box_kinds[index] else 0
            if places >= 2 and len({card for card in unseen if card[0] == kind}) >= 2:
                return True
        return False

    def bogus_actions(state: Any, seat: int) -> list[Any]:
        hand = state.hands[seat] if 0 <= seat < state.players else []
        made_up: list[Any] = [
            newold.NewOldAction("pass"),
            newold.NewOldAction("play", "N7"),
            newold.NewOldAction("play", "X1"),
            newold.NewOldAction("play", ""),
            newold.NewOldAction("box", "O1", "N1"),
            newold.NewOldAction("box", "N1", "N2"),
            newold.NewOldAction("draw", "N1"),
            ("play", "N1", ""),
            "reveal",
            None,
            42,
        ]
        missing = [card for card in newold.CARDS if card not in hand]
        made_up += [newold.NewOldAction("play", card) for card in missing[:3]]
        if state.phase == newold.PHASE_PLAY and 0 <= seat < state.players:
            top = state.zone_old[-1] if state.stages[seat] == newold.STAGE_A else state.zone_new[-1]
            fits = (int(top[1]), int(top[1]) % 6 + 1)
            made_up += [newold.NewOldAction("play", c) for c in hand if int(c[1]) not in fits]
            if state.stages[seat] == newold.STAGE_B:
                made_up += [newold.REVEAL, newold.NewOldAction("play", "O1"), newold.NewOldAction("play", "O6")]
            else:
                old_fits = [c for c in hand if c[0] == newold.OLD and int(c[1]) in fits]
                if old_fits:
                    made_up.append(newold.REVEAL)
            made_up += [newold.NewOldAction("box", c, d) for c in hand[:1] for d in hand[-1:]]
        else:
            made_up += [newold.REVEAL] + [newold.NewOldAction("play", c) for c in hand[:2]]
            made_up += [newold.NewOldAction("box", c, d) for c in missing[:1] for d in hand[-1:]]
        return made_up

    def shows_own_secrets(state: Any, viewer: int, observation: Any) -> bool:
        own = tuple(state.hands[viewer]) if viewer >= 0 else ()
        box = tuple(state.boxed[viewer]) if viewer >= 0 else ()
        return (
            observation.hand == own
            and observation.my_box == box
            and not hasattr(observation, "hands")
            and not hasattr(observation, "boxed")
            and not hasattr(observation, "rest_box")
        )

    return Hooks(conserved, max_steps, check_events, hidden_can_vary, bogus_actions, shows_own_secrets)
