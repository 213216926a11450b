"""A Banzai opposed roll as session actions: two sides, each roll the other's TN. A side is a
character from its sheet, or a name and a pool the GM types in (a bandit with no sheet,
:class:`~cardtable.steps.banzai.picks.TypedSide`), which the GM plays.

The GM sets the contest up (:func:`start`: both sides' Skill and Element, a shared simple TN
if any, who started it or a direct competition); each side's player declares Raises and rolls
(:func:`roll_side`) and may keep other dice (:func:`keep_side`); then the table compares
(:func:`resolve`): the winner, the Raises each side keeps, the order of Effects. Each side's
player then spends the Raises it kept on listed bonus Effects, in turn (:func:`spend_side`),
and finishes (:func:`finish_side`), unused Raises making Honor Points on the sheet.

The contest lives in ``session.resolvers[BANZAI_OPPOSED]``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cardtable.counts import counted
from cardtable.dice import RAISE_STEP
from cardtable.randomness import Rng
from cardtable.resolvers.banzai.effects import effect_named
from cardtable.resolvers.banzai.opposed import OpposedRoll
from cardtable.resolvers.banzai.steps import BanzaiError
from cardtable.session import Changes, CharacterId, Decider, EndResolver, GameState, ResolverStep
from cardtable.steps.banzai.picks import RollPick, TypedSide
from cardtable.steps.banzai.roll import award_honor

__all__ = [
    "BANZAI_OPPOSED",
    "Side",
    "clear",
    "contest_in_play",
    "finish_side",
    "keep_side",
    "resolve",
    "roll_side",
    "side_rule",
    "spend_side",
    "start",
]

#: Where the opposed roll in progress is kept.
BANZAI_OPPOSED = "banzai-opposed"


def contest_in_play(state: GameState) -> OpposedRoll | None:
    found = state.resolvers.get(BANZAI_OPPOSED)
    return found if isinstance(found, OpposedRoll) else None


def _running(state: GameState) -> OpposedRoll:
    found = contest_in_play(state)
    if found is None:
        raise BanzaiError("No opposed roll is on the table: the GM sets one up first")
    return found


def side_rule(side: int, doing: str) -> Callable[[GameState], Decider]:
    """Side ``side``'s character's player decides (the GM for a side no sheet is behind)."""

    def rule(state: GameState) -> Decider:
        found = contest_in_play(state)
        character = found.sides[side].character if found is not None else ""
        if character and CharacterId(character) in state.characters:
            return Decider.of(character, doing)
        return Decider.gm(doing)

    return rule


#: A side as the GM sets it up: a character from its sheet, or a name and a pool typed in.
Side = RollPick | TypedSide


def start(first: Side, second: Side, *, tn: int | None = None,
          initiator: int | None = 0) -> ResolverStep:
    """The GM sets up an opposed roll between two sides (a pick's own TN is ignored): ``tn``
    is a simple TN both must also meet; ``initiator`` the side that started it (a tie goes to
    it), None for a direct competition. A side typed in (:class:`TypedSide`) is the GM's to
    play."""

    def step(state: GameState, rng: Rng) -> list[str]:
        current = contest_in_play(state)
        if current is not None and current.outcome is None:
            raise BanzaiError("An opposed roll is still open: resolve it or clear it first")
        if current is not None and not current.finished:
            raise BanzaiError("The last opposed roll's sides are still spending their Raises: "
                              "let them finish, or clear it first")
        sides = [pick.setup(state) for pick in (first, second)]
        contest = OpposedRoll.start(sides[0], sides[1], tn=tn, initiator=initiator)
        state.resolvers[BANZAI_OPPOSED] = contest
        names = contest.names
        who = (f"{names[initiator]} started it" if initiator is not None
               else "a direct competition")
        shared = f", both against TN {tn}" if tn is not None else ""
        return [f"An opposed roll: {names[0]} ({first.what}, {contest.first.written}) against "
                f"{names[1]} ({second.what}, {contest.second.written}){shared}; {who}."]

    return ResolverStep(step, decider=Decider.gm("set up an opposed roll"))


def roll_side(side: int, raises: int = 0) -> ResolverStep:
    """Side ``side`` declares ``raises`` (at most its Void) and rolls."""

    def step(state: GameState, rng: Rng) -> list[str]:
        contest = _running(state)
        if contest.outcome is not None or contest.dice(side) is not None:
            raise BanzaiError(f"{contest.names[side]} has rolled already")
        setup = contest.sides[side].with_raises(raises)
        if side == 0:
            contest.first = setup
        else:
            contest.second = setup
        said = []
        if raises:
            plural = "s" if raises != 1 else ""
            each = f" of {setup.raise_step}" if setup.raise_step != RAISE_STEP else ""
            said.append(f"{setup.actor} declares {raises} Raise{plural}{each}.")
        said.append(contest.roll_side(side, rng).text())
        return said

    return ResolverStep(step, decider=side_rule(side, "roll"))


def keep_side(side: int, keep: Sequence[int]) -> ResolverStep:
    """Side ``side`` keeps the chosen dice instead of the highest."""
    chosen = tuple(keep)

    def step(state: GameState, rng: Rng) -> list[str]:
        return [_running(state).keep(side, chosen).text()]

    return ResolverStep(step, decider=side_rule(side, "choose dice"))


def resolve() -> ResolverStep:
    """Compare the totals once both sides have rolled (the table's step)."""

    def step(state: GameState, rng: Rng) -> list[str]:
        return [_running(state).resolve().text()]

    return ResolverStep(step)


def spend_side(side: int, effect: str, detail: str = "") -> ResolverStep:
    """Side ``side`` spends the Raises a listed bonus Effect takes on it, in its turn;
    ``detail`` says what happens."""

    def step(state: GameState, rng: Rng) -> list[str]:
        contest = _running(state)
        kind = effect_named(effect)
        left = contest.raises_left(side)
        if contest.outcome is not None and not contest.done[side] and kind.raises > left:
            raise BanzaiError(f"{kind.name} takes {counted(kind.raises, 'Raise')}; "
                              f"{contest.names[side]} has {counted(left, 'Raise')} left")
        words = " ".join(detail.split())
        texts = [f"{kind.name}" + (f" ({n} of {kind.raises})" if kind.raises > 1 else "")
                 + (f": {words}" if words else "") for n in range(1, kind.raises + 1)]
        return [event.text() for event in contest.spend_together(side, texts)]

    return ResolverStep(step, decider=side_rule(side, "spend Raises"))


def finish_side(side: int, convert: bool = True) -> ResolverStep:
    """Side ``side`` is done with its Raises: with ``convert`` the unused ones make Honor
    Points (1 per 2, at most Void) added to the character's sheet."""

    def step(state: GameState, rng: Rng) -> list[str]:
        contest = _running(state)
        said = [contest.finish(side, convert).text()]
        character = contest.sides[side].character
        return said + award_honor(state, character, contest.honor[side])

    return ResolverStep(step, changes=Changes.RESOLVER | Changes.SHEET,
                        decider=side_rule(side, "finish"))


def clear() -> EndResolver:
    """Take the opposed roll off the table (the GM's)."""
    return EndResolver(BANZAI_OPPOSED, "The opposed roll is taken off the table",
                       decider=Decider.gm("take the opposed roll off the table"))
