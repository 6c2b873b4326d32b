"""What the person at the bottom of the Nostalgic table chooses, holds and points at:
``NostalgicHold`` (one per table, ``table.hold``).

The input changes it; the effects take the die that was dropped, the paint reads the choice, the
focus and the hover for its glows, the table keeps it sensible as play goes on.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from scenes.nostalgic.sprites import DieDrag, DieSprite


@dataclass
class NostalgicHold:
    """The person's dice, focus and hover (see the module docstring)."""

    picked: list[int] = field(default_factory=list)  # the dice chosen (the last one is held for a balloon)
    focus_die: int | None = None  # the keys' die of the tray
    focus_balloon: str | None = None  # the keys' balloon (a die is held)
    focus_source: int | None = None  # the keys' card source in the card step (0-4 slots, the deck)
    hover_balloon: str | None = None  # what the pointer is over
    hover_source: int | None = None
    hover_die: int | None = None
    drag: DieDrag | None = None
    dropped: DieSprite | None = None  # the dragged die the rules accepted (it slides on from there)

    def held_die(self) -> int | None:
        """The die held for a balloon: the dragged one, else the last one chosen."""
        if self.drag is not None:
            return self.drag.die
        return self.picked[-1] if self.picked else None

    def toggle(self, die: int) -> None:
        """Choose ``die`` (it becomes the held one), or let it go when it is chosen already; the
        keys' focus goes to it either way."""
        if die in self.picked:
            self.picked.remove(die)
        else:
            self.picked.append(die)
        self.focus_die = die

    def hold(self, die: int) -> None:
        """``die`` is chosen and held (last of the chosen)."""
        if die in self.picked:
            self.picked.remove(die)
        self.picked.append(die)

    def anything_chosen(self) -> bool:
        """True when a die is dragged or chosen, or a balloon has the keys' focus (Esc has
        something to forget)."""
        return self.drag is not None or bool(self.picked) or self.focus_balloon is not None

    def forget_choice(self) -> None:
        """No die chosen, no balloon in focus."""
        self.picked = []
        self.focus_balloon = None

    def take_drag(self) -> DieDrag | None:
        """The pointer lets go: the drag it had (None if none); no balloon is hovered any more."""
        drag = self.drag
        self.drag = None
        self.hover_balloon = None
        return drag

    def take_dropped(self) -> DieSprite | None:
        """The dropped die, once (its slide into the balloon starts from it)."""
        sprite = self.dropped
        self.dropped = None
        return sprite

    def applied(self) -> None:
        """An action went through: a die dragged away becomes the dropped one; the choice and the
        balloon and source in focus are forgotten (the die in focus stays)."""
        if self.drag is not None and self.drag.moved and self.drag.sprite is not None:
            self.dropped = self.drag.sprite
        self.drag = None
        self.picked = []
        self.focus_balloon = None
        self.focus_source = None
        self.hover_balloon = None

    def keep_only(self, unplaced: set[int]) -> None:
        """Forget chosen and focused dice that are no longer in the tray (``unplaced``)."""
        self.picked = [die for die in self.picked if die in unplaced]
        if self.focus_die is not None and self.focus_die not in unplaced:
            self.focus_die = None
        if self.focus_balloon is not None and not self.picked:
            self.focus_balloon = None

    def clear(self) -> None:
        """Nothing chosen, focused, hovered or dragged (the dragged die's sprite is the table's to put back)."""
        self.drag = None
        self.picked = []
        self.focus_die = self.focus_balloon = self.focus_source = None
        self.hover_balloon = self.hover_source = self.hover_die = None
