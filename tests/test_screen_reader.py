"""Screen readers: each card and pile of the felt is named, every panel control has a name the
accessibility layer reports, and the table as text (one shortcut) says each pile, its count
and the faces the seat may see, keeping up with the table and hiding what the seat may not see.
"""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot
from screen_privacy import check_screen
from seat_rig import (
    ALICE,
    BOB,
    BRANN,
    GINA,
    HAND,
    MIRA,
    SHOE,
    ZONE,
    pass_to,
    table_window,
    take_seat,
    three_seats,
)

from cardtable.cards import CardId
from cardtable.session import Move, PassSeat, Session
from cardtable.session.table_text import card_spoken, table_text
from cardtable.ui.qt import Qt, QtGui, QtWidgets
from cardtable.ui.table.layout import OPEN_TABLE
from cardtable.ui.table.text_view import FELT_DESCRIPTION, SHORTCUT, TableText
from cardtable.ui.window.main_window import MainWindow

#: The controls a person works: each needs a name a screen reader can say.
INTERACTIVE = (QtWidgets.QAbstractButton, QtWidgets.QComboBox, QtWidgets.QAbstractSpinBox,
               QtWidgets.QLineEdit, QtWidgets.QAbstractSlider, QtWidgets.QAbstractItemView,
               QtWidgets.QTextEdit, QtWidgets.QPlainTextEdit)
#: Parts Qt builds inside a control (a spin box's line edit, a combo box's popup list): the
#: control's own name speaks for them.
_INNER = (QtWidgets.QComboBox, QtWidgets.QAbstractSpinBox, QtWidgets.QLineEdit)


def _table(seed: int = 5) -> Session:
    """The three-seat table, Bob's Brann with a card laid face down in his zone."""
    session = three_seats(seed)
    take_seat(session, BOB)
    session.apply(Move(session.table.piles[HAND[BRANN]].cards[:1], ZONE[BRANN], face_up=False))
    return session


def _inner(widget: QtWidgets.QWidget) -> bool:
    if isinstance(widget, QtWidgets.QScrollBar | QtWidgets.QHeaderView):
        return True
    if widget.objectName().startswith("qt_"):
        return True
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, _INNER):
            return True
        parent = parent.parentWidget()
    return False


def unnamed_controls(window: MainWindow) -> list[str]:
    """The panels' controls for which the accessibility layer has no name (neither their
    own text, an accessible name nor a label naming them)."""
    found = []
    for dock in window.findChildren(QtWidgets.QDockWidget):
        for widget in dock.findChildren(QtWidgets.QWidget):
            if not isinstance(widget, INTERACTIVE) or _inner(widget):
                continue
            face = QtGui.QAccessible.queryAccessibleInterface(widget)
            name = face.text(QtGui.QAccessible.Text.Name) if face is not None else ""
            if not name.strip():
                found.append(f"{type(widget).__name__} in {dock.objectName()}")
    return found


# -- panel controls ----------------------------------------------------------------------------


def test_every_panel_control_has_a_name_a_screen_reader_says(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window = table_window(qtbot, tmp_path, three_seats(5, five_systems=True))
    pass_to(qtbot, window, GINA)
    window.setup.text_view_action.trigger()  # type: ignore[attr-defined]
    docks = window.findChildren(QtWidgets.QDockWidget)
    assert len(docks) >= 12  # every panel, the hand, the log, the table as text
    assert unnamed_controls(window) == []


def test_the_walk_would_find_a_control_without_a_name(qtbot: QtBot, tmp_path: Path) -> None:
    window = table_window(qtbot, tmp_path, three_seats(5))
    dock = window.setup.docks["dice"]  # type: ignore[attr-defined]
    QtWidgets.QSpinBox(dock.widget())
    assert unnamed_controls(window) == ["QSpinBox in diceDock"]


# -- the felt ----------------------------------------------------------------------------------


def test_each_card_on_the_felt_says_what_it_is_how_it_lies_and_where(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window = table_window(qtbot, tmp_path, _table())
    felt = window.felt
    session = window.document.session
    pass_to(qtbot, window, BOB)
    assert felt.accessibleName() == "Card table"
    assert felt.accessibleDescription() == FELT_DESCRIPTION
    [laid] = session.table.piles[ZONE[BRANN]].cards
    item = felt.item(laid)
    assert item is not None
    felt.setFocus()
    felt.focus_on(item)
    assert felt.accessibleDescription() == "Face-down card, in Brann's face-down cards"
    qtbot.keyClick(felt, Qt.Key.Key_P)  # Bob peeks: he is told what he sees
    secret = session.table.cards[laid].face.name
    assert felt.accessibleDescription() == (
        f"{secret}, face down, in Brann's face-down cards (you peeked)"
    )
    # Bob turns the top of the shoe up onto the open table (D: draw to the open table), then R.
    felt.focus_on(felt.zone(SHOE))
    assert felt.accessibleDescription() == "Shoe of 2 decks draw pile, 99 cards"
    assert felt.card_actions.draw_card(SHOE, OPEN_TABLE, face_up=True)
    assert felt.accessibleDescription() == "Shoe of 2 decks draw pile, 98 cards"  # told again
    [drawn] = session.table.piles[OPEN_TABLE].cards
    name = session.table.cards[drawn].face.name
    drawn_item = felt.item(drawn)
    assert drawn_item is not None
    felt.focus_on(drawn_item)
    assert felt.accessibleDescription() == f"{name}, face up, on the open table"
    qtbot.keyClick(felt, Qt.Key.Key_R)
    assert felt.accessibleDescription() == f"{name}, reversed, face up, on the open table"
    # Mira's player sees Brann's face-down card as a face-down card, and nothing more.
    pass_to(qtbot, window, ALICE)
    felt.focus_on(item)
    assert felt.accessibleDescription() == "Face-down card, in Brann's face-down cards"


def test_a_card_in_words_follows_the_seat() -> None:
    session = _table()
    card = session.table.piles[HAND[BRANN]].cards[0]
    name = session.table.cards[card].face.name
    assert card_spoken(session, card).startswith(f"{name}")
    assert card_spoken(session, card).endswith(", face up, in Brann's hand")
    take_seat(session, ALICE)
    assert card_spoken(session, card) == "hidden card, in Brann's hand"
    [laid] = session.table.piles[ZONE[BRANN]].cards
    assert card_spoken(session, laid) == "face-down card, in Brann's face-down cards"


# -- the table as text ---------------------------------------------------------------------------


def _text_view(window: MainWindow) -> TableText:
    found = window.findChild(TableText)
    assert found is not None
    return found


def _hand_names(session: Session, character: str) -> list[str]:
    cards = session.table.piles[HAND[character]].cards
    return [session.table.cards[CardId(card)].face.name for card in cards]


def test_the_table_as_text_opens_with_its_shortcut_and_keeps_up(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window = table_window(qtbot, tmp_path, _table())
    session = window.document.session
    pass_to(qtbot, window, BOB)
    assert window.findChild(TableText) is None  # made when first asked for
    assert QtGui.QKeySequence(SHORTCUT) == QtGui.QKeySequence("Ctrl+Shift+T")
    window.activateWindow()
    qtbot.keyClick(window.felt, Qt.Key.Key_T,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    text = _text_view(window)
    dock = text.parentWidget()
    assert isinstance(dock, QtWidgets.QDockWidget)
    qtbot.waitUntil(dock.isVisible)
    assert text.isReadOnly() and text.hasFocus()
    assert text.accessibleName() == "The table as text"
    lines = text.toPlainText().splitlines()
    assert lines[0] == "Bob holds the computer."
    assert "Shoe of 2 decks draw pile: 99 cards, all face down" in lines
    brann = next(line for line in lines if line.startswith("Brann's hand"))
    assert brann.startswith("Brann's hand: 2 cards: ")
    assert all(name in brann for name in _hand_names(session, BRANN))
    assert "Mira's hand: 3 cards, all hidden" in lines
    assert "Brann's face-down cards: a card, all face down" in lines
    assert text.toPlainText() == table_text(session)

    # The table changes: the text follows.
    assert window.felt.card_actions.draw_card(SHOE, OPEN_TABLE, face_up=True)
    [drawn] = session.table.piles[OPEN_TABLE].cards
    name = session.table.cards[drawn].face.name
    assert f"The open table: a card: {name}, upright" in text.toPlainText().splitlines()
    assert "Shoe of 2 decks draw pile: 98 cards, all face down" in text.toPlainText()
    check_screen(window)

    # Another seat: Brann's cards are out of sight, Mira's in it; behind the curtain, neither.
    window.document.apply(PassSeat(2))
    for character in (BRANN, MIRA):
        assert not any(n in text.toPlainText() for n in _hand_names(session, character))
    assert text.toPlainText().startswith("The curtain is up: Alice is to take the computer.")
    check_screen(window)
    QtWidgets.QApplication.processEvents()
    assert not dock.isVisible()  # the curtain alone shows
    pass_to(qtbot, window, ALICE)
    qtbot.waitUntil(dock.isVisible)  # and it comes back when the curtain is lifted
    assert all(n in text.toPlainText() for n in _hand_names(session, MIRA))
    assert "Brann's hand: 2 cards, all hidden" in text.toPlainText().splitlines()
    check_screen(window)
    # The same key again puts it away.
    qtbot.keyClick(text, Qt.Key.Key_T,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    qtbot.waitUntil(lambda: not dock.isVisible())
