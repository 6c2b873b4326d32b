"""The guided first game ("Learn in 3 minutes"): a layer over a game's real table scene.

The table underneath is the ordinary ``scenes.<game>`` table of the tutorial's match, built with
its AI switched off. ``TutorialLayer`` sits above it (a transparent scene): it runs the table,
passes the person's input through, and

- shows the step's caption on a card that keeps clear of what it points at and of the viewer's
  strip, with a soft pulsing glow on the step's spots (``scenes.<game>.spots``) and an arrow;
- is the table's ``guide`` (``scenes.table.base.Guide``) while the script runs: a move other than
  the step's expected one is refused with a friendly line and springs back, and nothing reaches
  the match; Undo and the Hint are off, and say so. Whatever the table would say in a toast (a
  refusal, "Undo is off", "no hints") is said on the caption card instead, where it can be read:
  a toast near the bottom would lie under the card;
- plays the AI seats' scripted replies itself, with the AI's usual pause;
- goes on from an explanation step on a click, a tap or Enter; "Skip tutorial" ends the script.

When the script ends (or is skipped) the table's AI is switched on (the other seats are Easy),
the layer leaves, and the person plays on freely; the results come at the end as usual.
"""

from __future__ import annotations

import importlib
import math
from collections import deque
from types import ModuleType
from typing import Any

import pygame

from game.i18n import t
from game.tutorials import PERSON, Step, Tutorial, load
from scenes.engine import fonts, theme
from scenes.engine import input as intents
from scenes.engine.app import FPS, App, Scene
from scenes.engine.input import Intent
from scenes.engine.plate import show_plate
from scenes.engine.ui import Button, draw_panel
from scenes.table.ai_seats import AI_MIN_THINK
from scenes.table.base import SCREEN, TableScene
from scenes.table.saver import NullSaver

CARD_WIDTH = 700  # px: the caption card
CARD_PAD = 26
CAPTION_SIZE = theme.BODY
SMALL_SIZE = theme.SMALL  # the step counter and the "go on" line (well above theme.LEAST)
SKIP_SIZE = (250, theme.MIN_TARGET)
GLOW_GROW = 14  # px the glow stands out around a spot
PULSE = 1.6  # seconds of one glow pulse
GLOW_PULSES = 3  # the glow breathes this many times when a step shows, then holds still (costs no frames)
GLOW_RATE = 20.0  # frames a second for the glow's slow pulse (nothing else moves)
ARROW_GAP = 10  # px between an arrow's tip and its spot's glow
ARROW_LENGTH = 70  # px
SPOTS_EVERY = 0.25  # seconds between re-reads of where the spots are (pieces move)
MARGIN = 24  # px the card keeps from the screen's edges
FREE_TOAST = 5.0  # seconds the "play on" line shows
UNDO_TOAST = 3.0  # seconds the "undo is off" line shows
# A click or tap goes on from an explanation only once it has shown this long: the second click
# of a mouse's double click (a move's gesture) must not skip the next caption unread.
CLICK_GUARD = 0.35  # seconds


def spots_module(game_id: str) -> ModuleType:
    """``scenes.<game>.spots``."""
    return importlib.import_module(f"scenes.{game_id}.spots")


def make_tutorial_table(app: App, tutorial: Tutorial) -> TableScene:
    """The game's real table for a fresh tutorial match, its AI off while the script runs. It
    saves nothing: a tutorial never replaces the person's autosaved match."""
    module = importlib.import_module(f"scenes.{tutorial.game}")
    match = tutorial.new_match()
    match.tutorial = True  # type: ignore[attr-defined]  # its first moves were the script's: no review
    table = module.make_table(app, match, viewer=PERSON, ai_enabled=False)
    assert isinstance(table, TableScene)
    table.saver = NullSaver()
    return table


def open_tutorial(app: App, game_id: str) -> TutorialLayer:
    """Show ``game_id``'s tutorial above the bottom scene (the title): its table, then the layer."""
    tutorial = load(game_id)
    show_plate(app)  # building the table takes a moment: say so in the window first
    table = make_tutorial_table(app, tutorial)
    while len(app.scenes) > 1:
        app.pop()
    app.push(table)
    layer = TutorialLayer(app, table, tutorial)
    app.push(layer)
    return layer


class TutorialLayer(Scene):
    """The captions, glows and guard over a tutorial's table (see the module docstring)."""

    opaque = False

    def __init__(self, app: App, table: TableScene, tutorial: Tutorial) -> None:
        super().__init__(app)
        self.table = table
        self.tutorial = tutorial
        self.steps = tutorial.steps
        self.index = 0
        self.replies: deque[tuple[int, str]] = deque()
        self.waited = 0.0  # seconds the next reply has waited for its pause
        self.moved = False  # the current step's move (or click) is done; replies may follow
        self.shown_for = 0.0  # seconds the current step has been ready (see CLICK_GUARD)
        self.done = False
        self.wrong_text = ""
        self.spots: list[pygame.Rect] = []
        self.card = pygame.Rect(0, 0, 0, 0)  # where the caption card was drawn last
        self.places: list[pygame.Rect] = []  # the table's other named places (the card avoids them too)
        self._spots_key: tuple[Any, ...] = ()
        self._spots_age = 0.0
        self._drawn_key: tuple[Any, ...] = ()  # the card's key when it was last drawn (see frame_rate)
        self.skip_button = Button(pygame.Rect((0, 0), SKIP_SIZE), lambda: t("tutorial.skip"), self.skip,
                                  style="secondary")
        table.guide = self  # the table asks the layer before a move, an undo or a hint

    # ----- the script ----------------------------------------------------------------------------
    @property
    def step(self) -> Step | None:
        """The current step (None once the script is over)."""
        return self.steps[self.index] if not self.done and self.index < len(self.steps) else None

    def ready(self) -> bool:
        """True when the current step is shown and waits for the person: the table is at rest and
        no scripted reply is still to come."""
        return self.step is not None and not self.moved and not self.replies and self.table.idle()

    def expected_action(self) -> Any:
        """The current step's expected action, decoded (None for an explanation)."""
        step = self.step
        if step is None or not step.expect:
            return None
        return self.table.rules.decode_action(step.expect)

    def allows(self, action: Any) -> bool:
        """While the script runs only the step's expected move goes to the match; anything else
        (legal or not) is refused with the step's friendly line (the table's ``Guide`` hook)."""
        step = self.step
        if step is None:
            return True
        notation = self.table.rules.encode_action(action)
        if not self.ready() or not step.waits_for_move or not step.accepts(notation):
            self.wrong_text = t(step.wrong_key() if step.waits_for_move else "tutorial.next")
            self.table.refuse(self.wrong_text)
            return False
        return True

    def after_move(self) -> None:
        """The step's move went through: on to its replies and the next step."""
        if self.step is not None:
            self.wrong_text = ""
            self.finish_step()

    def refuses_undo(self) -> bool:
        """Undo is off while the script runs (it would step off the scripted path): say so."""
        if self.step is None:
            return False
        self.table.toast.show(t("tutorial.undo_off"), UNDO_TOAST)
        return True

    def hint_refusal(self) -> str | None:
        """No Hint while the script leads (the caption already says what to play)."""
        return "tutorial.hint_off" if self.step is not None else None

    def finish_step(self) -> None:
        """The step's move or click is done: its replies come next, then the next step."""
        step = self.step
        if step is None:
            return
        self.moved = True
        self.replies.extend(step.replies)
        self.waited = 0.0
        self.app.audio.play("click")

    def advance(self) -> None:
        """Show the next step once the table is at rest and the replies are played."""
        if not self.moved or self.replies or not self.table.idle():
            return
        self.index += 1
        self.moved = False
        self.shown_for = 0.0
        self._spots_key = ()
        self.wrong_text = ""
        if self.index >= len(self.steps):
            self.end_script()

    def play_reply(self, dt: float) -> None:
        """Play the next scripted AI reply after the AI's usual pause (at once at speed 0)."""
        if not self.replies or not self.table.idle():
            return
        speed = self.table.speed()
        self.waited += dt * speed
        if speed > 0 and self.waited < AI_MIN_THINK:
            return
        seat, notation = self.replies.popleft()
        match = self.table.match
        events = match.apply(seat, match.rules.decode_action(notation))
        self.table.after_apply(events)
        self.waited = 0.0

    def skip(self) -> None:
        """"Skip tutorial": end the script now; the match goes on against the Easy AI."""
        self.end_script()

    def end_script(self) -> None:
        """Give the table back: its own attempt and undo, the AI on, the layer gone."""
        if self.done:
            return
        self.done = True
        table = self.table
        table.guide = None
        table.ai_enabled = True
        table.toast.show(t("tutorial.free"), FREE_TOAST)
        if self.app.top is self:
            self.app.pop()

    # ----- scene ----------------------------------------------------------------------------------
    def enter(self) -> None:
        """Nothing to start: the table below already runs."""

    def exit(self) -> None:
        """Leaving (a skip, the end, or the menu): the table gets its methods back."""
        if not self.done:
            self.done = True
            self.table.guide = None
            self.table.ai_enabled = True

    def pause(self) -> None:
        """Help or the pause menu on top: the table lets go of a held piece."""
        self.table.pause()

    def resume(self) -> None:
        """Back on top."""
        self.table.resume()

    def update(self, dt: float) -> None:
        """Run the table, the scripted replies and the step."""
        self.table.update(dt)
        if self.app.top is not self:
            return  # the table opened something (results, help): it runs from there
        self.play_reply(dt)
        self.advance()
        self.take_toast()
        if self.ready():
            self.shown_for += dt
        self._spots_age += dt

    def frame_rate(self) -> float:
        """The table's rate, ``FPS`` while a scripted reply is to come or the card must change
        (a new step, a refused move's line), the glow's slow pulse while a step's spots glow,
        else 0: a tutorial waiting for the person costs no more than a still table."""
        table_rate = self.table.frame_rate()
        if table_rate >= FPS or self.replies or self.moved or self._card_key() != self._drawn_key:
            return FPS
        if self.glow_pulsing() and self.table.panel is None and self.current_spots():
            return max(table_rate, GLOW_RATE)
        return table_rate

    def glow_pulsing(self) -> bool:
        """True while the step's glow still breathes (its first ``GLOW_PULSES`` pulses)."""
        return self.step is not None and self.shown_for < GLOW_PULSES * PULSE

    def glow_pulse(self) -> float:
        """The glow's strength (0..1): breathing from full when the step shows, then a still full."""
        if not self.glow_pulsing():
            return 1.0
        return 0.5 + 0.5 * math.cos(self.shown_for * 2 * math.pi / PULSE)

    def _card_key(self) -> tuple[Any, ...]:
        """What the layer shows apart from the glow's pulse, in a few cheap values."""
        return (self.index, self.ready(), self.done, self.wrong_text, self.table.panel is None)

    def take_toast(self) -> None:
        """Move the table's toast onto the caption card: the card would cover it."""
        toast = self.table.toast
        if self.step is not None and toast.visible:
            self.wrong_text = toast.message
            toast.hide()

    def handle(self, intent: Intent) -> bool:
        """Skip; a click, tap or Enter on an explanation step; everything else to the table."""
        kind = intent.kind
        pointer = kind in (intents.PRESS, intents.MOVE, intents.RELEASE)
        if pointer and self.skip_button.contains(intent.pos):
            if kind == intents.RELEASE:
                self.skip()
            return True
        if pointer and any(button.contains(intent.pos) for button in self.table.buttons.widgets):
            hint = getattr(self.table, "hint_button", None)
            if kind == intents.RELEASE and hint is not None and hint.contains(intent.pos) and not hint.is_enabled:
                self.table.press_hint()  # a greyed Hint still says why (on the card)
                return True
            return self.table.handle(intent)  # Log, Help, Menu (and the game's buttons) work as ever
        step = self.step
        if step is not None and not step.waits_for_move and self.ready() and self.table.panel is None:
            if kind == intents.ACTIVATE or (kind == intents.PRESS and self.shown_for >= CLICK_GUARD):
                self.finish_step()
                return True
            if pointer or kind in (intents.NAV, intents.FOCUS_NEXT, intents.FOCUS_PREV):
                return True  # an explanation is on: the table waits
        return self.table.handle(intent)

    # ----- where to point -------------------------------------------------------------------------
    def glowing_controls(self) -> list[Any]:
        """The table's buttons that glow now (a spot that is a button, or holds one filling at
        least half of it): each must work, and do the step's move."""
        spots = self.current_spots()
        return [button for button in self.table.buttons.widgets
                if any(spot.contains(button.rect) and 2 * button.rect.width * button.rect.height
                       >= spot.width * spot.height for spot in spots)]

    def current_spots(self) -> list[pygame.Rect]:
        """The step's spots now: the expected action's pieces, then its named places."""
        step = self.step
        if step is None or not self.ready():
            return []
        table = self.table
        key = (self.index, len(table.match.log), table.speed())
        if key == self._spots_key and self._spots_age < SPOTS_EVERY:
            return self.spots
        self._spots_key, self._spots_age = key, 0.0
        module = spots_module(self.tutorial.game)
        rects: list[pygame.Rect] = []
        action = self.expected_action()
        try:
            if action is not None:
                rects.extend(module.action_spots(table, action))
            named = module.named_spots(table)
        except (LookupError, StopIteration, ValueError):  # a piece still on its way: none this frame
            named = {}
        rects.extend(named[name] for name in step.spots if name in named)
        self.spots = [rect for rect in rects if rect.width > 0 and rect.height > 0]
        self.places = [rect for name, rect in named.items() if name not in step.spots]
        return self.spots

    # ----- drawing --------------------------------------------------------------------------------
    def caption_lines(self) -> list[str]:
        """The caption wrapped to the card."""
        step = self.step
        if step is None:
            return []
        return fonts.wrap(t(step.caption), CAPTION_SIZE, CARD_WIDTH - 2 * CARD_PAD)

    def card_rect(self, lines: list[str], avoid: list[pygame.Rect], rather_not: list[pygame.Rect]) -> pygame.Rect:
        """Where the caption card goes: the candidate place that covers the least of ``avoid``
        (the spots, the viewer's strip, the table's buttons), then of ``rather_not`` (the
        table's other places)."""
        height = CARD_PAD * 2 + len(lines) * fonts.line_height(CAPTION_SIZE) + 16 + SKIP_SIZE[1]
        if self.wrong_text:
            height += len(self.wrong_lines()) * fonts.line_height(SMALL_SIZE) + 8
        height += len(self.footer()[1]) * fonts.line_height(SMALL_SIZE)
        size = (CARD_WIDTH, height)
        strip = self.table.viewer_strip()
        top, bottom = 110, strip.top - MARGIN - height
        places = [(MARGIN + 150, top), (SCREEN[0] - CARD_WIDTH - MARGIN, top + 20),
                  (SCREEN[0] // 2 - CARD_WIDTH // 2, top), (MARGIN + 150, bottom),
                  (SCREEN[0] - CARD_WIDTH - MARGIN, bottom), (SCREEN[0] // 2 - CARD_WIDTH // 2, bottom),
                  (MARGIN, (top + bottom) // 2), (SCREEN[0] - CARD_WIDTH - MARGIN, (top + bottom) // 2)]

        def covered(rect: pygame.Rect, others: list[pygame.Rect]) -> int:
            total = 0
            for other in others:
                clip = rect.clip(other.inflate(2 * GLOW_GROW, 2 * GLOW_GROW))
                total += clip.width * clip.height
            return total

        rects = [pygame.Rect((x, max(MARGIN, y)), size) for x, y in places]
        return min(rects, key=lambda rect: (covered(rect, avoid), covered(rect, rather_not)))

    def footer(self) -> tuple[str, list[str]]:
        """The card's last lines: (the text beside Skip, the lines above it). "Step n of m · Click
        or press Enter to go on" sits beside Skip when it fits whole; else the step counter does
        and the "go on" line is wrapped above it (never dropped: it says what to do)."""
        step = self.step
        counter = t("tutorial.step", n=self.index + 1, total=len(self.steps))
        if step is None:
            return counter, []
        hint = t("tutorial.your_move") if step.waits_for_move else t("tutorial.next")
        text = f"{counter} · {hint}"
        if fonts.text_width(text, SMALL_SIZE) <= CARD_WIDTH - 2 * CARD_PAD - SKIP_SIZE[0] - 20:
            return text, []
        return counter, fonts.wrap(hint, SMALL_SIZE, CARD_WIDTH - 2 * CARD_PAD)

    def wrong_lines(self) -> list[str]:
        """The friendly line after a refused move, wrapped."""
        return fonts.wrap(self.wrong_text, SMALL_SIZE, CARD_WIDTH - 2 * CARD_PAD) if self.wrong_text else []

    def draw(self, surface: pygame.Surface) -> None:
        """Glows, the arrow and the caption card over the table (drawn below by the app)."""
        step = self.step
        self._drawn_key = self._card_key()
        if step is None or self.table.panel is not None:
            return  # a round's panel is up: it has the table's attention (and its Continue) alone
        spots = self.current_spots()
        pulse = self.glow_pulse()
        for rect in spots:
            draw_glow(surface, rect, pulse)
        lines = self.caption_lines()
        avoid = spots + [self.table.viewer_strip()] + [button.rect for button in self.table.buttons.widgets]
        card = self.card = self.card_rect(lines, avoid, self.places)
        strip = self.table.viewer_strip()
        pointed = [rect for rect in spots if not strip.colliderect(rect)]  # the arrow stays off the prompt
        if pointed:
            target = pointed[0]
            others = [rect for rect in spots + self.places if rect is not target and not rect.contains(target)]
            direction = arrow_direction(target, [*others, card, strip])
            draw_arrow(surface, target, direction, pulse)
        self.draw_card(surface, card, lines, step)

    def draw_card(self, surface: pygame.Surface, card: pygame.Rect, lines: list[str], step: Step) -> None:
        """The caption card: the caption, a refused move's line, the counter and Skip."""
        draw_panel(surface, card, theme.PAPER, radius=22)
        pygame.draw.rect(surface, theme.GOLD, card, 3, border_radius=22)
        y = card.top + CARD_PAD
        line_height = fonts.line_height(CAPTION_SIZE)
        for line in lines:
            surface.blit(fonts.text(line, CAPTION_SIZE, theme.INK), (card.left + CARD_PAD, y))
            y += line_height
        for line in self.wrong_lines():
            surface.blit(fonts.text(line, SMALL_SIZE, theme.BAD, bold=True), (card.left + CARD_PAD, y + 8))
            y += fonts.line_height(SMALL_SIZE)
        bottom = card.bottom - CARD_PAD // 2 - SKIP_SIZE[1] // 2
        beside, above = self.footer()
        if not self.ready():  # the move is made, the replies play: only the counter (same height)
            beside, above = t("tutorial.step", n=self.index + 1, total=len(self.steps)), []
        y = bottom - SKIP_SIZE[1] // 2 - len(above) * fonts.line_height(SMALL_SIZE)
        for line in above:
            surface.blit(fonts.text(line, SMALL_SIZE, theme.INK_SOFT), (card.left + CARD_PAD, y))
            y += fonts.line_height(SMALL_SIZE)
        image = fonts.text(beside, SMALL_SIZE, theme.INK_SOFT)
        surface.blit(image, image.get_rect(midleft=(card.left + CARD_PAD, bottom)))
        self.skip_button.rect.midright = (card.right - CARD_PAD // 2, bottom)
        self.skip_button.draw(surface)


def draw_glow(surface: pygame.Surface, rect: pygame.Rect, pulse: float) -> None:
    """A soft gold halo around ``rect`` that breathes with ``pulse`` (0..1): a faint wash over
    the spot and a bright outline with a softer ring outside it."""
    outer = rect.inflate(2 * GLOW_GROW, 2 * GLOW_GROW)
    glow = pygame.Surface(outer.inflate(24, 24).size, pygame.SRCALPHA)
    inner = pygame.Rect(12, 12, outer.width, outer.height)
    strength = 0.65 + 0.35 * pulse
    pygame.draw.rect(glow, (*theme.GOLD, round(60 * strength)), inner, border_radius=18)
    for grow, alpha, width in ((10, 70, 6), (5, 140, 5), (0, 255, 7)):
        pygame.draw.rect(glow, (*theme.GOLD, round(alpha * strength)), inner.inflate(grow * 2, grow * 2),
                         width, border_radius=18 + grow)
    surface.blit(glow, (outer.x - 12, outer.y - 12))


DIRECTIONS: tuple[tuple[int, int], ...] = ((0, 1), (1, 0), (-1, 0), (0, -1))  # from above, left, right, below


def arrow_direction(target: pygame.Rect, avoid: list[pygame.Rect]) -> pygame.Vector2:
    """Which way the arrow at ``target`` points (it comes from the other side): the first of
    from above, from the left, from the right, from below whose arrow stays on the screen and
    covers the least of ``avoid`` (other spots, the card, the viewer's strip, the table's places)."""
    screen = pygame.Rect((0, 0), SCREEN)
    best: tuple[int, int, pygame.Vector2] | None = None
    for order, (dx, dy) in enumerate(DIRECTIONS):
        direction = pygame.Vector2(dx, dy)
        body = arrow_body(target, direction)
        if not screen.contains(body):
            continue
        covered = sum(body.clip(rect).width * body.clip(rect).height for rect in avoid)
        if best is None or (covered, order) < best[:2]:
            best = (covered, order, direction)
    return best[2] if best is not None else pygame.Vector2(0, 1)


def arrow_body(target: pygame.Rect, direction: pygame.Vector2) -> pygame.Rect:
    """The area an arrow pointing along ``direction`` at ``target`` covers."""
    tip = _tip(target, direction)
    tail = tip - direction * ARROW_LENGTH
    corner = (round(min(tip.x, tail.x)), round(min(tip.y, tail.y)))
    return pygame.Rect(corner, (round(abs(tip.x - tail.x)), round(abs(tip.y - tail.y)))).inflate(48, 48)


def _tip(target: pygame.Rect, direction: pygame.Vector2) -> pygame.Vector2:
    """Where an arrow along ``direction`` ends: just outside ``target``'s glow."""
    reach = GLOW_GROW + ARROW_GAP
    half = pygame.Vector2(target.width / 2 + reach, target.height / 2 + reach)
    return pygame.Vector2(target.center) - pygame.Vector2(direction.x * half.x, direction.y * half.y)


def draw_arrow(surface: pygame.Surface, target: pygame.Rect, direction: pygame.Vector2, pulse: float) -> None:
    """A short gold arrow that bobs just outside ``target``, pointing at it along ``direction``."""
    tip = _tip(target, direction) - direction * 8 * pulse
    tail = tip - direction * ARROW_LENGTH
    neck = tip - direction * 30
    side = pygame.Vector2(-direction.y, direction.x) * 22
    head = [tip, neck + side, neck - side]
    pygame.draw.line(surface, theme.INK, tail, neck, 16)
    pygame.draw.line(surface, theme.GOLD, tail, neck, 10)
    pygame.draw.polygon(surface, theme.GOLD, head)
    pygame.draw.polygon(surface, theme.INK, head, 3)
