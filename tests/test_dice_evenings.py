"""A Banzai evening and a crisis dice evening, played through the real main window with clicks.

Gina (the GM), Bob and Alice sit at the table of ``dice_evening_rig``. Every roll starts from
a sheet or a panel and reads its numbers from the sheets (no rank, pool or Void is typed);
every decision is taken at its owner's seat, handed over with the panels' own "Pass the
computer to ..." buttons and the curtain's "I am ...". The dice are scripted, so every number
is known; what each should be comes from ``rules/banzai.md`` and ``rules/crisis-dice.md``.
Both evenings are saved and opened again at the end.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from curtain_rig import take_the_computer
from dice_evening_rig import ALICE, BOB, GINA, GORO, JO, KEIKO, LEO, NAMES, ScriptedRng, dice_table
from pytestqt.qtbot import QtBot

from cardtable.resolvers.banzai.roll import BanzaiPhase
from cardtable.resolvers.crisis.duel import CrisisResult, DuelResult
from cardtable.session import PlayerId, Session, load, save
from cardtable.settings import Settings
from cardtable.sheets import BanzaiSheet, Element
from cardtable.steps.banzai import opposed as opposed_steps
from cardtable.steps.banzai import roll as roll_steps
from cardtable.steps.crisis import duel_in_play, simple_in_play
from cardtable.ui.panels.banzai.opposed import OpposedTab
from cardtable.ui.panels.banzai.panel import BanzaiPanel
from cardtable.ui.panels.dice.duel import DuelView
from cardtable.ui.panels.dice.simple import SimpleView
from cardtable.ui.panels.owners import WaitingFor
from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets
from cardtable.ui.sheets.editor import SheetDock
from cardtable.ui.sheets.forms.banzai import BanzaiForm
from cardtable.ui.window.main_window import DISCARD, MainWindow
from cardtable.ui.window.setup import WindowSetup

LEFT = Qt.MouseButton.LeftButton


class Evening:
    """The window, its panels, and the hands that click them."""

    def __init__(self, qtbot: QtBot, window: MainWindow) -> None:
        self.qtbot = qtbot
        self.window = window

    @property
    def session(self) -> Session:
        return self.window.document.session

    def dock(self, key: str) -> QtWidgets.QDockWidget:
        dock: QtWidgets.QDockWidget = self.window.setup.docks[key]  # type: ignore[attr-defined]
        return dock

    def front(self, key: str) -> QtWidgets.QDockWidget:
        """Bring a panel forward with its shortcut, as a player would."""
        dock = self.dock(key)
        if dock.visibleRegion().isEmpty():
            entry = next(a for a in self.window.panels_menu.actions()
                         if a.text().replace("&", "").startswith(dock.toolTip()))
            entry.trigger()
        QtWidgets.QApplication.processEvents()
        assert not dock.visibleRegion().isEmpty()
        return dock

    @property
    def banzai(self) -> BanzaiPanel:
        found = self.front("banzai").findChild(BanzaiPanel)
        assert found is not None
        return found

    def kenjutsu_contest(self) -> OpposedTab:
        """The GM (at the computer) calls an opposed roll in the Banzai panel: Jo's Kenjutsu /
        Fire against Keiko's Kenjutsu / Void."""
        banzai = self.banzai
        banzai.tabs.setCurrentWidget(banzai.opposed)
        contest = banzai.opposed
        for who, (character, skill, element) in zip(
            contest.who, ((JO, "Kenjutsu", Element.FIRE), (KEIKO, "Kenjutsu", Element.VOID)),
            strict=True,
        ):
            self.pick(who.character, character)
            self.pick(who.skill, skill)
            self.pick(who.element, element)
        self.click(contest.start)
        return contest

    def dice_tab(self, kind: type) -> QtWidgets.QWidget:
        dock = self.front("dice")
        tabs = dock.findChild(QtWidgets.QTabWidget)
        assert tabs is not None
        found = dock.findChild(kind)
        assert found is not None
        index = next(i for i in range(tabs.count()) if tabs.widget(i).isAncestorOf(found))
        tabs.tabBar().setCurrentIndex(index)
        QtWidgets.QApplication.processEvents()
        return found

    def click(self, widget: QtWidgets.QWidget, x: int | None = None) -> None:
        QtWidgets.QApplication.processEvents()
        assert widget.isVisible() and widget.isEnabled(), (widget.accessibleName(),
                                                           widget.toolTip())
        if x is None:
            self.qtbot.mouseClick(widget, LEFT)
        else:
            self.qtbot.mouseClick(widget, LEFT, pos=QtCore.QPoint(x, widget.height() // 2))

    def type(self, widget: QtWidgets.QWidget, text: str) -> None:
        if isinstance(widget, QtWidgets.QAbstractSpinBox):
            widget.selectAll()
        else:
            assert isinstance(widget, QtWidgets.QLineEdit)
            widget.clear()
        self.qtbot.keyClicks(widget, text)
        self.qtbot.keyClick(widget, Qt.Key.Key_Tab)

    def pick(self, combo: QtWidgets.QComboBox, data: object) -> None:
        index = combo.findData(data)
        assert index >= 0, f"{data} is not offered"
        combo.setCurrentIndex(index)

    def hand_over(self, waiting: WaitingFor, player: PlayerId) -> None:
        """The panel waits for ``player``: its button passes them the computer, and they say
        "I am ..." at the curtain."""
        assert waiting.isVisible(), "nobody is waited for"
        assert waiting.text.text().startswith(f"Waiting for {NAMES[player]}") or \
            waiting.text.text().startswith(f"Waiting for the GM ({NAMES[player]})")
        self.click(waiting.pass_button)
        self.i_am(player)

    def i_am(self, player: PlayerId) -> None:
        curtain = self.window.curtain
        assert self.session.curtain == player
        assert curtain.confirm.text() == f"I am {NAMES[player]}"
        self.click(curtain.confirm)
        assert self.session.holder == player and self.session.curtain is None

    def pass_to(self, player: PlayerId) -> None:
        """Seat > Pass the computer to ..."""
        menu = self.window.pass_menu
        menu.aboutToShow.emit()
        next(a for a in menu.actions() if a.text().startswith(NAMES[player])).trigger()
        self.i_am(player)

    def roll_from_sheet(self, character: str, skill: str) -> None:
        """The sheet editor's Roll menu: the Banzai panel comes forward with that roll."""
        dock = self.front("sheets")
        assert isinstance(dock, SheetDock)
        editor = dock.editor
        editor.picker.setCurrentIndex(editor.picker.findData(character))
        editor.picker.activated.emit(editor.picker.currentIndex())
        assert editor.roll_button.isVisible()
        editor.roll_menu.aboutToShow.emit()
        entry = next(a for a in editor.roll_menu.actions() if a.text().startswith(skill))
        entry.trigger()

    def honor(self, character: str) -> int:
        sheet = self.session.state.characters[character].sheet  # type: ignore[index]
        assert isinstance(sheet, BanzaiSheet)
        return sheet.honor

    def logged(self, *lines: str) -> None:
        said = [entry.public for entry in self.session.log]
        for line in lines:
            assert line in said, f"not in the log: {line}"


@pytest.fixture
def evening(qtbot: QtBot, tmp_path: Path) -> Iterator[Evening]:
    path = tmp_path / "dice-evening.cardtable"
    save(dice_table(), path)
    window = MainWindow(path, autosave_folder=tmp_path / "autosave", animation_ms=0)
    window.ask_unsaved = lambda: DISCARD
    qtbot.addWidget(window)
    window.setup = WindowSetup(  # type: ignore[attr-defined]
        window, Settings(), store=lambda settings, folder: None)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    qtbot.waitUntil(lambda: bool(window.setup.docks), timeout=10_000)  # type: ignore[attr-defined]
    take_the_computer(qtbot, window)  # whoever held it when it was saved
    yield Evening(qtbot, window)


def test_a_banzai_evening(evening: Evening, tmp_path: Path) -> None:
    table = evening
    table.pass_to(BOB)

    # Jo strikes Goro from his sheet: Kenjutsu 5 / Fire 3, the katana +2k2, against Goro's
    # Water 5 x 5, with two Raises and a Free Raise from an ability.
    table.roll_from_sheet(JO, "Kenjutsu")
    roll = table.banzai.roll
    assert roll.form.who.character.currentData() == JO
    assert roll.form.who.skill.currentData() == "Kenjutsu"
    table.pick(roll.form.who.element, Element.FIRE)
    table.pick(roll.form.tn_mode, "passive")
    table.pick(roll.form.opponent, GORO)
    table.pick(roll.form.opponent_element, Element.WATER)
    table.type(roll.form.modifiers, "+2k2 katana")
    table.type(roll.form.free, "1")
    assert roll.line_texts() == ["Kenjutsu 5 + Fire 3: 5k3", "katana: +2k2", "Dice: 7k5",
                                 "1 Free Raise from abilities", "TN 25: Goro's Water 5 × 5",
                                 "Raises: at most 3 (Void 3), each +5 to the TN"]
    table.click(roll.odds[2], x=12)
    table.session.rng = ScriptedRng([3, 5, 5, 6, 9, 9, 10, 3])
    table.click(roll.roll_button)
    assert roll.total.text() == "Tachibana Jo keeps 13, 9, 9, 6, 5 = 42 against TN 35: met."
    table.click(roll.succeed)
    assert roll.raises_left.text() == "3 of 3 Raises left to spend (2 declared, 1 Free)"
    table.pick(roll.effect, "A fact of the Scene")
    table.type(roll.detail, "Goro's topknot falls in the mud")
    table.click(roll.spend)
    table.click(roll.finish)
    assert table.honor(JO) == 5
    table.logged("Tachibana Jo rolled 7k5: [3] [5] [5] [6] [9] [9] [10→3=13]; keeps 13, 9, 9, "
                 "6, 5 = 42 against TN 35: met (1 Free Raise from abilities).",
                 "Tachibana Jo's Honor Points: 4 → 5.")

    # Jo tracks the bandits, Keiko helping: Hunting 6 / Void 3 and +0k1 is 6k4.
    table.pick(roll.form.who.skill, "Hunting")
    table.pick(roll.form.who.element, Element.VOID)
    table.pick(roll.form.tn_mode, "typed")
    table.type(roll.form.modifiers, "")
    table.type(roll.form.free, "0")
    table.type(roll.form.tn, "20")
    helpers = roll.form.helpers
    item = next(helpers.item(r) for r in range(helpers.count())
                if helpers.item(r).data(Qt.ItemDataRole.UserRole) == KEIKO)
    rect = helpers.visualItemRect(item)
    table.qtbot.mouseClick(helpers.viewport(), LEFT,
                           pos=QtCore.QPoint(rect.left() + 10, rect.center().y()))
    assert "Dice: 6k4" in roll.line_texts() and len(roll.odds) == 5
    table.session.rng = ScriptedRng([7, 7, 2, 3, 8, 1])
    table.click(roll.roll_button)
    assert roll.total.text() == "Tachibana Jo keeps 8, 7, 7, 3 = 25 against TN 20: met."
    table.click(roll.succeed)
    table.click(roll.finish)

    # The GM calls an opposed roll: Jo's Kenjutsu / Fire against Keiko's Kenjutsu / Void.
    table.pass_to(GINA)
    contest = table.kenjutsu_contest()
    first, second = contest.sides
    table.hand_over(first.waiting, BOB)
    table.type(first.raises, "1")
    table.session.rng = ScriptedRng([8, 7, 6, 5, 4])
    table.click(first.roll)
    table.hand_over(second.waiting, ALICE)
    table.session.rng = ScriptedRng([9, 2, 2])
    table.click(second.roll)
    table.click(contest.resolve)
    assert contest.outcome.text() == ("Tachibana Jo 21 against Owari Keiko 13: Tachibana Jo "
                                      "wins. Effects in turn: Tachibana Jo: initial Effect, "
                                      "Tachibana Jo: bonus Effect 1.")
    outcome = opposed_steps.contest_in_play(table.session.state)
    assert outcome is not None and outcome.outcome is not None
    # Each side spends what it kept, in turn, at its own seat: Jo his Raise, Keiko none.
    assert contest.turn.text() == "Tachibana Jo's turn to spend a Raise."
    table.hand_over(first.waiting, BOB)
    table.pick(first.spending.effect, "A worse Difficulty on someone")
    table.type(first.spending.detail, "Keiko's sandal strap snaps")
    table.click(first.spending.spend)
    table.click(first.spending.finish)
    table.hand_over(second.waiting, ALICE)
    table.click(second.spending.finish)
    table.logged("Tachibana Jo spends Raise 1 of 1 on a bonus Effect: A worse Difficulty on "
                 "someone: Keiko's sandal strap snaps.",
                 "Tachibana Jo is done with the contest's Raises: 1 bonus Effect.",
                 "Owari Keiko is done with the contest's Raises.")

    # The GM starves Keiko two days; her next roll counts it. Then Keiko gambles two Raises.
    table.pass_to(GINA)
    banzai = table.banzai
    banzai.tabs.setCurrentWidget(banzai.roll)
    table.pick(roll.form.who.character, KEIKO)
    box = roll.conditions
    table.pick(box.kind, "starvation")
    table.click(box.begin)
    box.list.setCurrentRow(0)
    table.click(box.worsen)
    assert box.lines() == ["starvation, 1 interval: Moderate, -1k0"]
    # Alice writes Keiko's Raise step on her sheet: an ability makes each Raise worth 7.
    table.pass_to(ALICE)
    sheets = table.front("sheets")
    assert isinstance(sheets, SheetDock)
    editor = sheets.editor
    editor.picker.setCurrentIndex(editor.picker.findData(KEIKO))
    editor.picker.activated.emit(editor.picker.currentIndex())
    assert isinstance(editor.form, BanzaiForm)
    step = editor.form.raise_step.spin
    step.lineEdit().selectAll()
    table.qtbot.keyClicks(step, "7")
    table.qtbot.keyClick(step, Qt.Key.Key_Return)
    roll = table.banzai.roll
    table.pick(roll.form.who.character, KEIKO)
    table.pick(roll.form.who.skill, "Investigation")
    table.pick(roll.form.who.element, Element.VOID)
    table.type(roll.form.tn, "10")
    assert "Dice: 6k3" in roll.line_texts()
    assert roll.odds_texts()[2].startswith("2 Raises: TN 24, ")
    table.click(roll.odds[2], x=12)
    table.session.rng = ScriptedRng([9, 8, 10, 2, 3, 1, 2])
    table.click(roll.roll_button)
    assert roll.total.text() == "Owari Keiko keeps 12, 9, 8 = 29 against TN 24: met."
    table.click(roll.succeed)
    table.click(roll.finish)
    assert table.honor(KEIKO) == 3
    current = roll_steps.roll_in_play(table.session.state)
    assert current is not None and current.phase is BanzaiPhase.FINISHED

    # Saved and opened again: Honor, the condition, the roll and the contest stay.
    path = tmp_path / "banzai-evening.cardtable"
    table.window.document.save(path)
    again = load(path)
    assert again.state.characters[KEIKO].sheet.condition("starvation").intervals == 1  # type: ignore[union-attr,index]
    assert again.state.characters[JO].sheet.honor == 5  # type: ignore[union-attr,index]
    assert roll_steps.roll_in_play(again.state) == current


def test_a_crisis_evening(evening: Evening, tmp_path: Path) -> None:
    table = evening
    simple = table.dice_tab(SimpleView)
    assert isinstance(simple, SimpleView)
    table.pick(simple.character, LEO)
    assert simple.pool.text() == "3 dice (sheet)"
    table.type(simple.difficulty, "12")
    table.type(simple.crisis, "The stairs give way beneath him")
    table.click(simple.set_up)
    table.hand_over(simple.waiting, BOB)
    assert simple.crisis_note.text() == "The GM has written down a Crisis: hidden until it strikes."
    table.session.rng = ScriptedRng([1, 3, 4, 4])
    table.click(simple.roll_button)
    assert not simple.invite.isEnabled()
    table.hand_over(simple.waiting, GINA)
    table.click(simple.invite)
    table.hand_over(simple.waiting, BOB)
    table.click(simple.push)
    challenge = simple_in_play(table.session.state)
    assert challenge is not None and challenge.result is CrisisResult.CRISIS
    assert simple.crisis_note.text() == "The Crisis strikes: The stairs give way beneath him"
    table.logged("Leo pushed a 4: a 4 is already in Leo's set — Crisis! The Crisis strikes: "
                 "The stairs give way beneath him")

    # The GM sets up a Duel: Leo against Jamil, each pushing at their own seat.
    table.pass_to(GINA)
    duel_view = table.dice_tab(DuelView)
    assert isinstance(duel_view, DuelView)
    for box, name in zip(duel_view.names, ("Leo", "Jamil"), strict=True):
        box.setCurrentIndex(box.findText(name))
    table.type(duel_view.crisis, "The handgun goes off")
    table.click(duel_view.start)
    table.session.rng = ScriptedRng([1, 3, 4, 1, 1, 5])
    table.click(duel_view.roll_button)
    leo, jamil = duel_view.sides
    for waiting_side, player, face in ((jamil, ALICE, 6), (leo, BOB, 5), (jamil, ALICE, 5),
                                       (leo, BOB, 3)):
        assert waiting_side.waiting is not None
        table.hand_over(waiting_side.waiting, player)
        table.session.rng = ScriptedRng([face])
        table.click(waiting_side.push)
    duel = duel_in_play(table.session.state)
    assert duel is not None and duel.result is DuelResult.CRISIS
    assert duel.outcome().winner == "Jamil" and duel.totals == (7, 11)
    assert duel_view.crisis_note.text() == "The Crisis strikes: The handgun goes off"

    path = tmp_path / "crisis-evening.cardtable"
    table.window.document.save(path)
    again = load(path)
    assert simple_in_play(again.state) == challenge and duel_in_play(again.state) == duel


def test_a_banzai_roll_started_from_the_felt_only_at_its_players_seat(evening: Evening) -> None:
    table = evening
    felt = table.window.felt

    def entries() -> dict[str, QtGui.QAction]:
        menu = felt.card_actions.menu_for(None)  # the bare felt's context menu
        sub = next(a.menu() for a in menu.actions() if a.text() == "&Banzai roll for")
        return {a.text(): a for a in sub.actions()}

    # Gina holds the computer: her Goro first and hers to roll; Jo and Keiko greyed out.
    offered = entries()
    assert list(offered) == ["Goro…", "Tachibana Jo…", "Owari Keiko…"]
    assert [a.isEnabled() for a in offered.values()] == [True, False, False]
    assert offered["Tachibana Jo…"].toolTip() == (
        "Tachibana Jo is Bob's character: only Bob may roll for Tachibana Jo.")
    table.pass_to(BOB)
    offered = entries()
    assert next(iter(offered)) == "Tachibana Jo…" and offered["Tachibana Jo…"].isEnabled()
    offered["Tachibana Jo…"].trigger()
    QtWidgets.QApplication.processEvents()
    assert not table.dock("banzai").visibleRegion().isEmpty()
    panel = table.dock("banzai").findChild(BanzaiPanel)
    assert panel is not None and panel.tabs.currentWidget() is panel.roll
    assert panel.roll.form.who.character.currentData() == JO
    assert panel.roll.line_texts()[0] == "Kenjutsu 5 + Fire 3: 5k3"  # the sheet's first Skill
    assert panel.roll.roll_button.isEnabled()
