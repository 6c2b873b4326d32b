"""What a game's table provides to ``TableScene``, with the defaults: ``TableHooks`` (a base of
``TableScene``).

A game's table overrides these; ``build_pieces``, ``sync_from_observation``, ``event_handlers``,
``still_parts`` and ``draw_moving`` are required, the rest have defaults that do nothing or what
every table does (the buttons first under the pointer, H help, Esc the pause menu). See
``scenes.table.base`` for when each is called.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.core.events import Event
from game.i18n import t
from scenes.engine import input as intents
from scenes.engine.app import SIZE as SCREEN
from scenes.engine.input import Intent
from scenes.engine.ui import Button
from scenes.table import art, labels
from scenes.table.part import TablePart
from scenes.table.still import StillPart


class TableHooks(TablePart):
    """The hooks of ``TableScene`` a game's table overrides (see the module docstring)."""

    def build_pieces(self) -> None:
        """Create the game's pieces for the current viewer (required)."""
        raise NotImplementedError

    def sync_from_observation(self) -> None:
        """Set every piece to what the viewer's observation says, without animation (required)."""
        raise NotImplementedError

    def event_handlers(self) -> dict[type, Callable[[Any], None]]:
        """Event type -> handler that animates it (required). Unlisted events are skipped."""
        raise NotImplementedError

    def still_parts(self) -> dict[str, StillPart]:
        """The game's parts of the still layer as they should look now (required)."""
        raise NotImplementedError

    def draw_moving(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """Paint the pieces that move; return the areas painted (required)."""
        raise NotImplementedError

    def queue_intro(self) -> None:
        """A fresh match: queue the events its opening amounts to. Default: show it at rest."""
        self.sync_from_observation()

    def needs_sync(self) -> bool:
        """At rest: True when the pieces differ from the observation (then they are re-read)."""
        return False

    def game_buttons(self) -> list[Button]:
        """The game's own buttons, placed before Undo, Help and Menu."""
        return []

    def paint_still_base(self, surface: pygame.Surface) -> None:
        """What never changes: the table and the game's title printed on the mat."""
        surface.blit(art.table_surface(SCREEN, self.felt), (0, 0))
        left, top, width, _ = self.felt
        mark = labels.mat_mark(t(f"game.{self.match.game_id}.title"))
        surface.blit(mark, mark.get_rect(topright=(left + width - 44, top + 34)))

    def your_turn_text(self) -> str:
        """The status line when the person at the bottom is to act."""
        return ""

    def waiting_text(self, seat: int) -> str:
        """The status line while another person (``seat``) is to act."""
        return ""

    def refresh_hints(self) -> None:
        """Re-read what the screen hints (glows, notes, dimmed pieces)."""

    def on_applied(self, events: list[Event]) -> None:
        """An action went through (any seat's): forget held pieces before its events play."""

    def on_refused(self, reason: str) -> None:
        """An action was refused (the toast and sound are done): spring held pieces back."""

    def clear_selection(self) -> None:
        """Forget held or selected pieces at once (undo, curtain, new viewer)."""

    def drop_held(self) -> None:
        """Let go of whatever the pointer holds, animated (help opens, another scene on top)."""

    def pointer_holds(self) -> bool:
        """True while the pointer holds a piece (the buttons then leave the pointer alone).
        Default: the table's ``drag``, if it has one, is set."""
        return getattr(self, "drag", None) is not None

    def handle_pointer(self, intent: Intent) -> None:
        """Press, move, release: the buttons first (unless a piece is held by the pointer), then
        ``pointer_down``, ``pointer_move`` or ``pointer_up``."""
        if not self.pointer_holds() and self.buttons.handle(intent):
            return
        if intent.kind == intents.PRESS:
            self.pointer_down(intent.pos)
        elif intent.kind == intents.MOVE:
            self.pointer_move(intent.pos, intent.held, intent.touch)
        else:
            self.pointer_up(intent.pos)

    def pointer_down(self, pos: tuple[int, int]) -> None:
        """A press on the table (not on a button). Default: nothing."""

    def pointer_move(self, pos: tuple[int, int], held: bool, touch: bool) -> None:
        """The pointer moved (``held``: with the button down). Default: nothing."""

    def pointer_up(self, pos: tuple[int, int]) -> None:
        """A release on the table. Default: nothing."""

    def handle_nav(self, dx: int, dy: int) -> None:
        """Arrow keys."""

    def handle_focus(self, step: int) -> None:
        """Tab (+1) and Shift+Tab (-1)."""

    def handle_activate(self) -> None:
        """Enter."""

    def handle_key(self, key: str) -> None:
        """Letter shortcuts: H help, L the move log, ? or / a hint."""
        if key in ("?", "/"):
            self.press_hint()
        elif key == "h":
            self.open_help()
        elif key == "l":
            self.open_log()

    def handle_back(self, key: str = "escape") -> None:
        """Esc/Backspace: let go of what the viewer holds or is choosing (``let_go``); else Esc
        opens the pause menu (leaving asks first there), as on every desktop, and Backspace
        undoes like U and Ctrl+Z. Esc never takes a move back: a person reaching for the menu
        after the AI answered would lose their move."""
        if self.let_go():
            self.refresh_hints()
        elif key == "backspace":
            self.press_undo()
        else:
            self.open_pause()

    def let_go(self) -> bool:
        """Put down the piece the viewer holds or the choice in progress (Esc); True when there
        was one. A table with something to hold or choose says what that is."""
        return False
