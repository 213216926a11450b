"""The Author-token panel: every player's Applause and Author tokens as coins, and their use.

A row per player shows both stacks of coins. Applause is given by the row's "Give
Applause" button (from whoever holds the computer) or by dragging a coin from one row's
Applause stack onto another row. Author Powers are listed with their costs for the player
chosen as spender; one they cannot pay for (or has no one to name) is disabled, its
tooltip saying why. A Veto is called, voted on in a dialog, and paid for. Every one of these
is a :class:`~cardtable.session.ResolverStep` running the rules' own step
(:mod:`cardtable.resolvers.adventure.tokens`) on the session's game, so it is logged ("Bea
gave Applause to Alex ...") and undoable. Tokens are their player's alone: Applause is given
(clicked or dragged) only from the purse of the player holding the computer; an Author Power
is spent, a Veto called, a vote cast and a Veto paid for only at that player's seat. Where the
spender, the next voter or a debtor is someone else, the panel says "Waiting for Alice" with a
button that passes Alice the computer, and their buttons are greyed with the model's reason.
The game is found, started and joined by characters through
:mod:`cardtable.steps.adventure.conflict`, as the Conflict panel does; without one, the
panel offers to start it.
"""

from __future__ import annotations

from attrs import evolve

from cardtable.resolvers.adventure.game import AdventureGame
from cardtable.resolvers.adventure.tokens import AuthorPower, give_applause
from cardtable.resolvers.adventure.tokens import pay_veto as forfeit
from cardtable.session import ANYONE, Changes, Decider, ResolverStep
from cardtable.steps.adventure.conflict import find_game, game_step
from cardtable.ui.document import SessionDocument
from cardtable.ui.help.question_mark import rules_button
from cardtable.ui.panels.base import SessionPanel
from cardtable.ui.panels.owners import WaitingFor, allow_step
from cardtable.ui.panels.tokens.coins import APPLAUSE_MIME, CoinKind, CoinStack
from cardtable.ui.panels.tokens.dialogs import (
    EFFECTS,
    DiscardDialog,
    Play,
    PowerDialog,
    VetoDialog,
    VoteDialog,
    unavailable,
)
from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets
from cardtable.ui.widgets.style import ElidedLabel, describe, narrow

#: What a token step changes, declared to the session.
TOKEN_CHANGES = Changes.RESOLVER | Changes.TOKENS
ROW_STYLE = "#tokenRow {{ border-left: 5px solid {colour}; border-radius: 4px; }}"
#: A power whose name is longer than this many characters gets a row of buttons to itself.
LONG_POWER = 16
DROP_STYLE = "#tokenRow {{ border: 2px dashed {colour}; border-left: 5px solid {colour}; }}"


def spending(player: str) -> Decider:
    """Spending Author tokens (or paying for a Veto) is their player's alone."""
    return Decider.player(player, "spend")


def giving(player: str) -> Decider:
    """Applause is given from its player's purse, by them."""
    return Decider.player(player, "give")


class PlayerRow(QtWidgets.QFrame):
    """One player's coins, a "Give Applause" button, and a drop target for Applause."""

    def __init__(self, panel: TokenPanel, player: str, name: str, colour: str) -> None:
        super().__init__(panel)
        self.panel, self.player, self.colour = panel, player, colour
        self.setObjectName("tokenRow")
        self.setAccessibleName(f"{name}'s tokens")
        self.setAcceptDrops(True)
        self.setStyleSheet(ROW_STYLE.format(colour=colour))
        layout = QtWidgets.QHBoxLayout(self)
        layout.setContentsMargins(10, 2, 6, 2)
        self.name = ElidedLabel(name)  # a long name is cut short, whole in its tooltip
        font = self.name.font()
        font.setBold(True)
        self.name.setFont(font)
        self.name.setMinimumWidth(56)
        self.applause = CoinStack(CoinKind.APPLAUSE, self)
        describe(self.applause, f"{name}'s Applause to give: drag a coin onto another player")
        self.author = CoinStack(CoinKind.AUTHOR, self)
        describe(self.author, f"{name}'s Author tokens, spent on Author Powers")
        self.give = QtWidgets.QPushButton("Give")
        self.give.setAccessibleName(f"Give Applause to {name}")
        layout.addWidget(self.name, 1)
        layout.addWidget(self.applause)
        layout.addWidget(self.author)
        layout.addWidget(self.give)
        self.give.clicked.connect(lambda: panel.give_from_holder(player))

    def dragEnterEvent(self, event: QtGui.QDragEnterEvent) -> None:
        giver = _giver(event.mimeData())
        if giver is not None and giver != self.player and self.panel.may_give(giver):
            event.acceptProposedAction()
            self.setStyleSheet(DROP_STYLE.format(colour=self.colour))
        else:
            event.ignore()

    def dragLeaveEvent(self, event: QtGui.QDragLeaveEvent) -> None:
        self.setStyleSheet(ROW_STYLE.format(colour=self.colour))

    def dropEvent(self, event: QtGui.QDropEvent) -> None:
        self.setStyleSheet(ROW_STYLE.format(colour=self.colour))
        giver = _giver(event.mimeData())
        if giver is None or giver == self.player:
            event.ignore()
            return
        event.acceptProposedAction()
        self.panel.give(giver, self.player)


def _giver(mime: QtCore.QMimeData) -> str | None:
    if not mime.hasFormat(APPLAUSE_MIME):
        return None
    return bytes(mime.data(APPLAUSE_MIME).data()).decode() or None


class TokenPanel(SessionPanel, QtWidgets.QWidget):
    """The players' coins, the Author Powers, the Veto."""

    watches = Changes.RESOLVER | Changes.TOKENS | Changes.PLAYERS | Changes.SEAT

    def __init__(self, document: SessionDocument, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(document, parent)
        self.setAccessibleName("Author tokens")
        self.rows: dict[str, PlayerRow] = {}
        self.power_buttons: dict[AuthorPower, QtWidgets.QPushButton] = {}
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        self.intro = QtWidgets.QLabel()
        self.intro.setWordWrap(True)
        intro_row = QtWidgets.QHBoxLayout()
        intro_row.addWidget(self.intro, 1)
        intro_row.addWidget(
            rules_button(self, "adventure", lambda: "tokens", "Applause and Author tokens"),
            0, Qt.AlignmentFlag.AlignTop)
        layout.addLayout(intro_row)
        self.start = QtWidgets.QPushButton("Start Fantastical Adventure tokens")
        describe(self.start, "Give every player 10 Applause tokens, on the playing-card shoe")
        self.start.setAccessibleName("Start tokens")
        layout.addWidget(self.start)
        self._rows = QtWidgets.QVBoxLayout()
        self._rows.setSpacing(4)
        layout.addLayout(self._rows)

        self.powers = QtWidgets.QGroupBox("Author Powers")
        powers = QtWidgets.QVBoxLayout(self.powers)
        self.spender_waiting = WaitingFor(document, self.powers)
        spender = QtWidgets.QHBoxLayout()
        spender.addWidget(QtWidgets.QLabel("Spent by"))
        self.spender = QtWidgets.QComboBox()
        self.spender.setAccessibleName("Spent by")
        describe(self.spender, "Whose Author tokens pay for the power")
        narrow(self.spender)
        spender.addWidget(self.spender, 1)
        powers.addLayout(spender)
        grid = QtWidgets.QGridLayout()
        # Two to a row; a long name gets a row of its own, so that the narrow panel fits it.
        at = 0
        for power in AuthorPower:
            button = QtWidgets.QPushButton(f"{power.value}  ·  {power.cost}")
            button.setAccessibleName(power.value)
            cost = f"{power.cost} Author token{'s' if power.cost != 1 else ''}"
            describe(button, f"{cost}: {EFFECTS[power]}")
            button.clicked.connect(lambda _=False, p=power: self.open_power(p))
            if len(power.value) > LONG_POWER:
                at += at % 2
                grid.addWidget(button, at // 2, 0, 1, 2)
                at += 2
            else:
                grid.addWidget(button, at // 2, at % 2)
                at += 1
            self.power_buttons[power] = button
        powers.addLayout(grid)
        powers.addWidget(self.spender_waiting)
        layout.addWidget(self.powers)

        self.veto = QtWidgets.QGroupBox("Veto")
        veto = QtWidgets.QVBoxLayout(self.veto)
        self.veto_text = QtWidgets.QLabel()
        self.veto_text.setWordWrap(True)
        self.veto_text.setAccessibleName("Veto")
        veto.addWidget(self.veto_text)
        veto_buttons = QtWidgets.QHBoxLayout()
        self.call_veto = QtWidgets.QPushButton("Call a Veto…")
        describe(self.call_veto, "Put a narration, a suggestion or an Advantage award to a vote")
        self.vote = QtWidgets.QPushButton("Vote…")
        describe(self.vote, "Everyone votes; then the votes are counted")
        veto_buttons.addWidget(self.call_veto)
        veto_buttons.addWidget(self.vote)
        veto.addLayout(veto_buttons)
        self.voter_waiting = WaitingFor(document, self.veto)
        veto.addWidget(self.voter_waiting)
        self._debts = QtWidgets.QVBoxLayout()
        veto.addLayout(self._debts)
        layout.addWidget(self.veto)
        layout.addStretch(1)

        self.start.clicked.connect(self.start_game)
        self.spender.currentIndexChanged.connect(self._refresh_powers)
        self.call_veto.clicked.connect(self.open_veto)
        self.vote.clicked.connect(self.open_vote)
        self.refresh()

    # -- the model ------------------------------------------------------------------------

    def game(self) -> AdventureGame | None:
        return find_game(self.session.state)

    @staticmethod
    def _step(play: Play, decider: Decider = ANYONE) -> ResolverStep:
        step = game_step(play.run, involving=play.involving, decider=decider)
        return evolve(step, changes=TOKEN_CHANGES)

    def _run(self, play: Play, decider: Decider = ANYONE) -> bool:
        return self.apply(self._step(play, decider))

    def _probe(self, decider: Decider) -> ResolverStep:
        """A step of ``decider``'s, to ask whether the seat holding the computer may take it."""
        return self._step(Play(lambda game, table, rng: ()), decider)

    def _refused(self, decider: Decider) -> str | None:
        """Why the seat holding the computer may not take a step of ``decider``'s."""
        return self.session.may(self._probe(decider))

    def may_give(self, giver: str) -> bool:
        """Whether the seat holding the computer may give ``giver``'s Applause."""
        return self._refused(giving(giver)) is None

    def start_game(self) -> bool:
        """Start the session's game of Fantastical Adventure (every player gets Applause)."""
        return self._run(Play(lambda game, table, rng: ()))

    def give(self, giver: str, receiver: str) -> bool:
        """``giver`` gives one Applause token to ``receiver`` (at ``giver``'s seat only)."""
        return self._run(Play(lambda game, table, rng: give_applause(game, giver, receiver)),
                         giving(giver))

    def give_from_holder(self, receiver: str) -> bool:
        """Whoever holds the computer gives Applause to ``receiver``."""
        holder = self.session.holder
        if holder is None:
            self.refuse("Nobody holds the computer to give Applause.")
            return False
        return self.give(holder, receiver)

    def open_power(self, power: AuthorPower) -> PowerDialog | None:
        """The spender's choices for ``power``: only at the spender's seat (elsewhere None,
        and the model's reason is refused)."""
        game, player = self.game(), self.spender.currentData()
        if game is None or player is None or not self.may(self._probe(spending(player))):
            return None
        dialog = PowerDialog(self.session.state, game, player, power, self)
        self._open(dialog, spending(player))
        return dialog

    def open_veto(self) -> VetoDialog | None:
        """A Veto called by the player holding the computer."""
        game, caller = self.game(), self.session.holder
        if game is None or caller is None or caller not in game.purses:
            return None
        dialog = VetoDialog(game, caller, self)
        self._open(dialog, Decider.player(caller, "call"))
        return dialog

    def open_vote(self) -> VoteDialog | None:
        """The vote of the player holding the computer (each votes at their own seat)."""
        game, voter = self.game(), self.session.holder
        if game is None or game.veto is None or voter is None or voter not in game.purses:
            return None
        dialog = VoteDialog(game, voter, self)
        self._open(dialog, Decider.player(voter, "cast"))
        return dialog

    def open_discard(self, player: str) -> DiscardDialog | None:
        """Which card ``player`` discards for a Veto: only at their seat."""
        game = self.game()
        if game is None or not self.may(self._probe(spending(player))):
            return None
        dialog = DiscardDialog(self.session, game, player, self)
        self._open(dialog, spending(player))
        return dialog

    def forfeit(self, player: str) -> bool:
        return self._run(Play(lambda game, table, rng: forfeit(game, table, player)),
                         spending(player))

    def _open(self, dialog: PowerDialog | VetoDialog | VoteDialog | DiscardDialog,
              decider: Decider) -> None:
        self.present(dialog, lambda: self._run(dialog.action(), decider))

    # -- showing --------------------------------------------------------------------------

    def refresh(self) -> None:
        session = self.session
        game = self.game()
        self.setEnabled(session.curtain is None)
        started = game is not None
        self.start.setVisible(not started)
        self.powers.setVisible(started)
        self.veto.setVisible(started)
        if game is None:
            self.intro.setText(
                "Applause and Author tokens belong to Fantastical Adventure. No game is in "
                "progress: start one to give every player 10 Applause."
            )
            self._rebuild_rows(None)
            return
        self.intro.setText(
            "Give Applause for a clever or thrilling narration: it becomes the receiver's "
            "Author token. Drag a coin, or use a row's button."
        )
        self._rebuild_rows(game)
        holder = session.holder
        for player in game.players:
            row = self.rows[player.id]
            purse = game.purse(player.id)
            # Only the holder's own Applause can be dragged: it is theirs to give.
            mine = player.id == holder
            row.applause.set_count(purse.applause, player.id if mine else None)
            row.applause.setToolTip(
                f"{player.name}'s Applause to give: drag a coin onto another player" if mine
                else f"{player.name}'s Applause: only {player.name} gives it, at their seat")
            row.author.set_count(purse.author)
            giver = game.player(holder).name if holder in game.purses else None
            if giver is None:
                why = "Nobody at the table holds the computer"
            elif holder == player.id:
                why = f"{giver} cannot applaud themself"
            elif game.purse(holder).applause < 1:
                why = f"{giver} has no Applause left to give"
            else:
                why = ""
            if not why and holder is not None:
                why = self._refused(giving(holder)) or ""
            row.give.setEnabled(not why)
            row.give.setToolTip(why or f"{giver} gives one Applause to {player.name}")
        self._refresh_spender(game, holder)
        self._refresh_powers()
        self._refresh_veto(game)

    def _rebuild_rows(self, game: AdventureGame | None) -> None:
        wanted = [] if game is None else [p.id for p in game.players]
        if list(self.rows) == wanted:
            return
        for row in self.rows.values():
            self._rows.removeWidget(row)
            row.deleteLater()
        self.rows = {}
        if game is None:
            return
        colours = {p.id: p.colour for p in self.session.players}
        for player in game.players:
            seated = {p.id: p for p in self.session.players}.get(player.id)
            name = f"{player.name} (GM)" if seated is not None and seated.is_gm else player.name
            row = PlayerRow(self, player.id, name, colours.get(player.id, "#7f8c8d"))
            self._rows.addWidget(row)
            row.show()
            self.rows[player.id] = row

    def _refresh_spender(self, game: AdventureGame, holder: str | None) -> None:
        current = self.spender.currentData()
        # A spender chosen at this seat stays; a new seat starts with its own purse.
        same_seat = self.spender.property("seat") == (holder or "")
        self.spender.setProperty("seat", holder or "")
        self.spender.blockSignals(True)
        self.spender.clear()
        for player in game.players:
            self.spender.addItem(f"{player.name} ({game.purse(player.id).author} Author)",
                                 player.id)
        chosen = current if same_seat and self.spender.findData(current) >= 0 else holder
        index = self.spender.findData(chosen)
        self.spender.setCurrentIndex(max(index, 0))
        self.spender.blockSignals(False)

    def _refresh_powers(self) -> None:
        game, player = self.game(), self.spender.currentData()
        session = self.session
        probe = self._probe(spending(player)) if player else None
        for power, button in self.power_buttons.items():
            why = unavailable(session.state, game, player, power) if game and player else (
                "No game")
            cost = f"{power.cost} Author token{'s' if power.cost != 1 else ''}"
            allow_step(button, session, probe, f"{cost}: {EFFECTS[power]}", why or None)
        self.spender_waiting.show_for(spending(player) if game and player else None,
                                      "to spend their Author tokens")

    def _refresh_veto(self, game: AdventureGame) -> None:
        veto = game.veto
        holder = self.session.holder
        seated = holder is not None and holder in game.purses
        next_voter: str | None = None
        if veto is None:
            self.veto_text.setText("Any player may call a vote on a narration or suggestion.")
        else:
            caller = game.player(veto.caller).name
            left = [p for p in game.players if p.id not in veto.votes]
            voted = [p.name for p in game.players if p.id in veto.votes]
            self.veto_text.setText(
                f"{caller} called a Veto on the {veto.about.value} “{veto.subject}”: "
                "everyone votes, each at their own seat."
                + (f" Voted: {', '.join(voted)}." if voted else "")
                + (f" Still to vote: {', '.join(p.name for p in left)}." if left else ""))
            if left and all(p.id != holder for p in left):
                next_voter = left[0].id
        self.call_veto.setEnabled(veto is None and seated)
        self.call_veto.setToolTip("Put a narration, a suggestion or an Advantage award to a "
                                  "vote (called by the player holding the computer)")
        may_vote = veto is not None and seated and holder not in veto.votes
        self.vote.setEnabled(may_vote)
        self.vote.setToolTip("Cast your own vote; the last vote counts them" if may_vote else
                             "Each player votes once, at their own seat" if veto is not None
                             else "No Veto is being voted on")
        self.voter_waiting.show_for(Decider.player(next_voter, "cast") if next_voter else None,
                                    "to vote")
        while self._debts.count():
            item = self._debts.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.hide()  # gone from sight at once, deleted later
                widget.deleteLater()
        for player in dict.fromkeys(game.veto_debts):
            row = self._debt_row(game, player)
            self._debts.addWidget(row)
            row.show()

    def _debt_row(self, game: AdventureGame, player: str) -> QtWidgets.QWidget:
        """A Veto debt: what ``player`` owes, their two ways to pay (at their seat only), and
        whom it waits for when another player holds the computer."""
        name = game.player(player).name
        row = QtWidgets.QWidget()
        row.setAccessibleName(f"{name} owes for a Veto")
        column = QtWidgets.QVBoxLayout(row)
        column.setContentsMargins(0, 0, 0, 0)
        layout = QtWidgets.QHBoxLayout()
        label = QtWidgets.QLabel(f"{name} owes a card or an Author token for the Veto.")
        label.setWordWrap(True)
        forfeit_button = QtWidgets.QPushButton("Forfeit a token")
        forfeit_button.setAccessibleName(f"{name} forfeits a token")
        session = self.session
        probe = self._probe(spending(player))
        allow_step(forfeit_button, session, probe, "Pay with an Author token",
                   None if game.purse(player).author else
                   f"{name} has no Author token: discard a card")
        discard = QtWidgets.QPushButton("Discard a card…")
        discard.setAccessibleName(f"{name} discards a card")
        allow_step(discard, session, probe,
                   "Pay with a card from the hand of one of your characters")
        forfeit_button.clicked.connect(lambda: self.forfeit(player))
        discard.clicked.connect(lambda: self.open_discard(player))
        layout.addWidget(label, 1)
        layout.addWidget(forfeit_button)
        layout.addWidget(discard)
        column.addLayout(layout)
        waiting = WaitingFor(self.document, row)
        column.addWidget(waiting)
        waiting.show_for(spending(player), "to pay for the Veto")
        return row

def make_dock(
    document: SessionDocument, parent: QtWidgets.QWidget | None = None
) -> QtWidgets.QDockWidget:
    """The Author-token panel in a dock."""
    dock = QtWidgets.QDockWidget("Author tokens", parent)
    dock.setObjectName("tokenDock")
    dock.setAccessibleName("Author tokens")
    scroll = QtWidgets.QScrollArea(dock)
    scroll.setWidgetResizable(True)
    scroll.setFrameShape(QtWidgets.QFrame.Shape.NoFrame)
    scroll.setWidget(TokenPanel(document, scroll))
    dock.setWidget(scroll)
    return dock

