"""That Old Wallpaper's scoring panel: every wall and what it scored, side by side.

``ScoringPanel(table, event, observation)`` is a ``ModalPanel`` built from the ``GameScored`` event
and an observation (for the walls and the token line; any seat's or a spectator's: walls are
public). One column per player, left to right in seat order:

- the seat's emblem disc and name;
- the wall, scaled to fit, each completed shape ringed in its colour and the open halves washed pale;
- shapes: per colour (the colour's own shape as the row mark, so no colour vision is needed) the
  large and small shapes completed and the points of their pairs (2 per pair);
- memories: the four memories, the ones on the wall lit, the others faded; kinds and points;
- red ovals: the count and +2 / -2 / 0;
- the memory token: +2 for the token at the front of the line;
- the total, the winner(s) under a gold ribbon.

Under the columns: who won and, when the top total was tied, how the tie was broken (fewer red
ovals) or that the win is shared. The panel is painted once per language (``ModalPanel``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pygame

from game.i18n import t
from game.rules.wallpaper import (
    COLOURS,
    MEMORIES,
    OVAL,
    WILD,
    completed_shapes,
    memories_on,
    shape_counts,
)
from scenes.engine import fonts, theme
from scenes.engine.ui import draw_text_centered, fit_size, signed_text
from scenes.table.panel import ModalPanel
from scenes.wallpaper.art_cards import draw_emblem, token
from scenes.wallpaper.art_motifs import faded, memory_icon, motif
from scenes.wallpaper.art_paper import SEAT_COLOURS
from scenes.wallpaper.art_walls import wall_picture
from scenes.wallpaper.layout import fitted_cell_width

Cell = tuple[int, int]
Wall = dict[Cell, tuple[int, int]]

# ----- layout (panel-local, the body's top-left is (20, 20)) -----------------------------------------
LABEL_WIDTH = 250  # the left column with the row titles
WALL_HEIGHT = 250
HEADER_HEIGHT = 48
SHAPE_LINE = 28
MEMORY_ICON = 40
ROW_GAP = 8
WALL_LARGEST = 150  # the walls' cell width on the panel never exceeds this
CONTENT_TOP = 118  # the columns start this far below the body's top (the outcome is above)


def _walls_of(observation: Any, players: int) -> list[Wall]:
    """Each player's wall (as a dict) from an observation's ``walls``."""
    walls = list(getattr(observation, "walls", ()))
    return [dict(walls[seat]) if seat < len(walls) else {} for seat in range(players)]


class ScoringPanel(ModalPanel):
    """The final scoring (see the module docstring). ``on_continue`` replaces the table's
    ``continue_round`` as the button's action (e.g. to open the results at once)."""

    RECT = pygame.Rect(36, 18, 1848, 1044)

    def __init__(self, table: Any, event: Any, observation: Any, *,
                 on_continue: Callable[[], None] | None = None,
                 names: Sequence[str] | None = None) -> None:
        super().__init__(table, lambda: t("table.see_results"))
        if on_continue is not None:
            self.button.on_click = on_continue
        self.event = event
        self.players = len(event.totals)
        self.walls = _walls_of(observation, self.players)
        self.token_line = tuple(getattr(observation, "token_line", ()))
        self.names = list(names) if names is not None else None
        self.shapes = [completed_shapes(wall) for wall in self.walls]
        self.counts = [shape_counts(wall) for wall in self.walls]
        self.kinds = [memories_on(wall) for wall in self.walls]

    # ----- facts ---------------------------------------------------------------------------------
    def name_of(self, seat: int) -> str:
        """A player's name on the panel."""
        if self.names is not None and seat < len(self.names):
            return self.names[seat]
        name_of = getattr(self.table, "name_of", None)
        return name_of(seat) if callable(name_of) else t("ui.seat.player", n=seat + 1)

    def tie_note(self) -> str:
        """The tiebreak note: "" when the top total was not tied."""
        totals = self.event.totals
        best = max(totals)
        tied = [seat for seat, total in enumerate(totals) if total == best]
        if len(tied) < 2:
            return ""
        if len(self.event.winners) > 1:
            return t("wallpaper_score.note.shared")
        return t("wallpaper_score.note.oval_tiebreak", n=best)

    def outcome(self) -> str:
        """Who won (or who shares the win), with the points."""
        winners = list(self.event.winners)
        best = max(self.event.totals)
        if len(winners) == 1:
            return t("wallpaper_score.wins", player=self.name_of(winners[0]), n=best)
        names = t("wallpaper_score.and").join(self.name_of(seat) for seat in winners)
        return t("wallpaper_score.shared", n=best, players=names)

    # ----- layout --------------------------------------------------------------------------------
    def columns(self, body: pygame.Rect) -> list[pygame.Rect]:
        """One rectangle per player (full height of the content area)."""
        left = body.left + LABEL_WIDTH + 24
        width = (body.right - 30 - left) // self.players
        top = body.top + CONTENT_TOP
        end = self.row_tops(top)["end"]
        return [pygame.Rect(left + seat * width, top, width, end - top) for seat in range(self.players)]

    def row_tops(self, top: int) -> dict[str, int]:
        """The top y of each row of the columns."""
        rows: dict[str, int] = {}
        y = top
        for name, height in (("header", HEADER_HEIGHT), ("wall", WALL_HEIGHT + ROW_GAP),
                             ("shapes", SHAPE_LINE * 6 + ROW_GAP), ("memories", 80 + ROW_GAP),
                             ("ovals", 62 + ROW_GAP), ("token", 62 + ROW_GAP), ("total", 64)):
            rows[name] = y
            y += height
        rows["end"] = y
        return rows

    # ----- painting ------------------------------------------------------------------------------
    def paint_body(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        """The outcome and tie note on top, the row titles on the left, one column per player."""
        self._paint_outcome(surface, body)
        columns = self.columns(body)
        rows = self.row_tops(columns[0].top)
        self._paint_bands(surface, body, columns, rows)
        self._paint_labels(surface, body, rows)
        for seat, column in enumerate(columns):
            self._paint_column(surface, seat, column, rows)

    def _paint_outcome(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        """Who won, large; under it the tiebreak note, or the heading when nothing was tied."""
        text = self.outcome()
        size = fit_size(text, theme.HEADING, body.width - 160, True)
        draw_text_centered(surface, text, size, theme.INK, (body.centerx, body.top + 50), True)
        note = self.tie_note() or t("wallpaper_score.heading")
        draw_text_centered(surface, note, fit_size(note, theme.BODY - 2, body.width - 160), theme.INK_SOFT,
                           (body.centerx, body.top + 96))

    def _paint_bands(self, surface: pygame.Surface, body: pygame.Rect, columns: list[pygame.Rect],
                     rows: Mapping[str, int]) -> None:
        """Soft bands behind alternate rows, thin lines between the columns, a gold frame around
        each winner's column."""
        left, right = body.left + 30, columns[-1].right
        for name, following in (("shapes", "memories"), ("ovals", "token"), ("total", "end")):
            band = pygame.Surface((right - left, rows[following] - rows[name] - ROW_GAP // 2), pygame.SRCALPHA)
            pygame.draw.rect(band, (*theme.PAPER_SHADE, 120), band.get_rect(), border_radius=12)
            surface.blit(band, (left, rows[name] - ROW_GAP // 2))
        for column in columns[1:]:
            pygame.draw.line(surface, theme.PAPER_SHADE, (column.left, rows["header"] + 6),
                             (column.left, rows["end"] - 6), 2)
        for seat in self.event.winners:
            column = columns[seat]
            frame = pygame.Rect(column.left + 4, rows["header"] - 4, column.width - 8, rows["end"] - rows["header"] + 6)
            pygame.draw.rect(surface, theme.GOLD, frame, 4, border_radius=18)

    def _paint_labels(self, surface: pygame.Surface, body: pygame.Rect, rows: Mapping[str, int]) -> None:
        """The row titles in the left column, each with a hint of how it scores; beside the walls
        the legend of the rings."""
        x = body.left + 44
        width = LABEL_WIDTH - 30
        entries = (("shapes", "wallpaper_score.row.shapes", "wallpaper_score.row.shapes_hint"),
                   ("memories", "wallpaper_score.row.memories", "wallpaper_score.row.memories_hint"),
                   ("ovals", "wallpaper_score.row.ovals", "wallpaper_score.row.ovals_hint"),
                   ("token", "wallpaper_score.row.token", "wallpaper_score.row.token_hint"),
                   ("total", "wallpaper_score.row.total", ""))
        for row, title_key, hint_key in entries:
            title = t(title_key)
            image = fonts.text(title, fit_size(title, theme.BODY, width, True), theme.INK, True)
            y = rows[row] + (4 if hint_key else 16)
            surface.blit(image, (x, y))
            if hint_key:
                hint_size = theme.TINY - 2
                for index, line in enumerate(fonts.wrap(t(hint_key), hint_size, width)[:2]):
                    hint = fonts.text(line, hint_size, theme.INK_SOFT)
                    surface.blit(hint, (x, y + image.get_height() + index * hint.get_height()))
        lines = fonts.wrap(t("wallpaper_score.legend"), theme.TINY, width)
        if WILD in {shape.colour for shapes in self.shapes for shape in shapes}:
            lines += [""] + fonts.wrap(t("wallpaper_score.note.wild"), theme.TINY, width)
        y = rows["wall"] + 8
        for line in lines[:9]:
            image = fonts.text(line, theme.TINY, theme.INK_SOFT)
            surface.blit(image, (x, y))
            y += fonts.line_height(theme.TINY)

    def _paint_column(self, surface: pygame.Surface, seat: int, column: pygame.Rect, rows: Mapping[str, int]) -> None:
        """One player: header, wall, shapes, memories, red ovals, token, total."""
        self._paint_header(surface, seat, column, rows["header"])
        self._paint_wall(surface, seat, column, rows["wall"])
        self._paint_shapes(surface, seat, column, rows["shapes"])
        self._paint_memories(surface, seat, column, rows["memories"])
        self._paint_ovals(surface, seat, column, rows["ovals"])
        self._paint_token(surface, seat, column, rows["token"])
        self._paint_total(surface, seat, column, rows["total"])

    def _paint_header(self, surface: pygame.Surface, seat: int, column: pygame.Rect, top: int) -> None:
        """The seat's emblem disc and name, centred over the column."""
        name = self.name_of(seat)
        size = fit_size(name, theme.BODY, column.width - 90, True)
        image = fonts.text(name, size, theme.INK, True)
        y = top + HEADER_HEIGHT // 2
        left = column.centerx - (40 + image.get_width()) // 2
        pygame.draw.circle(surface, SEAT_COLOURS[seat % 5], (left + 16, y), 17)
        draw_emblem(surface, seat % 5, (left + 16, y), 9, theme.PAPER)
        surface.blit(image, image.get_rect(midleft=(left + 40, y)))

    def _paint_wall(self, surface: pygame.Surface, seat: int, column: pygame.Rect, top: int) -> None:
        """The wall, as large as fits, centred in its box."""
        box = pygame.Rect(column.left + 12, top, column.width - 24, WALL_HEIGHT)
        wall = self.walls[seat]
        if not wall:
            draw_text_centered(surface, t("wallpaper_score.none"), theme.LARGE, theme.INK_SOFT, box.center)
            return
        picture, _ = wall_picture(wall, self.cell_width(box.size), shapes=self.shapes[seat], dim_open=True)
        surface.blit(picture, picture.get_rect(center=box.center))

    def cell_width(self, box: tuple[int, int]) -> int:
        """One cell width for every wall (the largest at which all fit ``box``), so the walls
        compare at a glance."""
        return min(fitted_cell_width(wall, box, WALL_LARGEST) for wall in self.walls if wall) if any(
            self.walls) else WALL_LARGEST

    @staticmethod
    def _slots(column: pygame.Rect) -> tuple[int, int, int, int]:
        """x of a row's mark, of its two middle values and of its points (the same in every row)."""
        return column.centerx - 100, column.centerx - 36, column.centerx + 22, column.centerx + 96

    def _paint_shapes(self, surface: pygame.Surface, seat: int, column: pygame.Rect, top: int) -> None:
        """Per colour: its shape, large and small completed, the pairs' points; the sum below."""
        counts = self.counts[seat]
        x_icon, x_large, x_small, x_points = self._slots(column)
        for x, key in ((x_large, "wallpaper_score.large"), (x_small, "wallpaper_score.small")):
            draw_text_centered(surface, t(key), theme.TINY, theme.INK_SOFT, (x, top + SHAPE_LINE // 2), True)
        for line, colour in enumerate(COLOURS):
            y = top + SHAPE_LINE * (line + 1) + SHAPE_LINE // 2
            large, small = counts.get(colour, (0, 0))
            points = 2 * min(large, small)
            mark = motif(colour, SHAPE_LINE - 3)
            surface.blit(mark, mark.get_rect(center=(x_icon, y)))
            for x, value in ((x_large, large), (x_small, small)):
                draw_text_centered(surface, str(value), theme.SMALL, theme.INK if value else theme.INK_SOFT, (x, y),
                                   bool(value))
            draw_text_centered(surface, signed_text(points) if points else "·", theme.SMALL,
                               theme.INK if points else theme.INK_SOFT, (x_points, y), bool(points))
        y = top + SHAPE_LINE * 5 + SHAPE_LINE // 2
        pygame.draw.line(surface, theme.INK_SOFT, (x_icon - 16, y - SHAPE_LINE // 2), (x_points + 30, y - SHAPE_LINE // 2))
        draw_text_centered(surface, signed_text(self.event.shapes[seat]), theme.BODY, theme.INK, (x_points, y + 2), True)

    def _paint_memories(self, surface: pygame.Surface, seat: int, column: pygame.Rect, top: int) -> None:
        """The four memories (lit when on the wall), the number of kinds and the points."""
        kinds = self.kinds[seat]
        x_icon, _, _, x_points = self._slots(column)
        step = MEMORY_ICON + 5
        y = top + 28
        for index, memory in enumerate(MEMORIES):
            icon = memory_icon(memory, MEMORY_ICON, faded=memory not in kinds)
            surface.blit(icon, icon.get_rect(center=(x_icon + index * step, y)))
        draw_text_centered(surface, signed_text(self.event.memories[seat]), theme.BODY, theme.INK, (x_points, y), True)
        kinds_text = t("wallpaper_score.kind_one") if len(kinds) == 1 else t("wallpaper_score.kinds", n=len(kinds))
        draw_text_centered(surface, kinds_text, theme.TINY, theme.INK_SOFT, (x_icon + step * 3 // 2, top + 64))

    def _paint_ovals(self, surface: pygame.Surface, seat: int, column: pygame.Rect, top: int) -> None:
        """The red oval, how many are on the wall, fewest/most, and the points."""
        y = top + 30
        x_icon, x_count, x_tag, x_points = self._slots(column)
        icon = memory_icon(OVAL, 38)
        surface.blit(icon, icon.get_rect(center=(x_icon, y)))
        draw_text_centered(surface, t("wallpaper_score.count", n=self.event.ovals[seat]), theme.SMALL, theme.INK,
                           (x_count, y), True)
        points = self.event.oval_points[seat]
        if points:
            tag = t("wallpaper_score.fewest") if points > 0 else t("wallpaper_score.most")
            draw_text_centered(surface, tag, theme.TINY, theme.INK_SOFT, (x_tag + 8, y))
        colour = theme.INK if points > 0 else theme.FUTON if points < 0 else theme.INK_SOFT
        draw_text_centered(surface, signed_text(points), theme.BODY, colour, (x_points, y), True)

    def _paint_token(self, surface: pygame.Surface, seat: int, column: pygame.Rect, top: int) -> None:
        """The seat's memory token and its place in the line; +2 at the front."""
        y = top + 30
        x_icon, _, _, x_points = self._slots(column)
        points = self.event.token[seat]
        chip = token(SEAT_COLOURS[seat % 5], 36, seat=seat % 5)
        if not points:
            chip = faded(chip, ("token", seat % 5, 36))
        surface.blit(chip, chip.get_rect(center=(x_icon, y)))
        if points:
            text = t("wallpaper_score.front")
        elif seat in self.token_line:
            text = t("wallpaper_score.place", n=self.token_line.index(seat) + 1)
        else:
            text = ""
        if text:
            draw_text_centered(surface, text, theme.TINY, theme.INK_SOFT, ((x_icon + x_points) // 2 - 10, y))
        draw_text_centered(surface, signed_text(points), theme.BODY, theme.INK if points else theme.INK_SOFT,
                           (x_points, y), True)

    def _paint_total(self, surface: pygame.Surface, seat: int, column: pygame.Rect, top: int) -> None:
        """The total, large; a winner's beside a gold "Winner" ribbon."""
        y = top + 32
        x_icon, _, _, x_points = self._slots(column)
        if seat in self.event.winners:
            label = t("wallpaper_score.winner")
            image = fonts.text(label, fit_size(label, theme.SMALL, 130, True), theme.INK, True)
            ribbon = pygame.Rect(0, 0, image.get_width() + 36, 40)
            ribbon.midleft = (x_icon - 24, y)
            pygame.draw.rect(surface, theme.GOLD, ribbon, border_radius=20)
            pygame.draw.rect(surface, (176, 128, 44), ribbon, 2, border_radius=20)
            surface.blit(image, image.get_rect(center=ribbon.center))
        draw_text_centered(surface, str(self.event.totals[seat]), theme.LARGE + 4, theme.INK, (x_points, y), True)

