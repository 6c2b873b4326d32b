"""Play on several screens over the LAN: the title's "Host a table" and "Join" and where they lead.

- ``HostScene``: pick a game for a new hosted table (its seats, AI seats and options are chosen on
  ``HostSetup``, the usual setup in another mode), or resume an unfinished one this app hosted.
- Hosting starts the app's one server (``game.net.server.start_in_thread``, tables autosaved in
  the data folder's ``lan/tables``), adds the table and joins the host's own seat as a client over
  localhost (``RemoteMatch``), like every other player: the host's match is the one truth.
- ``scenes.lan.join``: the Join list (tables found nearby, or typed) and the seat picker.
- ``scenes.lan.plate``: the plate with the join code, the address and who is connected, over a
  remote table.

The network calls go through the module functions ``start_server``, ``fetch``, ``connect`` and
``browser`` so tests can stand in for them.
"""

from __future__ import annotations

import logging
import socket
import threading
from collections.abc import Callable
from typing import Any

import pygame

from game.core.match import Seat
from game.core.registry import available_games
from game.i18n import t
from game.net import hosted
from game.net.discovery import Browser, lan_addresses
from game.net.hosted import HostedTable
from game.net.protocol import DEFAULT_PORT, SPECTATOR
from scenes.engine import theme
from scenes.engine.app import App
from scenes.engine.ui import (
    Button,
    MenuScene,
    draw_heading,
    draw_panel,
    draw_room,
    draw_text,
    draw_text_centered,
)
from scenes.menus.setup import Setup
from scenes.table import launch as tables

log = logging.getLogger("kotatsu.lan")

PANEL_LEFT = pygame.Rect(120, 200, 820, 700)
PANEL_RIGHT = pygame.Rect(980, 200, 820, 700)
ROW_HEIGHT = 84
ROW_GAP = 14
FOOTER_Y = 950
BACK_RECT = pygame.Rect(120, FOOTER_Y, 260, theme.BUTTON_HEIGHT)
LOCALHOST = "127.0.0.1"


# ----- the network, behind functions tests can replace ------------------------------------------------
def start_server(port: int, tables_dir: Any, name: str) -> Any:
    """A server in a background thread (``game.net.server.start_in_thread``)."""
    from game.net.server import start_in_thread

    return start_in_thread(port=port, tables_dir=tables_dir, advertise=True, name=name)


def fetch(address: str, timeout: float = 3.0, code: str | None = None) -> tuple[str, list[dict[str, Any]]]:
    """A host's name and its tables, with the private one ``code`` names
    (``game.net.client.fetch_tables``)."""
    from game.net.client import fetch_tables

    return fetch_tables(address, timeout=timeout, code=code)


def connect(address: str, table: str, seat: int, name: str, token: str | None = None) -> Any:
    """A ``RemoteMatch`` once welcomed at ``seat`` (``JoinError`` otherwise)."""
    from game.net.client import RemoteMatch

    return RemoteMatch.connect(address, table, seat, name, token=token)


def browser() -> Any:
    """A started discovery browser."""
    found = Browser()
    found.start()
    return found


def host_name() -> str:
    """This computer's name as other players see it in their Join list."""
    return socket.gethostname().split(".")[0][:40] or "Kotatsu"


# ----- background work --------------------------------------------------------------------------------
class Pending:
    """A call run on a background thread (a network round trip): the screen polls ``done``."""

    def __init__(self, work: Callable[[], Any]) -> None:
        self.result: Any = None
        self.error: BaseException | None = None
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(work,), name="kotatsu-lan-work", daemon=True)
        self._thread.start()

    def _run(self, work: Callable[[], Any]) -> None:
        try:
            self.result = work()
        except Exception as error:  # noqa: BLE001 - handed to the screen, which explains it
            self.error = error
        finally:
            self._done.set()

    @property
    def done(self) -> bool:
        """True once the call has returned or raised."""
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until done (tests); True when it is."""
        return self._done.wait(timeout)


def error_text(error: BaseException, address: str) -> str:
    """What to tell a person about a failed join or look-up, in the current language (the reasons
    are ``game.net`` catalogue keys, ``net.reason.*``)."""
    reason = str(getattr(error, "reason", "")).removeprefix("net.reason.")
    detail = str(getattr(error, "text", error))
    if reason in ("seat_taken", "bad_token"):
        return t("lan.error.seat_taken")
    if reason in ("stale_token", "seat_freed"):
        return t("lan.error.seat_freed")
    if reason == "slow_down":
        return t("lan.error.slow_down")
    if reason == "version":
        return t("lan.error.version", detail=detail)
    if reason in ("no_table", "unknown_table", "table_unknown"):
        return t("lan.error.no_table")
    if reason in ("no_seat", "ai_seat"):
        return t("lan.error.no_seat")
    if reason in ("", "no_host"):
        return t("lan.error.unreachable", address=address)
    return t("lan.error.refused", detail=detail)


# ----- the app's one server ------------------------------------------------------------------------------
class Hosting:
    """The server this app runs once it hosts a table; kept until the app ends (or ``stop``)."""

    handle: Any = None
    port = DEFAULT_PORT  # tried first (tests use 0: any free port)

    @classmethod
    def ensure(cls) -> Any:
        """The running server, started now if needed: on the usual port when it is free (people
        can then type the address alone), else on any free port."""
        if cls.handle is None:
            folder = hosted.tables_dir()
            try:
                cls.handle = start_server(cls.port, folder, host_name())
            except OSError as error:
                log.info("port %d is taken (%s): hosting on another port", cls.port, error)
                cls.handle = start_server(0, folder, host_name())
        return cls.handle

    @classmethod
    def local_address(cls) -> str:
        """How this app's own client reaches its server."""
        return f"{LOCALHOST}:{cls.ensure().port}"

    @classmethod
    def shown_address(cls) -> str:
        """The address others type to reach this host: its first LAN address and the port."""
        handle = cls.ensure()
        addresses = handle.addresses() or lan_addresses()
        return f"{addresses[0]}:{handle.port}"

    @classmethod
    def stop(cls) -> None:
        """Stop serving (tests; the app's end stops the daemon thread anyway)."""
        handle, cls.handle = cls.handle, None
        if handle is not None:
            handle.stop()


def resumable_tables() -> list[HostedTable]:
    """The unfinished tables this app hosted before (their server resumes them when it starts);
    [] without starting the server when none was ever hosted here."""
    recorded = hosted.read_hosted()
    if not recorded:
        return []
    try:
        _, served = fetch(Hosting.local_address())
    except Exception as error:  # noqa: BLE001 - a server that will not answer: nothing to resume
        log.warning("cannot list the hosted tables: %s", error)
        return []
    unfinished = {table["code"] for table in served if not table.get("over")}
    return hosted.keep_only(unfinished)


def open_remote_table(app: App, remote: Any) -> None:
    """Show a remote match on its game's table (above the title) with the join plate over it."""
    from scenes.lan.plate import attach_plate

    tables.open_table(app, remote)
    attach_plate(app, app.top, remote, Hosting.shown_address() if remote_is_local(remote) else None)


def away_seats(remote: Any) -> list[int]:
    """The seats of this app's own hosted table whose person is away (the host may free them)."""
    if not remote_is_local(remote):
        return []
    from scenes.lan.plate import seat_states

    return [seat for seat, state in enumerate(seat_states(remote)) if state in ("away", "standin")]


def free_away_seats(remote: Any) -> list[int]:
    """Free every away seat of this app's own hosted table for someone else; the seats freed."""
    seats = away_seats(remote)
    for seat in seats:
        Hosting.ensure().free_seat(remote.join_code, seat)
    return seats


def remote_is_local(remote: Any) -> bool:
    """True when ``remote`` is this app's own hosted table (reached over localhost)."""
    return LOCALHOST in str(getattr(remote, "address", "")) and Hosting.handle is not None


def join_own_seat(app: App, table: HostedTable, name: str = "") -> None:
    """Sit the host at its own seat of ``table`` (its token reclaims it after a restart)."""
    remote = connect(Hosting.local_address(), table.code, table.seat, name, token=table.token)
    open_remote_table(app, remote)


def host_table(app: App, game_id: str, seats: list[Seat], options: dict[str, Any], seed: int) -> None:
    """Add a table to the app's server and sit the host at the first person's seat (watching
    when every seat is an AI)."""
    own = next((index for index, seat in enumerate(seats) if seat.is_human), SPECTATOR)
    offered = [seat if index == own or not seat.is_human else Seat("human", hints=seat.hints)
               for index, seat in enumerate(seats)]  # other people bring their own names
    handle = Hosting.ensure()
    code = handle.add_table(game_id, offered, options, seed=seed)
    # the host makes every seat token, its own player's too (a watcher's is never used)
    token = handle.claim_seat(code, own, seats[own].name) if own != SPECTATOR else hosted.new_token()
    table = HostedTable(code, game_id, len(seats), own, token)
    hosted.remember(table)
    join_own_seat(app, table, seats[own].name if own != SPECTATOR else "")


# ----- the screens ------------------------------------------------------------------------------------------
class HostSetup(Setup):
    """The usual setup, in host mode: Start opens the table on the LAN instead of this screen."""

    def __init__(self, app: App, game_id: str) -> None:
        super().__init__(app, game_id)
        self.start_button.label = lambda: t("lan.host.open")
        self.kinds = ["human"] * self.rules.max_players  # a LAN table is for several people
        self.rebuild()
        self.group.focus_on(self.start_button)

    def subtitle(self) -> str:
        """Says the table will be hosted."""
        return t("lan.host.setup_heading")

    def start(self) -> None:
        """Host the table with the seats and options chosen, then sit at it."""
        try:
            host_table(self.app, self.game_id, self.seats(), self.options(), tables.new_seed())
        except Exception as error:  # the screen stays, with the reason
            log.exception("hosting %s failed", self.game_id)
            self.toast.show(t("lan.host.failed", error=str(error)[:120]), 6.0)


class HostScene(MenuScene):
    """ "Host a table": a new table of any game, or resume one hosted before."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.games = [self._game_button(index, game) for index, game in enumerate(available_games())]
        self.resumable = resumable_tables()
        self.resume_buttons = [self._resume_button(index, table) for index, table in enumerate(self.resumable[:6])]
        self.back_button = Button(BACK_RECT, lambda: t("ui.back"), self.back, style="secondary")
        self.group.set_widgets([*self.resume_buttons, *self.games, self.back_button])
        self.group.focus_on(self.resume_buttons[0] if self.resume_buttons else self.games[0])

    @staticmethod
    def _row(panel: pygame.Rect, index: int) -> pygame.Rect:
        return pygame.Rect(panel.x + 40, panel.y + 120 + index * (ROW_HEIGHT + ROW_GAP), panel.width - 80, ROW_HEIGHT)

    def _game_button(self, index: int, game_id: str) -> Button:
        return Button(self._row(PANEL_LEFT, index), lambda: t(f"game.{game_id}.title"),
                      lambda: self.app.push(HostSetup(self.app, game_id)))

    def _resume_button(self, index: int, table: HostedTable) -> Button:
        label = lambda: t("lan.host.resume_row", game=t(f"game.{table.game}.title"),
                          n=table.players, code=table.code)
        return Button(self._row(PANEL_RIGHT, index), label, lambda: self.resume_table(table), style="secondary")

    def resume_table(self, table: HostedTable) -> None:
        """Back to an unfinished hosted table, at the host's own seat."""
        try:
            join_own_seat(self.app, table)
        except Exception as error:  # noqa: BLE001
            log.warning("resuming %s failed: %s", table.code, error)
            self.toast.show(error_text(error, Hosting.local_address()), 6.0)

    def draw(self, surface: pygame.Surface) -> None:
        """Room, heading, the two panels (new table, unfinished tables), the buttons."""
        draw_room(surface)
        draw_heading(surface, t("lan.host.heading"), t("lan.host.subtitle"), top=40)
        for panel, key in ((PANEL_LEFT, "lan.host.new"), (PANEL_RIGHT, "lan.host.unfinished")):
            draw_panel(surface, panel, theme.PAPER, radius=28)
            draw_text(surface, t(key), theme.LARGE, theme.INK, (panel.x + 40, panel.y + 34), True)
        if not self.resume_buttons:
            draw_text_centered(surface, t("lan.host.none_unfinished"), theme.BODY, theme.INK_SOFT,
                               (PANEL_RIGHT.centerx, PANEL_RIGHT.y + 160))
        self.group.draw(surface)
        self.toast.draw(surface)


def open_host(app: App) -> None:
    """The title's "Host a table"."""
    app.push(HostScene(app))


def open_join(app: App) -> None:
    """The title's "Join"."""
    from scenes.lan.join import JoinScene

    app.push(JoinScene(app))
