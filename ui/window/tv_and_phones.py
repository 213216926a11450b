"""Table > A TV and phones (and its twin on the welcome screen): the in-person evening in one go.

The public table opens on the first screen that is not the laptop's (a normal window when
there is one screen), the phones start on this computer's local network, and the phones
dialog opens, where each player in turn is shown their own link. The laptop stays with the
GM: turning the phones on is the GM's job (:meth:`PhoneService.refusal`), so a session that
comes in behind the curtain opens the public table at once and starts the phones once the
GM has lifted the curtain; anyone else at the laptop is told why not, and nothing starts.
"""

from __future__ import annotations

from collections.abc import Callable

from cardtable.ui.document import SessionDocument
from cardtable.ui.phones.service import DEFAULT_PORT, PhoneService, addresses
from cardtable.ui.public.screens import TV_AND_PHONES, PublicScreen
from cardtable.ui.qt import QtCore, QtGui, QtWidgets


class TvAndPhones(QtCore.QObject):
    """The Table menu's "A TV and phones" for ``main``'s session."""

    def __init__(
        self,
        main: QtWidgets.QMainWindow,
        document: Callable[[], SessionDocument],
        public: PublicScreen,
        phones: Callable[[], PhoneService],
        show_phones: Callable[[], None],
    ) -> None:
        super().__init__(main)
        self._main = main
        self._document = document
        self._public = public
        self._phones = phones
        self._show_phones = show_phones
        self._waiting: SessionDocument | None = None
        self.action = QtGui.QAction("A TV and phon&es", main)
        self.action.setObjectName("tvAndPhonesAction")
        self.action.setStatusTip(TV_AND_PHONES)
        self.action.setToolTip(TV_AND_PHONES)
        self.action.triggered.connect(self.start)

    def start(self) -> None:
        """Open the public table, and start the phones now or once the curtain lifts."""
        document = self._document()
        if document.session.curtain is None and self._refuse():
            return
        if not (self._public.window is not None and self._public.window.isVisible()):
            self._public.open_at_start()
        if document.session.curtain is None:
            self._start_phones()
        elif self._waiting is None:
            self._waiting = document
            document.changed.connect(self._on_changed)

    def _refuse(self) -> bool:
        """Say why the seat at the laptop may not start the phones, if it may not."""
        refusal = self._phones().refusal()
        if refusal is not None:
            self._main.statusBar().showMessage(f"⚠ A TV and phones: {refusal}", 8000)
        return refusal is not None

    def _on_changed(self, _flags: int = 0) -> None:
        document = self._waiting
        if document is None or document.session.curtain is not None:
            return
        document.changed.disconnect(self._on_changed)
        self._waiting = None
        if document is self._document() and not self._refuse():
            self._start_phones()

    def _start_phones(self) -> None:
        service = self._phones()
        if not service.running:
            address = addresses()[0][1]
            try:
                service.start(address, DEFAULT_PORT)
            except OSError:  # the usual port is taken: any free one will do
                service.start(address, 0)
        self._show_phones()
