"""Table > Decks > Edit the tarot…: the GM's step, greyed out at any other seat with the reason.

The words of the tarot are the group's, and choosing them for the session is the GM's set-up
(``docs/authority.md``, ``ChooseWords``): the entry is offered to the GM only (to anyone at a
table without one), and another seat that reaches it is told why, on the status bar.
"""

from __future__ import annotations

from cardtable.decks.art import ArtLibrary
from cardtable.session.authority import gm_refusal
from cardtable.ui.document import SessionDocument
from cardtable.ui.qt import Qt, QtGui, QtWidgets
from cardtable.ui.tarot_editor.dialog import TarotEditor

EDIT_TIP = "Edit the words of the Tourist's Tarot, keep them as your own deck, play with them"


def editor_refusal(document: SessionDocument) -> str | None:
    """Why the seat at the computer may not open the tarot editor, or None."""
    session = document.session
    if session.holder is None:
        return None
    return gm_refusal(session.state, session.holder, "edit the tarot")


class DecksMenu(QtWidgets.QMenu):
    """The Table menu's "Decks" submenu."""

    def __init__(
        self,
        parent: QtWidgets.QWidget,
        document: SessionDocument,
        library: ArtLibrary | None = None,
    ) -> None:
        super().__init__("Dec&ks", parent)
        self.setToolTipsVisible(True)
        self._document = document
        self._library = library
        self.editor: TarotEditor | None = None
        self.edit_tarot = QtGui.QAction("Edit the &tarot…", self)
        self.edit_tarot.triggered.connect(self.open_editor)
        self.addAction(self.edit_tarot)
        self.aboutToShow.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        reason = editor_refusal(self._document)
        self.edit_tarot.setEnabled(reason is None)
        self.edit_tarot.setToolTip(reason or EDIT_TIP)
        self.edit_tarot.setStatusTip(reason or EDIT_TIP)

    def open_editor(self) -> TarotEditor | None:
        """Open the editor (window-modal), or say why this seat may not."""
        reason = editor_refusal(self._document)
        if reason is not None:
            self._document.refused.emit(reason)
            return None
        editor = TarotEditor(self._document, library=self._library, parent=self.parentWidget())
        editor.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        editor.setWindowModality(Qt.WindowModality.WindowModal)
        editor.show()
        self.editor = editor
        return editor
