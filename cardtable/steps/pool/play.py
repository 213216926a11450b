"""The pool Challenge's moves as session actions, each saying whose decision it is.

Setting a Challenge up (a new one, or the one a finished Challenge prepares) and taking it
off the table are the GM's; a side's conversion and a side's change of ability are its
character's player's (the GM's for an obstacle or an NPC); playing the round is the table's
once every side's plan is in, and the GM's before that (moving on, which the log says).
Every step reads the sheets when it runs, so a penalty written on a sheet lowers the rating
the next Challenge starts with.

>>> from cardtable.session import load
>>> from cardtable.session.demo import demo_path
>>> session = load(demo_path())
>>> captain = SidePick.from_sheet(session.state, CharacterId("captain-isolde-varga"), "Riding")
>>> _ = session.apply(start(captain, [SidePick("Runaway cart", rating=5)]))
>>> _ = session.apply(play_round())
>>> challenge_in(session.state).rounds_played
1
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from attrs import evolve, field, frozen

from cardtable.randomness import Rng
from cardtable.resolvers.pool.challenge import PoolChallenge
from cardtable.resolvers.pool.numbers import PoolChallengeError
from cardtable.resolvers.pool.report import ChangeReport, RoundReport
from cardtable.resolvers.pool.sides import Conversion, Side
from cardtable.session import (
    CharacterId,
    Decider,
    EndResolver,
    Event,
    GameState,
    Performed,
    PlayerId,
    ResolverStep,
    Session,
)
from cardtable.session.authority import gm_of, gm_refusal, name_of
from cardtable.steps.pool.picks import SidePick, pool_options

#: Where the pool Challenge on the table is kept.
POOL_RESOLVER = "pool-challenge"


def find_challenge(state: GameState) -> tuple[str, PoolChallenge] | None:
    """The id and state of the pool Challenge on the table, if any."""
    for resolver_id, value in state.resolvers.items():
        if isinstance(value, PoolChallenge):
            return resolver_id, value
    return None


def challenge_in(state: GameState) -> PoolChallenge | None:
    found = find_challenge(state)
    return found[1] if found else None


def _where(state: GameState) -> str:
    found = find_challenge(state)
    return found[0] if found else POOL_RESOLVER


def running(state: GameState) -> tuple[str, PoolChallenge]:
    found = find_challenge(state)
    if found is None:
        raise PoolChallengeError("No pool Challenge is on the table: set one up first.")
    return found


def side_decider(state: GameState, side: Side, doing: str) -> Decider:
    """Whose decision ``doing`` is for ``side``: its character's player's, or the GM's for
    a side with no sheet at the table (an obstacle, a horde, an NPC typed in)."""
    source = side.entrant.source
    if source is not None and CharacterId(source.owner) in state.characters:
        return Decider.of(source.owner, doing)
    return Decider.gm(doing)


# ---------------------------------------------------------------------------------------------
# Setting up


def _begin(state: GameState, fresh: PoolChallenge, said: str) -> list[str]:
    found = find_challenge(state)
    if found is not None and not found[1].over:
        raise PoolChallengeError("A pool Challenge is still going on: finish or clear it first.")
    where = found[0] if found else POOL_RESOLVER
    current = state.resolvers.get(where)
    if current is not None and not isinstance(current, PoolChallenge):
        raise PoolChallengeError(f"Something else is kept as {where!r}.")
    state.resolvers[where] = fresh
    return [said, *fresh.setup_lines()]


def start(first: SidePick, second: Sequence[SidePick]) -> ResolverStep:
    """The GM sets up a new Challenge at full pools, with the table's options."""

    def step(state: GameState, rng: Rng) -> list[str]:
        lone = first.entrant(state)
        many = [pick.entrant(state) for pick in second]
        if not many:
            raise PoolChallengeError("A Challenge needs someone on each side.")
        fresh = PoolChallenge.start(lone, many if len(many) > 1 else many[0],
                                    pool_options(state), rng)
        names = " and ".join(entrant.name for entrant in many)
        return _begin(state, fresh, f"A pool Challenge begins: {lone.name} against {names}")

    return ResolverStep(step, decider=Decider.gm("set up a pool Challenge"))


def prepare_next(first: SidePick, second: SidePick) -> ResolverStep:
    """The GM sets up the Challenge the finished one prepared: the same two sides, with the
    abilities they use now; the side that ended with the larger pool carries half the
    difference as a bonus into the first round (not optional)."""

    def step(state: GameState, rng: Rng) -> list[str]:
        _, previous = running(state)
        fresh = PoolChallenge.prepared(previous, first.entrant(state), second.entrant(state),
                                       pool_options(state), rng)
        carried = [f"{side.name} carries a bonus of {side.carried_bonus} into the first round"
                   for side in fresh.sides if side.carried_bonus]
        said = (f"The Challenge prepares the next: {fresh.first[0].name} against "
                f"{fresh.second[0].name}" + (f"; {'; '.join(carried)}" if carried else ""))
        return _begin(state, fresh, said)

    return ResolverStep(step, decider=Decider.gm("set up a pool Challenge"))


def clear(state: GameState) -> EndResolver:
    """Take the pool Challenge off the table (the GM's)."""
    return EndResolver(_where(state), "The pool Challenge is taken off the table",
                       decider=Decider.gm("take the pool Challenge off the table"))


# ---------------------------------------------------------------------------------------------
# Playing


def plan(name: str, conversion: Conversion) -> ResolverStep:
    """``name`` plans its conversion for the next round (its player's decision); the plan
    stands until the round is played, or until another replaces it."""

    def step(state: GameState, rng: Rng) -> list[str]:
        where, challenge = running(state)
        state.resolvers[where] = challenge.convert(name, conversion)
        number = challenge.rounds_played + 1
        return [f"{name} plans for round {number}: {conversion}."]

    return ResolverStep(step, decider=lambda state: side_rule(state, name, "convert"))


def side_rule(state: GameState, name: str, doing: str) -> Decider:
    found = find_challenge(state)
    if found is None:
        return Decider.gm(doing)
    try:
        return side_decider(state, found[1].side(name), doing)
    except PoolChallengeError:
        return Decider.gm(doing)


def _names(names: Iterable[str]) -> tuple[str, ...]:
    return tuple(names)


def waiting_sides(state: GameState, who: PlayerId, carried: Iterable[str] = ()) -> list[Side]:
    """The sides whose plan for the next round is not in and is not ``who``'s to make now:
    still in the Challenge, not planned (:attr:`Side.plan_in`), not among the conversions
    ``carried`` with the round, and another player's (or the GM's, when ``who`` is not)."""
    found = find_challenge(state)
    if found is None or found[1].over:
        return []
    skip = set(carried)
    return [
        side for side in found[1].sides
        if not side.out and not side.plan_in and side.name not in skip
        and side_rule(state, side.name, "convert").refusal(state, who) is not None
    ]


def _waiting_words(state: GameState, side: Side) -> str:
    owner = side_rule(state, side.name, "convert").owner(state)
    gm = gm_of(state)
    if owner is None or owner == gm:
        return (f"{side.name}'s conversions are not in yet: only the GM ({name_of(state, gm)}) "
                "may plan them, or play the round without them.")
    return (f"{side.name}'s conversions are not in yet: pass the computer to "
            f"{name_of(state, owner)} to plan them (only the GM ({name_of(state, gm)}) may "
            "play the round without them).")


@frozen
class RoundStep(ResolverStep):
    """Playing a round: the table's step once every side's plan is in (each player plans
    their side's, the GM the sides the GM plays), or the GM's to play without the plans still
    missing, which the log says. Each conversion it carries is its own side's decision, so
    every one of those sides' players must be the one asking."""

    sides: tuple[str, ...] = field(default=(), converter=_names)

    def refusal(self, session: Session, who: PlayerId) -> str | None:
        state = session.state
        for name in self.sides:
            reason = side_rule(state, name, "convert").refusal(state, who)
            if reason:
                return reason
        if gm_refusal(state, who, "move on") is None:
            return None
        waiting = waiting_sides(state, who, self.sides)
        return _waiting_words(state, waiting[0]) if waiting else None

    def perform(self, session: Session) -> Performed:
        holder = session.holder
        waiting = [] if holder is None else waiting_sides(session.state, holder, self.sides)
        done = super().perform(session)
        if not waiting:
            return done
        names = " and ".join(side.name for side in waiting)
        moved_on = Event.said(f"{session.actor_name} moved on without waiting for {names}'s "
                              "conversions")
        return evolve(done, events=(moved_on, *done.events))


def play_round(
    conversions: Mapping[str, Conversion] | None = None, played: list[RoundReport] | None = None
) -> RoundStep:
    """Play the next round, with ``conversions`` planned at the same time (each the holder's
    to decide) on top of those planned before. ``played`` collects the round's report."""
    plans = {name: way for name, way in (conversions or {}).items() if not way.is_none}

    def step(state: GameState, rng: Rng) -> list[str]:
        where, challenge = running(state)
        said = []
        for name, conversion in plans.items():
            challenge = challenge.convert(name, conversion)
        for side in challenge.sides:
            if not side.out and not side.planned.is_none:
                said.append(f"{side.name} {side.planned}.")
        challenge, report = challenge.next_round(rng)
        state.resolvers[where] = challenge
        if played is not None:
            played.append(report)
        return [*said, *report.lines()]

    return RoundStep(step, sides=tuple(plans))


def change_ability(pick: SidePick, changes: list[ChangeReport] | None = None) -> ResolverStep:
    """The side ``pick`` names switches to the ability picked, mid-Challenge: pools and
    reserves do not refresh (they rise by how much the new maximum is higher), and the side
    with the larger pool carries half the difference into the next round. The side's
    player's decision."""

    def step(state: GameState, rng: Rng) -> list[str]:
        where, challenge = running(state)
        entrant = pick.entrant(state)
        if entrant.name not in {side.name for side in challenge.sides}:
            raise PoolChallengeError(f"{entrant.name} is not in this Challenge.")
        first = entrant if challenge.first[0].name == entrant.name else None
        second = entrant if first is None else None
        challenge, report = challenge.change_abilities(first, second)
        state.resolvers[where] = challenge
        if changes is not None:
            changes.append(report)
        return list(report.lines())

    return ResolverStep(step, decider=lambda state: side_rule(state, pick.name, "change ability"))


__all__ = [
    "POOL_RESOLVER",
    "RoundStep",
    "challenge_in",
    "change_ability",
    "clear",
    "find_challenge",
    "plan",
    "play_round",
    "prepare_next",
    "running",
    "side_decider",
    "side_rule",
    "start",
    "waiting_sides",
]
