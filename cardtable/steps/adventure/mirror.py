"""Keeping a Fantastical Adventure sheet in step with the character in play. No Qt here.

The game (:class:`~cardtable.resolvers.adventure.game.AdventureGame`) keeps its own copy of
each character once it joins: Hits take Facets away, Ambitions are taken up and
accomplished, Author Powers add Bonds. The sheet is what the table reads and prints, so each
game step passes on what it *changed* to the sheet: a Facet lost or regained, an Ambition
added or gone, a Bond made or broken. Only the change is carried over, never the whole
list, so an edit made on the sheet since the character joined is kept.

Sheets name the other character of a Bond by name; the game names it by id. :func:`bond_ids`
turns names into ids when a character joins, and the mirror turns them back.

>>> from cardtable.cards import Suit
>>> from cardtable.resolvers.adventure.characters import FACETS_EXAMPLE, Character
>>> alex = Character.create("alex", "Alex", "p1", FACETS_EXAMPLE, Suit.SPADES, Suit.HEARTS)
>>> before = facts(alex)
>>> alex.lose_facet(Suit.CLUBS)
False
>>> facts(alex).lost == before.lost
False
"""

from __future__ import annotations

from collections.abc import Mapping

from attrs import evolve, frozen

from cardtable.cards import Suit
from cardtable.resolvers.adventure.characters import Ambition as PlayAmbition
from cardtable.resolvers.adventure.characters import Bond as PlayBond
from cardtable.resolvers.adventure.characters import Character as PlayCharacter
from cardtable.resolvers.adventure.game import AdventureGame
from cardtable.session import CharacterId, GameState
from cardtable.sheets.adventure import AdventureSheet, Ambition, Bond


@frozen
class Facts:
    """What of a character in play also lives on its sheet."""

    lost: frozenset[Suit]
    ambitions: tuple[PlayAmbition, ...]
    bonds: tuple[PlayBond, ...]


def facts(character: PlayCharacter) -> Facts:
    return Facts(frozenset(character.lost), tuple(character.ambitions), tuple(character.bonds))


def snapshot(game: AdventureGame) -> dict[str, Facts]:
    """The sheet-facing facts of every character in the game, before a step runs."""
    return {cid: facts(c) for cid, c in game.characters.items()}


def bond_target(state: GameState, character: str, name: str) -> str:
    """Whom a sheet's Bond to ``name`` ties ``character`` to in the game: the id of the
    session's Fantastical Adventure character of that name, else the name as written."""
    for other in state.characters.values():
        if (str(other.id) != character and isinstance(other.sheet, AdventureSheet)
                and other.name.casefold() == name.casefold()):
            return str(other.id)
    return name


def bond_ids(state: GameState, character: PlayCharacter) -> None:
    """Name each Bond's other character as :func:`bond_target` does (a sheet writes names)."""
    character.bonds = [PlayBond(bond_target(state, character.id, b.other), b.nature)
                       for b in character.bonds]


def mirror(state: GameState, game: AdventureGame, before: Mapping[str, Facts]) -> None:
    """Carry what the step changed for each character over to its session sheet."""
    for cid, character in game.characters.items():
        old = before.get(cid)
        seated = state.characters.get(CharacterId(cid))
        if old is None or seated is None or not isinstance(seated.sheet, AdventureSheet):
            continue
        new = facts(character)
        if new == old:
            continue
        sheet = seated.sheet
        if new.lost != old.lost:
            sheet = _facets(sheet, new.lost - old.lost, old.lost - new.lost)
        if new.ambitions != old.ambitions:
            sheet = _ambitions(sheet, old.ambitions, new.ambitions)
        if new.bonds != old.bonds:
            sheet = _bonds(state, sheet, old.bonds, new.bonds)
        state.characters[CharacterId(cid)] = evolve(seated, sheet=sheet)


def _facets(sheet: AdventureSheet, lost: frozenset[Suit], regained: frozenset[Suit]
            ) -> AdventureSheet:
    facets = tuple(
        evolve(f, lost=True) if f.suit in lost else evolve(f, lost=False) if f.suit in regained
        else f for f in sheet.facets)
    return evolve(sheet, facets=facets)


def _ambitions(sheet: AdventureSheet, old: tuple[PlayAmbition, ...],
               new: tuple[PlayAmbition, ...]) -> AdventureSheet:
    entries = list(sheet.ambitions)
    for gone in (a for a in old if a not in new):
        if gone.is_long_term:
            entries = [e for e in entries if e.long_term != gone.text]
        else:
            entries = [evolve(e, short_term=tuple(s for s in e.short_term if s != gone.text))
                       if e.long_term == gone.serves else e for e in entries]
    for added in (a for a in new if a not in old):
        if added.is_long_term:
            if not any(e.long_term == added.text for e in entries):
                entries.append(Ambition(added.text))
            continue
        serves = added.serves or ""
        if not any(e.long_term == serves for e in entries):
            entries.append(Ambition(serves))
        entries = [evolve(e, short_term=(*e.short_term, added.text))
                   if e.long_term == serves and added.text not in e.short_term else e
                   for e in entries]
    return evolve(sheet, ambitions=tuple(entries))


def _bonds(state: GameState, sheet: AdventureSheet, old: tuple[PlayBond, ...],
           new: tuple[PlayBond, ...]) -> AdventureSheet:
    def name(other: str) -> str:
        found = state.characters.get(CharacterId(other))
        return found.name if found is not None else other

    entries = list(sheet.bonds)
    for gone in (b for b in old if b not in new):
        entries = [e for e in entries if e.character.casefold() != name(gone.other).casefold()]
    for made in (b for b in new if b not in old):
        if not any(e.character.casefold() == name(made.other).casefold() for e in entries):
            entries.append(Bond(name(made.other), made.nature))
    return evolve(sheet, bonds=tuple(entries))


__all__ = ["Facts", "bond_ids", "bond_target", "facts", "mirror", "snapshot"]
