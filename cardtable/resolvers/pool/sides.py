"""One side of a pool Challenge: who enters, with what, and where its numbers stand.

An :class:`Entrant` says who enters with which :class:`Ability` (a character, an obstacle,
or a horde of identical members), and which abilities help or hinder it. A :class:`Side`
is that entrant's state during the Challenge: pool, bonus, reserves and resistance, split
into what the ability gives (which never reverts) and what was converted from the pool
(which does), plus the conversion planned for the next round.

Everything here is a frozen attrs value with plain fields, so a Challenge can be saved
with cattrs and undone by keeping the previous value.

>>> side = Side.enter(Entrant.of("Gene", 4))
>>> side.conversion_limit()
2
>>> side.converted(Conversion(to_bonus=2)).strength
6
"""

from __future__ import annotations

from collections.abc import Iterable

from attrs import evolve, field, frozen

from cardtable.resolvers.pool.abilities import (
    MAX_HELPERS,
    Contribution,
    Formula,
    Helper,
    Source,
    contribution,
)
from cardtable.resolvers.pool.numbers import (
    Fraction,
    PoolChallengeError,
    half_up,
    require_whole,
    round_half_up,
)

#: Conversion rates: 1 pool -> 2 bonus, 1 pool -> 3 reserves, 2 pool -> 1 resistance.
BONUS_PER_POOL = 2
RESERVES_PER_POOL = 3
POOL_PER_RESISTANCE = 2

#: A horde of more than this many members gets half a rating of bonus instead of a third.
SMALL_HORDE = 3


@frozen
class Ability:
    """A rating and what comes with it (equipment, nature): bonus, reserves, resistance.

    For an obstacle the name is what it is ("Gourmet meal"); the rating is its difficulty.
    """

    name: str
    rating: int
    bonus: int = 0
    reserves: int = 0
    resistance: int = 0

    def __attrs_post_init__(self) -> None:
        require_whole(self.rating, f"The rating of {self.name}")
        require_whole(self.bonus, f"The bonus of {self.name}")
        require_whole(self.reserves, f"The reserves of {self.name}")
        require_whole(self.resistance, f"The resistance of {self.name}")


def _helpers(helpers: Iterable[Helper]) -> tuple[Helper, ...]:
    return tuple(helpers)


def _at_most_two(_instance: object, attribute: object, helpers: tuple[Helper, ...]) -> None:
    if len(helpers) > MAX_HELPERS:
        names = ", ".join(helper.name for helper in helpers)
        raise PoolChallengeError(
            f"At most {MAX_HELPERS} abilities may help or hinder one rating; drop one of {names}."
        )


def _at_least_one(_instance: object, _attribute: object, members: int) -> None:
    if members < 1:
        raise PoolChallengeError(f"A side has at least one member (got {members}).")


@frozen
class Entrant:
    """Who enters a Challenge with which ability.

    ``members`` above 1 makes a horde of identical members, each with ``ability`` (its
    reserves are one member's). ``complements`` help this side's rating (two at most);
    ``detractors`` hinder it, and what they give goes to the opponent (two at most).
    ``source`` says which character's sheet the ability was read from, if any.
    """

    name: str
    ability: Ability
    members: int = field(default=1, validator=_at_least_one)
    complements: tuple[Helper, ...] = field(default=(), converter=_helpers, validator=_at_most_two)
    detractors: tuple[Helper, ...] = field(default=(), converter=_helpers, validator=_at_most_two)
    source: Source | None = None

    @classmethod
    def of(
        cls,
        name: str,
        rating: int,
        *,
        bonus: int = 0,
        reserves: int = 0,
        resistance: int = 0,
        ability: str = "",
        complements: tuple[Helper, ...] = (),
        detractors: tuple[Helper, ...] = (),
        source: Source | None = None,
    ) -> Entrant:
        """A single character or obstacle (``ability`` names the rating; optional)."""
        return cls(
            name,
            Ability(ability or name, rating, bonus, reserves, resistance),
            1,
            complements,
            detractors,
            source,
        )

    @classmethod
    def horde(
        cls,
        name: str,
        members: int,
        rating: int,
        *,
        member_reserves: int = 0,
        bonus: int = 0,
        resistance: int = 0,
        ability: str = "",
    ) -> Entrant:
        """A horde of ``members`` identical members, fought as one side."""
        if members < 2:
            raise PoolChallengeError("A horde has at least two members; enter one as a side.")
        member = Ability(ability or name, rating, bonus, member_reserves, resistance)
        return cls(name, member, members)

    @property
    def rating(self) -> int:
        return self.ability.rating

    @property
    def is_horde(self) -> bool:
        return self.members > 1

    @property
    def horde_bonus(self) -> int:
        """A third of one member's rating (half of it beyond three members); 0 for one."""
        if not self.is_horde:
            return 0
        share = Fraction(1, 3) if self.members <= SMALL_HORDE else Fraction(1, 2)
        return round_half_up(share * self.rating)

    @property
    def member_share(self) -> Fraction:
        """The horde reserves each member beyond the first stands for."""
        return Fraction(self.ability.reserves, 3)

    @property
    def starting_reserves(self) -> int:
        """The ability's reserves; for a horde, a third of one member's for each extra member."""
        if not self.is_horde:
            return self.ability.reserves
        return round_half_up(self.member_share * (self.members - 1))

    def help(self, formula: Formula) -> Contribution:
        """What this side's complementary abilities add to it."""
        return contribution(self.rating, self.complements, formula)

    def hindrance(self, formula: Formula) -> Contribution:
        """What this side's detracting abilities give its opponent."""
        given = contribution(self.rating, self.detractors, formula)
        return evolve(given, notes=tuple(f"{note}, hindering {self.name}" for note in given.notes))


@frozen
class Conversion:
    """Pool points a side turns into other quantities at the start of a round.

    ``to_bonus`` and ``to_reserves`` are pool points (each giving 2 bonus or 3 reserves);
    ``to_resistance`` is pool points too, two per point of resistance. ``from_reserves``
    buys pool points back from reserves converted earlier, 3 reserves each.

    >>> Conversion(to_reserves=2).reserves
    6
    """

    to_bonus: int = 0
    to_reserves: int = 0
    to_resistance: int = 0
    from_reserves: int = 0

    def __attrs_post_init__(self) -> None:
        for value in (self.to_bonus, self.to_reserves, self.to_resistance, self.from_reserves):
            require_whole(value, "A number of pool points to convert")
        if self.to_resistance % POOL_PER_RESISTANCE:
            raise PoolChallengeError(
                f"Resistance costs {POOL_PER_RESISTANCE} pool points each; "
                f"{self.to_resistance} cannot be converted to resistance."
            )

    @classmethod
    def none(cls) -> Conversion:
        return cls()

    @property
    def cost(self) -> int:
        """Pool points spent (what the half-the-pool limit counts)."""
        return self.to_bonus + self.to_reserves + self.to_resistance

    @property
    def bonus(self) -> int:
        return self.to_bonus * BONUS_PER_POOL

    @property
    def reserves(self) -> int:
        return self.to_reserves * RESERVES_PER_POOL

    @property
    def resistance(self) -> int:
        return self.to_resistance // POOL_PER_RESISTANCE

    @property
    def is_none(self) -> bool:
        return self.cost == 0 and self.from_reserves == 0

    def __str__(self) -> str:
        parts = []
        if self.from_reserves:
            parts.append(
                f"buys back {self.from_reserves} pool for "
                f"{self.from_reserves * RESERVES_PER_POOL} reserves"
            )
        if self.to_bonus:
            parts.append(f"converts {self.to_bonus} pool to {self.bonus} bonus")
        if self.to_reserves:
            parts.append(f"converts {self.to_reserves} pool to {self.reserves} reserves")
        if self.to_resistance:
            parts.append(f"converts {self.to_resistance} pool to {self.resistance} resistance")
        return "; ".join(parts) if parts else "no conversion"


@frozen
class Reversion:
    """What reverted to the pool at the start of a round: converted bonus and resistance."""

    bonus: int = 0
    resistance: int = 0

    @property
    def pool(self) -> int:
        return self.bonus // BONUS_PER_POOL + self.resistance * POOL_PER_RESISTANCE

    @property
    def is_none(self) -> bool:
        return not (self.bonus or self.resistance)

    def __str__(self) -> str:
        parts = []
        if self.bonus:
            parts.append(f"{self.bonus} converted bonus")
        if self.resistance:
            parts.append(f"{self.resistance} converted resistance")
        return f"{' and '.join(parts)} revert to {self.pool} pool" if parts else "nothing reverts"


@frozen
class Side:
    """One side's state in a Challenge.

    ``bonus``, ``reserves`` and ``resistance`` come from the ability, its helpers and the
    opponent's detractors: they never revert. The ``converted_*`` fields came from the pool;
    ``carried_bonus`` is the one-round bonus a changed or prepared Challenge carries over.
    ``plan_in`` says the side's plan for the next round is in (``planned``, which may be no
    conversion at all), so the round need not wait for it.
    """

    entrant: Entrant
    pool: int
    starting_pool: int
    bonus: int = 0
    reserves: int = 0
    reserves_start: int = 0
    resistance: int = 0
    converted_bonus: int = 0
    converted_reserves: int = 0
    converted_resistance: int = 0
    carried_bonus: int = 0
    planned: Conversion = field(factory=Conversion)
    plan_in: bool = False
    out: bool = False
    notes: tuple[str, ...] = ()

    @classmethod
    def enter(
        cls,
        entrant: Entrant,
        hindered_by: Contribution | None = None,
        formula: Formula = Formula.STEPS,
        pool: int | None = None,
    ) -> Side:
        """The side ``entrant`` starts a Challenge as, at a full pool unless ``pool`` is given.

        ``hindered_by`` is what the opponents' detracting abilities give this side.
        """
        helped = entrant.help(formula).plus(hindered_by or Contribution.nothing())
        horde_bonus = entrant.horde_bonus
        notes = helped.notes
        if entrant.is_horde:
            notes += (
                f"horde of {entrant.members}: bonus {horde_bonus}, "
                f"reserves {entrant.starting_reserves}",
            )
        reserves = entrant.starting_reserves + helped.reserves
        start = entrant.rating if pool is None else pool
        return cls(
            entrant,
            pool=start,
            starting_pool=start,
            bonus=entrant.ability.bonus + horde_bonus + helped.bonus,
            reserves=reserves,
            reserves_start=reserves,
            resistance=entrant.ability.resistance + helped.resistance,
            out=start <= 0,
            notes=notes,
        )

    @property
    def name(self) -> str:
        return self.entrant.name

    @property
    def rating(self) -> int:
        return self.entrant.rating

    @property
    def total_bonus(self) -> int:
        return self.bonus + self.converted_bonus + self.carried_bonus

    @property
    def total_reserves(self) -> int:
        return self.reserves + self.converted_reserves

    @property
    def total_resistance(self) -> int:
        return self.resistance + self.converted_resistance

    @property
    def strength(self) -> int:
        """Pool plus every bonus: what is compared and what inflicts loss (without dice)."""
        return self.pool + self.total_bonus

    @property
    def members_standing(self) -> int:
        """How many members are still in: for a horde, one goes per share of reserves lost."""
        if self.out:
            return 0
        share = self.entrant.member_share
        if not self.entrant.is_horde or share == 0:
            return self.entrant.members
        gone = int(max(0, self.reserves_start - self.reserves) / share)
        return self.entrant.members - min(self.entrant.members - 1, gone)

    @property
    def pool_after_reversion(self) -> int:
        """The pool once converted bonus and resistance come back, as the next round begins."""
        return self.pool + self.pending_reversion.pool

    @property
    def pending_reversion(self) -> Reversion:
        return Reversion(self.converted_bonus, self.converted_resistance)

    def conversion_limit(self, from_reserves: int = 0) -> int:
        """Most pool points this side may convert next round, after buying back
        ``from_reserves`` pool points: half the pool, rounded down, or the last point."""
        pool = self.pool_after_reversion + from_reserves
        return 1 if pool == 1 else max(0, pool // 2)

    def check(self, conversion: Conversion) -> None:
        """Refuse a conversion this side may not make next round."""
        if self.out:
            raise PoolChallengeError(f"{self.name} is out of the Challenge and converts nothing.")
        back = conversion.from_reserves * RESERVES_PER_POOL
        if back > self.converted_reserves:
            raise PoolChallengeError(
                f"{self.name} has {self.converted_reserves} reserves left from conversions; "
                f"buying back {conversion.from_reserves} pool needs {back}."
            )
        pool = self.pool_after_reversion + conversion.from_reserves
        limit = self.conversion_limit(conversion.from_reserves)
        if conversion.cost > limit:
            raise PoolChallengeError(
                f"{self.name} may convert at most {limit} of {pool} pool points this round "
                f"(half the pool, rounded down); {conversion.cost} asked."
            )

    def reverted(self) -> Side:
        """This side as a new round begins: converted bonus and resistance back in the pool."""
        return evolve(
            self, pool=self.pool_after_reversion, converted_bonus=0, converted_resistance=0
        )

    def converted(self, conversion: Conversion) -> Side:
        """This side after ``conversion`` (checked first)."""
        self.check(conversion)
        back = conversion.from_reserves
        return evolve(
            self,
            pool=self.pool + back - conversion.cost,
            converted_bonus=self.converted_bonus + conversion.bonus,
            converted_reserves=self.converted_reserves
            - back * RESERVES_PER_POOL
            + conversion.reserves,
            converted_resistance=self.converted_resistance + conversion.resistance,
        )

    def absorbed(self, loss: int) -> tuple[Side, int, int]:
        """This side after taking ``loss`` (resistance already subtracted), with the reserves
        and pool it cost. Converted reserves go first: the ability's own stay as long as
        they can, which keeps a horde's members standing longest."""
        from_converted = min(self.converted_reserves, loss)
        from_own = min(self.reserves, loss - from_converted)
        to_pool = loss - from_converted - from_own
        pool = self.pool - to_pool
        side = evolve(
            self,
            pool=pool,
            converted_reserves=self.converted_reserves - from_converted,
            reserves=self.reserves - from_own,
            out=pool <= 0,
        )
        return side, from_converted + from_own, to_pool

    def changed_to(self, entrant: Entrant, hindered_by: Contribution, formula: Formula) -> Side:
        """This side after switching to ``entrant``'s ability mid-conflict (conversions have
        reverted already). Pool and the ability's reserves rise by how much the new maximum
        exceeds the old, never above the new maximum, and never fall."""
        fresh = Side.enter(entrant, hindered_by, formula)
        pool = _rise(self.pool, self.rating, fresh.pool)
        reserves = _rise(self.reserves, self.reserves_start, fresh.reserves)
        return evolve(
            fresh,
            pool=pool,
            reserves=reserves,
            converted_reserves=self.converted_reserves,
            out=pool <= 0,
        )


def _rise(current: int, old_maximum: int, new_maximum: int) -> int:
    risen = min(current + max(0, new_maximum - old_maximum), new_maximum)
    return max(current, risen)


def carried_bonus(pool: int, other_pool: int) -> int:
    """The one-round bonus the side with the larger pool carries into a changed or prepared
    Challenge: half the difference, rounded half up (0 for the other side).

    >>> carried_bonus(3, -1), carried_bonus(-1, 3)
    (2, 0)
    """
    return half_up(pool - other_pool) if pool > other_pool else 0
