"""The conditions a Banzai character carries, as session actions on its sheet.

A sickness or an impaired sense is carried at its severity; suffocation, sleeplessness,
starvation and dehydration begin with no penalty and worsen one step per interval (Moderate
after the first, ``rules/banzai.md``). Each change is one undoable, logged action on the
sheet, allowed to the character's player or the GM, and every later roll of the character
counts what it carries (:meth:`~cardtable.steps.banzai.picks.RollPick.setup`).

>>> from cardtable.session import load
>>> from cardtable.session.demo import demo_path
>>> session = load(demo_path())  # Dana, the GM, holds the computer
>>> _ = session.apply(ConditionChange("kaneda-suzume", "starvation", Change.BEGIN))
>>> _ = session.apply(ConditionChange("kaneda-suzume", "starvation", Change.WORSEN))
>>> print(session.log[-1].public)
Dana: Kaneda Suzume's starvation worsens to 1 interval: Moderate, -1k0 on every roll.
"""

from __future__ import annotations

import enum

from attrs import evolve, frozen

from cardtable.resolvers.banzai.steps import BanzaiError
from cardtable.session import Action, CharacterId, Event, Performed, PlayerId, Session
from cardtable.session.authority import sheet_refusal
from cardtable.sheets import CarriedCondition
from cardtable.steps.banzai.picks import banzai_sheet, carried_difficulty

__all__ = ["Change", "ConditionChange", "penalty_words"]


class Change(enum.Enum):
    BEGIN = "begin"
    WORSEN = "worsen"
    RECOVER = "recover"


def penalty_words(carried: CarriedCondition) -> str:
    """What the condition does to every roll: ``Moderate, -1k0``, or ``no penalty yet``."""
    if carried.worsens and carried.intervals == 0:
        return "no penalty yet"
    source = carried_difficulty(carried)
    return str(source).split(": ", 1)[1] if ": " in str(source) else str(source)


@frozen
class ConditionChange(Action):
    """``character`` begins to carry the condition ``name``, carries it one interval longer,
    or recovers from it; its player's or the GM's to do."""

    character: str
    name: str
    change: Change

    def refusal(self, session: Session, who: PlayerId) -> str | None:
        return sheet_refusal(session.state, who, CharacterId(self.character))

    def perform(self, session: Session) -> Performed:
        state = session.state
        who, sheet = banzai_sheet(state, self.character)
        carried = sheet.condition(self.name)
        others = tuple(c for c in sheet.conditions if c.name != self.name)
        if self.change is Change.BEGIN:
            if carried is not None:
                raise BanzaiError(f"{who.name} already carries {carried}")
            changed = CarriedCondition(self.name)
            conditions = (*sheet.conditions, changed)
        elif carried is None:
            raise BanzaiError(f"{who.name} carries no {self.name}")
        elif self.change is Change.RECOVER:
            changed, conditions = carried, others
        else:
            if not carried.worsens:
                raise BanzaiError(
                    f"{self.name.capitalize()} does not worsen by intervals: it stays as it is"
                )
            changed = evolve(carried, intervals=carried.intervals + 1)
            conditions = tuple(changed if c.name == self.name else c for c in sheet.conditions)
        state.characters[who.id] = evolve(who, sheet=sheet.revised(conditions=conditions))
        return Performed((Event.said(self._words(session.actor_name, who.name, changed)),))

    def _words(self, actor: str, name: str, changed: CarriedCondition) -> str:
        if self.change is Change.RECOVER:
            return f"{actor}: {name} recovers from {self.name}."
        if self.change is Change.BEGIN:
            return f"{actor}: {name} now carries {changed.name} ({penalty_words(changed)})."
        plural = "s" if changed.intervals != 1 else ""
        return (f"{actor}: {name}'s {self.name} worsens to {changed.intervals} interval{plural}: "
                f"{penalty_words(changed)} on every roll.")
