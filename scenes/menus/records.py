"""Records: pick a profile (a name typed at a seat in the setup) and see, per game and AI level,
its games, wins, draws, win share, best score and streak, with the last ten results as bars (gold
for a win, outlined in gold for a draw, taller for more points). Keyboard and touch: the profiles
are buttons on the left; Previous/Next page through a long list of figures; Esc or Back returns."""

from __future__ import annotations

import pygame

from game.core.recent import has_recent
from game.core.records import PEOPLE, RECENT, Figures, Records
from game.i18n import t
from scenes.engine import fonts, theme
from scenes.engine.app import App
from scenes.engine.ui import (
    Button,
    MenuScene,
    clipped,
    draw_heading,
    draw_panel,
    draw_room,
    draw_text_centered,
    fit_size,
    mix,
    number_text,
)

PANEL = pygame.Rect(90, 150, 1740, 770)
PROFILE_LIST = pygame.Rect(PANEL.x + 40, PANEL.y + 40, 320, PANEL.height - 80)
PROFILE_GAP = 12
MAX_PROFILES = 7  # buttons that fit the list (the names last used)
FIGURES = pygame.Rect(PROFILE_LIST.right + 40, PANEL.y + 30, PANEL.right - PROFILE_LIST.right - 80, PANEL.height - 60)
HEADER = 70  # px of the column names
ROW = 84  # px per game and level
ROWS_PER_PAGE = (FIGURES.height - HEADER - 20) // ROW
# columns of the figures, as (catalogue key of the heading, width); the first holds game and level
COLUMNS = (("records.game", 340), ("records.games", 110), ("records.wins", 110), ("records.draws", 90),
           ("records.share", 140),
           ("records.best", 120), ("records.streak", 110), ("records.recent", 0))
BAR_WIDTH, BAR_GAP, BAR_HEIGHT = 20, 7, 52


def level_text(level: str) -> str:
    """ "against Hard AI", "People only"... for a records level."""
    return t("records.level.people") if level == PEOPLE else t("records.against", level=t(f"ui.level.{level}"))


def share_text(share: float) -> str:
    """A win share as a whole percentage."""
    return f"{round(share * 100)}%"


class RecordsScene(MenuScene):
    """The records screen (from the title)."""

    still_when_idle = True  # changes only on input (see MenuScene.frame_rate)

    def __init__(self, app: App, records: Records | None = None) -> None:
        super().__init__(app)
        self.records = records if records is not None else Records()
        self.names = self.records.profiles()[:MAX_PROFILES]
        self.chosen = self.names[0] if self.names else ""
        self.figures: list[Figures] = self.records.figures(self.chosen) if self.chosen else []
        self.page = 0
        self.profile_buttons = [self._profile_button(index, name) for index, name in enumerate(self.names)]
        bottom = PANEL.bottom + 40
        self.back_button = Button(pygame.Rect(PANEL.x, bottom, 300, theme.BUTTON_HEIGHT), lambda: t("ui.back"),
                                  self.back, style="secondary")
        self.prev_button = Button(pygame.Rect(PANEL.right - 640, bottom, 300, theme.BUTTON_HEIGHT),
                                  lambda: t("records.previous"), lambda: self.turn(-1), enabled=self._has_prev,
                                  style="secondary")
        self.next_button = Button(pygame.Rect(PANEL.right - 300, bottom, 300, theme.BUTTON_HEIGHT),
                                  lambda: t("records.next"), lambda: self.turn(1), enabled=self._has_next,
                                  style="secondary")
        # the finished matches kept for a look back (scenes.menus.recent), once there are any
        self.recent_button = Button(pygame.Rect(PANEL.x + 340, bottom, 420, theme.BUTTON_HEIGHT),
                                    lambda: t("review.recent.heading"), self.open_recent, style="secondary")
        paging = [self.prev_button, self.next_button] if len(self.figures) > ROWS_PER_PAGE else []
        recent = [self.recent_button] if has_recent() else []
        self.group.set_widgets([*self.profile_buttons, *recent, *paging, self.back_button])
        if self.records.warning:
            self.toast.show(t("records.kept_aside", name=self.records.aside or "?"), 6.0)

    def open_recent(self) -> None:
        """The recent finished matches, to look back at one."""
        from scenes.menus.recent import RecentMatches

        self.app.push(RecentMatches(self.app))

    def _profile_button(self, index: int, name: str) -> Button:
        """A profile's button in the list: filled when it is the one shown."""
        rect = pygame.Rect(PROFILE_LIST.x, PROFILE_LIST.y + index * (theme.BUTTON_HEIGHT + PROFILE_GAP),
                           PROFILE_LIST.width, theme.BUTTON_HEIGHT)
        return Button(rect, clipped(name, theme.BODY, rect.width - 32, True), lambda: self.choose(name),
                      style="secondary")

    # ----- actions ----------------------------------------------------------------------------
    def choose(self, name: str) -> None:
        """Show ``name``'s figures from their first page."""
        self.chosen, self.page = name, 0
        self.figures = self.records.figures(name)
        paging = [self.prev_button, self.next_button] if len(self.figures) > ROWS_PER_PAGE else []
        focused = self.group.focused
        self.group.set_widgets([*self.profile_buttons, *paging, self.back_button])
        self.group.focus_on(focused)

    def turn(self, step: int) -> None:
        """The previous or next page of figures."""
        pages = max(1, -(-len(self.figures) // ROWS_PER_PAGE))
        self.page = max(0, min(pages - 1, self.page + step))

    def _has_prev(self) -> bool:
        return self.page > 0

    def _has_next(self) -> bool:
        return (self.page + 1) * ROWS_PER_PAGE < len(self.figures)

    # ----- drawing ----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Room, heading, the panel with the profiles and the chosen one's figures, buttons."""
        draw_room(surface)
        draw_heading(surface, t("records.heading"), top=40)
        draw_panel(surface, PANEL, theme.PAPER, radius=28)
        for button in self.profile_buttons:
            button.style = "primary" if self._is_chosen(button) else "secondary"
        if not self.names:
            self._draw_lines(surface, t("records.none"), PANEL)
        else:
            pygame.draw.line(surface, theme.PAPER_SHADE, (PROFILE_LIST.right + 20, PANEL.y + 30),
                             (PROFILE_LIST.right + 20, PANEL.bottom - 30), 2)
            self._draw_figures(surface)
        self.group.draw(surface)
        self.toast.draw(surface)

    def _is_chosen(self, button: Button) -> bool:
        """True for the button of the profile shown."""
        return self.names[self.profile_buttons.index(button)] == self.chosen

    @staticmethod
    def _draw_lines(surface: pygame.Surface, text: str, area: pygame.Rect) -> None:
        """``text`` wrapped and centred in ``area``."""
        lines = fonts.wrap(text, theme.BODY, area.width - 200)
        height = fonts.line_height(theme.BODY)
        top = area.centery - height * len(lines) // 2
        for number, line in enumerate(lines):
            draw_text_centered(surface, line, theme.BODY, theme.INK, (area.centerx, top + height * number + height // 2))

    def _draw_figures(self, surface: pygame.Surface) -> None:
        """The header and one row per game and level of this page."""
        if not self.figures:
            self._draw_lines(surface, t("records.no_games", name=self.chosen), FIGURES)
            return
        x = FIGURES.x
        for key, width in COLUMNS:
            width = width or FIGURES.right - x
            text = t(key)
            size = fit_size(text, theme.SMALL, width - 12, bold=True, smallest=theme.LEAST)
            image = fonts.text(clipped(text, size, width - 12, True), size, theme.INK_SOFT, True)
            surface.blit(image, image.get_rect(midleft=(x, FIGURES.y + HEADER // 2)))
            x += width
        rows = self.figures[self.page * ROWS_PER_PAGE:(self.page + 1) * ROWS_PER_PAGE]
        for number, figures in enumerate(rows):
            top = FIGURES.y + HEADER + number * ROW
            pygame.draw.line(surface, theme.PAPER_SHADE, (FIGURES.x, top), (FIGURES.right, top), 2)
            self._draw_row(surface, figures, pygame.Rect(FIGURES.x, top, FIGURES.width, ROW))

    def _draw_row(self, surface: pygame.Surface, figures: Figures, rect: pygame.Rect) -> None:
        """One game at one level: names, figures, and the bars of the recent results."""
        first = COLUMNS[0][1] - 16
        game = t(f"game.{figures.game}.title")
        size = fit_size(game, theme.BODY, first, bold=True, smallest=theme.SMALL)
        image = fonts.text(clipped(game, size, first, True), size, theme.INK, True)
        surface.blit(image, image.get_rect(bottomleft=(rect.x, rect.centery + 2)))
        level = level_text(figures.level)
        size = fit_size(level, theme.SMALL, first, smallest=theme.LEAST)
        image = fonts.text(clipped(level, size, first), size, theme.INK_SOFT)
        surface.blit(image, image.get_rect(topleft=(rect.x, rect.centery + 4)))
        cells = (str(figures.games), str(figures.wins), str(figures.draws), share_text(figures.win_share),
                 number_text(figures.best_score), str(figures.streak))
        x = rect.x + COLUMNS[0][1]
        for text, (_, width) in zip(cells, COLUMNS[1:], strict=False):
            image = fonts.text(text, theme.LARGE if text == cells[3] else theme.BODY, theme.INK, True)
            surface.blit(image, image.get_rect(midleft=(x, rect.centery)))
            x += width
        self._draw_bars(surface, figures, pygame.Rect(x, rect.y + 14, rect.right - x, rect.height - 28))

    @staticmethod
    def _draw_bars(surface: pygame.Surface, figures: Figures, area: pygame.Rect) -> None:
        """The last results, oldest left: a bar per match, taller for a higher score (from the
        lowest of zero and these scores to the highest), gold when won, outlined in gold for a draw
        (a shared first place); a base line under them."""
        recent = figures.recent[-RECENT:]
        scores = [result.score for result in recent]
        low = min([0.0, *scores])
        span = max([low + 1.0, *scores]) - low
        base = area.bottom
        pygame.draw.line(surface, theme.PAPER_SHADE, (area.x, base), (area.x + RECENT * (BAR_WIDTH + BAR_GAP), base), 2)
        for number, result in enumerate(recent):
            height = 6 + round((BAR_HEIGHT - 6) * (result.score - low) / span)
            bar = pygame.Rect(area.x + number * (BAR_WIDTH + BAR_GAP), base - height, BAR_WIDTH, height)
            colour = theme.GOLD if result.won else theme.PAPER if result.drawn else \
                mix(theme.PAPER_SHADE, theme.INK_SOFT, 0.45)
            pygame.draw.rect(surface, colour, bar, border_radius=4)
            if result.drawn:
                pygame.draw.rect(surface, mix(theme.GOLD, theme.INK, 0.2), bar, 4, border_radius=4)
            elif result.won:
                pygame.draw.rect(surface, mix(theme.GOLD, theme.INK, 0.35), bar, 2, border_radius=4)

