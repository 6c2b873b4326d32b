"""The generator a match deals from: deterministic for replays and saves, and secret.

A match is rebuilt from its seed and log, so its randomness must be a pure function of the seed.
The Mersenne Twister (``random.Random``) is such a function, but its output reveals its state:
from the cards and dice it deals, a seat can work back to the seed and from there read every
hidden card and every later deal. ``KeyedRandom`` instead takes its bits from BLAKE2b keyed with
the seed, run in counter mode: byte ``n`` of a match's stream is byte ``n % 64`` of
``BLAKE2b(key=seed, message=n // 64)``. Without the key, what was dealt says nothing about
what comes next, and the key (the 128-bit seed of ``game.core.seeds``) is too big to guess.

``KeyedRandom`` is a ``random.Random`` with its own ``random`` and ``getrandbits``, so the rules
keep every method they call (``shuffle``, ``randrange``, ``randint``, ``choice``, ``sample`` ...):
the standard library builds those on the two. It pickles and deep-copies through ``getstate``
and ``setstate``; ``copy_rng`` copies it (or a ``random.Random``) for ``Rules.clone``.

Saves written before this generator existed were dealt by ``random.Random(seed)``; they name no
generator and are replayed with ``LEGACY_GENERATOR``. A world the AI imagines for itself (a
determinized sample, a playout) is no secret and keeps the fast ``random.Random``.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any

from game.core.seeds import MAX_SEED, is_valid_seed, new_seed

GENERATOR = "blake2b"  # what a new match deals from (written in its save as "rng")
LEGACY_GENERATOR = "mt"  # random.Random (Mersenne Twister): every save that names no generator
GENERATORS: tuple[str, ...] = (GENERATOR, LEGACY_GENERATOR)

BLOCK_BYTES = 64  # one BLAKE2b digest: the stream's unit
_KEY_BYTES = (MAX_SEED.bit_length() + 8) // 8  # room for any seed within ±MAX_SEED, sign included
_PERSON = b"kotatsu-deal"  # BLAKE2b personalization: these streams are nobody else's
_STATE_TAG = "kotatsu-blake2b-1"  # first item of ``getstate``: a state of this very stream
_RECIP_BPF = 2.0 ** -53  # a 53-bit integer to a float in [0, 1)


def seed_key(seed: int) -> bytes:
    """The BLAKE2b key of ``seed``: its signed little-endian bytes, a fixed length, so two
    different seeds always have two different keys (and so two unrelated streams)."""
    return seed.to_bytes(_KEY_BYTES, "little", signed=True)


class KeyedRandom(random.Random):
    """A ``random.Random`` whose bits are BLAKE2b, keyed with the seed, in counter mode."""

    def seed(self, a: Any = None, version: int = 2) -> None:
        """Start the stream of seed ``a`` (an int within ±MAX_SEED; None: a fresh random seed)."""
        if a is None:
            a = new_seed()
        if not is_valid_seed(a):
            raise ValueError(f"a match seed is a whole number within ±2**{MAX_SEED.bit_length()}, not {a!r}")
        self._seed = a
        self._keyed = hashlib.blake2b(key=seed_key(a), digest_size=BLOCK_BYTES, person=_PERSON)
        self._start(0)
        self.gauss_next = None

    def _block(self, index: int) -> bytes:
        """Block ``index`` of the stream: the keyed hash of the counter."""
        hasher = self._keyed.copy()  # the key is absorbed once, in ``seed``
        hasher.update(index.to_bytes(16, "little"))
        return hasher.digest()

    def _start(self, position: int) -> None:
        """Continue the stream from byte ``position``."""
        index, self._offset = divmod(position, BLOCK_BYTES)
        self._buffer = self._block(index)
        self._next_block = index + 1

    @property
    def position(self) -> int:
        """How many bytes of the stream have been used."""
        return (self._next_block - 1) * BLOCK_BYTES + self._offset

    def next_bytes(self, size: int) -> bytes:
        """The next ``size`` bytes of the stream."""
        offset = self._offset
        end = offset + size
        if end <= BLOCK_BYTES:  # the usual case: within the current block
            self._offset = end
            return self._buffer[offset:end]
        parts = [self._buffer[offset:]]
        needed = end - BLOCK_BYTES
        while True:
            self._buffer = self._block(self._next_block)
            self._next_block += 1
            if needed <= BLOCK_BYTES:
                parts.append(self._buffer[:needed])
                self._offset = needed
                return b"".join(parts)
            parts.append(self._buffer)
            needed -= BLOCK_BYTES

    def getrandbits(self, k: int) -> int:
        """A whole number of ``k`` random bits (``random.Random`` builds ``randrange``,
        ``shuffle``, ``choice`` and ``sample`` on this)."""
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        size = (k + 7) >> 3
        return int.from_bytes(self.next_bytes(size), "little") >> ((size << 3) - k)

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits, as ``random.Random.random`` gives."""
        return (int.from_bytes(self.next_bytes(7), "little") >> 3) * _RECIP_BPF

    def randbytes(self, n: int) -> bytes:
        """``n`` random bytes: the stream itself."""
        return self.next_bytes(n)

    def getstate(self) -> tuple[Any, ...]:
        """(tag, seed, position, gauss_next): all it takes to go on exactly from here."""
        return (_STATE_TAG, self._seed, self.position, self.gauss_next)

    def setstate(self, state: tuple[Any, ...]) -> None:
        """Go back to a state from ``getstate``."""
        if not (isinstance(state, tuple) and len(state) == 4 and state[0] == _STATE_TAG):
            raise ValueError(f"not a state of {type(self).__name__}")
        _, seed, position, gauss_next = state
        if type(position) is not int or position < 0:
            raise ValueError(f"a stream position is a whole number >= 0, not {position!r}")
        self.seed(seed)
        self._start(position)
        self.gauss_next = gauss_next

    def copy(self) -> KeyedRandom:
        """An independent copy at the same point of the same stream (cheap: no rehash)."""
        twin = KeyedRandom.__new__(KeyedRandom)
        twin.__dict__.update(self.__dict__)  # the keyed hasher is only ever copied, never fed
        return twin


def deal_rng(seed: int, generator: str = GENERATOR) -> random.Random:
    """The generator a match of ``seed`` deals from: ``KeyedRandom`` for ``GENERATOR``, the
    Mersenne Twister of old saves for ``LEGACY_GENERATOR``."""
    if generator == GENERATOR:
        return KeyedRandom(seed)
    if generator == LEGACY_GENERATOR:
        return random.Random(seed)
    raise ValueError(f"unknown generator {generator!r} (known: {', '.join(GENERATORS)})")


def generator_of(rng: random.Random) -> str:
    """The name of the generator ``rng`` is (the inverse of ``deal_rng``'s choice)."""
    return GENERATOR if isinstance(rng, KeyedRandom) else LEGACY_GENERATOR


def copy_rng(rng: random.Random) -> random.Random:
    """An independent copy of ``rng`` at the same point of its stream (for ``Rules.clone``)."""
    if type(rng) is random.Random:  # the search's own worlds: the hot path of every playout
        twin = random.Random(0)  # seeded cheaply (not from the OS): setstate overwrites it all
        twin.setstate(rng.getstate())
        return twin
    if isinstance(rng, KeyedRandom):
        return rng.copy()
    twin = type(rng)()
    twin.setstate(rng.getstate())
    return twin
