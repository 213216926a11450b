"""The panel base (``ui/panels/base.py``), with a real widget on a real session: the model's
refusal shown word for word, one refresh for an apply, an apply within an apply, and the
waiting line for a step that is another player's."""

from __future__ import annotations

from pool_table import ALEX, pool_session, seat
from pytestqt.qtbot import QtBot

from cardtable.session import Changes, PassSeat
from cardtable.session.gm_notes import GmNote, gm_notes
from cardtable.steps import crisis as crisis_steps
from cardtable.ui.document import SessionDocument
from cardtable.ui.panels.base import SessionPanel
from cardtable.ui.panels.owners import WaitingFor
from cardtable.ui.qt import Qt, QtWidgets

EMPTY = "The note is empty: write something first."


class NotesBox(SessionPanel, QtWidgets.QGroupBox):
    """A GM's-notes box as small as a panel gets: a field, a button, a message line."""

    watches = Changes.LOG | Changes.SEAT

    def __init__(self, document: SessionDocument) -> None:
        super().__init__(document, "Notes")
        #: Whether the panel was busy at each refresh (one entry a refresh).
        self.refreshes: list[bool] = []
        layout = QtWidgets.QVBoxLayout(self)
        self.text = QtWidgets.QLineEdit(self)
        self.write = QtWidgets.QPushButton("Write", self)
        self.write.setAccessibleDescription("Write the note")
        self.set_up = QtWidgets.QPushButton("Set a Challenge", self)
        self.waiting = WaitingFor(document, self)
        self.message = self.message_line("Notes message")
        for widget in (self.text, self.write, self.set_up, self.waiting, self.message):
            layout.addWidget(widget)
        self.write.clicked.connect(lambda: self.apply(GmNote(self.text.text())))
        self.refresh()

    def refresh(self) -> None:
        self.refreshes.append(self.applying)
        self.offer(
            self.set_up,
            crisis_steps.set_up_simple("x", 6),
            self.curtain_reason(),
            tip="Set it",
            waiting=self.waiting,
            doing="to set the Challenge",
        )


def _box(qtbot: QtBot) -> tuple[NotesBox, SessionDocument]:
    document = SessionDocument(pool_session())
    box = NotesBox(document)
    qtbot.addWidget(box)
    box.show()
    return box, document


def test_the_models_refusal_is_shown_word_for_word(qtbot: QtBot) -> None:
    box, document = _box(qtbot)
    box.refreshes.clear()
    with qtbot.waitSignal(document.refused) as refused:  # the status bar hears it too
        qtbot.mouseClick(box.write, Qt.MouseButton.LeftButton)
    assert refused.args == [EMPTY]
    assert box.message.text() == EMPTY
    assert box.refreshes == [] and not box.applying  # nothing changed, nothing redone


def test_an_apply_refreshes_once_when_it_is_done(qtbot: QtBot) -> None:
    box, document = _box(qtbot)
    box.message.setText("an old complaint")
    box.refreshes.clear()
    qtbot.keyClicks(box.text, "The Demon fears running water.")
    qtbot.mouseClick(box.write, Qt.MouseButton.LeftButton)
    assert [n.text for n in gm_notes(document.session)] == ["The Demon fears running water."]
    assert box.refreshes == [False]  # once, after the apply, not in the middle of it
    assert box.message.text() == ""


def test_an_apply_within_an_apply_keeps_the_panel_busy_and_refreshes_once(qtbot: QtBot) -> None:
    box, document = _box(qtbot)
    inner: list[bool] = []

    def write_again(_flags: int) -> None:
        if not inner:  # a slot of the first apply applies again, through the same panel
            inner.append(box.apply(GmNote("   ")))
            inner.append(box.applying)

    document.changed.connect(write_again)
    box.refreshes.clear()
    qtbot.keyClicks(box.text, "First")
    qtbot.mouseClick(box.write, Qt.MouseButton.LeftButton)
    assert inner == [False, True]  # refused, and still busy with the first
    assert box.message.text() == EMPTY
    assert box.refreshes == [False]
    assert not box.applying


def test_another_players_step_names_whom_it_waits_for(qtbot: QtBot) -> None:
    box, document = _box(qtbot)
    assert box.set_up.isEnabled() and box.waiting.isHidden()  # Dana, the GM, holds it
    seat(document.session, ALEX)
    assert not box.set_up.isEnabled()
    assert box.set_up.toolTip() == (
        "Set it\nNot now: Only the GM (Dana) may set up a Simple Challenge."
    )
    assert box.waiting.text.text() == "Waiting for the GM (Dana) to set the Challenge."
    assert not box.waiting.isHidden()
    document.session.apply(PassSeat(2))  # to Dana, behind the curtain
    assert box.curtain_reason() == "the curtain is up until Dana takes the computer"
    assert not box.set_up.isEnabled()
