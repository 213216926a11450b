"""Fantastical Adventure characters as the resolver tracks them in play.

Four Facets on four different suits, one Strong and one Weak; Ambitions (at most four
long-term, any number of short-term ones, each serving a long-term one); at most four Bonds;
a role; a Power that sets the starting hand. An environment has Facets and no hand. Hits take
Facets away until the character is treated; a character who has lost all four is "killed".

>>> alex = Character.create("alex", "Alex", "p1", FACETS_EXAMPLE, Suit.SPADES, Suit.HEARTS,
...                         power=Power.EXTRAORDINARY)
>>> alex.starting_hand, alex.facet(Suit.SPADES).name
(7, 'Fencing')
>>> alex.lose_facet(Suit.CLUBS)
False
>>> alex.facet_names(lost=True)
['Sailor']
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import Factory, define, frozen

from cardtable.beats import Strength, strength_of
from cardtable.cards import PlayingCard, Suit
from cardtable.resolvers.adventure.events import CannotActError, SheetRuleError
from cardtable.sheets.adventure import AdventureSheet, Power, Role

__all__ = [
    "FACETS_EXAMPLE",
    "MAX_BONDS",
    "MAX_LONG_TERM",
    "Ambition",
    "Bond",
    "Character",
    "Facet",
    "Power",
    "Role",
]

FACET_COUNT = 4
MAX_LONG_TERM = 4
MAX_BONDS = 4


@frozen
class Facet:
    """A side of the character, tied to one suit."""

    suit: Suit
    name: str
    text: str = ""

    @classmethod
    def of(cls, suit: Suit, name: str, text: str = "") -> Facet:
        return cls(suit, name, text)


#: Four Facets used in examples and tests.
FACETS_EXAMPLE = (
    Facet(Suit.HEARTS, "Poet"),
    Facet(Suit.DIAMONDS, "Heir to a Fortune"),
    Facet(Suit.CLUBS, "Sailor"),
    Facet(Suit.SPADES, "Fencing"),
)


@frozen
class Ambition:
    """An Ambition: long-term when ``serves`` is None, else short-term serving that one."""

    text: str
    serves: str | None = None

    @classmethod
    def long_term(cls, text: str) -> Ambition:
        return cls(text)

    @classmethod
    def short_term(cls, text: str, serves: str) -> Ambition:
        return cls(text, serves)

    @property
    def is_long_term(self) -> bool:
        return self.serves is None


@frozen
class Bond:
    """A Bond with another character (by id) and its nature ("Blood Brothers")."""

    other: str
    nature: str


@define
class Character:
    """A character in play: its sheet's rules-relevant parts and its state after Hits.

    ``lost`` lists the suits of Facets lost to Hits until treated; ``scenes_dead`` counts
    the scenes begun while the character was believed "dead".
    """

    id: str
    name: str
    player: str
    facets: list[Facet]
    strong: Suit
    weak: Suit
    role: Role = Role.PROTAGONIST
    power: Power = Power.ORDINARY
    environment: bool = False
    ambitions: list[Ambition] = Factory(list)
    bonds: list[Bond] = Factory(list)
    lost: list[Suit] = Factory(list)
    down: bool = False
    dead: bool = False
    scenes_dead: int = 0

    # -- building ---------------------------------------------------------------------------

    @classmethod
    def create(
        cls,
        id: str,
        name: str,
        player: str,
        facets: Sequence[Facet],
        strong: Suit,
        weak: Suit,
        *,
        role: Role = Role.PROTAGONIST,
        power: Power = Power.ORDINARY,
        environment: bool = False,
        ambitions: Sequence[Ambition] = (),
        bonds: Sequence[Bond] = (),
    ) -> Character:
        """A checked character; :class:`SheetRuleError` says what the rules refuse."""
        character = cls(id, name, player, list(facets), strong, weak, role, power, environment)
        character.check_facets()
        for ambition in ambitions:
            character.add_ambition(ambition)
        for bond in bonds:
            character.add_bond(bond)
        return character

    @classmethod
    def environment_of(
        cls, id: str, name: str, player: str, facets: Sequence[Facet], strong: Suit, weak: Suit
    ) -> Character:
        """A dangerous environment: Facets, an antagonist's role, no hand."""
        return cls.create(id, name, player, facets, strong, weak, role=Role.ANTAGONIST,
                          environment=True)

    @classmethod
    def from_sheet(
        cls, id: str, player: str, sheet: AdventureSheet, *, environment: bool = False
    ) -> Character:
        """The character a finished :class:`AdventureSheet` describes (Bonds keep its names)."""
        if sheet.strong is None or sheet.weak is None:
            raise SheetRuleError(f"{sheet.name or 'This character'} needs a Strong Suit and a "
                                 "Weak Suit before play")
        facets = [Facet(f.suit, f.name, f.description) for f in sheet.facets]
        ambitions: list[Ambition] = []
        for long in sheet.ambitions:
            ambitions.append(Ambition.long_term(long.long_term))
            ambitions.extend(Ambition.short_term(s, long.long_term) for s in long.short_term)
        character = cls.create(
            id, sheet.name, player, facets, sheet.strong, sheet.weak, role=sheet.role,
            power=sheet.power, environment=environment, ambitions=ambitions,
            bonds=[Bond(b.character, b.nature) for b in sheet.bonds],
        )
        character.lost = [f.suit for f in sheet.facets if f.lost]
        return character

    def check_facets(self) -> None:
        """Four Facets, each on its own suit, and two different Strong and Weak suits."""
        who = self.name
        if len(self.facets) != FACET_COUNT:
            raise SheetRuleError(f"{who} needs exactly four Facets, not {len(self.facets)}")
        suits = [facet.suit for facet in self.facets]
        for suit in suits:
            if suits.count(suit) > 1:
                names = [f.name for f in self.facets if f.suit is suit]
                raise SheetRuleError(
                    f"{who}'s Facets {names[0]!r} and {names[1]!r} are both on {suit.value}: "
                    "each Facet needs its own suit"
                )
        if self.strong is self.weak:
            raise SheetRuleError(
                f"{who}'s Strong Suit and Weak Suit are both {self.strong.value}: pick two "
                "different suits"
            )

    # -- reading ----------------------------------------------------------------------------

    @property
    def starting_hand(self) -> int:
        """Cards dealt on entering play (none for an environment)."""
        return 0 if self.environment else self.power.hand_size

    @property
    def has_hand(self) -> bool:
        return not self.environment

    def facet(self, suit: Suit) -> Facet:
        for facet in self.facets:
            if facet.suit is suit:
                return facet
        raise SheetRuleError(f"{self.name} has no Facet on {suit.value}")

    def facet_names(self, *, lost: bool = False) -> list[str]:
        """The names of the Facets still held (or, with ``lost=True``, those lost)."""
        return [f.name for f in self.facets if (f.suit in self.lost) == lost]

    def strength(self, card: PlayingCard) -> Strength:
        """How ``card`` counts when this character plays it."""
        return strength_of(card, self.strong, self.weak)

    def narrates_with(self, card: PlayingCard) -> str:
        """Which Facet an action with ``card`` draws on, in words."""
        if card.suit is None:
            return "no Facet (a Joker needs none)"
        facet = self.facet(card.suit)
        lost = ", lost until treated" if card.suit in self.lost else ""
        return f"the {facet.name} Facet ({card.suit.value}{lost})"

    def ensure_can_act(self, doing: str) -> None:
        """Refuse with :class:`CannotActError` when Gone Down or "dead"."""
        if self.dead:
            raise CannotActError(f"{self.name} is \"dead\" and cannot {doing}")
        if self.down:
            raise CannotActError(
                f"{self.name} has Gone Down and cannot {doing} until treated or Shaking It Off"
            )

    # -- Ambitions and Bonds ----------------------------------------------------------------

    def long_term_ambitions(self) -> list[Ambition]:
        return [a for a in self.ambitions if a.is_long_term]

    def ambition(self, text: str) -> Ambition:
        for ambition in self.ambitions:
            if ambition.text == text:
                return ambition
        raise SheetRuleError(f"{self.name} has no Ambition {text!r}")

    def add_ambition(self, ambition: Ambition) -> None:
        """Take on an Ambition; refuses a fifth long-term one or an unlinked short-term one."""
        if any(a.text == ambition.text for a in self.ambitions):
            raise SheetRuleError(f"{self.name} already has the Ambition {ambition.text!r}")
        if ambition.is_long_term:
            if len(self.long_term_ambitions()) >= MAX_LONG_TERM:
                raise SheetRuleError(
                    f"{self.name} already has {MAX_LONG_TERM} long-term Ambitions; drop one "
                    f"before taking on {ambition.text!r}"
                )
        elif not any(a.text == ambition.serves for a in self.long_term_ambitions()):
            raise SheetRuleError(
                f"The short-term Ambition {ambition.text!r} must serve one of {self.name}'s "
                f"long-term Ambitions, and {ambition.serves!r} is not one"
            )
        self.ambitions.append(ambition)

    def drop_ambition(self, text: str) -> Ambition:
        """Remove an Ambition (accomplished or abandoned)."""
        ambition = self.ambition(text)
        if ambition.is_long_term and any(a.serves == text for a in self.ambitions):
            raise SheetRuleError(
                f"Short-term Ambitions still serve {text!r}; drop or accomplish them first"
            )
        self.ambitions.remove(ambition)
        return ambition

    def bond_with(self, other: str) -> Bond | None:
        return next((b for b in self.bonds if b.other == other), None)

    def add_bond(self, bond: Bond) -> None:
        """Make a Bond; refuses a fifth one, a second with the same character, or oneself."""
        if bond.other == self.id:
            raise SheetRuleError(f"{self.name} cannot have a Bond with themself")
        if self.bond_with(bond.other) is not None:
            raise SheetRuleError(f"{self.name} already has a Bond with {bond.other}")
        if len(self.bonds) >= MAX_BONDS:
            raise SheetRuleError(
                f"{self.name} already has {MAX_BONDS} Bonds; break one before making another"
            )
        self.bonds.append(bond)

    def break_bond(self, other: str) -> Bond:
        bond = self.bond_with(other)
        if bond is None:
            raise SheetRuleError(f"{self.name} has no Bond with {other}")
        self.bonds.remove(bond)
        return bond

    # -- Hits and "death" -------------------------------------------------------------------

    def lose_facet(self, suit: Suit) -> bool:
        """Lose the Facet on ``suit`` until treated; True when that was the fourth (killed)."""
        facet = self.facet(suit)
        if suit in self.lost:
            raise SheetRuleError(f"{self.name} has already lost the {facet.name} Facet")
        self.lost.append(suit)
        if len(self.lost) == FACET_COUNT:
            self.kill()
            return True
        return False

    def kill(self) -> None:
        self.dead = True
        self.down = False
        self.scenes_dead = 0

    def treat(self) -> list[Suit]:
        """Wounds treated: back on their feet with every lost Facet; returns those suits."""
        back = list(self.lost)
        self.lost.clear()
        self.down = False
        return back

    def revive(self) -> int:
        """Back from "death"; returns how many scenes they were believed dead."""
        scenes = self.scenes_dead
        self.dead = False
        self.down = False
        self.lost.clear()
        self.scenes_dead = 0
        return scenes
