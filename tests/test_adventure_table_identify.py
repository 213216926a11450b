"""An Identify Check in the Adventure play panel, with real clicks.

From ``rules/fantastical-adventure.md``: the introducer of a vague threat lays the top card
of the draw pile face down; characters claim with cards face up, each higher than the last;
at the reveal, a hidden card higher than every claim lets the introducer define the thing,
otherwise the last claim stands.
"""

from __future__ import annotations

import pytest
from adventure_table_rig import (
    BART,
    MIRELA,
    cast_session,
    give,
    private_names,
    stack,
    widget_words,
)

from cardtable.piles import PileId
from cardtable.resolvers.adventure.identify import IDENTIFY_PILE
from cardtable.session import ConfirmSeat, PlayerId
from cardtable.ui.document import SessionDocument
from cardtable.ui.panels.adventure.play.panel import AdventurePlayPanel
from cardtable.ui.qt import Qt

LEFT = Qt.MouseButton.LeftButton


@pytest.fixture
def panel(qtbot) -> AdventurePlayPanel:
    session = cast_session()
    give(session, BART, ["5C", "KD", "2S"])
    give(session, MIRELA, ["3D", "9S", "5H"])
    widget = AdventurePlayPanel(SessionDocument(session))
    qtbot.addWidget(widget)
    widget.resize(460, 1200)
    widget.show()
    return widget


def claim(qtbot, panel: AdventurePlayPanel, who: str, player: str, what: str) -> list[str]:
    """``who`` claims: the box waits for their player, who is passed the computer, says
    "I am ...", and clicks Claim; returns the cards offered."""
    panel.claimer.setCurrentIndex(panel.claimer.findData(who))
    waiting = panel.identify.waiting
    assert waiting is not None and waiting.isVisibleTo(panel)
    assert not panel.claim.isEnabled()
    assert f"only {panel.document.session.state.player(PlayerId(player)).name} may claim" in (
        panel.claim.toolTip())
    qtbot.mouseClick(waiting.pass_button, LEFT)
    assert panel.document.session.curtain == player
    assert panel.picker.isHidden()
    assert panel.document.apply(ConfirmSeat(PlayerId(player)))
    qtbot.keyClicks(panel.claim_what, what)
    qtbot.mouseClick(panel.claim, LEFT)
    for name in private_names(panel.document.session):
        assert name not in widget_words(panel)
    return panel.picker.captions()


def test_an_identify_check_from_hidden_card_to_the_last_claim(qtbot, panel):
    session = panel.document.session
    [hidden] = stack(session, ["8S"])
    assert panel.introducer.currentText() == "Dana"  # the GM, by default
    qtbot.keyClicks(panel.threat, "a shape in the fog")
    qtbot.mouseClick(panel.start_identify, LEFT)
    pile = session.table.pile(PileId(IDENTIFY_PILE))
    assert pile.cards == [hidden] and not session.table.facing[hidden].face_up
    assert session.log[-1].public == (
        "Dana introduced 'a shape in the fog' and laid the top card of the draw pile face down "
        "for an Identify Check")
    assert panel.identify_cards.captions() == ["face-down card"]

    offered = claim(qtbot, panel, BART, "bea", "a smuggler's lantern")
    assert offered == ["5 of Clubs", "King of Diamonds", "2 of Spades"]
    panel.picker.choose("5 of Clubs")
    qtbot.mouseClick(panel.picker.confirm, LEFT)
    assert session.log[-1].public == (
        "Bartholomew Quince played the 5 of Clubs and, drawing on the Iron Constitution Facet "
        "(clubs), says it is a smuggler's lantern")
    assert panel.identify_cards.captions() == ["face-down card", "5 of Clubs"]

    # Only a higher card may follow the 5: not the 3, not the other 5.
    offered = claim(qtbot, panel, MIRELA, "chidi", "a drowned bell")
    assert offered == ["9 of Spades"]
    qtbot.mouseClick(panel.picker.confirm, LEFT)
    qtbot.mouseClick(panel.reveal, LEFT)
    assert session.log[-1].public == (
        "The hidden card is the 8 of Spades, not higher than every claim: 'a shape in the fog' "
        "is a drowned bell, as Mirela Vosk said")
    assert not session.table.pile(PileId(IDENTIFY_PILE)).cards
    assert panel.start_identify.isVisibleTo(panel)


def test_a_hidden_card_above_every_claim_lets_the_introducer_decide(qtbot, panel):
    session = panel.document.session
    stack(session, ["QH"])
    qtbot.keyClicks(panel.threat, "a rumour in the market")
    qtbot.mouseClick(panel.start_identify, LEFT)
    claim(qtbot, panel, BART, "bea", "a tax collector")
    panel.picker.choose("2 of Spades")
    qtbot.mouseClick(panel.picker.confirm, LEFT)
    qtbot.mouseClick(panel.reveal, LEFT)
    assert session.log[-1].public == (
        "The hidden card is the Queen of Hearts, higher than every claim: Dana defines "
        "'a rumour in the market' freely")
