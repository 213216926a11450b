"""Seat authority on the felt and in the hand dock, through the real main window.

The issue's walk-throughs at 1280x800: a three-player Fantastical Adventure, Gina (the GM)
playing the Ogre, Bob playing Brann, Alice playing Mira. Each asserts the refusal, in the
words the player reads, that the card stayed where and how it was, and that nothing private
was painted or written anywhere (:mod:`screen_privacy`).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot
from screen_privacy import check_screen
from seat_rig import (
    ALICE,
    BOB,
    BRANN,
    HAND,
    MIRA,
    OGRE,
    SHOE,
    SHOE_DISCARD,
    ZONE,
    pass_to,
    scene_point,
    table_window,
    three_seats,
)

from cardtable.cards import CardFace, CardId, PlayingCard
from cardtable.piles import PileId
from cardtable.session import Move, Session, on_screen
from cardtable.steps.adventure import conflict as conflict_steps
from cardtable.ui.art import card_art
from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets
from cardtable.ui.table.layout import OPEN_TABLE
from cardtable.ui.table.log_panel import LogPanel
from cardtable.ui.window.main_window import MainWindow

LEFT = Qt.MouseButton.LeftButton
HANDS = {OGRE: ["QC", "5D", "8H"], BRANN: ["7S", "2D", "KH"], MIRA: ["9S", "4C", "JH"]}


def card(session: Session, pile: PileId, code: str) -> CardId:
    face = PlayingCard.from_code(code)
    return next(c for c in session.table.pile(pile).cards if session.table.card(c).face == face)


class Painted:
    """Every face the art draws, with the faces the screen might show at that moment."""

    def __init__(self) -> None:
        self.window: MainWindow | None = None
        self.faces: list[tuple[CardFace, set[CardFace]]] = []

    def wrong(self) -> list[str]:
        return [face.name for face, allowed in self.faces if face not in allowed]


@pytest.fixture
def painted(monkeypatch: pytest.MonkeyPatch) -> Painted:
    seen = Painted()
    real = card_art.face_pixmap

    def watched(face: CardFace, *args: object, **kwargs: object) -> object:
        window = seen.window
        if window is not None and window._document is not None:
            session = window.document.session
            seen.faces.append((face, {session.table.card(c).face for c in on_screen(session)}))
        return real(face, *args, **kwargs)

    monkeypatch.setattr(card_art, "face_pixmap", watched)
    return seen


def open_table(qtbot: QtBot, tmp_path: Path, painted: Painted) -> MainWindow:
    window = table_window(qtbot, tmp_path, three_seats(hands=HANDS))
    painted.window = window
    return window


def log_lines(window: MainWindow) -> list[str]:
    panel = window.setup.docks["log"].findChild(LogPanel)  # type: ignore[attr-defined]
    assert panel is not None
    return panel.lines


def assert_untouched(window: MainWindow, card_id: CardId, pile: PileId) -> None:
    """The card lies face down where it lay, and its felt item shows its back."""
    session = window.document.session
    assert session.table.where(card_id) == pile
    assert not session.table.facing[card_id].face_up
    item = window.felt.item(card_id)
    assert item is not None and item.visible_face() is None and not item.shows_face()
    assert not item.is_lifted()


@contextmanager
def held(qtbot: QtBot, window: MainWindow, start: QtCore.QPointF,
         end: QtCore.QPointF) -> Iterator[None]:
    """Press at scene point ``start``, move in steps to ``end``; release after the block."""
    felt = window.felt
    felt.centerOn(QtCore.QRectF(start, end).normalized().center())  # both ends in sight
    viewport = felt.viewport()
    begin, finish = felt.mapFromScene(start), felt.mapFromScene(end)
    assert viewport.rect().contains(begin) and viewport.rect().contains(finish)
    qtbot.mousePress(viewport, LEFT, Qt.KeyboardModifier.NoModifier, begin)
    for step in range(1, 9):
        qtbot.mouseMove(viewport, begin + (finish - begin) * (step / 8))
    try:
        yield
    finally:
        qtbot.mouseRelease(viewport, LEFT, Qt.KeyboardModifier.NoModifier, finish)


def click_card(qtbot: QtBot, window: MainWindow, card_id: CardId) -> None:
    """Click the card on the felt, which then has the keyboard (as a click gives it)."""
    felt = window.felt
    qtbot.mouseClick(felt.viewport(), LEFT, pos=scene_point(window, card_id))
    window.activateWindow()
    felt.setFocus()
    qtbot.waitUntil(felt.hasFocus)


def status(window: MainWindow) -> str:
    return window.statusBar().currentMessage()


def test_walkthrough_1_bob_cannot_flip_the_ogres_face_down_challenge(
    qtbot: QtBot, tmp_path: Path, painted: Painted
) -> None:
    window = open_table(qtbot, tmp_path, painted)
    session = window.document.session
    # Gina's Ogre issues a Challenge and lays the Queen of Clubs face down (the Conflict
    # panel's button sends this step).
    queen = card(session, HAND[OGRE], "QC")
    assert window.document.apply(conflict_steps.issue_challenge(OGRE, "to smash the bridge", queen))
    assert session.table.where(queen) == ZONE[OGRE]
    pass_to(qtbot, window, BOB)
    felt = window.felt
    click_card(qtbot, window, queen)
    item = felt.item(queen)
    assert item is not None and item.isSelected()
    # Greyed out with the reason before he tries: the Table menu, the toolbar, the shortcut.
    flip = felt.card_actions.flip
    reason = "That face-down card is Ogre's: only Gina may flip it."
    assert not flip.isEnabled() and flip.toolTip() == reason
    qtbot.keyClick(felt, Qt.Key.Key_F)
    assert status(window) == f"⚠ {reason}"
    button = window.toolbar.widgetForAction(flip)
    assert not button.isEnabled() and button.toolTip() == reason
    qtbot.mouseClick(button, LEFT)
    assert_untouched(window, queen, ZONE[OGRE])
    # Peek, turn, reveal, move: none of it, and each says why.
    for key, words in (
        (Qt.Key.Key_P, "Only the player whose character laid a face-down card may peek at it."),
        (Qt.Key.Key_R, "That face-down card is Ogre's: only Gina may turn round it."),
        (Qt.Key.Key_V, "That face-down card is Ogre's: only Gina may reveal it."),
        (Qt.Key.Key_Delete, "That face-down card is Ogre's: only Gina may move it."),
        (Qt.Key.Key_S, "Ogre's face-down cards are Gina's alone: only Gina may shuffle them."),
    ):
        qtbot.keyClick(felt, key)
        assert status(window) == f"⚠ {words}"
    qtbot.mouseDClick(felt.viewport(), LEFT, pos=scene_point(window, queen))  # Enter's twin
    assert status(window) == f"⚠ {reason}"
    # The context menu offers the same, greyed out with the same reasons.
    menu = felt.card_actions.menu_for(item)
    qtbot.addWidget(menu)
    assert flip in menu.actions() and not flip.isEnabled()
    move_to = next(a.menu() for a in menu.actions() if a.menu() is not None)
    assert {(a.isEnabled(), a.toolTip()) for a in move_to.actions()} == {
        (False, "That face-down card is Ogre's: only Gina may move it.")}
    # Undo cannot take Gina's Challenge back for him either.
    assert not window.undo_action.isEnabled()
    assert window.undo_action.toolTip().startswith("Only Gina may undo Gina's last action (")
    assert_untouched(window, queen, ZONE[OGRE])
    qtbot.wait(10)
    window.grab()  # paint everything there is to paint
    assert painted.faces and not painted.wrong()
    assert not any("Queen of Clubs" in line for line in log_lines(window))
    assert not any(entry.actor == BOB and "flipped" in entry.public for entry in session.log)
    check_screen(window)


def test_walkthrough_2_bob_cannot_drag_miras_face_down_card_into_his_hand(
    qtbot: QtBot, tmp_path: Path, painted: Painted
) -> None:
    window = open_table(qtbot, tmp_path, painted)
    session = window.document.session
    nine = card(session, HAND[MIRA], "9S")
    # Alice lays the 9 of Spades among Mira's face-down cards from her hand (Shift+Enter).
    pass_to(qtbot, window, ALICE)
    row = window.hand.hand_lists()[HAND[MIRA]]
    row.setCurrentRow(row.cards().index(nine))
    qtbot.keyClick(row, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
    assert_untouched(window, nine, ZONE[MIRA])
    pass_to(qtbot, window, BOB)
    brann = window.hand.hand_lists()[HAND[BRANN]]
    before = list(session.table.pile(HAND[BRANN]).cards)
    logged = len(session.log)
    felt = window.felt
    over_hand = brann.mapToGlobal(brann.rect().center())
    target = felt.mapToScene(felt.viewport().mapFromGlobal(over_hand))
    item = felt.item(nine)
    assert item is not None
    start = item.scenePos()
    with held(qtbot, window, start, target):
        # The card does not even lift: it stays down where it lies, and the bar says why.
        assert item.scenePos() == start and not item.is_lifted()
        assert status(window) == "⚠ That face-down card is Mira's: only Alice may move it."
    assert_untouched(window, nine, ZONE[MIRA])
    assert session.table.pile(HAND[BRANN]).cards == before and brann.cards() == before
    assert len(session.log) == logged  # nothing happened, so nothing was written
    qtbot.wait(10)
    window.grab()
    assert painted.faces and not painted.wrong()
    assert not any("9 of Spades" in line for line in log_lines(window))
    check_screen(window)


def test_a_zone_that_would_refuse_the_card_is_lit_as_refusing_and_says_why(
    qtbot: QtBot, tmp_path: Path, painted: Painted
) -> None:
    window = open_table(qtbot, tmp_path, painted)
    session = window.document.session
    pass_to(qtbot, window, BOB)
    seven = card(session, HAND[BRANN], "7S")
    row = window.hand.hand_lists()[HAND[BRANN]]
    row.setCurrentRow(row.cards().index(seven))
    qtbot.keyClick(row, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
    assert session.table.where(seven) == ZONE[BRANN]  # his own place: no question asked
    felt = window.felt
    item, mira = felt.item(seven), felt.zone(ZONE[MIRA])
    assert item is not None and mira is not None
    with held(qtbot, window, item.scenePos(), mira.sceneBoundingRect().center()):
        assert item.is_lifted()  # his own card lifts and follows the mouse
        assert mira.is_lit() and mira.is_refusing()
        assert status(window) == ("⚠ That is Mira's place (Mira's face-down cards): only Alice "
                                  "(or the GM) may lay cards there.")
    assert not mira.is_lit()
    assert_untouched(window, seven, ZONE[BRANN])
    assert not painted.wrong()


class Asked:
    """QMessageBox.question, answered by the test; counts how often it was asked."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.times = 0
        self.answer = QtWidgets.QMessageBox.StandardButton.No
        monkeypatch.setattr(QtWidgets.QMessageBox, "question", self)

    def __call__(self, *args: object, **kwargs: object) -> QtWidgets.QMessageBox.StandardButton:
        assert "Undo cannot hide" in str(args[2])
        self.times += 1
        return self.answer


def test_every_way_of_showing_the_table_a_hidden_card_asks_first(
    qtbot: QtBot, tmp_path: Path, painted: Painted, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked = Asked(monkeypatch)
    window = open_table(qtbot, tmp_path, painted)
    session = window.document.session
    pass_to(qtbot, window, BOB)
    seven, two = card(session, HAND[BRANN], "7S"), card(session, HAND[BRANN], "2D")
    row = window.hand.hand_lists()[HAND[BRANN]]
    # The hand: Enter plays face up onto the open table, Delete discards face up.
    for key, chosen in ((Qt.Key.Key_Return, seven), (Qt.Key.Key_Delete, two)):
        row.setCurrentRow(row.cards().index(chosen))
        before = asked.times
        qtbot.keyClick(row, key)
        assert asked.times == before + 1
        assert session.table.where(chosen) == HAND[BRANN]  # "No": it stays in the hand
    assert OPEN_TABLE not in session.table.piles  # not even laid out
    row.setCurrentRow(row.cards().index(seven))
    qtbot.keyClick(row, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)  # face down
    assert asked.times == 2 and session.table.where(seven) == ZONE[BRANN]
    # The felt: F, V, and a drop face up onto the discard pile.
    felt = window.felt
    click_card(qtbot, window, seven)
    for key in (Qt.Key.Key_F, Qt.Key.Key_V):
        qtbot.keyClick(felt, key)
    discard = felt.zone(SHOE_DISCARD)
    item = felt.item(seven)
    assert discard is not None and item is not None
    with held(qtbot, window, item.scenePos(), discard.sceneBoundingRect().center()):
        assert discard.is_lit() and not discard.is_refusing()
    assert asked.times == 5
    assert_untouched(window, seven, ZONE[BRANN])
    # No secret in a draw pile's top card: drawing it face up asks nothing.
    menu = felt.card_actions.menu_for(felt.zone(SHOE))
    qtbot.addWidget(menu)
    next(a for a in menu.actions() if a.text().endswith("open table, face up")).trigger()
    assert asked.times == 5 and len(session.table.pile(OPEN_TABLE).cards) == 1
    # "Yes" shows it.
    asked.answer = QtWidgets.QMessageBox.StandardButton.Yes
    click_card(qtbot, window, seven)
    qtbot.keyClick(felt, Qt.Key.Key_F)
    assert asked.times == 6 and session.table.facing[seven].face_up
    assert not painted.wrong()


def test_undo_and_redo_say_whose_action_they_would_take_back(
    qtbot: QtBot, tmp_path: Path, painted: Painted
) -> None:
    window = open_table(qtbot, tmp_path, painted)
    pass_to(qtbot, window, BOB)
    session = window.document.session
    # A private action with no chance in it (a draw stays drawn: undo stops before it).
    card = session.table.pile(HAND[BRANN]).cards[0]
    assert window.document.apply(Move((card,), ZONE[BRANN], face_up=False))
    done = session.undo_label
    assert done is not None and done.startswith("Bob moved a card face down from Brann's hand")
    assert window.undo_action.isEnabled()
    assert window.undo_action.toolTip() == f"Undo: {done}"
    pass_to(qtbot, window, ALICE)
    assert not window.undo_action.isEnabled()
    assert window.undo_action.toolTip() == f"Only Bob may undo Bob's last action ({done})."
    button = window.toolbar.widgetForAction(window.undo_action)
    assert not button.isEnabled() and button.toolTip() == window.undo_action.toolTip()
    pass_to(qtbot, window, BOB)
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.redo_action.toolTip() == f"Redo: {done}"
    pass_to(qtbot, window, ALICE)
    assert not window.redo_action.isEnabled()
    assert window.redo_action.toolTip() == f"Only Bob may redo Bob's last action ({done})."
    assert window.redo_action.statusTip() == window.redo_action.toolTip()


def test_the_hand_menu_greys_out_what_the_seat_may_not_do(
    qtbot: QtBot, tmp_path: Path, painted: Painted
) -> None:
    window = open_table(qtbot, tmp_path, painted)
    session = window.document.session
    pass_to(qtbot, window, BOB)
    seven = card(session, HAND[BRANN], "7S")
    menu = window.hand.menu_for(HAND[BRANN], [seven])
    qtbot.addWidget(menu)
    entries = {a.text(): a for a in menu.actions()}
    lay_on = entries["Lay face down on"].menu()
    give = entries["Give to"].menu()
    assert lay_on is not None and give is not None
    mira = next(a for a in lay_on.actions() if a.text() == "Mira's face-down cards")
    assert not mira.isEnabled()
    assert mira.toolTip() == ("That is Mira's place (Mira's face-down cards): only Alice "
                              "(or the GM) may lay cards there.")
    assert all(a.isEnabled() for a in give.actions())  # giving a card to a hand is anyone's
    assert entries["Play face up onto the open table\tEnter"].isEnabled()
    mira.trigger()  # greyed out: nothing happens
    assert session.table.where(seven) == HAND[BRANN]


def test_cards_dragged_from_the_hand_are_refused_where_the_seat_may_not_lay_them(
    qtbot: QtBot, tmp_path: Path, painted: Painted
) -> None:
    window = open_table(qtbot, tmp_path, painted)
    session = window.document.session
    pass_to(qtbot, window, BOB)
    row = window.hand.hand_lists()[HAND[BRANN]]
    seven = card(session, HAND[BRANN], "7S")
    data = row.mimeData([row.item(row.cards().index(seven))])
    felt, viewport = window.felt, window.felt.viewport()
    left, none = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    move = Qt.DropAction.MoveAction
    answers = {}
    for pile in (ZONE[BRANN], ZONE[MIRA]):  # his own place takes it; Alice's refuses it
        zone = felt.zone(pile)
        assert zone is not None
        felt.centerOn(zone.sceneBoundingRect().center())
        where = felt.mapFromScene(zone.sceneBoundingRect().center())
        QtWidgets.QApplication.sendEvent(viewport, QtGui.QDragEnterEvent(where, move, data, left,
                                                                         none))
        over = QtGui.QDragMoveEvent(where, move, data, left, none)
        QtWidgets.QApplication.sendEvent(viewport, over)
        answers[pile] = (over.isAccepted(), zone.is_lit(), zone.is_refusing())
        if pile == ZONE[MIRA]:
            assert status(window) == ("⚠ That is Mira's place (Mira's face-down cards): only "
                                      "Alice (or the GM) may lay cards there.")
            drop = QtGui.QDropEvent(QtCore.QPointF(where), move, data, left, none)
            QtWidgets.QApplication.sendEvent(viewport, drop)
        QtWidgets.QApplication.sendEvent(viewport, QtGui.QDragLeaveEvent())
    assert answers == {ZONE[BRANN]: (True, True, False), ZONE[MIRA]: (False, True, True)}
    assert session.table.where(seven) == HAND[BRANN]
