"""The bench's floor shows the very drop the app showed: at the release, every picture the
app's drop moved goes where the app put it, and is drawn anew."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from cardtable.bench.felt import _FloorView
from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets


def test_the_floor_puts_what_the_apps_drop_moved_where_the_app_put_it(qtbot: QtBot) -> None:
    scene = QtWidgets.QGraphicsScene(QtCore.QRectF(-500, -500, 1000, 1000))
    picture = QtGui.QPixmap(40, 60)
    picture.fill(Qt.GlobalColor.white)
    items = []
    for n in range(3):
        item = QtWidgets.QGraphicsPixmapItem(picture)
        item.setPos(50.0 * n, 0)
        item.setZValue(n)
        scene.addItem(item)
        items.append(item)
    let_go = QtWidgets.QGraphicsPixmapItem(picture)  # left where it was let go
    let_go.setPos(300, 150)
    scene.addItem(let_go)
    # The app's drop moved the first card onto the third, and the second closed up; the
    # card let go on the open table stays, but is drawn anew.
    landing = [
        (items[0], QtCore.QPointF(110, 0), 3.0),
        (items[1], QtCore.QPointF(0, 0), 1.0),
        (let_go, QtCore.QPointF(300, 150), 0.0),
    ]
    view = _FloorView(scene, landing)
    qtbot.addWidget(view)
    view.resize(600, 400)
    view.centerOn(150, 100)
    view.show()
    qtbot.waitExposed(view)
    qtbot.wait(200)  # the first paints are over
    painted: list[QtGui.QRegion] = []

    class Paints(QtCore.QObject):
        def eventFilter(self, watched: QtCore.QObject, event: QtCore.QEvent) -> bool:
            if event.type() == QtCore.QEvent.Type.Paint:
                assert isinstance(event, QtGui.QPaintEvent)
                painted.append(event.region())
            return False

    paints = Paints()
    view.viewport().installEventFilter(paints)
    where = view.mapFromScene(QtCore.QPointF(10, 10))
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=where)
    assert [(i.pos(), i.zValue()) for i in items] == [
        (QtCore.QPointF(110, 0), 3.0),
        (QtCore.QPointF(0, 0), 1.0),
        (QtCore.QPointF(100, 0), 2.0),
    ]
    qtbot.waitUntil(lambda: bool(painted))  # and the change is painted
    for point in (QtCore.QPointF(130, 30), QtCore.QPointF(320, 180)):
        assert any(region.contains(view.mapFromScene(point)) for region in painted)
