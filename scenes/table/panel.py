"""The table's modal panels: ``ModalPanel`` (a paper panel over the dimmed table with Continue)
and ``SteppedPanel`` (one that shows its content step by step: a settlement line by line, a final
score column by column)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.i18n import language
from scenes.engine import crisp, theme
from scenes.engine import input as intents
from scenes.engine.input import Intent
from scenes.engine.ui import Button, FocusGroup
from scenes.table import art

if TYPE_CHECKING:
    from scenes.table.base import TableScene


class ModalPanel:
    """A paper panel over the dimmed table with one button (Continue); it takes every intent.

    Subclasses paint their content in ``paint_body``; the picture is made once per language.
    ``waited`` counts (scaled) seconds for the table's auto-continue.
    """

    RECT = pygame.Rect(460, 250, 1000, 520)

    def __init__(self, table: TableScene, label: Callable[[], str]) -> None:
        self.table = table
        button_rect = pygame.Rect(0, 0, 360, theme.BUTTON_HEIGHT)
        button_rect.midbottom = (self.RECT.centerx, self.RECT.bottom - 34)
        self.button = Button(button_rect, label, table.continue_round)
        self.group = FocusGroup([self.button], audio=getattr(table.app, "audio", None))
        self.group.show_focus = True
        self.waited = 0.0
        self._surface: pygame.Surface | None = None
        self._language: tuple[str, int] | None = None  # (language, crisp generation) it was painted for

    def handle(self, intent: Intent) -> bool:
        """The panel is modal: Continue by click/tap/Enter; everything else is swallowed."""
        if intent.kind == intents.ACTIVATE:
            self.button.activate()
            return True
        self.group.handle(intent)
        return True

    def render(self) -> pygame.Surface:
        """Paint the panel: shadow, paper, a gold line, then the subclass's body."""
        width, height = self.RECT.size
        surface = crisp.canvas((width + 40, height + 40), pygame.SRCALPHA)  # its text is marked
        shadow = art.panel_shadow((width, height))
        surface.blit(shadow, shadow.get_rect(center=(width // 2 + 20, height // 2 + 30)))
        body = pygame.Rect(20, 20, width, height)
        pygame.draw.rect(surface, theme.PAPER, body, border_radius=28)
        pygame.draw.rect(surface, theme.GOLD, body.inflate(-16, -16), 2, border_radius=22)
        self.paint_body(surface, body)
        return surface

    def paint_body(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        """The panel's content inside ``body`` (panel-local coordinates). Override."""

    def draw(self, surface: pygame.Surface) -> None:
        """The cached panel, then the live button."""
        if self._surface is None or self._language != (language(), crisp.generation()):
            # A cache of pixels only: drawing it changes nothing the game can see.
            self._surface = self.render()
            self._language = (language(), crisp.generation())
        surface.blit(self._surface, (self.RECT.left - 20, self.RECT.top - 20))
        self.group.draw(surface)


class SteppedPanel(ModalPanel):
    """A panel whose content comes step by step at the animation speed, ``STEP`` seconds apart
    (at instant speed all at once). A click on the panel or Enter before the end shows every
    step; Continue is there once all are shown. Subclasses set ``shown`` (steps shown) and
    ``clock`` (scaled seconds) to 0 and say how many steps there are and what one more does."""

    STEP = 0.75  # seconds between two steps at normal speed
    shown: int
    clock: float

    def steps(self) -> int:
        """How many steps the panel has. Override."""
        raise NotImplementedError

    def _reveal_next(self) -> None:
        """Show one more step (``shown`` += 1, with its sound). Override."""
        raise NotImplementedError

    def between_steps(self) -> None:
        """Called in a frame that reveals nothing (e.g. to paint the next step ahead)."""

    def complete(self) -> bool:
        """True once every step is shown (Continue is enabled)."""
        return self.shown >= self.steps()

    def reveal_all(self) -> None:
        """Show every step now (instant speed, or a click before the end)."""
        while not self.complete():
            self._reveal_next()

    def update(self, dt: float, speed: float) -> None:
        """Reveal the steps one by one at the animation speed."""
        if speed <= 0:
            self.reveal_all()
            return
        self.clock += dt * speed
        shown = self.shown
        while not self.complete() and self.clock >= self.STEP * (self.shown + 1):
            self._reveal_next()
        if self.shown == shown and not self.complete():
            self.between_steps()

    def handle(self, intent: Intent) -> bool:
        """Modal: a click on the panel or Enter first shows every step, then continues."""
        if not self.complete() and (intent.kind == intents.ACTIVATE or
                                    (intent.kind == intents.RELEASE and self.RECT.collidepoint(intent.pos))):
            self.reveal_all()
            return True
        return super().handle(intent)
