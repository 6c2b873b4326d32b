"""The kiosk's only way out (``ExitLock``): a hidden gesture opens a PIN pad, and wrong PINs lock
the pad for longer and longer.

The gesture is a press held in the top-left corner for ``hold_seconds``, or, with ``[pad]
enabled``, a pad's Select and Start held together as long. The pad itself (``PinPad``) is drawn
and worked in ``scenes.kiosk.screens``; it asks this lock to check what was typed.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import pygame

from game.kiosk import KioskConfig, organiser_event
from scenes.engine import input as intents
from scenes.engine.app import App
from scenes.engine.input import Intent
from scenes.kiosk.screens import PinPad

log = logging.getLogger("kotatsu.kiosk")

CORNER = pygame.Rect(0, 0, 120, 120)  # the hidden exit gesture: hold here
LOCKOUT_LIMIT = 900.0  # s: the longest lock after many wrong PINs


class ExitLock:
    """The hidden gesture, the PIN pad it opens, and the lockout after wrong PINs."""

    def __init__(self, app: App, config: KioskConfig, clock: Callable[[], float],
                 on_exit: Callable[[], None]) -> None:
        self.app = app
        self.config = config
        self.clock = clock
        self.on_exit = on_exit  # the right PIN: the kiosk ends
        self.corner_down_at: float | None = None
        self.chord_since: float | None = None  # a pad's Select and Start held together since
        self.pin_pad: PinPad | None = None
        self.wrong_pins = 0
        self.lockouts = 0
        self.locked_until = 0.0

    def lock_remaining(self) -> float:
        """Seconds left of a PIN lock (0 when the pad is open)."""
        return max(0.0, self.locked_until - self.clock())

    def track_corner(self, intent: Intent, now: float) -> None:
        """The hidden gesture: a press that stays in the top-left corner."""
        if intent.kind == intents.PRESS:
            self.corner_down_at = now if CORNER.collidepoint(intent.pos) else None
        elif intent.kind == intents.RELEASE or (intent.kind == intents.MOVE and not CORNER.collidepoint(intent.pos)):
            self.corner_down_at = None

    def check(self, now: float) -> bool:
        """Open the PIN pad once a gesture was held long enough (True when it just opened);
        close a pad left alone."""
        opened = False
        if self.corner_down_at is not None and now - self.corner_down_at >= self.config.hold_seconds:
            self.corner_down_at = None
            self.open_pin_pad()
            opened = True
        if self._pad_chord_held(now):
            self.open_pin_pad()
            opened = True
        if self.pin_pad is not None and self.pin_pad.timed_out(now):
            self.close_pin_pad()
        return opened

    def _pad_chord_held(self, now: float) -> bool:
        """The hidden gesture on an arcade pad (``[pad] enabled``): Select and Start held together
        for ``hold_seconds`` open the PIN pad, which the pad then works (D-pad, A, B)."""
        if not self.config.pad or self.pin_pad is not None:
            self.chord_since = None
            return False
        held = any({pygame.CONTROLLER_BUTTON_BACK, pygame.CONTROLLER_BUTTON_START} <= pad.buttons
                   for pad in self.app.pads.pads.values())
        if not held:
            self.chord_since = None
        elif self.chord_since is None:
            self.chord_since = now
        elif now - self.chord_since >= self.config.hold_seconds:
            self.chord_since = None
            return True
        return False

    def open_pin_pad(self) -> None:
        """The hidden gesture was made: show the keypad."""
        log.info("the exit PIN pad was opened")
        self.pin_pad = PinPad(self)

    def close_pin_pad(self) -> None:
        """Put the keypad away."""
        self.pin_pad = None

    def check_pin(self, entered: str) -> tuple[str, dict[str, Any]]:
        """Right: the kiosk exits. Wrong: counted, and every few wrong ones lock the pad for
        longer and longer. Returns the message (i18n key and params) for the pad."""
        if self.lock_remaining() > 0:
            return "", {}
        if entered == self.config.pin:
            organiser_event("exit", "the organiser left kiosk mode with the PIN")
            self.on_exit()
            return "", {}
        self.wrong_pins += 1
        organiser_event("pin_wrong", "a wrong exit PIN was entered", count=self.wrong_pins)
        if self.wrong_pins % self.config.tries_before_lockout == 0:
            seconds = min(LOCKOUT_LIMIT, self.config.lockout_seconds * 2 ** self.lockouts)
            self.lockouts += 1
            self.locked_until = self.clock() + seconds
            return "kiosk.pin.locked", {"seconds": int(seconds)}
        left = self.config.tries_before_lockout - self.wrong_pins % self.config.tries_before_lockout
        return "kiosk.pin.wrong", {"left": left}
