"""The crisis dice form: the pool of six-sided dice the character starts with, and traits."""

from __future__ import annotations

from cardtable.sheets.crisis import MAX_DICE, MIN_DICE
from cardtable.ui.qt import Qt, QtWidgets
from cardtable.ui.sheets.fields import ProblemLabel, TextField
from cardtable.ui.sheets.form import SheetForm, field_label
from cardtable.ui.sheets.lists import ListSection, Row
from cardtable.ui.widgets.theme import ink_text


class CrisisForm(SheetForm):
    """A crisis dice character."""

    system = "crisis"

    def build(self) -> None:
        self.section("Dice", "The pool the character rolls before pushing their luck")
        row = QtWidgets.QHBoxLayout()
        row.setSpacing(8)
        problems = ProblemLabel()
        self.dice = self.number(
            ("dice",),
            "dice pool",
            MIN_DICE,
            MAX_DICE,
            f"How many six-sided dice the character rolls ({MIN_DICE} to {MAX_DICE})",
            messages=problems,
        )
        top = Qt.AlignmentFlag.AlignTop
        row.addWidget(field_label("&Dice pool", self.dice), 0, top)
        row.addWidget(self.dice, 0, top)
        unit = field_label("six-sided dice", self.dice)
        ink_text(unit, "muted")
        row.addWidget(unit, 0, top)
        row.addStretch(1)
        self.column.addLayout(row)
        self.column.addWidget(problems)

        self.section("Traits", "What marks the character out")
        self.traits = ListSection(
            self,
            ("traits",),
            word="Trait",
            plural="Traits",
            build_row=self._trait_row,
            make_item=str,
            placeholder="New Trait…",
        )
        self.column.addWidget(self.traits)

    def _trait_row(self, row: Row) -> None:
        number = row.index + 1
        row.field(
            TextField(row.path, f"Trait {number}", tip=f"Trait {number}", messages=row.problems)
        )
