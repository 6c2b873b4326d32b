"""Event playback at a table (a part ``TableScene`` owns): ``EventPlayback``.

Rules events wait in ``pending``; each is given to the handler the game registered for its type
(``event_handlers()``); a handler starts animations on the table's animator and the next event
starts only once they are done (at speed 0 everything finishes at once). At rest the pieces are
re-read from the observation when the game says they drifted (``needs_sync()``). A modal panel
stops playback; with nobody at the table it continues by itself after ``AUTO_CONTINUE``.
A handler that shows a run of like events together takes the rest of the run with
``take_following``.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from game.core.events import Event

if TYPE_CHECKING:
    from scenes.engine import anim
    from scenes.table.marks import MoveMarks
    from scenes.table.panel import ModalPanel

AUTO_CONTINUE = 3.5  # with nobody at the table, a panel closes itself after this long
MAX_EVENTS_AT_ONCE = 1000  # a guard: events started in one go (at speed 0 all of a match's)

E = TypeVar("E", bound=Event)


def take_following(pending: deque[Event], kind: type[E]) -> list[E]:
    """Pop the events of type ``kind`` waiting at the head of ``pending``, up to the first other
    one (a handler that animates a run of like events together, e.g. a deal, takes the rest)."""
    taken: list[E] = []
    while pending:
        head = pending[0]
        if not isinstance(head, kind):
            break
        pending.popleft()
        taken.append(head)
    return taken


class PlaybackTable(Protocol):
    """What playback uses from its table."""

    SETTING_OUT_EVENTS: tuple[type, ...]
    animator: anim.Animator
    panel: ModalPanel | None
    finished: bool
    humans: list[int]
    move_marks: MoveMarks

    def speed(self) -> float:
        """The animation speed factor now (0 = instant)."""
        ...

    def event_handlers(self) -> dict[type, Callable[[Any], None]]:
        """Event type -> the game's handler that animates it."""
        ...

    def needs_sync(self) -> bool:
        """At rest: True when the pieces differ from the observation."""
        ...

    def sync_from_observation(self) -> None:
        """Set every piece to the observation, without animation."""
        ...

    def continue_round(self) -> None:
        """Close the panel."""
        ...


class EventPlayback:
    """The events waiting to be shown, the one shown last, and whether a deal is being set out."""

    def __init__(self, table: PlaybackTable) -> None:
        self.table = table
        self.pending: deque[Event] = deque()
        self.playing: Event | None = None  # the event shown last (see ``TableScene.playback_text``)
        self.last_actor: int | None = None  # the seat of the latest event played that has one
        self.setting_out = False  # a set-out event has played and the table has not come to rest

    def pump(self) -> None:
        """Start queued events one after another as the previous animation ends."""
        table = self.table
        for _ in range(MAX_EVENTS_AT_ONCE):
            if not self.pending or table.animator.busy or table.panel is not None:
                break
            self.start_next()
            if table.speed() <= 0:
                table.animator.finish_all()
        at_rest = not self.pending and not table.animator.busy
        if at_rest:
            self.setting_out = False
        if at_rest and table.panel is None and not table.finished and table.needs_sync():
            table.sync_from_observation()

    def start_next(self) -> None:
        """Pop the next event and give it to its handler (events without one are skipped)."""
        table = self.table
        event = self.pending.popleft()
        self.playing = event
        if isinstance(event, table.SETTING_OUT_EVENTS):
            self.setting_out = True
            table.move_marks.clear()  # a new deal: the last round's marked moves are gone
        seat = getattr(event, "seat", None)
        if isinstance(seat, int) and not isinstance(seat, bool):
            self.last_actor = seat
        handler = table.event_handlers().get(type(event))
        if handler is not None:
            handler(event)

    def fast_forward(self) -> None:
        """Finish running animations and play queued events instantly, up to a panel."""
        table = self.table
        for _ in range(MAX_EVENTS_AT_ONCE):
            table.animator.finish_all()
            if not self.pending or table.panel is not None:
                break
            self.start_next()
        table.animator.finish_all()
        if not self.pending and not table.animator.busy and table.panel is None:
            table.sync_from_observation()

    def is_setting_out(self) -> bool:
        """True while a deal or the set-out of a round plays: a set-out event waits or has played
        and the table has not come to rest since."""
        kinds = self.table.SETTING_OUT_EVENTS
        return bool(kinds) and (self.setting_out or any(isinstance(event, kinds) for event in self.pending))

    def update_panel(self, dt: float) -> None:
        """With no person at the table, a panel continues by itself after a while."""
        table = self.table
        if table.panel is None or table.humans:
            return
        table.panel.waited += dt * table.speed()
        if table.speed() <= 0 or table.panel.waited >= AUTO_CONTINUE:
            table.continue_round()
