"""Phones as private hands: what each seat's phone is shown, what it may ask, and the server.

The table is the cast of :mod:`adventure_table_rig`: Bea plays Bartholomew Quince, Alex
Isolde Varga, Chidi Mirela Vosk, Dana (the GM) Captain Grimsby.
"""

from __future__ import annotations

import asyncio
import json

import aiohttp
import pytest
from adventure_table_rig import BART, GRIMSBY, ISOLDE
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from phone_rig import phone_table

from cardtable.phones.host import PhoneHost
from cardtable.phones.requests import PhoneRequestError, action_for
from cardtable.phones.server import MAX_MESSAGE, PhoneServer, run_at_once
from cardtable.phones.view import CardRefs
from cardtable.piles import PileId
from cardtable.session import PlayerId
from cardtable.session.audience import EVERYONE, audience

ALEX, BEA, DANA = PlayerId("alex"), PlayerId("bea"), PlayerId("dana")


def _table():
    session = phone_table()
    return session, PhoneHost(lambda: session)


def _names_in(frame: dict) -> set[str]:
    names = set()
    for group in ("hands", "laid"):
        for pile in frame[group]:
            names |= {c["face"]["name"] for c in pile["cards"] if c["face"]}
    return names


def _may_see(session, player) -> set[str]:
    """Names of every face ``player`` may see now (whoever holds the computer)."""
    out = set()
    for card in session.table.cards:
        who = audience(session.state, card)
        if who is EVERYONE or who == player:
            from cardtable.session.wording import card_words

            out.add(card_words(session.state, card, orientation=False))
    return out


def _ref_of(frame: dict, name: str) -> str:
    for group in ("hands", "laid"):
        for pile in frame[group]:
            for card in pile["cards"]:
                if card["face"] and card["face"]["name"] == name:
                    return card["ref"]
    raise LookupError(name)


def test_a_phone_shows_its_players_hand_and_nobody_elses():
    session, host = _table()
    frame = host.view(BEA)
    assert _names_in(frame) == {"the Queen of Clubs", "the 9 of Spades", "the 2 of Hearts"}
    text = json.dumps(frame)
    for other in ("King of Hearts", "Ace of Spades", "3 of Diamonds"):
        assert other not in text
    for card in session.table.cards:
        assert card not in text  # no card id, which would name the face


def test_a_face_down_answer_laid_from_a_phone_stays_private_until_the_reveal():
    session, host = _table()
    challenge = host.view(ALEX)
    assert [d["kind"] for d in challenge["decisions"]] == ["challenge"]
    king = _ref_of(challenge, "the King of Hearts")
    answer = host.handle(ALEX, {"type": "challenge", "character": ISOLDE,
                                "goal": "to cross the bridge", "card": king})
    assert answer == {"type": "done"}
    bea = host.view(BEA)
    assert [d["kind"] for d in bea["decisions"]] == ["answer"]
    assert host.handle(BEA, {"type": "answer", "character": BART, "intent": "to stop her",
                             "card": _ref_of(bea, "the Queen of Clubs")}) == {"type": "done"}
    for player in (ALEX, DANA):
        frame = json.dumps(host.view(player))
        assert "Queen of Clubs" not in frame
    assert session.holder == DANA and session.curtain is None  # the shared screen stayed Dana's
    laid = host.view(BEA)["laid"]
    assert any(c["face"] is None for p in laid for c in p["cards"])  # face down, until she peeks


def test_a_phone_cannot_act_for_another_players_character():
    _session, host = _table()
    frame = host.view(ALEX)
    answer = host.handle(ALEX, {"type": "challenge", "character": BART, "goal": "x",
                                "card": _ref_of(frame, "the King of Hearts")})
    assert answer == {
        "type": "refused",
        "reason": "Bartholomew Quince is Bea's character: only Bea may issue a Challenge for "
        "Bartholomew Quince.",
    }


def test_a_phone_votes_only_for_its_own_player_and_reads_its_sheets():
    _session, host = _table()
    assert host.handle(ALEX, {"type": "vote", "player": "bea", "against": True}) == {
        "type": "refused", "reason": "That is Bea's to vote: pass the computer to Bea."}
    [sheet] = [c for c in host.view(BEA)["characters"] if c["id"] == BART]
    rows = dict(sheet["sheet"])
    assert rows["Name"] == "Bartholomew Quince" and rows["Strong"] == "clubs"
    assert "Object" not in json.dumps(sheet) and "<" not in json.dumps(sheet)


def test_a_ref_from_another_seat_means_nothing():
    _session, host = _table()
    bea_ref = _ref_of(host.view(BEA), "the Queen of Clubs")
    host.view(ALEX)
    assert host.handle(ALEX, {"type": "flip", "card": bea_ref}) == {
        "type": "refused", "reason": "That card is not one this phone was shown."}


@pytest.mark.parametrize(
    ("message", "reason"),
    [
        ("hello", "A message is a JSON object with a type."),
        ({"type": "dance"}, "'dance' is not something a phone can ask for."),
        ({"type": "answer", "character": 5}, "Say which character acts."),
        ({"type": "challenge", "character": ISOLDE, "goal": "x" * 301, "card": None},
         "goal holds at most 300 characters."),
        ({"type": "support", "character": ISOLDE, "side": "up"},
         "Support the challenge or the answer side."),
    ],
)
def test_a_malformed_request_is_refused_in_one_line(message, reason):
    with pytest.raises(PhoneRequestError, match=f"^{reason.replace('(', '.').replace(')', '.')}$"):
        action_for(message, CardRefs(b"k", "alex"))


# -- the privacy property: random requests from random seats -------------------------------

KINDS = ["challenge", "answer", "support", "yield", "push", "peek", "flip", "turn", "lay"]


def _readable(session, player) -> list[str]:
    """The log as ``player`` may read it on their own screen (their private lines too)."""
    lines = []
    for entry in list(session.log)[-30:]:
        if entry.private is None or entry.revealed:
            lines.append(entry.seen_by_all)
        else:
            lines.append(entry.private if entry.owner == player else entry.public)
    return lines


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.sampled_from([ALEX, BEA, DANA]), st.sampled_from(KINDS),
                          st.integers(0, 5), st.sampled_from(["challenge", "answer"])),
                max_size=15))
def test_every_frame_holds_only_faces_its_seat_may_see(steps):
    session, host = _table()
    mine = {ALEX: ISOLDE, BEA: BART, DANA: GRIMSBY}
    ids = list(session.table.cards)
    for player, kind, pick, side in steps:
        frame = host.view(player)
        cards = [c["ref"] for g in ("hands", "laid") for p in frame[g] for c in p["cards"]]
        message = {"type": kind, "character": mine[player], "goal": "g", "intent": "i",
                   "side": side, "card": cards[pick % len(cards)] if cards else None}
        host.handle(player, message)
        for seat in (ALEX, BEA, DANA):
            view = host.view(seat)
            assert _names_in(view) <= _may_see(session, seat)
            assert view["log"] == _readable(session, seat)
            text = json.dumps(view)
            assert not any(card in text for card in ids)


# -- the server ------------------------------------------------------------------------------


@pytest.fixture
def served():
    session, host = _table()
    server = PhoneServer(host, run_at_once, address="127.0.0.1", port=0)
    server.start()
    yield session, host, server
    server.stop()


async def _frames(ws, count: int, timeout: float = 5.0) -> list[dict]:
    out = []
    for _ in range(count):
        message = await ws.receive(timeout=timeout)
        out.append(json.loads(message.data))
    return out


def test_nothing_listens_before_the_server_starts_or_after_it_stops():
    _session, host = _table()
    server = PhoneServer(host, run_at_once, port=0)
    assert not server.running
    port = server.start()
    url = server.url(BEA)
    server.stop()

    async def fetch():
        async with aiohttp.ClientSession() as client:
            with pytest.raises(aiohttp.ClientConnectionError, match="Cannot connect"):
                await client.get(url)

    assert port > 0
    asyncio.run(fetch())


def test_the_page_needs_the_seats_secret_and_a_socket_its_origin(served):
    _session, host, server = served
    url = server.url(BEA)
    base = url.rsplit("/p/", 1)[0]

    async def run():
        async with aiohttp.ClientSession() as client:
            page = await client.get(url)
            assert page.status == 200 and "Cardtable" in await page.text()
            wrong = await client.get(base + "/p/not-a-secret")
            assert wrong.status == 404 and "not valid" in await wrong.text()
            with pytest.raises(aiohttp.WSServerHandshakeError, match="403"):
                await client.ws_connect(url.replace("/p/", "/ws/"), origin="http://evil.example")
            ws = await client.ws_connect(url.replace("/p/", "/ws/"), origin=base)
            [view] = await _frames(ws, 1)
            assert view["you"]["name"] == "Bea"
            await ws.close()

    asyncio.run(run())
    assert len(host.secret(BEA)) >= 22  # 128 bits, URL-safe


def test_bad_frames_and_a_flood_are_refused_and_the_table_goes_on(served):
    session, _host, server = served
    url = server.url(BEA)
    base = url.rsplit("/p/", 1)[0]
    log_before = len(session.log)

    async def run():
        async with aiohttp.ClientSession() as client:
            ws = await client.ws_connect(url.replace("/p/", "/ws/"), origin=base)
            await _frames(ws, 1)
            await ws.send_str("{not json")
            await ws.send_str(json.dumps({"type": "peek", "card": "x" * (MAX_MESSAGE + 10)}))
            await ws.send_bytes(b"\x00\x01")
            answers = await _frames(ws, 3)
            assert [a["reason"] for a in answers] == [
                "That message is not JSON.", "That message is too long.",
                "Send text messages (JSON)."]
            for _ in range(1000):
                await ws.send_str(json.dumps({"type": "dance"}))
            answers = await _frames(ws, 1000, timeout=20)
            reasons = {a["reason"] for a in answers}
            assert reasons == {"Too many messages: slow down.",
                               "'dance' is not something a phone can ask for."}
            assert sum(a["reason"].startswith("Too many") for a in answers) >= 950
            await ws.close()

    asyncio.run(run())
    assert len(session.log) == log_before  # nothing happened at the table


def test_a_revoked_link_is_disconnected_and_refused(served):
    _session, _host, server = served
    url = server.url(BEA)
    base = url.rsplit("/p/", 1)[0]

    async def run():
        async with aiohttp.ClientSession() as client:
            ws = await client.ws_connect(url.replace("/p/", "/ws/"), origin=base)
            await _frames(ws, 1)
            new = await asyncio.get_running_loop().run_in_executor(None, server.revoke, BEA)
            closed = await ws.receive(timeout=5)
            assert closed.type is aiohttp.WSMsgType.CLOSE
            assert (closed.data, closed.extra) == (4001, "This link was revoked.")
            old = await client.get(url)
            assert old.status == 404
            assert (await client.get(new)).status == 200

    asyncio.run(run())


def test_a_change_at_the_table_reaches_every_connected_phone(served):
    session, host, server = served
    session.subscribe(host.on_changes)
    urls = {p: server.url(p) for p in (ALEX, BEA)}
    base = urls[ALEX].rsplit("/p/", 1)[0]

    async def run():
        async with aiohttp.ClientSession() as client:
            alex = await client.ws_connect(urls[ALEX].replace("/p/", "/ws/"), origin=base)
            bea = await client.ws_connect(urls[BEA].replace("/p/", "/ws/"), origin=base)
            [alex_view] = await _frames(alex, 1)
            await _frames(bea, 1)
            await alex.send_str(json.dumps({
                "type": "challenge", "character": ISOLDE, "goal": "to cross",
                "card": _ref_of(alex_view, "the King of Hearts")}))
            frames = await _frames(alex, 2)
            assert {f["type"] for f in frames} == {"done", "view"}
            [bea_view] = await _frames(bea, 1)
            assert [d["kind"] for d in bea_view["decisions"]] == ["answer"]
            assert "King of Hearts" not in json.dumps(bea_view)
            await alex.close()
            await bea.close()

    asyncio.run(run())
    assert session.table.pile(PileId(f"zone/{ISOLDE}")).cards


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.sampled_from([ALEX, BEA, DANA]), st.sampled_from(KINDS),
                          st.integers(0, 5), st.sampled_from(["challenge", "answer"])),
                min_size=1, max_size=12))
def test_every_websocket_frame_holds_only_faces_its_seat_could_see(steps):
    """The same property through the real server: every frame each page received."""
    session, host = _table()
    session.subscribe(host.on_changes)
    server = PhoneServer(host, run_at_once, port=0)
    server.start()
    mine = {ALEX: ISOLDE, BEA: BART, DANA: GRIMSBY}
    seats = [ALEX, BEA, DANA]
    could_see = {seat: _may_see(session, seat) for seat in seats}
    received: dict[PlayerId, list[dict]] = {seat: [] for seat in seats}
    ids = list(session.table.cards)

    async def drain(ws, seat) -> None:
        while True:
            try:
                message = await ws.receive(timeout=0.05)
            except TimeoutError:
                return
            if message.type is not aiohttp.WSMsgType.TEXT:
                return
            received[seat].append(json.loads(message.data))

    async def run() -> None:
        base = f"http://127.0.0.1:{server.port}"
        async with aiohttp.ClientSession() as client:
            sockets = {s: await client.ws_connect(server.url(s).replace("/p/", "/ws/"),
                                                  origin=base) for s in seats}
            for seat, ws in sockets.items():
                await drain(ws, seat)
            for player, kind, pick, side in steps:
                views = [f for f in received[player] if f.get("type") == "view"]
                frame = views[-1]
                cards = [c["ref"] for g in ("hands", "laid") for p in frame[g] for c in p["cards"]]
                await sockets[player].send_str(json.dumps({
                    "type": kind, "character": mine[player], "goal": "g", "intent": "i",
                    "side": side, "card": cards[pick % len(cards)] if cards else None}))
                for seat, ws in sockets.items():
                    await drain(ws, seat)
                    could_see[seat] |= _may_see(session, seat)
            for ws in sockets.values():
                await ws.close()

    try:
        asyncio.run(run())
    finally:
        server.stop()
    for seat in seats:
        views = [f for f in received[seat] if f.get("type") == "view"]
        assert views, seat
        shown = set().union(*(_names_in(v) for v in views))
        assert shown <= could_see[seat]
        text = json.dumps(received[seat])
        assert not any(card in text for card in ids)
