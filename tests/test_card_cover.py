"""Cards lying under others in a row are drawn only where they show, and look the same."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot
from table_rig import crowded_table_view

from cardtable.ui.qt import Qt, QtCore, QtGui
from cardtable.ui.table.cards import row
from cardtable.ui.table.cards.item import CardItem
from cardtable.ui.table.cards.pixmaps import opaque_inside
from cardtable.ui.table.layout import OPEN_TABLE


def _cut(view) -> list[CardItem]:
    return [item for item in view.card_items() if item.sight is not None]


def _whole(item: CardItem) -> bool:
    return item.sight is None and item._art.pixmap().size() == item.art_pixmap().size()


@pytest.mark.parametrize("crowded", [True, False], ids=["crowded", "fans"])
def test_a_row_looks_the_same_with_each_card_cut_to_the_strip_in_sight(
    qtbot: QtBot, crowded: bool
) -> None:
    view = crowded_table_view(qtbot, crowded=crowded)
    cut = _cut(view)
    assert len(cut) >= (50 if crowded else 20)
    for item in cut:
        shown, whole = item._art.pixmap(), item.art_pixmap()
        assert shown.height() == whole.height() and shown.width() < whole.width() / 3
    as_cut = view.viewport().grab().toImage()
    for item in view.card_items():
        item.set_over(None)
    assert not _cut(view)
    assert view.viewport().grab().toImage() == as_cut


def test_the_card_under_one_that_is_lifted_slides_or_flips_shows_whole(qtbot: QtBot) -> None:
    view = crowded_table_view(qtbot)
    under = _cut(view)[10]
    over = under._over
    assert over is not None
    over.set_lifted(True)
    assert _whole(under)
    over.set_lifted(False)
    assert under.sight is not None
    over.moving = True
    assert _whole(under)
    over.moving = False
    assert under.sight is not None
    over.animation_ms = 120
    over.set_state(None, not over.face_up, over.is_reversed)
    assert over.is_animating() and _whole(under)
    qtbot.waitUntil(lambda: not over.is_animating())
    assert under.sight is not None


def test_dragging_a_card_off_a_crowded_row_shows_the_card_under_it_whole(qtbot: QtBot) -> None:
    view = crowded_table_view(qtbot)
    under = _cut(view)[10]
    over = under._over
    assert over is not None
    viewport = view.viewport()
    # On the strip of it in sight, just right of its left edge.
    start = view.mapFromScene(over.scenePos() - QtCore.QPointF(over.card_rect().width() / 2 - 2, 0))
    assert view.itemAt(start) is over
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)
    for step in range(1, 6):
        qtbot.mouseMove(viewport, start + QtCore.QPoint(0, 40 * step))
    assert over.is_lifted() and _whole(under)
    lifted = view.viewport().grab().toImage()
    under.set_over(None)
    assert view.viewport().grab().toImage() == lifted  # drawn as if never cut
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=start + QtCore.QPoint(0, 200))


def test_a_card_dropped_off_a_crowded_row_is_never_cut_to_a_strip_nor_the_one_under_it(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    view = crowded_table_view(qtbot)
    under = _cut(view)[10]
    over = under._over
    assert over is not None
    cut_again: list[tuple[str, float]] = []
    for item in (under, over):
        lay = item._lay

        def cut(layer, pixmap, area, sight=None, item=item, lay=lay):
            if sight is not None:
                cut_again.append((item.card_id, sight))
            return lay(layer, pixmap, area, sight)

        monkeypatch.setattr(item, "_lay", cut)
    viewport = view.viewport()
    start = view.mapFromScene(over.scenePos() - QtCore.QPointF(over.card_rect().width() / 2 - 2, 0))
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)
    for step in range(1, 6):
        qtbot.mouseMove(viewport, start + QtCore.QPoint(0, 40 * step))
    assert _whole(under)
    cut_again.clear()
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=start + QtCore.QPoint(0, 200))
    assert over.pile_id == OPEN_TABLE and under._over is not over
    # Cut to its strip for a moment and shown whole again, it would repaint its place too;
    # the card dropped is not cut as it is set down in the row it leaves either.
    assert _whole(under) and _whole(over)
    assert cut_again == []


def test_a_card_clicked_in_a_crowded_row_cuts_the_card_under_it_to_its_strip_again(
    qtbot: QtBot,
) -> None:
    view = crowded_table_view(qtbot)
    under = _cut(view)[20]
    over = under._over
    assert over is not None
    start = view.mapFromScene(over.scenePos() - QtCore.QPointF(over.card_rect().width() / 2 - 2, 0))
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=start)
    assert _whole(under)
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=start)
    assert under._over is over and under.sight is not None
    assert over._over is not None and over.sight is not None  # back under its own neighbour


def test_only_a_picture_opaque_but_for_its_corners_hides_what_lies_under_it() -> None:
    picture = QtGui.QImage(60, 90, QtGui.QImage.Format.Format_ARGB32_Premultiplied)
    picture.fill(QtGui.QColor("#204060"))
    for x, y in ((0, 0), (59, 0), (0, 89), (59, 89), (2, 2)):
        picture.setPixelColor(x, y, QtGui.QColor(0, 0, 0, 0))
    assert opaque_inside(QtGui.QPixmap.fromImage(picture), 3)
    assert not opaque_inside(QtGui.QPixmap.fromImage(picture), 2)  # (2, 2) lies past the corner
    picture.setPixelColor(30, 45, QtGui.QColor(32, 64, 96, 128))  # a window in a group's art
    assert not opaque_inside(QtGui.QPixmap.fromImage(picture), 3)


def test_a_card_turned_at_once_to_a_picture_that_lets_light_through_uncovers_the_one_under(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    view = crowded_table_view(qtbot)
    under = next(item for item in _cut(view) if item._over is not None and item._over.face_up)
    over = under._over
    assert over is not None
    # Say the back of the card over it has a window in it, as a group's own back might.
    seen, face = row.opaque_inside, over.visible_face()
    over.set_state(None, False, over.is_reversed, animate=False)
    back = over.art_pixmap()
    over.set_state(face, True, over.is_reversed, animate=False)
    assert under.sight is not None
    assert back is not None
    monkeypatch.setattr(
        row, "opaque_inside", lambda p, c: p.cacheKey() != back.cacheKey() and seen(p, c)
    )
    over.set_state(None, False, over.is_reversed, animate=False)
    assert _whole(under)
