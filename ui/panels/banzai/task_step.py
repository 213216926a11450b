"""A Banzai task's difficulty step as the table picks it: a named step, Mundane to Legendary,
or any number of steps beyond either end (``rules/banzai.md``: each another 4 dice), as far as
the model takes a step (:func:`~cardtable.resolvers.banzai.steps.most_steps_beyond`).

The Banzai panel's roll set-up and the dice tray's Banzai difficulty both offer it.
"""

from __future__ import annotations

from cardtable.resolvers.banzai.steps import BEYOND_STEP_DICE, Step, most_steps_beyond
from cardtable.steps.banzai.picks import step_words
from cardtable.ui.qt import QtCore, QtWidgets
from cardtable.ui.widgets.style import combo, describe

__all__ = ["BEYOND_LEGENDARY", "BEYOND_MUNDANE", "STEPS", "TaskStep"]

#: The named task steps, Mundane to Legendary.
STEPS = range(Step.MUNDANE, Step.LEGENDARY + 1)
#: The list's entries for "so many steps beyond" either end.
BEYOND_LEGENDARY, BEYOND_MUNDANE = "beyond legendary", "beyond mundane"


class TaskStep(QtWidgets.QWidget):
    """A list of the steps (``step``) and, for a step beyond an end, how many (``beyond``,
    shown only then). ``changed`` says the step picked may differ."""

    changed = QtCore.Signal()

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.step = combo(
            "Task difficulty",
            "The task's difficulty step: each step harder takes "
            "rolled dice away, each easier adds some",
            self,
        )
        self.step.addItem(f"Beyond Mundane (+{BEYOND_STEP_DICE}k0 a step)", BEYOND_MUNDANE)
        for step in STEPS:
            self.step.addItem(step_words(step), step)
        self.step.addItem(f"Beyond Legendary (-{BEYOND_STEP_DICE}k0 a step)", BEYOND_LEGENDARY)
        self.step.setCurrentIndex(self.step.findData(int(Step.AVERAGE)))
        self.beyond = QtWidgets.QSpinBox(self)
        self.beyond.setRange(1, most_steps_beyond(Step.LEGENDARY))
        self.beyond.setSuffix(" steps beyond")
        self.beyond.setAccessibleName("Steps beyond")
        describe(
            self.beyond,
            f"How many steps beyond the end: each another {BEYOND_STEP_DICE} rolled dice",
        )
        row = QtWidgets.QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.step, 1)
        row.addWidget(self.beyond)
        self.step.currentIndexChanged.connect(self._show_beyond)
        self.step.currentIndexChanged.connect(self.changed)
        self.beyond.valueChanged.connect(self.changed)
        self._show_beyond()

    def value(self) -> int:
        """The task's step: a named one, or so many beyond Legendary or Mundane."""
        chosen = self.step.currentData()
        if chosen == BEYOND_LEGENDARY:
            return Step.LEGENDARY + self.beyond.value()
        if chosen == BEYOND_MUNDANE:
            return Step.MUNDANE - self.beyond.value()
        return int(chosen)

    def _show_beyond(self) -> None:
        chosen = self.step.currentData()
        self.beyond.setVisible(chosen in (BEYOND_LEGENDARY, BEYOND_MUNDANE))
        end = Step.LEGENDARY if chosen == BEYOND_LEGENDARY else Step.MUNDANE
        self.beyond.setMaximum(most_steps_beyond(end))
