"""The table's Undo button: it looks unavailable when nothing can be taken back, yet still takes
a press, so the table can say why (a toast) instead of ignoring the person."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from scenes.engine import theme
from scenes.engine.ui import (
    PRESS_SINK,
    Button,
    Flag,
    Label,
    draw_focus_ring,
    draw_text_centered,
    fit_size,
    resolve,
)


class ExplainedButton(Button):
    """A button whose ``available`` flag only changes its look: a press always runs ``on_click``,
    which explains a refusal when the action is not available."""

    def __init__(self, rect: pygame.Rect, label: Label, on_click: Callable[[], None], *,
                 available: Flag, style: str = "secondary") -> None:
        super().__init__(rect, label, on_click, style=style)
        self.available = available

    @property
    def is_available(self) -> bool:
        """True when a press would do the action (not only explain why not)."""
        return bool(resolve(self.available))

    def colors(self) -> tuple[theme.Color | None, theme.Color, theme.Color | None]:
        """The greyed look of a disabled button while unavailable, else the style's colours."""
        if not self.is_available:
            return theme.PAPER_SHADE, theme.INK_SOFT, None
        return super().colors()

    def draw(self, surface: pygame.Surface, focused: bool = False) -> None:
        """Unavailable: flat and grey (no shadow), sunk while pressed; else a normal button."""
        if self.is_available:
            super().draw(surface, focused)
            return
        fill, ink, _ = self.colors()
        rect = self.rect.move(0, PRESS_SINK if self.pressed else 0)
        pygame.draw.rect(surface, fill or theme.PAPER_SHADE, rect, border_radius=theme.BUTTON_RADIUS)
        size = fit_size(self.text, theme.BODY, rect.width - 32, bold=True)
        draw_text_centered(surface, self.text, size, ink, rect.center, bold=True)
        if focused:
            draw_focus_ring(surface, rect, theme.BUTTON_RADIUS)
