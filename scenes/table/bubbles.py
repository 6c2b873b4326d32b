"""The speech bubbles over a table (a part ``TableScene`` owns): ``SpeechBubbles``.

A bubble points at a seat or a piece ("Pass!", "Noaron!"); it is placed clear of the bubbles
already shown and of what must stay in sight (the buttons, the viewer's prompt and hand), and it
fades on the ambient animator, so it never holds up play. A panel waits for the bubbles being
read before it opens (``after_reading``).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from scenes.engine import anim
from scenes.engine.app import SIZE as SCREEN
from scenes.table.pieces import Bubble

BUBBLE_STEP = 24  # px a speech bubble moves to make room for another bubble or a button
BUBBLE_TRIES = 24  # enough to lift a bubble pointing into the viewer's strip out of it
BUBBLE_LIMIT = 2.5  # s a panel waits at most for a speech bubble to go


class SpeechBubbles:
    """The bubbles shown (``shown``: the table paints them) and where a new one goes."""

    def __init__(self, ambient: anim.Animator, keep_clear: Callable[[], list[pygame.Rect]]) -> None:
        self.ambient = ambient  # the bubbles fade here: it never gates event playback
        self.keep_clear = keep_clear  # what a bubble must never cover
        self.shown: list[Bubble] = []  # one list for the table's life (the table paints it)

    def show(self, text: str, tip: tuple[float, float], *, below: bool = False) -> None:
        """A speech bubble pointing at ``tip``; bubbles that have faded are forgotten."""
        bubble = Bubble(text, tip, below=below)
        self.shown[:] = [shown for shown in self.shown if shown.visible]
        make_room(bubble, [shown.rect() for shown in self.shown] + self.keep_clear())
        self.shown.append(bubble)
        self.ambient.add(bubble.show())

    def reading(self) -> bool:
        """True while a bubble is still shown (being read)."""
        return any(bubble.visible for bubble in self.shown)

    def after_reading(self, open_panel: Callable[[], None], pause: float) -> anim.Step:
        """A step that opens a panel after ``pause``, and never over a speech bubble still being
        read (a "Noaron!" call): it waits for the bubbles to go first (at most ``BUBBLE_LIMIT``)."""
        return anim.Sequence(anim.Wait(pause), anim.Until(lambda: not self.reading(), BUBBLE_LIMIT),
                             anim.Call(open_panel))


def make_room(bubble: Bubble, taken: list[pygame.Rect]) -> None:
    """Move ``bubble`` away from its tip (up, or down when it hangs below) in small steps until it
    covers nothing in ``taken``, and keep it on the screen."""
    away = 1 if bubble.below else -1
    for _ in range(BUBBLE_TRIES):
        rect = bubble.rect()
        if rect.collidelist(taken) < 0:
            break
        bubble.pos = (bubble.pos[0], bubble.pos[1] + away * BUBBLE_STEP)
    rect = bubble.rect()
    inside = rect.clamp(pygame.Rect((0, 0), SCREEN))
    bubble.pos = (bubble.pos[0] + inside.x - rect.x, bubble.pos[1] + inside.y - rect.y)
