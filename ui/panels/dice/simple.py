"""The crisis-dice Simple Challenge in the dice tray: the GM sets it, the player rolls and
pushes, the GM alone invites a push, and the Crisis the GM wrote down shows when it strikes.

The GM picks the character (its pool is read from the sheet, never typed), the difficulty
(the model checks it: a multiple of 3, of 4 against something UNNATURAL) and writes the Crisis
down; the chance of success is shown before the roll. Only the GM's seat sees the Crisis until
a push causes it. Every button is one step of :mod:`cardtable.steps.crisis`, enabled only at
the seat whose decision it is, with "Waiting for Bob (Leo)" and a button passing Bob the
computer elsewhere.
"""

from __future__ import annotations

from fractions import Fraction

from cardtable.dice import p_crisis_success
from cardtable.resolvers.crisis.duel import (
    CrisisDiceError,
    CrisisPhase,
    CrisisResult,
    SimpleChallenge,
    check_difficulty,
)
from cardtable.resolvers.crisis.events import NATURAL_STEP, UNNATURAL_STEP
from cardtable.session import Changes, CharacterId
from cardtable.sheets import CrisisSheet
from cardtable.steps import crisis as steps
from cardtable.ui.art.dice_faces import DiceStrip, Glyph, GlyphGroup
from cardtable.ui.document import SessionDocument
from cardtable.ui.panels.base import SessionPanel
from cardtable.ui.panels.owners import WaitingFor, allow_step, decider_of, fill_characters
from cardtable.ui.qt import QtWidgets
from cardtable.ui.widgets.style import (
    button,
    combo,
    describe,
    escape,
    keep_room,
    line_edit,
    percent,
)
from cardtable.ui.widgets.theme import ink_text

CRISIS_STYLE = (
    "background: #b3261e; color: white; font-weight: 800; border-radius: 6px; padding: 6px;"
)
ENDED_STYLE = {
    CrisisResult.SUCCESS: "background: #1e7a44; color: white; font-weight: 700; "
                          "border-radius: 6px; padding: 6px;",
    CrisisResult.FAILURE: "background: #6b6475; color: white; font-weight: 700; "
                          "border-radius: 6px; padding: 6px;",
    CrisisResult.CRISIS: CRISIS_STYLE,
}
MAX_DIFFICULTY = 99


def crisis_words(crisis: str, struck: bool) -> str:
    """The Crisis as the panel shows it to a seat that may read it."""
    if struck:
        return f"The Crisis strikes: {crisis}"
    return f"The Crisis (only you see it until it strikes): {crisis}"


def challenge_glyphs(challenge: SimpleChallenge) -> tuple[Glyph, ...]:
    """The dice rolled, the pushes that joined them, and a die that caused a Crisis."""
    glyphs = [Glyph.d6(value) for value in challenge.rolled]
    glyphs += [Glyph.d6(value, pushed=True) for value in challenge.pushed]
    if challenge.crisis_die is not None:
        glyphs.append(Glyph.d6(challenge.crisis_die, pushed=True, crisis=True))
    return tuple(glyphs)


class SimpleView(SessionPanel, QtWidgets.QWidget):
    """Set up a Simple Challenge, roll it, and push (when invited) until it ends."""

    watches = Changes.RESOLVER | Changes.SEAT | Changes.PLAYERS | Changes.SHEET

    def __init__(self, document: SessionDocument, parent: QtWidgets.QWidget | None = None
                 ) -> None:
        super().__init__(document, parent)
        self.setAccessibleName("Crisis Simple Challenge")
        self._build()
        self.refresh()

    def _build(self) -> None:
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        self.setup_box = QtWidgets.QGroupBox("The GM sets a Simple Challenge", self)
        setup = QtWidgets.QGridLayout(self.setup_box)
        self.character = combo("Character", "Who faces the Challenge: a crisis dice character "
                               "(the pool comes from the sheet)", self.setup_box)
        self.pool = QtWidgets.QLabel(self.setup_box)
        self.pool.setAccessibleName("Pool from the sheet")
        self.difficulty = QtWidgets.QSpinBox(self.setup_box)
        self.difficulty.setRange(0, MAX_DIFFICULTY)
        self.difficulty.setValue(6)
        self.difficulty.setSingleStep(NATURAL_STEP)
        self.difficulty.setPrefix("difficulty ")
        self.difficulty.setAccessibleName("Difficulty")
        describe(self.difficulty, "A multiple of 3 (6 is moderately hard, 15 very hard), of 4 "
                                   "against something UNNATURAL; the total must be above it")
        self.unnatural = QtWidgets.QCheckBox("UNNATURAL", self.setup_box)
        describe(self.unnatural, "Against something UNNATURAL: the difficulty is a multiple "
                                  "of 4")
        self.crisis = line_edit("The Crisis", "The Crisis if a push fails (only the GM sees it "
                                "until then)", self.setup_box)
        self.odds = QtWidgets.QLabel(self.setup_box)
        self.odds.setAccessibleName("Chance of success")
        self.odds.setWordWrap(True)
        self.set_up = button("Set the Challenge", "The GM sets the Challenge for this "
                             "character", self.setup_box, primary=True)
        self.setup_waiting = WaitingFor(self.document, self.setup_box)
        setup.addWidget(self.character, 0, 0)
        setup.addWidget(self.pool, 0, 1)
        setup.addWidget(self.difficulty, 1, 0)
        setup.addWidget(self.unnatural, 1, 1)
        setup.addWidget(self.crisis, 2, 0, 1, 2)
        setup.addWidget(self.odds, 3, 0, 1, 2)
        setup.addWidget(self.set_up, 4, 0, 1, 2)
        setup.addWidget(self.setup_waiting, 5, 0, 1, 2)
        layout.addWidget(self.setup_box)

        self.play_box = QtWidgets.QGroupBox("The Challenge", self)
        play = QtWidgets.QVBoxLayout(self.play_box)
        self.heading = QtWidgets.QLabel(self.play_box)
        self.heading.setWordWrap(True)
        self.heading.setAccessibleName("Challenge")
        play.addWidget(self.heading)
        self.crisis_note = QtWidgets.QLabel(self.play_box)
        self.crisis_note.setWordWrap(True)
        self.crisis_note.setAccessibleName("The Crisis set up")
        play.addWidget(self.crisis_note)
        felt = QtWidgets.QFrame(self.play_box)
        felt.setObjectName("simpleFelt")
        felt.setStyleSheet("#simpleFelt { background: #1f3b2d; border-radius: 8px; }")
        felt_layout = QtWidgets.QVBoxLayout(felt)
        felt_layout.setContentsMargins(2, 2, 2, 2)
        self.strip = DiceStrip(felt, die_size=38)
        self.strip.setAccessibleName("Challenge dice")
        self.strip.set_empty_text("Not rolled yet")
        felt_layout.addWidget(self.strip)
        play.addWidget(felt)
        self.total = QtWidgets.QLabel(self.play_box)
        self.total.setAccessibleName("Roll Total")
        bold = self.total.font()
        bold.setBold(True)
        self.total.setFont(bold)
        play.addWidget(self.total)
        self.push_odds = QtWidgets.QLabel(self.play_box)
        self.push_odds.setWordWrap(True)
        self.push_odds.setAccessibleName("Push odds")
        play.addWidget(self.push_odds)
        grid = QtWidgets.QGridLayout()
        self.roll_button = button("Roll", "Roll the pool", self.play_box, primary=True)
        self.invite = button("Invite a push", "The GM invites the character to push their "
                             "luck: one more die, a value already in the set is a Crisis",
                             self.play_box)
        self.push = button("Push your luck", "Roll one more die: a value already in the set "
                           "is a Crisis", self.play_box, primary=True)
        self.stop = button("Let the failure stand", "No push: the Challenge fails",
                           self.play_box)
        grid.addWidget(self.roll_button, 0, 0)
        grid.addWidget(self.invite, 0, 1)
        grid.addWidget(self.push, 1, 0)
        grid.addWidget(self.stop, 1, 1)
        play.addLayout(grid)
        # Its room stays while the computer passes, so the result and Clear never move.
        self.waiting = keep_room(WaitingFor(self.document, self.play_box))
        play.addWidget(self.waiting)
        self.result = QtWidgets.QLabel(self.play_box)
        self.result.setWordWrap(True)
        self.result.setAccessibleName("Challenge result")
        play.addWidget(self.result)
        self.clear = button("Clear the Challenge", "Take the Challenge off the table (the GM's)",
                            self.play_box)
        play.addWidget(self.clear)
        # The Challenge on the table comes first, its result in sight above the next set-up.
        layout.insertWidget(0, self.play_box)
        self.message = self.message_line("Challenge message")
        ink_text(self.message, "error")
        layout.addWidget(self.message)
        layout.addStretch(1)

        self.character.currentIndexChanged.connect(lambda _i: self.refresh())
        self.difficulty.valueChanged.connect(lambda _v: self.refresh())
        self.unnatural.toggled.connect(self._on_unnatural)
        self.set_up.clicked.connect(self._on_set_up)
        self.roll_button.clicked.connect(lambda: self.apply(steps.roll_simple()))
        self.invite.clicked.connect(lambda: self.apply(steps.invite_push()))
        self.push.clicked.connect(lambda: self.apply(steps.push_simple()))
        self.stop.clicked.connect(lambda: self.apply(steps.accept_failure()))
        self.clear.clicked.connect(lambda: self.apply(steps.clear_simple()))

    # -- reading --------------------------------------------------------------------------

    def challenge(self) -> SimpleChallenge | None:
        return steps.simple_in_play(self.session.state)

    def choose(self, character: str) -> None:
        """Pick ``character`` for the next Challenge."""
        index = self.character.findData(character)
        if index >= 0:
            self.character.setCurrentIndex(index)

    def _pool(self) -> int | None:
        chosen = self.character.currentData()
        found = self.session.state.characters.get(CharacterId(chosen or ""))
        if found is None:
            return None
        return found.sheet.dice if isinstance(found.sheet, CrisisSheet) else CrisisSheet().dice

    # -- refreshing -----------------------------------------------------------------------

    def refresh(self) -> None:
        blocked = self.curtain_reason()
        challenge = self.challenge()
        self._show_setup(blocked, challenge)
        self.play_box.setVisible(challenge is not None)
        if challenge is not None:
            self._show_challenge(challenge, blocked)

    def _show_setup(self, blocked: str | None, challenge: SimpleChallenge | None) -> None:
        session = self.session
        state = session.state
        self.character.blockSignals(True)
        fill_characters(self.character, session,
                        [(c.id, f"{c.name} ({state.player(c.player).name})")
                         for c in steps.crisis_characters(state)])
        if self.character.currentIndex() < 0 and self.character.count():
            self.character.setCurrentIndex(0)  # the GM sets Challenges for anyone's character
        self.character.blockSignals(False)
        open_ = challenge is not None and challenge.phase is not CrisisPhase.ENDED
        self.setup_box.setVisible(not open_)
        pool = self._pool()
        self.pool.setText("" if pool is None else f"{pool} dice (sheet)")
        difficulty = self.difficulty.value()
        reason = blocked
        try:
            check_difficulty(difficulty, self.unnatural.isChecked())
        except CrisisDiceError as exc:
            reason = reason or str(exc)
            self.odds.setText(str(exc))
        else:
            if pool is not None:
                chance = p_crisis_success(pool, difficulty)
                self.odds.setText(f"Chance the roll beats {difficulty}: "
                                  f"{percent(Fraction(chance))}")
        if pool is None:
            reason = reason or "no character at the table has a crisis dice sheet"
        probe = steps.set_up_simple(self.character.currentData() or "", difficulty)
        self.offer(self.set_up, probe, reason, waiting=self.setup_waiting,
                   doing="to set the Challenge")

    def _show_challenge(self, challenge: SimpleChallenge, blocked: str | None) -> None:
        session = self.session
        against = " UNNATURAL" if challenge.unnatural else ""
        self.heading.setText(f"<b>{escape(challenge.name)}</b> · {challenge.pool} dice against"
                             f"{against} difficulty {challenge.difficulty}")
        struck = steps.simple_struck(challenge)
        known = steps.crisis_known_to(session, challenge.crisis, struck)
        if not challenge.crisis:
            self.crisis_note.setText("No Crisis is written down.")
        elif known is None:
            self.crisis_note.setText("The GM has written down a Crisis: hidden until it "
                                     "strikes.")
        else:
            self.crisis_note.setText(crisis_words(known, struck))
        glyphs = challenge_glyphs(challenge)
        self.strip.set_groups([GlyphGroup("", glyphs)] if glyphs else [])
        rolled = challenge.phase is not CrisisPhase.READY
        failing = challenge.phase is CrisisPhase.FAILING
        total = f"Total {challenge.total} against {challenge.difficulty}"
        # The model says it fails (a tie is not above the difficulty); the line says so.
        self.total.setText(f"{total}: fails (success needs more than {challenge.difficulty})"
                           if failing else total if rolled else "")
        self.roll_button.setVisible(challenge.phase is CrisisPhase.READY)
        allow_step(self.roll_button, session, steps.roll_simple(),
                   self.roll_button.accessibleDescription(), blocked)
        self.invite.setVisible(failing and not challenge.invited)
        allow_step(self.invite, session, steps.invite_push(), self.invite.accessibleDescription(),
                   blocked)
        self.push.setVisible(failing)
        allow_step(self.push, session, steps.push_simple(), self.push.accessibleDescription(),
                   blocked or (None if challenge.invited else "only after the GM invites a push"))
        self.stop.setVisible(failing)
        self.stop.setText("Stop pushing" if challenge.invited else "Let the failure stand")
        allow_step(self.stop, session, steps.accept_failure(), self.stop.accessibleDescription(),
                   blocked)
        if failing:
            odds = challenge.push_odds()
            crisis = ", ".join(map(str, odds.crisis_faces)) or "nothing"
            wins = ", ".join(map(str, odds.winning_faces)) or "nothing"
            self.push_odds.setText(f"A push: Crisis on {crisis} ({odds.p_crisis:.0%}), "
                                   f"success on {wins} ({odds.p_win:.0%})")
        self.push_odds.setVisible(failing)
        self._show_waiting(challenge)
        self._show_result(challenge, known)
        allow_step(self.clear, session, steps.clear_simple(), self.clear.accessibleDescription(),
                   blocked)

    def _show_waiting(self, challenge: SimpleChallenge) -> None:
        session = self.session
        if challenge.phase is CrisisPhase.READY:
            self.waiting.show_for(decider_of(session, steps.roll_simple()), "to roll")
        elif challenge.phase is CrisisPhase.FAILING and not challenge.invited:
            self.waiting.show_for(decider_of(session, steps.invite_push()),
                                  "to invite a push, or let the failure stand")
        elif challenge.phase is CrisisPhase.FAILING:
            self.waiting.show_for(decider_of(session, steps.push_simple()), "to push or stop")
        else:
            self.waiting.show_for(None)

    def _show_result(self, challenge: SimpleChallenge, known: str | None) -> None:
        result = challenge.result
        self.result.setVisible(result is not None)
        if result is None:
            return
        if result is CrisisResult.CRISIS:
            text = (f"CRISIS! {challenge.name} pushed a {challenge.crisis_die}, already in the "
                    "set.")
            if known:
                text += f" {known}"
        elif result is CrisisResult.SUCCESS:
            text = f"Success: {challenge.total} is above {challenge.difficulty}."
        else:
            text = f"Failure: {challenge.total} is not above {challenge.difficulty}."
        self.result.setText(text)
        self.result.setStyleSheet(ENDED_STYLE[result])

    # -- acting ---------------------------------------------------------------------------

    def _on_set_up(self) -> None:
        chosen = self.character.currentData()
        if chosen is None:
            return
        if self.apply(steps.set_up_simple(chosen, self.difficulty.value(),
                                           unnatural=self.unnatural.isChecked(),
                                           crisis=self.crisis.text())):
            self.crisis.clear()

    def _on_unnatural(self, unnatural: bool) -> None:
        self.difficulty.setSingleStep(UNNATURAL_STEP if unnatural else NATURAL_STEP)
        self.refresh()


__all__ = ["SimpleView", "challenge_glyphs", "crisis_words"]
