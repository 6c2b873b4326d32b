"""The Hint button of every table (a mixin of ``TableScene``): Hard's view of the viewer's position.

A person whose seat has hints on (``Seat.hints``, chosen at setup) presses Hint (or ``?`` / ``/``)
on their turn. The viewer's observation and legal moves go to a second worker process
(``game.ai.worker`` with the ``ADVICE`` level), never the true state, so the render loop keeps its
pace while Hard thinks; the button says so meanwhile. The answer marks the best move on the table
(the game's ``spots.action_spots``) and lists the three best moves with their win chances in a small
panel, as wide as its lines, clear of the viewer's hand strip. The button sits left of Log, Help and
Menu and the panel under them unless a game's table has something there: then the game moves them
(``HINT_BUTTON`` and ``HINT_STYLE``, ``HINT_PANEL_WIDTH``, ``hint_panel_areas``): the panel takes the
first of its places that leaves the marked move in sight. The hint goes away when anyone acts, the
position changes or the viewer changes; each hint asked is counted on the match (``hints_used``).
"""

from __future__ import annotations

from typing import Any

import pygame

from game.ai.advice import DEFAULT_BUDGET
from game.ai.base import decision_seed
from game.coach import TOP_MOVES, ranking_lines
from game.i18n import t
from scenes.engine import fonts, theme
from scenes.engine.ui import Button, clipped, draw_panel
from scenes.table import registry
from scenes.table.part import TablePart

HINT_RECT = (1330, 30, 150, 60)  # the button: left of Log, Help and Menu at the top right
PANEL_RIGHT = 1892  # the panel's right edge (the buttons' right edge)
PANEL_TOP = 104  # under the buttons
PANEL_WIDTH = 760  # at most: a panel is as wide as its longest line
PANEL_PAD = 20
LINE_GAP = 8
MARK_WIDTH = 6  # px of the gold frame around the best move's pieces
FEW_SAMPLES = 20  # playouts per move under which the panel says its chances are a rough guess


class HintSeat(TablePart):
    """The hint part of ``TableScene``: its button, the advice worker and what the answer shows."""

    hint_worker: Any = None
    hint_ticket: int | None = None
    hint_for: tuple[Any, ...] | None = None  # the position asked about (see ``hint_position``)
    hint_advice: Any = None
    hint_picture: pygame.Surface | None = None
    HINT_BUTTON: tuple[int, int, int, int] = HINT_RECT  # a game moves it off its own pieces
    HINT_STYLE = "ghost"  # like Log, Help and Menu; a game that puts it among its buttons matches them
    HINT_PANEL_WIDTH = PANEL_WIDTH  # longer lines wrap
    HINT_PANEL_FILLS = False  # True: the panel is that wide even when its lines are shorter

    def hint_button_widget(self) -> Button:
        """The Hint button (its label says when Hard is thinking)."""
        self.hint_button = Button(pygame.Rect(self.HINT_BUTTON), self.hint_label, self.press_hint,
                                  enabled=self.hint_shown, style=self.HINT_STYLE)
        return self.hint_button

    def hint_label(self) -> str:
        """"Hint", or "Thinking…" while the advice is being worked out."""
        return t("coach.hint.thinking") if self.hint_ticket is not None else t("coach.hint.button")

    def hint_shown(self) -> bool:
        """True when the viewer's seat gets the button: a person with hints on, on their turn."""
        return self.hint_refusal() is None

    def hint_refusal(self) -> str | None:
        """Why there is no hint for the viewer now (a catalogue key), or None when there may be."""
        guide = self.guide
        if guide is not None and (reason := guide.hint_refusal()) is not None:
            return reason
        if not self.viewer_is_person():
            return "coach.hint.off.ai"
        if not self.match.seats[self.viewer].hints:
            return "coach.hint.off.disabled"
        if self.match.is_over():
            return "coach.hint.off.over"
        if not self.viewer_may_act() or not self.match.legal_actions(self.viewer):
            return "coach.hint.off.turn"
        return None

    def hint_position(self) -> tuple[Any, ...]:
        """What identifies the position a hint is about: the viewer, the state and the log."""
        return (self.viewer, id(self.match.state), len(self.match.log))

    def press_hint(self) -> None:
        """Ask Hard about the viewer's position (again: hide the hint shown)."""
        reason = self.hint_refusal()
        if reason is not None:
            self.toast.show(t(reason), 2.5)
            return
        if self.hint_ticket is not None:
            return  # already thinking
        if self.hint_advice is not None:
            self.clear_hint()
            return
        if self.hint_worker is None:
            from game.ai.worker import AiWorker

            self.hint_worker = AiWorker(inline=self.worker_inline)
            self.hint_worker.start()
        from game.ai.worker import ADVICE

        seed = decision_seed(self.match.seed, len(self.match.log), self.viewer)
        self.hint_ticket = self.hint_worker.request(self.match.game_id, ADVICE, self.observation(),
                                                    self.match.legal_actions(self.viewer), seed, DEFAULT_BUDGET)
        self.hint_for = self.hint_position()
        self.match.hints_used[self.viewer] += 1

    def clear_hint(self) -> None:
        """Forget the hint (asked or shown)."""
        if self.hint_ticket is not None and self.hint_worker is not None:
            self.hint_worker.cancel()
        self.hint_ticket = None
        self.hint_for = None
        self.hint_advice = None
        self.hint_picture = None

    def update_hint(self) -> None:
        """Drop a hint whose position has gone; collect an answer that has arrived."""
        if self.hint_for is None:
            return
        if self.hint_for != self.hint_position() or self.hint_refusal() is not None:
            self.clear_hint()
            return
        if self.hint_ticket is None or self.hint_worker is None:
            return
        answer = self.hint_worker.poll()
        if answer is None or answer[0] != self.hint_ticket:
            return
        self.hint_ticket = None
        if answer[1] is None:
            self.hint_for = None
            self.toast.show(t("coach.hint.failed"), 2.5)
            return
        self.hint_advice = answer[1]

    def close_hint(self) -> None:
        """Leaving the table: stop the advice worker."""
        self.clear_hint()
        if self.hint_worker is not None:
            self.hint_worker.close()
            self.hint_worker = None

    # ----- drawing ------------------------------------------------------------------------------
    def hint_lines(self) -> list[str]:
        """The best moves in words with their win chances (the panel's lines)."""
        return ranking_lines(self.match.game_id, self.hint_advice, self.observation(), TOP_MOVES)

    def hint_caveat(self) -> list[str]:
        """A line saying the chances are rough when the moves listed had few playouts (a long
        match such as Wallpaper's at five may get only a handful within the budget), else none."""
        fewest = min(move.samples for move in self.hint_advice.moves[:TOP_MOVES])
        return [t("coach.hint.rough", n=fewest)] if fewest < FEW_SAMPLES else []

    def hint_panel(self) -> pygame.Surface:
        """The panel picture: a title and the top moves (cached until the hint or language changes)."""
        lines = [t("coach.hint.title"), *self.hint_lines(), *self.hint_caveat()]
        key = (id(self.hint_advice), tuple(lines))
        if self.hint_picture is not None and getattr(self, "_hint_key", None) == key:
            return self.hint_picture
        inner = self.HINT_PANEL_WIDTH - 2 * PANEL_PAD
        entries = [[fonts.text(clipped(part, theme.SMALL, inner, bold=index == 0), theme.SMALL, theme.INK, index == 0)
                    for part in fonts.wrap(line, theme.SMALL, inner, index == 0)]
                   for index, line in enumerate(lines)]
        rows = [row for entry in entries for row in entry]
        width = max(row.get_width() for row in rows) + 2 * PANEL_PAD
        width = self.HINT_PANEL_WIDTH if self.HINT_PANEL_FILLS else width
        height = 2 * PANEL_PAD + sum(row.get_height() for row in rows) + LINE_GAP * (len(entries) - 1)
        picture = pygame.Surface((width, height), pygame.SRCALPHA)
        draw_panel(picture, picture.get_rect(), radius=16, shadow=False)
        y = PANEL_PAD
        for entry in entries:  # a gap between entries, none inside a wrapped one
            for row in entry:
                picture.blit(row, (PANEL_PAD, y))
                y += row.get_height()
            y += LINE_GAP
        self.hint_picture = picture
        self._hint_key = key
        return picture

    def hint_panel_areas(self, size: tuple[int, int]) -> list[pygame.Rect]:
        """Where the panel may go, best first: under Log, Help and Menu, at the right (a game may
        say otherwise)."""
        return [pygame.Rect((PANEL_RIGHT - size[0], PANEL_TOP), size)]

    def hint_panel_place(self, size: tuple[int, int], marks: list[pygame.Rect]) -> pygame.Rect:
        """The first of ``hint_panel_areas`` (each lifted above the viewer's hand and prompt) that
        covers none of ``marks``, else the first."""
        top = self.viewer_strip().top
        areas = [area.move(0, min(0, top - area.bottom)) for area in self.hint_panel_areas(size)]
        return next((area for area in areas if area.collidelist(marks) < 0), areas[0])

    def hint_marks(self) -> list[pygame.Rect]:
        """Where the best move's pieces and target are on the table (none when the game's
        ``spots`` module cannot say)."""
        try:
            spots = registry.spots(self.match.game_id)
            return [pygame.Rect(rect) for rect in spots.action_spots(self, self.hint_advice.best.action)]
        except (ImportError, LookupError, ValueError, AttributeError, TypeError, StopIteration):
            self.logger.warning("no spots for the hint %r", self.hint_advice.best.notation)
            return []

    def draw_hint(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """Paint the hint (frames around the best move, the panel); return the areas painted."""
        if self.hint_advice is None or self.hint_for != self.hint_position():
            return []
        painted = []
        for rect in self.hint_marks():
            frame = rect.inflate(2 * MARK_WIDTH, 2 * MARK_WIDTH)
            pygame.draw.rect(surface, theme.GOLD, frame, MARK_WIDTH, border_radius=12)
            painted.append(frame)
        panel = self.hint_panel()
        area = self.hint_panel_place(panel.get_size(), painted)
        surface.blit(panel, area)
        painted.append(area)
        return painted
