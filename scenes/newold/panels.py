"""The panel of NEW & OLD between games (``GamePanel``): each seat's revealed cards, the scoring
case spelled out (``case_of``, ``formula``), the game score, rank points, totals, the next start."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game.i18n import t
from game.rules.newold import NEW, OLD, GameScored, card_kind, card_number, score_revealed
from scenes.engine import fonts, theme
from scenes.engine.ui import draw_text_centered, fit_size, seat_color, signed_text
from scenes.newold import art as nart
from scenes.table import art
from scenes.table.panel import ModalPanel

if TYPE_CHECKING:
    from scenes.table.base import TableScene


def case_of(cards: Sequence[str]) -> str:
    """Which scoring case revealed cards fall under: "both", "only_old", "only_new" or "none"."""
    kinds = {card_kind(card) for card in cards}
    if kinds == {NEW, OLD}:
        return "both"
    if kinds == {OLD}:
        return "only_old"
    if kinds == {NEW}:
        return "only_new"
    return "none"


def formula(cards: Sequence[str]) -> str:
    """The score of revealed cards spelled out: "+(5+3) − (3+4) = +1", "−(3+2+3) = −8"..."""
    news = "+".join(str(card_number(card)) for card in cards if card_kind(card) == NEW)
    olds = "+".join(str(card_number(card)) for card in cards if card_kind(card) == OLD)
    score = signed_text(score_revealed(cards))
    case = case_of(cards)
    if case == "both":
        return f"+({news}) − ({olds}) = {score}"
    if case == "only_old":
        return f"−({olds}) = {score}"
    if case == "only_new":
        return f"−({news}) = {score}"
    return "0"


class GamePanel(ModalPanel):
    """After a game: each seat's revealed cards, the scoring case spelled out, the game score, rank
    points (variant), the match totals, and who starts the next game (the lowest scorer)."""

    RECT = pygame.Rect(170, 96, 1580, 888)
    ROW = 104

    def __init__(self, table: TableScene, event: GameScored, revealed: tuple[tuple[str, ...], ...],
                 next_start: int) -> None:
        last = next_start < 0
        players = len(event.scores)
        height = 400 + self.ROW * players
        self.RECT = pygame.Rect(170, (1080 - height) // 2, 1580, height)
        super().__init__(table, (lambda: t("table.see_results")) if last else (lambda: t("table.continue")))
        self.newold = table
        self.event = event
        self.revealed = revealed
        self.next_start = next_start

    def paint_body(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        """Heading, column titles, one row per seat, the next start player."""
        table = self.newold
        event = self.event
        match = table.match
        heading = t("newold_table.panel.heading", n=event.game + 1, total=match.players)
        draw_text_centered(surface, heading, theme.HEADING, theme.INK, (body.centerx, body.top + 58), True)
        legend = t("newold_table.panel.legend")
        draw_text_centered(surface, legend, fit_size(legend, theme.SMALL, body.width - 80), theme.INK_SOFT,
                           (body.centerx, body.top + 112))
        variant = bool(event.rank_points)
        columns = self._columns(body, variant)
        top = body.top + 160
        for key, x in columns:
            image = fonts.text(t(key), theme.TINY, theme.INK_SOFT, True)
            surface.blit(image, image.get_rect(midleft=(x, top)) if key.endswith(("player", "cards", "case"))
                         else image.get_rect(center=(x, top)))
        pygame.draw.line(surface, theme.PAPER_SHADE, (body.left + 40, top + 20), (body.right - 40, top + 20), 2)
        row_height = self.ROW
        for seat in range(match.players):
            self._paint_row(surface, seat, top + 26 + seat * row_height, row_height, dict(columns), variant)
        self._paint_next(surface, body)

    @staticmethod
    def _columns(body: pygame.Rect, variant: bool) -> list[tuple[str, int]]:
        """(title key, x) of each column."""
        columns = [("newold_table.col.player", body.left + 46), ("newold_table.col.cards", body.left + 320),
                   ("newold_table.col.case", body.left + 760), ("newold_table.col.game", body.left + 1210)]
        if variant:
            columns.append(("newold_table.col.rank", body.left + 1320))
        columns.append(("newold_table.col.total", body.left + 1450))
        return columns

    def _paint_row(self, surface: pygame.Surface, seat: int, top: int, height: int, columns: dict[str, int],
                   variant: bool) -> None:
        """One seat: name, its revealed cards, the case and formula, game score, rank points, total."""
        table = self.newold
        event = self.event
        y = top + height // 2
        if seat % 2:
            band = pygame.Surface((1500, height - 4), pygame.SRCALPHA)
            pygame.draw.rect(band, (*theme.PAPER_SHADE, 110), band.get_rect(), border_radius=12)
            surface.blit(band, (columns["newold_table.col.player"] - 20, top + 2))
        x = columns["newold_table.col.player"]
        pygame.draw.circle(surface, seat_color(seat), (x + 16, y), 16)
        symbol = fonts.text(theme.SEAT_SYMBOLS[seat % len(theme.SEAT_SYMBOLS)], theme.TINY, theme.TEXT, True)
        surface.blit(symbol, symbol.get_rect(center=(x + 16, y)))
        name = table.name_of(seat)
        image = fonts.text(name, fit_size(name, theme.BODY, 210), theme.INK)
        surface.blit(image, image.get_rect(midleft=(x + 42, y)))
        cards = self.revealed[seat] if seat < len(self.revealed) else ()
        scale = min(0.42, (height - 10) / art.CARD_SIZE[1])  # 0.42: the corner numbers stay legible
        step = min(32.0, 390 / max(1, len(cards)))
        for index, card in enumerate(cards):
            picture = art.transformed(("no-face", card, False, False), nart.card_face(card), scale)
            surface.blit(picture, picture.get_rect(midleft=(round(columns["newold_table.col.cards"] + index * step), y)))
        if not cards:
            dash = fonts.text(t("newold_table.panel.no_cards"), theme.TINY, theme.INK_SOFT)
            surface.blit(dash, dash.get_rect(midleft=(columns["newold_table.col.cards"], y)))
        case = case_of(cards)
        case_image = fonts.text(t(f"newold_table.case.{case}"), theme.TINY, theme.INK_SOFT, True)
        surface.blit(case_image, case_image.get_rect(bottomleft=(columns["newold_table.col.case"], y - 2)))
        sum_text = formula(cards)
        sum_image = fonts.text(sum_text, fit_size(sum_text, theme.BODY - 4, 420), theme.INK)
        surface.blit(sum_image, sum_image.get_rect(topleft=(columns["newold_table.col.case"], y + 2)))
        values = [(columns["newold_table.col.game"], signed_text(event.scores[seat]), False)]
        if variant:
            values.append((columns["newold_table.col.rank"], signed_text(event.rank_points[seat]), False))
        best = max(event.totals)
        values.append((columns["newold_table.col.total"], signed_text(event.totals[seat]), event.totals[seat] == best))
        for x_value, text, lead in values:
            draw_text_centered(surface, text, theme.LARGE - 4, theme.FUTON if lead else theme.INK, (x_value, y), True)

    def _paint_next(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        """Who starts the next game and why (or that this was the last game)."""
        table = self.newold
        if self.next_start < 0:
            text = t("newold_table.panel.last")
        else:
            text = t("newold_table.panel.next", player=table.name_of(self.next_start))
        size = fit_size(text, theme.BODY, body.width - 120, bold=True)
        y = body.bottom - 142
        if self.next_start >= 0:
            image = fonts.text(text, size, theme.INK, True)
            where = image.get_rect(center=(body.centerx + 20, y))
            pygame.draw.circle(surface, seat_color(self.next_start), (where.left - 26, y), 17)
            mark = fonts.text(theme.SEAT_SYMBOLS[self.next_start % len(theme.SEAT_SYMBOLS)], theme.TINY - 2,
                              theme.TEXT, True)
            surface.blit(mark, mark.get_rect(center=(where.left - 26, y)))
            surface.blit(image, where)
        else:
            draw_text_centered(surface, text, size, theme.INK, (body.centerx, y), True)
