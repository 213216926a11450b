"""One side's Raises after an opposed roll: spent on listed bonus Effects in turn, then Honor.

Once the contest is compared, each side's box shows the Raises it kept (and lost), the Effect
to buy with what happens, Spend (in its turn: the winner's first, then alternating), the
Effects spent, and Finish with or without Honor (unused Raises, 1 per 2, at most Void), as
after a single roll. Each button is one step of :mod:`cardtable.steps.banzai.opposed`,
enabled only at the side's player's seat, and in its turn, the reason in its tooltip.
"""

from __future__ import annotations

from cardtable.counts import counted
from cardtable.resolvers.banzai.effects import EFFECTS, effect_named
from cardtable.resolvers.banzai.opposed import OpposedRoll
from cardtable.resolvers.banzai.setup import honor_points
from cardtable.session import Session
from cardtable.steps.banzai import opposed as steps
from cardtable.ui.panels.owners import allow_step
from cardtable.ui.qt import Qt, QtWidgets
from cardtable.ui.widgets.style import button, combo, line_edit

__all__ = ["SideSpending", "effect_picker", "finish_words"]


def finish_words(points: int) -> str:
    """The one Finish button's words: what finishing gives, when it gives Honor Points (unused
    Raises always make them, 1 per 2)."""
    return f"Finish, +{counted(points, 'Honor Point')}" if points else "Finish"


def effect_picker(name: str, parent: QtWidgets.QWidget) -> QtWidgets.QComboBox:
    """The bonus Effects a Raise buys (the rules' list), each with its cost and its limits as
    the tooltip; ``name`` names it for screen readers (a single roll's, or a side's)."""
    picker = combo(name, "What the Raise buys (the rules' list); say what exactly happens "
                   "beside it", parent)
    for effect in EFFECTS:
        picker.addItem(f"{effect.name} ({counted(effect.raises, 'Raise')})", effect.name)
        picker.setItemData(picker.count() - 1, effect.limits, Qt.ItemDataRole.ToolTipRole)
    return picker


class SideSpending(QtWidgets.QWidget):
    """Spend one side's kept Raises, then finish it."""

    def __init__(self, index: int, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.index = index
        name = f"Side {index + 1}"
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.left = QtWidgets.QLabel(self)
        self.left.setWordWrap(True)
        self.left.setAccessibleName(f"{name} Raises left")
        layout.addWidget(self.left)
        self.effect = effect_picker(f"{name} bonus Effect", self)
        layout.addWidget(self.effect)
        row = QtWidgets.QHBoxLayout()
        self.detail = line_edit(f"{name} what happens",
                                "What happens: one fact, no 'and' or 'but'", self)
        self.spend = button("Spend", "Spend the Raises this Effect takes on it, in this side's "
                            "turn (the winner's first, then the two alternate)", self)
        self.spend.setAccessibleName(f"{name} spend")
        self.detail.returnPressed.connect(self.spend.click)
        row.addWidget(self.detail, 1)
        row.addWidget(self.spend)
        layout.addLayout(row)
        self.spent = QtWidgets.QLabel(self)
        self.spent.setWordWrap(True)
        self.spent.setAccessibleName(f"{name} bonus Effects spent")
        layout.addWidget(self.spent)
        self.finish = button("Finish", "Done with the contest: unused Raises (Free ones too) "
                             "make Honor Points, 1 per 2, at most Void", self, primary=True)
        self.finish.setAccessibleName(f"{name} finish")
        layout.addWidget(self.finish)

    def show_side(self, contest: OpposedRoll, session: Session, blocked: str | None) -> None:
        """Show the side's Raises once the contest is compared and the side is not done."""
        index = self.index
        outcome = contest.outcome
        if outcome is None or contest.done[index]:
            self.setVisible(False)
            return
        self.setVisible(True)
        kept, lost = outcome.raises[index], outcome.lost[index]
        left = contest.raises_left(index)
        lost_words = f", {lost} lost" if lost else ""
        self.left.setText(f"{left} of {counted(kept, 'Raise')} left ({kept} kept{lost_words})")
        name = self.effect.currentData()
        turn = contest.turn()
        reason = blocked
        if reason is None and left <= 0:
            reason = "no Raise left to spend"
        if reason is None and name:
            takes = effect_named(str(name)).raises
            if takes > left:
                reason = f"{name} takes {counted(takes, 'Raise')}; {left} left"
        if reason is None and turn is not None and turn != index:
            reason = f"it is {contest.names[turn]}'s turn to spend a Raise"
        allow_step(self.spend, session, steps.spend_side(index, str(name or "")),
                   self.spend.accessibleDescription(), reason)
        self.spent.setText("\n".join(f"Raise {i}: {text}"
                                     for i, text in enumerate(contest.effects[index], 1)))
        self.spent.setVisible(bool(contest.effects[index]))
        points = honor_points(left, contest.sides[index].honor_cap)
        self.finish.setText(finish_words(points))
        allow_step(self.finish, session, steps.finish_side(index, True),
                   self.finish.accessibleDescription(), blocked)
