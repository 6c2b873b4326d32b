"""Rules help: a scrollable panel over whatever is below (title or table).

Texts come from the game's catalogue: ``<game>.help.title``, ``<game>.help.body`` (paragraphs
separated by a blank line) and ``<game>.help.house`` (how this table reads the points the
rulebook leaves open), shown under their own heading. Scroll by wheel, arrows or drag; Esc, Back
or the close button shut it.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.i18n import catalogue, language, t
from scenes import fonts, theme
from scenes import input as intents
from scenes.app import App, Scene
from scenes.input import Intent
from scenes.ui import Button, FocusGroup, Scroller, draw_panel, draw_veil, mix

PANEL = pygame.Rect(260, 70, 1400, 940)
CONTENT_PAD = 64
HEADER_HEIGHT = 130
FOOTER_HEIGHT = 40
PARAGRAPH_GAP = 22
SECTION_GAP = 48
SCROLLBAR_WIDTH = 10
FADE_HEIGHT = 36


def paper_fade(width: int, towards_top: bool) -> pygame.Surface:
    """A strip that goes from paper to transparent, to soften text cut by the view's edge."""
    strip = pygame.Surface((width, FADE_HEIGHT), pygame.SRCALPHA)
    for row in range(FADE_HEIGHT):
        share = row / FADE_HEIGHT
        strength = 1 - share if towards_top else share
        pygame.draw.line(strip, (*theme.PAPER, int(255 * strength)), (0, row), (width, row))
    return strip


@dataclass(frozen=True)
class Line:
    """One laid-out line of the help text."""

    text: str
    size: int
    color: tuple[int, int, int]
    bold: bool
    y: int  # top, relative to the start of the content


def has_text(key: str) -> bool:
    """True when ``key`` exists in the current or the English catalogue."""
    return key in catalogue(language()) or key in catalogue("en")


def layout_help(game_id: str, width: int) -> tuple[list[Line], int]:
    """The help text of ``game_id`` as positioned lines, and the total content height."""
    lines: list[Line] = []
    y = 0

    def paragraphs(text: str, size: int, color: tuple[int, int, int], bold: bool = False) -> None:
        nonlocal y
        for paragraph in text.split("\n\n"):
            paragraph = paragraph.strip()
            if not paragraph:
                continue
            for row in fonts.wrap(paragraph, size, width, bold):
                lines.append(Line(row, size, color, bold, y))
                y += fonts.line_height(size, bold)
            y += PARAGRAPH_GAP

    body_key = f"{game_id}.help.body"
    paragraphs(t(body_key) if has_text(body_key) else t("ui.help.missing"), theme.BODY, theme.INK)
    house_key = f"{game_id}.help.house"
    if has_text(house_key):
        y += SECTION_GAP - PARAGRAPH_GAP
        paragraphs(t("ui.help.house_heading"), theme.LARGE, theme.FUTON, bold=True)
        paragraphs(t(house_key), theme.BODY, theme.INK_SOFT)
    return lines, max(0, y - PARAGRAPH_GAP)


class Help(Scene):
    """The rules of one game in a panel; the scene below stays visible behind a veil."""

    opaque = False

    def __init__(self, app: App, game_id: str) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.view = pygame.Rect(
            PANEL.x + CONTENT_PAD,
            PANEL.y + HEADER_HEIGHT,
            PANEL.width - CONTENT_PAD * 2,
            PANEL.height - HEADER_HEIGHT - FOOTER_HEIGHT,
        )
        self.scroller = Scroller(self.view.height)
        close_rect = pygame.Rect(PANEL.right - 40 - 220, PANEL.y + 32, 220, theme.BUTTON_HEIGHT)
        self.close_button = Button(close_rect, lambda: t("ui.close"), self.close, style="secondary")
        self.group = FocusGroup([self.close_button], audio=getattr(app, "audio", None))
        self.lines: list[Line] = []
        self._fade_top = paper_fade(self.view.width, towards_top=True)
        self._fade_bottom = paper_fade(self.view.width, towards_top=False)
        self._laid_out_for = ""
        self._relayout()

    def _relayout(self) -> None:
        """Lay the text out again (on opening and after a language switch)."""
        self.lines, self.scroller.content_height = layout_help(self.game_id, self.view.width - 30)
        self.scroller.scroll_by(0)  # clamp to the new height
        self._laid_out_for = language()

    @property
    def title(self) -> str:
        """The panel title: the game's help title, or its name."""
        key = f"{self.game_id}.help.title"
        return t(key) if has_text(key) else t(f"game.{self.game_id}.title")

    def close(self) -> None:
        """Shut the panel."""
        if self.app.top is self:
            self.app.pop()

    def handle(self, intent: Intent) -> bool:
        """Close button, scrolling, Back; the panel is modal so it swallows everything."""
        kind = intent.kind
        if kind == intents.BACK:
            self.close()
        elif kind == intents.WHEEL:
            self.scroller.scroll_by(-intent.dy * Scroller.WHEEL_STEP)
        elif kind == intents.NAV and intent.dy:
            self.scroller.scroll_by(intent.dy * Scroller.KEY_STEP)
        elif kind == intents.KEY and intent.key in ("page down", "page up"):
            page = self.view.height - 80
            self.scroller.scroll_by(page if intent.key == "page down" else -page)
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

    def update(self, dt: float) -> None:
        """Relayout when the language changed under us."""
        if self._laid_out_for != language():
            self._relayout()

    def draw(self, surface: pygame.Surface) -> None:
        """Veil, panel, title, the visible part of the text and a scroll bar."""
        draw_veil(surface)
        draw_panel(surface, PANEL, theme.PAPER, radius=28)
        title_image = fonts.text(self.title, theme.HEADING, theme.INK, True)
        title_at = (self.view.x, self.close_button.rect.centery)
        surface.blit(title_image, title_image.get_rect(midleft=title_at))
        rule_y = PANEL.y + HEADER_HEIGHT - 18
        pygame.draw.line(surface, theme.PAPER_SHADE, (self.view.x, rule_y), (self.view.right, rule_y), 3)
        self.group.draw(surface)
        self._draw_text(surface)
        self._draw_scrollbar(surface)

    def _draw_text(self, surface: pygame.Surface) -> None:
        """Blit the lines that fall inside the view, clipped to it."""
        previous_clip = surface.get_clip()
        surface.set_clip(self.view)
        offset = int(self.scroller.offset)
        for line in self.lines:
            top = self.view.y + line.y - offset
            if top > self.view.bottom or top + line.size * 2 < self.view.y:
                continue
            surface.blit(fonts.text(line.text, line.size, line.color, line.bold), (self.view.x, top))
        surface.set_clip(previous_clip)
        if self.scroller.limit > 0:
            self._draw_fades(surface)

    def _draw_fades(self, surface: pygame.Surface) -> None:
        """Soft paper fades at the edges where more text is hidden."""
        if self.scroller.offset > 0:
            surface.blit(self._fade_top, (self.view.x, self.view.y))
        if self.scroller.offset < self.scroller.limit:
            surface.blit(self._fade_bottom, (self.view.x, self.view.bottom - FADE_HEIGHT))

    def _draw_scrollbar(self, surface: pygame.Surface) -> None:
        """A thin bar on the right showing where the view is (only when the text overflows)."""
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
