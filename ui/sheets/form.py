"""The form for one character sheet: what every system's form shares.

A :class:`SheetForm` holds the sheet it shows and a :class:`FormContext` whose ``commit``
turns a revised sheet into a session action. Each field validates as the player types
(``sheet.problems_if``: every problem the change would cause is shown under the field
being edited, since that change causes them all) and commits once when the edit is
finished; a change the sheet refuses is never committed. :meth:`SheetForm.load` shows a
new version of the sheet (after an edit, an undo, another seat's change), keeping an
unfinished edit in a field whose value did not change.

Systems subclass it and lay out their own sections in :meth:`SheetForm.build`; lists are
:class:`~cardtable.ui.sheets.lists.ListSection`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

import attrs
from attrs import evolve, frozen

from cardtable.sheets import Sheet, SheetError
from cardtable.sheets.card_names import CardNames
from cardtable.sheets.common import MAX_NAME
from cardtable.ui.qt import Qt, QtGui, QtWidgets
from cardtable.ui.sheets.fields import (
    NOTHING,
    Field,
    NotesField,
    NumberField,
    ProblemLabel,
    TextField,
)
from cardtable.ui.sheets.paths import replaced_at, value_at
from cardtable.ui.sheets.portrait import PortraitBox
from cardtable.ui.sheets.printing.frame import PALETTES
from cardtable.ui.widgets.style import READABLE
from cardtable.ui.widgets.theme import follow_palette, on_window

if TYPE_CHECKING:
    from cardtable.ui.sheets.lists import ListSection

#: The least contrast of a symbol with its background (WCAG's, for graphics).
GRAPHIC = 3.0

#: Turns a revised sheet and the words for the log into a session action: None when it was
#: done, else the reason it was refused.
Commit = Callable[[Sheet, str], "str | None"]
Report = Callable[[Sequence[str]], None]


@frozen
class FormContext:
    """What a form needs from outside: how to commit, and names worth offering."""

    commit: Commit
    #: The other characters' names, offered where a sheet names a character (Bonds).
    names: tuple[str, ...] = ()
    #: The names the session's tarot goes by, shown and taken for Sleeve Cards.
    cards: CardNames = attrs.field(factory=CardNames)


def emblem(shape: QtGui.QPainterPath, colour: QtGui.QColor, size: int = 18) -> QtWidgets.QLabel:
    """A small picture of one of the systems' symbols (a suit, an Element), for a label, in
    ``colour`` where it stands out from the desktop's palette (3:1, as for any graphic)."""
    label = QtWidgets.QLabel()
    label.setFixedWidth(size)
    label.setAlignment(Qt.AlignmentFlag.AlignCenter)

    def _paint() -> None:
        screen = QtGui.QGuiApplication.primaryScreen()
        ratio = screen.devicePixelRatio() if screen is not None else 1.0
        pixmap = QtGui.QPixmap(int(size * ratio), int(size * ratio))
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QtGui.QPainter(pixmap)
        painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
        painter.scale(size * ratio, size * ratio)
        painter.fillPath(shape, on_window(colour, GRAPHIC))
        painter.end()
        pixmap.setDevicePixelRatio(ratio)
        label.setPixmap(pixmap)

    follow_palette(label, _paint)
    return label


def field_label(text: str, field: Field) -> QtWidgets.QLabel:
    """A label for ``field`` (``&`` marks its shortcut key), level with the editor.

    It is as tall as the editor and meant to be laid out top-aligned, so it stays beside the
    editor when a problem message opens up under it.
    """
    label = QtWidgets.QLabel(text)
    label.setBuddy(field.editor)
    label.setFixedHeight(field.outline.sizeHint().height())
    label.setAlignment(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft)
    return label


class SectionTitle(QtWidgets.QWidget):
    """A section's heading in the system's ink colour, with a thin rule under it."""

    def __init__(self, text: str, ink: QtGui.QColor, tip: str = "") -> None:
        super().__init__()
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(0, 10, 0, 2)
        layout.setSpacing(2)
        self.label = QtWidgets.QLabel(text)
        font = self.label.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.08)
        self.label.setFont(font)
        if tip:
            self.label.setToolTip(tip)
        rule = QtWidgets.QFrame()
        rule.setFixedHeight(1)
        layout.addWidget(self.label)
        layout.addWidget(rule)

        def _colour() -> None:  # the system's ink where it reads on the desktop's palette
            shown = on_window(ink, READABLE)
            self.label.setStyleSheet(f"color: {shown.name()};")
            rule.setStyleSheet(f"background: {shown.name()}; border: none;")

        follow_palette(self, _colour)


class SheetForm(QtWidgets.QWidget):
    """The editor of one character's sheet; subclasses add their system's sections."""

    #: The system this form edits (a key of :data:`cardtable.sheets.SHEET_TYPES`).
    system: ClassVar[str] = ""

    def __init__(
        self, sheet: Sheet, context: FormContext, parent: QtWidgets.QWidget | None = None
    ) -> None:
        super().__init__(parent)
        if sheet.system != self.system:
            raise ValueError(f"a {self.system} form cannot show a {sheet.system} sheet")
        self.sheet = sheet
        self.context = context
        self.fields: list[Field] = []
        self.sections: list[ListSection] = []
        self.read_only = False
        colours = PALETTES[self.system]
        self.ink = colours.ink
        self.tint = colours.tint
        self.setAccessibleName(f"{sheet.title} sheet")
        self.column = QtWidgets.QVBoxLayout(self)
        self.column.setContentsMargins(10, 8, 10, 10)
        self.column.setSpacing(4)
        self._build_header()
        self.build()
        self._build_notes()
        self.column.addStretch(1)
        self.load(sheet)

    # -- building -----------------------------------------------------------------------

    def build(self) -> None:
        """Lay out the system's sections (between the name and the notes)."""
        raise NotImplementedError

    def _build_header(self) -> None:
        band = QtWidgets.QLabel(self.sheet.title.upper())
        band.setAccessibleName("System")
        font = band.font()
        font.setBold(True)
        font.setLetterSpacing(QtGui.QFont.SpacingType.PercentageSpacing, 112)
        band.setFont(font)
        band.setStyleSheet(
            f"background: {self.ink.name()}; color: white; padding: 5px 8px; border-radius: 3px;"
        )
        band.setToolTip(f"A {self.sheet.title} character sheet")
        self.column.addWidget(band)

        top = QtWidgets.QHBoxLayout()
        top.setSpacing(12)
        top.setContentsMargins(0, 8, 0, 0)
        self.portrait = PortraitBox(self)
        top.addWidget(self.portrait, 0, Qt.AlignmentFlag.AlignTop)
        names = QtWidgets.QFormLayout()
        names.setContentsMargins(0, 0, 0, 0)
        names.setVerticalSpacing(4)
        names.setLabelAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)
        names.setFieldGrowthPolicy(QtWidgets.QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.name_field = self.add(
            TextField(
                ("name",),
                "name",
                placeholder="The character's name",
                tip=f"The character's name, as the sheet prints it (at most {MAX_NAME} letters)",
            )
        )
        self.player_field = self.add(
            TextField(
                ("player",),
                "player",
                placeholder="Who plays this character",
                tip="The name of the player, as the sheet prints it",
            )
        )
        names.addRow(self._label("&Name", self.name_field), self.name_field)
        names.addRow(self._label("Pla&yer", self.player_field), self.player_field)
        self.header_form = names
        top.addLayout(names, 1)
        self.column.addLayout(top)

    def _build_notes(self) -> None:
        self.section("Notes", "Free notes; everyone at the table may read them")
        self.notes_field = self.add(
            NotesField(
                ("notes",),
                "notes",
                placeholder="Appearance, history, gear, anything worth keeping…",
                tip="Free notes (Ctrl+Enter or leaving the box keeps them). "
                "Sheets are not private: everyone at the table may read them.",
            )
        )
        self.column.addWidget(self.notes_field)

    def _label(self, text: str, field: Field) -> QtWidgets.QLabel:
        return field_label(text, field)

    def section(self, title: str, tip: str = "") -> SectionTitle:
        """Add a section heading to the form."""
        heading = SectionTitle(title, self.ink, tip)
        self.column.addWidget(heading)
        return heading

    def add(self, field: Field) -> Any:
        """Register ``field``: it validates as the player types and commits when done."""
        self.fields.append(field)
        field.edited.connect(functools.partial(self._on_edited, field))
        field.finished.connect(functools.partial(self._on_finished, field))
        if self.read_only:
            field.set_read_only(True)
        return field

    def forget(self, fields: Sequence[Field]) -> None:
        """Stop tracking ``fields`` (their row is being rebuilt)."""
        gone = {id(field) for field in fields}
        self.fields = [field for field in self.fields if id(field) not in gone]

    def number(
        self, path: tuple[str | int, ...], label: str, low: int, high: int, tip: str, **options: Any
    ) -> NumberField:
        """A registered :class:`NumberField`."""
        field: NumberField = self.add(NumberField(path, label, low, high, tip=tip, **options))
        return field

    # -- showing the sheet --------------------------------------------------------------

    def load(self, sheet: Sheet) -> None:
        """Show ``sheet`` (a new version of the same character's sheet)."""
        self.sheet = sheet
        for section in list(self.sections):
            if section.alive:
                section.sync(sheet)
        for field in list(self.fields):
            field.load(value_at(sheet, field.path))
            field.editor.setAccessibleName(field.label(sheet))
        for field in self.fields:
            if field.pending:
                self._on_edited(field)
        for section in self.sections:
            if section.adder is not None:
                section.adder.recheck()
        self.portrait.load(sheet.portrait)

    def set_read_only(self, read_only: bool) -> None:
        """Show the sheet without letting it be changed (another player's character)."""
        self.read_only = read_only
        for field in self.fields:
            field.set_read_only(read_only)
        for section in self.sections:
            section.set_read_only(read_only)
        self.portrait.set_read_only(read_only)

    def sheet_from_fields(self) -> Sheet:
        """The sheet as the fields show it now (equal to :attr:`sheet` when nothing is pending)."""
        tops: dict[str, Any] = {}
        for field in self.fields:
            value = field.value()
            if value is NOTHING:
                continue
            top = field.path[0]
            assert isinstance(top, str)
            current = tops.get(top, getattr(self.sheet, top))
            tops[top] = replaced_at(current, field.path[1:], value)
        return evolve(self.sheet, **tops)

    def problem_messages(self) -> list[str]:
        """Every problem message the form shows now."""
        labels = self.findChildren(ProblemLabel)
        return [m for label in labels if label.isVisibleTo(self) for m in label.messages()]

    # -- editing ------------------------------------------------------------------------

    def problems_with(self, changes: dict[str, Any]) -> list[str]:
        """The sheet's messages for ``changes``; empty when the sheet accepts them."""
        return [problem.message for problem in self.sheet.problems_if(**changes)]

    def propose(self, changes: dict[str, Any], what: str, report: Report) -> bool:
        """Commit ``changes`` as one edit; ``report`` gets the reasons when they are refused."""
        if self.read_only:
            report(["This sheet is shown read-only."])
            return False
        problems = self.problems_with(changes)
        if problems:
            report(problems)
            return False
        try:
            revised = self.sheet.revised(**changes)
        except SheetError as error:  # problems_if said yes; never expected, still refused
            report([problem.message for problem in error.problems])
            return False
        reason = self.context.commit(revised, what)
        if reason is not None:
            report([reason])
            return False
        if self.sheet != revised:
            # Nobody showed the committed sheet to the form (it runs without an editor).
            self.load(revised)
        return True

    def flush(self) -> None:
        """Commit every unfinished edit the sheet accepts (before the form goes away)."""
        for field in list(self.fields):
            if field in self.fields and field.pending:
                self._on_finished(field)

    def _on_edited(self, field: Field) -> None:
        value = field.value()
        if value is NOTHING or value == field.shown:
            field.set_problems([])
            return
        field.set_problems(self.problems_with(field.changes(self.sheet, value)))

    def _on_finished(self, field: Field) -> None:
        value = field.value()
        if value is NOTHING:
            return
        if value == field.shown:
            field.set_problems([])
            return
        refused: list[str] = []
        what = field.describe(self.sheet, value)
        if self.propose(field.changes(self.sheet, value), what, refused.extend):
            field.set_problems([])
            return
        if field.instant:
            # A box or a choice snaps back to what the sheet holds; the reason stays in view.
            field.revert()
            field.problems.set_for(field, refused)
        else:
            field.set_problems(refused)
