"""A round of the pool Challenge laid out as a table: the sides' numbers side by side.

Each side is a column; each row is one step of the round as the rules take it
(``rules/pool-challenge.md``, "A round"): what reverted, was converted or carried at the
start; the strength compared; each loss taken, and why it was the full strength or half of
it; what resistance and reserves absorbed; the pool before and after; and who is out. Every
number comes from the model's :class:`~cardtable.resolvers.pool.report.SideRound`; the
table only places them. One against many lays out two sides to a block, the row names
repeated, so the narrow panel column never scrolls sideways.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cardtable.counts import counted
from cardtable.resolvers.pool.report import LossTaken, RoundReport, SideRound
from cardtable.ui.qt import Qt, QtGui, QtWidgets
from cardtable.ui.widgets.style import escape
from cardtable.ui.widgets.theme import ink, ink_text

#: How many sides share a block of the table.
SIDES_PER_BLOCK = 2


def _start(side: SideRound) -> str:
    said = []
    if not side.reversion.is_none:
        said.append(f"{side.reversion}".capitalize())
    if not side.conversion.is_none:
        said.append(f"{side.conversion}".capitalize())
    if side.carried_bonus:
        said.append(f"Carries a bonus of {side.carried_bonus}")
    return "<br>".join(escape(s) for s in said) or "—"


def _strength(side: SideRound) -> str:
    sum_ = f"pool {side.pool} + bonus {side.bonus}" if side.bonus else f"pool {side.pool}"
    rolled = "" if side.strength == side.pool + side.bonus else ", rolled"
    return f"<b>{side.strength}</b> <span style='color:{ink('muted')}'>({sum_}{rolled})</span>"


def _why(loss: LossTaken) -> str:
    if loss.full:
        return f"full: {loss.own_strength} &lt; {loss.source_strength}"
    rounded = ", rounded up" if loss.source_strength % 2 else ""
    return f"half of {loss.source_strength}{rounded}: {loss.own_strength} ≥ {loss.source_strength}"


def _takes(side: SideRound) -> str:
    if not side.losses:
        return "—"
    lines = []
    for loss in side.losses:
        dice = f"; {counted(loss.nominal, 'die', 'dice')}" if loss.rolled else ""
        lines.append(f"<b>{loss.inflicted}</b> from {escape(loss.source)}<br>"
                     f"<span style='color:{ink('muted')}'>{_why(loss)}{dice}</span>")
    return "<br>".join(lines)


def _minus(value: int) -> str:
    return f"−{value}" if value else "0"


def _reserves(side: SideRound) -> str:
    if not (side.reserves_before or side.reserves_after):
        return "—"
    return f"{_minus(side.reserves_absorbed)} ({side.reserves_before} → {side.reserves_after})"


def _pool(side: SideRound) -> str:
    state = (f"<span style='color:{ink('error')}'><b>OUT</b></span>" if side.out
             else f"<span style='color:{ink('success')}'>in</span>")
    members = (f"<br>{side.members_standing} of {side.members} standing"
               if side.members > 1 else "")
    return f"{side.pool_before} → <b>{side.pool_after}</b> {state}{members}"


def _dice(side: SideRound) -> str:
    return "<br>".join(escape(str(use)) for use in side.rolls) or "—"


#: The rows: name, what it shows, and whether the row is worth a line for this round.
ROWS: tuple[tuple[str, Callable[[SideRound], str], Callable[[Sequence[SideRound]], bool]], ...] = (
    ("Start", _start, lambda sides: any(
        not s.reversion.is_none or not s.conversion.is_none or s.carried_bonus for s in sides)),
    ("Strength", _strength, lambda sides: True),
    ("Takes", _takes, lambda sides: True),
    ("Resistance", lambda s: _minus(s.resistance_absorbed), lambda sides: any(
        s.resistance for s in sides)),
    ("Reserves", _reserves, lambda sides: any(s.reserves_before or s.reserves_after
                                              for s in sides)),
    ("Pool", _pool, lambda sides: True),
    ("Dice", _dice, lambda sides: any(s.rolls for s in sides)),
)


class RoundTable(QtWidgets.QFrame):
    """The last round played, as a table of the sides' numbers."""

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("poolRound")
        self.setAccessibleName("The last round, side by side")
        self.setStyleSheet(
            "#poolRound { background: palette(alternate-base); border-radius: 6px; }"
            "#poolRound QLabel { padding: 1px 3px; }"
        )
        self._layout = QtWidgets.QVBoxLayout(self)
        self._layout.setContentsMargins(6, 6, 6, 6)
        self._layout.setSpacing(4)
        self.title = QtWidgets.QLabel(self)
        self.title.setStyleSheet("font-weight: 700;")
        self._layout.addWidget(self.title)
        self._blocks: list[QtWidgets.QWidget] = []
        #: Every cell by (row name, side name), as shown (rich text).
        self.cells: dict[tuple[str, str], QtWidgets.QLabel] = {}

    def show_report(self, report: RoundReport | None, missing: Sequence[str] = ()) -> None:
        """Lay out ``report`` (None: hide). ``missing`` names sides already out before it."""
        for block in self._blocks:
            self._layout.removeWidget(block)
            block.hide()  # gone from sight now, not only once deleted
            block.deleteLater()
        self._blocks = []
        self.cells = {}
        self.setVisible(report is not None)
        if report is None:
            return
        self.title.setText(f"Round {report.number}")
        sides = list(report.sides)
        rows = [(name, show) for name, show, wanted in ROWS if wanted(sides)]
        for first in range(0, len(sides), SIDES_PER_BLOCK):
            self._add_block(sides[first:first + SIDES_PER_BLOCK], rows)
        if missing:
            note = QtWidgets.QLabel(f"Already out, no part in this round: {', '.join(missing)}.")
            note.setWordWrap(True)
            self._layout.addWidget(note)
            self._blocks.append(note)

    def _add_block(self, sides: list[SideRound],
                   rows: list[tuple[str, Callable[[SideRound], str]]]) -> None:
        block = QtWidgets.QWidget(self)
        grid = QtWidgets.QGridLayout(block)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(8)
        grid.setVerticalSpacing(3)
        for column, side in enumerate(sides, start=1):
            head = QtWidgets.QLabel(f"<b>{escape(side.name)}</b>", block)
            head.setWordWrap(True)
            grid.addWidget(head, 0, column)
            grid.setColumnStretch(column, 1)
        for row, (name, show) in enumerate(rows, start=1):
            label = QtWidgets.QLabel(name, block)
            ink_text(label, "muted")
            label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
            grid.addWidget(label, row, 0)
            for column, side in enumerate(sides, start=1):
                cell = QtWidgets.QLabel(show(side), block)
                cell.setTextFormat(Qt.TextFormat.RichText)
                cell.setWordWrap(True)
                cell.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
                cell.setAccessibleName(f"{side.name}: {name}")
                cell.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
                grid.addWidget(cell, row, column)
                self.cells[(name, side.name)] = cell
        self._layout.addWidget(block)
        self._blocks.append(block)

    def text(self, row: str, side: str) -> str:
        """A cell's words, without the markup ("" when the row is not shown)."""
        cell = self.cells.get((row, side))
        if cell is None:
            return ""
        return QtGui.QTextDocumentFragment.fromHtml(cell.text()).toPlainText()
