"""The join plate over a LAN table: its 4-letter join code, the address to type, and each seat's
state (here, away, free, an AI), in a small plate placed where that game's table leaves room.

It is an app overlay (``App.overlays``) drawn only while its table is the top scene, and it takes
itself off once the table has left the scene stack.
"""

from __future__ import annotations

import weakref
from typing import Any

import pygame

from game.i18n import t
from scenes.engine import fonts, theme
from scenes.engine.app import App, Scene
from scenes.engine.ui import clipped, draw_text, draw_text_centered, fit_size, seat_color

PADDING = 16
SEAT_STEP = 72  # px per seat in the plate's row of seats, at most
DISC = 17
# Where the plate goes per game, on the 1920x1080 canvas: (left, top, width), a place each table
# leaves free at every player count (checked on screenshots): neko on the felt's left, between the
# score sheet and the left seat; NEW & OLD under the Log/Help/Menu buttons; ノアロン on the felt's
# left, above the deck; Nostalgic and the Wallpaper in the bottom row, left of the Hint button.
SPOTS = {
    "neko": (176, 318, 384),
    "newold": (1490, 96, 384),
    "noaron": (196, 186, 384),
    "nostalgic": (1272, 872, 300),
    "wallpaper": (1268, 872, 304),
}
DEFAULT_SPOT = (1490, 96, 384)


def seat_states(remote: Any) -> list[str]:
    """Each seat's state for the plate: "you", "here", "away", "free", "ai", or "standin" (the
    AI plays for a person away longer than the table's patience)."""
    view = getattr(remote, "view", None)
    infos = list(getattr(view, "seats", None) or [])
    own = getattr(remote, "seat", None)
    states = []
    for index, seat in enumerate(remote.seats):
        info = infos[index] if index < len(infos) else None
        if not seat.is_human:
            states.append("ai")
        elif index == own:
            states.append("you")
        elif info is None or not info.taken:
            states.append("free")
        elif getattr(info, "standin", ""):
            states.append("standin")
        else:
            states.append("here" if info.connected else "away")
    return states


def shown_address(remote: Any, address: str | None) -> str:
    """The address to show: the one given (the host's LAN address), else the one joined."""
    text = address or str(getattr(remote, "address", ""))
    for prefix in ("ws://", "wss://"):
        text = text.removeprefix(prefix)
    return text.rstrip("/")


class JoinPlate:
    """The plate of one remote table (see the module docstring)."""

    def __init__(self, app: App, scene: Scene, remote: Any, address: str | None) -> None:
        self.app = app
        self.scene = weakref.ref(scene)
        self.remote = remote
        self.address = shown_address(remote, address)
        left, top, width = SPOTS.get(getattr(remote, "game_id", ""), DEFAULT_SPOT)
        self.rect = pygame.Rect(left, top, width, self.height())
        self.step = min(SEAT_STEP, (width - PADDING * 2) // max(1, len(remote.seats)))

    def height(self) -> int:
        """The code line, the address line, the seats' row with its words."""
        return PADDING * 2 + fonts.line_height(theme.BODY, True) + fonts.line_height(theme.TINY) + 8 + DISC * 2 + 6 \
            + fonts.line_height(theme.LEAST)

    def tick(self, dt: float) -> None:
        """Take the plate off once its table has left the stack."""
        scene = self.scene()
        if scene is None or scene not in self.app.scenes:
            self.detach()

    def detach(self) -> None:
        """Off the app's overlays and frame hooks."""
        if self.draw in self.app.overlays:
            self.app.overlays.remove(self.draw)
        if self.tick in self.app.frame_hooks:
            self.app.frame_hooks.remove(self.tick)

    def draw(self, surface: pygame.Surface) -> None:
        """The plate, while its table is on top (not under the pause menu or the results)."""
        if self.app.top is not self.scene():
            return
        pygame.draw.rect(surface, theme.INK, self.rect, border_radius=16)  # opaque: nothing shows through
        pygame.draw.rect(surface, theme.GOLD, self.rect, 2, border_radius=16)
        x, y = self.rect.x + PADDING, self.rect.y + PADDING
        label = t("lan.plate.code")
        drawn = draw_text(surface, label, theme.SMALL, theme.TEXT_DIM, (x, y + 4))
        code = str(getattr(self.remote, "join_code", ""))
        draw_text(surface, code, theme.BODY, theme.GOLD, (drawn.right + 12, y), True)
        y += fonts.line_height(theme.BODY, True)
        width = self.rect.width - PADDING * 2
        size = fit_size(self.address, theme.TINY, width, smallest=theme.LEAST)
        draw_text(surface, clipped(self.address, size, width), size, theme.TEXT, (x, y))
        y += fonts.line_height(theme.TINY) + 8
        self._draw_seats(surface, x, y)

    def _draw_seats(self, surface: pygame.Surface, x: int, y: int) -> None:
        """A disc per seat (its colour and symbol; hollow when nobody sits there) over a word."""
        for index, state in enumerate(seat_states(self.remote)):
            center = (x + index * self.step + self.step // 2, y + DISC)
            colour = seat_color(index)
            if state in ("free", "away", "standin"):
                pygame.draw.circle(surface, colour, center, DISC, 3)
            else:
                pygame.draw.circle(surface, colour, center, DISC)
            symbol = theme.SEAT_SYMBOLS[index % len(theme.SEAT_SYMBOLS)]
            draw_text_centered(surface, symbol, theme.LEAST,
                               colour if state in ("free", "away", "standin") else theme.TEXT,
                               center, True)
            word = t(f"lan.plate.{state}")
            size = fit_size(word, theme.LEAST, self.step - 4, smallest=theme.LEAST)
            ink = theme.GOLD if state == "you" else (theme.TEXT_DIM if state in ("free", "away") else theme.TEXT)
            draw_text_centered(surface, clipped(word, size, self.step - 4), size, ink,
                               (center[0], y + DISC * 2 + 6 + fonts.line_height(size) // 2))


def attach_plate(app: App, scene: Scene | None, remote: Any, address: str | None) -> JoinPlate | None:
    """Put the plate over ``scene`` (a remote table) until it leaves; None without a scene."""
    if scene is None:
        return None
    plate = JoinPlate(app, scene, remote, address)
    app.overlays.append(plate.draw)
    app.frame_hooks.append(plate.tick)
    return plate
