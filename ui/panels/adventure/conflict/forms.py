"""The forms of the Conflict panel, one per step of a Conflict: issue a Challenge, Answer,
Support and the reveal, Yield or Push, and the end. Each only holds its controls; the panel
(:mod:`cardtable.ui.panels.adventure.conflict.panel`) fills them, enables them and acts on them.
"""

from __future__ import annotations

from cardtable.resolvers.adventure.showdown import DeadlockWay
from cardtable.resolvers.adventure.state import Side
from cardtable.ui.qt import Qt, QtWidgets
from cardtable.ui.widgets.style import button, describe
from cardtable.ui.widgets.style import combo as _combo
from cardtable.ui.widgets.style import line_edit as _line


def _row(stretched: QtWidgets.QWidget, *others: QtWidgets.QWidget) -> QtWidgets.QHBoxLayout:
    """``stretched`` taking the room left by ``others`` beside it."""
    row = QtWidgets.QHBoxLayout()
    row.addWidget(stretched, 1)
    for widget in others:
        row.addWidget(widget)
    return row


class ChallengeForm(QtWidgets.QGroupBox):
    """The Challenger and the goal."""

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__("Issue a Challenge", parent)
        form = QtWidgets.QFormLayout(self)
        self.challenger = _combo("Challenger", "The character who issues the Challenge", self)
        self.goal_edit = _line("Goal", "what the character wants (the goal, not the method)",
                               self)
        self.hit_target = _combo(
            "Aiming to Hit", "A third party the goal is to Hit: if the Challenger wins, the "
            "Hit may strike them too, whoever answers", self)
        self.challenge = button("&Challenge…", "State the goal and lay a Challenge card face "
                                "down (its player chooses it behind the curtain)", self,
                                primary=True)
        #: The characters that cannot take part yet, and what their sheets need.
        self.sitting_out = QtWidgets.QLabel(self)
        self.sitting_out.setWordWrap(True)
        self.sitting_out.setAccessibleName("Characters not taking part yet")
        form.addRow("Cha&llenger", self.challenger)
        form.addRow(self.sitting_out)
        form.addRow("&Goal", self.goal_edit)
        form.addRow("Aimi&ng to Hit", self.hit_target)
        form.addRow(self.challenge)


class AnswerForm(QtWidgets.QGroupBox):
    """The Answerer and their intent, or nobody answers."""

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__("Answer", parent)
        form = QtWidgets.QFormLayout(self)
        self.answerer = _combo("Answerer", "The character who tries to stop it", self)
        self.answerer.setPlaceholderText("(no other character)")
        self.intent = _line("Intent", "how they mean to stop it", self)
        self.answer = button("&Answer…", "Lay an Answer card face down (chosen behind the "
                             "curtain)", self, primary=True)
        self.no_answer = button("Nob&ody answers", "The goal is attained; the Challenge card "
                                "goes back to the hand unrevealed", self)
        buttons = QtWidgets.QHBoxLayout()
        buttons.addWidget(self.no_answer)
        buttons.addWidget(self.answer)
        form.addRow("Ans&werer", self.answerer)
        form.addRow("&Intent", self.intent)
        form.addRow(buttons)


class SupportForm(QtWidgets.QGroupBox):
    """Supporters join a side; the table awards Advantage; then the reveal."""

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__("Supporters, then the reveal", parent)
        form = QtWidgets.QFormLayout(self)
        self.supporter = _combo("Supporter", "A character joining one side", self)
        self.supporter.setPlaceholderText("(every character has joined)")
        self.support_side = _combo("Side supported", "The side the Supporter joins", self)
        for side in Side:
            self.support_side.addItem(side.label, side)
        self.support = button("S&upport…", "Lay one Support card face down (chosen behind the "
                              "curtain)", self)
        form.addRow("Supporter", self.supporter)
        form.addRow("Joins", _row(self.support_side, self.support))
        self.award_side = _combo("Side awarded", "The side the circumstance favours", self)
        for side in Side:
            self.award_side.addItem(side.label, side)
        self.award_points = QtWidgets.QSpinBox(self)
        self.award_points.setRange(1, 5)
        self.award_points.setAccessibleName("Advantage points")
        describe(self.award_points, "How much Advantage the circumstance is worth")
        self.award_points.setPrefix("+")
        self.award_reason = _line("Circumstance", "higher ground, the sun in the eyes…", self)
        self.award = button("Awar&d", "The table awards Advantage for a circumstance", self)
        # Stacked rather than side by side, so that the form fits the narrow panel column.
        form.addRow("Advantage", _row(self.award_side, self.award_points))
        form.addRow("For", _row(self.award_reason, self.award))
        self.reveal = button("&Reveal all cards", "Turn every face-down card up together; "
                             "Supporter pairs resolve, then the primaries", self, primary=True)
        form.addRow(self.reveal)


class ShowdownBox(QtWidgets.QGroupBox):
    """Yield or Push (back), or the three ways out of a Deadlock."""

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__("Yield or Push", parent)
        layout = QtWidgets.QVBoxLayout(self)
        self.showdown_text = QtWidgets.QLabel(self)
        self.showdown_text.setWordWrap(True)
        layout.addWidget(self.showdown_text)
        row = QtWidgets.QHBoxLayout()
        self.yield_button = button("&Yield", "Forfeit the goal and draw Advantage + 1 cards", self)
        self.push = button("P&ush", "Spend 1 Advantage and play a card from the hand", self,
                           primary=True)
        row.addWidget(self.yield_button)
        row.addWidget(self.push)
        layout.addLayout(row)
        self.deadlock_text = QtWidgets.QLabel(self)
        self.deadlock_text.setWordWrap(True)
        layout.addWidget(self.deadlock_text)
        ways = QtWidgets.QHBoxLayout()
        self.deadlock: dict[DeadlockWay, QtWidgets.QPushButton] = {}
        for way, text, tip in (
            (DeadlockWay.BOTH_YIELD, "Both yield", "Both forfeit their goals"),
            (DeadlockWay.BOTH_ATTAIN, "Both attain", "Both attain their goals (if not "
             "exclusive)"),
            (DeadlockWay.COIN_FLIP, "Flip a coin", "A coin decides (undo cannot take it back)"),
        ):
            widget = button(text, tip, self)
            ways.addWidget(widget)
            self.deadlock[way] = widget
        layout.addLayout(ways)


class OverBox(QtWidgets.QGroupBox):
    """The winner, the Hits allowed, the draws owed, and Close."""

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__("The Conflict is won", parent)
        layout = QtWidgets.QVBoxLayout(self)
        self.banner = QtWidgets.QLabel(self)
        self.banner.setObjectName("banner")
        self.banner.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.banner.setWordWrap(True)
        layout.addWidget(self.banner)
        self.over_text = QtWidgets.QLabel(self)
        self.over_text.setWordWrap(True)
        layout.addWidget(self.over_text)
        self.claims_box = QtWidgets.QVBoxLayout()
        layout.addLayout(self.claims_box)
        self.close_button = button("C&lose the Conflict", "Draws still owed are drawn, the "
                                   "cards go to the discard pile, the turn moves on", self,
                                   primary=True)
        layout.addWidget(self.close_button)
