"""Every control of the five systems' panels says what it does: a tooltip for the mouse and
an accessible description for a screen reader.

The walk takes every enabled button, text field, spin box and combo box of each panel,
hidden ones too (a panel shows its forms one step at a time), but not the parts Qt builds
inside a field (a spin box's own text, a field's clear button, a tab bar's arrows).
"""

from __future__ import annotations

from pathlib import Path

from demo_window_rig import demo_window
from pytestqt.qtbot import QtBot

from cardtable.ui.qt import QtWidgets
from cardtable.ui.window.main_window import MainWindow

#: The docks of the five systems' panels: the tarot Challenge, the crisis dice (Simple and
#: Duel, in the dice tray with the Banzai tray and the sealed roll), the pool tracker, the
#: Conflict and Play panels, Banzai, and the Author tokens.
PANELS = ("tarot", "dice", "pool", "conflict", "play", "banzai", "tokens")

CONTROLS = (
    QtWidgets.QAbstractButton,
    QtWidgets.QLineEdit,
    QtWidgets.QAbstractSpinBox,
    QtWidgets.QComboBox,
)
#: Widgets whose children are Qt's own parts of them.
INSIDE = (
    QtWidgets.QAbstractSpinBox,
    QtWidgets.QLineEdit,
    QtWidgets.QComboBox,
    QtWidgets.QTabBar,
    QtWidgets.QAbstractItemView,
)


def _name(control: QtWidgets.QWidget) -> str:
    text = control.text() if isinstance(control, QtWidgets.QAbstractButton) else ""
    return f"{type(control).__name__} {control.accessibleName() or text.replace('&', '')!r}"


def undescribed(window: MainWindow) -> dict[str, list[str]]:
    """Each panel's enabled controls without a tooltip or without a description."""
    found: dict[str, list[str]] = {}
    for key in PANELS:
        dock = window.setup.docks[key]
        for control in dock.widget().findChildren(QtWidgets.QWidget):
            if (
                isinstance(control, CONTROLS)
                and control.isEnabled()
                and not isinstance(control.parent(), INSIDE)
                and not (control.toolTip().strip() and control.accessibleDescription().strip())
            ):
                found.setdefault(key, []).append(_name(control))
    return found


def test_every_panel_control_has_a_tooltip_and_a_description(qtbot: QtBot, tmp_path: Path) -> None:
    window = demo_window(qtbot, tmp_path)
    assert undescribed(window) == {}


def test_the_walk_would_see_a_bare_control(qtbot: QtBot, tmp_path: Path) -> None:
    window = demo_window(qtbot, tmp_path)
    tarot = window.setup.docks["tarot"].widget()
    bare = QtWidgets.QPushButton("Bare", tarot)
    bare.setToolTip("Has a tooltip only")
    assert undescribed(window) == {"tarot": ["QPushButton 'Bare'"]}
