"""Fantastical Adventure in the hand dock: a Joker traded for three cards from its menu.

The hand dock (:mod:`cardtable.ui.table.hand_dock`) asks :func:`add_hand_actions` for the entries
a Fantastical Adventure hand adds to its context menu. The rule (discard the Joker, draw
three) is :func:`cardtable.resolvers.adventure.play.trade_joker`, run as one session action,
offered only where the model lets the seat holding the computer take it (the hand's player).
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.cards import CardId, PlayingCard
from cardtable.piles import PileId
from cardtable.session import CharacterId, on_screen
from cardtable.sheets.adventure import AdventureSheet
from cardtable.steps.adventure import play as steps
from cardtable.ui.document import SessionDocument
from cardtable.ui.qt import QtGui, QtWidgets

TRADE_TEXT = "Trade the Joker for three cards"


def add_hand_actions(menu: QtWidgets.QMenu, document: SessionDocument, hand: PileId,
                     cards: Sequence[str]) -> list[QtGui.QAction]:
    """Add "Trade the Joker for three cards" when the chosen cards of a Fantastical Adventure
    character's ``hand`` hold a Joker (one is traded per use); returns the entries added."""
    session = document.session
    pile = session.table.piles.get(hand)
    owner = pile.owner if pile is not None else None
    character = session.characters.get(CharacterId(owner)) if owner else None
    if character is None or not isinstance(character.sheet, AdventureSheet):
        return []
    shown = on_screen(session)
    jokers = [CardId(c) for c in cards if CardId(c) in shown
              and isinstance(face := session.table.card(CardId(c)).face, PlayingCard)
              and face.is_joker]
    if not jokers:
        return []
    joker, who = jokers[0], str(character.id)
    action = menu.addAction(TRADE_TEXT)
    tip = f"{character.name} discards the Joker and draws three cards"
    # The trade is the character's player's: greyed, with the model's reason, elsewhere.
    refused = session.may(steps.trade_joker(who, joker))
    action.setEnabled(refused is None)
    if refused is not None:
        tip += f"\nNot now: {refused}"
    action.setToolTip(tip)
    action.setStatusTip(tip)
    action.triggered.connect(lambda: document.apply(steps.trade_joker(who, joker)))
    return [action]


__all__ = ["TRADE_TEXT", "add_hand_actions"]
