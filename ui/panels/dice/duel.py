"""The crisis-dice Duel: both sides' dice, cancelled values struck out, pushing one's luck.

The view reads the :class:`~cardtable.resolvers.crisis.duel.Duel` on the table and asks it for
everything: who may push (:meth:`~cardtable.resolvers.crisis.duel.Duel.may_push`), what a push
would risk (:meth:`~cardtable.resolvers.crisis.duel.Duel.push_odds`), and how it ended. A side
is a crisis dice character (its pool read from the sheet) or a name the GM types with a pool.
Every step is one of :mod:`cardtable.steps.crisis`, so it is logged, rolled with the session's
randomness, undoable, and someone's: the GM sets the Duel up (writing down the Crisis, which
only the GM sees until it strikes), calls a stand-off and clears it; each side's pushes and
declines are its player's (the GM's for a side typed in), with "Waiting for Bob (Leo)" and a
button passing Bob the computer at any other seat.
"""

from __future__ import annotations

from cardtable.resolvers.crisis.duel import Duel, DuelPhase, DuelResult, DuelSide
from cardtable.session import Changes, GameState
from cardtable.steps import crisis as steps
from cardtable.ui.art.dice_faces import DiceStrip, Glyph, GlyphGroup
from cardtable.ui.document import SessionDocument
from cardtable.ui.panels.base import SessionPanel
from cardtable.ui.panels.dice.simple import crisis_words
from cardtable.ui.panels.owners import WaitingFor, allow_step, decider_of
from cardtable.ui.qt import Qt, QtWidgets
from cardtable.ui.widgets.style import describe, keep_room, line_edit
from cardtable.ui.widgets.theme import ink_text

#: Where a Duel started here is kept.
DUEL_ID = steps.CRISIS_DUEL
CRISIS_STYLE = (
    "background: #b3261e; color: white; font-weight: 800; font-size: 13pt;"
    "border-radius: 6px; padding: 6px 10px;"
)
ENDED_STYLE = (
    "background: #2f4f3f; color: #f2ede2; font-weight: 700; border-radius: 6px; padding: 6px;"
)
STATUS_STYLE = "font-weight: 600; padding: 4px;"


def find_duel(state: GameState) -> tuple[str, Duel] | None:
    """The id and state of the Duel on the table, if any."""
    found = steps.duel_in_play(state)
    return None if found is None else (DUEL_ID, found)


def side_glyphs(side: DuelSide, crisis_die: int | None = None) -> tuple[Glyph, ...]:
    """A side's dice to draw: rolled, then pushed; a value no longer in its set is struck
    out (cancelled); the die that caused a Crisis comes last, marked."""
    live = set(side.dice)
    glyphs = [Glyph.d6(value, struck=value not in live) for value in side.rolled]
    glyphs += [Glyph.d6(value, pushed=True, struck=value not in live) for value in side.pushed]
    if crisis_die is not None:
        glyphs.append(Glyph.d6(crisis_die, pushed=True, crisis=True))
    return tuple(glyphs)


PUSH_TIP = "Roll one more die: a value still in your set is a Crisis"
DECLINE_TIP = "Do not push: the other side wins (on a tie, the other side may still push)"


class SidePanel(QtWidgets.QFrame):
    """One side of the Duel: name and total, its dice, and its push and decline buttons."""

    def __init__(self, index: int, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.index = index
        self.setObjectName(f"duelSide{index}")
        self.setFrameShape(QtWidgets.QFrame.Shape.StyledPanel)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        head = QtWidgets.QHBoxLayout()
        self.name = QtWidgets.QLabel()
        font = self.name.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.2)
        self.name.setFont(font)
        self.total = QtWidgets.QLabel()
        self.total.setFont(font)
        self.total.setAccessibleName(f"Side {index + 1} total")
        head.addWidget(self.name, 1)
        head.addWidget(self.total)
        layout.addLayout(head)
        felt = QtWidgets.QFrame()
        felt.setObjectName(f"duelFelt{index}")
        felt.setStyleSheet(f"#duelFelt{index} {{ background: #1f3b2d; border-radius: 8px; }}")
        felt_layout = QtWidgets.QVBoxLayout(felt)
        felt_layout.setContentsMargins(2, 2, 2, 2)
        self.strip = DiceStrip(felt, die_size=38)
        self.strip.setAccessibleName(f"Side {index + 1} dice")
        describe(self.strip, "Struck-out dice were cancelled by the other side's equal values; "
                              "a green + marks a pushed die")
        felt_layout.addWidget(self.strip)
        layout.addWidget(felt)
        buttons = QtWidgets.QHBoxLayout()
        self.push = QtWidgets.QPushButton("Push your luck")
        self.push.setAccessibleName(f"Side {index + 1} push")
        self.decline = QtWidgets.QPushButton("Decline")
        self.decline.setAccessibleName(f"Side {index + 1} decline")
        describe(self.push, PUSH_TIP)
        describe(self.decline, DECLINE_TIP)
        self.odds = QtWidgets.QLabel()
        self.odds.setWordWrap(True)
        self.odds.setAccessibleName(f"Side {index + 1} push odds")
        buttons.addWidget(self.push)
        buttons.addWidget(self.decline)
        buttons.addWidget(self.odds, 1)
        layout.addLayout(buttons)
        self.waiting: WaitingFor | None = None  # given by the view, which has the document


class DuelView(SessionPanel, QtWidgets.QWidget):
    """Set up a Duel, roll it, and push or decline until it ends."""

    watches = Changes.RESOLVER | Changes.SEAT | Changes.PLAYERS | Changes.SHEET

    def __init__(self, document: SessionDocument, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(document, parent)
        self.setAccessibleName("Crisis Duel")
        self._build()
        self.refresh()

    def _build(self) -> None:
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        setup = QtWidgets.QGridLayout()
        self.names: list[QtWidgets.QComboBox] = []
        self.pools: list[QtWidgets.QSpinBox] = []
        for index in range(2):
            name = QtWidgets.QComboBox()
            name.setEditable(True)
            # The session's own crisis dice characters are offered; nothing is pre-filled.
            edit = name.lineEdit()
            assert edit is not None
            edit.setPlaceholderText("a character, or type a name")
            name.setAccessibleName(f"Side {index + 1} name")
            describe(name, "Who rolls: a crisis dice character (its pool from the sheet), or "
                            "type a name and give its pool")
            pool = QtWidgets.QSpinBox()
            pool.setRange(1, 100)
            pool.setValue(4 if index == 0 else 3)
            pool.setSuffix(" dice")
            pool.setAccessibleName(f"Side {index + 1} pool")
            describe(pool, "How many six-sided dice this side rolls")
            name.currentTextChanged.connect(lambda _text: self._show_pools())
            setup.addWidget(name, index, 0)
            setup.addWidget(pool, index, 1)
            self.names.append(name)
            self.pools.append(pool)
        self.crisis = line_edit("The Crisis", "The Crisis a push may bring (only the GM sees it "
                                "until it strikes)", self)
        setup.addWidget(self.crisis, 2, 0, 1, 2)
        self.start = QtWidgets.QPushButton("New Duel")
        describe(self.start, "Set up a Duel between these two sides (the GM's)")
        self.start.setAccessibleName("New Duel")
        setup.addWidget(self.start, 0, 2, 3, 1)
        setup.setColumnStretch(0, 1)
        layout.addLayout(setup)
        self.start_waiting = WaitingFor(self.document, self)
        layout.addWidget(self.start_waiting)

        self.status = QtWidgets.QLabel()
        self.status.setWordWrap(True)
        self.status.setAccessibleName("Duel status")
        self.status.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout.addWidget(self.status)
        self.crisis_note = keep_room(QtWidgets.QLabel())
        self.crisis_note.setWordWrap(True)
        self.crisis_note.setAccessibleName("The Crisis set up")
        layout.addWidget(self.crisis_note)
        self.sides = [SidePanel(0, self), SidePanel(1, self)]
        for panel in self.sides:
            layout.addWidget(panel)
            # Kept room: the other side and the buttons below hold still as the computer passes.
            panel.waiting = keep_room(WaitingFor(self.document, panel))
            panel_layout = panel.layout()
            assert panel_layout is not None
            panel_layout.addWidget(panel.waiting)
            panel.push.clicked.connect(lambda _=False, i=panel.index: self.push(i))
            panel.decline.clicked.connect(lambda _=False, i=panel.index: self.decline(i))
        buttons = QtWidgets.QHBoxLayout()
        self.roll_button = QtWidgets.QPushButton("Roll both")
        describe(self.roll_button, "Both sides roll their pools; common values cancel")
        self.roll_button.setAccessibleName("Roll both")
        self.stand_off_button = QtWidgets.QPushButton("Stand-off")
        describe(self.stand_off_button, "On a tie, nobody pushes: the Duel ends in a stand-off "
                                         "(the GM calls it)")
        self.end_button = QtWidgets.QPushButton("Clear Duel")
        describe(self.end_button, "Take the Duel off the table (the GM's)")
        buttons.addWidget(self.roll_button)
        buttons.addWidget(self.stand_off_button)
        buttons.addStretch(1)
        buttons.addWidget(self.end_button)
        layout.addLayout(buttons)
        self.message = self.message_line("Duel message")
        ink_text(self.message, "error")
        layout.addWidget(self.message)
        layout.addStretch(1)
        self.start.clicked.connect(self.new_duel)
        self.roll_button.clicked.connect(self.roll)
        self.stand_off_button.clicked.connect(self.stand_off)
        self.end_button.clicked.connect(self.clear)

    # -- asking the session ---------------------------------------------------------------

    def rules_step(self) -> str:
        """The rules page's anchor: the Duel until its sides have rolled, then pushing."""
        duel = self.duel()
        return "duel" if duel is None or duel.phase is DuelPhase.READY else "push"

    def duel(self) -> Duel | None:
        return steps.duel_in_play(self.session.state)

    def picks(self) -> tuple[steps.DuelPick, steps.DuelPick]:
        """Each side as entered: a character picked from the list, or a name and a pool."""
        picks = []
        for box, spin in zip(self.names, self.pools, strict=True):
            text = box.currentText().strip()
            index = box.findText(text)
            character = box.itemData(index) if index >= 0 else None
            picks.append(steps.DuelPick(str(character)) if character
                         else steps.DuelPick(name=text, pool=spin.value()))
        return picks[0], picks[1]

    def new_duel(self) -> bool:
        """The GM sets up a Duel between the two sides entered (replacing one that ended)."""
        first, second = self.picks()
        if self.apply(steps.set_up_duel(first, second, self.crisis.text())):
            self.crisis.clear()
            return True
        return False

    def roll(self) -> bool:
        return self.apply(steps.roll_duel())

    def push(self, side: int) -> bool:
        return self.apply(steps.push_duel(side))

    def decline(self, side: int) -> bool:
        return self.apply(steps.decline(side))

    def stand_off(self) -> bool:
        return self.apply(steps.stand_off())

    def clear(self) -> bool:
        if self.duel() is None:
            return False
        return self.apply(steps.clear_duel())

    # -- showing --------------------------------------------------------------------------

    def _on_replaced(self) -> None:
        """Another session: the names typed for the last one go (the new one's characters
        are offered), and so does its Crisis."""
        for box in self.names:
            box.setCurrentText("")
        self.crisis.clear()
        self.refresh()

    def _fill_names(self) -> None:
        characters = steps.crisis_characters(self.session.state)
        for box in self.names:
            text = box.currentText()
            box.blockSignals(True)
            box.clear()
            for character in characters:
                box.addItem(character.name, character.id)
            box.setCurrentText(text)
            box.blockSignals(False)
        self._show_pools()

    def _show_pools(self) -> None:
        """A character's pool is read from its sheet, never typed."""
        first, second = self.picks()
        state = self.session.state
        for pick, spin in zip((first, second), self.pools, strict=True):
            spin.setEnabled(not pick.character)
            if pick.character:
                spin.blockSignals(True)
                spin.setValue(pick.side(state).pool)
                spin.blockSignals(False)
                spin.setToolTip("From the character's sheet")
            else:
                spin.setToolTip("How many six-sided dice this side rolls")

    def refresh(self) -> None:
        self._fill_names()
        session = self.session
        duel = self.duel()
        blocked = self.curtain_reason()
        ended = duel is None or duel.phase is DuelPhase.ENDED
        first, second = self.picks()
        probe = steps.set_up_duel(first, second)
        allow_step(self.start, session, probe, "Set up a Duel between these two sides (the GM's)",
                   blocked or (None if ended else "a Duel is going on: finish it or clear it "
                               "first"))
        self.start_waiting.show_for(decider_of(session, probe) if ended else None,
                                    "to set up the Duel")
        allow_step(self.end_button, session, steps.clear_duel(),
                   "Take the Duel off the table (the GM's)",
                   blocked or (None if duel is not None else "no Duel on the table"))
        if duel is None:
            self.status.setText("No Duel yet: name both sides and press New Duel.")
            self.status.setStyleSheet(STATUS_STYLE)
            self.crisis_note.hide()
            for panel in self.sides:
                panel.setVisible(False)
            self.roll_button.setEnabled(False)
            self.stand_off_button.setEnabled(False)
            return
        pushing = duel.phase is DuelPhase.PUSHING
        allow_step(self.roll_button, session, steps.roll_duel(),
                   "Both sides roll their pools; common values cancel",
                   blocked or (None if duel.phase is DuelPhase.READY else "rolled already"))
        allow_step(self.stand_off_button, session, steps.stand_off(),
                   "On a tie, nobody pushes: the Duel ends in a stand-off (the GM calls it)",
                   blocked or (None if pushing and duel.lower is None else "only on a tie"))
        pusher = None
        if duel.result is DuelResult.CRISIS and duel.winner is not None:
            pusher = 1 - duel.winner
        for panel, side in zip(self.sides, duel.sides, strict=True):
            panel.setVisible(True)
            self._show_side(duel, panel, side, pusher, blocked)
        self._show_status(duel, pusher)
        self._show_crisis(duel)

    def _show_crisis(self, duel: Duel) -> None:
        struck = steps.duel_struck(duel)
        known = steps.crisis_known_to(self.session, duel.crisis, struck)
        self.crisis_note.setVisible(bool(duel.crisis))
        if known is None:
            self.crisis_note.setText("The GM has written down a Crisis: hidden until it strikes.")
        else:
            self.crisis_note.setText(crisis_words(known, struck))

    def _show_side(self, duel: Duel, panel: SidePanel, side: DuelSide, pusher: int | None,
                   blocked: str | None) -> None:
        index = panel.index
        session = self.session
        panel.name.setText(f"{side.name} · {side.pool} dice")
        rolled = duel.phase is not DuelPhase.READY
        panel.total.setText(f"Total {side.total}" if rolled else "")
        crisis_die = duel.crisis_die if pusher == index else None
        glyphs = side_glyphs(side, crisis_die)
        panel.strip.set_groups([GlyphGroup("", glyphs)] if glyphs else [])
        panel.strip.set_empty_text("" if rolled else "Not rolled yet")
        may = duel.may_push(index)
        rule = None if may else "only the lower side (either on a tie) may push, once both " \
            "have rolled"
        allow_step(panel.push, session, steps.push_duel(index), PUSH_TIP, blocked or rule)
        allow_step(panel.decline, session, steps.decline(index), DECLINE_TIP, blocked or rule)
        if panel.waiting is not None:
            panel.waiting.show_for(decider_of(session, steps.push_duel(index)) if may else None,
                                   "to push or decline")
        winner = duel.winner == index and duel.phase is DuelPhase.ENDED
        colour = "#f2c14e" if winner else "palette(mid)"
        panel.setStyleSheet(
            f"#duelSide{index} {{ border: 2px solid {colour}; border-radius: 8px; }}"
        )
        if may:
            odds = duel.push_odds(index)
            crisis = ", ".join(map(str, odds.crisis_faces)) or "nothing"
            ahead = ", ".join(map(str, odds.winning_faces)) or "nothing"
            panel.odds.setText(
                f"Crisis on {crisis} ({odds.p_crisis:.0%}) · ahead on {ahead} ({odds.p_win:.0%})"
            )
        else:
            panel.odds.setText("")

    def _show_status(self, duel: Duel, pusher: int | None) -> None:
        if duel.phase is DuelPhase.READY:
            self.status.setText("Both sides are ready: roll.")
            self.status.setStyleSheet(STATUS_STYLE)
            return
        if duel.phase is DuelPhase.PUSHING:
            lower = duel.lower
            if lower is None:
                text = "A tie: either side may push; if neither does, a stand-off."
            else:
                text = f"{duel.sides[lower].name} is lower and may push their luck, or decline."
            self.status.setText(text)
            self.status.setStyleSheet(STATUS_STYLE)
            return
        outcome = duel.outcome()
        if outcome.result is DuelResult.CRISIS and pusher is not None:
            self.status.setText(
                f"CRISIS! {duel.sides[pusher].name} pushed a {outcome.crisis_die} that was "
                f"still in their set. {outcome.winner} wins the Duel."
            )
            self.status.setStyleSheet(CRISIS_STYLE)
        elif outcome.result is DuelResult.STAND_OFF:
            self.status.setText("Stand-off: nobody pushed on a tie.")
            self.status.setStyleSheet(ENDED_STYLE)
        else:
            self.status.setText(
                f"{outcome.winner} wins the Duel; {outcome.loser} declined to push. "
                "The winner decides the loser's penalty, within reason."
            )
            self.status.setStyleSheet(ENDED_STYLE)


def make_dock(
    document: SessionDocument, parent: QtWidgets.QWidget | None = None
) -> QtWidgets.QDockWidget:
    """The Duel on its own dock (the dice dock also holds it, as a tab)."""
    dock = QtWidgets.QDockWidget("Crisis Duel", parent)
    dock.setObjectName("duelDock")
    dock.setWidget(DuelView(document, dock))
    return dock
