"""A guided round leaves the group's session untouched: its file, its autosave, its undo
history, the window's title and the recent list are as they were when it ends."""

from __future__ import annotations

from pathlib import Path

from guide_rig import group_window, press

from cardtable.randomness import seeded
from cardtable.session import Note
from cardtable.steps import tarot as tarot_steps
from cardtable.ui.guides.menu import running_round, start_round
from cardtable.ui.qt import Qt


def folder_bytes(folder: Path) -> dict[str, bytes]:
    return {
        str(path.relative_to(folder)): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file() and not path.name.endswith(".lock")
    }


def autosaved(folder: Path) -> bool:
    """Whether the autosave and the note of what it holds are both written."""
    suffixes = {path.suffix for path in folder.rglob("*")}
    return {".cardtable", ".json"} <= suffixes


def test_a_round_leaves_the_group_session_as_it_was(qtbot, tmp_path):
    window, group, stored = group_window(qtbot, tmp_path)
    document = window.document
    session = document.session
    assert document.apply(Note("The party reaches the lighthouse."))
    folder = tmp_path / "autosave"
    qtbot.waitUntil(lambda: autosaved(folder), timeout=15_000)
    qtbot.wait(2500)  # longer than the autosave's pause: the group's autosave has settled
    file_before = group.read_bytes()
    autosave_before = folder_bytes(folder)
    undo_before = (session.can_undo, session.undo_label, len(session.log))
    state_before = session.state.copy()
    title_before = window.windowTitle()
    assert window.isWindowModified()
    stored_before = len(stored)

    walk = start_round(window, "tarot", seeded(3))
    assert document.session is not session and document.lent
    assert window.windowTitle().startswith("Guide: the tarot Challenge")
    press(qtbot, walk.spot().widget)  # "I am Dana"
    press(qtbot, walk.card.next)
    panel_draws = walk.window.setup.docks["tarot"]
    assert panel_draws.isVisible()
    # The guide's table changes: a Challenge drawn, then Save refused, then Esc.
    assert document.apply(tarot_steps.inspiration())
    assert not window.isWindowModified()  # a guide's table has nothing unsaved to mark
    qtbot.keyClick(window.felt, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)  # Save
    assert window.statusBar().currentMessage() == (
        "⚠ A guide's table is not saved: leave the guide to save the session."
    )
    qtbot.wait(2500)  # longer than the autosave's pause: nothing of the guide is written
    qtbot.keyClick(window, Qt.Key.Key_Escape)

    assert running_round(window) is None
    assert document.session is session and not document.lent
    assert (session.can_undo, session.undo_label, len(session.log)) == undo_before
    assert session.state == state_before
    assert window.windowTitle() == title_before and window.isWindowModified()
    assert group.read_bytes() == file_before
    assert folder_bytes(folder) == autosave_before
    assert len(stored) == stored_before  # no recent entry, no settings written
    # The group's table came back behind the curtain, for the player who held it.
    assert session.curtain == session.holder
