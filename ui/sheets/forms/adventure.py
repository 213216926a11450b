"""The Fantastical Adventure form: four Facets on four suits with the Strong and Weak marks,
Ambitions (short-term ones under the long-term one they serve), Bonds, Role and Power.

Each Facet has its own suit: picking a suit another Facet holds swaps the two, in one edit.
A Strong or Weak mark clicked again comes off (a sheet being written may have neither).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from attrs import evolve

from cardtable.cards import Suit
from cardtable.sheets import AdventureSheet, Ambition, Bond, Power, Role
from cardtable.sheets.adventure import SUITS
from cardtable.ui.qt import Qt, QtWidgets
from cardtable.ui.sheets.fields import (
    CheckField,
    ChoiceField,
    Field,
    ProblemLabel,
    TextField,
)
from cardtable.ui.sheets.form import SheetForm
from cardtable.ui.sheets.lists import ListSection, Row
from cardtable.ui.sheets.paths import FieldPath
from cardtable.ui.widgets.theme import follow_palette, ink, ink_text, on_window


def suit_text(suit: Suit) -> str:
    """``'♥ Hearts'``."""
    return f"{suit.symbol} {suit.value.capitalize()}"


def suit_name(suit: Any) -> str:
    return suit.value.capitalize() if isinstance(suit, Suit) else "none"


def _swapped(sheet: AdventureSheet, index: int, suit: Suit) -> dict[str, Any]:
    """Tie Facet ``index`` to ``suit``; the Facet that held it takes the old suit."""
    facets = list(sheet.facets)
    old = facets[index].suit
    for other, facet in enumerate(facets):
        if other != index and facet.suit is suit:
            facets[other] = evolve(facet, suit=old)
    facets[index] = evolve(facets[index], suit=suit)
    return {"facets": tuple(facets)}


class MarkField(Field):
    """The Strong (or Weak) mark on one Facet's row: checked when that Facet's suit is it.

    Clicking it sets the mark to the row's suit; clicking it when set takes the mark off.
    """

    instant = True

    def __init__(
        self, path: FieldPath, title: str, suit_of: Callable[[], Suit], **options: Any
    ) -> None:
        self.button = QtWidgets.QRadioButton()
        self.button.setAutoExclusive(False)
        self._suit_of = suit_of
        super().__init__(
            path,
            f"{title} Suit",
            self.button,
            words=suit_name,
            **options,
        )
        self.button.clicked.connect(self._user_finish)

    def value(self) -> Any:
        if self.button.isChecked():
            return self._suit_of()
        return None if self.shown is self._suit_of() else self.shown

    def display(self, value: Any) -> None:
        self.button.setChecked(value is not None and value is self._suit_of())


class AdventureForm(SheetForm):
    """A Fantastical Adventure character."""

    system = "adventure"

    def build(self) -> None:
        self.section("Facets", "Four sides of the character, each tied to its own suit")
        self._build_facets()
        self.section("Ambitions", "Long-term Ambitions, each with the short-term ones serving it")
        self.ambitions = ListSection(
            self,
            ("ambitions",),
            word="Ambition",
            plural="Ambitions",
            build_row=self._ambition_row,
            make_item=Ambition,
            placeholder="New long-term Ambition…",
            shape=lambda sheet: len(sheet.ambitions),
        )
        self.column.addWidget(self.ambitions)
        self.section("Bonds", "Ties to other characters")
        self.bonds = ListSection(
            self,
            ("bonds",),
            word="Bond",
            plural="Bonds",
            headers=("Character", "Nature of the bond"),
            stretch=(0, 1),
            build_row=self._bond_row,
            make_item=Bond,
            placeholder="New Bond: the character's name…",
        )
        self.column.addWidget(self.bonds)
        self.section("Role and Power", "Who the character is in the story, and how mighty")
        grid = QtWidgets.QFormLayout()
        grid.setLabelAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)
        self.role = self.add(
            ChoiceField(
                ("role",),
                "role",
                [(role.label, role) for role in Role],
                tip="Who the character is in the story",
            )
        )
        self.power = self.add(
            ChoiceField(
                ("power",),
                "Power",
                [(f"{power.label} (starting hand {power.hand_size})", power) for power in Power],
                tip="How mighty the character is; it sets the starting hand",
            )
        )
        grid.addRow(self._label("&Role", self.role), self.role)
        grid.addRow(self._label("Po&wer", self.power), self.power)
        self.column.addLayout(grid)

    # -- Facets -------------------------------------------------------------------------

    def _build_facets(self) -> None:
        grid = QtWidgets.QGridLayout()
        grid.setHorizontalSpacing(6)
        grid.setVerticalSpacing(0)
        for column, (text, tip) in enumerate(
            (
                ("Suit", ""),
                ("Facet", ""),
                ("Strong", "The Strong Suit: one Facet, or none yet"),
                ("Weak", "The Weak Suit: another Facet, or none yet"),
                ("Lost", "A lost Facet (after a Hit), until it is treated"),
            )
        ):
            header = QtWidgets.QLabel(text)
            ink_text(header, "muted")
            header.setToolTip(tip)
            align = Qt.AlignmentFlag.AlignLeft if column < 2 else Qt.AlignmentFlag.AlignHCenter
            grid.addWidget(header, 0, column, align)
        self.facet_fields: list[list[Field]] = []
        for index in range(len(SUITS)):
            self.facet_fields.append(self._facet_rows(grid, index))
        grid.setColumnStretch(1, 1)
        self.column.addLayout(grid)

    def _facet_rows(self, grid: QtWidgets.QGridLayout, index: int) -> list[Field]:
        top = 1 + 3 * index
        problems = ProblemLabel()
        path = ("facets", index)

        def suit_of() -> Suit:
            suit: Suit = self.sheet.facets[index].suit
            return suit

        def facet_label(sheet: AdventureSheet) -> str:
            return f"{suit_name(sheet.facets[index].suit)} Facet"

        suit = ChoiceField(
            (*path, "suit"),
            facet_label,
            [(suit_text(s), s) for s in SUITS],
            tip="The Facet's suit; picking one another Facet holds swaps the two",
            changes=lambda sheet, chosen: _swapped(sheet, index, chosen),
            describe=lambda sheet, chosen: (
                f"Facets (swapped {suit_name(suit_of())} and {suit_name(chosen)})"
            ),
            messages=problems,
        )
        name = TextField(
            (*path, "name"),
            lambda sheet: f"{facet_label(sheet)}'s name",
            placeholder="Name",
            tip="The Facet's name",
            messages=problems,
        )
        description = TextField(
            (*path, "description"),
            lambda sheet: f"{facet_label(sheet)}'s description",
            placeholder="A sentence or two about it",
            tip="What the Facet means for the character",
            messages=problems,
        )
        strong = MarkField(
            ("strong",),
            "Strong",
            suit_of,
            tip="Mark this Facet's suit as the Strong Suit (click again to clear)",
            messages=problems,
        )
        weak = MarkField(
            ("weak",),
            "Weak",
            suit_of,
            tip="Mark this Facet's suit as the Weak Suit (click again to clear)",
            messages=problems,
        )
        lost = CheckField(
            (*path, "lost"),
            facet_label,
            "",
            tip="Ticked while the Facet is lost after a Hit, until it is treated",
            describe=lambda sheet, value: (
                f"{facet_label(sheet)} ({'lost' if value else 'treated'})"
            ),
            messages=problems,
        )
        fields: list[Field] = [suit, name, strong, weak, lost, description]
        for field in fields:
            self.add(field)
        centre = Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignVCenter
        grid.addWidget(suit, top, 0)
        grid.addWidget(name, top, 1)
        grid.addWidget(strong, top, 2, centre)
        grid.addWidget(weak, top, 3, centre)
        grid.addWidget(lost, top, 4, centre)
        grid.addWidget(description, top + 1, 1, 1, 4)
        grid.addWidget(problems, top + 2, 0, 1, 5)
        grid.setRowMinimumHeight(top + 2, 6)
        return fields

    def load(self, sheet: AdventureSheet) -> None:
        super().load(sheet)
        for index, fields in enumerate(getattr(self, "facet_fields", [])):
            suit = sheet.facets[index].suit
            colour = ink("error") if suit.is_red else "palette(text)"
            fields[0].editor.setStyleSheet(f"QComboBox {{ color: {colour}; }}")
            # A lost Facet stays readable but struck through, until it is treated.
            lost = sheet.facets[index].lost
            for field in (fields[1], fields[5]):
                font = field.editor.font()
                font.setStrikeOut(lost)
                field.editor.setFont(font)
                field.editor.setProperty("lost", lost)
            fields[1].editor.setToolTip("Lost after a Hit, until treated" if lost else
                                        "The Facet's name")

    # -- Ambitions and Bonds ------------------------------------------------------------

    def _ambition_row(self, row: Row) -> None:
        index = row.index
        number = index + 1
        holder = QtWidgets.QWidget()
        layout = QtWidgets.QVBoxLayout(holder)
        layout.setContentsMargins(0, 0, 0, 4)
        layout.setSpacing(2)
        long_term = row.track(
            TextField(
                (*row.path, "long_term"),
                f"long-term Ambition {number}",
                tip=f"Long-term Ambition {number}",
                messages=row.problems,
            )
        )
        layout.addWidget(long_term)
        steps = ListSection(
            self,
            (*row.path, "short_term"),
            word="short-term Ambition",
            plural=f"short-term Ambitions of Ambition {number}",
            build_row=lambda step: self._step_row(step, number),
            make_item=str,
            placeholder="New short-term Ambition…",
        )
        indent = QtWidgets.QHBoxLayout()
        indent.setContentsMargins(0, 0, 0, 0)
        arrow = QtWidgets.QLabel("↳")
        follow_palette(
            arrow, lambda: arrow.setStyleSheet(f"color: {on_window(self.ink).name()};")
        )
        arrow.setToolTip(f"Short-term Ambitions serving Ambition {number}")
        indent.addWidget(arrow, 0, Qt.AlignmentFlag.AlignTop)
        indent.addWidget(steps, 1)
        layout.addLayout(indent)
        row.cell(holder)

    def _step_row(self, row: Row, ambition: int) -> None:
        number = row.index + 1
        row.field(
            TextField(
                row.path,
                f"short-term Ambition {number} of Ambition {ambition}",
                tip=f"Short-term Ambition {number}, toward Ambition {ambition}",
                messages=row.problems,
            )
        )

    def _bond_row(self, row: Row) -> None:
        number = row.index + 1
        row.field(
            TextField(
                (*row.path, "character"),
                f"Bond {number}'s character",
                completions=self.context.names,
                tip="The character the bond ties to",
                messages=row.problems,
            )
        )
        row.field(
            TextField(
                (*row.path, "nature"),
                f"Bond {number}'s nature",
                placeholder="owes her his life…",
                tip="The nature of the bond",
                messages=row.problems,
            )
        )


__all__ = ["AdventureForm", "MarkField", "suit_text"]
