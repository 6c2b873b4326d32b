"""Why each round ended, read off the public events a game's rules return (for ``simulate``).
Each game's declaration gives its reader (``GameSpec.round_end``, in its rules module).

Every game names its own ways a round can end; the reasons are plain words that the tournament
report counts, e.g. ``{"emptied": 1181, "blocked": 19}`` for neko. A reader sees only events, the
public record of a game, so the same count could be made from a replay or a live table.

- neko: ``emptied`` (a player played out their hand and took the cat), ``blocked`` (nobody could
  play any more: the house stall breaker ends the round).
- NEW & OLD, one game of the match: it ends when every player has left; ``last_emptied`` when the
  last one left with an empty hand, ``last_stuck`` when no New card of theirs fitted.
- ノアロン: ``declared`` (a hand of 1 to 4 points, by choice), ``zero_hand`` (a 0-point hand must
  declare), ``turn_limit`` (the house limit forced a declaration).
- Nostalgic: ``dice_placed`` (every die is on the board).
- That Old Wallpaper: ``turns_played`` (a round is six turns, then the number cards are reshuffled
  or the game ends).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable

from game.core.events import Event
from game.core.registry import spec

Reader = Callable[[Event], "str | None"]


class RoundEnds:
    """Counts, for one game played from its start, how its rounds ended."""

    def __init__(self, game_id: str) -> None:
        self.read: Reader = spec(game_id).round_end()
        self.counts: Counter[str] = Counter()

    def feed(self, events: Iterable[Event]) -> None:
        """Count the rounds these events end."""
        for event in events:
            reason = self.read(event)
            if reason is not None:
                self.counts[reason] += 1


def merged(counts: Iterable[dict[str, int]]) -> dict[str, int]:
    """Several games' counts added up, the most frequent reason first."""
    total: Counter[str] = Counter()
    for count in counts:
        total.update(count)
    return dict(total.most_common())
