"""The kiosk's pad mode (``[pad] enabled``, issue 34) with a virtual controller: a pad's press ends
the attract demo, Select+Start held opens the PIN pad and the pad types the PIN; with pads off a
pad plugged in does nothing."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.kiosk import KioskConfig, load_config
from scenes.kiosk.controller import ATTRACT, TITLE, FakeClock, KioskController, build_kiosk
from tests.virtual_pad import VirtualPad, sdl_library

DT = 1 / 60
EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "kiosk.example.toml"
CONFIG = KioskConfig(games=("neko",), attract_after=5, pin="4711", hold_seconds=3)
A, B = pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_B
SELECT, START = pygame.CONTROLLER_BUTTON_BACK, pygame.CONTROLLER_BUTTON_START
DPAD = {(-1, 0): pygame.CONTROLLER_BUTTON_DPAD_LEFT, (1, 0): pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
        (0, -1): pygame.CONTROLLER_BUTTON_DPAD_UP, (0, 1): pygame.CONTROLLER_BUTTON_DPAD_DOWN}


def kiosk_with_pad(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                   pads_on: bool) -> tuple[KioskController, FakeClock]:
    """A started kiosk (pads on or off) on a fake clock."""
    monkeypatch.setenv("KOTATSU_HOME", str(tmp_path))
    clock = FakeClock()
    controller = build_kiosk(dataclasses.replace(CONFIG, pad=pads_on), headless=True, instant=False,
                             clock=clock, wall=clock)
    controller.start()
    controller.app.step(DT)
    return controller, clock


@pytest.fixture
def pad() -> Iterator[VirtualPad]:
    """One virtual xbox pad, unplugged afterwards (plugged in by the test once its kiosk runs)."""
    sdl = sdl_library()
    if sdl is None:
        pytest.skip("pygame-ce's bundled SDL2 (2.24 or later, with virtual joysticks) "
                    "was not found beside pygame")
    made = VirtualPad(sdl)
    yield made
    made.detach()


def run(controller: KioskController, clock: FakeClock, seconds: float, frame: float = 0.5) -> None:
    """Let ``seconds`` pass in frames of at most ``frame`` s (the kiosk's timers read the clock)."""
    frames = max(1, round(seconds / min(frame, seconds)))
    for _ in range(frames):
        clock.advance(seconds / frames)
        controller.app.step(seconds / frames)


def tap(controller: KioskController, clock: FakeClock, pad: VirtualPad, button: int) -> None:
    """Press and let go of ``button`` within one kiosk frame."""
    pad.button(button, True)
    pygame.event.pump()
    pad.button(button, False)
    run(controller, clock, DT)


def test_the_example_documents_the_pad_mode_off_by_default() -> None:
    config, _ = load_config(EXAMPLE)
    assert config.pad is False
    assert "[pad]" in EXAMPLE.read_text(encoding="utf-8")


def test_with_pads_on_a_press_ends_the_demo_and_the_pad_opens_and_types_the_pin(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, pad: VirtualPad) -> None:
    controller, clock = kiosk_with_pad(monkeypatch, tmp_path, pads_on=True)
    try:
        pad.attach()
        run(controller, clock, CONFIG.attract_after + 1)
        assert controller.mode() == ATTRACT
        tap(controller, clock, pad, A)
        assert controller.mode() == TITLE
        pad.button(SELECT, True)
        pad.button(START, True)
        run(controller, clock, CONFIG.hold_seconds - 1)
        assert controller.lock.pin_pad is None, "not held long enough yet"
        run(controller, clock, 1.5)
        pad.button(SELECT, False)
        pad.button(START, False)
        run(controller, clock, DT)
        keypad = controller.lock.pin_pad
        assert keypad is not None
        by_label = {key.text: key for key in keypad.group.widgets}
        ok = next(key for key in keypad.group.widgets if key.on_click == keypad.submit)
        for target in [by_label[digit] for digit in CONFIG.pin] + [ok]:
            walk_to(controller, clock, pad, target)
            tap(controller, clock, pad, A)
        assert controller.exit_requested and not controller.app.running
    finally:
        controller.app.close()


def walk_to(controller: KioskController, clock: FakeClock, pad: VirtualPad, target: object) -> None:
    """Move the PIN pad's focus onto ``target`` with the D-pad."""
    keypad = controller.lock.pin_pad
    assert keypad is not None
    if not keypad.group.show_focus:
        tap(controller, clock, pad, DPAD[(0, 1)])  # the first press shows where the focus is
    for _ in range(12):
        focused = keypad.group.focused
        if focused is target:
            return
        dx = (target.rect.centerx > focused.rect.centerx) - (target.rect.centerx < focused.rect.centerx)
        dy = (target.rect.centery > focused.rect.centery) - (target.rect.centery < focused.rect.centery)
        tap(controller, clock, pad, DPAD[(0, dy)] if dy else DPAD[(dx, 0)])
    raise AssertionError("the focus never reached the key")


def test_with_pads_off_a_pad_does_nothing(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                          pad: VirtualPad) -> None:
    controller, clock = kiosk_with_pad(monkeypatch, tmp_path, pads_on=False)
    try:
        pad.attach()
        run(controller, clock, CONFIG.attract_after + 1)
        assert controller.mode() == ATTRACT
        tap(controller, clock, pad, A)
        assert controller.mode() == ATTRACT, "the demo goes on"
        pad.button(SELECT, True)
        pad.button(START, True)
        run(controller, clock, CONFIG.hold_seconds + 1)
        assert controller.lock.pin_pad is None
    finally:
        controller.app.close()
