"""The Fantastical Adventure sheet: four Facets on four suits, Ambitions, Bonds, Role, Power.

See ``rules/fantastical-adventure.md``. Each Facet is tied to a different suit; one suit is
the Strong Suit and another the Weak Suit (a sheet still being written may leave them
unchosen). Short-term Ambitions are written under the long-term one they serve, so none can
lose its link.

>>> sheet = AdventureSheet(strong=Suit.SPADES, weak=Suit.HEARTS, power=Power.EXTRAORDINARY)
>>> sheet.starting_hand, sheet.facet(Suit.SPADES).mark
(7, '+')
>>> AdventureSheet(strong=Suit.CLUBS, weak=Suit.CLUBS)
Traceback (most recent call last):
...
cardtable.sheets.common.SheetError: The Strong Suit and the Weak Suit must be different suits.
"""

from __future__ import annotations

import enum
from typing import ClassVar

from attrs import frozen

from cardtable.cards import Suit
from cardtable.sheets.common import (
    MAX_ENTRY,
    MAX_NAME,
    Problem,
    SheetBase,
    check_count,
    check_text,
)

#: The four suits in the order the sheet prints the Facets.
SUITS = (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES)
FACETS = len(SUITS)
MAX_LONG_TERM = 4
MAX_BONDS = 4
#: A Facet's description: a sentence or two.
MAX_DESCRIPTION = 300


class Role(enum.Enum):
    """Who the character is in the story."""

    PROTAGONIST = "protagonist"
    ANTAGONIST = "antagonist"
    SUPPORTING = "supporting"

    @property
    def label(self) -> str:
        return "Supporting cast" if self is Role.SUPPORTING else self.value.capitalize()


class Power(enum.Enum):
    """How mighty the character is; it sets the starting hand."""

    ORDINARY = "ordinary"
    PERSON_OF_IMPORT = "person of import"
    EXTRAORDINARY = "extraordinary"
    FANTASTICAL = "fantastical"

    @property
    def hand_size(self) -> int:
        return _HAND_SIZES[self]

    @property
    def label(self) -> str:
        return self.value.title().replace(" Of ", " of ")


_HAND_SIZES = {
    Power.ORDINARY: 3,
    Power.PERSON_OF_IMPORT: 5,
    Power.EXTRAORDINARY: 7,
    Power.FANTASTICAL: 10,
}


@frozen
class Facet:
    """A side of the character, tied to one suit; ``lost`` after a Hit, until treated."""

    suit: Suit
    name: str = ""
    description: str = ""
    lost: bool = False


@frozen
class Ambition:
    """A long-term Ambition and the short-term Ambitions that work toward it."""

    long_term: str
    short_term: tuple[str, ...] = ()


@frozen
class Bond:
    """A tie to another character: who, and the nature of the bond."""

    character: str
    nature: str = ""


def _blank_facets() -> tuple[Facet, ...]:
    return tuple(Facet(suit) for suit in SUITS)


@frozen
class AdventureSheet(SheetBase):
    """A Fantastical Adventure character."""

    system: ClassVar[str] = "adventure"
    title: ClassVar[str] = "Fantastical Adventure"

    facets: tuple[Facet, ...] = _blank_facets()
    strong: Suit | None = None
    weak: Suit | None = None
    ambitions: tuple[Ambition, ...] = ()
    bonds: tuple[Bond, ...] = ()
    role: Role = Role.PROTAGONIST
    power: Power = Power.ORDINARY

    @property
    def starting_hand(self) -> int:
        """Cards in the starting hand, from Power (a hand may grow beyond it)."""
        return self.power.hand_size

    def facet(self, suit: Suit) -> FacetView:
        """The Facet tied to ``suit``, with its Strong/Weak mark."""
        for facet in self.facets:
            if facet.suit is suit:
                mark = "+" if suit is self.strong else "-" if suit is self.weak else ""
                return FacetView(facet, mark)
        raise KeyError(suit)

    def system_problems(self) -> list[Problem]:
        problems: list[Problem] = []
        if len(self.facets) != FACETS:
            problems.append(
                Problem("facets", f"A character has exactly four Facets (got {len(self.facets)}).")
            )
        seen: set[Suit] = set()
        for index, facet in enumerate(self.facets):
            where = f"facets[{index}]"
            if not isinstance(facet.suit, Suit):
                problems.append(Problem(f"{where}.suit", f"Facet {index + 1} needs a suit."))
            elif facet.suit in seen:
                problems.append(
                    Problem(
                        f"{where}.suit",
                        f"Two Facets are tied to {facet.suit.value}: "
                        "each Facet needs its own suit.",
                    )
                )
            else:
                seen.add(facet.suit)
            label = f"The {facet.suit.value} Facet" if isinstance(facet.suit, Suit) else "A Facet"
            check_text(problems, f"{where}.name", f"{label}'s name", facet.name, MAX_NAME)
            check_text(
                problems,
                f"{where}.description",
                f"{label}'s description",
                facet.description,
                MAX_DESCRIPTION,
            )
        for where, chosen in (("strong", self.strong), ("weak", self.weak)):
            if chosen is not None and not isinstance(chosen, Suit):
                problems.append(Problem(where, f"The {where.capitalize()} Suit must be a suit."))
        if self.strong is not None and self.strong is self.weak:
            problems.append(
                Problem("weak", "The Strong Suit and the Weak Suit must be different suits.")
            )
        check_count(problems, "ambitions", "long-term Ambitions", self.ambitions, MAX_LONG_TERM)
        for index, ambition in enumerate(self.ambitions):
            check_text(
                problems,
                f"ambitions[{index}].long_term",
                f"Long-term Ambition {index + 1}",
                ambition.long_term,
                MAX_ENTRY,
                required=True,
            )
            for step, text in enumerate(ambition.short_term):
                check_text(
                    problems,
                    f"ambitions[{index}].short_term[{step}]",
                    f"Short-term Ambition {step + 1} of Ambition {index + 1}",
                    text,
                    MAX_ENTRY,
                    required=True,
                )
        check_count(problems, "bonds", "Bonds", self.bonds, MAX_BONDS)
        for index, bond in enumerate(self.bonds):
            check_text(
                problems,
                f"bonds[{index}].character",
                f"Bond {index + 1}'s character",
                bond.character,
                MAX_NAME,
                required=True,
            )
            check_text(
                problems,
                f"bonds[{index}].nature",
                f"Bond {index + 1}'s nature",
                bond.nature,
                MAX_ENTRY,
            )
        if not isinstance(self.role, Role):
            problems.append(
                Problem("role", "The role must be protagonist, antagonist or supporting cast.")
            )
        if not isinstance(self.power, Power):
            problems.append(
                Problem(
                    "power",
                    "Power must be Ordinary, Person of Import, Extraordinary or Fantastical.",
                )
            )
        return problems


@frozen
class FacetView:
    """A Facet as the sheet shows it: ``mark`` is ``"+"`` (Strong), ``"-"`` (Weak) or ``""``."""

    facet: Facet
    mark: str

    @property
    def strong(self) -> bool:
        return self.mark == "+"

    @property
    def weak(self) -> bool:
        return self.mark == "-"
