"""The conditions a Banzai character carries, in the Banzai panel: what each does to every roll,
an interval passing, recovering, and a new one beginning.

Each button is one :class:`~cardtable.steps.banzai.conditions.ConditionChange` on the sheet
(its player's or the GM's); the panel's next roll counts what the sheet now says.
"""

from __future__ import annotations

from cardtable.session import Action, CharacterId
from cardtable.sheets import BanzaiSheet
from cardtable.sheets.banzai import LASTING, WORSENING
from cardtable.steps.banzai.conditions import Change, ConditionChange, penalty_words
from cardtable.ui.document import SessionDocument
from cardtable.ui.panels.base import SessionPanel
from cardtable.ui.panels.owners import allow_step
from cardtable.ui.qt import Qt, QtWidgets
from cardtable.ui.widgets.style import button, combo, describe


class ConditionsBox(SessionPanel, QtWidgets.QGroupBox):
    """The conditions of one character, and the steps that change them."""

    def __init__(self, document: SessionDocument, parent: QtWidgets.QWidget | None = None
                 ) -> None:
        super().__init__(document, "Conditions carried", parent)
        self.character: str | None = None
        layout = QtWidgets.QVBoxLayout(self)
        self.list = QtWidgets.QListWidget(self)
        self.list.setAccessibleName("Conditions carried")
        describe(self.list, "What the character carries from roll to roll, and what each does "
                             "to every roll")
        self.list.setMaximumHeight(70)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        layout.addWidget(self.list)
        row = QtWidgets.QHBoxLayout()
        self.worsen = button("An &interval passes", "The chosen condition worsens one step "
                             "(suffocation a minute or round, sleeplessness a Scene, starvation "
                             "and dehydration a day)", self)
        self.recover = button("Re&covered", "The character recovers from the chosen condition",
                              self)
        row.addWidget(self.worsen)
        row.addWidget(self.recover)
        layout.addLayout(row)
        begin_row = QtWidgets.QHBoxLayout()
        self.kind = combo("Condition to begin", "A condition the character now carries", self)
        for name, interval in WORSENING.items():
            self.kind.addItem(f"{name} (worsens each {interval})", name)
        for name in LASTING:
            self.kind.addItem(name, name)
        self.begin = button("&Begin", "The character now carries this condition: its penalty "
                            "applies to every roll (a worsening one from its first interval)",
                            self)
        begin_row.addWidget(self.kind, 1)
        begin_row.addWidget(self.begin)
        layout.addLayout(begin_row)
        self.worsen.clicked.connect(lambda: self._change(Change.WORSEN, self._chosen()))
        self.recover.clicked.connect(lambda: self._change(Change.RECOVER, self._chosen()))
        self.begin.clicked.connect(lambda: self._change(Change.BEGIN, self.kind.currentData()))
        self.list.currentRowChanged.connect(lambda _row: self.refresh())
        self.kind.currentIndexChanged.connect(lambda _row: self.refresh())

    def show_character(self, character: str | None) -> None:
        if character != self.character:
            self.character = character
            self.list.setCurrentRow(-1)
        self.refresh()

    def lines(self) -> list[str]:
        return [self.list.item(row).text() for row in range(self.list.count())]

    def _sheet(self) -> BanzaiSheet | None:
        if self.character is None:
            return None
        found = self.session.state.characters.get(CharacterId(self.character))
        if found is None or found.system != BanzaiSheet.system:
            return None
        return found.sheet if isinstance(found.sheet, BanzaiSheet) else BanzaiSheet()

    def _chosen(self) -> str | None:
        item = self.list.currentItem()
        return None if item is None else str(item.data(Qt.ItemDataRole.UserRole))

    def refresh(self) -> None:
        sheet = self._sheet()
        self.setVisible(sheet is not None)
        if sheet is None or self.character is None:
            return
        found = self.session.state.characters[CharacterId(self.character)]
        self.setTitle(f"Conditions {found.name} carries")
        chosen = self._chosen()
        self.list.blockSignals(True)
        self.list.clear()
        for carried in sheet.conditions:
            item = QtWidgets.QListWidgetItem(f"{carried}: {penalty_words(carried)}")
            item.setData(Qt.ItemDataRole.UserRole, carried.name)
            self.list.addItem(item)
            if carried.name == chosen:
                self.list.setCurrentItem(item)
        if not sheet.conditions:
            self.list.addItem("None")
            self.list.item(0).setFlags(Qt.ItemFlag.NoItemFlags)
        self.list.blockSignals(False)
        picked = sheet.condition(chosen) if chosen else None
        none = "choose one of the conditions carried first"
        worsen = none if picked is None else (
            None if picked.worsens else f"{picked.name} does not worsen by intervals")
        self._allow(self.worsen, Change.WORSEN, chosen, worsen)
        self._allow(self.recover, Change.RECOVER, chosen, none if picked is None else None)
        name = self.kind.currentData()
        already = f"{found.name} already carries {name}" if sheet.condition(name) else None
        self._allow(self.begin, Change.BEGIN, name, already)

    def _allow(self, widget: QtWidgets.QPushButton, change: Change, name: str | None,
               reason: str | None) -> None:
        probe: Action | None = None
        if self.character is not None:
            probe = ConditionChange(self.character, name or "", change)
        allow_step(widget, self.session, probe, widget.accessibleDescription(), reason)

    def _change(self, change: Change, name: str | None) -> None:
        if self.character is not None and name:
            self.apply(ConditionChange(self.character, name, change))


__all__ = ["ConditionsBox"]
