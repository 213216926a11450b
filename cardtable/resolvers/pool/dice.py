"""Challenge dice: the optional random factor of the pool Challenge.

A challenge die is a d6 worth 0 on a 1, 2 on a 6 and 1 otherwise, so N dice average N and
range from 0 to 2N. A table rolls them at no point or at exactly one of four points (see
:class:`DicePoint`): there N dice replace the plain number N.

The roll function here is deliberately tiny; the general dice engine lives elsewhere.

>>> challenge_die_value(1), challenge_die_value(4), challenge_die_value(6)
(0, 1, 2)
>>> ChallengeRoll((3, 4, 3)).total
3
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

from attrs import field, frozen

from cardtable.counts import counted
from cardtable.randomness import Rng
from cardtable.resolvers.pool.numbers import PoolChallengeError

CHALLENGE_DIE_SIDES = 6


class DicePoint(enum.Enum):
    """Where challenge dice replace a plain number (one point at most, or none)."""

    OFF = "off"
    FORMING_POOLS = "forming pools"
    COMPARING = "comparing pools"
    INFLICTING = "inflicting loss"
    QUANTITIES = "reserves, bonus and resistance"

    def __str__(self) -> str:
        return self.value

    @property
    def rolls_each_round(self) -> bool:
        """Whether rounds themselves are random (forming pools only randomises the start)."""
        return self in (DicePoint.COMPARING, DicePoint.INFLICTING, DicePoint.QUANTITIES)


def challenge_die_value(face: int) -> int:
    """What one challenge die counts for: 0 on a 1, 2 on a 6, 1 otherwise."""
    if not 1 <= face <= CHALLENGE_DIE_SIDES:
        raise PoolChallengeError(f"A challenge die shows 1 to 6, not {face}.")
    if face == 1:
        return 0
    return 2 if face == CHALLENGE_DIE_SIDES else 1


def _faces(faces: Iterable[int]) -> tuple[int, ...]:
    return tuple(faces)


def _check_faces(_instance: object, _attribute: object, faces: tuple[int, ...]) -> None:
    for face in faces:
        challenge_die_value(face)


@frozen
class ChallengeRoll:
    """The faces of N challenge dice rolled in place of the number N."""

    faces: tuple[int, ...] = field(converter=_faces, validator=_check_faces)

    @property
    def nominal(self) -> int:
        """The number the dice replaced (one die per point)."""
        return len(self.faces)

    @property
    def total(self) -> int:
        return sum(challenge_die_value(face) for face in self.faces)

    def __str__(self) -> str:
        if not self.faces:
            return "no dice → 0"
        return f"{' '.join(str(face) for face in self.faces)} → {self.total}"


def roll_challenge_dice(count: int, rng: Rng) -> ChallengeRoll:
    """Roll ``count`` challenge dice (none for a count of 0 or less: there is nothing to roll)."""
    return ChallengeRoll(tuple(rng.randint(1, CHALLENGE_DIE_SIDES) for _ in range(max(0, count))))


@frozen
class DiceUse:
    """One roll made during a Challenge: at which point, for what, and the dice."""

    point: DicePoint
    purpose: str
    roll: ChallengeRoll

    def __str__(self) -> str:
        return f"{self.purpose}: {counted(self.roll.nominal, 'die', 'dice')}, {self.roll}"
