"""Waiting on a condition instead of sleeping a fixed time: a fixed sleep is too short on a busy
machine (the test fails) and too long on an idle one (the suite crawls); a poll ends as soon as
the condition holds and fails with a sentence when it never does."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

DEFAULT_TIMEOUT = 30.0  # seconds: generous, since a loaded CI machine is slow, and only a failure waits that long


def wait_until(predicate: Callable[[], T], what: str, timeout: float = DEFAULT_TIMEOUT, *,
               interval: float = 0.05, still: Callable[[], object] | None = None) -> T:
    """``predicate()``'s first true result, polled every ``interval`` seconds.

    Fails naming ``what`` after ``timeout`` seconds, or at once when ``still`` (e.g. "the process
    is alive") turns false first: nothing will change any more.
    """
    deadline = time.monotonic() + timeout
    while True:
        result = predicate()
        if result:
            return result
        if still is not None and not still():
            raise AssertionError(f"gave up waiting for {what}: what it waited on has ended")
        if time.monotonic() >= deadline:
            raise AssertionError(f"timed out after {timeout:g} s waiting for {what}")
        time.sleep(interval)


def cpu_seconds_of(pid: int) -> float:
    """User + system CPU seconds ``pid`` has used so far (Linux ``/proc``), 0.0 once it is gone."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    ticks = int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15 of stat)
    return ticks / os.sysconf("SC_CLK_TCK")


def cpu_grows(pid: int, by: float) -> Callable[[], bool]:
    """A predicate: ``pid`` has used ``by`` more CPU seconds than when this was called (it is
    working: a loop runs, bots play), whatever the machine's load."""
    start = cpu_seconds_of(pid)
    return lambda: cpu_seconds_of(pid) - start >= by
