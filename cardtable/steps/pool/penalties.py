"""A loser's penalty, spread over its sources and written on the sheets it came from.

When a hazardous Challenge puts a side out, the resolver says the penalty
(:meth:`~cardtable.resolvers.pool.challenge.PoolChallenge.penalty`). The loser puts its
points on the sources of the ability (:func:`penalty_sources`): her own rating and reserves,
the ability's bonus and resistance (equipment, nature), and the abilities that helped (an
ally's rating). :func:`take_penalty` checks the spread by the rules and writes it back: points
on a rating become a penalty on that ability of that character's sheet; points on bonus,
reserves or resistance take them off the sheet's ability (equipment used up or broken). The
"overall" part of a penalty lowers every ability of the loser's sheet by its own fraction
(:func:`overall_offers`); the loser may be incapacitated. A penalty is taken once.

>>> from cardtable.resolvers.pool.challenge import PoolChallenge
>>> from cardtable.resolvers.pool.sides import Entrant
>>> done, _ = PoolChallenge.start(Entrant.of("Cecilie", 5, bonus=2),
...                               Entrant.of("Dragon", 8)).play_out()
>>> [s.source.name for s in penalty_sources(done.side("Cecilie"))]
['Cecilie', "Cecilie's bonus"]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from attrs import evolve, frozen

from cardtable.randomness import Rng
from cardtable.resolvers.pool.abilities import Source
from cardtable.resolvers.pool.challenge import PoolChallenge
from cardtable.resolvers.pool.numbers import PoolChallengeError
from cardtable.resolvers.pool.penalties import (
    LossSource,
    OverallOffer,
    Penalty,
    PenaltyTaken,
    SourceKind,
    ability_total,
    spread_loss,
)
from cardtable.resolvers.pool.sides import Side
from cardtable.session import CharacterId, GameState, ResolverStep
from cardtable.sheets.pool import Penalty as SheetPenalty
from cardtable.sheets.pool import PoolSheet
from cardtable.steps.pool.picks import ability_on, sheet_of
from cardtable.steps.pool.play import running, side_rule


@frozen
class PenaltySource:
    """A source a penalty may land on, and the sheet ability it is (None: nothing to write)."""

    source: LossSource
    sheet: Source | None = None


def penalty_sources(side: Side) -> list[PenaltySource]:
    """Where ``side``'s penalty may land: its own rating and reserves (its own share), the
    ability's bonus and resistance, and each ability that helped it."""
    ability = side.entrant.ability
    name, where = side.name, side.entrant.source
    sources = [PenaltySource(LossSource.own_rating(name, ability.rating), where)]
    for kind, amount, own in (
        (SourceKind.RESERVES, ability.reserves, True),
        (SourceKind.BONUS, ability.bonus, False),
        (SourceKind.RESISTANCE, ability.resistance, False),
    ):
        if amount:
            sources.append(PenaltySource(LossSource(f"{name}'s {kind}", kind, amount, own), where))
    for helper in side.entrant.complements:
        sources.append(PenaltySource(LossSource.ally(helper.name, helper.rating), helper.source))
    return sources


def overall_offers(state: GameState, side: Side, penalty: Penalty) -> list[OverallOffer]:
    """The overall penalty, ability by ability of the loser's sheet: each loses its own
    fraction of its own total (rating after penalties + bonus/2 + reserves/3 + 2 x
    resistance). Empty when the penalty has no overall part or the side has no sheet."""
    source = side.entrant.source
    if not penalty.overall_quarters or source is None:
        return []
    _, sheet = sheet_of(state, source.owner)
    offers = []
    for ability in sheet.abilities:
        total = ability_total(sheet.effective_rating(ability.name), ability.bonus,
                              ability.reserves, ability.resistance)
        offers.append(OverallOffer(ability.name, total, penalty.overall_points(total)))
    return offers


def take_penalty(name: str, allocation: Mapping[str, int], overall: Sequence[str] = (),
                 note: str = "") -> ResolverStep:
    """``name`` takes the penalty for going out, spread as ``allocation`` says (source name ->
    points), with the overall penalty on the abilities named in ``overall``, written on the
    sheets. The loser's player's decision (the GM's for a side with no sheet)."""

    def step(state: GameState, rng: Rng) -> list[str]:
        where, challenge = running(state)
        side = challenge.side(name)
        if name in challenge.penalties_taken:
            raise PoolChallengeError(f"{name} has taken this Challenge's penalty already.")
        penalty = challenge.penalty(name)
        sources = penalty_sources(side)
        spread = spread_loss(penalty.ability_points, [s.source for s in sources], allocation)
        why = note.strip() or f"lost a pool Challenge ({penalty.threshold})"
        sheets: dict[CharacterId, PoolSheet] = {}
        said: list[str] = []
        for share, found in zip(spread.shares, sources, strict=True):
            if share.points:
                said.append(_write_share(state, sheets, share.points, share.removed, found, why))
        offers = {offer.ability: offer for offer in overall_offers(state, side, penalty)}
        for ability in overall:
            if ability not in offers:
                raise PoolChallengeError(f"{ability} is not an ability the overall penalty "
                                         f"reaches on {name}'s sheet.")
            points = offers[ability].points
            if points and side.entrant.source is not None:
                said.append(_add_penalty(state, sheets, Source(side.entrant.source.owner, ability),
                                         points, f"overall: {why}"))
        if penalty.incapacitated and side.entrant.source is not None:
            owner, sheet = _sheet(state, sheets, side.entrant.source.owner)
            sheets[owner] = evolve(sheet, incapacitated=True)
            said.append(f"{name} is incapacitated")
        for owner, sheet in sheets.items():
            problems = sheet.system_problems()
            if problems:
                raise PoolChallengeError(problems[0].message)
            state.characters[owner] = evolve(state.characters[owner], sheet=sheet)
        taken = PenaltyTaken(name, tuple((n, p) for n, p in allocation.items() if p),
                             tuple(offers.values()), tuple(overall))
        state.resolvers[where] = _taken(challenge, taken)
        if not said:
            said.append("nothing to write")
        words = str(penalty).rstrip(".")
        return [f"{name} takes the penalty ({words[:1].lower()}{words[1:]}): {'; '.join(said)}."]

    return ResolverStep(step, decider=lambda state: side_rule(state, name, "take the penalty"))


def _taken(challenge: PoolChallenge, taken: PenaltyTaken) -> PoolChallenge:
    return evolve(challenge, penalties_taken=(*challenge.penalties_taken, taken.side),
                  penalties_written=(*challenge.penalties_written, taken))


def _sheet(state: GameState, sheets: dict[CharacterId, PoolSheet], owner: str
           ) -> tuple[CharacterId, PoolSheet]:
    character, sheet = sheet_of(state, owner)
    return character.id, sheets.get(character.id, sheet)


def _add_penalty(state: GameState, sheets: dict[CharacterId, PoolSheet], where: Source,
                 points: int, note: str) -> str:
    character, _, ability = ability_on(state, where)
    owner, sheet = _sheet(state, sheets, where.owner)
    sheets[owner] = evolve(sheet, penalties=(*sheet.penalties,
                                             SheetPenalty(ability.name, points, note)))
    return f"{character.name}'s {ability.name} -{points}"


def _write_share(state: GameState, sheets: dict[CharacterId, PoolSheet], points: int,
                 removed: int, found: PenaltySource, why: str) -> str:
    loss = found.source
    if found.sheet is None:
        return f"{loss.name} takes {points} (no sheet to write it on)"
    if loss.kind is SourceKind.RATING:
        return _add_penalty(state, sheets, found.sheet, points, why)
    character, _, ability = ability_on(state, found.sheet)
    owner, sheet = _sheet(state, sheets, found.sheet.owner)
    field = str(loss.kind)
    current = next(a for a in sheet.abilities if a.name == ability.name)
    lowered = evolve(current, **{field: max(0, getattr(current, field) - removed)})
    sheets[owner] = evolve(sheet, abilities=tuple(lowered if a is current else a
                                                  for a in sheet.abilities))
    return (f"{character.name}'s {ability.name} {field} {getattr(current, field)} → "
            f"{getattr(lowered, field)}")


__all__ = ["OverallOffer", "PenaltySource", "overall_offers", "penalty_sources", "take_penalty"]
