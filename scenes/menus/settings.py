"""Settings: language, animation speed, sound, fullscreen. Each change applies and is saved at once."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.core.settings import ANIM_SPEEDS, settings_path
from game.i18n import language, t
from scenes.engine import fonts, theme
from scenes.engine.app import App
from scenes.engine.ui import (
    Button,
    MenuScene,
    Segmented,
    draw_heading,
    draw_panel,
    draw_room,
    draw_text_centered,
)

PANEL = pygame.Rect(300, 200, 1320, 680)
ROW_TOP = PANEL.y + 40
ROW_HEIGHT = 150
CONTROL = pygame.Rect(PANEL.x + 560, 0, 700, 80)
LANGUAGES = (("ja", "日本語"), ("en", "English"))


def on_off_choices() -> list[tuple[bool, Callable[[], str]]]:
    """Off / On, labelled live."""
    return [(False, lambda: t("ui.off")), (True, lambda: t("ui.on"))]


def speed_label(speed: str) -> Callable[[], str]:
    """Live label of an animation speed."""
    return lambda: t(f"ui.settings.speed.{speed}")


class SettingsScene(MenuScene):
    """One row per setting: its name on the left, a segmented choice on the right."""

    still_when_idle = True  # changes only on input (see MenuScene.frame_rate)

    def __init__(self, app: App) -> None:
        super().__init__(app)
        settings = app.settings
        self.rows: list[tuple[str, Segmented]] = [
            ("ui.settings.language", self._control(0, LANGUAGES, language(), self.set_language)),
            (
                "ui.settings.speed",
                self._control(
                    1, [(s, speed_label(s)) for s in ANIM_SPEEDS], settings.anim_speed, self.set_speed
                ),
            ),
            ("ui.settings.sound", self._control(2, on_off_choices(), settings.sound, self.set_sound)),
            (
                "ui.settings.fullscreen",
                self._control(3, on_off_choices(), settings.fullscreen, self.set_fullscreen),
            ),
        ]
        back_rect = pygame.Rect(0, 0, 320, theme.BUTTON_HEIGHT)
        back_rect.midtop = (PANEL.centerx, PANEL.bottom + 60)
        self.back_button = Button(back_rect, lambda: t("ui.back"), self.back, style="secondary")
        self.group.set_widgets([control for _, control in self.rows] + [self.back_button])
        self.settings_file = str(settings_path())

    @staticmethod
    def _control(row: int, choices: Any, value: Any, on_change: Callable[[Any], None]) -> Segmented:
        """A segmented control placed on ``row``."""
        rect = CONTROL.copy()
        rect.y = ROW_TOP + row * ROW_HEIGHT + (ROW_HEIGHT - rect.height) // 2
        return Segmented(rect, list(choices), value, on_change)

    # ----- changes (each one saved at once) ---------------------------------------------------
    def set_language(self, lang: str) -> None:
        """Switch every text now."""
        self.app.set_language(lang)

    def set_speed(self, speed: str) -> None:
        """Animation speed for every table."""
        self.app.settings.anim_speed = speed
        self.app.save_settings()

    def set_sound(self, on: bool) -> None:
        """Sound effects on or off."""
        self.app.settings.sound = on
        audio = getattr(self.app, "audio", None)
        if audio is not None:
            audio.set_enabled(on)
        self.app.save_settings()

    def set_fullscreen(self, on: bool) -> None:
        """Window or fullscreen (the app saves it)."""
        self.app.set_fullscreen(on)

    def update(self, dt: float) -> None:
        """Follow F11 / Alt+Enter, which switch fullscreen from any screen, this one included."""
        super().update(dt)
        self.rows[3][1].value = self.app.settings.fullscreen

    # ----- drawing ----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Room, heading, the panel of rows, Back, and where the file lives."""
        draw_room(surface)
        draw_heading(surface, t("ui.settings.heading"), top=60)
        draw_panel(surface, PANEL, theme.PAPER, radius=28)
        for index, (key, control) in enumerate(self.rows):
            if index:
                y = ROW_TOP + index * ROW_HEIGHT
                pygame.draw.line(surface, theme.PAPER_SHADE, (PANEL.x + 50, y), (PANEL.right - 50, y), 2)
            label = fonts.text(t(key), theme.LARGE, theme.INK, True)
            surface.blit(label, label.get_rect(midleft=(PANEL.x + 60, control.rect.centery)))
        self.group.draw(surface)
        where = t("ui.settings.where", path=self.settings_file)
        draw_text_centered(surface, where, theme.TINY, theme.TEXT_DIM, (surface.get_width() // 2, 1050))
        self.toast.draw(surface)
