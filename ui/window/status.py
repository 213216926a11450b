"""What the main window shows of the session around the felt: its title (with a mark while
there are unsaved changes), the Undo and Redo entries, who holds the computer, and the felt
and hand held still while the curtain is up.

Each part is set only when it changed: most changes (a card dropped, a line logged) leave
all of them as they were, and Qt redraws the menus, the tool bar or the title bar for every
text it is given.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.ui.qt import QtGui, QtWidgets

if TYPE_CHECKING:
    # The session model is imported after the window's first paint (see setup.py).
    from cardtable.ui.document import SessionDocument

TITLE = "Cardtable"
_UNSET = object()


class WindowStatus:
    """Keeps ``window``'s title, its ``undo`` and ``redo`` entries, ``seat_label`` and the
    lock on ``hand_dock`` (and the felt) in step with the session."""

    def __init__(
        self,
        window: QtWidgets.QMainWindow,
        seat_label: QtWidgets.QLabel,
        undo: QtGui.QAction,
        redo: QtGui.QAction,
        hand_dock: QtWidgets.QWidget,
    ) -> None:
        self._window = window
        self._seat_label = seat_label
        self._undo, self._redo, self._hand_dock = undo, redo, hand_dock
        #: What was shown last of each part.
        self._shown: dict[str, object] = {}

    def show(
        self, document: SessionDocument, untitled: str, table: QtWidgets.QWidget | None
    ) -> None:
        """Show ``document``'s state (``untitled``: its name until it is saved somewhere)."""
        window = self._window
        session = document.session
        name = document.path.name if document.path is not None else untitled
        # A guide's table is never saved: it has no unsaved changes to mark.
        unsaved = document.dirty and not document.lent
        if self._changed("title", (name, unsaved)):
            window.setWindowTitle(f"{name}[*] — {TITLE}")
            window.setWindowModified(unsaved)
        undo_action, redo_action = self._undo, self._redo
        undo = session.undo_label
        why = session.undo_blocked_reason
        if self._changed("undo", (session.can_undo, undo, why)):
            undo_action.setEnabled(session.can_undo)
            undo_action.setText(f"&Undo: {undo}" if undo and session.can_undo else "&Undo")
            undo_action.setIconText("Undo")
            undo_action.setToolTip(f"Undo: {undo}" if session.can_undo else why or "")
            undo_action.setStatusTip(undo_action.toolTip())
        redo = session.redo_label
        why = session.redo_blocked_reason or ""
        if self._changed("redo", (session.can_redo, redo, why)):
            redo_action.setEnabled(session.can_redo)
            redo_action.setText(f"&Redo: {redo}" if redo and session.can_redo else "&Redo")
            redo_action.setIconText("Redo")
            redo_action.setToolTip(f"Redo: {redo}" if session.can_redo else why)
            redo_action.setStatusTip(redo_action.toolTip())
        player = session.current_player
        if self._changed("seat", player):
            if player is None:
                self._seat_label.setText("Nobody at the table yet")
            else:
                self._seat_label.setText(
                    f"<span style='color:{player.colour}; font-size:14pt'>●</span> "
                    f"<b>{player.name}</b> has the computer"
                )
        curtain = session.curtain is not None
        if self._changed("curtain", (curtain, table)):
            for widget in (table, self._hand_dock):
                if widget is not None:
                    widget.setEnabled(not curtain)

    def _changed(self, part: str, now: object) -> bool:
        """Whether ``part`` differs from ``now`` (noting it)."""
        if self._shown.get(part, _UNSET) == now:
            return False
        self._shown[part] = now
        return True


__all__ = ["TITLE", "WindowStatus"]
