"""What just happened: another seat's move stays marked on the table for a beat.

When an AI (or another person at a shared screen) plays a card, places a die or takes a row, the
table outlines where it landed in that seat's colour, with the seat's mark in the corner, once the
pieces have come to rest, for ``MARK_SECONDS``, fading out at the end. A seat's newer move
replaces its older mark. The viewer's own moves are not marked: they know what they did.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from scenes.table import labels
from scenes.ui import seat_color

MARK_SECONDS = 2.6  # how long a mark shows once the table is at rest (real time: it is for reading)
FADE_SECONDS = 0.6  # the last part of that, fading out
OUTLINE = 5  # pixels
PAD = 8  # pixels between the piece and its outline


@dataclass
class Mark:
    """One marked move: where, whose, and how long it has shown."""

    rect: pygame.Rect
    seat: int
    shown: float = 0.0

    @property
    def alpha(self) -> float:
        """1 while fully shown, falling to 0 over the fade."""
        left = MARK_SECONDS - self.shown
        return max(0.0, min(1.0, left / FADE_SECONDS))


class MoveMarks:
    """The marks on one table."""

    def __init__(self) -> None:
        self.marks: list[Mark] = []

    def add(self, rect: pygame.Rect, seat: int) -> None:
        """Mark ``rect`` as ``seat``'s latest move (its previous mark goes)."""
        self.marks = [mark for mark in self.marks if mark.seat != seat] + [Mark(pygame.Rect(rect), seat)]

    def clear(self) -> None:
        """Forget every mark (a new viewer, undo, a new round)."""
        self.marks.clear()

    def update(self, dt: float, at_rest: bool) -> None:
        """Age the marks while the table is at rest; drop those that have faded."""
        if not at_rest:
            return
        for mark in self.marks:
            mark.shown += dt
        self.marks = [mark for mark in self.marks if mark.shown < MARK_SECONDS]

    def visible(self, at_rest: bool) -> list[Mark]:
        """The marks to draw now (none while pieces are still moving)."""
        return list(self.marks) if at_rest else []

    def draw(self, surface: pygame.Surface, at_rest: bool) -> list[pygame.Rect]:
        """Paint the marks; return the areas painted (restored from the still layer next frame)."""
        painted = []
        for mark in self.visible(at_rest):
            painted.append(_draw_mark(surface, mark))
        return painted


def _draw_mark(surface: pygame.Surface, mark: Mark) -> pygame.Rect:
    """A rounded outline in the seat's colour (gently pulsing) and the seat's disc at its corner."""
    outline = mark.rect.inflate(2 * PAD, 2 * PAD)
    area = outline.inflate(2 * OUTLINE + 40, 2 * OUTLINE + 40)
    layer = pygame.Surface(area.size, pygame.SRCALPHA)
    local = outline.move(-area.x, -area.y)
    pulse = 0.75 + 0.25 * math.cos(mark.shown * 5.0)
    alpha = int(255 * mark.alpha * pulse)
    color = seat_color(mark.seat)
    pygame.draw.rect(layer, (*color, alpha // 3), local.inflate(2 * OUTLINE, 2 * OUTLINE), OUTLINE, border_radius=18)
    pygame.draw.rect(layer, (*color, alpha), local, OUTLINE, border_radius=14)
    disc = labels.owner_disc(mark.seat).copy()
    disc.set_alpha(int(255 * mark.alpha))
    layer.blit(disc, disc.get_rect(center=local.topleft))
    return surface.blit(layer, area.topleft)
