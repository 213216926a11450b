"""A Fantastical Adventure game on a table whose hands and draw pile a test arranges.

``Rig`` deals nothing by chance that a test relies on: ``hand`` puts chosen cards in a hand and
``stack`` puts chosen cards on top of the draw pile, in the order they will be drawn.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.cards import CardId, PlayingCard, Suit
from cardtable.piles import PileId, Table
from cardtable.randomness import seeded
from cardtable.resolvers.adventure.characters import Character, Facet, Power, Role
from cardtable.resolvers.adventure.game import AdventureGame
from cardtable.resolvers.adventure.state import Player

PLAYERS = (Player("ann", "Ann"), Player("ben", "Ben"), Player("cy", "Cy"), Player("dee", "Dee"))


def facets(prefix: str) -> list[Facet]:
    return [Facet(suit, f"{prefix} {suit.value}") for suit in Suit]


class Rig:
    """A game with a 2-deck shoe, four players, and helpers to stack cards."""

    def __init__(self, players: Sequence[Player] = PLAYERS, seed: int = 1) -> None:
        self.table = Table()
        self.rng = seeded(seed)
        self.game = AdventureGame.start(self.table, self.rng, list(players))

    @property
    def draw_pile(self) -> list[CardId]:
        return self.table.pile(PileId(self.game.draw_pile)).cards

    @property
    def discard_pile(self) -> list[CardId]:
        return self.table.pile(PileId(self.game.discard_pile)).cards

    def add(
        self,
        id: str,
        player: str,
        hand: Sequence[str] = (),
        *,
        strong: Suit = Suit.SPADES,
        weak: Suit = Suit.HEARTS,
        power: Power = Power.ORDINARY,
        role: Role = Role.PROTAGONIST,
        environment: bool = False,
    ) -> Character:
        """Bring a character in (named ``id`` capitalised) and set its hand to ``hand``."""
        character = Character.create(id, id.capitalize(), player, facets(id.capitalize()),
                                     strong, weak, power=power, role=role,
                                     environment=environment)
        self.game.add_character(self.table, self.rng, character)
        if not environment:
            self.hand(id, hand)
        return character

    def find(self, code: str) -> CardId:
        """A card with this face from the draw pile (the one nearest the top)."""
        face = PlayingCard.from_code(code)
        for card in reversed(self.draw_pile):
            if self.table.card(card).face == face:
                return card
        raise LookupError(f"no {code} left in the draw pile")

    def hand(self, character: str, codes: Sequence[str]) -> list[CardId]:
        """Put the current hand back under the draw pile and give the character ``codes``."""
        hand = PileId(self.game.hand_id(character))
        self.table.move(list(self.table.pile(hand).cards), PileId(self.game.draw_pile), index=0,
                        face_up=False)
        cards = [self.find(code) for code in codes]
        self.table.move(cards, hand, face_up=False)
        return cards

    def stack(self, codes: Sequence[str]) -> list[CardId]:
        """Put ``codes`` on top of the draw pile; ``codes[0]`` is drawn first."""
        cards = [self.find(code) for code in codes]
        self.table.move(list(reversed(cards)), PileId(self.game.draw_pile), face_up=False)
        return cards

    def card_in_hand(self, character: str, code: str) -> CardId:
        face = PlayingCard.from_code(code)
        for card in self.game.hand(self.table, character):
            if self.table.card(card).face == face:
                return card
        raise LookupError(f"{character} holds no {code}")

    def codes(self, character: str) -> list[str]:
        """The hand as sorted codes."""
        return sorted(self.table.card(c).face.code  # type: ignore[union-attr]
                      for c in self.game.hand(self.table, character))

    def zone(self, character: str) -> list[CardId]:
        return self.table.pile(PileId(self.game.zone_id(character))).cards
