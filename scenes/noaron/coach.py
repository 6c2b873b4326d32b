"""The one-time explanation of yaku and zatsu on the ノアロン table.

New players read the score card's "yaku 2 · zatsu 10" as noise. The first time a person's hand is
shown with its cut in a match (before any round was settled), a paper card on the felt says what
the gold frame, the corner pips and the score mean, with the same marks drawn beside each line. It
stays for the person's first turn (a click on it closes it sooner) and never comes back in that
match. It sits on the free felt between the deck and the piles, so no source or pile is covered.
"""

from __future__ import annotations

import pygame

from game.i18n import t
from game.rules.noaron import DECLARE_AT_MOST
from scenes.engine import fonts, theme
from scenes.noaron import art as cards_art
from scenes.table import art, labels

COACH_RECT = (496, 150, 292, 600)  # design space: between the deck (right edge ~490) and the piles (~790)
PADDING = 16
ICON_WIDTH = 44  # the mark drawn beside a line (the gold frame, a pip)
TITLE_SIZE = theme.SMALL
BODY_SIZE = theme.TINY


def coach_lines() -> list[tuple[str, str]]:
    """(mark, text) of the card's paragraphs: "yaku" (a gold frame), "zatsu" (a pip), "" (none)."""
    return [
        ("yaku", t("noaron_table.coach.yaku")),
        ("zatsu", t("noaron_table.coach.zatsu")),
        ("", t("noaron_table.coach.score", n=DECLARE_AT_MOST)),
    ]


def _icon(surface: pygame.Surface, mark: str, centre: tuple[int, int]) -> None:
    """The mark of a paragraph, as the hand shows it: a gold-framed band, or a "1" pip."""
    if mark == "yaku":
        rect = pygame.Rect(0, 0, ICON_WIDTH - 6, 28)
        rect.center = centre
        surface.blit(cards_art.band(rect.size, theme.GOLD, 90, 8), rect)
        surface.blit(cards_art.ring(rect.size, theme.GOLD, 3, 8), rect)
    elif mark == "zatsu":
        pygame.draw.circle(surface, theme.INK, centre, 16)
        pygame.draw.circle(surface, theme.PAPER, centre, 14)
        label = fonts.text("1", theme.SMALL - 4, theme.INK, True)
        surface.blit(label, label.get_rect(center=(centre[0], centre[1] + 1)))


def coach_card(width: int) -> pygame.Surface:
    """The explanation on paper, ``width`` wide (as tall as its words need), cached per language."""
    def make() -> pygame.Surface:
        text_width = width - 2 * PADDING - ICON_WIDTH
        title = t("noaron_table.coach.title")
        paragraphs = [(mark, fonts.wrap(text, BODY_SIZE, text_width)) for mark, text in coach_lines()]
        line = fonts.line_height(BODY_SIZE)
        close = t("noaron_table.coach.close")
        height = (PADDING + fonts.line_height(TITLE_SIZE) + 10 + sum(len(rows) * line + 12 for _, rows in paragraphs)
                  + fonts.line_height(BODY_SIZE) + PADDING)
        surface = pygame.Surface((width, height), pygame.SRCALPHA)
        pygame.draw.rect(surface, (*theme.PAPER, 246), surface.get_rect(), border_radius=18)
        pygame.draw.rect(surface, theme.GOLD, surface.get_rect().inflate(-8, -8), 2, border_radius=14)
        heading = fonts.text(title, TITLE_SIZE, theme.INK, True)
        surface.blit(heading, (PADDING, PADDING))
        y = PADDING + fonts.line_height(TITLE_SIZE) + 10
        for mark, rows in paragraphs:
            _icon(surface, mark, (PADDING + ICON_WIDTH // 2 - 2, y + line // 2))
            for row in rows:
                surface.blit(fonts.text(row, BODY_SIZE, theme.INK), (PADDING + ICON_WIDTH, y))
                y += line
            y += 12
        hint = fonts.text(close, BODY_SIZE, theme.INK_SOFT)
        surface.blit(hint, hint.get_rect(bottomright=(width - PADDING, height - PADDING + 4)))
        return art.ready(surface)

    return labels.cached(("noaron-coach", width, labels.lang()), make)
