"""ノアロン's emblem on its title card (drawn, no image file), registered in ``__init__``."""

from __future__ import annotations

import pygame

from scenes.engine import theme


def draw_emblem(surface: pygame.Surface, center: tuple[int, int], ink: theme.Color) -> None:
    """The title card's picture: a row of six cards, three red then three black: a yaku, framed as the table frames it."""
    cx, cy = center
    width, height, gap = 34, 78, 6
    left = cx - (6 * width + 5 * gap) // 2
    for index in range(6):
        card = pygame.Rect(left + index * (width + gap), cy - height // 2, width, height)
        red = index < 3
        pygame.draw.rect(surface, theme.PAPER, card, border_radius=5)
        pygame.draw.rect(surface, ink, card, 2, border_radius=5)
        # colour AND shape: a red disc or a black diamond
        if red:
            pygame.draw.circle(surface, theme.ACCENT, card.center, 10)
        else:
            x, y = card.center
            pygame.draw.polygon(surface, ink, [(x, y - 13), (x + 9, y), (x, y + 13), (x - 9, y)])
    frame = pygame.Rect(left - 8, cy - height // 2 - 8, 6 * width + 5 * gap + 16, height + 16)
    pygame.draw.rect(surface, theme.GOLD, frame, 4, border_radius=9)
