"""The inspiration draw: NPC against NPC needs no rule (``rules/tourist-tarot.md``, last line).

The table offers one card from the deck, shown with its orientation and both keywords to
prompt the narration, logged, then discarded face up.

>>> from cardtable.cards import DeckId
>>> from cardtable.decks.standard import tourist_tarot
>>> from cardtable.piles import PileId, Table
>>> from cardtable.randomness import seeded
>>> table = Table()
>>> _ = table.add_deck(tourist_tarot(), DeckId("tarot"), seeded(3))
>>> drew = inspiration_draw(table, PileId("tarot/draw"), seeded(4))
>>> drew.card.card in table.pile(PileId("tarot/discard")).cards
True
"""

from __future__ import annotations

from attrs import frozen

from cardtable.cards import TarotCard
from cardtable.piles import PileId, Table
from cardtable.randomness import Rng
from cardtable.resolvers.tarot.events import ShownCard, TarotChallengeError


@frozen
class InspirationDrew:
    """The card drawn for inspiration, with the keyword of the way it came up first."""

    card: ShownCard
    keyword: str
    other_keyword: str

    def text(self, actor: str) -> str:
        """The log line: "Dana drew the Soldier of Paper, reversed, for inspiration: ..."."""
        said = f"{actor} drew {self.card.name}, {self.card.orientation}, for inspiration"
        if self.keyword:
            said += f': "{self.keyword}"'
            if self.other_keyword:
                other = "upright" if self.card.reversed else "reversed"
                said += f' ({other}: "{self.other_keyword}")'
        return said + "; it goes to the discard pile."


def inspiration_draw(table: Table, draw: PileId, rng: Rng) -> InspirationDrew:
    """Turn the top card of ``draw`` face up onto its discard pile (shuffling the discard
    pile back in first if the draw pile is empty) and say what it shows."""
    pile = table.pile(draw)
    if pile.refill_from is None:
        raise TarotChallengeError(f"{pile.label} has no discard pile to lay the card on")
    if not pile.cards:
        if not table.pile(pile.refill_from).cards:
            raise TarotChallengeError(
                "Every card of the Tourist's Tarot is on the table: gather some into the "
                "discard pile first"
            )
        table.refill(draw, rng)
    card = pile.cards[-1]
    table.move([card], pile.refill_from, face_up=True)
    shown = ShownCard.of(table, card)
    face = table.card(card).face
    if not isinstance(face, TarotCard):
        raise TarotChallengeError(f"{face.name} is not a card of the Tourist's Tarot")
    words = (face.reversed, face.upright) if shown.reversed else (face.upright, face.reversed)
    return InspirationDrew(shown, *words)
