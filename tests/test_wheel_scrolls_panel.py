"""The wheel over a panel scrolls the panel; it changes a choice or a number only once the
player has clicked or tabbed into that field (the Answerer once changed under a scroll)."""

from __future__ import annotations

from pytestqt.qtbot import QtBot
from table_rig import turn_wheel

from cardtable.ui.qt import Qt, QtCore, QtWidgets
from cardtable.ui.widgets.style import ScrollColumn


def _panel(qtbot: QtBot) -> tuple[ScrollColumn, QtWidgets.QComboBox, QtWidgets.QSpinBox]:
    page = QtWidgets.QWidget()
    layout = QtWidgets.QVBoxLayout(page)
    answerer = QtWidgets.QComboBox()
    answerer.addItems(["Brann (Bob)", "Mira (Alice)", "Tomas (Cy)"])
    number = QtWidgets.QSpinBox()
    number.setValue(5)
    layout.addWidget(answerer)
    layout.addWidget(number)
    for i in range(30):
        layout.addWidget(QtWidgets.QLabel(f"line {i}"))
    column = ScrollColumn(page)
    qtbot.addWidget(column)
    column.resize(300, 200)
    column.show()
    qtbot.waitExposed(column)
    return column, answerer, number


def test_the_wheel_over_a_field_without_focus_scrolls_the_panel(qtbot: QtBot) -> None:
    column, answerer, number = _panel(qtbot)
    bar = column.verticalScrollBar()
    assert bar.maximum() > 0 and bar.value() == 0
    turn_wheel(answerer, -120)  # towards the player: down the panel
    assert answerer.currentText() == "Brann (Bob)"
    assert bar.value() > 0
    before = bar.value()
    turn_wheel(number, -120)
    assert number.value() == 5
    assert bar.value() > before


def test_a_field_with_the_focus_takes_the_wheel(qtbot: QtBot) -> None:
    column, _answerer, number = _panel(qtbot)
    column.activateWindow()
    qtbot.mouseClick(number, Qt.MouseButton.LeftButton, pos=QtCore.QPoint(8, number.height() // 2))
    qtbot.waitUntil(number.hasFocus)
    turn_wheel(number, 120)
    assert number.value() == 6
    assert column.verticalScrollBar().value() == 0


def test_a_field_shown_later_is_calm_too(qtbot: QtBot) -> None:
    column, _answerer, _number = _panel(qtbot)
    later = QtWidgets.QComboBox()
    later.addItems(["one", "two"])
    page = column.widget()
    assert page is not None
    layout = page.layout()
    assert isinstance(layout, QtWidgets.QVBoxLayout)
    layout.insertWidget(0, later)
    qtbot.waitUntil(lambda: bool(later.property("cardtableWheelGuarded")))
    turn_wheel(later, -120)
    assert later.currentText() == "one"
