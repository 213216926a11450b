"""The curtain: while the computer changes hands, it covers the whole window.

It names who should take the computer next; only their "I am ..." button lifts it
(:class:`~cardtable.session.ConfirmSeat`). A wrong pass is mended from the curtain itself
("Someone else is taking it"), which passes the computer again.

Lifting it is a deliberate act of the player who sits down, never a key the player who
passed was still pressing: a click on "I am ...", or Enter (or Space) pressed once the
curtain has been up for :data:`KEY_PAUSE_MS`, which the curtain says in words. The keyboard
focus goes to the curtain itself, not to "I am ...", and a key held down (its repeats) or
pressed sooner lifts nothing.

The curtain shows what :attr:`Session.curtain <cardtable.session.Session.curtain>` says, and
is raised from the document's ``changed`` signal, like the table and the hand dock. Those
views hand their items no private face from the same signal (``on_screen`` holds no private
card while the curtain is up), so nothing private is painted under the curtain, nor at all:
it is opaque, and every view has forgotten its private faces before it first paints.
In the main window, :class:`cardtable.ui.window.curtain_lock.CurtainLock` hides every other
part of the window while the curtain is up, so that no panel, menu or key paints over it.
"""

from __future__ import annotations

from cardtable.session import Changes, ConfirmSeat, PassSeat
from cardtable.session.model import Player, PlayerId
from cardtable.ui.document import SessionDocument
from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets

#: How long the curtain is up before a key lifts it: longer than the player who passed
#: takes to press a key twice, or to follow a shortcut with Enter.
KEY_PAUSE_MS = 1000
#: The keys that lift the curtain, once it has been up for :data:`KEY_PAUSE_MS`.
LIFTING_KEYS = frozenset({Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space})


def how_to_lift(name: str) -> str:
    """What the curtain says about lifting it, under "I am ``name``" (in words, the pause of
    :data:`KEY_PAUSE_MS`)."""
    return (
        f"Click “I am {name}”, or press Enter once the curtain has been up a second: "
        "no key pressed before the computer changed hands lifts it."
    )


#: The property that marks a window of the app to come back once the curtain lifts.
COMES_BACK = "comesBackAfterTheCurtain"
#: The property that marks a window showing only what the whole room may see.
SHOWS_THE_ROOM = "showsOnlyWhatTheRoomSees"

BACKDROP_TOP = QtGui.QColor("#0f2a1c")
BACKDROP_BOTTOM = QtGui.QColor("#07140d")
CARD = QtGui.QColor("#f6f1e6")
INK = QtGui.QColor("#1d2a22")


def _initial(name: str) -> str:
    return name[:1].upper() or "?"


def _focusable_child(parent: QtWidgets.QWidget | None) -> QtWidgets.QWidget | None:
    """The first control of ``parent`` that is in sight and takes the focus from Tab."""
    if parent is None or not parent.isVisible():
        return None
    for child in parent.findChildren(QtWidgets.QWidget):
        if (
            child.isVisible()
            and child.isEnabled()
            and child.focusPolicy() & Qt.FocusPolicy.TabFocus
        ):
            return child
    return None


def comes_back_after_the_curtain(window: QtWidgets.QWidget) -> None:
    """Have ``window`` (a tool window of the app that shows only what the seat at the
    computer may see, as the phones dialog does) hidden while the curtain is up and shown
    again once it lifts. Every other window of the app is closed when the curtain rises
    (see :class:`cardtable.ui.window.curtain_lock.CurtainLock`)."""
    window.setProperty(COMES_BACK, True)


def shows_only_what_the_room_sees(window: QtWidgets.QWidget) -> None:
    """Mark ``window`` (the public table) as showing nothing private: on a screen of its own
    it stays up while the curtain is; on the main window's screen it steps aside like a
    tool window (:func:`comes_back_after_the_curtain`), so that it never covers "I am …"."""
    window.setProperty(SHOWS_THE_ROOM, True)
    window.setProperty(COMES_BACK, True)


class _Avatar(QtWidgets.QWidget):
    """A disc in the player's colour with their initial."""

    def __init__(self, parent: QtWidgets.QWidget) -> None:
        super().__init__(parent)
        self.setFixedSize(96, 96)
        self._colour = QtGui.QColor("#7f8c8d")
        self._letter = "?"

    def set_player(self, player: Player) -> None:
        self._colour = QtGui.QColor(player.colour)
        self._letter = _initial(player.name)
        self.update()

    def paintEvent(self, event: QtGui.QPaintEvent) -> None:
        painter = QtGui.QPainter(self)
        painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
        painter.setPen(QtGui.QPen(QtGui.QColor(255, 255, 255, 200), 4))
        painter.setBrush(self._colour)
        painter.drawEllipse(QtCore.QRectF(self.rect()).adjusted(3, 3, -3, -3))
        font = painter.font()
        font.setPixelSize(46)
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(QtGui.QColor("white"))
        painter.drawText(self.rect(), int(Qt.AlignmentFlag.AlignCenter), self._letter)
        painter.end()


class Curtain(QtWidgets.QWidget):
    """An opaque cover over ``parent`` (the main window) while the computer changes hands."""

    def __init__(self, document: SessionDocument, parent: QtWidgets.QWidget) -> None:
        super().__init__(parent)
        self._document = document
        #: Where the keyboard focus was when the curtain came down.
        self._return_to: QtWidgets.QWidget | None = None
        self.setObjectName("curtain")
        self.setAccessibleName("Curtain")
        self.setAutoFillBackground(False)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        # The keys go to the curtain itself while it is up (see keyPressEvent).
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        #: The player the curtain rose for, and how long ago it rose for them.
        self._risen_for: PlayerId | None = None
        self._risen = QtCore.QElapsedTimer()
        self._avatar = _Avatar(self)
        self._lead = QtWidgets.QLabel("Pass the computer to", self)
        self._name = QtWidgets.QLabel(self)
        self._note = QtWidgets.QLabel(self)
        self._note.setWordWrap(True)
        self.confirm = QtWidgets.QPushButton(self)
        self.confirm.setObjectName("iAm")
        # Reached with Tab, never given the focus: its keys are the curtain's (see
        # eventFilter), so no key lifts the curtain before the pause is over.
        self.confirm.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        self.confirm.installEventFilter(self)
        self.confirm.setMinimumSize(280, 64)
        self.confirm.setCursor(Qt.CursorShape.PointingHandCursor)
        self.confirm.clicked.connect(self._on_confirm)
        self.elsewhere = QtWidgets.QToolButton(self)
        self.elsewhere.setText("Someone else is taking it")
        self.elsewhere.setObjectName("someoneElse")
        self.elsewhere.setToolTip("Pass the computer to another player instead")
        self.elsewhere.setAccessibleName("Pass the computer to someone else")
        self.elsewhere.setPopupMode(QtWidgets.QToolButton.ToolButtonPopupMode.InstantPopup)
        self._others = QtWidgets.QMenu(self.elsewhere)
        self._others.aboutToShow.connect(self._fill_others)
        self.elsewhere.setMenu(self._others)
        self.how = QtWidgets.QLabel(self)
        self.how.setObjectName("howToLift")
        self.how.setWordWrap(True)
        for label in (self._lead, self._name, self._note, self.how):
            label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._style()
        card = QtWidgets.QFrame(self)
        card.setObjectName("curtainCard")
        card.setFixedWidth(520)
        inner = QtWidgets.QVBoxLayout(card)
        inner.setContentsMargins(40, 36, 40, 28)
        inner.setSpacing(10)
        inner.addWidget(self._avatar, 0, Qt.AlignmentFlag.AlignHCenter)
        inner.addSpacing(6)
        inner.addWidget(self._lead)
        inner.addWidget(self._name)
        inner.addWidget(self._note)
        inner.addSpacing(12)
        inner.addWidget(self.confirm, 0, Qt.AlignmentFlag.AlignHCenter)
        inner.addWidget(self.how)
        inner.addSpacing(4)
        inner.addWidget(self.elsewhere, 0, Qt.AlignmentFlag.AlignHCenter)
        outer = QtWidgets.QVBoxLayout(self)
        outer.addStretch(1)
        outer.addWidget(card, 0, Qt.AlignmentFlag.AlignHCenter)
        outer.addStretch(1)
        self.cover()
        document.changed_at_once.connect(self._on_changed)
        document.replaced.connect(self.refresh)
        self.hide()
        self.refresh()

    def _style(self) -> None:
        self.setStyleSheet(
            f"#curtainCard {{ background: {CARD.name()}; border-radius: 22px; }}"
            f"#curtainCard QLabel {{ color: {INK.name()}; }}"
            "QLabel#howToLift { color: #4b5d52; }"
            "QToolButton#someoneElse { border: none; color: #4b5d52; padding: 6px;"
            " text-decoration: underline; }"
            "QToolButton#someoneElse::menu-indicator { image: none; }"
        )
        lead = self._lead.font()
        lead.setPointSizeF(lead.pointSizeF() * 1.35)
        self._lead.setFont(lead)
        name = self._name.font()
        name.setPointSizeF(name.pointSizeF() * 3.2)
        name.setBold(True)
        self._name.setFont(name)
        note = self._note.font()
        note.setPointSizeF(note.pointSizeF() * 1.05)
        self._note.setFont(note)
        big = self.confirm.font()
        big.setPointSizeF(big.pointSizeF() * 1.6)
        big.setBold(True)
        self.confirm.setFont(big)

    # --- following the session ------------------------------------------------------------

    def waiting_for(self) -> Player | None:
        """The player the curtain waits for, or None when it is down."""
        session = self._document.session
        if session.curtain is None:
            return None
        return session.state.player(session.curtain)

    def _on_changed(self, flags: int) -> None:
        if Changes(flags) & (Changes.SEAT | Changes.PLAYERS):
            self.refresh()

    def refresh(self) -> None:
        player = self.waiting_for()
        if player is None:
            if not self.isHidden():
                self.hide()
                # Once the panels have caught up with the new holder of the computer.
                QtCore.QTimer.singleShot(0, self._give_focus_back)
            return
        focus = QtWidgets.QApplication.focusWidget()
        if self.isHidden() and focus is not None and not self.isAncestorOf(focus):
            self._return_to = focus
        if self.isHidden() or self._risen_for != player.id:
            self._risen_for = player.id
            self._risen.start()  # their pause begins
        self._avatar.set_player(player)
        self._name.setText(player.name)
        self._note.setText(
            f"Everything private stays hidden until {player.name} confirms it is them."
        )
        self.confirm.setText(f"I am {player.name}")
        self.confirm.setAccessibleName(f"I am {player.name}")
        self.confirm.setToolTip(f"{player.name}: lift the curtain and see your cards")
        colour = QtGui.QColor(player.colour)
        self.confirm.setStyleSheet(
            f"QPushButton {{ background: {colour.name()}; color: white; border: none;"
            f" border-radius: 14px; padding: 10px 28px; }}"
            f"QPushButton:hover {{ background: {colour.lighter(115).name()}; }}"
            f"QPushButton:focus {{ border: 3px solid {INK.name()}; }}"
        )
        self.how.setText(how_to_lift(player.name))
        self.setAccessibleDescription(f"Pass the computer to {player.name}. {self.how.text()}")
        self.setGeometry(self.parentWidget().rect())
        self.show()
        self.raise_()
        focus = QtWidgets.QApplication.focusWidget()
        if focus is None or not self.isAncestorOf(focus):
            self.setFocus(Qt.FocusReason.OtherFocusReason)

    def _give_focus_back(self) -> None:
        """The keyboard focus goes back where it was before the curtain came down, so the
        next player carries on with the keys (D draws, F flips...): to the same control, to
        one beside it when that one is gone (a "pass the computer" button, say), or to the
        felt."""
        if not self.isHidden():
            return
        target, self._return_to = self._return_to, None
        try:
            if target is not None and not (target.isVisible() and target.isEnabled()):
                target = _focusable_child(target.parentWidget())
        except RuntimeError:  # deleted meanwhile
            target = None
        window = self.parentWidget()
        if target is None and isinstance(window, QtWidgets.QMainWindow):
            target = window.centralWidget()
        if target is not None:
            target.setFocus(Qt.FocusReason.OtherFocusReason)

    def _on_confirm(self) -> None:
        player = self.waiting_for()
        if player is not None:
            self._document.apply(ConfirmSeat(player.id))

    def _fill_others(self) -> None:
        self._others.clear()
        waiting = self.waiting_for()
        for seat, player in enumerate(self._document.session.players):
            if waiting is not None and player.id == waiting.id:
                continue
            entry = self._others.addAction(f"Pass to {player.name}")
            entry.triggered.connect(lambda _=False, s=seat: self._document.apply(PassSeat(s)))

    # --- covering the window --------------------------------------------------------------

    def cover(self) -> None:
        """Cover the whole of the parent (told by the parent as it is resized: a filter on
        it would be a call into Python for every event it gets)."""
        self.setGeometry(self.parentWidget().rect())

    def eventFilter(self, watched: QtCore.QObject, event: QtCore.QEvent) -> bool:
        if (
            watched is self.confirm
            and isinstance(event, QtGui.QKeyEvent)
            and event.key() in LIFTING_KEYS
        ):
            # Not the button's own click on a key: the curtain's, which waits for the pause.
            if event.type() == QtCore.QEvent.Type.KeyPress:
                self._on_lifting_key(event)
            return True
        return False

    def keys_lift(self) -> bool:
        """Whether a key lifts the curtain now: it has been up long enough."""
        return self._risen.isValid() and self._risen.elapsed() >= KEY_PAUSE_MS

    def _on_lifting_key(self, event: QtGui.QKeyEvent) -> None:
        if not event.isAutoRepeat() and self.keys_lift():
            self._on_confirm()
        event.accept()

    def paintEvent(self, event: QtGui.QPaintEvent) -> None:
        painter = QtGui.QPainter(self)
        shade = QtGui.QLinearGradient(0, 0, 0, self.height())
        shade.setColorAt(0.0, BACKDROP_TOP)
        shade.setColorAt(1.0, BACKDROP_BOTTOM)
        painter.fillRect(self.rect(), shade)
        painter.end()

    def keyPressEvent(self, event: QtGui.QKeyEvent) -> None:
        if event.key() in LIFTING_KEYS:
            self._on_lifting_key(event)
            return
        # Nothing typed while the curtain is up reaches the table beneath it.
        event.accept()
