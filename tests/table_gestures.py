"""What every table-scene test does with the headless app: frames of 1/60 s, clicks and drags by
mouse or finger. The ``app`` fixture they share lives in ``conftest.py``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scenes.engine.app import App
from scenes.engine.input import ACTIVATE, MOVE, PRESS, RELEASE, Intent

DT = 1 / 60


def click(app: App, pos: tuple[int, int], touch: bool = False) -> None:
    """A click (or a tap) at ``pos``, then one frame."""
    app.step(DT, feed=[Intent(PRESS, pos, touch=touch), Intent(RELEASE, pos, touch=touch)])


def drag(app: App, start: tuple[int, int], end: tuple[int, int], steps: int = 6, touch: bool = False,
         press: bool = True) -> None:
    """Press, move in steps with the button held, release (a mouse drag, or a finger); without
    ``press``, go on with a drag already held at ``start``."""
    if press:
        app.step(DT, feed=[Intent(PRESS, start, touch=touch)])
    for number in range(1, steps + 1):
        x = start[0] + (end[0] - start[0]) * number // steps
        y = start[1] + (end[1] - start[1]) * number // steps
        app.step(DT, feed=[Intent(MOVE, (x, y), held=True, touch=touch)])
    app.step(DT, feed=[Intent(RELEASE, end, touch=touch)])


def wait_for_person(app: App, scene: Any, step: Callable[[], None], limit: int,
                    under_curtain: Callable[[], None] | None = None) -> bool:
    """Run the table (``step()`` one checked frame; Enter continues a panel or, after the
    ``under_curtain`` check, lifts a curtain) until the person at the bottom may act with nothing
    moving; False once the match is over."""
    from scenes.table.curtain import Curtain

    for _ in range(limit):
        if under_curtain is not None and isinstance(app.top, Curtain):
            under_curtain()
            app.step(DT, feed=[Intent(ACTIVATE)])
            continue
        if scene.panel is not None:
            app.step(DT, feed=[Intent(ACTIVATE)])
            continue
        if scene.finished:
            return False
        if scene.viewer_may_act() and scene.idle():
            return True
        step()
    raise AssertionError("the person never got a turn")
