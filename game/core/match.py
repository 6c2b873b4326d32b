"""A match: rules + state + seats + the action log, with undo and versioned JSON saves.

The log is the truth: a match is rebuilt from (game id, players, options, seed, log), so a save
file is small, readable and cannot smuggle code (never pickle). Undo follows Board Game Arena:
a seat may take back only its own last actions, never once another seat has acted, and never past
an event that revealed hidden information or drew on chance.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from game.core.errors import RulesError, SaveError
from game.core.events import Event
from game.core.registry import get_rules
from game.core.storage import read_json, write_json_atomic

SAVE_FORMAT = "kotatsu-match"
SAVE_VERSION = 1
AI_LEVELS: tuple[str, ...] = ("easy", "normal", "hard")


@dataclass(frozen=True)
class Seat:
    """Who sits at a seat: a human, or an AI of a level ("easy", "normal", "hard", "random")."""

    kind: str = "human"
    level: str = ""
    name: str = ""

    @property
    def is_human(self) -> bool:
        """True for a person at the table."""
        return self.kind == "human"

    @staticmethod
    def parse(text: str) -> Seat:
        """``human`` or ``ai:LEVEL`` (``ai`` alone is normal), as on the command line."""
        text = text.strip().lower()
        if text == "human":
            return Seat("human")
        if text == "ai":
            return Seat("ai", "normal")
        if text.startswith("ai:") and text[3:] in AI_LEVELS + ("random",):
            return Seat("ai", text[3:])
        raise ValueError(f"bad seat {text!r}: use human or ai:easy|ai:normal|ai:hard")

    def label(self) -> str:
        """The command-line spelling of this seat."""
        return "human" if self.is_human else f"ai:{self.level}"


def _checked_seat(data: Any) -> Seat:
    """A seat from a save file; ``ValueError`` for an unknown kind or AI level."""
    seat = Seat(**data)
    if seat.kind == "human" or (seat.kind == "ai" and seat.level in AI_LEVELS + ("random",)):
        return seat
    raise ValueError(f"unknown seat {seat.kind!r} (level {seat.level!r})")


@dataclass(frozen=True)
class LogEntry:
    """One action as it was taken."""

    seat: int
    action: str  # the rules' encode_action text


class Match:
    """One game being played: owns the state and every change to it."""

    def __init__(
        self,
        game_id: str,
        seats: list[Seat],
        seed: int,
        options: Mapping[str, Any] | None = None,
    ) -> None:
        self.game_id = game_id
        self.rules = get_rules(game_id)
        self.seats = list(seats)
        self.seed = int(seed)
        self.options = self.rules.normalize_options(len(self.seats), options)
        self.state = self.rules.new_game(len(self.seats), self.seed, self.options)
        self.log: list[LogEntry] = []
        self.events: list[Event] = []  # every event so far, for a results screen or replay view
        # (state before, log length before, events length before, seat) per undoable action
        self._undo_stack: list[tuple[Any, int, int, int]] = []

    # ----- playing ---------------------------------------------------------------------------
    @property
    def players(self) -> int:
        """Number of seats."""
        return len(self.seats)

    def to_move(self) -> tuple[int, ...]:
        """Seats that must act now."""
        return self.rules.to_move(self.state)

    def is_over(self) -> bool:
        """True when the game has ended."""
        return self.rules.is_over(self.state)

    def legal_actions(self, seat: int) -> list[Any]:
        """Legal actions of ``seat`` now."""
        return self.rules.legal_actions(self.state, seat)

    def observe(self, seat: int) -> Any:
        """What ``seat`` may see now."""
        return self.rules.observe(self.state, seat)

    def apply(self, seat: int, action: Any) -> list[Event]:
        """Play a checked action, log it and keep (or drop) the undo point; returns its events."""
        before = self.rules.clone(self.state)
        events_before = len(self.events)
        events = self.rules.apply(self.state, seat, action)  # raises IllegalAction, state untouched
        self.log.append(LogEntry(seat, self.rules.encode_action(action)))
        self.events.extend(events)
        if any(event.hides_undo for event in events) or self.is_over():
            self._undo_stack.clear()
        else:
            if self._undo_stack and self._undo_stack[-1][3] != seat:
                self._undo_stack.clear()
            self._undo_stack.append((before, len(self.log) - 1, events_before, seat))
        return events

    def can_undo(self, seat: int) -> bool:
        """True when ``seat`` may take back the last action (its own, nothing since)."""
        if not self._undo_stack:
            return False
        _, index, _, owner = self._undo_stack[-1]
        return owner == seat and index == len(self.log) - 1

    def undo(self, seat: int) -> None:
        """Take back ``seat``'s last action; ``RulesError`` if the policy forbids it."""
        if not self.can_undo(seat):
            raise RulesError("reason.no_undo", "nothing of yours can be taken back now")
        state, index, events_before, _ = self._undo_stack.pop()
        self.state = state
        del self.log[index:]
        del self.events[events_before:]

    # ----- saving ----------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The match as a versioned, human-readable dict."""
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": self.game_id,
            "seed": self.seed,
            "options": dict(self.options),
            "seats": [asdict(seat) for seat in self.seats],
            "log": [[entry.seat, entry.action] for entry in self.log],
            "position": self.rules.notation(self.state),
        }

    @classmethod
    def from_json(cls, data: Any, verify: bool = True) -> Match:
        """Rebuild a match by replaying its log; ``SaveError`` names what is wrong."""
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SaveError("not a Kotatsu Table match file")
        if data.get("version") != SAVE_VERSION:
            raise SaveError(f"save version {data.get('version')!r} is not supported (want {SAVE_VERSION})")
        try:
            seats = [_checked_seat(seat) for seat in data["seats"]]
            match = cls(str(data["game"]), seats, int(data["seed"]), data.get("options") or {})
            for number, (seat, text) in enumerate(data["log"], start=1):
                try:
                    action = match.rules.decode_action(str(text))
                    match.apply(int(seat), action)
                except RulesError as error:
                    raise SaveError(f"log entry {number} ({seat}, {text!r}) is refused: {error}") from error
        except SaveError:
            raise
        except (KeyError, TypeError, ValueError, RulesError) as error:
            raise SaveError(f"save file is malformed: {error}") from error
        if verify and "position" in data and data["position"] != match.rules.notation(match.state):
            raise SaveError("replaying the log does not rebuild the saved position")
        return match

    def save(self, path: Path) -> None:
        """Write the match atomically."""
        write_json_atomic(path, self.to_json())

    @classmethod
    def load(cls, path: Path, verify: bool = True) -> Match:
        """Read and replay a save file; ``SaveError`` for anything unreadable."""
        try:
            data = read_json(path)
        except (OSError, ValueError) as error:
            raise SaveError(f"cannot read {path}: {error}") from error
        return cls.from_json(data, verify=verify)

    def dumps(self) -> str:
        """The save as a JSON string."""
        return json.dumps(self.to_json(), ensure_ascii=False)
