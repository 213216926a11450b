"""The phones' server as the window keeps it: started and stopped on request, fed the session.

A :class:`PhoneService` owns the :class:`~cardtable.phones.host.PhoneHost` (seats' secrets,
views, requests) and, while playing with phones, a
:class:`~cardtable.phones.server.PhoneServer` on a thread of its own. Every change of the
session reaches the connected phones; a different session put in play stops the phones (the
seats are other people).
"""

from __future__ import annotations

import logging

from cardtable.phones.host import PhoneHost
from cardtable.phones.server import PhoneServer
from cardtable.session import Changes, PlayerId
from cardtable.session.authority import gm_refusal
from cardtable.ui.document import SessionDocument
from cardtable.ui.phones.bridge import OwnerThread
from cardtable.ui.phones.card_pictures import QtCardPainter
from cardtable.ui.qt import QtCore, QtNetwork

log = logging.getLogger(__name__)

#: The port offered first; any free one can be chosen.
DEFAULT_PORT = 8765


def addresses() -> list[tuple[str, str]]:
    """(label, address) for every IPv4 address of this computer, the local network first."""
    found: list[tuple[str, str]] = []
    for interface in QtNetwork.QNetworkInterface.allInterfaces():
        flags = interface.flags()
        if not flags & QtNetwork.QNetworkInterface.InterfaceFlag.IsUp:
            continue
        for entry in interface.addressEntries():
            ip = entry.ip()
            if ip.protocol() != QtNetwork.QAbstractSocket.NetworkLayerProtocol.IPv4Protocol:
                continue
            if ip.isLoopback():
                continue
            name = interface.humanReadableName() or interface.name()
            found.append((f"{name}: {ip.toString()}", ip.toString()))
    found.append(("This computer only: 127.0.0.1", "127.0.0.1"))
    return found


class PhoneService(QtCore.QObject):
    """Playing with phones, for ``document``'s session."""

    #: Emitted when the server starts or stops, or a phone connects or goes.
    changed = QtCore.Signal()

    def __init__(self, document: SessionDocument, parent: QtCore.QObject | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self._owner = OwnerThread(self)
        self.host = self._new_host()
        self.server: PhoneServer | None = None
        document.changed_at_once.connect(self._on_changed)
        document.replaced.connect(self._on_replaced)

    @property
    def running(self) -> bool:
        return self.server is not None and self.server.running

    def refusal(self) -> str | None:
        """Why the seat at the computer may not turn phones on or off (the GM's job)."""
        session = self._document.session
        if session.curtain is not None:
            return "The curtain is up."
        if session.holder is None:
            return None
        return gm_refusal(session.state, session.holder, "turn the phones on or off")

    def start(self, address: str, port: int) -> None:
        """Listen on ``address``:``port``; OSError (port taken, say) when it cannot."""
        self.stop()
        server = PhoneServer(self.host, self._owner.submit, address=address, port=port)
        server.start()
        self.server = server
        log.info("phones: listening on %s:%d", address, server.port)
        self.changed.emit()

    def stop(self) -> None:
        if self.server is not None:
            self.server.stop()
            self.server = None
            log.info("phones: stopped")
            self.changed.emit()

    def url(self, player: PlayerId) -> str | None:
        return self.server.url(player) if self.server is not None else None

    def revoke(self, player: PlayerId) -> None:
        if self.server is not None:
            self.server.revoke(player)
        else:
            self.host.revoke(player)
        self.changed.emit()

    def connected(self) -> list[PlayerId]:
        return list(self.host.connected)

    def waiting_for(self) -> list[str]:
        """"Bob's phone (Answer as Brann)" for each connected seat the table waits for."""
        out = []
        session = self._document.session
        for player in self.connected():
            if not any(p.id == player for p in session.players):
                continue
            decisions = self.host.view(player)["decisions"]
            asked = [d for d in decisions if d["kind"] != "challenge"]
            if asked:
                name = session.state.player(player).name
                out.append(f"{name}'s phone ({asked[0]['label']})")
        return out

    def _on_changed(self, flags: int) -> None:
        if self.running:
            self.host.on_changes(Changes(flags))
            self.changed.emit()

    def _on_replaced(self) -> None:
        # Another session: other people at other seats. Their links must be new ones.
        self.stop()
        self.host = self._new_host()
        self.changed.emit()

    def _new_host(self) -> PhoneHost:
        host = PhoneHost(lambda: self._document.session)
        host.on_connected = self.changed.emit
        host.pictures.painter = QtCardPainter()
        return host
