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
    NoaronAction,
    NoaronObservation,
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


def _pile_tops(action: NoaronAction, observation: NoaronObservation) -> tuple[str, ...]:
    """The two cards a take from piles brings, in the order they join the hand: your own
    piles left then right; the opponent's right pile first (it lies on your left)."""
    seat = observation.seat
    owner = seat if action.source == SOURCE_MINE else 1 - seat
    left, right = observation.piles[owner]
    tops = (left[-1] if left else "", right[-1] if right else "")
    return tuple(card for card in (tops if owner == seat else tops[::-1]) if card)


def _gap(index: int, count: int) -> Term:
    """A gap of a hand of ``count`` cards: an end, or between two cards counted from the left."""
    if index == 0:
        return Term("coach.noaron.gap.left")
    if index >= count:
        return Term("coach.noaron.gap.right")
    return Term("coach.noaron.gap.between", {"a": index, "b": index + 1})


def describe(action: NoaronAction, observation: NoaronObservation) -> Term:
    """A ノアロン move in words: where the two cards come from (with their colours when they lie
    face up), which neighbouring hand cards go on the piles, the gap for the taken pair, or the
    turn's end."""
    hand = observation.hand
    if action.kind == "take":
        if action.source == SOURCE_DECK:
            return Term("coach.noaron.take_deck")
        key = "coach.noaron.take_mine" if action.source == SOURCE_MINE else "coach.noaron.take_theirs"
        return Term(key, {"cards": cards_term(_pile_tops(action, observation))})
    if action.kind == "discard":
        pair = tuple(hand[action.index:action.index + 2])
        return Term("coach.noaron.discard", {"a": action.index + 1, "b": action.index + 2, "cards": cards_term(pair)})
    if action.kind == "insert":
        return Term("coach.noaron.insert", {"gap": _gap(action.index, len(hand))})
    return Term("coach.noaron.declare" if action.kind == "declare" else "coach.noaron.end")
