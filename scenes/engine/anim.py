"""Tweens, easing and timelines: pure Python (no pygame), driven by ``update(dt)``.

A ``Tween`` moves one attribute of any object (a number, or a tuple of numbers such as a
position) from a start to an end value over a duration, shaped by an easing function. A
``Wait`` holds, a ``Call`` runs a callback. ``Sequence`` plays steps one after another and
``Parallel`` plays them together; both are steps themselves, so timelines nest. An ``Animator``
runs any number of top-level steps side by side, scales time by a speed factor (0 = instant:
everything completes on the next update, every callback firing in order) and says when it is
``busy``.

>>> class Dot: x = 0.0
>>> dot = Dot(); animator = Animator()
>>> _ = animator.add(Tween(dot, "x", 10.0, 1.0, linear))
>>> animator.update(0.5); round(dot.x, 3)
5.0
>>> animator.update(1.0); dot.x, animator.busy
(10.0, False)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import Any

Easing = Callable[[float], float]
Number = float | int
Value = Number | tuple[Number, ...]

# Safety valve: how many rounds of "a finished step queued more steps" one instant update allows.
MAX_INSTANT_ROUNDS = 10_000


# ----- easing ------------------------------------------------------------------------------------
def linear(t: float) -> float:
    """No easing."""
    return t


def ease_in_quad(t: float) -> float:
    """Starts slowly, accelerates."""
    return t * t


def ease_out_quad(t: float) -> float:
    """Starts fast, decelerates."""
    return 1.0 - (1.0 - t) * (1.0 - t)


def ease_in_out_quad(t: float) -> float:
    """Slow, fast, slow."""
    return 2.0 * t * t if t < 0.5 else 1.0 - (-2.0 * t + 2.0) ** 2 / 2.0


def ease_in_cubic(t: float) -> float:
    """A stronger slow start."""
    return t * t * t


def ease_out_cubic(t: float) -> float:
    """A stronger deceleration: the natural slide of a card coming to rest."""
    return 1.0 - (1.0 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    """A stronger slow-fast-slow."""
    return 4.0 * t * t * t if t < 0.5 else 1.0 - (-2.0 * t + 2.0) ** 3 / 2.0


def ease_in_sine(t: float) -> float:
    """A gentle slow start."""
    return 1.0 - math.cos(t * math.pi / 2.0)


def ease_out_sine(t: float) -> float:
    """A gentle deceleration."""
    return math.sin(t * math.pi / 2.0)


def ease_in_out_sine(t: float) -> float:
    """A gentle slow-fast-slow (breathing, bobbing)."""
    return -(math.cos(math.pi * t) - 1.0) / 2.0


def ease_in_back(t: float) -> float:
    """Pulls back a little before going (anticipation)."""
    c1 = 1.70158
    return (c1 + 1.0) * t * t * t - c1 * t * t


def ease_out_back(t: float) -> float:
    """Overshoots the end a little and settles back (a landing)."""
    c1 = 1.70158
    c3 = c1 + 1.0
    return 1.0 + c3 * (t - 1.0) ** 3 + c1 * (t - 1.0) ** 2


def ease_out_bounce(t: float) -> float:
    """Bounces on arrival like something dropped on a table."""
    n1, d1 = 7.5625, 2.75
    if t < 1.0 / d1:
        return n1 * t * t
    if t < 2.0 / d1:
        t -= 1.5 / d1
        return n1 * t * t + 0.75
    if t < 2.5 / d1:
        t -= 2.25 / d1
        return n1 * t * t + 0.9375
    t -= 2.625 / d1
    return n1 * t * t + 0.984375


def ease_out_elastic(t: float) -> float:
    """A springy wobble that settles on the end value."""
    if t <= 0.0:
        return 0.0
    if t >= 1.0:
        return 1.0
    return 2.0 ** (-10.0 * t) * math.sin((t * 10.0 - 0.75) * (2.0 * math.pi / 3.0)) + 1.0


EASINGS: dict[str, Easing] = {
    function.__name__: function
    for function in (
        linear,
        ease_in_quad,
        ease_out_quad,
        ease_in_out_quad,
        ease_in_cubic,
        ease_out_cubic,
        ease_in_out_cubic,
        ease_in_sine,
        ease_out_sine,
        ease_in_out_sine,
        ease_in_back,
        ease_out_back,
        ease_out_bounce,
        ease_out_elastic,
    )
}


def easing(ease: Easing | str) -> Easing:
    """An easing function, given itself or by name; ``KeyError`` lists the names."""
    if callable(ease):
        return ease
    try:
        return EASINGS[ease]
    except KeyError:
        raise KeyError(f"unknown easing {ease!r}; easings: {', '.join(EASINGS)}") from None


def lerp(start: Value, end: Value, amount: float) -> Value:
    """The value ``amount`` of the way from ``start`` to ``end`` (numbers or equal-length tuples)."""
    if isinstance(start, tuple) or isinstance(end, tuple):
        if not isinstance(start, tuple) or not isinstance(end, tuple) or len(start) != len(end):
            raise TypeError(f"cannot tween between {start!r} and {end!r}")
        return tuple(a + (b - a) * amount for a, b in zip(start, end))
    return start + (end - start) * amount


# ----- steps -------------------------------------------------------------------------------------
class Step:
    """Something that takes time. ``advance(dt)`` returns the time it did not use."""

    done: bool = False

    def advance(self, dt: float) -> float:
        """Move on by ``dt`` seconds; return what is left over once finished (else 0)."""
        raise NotImplementedError

    def finish(self) -> None:
        """Jump to the end now, running every pending effect and callback in order."""
        while not self.done:
            self.advance(math.inf)

    def cancel(self) -> None:
        """Stop where it is; no further callbacks."""
        self.done = True


class Tween(Step):
    """Moves ``target.attr`` to ``end`` over ``duration`` seconds after ``delay``.

    The start value is read when the tween begins (after its delay) unless ``start`` is given,
    so a tween queued behind others starts from wherever the attribute is by then.
    """

    def __init__(
        self,
        target: Any,
        attr: str,
        end: Value,
        duration: float,
        ease: Easing | str = ease_out_cubic,
        *,
        delay: float = 0.0,
        start: Value | None = None,
        on_done: Callable[[], None] | None = None,
    ) -> None:
        self.target = target
        self.attr = attr
        self.end = end
        self.duration = max(0.0, float(duration))
        self.ease = easing(ease)
        self.delay = max(0.0, float(delay))
        self.start = start
        self.on_done = on_done
        self.elapsed = 0.0
        self.started = False
        self.done = False

    def _begin(self) -> None:
        """Read (or set) the start value."""
        self.started = True
        if self.start is None:
            current = getattr(self.target, self.attr)
            self.start = tuple(current) if isinstance(current, (list, tuple)) else current
        else:
            setattr(self.target, self.attr, self.start)

    @property
    def progress(self) -> float:
        """0 before the tween starts moving, 1 when it is done."""
        if self.duration <= 0.0:
            return 1.0 if self.started else 0.0
        return min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration))

    def advance(self, dt: float) -> float:
        """Move the attribute along its curve."""
        if self.done:
            return dt
        self.elapsed += dt
        if self.elapsed < self.delay:
            return 0.0
        if not self.started:
            self._begin()
        moving = self.elapsed - self.delay
        if moving < self.duration:
            amount = self.ease(moving / self.duration)
            assert self.start is not None  # read when the tween began
            setattr(self.target, self.attr, lerp(self.start, self.end, amount))
            return 0.0
        setattr(self.target, self.attr, self.end)
        self.done = True
        if self.on_done is not None:
            self.on_done()
        return moving - self.duration if math.isfinite(moving) else 0.0


class Wait(Step):
    """Holds for ``duration`` seconds (then calls ``on_done`` if given)."""

    def __init__(self, duration: float, on_done: Callable[[], None] | None = None) -> None:
        self.duration = max(0.0, float(duration))
        self.on_done = on_done
        self.elapsed = 0.0
        self.done = False

    def advance(self, dt: float) -> float:
        """Count down."""
        if self.done:
            return dt
        self.elapsed += dt
        if self.elapsed < self.duration:
            return 0.0
        self.done = True
        if self.on_done is not None:
            self.on_done()
        leftover = self.elapsed - self.duration
        return leftover if math.isfinite(leftover) else 0.0


class Until(Step):
    """Holds until ``ready()`` is true, or ``limit`` seconds at most (so it always ends)."""

    def __init__(self, ready: Callable[[], bool], limit: float) -> None:
        self.ready = ready
        self.limit = max(0.0, float(limit))
        self.elapsed = 0.0
        self.done = False

    def advance(self, dt: float) -> float:
        """Hold while not ready (and within the limit)."""
        if self.done:
            return dt
        self.elapsed += dt
        if self.ready() or self.elapsed >= self.limit:
            self.done = True
        return 0.0


class Call(Step):
    """Runs ``function`` once, taking no time."""

    def __init__(self, function: Callable[[], Any]) -> None:
        self.function = function
        self.done = False

    def advance(self, dt: float) -> float:
        """Run the function and hand back all the time."""
        if not self.done:
            self.done = True
            self.function()
        return dt if math.isfinite(dt) else 0.0


class Sequence(Step):
    """Steps one after another; time left over by one flows into the next."""

    def __init__(self, *steps: Step, on_done: Callable[[], None] | None = None) -> None:
        self.steps: list[Step] = list(steps)
        self.index = 0
        self.on_done = on_done
        self.done = False

    def then(self, *steps: Step) -> Sequence:
        """Append steps (chainable)."""
        self.steps.extend(steps)
        return self

    def advance(self, dt: float) -> float:
        """Play the current step, spilling leftover time into the following ones."""
        if self.done:
            return dt
        remaining = dt
        while self.index < len(self.steps):
            step = self.steps[self.index]
            remaining = step.advance(remaining)
            if not step.done:
                return 0.0
            self.index += 1
        self.done = True
        if self.on_done is not None:
            self.on_done()
        return remaining

    def finish(self) -> None:
        """Finish each remaining step in order."""
        while not self.done:
            if self.index < len(self.steps):
                self.steps[self.index].finish()
            self.advance(0.0)

    def cancel(self) -> None:
        """Stop every step."""
        for step in self.steps[self.index:]:
            step.cancel()
        self.done = True


class Parallel(Step):
    """Steps that run together; done when the last one is."""

    def __init__(self, *steps: Step, on_done: Callable[[], None] | None = None) -> None:
        self.steps: list[Step] = list(steps)
        self.on_done = on_done
        self.done = False

    def advance(self, dt: float) -> float:
        """Advance every running step by ``dt``."""
        if self.done:
            return dt
        leftovers = [step.advance(dt) for step in self.steps if not step.done]
        if all(step.done for step in self.steps):
            self.done = True
            if self.on_done is not None:
                self.on_done()
            return min(leftovers, default=dt if math.isfinite(dt) else 0.0)
        return 0.0

    def finish(self) -> None:
        """Finish each step in the order given, then this one."""
        for step in self.steps:
            step.finish()
        self.advance(0.0)

    def cancel(self) -> None:
        """Stop every step."""
        for step in self.steps:
            step.cancel()
        self.done = True


def stagger(steps: Iterable[Step], gap: float) -> Parallel:
    """Start each step ``gap`` seconds after the one before (a deal, a wave)."""
    return Parallel(*(Sequence(Wait(gap * number), step) for number, step in enumerate(steps)))


# ----- the animator --------------------------------------------------------------------------------
class Animator:
    """Runs top-level steps side by side at a speed factor (0 = instant)."""

    def __init__(self, speed: float = 1.0) -> None:
        self.speed = max(0.0, float(speed))
        self.steps: list[Step] = []

    @property
    def busy(self) -> bool:
        """True while any step is unfinished."""
        return any(not step.done for step in self.steps)

    def add(self, step: Step) -> Step:
        """Start ``step`` next update (alongside what is running); returns it."""
        self.steps.append(step)
        return step

    def play(self, *steps: Step) -> Sequence:
        """Start a timeline of ``steps`` in sequence; returns it."""
        timeline = Sequence(*steps)
        self.steps.append(timeline)
        return timeline

    def tween(self, target: Any, attr: str, end: Value, duration: float, ease: Easing | str = ease_out_cubic,
              **kwargs: Any) -> Tween:
        """Start one tween now; returns it."""
        step = Tween(target, attr, end, duration, ease, **kwargs)
        self.steps.append(step)
        return step

    def update(self, dt: float) -> None:
        """Advance everything by ``dt`` scaled by the speed; at speed 0, finish everything."""
        if self.speed <= 0.0:
            self.finish_all()
            return
        scaled = max(0.0, dt) * self.speed
        for step in list(self.steps):
            if not step.done:
                step.advance(scaled)
        self._forget_done()

    def finish_all(self) -> None:
        """Complete every step now, callbacks in order, including steps those callbacks add."""
        for _ in range(MAX_INSTANT_ROUNDS):
            pending = [step for step in self.steps if not step.done]
            if not pending:
                break
            for step in pending:
                step.finish()
        self._forget_done()

    def cancel_all(self) -> None:
        """Drop every step where it is; no callbacks."""
        for step in self.steps:
            step.cancel()
        self.steps.clear()

    def _forget_done(self) -> None:
        """Let go of finished steps."""
        self.steps = [step for step in self.steps if not step.done]

    def scaled(self, seconds: float) -> float:
        """How long ``seconds`` of animation really lasts at this speed (0 when instant)."""
        return 0.0 if self.speed <= 0.0 else seconds / self.speed
