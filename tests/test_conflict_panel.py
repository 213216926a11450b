"""The Conflict panel, played with real clicks on the demo session and arranged hands.

Who trumps whom is worked out here from ``rules/fantastical-adventure.md`` and the sheets'
suits, not read back from the resolver: a Strong card trumps one that is not; Strong against
Strong goes to value; the same value and strength deadlock.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from question_rig import answer_next_question

from cardtable.cards import CardId, PlayingCard, Suit
from cardtable.piles import PileId
from cardtable.randomness import seeded
from cardtable.resolvers.adventure.state import Phase, Side
from cardtable.session import (
    AddCharacter,
    Character,
    ConfirmSeat,
    PassSeat,
    PlayerId,
    Session,
    load,
    on_screen,
)
from cardtable.session.demo import demo_path
from cardtable.sheets.adventure import AdventureSheet, Facet, Power, Role
from cardtable.steps.adventure import conflict as conflict_steps
from cardtable.ui.document import SessionDocument
from cardtable.ui.panels.adventure.conflict.panel import CLOSE_QUESTION, ConflictPanel
from cardtable.ui.panels.owners import WaitingFor
from cardtable.ui.qt import Qt, QtWidgets

LEFT = Qt.MouseButton.LeftButton
BART, GRIMSBY, MIRELA, THUG = (
    "bartholomew-quince", "captain-grimsby", "mirela-vosk", "dockside-thug")
SHOE = PileId("shoe/draw")


def sheet(name: str, strong: Suit, weak: Suit, role: Role) -> AdventureSheet:
    facets = tuple(Facet(suit, f"{name.split()[0]}'s {suit.value}") for suit in
                   (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES))
    return AdventureSheet(name=name, facets=facets, strong=strong, weak=weak, role=role,
                          power=Power.ORDINARY)


def demo_with_cast() -> Session:
    """The demo (Bartholomew Quince: Clubs Strong, Diamonds Weak, played by Bea) and three
    more: Captain Grimsby (Dana; Spades Strong, Hearts Weak), Mirela Vosk (Chidi; Hearts
    Strong, Clubs Weak) and a Dockside Thug (Dana; Diamonds Strong, Spades Weak)."""
    session = load(demo_path(), rng=seeded(7))
    for name, player, strong, weak, role in (
        ("Captain Grimsby", "dana", Suit.SPADES, Suit.HEARTS, Role.ANTAGONIST),
        ("Mirela Vosk", "chidi", Suit.HEARTS, Suit.CLUBS, Role.PROTAGONIST),
        ("Dockside Thug", "dana", Suit.DIAMONDS, Suit.SPADES, Role.SUPPORTING),
    ):
        character = Character.from_sheet(sheet(name, strong, weak, role), PlayerId(player),
                                         taken=session.characters)
        assert session.apply(AddCharacter(character, hand=True))
    return session


def give(session: Session, character: str, codes: Sequence[str]) -> list[CardId]:
    """Set a character's hand to cards with these codes, taken from the shoe."""
    table = session.table
    hand = PileId(f"hand/{character}")
    table.move(list(table.pile(hand).cards), SHOE, index=0, face_up=False)
    cards = []
    for code in codes:
        face = PlayingCard.from_code(code)
        card = next(c for c in reversed(table.pile(SHOE).cards) if table.card(c).face == face)
        table.move([card], hand, face_up=False)
        cards.append(card)
    return cards


@pytest.fixture
def panel(qtbot) -> ConflictPanel:
    session = demo_with_cast()
    give(session, BART, ["7C", "2H", "QS", "9D"])
    give(session, GRIMSBY, ["5S", "9H", "KD"])
    give(session, MIRELA, ["8H", "3D"])
    give(session, THUG, ["6C", "4H"])
    widget = ConflictPanel(SessionDocument(session))
    qtbot.addWidget(widget)
    widget.resize(460, 1000)
    widget.show()
    return widget


def pick(qtbot, panel: ConflictPanel, combo: QtWidgets.QComboBox, character: str) -> None:
    index = combo.findData(character)
    assert index >= 0, f"{character} is not offered"
    combo.setCurrentIndex(index)


def hand_over(qtbot, panel: ConflictPanel, waiting: WaitingFor, player: str) -> None:
    """A form waits for ``player``'s decision: "Pass the computer to ...", "I am ..."."""
    document = panel.document
    assert waiting.isVisibleTo(panel) and waiting.text.text().startswith("Waiting for ")
    qtbot.mouseClick(waiting.pass_button, LEFT)
    assert document.session.curtain == player
    assert document.apply(ConfirmSeat(PlayerId(player)))
    assert waiting.isHidden()


def lay(qtbot, panel: ConflictPanel, player: str, caption: str) -> None:
    """The panel asks ``player``, who holds the computer, for a card: choose it, lay it."""
    assert panel.document.session.holder == player
    panel.picker.choose(caption)
    qtbot.mouseClick(panel.picker.confirm, LEFT)
    assert panel.message.text() == ""


def panel_words(panel: ConflictPanel) -> str:
    """Every word the panel shows or tells a screen reader, visible widgets only."""
    words = []
    for widget in [panel, *panel.findChildren(QtWidgets.QWidget)]:
        if not widget.isVisibleTo(panel) and widget is not panel:
            continue
        words += [widget.toolTip(), widget.accessibleName()]
        if isinstance(widget, QtWidgets.QLabel | QtWidgets.QAbstractButton):
            words.append(widget.text())
        if isinstance(widget, QtWidgets.QListWidget):
            words += [widget.item(i).text() for i in range(widget.count())]
        if isinstance(widget, QtWidgets.QComboBox):
            words += [widget.itemText(i) for i in range(widget.count())]
    return "\n".join(words)


def beas_turn(panel: ConflictPanel) -> None:
    """The demo begins on Bea's turn, the first seat with a Fantastical Adventure character
    (the Play panel passes the turn: the Conflict panel has no button of its own for it, and
    says where it is)."""
    assert panel.status.text().startswith("No Conflict. On Bea's turn")
    assert "the Play panel passes the turn" in panel.status.text()
    assert "turn" not in " ".join(b.text() for b in panel.findChildren(QtWidgets.QPushButton))


def challenge_and_answer(qtbot, panel: ConflictPanel) -> None:
    beas_turn(panel)
    pick(qtbot, panel, panel.challenger, BART)
    hand_over(qtbot, panel, panel.challenge_waiting, "bea")
    qtbot.keyClicks(panel.goal_edit, "to snatch the drowned chart")
    qtbot.keyClick(panel.goal_edit, Qt.Key.Key_Return)  # Enter issues the Challenge
    lay(qtbot, panel, "bea", "7 of Clubs (Strong)")
    pick(qtbot, panel, panel.answerer, GRIMSBY)
    hand_over(qtbot, panel, panel.answer_waiting, "dana")
    qtbot.keyClicks(panel.intent, "keep it under lock")
    qtbot.mouseClick(panel.answer, LEFT)


def test_a_conflict_with_supporters_a_push_and_a_yield(qtbot, panel: ConflictPanel):
    session = panel.document.session
    challenge_and_answer(qtbot, panel)
    # Bartholomew's 7 of Clubs is Strong (Clubs is his Strong Suit); Grimsby's 5 of Spades too.
    lay(qtbot, panel, "dana", "5 of Spades (Strong)")
    game = conflict_steps.find_game(session.state)
    assert game is not None and game.conflict is not None
    assert game.conflict.phase is Phase.ANSWERED
    pick(qtbot, panel, panel.supporter, MIRELA)
    hand_over(qtbot, panel, panel.support_waiting, "chidi")
    panel.support_side.setCurrentIndex(panel.support_side.findData(Side.CHALLENGE))
    qtbot.mouseClick(panel.support, LEFT)
    lay(qtbot, panel, "chidi", "8 of Hearts (Strong)")
    pick(qtbot, panel, panel.supporter, THUG)
    hand_over(qtbot, panel, panel.support_waiting, "dana")
    panel.support_side.setCurrentIndex(panel.support_side.findData(Side.ANSWER))
    qtbot.mouseClick(panel.support, LEFT)
    lay(qtbot, panel, "dana", "6 of Clubs")
    panel.award_side.setCurrentIndex(panel.award_side.findData(Side.ANSWER))
    qtbot.keyClicks(panel.award_reason, "it is his ship")
    qtbot.mouseClick(panel.award, LEFT)
    assert panel.sides[Side.ANSWER].advantage.value_text == "1"
    assert panel.sides[Side.CHALLENGE].cards.captions() == ["face-down card"]

    qtbot.mouseClick(panel.reveal, LEFT)
    # Mirela's Strong 8 trumps the Thug's plain 6: +1 Advantage to the Challenge. The
    # primaries are both Strong, and 7 beats 5, so Grimsby must Yield or Push.
    [pair] = [row for row in panel.board.pairs if row.isVisibleTo(panel)]
    assert pair.left.caption == "8 of Hearts" and pair.right.caption == "6 of Clubs"
    assert pair.result.text() == "Mirela Vosk wins: +1 Advantage to the Challenge"
    assert panel.sides[Side.CHALLENGE].advantage.value_text == "1"
    assert panel.sides[Side.ANSWER].advantage.value_text == "1"
    assert panel.status.text() == "Captain Grimsby must Yield or Push."
    assert panel.push.isEnabled() and panel.yield_button.isEnabled()

    qtbot.mouseClick(panel.push, LEFT)
    assert panel.picker.captions() == ["9 of Hearts (Weak)", "King of Diamonds"]
    panel.picker.choose("King of Diamonds")
    qtbot.mouseClick(panel.picker.confirm, LEFT)
    assert panel.sides[Side.ANSWER].advantage.value_text == "0"
    # Bartholomew holds the 2 of Hearts, the Queen of Spades (a plain 10: a Deadlock, not a
    # trump) and the Weak 9 of Diamonds: nothing trumps the King, so he cannot push back.
    assert panel.status.text() == "Bartholomew Quince must Yield or Push back."
    # Dana holds the computer: the decision is Bea's, and what her hand holds is not said.
    assert not panel.push.isEnabled() and not panel.yield_button.isEnabled()
    assert "only Bea may push for Bartholomew Quince" in panel.push.toolTip()
    assert "no card in Bartholomew Quince's hand" not in panel_words(panel)
    hand_over(qtbot, panel, panel.mover_waiting, "bea")
    assert not panel.push.isEnabled() and panel.yield_button.isEnabled()
    assert "no card in Bartholomew Quince's hand trumps the latest card" in panel.push.toolTip()

    qtbot.mouseClick(panel.yield_button, LEFT)
    assert panel.banner.text() == "Captain Grimsby wins the Conflict"
    claims = [row for row in panel._claims if row.isVisibleTo(panel)]
    texts = [row.text.text() for row in claims]
    # Yielding draws Advantage (1) + 1, shareable with Mirela; the Thug may draw for his pair.
    assert "Bartholomew Quince draws 2 cards for yielding (Advantage + 1)" in texts
    assert "Dockside Thug may draw 1 card for losing a Supporter pair" in texts
    shared = claims[texts.index("Bartholomew Quince draws 2 cards for yielding (Advantage + 1)")]
    before = {who: len(session.table.pile(PileId(f"hand/{who}")).cards) for who in (BART, MIRELA)}
    shared._spins[BART].setValue(1)
    shared._spins[MIRELA].setValue(1)
    qtbot.mouseClick(shared.draw_button, LEFT)
    after = {who: len(session.table.pile(PileId(f"hand/{who}")).cards) for who in (BART, MIRELA)}
    assert after == {BART: before[BART] + 1, MIRELA: before[MIRELA] + 1}

    asked: list[str] = []
    answer_next_question(qtbot, "Close the Conflict", asked)
    qtbot.mouseClick(panel.close_button, LEFT)
    assert asked == [CLOSE_QUESTION]  # asked once: the draws owed are drawn now
    assert game.conflict is None and panel.challenge_box.isVisible()
    assert all(not session.table.pile(PileId(f"zone/{who}")).cards
               for who in (BART, GRIMSBY, MIRELA, THUG))
    log = [entry.public for entry in session.log]
    assert "Bartholomew Quince yielded" in log
    assert any(line.startswith("Captain Grimsby pushed with the King of Diamonds") for line in log)
    assert log[-1] == "Bea's turn ends; it is Chidi's turn"


def test_no_hand_is_shown_to_another_seat(qtbot, panel: ConflictPanel):
    session = panel.document.session
    bea_cards = ["2 of Hearts", "Queen of Spades", "9 of Diamonds", "7 of Clubs"]
    beas_turn(panel)
    pick(qtbot, panel, panel.challenger, BART)
    hand_over(qtbot, panel, panel.challenge_waiting, "bea")
    qtbot.keyClicks(panel.goal_edit, "to snatch the drowned chart")
    qtbot.mouseClick(panel.challenge, LEFT)
    lay(qtbot, panel, "bea", "7 of Clubs (Strong)")
    # Bea laid her 7 of Clubs and still holds the computer: her laid card is face down.
    assert "7 of Clubs" not in panel_words(panel)
    pick(qtbot, panel, panel.answerer, GRIMSBY)
    qtbot.mouseClick(panel.answer_waiting.pass_button, LEFT)
    # Behind the curtain nothing private is on screen, and the panel names no card at all.
    assert not [c for c in on_screen(session) if session.table.where(c).startswith("hand/")]
    shown = panel_words(panel)
    assert not any(name in shown for name in [*bea_cards, "5 of Spades", "King of Diamonds"])
    assert panel.document.apply(ConfirmSeat(PlayerId("dana")))
    qtbot.mouseClick(panel.answer, LEFT)
    shown = panel_words(panel)
    assert "5 of Spades (Strong)" in shown  # Dana sees Grimsby's hand...
    assert not any(name in shown for name in bea_cards)  # ...and nothing of Bea's
    entry = next(e for e in session.log if e.public.startswith("Bartholomew Quince challenged"))
    assert entry.owner == "bea" and "7 of Clubs" in (entry.private or "")
    assert "7 of Clubs" not in entry.public


def test_a_laid_card_can_be_taken_back_with_undo(qtbot, panel: ConflictPanel):
    session = panel.document.session
    challenge_and_answer(qtbot, panel)
    zone = session.table.pile(PileId(f"zone/{BART}"))
    assert len(zone.cards) == 1 and not session.table.facing[zone.cards[0]].face_up
    qtbot.mouseClick(panel.picker.cancel, LEFT)
    assert panel.picker.isHidden()
    # Bea's own action, taken back at her seat (a card left her hand: not even the GM may).
    assert not panel.document.undo()
    assert panel.document.apply(PassSeat(1)) and panel.document.apply(ConfirmSeat(PlayerId("bea")))
    assert panel.document.undo()  # laying face down showed nothing: it can be undone
    assert not session.table.pile(PileId(f"zone/{BART}")).cards
    assert len(session.table.pile(PileId(f"hand/{BART}")).cards) == 4
    assert panel.challenge_box.isVisible() and panel.board.isHidden()


def test_nobody_answering_returns_the_card_unrevealed(qtbot, panel: ConflictPanel):
    session = panel.document.session
    challenge_and_answer(qtbot, panel)
    qtbot.mouseClick(panel.picker.cancel, LEFT)
    qtbot.mouseClick(panel.no_answer, LEFT)
    assert len(session.table.pile(PileId(f"hand/{BART}")).cards) == 4
    assert session.log[-1].public.startswith(
        "Nobody answered: Bartholomew Quince attains 'to snatch the drowned chart'")


def test_a_deadlock_offers_the_three_ways_out(qtbot, panel: ConflictPanel):
    session = panel.document.session
    give(session, GRIMSBY, ["2D", "KD"])
    beas_turn(panel)
    pick(qtbot, panel, panel.challenger, BART)
    hand_over(qtbot, panel, panel.challenge_waiting, "bea")
    qtbot.keyClicks(panel.goal_edit, "to win the wager")
    qtbot.mouseClick(panel.challenge, LEFT)
    lay(qtbot, panel, "bea", "2 of Hearts")  # plain for Bartholomew
    pick(qtbot, panel, panel.answerer, GRIMSBY)
    hand_over(qtbot, panel, panel.answer_waiting, "dana")
    qtbot.mouseClick(panel.answer, LEFT)
    # Dana chooses from the keyboard: the first card is offered, Enter lays it.
    assert panel.picker.captions() == ["2 of Diamonds", "King of Diamonds"]
    qtbot.keyClick(panel.picker.cards, Qt.Key.Key_Return)  # plain for Grimsby: a Deadlock
    assert panel.sides[Side.ANSWER].cards.captions() == ["face-down card"]
    qtbot.mouseClick(panel.reveal, LEFT)
    assert panel.status.text() == "Deadlock: the two players agree on a way out."
    assert all(button.isVisibleTo(panel) for button in panel.deadlock.values())
    assert not panel.push.isVisibleTo(panel)
    qtbot.mouseClick(panel.deadlock[conflict_steps.DeadlockWay.BOTH_ATTAIN], LEFT)
    assert panel.banner.text() == "Both attain their goals"


def test_docstring_examples_hold():
    import doctest

    result = doctest.testmod(conflict_steps)
    assert result.failed == 0 and result.attempted > 0


def test_a_conflict_in_progress_is_saved_and_shown_again(qtbot, panel: ConflictPanel, tmp_path):
    from cardtable.session import save

    challenge_and_answer(qtbot, panel)
    path = tmp_path / "conflict.cardtable"
    save(panel.document.session, path)
    panel.document.open(path)
    game = conflict_steps.find_game(panel.document.session.state)
    assert game is not None and game.conflict is not None
    assert game.hand_id(BART) == f"hand/{BART}" and game.zone_id(BART) == f"zone/{BART}"
    assert panel.answer_box.isVisible() and panel.picker.isHidden()
    assert panel.sides[Side.CHALLENGE].cards.captions() == ["face-down card"]
