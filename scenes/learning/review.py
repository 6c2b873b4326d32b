"""The review screen: step through a finished match on its own table, see where it turned.

The table is the game's own ``TableScene``, built on a ``Match`` replayed to step N from the
reviewed seat's side, with its AI, input, buttons and autosave off. → plays the next action (its
events animate as in play), ← rebuilds the table one step back, Home/End go to the deal and the
end; the same by the buttons of the review dock (lower right, where the table's own buttons were)
and by tapping the graph. The dock shows the seat's estimated win-chance line along the match
with the current step and the three key moments marked; at a key moment the table's banner says
what was played and what Hard would have played, and the better move's pieces glow.

The analysis (``game.review.ReviewJob``) runs in processes while the screen steps; a bar in the
top right shows how far it is, and the line grows as decisions come in.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable
from typing import Any

import pygame

from game.coach import percent
from game.core.match import Match
from game.i18n import t
from game.review import Decision, Review, ReviewJob
from scenes.engine import fonts, theme
from scenes.engine import input as intents
from scenes.engine.app import App, Scene
from scenes.engine.input import Intent
from scenes.engine.ui import Button, FocusGroup, draw_text, draw_text_centered, fit_size, mix
from scenes.table.launch import make_scene
from scenes.table.saver import NullSaver

log = logging.getLogger("kotatsu.review")

# ----- layout (logical 1920x1080): the dock takes the corner of the table's action buttons -------
DOCK = pygame.Rect(1526, 790, 380, 280)
GRAPH = pygame.Rect(1548, 838, 336, 124)
STEP_BUTTONS_Y = 990
STEP_BUTTON = (78, 66)
PROGRESS = pygame.Rect(1140, 30, 440, 60)  # where the table's Log and Help buttons were
CLOSE_RECT = pygame.Rect(1600, 30, 292, 60)
MOMENT_RADIUS = 15
GLOW_WIDTH = 6


class _NoButtons:
    """Stands in for the table's buttons (the still layer needs one widget): nothing to draw."""

    rect = pygame.Rect(0, 0, 0, 0)
    hovered = pressed = False
    text = ""

    def is_enabled(self) -> bool:
        """Never."""
        return False

    def contains(self, pos: tuple[int, int]) -> bool:
        """Nothing is here."""
        return False

    def activate(self) -> None:
        """Nothing to do."""

    def draw(self, surface: pygame.Surface, focused: bool = False) -> None:
        """Nothing to draw."""


class ReviewScene(Scene):
    """Step through ``match`` from ``seat``'s side (default: its first person, else seat 0)."""

    def __init__(self, app: App, match: Match, seat: int | None = None, *, jobs: int = 2,
                 budget: float | None = None, playouts: int | None = None, advisor: Any = None) -> None:
        super().__init__(app)
        self.source = match
        humans = [index for index, info in enumerate(match.seats) if info.is_human]
        self.seat = seat if seat is not None else (humans[0] if humans else 0)
        self.total = len(match.log)
        self.step = 0
        self.error = ""
        self.job: ReviewJob | None = ReviewJob(match, (self.seat,), jobs=jobs, budget=budget, playouts=playouts,
                                               advisor=advisor)
        self.review: Review = self.job.review()
        self.clock = 0.0  # for the glow's pulse
        self.table: Any = self._table_at(0)
        self.group = FocusGroup(self._buttons(), audio=getattr(app, "audio", None))

    # ----- the table ----------------------------------------------------------------------------
    def _table_at(self, steps: int) -> Any:
        """The game's table on the match replayed to ``steps``, quiet: no AI, buttons, saves."""
        table = make_scene(self.app, self.source.after(steps), self.seat, ai_enabled=False)
        table.saver = NullSaver()
        table.finish_match = lambda event=None: None  # type: ignore[method-assign]  # no results screen mid-review
        table.humans = []  # round panels close by themselves; no curtain
        table.buttons = FocusGroup([_NoButtons()])
        table.KEYS_TEXT = "review.keys"
        table.PAD_TEXT = "pad.review_hint"
        table.status_text = self.caption  # type: ignore[method-assign]  # the review's caption is the banner
        return table

    def _settle(self) -> None:
        """Finish what the table is showing (animations, panels) at once."""
        table = self.table
        for _ in range(100):
            table.continue_round()
            table.fast_forward()
            if not table.pending and table.panel is None:
                break

    def go_to(self, step: int) -> None:
        """Show the table after ``step`` actions: one step forward animates, anything else rebuilds."""
        step = max(0, min(self.total, step))
        if step == self.step:
            return
        if step == self.step + 1:
            self._settle()
            entry = self.source.log[self.step]
            table = self.table
            events = table.match.apply(entry.seat, table.rules.decode_action(entry.action))
            table.on_applied(events)
            table.pending.extend(events)
            table.refresh_hints()
        else:
            self.table.exit()
            self.table = self._table_at(step)
        self.step = step

    def forward(self) -> None:
        """One action on."""
        self.go_to(self.step + 1)

    def backward(self) -> None:
        """One action back."""
        self.go_to(self.step - 1)

    def first(self) -> None:
        """The deal."""
        self.go_to(0)

    def last(self) -> None:
        """The end of the match."""
        self.go_to(self.total)

    def close(self) -> None:
        """Leave the review (the analysis stops)."""
        if self.app.top is self:
            self.app.pop()

    # ----- what the dock and the banner say ------------------------------------------------------
    def decision_here(self) -> Decision | None:
        """The reviewed seat's decision about to be made at this step, once analysed."""
        return next((d for d in self.review.decisions if d.index == self.step), None)

    def moment_here(self) -> int:
        """The key moment (1 to 3) about to be played at this step, or 0."""
        for number, moment in enumerate(self.review.moments, start=1):
            if moment.index == self.step:
                return number
        return 0

    def caption(self) -> str:
        """The table's banner: the key moment or decision at this step, else the move count."""
        decision = self.decision_here()
        if decision is None:
            if self.step >= self.total:
                return t("review.caption.end", total=self.total)
            return t("review.caption.step", step=self.step + 1, total=self.total)
        played, best = self.review.words(decision)
        texts: dict[str, Any] = {"move": decision.move_number, "played": played, "best": best,
                 "played_win": percent(decision.played_win), "best_win": percent(decision.best_win)}
        number = self.moment_here()
        if number:
            return t("review.caption.moment", n=number, **texts)
        if decision.played == decision.best:
            return t("review.caption.kept", **texts)
        return t("review.caption.choice", **texts)

    def _buttons(self) -> list[Button]:
        """First, back, forward, last; and close at the top right."""
        x = DOCK.x + (DOCK.width - 4 * STEP_BUTTON[0] - 3 * 10) // 2
        rows: list[tuple[str, Callable[[], None], Callable[[], bool]]] = [
            ("|◀", self.first, lambda: self.step > 0),
            ("◀", self.backward, lambda: self.step > 0),
            ("▶", self.forward, lambda: self.step < self.total),
            ("▶|", self.last, lambda: self.step < self.total),
        ]
        buttons = []
        for index, (label, action, enabled) in enumerate(rows):
            rect = pygame.Rect(x + index * (STEP_BUTTON[0] + 10), STEP_BUTTONS_Y, *STEP_BUTTON)
            buttons.append(Button(rect, label, action, enabled=enabled, style="secondary"))
        buttons.append(Button(CLOSE_RECT, lambda: t("review.close"), self.close, style="ghost"))
        return buttons

    # ----- scene --------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        """Play the table's animations and collect the analysis as it comes."""
        self.clock += dt
        self.table.update(dt)
        if self.job is None:
            return
        try:
            finished = self.job.poll()
        except Exception:  # a failed process: stepping still works, the dock says so
            log.exception("the review analysis failed")
            self.error = t("review.failed")
            self.job.close(now=True)
            self.job = None
            return
        self.review = self.job.review()
        if finished:
            self.job = None

    def handle(self, intent: Intent) -> bool:
        """←/→ step, Home/End, Esc closes; the dock's buttons and graph take pointer and keys."""
        kind = intent.kind
        if kind == intents.NAV and intent.dx:
            self.go_to(self.step + intent.dx)
        elif kind == intents.KEY and intent.key in ("home", "end"):
            self.first() if intent.key == "home" else self.last()
        elif kind == intents.BACK:
            self.close()
        elif kind == intents.PRESS and (moment := self._moment_at(intent.pos)) is not None:
            self.go_to(moment.index)
        elif (kind == intents.PRESS or (kind == intents.MOVE and intent.held)) and GRAPH.collidepoint(intent.pos):
            self.go_to(self._step_at(intent.pos[0]))  # a tap or a drag along the line
        else:
            self.group.handle(intent)
        return True

    def exit(self) -> None:
        """Stop the analysis and let the table go."""
        if self.job is not None:
            self.job.close(now=True)
            self.job = None
        self.table.exit()

    # ----- drawing ------------------------------------------------------------------------------
    def _x_of(self, step: float) -> int:
        """Where step ``step`` lies across the graph."""
        return GRAPH.x + round(GRAPH.width * step / max(1, self.total))

    def _step_at(self, x: int) -> int:
        """The step nearest to ``x`` on the graph."""
        return round((x - GRAPH.x) / GRAPH.width * self.total)

    def _moment_at(self, pos: tuple[int, int]) -> Decision | None:
        """The key moment whose badge is under ``pos`` (a finger's width around it), or None."""
        for _, moment, (x, y) in self._moment_marks():
            if math.hypot(pos[0] - x, pos[1] - y) <= MOMENT_RADIUS + 10:
                return moment
        return None

    def _y_of(self, win: float) -> int:
        """Where a win chance lies up the graph."""
        return GRAPH.bottom - round(GRAPH.height * win)

    def draw(self, surface: pygame.Surface) -> None:
        """The table, the glow of the better move, the dock and the analysis bar."""
        self.table.draw(surface)
        self._draw_glow(surface)
        self._draw_dock(surface)
        self._draw_progress(surface)
        self.group.draw(surface)

    def _draw_glow(self, surface: pygame.Surface) -> None:
        """At a key moment, once the table is at rest: the better move's pieces, pulsing."""
        decision = self.decision_here()
        if not self.moment_here() or decision is None or not self.table.at_rest():
            return
        spots = best_spots(self.table, decision.best)
        pulse = 0.5 + 0.5 * math.sin(self.clock * 4.0)
        colour = mix(theme.GOLD, theme.OK, pulse)
        for rect in spots:
            pygame.draw.rect(surface, colour, rect.inflate(14, 14), GLOW_WIDTH, border_radius=14)

    def _draw_dock(self, surface: pygame.Surface) -> None:
        """The dock: the step count, the graph with the line and marks, the buttons' plate."""
        pygame.draw.rect(surface, (*theme.ROOM,), DOCK, border_radius=22)
        pygame.draw.rect(surface, theme.WOOD, DOCK, 3, border_radius=22)
        label = t("review.step", step=self.step, total=self.total)
        draw_text(surface, label, theme.SMALL, theme.TEXT, (DOCK.x + 22, DOCK.y + 12), True)
        seat_note = t("review.line")
        size = fit_size(seat_note, theme.LEAST + 1, 150, smallest=theme.LEAST)
        note = fonts.text(seat_note, size, theme.TEXT_DIM)
        surface.blit(note, note.get_rect(topright=(DOCK.right - 22, DOCK.y + 16)))
        self._draw_graph(surface)

    def _draw_graph(self, surface: pygame.Surface) -> None:
        """The win-chance line along the match, 50% dashed, the step and the key moments."""
        pygame.draw.rect(surface, mix(theme.ROOM, theme.FELT, 0.6), GRAPH, border_radius=8)
        middle = self._y_of(0.5)
        for x in range(GRAPH.x + 4, GRAPH.right - 4, 14):
            pygame.draw.line(surface, theme.TEXT_DIM, (x, middle), (x + 6, middle), 1)
        points = [(self._x_of(index + 0.5), self._y_of(win)) for index, win in self.review.line(self.seat)]
        if len(points) > 1:
            pygame.draw.aalines(surface, theme.GOLD, False, points)
            pygame.draw.lines(surface, theme.GOLD, False, points, 3)
        for point in points:
            pygame.draw.circle(surface, theme.GOLD, point, 3)
        x = self._x_of(self.step)
        pygame.draw.line(surface, theme.ACCENT, (x, GRAPH.y - 4), (x, GRAPH.bottom + 4), 3)
        for number, moment, centre in self._moment_marks():
            current = moment.index == self.step
            pygame.draw.circle(surface, theme.FUTON if not current else theme.ACCENT, centre, MOMENT_RADIUS)
            pygame.draw.circle(surface, theme.TEXT, centre, MOMENT_RADIUS, 2)
            draw_text_centered(surface, str(number), theme.LEAST + 1, theme.TEXT, centre, True)

    def _moment_marks(self) -> list[tuple[int, Decision, tuple[int, int]]]:
        """(number, moment, centre) of each key moment's badge along the bottom of the graph;
        badges that would touch are stacked upwards."""
        marks: list[tuple[int, Decision, tuple[int, int]]] = []
        step = 2 * MOMENT_RADIUS + 2
        for number, moment in sorted(enumerate(self.review.moments, start=1), key=lambda pair: pair[1].index):
            x = self._x_of(moment.index + 0.5)
            level = sum(1 for _, _, (other, _) in marks if abs(other - x) < step)
            marks.append((number, moment, (x, GRAPH.bottom - MOMENT_RADIUS - 2 - level * step)))
        return marks

    def _draw_progress(self, surface: pygame.Surface) -> None:
        """While the analysis runs (or after it failed): a bar and what it is doing."""
        job = self.job
        if job is None and not self.error:
            return
        pygame.draw.rect(surface, theme.ROOM, PROGRESS, border_radius=16)
        if self.error or job is None:  # (no job: there is an error)
            draw_text_centered(surface, self.error, theme.TINY, theme.BAD, PROGRESS.center)
            return
        done, total = job.done, job.total
        text = t("review.analysing", done=done, total=total)
        draw_text(surface, text, theme.TINY, theme.TEXT, (PROGRESS.x + 18, PROGRESS.y + 6))
        bar = pygame.Rect(PROGRESS.x + 18, PROGRESS.bottom - 18, PROGRESS.width - 36, 8)
        pygame.draw.rect(surface, theme.WOOD_DARK, bar, border_radius=4)
        filled = bar.copy()
        filled.width = round(bar.width * done / max(1, total))
        if filled.width:
            pygame.draw.rect(surface, theme.GOLD, filled, border_radius=4)


def best_spots(table: Any, notation: str) -> list[pygame.Rect]:
    """Where the move ``notation`` would be played on ``table`` (the game's ``action_spots``), or
    nothing when the game has none or the table cannot say now."""
    from scenes.table.registry import spots as spots_of

    try:
        spots = spots_of(table.match.game_id)
        action = table.rules.decode_action(notation)
        return list(spots.action_spots(table, action))
    except Exception:  # noqa: BLE001 - a glow is a nicety; a review never stops on it
        return []

