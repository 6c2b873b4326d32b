"""A small on/off chip: one word that is filled and bold when on, plain and struck through when off.

Setup puts one on each person's seat row for their hints (``Seat.hints``): a segmented Off/On
switch would not fit beside the name and the seat's kind. On and off differ in fill, weight and a
strike line, not in colour alone. A tap, a click or Enter flips it (it is a ``Button`` whose
click flips it); a hidden chip (an AI seat) is neither drawn nor focusable.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from scenes.engine import theme
from scenes.engine.ui import Button, Flag, Label, draw_focus_ring, draw_text_centered, fit_size

PADDING = 12  # pixels between the chip's edge and its word


class ToggleChip(Button):
    """A one-word on/off switch, shown while ``shown`` (a flag or a callable read at draw time)."""

    def __init__(self, rect: pygame.Rect, label: Label, on: bool, on_change: Callable[[bool], None], *,
                 shown: Flag = True) -> None:
        super().__init__(rect, label, self.flip, enabled=shown, style="secondary")
        self.on = on
        self.on_change = on_change

    def flip(self) -> None:
        """On becomes off and off on; ``on_change`` hears the new state."""
        self.on = not self.on
        self.on_change(self.on)

    def draw(self, surface: pygame.Surface, focused: bool = False) -> None:
        """On: a filled chip with the word in bold; off: the bare track, the word struck through."""
        if not self.is_enabled:
            return
        radius = theme.BUTTON_RADIUS
        pygame.draw.rect(surface, theme.PAPER_SHADE, self.rect, border_radius=radius)
        text = self.text
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
