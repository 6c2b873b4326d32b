"""What just happened: another seat's move stays marked on the table for a beat.

When an AI (or another person at a shared screen) plays a card, places a die or takes a row, the
table outlines where it landed in that seat's colour, with the seat's mark in the corner, once the
pieces have come to rest. The outline pulses for ``PULSE_SECONDS`` to draw the eye, then stays
still. With a person at the table every seat's latest move stays marked until that person acts
(two AIs in a row must not wipe the first one's mark before anyone could look); at a table of AIs
only, a mark fades out after ``MARK_SECONDS``. A seat's newer move replaces its older mark. The
viewer's own moves are not marked: they know what they did.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from scenes.engine.ui import seat_color
from scenes.table import labels

MARK_SECONDS = 2.6  # how long a mark shows at a table of AIs only, once at rest (real time: it is for reading)
FADE_SECONDS = 0.6  # the last part of that, fading out
PULSE_SECONDS = MARK_SECONDS - FADE_SECONDS  # the outline pulses this long, then holds still
PULSE_PERIOD = PULSE_SECONDS / 2  # two whole pulses, so the pulse ends at full strength
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

    @property
    def pulse(self) -> float:
        """The outline's strength: pulsing between 0.5 and 1 at first, then a still 1."""
        if self.shown >= PULSE_SECONDS:
            return 1.0
        return 0.75 + 0.25 * math.cos(self.shown * 2 * math.pi / PULSE_PERIOD)


class MoveMarks:
    """The marks on one table."""

    def __init__(self) -> None:
        self.marks: list[Mark] = []
        self.held = False  # the last update held the marks (a person at the table: see ``update``)

    def add(self, rect: pygame.Rect, seat: int) -> None:
        """Mark ``rect`` as ``seat``'s latest move (its previous mark goes)."""
        self.marks = [mark for mark in self.marks if mark.seat != seat] + [Mark(pygame.Rect(rect), seat)]

    def clear(self) -> None:
        """Forget every mark (a new viewer, undo, a new round)."""
        self.marks.clear()

    def update(self, dt: float, at_rest: bool, hold: bool = False) -> None:
        """Age the marks while the table is at rest; drop those that have faded. With ``hold``
        (a person is at the table and has not acted since) a mark stops ageing once its pulse
        is over, and stays until ``clear``."""
        self.held = hold
        if not at_rest:
            return
        for mark in self.marks:
            mark.shown += dt
            if hold:
                mark.shown = min(mark.shown, PULSE_SECONDS)
        self.marks = [mark for mark in self.marks if mark.shown < MARK_SECONDS]

    def changing(self, at_rest: bool) -> bool:
        """True while a visible mark changes by itself: pulsing, or fading at a table of AIs only
        (a held mark that has stopped pulsing is still: the table need not draw frames for it)."""
        return at_rest and any(mark.shown < PULSE_SECONDS or not self.held for mark in self.marks)

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
    alpha = int(255 * mark.alpha * mark.pulse)
    color = seat_color(mark.seat)
    pygame.draw.rect(layer, (*color, alpha // 3), local.inflate(2 * OUTLINE, 2 * OUTLINE), OUTLINE, border_radius=18)
    pygame.draw.rect(layer, (*color, alpha), local, OUTLINE, border_radius=14)
    disc = labels.owner_disc(mark.seat).copy()
    disc.set_alpha(int(255 * mark.alpha))
    layer.blit(disc, disc.get_rect(center=local.topleft))
    return surface.blit(layer, area.topleft)
