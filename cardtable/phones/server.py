"""A small web server for the phones: one page, one WebSocket per seat, on a thread of its own.

Nothing listens until :meth:`PhoneServer.start`; :meth:`PhoneServer.stop` closes the port.
Everything that touches the session runs on the thread that owns it, through ``run_on_owner``
(the app passes a function that hands work to its window thread; a test may run it at once).

Hostile input is refused and the table goes on: a wrong or revoked secret gets a 404 page or
a closed socket; a WebSocket from another origin is refused; a message over
:data:`MAX_MESSAGE` bytes, nested deeper than :data:`MAX_DEPTH`, or not JSON, is answered
with a one-line refusal; a seat's phones sending more than :data:`RATE` messages a second
between them have the rest refused, and a seat holds at most :data:`SOCKETS_PER_SEAT`
sockets. Connections are held within limits drawn from the process's descriptor limit, and a
slow or idle one is closed (:mod:`.connections`), so the app always has descriptors for its
own files. Refusals reach the log once per kind and client a minute (:mod:`.refusal_log`).
Secrets never reach the log (aiohttp's access log is off).
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
from cardtable.phones.connections import IDLE_TIMEOUT, ConnectionLimits, Doorway
from cardtable.phones.host import PhoneHost, one_line
from cardtable.phones.refusal_log import RefusalLog
from cardtable.phones.requests import MAX_DEPTH, MAX_MESSAGE, PhoneRequestError, read_message
from cardtable.session.model import PlayerId

log = logging.getLogger(__name__)

__all__ = ["BURST", "MAX_DEPTH", "MAX_MESSAGE", "RATE", "SOCKETS_PER_SEAT", "PhoneServer"]

#: Messages a second one seat's phones may send between them, on average (bursts of
#: :data:`BURST`).
RATE = 10.0
BURST = 20
#: Sockets one seat's link may hold at once (a phone, and a tablet or a reload beside it).
SOCKETS_PER_SEAT = 4
#: Beyond this size a frame closes the socket itself, unread.
MAX_FRAME = 64 * 1024
#: Seconds between the ends of the refusal log's windows.
FLUSH_EVERY = 5.0

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
        limits: ConnectionLimits | None = None,
    ) -> None:
        self._host = host
        self._run = run_on_owner
        self.address = address
        self.port = port
        self._page = page or Path(cardtable.assets.__file__).resolve().parent / "phone"
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._runner: web.AppRunner | None = None
        self._listener: asyncio.Server | None = None
        self._doorway: Doorway | None = None
        self.limits = limits or ConnectionLimits.of_this_process()
        self._sockets: dict[PlayerId, set[web.WebSocketResponse]] = {}
        self._buckets: dict[PlayerId, _Bucket] = {}
        self._refusals = RefusalLog(log)
        self._flusher: asyncio.TimerHandle | None = None
        self._sends: set[asyncio.Task[None]] = set()
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
        app.router.add_get("/card/{secret}/{ref}/{width}/{way}.png", self._picture)
        app.router.add_static("/static/", self._page, show_index=False)
        runner = web.AppRunner(app, access_log=None, keepalive_timeout=IDLE_TIMEOUT)
        await runner.setup()
        assert runner.server is not None
        doorway = Doorway(runner.server, self.limits, self._refusals.refused)
        loop = asyncio.get_running_loop()
        try:
            listener = await loop.create_server(doorway, self.address, self.port)
        except BaseException:
            await runner.cleanup()
            raise
        loop.set_exception_handler(self._on_loop_error)
        self._runner, self._listener, self._doorway = runner, listener, doorway
        if listener.sockets:
            self.port = listener.sockets[0].getsockname()[1]
        self._flusher = loop.call_later(FLUSH_EVERY, self._flush)

    def _flush(self) -> None:
        self._refusals.flush()
        self._flusher = asyncio.get_running_loop().call_later(FLUSH_EVERY, self._flush)

    def _on_loop_error(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        error = context.get("exception")
        self._refusals.refused(
            "the server's loop: " + str(context.get("message", "an error")),
            "the server",
            error=error if isinstance(error, BaseException) else None,
        )

    def stop(self) -> None:
        """Close every phone and the port."""
        self._host.publish = None
        if self._loop is not None and self._runner is not None:
            asyncio.run_coroutine_threadsafe(self._stop(), self._loop).result(timeout=10)
        self._halt()

    async def _stop(self) -> None:
        if self._listener is not None:
            self._listener.close()
        if self._flusher is not None:
            self._flusher.cancel()
        for sockets in list(self._sockets.values()):
            for ws in list(sockets):
                await ws.close(code=1001, message=b"The table stopped playing with phones.")
        self._sockets.clear()
        if self._runner is not None:
            await self._runner.cleanup()
        if self._doorway is not None:
            self._doorway.close_all()
        self._refusals.flush(everything=True)
        self._runner = self._listener = self._doorway = None

    def _halt(self) -> None:
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._loop.stop)
        if self._thread is not None:
            self._thread.join(timeout=10)
        if self._loop is not None:
            self._loop.close()
        self._loop = self._thread = None
        self._runner = self._listener = self._doorway = None
        self._host.connected.clear()

    def url(self, player: PlayerId, address: str | None = None) -> str:
        """The seat's link (its secret inside)."""
        return f"http://{address or self.address}:{self.port}/p/{self._host.secret(player)}"

    def revoke(self, player: PlayerId) -> str:
        """A new link for the seat; phones on the old one are disconnected."""
        self._host.revoke(player)
        if self._loop is not None:

            async def close() -> None:
                for ws in list(self._sockets.pop(player, set())):
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
        # The seat's sockets are the server thread's to read: come and go there.
        self._loop.call_soon_threadsafe(self._publish_here, player, text)

    def _publish_here(self, player: PlayerId, text: str) -> None:
        for ws in list(self._sockets.get(player, ())):
            task = asyncio.get_running_loop().create_task(self._send(ws, text))
            self._sends.add(task)
            task.add_done_callback(self._sends.discard)

    async def _send(self, ws: web.WebSocketResponse, text: str) -> None:
        if not ws.closed:
            with contextlib.suppress(ConnectionError):
                await ws.send_str(text)

    async def _owner(self, work: Callable[[], Any]) -> Any:
        return await asyncio.wrap_future(self._run(work))

    def _player(self, request: web.Request) -> PlayerId | None:
        return self._host.player_for(request.match_info.get("secret", ""))

    async def _page_for(self, request: web.Request) -> web.StreamResponse:
        if self._player(request) is None:
            self._refusals.refused("a link that is not valid", _client(request))
            return _closing(
                404, "This link is not valid any more: ask the host for the new QR code."
            )
        return web.FileResponse(self._page / "index.html")

    async def _picture(self, request: web.Request) -> web.StreamResponse:
        """A card's picture, by the seat's ref: only while the seat may see that face."""
        player = self._player(request)
        if player is None:
            self._refusals.refused("a link that is not valid", _client(request))
            return _closing(404, "This link is not valid any more.")
        ref, width, way = (request.match_info[k] for k in ("ref", "width", "way"))
        if not width.isdigit() or len(width) > 4 or way not in WAYS:
            return _closing(404, "No such picture.")
        work = partial(self._host.picture, player, ref, int(width), way == "reversed")
        try:
            png: bytes | None = await self._owner(work)
        except Exception as exc:  # a bug, not a refusal: logged with its traceback
            self._refusals.refused("a picture the table failed on", player, error=exc)
            return _closing(500, FAILED)
        if png is None:
            self._refusals.refused("a picture the seat may not see", player)
            return web.Response(status=404, text="No such picture.", headers=NOT_KEPT)
        # A ref names one card for one seat, and its picture changes only with the table's
        # art: the phone may keep it for a while, but only for itself.
        return web.Response(body=png, content_type="image/png", headers=KEPT_PRIVATELY)

    def _refuse(self, player: PlayerId, why: str) -> str:
        self.refused += 1
        self._refusals.refused(why, player)
        return json.dumps({"type": "refused", "reason": why})

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        player = self._player(request)
        if player is None:
            self._refusals.refused("a link that is not valid", _client(request))
            return _closing(404, "This link is not valid any more.")
        if request.headers.get("Origin") != f"http://{request.host}":
            self._refusals.refused("a socket from another origin", _client(request))
            return _closing(403, "Wrong origin.")
        sockets = self._sockets.setdefault(player, set())
        if len(sockets) >= SOCKETS_PER_SEAT:
            self._refusals.refused("too many sockets on one link", player)
            return _closing(
                429,
                f"This seat already has {SOCKETS_PER_SEAT} phones connected: close one first.",
            )
        ws = web.WebSocketResponse(max_msg_size=MAX_FRAME, heartbeat=20)
        sockets.add(ws)  # before the handshake, so that handshakes at once count each other
        try:
            await ws.prepare(request)
        except BaseException:
            sockets.discard(ws)
            raise
        await self._owner(lambda: self._connect(player, +1))
        try:
            await self._talk(ws, player)
        finally:
            self._sockets.get(player, set()).discard(ws)
            if self._loop is not None and self._loop.is_running():
                await self._owner(lambda: self._connect(player, -1))
        return ws

    async def _talk(self, ws: web.WebSocketResponse, player: PlayerId) -> None:
        """Answer each of the phone's messages, until it goes."""
        bucket = self._buckets.setdefault(player, _Bucket())
        try:
            await ws.send_str(json.dumps(await self._owner(lambda: self._host.view(player))))
            async for message in ws:
                if message.type is WSMsgType.ERROR:
                    return
                await ws.send_str(await self._answer(player, message.type, message.data, bucket))
                # A refusal awaits nothing, so a flood already buffered would be answered
                # in one go while every other phone waited: give them their turn.
                await asyncio.sleep(0)
        except ConnectionError:
            return  # the phone went while it was being answered

    async def _answer(self, player: PlayerId, kind: WSMsgType, data: Any, bucket: _Bucket) -> str:
        if not bucket.take():
            return self._refuse(player, "Too many messages: slow down.")
        if kind is not WSMsgType.TEXT:
            return self._refuse(player, "Send text messages (JSON).")
        try:
            parsed = read_message(data)
        except PhoneRequestError as exc:
            return self._refuse(player, str(exc))
        try:
            answer: dict[str, Any] = await self._owner(partial(self._host.handle, player, parsed))
        except Exception as exc:  # a bug, not a refusal: logged with its traceback
            self._refusals.refused("a message the table failed on", player, error=exc)
            return json.dumps({"type": "refused", "reason": FAILED})
        if answer.get("type") == "refused":
            self.refused += 1
            self._refusals.refused("a request", player, one_line(answer.get("reason", "")))
        return json.dumps(answer)

    def _connect(self, player: PlayerId, delta: int) -> None:
        count = self._host.connected.get(player, 0) + delta
        if count > 0:
            self._host.connected[player] = count
        else:
            self._host.connected.pop(player, None)
        if self._host.on_connected is not None:
            self._host.on_connected()


#: How a picture asks for the card's way up (the way the phone's view shows it).
WAYS = ("upright", "reversed")
#: Caching of a card's picture: by the phone alone, for an hour.
KEPT_PRIVATELY = {"Cache-Control": "private, max-age=3600"}
#: Caching of a refusal: never, or a face the seat may see later would stay missing.
NOT_KEPT = {"Cache-Control": "no-store"}

#: What a phone is told when its message met a bug rather than a rule.
FAILED = "Something went wrong with that message; the host's log has the details."


def _client(request: web.Request) -> str:
    return request.remote or "an unknown address"


def _closing(status: int, text: str) -> web.Response:
    """A refusal that frees its connection at once (no keep-alive)."""
    response = web.Response(status=status, text=text)
    response.force_close()
    return response
