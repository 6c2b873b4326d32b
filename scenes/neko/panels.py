"""Neko's modal panels: the end-of-round summary (``RoundPanel``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import t
from game.rules.neko import RoundEnded
from scenes.engine import fonts, theme
from scenes.engine.ui import draw_text_centered, fit_size, seat_color, seat_label
from scenes.table.labels import compact_name
from scenes.table.panel import ModalPanel

if TYPE_CHECKING:
    from scenes.table.base import TableScene


def round_end_message(event: RoundEnded, simple: bool, match: Any) -> str:
    """The panel's line on how the round ended, its points read from the round's own scores
    (what the one who emptied their hand got beyond their stack: the cat's 2, or the simple
    rules' 1 for the round), so the words never say another number than the score."""
    if event.emptied < 0:
        return t("neko.round_end.blocked")
    player = seat_label(event.emptied, match.seats[event.emptied])
    stack = 0 if simple else event.stack_sizes[event.emptied]
    points = event.scores[event.emptied] - stack
    return t("neko.round_end.emptied_simple" if simple else "neko.round_end.emptied", player=player, points=points)


class RoundPanel(ModalPanel):
    """The end-of-round summary: who took the cat (or that nobody could play), each seat's points,
    Continue."""

    def __init__(self, table: TableScene, event: RoundEnded, last: bool) -> None:
        label = (lambda: t("table.see_results")) if last else (lambda: t("table.continue"))
        super().__init__(table, label)
        self.table = table
        self.event = event
        self.last = last

    def paint_body(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        """Heading, message, the score table."""
        match = self.table.match
        event = self.event
        heading = t("table.round_over", n=event.round + 1)
        draw_text_centered(surface, heading, theme.HEADING, theme.INK, (body.centerx, body.top + 64), True)
        message = round_end_message(event, self.table.observation().simple, match)
        size = fit_size(message, theme.BODY, body.width - 80)
        draw_text_centered(surface, message, size, theme.INK_SOFT, (body.centerx, body.top + 126))
        self._render_table(surface, body)

    def _render_table(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        """One row per seat: name, own stack, cat bonus, this round, total."""
        match = self.table.match
        event = self.event
        simple = self.table.observation().simple
        columns = [("table.col.player", body.left + 70, "left")]
        if not simple:
            columns += [("table.col.stack", body.left + 520, "c"), ("table.col.cat", body.left + 660, "c")]
        columns += [("table.col.points", body.left + 790, "c"), ("table.col.total", body.left + 920, "c")]
        top = body.top + 180
        for key, x, align in columns:
            image = fonts.text(t(key), theme.SMALL, theme.INK_SOFT, True)
            surface.blit(image, image.get_rect(midleft=(x, top)) if align == "left" else image.get_rect(center=(x, top)))
        pygame.draw.line(surface, theme.PAPER_SHADE, (body.left + 50, top + 22), (body.right - 50, top + 22), 2)
        best = max(event.totals) if event.totals else 0
        for seat in range(match.players):
            y = top + 58 + seat * 50
            pygame.draw.circle(surface, seat_color(seat), (body.left + 86, y), 16)
            symbol = fonts.text(theme.SEAT_SYMBOLS[seat % len(theme.SEAT_SYMBOLS)], theme.TINY, theme.TEXT, True)
            surface.blit(symbol, symbol.get_rect(center=(body.left + 86, y)))
            name = fonts.text(compact_name(seat, match), theme.BODY, theme.INK, seat == event.emptied)
            surface.blit(name, name.get_rect(midleft=(body.left + 116, y)))
            values: list[str] = []
            if not simple:
                values += [str(event.stack_sizes[seat]), "+2" if seat == event.emptied else "–"]
            values += [str(event.scores[seat]), str(event.totals[seat])]
            for (key, x, _), value in zip(columns[1:], values):
                bold = key == "table.col.total" and event.totals[seat] == best
                image = fonts.text(value, theme.BODY, theme.INK, bold)
                surface.blit(image, image.get_rect(center=(x, y)))

