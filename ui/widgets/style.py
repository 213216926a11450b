"""What the Challenge panels share: their look, a number-with-label box, odds as percentages,
and a dock to put a panel in.

>>> from fractions import Fraction
>>> percent(Fraction(21, 50)), percent(Fraction(1, 79)), percent(Fraction(0)), percent(Fraction(1))
('42%', '1.3%', '0%', '100%')
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, TypeVar

from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets
from cardtable.ui.widgets.theme import contrast, follow_palette, ink

if TYPE_CHECKING:
    from fractions import Fraction  # only named here: the window's start need not import it


_Widget = TypeVar("_Widget", bound=QtWidgets.QWidget)

#: The least contrast of a text with its background (WCAG's AA for body text).
READABLE = 4.5


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
    """The panels' style in a system's colours (its dark band and accent) on the app's
    palette: backgrounds and text from the palette's roles, headings in the system's dark
    colour where it reads on them, meanings (refusals, successes) in inks that read.

    ``light``, the system's pale ground, is kept for the printed sheets only: on screen a
    group sits on the palette's alternate base, whatever the desktop's scheme. Set it with
    :func:`style_panel`, which sets it again when the desktop's scheme changes.
    """
    del light
    palette = QtGui.QGuiApplication.palette()
    ground = palette.color(QtGui.QPalette.ColorRole.AlternateBase)
    heading = QtGui.QColor(dark)
    if contrast(heading, ground) < READABLE:
        heading = palette.color(QtGui.QPalette.ColorRole.WindowText)
    head, muted, error, info, success = (
        heading.name(),
        ink("muted"),
        ink("error"),
        ink("info"),
        ink("success"),
    )
    return f"""
    #panelTitle {{ background: {dark}; color: white; padding: 6px 10px; font-weight: bold;
                   border-bottom: 3px solid {accent}; }}
    #panelStatus {{ color: {muted}; padding: 2px 2px; }}
    QGroupBox {{ font-weight: bold; border: 1px solid palette(mid); border-radius: 6px;
                 margin-top: 10px; padding: 8px 6px 6px 6px; background: palette(alternate-base); }}
    QGroupBox[moving="true"] {{ border: 2px solid {accent}; }}
    QGroupBox::title {{ subcontrol-origin: margin; left: 8px; padding: 0 4px; color: {head}; }}
    #sectionTitle {{ color: {head}; font-weight: bold; padding-top: 4px; }}
    #numberBox {{ background: palette(base); border: 1px solid palette(mid); border-radius: 6px; }}
    #numberName {{ color: {muted}; font-size: 9pt; }}
    #numberValue {{ color: palette(text); font-size: 20pt; font-weight: bold; }}
    #numberLabel {{ color: palette(text); font-size: 10pt; }}
    #chipCaption {{ font-size: 8pt; color: palette(window-text); }}
    #emptyNote {{ color: {muted}; font-style: italic; }}
    #oddsValue {{ color: palette(window-text); }}
    #beatenYes {{ color: {success}; }}
    #beatenNo {{ color: {error}; }}
    #banner {{ color: white; font-size: 14pt; font-weight: bold; padding: 6px;
               border-radius: 6px; }}
    #banner[result="success"] {{ background: #2e7d4f; }}
    #banner[result="failure"] {{ background: #a83232; }}
    #banner[result="neutral"] {{ background: #6b6475; }}
    #message {{ color: {error}; padding: 4px; }}
    #message[tone="info"] {{ color: {info}; }}
    #waiting {{ background: palette(alternate-base); border: 1px solid {accent};
                border-radius: 6px; }}
    QPushButton {{ padding: 4px 10px; }}
    QPushButton#primary {{ background: {dark}; color: white; font-weight: bold;
                           border: 2px solid {accent}; border-radius: 4px; padding: 5px 11px; }}
    QPushButton#primary:disabled {{ background: palette(button); color: {muted};
                                    border: 1px solid palette(mid); }}
    """


def style_panel(
    panel: QtWidgets.QWidget, dark: str, accent: str, light: str, extra: str = ""
) -> None:
    """Give ``panel`` :func:`stylesheet` (and the rules ``extra`` after it), now and each
    time the desktop's scheme changes."""
    follow_palette(panel, lambda: panel.setStyleSheet(stylesheet(dark, accent, light) + extra))


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


def describe(widget: QtWidgets.QWidget, tip: str) -> None:
    """Say what ``widget`` does, in its tooltip and in its description for a screen reader
    (a step offered to one seat keeps the description when its tooltip says why not)."""
    widget.setToolTip(tip)
    widget.setAccessibleDescription(tip)


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


_GUARDED = "cardtableWheelGuarded"


@functools.cache
def _wheel_fields() -> tuple[type[QtWidgets.QWidget], ...]:
    """Fields a turn of the wheel changes: in a scrolling panel only once they have the
    focus. Asked for when first needed: PySide makes each Qt class (and its enums) as it is
    first named."""
    return (QtWidgets.QComboBox, QtWidgets.QAbstractSpinBox, QtWidgets.QSlider)


class ScrollColumn(QtWidgets.QScrollArea):
    """A scroll area for a panel in the narrow column of docks: it scrolls up and down only,
    is never narrower than its panel can be (so nothing is cut off at the right), and keeps
    the focused control in view."""

    def __init__(
        self,
        page: QtWidgets.QWidget,
        parent: QtWidgets.QWidget | None = None,
        *,
        fields: bool = True,
    ) -> None:
        """``fields``: False for a page that never holds a field the wheel changes."""
        super().__init__(parent)
        self._fields = fields
        self.setWidgetResizable(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QtWidgets.QFrame.Shape.NoFrame)
        self.setWidget(page)
        page.installEventFilter(self)
        self._guard_fields()
        # A panel that moves the focus to its next step (Draw, Reveal…) scrolls it into view.
        app = QtWidgets.QApplication.instance()
        if isinstance(app, QtWidgets.QApplication):
            app.focusChanged.connect(self._on_focus)

    def _on_focus(self, _old: QtWidgets.QWidget | None, new: QtWidgets.QWidget | None) -> None:
        page = self.widget()
        if new is not None and page is not None and page.isAncestorOf(new):
            # Once the panel is laid out again: the focus often moves to a control the same
            # step has just shown.
            QtCore.QTimer.singleShot(0, lambda: self._show_focus(new))

    def _show_focus(self, widget: QtWidgets.QWidget) -> None:
        try:
            focused = widget.hasFocus()
        except RuntimeError:  # the control was deleted meanwhile
            return
        if focused:
            self.ensureWidgetVisible(widget, 8, 8)

    def minimumSizeHint(self) -> QtCore.QSize:
        hint = super().minimumSizeHint()
        page = self.widget()
        if page is None:
            return hint
        # The scroll bar's own width (the style's PM_ScrollBarExtent): asking the style itself
        # makes PySide build QStyle's hundreds of enum members.
        bar = self.verticalScrollBar().sizeHint().width()
        width = page.minimumSizeHint().width() + bar + 2 * self.frameWidth()
        return QtCore.QSize(max(hint.width(), width), hint.height())

    def _guard_fields(self) -> None:
        """Fields the wheel would change (choices, numbers, sliders) take the wheel only once
        clicked or tabbed into; over a field without the focus it scrolls the panel."""
        page = self.widget()
        if page is None or not self._fields:
            return
        for kind in _wheel_fields():
            for field in page.findChildren(kind):
                if not field.property(_GUARDED):
                    field.setProperty(_GUARDED, True)
                    field.installEventFilter(self)
                    if field.focusPolicy() == Qt.FocusPolicy.WheelFocus:
                        field.setFocusPolicy(Qt.FocusPolicy.StrongFocus)

    def eventFilter(self, watched: QtCore.QObject, event: QtCore.QEvent) -> bool:
        if (
            event.type() == QtCore.QEvent.Type.Wheel
            and self._fields
            and isinstance(watched, _wheel_fields())
        ):
            if not watched.hasFocus():
                QtWidgets.QApplication.sendEvent(self.verticalScrollBar(), event)
                return True
            return False
        if watched is self.widget() and event.type() == QtCore.QEvent.Type.LayoutRequest:
            self._guard_fields()  # a step may have shown new fields
            self.updateGeometry()  # the panel's minimum width may have changed
            # ...and what grew above the focused control (a card drawn) may push it away.
            self._on_focus(None, QtWidgets.QApplication.focusWidget())
        if watched is self.widget() and event.type() in (
            QtCore.QEvent.Type.Resize,
            QtCore.QEvent.Type.LayoutRequest,
        ):
            QtCore.QTimer.singleShot(0, self._keep_whole_height)
        return super().eventFilter(watched, event)

    def _keep_whole_height(self) -> None:
        """Keep the page at least as tall as its wrapped lines need at its width: the scroll
        area sizes it from its minimum worked out without wrapping, which squeezed its fields
        (spin boxes shrank to nothing) instead of letting the panel scroll."""
        page = self.widget()
        if page is None or not page.hasHeightForWidth():
            return
        needed = page.heightForWidth(page.width())
        if needed > 0 and needed != page.minimumHeight():
            page.setMinimumHeight(needed)


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
    # The panel keeps its natural height at the top; the stretch below takes the rest, so
    # word-wrapped labels are never padded out to fill a tall dock. (Not a Maximum height
    # policy: that caps the panel at a height guessed without wrapping, and squashes the
    # wrapped labels and the spin boxes of a narrow dock.)
    holder = QtWidgets.QWidget()
    column = QtWidgets.QVBoxLayout(holder)
    column.setContentsMargins(0, 0, 0, 0)
    column.addWidget(panel, 0)
    column.addStretch(1)
    dock.setWidget(ScrollColumn(holder, dock))
    return dock


def bring_forward(dock: QtWidgets.QDockWidget, forward: bool = True) -> None:
    """Show ``dock`` in front of the panels it shares a tab bar with, or hide it."""
    if forward:
        dock.show()
        dock.raise_()
    else:
        dock.hide()


def in_front(dock: QtWidgets.QDockWidget) -> bool:
    """Whether ``dock`` is in front of the panels it shares a tab bar with (or has no tab
    bar), shown or hidden: Qt keeps the panels behind it open too, moved out of sight above
    and left of the window at the size they last had in front."""
    place = dock.geometry()
    return place.right() >= 0 and place.bottom() >= 0


def keep_room(widget: _Widget) -> _Widget:
    """Keep ``widget``'s room in its layout while it is hidden: a hint line that comes and goes
    (whose turn it is, whom a step waits for) no longer moves what lies below it."""
    policy = widget.sizePolicy()
    policy.setRetainSizeWhenHidden(True)
    widget.setSizePolicy(policy)
    return widget


def repolish(widget: QtWidgets.QWidget) -> None:
    """Apply the stylesheet again after a dynamic property changed."""
    style = widget.style()
    style.unpolish(widget)
    style.polish(widget)


#: How many characters a panel's combo box asks room for: long names are elided in the box
#: (its list still shows them whole), so that a long character name never widens the panel.
COMBO_CHARACTERS = 10


def narrow(box: QtWidgets.QComboBox, characters: int = COMBO_CHARACTERS) -> QtWidgets.QComboBox:
    """Let ``box`` be narrower than its longest item, and say the chosen item in its tooltip
    (where the box elides it)."""
    box.setSizeAdjustPolicy(
        QtWidgets.QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
    )
    box.setMinimumContentsLength(characters)
    tip = box.toolTip()

    def _say(text: str) -> None:
        box.setToolTip(f"{tip}\n{text}" if text and tip else (text or tip))

    box.currentTextChanged.connect(_say)
    return box


def combo(name: str, tip: str, parent: QtWidgets.QWidget) -> QtWidgets.QComboBox:
    """A combo box with its accessible name, tooltip and description; long items never widen
    the panel (see :func:`narrow`)."""
    box = QtWidgets.QComboBox(parent)
    box.setAccessibleName(name)
    box.setToolTip(tip)
    box.setAccessibleDescription(tip)
    return narrow(box)


class ElidedLabel(QtWidgets.QLabel):
    """A one-line label that elides its plain text to fit (...), with the whole text in its
    tooltip when it does; a long name then never widens a narrow panel."""

    def __init__(self, text: str = "", parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self._full = ""
        self.setSizePolicy(
            QtWidgets.QSizePolicy.Policy.Ignored, QtWidgets.QSizePolicy.Policy.Preferred
        )
        self.setText(text)

    def setText(self, text: str) -> None:
        self._full = text
        self.setAccessibleName(text)
        self._elide()

    def full_text(self) -> str:
        """The text before eliding."""
        return self._full

    def minimumSizeHint(self) -> QtCore.QSize:
        hint = super().minimumSizeHint()
        return QtCore.QSize(self.fontMetrics().horizontalAdvance("M…"), hint.height())

    def sizeHint(self) -> QtCore.QSize:
        metrics = self.fontMetrics()
        return QtCore.QSize(metrics.horizontalAdvance(self._full) + 4, super().sizeHint().height())

    def resizeEvent(self, event: QtGui.QResizeEvent) -> None:
        super().resizeEvent(event)
        self._elide()

    def _elide(self) -> None:
        width = max(0, self.contentsRect().width())
        shown = self.fontMetrics().elidedText(self._full, Qt.TextElideMode.ElideRight, width)
        super().setText(shown)
        self.setToolTip(self._full if shown != self._full else "")


def line_edit(name: str, hint: str, parent: QtWidgets.QWidget) -> QtWidgets.QLineEdit:
    """A one-line text field whose hint is its placeholder, its tooltip and its description."""
    edit = QtWidgets.QLineEdit(parent)
    edit.setAccessibleName(name)
    edit.setPlaceholderText(hint)
    edit.setToolTip(hint)
    edit.setAccessibleDescription(hint)
    edit.setClearButtonEnabled(True)
    return edit


def enter_presses(edit: QtWidgets.QLineEdit, target: QtWidgets.QAbstractButton) -> None:
    """Enter in ``edit`` presses ``target`` (when it may be pressed): the field is the last
    thing a player fills in before that step."""

    def _press() -> None:
        if target.isEnabled() and target.isVisible():
            target.click()

    edit.returnPressed.connect(_press)


def forget_typing(root: QtWidgets.QWidget) -> None:
    """Empty every text field under ``root`` (not a list's own editor): another session is
    on the table, and what was typed for the last one (a goal, an intent) is not its."""
    for edit in root.findChildren(QtWidgets.QLineEdit):
        if not isinstance(edit.parent(), QtWidgets.QAbstractSpinBox | QtWidgets.QComboBox):
            edit.clear()
