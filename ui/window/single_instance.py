"""One Cardtable per person: a later start hands its session file to the one running.

Double-clicking a ``.cardtable`` file runs ``cardtable FILE``. When Cardtable is already
running for this user, that start sends the file's full path to it over a local socket (a
Unix socket, or a named pipe on Windows, that only this user may open) and ends; the running
Cardtable brings its window forward and opens the file. When none is running, the start
becomes the one that listens.

A socket left behind by a Cardtable that crashed answers nobody: the next start finds no one
there, removes it and listens in its place. Starts that race (two files double-clicked at
once) take turns through a lock file beside the socket, so the second finds the first
already listening.

Each side sends one line of JSON: the request ``{"open": ["/full/path.cardtable"]}`` and
the answer ``{"ok": true}`` (or ``{"ok": false, "error": "..."}``).
"""

from __future__ import annotations

import contextlib
import getpass
import json
import logging
import os
import re
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

from cardtable.ui.qt import QtCore, QtNetwork

_log = logging.getLogger(__name__)

#: How long a start waits for the running Cardtable to take its file before opening it itself.
ANSWER_TIMEOUT_MS = 5000
#: How long a start waits to reach a socket that is there (a live one answers at once).
CONNECT_TIMEOUT_MS = 1000
#: How long a start waits for another start to finish choosing between handing off and listening.
LOCK_TIMEOUT_MS = 5000
#: How long the running Cardtable waits for a connection to send its request.
READ_TIMEOUT_MS = 5000
#: More than this is not a request (at most :data:`MAX_PATHS` paths).
MAX_REQUEST_BYTES = 64 * 1024
MAX_PATHS = 64

_OK = b'{"ok": true}\n'


class RequestError(ValueError):
    """A message on the socket that is not a request to open files."""


def server_name() -> str:
    """The socket's name for this user.

    On Linux it lies in ``$XDG_RUNTIME_DIR``, the user's own folder for such things. Elsewhere
    it is ``cardtable-<user>``: Qt puts such a Unix socket in the temporary folder (on macOS
    the user's own) and makes it a named pipe on Windows, both open to this user only.
    """
    runtime = os.environ.get("XDG_RUNTIME_DIR", "")
    if sys.platform != "win32" and os.path.isabs(runtime) and os.path.isdir(runtime):
        return os.path.join(runtime, "cardtable.socket")
    return f"cardtable-{_user()}"


def _user() -> str:
    try:
        name = getpass.getuser()
    except (KeyError, OSError):  # a user id without a name
        name = str(os.getuid()) if hasattr(os, "getuid") else ""
    return re.sub(r"[^A-Za-z0-9_.-]", "_", name) or "user"


def encode_request(paths: Sequence[str | Path]) -> bytes:
    """The request to open ``paths``, each made absolute (the two starts' folders differ)."""
    wanted = [os.path.abspath(path) for path in paths]
    return json.dumps({"open": wanted}).encode("utf-8") + b"\n"


def decode_request(line: bytes) -> list[str]:
    """The paths a request asks to open; :class:`RequestError` for anything else."""
    try:
        message = json.loads(line.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise RequestError(f"not a request to open files ({exc})") from None
    paths = message.get("open") if isinstance(message, dict) else None
    if not isinstance(paths, list) or not all(isinstance(p, str) and p for p in paths):
        raise RequestError('a request to open files is {"open": [paths]}')
    if len(paths) > MAX_PATHS:
        raise RequestError(f"at most {MAX_PATHS} files at once, not {len(paths)}")
    if not all(os.path.isabs(p) for p in paths):
        raise RequestError("the paths to open must be absolute")
    return list(paths)


class SingleInstance(QtCore.QObject):
    """This start's end of the socket: it hands files to a running Cardtable or listens.

    ``name`` is the socket's name (:func:`server_name` by default). Requests that arrive
    while listening are answered at once; their paths follow in :attr:`files_received`,
    emitted from the event loop (never inside the socket's own handler, so a receiver may
    ask the player something).
    """

    files_received = QtCore.Signal(list)  # list[str]: absolute paths

    def __init__(self, name: str | None = None, parent: QtCore.QObject | None = None) -> None:
        super().__init__(parent)
        self.name = name or server_name()
        self._server = QtNetwork.QLocalServer(self)
        self._server.setSocketOptions(QtNetwork.QLocalServer.SocketOption.UserAccessOption)
        self._server.newConnection.connect(self._on_new_connection)

    @property
    def listening(self) -> bool:
        return self._server.isListening()

    def hand_off(self, paths: Sequence[str | Path]) -> bool:
        """Give ``paths`` to the Cardtable already running; True when it took them.

        When none is running, this one listens in its place and the answer is False (open
        the files here). When one is running but does not answer within
        :data:`ANSWER_TIMEOUT_MS`, the answer is False too, and this one does not listen.
        """
        with self._turn():
            answer = _send(self.name, encode_request(paths))
            if answer is None:
                self._listen()
            return bool(answer)

    def listen(self) -> bool:
        """Listen for later starts unless another Cardtable already does; True if this one
        now listens (it may already have been)."""
        if self.listening:
            return True
        with self._turn():
            if _reachable(self.name):
                _log.info("another Cardtable listens on %s; this one will not", self.name)
                return False
            return self._listen()

    def close(self) -> None:
        """Stop listening (Qt removes the socket)."""
        self._server.close()

    @contextlib.contextmanager
    def _turn(self) -> Iterator[None]:
        lock = QtCore.QLockFile(_lock_path(self.name))
        taken = lock.tryLock(LOCK_TIMEOUT_MS)
        if not taken:  # better two windows than none: go on without it
            _log.warning("could not take %s (%s)", _lock_path(self.name), lock.error())
        try:
            yield
        finally:
            if taken:
                lock.unlock()

    def _listen(self) -> bool:
        """Listen; only called once nobody answered on the socket, so a socket file still
        there was left by a Cardtable that crashed and may go. (Qt, making the socket this
        user's alone, already puts it in place over such a file; should listening fail all
        the same, the file is removed and listening tried once more.)"""
        if self._server.listen(self.name):
            _log.info("listening for later starts on %s", self._server.fullServerName())
            return True
        if self._server.serverError() == QtNetwork.QAbstractSocket.SocketError.AddressInUseError:
            _log.info("removing the socket a Cardtable left behind: %s", self.name)
            QtNetwork.QLocalServer.removeServer(self.name)
            if self._server.listen(self.name):
                return True
        _log.warning("cannot listen on %s: %s", self.name, self._server.errorString())
        return False

    def _on_new_connection(self) -> None:
        while (socket := self._server.nextPendingConnection()) is not None:
            _Incoming(socket, self)

    def _received(self, paths: list[str]) -> None:
        _log.info("another start handed over %s", paths)
        QtCore.QTimer.singleShot(0, self, lambda: self.files_received.emit(paths))


class _Incoming(QtCore.QObject):
    """One later start's connection: reads its request line, answers, hands on the paths."""

    def __init__(self, socket: QtNetwork.QLocalSocket, owner: SingleInstance) -> None:
        super().__init__(socket)
        self._socket = socket
        self._owner = owner
        self._data = b""
        socket.disconnected.connect(socket.deleteLater)
        socket.readyRead.connect(self._on_ready_read)
        QtCore.QTimer.singleShot(READ_TIMEOUT_MS, self, socket.abort)
        if socket.bytesAvailable():
            self._on_ready_read()

    def _on_ready_read(self) -> None:
        self._data += bytes(self._socket.readAll().data())
        line, newline, _rest = self._data.partition(b"\n")
        if not newline:
            if len(self._data) > MAX_REQUEST_BYTES:
                self._answer({"ok": False, "error": "the request is too long"})
            return
        try:
            paths = decode_request(line)
        except RequestError as exc:
            _log.warning("refused a request on the socket: %s", exc)
            self._answer({"ok": False, "error": str(exc)})
            return
        self._answer(None)
        self._owner._received(paths)

    def _answer(self, refusal: dict[str, object] | None) -> None:
        self._socket.readyRead.disconnect(self._on_ready_read)
        self._socket.write(_OK if refusal is None else json.dumps(refusal).encode() + b"\n")
        self._socket.flush()
        self._socket.disconnectFromServer()


def _lock_path(name: str) -> str:
    if os.path.isabs(name):
        return name + ".lock"
    return os.path.join(QtCore.QDir.tempPath(), name + ".lock")


def _reachable(name: str) -> bool:
    """Whether a Cardtable listens on ``name`` (a socket left by a crash does not)."""
    socket = QtNetwork.QLocalSocket()
    socket.connectToServer(name)
    reached = socket.waitForConnected(CONNECT_TIMEOUT_MS)
    socket.abort()
    return reached


def _send(name: str, request: bytes) -> bool | None:
    """Send ``request``: True when the running Cardtable took it, False when it did not
    answer (or refused), None when nobody listens on ``name``."""
    socket = QtNetwork.QLocalSocket()
    socket.connectToServer(name)
    if not socket.waitForConnected(CONNECT_TIMEOUT_MS):
        return None
    socket.write(request)
    socket.flush()
    answer = b""
    deadline = QtCore.QDeadlineTimer(ANSWER_TIMEOUT_MS)
    while b"\n" not in answer and not deadline.hasExpired():
        if not socket.waitForReadyRead(max(1, deadline.remainingTime())):
            break
        answer += bytes(socket.readAll().data())
    socket.abort()
    if answer.startswith(_OK):
        return True
    _log.warning("the running Cardtable did not take the files: %r", answer[:200])
    return False
