"""The names a session's tarot goes by, as a sheet's Sleeve Cards show and take them.

A sheet keeps a Sleeve Card by the rules' name ("Soldier of Paper"), so that the sheet means
the same card at any table; a group may call a card by a name of its own ("The Paper Hound",
chosen with the deck's words, :mod:`cardtable.session.words_actions`). A sheet shows the
group's name, and takes either name typed in.

>>> names = CardNames.of({"Soldier of Paper": "The Paper Hound"})
>>> names.shown("Soldier of Paper"), names.shown("Triumph XIV")
('The Paper Hound', 'Triumph XIV')
>>> names.rules_name(" the paper  HOUND "), names.rules_name("Soldier of Paper")
('Soldier of Paper', 'Soldier of Paper')
>>> names.unknown_card(1, "Hound").split(": ")[1]
"write it like 'The Paper Hound' or 'Triumph XIV' (or by the rules' name, like 'Soldier of Paper')."
"""

from __future__ import annotations

from collections.abc import Mapping

from attrs import frozen

__all__ = ["EXAMPLES", "CardNames"]

#: The cards a message names to show how a Sleeve Card is written: a suit card and a Triumph.
EXAMPLES = ("Soldier of Paper", "Triumph XIV")


def _key(text: str) -> str:
    return " ".join(text.split()).casefold()


@frozen
class CardNames:
    """The group's own name of each card it renamed, by the rules' name (none: the rules'
    names throughout)."""

    renamed: tuple[tuple[str, str], ...] = ()

    @classmethod
    def of(cls, names: Mapping[str, str]) -> CardNames:
        """From the name players see of each card, by the rules' name."""
        return cls(tuple(sorted((rules, own) for rules, own in names.items() if own != rules)))

    def shown(self, card: str) -> str:
        """The name players see for the card the rules call ``card`` (anything else as is)."""
        return next((own for rules, own in self.renamed if rules == card), card)

    def rules_name(self, typed: str) -> str:
        """The rules' name of the card a group's name ``typed`` names (in any case, with any
        spaces); anything else as typed, for the sheet to check."""
        key = _key(typed)
        return next((rules for rules, own in self.renamed if _key(own) == key), typed)

    def unknown_card(self, number: int, typed: object) -> str:
        """What a sheet says of Sleeve Card ``number`` naming no card, with examples in the
        names players see."""
        shown = [self.shown(card) for card in EXAMPLES]
        text = (
            f"Sleeve Card {number} ({typed!r}) names no card of the Tourist's Tarot: "
            f"write it like {shown[0]!r} or {shown[1]!r}"
        )
        renamed = [card for card in EXAMPLES if self.shown(card) != card]
        if renamed:
            text += f" (or by the rules' name, like {renamed[0]!r})"
        return text + "."
