"""A tiny asyncio websocket client for the LAN host tests: it records every frame it receives,
checks each with ``protocol.check_host``, and can play its seat with random legal actions."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from game.net.protocol import MAX_HOST_MESSAGE, check_host, dumps
from game.net.server import HostHandle, start_in_thread

TIMEOUT = 30.0  # seconds any one wait may take before the test fails (never reached when it works)


@contextmanager
def running_host(tables_dir: Path | None = None, **options: Any) -> Iterator[HostHandle]:
    """A host on a free localhost port (AI on threads, no pause, no mDNS unless asked)."""
    options.setdefault("workers", 0)
    options.setdefault("ai_pause", 0.0)
    handle = start_in_thread(port=0, tables_dir=tables_dir, advertise=False, host="127.0.0.1", **options)
    try:
        yield handle
    finally:
        handle.stop()


class TestClient:
    """One connection to the host; ``frames`` holds every raw message received, in order."""

    __test__ = False  # not a test class for pytest

    def __init__(self, port: int) -> None:
        self.uri = f"ws://127.0.0.1:{port}"
        self.ws: ClientConnection | None = None
        self.frames: list[bytes] = []
        self.seq = 0
        self.view: dict[str, Any] | None = None
        self.seat: int | None = None
        self.token: str | None = None

    async def open(self) -> TestClient:
        """Connect."""
        self.ws = await connect(self.uri, max_size=MAX_HOST_MESSAGE)
        return self

    async def close(self) -> None:
        """Disconnect."""
        if self.ws is not None:
            await self.ws.close()

    async def send(self, message: dict[str, Any] | str | bytes) -> None:
        """Send a message (a dict gets the protocol version) or raw text/bytes as they are."""
        assert self.ws is not None
        await self.ws.send(dumps(message) if isinstance(message, dict) else message)

    async def receive(self) -> dict[str, Any]:
        """The next message, recorded and checked as a client checks it."""
        assert self.ws is not None
        raw = await asyncio.wait_for(self.ws.recv(), TIMEOUT)
        self.frames.append(raw.encode() if isinstance(raw, str) else raw)
        message = check_host(raw)
        if message["type"] in ("welcome", "update", "sync"):
            self.view = message["view"]
        if message["type"] == "welcome":
            self.seat, self.token = message["seat"], message["token"]
        return message

    async def until(self, *kinds: str) -> dict[str, Any]:
        """Messages up to the first of one of ``kinds``."""
        while True:
            message = await self.receive()
            if message["type"] in kinds:
                return message

    async def join(self, table: str, seat: int, name: str = "P", token: str | None = None) -> dict[str, Any]:
        """Join and wait for the welcome (or a refusal / bye)."""
        message: dict[str, Any] = {"type": "join", "table": table, "seat": seat, "name": name}
        if token is not None:
            message["token"] = token
        await self.send(message)
        return await self.until("welcome", "refused", "bye")

    async def act(self, action: str) -> None:
        """Send an act with the next seq."""
        self.seq += 1
        await self.send({"type": "act", "seq": self.seq, "action": action})

    async def play(self, rng: random.Random, stop_at: int | None = None) -> None:
        """Play random legal actions for the seat until the match is over (or the table's log
        position reaches ``stop_at``); one act at a time, each answered before the next."""
        pending = False
        while True:
            view = self.view
            assert view is not None
            if view["over"] or (stop_at is not None and view["pos"] >= stop_at):
                return
            if view["legal"] and not pending:
                pending = True
                await self.act(rng.choice(view["legal"]))
            message = await self.receive()
            assert message["type"] != "refused", message
            if message["type"] == "ack" and message["seq"] == self.seq:
                pending = False
