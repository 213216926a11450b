"""The GM's private notes: a pane that shows them only while the GM holds the computer.

It reads the notes through :func:`cardtable.session.gm_notes.gm_notes`, which gives them only
to the GM's seat with no curtain up; at any other moment the pane holds no note at all, not
even a draft being written (the draft is kept aside and comes back when the GM does), so no
other seat and no curtain ever has them painted. Adding a note is a
:class:`~cardtable.session.gm_notes.GmNote`: the GM's alone, logged for the room as "Dana
wrote in the GM's notes".
"""

from __future__ import annotations

import html

from cardtable.session import Changes
from cardtable.session.authority import gm_of, name_of
from cardtable.session.gm_notes import GmNote, GmNoteShown, gm_may_read, gm_notes
from cardtable.ui.document import SessionDocument
from cardtable.ui.panels.base import SessionPanel
from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets
from cardtable.ui.widgets.style import allow, button, scrolling_dock
from cardtable.ui.widgets.theme import ink

TITLE = "GM's notes"
DOCK_NAME = "gmNotesDock"
ADD_TIP = "Add the note to the GM's notes (Ctrl+Enter); the room sees only that you wrote one"


class GmNotesPanel(SessionPanel, QtWidgets.QWidget):
    """The GM's notes, oldest first, and a box to write the next one."""

    watches = Changes.LOG | Changes.SEAT | Changes.PLAYERS

    def __init__(self, document: SessionDocument, parent: QtWidgets.QWidget | None = None
                 ) -> None:
        super().__init__(document, parent)
        self.setAccessibleName(TITLE)
        self._draft = ""
        self._shown = False
        #: The notes the pane shows now (None: none), so a line logged that is not a note
        #: leaves the pane, and where the GM scrolled it, as it is.
        self._rendered: list[GmNoteShown] | None = None
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        self.status = QtWidgets.QLabel(self)
        self.status.setWordWrap(True)
        self.status.setAccessibleName("Who may read the GM's notes")
        layout.addWidget(self.status)
        self.notes = QtWidgets.QTextBrowser(self)
        self.notes.setAccessibleName(TITLE)
        self.notes.setMinimumHeight(160)
        layout.addWidget(self.notes)
        self.editor = QtWidgets.QPlainTextEdit(self)
        self.editor.setAccessibleName("New GM's note")
        self.editor.setPlaceholderText("A note for yourself: what the players have not found "
                                       "out yet, a name to remember, the next twist…")
        self.editor.setMaximumHeight(90)
        layout.addWidget(self.editor)
        self.add = button("&Add to notes", ADD_TIP, self, primary=True)
        layout.addWidget(self.add)
        self.add.clicked.connect(self._on_add)
        # The text box would take Ctrl+Enter as a new line; it adds the note instead.
        self.editor.installEventFilter(self)
        self.refresh()

    def eventFilter(self, watched: QtCore.QObject, event: QtCore.QEvent) -> bool:
        if (watched is self.editor and event.type() == QtCore.QEvent.Type.KeyPress
                and isinstance(event, QtGui.QKeyEvent)
                and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
                and event.modifiers() & Qt.KeyboardModifier.ControlModifier):
            if self.add.isEnabled():
                self.add.click()
            return True
        return super().eventFilter(watched, event)

    def _on_replaced(self) -> None:
        self._draft = ""
        self.editor.clear()
        self.refresh()

    def refresh(self) -> None:
        """Show the notes at the GM's seat; anywhere else, hold nothing private at all."""
        session = self.session
        readable = gm_may_read(session)
        if not readable:
            if self._shown:
                self._draft = self.editor.toPlainText()  # kept aside, never painted
            if not (self.editor.document().isEmpty() and self.notes.document().isEmpty()):
                self.editor.clear()
                self.notes.clear()
            self._shown = False
            self._rendered = None
            gm = gm_of(session.state)
            if gm is None:
                self.status.setText("This table has no GM: the GM's notes need a player "
                                    "marked as the GM.")
            else:
                who = name_of(session.state, gm)
                self.status.setText(f"The GM's notes are {who}'s alone: they show only while "
                                    f"{who} holds the computer.")
        else:
            if not self._shown and self._draft:
                self.editor.setPlainText(self._draft)
                self._draft = ""
            self._shown = True
            found = gm_notes(session)
            self.status.setText(f"Private: only you see these ({len(found)} note"
                                f"{'s' if len(found) != 1 else ''}).")
            if found != self._rendered:
                self._rendered = found
                muted = ink("muted")
                self.notes.setHtml("".join(
                    f"<p><span style='color:{muted}'>{note.at.astimezone():%d %b %H:%M}</span> "
                    f"{html.escape(note.text)}</p>" for note in found)
                    or f"<p style='color:{muted}'>No note yet.</p>")
                self.notes.moveCursor(QtGui.QTextCursor.MoveOperation.End)
        self.editor.setEnabled(readable)
        reason = session.may(GmNote("-")) if readable else "only at the GM's seat"
        allow(self.add, reason, ADD_TIP)

    def _on_add(self) -> None:
        if self.apply(GmNote(self.editor.toPlainText())):
            self.editor.clear()
            self.refresh()


def make_dock(document: SessionDocument, parent: QtWidgets.QWidget) -> QtWidgets.QDockWidget:
    """The GM's notes in a dock widget for the main window."""
    return scrolling_dock(GmNotesPanel(document), TITLE, DOCK_NAME, parent)
