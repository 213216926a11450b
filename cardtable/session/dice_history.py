"""The dice tray's rolls as session steps: what is asked, what came up, and the history.

A :class:`DiceRequest` is what a player asks the tray for: dice text, a target number
(met, or beaten for crisis dice), Raises, and for a roll-and-keep roll Banzai's difficulty
step and conditions, which become dice modifiers exactly as a
:class:`~cardtable.resolvers.banzai.setup.BanzaiSetup` counts them. Its :meth:`~DiceRequest.odds`
are the dice engine's exact chance. :func:`roll_step` makes the roll a session step: the dice
come from the session's randomness, a :class:`RollRecord` joins the session's
:class:`DiceHistory` (a resolver state saved with the session), and the log reads "Bea
rolled 7k5 vs TN 25: 42, success (...)". A roll is never undone; the GM may strike a
mistaken one from the record (:class:`~cardtable.session.corrections.StrikeRoll`), which
marks it ``struck_by``.

>>> from cardtable.randomness import seeded
>>> request = DiceRequest("7k5", tn=25)
>>> round(request.odds() or 0, 4)
0.9313
>>> record = request.roll(seeded(1), "Bea")
>>> record.text().startswith("Bea rolled 7k5 vs TN 25: ")
True
>>> DiceRequest("7k5", tn=25, step=Step.HARD).expression()
Expression.parse('7k5-2k0')
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from attrs import Factory, define, field, frozen

from cardtable.dice import (
    DiceExpressionError,
    DiceGroup,
    Expression,
    RollAndKeep,
    RollResult,
    expression_distribution,
    p_success,
    roll_expression,
)
from cardtable.randomness import Rng
from cardtable.resolvers.banzai.steps import Condition, Difficulty, Step, counted
from cardtable.session.core import StepFunction
from cardtable.session.model import HISTORY_ID, GameState, SessionError

__all__ = [
    "HISTORY_ID",
    "HISTORY_KIND",
    "MAX_HISTORY",
    "DiceHistory",
    "DiceRequest",
    "RollRecord",
    "history_of",
    "roll_step",
]

#: The kind name a save file records for the history (kept at :data:`HISTORY_ID`).
HISTORY_KIND = "dice-history"
#: The history keeps this many rolls (the log keeps every one).
MAX_HISTORY = 100


def _conditions(values: Iterable[Condition]) -> tuple[Condition, ...]:
    return tuple(values)


@frozen
class DiceRequest:
    """What a player asks the dice tray to roll.

    ``tn`` None rolls without a target. ``beat`` asks for a total *above* ``tn`` (crisis
    dice against a difficulty) instead of one meeting it. ``step`` (the task's difficulty,
    Average being 0) and ``conditions`` apply only to a roll-and-keep (``XkY``) roll; of
    several conditions of one kind only the worst counts.
    """

    text: str
    tn: int | None = None
    raises: int = 0
    beat: bool = False
    step: int = Step.AVERAGE
    conditions: tuple[Condition, ...] = field(default=(), converter=_conditions)

    def difficulties(self) -> tuple[Difficulty, ...]:
        """The sources of difficulty that count, the task's step first."""
        sources = [Difficulty.task(self.step)] if self.step != Step.AVERAGE else []
        sources += [Difficulty.of(condition) for condition in self.conditions]
        return counted(sources)

    def expression(self) -> Expression:
        """The expression as rolled: the text, with each counted difficulty as a dice
        modifier (``7k5`` in moonlight is ``7k5-2k0``); raises
        :class:`~cardtable.dice.DiceExpressionError` saying what to change."""
        expression = Expression.parse(self.text)
        sources = self.difficulties()
        if not sources:
            return expression
        if not expression.is_banzai:
            raise DiceExpressionError(
                f"{expression}: difficulty steps and conditions change roll-and-keep (XkY) "
                "rolls only; set the task to Average and clear the conditions"
            )
        extra = tuple(
            RollAndKeep(abs(source.dice), 0, -1 if source.dice < 0 else 1)
            for source in sources
            if source.dice
        )
        return Expression(expression.terms + extra)

    def check(self) -> Expression:
        """The expression as rolled, once TN, Raises and ``beat`` fit it."""
        expression = self.expression()
        if self.tn is not None and self.tn < 0:
            raise DiceExpressionError(f"a target number is 0 or more, not {self.tn}")
        if self.raises:
            if not expression.is_banzai:
                raise DiceExpressionError("Raises belong to roll-and-keep (XkY) rolls")
            if self.tn is None:
                raise DiceExpressionError("Raises add to a target number: give a TN too")
        if self.beat:
            if self.tn is None:
                raise DiceExpressionError("give the difficulty the total must beat")
            if expression.is_banzai:
                raise DiceExpressionError(
                    "a roll-and-keep (XkY) roll meets its TN; beating a difficulty is for "
                    "crisis dice (Nd6)"
                )
        return expression

    def odds(self) -> float | None:
        """The exact chance of success (None without a TN): the total meets the TN plus 5
        per Raise (1 when no roll is needed), or is above it when ``beat``."""
        expression = self.check()
        if self.tn is None:
            return None
        if self.beat:
            return expression_distribution(expression).p_above(self.tn)
        return p_success(expression, self.tn, self.raises)

    def mean(self) -> float:
        """The average total (for a roll without a TN)."""
        return expression_distribution(self.check()).mean

    def roll(self, rng: Rng, actor: str) -> RollRecord:
        """Roll it with ``rng`` for ``actor``."""
        expression = self.check()
        if self.beat:
            result = roll_expression(expression, rng)
        else:
            result = roll_expression(expression, rng, tn=self.tn, raises=self.raises)
        return RollRecord.of(actor, result, self)


def _groups(groups: Iterable[DiceGroup]) -> tuple[DiceGroup, ...]:
    return tuple(groups)


def _texts(texts: Iterable[str]) -> tuple[str, ...]:
    return tuple(texts)


@frozen
class RollRecord:
    """One roll as the history keeps it: who rolled what, the dice of each pool, and the
    target. Plain values, so it is saved with the session."""

    actor: str
    expression: str
    groups: tuple[DiceGroup, ...] = field(converter=_groups)
    flat: int = 0
    tn: int | None = None
    raises: int = 0
    beat: bool = False
    free_raises: int = 0
    no_roll: bool = False
    lost_kept: int = 0
    #: The difficulty sources that counted, in words ("moonlight: Hard, -2k0").
    difficulty: tuple[str, ...] = field(default=(), converter=_texts)
    #: Who struck this roll from the record as a mistake ("": it stands).
    struck_by: str = ""
    #: Saved without the fields that hold their default (:mod:`cardtable.session.saving`).
    saved_sparse: ClassVar[bool] = True

    @classmethod
    def of(cls, actor: str, result: RollResult, request: DiceRequest | None = None) -> RollRecord:
        """The record of ``result``, rolled by ``actor`` as ``request`` asked."""
        beat = request is not None and request.beat
        return cls(
            actor,
            str(result.expression),
            result.groups,
            result.flat,
            request.tn if beat and request is not None else result.tn,
            result.raises,
            beat,
            result.free_raises,
            result.no_roll,
            result.lost_kept,
            tuple(str(source) for source in request.difficulties()) if request else (),
        )

    def result(self) -> RollResult:
        """The roll as the dice engine holds it (``tn`` is None for a ``beat`` roll)."""
        return RollResult(
            Expression.parse(self.expression),
            self.groups,
            self.flat,
            None if self.beat else self.tn,
            self.raises,
            self.free_raises,
            self.no_roll,
            self.lost_kept,
        )

    @property
    def total(self) -> int | None:
        """The total, None when no roll was needed."""
        return self.result().total

    @property
    def target(self) -> int | None:
        """What the total is measured against: the TN plus 5 per Raise, or the difficulty."""
        if self.tn is None:
            return None
        return self.tn if self.beat else self.result().target

    @property
    def success(self) -> bool | None:
        """Whether the roll succeeded; None without a target."""
        if self.tn is None:
            return None
        if self.beat:
            total = self.total
            return total is not None and total > self.tn
        return self.result().success

    @property
    def notes(self) -> tuple[str, ...]:
        """The engine's notes: no roll needed, Free Raises, the caps."""
        return self.result().notes

    def heading(self) -> str:
        """``7k5 vs TN 25``, ``4d6 vs difficulty 12``, ``7k5 vs TN 20 with 2 Raises (30)``."""
        text = self.expression
        expression = Expression.parse(self.expression)
        if expression.is_banzai:
            pool = expression.banzai_pool()
            rolled = f"{pool.dice_rolled}k{pool.dice_kept}"
            if rolled != text:
                text += f" ({rolled})"
        if self.tn is None:
            return text
        if self.beat:
            return f"{text} vs difficulty {self.tn}"
        text += f" vs TN {self.tn}"
        if self.raises:
            word = "Raise" if self.raises == 1 else "Raises"
            text += f" with {self.raises} {word} ({self.target})"
        return text

    def dice_text(self) -> str:
        """The dice, chains shown, and what was kept: ``[3] [9] [10→3=13]; kept 13 9``."""
        labelled = len(self.groups) > 1
        parts = []
        for group in self.groups:
            words = " ".join(str(die) for die in group.dice)
            if labelled:
                words = f"{'-' if group.sign < 0 else ''}{group.label} {words}"
            if len(group.kept) < len(group.dice):
                words += "; kept " + " ".join(str(die.value) for die in group.kept_dice)
            parts.append(words)
        text = ", ".join(parts)
        if self.flat:
            text += f" {self.flat:+d}"
        return text

    def verdict(self) -> str:
        """``42, success``; ``no roll needed, success``; ``9`` without a target."""
        total = "no roll needed" if self.no_roll else str(self.total)
        success = self.success
        if success is None:
            return total
        return f"{total}, {'success' if success else 'failure'}"

    def text(self) -> str:
        """The log line: ``Bea rolled 7k5 vs TN 25: 42, success ([3] ... kept 13 9 9 6 5)``."""
        line = f"{self.actor} rolled {self.heading()}: {self.verdict()}"
        details = []
        if self.difficulty:
            details.append("; ".join(self.difficulty))
        if not self.no_roll:
            details.append(self.dice_text())
        details.extend(note.removeprefix("no roll needed: ") for note in self.notes)
        if details:
            line += f" ({'; '.join(details)})"
        return line


@define
class DiceHistory:
    """The rolls made at the tray this session, oldest first (the last
    :data:`MAX_HISTORY`)."""

    records: list[RollRecord] = Factory(list)

    def add(self, record: RollRecord) -> None:
        self.records.append(record)
        del self.records[:-MAX_HISTORY]

    @property
    def latest(self) -> RollRecord | None:
        return self.records[-1] if self.records else None


def history_of(state: GameState, history_id: str = HISTORY_ID) -> DiceHistory | None:
    """The session's dice history, None before the first roll."""
    history = state.resolvers.get(history_id)
    if history is not None and not isinstance(history, DiceHistory):
        raise SessionError(f"{history_id!r} holds something other than a dice history")
    return history


def roll_step(request: DiceRequest, actor: str, history_id: str = HISTORY_ID) -> StepFunction:
    """A session step rolling ``request`` for ``actor`` with the session's randomness,
    adding the roll to the history (made on the first roll) and logging it.

    Give it to :class:`~cardtable.session.ResolverStep`; a request that cannot be rolled
    is refused before any die is rolled.
    """
    request.check()

    def step(state: GameState, rng: Rng) -> list[str]:
        history = history_of(state, history_id)
        if history is None:
            history = DiceHistory()
            state.resolvers[history_id] = history
        record = request.roll(rng, actor)
        history.add(record)
        return [record.text()]

    return step
