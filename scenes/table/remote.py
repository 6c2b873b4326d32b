"""A table whose match lives on a LAN host (a mixin of ``TableScene``).

The table scene is the same whether its match is local or a ``game.net.client.RemoteMatch``:
each frame ``update_remote`` takes in what the host sent. Events go to ``pending`` and are
animated as today; a sync (a welcome after a reconnect, an undo) finishes the animations and
re-reads the table from the observation, with nothing replayed; a change of the seats alone
(someone joined or dropped) only renames the plates and leaves the animations running. At a remote table the AI is off
(AI seats play on the host), the only person here is this client's seat (no hot-seat curtain),
and nothing is autosaved or recorded: the host keeps the truth. While the connection is down the
status banner says "Reconnecting…" and moves are refused with that reason.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeGuard

from game.i18n import t
from scenes.table.part import TablePart
from scenes.table.saver import NullSaver

if TYPE_CHECKING:
    from game.net.client import RemoteMatch

RECONNECTING_REASON = "table.reason.reconnecting"
STAMP_KEYS = {"1": "thumbs_up", "2": "nice", "3": "hmm", "4": "sorry"}  # game.net.protocol.STAMPS


def is_remote(match: object) -> TypeGuard[RemoteMatch]:
    """True for a match hosted elsewhere (``RemoteMatch``)."""
    return bool(getattr(match, "remote", False))


class RemoteSeat(TablePart):
    """The remote part of ``TableScene`` (it does nothing at a local table)."""

    def setup_remote(self, viewer: int | None) -> None:
        """At a remote table: this client's seat at the bottom, no AI, no curtain, no autosave."""
        if not is_remote(self.match):
            return
        seat = self.match.seat
        self.ai_enabled = False
        self.saver = NullSaver()
        self.humans = [seat] if seat >= 0 else []
        self.viewer = seat if viewer is None else viewer

    def update_remote(self) -> None:
        """Take in what the host sent since the last frame (see the module docstring)."""
        if not is_remote(self.match):
            return
        for kind, events in self.match.poll():
            if kind == "events":
                self.on_applied(events)
                self.pending.extend(events)
            elif kind == "seats":
                self._names.clear()  # a name typed on joining; the plates are read again
            else:
                self.animator.finish_all()
                self.ambient.finish_all()
                self.pending.clear()
                self.clear_selection()
                self.sync_from_observation()
                if self.match.is_over() and not self.finished and self.panel is None:
                    self.finish_match()  # over while we were away: no final event will come
            self.refresh_hints()

    def remote_refusal(self) -> str | None:
        """Why the viewer cannot act now because of the connection (a catalogue key), else None."""
        if is_remote(self.match) and self.match.status != "connected":
            return RECONNECTING_REASON if self.match.status != "closed" else "table.reason.host_closed"
        return None

    def remote_status(self) -> str:
        """The status banner's text while the connection is down, else ""."""
        if not is_remote(self.match) or self.finished:
            return ""
        if self.match.status == "connected":
            return self.standin_status()
        return t("table.status.host_closed" if self.match.status == "closed" else "table.status.reconnecting")

    def standin_status(self) -> str:
        """Who the AI plays for now (a person away longer than the table's patience), else ""."""
        view = getattr(self.match, "view", None)
        if view is None:
            return ""
        for seat in getattr(view, "to_move", ()):
            info = view.seats[seat] if seat < len(view.seats) else None
            if info is not None and getattr(info, "standin", None):
                return t("table.status.standin", player=info.name or str(seat + 1),
                         level=t(f"ui.level.{info.standin}"))
        return ""

    def remote_stamp_key(self, key: str) -> bool:
        """Keys 1 to 4 at a remote table send a stamp (a quick reaction, no free text); True when
        ``key`` was one."""
        if not is_remote(self.match) or key not in STAMP_KEYS or self.match.seat < 0:
            return False
        self.match.send_stamp(STAMP_KEYS[key])
        return True

    def leave_remote(self) -> None:
        """Leaving the table: leave the host's table too."""
        if is_remote(self.match):
            self.match.close()
