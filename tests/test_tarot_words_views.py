"""A card already in sight shows the words its deck is given: the felt's items and a hand's
cards are the same cards with other words, and are shown anew; a renamed card goes by its new
name in a hand and on a phone, a Sleeve Card too, while the sheet keeps the rules' name."""

from __future__ import annotations

import pytest
from attrs import evolve
from pytestqt.qtbot import QtBot
from table_rig import QUINCE_HAND, TAROT_DRAW, demo_document, take_seat

from cardtable.cards import CardId, DeckId, TarotCard
from cardtable.session import Draw, PlayerId, Session
from cardtable.session.tarot_decks import TarotShelf, shipped_tarot_deck
from cardtable.session.words_actions import ChooseWords
from cardtable.ui.table.hand_dock import HandPanel, make_hand_dock

pytestmark = pytest.mark.usefixtures("tarot_decks_folder")


def _bea_holds_a_tarot_card(qtbot: QtBot) -> tuple[Session, CardId, TarotCard, HandPanel]:
    """The demo with a tarot card dealt to Quince's hand, Bea at the computer, her hands in
    their dock: the session, the card, its face and the hands' panel."""
    document = demo_document()
    session = document.session
    assert document.apply(Draw(TAROT_DRAW, QUINCE_HAND))
    card = session.table.piles[QUINCE_HAND].cards[-1]
    face = session.table.card(card).face
    assert isinstance(face, TarotCard)
    take_seat(session, "Bea")
    dock = make_hand_dock(document)
    qtbot.addWidget(dock)
    dock.show()
    panel = dock.findChild(HandPanel)
    assert isinstance(panel, HandPanel)
    return session, card, face, panel


def test_a_tarot_card_in_a_hand_shows_the_words_chosen_after_it_was_dealt(
    qtbot: QtBot,
) -> None:
    session, card, face, panel = _bea_holds_a_tarot_card(qtbot)
    hand = panel.hand_lists()[QUINCE_HAND]
    turned = " (reversed)" if session.table.facing[card].reversed else ""
    side = "reversed" if turned else "upright"
    shipped = shipped_tarot_deck()
    assert hand.item(hand.count() - 1).toolTip() == (
        f"{face.name}{turned}: {getattr(shipped.card(face.name), side)}"
    )
    words = evolve(shipped.card(face.name), **{side: "Words of Our Own"})
    ours = TarotShelf().save_as(shipped.with_card(words), "Ours")
    # The GM chooses the words from a phone while Bea holds the computer.
    session.apply_as(PlayerId("dana"), ChooseWords(DeckId("tarot"), ours))
    hand = panel.hand_lists()[QUINCE_HAND]
    assert hand.item(hand.count() - 1).toolTip() == f"{face.name}{turned}: Words of Our Own"


def test_a_renamed_tarot_card_in_a_hand_and_on_a_phone_shows_its_new_name(
    qtbot: QtBot,
) -> None:
    from cardtable.decks.words_file import edited
    from cardtable.phones.view import CardRefs, seat_view

    session, _, face, panel = _bea_holds_a_tarot_card(qtbot)
    shipped = shipped_tarot_deck()
    ours = TarotShelf().save_as(
        shipped.with_card(edited(shipped.card(face.name), "title", "Our Own Card")), "Ours"
    )
    session.apply_as(PlayerId("dana"), ChooseWords(DeckId("tarot"), ours))
    hand = panel.hand_lists()[QUINCE_HAND]
    assert hand.item(hand.count() - 1).toolTip().startswith("Our Own Card")
    seat = seat_view(session, PlayerId("bea"), CardRefs(b"key", "bea"))
    faces = [c["face"] for h in seat["hands"] for c in h["cards"] if c["face"]]
    [shown] = [f for f in faces if f["short"] == "Our Own Card"]
    assert shown["name"] == "Our Own Card"


def test_a_phone_shows_a_sleeve_card_by_its_new_name_the_sheet_keeps_the_rules_name() -> None:
    from cardtable.decks.words_file import edited
    from cardtable.phones.view import CardRefs, seat_view
    from cardtable.session import load
    from cardtable.session.demo import demo_path
    from cardtable.sheets import TarotSheet

    session = load(demo_path())
    ottilie = session.state.character("ottilie-marchbank")
    assert isinstance(ottilie.sheet, TarotSheet)
    shipped = shipped_tarot_deck()
    ours = TarotShelf().save_as(
        shipped.with_card(edited(shipped.card("Sage of Serpent"), "title", "The Old Snake")), "Ours"
    )
    assert session.apply(ChooseWords(DeckId("tarot"), ours))
    seat = seat_view(session, ottilie.player, CardRefs(b"key", str(ottilie.player)))
    [shown] = [c for c in seat["characters"] if c["id"] == ottilie.id]
    assert dict(shown["sheet"])["Sleeve"] == "The Old Snake reversed; Triumph XIV"
    sheet = session.state.character("ottilie-marchbank").sheet
    assert isinstance(sheet, TarotSheet) and sheet.sleeve[0].card == "Sage of Serpent"
