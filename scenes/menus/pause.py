"""The table's pause menu: Resume, Rules, Settings and Leave, over the dimmed table.

The Menu button and Esc (with nothing held) open it; leaving never happens
by one stray key. Leave asks first, and says the match stays saved: "Continue" on the title brings
it back (behind the curtain when several people share the screen).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.i18n import t
from scenes.engine import fonts, theme
from scenes.engine import input as intents
from scenes.engine.app import App
from scenes.engine.input import Intent
from scenes.engine.ui import Button, MenuScene, draw_panel, draw_text_centered, draw_veil, fit_size

if TYPE_CHECKING:
    from scenes.table.base import TableScene

PANEL = pygame.Rect(0, 0, 760, 600)
PANEL.center = (960, 540)
BUTTON_SIZE = (460, theme.BUTTON_HEIGHT)
BUTTON_GAP = 22


def _away(table: TableScene) -> bool:
    """True at this app's own hosted table while someone's seat is away (the host may free it)."""
    if not getattr(table.match, "remote", False):
        return False
    from scenes.lan.connect import away_seats

    return bool(away_seats(table.match))


class PauseMenu(MenuScene):
    """Over a table: Resume, Rules, Settings (not in the kiosk), Free the away seats (the host of
    a LAN table, while someone is away), Leave (asks first)."""

    still_when_idle = True  # changes only on input (see MenuScene.frame_rate)

    opaque = False

    def __init__(self, app: App, table: TableScene) -> None:
        super().__init__(app)
        self.table = table
        self.confirming = False
        self.menu_buttons = self._stack([
            (lambda: t("table.pause.resume"), self.resume_play, "primary"),
            (lambda: t("ui.rules"), self.open_rules, "secondary"),
            *([(lambda: t("ui.settings"), self.open_settings, "secondary")] if not app.locked else []),
            *([(lambda: t("table.pause.free_seats"), self.free_seats, "secondary")] if _away(table) else []),
            (lambda: t("table.pause.leave"), self.ask_to_leave, "secondary"),
        ], top=PANEL.y + 150)
        stay = Button(pygame.Rect(0, 0, 300, theme.BUTTON_HEIGHT), lambda: t("table.pause.stay"), self.stay,
                      style="primary")
        leave = Button(pygame.Rect(0, 0, 300, theme.BUTTON_HEIGHT), lambda: t("table.pause.leave_now"),
                       self.leave, style="secondary")
        stay.rect.bottomright = (PANEL.centerx - 12, PANEL.bottom - 60)
        leave.rect.bottomleft = (PANEL.centerx + 12, PANEL.bottom - 60)
        self.confirm_buttons = [stay, leave]
        self.group.set_widgets(self.menu_buttons)
        self.group.show_focus = True

    @staticmethod
    def _stack(specs: list[tuple[Callable[[], str], Callable[[], None], str]], top: int) -> list[Button]:
        """Buttons one above the other, centred in the panel from ``top`` down."""
        buttons = []
        for index, (label, action, style) in enumerate(specs):
            rect = pygame.Rect((0, 0), BUTTON_SIZE)
            rect.midtop = (PANEL.centerx, top + index * (BUTTON_SIZE[1] + BUTTON_GAP))
            buttons.append(Button(rect, label, action, style=style))
        return buttons

    # ----- actions -----------------------------------------------------------------------------
    def free_seats(self) -> None:
        """The host frees the seats of the people who are away (others may sit there), and plays on."""
        from scenes.lan.connect import free_away_seats

        free_away_seats(self.table.match)
        self.resume_play()

    def resume_play(self) -> None:
        """Back to the table."""
        if self.app.top is self:
            self.app.pop()

    def open_rules(self) -> None:
        """The game's rules over this menu."""
        from scenes.menus.help import Help

        self.app.push(Help(self.app, self.table.match.game_id))

    def open_settings(self) -> None:
        """The settings screen over this menu."""
        from scenes.menus.settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def ask_to_leave(self) -> None:
        """Leave asks first: Stay or Leave."""
        self.confirming = True
        self.group.set_widgets(self.confirm_buttons)
        self.group.focus_on(self.confirm_buttons[0])

    def stay(self) -> None:
        """Not leaving after all: the menu again."""
        self.confirming = False
        self.group.set_widgets(self.menu_buttons)
        self.group.focus_on(self.menu_buttons[-1])

    def leave(self) -> None:
        """To the title; the match stays saved for Continue."""
        self.table.to_menu()

    def back(self) -> None:
        """Esc: out of the question, else back to the table."""
        if self.confirming:
            self.stay()
        else:
            self.resume_play()

    def handle(self, intent: Intent) -> bool:
        """The menu is modal: its buttons, Esc, and nothing reaches the table."""
        if intent.kind == intents.KEY and intent.key == "h" and not self.confirming:
            self.open_rules()
            return True
        return super().handle(intent)

    # ----- drawing ----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The dimmed table, the paper panel, its heading and buttons (or the question)."""
        draw_veil(surface)
        draw_panel(surface, PANEL, theme.PAPER, radius=28)
        if self.confirming:
            self._draw_question(surface)
        else:
            draw_text_centered(surface, t("table.pause.heading"), theme.HEADING, theme.INK,
                               (PANEL.centerx, PANEL.y + 80), True)
        self.group.draw(surface)

    def _draw_question(self, surface: pygame.Surface) -> None:
        """ "Leave this match?" and what happens to it."""
        question = t("table.pause.confirm")
        size = fit_size(question, theme.HEADING, PANEL.width - 80, bold=True)
        draw_text_centered(surface, question, size, theme.INK, (PANEL.centerx, PANEL.y + 110), True)
        note = t("table.pause.confirm_hotseat") if len(self.table.humans) > 1 else t("table.pause.confirm_note")
        y = PANEL.y + 200
        for line in fonts.wrap(note, theme.BODY, PANEL.width - 120):
            draw_text_centered(surface, line, theme.BODY, theme.INK_SOFT, (PANEL.centerx, y))
            y += fonts.line_height(theme.BODY)
