"""Game controllers: a pad's buttons and stick become the same intents as keys (``scenes.input``).

SDL's game controller API gives every pad it knows (Xbox, PlayStation, Switch Pro, 8BitDo, a Steam
Deck...) one standard layout, so one mapping serves them all:

=================  =======================================================================
D-pad, left stick  ``NAV`` (move the focus); held, it repeats like a held arrow key
A                  ``ACTIVATE`` (as Enter)
B                  ``BACK`` (as Esc)
X                  ``KEY "pad_x"``: a table's own extra action (``TableScene.PAD_X_KEY``)
Y                  ``KEY "?"``: a hint at the table
LB / RB            ``FOCUS_PREV`` / ``FOCUS_NEXT`` (as Shift+Tab / Tab: cycle cards or targets)
Start              ``MENU``: the pause menu at a table; starts the match on the setup screen
Back / Select      ``BUTTON_ROW``: at a table, move between the pieces and the screen's buttons
=================  =======================================================================

Each intent a pad makes carries the pad's number (``Intent.pad``, from 1; 0 is keys, mouse and
touch). A pad keeps its number while it is unplugged: plugged in again (the same GUID) it gets
the same number back, and so its seat at a hot-seat table (``Pads.refusal``).

The glyphs of the on-screen hints follow the last device used: a pad's press shows the pad's
(A/B badges, or cross/circle for a PlayStation pad), a key press shows keys again (``Pads.glyphs``).
They are drawn here as small round badges, with no font beyond the app's own.
"""

from __future__ import annotations

import logging
import math
import re
from dataclasses import dataclass, field
from typing import Any

import pygame

from scenes.engine import input as intents
from scenes.engine.input import Intent

log = logging.getLogger("kotatsu.pad")

DEAD_ZONE = 0.5  # of the stick's travel: beyond it the stick points somewhere
RELEASE_ZONE = 0.35  # back inside this the stick is let go (a little hysteresis against flicker)
REPEAT_DELAY = 0.4  # s a direction is held before it repeats
REPEAT_EVERY = 0.12  # s between repeats after that
AXIS_MAX = 32767

XBOX, PLAYSTATION, NINTENDO = "xbox", "playstation", "nintendo"  # glyph styles
KEYS = ""  # no pad glyphs: the hints show keys

_DPAD = {
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: (-1, 0),
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: (1, 0),
    pygame.CONTROLLER_BUTTON_DPAD_UP: (0, -1),
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: (0, 1),
}
_BUTTON_INTENTS: dict[int, Intent] = {
    pygame.CONTROLLER_BUTTON_A: Intent(intents.ACTIVATE, key="return"),
    pygame.CONTROLLER_BUTTON_B: Intent(intents.BACK, key="escape"),
    pygame.CONTROLLER_BUTTON_X: Intent(intents.KEY, key="pad_x"),
    pygame.CONTROLLER_BUTTON_Y: Intent(intents.KEY, key="?"),
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: Intent(intents.FOCUS_PREV),
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: Intent(intents.FOCUS_NEXT),
    pygame.CONTROLLER_BUTTON_START: Intent(intents.MENU),
    pygame.CONTROLLER_BUTTON_BACK: Intent(intents.BUTTON_ROW),
}
SONY, NINTENDO_VENDOR = 0x054C, 0x057E


def style_of(name: str, guid: str) -> str:
    """The glyph style of a pad, from its name and the vendor in its GUID."""
    lowered = name.lower()
    vendor = _vendor(guid)
    if vendor == SONY or any(word in lowered for word in ("playstation", "ps3", "ps4", "ps5", "dualshock",
                                                          "dualsense")):
        return PLAYSTATION
    if vendor == NINTENDO_VENDOR or any(word in lowered for word in ("nintendo", "switch", "joy-con")):
        return NINTENDO
    return XBOX


def _vendor(guid: str) -> int:
    """The USB vendor id SDL keeps in bytes 4-5 of a GUID (little endian), or 0."""
    try:
        return int(guid[10:12] + guid[8:10], 16)
    except ValueError:
        return 0


@dataclass
class Pad:
    """One plugged-in controller."""

    number: int  # shown to people ("Pad 2") and carried by its intents
    instance_id: int
    guid: str
    name: str
    device: Any  # the pygame controller (kept open: SDL sends events only for open ones)
    style: str = XBOX
    dpad: tuple[int, int] = (0, 0)
    stick: tuple[int, int] = (0, 0)
    held_for: float = 0.0  # s the current direction has been held
    repeats: int = 0
    buttons: set[int] = field(default_factory=set)  # held buttons (the kiosk's exit chord)

    def direction(self) -> tuple[int, int]:
        """Where the pad points now: the D-pad first, else the stick."""
        return self.dpad if self.dpad != (0, 0) else self.stick


class Pads:
    """Every plugged-in pad, what their presses mean, who sits where, and which glyphs to show."""

    def __init__(self) -> None:
        self.pads: dict[int, Pad] = {}  # by SDL instance id
        self.unplugged: list[tuple[str, int]] = []  # (guid, number) of pads gone, oldest first
        self._numbers = 0
        self.glyphs = KEYS  # the style of the last pad used, or KEYS after a key press
        self.claims: dict[int, int] = {}  # pad number -> seat, at the table ``claims_of`` names
        self.claims_of: Any = None  # the match the claims are for
        self.available = _init_controllers()

    # ----- devices ------------------------------------------------------------------------------
    def plugged(self, device_index: int) -> Pad | None:
        """Open a new controller; a pad plugged in again takes back its old number."""
        try:
            from pygame._sdl2 import controller

            device = controller.Controller(device_index)
            joystick = device.as_joystick()
            instance_id, guid, name = joystick.get_instance_id(), joystick.get_guid(), device.name
        except (pygame.error, ImportError) as error:
            log.warning("a controller could not be opened: %s", error)
            return None
        if instance_id in self.pads:
            return self.pads[instance_id]
        number = next((n for g, n in self.unplugged if g == guid), 0)
        if number:
            self.unplugged.remove((guid, number))
        else:
            self._numbers += 1
            number = self._numbers
        pad = Pad(number, instance_id, guid, name or "", device, style_of(name or "", guid))
        self.pads[instance_id] = pad
        log.info("pad %d plugged in: %s (%s)", number, pad.name, pad.style)
        return pad

    def unplug(self, instance_id: int) -> Pad | None:
        """Forget a controller that went away (its number and seat wait for it to come back)."""
        pad = self.pads.pop(instance_id, None)
        if pad is None:
            return None
        self.unplugged.append((pad.guid, pad.number))
        log.info("pad %d unplugged", pad.number)
        return pad

    def by_number(self, number: int) -> Pad | None:
        """The plugged-in pad with this number."""
        return next((pad for pad in self.pads.values() if pad.number == number), None)

    # ----- events -------------------------------------------------------------------------------
    def translate(self, event: pygame.event.Event) -> list[Intent]:
        """The intents of one controller event (none for plug events and presses that mean
        nothing)."""
        kind = event.type
        if kind == pygame.CONTROLLERDEVICEADDED:
            self.plugged(event.device_index)
            return []
        if kind == pygame.CONTROLLERDEVICEREMOVED:
            self.unplug(event.instance_id)
            return []
        pad = self.pads.get(getattr(event, "instance_id", -1))
        if pad is None:
            return []
        if kind == pygame.CONTROLLERBUTTONDOWN:
            pad.buttons.add(event.button)
            return self._pressed(pad, event.button)
        if kind == pygame.CONTROLLERBUTTONUP:
            pad.buttons.discard(event.button)
            if event.button in _DPAD:
                return self._aim(pad, dpad=_released_dpad(pad.buttons))
            return []
        if kind == pygame.CONTROLLERAXISMOTION and event.axis in (pygame.CONTROLLER_AXIS_LEFTX,
                                                                   pygame.CONTROLLER_AXIS_LEFTY):
            return self._aim(pad, stick=_stick(pad.stick, event.axis, event.value))
        return []

    def _pressed(self, pad: Pad, button: int) -> list[Intent]:
        """A button went down."""
        if button in _DPAD:
            return self._aim(pad, dpad=_DPAD[button])
        meaning = _BUTTON_INTENTS.get(button)
        if meaning is None:
            return []
        self.used(pad)
        return [_from_pad(meaning, pad)]

    def _aim(self, pad: Pad, *, dpad: tuple[int, int] | None = None,
             stick: tuple[int, int] | None = None) -> list[Intent]:
        """The D-pad or the stick changed: a new direction moves the focus once, now."""
        before = pad.direction()
        if dpad is not None:
            pad.dpad = dpad
        if stick is not None:
            pad.stick = stick
        now = pad.direction()
        if now == before:
            return []
        pad.held_for, pad.repeats = 0.0, 0
        if now == (0, 0):
            return []
        self.used(pad)
        return [Intent(intents.NAV, dx=now[0], dy=now[1], pad=pad.number)]

    def tick(self, dt: float) -> list[Intent]:
        """The repeats of directions held down (as a held arrow key repeats)."""
        out: list[Intent] = []
        for pad in list(self.pads.values()):
            direction = pad.direction()
            if direction == (0, 0):
                continue
            pad.held_for += dt
            due = 0 if pad.held_for < REPEAT_DELAY else 1 + int((pad.held_for - REPEAT_DELAY) / REPEAT_EVERY)
            if due > pad.repeats:
                pad.repeats = due
                out.append(Intent(intents.NAV, dx=direction[0], dy=direction[1], pad=pad.number))
        return out

    def holding(self) -> bool:
        """True while some pad holds a direction (its repeats need frames)."""
        return any(pad.direction() != (0, 0) for pad in self.pads.values())

    # ----- glyphs -------------------------------------------------------------------------------
    def used(self, pad: Pad) -> None:
        """A pad was used: the hints show its glyphs."""
        self.glyphs = pad.style

    def key_pressed(self) -> bool:
        """A key was pressed: the hints show keys again. True when that changed them."""
        changed = self.glyphs != KEYS
        self.glyphs = KEYS
        return changed

    # ----- seats ----------------------------------------------------------------------------------
    def refusal(self, gate: tuple[Any, int, list[int]], number: int) -> tuple[str, dict[str, Any]] | None:
        """Whether pad ``number`` may act at a hot-seat table now: None when it may, else a
        catalogue key and its parameters for the toast that says why not.

        ``gate`` is (the match, the seat whose person acts now, the seats of people). A pad
        belongs to one seat: its first press at the table claims the seat acting now when no pad
        has it yet, else the next seat of a person without a pad. Keys, mouse and touch are never
        refused: they are the table's own."""
        match, seat, people = gate
        if self.claims_of is not match:  # another match: its seats are free again
            self.claims, self.claims_of = {}, match
        owned = self.claims.get(number)
        if owned is None:
            taken = set(self.claims.values())
            free = [person for person in people if person not in taken]
            if not free:
                return "pad.refused.no_seat", {"pad": number}
            owned = seat if seat in free else free[0]
            self.claims[number] = owned
            if owned == seat:
                return None
            return "pad.claimed_other", {"pad": number, "seat": owned}
        if owned == seat:
            return None
        return "pad.refused.other_seat", {"pad": number, "seat": owned}

    def seat_of(self, number: int) -> int | None:
        """The seat pad ``number`` plays for at the current table, if any."""
        return self.claims.get(number)


def glyphs_of(app: Any) -> str:
    """The glyph style ``app``'s hints show now (``KEYS`` for an app without pads, such as the
    help's picture maker)."""
    pads = getattr(app, "pads", None)
    return pads.glyphs if pads is not None else KEYS


def _init_controllers() -> bool:
    """Start SDL's game controller module (pygame.init does not always); False without it."""
    try:
        from pygame._sdl2 import controller

        if not controller.get_init():
            controller.init()
        return True
    except (pygame.error, ImportError, AttributeError) as error:
        log.info("no game controller support: %s", error)
        return False


def _from_pad(meaning: Intent, pad: Pad) -> Intent:
    """``meaning`` as pad ``pad``'s intent."""
    return Intent(meaning.kind, key=meaning.key, pad=pad.number)


def _released_dpad(held: set[int]) -> tuple[int, int]:
    """The D-pad direction still held after one of its buttons went up."""
    for button, direction in _DPAD.items():
        if button in held:
            return direction
    return (0, 0)


def _stick(now: tuple[int, int], axis: int, value: int) -> tuple[int, int]:
    """The stick's direction after one axis moved: beyond the dead zone it points that way; the
    other axis is dropped (focus moves one way at a time)."""
    amount = value / AXIS_MAX
    index = 0 if axis == pygame.CONTROLLER_AXIS_LEFTX else 1
    current = now[index]
    if current and abs(amount) > RELEASE_ZONE and (amount > 0) == (current > 0):
        return now  # still held that way
    if abs(amount) > DEAD_ZONE:
        sign = 1 if amount > 0 else -1
        return (sign, 0) if index == 0 else (0, sign)
    if current:  # this axis let go
        return (0, 0)
    return now


# ----- glyphs -------------------------------------------------------------------------------------

# label, fill colour by style; a PlayStation pad shows shapes, the others letters
_FACE = {
    "A": {XBOX: (76, 160, 60), NINTENDO: (70, 70, 78), PLAYSTATION: (70, 110, 200)},
    "B": {XBOX: (200, 60, 56), NINTENDO: (70, 70, 78), PLAYSTATION: (210, 70, 80)},
    "X": {XBOX: (52, 110, 210), NINTENDO: (70, 70, 78), PLAYSTATION: (210, 110, 170)},
    "Y": {XBOX: (220, 170, 40), NINTENDO: (70, 70, 78), PLAYSTATION: (60, 170, 140)},
}
_PS_SHAPE = {"A": "cross", "B": "circle", "X": "square", "Y": "triangle"}
_WIDE = {"LB": {PLAYSTATION: "L1", NINTENDO: "L"}, "RB": {PLAYSTATION: "R1", NINTENDO: "R"},
         "START": {PLAYSTATION: "OPTIONS", NINTENDO: "+"}, "SELECT": {PLAYSTATION: "SHARE", NINTENDO: "−"}}
_WIDE_DEFAULT = {"LB": "LB", "RB": "RB", "START": "START", "SELECT": "VIEW"}
SAME_ON_EVERY_PAD = frozenset(("DPAD",))  # glyphs that look alike whatever the pad's maker
TOKEN = re.compile(r"\[(A|B|X|Y|LB|RB|START|SELECT|DPAD)\]")
_badges: dict[tuple[str, str, int], pygame.Surface] = {}


def badge(name: str, style: str, size: int) -> pygame.Surface:
    """A pad button's glyph, ``size`` pixels high: a round badge for A/B/X/Y (a letter, or the
    PlayStation shape), a pill for the shoulders, Start and Select, a cross for the D-pad."""
    key = (name, style, size)
    if key not in _badges:
        _badges[key] = _paint_badge(name, style or XBOX, size)
    return _badges[key]


def _paint_badge(name: str, style: str, size: int) -> pygame.Surface:
    """Paint one glyph (see ``badge``)."""
    from scenes.engine import fonts

    if name == "DPAD":
        return _paint_dpad(size)
    if name in _FACE:
        surface = pygame.Surface((size, size), pygame.SRCALPHA)
        r = size // 2
        pygame.draw.circle(surface, _FACE[name][style], (r, r), r)
        pygame.draw.circle(surface, (245, 240, 228), (r, r), r, max(1, size // 14))
        if style == PLAYSTATION:
            _paint_shape(surface, _PS_SHAPE[name], size)
        else:
            text = fonts.text(name, max(8, int(size * 0.62)), (250, 248, 240), True)
            surface.blit(text, text.get_rect(center=(r, r + 1)))
        return surface
    label = _WIDE.get(name, {}).get(style, _WIDE_DEFAULT.get(name, name))
    text = fonts.text(label, max(8, int(size * 0.5)), (250, 248, 240), True)
    width = max(size, text.get_width() + size // 2)
    surface = pygame.Surface((width, size), pygame.SRCALPHA)
    pygame.draw.rect(surface, (70, 74, 82), surface.get_rect(), border_radius=size // 2)
    edge = max(1, size // 14)
    pygame.draw.rect(surface, (245, 240, 228), surface.get_rect(), edge, border_radius=size // 2)
    surface.blit(text, text.get_rect(center=(width // 2, size // 2 + 1)))
    return surface


def _paint_shape(surface: pygame.Surface, shape: str, size: int) -> None:
    """A PlayStation face button's shape, in white, in the middle of its badge."""
    white = (250, 248, 240)
    c = size / 2
    r = size * 0.24
    line = max(2, size // 10)
    if shape == "cross":
        pygame.draw.line(surface, white, (c - r, c - r), (c + r, c + r), line)
        pygame.draw.line(surface, white, (c - r, c + r), (c + r, c - r), line)
    elif shape == "circle":
        pygame.draw.circle(surface, white, (round(c), round(c)), round(r), line)
    elif shape == "square":
        side = round(2 * r)
        pygame.draw.rect(surface, white, pygame.Rect(round(c - r), round(c - r), side, side), line)
    else:
        corners = (0.0, 2 * math.pi / 3, 4 * math.pi / 3)
        points = [(c + r * 1.1 * math.sin(a), c - r * 1.1 * math.cos(a)) for a in corners]
        pygame.draw.polygon(surface, white, points, line)


def _paint_dpad(size: int) -> pygame.Surface:
    """The D-pad: a small grey plus."""
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    arm = max(4, size // 3)
    grey, edge = (70, 74, 82), (245, 240, 228)
    across = pygame.Rect(0, (size - arm) // 2, size, arm)
    down = pygame.Rect((size - arm) // 2, 0, arm, size)
    for rect in (across, down):
        pygame.draw.rect(surface, grey, rect, border_radius=2)
    for rect in (across, down):
        pygame.draw.rect(surface, edge, rect, 1, border_radius=2)
    middle = (size - arm) // 2 + 1
    pygame.draw.rect(surface, grey, pygame.Rect(middle, middle, arm - 2, arm - 2))
    return surface


_lines: dict[tuple[str, str, int, tuple[int, ...]], pygame.Surface] = {}


def hint_line(text: str, style: str, size: int, color: tuple[int, ...]) -> pygame.Surface:
    """One line of hint text with ``[A]``-style tokens drawn as the pad's glyphs (kept: treat
    the surface as read-only)."""
    key = (text, style, size, tuple(color))
    if key not in _lines:
        if len(_lines) > 256:  # languages and styles come and go: keep the latest few
            _lines.clear()
        _lines[key] = _paint_line(text, style, size, color)
    return _lines[key]


def _paint_line(text: str, style: str, size: int, color: tuple[int, ...]) -> pygame.Surface:
    """Paint one line of ``hint_line``."""
    from scenes.engine import crisp, fonts

    pieces: list[pygame.Surface] = []
    at = 0
    glyph = int(size * 1.25)
    for match in TOKEN.finditer(text):
        if match.start() > at:
            pieces.append(fonts.text(text[at:match.start()], size, color))
        pieces.append(badge(match.group(1), style, glyph))
        at = match.end()
    if at < len(text):
        pieces.append(fonts.text(text[at:], size, color))
    height = max([piece.get_height() for piece in pieces] or [1])
    width = sum(piece.get_width() + 4 for piece in pieces)
    surface = crisp.canvas((max(1, width), height), pygame.SRCALPHA)
    x = 0
    for piece in pieces:
        surface.blit(piece, (x, (height - piece.get_height()) // 2))
        x += piece.get_width() + 4
    return surface
