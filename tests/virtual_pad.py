"""Virtual game controllers for headless tests: SDL's own virtual joystick driver, reached through
ctypes on the SDL2 library pygame-ce bundles. SDL gives a virtual joystick of the game-controller
type a standard mapping (button i is SDL_CONTROLLER_BUTTON i), so ``pygame._sdl2.controller`` and
the app see a real pad: plugging, pressing, the stick and unplugging all go through SDL's events.
"""

from __future__ import annotations

import ctypes
import glob
import os
from pathlib import Path

import pygame

JOYSTICK_TYPE_GAMECONTROLLER = 1
AXES, BUTTONS = 6, 15  # SDL_CONTROLLER_AXIS_MAX, SDL_CONTROLLER_BUTTON_MAX
DESC_VERSION = 1  # SDL_VIRTUAL_JOYSTICK_DESC_VERSION
VENDORS = {  # kind: (USB vendor, product, name), as a real pad of that maker reports them
    "xbox": (0x045E, 0x02EA, b"Xbox One Controller"),
    "playstation": (0x054C, 0x09CC, b"PS4 Controller"),
}


class _Desc(ctypes.Structure):
    """SDL_VirtualJoystickDesc (SDL 2.24+)."""

    _fields_ = [
        ("version", ctypes.c_uint16), ("type", ctypes.c_uint16), ("naxes", ctypes.c_uint16),
        ("nbuttons", ctypes.c_uint16), ("nhats", ctypes.c_uint16), ("vendor_id", ctypes.c_uint16),
        ("product_id", ctypes.c_uint16), ("padding", ctypes.c_uint16), ("button_mask", ctypes.c_uint32),
        ("axis_mask", ctypes.c_uint32), ("name", ctypes.c_char_p), ("userdata", ctypes.c_void_p),
        ("Update", ctypes.c_void_p), ("SetPlayerIndex", ctypes.c_void_p), ("Rumble", ctypes.c_void_p),
        ("RumbleTriggers", ctypes.c_void_p), ("SetLED", ctypes.c_void_p), ("SendEffect", ctypes.c_void_p),
    ]


def sdl_library() -> ctypes.CDLL | None:
    """pygame-ce's own SDL2 (the one its controller module uses), or None when it is not found
    or has no virtual joysticks of the kind used here (SDL 2.24 or later)."""
    package = Path(pygame.__file__).resolve().parent
    patterns = [str(package.parent / "pygame_ce.libs" / "libSDL2-*"), str(package / "libSDL2*"),
                str(package.parent / "pygame.libs" / "libSDL2-*"), str(package / ".dylibs" / "libSDL2*"),
                str(package / "SDL2.dll")]
    for pattern in patterns:
        for path in sorted(glob.glob(pattern)):
            if "image" in path or "mixer" in path or "ttf" in path:
                continue
            library = ctypes.CDLL(path)
            if not hasattr(library, "SDL_JoystickAttachVirtualEx"):  # SDL older than 2.24
                return None
            _declare(library)
            return library
    return None


def _declare(sdl: ctypes.CDLL) -> None:
    """The signatures of the functions used here."""
    sdl.SDL_JoystickAttachVirtualEx.argtypes = [ctypes.POINTER(_Desc)]
    sdl.SDL_JoystickAttachVirtualEx.restype = ctypes.c_int
    sdl.SDL_JoystickDetachVirtual.argtypes = [ctypes.c_int]
    sdl.SDL_JoystickDetachVirtual.restype = ctypes.c_int
    sdl.SDL_JoystickFromInstanceID.argtypes = [ctypes.c_int]
    sdl.SDL_JoystickFromInstanceID.restype = ctypes.c_void_p
    sdl.SDL_JoystickGetDeviceInstanceID.argtypes = [ctypes.c_int]
    sdl.SDL_JoystickGetDeviceInstanceID.restype = ctypes.c_int
    sdl.SDL_NumJoysticks.restype = ctypes.c_int
    sdl.SDL_JoystickSetVirtualButton.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_uint8]
    sdl.SDL_JoystickSetVirtualButton.restype = ctypes.c_int
    sdl.SDL_JoystickSetVirtualAxis.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int16]
    sdl.SDL_JoystickSetVirtualAxis.restype = ctypes.c_int
    sdl.SDL_GetError.restype = ctypes.c_char_p


class VirtualPad:
    """One virtual controller. ``attach`` plugs it in (the app opens it at its next frame)."""

    def __init__(self, sdl: ctypes.CDLL, kind: str = "xbox") -> None:
        self.sdl = sdl
        self.kind = kind
        self.instance_id = -1

    def attach(self) -> VirtualPad:
        """Plug it in."""
        vendor, product, name = VENDORS[self.kind]
        desc = _Desc(version=DESC_VERSION, type=JOYSTICK_TYPE_GAMECONTROLLER, naxes=AXES, nbuttons=BUTTONS,
                     vendor_id=vendor, product_id=product, name=name)
        index = self.sdl.SDL_JoystickAttachVirtualEx(ctypes.byref(desc))
        if index < 0:
            raise RuntimeError(f"SDL could not attach a virtual pad: {self.sdl.SDL_GetError().decode()}")
        self.instance_id = self.sdl.SDL_JoystickGetDeviceInstanceID(index)
        return self

    def _joystick(self) -> int:
        """SDL's joystick of this pad (the app has it open)."""
        handle = self.sdl.SDL_JoystickFromInstanceID(self.instance_id)
        if not handle:
            raise RuntimeError("the virtual pad is not open: step the app once after attach")
        return handle

    def button(self, button: int, down: bool) -> None:
        """Hold or let go of ``button`` (a ``pygame.CONTROLLER_BUTTON_*``)."""
        self.sdl.SDL_JoystickSetVirtualButton(self._joystick(), button, 1 if down else 0)

    def axis(self, axis: int, value: int) -> None:
        """Move ``axis`` (a ``pygame.CONTROLLER_AXIS_*``) to ``value`` (-32768..32767)."""
        self.sdl.SDL_JoystickSetVirtualAxis(self._joystick(), axis, value)

    def detach(self) -> None:
        """Unplug it."""
        for index in range(self.sdl.SDL_NumJoysticks()):
            if self.sdl.SDL_JoystickGetDeviceInstanceID(index) == self.instance_id:
                self.sdl.SDL_JoystickDetachVirtual(index)
                return


def headless() -> bool:
    """True under the dummy video driver (the tests' setting)."""
    return os.environ.get("SDL_VIDEODRIVER") == "dummy"
