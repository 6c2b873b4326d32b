"""A piece's flight across the table: ``flight`` (what ``TableScene.fly`` plays)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scenes.engine import anim


def flight(sprite: Any, flying: list[Any], target: tuple[float, float], angle: float, duration: float, *,
           flip_to: float | None = None, scale_to: float | None = None,
           on_land: Callable[[], None] | None = None) -> anim.Step:
    """A timeline: ``sprite`` lifts, travels to ``target`` (turning, flipping, scaling) and lands.

    While in the air it is in ``flying`` (the table's list of moving pieces, painted over the
    still layer) and set to its quick, unshadowed picture."""
    def take_off() -> None:
        sprite.quick = True
        if sprite not in flying:
            flying.append(sprite)

    def land() -> None:
        if sprite in flying:
            flying.remove(sprite)
        sprite.lift = 0.0
        sprite.quick = False
        if on_land is not None:
            on_land()

    moves: list[anim.Step] = [
        anim.Tween(sprite, "pos", target, duration, anim.ease_out_cubic),
        anim.Tween(sprite, "angle", angle, duration, anim.ease_out_cubic),
        anim.Sequence(anim.Tween(sprite, "lift", 1.0, duration * 0.35, anim.ease_out_quad),
                      anim.Tween(sprite, "lift", 0.0, duration * 0.65, anim.ease_in_quad)),
    ]
    if flip_to is not None:
        moves.append(anim.Tween(sprite, "flip", flip_to, duration * 0.8, anim.ease_in_out_sine))
    if scale_to is not None:
        moves.append(anim.Tween(sprite, "scale", scale_to, duration, anim.ease_out_cubic))
    return anim.Sequence(anim.Call(take_off), anim.Parallel(*moves), anim.Call(land))
