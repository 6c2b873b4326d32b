"""Helpers for the tests of special files: a call that must not block on a FIFO, a socket file."""

from __future__ import annotations

import os
import socket
import tempfile
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest


def returns_soon(call: Callable[[], Any], unblock: Path | None = None) -> Any:
    """``call()``'s result, run in a thread that must end: a FIFO read would block it for ever.
    When it does not end, the FIFO ``unblock`` is opened for writing (so the stuck reader sees an
    end of file and the thread ends) and the test fails."""
    box: dict[str, Any] = {}

    def run() -> None:
        try:
            box["value"] = call()
        except BaseException as error:  # noqa: BLE001 - raised again in the test's thread
            box["error"] = error

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(20)
    if thread.is_alive():
        if unblock is not None and unblock.is_fifo():
            try:
                os.close(os.open(unblock, os.O_WRONLY | os.O_NONBLOCK))
            except OSError:
                pass  # nobody reads it any more
        thread.join(5)
        pytest.fail("the call blocked on a special file")
    if "error" in box:
        raise box["error"]
    return box.get("value")


def make_special(path: Path, kind: str) -> Any:
    """A FIFO, a UNIX socket or a link to /dev/null at ``path``; a socket is returned (to close)."""
    if kind == "fifo":
        os.mkfifo(path)
        return None
    if kind == "socket":
        server = socket.socket(socket.AF_UNIX)
        server.bind(str(path))
        return server
    if kind == "device":
        path.symlink_to("/dev/null")  # a link: the real device is never at risk
        return None
    raise ValueError(kind)


SPECIAL_KINDS = ["fifo", "socket", "device"]


@contextmanager
def memory_folder() -> Iterator[Path]:
    """A temporary folder in memory when the system has one (/dev/shm), else an ordinary one: the
    fuzz tests write thousands of files, and their syncs cost nothing in memory."""
    shm = Path("/dev/shm")
    place = shm if shm.is_dir() and os.access(shm, os.W_OK) else None
    with tempfile.TemporaryDirectory(dir=place) as folder:
        yield Path(folder)
