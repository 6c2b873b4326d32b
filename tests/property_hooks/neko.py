"""Property-test hooks for ねこは上にある."""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Any

from game.core.events import Event
from game.core.rules import Rules
from game.rules import neko
from tests.property_hooks import Hooks


def hooks() -> Hooks:
    """What the generic property tests need to know about neko."""

    def conserved(state: Any) -> bool:
        cards = [c for h in state.hands for c in h] + [c for s in state.stacks for c in s] + list(state.rest)
        return Counter(cards) == Counter(neko.DECK)

    def max_steps(players: int, options: dict[str, Any]) -> int:
        hand = neko.QUICK_DEAL if options.get("quick") else neko.DEAL - 1
        plays = hand * players
        # a run of passes: the free ones, then forced passes until a seat that can play is reached
        # (within one cycle of the cat and the turn, else the round is blocked and ends)
        streak = neko.must_play_after(players) + neko.pass_cycle(players)
        per_round = players + plays + (plays + 1) * streak + 1
        return players * per_round

    fields = {
        "round_started": {"round", "start_seat"},
        "dealt": {"seat", "count"},
        "stack_built": {"position", "card", "seat"},
        "card_played": {"seat", "card", "position"},
        "passed": {"seat"},
        "must_play": {"seat"},
        "cat_moved": {"source", "target", "why"},
        "round_ended": {"round", "why", "emptied", "scores", "stack_sizes", "totals"},
        "game_ended": {"totals", "winners"},
    }

    def check_events(
        rules: Rules, before: Any, seat: int, action: Any, events: list[Event], after: Any
    ) -> None:
        for event in events:
            names = {f.name for f in dataclasses.fields(event)}
            assert fields.get(event.kind) == names, f"review what {event.kind} {names} reveals"
            if event.kind == "stack_built" and event.seat != neko.NOBODY:
                # the actor's own card, laid face up by this very action
                assert (event.seat, event.card) == (seat, action.card) and action.kind == "base"
            elif event.kind == "stack_built":
                # a card of the rest turned up: from now on it is public, on every seat's table
                for viewer in range(-1, after.players):
                    assert rules.observe(after, viewer).stacks[event.position][0] == event.card
            elif event.kind == "card_played":
                assert (event.seat, event.card, event.position) == (seat, action.card, action.position)

    def hidden_can_vary(rules: Rules, observation: Any) -> bool:
        if observation.phase == neko.PHASE_OVER:
            return False
        unseen = rules.unseen_cards(observation)
        hands = [n for s, n in enumerate(observation.hand_counts) if s != observation.seat and n]
        places = len(hands) + (1 if observation.rest_count else 0)
        return len(set(unseen)) >= 2 and (places >= 2 or observation.rest_count >= 2)

    def bogus_actions(state: Any, seat: int) -> list[Any]:
        hand = state.hands[seat] if 0 <= seat < state.players else []
        made_up: list[Any] = [
            neko.NekoAction("play", 9, 1),
            neko.NekoAction("play", 0, 1),
            neko.NekoAction("base", 0),
            neko.NekoAction("base", 9),
            neko.NekoAction("jump", 1, 1),
            "pass",
            None,
            42,
        ]
        missing = [v for v in neko.CARD_VALUES if v not in hand]
        made_up += [neko.NekoAction("play", v, p) for v in missing[:2] for p in range(4)]
        made_up += [neko.NekoAction("base", v) for v in missing[:2]]
        if state.phase == neko.PHASE_PLAY:
            made_up += [neko.NekoAction("play", v, state.cat) for v in hand]
            made_up += [neko.NekoAction("play", v, 4) for v in hand[:1]]
            made_up += [neko.NekoAction("base", v) for v in hand[:1]]
        else:
            made_up += [neko.PASS] + [neko.NekoAction("play", v, 1) for v in hand[:1]]
        return made_up

    def shows_own_secrets(state: Any, viewer: int, observation: Any) -> bool:
        own = tuple(state.hands[viewer]) if viewer >= 0 else ()
        return (
            observation.hand == own and not hasattr(observation, "hands") and not hasattr(observation, "rest")
        )

    def parting_is_public(mine: Event | None, theirs: Event | None) -> bool:
        # the round ends at once when no hand can fit anywhere the cat's walk leads (blocked): in
        # one world it ends after this pass, in another play goes on; the verdict is public
        return any(event is not None and event.kind == "round_ended" and event.why == neko.END_BLOCKED
                   for event in (mine, theirs))

    return Hooks(conserved, max_steps, check_events, hidden_can_vary, bogus_actions, shows_own_secrets,
                 parting_is_public)
