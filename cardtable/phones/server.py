"""A small web server for the phones: one page, one WebSocket per seat, on a thread of its own.

Nothing listens until :meth:`PhoneServer.start`; :meth:`PhoneServer.stop` closes the port.
Everything that touches the session runs on the thread that owns it, through ``run_on_owner``
(the app passes a function that hands work to its window thread; a test may run it at once).

Hostile input is refused and the table goes on: a wrong or revoked secret gets a 404 page or
a closed socket; a WebSocket from another origin is refused; a message over
:data:`MAX_MESSAGE` bytes, or not JSON, is answered with a one-line refusal; a phone sending
more than :data:`RATE` messages a second has the rest refused. Secrets never reach the log
(aiohttp's access log is off).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import json
import logging
import threading
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from aiohttp import WSMsgType, web

import cardtable.assets
from cardtable.phones.host import PhoneHost
from cardtable.session.model import PlayerId

log = logging.getLogger(__name__)

#: The largest message a phone may send (bytes); beyond 64 KiB the socket itself is closed.
MAX_MESSAGE = 4096
#: Messages a second one phone may send, on average (bursts of :data:`BURST`).
RATE = 10.0
BURST = 20

RunOnOwner = Callable[[Callable[[], Any]], "concurrent.futures.Future[Any]"]


def run_at_once(work: Callable[[], Any]) -> concurrent.futures.Future[Any]:
    """``run_on_owner`` for a session no other thread touches (tests, the load bench)."""
    future: concurrent.futures.Future[Any] = concurrent.futures.Future()
    try:
        future.set_result(work())
    except BaseException as exc:  # handed to the caller, as an executor would
        future.set_exception(exc)
    return future


class _Bucket:
    """A token bucket: ``RATE`` a second, ``BURST`` at once."""

    def __init__(self) -> None:
        self.tokens = float(BURST)
        self.at = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(BURST, self.tokens + (now - self.at) * RATE)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class PhoneServer:
    """Serves the phone page for ``host``'s seats on ``address``:``port`` (0: any free port)."""

    def __init__(
        self,
        host: PhoneHost,
        run_on_owner: RunOnOwner,
        *,
        address: str = "127.0.0.1",
        port: int = 0,
        page: Path | None = None,
    ) -> None:
        self._host = host
        self._run = run_on_owner
        self.address = address
        self.port = port
        self._page = page or Path(cardtable.assets.__file__).resolve().parent / "phone"
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._runner: web.AppRunner | None = None
        self._sockets: dict[PlayerId, set[web.WebSocketResponse]] = {}
        self.refused = 0

    # -- starting and stopping -----------------------------------------------------------

    @property
    def running(self) -> bool:
        return self._runner is not None

    def start(self) -> int:
        """Listen; returns the port (the one asked for, or the free one found)."""
        if self.running:
            return self.port
        loop = asyncio.new_event_loop()
        self._loop = loop
        self._thread = threading.Thread(target=loop.run_forever, name="phones", daemon=True)
        self._thread.start()
        try:
            asyncio.run_coroutine_threadsafe(self._start(), loop).result(timeout=10)
        except BaseException:
            self._halt()
            raise
        self._host.publish = self.publish
        return self.port

    async def _start(self) -> None:
        app = web.Application(client_max_size=MAX_MESSAGE)
        app.router.add_get("/p/{secret}", self._page_for)
        app.router.add_get("/ws/{secret}", self._socket)
        app.router.add_static("/static/", self._page, show_index=False)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, self.address, self.port)
        await site.start()
        self._runner = runner
        server: Any = site._server
        if server is not None and server.sockets:
            self.port = server.sockets[0].getsockname()[1]

    def stop(self) -> None:
        """Close every phone and the port."""
        self._host.publish = None
        if self._loop is not None and self._runner is not None:
            asyncio.run_coroutine_threadsafe(self._stop(), self._loop).result(timeout=10)
        self._halt()

    async def _stop(self) -> None:
        for sockets in list(self._sockets.values()):
            for ws in list(sockets):
                await ws.close(code=1001, message=b"The table stopped playing with phones.")
        self._sockets.clear()
        if self._runner is not None:
            await self._runner.cleanup()
        self._runner = None

    def _halt(self) -> None:
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._loop.stop)
        if self._thread is not None:
            self._thread.join(timeout=10)
        if self._loop is not None:
            self._loop.close()
        self._loop = self._thread = None
        self._runner = None
        self._host.connected.clear()

    def url(self, player: PlayerId, address: str | None = None) -> str:
        """The seat's link (its secret inside)."""
        return f"http://{address or self.address}:{self.port}/p/{self._host.secret(player)}"

    def revoke(self, player: PlayerId) -> str:
        """A new link for the seat; phones on the old one are disconnected."""
        self._host.revoke(player)
        if self._loop is not None:
            sockets = list(self._sockets.pop(player, set()))

            async def close() -> None:
                for ws in sockets:
                    await ws.close(code=4001, message=b"This link was revoked.")

            asyncio.run_coroutine_threadsafe(close(), self._loop).result(timeout=10)
            self._host.connected.pop(player, None)
        return self.url(player)

    # -- talking to phones -----------------------------------------------------------------

    def publish(self, player: PlayerId, view: dict[str, Any]) -> None:
        """Send ``view`` to the seat's phones (called from the owner's thread)."""
        if self._loop is None:
            return
        text = json.dumps(view)
        loop = self._loop
        for ws in list(self._sockets.get(player, ())):
            asyncio.run_coroutine_threadsafe(self._send(ws, text), loop)

    async def _send(self, ws: web.WebSocketResponse, text: str) -> None:
        if not ws.closed:
            with contextlib.suppress(ConnectionError):
                await ws.send_str(text)

    async def _owner(self, work: Callable[[], Any]) -> Any:
        return await asyncio.wrap_future(self._run(work))

    async def _player(self, request: web.Request) -> PlayerId | None:
        secret = request.match_info.get("secret", "")
        return await self._owner(lambda: self._host.player_for(secret))

    async def _page_for(self, request: web.Request) -> web.StreamResponse:
        if await self._player(request) is None:
            return web.Response(
                status=404,
                text="This link is not valid any more: ask the host for the new QR code.",
            )
        return web.FileResponse(self._page / "index.html")

    def _refuse(self, why: str) -> str:
        self.refused += 1
        log.warning("a phone's message was refused: %s", why)
        return json.dumps({"type": "refused", "reason": why})

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        player = await self._player(request)
        if player is None:
            return web.Response(status=404, text="This link is not valid any more.")
        origin = request.headers.get("Origin")
        if origin != f"http://{request.host}":
            log.warning("a phone socket from another origin was refused")
            return web.Response(status=403, text="Wrong origin.")
        ws = web.WebSocketResponse(max_msg_size=64 * 1024, heartbeat=20)
        await ws.prepare(request)
        self._sockets.setdefault(player, set()).add(ws)
        await self._owner(lambda: self._connect(player, +1))
        bucket = _Bucket()
        try:
            await ws.send_str(json.dumps(await self._owner(lambda: self._host.view(player))))
            async for message in ws:
                if message.type is not WSMsgType.TEXT:
                    await ws.send_str(self._refuse("Send text messages (JSON)."))
                    continue
                if not bucket.take():
                    await ws.send_str(self._refuse("Too many messages: slow down."))
                    continue
                if len(message.data) > MAX_MESSAGE:
                    await ws.send_str(self._refuse("That message is too long."))
                    continue
                try:
                    parsed = json.loads(message.data)
                except ValueError:
                    await ws.send_str(self._refuse("That message is not JSON."))
                    continue
                answer = await self._owner(partial(self._host.handle, player, parsed))
                if answer.get("type") == "refused":
                    self.refused += 1
                await ws.send_str(json.dumps(answer))
        finally:
            self._sockets.get(player, set()).discard(ws)
            if self._loop is not None and self._loop.is_running():
                await self._owner(lambda: self._connect(player, -1))
        return ws

    def _connect(self, player: PlayerId, delta: int) -> None:
        count = self._host.connected.get(player, 0) + delta
        if count > 0:
            self._host.connected[player] = count
        else:
            self._host.connected.pop(player, None)
        if self._host.on_connected is not None:
            self._host.on_connected()
