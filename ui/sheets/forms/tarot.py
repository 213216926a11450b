"""The N-Dimensional Tourists form: five Attributes on the rank ladder, Aspects, Specialties
and Sleeve Cards.

An Attribute shows its ladder word beside its number, "Fair (2)"; the player may type
either the number or the word. A Sleeve Card shows the name the session's tarot gives the
card (the group's, where it renamed the card) and takes that name or the rules' name; the
sheet keeps the rules' name, so it means the same card at any table.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from cardtable.decks.standard import tourist_tarot
from cardtable.sheets import Aspect, SleeveCard, TarotSheet
from cardtable.sheets.card_names import EXAMPLES, CardNames
from cardtable.sheets.tarot import ATTRIBUTES, HIGHEST_RANK, LADDER, LOWEST_RANK
from cardtable.ui.qt import Qt, QtGui, QtWidgets
from cardtable.ui.sheets.fields import (
    CheckField,
    NumberField,
    ProblemLabel,
    SoftSpinBox,
    TextField,
)
from cardtable.ui.sheets.form import SheetForm, emblem, field_label
from cardtable.ui.sheets.lists import ListSection, Row
from cardtable.ui.sheets.paths import FieldPath
from cardtable.ui.sheets.symbols import tarot_emblem

#: The Attributes' labels, each with a shortcut letter of its own that no menu (Alt+F, E, T,
#: V, S, P, H) nor the Name and Player fields (N, Y) take.
MNEMONICS = {"Rock": "R&ock", "Paper": "P&aper", "Blades": "&Blades", "Serpent": "Se&rpent",
             "Unknown": "&Unknown"}

_NUMBER = re.compile(r"^\s*(?:[A-Za-z]+\s*)?\(?\s*(-?\d+)\s*\)?\s*$")
_PARTIAL = re.compile(r"^[A-Za-z\s()\-\d]*$")


def ladder_text(rank: int) -> str:
    """A rank as the form shows it: ``ladder_text(2) == 'Fair (2)'``."""
    if LOWEST_RANK <= rank <= HIGHEST_RANK:
        return f"{LADDER[rank]} ({rank})"
    return str(rank)


def parse_rank(text: str) -> int | None:
    """The rank in ``"Fair (2)"``, ``"2"`` or ``"fair"``; None if the text names none."""
    found = _NUMBER.match(text)
    if found:
        return int(found.group(1))
    word = text.strip().casefold()
    for rank, name in enumerate(LADDER):
        if name.casefold() == word:
            return rank
    return None


class LadderSpinBox(SoftSpinBox):
    """A spin box that reads "Fair (2)" and takes a number or a ladder word typed in."""

    def __init__(self) -> None:
        super().__init__(LOWEST_RANK, HIGHEST_RANK)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)

    def textFromValue(self, value: int) -> str:
        return ladder_text(value)

    def valueFromText(self, text: str) -> int:
        rank = parse_rank(text)
        return self.value() if rank is None else rank

    def validate(self, text: str, position: int) -> object:
        rank = parse_rank(text)
        if rank is not None and self.minimum() <= rank <= self.maximum():
            return (QtGui.QValidator.State.Acceptable, text, position)
        if _PARTIAL.match(text):
            return (QtGui.QValidator.State.Intermediate, text, position)
        return (QtGui.QValidator.State.Invalid, text, position)

    def fixup(self, text: str) -> str:
        return ladder_text(self.value())


@cache
def tarot_card_names() -> tuple[str, ...]:
    """Every card of the Tourist's Tarot by the rules' name."""
    return tuple(face.name for face in tourist_tarot().faces)


class SleeveCardField(TextField):
    """A Sleeve Card's name: shown as ``names`` calls the card, kept by the rules' name."""

    def __init__(self, names: CardNames, path: FieldPath, label: str, **options: Any) -> None:
        self.names = names
        offered = [names.shown(card) for card in tarot_card_names()]
        offered += [rules for rules, _ in names.renamed]
        super().__init__(path, label, completions=offered, words=names.shown, **options)

    def value(self) -> str:
        return self.names.rules_name(self.line.text())

    def display(self, value: Any) -> None:
        super().display(self.names.shown(str(value)))

    def load(self, value: Any) -> None:
        super().load(value)
        if not self.pending and self.line.text() != self.names.shown(str(value)):
            self.revert()  # a name typed in another case, or the rules' name: the table's


class TarotForm(SheetForm):
    """A Tourist's sheet."""

    system = "tarot"

    def build(self) -> None:
        self.section("Attributes", "Each Attribute is a rank on the ladder, from 0 to 9")
        grid = QtWidgets.QGridLayout()
        grid.setHorizontalSpacing(8)
        grid.setVerticalSpacing(0)
        self.attributes: dict[str, NumberField] = {}
        for row, suit in enumerate(ATTRIBUTES):
            key = suit.name.lower()
            # The message spans the row under the box, not the box's narrow column.
            problems = ProblemLabel()
            field = self.number(
                (key,),
                suit.value,
                LOWEST_RANK,
                HIGHEST_RANK,
                f"{suit.value}: a rank from {LOWEST_RANK} (Mediocre) to {HIGHEST_RANK} "
                "(Mythic); type the number or the word",
                spin=LadderSpinBox(),
                words=ladder_text,
                messages=problems,
            )
            mark = emblem(tarot_emblem(suit), self.ink)
            mark.setFixedHeight(field.outline.sizeHint().height())
            grid.addWidget(mark, 2 * row, 0)
            grid.addWidget(field_label(MNEMONICS.get(suit.value, suit.value), field), 2 * row, 1)
            grid.addWidget(field, 2 * row, 2)
            grid.addWidget(problems, 2 * row + 1, 1, 1, 3)
            self.attributes[key] = field
        grid.setColumnStretch(3, 1)
        self.column.addLayout(grid)

        self.section("Aspects", "Short sentences written after Challenges")
        self.aspects = ListSection(
            self,
            ("aspects",),
            word="Aspect",
            plural="Aspects",
            build_row=self._aspect_row,
            make_item=Aspect,
            placeholder="New Aspect: a short sentence…",
            stretch=(0,),
        )
        self.column.addWidget(self.aspects)

        self.section("Specialties", "What the Tourist is especially good at")
        self.specialties = ListSection(
            self,
            ("specialties",),
            word="Specialty",
            plural="Specialties",
            build_row=self._specialty_row,
            make_item=str,
            placeholder="New Specialty…",
        )
        self.column.addWidget(self.specialties)

        self.section("Sleeve Cards", "Cards kept face up, with the way they were drawn")
        self.sleeve = ListSection(
            self,
            ("sleeve",),
            word="Sleeve Card",
            plural="Sleeve Cards",
            build_row=self._sleeve_row,
            make_item=lambda typed: SleeveCard(self.context.cards.rules_name(typed)),
            placeholder=f"New Sleeve Card, like “{self.context.cards.shown(EXAMPLES[1])}”…",
        )
        self.column.addWidget(self.sleeve)

    def problems_with(self, changes: dict[str, Any]) -> list[str]:
        """The sheet's messages, a Sleeve Card naming no card said with the session's names."""
        assert isinstance(self.sheet, TarotSheet)
        return [p.message for p in self.sheet.problems_named(self.context.cards, **changes)]

    def _aspect_row(self, row: Row) -> None:
        number = row.index + 1
        row.field(
            TextField(
                (*row.path, "text"),
                f"Aspect {number}",
                tip=f"Aspect {number}: a short sentence",
                messages=row.problems,
            )
        )
        row.field(
            CheckField(
                (*row.path, "permanent"),
                f"Aspect {number}",
                "Permanent",
                tip="A permanent Aspect stays for good; a temporary one fades",
                words=_kind,
                messages=row.problems,
            )
        )

    def _specialty_row(self, row: Row) -> None:
        number = row.index + 1
        row.field(
            TextField(
                row.path,
                f"Specialty {number}",
                tip=f"Specialty {number}",
                messages=row.problems,
            )
        )

    def _sleeve_row(self, row: Row) -> None:
        number = row.index + 1
        names = self.context.cards
        row.field(
            SleeveCardField(
                names,
                (*row.path, "card"),
                f"Sleeve Card {number}",
                tip=f"A card of the Tourist's Tarot, like “{names.shown(EXAMPLES[0])}” or "
                f"“{names.shown(EXAMPLES[1])}”",
                messages=row.problems,
            )
        )
        row.field(
            CheckField(
                (*row.path, "reversed"),
                f"Sleeve Card {number}",
                "Reversed",
                tip="Ticked when the card was drawn reversed",
                words=_way,
                messages=row.problems,
            )
        )


def _kind(permanent: Any) -> str:
    return "permanent" if permanent else "temporary"


def _way(reversed_: Any) -> str:
    return "reversed" if reversed_ else "upright"


__all__ = ["LadderSpinBox", "SleeveCardField", "TarotForm", "ladder_text", "parse_rank"]
