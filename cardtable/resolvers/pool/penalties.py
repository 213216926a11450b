"""Penalties for losing a hazardous pool Challenge, and spreading them over their sources.

The penalty stands at the deepest threshold the loser's pool reached (thresholds are not
summed). Its size is a fraction of the *ability total*: rating + bonus/2 + reserves/3 +
2 x resistance, rounded down, each fraction of it rounded down too. The loser may then
spread the points over the sources of that total: 1 point removes 1 rating, 2 bonus or
3 reserves, and 2 points remove 1 resistance; no other source may take more points than
the loser takes herself.

>>> ability_total(7, bonus=3, reserves=2)
9
>>> penalty_for(starting_pool=7, pool=1, total=9).ability_points
2
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence

from attrs import frozen

from cardtable.counts import counted
from cardtable.resolvers.pool.numbers import Fraction, PoolChallengeError, require_whole


def ability_total(rating: int, bonus: int = 0, reserves: int = 0, resistance: int = 0) -> int:
    """The ability a penalty takes its fractions of: R + B/2 + V/3 + 2S, rounded down."""
    for value, what in ((rating, "A rating"), (bonus, "A bonus"), (reserves, "Reserves")):
        require_whole(value, what)
    require_whole(resistance, "Resistance")
    return int(rating + Fraction(bonus, 2) + Fraction(reserves, 3) + 2 * resistance)


class Threshold(enum.Enum):
    """How deep the loser's pool went, shallowest first."""

    NONE = "above half the starting pool"
    HALF = "at most half the starting pool"
    ZERO = "0"
    MINUS_ONE = "-1"
    MINUS_HALF = "minus half the starting pool"

    def __str__(self) -> str:
        return self.value


#: Quarters of the ability lost, quarters lost overall, and incapacitation, per threshold.
_SEVERITY: dict[Threshold, tuple[int, int, bool]] = {
    Threshold.NONE: (0, 0, False),
    Threshold.HALF: (1, 0, False),
    Threshold.ZERO: (1, 1, False),
    Threshold.MINUS_ONE: (1, 2, False),
    Threshold.MINUS_HALF: (2, 0, True),
}


def threshold_reached(starting_pool: int, pool: int) -> Threshold:
    """The deepest threshold ``pool`` reached, for a Challenge begun at ``starting_pool``.

    Halves are exact: with a starting pool of 7, half is 3.5 (so 3 reaches it, 4 does not)
    and minus half is -3.5 (so -4 reaches it). With a small starting pool "minus half" can
    lie above -1; it is still the deeper one.

    >>> [threshold_reached(7, p).name for p in (4, 3, 0, -1, -4)]
    ['NONE', 'HALF', 'ZERO', 'MINUS_ONE', 'MINUS_HALF']
    """
    half = Fraction(starting_pool, 2)
    if pool <= -half:
        return Threshold.MINUS_HALF
    if pool <= -1:
        return Threshold.MINUS_ONE
    if pool <= 0:
        return Threshold.ZERO
    if pool <= half:
        return Threshold.HALF
    return Threshold.NONE


#: A fraction in quarters, as a player says it.
_QUARTERS = {1: "a quarter", 2: "half", 3: "three quarters", 4: "all"}


def quarters_words(quarters: int) -> str:
    """``quarters`` fourths in words: "a quarter", "half", "three quarters".

    >>> quarters_words(2)
    'half'
    """
    return _QUARTERS.get(quarters, f"{quarters}/4")


@frozen
class Penalty:
    """The penalty for losing: points off the ability, quarters off every ability, and
    whether the loser is incapacitated."""

    threshold: Threshold
    ability_total: int
    ability_quarters: int
    overall_quarters: int
    incapacitated: bool

    @property
    def ability_points(self) -> int:
        """Points off the ability in question (its fraction of the total, rounded down)."""
        return self.ability_total * self.ability_quarters // 4

    def overall_points(self, other_ability: int) -> int:
        """Points off another ability of the loser's from the overall penalty."""
        return other_ability * self.overall_quarters // 4

    def __str__(self) -> str:
        if self.threshold is Threshold.NONE:
            return "No penalty: the pool stayed above half its start."
        parts = [
            f"-{self.ability_points} to the ability "
            f"({quarters_words(self.ability_quarters)} of {self.ability_total}, rounded down)"
        ]
        if self.overall_quarters:
            parts.append(f"{quarters_words(self.overall_quarters)} off every ability")
        if self.incapacitated:
            parts.append("incapacitated")
        return f"Pool reached {self.threshold}: " + ", ".join(parts) + "."


def penalty_for(starting_pool: int, pool: int, total: int) -> Penalty:
    """The penalty for a loser whose pool ended at ``pool`` (``total`` from
    :func:`ability_total`)."""
    threshold = threshold_reached(starting_pool, pool)
    ability, overall, incapacitated = _SEVERITY[threshold]
    return Penalty(threshold, total, ability, overall, incapacitated)


class SourceKind(enum.Enum):
    """What a source of an ability total is, which sets how much one point of loss removes."""

    RATING = "rating"
    BONUS = "bonus"
    RESERVES = "reserves"
    RESISTANCE = "resistance"

    def __str__(self) -> str:
        return self.value


@frozen
class LossSource:
    """Something the loser may put penalty points on: her own rating or reserves, a tool's
    bonus, an ally's rating. ``own`` marks the loser's own sources."""

    name: str
    kind: SourceKind
    amount: int
    own: bool = False

    @classmethod
    def own_rating(cls, name: str, rating: int) -> LossSource:
        return cls(name, SourceKind.RATING, rating, own=True)

    @classmethod
    def ally(cls, name: str, rating: int) -> LossSource:
        """An ally who helped: the points land on the ally's own rating."""
        return cls(name, SourceKind.RATING, rating, own=False)

    def removed_by(self, points: int) -> int:
        """How much of this source ``points`` of loss remove (never more than it has)."""
        if self.kind is SourceKind.RESISTANCE:
            return min(self.amount, points // 2)
        per_point = {SourceKind.RATING: 1, SourceKind.BONUS: 2, SourceKind.RESERVES: 3}[self.kind]
        return min(self.amount, points * per_point)

    def capacity(self) -> int:
        """The most points this source can take before it is used up."""
        if self.kind is SourceKind.RESISTANCE:
            return 2 * self.amount
        per_point = {SourceKind.RATING: 1, SourceKind.BONUS: 2, SourceKind.RESERVES: 3}[self.kind]
        return -(-self.amount // per_point)


@frozen
class SpreadShare:
    """The points one source took and what that removed from it."""

    source: LossSource
    points: int

    @property
    def removed(self) -> int:
        return self.source.removed_by(self.points)

    @property
    def left(self) -> int:
        return self.source.amount - self.removed

    def __str__(self) -> str:
        return (
            f"{self.source.name} takes {self.points}: {self.source.kind} "
            f"{self.source.amount} → {self.left}"
        )


@frozen
class Spread:
    """A penalty spread over its sources."""

    shares: tuple[SpreadShare, ...]

    @property
    def points(self) -> int:
        return sum(share.points for share in self.shares)

    def left(self, name: str) -> int:
        """What the named source has left after the spread."""
        for share in self.shares:
            if share.source.name == name:
                return share.left
        raise PoolChallengeError(f"{name} is not one of the sources of this penalty.")

    def lines(self) -> tuple[str, ...]:
        return tuple(str(share) for share in self.shares if share.points)


def spread_loss(
    points: int, sources: Sequence[LossSource], allocation: Mapping[str, int]
) -> Spread:
    """Spread ``points`` of penalty over ``sources`` as the loser chose in ``allocation``
    (source name -> points; sources left out take none).

    >>> me, ally = LossSource.own_rating("Iridia", 7), LossSource.ally("Joiry", 4)
    >>> spread_loss(2, [me, ally], {"Iridia": 1, "Joiry": 1}).left("Joiry")
    3
    """
    require_whole(points, "A penalty")
    by_name = {source.name: source for source in sources}
    if len(by_name) != len(sources):
        raise PoolChallengeError("Two sources of this penalty share a name; rename one.")
    unknown = sorted(set(allocation) - set(by_name))
    if unknown:
        raise PoolChallengeError(f"{', '.join(unknown)} did not contribute to this ability.")
    for name, given in allocation.items():
        require_whole(given, f"The points put on {name}")
    assigned = sum(allocation.values())
    if assigned != points:
        raise PoolChallengeError(f"The penalty is {counted(points, 'point')}; {assigned} "
                                 f"{'was' if assigned == 1 else 'were'} assigned.")
    for name, given in allocation.items():
        source = by_name[name]
        if source.kind is SourceKind.RESISTANCE and given % 2:
            raise PoolChallengeError(
                f"{name} is resistance: it takes points in pairs (2 points remove 1 resistance)."
            )
        if given > source.capacity():
            raise PoolChallengeError(
                f"{name} can take at most {counted(source.capacity(), 'point')} ({source.kind} "
                f"{source.amount}); {given} were put on it."
            )
    own_share = sum(given for name, given in allocation.items() if by_name[name].own)
    for name, given in allocation.items():
        if not by_name[name].own and given > own_share:
            raise PoolChallengeError(
                f"{name} cannot take {counted(given, 'point')}: no other source may take more "
                f"than the loser's own share ({own_share})."
            )
    return Spread(tuple(SpreadShare(source, allocation.get(source.name, 0)) for source in sources))


@frozen
class OverallOffer:
    """What the overall part of a penalty takes off one ability of the loser's sheet: its
    fraction of the ability's total, as the sheet stood."""

    ability: str
    total: int
    points: int


@frozen
class PenaltyTaken:
    """A penalty as its loser took it, kept with the Challenge: the points put on each
    source, the overall part as offered on the sheet as it stood then, and the abilities it
    was written on. What a penalty took is read from here, never worked out again from a
    sheet it has already lowered."""

    side: str
    spread: tuple[tuple[str, int], ...] = ()
    offers: tuple[OverallOffer, ...] = ()
    written: tuple[str, ...] = ()
