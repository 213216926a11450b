"""The crisis-dice Duel: both sides' dice, cancelled values struck out, pushing one's luck.

The view reads a :class:`~cardtable.resolvers.crisis.duel.Duel` from the session (any resolver
state of that type, or the one it starts as ``crisis-duel``) and asks it for everything:
who may push (:meth:`~cardtable.resolvers.crisis.duel.Duel.may_push`), what a push would risk
(:meth:`~cardtable.resolvers.crisis.duel.Duel.push_odds`), and how it ended. Every step (start,
roll, push, decline, stand-off) is a :class:`~cardtable.session.ResolverStep`, so it is
logged in the Duel's own words, rolled with the session's randomness, and undoable.

Each step says whose decision it is: setting a Duel up and clearing it are the GM's; pushing
or declining is the side's (its character's player when the side is named after a character
at the table, the GM for anyone else); rolling both and a stand-off are the table's. A side's
buttons are enabled only at its seat, and the side says "Waiting for Bea (Wren Halloway)"
with a button that passes Bea the computer.
"""

from __future__ import annotations

from collections.abc import Callable

from cardtable.randomness import Rng
from cardtable.resolvers.crisis.duel import CrisisDiceError, Duel, DuelPhase, DuelResult, DuelSide
from cardtable.session import (
    ANYONE,
    Changes,
    Decider,
    EndResolver,
    GameState,
    ResolverStep,
    SessionError,
)
from cardtable.sheets import CrisisSheet
from cardtable.ui.art.dice_faces import DiceStrip, Glyph, GlyphGroup
from cardtable.ui.document import SessionDocument
from cardtable.ui.panels.owners import WaitingFor, allow_step
from cardtable.ui.qt import Qt, QtWidgets

#: Setting a Duel up (and taking it off the table) is the GM's, as any Challenge's set-up.
SETTING_UP = Decider.gm("set up a Duel")

#: Where a Duel started here is kept.
DUEL_ID = "crisis-duel"
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
    for resolver_id, value in state.resolvers.items():
        if isinstance(value, Duel):
            return resolver_id, value
    return None


def side_glyphs(side: DuelSide, crisis_die: int | None = None) -> tuple[Glyph, ...]:
    """A side's dice to draw: rolled, then pushed; a value no longer in its set is struck
    out (cancelled); the die that caused a Crisis comes last, marked."""
    live = set(side.dice)
    glyphs = [Glyph.d6(value, struck=value not in live) for value in side.rolled]
    glyphs += [Glyph.d6(value, pushed=True, struck=value not in live) for value in side.pushed]
    if crisis_die is not None:
        glyphs.append(Glyph.d6(crisis_die, pushed=True, crisis=True))
    return tuple(glyphs)


def side_decider(state: GameState, name: str) -> Decider:
    """Whose a side's push is: the player of the character it is named after, else the GM's
    (an NPC typed in by name)."""
    found = next((c for c in state.characters.values() if c.name == name), None)
    if found is not None:
        return Decider.of(found.id, "push or decline")
    return Decider.gm(f"push or decline for {name}")


def _duel_step(resolver_id: str, act: Callable[[Duel, Rng], str]) -> Callable[..., list[str]]:
    def step(state: GameState, rng: Rng) -> list[str]:
        duel = state.resolvers.get(resolver_id)
        if not isinstance(duel, Duel):
            raise SessionError("No Duel is in progress: start one first.")
        return [act(duel, rng)]

    return step


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
        self.strip.setToolTip("Struck-out dice were cancelled by the other side's equal values; "
                              "a green + marks a pushed die")
        felt_layout.addWidget(self.strip)
        layout.addWidget(felt)
        buttons = QtWidgets.QHBoxLayout()
        self.push = QtWidgets.QPushButton("Push your luck")
        self.push.setAccessibleName(f"Side {index + 1} push")
        self.decline = QtWidgets.QPushButton("Decline")
        self.decline.setAccessibleName(f"Side {index + 1} decline")
        self.odds = QtWidgets.QLabel()
        self.odds.setWordWrap(True)
        self.odds.setAccessibleName(f"Side {index + 1} push odds")
        buttons.addWidget(self.push)
        buttons.addWidget(self.decline)
        buttons.addWidget(self.odds, 1)
        layout.addLayout(buttons)
        self.waiting: WaitingFor | None = None  # given by the view, which has the document


class DuelView(QtWidgets.QWidget):
    """Set up a Duel, roll it, and push or decline until it ends."""

    def __init__(self, document: SessionDocument, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("Crisis Duel")
        self._document = document
        self._build()
        document.changed.connect(self._on_changed)
        document.replaced.connect(self.refresh)
        self.refresh()

    def _build(self) -> None:
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        setup = QtWidgets.QGridLayout()
        self.names: list[QtWidgets.QComboBox] = []
        self.pools: list[QtWidgets.QSpinBox] = []
        for index, default in enumerate(("Wren Halloway", "The Hollow Man")):
            name = QtWidgets.QComboBox()
            name.setEditable(True)
            name.setAccessibleName(f"Side {index + 1} name")
            name.setToolTip("Who rolls: a crisis-dice character, or type any name")
            name.setCurrentText(default)
            pool = QtWidgets.QSpinBox()
            pool.setRange(1, 100)
            pool.setValue(4 if index == 0 else 3)
            pool.setSuffix(" dice")
            pool.setAccessibleName(f"Side {index + 1} pool")
            pool.setToolTip("How many six-sided dice this side rolls")
            name.activated.connect(lambda _row, i=index: self._on_character(i))
            setup.addWidget(name, index, 0)
            setup.addWidget(pool, index, 1)
            self.names.append(name)
            self.pools.append(pool)
        self.start = QtWidgets.QPushButton("New Duel")
        self.start.setToolTip("Set up a Duel between these two sides")
        self.start.setAccessibleName("New Duel")
        setup.addWidget(self.start, 0, 2, 2, 1)
        setup.setColumnStretch(0, 1)
        layout.addLayout(setup)

        self.status = QtWidgets.QLabel()
        self.status.setWordWrap(True)
        self.status.setAccessibleName("Duel status")
        self.status.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout.addWidget(self.status)
        self.sides = [SidePanel(0, self), SidePanel(1, self)]
        for panel in self.sides:
            panel.waiting = WaitingFor(self._document, panel)
            side_layout = panel.layout()
            assert side_layout is not None
            side_layout.addWidget(panel.waiting)
            layout.addWidget(panel)
            panel.push.clicked.connect(lambda _=False, i=panel.index: self.push(i))
            panel.decline.clicked.connect(lambda _=False, i=panel.index: self.decline(i))
        buttons = QtWidgets.QHBoxLayout()
        self.roll_button = QtWidgets.QPushButton("Roll both")
        self.roll_button.setToolTip("Both sides roll their pools; common values cancel")
        self.roll_button.setAccessibleName("Roll both")
        self.stand_off_button = QtWidgets.QPushButton("Stand-off")
        self.stand_off_button.setToolTip("On a tie, nobody pushes: the Duel ends in a stand-off")
        self.end_button = QtWidgets.QPushButton("Clear Duel")
        self.end_button.setToolTip("Take the Duel off the table")
        buttons.addWidget(self.roll_button)
        buttons.addWidget(self.stand_off_button)
        buttons.addStretch(1)
        buttons.addWidget(self.end_button)
        layout.addLayout(buttons)
        layout.addStretch(1)
        self.start.clicked.connect(self.new_duel)
        self.roll_button.clicked.connect(self.roll)
        self.stand_off_button.clicked.connect(self.stand_off)
        self.end_button.clicked.connect(self.clear)

    # -- asking the session ---------------------------------------------------------------

    def duel(self) -> Duel | None:
        found = find_duel(self._document.session.state)
        return found[1] if found else None

    def _id(self) -> str:
        found = find_duel(self._document.session.state)
        return found[0] if found else DUEL_ID

    def _step(self, act: Callable[[Duel, Rng], str], decider: Decider = ANYONE
              ) -> ResolverStep:
        return ResolverStep(_duel_step(self._id(), act), decider=decider)

    def _apply(self, act: Callable[[Duel, Rng], str], decider: Decider = ANYONE) -> bool:
        return self._document.apply(self._step(act, decider))

    def _side(self, side: int) -> Decider:
        duel = self.duel()
        if duel is None:
            return ANYONE
        return side_decider(self._document.session.state, duel.sides[side].name)

    def new_duel(self) -> bool:
        """Set up a Duel between the two sides entered (replacing one that has ended)."""
        names = [box.currentText().strip() for box in self.names]
        pools = [spin.value() for spin in self.pools]
        who = self._document.session.actor_name
        resolver_id = self._id()
        try:
            fresh = Duel.setup(names[0], pools[0], names[1], pools[1])
        except (CrisisDiceError, ValueError) as exc:
            self._document.refused.emit(str(exc))
            return False

        def start(state: GameState, rng: Rng) -> list[str]:
            current = state.resolvers.get(resolver_id)
            if isinstance(current, Duel) and current.phase is not DuelPhase.ENDED:
                raise SessionError("A Duel is still going on: finish it or clear it first.")
            if current is not None and not isinstance(current, Duel):
                raise SessionError(f"Something else is kept as {resolver_id!r}.")
            state.resolvers[resolver_id] = fresh
            return [
                f"{who} set up a crisis Duel: {names[0]} ({pools[0]} dice) against "
                f"{names[1]} ({pools[1]} dice)"
            ]

        return self._document.apply(ResolverStep(start, decider=SETTING_UP))

    def roll(self) -> bool:
        return self._apply(lambda duel, rng: duel.roll(rng).text())

    def push(self, side: int) -> bool:
        """Side ``side`` pushes its luck (at its player's seat)."""
        return self._apply(lambda duel, rng: duel.push(side, rng).text(), self._side(side))

    def decline(self, side: int) -> bool:
        """Side ``side`` declines to push (at its player's seat)."""
        return self._apply(lambda duel, rng: duel.decline(side).text(), self._side(side))

    def stand_off(self) -> bool:
        return self._apply(lambda duel, rng: duel.stand_off().text())

    def clear(self) -> bool:
        found = find_duel(self._document.session.state)
        if found is None:
            return False
        who = self._document.session.actor_name
        return self._document.apply(EndResolver(found[0], f"{who} cleared the crisis Duel",
                                                decider=SETTING_UP))

    # -- showing --------------------------------------------------------------------------

    def _on_character(self, index: int) -> None:
        name = self.names[index].currentText()
        for character in self._document.session.characters.values():
            if character.name == name and isinstance(character.sheet, CrisisSheet):
                self.pools[index].setValue(character.sheet.dice)

    def _on_changed(self, flags: int) -> None:
        if Changes(flags) & (Changes.RESOLVER | Changes.SEAT | Changes.PLAYERS):
            self.refresh()

    def _fill_names(self) -> None:
        names = [
            c.name
            for c in self._document.session.characters.values()
            if isinstance(c.sheet, CrisisSheet)
        ]
        for box in self.names:
            text = box.currentText()
            box.blockSignals(True)
            box.clear()
            box.addItems(names)
            box.setCurrentText(text)
            box.blockSignals(False)

    def refresh(self) -> None:
        self._fill_names()
        duel = self.duel()
        curtain = self._document.session.curtain is not None
        self.setEnabled(not curtain)
        ended = duel is None or duel.phase is DuelPhase.ENDED
        session = self._document.session
        probe = ResolverStep(lambda state, rng: [], decider=SETTING_UP)
        allow_step(self.start, session, probe, "Set up a Duel between these two sides",
                   None if ended else "a Duel is going on: finish it or clear it first")
        allow_step(self.end_button, session, probe, "Take the Duel off the table",
                   None if duel is not None else "there is no Duel to clear")
        if duel is None:
            self.status.setText("No Duel yet: name both sides and press New Duel.")
            self.status.setStyleSheet(STATUS_STYLE)
            for panel in self.sides:
                panel.setVisible(False)
                if panel.waiting is not None:
                    panel.waiting.show_for(None)
            self.roll_button.setEnabled(False)
            self.stand_off_button.setEnabled(False)
            return
        pushing = duel.phase is DuelPhase.PUSHING
        self.roll_button.setEnabled(duel.phase is DuelPhase.READY)
        self.stand_off_button.setEnabled(pushing and duel.lower is None)
        pusher = None
        if duel.result is DuelResult.CRISIS and duel.winner is not None:
            pusher = 1 - duel.winner
        for panel, side in zip(self.sides, duel.sides, strict=True):
            panel.setVisible(True)
            self._show_side(duel, panel, side, pusher)
        self._show_status(duel, pusher)

    def _show_side(self, duel: Duel, panel: SidePanel, side: DuelSide, pusher: int | None) -> None:
        index = panel.index
        panel.name.setText(f"{side.name} · {side.pool} dice")
        rolled = duel.phase is not DuelPhase.READY
        panel.total.setText(f"Total {side.total}" if rolled else "")
        crisis_die = duel.crisis_die if pusher == index else None
        glyphs = side_glyphs(side, crisis_die)
        panel.strip.set_groups([GlyphGroup("", glyphs)] if glyphs else [])
        panel.strip.set_empty_text("" if rolled else "Not rolled yet")
        may = duel.may_push(index)
        session = self._document.session
        decider = side_decider(session.state, side.name)
        probe = self._step(lambda duel, rng: "", decider)
        # Whether this seat may push: the side's player's (another seat sees whom it waits for).
        theirs = session.may(probe) is None
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
            tip = "Roll one more die: a value still in your set is a Crisis"
        else:
            panel.odds.setText("")
            tip = "Only the lower side (either on a tie) may push, once both have rolled"
        rule = None if may else "it is not this side's turn to push"
        allow_step(panel.push, session, probe, tip, rule)
        allow_step(panel.decline, session, probe,
                   "Do not push: the other side wins (on a tie, the other side may still push)"
                   if may else tip, rule)
        if panel.waiting is not None:
            panel.waiting.show_for(decider if may and not theirs else None,
                                   "to push their luck or decline")

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
