"""A Fantastical Adventure character coming to the table during play, and those that cannot
take part yet.

Power sets the starting hand (``rules/fantastical-adventure.md``): a character brought in with
a hand is dealt it from the shoe as it arrives (:func:`bring_in`), as a new session deals
its characters'; the Strong and Weak Suits the sheet still lacks do not wait on it. Until the
sheet has both, the character cannot Challenge, Answer or Support: :func:`sitting_out` says so
for each, in the words the panels show.

>>> from cardtable.session import load
>>> from cardtable.session.demo import demo_path
>>> from cardtable.session import CharacterId
>>> from cardtable.sheets import blank
>>> session = load(demo_path())  # Dana, the GM, holds the computer
>>> brannoc = Character(CharacterId("sir-brannoc"), "Sir Brannoc", session.holder, "adventure",
...                     blank("adventure").revised(name="Sir Brannoc"))
>>> _ = session.apply(bring_in(brannoc, hand=True))
>>> len(session.table.pile("hand/sir-brannoc").cards)
3
>>> sitting_out(session.state)
['Sir Brannoc: choose a Strong Suit and a Weak Suit on the sheet to take part']
"""

from __future__ import annotations

from attrs import frozen

from cardtable.piles import PileId
from cardtable.session import (
    Action,
    AddCharacter,
    Character,
    Draw,
    GameState,
    Performed,
    PlayerId,
    Session,
    hand_id,
)
from cardtable.sheets.adventure import AdventureSheet
from cardtable.steps.adventure.conflict import SHOE_SOURCES, adventure_characters

__all__ = ["DealtIn", "bring_in", "sitting_out"]


def bring_in(character: Character, hand: bool) -> Action:
    """The action that brings ``character`` to the table (with a private ``hand`` of cards):
    a Fantastical Adventure character with a hand is dealt its starting hand as it comes."""
    if hand and isinstance(character.sheet, AdventureSheet):
        return DealtIn(character)
    return AddCharacter(character, hand=hand)


@frozen
class DealtIn(Action):
    """A Fantastical Adventure character brought in with a hand, and dealt its starting hand
    (from its sheet's Power) face down from the shoe; with no shoe on the table yet, no
    cards. Who may bring the character in may do this."""

    character: Character

    def _arrival(self) -> AddCharacter:
        return AddCharacter(self.character, hand=True)

    def refusal(self, session: Session, who: PlayerId) -> str | None:
        return self._arrival().refusal(session, who)

    def perform(self, session: Session) -> Performed:
        arrived = self._arrival().perform(session)
        shoe = next((d.id for d in session.state.decks if d.source in SHOE_SOURCES), None)
        sheet = self.character.sheet
        if shoe is None or not isinstance(sheet, AdventureSheet):
            return arrived
        dealt = Draw(PileId(f"{shoe}/draw"), hand_id(self.character), sheet.starting_hand)
        done = dealt.perform(session)
        return Performed(
            arrived.events + done.events,
            arrived.changes | done.changes,
            done.checkpoint,
            done.unseen,
        )


def sitting_out(state: GameState) -> list[str]:
    """Each Fantastical Adventure character at the table that cannot take part yet, and what
    its sheet needs: ``Sir Brannoc: choose a Strong Suit and a Weak Suit on the sheet to take
    part``."""
    lines = []
    for character in adventure_characters(state):
        sheet = character.sheet
        if isinstance(sheet, AdventureSheet) and (sheet.strong is None or sheet.weak is None):
            lines.append(
                f"{character.name}: choose a Strong Suit and a Weak Suit on the sheet to take part"
            )
    return lines
