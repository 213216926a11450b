"""Crisis dice: Simple Challenges and Duels with six-sided dice, as state machines.

A :class:`SimpleChallenge` pits one character's pool against a difficulty; a :class:`Duel`
pits two named sides against each other, cancelling the values they have in common. Both
are driven step by step by the table, and every step returns a frozen event whose
``text()`` is the log line. Dice come either from an :data:`~cardtable.randomness.Rng`
(``roll``, ``push``) or from physical dice the players read out (``roll_given``,
``push_given``). All state is plain values (ints, strs, bools, enums, tuples), so the
session layer can snapshot it and save it with cattrs. Rules: ``rules/crisis-dice.md``.

>>> duel = Duel.from_rolls([1, 3, 4], [1, 1, 5], names=("Leo", "Jamil"))
>>> duel.totals, duel.lower
((7, 5), 1)
>>> duel.push_given("Jamil", 6).text()
'Jamil pushed a 6: no Crisis. Leo 7 (3, 4), Jamil 11 (5, 6). Leo is lower and may push.'
>>> duel.push_given("Leo", 5).text()
'Leo pushed a 5: no Crisis; the 5s cancel. Leo 7 (3, 4), Jamil 6 (6). Jamil is lower and may push.'
>>> _ = duel.push_given("Jamil", 5)
>>> duel.push_given("Leo", 3).text()
"Leo pushed a 3: a 3 is still in Leo's set — Crisis! Jamil wins the Duel."

Decisions where the rules are silent:

- A GM's invitation to push, once given, stands until the Simple Challenge ends.
- A Crisis in a Duel ends it with the pusher losing; the other side wins.
- On a tie each side declines separately (:meth:`Duel.decline`); once both have, the Duel
  ends in a stand-off. :meth:`Duel.stand_off` is both declining at once.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from attrs import define, evolve, field

from cardtable.dice import p_crisis_success, roll_d6
from cardtable.randomness import Rng
from cardtable.resolvers.crisis.events import (
    FACES,
    MAX_POOL,
    NATURAL_STEP,
    UNNATURAL_STEP,
    ChallengePushed,
    ChallengeRolled,
    CrisisDiceError,
    CrisisPhase,
    CrisisResult,
    DuelDeclined,
    DuelOutcome,
    DuelPhase,
    DuelPushed,
    DuelResult,
    DuelRolled,
    DuelSide,
    FailureAccepted,
    PushInvited,
    PushOdds,
    cancel_common,
    check_difficulty,
    check_face,
    check_faces,
    check_pool,
    ints,
)

__all__ = [
    "MAX_POOL",
    "NATURAL_STEP",
    "UNNATURAL_STEP",
    "ChallengePushed",
    "ChallengeRolled",
    "CrisisDiceError",
    "CrisisPhase",
    "CrisisResult",
    "Duel",
    "DuelDeclined",
    "DuelOutcome",
    "DuelPhase",
    "DuelPushed",
    "DuelResult",
    "DuelRolled",
    "DuelSide",
    "FailureAccepted",
    "PushInvited",
    "PushOdds",
    "SimpleChallenge",
    "cancel_common",
    "check_difficulty",
]


@define
class SimpleChallenge:
    """One character's pool against a difficulty, step by step.

    Steps: :meth:`roll` (or :meth:`roll_given`); on a failing roll, :meth:`invite_push` by
    the GM and then :meth:`push` / :meth:`push_given` as often as wanted, or
    :meth:`accept_failure`. A step not allowed now raises :class:`CrisisDiceError` and
    changes nothing.

    >>> bill = SimpleChallenge.setup("Bill", pool=2, difficulty=6)
    >>> bill.roll_given([3, 4]).text()
    'Bill rolled 3, 4 = 7 against difficulty 6: success.'
    """

    name: str
    pool: int
    difficulty: int
    unnatural: bool = False
    phase: CrisisPhase = CrisisPhase.READY
    rolled: tuple[int, ...] = field(default=(), converter=ints)
    pushed: tuple[int, ...] = field(default=(), converter=ints)
    invited: bool = False
    crisis_die: int | None = None
    result: CrisisResult | None = None
    #: The Crisis the GM set up for the Challenge, applied if a push causes one.
    crisis: str = ""
    #: The id of the character rolling at the table (empty for one no sheet is behind).
    character: str = ""

    def __attrs_post_init__(self) -> None:
        check_pool(self.pool, self.name)
        check_difficulty(self.difficulty, self.unnatural)

    @classmethod
    def setup(
        cls,
        name: str,
        *,
        pool: int,
        difficulty: int,
        unnatural: bool = False,
        crisis: str = "",
        character: str = "",
    ) -> SimpleChallenge:
        """A Challenge ready to roll; refuses a pool outside 1 to 100 or a difficulty that
        is not a positive multiple of 3 (of 4 when ``unnatural``). ``crisis`` is what the
        GM writes down to apply if a push causes a Crisis."""
        return cls(name, pool, difficulty, unnatural, crisis=" ".join(crisis.split()),
                   character=character)

    # -- reading --------------------------------------------------------------------------

    @property
    def dice(self) -> tuple[int, ...]:
        """The set: the dice rolled and every push that joined them."""
        return self.rolled + self.pushed

    @property
    def total(self) -> int:
        """The Roll Total: the sum of the set."""
        return sum(self.dice)

    @property
    def success(self) -> bool:
        return self.result is CrisisResult.SUCCESS

    def p_success(self) -> float:
        """The chance, before rolling, that the pool beats the difficulty."""
        return p_crisis_success(self.pool, self.difficulty)

    def push_odds(self) -> PushOdds:
        """What a push would do now: faces already in the set cause a Crisis."""
        held = set(self.dice)
        return PushOdds(
            tuple(v for v in FACES if v in held),
            tuple(v for v in FACES if v not in held and self.total + v > self.difficulty),
        )

    # -- steps ----------------------------------------------------------------------------

    def roll(self, rng: Rng) -> ChallengeRolled:
        """Roll the pool."""
        self._require(CrisisPhase.READY, "roll")
        return self.roll_given(roll_d6(self.pool, rng))

    def roll_given(self, values: Iterable[int]) -> ChallengeRolled:
        """Take the pool's values from physical dice."""
        self._require(CrisisPhase.READY, "roll")
        self.rolled = check_faces(values, self.pool, self.name)
        event = ChallengeRolled(self.name, self.rolled, self.difficulty, self.unnatural)
        if event.success:
            self._end(CrisisResult.SUCCESS)
        else:
            self.phase = CrisisPhase.FAILING
        return event

    def invite_push(self) -> PushInvited:
        """The GM invites the character to push their luck after a failing roll."""
        self._require(CrisisPhase.FAILING, "be invited to push")
        if self.invited:
            raise CrisisDiceError(f"{self.name} is already invited to push: push or stop")
        self.invited = True
        return PushInvited(self.name)

    def push(self, rng: Rng) -> ChallengePushed:
        """Roll one more die."""
        self._check_push()
        [value] = roll_d6(1, rng)
        return self.push_given(value)

    def push_given(self, value: int) -> ChallengePushed:
        """Push with a physical die showing ``value``."""
        self._check_push()
        check_face(value)
        if value in self.dice:
            self.crisis_die = value
            self._end(CrisisResult.CRISIS)
            return ChallengePushed(self.name, value, True, self.dice, self.difficulty)
        self.pushed = (*self.pushed, value)
        event = ChallengePushed(self.name, value, False, self.dice, self.difficulty)
        if event.success:
            self._end(CrisisResult.SUCCESS)
        return event

    def accept_failure(self) -> FailureAccepted:
        """No push (the GM does not invite one, or the character stops): the failure stands."""
        self._require(CrisisPhase.FAILING, "accept the failure")
        self._end(CrisisResult.FAILURE)
        return FailureAccepted(self.name, self.total, self.difficulty)

    # -- inside ---------------------------------------------------------------------------

    def _check_push(self) -> None:
        self._require(CrisisPhase.FAILING, "push")
        if not self.invited:
            raise CrisisDiceError(
                f"Only the GM can invite {self.name} to push their luck: invite first, "
                "or accept the failure"
            )

    def _end(self, result: CrisisResult) -> None:
        self.result = result
        self.phase = CrisisPhase.ENDED

    def _require(self, phase: CrisisPhase, what: str) -> None:
        if self.phase is phase:
            return
        if self.phase is CrisisPhase.READY:
            raise CrisisDiceError(f"{self.name} has not rolled yet, so cannot {what}: roll first")
        if self.phase is CrisisPhase.FAILING:
            raise CrisisDiceError(f"{self.name} has rolled already: push or accept the failure")
        assert self.result is not None
        raise CrisisDiceError(
            f"The Challenge is over ({self.result.value}), so {self.name} cannot {what}"
        )


# ---------------------------------------------------------------------------------------------
# Duel


@define
class Duel:
    """Two named sides rolling against each other, step by step.

    Steps: :meth:`roll` (or :meth:`roll_given`); then the lower side (either side on a tie)
    :meth:`push` / :meth:`push_given` or :meth:`decline`; on a tie, :meth:`stand_off` when
    nobody pushes. A side is named by its name or its index (0 or 1). A step not allowed now
    raises :class:`CrisisDiceError` and changes nothing.
    """

    first: DuelSide
    second: DuelSide
    phase: DuelPhase = DuelPhase.READY
    #: On a tie, which sides have declined to push (reset by every push).
    declined: tuple[bool, bool] = (False, False)
    result: DuelResult | None = None
    winner: int | None = None
    crisis_die: int | None = None
    #: The Crisis the GM set up for the Duel, applied to a side whose push causes one.
    crisis: str = ""

    def __attrs_post_init__(self) -> None:
        if self.first.name == self.second.name:
            raise CrisisDiceError(f"Both sides of a Duel are called {self.first.name!r}")
        for side in self.sides:
            check_pool(side.pool, side.name)

    @classmethod
    def setup(cls, first: str, first_pool: int, second: str, second_pool: int) -> Duel:
        """A Duel ready to roll."""
        return cls(DuelSide(first, first_pool), DuelSide(second, second_pool))

    @classmethod
    def from_rolls(
        cls,
        first: Sequence[int],
        second: Sequence[int],
        *,
        names: tuple[str, str] = ("First", "Second"),
    ) -> Duel:
        """A Duel whose sides have already rolled these values (pools of that size)."""
        duel = cls.setup(names[0], len(first), names[1], len(second))
        duel.roll_given(first, second)
        return duel

    # -- reading --------------------------------------------------------------------------

    @property
    def sides(self) -> tuple[DuelSide, DuelSide]:
        return (self.first, self.second)

    @property
    def totals(self) -> tuple[int, int]:
        return (self.first.total, self.second.total)

    @property
    def lower(self) -> int | None:
        """The index of the lower side, None on a tie."""
        a, b = self.totals
        return None if a == b else (0 if a < b else 1)

    def may_push(self, side: int | str) -> bool:
        """Whether ``side`` may push (or decline) now."""
        index = self.index(side)
        if self.phase is not DuelPhase.PUSHING:
            return False
        if self.lower is None:
            return not self.declined[index]
        return self.lower == index

    def push_odds(self, side: int | str) -> PushOdds:
        """What a push by ``side`` would do: faces still in its set cause a Crisis; the
        winning faces put it ahead."""
        index = self.index(side)
        own, other = self.sides[index], self.sides[1 - index]
        winning = []
        for value in FACES:
            if value in own.dice:
                continue
            mine, theirs, _ = cancel_common((*own.dice, value), other.dice)
            if sum(mine) > sum(theirs):
                winning.append(value)
        return PushOdds(tuple(v for v in FACES if v in own.dice), tuple(winning))

    def outcome(self) -> DuelOutcome:
        """How the Duel ended."""
        if self.phase is not DuelPhase.ENDED or self.result is None:
            raise CrisisDiceError("The Duel is still going on")
        winner = loser = None
        if self.winner is not None:
            winner, loser = self.sides[self.winner].name, self.sides[1 - self.winner].name
        return DuelOutcome(self.result, winner, loser, self.totals, self.crisis_die)

    def index(self, side: int | str) -> int:
        """A side's index from its name or index."""
        if isinstance(side, int) and not isinstance(side, bool) and side in (0, 1):
            return side
        for index, each in enumerate(self.sides):
            if each.name == side:
                return index
        raise CrisisDiceError(
            f"{side!r} is not a side of this Duel: {self.first.name} or {self.second.name}"
        )

    # -- steps ----------------------------------------------------------------------------

    def roll(self, rng: Rng) -> DuelRolled:
        """Both sides roll their pools (the first side first)."""
        self._require(DuelPhase.READY, "roll")
        return self.roll_given(roll_d6(self.first.pool, rng), roll_d6(self.second.pool, rng))

    def roll_given(self, first: Iterable[int], second: Iterable[int]) -> DuelRolled:
        """Take both sides' values from physical dice."""
        self._require(DuelPhase.READY, "roll")
        a = check_faces(first, self.first.pool, self.first.name)
        b = check_faces(second, self.second.pool, self.second.name)
        kept_a, kept_b, cancelled = cancel_common(a, b)
        self.first = evolve(self.first, rolled=a, dice=kept_a)
        self.second = evolve(self.second, rolled=b, dice=kept_b)
        self.phase = DuelPhase.PUSHING
        return DuelRolled(self.first, self.second, cancelled)

    def push(self, side: int | str, rng: Rng) -> DuelPushed:
        """``side`` rolls one more die."""
        self._check_push(side)
        [value] = roll_d6(1, rng)
        return self.push_given(side, value)

    def push_given(self, side: int | str, value: int) -> DuelPushed:
        """``side`` pushes with a physical die showing ``value``."""
        index = self._check_push(side)
        check_face(value)
        own, other = self.sides[index], self.sides[1 - index]
        if value in own.dice:
            self.crisis_die = value
            self._end(DuelResult.CRISIS, winner=1 - index)
            return DuelPushed(own.name, value, True, self.first, self.second)
        was_cancelled = value in own.rolled + own.pushed
        mine, theirs, cancelled = cancel_common((*own.dice, value), other.dice)
        pushed = (
            evolve(own, pushed=(*own.pushed, value), dice=mine),
            evolve(other, dice=theirs),
        )
        self.first, self.second = pushed if index == 0 else pushed[::-1]
        self.declined = (False, False)
        return DuelPushed(
            own.name, value, False, self.first, self.second, cancelled, was_cancelled
        )

    def decline(self, side: int | str) -> DuelDeclined:
        """``side`` does not push. The lower side declining ends the Duel; on a tie the
        Duel ends in a stand-off once both sides have declined."""
        index = self._check_push(side, "decline")
        name = self.sides[index].name
        if self.lower is not None:
            self._end(DuelResult.WON, winner=1 - index)
            return DuelDeclined(name, DuelResult.WON, self.sides[1 - index].name)
        declined = list(self.declined)
        declined[index] = True
        self.declined = (declined[0], declined[1])
        if all(self.declined):
            self._end(DuelResult.STAND_OFF)
            return DuelDeclined(name, DuelResult.STAND_OFF)
        return DuelDeclined(name)

    def stand_off(self) -> DuelDeclined:
        """Nobody pushes on a tie: the Duel ends in a stand-off."""
        self._require(DuelPhase.PUSHING, "end in a stand-off")
        if self.lower is not None:
            raise CrisisDiceError(
                f"Only a tie ends in a stand-off; {self.sides[self.lower].name} is lower "
                "and may push or decline"
            )
        self.declined = (True, True)
        self._end(DuelResult.STAND_OFF)
        return DuelDeclined("Nobody", DuelResult.STAND_OFF)

    # -- inside ---------------------------------------------------------------------------

    def _check_push(self, side: int | str, what: str = "push") -> int:
        index = self.index(side)
        self._require(DuelPhase.PUSHING, what)
        if not self.may_push(index):
            name = self.sides[index].name
            if self.lower is None:
                raise CrisisDiceError(f"{name} has declined on this tie; the other side may push")
            lower = self.sides[self.lower].name
            raise CrisisDiceError(f"{name} is ahead; only {lower}, the lower side, may {what}")
        return index

    def _end(self, result: DuelResult, winner: int | None = None) -> None:
        self.result = result
        self.winner = winner
        self.phase = DuelPhase.ENDED

    def _require(self, phase: DuelPhase, what: str) -> None:
        if self.phase is phase:
            return
        if self.phase is DuelPhase.READY:
            raise CrisisDiceError(f"Nobody has rolled yet, so no one can {what}: roll first")
        if self.phase is DuelPhase.PUSHING:
            raise CrisisDiceError("Both sides have rolled already: push or decline")
        assert self.result is not None
        raise CrisisDiceError(f"The Duel is over ({self.result.value}), so no one can {what}")
