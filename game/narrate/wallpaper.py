"""That Old Wallpaper in words: numbers revealed, rows taken, collisions, cards hung, the scores.
In a 2-player game Grandma plays as seat ``GRANDMA``; she has no seat of her own on the table,
so her lines name her instead."""

from __future__ import annotations

from typing import Any

from game.core.events import Event
from game.narrate import HEADING, PASS, RESULT, Context, LogLine, Term, number
from game.rules.wallpaper import (
    GRANDMA,
    MEMORIES,
    OVAL,
    PICK,
    PLAY,
    CardPlaced,
    GameScored,
    HazyGiven,
    NumberChosen,
    NumbersRevealed,
    RoundStarted,
    RowTaken,
    TokenMoved,
    WallpaperAction,
    WallpaperObservation,
    centre_of,
    is_hazy,
    shape_gain,
    wall_of,
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


# Where a cell lies from a neighbouring card of the wall: (dx, dy) to the neighbour -> the words.
_BESIDE = (((-1, 0), "right"), ((0, -1), "below"), ((1, 0), "left"), ((0, 1), "above"))


def card_name(card_id: int) -> Term:
    """A wallpaper card named by what sits in its middle: a memory, a red oval, nothing, or hazy."""
    if is_hazy(card_id):
        return Term("coach.wallpaper.card.hazy")
    centre = centre_of(card_id)
    if centre in MEMORIES:
        return Term("coach.wallpaper.card.memory", {"memory": Term(f"wallpaper.memory.{centre}")})
    return Term("coach.wallpaper.card.oval" if centre == OVAL else "coach.wallpaper.card.plain")


def _where(wall: dict[tuple[int, int], tuple[int, int]], x: int, y: int) -> Term:
    """A cell in words: beside which card of the wall it lies (the first of left, above, right,
    below that holds one), or the wall's first card."""
    for (dx, dy), side in _BESIDE:
        neighbour = wall.get((x + dx, y + dy))
        if neighbour is not None:
            return Term(f"coach.wallpaper.where.{side}", {"card": card_name(neighbour[0])})
    return Term("coach.wallpaper.where.first")


def describe(action: WallpaperAction, observation: WallpaperObservation) -> Term:
    """A wallpaper move in words: the number card, the row taken, or the card hung (what it
    shows, beside which card of the wall, turned or not, and how many shapes it completes)."""
    if action.kind == PLAY:
        return Term("coach.wallpaper.play", {"n": action.number})
    if action.kind == PICK:
        return Term("coach.wallpaper.pick", {"row": action.row + 1})
    wall = wall_of(observation, observation.seat)
    made = len(shape_gain(wall, (action.x, action.y), action.card, action.rot))
    count = "none" if made == 0 else ("one" if made == 1 else "many")
    turn = "turned" if action.rot else "upright"
    return Term(f"coach.wallpaper.place.{turn}.{count}",
                {"card": card_name(action.card), "where": _where(wall, action.x, action.y), "n": made})
