"""That Old Wallpaper in words: numbers revealed, rows taken, collisions, cards hung, the scores.
In a 2-player game Grandma plays as seat ``GRANDMA``; she has no seat of her own on the table,
so her lines name her instead."""

from __future__ import annotations

from typing import Any

from game.core.events import Event
from game.narrate import HEADING, PASS, RESULT, Context, LogLine, Term, number
from game.rules.wallpaper import (
    GRANDMA,
    CardPlaced,
    GameScored,
    HazyGiven,
    NumberChosen,
    NumbersRevealed,
    RoundStarted,
    RowTaken,
    TokenMoved,
)


def _grandma(seat: int, context: Context) -> bool:
    """True when ``seat`` is Grandma (she plays only with two players)."""
    return context.players == 2 and seat == GRANDMA


def _who(seat: int, context: Context, key: str, params: dict[str, Any], kind: str = "move") -> LogLine:
    """A line about ``seat``: named as a seat, or as Grandma (no seat mark)."""
    if _grandma(seat, context):
        return LogLine(None, key, {**params, "player": Term("wallpaper.grandma")}, kind=kind)
    return LogLine(seat, key, {**params, "player": seat}, seats=("player",), kind=kind)


def _revealed(event: NumbersRevealed, context: Context) -> list[LogLine]:
    """Each seat's number, face up at last."""
    return [_who(seat, context, "log.wallpaper.reveal", {"n": number}) for seat, number in enumerate(event.numbers)]


def _row_taken(event: RowTaken, context: Context) -> LogLine:
    """A row taken to hang (or cleared away by Grandma)."""
    key = "log.wallpaper.grandma_row" if event.discarded else "log.wallpaper.row"
    return _who(event.seat, context, key, {"row": event.row + 1, "n": len(event.cards)})


def _placed(event: CardPlaced) -> LogLine:
    """A card hung on a wall, and how many shapes it completed."""
    if len(event.shapes) > 1:
        return LogLine(event.seat, "log.wallpaper.hang_shapes", {"n": len(event.shapes)})
    if event.shapes:
        return LogLine(event.seat, "log.wallpaper.hang_shape")
    return LogLine(event.seat, "log.wallpaper.hang")


def narrate(event: Event, context: Context) -> list[LogLine]:
    """The log lines of one wallpaper event (none for deals and draws: the table shows them)."""
    if isinstance(event, RoundStarted):
        return [LogLine(None, "log.round", {"n": event.round + 1}, kind=HEADING)]
    if isinstance(event, NumberChosen):
        return [] if _grandma(event.seat, context) else [LogLine(event.seat, "log.wallpaper.chose")]
    if isinstance(event, NumbersRevealed):
        return _revealed(event, context)
    if isinstance(event, RowTaken):
        return [_row_taken(event, context)]
    if isinstance(event, TokenMoved):
        return [_who(event.seat, context, "log.wallpaper.token", {})]
    if isinstance(event, HazyGiven):
        return [_who(event.seat, context, "log.wallpaper.hazy" if event.given else "log.wallpaper.no_hazy", {},
                     kind=PASS)]
    if isinstance(event, CardPlaced):
        return [] if _grandma(event.seat, context) else [_placed(event)]
    if isinstance(event, GameScored):
        return [LogLine(seat, "log.final", {"total": number(total)}, kind=RESULT)
                for seat, total in enumerate(event.totals) if not _grandma(seat, context)] + \
               [LogLine(seat, "log.wins", {"player": seat}, seats=("player",), kind=RESULT) for seat in event.winners
                if not _grandma(seat, context)]
    return []


def opening(start: Any, context: Context) -> list[LogLine]:
    """The first round's heading (its events came before the log began)."""
    return narrate(RoundStarted(start.round), context)
