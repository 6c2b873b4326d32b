"""ノアロン in words: what each player took and discarded, declarations, turns passed, settlements."""

from __future__ import annotations

from typing import Any

from game.core.events import Event
from game.narrate import HEADING, PASS, RESULT, Context, LogLine, Term
from game.rules.noaron import (
    HOUSE_TURN_LIMIT,
    SOURCE_DECK,
    SOURCE_MINE,
    Declared,
    Discarded,
    GameEnded,
    RoundStarted,
    Settled,
    Took,
    TurnPassed,
)


def cards_term(cards: tuple[str, ...]) -> tuple[Term, ...]:
    """Red and black cards in words, in their order."""
    return tuple(Term(f"log.noaron.card.{card}") for card in cards)


def _took(event: Took) -> LogLine:
    """Where a seat's two cards came from (their colours when they came off a pile, face up)."""
    if event.source == SOURCE_DECK:
        return LogLine(event.seat, "log.noaron.take_deck")
    key = "log.noaron.take_mine" if event.source == SOURCE_MINE else "log.noaron.take_theirs"
    return LogLine(event.seat, key, {"cards": cards_term(event.cards)})


def _settled(event: Settled) -> list[LogLine]:
    """Who lost the round and how many stake cards they set aside ("1 stake card": its own text)."""
    key = "log.noaron.loses.one" if event.paid == 1 else "log.noaron.loses"
    return [LogLine(event.loser, key, {"player": event.loser, "paid": event.paid}, seats=("player",), kind=RESULT)]


def _declared(event: Declared) -> LogLine:
    """A declaration; one the house turn limit forced says so."""
    if event.forced:
        return LogLine(event.seat, "log.noaron.declare_forced", {"limit": HOUSE_TURN_LIMIT}, kind=PASS)
    return LogLine(event.seat, "log.noaron.declare", kind=PASS)


def narrate(event: Event, context: Context) -> list[LogLine]:
    """The log lines of one Noaron event (none for deals and pile seeding)."""
    if isinstance(event, RoundStarted):
        return [LogLine(None, "log.noaron.round", {"n": event.round + 1}, kind=HEADING),
                LogLine(event.start_seat, "log.starts", {"player": event.start_seat}, seats=("player",))]
    if isinstance(event, Took):
        return [_took(event)]
    if isinstance(event, Discarded):
        return [LogLine(event.seat, "log.noaron.discard", {"cards": cards_term(event.cards)})]
    if isinstance(event, Declared):
        return [_declared(event)]
    if isinstance(event, TurnPassed):
        return [LogLine(event.seat, "log.noaron.end_turn", kind=PASS)]
    if isinstance(event, Settled):
        return _settled(event)
    if isinstance(event, GameEnded):
        return [LogLine(event.winner, "log.wins", {"player": event.winner}, seats=("player",), kind=RESULT)]
    return []


def opening(start: Any, context: Context) -> list[LogLine]:
    """The lines of the first round's start (its events came before the log began)."""
    return narrate(RoundStarted(start.round, start.start_seat), context)
