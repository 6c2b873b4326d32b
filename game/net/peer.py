"""One connection to the host, as the host sees it (``Client``): the table and seat it joined, and
what waits to be sent to it, in order, through its own queue bounded in bytes. A client that does
not read (its queue over ``MAX_OUTBOX`` bytes, or one message stuck for ``STALL`` seconds) is cut
off at once, not after its queue.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Any

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from game.net.host import TableHost
from game.net.protocol import SPECTATOR, dumps

log = logging.getLogger(__name__)

MAX_OUTBOX = 256 << 10  # bytes waiting for one client: past that it is too slow and is cut off (it reconnects)
STALL = 20.0  # seconds one message may wait for a client to read it (its pings wait as long)


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
