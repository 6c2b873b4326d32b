"""Where the app's window opens and how big it is.

The table is painted on one logical 1920x1080 canvas that SDL scales into the window
(``pygame.SCALED``, letterboxed, smooth rather than nearest-pixel). Opening a 1920x1080 window on
a 1366x768 laptop put its title bar and buttons off-screen, so the window is fitted instead:

- the first time, a 16:9 window of ``FILL`` of the display's usable area (the desktop without its
  taskbar or menu bar), room left for the window frame, centred in that area;
- later, the size and position the person left it at (saved in the settings), as long as that
  still lies within the usable area of a display; otherwise fitted afresh.

The arithmetic (``fit_window``, ``restore_window``) is pure and tested without a display, and so
is SDL's letterbox: ``content_box`` (where a window of any size shows the canvas) and
``to_logical`` (where SDL puts a mouse at a window pixel on the canvas). Shots and the frame bench
paint what a window of a given size shows with it (``window_picture``), text drawn again at the
window's size as the real window does (``scenes.engine.crisp``). ``usable_areas`` asks SDL
(``SDL_GetDisplayUsableBounds``, not exposed by pygame-ce, so through ctypes) and falls back to
the desktop size; ``scale_freely`` lets the canvas scale by any factor
(pygame-ce asks for whole numbers in a window, which crops a canvas larger than the window).
"""

from __future__ import annotations

import contextlib
import ctypes
import functools
import logging
import math
import os
import struct
import sys
from collections.abc import Sequence
from pathlib import Path

import pygame

from scenes.engine import crisp, fonts

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


# ----- the letterbox ------------------------------------------------------------------------------
def _c_float(value: float) -> float:
    """``value`` rounded to a C ``float``. SDL does the letterbox in single precision and the
    rounding decides whole pixels: in a 1009x567 window 1920 * (567 / 1080) is 1008 in doubles but
    1007.99... in floats, so SDL draws the canvas 1007 pixels wide."""
    return float(struct.unpack("f", struct.pack("f", value))[0])


def _letterbox(window_size: tuple[int, int], logical: tuple[int, int]) -> tuple[Box, float]:
    """The box of the window the canvas is drawn into and the scale pointer positions are divided
    by: SDL2's ``UpdateLogicalSize`` (SDL_render.c; letterbox policy, whole-number scaling off as
    ``scale_freely`` leaves it), step by step in its types."""
    width, height = window_size
    logical_w, logical_h = logical
    if width <= 0 or height <= 0 or logical_w <= 0 or logical_h <= 0:
        raise ValueError(f"sizes must be positive: window {window_size}, canvas {logical}")
    want, real = _c_float(logical_w / logical_h), _c_float(width / height)
    if abs(_c_float(want - real)) < 0.0001:  # SDL's tolerance: the same shape fills the window
        return (0, 0, width, height), _c_float(width / logical_w)
    if want > real:  # the canvas is wider than the window: bars above and below
        scale = _c_float(width / logical_w)
        box_h = math.floor(_c_float(logical_h * scale))
        return (0, (height - box_h) // 2, width, box_h), scale
    scale = _c_float(height / logical_h)  # narrower: bars left and right
    box_w = math.floor(_c_float(logical_w * scale))
    return ((width - box_w) // 2, 0, box_w, height), scale


def content_box(window_size: tuple[int, int], logical: tuple[int, int] = LOGICAL) -> Box:
    """Where a window of ``window_size`` shows the canvas (x, y, width, height): scaled by the
    smaller ratio, centred, black bars on the other axis, exactly as SDL's SCALED mode draws it."""
    return _letterbox(window_size, logical)[0]


def to_logical(pos: tuple[int, int], window_size: tuple[int, int],
               logical: tuple[int, int] = LOGICAL) -> tuple[int, int]:
    """The canvas point SDL reports for a mouse at window pixel ``pos`` (SCALED mode translates
    mouse events before pygame sees them): from the box's corner, divided by the scale in single
    precision, truncated toward zero. A position on a bar lands off the canvas (negative, or past
    its size), where nothing is hit; SDL clamps touches to the box's edge instead."""
    (box_x, box_y, _, _), scale = _letterbox(window_size, logical)
    return int(_c_float((pos[0] - box_x) / scale)), int(_c_float((pos[1] - box_y) / scale))


def window_picture(canvas: pygame.Surface, window_size: tuple[int, int],
                   into: pygame.Surface | None = None) -> pygame.Surface:
    """What a window of ``window_size`` shows of ``canvas``: the canvas scaled smoothly (never
    nearest-pixel) into ``content_box``, black bars around it. Painted into ``into`` (of that
    size, reused by the frame bench) when given, else into a new surface."""
    size = (int(window_size[0]), int(window_size[1]))
    frame = pygame.Surface(size, 0, canvas) if into is None else into
    if frame.get_size() != size:
        raise ValueError(f"the target is {frame.get_size()}, not {size}")
    box = pygame.Rect(content_box(size, canvas.get_size()))
    for bar in _bars(frame.get_rect(), box):
        frame.fill((0, 0, 0), bar)
    if box.size == canvas.get_size():
        frame.blit(canvas, box)
    elif isinstance(canvas, crisp.Canvas):  # its text drawn again at the window's size
        crisp.crisp_frame(canvas, frame, (box.x, box.y, box.width, box.height), fonts.text)
    else:
        pygame.transform.smoothscale(canvas, box.size, frame.subsurface(box))
    return frame


def mark_text_for(window_size: tuple[int, int]) -> None:
    """Have text marked on canvases (``scenes.engine.crisp``) when a window of ``window_size`` shows
    the canvas at a scale other than 1 (shots and benches of other sizes paint with it)."""
    crisp.set_marking(crisp.needs_redraw(content_box(window_size)[2] / LOGICAL[0]))


def _bars(area: pygame.Rect, box: pygame.Rect) -> list[pygame.Rect]:
    """The parts of ``area`` outside ``box`` (above, below, left, right), empty ones left out."""
    bars = [pygame.Rect(area.left, area.top, area.width, box.top - area.top),
            pygame.Rect(area.left, box.bottom, area.width, area.bottom - box.bottom),
            pygame.Rect(area.left, box.top, box.left - area.left, box.height),
            pygame.Rect(box.right, box.top, area.right - box.right, box.height)]
    return [bar for bar in bars if bar.width > 0 and bar.height > 0]


# ----- asking SDL ---------------------------------------------------------------------------------
class _Rect(ctypes.Structure):
    _fields_ = [("x", ctypes.c_int), ("y", ctypes.c_int), ("w", ctypes.c_int), ("h", ctypes.c_int)]


class _RendererInfo(ctypes.Structure):
    _fields_ = [("name", ctypes.c_char_p), ("flags", ctypes.c_uint32), ("num_texture_formats", ctypes.c_uint32),
                ("texture_formats", ctypes.c_uint32 * 16), ("max_texture_width", ctypes.c_int),
                ("max_texture_height", ctypes.c_int)]


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
    library = _loaded_sdl()
    try:
        renderer = _renderer()
        if library is None or renderer is None:
            return False
        library.SDL_RenderSetIntegerScale.argtypes = [ctypes.c_void_p, ctypes.c_int]
        return library.SDL_RenderSetIntegerScale(renderer, 0) == 0
    except (AttributeError, OSError, pygame.error) as error:
        log.warning("could not switch off whole-number scaling: %s", error)
        return False


def _renderer() -> int | None:
    """The address of the SDL renderer that scales the canvas into the window, or None (no
    window or no SDL to ask). May raise ``AttributeError``, ``OSError`` or ``pygame.error``."""
    shown, library = window(), _loaded_sdl()
    if shown is None or library is None:
        return None
    library.SDL_GetWindowFromID.restype = ctypes.c_void_p
    library.SDL_GetWindowFromID.argtypes = [ctypes.c_uint32]
    library.SDL_GetRenderer.restype = ctypes.c_void_p
    library.SDL_GetRenderer.argtypes = [ctypes.c_void_p]
    return library.SDL_GetRenderer(library.SDL_GetWindowFromID(shown.id)) or None


def renderer_address() -> int | None:
    """The address of the SDL renderer showing the window (changes when SDL makes a new one),
    or None when there is none or SDL cannot be asked."""
    try:
        return _renderer()
    except (AttributeError, OSError, pygame.error):
        return None


def display_available() -> bool:
    """True when SDL can open a real window here (an X or Wayland display, not the dummy driver)."""
    if os.environ.get("SDL_VIDEODRIVER") == "dummy":
        return False
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def renderer_name() -> str:
    """The name of the SDL renderer that scales the canvas into the window ("opengl",
    "software"...), or "" when there is none or SDL cannot be asked."""
    library, info = _loaded_sdl(), _RendererInfo()
    try:
        renderer = _renderer()
        if library is None or renderer is None:
            return ""
        library.SDL_GetRendererInfo.argtypes = [ctypes.c_void_p, ctypes.POINTER(_RendererInfo)]
        if library.SDL_GetRendererInfo(renderer, ctypes.byref(info)) != 0:
            return ""
    except (AttributeError, OSError, pygame.error):
        return ""
    return (info.name or b"").decode("ascii", "replace")


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
