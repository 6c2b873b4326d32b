"""Joining a LAN table: the list of tables nearby (``JoinScene``) and the seat picker (``SeatPicker``).

Tables are found by mDNS (``game.net.discovery``) and by addresses typed in the field (the way in
when multicast does not reach). A ``Finder`` thread asks every host it knows for its tables every
few seconds (``game.net.client.fetch_tables``), so the list fills in and keeps up by itself.
Choosing a table opens its seats: a free person's seat to sit at, or Watch; the join runs in the
background and the table opens once the host has welcomed us.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import pygame

from game.core.match import Seat
from game.i18n import t
from game.net.protocol import MAX_CODE_LENGTH, PROTOCOL, SPECTATOR, TABLE_CODE_LENGTH, TABLE_CODE_LETTERS
from scenes.engine import fonts, theme
from scenes.engine.app import App
from scenes.engine.input import Intent
from scenes.engine.name_field import NameField
from scenes.engine.ui import (
    Button,
    MenuScene,
    ai_name,
    clipped,
    draw_focus_ring,
    draw_heading,
    draw_panel,
    draw_room,
    draw_text,
    draw_text_centered,
    fit_size,
    mix,
    seat_color,
    seat_level,
)
from scenes.lan import connect as lan

log = logging.getLogger("kotatsu.lan")

REFRESH = 2.0  # seconds between two look-ups of the same host
LOOKUP_TIMEOUT = 2.0
LIST = pygame.Rect(120, 180, 1680, 600)
ROW = (1600, 92)
ROW_GAP = 12
ROWS_SHOWN = 5
FIELD_Y = 862
FOOTER_Y = 960
DOTS_EVERY = 0.5  # s per dot of "Looking…"


@dataclass(frozen=True)
class FoundTable:
    """One table a host offers: where (the address used to reach it), the host's name, the table."""

    address: str
    host: str
    info: dict[str, Any]

    @property
    def code(self) -> str:
        """The table's join code."""
        return str(self.info.get("code", ""))

    def free_seats(self) -> list[int]:
        """The people's seats nobody holds."""
        return [index for index, seat in enumerate(self.info.get("seats", []))
                if seat.get("kind") == "human" and not seat.get("taken")]


@dataclass
class HostState:
    """What the finder knows about one address: its tables, or why it could not be reached."""

    host: str = ""
    tables: list[dict[str, Any]] = field(default_factory=list)
    error: BaseException | None = None
    asked: bool = False


def split_typed(text: str) -> tuple[str, str | None]:
    """A typed "address [code]" (a code alone after a space): the address and the code, if any."""
    parts = text.split()
    code = None
    if len(parts) >= 2 and TABLE_CODE_LENGTH <= len(parts[-1]) <= MAX_CODE_LENGTH and \
            all(letter in TABLE_CODE_LETTERS for letter in parts[-1].upper()):
        code = parts.pop().upper()
    return " ".join(parts), code


class Finder:
    """Discovery plus look-ups on a background thread; read ``tables()`` and ``errors()`` each frame."""

    def __init__(self, discover: bool = True) -> None:
        self.browser = lan.browser() if discover else None
        self.typed: list[str] = []
        self.codes: dict[str, str] = {}  # a typed address -> the code typed with it (a private table)
        self.hosts: dict[str, HostState] = {}
        self.versions: dict[str, str] = {}  # address -> protocol a found host announces
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._wake = threading.Event()
        self._thread = threading.Thread(target=self._run, name="kotatsu-lan-finder", daemon=True)
        self._thread.start()

    def add_address(self, address: str, code: str | None = None) -> None:
        """Ask ``address`` too (typed by the person, with the table's code if they typed one: a
        private table is found only so), at once."""
        with self._lock:
            if address not in self.typed:
                self.typed.append(address)
            if code:
                self.codes[address] = code
            self.hosts.pop(address, None)
        self._wake.set()

    def _addresses(self) -> list[str]:
        found = self.browser.found() if self.browser is not None else []
        with self._lock:
            for host in found:
                self.versions[host.address] = host.properties.get("protocol", str(PROTOCOL))
            return [host.address for host in found] + list(self.typed)

    def _run(self) -> None:
        while not self._stop.is_set():
            for address in self._addresses():
                if self._stop.is_set():
                    return
                self._ask(address)
            self._wake.wait(REFRESH)
            self._wake.clear()

    def _ask(self, address: str) -> None:
        if self.versions.get(address, str(PROTOCOL)) != str(PROTOCOL):
            error: BaseException | None = VersionDiffers(self.versions[address])
            state = HostState(error=error, asked=True)
        else:
            try:
                host, served = lan.fetch(address, timeout=LOOKUP_TIMEOUT, code=self.codes.get(address))
                state = HostState(host, list(served), asked=True)
            except Exception as failure:  # noqa: BLE001 - shown on the list
                state = HostState(error=failure, asked=True)
        with self._lock:
            self.hosts[address] = state

    def tables(self) -> list[FoundTable]:
        """Every unfinished table known now, by host name then code."""
        with self._lock:
            found = [FoundTable(address, state.host, info) for address, state in self.hosts.items()
                     for info in state.tables if not info.get("over")]
        return sorted(found, key=lambda table: (table.host.casefold(), table.code))

    def errors(self) -> list[tuple[str, BaseException]]:
        """Hosts asked that could not answer: (address, why)."""
        with self._lock:
            return [(address, state.error) for address, state in self.hosts.items() if state.error is not None]

    def state(self, address: str) -> HostState | None:
        """What is known of ``address`` (None before it was asked)."""
        with self._lock:
            return self.hosts.get(address)

    def close(self) -> None:
        """Stop looking."""
        self._stop.set()
        self._wake.set()
        if self.browser is not None:
            self.browser.close()


class VersionDiffers(Exception):
    """A host announces another protocol version than this app speaks."""

    reason = "net.reason.version"

    def __init__(self, theirs: str) -> None:
        self.text = t("lan.error.version_detail", theirs=theirs, ours=PROTOCOL)
        super().__init__(self.text)


class FieldMenu(MenuScene):
    """A menu with one text field (``field``): open, it takes the keys first; it closes when
    another screen comes on top or this one leaves."""

    field: NameField

    def handle(self, intent: Intent) -> bool:
        """The open field takes the keys first."""
        if self.field.editing and self.field.handle(intent):
            return True
        return super().handle(intent)

    def update(self, dt: float) -> None:
        """The toast and the field's caret."""
        super().update(dt)
        self.field.update(dt)

    def pause(self) -> None:
        """Another screen on top: an open field closes."""
        self.field.close()

    def exit(self) -> None:
        """Leaving: an open field closes."""
        self.field.close()


# ----- the list ---------------------------------------------------------------------------------------------
def seats_text(table: FoundTable) -> str:
    """ "2 of 4 seats free" (or "no seat free: watch")."""
    free = len(table.free_seats())
    total = len(table.info.get("seats", []))
    return t("lan.join.free", free=free, total=total) if free else t("lan.join.full", total=total)


class TableRow:
    """One found table as a wide button: its game, host and code on the left, its seats on the right."""

    def __init__(self, rect: pygame.Rect, table: FoundTable, on_open: Any) -> None:
        self.rect = pygame.Rect(rect)
        self.table = table
        self.on_open = on_open
        self.pressed = False
        self.hovered = False

    def contains(self, pos: tuple[int, int]) -> bool:
        """True when ``pos`` is on the row."""
        return self.rect.collidepoint(pos)

    def activate(self) -> None:
        """Open the table's seats."""
        self.on_open(self.table)

    def draw(self, surface: pygame.Surface, focused: bool = False) -> None:
        """Paper row; game name bold, "host · code KTMX" under it; the seats' discs and words right."""
        fill = theme.PAPER_SHADE if self.pressed else (mix(theme.PAPER, theme.GOLD, 0.25) if self.hovered else theme.PAPER)
        pygame.draw.rect(surface, fill, self.rect, border_radius=theme.BUTTON_RADIUS)
        pygame.draw.rect(surface, mix(theme.PAPER_SHADE, theme.INK_SOFT, 0.35), self.rect, 2,
                         border_radius=theme.BUTTON_RADIUS)
        info = self.table.info
        x = self.rect.x + 28
        draw_text(surface, t(f"game.{info.get('game')}.title"), theme.BODY, theme.INK, (x, self.rect.y + 10), True)
        where = t("lan.join.where", host=self.table.host or self.table.address, code=self.table.code)
        draw_text(surface, clipped(where, theme.SMALL, 760), theme.SMALL, theme.INK_SOFT, (x, self.rect.y + 52))
        words = seats_text(self.table)
        image = fonts.text(words, theme.SMALL, theme.INK, True)
        surface.blit(image, image.get_rect(midright=(self.rect.right - 28, self.rect.centery)))
        self._draw_discs(surface, self.rect.right - 60 - image.get_width())
        if focused:
            draw_focus_ring(surface, self.rect, theme.BUTTON_RADIUS)

    def _draw_discs(self, surface: pygame.Surface, right: int) -> None:
        """A disc per seat, filled when held (or an AI), hollow when free."""
        seats = self.table.info.get("seats", [])
        for index, seat in enumerate(reversed(seats)):
            number = len(seats) - 1 - index
            center = (right - index * 44, self.rect.centery)
            held = seat.get("taken") or seat.get("kind") != "human"
            pygame.draw.circle(surface, seat_color(number), center, 17, 0 if held else 3)
            symbol = theme.SEAT_SYMBOLS[number % len(theme.SEAT_SYMBOLS)]
            draw_text_centered(surface, symbol, theme.LEAST, theme.TEXT if held else seat_color(number), center, True)


class JoinScene(FieldMenu):
    """ "Join a table": the tables found nearby, a field to type an address, Back."""

    def __init__(self, app: App, finder: Finder | None = None) -> None:
        super().__init__(app)
        self.finder = finder or Finder()
        self.clock = 0.0
        self.shown: list[FoundTable] = []
        self.rows: list[TableRow] = []
        self.typed_text = ""
        self.wanted: tuple[str, str] | None = None  # a typed address and code to open once found
        self.field = NameField(
            pygame.Rect(LIST.x, FIELD_Y, 1060, theme.BUTTON_HEIGHT), lambda: self.typed_text,
            lambda: t("lan.join.field_hint"), self.set_typed)
        self.look_button = Button(pygame.Rect(LIST.x + 1090, FIELD_Y, 300, theme.BUTTON_HEIGHT),
                                  lambda: t("lan.join.look"), self.look, enabled=lambda: bool(self.typed_text))
        self.back_button = Button(pygame.Rect(LIST.x, FOOTER_Y, 260, theme.BUTTON_HEIGHT), lambda: t("ui.back"),
                                  self.back, style="secondary")
        self.internet_button = Button(pygame.Rect(LIST.right - 520, FOOTER_Y, 520, theme.BUTTON_HEIGHT),
                                      lambda: t("internet.join.button"), self.open_internet, style="secondary")
        self.refresh_rows()
        self.group.focus_on(self.field)

    # ----- the list ---------------------------------------------------------------------------------
    def refresh_rows(self) -> None:
        """Rebuild the rows when the tables known changed (focus stays on the same table)."""
        found = self.finder.tables()
        if found == self.shown and self.rows:
            return
        self.shown = found
        focused = self.group.focused
        focused_key = (focused.table.address, focused.table.code) if isinstance(focused, TableRow) else None
        self.rows = [TableRow(pygame.Rect(LIST.x + 40, LIST.y + 96 + index * (ROW[1] + ROW_GAP), *ROW),
                              table, self.open_table) for index, table in enumerate(found[:ROWS_SHOWN])]
        self.group.set_widgets([*self.rows, self.field, self.look_button, self.back_button, self.internet_button])
        for row in self.rows:
            if (row.table.address, row.table.code) == focused_key:
                self.group.focus_on(row)
        if focused is not None and not isinstance(focused, TableRow):
            self.group.focus_on(focused)

    def open_internet(self) -> None:
        """ "A table on the internet": a link or a host and code."""
        from scenes.lan.internet import open_internet_join

        open_internet_join(self.app)

    def open_table(self, table: FoundTable) -> None:
        """The seats of ``table``."""
        self.app.push(SeatPicker(self.app, table, self.finder))

    # ----- typing an address -----------------------------------------------------------------------
    def set_typed(self, text: str) -> None:
        """The field was closed with ``text``: look it up at once."""
        self.typed_text = text
        if text:
            self.look()

    def look(self) -> None:
        """Ask the typed address for its tables; with a code, open that table once it answers."""
        address, code = split_typed(self.typed_text)
        if not address:
            return
        self.wanted = (address, code) if code else None
        self.finder.add_address(address, code)

    def _follow_typed(self) -> None:
        """The typed address answered (open the wanted table) or could not be reached (say so)."""
        if self.wanted is None:
            return
        address, code = self.wanted
        state = self.finder.state(address)
        if state is None:
            return
        self.wanted = None
        table = next((found for found in self.finder.tables() if found.address == address and found.code == code), None)
        if table is not None:
            self.open_table(table)
        elif state.error is None:
            self.toast.show(t("lan.error.no_table"), 5.0)

    # ----- scene hooks ------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        """Follow the finder: new rows, a typed table that answered; the caret; the toast."""
        super().update(dt)
        self.clock += dt
        self.refresh_rows()
        self._follow_typed()

    def exit(self) -> None:
        """Leaving: stop looking, close the field."""
        super().exit()
        self.finder.close()

    def draw(self, surface: pygame.Surface) -> None:
        """Room, heading, the list (or what it is waiting for), the field, the buttons."""
        draw_room(surface)
        draw_heading(surface, t("lan.join.heading"), t("lan.join.subtitle"), top=40)
        draw_panel(surface, LIST, theme.PAPER_SHADE, radius=28)
        dots = "." * (1 + int(self.clock / DOTS_EVERY) % 3)
        heading = t("lan.join.found", n=len(self.shown)) if self.shown else t("lan.join.looking") + dots
        draw_text(surface, heading, theme.LARGE, theme.INK, (LIST.x + 40, LIST.y + 26), True)
        if not self.shown:
            self._draw_empty(surface)
        elif len(self.shown) > ROWS_SHOWN:
            more = t("lan.join.more", n=len(self.shown) - ROWS_SHOWN)
            draw_text_centered(surface, more, theme.SMALL, theme.INK_SOFT, (LIST.centerx, LIST.bottom - 24))
        label = t("lan.join.field_label")
        draw_text(surface, label, theme.SMALL, theme.TEXT_DIM, (LIST.x, FIELD_Y - 40))
        self.group.draw(surface)
        self.toast.draw(surface)

    def _draw_empty(self, surface: pygame.Surface) -> None:
        """No table yet: that the list keeps looking, and the hosts that could not be reached."""
        y = LIST.y + 150
        for line in fonts.wrap(t("lan.join.none_yet"), theme.BODY, LIST.width - 480):
            draw_text_centered(surface, line, theme.BODY, theme.INK_SOFT, (LIST.centerx, y))
            y += fonts.line_height(theme.BODY)
        y += 20
        for address, error in self.finder.errors()[:4]:
            text = lan.error_text(error, address)
            size = fit_size(text, theme.SMALL, LIST.width - 160)
            draw_text_centered(surface, clipped(text, size, LIST.width - 160), size, theme.BAD, (LIST.centerx, y))
            y += fonts.line_height(size) + 6


# ----- the seats --------------------------------------------------------------------------------------------
SEATS_PANEL = pygame.Rect(320, 190, 1280, 720)
SEAT_ROW = 96


class SeatPicker(FieldMenu):
    """One table's seats: sit at a free person's seat, or Watch; the join runs in the background."""

    def __init__(self, app: App, table: FoundTable, finder: Finder | None = None) -> None:
        super().__init__(app)
        self.table = table
        self.finder = finder
        remembered = [] if app.locked else list(app.settings.seat_names)
        self.name = remembered[0] if remembered else ""
        self.joining: lan.Pending | None = None
        self.joining_seat: int | None = None
        self.field = NameField(pygame.Rect(SEATS_PANEL.x + 360, SEATS_PANEL.y + 36, 520, 72),
                                    lambda: self.name, lambda: t("ui.seat.player", n=1), self.set_name)
        self.watch_button = Button(pygame.Rect(SEATS_PANEL.right - 300, FOOTER_Y, 300, theme.BUTTON_HEIGHT),
                                   lambda: t("lan.seats.watch"), lambda: self.join(SPECTATOR),
                                   enabled=self.idle, style="secondary")
        self.back_button = Button(pygame.Rect(SEATS_PANEL.x, FOOTER_Y, 260, theme.BUTTON_HEIGHT),
                                  lambda: t("ui.back"), self.back, style="secondary")
        self.seat_buttons: list[Button] = []
        self.rebuild()

    def idle(self) -> bool:
        """True while no join is under way."""
        return self.joining is None

    def seats(self) -> list[dict[str, Any]]:
        """The table's seats as last heard from the host."""
        return list(self.table.info.get("seats", []))

    def rebuild(self) -> None:
        """A "Sit here" button on each free person's seat."""
        focused = self.group.focused
        free = set(self.table.free_seats())
        self.seat_buttons = [
            Button(pygame.Rect(SEATS_PANEL.right - 340, self.row_y(index) + 10, 300, SEAT_ROW - 20),
                   lambda: t("lan.seats.sit"), partial(self.join, index), enabled=self.idle)
            for index in sorted(free)]
        self.group.set_widgets([self.field, *self.seat_buttons, self.back_button, self.watch_button])
        if focused in self.group.widgets:
            self.group.focus_on(focused)
        else:
            self.group.focus_on(self.seat_buttons[0] if self.seat_buttons else self.watch_button)

    def row_y(self, seat: int) -> int:
        """Top of a seat's row."""
        return SEATS_PANEL.y + 140 + seat * SEAT_ROW

    def set_name(self, name: str) -> None:
        """The name others see at our seat."""
        self.name = name

    # ----- joining ----------------------------------------------------------------------------------
    def join(self, seat: int) -> None:
        """Ask the host for ``seat`` (or to watch) in the background."""
        if self.joining is not None:
            return
        self.field.commit()
        address, code, name = self.table.address, self.table.code, self.name
        self.joining_seat = seat
        self.joining = lan.Pending(lambda: lan.connect(address, code, seat, name))

    def _joined(self) -> None:
        """The join came back: open the table, or say why not and show the seats as they are now."""
        pending, self.joining = self.joining, None
        if pending is None:
            return
        if pending.error is None:
            lan.open_remote_table(self.app, pending.result)
            return
        log.info("joining %s at %s failed: %s", self.table.code, self.table.address, pending.error)
        self.toast.show(lan.error_text(pending.error, self.table.address), 5.0)
        if self.finder is not None:
            self.finder.add_address(self.table.address)  # ask again now: the seat may have gone

    def _follow_host(self) -> None:
        """Take the newest seats the finder heard from the host."""
        if self.finder is None:
            return
        fresh = next((table for table in self.finder.tables()
                      if table.address == self.table.address and table.code == self.table.code), None)
        if fresh is not None and fresh.info != self.table.info:
            self.table = fresh
            self.rebuild()

    # ----- scene hooks ------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        """The join's answer, the host's seats, the caret, the toast."""
        super().update(dt)
        if self.joining is not None and self.joining.done:
            self._joined()
        self._follow_host()

    def draw(self, surface: pygame.Surface) -> None:
        """Room, heading (game, host, code), the seats, the buttons and any "Joining…"."""
        draw_room(surface)
        info = self.table.info
        where = t("lan.join.where", host=self.table.host or self.table.address, code=self.table.code)
        draw_heading(surface, t(f"game.{info.get('game')}.title"), where, top=40)
        draw_panel(surface, SEATS_PANEL, theme.PAPER, radius=28)
        label = fonts.text(t("lan.seats.your_name"), theme.BODY, theme.INK, True)
        surface.blit(label, label.get_rect(midleft=(SEATS_PANEL.x + 40, self.field.rect.centery)))
        for index, seat in enumerate(self.seats()):
            self._draw_seat(surface, index, seat)
        self.group.draw(surface)
        if self.joining is not None:
            text = t("lan.seats.joining")
            draw_text_centered(surface, text, theme.BODY, theme.TEXT, (SEATS_PANEL.centerx, FOOTER_Y + 38))
        self.toast.draw(surface)

    def _draw_seat(self, surface: pygame.Surface, index: int, seat: dict[str, Any]) -> None:
        """A seat's disc, name and who holds it."""
        center_y = self.row_y(index) + SEAT_ROW // 2
        disc = (SEATS_PANEL.x + 70, center_y)
        pygame.draw.circle(surface, seat_color(index), disc, 28)
        symbol = theme.SEAT_SYMBOLS[index % len(theme.SEAT_SYMBOLS)]
        draw_text_centered(surface, symbol, theme.BODY, theme.TEXT, disc, True)
        human = seat.get("kind") == "human"
        name = seat.get("name") or (t("ui.seat.player", n=index + 1) if human else ai_name(index, seat.get("level", "")))
        image = fonts.text(clipped(name, theme.BODY, 420, True), theme.BODY, theme.INK, True)
        surface.blit(image, image.get_rect(midleft=(SEATS_PANEL.x + 120, center_y)))
        if human and not seat.get("taken"):
            return  # the "Sit here" button says it
        if not human:
            state = seat_level(Seat("ai", seat.get("level") or "normal"))
        else:
            state = t("lan.seats.taken" if seat.get("connected") else "lan.seats.away")
        words = fonts.text(state, theme.SMALL, theme.INK_SOFT)
        surface.blit(words, words.get_rect(midright=(SEATS_PANEL.right - 40, center_y)))
