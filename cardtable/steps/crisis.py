"""Crisis dice as session actions: the Simple Challenge and the Duel, each step someone's.

The GM sets a Simple Challenge up for a character (:func:`set_up_simple`): the pool comes from
the character's sheet, the difficulty is checked (a multiple of 3, of 4 against something
UNNATURAL), and the Crisis the GM writes down is kept from the table (the log gives its words
to the GM alone) until a push causes it. The character's player rolls and pushes; only the GM
invites a push; the failure stands when the GM does not invite one, or when the player stops.
A Duel is set up by the GM between two sides, each a character (its pool from the sheet) or
one the GM names; each side's pushes and declines are its own player's (the GM's for a side
typed in). Every step is undoable (a roll undone and asked again comes out the same).

>>> from cardtable.randomness import seeded
>>> from cardtable.session import load
>>> from cardtable.session.demo import demo_path
>>> session = load(demo_path())  # Dana, the GM, holds the computer; Bea plays Wren
>>> _ = session.apply(set_up_simple("wren-halloway", 9, crisis="The lights go out"))
>>> print(session.log[-1].public)  # doctest: +NORMALIZE_WHITESPACE
Dana sets a Simple Challenge for Wren Halloway: 4 dice (from the sheet) against difficulty 9.
The GM has written down the Crisis.
>>> session.may(roll_simple())
"Wren Halloway is Bea's character: only Bea may roll for Wren Halloway."
"""

from __future__ import annotations

from collections.abc import Callable

from attrs import frozen

from cardtable.counts import counted
from cardtable.randomness import Rng
from cardtable.resolvers.crisis.duel import (
    CrisisDiceError,
    CrisisPhase,
    CrisisResult,
    Duel,
    DuelPhase,
    DuelResult,
    DuelSide,
    SimpleChallenge,
)
from cardtable.session import (
    Character,
    CharacterId,
    Decider,
    EndResolver,
    Event,
    GameState,
    ResolverStep,
    Session,
)
from cardtable.session.authority import gm_of
from cardtable.sheets import CrisisSheet

__all__ = [
    "CRISIS_DUEL",
    "CRISIS_SIMPLE",
    "DuelPick",
    "accept_failure",
    "clear_duel",
    "clear_simple",
    "crisis_characters",
    "crisis_known_to",
    "decline",
    "duel_in_play",
    "duel_struck",
    "invite_push",
    "push_duel",
    "push_simple",
    "roll_duel",
    "roll_simple",
    "set_up_duel",
    "set_up_simple",
    "side_rule",
    "simple_in_play",
    "simple_rule",
    "simple_struck",
    "stand_off",
]

#: Where the Simple Challenge and the Duel in progress are kept.
CRISIS_SIMPLE = "crisis-simple"
CRISIS_DUEL = "crisis-duel"


def crisis_characters(state: GameState) -> list[Character]:
    """The characters with a crisis dice sheet, in the order they joined."""
    return [c for c in state.characters.values() if c.system == CrisisSheet.system]


def _pool(state: GameState, character: str) -> tuple[Character, int]:
    found = state.characters.get(CharacterId(character))
    if found is None or found.system != CrisisSheet.system:
        raise CrisisDiceError(f"{character!r} is not a crisis dice character at the table")
    sheet = found.sheet if isinstance(found.sheet, CrisisSheet) else CrisisSheet()
    return found, sheet.dice


def _owner_rule(character: str, doing: str, state: GameState) -> Decider:
    if character and CharacterId(character) in state.characters:
        return Decider.of(character, doing)
    return Decider.gm(doing)


def crisis_known_to(session: Session, crisis: str, struck: bool) -> str | None:
    """The Crisis as the seat holding the computer may read it: everyone once it has struck,
    only the GM (anyone at a table without one) before; None when it is hidden."""
    if struck:
        return crisis
    if session.curtain is not None:
        return None
    gm = gm_of(session.state)
    return crisis if gm is None or session.holder == gm else None


def _crisis_words(crisis: str) -> str:
    return f" The Crisis strikes: {crisis}" if crisis else ""


# ---------------------------------------------------------------------------------------------
# The Simple Challenge


def simple_in_play(state: GameState) -> SimpleChallenge | None:
    found = state.resolvers.get(CRISIS_SIMPLE)
    return found if isinstance(found, SimpleChallenge) else None


def _simple(state: GameState) -> SimpleChallenge:
    found = simple_in_play(state)
    if found is None:
        raise CrisisDiceError("No Simple Challenge is on the table: the GM sets one up first")
    return found


def simple_rule(doing: str) -> Callable[[GameState], Decider]:
    """The Challenge's character's player decides (the GM for one no sheet is behind)."""

    def rule(state: GameState) -> Decider:
        found = simple_in_play(state)
        return _owner_rule(found.character if found is not None else "", doing, state)

    return rule


def set_up_simple(character: str, difficulty: int, *, unnatural: bool = False,
                  crisis: str = "") -> ResolverStep:
    """The GM sets a Simple Challenge for ``character``, its pool read from the sheet, and
    writes down the Crisis a failed push will bring (only the GM reads it until then)."""

    def step(state: GameState, rng: Rng) -> list[Event]:
        current = simple_in_play(state)
        if current is not None and current.phase is not CrisisPhase.ENDED:
            raise CrisisDiceError(
                f"{current.name}'s Simple Challenge is still going on: finish it or clear it"
            )
        who, pool = _pool(state, character)
        challenge = SimpleChallenge.setup(who.name, pool=pool, difficulty=difficulty,
                                          unnatural=unnatural, crisis=crisis, character=who.id)
        state.resolvers[CRISIS_SIMPLE] = challenge
        against = " UNNATURAL" if unnatural else ""
        head = (f"{_gm_name(state)} sets a Simple Challenge for {who.name}: "
                f"{counted(pool, 'die', 'dice')} (from the sheet) against{against} difficulty "
                f"{difficulty}.")
        if not challenge.crisis:
            return [Event.said(head + " No Crisis is written down.")]
        return [Event.secret(head + " The GM has written down the Crisis.",
                             f"{head} The Crisis, written down: {challenge.crisis}",
                             gm_of(state))]

    return ResolverStep(step, decider=Decider.gm("set up a Simple Challenge"))


def _gm_name(state: GameState) -> str:
    gm = gm_of(state)
    return next((p.name for p in state.players if p.id == gm), "The GM")


def roll_simple() -> ResolverStep:
    """The character rolls the pool."""

    def step(state: GameState, rng: Rng) -> list[str]:
        challenge = _simple(state)
        said = [challenge.roll(rng).text()]
        if challenge.phase is CrisisPhase.FAILING:
            said.append("The GM may invite a push, or let the failure stand.")
        return said

    return ResolverStep(step, decider=simple_rule("roll"))


def invite_push() -> ResolverStep:
    """Only the GM invites the character to push their luck after a failing roll."""

    def step(state: GameState, rng: Rng) -> list[str]:
        return [_simple(state).invite_push().text()]

    return ResolverStep(step, decider=Decider.gm("invite a push"))


def push_simple() -> ResolverStep:
    """The invited character rolls one more die: a value already in the set is a Crisis."""

    def step(state: GameState, rng: Rng) -> list[str]:
        challenge = _simple(state)
        event = challenge.push(rng)
        return [event.text() + (_crisis_words(challenge.crisis) if event.crisis else "")]

    return ResolverStep(step, decider=simple_rule("push their luck"))


def _stop_rule(state: GameState) -> Decider:
    """Letting the failure stand: the GM's while no push is invited, then the player's."""
    found = simple_in_play(state)
    if found is not None and found.invited:
        return _owner_rule(found.character, "stop pushing", state)
    return Decider.gm("let the failure stand")


def accept_failure() -> ResolverStep:
    """No (further) push: the failure stands."""

    def step(state: GameState, rng: Rng) -> list[str]:
        return [_simple(state).accept_failure().text()]

    return ResolverStep(step, decider=_stop_rule)


def clear_simple() -> EndResolver:
    """Take the Simple Challenge off the table (the GM's)."""
    return EndResolver(CRISIS_SIMPLE, "The Simple Challenge is taken off the table",
                       decider=Decider.gm("take the Challenge off the table"))


def simple_struck(challenge: SimpleChallenge) -> bool:
    return challenge.result is CrisisResult.CRISIS


# ---------------------------------------------------------------------------------------------
# The Duel


@frozen
class DuelPick:
    """A side of a Duel: a crisis dice character (its pool from the sheet), or a name and a
    pool the GM gives."""

    character: str = ""
    name: str = ""
    pool: int = 0

    def side(self, state: GameState) -> DuelSide:
        if self.character:
            who, pool = _pool(state, self.character)
            return DuelSide(who.name, pool, character=who.id)
        name = " ".join(self.name.split())
        if not name:
            raise CrisisDiceError("Name each side of the Duel, or pick a character")
        return DuelSide(name, self.pool)


def duel_in_play(state: GameState) -> Duel | None:
    found = state.resolvers.get(CRISIS_DUEL)
    return found if isinstance(found, Duel) else None


def _duel(state: GameState) -> Duel:
    found = duel_in_play(state)
    if found is None:
        raise CrisisDiceError("No Duel is in progress: the GM sets one up first")
    return found


def side_rule(side: int, doing: str) -> Callable[[GameState], Decider]:
    """Side ``side``'s player decides (the GM for a side typed in)."""

    def rule(state: GameState) -> Decider:
        found = duel_in_play(state)
        return _owner_rule(found.sides[side].character if found is not None else "", doing,
                           state)

    return rule


def set_up_duel(first: DuelPick, second: DuelPick, crisis: str = "") -> ResolverStep:
    """The GM sets up a Duel (replacing one that has ended)."""

    def step(state: GameState, rng: Rng) -> list[Event]:
        current = duel_in_play(state)
        if current is not None and current.phase is not DuelPhase.ENDED:
            raise CrisisDiceError("A Duel is still going on: finish it or clear it first")
        sides = (first.side(state), second.side(state))
        duel = Duel(sides[0], sides[1], crisis=" ".join(crisis.split()))
        state.resolvers[CRISIS_DUEL] = duel
        head = (f"{_gm_name(state)} sets up a crisis Duel: {sides[0].name} "
                f"({counted(sides[0].pool, 'die', 'dice')}) against {sides[1].name} "
                f"({counted(sides[1].pool, 'die', 'dice')}).")
        if not duel.crisis:
            return [Event.said(head)]
        return [Event.secret(head + " The GM has written down the Crisis.",
                             f"{head} The Crisis, written down: {duel.crisis}", gm_of(state))]

    return ResolverStep(step, decider=Decider.gm("set up a Duel"))


def _duel_step(act: Callable[[Duel, Rng], str]) -> Callable[[GameState, Rng], list[str]]:
    def step(state: GameState, rng: Rng) -> list[str]:
        return [act(_duel(state), rng)]

    return step


def roll_duel() -> ResolverStep:
    """Both sides roll their pools; common values cancel (the table's step)."""
    return ResolverStep(_duel_step(lambda duel, rng: duel.roll(rng).text()))


def push_duel(side: int) -> ResolverStep:
    """Side ``side`` pushes its luck."""

    def act(duel: Duel, rng: Rng) -> str:
        event = duel.push(side, rng)
        return event.text() + (_crisis_words(duel.crisis) if event.crisis else "")

    return ResolverStep(_duel_step(act), decider=side_rule(side, "push their luck"))


def decline(side: int) -> ResolverStep:
    """Side ``side`` does not push."""
    return ResolverStep(_duel_step(lambda duel, rng: duel.decline(side).text()),
                        decider=side_rule(side, "decline to push"))


def stand_off() -> ResolverStep:
    """On a tie nobody pushes: a stand-off (the GM calls it)."""
    return ResolverStep(_duel_step(lambda duel, rng: duel.stand_off().text()),
                        decider=Decider.gm("call a stand-off"))


def clear_duel() -> EndResolver:
    """Take the Duel off the table (the GM's)."""
    return EndResolver(CRISIS_DUEL, "The crisis Duel is taken off the table",
                       decider=Decider.gm("take the Duel off the table"))


def duel_struck(duel: Duel) -> bool:
    return duel.result is DuelResult.CRISIS
