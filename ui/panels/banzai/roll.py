"""The Banzai panel's Roll tab: one character's roll (a group roll with helpers), step by step.

Set-up (:class:`~cardtable.ui.panels.banzai.build.RollForm`), every line of the roll and the
exact odds for each number of Raises, one to pick (at most the character's Void, one more per
helper); then the dice with their chains, the kept ones pressed (the highest first) for the
player to change; Succeed or Choose to fail; Raises spent on listed bonus Effects; Finish,
turning unused Raises into Honor Points on the sheet. Every button is one session action of
:mod:`cardtable.steps.banzai.roll`, enabled only at the seat whose decision it is (the reason
in its tooltip elsewhere, and "Waiting for Bob (Jo)" with a button passing Bob the computer).
"""

from __future__ import annotations

from cardtable.counts import counted
from cardtable.dice import DiceExpressionError
from cardtable.resolvers.banzai.effects import effect_named
from cardtable.resolvers.banzai.roll import BanzaiPhase, BanzaiRoll, DiceKept, NoRollNeeded
from cardtable.resolvers.banzai.setup import honor_points
from cardtable.resolvers.banzai.steps import BanzaiError
from cardtable.steps.banzai import roll as steps
from cardtable.steps.banzai.picks import RaiseOdds, RollPick, explain, raise_odds
from cardtable.ui.document import SessionDocument
from cardtable.ui.panels.banzai.build import RollForm
from cardtable.ui.panels.banzai.conditions import ConditionsBox
from cardtable.ui.panels.banzai.dice import KeepPicker, chain_text
from cardtable.ui.panels.banzai.spending import effect_picker, finish_words
from cardtable.ui.panels.base import SessionPanel
from cardtable.ui.panels.owners import WaitingFor, allow_step, decider_of
from cardtable.ui.qt import Qt, QtWidgets
from cardtable.ui.widgets.style import allow, button, describe, escape, line_edit, repolish, section


class RollTab(SessionPanel, QtWidgets.QWidget):
    """One roll from the sheet to the Honor it makes."""

    def __init__(self, document: SessionDocument, parent: QtWidgets.QWidget | None = None
                 ) -> None:
        super().__init__(document, parent)
        self.setAccessibleName("Banzai roll")
        self._raises = 0
        self._shown_dice: object = None
        self._build()

    # -- building -------------------------------------------------------------------------

    def _build(self) -> None:
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.status = QtWidgets.QLabel(self)
        self.status.setObjectName("panelStatus")
        self.status.setWordWrap(True)
        layout.addWidget(self.status)
        # The roll on the table comes first: while open it is all there is; once finished its
        # result stays in sight above the set-up of the next one.
        self.rolled_box = QtWidgets.QGroupBox("The dice", self)
        layout.addWidget(self.rolled_box)
        self.form = RollForm(self)
        layout.addWidget(self.form)
        self.setup_box = QtWidgets.QWidget(self)
        setup = QtWidgets.QVBoxLayout(self.setup_box)
        setup.setContentsMargins(0, 0, 0, 0)
        setup.addWidget(section("The roll, line by line", self))
        self.lines = QtWidgets.QLabel(self)
        self.lines.setWordWrap(True)
        self.lines.setTextFormat(Qt.TextFormat.RichText)
        self.lines.setAccessibleName("The roll, line by line")
        setup.addWidget(self.lines)
        setup.addWidget(section("Raises and the odds", self))
        self.odds_box = QtWidgets.QWidget(self)
        self.odds_layout = QtWidgets.QVBoxLayout(self.odds_box)
        self.odds_layout.setContentsMargins(0, 0, 0, 0)
        self.odds_layout.setSpacing(0)
        self.odds: list[QtWidgets.QRadioButton] = []
        self.odds_group = QtWidgets.QButtonGroup(self)
        self.odds_group.idClicked.connect(self._on_raises)
        setup.addWidget(self.odds_box)
        self.roll_button = button("&Roll", "Declare the Raises chosen and roll (nothing is "
                                  "rolled when no roll is needed)", self, primary=True)
        self.roll_button.clicked.connect(self._on_roll)
        setup.addWidget(self.roll_button)
        self.roll_waiting = WaitingFor(self.document, self)
        setup.addWidget(self.roll_waiting)
        layout.addWidget(self.setup_box)

        rolled = QtWidgets.QVBoxLayout(self.rolled_box)
        self.heading = QtWidgets.QLabel(self.rolled_box)
        self.heading.setWordWrap(True)
        rolled.addWidget(self.heading)
        self.picker = KeepPicker("Dice rolled", self.rolled_box)
        self.picker.changed.connect(self._on_picked)
        rolled.addWidget(self.picker)
        self.chains = QtWidgets.QLabel(self.rolled_box)
        self.chains.setWordWrap(True)
        self.chains.setAccessibleName("Exploding dice")
        describe(self.chains, "A die showing 10 is rolled again and the faces added")
        rolled.addWidget(self.chains)
        self.total = QtWidgets.QLabel(self.rolled_box)
        self.total.setWordWrap(True)
        self.total.setAccessibleName("Kept dice and total")
        bold = self.total.font()
        bold.setBold(True)
        self.total.setFont(bold)
        rolled.addWidget(self.total)
        decide = QtWidgets.QHBoxLayout()
        self.succeed = button("S&ucceed", "Take narrative control: the roll succeeds", self,
                              primary=True)
        self.fail = button("Choose to f&ail", "The roll met its TN, but the player decides it "
                           "fails (the Raises stay to spend)", self)
        self.succeed.clicked.connect(lambda: self._on_decide(True))
        self.fail.clicked.connect(lambda: self._on_decide(False))
        decide.addWidget(self.succeed)
        decide.addWidget(self.fail)
        rolled.addLayout(decide)

        self.raises_box = QtWidgets.QWidget(self.rolled_box)
        raises = QtWidgets.QVBoxLayout(self.raises_box)
        raises.setContentsMargins(0, 0, 0, 0)
        self.raises_left = QtWidgets.QLabel(self.raises_box)
        self.raises_left.setWordWrap(True)
        self.raises_left.setAccessibleName("Raises left")
        raises.addWidget(self.raises_left)
        self.effect = effect_picker("Bonus Effect", self.raises_box)
        raises.addWidget(self.effect)
        spend_row = QtWidgets.QHBoxLayout()
        self.detail = line_edit("What happens", "What happens: one fact, no 'and' or 'but'",
                                self.raises_box)
        self.spend = button("Spe&nd", "Spend the Raises this Effect takes on it", self)
        self.spend.clicked.connect(self._on_spend)
        self.detail.returnPressed.connect(self.spend.click)
        self.effect.currentIndexChanged.connect(lambda _i: self.refresh())
        spend_row.addWidget(self.detail, 1)
        spend_row.addWidget(self.spend)
        raises.addLayout(spend_row)
        self.spent = QtWidgets.QLabel(self.raises_box)
        self.spent.setWordWrap(True)
        self.spent.setAccessibleName("Bonus Effects spent")
        raises.addWidget(self.spent)
        self.finish = button("Finish", "End the roll: unused Raises (Free ones too) make "
                             "Honor Points, 1 per 2, at most Void", self, primary=True)
        self.finish.clicked.connect(lambda: self.apply(steps.finish(True)))
        raises.addWidget(self.finish)
        rolled.addWidget(self.raises_box)
        self.decide_waiting = WaitingFor(self.document, self.rolled_box)
        rolled.addWidget(self.decide_waiting)

        self.banner = QtWidgets.QLabel(self.rolled_box)
        self.banner.setObjectName("banner")
        self.banner.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.banner.setWordWrap(True)
        rolled.addWidget(self.banner)
        self.outcome = QtWidgets.QLabel(self.rolled_box)
        self.outcome.setWordWrap(True)
        self.outcome.setAccessibleName("Roll outcome")
        rolled.addWidget(self.outcome)
        self.clear = button("Put the roll a&way", "Take the roll off the table", self)
        self.clear.clicked.connect(lambda: self.apply(steps.clear()))
        rolled.addWidget(self.clear)

        self.message = self.message_line("Banzai message")
        layout.addWidget(self.message)
        self.conditions = ConditionsBox(self.document, self)
        layout.addWidget(self.conditions)
        layout.addStretch(1)
        self.form.changed.connect(self.refresh)

    # -- reading --------------------------------------------------------------------------

    def current(self) -> BanzaiRoll | None:
        return steps.roll_in_play(self.session.state)

    def line_texts(self) -> list[str]:
        """The roll's lines as shown."""
        return [line for line in self.lines.accessibleDescription().split("\n") if line]

    def odds_texts(self) -> list[str]:
        """Each number of Raises with its odds, as shown."""
        return [radio.text() for radio in self.odds]

    @property
    def raises(self) -> int:
        return self._raises

    # -- refreshing -----------------------------------------------------------------------

    def refresh(self) -> None:
        session = self.session
        blocked = self.curtain_reason()
        self.form.fill(session)
        current = self.current()
        open_roll = current is not None and current.phase is not BanzaiPhase.FINISHED
        self.form.setVisible(not open_roll)
        self.setup_box.setVisible(not open_roll)
        self.rolled_box.setVisible(current is not None)
        if not open_roll:
            self._show_setup(blocked)
        if current is not None:
            self._show_roll(current, blocked)
        self.conditions.show_character(
            current.terms.character if open_roll and current is not None
            else self.form.who.character.currentData())

    def _show_setup(self, blocked: str | None) -> None:
        session = self.session
        try:
            pick = self.form.pick()
            lines = explain(pick, session.state)
            rows = raise_odds(pick.setup(session.state))
            for row in rows:
                row.cli_text()  # a pool the dice engine cannot write is said as such
        except (BanzaiError, DiceExpressionError, ValueError) as exc:
            self.lines.setText(f"<i>{escape(str(exc))}</i>")
            self.lines.setAccessibleDescription("")
            self._show_odds(())
            allow(self.roll_button, str(exc), self.roll_button.accessibleDescription())
            self.roll_waiting.show_for(None)
            self.status.setText("Build the roll: who rolls, with what, against which TN.")
            return
        self.lines.setText("<br>".join(escape(line) for line in lines))
        self.lines.setAccessibleDescription("\n".join(lines))
        self._raises = min(self._raises, len(rows) - 1)
        self._show_odds(rows)
        probe = steps.roll(pick, self._raises)
        self.offer(self.roll_button, probe, blocked, waiting=self.roll_waiting, doing="to roll")
        self.roll_button.setText(f"&Roll with {counted(self._raises, 'Raise')}")
        self.status.setText("Pick the Raises by their odds, then roll.")

    def _show_odds(self, rows: tuple[RaiseOdds, ...]) -> None:
        while len(self.odds) > len(rows):
            radio = self.odds.pop()
            self.odds_group.removeButton(radio)
            radio.deleteLater()
        while len(self.odds) < len(rows):
            radio = QtWidgets.QRadioButton(self.odds_box)
            self.odds_group.addButton(radio, len(self.odds))
            self.odds_layout.addWidget(radio)
            radio.show()
            self.odds.append(radio)
        for radio, row in zip(self.odds, rows, strict=True):
            radio.setText(row.text())
            radio.setAccessibleName(row.text())
            radio.setToolTip(f"The exact chance, as `{row.cli_command()}` gives it:\n"
                             f"{row.cli_text()}")
            radio.setAccessibleDescription(row.cli_text())
            radio.setChecked(row.raises == self._raises)

    def _show_roll(self, current: BanzaiRoll, blocked: str | None) -> None:
        terms = current.terms
        phase = current.phase
        raises = (f" with {counted(terms.raises, 'Raise')} (needs {current.target})"
                  if terms.raises else "")
        free = terms.total_free_raises
        free_words = f", {counted(free, 'Free Raise')}" if free else ""
        self.heading.setText(f"<b>{escape(terms.actor)}</b> · {terms.pool} against TN "
                             f"{terms.tn}{raises}{free_words}")
        dice = current.dice
        rolling = phase is BanzaiPhase.ROLLED
        if dice is None:
            self.picker.set_dice((), (), False)
            self._shown_dice = None
        elif self._shown_dice != (id(current), dice.chains, phase) or not rolling:
            self.picker.set_dice(dice.chains, dice.kept, rolling)
            self._shown_dice = (id(current), dice.chains, phase)
        self.picker.setVisible(dice is not None)
        chains = [] if dice is None else [f"die {i}: {chain_text(faces)}"
                                          for i, faces in enumerate(dice.chains, 1)
                                          if len(faces) > 1]
        self.chains.setText("Banzai! " + "; ".join(chains) if chains else "")
        self.chains.setVisible(bool(chains))
        self._show_total(current)
        self.succeed.setVisible(rolling)
        self.fail.setVisible(rolling)
        if rolling:
            self._allow_decide(current, blocked)
        self.raises_box.setVisible(phase is BanzaiPhase.DECIDED)
        if phase is BanzaiPhase.DECIDED:
            self._show_raises(current, blocked)
        waiting = None if phase is BanzaiPhase.FINISHED else steps.decide()
        doing = "to keep dice and decide" if rolling else "to spend Raises and finish"
        self.decide_waiting.show_for(decider_of(self.session, waiting), doing)
        finished = phase is BanzaiPhase.FINISHED
        self.banner.setVisible(finished)
        self.outcome.setVisible(finished)
        self.clear.setVisible(True)
        allow_step(self.clear, self.session, steps.clear(), self.clear.accessibleDescription(),
                   blocked)
        if finished:
            outcome = current.outcome()
            self.banner.setText("Success" if outcome.success else "Failure")
            self.banner.setProperty("result", "success" if outcome.success else "failure")
            repolish(self.banner)
            self.outcome.setText(outcome.text())
            self.status.setText("The roll is over: build the next one below.")
        elif rolling:
            self.status.setText("Choose the dice to keep (the highest are pressed), then "
                                "decide.")
        else:
            self.status.setText("Spend the Raises on bonus Effects, then finish.")

    def _selection(self, current: BanzaiRoll) -> tuple[tuple[int, ...] | None, str | None]:
        """The dice chosen and what is wrong with the choice (None: nothing)."""
        dice = current.dice
        if dice is None:
            return None, None
        chosen = self.picker.chosen()
        wanted = len(dice.kept)
        if len(chosen) != wanted:
            return chosen, (f"keep exactly {wanted} {'die' if wanted == 1 else 'dice'} "
                            f"({len(chosen)} chosen)")
        return chosen, None

    def _show_total(self, current: BanzaiRoll) -> None:
        terms = current.terms
        if current.no_roll:
            pool = terms.pool
            text = NoRollNeeded(terms.actor, pool.rolled, pool.kept, current.target).text()
        elif current.dice is None:
            text = ""
        else:
            chosen, problem = self._selection(current)
            if problem is not None or chosen is None:
                text = f"Choose again: {problem}."
            else:
                kept = current.dice.keeping(chosen)
                text = DiceKept(terms.actor, kept, terms.flat, current.target).text()
        self.total.setText(text)

    def _allow_decide(self, current: BanzaiRoll, blocked: str | None) -> None:
        chosen, problem = self._selection(current)
        reason = blocked or problem
        met = current.no_roll
        if chosen is not None and problem is None and current.dice is not None:
            met = current.dice.keeping(chosen).total + current.terms.flat >= current.target
        self.succeed.setText("S&ucceed" if met else "Accept the fail&ure")
        allow_step(self.succeed, self.session, steps.decide(chosen, True),
                   "Take narrative control: the roll succeeds" if met
                   else "The kept dice fall short of the TN: the roll fails", reason)
        allow_step(self.fail, self.session, steps.decide(chosen, False),
                   self.fail.accessibleDescription(),
                   reason or (None if met else "the roll falls short: it fails anyway"))

    def _show_raises(self, current: BanzaiRoll, blocked: str | None) -> None:
        available = current.raises_available
        left = available - len(current.effects)
        terms = current.terms
        if not current.met:
            self.raises_left.setText("The roll fell short of its TN: no Raises to spend.")
        else:
            self.raises_left.setText(
                f"{left} of {counted(available, 'Raise')} left to spend ({terms.raises} "
                f"declared, {terms.total_free_raises} Free)")
        name = self.effect.currentData()
        effect = effect_named(name) if name else None
        short = None
        if effect is not None and effect.raises > left:
            short = f"{effect.name} takes {counted(effect.raises, 'Raise')}; {left} left"
        allow_step(self.spend, self.session, steps.spend(name or ""),
                   self.spend.accessibleDescription(), blocked or short)
        self.spent.setText("\n".join(f"Raise {i}: {text}"
                                     for i, text in enumerate(current.effects, 1)))
        unused = left
        points = honor_points(unused, terms.honor_cap)
        self.finish.setText(finish_words(points))
        allow_step(self.finish, self.session, steps.finish(True),
                   self.finish.accessibleDescription(), blocked)

    # -- acting ---------------------------------------------------------------------------

    def start_from(self, character: str, skill: str | None = None) -> None:
        """Build a roll for ``character`` (``skill`` first, when given)."""
        self.form.fill(self.session)
        self.form.choose(character, skill)
        self.refresh()

    def _on_raises(self, raises: int) -> None:
        self._raises = raises
        self.refresh()

    def _on_roll(self) -> None:
        try:
            pick: RollPick = self.form.pick()
        except BanzaiError as exc:
            self.refuse(str(exc))
            return
        if self.apply(steps.roll(pick, self._raises)):
            self._raises = 0

    def _on_picked(self) -> None:
        current = self.current()
        if current is not None and current.phase is BanzaiPhase.ROLLED:
            self._show_total(current)
            self._allow_decide(current, self.curtain_reason())

    def _on_decide(self, succeed: bool) -> None:
        current = self.current()
        chosen = None
        if current is not None:
            chosen, _problem = self._selection(current)
        self.apply(steps.decide(chosen, succeed))

    def _on_spend(self) -> None:
        name = self.effect.currentData()
        if name and self.apply(steps.spend(name, self.detail.text())):
            self.detail.clear()


__all__ = ["RollTab"]
