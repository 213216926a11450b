"""Turns and scenes in the Adventure play panel, with real clicks.

From ``rules/fantastical-adventure.md``: narration passes around the table in seat order; a
new scene draws one card per short-term Ambition a character works toward in it, and a
"dead" character regains a card up to their starting hand.
"""

from __future__ import annotations

import pytest
from adventure_table_rig import BART, MIRELA, cast_session, give, take_seat, widget_words

from cardtable.piles import PileId
from cardtable.steps.adventure import conflict as conflict_steps
from cardtable.ui.document import SessionDocument
from cardtable.ui.panels.adventure.play.forms import SceneDialog
from cardtable.ui.panels.adventure.play.panel import AdventurePlayPanel
from cardtable.ui.qt import Qt, QtWidgets

LEFT = Qt.MouseButton.LeftButton


@pytest.fixture
def panel(qtbot) -> AdventurePlayPanel:
    session = cast_session()
    give(session, MIRELA, ["2D", "3D", "4D"])
    widget = AdventurePlayPanel(SessionDocument(session))
    qtbot.addWidget(widget)
    widget.resize(460, 1200)
    widget.show()
    return widget


def test_the_turn_passes_in_seat_order_and_the_computer_follows(qtbot, panel):
    session = panel.document.session
    assert panel.turn.text().endswith("<b>Alex</b>'s turn")
    assert panel.order.text() == "Seat order: <b><u>Alex</u></b> → Bea → Chidi → Dana"
    assert panel.pass_turn.toolTip() == "Alex passes narration to Bea"
    turns = []
    for _ in range(4):
        qtbot.mouseClick(panel.pass_turn, LEFT)
        turns.append(session.log[-1].public)
    assert turns == ["Alex's turn ends; it is Bea's turn", "Bea's turn ends; it is Chidi's turn",
                     "Chidi's turn ends; it is Dana's turn", "Dana's turn ends; it is Alex's turn"]
    qtbot.mouseClick(panel.pass_turn, LEFT)
    # Dana (the GM) holds the computer; it is Bea's turn: one click hands it over.
    assert panel.hand_over.isVisibleTo(panel)
    assert panel.hand_over.text() == "Hand the computer to Bea"
    qtbot.mouseClick(panel.hand_over, LEFT)
    assert session.curtain == "bea" and session.holder == "bea"
    assert not panel.pass_turn.isEnabled()  # nothing happens behind the curtain
    assert "Not now: The curtain is up: Bea must say “I am Bea” first." in (
        panel.pass_turn.toolTip())


def test_a_new_scene_draws_for_ambitions_pursued_and_the_dead_regain(qtbot, panel):
    session = panel.document.session
    game, _ = conflict_steps.ensure_game(session.state)
    conflict_steps.join(session.state, session.rng, game, MIRELA)
    conflict_steps.join(session.state, session.rng, game, BART)
    game.character(MIRELA).kill()
    session.table.move(session.table.pile(PileId(f"hand/{MIRELA}")).cards[:2],
                       PileId("shoe/discard"), face_up=True)
    bart = len(session.table.pile(PileId(f"hand/{BART}")).cards)
    qtbot.mouseClick(panel.new_scene, LEFT)
    dialog = panel.dialog
    assert isinstance(dialog, SceneDialog)
    assert dialog.windowTitle() == "Begin scene 2"
    offered = [dialog.pursued.item(i).text() for i in range(dialog.pursued.count())]
    assert offered == ["Bartholomew Quince: Buy a diving bell",
                       "Bartholomew Quince: Find the mapmaker's widow"]
    dialog.tick(BART, "Find the mapmaker's widow")
    accept = next(b for b in dialog.findChildren(QtWidgets.QPushButton)
                  if b.text() == "Begin scene 2")
    qtbot.mouseClick(accept, LEFT)
    assert panel.scene.text() == "Scene 2" and session.scene == 2
    assert len(session.table.pile(PileId(f"hand/{MIRELA}")).cards) == 2
    assert len(session.table.pile(PileId(f"hand/{BART}")).cards) == bart + 1
    assert [e.public for e in list(session.log)[-3:]] == [
        "Scene 2 begins", 'Mirela Vosk drew a card while "dead"',
        "Bartholomew Quince drew a card working toward \"Find the mapmaker's widow\""]
    assert "“dead” (1 scene)" in widget_words(panel)


def test_no_new_scene_in_the_middle_of_a_conflict(qtbot, panel):
    from cardtable.steps.adventure import play as steps

    document = panel.document
    give(document.session, BART, ["2C", "3C"])
    assert document.apply(steps.pass_turn("alex"))
    take_seat(document.session, "bea")  # Bartholomew's Challenge is Bea's to issue
    card = document.session.table.pile(PileId(f"hand/{BART}")).cards[0]
    assert document.apply(steps.challenge_with(BART, "to cross the bridge", card))
    take_seat(document.session, "dana")  # back to the GM, whose scenes they are
    assert not panel.new_scene.isEnabled() and not panel.pass_turn.isEnabled()
    assert "finish the Conflict in progress first" in panel.new_scene.toolTip()
