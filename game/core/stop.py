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
PARENT_GONE = getattr(signal, "SIGHUP", signal.SIGTERM)  # the signal that says so (see follow_parent)


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
_parent_gone = False  # the parent-death signal was taken (follow_parent)


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
    """In a child started with ``child_environment``: stop once when the parent dies (Linux
    ``PR_SET_PDEATHSIG``, and a thread watching the parent elsewhere, or when a frozen build's
    bootloader stands between), at once if it is already gone. The child stops as one SIGTERM
    stops it (the kiosk app saves the visitor's game, ``serve`` its tables). The variable is
    removed, so the child's own children do not inherit it.

    The kernel sends the parent-death signal once per thread of the parent that exits, and the
    watching thread may add one more: it is therefore ``PARENT_GONE`` (SIGHUP), taken once as a
    first SIGTERM, never as the second stop signal that ends a process at once. Where ``install``
    has not run, SIGHUP simply ends the process."""
    text = os.environ.pop(PARENT_ENV, "")
    if not text.isdigit():
        return
    from game.ai.worker import parent_gone, set_parent_death_signal, watch_parent

    parent = int(text)
    if signal.getsignal(signal.SIGTERM) is _handle:
        with contextlib.suppress(ValueError, OSError):  # ValueError: not the main thread
            signal.signal(PARENT_GONE, _handle_parent_gone)
    set_parent_death_signal(PARENT_GONE)
    initial_ppid = os.getppid()

    def stop_now() -> None:
        os.kill(os.getpid(), PARENT_GONE)

    if initial_ppid == 1 or parent_gone(initial_ppid, parent):
        stop_now()
        return
    watch_parent(initial_ppid, parent, stop_now)


def _handle_parent_gone(_signum: int, frame: FrameType | None) -> None:
    """The parent died: stop as on one SIGTERM, however often this is signalled."""
    global _parent_gone
    if _parent_gone:
        return
    _parent_gone = True
    _handle(signal.SIGTERM, frame)
