"""Refusals written to the log without letting a flood fill it.

The first refusal of each kind from each client in a minute is logged as it happens; the rest
of that minute are only counted, and the count is logged when the minute ends. A kind is a
fixed phrase (never text a client chose, or a client could make every line a new kind); a
client is a seat or an address. Past :data:`CLIENTS` clients in one minute, the others share
one count, so many addresses cannot make many lines either.

>>> import sys
>>> logger = logging.getLogger("doc.refusals")
>>> logger.addHandler(logging.StreamHandler(sys.stdout))
>>> logger.propagate = False
>>> now = [0.0]
>>> refusals = RefusalLog(logger, clock=lambda: now[0])
>>> for _ in range(500):
...     refusals.refused("too many messages", "bea")
phones: refused from bea: too many messages
>>> now[0] = 61.0
>>> refusals.flush()
phones: refused from bea: too many messages, 499 more times in the last minute
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

#: Seconds in which each kind of refusal from one client is logged once.
WINDOW = 60.0
#: Clients tracked apart in one window; beyond them, one shared count.
CLIENTS = 64
#: The client named for the ones beyond :data:`CLIENTS`.
OTHERS = "other clients"


class _Window:
    __slots__ = ("more", "started")

    def __init__(self, started: float) -> None:
        self.started = started
        self.more = 0


class RefusalLog:
    """Logs refusals to ``logger`` at most once per kind, client and :data:`WINDOW`.

    Not thread-safe: the phones' server calls it from its own thread only.
    """

    def __init__(
        self,
        logger: logging.Logger,
        *,
        window: float = WINDOW,
        clients: int = CLIENTS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._log = logger
        self._window = window
        self._clients = clients
        self._clock = clock
        # Oldest first: a window is only ever added at the end.
        self._open: dict[tuple[str, str], _Window] = {}
        self._windows_of: dict[str, int] = {}

    def refused(
        self,
        kind: str,
        client: str,
        detail: str = "",
        *,
        error: BaseException | None = None,
    ) -> None:
        """Note one refusal; logs it (with ``detail`` and ``error``'s traceback) if it is the
        first of its kind from ``client`` in this window."""
        now = self._clock()
        self.flush(now)
        if client not in self._windows_of and len(self._windows_of) >= self._clients:
            client = OTHERS
        key = (kind, client)
        window = self._open.get(key)
        if window is not None:
            window.more += 1
            return
        self._open[key] = _Window(now)
        self._windows_of[client] = self._windows_of.get(client, 0) + 1
        suffix = f" ({detail})" if detail else ""
        self._log.warning("phones: refused from %s: %s%s", client, kind, suffix, exc_info=error)

    def flush(self, now: float | None = None, *, everything: bool = False) -> None:
        """End the windows that are over (all of them with ``everything``), logging how many
        refusals each counted beyond the one it logged."""
        now = self._clock() if now is None else now
        while self._open:
            key, window = next(iter(self._open.items()))
            if not everything and now - window.started < self._window:
                return
            del self._open[key]
            kind, client = key
            self._windows_of[client] -= 1
            if not self._windows_of[client]:
                del self._windows_of[client]
            if window.more:
                self._log.warning(
                    "phones: refused from %s: %s, %d more times in the last minute",
                    client,
                    kind,
                    window.more,
                )
