"""Join → "A table on the internet": paste the link a host gave (``kotatsu://host:port/CODE``) or
type ``host:port CODE``, then pick a seat as on the LAN.

The link is read strictly (``game.net.internet.parse_link``): anything else is one clear line and
nothing is asked of any host. A host off the local network is reached over ``wss://`` with its
certificate checked (``game.net.connection``); a certificate that does not match says so in one
line. Once the host answers, the usual seat picker (``scenes.lan.join.SeatPicker``) takes over: the
same table, own hand, reconnects and AI seats as on the LAN.
"""

from __future__ import annotations

import logging

import pygame

from game.i18n import t
from game.net.discovery import lan_addresses
from game.net.internet import parse_link
from scenes.engine import fonts, theme
from scenes.engine import input as intents
from scenes.engine.app import App
from scenes.engine.input import Intent
from scenes.engine.name_field import NameEdit, NameField
from scenes.engine.ui import (
    Button,
    MenuScene,
    clipped,
    draw_heading,
    draw_panel,
    draw_room,
    draw_text,
    draw_text_centered,
    fit_size,
)
from scenes.lan import connect as lan
from scenes.lan.join import FieldMenu, Finder, SeatPicker

log = logging.getLogger("kotatsu.lan")

MAX_LINK = 300  # characters of a link or "host:port code" (a host name is at most 253)
PANEL = pygame.Rect(220, 200, 1480, 640)
FIELD = pygame.Rect(PANEL.x + 60, PANEL.y + 150, 1000, theme.BUTTON_HEIGHT)
FOOTER_Y = 950


def clipboard_text() -> str:
    """The clipboard's text ("" when there is none or no clipboard here)."""
    try:
        get_text = getattr(pygame.scrap, "get_text", None)
        if get_text is not None:  # pygame-ce: SDL's clipboard, no init needed
            return str(get_text() or "")
        if not pygame.scrap.get_init():
            pygame.scrap.init()
        raw = pygame.scrap.get(pygame.SCRAP_TEXT)
        return raw.decode("utf-8", "replace").rstrip("\0") if raw else ""
    except (pygame.error, NotImplementedError, AttributeError, UnicodeError) as error:
        log.info("no clipboard: %s", error)
        return ""


class LinkField(NameField):
    """A field for a link: longer than a name, and Ctrl+V pastes the clipboard into it."""

    def activate(self) -> None:
        """Open for typing, with room for a whole link."""
        super().activate()
        if self.edit is not None:
            self.edit = NameEdit(self.name(), MAX_LINK)

    def paste(self, text: str) -> None:
        """Put ``text`` (its first line, trimmed) in the field, opening it if need be."""
        if self.edit is None:
            self.activate()
        if self.edit is not None:
            self._type(text.strip().splitlines()[0] if text.strip() else "")

    def handle(self, intent: Intent) -> bool:
        """Ctrl+V pastes; the rest as a name field."""
        if self.edit is not None and intent.kind == intents.KEY and intent.key == "v" \
                and pygame.key.get_mods() & pygame.KMOD_CTRL:
            self.paste(clipboard_text())
            return True
        return super().handle(intent)


class InternetJoinScene(FieldMenu):
    """The link field, Paste, Join, Back; the seat picker once the host answers."""

    def __init__(self, app: App, finder: Finder | None = None) -> None:
        super().__init__(app)
        self.finder = finder or Finder(discover=False)
        self.link = ""
        self.wanted: tuple[str, str] | None = None  # the host's URI and the code, while asking
        self.problem = ""  # why the link was not followed (one line), shown under the field
        self.field = LinkField(FIELD, lambda: self.link, lambda: t("internet.join.field_hint"), self.set_link)
        self.paste_button = Button(pygame.Rect(FIELD.right + 30, FIELD.y, 330, theme.BUTTON_HEIGHT),
                                   lambda: t("internet.join.paste"), self.paste, style="secondary")
        self.join_button = Button(pygame.Rect(PANEL.right - 360, FOOTER_Y, 360, theme.BUTTON_HEIGHT),
                                  lambda: t("internet.join.go"), self.go, enabled=self.can_go)
        self.back_button = Button(pygame.Rect(PANEL.x, FOOTER_Y, 260, theme.BUTTON_HEIGHT), lambda: t("ui.back"),
                                  self.back, style="secondary")
        self.group.set_widgets([self.field, self.paste_button, self.join_button, self.back_button])
        self.group.focus_on(self.field)

    def can_go(self) -> bool:
        """True with something typed and no look-up under way."""
        return bool(self.link.strip()) and self.wanted is None

    def set_link(self, text: str) -> None:
        """The field was closed with ``text``: follow it at once."""
        self.link = text
        self.problem = ""
        if text:
            self.go()

    def paste(self) -> None:
        """The Paste button: the clipboard's link into the field, then follow it."""
        text = clipboard_text().strip()
        if not text:
            self.problem = t("internet.join.empty_clipboard")
            return
        self.field.close()
        self.set_link(text.splitlines()[0][:MAX_LINK])

    def go(self) -> None:
        """Read the link and ask its host for the table (in the background)."""
        self.field.commit()
        try:
            address, code = parse_link(self.link)
        except ValueError as error:
            self.problem = t("internet.join.bad_link", detail=str(error))
            return
        self.problem = ""
        self.wanted = (address, code)
        self.finder.add_address(address, code)

    def _follow(self) -> None:
        """The host answered: its seats; or why it could not be reached."""
        if self.wanted is None:
            return
        address, code = self.wanted
        state = self.finder.state(address)
        if state is None:
            return
        self.wanted = None
        table = next((found for found in self.finder.tables() if found.address == address and found.code == code),
                     None)
        if table is not None:
            self.app.push(SeatPicker(self.app, table, self.finder))
        elif state.error is not None:
            self.problem = lan.error_text(state.error, address)
        else:
            self.problem = t("lan.error.no_table")

    def update(self, dt: float) -> None:
        """The host's answer, the caret, the toast."""
        super().update(dt)
        self._follow()

    def exit(self) -> None:
        """Leaving: stop asking, close the field."""
        super().exit()
        self.finder.close()

    def draw(self, surface: pygame.Surface) -> None:
        """Room, heading, the panel with the field and what a link looks like, the buttons."""
        draw_room(surface)
        draw_heading(surface, t("internet.join.heading"), t("internet.join.subtitle"), top=40)
        draw_panel(surface, PANEL, theme.PAPER, radius=28)
        draw_text(surface, t("internet.join.field_label"), theme.BODY, theme.INK, (FIELD.x, FIELD.y - 56), True)
        y = FIELD.bottom + 50
        if self.wanted is not None:
            draw_text(surface, t("internet.join.asking", address=self.wanted[0]), theme.BODY, theme.INK, (FIELD.x, y))
        elif self.problem:
            size = fit_size(self.problem, theme.SMALL, PANEL.width - 120)
            draw_text(surface, clipped(self.problem, size, PANEL.width - 120), size, theme.BAD, (FIELD.x, y))
        y += 90
        for key in ("internet.join.example", "internet.join.safe", "internet.join.same"):
            for line in fonts.wrap(t(key), theme.SMALL, PANEL.width - 120):
                draw_text(surface, line, theme.SMALL, theme.INK_SOFT, (FIELD.x, y))
                y += fonts.line_height(theme.SMALL)
            y += 14
        self.group.draw(surface)
        if self.field.editing:
            draw_text_centered(surface, t("internet.join.ctrl_v"), theme.LEAST, theme.INK_SOFT,
                               (FIELD.centerx, FIELD.bottom + 18))
        self.toast.draw(surface)


def open_internet_join(app: App) -> None:
    """Join's "A table on the internet"."""
    app.push(InternetJoinScene(app))


class InternetHostScene(MenuScene):
    """The Host screen's "Open to the internet": what would be exposed, then Open it / Keep it closed.
    Nothing changes unless the person presses Open it."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.open_button = Button(pygame.Rect(PANEL.right - 420, FOOTER_Y, 420, theme.BUTTON_HEIGHT),
                                  lambda: t("internet.host.open"), self.open_it)
        self.keep_button = Button(pygame.Rect(PANEL.x, FOOTER_Y, 420, theme.BUTTON_HEIGHT),
                                  lambda: t("internet.host.keep_closed"), self.back, style="secondary")
        self.group.set_widgets([self.keep_button, self.open_button])
        self.group.focus_on(self.keep_button)

    def open_it(self) -> None:
        """Open the host to the internet (private tables, limits) and go back to the Host screen."""
        try:
            lan.Hosting.open_to_internet(True)
        except OSError as error:
            self.toast.show(t("lan.host.failed", error=str(error)[:120]), 6.0)
            return
        self.back()

    def draw(self, surface: pygame.Surface) -> None:
        """Room, heading, what is exposed and what friends outside need, the two buttons."""
        from game.net.internet import Limits

        draw_room(surface)
        draw_heading(surface, t("internet.host.heading"), t("internet.host.subtitle"), top=40)
        draw_panel(surface, PANEL, theme.PAPER, radius=28)
        handle = lan.Hosting.handle  # not started by looking at this screen
        port = handle.port if handle is not None else lan.Hosting.port
        addresses = ", ".join(lan_addresses()[:3]) or "127.0.0.1"
        idle = f"{Limits().idle_expire / 60:g}"
        y = PANEL.y + 50
        for key, size, color in (("internet.host.exposed", theme.BODY, theme.INK),
                                 ("internet.host.reach", theme.SMALL, theme.INK_SOFT),
                                 ("internet.host.link", theme.SMALL, theme.INK_SOFT)):
            text = t(key, port=port, address=addresses, idle=idle)
            for line in fonts.wrap(text, size, PANEL.width - 120):
                draw_text(surface, line, size, color, (PANEL.x + 60, y))
                y += fonts.line_height(size)
            y += 30
        self.group.draw(surface)
        self.toast.draw(surface)
