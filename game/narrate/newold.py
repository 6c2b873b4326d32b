"""NEW & OLD in words: games, the box, cards played on the zones, reveals, who went out, scores."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.core.events import Event
from game.narrate import HEADING, PASS, RESULT, Context, LogLine, Term, number, signed
from game.rules.newold import (
    STAGE_A,
    ZONE_OLD,
    BoxChosen,
    CardPlayed,
    GameScored,
    GameStarted,
    Left,
    MatchEnded,
    NewOldAction,
    NewOldObservation,
    Revealed,
    card_kind,
    card_number,
)


def card_term(card: str) -> Term:
    """A card in words: "New 5" / "Old 3" (never the rules' "N5" / "O3")."""
    return Term(f"log.newold.card.{card_kind(card)}", {"n": card_number(card)})


def reason_words(params: Mapping[str, Any]) -> dict[str, Any]:
    """A refusal's params with cards in words: ``card`` "O6" and ``cards`` "O1, O3"."""
    words = dict(params)
    if isinstance(words.get("card"), str):
        words["card"] = card_term(words["card"]).text()
    if isinstance(words.get("cards"), str):
        words["cards"] = ", ".join(card_term(card.strip()).text() for card in words["cards"].split(",") if card.strip())
    return words


def narrate(event: Event, context: Context) -> list[LogLine]:
    """The log lines of one NEW & OLD event (none for deals and checks: the table shows them)."""
    if isinstance(event, GameStarted):
        return [LogLine(None, "log.game", {"n": event.game + 1}, kind=HEADING),
                LogLine(event.start_seat, "log.starts", {"player": event.start_seat}, seats=("player",))]
    if isinstance(event, BoxChosen):
        return [LogLine(event.seat, "log.newold.box")]
    if isinstance(event, CardPlayed):
        zone = "old" if event.zone == ZONE_OLD else "new"
        return [LogLine(event.seat, f"log.newold.play.{zone}", {"card": card_term(event.card)})]
    if isinstance(event, Revealed):
        if event.stage_change and not event.cards:
            return [LogLine(event.seat, "log.newold.reveal_none", kind=PASS)]
        key = "log.newold.reveal" if event.stage_change else "log.newold.show_hand"
        return [LogLine(event.seat, key, {"cards": tuple(card_term(card) for card in event.cards)}, kind=PASS)]
    if isinstance(event, Left):
        return [LogLine(event.seat, f"log.newold.left.{event.why}", kind=PASS if event.why == "stuck" else "move")]
    if isinstance(event, GameScored):
        return [LogLine(seat, "log.points", {"points": signed(score), "total": number(event.totals[seat])}, kind=RESULT)
                for seat, score in enumerate(event.scores)]
    if isinstance(event, MatchEnded):
        return [LogLine(seat, "log.wins", {"player": seat}, seats=("player",), kind=RESULT)
                for seat in event.winners]
    return []


def opening(start: Any, context: Context) -> list[LogLine]:
    """The lines of the first game's start (its events came before the log began)."""
    return narrate(GameStarted(start.game, start.start_seat, "first"), context)


def describe(action: NewOldAction, observation: NewOldObservation) -> Term:
    """A NEW & OLD move in words: the cards for the box, a card and the zone it goes on (the
    Old zone in stage A, the New zone in stage B), or the reveal."""
    if action.kind == "box":
        return Term("coach.newold.box", {"new": card_term(action.card), "old": card_term(action.card2)})
    if action.kind == "reveal":
        return Term("coach.newold.reveal")
    stage = observation.stages[observation.seat] if 0 <= observation.seat < observation.players else STAGE_A
    zone = "old" if stage == STAGE_A else "new"
    return Term(f"coach.newold.play.{zone}", {"card": card_term(action.card)})
