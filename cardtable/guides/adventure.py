"""Fantastical Adventure's prepared table: Bartholomew Quince (Alex's) against Harbourmaster
Crane (Dana's), the shoe on the table and both hands dealt as their sheets' Power says.

>>> from cardtable.randomness import seeded
>>> session = prepared(seeded(1))
>>> [(c.name, len(session.table.pile(f"hand/{c.id}").cards)) for c in session.characters.values()]
[('Bartholomew Quince', 5), ('Harbourmaster Crane', 3)]
>>> session.can_undo
False
"""

from __future__ import annotations

from cardtable.cards import Suit
from cardtable.guides.seated import seated
from cardtable.piles import PileId
from cardtable.randomness import Rng
from cardtable.session import Draw, Session, hand_id
from cardtable.session.new_session import SET_UP_BARRIER, SHOE_ID
from cardtable.sheets.adventure import AdventureSheet, Facet, Power, Role
from cardtable.sheets.samples import sample_adventure

#: The GM's antagonist: Spades Strong, Hearts Weak, an Ordinary hand of 3.
CRANE = AdventureSheet(
    name="Harbourmaster Crane",
    notes="Holds the harbour's keys, and every secret that came ashore with a ship.",
    facets=(
        Facet(Suit.HEARTS, "Soft on Strays", "Cannot turn away a wet dog or a lost child."),
        Facet(Suit.DIAMONDS, "Ledger Memory", "Remembers every berth fee owed since the flood."),
        Facet(Suit.CLUBS, "Harbour Muscle", "Twenty dockhands answer his whistle."),
        Facet(Suit.SPADES, "Knows Every Tide", "No ship leaves unless the water lets it."),
    ),
    strong=Suit.SPADES,
    weak=Suit.HEARTS,
    role=Role.ANTAGONIST,
    power=Power.ORDINARY,
)


def prepared(rng: Rng) -> Session:
    """The table Fantastical Adventure's guide walks through."""
    session, _ = seated(sample_adventure(), rng, gm_plays=(CRANE,))
    for character in list(session.characters.values()):
        sheet = character.sheet
        assert isinstance(sheet, AdventureSheet)
        hand = hand_id(character)
        short = sheet.starting_hand - len(session.table.pile(hand).cards)
        if short > 0:  # a new character's hand is dealt before its sheet says its Power
            session.apply(Draw(PileId(f"{SHOE_ID}/draw"), hand, short))
    session.checkpoint(SET_UP_BARRIER)
    return session


__all__ = ["CRANE", "prepared"]
