"""The GM's private notes: written at the GM's seat, read only there, never painted behind the
curtain or for another seat, saved with the session, printed with the GM's own sheet if
asked."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from pool_table import ALEX, DANA, DEMON, pool_session, seat
from pytestqt.qtbot import QtBot

from cardtable.randomness import seeded
from cardtable.session import AuthorityError, Note, PassSeat, visible_log
from cardtable.session.gm_notes import GmNote, gm_notes
from cardtable.session.saving import from_bytes, to_bytes
from cardtable.ui.document import SessionDocument
from cardtable.ui.panels.notes.panel import GmNotesPanel
from cardtable.ui.qt import Qt, QtWidgets
from cardtable.ui.sheets.printing.actions import PrintDialog
from cardtable.ui.sheets.printing.output import render_pdf

SECRET = "The Demon fears running water."


def test_only_the_gm_writes_and_reads_the_gm_notes() -> None:
    session = pool_session()
    session.apply(GmNote(f"  {SECRET}  "))
    assert [note.text for note in gm_notes(session)] == [SECRET]
    entry = session.log[-1]
    assert entry.public == "Dana wrote in the GM's notes"
    assert visible_log(session, 0)[-1] == "Dana wrote in the GM's notes"  # Alex's seat
    assert visible_log(session, 2)[-1] == f"GM's note: {SECRET}"  # Dana's seat
    seat(session, ALEX)
    assert gm_notes(session) == []
    assert session.may(GmNote("x")) == "Only the GM (Dana) may write in the GM's notes."
    with pytest.raises(AuthorityError, match=r"Only the GM \(Dana\) may write in the GM's notes"):
        session.apply(GmNote("x"))
    session.apply(PassSeat(2))  # to Dana: the curtain is up until she says "I am Dana"
    assert session.holder == DANA and gm_notes(session) == []


def test_an_empty_note_and_a_table_without_gm_are_refused() -> None:
    session = pool_session()
    with pytest.raises(ValueError, match="The note is empty: write something first"):
        session.apply(GmNote("   "))
    from cardtable.session import Session

    lonely = Session(rng=seeded(1))
    assert lonely.may(GmNote("x")) is None  # nobody at the table refuses anything
    with pytest.raises(ValueError, match="This table has no GM"):
        lonely.apply(GmNote("x"))


def test_the_notes_are_saved_and_stay_private() -> None:
    session = pool_session()
    session.apply(GmNote(SECRET))
    loaded = from_bytes(to_bytes(session), rng=seeded(2))
    assert [note.text for note in gm_notes(loaded)] == [SECRET]
    loaded.holder = ALEX
    assert gm_notes(loaded) == [] and SECRET not in " ".join(visible_log(loaded, 0))


def _all_text(widget: QtWidgets.QWidget) -> str:
    """Every word the pane holds in any of its widgets."""
    parts = [w.toPlainText() for w in widget.findChildren(QtWidgets.QPlainTextEdit)]
    parts += [w.toPlainText() for w in widget.findChildren(QtWidgets.QTextEdit)]
    parts += [w.text() for w in widget.findChildren(QtWidgets.QLabel)]
    return "\n".join(parts)


def test_the_pane_shows_the_notes_only_at_the_gms_seat(qtbot: QtBot) -> None:
    document = SessionDocument(pool_session())
    panel = GmNotesPanel(document)
    qtbot.addWidget(panel)
    with qtbot.waitActive(panel):  # shortcuts reach the active window only
        panel.show()
        panel.activateWindow()
    qtbot.keyClicks(panel.editor, SECRET)
    qtbot.mouseClick(panel.add, Qt.MouseButton.LeftButton)
    assert SECRET in panel.notes.toPlainText() and panel.editor.toPlainText() == ""
    qtbot.keyClicks(panel.editor, "Draft: the bridge is out")
    session = document.session
    assert document.apply(PassSeat(0))  # to Alex: the curtain goes up
    assert SECRET not in _all_text(panel) and "bridge" not in _all_text(panel)
    assert not panel.add.isEnabled() and not panel.editor.isEnabled()
    seat(session, ALEX)
    assert SECRET not in _all_text(panel) and "bridge" not in _all_text(panel)
    assert panel.status.text() == ("The GM's notes are Dana's alone: they show only while Dana "
                                   "holds the computer.")
    seat(session, DANA)
    assert SECRET in panel.notes.toPlainText()
    assert panel.editor.toPlainText() == "Draft: the bridge is out"  # kept aside, back again
    qtbot.keyClick(panel.editor, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    # Ctrl+Enter is the button's shortcut: it clicks it (after the click's short animation).
    qtbot.waitUntil(lambda: len(gm_notes(session)) == 2)
    assert [note.text for note in gm_notes(session)] == [SECRET, "Draft: the bridge is out"]
    assert panel.editor.toPlainText() == ""


def test_the_gms_own_sheet_prints_with_the_notes_if_asked(qtbot: QtBot, tmp_path: Path) -> None:
    session = pool_session()
    session.apply(GmNote(SECRET))
    document = SessionDocument(session)
    dialog = PrintDialog(document, DEMON, pdf=True)
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.gm_notes.isVisible() and dialog.gm_notes.isEnabled()
    assert [page.notes for page in dialog.choice().pages] == [()]  # only when ticked
    qtbot.mouseClick(dialog.gm_notes, Qt.MouseButton.LeftButton)
    [page] = dialog.choice().pages
    assert page.notes == (SECRET,)
    path = tmp_path / "demon.pdf"
    path.write_bytes(render_pdf([page]))
    text = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True,
                          check=True).stdout
    pages = text.split("\f")
    assert SECRET not in pages[0] and SECRET in " ".join(pages[1].split())
    assert "THE GM'S NOTES (PRIVATE)" in pages[1]
    qtbot.mouseClick(dialog.party, Qt.MouseButton.LeftButton)
    assert [p.notes for p in dialog.choice().pages] == [(), (), (SECRET,)]  # the Demon's page
    seat(session, ALEX)
    elsewhere = PrintDialog(document, DEMON, pdf=True)
    qtbot.addWidget(elsewhere)
    elsewhere.show()
    assert not elsewhere.gm_notes.isVisible()
    assert all(not p.notes for p in elsewhere.choice().pages)


def test_a_line_logged_that_is_no_note_leaves_the_gm_reading_where_they_were(
    qtbot: QtBot,
) -> None:
    """The pane is drawn again only when the notes change: another line in the log does not
    throw the GM, reading an old note, to the bottom of the pane."""
    document = SessionDocument(pool_session())
    panel = GmNotesPanel(document)
    qtbot.addWidget(panel)
    panel.resize(400, 300)
    panel.show()
    for n in range(40):
        assert document.apply(GmNote(f"Clue {n}: the lamp in the {n}th window"))
    bar = panel.notes.verticalScrollBar()

    def at_the_bottom() -> bool:  # the newest note in sight (the cursor at its end)
        return bar.maximum() - bar.value() < 30

    assert bar.maximum() > 200 and at_the_bottom()
    bar.setValue(0)  # the GM scrolls back to the first clue
    assert document.apply(Note("The train stops at Vell"))
    assert bar.value() == 0 and "Clue 0:" in panel.notes.toPlainText()
    assert document.apply(GmNote("Clue 40: the conductor lies"))
    assert at_the_bottom() and "Clue 40:" in panel.notes.toPlainText()
    assert panel.status.text() == "Private: only you see these (41 notes)."
