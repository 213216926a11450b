"""Decisions belong to someone (issue 24): every prompt a panel raises names its owner, is
answered only at that seat, and elsewhere offers to pass them the computer.

Walk-through 4 of the issue is played first, through the real panels: three players entered
as Gina, Bob and Alice (no GM), Gina's Ogre challenging Bob's Brann, Alice's Mira at the table.
Then one test per panel that its prompt names its owner and is refused at another seat.
"""

from __future__ import annotations

import random

import pytest
from adventure_table_rig import give, sheet
from pytestqt.qtbot import QtBot
from question_rig import answer_next_question
from session_builders import ticking

from cardtable.cards import DeckId, Suit
from cardtable.randomness import seeded
from cardtable.resolvers.adventure.tokens import AuthorPower
from cardtable.session import (
    AddCharacter,
    AddDeck,
    AddPlayer,
    Character,
    ConfirmSeat,
    DeckOnTable,
    PassSeat,
    Player,
    PlayerId,
    Session,
    load,
)
from cardtable.session.demo import demo_path
from cardtable.steps.adventure import conflict as steps
from cardtable.ui.document import SessionDocument
from cardtable.ui.panels.adventure.conflict.panel import ConflictPanel
from cardtable.ui.panels.adventure.play.panel import AdventurePlayPanel
from cardtable.ui.panels.dice.duel import DuelView
from cardtable.ui.panels.pool.tracker import PoolTracker
from cardtable.ui.panels.tokens.panel import TokenPanel
from cardtable.ui.qt import Qt, QtWidgets

LEFT = Qt.MouseButton.LeftButton
OGRE, BRANN, MIRA = "ogre", "brann", "mira"
YIELD_REFUSED = "Brann is Bob's character: only Bob may yield for Brann."


def three_players() -> Session:
    """Gina (the Ogre: Clubs Strong), Bob (Brann: Spades Strong, Diamonds Weak) and Alice
    (Mira), entered in that order, at a table with a shoe and no GM; Gina holds the computer."""
    session = Session(rng=seeded(24), clock=ticking())
    for name, colour in (("Gina", "#c0392b"), ("Bob", "#2980b9"), ("Alice", "#27ae60")):
        session.apply(AddPlayer(Player.named(name, colour, taken=[p.id for p in session.players])))
    session.apply(AddDeck(DeckOnTable(DeckId("shoe"), "shoe", 1)))
    for name, player, strong, weak in (("Ogre", "gina", Suit.CLUBS, Suit.HEARTS),
                                       ("Brann", "bob", Suit.SPADES, Suit.DIAMONDS),
                                       ("Mira", "alice", Suit.HEARTS, Suit.CLUBS)):
        character = Character.from_sheet(sheet(name, strong, weak), PlayerId(player),
                                         taken=session.characters)
        session.holder = PlayerId(player)  # each player brings in their own character
        session.apply(AddCharacter(character, hand=True))
    session.holder = PlayerId("gina")
    give(session, OGRE, ["QC", "4H"])
    give(session, BRANN, ["3D", "2H"])
    give(session, MIRA, ["5H"])
    return session


def hand_over(qtbot: QtBot, document: SessionDocument, button: QtWidgets.QPushButton,
              player: str) -> None:
    """Click a "Pass the computer to ..." button; ``player`` says "I am ..."."""
    assert button.isVisible() and button.isEnabled()
    qtbot.mouseClick(button, LEFT)
    assert document.session.curtain == player
    assert document.apply(ConfirmSeat(PlayerId(player)))


def pass_back(document: SessionDocument, player: str) -> None:
    """The group hands the computer to ``player`` (the curtain, then "I am ...")."""
    assert document.apply(PassSeat(document.session.state.seat_of(PlayerId(player))))
    assert document.apply(ConfirmSeat(PlayerId(player)))


@pytest.fixture
def table(qtbot: QtBot) -> tuple[ConflictPanel, TokenPanel, AdventurePlayPanel]:
    document = SessionDocument(three_players())
    conflict, tokens, play = (ConflictPanel(document), TokenPanel(document),
                              AdventurePlayPanel(document))
    for widget in (conflict, tokens, play):
        qtbot.addWidget(widget)
        widget.resize(460, 1100)
        widget.show()
    return conflict, tokens, play


def test_walk_through_4_decisions_belong_to_their_players(qtbot: QtBot, table) -> None:
    conflict, tokens, play = table
    document = conflict.document
    session = document.session
    # Gina's Ogre issues a Challenge and lays the Queen of Clubs face down.
    assert conflict.challenger.currentData() == OGRE  # Gina's own character, by default
    qtbot.keyClicks(conflict.goal_edit, "to take the bridge toll")
    qtbot.mouseClick(conflict.challenge, LEFT)
    conflict.picker.choose("Queen of Clubs (Strong)")
    qtbot.mouseClick(conflict.picker.confirm, LEFT)
    # Brann answers: the Answer is Bob's, so the form waits for him.
    assert conflict.answerer.currentIndex() == -1  # nothing of another player's by default
    conflict.answerer.setCurrentIndex(conflict.answerer.findData(BRANN))
    assert not conflict.answer.isEnabled()
    assert "only Bob may answer for Brann" in conflict.answer.toolTip()
    assert conflict.answer_waiting.text.text() == "Waiting for Bob (Brann) to answer."
    hand_over(qtbot, document, conflict.answer_waiting.pass_button, "bob")
    qtbot.keyClicks(conflict.intent, "hold the gate")
    qtbot.mouseClick(conflict.answer, LEFT)
    conflict.picker.choose("3 of Diamonds (Weak)")
    qtbot.mouseClick(conflict.picker.confirm, LEFT)
    qtbot.mouseClick(conflict.reveal, LEFT)
    assert conflict.status.text() == "Brann must Yield or Push."

    # Gina takes the computer back and presses Yield for Bob's Brann: refused.
    pass_back(document, "gina")
    logged = len(session.log)
    assert not conflict.yield_button.isEnabled() and not conflict.push.isEnabled()
    assert YIELD_REFUSED in conflict.yield_button.toolTip()
    qtbot.mouseClick(conflict.yield_button, LEFT)
    assert len(session.log) == logged
    with qtbot.waitSignal(document.refused) as refused:
        assert not document.apply(steps.yield_conflict(BRANN))
    assert refused.args == [YIELD_REFUSED]
    game = steps.find_game(session.state)
    assert game is not None and game.conflict is not None and game.conflict.winner is None
    waiting = conflict.mover_waiting
    assert waiting.text.text() == "Waiting for Bob (Brann) to Yield or Push."
    assert waiting.pass_button.text() == "Pass the computer to Bob"
    assert waiting.pass_button.isVisible()

    # Gina never gets Alice's "spend 1 Author token" dialog while Alice is away.
    qtbot.mouseClick(tokens.rows["alice"].give, LEFT)  # Gina's Applause: Alice's token
    assert tokens.spender.currentData() == "gina"  # her own purse, by default
    tokens.spender.setCurrentIndex(tokens.spender.findData("alice"))
    draw = tokens.power_buttons[AuthorPower.DRAW]
    assert not draw.isEnabled()
    assert "That is Alice's to spend: pass the computer to Alice." in draw.toolTip()
    qtbot.mouseClick(draw, LEFT)
    assert tokens.dialog is None
    with qtbot.waitSignal(document.refused):
        assert tokens.open_power(AuthorPower.DRAW) is None
    assert tokens.dialog is None
    assert tokens.spender_waiting.text.text() == "Waiting for Alice to spend their Author tokens."
    assert tokens.spender_waiting.pass_button.text() == "Pass the computer to Alice"

    # Bob yields at his own seat; the Conflict closes and the turn goes on to Bob, then Alice.
    hand_over(qtbot, document, waiting.pass_button, "bob")
    qtbot.mouseClick(conflict.yield_button, LEFT)
    assert conflict.banner.text() == "Ogre wins the Conflict"
    answer_next_question(qtbot, "Close the Conflict")
    qtbot.mouseClick(conflict.close_button, LEFT)
    assert conflict.challenger.currentData() == BRANN  # Bob holds the computer
    qtbot.mouseClick(play.pass_turn, LEFT)
    assert session.log[-1].public == "Bob's turn ends; it is Alice's turn"
    # On Alice's turn the Challenger list never offers Bob's Brann as the default.
    assert play.hand_over.text() == "Hand the computer to Alice"
    hand_over(qtbot, document, play.hand_over, "alice")
    assert conflict.challenger.currentData() == MIRA
    pass_back(document, "gina")
    assert conflict.challenger.currentData() == OGRE


def test_passed_the_computer_the_owner_decides_once_they_say_who_they_are(
    qtbot: QtBot, table
) -> None:
    conflict, _tokens, _play = table
    document = conflict.document
    qtbot.keyClicks(conflict.goal_edit, "to cross the ford")
    conflict.challenger.setCurrentIndex(conflict.challenger.findData(BRANN))
    waiting = conflict.challenge_waiting
    assert waiting.text.text() == "Waiting for Bob (Brann) to issue the Challenge."
    qtbot.mouseClick(waiting.pass_button, LEFT)
    # Behind the curtain Bob holds the computer: nothing waits, and nothing is offered yet.
    assert waiting.isHidden() and not conflict.challenge.isEnabled()
    assert "The curtain is up: Bob must say “I am Bob” first." in conflict.challenge.toolTip()
    assert document.apply(ConfirmSeat(PlayerId("bob")))
    # What Gina chose and typed waits for Bob, who lays his card.
    assert conflict.challenger.currentData() == BRANN and conflict.challenge.isEnabled()
    assert conflict.goal_edit.text() == "to cross the ford"


def test_a_support_names_its_supporter_and_waits_for_them(qtbot: QtBot, table) -> None:
    conflict, _tokens, _play = table
    document = conflict.document
    session = document.session
    card = session.table.pile(steps.hand_id(session.state.character(OGRE))).cards[0]
    assert document.apply(steps.issue_challenge(OGRE, "to take the toll", card))
    pass_back(document, "bob")
    bob_card = session.table.pile(steps.hand_id(session.state.character(BRANN))).cards[0]
    assert document.apply(steps.answer(BRANN, "hold the gate", bob_card))
    assert conflict.supporter.currentIndex() == -1  # Bob has no one else to offer
    conflict.supporter.setCurrentIndex(conflict.supporter.findData(MIRA))
    assert not conflict.support.isEnabled()
    assert "Mira is Alice's character: only Alice may support for Mira." in (
        conflict.support.toolTip())
    assert conflict.support_waiting.text.text() == "Waiting for Alice (Mira) to support."
    hand_over(qtbot, document, conflict.support_waiting.pass_button, "alice")
    assert conflict.support.isEnabled() and conflict.supporter.currentData() == MIRA


def test_ambitions_and_claims_wait_for_their_characters_player(qtbot: QtBot, table) -> None:
    _conflict, _tokens, play = table
    document = play.document
    assert play.who.currentData() == OGRE  # Gina's own
    play.who.setCurrentIndex(play.who.findData(MIRA))
    for widget in (play.take_up, play.act):
        assert not widget.isEnabled()
    assert "only Alice may take up an Ambition for Mira" in play.take_up.toolTip()
    assert play.ambition_waiting.text.text() == (
        "Waiting for Alice (Mira) to act on these Ambitions and Bonds.")
    qtbot.keyClicks(play.threat, "a shape in the mist")
    qtbot.mouseClick(play.start_identify, LEFT)  # anyone lays the hidden card
    play.claimer.setCurrentIndex(play.claimer.findData(BRANN))
    assert not play.claim.isEnabled()
    waiting = play.identify.waiting
    assert waiting is not None and waiting.text.text() == "Waiting for Bob (Brann) to claim."
    hand_over(qtbot, document, waiting.pass_button, "bob")
    assert play.claim.isEnabled()


# -- the dice and the pool: a side's decision is its character's player's -------------------


class Faces(random.Random):
    """Shows the faces it is given, in order."""

    def __init__(self, faces: list[int]) -> None:
        super().__init__(0)
        self.faces = faces

    def randint(self, a: int, b: int) -> int:
        return self.faces.pop(0)


def test_a_duel_side_named_for_a_character_pushes_only_at_its_players_seat(
    qtbot: QtBot,
) -> None:
    document = SessionDocument(load(demo_path(), rng=seeded(1)))  # Dana, the GM, holds the computer
    view = DuelView(document)
    qtbot.addWidget(view)
    view.show()
    for index, name in enumerate(("Wren Halloway", "The Hollow Man")):
        view.names[index].setCurrentText(name)
    view.pools[1].setValue(2)  # Wren's four dice come from her sheet
    document.session.rng = Faces([1, 1, 2, 2, 5, 6, 6])
    qtbot.mouseClick(view.start, LEFT)  # setting a Duel up: the GM's
    qtbot.mouseClick(view.roll_button, LEFT)  # Wren 6, the Hollow Man 11: Wren is lower
    wren = view.sides[0]
    assert wren.waiting is not None
    assert not wren.push.isEnabled() and not wren.decline.isEnabled()
    assert ("Wren Halloway is Bea's character: only Bea may push their luck for Wren "
            "Halloway.") in wren.push.toolTip()
    assert wren.waiting.text.text() == "Waiting for Bea (Wren Halloway) to push or decline."
    logged = len(document.session.log)
    assert not view.push(0) and len(document.session.log) == logged
    hand_over(qtbot, document, wren.waiting.pass_button, "bea")
    assert wren.push.isEnabled() and wren.waiting.isHidden()
    # Clearing the Duel away, as setting it up, is the GM's.
    assert not view.end_button.isEnabled()
    assert "Only the GM (Dana) may take the Duel off the table." in view.end_button.toolTip()
    qtbot.mouseClick(wren.push, LEFT)  # a 6: the 6s cancel, Wren 12 against 5
    assert document.session.log[-1].public.startswith("Wren Halloway pushed")
    # Now the Hollow Man is lower: an NPC's push is the GM's, not Bea's.
    hollow = view.sides[1]
    assert not hollow.push.isEnabled()
    assert "Only the GM (Dana) may push their luck." in (
        hollow.push.toolTip())
    assert hollow.waiting is not None
    assert hollow.waiting.text.text() == "Waiting for the GM (Dana) to push or decline."


def test_a_pool_side_from_a_sheet_is_planned_by_its_player(qtbot: QtBot) -> None:
    document = SessionDocument(load(demo_path(), rng=seeded(1)))  # Dana, the GM, holds the computer
    tracker = PoolTracker(document)
    qtbot.addWidget(tracker)
    tracker.resize(560, 900)
    tracker.show()
    sheet_box = tracker.setup.sheet
    labels = [sheet_box.itemText(i) for i in range(sheet_box.count())]
    at = labels.index("Captain Isolde Varga: Swordplay 6 (8, penalty 2)")
    sheet_box.setCurrentIndex(at)
    sheet_box.activated.emit(at)
    opponent = tracker.setup.opponents[0]
    opponent.name.selectAll()
    qtbot.keyClicks(opponent.name, "Brute")
    qtbot.mouseClick(tracker.setup.start, LEFT)
    captain, brute = tracker.columns["Captain Isolde Varga"], tracker.columns["Brute"]
    assert captain.waiting is not None and brute.waiting is not None
    assert captain.waiting.text.text() == (
        "Waiting for Chidi (Captain Isolde Varga) to plan the conversions.")
    assert not captain.spins["to_bonus"].isEnabled() and not captain.plan_button.isEnabled()
    assert brute.waiting.isHidden() and brute.plan_button.isEnabled()  # the GM's own side
    hand_over(qtbot, document, captain.waiting.pass_button, "chidi")
    assert captain.spins["to_bonus"].isEnabled() and captain.waiting.isHidden()
    assert not brute.plan_button.isEnabled()
    assert brute.waiting.text.text() == "Waiting for the GM (Dana) to plan the conversions."
