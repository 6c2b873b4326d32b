"""``TableMixin``: the base of the parts of a table that are mixins of its class (the AI seats,
still layer and hooks of ``TableScene``, the other games' input); a game's effects and paint are
parts the table owns instead, typed against the protocols of ``scenes.table.view``.

Type checkers see ``TableScene`` as a game part's base, so they know the table's methods. The
table's own parts cannot have ``TableScene`` as their base (it is built from them), so
``TablePart`` declares what they use of the table instead; ``TableScene`` must match it. At run
time both are ``object``: a part stands alone and the table class brings the parts together. Its
own module, so ``scenes.table.base`` can build ``TableScene`` from parts that use it without an
import cycle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

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
    from scenes.table.base import Guide
    from scenes.table.base import TableScene as TableMixin
    from scenes.table.marks import MoveMarks
    from scenes.table.panel import ModalPanel
    from scenes.table.playback import EventPlayback
    from scenes.table.saver import BackgroundSaver, NullSaver
    from scenes.table.still import StillPart

    class TablePart(Scene):
        """What ``TableScene``'s own parts use of the table (and of each other), besides its
        being a ``Scene``."""

        KEYS_TEXT: str
        status_y: int
        felt: tuple[int, int, int, int]
        playback: EventPlayback
        match: Match
        logger: logging.Logger
        viewer: int
        animator: anim.Animator
        ambient: anim.Animator
        pending: deque[Event]
        playing_event: Event | None
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
    TableMixin = object
    TablePart = object

__all__ = ["TableMixin", "TablePart"]
