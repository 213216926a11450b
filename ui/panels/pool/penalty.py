"""The penalty for going out of a hazardous pool Challenge, spread over its sources.

For a side that went out, the model gives the penalty
(:meth:`~cardtable.resolvers.pool.challenge.PoolChallenge.penalty`); the loser then puts
its points on the sources of the ability: her rating and reserves (her own share), the
ability's bonus and resistance, and any ally who helped. The form only collects the
points; :func:`~cardtable.resolvers.pool.penalties.spread_loss` checks them, and the spread
is logged through a :class:`~cardtable.session.ResolverStep`.
"""

from __future__ import annotations

from collections.abc import Callable

from cardtable.randomness import Rng
from cardtable.resolvers.pool.challenge import PoolChallenge
from cardtable.resolvers.pool.penalties import LossSource, Penalty, SourceKind, spread_loss
from cardtable.resolvers.pool.sides import Side
from cardtable.session import GameState
from cardtable.ui.qt import QtCore, QtWidgets

MAX_ALLY_RATING = 99


def loss_sources(side: Side) -> list[LossSource]:
    """The sources of ``side``'s ability a penalty may land on: her rating and reserves
    (her own), and the ability's bonus and resistance (equipment, nature)."""
    ability = side.entrant.ability
    name = side.name
    sources = [LossSource.own_rating(name, ability.rating)]
    if ability.reserves:
        sources.append(
            LossSource(f"{name}'s reserves", SourceKind.RESERVES, ability.reserves, own=True)
        )
    if ability.bonus:
        sources.append(LossSource(f"{name}'s bonus", SourceKind.BONUS, ability.bonus))
    if ability.resistance:
        sources.append(
            LossSource(f"{name}'s resistance", SourceKind.RESISTANCE, ability.resistance)
        )
    return sources


def spread_step(
    name: str, points: int, sources: list[LossSource], allocation: dict[str, int]
) -> Callable[[GameState, Rng], list[str]]:
    """A session step that checks the spread (refusing it with the rules' reason) and logs
    where each point went."""
    spread_loss(points, sources, allocation)

    def step(state: GameState, rng: Rng) -> list[str]:
        spread = spread_loss(points, sources, allocation)
        plural = "s" if points != 1 else ""
        return [f"{name} spreads a penalty of {points} point{plural}: " + "; ".join(spread.lines())]

    return step


class PenaltyForm(QtWidgets.QGroupBox):
    """One loser's penalty and the spinners that spread it."""

    #: Emitted with a step when the player asks to log the spread.
    spread_requested = QtCore.Signal(object)
    #: Emitted with the reason when the model refuses the spread.
    refused = QtCore.Signal(str)

    def __init__(self, challenge: PoolChallenge, side: Side,
                 parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(f"{side.name}'s penalty, if the Challenge was hazardous", parent)
        self.setAccessibleName(f"{side.name} penalty")
        self.side = side
        self.penalty: Penalty = challenge.penalty(side.name)
        self.sources = loss_sources(side)
        layout = QtWidgets.QVBoxLayout(self)
        summary = QtWidgets.QLabel(str(self.penalty))
        summary.setWordWrap(True)
        summary.setAccessibleName(f"{side.name} penalty")
        layout.addWidget(summary)
        self.summary = summary
        self.spins: dict[str, QtWidgets.QSpinBox] = {}
        self._grid = QtWidgets.QGridLayout()
        layout.addLayout(self._grid)
        for source in self.sources:
            self._add_row(source)
        allies = QtWidgets.QHBoxLayout()
        self.ally_name = QtWidgets.QLineEdit()
        self.ally_name.setPlaceholderText("Ally who helped")
        self.ally_name.setAccessibleName("Ally name")
        self.ally_name.setToolTip("An ally whose rating helped may take some of the points")
        self.ally_rating = QtWidgets.QSpinBox()
        self.ally_rating.setRange(1, MAX_ALLY_RATING)
        self.ally_rating.setPrefix("rating ")
        self.ally_rating.setAccessibleName("Ally rating")
        add = QtWidgets.QPushButton("Add ally")
        add.setToolTip("Add the ally as a source of the penalty")
        add.clicked.connect(self._add_ally)
        allies.addWidget(self.ally_name, 1)
        allies.addWidget(self.ally_rating)
        allies.addWidget(add)
        layout.addLayout(allies)
        self.spread = QtWidgets.QPushButton("Spread the penalty")
        self.spread.setToolTip("Check the spread against the rules and log it")
        self.spread.setAccessibleName(f"Spread {side.name}'s penalty")
        self.spread.clicked.connect(self._on_spread)
        layout.addWidget(self.spread)
        points = self.penalty.ability_points
        self.setVisible(True)
        self.spread.setEnabled(points > 0)
        if points and self.sources:
            self.spins[self.sources[0].name].setValue(points)

    def _add_row(self, source: LossSource) -> None:
        row = self._grid.rowCount()
        own = " (own)" if source.own else ""
        label = QtWidgets.QLabel(f"{source.name}: {source.kind} {source.amount}{own}")
        spin = QtWidgets.QSpinBox()
        spin.setRange(0, max(source.capacity(), 0))
        spin.setSuffix(" pts")
        spin.setAccessibleName(f"Points on {source.name}")
        spin.setToolTip("1 point takes 1 rating, 2 bonus or 3 reserves; 2 points take 1 "
                        "resistance. No other source takes more than the loser's own share.")
        self._grid.addWidget(label, row, 0)
        self._grid.addWidget(spin, row, 1)
        self.spins[source.name] = spin

    def _add_ally(self) -> None:
        name = self.ally_name.text().strip()
        if not name or name in self.spins:
            self.refused.emit("Name the ally (a name not yet among the sources).")
            return
        source = LossSource.ally(name, self.ally_rating.value())
        self.sources.append(source)
        self._add_row(source)
        self.ally_name.clear()

    def allocation(self) -> dict[str, int]:
        return {name: spin.value() for name, spin in self.spins.items() if spin.value()}

    def _on_spread(self) -> None:
        try:
            step = spread_step(
                self.side.name, self.penalty.ability_points, list(self.sources), self.allocation()
            )
        except ValueError as exc:
            self.refused.emit(str(exc))
            return
        self.spread_requested.emit(step)
