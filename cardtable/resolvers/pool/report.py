"""What a round of a pool Challenge did, side by side, in numbers and in words.

A :class:`RoundReport` holds one :class:`SideRound` per side: what reverted and was
converted at the start, the strength compared, each loss taken and why, how resistance,
reserves and pool shared it, and who is out. ``lines()`` is the text the session log and
the tracker panel print as they are: one line per side, so the sides read side by side.
"""

from __future__ import annotations

import enum

from attrs import frozen

from cardtable.counts import counted
from cardtable.resolvers.pool.dice import DiceUse
from cardtable.resolvers.pool.sides import Conversion, Reversion


class Result(enum.Enum):
    """Where a Challenge stands: going on, or how it ended."""

    ONGOING = "ongoing"
    FIRST_WINS = "first side wins"
    SECOND_WINS = "second side wins"
    DRAW = "draw"
    DOUBLE_LOSS = "double loss"
    #: No round can ever hurt anyone again: nothing reverts and no conversion would help.
    STALEMATE = "stalemate"

    def __str__(self) -> str:
        return self.value

    @property
    def over(self) -> bool:
        return self is not Result.ONGOING

    def mirrored(self) -> Result:
        """The same result with the sides swapped."""
        return {Result.FIRST_WINS: Result.SECOND_WINS, Result.SECOND_WINS: Result.FIRST_WINS}.get(
            self, self
        )


@frozen
class LossTaken:
    """One loss a side took from one opponent this round."""

    source: str
    source_strength: int
    own_strength: int
    nominal: int
    inflicted: int
    resisted: int
    rolled: bool = False

    @property
    def full(self) -> bool:
        """Whether this was the opponent's full strength (the side was the weaker)."""
        return self.own_strength < self.source_strength

    @property
    def through(self) -> int:
        """What got past resistance, for reserves and pool to take."""
        return self.inflicted - self.resisted

    def __str__(self) -> str:
        if self.full:
            why = f"full strength {self.source_strength}: {self.own_strength} is less"
        else:
            rounded = ", rounded up" if self.source_strength % 2 else ""
            why = f"half of {self.source_strength}{rounded}: {self.own_strength} is not less"
        dice = f"; {counted(self.nominal, 'die', 'dice')} rolled" if self.rolled else ""
        return f"{self.inflicted} from {self.source} ({why}{dice})"


@frozen
class SideRound:
    """One side's part of a round."""

    name: str
    reversion: Reversion
    conversion: Conversion
    carried_bonus: int
    pool: int
    bonus: int
    strength: int
    resistance: int
    losses: tuple[LossTaken, ...]
    reserves_absorbed: int
    pool_lost: int
    pool_after: int
    reserves_before: int
    reserves_after: int
    out: bool
    members: int
    members_standing: int
    rolls: tuple[DiceUse, ...] = ()

    @property
    def taken(self) -> int:
        """The whole loss inflicted on this side, before resistance."""
        return sum(loss.inflicted for loss in self.losses)

    @property
    def resistance_absorbed(self) -> int:
        return sum(loss.resisted for loss in self.losses)

    @property
    def pool_before(self) -> int:
        return self.pool_after + self.pool_lost

    @property
    def unchanged(self) -> bool:
        """Whether the round left this side's pool, reserves and place in the Challenge as
        they were when the sides were compared."""
        return not (self.pool_lost or self.reserves_absorbed or self.out)

    def sentences(self) -> tuple[str, ...]:
        """The side's round in short sentences (a column of the tracker panel)."""
        said: list[str] = []
        if not self.reversion.is_none:
            said.append(f"{str(self.reversion).capitalize()}.")
        if not self.conversion.is_none:
            said.append(f"{str(self.conversion).capitalize()}.")
        if self.carried_bonus:
            said.append(f"Carries a bonus of {self.carried_bonus} into this round.")
        parts = f"pool {self.pool} + bonus {self.bonus}" if self.bonus else f"pool {self.pool}"
        if self.strength == self.pool + self.bonus:
            said.append(f"Strength {self.strength} ({parts}).")
        else:
            said.append(f"Strength {self.strength} (rolled for {parts}).")
        said.extend(f"Dice for {use}." for use in self.rolls)
        if self.losses:
            said.append("Takes " + " and ".join(str(loss) for loss in self.losses) + ".")
        said.append(
            f"Loss {self.taken}: resistance absorbed {self.resistance_absorbed}, "
            f"reserves {self.reserves_absorbed}, pool {self.pool_lost}."
        )
        reserves = (
            f", reserves {self.reserves_before} → {self.reserves_after}"
            if self.reserves_before or self.reserves_after
            else ""
        )
        said.append(f"Pool {self.pool_before} → {self.pool_after}{reserves}.")
        if self.members > 1:
            said.append(f"{self.members_standing} of {self.members} members standing.")
        said.append("Out." if self.out else "Still in.")
        return tuple(said)

    def summary(self) -> str:
        """The side's round on one line, for the session log."""
        return f"{self.name}: " + " ".join(self.sentences())


@frozen
class RoundReport:
    """A whole round: each side's part (first side's camp first) and where it left the
    Challenge."""

    number: int
    sides: tuple[SideRound, ...]
    result: Result
    verdict: str
    #: Nobody was hurt, nothing reverts, and only a conversion can change that: converting
    #: nothing, every later round would be this one again.
    stuck: bool = False

    def side(self, name: str) -> SideRound:
        for side in self.sides:
            if side.name == name:
                return side
        raise KeyError(name)

    @property
    def out(self) -> tuple[str, ...]:
        """Who went out this round."""
        return tuple(side.name for side in self.sides if side.out)

    def lines(self) -> tuple[str, ...]:
        """The text the log and the tracker print as is: a heading, one line per side, and
        the verdict."""
        return (f"Round {self.number}", *(side.summary() for side in self.sides), self.verdict)

    def explain(self) -> str:
        return "\n".join(self.lines())


@frozen
class SideChange:
    """One side's switch to another ability mid-conflict."""

    name: str
    old_ability: str
    new_ability: str
    old_rating: int
    new_rating: int
    reversion: Reversion
    pool_before: int
    pool_after: int
    reserves_before: int
    reserves_after: int
    reserves_maximum: int
    carried_bonus: int

    def sentences(self) -> tuple[str, ...]:
        said: list[str] = []
        if not self.reversion.is_none:
            said.append(f"{str(self.reversion).capitalize()}.")
        if (self.old_ability, self.old_rating) == (self.new_ability, self.new_rating):
            said.append(f"Keeps {self.old_ability} {self.old_rating}.")
        else:
            said.append(
                f"Switches from {self.old_ability} {self.old_rating} "
                f"to {self.new_ability} {self.new_rating}."
            )
        said.append(f"Pool {self.pool_before} → {self.pool_after}.")
        if self.reserves_before or self.reserves_after or self.reserves_maximum:
            said.append(
                f"Reserves {self.reserves_before} → {self.reserves_after} "
                f"(at most {self.reserves_maximum})."
            )
        if self.carried_bonus:
            said.append(f"Bonus {self.carried_bonus} for the first round (the larger pool).")
        return tuple(said)

    def summary(self) -> str:
        return f"{self.name}: " + " ".join(self.sentences())


@frozen
class ChangeReport:
    """Both sides' switch to other abilities."""

    sides: tuple[SideChange, ...]

    def side(self, name: str) -> SideChange:
        for side in self.sides:
            if side.name == name:
                return side
        raise KeyError(name)

    def lines(self) -> tuple[str, ...]:
        return ("The Challenge changes abilities", *(side.summary() for side in self.sides))

    def explain(self) -> str:
        return "\n".join(self.lines())
