"""Why each round ended, read off the public events a game's rules return (for ``simulate``).

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
from game.rules import neko, newold, noaron, nostalgic, wallpaper

Reader = Callable[[Event], "str | None"]


class _NekoReader:
    """A neko round ends with a ``RoundEnded`` that says why."""

    def __call__(self, event: Event) -> str | None:
        """The reason of a round that ``event`` ends, else None."""
        return event.why if isinstance(event, neko.RoundEnded) else None


_NEWOLD_LEFT = {"empty": "last_emptied", "stuck": "last_stuck"}  # Left.why -> the game's end reason


class _NewOldReader:
    """A NEW & OLD game ends when the last player leaves: remember how each one left."""

    def __init__(self) -> None:
        self.last_left = ""

    def __call__(self, event: Event) -> str | None:
        """The reason of a game that ``event`` ends, else None."""
        if isinstance(event, newold.Left):
            self.last_left = event.why
        elif isinstance(event, newold.GameScored):
            return _NEWOLD_LEFT.get(self.last_left, f"last_{self.last_left}")
        return None


class _NoaronReader:
    """A ノアロン round ends at the settlement that follows a declaration; the turns since the round
    began tell whether the house turn limit forced it."""

    def __init__(self) -> None:
        self.turn = 1

    def __call__(self, event: Event) -> str | None:
        """The reason of a round that ``event`` ends, else None."""
        if isinstance(event, noaron.RoundStarted):
            self.turn = 1
        elif isinstance(event, noaron.TurnPassed):
            self.turn += 1
        elif isinstance(event, noaron.Settled):
            if event.cuts[event.declarer].score == 0:
                return "zero_hand"
            return "turn_limit" if self.turn >= noaron.HOUSE_TURN_LIMIT else "declared"
        return None


def _nostalgic_reader() -> Reader:
    """A Nostalgic round ends when the dice are collected."""
    return lambda event: "dice_placed" if isinstance(event, nostalgic.DiceCollected) else None


def _wallpaper_reader() -> Reader:
    """A wallpaper round ends when the next round card turns, the last one at the final scoring."""
    return lambda event: (
        "turns_played" if isinstance(event, (wallpaper.RoundStarted, wallpaper.GameScored)) else None
    )


READERS: dict[str, Callable[[], Reader]] = {
    "neko": _NekoReader,
    "newold": _NewOldReader,
    "noaron": _NoaronReader,
    "nostalgic": _nostalgic_reader,
    "wallpaper": _wallpaper_reader,
}


class RoundEnds:
    """Counts, for one game played from its start, how its rounds ended."""

    def __init__(self, game_id: str) -> None:
        self.read = READERS[game_id]()
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
