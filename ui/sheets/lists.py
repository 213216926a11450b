"""Lists on a sheet's form (Aspects, Skills, Bonds…): one row per entry, ✕ to remove one,
and a line at the bottom to add one.

A row's fields share one problem label spanning the row. Adding validates as the player
types (a Specialty listed twice, a fifth Bond) and commits when they press Enter or "Add";
removing commits at once (Undo puts the entry back). When the list's length changes (an
add, a remove, an undo) its rows are built again.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING, Any

from cardtable.ui.qt import Qt, QtWidgets
from cardtable.ui.sheets.fields import (
    NOTHING,
    Field,
    Outline,
    ProblemLabel,
)
from cardtable.ui.sheets.paths import FieldPath, changes_at, quoted, value_at
from cardtable.ui.widgets.theme import ink_text

if TYPE_CHECKING:
    from cardtable.ui.sheets.form import SheetForm

#: Attributes that name an entry, in the order they are tried, for log lines and tooltips.
_NAMING = ("text", "name", "card", "long_term", "character", "note", "ability")


def entry_name(item: object) -> str:
    """The words that name a list entry: its text, name or card."""
    if isinstance(item, str):
        return item
    for attribute in _NAMING:
        value = getattr(item, attribute, None)
        if isinstance(value, str) and value.strip():
            return value
    return ""


class Row:
    """One entry of a list while its row is built: where it is and the cells to show."""

    def __init__(self, section: ListSection, index: int, item: Any) -> None:
        self.section = section
        self.index = index
        self.item = item
        self.problems = ProblemLabel()
        self.cells: list[QtWidgets.QWidget] = []

    @property
    def path(self) -> FieldPath:
        """The entry's path in the sheet: ``("abilities", 2)``."""
        return (*self.section.path, self.index)

    @property
    def sheet(self) -> Any:
        return self.section.form.sheet

    def field(self, field: Field) -> Any:
        """Add ``field`` as the next cell (its messages go under the row)."""
        self.section.form.add(field)
        self.section.own_fields.append(field)
        self.cells.append(field)
        return field

    def track(self, field: Field) -> Any:
        """Register ``field`` without making it a cell (it sits inside another cell)."""
        self.section.form.add(field)
        self.section.own_fields.append(field)
        return field

    def cell(self, widget: QtWidgets.QWidget) -> None:
        """Add a widget that is not a field (a label, a nested list) as the next cell."""
        self.cells.append(widget)


RowBuilder = Callable[[Row], None]


class ListSection(QtWidgets.QWidget):
    """The entries of the list at ``path``, built by ``build_row``, with add and remove."""

    def __init__(
        self,
        form: SheetForm,
        path: FieldPath,
        *,
        word: str,
        plural: str,
        build_row: RowBuilder,
        headers: Sequence[str] = (),
        stretch: Sequence[int] = (0,),
        make_item: Callable[[str], Any] | None = None,
        placeholder: str = "",
        shape: Callable[[Any], Hashable] | None = None,
    ) -> None:
        super().__init__()
        self.form = form
        self.path = path
        self.word = word
        self.plural = plural
        self.alive = True
        self.own_fields: list[Field] = []
        self._build_row = build_row
        self._headers = tuple(headers)
        self._stretch = tuple(stretch)
        self._shape_of = shape
        self._shape: Hashable = NOTHING
        self._children: list[ListSection] = []
        self._remove_buttons: list[QtWidgets.QToolButton] = []
        self.setAccessibleName(plural)
        # Rows keep their height; spare room goes to the notes, not between the rows.
        self.setSizePolicy(
            QtWidgets.QSizePolicy.Policy.Preferred, QtWidgets.QSizePolicy.Policy.Maximum
        )
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        self._rows_holder = QtWidgets.QWidget()
        layout.addWidget(self._rows_holder)
        self.empty = QtWidgets.QLabel(f"No {plural} yet.")
        ink_text(self.empty, "muted")
        self.empty.hide()
        layout.addWidget(self.empty)
        self.problems = ProblemLabel()
        layout.addWidget(self.problems)
        self.adder = Adder(self, make_item, placeholder) if make_item is not None else None
        if self.adder is not None:
            layout.addWidget(self.adder)
        form.sections.append(self)
        self.sync(form.sheet)

    def items(self, sheet: Any) -> tuple[Any, ...]:
        items: tuple[Any, ...] = value_at(sheet, self.path)
        return items

    # -- rows ---------------------------------------------------------------------------

    def sync(self, sheet: Any) -> None:
        """Build the rows again if the list's shape changed since they were built."""
        shape = self._shape_of(sheet) if self._shape_of is not None else len(self.items(sheet))
        if shape == self._shape:
            return
        self._shape = shape
        self._rebuild(sheet)

    def _rebuild(self, sheet: Any) -> None:
        self._dispose_rows()
        holder = QtWidgets.QWidget()
        grid = QtWidgets.QGridLayout(holder)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(6)
        grid.setVerticalSpacing(0)
        top = 0
        if self._headers:
            for column, text in enumerate(self._headers):
                header = QtWidgets.QLabel(text)
                ink_text(header, "muted")
                header.setContentsMargins(Outline.RING + 1, 0, 0, 0)
                grid.addWidget(header, 0, column, Qt.AlignmentFlag.AlignBottom)
            top = 1
        first_child = len(self.form.sections)
        items = self.items(sheet)
        columns = 0
        for index, item in enumerate(items):
            row = Row(self, index, item)
            self._build_row(row)
            grid_row = top + 2 * index
            for column, cell in enumerate(row.cells):
                grid.addWidget(cell, grid_row, column)
            columns = max(columns, len(row.cells))
            remove = self._remove_button(index, item)
            first = row.cells[0] if row.cells else None
            if isinstance(first, Field):
                remove.setFixedHeight(first.outline.sizeHint().height())
            grid.addWidget(remove, grid_row, len(row.cells), Qt.AlignmentFlag.AlignTop)
            grid.addWidget(row.problems, grid_row + 1, 0, 1, len(row.cells) + 1)
        for column in self._stretch:
            grid.setColumnStretch(column, 1)
        self._children = [s for s in self.form.sections[first_child:] if s.alive]
        old = self._rows_holder
        self.layout().replaceWidget(old, holder)
        old.hide()
        old.deleteLater()
        self._rows_holder = holder
        self.empty.setVisible(not items and self.form.read_only)

    def _remove_button(self, index: int, item: Any) -> QtWidgets.QToolButton:
        button = QtWidgets.QToolButton()
        button.setText("✕")
        button.setAutoRaise(True)
        name = entry_name(item)
        what = f"{self.word} {index + 1}" + (f" ({quoted(name)})" if name.strip() else "")
        button.setToolTip(f"Remove {what}; Undo puts it back")
        button.setAccessibleName(f"Remove {self.word} {index + 1}")
        button.setEnabled(not self.form.read_only)
        button.clicked.connect(lambda: self.remove(index))
        self._remove_buttons.append(button)
        return button

    def _dispose_rows(self) -> None:
        self.form.forget(self.own_fields)
        self.own_fields = []
        self._remove_buttons = []
        for child in self._children:
            child.dispose()
        self._children = []

    def dispose(self) -> None:
        """This list's rows are going away with the row that holds it."""
        self.alive = False
        self._dispose_rows()
        if self in self.form.sections:
            self.form.sections.remove(self)

    def set_read_only(self, read_only: bool) -> None:
        for button in self._remove_buttons:
            button.setEnabled(not read_only)
        if self.adder is not None:
            self.adder.setVisible(not read_only)
        self.empty.setVisible(read_only and not self.items(self.form.sheet))
        # Hiding the adder before the form is on screen leaves a stale size hint behind.
        self.updateGeometry()

    # -- editing ------------------------------------------------------------------------

    def report(self, messages: Sequence[str]) -> None:
        self.problems.set_for(self, messages)

    def commit_items(self, items: Sequence[Any], what: str, report: Callable[..., None]) -> bool:
        sheet = self.form.sheet
        return self.form.propose(changes_at(sheet, self.path, tuple(items)), what, report)

    def remove(self, index: int) -> None:
        """Take entry ``index`` off the list, as one edit."""
        items = list(self.items(self.form.sheet))
        if not 0 <= index < len(items):
            return
        name = entry_name(items.pop(index))
        what = f"{self.plural} (removed {quoted(name) if name.strip() else self.word})"
        self.report([])
        self.commit_items(items, what, self.report)


class Adder(QtWidgets.QWidget):
    """The line under a list where a new entry is typed, checked as it is typed, and added."""

    def __init__(
        self, section: ListSection, make_item: Callable[[str], Any], placeholder: str
    ) -> None:
        super().__init__()
        self._section = section
        self._make_item = make_item
        layout = QtWidgets.QGridLayout(self)
        layout.setContentsMargins(Outline.RING, 2, 0, 0)
        layout.setHorizontalSpacing(6)
        layout.setVerticalSpacing(1)
        self.line = QtWidgets.QLineEdit()
        self.line.setPlaceholderText(placeholder or f"New {section.word}…")
        self.line.setAccessibleName(f"New {section.word}")
        self.line.setToolTip(f"Type a new {section.word} and press Enter to add it")
        self.button = QtWidgets.QPushButton("Add")
        self.button.setAccessibleName(f"Add {section.word}")
        self.button.setToolTip(f"Add the {section.word} typed on the left")
        self.button.setEnabled(False)
        self.problems = ProblemLabel()
        layout.addWidget(self.line, 0, 0)
        layout.addWidget(self.button, 0, 1)
        layout.addWidget(self.problems, 1, 0, 1, 2)
        layout.setColumnStretch(0, 1)
        self.line.textEdited.connect(self.recheck)
        self.line.returnPressed.connect(self.add)
        self.button.clicked.connect(self.add)

    def _candidate(self) -> tuple[Any, ...]:
        items = self._section.items(self._section.form.sheet)
        return (*items, self._make_item(self.line.text()))

    def _report(self, messages: Sequence[str]) -> None:
        self.problems.set_for(self, messages)

    def recheck(self) -> None:
        """Check the typed entry against the sheet as it is now."""
        if not self.line.text().strip():
            self._report([])
            self.button.setEnabled(False)
            return
        sheet = self._section.form.sheet
        changes = changes_at(sheet, self._section.path, self._candidate())
        messages = self._section.form.problems_with(changes)
        self._report(messages)
        self.button.setEnabled(not messages)

    def add(self) -> None:
        """Add the typed entry (when the sheet accepts it)."""
        text = self.line.text()
        if not text.strip():
            return
        what = f"{self._section.plural} (added {quoted(text)})"
        if self._section.commit_items(self._candidate(), what, self._report):
            self.line.clear()
            self._report([])
            self.button.setEnabled(False)
            self.line.setFocus()
