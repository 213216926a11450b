"""The one injectable source of randomness.

Every draw, shuffle and roll takes an :class:`Rng` argument; nothing reads the module-level
``random``. Normal play seeds from the operating system; tests pass their own seed, so
they are exact and a recorded session can be replayed.

>>> a, b = seeded(7), seeded(7)
>>> [a.randint(1, 6) for _ in range(5)] == [b.randint(1, 6) for _ in range(5)]
True
"""

from __future__ import annotations

import random

#: The type every randomised function takes. ``random.Random`` is the whole interface.
Rng = random.Random


def seeded(seed: int) -> Rng:
    """A source with a fixed seed, for tests and replays."""
    return random.Random(seed)


def from_os() -> Rng:
    """A source seeded from the operating system, for normal play (never a guessable value)."""
    # SystemRandom reads os.urandom, as the secrets module does (without importing hmac).
    return random.Random(random.SystemRandom().getrandbits(128))


def make_rng(seed: int | None) -> Rng:
    """``seeded(seed)`` when a seed is given, else :func:`from_os`."""
    return from_os() if seed is None else seeded(seed)
