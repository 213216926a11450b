"""What the Challenge panels share: their look, a number-with-label box, odds as percentages,
and a dock to put a panel in.

>>> from fractions import Fraction
>>> percent(Fraction(21, 50)), percent(Fraction(1, 79)), percent(Fraction(0)), percent(Fraction(1))
('42%', '1.3%', '0%', '100%')
"""

from __future__ import annotations

from fractions import Fraction

from cardtable.ui.qt import Qt, QtWidgets


def percent(chance: Fraction) -> str:
    """A chance as a percentage a player reads at a glance: whole numbers in the middle, one
    decimal near 0 and 100, and never "0%" or "100%" for what may or may not happen."""
    value = float(chance) * 100
    if chance <= 0:
        return "0%"
    if chance >= 1:
        return "100%"
    if value < 0.1:
        return "<0.1%"
    if value > 99.9:
        return ">99.9%"
    if value < 10 or value > 90:
        return f"{value:.1f}%"
    return f"{value:.0f}%"


def escape(text: str) -> str:
    """``text`` safe inside a rich-text label."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def stylesheet(dark: str, accent: str, light: str) -> str:
    """The panels' style in a system's colours (dark band, accent, pale background)."""
    return f"""
    #panelTitle {{ background: {dark}; color: white; padding: 6px 10px; font-weight: bold;
                   border-bottom: 3px solid {accent}; }}
    #panelStatus {{ color: #444; padding: 2px 2px; }}
    QGroupBox {{ font-weight: bold; border: 1px solid #c9c3d3; border-radius: 6px;
                 margin-top: 10px; padding: 8px 6px 6px 6px; background: {light}; }}
    QGroupBox[moving="true"] {{ border: 2px solid {accent}; }}
    QGroupBox::title {{ subcontrol-origin: margin; left: 8px; padding: 0 4px; color: {dark}; }}
    #sectionTitle {{ color: {dark}; font-weight: bold; padding-top: 4px; }}
    #numberBox {{ background: white; border: 1px solid #c9c3d3; border-radius: 6px; }}
    #numberName {{ color: #555; font-size: 9pt; }}
    #numberValue {{ color: {dark}; font-size: 20pt; font-weight: bold; }}
    #numberLabel {{ color: #333; font-size: 10pt; }}
    #chipCaption {{ font-size: 8pt; color: #222; }}
    #emptyNote {{ color: #777; font-style: italic; }}
    #oddsValue {{ color: #333; }}
    #beatenYes {{ color: #1e6b3c; }}
    #beatenNo {{ color: #9a2a2a; }}
    #banner {{ color: white; font-size: 14pt; font-weight: bold; padding: 6px;
               border-radius: 6px; }}
    #banner[result="success"] {{ background: #2e7d4f; }}
    #banner[result="failure"] {{ background: #a83232; }}
    #banner[result="neutral"] {{ background: #6b6475; }}
    #message {{ color: #9a2a2a; padding: 4px; }}
    #message[tone="info"] {{ color: #2c4f7c; }}
    #waiting {{ background: #fff4d6; border: 1px solid #e0c068; border-radius: 6px; }}
    QPushButton {{ padding: 4px 10px; }}
    QPushButton#primary {{ background: {accent}; color: white; font-weight: bold;
                           border-radius: 4px; padding: 6px 12px; }}
    QPushButton#primary:disabled {{ background: #bbb; color: #eee; }}
    """


class NumberBox(QtWidgets.QFrame):
    """A rule's number shown large, with its name above and its label beside it."""

    def __init__(self, name: str, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("numberBox")
        self._name = QtWidgets.QLabel(name, self)
        self._name.setObjectName("numberName")
        self._value = QtWidgets.QLabel("–", self)
        self._value.setObjectName("numberValue")
        self._label = QtWidgets.QLabel("", self)
        self._label.setObjectName("numberLabel")
        self._label.setWordWrap(True)
        row = QtWidgets.QHBoxLayout()
        row.setSpacing(8)
        row.addWidget(self._value)
        row.addWidget(self._label, 1)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 6)
        layout.setSpacing(0)
        layout.addWidget(self._name)
        layout.addLayout(row)
        self._title = name

    def set_number(self, value: int | str, label: str = "", tip: str = "") -> None:
        self._value.setText(str(value))
        self._label.setText(label)
        words = f"{self._title} {value}" + (f", {label}" if label else "")
        self.setAccessibleName(words)
        self.setToolTip(tip or words)

    @property
    def value_text(self) -> str:
        return self._value.text()

    @property
    def label_text(self) -> str:
        return self._label.text()


def section(text: str, parent: QtWidgets.QWidget | None = None) -> QtWidgets.QLabel:
    label = QtWidgets.QLabel(text, parent)
    label.setObjectName("sectionTitle")
    return label


def button(
    text: str, tip: str, parent: QtWidgets.QWidget | None = None, *, primary: bool = False
) -> QtWidgets.QPushButton:
    """A push button with its tooltip, and an accessible name without the ``&``."""
    widget = QtWidgets.QPushButton(text, parent)
    widget.setToolTip(tip)
    widget.setAccessibleName(text.replace("&", ""))
    widget.setAccessibleDescription(tip)
    if primary:
        widget.setObjectName("primary")
    return widget


def allow(widget: QtWidgets.QWidget, reason: str | None, tip: str) -> None:
    """Enable ``widget`` when ``reason`` is None; otherwise disable it and say why."""
    widget.setEnabled(reason is None)
    widget.setToolTip(tip if reason is None else f"{tip}\nNot now: {reason}")


def scrolling_dock(
    panel: QtWidgets.QWidget, title: str, name: str, parent: QtWidgets.QWidget
) -> QtWidgets.QDockWidget:
    """``panel`` in a scrolling dock widget called ``name`` (for saving the window state)."""
    dock = QtWidgets.QDockWidget(title, parent)
    dock.setObjectName(name)
    dock.setAccessibleName(title)
    dock.setAllowedAreas(
        Qt.DockWidgetArea.LeftDockWidgetArea | Qt.DockWidgetArea.RightDockWidgetArea
    )
    scroll = QtWidgets.QScrollArea(dock)
    scroll.setWidgetResizable(True)
    scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    scroll.setFrameShape(QtWidgets.QFrame.Shape.NoFrame)
    # The panel keeps its natural height at the top; the stretch below takes the rest, so
    # word-wrapped labels are never padded out to fill a tall dock.
    holder = QtWidgets.QWidget(scroll)
    column = QtWidgets.QVBoxLayout(holder)
    column.setContentsMargins(0, 0, 0, 0)
    column.addWidget(panel)
    column.addStretch(1)
    panel.setSizePolicy(QtWidgets.QSizePolicy.Policy.Preferred,
                        QtWidgets.QSizePolicy.Policy.Maximum)
    scroll.setWidget(holder)
    dock.setWidget(scroll)
    return dock


def repolish(widget: QtWidgets.QWidget) -> None:
    """Apply the stylesheet again after a dynamic property changed."""
    style = widget.style()
    style.unpolish(widget)
    style.polish(widget)


def combo(name: str, tip: str, parent: QtWidgets.QWidget) -> QtWidgets.QComboBox:
    """A combo box with its accessible name and tooltip."""
    box = QtWidgets.QComboBox(parent)
    box.setAccessibleName(name)
    box.setToolTip(tip)
    return box


def line_edit(name: str, hint: str, parent: QtWidgets.QWidget) -> QtWidgets.QLineEdit:
    """A one-line text field whose hint is both its placeholder and its tooltip."""
    edit = QtWidgets.QLineEdit(parent)
    edit.setAccessibleName(name)
    edit.setPlaceholderText(hint)
    edit.setToolTip(hint)
    edit.setClearButtonEnabled(True)
    return edit
