"""One table of a LAN host: the match, who holds which seat, and what each seat may be told.

``TableHost`` is pure (no sockets, no asyncio, no clock), so it can be fuzzed directly: the
server (``game.net.server``) feeds it the messages of its clients and sends what it answers.
Every refusal is a ``Refused`` (a ``ProtocolError`` with the parameters of its catalogue text)
and leaves the table exactly as it was.

What leaves the host is built here and only here: ``view`` (one seat's observation, its legal
actions when it is to act, its undo right and the public seat list) and the public events of
``act``. The state, the seed, the log's action texts and the seat tokens never appear in them.
"""

from __future__ import annotations

import dataclasses
import hmac
import logging
import secrets
from pathlib import Path
from typing import Any

from game.ai.base import DEFAULT_BUDGETS, decision_seed
from game.core.errors import RulesError, SaveError
from game.core.events import Event
from game.core.match import Match, typed_name
from game.core.storage import read_json, write_json_atomic
from game.net import codec
from game.net.protocol import (
    MAX_TOKEN,
    SPECTATOR,
    TABLE_CODE_LENGTH,
    TABLE_CODE_LETTERS,
    ProtocolError,
    SeatInfo,
)

log = logging.getLogger(__name__)

TABLE_FORMAT = "kotatsu-lan-table"
TABLE_VERSION = 1
MAX_PARAM = 80  # characters of one refusal parameter sent back


class Refused(ProtocolError):
    """A message the table refuses: ``reason`` is a catalogue key, ``params`` fill its text."""

    def __init__(self, reason: str, text: str, params: dict[str, Any] | None = None) -> None:
        super().__init__(reason, text)
        self.params = dict(params or {})


@dataclasses.dataclass(frozen=True)
class AiRequest:
    """What an AI seat needs to decide, computed outside the table (a process pool)."""

    game_id: str
    level: str
    seat: int
    observation: Any
    legal: tuple[Any, ...]
    seed: int
    budget: float
    pos: int  # the table's position when asked: an answer for an older position is dropped


def new_code(taken: set[str] | frozenset[str] = frozenset()) -> str:
    """A fresh join code of ``TABLE_CODE_LENGTH`` letters that is not in ``taken``."""
    while True:
        code = "".join(secrets.choice(TABLE_CODE_LETTERS) for _ in range(TABLE_CODE_LENGTH))
        if code not in taken:
            return code


def is_code(text: Any) -> bool:
    """True for text that could be a join code."""
    return (isinstance(text, str) and len(text) == TABLE_CODE_LENGTH
            and all(letter in TABLE_CODE_LETTERS for letter in text))


def _good_token(token: Any) -> bool:
    return isinstance(token, str) and 8 <= len(token) <= MAX_TOKEN and token.isprintable()


def _param(value: Any) -> Any:
    """A refusal parameter as JSON: scalars as they are, anything else as short text."""
    if value is None or isinstance(value, bool | int | str):
        return value if not isinstance(value, str) else value[:MAX_PARAM]
    return str(value)[:MAX_PARAM]


class TableHost:
    """One table: the host's ``Match`` (the one truth), its seat tokens and its connections."""

    def __init__(self, code: str, match: Match, tokens: dict[int, str] | None = None, pos: int = 0) -> None:
        self.code = code
        self.match = match
        self.tokens: dict[int, str] = dict(tokens or {})
        self.pos = pos  # counts every change of the table (a move, a take-back)
        self.connected: dict[int, int] = {}  # seat -> open connections holding it
        self.budgets = dict(DEFAULT_BUDGETS)

    # ----- seats ------------------------------------------------------------------------------
    @property
    def game_id(self) -> str:
        """The game played here."""
        return self.match.game_id

    def join(self, seat: int, token: str | None, name: str) -> tuple[int, str]:
        """Sit at ``seat`` (or watch, seat -1): the seat and its token, else ``Refused``.

        A person's seat is free until someone claims it; the token given at the first claim (a
        client's remembered one, after a host restart) is kept, else a new one is made. Later
        joins of that seat must bring the same token."""
        if seat == SPECTATOR:
            return SPECTATOR, ""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.match.players:
            raise Refused("net.reason.no_seat", f"this table has seats 0 to {self.match.players - 1}",
                          {"seat": _param(seat), "players": self.match.players})
        if not self.match.seats[seat].is_human:
            raise Refused("net.reason.ai_seat", f"seat {seat} is played by the AI", {"seat": seat})
        held = self.tokens.get(seat)
        if held is None:
            token = token if _good_token(token) else secrets.token_urlsafe(18)
            self.tokens[seat] = token
        elif token is None:
            raise Refused("net.reason.seat_taken", f"seat {seat} is taken", {"seat": seat})
        elif not (isinstance(token, str) and hmac.compare_digest(token.encode(), held.encode())):
            raise Refused("net.reason.bad_token", f"that is not the token of seat {seat}", {"seat": seat})
        else:
            token = held
        self._rename(seat, name)
        return seat, token

    def _rename(self, seat: int, name: Any) -> None:
        """Show the name the person typed on their seat (kept by the match and its saves)."""
        name = typed_name(name)
        if name and name != self.match.seats[seat].name:
            self.match.seats[seat] = dataclasses.replace(self.match.seats[seat], name=name)

    def connect(self, seat: int) -> None:
        """A connection now holds ``seat`` (spectators are not counted)."""
        if seat >= 0:
            self.connected[seat] = self.connected.get(seat, 0) + 1

    def disconnect(self, seat: int) -> None:
        """A connection holding ``seat`` went away."""
        if self.connected.get(seat, 0) > 1:
            self.connected[seat] -= 1
        else:
            self.connected.pop(seat, None)

    def seat_infos(self) -> list[SeatInfo]:
        """Every seat as every client sees it."""
        infos = []
        for index, seat in enumerate(self.match.seats):
            ai = not seat.is_human
            infos.append(SeatInfo(seat.name, seat.kind, seat.level, ai or index in self.tokens,
                                  ai or self.connected.get(index, 0) > 0))
        return infos

    def free_seats(self) -> list[int]:
        """The people's seats nobody has claimed yet."""
        return [seat for seat in self.match.people() if seat not in self.tokens]

    # ----- what a seat may know ---------------------------------------------------------------------
    def view(self, seat: int) -> dict[str, Any]:
        """The protocol view for ``seat`` (-1: a spectator): its observation, its legal actions
        when it is to act, its undo right and the public seats. Nothing else of the match."""
        match = self.match
        to_move = match.to_move()
        over = match.is_over()
        acting = seat >= 0 and seat in to_move and match.seats[seat].is_human
        legal = [match.rules.encode_action(action) for action in match.legal_actions(seat)] if acting else []
        allowed, reason = match.can_take_back(seat) if seat >= 0 else (False, "reason.take_back.not_yours")
        return {
            "pos": self.pos,
            "observation": codec.encode(match.observe(seat)),
            "to_move": list(to_move),
            "legal": legal,
            "over": over,
            "result": codec.encode(match.result()) if over else None,
            "undo": [allowed, reason],
            "seats": [info.to_json() for info in self.seat_infos()],
        }

    def info(self) -> dict[str, Any]:
        """The table as listed to every client that says hello (a ``TableInfo``)."""
        return {
            "code": self.code,
            "game": self.game_id,
            "players": self.match.players,
            "options": _json_options(self.match.options),
            "seats": [info.to_json() for info in self.seat_infos()],
            "over": self.match.is_over(),
            "pos": self.pos,
        }

    def welcome(self, seat: int, token: str) -> dict[str, Any]:
        """The ``welcome`` message for a client that sat at ``seat`` (without ``v``)."""
        return {"type": "welcome", "table": self.code, "seat": seat, "token": token, "game": self.game_id,
                "players": self.match.players, "options": _json_options(self.match.options),
                "seats": [info.to_json() for info in self.seat_infos()], "view": self.view(seat)}

    # ----- changes ------------------------------------------------------------------------------
    def _person(self, seat: int) -> None:
        """Refuse unless ``seat`` is a person's seat."""
        if (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.match.players
                or not self.match.seats[seat].is_human):
            raise Refused("net.reason.not_your_seat", "only a player at a person's seat may do that",
                          {"seat": seat})

    def act(self, seat: int, seq: int, action_text: str) -> list[Event]:
        """Play ``action_text`` (the rules' notation) for ``seat``; its public events, or
        ``Refused`` with the reason (the table unchanged). ``seq`` is the client's number for it."""
        self._person(seat)
        match = self.match
        if match.is_over():
            raise Refused("reason.game_over", "the game is over")
        if seat not in match.to_move():
            raise Refused("reason.not_your_turn", f"seat {seat} is not to move", {"seat": seat})
        if not isinstance(action_text, str):
            raise Refused("net.reason.bad_action", "an action is written as text")
        try:
            action = match.rules.decode_action(action_text)
        except RulesError as error:
            raise Refused(error.reason, str(error)[:200], {k: _param(v) for k, v in error.params.items()}) from None
        except Exception as error:  # noqa: BLE001 - a notation parser must never take the host down
            log.info("decoding %r for %s failed: %r", action_text[:40], self.game_id, error)
            raise Refused("net.reason.bad_action", "that is not an action of this game") from None
        return self._apply(seat, action)

    def _apply(self, seat: int, action: Any) -> list[Event]:
        try:
            events = self.match.apply(seat, action)
        except RulesError as error:  # IllegalAction: the match is untouched
            raise Refused(error.reason, str(error)[:200], {k: _param(v) for k, v in error.params.items()}) from None
        self.pos += 1
        return events

    def undo(self, seat: int, seq: int) -> None:
        """Take back ``seat``'s last move by the match's policy (strict with several people,
        with the AI replies when alone against the AI); ``Refused`` with the reason."""
        self._person(seat)
        allowed, reason = self.match.can_take_back(seat)
        if not allowed:
            raise Refused(reason, "that move cannot be taken back now")
        self.match.take_back(seat)
        self.pos += 1

    # ----- the AI seats -------------------------------------------------------------------------
    def ai_to_move(self) -> list[int]:
        """The AI seats that must act now."""
        if self.match.is_over():
            return []
        return [seat for seat in self.match.to_move() if not self.match.seats[seat].is_human]

    def has_people(self) -> bool:
        """True when a person plays at this table (AI moves are then paced to be followed)."""
        return bool(self.match.people())

    def ai_request(self, seat: int) -> AiRequest:
        """What AI seat ``seat`` decides on, seeded as everywhere (``decision_seed``)."""
        match = self.match
        level = match.seats[seat].level
        return AiRequest(match.game_id, level, seat, match.observe(seat), tuple(match.legal_actions(seat)),
                         decision_seed(match.seed, len(match.log), seat), self.budgets.get(level, 0.0), self.pos)

    def remembered(self, seat: int) -> Any | None:
        """The reply AI seat ``seat`` gave here before a take-back (the same move meets the same
        answer), or None."""
        return self.match.remembered_reply(seat)

    def play_ai(self, seat: int, action: Any) -> list[Event]:
        """Apply the decision of AI seat ``seat``; ``Refused`` when it is not its turn any more
        or the action is not legal (the table unchanged)."""
        if seat not in self.ai_to_move():
            raise Refused("reason.not_your_turn", f"seat {seat} is not to move", {"seat": seat})
        return self._apply(seat, action)

    # ----- saving ---------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The table as saved: the match, the seat tokens and the position counter."""
        return {"format": TABLE_FORMAT, "version": TABLE_VERSION, "code": self.code, "pos": self.pos,
                "tokens": {str(seat): token for seat, token in sorted(self.tokens.items())},
                "match": self.match.to_json()}

    def save(self, path: Path) -> None:
        """Write the table atomically (the autosave)."""
        write_json_atomic(path, self.to_json())

    @classmethod
    def from_json(cls, data: Any) -> TableHost:
        """A table from ``to_json``'s data; ``SaveError`` for anything else."""
        if not isinstance(data, dict) or data.get("format") != TABLE_FORMAT:
            raise SaveError("not a Kotatsu Table LAN table file")
        if data.get("version") != TABLE_VERSION:
            raise SaveError(f"table file version {str(data.get('version'))[:12]} is not supported")
        code, pos, tokens = data.get("code"), data.get("pos"), data.get("tokens")
        if not is_code(code):
            raise SaveError("table file is malformed: bad join code")
        if isinstance(pos, bool) or not isinstance(pos, int) or pos < 0:
            raise SaveError("table file is malformed: bad position")
        match = Match.from_json(data.get("match"))
        if not isinstance(tokens, dict) or not all(
                isinstance(seat, str) and seat.isdigit() and int(seat) in match.people() and _good_token(token)
                for seat, token in tokens.items()):
            raise SaveError("table file is malformed: bad seat tokens")
        return cls(code, match, {int(seat): token for seat, token in tokens.items()}, max(pos, len(match.log)))

    @classmethod
    def load(cls, path: Path) -> TableHost:
        """Read a table saved by ``save``; ``SaveError`` for anything unreadable."""
        try:
            data = read_json(path)
        except (OSError, ValueError) as error:
            raise SaveError(f"cannot read {path}: {error}") from error
        return cls.from_json(data)


def _json_options(options: dict[str, Any]) -> dict[str, Any]:
    """A match's options as JSON (per-seat tuples as lists)."""
    return {key: list(value) if isinstance(value, tuple) else value for key, value in options.items()}
