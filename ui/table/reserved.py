"""The zones a session may come to show, kept a place on the felt from the start.

A tarot Challenge lays out its two rows and the character's Sleeve Cards when it starts; a
Fantastical Adventure character sets Suspended Challenges aside and an Identify Check lays
its card. If the felt made room only when they appeared, every zone after them would jump.
So the layout (:func:`cardtable.ui.table.layout.lay_out`) takes these placeholders with the
piles: each stands, empty and faint, where its pile will lie, named for what it will hold.

The ids are those the systems give their piles (``cardtable.steps.tarot``,
``cardtable.resolvers.tarot.challenge``, ``cardtable.steps.adventure.conflict``,
``cardtable.resolvers.adventure``); the tests hold the two lists to each other. They are
written out here so that laying out the felt need not load the systems' rules.
"""

from __future__ import annotations

from cardtable.piles import Pile, PileId, PileKind
from cardtable.session.model import GameState

#: The deck source of the Tourist's Tarot (``cardtable.steps.tarot.TAROT_SOURCE``).
TAROT_SOURCE = "tourist-tarot"
IDENTIFY_PILE = PileId("adventure/identify")
#: What a placeholder says while its pile is not there yet.
HINTS = {
    "challenge": "The Challenge's cards, once a Challenge starts",
    "player": "The player's cards, once a Challenge starts",
    "sleeve": "Sleeve Cards, once a Challenge starts",
    "aside": "Suspended Challenges, set aside here",
    "identify": "An Identify Check's card",
    "zone": "Face-down cards laid in a Conflict",
}


def reserved_piles(state: GameState) -> list[tuple[Pile, str]]:
    """Every zone a system in play may lay out that is not on the table yet, as an empty
    pile, with the hint its placeholder shows."""
    piles = state.table.piles
    found: list[tuple[Pile, str]] = []

    def want(pile_id: str, label: str, hint: str, owner: str | None = None) -> None:
        if PileId(pile_id) not in piles:
            found.append((Pile(PileId(pile_id), PileKind.ZONE, label, owner=owner), HINTS[hint]))

    for deck in state.decks:
        if deck.source == TAROT_SOURCE:
            want(f"{deck.id}/challenge", "The Challenge", "challenge")
            want(f"{deck.id}/player", "The player's cards", "player")
    adventure = False
    for character in state.characters.values():
        if character.system == "tarot":
            want(
                f"sleeve/{character.id}", f"{character.name}'s Sleeve Cards", "sleeve", character.id
            )
        elif character.system == "adventure":
            adventure = True
            want(
                f"zone/{character.id}", f"{character.name}'s face-down cards", "zone", character.id
            )
            want(
                f"adventure/aside/{character.id}",
                f"{character.name}'s Suspended Challenges",
                "aside",
                character.id,
            )
    if adventure:
        want(IDENTIFY_PILE, "Identify Check", "identify")
    return found


def arrived_with(state: GameState) -> dict[PileId, str]:
    """The shared zones a system lays out for its characters, each with the character whose
    coming brought it: the Identify Check comes with the first Fantastical Adventure
    character. The felt lays each with that character's zones, so that it moves nothing
    laid out before it came."""
    first = next((c.id for c in state.characters.values() if c.system == "adventure"), None)
    return {} if first is None else {IDENTIFY_PILE: str(first)}


def reserved_key(state: GameState) -> object:
    """What :func:`reserved_piles` depends on besides the piles themselves."""
    decks = tuple((deck.id, deck.source) for deck in state.decks)
    characters = tuple((c.id, c.name, c.system) for c in state.characters.values())
    return decks, characters


__all__ = [
    "HINTS",
    "IDENTIFY_PILE",
    "TAROT_SOURCE",
    "arrived_with",
    "reserved_key",
    "reserved_piles",
]
