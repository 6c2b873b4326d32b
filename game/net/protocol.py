"""The LAN wire: versioned JSON messages, one per websocket text frame, checked on both sides.

Every message is a JSON object with ``"v"`` (``PROTOCOL``) and ``"type"``. ``check_client`` is what
the host runs on each message a client sends; ``check_host`` is what a client runs on each message
from the host. Both raise ``ProtocolError`` with a catalogue key (``net.reason.*``) and a plain
English line; nothing else about a message is trusted.

Client -> host::

    hello  {game?, code?}                           which tables are here (answer: tables): the listed
                                                    ones, and the private one ``code`` names
    join   {table, seat, token, claim, name}        sit at ``seat`` (an int), or watch (seat -1);
                                                    a ``token`` from an earlier welcome reclaims a seat;
                                                    ``claim`` (this client's random id) gets the same
                                                    token again for a minute, when the welcome of a
                                                    first join was lost with its connection
                                                    (the host makes every token: one a client brings
                                                    to a free seat is not taken)
    act    {seq, action}                            play ``action`` (the rules' notation) for own seat;
                                                    seqs of a seat only grow, and the host applies each
                                                    (seat, seq) at most once: a client re-sends an act
                                                    that was not acknowledged after a reconnect
    undo   {seq}                                    take back own last move (the host's undo policy)
    ping   {seq}
    stamp  {stamp}                                  a quick reaction of own seat, one of ``STAMPS``
                                                    (no free text between players; rate-limited)

Host -> client::

    tables   {host, tables: [TableInfo]}
    welcome  {table, seat, token, acked, game, players, options, seats, view, clock?}
                                                    ``clock``: the host's turn clock in seconds (0: off)
                                                    ``acked``: the last seq applied for this seat
    update   {events, view}                         something happened: animate ``events``, then
                                                    the table is ``view``
    sync     {view}                                 show ``view`` without animating (after a
                                                    reconnect or an undo)
    ack      {seq}                                  the act/undo with that seq went through (and is
                                                    on the host's disk when it keeps tables)
    refused  {seq, reason, params, text}            refused, with the catalogue key and a plain line
    pong     {seq}
    bye      {reason, text}                         the host is closing this connection
    stamp    {seat, stamp}                          the player at ``seat`` sent a stamp

A view is what one seat may know, nothing more::

    {pos, observation, to_move, legal, over, result, undo, seats}

``pos`` counts the table's changes (a reconnect says which it saw), ``observation`` is the rules'
observation for that seat (a spectator's for seat -1), ``legal`` the seat's legal actions in
notation when it is to act (else []), ``undo`` is [allowed, reason key], ``result`` the public
result once the match is over, ``seats`` one SeatInfo per seat (``standin``: the AI level playing
for a person who has been away longer than the table's patience, else ""). Events are public by the rules'
contract (``game.core.events``). The seed, the state, the log's action texts and the seat tokens of
others never leave the host.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from game.core.registry import GAME_IDS

PROTOCOL = 3  # 2: host-made tokens, acked in welcome, standin in a seat, longer (private) codes; 3: stamps
DEFAULT_PORT = 47474  # where a host listens unless told otherwise
SERVICE_TYPE = "_kotatsu._tcp.local."  # what hosts advertise on mDNS (zeroconf)
MAX_CLIENT_MESSAGE = 4096  # bytes (UTF-8) of one client message: the host refuses bigger ones with a reason
MAX_FRAME = 65536  # bytes the websocket layer accepts from a client before closing (1009)
MAX_HOST_MESSAGE = 4 << 20  # bytes a client accepts from the host
MAX_NAME = 40
MAX_TOKEN = 64
MAX_SEQ = 1 << 53
TABLE_CODE_LETTERS = "ACDEFHJKLMNPQRTUVWXY"  # no look-alikes (B/8, O/0, I/1, S/5, G/6, Z/2)
TABLE_CODE_LENGTH = 4  # a listed table's join code
PRIVATE_CODE_LENGTH = 8  # a private table's code: only those told it can join (rate-limited guesses)
MAX_CODE_LENGTH = 12
SPECTATOR = -1

CLIENT_TYPES = ("hello", "join", "act", "undo", "ping", "stamp")
HOST_TYPES = ("tables", "welcome", "update", "sync", "ack", "refused", "pong", "bye", "stamp")
STAMPS = ("thumbs_up", "nice", "hmm", "sorry")  # the only words players send each other


class ProtocolError(ValueError):
    """A message that breaks the protocol: ``reason`` is a catalogue key, the text plain English."""

    def __init__(self, reason: str, text: str) -> None:
        super().__init__(text)
        self.reason = reason
        self.text = text


@dataclass(frozen=True)
class SeatInfo:
    """A seat as every client sees it."""

    name: str
    kind: str  # "human" or "ai"
    level: str  # AI level, "" for a person
    taken: bool  # a client holds this seat (AI seats: always)
    connected: bool  # that client is connected now
    standin: str = ""  # the AI level playing for its person while they are away, else ""

    def to_json(self) -> dict[str, Any]:
        """The seat as sent."""
        return {"name": self.name, "kind": self.kind, "level": self.level,
                "taken": self.taken, "connected": self.connected, "standin": self.standin}


def dumps(message: dict[str, Any]) -> str:
    """A message as one compact JSON text (the protocol version added)."""
    return json.dumps({"v": PROTOCOL, **message}, ensure_ascii=False, separators=(",", ":"),
                      allow_nan=False)


def _fail(reason: str, text: str) -> ProtocolError:
    return ProtocolError(f"net.reason.{reason}", text)


def shown_value(value: Any, limit: int = 12) -> str:
    """A peer's value as it may appear in a refusal: at most ``limit`` characters, anything that
    is not printable shown as ``?`` (a refusal's text must itself be printable to be sent)."""
    return "".join(char if char.isprintable() else "?" for char in str(value)[:limit])


def byte_size(raw: str | bytes) -> int:
    """The size of ``raw`` on the wire in bytes (UTF-8 for text)."""
    if isinstance(raw, bytes | bytearray | memoryview):
        return len(raw)
    if len(raw) * 4 <= 1 << 30 and raw.isascii():  # the common case, without a copy
        return len(raw)
    return len(raw.encode("utf-8", "surrogatepass"))


def parse(raw: str | bytes, limit: int) -> dict[str, Any]:
    """The JSON object in the text frame ``raw``; ``ProtocolError`` when it is binary, too big
    (in bytes), not JSON, nested too deep, not an object, or of another protocol version (the
    version must be the integer ``PROTOCOL``: not true, not 2.0)."""
    if not isinstance(raw, str):
        raise _fail("malformed", "binary frames are not part of the protocol: send JSON text")
    size = byte_size(raw)
    if size > limit:
        raise _fail("too_big", f"message of {size} bytes (at most {limit})")
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError) as error:
        raise _fail("malformed", f"not JSON: {str(error)[:80]}") from None
    except RecursionError:
        raise _fail("malformed", "JSON nested too deep") from None
    if not isinstance(data, dict):
        raise _fail("malformed", "a message must be a JSON object")
    version = data.get("v")
    if type(version) is not int or version != PROTOCOL:
        raise _fail("version", f"protocol version {shown_value(version)} here, this side speaks {PROTOCOL}")
    return data


def _int(data: dict[str, Any], key: str, low: int, high: int) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _fail("malformed", f"{key} must be a whole number from {low} to {high}")
    return value


def _text(data: dict[str, Any], key: str, limit: int, *, optional: bool = False) -> str | None:
    value = data.get(key)
    if value is None and optional:
        return None
    if not isinstance(value, str) or len(value) > limit or not value.isprintable():
        raise _fail("malformed", f"{key} must be printable text of at most {limit} characters")
    return value


def _stamp(data: dict[str, Any]) -> str:
    """The message's ``stamp``: one of ``STAMPS`` (never text of the sender's own)."""
    stamp = data.get("stamp")
    if stamp not in STAMPS:
        raise _fail("malformed", "stamp must be one of " + ", ".join(STAMPS))
    return str(stamp)


def _only(data: dict[str, Any], allowed: set[str]) -> None:
    extra = set(data) - allowed - {"v", "type"}
    if extra:
        raise _fail("malformed", f"unknown field {min(extra)[:30]!r}")


def _typed(raw: str | bytes, limit: int, types: tuple[str, ...]) -> tuple[dict[str, Any], str]:
    """The message in ``raw`` (see ``parse``) and its type, which must be one of ``types``."""
    data = parse(raw, limit)
    kind = data.get("type")
    if kind not in types:
        raise _fail("unknown_type", f"unknown message type {str(kind)[:20]!r}")
    return data, kind


def check_client(raw: str | bytes) -> dict[str, Any]:
    """A client message as the host accepts it (see the module docstring), else ``ProtocolError``."""
    data, kind = _typed(raw, MAX_CLIENT_MESSAGE, CLIENT_TYPES)
    if kind == "hello":
        _only(data, {"game", "code"})
        _text(data, "code", MAX_CODE_LENGTH, optional=True)
        game = data.get("game")
        if game is not None and game not in GAME_IDS:
            raise _fail("malformed", "game must be one of " + ", ".join(GAME_IDS))
    elif kind == "join":
        _only(data, {"table", "seat", "token", "claim", "name"})
        _text(data, "claim", MAX_TOKEN, optional=True)
        table = _text(data, "table", MAX_CODE_LENGTH)
        if not TABLE_CODE_LENGTH <= len(table or "") <= MAX_CODE_LENGTH:
            raise _fail("malformed", f"table must be a code of {TABLE_CODE_LENGTH} to {MAX_CODE_LENGTH} letters")
        _int(data, "seat", SPECTATOR, 15)
        _text(data, "token", MAX_TOKEN, optional=True)
        _text(data, "name", MAX_NAME)
    elif kind == "act":
        _only(data, {"seq", "action"})
        _int(data, "seq", 0, MAX_SEQ)
        _text(data, "action", 200)
    elif kind == "stamp":
        _only(data, {"stamp"})
        _stamp(data)
    else:  # undo, ping
        _only(data, {"seq"})
        _int(data, "seq", 0, MAX_SEQ)
    return data


_VIEW_KEYS = {"pos", "observation", "to_move", "legal", "over", "result", "undo", "seats"}
_SEAT_KEYS = {"name", "kind", "level", "taken", "connected", "standin"}
_TABLE_KEYS = {"code", "game", "players", "options", "seats", "over", "pos"}


def _check_seats(seats: Any) -> None:
    if not isinstance(seats, list) or not 1 <= len(seats) <= 16:
        raise _fail("malformed", "seats must be a list of 1 to 16 seats")
    for seat in seats:
        if not isinstance(seat, dict) or set(seat) != _SEAT_KEYS:
            raise _fail("malformed", "a seat must have " + ", ".join(sorted(_SEAT_KEYS)))
        _text(seat, "name", MAX_NAME)
        if seat["kind"] not in ("human", "ai") or not isinstance(seat["level"], str):
            raise _fail("malformed", "a seat's kind must be human or ai")
        if not isinstance(seat["taken"], bool) or not isinstance(seat["connected"], bool):
            raise _fail("malformed", "taken and connected must be true or false")
        if not isinstance(seat["standin"], str) or len(seat["standin"]) > 20:
            raise _fail("malformed", "standin must be an AI level or empty")


def check_view(view: Any) -> dict[str, Any]:
    """A view's shape (its observation and result are read by ``game.net.codec.decode``)."""
    if not isinstance(view, dict) or set(view) != _VIEW_KEYS:
        raise _fail("malformed", "a view must have " + ", ".join(sorted(_VIEW_KEYS)))
    _int(view, "pos", 0, MAX_SEQ)
    if not isinstance(view["to_move"], list) or not all(
            isinstance(s, int) and not isinstance(s, bool) and 0 <= s < 16 for s in view["to_move"]):
        raise _fail("malformed", "to_move must be a list of seats")
    if not isinstance(view["legal"], list) or not all(
            isinstance(a, str) and len(a) <= 200 for a in view["legal"]):
        raise _fail("malformed", "legal must be a list of actions")
    if not isinstance(view["over"], bool):
        raise _fail("malformed", "over must be true or false")
    undo = view["undo"]
    if not (isinstance(undo, list) and len(undo) == 2 and isinstance(undo[0], bool) and isinstance(undo[1], str)):
        raise _fail("malformed", "undo must be [allowed, reason]")
    _check_seats(view["seats"])
    return view


def check_host(raw: str | bytes) -> dict[str, Any]:
    """A host message as a client accepts it (see the module docstring), else ``ProtocolError``."""
    data, kind = _typed(raw, MAX_HOST_MESSAGE, HOST_TYPES)
    if kind == "tables":
        _only(data, {"host", "tables"})
        _text(data, "host", 80)
        if not isinstance(data.get("tables"), list):
            raise _fail("malformed", "tables must be a list")
        for table in data["tables"]:
            if not isinstance(table, dict) or set(table) != _TABLE_KEYS:
                raise _fail("malformed", "a table must have " + ", ".join(sorted(_TABLE_KEYS)))
            _check_seats(table["seats"])
    elif kind == "welcome":
        _only(data, {"table", "seat", "token", "acked", "game", "players", "options", "seats", "view", "clock"})
        clock = data.get("clock", 0)
        if isinstance(clock, bool) or not isinstance(clock, int | float) or not 0 <= clock <= 86_400:
            raise _fail("malformed", "clock must be seconds from 0 to 86400")
        _text(data, "table", MAX_CODE_LENGTH)
        _int(data, "seat", SPECTATOR, 15)
        _text(data, "token", MAX_TOKEN)
        _int(data, "acked", 0, MAX_SEQ)
        if data.get("game") not in GAME_IDS:
            raise _fail("malformed", "unknown game")
        _int(data, "players", 1, 16)
        if not isinstance(data.get("options"), dict):
            raise _fail("malformed", "options must be an object")
        _check_seats(data["seats"])
        check_view(data.get("view"))
    elif kind in ("update", "sync"):
        _only(data, {"events", "view"} if kind == "update" else {"view"})
        if kind == "update" and not isinstance(data.get("events"), list):
            raise _fail("malformed", "events must be a list")
        check_view(data.get("view"))
    elif kind in ("ack", "pong"):
        _only(data, {"seq"})
        _int(data, "seq", 0, MAX_SEQ)
    elif kind == "refused":
        _only(data, {"seq", "reason", "params", "text"})
        if data.get("seq") is not None:
            _int(data, "seq", 0, MAX_SEQ)
        _text(data, "reason", 80)
        _text(data, "text", 400)
        if not isinstance(data.get("params"), dict):
            raise _fail("malformed", "params must be an object")
    elif kind == "stamp":
        _only(data, {"seat", "stamp"})
        _int(data, "seat", 0, 15)
        _stamp(data)
    else:  # bye
        _only(data, {"reason", "text"})
        _text(data, "reason", 80)
        _text(data, "text", 400)
    return data
