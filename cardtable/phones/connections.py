"""How many connections the phones' server holds, and the doorway that keeps to it.

Every open connection costs the app a file descriptor, and the app needs descriptors of its
own (saves, the log, card art). So the server holds at most :attr:`ConnectionLimits.total`
connections, a fraction of the process's limit (:meth:`ConnectionLimits.of_this_process`),
and of those at most :attr:`ConnectionLimits.waiting` that have not yet sent a whole request
head. A connection that has not sent its head within :data:`HEADER_TIMEOUT` seconds is
closed; when too many are waiting, the oldest waiting one makes room for the newcomer (a
phone sends its head at once, a slow client never does); when the server is full of
connections that did send theirs, a newcomer is closed at once. Connections idle between
requests are aiohttp's to close (``keepalive_timeout``, :data:`IDLE_TIMEOUT`).

:class:`Doorway` is the protocol factory the listening socket uses; it wraps aiohttp's own
(:attr:`aiohttp.web.AppRunner.server`) and hands it only the connections it admits.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from attrs import frozen

#: Seconds a new connection has to send its whole request head.
HEADER_TIMEOUT = 5.0
#: Seconds an HTTP connection may stay idle between requests.
IDLE_TIMEOUT = 15.0
#: The most connections, whatever the process's descriptor limit.
MOST_CONNECTIONS = 256
#: The process's limit when the system cannot say (Windows: the C runtime's default).
DEFAULT_DESCRIPTORS = 512

Refused = Callable[[str, str], None]


@frozen
class ConnectionLimits:
    """How many connections the server holds at once, and how many of them may still be
    waiting to send their request head."""

    total: int
    waiting: int

    @classmethod
    def for_descriptors(cls, descriptors: int) -> ConnectionLimits:
        """A quarter of ``descriptors`` (at most :data:`MOST_CONNECTIONS`), a quarter of
        those waiting.

        >>> ConnectionLimits.for_descriptors(1024)
        ConnectionLimits(total=256, waiting=64)
        >>> ConnectionLimits.for_descriptors(256)
        ConnectionLimits(total=64, waiting=16)
        """
        total = max(8, min(MOST_CONNECTIONS, descriptors // 4))
        return cls(total=total, waiting=max(2, total // 4))

    @classmethod
    def of_this_process(cls) -> ConnectionLimits:
        """From the process's soft limit on open files (``RLIMIT_NOFILE``)."""
        try:
            import resource
        except ImportError:  # Windows has no resource module
            return cls.for_descriptors(DEFAULT_DESCRIPTORS)
        soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        if soft == resource.RLIM_INFINITY:
            return cls.for_descriptors(MOST_CONNECTIONS * 4)
        return cls.for_descriptors(soft)


def _peer(transport: asyncio.BaseTransport) -> str:
    peer: Any = transport.get_extra_info("peername")
    return str(peer[0]) if isinstance(peer, tuple) and peer else "an unknown address"


class _Guarded(asyncio.Protocol):
    """One connection: handed to aiohttp's protocol if the doorway admits it."""

    def __init__(self, doorway: Doorway, inner: asyncio.Protocol) -> None:
        self._doorway = doorway
        self._inner = inner
        self.transport: asyncio.Transport | None = None
        self.admitted = False
        self.waiting = True
        self._tail = b""
        self._deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        if not self._doorway.admit(self):
            transport.abort()
            return
        self.admitted = True
        self._deadline = asyncio.get_running_loop().call_later(
            self._doorway.header_timeout, self._too_slow
        )
        self._inner.connection_made(transport)

    def data_received(self, data: bytes) -> None:
        if not self.admitted:
            return
        if self.waiting:
            seen = self._tail + data
            if b"\r\n\r\n" in seen or b"\n\n" in seen:
                self._started()
            else:
                self._tail = seen[-3:]
        self._inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self._inner.eof_received() if self.admitted else None

    def connection_lost(self, exc: Exception | None) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
        if self.admitted:
            self._doorway.leave(self)
            self._inner.connection_lost(exc)

    def pause_writing(self) -> None:
        if self.admitted:
            self._inner.pause_writing()

    def resume_writing(self) -> None:
        if self.admitted:
            self._inner.resume_writing()

    def _started(self) -> None:
        self.waiting = False
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None
        self._doorway.started(self)

    def _too_slow(self) -> None:
        self._deadline = None
        if self.waiting and self.transport is not None:
            self._doorway.refused("sent no request in time", self)
            self.transport.abort()

    @property
    def peer(self) -> str:
        return _peer(self.transport) if self.transport is not None else "an unknown address"


class Doorway:
    """The listening socket's protocol factory: admits connections within ``limits``.

    ``protocol`` makes the protocol an admitted connection is handed to (aiohttp's
    :class:`~aiohttp.web.Server`); ``refused(kind, client)`` hears of every connection closed
    for a limit. Runs on the server's event loop only.
    """

    def __init__(
        self,
        protocol: Callable[[], asyncio.Protocol],
        limits: ConnectionLimits,
        refused: Refused,
        *,
        header_timeout: float = HEADER_TIMEOUT,
    ) -> None:
        self._protocol = protocol
        self.limits = limits
        self._refused = refused
        self.header_timeout = header_timeout
        # Oldest first, so the longest waiter is the first to make room.
        self._waiting: dict[_Guarded, None] = {}
        self._started: set[_Guarded] = set()

    def __call__(self) -> asyncio.Protocol:
        return _Guarded(self, self._protocol())

    @property
    def open(self) -> int:
        """Connections held now."""
        return len(self._waiting) + len(self._started)

    def admit(self, connection: _Guarded) -> bool:
        full = self.open >= self.limits.total
        if self._waiting and (full or len(self._waiting) >= self.limits.waiting):
            oldest = next(iter(self._waiting))
            self.refused("too many connections waiting; the oldest was closed", oldest)
            del self._waiting[oldest]
            if oldest.transport is not None:
                oldest.transport.abort()
        elif full:
            self.refused("too many connections", connection)
            return False
        self._waiting[connection] = None
        return True

    def started(self, connection: _Guarded) -> None:
        if connection in self._waiting:
            del self._waiting[connection]
            self._started.add(connection)

    def leave(self, connection: _Guarded) -> None:
        self._waiting.pop(connection, None)
        self._started.discard(connection)

    def refused(self, kind: str, connection: _Guarded) -> None:
        self._refused(kind, connection.peer)

    def close_all(self) -> None:
        """Close every connection still held (the server is stopping)."""
        for connection in [*self._waiting, *self._started]:
            if connection.transport is not None:
                connection.transport.abort()
