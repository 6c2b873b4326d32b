"""Synthesized sounds: every one builds, mute is honoured, and no audio device means silence."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from scenes.engine import audio as audio_module
from scenes.engine.audio import Audio, synthesize

RATE = 22050  # half the usual rate keeps the pure-Python synthesis quick in tests


@pytest.fixture()
def mixer() -> None:
    """A working mixer on the dummy driver."""
    pygame.mixer.init(frequency=RATE)
    yield
    pygame.mixer.quit()


@pytest.mark.parametrize("name", Audio.names)
def test_every_sound_synthesizes_audible_samples_without_clicks(name: str) -> None:
    samples = synthesize(name, RATE)
    assert len(samples) > RATE // 100
    assert max(abs(v) for v in samples) > 0.1  # audible
    assert max(abs(v) for v in samples) <= 1.0  # never clips
    assert abs(samples[0]) < 1e-3 and abs(samples[-1]) < 1e-3  # fades in and out: no click


def test_the_expected_sounds_exist() -> None:
    expected = {"card_slide", "card_flip", "deal", "cat_hop", "cat_land", "pass", "click"}
    expected |= {"round_end", "refuse", "win", "dice_roll", "dice_land", "chip"}
    assert set(Audio.names) == expected


@pytest.mark.slow
def test_every_name_builds_a_non_empty_sound(mixer: None) -> None:
    sound_player = Audio()
    for name in sound_player.names:
        sound = sound_player.sound(name)
        assert sound is not None
        assert sound.get_length() > 0
        assert len(sound.get_raw()) > 0


def test_disabled_audio_starts_nothing(mixer: None) -> None:
    sound_player = Audio(enabled=False)
    for name in sound_player.names:
        sound_player.play(name)
    assert sound_player.played == 0
    assert not sound_player.enabled


def test_enabled_audio_starts_sounds_and_mute_stops_them(mixer: None) -> None:
    sound_player = Audio(enabled=True, volume=0.5)
    sound_player.play("click")
    assert sound_player.played == 1
    sound_player.set_enabled(False)
    sound_player.play("click")
    assert sound_player.played == 1
    sound_player.set_enabled(True)
    sound_player.play("deal")
    assert sound_player.played == 2


def test_unknown_sound_is_ignored(mixer: None) -> None:
    sound_player = Audio()
    sound_player.play("no_such_sound")
    assert sound_player.played == 0


def test_volume_is_clamped_and_applied(mixer: None) -> None:
    sound_player = Audio(volume=3.0)
    assert sound_player.volume == 1.0
    sound = sound_player.sound("click")
    sound_player.set_volume(0.25)
    assert sound.get_volume() == pytest.approx(0.25, abs=0.01)


def test_audio_is_silent_when_the_mixer_cannot_open(monkeypatch: pytest.MonkeyPatch) -> None:
    pygame.mixer.quit()

    def no_device(*args: object, **kwargs: object) -> None:
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    sound_player = Audio(enabled=True)
    assert not sound_player.available
    for name in sound_player.names:
        sound_player.play(name)
    sound_player.set_enabled(False)
    sound_player.set_enabled(True)
    sound_player.set_volume(0.3)
    assert sound_player.sound("click") is None
    assert sound_player.played == 0


@pytest.mark.parametrize("fmt,channels", [(-16, 2), (16, 1), (-8, 1), (8, 2), (-32, 1), (32, 2)])
def test_samples_pack_into_every_mixer_format(fmt: int, channels: int) -> None:
    samples = synthesize("click", RATE)
    data = audio_module._encode(samples, fmt, channels)
    assert len(data) == len(samples) * channels * abs(fmt) // 8
