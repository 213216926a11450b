"""One character's Banzai roll as session actions, each its player's decision.

:func:`roll` builds the roll from the sheets (:class:`~cardtable.steps.banzai.picks.RollPick`),
declares the Raises and rolls with the session's randomness (or needs no roll); :func:`decide`
keeps the dice the player chose and settles success (failing on purpose is allowed);
:func:`spend` spends Raises on a listed bonus Effect; :func:`finish` ends the roll, turning
unused Raises into Honor Points written on the sheet; :func:`clear` takes it off the table.
Every step logs the resolver's own words, with every number.

The roll in progress lives in ``session.resolvers[BANZAI_ROLL]``; one roll at a time.

>>> from cardtable.randomness import seeded
>>> from cardtable.session import load
>>> from cardtable.session.demo import demo_path
>>> from cardtable.sheets import Element
>>> from cardtable.steps.banzai.picks import TargetPick
>>> session = load(demo_path())
>>> session.rng, session.holder = seeded(4), "alex"  # Alex plays Kaneda Suzume
>>> pick = RollPick("kaneda-suzume", "Kenjutsu", Element.FIRE, TargetPick.typed(10))
>>> _ = session.apply(roll(pick, raises=1))
>>> print(session.log[-1].public)
Kaneda Suzume rolled 4k3: [4] [5] [2] [7]; keeps 7, 5, 4 = 16 against TN 15: met.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from attrs import evolve

from cardtable.counts import counted
from cardtable.randomness import Rng
from cardtable.resolvers.banzai.effects import effect_named
from cardtable.resolvers.banzai.roll import BanzaiPhase, BanzaiRoll
from cardtable.resolvers.banzai.steps import BanzaiError
from cardtable.session import (
    Changes,
    CharacterId,
    Decider,
    EndResolver,
    GameState,
    ResolverStep,
)
from cardtable.sheets.banzai import MAX_HONOR
from cardtable.steps.banzai.picks import RollPick, banzai_sheet, explain

__all__ = [
    "BANZAI_ROLL",
    "award_honor",
    "clear",
    "decide",
    "finish",
    "roll",
    "roll_in_play",
    "roller",
    "spend",
]

#: Where the roll in progress is kept.
BANZAI_ROLL = "banzai-roll"


def roll_in_play(state: GameState) -> BanzaiRoll | None:
    """The Banzai roll on the table, if any (finished or not)."""
    found = state.resolvers.get(BANZAI_ROLL)
    return found if isinstance(found, BanzaiRoll) else None


def _running(state: GameState) -> BanzaiRoll:
    found = roll_in_play(state)
    if found is None:
        raise BanzaiError("No Banzai roll is on the table: build one and roll")
    return found


def roller(doing: str) -> Callable[[GameState], Decider]:
    """The rolling character's player decides (the GM for a roll no sheet is behind)."""

    def rule(state: GameState) -> Decider:
        found = roll_in_play(state)
        character = found.terms.character if found is not None else ""
        if character and CharacterId(character) in state.characters:
            return Decider.of(character, doing)
        return Decider.gm(doing)

    return rule


def roll(pick: RollPick, raises: int = 0) -> ResolverStep:
    """``pick``'s character declares ``raises`` and rolls (nothing is rolled when no roll is
    needed); a finished roll on the table makes way, an open one refuses."""

    def step(state: GameState, rng: Rng) -> list[str]:
        current = roll_in_play(state)
        if current is not None and current.phase is not BanzaiPhase.FINISHED:
            raise BanzaiError(
                f"{current.terms.actor}'s roll is still open: finish it or clear it first"
            )
        setup = pick.setup(state)
        fresh = BanzaiRoll(setup)
        said = [f"{setup.actor} rolls {pick.what}: {'; '.join(explain(pick, state))}."]
        if raises:
            said.append(fresh.declare_raises(raises).text())
        said.append(fresh.roll(rng).text())
        state.resolvers[BANZAI_ROLL] = fresh
        return said

    return ResolverStep(step, decider=Decider.of(pick.character, "roll"))


def decide(keep: Sequence[int] | None = None, succeed: bool = True) -> ResolverStep:
    """Keep the dice chosen (indices into the dice rolled; None keeps those kept) and settle
    the roll: a met TN succeeds unless the player chooses to fail (``succeed=False``)."""
    chosen = None if keep is None else tuple(keep)

    def step(state: GameState, rng: Rng) -> list[str]:
        current = _running(state)
        said = []
        dice = current.dice
        if chosen is not None and dice is not None and sorted(chosen) != sorted(dice.kept):
            said.append(current.keep(chosen).text())
        said.append(current.decide(succeed).text())
        return said

    doing = "decide" if succeed else "choose to fail"
    return ResolverStep(step, decider=roller(doing))


def spend(effect: str, detail: str = "") -> ResolverStep:
    """Spend the Raises a listed bonus Effect takes on it; ``detail`` says what happens."""

    def step(state: GameState, rng: Rng) -> list[str]:
        current = _running(state)
        kind = effect_named(effect)
        left = current.raises_available - len(current.effects)
        if current.phase is BanzaiPhase.DECIDED and kind.raises > left:
            raise BanzaiError(
                f"{kind.name} takes {counted(kind.raises, 'Raise')}; {current.terms.actor} has "
                f"{counted(left, 'Raise')} left"
            )
        words = " ".join(detail.split())
        said = []
        for number in range(1, kind.raises + 1):
            part = f" ({number} of {kind.raises})" if kind.raises > 1 else ""
            text = f"{kind.name}{part}" + (f": {words}" if words else "")
            said.append(current.spend(text).text())
        return said

    return ResolverStep(step, decider=roller("spend Raises"))


def finish(convert: bool = True) -> ResolverStep:
    """End the roll; with ``convert``, the unused Raises become Honor Points (1 per 2, at
    most Void) added to the character's sheet."""

    def step(state: GameState, rng: Rng) -> list[str]:
        current = _running(state)
        said = [current.finish(convert).text()]
        return said + award_honor(state, current.terms.character, current.honor_points)

    return ResolverStep(step, changes=Changes.RESOLVER | Changes.SHEET,
                        decider=roller("finish the roll"))


def award_honor(state: GameState, character: str, points: int) -> list[str]:
    """Add ``points`` Honor Points to ``character``'s sheet (at most the sheet's limit); the
    log line, or nothing without points or a sheet."""
    if not points or not character or CharacterId(character) not in state.characters:
        return []
    who, sheet = banzai_sheet(state, character)
    honor = min(MAX_HONOR, sheet.honor + points)
    state.characters[who.id] = evolve(who, sheet=sheet.revised(honor=honor))
    return [f"{who.name}'s Honor Points: {sheet.honor} → {honor}."]


def clear() -> EndResolver:
    """Take the roll off the table (its player's, finished or not)."""
    return EndResolver(BANZAI_ROLL, "The Banzai roll is taken off the table",
                       decider=roller("put the roll away"))
