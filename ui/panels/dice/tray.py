"""The dice tray: type or step an expression, see the exact odds, roll, and read the history.

The tray asks the model for everything: the expression's validity and error text
(:class:`~cardtable.dice.DiceExpressionError`), the odds (the dice engine's exact values,
through :class:`~cardtable.session.dice_history.DiceRequest`), and the roll itself, made
as a :class:`~cardtable.session.ResolverStep` so that it uses the session's randomness, is
logged ("Bea rolled 7k5 vs TN 25: 42, success ...") and can be undone. The tray shows the
session's :class:`~cardtable.session.dice_history.DiceHistory`: the latest roll as dice
on the felt (after a short tumble that a click or Esc skips), and every roll, latest first.

:func:`make_dock` gives the tray, the crisis-dice Simple Challenge
(:mod:`cardtable.ui.panels.dice.simple`) and the Duel (:mod:`cardtable.ui.panels.dice.duel`) as
three tabs of one dock.
"""

from __future__ import annotations

import re

from cardtable.dice import DiceExpressionError
from cardtable.resolvers.banzai.steps import Condition, Step, step_name
from cardtable.session import ANYONE, Changes, ResolverStep
from cardtable.session.dice_history import DiceRequest, RollRecord, history_of, roll_step
from cardtable.ui.art.dice_faces import DiceStrip, glyph_groups
from cardtable.ui.document import SessionDocument
from cardtable.ui.help.question_mark import rules_button
from cardtable.ui.panels.banzai.task_step import TaskStep
from cardtable.ui.panels.base import SessionPanel
from cardtable.ui.panels.dice.duel import DuelView
from cardtable.ui.panels.dice.sealed import SealedBox
from cardtable.ui.panels.dice.simple import SimpleView
from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets
from cardtable.ui.widgets.style import ScrollColumn
from cardtable.ui.widgets.theme import follow_palette, ink, ink_text

#: How long the dice tumble before they settle (0: no animation).
ANIMATION_MS = 400
#: The largest TN the spinner offers (Banzai's TNs stay within 1000).
MAX_TN = 1000
MAX_RAISES = 20
#: The banner of a roll that succeeds or fails: white words on these.
SUCCESS_BANNER, FAILURE_BANNER = "#1e7a44", "#b3261e"

#: The quick forms: label, the expression they write, the second number's meaning.
FORMS = (
    ("Roll and keep (XkY)", "{a}k{b}", "keep"),
    ("Dice (NdS)", "{a}d{b}", "sides"),
    ("Challenge dice (Nc)", "{a}c", ""),
    ("Crisis pool (Nd6)", "{a}d6", ""),
)
_FORM_PATTERNS = (
    re.compile(r"\s*(\d+)\s*k\s*(\d+)\s*"),
    re.compile(r"\s*(\d+)\s*d\s*(\d+)\s*"),
    re.compile(r"\s*(\d+)\s*c\s*"),
)
CRISIS_FORM = 3


def _tip(widget: QtWidgets.QWidget, name: str, tip: str) -> None:
    widget.setAccessibleName(name)
    widget.setToolTip(tip)
    widget.setAccessibleDescription(tip)


class DiceTray(SessionPanel, QtWidgets.QWidget):
    """The tray: the request on top, the odds, the Roll button, the dice, the history."""

    watches = Changes.RESOLVER | Changes.SEAT

    def __init__(
        self,
        document: SessionDocument,
        parent: QtWidgets.QWidget | None = None,
        *,
        animation_ms: int = ANIMATION_MS,
    ) -> None:
        super().__init__(document, parent)
        self.setAccessibleName("Dice tray")
        self._odds_cache: dict[DiceRequest, str] = {}
        self._shown: RollRecord | None = None
        self._animate_next = False
        self._writing_form = False
        self._animation = QtCore.QVariantAnimation(self)
        self._animation.setStartValue(0.0)
        self._animation.setEndValue(1.0)
        self._animation.setEasingCurve(QtCore.QEasingCurve.Type.OutCubic)
        self._animation.valueChanged.connect(self._on_tumble)
        self._animation.finished.connect(self._on_settled)
        self.set_animation_ms(animation_ms)
        self._build()
        self._on_replaced()

    # -- building -------------------------------------------------------------------------

    def _build(self) -> None:
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        layout.setSpacing(6)

        quick = QtWidgets.QHBoxLayout()
        self.form = QtWidgets.QComboBox()
        self.form.addItems([label for label, _, _ in FORMS])
        _tip(
            self.form,
            "Kind of roll",
            "Pick a common kind of roll; the numbers beside it write the expression",
        )
        self.count = QtWidgets.QSpinBox()
        self.count.setRange(1, 100)
        self.count.setValue(7)
        _tip(self.count, "Dice rolled", "How many dice to roll")
        self.second = QtWidgets.QSpinBox()
        self.second.setRange(1, 100)
        self.second.setValue(5)
        self.second_label = QtWidgets.QLabel("keep")
        _tip(self.second, "Dice kept or sides", "Dice kept (XkY) or sides per die (NdS)")
        quick.addWidget(self.form, 1)
        quick.addWidget(self.count)
        quick.addWidget(self.second_label)
        quick.addWidget(self.second)
        layout.addLayout(quick)

        self.expression = QtWidgets.QLineEdit("7k5")
        self.expression.setPlaceholderText("7k5, 2d6+1, 4d6kh3, 3c …")
        self.expression.setClearButtonEnabled(True)
        _tip(
            self.expression,
            "Dice expression",
            "Type dice: 7k5 (roll 7 exploding d10, keep 5), "
            "2d6+1, 4d6kh3, 3c (challenge dice). Enter rolls.",
        )
        big = self.expression.font()
        big.setPointSizeF(big.pointSizeF() * 1.25)
        self.expression.setFont(big)
        layout.addWidget(self.expression)
        self.error = QtWidgets.QLabel()
        self.error.setWordWrap(True)
        ink_text(self.error, "error")
        self.error.setAccessibleName("Expression problem")
        self.error.hide()
        layout.addWidget(self.error)

        target = QtWidgets.QHBoxLayout()
        self.tn = QtWidgets.QSpinBox()
        self.tn.setRange(0, MAX_TN)
        self.tn.setSpecialValueText("none")
        self.tn.setValue(25)
        self.tn.setPrefix("TN ")
        _tip(self.tn, "Target number", "The total to meet (0: roll without a target)")
        self.raises = QtWidgets.QSpinBox()
        self.raises.setRange(0, MAX_RAISES)
        self.raises.setSuffix(" Raises")
        _tip(
            self.raises,
            "Raises",
            "Raises declared before rolling: each adds 5 to the TN (roll-and-keep rolls)",
        )
        self.beat = QtWidgets.QCheckBox("must beat")
        _tip(
            self.beat,
            "Must beat the target",
            "Crisis dice: the total must be above the difficulty, not just meet it",
        )
        target.addWidget(self.tn)
        target.addWidget(self.raises)
        target.addWidget(self.beat)
        target.addStretch(1)
        layout.addLayout(target)

        self.banzai = QtWidgets.QGroupBox("Banzai difficulty")
        self.banzai.setAccessibleName("Banzai difficulty")
        banzai = QtWidgets.QVBoxLayout(self.banzai)
        banzai.setContentsMargins(6, 4, 6, 4)
        self.task = TaskStep(self.banzai)
        self.step = self.task.step
        banzai.addWidget(self.task)
        self.conditions = QtWidgets.QListWidget()
        self.conditions.setAccessibleName("Conditions")
        self.conditions.setToolTip(
            "Tick the conditions that apply; of one kind, only the worst counts"
        )
        for condition in Condition:
            item = QtWidgets.QListWidgetItem(f"{condition.value} · {step_name(condition.step)}")
            item.setToolTip(
                f"{condition.value.capitalize()}: {condition.kind.value}, "
                f"{step_name(condition.step)}; of one kind, only the worst counts"
            )
            item.setData(Qt.ItemDataRole.UserRole, condition)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            self.conditions.addItem(item)
        self.conditions.setMaximumHeight(80)
        self.conditions.setMinimumHeight(58)
        self.conditions.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        banzai.addWidget(self.conditions)
        layout.addWidget(self.banzai)

        odds_row = QtWidgets.QHBoxLayout()
        self.odds = QtWidgets.QLabel()
        self.odds.setAccessibleName("Odds")
        self.odds.setToolTip("The exact chance of success, worked out before the roll")
        odds_font = self.odds.font()
        odds_font.setPointSizeF(odds_font.pointSizeF() * 1.35)
        odds_font.setBold(True)
        self.odds.setFont(odds_font)
        self.roll_button = QtWidgets.QPushButton("Roll")
        self.roll_button.setDefault(True)
        _tip(self.roll_button, "Roll", "Roll the dice (Enter)")
        self.roll_button.setMinimumWidth(96)
        self.roll_button.setMinimumHeight(32)
        roll_font = self.roll_button.font()
        roll_font.setBold(True)
        self.roll_button.setFont(roll_font)
        odds_row.addWidget(self.odds, 1)
        odds_row.addWidget(self.roll_button)
        layout.addLayout(odds_row)
        self.odds_detail = QtWidgets.QLabel()
        self.odds_detail.setWordWrap(True)
        follow_palette(
            self.odds_detail, lambda: self.odds_detail.setStyleSheet(f"color: {ink('muted')};")
        )
        layout.addWidget(self.odds_detail)
        # The GM's own rolls, behind the screen (roll sealed, reveal).
        self.sealed = SealedBox(self.document, self.request, self.roll_button.isEnabled, self)
        layout.addWidget(self.sealed)

        self.strip = DiceStrip(self)
        self.strip.set_empty_text("No dice rolled yet")
        self.strip.setToolTip(
            "The latest roll: kept dice ringed in gold, dropped dice dimmed; "
            "click to skip the tumble"
        )
        felt = QtWidgets.QFrame()
        felt.setObjectName("diceFelt")
        felt.setStyleSheet(
            "#diceFelt { background: #1f3b2d; border-radius: 8px; }"
            "#diceFelt QLabel { color: #f2ede2; }"
        )
        felt_layout = QtWidgets.QVBoxLayout(felt)
        felt_layout.setContentsMargins(4, 4, 4, 6)
        felt_layout.addWidget(self.strip)
        result_row = QtWidgets.QHBoxLayout()
        self.total = QtWidgets.QLabel()
        self.total.setAccessibleName("Total")
        total_font = self.total.font()
        total_font.setPointSizeF(total_font.pointSizeF() * 1.3)
        total_font.setBold(True)
        self.total.setFont(total_font)
        self.banner = QtWidgets.QLabel()
        self.banner.setAccessibleName("Result")
        self.banner.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.banner.setMinimumWidth(110)
        result_row.addWidget(self.total, 1)
        result_row.addWidget(self.banner)
        felt_layout.addLayout(result_row)
        self.notes = QtWidgets.QLabel()
        self.notes.setWordWrap(True)
        felt_layout.addWidget(self.notes)
        layout.addWidget(felt)

        layout.addWidget(QtWidgets.QLabel("History"))
        self.history = QtWidgets.QListWidget()
        self.history.setAccessibleName("Roll history")
        self.history.setToolTip("Every roll this session, latest first (also in the session log)")
        self.history.setWordWrap(True)
        self.history.setAlternatingRowColors(True)
        # Small when the window is short (a row or two, with the latest first), so that the
        # tray fits the panel column of an 800-pixel screen without scrolling.
        self.history.setMinimumHeight(40)
        self.history.setSizePolicy(
            QtWidgets.QSizePolicy.Policy.Expanding, QtWidgets.QSizePolicy.Policy.Ignored
        )
        layout.addWidget(self.history, 1)

        self.form.currentIndexChanged.connect(self._on_form)
        self.count.valueChanged.connect(self._write_form)
        self.second.valueChanged.connect(self._write_form)
        self.expression.textChanged.connect(self._on_request_changed)
        self.expression.returnPressed.connect(self.roll)
        for spin in (self.tn, self.raises):
            spin.valueChanged.connect(self._on_request_changed)
        self.beat.toggled.connect(self._on_request_changed)
        self.task.changed.connect(self._on_request_changed)
        self.conditions.itemChanged.connect(self._on_request_changed)
        self.roll_button.clicked.connect(self.roll)
        self.strip.clicked.connect(self.skip_animation)
        self._on_request_changed()

    # -- reading the request --------------------------------------------------------------

    def set_animation_ms(self, ms: int) -> None:
        """How long the dice tumble (0 shows the result at once); from the settings."""
        self._animation_ms = max(0, ms)
        self._animation.setDuration(max(1, self._animation_ms))

    def request(self) -> DiceRequest:
        """What the tray would roll now."""
        conditions = []
        for row in range(self.conditions.count()):
            item = self.conditions.item(row)
            if item.checkState() == Qt.CheckState.Checked:
                conditions.append(item.data(Qt.ItemDataRole.UserRole))
        banzai = self.banzai.isEnabled()
        return DiceRequest(
            self.expression.text(),
            tn=self.tn.value() or None,
            raises=self.raises.value() if self.raises.isEnabled() else 0,
            beat=self.beat.isChecked() and self.beat.isEnabled(),
            step=self.task.value() if banzai else int(Step.AVERAGE),
            conditions=conditions if banzai else (),
        )

    def odds_text(self) -> str:
        return self.odds.text()

    def _odds_for(self, request: DiceRequest) -> str:
        if request not in self._odds_cache:
            chance = request.odds()
            self._odds_cache[request] = (
                f"Average {request.mean():.1f}" if chance is None else f"P(success) {chance:.1%}"
            )
        return self._odds_cache[request]

    # -- handlers -------------------------------------------------------------------------

    def _on_form(self) -> None:
        _, _, second = FORMS[self.form.currentIndex()]
        self.second.setVisible(bool(second))
        self.second_label.setVisible(bool(second))
        self.second_label.setText(second)
        if second == "sides":
            self.second.setRange(2, 100)
        else:
            self.second.setRange(1, 100)
        self._writing_form = True
        self.beat.setChecked(self.form.currentIndex() == CRISIS_FORM)
        self._writing_form = False
        self._write_form()

    def _write_form(self) -> None:
        _, pattern, _ = FORMS[self.form.currentIndex()]
        self._writing_form = True
        self.expression.setText(pattern.format(a=self.count.value(), b=self.second.value()))
        self._writing_form = False

    def _read_form(self, text: str) -> None:
        """Keep the steppers in step with a typed expression of one of their forms."""
        for index, pattern in enumerate(_FORM_PATTERNS):
            match = pattern.fullmatch(text.lower())
            if match is None:
                continue
            if index == 1 and match[2] == "6" and self.form.currentIndex() == CRISIS_FORM:
                index = CRISIS_FORM
            for widget in (self.form, self.count, self.second):
                widget.blockSignals(True)
            self.form.setCurrentIndex(index)
            _, _, second = FORMS[index]
            self.second.setVisible(bool(second))
            self.second_label.setVisible(bool(second))
            self.second_label.setText(second)
            self.count.setValue(int(match[1]))
            if match.lastindex and match.lastindex >= 2:
                self.second.setValue(int(match[2]))
            for widget in (self.form, self.count, self.second):
                widget.blockSignals(False)
            return

    def _on_request_changed(self) -> None:
        text = self.expression.text()
        if not self._writing_form:
            self._read_form(text)
        try:
            expression = DiceRequest(text).expression()
            parsed = True
        except DiceExpressionError as exc:
            self._show_problem(str(exc), in_expression=True)
            parsed = False
        if parsed:
            banzai = expression.is_banzai
            self.banzai.setEnabled(banzai)
            self.raises.setEnabled(banzai and self.tn.value() > 0)
            self.beat.setEnabled(not banzai and self.tn.value() > 0)
            why = "" if banzai else "Difficulty steps and Raises are for roll-and-keep (XkY) rolls"
            self.banzai.setToolTip(why or "Banzai's difficulty steps and conditions")
            try:
                request = self.request()
                self.odds.setText(self._odds_for(request))
                self.odds_detail.setText(self._detail(request))
                self.error.hide()
                self.roll_button.setEnabled(True)
                self.roll_button.setToolTip("Roll the dice (Enter)")
            except DiceExpressionError as exc:
                self._show_problem(str(exc), in_expression=False)

    def _detail(self, request: DiceRequest) -> str:
        expression = request.expression()
        parts = [str(expression)]
        if expression.is_banzai:
            pool = expression.banzai_pool()
            parts.append(f"rolls {pool.dice_rolled}k{pool.dice_kept}")
            if request.tn is not None and not pool.rolls_needed(request.tn, request.raises):
                parts.append("no roll needed")
        if request.tn is not None:
            target = request.tn + 5 * request.raises
            parts.append(f"{'above' if request.beat else 'at least'} {target}")
        return " · ".join(parts)

    def _show_problem(self, message: str, *, in_expression: bool) -> None:
        self.error.setText(message[:1].upper() + message[1:])
        self.error.show()
        self.odds.setText("—")
        self.odds_detail.setText("")
        self.roll_button.setEnabled(False)
        self.roll_button.setToolTip(message)
        if in_expression:
            self.banzai.setEnabled(False)

    def roll(self) -> bool:
        """Roll what the tray shows, as a session action; False when refused."""
        if not self.roll_button.isEnabled():
            return False
        try:
            step = roll_step(self.request(), self.session.actor_name)
        except DiceExpressionError as exc:
            self.refuse(str(exc))
            return False
        self._animate_next = self._animation_ms > 0
        # A roll is the roller's own (the log names whoever holds the computer): anyone's.
        done = self.apply(ResolverStep(step, decider=ANYONE))
        if not done:
            self._animate_next = False
        return done

    def keyPressEvent(self, event: QtGui.QKeyEvent) -> None:
        # Esc reaches the tray from whichever of its fields has the focus.
        if event.key() == Qt.Key.Key_Escape and self.animating:
            self.skip_animation()
            event.accept()
            return
        super().keyPressEvent(event)

    def skip_animation(self) -> None:
        """Stop the tumble and show the dice as they lie."""
        if self._animation.state() == QtCore.QAbstractAnimation.State.Running:
            self._animation.stop()
            self._on_settled()

    @property
    def animating(self) -> bool:
        return self._animation.state() == QtCore.QAbstractAnimation.State.Running

    def _on_tumble(self, value: object) -> None:
        self.strip.set_tumble(float(value))  # type: ignore[arg-type]

    def _on_settled(self) -> None:
        self.strip.set_tumble(None)
        history = history_of(self.session.state)
        self._fill_history(list(history.records) if history is not None else [])
        self._show_result(self._shown, final=True)
        # In a short window the tray scrolls: bring the total and the verdict into view.
        QtCore.QTimer.singleShot(0, self._reveal_result)

    def _reveal_result(self) -> None:
        parent = self.parentWidget()
        while parent is not None and not isinstance(parent, QtWidgets.QScrollArea):
            parent = parent.parentWidget()
        if parent is not None and self.notes.isVisible():
            parent.ensureWidgetVisible(self.notes, 0, 8)
        elif parent is not None:
            parent.ensureWidgetVisible(self.total, 0, 8)

    def _on_changed(self, changes: Changes) -> None:
        self._refresh_history()
        if changes & Changes.SEAT:
            self._refresh_curtain()

    def _on_replaced(self) -> None:
        self._animation.stop()
        self.strip.set_tumble(None)
        self.refresh()

    def refresh(self) -> None:
        self._refresh_history()
        self._refresh_curtain()

    def _refresh_curtain(self) -> None:
        curtain = self.session.curtain is not None
        self.setEnabled(not curtain)

    def _refresh_history(self) -> None:
        history = history_of(self.session.state)
        records = list(history.records) if history is not None else []
        latest = records[-1] if records else None
        animate = self._animate_next and latest is not None
        self._animate_next = False
        self._shown = latest
        # While the dice tumble, the history keeps the roll back too.
        self._fill_history(records[:-1] if animate else records)
        if animate:
            self._show_result(latest, final=False)
            self._animation.stop()
            self._animation.start()
        else:
            self._animation.stop()
            self.strip.set_tumble(None)
            self._show_result(latest, final=True)

    def _fill_history(self, records: list[RollRecord]) -> None:
        self.history.clear()
        for record in reversed(records):
            text = record.text()
            if record.struck_by:
                text = f"Struck by {record.struck_by}: {text}"
            item = QtWidgets.QListWidgetItem(text)
            item.setToolTip(text)
            if record.struck_by:
                # A mistaken roll stays in the record, crossed out, never counted.
                font = item.font()
                font.setStrikeOut(True)
                item.setFont(font)
            elif record.success is not None:
                item.setForeground(QtGui.QColor(ink("success" if record.success else "error")))
            self.history.addItem(item)

    def _show_result(self, record: RollRecord | None, *, final: bool) -> None:
        if record is None:
            self.strip.set_groups(())
            self.total.setText("")
            self.banner.setText("")
            self.banner.setStyleSheet("")
            self.notes.setText("")
            return
        self.strip.set_groups(glyph_groups(record.groups))
        if not final:
            self.strip.set_tumble(0.0)
            self.total.setText(f"{record.actor} rolls {record.heading()} …")
            self.banner.setText("")
            self.banner.setStyleSheet("")
            self.notes.setText("")
            return
        total = "no roll needed" if record.no_roll else f"Total {record.total}"
        if record.flat and not record.no_roll:
            total += f" ({record.flat:+d})"
        target = record.target
        if target is not None:
            total += f"  {'above' if record.beat else 'vs'} {target}"
        self.total.setText(f"{record.actor}: {total}")
        self.total.setToolTip(record.text())
        success = record.success
        if success is None:
            self.banner.setText("")
            self.banner.setStyleSheet("")
        else:
            colour = SUCCESS_BANNER if success else FAILURE_BANNER
            self.banner.setText("SUCCESS" if success else "FAILURE")
            self.banner.setStyleSheet(
                f"background: {colour}; color: white; font-weight: 800; border-radius: 6px;"
                "padding: 4px 10px; letter-spacing: 1px;"
            )
        notes = [note for note in record.notes]
        notes[:0] = list(record.difficulty)
        self.notes.setText("\n".join(notes))
        self.notes.setVisible(bool(notes))


def make_dock(
    document: SessionDocument,
    parent: QtWidgets.QWidget | None = None,
    *,
    animation_ms: int = ANIMATION_MS,
) -> QtWidgets.QDockWidget:
    """The dice dock: the tray, the crisis-dice Simple Challenge and the Duel as three tabs."""
    dock = QtWidgets.QDockWidget("Dice", parent)
    dock.setObjectName("diceDock")
    dock.setAccessibleName("Dice")
    tabs = QtWidgets.QTabWidget(dock)
    tabs.setObjectName("diceTabs")
    tray = DiceTray(document, tabs, animation_ms=animation_ms)
    simple = SimpleView(document, tabs)
    duel = DuelView(document, tabs)
    tabs.addTab(ScrollColumn(tray), "Roll")
    tabs.addTab(ScrollColumn(simple), "Crisis Challenge")
    tabs.addTab(ScrollColumn(duel), "Crisis Duel")
    tabs.setTabToolTip(0, "Roll any dice against a target number, with exact odds")
    tabs.setTabToolTip(
        1,
        "A crisis dice Simple Challenge: the pool from the sheet against a "
        "difficulty; the GM may invite a push",
    )
    tabs.setTabToolTip(2, "Two sides roll crisis dice; common values cancel; the lower may push")

    def rules_step() -> str:
        shown = tabs.currentIndex()
        return ("roll", "simple", duel.rules_step())[shown]

    def rules_page() -> str:
        # The tray rolls Banzai's XkY (and any dice); the other two tabs are crisis dice.
        return "banzai" if tabs.currentIndex() == 0 else "crisis"

    tabs.setCornerWidget(rules_button(tabs, rules_page, rules_step, "the dice"))
    dock.setWidget(tabs)
    return dock
