"""The session log as the person holding the computer may read it.

Every line goes through :func:`cardtable.session.log_text_for`: a private draw reads "Bea drew
a card" to everyone but Bea until the card is shown, and while the curtain is up nobody's
private text is shown at all.
"""

from __future__ import annotations

from html import escape

from cardtable.session import Changes, log_text_for
from cardtable.ui.document import SessionDocument
from cardtable.ui.qt import Qt, QtGui, QtWidgets

#: How many of the latest lines the panel shows (the export holds them all).
SHOWN = 500
_REFRESH = Changes.LOG | Changes.SEAT | Changes.PLAYERS


class LogPanel(QtWidgets.QWidget):
    """The latest log lines, newest at the bottom, with the time and who held the computer."""

    def __init__(self, document: SessionDocument, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self.setAccessibleName("Session log")
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        self.view = QtWidgets.QTextBrowser(self)
        self.view.setObjectName("sessionLog")
        self.view.setAccessibleName("Session log lines")
        self.view.setOpenLinks(False)
        self.view.setToolTip(
            "Everything that happened, as the player holding the computer may read it. "
            "File > Export log… writes it all to Markdown or a web page."
        )
        layout.addWidget(self.view)
        self.lines: list[str] = []
        # The log follows its newest line, also when the dock is resized after the first
        # fill (the window lays its docks out later), until the reader scrolls back.
        self._follow = True
        bar = self.view.verticalScrollBar()
        bar.rangeChanged.connect(self._on_range)
        bar.valueChanged.connect(self._on_scrolled)
        document.changed.connect(self._on_changed)
        document.replaced.connect(self.refresh)
        self.refresh()

    def _on_changed(self, flags: int) -> None:
        if Changes(flags) & _REFRESH:
            self.refresh()

    def refresh(self) -> None:
        session = self._document.session
        seat = session.current_seat
        entries = list(session.log)[-SHOWN:]
        players = {p.id: p for p in session.players}
        self.lines = []
        rows = []
        for entry in entries:
            text = entry.seen_by_all if seat is None else log_text_for(session, seat, entry)
            self.lines.append(text)
            who = players.get(entry.actor) if entry.actor is not None else None
            dot = (
                f"<span style='color:{who.colour}'>●</span> " if who is not None else "· "
            )
            rows.append(
                f"<tr><td style='color:#7a7a7a; padding-right:6px'>"
                f"{entry.at.strftime('%H:%M')}</td><td>{dot}{escape(text)}</td></tr>"
            )
        if not rows:
            rows.append("<tr><td style='color:#7a7a7a'>Nothing has happened yet.</td></tr>")
        self.view.setHtml(f"<table cellspacing='2'>{''.join(rows)}</table>")
        self.view.moveCursor(QtGui.QTextCursor.MoveOperation.End)
        # The very end, below the table's margin (the cursor alone stops short of it).
        self._follow = True
        self._on_range()

    def _on_range(self, *_range: int) -> None:
        if self._follow:
            bar = self.view.verticalScrollBar()
            bar.setValue(bar.maximum())

    def _on_scrolled(self, value: int) -> None:
        self._follow = value >= self.view.verticalScrollBar().maximum()


def make_dock(document: SessionDocument, parent: QtWidgets.QWidget) -> QtWidgets.QDockWidget:
    dock = QtWidgets.QDockWidget("Log", parent)
    dock.setObjectName("logDock")
    dock.setAccessibleName("Session log")
    dock.setAllowedAreas(
        Qt.DockWidgetArea.LeftDockWidgetArea
        | Qt.DockWidgetArea.RightDockWidgetArea
        | Qt.DockWidgetArea.BottomDockWidgetArea
    )
    dock.setWidget(LogPanel(document, dock))
    return dock
