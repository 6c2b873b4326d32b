"""The LAN host: many tables in one asyncio process, over websockets.

Each client message is checked (``protocol.check_client``) and handed to its table
(``game.net.host.TableHost``); whatever is refused is answered with ``refused`` and a reason,
never an exception. After every change each connected client of the table gets the public
events and *its own seat's* view (``update``), or only the view after a take-back or a seat
change (``sync``). Messages to one connection leave in order through its own queue, bounded in
bytes: a client that does not read (its queue over ``MAX_OUTBOX`` bytes, or one message stuck for
``STALL`` seconds) is cut off at once, not after its queue. Connections are capped per address
and in total, and wrong join codes and seat tokens are rate-limited per address.

With ``tables_dir`` every change is written to the table's write-ahead log
(``game.net.journal``) and synced to the disk before its ack and updates go out: a host killed
at any moment resumes at least where any client was shown. A person away longer than the
table's patience has the AI play their seat until they come back; the host can free a seat.

AI seats decide in a process pool (never on the loop), from their seat's observation, seeded
with ``decision_seed``; with a person at the table their moves are paced (``AI_PAUSE``) so people
can follow. Each table's file is written now and then (atomic, off the loop: its write-ahead log
holds every change in between) and every unfinished table in ``tables_dir`` is resumed on start.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import ipaddress
import json
import logging
import multiprocessing
import os
import random
import signal
import socket
import ssl
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import BrokenExecutor, Executor, ProcessPoolExecutor
from pathlib import Path
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from game.ai.base import make_agent
from game.core.errors import RulesError, SaveError
from game.core.events import Event
from game.core.match import Match, Seat
from game.core.seeds import new_seed
from game.core.storage import NotARegularFile, keep_aside, kept_aside_text
from game.net import codec, discovery, journal
from game.net.discovery import lan_addresses
from game.net.host import AiRequest, Refused, TableHost, new_code
from game.net.internet import STAMPS, Limits, Rate
from game.net.protocol import (
    DEFAULT_PORT,
    MAX_FRAME,
    PRIVATE_CODE_LENGTH,
    PROTOCOL,
    SPECTATOR,
    ProtocolError,
    check_client,
    dumps,
    shown_value,
)

log = logging.getLogger(__name__)

AI_PAUSE = 0.3  # seconds between AI moves when a person sits at the table
MAX_OUTBOX = 256 << 10  # bytes waiting for one client: past that it is too slow and is cut off (it reconnects)
STALL = 20.0  # seconds one message may wait for a client to read it (its pings wait as long)
MAX_CONNECTIONS = 1024  # open connections in all
MAX_PER_ADDRESS = 32  # open connections from one address (the host's own loopback is not capped)
GUESSES = 10  # wrong join codes or seat tokens one address may send ...
GUESS_WINDOW = 60.0  # ... per this many seconds; more are refused unchecked
WATCH_EVERY = 1.0  # seconds between the checks for stalled clients and away people
SNAPSHOT_EVERY = 64  # log entries between two writes of a table's file (a resume replays fewer)
SUFFIX = ".json"
OPEN_TIMEOUT = 30.0  # seconds a connection has for its TLS and websocket handshakes (hundreds at once take a while)
FLOOD = 20  # refused messages in a row after which a flooding connection is closed


# ----- the AI, in the pool's processes ---------------------------------------------------------------
_AGENTS: dict[tuple[str, str], Any] = {}


def decide(request: AiRequest) -> Any:
    """The AI's action for ``request`` (run in a pool process; agents are kept per process).
    An agent that fails or answers something illegal is replaced by a random legal action."""
    rng = random.Random(request.seed)
    try:
        key = (request.game_id, request.level)
        if key not in _AGENTS:
            _AGENTS[key] = make_agent(request.game_id, request.level)
        action = _AGENTS[key].choose(request.observation, request.legal, rng, request.budget)
        if action in request.legal:
            return action
        log.error("%s %s answered the illegal %r", request.game_id, request.level, action)
    except Exception:
        log.exception("%s %s failed; a random legal action instead", request.game_id, request.level)
    return request.legal[random.Random(request.seed).randrange(len(request.legal))]


def _pool(workers: int) -> Executor:
    """A process pool of ``workers`` (spawned: the host may be a thread of the app). Each worker
    dies with this process, even after a SIGKILL of it, as the table's AI worker does."""
    return ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"),
                               initializer=_pool_worker_start, initargs=(os.getpid(),))


def _pool_worker_start(parent_pid: int) -> None:
    """A pool process's start: Ctrl+C (sent to the whole process group by a terminal) is the
    host's to handle, which then shuts the pool down (without this every worker printed a
    KeyboardInterrupt traceback); and the worker dies with the host. SIGINT was blocked since
    the process was made (``_no_sigint``): one that came while it started is dropped here."""
    from game.ai.worker import die_with_parent

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    die_with_parent(parent_pid)


@contextlib.contextmanager
def _no_sigint() -> Iterator[None]:
    """Block SIGINT in this thread while the pool may start a process, which inherits the mask:
    a Ctrl+C during its start-up (imports, before ``_pool_worker_start``) then waits, instead of
    a KeyboardInterrupt traceback. A SIGINT to this process meanwhile goes to another thread or
    waits for the unblock; none is lost (the standard library's resource tracker does the same)."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


# ----- connections ------------------------------------------------------------------------------
class Client:
    """One websocket connection: where it sits and what waits to be sent to it, in order."""

    def __init__(self, ws: ServerConnection, address: str = "") -> None:
        self.ws = ws
        self.address = address
        self.table: TableHost | None = None
        self.seat = SPECTATOR
        self.outbox: asyncio.Queue[str | tuple[int, str]] = asyncio.Queue()
        self.queued = 0  # bytes in the outbox
        self.sending_since: float | None = None  # when the message being sent was handed over
        self.closing = False
        self.floods = 0  # messages refused in a row for going over the address's rate

    def send(self, message: dict[str, Any]) -> None:
        """Queue ``message`` (without ``v``); a client that stopped reading is cut off."""
        if self.closing:
            return
        text = dumps(message)
        if self.queued + len(text) > MAX_OUTBOX:
            log.warning("a client of %s stopped reading (%d bytes waiting): cutting it off",
                        self.table and self.table.code, self.queued)
            self.drop()
            return
        self.queued += len(text)
        self.outbox.put_nowait(text)

    def close(self, code: int = 1000, reason: str = "") -> None:
        """Close the connection once what is queued before has been sent."""
        if not self.closing:
            self.closing = True
            self.outbox.put_nowait((code, reason))

    def drop(self) -> None:
        """Cut the connection now: nothing queued is sent, no closing handshake is waited for
        (a client that does not read would never take them)."""
        self.closing = True
        transport = getattr(self.ws, "transport", None)
        if transport is not None:
            transport.abort()

    def stalled(self, now: float) -> bool:
        """True when one message has waited ``STALL`` seconds for the client to read it."""
        return self.sending_since is not None and now - self.sending_since > STALL

    async def write(self) -> None:
        """Send what is queued, in order, until a close is queued or the connection goes."""
        with contextlib.suppress(ConnectionClosed):
            while isinstance(item := await self.outbox.get(), str):
                self.queued -= len(item)
                self.sending_since = time.monotonic()
                await self.ws.send(item)
                self.sending_since = None
            await self.ws.close(*item)


class Guesses:
    """Wrong join codes and seat tokens per address: ``GUESSES`` per ``GUESS_WINDOW`` seconds."""

    def __init__(self) -> None:
        self._wrong: dict[str, deque[float]] = {}

    def _recent(self, address: str, now: float) -> deque[float]:
        times = self._wrong.setdefault(address, deque())
        while times and now - times[0] > GUESS_WINDOW:
            times.popleft()
        return times

    def check(self, address: str, now: float | None = None) -> None:
        """``Refused`` (slow_down) while ``address`` has used up its wrong guesses."""
        now = time.monotonic() if now is None else now
        times = self._recent(address, now)
        if len(times) >= GUESSES:
            wait = max(1, int(GUESS_WINDOW - (now - times[0])) + 1)
            raise Refused("net.reason.slow_down", f"too many wrong codes or tokens: try again in {wait} s",
                          {"seconds": wait})
        if not times:
            self._wrong.pop(address, None)

    def forget_old(self, now: float | None = None) -> None:
        """Drop the addresses whose wrong guesses are all older than the window."""
        now = time.monotonic() if now is None else now
        for address in [a for a, times in self._wrong.items() if not times or now - times[-1] > GUESS_WINDOW]:
            del self._wrong[address]

    def wrong(self, address: str, now: float | None = None) -> None:
        """Count one wrong code or token of ``address``."""
        now = time.monotonic() if now is None else now
        self._recent(address, now).append(now)


def _is_loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address.split("%", 1)[0]).is_loopback
    except ValueError:
        return False


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
        self.workers = (os.cpu_count() or 1) if workers is None else workers
        self.ai_pause = ai_pause
        self.budgets = budgets
        self.tables: dict[str, TableHost] = {}
        self.clients: dict[str, set[Client]] = {}
        self.port: int | None = None
        self.on_change: Callable[[], None] | None = None  # the advertiser's table count, say
        self._executor: Executor | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._ai_tasks: dict[str, asyncio.Task[None]] = {}
        self._savers: dict[str, asyncio.Task[None]] = {}
        self._dirty: set[str] = set()
        self._stopping: asyncio.Event | None = None
        self.patience = patience  # None: each table's own (``host.PATIENCE``)
        self.standin_level = standin_level
        self.ssl_context = ssl_context
        # a host others reach over the internet (TLS here, or ``--public`` behind a TLS proxy):
        # its tables are private (8-letter codes) and it lists none unless told ``listed``
        self.public = public or ssl_context is not None
        self.list_public = listed
        if limits is None:
            limits = Limits() if self.public else dataclasses.replace(
                Limits.lan(), total=max_connections, per_address=max_per_address, cap_loopback=cap_loopback)
        self._apply_limits(limits)
        self.turn_clock = turn_clock  # seconds a person's move may take before the AI makes it (0: off)
        self._turn_since: dict[str, tuple[int, float]] = {}  # code -> (pos, when its people began to wait)
        self._clock_tasks: dict[str, asyncio.Task[None]] = {}
        self._active: dict[str, float] = {}  # code -> when something last happened there (idle expiry)
        self.open_connections: dict[str, int] = {}  # address -> open connections
        self.connections: set[Client] = set()
        self.guesses = Guesses()
        self._journals: dict[str, journal.Journal] = {}
        self._flushers: dict[str, asyncio.Task[None]] = {}
        self._held: dict[str, list[tuple[int, Client, dict[str, Any]]]] = {}  # code -> (entry, to, message)
        self._durable: dict[str, int] = {}  # code -> journal entries on the disk
        self._snapshot_at: dict[str, int] = {}  # code -> journal entries its last table file holds
        self._watcher: asyncio.Task[None] | None = None
        if self.tables_dir is not None:
            self._resume()

    # ----- tables -----------------------------------------------------------------------------
    def add_table(self, game_id: str, seats: list[Seat], options: dict[str, Any] | None = None,
                  seed: int | None = None, *, private: bool = False) -> str:
        """Open a new table; its join code. A ``private`` table is not listed (join by its
        longer code only). ``BadOptions`` for a wrong seat count or option."""
        match = Match(game_id, list(seats), new_seed() if seed is None else seed, options)
        private = private or (self.public and not self.list_public)
        code = new_code(set(self.tables) | self._saved_codes(), PRIVATE_CODE_LENGTH if private else 4)
        return self._open(TableHost(code, match, private=private))

    def set_public(self, public: bool) -> None:
        """Open this host to the internet (private tables, a public host's limits, idle tables
        close) or back to the LAN's ways; tables open now keep their codes (call on the loop)."""
        self.public = public or self.ssl_context is not None
        self._apply_limits(Limits() if self.public else Limits.lan())
        if self.on_change is not None:
            self.on_change()

    def _apply_limits(self, limits: Limits) -> None:
        """Hold connections to ``limits`` from now on (the rates start afresh)."""
        self.limits = limits
        self.max_connections, self.max_per_address = limits.total, limits.per_address
        self.cap_loopback = limits.cap_loopback
        self.joins = Rate(limits.joins, 60.0)
        self.messages = Rate(limits.messages, limits.message_window)
        self.stamps = Rate(limits.stamps, limits.stamp_window)

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
        for client in list(self.clients.get(code, ())):
            if client.seat == seat:
                self.clients[code].discard(client)
                table.disconnect(seat)
                client.table = None
                client.send({"type": "bye", "reason": "net.reason.seat_freed", "text": f"the host freed seat {seat}"})
                client.close(1000, "seat freed")
        self._changed(table)
        self._sync(table)

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
        self.clients.setdefault(table.code, set())
        self._active[table.code] = time.monotonic()
        self._durable[table.code] = table.entries  # a new table has none; a resumed one read them
        if self._loop is not None:  # running: the loop's thread is the one calling
            self._after_change(table)
        if self.on_change is not None:
            self.on_change()
        return table.code

    def _saved_codes(self) -> set[str]:
        if self.tables_dir is None or not self.tables_dir.is_dir():
            return set()
        return {path.stem for path in self.tables_dir.glob("*" + SUFFIX)}

    def _resume(self) -> None:
        """Open every unfinished table saved in ``tables_dir``. A bad table file (hostile JSON, a
        FIFO or a device in its place, a table that does not replay) is kept aside as
        ``*.bad-TIME``, byte for byte, with one line; one that cannot be read now stays."""
        assert self.tables_dir is not None
        for path in sorted(self.tables_dir.glob("*" + SUFFIX)) if self.tables_dir.is_dir() else ():
            try:
                table = TableHost.load(path)
            except SaveError as error:
                self._not_resumed(path, error)
                continue
            except Exception as error:  # a bug in a game's decoder must not stop the server
                log.exception("unexpected error while loading %s", path.name)
                self._not_resumed(path, error)
                continue
            replayed = self._replay(table, journal.path_for(path))
            if not table.match.is_over() and table.code == path.stem:
                self._open(table)
                if replayed:
                    self._dirty.add(table.code)  # a fresh table file once running

    @staticmethod
    def _replay(table: TableHost, log_path: Path) -> int:
        """Apply the write-ahead log's entries after those the table file holds; how many."""
        done = 0
        for entry in journal.read_entries(log_path, table.entries):
            try:
                table.replay(entry)
            except SaveError as error:
                log.warning("table %s: %s; resumed before it", table.code, error)
                break
            done += 1
        table.journal.clear()
        return done

    @staticmethod
    def _not_resumed(path: Path, error: Exception) -> None:
        """Say why ``path`` is not resumed; keep it aside unless it only cannot be read now."""
        cause = error.__cause__
        if isinstance(cause, OSError) and not isinstance(cause, NotARegularFile):
            log.warning("%s is not resumed: %s", path.name, error)  # no permission...: left as it is
            return
        log.warning("%s is not resumed: %s; %s", path.name, error, kept_aside_text(keep_aside(path)))

    def _path(self, table: TableHost) -> Path | None:
        return None if self.tables_dir is None else self.tables_dir / f"{table.code}{SUFFIX}"

    # ----- running ----------------------------------------------------------------------------
    async def run(self, host: str = "0.0.0.0", port: int = DEFAULT_PORT,
                  ready: Callable[[int], None] | None = None) -> None:
        """Serve until ``stop``; ``ready(port)`` once listening (port 0 picks a free one)."""
        self._loop = asyncio.get_running_loop()
        self._stopping = asyncio.Event()
        try:
            async with serve(self._serve, host, port, max_size=MAX_FRAME, ping_interval=10,
                             ping_timeout=STALL, process_request=self._admit, ssl=self.ssl_context,
                             open_timeout=OPEN_TIMEOUT) as server:
                self.port = server.sockets[0].getsockname()[1] if server.sockets else port
                for table in self.tables.values():
                    self._after_change(table)
                self._watcher = asyncio.get_running_loop().create_task(self._watch())
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
        for task in [*self._ai_tasks.values(), *self._clock_tasks.values()]:
            task.cancel()
        with contextlib.suppress(Exception):
            await asyncio.gather(*self._flushers.values(), return_exceptions=True)
        for one in self._journals.values():
            one.close()
        for table in self.tables.values():
            self._dirty.add(table.code)
            self._save_soon(table)
        with contextlib.suppress(Exception):
            await asyncio.gather(*self._savers.values(), return_exceptions=True)
        if self._executor is not None:
            executor, self._executor = self._executor, None
            await asyncio.to_thread(executor.shutdown, True, cancel_futures=True)

    @staticmethod
    def _address(ws: ServerConnection) -> str:
        try:
            return str(ws.remote_address[0])
        except (TypeError, IndexError, AttributeError):
            return ""

    def _client_address(self, ws: ServerConnection, request: Any = None) -> str:
        """The address a connection comes from. On a public host behind a local TLS proxy (the
        peer is loopback), the client's own address is the last one the proxy added to
        ``X-Forwarded-For``: the per-address limits then hold per person, not for the proxy."""
        address = self._address(ws)
        if not self.public or not _is_loopback(address):
            return address
        headers = getattr(request if request is not None else getattr(ws, "request", None), "headers", None)
        forwarded = headers.get("X-Forwarded-For", "") if headers is not None else ""
        last = forwarded.rsplit(",", 1)[-1].strip()
        try:
            return str(ipaddress.ip_address(last)) if last else address
        except ValueError:
            return address

    def _admit(self, ws: ServerConnection, request: Any) -> Any:
        """Refuse a connection over the caps (in all, per address) before its handshake."""
        address = self._client_address(ws, request)
        total = sum(self.open_connections.values())
        capped = self.cap_loopback or not _is_loopback(address)
        if total >= self.max_connections or (capped and self.open_connections.get(address, 0) >= self.max_per_address):
            log.warning("refusing a connection from %s: too many connections", address)
            return ws.respond(503, "too many connections\n")
        return None

    async def _serve(self, ws: ServerConnection) -> None:
        client = Client(ws, self._client_address(ws))
        self.open_connections[client.address] = self.open_connections.get(client.address, 0) + 1
        self.connections.add(client)
        writer = asyncio.create_task(client.write())
        try:
            async for raw in ws:
                self._receive(client, raw)
                if writer.done():
                    break
        except ConnectionClosed:
            pass
        finally:
            writer.cancel()
            self.connections.discard(client)
            left = self.open_connections.get(client.address, 1) - 1
            if left > 0:
                self.open_connections[client.address] = left
            else:
                self.open_connections.pop(client.address, None)
            self._leave(client)

    def _leave(self, client: Client) -> None:
        table = client.table
        if table is None:
            return
        self.clients[table.code].discard(client)
        table.disconnect(client.seat)
        self._active[table.code] = time.monotonic()
        if client.seat >= 0:
            self._sync(table)

    async def _watch(self) -> None:
        """Every ``WATCH_EVERY`` seconds: cut off clients stuck on one message for ``STALL``
        seconds (they miss their pings too), and let the AI play for people away too long."""
        while True:
            await asyncio.sleep(WATCH_EVERY)
            now = time.monotonic()
            for client in [c for c in self.connections if c.stalled(now)]:
                log.warning("a client of %s has not read for %g s: cutting it off",
                            client.table and client.table.code, STALL)
                client.drop()
            self.guesses.forget_old(now)
            for rate in (self.joins, self.messages, self.stamps):
                rate.forget_old(now)
            for table in list(self.tables.values()):
                if table.notice_away():
                    self._sync(table)
                    self._after_change(table)
                self._watch_clock(table, now)
                self._expire_if_idle(table, now)

    # ----- the turn clock and idle tables -------------------------------------------------------
    def _watch_clock(self, table: TableHost, now: float) -> None:
        """With a turn clock: once the people to move at ``table`` have waited ``turn_clock``
        seconds (someone being connected there), the stand-in AI makes that one move for them."""
        if self.turn_clock <= 0 or table.match.is_over() or not table.connected:
            self._turn_since.pop(table.code, None)
            return
        waiting = table.people_to_move()
        if not waiting:
            self._turn_since.pop(table.code, None)
            return
        pos, since = self._turn_since.get(table.code, (-1, now))
        if pos != table.pos:
            self._turn_since[table.code] = (table.pos, now)
        elif now - since >= self.turn_clock and table.code not in self._clock_tasks:
            self._clock_tasks[table.code] = asyncio.get_running_loop().create_task(
                self._clock_moves(table, waiting, table.pos))

    async def _clock_moves(self, table: TableHost, seats: list[int], pos: int) -> None:
        """The AI's move for each of ``seats`` whose time ran out (dropped if the table moved on)."""
        try:
            for seat in seats:
                if seat not in table.people_to_move():
                    continue
                action = await self._decide(table.ai_request(seat))
                if table.pos != pos or seat not in table.people_to_move():
                    return  # the person moved meanwhile
                log.info("table %s: seat %s's time ran out; the AI moved for it", table.code, seat)
                events = table.play_for(seat, action)
                pos = table.pos
                self._update(table, events)
                self._after_change(table)
        finally:
            self._clock_tasks.pop(table.code, None)

    def _expire_if_idle(self, table: TableHost, now: float) -> None:
        """Close ``table`` when nobody has been connected and nothing has happened there for the
        limits' ``idle_expire`` seconds (0: tables never expire). Its files go with it."""
        idle = self.limits.idle_expire
        code = table.code
        if idle <= 0 or self.clients.get(code) or now - self._active.get(code, now) < idle:
            return
        if code in self._flushers or code in self._savers:
            return  # its writes finish first
        log.warning("table %s closed: nobody there for %g s", code, idle)
        for tasks in (self._ai_tasks, self._clock_tasks):
            task = tasks.pop(code, None)
            if task is not None:
                task.cancel()
        for mapping in (self.tables, self.clients, self._active, self._turn_since, self._durable,
                        self._snapshot_at, self._held):
            mapping.pop(code, None)
        self._dirty.discard(code)
        log_file = self._journals.pop(code, None)
        if log_file is not None:
            log_file.close()
        path = self._path(table)
        if path is not None:
            for one in (path, journal.path_for(path)):
                with contextlib.suppress(OSError):
                    one.unlink()
        if self.on_change is not None:
            self.on_change()

    # ----- messages ---------------------------------------------------------------------------
    def _limited(self, address: str) -> bool:
        """True when ``address`` is held to the per-address rates (loopback is not, unless told)."""
        return self.cap_loopback or not _is_loopback(address)

    def _flooding(self, client: Client) -> bool:
        """True (and the message is refused) when ``client``'s address sends over its message
        rate; a connection refused ``FLOOD`` times in a row is closed."""
        if not self._limited(client.address) or self.messages.allow(client.address):
            client.floods = 0
            return False
        client.floods += 1
        wait = self.messages.wait(client.address)
        if client.floods >= FLOOD:
            client.send({"type": "bye", "reason": "net.reason.slow_down", "text": "too many messages: closing"})
            client.close(1008, "too many messages")
        elif client.floods == 1:
            self._tell(client, _refusal(Refused("net.reason.slow_down", f"too many messages: wait {wait} s",
                                                {"seconds": wait}), None))
        return True

    def _receive(self, client: Client, raw: str | bytes) -> None:
        """Answer one message; a refusal for anything wrong (the host never raises here)."""
        if self._flooding(client):
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
            self._tell(client, _refusal(error, None))
            return
        seq = data.get("seq")
        try:
            self._handle(client, data)
        except ProtocolError as error:
            self._tell(client, _refusal(error, seq))
        except Exception:  # a bug of ours: the client hears of it, the host goes on
            log.exception("a %s message broke the host", data.get("type"))
            self._tell(client, _refusal(ProtocolError("net.reason.host_error", "the host could not do that"), seq))

    def _handle(self, client: Client, data: dict[str, Any]) -> None:
        kind = data["type"]
        if kind == "hello":
            shown = self.listed() + self._private_named(client, data.get("code"))
            tables = [table.info() for table in shown if data.get("game") in (None, table.game_id)]
            self._tell(client, {"type": "tables", "host": self.name, "tables": tables})
        elif kind == "join":
            self._join(client, data)
        elif kind == "ping":
            self._tell(client, {"type": "pong", "seq": data["seq"]})
        elif kind == "stamp":
            self._stamp(client, data["stamp"])
        else:
            table = client.table
            if table is None:
                raise Refused("net.reason.not_joined", "join a table first")
            if table.seen(client.seat, data["seq"]):  # re-sent after a reconnect: applied before
                self._post(table, client, {"type": "ack", "seq": data["seq"]})
                return
            if kind == "act":
                events = table.act(client.seat, data["seq"], data["action"])
                self._update(table, events)
            else:
                table.undo(client.seat, data["seq"])
                self._sync(table)
            self._post(table, client, {"type": "ack", "seq": data["seq"]})
            self._active[table.code] = time.monotonic()
            self._after_change(table)

    def _stamp(self, client: Client, stamp: str) -> None:
        """Show a seated player's stamp to everyone at the table (a few per seat and window)."""
        table = client.table
        if table is None or client.seat < 0:
            raise Refused("net.reason.not_joined", "sit at a table to send a stamp")
        if stamp not in STAMPS:  # checked by the protocol already; never passed on otherwise
            raise Refused("net.reason.bad_stamp", "unknown stamp")
        if not self.stamps.allow(f"{client.address}/{table.code}/{client.seat}"):
            wait = self.stamps.wait(f"{client.address}/{table.code}/{client.seat}")
            raise Refused("net.reason.slow_down", f"too many stamps: wait {wait} s", {"seconds": wait})
        self._active[table.code] = time.monotonic()
        for other in self.clients.get(table.code, ()):
            self._post(table, other, {"type": "stamp", "seat": client.seat, "stamp": stamp})

    def _private_named(self, client: Client, code: str | None) -> list[TableHost]:
        """The private table ``code`` names (a wrong code counts as a guess; none while the
        address has used up its guesses)."""
        if not code:
            return []
        try:
            self.guesses.check(client.address)
        except Refused:
            return []
        table = self.tables.get(code.upper())
        if table is None:
            self.guesses.wrong(client.address)
            return []
        return [table] if table.private else []

    def _join(self, client: Client, data: dict[str, Any]) -> None:
        if client.table is not None:
            raise Refused("net.reason.already_joined", f"this connection already joined table {client.table.code}")
        if self._limited(client.address) and not self.joins.allow(client.address):
            wait = self.joins.wait(client.address)
            raise Refused("net.reason.slow_down", f"too many joins from this address: try again in {wait} s",
                          {"seconds": wait})
        self.guesses.check(client.address)
        table = self.tables.get(data["table"].upper())
        if table is None:
            self.guesses.wrong(client.address)
            raise Refused("net.reason.no_table", f"no table {data['table']} here", {"table": data["table"]})
        try:
            seat, token = table.join(data["seat"], data.get("token"), data["name"], data.get("claim"))
        except Refused as error:
            if error.reason == "net.reason.bad_token":
                self.guesses.wrong(client.address)
            raise
        client.table, client.seat = table, seat
        self._active[table.code] = time.monotonic()
        was_standin = seat in table.standins
        table.connect(seat)
        self.clients[table.code].add(client)
        self._post(table, client, {**table.welcome(seat, token), "clock": self.turn_clock})
        if seat >= 0:
            self._sync(table, but=client)
            self._after_change(table)
            if was_standin and table.code in self._ai_tasks:
                log.info("table %s: seat %s is back from the AI", table.code, seat)

    # ----- telling the table --------------------------------------------------------------------
    def _views(self, table: TableHost) -> Callable[[int], dict[str, Any]]:
        cache: dict[int, dict[str, Any]] = {}

        def view(seat: int) -> dict[str, Any]:
            if seat not in cache:
                cache[seat] = table.view(seat)
            return cache[seat]

        return view

    def _update(self, table: TableHost, events: list[Event]) -> None:
        """Every client of ``table``: the public events, then its own seat's view."""
        sent = [codec.encode(event) for event in events]
        view = self._views(table)
        for client in self.clients.get(table.code, ()):
            self._post(table, client, {"type": "update", "events": sent, "view": view(client.seat)})

    def _sync(self, table: TableHost, but: Client | None = None) -> None:
        """Every client of ``table`` (except ``but``): its view, to show without animating."""
        view = self._views(table)
        for client in self.clients.get(table.code, ()):
            if client is not but:
                self._post(table, client, {"type": "sync", "view": view(client.seat)})

    # ----- the write-ahead log: nothing is told before it is on the disk ------------------------------
    def _tell(self, client: Client, message: dict[str, Any]) -> None:
        """Send ``message`` to ``client`` behind what waits for its table's log (in order)."""
        if client.table is not None:
            self._post(client.table, client, message)
        else:
            client.send(message)

    def _post(self, table: TableHost, client: Client, message: dict[str, Any]) -> None:
        """Send ``message`` (about ``table``) to ``client`` once every change made so far is on
        the disk; at once when nothing waits (or the host keeps no files)."""
        held = self._held.get(table.code)
        if self.tables_dir is None or (not held and self._durable.get(table.code, 0) >= table.entries):
            client.send(message)
            return
        self._held.setdefault(table.code, []).append((table.entries, client, message))
        self._flush_soon(table)

    def _flush_soon(self, table: TableHost) -> None:
        """Write the table's new log entries soon (off the loop), then send what waited for them."""
        if self.tables_dir is None:
            table.journal.clear()
            return
        if table.code not in self._flushers and (table.journal or self._held.get(table.code)):
            self._flushers[table.code] = asyncio.get_running_loop().create_task(self._flusher(table))

    async def _flusher(self, table: TableHost) -> None:
        """Append the journal in batches (each synced), releasing held messages as they become safe."""
        code = table.code
        path = self._path(table)
        assert path is not None
        log_file = self._journals.setdefault(code, journal.Journal(journal.path_for(path)))
        try:
            while table.journal or self._held.get(code):
                batch, table.journal = table.journal, []
                if batch:
                    try:
                        await asyncio.to_thread(log_file.append, batch)
                    except OSError as error:  # a full disk, say: play goes on, as with the autosave
                        log.warning("table %s: the write-ahead log failed: %s", code, error)
                    self._durable[code] = batch[-1]["n"]
                self._release(table)
                if not batch:
                    break
        finally:
            self._flushers.pop(code, None)
            if table.match.is_over() and not table.journal:  # nothing more will be logged here
                self._journals.pop(code, log_file).close()
            if table.journal or self._held.get(code):  # more came while this one ended
                self._flush_soon(table)

    def _release(self, table: TableHost) -> None:
        """Send the held messages whose changes are on the disk, in order."""
        held = self._held.get(table.code)
        if not held:
            return
        durable = self._durable.get(table.code, 0)
        ready = 0
        while ready < len(held) and held[ready][0] <= durable:
            ready += 1
        for _, client, message in held[:ready]:
            client.send(message)
        del held[:ready]

    def _after_change(self, table: TableHost) -> None:
        """Log the table's changes (and now and then write its file) and let its AI seats play."""
        self._flush_soon(table)
        self._checkpoint(table)
        if table.ai_to_move() and table.code not in self._ai_tasks:
            self._ai_tasks[table.code] = asyncio.get_running_loop().create_task(self._drive_ai(table))

    async def _drive_ai(self, table: TableHost) -> None:
        """Play the table's AI seats while one of them is to move."""
        try:
            while seats := table.ai_to_move():
                if table.has_people() and self.ai_pause > 0:
                    await asyncio.sleep(self.ai_pause)
                    if not table.ai_to_move():
                        break
                seat = seats[0] if seats[0] in table.ai_to_move() else table.ai_to_move()[0]
                action = table.remembered(seat)
                pos = table.pos
                if action is None:
                    action = await self._decide(table.ai_request(seat))
                if table.pos != pos:
                    continue  # a person took a move back meanwhile: think again
                if seat not in table.ai_to_move():
                    continue
                try:
                    events = table.play_ai(seat, action)
                except (Refused, RulesError) as error:  # a remembered reply that no longer fits, say
                    log.error("table %s: the AI of seat %s was refused: %s", table.code, seat, error)
                    events = table.play_ai(seat, table.match.legal_actions(seat)[0])
                self._update(table, events)
                self._flush_soon(table)
                self._checkpoint(table)
        finally:
            self._ai_tasks.pop(table.code, None)

    async def _decide(self, request: AiRequest) -> Any:
        """The AI's action, computed off the loop (a process pool, or threads with workers=0)."""
        loop = asyncio.get_running_loop()
        if self.workers <= 0:
            return await loop.run_in_executor(None, decide, request)
        try:
            if self._executor is None:
                self._executor = _pool(self.workers)
            with _no_sigint():  # submitting may start a pool process (spawned by this thread)
                future = loop.run_in_executor(self._executor, decide, request)
            return await future
        except (BrokenExecutor, OSError, RuntimeError) as error:  # a pool that died or cannot start
            log.error("the AI pool failed (%s): deciding on a thread instead", error)
            broken, self._executor = self._executor, None
            if broken is not None:
                broken.shutdown(wait=False, cancel_futures=True)
            return await loop.run_in_executor(None, decide, request)

    # ----- autosave ----------------------------------------------------------------------------------
    def _checkpoint(self, table: TableHost) -> None:
        """Write the table's file when its log has grown by ``SNAPSHOT_EVERY`` entries since, or
        the match is over (the log makes every change durable; the file only shortens replays)."""
        if self.tables_dir is None:
            return
        if (table.entries - self._snapshot_at.get(table.code, -SNAPSHOT_EVERY) >= SNAPSHOT_EVERY
                or table.match.is_over()):
            self._snapshot_at[table.code] = table.entries
            self._save_soon(table)

    def _save_soon(self, table: TableHost) -> None:
        """Write the table soon, off the loop; writes of one table never overlap or reorder."""
        path = self._path(table)
        if path is None:
            return
        self._dirty.add(table.code)
        if table.code not in self._savers:
            self._savers[table.code] = asyncio.get_running_loop().create_task(self._saver(table, path))

    async def _saver(self, table: TableHost, path: Path) -> None:
        from game.core.storage import write_json_atomic

        try:
            while table.code in self._dirty:
                self._dirty.discard(table.code)
                data = table.to_json()  # taken on the loop: one consistent moment
                try:
                    await asyncio.to_thread(write_json_atomic, path, data)
                except (OSError, ValueError) as error:  # ValueError: a text that cannot be UTF-8
                    log.warning("table %s not saved: %s", table.code, error)
        finally:
            self._savers.pop(table.code, None)


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
