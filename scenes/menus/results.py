"""The results of a finished match, for any game: winners, a per-round table, the breakdown,
totals and ranks; then "Play again" (same seats and options, a new seed) or back to the title.

Everything comes from ``Rules.result``: its breakdown keys and notes are catalogue keys, so a
game explains its own scoring categories in both languages. Under the ranks, the hints each person
asked for (``Match.hints_used``), only when anyone asked for one.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

import pygame

from game.core.autosave import clear_autosave
from game.core.match import Match
from game.core.records import Records
from game.core.rules import Result
from game.i18n import catalogue, t
from scenes.engine import fonts, theme
from scenes.engine.app import App
from scenes.engine.ui import (
    Button,
    MenuScene,
    clipped,
    draw_panel,
    draw_text_centered,
    draw_veil,
    fit_size,
    mix,
    number_text,
    seat_color,
    seat_label,
    seat_level,
    seat_name,
)
from scenes.table import launch as tables

PANEL = pygame.Rect(180, 40, 1560, 1000)
LABEL_WIDTH = 380
TABLE_TOP = 300
TABLE_BOTTOM = 860
HEADER_ROW = 96
MAX_ROW = 58


def format_points(value: float) -> str:
    """Whole numbers without a decimal point, others with one; a true minus sign."""
    return number_text(value)


def round_label(game_id: str, number: int) -> str:
    """A row of the per-round table, in the game's own word when it has one (NEW & OLD plays
    "games", as its table says), else "Round n"."""
    key = f"{game_id}.results.round"
    return t(key, n=number) if key in catalogue("en") else t("ui.results.round", n=number)


def rank_text(rank: int) -> str:
    """ "1st" / "1位" and so on."""
    key = f"ui.results.rank.{rank}"
    text = t(key)
    return text if text != key else t("ui.results.rank.n", n=rank)


COUNT_SUFFIX = "_count"  # a breakdown key that counts things rather than scoring points


def breakdown_keys(breakdown: Sequence[dict[str, float]] | Sequence[object]) -> list[str]:
    """Every category key of the breakdown, in order of first appearance."""
    keys: list[str] = []
    for row in breakdown:
        for key in row:  # type: ignore[attr-defined]  # a row is a dict of categories
            if key not in keys:
                keys.append(key)
    return keys


def winner_line(match: Match, result: Result) -> str:
    """The headline: who won, or who shared the win."""
    names = [seat_label(seat, match.seats[seat]) for seat in result.winners]
    if len(names) == match.players > 1:
        return t("ui.results.all_tied")
    if len(names) == 1:
        return t("ui.results.winner", name=names[0])
    return t("ui.results.shared", names=t("ui.results.and").join(names))


class Results(MenuScene):
    """Shown over the final table: who won and how every point was made."""

    still_when_idle = True  # changes only on input (see MenuScene.frame_rate)

    opaque = False

    def __init__(self, app: App, match: Match) -> None:
        super().__init__(app)
        self.match = match
        self.result = match.result()
        bottom = PANEL.bottom - 50 - theme.BUTTON_HEIGHT
        center = PANEL.centerx
        self.again_button = Button(
            pygame.Rect(center + 20, bottom, 380, theme.BUTTON_HEIGHT),
            lambda: t("ui.results.again"),
            self.play_again,
        )
        self.title_button = Button(
            pygame.Rect(center - 400, bottom, 380, theme.BUTTON_HEIGHT),
            lambda: t("ui.results.title"),
            self.to_title,
            style="secondary",
        )
        self.review_button = Button(  # a look back at the match (scenes.learning.review)
            pygame.Rect(PANEL.x + 40, bottom, 320, theme.BUTTON_HEIGHT), lambda: t("review.button"),
            self.open_review, style="secondary",
        )
        remote = getattr(match, "remote", False)  # a LAN match: the host keeps it
        row = [self.title_button] if remote else [self.title_button, self.again_button]
        # a kiosk's visitors do not start an analysis nobody will wait for; a tutorial's first
        # moves were the script's, not the person's choices: it is left out of review
        if not app.locked and not remote and not getattr(match, "tutorial", False):
            row.insert(0, self.review_button)
        # centred as one row
        x = center - (sum(button.rect.width for button in row) + 20 * (len(row) - 1)) // 2
        for button in row:
            button.rect.x = x
            x += button.rect.width + 20
        self.group.set_widgets(row)
        self.group.focus_on(row[-1])

    def enter(self) -> None:
        """A finished match is not offered as "Continue" any more, and goes into the records of
        the people who named their seats (never in the kiosk: its visitors stay anonymous; never
        a LAN match: the host keeps it, and this client's autosave is another match)."""
        if self.match.is_over() and not getattr(self.match, "remote", False):
            clear_autosave()
            if not self.app.locked:
                self.note_records()

    def note_records(self) -> None:
        """Record the match (once per match id); say so when a bad records file was put aside.
        The end of a match never fails for the records: ``Records`` does not raise, and should a
        bug slip through, it is logged and the results are shown all the same."""
        records = Records()
        try:
            records.record_match(self.match)
        except Exception:  # a bug must not take the results screen with it
            logging.getLogger("kotatsu.records").exception("could not record the match")
            return
        if records.aside is not None:
            self.toast.show(t("records.kept_aside", name=records.aside or "?"), 6.0)

    def play_again(self) -> None:
        """A new match with the same game, seats and options, on its table."""
        tables.open_table(self.app, tables.rematch(self.match))

    def open_review(self) -> None:
        """Step through this match with Hard's view of the person's choices."""
        from scenes.learning.review import ReviewScene

        self.app.push(ReviewScene(self.app, self.match))

    def to_title(self) -> None:
        """Back to the title (the bottom of the stack)."""
        while len(self.app.scenes) > 1:
            self.app.pop()
        from scenes.menus.title import Title  # late: the title imports the screens that import this

        bottom = self.app.top
        if not isinstance(bottom, Title):
            self.app.reset_to(Title(self.app))

    def back(self) -> None:
        """Esc/Backspace: the title."""
        self.to_title()

    # ----- drawing -----------------------------------------------------------------------------
    def rows(self) -> list[tuple[str, Sequence[float], str]]:
        """Table rows as (label, one value per seat, kind): kind is round, category, total."""
        result = self.result
        rows: list[tuple[str, Sequence[float], str]] = []
        for number, points in enumerate(result.rounds, start=1):
            rows.append((round_label(self.match.game_id, number), points, "round"))
        keys = breakdown_keys(result.breakdown)
        points = [key for key in keys if not key.endswith(COUNT_SUFFIX)]
        facts = [key for key in keys if key.endswith(COUNT_SUFFIX)]
        for key in points:
            rows.append((t(key), self._values(key), "category"))
        rows.append((t("ui.results.total"), result.scores, "total"))
        # counts (Wallpaper's red ovals, its tie-break) are not points: after the total, apart
        rows.extend((t(key), self._values(key), "fact") for key in facts)
        return rows

    def hint_cells(self) -> list[str]:
        """The hints each seat used ("–" for an AI seat, which never gets one), or nothing when
        nobody asked for a hint: the row is not shown then."""
        if not any(self.match.hints_used):
            return []
        return [format_points(count) if seat.is_human else "–"
                for seat, count in zip(self.match.seats, self.match.hints_used, strict=True)]

    def _values(self, key: str) -> list[float]:
        """One breakdown category's value per seat (0 where a seat has none)."""
        return [float(seat_row.get(key, 0.0)) for seat_row in self.result.breakdown]

    def draw(self, surface: pygame.Surface) -> None:
        """Veil, panel, headline, table, notes and buttons."""
        draw_veil(surface, 190)
        draw_panel(surface, PANEL, theme.PAPER, radius=30)
        game_name = t(f"game.{self.match.game_id}.title")
        heading = t("ui.results.heading", game=game_name)
        draw_text_centered(surface, heading, theme.BODY, theme.INK_SOFT, (PANEL.centerx, PANEL.y + 60))
        headline = winner_line(self.match, self.result)
        size = fit_size(headline, theme.TITLE - 16, PANEL.width - 120, bold=True)
        headline = clipped(headline, size, PANEL.width - 120, bold=True)  # two names of 40 characters
        draw_text_centered(surface, headline, size, theme.FUTON, (PANEL.centerx, PANEL.y + 150), True)
        self._draw_table(surface)
        self._draw_notes(surface)
        self.group.draw(surface)
        self.toast.draw(surface)

    def _columns(self) -> list[pygame.Rect]:
        """One column rect per seat, right of the label column."""
        left = PANEL.x + 60 + LABEL_WIDTH
        width = (PANEL.right - 60 - left) // max(1, self.match.players)
        height = TABLE_BOTTOM - TABLE_TOP
        return [
            pygame.Rect(left + width * seat, TABLE_TOP, width, height) for seat in range(self.match.players)
        ]

    def _draw_table(self, surface: pygame.Surface) -> None:
        """Seat headers, the rows, and the winners' columns tinted gold."""
        columns = self._columns()
        rows = self.rows()
        hints = self.hint_cells()
        rank_rows = 2 if hints else 1  # the ranks, and the hints used when any were
        row_height = min(MAX_ROW, (TABLE_BOTTOM - TABLE_TOP - HEADER_ROW) // (len(rows) + rank_rows))
        table_height = HEADER_ROW + row_height * (len(rows) + rank_rows)
        for seat in self.result.winners:
            if seat < len(columns):
                tint = columns[seat].copy()
                tint.height = table_height
                pygame.draw.rect(surface, mix(theme.PAPER, theme.GOLD, 0.28), tint, border_radius=16)
        for seat, column in enumerate(columns):
            self._draw_seat_header(surface, seat, pygame.Rect(column.x, TABLE_TOP, column.width, HEADER_ROW))
        y = TABLE_TOP + HEADER_ROW
        left = PANEL.x + 60
        previous_kind = "round"
        for label, values, kind in rows:
            if kind != previous_kind:
                pygame.draw.line(surface, theme.PAPER_SHADE, (left, y), (PANEL.right - 60, y), 3)
            previous_kind = kind
            self._draw_row(surface, y, row_height, label, [format_points(v) for v in values], kind, columns)
            y += row_height
        ranks = [rank_text(rank) for rank in self.result.ranks]
        self._draw_row(surface, y, row_height, t("ui.results.rank"), ranks, "rank", columns)
        if hints:
            y += row_height
            pygame.draw.line(surface, theme.PAPER_SHADE, (left, y), (PANEL.right - 60, y), 3)
            self._draw_row(surface, y, row_height, t("coach.hint.used"), hints, "fact", columns)

    def _draw_seat_header(self, surface: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
        """A colour disc with the seat's symbol over the seat's name, and under an AI's name its
        level, small ("AI (Hard)"): a character's name alone does not say how strong it played."""
        colour = seat_color(seat)
        disc_center = (rect.centerx, rect.y + 20)
        pygame.draw.circle(surface, colour, disc_center, 19)
        symbol = theme.SEAT_SYMBOLS[seat % len(theme.SEAT_SYMBOLS)]
        draw_text_centered(surface, symbol, theme.TINY, theme.TEXT, disc_center, True)
        name = seat_name(seat, self.match.seats[seat])
        size = fit_size(name, theme.SMALL, rect.width - 16, bold=True)
        name = clipped(name, size, rect.width - 16, bold=True)
        draw_text_centered(surface, name, size, theme.INK, (rect.centerx, rect.y + 54), True)
        level = seat_level(self.match.seats[seat])
        if level:
            size = fit_size(level, theme.TINY, rect.width - 16, smallest=theme.LEAST)
            draw_text_centered(surface, clipped(level, size, rect.width - 16), size, theme.INK_SOFT,
                               (rect.centerx, rect.y + 80))

    def _draw_row(
        self,
        surface: pygame.Surface,
        y: int,
        height: int,
        label: str,
        cells: Sequence[str],
        kind: str,
        columns: Sequence[pygame.Rect],
    ) -> None:
        """One row: its label on the left, a value centred in each seat column."""
        strong = kind in ("total", "rank")
        size = theme.LARGE if strong else theme.BODY
        label_colour = theme.INK if strong else theme.INK_SOFT
        label_size = fit_size(label, size, LABEL_WIDTH - 20, bold=strong)
        image = fonts.text(label, label_size, label_colour, strong)
        surface.blit(image, image.get_rect(midleft=(PANEL.x + 60, y + height // 2)))
        for seat, (cell, column) in enumerate(zip(cells, columns, strict=True)):
            winner = seat in self.result.winners and kind == "rank"
            colour = theme.FUTON if winner else (theme.INK_SOFT if kind == "fact" else theme.INK)
            draw_text_centered(surface, cell, size, colour, (column.centerx, y + height // 2), strong)

    def _draw_notes(self, surface: pygame.Surface) -> None:
        """The game's remarks on this result (a shared win, a tie-break...), small, under the table."""
        notes = "  ".join(t(note) for note in self.result.notes)
        if notes:
            draw_text_centered(
                surface, notes, theme.SMALL, theme.INK_SOFT, (PANEL.centerx, TABLE_BOTTOM + 22)
            )
