"""Nostalgic's emblem on its title card (drawn, no image file), registered in ``__init__``."""

from __future__ import annotations

import pygame

from scenes.engine import theme


def draw_emblem(surface: pygame.Surface, center: tuple[int, int], ink: theme.Color) -> None:
    """The title card's picture: a keepsake box with chips spilling out."""
    cx, cy = center
    box = pygame.Rect(cx - 70, cy - 10, 140, 70)
    pygame.draw.rect(surface, theme.WOOD_DARK, box, border_radius=8)
    pygame.draw.rect(surface, ink, box, 3, border_radius=8)
    lid = [(cx - 76, cy - 14), (cx + 60, cy - 54), (cx + 70, cy - 38), (cx - 66, cy + 2)]
    pygame.draw.polygon(surface, theme.WOOD, lid)
    pygame.draw.polygon(surface, ink, lid, 3)
    for dx, dy, colour in ((-90, 50, theme.GOLD), (88, 44, theme.ACCENT), (96, 14, theme.GOLD)):
        pygame.draw.circle(surface, colour, (cx + dx, cy + dy), 16)
        pygame.draw.circle(surface, ink, (cx + dx, cy + dy), 16, 2)
