"""Face cards at the moment they apply, in the Conflict panel, with real clicks.

From ``rules/fantastical-adventure.md``: a Jack issues a Challenge out of turn or pre-empts
one before its reveal (its cards go back to the hands; the interrupted turn resumes); a King
with a Challenge leaves the Answerer no Supporters; an Ace Challenge is answered only with an
Ace; after another character wins, a Queen cancels their goal for a Hit instead.
"""

from __future__ import annotations

import pytest
from adventure_table_rig import (
    BART,
    GRIMSBY,
    ISOLDE,
    MIRELA,
    cast_session,
    character,
    codes,
    give,
    pass_button,
    private_names,
    take_seat,
    widget_words,
)

from cardtable.cards import Rank
from cardtable.piles import PileId
from cardtable.resolvers.adventure.state import Phase, Side
from cardtable.session import ConfirmSeat, PlayerId
from cardtable.steps.adventure import conflict as conflict_steps
from cardtable.steps.adventure import play as steps
from cardtable.ui.document import SessionDocument
from cardtable.ui.panels.adventure.conflict.panel import ConflictPanel
from cardtable.ui.qt import Qt

LEFT = Qt.MouseButton.LeftButton


@pytest.fixture
def panel(qtbot) -> ConflictPanel:
    session = cast_session()
    give(session, BART, ["7C", "KH", "AS", "JD", "2H"])
    give(session, ISOLDE, ["7H", "3S", "KC"])
    give(session, MIRELA, ["9S", "AD", "QH"])
    give(session, GRIMSBY, ["5C", "2D", "6S"])
    widget = ConflictPanel(SessionDocument(session))
    qtbot.addWidget(widget)
    widget.resize(460, 1200)
    widget.show()
    return widget


def take(panel: ConflictPanel, player: str) -> None:
    """A form waits for ``player``'s decision: pass the computer (a click), "I am ..."."""
    session = panel.document.session
    if session.holder != player:
        pass_button(panel, session, player).click()
        assert panel.document.session.curtain == player
        assert panel.extras.faces.isHidden()  # nothing of the hand behind the curtain
        assert panel.document.apply(ConfirmSeat(PlayerId(player)))


def pick(panel: ConflictPanel, combo, character: str) -> None:
    index = combo.findData(character)
    assert index >= 0, f"{character} is not offered"
    combo.setCurrentIndex(index)


def challenge(qtbot, panel: ConflictPanel, who: str, goal: str) -> None:
    """``who``'s player, handed the computer, issues a Challenge for ``goal``."""
    pick(panel, panel.challenger, who)
    take(panel, character(panel.document.session, who).player)
    panel.goal_edit.clear()
    qtbot.keyClicks(panel.goal_edit, goal)
    qtbot.mouseClick(panel.challenge, LEFT)


def zone_codes(panel: ConflictPanel, who: str) -> list[tuple[str, bool]]:
    table = panel.document.session.table
    return [(table.card(c).face.code, table.facing[c].face_up)
            for c in table.pile(PileId(f"zone/{who}")).cards]


def test_a_jack_lets_a_challenge_come_out_of_turn_and_a_king_forbids_support(qtbot, panel):
    session = panel.document.session
    challenge(qtbot, panel, BART, "to snatch the drowned chart")  # Alex's turn, not Bea's
    faces = panel.extras.faces
    assert faces.isVisibleTo(panel)
    assert faces.labels[Rank.JACK].text() == "Jack (required)"
    assert [faces.rows[Rank.KING].itemText(i) for i in range(faces.rows[Rank.KING].count())] == [
        "(none)", "King of Hearts"]
    faces.choose(Rank.KING, "King of Hearts")
    panel.picker.choose("7 of Clubs (Strong)")
    qtbot.mouseClick(panel.picker.confirm, LEFT)
    assert panel.message.text() == ""
    assert zone_codes(panel, BART) == [("7C", False), ("JD", True), ("KH", True)]
    game = conflict_steps.find_game(session.state)
    assert game is not None and game.conflict is not None and game.conflict.king is not None
    public = session.log[-1].public
    assert "with the Jack of Diamonds to interrupt" in public
    assert "with the King of Hearts so the Answerer may have no Supporters" in public
    assert "7 of Clubs" not in public
    pick(panel, panel.answerer, GRIMSBY)
    take(panel, "dana")
    qtbot.mouseClick(panel.answer, LEFT)
    panel.picker.choose("5 of Clubs")
    qtbot.mouseClick(panel.picker.confirm, LEFT)
    pick(panel, panel.supporter, MIRELA)
    panel.support_side.setCurrentIndex(panel.support_side.findData(Side.ANSWER))
    take(panel, "chidi")
    qtbot.mouseClick(panel.support, LEFT)
    panel.picker.choose("9 of Spades (Strong)")
    qtbot.mouseClick(panel.picker.confirm, LEFT)
    assert panel.message.text() == (
        "Bartholomew Quince's King forbids Captain Grimsby any Supporters")
    assert PileId(f"zone/{MIRELA}") not in session.table.piles  # refused: she never joined


def test_only_an_ace_answers_an_ace_challenge(qtbot, panel):
    session = panel.document.session
    for player in ("alex", "bea", "chidi"):
        assert panel.document.apply(steps.pass_turn(player))
    # Dana's turn: Grimsby challenges with nothing beside it; now give him an Ace to use.
    give(session, GRIMSBY, ["5C", "AH", "6S"])
    challenge(qtbot, panel, GRIMSBY, "to sink the ferry")
    panel.extras.faces.choose(Rank.ACE, "Ace of Hearts")
    panel.picker.choose("6 of Spades (Strong)")
    qtbot.mouseClick(panel.picker.confirm, LEFT)
    assert zone_codes(panel, GRIMSBY) == [("6S", False), ("AH", True)]
    # Isolde holds no Ace: the offer says so and the rules refuse her Answer.
    pick(panel, panel.answerer, ISOLDE)
    take(panel, "alex")
    qtbot.mouseClick(panel.answer, LEFT)
    assert "Isolde Varga holds no Ace" in panel.extras.faces.note.text()
    panel.picker.choose("7 of Hearts (Strong)")
    qtbot.mouseClick(panel.picker.confirm, LEFT)
    assert "only someone who also plays an Ace can answer it" in panel.message.text()
    qtbot.mouseClick(panel.picker.cancel, LEFT)
    # Mirela holds the Ace of Diamonds: it is required, and offered.
    pick(panel, panel.answerer, MIRELA)
    take(panel, "chidi")
    qtbot.mouseClick(panel.answer, LEFT)
    ace = panel.extras.faces.rows[Rank.ACE]
    assert [ace.itemText(i) for i in range(ace.count())] == ["Ace of Diamonds"]
    panel.picker.choose("9 of Spades (Strong)")
    qtbot.mouseClick(panel.picker.confirm, LEFT)
    assert zone_codes(panel, MIRELA) == [("9S", False), ("AD", True)]
    game = conflict_steps.find_game(session.state)
    assert game is not None and game.conflict is not None
    assert game.conflict.phase is Phase.ANSWERED


def test_a_jack_pre_empts_a_challenge_before_its_reveal(qtbot, panel):
    session = panel.document.session
    challenge(qtbot, panel, ISOLDE, "to reach the lighthouse")
    panel.picker.choose("7 of Hearts (Strong)")
    qtbot.mouseClick(panel.picker.confirm, LEFT)
    pick(panel, panel.answerer, GRIMSBY)
    take(panel, "dana")
    qtbot.mouseClick(panel.answer, LEFT)
    panel.picker.choose("5 of Clubs")
    qtbot.mouseClick(panel.picker.confirm, LEFT)
    assert panel.extras.interrupt_box.isVisibleTo(panel)
    pick(panel, panel.extras.interrupter, BART)
    qtbot.keyClicks(panel.extras.interrupt_goal, "to cut the lighthouse lamp")
    take(panel, "bea")
    qtbot.mouseClick(panel.extras.interrupt, LEFT)
    faces = panel.extras.faces
    assert faces.labels[Rank.JACK].text() == "Jack (required)"
    panel.picker.choose("2 of Hearts")
    qtbot.mouseClick(panel.picker.confirm, LEFT)
    assert panel.message.text() == ""
    # Every card laid for Isolde's Challenge went back to its hand, unrevealed.
    assert codes(session, ISOLDE) == ["3S", "7H", "KC"]
    assert codes(session, GRIMSBY) == ["2D", "5C", "6S"]
    assert all(not session.table.facing[c].face_up for who in (ISOLDE, GRIMSBY)
               for c in session.table.pile(PileId(f"hand/{who}")).cards)
    log = [e.public for e in session.log]
    assert ("Bartholomew Quince pre-empted Isolde Varga's Challenge 'to reach the lighthouse'; "
            "every card laid for it goes back to its hand unrevealed") in log
    game = conflict_steps.find_game(session.state)
    assert game is not None and game.conflict is not None
    assert game.conflict.challenger == BART
    # Bea may not end the chance to Answer: the GM says nobody answers.
    assert not panel.no_answer.isEnabled()
    take_seat(session, "dana")
    qtbot.mouseClick(panel.no_answer, LEFT)
    assert session.log[-1].public.startswith("Nobody answered: Bartholomew Quince attains")
    assert game.turn_player.name == "Alex"  # the interrupted turn is still Alex's


def test_a_queen_cancels_the_winners_goal_for_a_hit(qtbot, panel):
    session = panel.document.session
    challenge(qtbot, panel, ISOLDE, "to reach the lighthouse")
    panel.picker.choose("7 of Hearts (Strong)")
    qtbot.mouseClick(panel.picker.confirm, LEFT)
    pick(panel, panel.answerer, GRIMSBY)
    take(panel, "dana")
    qtbot.mouseClick(panel.answer, LEFT)
    panel.picker.choose("5 of Clubs")
    qtbot.mouseClick(panel.picker.confirm, LEFT)
    qtbot.mouseClick(panel.reveal, LEFT)
    # Isolde's 7 of Hearts is Strong for her; Grimsby's 5 of Clubs is plain: she trumps.
    assert panel.status.text() == "Captain Grimsby must Yield or Push."
    qtbot.mouseClick(panel.yield_button, LEFT)
    assert panel.banner.text() == "Isolde Varga wins the Conflict"
    queen = panel.extras
    assert queen.queen_box.isVisibleTo(panel)
    offered = [queen.queen_player.itemData(i) for i in range(queen.queen_player.count())]
    assert ISOLDE not in offered and MIRELA in offered
    pick(panel, queen.queen_player, MIRELA)
    take(panel, "chidi")
    qtbot.mouseClick(queen.queen, LEFT)
    assert panel.picker.captions() == ["Queen of Hearts"]  # only a Queen may be played
    assert panel.picker.confirm.text() == "Play this Queen"
    qtbot.mouseClick(panel.picker.confirm, LEFT)
    assert session.log[-1].public.startswith(
        "Mirela Vosk played the Queen of Hearts: Isolde Varga's goal 'to reach the lighthouse' "
        "is cancelled")
    hits = panel.extras.hits
    assert hits.isVisibleTo(panel)
    assert "take:" + MIRELA in hits.buttons
    assert "Mirela Vosk must take a Hit for blocking Isolde Varga's goal with a Queen" in (
        widget_words(hits))
    for name in private_names(session):
        assert name not in widget_words(panel)
