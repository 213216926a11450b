"""A Banzai roll as the table picks it, read from the character sheets when it is made.

A :class:`RollPick` names the character, the Skill and Element, where the TN comes from
(:class:`TargetPick`: typed, or passive from an opponent's Element x 5), the task's difficulty,
the conditions around the character, dice modifiers from gear and abilities, Free Raises from
abilities and the helpers of a group roll. :meth:`RollPick.setup` reads every rank from the
sheets (the conditions the character carries included) into the resolver's
:class:`~cardtable.resolvers.banzai.BanzaiSetup`; :func:`explain` words every line of it, and
:func:`raise_odds` gives the exact chance for each number of Raises, as ``cardtable odds``
prints it. No number a sheet holds is typed here.

>>> from cardtable.session import load
>>> from cardtable.session.demo import demo_path
>>> state = load(demo_path()).state
>>> pick = RollPick("kaneda-suzume", "Kenjutsu", Element.FIRE, TargetPick.typed(20))
>>> pick.setup(state).pool, pick.setup(state).raise_limit
(BanzaiPool.of(4, 3), 2)
>>> [odds.text() for odds in raise_odds(pick.setup(state))][:2]
['0 Raises: TN 20, 56.88%', '1 Raise: TN 25, 30.44%']
"""

from __future__ import annotations

from collections.abc import Iterable

from attrs import field, frozen

from cardtable.counts import noun
from cardtable.dice import RAISE_STEP, Expression, odds_text
from cardtable.resolvers.banzai.roll import SIMPLE_TN
from cardtable.resolvers.banzai.setup import BanzaiSetup, pool_notes
from cardtable.resolvers.banzai.steps import (
    BanzaiError,
    Condition,
    ConditionKind,
    DiceModifier,
    Difficulty,
    Helper,
    counted,
    group_bonus,
    step_name,
)
from cardtable.session import Character, CharacterId, GameState
from cardtable.sheets import BanzaiSheet, CarriedCondition, Element
from cardtable.sheets.common import MAX_NAME

__all__ = [
    "RaiseOdds",
    "RollPick",
    "TargetPick",
    "TypedSide",
    "banzai_characters",
    "banzai_sheet",
    "carried_difficulty",
    "explain",
    "parse_modifiers",
    "raise_odds",
    "step_words",
]

#: Each Element's rank times this is the passive TN it sets.
PASSIVE_TIMES = 5


def banzai_characters(state: GameState) -> list[Character]:
    """The characters with a Banzai sheet, in the order they joined."""
    return [c for c in state.characters.values() if c.system == BanzaiSheet.system]


def banzai_sheet(state: GameState, character: str) -> tuple[Character, BanzaiSheet]:
    """``character`` and its Banzai sheet (a blank one while none is written)."""
    found = state.characters.get(CharacterId(character))
    if found is None:
        raise BanzaiError(f"There is no character {character!r} at the table")
    if found.system != BanzaiSheet.system:
        raise BanzaiError(f"{found.name} has no Banzai sheet to roll with")
    sheet = found.sheet if isinstance(found.sheet, BanzaiSheet) else BanzaiSheet(name=found.name)
    return found, sheet


def carried_difficulty(carried: CarriedCondition) -> Difficulty:
    """What a condition carried on the sheet does to a roll."""
    if carried.worsens:
        return Difficulty.growing(ConditionKind(carried.name), carried.intervals)
    return Difficulty.of(Condition(carried.name))


def _rank(sheet: BanzaiSheet, skill: str, element: Element) -> int:
    """The rolled dice: the Skill's rank (0 without it), or the Element's for an Element
    roll (``skill`` empty)."""
    if not skill:
        return sheet.element(element)
    try:
        return sheet.skill(skill).rank
    except KeyError:
        return 0


@frozen
class TargetPick:
    """Where a roll's TN comes from: a typed number, or an opponent's Element x 5."""

    tn: int = SIMPLE_TN
    opponent: str = ""
    element: Element | None = None

    @classmethod
    def typed(cls, tn: int) -> TargetPick:
        return cls(tn)

    @classmethod
    def passive(cls, opponent: str, element: Element) -> TargetPick:
        """The passive TN an opponent's ``element`` sets: its rank x 5."""
        return cls(0, opponent, element)

    def value(self, state: GameState) -> int:
        if self.element is None:
            return self.tn
        _, sheet = banzai_sheet(state, self.opponent)
        return sheet.element(self.element) * PASSIVE_TIMES

    def line(self, state: GameState) -> str:
        """``TN 15: Keiko's Water 3 x 5``, ``TN 10 (simple)``, ``TN 25``."""
        if self.element is None:
            return f"TN {self.tn}" + (" (simple)" if self.tn == SIMPLE_TN else "")
        who, sheet = banzai_sheet(state, self.opponent)
        rank = sheet.element(self.element)
        return f"TN {rank * PASSIVE_TIMES}: {who.name}'s {self.element} {rank} × {PASSIVE_TIMES}"


def _modifiers(values: Iterable[DiceModifier]) -> tuple[DiceModifier, ...]:
    return tuple(values)


def _conditions(values: Iterable[Condition]) -> tuple[Condition, ...]:
    return tuple(values)


def _ids(values: Iterable[str]) -> tuple[str, ...]:
    return tuple(values)


@frozen
class RollPick:
    """A roll as the table picks it. ``skill`` empty is an Element roll (``XkX``);
    ``target`` None is a side of an opposed roll (its TN is the other's total)."""

    character: str
    skill: str
    element: Element
    target: TargetPick | None = TargetPick()
    step: int = 0
    conditions: tuple[Condition, ...] = field(default=(), converter=_conditions)
    modifiers: tuple[DiceModifier, ...] = field(default=(), converter=_modifiers)
    free_raises: int = 0
    helpers: tuple[str, ...] = field(default=(), converter=_ids)
    #: Added to the kept dice, as the ``+3`` of ``7k5+3``.
    flat: int = 0

    @property
    def what(self) -> str:
        """``Kenjutsu / Fire``, or ``Fire`` for an Element roll."""
        return f"{self.skill} / {self.element}" if self.skill else f"{self.element}"

    def setup(self, state: GameState) -> BanzaiSetup:
        """The roll with every rank read from the sheets."""
        who, sheet = banzai_sheet(state, self.character)
        if self.skill:
            try:
                sheet.skill(self.skill)
            except KeyError:
                raise BanzaiError(f"{who.name} has no {self.skill} Skill") from None
        helpers = []
        for helper in self.helpers:
            if helper == self.character or self.helpers.count(helper) > 1:
                raise BanzaiError("Each helper helps once, and not with their own roll")
            other, theirs = banzai_sheet(state, helper)
            helpers.append(Helper(other.name, _rank(theirs, self.skill, self.element),
                                  theirs.element(self.element)))
        difficulties = [Difficulty.task(self.step)] if self.step else []
        difficulties += [Difficulty.of(condition) for condition in self.conditions]
        difficulties += [carried_difficulty(c) for c in sheet.conditions
                         if not c.worsens or c.intervals > 0]
        others = [sheet.element(e) for e in Element if e is not Element.VOID]
        return BanzaiSetup(
            who.name,
            _rank(sheet, self.skill, self.element),
            sheet.element(self.element),
            tn=None if self.target is None else self.target.value(state),
            void=sheet.void if sheet.void > 0 else None,
            lowest_element=min(others),
            free_raises=self.free_raises,
            flat=self.flat,
            modifiers=self.modifiers,
            difficulties=difficulties,
            helpers=helpers,
            character=who.id,
            raise_step=sheet.raise_step,
        )


@frozen
class TypedSide:
    """A side of an opposed roll no sheet is behind (a bandit, a beast): a name and the
    ``rolled``k``kept`` pool the GM gives, its Void (the Raises it may declare, and the
    Honor it may make), dice modifiers, Free Raises and a flat modifier. The GM plays it.

    >>> TypedSide("Ronin", 6, 3, void=2).setup(GameState()).pool
    BanzaiPool.of(6, 3)
    """

    name: str
    rolled: int
    kept: int
    void: int = 0
    modifiers: tuple[DiceModifier, ...] = field(default=(), converter=_modifiers)
    free_raises: int = 0
    flat: int = 0

    @property
    def what(self) -> str:
        return "a pool the GM gives"

    def setup(self, state: GameState) -> BanzaiSetup:
        name = " ".join(self.name.split())
        if not name:
            raise BanzaiError("Pick a character for each side, or type the other side's name")
        if len(name) > MAX_NAME:
            raise BanzaiError(f"A side's name fits in {MAX_NAME} characters")
        sheet = next((c for c in banzai_characters(state)
                      if c.name.casefold() == name.casefold()), None)
        if sheet is not None:
            raise BanzaiError(f"{sheet.name} has a Banzai sheet at the table: pick "
                              f"{sheet.name} from the list, so the sheet is read")
        return BanzaiSetup(name, self.rolled, self.kept, tn=None, void=self.void,
                           free_raises=self.free_raises, flat=self.flat,
                           modifiers=self.modifiers)


def explain(pick: RollPick, state: GameState) -> tuple[str, ...]:
    """Every line of the roll, in the order the rules apply them: the base ``XkY`` from
    the sheet, each modifier and step with its source (and those that do not count), the
    help of a group roll, the pool, the TN and the Raises allowed."""
    setup = pick.setup(state)
    who, sheet = banzai_sheet(state, pick.character)
    element = sheet.element(pick.element)
    if pick.skill:
        lines = [f"{pick.skill} {setup.rolled} + {pick.element} {element}: "
                 f"{setup.rolled}k{setup.kept}"]
    else:
        lines = [f"{pick.element} roll: {pick.element} {element} rolled and kept, "
                 f"{setup.rolled}k{setup.kept}"]
    lines += [str(modifier) for modifier in setup.modifiers]
    counting = counted(setup.difficulties)
    for source in setup.difficulties:
        if source in counting:
            lines.append(str(source))
        else:
            worst = next(s for s in counting if s.kind is source.kind)
            lines.append(f"{source}: not counted, {worst.label} is worse")
    for carried in sheet.conditions:
        if carried.worsens and carried.intervals == 0:
            lines.append(f"{carried.name}: begun, no penalty until an interval passes")
    if setup.helpers:
        lowest_skill = min(setup.rolled, *(h.skill for h in setup.helpers))
        lowest_element = min(setup.kept, *(h.element for h in setup.helpers))
        bonus = group_bonus(setup.rolled, setup.kept, setup.helpers)
        lines.append(f"{bonus} (+1k1 a helper, capped at the lowest Skill {lowest_skill} "
                     f"and Element {lowest_element})")
    pool = setup.pool
    rolled = setup.rolled + sum(m.rolled for m in setup.dice_modifiers)
    kept = setup.kept + sum(m.kept for m in setup.dice_modifiers)
    floor = "" if 1 <= kept <= rolled else " (at least 1k1, never more kept than rolled)"
    lines.append(f"Dice: {pool}{floor}")
    if setup.flat:
        lines.append(f"Flat modifier: {setup.flat:+d} to the kept dice ({setup.written})")
    lines += list(pool_notes(setup))
    if pick.target is not None:
        lines.append(pick.target.line(state))
    limit = setup.raise_limit or 0
    lowest = min(sheet.element(e) for e in Element if e is not Element.VOID)
    limited = f"Void {sheet.void}" if sheet.void > 0 else f"no Void: lowest Element {lowest}"
    helpers = len(setup.helpers)
    helped = f", +1 for each of {helpers} {noun(helpers, 'helper')}" if helpers else ""
    step = setup.raise_step
    each = (f"each +{step} to the TN" if step == RAISE_STEP
            else f"each +{step} to the TN, the Raise step on {who.name}'s sheet")
    lines.append(f"Raises: at most {limit} ({limited}{helped}), {each}")
    return tuple(lines)


@frozen
class RaiseOdds:
    """The chance of meeting the TN with ``raises`` declared, before the roll."""

    expression: str
    tn: int
    raises: int
    chance: float
    no_roll: bool
    #: What each Raise adds to the TN (the character's Raise step).
    step: int = RAISE_STEP

    @property
    def target(self) -> int:
        return self.tn + self.step * self.raises

    def percent(self) -> str:
        """The chance as ``cardtable odds`` prints it in brackets: ``93.13%``."""
        if self.no_roll:
            return "no roll needed"
        line = self.cli_text()
        return line[line.rindex("(") + 1 : -1]

    def text(self) -> str:
        """``2 Raises: TN 30, 64.12%``."""
        plural = "" if self.raises == 1 else "s"
        return f"{self.raises} Raise{plural}: TN {self.target}, {self.percent()}"

    def cli_text(self) -> str:
        """The line ``cardtable odds EXPR --tn TN --raises R`` (with ``--raise-step S`` for a
        step other than 5) prints for the same roll."""
        return odds_text(Expression.parse(self.expression), self.tn, self.raises, self.chance,
                         self.no_roll, self.step)

    def cli_command(self) -> str:
        """The ``cardtable odds`` command that prints :meth:`cli_text`."""
        step = f" --raise-step {self.step}" if self.step != RAISE_STEP else ""
        return f"cardtable odds {self.expression} --tn {self.tn} --raises {self.raises}{step}"


def raise_odds(setup: BanzaiSetup) -> tuple[RaiseOdds, ...]:
    """The exact odds for 0 Raises up to the limit (Void, or the lowest Element, plus one per
    helper), each the chance of at least TN + the Raise step (5 unless an ability changes it)
    per Raise (1 when no roll is needed)."""
    if setup.tn is None:
        raise BanzaiError("An opposed side has no TN of its own; ask the opposed roll")
    expression = setup.written
    rows = []
    for raises in range((setup.raise_limit or 0) + 1):
        raised = setup.with_raises(raises)
        rows.append(RaiseOdds(expression, setup.tn, raises, raised.odds(),
                              not raised.rolls_needed, setup.raise_step))
    return tuple(rows)


def parse_modifiers(text: str) -> tuple[DiceModifier, ...]:
    """Dice modifiers as a player writes them, each with its source, separated by ``;`` or
    ``,``: ``+2k2 katana; -1k0 wounded arm``.

    >>> [str(m) for m in parse_modifiers("+2k2 katana, -1k0 wounded arm")]
    ['katana: +2k2', 'wounded arm: -1k0']
    """
    found = []
    for part in text.replace(";", ",").split(","):
        words = part.split()
        if not words:
            continue
        try:
            found.append(DiceModifier.parse(words[0], " ".join(words[1:])))
        except BanzaiError:
            raise BanzaiError(
                f"Write each dice modifier as +AkB or -AkB, then where it comes from "
                f"(+2k2 katana), not {part.strip()!r}"
            ) from None
    return tuple(found)


def step_words(step: int) -> str:
    """A task's step as the panel lists it: ``Hard (-2k0)``."""
    return f"{step_name(step)} ({Difficulty.task(step).modifier.text})"
