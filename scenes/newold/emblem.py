"""NEW & OLD's emblem on its title card (drawn, no image file), registered in ``__init__``."""

from __future__ import annotations

import pygame

from scenes.engine import theme
from scenes.engine.ui import draw_text_centered


def draw_emblem(surface: pygame.Surface, center: tuple[int, int], ink: theme.Color) -> None:
    """The title card's picture: two cards, NEW and OLD, leaning on each other."""
    cx, cy = center
    for offset, word, fill in ((-34, "OLD", theme.PAPER_SHADE), (34, "NEW", theme.PAPER)):
        card = pygame.Rect(0, 0, 86, 122)
        card.center = (cx + offset, cy + (8 if offset < 0 else -6))
        pygame.draw.rect(surface, fill, card, border_radius=8)
        pygame.draw.rect(surface, ink, card, 3, border_radius=8)
        draw_text_centered(surface, word, theme.SMALL, ink, card.center, True)
