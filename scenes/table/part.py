"""``TablePart``: what ``TableScene``'s own parts (AI seats, hint, LAN seat, still layer, pads,
undo, hooks) use of the table and of each other; and ``Guide``, the layer that may lead play at a
table (the tutorial).

The table is built from these parts, so they cannot name ``TableScene`` as their base: for a type
checker ``TablePart`` declares the table's side instead, and ``TableScene`` must match it. At run
time it is ``object``: a part stands alone and the table class brings the parts together. It
imports nothing of the table's own modules at run time, so the parts and the table make no
import circle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol


class Guide(Protocol):
    """A layer leading the play at a table (the tutorial), asked before the table acts."""

    def allows(self, action: Any) -> bool:
        """True when the viewer's ``action`` may go to the rules; else the guide has said why."""
        ...

    def after_move(self) -> None:
        """The allowed action went through."""
        ...

    def refuses_undo(self) -> bool:
        """True when undo is off now (the guide has said why)."""
        ...

    def hint_refusal(self) -> str | None:
        """Why there is no Hint now (a catalogue key), or None to leave it to the table."""
        ...


if TYPE_CHECKING:
    import logging
    from collections import deque
    from typing import Any

    import pygame

    from game.core.events import Event
    from game.core.match import Match
    from scenes.engine import anim
    from scenes.engine.app import Scene
    from scenes.engine.ui import FocusGroup, Toast
    from scenes.table.marks import MoveMarks
    from scenes.table.panel import ModalPanel
    from scenes.table.playback import EventPlayback
    from scenes.table.saver import BackgroundSaver, NullSaver
    from scenes.table.still_part import StillPart

    class TablePart(Scene):
        """What ``TableScene``'s own parts use of the table (and of each other), besides its
        being a ``Scene``."""

        KEYS_TEXT: str
        PAD_TEXT: str
        humans: list[int]
        status_y: int
        felt: tuple[int, int, int, int]
        playback: EventPlayback
        match: Match
        logger: logging.Logger
        viewer: int
        animator: anim.Animator
        ambient: anim.Animator
        pending: deque[Event]
        move_marks: MoveMarks
        panel: ModalPanel | None
        toast: Toast
        buttons: FocusGroup
        guide: Guide | None
        saver: BackgroundSaver | NullSaver
        finished: bool
        curtain_up: bool
        hand_hidden: bool
        ai_enabled: bool
        worker_inline: bool
        rejections: int
        _names: dict[tuple[int, str], str]
        # the AI seats' and the hint's requests (``AiSeats``, ``HintSeat``)
        ai_ticket: Any
        hint_ticket: int | None
        hint_for: tuple[Any, ...] | None
        hint_advice: Any

        def observation(self) -> Any: ...
        def idle(self) -> bool: ...
        def at_rest(self) -> bool: ...
        def speed(self) -> float: ...
        def viewer_is_person(self) -> bool: ...
        def viewer_may_act(self) -> bool: ...
        def viewer_strip(self) -> pygame.Rect: ...
        def status_text(self) -> str: ...
        def still_parts(self) -> dict[str, StillPart]: ...
        def paint_still_base(self, surface: pygame.Surface) -> None: ...
        def draw_moving(self, surface: pygame.Surface) -> list[pygame.Rect]: ...
        def draw_hint(self, surface: pygame.Surface) -> list[pygame.Rect]: ...
        def sync_from_observation(self) -> None: ...
        def clear_selection(self) -> None: ...
        def let_go(self) -> bool: ...
        def cancel_ai(self) -> None: ...
        def refresh_hints(self) -> None: ...
        def on_applied(self, events: list[Event]) -> None: ...
        def after_apply(self, events: list[Event]) -> None: ...
        def finish_match(self, event: Event | None = None) -> None: ...
        def pad_hint_text(self) -> str: ...
        # the table's buttons and keys (``TableHooks`` routes the intents to them)
        def press_hint(self) -> None: ...
        def press_undo(self) -> None: ...
        def open_help(self) -> None: ...
        def open_log(self) -> None: ...
        def open_pause(self) -> None: ...
else:
    TablePart = object

__all__ = ["Guide", "TablePart"]
