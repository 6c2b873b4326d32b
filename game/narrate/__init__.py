"""The match in words: what happened at the table, one line per thing a player would want to read
back (a card played, a die placed, a pass, a round's result), for the move log.

Lines are built from the match's events, which carry only public information, so the log never
tells a face a seat did not show. Each game has its module here (``game.narrate.neko`` ...) with
``narrate(event, context) -> list[LogLine]``; ``narrate_match`` walks a whole match and
``line_text`` puts a line into words in the current language.

Moves not yet made are put into words too (``describe_action``), for hints and reviews: each game
module has ``describe(action, observation) -> Term``, built from what the seat sees only.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.core.events import Event
from game.core.registry import companion
from game.i18n import t

MOVE, PASS, HEADING, RESULT = "move", "pass", "heading", "result"  # kinds of line


@dataclass(frozen=True, slots=True)
class LogLine:
    """One line of the log.

    ``seat`` is whose action it was (None: the table's, e.g. a new round); ``key`` the catalogue
    text, filled with ``params`` (``{player}`` is ``seat``'s name unless given); a param named in ``seats`` is a seat number shown as that seat's
    name, a ``Term`` (or a tuple of them) a catalogue text of its own. ``kind`` is ``MOVE``, ``PASS``
    (drawn so it cannot be missed), ``HEADING`` (a new round or game) or ``RESULT`` (scores).
    """

    seat: int | None
    key: str
    params: Mapping[str, Any] = field(default_factory=dict)
    seats: tuple[str, ...] = ()
    kind: str = MOVE


@dataclass(frozen=True, slots=True)
class Term:
    """A word for a param that is itself a catalogue text ("Old 5", "Packing"), put into words
    when the line is shown, so a change of language changes it too."""

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def text(self) -> str:
        """This term in the current language (terms among its params too)."""
        return t(self.key, **{name: _word(value) for name, value in self.params.items()})


@dataclass(frozen=True, slots=True)
class Context:
    """What a narrator may know besides the event: the table's size and options."""

    players: int
    options: Mapping[str, Any]


def narrate_events(game_id: str, events: Sequence[Event], players: int,
                   options: Mapping[str, Any] | None = None) -> list[LogLine]:
    """Every log line ``events`` amount to, in order."""
    tell = companion(game_id, "narrator").narrate
    context = Context(players, dict(options or {}))
    return [line for event in events for line in tell(event, context)]


def opening_lines(match: Any) -> list[LogLine]:
    """The lines of a match's start: the rules deal it before any event is logged, so they are
    read from the fresh state (only what lies open on the table: round, start seat, dice)."""
    module = companion(match.game_id, "narrator")
    start = match.rules.new_game(match.players, match.seed, match.options, match.generator)
    return module.opening(start, Context(match.players, dict(match.options)))


def narrate_match(match: Any) -> list[LogLine]:
    """The log of a ``game.core.match.Match`` so far: its opening, then its events. A match
    hosted elsewhere (LAN) has no seed to deal the opening from: its events only."""
    opening = [] if getattr(match, "remote", False) else opening_lines(match)
    return opening + narrate_events(match.game_id, match.events, match.players, match.options)


def action_term(game_id: str, action: Any, observation: Any) -> Term:
    """A move ``observation``'s seat could make, as a catalogue term ("Play 5 on the left stack"),
    so a change of language changes its words too."""
    module = companion(game_id, "narrator")
    return module.describe(action, observation)


def describe_action(game_id: str, action: Any, observation: Any) -> str:
    """A move ``observation``'s seat could make, in words a player understands, in the current
    language ("Play 5 on the left stack", "Pass", "Take row 2")."""
    return action_term(game_id, action, observation).text()


def line_text(line: LogLine, name_of: Callable[[int], str]) -> str:
    """``line`` in words in the current language; ``name_of(seat)`` names seats."""
    params = dict(line.params)
    if line.seat is not None and "player" not in params:
        params["player"] = name_of(line.seat)  # the one who acted, unless the line names someone
    for name in line.seats:
        params[name] = name_of(int(params[name]))
    return t(line.key, **{name: _word(value) for name, value in params.items()})


def _word(value: Any) -> Any:
    """A param as shown: a term in words, a tuple of terms listed, anything else as it is."""
    if isinstance(value, Term):
        return value.text()
    if isinstance(value, tuple) and value and all(isinstance(item, Term) for item in value):
        return listed([item.text() for item in value])
    return value


def reason_text(game_id: str, reason: str, params: Mapping[str, Any]) -> str:
    """A refusal's reason in words: a game whose rules name cards in their notation ("O6")
    gives ``reason_words(params)`` here to say them as a player would ("Old 6")."""
    module = companion(game_id, "narrator")
    words = getattr(module, "reason_words", None)
    return t(reason, **(words(params) if words is not None else params))


def number(value: float) -> str:
    """``3`` or ``−2`` (a true minus sign, as everywhere on screen)."""
    return f"\u2212{-value}" if value < 0 else str(value)


def signed(number: int) -> str:
    """``+3``, ``0`` or ``−2`` (a true minus sign, as everywhere on screen)."""
    return f"+{number}" if number > 0 else (f"\u2212{-number}" if number < 0 else "0")


def listed(items: Sequence[str]) -> str:
    """Items joined for a line of the log (the same in both languages: a middle dot)."""
    return " · ".join(items)
