"""Editors for one value of a character sheet each, showing the model's problem messages.

A :class:`Field` edits the value found at a *path* in a sheet: ``("rock",)``,
``("abilities", 1, "rating")``. It never decides whether a value is allowed: the form asks
the sheet (``problems_if``) and hands the messages back with :meth:`Field.set_problems`,
which shows them in red under the editor and outlines it.

A field emits :attr:`~Field.edited` as the player types (to validate) and
:attr:`~Field.finished` when an edit is done (to commit): a line left with Tab or Enter, a
spin box stepped or typed and confirmed, a box ticked, a choice picked. Escape puts back the
value the sheet holds.

Paths and the log's words for values are in :mod:`cardtable.ui.sheets.paths`.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Hashable, Sequence
from typing import Any, ClassVar, TypeAlias

from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets
from cardtable.ui.sheets.paths import FieldPath, changes_at, path_text, value_words
from cardtable.ui.widgets.theme import ink, ink_text

#: The red of problem messages and outlines (dark enough to read on the window colour).


class _Nothing(enum.Enum):
    """A field that has not been shown a value yet, or whose editor holds no value."""

    NOTHING = "nothing"


NOTHING = _Nothing.NOTHING


# ---------------------------------------------------------------------------------------------
# Pieces


class ProblemLabel(QtWidgets.QLabel):
    """Red messages under a field (or a row of fields), hidden while there are none.

    Several fields may share one label: each sets its own messages with :meth:`set_for`.
    """

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self._messages: dict[int, list[str]] = {}
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.PlainText)
        ink_text(self, "error")
        font = self.font()
        font.setPointSizeF(font.pointSizeF() * 0.92)
        self.setFont(font)
        self.setAccessibleName("Problem")
        self.setSizePolicy(
            QtWidgets.QSizePolicy.Policy.Preferred, QtWidgets.QSizePolicy.Policy.Minimum
        )
        self.hide()

    def set_for(self, owner: object, messages: Sequence[str]) -> None:
        """Show ``messages`` for ``owner`` (replacing what it showed before)."""
        key = id(owner)
        if messages:
            self._messages[key] = list(messages)
        else:
            self._messages.pop(key, None)
        shown: list[str] = []
        for group in self._messages.values():
            shown += [message for message in group if message not in shown]
        self.setText("\n".join(shown))
        self.setVisible(bool(shown))

    def messages(self) -> list[str]:
        return [line for line in self.text().splitlines() if line]


class Outline(QtWidgets.QWidget):
    """Holds an editor with a little room around it, and draws a red ring there when refused."""

    RING = 2

    def __init__(self, editor: QtWidgets.QWidget, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.invalid = False
        layout = QtWidgets.QHBoxLayout(self)
        layout.setContentsMargins(self.RING, self.RING, self.RING, self.RING)
        layout.addWidget(editor)

    def set_invalid(self, invalid: bool) -> None:
        if invalid != self.invalid:
            self.invalid = invalid
            self.update()

    def paintEvent(self, event: QtGui.QPaintEvent) -> None:
        if not self.invalid:
            return
        painter = QtGui.QPainter(self)
        painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
        pen = QtGui.QPen(QtGui.QColor(ink("error")), 1.6)
        painter.setPen(pen)
        painter.drawRoundedRect(QtCore.QRectF(self.rect()).adjusted(0.8, 0.8, -0.8, -0.8), 4, 4)


# ---------------------------------------------------------------------------------------------
# Fields


Label: TypeAlias = str | Callable[[Any], str]


class Field(QtWidgets.QWidget):
    """One editor for the value at :attr:`path`, with its problems underneath.

    ``label`` names the value in log lines ("Rock", or a function of the sheet for rows
    whose name can change); ``words`` says a value in a log line. ``changes`` (optional)
    turns a new value into ``revised`` keywords when one edit touches more than the path.
    """

    edited = QtCore.Signal()
    finished = QtCore.Signal()

    #: Boxes, choices and marks: every change is a whole edit, and a refused one snaps back.
    instant: ClassVar[bool] = False

    def __init__(
        self,
        path: FieldPath,
        label: Label,
        editor: QtWidgets.QWidget,
        *,
        tip: str = "",
        messages: ProblemLabel | None = None,
        words: Callable[[Any], str] = value_words,
        changes: Callable[[Any, Any], dict[str, Any]] | None = None,
        describe: Callable[[Any, Any], str] | None = None,
        parent: QtWidgets.QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.path = path
        self.editor = editor
        self._label = label
        self._words = words
        self._changes = changes
        self._describe = describe
        self._shown: Any = NOTHING
        self._loading = False
        self.outline = Outline(editor, self)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(1)
        layout.addWidget(self.outline)
        if messages is None:
            messages = ProblemLabel(self)
            layout.addWidget(messages)
        self.problems = messages
        name = label if isinstance(label, str) else path_text(path)
        editor.setAccessibleName(name)
        if tip:
            editor.setToolTip(tip)
        editor.installEventFilter(self)
        self.setFocusProxy(editor)

    # -- values -------------------------------------------------------------------------

    def value(self) -> Any:
        """What the editor holds now; :data:`NOTHING` when it holds no readable value."""
        raise NotImplementedError

    def display(self, value: Any) -> None:
        """Put ``value`` in the editor (only called when it differs from what is there)."""
        raise NotImplementedError

    @property
    def shown(self) -> Any:
        """The sheet's value, as last loaded."""
        return self._shown

    @property
    def pending(self) -> bool:
        """True while the editor holds something else than the sheet (an unfinished edit)."""
        value = self.value()
        return value is not NOTHING and self._shown is not NOTHING and value != self._shown

    def load(self, value: Any) -> None:
        """Show the sheet's ``value``, keeping an unfinished edit of a value that did not change."""
        if not self.instant and self.pending and value == self._shown:
            return
        self._shown = value
        # Boxes and marks are always redrawn: what they show may hang on other values.
        if self.instant or self.value() != value:
            self._loading = True
            try:
                self.display(value)
            finally:
                self._loading = False
        self.set_problems([])

    def revert(self) -> None:
        """Put back the sheet's value and forget the problems."""
        if self._shown is not NOTHING:
            self._loading = True
            try:
                self.display(self._shown)
            finally:
                self._loading = False
        self.set_problems([])

    def changes(self, sheet: Any, value: Any) -> dict[str, Any]:
        """The ``revised`` keywords that give ``sheet`` this field's ``value``."""
        if self._changes is not None:
            return self._changes(sheet, value)
        return changes_at(sheet, self.path, value)

    def label(self, sheet: Any) -> str:
        return self._label if isinstance(self._label, str) else self._label(sheet)

    def describe(self, sheet: Any, value: Any) -> str:
        """What a log line says was changed: "Rock to Great (4)"."""
        if self._describe is not None:
            return self._describe(sheet, value)
        return f"{self.label(sheet)} to {self._words(value)}"

    # -- problems -----------------------------------------------------------------------

    def set_problems(self, messages: Sequence[str]) -> None:
        self.problems.set_for(self, messages)
        self.outline.set_invalid(bool(messages))
        self.editor.setAccessibleDescription(" ".join(messages))

    @property
    def invalid(self) -> bool:
        return self.outline.invalid

    def set_read_only(self, read_only: bool) -> None:
        """Let the value be read but not changed (another player's character)."""
        self.editor.setEnabled(not read_only)

    # -- Qt -----------------------------------------------------------------------------

    def _user_edit(self) -> None:
        if not self._loading:
            self.edited.emit()

    def _user_finish(self) -> None:
        if not self._loading:
            self.finished.emit()

    def eventFilter(self, watched: QtCore.QObject, event: QtCore.QEvent) -> bool:
        if (
            watched is self.editor
            and event.type() == QtCore.QEvent.Type.KeyPress
            and isinstance(event, QtGui.QKeyEvent)
            and event.key() == Qt.Key.Key_Escape
            and self.pending
        ):
            self.revert()
            return True
        return super().eventFilter(watched, event)


def _look_read_only(editor: QtWidgets.QWidget, read_only: bool) -> None:
    """A box that cannot be typed in takes the window's colour, so it does not invite typing."""
    palette = editor.palette()
    source = editor.window().palette() if read_only else QtWidgets.QApplication.palette(editor)
    role = QtGui.QPalette.ColorRole
    palette.setColor(role.Base, source.color(role.Window if read_only else role.Base))
    editor.setPalette(palette)


class TextField(Field):
    """A line of text, committed when the player leaves it or presses Enter."""

    def __init__(
        self,
        path: FieldPath,
        label: Label,
        *,
        placeholder: str = "",
        completions: Sequence[str] = (),
        **options: Any,
    ) -> None:
        self.line = QtWidgets.QLineEdit()
        self.line.setPlaceholderText(placeholder)
        self.line.setClearButtonEnabled(False)
        if completions:
            completer = QtWidgets.QCompleter(list(completions), self.line)
            completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
            completer.setFilterMode(Qt.MatchFlag.MatchContains)
            self.line.setCompleter(completer)
        super().__init__(path, label, self.line, **options)
        self.line.textEdited.connect(self._user_edit)
        self.line.editingFinished.connect(self._user_finish)

    def value(self) -> str:
        return self.line.text()

    def display(self, value: Any) -> None:
        self.line.setText(str(value))
        self.line.setCursorPosition(0)

    def set_read_only(self, read_only: bool) -> None:
        self.line.setReadOnly(read_only)
        _look_read_only(self.line, read_only)


class NotesField(Field):
    """Free text over several lines, committed when the player leaves the box (or Ctrl+Enter)."""

    def __init__(self, path: FieldPath, label: Label, *, placeholder: str = "", **options: Any):
        self.box = QtWidgets.QPlainTextEdit()
        self.box.setPlaceholderText(placeholder)
        self.box.setTabChangesFocus(True)
        self.box.setMinimumHeight(96)
        super().__init__(path, label, self.box, **options)
        self.box.textChanged.connect(self._user_edit)

    def value(self) -> str:
        return self.box.toPlainText()

    def display(self, value: Any) -> None:
        self.box.setPlainText(str(value))

    def describe(self, sheet: Any, value: Any) -> str:
        # Notes can be long: the log says they changed, the sheet says how.
        return self.label(sheet)

    def set_read_only(self, read_only: bool) -> None:
        self.box.setReadOnly(read_only)
        _look_read_only(self.box, read_only)

    def eventFilter(self, watched: QtCore.QObject, event: QtCore.QEvent) -> bool:
        if watched is self.box:
            if event.type() == QtCore.QEvent.Type.FocusOut:
                self._user_finish()
            elif (
                event.type() == QtCore.QEvent.Type.KeyPress
                and isinstance(event, QtGui.QKeyEvent)
                and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
                and event.modifiers() & Qt.KeyboardModifier.ControlModifier
            ):
                self._user_finish()
                return True
        return super().eventFilter(watched, event)


class SoftSpinBox(QtWidgets.QSpinBox):
    """A spin box whose arrows stay within ``low``..``high`` but whose keys may type beyond.

    The sheet, not the box, refuses a value out of range: typing 12 for a 0-9 Attribute
    shows the sheet's own message instead of being silently stopped.
    """

    #: How far beyond the sheet's range a number may be typed (to be refused with a reason).
    SLACK = 1000

    def __init__(self, low: int, high: int, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.low, self.high = low, high
        self.setRange(min(low, 0) - self.SLACK + 1, high + self.SLACK - 1)
        self.setKeyboardTracking(False)
        self.setAccelerated(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)

    def wheelEvent(self, event: QtGui.QWheelEvent) -> None:
        # Scrolling the form over a box must not change the sheet: only a focused box spins.
        if self.hasFocus():
            super().wheelEvent(event)
        else:
            event.ignore()

    def stepBy(self, steps: int) -> None:
        target = max(self.low, min(self.high, self.value() + steps))
        self.setValue(target)
        self.selectAll()

    def stepEnabled(self) -> QtWidgets.QAbstractSpinBox.StepEnabledFlag:
        flags = QtWidgets.QAbstractSpinBox.StepEnabledFlag.StepNone
        if self.isReadOnly():
            return flags
        if self.value() < self.high:
            flags |= QtWidgets.QAbstractSpinBox.StepEnabledFlag.StepUpEnabled
        if self.value() > self.low:
            flags |= QtWidgets.QAbstractSpinBox.StepEnabledFlag.StepDownEnabled
        return flags

    def typed(self) -> int | None:
        """The number in the box as typed so far (before Enter), or None if there is none."""
        text = self.cleanText()
        state = self.validate(self.text(), 0)
        if isinstance(state, tuple):
            state = state[0]
        if state != QtGui.QValidator.State.Acceptable or not text.strip():
            return None
        return int(self.valueFromText(text))

    def sizeHint(self) -> QtCore.QSize:
        # Sized for the sheet's own range, not for the slack that lets a wrong number in.
        hint = super().sizeHint()
        metrics = self.fontMetrics()
        shown = (
            range(self.low, self.high + 1) if self.high - self.low <= 20 else (self.low, self.high)
        )
        widest = max(
            metrics.horizontalAdvance(self.textFromValue(v) + self.suffix()) for v in shown
        )
        extra = hint.width() - metrics.horizontalAdvance(
            self.textFromValue(self.maximum()) + self.suffix()
        )
        return QtCore.QSize(max(widest + extra, 40), hint.height())

    def minimumSizeHint(self) -> QtCore.QSize:
        return self.sizeHint()


class NumberField(Field):
    """A whole number in a :class:`SoftSpinBox`; each step or confirmed entry is one edit."""

    def __init__(
        self,
        path: FieldPath,
        label: Label,
        low: int,
        high: int,
        *,
        spin: SoftSpinBox | None = None,
        **options: Any,
    ) -> None:
        self.spin = spin if spin is not None else SoftSpinBox(low, high)
        super().__init__(path, label, self.spin, **options)
        self.spin.lineEdit().textEdited.connect(self._user_edit)
        self.spin.valueChanged.connect(self._user_finish)

    def value(self) -> int | _Nothing:
        # The text, not value(): the box only takes in a typed number once it is confirmed.
        typed = self.spin.typed()
        return NOTHING if typed is None else typed

    def display(self, value: Any) -> None:
        self.spin.setValue(int(value))

    def set_read_only(self, read_only: bool) -> None:
        self.spin.setReadOnly(read_only)
        _look_read_only(self.spin, read_only)
        self.spin.setButtonSymbols(
            QtWidgets.QAbstractSpinBox.ButtonSymbols.NoButtons
            if read_only
            else QtWidgets.QAbstractSpinBox.ButtonSymbols.UpDownArrows
        )


class CheckField(Field):
    """A yes/no box; a click is an edit."""

    instant = True

    def __init__(
        self,
        path: FieldPath,
        label: Label,
        text: str,
        *,
        words: Callable[[Any], str] | None = None,
        **options: Any,
    ) -> None:
        self.box = QtWidgets.QCheckBox(text)
        super().__init__(path, label, self.box, words=words or value_words, **options)
        self.box.clicked.connect(self._user_finish)

    def value(self) -> bool:
        return self.box.isChecked()

    def display(self, value: Any) -> None:
        self.box.setChecked(bool(value))


class QuietComboBox(QtWidgets.QComboBox):
    """A drop-down list that the mouse wheel does not turn unless it has the focus."""

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)

    def wheelEvent(self, event: QtGui.QWheelEvent) -> None:
        if self.hasFocus():
            super().wheelEvent(event)
        else:
            event.ignore()


class ChoiceField(Field):
    """One of a few values in a drop-down list; picking one is an edit."""

    instant = True

    def __init__(
        self,
        path: FieldPath,
        label: Label,
        choices: Sequence[tuple[str, Hashable | None]],
        **options: Any,
    ) -> None:
        self.combo = QuietComboBox()
        self._values: list[Any] = []
        super().__init__(path, label, self.combo, **options)
        self.set_choices(choices)
        self.combo.activated.connect(self._user_finish)

    def set_choices(self, choices: Sequence[tuple[str, Hashable | None]]) -> None:
        """Replace the list of ``(text, value)`` choices, keeping the value shown."""
        keep = self._shown
        self._loading = True
        try:
            self.combo.clear()
            self._values = []
            for text, value in choices:
                self.combo.addItem(text)
                self._values.append(value)
            if keep is not NOTHING:
                self.display(keep)
        finally:
            self._loading = False

    def value(self) -> Any:
        index = self.combo.currentIndex()
        return self._values[index] if 0 <= index < len(self._values) else NOTHING

    def display(self, value: Any) -> None:
        if value not in self._values:
            # A value the list does not offer is still shown as it is, never replaced.
            self.combo.addItem(value_words(value))
            self._values.append(value)
        self.combo.setCurrentIndex(self._values.index(value))
