"""Everything a window shows, channel by channel, and the check that no card the seat may not
see is shown through any of them.

Import as ``from screen_privacy import ...`` (pytest puts ``tests/`` on the path).

The channels: every widget's text, tooltip, status tip, accessible name and description and
title (labels, buttons, line and text edits, combo boxes, list, tree and table views, tab
bars), every action's text and tips (menus, toolbars and context entries alike), the status
bar, the window title, the felt's items (their tooltips, and which face each card item
paints), the hand dock's cards (their faces, which are also the pictures dragged out), and the
large preview of a card.

A widget counts when it would show with its dock: a panel behind another tab is one click
away, so its words count too (:func:`shown_widgets`).

Names: two decks may hold cards of the same name (a two-deck shoe holds two Queens of Clubs),
so a name is flagged only when no card the seat may see bears it; and words a window shows
before any card is dealt (a rules hint quoting "the Ace of Spades") are left out by passing
them as ``static``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from cardtable.cards import CardFace, CardId
from cardtable.session import PlayerId, Session, on_screen
from cardtable.ui.qt import QtCore, QtGui, QtWidgets
from cardtable.ui.table.cards.item import CardItem
from cardtable.ui.window.main_window import MainWindow


def _model_texts(model: QtCore.QAbstractItemModel, parent: QtCore.QModelIndex,
                 depth: int = 0) -> list[str]:
    texts: list[str] = []
    if depth > 3:
        return texts
    roles = (QtCore.Qt.ItemDataRole.DisplayRole, QtCore.Qt.ItemDataRole.ToolTipRole,
             QtCore.Qt.ItemDataRole.AccessibleTextRole)
    # A list model keeps columnCount private: it has one column.
    listing = isinstance(model, QtCore.QAbstractListModel)
    columns = 1 if listing else model.columnCount(parent)
    for row in range(min(model.rowCount(parent), 500)):
        for column in range(columns):
            index = model.index(row, column, parent)
            texts += [str(value) for role in roles if (value := model.data(index, role))]
            if not listing and model.hasChildren(index):
                texts += _model_texts(model, index, depth + 1)
    return texts


def widget_texts(widget: QtWidgets.QWidget) -> list[str]:
    """The words one widget shows or tells (its children not included)."""
    texts = [widget.toolTip(), widget.statusTip(), widget.whatsThis(), widget.accessibleName(),
             widget.accessibleDescription(), widget.windowTitle()]
    if isinstance(widget, QtWidgets.QLabel | QtWidgets.QAbstractButton | QtWidgets.QLineEdit):
        texts.append(widget.text())
    if isinstance(widget, QtWidgets.QTextEdit | QtWidgets.QPlainTextEdit):
        texts.append(widget.toPlainText())
    if isinstance(widget, QtWidgets.QComboBox):
        texts += [widget.itemText(i) for i in range(widget.count())]
    if isinstance(widget, QtWidgets.QAbstractItemView) and widget.model() is not None:
        texts += _model_texts(widget.model(), QtCore.QModelIndex())
    if isinstance(widget, QtWidgets.QTabBar):
        for i in range(widget.count()):
            texts += [widget.tabText(i), widget.tabToolTip(i)]
    if isinstance(widget, QtWidgets.QGraphicsView) and widget.scene() is not None:
        texts += [item.toolTip() for item in widget.scene().items()]
    return [text for text in texts if text]


def shown_widgets(root: QtWidgets.QWidget) -> list[QtWidgets.QWidget]:
    """``root`` and its widgets that show now, or as soon as their dock is brought forward (a
    dock behind another tab, or hidden behind the curtain, still counts)."""
    found = []
    stack = [root]
    while stack:
        widget = stack.pop()
        found.append(widget)
        stack += [
            child for child in widget.children()
            if isinstance(child, QtWidgets.QWidget)
            and (not child.isHidden() or isinstance(child, QtWidgets.QDockWidget))
        ]
    return found


def screen_texts(window: MainWindow) -> list[str]:
    """Every word the window shows, tells a screen reader, or offers in a menu or tooltip."""
    texts = [window.windowTitle(), window.statusBar().currentMessage()]
    for widget in shown_widgets(window):
        texts += widget_texts(widget)
    for action in window.findChildren(QtGui.QAction):
        texts += [action.text(), action.toolTip(), action.statusTip(), action.iconText()]
    preview = window.felt.preview
    if preview.isVisible():
        texts.append(preview.name_text())
    return [text for text in texts if text]


def painted_cards(window: MainWindow) -> dict[str, CardFace]:
    """The cards whose faces the felt and the hand dock hold now (painted, or ready to paint
    in a preview or a drag), by card id."""
    faces: dict[str, CardFace] = {}
    for item in window.felt.items_shown().values():
        face = item.visible_face() or _held_face(item)
        if face is not None:
            faces[item.card_id] = face
    for hand in window.hand.hand_lists().values():
        faces.update({card: face for card, face, _turned in hand.shown if face is not None})
    return faces


def _held_face(item: CardItem) -> CardFace | None:
    """A face-down card's face, held only for the peeker to see large."""
    # The one place a face can hide without being painted: the item holds it for a preview.
    return item._face


def told_to(session: Session, player: PlayerId | None) -> set[CardId]:
    """The cards the log names to ``player`` in its private lines (they saw them then: a deal
    into their hand, a peek), and those of lines everyone may read now."""
    return {card for entry in session.log if entry.owner == player or entry.revealed
            for card in entry.cards}


def names_of(session: Session, cards: Iterable[CardId]) -> set[str]:
    table = session.table
    return {table.card(card).face.name.casefold() for card in cards if card in table.cards}


def unseen_names(session: Session, seen: Iterable[CardId],
                 static: Iterable[str] = ()) -> set[str]:
    """The names of the table's cards the seat may not see, less those some card it may see
    bears (two decks, one name), less ``static`` words."""
    seen = set(seen)
    everything = set(session.table.cards)
    hidden = names_of(session, everything - seen) - names_of(session, seen)
    return hidden - {word.casefold() for word in static}


def leaked(texts: Iterable[str], names: set[str]) -> list[str]:
    """The ``names`` that appear in ``texts`` as whole words, in any case ("Triumph I" is not
    found in "Triumph IV")."""
    joined = "\n".join(texts).casefold()
    return sorted(
        name for name in names
        if name in joined and re.search(rf"(?<!\w){re.escape(name)}(?!\w)", joined)
    )


def check_screen(window: MainWindow, *, seen: Iterable[CardId] | None = None,
                 static: Iterable[str] = ()) -> None:
    """Assert the window shows no card the seat holding the computer may not see: faces held
    by the felt and the hand only from :func:`~cardtable.session.on_screen`, and no word of
    the window naming a card outside ``seen`` (default: ``on_screen`` and what the log told
    the seat: a log names a card its reader saw earlier; a caller can pass all the seat has
    ever seen instead)."""
    session = window.document.session
    shown = on_screen(session)
    wrong = sorted(card for card in painted_cards(window) if CardId(card) not in shown)
    assert not wrong, f"faces held for {session.holder} that they may not see: {wrong}"
    if seen is None:
        seen = shown | (told_to(session, session.holder) if session.curtain is None else set())
    names = unseen_names(session, seen, static)
    found = leaked(screen_texts(window), names)
    assert not found, (
        f"{found} named on screen while {session.holder} holds the computer, by "
        f"{where_named(window, found)}"
    )


def where_named(window: MainWindow, names: Iterable[str]) -> list[str]:
    """Which widgets or actions show ``names`` (for a failure to say where to look)."""
    places = []
    for widget in shown_widgets(window):
        texts = [text for text in widget_texts(widget) if leaked([text], set(names))]
        if texts:
            name = f"{type(widget).__name__} {widget.objectName() or ''}".strip()
            places.append(f"{name}: {texts[0][:120]!r}")
    for action in window.findChildren(QtGui.QAction):
        if leaked([action.text(), action.toolTip(), action.statusTip()], set(names)):
            places.append(f"action {action.text()!r}")
    if leaked([window.statusBar().currentMessage()], set(names)):
        places.append("the status bar")
    return places
