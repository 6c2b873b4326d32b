"""A match: rules + state + seats + the action log, with undo and versioned JSON saves.

The log is the truth: a match is rebuilt from (game id, players, options, seed, generator, log), so
a save file is small, readable and cannot smuggle code (never pickle). The generator
(``game.core.rng``) is saved as ``rng``; a save without it was dealt by the Mersenne Twister and is
replayed with it. Undo follows Board Game Arena:
a seat may take back only its own last actions, never once another seat has acted, and never past
an event that revealed hidden information or drew on chance.

Against AI seats only (one person at the table) the person may also *take back* their last move
together with the AI replies that followed it (``can_take_back``/``take_back``), still never past a
reveal; the replies taken back are remembered (``remembered_reply``) so that the same move meets
the same answer: a take-back never rerolls the AI's luck.
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from game.core.errors import RulesError, SaveError
from game.core.events import Event
from game.core.registry import get_rules
from game.core.rng import GENERATOR, GENERATORS, LEGACY_GENERATOR
from game.core.seeds import SEED_BITS, is_valid_seed
from game.core.storage import read_json, write_json_atomic

SAVE_FORMAT = "kotatsu-match"
# 2: a wallpaper placement names its card (version 1 logs are upgraded on load); 3: the save names
# its generator ("rng"; the versions before were all dealt by the Mersenne Twister)
SAVE_VERSION = 3
READABLE_VERSIONS = (1, 2, 3)  # what ``from_json`` replays, each through ``Rules.upgrade_action``
AI_LEVELS: tuple[str, ...] = ("easy", "normal", "hard")


@dataclass(frozen=True)
class Seat:
    """Who sits at a seat: a human, or an AI of a level ("easy", "normal", "hard", "random")."""

    kind: str = "human"
    level: str = ""
    name: str = ""
    hints: bool = True  # a person here may ask for hints (chosen at setup; AI seats never do)

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


SEAT_KEYS = frozenset({"kind", "level", "name", "hints"})
MAX_NAME = 40  # characters of a seat name
MAX_SEATS = 16  # above every game's table; the rules check the exact count
MAX_LOG = 100_000  # actions; a long match has a few hundred
MAX_ACTION = 200  # characters of one encoded action
MAX_OPTIONS = 32
MAX_TAKE_BACK = 400  # actions since the last reveal kept for a take-back (a long reveal-free stretch)
MAX_STARTED = 1 << 64  # the start time of a save (Unix seconds), sanely bounded
SCALARS = (bool, int, str)


def _short(value: Any) -> str:
    """A repr that is safe to show: at most 40 characters."""
    text = repr(value) if not isinstance(value, dict | list) else type(value).__name__
    return text if len(text) <= 40 else text[:37] + "..."


def _clip(text: str, limit: int = 160) -> str:
    """``text`` cut to ``limit`` characters: an error line, never a dump of the file."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


def typed_name(value: Any) -> str:
    """A name a person typed for a seat, trimmed; "" (the seat's default name) unless it is text
    of printable characters and, once trimmed, at most MAX_NAME characters long."""
    if not isinstance(value, str):
        return ""
    value = value.strip()
    return value if len(value) <= MAX_NAME and value.isprintable() else ""


def _checked_name(name: Any) -> str:
    """A seat name from a save: a printable string of at most MAX_NAME characters."""
    if not isinstance(name, str):
        raise SaveError(f"save file is malformed: a seat name is {type(name).__name__}, not text")
    if len(name) > MAX_NAME:
        raise SaveError(
            f"save file is malformed: a seat name has {len(name)} characters (at most {MAX_NAME})"
        )
    if not name.isprintable():
        raise SaveError(f"save file is malformed: the seat name {_short(name)} has unprintable characters")
    return name


def _checked_seat(data: Any) -> Seat:
    """A seat from a save file; ``SaveError`` for anything but a dict of known text fields,
    ``ValueError`` for an unknown kind or AI level."""
    if not isinstance(data, dict) or not set(data) <= SEAT_KEYS:
        raise SaveError(f"save file is malformed: a seat is {_short(data)}")
    if not all(isinstance(data.get(key, ""), str) for key in ("kind", "level")):
        raise SaveError("save file is malformed: a seat's kind and level must be text")
    if not isinstance(data.get("hints", True), bool):
        raise SaveError("save file is malformed: a seat's hints must be true or false")
    seat = Seat(**{**data, "name": _checked_name(data.get("name", ""))})
    if seat.kind == "human" or (seat.kind == "ai" and seat.level in AI_LEVELS + ("random",)):
        return seat
    raise ValueError(f"unknown seat {_short(seat.kind)} (level {_short(seat.level)})")


def _checked_seats(data: Any) -> list[Seat]:
    """The seats of a save file: a list of at most MAX_SEATS seats."""
    if not isinstance(data, list) or not data or len(data) > MAX_SEATS:
        raise SaveError(f"save file is malformed: seats must be a list of 1 to {MAX_SEATS} seats")
    return [_checked_seat(seat) for seat in data]


def _checked_seed(seed: Any) -> int:
    """The seed of a save file: an int (not a bool) of sane size."""
    if not is_valid_seed(seed):
        raise SaveError(
            f"save file is malformed: the seed {_short(seed)} is not a whole number within ±2**{SEED_BITS}"
        )
    return seed


def _checked_generator(name: Any) -> str:
    """The generator a save was dealt by: one of ``GENERATORS``; absent (None) in the saves
    written before it was kept, which were all dealt by ``LEGACY_GENERATOR``."""
    if name is None:
        return LEGACY_GENERATOR
    if not isinstance(name, str) or name not in GENERATORS:
        raise SaveError(
            f"save file is malformed: the generator {_short(name)} is not one of {', '.join(GENERATORS)}"
        )
    return name


def _checked_started(started: Any) -> int:
    """When a saved match began: Unix seconds, 0 for a save written before it was kept."""
    if isinstance(started, bool) or not isinstance(started, int) or not 0 <= started < MAX_STARTED:
        raise SaveError(f"save file is malformed: the start time {_short(started)} is not a whole number")
    return started


def _checked_options(options: Any) -> dict[str, Any]:
    """The options of a save file: a small dict of text keys and JSON scalars or flat lists
    (tuples when the dict comes from ``to_json`` in memory); the rules check keys and values."""
    if options is None:
        return {}
    if not isinstance(options, dict) or len(options) > MAX_OPTIONS:
        raise SaveError("save file is malformed: options must be a small JSON object")
    for key, value in options.items():
        flat = (
            isinstance(value, list | tuple)
            and len(value) <= MAX_SEATS
            and all(isinstance(v, SCALARS) for v in value)
        )
        if len(key) > MAX_ACTION or not (isinstance(value, SCALARS) or flat):
            raise SaveError(f"save file is malformed: option {_short(key)} has the value {_short(value)}")
    return options


def _checked_log(log: Any) -> list[tuple[int, str]]:
    """The log of a save file: a list of at most MAX_LOG [seat, action text] pairs."""
    if not isinstance(log, list) or len(log) > MAX_LOG:
        raise SaveError(f"save file is malformed: the log must be a list of at most {MAX_LOG} actions")
    entries: list[tuple[int, str]] = []
    for number, entry in enumerate(log, start=1):
        if (
            not isinstance(entry, list | tuple)  # a tuple: a dict built in memory, not read from JSON
            or len(entry) != 2
            or isinstance(entry[0], bool)
            or not isinstance(entry[0], int)
            or not isinstance(entry[1], str)
            or not 0 <= entry[0] < MAX_SEATS
            or len(entry[1]) > MAX_ACTION
        ):
            raise SaveError(f"save file is malformed: log entry {number} is not a [seat, action] pair")
        entries.append((entry[0], entry[1]))
    return entries


def _seat_json(seat: Seat) -> dict[str, Any]:
    """A seat as saved; ``hints`` only when switched off (saves without it have hints on)."""
    data = asdict(seat)
    if seat.hints:
        del data["hints"]
    return data


def _checked_hints(counts: Any, players: int) -> list[int]:
    """The hints each seat used, from a save (absent in older saves: none)."""
    if counts is None:
        return [0] * players
    if (not isinstance(counts, list) or len(counts) != players
            or not all(type(count) is int and 0 <= count <= MAX_LOG for count in counts)):
        raise SaveError("save file is malformed: hints_used must be a count per seat")
    return list(counts)


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
        started: int | None = None,
        generator: str = GENERATOR,
    ) -> None:
        self.game_id = game_id
        # when the match began (Unix seconds): with the game and seed it names the match, so a
        # finished match reloaded, replayed or reviewed is recorded once (see ``match_id``)
        self.started = int(time.time()) if started is None else started
        self.rules = get_rules(game_id)
        self.seats = list(seats)
        self.seed = int(seed)
        # what deals from the seed: GENERATOR, or LEGACY_GENERATOR for a save written before it
        self.generator = generator
        self.options = self.rules.normalize_options(len(self.seats), options)
        self.state = self.rules.new_game(len(self.seats), self.seed, self.options, self.generator)
        self.log: list[LogEntry] = []
        self.events: list[Event] = []  # every event so far, for a results screen or replay view
        # (state before, log length before, events length before, seat) per undoable action
        self._undo_stack: list[tuple[Any, int, int, int]] = []
        # the same, for every action since the last reveal (a take-back against the AI)
        self._checkpoints: list[tuple[Any, int, int, int]] = []
        self._revealed_at = 0  # log length just after the last action that hid undo
        self._taken_back: tuple[int, list[LogEntry]] = (0, [])  # (log length, actions taken back)
        self.hints_used = [0] * len(self.seats)  # hints each seat asked for (shown with the results)

    # ----- playing ---------------------------------------------------------------------------
    @property
    def match_id(self) -> str:
        """A name for this match that survives saving and replaying: game, seed, start time."""
        return f"{self.game_id}:{self.seed}:{self.started}"

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

    def result(self) -> Any:
        """The final ``Result`` (only once the match is over; a remote match answers the same)."""
        return self.rules.result(self.state)

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
            self._checkpoints.clear()
            self._revealed_at = len(self.log)
        else:
            if self._undo_stack and self._undo_stack[-1][3] != seat:
                self._undo_stack.clear()
            point = (before, len(self.log) - 1, events_before, seat)
            self._undo_stack.append(point)
            self._checkpoints.append(point)
            del self._checkpoints[:-MAX_TAKE_BACK]
        return events

    def after(self, steps: int) -> Match:
        """A new match of the same game, seats, seed, options and start with only the first
        ``steps`` actions of this one's log applied (a position to save, hint on or review)."""
        if not 0 <= steps <= len(self.log):
            raise ValueError(f"steps must be 0 to {len(self.log)} (the actions logged), not {steps}")
        copy = Match(self.game_id, list(self.seats), self.seed, dict(self.options), started=self.started,
                     generator=self.generator)
        copy.hints_used = list(self.hints_used)
        for entry in self.log[:steps]:
            copy.apply(entry.seat, self.rules.decode_action(entry.action))
        return copy

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
        self._rewind(state, index, events_before)

    def _rewind(self, state: Any, index: int, events_before: int) -> None:
        """Go back to ``state``, the position before log entry ``index``; the checkpoints after it
        go, and the strict undo stack keeps only what still lies before it."""
        self.state = state
        del self.log[index:]
        del self.events[events_before:]
        if index < self._taken_back[0]:
            self._taken_back = (0, [])  # the remembered replies followed moves now gone
        self._checkpoints = [point for point in self._checkpoints if point[1] < index]
        self._undo_stack = [point for point in self._undo_stack if point[1] < index]

    # ----- taking back against the AI ---------------------------------------------------------
    def people(self) -> list[int]:
        """The seats of the people at the table."""
        return [index for index, seat in enumerate(self.seats) if seat.is_human]

    def can_take_back(self, seat: int) -> tuple[bool, str]:
        """Whether ``seat`` may take back its last move now, and if not why (a catalogue key).

        With another person at the table the strict rule of ``can_undo`` holds (a take-back
        would also take back what they did). Alone against AI seats, the person may take back
        their last move and every AI reply since, unless something hidden came out since."""
        if not (0 <= seat < self.players) or not self.seats[seat].is_human:
            return False, "reason.take_back.not_yours"
        if self.is_over():
            return False, "reason.take_back.over"
        if len(self.people()) > 1:
            if self.can_undo(seat):
                return True, ""
            return False, "reason.take_back.other_person"
        if self._take_back_point(seat) is not None:
            return True, ""
        moved = any(entry.seat == seat for entry in self.log)
        return False, "reason.take_back.revealed" if moved else "reason.take_back.nothing"

    def _take_back_point(self, seat: int) -> int | None:
        """The index in the checkpoints of ``seat``'s last move since the last reveal, if any."""
        for position in range(len(self._checkpoints) - 1, -1, -1):
            if self._checkpoints[position][3] == seat:
                return position
        return None

    def take_back(self, seat: int) -> list[LogEntry]:
        """Take back ``seat``'s last move and the AI replies after it (see ``can_take_back``);
        returns the actions taken back, oldest first. ``RulesError`` with the reason when refused."""
        allowed, reason = self.can_take_back(seat)
        if not allowed:
            raise RulesError(reason, "that move cannot be taken back now")
        if len(self.people()) > 1:
            removed = self.log[-1:]
            self.undo(seat)
            return removed
        position = self._take_back_point(seat)
        assert position is not None  # can_take_back found it
        state, index, events_before, _ = self._checkpoints[position]
        removed = self.log[index:]
        self._rewind(state, index, events_before)
        self._taken_back = (index, removed)
        return removed

    def remembered_reply(self, seat: int) -> Any | None:
        """The action AI seat ``seat`` played here before a take-back, when the match has come
        back to the very same position by the same moves; None otherwise (ask the AI)."""
        start, removed = self._taken_back
        done = len(self.log) - start
        if done < 0 or done >= len(removed) or self.log[start:] != removed[:done]:
            return None
        entry = removed[done]
        if entry.seat != seat or self.seats[seat].is_human:
            return None
        return self.rules.decode_action(entry.action)

    # ----- saving ----------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The match as a versioned, human-readable dict."""
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": self.game_id,
            "seed": self.seed,
            "rng": self.generator,
            "options": dict(self.options),
            "seats": [_seat_json(seat) for seat in self.seats],
            "log": [[entry.seat, entry.action] for entry in self.log],
            "position": self.rules.notation(self.state),
            "started": self.started,
            **({"hints_used": list(self.hints_used)} if any(self.hints_used) else {}),
        }

    @classmethod
    def from_json(cls, data: Any, verify: bool = True) -> Match:
        """Rebuild a match by replaying its log; ``SaveError`` names what is wrong, and nothing
        else escapes whatever ``data`` holds. With ``verify`` the saved position must be there
        and must come back."""
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SaveError("not a Kotatsu Table match file")
        version = data.get("version")
        if type(version) is not int or version not in READABLE_VERSIONS:
            raise SaveError(f"save version {_short(version)} is not supported (want {SAVE_VERSION})")
        if verify and "position" not in data:
            raise SaveError("the file has no saved position to verify")
        try:
            match = cls._replayed(data)
        except SaveError:
            raise
        except (LookupError, TypeError, ValueError, ArithmeticError, RecursionError, RulesError) as error:
            raise SaveError(f"save file is malformed: {_clip(str(error))}") from error
        if verify and data["position"] != match.rules.notation(match.state):
            raise SaveError("replaying the log does not rebuild the saved position")
        match.hints_used = _checked_hints(data.get("hints_used"), match.players)
        return match

    @classmethod
    def _replayed(cls, data: dict[str, Any]) -> Match:
        """The match of a save's checked fields with its log applied."""
        if not isinstance(data.get("game"), str):
            raise KeyError("game")
        seats = _checked_seats(data["seats"])
        match = cls(data["game"], seats, _checked_seed(data["seed"]), _checked_options(data.get("options")),
                    started=_checked_started(data.get("started", 0)),
                    generator=_checked_generator(data.get("rng")))
        version = data["version"]
        for number, (seat, text) in enumerate(_checked_log(data["log"]), start=1):
            try:
                if version != SAVE_VERSION:
                    text = match.rules.upgrade_action(match.state, seat, text, version)
                match.apply(seat, match.rules.decode_action(text))
            except RulesError as error:
                raise SaveError(
                    _clip(f"log entry {number} ({seat}, {text!r}) is refused: {error}", 300)
                ) from error
        return match

    def save(self, path: Path) -> None:
        """Write the match atomically."""
        write_json_atomic(path, self.to_json())

    @classmethod
    def load(cls, path: Path, verify: bool = True) -> Match:
        """Read and replay a save file; ``SaveError`` for anything unreadable."""
        try:
            data = read_json(path)
        except (OSError, ValueError) as error:  # read_json's whole contract
            raise SaveError(f"cannot read {path}: {error}") from error
        return cls.from_json(data, verify=verify)

    def dumps(self) -> str:
        """The save as a JSON string."""
        return json.dumps(self.to_json(), ensure_ascii=False)
