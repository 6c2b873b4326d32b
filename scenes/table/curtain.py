"""Pass-the-device curtain: an opaque screen between two human seats, so hands stay hidden.

The next player takes the device and taps (or clicks, or presses Enter) when nobody else is
looking; the curtain lifts and ``on_ready`` runs. A release only counts after a press on the
curtain itself, so the tap that ended the previous turn cannot lift it by accident.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pygame

from game.core.match import Seat
from game.i18n import t
from scenes.engine import fonts, theme
from scenes.engine import input as intents
from scenes.engine.app import App, Scene
from scenes.engine.input import Intent
from scenes.engine.ui import Toast, draw_room, draw_text_centered, fit_size, mix, seat_color, seat_label

PULSE_RATE = 20.0  # frames a second for the prompt's slow pulse (a period of two seconds)


def pass_title(seat_index: int, seat: Seat) -> str:
    """The curtain's usual title: "Pass to Player 2 ▲"."""
    return t("ui.curtain.pass_to", name=seat_label(seat_index, seat))


def ready_subtitle() -> str:
    """The curtain's usual subtitle: "Tap when you are ready"."""
    return t("ui.curtain.tap_ready")


class Curtain(Scene):
    """Covers the whole table until the next player says they are ready."""

    opaque = True
    # (match, seat, people's seats) whose pad may lift it: set only by a hot-seat table
    # (``scenes.table.hotseat``); ``App.pad_refused`` reads it with getattr, so a curtain
    # without one is open to every pad. An annotation only: no class attribute at run time.
    pad_gate: Callable[[], tuple[Any, int, list[int]] | None]

    def __init__(
        self,
        app: App,
        title: str,
        subtitle: str,
        on_ready: Callable[[], None],
        *,
        seat: int | None = None,
    ) -> None:
        super().__init__(app)
        self.title = title
        self.subtitle = subtitle
        self.on_ready = on_ready
        self.seat = seat  # colours the band with this seat's colour (its symbol is in the title)
        self.armed = False
        self.lifted = False
        self.clock = 0.0  # drives the gentle pulse of the prompt
        self.toast = Toast()  # says why another seat's pad cannot lift it (App.pad_refused)

    def handle(self, intent: Intent) -> bool:
        """A tap, click or Enter lifts the curtain; every other intent is swallowed."""
        if intent.kind == intents.PRESS:
            self.armed = True
        elif (intent.kind == intents.RELEASE and self.armed) or intent.kind == intents.ACTIVATE:
            self.lift()
        return True

    def lift(self) -> None:
        """Pop the curtain and tell the table the player is ready (once)."""
        if self.lifted:
            return
        self.lifted = True
        audio = getattr(self.app, "audio", None)
        if audio is not None:
            audio.play("click")
        if self.app.top is self:
            self.app.pop()
        self.on_ready()

    def update(self, dt: float) -> None:
        """Advance the pulse and the toast."""
        self.clock += dt
        self.toast.update(dt)

    def frame_rate(self) -> float:
        """The prompt's slow pulse needs a few frames a second, not sixty."""
        return 60.0 if self.toast.visible else PULSE_RATE

    def draw(self, surface: pygame.Surface) -> None:
        """The curtain: a noren-like band in the seat's colour over the dark room."""
        width, height = surface.get_size()
        draw_room(surface)
        band_colour = seat_color(self.seat) if self.seat is not None else theme.FUTON
        band = pygame.Rect(0, height // 2 - 230, width, 400)
        pygame.draw.rect(surface, mix(theme.ROOM, band_colour, 0.55), band)
        # noren slits: the curtain of a Japanese doorway, hinting that someone passes through
        for x in range(width // 6, width, width // 6):
            pygame.draw.line(surface, theme.ROOM, (x, band.y + 250), (x, band.bottom), 8)
        pygame.draw.rect(surface, theme.WOOD_DARK, (0, band.y - 14, width, 28))  # the noren's rod
        center_x = width // 2
        title_size = fit_size(self.title, theme.TITLE, width - 160, bold=True)
        draw_text_centered(surface, self.title, title_size, theme.TEXT, (center_x, band.y + 140), True)
        if self.seat is not None:
            self._draw_seat_badge(surface, (center_x, band.y - 110))
        pulse = 0.5 + 0.5 * math.sin(self.clock * 3.0)
        prompt_colour = mix(theme.TEXT_DIM, theme.TEXT, pulse)
        draw_text_centered(surface, self.subtitle, theme.LARGE, prompt_colour, (center_x, band.bottom + 110))
        hint = t("ui.curtain.hint")
        draw_text_centered(surface, hint, theme.SMALL, theme.TEXT_DIM, (center_x, height - 70))
        self.toast.draw(surface)

    def _draw_seat_badge(self, surface: pygame.Surface, center: tuple[int, int]) -> None:
        """A large disc in the seat's colour with its symbol (colour is never the only sign)."""
        assert self.seat is not None
        pygame.draw.circle(surface, seat_color(self.seat), center, 70)
        pygame.draw.circle(surface, theme.TEXT, center, 70, 4)
        symbol = theme.SEAT_SYMBOLS[self.seat % len(theme.SEAT_SYMBOLS)]
        image = fonts.text(symbol, theme.TITLE - 16, theme.TEXT, True)
        surface.blit(image, image.get_rect(center=center))
