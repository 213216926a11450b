"""Banzai opposed rolls: each roll's TN is the other's total.

:func:`resolve_opposed` settles two totals: who wins (a tie goes to the initiator, or stays
a tie in a direct competition), what each side keeps of its Raises, and the order in which
Effects are resolved. :class:`OpposedRoll` is the state machine the table drives: both
sides roll (or give physical dice), may choose their dice, and the roll is resolved; then
each side spends the Raises it kept on bonus Effects, in turn (the winner's first), and
finishes, its unused Raises making Honor Points as after a single roll.
Rules: ``rules/banzai.md``.

>>> outcome = resolve_opposed(("Jo", "Keiko"), (17, 23), declared=(1, 2))
>>> outcome.winner_name, outcome.raises, outcome.lost
('Keiko', (0, 2), (1, 0))
>>> [str(turn) for turn in outcome.order]
['Keiko: initial Effect', 'Keiko: bonus Effect 1', 'Keiko: bonus Effect 2']

Decisions where the rules are silent:

- Raises are counted with Free Raises: halving and losing apply to both.
- A tie that goes to the initiator makes the other side the lower roll.
- With a shared simple TN only the raised-TN rule applies (no halving); without one only
  halving applies.
- After a tie in a direct competition neither side has the initial Effect; bonus Effects
  alternate starting with the first side.
- Opposed rolls always roll: the no-roll rule compares with a TN known beforehand.
- Bonus Effects alternate one Raise at a time; an Effect that takes two Raises takes two of
  its side's turns at once. A side may finish before spending all it kept (the rest make
  Honor), and the other then spends the rest of its own in a row.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence

from attrs import define, evolve, field, frozen

from cardtable.counts import counted
from cardtable.dice import RAISE_STEP, banzai_distribution
from cardtable.randomness import Rng
from cardtable.resolvers.banzai.roll import BanzaiRolled, DiceKept, EffectSpent
from cardtable.resolvers.banzai.setup import BanzaiDice, BanzaiSetup, honor_points, pool_notes
from cardtable.resolvers.banzai.steps import BanzaiError

__all__ = [
    "EffectTurn",
    "OpposedOdds",
    "OpposedOutcome",
    "OpposedResolved",
    "OpposedResult",
    "OpposedRoll",
    "OpposedRolled",
    "SideFinished",
    "resolve_opposed",
]


class OpposedResult(enum.Enum):
    WON = "won"
    #: Equal totals in a direct competition.
    TIE = "tie"
    #: Neither total met the shared simple TN.
    BOTH_FAIL = "both fail"


@frozen
class EffectTurn:
    """One Effect in the order they are resolved: ``bonus`` 0 is the initial Effect."""

    side: str
    bonus: int

    def __str__(self) -> str:
        what = "initial Effect" if self.bonus == 0 else f"bonus Effect {self.bonus}"
        return f"{self.side}: {what}"


def _pair(values: Iterable[int]) -> tuple[int, int]:
    first, second = values
    return (first, second)


@frozen
class OpposedOutcome:
    """Who won, the Raises each side keeps for bonus Effects (and lost), and the order of
    Effects."""

    names: tuple[str, str]
    totals: tuple[int, int]
    result: OpposedResult
    winner: int | None
    raises: tuple[int, int] = field(converter=_pair)
    lost: tuple[int, int] = field(converter=_pair)
    order: tuple[EffectTurn, ...] = ()
    tn: int | None = None

    @property
    def winner_name(self) -> str | None:
        return None if self.winner is None else self.names[self.winner]

    def text(self) -> str:
        (a, b), (ta, tb) = self.names, self.totals
        line = f"{a} {ta} against {b} {tb}"
        if self.result is OpposedResult.BOTH_FAIL:
            return f"{line}: neither meets TN {self.tn}, both fail."
        line += ": a tie." if self.result is OpposedResult.TIE else f": {self.winner_name} wins."
        for name, lost, kept in zip(self.names, self.lost, self.raises, strict=True):
            if lost:
                plural = "s" if lost + kept != 1 else ""
                line += f" {name} loses {lost} of {lost + kept} Raise{plural}."
        if self.order:
            line += " Effects in turn: " + ", ".join(map(str, self.order)) + "."
        return line


def resolve_opposed(
    names: tuple[str, str],
    totals: tuple[int, int],
    declared: tuple[int, int] = (0, 0),
    free: tuple[int, int] = (0, 0),
    *,
    tn: int | None = None,
    initiator: int | None = 0,
    steps: tuple[int, int] = (RAISE_STEP, RAISE_STEP),
) -> OpposedOutcome:
    """Settle an opposed roll from its totals, declared Raises and Free Raises.

    ``tn`` is a simple (or passive) TN both must also meet; ``initiator`` is the index of
    the side that started it, None for a direct competition (where a tie stays a tie);
    ``steps`` is what each side's Raise adds to that TN (5 unless an ability changes it).
    """
    if initiator not in (0, 1, None):
        raise BanzaiError("The initiator is side 0 or 1 (None in a direct competition)")
    raises = [d + f for d, f in zip(declared, free, strict=True)]
    a, b = totals
    if tn is not None and a < tn and b < tn:
        return OpposedOutcome(names, totals, OpposedResult.BOTH_FAIL, None, (0, 0), raises, (), tn)
    if a != b:
        result, winner = OpposedResult.WON, (0 if a > b else 1)
    elif initiator is None:
        result, winner = OpposedResult.TIE, None
    else:
        result, winner = OpposedResult.WON, initiator
    kept = list(raises)
    if tn is not None:
        for side in (0, 1):
            if totals[side] < tn + steps[side] * declared[side]:
                kept[side] = 0
    elif winner is not None:
        # The lower roll loses half its Raises, rounded up: it keeps the half rounded down.
        kept[1 - winner] = raises[1 - winner] // 2
    lost = [r - k for r, k in zip(raises, kept, strict=True)]
    return OpposedOutcome(
        names, totals, result, winner, kept, lost, effect_order(names, kept, winner), tn
    )


def effect_order(
    names: tuple[str, str], raises: Sequence[int], winner: int | None
) -> tuple[EffectTurn, ...]:
    """The winner's initial Effect, then bonus Effects alternating, the winner's first
    (the first side's after a tie); a side out of Raises drops out of the turn.

    >>> [str(t) for t in effect_order(("Jo", "Keiko"), (1, 3), winner=0)]
    ['Jo: initial Effect', 'Jo: bonus Effect 1', 'Keiko: bonus Effect 1', \
'Keiko: bonus Effect 2', 'Keiko: bonus Effect 3']
    """
    first = 0 if winner is None else winner
    turns = [] if winner is None else [EffectTurn(names[winner], 0)]
    for number in range(1, max(raises, default=0) + 1):
        for side in (first, 1 - first):
            if raises[side] >= number:
                turns.append(EffectTurn(names[side], number))
    return tuple(turns)


# ---------------------------------------------------------------------------------------------
# Odds


@frozen
class OpposedOdds:
    """The chances of each ending, from the engine's exact distributions."""

    first_wins: float
    second_wins: float
    tie: float = 0.0

    @property
    def both_fail(self) -> float:
        return max(0.0, 1.0 - self.first_wins - self.second_wins - self.tie)


def _wins(mine: dict[int, float], theirs: dict[int, float], tn: int | None, on_tie: bool) -> float:
    below = 0.0
    chance = 0.0
    totals = sorted(set(mine) | set(theirs))
    for total in totals:
        if tn is None or total >= tn:
            chance += mine.get(total, 0.0) * (below + (theirs.get(total, 0.0) if on_tie else 0.0))
        below += theirs.get(total, 0.0)
    return chance


# ---------------------------------------------------------------------------------------------
# The state machine


@frozen
class OpposedRolled:
    rolls: tuple[BanzaiRolled, ...]

    def text(self) -> str:
        return " ".join(roll.text() for roll in self.rolls)


@frozen
class OpposedResolved:
    outcome: OpposedOutcome

    def text(self) -> str:
        return self.outcome.text()


@frozen
class SideFinished:
    """A side is done with its Raises: the bonus Effects it spent, the Honor the rest made."""

    actor: str
    kept: int
    spent: int
    honor_points: int

    def text(self) -> str:
        unused = self.kept - self.spent
        line = f"{self.actor} is done with the contest's Raises"
        if self.spent:
            line += f": {self.spent} bonus Effect{'s' if self.spent != 1 else ''}"
        if self.honor_points:
            line += (f"{',' if self.spent else ':'} {unused} Raise{'s' if unused != 1 else ''} "
                     f"unused make {self.honor_points} Honor Point"
                     f"{'s' if self.honor_points != 1 else ''}")
        elif unused:
            line += (f"{',' if self.spent else ':'} {unused} Raise{'s' if unused != 1 else ''} "
                     "unused, no Honor")
        return line + "."


def _texts_pair(values: Iterable[Iterable[str]]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    first, second = (tuple(texts) for texts in values)
    return (first, second)


def _flags(values: Iterable[bool]) -> tuple[bool, bool]:
    first, second = values
    return (bool(first), bool(second))


@define
class OpposedRoll:
    """Two sides rolling against each other, step by step.

    Steps: :meth:`roll` (both sides), or :meth:`roll_side` / :meth:`roll_given` per side;
    :meth:`keep` (optional); :meth:`resolve`; then per side :meth:`spend` (in turn, see
    :meth:`turn`) and :meth:`finish`. A side is named by its actor or its index. Each side's
    set-up has no TN of its own (:meth:`start` clears it).
    """

    first: BanzaiSetup
    second: BanzaiSetup
    tn: int | None = None
    initiator: int | None = 0
    first_dice: BanzaiDice | None = None
    second_dice: BanzaiDice | None = None
    outcome: OpposedOutcome | None = None
    #: The bonus Effects each side spent its Raises on, after the contest.
    effects: tuple[tuple[str, ...], tuple[str, ...]] = field(default=((), ()),
                                                            converter=_texts_pair)
    #: Whether each side is done with its Raises, and the Honor Points each made.
    done: tuple[bool, bool] = field(default=(False, False), converter=_flags)
    honor: tuple[int, int] = field(default=(0, 0), converter=_pair)

    def __attrs_post_init__(self) -> None:
        if self.first.actor == self.second.actor:
            raise BanzaiError(f"Both sides of an opposed roll are called {self.first.actor!r}")
        if self.first.tn is not None or self.second.tn is not None:
            raise BanzaiError(
                "In an opposed roll each TN is the other's total: set a shared simple TN on "
                "the opposed roll, not on a side"
            )
        if self.initiator not in (0, 1, None):
            raise BanzaiError("The initiator is side 0 or 1 (None in a direct competition)")
        if self.tn is not None and self.tn < 0:
            raise BanzaiError(f"A TN is 0 or more, not {self.tn}")

    @classmethod
    def start(
        cls,
        first: BanzaiSetup,
        second: BanzaiSetup,
        *,
        tn: int | None = None,
        initiator: int | None = 0,
    ) -> OpposedRoll:
        """An opposed roll between two set-ups (their own TNs are cleared)."""
        return cls(evolve(first, tn=None), evolve(second, tn=None), tn, initiator)

    # -- reading --------------------------------------------------------------------------

    @property
    def sides(self) -> tuple[BanzaiSetup, BanzaiSetup]:
        return (self.first, self.second)

    @property
    def names(self) -> tuple[str, str]:
        return (self.first.actor, self.second.actor)

    def dice(self, side: int | str) -> BanzaiDice | None:
        return (self.first_dice, self.second_dice)[self.index(side)]

    def total(self, side: int | str) -> int | None:
        dice = self.dice(side)
        return None if dice is None else dice.total + self.sides[self.index(side)].flat

    def index(self, side: int | str) -> int:
        """A side's index from its actor's name or its index."""
        if isinstance(side, int) and not isinstance(side, bool) and side in (0, 1):
            return side
        if side in self.names:
            return self.names.index(str(side))
        raise BanzaiError(f"{side!r} is not a side of this roll: {' or '.join(self.names)}")

    def odds(self) -> OpposedOdds:
        """Before rolling: the chance that each side wins, of a tie (direct competition),
        and (with a shared TN) that both fail."""
        first, second = (
            dict(banzai_distribution(s.pool, s.flat).items()) for s in self.sides
        )
        return OpposedOdds(
            _wins(first, second, self.tn, self.initiator == 0),
            _wins(second, first, self.tn, self.initiator == 1),
            _wins(first, second, self.tn, True) - _wins(first, second, self.tn, False)
            if self.initiator is None
            else 0.0,
        )

    # -- steps ----------------------------------------------------------------------------

    def roll(self, rng: Rng) -> OpposedRolled:
        """Roll every side that has not rolled yet, the first side first."""
        self._require_open("roll")
        events = [self.roll_side(i, rng) for i in (0, 1) if self.dice(i) is None]
        if not events:
            raise BanzaiError("Both sides have rolled: choose dice or resolve")
        return OpposedRolled(tuple(events))

    def roll_side(self, side: int | str, rng: Rng) -> BanzaiRolled:
        """``side`` rolls its pool, keeping the highest dice."""
        index = self._require_unrolled(side)
        return self._rolled(index, BanzaiDice.roll(self.sides[index].pool, rng))

    def roll_given(self, side: int | str, dice: Iterable[int | Sequence[int]]) -> BanzaiRolled:
        """``side``'s dice from physical dice, each as its total (13) or faces ((10, 3))."""
        index = self._require_unrolled(side)
        pool = self.sides[index].pool
        values = list(dice)
        if len(values) != pool.dice_rolled:
            raise BanzaiError(
                f"{self.names[index]} rolls {counted(pool.dice_rolled, 'die', 'dice')}: give "
                f"{counted(pool.dice_rolled, 'value')}, not {len(values)}"
            )
        return self._rolled(index, BanzaiDice.given(values, pool.dice_kept))

    def keep(self, side: int | str, indices: Iterable[int]) -> DiceKept:
        """``side`` keeps the chosen dice instead of the highest."""
        self._require_open("choose dice")
        index = self.index(side)
        dice = self.dice(index)
        if dice is None:
            raise BanzaiError(f"{self.names[index]} has not rolled yet: roll first")
        self._set_dice(index, dice.keeping(indices))
        chosen = self.dice(index)
        assert chosen is not None
        return DiceKept(self.names[index], chosen, self.sides[index].flat)

    def resolve(self) -> OpposedResolved:
        """Compare the totals once both sides have rolled."""
        self._require_open("resolve")
        first, second = self.total(0), self.total(1)
        if first is None or second is None:
            missing = self.names[0 if first is None else 1]
            raise BanzaiError(f"{missing} has not rolled yet: roll first")
        self.outcome = resolve_opposed(
            self.names,
            (first, second),
            (self.first.raises, self.second.raises),
            (self.first.total_free_raises, self.second.total_free_raises),
            tn=self.tn,
            initiator=self.initiator,
            steps=(self.first.raise_step, self.second.raise_step),
        )
        return OpposedResolved(self.outcome)

    # -- after the contest: Raises on bonus Effects, then Honor ------------------------------

    @property
    def finished(self) -> bool:
        """Resolved, and both sides done with their Raises."""
        return self.outcome is not None and all(self.done)

    def raises_left(self, side: int | str) -> int:
        """The Raises ``side`` kept and has not spent yet (0 before the contest is resolved)."""
        index = self.index(side)
        if self.outcome is None:
            return 0
        return self.outcome.raises[index] - len(self.effects[index])

    def turn(self) -> int | None:
        """The side whose turn it is to spend a Raise: bonus Effects alternate, the winner's
        first; a side done or out of Raises drops out. None when nobody has one to spend."""
        if self.outcome is None:
            return None
        for turn in self.outcome.order:
            index = self.index(turn.side)
            if turn.bonus and not self.done[index] and turn.bonus > len(self.effects[index]):
                return index
        return None

    def spend(self, side: int | str, effect: str = "") -> EffectSpent:
        """``side`` spends one of the Raises it kept on a bonus Effect, in its turn."""
        return self.spend_together(side, [effect])[0]

    def spend_together(self, side: int | str, effects: Sequence[str]) -> tuple[EffectSpent, ...]:
        """``side`` spends one Raise on each of ``effects`` at once, in its turn (an Effect
        that takes two Raises takes two turns together)."""
        index = self._require_after(side, "spend a Raise")
        available = self.outcome.raises[index] if self.outcome is not None else 0
        name = self.names[index]
        left = self.raises_left(index)
        if left < max(len(effects), 1):
            plural = "s" if available != 1 else ""
            raise BanzaiError(f"{name} has {left or 'no'} Raise{'s' if left != 1 else ''} left "
                              f"to spend ({available} Raise{plural} kept)")
        turn = self.turn()
        if turn is not None and turn != index:
            raise BanzaiError(f"It is {self.names[turn]}'s turn to spend a Raise: bonus Effects "
                              "alternate, the winner's first")
        before = len(self.effects[index])
        spent = (*self.effects[index], *(" ".join(e.split()) for e in effects))
        self.effects = (spent, self.effects[1]) if index == 0 else (self.effects[0], spent)
        return tuple(EffectSpent(name, number, available, spent[number - 1])
                     for number in range(before + 1, len(spent) + 1))

    def finish(self, side: int | str, convert: bool = True) -> SideFinished:
        """``side`` is done: with ``convert`` its unused Raises make Honor Points (1 per 2,
        at most its Void), as after a single roll."""
        index = self._require_after(side, "finish")
        unused = self.raises_left(index)
        points = honor_points(unused, self.sides[index].honor_cap) if convert else 0
        self.done = (True, self.done[1]) if index == 0 else (self.done[0], True)
        self.honor = (points, self.honor[1]) if index == 0 else (self.honor[0], points)
        kept = self.outcome.raises[index] if self.outcome is not None else 0
        return SideFinished(self.names[index], kept, len(self.effects[index]), points)

    # -- inside ---------------------------------------------------------------------------

    def _require_after(self, side: int | str, what: str) -> int:
        index = self.index(side)
        if self.outcome is None:
            raise BanzaiError(f"The opposed roll is not compared yet: too early to {what}")
        if self.done[index]:
            raise BanzaiError(f"{self.names[index]} is done with the contest: too late to {what}")
        return index

    def _rolled(self, index: int, dice: BanzaiDice) -> BanzaiRolled:
        self._set_dice(index, dice)
        setup = self.sides[index]
        return BanzaiRolled(
            setup.actor, str(setup.pool), dice, setup.flat, None, pool_notes(setup)
        )

    def _set_dice(self, index: int, dice: BanzaiDice) -> None:
        if index == 0:
            self.first_dice = dice
        else:
            self.second_dice = dice

    def _require_open(self, what: str) -> None:
        if self.outcome is not None:
            raise BanzaiError(f"The opposed roll is resolved: too late to {what}")

    def _require_unrolled(self, side: int | str) -> int:
        index = self.index(side)
        self._require_open("roll")
        if self.dice(index) is not None:
            raise BanzaiError(f"{self.names[index]} has rolled already")
        return index
