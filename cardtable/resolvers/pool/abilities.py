"""Complementary and detracting abilities: what another rating adds to a Challenge.

A complementary rating C helping a primary rating P gives a bonus, by one of two formulas
(a table option, see :class:`Formula`), rounded half up. It may give reserves (1.5 times the
rounded bonus) or resistance (a quarter of it) instead. Two complementary abilities combine:
the lesser raises the greater first, then the greater, so raised, helps the primary. A third
is refused. A detracting ability is worked out the same way against the primary it hinders;
what it gives goes to the opponent, which is the caller's business.

>>> complement_bonus(6, 3)
1
>>> complement_bonus(6, 3, Formula.SQUARE)
1
>>> contribution(6, [Helper("Logs", 3), Helper("Data Ninja", 2)]).bonus
1
>>> contribution(6, [Helper.giving_reserves("Security Administrator", 3)]).reserves
2
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

from attrs import frozen

from cardtable.resolvers.pool.numbers import (
    Fraction,
    PoolChallengeError,
    require_whole,
    round_half_up,
)

#: More than two complementary abilities "becomes silly"; the rules refuse a third.
MAX_HELPERS = 2


class Formula(enum.Enum):
    """How a complementary rating turns into bonus (a table option; STEPS is the default)."""

    #: C >= P: C/2; C >= 2P/3: C/3; C >= P/2: C/4; otherwise nothing.
    STEPS = "steps"
    #: C squared over 2P, at most C/2.
    SQUARE = "square"

    def __str__(self) -> str:
        return self.value


class Gives(enum.Enum):
    """What a helping (or hindering) ability adds: bonus, reserves or resistance."""

    BONUS = "bonus"
    RESERVES = "reserves"
    RESISTANCE = "resistance"

    def __str__(self) -> str:
        return self.value


def complement_value(primary: int, complement: int, formula: Formula = Formula.STEPS) -> Fraction:
    """The bonus a complementary rating gives a primary rating, before rounding."""
    require_whole(primary, "A primary rating")
    require_whole(complement, "A complementary rating")
    c, p = Fraction(complement), Fraction(primary)
    if formula is Formula.SQUARE:
        if p == 0:
            return c / 2
        return min(c * c / (2 * p), c / 2)
    if c >= p:
        return c / 2
    if 3 * c >= 2 * p:
        return c / 3
    if 2 * c >= p:
        return c / 4
    return Fraction(0)


def complement_bonus(primary: int, complement: int, formula: Formula = Formula.STEPS) -> int:
    """The bonus a complementary rating gives a primary rating, rounded half up.

    >>> [complement_bonus(6, c) for c in (2, 3, 4, 6, 8)]
    [0, 1, 1, 3, 4]
    """
    return round_half_up(complement_value(primary, complement, formula))


@frozen
class Source:
    """Where a rating was read from, for the table to find it again: the id of whoever owns
    it (a character at the table) and the name of the ability. The rules never read it."""

    owner: str
    ability: str


@frozen
class Helper:
    """An ability that complements (or detracts from) a primary one: a skill, an ally, a tool.

    ``gives`` says whether its help counts as bonus, reserves or resistance; ``source``, when
    set, says which character's ability it is (an ally's may take part of a penalty).
    """

    name: str
    rating: int
    gives: Gives = Gives.BONUS
    source: Source | None = None

    def __attrs_post_init__(self) -> None:
        require_whole(self.rating, f"The rating of {self.name}")

    @classmethod
    def giving_bonus(cls, name: str, rating: int) -> Helper:
        return cls(name, rating, Gives.BONUS)

    @classmethod
    def giving_reserves(cls, name: str, rating: int) -> Helper:
        return cls(name, rating, Gives.RESERVES)

    @classmethod
    def giving_resistance(cls, name: str, rating: int) -> Helper:
        return cls(name, rating, Gives.RESISTANCE)


@frozen
class Contribution:
    """What helpers add to one side: bonus, reserves and resistance, with the reasons."""

    bonus: int = 0
    reserves: int = 0
    resistance: int = 0
    notes: tuple[str, ...] = ()

    @classmethod
    def nothing(cls) -> Contribution:
        return cls()

    def plus(self, other: Contribution) -> Contribution:
        return Contribution(
            self.bonus + other.bonus,
            self.reserves + other.reserves,
            self.resistance + other.resistance,
            self.notes + other.notes,
        )

    @property
    def is_nothing(self) -> bool:
        return not (self.bonus or self.reserves or self.resistance)


def _as(gives: Gives, bonus: int) -> Contribution:
    if gives is Gives.RESERVES:
        return Contribution(reserves=round_half_up(Fraction(3, 2) * bonus))
    if gives is Gives.RESISTANCE:
        return Contribution(resistance=round_half_up(Fraction(bonus, 4)))
    return Contribution(bonus=bonus)


def contribution(
    primary: int, helpers: Sequence[Helper], formula: Formula = Formula.STEPS
) -> Contribution:
    """What one or two helpers add to a primary rating.

    With two, the lesser helps the greater first (as bonus, whatever either gives) and the
    greater, so raised, helps the primary as the greater gives. No helpers add nothing.
    A third helper is refused.
    """
    require_whole(primary, "A primary rating")
    if len(helpers) > MAX_HELPERS:
        names = ", ".join(helper.name for helper in helpers)
        raise PoolChallengeError(
            f"At most {MAX_HELPERS} complementary abilities may help one rating; "
            f"drop one of {names}."
        )
    if not helpers:
        return Contribution.nothing()
    if len(helpers) == 1:
        greater, rating, raised_note = helpers[0], helpers[0].rating, ""
    else:
        # Sorting is stable, so two equal helpers keep their order; either gives the same.
        lesser, greater = sorted(helpers, key=lambda helper: helper.rating)
        lift = complement_bonus(greater.rating, lesser.rating, formula)
        rating = greater.rating + lift
        raised_note = f" (raised from {greater.rating} by {lesser.name} {lesser.rating})"
    bonus = complement_bonus(primary, rating, formula)
    given = _as(greater.gives, bonus)
    amount = {Gives.BONUS: given.bonus, Gives.RESERVES: given.reserves}.get(
        greater.gives, given.resistance
    )
    note = f"{greater.name} {rating}{raised_note} against {primary}: {greater.gives} {amount}"
    return Contribution(given.bonus, given.reserves, given.resistance, (note,))
