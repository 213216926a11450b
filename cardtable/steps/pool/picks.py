"""A pool Challenge's sides as the table picks them, and the table's pool options.

A :class:`SidePick` is either a character's ability read from their pool sheet (penalties
on the sheet lower its rating) or an obstacle's numbers typed in; its complementary and
detracting abilities (:class:`HelperPick`) are other abilities, the character's own or an
ally's, read from their sheets the same way, or typed. :meth:`SidePick.entrant` turns a pick
into the resolver's :class:`~cardtable.resolvers.pool.sides.Entrant`, which then computes
what the helpers give.

>>> from cardtable.session import load
>>> from cardtable.session.demo import demo_path
>>> state = load(demo_path()).state
>>> pick = SidePick.from_sheet(state, CharacterId("captain-isolde-varga"), "Swordplay")
>>> entrant = pick.entrant(state)
>>> entrant.rating, entrant.ability.bonus  # Swordplay 8, less the sheet's penalty of 2
(6, 1)
"""

from __future__ import annotations

from collections.abc import Iterable

from attrs import field, frozen

from cardtable.resolvers.pool.abilities import Formula, Gives, Helper, Source
from cardtable.resolvers.pool.challenge import Options, TieRule
from cardtable.resolvers.pool.dice import DicePoint
from cardtable.resolvers.pool.numbers import PoolChallengeError
from cardtable.resolvers.pool.sides import Entrant
from cardtable.session import Character, CharacterId, GameState
from cardtable.session.table_options import POOL_DICE, POOL_FORMULA, POOL_TIES, value_of
from cardtable.sheets.pool import Ability as SheetAbility
from cardtable.sheets.pool import PoolSheet


def pool_options(state: GameState) -> Options:
    """The pool Challenge options this table set (``rules/pool-challenge.md``)."""
    return Options(
        dice=DicePoint(value_of(state, POOL_DICE)),
        formula=Formula(value_of(state, POOL_FORMULA)),
        ties=TieRule(value_of(state, POOL_TIES)),
    )


def pool_characters(state: GameState) -> list[Character]:
    """The characters with a pool Challenge sheet, in the order they joined."""
    return [c for c in state.characters.values() if isinstance(c.sheet, PoolSheet)]


def sheet_of(state: GameState, character: CharacterId | str) -> tuple[Character, PoolSheet]:
    found = state.characters.get(CharacterId(character))
    if found is None:
        raise PoolChallengeError(f"No character {character!r} is at the table any more.")
    if not isinstance(found.sheet, PoolSheet):
        raise PoolChallengeError(f"{found.name} has no pool Challenge sheet.")
    return found, found.sheet


def ability_on(state: GameState, source: Source) -> tuple[Character, PoolSheet, SheetAbility]:
    """The character, sheet and ability ``source`` names; refused when it is gone."""
    character, sheet = sheet_of(state, source.owner)
    try:
        return character, sheet, sheet.ability(source.ability)
    except KeyError:
        raise PoolChallengeError(
            f"{character.name}'s sheet has no ability {source.ability!r} any more."
        ) from None


def effective_rating(state: GameState, source: Source) -> int:
    """The ability's rating on its sheet, less the penalties the sheet carries on it."""
    _, sheet, ability = ability_on(state, source)
    return sheet.effective_rating(ability.name)


@frozen
class HelperPick:
    """A complementary or detracting ability: a sheet's (``source``) or typed."""

    name: str
    rating: int = 0
    gives: Gives = Gives.BONUS
    source: Source | None = None

    @classmethod
    def from_sheet(cls, state: GameState, character: CharacterId | str, ability: str,
                   gives: Gives = Gives.BONUS) -> HelperPick:
        found, _, on_sheet = ability_on(state, Source(str(character), ability))
        return cls(f"{found.name}'s {on_sheet.name}", 0, gives, Source(found.id, on_sheet.name))

    def helper(self, state: GameState) -> Helper:
        rating = self.rating if self.source is None else effective_rating(state, self.source)
        return Helper(self.name, rating, self.gives, self.source)


def _helpers(picks: Iterable[HelperPick]) -> tuple[HelperPick, ...]:
    return tuple(picks)


@frozen
class SidePick:
    """One side as picked: a sheet ability (``source``) or an obstacle's typed numbers, with
    up to two complementary and two detracting abilities; ``members`` above 1 is a horde."""

    name: str
    rating: int = 0
    bonus: int = 0
    reserves: int = 0
    resistance: int = 0
    ability: str = ""
    source: Source | None = None
    members: int = 1
    complements: tuple[HelperPick, ...] = field(default=(), converter=_helpers)
    detractors: tuple[HelperPick, ...] = field(default=(), converter=_helpers)

    @classmethod
    def from_sheet(cls, state: GameState, character: CharacterId | str, ability: str,
                   complements: Iterable[HelperPick] = (),
                   detractors: Iterable[HelperPick] = ()) -> SidePick:
        found, _, on_sheet = ability_on(state, Source(str(character), ability))
        return cls(found.name, ability=on_sheet.name, source=Source(found.id, on_sheet.name),
                   complements=tuple(complements), detractors=tuple(detractors))

    @property
    def character(self) -> CharacterId | None:
        return None if self.source is None else CharacterId(self.source.owner)

    def entrant(self, state: GameState) -> Entrant:
        """The side as the resolver takes it, its sheet read now (penalties applied)."""
        complements = tuple(pick.helper(state) for pick in self.complements)
        detractors = tuple(pick.helper(state) for pick in self.detractors)
        if self.source is not None:
            character, sheet, ability = ability_on(state, self.source)
            return Entrant.of(
                character.name, sheet.effective_rating(ability.name), bonus=ability.bonus,
                reserves=ability.reserves, resistance=ability.resistance, ability=ability.name,
                complements=complements, detractors=detractors, source=self.source,
            )
        name = " ".join(self.name.split())
        if not name:
            raise PoolChallengeError("Give every side a name: who or what enters?")
        if self.members > 1:
            if complements or detractors:
                raise PoolChallengeError(f"{name} is a horde: its members help each other "
                                         "already; take the helping abilities off.")
            return Entrant.horde(name, self.members, self.rating, member_reserves=self.reserves,
                                 bonus=self.bonus, resistance=self.resistance,
                                 ability=self.ability)
        return Entrant.of(name, self.rating, bonus=self.bonus, reserves=self.reserves,
                          resistance=self.resistance, ability=self.ability,
                          complements=complements, detractors=detractors)


__all__ = [
    "HelperPick",
    "SidePick",
    "ability_on",
    "effective_rating",
    "pool_characters",
    "pool_options",
    "sheet_of",
]
