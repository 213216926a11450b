"""The Banzai form: five Elements, Skills with ranks, Honor Points, the Raise step (what each
Raise adds to the TN, 5 unless an ability changes it), and the conditions the character carries
(a sickness, an impaired sense, or one that worsens each interval)."""

from __future__ import annotations

from cardtable.sheets import BanzaiSheet, CarriedCondition, Element, Skill
from cardtable.sheets.banzai import (
    DEFAULT_RAISE_STEP,
    LASTING,
    MAX_HONOR,
    MAX_INTERVALS,
    MAX_RAISE_STEP,
    MAX_RANK,
    WORSENING,
)
from cardtable.ui.qt import Qt, QtWidgets
from cardtable.ui.sheets.fields import NumberField, ProblemLabel, TextField
from cardtable.ui.sheets.form import SheetForm, emblem, field_label
from cardtable.ui.sheets.lists import ListSection, Row
from cardtable.ui.sheets.symbols import element_emblem
from cardtable.ui.widgets.theme import ink_text

#: The Elements' labels, each with its own shortcut letter, none a menu's (Alt+F, E, T, V, S,
#: P, H) nor the Name and Player fields' (N, Y).
MNEMONICS = {
    Element.EARTH: "Ea&rth",
    Element.FIRE: "F&ire",
    Element.WATER: "W&ater",
    Element.WIND: "&Wind",
    Element.VOID: "Voi&d",
}


class BanzaiForm(SheetForm):
    """A Banzai character."""

    system = "banzai"

    def build(self) -> None:
        self.section("Elements", f"Each Element is a rank from 0 to {MAX_RANK}")
        grid = QtWidgets.QGridLayout()
        grid.setHorizontalSpacing(10)
        grid.setVerticalSpacing(2)
        problems = ProblemLabel()
        self.elements: dict[Element, NumberField] = {}
        for column, element in enumerate(Element):
            field = self.number(
                (element.name.lower(),),
                element.value,
                0,
                MAX_RANK,
                f"{element.value}: a rank from 0 to {MAX_RANK}",
                messages=problems,
            )
            heading = QtWidgets.QHBoxLayout()
            heading.setSpacing(4)
            heading.addWidget(emblem(element_emblem(element), self.ink, 16))
            label = QtWidgets.QLabel(MNEMONICS[element])
            label.setBuddy(field.editor)
            heading.addWidget(label)
            heading.addStretch(1)
            grid.addLayout(heading, 0, column)
            grid.addWidget(field, 1, column)
            self.elements[element] = field
        grid.addWidget(problems, 2, 0, 1, len(Element))
        self.column.addLayout(grid)
        self.raises = QtWidgets.QLabel()
        ink_text(self.raises, "muted")
        self.raises.setToolTip("Raises a roll may declare: Void, or the lowest Element without it")
        self.column.addWidget(self.raises)

        honor_row = QtWidgets.QHBoxLayout()
        honor_problems = ProblemLabel()
        self.honor = self.number(
            ("honor",),
            "Honor Points",
            0,
            MAX_HONOR,
            f"Honor Points (0 to {MAX_HONOR})",
            messages=honor_problems,
        )
        top = Qt.AlignmentFlag.AlignTop
        honor_row.addWidget(field_label("H&onor Points", self.honor), 0, top)
        honor_row.addWidget(self.honor, 0, top)
        honor_row.addSpacing(16)
        self.raise_step = self.number(
            ("raise_step",),
            "Raise step",
            1,
            MAX_RAISE_STEP,
            f"What each declared Raise adds to the TN: {DEFAULT_RAISE_STEP}, unless an ability "
            f"changes it (1 to {MAX_RAISE_STEP})",
            messages=honor_problems,
        )
        # No letter of "Raise step" is left free (the Elements, Honor and the menus take them).
        honor_row.addWidget(field_label("Raise step", self.raise_step), 0, top)
        honor_row.addWidget(self.raise_step, 0, top)
        honor_row.addStretch(1)
        self.column.addLayout(honor_row)
        self.column.addWidget(honor_problems)

        self.section("Skills", f"Skills the character has, each ranked 1 to {MAX_RANK}")
        self.skills = ListSection(
            self,
            ("skills",),
            word="Skill",
            plural="Skills",
            headers=("Skill", "Rank"),
            build_row=self._skill_row,
            make_item=lambda name: Skill(name, 1),
            placeholder="New Skill (it starts at rank 1)…",
        )
        self.column.addWidget(self.skills)

        known = ", ".join((*WORSENING, *LASTING))
        self.section("Conditions carried", "What weighs on every roll until the character "
                     "recovers: " + known)
        self.conditions = ListSection(
            self,
            ("conditions",),
            word="Condition",
            plural="Conditions",
            headers=("Condition", "Intervals"),
            build_row=self._condition_row,
            make_item=lambda name: CarriedCondition(" ".join(name.lower().split())),
            placeholder="starvation, minor sickness… (the Banzai panel tracks them too)",
        )
        self.column.addWidget(self.conditions)

    def _condition_row(self, row: Row) -> None:
        index = row.index
        row.field(
            TextField(
                (*row.path, "name"),
                f"Condition {index + 1}",
                tip="The condition: " + ", ".join((*WORSENING, *LASTING)),
                messages=row.problems,
            )
        )
        row.field(
            NumberField(
                (*row.path, "intervals"),
                lambda sheet: f"{sheet.conditions[index].name} intervals",
                0,
                MAX_INTERVALS,
                tip="Intervals a worsening condition has lasted (Moderate after the first, a "
                "step harder each one more); 0 for the others",
                messages=row.problems,
            )
        )

    def _skill_row(self, row: Row) -> None:
        index = row.index
        row.field(
            TextField(
                (*row.path, "name"),
                f"Skill {index + 1}",
                tip="The Skill's name",
                messages=row.problems,
            )
        )
        row.field(
            NumberField(
                (*row.path, "rank"),
                lambda sheet: f"{sheet.skills[index].name.strip()} rank",
                1,
                MAX_RANK,
                tip=f"The Skill's rank (1 to {MAX_RANK}): the dice rolled",
                messages=row.problems,
            )
        )

    def load(self, sheet: BanzaiSheet) -> None:
        super().load(sheet)
        limit = sheet.raise_limit
        self.raises.setText(f"At most {limit} Raise{'s' if limit != 1 else ''} a roll, each "
                            f"+{sheet.raise_step} to the TN.")
