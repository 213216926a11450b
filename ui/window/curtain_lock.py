"""While the curtain is up, the window shows the curtain and nothing else.

:class:`CurtainLock` hides every part of the main window (the felt, the hand, every panel,
docked or floating, the menu bar, the toolbar, the status bar) while the curtain is up, and
when the right player lifts it shows again exactly the parts that were open, in the same
places, with the same panels in front of their tabs. A hidden part paints nothing, takes no
click and answers no shortcut or menu mnemonic (Qt matches a shortcut only to a widget in
sight), so no key and no menu can paint over the curtain.

No other window of the app stays above the curtain, whoever opened it: when the curtain
rises, a dialog waiting for an answer from the player who passed is cancelled, a menu or a
card's large preview is closed, and a tool window marked to come back
(:func:`~cardtable.ui.table.curtain.comes_back_after_the_curtain`: the phones dialog, which
shows only the code of the player at the computer) is hidden until the curtain lifts.

Two guards stand behind that. A part that something shows while the curtain is up (a panel
added at start-up to a session saved behind the curtain, a panel brought forward) is hidden
again before it can paint, and is shown with the others when the curtain lifts. And every
key is kept from the window's shortcuts before Qt looks them up, except the keys of the
curtain's own actions (quitting, which still asks about unsaved changes).
"""

from __future__ import annotations

from collections.abc import Iterable

from cardtable.session import Changes
from cardtable.ui.document import SessionDocument
from cardtable.ui.qt import QtCore, QtGui, QtWidgets
from cardtable.ui.table.curtain import COMES_BACK, SHOWS_THE_ROOM, Curtain
from cardtable.ui.widgets.style import in_front

_SHOWN = QtCore.QEvent.Type.ShowToParent
_RAISED = QtCore.QEvent.Type.ZOrderChange
_POLISHED = QtCore.QEvent.Type.ChildPolished
_SHORTCUT = QtCore.QEvent.Type.ShortcutOverride


class CurtainLock(QtCore.QObject):
    """Keeps ``window`` down to ``curtain`` while ``document``'s session has the curtain up.

    ``keep`` are the window's actions whose keys still work behind the curtain (they are
    added to the curtain, the one part in sight).
    """

    def __init__(
        self,
        window: QtWidgets.QMainWindow,
        curtain: Curtain,
        document: SessionDocument,
        keep: Iterable[QtGui.QAction] = (),
    ) -> None:
        super().__init__(window)
        self._window = window
        self._curtain = curtain
        self._document = document
        #: The parts the lock hid, in the window's order, to show again when it lifts.
        self._hidden: list[QtWidgets.QWidget] = []
        #: Their own size policies: while hidden, each keeps its room in the window.
        self._policies: dict[QtWidgets.QWidget, QtWidgets.QSizePolicy] = {}
        #: The window's arrangement (panels, their sizes, tabs in front) as it was.
        self._state = QtCore.QByteArray()
        #: Whether the panels were laid out anew behind the curtain (:meth:`rearranged`).
        self._rearranged = False
        #: The window's central widget when the curtain rose (the empty felt that stands in
        #: for the table until it is built, or the table).
        self._central: QtWidgets.QWidget | None = None
        #: The panels there were, and those in front of their tabs, when the curtain rose.
        self._docks: list[QtWidgets.QDockWidget] = []
        self._front: list[QtWidgets.QDockWidget] = []
        #: Panels opened, and panels brought forward, behind the curtain, in turn.
        self._opened: list[QtWidgets.QDockWidget] = []
        self._raised: list[QtWidgets.QDockWidget] = []
        self._watched: list[QtWidgets.QWidget] = []
        #: The app's windows put away while the curtain is up, to show again when it lifts.
        self._away: list[QtWidgets.QWidget] = []
        #: True while the curtain is up and the window shows nothing else.
        self.engaged = False
        curtain.addActions(list(keep))
        # Connected after the curtain: it is up before the parts go, and down only once
        # they are back, so no frame shows a bare window.
        document.changed_at_once.connect(self._on_changed)
        document.replaced.connect(self.sync)
        self.sync()

    def _on_changed(self, flags: int) -> None:
        if Changes(flags) & (Changes.SEAT | Changes.PLAYERS):
            self.sync()

    def sync(self) -> None:
        """Engage the lock when the session has the curtain up, release it when not."""
        up = self._document.session.curtain is not None
        if up and not self.engaged:
            self._engage()
        elif not up and self.engaged:
            self._release()

    def arrangement(self) -> QtCore.QByteArray:
        """The window's panels as the players left them (:meth:`QMainWindow.saveState`):
        while the curtain is up, as they were when it rose, not hidden behind it."""
        return QtCore.QByteArray(self._state) if self.engaged else self._window.saveState()

    def rearranged(self, state: QtCore.QByteArray) -> None:
        """The panels were laid out anew behind the curtain, as ``state`` keeps them (the
        window's place restored as it starts): the curtain lifts onto that layout, not onto
        the one it rose on, which would undo the widths the players left."""
        if self.engaged:
            self._state = QtCore.QByteArray(state)
            self._rearranged = True

    def keeps(self, part: QtWidgets.QWidget) -> bool:
        """Whether ``part`` is hidden only while the curtain is up: it is shown again, where
        it is now, when the curtain lifts."""
        return self.engaged and part in self._hidden

    # --- engaging and releasing -----------------------------------------------------------

    def _engage(self) -> None:
        self.engaged = True
        children = [c for c in self._window.children() if isinstance(c, QtWidgets.QWidget)]
        self._state = self._window.saveState()
        self._central = self._window.centralWidget()
        self._docks = [c for c in children if isinstance(c, QtWidgets.QDockWidget)]
        self._front = [dock for dock in self._docks if not dock.isHidden() and in_front(dock)]
        self._window.installEventFilter(self)
        for child in children:
            self._watch(child)
            if self._is_part(child) and not child.isHidden():
                self._hide(child)
        self._put_windows_away()
        self._curtain.raise_()

    def _put_windows_away(self) -> None:
        """Close or hide every window of the app that stands above the main window."""
        ours = [
            widget
            for widget in QtWidgets.QApplication.topLevelWidgets()
            if widget.isVisible()
            and widget is not self._window
            and not isinstance(widget, QtWidgets.QDockWidget)  # a floating panel: a part
            and _belongs_to(widget, self._window)
            # The public table on a screen of its own shows nothing private, covers nothing.
            and not (
                widget.property(SHOWS_THE_ROOM) and widget.screen() is not self._window.screen()
            )
        ]
        for widget in ours:
            if widget.property(COMES_BACK):
                self._away.append(widget)
                widget.hide()
            elif isinstance(widget, QtWidgets.QDialog):
                widget.reject()  # the question was for the player who passed
            else:
                widget.close()
            if widget.isVisible():
                widget.hide()
        if ours:
            self._window.activateWindow()  # the curtain, not a closed window, has the keys

    def _release(self) -> None:
        self.engaged = False
        self._window.removeEventFilter(self)
        for widget in filter(_alive, self._watched):
            widget.removeEventFilter(self)
        hidden = list(filter(self._still_a_part, self._hidden))
        for part in hidden:
            part.show()
        for part, policy in self._policies.items():
            if _alive(part):
                part.setSizePolicy(policy)
        docks = self._window.findChildren(QtWidgets.QDockWidget)
        if not self._rearranged and all(dock in self._docks for dock in docks):
            # Exactly as it was, even after the window was resized behind the curtain.
            self._window.restoreState(self._state)
        else:
            # New panels (the session opened behind the curtain), or panels laid out anew
            # behind it: they kept their room.
            for dock in filter(_alive, self._front):
                dock.raise_()
        for dock in filter(self._still_a_part, self._opened):
            dock.show()
        for dock in filter(_alive, self._raised):
            if not dock.isHidden():
                dock.raise_()
        away, self._away = self._away, []
        for widget in filter(_alive, away):
            widget.show()
        self._hidden, self._policies, self._watched = [], {}, []
        self._docks, self._front, self._opened, self._raised = [], [], [], []
        self._state = QtCore.QByteArray()
        self._rearranged = False
        self._central = None

    def _still_a_part(self, widget: QtWidgets.QWidget) -> bool:
        """Whether ``widget`` is still there and in the window: not deleted, nor taken out
        of it meanwhile (the panels' place, once the panels are built), nor replaced as its
        central widget (the empty felt, once the table is built: Qt hides it and deletes it
        only on its next turn of the event loop, and shown again it lies over the table and
        the panels)."""
        if not _alive(widget) or widget.parentWidget() is not self._window:
            return False
        return widget is not self._central or widget is self._window.centralWidget()

    def _is_part(self, widget: QtWidgets.QWidget) -> bool:
        """Whether the lock hides ``widget``: a panel (docked or floating) or anything in
        the window's frame; not a dialog or a menu, which are windows of their own, nor
        the panels' tab bars, which the panels' layout shows and hides with them."""
        if widget is self._curtain or isinstance(widget, QtWidgets.QTabBar):
            return False
        return isinstance(widget, QtWidgets.QDockWidget) or not widget.isWindow()

    def _watch(self, widget: QtWidgets.QWidget) -> None:
        if widget is self._curtain or widget in self._watched:
            return
        if widget.isWindow() and not isinstance(widget, QtWidgets.QDockWidget):
            return  # a dialog (the unsaved-changes question) or a menu
        widget.installEventFilter(self)
        self._watched.append(widget)

    def _hide(self, part: QtWidgets.QWidget) -> None:
        if part not in self._hidden:
            self._hidden.append(part)
        if part not in self._policies:
            # Kept room: the felt does not grow into the panels' place and back, and the
            # panels come back at the widths they had (or were given while hidden).
            self._policies[part] = part.sizePolicy()
            keeping = part.sizePolicy()
            keeping.setRetainSizeWhenHidden(True)
            part.setSizePolicy(keeping)
        part.hide()

    # --- the guards -----------------------------------------------------------------------

    def eventFilter(self, watched: QtCore.QObject, event: QtCore.QEvent) -> bool:
        if not self.engaged:
            return False
        kind = event.type()
        if watched is self._window:
            if kind == _POLISHED and isinstance(event, QtCore.QChildEvent):
                child = event.child()  # a new part, about to be shown
                if isinstance(child, QtWidgets.QWidget):
                    self._watch(child)
            elif (
                kind == _SHORTCUT
                and isinstance(event, QtGui.QKeyEvent)
                and not self._curtain_key(event)
            ):
                event.accept()  # the key goes on to the curtain, not to a shortcut
                return True
            return False
        if kind in (_SHOWN, _RAISED) and isinstance(watched, QtWidgets.QWidget):
            if isinstance(watched, QtWidgets.QDockWidget):
                if kind == _SHOWN:
                    _to_end(self._opened, watched)
                elif watched.isHidden():
                    # Brought forward behind the curtain. (Qt raises a panel too, for its
                    # own ends, half-way through showing it: not hidden by then, and not
                    # a wish to see it in front.)
                    _to_end(self._raised, watched)
            if kind == _SHOWN and self._is_part(watched):
                self._hide(watched)
            self._curtain.raise_()
        return False

    def _curtain_key(self, event: QtGui.QKeyEvent) -> bool:
        """Whether ``event`` is the key of one of the curtain's own actions."""
        pressed = QtGui.QKeySequence(event.keyCombination())
        return any(
            shortcut.matches(pressed) == QtGui.QKeySequence.SequenceMatch.ExactMatch
            for action in self._curtain.actions()
            for shortcut in action.shortcuts()
        )


def _to_end(docks: list[QtWidgets.QDockWidget], dock: QtWidgets.QDockWidget) -> None:
    if dock in docks:
        docks.remove(dock)
    docks.append(dock)


def _alive(widget: QtWidgets.QWidget) -> bool:
    """Whether ``widget`` is still there (one replaced meanwhile is deleted, such as the
    felt that stands in for the table until the table is built)."""
    try:
        widget.objectName()
    except RuntimeError:
        return False
    return True


def _belongs_to(widget: QtWidgets.QWidget, window: QtWidgets.QWidget) -> bool:
    """Whether ``widget`` (a window) was opened from ``window``: a dialog, a menu or a
    preview of its own, or of one of its panels."""
    parent = widget.parentWidget()
    while parent is not None:
        if parent is window:
            return True
        parent = parent.parentWidget()
    return False


__all__ = ["CurtainLock"]
