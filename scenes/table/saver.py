"""Autosave without stalling a frame: the atomic write (with its fsync, several milliseconds on
a slow disk) runs on a helper thread.

One save runs at a time. The table calls ``wait()`` before it changes the match again (an action,
an undo), so the thread never reads a match that is being changed, and saves land in order.
"""

from __future__ import annotations

import logging
import threading
from typing import Any

from game.core.autosave import clear_autosave, save_autosave
from game.core.recent import keep_finished

log = logging.getLogger("kotatsu.autosave")


class BackgroundSaver:
    """Runs ``save_autosave(match)`` off the render thread (or inline when ``background`` is False)."""

    def __init__(self, background: bool = True) -> None:
        self.background = background
        self._thread: threading.Thread | None = None
        self.saves = 0  # saves started (for tests and logs)

    def save(self, match: Any) -> None:
        """Write the autosave of ``match`` (after any save still running)."""
        self.wait()
        self.saves += 1
        if not self.background:
            self._write(match)
            return
        self._thread = threading.Thread(target=self._write, args=(match,), name="kotatsu-autosave", daemon=True)
        self._thread.start()

    @staticmethod
    def _write(match: Any) -> None:
        """The save itself; a failure is logged, never raised (the game goes on)."""
        try:
            save_autosave(match)
        except OSError as error:
            log.warning("autosave failed: %s", error)

    def wait(self) -> None:
        """Block until the running save (if any) is on disk."""
        thread, self._thread = self._thread, None
        if thread is not None:
            thread.join()

    @property
    def busy(self) -> bool:
        """True while a save is being written."""
        return self._thread is not None and self._thread.is_alive()

    def clear(self) -> None:
        """Forget the autosave (the match is over), after any save still running."""
        self.wait()
        try:
            clear_autosave()
        except OSError as error:
            log.warning("could not clear the autosave: %s", error)

    def keep(self, match: Any) -> None:
        """Keep the finished ``match`` among the recent matches (for a review); never raises."""
        self.wait()
        keep_finished(match)


class NullSaver:
    """A saver that saves nothing: kiosk demos, benches and live shots never write or clear the
    player's autosave."""

    busy = False
    saves = 0

    def save(self, match: Any) -> None:
        """Nothing to write."""

    def wait(self) -> None:
        """Nothing to wait for."""

    def clear(self) -> None:
        """Nothing to clear (the visitor's autosave stays as it is)."""

    def keep(self, match: Any) -> None:
        """Nothing to keep (a demo is nobody's match)."""
