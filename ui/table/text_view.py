"""The table as text: the felt written out, a pile a line, for a screen reader.

Cards on the felt are graphics items, which assistive technology cannot reach; this dock says
what the felt shows in a read-only text field that it can: each pile, its count and the faces
the screen may paint now (:func:`cardtable.session.table_text.table_text`, asked again after
every change, so a hidden face is never written and a face out of sight is gone at once).
Panels > The table as text (:data:`SHORTCUT`) brings it forward with the focus on the text.
"""

from __future__ import annotations

from cardtable.session import Changes
from cardtable.session.table_text import table_text
from cardtable.ui.document import SessionDocument
from cardtable.ui.qt import Qt, QtGui, QtWidgets
from cardtable.ui.widgets.style import bring_forward

SHORTCUT = "Ctrl+Shift+T"
TITLE = "Table as text"
#: What a screen reader is told of the felt itself, while no card or pile has the focus.
FELT_DESCRIPTION = (
    "The felt: Tab moves from pile to pile, the arrows from card to card. "
    f"{SHORTCUT} opens the table as text."
)
_CHANGES = Changes.TABLE | Changes.HAND | Changes.SEAT | Changes.PLAYERS


class TableText(QtWidgets.QPlainTextEdit):
    """A read-only text of the whole table, kept up to date with the session."""

    def __init__(self, document: SessionDocument, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("tableText")
        self.setReadOnly(True)
        self.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByKeyboard
            | Qt.TextInteractionFlag.TextSelectableByMouse
        )
        self.setLineWrapMode(QtWidgets.QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.setAccessibleName("The table as text")
        self.setAccessibleDescription(
            "Each pile, how many cards it holds, and the faces you may see, one pile a line"
        )
        self.setToolTip("The table in words: each pile, its count and the faces you may see")
        self._document = document
        document.changed_at_once.connect(self._on_changed)
        document.replaced.connect(self.refresh)
        self.refresh()

    def _on_changed(self, flags: int) -> None:
        if Changes(flags) & _CHANGES:
            self.refresh()

    def refresh(self) -> None:
        """Write the table as the seat holding the computer may read it now."""
        text = table_text(self._document.session)
        if text != self.toPlainText():
            self.setPlainText(text)


def install_text_view(
    window: QtWidgets.QMainWindow,
    document: SessionDocument,
    menu: QtWidgets.QMenu,
    beside: QtWidgets.QDockWidget | None = None,
) -> QtGui.QAction:
    """Add the entry in ``menu`` (:data:`SHORTCUT`) that brings the table as text forward,
    with the focus on the text, or hides it when it is in front already.

    The dock is made the first time it is asked for (in a tab ``beside`` a dock): a table
    nobody reads as text keeps no text of it, and its window one dock fewer.
    """
    entry = QtGui.QAction("The table as te&xt", window)
    entry.setCheckable(True)
    entry.setShortcut(QtGui.QKeySequence(SHORTCUT))
    entry.setToolTip(f"Every pile, its count and the faces you may see, as text ({SHORTCUT})")
    entry.setStatusTip(entry.toolTip())
    made: list[QtWidgets.QDockWidget] = []

    def _dock() -> QtWidgets.QDockWidget:
        if made:
            return made[0]
        dock = QtWidgets.QDockWidget(TITLE, window)
        dock.setObjectName("tableTextDock")
        dock.setAccessibleName(TITLE)
        dock.setWidget(TableText(document, dock))
        window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, dock)
        if beside is not None and not beside.isHidden():
            window.tabifyDockWidget(beside, dock)
        dock.visibilityChanged.connect(entry.setChecked)
        made.append(dock)
        return dock

    def _on_triggered(checked: bool) -> None:
        dock = _dock()
        bring_forward(dock, checked)
        text = dock.widget()
        if checked and text is not None:
            text.setFocus(Qt.FocusReason.ShortcutFocusReason)

    entry.triggered.connect(_on_triggered)
    menu.addAction(entry)
    return entry
