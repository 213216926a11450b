"""The phone port's limits, one at a time: nesting, sockets per seat, a seat's rate, waiting
connections, the log's share of a flood. (All of them at once: test_phones_siege.py.)"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import resource
import time

import aiohttp
import pytest
from phone_rig import answer, phone_table

from cardtable.phones.connections import HEADER_TIMEOUT, ConnectionLimits
from cardtable.phones.host import PhoneHost
from cardtable.phones.server import BURST, PhoneServer, run_at_once
from cardtable.session import PlayerId

ALEX, BEA = PlayerId("alex"), PlayerId("bea")
COUNTED = re.compile(r"phones: refused from bea: (.*), (\d+) more times in the last minute")


def _serve(limits: ConnectionLimits | None = None):
    session = phone_table()
    host = PhoneHost(lambda: session)
    server = PhoneServer(host, run_at_once, port=0, limits=limits)
    server.start()
    return session, server


@pytest.fixture
def served():
    session, server = _serve()
    yield session, server
    server.stop()


def _socket_url(server: PhoneServer, player: PlayerId) -> tuple[str, str]:
    return server.url(player).replace("/p/", "/ws/"), f"http://127.0.0.1:{server.port}"


async def _connected(
    client: aiohttp.ClientSession, server: PhoneServer, player: PlayerId
) -> aiohttp.ClientWebSocketResponse:
    """A phone on ``player``'s link, its first view read."""
    url, origin = _socket_url(server, player)
    ws = await client.ws_connect(url, origin=origin)
    await ws.receive(timeout=5)
    return ws


async def _answer(ws: aiohttp.ClientWebSocketResponse) -> dict:
    frame = await answer(ws)
    assert frame is not None
    return frame


def test_json_nested_two_thousand_deep_is_refused_in_one_line_and_the_socket_stays(served):
    _session, server = served

    async def run():
        async with aiohttp.ClientSession() as client:
            ws = await _connected(client, server, BEA)
            for deep in ("[" * 2000 + "]" * 2000, '{"a":' * 600 + "1" + "}" * 600):
                await ws.send_str(deep)
                assert await _answer(ws) == {
                    "type": "refused",
                    "reason": "That message is nested too deeply (at most 4 levels).",
                }
            await ws.send_str(json.dumps({"type": "dance", "steps": [[["in a string: [[[["]]]}))
            assert (await _answer(ws))["reason"] == "'dance' is not something a phone can ask for."
            await ws.close()

    asyncio.run(run())


def test_a_link_holds_four_sockets_and_refuses_the_fifth_until_one_goes(served):
    _session, server = served
    url, origin = _socket_url(server, BEA)

    async def run():
        async with aiohttp.ClientSession() as client:
            sockets = await asyncio.gather(
                *(client.ws_connect(url, origin=origin) for _ in range(4))
            )
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await client.ws_connect(url, origin=origin)
            assert refused.value.status == 429
            page = await client.get(
                url,
                headers={
                    "Connection": "Upgrade",
                    "Upgrade": "websocket",
                    "Origin": origin,
                    "Sec-WebSocket-Version": "13",
                    "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
                },
            )
            assert page.status == 429
            assert await page.text() == (
                "This seat already has 4 phones connected: close one first."
            )
            alex = await _connected(client, server, ALEX)  # another seat has its own
            await sockets[0].close()
            again = await client.ws_connect(url, origin=origin)
            for ws in [*sockets[1:], again, alex]:
                await ws.close()

    asyncio.run(run())


def test_a_seats_sockets_share_one_rate(served):
    """Four sockets of one seat cannot send four times what one may."""
    _session, server = served

    async def run():
        async with aiohttp.ClientSession() as client:
            sockets = [await _connected(client, server, BEA) for _ in range(4)]
            for ws in sockets:
                for _ in range(30):
                    await ws.send_str('{"type": "dance"}')
            reasons = [(await _answer(ws))["reason"] for ws in sockets for _ in range(30)]
            for ws in sockets:
                await ws.close()
            return reasons

    reasons = asyncio.run(run())
    heard = [r for r in reasons if r != "Too many messages: slow down."]
    assert BURST <= len(heard) <= BURST + 5
    assert set(heard) == {"'dance' is not something a phone can ask for."}


def test_a_flood_of_refusals_logs_one_line_a_kind_and_counts_the_rest(served, caplog):
    _session, server = served

    async def run():
        async with aiohttp.ClientSession() as client:
            ws = await _connected(client, server, BEA)
            for _ in range(2000):
                await ws.send_str('{"type": "dance"}')
            for _ in range(2000):
                await _answer(ws)
            await ws.close()

    with caplog.at_level(logging.INFO, logger="cardtable"):
        asyncio.run(run())
        server.stop()  # ends the minute early: the counts are written
    lines = [r.getMessage() for r in caplog.records if "refused" in r.getMessage()]
    assert lines[:2] == [
        "phones: refused from bea: a request ('dance' is not something a phone can ask for.)",
        "phones: refused from bea: Too many messages: slow down.",
    ]
    assert len(lines) == 4
    counted = dict(COUNTED.fullmatch(line).groups() for line in lines[2:])  # type: ignore[union-attr]
    assert set(counted) == {"a request", "Too many messages: slow down."}
    assert int(counted["a request"]) >= BURST - 1
    assert sum(int(n) for n in counted.values()) == 2000 - 2


def test_half_sent_requests_make_room_for_a_phone_instead_of_keeping_it_out():
    _session, server = _serve(ConnectionLimits(total=12, waiting=3))
    url, origin = _socket_url(server, BEA)

    async def run():
        slow = []
        for _ in range(10):
            reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
            writer.write(b"GET /p/nothing HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            await writer.drain()
            slow.append((reader, writer))
        await asyncio.sleep(0.2)
        closed = [reader.at_eof() or reader.exception() is not None for reader, _ in slow]
        async with aiohttp.ClientSession() as client:
            ws = await client.ws_connect(url, origin=origin)
            view = json.loads((await ws.receive(timeout=5)).data)
            assert view["you"]["name"] == "Bea"
            await ws.close()
        for _, writer in slow:
            writer.close()
        return closed

    try:
        closed = asyncio.run(run())
    finally:
        server.stop()
    assert closed == [True] * 7 + [False] * 3  # the oldest made room; the newest wait on


def test_the_connection_limits_follow_the_descriptor_limit():
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(1024, hard), hard))
    try:
        _session, server = _serve()
        server.stop()
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    assert server.limits == ConnectionLimits(total=256, waiting=64)


@pytest.mark.slow
def test_a_request_head_never_finished_is_closed_after_the_header_timeout(served):
    _session, server = served

    async def run() -> list[float]:
        async def slow() -> float:
            reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
            start = time.monotonic()
            writer.write(b"GET /p/nothing HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            try:
                while await reader.read(100):
                    pass
            except ConnectionError:
                pass
            writer.close()
            return time.monotonic() - start

        return await asyncio.wait_for(asyncio.gather(*(slow() for _ in range(5))), 20)

    held = asyncio.run(run())
    assert all(HEADER_TIMEOUT - 0.5 <= seconds <= HEADER_TIMEOUT + 1.5 for seconds in held), held
