"""Card art: every face and back draws, at any size, distinct, and drawn once per size."""

from __future__ import annotations

import hashlib
import statistics
from collections.abc import Iterator

import pytest
from pytestqt.qtbot import QtBot

from cardtable.cards import PlayingCard, TarotCard
from cardtable.decks.standard import playing_card_shoe, tourist_tarot
from cardtable.ui.art import card_art
from cardtable.ui.art.backs import BackStyle
from cardtable.ui.qt import QtGui

SIZES = (48, 150)


@pytest.fixture(autouse=True)
def _qt_app(qtbot: QtBot) -> None:
    """Pixmaps need a running QApplication; pytest-qt's qtbot makes one."""


@pytest.fixture
def fresh_cache() -> Iterator[None]:
    QtGui.QPixmapCache.clear()
    yield
    QtGui.QPixmapCache.clear()


def _luminances(pixmap: QtGui.QPixmap, samples: int = 24) -> list[float]:
    image = pixmap.toImage()
    values = []
    for i in range(samples):
        for j in range(samples):
            x = (i + 0.5) * image.width() / samples
            y = (j + 0.5) * image.height() / samples
            colour = image.pixelColor(int(x), int(y))
            values.append(0.3 * colour.redF() + 0.59 * colour.greenF() + 0.11 * colour.blueF())
    return values


def _digest(pixmap: QtGui.QPixmap) -> str:
    image = pixmap.toImage().convertToFormat(QtGui.QImage.Format.Format_ARGB32)
    return hashlib.sha256(bytes(image.constBits())).hexdigest()


def _assert_drawn(pixmap: QtGui.QPixmap, width: int, aspect: float) -> None:
    assert not pixmap.isNull()
    assert pixmap.width() == width
    assert pixmap.height() == round(width * aspect)
    assert statistics.pvariance(_luminances(pixmap)) > 0.002, "the card came out blank"


def test_every_tarot_face_draws_at_two_sizes() -> None:
    for face in tourist_tarot().faces:
        for width in SIZES:
            _assert_drawn(card_art.face_pixmap(face, width), width, 8 / 5)


def test_every_card_of_a_two_deck_shoe_draws_at_two_sizes() -> None:
    shoe = playing_card_shoe(2).faces
    assert len(shoe) == 108
    for index, face in enumerate(shoe):
        for width in SIZES:
            _assert_drawn(card_art.face_pixmap(face, width, variant=index), width, 7 / 5)


def test_no_two_tarot_faces_look_alike() -> None:
    faces = tourist_tarot().faces
    digests = {_digest(card_art.face_pixmap(face, 100)) for face in faces}
    assert len(digests) == len(faces) == 82


def test_no_two_playing_cards_look_alike_and_the_jokers_come_in_two_colours() -> None:
    faces = [f for f in playing_card_shoe(1).faces if f != PlayingCard.joker()]
    digests = {_digest(card_art.face_pixmap(face, 100)) for face in faces}
    assert len(digests) == 52
    joker = PlayingCard.joker()
    black, red = (_digest(card_art.face_pixmap(joker, 100, variant=v)) for v in (0, 1))
    assert black != red and not {black, red} & digests


def test_keywords_edited_by_a_group_are_drawn_anew() -> None:
    plain = TarotCard.from_name("Soldier of Paper")
    worded = TarotCard(plain.suit, plain.figure, None, "Marching On", "Lost Orders")
    assert plain == worded  # keywords are not part of a card's identity...
    assert _digest(card_art.face_pixmap(plain, 150)) != _digest(card_art.face_pixmap(worded, 150))


def test_each_deck_has_its_own_back_and_it_looks_the_same_turned_round() -> None:
    backs = {}
    for kind in card_art.DECK_KINDS:
        # Large enough that hairlines are stroked, not drawn by the (lopsided) thin-line path.
        back = card_art.back_pixmap(kind, 300).toImage()
        turned = back.transformed(QtGui.QTransform().rotate(180))
        diffs = []
        for x in range(0, back.width(), 3):
            for y in range(0, back.height(), 3):
                a, b = back.pixelColor(x, y), turned.pixelColor(x, y)
                diffs.append(abs(a.red() - b.red()) + abs(a.green() - b.green()))
        # A face-down card must not give its orientation away.
        assert statistics.mean(diffs) < 4, kind
        backs[kind] = _digest(card_art.back_pixmap(kind, 100))
    assert backs[card_art.TAROT] != backs[card_art.PLAYING]


def test_back_colours_can_be_changed() -> None:
    before = _digest(card_art.back_pixmap(card_art.PLAYING, 80))
    green = BackStyle("#1e5a3c", "#f6efe0", "#e3bd5e")
    try:
        card_art.set_back_style(card_art.PLAYING, green)
        after = card_art.back_pixmap(card_art.PLAYING, 80)
        assert _digest(after) != before
        centre = after.toImage().pixelColor(12, after.height() // 3)
        assert centre.green() > centre.red()
    finally:
        card_art.set_back_style(card_art.PLAYING, BackStyle.lattice())
    assert _digest(card_art.back_pixmap(card_art.PLAYING, 80)) == before


def test_drawing_the_same_card_twice_uses_the_cache(fresh_cache: None) -> None:
    face = TarotCard.from_name("Dragon of Serpent")
    renders, hits = card_art.stats.renders, card_art.stats.hits
    first = card_art.face_pixmap(face, 133)
    assert card_art.stats.renders == renders + 1
    second = card_art.face_pixmap(face, 133)
    assert card_art.stats.renders == renders + 1
    assert card_art.stats.hits == hits + 1
    assert second.cacheKey() == first.cacheKey()
    card_art.face_pixmap(face, 134)
    assert card_art.stats.renders == renders + 2


def test_high_density_screens_get_more_device_pixels() -> None:
    face = PlayingCard.from_code("QH")
    sharp = card_art.face_pixmap(face, 100, dpr=2.0)
    assert sharp.width() == 200 and sharp.devicePixelRatio() == 2.0
    assert sharp.deviceIndependentSize().width() == pytest.approx(100)


def test_the_cache_limit_is_raised_for_card_caches() -> None:
    card_art.ensure_cache_limit()
    assert QtGui.QPixmapCache.cacheLimit() >= card_art.PIXMAP_CACHE_KB


def test_cards_are_five_by_eight_and_five_by_seven() -> None:
    tarot = card_art.card_size(card_art.deck_kind(TarotCard.from_name("the Excuse")))
    playing = card_art.card_size(card_art.deck_kind(PlayingCard.from_code("2C")))
    assert tarot.width() * 8 == pytest.approx(tarot.height() * 5)
    assert playing.width() * 7 == pytest.approx(playing.height() * 5)
    assert tarot.width() == playing.width()


def test_unknown_decks_and_silly_sizes_are_refused() -> None:
    with pytest.raises(card_art.CardArtError, match="uno"):
        card_art.back_pixmap("uno", 100)
    with pytest.raises(card_art.CardArtError, match="pixels wide"):
        card_art.face_pixmap(PlayingCard.from_code("2C"), 0)


def test_jokers_alternate_along_a_deck() -> None:
    ids = [card.id for card in playing_card_shoe(2).cards() if card.face == PlayingCard.joker()]
    assert [card_art.joker_variant(i) for i in ids] == [0, 1, 0, 1]
    assert card_art.joker_variant("odd-id") == 0
