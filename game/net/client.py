"""LAN client: ``RemoteMatch`` (a table's match that lives on a host) and the headless bot.

``RemoteMatch`` quacks like ``game.core.match.Match`` for the table scene. Its websocket runs in
a background thread with its own asyncio loop (``game.net.connection.Session``: join, keep the
seat, reconnect with back-off and the seat's token). What arrives waits in a thread-safe queue;
``poll()``, called by the table on the main thread every frame, is the only place the match's
fields change, and says what changed: ``("events", [Event, ...])`` to animate,
``("sync", None)`` to show the table as it now is without animation (a welcome after a
reconnect, an undo), or ``("seats", None)`` when only the seats' names or connections changed.

The host keeps the truth: a remote match holds only its seat's view (its observation, its legal
actions) and the public events. ``state`` is a token whose identity changes at every change (the
table's caches key on it), ``log`` has one opaque entry per change the client saw (its length is
the view's ``pos``), and ``seed`` is a public salt for visuals, never the game's seed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import random
import threading
from collections.abc import Sequence
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass, field
from typing import Any

from game.ai.base import DEFAULT_BUDGETS, decision_seed, make_agent
from game.core.errors import IllegalAction, RulesError
from game.core.events import Event
from game.core.match import LogEntry, Seat
from game.core.registry import get_rules
from game.net.connection import (
    ConnectionLost,
    JoinError,
    Listener,
    SeatLock,
    Session,
    View,
    afetch_tables,
    dumps_result,
    fetch_tables,
    join_error,
    load_token,
    parse_address,
    table_salt,
)
from game.net.protocol import SPECTATOR

__all__ = ["JoinError", "RemoteMatch", "fetch_tables", "parse_address", "play_bot", "run_bot"]

log = logging.getLogger("kotatsu.net.client")

ACK_WAIT = 0.5  # seconds ``apply`` waits for the host's ack (its events may follow in ``poll``)
ACT_WAIT = 60.0  # seconds a bot waits for one act's answer (re-sent across reconnects meanwhile)
RETRY_PAUSE = 0.2  # seconds a bot waits before deciding again after a refused or lost act
PICK_TRIES = 5  # seats a bot without --seat tries when others take them first
UNDO_WAIT = 2.0  # seconds ``take_back`` waits for the ack and the sync that shows it
RECONNECTING = "table.reason.reconnecting"  # why a move is refused while the connection is down


class RemoteMatch:
    """A match hosted elsewhere, seen from one seat (see the module docstring)."""

    remote = True  # the table scene turns its AI, autosave and records off for it

    def __init__(self, address: str, table: str, seat: int, name: str, token: str | None = None,
                 lock: SeatLock | None = None) -> None:
        self.address = parse_address(address)
        self._lock = lock  # this app's hold on the table's kept token (None: another client has it)
        self.join_code = table
        self.seat = seat
        self.name = name
        self.status = "connecting"
        self.closed_reason = ("", "")  # (catalogue key, plain line) once closed
        self.game_id = ""
        self.rules: Any = None
        self.seats: list[Seat] = []
        self.options: dict[str, Any] = {}
        self.seed = table_salt(table)
        self.state: object = object()
        self.log: list[LogEntry] = []
        self.events: list[Event] = []
        self.hints_used: list[int] = []
        self.view: View | None = None
        self.stamps: list[tuple[int, str, float]] = []  # (seat, stamp, when it came), the newest last
        self.turn_clock = 0.0  # the host's seconds a move (0: no clock), from the welcome
        self.turn_started = _now()  # when the table last changed here (the clock runs from it)
        self._inbox: queue.SimpleQueue[tuple[str, dict[str, Any]]] = queue.SimpleQueue()
        self._deferred: list[tuple[str, Any]] = []  # changes drained by apply/take_back for poll
        self._awaiting: Any = None  # the request whose answer is late (a future of the session's loop)
        self._session = Session(address, table, seat, name, token, self._inbox_put, keep_token=lock is not None)
        self._timeout = 5.0  # seconds to join (and to rejoin, each attempt)
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._thread_main, name=f"kotatsu-lan-{table}", daemon=True)

    # ----- connecting ---------------------------------------------------------------------------
    @classmethod
    def connect(cls, address: str, table: str, seat: int, name: str, token: str | None = None,
                timeout: float = 5.0) -> RemoteMatch:
        """Join ``table`` at ``address`` in ``seat`` (-1 watches) and return once welcomed; a
        token kept from an earlier visit to that table reclaims its seat. ``JoinError`` with
        one clear line otherwise."""
        seat_lock = SeatLock(parse_address(address), table)
        lock: SeatLock | None = seat_lock
        if not seat_lock.acquire():  # another client of this data folder sits at that table: not its token
            lock = None
        elif token is None:
            kept = load_token(parse_address(address), table)
            if kept is not None and kept[0] == seat:
                token = kept[1]
        match = cls(address, table, seat, name, token, lock)
        match._timeout = timeout
        match._thread.start()
        try:
            kind, message = match._inbox.get(timeout=timeout + 1.0)
        except queue.Empty:
            match.close()
            raise JoinError("net.reason.no_host", f"the host at {match.address} did not welcome us "
                                                  f"in {timeout:g} s") from None
        if kind != "welcome":  # the session's first word is its welcome or why it closed
            match.close()
            raise JoinError(message.get("reason") or "net.reason.no_host", message.get("text") or "no welcome")
        match._take(kind, message)  # the fields are set before the table is built
        return match

    def _thread_main(self) -> None:
        """The background thread: the session's loop until the session ends."""
        asyncio.set_event_loop(self._loop)
        with contextlib.suppress(Exception):
            self._loop.run_until_complete(self._session.run(self._timeout))
        self._loop.close()

    def _inbox_put(self, kind: str, message: dict[str, Any]) -> None:
        """The session's listener (on its loop): hand the message to the main thread."""
        self._inbox.put((kind, message))

    # ----- the main thread's view ---------------------------------------------------------------
    def poll(self) -> list[tuple[str, Any]]:
        """Take in what arrived (main thread, every frame): the changes, oldest first."""
        changes, self._deferred = self._deferred, []
        while True:
            try:
                kind, message = self._inbox.get_nowait()
            except queue.Empty:
                return changes
            change = self._take(kind, message)
            if change is not None:
                changes.append(change)

    def _take(self, kind: str, message: dict[str, Any]) -> tuple[str, Any] | None:
        """Apply one message to the fields; the change the table must show, if any."""
        if kind == "welcome":
            self.status = "connected"
            self._welcome(message)
            self._set_view(message["_view"], None)
            return ("sync", None)
        if kind == "sync":
            moved = self.view is None or message["_view"].pos != self.view.pos
            self._set_view(message["_view"], None)
            # the same position: only who sits or is connected changed, nothing to re-read
            return ("sync", None) if moved else ("seats", None)
        if kind == "update":
            events = message["_events"]
            self.events.extend(events)
            self._set_view(message["_view"], events)
            return ("events", events)
        if kind == "stamp":  # a player's quick reaction: shown by their seat, never free text
            self.stamps = [*self.stamps[-7:], (message["seat"], message["stamp"], _now())]
            return None
        if kind == "status":
            self.status = message["status"]
            if self.status == "closed":
                self.closed_reason = (message["reason"], message["text"])
        return None

    def _welcome(self, message: dict[str, Any]) -> None:
        """What a welcome says about the table (the first one, or after a reconnect)."""
        self.seat = message["seat"]
        self.game_id = message["game"]
        self.rules = get_rules(self.game_id)
        self.options = dict(message["options"])
        self.turn_clock = float(message.get("clock", 0))
        if len(self.hints_used) != message["players"]:
            self.hints_used = [0] * message["players"]

    def _set_view(self, view: View, events: list[Event] | None) -> None:
        """The table is now ``view``: new seats, a new state token, the log grown to its pos."""
        first_seat = self.view.to_move[0] if self.view is not None and len(self.view.to_move) == 1 else -1
        if self.view is None or view.pos != self.view.pos:
            self.turn_started = _now()
        self.view = view
        self.seats = [Seat(info.kind, info.level, info.name, hints=True) for info in view.seats]
        self.state = object()
        if events is not None and view.pos > len(self.log):
            # an update is one action: of the seat that was alone to move, when we know it
            self.log.append(LogEntry(_event_seat(events, first_seat), ""))
        self.log.extend(LogEntry(-1, "") for _ in range(view.pos - len(self.log)))
        del self.log[view.pos:]

    # ----- what the table asks --------------------------------------------------------------------
    @property
    def players(self) -> int:
        """Number of seats."""
        return len(self.seats)

    @property
    def connected(self) -> bool:
        """True while the connection to the host is up."""
        return self.status == "connected"

    def to_move(self) -> tuple[int, ...]:
        """Seats that must act now (as the host last said); not this seat while its move is on
        its way (sent, not yet answered: a second move would only be refused)."""
        if self.view is None:
            return ()
        if self._awaiting is not None and not self._awaiting.done():
            return tuple(seat for seat in self.view.to_move if seat != self.seat)
        return self.view.to_move

    def is_over(self) -> bool:
        """True once the host says the match has ended."""
        return self.view is not None and self.view.over

    def result(self) -> Any:
        """The final ``Result`` (the host sends it once the match is over)."""
        if self.view is None or self.view.result is None:
            raise RulesError("reason.not_over", "the match is not over")
        return self.view.result

    def legal_actions(self, seat: int) -> list[Any]:
        """This seat's legal actions now (none for another seat: only the host knows those)."""
        if self.view is None or seat != self.seat:
            return []
        return list(self.view.legal)

    def observe(self, seat: int) -> Any:
        """This seat's observation; the host sends no other seat's."""
        if self.view is None or seat not in (self.seat, SPECTATOR):
            raise RulesError("reason.not_yours", "a remote table shows only its own seat")
        return self.view.observation

    def can_take_back(self, seat: int) -> tuple[bool, str]:
        """Whether the host would take back this seat's last move now, and if not why."""
        if seat != self.seat or self.view is None:
            return False, "reason.take_back.not_yours"
        if not self.connected:
            return False, RECONNECTING
        allowed, reason = self.view.undo
        return allowed, "" if allowed else (reason or "reason.take_back.nothing")

    def can_undo(self, seat: int) -> bool:
        """True when the host allows this seat an undo now."""
        return self.can_take_back(seat)[0]

    def remembered_reply(self, seat: int) -> Any | None:
        """AI seats play on the host: nothing is remembered here."""
        return None

    # ----- acting ---------------------------------------------------------------------------------
    def apply(self, seat: int, action: Any) -> list[Event]:
        """Send ``action`` for this seat and wait up to ``ACK_WAIT`` for the host; ``IllegalAction``
        with the host's reason when refused. Returns the events that arrived meanwhile (later
        ones come through ``poll``)."""
        if seat != self.seat:
            raise IllegalAction("net.reason.not_your_seat", "a remote table acts only for its own seat")
        if not self.connected:
            raise IllegalAction(RECONNECTING, "the connection to the host is down")
        text = self.rules.encode_action(action)
        reply = self._request({"type": "act", "action": text}, ACK_WAIT)
        self._raise_refusal(reply)
        events: list[Event] = []
        for change in self.poll():
            if change[0] == "events":
                events.extend(change[1])
            else:
                self._deferred.append(change)
        if events and self.log:
            self.log[-1] = LogEntry(self.seat, "")  # the first update after our ack is our move
        return events

    def take_back(self, seat: int) -> list[LogEntry]:
        """Ask the host to take back this seat's last move and wait for the table it sends;
        ``RulesError`` with the host's reason when refused."""
        allowed, reason = self.can_take_back(seat)
        if not allowed:
            raise RulesError(reason, "that move cannot be taken back now")
        before = self.state
        reply = self._request({"type": "undo"}, UNDO_WAIT)
        self._raise_refusal(reply)
        self._drain_until(lambda: self.state is not before, UNDO_WAIT)
        return []

    def _request(self, message: dict[str, Any], wait: float) -> dict[str, Any] | None:
        """Send through the session's loop; its reply, or None when none came in ``wait``."""
        try:
            future = asyncio.run_coroutine_threadsafe(self._session.request(message), self._loop)
        except RuntimeError:  # the loop has ended: the session is closed
            raise IllegalAction("table.reason.host_closed", "this table is closed") from None
        try:
            return future.result(wait)
        except FutureTimeout:
            self._awaiting = future  # answered later (re-sent after a reconnect if need be)
            return None
        except ConnectionLost:
            raise IllegalAction(RECONNECTING, "the connection to the host was lost") from None

    @staticmethod
    def _raise_refusal(reply: dict[str, Any] | None) -> None:
        if reply is not None and reply["type"] == "refused":
            params = reply.get("params") or {}
            raise IllegalAction(reply["reason"], reply["text"], **{str(k): v for k, v in params.items()})

    def _drain_until(self, done: Any, wait: float) -> None:
        """Take in messages (kept for ``poll``) until ``done()`` or ``wait`` seconds have passed."""
        deadline = _now() + wait
        while True:
            self._deferred.extend(change for change in self.poll() if change[0] == "events")
            if done() or _now() >= deadline:
                return
            try:
                kind, message = self._inbox.get(timeout=max(0.0, deadline - _now()))
            except queue.Empty:
                return
            change = self._take(kind, message)
            if change is not None and change[0] == "events":
                self._deferred.append(change)

    def send_stamp(self, stamp: str) -> bool:
        """Send one of ``protocol.STAMPS`` from this seat (the host limits how often); False when
        it cannot go now (not seated, not connected, not a stamp)."""
        from game.net.protocol import STAMPS

        if stamp not in STAMPS or self.seat < 0 or not self.connected or self._loop.is_closed():
            return False
        try:
            asyncio.run_coroutine_threadsafe(self._session.send_once({"type": "stamp", "stamp": stamp}), self._loop)
        except RuntimeError:
            return False
        return True

    def clock_left(self) -> float | None:
        """Seconds left of this seat's move under the host's turn clock (counted from when this
        client saw the table change), or None without a clock or when it is not our move."""
        if self.turn_clock <= 0 or self.view is None or self.seat not in self.view.to_move or self.view.over:
            return None
        return max(0.0, self.turn_clock - (_now() - self.turn_started))

    def recent_stamps(self, shown: float) -> dict[int, str]:
        """Each seat's newest stamp of the last ``shown`` seconds (the bubbles to draw)."""
        now = _now()
        return {seat: stamp for seat, stamp, when in self.stamps if now - when < shown}

    def close(self) -> None:
        """Leave the table: close the connection and end the thread."""
        if self._loop.is_closed():
            return
        with contextlib.suppress(RuntimeError):
            self._loop.call_soon_threadsafe(self._session.stop)
        if self._thread.is_alive() and threading.current_thread() is not self._thread:
            self._thread.join(timeout=3.0)
        self.status = "closed"
        if self._lock is not None:
            self._lock.release()


def _event_seat(events: Sequence[Event], fallback: int) -> int:
    """The seat an update's first event names, else ``fallback``."""
    for event in events:
        seat = getattr(event, "seat", None)
        if isinstance(seat, int) and not isinstance(seat, bool):
            return seat
    return fallback


def _now() -> float:
    import time

    return time.monotonic()


# ----- the headless bot ----------------------------------------------------------------------------
@dataclass
class BotStats:
    """What a bot measured: every act's round trip (seconds) and what went wrong."""

    round_trips: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    actions: int = 0
    played: list[str] = field(default_factory=list)  # the acts the host acknowledged, in order


async def pick_seat(address: str, table: str | None, seat: int | None) -> tuple[str, int, SeatLock | None]:
    """The table and seat to join: as given, else the first table with a free person's seat
    (a seat kept in the tokens file first); ``JoinError`` when there is none. The lock is this
    process's hold on the table's kept token (None when another client of this data folder
    holds it: that client's seat is not taken from it, another free one is)."""
    uri = parse_address(address)
    if table is not None and seat is not None:
        return table, seat, _lock(uri, table)
    _, tables = await afetch_tables(uri, code=table)  # a private table is named by its code
    for info in tables:
        if table is not None and info["code"] != table:
            continue
        lock = _lock(uri, info["code"])
        kept = load_token(uri, info["code"]) if lock is not None else None
        if kept is not None and seat is None:
            return info["code"], kept[0], lock
        free = [index for index, s in enumerate(info["seats"]) if s["kind"] == "human" and not s["taken"]]
        if seat is not None:
            return info["code"], seat, lock
        if free and not info["over"]:
            return info["code"], free[0], lock
        if lock is not None:
            lock.release()
    if table is not None:
        raise join_error("net.reason.no_table" if not any(i["code"] == table for i in tables)
                         else "net.reason.seat_taken", f"table {table}")
    raise JoinError("net.reason.no_seat", f"no table at {uri} has a free seat")


def _lock(uri: str, table: str) -> SeatLock | None:
    lock = SeatLock(uri, table)
    return lock if lock.acquire() else None


async def play_bot(address: str, table: str, seat: int, level: str, name: str, *,
                   stats: BotStats | None = None, stop_at: float | None = None,
                   timeout: float = 5.0, keep_token: bool = True, think: float = 0.0,
                   token: str | None = None, witness: Listener | None = None) -> dict[str, Any]:
    """Play ``seat`` at ``table`` with the ``level`` agent to the end of the match (or until the
    loop's clock passes ``stop_at``); the result as plain data. ``JoinError`` when it cannot join.
    With ``keep_token`` the seat's token is read from and kept in the data folder, so a bot
    restarted after a crash reclaims its seat (a load test turns it off). About ``think`` seconds
    pass before each move (0.5 to 1.5 times it, drawn per move: a bot paced like a person).
    An act that is refused or lost is decided again on the newest view (never given up on).
    ``token`` reclaims the seat (else the one kept in the data folder); ``witness`` hears every
    host message the session hears (a test's record)."""
    stats = stats if stats is not None else BotStats()
    changed = asyncio.Event()
    kept = load_token(parse_address(address), table) if keep_token and token is None else None
    token = token if token is not None else kept[1] if kept is not None and kept[0] == seat else None

    def heard(kind: str, message: dict[str, Any]) -> None:
        if witness is not None:
            witness(kind, message)
        changed.set()

    session = Session(address, table, seat, name, token, heard, keep_token=keep_token, lazy=True)
    runner = asyncio.ensure_future(session.run(timeout))
    try:
        while session.joined is None:
            await asyncio.sleep(0)
        await session.joined
        agent = make_agent(session.game_id, level)
        budget = DEFAULT_BUDGETS.get(level, 0.0)
        salt = table_salt(table)
        acted_at = thought_at = -1  # the pos we last acted (thought) at: never twice on one view
        pace = random.Random(salt + seat)  # how long each pause is (public: nothing to hide)
        loop = asyncio.get_running_loop()
        while session.status != "closed":
            raw = session.raw_view  # who is to move, from the checked JSON: nothing to read back
            if raw is None or raw["over"] or (stop_at is not None and loop.time() >= stop_at):
                break
            if session.seat in raw["to_move"] and raw["legal"] and raw["pos"] != acted_at \
                    and session.status == "connected":
                if think > 0 and thought_at != raw["pos"]:
                    thought_at = raw["pos"]
                    # half to one and a half times ``think``: people do not move in lock-step
                    await asyncio.sleep(think * pace.uniform(0.5, 1.5))
                    continue  # the table may have changed meanwhile: decide on the newest view
                view = session.view
                assert view is not None
                rng = random.Random(decision_seed(salt, view.pos, session.seat))
                action = agent.choose(view.observation, list(view.legal), rng, budget)
                if await _act(session, get_rules(session.game_id).encode_action(action), stats):
                    acted_at = view.pos
                else:  # refused or lost: decide again on the newest view, after a breath
                    await asyncio.sleep(RETRY_PAUSE)
                continue
            changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(changed.wait(), 30.0)
        view = session.view
        if session.status == "closed" and (view is None or not view.over):
            stats.errors.append(f"closed: {session.closed[1]}")
        return _bot_result(session, stats)
    finally:
        session.stop()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(runner, 5.0)


async def _act(session: Session, text: str, stats: BotStats) -> bool:
    """Send one act and time its round trip; True once acknowledged. A refusal or a lost
    connection is counted (a stale act, overtaken by a reconnect, is only decided again)."""
    loop = asyncio.get_running_loop()
    started = loop.time()
    try:
        reply = await asyncio.wait_for(session.request({"type": "act", "action": text}), ACT_WAIT)
    except (ConnectionLost, TimeoutError) as error:
        stats.errors.append(f"act {text}: {type(error).__name__}")
        return False
    if reply["type"] == "refused":
        if reply["reason"] != "net.reason.stale":
            stats.errors.append(f"act {text}: refused {reply['reason']}")
        return False
    stats.round_trips.append(loop.time() - started)
    stats.actions += 1
    stats.played.append(text)
    return True


def _bot_result(session: Session, stats: BotStats) -> dict[str, Any]:
    """A bot's outcome: the table, its seat, the result once over, what it measured."""
    view = session.view
    data: dict[str, Any] = {
        "table": session.table, "seat": session.seat, "game": session.game_id,
        "over": bool(view is not None and view.over), "actions": stats.actions,
        "errors": len(stats.errors), "reconnects": session.reconnects,
    }
    if view is not None and view.over and view.result is not None:
        data.update(dumps_result(view.result))
    return data


def run_bot(address: str, table: str | None, seat: int | None, agent_level: str, name: str,
            think: float = 0.0) -> dict[str, Any]:
    """Play one seat to the end with a ``make_agent`` agent; the result dict (scores, ranks,
    winners). ``JoinError`` when it cannot join. Without ``seat`` a seat taken meanwhile (a
    bot started at the same moment) sends it to the next free one."""
    async def main() -> dict[str, Any]:
        for attempt in range(PICK_TRIES):
            code, chosen, lock = await pick_seat(address, table, seat)
            try:
                return await play_bot(address, code, chosen, agent_level, name, think=think,
                                      keep_token=lock is not None)
            except JoinError as error:
                if seat is not None or error.reason != "net.reason.seat_taken" or attempt == PICK_TRIES - 1:
                    raise
            finally:
                if lock is not None:
                    lock.release()
        raise AssertionError("unreachable")

    return asyncio.run(main())
