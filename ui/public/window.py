"""The public table window: the table as the room sees it, for a TV or a projector.

It shows :func:`~cardtable.public.public_view` and nothing else: the felt with every public
face (:class:`~cardtable.ui.public.felt.PublicFelt`), and beside it whose turn or decision it
is, the Challenges in progress, the newest dice in large type (sealed rolls as sealed), the
Author and Applause tokens and the last lines of the public log. It is drawn for no seat, so
it shows the same whoever holds the computer, GM included, curtain up or down.

It follows the session's change flags (:attr:`SessionDocument.changed`), several changes in
a row making one refresh (:data:`COALESCE_MS`), and not at all while it is closed: the
laptop's felt never waits for it.
"""

from __future__ import annotations

from cardtable.cards import CardId
from cardtable.public import PublicView, public_view
from cardtable.public.view import DiceShown
from cardtable.ui.document import SessionDocument
from cardtable.ui.public.felt import MARK_MS, PublicFelt, index_px
from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets
from cardtable.ui.table.curtain import shows_only_what_the_room_sees

#: Changes closer together than this make one refresh.
COALESCE_MS = 60
TITLE = "Cardtable: the table"
SIDE_STYLE = "QWidget#publicSide { background: #173a29; } QLabel { color: #f4efe2; }"
NEWEST_STYLE = "color: #ffd866;"


def _dice_words(roll: DiceShown) -> str:
    if roll.sealed:
        return f"{roll.heading}: sealed until the GM reveals it"
    return f"{roll.heading}: {roll.verdict}" + (f" ({roll.dice})" if roll.dice else "")


def _dice_headline(roll: DiceShown) -> str:
    """The heading, then the verdict on a line of its own (``23, success``)."""
    if roll.sealed:
        return f"{roll.heading}\nsealed until the GM reveals it"
    return f"{roll.heading}\n{roll.verdict}"


class PublicTable(QtWidgets.QWidget):
    """A top-level window with the public table of ``document``'s session (see the module)."""

    #: Emitted after each refresh (the GM's small picture follows it).
    refreshed = QtCore.Signal()
    #: Emitted when the window is closed (by the user, or from the View menu).
    closed = QtCore.Signal()

    def __init__(self, document: SessionDocument, parent: QtWidgets.QWidget | None = None):
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("publicTable")
        self.setWindowTitle(TITLE)
        self.setAccessibleName("The public table")
        shows_only_what_the_room_sees(self)
        self.document = document
        self.felt = PublicFelt(self)
        side = QtWidgets.QWidget(self)
        side.setObjectName("publicSide")
        side.setStyleSheet(SIDE_STYLE)
        side.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        column = QtWidgets.QVBoxLayout(side)
        self.waiting = self._label(side, "Whose turn", bold=True)
        self.challenges = self._label(side, "Challenges in progress")
        self.dice = self._label(side, "The newest dice", bold=True, scale=1.8)
        self.dice_detail = self._label(side, "The newest dice, each die", scale=1.4)
        self.older_dice = self._label(side, "Earlier dice")
        self.tokens = self._label(side, "Author and Applause tokens")
        self.log = self._label(side, "The newest lines of the log")
        for label in (
            self.waiting,
            self.challenges,
            self.dice,
            self.dice_detail,
            self.older_dice,
            self.tokens,
        ):
            column.addWidget(label)
        column.addStretch(1)
        column.addWidget(self.log)
        row = QtWidgets.QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(0)
        row.addWidget(self.felt, 7)
        row.addWidget(side, 3)
        self.view: PublicView | None = None
        self._soon = QtCore.QTimer(self)
        self._soon.setSingleShot(True)
        self._soon.setInterval(COALESCE_MS)
        self._soon.timeout.connect(self.refresh)
        self._stale = True
        self._unmark = QtCore.QTimer(self)
        self._unmark.setSingleShot(True)
        self._unmark.setInterval(MARK_MS)
        self._unmark.timeout.connect(self._on_unmark)
        document.changed.connect(self._on_changed)
        document.replaced.connect(self._on_replaced)
        self.resize(1280, 720)

    def _label(
        self, parent: QtWidgets.QWidget, what: str, bold: bool = False, scale: float = 1.0
    ) -> QtWidgets.QLabel:
        label = QtWidgets.QLabel(parent)
        label.setWordWrap(True)
        label.setTextFormat(Qt.TextFormat.PlainText)
        label.setAccessibleName(what)
        label.setProperty("scale", scale)
        font = label.font()
        font.setBold(bold)
        label.setFont(font)
        return label

    # -- following the session --------------------------------------------------------------

    def _on_changed(self, flags: int) -> None:
        if not flags:
            return  # saved: nothing on the table changed
        self._stale = True
        if self.isVisible() and not self._soon.isActive():
            self._soon.start()

    def _on_replaced(self) -> None:
        self.view = None
        self._on_changed(-1)

    def showEvent(self, event: QtGui.QShowEvent) -> None:
        super().showEvent(event)
        if self._stale:
            self.refresh()

    def closeEvent(self, event: QtGui.QCloseEvent) -> None:
        super().closeEvent(event)
        self.closed.emit()

    def resizeEvent(self, event: QtGui.QResizeEvent) -> None:
        super().resizeEvent(event)
        size = index_px(self.height())
        for label in self.findChildren(QtWidgets.QLabel):
            font = label.font()
            font.setPixelSize(round(size * float(label.property("scale") or 1.0)))
            label.setFont(font)

    def refresh(self) -> None:
        """Show the session's public table now."""
        self._soon.stop()
        self._stale = False
        before = self.view
        view = public_view(self.document.session)
        self.view = view
        newly: set[CardId] = set()
        if before is not None:
            newly = set(view.shown_cards() - before.shown_cards())
        self.felt.show_view(view, newly)
        self.waiting.setText("\n".join(view.waiting))
        self.challenges.setText("\n\n".join(view.challenges))
        self.challenges.setVisible(bool(view.challenges))
        rolls = list(view.rolls)
        newest = rolls[-1] if rolls else None
        self.dice.setText("" if newest is None else _dice_headline(newest))
        self.dice.setVisible(newest is not None)
        self.dice_detail.setText("" if newest is None else newest.dice)
        self.dice_detail.setVisible(newest is not None and bool(newest.dice))
        self.older_dice.setText("\n".join(_dice_words(r) for r in reversed(rolls[:-1])))
        self.older_dice.setVisible(len(rolls) > 1)
        self.tokens.setText(
            "\n".join(f"{t.player}: {t.applause} Applause, {t.author} Author" for t in view.tokens)
        )
        self.tokens.setVisible(bool(view.tokens))
        self.log.setText("\n".join(view.log))
        if before is not None and (before.rolls != view.rolls or before.log[-1:] != view.log[-1:]):
            self._mark_newest(changed_dice=before.rolls != view.rolls)
        self.refreshed.emit()

    def _mark_newest(self, changed_dice: bool) -> None:
        """The newest dice or log line in the highlight colour for a while."""
        for label in (self.dice, self.dice_detail) if changed_dice else (self.log,):
            label.setStyleSheet(NEWEST_STYLE)
        self._unmark.start()

    def _on_unmark(self) -> None:
        for label in (self.dice, self.dice_detail, self.log):
            label.setStyleSheet("")
