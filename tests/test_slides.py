"""Cards sliding into their new places after a change: one animation for the change's cards,
each lying down at its own layer when it arrives, or where it was stopped."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from cardtable.ui.art import card_art
from cardtable.ui.qt import QtCore, QtWidgets
from cardtable.ui.table.cards.item import CardItem
from cardtable.ui.table.slides import SLIDING_Z, Slides


def _view(qtbot: QtBot) -> QtWidgets.QGraphicsView:
    view = QtWidgets.QGraphicsView()
    # Parented to the view, so Python keeps the scene as long as the view.
    view.setScene(QtWidgets.QGraphicsScene(QtCore.QRectF(-2000, -2000, 4000, 4000), view))
    qtbot.addWidget(view)
    return view


def _shown_cards(qtbot: QtBot, xs: list[float]) -> tuple[QtWidgets.QGraphicsView, list[CardItem]]:
    """A shown view with a card at each of ``xs`` (y 0), each at its index's layer."""
    view = _view(qtbot)
    view.resize(800, 600)
    view.show()
    view.centerOn(0, 0)
    items = []
    for n, x in enumerate(xs):
        item = CardItem(f"t/{n}", card_art.TAROT)
        item.setPos(x, 0)
        item.setZValue(n)
        view.scene().addItem(item)
        items.append(item)
    return view, items


def test_a_change_slides_its_cards_with_one_animation_and_lays_them_down(qtbot: QtBot) -> None:
    view, items = _shown_cards(qtbot, [-200.0 + 150 * n for n in range(3)])
    slides = Slides(view, animation_ms=150)
    slides.begin(None)
    targets = [QtCore.QPointF(-200.0 + 150 * n, 150) for n in range(3)]
    for item, place in zip(items, targets, strict=True):
        slides.move(item, place, animate=True)
    clocks = [
        clock
        for clock in slides.findChildren(QtCore.QVariantAnimation)
        if clock.state() == QtCore.QAbstractAnimation.State.Running
    ]
    assert slides.sliding() == 3 and len(clocks) == 1
    assert [item.zValue() for item in items] == [n + SLIDING_Z for n in range(3)]
    # On its way (a fixed wait was sometimes too short on a busy machine), not yet there.
    qtbot.waitUntil(lambda: items[1].pos().y() > 0, timeout=2000)
    slides.stop("t/1")  # taken mid-way by another change: it stays where it got to
    stopped_at = items[1].pos()
    assert 0 < stopped_at.y() < 150 and items[1].zValue() == 1
    qtbot.waitUntil(lambda: slides.sliding() == 0, timeout=2000)
    assert [items[0].pos(), items[2].pos()] == [targets[0], targets[2]]
    assert items[1].pos() == stopped_at
    assert [item.zValue() for item in items] == [0, 1, 2]


def test_cards_moved_without_animation_are_put_in_place_at_once(qtbot: QtBot) -> None:
    view = _view(qtbot)
    slides = Slides(view, animation_ms=0)
    item = CardItem("t/1", card_art.TAROT)
    view.scene().addItem(item)
    slides.begin(None)
    slides.move(item, QtCore.QPointF(300, 40), animate=True)
    assert slides.sliding() == 0 and item.pos() == QtCore.QPointF(300, 40)


def test_the_next_change_slides_with_the_animation_the_last_one_finished_with(
    qtbot: QtBot,
) -> None:
    """Making an animation cost a drop more than starting one: a change whose cards have all
    arrived leaves its animation for the next change, and two changes at once run two."""
    view, items = _shown_cards(qtbot, [-100.0, 100.0])
    slides = Slides(view, animation_ms=80)

    def clocks() -> list[QtCore.QVariantAnimation]:
        return slides.findChildren(QtCore.QVariantAnimation)

    slides.begin(None)
    slides.move(items[0], QtCore.QPointF(-100, 120), animate=True)
    qtbot.waitUntil(lambda: slides.sliding() == 0, timeout=2000)
    assert items[0].pos() == QtCore.QPointF(-100, 120) and len(clocks()) == 1
    slides.begin(None)
    slides.move(items[0], QtCore.QPointF(-100, 0), animate=True)
    assert slides.sliding() == 1 and len(clocks()) == 1  # the same animation, run again
    slides.begin(None)  # another change while the first one's card is on its way
    slides.move(items[1], QtCore.QPointF(100, 120), animate=True)
    running = [c for c in clocks() if c.state() == QtCore.QAbstractAnimation.State.Running]
    assert slides.sliding() == 2 and len(running) == 2
    qtbot.waitUntil(lambda: slides.sliding() == 0, timeout=2000)
    assert [item.pos() for item in items] == [QtCore.QPointF(-100, 0), QtCore.QPointF(100, 120)]
    slides.begin(None)
    slides.move(items[1], QtCore.QPointF(100, 0), animate=True)
    assert len(clocks()) == 2  # both kept; one of them runs again
    qtbot.waitUntil(lambda: slides.sliding() == 0, timeout=2000)
    assert items[1].pos() == QtCore.QPointF(100, 0)
