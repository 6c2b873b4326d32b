"""A virtual X screen of a test's own (Xvfb with the openbox window manager), for the tests
that must see a real window: where it opens, whether clicks land, what signals do to it.
Without Xvfb, xdotool or openbox those tests skip and say why (``MISSING``)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

CANVAS = (1920, 1080)
TOOLS = ("Xvfb", "xdotool", "openbox", "xprop", "xwininfo")
MISSING = [tool for tool in TOOLS if shutil.which(tool) is None] + ([] if sys.platform.startswith("linux") else ["Linux"])
SKIP_REASON = f"real-window tests need Linux and {', '.join(TOOLS)}; missing: {', '.join(MISSING)}"


def eventually(check: Callable[[], Any], what: str, timeout: float = 20.0, *,
               detail: Callable[[], Any] | None = None) -> Any:
    """``check()``'s first true result, polled every 0.1 s, or fail naming ``what`` (and
    ``detail()``, e.g. the last status, when given)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        result = check()
        if result:
            return result
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}" + (f"; {detail()}" if detail is not None else ""))


class Screen:
    """An Xvfb display with openbox on it; ``env`` reaches it."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.size = size
        read, write = os.pipe()
        # -displayfd: Xvfb picks a free display number itself and writes it here when ready
        self.xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0",
                                      f"{size[0]}x{size[1]}x24", "-nolisten", "tcp"],
                                     pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read) as handle:
            number = handle.readline().strip()
        if not number:
            self.xvfb.kill()
            raise RuntimeError("Xvfb did not start")
        self.display = f":{number}"
        self.env = {**os.environ, "DISPLAY": self.display}
        self.wm = subprocess.Popen(["openbox"], env=self.env, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL)
        eventually(self.has_window_manager, "openbox to take the screen")

    def xdotool(self, *args: str) -> str:
        """Run xdotool on this screen; its output."""
        done = subprocess.run(["xdotool", *args], env=self.env, capture_output=True, text=True, timeout=30,
                              check=False)
        return done.stdout.strip()

    def fullscreen_window(self) -> bool:
        """True when a visible window covers the whole screen (the kiosk's, fullscreen)."""
        for window in self.xdotool("search", "--onlyvisible", "--classname", ".").split():
            shell = dict(line.split("=", 1) for line in
                         self.xdotool("getwindowgeometry", "--shell", window).splitlines() if "=" in line)
            if (shell.get("WIDTH"), shell.get("HEIGHT")) == (str(self.size[0]), str(self.size[1])):
                return True
        return False

    def to_screen(self, x: float, y: float) -> tuple[int, int]:
        """Where the canvas point (x, y) is on this screen: ``pygame.SCALED`` scales the 1920x1080
        canvas by the smaller ratio and centres it (black bars on the other axis)."""
        width, height = self.size
        scale = min(width / CANVAS[0], height / CANVAS[1])
        left, top = (width - CANVAS[0] * scale) / 2, (height - CANVAS[1] * scale) / 2
        return round(left + x * scale), round(top + y * scale)

    def click(self, x: float, y: float) -> None:
        """A left click at the canvas point (x, y)."""
        sx, sy = self.to_screen(x, y)
        self.xdotool("mousemove", str(sx), str(sy), "sleep", "0.05", "click", "1")

    def hold(self, x: float, y: float, seconds: float) -> None:
        """Press at the canvas point (x, y), hold for ``seconds``, let go."""
        sx, sy = self.to_screen(x, y)
        self.xdotool("mousemove", str(sx), str(sy), "sleep", "0.05", "mousedown", "1")
        time.sleep(seconds)
        self.xdotool("mouseup", "1")

    def screenshot(self, path: Path) -> None:
        """The whole screen as a PNG (ImageMagick's import), when it is installed."""
        if shutil.which("import"):
            subprocess.run(["import", "-window", "root", str(path)], env=self.env, timeout=30, check=False,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def close(self) -> None:
        """Stop openbox and Xvfb (only these two processes)."""
        for process in (self.wm, self.xvfb):
            process.terminate()
            try:
                process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()

    def find_window(self, name: str, timeout: float = 60.0) -> str:
        """The id of the visible window called ``name``, once it shows (waits up to ``timeout``)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            # by every visible window's name: `search --name` misses SDL's windows (tried)
            for window_id in self.xdotool("search", "--onlyvisible", "--classname", ".").split():
                if self.xdotool("getwindowname", window_id) == name:
                    return window_id
            time.sleep(0.3)
        raise AssertionError(f"no window called {name!r} appeared within {timeout:g} s")

    def xprop(self, *args: str) -> str:
        """Run xprop on this screen; its output."""
        return subprocess.run(["xprop", *args], env=self.env, capture_output=True, text=True, timeout=30,
                              check=False).stdout

    def has_window_manager(self) -> bool:
        """True once a window manager has taken the screen (it names itself on the root window)."""
        return "window id" in self.xprop("-root", "_NET_SUPPORTING_WM_CHECK")

    def framed(self, window_id: str) -> bool:
        """True once the window manager has put its frame around the window."""
        return "=" in self.xprop("-id", window_id, "_NET_FRAME_EXTENTS")

    def settled_frame(self, window_id: str, steady: float = 0.3) -> tuple[int, int, int, int]:
        """The window's frame (``frame_of``) once it is framed and has stayed put for ``steady``
        seconds: the window manager and the app are done placing it."""
        eventually(lambda: self.framed(window_id), "the window manager to frame the window")
        last, since = self.frame_of(window_id), time.monotonic()

        def still() -> tuple[int, int, int, int] | None:
            nonlocal last, since
            frame = self.frame_of(window_id)
            if frame != last:
                last, since = frame, time.monotonic()
            return frame if time.monotonic() - since >= steady else None

        return eventually(still, "the window to stay put")

    def frame_of(self, window_id: str) -> tuple[int, int, int, int]:
        """The window with its frame (title bar and borders, ``_NET_FRAME_EXTENTS``) as x, y,
        width, height on the screen."""
        info = subprocess.run(["xwininfo", "-id", window_id], env=self.env, capture_output=True, text=True,
                              timeout=30, check=True).stdout
        fields = {key.strip(): value.strip() for key, _, value in
                  (line.partition(":") for line in info.splitlines() if ":" in line)}
        x, y = int(fields["Absolute upper-left X"]), int(fields["Absolute upper-left Y"])
        width, height = int(fields["Width"]), int(fields["Height"])
        extents = subprocess.run(["xprop", "-id", window_id, "_NET_FRAME_EXTENTS"], env=self.env,
                                 capture_output=True, text=True, timeout=30, check=False).stdout
        left = right = top = bottom = 0
        if "=" in extents:
            left, right, top, bottom = (int(part) for part in extents.split("=", 1)[1].split(","))
        return x - left, y - top, width + left + right, height + top + bottom
