"""Card pictures on the phones: the table's art, asked for by a seat's opaque ref, served only
while that seat may see the face, drawn once per face, width and way up.

The table is :mod:`phone_rig`'s: Bea holds the Queen of Clubs, the 9 of Spades and the 2 of
Hearts; Alex the King of Hearts, the 3 of Diamonds and the 4 of Clubs.
"""

from __future__ import annotations

import asyncio

import aiohttp
import pytest
from adventure_table_rig import BART
from phone_rig import phone_table
from pytestqt.qtbot import QtBot

from cardtable.cards import CardFace, CardId
from cardtable.phones.host import PhoneHost
from cardtable.phones.pictures import WIDTHS
from cardtable.phones.server import PhoneServer, run_at_once
from cardtable.session import PlayerId
from cardtable.ui.art.card_marks import MARKER_COLOUR
from cardtable.ui.phones.card_pictures import QtCardPainter
from cardtable.ui.qt import QtGui

ALEX, BEA = PlayerId("alex"), PlayerId("bea")
WIDTH = WIDTHS[0]


class Painter:
    """Draws a face as its name, counting what it drew."""

    def __init__(self) -> None:
        self.drawn: list[tuple[str, int, bool]] = []

    def key(self, card: CardId, face: CardFace) -> object:
        return face

    def png(self, card: CardId, face: CardFace, width: int, reversed_: bool) -> bytes:
        self.drawn.append((str(face), width, reversed_))
        return f"{face}|{width}|{reversed_}".encode()


def _table() -> tuple[object, PhoneHost, Painter]:
    session = phone_table()
    host = PhoneHost(lambda: session)
    painter = Painter()
    host.pictures.painter = painter
    return session, host, painter


def _ref(host: PhoneHost, player: PlayerId, name: str, group: str = "hands") -> str:
    for pile in host.view(player)[group]:
        for card in pile["cards"]:
            if card["face"] and card["face"]["name"] == name:
                return card["ref"]
    raise LookupError(name)


def _face_down_ref(host: PhoneHost, player: PlayerId) -> str:
    [card] = [c for p in host.view(player)["laid"] for c in p["cards"]]
    assert card["face"] is None
    return card["ref"]


def test_a_seat_gets_its_own_cards_picture_drawn_once_per_width_and_way_up():
    _session, host, painter = _table()
    queen = _ref(host, BEA, "the Queen of Clubs")
    first = host.picture(BEA, queen, WIDTH, False)
    assert first is not None and host.picture(BEA, queen, WIDTH, False) == first
    assert host.picture(BEA, queen, WIDTH, True) != first
    assert host.picture(BEA, queen, WIDTHS[1], False) is not None
    assert len(painter.drawn) == 3  # the second ask came from the cache
    assert host.picture(BEA, queen, WIDTH + 1, False) is None  # only the widths offered


def test_another_seats_ref_gets_no_picture():
    _session, host, painter = _table()
    queen = _ref(host, BEA, "the Queen of Clubs")
    host.view(ALEX)
    assert host.picture(ALEX, queen, WIDTH, False) is None
    assert host.picture(ALEX, "Queen of Clubs", WIDTH, False) is None
    assert host.picture(ALEX, "deck/playing/QC", WIDTH, False) is None
    assert painter.drawn == []


def test_a_face_down_card_has_no_picture_until_its_owner_peeks():
    _session, host, _painter = _table()
    queen = _ref(host, BEA, "the Queen of Clubs")
    assert host.picture(BEA, queen, WIDTH, False) is not None
    # Laid face down: the same ref, asked again, is refused when asked, not when shown.
    assert host.handle(BEA, {"type": "lay", "character": BART, "card": queen}) == {"type": "done"}
    assert _face_down_ref(host, BEA) == queen
    assert host.picture(BEA, queen, WIDTH, False) is None
    assert host.handle(BEA, {"type": "peek", "card": queen}) == {"type": "done"}
    assert host.picture(BEA, queen, WIDTH, False) is not None
    host.view(ALEX)
    assert host.picture(ALEX, queen, WIDTH, False) is None


@pytest.fixture
def served():
    _session, host, painter = _table()
    server = PhoneServer(host, run_at_once, address="127.0.0.1", port=0)
    server.start()
    yield painter, host, server
    server.stop()


def test_the_server_serves_pictures_by_ref_with_the_seats_secret_kept_privately(served):
    painter, host, server = served
    base = server.url(BEA).rsplit("/p/", 1)[0]
    bea, alex = host.secret(BEA), host.secret(ALEX)
    queen = _ref(host, BEA, "the Queen of Clubs")
    host.view(ALEX)

    async def run() -> None:
        async with aiohttp.ClientSession() as client:
            mine = await client.get(f"{base}/card/{bea}/{queen}/{WIDTH}/upright.png")
            assert mine.status == 200 and mine.content_type == "image/png"
            assert mine.headers["Cache-Control"] == "private, max-age=3600"
            [(face, width, turned)] = painter.drawn
            assert await mine.read() == f"{face}|{width}|{turned}".encode()
            for url in (
                f"{base}/card/{alex}/{queen}/{WIDTH}/upright.png",  # another seat's ref
                f"{base}/card/not-a-secret/{queen}/{WIDTH}/upright.png",
                f"{base}/card/{bea}/{queen}/{WIDTH}/sideways.png",
                f"{base}/card/{bea}/{queen}/99999/upright.png",
            ):
                refused = await client.get(url)
                assert refused.status == 404, url
                assert refused.content_type != "image/png"

    asyncio.run(run())


def test_the_tables_art_is_drawn_as_png_and_a_reversed_card_wears_the_felts_marker(
    qtbot: QtBot,
):
    session = phone_table()
    card = session.state.table.pile(f"hand/{BART}").cards[0]
    face = session.state.table.card(card).face
    painter = QtCardPainter()
    upright = QtGui.QImage.fromData(painter.png(card, face, 240, False), "PNG")
    reversed_ = QtGui.QImage.fromData(painter.png(card, face, 240, True), "PNG")
    assert not upright.isNull() and upright.width() == 240
    assert reversed_.size() == upright.size() and reversed_ != upright

    def amber(image: QtGui.QImage) -> int:
        return sum(
            image.pixelColor(x, y).rgb() == MARKER_COLOUR.rgb()
            for x in range(image.width())
            for y in range(0, image.height(), 4)
        )

    assert amber(reversed_) > 50 and amber(upright) == 0
    assert painter.key(card, face) == painter.key(card, face)
