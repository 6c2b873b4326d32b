"""A websocket proxy for the fault-injection tests: it sits between clients and a host on
localhost and drops, delays and duplicates frames, and can cut every link at once.

Over TCP a frame is never lost while its connection lives, so a dropped frame takes its link
down with it (the client then reconnects, as after a Wi-Fi blip). A duplicated frame is sent
twice; a delayed one waits up to ``delay`` seconds (frames keep their order in each direction).
``figures`` counts what happened.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections import Counter
from typing import Any, Self

from websockets.asyncio.client import connect
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed


class _Cut(Exception):
    """A frame was dropped: its link goes down."""


def _abort(ws: Any) -> None:
    transport = getattr(ws, "transport", None)
    if transport is not None:
        transport.abort()


class FaultyProxy:
    """Clients connect to ``port``; each link is forwarded to ``upstream`` with faults."""

    def __init__(self, upstream: str, rng: random.Random, *, drop: float = 0.01, duplicate: float = 0.03,
                 delay: float = 0.005) -> None:
        self.upstream = upstream
        self.rng = rng
        self.drop = drop
        self.duplicate = duplicate
        self.delay = delay
        self.figures: Counter[str] = Counter()
        self.port = 0
        self._links: set[tuple[Any, Any]] = set()
        self._server: Any = None

    async def __aenter__(self) -> Self:
        self._server = await serve(self._link, "127.0.0.1", 0, max_size=None, compression=None,
                                   ping_interval=None)
        self.port = self._server.sockets[0].getsockname()[1]
        return self

    async def __aexit__(self, *exc: object) -> None:
        self.cut_all()
        self._server.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self._server.wait_closed(), 5.0)

    def cut_all(self) -> None:
        """Cut every link now, as a network that goes away for a moment."""
        for down, up in list(self._links):
            _abort(down)
            _abort(up)
        self.figures["cuts"] += 1

    async def _link(self, down: ServerConnection) -> None:
        try:
            up = await connect(self.upstream, max_size=None, compression=None, open_timeout=5,
                               ping_interval=None, proxy=None)
        except Exception:  # noqa: BLE001 - the host is down: the client will try again
            self.figures["refused"] += 1
            _abort(down)
            return
        link = (down, up)
        self._links.add(link)
        self.figures["links"] += 1
        pumps = [asyncio.create_task(self._pump(down, up, "up")), asyncio.create_task(self._pump(up, down, "down"))]
        try:
            await asyncio.wait(pumps, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for pump in pumps:
                pump.cancel()
            self._links.discard(link)
            _abort(down)
            _abort(up)

    async def _pump(self, source: Any, target: Any, direction: str) -> None:
        with contextlib.suppress(ConnectionClosed, _Cut, OSError):
            async for frame in source:
                if self.rng.random() < self.drop:
                    self.figures[f"dropped_{direction}"] += 1
                    raise _Cut
                if self.delay > 0:
                    await asyncio.sleep(self.rng.uniform(0, self.delay))
                await target.send(frame)
                self.figures[f"frames_{direction}"] += 1
                if self.rng.random() < self.duplicate:
                    await target.send(frame)
                    self.figures[f"duplicated_{direction}"] += 1
