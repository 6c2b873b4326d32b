"""A small on/off chip: one word that is filled and bold when on, plain and struck through when off.

Setup puts one on each person's seat row for their hints (``Seat.hints``): a segmented Off/On
switch would not fit beside the name and the seat's kind. On and off differ in fill, weight and a
strike line, not in colour alone. A tap, a click or Enter flips it; a hidden chip (an AI seat) is
neither drawn nor focusable.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from scenes import theme
from scenes.ui import Flag, Label, draw_focus_ring, draw_text_centered, fit_size, resolve

PADDING = 12  # pixels between the chip's edge and its word


class ToggleChip:
    """A one-word on/off switch; ``label`` and ``shown`` may be callables, read at draw time."""

    def __init__(self, rect: pygame.Rect, label: Label, on: bool, on_change: Callable[[bool], None], *,
                 shown: Flag = True) -> None:
        self.rect = pygame.Rect(rect)
        self.label = label
        self.on = on
        self.on_change = on_change
        self.shown = shown
        self.pressed = False
        self.hovered = False

    @property
    def is_enabled(self) -> bool:
        """True when the chip is shown (a ``FocusGroup`` skips it otherwise)."""
        return bool(resolve(self.shown))

    def contains(self, pos: tuple[int, int]) -> bool:
        """True when ``pos`` is on the chip."""
        return self.rect.collidepoint(pos)

    def activate(self) -> None:
        """Flip the chip and say so."""
        if not self.is_enabled:
            return
        self.on = not self.on
        self.on_change(self.on)

    def draw(self, surface: pygame.Surface, focused: bool = False) -> None:
        """On: a filled chip with the word in bold; off: the bare track, the word struck through."""
        if not self.is_enabled:
            return
        radius = theme.BUTTON_RADIUS
        pygame.draw.rect(surface, theme.PAPER_SHADE, self.rect, border_radius=radius)
        text = str(resolve(self.label))
        size = fit_size(text, theme.SMALL + 2, self.rect.width - 2 * PADDING, bold=self.on)
        if self.on:
            pygame.draw.rect(surface, theme.FUTON, self.rect.inflate(-8, -8), border_radius=radius - 4)
            draw_text_centered(surface, text, size, theme.TEXT, self.rect.center, bold=True)
        else:
            where = draw_text_centered(surface, text, size, theme.INK_SOFT, self.rect.center)
            pygame.draw.line(surface, theme.INK_SOFT, (where.x - 4, where.centery + 1),
                             (where.right + 4, where.centery + 1), 2)
        if focused:
            draw_focus_ring(surface, self.rect, radius)
