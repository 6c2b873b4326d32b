"""That Old Wallpaper's emblem on its title card (drawn, no image file), registered in ``__init__``."""

from __future__ import annotations

import pygame

from scenes.engine import theme


def draw_emblem(surface: pygame.Surface, center: tuple[int, int], ink: theme.Color) -> None:
    """The title card's picture: three wallpaper swatches, each with its own pattern (not colour alone)."""
    cx, cy = center
    for index, colour in enumerate((theme.SEAT_COLORS[0], theme.SEAT_COLORS[1], theme.SEAT_COLORS[2])):
        swatch = pygame.Rect(cx - 96 + index * 66, cy - 60, 58, 120)
        pygame.draw.rect(surface, colour, swatch, border_radius=6)
        for step in range(6):
            y = swatch.y + 10 + step * 19
            if index == 0:
                pygame.draw.circle(surface, theme.PAPER, (swatch.centerx, y + 6), 5)
            elif index == 1:
                pygame.draw.line(surface, theme.PAPER, (swatch.x + 6, y), (swatch.right - 6, y + 12), 3)
            else:
                pygame.draw.rect(surface, theme.PAPER, (swatch.centerx - 5, y, 10, 10))
        pygame.draw.rect(surface, ink, swatch, 2, border_radius=6)
