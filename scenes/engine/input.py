"""One input layer: mouse, finger and keys become the same small set of intents.

Scenes never read raw pygame events; they get ``Intent`` records in logical (1920x1080)
coordinates, so a tap, a click and a key press drive the same code.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

# Intent kinds
PRESS = "press"  # pointer (mouse button 1 or one finger) went down at pos
MOVE = "move"  # pointer moved to pos (held tells whether a press is in progress)
RELEASE = "release"  # pointer went up at pos
NAV = "nav"  # arrow keys: (dx, dy)
FOCUS_NEXT = "focus_next"  # Tab
FOCUS_PREV = "focus_prev"  # Shift+Tab
ACTIVATE = "activate"  # Enter / keypad Enter / Space (key: "return", "enter" or "space")
BACK = "back"  # Esc / Backspace (key: "escape" or "backspace", for a text field that tells them apart)
UNDO = "undo"  # Ctrl+Z or U
KEY = "key"  # any other key, by name ("p", "h", "f11", "1"...)
QUIT = "quit"  # window close
WHEEL = "wheel"  # mouse wheel: dy
TEXT = "text"  # typed text (key: what was typed, from the keyboard or an IME); only while a field asks
COMPOSE = "compose"  # an IME's text being composed, not yet typed (key: that text; "" when it ends)


@dataclass(frozen=True)
class Intent:
    """What the person meant, independent of the device."""

    kind: str
    pos: tuple[int, int] = (0, 0)
    dx: int = 0
    dy: int = 0
    key: str = ""
    held: bool = False
    touch: bool = False


_NAV_KEYS = {
    pygame.K_LEFT: (-1, 0),
    pygame.K_RIGHT: (1, 0),
    pygame.K_UP: (0, -1),
    pygame.K_DOWN: (0, 1),
}


def translate(event: pygame.event.Event, logical_size: tuple[int, int], held: bool) -> Intent | None:
    """The intent of one pygame event, or None when it means nothing to a scene.

    Mouse positions arrive on the logical surface already: in the SCALED window SDL translates
    them (``scenes.engine.window.to_logical`` is its arithmetic; on a letterbox bar they land off the
    surface, where nothing is hit). Finger events carry normalised coordinates, which SDL has
    clamped to the letterboxed canvas; they are scaled to the logical surface. SDL also
    synthesises mouse events from touches: those are dropped (``event.touch``) so a tap is seen
    once.
    """
    width, height = logical_size
    kind = event.type
    if kind == pygame.QUIT:
        return Intent(QUIT)
    if kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
        if getattr(event, "touch", False):
            return None
        if kind == pygame.MOUSEMOTION:
            return Intent(MOVE, event.pos, held=bool(event.buttons[0]))
        if event.button != 1:
            return None
        return Intent(PRESS if kind == pygame.MOUSEBUTTONDOWN else RELEASE, event.pos)
    if kind in (pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION):
        # SDL clamps a touch on a letterbox bar to the canvas edge, 1.0, which would land one
        # pixel past the last column or row; keep it on the surface
        pos = (min(width - 1, int(event.x * width)), min(height - 1, int(event.y * height)))
        if kind == pygame.FINGERDOWN:
            return Intent(PRESS, pos, touch=True)
        if kind == pygame.FINGERUP:
            return Intent(RELEASE, pos, touch=True)
        return Intent(MOVE, pos, held=True, touch=True)
    if kind == pygame.MOUSEWHEEL:
        return Intent(WHEEL, dy=int(event.y))
    if kind == pygame.KEYDOWN:
        return _key_intent(event)
    if kind == pygame.TEXTINPUT:
        return Intent(TEXT, key=event.text)
    if kind == pygame.TEXTEDITING:
        return Intent(COMPOSE, key=event.text)
    return None


def _key_intent(event: pygame.event.Event) -> Intent:
    """Keys: arrows, Tab, Enter/Space, Esc/Backspace, Ctrl+Z/U, anything else by name."""
    key = event.key
    if key in _NAV_KEYS:
        dx, dy = _NAV_KEYS[key]
        return Intent(NAV, dx=dx, dy=dy)
    if key == pygame.K_TAB:
        return Intent(FOCUS_PREV if event.mod & pygame.KMOD_SHIFT else FOCUS_NEXT)
    if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
        return Intent(ACTIVATE, key=pygame.key.name(key))
    if key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
        return Intent(BACK, key=pygame.key.name(key))
    if key == pygame.K_u or (key == pygame.K_z and event.mod & pygame.KMOD_CTRL):
        return Intent(UNDO)
    return Intent(KEY, key=pygame.key.name(key))
