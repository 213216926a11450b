"""A Fantastical Adventure table for the UI tests: the demo and a cast, hands a test arranges.

Import as ``from adventure_table_rig import ...`` (pytest puts ``tests/`` on the path).

The demo's Bartholomew Quince (Bea; Clubs Strong, Diamonds Weak; a Bond with Isolde Varga and
one with Ottilie Marchbank, the tarot character) is joined by Isolde Varga (Alex; Hearts
Strong, Spades Weak), Mirela Vosk (Chidi; Spades Strong, Clubs Weak), Captain Grimsby (Dana,
the GM; Spades Strong, Hearts Weak, an antagonist) and the Drowned Marsh (Dana; an
environment: no hand).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from cardtable.cards import CardId, PlayingCard, Suit
from cardtable.piles import PileId
from cardtable.randomness import seeded
from cardtable.session import (
    Action,
    AddCharacter,
    Character,
    CharacterId,
    ConfirmSeat,
    PassSeat,
    PlayerId,
    Session,
    load,
    on_screen,
)
from cardtable.session.demo import demo_path
from cardtable.sheets.adventure import AdventureSheet, Bond, Facet, Power, Role

if TYPE_CHECKING:
    from cardtable.ui.qt import QtWidgets

BART, ISOLDE, MIRELA, GRIMSBY, MARSH = (
    "bartholomew-quince", "isolde-varga", "mirela-vosk", "captain-grimsby", "the-drowned-marsh")
SHOE, DISCARD = PileId("shoe/draw"), PileId("shoe/discard")


def sheet(name: str, strong: Suit, weak: Suit, role: Role = Role.PROTAGONIST,
          bonds: Sequence[Bond] = ()) -> AdventureSheet:
    facets = tuple(Facet(suit, f"{name.split()[-1]}'s {suit.value}")
                   for suit in (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES))
    return AdventureSheet(name=name, facets=facets, strong=strong, weak=weak, role=role,
                          power=Power.ORDINARY, bonds=tuple(bonds))


def cast_session(seed: int = 7) -> Session:
    """The demo with the cast above; every hand empty but Bartholomew's five cards."""
    session = load(demo_path(), rng=seeded(seed))
    for name, player, strong, weak, role, hand, bonds in (
        ("Isolde Varga", "alex", Suit.HEARTS, Suit.SPADES, Role.PROTAGONIST, True,
         [Bond("Bartholomew Quince", "pulled him from the Maelstrom")]),
        ("Mirela Vosk", "chidi", Suit.SPADES, Suit.CLUBS, Role.PROTAGONIST, True, []),
        ("Captain Grimsby", "dana", Suit.SPADES, Suit.HEARTS, Role.ANTAGONIST, True, []),
        ("The Drowned Marsh", "dana", Suit.CLUBS, Suit.HEARTS, Role.ANTAGONIST, False, []),
    ):
        character = Character.from_sheet(sheet(name, strong, weak, role, bonds),
                                         PlayerId(player), taken=session.characters)
        assert session.apply(AddCharacter(character, hand=hand))
    return session


def _find(session: Session, code: str) -> CardId:
    face = PlayingCard.from_code(code)
    table = session.table
    for pile in (SHOE, DISCARD):
        for card in reversed(table.pile(pile).cards):
            if table.card(card).face == face:
                return card
    raise LookupError(f"no {code} left in the shoe")


def give(session: Session, character: str, codes: Sequence[str]) -> list[CardId]:
    """Set a character's hand to cards with these codes, taken from the shoe."""
    table = session.table
    hand = PileId(f"hand/{character}")
    table.move(list(table.pile(hand).cards), SHOE, index=0, face_up=False)
    cards = []
    for code in codes:
        card = _find(session, code)
        table.move([card], hand, face_up=False)
        cards.append(card)
    return cards


def stack(session: Session, codes: Sequence[str]) -> list[CardId]:
    """Put cards with these codes on top of the shoe; ``codes[0]`` is drawn first."""
    cards = [_find(session, code) for code in codes]
    session.table.move(list(reversed(cards)), SHOE, face_up=False)
    return cards


def codes(session: Session, character: str) -> list[str]:
    """The character's hand as sorted card codes."""
    table = session.table
    return sorted(table.card(c).face.code  # type: ignore[union-attr]
                  for c in table.pile(PileId(f"hand/{character}")).cards)


def take_seat(session: Session, player: str) -> None:
    """Pass the computer to ``player``, who lifts the curtain."""
    seat = [p.id for p in session.players].index(PlayerId(player))
    session.apply(PassSeat(seat))
    session.apply(ConfirmSeat(PlayerId(player)))


def pass_button(root: QtWidgets.QWidget, session: Session, player: str
                ) -> QtWidgets.QPushButton:
    """The "Pass the computer to ..." button of the form of ``root`` that waits for
    ``player``'s decision (a player id); fails when nothing shown waits for them."""
    from cardtable.ui.panels.owners import WaitingFor

    name = session.state.player(PlayerId(player)).name
    for waiting in root.findChildren(WaitingFor):
        button = waiting.pass_button
        if button.isVisibleTo(root) and button.text() == f"Pass the computer to {name}":
            return button
    raise AssertionError(f"nothing on screen waits for {name}")


def widget_words(root: QtWidgets.QWidget) -> str:
    """Every word ``root`` shows or tells a screen reader, visible widgets only."""
    from cardtable.ui.qt import QtWidgets

    words = []
    for widget in [root, *root.findChildren(QtWidgets.QWidget)]:
        if widget is not root and not widget.isVisibleTo(root):
            continue
        words += [widget.toolTip(), widget.accessibleName()]
        if isinstance(widget, QtWidgets.QLabel | QtWidgets.QAbstractButton):
            words.append(widget.text())
        if isinstance(widget, QtWidgets.QListWidget):
            words += [widget.item(i).text() for i in range(widget.count())]
            words += [widget.item(i).toolTip() for i in range(widget.count())]
        if isinstance(widget, QtWidgets.QComboBox):
            words += [widget.itemText(i) for i in range(widget.count())]
    return "\n".join(words)


def private_names(session: Session) -> set[str]:
    """The names of playing cards the screen may not show now, less those another copy of
    which it may (a two-deck shoe holds two of each card). Tarot names are left out: the
    tarot sheets quote them as examples, and no tarot card is private in these tests."""
    table = session.table
    shown = on_screen(session)
    playing = [c for c in table.cards if isinstance(table.card(c).face, PlayingCard)]
    public = {table.card(c).face.name for c in playing if c in shown}
    hidden = {table.card(c).face.name for c in playing if c not in shown}
    return {name for name in hidden - public if " of " in name}


def character(session: Session, character_id: str) -> Character:
    return session.state.character(CharacterId(character_id))


def yielded_conflict(session: Session) -> list[tuple[str, Action]]:
    """A Conflict of the cast, step by step with the seat that takes each: Bartholomew
    challenges, Grimsby answers, Mirela supports, the GM awards Advantage and reveals,
    Grimsby yields. Deals the cards it plays (Bea holds the computer at the start)."""
    from cardtable.resolvers.adventure.state import Side
    from cardtable.steps.adventure import conflict as conflict_steps
    from cardtable.steps.adventure import play as adventure_steps

    cards = {
        who: give(session, who, hand)[0]
        for who, hand in ((BART, ["7C", "2H"]), (GRIMSBY, ["5S", "KD"]), (MIRELA, ["8S"]))
    }
    take_seat(session, "bea")
    return [
        ("bea", adventure_steps.pass_turn("alex")),  # to Bea, Bartholomew's player
        ("bea", conflict_steps.issue_challenge(BART, "to snatch the drowned chart", cards[BART])),
        ("dana", conflict_steps.answer(GRIMSBY, "to keep it under lock", cards[GRIMSBY])),
        ("chidi", conflict_steps.support(MIRELA, Side.CHALLENGE, cards[MIRELA])),
        ("dana", conflict_steps.award(Side.ANSWER, 1, "it is his ship")),
        ("dana", conflict_steps.reveal()),
        ("dana", conflict_steps.yield_conflict(GRIMSBY)),
    ]
