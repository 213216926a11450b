"""Work from the phones' server thread, run on the window's thread (where the session lives)."""

from __future__ import annotations

import concurrent.futures
from collections.abc import Callable
from typing import Any

from cardtable.ui.qt import Qt, QtCore


class OwnerThread(QtCore.QObject):
    """``submit(work)`` from any thread runs ``work`` on the thread this object lives on (the
    window's), and returns a future of its result."""

    _work = QtCore.Signal(object)

    def __init__(self, parent: QtCore.QObject | None = None) -> None:
        super().__init__(parent)
        self._work.connect(self._on_work, Qt.ConnectionType.QueuedConnection)

    def submit(self, work: Callable[[], Any]) -> concurrent.futures.Future[Any]:
        future: concurrent.futures.Future[Any] = concurrent.futures.Future()
        if QtCore.QThread.currentThread() is self.thread():
            self._on_work((work, future))
        else:
            self._work.emit((work, future))
        return future

    def _on_work(self, item: tuple[Callable[[], Any], concurrent.futures.Future[Any]]) -> None:
        work, future = item
        if not future.set_running_or_notify_cancel():
            return
        try:
            future.set_result(work())
        except BaseException as exc:  # handed to the server thread, which answers the phone
            future.set_exception(exc)
