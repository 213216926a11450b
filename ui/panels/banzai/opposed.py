"""The Banzai panel's Opposed tab: two sides, each roll the other's TN; a side is a character
from its sheet, or a name the GM types with its dice (:mod:`.typed_side`), the GM's to play.

The GM sets the contest up (both sides' Skill and Element, a shared simple TN if any, who
started it or a direct competition), with the exact chance of each ending before anyone rolls;
each side's player declares Raises (at most Void) and rolls, and may keep other dice; then the
table compares: the winner, the Raises each side keeps or loses, the order of Effects; then
each side spends its Raises in turn and finishes with Honor
(:mod:`cardtable.ui.panels.banzai.spending`). Every button is one step of
:mod:`cardtable.steps.banzai.opposed`, enabled only at its owner's seat.
"""

from __future__ import annotations

from fractions import Fraction

from cardtable.resolvers.banzai.opposed import OpposedResult, OpposedRoll, SideFinished
from cardtable.resolvers.banzai.roll import DiceKept
from cardtable.resolvers.banzai.setup import MAX_FLAT
from cardtable.resolvers.banzai.steps import BanzaiError
from cardtable.steps.banzai import opposed as steps
from cardtable.steps.banzai.picks import RollPick, parse_modifiers
from cardtable.ui.document import SessionDocument
from cardtable.ui.panels.banzai.build import MAX_FREE, WhoRolls
from cardtable.ui.panels.banzai.dice import KeepPicker
from cardtable.ui.panels.banzai.spending import SideSpending
from cardtable.ui.panels.banzai.typed_side import TypedSideRow
from cardtable.ui.panels.base import SessionPanel
from cardtable.ui.panels.owners import WaitingFor, allow_step, decider_of
from cardtable.ui.qt import Qt, QtWidgets
from cardtable.ui.widgets.style import (
    button,
    combo,
    describe,
    escape,
    keep_room,
    line_edit,
    percent,
)

__all__ = ["OpposedTab", "SideBox"]

_INITIATORS = (("The first side started it", 0), ("The second side started it", 1),
               ("A direct competition (a tie stays a tie)", None))


class SideBox(QtWidgets.QGroupBox):
    """One side once the contest is set up: Raises, Roll, its dice, Keep these."""

    def __init__(self, index: int, document: SessionDocument, parent: QtWidgets.QWidget
                 ) -> None:
        super().__init__(f"Side {index + 1}", parent)
        self.index = index
        layout = QtWidgets.QVBoxLayout(self)
        row = QtWidgets.QHBoxLayout()
        self.raises = QtWidgets.QSpinBox(self)
        self.raises.setPrefix("Raises: ")
        self.raises.setAccessibleName(f"Side {index + 1} Raises")
        describe(self.raises, "Raises declared before rolling (at most Void): with a shared TN "
                               "a roll short of TN + 5 per Raise loses them all")
        self.roll = button("Roll", "Declare the Raises and roll this side's dice", self,
                           primary=True)
        self.roll.setAccessibleName(f"Side {index + 1} roll")
        row.addWidget(self.raises)
        row.addWidget(self.roll, 1)
        layout.addLayout(row)
        self.picker = KeepPicker(f"Side {index + 1} dice", self)
        layout.addWidget(self.picker)
        self.total = QtWidgets.QLabel(self)
        self.total.setWordWrap(True)
        self.total.setAccessibleName(f"Side {index + 1} total")
        layout.addWidget(self.total)
        self.keep = button("Keep these dice", "Keep the dice pressed instead of the highest",
                           self)
        self.keep.setAccessibleName(f"Side {index + 1} keep")
        layout.addWidget(self.keep)
        self.spending = SideSpending(index, self)
        layout.addWidget(self.spending)
        self.done = QtWidgets.QLabel(self)
        self.done.setWordWrap(True)
        self.done.setAccessibleName(f"Side {index + 1} done")
        layout.addWidget(self.done)
        # Whom the side waits for comes and goes as the computer passes: its room stays, so
        # that the other side and the Compare button below never move.
        self.waiting = keep_room(WaitingFor(document, self))
        layout.addWidget(self.waiting)


class OpposedTab(SessionPanel, QtWidgets.QWidget):
    """Set up, roll and resolve an opposed roll."""

    def __init__(self, document: SessionDocument, parent: QtWidgets.QWidget | None = None
                 ) -> None:
        super().__init__(document, parent)
        self.setAccessibleName("Banzai opposed roll")
        self._shown: list[object] = [None, None]
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.setup_box = QtWidgets.QGroupBox("Set up the contest", self)
        setup = QtWidgets.QVBoxLayout(self.setup_box)
        self.who = [WhoRolls("First side", self.setup_box), WhoRolls("Second side",
                                                                     self.setup_box)]
        self.modifiers: list[QtWidgets.QLineEdit] = []
        self.free: list[QtWidgets.QSpinBox] = []
        self.flat: list[QtWidgets.QSpinBox] = []
        self.typed: list[TypedSideRow] = []
        for number, who in enumerate(self.who, 1):
            setup.addWidget(QtWidgets.QLabel(f"Side {number}", self.setup_box))
            setup.addWidget(who)
            who.changed.connect(self.refresh)
            typed = TypedSideRow(number, self.setup_box)
            setup.addWidget(typed)
            typed.changed.connect(self.refresh)
            self.typed.append(typed)
            extras = QtWidgets.QHBoxLayout()
            modifiers = line_edit(f"Side {number} dice modifiers",
                                  "+2k2 katana; -1k0 wounded arm", self.setup_box)
            free = QtWidgets.QSpinBox(self.setup_box)
            free.setRange(0, MAX_FREE)
            free.setPrefix("Free Raises: ")
            free.setAccessibleName(f"Side {number} Free Raises from abilities")
            describe(free, "Free Raises an ability gives this side: kept like Raises, without "
                            "counting against Void")
            flat = QtWidgets.QSpinBox(self.setup_box)
            flat.setRange(-MAX_FLAT, MAX_FLAT)
            flat.setPrefix("Flat ")
            flat.setAccessibleName(f"Side {number} flat modifier")
            describe(flat, "A number added to this side's kept dice (the +3 of 7k5+3); below 0 "
                           "takes away")
            extras.addWidget(modifiers, 1)
            extras.addWidget(free)
            extras.addWidget(flat)
            setup.addLayout(extras)
            modifiers.textChanged.connect(self.refresh)
            free.valueChanged.connect(self.refresh)
            flat.valueChanged.connect(self.refresh)
            self.modifiers.append(modifiers)
            self.free.append(free)
            self.flat.append(flat)
        tn_row = QtWidgets.QHBoxLayout()
        self.tn = QtWidgets.QSpinBox(self.setup_box)
        self.tn.setRange(0, 500)
        self.tn.setSpecialValueText("no shared TN")
        self.tn.setPrefix("TN ")
        self.tn.setAccessibleName("Shared simple TN")
        describe(self.tn, "A simple TN both must also meet (none: each roll's TN is only the "
                           "other's total)")
        self.initiator = combo("Who started it", "A tie goes to the side that started it, "
                               "unless it is a direct competition", self.setup_box)
        for text, data in _INITIATORS:
            self.initiator.addItem(text, data)
        tn_row.addWidget(self.tn)
        tn_row.addWidget(self.initiator, 1)
        setup.addLayout(tn_row)
        self.chances = QtWidgets.QLabel(self.setup_box)
        self.chances.setWordWrap(True)
        self.chances.setAccessibleName("Chances of each ending")
        setup.addWidget(self.chances)
        self.start = button("Set up the &opposed roll", "Both sides from their sheets (the GM's "
                            "step)", self.setup_box, primary=True)
        setup.addWidget(self.start)
        self.start_waiting = WaitingFor(document, self.setup_box)
        setup.addWidget(self.start_waiting)
        layout.addWidget(self.setup_box)
        self.contest_box = QtWidgets.QWidget(self)
        contest = QtWidgets.QVBoxLayout(self.contest_box)
        contest.setContentsMargins(0, 0, 0, 0)
        self.heading = QtWidgets.QLabel(self.contest_box)
        self.heading.setWordWrap(True)
        contest.addWidget(self.heading)
        self.sides = [SideBox(0, document, self.contest_box),
                      SideBox(1, document, self.contest_box)]
        for side in self.sides:
            contest.addWidget(side)
            side.roll.clicked.connect(lambda _=False, i=side.index: self._on_roll(i))
            side.keep.clicked.connect(lambda _=False, i=side.index: self._on_keep(i))
            side.picker.changed.connect(self.refresh)
            spending = side.spending
            spending.spend.clicked.connect(lambda _=False, i=side.index: self._on_spend(i))
            spending.finish.clicked.connect(
                lambda _=False, i=side.index: self.apply(steps.finish_side(i, True)))
            spending.effect.currentIndexChanged.connect(lambda _i: self.refresh())
        row = QtWidgets.QHBoxLayout()
        self.resolve = button("Co&mpare", "Compare the totals once both sides have rolled", self,
                              primary=True)
        self.clear = button("Clear", "Take the opposed roll off the table (the GM's)", self)
        row.addWidget(self.resolve)
        row.addWidget(self.clear)
        contest.addLayout(row)
        self.winner = QtWidgets.QLabel(self.contest_box)
        self.winner.setObjectName("banner")
        self.winner.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.winner.setProperty("result", "neutral")
        self.winner.setAccessibleName("Who won")
        contest.addWidget(self.winner)
        self.outcome = QtWidgets.QLabel(self.contest_box)
        self.outcome.setWordWrap(True)
        self.outcome.setAccessibleName("Opposed roll outcome")
        contest.addWidget(self.outcome)
        self.turn = keep_room(QtWidgets.QLabel(self.contest_box))
        self.turn.setWordWrap(True)
        self.turn.setAccessibleName("Whose turn to spend a Raise")
        bold = self.turn.font()
        bold.setBold(True)
        self.turn.setFont(bold)
        contest.addWidget(self.turn)
        layout.addWidget(self.contest_box)
        self.message = self.message_line()
        layout.addWidget(self.message)
        layout.addStretch(1)
        self.tn.valueChanged.connect(self.refresh)
        self.initiator.currentIndexChanged.connect(self.refresh)
        self.start.clicked.connect(self._on_start)
        self.resolve.clicked.connect(lambda: self.apply(steps.resolve()))
        self.clear.clicked.connect(lambda: self.apply(steps.clear()))

    def contest(self) -> OpposedRoll | None:
        return steps.contest_in_play(self.session.state)

    # -- refreshing -----------------------------------------------------------------------

    def picks(self) -> tuple[steps.Side, steps.Side]:
        """Each side as set up: a character from its sheet, or a name typed with its dice."""
        return self._side(0), self._side(1)

    def _side(self, index: int) -> steps.Side:
        modifiers = parse_modifiers(self.modifiers[index].text())
        free, flat = self.free[index].value(), self.flat[index].value()
        if self.typed[index].typed():
            return self.typed[index].side(modifiers, free, flat)
        parts = self.who[index].parts()
        if parts is None:
            raise BanzaiError("Choose a character on each side, or type a name")
        character, skill, element = parts
        return RollPick(character, skill, element, None, modifiers=modifiers, free_raises=free,
                        flat=flat)

    def refresh(self) -> None:
        session = self.session
        blocked = self.curtain_reason()
        for who, typed in zip(self.who, self.typed, strict=True):
            who.blockSignals(True)
            who.fill(session)
            who.refill(session)
            who.blockSignals(False)
            who.setEnabled(not typed.typed())  # set aside while a name is typed
        contest = self.contest()
        self.setup_box.setVisible(contest is None or contest.finished)
        self.contest_box.setVisible(contest is not None)
        self._show_setup(blocked)
        if contest is not None:
            self._show_contest(contest, blocked)

    def _show_setup(self, blocked: str | None) -> None:
        try:
            first, second = self.picks()
            sides = (first.setup(self.session.state), second.setup(self.session.state))
            trial = OpposedRoll.start(*sides, tn=self.tn.value() or None,
                                      initiator=self.initiator.currentData())
        except (BanzaiError, ValueError) as exc:
            self.chances.setText(str(exc))
            self.offer(self.start, None, str(exc), waiting=self.start_waiting)
            return
        odds = trial.odds()
        names = trial.names
        first_wins, second_wins = (percent(Fraction(p)) for p in (odds.first_wins,
                                                                  odds.second_wins))
        text = (f"{sides[0].written} against {sides[1].written}: {names[0]} wins {first_wins}, "
                f"{names[1]} {second_wins}")
        if trial.initiator is None:
            text += f", a tie {percent(Fraction(odds.tie))}"
        if trial.tn is not None:
            text += f", both fail {percent(Fraction(odds.both_fail))}"
        self.chances.setText(text)
        probe = steps.start(first, second, tn=trial.tn, initiator=trial.initiator)
        self.offer(self.start, probe, blocked, waiting=self.start_waiting,
                   doing="to set up the contest")

    def _show_contest(self, contest: OpposedRoll, blocked: str | None) -> None:
        tn = f", both against TN {contest.tn}" if contest.tn is not None else ""
        self.heading.setText(f"<b>{escape(contest.names[0])}</b> {contest.first.written} "
                             f"against <b>{escape(contest.names[1])}</b> "
                             f"{contest.second.written}{tn}")
        for side in self.sides:
            self._show_side(contest, side, blocked)
        both = contest.total(0) is not None and contest.total(1) is not None
        open_ = contest.outcome is None
        allow_step(self.resolve, self.session, steps.resolve(),
                   self.resolve.accessibleDescription(),
                   blocked or (None if both and open_ else
                               "both sides roll first" if open_ else "compared already"))
        allow_step(self.clear, self.session, steps.clear(), self.clear.accessibleDescription(),
                   blocked)
        outcome = contest.outcome
        self.outcome.setVisible(outcome is not None)
        self.winner.setVisible(outcome is not None)
        turn = contest.turn()
        self.turn.setVisible(outcome is not None and not contest.finished)
        if turn is not None:
            self.turn.setText(f"{contest.names[turn]}'s turn to spend a Raise.")
        elif outcome is not None:
            self.turn.setText("No Raise left to spend in turn: each side finishes, unused "
                              "Raises making Honor.")
        if outcome is not None:
            self.outcome.setText(outcome.text())
            if outcome.result is OpposedResult.WON:
                self.winner.setText(f"{outcome.winner_name} wins")
            else:
                self.winner.setText("A tie" if outcome.result is OpposedResult.TIE
                                    else "Both fail")

    def _show_side(self, contest: OpposedRoll, box: SideBox, blocked: str | None) -> None:
        index = box.index
        setup = contest.sides[index]
        free = setup.total_free_raises
        box.setTitle(f"{setup.actor} · {setup.written}"
                     + (f" · {free} Free Raise{'s' if free != 1 else ''}" if free else ""))
        dice = contest.dice(index)
        open_ = contest.outcome is None
        box.raises.setRange(0, setup.raise_limit or 0)
        box.raises.setToolTip(f"Raises declared before rolling (at most {setup.raise_limit or 0})"
                              f": with a shared TN a roll short of TN + {setup.raise_step} per "
                              "Raise loses them all")
        box.raises.setEnabled(dice is None and open_)
        box.roll.setVisible(dice is None)
        allow_step(box.roll, self.session, steps.roll_side(index, box.raises.value()),
                   box.roll.accessibleDescription(), blocked)
        box.picker.setVisible(dice is not None)
        box.keep.setVisible(dice is not None and open_)
        box.total.setVisible(dice is not None)
        if dice is None:
            box.spending.setVisible(False)
            box.done.setVisible(False)
            self._shown[index] = None
            box.waiting.show_for(decider_of(self.session, steps.roll_side(index)), "to roll")
            return
        key = (id(contest), dice.chains, dice.kept, open_)
        if self._shown[index] != key:
            box.picker.set_dice(dice.chains, dice.kept, open_)
            self._shown[index] = key
        chosen = box.picker.chosen()
        problem = None
        if len(chosen) != len(dice.kept):
            problem = f"keep exactly {len(dice.kept)} dice ({len(chosen)} chosen)"
            box.total.setText(f"Choose again: {problem}.")
        else:
            box.total.setText(DiceKept(setup.actor, dice.keeping(chosen), setup.flat).text())
        same = sorted(chosen) == sorted(dice.kept)
        allow_step(box.keep, self.session, steps.keep_side(index, chosen),
                   box.keep.accessibleDescription(),
                   blocked or problem or ("these are the dice kept" if same else None))
        if open_:
            box.waiting.show_for(decider_of(self.session, steps.keep_side(index, chosen)),
                                 "to choose dice")
        else:
            box.waiting.show_for(None if contest.done[index] else
                                 decider_of(self.session, steps.finish_side(index)),
                                 "to spend Raises and finish")
        box.spending.show_side(contest, self.session, blocked)
        box.done.setVisible(contest.done[index])
        if contest.done[index] and contest.outcome is not None:
            box.done.setText(SideFinished(contest.names[index], contest.outcome.raises[index],
                                          len(contest.effects[index]),
                                          contest.honor[index]).text())

    # -- acting ---------------------------------------------------------------------------

    def _on_start(self) -> None:
        try:
            first, second = self.picks()
        except BanzaiError as exc:
            self.refuse(str(exc))
            return
        self.apply(steps.start(first, second, tn=self.tn.value() or None,
                                initiator=self.initiator.currentData()))

    def _on_roll(self, side: int) -> None:
        self.apply(steps.roll_side(side, self.sides[side].raises.value()))

    def _on_spend(self, side: int) -> None:
        spending = self.sides[side].spending
        name = spending.effect.currentData()
        if name and self.apply(steps.spend_side(side, str(name), spending.detail.text())):
            spending.detail.clear()

    def _on_keep(self, side: int) -> None:
        self.apply(steps.keep_side(side, self.sides[side].picker.chosen()))

