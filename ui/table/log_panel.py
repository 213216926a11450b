"""The session log as the person holding the computer may read it.

Every line goes through :func:`cardtable.session.log_text_for`: a private draw reads "Bea drew
a card" to everyone but Bea until the card is shown, and while the curtain is up nobody's
private text is shown at all.

The panel is a model and a view: :class:`LogModel` answers for the rows the view shows (each
line's text worked out when it is first shown, then kept), so a new line costs one row
added, however long the evening has been. The whole log is there to scroll back through.
When the seat or the curtain changes, every text may read differently, and the model forgets
them all at once (the view asks again only for the lines in sight); an entry revealed to the
table is read again on its own.
"""

from __future__ import annotations

from typing import Any, TypeAlias

from cardtable.session import Changes, log_text_for
from cardtable.ui.document import SessionDocument
from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets
from cardtable.ui.widgets.theme import ink_text

_REFRESH = Changes.LOG | Changes.SEAT | Changes.PLAYERS
TIME_COLUMN, TEXT_COLUMN = 0, 1
TIME_INK = QtGui.QColor("#7a7a7a")
EMPTY_TEXT = "Nothing has happened yet."
_Index: TypeAlias = QtCore.QModelIndex | QtCore.QPersistentModelIndex
_DISPLAY = int(Qt.ItemDataRole.DisplayRole)
_ALIGNMENT = int(Qt.ItemDataRole.TextAlignmentRole)
_FOREGROUND = int(Qt.ItemDataRole.ForegroundRole)
_DECORATION = int(Qt.ItemDataRole.DecorationRole)
_TOOLTIP = int(Qt.ItemDataRole.ToolTipRole)
_ANSWERED = frozenset((_DISPLAY, _ALIGNMENT, _FOREGROUND, _DECORATION, _TOOLTIP))
_ALIGN_LEFT = int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft)
_TIME_BRUSH = QtGui.QBrush(TIME_INK)


class LogModel(QtCore.QAbstractTableModel):
    """One row per log entry: its time, and its text as the seat at the computer may read it,
    marked with the colour of the player who acted."""

    def __init__(self, document: SessionDocument, parent: QtCore.QObject | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self._rows = 0
        self._texts: dict[int, str] = {}
        #: Each row's time as shown (it never changes).
        self._times: dict[int, str] = {}
        self._dots: dict[str, QtGui.QIcon] = {}
        self._mark = 0
        self._reader: object = None
        self.reset()

    # -- keeping up with the session -------------------------------------------------------

    def _reader_now(self) -> object:
        """What every line's wording depends on: the seat, the curtain, who sits where."""
        session = self._document.session
        return (
            session.current_seat,
            session.curtain,
            tuple((p.id, p.colour) for p in session.players),
        )

    def reset(self) -> None:
        """Read the whole log again (a new session, another seat at the computer)."""
        log = self._document.session.log
        self.beginResetModel()
        self._rows = len(log)
        self._texts.clear()
        self._times.clear()
        self._mark = log.replaced_since(0)[1]
        self._reader = self._reader_now()
        self.endResetModel()

    def catch_up(self) -> None:
        """Add the lines written since, and read again the lines revealed since."""
        if self._reader_now() != self._reader:
            self.reset()
            return
        log = self._document.session.log
        replaced, self._mark = log.replaced_since(self._mark)
        for row in replaced:
            if row < self._rows and self._texts.pop(row, None) is not None:
                left = self.index(row, TIME_COLUMN)
                self.dataChanged.emit(left, self.index(row, TEXT_COLUMN))
        if len(log) > self._rows:
            self.beginInsertRows(QtCore.QModelIndex(), self._rows, len(log) - 1)
            self._rows = len(log)
            self.endInsertRows()

    # -- reading ---------------------------------------------------------------------------

    def text(self, row: int) -> str:
        """The line ``row`` as the seat at the computer may read it."""
        found = self._texts.get(row)
        if found is None:
            session = self._document.session
            entry = session.log[row]
            seat = session.current_seat
            found = entry.seen_by_all if seat is None else log_text_for(session, seat, entry)
            self._texts[row] = found
        return found

    def rowCount(self, parent: _Index = QtCore.QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else self._rows

    def columnCount(self, parent: _Index = QtCore.QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else 2

    def hasChildren(self, parent: _Index = QtCore.QModelIndex()) -> bool:  # noqa: B008
        """A flat list: only the top holds rows (public, for whoever walks models)."""
        return not parent.isValid() and self._rows > 0

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        # The view asks some seven roles of every cell it paints, most of them answered
        # None: the roles are told apart as plain numbers, and each row's words kept.
        role = int(role)
        if role not in _ANSWERED:
            return None
        row = index.row()
        # A row the log no longer has: a new session came in and this model has not heard
        # yet (the curtain's lock shows the panels again first, and they measure their rows).
        if not index.isValid() or row >= min(self._rows, len(self._document.session.log)):
            return None
        column = index.column()
        if role == _DISPLAY:
            return self._time(row) if column == TIME_COLUMN else self.text(row)
        if role == _ALIGNMENT:
            return _ALIGN_LEFT
        if role == _FOREGROUND:
            return _TIME_BRUSH if column == TIME_COLUMN else None
        if role == _DECORATION:
            return self._dot(row) if column == TEXT_COLUMN else None
        entry = self._document.session.log[row]  # the tooltip
        return f"{entry.at.strftime('%H:%M:%S')}  {self.text(row)}"

    def _time(self, row: int) -> str:
        found = self._times.get(row)
        if found is None:
            found = self._times[row] = self._document.session.log[row].at.strftime("%H:%M")
        return found

    def _dot(self, row: int) -> QtGui.QIcon | None:
        """The colour of the player who acted, as a dot before the line."""
        session = self._document.session
        actor = session.log[row].actor
        colour = next((p.colour for p in session.players if p.id == actor), None)
        if colour is None:
            return None
        icon = self._dots.get(colour)
        if icon is None:
            pixmap = QtGui.QPixmap(10, 10)
            pixmap.fill(Qt.GlobalColor.transparent)
            painter = QtGui.QPainter(pixmap)
            painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QtGui.QColor(colour))
            painter.drawEllipse(1, 1, 8, 8)
            painter.end()
            icon = self._dots[colour] = QtGui.QIcon(pixmap)
        return icon


class _Wrapping(QtWidgets.QStyledItemDelegate):
    """Measures a line at the width of its column, so that a long line is as tall as its
    wrapped text (Qt measures it unwrapped otherwise). Asked only for rows in sight."""

    def __init__(self, view: QtWidgets.QTableView) -> None:
        super().__init__(view)
        self._view = view

    def sizeHint(self, option: QtWidgets.QStyleOptionViewItem, index: _Index) -> QtCore.QSize:
        measured = QtWidgets.QStyleOptionViewItem(option)
        measured.rect = QtCore.QRect(0, 0, max(1, self._view.columnWidth(index.column())), 1)
        return super().sizeHint(measured, index)


class LogView(QtWidgets.QTableView):
    """The lines, newest at the bottom; long lines wrap. Every row is one line tall until it
    comes into sight, when it is measured at the width of the view: a new line costs the
    same at the first line of an evening and at the hundred-thousandth (a table view, unlike
    a tree, does not walk every row of its model when one is added)."""

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.horizontalHeader().hide()
        self.verticalHeader().hide()
        self.setShowGrid(False)
        self.setWordWrap(True)
        self.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.setSelectionMode(QtWidgets.QAbstractItemView.SelectionMode.ExtendedSelection)
        self.setSelectionBehavior(QtWidgets.QAbstractItemView.SelectionBehavior.SelectRows)
        self.setVerticalScrollMode(QtWidgets.QAbstractItemView.ScrollMode.ScrollPerItem)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setIconSize(QtCore.QSize(10, 10))
        self.setItemDelegate(_Wrapping(self))
        self.setFrameShape(QtWidgets.QFrame.Shape.NoFrame)
        self._line = self.fontMetrics().lineSpacing() + 6
        # Beside a line's words: the dot and the margins round it and round the words, with
        # some to spare (see :meth:`_one_line`).
        margin = self.style().pixelMetric(QtWidgets.QStyle.PixelMetric.PM_FocusFrameHMargin) + 1
        self._room = self.iconSize().width() + 4 * margin + 8
        rows = self.verticalHeader()
        rows.setMinimumSectionSize(self._line)
        rows.setDefaultSectionSize(self._line)
        #: The text column's width each measured row was measured at.
        self._measured: dict[int, int] = {}
        # Rows coming into sight, or a new width: measure the rows in sight (once each).
        self._measure = QtCore.QTimer(self)
        self._measure.setSingleShot(True)
        self._measure.setInterval(0)
        self._measure.timeout.connect(self.measure_in_sight)
        self.verticalScrollBar().valueChanged.connect(lambda *_: self._measure.start())
        self.horizontalHeader().sectionResized.connect(lambda *_: self._measure.start())
        self.copy_action = QtGui.QAction("&Copy", self)
        self.copy_action.setShortcut(QtGui.QKeySequence.StandardKey.Copy)
        self.copy_action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        self.copy_action.triggered.connect(self.copy_selection)
        self.addAction(self.copy_action)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)

    def setModel(self, model: QtCore.QAbstractItemModel | None) -> None:
        super().setModel(model)
        header = self.horizontalHeader()
        header.setStretchLastSection(True)
        header.setSectionResizeMode(TIME_COLUMN, QtWidgets.QHeaderView.ResizeMode.Fixed)
        # Wide enough for "00:00" and a little room; worked out once, not from every row.
        width = self.fontMetrics().horizontalAdvance("00:00") + 14
        header.resizeSection(TIME_COLUMN, width)
        if model is not None:
            model.modelReset.connect(self._forget)
            model.rowsInserted.connect(lambda *_: self._measure.start())
            model.dataChanged.connect(self._on_data_changed)

    def _forget(self) -> None:
        self._measured.clear()
        self._measure.start()

    def _on_data_changed(self, first: QtCore.QModelIndex, last: QtCore.QModelIndex) -> None:
        for row in range(first.row(), last.row() + 1):
            self._measured.pop(row, None)
        self._measure.start()

    def resizeEvent(self, event: QtGui.QResizeEvent) -> None:
        super().resizeEvent(event)
        self._measure.start()

    def lay_out_now(self) -> bool:
        """Lay out the rows just added and measure those in sight now, so that the paint the
        change brings shows them (Qt lays new rows out on a timer of its own, after the
        paint of the table that the same action changed, and the log would be painted again
        in a pass of its own); whether a row was measured."""
        self.executeDelayedItemsLayout()
        if not self.measure_in_sight():
            return False
        self.updateGeometries()  # the scroll range of the rows just measured
        return True

    def measure_in_sight(self) -> bool:
        """Give each row in sight the height of its wrapped text (each row once a width);
        whether any row was measured."""
        model = self.model()
        if model is None or not model.rowCount():
            return False
        width = self.columnWidth(TEXT_COLUMN)
        measured = False
        for _ in range(4):  # a row grown pushes others out of sight, or shrunk brings more in
            top = max(0, self.rowAt(0))
            bottom = self.rowAt(self.viewport().height() - 1)
            bottom = model.rowCount() - 1 if bottom < 0 else bottom
            waiting = [r for r in range(top, bottom + 1) if self._measured.get(r) != width]
            if not waiting:
                break
            measured = True
            option = QtWidgets.QStyleOptionViewItem()
            self.initViewItemOption(option)
            for row in waiting:
                self._measured[row] = width
                height = self._line
                if not self._one_line(model, row, width):
                    # The text alone decides (the time beside it is one line): what
                    # resizeRowToContents finds, asking every column.
                    text = model.index(row, TEXT_COLUMN)
                    height = max(height, self.itemDelegate().sizeHint(option, text).height())
                if self.rowHeight(row) != height:
                    self.setRowHeight(row, height)
        return measured

    def _one_line(self, model: QtCore.QAbstractItemModel, row: int, width: int) -> bool:
        """Whether the line ``row`` surely fits on one line of its column (``width`` wide),
        and so is one line tall, told by the width of its words alone (laying the line out
        to measure it, as Qt does, costs many times more)."""
        text = model.index(row, TEXT_COLUMN).data()
        if not isinstance(text, str) or "\n" in text:
            return False
        return self.fontMetrics().horizontalAdvance(text) + self._room <= width

    def keyPressEvent(self, event: QtGui.QKeyEvent) -> None:
        if event.matches(QtGui.QKeySequence.StandardKey.Copy):
            self.copy_selection()
            event.accept()
            return
        super().keyPressEvent(event)

    def copy_selection(self) -> None:
        """The chosen lines, each with its time, to the clipboard."""
        model = self.model()
        selection = self.selectionModel()
        if model is None or selection is None:
            return
        rows = sorted(index.row() for index in selection.selectedRows(TEXT_COLUMN))
        lines = [
            f"{model.index(row, TIME_COLUMN).data()}  {model.index(row, TEXT_COLUMN).data()}"
            for row in rows
        ]
        if lines:
            QtGui.QGuiApplication.clipboard().setText("\n".join(lines))


class LogPanel(QtWidgets.QWidget):
    """The log lines, newest at the bottom, with the time and who held the computer."""

    def __init__(self, document: SessionDocument, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self.setAccessibleName("Session log")
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        self.model = LogModel(document, self)
        self.view = LogView(self)
        self.view.setObjectName("sessionLog")
        self.view.setAccessibleName("Session log lines")
        self.view.setToolTip(
            "Everything that happened, as the player holding the computer may read it. "
            "File > Export log… writes it all to Markdown or a web page."
        )
        self.view.setModel(self.model)
        self.empty = QtWidgets.QLabel(EMPTY_TEXT, self)
        self.empty.setObjectName("sessionLogEmpty")
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        ink_text(self.empty, "muted")
        layout.addWidget(self.view)
        layout.addWidget(self.empty)
        # The log follows its newest line, also when the dock is resized after the first
        # fill (the window lays its docks out later), until the reader scrolls back.
        self._follow = True
        self._showing_empty: bool | None = None
        bar = self.view.verticalScrollBar()
        bar.rangeChanged.connect(self._on_range)
        bar.valueChanged.connect(self._on_scrolled)
        document.changed.connect(self._on_changed)
        document.replaced.connect(self._on_replaced)
        self._show_newest()

    @property
    def lines(self) -> list[str]:
        """Every line as the seat at the computer may read it now, oldest first."""
        return [self.model.text(row) for row in range(self.model.rowCount())]

    def _on_changed(self, flags: int) -> None:
        if Changes(flags) & _REFRESH:
            if not self.view.isVisible():
                self.model.catch_up()
                self._show_newest()
                return
            # Laid out and measured now, the new line is in the paint that shows the change;
            # measuring may move the rows (Qt keeps the top row where it was), so the newest
            # is brought back after. The rows are painted once, all laid out: the view's own
            # layout repaints them all, so scrolling them first would be work thrown away.
            viewport = self.view.viewport()
            viewport.setUpdatesEnabled(False)
            try:
                self.model.catch_up()
                self._show_newest()
                for _ in range(3):
                    if not self.view.lay_out_now():
                        break
                    self._show_newest()
            finally:
                viewport.setUpdatesEnabled(True)

    def _on_replaced(self) -> None:
        self.model.reset()
        self._show_newest()

    def refresh(self) -> None:
        """Read the whole log again and show its newest line."""
        self.model.reset()
        self._show_newest()

    def _show_newest(self) -> None:
        empty = self.model.rowCount() == 0
        if empty != self._showing_empty:
            self._showing_empty = empty
            self.empty.setVisible(empty)
            self.view.setVisible(not empty)
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
