"""What a table's part may use from its table, declared in one place: ``TableView``.

A game's table is built from parts: its input (gestures become actions), its effects (rules events
become animations) and its paint (the still layer's parts and the moving pieces). A part never
reaches into the table at large: it uses the services below, plus the game's own pieces and
queries, which each game declares once in its ``view.py`` (``NekoView`` and so on) as a protocol
that extends this one. A type checker sees a part's ``self`` as that protocol, so a name a part
uses and nobody declared is an error, and each part's file reads on its own.

``TableScene`` (``scenes.table.base``) provides all of it; the parts are mixed into the game's
table class, which also brings the game's pieces. ``HandHold`` (``scenes.table.hand_drag``) is
the state of a hand card held or chosen, for the tables whose person plays cards from a hand fan.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import logging

    import pygame

    from game.core.events import Event
    from game.core.match import Match
    from scenes.engine import anim
    from scenes.engine.app import App
    from scenes.engine.ui import FocusGroup, Toast
    from scenes.table.panel import ModalPanel
    from scenes.table.pieces import Bubble
    from scenes.table.still_part import StillPart


class TableView(Protocol):
    """The services of a table that its parts may use (see the module docstring)."""

    # ----- who plays, and from whose side ----------------------------------------------------------
    app: App  # audio (``app.audio.play``), settings
    match: Match
    rules: Any  # the game's rules module (``match.rules``)
    logger: logging.Logger
    viewer: int  # the seat shown at the bottom
    hand_hidden: bool  # the viewer's private pieces are hidden (under a hot-seat curtain)
    curtain_up: bool
    finished: bool

    # ----- event playback and what moves -------------------------------------------------------------
    animator: anim.Animator  # event playback: the next event waits for it
    ambient: anim.Animator  # hover lifts, bubbles: never holds up play
    pending: deque[Event]  # rules events waiting to be played (a handler may pop the next ones)
    panel: ModalPanel | None = None  # a modal panel: stops playback, takes all input
    flying: list[Any]  # pieces in the air, painted over the still layer
    bubbles: list[Bubble]
    toast: Toast
    buttons: FocusGroup

    def observation(self) -> Any:
        """What the viewer may see now (the rules' observation, computed once per state)."""
        ...

    # ----- acting --------------------------------------------------------------------------------------
    def attempt(self, action: Any) -> bool:
        """Offer the viewer's ``action`` to the rules: True when it went through (its events are
        queued), else refused with the reason (toast, sound, ``on_refused``)."""
        ...

    def refuse(self, reason: str) -> None:
        """A refusal the table itself decides: the toast, the sound, the pieces spring back."""
        ...

    def refresh_hints(self) -> None:
        """Re-read what the screen hints (glows, notes, dimmed pieces)."""
        ...

    def clear_selection(self) -> None:
        """Forget held or selected pieces at once."""
        ...

    def continue_round(self) -> None:
        """Close the panel; event playback goes on."""
        ...

    def drop_held(self) -> None:
        """Let go of whatever the pointer holds, animated."""
        ...

    # ----- animating -------------------------------------------------------------------------------------
    def fly(self, sprite: Any, target: tuple[float, float], angle: float, duration: float, *,
            flip_to: float | None = None, scale_to: float | None = None,
            on_land: Callable[[], None] | None = None) -> anim.Step:
        """A timeline: ``sprite`` lifts, travels to ``target`` and lands (drawn from ``flying`` meanwhile)."""
        ...

    def show_bubble(self, text: str, tip: tuple[float, float], *, below: bool = False) -> None:
        """A speech bubble pointing at ``tip`` (never holds up play)."""
        ...

    def mark_move(self, rect: pygame.Rect, seat: int) -> None:
        """Outline where ``seat``'s move landed for a beat (not the viewer's own)."""
        ...

    def panel_after(self, open_panel: Callable[[], None], pause: float) -> anim.Step:
        """A step that opens a panel after ``pause``, once no speech bubble is being read."""
        ...

    def finish_match(self, event: Event | None = None) -> None:
        """The match is over: fanfare, the results."""
        ...

    # ----- asking ------------------------------------------------------------------------------------
    def seat_to_move(self) -> int:
        """The seat to act (the first when several may), -1 when the match is over."""
        ...

    def viewer_is_person(self) -> bool:
        """True when the seat at the bottom is a person's."""
        ...

    def viewer_may_act(self) -> bool:
        """True when the person at the bottom is to act."""
        ...

    def hand_interactive(self) -> bool:
        """True when the viewer's own pieces belong to a person and may be handled."""
        ...

    def idle(self) -> bool:
        """True when nothing animates or waits, no panel or curtain is up: a turn may begin."""
        ...

    def at_rest(self) -> bool:
        """True when no piece is moving and no event waits to be shown."""
        ...

    def speed(self) -> float:
        """The animation speed factor now (0 = instant)."""
        ...

    def name_of(self, seat: int) -> str:
        """A seat's name on screen, without its symbol."""
        ...

    def status_text(self) -> str:
        """The status banner's line now."""
        ...

    def pad_hint_text(self) -> str:
        """The key hint with a pad's ``[A]``-style glyph tokens (when a pad was used last)."""
        ...

    # ----- painting ----------------------------------------------------------------------------------------
    def picture_part(self, signature: Any, picture: pygame.Surface, **where: Any) -> StillPart:
        """A still part that is one cached picture placed by ``where``."""
        ...
