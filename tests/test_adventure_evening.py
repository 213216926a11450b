"""A whole evening of Fantastical Adventure through the real main window, with real clicks.

Four players (Alex, Bea, Chidi, Dana the GM) play a scene: a Conflict with Supporters and a
Tandem that ends in a Hit (a "killed" character), the session saved and opened again, an
Identify Check, a second Conflict, a Lucky Break and a Monologue of Miraculous Survival.
The shoe is stacked and the hands are dealt by the test, so every draw is known.

After every step the test checks privacy as ``rules/table.md`` states it: every card face
painted anywhere (felt, hand dock, panels) was in :func:`~cardtable.session.on_screen` for
whoever held the computer at that moment, and no panel, dock, tooltip or title names a card
that the holder may not see. Rule outcomes are worked out here from
``rules/fantastical-adventure.md`` (suits, Tandem, Advantage), not read back from the code.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from adventure_table_rig import (
    BART,
    GRIMSBY,
    ISOLDE,
    MIRELA,
    cast_session,
    give,
    pass_button,
    private_names,
    stack,
    widget_words,
)
from curtain_rig import take_the_computer
from pytestqt.qtbot import QtBot
from question_rig import answer_next_question

from cardtable.cards import CardFace
from cardtable.piles import PileId
from cardtable.resolvers.adventure.hits import HitChoice
from cardtable.resolvers.adventure.tokens import AuthorPower
from cardtable.session import Session, on_screen, save
from cardtable.settings import Settings
from cardtable.steps.adventure import conflict as conflict_steps
from cardtable.ui.art import card_art
from cardtable.ui.panels.adventure.conflict.panel import ConflictPanel
from cardtable.ui.panels.adventure.felt_marks import FeltMarks
from cardtable.ui.panels.adventure.hits import HitDialog
from cardtable.ui.panels.adventure.play.forms import SceneDialog
from cardtable.ui.panels.adventure.play.panel import AdventurePlayPanel
from cardtable.ui.panels.tokens.dialogs import PowerDialog
from cardtable.ui.panels.tokens.panel import TokenPanel
from cardtable.ui.qt import Qt, QtWidgets
from cardtable.ui.window.main_window import DISCARD, MainWindow
from cardtable.ui.window.setup import WindowSetup

LEFT = Qt.MouseButton.LeftButton
PLAYERS = {"alex": "Alex", "bea": "Bea", "chidi": "Chidi", "dana": "Dana"}


def evening_file(tmp_path: Path) -> Path:
    """The demo, the cast, the hands dealt and the shoe stacked, saved to a file."""
    session = cast_session()
    give(session, BART, ["7C", "4H", "9D", "KS", "6C"])
    give(session, ISOLDE, ["3S", "7H", "KC"])
    give(session, MIRELA, ["4C", "QH", "9S"])
    give(session, GRIMSBY, ["8D", "QS", "2H", "5H"])
    # Drawn in this order: Bartholomew's Ambition in scene 2, Isolde's draw for yielding, the
    # Identify Check's hidden card, Grimsby's draw for yielding, his three for the Lucky Break.
    stack(session, ["10H", "3D", "6H", "2C", "5D", "8C", "9H"])
    path = tmp_path / "evening-start.cardtable"
    save(session, path)
    return path


class Table:
    """The window, its panels, and the privacy check made after every step."""

    def __init__(self, qtbot: QtBot, window: MainWindow, painted: list[tuple[CardFace, set]]):
        self.qtbot = qtbot
        self.window = window
        self.painted = painted
        self.steps = 0
        #: Faces painted so far (the check must have had something to check).
        self.faces = 0

    @property
    def docks(self) -> dict[str, QtWidgets.QDockWidget]:
        return self.window.setup.docks

    @property
    def session(self) -> Session:
        return self.window.document.session

    def panel(self, key: str, kind: type) -> QtWidgets.QWidget:
        dock = self.docks[key]
        dock.show()
        dock.raise_()
        found = dock.findChild(kind)
        assert found is not None
        return found

    @property
    def conflict(self) -> ConflictPanel:
        return self.panel("conflict", ConflictPanel)

    @property
    def play(self) -> AdventurePlayPanel:
        return self.panel("play", AdventurePlayPanel)

    @property
    def tokens(self) -> TokenPanel:
        return self.panel("tokens", TokenPanel)

    def click(self, widget: QtWidgets.QWidget) -> None:
        assert widget.isVisible() and widget.isEnabled(), widget.accessibleName()
        self.qtbot.mouseClick(widget, LEFT)
        self.check()

    def type(self, edit: QtWidgets.QLineEdit, text: str) -> None:
        edit.clear()
        self.qtbot.keyClicks(edit, text)

    def pick(self, combo: QtWidgets.QComboBox, data: object) -> None:
        index = combo.findData(data)
        assert index >= 0, f"{data} is not offered"
        combo.setCurrentIndex(index)

    def take_computer(self, player: str) -> None:
        """The curtain is up for ``player``, who clicks "I am ..."."""
        curtain = self.window.curtain
        assert self.session.curtain == player and curtain.isVisible()
        assert curtain.confirm.text() == f"I am {PLAYERS[player]}"
        self.click(curtain.confirm)
        assert self.session.curtain is None and self.session.holder == player

    def hand_over(self, player: str) -> None:
        """A panel waits for ``player``'s decision: "Pass the computer to ...", "I am ..."."""
        self.click(pass_button(self.window, self.session, player))
        self.take_computer(player)

    def lay(self, panel: ConflictPanel | AdventurePlayPanel, player: str, caption: str) -> None:
        """``player``, who holds the computer, chooses a card in ``panel``'s picker."""
        assert self.session.holder == player
        panel.picker.choose(caption)
        self.click(panel.picker.confirm)
        assert panel.message.text() == ""

    def check(self) -> None:
        """Paint everything, then: every face painted was the holder's to see, and nothing on
        screen names a card they may not see."""
        self.steps += 1
        self.qtbot.wait(1)
        self.window.grab()
        for dialog in self.window.findChildren(QtWidgets.QDialog):
            if dialog.isVisible():
                dialog.grab()
        self.faces += len(self.painted)
        for face, allowed in self.painted:
            assert face in allowed, f"step {self.steps}: {face.name} painted for the wrong seat"
        self.painted.clear()
        hidden = private_names(self.session)
        words = [self.window.windowTitle(), self.window.statusBar().currentMessage(),
                 widget_words(self.window.hand_dock)]
        words += [widget_words(dock) for dock in self.docks.values()]
        words += [widget_words(d) for d in self.window.findChildren(QtWidgets.QDialog)
                  if d.isVisible()]
        words += [item.toolTip() for item in self.window.felt.items_shown().values()]
        shown = "\n".join(words)
        leaked = sorted(name for name in hidden if name in shown)
        assert not leaked, f"step {self.steps}: {leaked} shown to {self.session.holder}"


@pytest.fixture
def table(qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Table:
    painted: list[tuple[CardFace, set]] = []
    real = card_art.face_pixmap
    holder: list[MainWindow] = []

    def watched(face: CardFace, *args: object, **kwargs: object) -> object:
        if holder and holder[0]._document is not None:
            session = holder[0].document.session
            allowed = {session.table.card(c).face for c in on_screen(session)}
            painted.append((face, allowed))
        return real(face, *args, **kwargs)

    monkeypatch.setattr(card_art, "face_pixmap", watched)
    window = MainWindow(evening_file(tmp_path), autosave_folder=tmp_path / "autosave",
                        animation_ms=0)
    holder.append(window)
    window.ask_unsaved = lambda: DISCARD
    qtbot.addWidget(window)
    window.setup = WindowSetup(
        window, Settings(), store=lambda settings, folder: None)
    window.resize(1400, 900)
    window.show()
    qtbot.waitUntil(lambda: bool(window.setup.docks), timeout=10_000)
    take_the_computer(qtbot, window)  # whoever held it when it was saved
    bench = Table(qtbot, window, painted)
    bench.check()
    return bench


def log_has(table: Table, *lines: str) -> None:
    said = [entry.public for entry in table.session.log]
    for line in lines:
        assert line in said, f"not in the log: {line!r}"


def hand_codes(table: Table, who: str) -> list[str]:
    cards = table.session.table.pile(PileId(f"hand/{who}")).cards
    return sorted(table.session.table.card(c).face.code for c in cards)  # type: ignore


def applaud(table: Table, receivers: list[str]) -> None:
    """Whoever holds the computer applauds each of ``receivers`` in turn."""
    for receiver in receivers:
        table.click(table.tokens.rows[receiver].give)


def test_an_evening_at_the_table(table: Table, tmp_path: Path) -> None:
    window = table.window
    marks = window.felt.findChild(FeltMarks)
    assert marks is not None

    # -- A scene: Bartholomew works toward buying a diving bell --------------------------
    play = table.play
    table.click(play.new_scene)
    dialog = play.dialog
    assert isinstance(dialog, SceneDialog)
    dialog.tick(BART, "Buy a diving bell")
    accept = next(b for b in dialog.findChildren(QtWidgets.QPushButton)
                  if b.text() == "Begin scene 2")
    table.click(accept)
    assert table.session.scene == 2 and play.scene.text() == "Scene 2"
    assert "10H" in hand_codes(table, BART)
    applaud(table, ["alex", "chidi", "chidi"])  # Dana applauds

    # -- Conflict 1, on Alex's turn: Supporters and a Tandem ------------------------------
    conflict = table.conflict
    table.pick(conflict.challenger, ISOLDE)
    table.hand_over("alex")
    table.type(conflict.goal_edit, "to board the Maelstrom")
    table.click(conflict.challenge)
    table.lay(conflict, "alex", "3 of Spades (Weak)")
    applaud(table, ["chidi"])  # Alex applauds
    conflict = table.conflict
    table.pick(conflict.answerer, GRIMSBY)
    table.hand_over("dana")
    table.type(conflict.intent, "repel the boarders")
    table.click(conflict.answer)
    table.lay(conflict, "dana", "8 of Diamonds")
    table.pick(conflict.supporter, BART)
    table.hand_over("bea")
    conflict.support_side.setCurrentIndex(0)  # the Challenge
    table.click(conflict.support)
    table.lay(conflict, "bea", "9 of Diamonds (Weak)")
    applaud(table, ["alex", "chidi", "chidi"])  # Bea applauds
    conflict = table.conflict
    table.pick(conflict.supporter, MIRELA)
    table.hand_over("chidi")
    conflict.support_side.setCurrentIndex(1)  # the Answer
    table.click(conflict.support)
    table.lay(conflict, "chidi", "4 of Clubs (Weak)")
    applaud(table, ["alex"])  # Chidi applauds
    conflict = table.conflict
    table.click(conflict.reveal)
    # Isolde's Weak 3 and Bartholomew's Weak 9 make one Strong action worth 9; his pairing
    # leaves Mirela unanswered (+1 to the Answer); Strong 9 trumps Grimsby's plain 8.
    log_has(table,
            "Isolde Varga and Bartholomew Quince act in Tandem with Weak cards: one Strong "
            "action worth 9",
            "Mirela Vosk goes unanswered: +1 Advantage",
            "Isolde Varga's 3 of Spades (Tandem, Strong 9) trumps Captain Grimsby's 8 of "
            "Diamonds: Captain Grimsby must Yield or Push")
    table.hand_over("dana")
    table.click(conflict.push)
    table.lay(conflict, "dana", "Queen of Spades (Strong)")
    assert conflict.status.text() == "Isolde Varga must Yield or Push back."
    table.hand_over("alex")
    assert not conflict.push.isEnabled()  # no Advantage left
    table.click(conflict.yield_button)
    assert conflict.banner.text() == "Captain Grimsby wins the Conflict"

    # -- The Hit: Isolde is "killed" -----------------------------------------------------
    hits = conflict.extras.hits
    table.click(hits.buttons[f"pass:{GRIMSBY}"])
    table.take_computer("dana")
    table.click(hits.buttons[f"strike:{GRIMSBY}:{ISOLDE}"])
    table.click(hits.buttons[f"pass:{ISOLDE}"])
    table.take_computer("alex")
    table.click(hits.buttons[f"take:{ISOLDE}"])
    hit = hits.dialog
    assert isinstance(hit, HitDialog)
    table.qtbot.waitExposed(hit)
    table.click(hit.options[HitChoice.KILLED])
    table.click(hit.ok)
    log_has(table, 'Isolde Varga is "killed": narrate a death nobody quite sees')
    [claim] = [row for row in conflict._claims if row.isVisible()]
    table.click(claim.draw_button)
    answer_next_question(table.qtbot, "Close the Conflict")
    table.click(conflict.close_button)
    log_has(table, "Alex's turn ends; it is Bea's turn")
    assert marks.tags[f"zone:zone/{ISOLDE}"].text() == "Isolde Varga: “dead”"

    # -- Saved, and opened again ---------------------------------------------------------
    middle = tmp_path / "evening-middle.cardtable"
    window.document.save(middle)
    assert window.open_session(middle)
    table.take_computer("alex")  # it comes in behind the curtain, for whoever held it
    table.check()
    game = conflict_steps.find_game(table.session.state)
    assert game is not None and game.character(ISOLDE).dead and game.turn_player.id == "bea"
    assert marks.tags[f"zone:zone/{ISOLDE}"].text() == "Isolde Varga: “dead”"
    assert "“dead”" in table.play.cast.text()

    # -- An Identify Check: a light under the water ---------------------------------------
    play = table.play
    table.type(play.threat, "a light under the water")
    table.click(play.start_identify)
    table.pick(play.claimer, BART)
    table.hand_over("bea")
    table.type(play.claim_what, "a diver's lamp")
    table.click(play.claim)
    table.lay(play, "bea", "4 of Hearts")
    play = table.play
    table.pick(play.claimer, MIRELA)
    table.hand_over("chidi")
    table.type(play.claim_what, "a drowned bell")
    table.click(play.claim)
    table.lay(play, "chidi", "Queen of Hearts")
    table.click(table.play.reveal)
    log_has(table, "The hidden card is the 6 of Hearts, not higher than every claim: 'a light "
                   "under the water' is a drowned bell, as Mirela Vosk said")

    # -- Conflict 2, on Bea's turn --------------------------------------------------------
    conflict = table.conflict
    table.pick(conflict.challenger, BART)
    table.hand_over("bea")
    table.type(conflict.goal_edit, "to free the divers")
    table.click(conflict.challenge)
    table.lay(conflict, "bea", "7 of Clubs (Strong)")
    conflict = table.conflict
    table.pick(conflict.answerer, GRIMSBY)
    table.hand_over("dana")
    table.type(conflict.intent, "keep them below")
    table.click(conflict.answer)
    table.lay(conflict, "dana", "2 of Hearts (Weak)")
    table.click(conflict.reveal)
    assert conflict.status.text() == "Captain Grimsby must Yield or Push."
    table.click(conflict.yield_button)
    assert conflict.banner.text() == "Bartholomew Quince wins the Conflict"
    answer_next_question(table.qtbot, "Close the Conflict")
    table.click(conflict.close_button)
    log_has(table, "Bea's turn ends; it is Chidi's turn")

    # -- A Lucky Break for Mirela, on Chidi's turn ----------------------------------------
    play = table.play
    assert play.hand_over.text() == "Hand the computer to Chidi"
    table.click(play.hand_over)
    table.take_computer("chidi")
    tokens = table.tokens
    table.pick(tokens.spender, "chidi")
    table.click(tokens.power_buttons[AuthorPower.LUCKY_BREAK])
    lucky = tokens.dialog
    assert isinstance(lucky, PowerDialog) and lucky.text is not None
    lucky.character.setCurrentIndex(lucky.character.findData(MIRELA))
    table.type(lucky.text, "the divers surface with the bell")
    assert lucky.inconvenienced is not None
    for row in range(lucky.inconvenienced.count()):
        item = lucky.inconvenienced.item(row)
        if item.data(Qt.ItemDataRole.UserRole) == GRIMSBY:
            item.setCheckState(Qt.CheckState.Checked)
    table.click(lucky.buttons.button(QtWidgets.QDialogButtonBox.StandardButton.Ok))
    log_has(table, "Chidi spent 5 Author tokens on Lucky Break: Mirela Vosk succeed: the "
                   "divers surface with the bell",
            "Captain Grimsby drew 3 cards (Lucky Break)")
    assert hand_codes(table, GRIMSBY) == ["2C", "5D", "5H", "8C", "9H"]

    # -- Alex's Monologue of Miraculous Survival ------------------------------------------
    tokens = table.tokens
    table.pick(tokens.spender, "alex")
    assert not tokens.power_buttons[AuthorPower.MIRACULOUS_SURVIVAL].isEnabled()  # Chidi's seat
    table.hand_over("alex")
    table.click(tokens.power_buttons[AuthorPower.MIRACULOUS_SURVIVAL])
    monologue = tokens.dialog
    assert isinstance(monologue, PowerDialog)
    table.click(monologue.buttons.button(QtWidgets.QDialogButtonBox.StandardButton.Ok))
    game = conflict_steps.find_game(table.session.state)
    assert game is not None and not game.character(ISOLDE).dead
    assert f"zone:zone/{ISOLDE}" not in marks.tags
    log_has(table, 'Alex spent 3 Author tokens on Monologue of Miraculous Survival: Isolde '
                   'Varga returns from "death" (believed dead for 0 scenes: no Advantage)')
    assert table.steps > 60 and table.faces > 50
