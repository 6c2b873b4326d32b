"""The client's side of the wire: addresses, one checked websocket, and a session that joins a
table and keeps its seat through dropped connections.

Everything here runs on an asyncio loop and never touches the screen: ``RemoteMatch`` (a thread
with its own loop) and the headless bots (many sessions on one loop) are built on ``Session``.

Every host message goes through ``protocol.check_host``; its observation, legal actions, events
and result are read back with ``game.net.codec``. A message that fails either check closes the
connection with one clear line (the session then reconnects, as after any drop).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import random
import secrets
import ssl
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypedDict
from urllib.parse import urlsplit

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from game.core.errors import RulesError
from game.core.registry import get_rules
from game.core.storage import data_dir, load_json_file, write_json_atomic
from game.net import codec, protocol
from game.net.internet import client_context, is_local_host
from game.net.protocol import ProtocolError, SeatInfo

log = logging.getLogger("kotatsu.net.client")

FIRST_DELAY = 0.5  # seconds before the first reconnect attempt
MAX_DELAY = 5.0  # the back-off doubles up to this
JITTER = 0.25  # each wait is stretched or shrunk by up to this fraction (clients do not retry in step)
TOKENS_FILE = ("lan", "tokens.json")
MAX_TOKENS = 200  # remembered seats (the oldest go first)
# refusals of a join that no retry can cure: the session stops and says why
FINAL_REASONS = frozenset({
    "net.reason.version", "net.reason.seat_taken", "net.reason.bad_token", "net.reason.no_seat", "net.reason.ai_seat",
    "net.reason.stale_token", "net.reason.certificate", "net.reason.tls",
    "net.reason.no_table", "net.reason.unknown_table", "net.reason.table_unknown",
})
RESENT = ("act", "undo")  # requests that survive a reconnect: re-sent with their seq, applied once
_CLAIM_SECRET = secrets.token_bytes(18)  # this process's: see ``claim_id``


class JoinError(Exception):
    """Joining failed: ``reason`` is a catalogue key (``net.reason.*``), ``text`` one plain line."""

    def __init__(self, reason: str, text: str) -> None:
        super().__init__(text)
        self.reason = reason
        self.text = text


class ConnectionLost(Exception):
    """The connection to the host went away before an answer came."""


# ----- addresses -------------------------------------------------------------------------------
def parse_address(text: str) -> str:
    """The websocket URI of a host typed as ``192.168.1.5``, ``host:47474``, ``[::1]:9000``,
    ``ws://host:port`` or ``wss://host:port`` (the port defaults to ``protocol.DEFAULT_PORT``);
    ``ValueError`` otherwise. A host off the local network (``internet.is_local_host``) is reached
    over ``wss://`` only: typed without a scheme it gets wss, and ws:// for it is refused."""
    text = text.strip()
    if not text:
        raise ValueError("no address given")
    typed_scheme = "://" in text
    if not typed_scheme:
        text = "ws://" + text
    parts = urlsplit(text)
    if parts.scheme not in ("ws", "wss"):
        raise ValueError(f"{parts.scheme}:// is not a websocket address (use ws:// or wss://)")
    try:
        port = parts.port or protocol.DEFAULT_PORT
    except ValueError:
        raise ValueError(f"bad port in {text!r}") from None
    host = parts.hostname
    if not host or parts.path not in ("", "/") or parts.query or parts.username:
        raise ValueError(f"cannot read the address {text!r}: use HOST or HOST:PORT")
    problem = host_problem(host)
    if problem is not None:
        raise ValueError(f"cannot read the address {text[:80]!r}: {problem}")
    scheme = parts.scheme
    if scheme == "ws" and not is_local_host(host):
        if typed_scheme:  # plain ws:// off the local network: anyone on the way could read and change it
            raise ValueError(f"{host[:80]} is not on the local network: a table on the internet is "
                             "reached over wss:// (TLS) only")
        scheme = "wss"  # a host on the internet: TLS, its certificate checked
    shown = f"[{host}]" if ":" in host else host
    return f"{scheme}://{shown}:{port}"


def host_problem(host: str) -> str | None:
    """Why ``host`` is no host name or address the resolver can look up (an empty label as in
    ``a..b``, a label over 63 characters, a name over 253), or None when it may be."""
    if ":" in host:  # an IPv6 address: the resolver reads it as it is
        return None
    try:
        encoded = host.encode("idna")  # what the resolver does first; it fails on a bad label
    except UnicodeError:
        return "each part between dots must be 1 to 63 characters"
    if len(encoded.rstrip(b".")) > 253:
        return "a host name is at most 253 characters"
    return None


def table_salt(code: str) -> int:
    """A public number for a table's visuals (dice throws), the same on every client."""
    return zlib.crc32(code.encode()) & 0x7FFFFFFF


# ----- what a view says ------------------------------------------------------------------------
@dataclass(frozen=True)
class View:
    """A host's view for this seat, read back into the rules' own types."""

    pos: int
    observation: Any
    to_move: tuple[int, ...]
    legal: tuple[Any, ...]
    legal_text: tuple[str, ...]
    over: bool
    result: Any
    undo: tuple[bool, str]
    seats: tuple[SeatInfo, ...]


def read_view(game_id: str, data: dict[str, Any]) -> View:
    """The checked view ``data`` decoded; ``ProtocolError`` when its contents do not read back."""
    protocol.check_view(data)
    rules = get_rules(game_id)
    try:
        observation = codec.decode(data["observation"])
        result = codec.decode(data["result"])
        legal = tuple(rules.decode_action(text) for text in data["legal"])
    except (codec.CodecError, RulesError, ValueError, TypeError, LookupError) as error:
        raise ProtocolError("net.reason.malformed", f"unreadable view: {str(error)[:120]}") from None
    seats = tuple(SeatInfo(**seat) for seat in data["seats"])
    return View(data["pos"], observation, tuple(data["to_move"]), legal, tuple(data["legal"]),
                data["over"], result, (data["undo"][0], data["undo"][1]), seats)


def read_events(data: list[Any]) -> list[Any]:
    """The public events of an update; ``ProtocolError`` for anything else."""
    try:
        return [codec.decode(event) for event in data]
    except (codec.CodecError, TypeError, ValueError) as error:
        raise ProtocolError("net.reason.malformed", f"unreadable event: {str(error)[:120]}") from None


# ----- one websocket ---------------------------------------------------------------------------
# The keyword ``connect`` gets for a wss:// address (none for ws://): typed, so the checker knows
# the unpacked dict fills ``ssl`` and no other parameter.
_Tls = TypedDict("_Tls", {"ssl": ssl.SSLContext}, total=False)


class Connection:
    """One websocket to a host: messages out as protocol JSON, messages in checked (``receive``)."""

    def __init__(self, socket: ClientConnection, uri: str) -> None:
        self.socket = socket
        self.uri = uri

    @classmethod
    async def open(cls, uri: str, timeout: float) -> Connection:
        """Connect to ``uri``; ``JoinError`` (``net.reason.no_host``) when nothing answers there."""
        try:
            # proxy=None: a LAN host is never reached through the environment's HTTP proxy
            # compression=None: on a LAN, deflating every message costs both sides more CPU than it saves
            tls: _Tls = {"ssl": client_context()} if uri.startswith("wss://") else {}
            socket = await connect(uri, open_timeout=timeout, max_size=protocol.MAX_HOST_MESSAGE, compression=None,
                                   proxy=None, ping_interval=20, ping_timeout=20, close_timeout=2, **tls)
        except ssl.SSLCertVerificationError as error:
            raise certificate_error(uri, error) from None
        except ssl.SSLError as error:
            raise JoinError("net.reason.tls", f"the host at {uri} does not answer over TLS "
                                              f"({_short_error(error)})") from None
        except (OSError, TimeoutError, InvalidHandshake, InvalidURI) as error:
            raise JoinError("net.reason.no_host",
                            f"no Kotatsu host answers at {uri} ({_short_error(error)})") from None
        return cls(socket, uri)

    async def send(self, message: dict[str, Any]) -> None:
        """Send one message (``ConnectionLost`` when the socket has gone)."""
        try:
            await self.socket.send(protocol.dumps(message))
        except ConnectionClosed as error:
            raise ConnectionLost(str(error)) from None

    async def receive(self) -> dict[str, Any]:
        """The next host message, checked; a bad one closes the connection (``ProtocolError``
        after one log line), a closed socket raises ``ConnectionLost``."""
        try:
            raw = await self.socket.recv()
        except ConnectionClosed as error:
            raise ConnectionLost(str(error)) from None
        try:
            return protocol.check_host(raw)
        except ProtocolError as error:
            await self.refuse(error)
            raise

    async def refuse(self, error: ProtocolError) -> None:
        """Close after a host message this client cannot accept, saying why in one line."""
        log.warning("closing the connection to %s: the host sent a bad message: %s", self.uri, error.text)
        with contextlib.suppress(Exception):
            await self.socket.close(1002, error.text[:100])

    async def close(self) -> None:
        """Close the socket (quietly, whatever state it is in)."""
        with contextlib.suppress(Exception):
            await self.socket.close()


def certificate_error(uri: str, error: ssl.SSLCertVerificationError) -> JoinError:
    """The one line for a host whose certificate this computer does not trust for its name."""
    host = urlsplit(uri).hostname or uri
    why = error.verify_message or _short_error(error)
    return JoinError("net.reason.certificate", f"the table's certificate does not match host {host} ({why})")


def _short_error(error: BaseException) -> str:
    text = str(error) or type(error).__name__
    return text if len(text) <= 120 else text[:117] + "..."


# ----- joining -----------------------------------------------------------------------------------
_JOIN_LINES = {
    "net.reason.version": "the host speaks another version of the table protocol: update Kotatsu Table "
                          "on both computers to the same version",
    "net.reason.seat_taken": "that seat is taken: pick a free one or watch",
    "net.reason.no_seat": "there is no such seat at that table",
    "net.reason.bad_token": "that seat is held by someone else",
    "net.reason.stale_token": "the host freed that seat: join again to sit there",
}


def join_error(reason: str, text: str) -> JoinError:
    """A ``JoinError`` with a clear line for the refusal ``reason`` (the host's ``text`` kept)."""
    if "table" in reason and reason.startswith("net.reason.") and reason.endswith(("no_table", "unknown")):
        return JoinError(reason, f"no table with that code here ({text})")
    line = _JOIN_LINES.get(reason)
    return JoinError(reason, f"{line} ({text})" if line else text)


async def join(conn: Connection, table: str, seat: int, token: str | None, name: str) -> dict[str, Any]:
    """Sit at ``table``: the welcome message, else ``JoinError`` with the host's reason."""
    message: dict[str, Any] = {"type": "join", "table": table, "seat": seat, "name": name, "claim": claim_id()}
    if token:
        message["token"] = token
    await conn.send(message)
    return await _answer(conn, "welcome")


async def _answer(conn: Connection, wanted: str) -> dict[str, Any]:
    """The host's answer of type ``wanted`` (pongs skipped); a refusal or bye as ``JoinError``."""
    while True:
        try:
            data = await conn.receive()
        except ProtocolError as error:
            if error.reason == "net.reason.version":
                raise join_error(error.reason, f"{error.text}") from None
            raise JoinError(error.reason, f"the host sent a bad message: {error.text}") from None
        except ConnectionLost as error:
            raise JoinError("net.reason.no_host", f"the host closed the connection ({error})") from None
        if data["type"] == wanted:
            return data
        if data["type"] in ("refused", "bye"):
            raise join_error(data["reason"], data["text"])


async def afetch_tables(address: str, timeout: float = 3.0,
                        code: str | None = None) -> tuple[str, list[dict[str, Any]]]:
    """The host's name and its tables (see ``fetch_tables``)."""
    uri = parse_address(address)
    conn = await Connection.open(uri, timeout)
    try:
        await conn.send({"type": "hello", **({"code": code} if code else {})})
        answer = await asyncio.wait_for(_answer(conn, "tables"), timeout)
    except TimeoutError:
        raise JoinError("net.reason.no_host", f"the host at {uri} did not answer in {timeout:g} s") from None
    finally:
        await conn.close()
    return answer["host"], answer["tables"]


def fetch_tables(address: str, timeout: float = 3.0, code: str | None = None) -> tuple[str, list[dict[str, Any]]]:
    """The host's name and its tables (the ``tables`` answer to ``hello``: the listed ones, and
    the private one ``code`` names); ``JoinError`` when no host answers, ``ValueError`` for an
    address that cannot be read. Blocks up to ``timeout``."""
    return asyncio.run(afetch_tables(address, timeout, code))


def claim_id() -> str:
    """This client's id in every join (this process and its data folder): a first join repeated
    after its welcome was lost gets the seat it took. The host made the token; this only finds it
    again, for a minute."""
    return hashlib.sha256(_CLAIM_SECRET + str(data_dir()).encode()).hexdigest()[:32]


# ----- seat tokens -----------------------------------------------------------------------------
def _tokens_path() -> Path:
    return data_dir().joinpath(*TOKENS_FILE)


class SeatLock:
    """This process's hold on the seat token a data folder keeps for one table: only the holder
    reclaims and keeps it, so two clients sharing a data folder never fight over one seat (the
    second sits elsewhere). Released when the process ends, however it ends (``flock``)."""

    def __init__(self, uri: str, table: str) -> None:
        digest = hashlib.sha256(_token_key(uri, table).encode()).hexdigest()[:24]
        self.path = data_dir() / TOKENS_FILE[0] / "locks" / f"{digest}.lock"
        self._handle: Any = None

    def acquire(self) -> bool:
        """True when this process now holds the table's kept token (or locks are not available)."""
        try:
            import fcntl
        except ImportError:  # no flock here: as before, the kept token is shared
            return True
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            handle = open(self.path, "a+b")  # noqa: SIM115 - held for the session's life
        except OSError as error:
            log.warning("cannot lock the seat token: %s", error)
            return True
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.close()
            return False
        self._handle = handle
        return True

    def release(self) -> None:
        """Let another client of this data folder use the table's kept token."""
        if self._handle is not None:
            handle, self._handle = self._handle, None
            with contextlib.suppress(OSError):
                handle.close()


def _token_key(uri: str, table: str) -> str:
    return f"{uri}#{table}"


def _tokens_object(data: Any) -> dict[str, Any]:
    """The tokens file's content: an object (anything else is a bad file)."""
    if not isinstance(data, dict):
        raise ValueError("not a JSON object")  # noqa: TRY004 - a bad file, kept aside by the loader
    return data


def read_tokens() -> dict[str, Any]:
    """The kept seat tokens ({} when there are none). A bad file (broken JSON, a lone surrogate,
    a FIFO or device in its place) is kept aside, never overwritten: the seats in it stay there."""
    return load_json_file(_tokens_path(), _tokens_object, "the seat tokens file") or {}


def load_token(uri: str, table: str) -> tuple[int, str] | None:
    """The seat and token kept for ``table`` at ``uri`` (an app restart reclaims its seat)."""
    entry = read_tokens().get(_token_key(uri, table))
    if not isinstance(entry, dict):
        return None
    seat, token = entry.get("seat"), entry.get("token")
    if type(seat) is not int or not isinstance(token, str) or not token:
        return None
    return seat, token


def save_token(uri: str, table: str, seat: int, token: str) -> None:
    """Keep the seat's token for a later restart (never raises: a lost token only costs the seat)."""
    path = _tokens_path()
    data = read_tokens()
    data.pop(_token_key(uri, table), None)
    data[_token_key(uri, table)] = {"seat": seat, "token": token}
    for key in list(data)[:-MAX_TOKENS]:
        del data[key]
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_json_atomic(path, data)
    except (OSError, ValueError) as error:  # ValueError: a text that cannot be UTF-8 (a lone surrogate)
        log.warning("could not keep the seat token: %s", error)


# ----- a session: join, keep the seat, reconnect ---------------------------------------------------
Listener = Callable[[str, dict[str, Any]], None]


class Session:
    """A seat at a remote table, kept through dropped connections.

    ``run()`` connects and joins; the first failure ends it with ``JoinError`` (in ``joined``).
    Once welcomed, a lost connection is retried with back-off (0.5 s doubling to 5 s, with
    jitter) and the seat's token; the welcome after a reconnect comes to the listener as
    ``("welcome", message)`` like the first, so the table catches up with no replayed events.
    The listener gets every other host message as ``(type, message)`` (views already decoded
    under ``message["_view"]``, events under ``message["_events"]``) and ``("status", {"status":
    s})`` when the status changes ("connected", "reconnecting", "closed"; then ``"reason"`` and
    ``"text"`` say why). It runs on the loop: it must be quick and must not block.
    """

    def __init__(self, address: str, table: str, seat: int, name: str, token: str | None = None,
                 listener: Listener | None = None, *, keep_token: bool = True, lazy: bool = False) -> None:
        self.uri = parse_address(address)
        self.table = table
        self.seat = seat
        self.name = name
        self.token = token
        self.keep_token = keep_token
        self.lazy = lazy  # a bot: views read back only when asked (``view``), events not at all
        self.listener = listener or (lambda kind, message: None)
        self.status = "connecting"
        self.game_id = ""
        self.raw_view: dict[str, Any] | None = None  # the newest view as checked JSON
        self._view: View | None = None  # ... and read back (at once, or on demand when lazy)
        self.conn: Connection | None = None
        self.joined: asyncio.Future[dict[str, Any]] | None = None
        self._replies: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._unacked: dict[int, tuple[dict[str, Any], int]] = {}  # seq -> (act/undo sent, the pos it was for)
        self._seq = 0
        self._stopping = False
        self.reconnects = 0
        self.closed = ("", "")  # (catalogue key, plain line): why the session ended

    # ----- the loop --------------------------------------------------------------------------
    async def run(self, timeout: float = 5.0) -> None:
        """Join, then serve and reconnect until ``stop()`` or a refusal no retry can cure."""
        self.joined = asyncio.get_running_loop().create_future()
        delay = FIRST_DELAY
        while not self._stopping:
            try:
                welcome = await asyncio.wait_for(self._connect(timeout), timeout)
            except Exception as error:  # noqa: BLE001 - whatever a host does, the loop goes on
                failure = _join_failure(error, self.uri, timeout)
                if not self.joined.done():
                    self.joined.set_exception(failure)
                    self.joined.exception()  # read by whoever awaits it; no warning when nobody does
                    self._set_status("closed", failure.reason, failure.text)
                    return
                if failure.reason in FINAL_REASONS:
                    self._end_requests()
                    self._set_status("closed", failure.reason, failure.text)
                    return
                await self._sleep(delay)
                delay = min(MAX_DELAY, delay * 2)
                continue
            delay = FIRST_DELAY
            self._welcomed(welcome)
            await self._resend()
            await self._serve()
            if not self._stopping:
                self.reconnects += 1
                self._set_status("reconnecting")
                await self._sleep(delay * random.uniform(0.2, 1.0))  # a blip: come back soon
        self._end_requests()
        for _ in range(3):  # the failed requests finish (and hand on their error) before the loop may end
            await asyncio.sleep(0)
        self._set_status("closed", "net.reason.closed", "left the table")

    def _end_requests(self) -> None:
        """The session is over: every request still waiting fails."""
        self._unacked.clear()
        for future in self._replies.values():
            if not future.done():
                future.set_exception(ConnectionLost("the session has ended"))
        self._replies.clear()

    async def _connect(self, timeout: float) -> dict[str, Any]:
        """Open and join (the token, when there is one, reclaims the seat)."""
        conn = await Connection.open(self.uri, timeout)
        try:
            welcome = await join(conn, self.table, self.seat, self.token, self.name)
            self.game_id = welcome["game"]
            welcome["_view"] = read_view(self.game_id, welcome["view"])
        except ProtocolError as error:
            await conn.refuse(error)
            raise JoinError(error.reason, f"the host sent a bad welcome: {error.text}") from None
        except BaseException:
            await conn.close()
            raise
        self.conn = conn
        return welcome

    def _welcomed(self, welcome: dict[str, Any]) -> None:
        """Keep the seat and token, tell the listener, say we are connected."""
        self.seat, self.token = welcome["seat"], welcome["token"]
        self._seq = max(self._seq, welcome["acked"])  # a restarted client goes on from the host's count
        self._settle(welcome["acked"], welcome["view"]["pos"])
        self.raw_view, self._view = welcome["view"], welcome["_view"]
        if self.keep_token and self.token and self.seat >= 0:
            save_token(self.uri, self.table, self.seat, self.token)
        self.listener("welcome", welcome)
        self._set_status("connected")
        assert self.joined is not None
        if not self.joined.done():
            self.joined.set_result(welcome)

    def _settle(self, acked: int, pos: int) -> None:
        """After a welcome: the acts the host applied already are acknowledged; those meant for
        a position the table has left are refused as stale (decide again); the rest wait for
        ``_resend``."""
        for seq in sorted(self._unacked):
            sent_at = self._unacked[seq][1]
            if seq <= acked:
                self._answer(seq, {"type": "ack", "seq": seq})
            elif sent_at != pos:
                self._answer(seq, {"type": "refused", "seq": seq, "reason": "net.reason.stale", "params": {},
                                   "text": "the table moved on while the connection was down"})

    async def _resend(self) -> None:
        """Send again, with their seqs, the acts not acknowledged before the connection dropped."""
        conn = self.conn
        for seq in sorted(self._unacked):
            if conn is None:
                return
            with contextlib.suppress(ConnectionLost):
                await conn.send(self._unacked[seq][0])

    def _answer(self, seq: int, data: dict[str, Any]) -> None:
        self._unacked.pop(seq, None)
        future = self._replies.pop(seq, None)
        if future is not None and not future.done():
            future.set_result(data)

    async def _serve(self) -> None:
        """Read host messages until the connection ends; unanswered pings fail, unanswered acts
        wait for the next connection (``_resend``)."""
        conn = self.conn
        assert conn is not None
        try:
            while True:
                self._dispatch(await conn.receive())
        except (ConnectionLost, ProtocolError):
            pass
        except Exception:  # a bug or a strange host must not end the session
            log.exception("a message from %s broke the session: reconnecting", self.uri)
        finally:
            self.conn = None
            await conn.close()
            for seq, future in list(self._replies.items()):
                if seq not in self._unacked:
                    if not future.done():
                        future.set_exception(ConnectionLost("the connection to the host was lost"))
                    del self._replies[seq]

    def _dispatch(self, data: dict[str, Any]) -> None:
        """One checked host message: decode views and events, answer waiting requests, tell."""
        kind = data["type"]
        if kind in ("update", "sync", "welcome"):
            self.raw_view = data["view"]
            if self.lazy:
                protocol.check_view(self.raw_view)  # the shape now; the contents when asked
                self._view = None
            else:
                data["_view"] = self._view = read_view(self.game_id, data["view"])
                if kind == "update":
                    data["_events"] = read_events(data["events"])
        if kind == "welcome":  # a second welcome on one connection: take it as a sync
            kind = "sync"
        self.listener(kind, data)
        if kind == "bye":
            raise ConnectionLost(data["text"])
        if kind in ("ack", "refused", "pong") and data.get("seq") is not None:
            self._answer(data["seq"], data)

    @property
    def view(self) -> View | None:
        """The newest view read back (a lazy session reads it here, once per view)."""
        if self._view is None and self.raw_view is not None:
            self._view = read_view(self.game_id, self.raw_view)
        return self._view

    async def _sleep(self, delay: float) -> None:
        await asyncio.sleep(delay * random.uniform(1 - JITTER, 1 + JITTER))

    def _set_status(self, status: str, reason: str = "", text: str = "") -> None:
        if status != self.status:
            self.status = status
            if status == "closed":
                self.closed = (reason, text)
            self.listener("status", {"status": status, "reason": reason, "text": text})

    # ----- requests ---------------------------------------------------------------------------
    async def request(self, message: dict[str, Any]) -> dict[str, Any]:
        """Send an act, undo or ping with a fresh seq; the host's ack, refused or pong for it.
        ``ConnectionLost`` when there is no connection, or (a ping) when it drops first: an act
        or undo is re-sent after a reconnect instead, and answered then (or refused as stale
        when the table moved on meanwhile)."""
        conn = self.conn
        if conn is None:
            raise ConnectionLost("not connected to the host")
        self._seq += 1
        seq = self._seq
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._replies[seq] = future
        sent = {**message, "seq": seq}
        if message.get("type") in RESENT:
            pos = self.raw_view["pos"] if self.raw_view is not None else -1
            self._unacked[seq] = (sent, pos)
        try:
            with contextlib.suppress(ConnectionLost):  # an act is re-sent; a ping fails below
                await conn.send(sent)
            if seq not in self._unacked and self.conn is not conn:
                raise ConnectionLost("the connection to the host was lost")
            return await future
        finally:
            self._replies.pop(seq, None)
            self._unacked.pop(seq, None)

    async def send_once(self, message: dict[str, Any]) -> bool:
        """Send a message that needs no answer and is not re-sent (a stamp); False when there is
        no connection now."""
        conn = self.conn
        if conn is None:
            return False
        try:
            await conn.send(message)
        except ConnectionLost:
            return False
        return True

    def stop(self) -> None:
        """Leave: close the connection and end ``run`` (call on the session's loop)."""
        self._stopping = True
        if self.conn is not None:
            asyncio.ensure_future(self.conn.close())


def _join_failure(error: BaseException, uri: str, timeout: float) -> JoinError:
    """Why a connect-and-join attempt failed, as a ``JoinError`` (a reason and one line)."""
    if isinstance(error, JoinError):
        return error
    if isinstance(error, TimeoutError):
        return JoinError("net.reason.no_host", f"the host at {uri} did not answer in {timeout:g} s")
    if isinstance(error, ConnectionLost):
        return JoinError("net.reason.no_host", f"the host at {uri} closed the connection ({error})")
    if isinstance(error, ProtocolError):
        return JoinError(error.reason, f"the host sent a bad message: {error.text}")
    log.warning("joining %s failed: %r", uri, error)
    return JoinError("net.reason.no_host", f"joining {uri} failed ({_short_error(error)})")


def dumps_result(result: Any) -> dict[str, Any]:
    """A finished match's ``Result`` as plain JSON for a command's output."""
    return {"scores": list(result.scores), "ranks": list(result.ranks), "winners": list(result.winners)}


