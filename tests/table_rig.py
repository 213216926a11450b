"""Helpers for the felt, hand dock and curtain tests: the demo session, real mouse drags.

Import as ``from table_rig import ...`` (pytest puts ``tests/`` on the path).
"""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from cardtable.cards import CardId
from cardtable.piles import PileId
from cardtable.randomness import seeded
from cardtable.session import ConfirmSeat, PassSeat, Session, load
from cardtable.session.demo import demo_path
from cardtable.ui.document import SessionDocument
from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets
from cardtable.ui.table.view import TableView

TAROT_DRAW, TAROT_DISCARD = PileId("tarot/draw"), PileId("tarot/discard")
SHOE_DRAW, SHOE_DISCARD = PileId("shoe/draw"), PileId("shoe/discard")
CHALLENGE = PileId("challenge")
QUINCE_ZONE = PileId("zone/bartholomew-quince")
QUINCE_HAND = PileId("hand/bartholomew-quince")


def demo_document() -> SessionDocument:
    """The shipped demo: Dana (the GM) holds the computer; Bea's Quince holds five cards."""
    return SessionDocument(load(demo_path(), rng=seeded(1)))


def table_view(qtbot: QtBot, document: SessionDocument) -> TableView:
    """A shown felt with no animations, fitted to a 1200x800 view."""
    view = TableView(document, animation_ms=0)
    qtbot.addWidget(view)
    view.resize(1200, 800)
    view.show()
    qtbot.waitExposed(view)
    view.fit_table()
    return view


def crowded_table_view(qtbot: QtBot, cards: int = 300, crowded: bool = True) -> TableView:
    """The felt at zoom 1 on ``cards`` cards of :func:`~cardtable.bench.tables.big_table`
    crowded on the open table (or spread in fans), every card in sight drawn."""
    from cardtable.bench.tables import big_table

    document = demo_document()
    view = table_view(qtbot, document)
    document.replace(big_table(cards, crowded=crowded))
    if document.session.curtain is not None:  # it comes in behind the curtain
        assert document.apply(ConfirmSeat(document.session.curtain))
    view.zoom_by(1.0 / view.zoom_factor())
    view.centerOn(zone_centre(view, "table" if crowded else "zone/006"))
    view.grab()  # every card in sight picks its pictures
    return view


def logical_width(pixmap: QtGui.QPixmap) -> int:
    """How wide ``pixmap`` lies on screen, in logical pixels, whatever its pixel ratio."""
    return round(pixmap.deviceIndependentSize().width())


def device_point(point: QtCore.QPoint, grab: QtGui.QImage) -> QtCore.QPoint:
    """``point``, in a widget's logical pixels, in the device pixels of ``grab`` of it."""
    return point * grab.devicePixelRatio()


def device_rect(rect: QtCore.QRect, grab: QtGui.QImage) -> QtCore.QRect:
    """``rect``, in a widget's logical pixels, in the device pixels of ``grab`` of it."""
    ratio = grab.devicePixelRatio()
    return QtCore.QRect(rect.topLeft() * ratio, rect.size() * ratio)


def take_seat(session: Session, name: str) -> None:
    """Pass the computer to the player called ``name``, who lifts the curtain."""
    seat = next(i for i, p in enumerate(session.players) if p.name == name)
    session.apply(PassSeat(seat))
    session.apply(ConfirmSeat(session.players[seat].id))


def top(session: Session, pile: PileId) -> CardId:
    return session.table.piles[pile].cards[-1]


def at(view: TableView, scene: QtCore.QPointF) -> QtCore.QPoint:
    return view.mapFromScene(scene)


def drag(
    qtbot: QtBot,
    view: TableView,
    start: QtCore.QPointF,
    end: QtCore.QPointF,
    modifiers: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier,
) -> None:
    """Press at scene point ``start``, move in steps to ``end`` and release, with the mouse;
    then let the event loop turn once, as it does after a real release: the felt shows a
    drop at once, and the other views (log, hands, panels) follow after its frame."""
    viewport = view.viewport()
    begin, finish = at(view, start), at(view, end)
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, modifiers, begin)
    for step in range(1, 9):
        point = begin + (finish - begin) * (step / 8)
        qtbot.mouseMove(viewport, point)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, modifiers, finish)
    QtCore.QCoreApplication.processEvents()


def zone_centre(view: TableView, pile: str) -> QtCore.QPointF:
    zone = view.zone(pile)
    assert zone is not None, pile
    return zone.sceneBoundingRect().center()


def turn_wheel(widget: QtWidgets.QWidget, delta: int) -> None:
    """One notch of a mouse wheel over the middle of ``widget`` (a view's viewport, for the
    felt), as the window system sends it."""
    inside = QtCore.QPointF(widget.rect().center())
    event = QtGui.QWheelEvent(
        inside,
        QtCore.QPointF(widget.mapToGlobal(inside.toPoint())),
        QtCore.QPoint(0, 0),
        QtCore.QPoint(0, delta),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QtWidgets.QApplication.sendEvent(widget, event)
