"""The besiegers of the phone port, run in a process of their own (their sockets must not count
against the table's descriptors):

    python tests/phone_siege_rig.py PORT WS_URL

* 1,100 slow clients: each sends half a request head, then a header line a second, and notes
  how long the server kept it open;
* 300 WebSockets opened at once on one seat's link (``WS_URL``);
* on one of those that got in, 2,000-deep JSON, then a flood of 20,000 messages.

Prints one JSON object: what each attack met.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import resource
import sys
import time

import aiohttp
from phone_rig import answer

SLOW_CLIENTS = 1100
SOCKETS_ON_ONE_LINK = 300
FLOOD = 20_000
#: How long a slow client waits for the server to close it before giving up.
PATIENCE = 12.0


async def slow_client(port: int) -> float | None:
    """Seconds the server held this half-sent request open (None: still open)."""
    start = time.monotonic()
    try:
        reader, writer = await asyncio.wait_for(
            asyncio.open_connection("127.0.0.1", port), timeout=PATIENCE
        )
    except (OSError, TimeoutError):
        return 0.0  # refused or dropped at the door: not held
    start = time.monotonic()  # held from here (a full backlog may delay the connection)
    try:
        writer.write(b"GET /p/nothing HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        while time.monotonic() - start < PATIENCE:
            try:
                if await asyncio.wait_for(reader.read(1024), timeout=1.0) == b"":
                    return time.monotonic() - start
            except TimeoutError:
                writer.write(b"X-Slow: yes\r\n")
            except OSError:
                return time.monotonic() - start
        return None
    finally:
        writer.transport.abort()


async def many_sockets(client: aiohttp.ClientSession, url: str, origin: str) -> dict:
    async def one() -> aiohttp.ClientWebSocketResponse | str:
        try:
            return await client.ws_connect(
                url, origin=origin, timeout=aiohttp.ClientWSTimeout(ws_close=5.0)
            )
        except aiohttp.WSServerHandshakeError as exc:
            return str(exc.status)
        except (aiohttp.ClientError, OSError, TimeoutError) as exc:
            return type(exc).__name__

    results = await asyncio.gather(*(one() for _ in range(SOCKETS_ON_ONE_LINK)))
    sockets = [r for r in results if not isinstance(r, str)]
    refused = [r for r in results if isinstance(r, str)]
    found: dict = {
        "accepted": len(sockets),
        "refused": sorted(set(refused)),
        "refused_count": len(refused),
    }
    if sockets:
        try:
            found.update(await deep_and_flood(sockets[0]))
        except (aiohttp.ClientError, OSError, TimeoutError, ValueError) as exc:
            found["broke"] = f"{type(exc).__name__}: {exc}"
    for ws in sockets:
        await ws.close()
    return found


async def deep_and_flood(ws: aiohttp.ClientWebSocketResponse) -> dict:
    await ws.send_str("[" * 2000 + "]" * 2000)
    deep = await answer(ws, timeout=20)
    answers: dict[str, int] = {}

    async def read() -> None:
        while sum(answers.values()) < FLOOD:
            frame = await answer(ws, timeout=20)
            if frame is None:
                return
            reason = frame.get("reason", frame.get("type", "?"))
            answers[reason] = answers.get(reason, 0) + 1

    reader = asyncio.create_task(read())
    for _ in range(FLOOD):
        await ws.send_str('{"type": "dance"}')
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(reader, timeout=30)
    return {"deep": deep, "flood_answers": answers}


async def siege(port: int, url: str) -> dict:
    origin = f"http://127.0.0.1:{port}"
    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector) as client:
        slow = asyncio.gather(*(slow_client(port) for _ in range(SLOW_CLIENTS)))
        link = many_sockets(client, url, origin)
        held, sockets = await asyncio.gather(slow, link)
    return {"slow_held": held, "one_link": sockets}


def main() -> None:
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    port, url = int(sys.argv[1]), sys.argv[2]
    print(json.dumps(asyncio.run(siege(port, url))))


if __name__ == "__main__":
    main()
