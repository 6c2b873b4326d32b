"""The LAN host: many tables in one asyncio process, over websockets (``Server``).

Each client message is checked (``protocol.check_client``) and handed to its table
(``game.net.host.TableHost``); whatever is refused is answered with ``refused`` and a reason,
never an exception. A person away longer than the table's patience has the AI play their seat
until they come back; the host can free a seat; tables nobody visits close on a public host.

The server owns one part per concern, each in its own module:

- ``peer.Client``: one connection and its queue, bounded in bytes (a client that does not read is cut off);
- ``audience.Audience``: who is at each table and what they are told after each change (``update``, ``sync``);
- ``admission.Admission``: connections capped per address and in total, per-address rates, guesses;
- ``write_ahead.WriteAhead``: with ``tables_dir`` every change is synced to the table's log before
  its ack and updates go out, so a host killed at any moment resumes where any client was shown;
- ``table_files.TableFiles``: each table's file, written now and then, resumed on start;
- ``ai_seats.AiSeats``: the AI seats, deciding in a process pool (never on the loop), paced for people;
- ``turn_clock.TurnClock``: the AI's move for a person whose time ran out.

Below the class: ``start_in_thread`` (the app's "Host a table", a ``HostHandle``) and
``serve_forever`` (``python -m game serve``).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import logging
import os
import socket
import ssl
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from game.core.events import Event
from game.core.match import Match, Seat
from game.core.seeds import new_seed
from game.net import discovery, peer
from game.net.admission import MAX_CONNECTIONS, MAX_PER_ADDRESS, Admission
from game.net.ai_seats import AI_PAUSE, AiSeats, decide
from game.net.audience import Audience
from game.net.discovery import lan_addresses
from game.net.host import Refused, TableHost, new_code
from game.net.internet import STAMPS, Limits
from game.net.peer import Client
from game.net.protocol import (
    DEFAULT_PORT,
    MAX_FRAME,
    PRIVATE_CODE_LENGTH,
    PROTOCOL,
    ProtocolError,
    check_client,
    shown_value,
)
from game.net.table_files import TableFiles
from game.net.turn_clock import TurnClock
from game.net.write_ahead import WriteAhead

# ``decide`` is the AI pool's entry point (``ai_seats``), named here as before
__all__ = ["HostHandle", "Server", "decide", "serve_forever", "start_in_thread"]

log = logging.getLogger(__name__)

WATCH_EVERY = 1.0  # seconds between the checks for stalled clients, away people, turn clocks and idle tables
OPEN_TIMEOUT = 30.0  # seconds a connection has for its TLS and websocket handshakes (hundreds at once take a while)


def _refusal(error: ProtocolError, seq: Any) -> dict[str, Any]:
    params = getattr(error, "params", {})
    return {"type": "refused", "seq": seq if isinstance(seq, int) and not isinstance(seq, bool) else None,
            "reason": error.reason[:80], "params": params, "text": error.text[:400]}


def _their_version(raw: str | bytes) -> Any:
    """The ``v`` a client wrote, read leniently (only to name it in a refusal)."""
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        return None
    return data.get("v") if isinstance(data, dict) else None


def _version_text(version: Any) -> str:
    return (f"this client speaks protocol version {shown_value(version)}, this host speaks version {PROTOCOL}: "
            "use the same version of Kotatsu Table on both computers")


# ----- the server ------------------------------------------------------------------------------
class Server:
    """Many tables in one asyncio process (see the module docstring)."""

    def __init__(self, tables_dir: Path | None = None, name: str | None = None, *, workers: int | None = None,
                 ai_pause: float = AI_PAUSE, budgets: dict[str, float] | None = None,
                 patience: float | None = None, standin_level: str | None = None,
                 max_connections: int = MAX_CONNECTIONS, max_per_address: int = MAX_PER_ADDRESS,
                 cap_loopback: bool = False, ssl_context: ssl.SSLContext | None = None,
                 public: bool = False, listed: bool = False, limits: Limits | None = None,
                 turn_clock: float = 0.0) -> None:
        self.tables_dir = Path(tables_dir) if tables_dir is not None else None
        self.name = (name or socket.gethostname() or "kotatsu")[:80]
        self.budgets = budgets
        self.patience = patience  # None: each table's own (``host.PATIENCE``)
        self.standin_level = standin_level
        self.ssl_context = ssl_context
        self.list_public = listed
        self.tables: dict[str, TableHost] = {}
        self.port: int | None = None
        self.on_change: Callable[[], None] | None = None  # the advertiser's table count, say
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stopping: asyncio.Event | None = None
        self._watcher: asyncio.Task[None] | None = None
        self._active: dict[str, float] = {}  # code -> when something last happened there (idle expiry)
        # a host others reach over the internet (TLS here, or ``--public`` behind a TLS proxy):
        # its tables are private (8-letter codes) and it lists none unless told ``listed``
        public = public or ssl_context is not None
        if limits is None:
            limits = Limits() if public else dataclasses.replace(
                Limits.lan(), total=max_connections, per_address=max_per_address, cap_loopback=cap_loopback)
        self.admission = Admission(limits, public)
        self.write_ahead = WriteAhead(self.tables_dir)
        self.audience = Audience(self.write_ahead)
        self.files = TableFiles(self.tables_dir)
        self.ai = AiSeats(self, (os.cpu_count() or 1) if workers is None else workers, ai_pause)
        self.clock = TurnClock(self, turn_clock, self.ai.decide)
        for table in self.files.resume():  # every unfinished table kept in ``tables_dir``
            self._open(table)

    @property
    def public(self) -> bool:
        """True when the host is open to the internet (``set_public``)."""
        return self.admission.public

    @property
    def limits(self) -> Limits:
        """What one address may do on this host now."""
        return self.admission.limits

    @property
    def turn_clock(self) -> float:
        """Seconds a person's move may take before the AI makes it (0: no clock)."""
        return self.clock.seconds

    # ----- tables -----------------------------------------------------------------------------
    def add_table(self, game_id: str, seats: list[Seat], options: dict[str, Any] | None = None,
                  seed: int | None = None, *, private: bool = False) -> str:
        """Open a new table; its join code. A ``private`` table is not listed (join by its
        longer code only). ``BadOptions`` for a wrong seat count or option."""
        match = Match(game_id, list(seats), new_seed() if seed is None else seed, options)
        private = private or (self.public and not self.list_public)
        code = new_code(set(self.tables) | self.files.saved_codes(), PRIVATE_CODE_LENGTH if private else 4)
        return self._open(TableHost(code, match, private=private))

    def set_public(self, public: bool) -> None:
        """Open this host to the internet (private tables, a public host's limits, idle tables
        close) or back to the LAN's ways; tables open now keep their codes (call on the loop)."""
        public = public or self.ssl_context is not None
        self.admission.apply(Limits() if public else Limits.lan(), public)
        if self.on_change is not None:
            self.on_change()

    def listed(self) -> list[TableHost]:
        """The tables shown to everyone (in ``hello`` and counted on mDNS): not the private ones,
        and none on a public host unless it was told to list them."""
        if self.public and not self.list_public:
            return []
        return [table for table in self.tables.values() if not table.private]

    def claim_seat(self, code: str, seat: int, name: str = "") -> str:
        """Give the host's own player the free seat ``seat`` of table ``code``: its new token
        (call on the server's loop, or before it runs)."""
        table = self.tables[code]
        token = table.claim(seat, name)
        self._changed(table)
        return token

    def free_seat(self, code: str, seat: int) -> None:
        """The host frees ``seat`` of table ``code``: its token is forgotten, its connections
        are told and closed, and the next person to join may take it."""
        table = self.tables[code]
        table.free(seat)
        for client in self.audience.at_seat(code, seat):
            self.audience.discard(client, code)
            table.disconnect(seat)
            client.table = None
            client.send({"type": "bye", "reason": "net.reason.seat_freed", "text": f"the host freed seat {seat}"})
            client.close(1000, "seat freed")
        self._changed(table)
        self.audience.sync(table)

    def _changed(self, table: TableHost) -> None:
        if self._loop is not None:
            self._after_change(table)

    def _open(self, table: TableHost) -> str:
        if self.budgets is not None:
            table.budgets.update(self.budgets)
        if self.patience is not None:
            table.patience = self.patience
        if self.standin_level is not None:
            table.standin_level = self.standin_level
        self.tables[table.code] = table
        self.audience.opened(table.code)
        self._active[table.code] = time.monotonic()
        self.write_ahead.opened(table)
        if self._loop is not None:  # running: the loop's thread is the one calling
            self._after_change(table)
        if self.on_change is not None:
            self.on_change()
        return table.code

    # ----- running ----------------------------------------------------------------------------
    async def run(self, host: str = "0.0.0.0", port: int = DEFAULT_PORT,
                  ready: Callable[[int], None] | None = None) -> None:
        """Serve until ``stop``; ``ready(port)`` once listening (port 0 picks a free one)."""
        self._loop = asyncio.get_running_loop()
        self._stopping = asyncio.Event()
        try:
            async with serve(self._serve, host, port, max_size=MAX_FRAME, ping_interval=10,
                             ping_timeout=peer.STALL, process_request=self.admission.admit, ssl=self.ssl_context,
                             open_timeout=OPEN_TIMEOUT) as server:
                self.port = server.sockets[0].getsockname()[1] if server.sockets else port
                for table in self.tables.values():
                    self._after_change(table)
                self._watcher = asyncio.get_running_loop().create_task(self.watch())
                if ready is not None:
                    ready(self.port)
                await self._stopping.wait()
        finally:
            await self._shutdown()

    def stop(self) -> None:
        """Ask ``run`` to end (from any thread)."""
        if self._loop is not None and self._stopping is not None:
            self._loop.call_soon_threadsafe(self._stopping.set)

    async def _shutdown(self) -> None:
        if self._watcher is not None:
            self._watcher.cancel()
        self.ai.cancel_all()
        self.clock.cancel_all()
        await self.write_ahead.close()
        await self.files.save_all(self.tables.values())
        await self.ai.close()

    async def _serve(self, ws: ServerConnection) -> None:
        client = Client(ws, self.admission.address_of(ws))
        self.admission.opened(client)
        writer = asyncio.create_task(client.write())
        try:
            async for raw in ws:
                self.receive(client, raw)
                if writer.done():
                    break
        except ConnectionClosed:
            pass
        finally:
            writer.cancel()
            self.admission.closed(client)
            self._leave(client)

    def _leave(self, client: Client) -> None:
        table = client.table
        if table is None:
            return
        self.audience.discard(client, table.code)
        table.disconnect(client.seat)
        self._active[table.code] = time.monotonic()
        if client.seat >= 0:
            self.audience.sync(table)

    async def watch(self) -> None:
        """Every ``WATCH_EVERY`` seconds (``run`` starts it): cut off the clients that stopped
        reading, let the AI play for people away too long or out of time, close idle tables."""
        while True:
            await asyncio.sleep(WATCH_EVERY)
            now = time.monotonic()
            self.admission.tidy(now)
            for table in list(self.tables.values()):
                if table.notice_away():
                    self.audience.sync(table)
                    self._after_change(table)
                self.clock.watch(table, now)
                self._expire_if_idle(table, now)

    def _expire_if_idle(self, table: TableHost, now: float) -> None:
        """Close ``table`` when nobody has been connected and nothing has happened there for the
        limits' ``idle_expire`` seconds (0: tables never expire). Its files go with it."""
        idle = self.limits.idle_expire
        code = table.code
        if idle <= 0 or self.audience.anyone_at(code) or now - self._active.get(code, now) < idle:
            return
        if self.write_ahead.writing(code) or self.files.writing(code):
            return  # its writes finish first
        log.warning("table %s closed: nobody there for %g s", code, idle)
        self.ai.forget(code)
        self.clock.forget(code)
        self.tables.pop(code, None)
        self._active.pop(code, None)
        self.audience.forget(code)
        self.write_ahead.forget(code)
        self.files.forget(table)
        if self.on_change is not None:
            self.on_change()

    # ----- messages ---------------------------------------------------------------------------
    def receive(self, client: Client, raw: str | bytes) -> None:
        """Answer one message of ``client``; a refusal for anything wrong (the host never raises here)."""
        if self.admission.flooding(client, self._refuse):
            return
        try:
            data = check_client(raw)
        except ProtocolError as error:
            if error.reason == "net.reason.version":
                error = ProtocolError(error.reason, _version_text(_their_version(raw)))
                if client.table is None:
                    client.send({"type": "bye", "reason": error.reason, "text": error.text})
                    client.close(1002, "protocol version")
                    return
            self._refuse(client, error)
            return
        seq = data.get("seq")
        try:
            self._handle(client, data)
        except ProtocolError as error:
            self._refuse(client, error, seq)
        except Exception:  # a bug of ours: the client hears of it, the host goes on
            log.exception("a %s message broke the host", data.get("type"))
            self._refuse(client, ProtocolError("net.reason.host_error", "the host could not do that"), seq)

    def _refuse(self, client: Client, error: ProtocolError, seq: Any = None) -> None:
        self.audience.tell(client, _refusal(error, seq))

    def _handle(self, client: Client, data: dict[str, Any]) -> None:
        kind = data["type"]
        if kind == "hello":
            shown = self.listed() + self._private_named(client, data.get("code"))
            tables = [table.info() for table in shown if data.get("game") in (None, table.game_id)]
            self.audience.tell(client, {"type": "tables", "host": self.name, "tables": tables})
        elif kind == "join":
            self._join(client, data)
        elif kind == "ping":
            self.audience.tell(client, {"type": "pong", "seq": data["seq"]})
        elif kind == "stamp":
            self._stamp(client, data["stamp"])
        else:
            table = client.table
            if table is None:
                raise Refused("net.reason.not_joined", "join a table first")
            if table.seen(client.seat, data["seq"]):  # re-sent after a reconnect: applied before
                self.audience.post(table, client, {"type": "ack", "seq": data["seq"]})
                return
            if kind == "act":
                events = table.act(client.seat, data["seq"], data["action"])
                self.audience.update(table, events)
            else:
                table.undo(client.seat, data["seq"])
                self.audience.sync(table)
            self.audience.post(table, client, {"type": "ack", "seq": data["seq"]})
            self._active[table.code] = time.monotonic()
            self._after_change(table)

    def _stamp(self, client: Client, stamp: str) -> None:
        """Show a seated player's stamp to everyone at the table (a few per seat and window)."""
        table = client.table
        if table is None or client.seat < 0:
            raise Refused("net.reason.not_joined", "sit at a table to send a stamp")
        if stamp not in STAMPS:  # checked by the protocol already; never passed on otherwise
            raise Refused("net.reason.bad_stamp", "unknown stamp")
        self.admission.check_stamp(client, table.code)
        self._active[table.code] = time.monotonic()
        self.audience.everyone(table, {"type": "stamp", "seat": client.seat, "stamp": stamp})

    def _private_named(self, client: Client, code: str | None) -> list[TableHost]:
        """The private table ``code`` names (a wrong code counts as a guess; none while the
        address has used up its guesses)."""
        if not code:
            return []
        try:
            self.admission.guesses.check(client.address)
        except Refused:
            return []
        table = self.tables.get(code.upper())
        if table is None:
            self.admission.guesses.wrong(client.address)
            return []
        return [table] if table.private else []

    def _join(self, client: Client, data: dict[str, Any]) -> None:
        if client.table is not None:
            raise Refused("net.reason.already_joined", f"this connection already joined table {client.table.code}")
        self.admission.check_join(client.address)
        table = self.tables.get(data["table"].upper())
        if table is None:
            self.admission.guesses.wrong(client.address)
            raise Refused("net.reason.no_table", f"no table {data['table']} here", {"table": data["table"]})
        try:
            seat, token = table.join(data["seat"], data.get("token"), data["name"], data.get("claim"))
        except Refused as error:
            if error.reason == "net.reason.bad_token":
                self.admission.guesses.wrong(client.address)
            raise
        client.table, client.seat = table, seat
        self._active[table.code] = time.monotonic()
        was_standin = seat in table.standins
        table.connect(seat)
        self.audience.add(client)
        self.audience.post(table, client, {**table.welcome(seat, token), "clock": self.turn_clock})
        if seat >= 0:
            self.audience.sync(table, but=client)
            self._after_change(table)
            if was_standin and self.ai.playing(table.code):
                log.info("table %s: seat %s is back from the AI", table.code, seat)

    # ----- after a change -------------------------------------------------------------------------
    def played(self, table: TableHost, events: list[Event]) -> None:
        """A move the AI made for a seat of ``table`` (``ai_seats.Played``): told, logged, and play goes on."""
        self.audience.update(table, events)
        self._after_change(table)

    def _after_change(self, table: TableHost) -> None:
        """Log the table's changes (and now and then write its file) and let its AI seats play."""
        self.write_ahead.flush_soon(table)
        self.files.checkpoint(table)
        self.ai.play_soon(table)


# ----- a host inside the app --------------------------------------------------------------------
class HostHandle:
    """A ``Server`` running in a daemon thread (the app's "Host a table")."""

    def __init__(self, server: Server, thread: threading.Thread, port: int,
                 advertiser: Any | None = None) -> None:
        self.server = server
        self.thread = thread
        self.port = port
        self.advertiser = advertiser

    def addresses(self) -> list[str]:
        """The LAN IPv4 addresses others can join at (with ``port``)."""
        return lan_addresses()

    def add_table(self, game_id: str, seats: list[Seat], options: dict[str, Any] | None = None,
                  seed: int | None = None, private: bool = False) -> str:
        """Open a table on the running host (from any thread); its join code (8 letters when
        ``private`` or the host is open to the internet). ``BadOptions`` for a wrong seat count or option."""
        loop = self.server._loop
        assert loop is not None
        future = asyncio.run_coroutine_threadsafe(self._add(game_id, seats, options, seed, private), loop)
        return future.result(10.0)

    async def _add(self, game_id: str, seats: list[Seat], options: dict[str, Any] | None,
                   seed: int | None, private: bool = False) -> str:
        return self.server.add_table(game_id, seats, options, seed, private=private)

    def set_public(self, public: bool) -> None:
        """Open the host to the internet, or back to the LAN only (from any thread)."""
        self._on_loop(lambda: self.server.set_public(public))

    def _on_loop(self, call: Callable[[], Any]) -> Any:
        loop = self.server._loop
        assert loop is not None

        async def run() -> Any:
            return call()

        return asyncio.run_coroutine_threadsafe(run(), loop).result(10.0)

    def claim_seat(self, code: str, seat: int, name: str = "") -> str:
        """The new token of the host's own seat ``seat`` at table ``code`` (from any thread)."""
        return self._on_loop(lambda: self.server.claim_seat(code, seat, name))

    def free_seat(self, code: str, seat: int) -> None:
        """Free ``seat`` of table ``code`` for someone else (from any thread)."""
        self._on_loop(lambda: self.server.free_seat(code, seat))

    def stop(self, timeout: float = 5.0) -> None:
        """Stop the host (its tables are saved) and its advertising."""
        if self.advertiser is not None:
            with contextlib.suppress(Exception):
                self.advertiser.close()
        self.server.stop()
        self.thread.join(timeout)


def _advertise(server: Server, port: int, name: str) -> discovery.Advertiser:
    """Announce the host on mDNS, and its table count again whenever it changes."""
    advertiser = discovery.Advertiser(name, port, discovery.host_properties(name, len(server.listed())))
    advertiser.start()
    server.on_change = lambda: advertiser.update(discovery.host_properties(name, len(server.listed())))
    return advertiser


def start_in_thread(port: int = 0, tables_dir: Path | None = None, advertise: bool = True,
                    name: str | None = None, host: str = "0.0.0.0", **options: Any) -> HostHandle:
    """Start a ``Server`` in a daemon thread; returns once it listens (``OSError`` if it cannot)."""
    server = Server(tables_dir, name, **options)
    started = threading.Event()
    failure: list[BaseException] = []

    def ready(bound: int) -> None:
        started.set()

    def main() -> None:
        try:
            asyncio.run(server.run(host, port, ready))
        except BaseException as error:  # reported to the caller when it happens before listening
            failure.append(error)
            started.set()
            if not isinstance(error, Exception):
                raise

    thread = threading.Thread(target=main, name="kotatsu-host", daemon=True)
    thread.start()
    started.wait()
    if failure:
        raise failure[0] if isinstance(failure[0], OSError) else OSError(str(failure[0]))
    assert server.port is not None
    advertiser = _advertise(server, server.port, server.name) if advertise else None
    return HostHandle(server, thread, server.port, advertiser)



# ----- the headless host (``python -m game serve``) ------------------------------------------------------
def serve_forever(server: Server, host: str, port: int, announce: Callable[[Server], None],
                  advertise: bool = False) -> int:
    """Run ``server`` on this thread until SIGINT/SIGTERM; ``announce(server)`` once it listens.
    Returns the signal number that stopped it (0 if it stopped otherwise)."""
    import signal

    received: list[int] = []

    async def main() -> None:
        loop = asyncio.get_running_loop()

        def on_signal(signum: int) -> None:
            received.append(signum)
            server.stop()

        for signum in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError, RuntimeError):  # not on Windows' loop
                loop.add_signal_handler(signum, on_signal, signum)
        advertiser: list[Any] = []

        def ready(bound: int) -> None:
            announce(server)
            if advertise:
                advertiser.append(_advertise(server, bound, server.name))

        try:
            await server.run(host, port, ready)
        finally:
            for one in advertiser:
                if one is not None:
                    with contextlib.suppress(Exception):
                        one.close()

    asyncio.run(main())
    return received[0] if received else 0
