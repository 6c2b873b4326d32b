"""Events: small typed records that ``Rules.apply`` returns so the screen can animate them.

An event carries only public information (what every seat at the table saw happen). What is
private to one seat, such as the faces of the cards dealt to it, the screen reads from that seat's
observation instead, so an event list can be shown on a shared screen or logged without leaking.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, ClassVar


@dataclass(frozen=True, slots=True)
class Event:
    """Base of all events. ``kind`` names it; ``hides_undo`` marks events that end undo."""

    kind: ClassVar[str] = "event"
    # True when this event revealed hidden information or drew on chance (a shuffle, a deal, a
    # die): by the undo policy, nothing before it may be taken back.
    hides_undo: ClassVar[bool] = False

    def to_json(self) -> dict[str, Any]:
        """The event as a plain dict, with its kind, for logs and debugging."""
        data = asdict(self)
        data["kind"] = self.kind
        return data
