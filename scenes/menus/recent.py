"""Recent matches: the last finished matches (``game.core.recent``), newest first; choosing one
opens its review (``scenes.learning.review``). Reached from the title's "Recent matches" button."""

from __future__ import annotations

import time

import pygame

from game.core.recent import KEEP, RecentMatch, recent_matches
from game.i18n import t
from scenes.engine import theme
from scenes.engine.app import App
from scenes.engine.ui import (
    Button,
    MenuScene,
    clipped,
    draw_heading,
    draw_room,
    draw_text_centered,
    number_text,
)

ROWS_PER_COLUMN = 10
ROW = (840, 64)
ROW_GAP = 8
TOP = 230
COLUMNS_X = (100, 980)
BACK_RECT = pygame.Rect(810, 990, 300, theme.BUTTON_HEIGHT)


def row_text(entry: RecentMatch) -> str:
    """One kept match in a line: when, which game, how many played, the scores."""
    match = entry.match
    result = match.result()
    scores = " / ".join(number_text(score) for score in result.scores)
    return t("review.recent.row", when=time.strftime("%m/%d %H:%M", time.localtime(entry.finished)),
             game=t(f"game.{match.game_id}.title"), players=match.players, result=scores)


class RecentMatches(MenuScene):
    """The kept matches as a list of buttons, two columns of ten; Back to the title."""

    still_when_idle = True  # changes only on input (see MenuScene.frame_rate)

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.entries = recent_matches()
        self.rows = [self._row(index, entry) for index, entry in enumerate(self.entries)]
        self.back_button = Button(BACK_RECT, lambda: t("review.close"), self.back, style="secondary")
        self.group.set_widgets([*self.rows, self.back_button])
        self.group.focus_on(self.rows[0] if self.rows else self.back_button)

    def _row(self, index: int, entry: RecentMatch) -> Button:
        """The button of the ``index``-th newest match."""
        column, line = divmod(index, ROWS_PER_COLUMN)
        rect = pygame.Rect(COLUMNS_X[column], TOP + line * (ROW[1] + ROW_GAP), *ROW)
        text = clipped(row_text(entry), theme.TINY, ROW[0] - 40, bold=True)  # as the button draws it at least
        return Button(rect, text, lambda: self.open(entry), style="secondary")

    def open(self, entry: RecentMatch) -> None:
        """Look back at ``entry``."""
        from scenes.learning.review import ReviewScene

        self.app.push(ReviewScene(self.app, entry.match))

    def draw(self, surface: pygame.Surface) -> None:
        """The room, the heading and the rows (or a word that there are none yet)."""
        draw_room(surface)
        draw_heading(surface, t("review.recent.heading"), t("review.recent.subtitle", n=KEEP))
        if not self.rows:
            draw_text_centered(surface, t("review.recent.empty"), theme.BODY, theme.TEXT_DIM, (960, 520))
        self.group.draw(surface)
        self.toast.draw(surface)
