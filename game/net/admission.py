"""Who may connect to the host, and how often they may ask (``Admission``).

Connections are capped per address and in total (refused before their handshake); joins,
messages and stamps are held to per-address rates (``internet.Limits``); wrong join codes and seat
tokens are counted per address (``Guesses``), so codes cannot be tried one after another. The
host's own loopback is not capped unless told (a LAN host's app connects to itself). On a public
host behind a local TLS proxy the client's address is read from ``X-Forwarded-For``: the limits
then hold per person, not for the proxy.
"""

from __future__ import annotations

import ipaddress
import logging
import time
from collections import deque
from collections.abc import Callable
from typing import Any

from websockets.asyncio.server import ServerConnection

from game.net import peer
from game.net.host import Refused
from game.net.internet import Limits, Rate
from game.net.peer import Client

log = logging.getLogger(__name__)

MAX_CONNECTIONS = 1024  # open connections in all
MAX_PER_ADDRESS = 32  # open connections from one address (the host's own loopback is not capped)
GUESSES = 10  # wrong join codes or seat tokens one address may send ...
GUESS_WINDOW = 60.0  # ... per this many seconds; more are refused unchecked
FLOOD = 20  # refused messages in a row after which a flooding connection is closed

Refuse = Callable[[Client, Refused], None]  # how the host tells a client it refused its message


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


def is_loopback(address: str) -> bool:
    """True for an address of this computer (IPv4 or IPv6 loopback, a zone index allowed)."""
    try:
        return ipaddress.ip_address(address.split("%", 1)[0]).is_loopback
    except ValueError:
        return False


def peer_address(ws: ServerConnection) -> str:
    """The address at the other end of ``ws`` ("" when the socket does not say)."""
    try:
        return str(ws.remote_address[0])
    except (TypeError, IndexError, AttributeError):
        return ""


class Admission:
    """The host's open connections and the limits they are held to (see the module docstring)."""

    def __init__(self, limits: Limits, public: bool) -> None:
        self.open_connections: dict[str, int] = {}  # address -> open connections
        self.connections: set[Client] = set()
        self.guesses = Guesses()
        self.apply(limits, public)

    def apply(self, limits: Limits, public: bool) -> None:
        """Hold connections to ``limits`` from now on (the rates start afresh); a ``public`` host
        reads a loopback peer's ``X-Forwarded-For`` (its local TLS proxy's)."""
        self.limits = limits
        self.public = public
        self.joins = Rate(limits.joins, 60.0)
        self.messages = Rate(limits.messages, limits.message_window)
        self.stamps = Rate(limits.stamps, limits.stamp_window)

    # ----- connections ----------------------------------------------------------------------------
    def address_of(self, ws: ServerConnection, request: Any = None) -> str:
        """The address a connection comes from. On a public host behind a local TLS proxy (the
        peer is loopback), the client's own address is the last one the proxy added to
        ``X-Forwarded-For``: the per-address limits then hold per person, not for the proxy."""
        address = peer_address(ws)
        if not self.public or not is_loopback(address):
            return address
        headers = getattr(request if request is not None else getattr(ws, "request", None), "headers", None)
        forwarded = headers.get("X-Forwarded-For", "") if headers is not None else ""
        last = forwarded.rsplit(",", 1)[-1].strip()
        try:
            return str(ipaddress.ip_address(last)) if last else address
        except ValueError:
            return address

    def admit(self, ws: ServerConnection, request: Any) -> Any:
        """Refuse a connection over the caps (in all, per address) before its handshake (the
        websockets server's ``process_request``: None lets it in)."""
        address = self.address_of(ws, request)
        total = sum(self.open_connections.values())
        capped = self.limits.cap_loopback or not is_loopback(address)
        if total >= self.limits.total or (capped and self.open_connections.get(address, 0) >= self.limits.per_address):
            log.warning("refusing a connection from %s: too many connections", address)
            return ws.respond(503, "too many connections\n")
        return None

    def opened(self, client: Client) -> None:
        """Count ``client``'s connection, now open."""
        self.open_connections[client.address] = self.open_connections.get(client.address, 0) + 1
        self.connections.add(client)

    def closed(self, client: Client) -> None:
        """Count ``client``'s connection out."""
        self.connections.discard(client)
        left = self.open_connections.get(client.address, 1) - 1
        if left > 0:
            self.open_connections[client.address] = left
        else:
            self.open_connections.pop(client.address, None)

    def tidy(self, now: float) -> None:
        """Cut off the clients stuck on one message for ``peer.STALL`` seconds (they miss their
        pings too) and forget the guesses and rates that are over."""
        for client in [c for c in self.connections if c.stalled(now)]:
            log.warning("a client of %s has not read for %g s: cutting it off",
                        client.table and client.table.code, peer.STALL)
            client.drop()
        self.guesses.forget_old(now)
        for rate in (self.joins, self.messages, self.stamps):
            rate.forget_old(now)

    # ----- rates ---------------------------------------------------------------------------------
    def limited(self, address: str) -> bool:
        """True when ``address`` is held to the per-address rates (loopback is not, unless told)."""
        return self.limits.cap_loopback or not is_loopback(address)

    def flooding(self, client: Client, refuse: Refuse) -> bool:
        """True (and the message is refused) when ``client``'s address sends over its message
        rate: the first refusal in a row is told (``refuse``); a connection refused ``FLOOD``
        times in a row is closed."""
        if not self.limited(client.address) or self.messages.allow(client.address):
            client.floods = 0
            return False
        client.floods += 1
        wait = self.messages.wait(client.address)
        if client.floods >= FLOOD:
            client.send({"type": "bye", "reason": "net.reason.slow_down", "text": "too many messages: closing"})
            client.close(1008, "too many messages")
        elif client.floods == 1:
            refuse(client, Refused("net.reason.slow_down", f"too many messages: wait {wait} s", {"seconds": wait}))
        return True

    def check_join(self, address: str) -> None:
        """``Refused`` (slow_down) when ``address`` joins too often or has used up its guesses."""
        if self.limited(address) and not self.joins.allow(address):
            wait = self.joins.wait(address)
            raise Refused("net.reason.slow_down", f"too many joins from this address: try again in {wait} s",
                          {"seconds": wait})
        self.guesses.check(address)

    def check_stamp(self, client: Client, code: str) -> None:
        """``Refused`` (slow_down) when ``client``'s seat at table ``code`` stamps too often."""
        key = f"{client.address}/{code}/{client.seat}"
        if not self.stamps.allow(key):
            wait = self.stamps.wait(key)
            raise Refused("net.reason.slow_down", f"too many stamps: wait {wait} s", {"seconds": wait})
