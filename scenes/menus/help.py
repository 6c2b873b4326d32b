"""Rules help: a panel over whatever is below (title or table), one game at a time, in pages.

The header has a game switcher (every game of the catalogue), the language switch (日本語 /
English) and Close; under it the page tabs: the rules, the setup, moves, scoring and controls
(``scenes.menus.help_pages`` lays each page out; its pictures are the tables themselves, made by
``scenes.menus.help_pictures``). Everything works by mouse, finger and keys:

- tap or click a game, a language, a tab or Close; drag the page or turn the wheel to scroll;
  a tap outside the panel closes it;
- Left/Right: the previous/next page (or, with the focus ring on the games or the languages,
  the previous/next of those); Up/Down, Page Up/Down, Home/End: scroll; Tab/Shift+Tab: move the
  focus ring, Enter: use it; G: the next game; L: the other language; 1-5: a page; Esc closes.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.core.registry import CATALOGUE
from game.i18n import LANGUAGES, language, t
from scenes.engine import fonts, theme
from scenes.engine import input as intents
from scenes.engine.app import FPS, App, Scene
from scenes.engine.input import Intent
from scenes.engine.ui import Button, FocusGroup, Scroller, Segmented, draw_panel, draw_veil, fit_size, mix
from scenes.menus import help_pictures
from scenes.menus.help_pages import PAGES, Page, lay_out

PANEL = pygame.Rect(100, 24, 1720, 1032)
CONTENT_PAD = 56
ROW_HEIGHT = 64
GAME_ROW_Y = PANEL.y + 24
TITLE_Y = GAME_ROW_Y + ROW_HEIGHT + 46  # centre line of the game's help title
TAB_ROW_Y = TITLE_Y + 40
VIEW_TOP = TAB_ROW_Y + ROW_HEIGHT + 30
FOOTER_HEIGHT = 52
SCROLLBAR_WIDTH = 10
FADE_HEIGHT = 36
LANGUAGE_NAMES = {"ja": "日本語", "en": "English"}


def paper_fade(width: int, towards_top: bool) -> pygame.Surface:
    """A strip that goes from paper to transparent, to soften text cut by the view's edge."""
    strip = pygame.Surface((width, FADE_HEIGHT), pygame.SRCALPHA)
    for row in range(FADE_HEIGHT):
        share = row / FADE_HEIGHT
        strength = 1 - share if towards_top else share
        pygame.draw.line(strip, (*theme.PAPER, int(255 * strength)), (0, row), (width, row))
    return strip


def help_games() -> list[str]:
    """The games the help explains, in the title's order."""
    return [entry.game_id for entry in CATALOGUE if entry.available]


class Help(Scene):
    """The rules of one game in a paged panel; the scene below stays visible behind a veil."""

    opaque = False

    def __init__(self, app: App, game_id: str, page: str = "rules") -> None:
        super().__init__(app)
        games = help_games()
        self.game_id = game_id  # a game not in the catalogue (a test's) shows its rules page
        self.page = page if page in PAGES else PAGES[0]
        left, right = PANEL.x + CONTENT_PAD, PANEL.right - CONTENT_PAD
        self.view = pygame.Rect(left, VIEW_TOP, right - left, PANEL.bottom - FOOTER_HEIGHT - VIEW_TOP)
        self.scroller = Scroller(self.view.height)
        close_rect = pygame.Rect(right - 200, GAME_ROW_Y, 200, ROW_HEIGHT)
        self.close_button = Button(close_rect, lambda: t("ui.close"), self.close, style="secondary")
        language_rect = pygame.Rect(close_rect.x - 24 - 300, GAME_ROW_Y, 300, ROW_HEIGHT)
        self.language_choice = Segmented(language_rect, list(LANGUAGE_NAMES.items()), language(), self.switch_language)
        game_rect = pygame.Rect(left, GAME_ROW_Y, language_rect.x - 32 - left, ROW_HEIGHT)
        self.game_choice = Segmented(game_rect, [(game, self._game_label(game)) for game in games],
                                     self.game_id, self.switch_game)
        tab_rect = pygame.Rect(left, TAB_ROW_Y, right - left, ROW_HEIGHT)
        self.page_choice = Segmented(tab_rect, [(name, self._page_label(name)) for name in PAGES],
                                     self.page, self.switch_page)
        self.group = FocusGroup([self.game_choice, self.language_choice, self.close_button, self.page_choice],
                                audio=getattr(app, "audio", None))
        self.group.focus_on(self.page_choice)
        self.group.show_focus = False  # the ring shows at the first Tab
        self.content = Page()
        self._fade_top = paper_fade(self.view.width, towards_top=True)
        self._fade_bottom = paper_fade(self.view.width, towards_top=False)
        self._laid_out_for: tuple[str, str, str] = ("", "", "")
        self._preparing: tuple[str, str, str] = ("", "", "")  # the page announced as being made
        self._relayout()

    @staticmethod
    def _game_label(game_id: str) -> Callable[[], str]:
        """A label read at draw time: the game's short name in the current language."""
        return lambda: t(f"help.game.{game_id}")

    @staticmethod
    def _page_label(page: str) -> Callable[[], str]:
        """A label read at draw time: the page's tab name in the current language."""
        return lambda: t(f"help.page.{page}")

    # ----- what is shown ---------------------------------------------------------------------------
    def _relayout(self) -> None:
        """Lay the page out again (on opening, after a switch of game, page or language)."""
        key = (self.game_id, self.page, language())
        scrolled = self.scroller.offset if key[:2] == self._laid_out_for[:2] else 0.0
        self.content = lay_out(self.game_id, self.page, self.view.width - 30)
        self.scroller.content_height = self.content.height
        self.scroller.offset = scrolled
        self.scroller.scroll_by(0)  # clamp to the new height
        self._laid_out_for = key

    @property
    def title(self) -> str:
        """The panel title: the game's help title, or its name."""
        key = f"{self.game_id}.help.title"
        text = t(key)
        return text if text != key else t(f"game.{self.game_id}.title")

    def switch_game(self, game_id: str) -> None:
        """Show another game's help, at the same page, from its top."""
        if game_id in help_games():
            self.game_id = game_id
            self.game_choice.value = game_id

    def switch_page(self, page: str) -> None:
        """Show another page of this game's help, from its top."""
        if page in PAGES:
            self.page = page
            self.page_choice.value = page

    def switch_language(self, lang: str) -> None:
        """Every text of the app follows (the help, and the table or title below)."""
        if lang in LANGUAGES:
            self.app.set_language(lang)
            self.language_choice.value = lang

    def step_page(self, step: int) -> None:
        """The previous or next page (wrapping round)."""
        self.switch_page(PAGES[(PAGES.index(self.page) + step) % len(PAGES)])

    def step_game(self, step: int) -> None:
        """The previous or next game (wrapping round)."""
        games = help_games()
        self.switch_game(games[(games.index(self.game_id) + step) % len(games)])

    def close(self) -> None:
        """Shut the panel."""
        if self.app.top is self:
            self.app.pop()

    # ----- input -----------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> bool:
        """Keys, widgets, scrolling; the panel is modal so it swallows everything."""
        kind = intent.kind
        if kind == intents.BACK:
            self.close()
        elif kind == intents.WHEEL:
            self.scroller.scroll_by(-intent.dy * Scroller.WHEEL_STEP)
        elif kind == intents.NAV:
            self._nav(intent.dx, intent.dy)
        elif kind == intents.KEY:
            self._key(intent.key)
        elif self.group.handle(intent):
            pass
        elif kind == intents.PRESS and self.view.collidepoint(intent.pos):
            self.scroller.start_drag(intent.pos[1])
        elif kind == intents.MOVE and intent.held:
            self.scroller.drag_to(intent.pos[1])
        elif kind == intents.RELEASE:
            self.scroller.end_drag()
        elif kind == intents.PRESS and not PANEL.collidepoint(intent.pos):
            self.close()  # a tap outside the panel closes it, as with any sheet
        return True

    def _nav(self, dx: int, dy: int) -> None:
        """Up/Down scroll; Left/Right turn the page, or change the focused games or language."""
        if dy:
            self.scroller.scroll_by(dy * Scroller.KEY_STEP)
            return
        focused = self.group.focused
        if self.group.show_focus and focused in (self.game_choice, self.language_choice):
            focused.nav(dx, 0)
        else:
            self.step_page(dx)

    def _key(self, key: str) -> None:
        """Page Up/Down, Home/End scroll; G next game; L other language; 1-5 a page."""
        page = self.view.height - 80
        scrolls = {"page down": page, "page up": -page, "home": -self.scroller.limit, "end": self.scroller.limit}
        if key in scrolls:
            self.scroller.scroll_by(scrolls[key])
        elif key == "g":
            self.step_game(1)
        elif key == "l":
            self.switch_language("en" if language() == "ja" else "ja")
        elif key.isdigit() and 1 <= int(key) <= len(PAGES):
            self.switch_page(PAGES[int(key) - 1])

    def update(self, dt: float) -> None:
        """Lay the page out again when the game, the page or the language changed; a page whose
        pictures are still to be made says so for a frame first (making them takes a moment)."""
        wanted = (self.game_id, self.page, language())
        if self._laid_out_for != wanted:
            if self.pictures_missing() and self._preparing != wanted:
                self._preparing = wanted
            else:
                self._relayout()
        self.language_choice.value = language()

    def frame_rate(self) -> float:
        """``FPS`` while a page is being made (it shows the next frame), else 0: the rules change
        only on input."""
        return FPS if self.preparing() else 0.0

    def pictures_missing(self) -> bool:
        """True when the page to show has pictures not made yet."""
        if self.game_id not in help_games():
            return False
        return not all(help_pictures.has_picture(self.game_id, name)
                       for name in help_pictures.names(self.game_id, self.page))

    def preparing(self) -> bool:
        """True while the page shown is not the one asked for (its pictures are being made)."""
        return self._laid_out_for != (self.game_id, self.page, language())

    def figure_rects(self) -> list[pygame.Rect]:
        """Where the page's pictures are on screen now (scrolled; parts outside the view too)."""
        offset = int(self.scroller.offset)
        return [figure.rect.move(self.view.x, self.view.y - offset) for figure in self.content.figures]

    # ----- drawing -----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Veil, panel, the switchers, the title, the tabs, the visible part of the page, a scroll bar
        and the keys' hint."""
        draw_veil(surface)
        draw_panel(surface, PANEL, theme.PAPER, radius=28)
        title = self.title
        size = fit_size(title, theme.LARGE, self.view.width, bold=True)
        image = fonts.text(title, size, theme.INK, True)
        surface.blit(image, image.get_rect(midleft=(self.view.x, TITLE_Y)))
        rule_y = VIEW_TOP - 14
        pygame.draw.line(surface, theme.PAPER_SHADE, (self.view.x, rule_y), (self.view.right, rule_y), 3)
        self.group.draw(surface)
        if self.preparing():
            self._draw_preparing(surface)
        else:
            self._draw_content(surface)
            self._draw_scrollbar(surface)
        hint = t("help.keys")
        size = fit_size(hint, theme.TINY, self.view.width)
        image = fonts.text(hint, size, theme.INK_SOFT)
        surface.blit(image, image.get_rect(midleft=(self.view.x, PANEL.bottom - FOOTER_HEIGHT // 2 - 4)))

    def _draw_content(self, surface: pygame.Surface) -> None:
        """Blit the lines and pictures that fall inside the view, clipped to it."""
        previous_clip = surface.get_clip()
        surface.set_clip(self.view)
        offset = int(self.scroller.offset)
        for figure, rect in zip(self.content.figures, self.figure_rects()):
            if rect.colliderect(self.view):
                surface.blit(figure.image, rect)
                if figure.framed:
                    pygame.draw.rect(surface, theme.PAPER_SHADE, rect.inflate(4, 4), 2, border_radius=4)
        for line in self.content.lines:
            top = self.view.y + line.y - offset
            if top > self.view.bottom or top + line.size * 2 < self.view.y:
                continue
            surface.blit(fonts.text(line.text, line.size, line.color, line.bold), (self.view.x + line.x, top))
        surface.set_clip(previous_clip)
        if self.scroller.limit > 0:
            self._draw_fades(surface)

    def _draw_preparing(self, surface: pygame.Surface) -> None:
        """A line saying the tables for the pictures are being set."""
        image = fonts.text(t("help.preparing"), theme.BODY, theme.INK_SOFT)
        surface.blit(image, image.get_rect(midtop=(self.view.centerx, self.view.y + 60)))

    def _draw_fades(self, surface: pygame.Surface) -> None:
        """Soft paper fades at the edges where more is hidden."""
        if self.scroller.offset > 0:
            surface.blit(self._fade_top, (self.view.x, self.view.y))
        if self.scroller.offset < self.scroller.limit:
            surface.blit(self._fade_bottom, (self.view.x, self.view.bottom - FADE_HEIGHT))

    def _draw_scrollbar(self, surface: pygame.Surface) -> None:
        """A thin bar on the right showing where the view is (only when the page overflows)."""
        limit = self.scroller.limit
        if limit <= 0:
            return
        track = pygame.Rect(PANEL.right - 34, self.view.y, SCROLLBAR_WIDTH, self.view.height)
        pygame.draw.rect(surface, theme.PAPER_SHADE, track, border_radius=SCROLLBAR_WIDTH // 2)
        share = self.view.height / self.scroller.content_height
        thumb_height = max(60, int(track.height * share))
        thumb_y = track.y + int((track.height - thumb_height) * self.scroller.offset / limit)
        thumb = pygame.Rect(track.x, thumb_y, SCROLLBAR_WIDTH, thumb_height)
        colour = mix(theme.INK_SOFT, theme.FUTON, 0.4)
        pygame.draw.rect(surface, colour, thumb, border_radius=SCROLLBAR_WIDTH // 2)
