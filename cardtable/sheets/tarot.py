"""The N-Dimensional Tourists sheet: five Attributes on the rank ladder, Aspects, Sleeve Cards.

See ``rules/tourist-tarot.md``. Attributes share the Challenge Rank ladder (0 Mediocre to
9 Mythic); the label is printed beside the number, never instead of it.

>>> sheet = TarotSheet(name="Ada", rock=4, unknown=9)
>>> sheet.attribute(TarotSuit.ROCK), rank_label(sheet.unknown)
(4, 'Mythic')
>>> TarotSheet(paper=10)
Traceback (most recent call last):
...
cardtable.sheets.common.SheetError: Paper must be between 0 and 9 (got 10).
"""

from __future__ import annotations

from typing import Any, ClassVar

from attrs import frozen

from cardtable.cards import CardError, TarotCard, TarotSuit
from cardtable.sheets.card_names import CardNames
from cardtable.sheets.common import (
    MAX_ENTRY,
    Problem,
    SheetBase,
    check_range,
    check_text,
    check_unique,
)

#: The rank ladder shared by Challenge Ranks and Attributes, from 0 up.
LADDER = (
    "Mediocre",
    "Average",
    "Fair",
    "Good",
    "Great",
    "Superb",
    "Fantastic",
    "Epic",
    "Legendary",
    "Mythic",
)
LOWEST_RANK = 0
HIGHEST_RANK = len(LADDER) - 1

#: The five Attributes, named like the five suits, in the order the sheet prints them.
ATTRIBUTES = (
    TarotSuit.ROCK,
    TarotSuit.PAPER,
    TarotSuit.BLADES,
    TarotSuit.SERPENT,
    TarotSuit.UNKNOWN,
)


def rank_label(rank: int) -> str:
    """The ladder's word for ``rank``: ``rank_label(4) == 'Great'``."""
    if not LOWEST_RANK <= rank <= HIGHEST_RANK:
        raise ValueError(f"ranks run from {LOWEST_RANK} to {HIGHEST_RANK}, not {rank}")
    return LADDER[rank]


@frozen
class Aspect:
    """A short sentence written after a Challenge, kept for a while or for good."""

    text: str
    permanent: bool = False

    @property
    def kind(self) -> str:
        return "permanent" if self.permanent else "temporary"


@frozen
class SleeveCard:
    """A card kept face up in the character's sleeve, with the orientation it was drawn in."""

    card: str
    reversed: bool = False

    @property
    def face(self) -> TarotCard:
        """The card it names; :class:`~cardtable.cards.CardError` if it names none."""
        return TarotCard.from_name(self.card)

    @property
    def label(self) -> str:
        return f"{self.card}, {'reversed' if self.reversed else 'upright'}"


@frozen
class TarotSheet(SheetBase):
    """A Tourist: the five Attributes (0-9), Aspects, Specialties and Sleeve Cards."""

    system: ClassVar[str] = "tarot"
    title: ClassVar[str] = "N-Dimensional Tourists"

    rock: int = 0
    paper: int = 0
    blades: int = 0
    serpent: int = 0
    unknown: int = 0
    aspects: tuple[Aspect, ...] = ()
    specialties: tuple[str, ...] = ()
    sleeve: tuple[SleeveCard, ...] = ()

    def attribute(self, which: TarotSuit) -> int:
        """The value of one Attribute."""
        value: int = getattr(self, which.name.lower())
        return value

    def system_problems(self) -> list[Problem]:
        problems: list[Problem] = []
        for which in ATTRIBUTES:
            check_range(
                problems,
                which.name.lower(),
                which.value,
                self.attribute(which),
                LOWEST_RANK,
                HIGHEST_RANK,
            )
        for index, aspect in enumerate(self.aspects):
            check_text(
                problems,
                f"aspects[{index}]",
                f"Aspect {index + 1}",
                aspect.text,
                MAX_ENTRY,
                required=True,
            )
        for index, specialty in enumerate(self.specialties):
            check_text(
                problems,
                f"specialties[{index}]",
                f"Specialty {index + 1}",
                specialty,
                MAX_ENTRY,
                required=True,
            )
        check_unique(problems, "specialties", "Specialty", self.specialties)
        for index, kept in enumerate(self.sleeve):
            try:
                kept.face  # noqa: B018 - parsing is the check
            except (CardError, AttributeError):
                problems.append(
                    Problem(f"sleeve[{index}]", CardNames().unknown_card(index + 1, kept.card))
                )
        return problems

    def problems_named(self, names: CardNames, **changes: Any) -> list[Problem]:
        """:meth:`problems_if`, a Sleeve Card that names no card said with ``names`` (the
        session's names for its tarot's cards)."""
        sleeve = changes.get("sleeve", self.sleeve)
        plain = CardNames()
        worded = {
            plain.unknown_card(index + 1, kept.card): names.unknown_card(index + 1, kept.card)
            for index, kept in enumerate(sleeve)
            if isinstance(kept, SleeveCard)
        }
        return [
            Problem(p.field, worded.get(p.message, p.message)) for p in self.problems_if(**changes)
        ]
