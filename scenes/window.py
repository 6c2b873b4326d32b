"""Where the app's window opens and how big it is.

The table is painted on one logical 1920x1080 canvas that SDL scales into the window
(``pygame.SCALED``, letterboxed, smooth rather than nearest-pixel). Opening a 1920x1080 window on
a 1366x768 laptop put its title bar and buttons off-screen, so the window is fitted instead:

- the first time, a 16:9 window of ``FILL`` of the display's usable area (the desktop without its
  taskbar or menu bar), room left for the window frame, centred in that area;
- later, the size and position the person left it at (saved in the settings), as long as that
  still lies within the usable area of a display; otherwise fitted afresh.

The arithmetic (``fit_window``, ``restore_window``) is pure and tested without a display;
``usable_areas`` asks SDL (``SDL_GetDisplayUsableBounds``, not exposed by pygame-ce, so through
ctypes) and falls back to the desktop size; ``scale_freely`` lets the canvas scale by any factor
(pygame-ce asks for whole numbers in a window, which crops a canvas larger than the window).
"""

from __future__ import annotations

import contextlib
import ctypes
import functools
import logging
import sys
from collections.abc import Sequence
from pathlib import Path

import pygame

log = logging.getLogger("kotatsu.window")

LOGICAL = (1920, 1080)
FILL = 0.9  # share of the usable area a first window takes (either way, whichever binds first)
FRAME = (16, 48)  # pixels the window manager's frame may add around the window (sides, title bar)
MIN_SIZE = (640, 360)  # a window smaller than this is not kept: it is fitted afresh
Box = tuple[int, int, int, int]  # x, y, width, height


# ----- arithmetic ------------------------------------------------------------------------------------
def fit_window(usable: Box, logical: tuple[int, int] = LOGICAL, fill: float = FILL) -> Box:
    """The largest window of ``logical``'s shape within ``fill`` of ``usable`` (with room for the
    frame), centred in it. Never larger than the usable area, whatever its shape."""
    ux, uy, uw, uh = usable
    room_w, room_h = max(1, uw - FRAME[0]), max(1, uh - FRAME[1])
    scale = min(room_w * fill / logical[0], room_h * fill / logical[1])
    width, height = max(1, round(logical[0] * scale)), max(1, round(logical[1] * scale))
    x = ux + (uw - width) // 2
    y = uy + max(FRAME[1] // 2, (uh - height) // 2)
    return x, y, width, height


def inside(box: Box, area: Box) -> bool:
    """True when ``box`` lies wholly within ``area``."""
    x, y, w, h = box
    ax, ay, aw, ah = area
    return ax <= x and ay <= y and x + w <= ax + aw and y + h <= ay + ah


def restore_window(saved: Sequence[int] | None, usables: Sequence[Box], display: int = 0) -> Box:
    """The saved window when it is big enough and lies within the usable area of a display, else
    a window fitted to display ``display`` (the first one if there is no such display)."""
    if saved is not None and len(saved) == 4:
        box = (int(saved[0]), int(saved[1]), int(saved[2]), int(saved[3]))
        big_enough = box[2] >= MIN_SIZE[0] and box[3] >= MIN_SIZE[1]
        if big_enough and any(inside(box, usable) for usable in usables):
            return box
    usable = usables[display] if 0 <= display < len(usables) else usables[0]
    return fit_window(usable)


# ----- asking SDL ---------------------------------------------------------------------------------
class _Rect(ctypes.Structure):
    _fields_ = [("x", ctypes.c_int), ("y", ctypes.c_int), ("w", ctypes.c_int), ("h", ctypes.c_int)]


@functools.cache
def _loaded_sdl() -> ctypes.CDLL | None:
    """The SDL2 library pygame loaded (the same copy, so the same video subsystem), or None."""
    candidates: list[str] = []
    maps = Path("/proc/self/maps")
    if maps.exists():
        with contextlib.suppress(OSError):
            candidates += sorted({line.split()[-1] for line in maps.read_text().splitlines()
                                  if "libSDL2-2" in line and line.split()[-1].startswith("/")})
    candidates += ["SDL2.dll"] if sys.platform == "win32" else ["libSDL2-2.0.so.0", "libSDL2.dylib"]
    for name in candidates:
        try:
            return ctypes.CDLL(name)
        except OSError:
            continue
    return None


def usable_areas() -> list[Box]:
    """Each display's usable area (without taskbars, docks and menu bars); the desktop sizes at
    (0, 0) when SDL cannot be asked. Needs ``pygame.display.init()``."""
    sizes = pygame.display.get_desktop_sizes()
    library = _loaded_sdl()
    areas: list[Box] = []
    for index, (width, height) in enumerate(sizes):
        rect = _Rect()
        try:
            ok = library is not None and library.SDL_GetDisplayUsableBounds(index, ctypes.byref(rect)) == 0
        except (AttributeError, OSError):
            ok = False
        areas.append((rect.x, rect.y, rect.w, rect.h) if ok and rect.w > 0 and rect.h > 0 else (0, 0, width, height))
    return areas or [(0, 0, *LOGICAL)]


def scale_freely() -> bool:
    """Let SDL scale the canvas by any factor, not only whole numbers; True when it now does.

    pygame-ce's SCALED mode asks for integer scaling in a window: a 1920x1080 canvas in a smaller
    window is then shown at 1:1 and cropped instead of scaled down (tried under Xvfb). pygame-ce
    does not expose the switch, so SDL is asked directly, for the renderer of this window."""
    shown, library = window(), _loaded_sdl()
    if shown is None or library is None:
        return False
    try:
        library.SDL_GetWindowFromID.restype = ctypes.c_void_p
        library.SDL_GetWindowFromID.argtypes = [ctypes.c_uint32]
        library.SDL_GetRenderer.restype = ctypes.c_void_p
        library.SDL_GetRenderer.argtypes = [ctypes.c_void_p]
        library.SDL_RenderSetIntegerScale.argtypes = [ctypes.c_void_p, ctypes.c_int]
        renderer = library.SDL_GetRenderer(library.SDL_GetWindowFromID(shown.id))
        return bool(renderer) and library.SDL_RenderSetIntegerScale(renderer, 0) == 0
    except (AttributeError, OSError, pygame.error) as error:
        log.warning("could not switch off whole-number scaling: %s", error)
        return False


def window() -> pygame.Window | None:
    """The display module's window, or None (headless, or an older pygame)."""
    if pygame.display.get_surface() is None:
        return None
    try:
        import warnings

        with warnings.catch_warnings():  # from_display_module is deprecated, still the way in 2.5
            warnings.simplefilter("ignore", DeprecationWarning)
            return pygame.Window.from_display_module()
    except (pygame.error, AttributeError):
        return None


def place(box: Box) -> None:
    """Size and move the open window to ``box`` (the canvas keeps 1920x1080, scaled)."""
    shown = window()
    if shown is None:
        return
    x, y, width, height = box
    try:
        # SCALED sets the logical size as the window's minimum: a laptop needs a smaller window
        shown.minimum_size = MIN_SIZE
        shown.size = (width, height)
        shown.position = (x, y)
    except pygame.error as error:
        log.warning("could not place the window at %s: %s", box, error)


def current_box() -> Box | None:
    """Where the window is now and its size (for the settings), or None when there is none."""
    shown = window()
    if shown is None:
        return None
    try:
        (x, y), (width, height) = shown.position, shown.size
    except pygame.error:
        return None
    return int(x), int(y), int(width), int(height)
