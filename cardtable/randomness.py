"""The one injectable source of randomness.

Every draw, shuffle and roll takes an :class:`Rng` argument; nothing reads the module-level
``random``. Normal play asks the operating system afresh at every draw, shuffle and roll
(:func:`from_os`), so nothing saved, undone or shown decides a later one; tests pass their
own seed, so they are exact.

>>> a, b = seeded(7), seeded(7)
>>> [a.randint(1, 6) for _ in range(5)] == [b.randint(1, 6) for _ in range(5)]
True
>>> chance = Chance(seeded(7))
>>> chance.asked, chance.randint(1, 6) == seeded(7).randint(1, 6), chance.asked
(0, True, 1)
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence
from typing import Any

#: The type every randomised function takes. ``random.Random`` is the whole interface.
Rng = random.Random


def seeded(seed: int) -> Rng:
    """A source with a fixed seed, for tests and replays."""
    return random.Random(seed)


def from_os() -> Rng:
    """A source that reads the operating system's randomness at every call, for normal play.

    It has no state to save or restore: no file, undo or seen result tells what it gives next.
    """
    return random.SystemRandom()


def make_rng(seed: int | None) -> Rng:
    """``seeded(seed)`` when a seed is given, else :func:`from_os`."""
    return from_os() if seed is None else seeded(seed)


class Chance(random.Random):
    """The session's source: ``source``'s numbers, counting how often it was asked.

    The session asks before and after each action whether it took chance (a draw, a
    shuffle, a roll): such an action is one undo does not take back. Every method an action
    uses goes to ``source`` itself, so a test's scripted source is obeyed as it is.
    """

    def __init__(self, source: Rng) -> None:
        self.source = source
        self.asked = 0
        super().__init__()

    def seed(self, a: Any = None, version: int = 2) -> None:
        """Seeding is the source's business; :class:`random.Random` calls this on creation."""

    def getstate(self) -> Any:
        raise NotImplementedError("the session's chance is never saved or restored")

    def setstate(self, state: Any) -> None:
        raise NotImplementedError("the session's chance is never saved or restored")

    def random(self) -> float:
        self.asked += 1
        return self.source.random()

    def getrandbits(self, k: int) -> int:
        self.asked += 1
        return self.source.getrandbits(k)

    def randint(self, a: int, b: int) -> int:
        self.asked += 1
        return self.source.randint(a, b)

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        self.asked += 1
        return self.source.randrange(start, stop, step)

    def uniform(self, a: float, b: float) -> float:
        self.asked += 1
        return self.source.uniform(a, b)

    def choice(self, seq: Any) -> Any:
        self.asked += 1
        return self.source.choice(seq)

    def shuffle(self, x: MutableSequence[Any]) -> None:
        self.asked += 1
        self.source.shuffle(x)
