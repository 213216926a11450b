"""Work put off until a widget has painted: what the first sight of the table need not wait
for (the session itself, the panels, the icon, settling Python's memory)."""

from __future__ import annotations

from collections.abc import Callable

from cardtable.ui.qt import QtCore, QtWidgets


class _AfterPaint(QtCore.QObject):
    """Calls ``then`` once, just after the next paint of ``widget``.

    It watches that one widget, not the whole application: every event of the window would
    otherwise pass through Python until then.
    """

    _PAINT = QtCore.QEvent.Type.Paint

    def __init__(self, widget: QtWidgets.QWidget, then: Callable[[], object]) -> None:
        super().__init__(widget)
        self._widget = widget
        self._then = then
        widget.installEventFilter(self)

    def eventFilter(self, watched: QtCore.QObject, event: QtCore.QEvent) -> bool:
        if event.type() == self._PAINT:
            self._widget.removeEventFilter(self)
            # Queued: it runs once this paint (and the rest of the window's) is done.
            QtCore.QTimer.singleShot(0, self._then)
            self.deleteLater()  # done: not kept as long as the widget
        return False


def after_paint(widget: QtWidgets.QWidget, then: Callable[[], object]) -> None:
    """Call ``then`` once, just after the next paint of ``widget`` (owned by ``widget``)."""
    _AfterPaint(widget, then)
