"""ねこは上にある in words: stacks laid, cards played, passes, the stall breaker, the cat, rounds and
their points."""

from __future__ import annotations

from typing import Any

from game.core.events import Event
from game.narrate import HEADING, PASS, RESULT, Context, LogLine, Term, number, signed
from game.rules.neko import (
    NOBODY,
    POSITIONS,
    CardPlayed,
    GameEnded,
    MustPlay,
    NekoAction,
    NekoObservation,
    Passed,
    RoundEnded,
    RoundStarted,
    StackBuilt,
    position_owners,
    seat_positions,
)


def _stack(position: int, context: Context) -> tuple[str, dict[str, int]]:
    """The words for a stack: its owner's ("{owner}'s stack") or an ownerless one."""
    owner = position_owners(context.players)[position]
    if owner == NOBODY:
        return "free", {}
    return "owned", {"owner": owner}


def narrate(event: Event, context: Context) -> list[LogLine]:
    """The log lines of one neko event (none for deals and the cat's hops: the cards say it)."""
    if isinstance(event, RoundStarted):
        return [LogLine(None, "log.round", {"n": event.round + 1}, kind=HEADING),
                LogLine(event.start_seat, "log.starts", {"player": event.start_seat}, seats=("player",))]
    if isinstance(event, (StackBuilt, CardPlayed)):
        whose, params = _stack(event.position, context)
        seats = ("owner",) if params else ()
        if isinstance(event, StackBuilt):
            if event.seat == NOBODY:
                return [LogLine(None, f"log.neko.base_rest.{whose}", {"card": event.card, **params}, seats=seats)]
            return [LogLine(event.seat, "log.neko.base", {"card": event.card})]
        return [LogLine(event.seat, f"log.neko.play.{whose}", {"card": event.card, **params}, seats=seats)]
    if isinstance(event, Passed):
        return [LogLine(event.seat, "log.pass", kind=PASS)]
    if isinstance(event, MustPlay):
        # the table's notice (no seat acted), banded like the passes that led to it
        return [LogLine(None, "log.neko.must_play", {"player": event.seat}, seats=("player",), kind=PASS)]
    if isinstance(event, RoundEnded):
        head = (LogLine(event.emptied, "log.neko.emptied", {"player": event.emptied}, seats=("player",))
                if event.emptied != NOBODY else LogLine(None, "log.neko.blocked"))
        return [head] + [LogLine(seat, "log.points", {"points": signed(score), "total": number(event.totals[seat])},
                                 kind=RESULT) for seat, score in enumerate(event.scores)]
    if isinstance(event, GameEnded):
        return [LogLine(seat, "log.wins", {"player": seat}, seats=("player",), kind=RESULT)
                for seat in event.winners]
    return []


def opening(start: Any, context: Context) -> list[LogLine]:
    """The lines of the first round's start (its events came before the log began)."""
    return narrate(RoundStarted(start.round, start.start_seat), context)


SLOT_WORDS = ("own", "left", "across", "right")  # slots as the viewer sees them, clockwise from its own


def describe(action: NekoAction, observation: NekoObservation) -> Term:
    """A neko move in words: the stack named as the viewer sees it on the table (its own, left,
    across, right)."""
    if action.kind == "pass":
        return Term("coach.pass")
    if action.kind == "base":
        return Term("coach.neko.base", {"card": action.card})
    positions = seat_positions(observation.players)
    viewer = positions[observation.seat] if 0 <= observation.seat < observation.players else 0
    slot = SLOT_WORDS[(action.position - viewer) % POSITIONS]
    return Term(f"coach.neko.play.{slot}", {"card": action.card})
