"""A "Setting out the table…" plate, shown at once before slow work (building a table, the first
frame of a large window).

The app's loop shows nothing new while one frame does seconds of work, so a click on Start or
Continue would seem to freeze the window. ``show_plate`` paints the plate over the last frame and
puts it in the window straight away, then the slow work runs behind it; the next frame paints
over it. The canvas gets its pixels back afterwards, so a scene that repaints only what moved
never keeps the plate (its text marks no longer match and are dropped).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import t
from scenes.engine import fonts, theme
from scenes.engine.ui import draw_panel

if TYPE_CHECKING:
    from scenes.engine.app import App

PLATE_KEY = "ui.setting_out"
VEIL = (0, 0, 0, 110)  # how much the frame behind the plate is dimmed
PAD = (64, 36)  # the plate's margin around its line


def paint_plate(surface: pygame.Surface, text: str) -> pygame.Rect:
    """Dim ``surface`` and put a paper plate saying ``text`` in its middle; returns the plate."""
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill(VEIL)
    surface.blit(veil, (0, 0))
    line = fonts.text(text, theme.LARGE, theme.INK, True)
    plate = line.get_rect().inflate(2 * PAD[0], 2 * PAD[1])
    plate.center = surface.get_rect().center
    draw_panel(surface, plate)
    surface.blit(line, line.get_rect(center=plate.center))
    return plate


def show_plate(app: App, key: str = PLATE_KEY) -> bool:
    """Show the plate over the current frame in the window now (before slow work); True when
    it was shown. Headless there is no window to keep alive: nothing happens."""
    if app.headless:
        return False
    screen = app.screen  # it holds the frame the person sees now
    first = not app.scenes
    if first:
        screen.fill(theme.ROOM)  # the very first frame: nothing is built yet
    kept = screen.copy()
    paint_plate(screen, t(key))
    app.present()
    pygame.event.pump()  # the window manager sees the window answer
    screen.blit(kept, (0, 0))
    return True
