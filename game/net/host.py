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
import hashlib
import hmac
import logging
import secrets
import time
from pathlib import Path
from typing import Any, TypeGuard

from game.ai.base import DEFAULT_BUDGETS, decision_seed
from game.core.errors import RulesError, SaveError
from game.core.events import Event
from game.core.match import Match, typed_name
from game.core.storage import read_json, write_json_atomic
from game.net import codec
from game.net.protocol import (
    MAX_CODE_LENGTH,
    MAX_TOKEN,
    SPECTATOR,
    TABLE_CODE_LENGTH,
    TABLE_CODE_LETTERS,
    ProtocolError,
    SeatInfo,
)

log = logging.getLogger(__name__)

TABLE_FORMAT = "kotatsu-lan-table"
TABLE_VERSION = 2  # 2: the journal count, the seqs applied per seat, listed or private
READABLE_VERSIONS = (1, 2)
MAX_PARAM = 80  # characters of one refusal parameter sent back
PATIENCE = 120.0  # seconds a person may be away before the AI may play their seat
STANDIN_LEVEL = "normal"  # the AI level that plays for an away person (the host may choose another)
CLAIM_WINDOW = 60.0  # seconds a first join may be repeated with the same claim id (its welcome was lost)


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


def new_code(taken: set[str] | frozenset[str] = frozenset(), length: int = TABLE_CODE_LENGTH) -> str:
    """A fresh join code of ``length`` letters that is not in ``taken``."""
    while True:
        code = "".join(secrets.choice(TABLE_CODE_LETTERS) for _ in range(length))
        if code not in taken:
            return code


def is_code(text: object) -> TypeGuard[str]:
    """True for text that could be a join code (a listed table's, or a longer private one)."""
    return (isinstance(text, str) and TABLE_CODE_LENGTH <= len(text) <= MAX_CODE_LENGTH
            and all(letter in TABLE_CODE_LETTERS for letter in text))


def new_token() -> str:
    """A seat token: made by the host, never by a client (unguessable, within ``MAX_TOKEN``)."""
    return secrets.token_urlsafe(24)


def _digest(claim: str) -> str:
    return hashlib.sha256(claim.encode()).hexdigest()


def _good_token(token: Any) -> bool:
    return isinstance(token, str) and 8 <= len(token) <= MAX_TOKEN and token.isprintable()


def _param(value: Any) -> Any:
    """A refusal parameter as JSON: scalars as they are, anything else as short text."""
    if value is None or isinstance(value, bool | int | str):
        return value if not isinstance(value, str) else value[:MAX_PARAM]
    return str(value)[:MAX_PARAM]


class TableHost:
    """One table: the host's ``Match`` (the one truth), its seat tokens and its connections.

    Every change (a move, a take-back, a seat claimed, renamed or freed) is also appended to
    ``journal`` as an entry numbered by ``entries``: the server writes those to the table's
    write-ahead log before it tells anyone of the change (``game.net.journal``)."""

    def __init__(self, code: str, match: Match, tokens: dict[int, str] | None = None, pos: int = 0, *,
                 private: bool = False, acked: dict[int, int] | None = None, entries: int = 0) -> None:
        self.code = code
        self.match = match
        self.tokens: dict[int, str] = dict(tokens or {})
        self.pos = pos  # counts every change of the table (a move, a take-back)
        self.private = private  # join by code only: not listed in hello nor counted on mDNS
        self.acked: dict[int, int] = dict(acked or {})  # seat -> the last act/undo seq applied
        self.entries = entries  # journal entries made so far (the table file says how many it holds)
        self.journal: list[dict[str, Any]] = []  # entries not yet handed to the write-ahead log
        self.connected: dict[int, int] = {}  # seat -> open connections holding it
        self.away_since: dict[int, float] = {}  # claimed seat -> when its last connection left
        self.standins: set[int] = set()  # people's seats the AI plays while their person is away
        self.claims: dict[int, tuple[str, float]] = {}  # seat -> (hash of the claim id that took it, when)
        self.patience = PATIENCE
        self.standin_level = STANDIN_LEVEL
        self.budgets = dict(DEFAULT_BUDGETS)

    def _record(self, kind: str, **fields: Any) -> None:
        """Note a change for the write-ahead log."""
        self.entries += 1
        self.journal.append({"n": self.entries, "k": kind, **fields})

    # ----- seats ------------------------------------------------------------------------------
    @property
    def game_id(self) -> str:
        """The game played here."""
        return self.match.game_id

    def join(self, seat: int, token: str | None, name: str, claim: str | None = None) -> tuple[int, str]:
        """Sit at ``seat`` (or watch, seat -1): the seat and its token, else ``Refused``.

        A person's seat is free until someone claims it without a token; that claim gets a token
        the host makes (a token brought to a free seat is refused: nobody reserves a seat with a
        token of their choosing, and a freed seat's old token does not take it back). Later
        joins of that seat must bring that token; or, for ``CLAIM_WINDOW`` seconds, the same
        ``claim`` id as the first join (whose welcome, with the token, may have been lost)."""
        if seat == SPECTATOR:
            return SPECTATOR, ""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.match.players:
            raise Refused("net.reason.no_seat", f"this table has seats 0 to {self.match.players - 1}",
                          {"seat": _param(seat), "players": self.match.players})
        if not self.match.seats[seat].is_human:
            raise Refused("net.reason.ai_seat", f"seat {seat} is played by the AI", {"seat": seat})
        held = self.tokens.get(seat)
        if held is None and token is not None:  # a token for a seat the host freed (or never made)
            raise Refused("net.reason.stale_token", f"seat {seat} was freed: join it again without a token",
                          {"seat": seat})
        if held is None:
            return seat, self.claim(seat, name, claim)
        if token is None and self._claimed_by(seat, claim):
            token = held
        if token is None:
            raise Refused("net.reason.seat_taken", f"seat {seat} is taken", {"seat": seat})
        elif not (isinstance(token, str) and hmac.compare_digest(token.encode(), held.encode())):
            raise Refused("net.reason.bad_token", f"that is not the token of seat {seat}", {"seat": seat})
        if self._rename(seat, name):
            self._record("name", seat=seat, name=self.match.seats[seat].name)
        return seat, held

    def claim(self, seat: int, name: str = "", claim: str | None = None) -> str:
        """Give the free person's seat ``seat`` a new token (the host's own player's seat, or a
        client's first join with its ``claim`` id); the token."""
        if seat in self.tokens or seat not in self.match.people():
            raise Refused("net.reason.seat_taken", f"seat {seat} is taken", {"seat": seat})
        token = new_token()
        self.tokens[seat] = token
        self._rename(seat, name)
        digest = _digest(claim) if claim else ""
        if digest:
            self.claims[seat] = (digest, time.monotonic())
        self._record("claim", seat=seat, token=token, name=self.match.seats[seat].name, by=digest)
        return token

    def _claimed_by(self, seat: int, claim: str | None) -> bool:
        """True when ``claim`` took ``seat`` less than ``CLAIM_WINDOW`` seconds ago."""
        if not claim or seat not in self.claims:
            return False
        digest, when = self.claims[seat]
        return time.monotonic() - when < CLAIM_WINDOW and hmac.compare_digest(digest, _digest(claim))

    def free(self, seat: int) -> None:
        """Forget the token of ``seat`` (the host frees it): the next person to join takes it."""
        if seat not in self.tokens:
            raise Refused("net.reason.no_seat", f"seat {seat} is not taken", {"seat": seat})
        del self.tokens[seat]
        self.claims.pop(seat, None)
        self.standins.discard(seat)
        self.away_since.pop(seat, None)
        self._record("free", seat=seat)

    def _rename(self, seat: int, name: Any) -> bool:
        """Show the name the person typed on their seat (kept by the match and its saves); True
        when it changed."""
        name = typed_name(name)
        if name and name != self.match.seats[seat].name:
            self.match.seats[seat] = dataclasses.replace(self.match.seats[seat], name=name)
            return True
        return False

    def connect(self, seat: int) -> None:
        """A connection now holds ``seat`` (spectators are not counted); its person is back, so
        an AI playing for them stops."""
        if seat >= 0:
            self.connected[seat] = self.connected.get(seat, 0) + 1
            self.away_since.pop(seat, None)
            self.standins.discard(seat)

    def disconnect(self, seat: int, now: float | None = None) -> None:
        """A connection holding ``seat`` went away."""
        if self.connected.get(seat, 0) > 1:
            self.connected[seat] -= 1
        elif seat >= 0:
            self.connected.pop(seat, None)
            if seat in self.tokens:
                self.away_since[seat] = time.monotonic() if now is None else now

    def notice_away(self, now: float | None = None) -> list[int]:
        """Let the AI play each claimed seat whose person has been away longer than the table's
        patience (a table waits for nobody for ever); the seats newly played so."""
        if self.match.is_over():
            return []
        now = time.monotonic() if now is None else now
        for seat in self.tokens:  # a seat claimed before a host restart: away from now on
            if not self.connected.get(seat) and seat not in self.away_since:
                self.away_since[seat] = now
        taken = [seat for seat, since in self.away_since.items()
                 if seat not in self.standins and now - since >= self.patience]
        self.standins.update(taken)
        return sorted(taken)

    def seat_infos(self) -> list[SeatInfo]:
        """Every seat as every client sees it."""
        infos = []
        for index, seat in enumerate(self.match.seats):
            ai = not seat.is_human
            infos.append(SeatInfo(seat.name, seat.kind, seat.level, ai or index in self.tokens,
                                  ai or self.connected.get(index, 0) > 0,
                                  self.standin_level if index in self.standins else ""))
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
        return {"type": "welcome", "table": self.code, "seat": seat, "token": token,
                "acked": self.acked.get(seat, 0), "game": self.game_id,
                "players": self.match.players, "options": _json_options(self.match.options),
                "seats": [info.to_json() for info in self.seat_infos()], "view": self.view(seat)}

    # ----- changes ------------------------------------------------------------------------------
    def _person(self, seat: int) -> None:
        """Refuse unless ``seat`` is a person's seat."""
        if (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.match.players
                or not self.match.seats[seat].is_human):
            raise Refused("net.reason.not_your_seat", "only a player at a person's seat may do that",
                          {"seat": seat})

    def seen(self, seat: int, seq: int) -> bool:
        """True when the act or undo ``seq`` of ``seat`` was applied already (a client re-sends
        what was not acknowledged when it reconnects: it is acknowledged again, not applied)."""
        return seat >= 0 and seq <= self.acked.get(seat, 0)

    def act(self, seat: int, seq: int, action_text: str) -> list[Event]:
        """Play ``action_text`` (the rules' notation) for ``seat``; its public events, or
        ``Refused`` with the reason (the table unchanged). ``seq`` is the client's number for it
        (see ``seen``)."""
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
        events = self._apply(seat, action, "act", seq)
        self.acked[seat] = max(seq, self.acked.get(seat, 0))
        return events

    def _apply(self, seat: int, action: Any, kind: str, seq: int = 0) -> list[Event]:
        try:
            events = self.match.apply(seat, action)
        except RulesError as error:  # IllegalAction: the match is untouched
            raise Refused(error.reason, str(error)[:200], {k: _param(v) for k, v in error.params.items()}) from None
        self.pos += 1
        self._record(kind, seat=seat, a=self.match.log[-1].action, seq=seq)
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
        self.acked[seat] = max(seq, self.acked.get(seat, 0))
        self._record("undo", seat=seat, seq=seq)

    def replay(self, entry: dict[str, Any]) -> None:
        """Apply one entry of the write-ahead log (see ``game.net.journal``); ``SaveError`` when
        it does not fit this table."""
        kind, seat = entry.get("k"), entry.get("seat")
        if type(seat) is not int or not 0 <= seat < len(self.match.seats):
            # checked first: a claim for no seat used to leave its token behind, unsaveable
            raise SaveError(f"journal entry {entry.get('n')} names no seat of table {self.code}")
        try:
            if kind in ("act", "ai"):
                self.match.apply(seat, self.match.rules.decode_action(entry["a"]))
                self.pos += 1
            elif kind == "undo":
                self.match.take_back(seat)
                self.pos += 1
            elif kind == "claim":
                self.tokens[seat] = entry["token"]
                self._rename(seat, entry.get("name"))
                if entry.get("by"):
                    self.claims[seat] = (str(entry["by"]), time.monotonic())
            elif kind == "name":
                self._rename(seat, entry.get("name"))
            elif kind == "free":
                self.tokens.pop(seat, None)
                self.claims.pop(seat, None)
            else:
                raise ValueError(f"unknown entry kind {str(kind)[:20]!r}")
        except (RulesError, LookupError, TypeError, ValueError) as error:
            raise SaveError(f"journal entry {entry.get('n')} does not fit table {self.code}: {error}") from error
        if kind in ("act", "undo") and isinstance(entry.get("seq"), int):
            self.acked[seat] = max(entry["seq"], self.acked.get(seat, 0))
        self.entries = entry["n"]

    # ----- the AI seats -------------------------------------------------------------------------
    def ai_to_move(self) -> list[int]:
        """The AI seats that must act now (with the people's seats the AI plays for now, while
        someone is at the table to play with: an empty table waits)."""
        if self.match.is_over():
            return []
        return [seat for seat in self.match.to_move()
                if not self.match.seats[seat].is_human or (seat in self.standins and self.connected)]

    def people_to_move(self) -> list[int]:
        """The people's seats that must act now and that no stand-in AI plays (the turn clock's)."""
        if self.match.is_over():
            return []
        return [seat for seat in self.match.to_move()
                if self.match.seats[seat].is_human and seat not in self.standins]

    def play_for(self, seat: int, action: Any) -> list[Event]:
        """The AI's move for the person at ``seat`` whose time ran out (the host's turn clock);
        ``Refused`` when that seat is not to move (the table unchanged)."""
        if seat not in self.people_to_move():
            raise Refused("reason.not_your_turn", f"seat {seat} is not to move", {"seat": seat})
        return self._apply(seat, action, "ai")

    def has_people(self) -> bool:
        """True when a person plays at this table (AI moves are then paced to be followed)."""
        return bool(self.match.people())

    def ai_request(self, seat: int) -> AiRequest:
        """What AI seat ``seat`` decides on, seeded as everywhere (``decision_seed``)."""
        match = self.match
        level = self.standin_level if match.seats[seat].is_human else match.seats[seat].level
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
        return self._apply(seat, action, "ai")

    # ----- saving ---------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The table as saved: the match, the seat tokens, the position counter, the journal
        entries it holds and the seqs applied per seat."""
        return {"format": TABLE_FORMAT, "version": TABLE_VERSION, "code": self.code, "pos": self.pos,
                "private": self.private, "journal": self.entries,
                "acked": {str(seat): seq for seat, seq in sorted(self.acked.items())},
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
        if type(data.get("version")) is not int or data["version"] not in READABLE_VERSIONS:
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
        private, entries, acked = data.get("private", False), data.get("journal", 0), data.get("acked", {})
        if not isinstance(private, bool) or type(entries) is not int or entries < 0:
            raise SaveError("table file is malformed: bad journal count")
        if not isinstance(acked, dict) or not all(
                isinstance(seat, str) and seat.isdigit() and type(seq) is int and seq >= 0
                for seat, seq in acked.items()):
            raise SaveError("table file is malformed: bad seqs")
        return cls(code, match, {int(seat): token for seat, token in tokens.items()}, max(pos, len(match.log)),
                   private=private, acked={int(seat): seq for seat, seq in acked.items()}, entries=entries)

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
