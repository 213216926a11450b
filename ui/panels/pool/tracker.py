"""The pool Challenge tracker: set up the sides, plan conversions, play rounds, read why.

The tracker reads the session's :class:`~cardtable.resolvers.pool.challenge.PoolChallenge`
and asks it for everything: each side's numbers, whether a planned conversion is allowed
(the model's refusal is shown under the side, word for word), the round itself
(:meth:`~cardtable.resolvers.pool.challenge.PoolChallenge.next_round`) and the penalties.
The last round is laid out as a table of the sides' numbers side by side
(:mod:`.round_table`). Every button is a step of :mod:`cardtable.steps.pool`: starting a
Challenge (or the one a finished Challenge prepares) and clearing it are the GM's; a side's
conversion, its change of ability (:mod:`.change`) and its penalty, written on the sheets
(:mod:`.penalty`), are its character's player's; a control is enabled only where the seat
holding the computer may use it, the reason as its tooltip; a side another player decides
says "Waiting for Bob (Brann)" under its conversions, with a button that passes Bob the
computer, until its plan is in; "Next round" waits for every side's plan (or the GM), greyed
with the model's reason.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from cardtable.counts import counted
from cardtable.resolvers.pool.challenge import (
    Conversion,
    PoolChallenge,
    PoolChallengeError,
    Result,
    RoundReport,
    Side,
)
from cardtable.resolvers.pool.report import ChangeReport
from cardtable.session import Action, Changes, GameState
from cardtable.session.table_options import POOL_DICE, POOL_FORMULA, POOL_TIES, option, value_of
from cardtable.steps.pool import play as pool_steps
from cardtable.steps.pool.picks import SidePick
from cardtable.ui.document import SessionDocument
from cardtable.ui.help.question_mark import rules_button
from cardtable.ui.panels.base import SessionPanel
from cardtable.ui.panels.owners import WaitingFor, decider_of
from cardtable.ui.panels.pool.change import ChangeAbility
from cardtable.ui.panels.pool.penalty import PenaltyForm
from cardtable.ui.panels.pool.round_table import RoundTable
from cardtable.ui.panels.pool.setup import ChallengeSetup
from cardtable.ui.qt import Qt, QtGui, QtWidgets
from cardtable.ui.widgets.style import ScrollColumn, allow, describe
from cardtable.ui.widgets.theme import ink, ink_text

#: How many sides share a row of the tracker, where the panel is wide enough for them whole
#: (one to a row where it is not).
SIDES_PER_ROW = 2
#: The conversion spinners: field of Conversion, label, tooltip, step.
CONVERSIONS = (
    ("to_bonus", "Pool → bonus", "Each pool point becomes 2 bonus this round", 1),
    ("to_reserves", "Pool → reserves", "Each pool point becomes 3 reserves (they stay)", 1),
    ("to_resistance", "Pool → resistance", "Every 2 pool points become 1 resistance this round", 2),
    ("from_reserves", "Reserves → pool", "Buy back 1 pool point for 3 converted reserves", 1),
)


def find_challenge(state: GameState) -> tuple[str, PoolChallenge] | None:
    """The id and state of the pool Challenge on the table, if any."""
    return pool_steps.find_challenge(state)


def options_words(state: GameState) -> str:
    """The table's pool options in words, for the line above the sides."""
    said = [f"{option(key).title}: {option(key).words(value_of(state, key))}"
            for key in (POOL_FORMULA, POOL_TIES, POOL_DICE)]
    return "Table options: " + "; ".join(said) + "."


def _numbers(side: Side) -> str:
    parts = [f"pool {side.pool} of {side.starting_pool}"]
    if not side.pending_reversion.is_none and not side.out:
        parts.append(f"{side.pending_reversion}".replace("revert to", "will revert to"))
    for word, value in (
        ("bonus", side.total_bonus),
        ("reserves", side.total_reserves),
        ("resistance", side.total_resistance),
    ):
        if value:
            parts.append(f"{word} {value}")
    if side.entrant.is_horde:
        parts.append(f"{side.members_standing} of {side.entrant.members} standing")
    return " · ".join(parts)


class SideColumn(QtWidgets.QFrame):
    """One side: its numbers, its conversion for the next round, and its part of the last."""

    def __init__(self, name: str, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.name = name
        self.setObjectName("poolSide")
        self.setFrameShape(QtWidgets.QFrame.Shape.StyledPanel)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        self.title = QtWidgets.QLabel(name)
        font = self.title.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.15)
        self.title.setFont(font)
        self.title.setWordWrap(True)  # a long name wraps rather than being cut off
        layout.addWidget(self.title)
        self.bar = QtWidgets.QProgressBar()
        self.bar.setAccessibleName(f"{name} pool")
        self.bar.setTextVisible(True)
        self.bar.setMaximumHeight(16)
        layout.addWidget(self.bar)
        self.numbers = QtWidgets.QLabel()
        self.numbers.setWordWrap(True)
        self.numbers.setAccessibleName(f"{name} numbers")
        layout.addWidget(self.numbers)
        self.spins: dict[str, QtWidgets.QSpinBox] = {}
        self.plan = QtWidgets.QWidget()
        plan = QtWidgets.QVBoxLayout(self.plan)
        plan.setContentsMargins(0, 4, 0, 0)
        self.plan_title = QtWidgets.QLabel("Conversions for the next round")
        self.plan_title.setStyleSheet("font-weight: 600;")
        self.plan_title.setWordWrap(True)
        plan.addWidget(self.plan_title)
        grid = QtWidgets.QGridLayout()
        for row, (key, label, tip, step) in enumerate(CONVERSIONS):
            text = QtWidgets.QLabel(label)
            describe(text, tip)
            spin = QtWidgets.QSpinBox()
            spin.setRange(0, 99)
            spin.setSingleStep(step)
            spin.setAccessibleName(f"{name} {label}")
            describe(spin, tip)
            grid.addWidget(text, row, 0)
            grid.addWidget(spin, row, 1)
            self.spins[key] = spin
        plan.addLayout(grid)
        self.refusal = QtWidgets.QLabel()
        self.refusal.setWordWrap(True)
        ink_text(self.refusal, "error")
        self.refusal.setAccessibleName(f"{name} conversion problem")
        plan.addWidget(self.refusal)
        self.planned = QtWidgets.QLabel()
        self.planned.setWordWrap(True)
        self.planned.setAccessibleName(f"{name} planned conversion")
        plan.addWidget(self.planned)
        self.plan_button = QtWidgets.QPushButton("Plan")
        self.plan_button.setAccessibleName(f"Plan {name}'s conversion")
        plan_row = QtWidgets.QHBoxLayout()
        plan_row.addWidget(self.plan_button)
        self.change_button = QtWidgets.QPushButton("Change ability…")
        self.change_button.setAccessibleName(f"Change {name}'s ability")
        plan_row.addWidget(self.change_button)
        plan.addLayout(plan_row)
        #: Whom the side's conversions wait for (given by the tracker, which has the document).
        self.waiting: WaitingFor | None = None
        layout.addWidget(self.plan)
        self.explanation = QtWidgets.QLabel()
        self.explanation.setObjectName("poolExplanation")
        self.explanation.setStyleSheet(
            "#poolExplanation { background: palette(alternate-base); border-radius: 6px;"
            " padding: 6px; }"
        )
        self.explanation.setWordWrap(True)
        self.explanation.setTextFormat(Qt.TextFormat.RichText)
        self.explanation.setAccessibleName(f"{name} round explanation")
        self.explanation.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.explanation)
        layout.addStretch(1)

    def conversion(self) -> Conversion:
        """What the spinners plan (the model refuses an odd resistance)."""
        return Conversion(**{key: spin.value() for key, spin in self.spins.items()})

    def reset(self) -> None:
        for spin in self.spins.values():
            spin.blockSignals(True)
            spin.setValue(0)
            spin.blockSignals(False)


class PoolTracker(SessionPanel, QtWidgets.QWidget):
    """Set-up, the sides side by side, Next round, the explanation and the penalties."""

    watches = (Changes.PLAYERS | Changes.SHEET | Changes.OPTIONS | Changes.RESOLVER
               | Changes.SEAT)

    def __init__(self, document: SessionDocument, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(document, parent)
        self.setAccessibleName("Pool Challenge tracker")
        self._reports: dict[int, RoundReport] = {}
        self.columns: dict[str, SideColumn] = {}
        self.penalties: list[PenaltyForm] = []
        self._shown_key: tuple[str, ...] | None = None
        outer = QtWidgets.QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        page = QtWidgets.QWidget()
        layout = QtWidgets.QVBoxLayout(page)
        layout.setContentsMargins(8, 8, 8, 8)
        self.heading = QtWidgets.QLabel()
        font = self.heading.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.2)
        self.heading.setFont(font)
        self.heading.setAccessibleName("Challenge heading")
        self.heading.setWordWrap(True)  # it wraps, not widens the column, beside the "?"
        heading_row = QtWidgets.QHBoxLayout()
        heading_row.addWidget(self.heading, 1)
        heading_row.addWidget(rules_button(self, "pool", self._rules_step, "the pool Challenge"))
        layout.addLayout(heading_row)
        self.options_line = QtWidgets.QLabel()
        self.options_line.setWordWrap(True)
        self.options_line.setObjectName("emptyNote")
        self.options_line.setAccessibleName("The table's pool options")
        describe(self.options_line, "The GM sets them in Table > Options; a Challenge keeps "
                                     "the options it started with")
        layout.addWidget(self.options_line)
        self.setup = ChallengeSetup(self)
        layout.addWidget(self.setup)
        self._sides_widget = QtWidgets.QWidget()
        # Two sides to a row: one against many stays as narrow as the panel column.
        self._sides = QtWidgets.QGridLayout(self._sides_widget)
        self._sides.setContentsMargins(0, 0, 0, 0)
        for column in range(SIDES_PER_ROW):
            self._sides.setColumnStretch(column, 1)
        layout.addWidget(self._sides_widget)
        self.change = ChangeAbility(self)
        self.change.switch_requested.connect(self._on_switch)
        layout.addWidget(self.change)
        self.round_table = RoundTable(self)
        self.round_table.hide()
        layout.addWidget(self.round_table)
        self.verdict = QtWidgets.QLabel()
        self.verdict.setWordWrap(True)
        self.verdict.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.verdict.setAccessibleName("Verdict")
        layout.addWidget(self.verdict)
        buttons = QtWidgets.QHBoxLayout()
        self.next_button = QtWidgets.QPushButton("Next round")
        self.next_button.setAccessibleName("Next round")
        # Ctrl+Enter within the tracker only: other panels use it for their own main step.
        next_keys = QtGui.QShortcut(QtGui.QKeySequence("Ctrl+Return"), self)
        next_keys.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        next_keys.activated.connect(self.next_button.animateClick)
        next_keys.setWhatsThis("in the Pool Challenge panel: play the next round")
        self.next_button.setMinimumHeight(30)
        self.next_button.setDefault(True)
        describe(self.next_button, "Play the round with the conversions planned (Ctrl+Enter)")
        self.prepare_button = QtWidgets.QPushButton("Prepare the next…")
        describe(self.prepare_button, "Set up the Challenge this one prepares: the same two "
                                       "sides, the side ahead carrying half the difference as a "
                                       "bonus into the first round")
        self.new_button = QtWidgets.QPushButton("New Challenge")
        describe(self.new_button, "Set up another Challenge, at full pools")
        self.clear_button = QtWidgets.QPushButton("Clear")
        describe(self.clear_button, "Take the Challenge off the table")
        buttons.addWidget(self.next_button)
        buttons.addStretch(1)
        layout.addLayout(buttons)
        # The GM's buttons on a row of their own: beside Next round they did not fit the column.
        gm_buttons = QtWidgets.QHBoxLayout()
        gm_buttons.addStretch(1)
        gm_buttons.addWidget(self.prepare_button)
        gm_buttons.addWidget(self.new_button)
        gm_buttons.addWidget(self.clear_button)
        layout.addLayout(gm_buttons)
        self._penalty_box = QtWidgets.QVBoxLayout()
        layout.addLayout(self._penalty_box)
        layout.addStretch(1)
        self._scroll = ScrollColumn(page)
        self._per_row = SIDES_PER_ROW
        outer.addWidget(self._scroll)
        self.setup.start_requested.connect(self.start)
        self.next_button.clicked.connect(self.next_round)
        self.new_button.clicked.connect(self._on_new)
        self.prepare_button.clicked.connect(self._on_prepare)
        self.clear_button.clicked.connect(self.clear)
        self._on_replaced()

    # -- the model ------------------------------------------------------------------------

    def _rules_step(self) -> str:
        """The rules page's anchor: the sides while setting up, the round while it runs."""
        challenge = self.challenge()
        return "sides" if challenge is None else "penalties" if challenge.over else "round"

    def challenge(self) -> PoolChallenge | None:
        found = find_challenge(self.session.state)
        return found[1] if found else None

    def start(self) -> bool:
        """Start a Challenge between the sides of the set-up form (or the one the finished
        Challenge prepares, when the form was filled for it)."""
        first, second = self.setup.picks()
        if self.setup.preparing:
            step = pool_steps.prepare_next(first, second[0])
        else:
            step = pool_steps.start(first, second)
        self._reports.clear()
        done = self.apply(step)
        if done:
            self.setup.stop_preparing()
        return done

    def next_round(self) -> bool:
        """Play a round with the conversions planned at this seat (each side's own player's)
        and those planned before."""
        challenge = self.challenge()
        if challenge is None:
            return False
        try:
            plans = self._conversions(mine=True)
        except PoolChallengeError as exc:
            self.refuse(str(exc))
            return False
        played: list[RoundReport] = []
        done = self.apply(pool_steps.play_round(plans, played))
        if done and played:
            self._reports[played[0].number] = played[0]
            for column in self.columns.values():
                column.reset()
            self.refresh()
        return done

    def plan(self, name: str) -> bool:
        """Keep ``name``'s conversion for the next round (to pass the computer on)."""
        try:
            conversion = self.columns[name].conversion()
        except PoolChallengeError as exc:
            self.refuse(str(exc))
            return False
        done = self.apply(pool_steps.plan(name, conversion))
        if done:
            self.columns[name].reset()
        return done

    def _conversions(self, mine: bool) -> dict[str, Conversion]:
        """The conversions in the spinners (of the sides this seat decides, with ``mine``)."""
        session = self.session
        plans = {}
        for name, column in self.columns.items():
            conversion = column.conversion()
            if conversion.is_none:
                continue
            if mine and session.may(pool_steps.plan(name, conversion)) is not None:
                continue
            plans[name] = conversion
        return plans

    def clear(self) -> bool:
        if self.challenge() is None:
            return False
        return self.apply(pool_steps.clear(self.session.state))

    def _on_new(self) -> None:
        self.setup.stop_preparing()
        self.setup.setVisible(True)
        self.setup.first.name.setFocus()

    def _on_prepare(self) -> None:
        challenge = self.challenge()
        if challenge is None:
            return
        self.setup.prepare(challenge)
        self.setup.setVisible(True)
        self.setup.start.setFocus()

    def _on_change(self, name: str) -> None:
        challenge = self.challenge()
        if challenge is not None:
            self.change.ask(self.session, challenge.side(name))

    def _on_switch(self, pick: SidePick) -> None:
        changes: list[ChangeReport] = []
        if self.apply(pool_steps.change_ability(pick, changes)):
            self.change.hide()
            self._reports.clear()
            self.refresh()

    def _on_take(self, step: Action) -> None:
        self.apply(step)

    # -- showing --------------------------------------------------------------------------

    def _on_changed(self, changes: Changes) -> None:
        if changes & (Changes.PLAYERS | Changes.SHEET | Changes.OPTIONS):
            self.setup.fill_sheets(self.session)
        if changes & (Changes.RESOLVER | Changes.SEAT | Changes.SHEET | Changes.OPTIONS):
            self.refresh()

    def _on_replaced(self) -> None:
        self._reports.clear()
        self.setup.start_afresh()
        self.setup.fill_sheets(self.session)
        self.refresh()

    def report(self) -> RoundReport | None:
        """The explanation of the round last played, when this tracker saw it played."""
        challenge = self.challenge()
        if challenge is None or challenge.rounds_played == 0:
            return None
        return self._reports.get(challenge.rounds_played)

    def refresh(self) -> None:
        challenge = self.challenge()
        session = self.session
        self.setEnabled(session.curtain is None)
        self.options_line.setText(options_words(session.state))
        over_or_none = challenge is None or challenge.over
        self.setup.setVisible(challenge is None or (self.setup.isVisible() and challenge.over))
        if challenge is None and self.setup.preparing:
            self.setup.stop_preparing()
        gm_step = pool_steps.start(self.setup.first.pick(), [])
        allow(self.setup.start, None if over_or_none else "a Challenge is going on",
              "Start the Challenge (the GM's step)")
        if over_or_none and (reason := session.may(gm_step)):
            allow(self.setup.start, reason, "Start the Challenge (the GM's step)")
        self.new_button.setVisible(challenge is not None and challenge.over)
        self.prepare_button.setVisible(
            challenge is not None and challenge.over and challenge.one_against_one)
        self.clear_button.setVisible(challenge is not None)
        allow(self.clear_button, session.may(pool_steps.clear(session.state)),
              "Take the Challenge off the table")
        self.next_button.setVisible(challenge is not None)
        if challenge is None or not challenge.rounds_played:
            self.round_table.show_report(None)
        if challenge is None:
            self.change.hide()
            self.heading.setText("No pool Challenge on the table: set up the sides.")
            self._rebuild_columns(())
            self.verdict.setText("")
            self.verdict.setStyleSheet("")
            self._rebuild_penalties(None)
            return
        key = tuple(side.name for side in challenge.sides)
        if key != self._shown_key:
            self._rebuild_columns(key)
        report = self.report()
        played = challenge.rounds_played
        self.heading.setText(
            f"Round {played + 1} next" if not challenge.over
            else f"Over after {counted(played, 'round')}"
        )
        for side in challenge.sides:
            self._show_side(challenge, side, report)
        if report is not None:
            self.round_table.show_report(report, [
                side.name for side in challenge.sides
                if side.name not in {part.name for part in report.sides}])
        else:
            self.round_table.show_report(None)
        if challenge.over:
            self.change.hide()
        self._show_verdict(challenge, report)
        self._check_conversions()
        self._rebuild_penalties(challenge)

    def _rebuild_columns(self, names: tuple[str, ...]) -> None:
        for column in self.columns.values():
            self._sides.removeWidget(column)
            column.deleteLater()
        self.columns = {}
        for name in names:
            column = SideColumn(name, self._sides_widget)
            for spin in column.spins.values():
                spin.valueChanged.connect(self._check_conversions)
            column.plan_button.clicked.connect(lambda _=False, n=name: self.plan(n))
            column.change_button.clicked.connect(lambda _=False, n=name: self._on_change(n))
            column.waiting = WaitingFor(self.document, column.plan)
            plan_layout = column.plan.layout()
            assert plan_layout is not None
            plan_layout.addWidget(column.waiting)
            column.show()
            self.columns[name] = column
        self._shown_key = names or None
        self._place_columns(self._sides_that_fit())

    def _sides_that_fit(self) -> int:
        """How many sides share a row: as many as fit whole in the panel's width."""
        room = self._scroll.viewport().width() - self._page_margins()
        widest = max((c.minimumSizeHint().width() for c in self.columns.values()), default=0)
        together = SIDES_PER_ROW * widest + (SIDES_PER_ROW - 1) * self._sides.horizontalSpacing()
        return SIDES_PER_ROW if together <= room else 1

    def _page_margins(self) -> int:
        page = self._scroll.widget()
        margins = page.layout().contentsMargins() if page and page.layout() else None
        return margins.left() + margins.right() if margins is not None else 0

    def _place_columns(self, per_row: int) -> None:
        self._per_row = per_row
        for column in self.columns.values():
            self._sides.removeWidget(column)
        for place in range(SIDES_PER_ROW):
            self._sides.setColumnStretch(place, 1 if place < per_row else 0)
        for at, column in enumerate(self.columns.values()):
            self._sides.addWidget(column, at // per_row, at % per_row)

    def resizeEvent(self, event: QtGui.QResizeEvent) -> None:
        super().resizeEvent(event)
        per_row = self._sides_that_fit()
        if per_row != self._per_row:
            self._place_columns(per_row)

    def _show_side(self, challenge: PoolChallenge, side: Side, report: RoundReport | None) -> None:
        column = self.columns[side.name]
        column.bar.setRange(0, max(side.starting_pool, 1))
        column.bar.setValue(max(0, min(side.pool, side.starting_pool)))
        column.bar.setFormat(f"{side.pool} / {side.starting_pool}")
        state = "out" if side.out else "in"
        colour = ink("error") if side.out else ink("success")
        column.title.setText(
            f"{html.escape(side.name)}  <span style='color:{colour}'>({state})</span>"
        )
        column.numbers.setText(_numbers(side))
        column.plan.setVisible(not side.out and not challenge.over)
        column.plan_title.setText(f"Conversions for round {challenge.rounds_played + 1}")
        session = self.session
        mine = session.may(pool_steps.plan(side.name, Conversion(to_bonus=1)))
        for spin in column.spins.values():
            spin.setEnabled(mine is None)
            spin.setToolTip(spin.accessibleName() if mine is None else mine)
        column.planned.setText(f"Planned: {side.planned}." if side.plan_in else "")
        column.planned.setVisible(side.plan_in)
        allow(column.plan_button, mine, "Keep this conversion for the round, to pass the "
              "computer on before it is played")
        if column.waiting is not None:
            probe = pool_steps.plan(side.name, Conversion(to_bonus=1))
            column.waiting.show_for(decider_of(session, probe) if not side.out and not
                                    side.plan_in and not challenge.over else None,
                                    "to plan the conversions")
        column.change_button.setVisible(challenge.one_against_one)
        allow(column.change_button,
              session.may(pool_steps.change_ability(SidePick(side.name))),
              "Switch to another ability: pools do not refresh; the side with the larger pool "
              "carries half the difference into the next round")
        column.explanation.setVisible(report is None)
        if report is not None:
            column.explanation.clear()
        elif challenge.rounds_played:
            column.explanation.setText(
                f"Round {challenge.rounds_played} was played before this tracker opened; its "
                "explanation is in the session log."
            )
        else:
            column.explanation.setText(_explained("Entering", _entry_lines(challenge, side)))

    def _show_verdict(self, challenge: PoolChallenge, report: RoundReport | None) -> None:
        if not challenge.over:
            text = report.verdict if report is not None else "Plan any conversions, then play."
            self.verdict.setText(text)
            self.verdict.setStyleSheet("font-weight: 600;")
            return
        text = report.verdict if report is not None else _result_words(challenge)
        self.verdict.setText(text)
        self.verdict.setStyleSheet(
            "background: #2f4f3f; color: #f2ede2; font-weight: 800; font-size: 12pt;"
            "border-radius: 6px; padding: 6px;"
        )

    def _check_conversions(self) -> None:
        challenge = self.challenge()
        if challenge is None:
            return
        allowed = not challenge.over
        for name, column in self.columns.items():
            side = challenge.side(name)
            problem = ""
            if not side.out and not challenge.over:
                try:
                    side.check(column.conversion())
                except PoolChallengeError as exc:
                    problem = str(exc)
            column.refusal.setText(problem)
            column.refusal.setVisible(bool(problem))
            allowed = allowed and not problem
        tip = "Play the round with the conversions planned (Ctrl+Enter)"
        reason = (None if allowed else "The Challenge is over" if challenge.over
                  else "A planned conversion is not allowed: see the side's note")
        if reason is None:
            # The model says whether the round waits for a side's plan (or the GM moves on).
            reason = self.session.may(
                pool_steps.play_round(self._conversions(mine=True)))
        allow(self.next_button, reason, tip)

    def _rebuild_penalties(self, challenge: PoolChallenge | None) -> None:
        losers = [] if challenge is None else list(challenge.penalized())
        key = [(side.name, side.pool) for side in losers]
        taken = challenge.penalties_taken if challenge is not None else ()
        if [(form.side.name, form.side.pool) for form in self.penalties] == key:
            for form in self.penalties:
                form.taken = form.side.name in taken
                form.allow(self.session)
            return
        for form in self.penalties:
            self._penalty_box.removeWidget(form)
            form.deleteLater()
        self.penalties = []
        assert challenge is not None or not losers
        for side in losers:
            assert challenge is not None
            form = PenaltyForm(self.session, challenge, side, self)
            form.setToolTip("If the Challenge was hazardous, the loser takes this penalty")
            form.take_requested.connect(self._on_take)
            self._penalty_box.addWidget(form)
            form.show()
            self.penalties.append(form)


def _explained(title: str, sentences: Sequence[str]) -> str:
    """A column's explanation: a bold heading, then the model's sentences one per line."""
    lines = "<br>".join(html.escape(sentence) for sentence in sentences)
    return f"<b>{html.escape(title)}</b><br>{lines}"


def _entry_lines(challenge: PoolChallenge, side: Side) -> list[str]:
    """How a side entered, from the model's set-up lines."""
    prefix = f"{side.name}: "
    lines = challenge.setup_lines()
    return [line.removeprefix(prefix) for line in lines if line.startswith(prefix)]


def _result_words(challenge: PoolChallenge) -> str:
    result = challenge.result
    if result is Result.FIRST_WINS:
        return " and ".join(side.name for side in challenge.first) + " won."
    if result is Result.SECOND_WINS:
        return " and ".join(side.name for side in challenge.second) + " won."
    return f"Over: {result}."


def make_dock(
    document: SessionDocument, parent: QtWidgets.QWidget | None = None
) -> QtWidgets.QDockWidget:
    """The pool Challenge tracker in a dock."""
    dock = QtWidgets.QDockWidget("Pool Challenge", parent)
    dock.setObjectName("poolDock")
    dock.setAccessibleName("Pool Challenge")
    dock.setWidget(PoolTracker(document, dock))
    return dock
