"""Stopping on a signal from the operating system (SIGTERM from systemd or ``timeout``, SIGINT
from Ctrl+C), the same way in every command.

SDL turns SIGTERM and SIGINT into a window-close event when it finds no handler of ours, and a
window-close is something the kiosk ignores on purpose. A signal is not a visitor: it must stop
the process. So every entry point calls ``install`` before pygame starts: SDL is told to leave
signals alone (``SDL_NO_SIGNAL_HANDLERS``) and our handler takes both.

The handler raises ``Stopped`` (a ``KeyboardInterrupt``, so every ``except Exception`` lets it
through and every ``finally`` runs: AI workers are closed, temp files removed). A loop that must
end between two frames (the app: it autosaves first) wraps itself in ``polling()``: the first
signal then only sets a flag that the loop reads with ``requested()``; a second signal still
raises at once, so a stuck loop can always be stopped.

No pygame here (``game`` stays free of it).
"""

from __future__ import annotations

import contextlib
import os
import signal
from collections.abc import Iterator, Mapping
from types import FrameType

STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)
PARENT_ENV = "KOTATSU_DIE_WITH"  # the pid of the process of ours whose death stops this one


class Stopped(KeyboardInterrupt):
    """The process was asked to stop by a signal; ``exit_code`` is the shell's 128 + signal."""

    def __init__(self, signum: int) -> None:
        super().__init__(f"stopped by {signal.Signals(signum).name}")
        self.signum = signum

    @property
    def exit_code(self) -> int:
        """128 + the signal number, as a shell reports a process ended by that signal."""
        return 128 + self.signum


_requested: int | None = None  # the signal received, while a polling loop runs
_polling = 0  # how many polling() blocks are open


def _handle(signum: int, _frame: FrameType | None) -> None:
    """Note the signal for a polling loop, or raise ``Stopped`` (always on the second signal)."""
    global _requested
    first = _requested is None
    _requested = signum
    if not _polling or not first:
        raise Stopped(signum)


def install() -> None:
    """Take SIGTERM and SIGINT (before pygame/SDL starts, which then leaves them alone)."""
    os.environ["SDL_NO_SIGNAL_HANDLERS"] = "1"
    for signum in STOP_SIGNALS:
        with contextlib.suppress(ValueError, OSError):  # ValueError: not the main thread
            signal.signal(signum, _handle)


def requested() -> int | None:
    """The stop signal received since the polling loop began, or None."""
    return _requested


def exit_code_for(signum: int) -> int:
    """The exit code of a process stopped by ``signum`` (130 for SIGINT, 143 for SIGTERM)."""
    return 128 + signum


@contextlib.contextmanager
def polling() -> Iterator[None]:
    """Inside this block a first stop signal only sets ``requested()``; the loop ends itself."""
    global _polling, _requested
    _polling += 1
    try:
        yield
    finally:
        _polling -= 1
        if not _polling:
            _requested = None


# ----- a command started by another of ours ------------------------------------------------------
def child_environment(base: Mapping[str, str] | None = None) -> dict[str, str]:
    """The environment (``base``, or ours) for a ``python -m game`` child that must stop when this
    process dies, also by SIGKILL (the kiosk app under its supervisor, ``serve`` under ``bench
    lan``): the child's ``follow_parent`` reads it."""
    return {**(os.environ if base is None else base), PARENT_ENV: str(os.getpid())}


def follow_parent() -> None:
    """In a child started with ``child_environment``: get SIGTERM when the parent dies (Linux
    ``PR_SET_PDEATHSIG``, and a thread watching the parent elsewhere, or when a frozen build's
    bootloader stands between), and stop at once if it is already gone. SIGTERM, not SIGKILL:
    the child stops as a stop signal stops it (the kiosk app saves the visitor's game, ``serve``
    its tables). The variable is removed, so the child's own children do not inherit it."""
    text = os.environ.pop(PARENT_ENV, "")
    if not text.isdigit():
        return
    from game.ai.worker import parent_gone, set_parent_death_signal, watch_parent

    parent = int(text)
    set_parent_death_signal(signal.SIGTERM)
    initial_ppid = os.getppid()

    def stop_now() -> None:
        os.kill(os.getpid(), signal.SIGTERM)

    if initial_ppid == 1 or parent_gone(initial_ppid, parent):
        stop_now()
        return
    watch_parent(initial_ppid, parent, stop_now)
