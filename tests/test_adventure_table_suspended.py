"""Suspended Challenges: set aside in the Conflict panel, labelled face down on the felt,
answered later, with real clicks.

From ``rules/fantastical-adventure.md``: a Suspended Challenge is a goal and a face-down
card set aside with a note, answered later, then resolved as usual.
"""

from __future__ import annotations

import pytest
from adventure_table_rig import GRIMSBY, ISOLDE, cast_session, give, pass_button
from table_rig import table_view

from cardtable.piles import PileId
from cardtable.resolvers.adventure.state import Phase
from cardtable.session import ConfirmSeat, PlayerId, on_screen, save
from cardtable.steps.adventure import conflict as conflict_steps
from cardtable.ui.document import SessionDocument
from cardtable.ui.panels.adventure.conflict.panel import ConflictPanel
from cardtable.ui.panels.adventure.felt_marks import FeltMarks
from cardtable.ui.qt import Qt

LEFT = Qt.MouseButton.LeftButton
ASIDE = f"adventure/aside/{ISOLDE}"


@pytest.fixture
def panel(qtbot) -> ConflictPanel:
    session = cast_session()
    give(session, ISOLDE, ["7H", "3S", "KC"])
    give(session, GRIMSBY, ["5C", "2D", "6S"])
    widget = ConflictPanel(SessionDocument(session))
    qtbot.addWidget(widget)
    widget.resize(460, 1200)
    widget.show()
    return widget


def set_aside(qtbot, panel: ConflictPanel) -> None:
    panel.challenger.setCurrentIndex(panel.challenger.findData(ISOLDE))
    assert not panel.extras.suspend.isEnabled()  # Isolde is Alex's: Dana holds the computer
    qtbot.mouseClick(pass_button(panel, panel.document.session, "alex"), LEFT)
    assert panel.document.apply(ConfirmSeat(PlayerId("alex")))
    qtbot.keyClicks(panel.goal_edit, "to hold the bridge")
    qtbot.keyClicks(panel.extras.suspend_note, "a rope trap across the gorge")
    qtbot.mouseClick(panel.extras.suspend, LEFT)
    assert panel.picker.confirm.text() == "Set aside"
    panel.picker.choose("3 of Spades (Weak)")
    qtbot.mouseClick(panel.picker.confirm, LEFT)
    assert panel.message.text() == ""


def test_a_suspended_challenge_waits_face_down_with_its_label(qtbot, panel, tmp_path):
    document = panel.document
    felt = table_view(qtbot, document)
    marks = FeltMarks(felt, document)
    set_aside(qtbot, panel)
    session = document.session
    [card] = session.table.pile(PileId(ASIDE)).cards
    assert not session.table.facing[card].face_up
    game = conflict_steps.find_game(session.state)
    assert game is not None and game.conflict is None
    [waiting] = game.suspended
    zone = felt.zone(ASIDE)
    assert zone is not None and zone.spec.title == "Isolde Varga's Suspended Challenges"
    item = felt.item(str(card))
    assert item is not None and item.visible_face() is None
    tag = marks.tags[f"card:{card}"]
    assert tag.scene() is felt.scene()
    assert item.sceneBoundingRect().contains(tag.sceneBoundingRect().topLeft())  # on the card
    assert tag.lines == [f"Suspended #{waiting.id}", "“to hold the bridge”",
                         "a rope trap across the gorge"]
    assert session.log[-1].public == (f"Isolde Varga set up a Suspended Challenge #{waiting.id}: "
                                      "'to hold the bridge' (a rope trap across the gorge)")
    assert "3 of Spades" not in session.log[-1].public
    # Saved and opened again, it still waits, labelled.
    path = tmp_path / "bridge.cardtable"
    save(session, path)
    document.open(path)
    assert f"card:{card}" in marks.tags
    assert panel.extras.suspended_box.isVisibleTo(panel)
    assert panel.extras.suspended_pick.currentText() == (
        f"#{waiting.id} Isolde Varga: to hold the bridge")
    assert card not in on_screen(document.session)


def test_a_suspended_challenge_is_answered_later(qtbot, panel):
    document = panel.document
    set_aside(qtbot, panel)
    session = document.session
    extras = panel.extras
    offered = [extras.suspended_answerer.itemData(i)
               for i in range(extras.suspended_answerer.count())]
    assert ISOLDE not in offered
    extras.suspended_answerer.setCurrentIndex(extras.suspended_answerer.findData(GRIMSBY))
    assert extras.suspended_waiting.text.text() == (
        "Waiting for Dana (Captain Grimsby) to answer it.")
    qtbot.mouseClick(extras.suspended_waiting.pass_button, LEFT)
    assert document.apply(ConfirmSeat(PlayerId("dana")))
    qtbot.keyClicks(extras.suspended_intent, "cut the rope")
    qtbot.mouseClick(extras.answer_suspended, LEFT)
    panel.picker.choose("6 of Spades (Strong)")
    qtbot.mouseClick(panel.picker.confirm, LEFT)
    game = conflict_steps.find_game(session.state)
    assert game is not None and game.conflict is not None and not game.suspended
    assert game.conflict.from_suspended and game.conflict.phase is Phase.ANSWERED
    assert not session.table.pile(PileId(ASIDE)).cards
    qtbot.mouseClick(panel.reveal, LEFT)
    # Isolde's 3 of Spades is Weak for her; Grimsby's 6 of Spades Strong: he trumps.
    assert panel.status.text() == "Isolde Varga must Yield or Push."
    assert not extras.interrupt_box.isVisibleTo(panel)  # long set: no Jack pre-empts it
