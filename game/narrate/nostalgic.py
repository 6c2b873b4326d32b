"""Nostalgic in words: throws, rerolls, dice placed in balloons, cards taken, NP, the final count."""

from __future__ import annotations

from typing import Any

from game.core.events import Event
from game.narrate import HEADING, RESULT, Context, LogLine, Term, listed, number, signed
from game.rules.nostalgic import (
    BALLOON_BY_ID,
    FACE_UP,
    WILD,
    BoxesPacked,
    CardTaken,
    ChipTaken,
    DiceThrown,
    DiePlaced,
    FinalScored,
    GameEnded,
    GameStarted,
    NostalgicAction,
    NostalgicObservation,
    NpGained,
    RoundStarted,
    card_kind,
)

FINAL_WHYS = frozenset({"chips", "sets", "box_rank"})  # NP counted at the end, not during play


def balloon_term(balloon_id: str) -> Term:
    """A balloon in words: its space and the values it takes ("Packing 3–4", "Recall ∞")."""
    balloon = BALLOON_BY_ID[balloon_id]
    if balloon.capacity is None:
        values = "∞"
    elif len(balloon.accepts) == 1:
        values = str(balloon.accepts[0])
    else:
        values = f"{balloon.accepts[0]}–{balloon.accepts[-1]}"
    return Term("log.nostalgic.balloon", {"space": Term(f"nostalgic.space.{balloon.space}"), "values": values})


def card_term(card: str) -> Term:
    """A nostalgia card in words: its kind, and "wild" for the three wilds."""
    kind = Term(f"nostalgic.kind.{card_kind(card)}")
    return Term("log.nostalgic.card_wild", {"kind": kind}) if card.endswith(WILD) else kind


def _thrown(event: DiceThrown) -> LogLine:
    """A throw or a reroll, with the faces it showed."""
    key = "log.nostalgic.reroll" if event.reroll else "log.nostalgic.throw"
    return LogLine(event.seat, key, {"values": listed([str(value) for value in event.values])})


def _taken(event: CardTaken) -> LogLine:
    """A card from the closet (its face is public) or the deck (its face stays with the taker)."""
    if event.card is None or event.source == FACE_UP:
        return LogLine(event.seat, "log.nostalgic.take_deck")
    return LogLine(event.seat, "log.nostalgic.take_up", {"card": card_term(event.card)})


def _np(event: NpGained) -> LogLine:
    """NP gained (or lost, for the box rank) and why."""
    kind = RESULT if event.why in FINAL_WHYS else "move"
    return LogLine(event.seat, f"log.nostalgic.np.{event.why}",
                   {"amount": signed(event.amount), "total": number(event.total)}, kind=kind)


def narrate(event: Event, context: Context) -> list[LogLine]:
    """The log lines of one Nostalgic event (none for deals, chips handed out and tidying up)."""
    if isinstance(event, GameStarted):
        return [LogLine(None, "log.game", {"n": event.game + 1}, kind=HEADING)]
    if isinstance(event, RoundStarted):
        return [LogLine(None, "log.round", {"n": event.round + 1}, kind=HEADING),
                LogLine(event.start_seat, "log.starts", {"player": event.start_seat}, seats=("player",))]
    if isinstance(event, DiceThrown):
        return [_thrown(event)]
    if isinstance(event, DiePlaced):
        return [LogLine(event.seat, "log.nostalgic.place", {"value": event.value, "balloon": balloon_term(event.balloon)})]
    if isinstance(event, NpGained):
        return [_np(event)] if event.amount else []
    if isinstance(event, BoxesPacked):
        return [LogLine(event.seat, "log.nostalgic.boxes" if event.count > 1 else "log.nostalgic.box", {"n": event.count, "total": number(event.total)})] if event.count else []
    if isinstance(event, ChipTaken):
        return [LogLine(event.seat, "log.nostalgic.chip")]
    if isinstance(event, CardTaken):
        return [_taken(event)]
    if isinstance(event, FinalScored):
        return [LogLine(seat, "log.final", {"total": number(total)}, kind=RESULT) for seat, total in enumerate(event.totals)]
    if isinstance(event, GameEnded):
        return [LogLine(seat, "log.wins", {"player": seat}, seats=("player",), kind=RESULT) for seat in event.winners]
    return []


def opening(start: Any, context: Context) -> list[LogLine]:
    """The first game and round, and everyone's first throw (dice lie face up on the table)."""
    lines = narrate(GameStarted(start.game, start.start_seat, start.direction), context)
    lines += narrate(RoundStarted(start.round, start.start_seat), context)
    for step in range(context.players):
        seat = (start.start_seat + step * start.direction) % context.players
        values = tuple(start.dice[seat])
        lines.append(_thrown(DiceThrown(seat, tuple(range(len(values))), values, 0, False)))
    return lines


def describe(action: NostalgicAction, observation: NostalgicObservation) -> Term:
    """A Nostalgic move in words: the die (by its number) and the balloon it goes in, the dice
    thrown again for a chip, or the card taken (a face-up one by its kind and place in the row)."""
    dice = observation.dice[observation.seat] if 0 <= observation.seat < observation.players else ()
    if action.kind == "place":
        return Term("coach.nostalgic.place", {"value": dice[action.die], "balloon": balloon_term(action.balloon)})
    if action.kind == "reroll":
        values = listed([str(dice[index]) for index in action.dice])
        return Term("coach.nostalgic.reroll", {"values": values})
    if action.source == FACE_UP:
        return Term("coach.nostalgic.take_deck")
    card = observation.row[action.source]
    return Term("coach.nostalgic.take_up", {"card": card_term(card) if card else "", "n": action.source + 1})
