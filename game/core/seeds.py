"""Seeds of matches: how big they may be and where a new one comes from.

A match is rebuilt from (game, players, options, seed, log), so its seed is the key to every hidden
card. A seed a seat could guess or brute-force would let it work out the deal, so a new table draws
its seed from the operating system's randomness with ``SEED_BITS`` bits. The same bound is checked
where a seed is typed (the command line) and where it is read back (a save file), so a seed that is
accepted can always be saved and resumed.
"""

from __future__ import annotations

import secrets

SEED_BITS = 128  # bits of randomness in a new table's seed
MAX_SEED = (1 << SEED_BITS) - 1  # the largest seed a match accepts (typed, saved or replayed)


def new_seed() -> int:
    """A fresh, unguessable seed for a new table: ``SEED_BITS`` bits from the operating system."""
    return secrets.randbits(SEED_BITS)


def is_valid_seed(seed: object) -> bool:
    """True for a whole number (not a bool) within ±``MAX_SEED`` (old saves may hold negative seeds)."""
    return isinstance(seed, int) and not isinstance(seed, bool) and abs(seed) <= MAX_SEED
