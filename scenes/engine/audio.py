"""Table sounds, synthesized in code (math + array, no numpy, no sound files).

``Audio`` opens the mixer if it can; without an audio device it is a silent no-op that never
raises. Each sound comes from a small recipe (sines, filtered noise and envelopes with a soft
attack and a faded tail, so nothing clicks). Synthesis is pure Python and takes a few hundred ms
for the set, so init only starts a background thread that renders the samples; a sound played
before its turn there is rendered on the spot. ``pygame.mixer.Sound`` objects are only ever made
on the caller's thread.
``synthesize(name, rate)`` gives the raw samples (floats in -1..1) and needs no mixer at all.

Without a sound card the C audio library (ALSA) writes a dozen ``ALSA lib ... cannot find card``
lines to stderr each time SDL looks for one; ``alsa_quiet`` keeps them off the console, and the
app says once, in one line, that the sound is off.
"""

from __future__ import annotations

import contextlib
import logging
import math
import os
import random
import sys
import tempfile
import threading
from array import array
from collections.abc import Callable, Iterator

import pygame

log = logging.getLogger("kotatsu.audio")

Samples = array  # array('f') of mono floats in -1..1
MixerFormat = tuple[int, int, int]  # (rate, sample format, channels) as pygame.mixer.get_init()
TAU = 2.0 * math.pi
EDGE_FADE = 0.004  # seconds of fade at both ends: a jump from/to silence is heard as a click
PEAK = 0.6  # every sound is normalised to this peak; the volume setting scales from there


# --- building blocks -------------------------------------------------------------------------


def _count(rate: int, seconds: float) -> int:
    """Number of samples in ``seconds``."""
    return max(1, int(rate * seconds))


def _silence(rate: int, seconds: float) -> Samples:
    """A buffer of zeros to mix into."""
    return array("f", bytes(4 * _count(rate, seconds)))


def _decay(t: float, attack: float, tau: float) -> float:
    """A percussive envelope: a short raised-cosine attack, then exponential decay."""
    if t < attack:
        return 0.5 - 0.5 * math.cos(math.pi * t / attack)
    return math.exp(-(t - attack) / tau)


def _mix_tone(
    out: Samples,
    rate: int,
    start: float,
    freq: Callable[[float], float],
    partials: tuple[tuple[float, float], ...],
    attack: float,
    tau: float,
    gain: float = 1.0,
) -> None:
    """Add a decaying tone starting at ``start`` s whose pitch follows ``freq(t)``.

    ``partials`` are (frequency ratio, amplitude) pairs: (1, 1) alone is a sine; a few upper
    ratios make a bell or a knock. The phase is integrated so pitch glides stay smooth.
    """
    first = int(start * rate)
    attack_samples = max(1, int(attack * rate))
    fall = math.exp(-1.0 / (tau * rate))  # per-sample factor of the exponential decay
    step = TAU / rate
    sin = math.sin
    phase = 0.0
    level = 1.0
    for i in range(first, len(out)):
        n = i - first
        if n < attack_samples:
            swell = 0.5 - 0.5 * math.cos(math.pi * n / attack_samples)
        else:
            level *= fall
            swell = level
            if level < 1e-3:  # -60 dB: inaudible, stop computing
                break
        phase += step * freq(n / rate)
        value = 0.0
        for ratio, amp in partials:
            value += amp * sin(phase * ratio)
        out[i] += gain * swell * value


def _mix_noise(
    out: Samples,
    rate: int,
    cutoff: Callable[[float], float],
    envelope: Callable[[float], float],
    seed: int,
    highpass: bool = False,
    gain: float = 1.0,
) -> None:
    """Add white noise through a one-pole filter whose cutoff (Hz) may move over time."""
    rng = random.Random(seed)  # fixed seed: the same sound every run
    low = 0.0
    for i in range(len(out)):
        t = i / rate
        alpha = 1.0 - math.exp(-TAU * cutoff(t) / rate)
        white = rng.uniform(-1.0, 1.0)
        low += alpha * (white - low)
        out[i] += gain * envelope(t) * ((white - low) if highpass else low)


def _finish(samples: Samples, rate: int) -> Samples:
    """Normalise to ``PEAK`` and fade both ends to exact silence."""
    peak = max((abs(v) for v in samples), default=0.0)
    scale = PEAK / peak if peak > 0 else 0.0
    fade = min(_count(rate, EDGE_FADE), len(samples) // 2)
    n = len(samples)
    for i in range(n):
        edge = min(i, n - 1 - i)
        ramp = edge / fade if edge < fade else 1.0
        samples[i] *= scale * ramp
    return samples


# --- the recipes ---------------------------------------------------------------------------


def _card_slide(rate: int) -> Samples:
    """A short swoosh: band-limited noise that swells and fades, its brightness sliding down."""
    duration = 0.16
    out = _silence(rate, duration)

    def swell(t: float) -> float:
        return math.sin(math.pi * min(1.0, t / duration)) ** 1.5

    _mix_noise(out, rate, lambda t: 5200 - 22000 * t, swell, seed=11)
    _mix_noise(out, rate, lambda t: 900.0, swell, seed=11, gain=-0.8)  # minus the rumble
    return out


def _card_flip(rate: int) -> Samples:
    """A crisp snap: a very short burst of bright noise with a faint papery ping."""
    out = _silence(rate, 0.07)
    _mix_noise(out, rate, lambda t: 2500.0, lambda t: _decay(t, 0.0015, 0.008), seed=5, highpass=True)
    _mix_tone(out, rate, 0.0, lambda t: 2300.0, ((1.0, 1.0),), 0.001, 0.01, gain=0.25)
    return out


def _deal(rate: int) -> Samples:
    """A quick soft tick: muffled noise with a tiny body."""
    out = _silence(rate, 0.05)
    _mix_noise(out, rate, lambda t: 3000.0, lambda t: _decay(t, 0.002, 0.007), seed=3)
    _mix_tone(out, rate, 0.0, lambda t: 420.0, ((1.0, 1.0),), 0.002, 0.008, gain=0.3)
    return out


def _cat_hop(rate: int) -> Samples:
    """A soft rising chirp: a gliding sine with a hint of second harmonic."""
    out = _silence(rate, 0.24)

    def glide(t: float) -> float:
        return 320.0 * 2.4 ** min(1.0, t / 0.16)  # up an octave and a bit, then holds

    _mix_tone(out, rate, 0.0, glide, ((1.0, 1.0), (2.0, 0.15)), 0.012, 0.07)
    return out


def _cat_land(rate: int) -> Samples:
    """A soft thud: a low falling sine under a little muffled noise."""
    out = _silence(rate, 0.2)
    _mix_tone(out, rate, 0.0, lambda t: 55.0 + 70.0 * math.exp(-t / 0.03), ((1.0, 1.0),), 0.004, 0.05)
    _mix_noise(out, rate, lambda t: 600.0, lambda t: _decay(t, 0.003, 0.02), seed=7, gain=0.6)
    return out


def _pass(rate: int) -> Samples:
    """A gentle double knock on wood: short tones with inharmonic overtones."""
    out = _silence(rate, 0.26)
    wood = ((1.0, 1.0), (2.76, 0.35), (5.4, 0.1))
    for start, gain in ((0.0, 1.0), (0.11, 0.8)):
        _mix_tone(out, rate, start, lambda t: 190.0, wood, 0.002, 0.022, gain)
    return out


def _click(rate: int) -> Samples:
    """A UI tick: a tiny high ping."""
    out = _silence(rate, 0.035)
    _mix_tone(out, rate, 0.0, lambda t: 1750.0, ((1.0, 1.0), (2.0, 0.2)), 0.001, 0.005)
    return out


def _bell(out: Samples, rate: int, start: float, freq: float, tau: float = 0.22, gain: float = 1.0) -> None:
    """A small bell note (a sine with soft upper partials)."""
    partials = ((1.0, 1.0), (2.0, 0.25), (3.01, 0.08))
    _mix_tone(out, rate, start, lambda t: freq, partials, 0.004, tau, gain)


def _round_end(rate: int) -> Samples:
    """A small two-note chime, a rising fourth."""
    out = _silence(rate, 0.7)
    _bell(out, rate, 0.0, 659.25)  # E5
    _bell(out, rate, 0.15, 880.0, tau=0.26)  # A5
    return out


def _refuse(rate: int) -> Samples:
    """A low short buzz: a soft square-ish tone (odd harmonics), gently shaped."""
    duration = 0.22
    out = _silence(rate, duration)
    odd = ((1.0, 1.0), (3.0, 0.33), (5.0, 0.2), (7.0, 0.1))

    def hold(t: float) -> float:
        return min(1.0, t / 0.012, max(0.0, (duration - t) / 0.06))

    for detune in (0.0, 1.5):  # two slightly detuned voices: a buzz, not a beep
        phase = 0.0
        for i in range(len(out)):
            t = i / rate
            phase += TAU * (110.0 + detune) / rate
            out[i] += 0.5 * hold(t) * sum(a * math.sin(phase * r) for r, a in odd)
    return out


def _win(rate: int) -> Samples:
    """A short rising arpeggio C-E-G-C with a ringing top note."""
    out = _silence(rate, 0.9)
    notes = (523.25, 659.25, 783.99, 1046.5)
    for index, freq in enumerate(notes):
        last = index == len(notes) - 1
        _bell(out, rate, 0.085 * index, freq, tau=0.3 if last else 0.15, gain=1.0 if last else 0.8)
    return out


def _clack(out: Samples, rate: int, start: float, pitch: float, gain: float) -> None:
    """One die striking the table: a hard, very short knock with bright inharmonic overtones."""
    bone = ((1.0, 1.0), (2.32, 0.5), (4.1, 0.25), (6.7, 0.12))
    _mix_tone(out, rate, start, lambda t: pitch, bone, 0.0008, 0.012, gain)


def _dice_roll(rate: int) -> Samples:
    """Dice tumbling: a rattle of clacks coming closer together and softer, under a faint rumble."""
    duration = 0.75
    out = _silence(rate, duration)
    rng = random.Random(17)
    at, gap = 0.0, 0.075
    while at < duration - 0.05:
        _clack(out, rate, at, rng.uniform(900.0, 1500.0), gain=max(0.2, 1.0 - at / duration))
        at += gap * rng.uniform(0.6, 1.3)
        gap *= 0.9
    _mix_noise(out, rate, lambda t: 700.0, lambda t: 0.25 * max(0.0, 1.0 - t / duration), seed=19)
    return out


def _dice_land(rate: int) -> Samples:
    """A die settling: two quick clacks, the second softer (it rocks onto its face)."""
    out = _silence(rate, 0.14)
    _clack(out, rate, 0.0, 1150.0, 1.0)
    _clack(out, rate, 0.045, 1250.0, 0.45)
    return out


def _chip(rate: int) -> Samples:
    """A plastic chip set down on another: a short bright clink with a ringing second strike."""
    out = _silence(rate, 0.2)
    clink = ((1.0, 1.0), (2.7, 0.4), (5.2, 0.15))
    _mix_tone(out, rate, 0.0, lambda t: 2600.0, clink, 0.0008, 0.03)
    _mix_tone(out, rate, 0.05, lambda t: 2900.0, clink, 0.0008, 0.025, gain=0.5)
    return out


RECIPES: dict[str, Callable[[int], Samples]] = {
    "dice_roll": _dice_roll,
    "dice_land": _dice_land,
    "chip": _chip,
    "card_slide": _card_slide,
    "card_flip": _card_flip,
    "deal": _deal,
    "cat_hop": _cat_hop,
    "cat_land": _cat_land,
    "pass": _pass,
    "click": _click,
    "round_end": _round_end,
    "refuse": _refuse,
    "win": _win,
}
SOUND_NAMES: tuple[str, ...] = tuple(RECIPES)


def synthesize(name: str, rate: int = 44100) -> Samples:
    """The mono samples (floats in -1..1) of sound ``name`` at ``rate`` Hz."""
    return _finish(RECIPES[name](rate), rate)


# --- talking to the mixer ---------------------------------------------------------------------


def _encode(samples: Samples, fmt: int, channels: int) -> bytes:
    """Pack mono float samples into the mixer's sample format, repeated for each channel."""
    if fmt == -16:
        data = array("h", (int(v * 32767) for v in samples))
    elif fmt == 16:
        data = array("H", (int(v * 32767) + 32768 for v in samples))
    elif fmt == -8:
        data = array("b", (int(v * 127) for v in samples))
    elif fmt == 8:
        data = array("B", (int(v * 127) + 128 for v in samples))
    elif fmt == -32:
        data = array("i", (int(v * 2147483647) for v in samples))
    else:  # 32: float samples
        data = array("f", samples)
    if channels > 1:
        interleaved = array(data.typecode, bytes(data.itemsize * len(data) * channels))
        for channel in range(channels):
            interleaved[channel::channels] = data
        data = interleaved
    return data.tobytes()


NO_DEVICE = "sound off: no audio device"  # said once per process, the only line about it
ALSA_NOISE = "ALSA lib "  # how the C library's complaints begin
_said_no_device = False


@contextlib.contextmanager
def alsa_quiet() -> Iterator[None]:
    """Run the block with the process's stderr (file descriptor 2, where C libraries write)
    caught; afterwards every caught line but ALSA's complaints is written on. Where stderr
    cannot be redirected the block simply runs."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError, AttributeError):
        yield
        return
    with tempfile.TemporaryFile() as sink:
        os.dup2(sink.fileno(), 2)
        try:
            yield
        finally:
            with contextlib.suppress(OSError, ValueError, AttributeError):
                sys.stderr.flush()
            os.dup2(saved, 2)
            os.close(saved)
            sink.seek(0)
            caught = sink.read().decode("utf-8", "replace").splitlines()
            kept = [line for line in caught if not line.startswith(ALSA_NOISE)]
            if kept:
                sys.stderr.write("\n".join(kept) + "\n")


def _open_mixer() -> MixerFormat | None:
    """The mixer's (rate, format, channels), opening it if needed; None if there is no audio
    (said once per process, in one line)."""
    global _said_no_device
    try:
        if not pygame.mixer.get_init():
            with alsa_quiet():
                pygame.mixer.init()
        return pygame.mixer.get_init()
    except Exception as error:  # noqa: BLE001 - no device, no driver, a broken SDL build: play silently
        log.debug("mixer unavailable: %s", error)
        if not _said_no_device:
            _said_no_device = True
            log.warning(NO_DEVICE)
        return None


# Rendered bytes are shared by every Audio (tests and restarts make many) and kept for the process.
_RENDERED: dict[tuple[str, MixerFormat], bytes] = {}
_renderers: dict[MixerFormat, threading.Thread] = {}


def _encoded(name: str, mixer: MixerFormat) -> bytes:
    """The mixer-ready bytes of sound ``name``, rendered now unless the background job has."""
    key = (name, mixer)
    data = _RENDERED.get(key)
    if data is None:
        rate, fmt, channels = mixer
        data = _RENDERED[key] = _encode(synthesize(name, rate), fmt, channels)
    return data


def _render_all(mixer: MixerFormat) -> None:
    """Background job: render every sound (dict stores are atomic, so no lock is needed)."""
    for name in SOUND_NAMES:
        _encoded(name, mixer)


def _start_renderer(mixer: MixerFormat) -> None:
    """Render all sounds for this mixer format on a daemon thread, once per process."""
    if mixer not in _renderers:
        thread = threading.Thread(target=_render_all, args=(mixer,), name="audio-synth", daemon=True)
        _renderers[mixer] = thread
        thread.start()


class Audio:
    """The app's sound effects; muting and a missing audio device both make ``play`` a no-op."""

    names: tuple[str, ...] = SOUND_NAMES

    def __init__(self, enabled: bool = True, volume: float = 0.7) -> None:
        self._enabled = bool(enabled)
        self._volume = min(1.0, max(0.0, float(volume)))
        self._mixer = _open_mixer()
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._warned: set[str] = set()
        self.played = 0  # sounds actually started (tests check that mute is honoured)
        if self._enabled and self._mixer is not None:
            _start_renderer(self._mixer)

    @property
    def enabled(self) -> bool:
        """Whether sounds play (the user's setting)."""
        return self._enabled

    def set_enabled(self, on: bool) -> None:
        """Turn sound on or off; turning it off also stops anything still ringing."""
        self._enabled = bool(on)
        if on and self._mixer is not None:
            _start_renderer(self._mixer)
        if not on and self._mixer is not None:
            try:
                pygame.mixer.stop()
            except pygame.error:
                pass

    @property
    def available(self) -> bool:
        """Whether an audio device is open (False: every play is silent)."""
        return self._mixer is not None

    @property
    def volume(self) -> float:
        """Loudness from 0 to 1."""
        return self._volume

    def set_volume(self, volume: float) -> None:
        """Change the loudness of every sound (0 to 1)."""
        self._volume = min(1.0, max(0.0, float(volume)))
        for sound in self._sounds.values():
            sound.set_volume(self._volume)

    def sound(self, name: str) -> pygame.mixer.Sound | None:
        """The mixer sound for ``name``, built on first use; None without a mixer."""
        if self._mixer is None:
            return None
        cached = self._sounds.get(name)
        if cached is None:
            cached = pygame.mixer.Sound(buffer=_encoded(name, self._mixer))
            cached.set_volume(self._volume)
            self._sounds[name] = cached
        return cached

    def preload(self) -> None:
        """Build every sound now (e.g. behind a loading screen) instead of on first play."""
        for name in self.names:
            self.sound(name)

    def play(self, name: str) -> None:
        """Start sound ``name`` unless muted or silent. Unknown names are logged, never raised."""
        if not self._enabled or self._mixer is None:
            return
        if name not in RECIPES:
            if name not in self._warned:
                self._warned.add(name)
                log.warning("unknown sound %r; known: %s", name, ", ".join(self.names))
            return
        try:
            sound = self.sound(name)
            channel = sound.play() if sound is not None else None
        except pygame.error as error:  # the device went away mid-game: carry on silently
            log.info("sound %r failed: %s", name, error)
            return
        if channel is not None:
            self.played += 1
