"""The move log: every action of the match so far, in words, over the right side of the table.

Key L or the Log button opens it (BGA's log is the model): one line per action, each with its
seat's mark (colour and symbol), rounds and games as headings, passes and declarations in a band
of their own so they cannot be missed, the newest line at the bottom and in view. The lines come
from ``game.narrate`` (public events only, so it is safe behind a hot-seat curtain) and are put
into words when drawn, so switching the language changes them too. The table waits underneath.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import t
from game.narrate import HEADING, PASS, RESULT, LogLine, line_text, narrate_match
from scenes.engine import fonts, theme
from scenes.engine import input as intents
from scenes.engine.app import App, Scene
from scenes.engine.input import Intent
from scenes.engine.ui import draw_panel, draw_text, seat_color
from scenes.table import labels

if TYPE_CHECKING:
    from scenes.table.base import TableScene

DRAWER = pygame.Rect(1180, 24, 716, 1032)  # the panel, over the right side of the table
TEXT_LEFT = DRAWER.x + 88  # where a line's words start (its seat mark sits left of them)
TEXT_WIDTH = DRAWER.right - 36 - TEXT_LEFT
BODY_TOP = DRAWER.y + 104  # below the title
BODY_BOTTOM = DRAWER.bottom - 64  # above the key hint
SIZE = theme.SMALL  # 24 logical px: 16 physical at 1280x720
LINE_GAP = 10
SCROLL_STEP = 3  # lines per wheel notch / arrow press


class MoveLog(Scene):
    """The log drawer over a table (modal: the table waits while it is open)."""

    opaque = False

    def __init__(self, app: App, table: TableScene) -> None:
        super().__init__(app)
        self.table = table
        self.lines: list[LogLine] = narrate_match(table.match)
        self.scroll = 0  # lines hidden below the bottom of the view (0: the newest is in view)
        self._words: dict[tuple[int, str], list[str]] = {}  # (line, language) -> wrapped words

    # ----- input -------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> bool:
        """L, Esc or a tap outside closes; wheel and arrows scroll; nothing reaches the table."""
        if intent.kind in (intents.BACK, intents.QUIT) or (intent.kind == intents.KEY and intent.key == "l"):
            self.close()
            return intent.kind != intents.QUIT
        if intent.kind == intents.PRESS and not DRAWER.collidepoint(intent.pos):
            self.close()
        elif intent.kind == intents.WHEEL:
            self.scroll_by(intent.dy * SCROLL_STEP)
        elif intent.kind == intents.NAV:
            self.scroll_by(-intent.dy * SCROLL_STEP)
        return True

    def scroll_by(self, lines: int) -> None:
        """Older lines into view (positive) or newer ones (negative), within the log."""
        self.scroll = max(0, min(len(self.lines) - 1, self.scroll + lines)) if self.lines else 0

    def close(self) -> None:
        """Back to the table."""
        if self.app.top is self:
            self.app.pop()

    def frame_rate(self) -> float:
        """The log changes only on input (the table under it waits)."""
        return 0.0

    # ----- drawing ----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The drawer: title, the lines that fit (newest at the bottom), the key hint."""
        draw_panel(surface, DRAWER, theme.PAPER, radius=24)
        draw_text(surface, t("log.title"), theme.LARGE, theme.INK, (DRAWER.x + 36, DRAWER.y + 30), True)
        if not self.lines:
            draw_text(surface, t("log.empty"), SIZE, theme.INK_SOFT, (TEXT_LEFT, BODY_TOP))
        else:
            self._draw_lines(surface)
        hint = fonts.text(t("log.keys"), theme.TINY, theme.INK_SOFT)
        surface.blit(hint, hint.get_rect(bottomleft=(DRAWER.x + 36, DRAWER.bottom - 22)))

    def _draw_lines(self, surface: pygame.Surface) -> None:
        """From the newest shown line upwards until the view is full."""
        y = BODY_BOTTOM
        newest = len(self.lines) - 1 - self.scroll
        for index in range(newest, -1, -1):
            key = (index, labels.lang())
            wrapped = self._words.get(key) or self._words.setdefault(key, self.wrapped(self.lines[index]))
            height = self.block_height(self.lines[index], wrapped)
            if y - height < BODY_TOP:
                break
            y -= height
            self._draw_line(surface, self.lines[index], wrapped, y)
        if self.scroll:
            more = fonts.text("▼", theme.SMALL, theme.ACCENT)
            surface.blit(more, more.get_rect(midbottom=(DRAWER.centerx, BODY_BOTTOM + 34)))

    def wrapped(self, line: LogLine) -> list[str]:
        """The line in words, wrapped to the drawer (kinsoku kept by ``fonts.wrap``)."""
        return fonts.wrap(line_text(line, self.table.name_of), SIZE, TEXT_WIDTH, line.kind != "move")

    @staticmethod
    def block_height(line: LogLine, wrapped: list[str]) -> int:
        """Pixels a line takes, with the room a heading keeps above it."""
        height = len(wrapped) * fonts.line_height(SIZE) + LINE_GAP
        return height + 18 if line.kind == HEADING else height

    def _draw_line(self, surface: pygame.Surface, line: LogLine, wrapped: list[str], top: int) -> None:
        """One line: its band (passes), its seat mark, its words."""
        step = fonts.line_height(SIZE)
        height = len(wrapped) * step
        if line.kind == HEADING:
            top += 18
            pygame.draw.line(surface, theme.PAPER_SHADE, (DRAWER.x + 36, top - 8), (DRAWER.right - 36, top - 8), 2)
        if line.kind == PASS:
            band = pygame.Rect(DRAWER.x + 24, top - 4, DRAWER.width - 48, height + 8)
            pygame.draw.rect(surface, _tint(line), band, border_radius=10)
        if line.seat is not None and 0 <= line.seat < len(self.table.match.seats):
            disc = labels.owner_disc(line.seat)
            surface.blit(disc, disc.get_rect(center=(DRAWER.x + 56, top + step // 2)))
        color = theme.INK if line.kind != HEADING else theme.FUTON
        for row, text in enumerate(wrapped):
            draw_text(surface, text, SIZE, color, (TEXT_LEFT, top + row * step), line.kind in (HEADING, PASS, RESULT))


def _tint(line: LogLine) -> theme.Color:
    """A pale band in the seat's colour behind a pass or a declaration."""
    base = seat_color(line.seat) if line.seat is not None else theme.GOLD
    return (
        (base[0] + 3 * theme.PAPER[0]) // 4,
        (base[1] + 3 * theme.PAPER[1]) // 4,
        (base[2] + 3 * theme.PAPER[2]) // 4,
    )
