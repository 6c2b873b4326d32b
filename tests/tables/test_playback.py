"""Event playback's helper for handlers that show a run of like events together (``take_following``).

No table is built: the queue is a plain deque of rules events.
"""

from __future__ import annotations

from collections import deque

from game.core.events import Event
from game.rules.nostalgic import ChipsGiven, HandDealt, RowDealt
from scenes.table.playback import take_following


def test_take_following_takes_the_leading_run_and_leaves_the_rest() -> None:
    """The like events at the head go, in order; the first other one and all after it stay."""
    pending: deque[Event] = deque([HandDealt(1), HandDealt(2), RowDealt(0, "a"), HandDealt(3)])
    taken = take_following(pending, HandDealt)
    assert taken == [HandDealt(1), HandDealt(2)]
    assert list(pending) == [RowDealt(0, "a"), HandDealt(3)]


def test_take_following_takes_nothing_when_the_head_is_another_kind_or_nothing_waits() -> None:
    """A queue that starts with another kind, or an empty one, is left as it was."""
    pending: deque[Event] = deque([ChipsGiven(0, 1), HandDealt(0)])
    assert take_following(pending, HandDealt) == []
    assert list(pending) == [ChipsGiven(0, 1), HandDealt(0)]
    empty: deque[Event] = deque()
    assert take_following(empty, HandDealt) == []
