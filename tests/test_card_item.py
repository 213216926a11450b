"""Card items on the felt: what they paint, how they turn and flip, what gestures they report."""

from __future__ import annotations

import statistics
from collections.abc import Iterator

import pytest
from pytestqt.qtbot import QtBot
from table_rig import device_rect, logical_width

from cardtable.cards import CardFace, PlayingCard, TarotCard
from cardtable.decks.standard import tourist_tarot
from cardtable.ui.art import card_art
from cardtable.ui.art.card_marks import SHADOW_OFFSET
from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets
from cardtable.ui.table.cards.item import MARKER_COLOUR, SELECTED_COLOUR, CardItem
from cardtable.ui.table.cards.preview import FACE_DOWN_TEXT, CardPreview
from cardtable.ui.table.felt import FeltView


def _tarot(name: str) -> TarotCard:
    return next(
        face for face in tourist_tarot().faces if isinstance(face, TarotCard) and face.name == name
    )


@pytest.fixture
def scene(qtbot: QtBot) -> Iterator[QtWidgets.QGraphicsScene]:
    holder = QtWidgets.QGraphicsScene()
    yield holder
    holder.clear()


def _render(scene: QtWidgets.QGraphicsScene, item: CardItem, scale: float = 1.0) -> QtGui.QImage:
    """The card as it appears on the table, cut out of the scene."""
    if item.scene() is None:
        scene.addItem(item)
    rect = item.mapRectToScene(item.card_rect())
    size = QtCore.QSize(round(rect.width() * scale), round(rect.height() * scale))
    image = QtGui.QImage(size, QtGui.QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.black)
    painter = QtGui.QPainter(image)
    scene.render(painter, QtCore.QRectF(image.rect()), rect)
    painter.end()
    return image


def _difference(a: QtGui.QImage, b: QtGui.QImage, box: QtCore.QRect) -> float:
    diffs = []
    for x in range(box.left(), box.right(), 2):
        for y in range(box.top(), box.bottom(), 2):
            p, q = a.pixelColor(x, y), b.pixelColor(x, y)
            diffs.append(
                abs(p.red() - q.red()) + abs(p.green() - q.green()) + abs(p.blue() - q.blue())
            )
    return statistics.mean(diffs)


def test_a_reversed_card_is_painted_turned_half_round(scene: QtWidgets.QGraphicsScene) -> None:
    face = _tarot("Soldier of Paper")
    upright = _render(scene, CardItem("t/1", card_art.TAROT, face, face_up=True))
    scene.clear()
    reversed_image = _render(scene, CardItem("t/2", card_art.TAROT, face, True, reversed=True))
    turned = upright.transformed(QtGui.QTransform().rotate(180))
    # Away from the edges, where the reversed marker is drawn, the pictures match.
    inner = upright.rect().adjusted(12, 30, -12, -30)
    assert _difference(reversed_image, turned, inner) < 6
    assert _difference(reversed_image, upright, inner) > 30


def test_a_reversed_card_wears_its_marker_along_the_top(scene: QtWidgets.QGraphicsScene) -> None:
    face = _tarot("Dragon of Rock")
    image = _render(scene, CardItem("t/1", card_art.TAROT, face, face_up=True, reversed=True))

    def amber(x: int, y: int) -> bool:
        colour = image.pixelColor(x, y)
        return (
            abs(colour.red() - MARKER_COLOUR.red()) < 40
            and abs(colour.green() - MARKER_COLOUR.green()) < 40
            and colour.blue() < 120
        )

    # Inside the amber edge, a band across the middle of the top: the tab.
    height = image.height()
    top = sum(amber(x, y) for x in range(30, 90) for y in range(4, 9))
    bottom = sum(amber(x, y) for x in range(30, 90) for y in range(height - 9, height - 4))
    assert top > 150 and bottom < 10
    scene.clear()
    image = _render(scene, CardItem("t/2", card_art.TAROT, face, face_up=True))
    assert sum(amber(x, y) for x in range(30, 90) for y in range(0, 9)) < 10


@pytest.mark.parametrize("reversed", [False, True])
def test_a_lifted_card_wears_its_marks_and_casts_its_shadow_down_and_right(
    scene: QtWidgets.QGraphicsScene, reversed: bool
) -> None:
    """Lifted, the card's shadow, art and marks are one picture; the shadow falls below and
    to the right as the player sees it, also for a reversed card (whose item is turned)."""
    item = CardItem("t/1", card_art.TAROT, _tarot("Dragon of Rock"), True, reversed=reversed)
    _render(scene, item)  # the first paint picks the art's size
    item.setSelected(True)
    item.set_lifted(True)
    card = item.mapRectToScene(item.card_rect())
    margin = 14
    image = QtGui.QImage(
        round(card.width()) + 2 * margin,
        round(card.height()) + 2 * margin,
        QtGui.QImage.Format.Format_ARGB32,
    )
    image.fill(Qt.GlobalColor.white)
    painter = QtGui.QPainter(image)
    scene.render(
        painter, QtCore.QRectF(image.rect()), card.adjusted(-margin, -margin, margin, margin)
    )
    painter.end()
    middle_x, middle_y = image.width() // 2, image.height() // 2
    right, bottom = image.width() - margin + 7, image.height() - margin + 10
    left, top = margin - 8, margin - 8

    def grey(x: int, y: int) -> bool:
        colour = image.pixelColor(x, y)
        return colour.red() == colour.green() == colour.blue() < 245

    def white(x: int, y: int) -> bool:
        return image.pixelColor(x, y) == QtGui.QColor(Qt.GlobalColor.white)

    def ring(x: int, y: int) -> bool:
        colour = image.pixelColor(x, y)
        return abs(colour.red() - SELECTED_COLOUR.red()) < 40 and colour.blue() < 160

    assert grey(right, middle_y) and grey(middle_x, bottom)
    assert white(left, middle_y) and white(left, top)  # (the reversed tab hangs over the top)
    assert sum(ring(margin - 4, y) for y in range(margin + 10, image.height() - margin - 10)) > 100
    tab = sum(
        abs(image.pixelColor(x, y).red() - MARKER_COLOUR.red()) < 40
        and abs(image.pixelColor(x, y).green() - MARKER_COLOUR.green()) < 40
        for x in range(middle_x - 30, middle_x + 30)
        for y in range(margin + 4, margin + 9)
    )
    assert (tab > 150) == reversed


def test_a_card_the_viewer_may_not_see_never_draws_its_face(
    scene: QtWidgets.QGraphicsScene, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(*args: object, **kwargs: object) -> QtGui.QPixmap:
        raise AssertionError("a face was drawn for a card the viewer may not see")

    monkeypatch.setattr(card_art, "face_pixmap", refuse)
    item = CardItem("t/hidden", card_art.TAROT, None, face_up=True, reversed=True)
    image = _render(scene, item)
    back = card_art.back_pixmap(card_art.TAROT, image.width()).toImage()
    assert _difference(image, back, image.rect().adjusted(4, 4, -4, -4)) < 6
    assert item.visible_face() is None
    assert item.description() == "Face-down card"  # not even which deck: only where
    assert item.rotation() == 0  # the back gives no orientation away
    item.set_state(None, face_up=False, reversed=False, animate=True)
    _render(scene, item, scale=2.0)
    preview = CardPreview()
    qtbot.addWidget(preview)
    preview.show_item(item)
    assert preview.name_text() == FACE_DOWN_TEXT
    assert preview.keywords_text() == ""


def test_a_face_taken_away_is_forgotten_at_once(
    scene: QtWidgets.QGraphicsScene, monkeypatch: pytest.MonkeyPatch
) -> None:
    face = _tarot("Sage of Unknown")
    item = CardItem("t/1", card_art.TAROT, face, face_up=True, animation_ms=400)
    _render(scene, item)
    item.set_state(None, face_up=False, reversed=False, animate=True)
    assert item.is_animating()

    def refuse(*args: object, **kwargs: object) -> QtGui.QPixmap:
        raise AssertionError("the old face was drawn after it was taken away")

    monkeypatch.setattr(card_art, "face_pixmap", refuse)
    _render(scene, item)  # mid-flip: still only the back
    assert item.visible_face() is None and not item.shows_face()


def test_a_flip_ends_face_up_and_flat(scene: QtWidgets.QGraphicsScene, qtbot: QtBot) -> None:
    face = _tarot("Triumph XXI")
    item = CardItem("t/21", card_art.TAROT, face, face_up=False, animation_ms=80)
    scene.addItem(item)
    squeezes: list[float] = []

    def settled() -> bool:
        squeezes.append(item.transform().m11())
        return not item.is_animating()

    item.set_state(face, face_up=True, reversed=True, animate=True)
    assert item.is_animating() and not item.shows_face()
    qtbot.waitUntil(settled)
    assert min(squeezes) < 0.6  # it really did turn edge-on on the way
    assert item.shows_face() and item.visible_face() == face
    assert item.transform().isIdentity()
    assert item.rotation() == 180
    assert item.description() == "Triumph XXI, reversed, face up"
    item.place_words = "in the Challenge"
    assert item.description() == "Triumph XXI, reversed, face up, in the Challenge"


def test_a_turn_animates_half_round_and_back(scene: QtWidgets.QGraphicsScene, qtbot: QtBot) -> None:
    face = _tarot("Child of Rock")
    item = CardItem("t/1", card_art.TAROT, face, face_up=True, animation_ms=60)
    scene.addItem(item)
    item.set_state(face, face_up=True, reversed=True, animate=True)
    assert item.is_animating()
    qtbot.waitUntil(lambda: not item.is_animating())
    assert item.rotation() == 180
    item.set_state(face, face_up=True, reversed=False, animate=True)
    qtbot.waitUntil(lambda: not item.is_animating())
    assert item.rotation() == 0


def test_a_card_turned_and_flipped_again_and_again_keeps_one_animation_of_each(
    scene: QtWidgets.QGraphicsScene, qtbot: QtBot
) -> None:
    """Each turn and flip starts the card's own animation again, midway or at rest: none
    is left behind for the collector to walk, and each still ends where the card lies."""
    face = _tarot("Child of Rock")
    item = CardItem("t/1", card_art.TAROT, face, face_up=True, animation_ms=40)
    scene.addItem(item)
    for turn in range(6):
        item.set_state(face, face_up=True, reversed=turn % 2 == 0, animate=True)
        if turn % 3 == 0:
            qtbot.waitUntil(lambda: not item.is_animating())
    item.set_state(face, face_up=False, reversed=False, animate=True)
    item.set_state(face, face_up=True, reversed=True, animate=True)
    qtbot.waitUntil(lambda: not item.is_animating())
    assert len(item.findChildren(QtCore.QVariantAnimation)) == 2
    assert item.rotation() == 180 and item.shows_face() and item.transform().isIdentity()


def test_no_animation_when_its_time_is_zero(scene: QtWidgets.QGraphicsScene) -> None:
    face = PlayingCard.from_code("KS")
    item = CardItem("p/ks", card_art.PLAYING, face, face_up=False, animation_ms=0)
    item.set_state(face, face_up=True, reversed=False, animate=True)
    assert not item.is_animating() and item.shows_face()
    assert item.description() == "King of Spades, face up"


def test_the_art_is_drawn_at_the_size_the_zoom_shows(
    scene: QtWidgets.QGraphicsScene, monkeypatch: pytest.MonkeyPatch
) -> None:
    widths: list[int] = []
    original = card_art.face_pixmap

    def recording(
        face: CardFace, width_px: int, dpr: float = 1.0, variant: int = 0
    ) -> QtGui.QPixmap:
        widths.append(width_px)
        return original(face, width_px, dpr, variant)

    monkeypatch.setattr(card_art, "face_pixmap", recording)
    face = PlayingCard.from_code("7D")
    for scale in (1.0, 3.0):
        scene.clear()
        item = CardItem(f"p/{scale}", card_art.PLAYING, face, face_up=True)
        _render(scene, item, scale)
    card_width = card_art.card_size(card_art.PLAYING).width()
    assert widths == [round(card_width), round(card_width * 3)]


def _send_mouse(
    view: FeltView, kind: QtCore.QEvent.Type, scene_point: QtCore.QPointF, held: bool
) -> None:
    local = QtCore.QPointF(view.mapFromScene(scene_point))
    glob = QtCore.QPointF(view.viewport().mapToGlobal(local.toPoint()))
    left = Qt.MouseButton.LeftButton
    button = left if kind != QtCore.QEvent.Type.MouseMove else Qt.MouseButton.NoButton
    buttons = left if held else Qt.MouseButton.NoButton
    event = QtGui.QMouseEvent(kind, local, glob, button, buttons, Qt.KeyboardModifier.NoModifier)
    QtWidgets.QApplication.sendEvent(view.viewport(), event)


def _shown_felt(qtbot: QtBot, width: int, height: int) -> FeltView:
    view = FeltView()
    qtbot.addWidget(view)
    view.resize(width, height)
    view.show()
    qtbot.waitExposed(view)
    return view


def test_dragging_lifts_the_card_and_reports_where_it_was_dropped(qtbot: QtBot) -> None:
    view = _shown_felt(qtbot, 800, 600)
    item = CardItem("t/1", card_art.TAROT, _tarot("Beast of Blades"), face_up=True)
    item.setZValue(3)
    view.scene().addItem(item)
    view.centerOn(0, 0)
    _send_mouse(view, QtCore.QEvent.Type.MouseButtonPress, QtCore.QPointF(0, 0), held=True)
    assert item.is_lifted() and item.zValue() > 3
    lifted = item.sceneBoundingRect()
    _send_mouse(view, QtCore.QEvent.Type.MouseMove, QtCore.QPointF(40, 10), held=True)
    _send_mouse(view, QtCore.QEvent.Type.MouseMove, QtCore.QPointF(90, 30), held=True)
    with qtbot.waitSignal(item.dropped) as dropped:
        _send_mouse(view, QtCore.QEvent.Type.MouseButtonRelease, QtCore.QPointF(90, 30), held=False)
    card_id, where = dropped.args
    assert card_id == "t/1"
    assert where.x() == pytest.approx(90, abs=1.5) and where.y() == pytest.approx(30, abs=1.5)
    assert not item.is_lifted() and item.zValue() == 3
    assert lifted.width() > item.sceneBoundingRect().width()  # the shadow is gone too


def test_a_click_without_moving_drops_nothing(qtbot: QtBot) -> None:
    view = FeltView()
    qtbot.addWidget(view)
    view.show()
    item = CardItem("t/1", card_art.TAROT, None)
    view.scene().addItem(item)
    view.centerOn(0, 0)
    dropped: list[str] = []
    item.dropped.connect(lambda card_id, _: dropped.append(card_id))
    _send_mouse(view, QtCore.QEvent.Type.MouseButtonPress, QtCore.QPointF(0, 0), held=True)
    _send_mouse(view, QtCore.QEvent.Type.MouseButtonRelease, QtCore.QPointF(0, 0), held=False)
    assert dropped == [] and item.isSelected()


@pytest.mark.parametrize(
    ("key", "signal"),
    [
        (Qt.Key.Key_F, "flip_requested"),
        (Qt.Key.Key_R, "turn_requested"),
        (Qt.Key.Key_Return, "activated"),
    ],
)
def test_keys_ask_for_flips_turns_and_actions(
    scene: QtWidgets.QGraphicsScene, qtbot: QtBot, key: Qt.Key, signal: str
) -> None:
    item = CardItem("p/qh", card_art.PLAYING, PlayingCard.from_code("QH"), face_up=True)
    scene.addItem(item)
    scene.setFocusItem(item)
    with qtbot.waitSignal(getattr(item, signal)) as caught:
        event = QtGui.QKeyEvent(QtCore.QEvent.Type.KeyPress, key, Qt.KeyboardModifier.NoModifier)
        QtWidgets.QApplication.sendEvent(scene, event)
    assert caught.args == ["p/qh"]
    assert item.face_up  # asking is all it does: the card itself is unchanged
    assert not item.is_reversed


def test_hovering_reports_in_and_out(qtbot: QtBot) -> None:
    view = FeltView()
    qtbot.addWidget(view)
    view.resize(600, 400)
    view.show()
    qtbot.waitExposed(view)
    item = CardItem("p/as", card_art.PLAYING, PlayingCard.from_code("AS"), face_up=True)
    view.scene().addItem(item)
    view.centerOn(0, 0)
    seen: list[tuple[str, bool]] = []
    item.hovered.connect(lambda card_id, inside: seen.append((card_id, inside)))
    _send_mouse(view, QtCore.QEvent.Type.MouseMove, QtCore.QPointF(0, 0), held=False)
    _send_mouse(view, QtCore.QEvent.Type.MouseMove, QtCore.QPointF(400, 0), held=False)
    assert seen == [("p/as", True), ("p/as", False)]
    # Onto the card again, and out of the felt altogether.
    _send_mouse(view, QtCore.QEvent.Type.MouseMove, QtCore.QPointF(0, 0), held=False)
    QtWidgets.QApplication.sendEvent(view, QtCore.QEvent(QtCore.QEvent.Type.Leave))
    assert seen[2:] == [("p/as", True), ("p/as", False)]


def test_the_preview_shows_name_and_keywords_the_right_one_first(qtbot: QtBot) -> None:
    face = _tarot("Traveler of Paper")
    preview = CardPreview()
    qtbot.addWidget(preview)
    preview.show_card(face, card_art.TAROT, reversed=True, near=QtCore.QPoint(100, 100))
    assert preview.isVisible()
    assert preview.name_text() == "Traveler of Paper"
    words = preview.keywords_text()
    assert words.index(face.reversed) < words.index(face.upright)
    preview.show_card(face, card_art.TAROT, reversed=False)
    words = preview.keywords_text()
    assert words.index(face.upright) < words.index(face.reversed)
    preview.show_card(PlayingCard.joker(), card_art.PLAYING)
    assert preview.name_text() == "Joker" and preview.keywords_text() == ""


def test_the_preview_of_a_face_down_card_shows_only_that(qtbot: QtBot) -> None:
    face = _tarot("Lover of Serpent")
    item = CardItem("t/1", card_art.TAROT, face, face_up=False)
    preview = CardPreview()
    qtbot.addWidget(preview)
    preview.show_item(item)
    assert preview.name_text() == FACE_DOWN_TEXT
    assert face.upright not in preview.keywords_text()
    assert face.name not in preview.accessibleDescription()


def test_the_preview_follows_the_pointer_on_and_off_a_card(
    scene: QtWidgets.QGraphicsScene, qtbot: QtBot
) -> None:
    face = _tarot("Priest of Blades")
    item = CardItem("t/1", card_art.TAROT, face, face_up=True)
    scene.addItem(item)
    preview = CardPreview()
    qtbot.addWidget(preview)
    preview.follow(item)
    item.hovered.emit("t/1", True)
    assert not preview.isVisible()  # it waits a moment first
    qtbot.waitUntil(preview.isVisible)
    assert preview.name_text() == "Priest of Blades"
    item.hovered.emit("t/1", False)
    assert not preview.isVisible()


def test_lifting_and_flipping_reuse_the_art_already_drawn(
    scene: QtWidgets.QGraphicsScene, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    widths: set[int] = set()
    original = card_art.face_pixmap

    def recording(
        face: CardFace, width_px: int, dpr: float = 1.0, variant: int = 0
    ) -> QtGui.QPixmap:
        widths.add(width_px)
        return original(face, width_px, dpr, variant)

    monkeypatch.setattr(card_art, "face_pixmap", recording)
    face = _tarot("Ruler of Rock")
    item = CardItem("t/1", card_art.TAROT, face, face_up=False, animation_ms=120)
    scene.addItem(item)
    area = QtCore.QRectF(-80, -120, 160, 240)
    image = QtGui.QImage(160, 240, QtGui.QImage.Format.Format_ARGB32_Premultiplied)

    def render() -> None:
        painter = QtGui.QPainter(image)
        scene.render(painter, QtCore.QRectF(image.rect()), area)
        painter.end()

    item.set_state(face, face_up=True, reversed=False)
    while item.is_animating():
        render()
        qtbot.wait(10)
    item.set_lifted(True)
    render()
    assert widths == {round(card_art.card_size(card_art.TAROT).width())}


def test_a_card_at_rest_is_copied_and_a_turning_card_is_smoothed(
    scene: QtWidgets.QGraphicsScene, qtbot: QtBot
) -> None:
    """At rest every picture lies pixel for pixel, so Qt copies it (asked to smooth it, Qt
    takes several times longer for the same pixels); mid-flip or mid-turn the card is
    squeezed or tilted, and smoothed."""
    face = _tarot("Ruler of Rock")
    item = CardItem("t/1", card_art.TAROT, face, face_up=True, animation_ms=150)
    _render(scene, item)
    item.setSelected(True)
    fast, smooth = (
        Qt.TransformationMode.FastTransformation,
        Qt.TransformationMode.SmoothTransformation,
    )

    def modes() -> set[Qt.TransformationMode]:
        return {layer.transformationMode() for layer in item.childItems() if layer.isVisible()}

    assert modes() == {fast}
    item.set_state(face, face_up=False, reversed=False)  # a flip
    assert item.is_animating() and modes() == {smooth}
    qtbot.waitUntil(lambda: not item.is_animating())
    assert modes() == {fast}
    item.set_state(face, face_up=False, reversed=True)  # face down: turned at once
    assert not item.is_animating() and modes() == {fast}
    item.set_state(face, face_up=True, reversed=True, animate=False)
    item.set_state(face, face_up=True, reversed=False)  # a turn
    assert item.is_animating() and modes() == {smooth}
    qtbot.waitUntil(lambda: not item.is_animating())
    assert modes() == {fast}


def test_cards_of_one_face_share_one_pixmap_at_every_zoom(qtbot: QtBot) -> None:
    view = _shown_felt(qtbot, 900, 500)
    face = _tarot("Soldier of Paper")
    items = [CardItem(f"t/{n}", card_art.TAROT, face, face_up=True) for n in range(3)]
    for n, item in enumerate(items):
        item.setPos(140.0 * (n - 1), 0)
        view.scene().addItem(item)
    view.centerOn(0, 0)
    qtbot.waitUntil(lambda: all(item.art_pixmap() is not None for item in items))
    # One picture for the face, and no image of each card kept beside it.
    assert len({item.art_pixmap().cacheKey() for item in items}) == 1
    assert all(i.cacheMode() == QtWidgets.QGraphicsItem.CacheMode.NoCache for i in items)
    before = items[0].art_pixmap()
    assert before is not None and logical_width(before) == round(card_art.CARD_WIDTH)
    # What the view shows of the middle card is that picture.
    where = view.mapFromScene(items[1].mapRectToScene(items[1].card_rect())).boundingRect()
    grab = view.grab().toImage()
    shown = grab.copy(device_rect(where.adjusted(0, 0, -1, -1), grab))
    drawn = before.toImage().convertToFormat(shown.format())
    assert _difference(shown, drawn, drawn.rect().adjusted(8, 8, -8, -8)) < 12
    view.zoom_by(2.0)
    view.centerOn(0, 0)
    # Zoomed in, the cards in sight take the art drawn twice as wide, still one for all.
    wider = 2 * before.width()
    qtbot.waitUntil(lambda: all(i.art_pixmap().width() == wider for i in items))
    assert len({item.art_pixmap().cacheKey() for item in items}) == 1


def test_a_chosen_card_wears_its_ring_and_is_painted_by_qt_alone(
    scene: QtWidgets.QGraphicsScene,
) -> None:
    """The ring is a shared pixmap like the art: a chosen card being dragged over thousands
    of others costs no call back into Python per frame."""
    item = CardItem("t/1", card_art.TAROT, _tarot("Dragon of Rock"), face_up=True)
    _render(scene, item)  # the first paint picks the art's size

    def yellow_round_the_edge() -> int:
        rect = item.mapRectToScene(item.card_rect()).adjusted(-6, -6, 6, 6)
        image = QtGui.QImage(rect.size().toSize(), QtGui.QImage.Format.Format_ARGB32)
        image.fill(Qt.GlobalColor.black)
        painter = QtGui.QPainter(image)
        scene.render(painter, QtCore.QRectF(image.rect()), rect)
        painter.end()
        ring = SELECTED_COLOUR
        return sum(
            1
            for x in range(image.width())
            for y in (2, 3, 4, image.height() - 5, image.height() - 4, image.height() - 3)
            if abs(image.pixelColor(x, y).red() - ring.red()) < 40
            and abs(image.pixelColor(x, y).green() - ring.green()) < 40
            and abs(image.pixelColor(x, y).blue() - ring.blue()) < 60
        )

    assert yellow_round_the_edge() == 0
    item.setSelected(True)
    assert yellow_round_the_edge() > 200
    assert item.flags() & QtWidgets.QGraphicsItem.GraphicsItemFlag.ItemHasNoContents
    item.setSelected(False)
    assert yellow_round_the_edge() == 0


@pytest.mark.parametrize("reversed", [False, True])
def test_cards_are_copied_to_the_screen_pixel_for_pixel_at_any_zoom_even_lifted(
    qtbot: QtBot, reversed: bool
) -> None:
    """A picture Qt must resample is resampled at every frame: the layers undo the view's
    zoom and the lift, and a reversed card's turn, so each is a plain copy, whatever zoom
    fitting the table chose."""
    view = _shown_felt(qtbot, 700, 500)
    face = _tarot("Dragon of Rock")
    item = CardItem("t/1", card_art.TAROT, face, face_up=True, reversed=reversed)
    view.scene().addItem(item)
    view.zoom_by(0.87)
    view.centerOn(0, 0)

    def copied_as_they_are() -> bool:
        layers = [child for child in item.childItems() if child.isVisible()]
        kinds = {layer.deviceTransform(view.viewportTransform()).type() for layer in layers}
        return bool(layers) and kinds <= {
            QtGui.QTransform.TransformationType.TxNone,
            QtGui.QTransform.TransformationType.TxTranslate,
        }

    qtbot.waitUntil(lambda: item.art_pixmap() is not None)
    resting = item.art_pixmap()
    assert resting is not None and logical_width(resting) == round(card_art.CARD_WIDTH * 0.87)
    assert copied_as_they_are()
    item.setSelected(True)
    item.set_lifted(True)  # with its shadow and ring, and a little larger: one picture
    shown = [child for child in item.childItems() if child.isVisible()]
    assert len(shown) == 1 and copied_as_they_are()
    card = item.mapRectToScene(item.card_rect())
    assert card.width() == pytest.approx(card_art.CARD_WIDTH * 1.04)
    covered = shown[0].mapRectToScene(shown[0].boundingRect())
    # The picture holds the ring round the card and the shadow below and to its right.
    assert covered.contains(card.adjusted(-4, -4, 4, 4))
    assert covered.right() > card.right() + SHADOW_OFFSET.x()
    assert covered.bottom() > card.bottom() + SHADOW_OFFSET.y()
    item.set_lifted(False)
    assert item.art_pixmap().cacheKey() == resting.cacheKey()
    assert copied_as_they_are()
    item.set_state(face, face_up=True, reversed=not reversed)  # turned round, animated
    assert item.is_animating()
    qtbot.waitUntil(lambda: not item.is_animating())
    assert copied_as_they_are()
