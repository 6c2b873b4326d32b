"""Who is at each hosted table and what they are told (``Audience``).

After every change each connected client of a table gets the public events and *its own seat's*
view (``update``), or only the view after a take-back or a seat change (``sync``). Every message
about a table waits for the changes it tells of to be on the disk (``write_ahead.WriteAhead``), so
each client hears of a table in order.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.core.events import Event
from game.net import codec
from game.net.host import TableHost
from game.net.peer import Client
from game.net.write_ahead import WriteAhead


def _views(table: TableHost) -> Callable[[int], dict[str, Any]]:
    """``table``'s view for a seat, made once per seat however many clients sit there."""
    cache: dict[int, dict[str, Any]] = {}

    def view(seat: int) -> dict[str, Any]:
        if seat not in cache:
            cache[seat] = table.view(seat)
        return cache[seat]

    return view


class Audience:
    """The connections at each table (by code), told through ``write_ahead``."""

    def __init__(self, write_ahead: WriteAhead) -> None:
        self.write_ahead = write_ahead
        self.clients: dict[str, set[Client]] = {}

    def opened(self, code: str) -> None:
        """Table ``code`` is open: nobody is there yet."""
        self.clients.setdefault(code, set())

    def forget(self, code: str) -> None:
        """Table ``code`` closed."""
        self.clients.pop(code, None)

    def anyone_at(self, code: str) -> bool:
        """True while a connection is at table ``code``."""
        return bool(self.clients.get(code))

    def add(self, client: Client) -> None:
        """``client`` joined its table (``client.table``)."""
        assert client.table is not None
        self.clients[client.table.code].add(client)

    def discard(self, client: Client, code: str) -> None:
        """``client`` is no longer at table ``code``."""
        self.clients[code].discard(client)

    def at_seat(self, code: str, seat: int) -> list[Client]:
        """The connections at ``seat`` of table ``code``."""
        return [client for client in self.clients.get(code, ()) if client.seat == seat]

    def post(self, table: TableHost, client: Client, message: dict[str, Any]) -> None:
        """Send ``message`` about ``table`` to ``client`` once the table's changes are on the disk."""
        self.write_ahead.post(table, client, message)

    def tell(self, client: Client, message: dict[str, Any]) -> None:
        """Send ``message`` to ``client`` behind what waits for its table's log (in order)."""
        if client.table is not None:
            self.post(client.table, client, message)
        else:
            client.send(message)

    def everyone(self, table: TableHost, message: dict[str, Any]) -> None:
        """Send ``message`` to every client of ``table``."""
        for client in self.clients.get(table.code, ()):
            self.post(table, client, message)

    def update(self, table: TableHost, events: list[Event]) -> None:
        """Every client of ``table``: the public events, then its own seat's view."""
        sent = [codec.encode(event) for event in events]
        view = _views(table)
        for client in self.clients.get(table.code, ()):
            self.post(table, client, {"type": "update", "events": sent, "view": view(client.seat)})

    def sync(self, table: TableHost, but: Client | None = None) -> None:
        """Every client of ``table`` (except ``but``): its view, to show without animating."""
        view = _views(table)
        for client in self.clients.get(table.code, ()):
            if client is not but:
                self.post(table, client, {"type": "sync", "view": view(client.seat)})
