"""ねこは上にある's emblem on its title card (drawn, no image file), registered in ``__init__``."""

from __future__ import annotations

import pygame

from scenes.engine import theme


def draw_emblem(surface: pygame.Surface, center: tuple[int, int], ink: theme.Color) -> None:
    """The title card's picture: a cat sitting on top of a little stack of cards."""
    cx, cy = center
    for level in range(3):
        card = pygame.Rect(0, 0, 108, 22)
        card.center = (cx + (level - 1) * 4, cy + 58 - level * 16)
        pygame.draw.rect(surface, theme.PAPER, card, border_radius=5)
        pygame.draw.rect(surface, ink, card, 2, border_radius=5)
    head = (cx, cy - 10)
    pygame.draw.polygon(surface, ink, [(cx - 40, cy - 24), (cx - 34, cy - 66), (cx - 8, cy - 40)])
    pygame.draw.polygon(surface, ink, [(cx + 40, cy - 24), (cx + 34, cy - 66), (cx + 8, cy - 40)])
    pygame.draw.circle(surface, ink, head, 40)
    for side in (-1, 1):
        pygame.draw.ellipse(surface, theme.GOLD, (cx + side * 16 - 7, cy - 22, 14, 18))
        pygame.draw.line(surface, theme.PAPER_SHADE, (cx + side * 26, cy + 2), (cx + side * 58, cy - 4), 2)
        pygame.draw.line(surface, theme.PAPER_SHADE, (cx + side * 26, cy + 8), (cx + side * 58, cy + 10), 2)
    pygame.draw.polygon(surface, theme.ACCENT, [(cx - 6, cy - 2), (cx + 6, cy - 2), (cx, cy + 6)])
