"""scenes.engine.anim: tweens, easing and timelines, driven by hand with update(dt) (no pygame)."""

from __future__ import annotations

import doctest

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scenes.engine import anim
from scenes.engine.anim import Animator, Call, Parallel, Sequence, Tween, Wait


class Thing:
    """Any object with attributes to tween."""

    def __init__(self) -> None:
        self.x = 0.0
        self.pos = (0.0, 0.0)
        self.scale = 1.0


def test_module_doctest_passes() -> None:
    """The usage example in the module docstring is true."""
    failures, _ = doctest.testmod(anim)
    assert failures == 0


@pytest.mark.parametrize("name", sorted(anim.EASINGS))
def test_every_easing_starts_at_0_and_ends_at_1(name: str) -> None:
    """Each easing maps 0 to 0 and 1 to 1."""
    ease = anim.EASINGS[name]
    assert ease(0.0) == pytest.approx(0.0, abs=1e-9)
    assert ease(1.0) == pytest.approx(1.0, abs=1e-9)


@given(st.floats(min_value=0.0, max_value=1.0))
def test_monotone_easings_stay_in_range(t: float) -> None:
    """Easings without overshoot stay within [0, 1]."""
    for name in ("linear", "ease_out_cubic", "ease_in_out_sine", "ease_out_bounce", "ease_in_out_quad"):
        assert -1e-9 <= anim.EASINGS[name](t) <= 1.0 + 1e-9


def test_ease_out_back_overshoots_then_settles() -> None:
    """A landing overshoots its end before settling on it."""
    peak = max(anim.ease_out_back(step / 100) for step in range(101))
    assert peak > 1.05
    assert anim.ease_out_back(1.0) == pytest.approx(1.0)


def test_easing_by_name_and_unknown_name() -> None:
    """Easings can be named; an unknown name says which exist."""
    assert anim.easing("linear") is anim.linear
    with pytest.raises(KeyError, match="ease_out_cubic"):
        anim.easing("wobbly")


def test_tween_moves_a_number_linearly() -> None:
    """Half the time, half the way; then exactly the end."""
    thing = Thing()
    tween = Tween(thing, "x", 100.0, 2.0, anim.linear)
    tween.advance(1.0)
    assert thing.x == pytest.approx(50.0)
    assert not tween.done
    tween.advance(1.5)
    assert thing.x == 100.0
    assert tween.done


def test_tween_moves_a_tuple_attribute() -> None:
    """A position tweens component by component."""
    thing = Thing()
    animator = Animator()
    animator.tween(thing, "pos", (10.0, -20.0), 1.0, anim.linear)
    animator.update(0.25)
    assert thing.pos == pytest.approx((2.5, -5.0))
    animator.update(1.0)
    assert thing.pos == (10.0, -20.0)


def test_tween_reads_its_start_when_it_begins() -> None:
    """A delayed tween starts from wherever the value is at the end of the delay."""
    thing = Thing()
    animator = Animator()
    animator.tween(thing, "x", 10.0, 1.0, anim.linear, delay=1.0)
    animator.update(0.5)
    thing.x = 6.0  # someone else moved it during the delay
    animator.update(0.5)
    animator.update(0.5)
    assert thing.x == pytest.approx(8.0)


def test_explicit_start_is_applied_when_the_tween_begins() -> None:
    """``start`` overrides the current value."""
    thing = Thing()
    animator = Animator()
    animator.tween(thing, "scale", 2.0, 1.0, anim.linear, start=0.0)
    animator.update(0.5)
    assert thing.scale == pytest.approx(1.0)


def test_tween_between_mismatched_values_is_refused() -> None:
    """A number cannot tween to a pair."""
    thing = Thing()
    with pytest.raises(TypeError):
        Tween(thing, "x", (1.0, 2.0), 1.0).advance(0.5)


def test_on_done_fires_once() -> None:
    """The callback fires exactly once, when the tween ends."""
    thing = Thing()
    calls: list[str] = []
    animator = Animator()
    animator.tween(thing, "x", 1.0, 0.5, on_done=lambda: calls.append("done"))
    animator.update(0.4)
    assert calls == []
    animator.update(0.4)
    animator.update(0.4)
    assert calls == ["done"]


def test_sequence_runs_steps_in_order_and_carries_time_over() -> None:
    """Leftover time from one step flows into the next."""
    thing = Thing()
    calls: list[str] = []
    timeline = Sequence(
        Tween(thing, "x", 10.0, 1.0, anim.linear),
        Call(lambda: calls.append("between")),
        Tween(thing, "scale", 3.0, 1.0, anim.linear),
    )
    animator = Animator()
    animator.add(timeline)
    animator.update(1.5)
    assert thing.x == 10.0
    assert calls == ["between"]
    assert thing.scale == pytest.approx(2.0)
    animator.update(0.5)
    assert not animator.busy


def test_parallel_ends_with_its_longest_step() -> None:
    """Parallel steps run together; the group is done when all are."""
    thing = Thing()
    done: list[str] = []
    group = Parallel(
        Tween(thing, "x", 1.0, 0.5, anim.linear),
        Tween(thing, "scale", 2.0, 1.0, anim.linear),
        on_done=lambda: done.append("group"),
    )
    animator = Animator()
    animator.add(group)
    animator.update(0.5)
    assert thing.x == 1.0
    assert thing.scale == pytest.approx(1.5)
    assert animator.busy
    animator.update(0.5)
    assert done == ["group"]
    assert not animator.busy


def test_wait_holds_then_calls() -> None:
    """A wait takes its time, then fires its callback."""
    calls: list[int] = []
    animator = Animator()
    animator.play(Wait(1.0, on_done=lambda: calls.append(1)), Call(lambda: calls.append(2)))
    animator.update(0.9)
    assert calls == []
    animator.update(0.2)
    assert calls == [1, 2]


def test_speed_factor_scales_time() -> None:
    """At speed 2 a one-second tween ends after half a second."""
    thing = Thing()
    animator = Animator(speed=2.0)
    animator.tween(thing, "x", 4.0, 1.0, anim.linear)
    animator.update(0.25)
    assert thing.x == pytest.approx(2.0)
    animator.update(0.25)
    assert thing.x == 4.0
    assert animator.scaled(1.0) == pytest.approx(0.5)


def test_speed_zero_finishes_everything_in_order_on_the_next_update() -> None:
    """Instant: one update ends all timelines and fires callbacks in their order."""
    thing = Thing()
    calls: list[str] = []
    animator = Animator(speed=0.0)
    animator.play(
        Tween(thing, "x", 5.0, 10.0, on_done=lambda: calls.append("slide")),
        Wait(3.0, on_done=lambda: calls.append("wait")),
        Parallel(
            Tween(thing, "scale", 0.5, 1.0, on_done=lambda: calls.append("squash")),
            Tween(thing, "pos", (1.0, 1.0), 2.0, on_done=lambda: calls.append("hop")),
        ),
        Call(lambda: calls.append("land")),
    )
    assert animator.busy
    animator.update(0.0)
    assert calls == ["slide", "wait", "squash", "hop", "land"]
    assert (thing.x, thing.scale, thing.pos) == (5.0, 0.5, (1.0, 1.0))
    assert not animator.busy
    assert animator.scaled(1.0) == 0.0


def test_speed_zero_also_finishes_steps_added_by_callbacks() -> None:
    """A callback that queues more animation does not leave the animator busy."""
    thing = Thing()
    calls: list[str] = []
    animator = Animator(speed=0.0)

    def chain() -> None:
        calls.append("first")
        animator.add(Tween(thing, "x", 9.0, 1.0, on_done=lambda: calls.append("second")))

    animator.add(Tween(thing, "scale", 2.0, 1.0, on_done=chain))
    animator.update(1 / 60)
    assert calls == ["first", "second"]
    assert thing.x == 9.0
    assert not animator.busy


def test_cancel_all_stops_without_callbacks() -> None:
    """Cancelled animations fire nothing and leave the animator idle."""
    thing = Thing()
    calls: list[str] = []
    animator = Animator()
    animator.tween(thing, "x", 1.0, 1.0, on_done=lambda: calls.append("done"))
    animator.update(0.5)
    animator.cancel_all()
    animator.update(1.0)
    assert calls == []
    assert not animator.busy


def test_stagger_starts_each_step_later() -> None:
    """A deal: each card leaves ``gap`` seconds after the previous one."""
    things = [Thing() for _ in range(3)]
    animator = Animator()
    animator.add(anim.stagger((Tween(thing, "x", 1.0, 1.0, anim.linear) for thing in things), 0.5))
    animator.update(0.5)
    assert [thing.x for thing in things] == pytest.approx([0.5, 0.0, 0.0])
    animator.update(0.5)
    assert [thing.x for thing in things] == pytest.approx([1.0, 0.5, 0.0])
    animator.update(1.0)
    assert [thing.x for thing in things] == pytest.approx([1.0, 1.0, 1.0])
    assert not animator.busy


def test_zero_duration_tween_jumps_to_the_end() -> None:
    """A tween of no duration sets its end on the first update."""
    thing = Thing()
    animator = Animator()
    animator.tween(thing, "x", 3.0, 0.0)
    animator.update(0.0)
    assert thing.x == 3.0
    assert not animator.busy


@given(
    st.lists(st.floats(min_value=0.0, max_value=0.3), min_size=1, max_size=40),
    st.floats(min_value=0.1, max_value=2.0),
)
def test_a_tween_never_leaves_its_range_and_ends_exactly(steps: list[float], duration: float) -> None:
    """Whatever the frame times, a monotone tween stays between start and end and lands on the end."""
    thing = Thing()
    animator = Animator()
    animator.tween(thing, "x", 10.0, duration, anim.ease_in_out_sine)
    for dt in steps:
        animator.update(dt)
        assert 0.0 <= thing.x <= 10.0
    animator.update(duration)
    assert thing.x == 10.0
