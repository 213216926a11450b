"""The pool Challenge form: abilities with rating, bonus, reserves and resistance; penalties.

Renaming an ability carries its penalties along with it (one edit), so a penalty never
loses the ability it lowers. A penalty is on one ability or, "Overall", on all of them.
"""

from __future__ import annotations

from typing import Any

from attrs import evolve

from cardtable.counts import counted
from cardtable.sheets import Ability, Penalty, PoolSheet
from cardtable.sheets.pool import MAX_RATING, OVERALL
from cardtable.ui.sheets.fields import (
    CheckField,
    ChoiceField,
    NumberField,
    TextField,
)
from cardtable.ui.sheets.form import SheetForm
from cardtable.ui.sheets.lists import ListSection, Row
from cardtable.ui.sheets.paths import changes_at, quoted

#: The numbers of an ability after its rating, with what their tooltips say.
PARTS = (
    ("bonus", "Bonus", "Bonus from equipment or abilities (never reverts)"),
    ("reserves", "Reserves", "Reserves from equipment or abilities"),
    ("resistance", "Resistance", "Resistance from equipment or abilities"),
)


def _renamed(sheet: PoolSheet, index: int, name: str) -> dict[str, Any]:
    """Rename ability ``index`` and the penalties on it."""
    old = sheet.abilities[index].name.strip().casefold()
    changes = changes_at(sheet, ("abilities", index, "name"), name)
    penalties = tuple(
        evolve(penalty, ability=name.strip())
        if penalty.ability.strip() and penalty.ability.strip().casefold() == old
        else penalty
        for penalty in sheet.penalties
    )
    if penalties != sheet.penalties:
        changes["penalties"] = penalties
    return changes


class PoolForm(SheetForm):
    """A pool Challenge character."""

    system = "pool"

    def build(self) -> None:
        self.section("Abilities", "Abilities the character can start a Challenge with")
        self.abilities = ListSection(
            self,
            ("abilities",),
            word="ability",
            plural="abilities",
            headers=("Ability", "Rating", "Bonus", "Reserves", "Resist."),
            build_row=self._ability_row,
            make_item=lambda name: Ability(name, 1),
            placeholder="New ability (it starts at rating 1)…",
        )
        self.column.addWidget(self.abilities)

        self.section("Penalties", "Carried from lost hazardous Challenges")
        self.penalties = ListSection(
            self,
            ("penalties",),
            word="penalty",
            plural="penalties",
            headers=("On", "Points", "Why"),
            stretch=(2,),
            build_row=self._penalty_row,
            make_item=lambda note: Penalty("", 1, note),
            placeholder="New penalty: what caused it…",
            # The choice of abilities is built with the row: rebuild when they change.
            shape=lambda sheet: (
                len(sheet.penalties),
                tuple(ability.name for ability in sheet.abilities),
            ),
        )
        self.column.addWidget(self.penalties)
        self.incapacitated = self.add(
            CheckField(
                ("incapacitated",),
                "condition",
                "Incapacitated",
                tip="Ticked while the character cannot act",
                describe=lambda _sheet, value: (
                    "condition to " + ("incapacitated" if value else "able to act")
                ),
            )
        )
        self.column.addWidget(self.incapacitated)

    def _ability_row(self, row: Row) -> None:
        index = row.index

        def named(sheet: PoolSheet) -> str:
            return sheet.abilities[index].name.strip() or f"ability {index + 1}"

        row.field(
            TextField(
                (*row.path, "name"),
                lambda sheet: f"ability {quoted(sheet.abilities[index].name)}",
                tip="The ability's name (renaming it moves its penalties too)",
                changes=lambda sheet, name: _renamed(sheet, index, name),
                messages=row.problems,
            )
        )
        row.field(
            NumberField(
                (*row.path, "rating"),
                lambda sheet: f"{named(sheet)} rating",
                1,
                MAX_RATING,
                tip=f"The ability's rating (1 to {MAX_RATING})",
                messages=row.problems,
            )
        )
        for part, title, tip in PARTS:
            row.field(
                NumberField(
                    (*row.path, part),
                    lambda sheet, title=title: f"{named(sheet)} {title.lower()}",
                    0,
                    MAX_RATING,
                    tip=f"{tip} (0 to {MAX_RATING})",
                    messages=row.problems,
                )
            )

    def _penalty_row(self, row: Row) -> None:
        sheet: PoolSheet = row.sheet
        penalty: Penalty = row.item
        number = row.index + 1
        choices: list[tuple[str, Any]] = [("Overall", "")]
        for ability in sheet.abilities:
            same = penalty.ability.strip().casefold() == ability.name.strip().casefold()
            # Offer the penalty's own spelling for its ability, so showing it changes nothing.
            choices.append((ability.name, penalty.ability if same else ability.name))
        row.field(
            ChoiceField(
                (*row.path, "ability"),
                f"penalty {number}",
                choices,
                tip="The ability the penalty lowers, or Overall for every ability",
                words=lambda value: value.strip() or OVERALL,
                describe=lambda _sheet, value: (
                    f"penalty {number} to be on "
                    + (quoted(value) if value.strip() else "every ability")
                ),
                messages=row.problems,
            )
        )
        row.field(
            NumberField(
                (*row.path, "points"),
                f"penalty {number}",
                1,
                MAX_RATING,
                tip="Points taken off the ability's rating",
                describe=lambda _sheet, value: f"penalty {number} to {counted(value, 'point')}",
                messages=row.problems,
            )
        )
        row.field(
            TextField(
                (*row.path, "note"),
                f"penalty {number}'s note",
                tip="What caused the penalty",
                messages=row.problems,
            )
        )
