"""Hot-seat at one screen (a part ``TableScene`` owns): ``HotSeat``.

With two or more people at one screen, a curtain goes up before another person's turn (their
hand hidden meanwhile: ``hand_hidden``), and once that person says they are ready the table is
rebuilt from their side. A match resumed with several people at the screen opens behind the
curtain: whoever sits there now must not see the face-up hand of the person to play.
"""

from __future__ import annotations

from typing import Protocol

from game.core.match import Match
from scenes.engine.app import App
from scenes.table.curtain import Curtain, pass_title, ready_subtitle


class HotSeatTable(Protocol):
    """What the hot-seat part uses from its table."""

    app: App
    match: Match
    humans: list[int]  # the seats of the people at this screen
    viewer: int
    curtain_up: bool
    hand_hidden: bool

    def idle(self) -> bool:
        """True when a turn may begin (nothing moves, no panel, no curtain)."""
        ...

    def ai_pending(self) -> bool:
        """True when an AI seat is to act and this table plays it."""
        ...

    def clear_selection(self) -> None:
        """Forget held or selected pieces at once."""
        ...

    def rebuild_for_viewer(self) -> None:
        """Re-seat everything for a new viewer and re-read the observation."""
        ...


class HotSeat:
    """Raises the curtain between the people at one screen (see the module docstring)."""

    def __init__(self, table: HotSeatTable) -> None:
        self.table = table

    def maybe_curtain(self) -> None:
        """With several people at one screen, cover the table before another person's turn."""
        table = self.table
        if len(table.humans) < 2 or not table.idle():
            return
        to_move = table.match.to_move()
        if table.viewer in to_move or table.ai_pending():
            return  # the person at the screen acts first; AI seats choose before anyone
        seat = next((seat for seat in to_move if table.match.seats[seat].is_human), -1)
        if seat >= 0:
            self.raise_curtain(seat)

    def cover_resumed(self) -> None:
        """A match resumed with several people here opens behind the curtain of the viewer's seat."""
        table = self.table
        if len(table.humans) > 1 and table.match.log and not table.match.is_over() and not table.curtain_up:
            self.raise_curtain(table.viewer)

    def raise_curtain(self, seat: int) -> None:
        """Cover the table until ``seat``'s person says they are ready (their hand hidden)."""
        table = self.table
        table.curtain_up = True
        table.hand_hidden = True
        table.clear_selection()
        curtain = Curtain(table.app, pass_title(seat, table.match.seats[seat]), ready_subtitle(),
                          lambda: self.switch_viewer(seat), seat=seat)
        # only the next person's pad lifts it (or a pad with no seat yet, which takes that seat)
        curtain.pad_gate = lambda: (table.match, seat, table.humans)
        table.app.push(curtain)

    def switch_viewer(self, seat: int) -> None:
        """The next person is ready: show the table from their side."""
        table = self.table
        table.viewer = seat
        table.curtain_up = False
        table.hand_hidden = False
        table.rebuild_for_viewer()
