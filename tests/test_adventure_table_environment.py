"""An environment in a Conflict, in the Conflict panel, with real clicks.

From ``rules/fantastical-adventure.md``: an environment is a character with Facets and no
hand; when it needs a card it takes the top card of the draw pile; if that card fails to
trump when pushing back, its push back fails; it never draws.
"""

from __future__ import annotations

import pytest
from adventure_table_rig import (
    ISOLDE,
    MARSH,
    cast_session,
    give,
    pass_button,
    stack,
    take_seat,
)

from cardtable.piles import PileId
from cardtable.resolvers.adventure.state import Side
from cardtable.session import ConfirmSeat, PlayerId
from cardtable.steps.adventure import play as steps
from cardtable.ui.document import SessionDocument
from cardtable.ui.panels.adventure.conflict.panel import ConflictPanel
from cardtable.ui.qt import Qt

LEFT = Qt.MouseButton.LeftButton


@pytest.fixture
def panel(qtbot) -> ConflictPanel:
    session = cast_session()
    give(session, ISOLDE, ["7H", "KC", "3S"])
    document = SessionDocument(session)
    for player in ("alex", "bea", "chidi"):
        assert document.apply(steps.pass_turn(player))
    take_seat(session, "alex")  # Alex holds the computer on Dana's turn
    widget = ConflictPanel(document)
    qtbot.addWidget(widget)
    widget.resize(460, 1200)
    widget.show()
    return widget


def hand_over(qtbot, panel: ConflictPanel, player: str) -> None:
    """The form waiting for ``player``'s decision passes them the computer: "I am ..."."""
    qtbot.mouseClick(pass_button(panel, panel.document.session, player), LEFT)
    assert panel.document.apply(ConfirmSeat(PlayerId(player)))


def test_an_environment_plays_the_top_of_the_draw_pile_and_its_push_back_can_fail(qtbot, panel):
    document = panel.document
    session = document.session
    [nine, two] = stack(session, ["9C", "2S"])
    panel.challenger.setCurrentIndex(panel.challenger.findData(MARSH))
    # The Marsh is Dana's (the GM's) to play: Alex hands her the computer.
    assert panel.challenge_waiting.text.text() == (
        "Waiting for Dana (The Drowned Marsh) to issue the Challenge.")
    hand_over(qtbot, panel, "dana")
    qtbot.keyClicks(panel.goal_edit, "to swallow the causeway")
    qtbot.mouseClick(panel.challenge, LEFT)
    # No hand to keep secret: the picker offers the top card, with nothing to pass.
    assert panel.picker.pass_button.isHidden()
    assert panel.picker.prompt.text() == (
        "The Drowned Marsh is an environment: it plays the top card of the draw pile.")
    assert panel.picker.captions() == ["Top card of the draw pile"]
    assert panel.extras.faces.isHidden()
    qtbot.mouseClick(panel.picker.confirm, LEFT)
    assert session.table.pile(PileId(f"zone/{MARSH}")).cards == [nine]
    assert not session.table.facing[nine].face_up
    panel.answerer.setCurrentIndex(panel.answerer.findData(ISOLDE))
    hand_over(qtbot, panel, "alex")
    qtbot.mouseClick(panel.answer, LEFT)
    panel.picker.choose("7 of Hearts (Strong)")
    qtbot.mouseClick(panel.picker.confirm, LEFT)
    assert not panel.award.isEnabled()  # Advantage is the GM's to award
    take_seat(session, "dana")
    for side in Side:
        panel.award_side.setCurrentIndex(panel.award_side.findData(side))
        qtbot.keyClicks(panel.award_reason, "the tide")
        qtbot.mouseClick(panel.award, LEFT)
    qtbot.mouseClick(panel.reveal, LEFT)
    # The Marsh's 9 of Clubs is Strong for it; Isolde's 7 of Hearts Strong for her: 9 beats 7.
    assert panel.status.text() == "Isolde Varga must Yield or Push."
    hand_over(qtbot, panel, "alex")
    qtbot.mouseClick(panel.push, LEFT)
    panel.picker.choose("King of Clubs")
    qtbot.mouseClick(panel.picker.confirm, LEFT)
    assert panel.status.text() == "The Drowned Marsh must Yield or Push back."
    hand_over(qtbot, panel, "dana")
    qtbot.mouseClick(panel.push, LEFT)
    assert panel.picker.captions() == ["Top card of the draw pile"]
    qtbot.mouseClick(panel.picker.confirm, LEFT)
    # The 2 of Spades (plain for the Marsh) does not trump the King: the push back fails.
    log = [e.public for e in session.log]
    assert "The Drowned Marsh's card does not trump Isolde Varga's King of Clubs: the push " \
           "back fails" in log
    assert panel.banner.text() == "Isolde Varga wins the Conflict"
    assert session.table.facing[two].face_up
    assert any("environment never draws" in line for line in log)
