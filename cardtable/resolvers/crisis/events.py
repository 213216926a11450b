"""Crisis dice values: the checks, the cancelling of common dice, and the events.

Every step of :class:`~cardtable.resolvers.crisis.duel.SimpleChallenge` and
:class:`~cardtable.resolvers.crisis.duel.Duel` returns one of the frozen events below; each
carries the names and dice it shows, so ``text()`` needs nothing else:

>>> leo = DuelSide("Leo", 3, rolled=(1, 3, 4), dice=(3, 4))
>>> jamil = DuelSide("Jamil", 3, rolled=(1, 1, 5), dice=(5,))
>>> print(DuelRolled(leo, jamil, cancelled=(1,)).text())  # doctest: +NORMALIZE_WHITESPACE
Leo rolled 1, 3, 4; Jamil rolled 1, 1, 5. The 1s cancel. Leo 7 (3, 4), Jamil 5 (5). Jamil is
lower and may push.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence

from attrs import field, frozen

from cardtable.counts import counted
from cardtable.refusals import Refusal

#: The faces of a crisis die.
FACES = tuple(range(1, 7))
#: A Simple Challenge's difficulty is a multiple of this ...
NATURAL_STEP = 3
#: ... or of this when it is against something UNNATURAL.
UNNATURAL_STEP = 4
#: At most this many dice in a pool (far beyond any character sheet).
MAX_POOL = 100


class CrisisDiceError(Refusal):
    """A set-up or step the crisis-dice rules do not allow (the message says what does)."""


def check_difficulty(difficulty: int, unnatural: bool = False) -> int:
    """A valid difficulty, or :class:`CrisisDiceError` saying which values are allowed.

    >>> check_difficulty(6), check_difficulty(12, unnatural=True)
    (6, 12)
    """
    step = UNNATURAL_STEP if unnatural else NATURAL_STEP
    if difficulty <= 0 or difficulty % step:
        against = " against something UNNATURAL" if unnatural else ""
        raise CrisisDiceError(
            f"A difficulty{against} is a multiple of {step} "
            f"({step}, {2 * step}, {3 * step}, ...), not {difficulty}"
        )
    return difficulty


def ints(values: Iterable[int]) -> tuple[int, ...]:
    """Dice values as a tuple (the attrs converter of every dice field)."""
    return tuple(values)


def check_pool(pool: int, who: str) -> int:
    """A pool size from 1 to :data:`MAX_POOL`."""
    if not 1 <= pool <= MAX_POOL:
        raise CrisisDiceError(f"{who} rolls between 1 and {MAX_POOL} dice, not {pool}")
    return pool


def check_faces(values: Iterable[int], count: int | None, who: str) -> tuple[int, ...]:
    """Values read from ``count`` physical dice (any number when ``count`` is None)."""
    faces = tuple(values)
    if count is not None and len(faces) != count:
        raise CrisisDiceError(f"{who} rolls {counted(count, 'die', 'dice')}: give "
                              f"{counted(count, 'value')}, not {len(faces)}")
    bad = [face for face in faces if face not in FACES]
    if bad:
        raise CrisisDiceError(f"A crisis die shows 1 to 6, not {bad[0]}")
    return faces


def check_face(value: int) -> int:
    """The value of one physical die."""
    if value not in FACES:
        raise CrisisDiceError(f"A crisis die shows 1 to 6, not {value}")
    return value


def cancel_common(
    first: Sequence[int], second: Sequence[int]
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Both sets without the values they share (every copy), and the values that went.

    >>> cancel_common([1, 3, 4], [1, 1, 5])
    ((3, 4), (5,), (1,))
    """
    common = set(first) & set(second)
    return (
        tuple(v for v in first if v not in common),
        tuple(v for v in second if v not in common),
        tuple(sorted(common)),
    )


def dice_text(values: Sequence[int]) -> str:
    return ", ".join(map(str, values)) if values else "no dice"


def _plural(values: Sequence[int]) -> str:
    words = [f"{v}s" for v in values]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


@frozen
class PushOdds:
    """What one more die would do: the faces that cause a Crisis and those that win.

    "Win" is beating the difficulty in a Simple Challenge, getting ahead in a Duel.
    """

    crisis_faces: tuple[int, ...]
    winning_faces: tuple[int, ...]

    @property
    def p_crisis(self) -> float:
        return len(self.crisis_faces) / len(FACES)

    @property
    def p_win(self) -> float:
        return len(self.winning_faces) / len(FACES)


# ---------------------------------------------------------------------------------------------
# Simple Challenge


class CrisisPhase(enum.Enum):
    """Where a Simple Challenge stands."""

    READY = "ready to roll"
    #: Rolled and not above the difficulty: the GM may invite a push, or the failure stands.
    FAILING = "failing"
    ENDED = "ended"


class CrisisResult(enum.Enum):
    SUCCESS = "success"
    FAILURE = "failure"
    CRISIS = "Crisis"


@frozen
class ChallengeRolled:
    """The pool is rolled; ``success`` when its total beats the difficulty."""

    name: str
    dice: tuple[int, ...]
    difficulty: int
    unnatural: bool

    @property
    def total(self) -> int:
        return sum(self.dice)

    @property
    def success(self) -> bool:
        return self.total > self.difficulty

    def text(self) -> str:
        unnatural = " (UNNATURAL)" if self.unnatural else ""
        verdict = "success" if self.success else "failing (not above it)"
        return (
            f"{self.name} rolled {dice_text(self.dice)} = {self.total} against difficulty "
            f"{self.difficulty}{unnatural}: {verdict}."
        )


@frozen
class PushInvited:
    """The GM invites the character to push their luck."""

    name: str

    def text(self) -> str:
        return f"The GM invites {self.name} to push their luck."


@frozen
class ChallengePushed:
    """One pushed die: a Crisis, or it joins the set and the total is compared again."""

    name: str
    value: int
    crisis: bool
    dice: tuple[int, ...]
    difficulty: int

    @property
    def total(self) -> int:
        return sum(self.dice)

    @property
    def success(self) -> bool:
        return not self.crisis and self.total > self.difficulty

    def text(self) -> str:
        if self.crisis:
            return (
                f"{self.name} pushed a {self.value}: a {self.value} is already in "
                f"{self.name}'s set — Crisis!"
            )
        verdict = "success" if self.success else "still not above it"
        return (
            f"{self.name} pushed a {self.value}: no Crisis. Total {self.total} "
            f"({dice_text(self.dice)}) against difficulty {self.difficulty}: {verdict}."
        )


@frozen
class FailureAccepted:
    """No (further) push: the Simple Challenge fails."""

    name: str
    total: int
    difficulty: int

    def text(self) -> str:
        return (
            f"{self.name} does not push: {self.total} is not above {self.difficulty}, "
            "the Challenge fails."
        )


# ---------------------------------------------------------------------------------------------
# Duel


class DuelPhase(enum.Enum):
    READY = "ready to roll"
    #: Totals compared: the lower side (either side on a tie) may push or decline.
    PUSHING = "pushing"
    ENDED = "ended"


class DuelResult(enum.Enum):
    #: The lower side declined to push: the higher side wins.
    WON = "won"
    #: A push caused a Crisis: the pusher loses.
    CRISIS = "Crisis"
    #: A tie nobody pushed.
    STAND_OFF = "stand-off"


@frozen
class DuelSide:
    """One side of a Duel: its pool, the dice it rolled and pushed, and its set now;
    ``character`` is its character's id at the table (empty for a side typed in)."""

    name: str
    pool: int
    rolled: tuple[int, ...] = field(default=(), converter=ints)
    pushed: tuple[int, ...] = field(default=(), converter=ints)
    dice: tuple[int, ...] = field(default=(), converter=ints)
    character: str = ""

    @property
    def total(self) -> int:
        """The Roll Total: the dice still in the set."""
        return sum(self.dice)

    def shown(self) -> str:
        return f"{self.name} {self.total} ({dice_text(self.dice)})"


def _standing(first: DuelSide, second: DuelSide) -> str:
    if first.total == second.total:
        return "A tie: either may push."
    lower = first if first.total < second.total else second
    return f"{lower.name} is lower and may push."


@frozen
class DuelRolled:
    """Both sides rolled; the values they shared are cancelled."""

    first: DuelSide
    second: DuelSide
    cancelled: tuple[int, ...]

    def text(self) -> str:
        a, b = self.first, self.second
        rolled = f"{a.name} rolled {dice_text(a.rolled)}; {b.name} rolled {dice_text(b.rolled)}."
        cancel = f" The {_plural(self.cancelled)} cancel." if self.cancelled else ""
        return f"{rolled}{cancel} {a.shown()}, {b.shown()}. {_standing(a, b)}"


@frozen
class DuelPushed:
    """One side pushed: a Crisis, or the die joins its set and common values cancel again."""

    pusher: str
    value: int
    crisis: bool
    first: DuelSide
    second: DuelSide
    cancelled: tuple[int, ...] = ()
    #: The pusher had this value once, but it was cancelled (so no Crisis).
    was_cancelled: bool = False

    @property
    def winner(self) -> str | None:
        if not self.crisis:
            return None
        return self.second.name if self.pusher == self.first.name else self.first.name

    def text(self) -> str:
        head = f"{self.pusher} pushed a {self.value}"
        if self.crisis:
            return (
                f"{head}: a {self.value} is still in {self.pusher}'s set — Crisis! "
                f"{self.winner} wins the Duel."
            )
        gone = f" ({self.pusher}'s {self.value} was cancelled)" if self.was_cancelled else ""
        cancel = f"; the {_plural(self.cancelled)} cancel" if self.cancelled else ""
        return (
            f"{head}: no Crisis{gone}{cancel}. {self.first.shown()}, {self.second.shown()}. "
            f"{_standing(self.first, self.second)}"
        )


@frozen
class DuelDeclined:
    """A side declined to push; ``result`` is set when that ended the Duel."""

    name: str
    result: DuelResult | None = None
    winner: str | None = None

    def text(self) -> str:
        if self.result is DuelResult.WON:
            return f"{self.name} does not push: {self.winner} wins the Duel."
        if self.result is DuelResult.STAND_OFF:
            return f"{self.name} does not push either: the Duel ends in a stand-off."
        return f"{self.name} does not push; the other side may still push."


@frozen
class DuelOutcome:
    """How a Duel ended. The winner decides the loser's penalty, within reason."""

    result: DuelResult
    winner: str | None
    loser: str | None
    totals: tuple[int, int]
    crisis_die: int | None = None
