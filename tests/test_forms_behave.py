"""Forms that behave: the panels start from the session on the table (never the demo's names,
never what was typed for the last session), say in their own words when the session has no
deck for them, and ask once before a step that cannot be taken back.

Played on the real main window: the demo first, then File > New session or File > Open.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from curtain_rig import take_the_computer
from pytestqt.qtbot import QtBot
from question_rig import answer_next_question

from cardtable.randomness import seeded
from cardtable.resolvers.tarot.challenge import Attribute, TarotPhase
from cardtable.session import ConfirmSeat, PassSeat, PlayerId, Session, save
from cardtable.session.demo import demo_path
from cardtable.session.new_session import (
    CharacterPlan,
    NewSessionPlan,
    PlayerPlan,
    build_session,
)
from cardtable.settings import Settings
from cardtable.steps import tarot as tarot_steps
from cardtable.ui.panels.adventure.conflict.panel import NO_SHOE, ConflictPanel
from cardtable.ui.panels.asking import KEEP_PLAYING
from cardtable.ui.panels.banzai.panel import BanzaiPanel
from cardtable.ui.panels.dice.duel import DuelView
from cardtable.ui.panels.pool.tracker import PoolTracker
from cardtable.ui.panels.tarot.panel import CONCEDE_QUESTION, NO_TAROT, TarotPanel
from cardtable.ui.panels.tokens.panel import TokenPanel
from cardtable.ui.qt import Qt, QtCore, QtWidgets
from cardtable.ui.sheets.editor import SheetEditor
from cardtable.ui.widgets.style import bring_forward
from cardtable.ui.window.main_window import DISCARD, MainWindow
from cardtable.ui.window.setup import WindowSetup

LEFT = Qt.MouseButton.LeftButton
DEMO_NAMES = ("Wren Halloway", "Captain Isolde Varga", "Bartholomew Quince", "Ottilie Marchbank")


def _window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    window = MainWindow(demo_path(), autosave_folder=tmp_path / "autosave", animation_ms=0)
    window.ask_unsaved = lambda: DISCARD
    qtbot.addWidget(window)
    window.setup = WindowSetup(window, Settings(), store=lambda s, folder: None)
    window.resize(1280, 800)
    window.show()
    ready: list[MainWindow] = []
    window.when_ready(ready.append)
    qtbot.waitUntil(lambda: bool(ready) and bool(window.setup.docks), timeout=10_000)
    take_the_computer(qtbot, window)  # Dana, the GM
    return window


def _banzai_only() -> Session:
    plan = NewSessionPlan(
        systems=("banzai",),
        players=(PlayerPlan("Kenji"), PlayerPlan("Mai", "#8e44ad", gm=True)),
        characters=(CharacterPlan("Hiroko", "Kenji", "banzai"),),
    )
    return build_session(plan, seeded(1))


def _adventure_and_dice() -> Session:
    plan = NewSessionPlan(
        systems=("adventure", "crisis", "pool"),
        players=(PlayerPlan("Ayla"), PlayerPlan("Tom", "#8e44ad", gm=True)),
        characters=(CharacterPlan("Rook", "Ayla", "adventure"),
                    CharacterPlan("Vesna", "Ayla", "crisis"),
                    CharacterPlan("Brine", "Tom", "pool")),
    )
    return build_session(plan, seeded(2))


def _panels(window: MainWindow) -> tuple[ConflictPanel, TarotPanel, DuelView, PoolTracker]:
    found = tuple(window.findChild(kind) for kind in (ConflictPanel, TarotPanel, DuelView,
                                                       PoolTracker))
    assert all(f is not None for f in found)
    return found  # type: ignore[return-value]


def _others(window: MainWindow) -> list[QtWidgets.QWidget]:
    """The Banzai and token panels and the sheet editor."""
    found = [window.findChild(kind) for kind in (BanzaiPanel, TokenPanel, SheetEditor)]
    assert all(f is not None for f in found)
    return found  # type: ignore[return-value]


def _words(root: QtWidgets.QWidget) -> str:
    """What ``root`` shows in its labels, fields and lists (forms taken away are gone)."""
    QtCore.QCoreApplication.sendPostedEvents(None, QtCore.QEvent.Type.DeferredDelete)
    texts = []
    for widget in [root, *root.findChildren(QtWidgets.QWidget)]:
        if isinstance(widget, QtWidgets.QLabel | QtWidgets.QLineEdit):
            texts.append(widget.text())
        if isinstance(widget, QtWidgets.QComboBox):
            texts += [widget.currentText()] + [widget.itemText(i) for i in range(widget.count())]
    return "\n".join(texts)


def test_a_new_session_of_another_system_keeps_nothing_of_the_last(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window = _window(qtbot, tmp_path)
    conflict, tarot, duel, pool = _panels(window)
    qtbot.keyClicks(conflict.goal_edit, "Reach the lighthouse first")
    qtbot.keyClicks(tarot.texts["objective"], "Slip past the warden")
    duel.names[1].setCurrentText("The Hollow Man")
    window.new_session_factory = _banzai_only
    window.new_session()
    assert window.document.session.players[0].name == "Kenji"
    assert conflict.goal_edit.text() == "" and tarot.texts["objective"].text() == ""
    assert [box.currentText() for box in duel.names] == ["", ""]
    # A Banzai table: the Conflict and tarot panels say, each in its own words, why they
    # have nothing to play with.
    assert conflict.status.text() == NO_SHOE
    assert tarot.status.text() == NO_TAROT
    for panel in (conflict, tarot, duel, pool, *_others(window)):
        for name in DEMO_NAMES:
            assert name not in _words(panel), (type(panel).__name__, name)
    banzai = _words(_others(window)[0])
    assert "Hiroko" in banzai  # the new session's own Banzai character


def test_panels_start_from_the_characters_of_a_session_opened(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = _window(qtbot, tmp_path)
    conflict, tarot, duel, pool = _panels(window)
    path = tmp_path / "marsh.cardtable"
    save(_adventure_and_dice(), path)
    monkeypatch.setattr(QtWidgets.QFileDialog, "getOpenFileName",
                        lambda *a, **k: (str(path), ""))
    assert window.open_session()
    # Rook's blank sheet has no Strong Suit yet: nobody may challenge, but he is the one
    # a goal may aim to Hit, and no demo character is offered.
    assert conflict.challenger.count() == 0
    assert [conflict.hit_target.itemText(i) for i in range(conflict.hit_target.count())] == [
        "nobody in particular", "Rook"]
    assert [duel.names[0].itemText(i) for i in range(duel.names[0].count())] == ["Vesna"]
    assert [box.currentText() for box in duel.names] == ["", ""]
    assert pool.setup.first.name.text() == ""
    assert tarot.status.text() == NO_TAROT
    assert conflict.status.text().startswith("No Conflict. On Ayla's turn")
    for panel in (conflict, tarot, duel, pool, *_others(window)):
        for name in DEMO_NAMES:
            assert name not in _words(panel), (type(panel).__name__, name)


def _conceding(qtbot: QtBot, window: MainWindow) -> TarotPanel:
    """The GM sets a Challenge up for Ottilie; Alex takes the computer, ready to concede."""
    tarot = window.findChild(TarotPanel)
    assert tarot is not None
    bring_forward(window.setup.docks["tarot"])
    qtbot.waitUntil(tarot.isVisible)
    document = window.document
    assert document.apply(tarot_steps.begin("ottilie-marchbank", Attribute.ROCK, 1))
    seat = [p.id for p in document.session.players].index(PlayerId("alex"))
    assert document.apply(PassSeat(seat)) and document.apply(ConfirmSeat(PlayerId("alex")))
    assert tarot.concede.isEnabled()
    return tarot


def test_concede_asks_once_and_keep_playing_changes_nothing(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window = _window(qtbot, tmp_path)
    tarot = _conceding(qtbot, window)
    asked: list[str] = []
    answer_next_question(qtbot, KEEP_PLAYING, asked)
    qtbot.mouseClick(tarot.concede, LEFT)
    assert asked == [CONCEDE_QUESTION]
    challenge = tarot_steps.challenge_in_play(window.document.session.state)
    assert challenge is not None and challenge.phase is TarotPhase.CHALLENGE_DRAWN
    answer_next_question(qtbot, "Concede", asked)
    qtbot.mouseClick(tarot.concede, LEFT)
    assert len(asked) == 2
    assert challenge.phase is TarotPhase.ENDED
    assert window.document.session.log[-1].public.startswith("Ottilie Marchbank concedes")


def test_the_question_defaults_to_keep_playing(qtbot: QtBot, tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path)
    tarot = _conceding(qtbot, window)

    def press_enter() -> None:
        box = QtWidgets.QApplication.activeModalWidget()
        if not isinstance(box, QtWidgets.QMessageBox) or not box.isVisible():
            QtCore.QTimer.singleShot(10, press_enter)
            return
        default = box.defaultButton()
        assert default is not None and default.text() == KEEP_PLAYING
        qtbot.keyClick(box, Qt.Key.Key_Return)

    QtCore.QTimer.singleShot(0, press_enter)
    qtbot.mouseClick(tarot.concede, LEFT)
    challenge = tarot_steps.challenge_in_play(window.document.session.state)
    assert challenge is not None and challenge.phase is TarotPhase.CHALLENGE_DRAWN
