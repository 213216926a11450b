"""The penalty for going out of a hazardous pool Challenge, spread and written on the sheets.

For a side that went out, the model gives the penalty
(:meth:`~cardtable.resolvers.pool.challenge.PoolChallenge.penalty`); the loser puts its
points on the sources of the ability (:func:`~cardtable.steps.pool.penalties.penalty_sources`):
her rating and reserves (her own share), the ability's bonus and resistance, and each ability
that helped (an ally's rating). The overall part of the penalty is offered ability by ability
of the loser's sheet, each ticked. The form only collects the choice;
:func:`~cardtable.steps.pool.penalties.take_penalty` checks it by the rules and writes it on
the sheets, as the loser's player's decision.
"""

from __future__ import annotations

from cardtable.resolvers.pool.challenge import PoolChallenge
from cardtable.resolvers.pool.penalties import Penalty, quarters_words
from cardtable.resolvers.pool.sides import Side
from cardtable.session import ResolverStep, Session
from cardtable.steps.pool.penalties import (
    OverallOffer,
    PenaltySource,
    overall_offers,
    penalty_sources,
    take_penalty,
)
from cardtable.ui.qt import QtCore, QtWidgets
from cardtable.ui.widgets.style import allow

TAKE_TIP = ("Check the spread by the rules and write it on the sheets: points on a rating "
            "become a penalty on that ability; points on bonus, reserves or resistance take "
            "them off the sheet's ability")


class PenaltyForm(QtWidgets.QGroupBox):
    """One loser's penalty: the spinners that spread it and the overall part, ability by
    ability."""

    #: Emitted with the step to apply when the player asks to take the penalty.
    take_requested = QtCore.Signal(object)

    def __init__(self, session: Session, challenge: PoolChallenge, side: Side,
                 parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(f"{side.name}'s penalty, if the Challenge was hazardous"
                         + ("" if side.out else f" (still in at {side.pool} of "
                                                f"{side.starting_pool})"), parent)
        self.setAccessibleName(f"{side.name} penalty")
        self.side = side
        self.penalty: Penalty = challenge.penalty(side.name)
        self.sources: list[PenaltySource] = penalty_sources(side)
        self.taken = side.name in challenge.penalties_taken
        # A penalty taken is shown as it was written: the sheet it lowered would give other
        # numbers (a file that did not keep it shows no overall part).
        recorded = challenge.penalty_taken(side.name)
        self.offers: list[OverallOffer] = (
            list(recorded.offers) if recorded is not None else [] if self.taken
            else overall_offers(session.state, side, self.penalty))
        layout = QtWidgets.QVBoxLayout(self)
        self.summary = QtWidgets.QLabel(str(self.penalty))
        self.summary.setWordWrap(True)
        self.summary.setAccessibleName(f"{side.name} penalty")
        layout.addWidget(self.summary)
        self.spins: dict[str, QtWidgets.QSpinBox] = {}
        grid = QtWidgets.QGridLayout()
        for row, found in enumerate(self.sources):
            source = found.source
            own = " (own)" if source.own else ""
            where = "" if found.sheet is not None else " · no sheet"
            label = QtWidgets.QLabel(f"{source.name}: {source.kind} {source.amount}{own}{where}")
            spin = QtWidgets.QSpinBox()
            spin.setRange(0, max(source.capacity(), 0))
            spin.setSuffix(" pts")
            spin.setAccessibleName(f"Points on {source.name}")
            spin.setToolTip("1 point takes 1 rating, 2 bonus or 3 reserves; 2 points take 1 "
                            "resistance. No other source takes more than the loser's own share.")
            grid.addWidget(label, row, 0)
            grid.addWidget(spin, row, 1)
            self.spins[source.name] = spin
        layout.addLayout(grid)
        self.overall: dict[str, QtWidgets.QCheckBox] = {}
        if self.offers:
            share = quarters_words(self.penalty.overall_quarters)
            title = QtWidgets.QLabel(f"Overall: {share} off every ability of the sheet")
            title.setStyleSheet("font-weight: 600;")
            layout.addWidget(title)
            for offer in self.offers:
                box = QtWidgets.QCheckBox(
                    f"{offer.ability} −{offer.points} ({share} of {offer.total})")
                box.setChecked(offer.ability in recorded.written if recorded is not None
                               else offer.points > 0)
                box.setEnabled(offer.points > 0)
                box.setAccessibleName(f"Overall penalty on {offer.ability}")
                box.setToolTip("Untick an ability the overall penalty should spare (the GM's "
                               "call: it depends on what losing meant)")
                layout.addWidget(box)
                self.overall[offer.ability] = box
        if self.penalty.incapacitated:
            layout.addWidget(QtWidgets.QLabel(f"{side.name} is incapacitated."))
        self.take = QtWidgets.QPushButton(
            "Write on the sheets" if side.entrant.source is not None else "Take the penalty")
        self.take.setAccessibleName(f"Take {side.name}'s penalty")
        self.take.clicked.connect(self._on_take)
        layout.addWidget(self.take)
        points = self.penalty.ability_points
        if recorded is not None:
            for name, given in recorded.spread:
                if name in self.spins:
                    self.spins[name].setValue(given)
        elif points and self.sources:
            self.spins[self.sources[0].source.name].setValue(points)
        self.allow(session)

    def allocation(self) -> dict[str, int]:
        return {name: spin.value() for name, spin in self.spins.items() if spin.value()}

    def overall_abilities(self) -> list[str]:
        return [name for name, box in self.overall.items() if box.isChecked()]

    def step(self) -> ResolverStep:
        return take_penalty(self.side.name, self.allocation(), self.overall_abilities())

    def allow(self, session: Session) -> None:
        """Enable taking the penalty only where the loser's player holds the computer."""
        nothing = (not self.penalty.ability_points and not self.overall
                   and not self.penalty.incapacitated)
        reason = ("taken already" if self.taken else
                  "the pool stayed above half its start: no penalty" if nothing else
                  session.may(self.step()))
        allow(self.take, reason, TAKE_TIP)
        for widget in (*self.spins.values(), *self.overall.values()):
            widget.setEnabled(reason is None and (not isinstance(widget, QtWidgets.QCheckBox)
                                                  or widget.text().find("−0 ") < 0))

    def _on_take(self) -> None:
        self.take_requested.emit(self.step())
