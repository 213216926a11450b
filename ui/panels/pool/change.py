"""Changing a side's ability in the middle of a pool Challenge.

``rules/pool-challenge.md``, "Changing abilities mid-conflict": the side switches to another
ability (its sheet's, or typed numbers for an obstacle); pools and reserves do not refresh,
and the side that had the larger pool carries half the difference into the next round. The
box only picks the new ability; :func:`cardtable.steps.pool.play.change_ability` does the
rest, as the side's player's decision.
"""

from __future__ import annotations

from cardtable.resolvers.pool.sides import Side
from cardtable.session import Session
from cardtable.steps.pool.picks import SidePick
from cardtable.ui.panels.pool.setup import EntrantForm
from cardtable.ui.qt import QtCore, QtWidgets
from cardtable.ui.widgets.style import describe


class ChangeAbility(QtWidgets.QGroupBox):
    """The new ability for one side, and the buttons that switch to it or think better."""

    #: Emitted with the :class:`SidePick` to switch to.
    switch_requested = QtCore.Signal(object)

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__("Change ability", parent)
        self.setAccessibleName("Change ability")
        layout = QtWidgets.QVBoxLayout(self)
        self.note = QtWidgets.QLabel(
            "Pools and reserves do not refresh: they rise by how much the new ability's are "
            "higher. The side with the larger pool carries half the difference into the next "
            "round.", self)
        self.note.setWordWrap(True)
        self.note.setObjectName("emptyNote")
        layout.addWidget(self.note)
        self.form = EntrantForm("New ability", "", 0, parent=self)
        self.form.name.setReadOnly(True)
        describe(self.form.name, "The side keeps its name; only its ability changes")
        layout.addWidget(self.form)
        buttons = QtWidgets.QHBoxLayout()
        self.cancel = QtWidgets.QPushButton("Cancel", self)
        describe(self.cancel, "Keep the ability")
        self.switch = QtWidgets.QPushButton("Switch", self)
        self.switch.setAccessibleName("Switch ability")
        describe(self.switch, "Go on with the new ability: the side that was ahead gets a "
                 "bonus of half the difference for the first round, and pools never fall")
        self.switch.setDefault(True)
        buttons.addStretch(1)
        buttons.addWidget(self.cancel)
        buttons.addWidget(self.switch)
        layout.addLayout(buttons)
        self.side_name = ""
        self.cancel.clicked.connect(self.hide)
        self.switch.clicked.connect(self._on_switch)
        self.hide()

    def ask(self, session: Session, side: Side) -> None:
        """Offer ``side`` another ability: its character's others, or typed numbers."""
        self.side_name = side.name
        self.setTitle(f"Change {side.name}'s ability")
        source = side.entrant.source
        self.form.fill_sheets(session, owner=source.owner if source is not None else "")
        ability = side.entrant.ability
        if source is None or not self.form.sources:
            self.form.fill(side.name, ability.name if ability.name != side.name else "",
                           ability.rating, ability.bonus, ability.reserves, ability.resistance)
        else:
            others = [s for s in self.form.sources if s != source]
            self.form.choose(others[0] if others else source)
        self.form.name.setText(side.name)
        self.show()
        target = self.form.sheet if self.form.sheet.isEnabled() else self.form.spins["rating"]
        target.setFocus()
        # Once laid out, the panel's column scrolls the box into sight (focus alone does that
        # only in an active window).
        QtCore.QTimer.singleShot(0, self._bring_into_view)

    def _bring_into_view(self) -> None:
        parent = self.parentWidget()
        while parent is not None and not isinstance(parent, QtWidgets.QScrollArea):
            parent = parent.parentWidget()
        if parent is not None and self.isVisible():
            parent.ensureWidgetVisible(self.switch, 0, 40)
            parent.ensureWidgetVisible(self, 0, 0)

    def _on_switch(self) -> None:
        pick: SidePick = self.form.pick()
        self.switch_requested.emit(pick)
