"""A panel tabbed behind another catches up when it comes into sight, not at every change.

The window holds a dozen panels, most of them behind another's tab. Redoing the text, lists
and buttons of every one at every change of the session would make a card dropped on the
felt pay for the Tarot, Play and Conflict panels nobody is looking at. :class:`RefreshInSight`
runs a panel's refresh at once while the panel is in sight (or might be: on its own, before
the window shows), and otherwise notes that it is behind, and runs it as the panel comes into
sight (its tab brought forward, its dock opened).

What a panel offers on the felt itself (a prompt to pick a card there) cannot wait for its
tab: the panel says so with ``now=True``, and the refresh runs whether it is seen or not.
Nor does a change of who sits at the screen (or of the curtain) wait: whatever a panel
holds out of sight was then worked out for the seat at the screen, which may see it.
"""

from __future__ import annotations

from collections.abc import Callable

from cardtable.session import Changes
from cardtable.ui.qt import QtCore, QtWidgets


def tucked_away(widget: QtWidgets.QWidget) -> bool:
    """Whether ``widget`` is out of sight in a window that is on the screen: hidden, or in a
    dock tabbed behind another (Qt keeps those shown, moved off the window)."""
    if not widget.window().isVisible():
        return False
    return not widget.isVisible() or widget.visibleRegion().isEmpty()


#: What may bring a panel into sight: it, or a widget it lies in, is shown, moved or resized.
_COMING = frozenset({QtCore.QEvent.Type.Show, QtCore.QEvent.Type.Move, QtCore.QEvent.Type.Resize})


class RefreshInSight(QtCore.QObject):
    """Runs ``refresh`` of ``panel`` on :meth:`changed` while it is in sight, else once it
    comes into sight."""

    def __init__(self, panel: QtWidgets.QWidget, refresh: Callable[[], object]) -> None:
        super().__init__(panel)
        self._panel = panel
        self._refresh = refresh
        #: Whether a change came while the panel was out of sight.
        self.behind = False
        self._watched: list[QtWidgets.QWidget] = []

    def changed(self, changes: int, now: bool = False) -> None:
        """The session changed (``changes``, the session's flags): refresh now, unless the
        panel is out of sight, the seat at the screen is the same, and nothing the panel
        offers on the felt depends on it (``now``)."""
        if not now and not Changes(changes) & Changes.SEAT and tucked_away(self._panel):
            self.behind = True
            self._watch()
            return
        self.behind = False
        self._refresh()

    def _watch(self) -> None:
        """Hear of the panel and the widgets it lies in (its dock) coming into sight."""
        ancestors = []
        widget: QtWidgets.QWidget | None = self._panel
        while widget is not None and not widget.isWindow():
            ancestors.append(widget)
            widget = widget.parentWidget()
        if ancestors == self._watched:
            return
        for old in self._watched:
            old.removeEventFilter(self)
        for new in ancestors:
            new.installEventFilter(self)
        self._watched = ancestors

    def eventFilter(self, watched: QtCore.QObject, event: QtCore.QEvent) -> bool:
        if self.behind and event.type() in _COMING and not tucked_away(self._panel):
            self.behind = False
            self._refresh()
        return False
