"""Ambitions and Bonds in the Adventure play panel, with real clicks.

From ``rules/fantastical-adventure.md``: taking on a short-term Ambition draws 1,
accomplishing it draws 5 shareable with those who helped; acting on a Bond draws 1; two
bonded characters may Lend a Hand (give each other cards).
"""

from __future__ import annotations

import pytest
from adventure_table_rig import (
    BART,
    ISOLDE,
    cast_session,
    codes,
    give,
    private_names,
    widget_words,
)

from cardtable.piles import PileId
from cardtable.session import ConfirmSeat, PlayerId
from cardtable.ui.document import SessionDocument
from cardtable.ui.panels.adventure.play.forms import AccomplishDialog
from cardtable.ui.panels.adventure.play.panel import AdventurePlayPanel
from cardtable.ui.qt import Qt, QtWidgets

LEFT = Qt.MouseButton.LeftButton


@pytest.fixture
def panel(qtbot) -> AdventurePlayPanel:
    session = cast_session()
    give(session, BART, ["2C", "3C", "4C", "5C", "6C"])
    give(session, ISOLDE, ["7H", "8H", "9H"])
    widget = AdventurePlayPanel(SessionDocument(session))
    qtbot.addWidget(widget)
    widget.resize(460, 1200)
    widget.show()
    widget.who.setCurrentIndex(widget.who.findData(BART))
    return widget


def as_bea(qtbot, panel: AdventurePlayPanel) -> None:
    """Dana holds the computer; Bartholomew's choices are Bea's: the panel passes it to her."""
    waiting = panel.ambition_waiting
    assert waiting.text.text() == (
        "Waiting for Bea (Bartholomew Quince) to act on these Ambitions and Bonds.")
    assert not panel.take_up.isEnabled()
    qtbot.mouseClick(waiting.pass_button, LEFT)
    assert panel.document.apply(ConfirmSeat(PlayerId("bea")))
    assert waiting.isHidden() and panel.who.currentData() == BART


def hand(panel: AdventurePlayPanel, who: str) -> int:
    return len(panel.document.session.table.pile(PileId(f"hand/{who}")).cards)


def test_taking_up_a_short_term_ambition_draws_a_card(qtbot, panel):
    as_bea(qtbot, panel)
    assert panel.serves.currentText() == "toward: Map the Sunken Archipelago"
    qtbot.keyClicks(panel.new_goal, "Hire a pilot")
    qtbot.mouseClick(panel.take_up, LEFT)
    assert hand(panel, BART) == 6
    log = [e.public for e in list(panel.document.session.log)[-2:]]
    assert log == ["Bartholomew Quince takes on the short-term Ambition 'Hire a pilot'",
                   "Bartholomew Quince drew a card for a new Ambition"]
    assert "↳ Hire a pilot" in panel.goals.text()
    panel.serves.setCurrentIndex(panel.serves.findText("(a new long-term Ambition)"))
    qtbot.keyClicks(panel.new_goal, "Own a lighthouse")
    qtbot.mouseClick(panel.take_up, LEFT)
    assert hand(panel, BART) == 6  # a long-term Ambition draws nothing
    assert "<b>Own a lighthouse</b>" in panel.goals.text()


def test_an_accomplished_ambition_shares_five_cards(qtbot, panel):
    as_bea(qtbot, panel)
    panel.short.setCurrentIndex(panel.short.findText("Buy a diving bell"))
    qtbot.mouseClick(panel.accomplish, LEFT)
    dialog = panel.dialog
    assert isinstance(dialog, AccomplishDialog)
    assert set(dialog.spins) == {BART, ISOLDE, "mirela-vosk", "captain-grimsby"}
    ok = next(b for b in dialog.findChildren(QtWidgets.QPushButton)
              if b.text() == "Draw the cards")
    dialog.spins[ISOLDE].setValue(2)
    assert not ok.isEnabled() and dialog.total.text() == "7 of 5 cards shared"
    dialog.spins[BART].setValue(3)
    assert ok.isEnabled()
    qtbot.mouseClick(ok, LEFT)
    assert (hand(panel, BART), hand(panel, ISOLDE)) == (8, 5)
    assert "Buy a diving bell" not in panel.goals.text()
    assert panel.document.session.log[-3].public == (
        "Bartholomew Quince accomplished 'Buy a diving bell'")


def test_acting_on_a_bond_draws_a_card(qtbot, panel):
    as_bea(qtbot, panel)
    assert "Bond with <b>Isolde Varga</b>: owes her his life" in panel.bonds.text()
    panel.bond.setCurrentIndex(panel.bond.findText("Ottilie Marchbank"))
    assert not panel.lend.isEnabled()  # Ottilie is not in this game: no hand to lend to
    qtbot.mouseClick(panel.act, LEFT)
    assert hand(panel, BART) == 6
    panel.bond.setCurrentIndex(panel.bond.findText("Isolde Varga"))
    assert panel.lend.isEnabled()


def test_lending_a_hand_is_chosen_behind_the_curtain(qtbot, panel):
    document = panel.document
    session = document.session
    panel.bond.setCurrentIndex(panel.bond.findText("Isolde Varga"))
    # Dana holds the computer: the loan is Bea's to choose, and nothing of the hand shows.
    assert not panel.lend.isEnabled()
    assert ("Bartholomew Quince is Bea's character: only Bea may lend a hand for Bartholomew "
            "Quince.") in panel.lend.toolTip()
    for name in private_names(session):
        assert name not in widget_words(panel)
    qtbot.mouseClick(panel.ambition_waiting.pass_button, LEFT)
    assert session.curtain == "bea"
    for name in private_names(session):
        assert name not in widget_words(panel)
    assert document.apply(ConfirmSeat(PlayerId("bea")))
    qtbot.mouseClick(panel.lend, LEFT)
    assert panel.picker.captions() == ["2 of Clubs", "3 of Clubs", "4 of Clubs", "5 of Clubs",
                                       "6 of Clubs"]
    for caption in ("3 of Clubs", "5 of Clubs"):
        row = panel.picker.captions().index(caption)
        item = panel.picker.cards.item(row)
        qtbot.mouseClick(panel.picker.cards.viewport(), LEFT,
                         pos=panel.picker.cards.visualItemRect(item).center())
    qtbot.mouseClick(panel.picker.confirm, LEFT)
    assert codes(session, BART) == ["2C", "4C", "6C"]
    assert codes(session, ISOLDE) == ["3C", "5C", "7H", "8H", "9H"]
    entry = session.log[-1]
    assert entry.public == "Bartholomew Quince lent Isolde Varga 2 cards"
    assert "Clubs" not in entry.public
    assert panel.picker.isHidden()
