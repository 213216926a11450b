"""The main window's files: New, Open, the demo, Save, Save As, exporting the log, and the
session to start with (a recovered autosave, the file named on the command line).

A file that cannot be read is refused with its one-line message and the session in play
stays; unsaved changes are asked about before they are lost; the shipped demo is never
saved over (Save asks where). The session model is imported when first needed, so the
window can paint before it loads.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from cardtable.ui.qt import QtWidgets

if TYPE_CHECKING:
    from cardtable.session import Autosaver, Session
    from cardtable.session.recovery import Recovery, Slot
    from cardtable.ui.window.main_window import MainWindow

UNTITLED = "Untitled session"
DEMO_TITLE = "Demo table"
SESSION_FILTER = "Cardtable sessions (*.cardtable)"
MARKDOWN_FILTER = "Markdown (*.md)"
HTML_FILTER = "Web page (*.html)"
MESSAGE_MS = 8000
#: Set by ``cardtable`` for the start-up smoke test: never stop to ask anything.
SMOKE_EXIT_VARIABLE = "CARDTABLE_SMOKE_EXIT"

#: Answers to "save the changes first?".
SAVE, DISCARD, CANCEL = "save", "discard", "cancel"

def ask_unsaved_box(parent: QtWidgets.QWidget) -> str:
    """Ask whether to save the changes first: SAVE, DISCARD or CANCEL."""
    # Named here, not as the module is imported: PySide makes the class (and its enums) as
    # it is first named, and the window's start shows no box.
    _Button = QtWidgets.QMessageBox.StandardButton
    answer = QtWidgets.QMessageBox.question(
        parent,
        "Unsaved changes",
        "The session has changes that are not saved. Save them first?",
        _Button.Save | _Button.Discard | _Button.Cancel,
        _Button.Save,
    )
    if answer == _Button.Save:
        return SAVE
    return DISCARD if answer == _Button.Discard else CANCEL


def ask_recover_box(parent: QtWidgets.QWidget, recovery: Recovery) -> bool:
    """Ask whether to recover ``recovery`` (No deletes its autosave)."""
    _Button = QtWidgets.QMessageBox.StandardButton
    answer = QtWidgets.QMessageBox.question(
        parent,
        "Recover the last session?",
        f"Cardtable did not close properly last time. Its autosave holds {recovery.words()}."
        "\n\nRecover it? (No deletes the autosave.)",
        _Button.Yes | _Button.No,
        _Button.Yes,
    )
    return answer == _Button.Yes


def saved_to(path: Path) -> Path | None:
    """Where Save writes a session opened from ``path``: nowhere yet for the shipped demo,
    which must never be saved over."""
    from cardtable.session.demo import demo_path

    try:
        shipped = path.resolve() == demo_path().resolve()
    except OSError:
        shipped = False
    return None if shipped else path


class SessionFiles:
    """Reading and writing the window's session, with the questions and messages."""

    def __init__(self, window: MainWindow) -> None:
        self._window = window
        #: The slot of a recovered autosave and the moves it held unsaved: handed to the
        #: next autosaver, which keeps it until the session is saved or discarded.
        self.pending_recovery: tuple[Slot, int | None] | None = None
        self._autosaver: Autosaver | None = None

    def _warn(self, title: str, message: str) -> None:
        QtWidgets.QMessageBox.warning(self._window, title, message)

    def _say(self, text: str) -> None:
        self._window.statusBar().showMessage(text, MESSAGE_MS)

    def starting_session(
        self,
        path: Path | None,
        autosave_folder: Path | None,
        autosave: bool,
        offer_recovery: bool = True,
    ) -> tuple[Session, Path | None, bool]:
        """The session to start with, where it saves, and whether it was recovered: an
        autosave the player recovers, else the file ``path``, else a new session."""
        from cardtable.randomness import from_os
        from cardtable.session import Session, SessionFileError, load

        window = self._window
        quiet = os.environ.get(SMOKE_EXIT_VARIABLE) == "1"
        if autosave and offer_recovery and not quiet:
            from cardtable.session.autosave import autosave_folder as default_folder
            from cardtable.session.recovery import recoverable

            for recovery in recoverable(autosave_folder or default_folder()):
                if not window.ask_recover(recovery):
                    recovery.discard()
                    continue
                try:
                    recovered, slot = recovery.open()
                except SessionFileError as exc:
                    self._warn("The autosave could not be recovered", str(exc))
                    continue
                self.pending_recovery = (slot, recovery.moves)
                window.untitled = recovery.untitled or UNTITLED
                back = recovery.file
                return recovered, back if back is not None and saved_to(back) else None, True
        if path is not None:
            try:
                opened = load(path)
            except SessionFileError as exc:
                self._warn("Could not open the session", str(exc))
            else:
                target = saved_to(path)
                window.untitled = UNTITLED if target is not None else DEMO_TITLE
                return opened, target, False
        return Session(rng=from_os()), None, False

    def follow_autosave(self, saver: Autosaver) -> None:
        """Tell a new autosaver what the session is (for the offer after a crash), and hand
        it a recovered autosave to keep until the session is saved or discarded."""
        self._autosaver = saver
        document = self._window.document
        title = document.path.name if document.path is not None else self._window.untitled
        unsaved = len(document.session.log) if document.path is None else 0
        if self.pending_recovery is not None:
            slot, moves = self.pending_recovery
            self.pending_recovery = None
            unsaved = len(document.session.log) if moves is None else moves
            saver.keep_until_saved(slot)
        saver.about(title, document.path, unsaved)

    def may_replace(self) -> bool:
        """Whether the session in play may go: saved, or the player says so. A guide's
        table goes at once, and the group's session it was lent by is asked about."""
        self._window.document.take_back()
        if not self._window.document.dirty:
            return True
        answer = self._window.ask_unsaved()
        if answer == SAVE:
            return self.save()
        return answer == DISCARD

    def _start_dir(self) -> str:
        path = self._window.document.path
        return str(path.parent) if path is not None else str(Path.home())

    def new_session(self) -> None:
        from cardtable.randomness import from_os
        from cardtable.session import Session

        window = self._window
        if not self.may_replace():
            return
        factory = window.new_session_factory
        made = factory() if factory is not None else Session(rng=from_os())
        if made is not None:
            window.untitled = UNTITLED
            window.document.replace(made)

    def open(self, path: str | Path | None = None) -> bool:
        """Open ``path`` (asked for when None); a file that cannot be read changes nothing."""
        from cardtable.session import SessionFileError

        window = self._window
        if not self.may_replace():
            return False
        if path is None:
            chosen, _ = QtWidgets.QFileDialog.getOpenFileName(
                window, "Open a session", self._start_dir(), SESSION_FILTER
            )
            if not chosen:
                return False
            path = chosen
        try:
            window.document.open(Path(path))
        except SessionFileError as exc:
            self._warn("Could not open the session", str(exc))
            return False
        window.document.path = saved_to(Path(path))
        window.untitled = UNTITLED if window.document.path is not None else DEMO_TITLE
        window.refresh()
        self._say(f"Opened {Path(path).name}")
        return True

    def open_demo(self) -> None:
        from cardtable.session import load
        from cardtable.session.demo import demo_path

        window = self._window
        if not self.may_replace():
            return
        window.untitled = DEMO_TITLE
        window.document.replace(load(demo_path()), None)
        self._say("The demo table: Dana (the GM) has the computer.")

    def save(self) -> bool:
        if self._refused_for_a_guide():
            return False
        path = self._window.document.path
        return self.save_as() if path is None else self._save_to(path)

    def save_as(self) -> bool:
        if self._refused_for_a_guide():
            return False
        path = self._window.document.path
        # A name to start from: the file's own, else the window's title ("Demo table").
        suggested = path if path is not None else (
            Path(self._start_dir()) / f"{self._window.untitled}.cardtable")
        chosen, _ = QtWidgets.QFileDialog.getSaveFileName(
            self._window, "Save the session", str(suggested), SESSION_FILTER
        )
        if not chosen:
            return False
        path = Path(chosen)
        if path.suffix != ".cardtable":
            path = path.with_name(path.name + ".cardtable")
        return self._save_to(path)

    def _refused_for_a_guide(self) -> bool:
        """Whether a guide's table is in play, which is never saved (the player is told)."""
        from cardtable.ui.document import NOT_SAVED

        if not self._window.document.lent:
            return False
        self._say(f"⚠ {NOT_SAVED}")
        return True

    def _save_to(self, path: Path, *, overwrite: bool = False) -> bool:
        from cardtable.session import FileChangedError, SessionFileError

        try:
            self._window.document.save(path, overwrite=overwrite)
        except FileChangedError:
            return self._on_file_changed(path)
        except (SessionFileError, OSError) as exc:
            self._warn("Could not save the session", str(exc))
            return False
        if self._autosaver is not None:
            self._autosaver.saved(path.name, path)
        self._window.refresh()
        self._say(f"Saved {path.name}")
        return True

    def _on_file_changed(self, path: Path) -> bool:
        """Someone else wrote ``path`` since it was opened or saved here: ask which to keep."""
        from cardtable.session import SessionFileError
        from cardtable.ui.window.file_changed import (
            KEEP_MINE,
            RELOAD_THEIRS,
            SAVE_AS,
            ask_file_changed_box,
        )

        choice = ask_file_changed_box(self._window, path)
        if choice == KEEP_MINE:
            return self._save_to(path, overwrite=True)
        if choice == SAVE_AS:
            return self.save_as()
        if choice == RELOAD_THEIRS:
            try:
                self._window.document.open(path)
            except SessionFileError as exc:
                self._warn("Could not reload the session", str(exc))
                return False
            self._window.refresh()
            self._say(f"Reloaded {path.name} as it is on disk")
        return False

    def export_log(self) -> bool:
        """Write the log as everyone at the table saw it, to Markdown or a web page."""
        from cardtable.session import write_log

        document = self._window.document
        base = document.path.stem if document.path is not None else "session-log"
        chosen, kind = QtWidgets.QFileDialog.getSaveFileName(
            self._window,
            "Export the log",
            str(Path(self._start_dir()) / f"{base}.md"),
            f"{MARKDOWN_FILTER};;{HTML_FILTER}",
        )
        if not chosen:
            return False
        path = Path(chosen)
        if path.suffix.lower() not in (".md", ".html", ".htm"):
            path = path.with_name(path.name + (".html" if kind == HTML_FILTER else ".md"))
        try:
            write_log(document.session, path)
        except OSError as exc:
            self._warn("Could not export the log", f"{path}: {exc.strerror or exc}")
            return False
        self._say(f"The log is in {path.name}")
        return True
