"""Table > Play with phones…: turn the server on, and show each player their own QR code.

A seat's link is a key to its hand, so its code is shown only while that player holds the
computer (curtain down); for the others the dialog offers "Pass the computer to Bob". The GM
turns the phones on and off and may revoke any seat's link (a revoked phone is disconnected
and its old code stops working). The status bar says who is connected and whose phone the
table waits for.
"""

from __future__ import annotations

import io

import segno

from cardtable.session import PassSeat, PlayerId
from cardtable.ui.document import SessionDocument
from cardtable.ui.phones.service import DEFAULT_PORT, PhoneService, addresses
from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets
from cardtable.ui.table.curtain import comes_back_after_the_curtain

#: The QR code's size on screen, in pixels: big enough for a phone's camera across a table.
QR_PIXELS = 240


def qr_pixmap(text: str, pixels: int = QR_PIXELS) -> QtGui.QPixmap:
    """``text`` as a QR code (medium error correction), ``pixels`` wide."""
    code = segno.make(text, error="m")
    out = io.BytesIO()
    code.save(out, kind="png", scale=8, border=3)
    pixmap = QtGui.QPixmap()
    pixmap.loadFromData(out.getvalue(), "PNG")
    return pixmap.scaled(
        pixels, pixels, Qt.AspectRatioMode.KeepAspectRatio, Qt.TransformationMode.FastTransformation
    )


class PhonesDialog(QtWidgets.QDialog):
    """The phones' switch, the seats and their connections, the code of whoever is here."""

    def __init__(
        self,
        service: PhoneService,
        document: SessionDocument,
        parent: QtWidgets.QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._service = service
        self._document = document
        self.setWindowTitle("Play with phones")
        self.setObjectName("phonesDialog")
        layout = QtWidgets.QVBoxLayout(self)
        intro = QtWidgets.QLabel(
            "Each player opens their own hand on their phone: the hand, the face-down cards "
            "and the decisions that are theirs. The shared screen keeps the table. Phones on "
            "the same network as this computer scan the code of their seat."
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)

        form = QtWidgets.QFormLayout()
        self.network = QtWidgets.QComboBox()
        self.network.setToolTip(
            "Where the phones reach this computer: the local network's "
            "address (Wi-Fi, say), or this computer only"
        )
        for label, address in addresses():
            self.network.addItem(label, address)
        self.network.installEventFilter(self)
        self.port = QtWidgets.QSpinBox()
        self.port.setRange(1024, 65535)
        self.port.setValue(DEFAULT_PORT)
        self.port.setToolTip("The port the phones connect to (any free one from 1024)")
        self.port.installEventFilter(self)
        form.addRow("&Network:", self.network)
        form.addRow("&Port:", self.port)
        layout.addLayout(form)
        row = QtWidgets.QHBoxLayout()
        self.switch = QtWidgets.QPushButton("&Start playing with phones")
        self.switch.clicked.connect(self._on_switch)
        row.addWidget(self.switch)
        self.state = QtWidgets.QLabel()
        self.state.setWordWrap(True)
        row.addWidget(self.state, 1)
        layout.addLayout(row)

        self.seats = QtWidgets.QGridLayout()
        layout.addLayout(self.seats)

        here = QtWidgets.QHBoxLayout()
        self.code = QtWidgets.QLabel()
        self.code.setObjectName("seatCode")
        self.code.setMinimumSize(QR_PIXELS, QR_PIXELS)
        self.code.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.code.setAccessibleName("Your seat's QR code")
        here.addWidget(self.code)
        self.link = QtWidgets.QLineEdit()
        self.link.setReadOnly(True)
        self.link.setAccessibleName("Your seat's link")
        self.link.setToolTip("Your seat's link, for a phone that cannot scan: keep it to yourself")
        side = QtWidgets.QVBoxLayout()
        self.code_title = QtWidgets.QLabel()
        self.code_title.setWordWrap(True)
        side.addWidget(self.code_title)
        side.addWidget(self.link)
        side.addStretch(1)
        here.addLayout(side, 1)
        layout.addLayout(here)
        buttons = QtWidgets.QDialogButtonBox(QtWidgets.QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        service.changed.connect(self.refresh)
        document.changed.connect(self.refresh)
        self.refresh()

    def eventFilter(self, watched: QtCore.QObject, event: QtCore.QEvent) -> bool:
        # The wheel over a field scrolls the dialog unless the field has the focus.
        wheel = event.type() == QtCore.QEvent.Type.Wheel
        if wheel and isinstance(watched, QtWidgets.QWidget) and not watched.hasFocus():
            event.ignore()
            return True
        return super().eventFilter(watched, event)

    # -- acting -----------------------------------------------------------------------------

    def _on_switch(self) -> None:
        if self._service.refusal() is not None:
            return
        if self._service.running:
            self._service.stop()
            return
        address = str(self.network.currentData())
        try:
            self._service.start(address, self.port.value())
        except OSError as exc:
            self.refresh()
            reason = exc.strerror or str(exc)
            self.state.setText(
                f"⚠ Could not listen on {address}:{self.port.value()} ({reason}): "
                "choose another port or network."
            )

    # -- reading ----------------------------------------------------------------------------

    def refresh(self, _flags: int = 0) -> None:
        service = self._service
        refusal = service.refusal()
        self.switch.setText(
            "&Stop playing with phones" if service.running else "&Start playing with phones"
        )
        self.switch.setEnabled(refusal is None)
        self.switch.setToolTip(
            refusal
            or (
                "Close the port: every phone is disconnected"
                if service.running
                else "Open the port so that phones can join"
            )
        )
        self.network.setEnabled(not service.running)
        self.port.setEnabled(not service.running)
        if service.running and service.server is not None:
            self.state.setText(f"Listening on {service.server.address}:{service.server.port}.")
        else:
            self.state.setText("Off: nothing listens until you start.")
        self._fill_seats(refusal)
        self._show_code()

    def _fill_seats(self, refusal: str | None) -> None:
        while self.seats.count():
            item = self.seats.takeAt(0)
            if item is not None and item.widget() is not None:
                item.widget().deleteLater()
        session = self._document.session
        connected = set(self._service.connected())
        for row, player in enumerate(session.players):
            name = QtWidgets.QLabel(f"<b>{player.name}</b>{' (GM)' if player.is_gm else ''}")
            name.setTextFormat(Qt.TextFormat.RichText)
            here = "phone connected" if player.id in connected else "no phone"
            state = QtWidgets.QLabel(here)
            state.setObjectName(f"phoneState-{player.id}")
            revoke = QtWidgets.QPushButton("Revoke")
            revoke.setObjectName(f"revoke-{player.id}")
            mine = session.curtain is None and session.holder == player.id
            allowed = refusal is None or mine
            revoke.setEnabled(allowed)
            revoke.setToolTip(
                f"A new link for {player.name}: the old code stops working and a phone on it "
                "is disconnected"
                if allowed
                else (refusal or "")
            )
            revoke.clicked.connect(lambda _=False, p=player.id: self._service.revoke(p))
            self.seats.addWidget(name, row, 0)
            self.seats.addWidget(state, row, 1)
            self.seats.addWidget(revoke, row, 2)
            if not mine and session.curtain is None:
                hand = QtWidgets.QPushButton(f"Pass the computer to {player.name}")
                hand.setObjectName(f"pass-{player.id}")
                hand.setToolTip(f"{player.name}'s code is shown only to {player.name}")
                seat = row
                hand.clicked.connect(lambda _=False, s=seat: self._document.apply(PassSeat(s)))
                self.seats.addWidget(hand, row, 3)

    def _show_code(self) -> None:
        session = self._document.session
        holder = session.current_player
        url = None
        if holder is not None and session.curtain is None and self._service.running:
            url = self._service.url(PlayerId(holder.id))
        if url is None:
            self.code.clear()
            self.code.setText("No code shown")
            self.link.clear()
            self.code_title.setText(
                "Start playing with phones; each player's code shows here while they hold "
                "the computer."
                if not self._service.running
                else "The curtain is up: a code shows only to its own player."
            )
            return
        assert holder is not None
        self.code.setPixmap(qr_pixmap(url))
        self.link.setText(url)
        self.code_title.setText(f"<b>{holder.name}</b>: scan this with your phone's camera.")


def install_phones(
    window: QtWidgets.QMainWindow, document: SessionDocument, menu: QtWidgets.QMenu
) -> PhoneService:
    """Table > Play with phones…, and the status bar's word on the phones."""
    service = PhoneService(document, window)
    action = QtGui.QAction("Play with p&hones…", window)
    action.setObjectName("phonesAction")
    action.setStatusTip("Each player's hand on their own phone; the table on this screen")
    action.setToolTip(action.statusTip())
    dialogs: list[PhonesDialog] = []

    def _open() -> None:
        if not dialogs:
            dialogs.append(PhonesDialog(service, document, window))
            # Out of the way while the curtain is up; back with the new holder's code after.
            comes_back_after_the_curtain(dialogs[0])
        dialogs[0].show()
        dialogs[0].raise_()

    action.triggered.connect(_open)
    menu.addSeparator()
    menu.addAction(action)
    status = QtWidgets.QLabel()
    status.setObjectName("phonesStatus")
    window.statusBar().addPermanentWidget(status)

    def _status() -> None:
        if not service.running:
            status.clear()
            status.hide()
            return
        session = document.session
        names = [
            session.state.player(p).name
            for p in service.connected()
            if any(x.id == p for x in session.players)
        ]
        text = "Phones: " + (", ".join(names) if names else "none connected yet")
        waiting = service.waiting_for()
        if waiting:
            text += " · waiting for " + "; ".join(waiting)
        status.setText(text)
        status.show()

    service.changed.connect(_status)
    app = QtWidgets.QApplication.instance()
    if app is not None:
        app.aboutToQuit.connect(service.stop)
    window.destroyed.connect(lambda *_: service.stop())
    _status()
    return service
