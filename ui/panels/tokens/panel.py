"""The Author-token panel: every player's Applause and Author tokens as coins, and their use.

A row per player shows both stacks of coins. Applause is given by the row's "Give
Applause" button (from whoever holds the computer) or by dragging a coin from one row's
Applause stack onto another row. Author Powers are listed with their costs for the player
chosen as spender; one they cannot pay for (or has no one to name) is disabled, its
tooltip saying why. A Veto is called, voted on in a dialog, and paid for. Every one of these
is a :class:`~cardtable.session.ResolverStep` running the rules' own step
(:mod:`cardtable.resolvers.adventure.tokens`) on the session's game, so it is logged ("Bea
gave Applause to Alex ...") and undoable. The game is found, started and joined by
characters through :mod:`cardtable.steps.adventure.conflict`, as the Conflict panel does;
without
one, the panel offers to start it.
"""

from __future__ import annotations

from attrs import evolve

from cardtable.resolvers.adventure.game import AdventureGame
from cardtable.resolvers.adventure.tokens import AuthorPower, give_applause
from cardtable.resolvers.adventure.tokens import pay_veto as forfeit
from cardtable.session import Changes
from cardtable.steps.adventure.conflict import find_game, game_step
from cardtable.ui.document import SessionDocument
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
from cardtable.ui.qt import QtCore, QtGui, QtWidgets
from cardtable.ui.widgets.style import ElidedLabel, narrow

#: What a token step changes, declared to the session.
TOKEN_CHANGES = Changes.RESOLVER | Changes.TOKENS
ROW_STYLE = "#tokenRow {{ border-left: 5px solid {colour}; border-radius: 4px; }}"
#: A power whose name is longer than this many characters gets a row of buttons to itself.
LONG_POWER = 16
DROP_STYLE = "#tokenRow {{ border: 2px dashed {colour}; border-left: 5px solid {colour}; }}"


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
        self.applause.setToolTip(f"{name}'s Applause to give: drag a coin onto another player")
        self.author = CoinStack(CoinKind.AUTHOR, self)
        self.author.setToolTip(f"{name}'s Author tokens, spent on Author Powers")
        self.give = QtWidgets.QPushButton("Give")
        self.give.setAccessibleName(f"Give Applause to {name}")
        layout.addWidget(self.name, 1)
        layout.addWidget(self.applause)
        layout.addWidget(self.author)
        layout.addWidget(self.give)
        self.give.clicked.connect(lambda: panel.give_from_holder(player))

    def dragEnterEvent(self, event: QtGui.QDragEnterEvent) -> None:
        giver = _giver(event.mimeData())
        if giver is not None and giver != self.player:
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


class TokenPanel(QtWidgets.QWidget):
    """The players' coins, the Author Powers, the Veto."""

    def __init__(self, document: SessionDocument, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("Author tokens")
        self._document = document
        self.rows: dict[str, PlayerRow] = {}
        self.power_buttons: dict[AuthorPower, QtWidgets.QPushButton] = {}
        #: The dialog open now, if any (tests and screenshots fill it in).
        self.dialog: QtWidgets.QDialog | None = None
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        self.intro = QtWidgets.QLabel()
        self.intro.setWordWrap(True)
        layout.addWidget(self.intro)
        self.start = QtWidgets.QPushButton("Start Fantastical Adventure tokens")
        self.start.setToolTip("Give every player 10 Applause tokens, on the playing-card shoe")
        self.start.setAccessibleName("Start tokens")
        layout.addWidget(self.start)
        self._rows = QtWidgets.QVBoxLayout()
        self._rows.setSpacing(4)
        layout.addLayout(self._rows)

        self.powers = QtWidgets.QGroupBox("Author Powers")
        powers = QtWidgets.QVBoxLayout(self.powers)
        spender = QtWidgets.QHBoxLayout()
        spender.addWidget(QtWidgets.QLabel("Spent by"))
        self.spender = QtWidgets.QComboBox()
        self.spender.setAccessibleName("Spent by")
        self.spender.setToolTip("Whose Author tokens pay for the power")
        narrow(self.spender)
        spender.addWidget(self.spender, 1)
        powers.addLayout(spender)
        grid = QtWidgets.QGridLayout()
        # Two to a row; a long name gets a row of its own, so that the narrow panel fits it.
        at = 0
        for power in AuthorPower:
            button = QtWidgets.QPushButton(f"{power.value}  ·  {power.cost}")
            button.setAccessibleName(power.value)
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
        layout.addWidget(self.powers)

        self.veto = QtWidgets.QGroupBox("Veto")
        veto = QtWidgets.QVBoxLayout(self.veto)
        self.veto_text = QtWidgets.QLabel()
        self.veto_text.setWordWrap(True)
        self.veto_text.setAccessibleName("Veto")
        veto.addWidget(self.veto_text)
        veto_buttons = QtWidgets.QHBoxLayout()
        self.call_veto = QtWidgets.QPushButton("Call a Veto…")
        self.call_veto.setToolTip("Put a narration, a suggestion or an Advantage award to a vote")
        self.vote = QtWidgets.QPushButton("Vote…")
        self.vote.setToolTip("Everyone votes; then the votes are counted")
        veto_buttons.addWidget(self.call_veto)
        veto_buttons.addWidget(self.vote)
        veto.addLayout(veto_buttons)
        self._debts = QtWidgets.QVBoxLayout()
        veto.addLayout(self._debts)
        layout.addWidget(self.veto)
        layout.addStretch(1)

        self.start.clicked.connect(self.start_game)
        self.spender.currentIndexChanged.connect(self._refresh_powers)
        self.call_veto.clicked.connect(self.open_veto)
        self.vote.clicked.connect(self.open_vote)
        document.changed.connect(self._on_changed)
        document.replaced.connect(self.refresh)
        self.refresh()

    # -- the model ------------------------------------------------------------------------

    def game(self) -> AdventureGame | None:
        return find_game(self._document.session.state)

    def _run(self, play: Play) -> bool:
        step = game_step(play.run, involving=play.involving)
        return self._document.apply(evolve(step, changes=TOKEN_CHANGES))

    def start_game(self) -> bool:
        """Start the session's game of Fantastical Adventure (every player gets Applause)."""
        return self._run(Play(lambda game, table, rng: ()))

    def give(self, giver: str, receiver: str) -> bool:
        """``giver`` gives one Applause token to ``receiver``."""
        return self._run(Play(lambda game, table, rng: give_applause(game, giver, receiver)))

    def give_from_holder(self, receiver: str) -> bool:
        """Whoever holds the computer gives Applause to ``receiver``."""
        holder = self._document.session.holder
        if holder is None:
            self._document.refused.emit("Nobody holds the computer to give Applause.")
            return False
        return self.give(holder, receiver)

    def open_power(self, power: AuthorPower) -> PowerDialog | None:
        game, player = self.game(), self.spender.currentData()
        if game is None or player is None:
            return None
        dialog = PowerDialog(self._document.session.state, game, player, power, self)
        self._open(dialog)
        return dialog

    def open_veto(self) -> VetoDialog | None:
        game = self.game()
        if game is None:
            return None
        dialog = VetoDialog(game, self._document.session.holder, self)
        self._open(dialog)
        return dialog

    def open_vote(self) -> VoteDialog | None:
        game = self.game()
        if game is None or game.veto is None:
            return None
        dialog = VoteDialog(game, self)
        self._open(dialog)
        return dialog

    def open_discard(self, player: str) -> DiscardDialog | None:
        game = self.game()
        if game is None:
            return None
        dialog = DiscardDialog(self._document.session, game, player, self)
        self._open(dialog)
        return dialog

    def forfeit(self, player: str) -> bool:
        return self._run(Play(lambda game, table, rng: forfeit(game, table, player)))

    def _open(self, dialog: PowerDialog | VetoDialog | VoteDialog | DiscardDialog) -> None:
        self.dialog = dialog
        dialog.accepted.connect(lambda: self._run(dialog.action()))
        dialog.finished.connect(lambda _result: self._closed(dialog))
        dialog.open()

    def _closed(self, dialog: QtWidgets.QDialog) -> None:
        if self.dialog is dialog:
            self.dialog = None
        dialog.deleteLater()

    # -- showing --------------------------------------------------------------------------

    def _on_changed(self, flags: int) -> None:
        if Changes(flags) & (Changes.RESOLVER | Changes.TOKENS | Changes.PLAYERS | Changes.SEAT):
            self.refresh()

    def refresh(self) -> None:
        session = self._document.session
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
            row.applause.set_count(purse.applause, player.id)
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
        colours = {p.id: p.colour for p in self._document.session.players}
        for player in game.players:
            seated = {p.id: p for p in self._document.session.players}.get(player.id)
            name = f"{player.name} (GM)" if seated is not None and seated.is_gm else player.name
            row = PlayerRow(self, player.id, name, colours.get(player.id, "#7f8c8d"))
            self._rows.addWidget(row)
            row.show()
            self.rows[player.id] = row

    def _refresh_spender(self, game: AdventureGame, holder: str | None) -> None:
        current = self.spender.currentData()
        self.spender.blockSignals(True)
        self.spender.clear()
        for player in game.players:
            self.spender.addItem(f"{player.name} ({game.purse(player.id).author} Author)",
                                 player.id)
        chosen = current if self.spender.findData(current) >= 0 else holder
        index = self.spender.findData(chosen)
        self.spender.setCurrentIndex(max(index, 0))
        self.spender.blockSignals(False)

    def _refresh_powers(self) -> None:
        game, player = self.game(), self.spender.currentData()
        for power, button in self.power_buttons.items():
            state = self._document.session.state
            why = unavailable(state, game, player, power) if game and player else "No game"
            button.setEnabled(not why)
            cost = f"{power.cost} Author token{'s' if power.cost != 1 else ''}"
            button.setToolTip(f"{cost}: {EFFECTS[power]}" + (f"\n{why}" if why else ""))

    def _refresh_veto(self, game: AdventureGame) -> None:
        veto = game.veto
        if veto is None:
            self.veto_text.setText("Any player may call a vote on a narration or suggestion.")
        else:
            caller = game.player(veto.caller).name
            self.veto_text.setText(
                f"{caller} called a Veto on the {veto.about.value} “{veto.subject}”: "
                "everyone votes."
            )
        self.call_veto.setEnabled(veto is None)
        self.vote.setEnabled(veto is not None)
        while self._debts.count():
            item = self._debts.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        for player in dict.fromkeys(game.veto_debts):
            row = self._debt_row(game, player)
            self._debts.addWidget(row)
            row.show()

    def _debt_row(self, game: AdventureGame, player: str) -> QtWidgets.QWidget:
        name = game.player(player).name
        row = QtWidgets.QWidget()
        row.setAccessibleName(f"{name} owes for a Veto")
        layout = QtWidgets.QHBoxLayout(row)
        layout.setContentsMargins(0, 0, 0, 0)
        label = QtWidgets.QLabel(f"{name} owes a card or an Author token for the Veto.")
        label.setWordWrap(True)
        forfeit_button = QtWidgets.QPushButton("Forfeit a token")
        forfeit_button.setAccessibleName(f"{name} forfeits a token")
        forfeit_button.setEnabled(game.purse(player).author > 0)
        forfeit_button.setToolTip("Pay with an Author token" if game.purse(player).author
                                  else f"{name} has no Author token: discard a card")
        discard = QtWidgets.QPushButton("Discard a card…")
        discard.setAccessibleName(f"{name} discards a card")
        discard.setToolTip("Pay with a card from the hand of one of your characters")
        forfeit_button.clicked.connect(lambda: self.forfeit(player))
        discard.clicked.connect(lambda: self.open_discard(player))
        layout.addWidget(label, 1)
        layout.addWidget(forfeit_button)
        layout.addWidget(discard)
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

