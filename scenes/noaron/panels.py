"""The ノアロン table's modal panel: the settlement, shown one line after another."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import language, t
from game.rules.noaron import HOUSE_TURN_LIMIT, Settled
from scenes.engine import fonts, theme
from scenes.engine.ui import draw_text_centered, fit_size, seat_color
from scenes.noaron import art as cards_art
from scenes.noaron.art import counted, cut_summary
from scenes.noaron.layout import SETTLEMENT_RECT, STAKE_SCALE, pip_for, scaled_size, zatsu_span
from scenes.table.panel import SteppedPanel

if TYPE_CHECKING:
    from scenes.noaron.view import NoaronView

# ----- timings (seconds at normal speed; the animator scales them) ---------------------------------
SETTLE_STEP = 0.75  # between two lines of the settlement
AUTO_CONTINUE = 4.0
# ----- the lines under the hands (panel-relative) ---------------------------------------------------------
LINES_TOP = 364  # the top of the first line's room, under the second hand
LINES_GAP = 8  # kept free above the Continue button
LINE_STEP = 40.0  # between two lines when they fit
LINE_FILL = 0.78  # a line's text size, as a share of the step (when lines are drawn closer)


class SettlementPanel(SteppedPanel):
    """The settlement, one line after another: both hands with their cuts, the difference, each
    +3 and why, the stake cards paid (animated on the table, lit above the veil), the round's or
    the game's outcome. Lines are made in the language of the moment they are drawn."""

    RECT = SETTLEMENT_RECT
    _painted_language: str | None = None  # the language of the cached paper
    STEP = SETTLE_STEP
    MINI_SCALE = 0.36
    MINI_STEP = 52

    def __init__(self, table: NoaronView, event: Settled) -> None:
        label = (lambda: t("table.see_results")) if event.game_over else (lambda: t("table.continue"))
        super().__init__(table, label)
        self.table: NoaronView = table
        self.event = event
        self.shown = 0  # lines revealed so far
        self.clock = 0.0
        self.paid_started = False
        self._lines_cache: tuple[str, list[tuple[str, str]]] = ("", [])
        self.button.rect.midbottom = (self.RECT.centerx, self.RECT.bottom - 26)
        self.button.enabled = self.complete

    @property
    def lines(self) -> list[tuple[str, str]]:
        """The settlement's lines in the current language (made once per language)."""
        if self._lines_cache[0] != language():
            self._lines_cache = (language(), self._lines())
        return self._lines_cache[1]

    # ----- content ---------------------------------------------------------------------------------
    def _lines(self) -> list[tuple[str, str]]:
        """(kind, text) per step after the hands: why a cut was halved or a declaration forced,
        the difference, penalties, payment, outcome."""
        event = self.event
        name = self.table.long_name
        scores = (event.cuts[0].score, event.cuts[1].score)
        loser, winner = event.loser, 1 - event.loser
        lines = [("note", t("noaron_table.settle.half", player=self.table.name_of(seat), cards=2 * cut.score))
                 for seat, cut in ((seat, event.cuts[seat]) for seat in (self.table.top_seat, self.table.bottom))
                 if cut.yaku_length and cut.zatsu_is_yaku]
        if scores[0] == scores[1]:
            lines.append(("note", t("noaron_table.settle.tie", player=name(event.declarer))))
        if event.forced:
            lines.append(("note", t("noaron_table.settle.forced", limit=HOUSE_TURN_LIMIT)))
        lines.append(("diff", t("noaron_table.settle.difference", high=max(scores), low=min(scores),
                                n=event.difference)))
        if event.declarer_penalty:
            lines.append(("plus", t("noaron_table.settle.declarer_lost", n=event.declarer_penalty)))
        if event.zero_penalty:
            lines.append(("plus", t("noaron_table.settle.winner_zero", n=event.zero_penalty)))
        lines.append(("loss", counted("noaron_table.settle.loss", event.loss, player=name(loser))))
        key = "noaron_table.settle.paid_short" if event.paid < event.loss else "noaron_table.settle.paid"
        lines.append(("pay", counted(key, event.paid, player=name(loser))))
        if event.game_over:
            lines.append(("end", t("noaron_table.settle.game_over", player=name(winner))))
        else:
            left = event.stakes[loser]
            lines.append(("next", counted("noaron_table.settle.next", left, player=name(winner), left=left)))
        return lines

    def steps(self) -> int:
        """One step per line."""
        return len(self.lines)

    def _reveal_next(self) -> None:
        """One more line; the payment line sends the stake cards on their way."""
        kind = self.lines[self.shown][0]
        self.shown += 1
        if kind == "pay" and not self.paid_started:
            self.paid_started = True
            self.table.effects.animate_payment(self.event)
        self.table.app.audio.play("card_slide" if kind == "pay" else "click")

    def paint_body(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        """The still part, painted once per language: the heading and both revealed hands."""
        event = self.event
        heading = t("noaron_table.settle.heading", n=event.round + 1, player=self.table.long_name(event.declarer))
        size = fit_size(heading, theme.HEADING - 8, body.width - 80, bold=True)
        draw_text_centered(surface, heading, size, theme.INK, (body.centerx, body.top + 52), True)
        for row, seat in enumerate((self.table.top_seat, self.table.bottom)):
            self._draw_hand(surface, seat, body.left + 50, body.top + 104 + row * 118)

    def draw(self, surface: pygame.Surface) -> None:
        """The cached paper with the hands, the lines shown so far, the button, the lit stakes."""
        if self._surface is None or self._painted_language != language():
            # A cache of pixels only: drawing it changes nothing the game can see.
            self._surface = self.render()
            self._painted_language = language()
        body = self.RECT
        surface.blit(self._surface, (body.left - 20, body.top - 20))
        self._draw_stakes_lit(surface)
        y, step = self._line_places()
        for kind, text in self.lines[:self.shown]:
            colour = {"plus": theme.FUTON, "end": theme.FUTON, "loss": theme.INK}.get(kind, theme.INK_SOFT)
            bold = kind in ("loss", "end", "next", "pay")
            size = fit_size(text, min(theme.BODY, round(step * LINE_FILL)), body.width - 120, bold=bold)
            image = fonts.text(text, size, colour, bold)
            surface.blit(image, image.get_rect(midleft=(body.left + 70, round(y))))
            y += step
        self.group.draw(surface)

    def _line_places(self) -> tuple[float, float]:
        """The first line's middle and the step between lines: 40 apart, closer when the lines
        (a tie, a forced declaration, a halved zatsu, two +3s...) would reach the button."""
        first = self.RECT.top + LINES_TOP
        room = self.button.rect.top - LINES_GAP - first
        count = max(1, len(self.lines))
        step = min(LINE_STEP, room / count)
        return first + step / 2, step

    def _draw_stakes_lit(self, surface: pygame.Surface) -> None:
        """The stake rows, paid heaps and stake cards in flight, above the veil (they are the point)."""
        for seat in (0, 1):
            self.table.painting.paint_stakes(surface, seat)
            self.table.painting.paint_paid(surface, seat)
        for sprite in self.table.flying:
            if sprite.scale <= STAKE_SCALE + 0.01:
                sprite.draw(surface)

    def _draw_hand(self, surface: pygame.Surface, seat: int, left: int, top: int) -> None:
        """A seat's name, its revealed hand (yaku framed, zatsu cards with their point pips) and its score."""
        event = self.event
        pygame.draw.circle(surface, seat_color(seat), (left + 18, top + 22), 16)
        symbol = fonts.text(theme.SEAT_SYMBOLS[seat % len(theme.SEAT_SYMBOLS)], theme.TINY - 2, theme.TEXT, True)
        surface.blit(symbol, symbol.get_rect(center=(left + 18, top + 22)))
        name = self.table.name_of(seat)
        tag = t("noaron_table.settle.declarer") if seat == event.declarer else ""
        label = fonts.text(name + (f"  {tag}" if tag else ""), fit_size(name, theme.SMALL, 260, True), theme.INK, True)
        surface.blit(label, label.get_rect(midleft=(left + 44, top + 22)))
        hand, cut = event.hands[seat], event.cuts[seat]
        width, height = scaled_size(self.MINI_SCALE)
        x0 = left + 10
        y0 = top + 48

        def block(start: int, length: int) -> pygame.Rect:
            first = x0 + start * self.MINI_STEP
            return pygame.Rect(first - 7, y0 - 7, (length - 1) * self.MINI_STEP + width + 14, height + 14)

        if cut.yaku_length and cut.zatsu_is_yaku:
            rect = block(*zatsu_span(cut, len(hand)))
            surface.blit(cards_art.ring(rect.size, cards_art.SECOND_FRAME, 3, 12), rect)
        if cut.yaku_length:
            rect = block(cut.yaku_start, cut.yaku_length)
            surface.blit(cards_art.band(rect.size, theme.GOLD, 90, 12), rect)
            surface.blit(cards_art.ring(rect.size, theme.GOLD, 3, 12), rect)
        for index, colour in enumerate(hand):
            image = cards_art.face_at(colour, self.MINI_SCALE, pip_for(cut, index, len(hand)))
            surface.blit(image, (x0 + index * self.MINI_STEP, y0))
        text = cut_summary(cut)
        info = fonts.text(text, theme.SMALL, theme.INK_SOFT)
        right = x0 + (len(hand) - 1) * self.MINI_STEP + width + 30
        surface.blit(info, info.get_rect(midleft=(right, y0 + height // 2 - 16)))
        score = fonts.text(counted("noaron_table.points", cut.score), theme.LARGE, theme.INK, True)
        surface.blit(score, score.get_rect(midleft=(right, y0 + height // 2 + 20)))
        if seat == event.loser:
            mark = fonts.text(t("noaron_table.settle.loser"), theme.SMALL, theme.FUTON, True)
            surface.blit(mark, mark.get_rect(midleft=(right + 130, y0 + height // 2 + 20)))
