"""The open session as the front end sees it: one object every view and panel shares.

Views take a :class:`SessionDocument` in their constructor, connect to :attr:`changed`
(the model's change flags) and :attr:`replaced` (a whole new session was opened), and ask
for every change through :meth:`apply`. A refused action never raises into Qt: its reason
goes to :attr:`refused`, which the main window shows in the status bar.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path

from cardtable.randomness import from_os
from cardtable.session import Action, Changes, Session, load, save
from cardtable.ui.qt import QtCore

log = logging.getLogger(__name__)


class SessionDocument(QtCore.QObject):
    """The session in play, where it is saved, and whether it has unsaved changes."""

    #: Emitted with the :class:`Changes` flags (as an int) after every change.
    changed = QtCore.Signal(int)
    #: Emitted when a different session replaces the one in play.
    replaced = QtCore.Signal()
    #: Emitted with a player-readable reason when an action is refused.
    refused = QtCore.Signal(str)

    def __init__(self, session: Session | None = None, path: Path | None = None) -> None:
        super().__init__()
        self._session = session if session is not None else Session(rng=from_os())
        self._unsubscribe: Callable[[], None] = self._session.subscribe(self._on_changes)
        self.path = path
        self.dirty = False

    @property
    def session(self) -> Session:
        return self._session

    def replace(self, session: Session, path: Path | None = None) -> None:
        """Put ``session`` in play (after New or Open)."""
        self._unsubscribe()
        self._session = session
        self._unsubscribe = session.subscribe(self._on_changes)
        self.path = path
        self.dirty = False
        self.replaced.emit()

    def apply(self, action: Action) -> bool:
        """Ask the session to perform ``action``; False (and :attr:`refused`) when it will not."""
        try:
            self._session.apply(action)
        except ValueError as exc:
            log.info("refused %s: %s", type(action).__name__, exc)
            self.refused.emit(str(exc))
            return False
        return True

    def undo(self) -> bool:
        try:
            self._session.undo()
        except ValueError as exc:
            self.refused.emit(str(exc))
            return False
        return True

    def redo(self) -> bool:
        try:
            self._session.redo()
        except ValueError as exc:
            self.refused.emit(str(exc))
            return False
        return True

    def open(self, path: Path) -> None:
        """Load ``path`` and put it in play; raises SessionFileError and keeps the old one."""
        session = load(path)
        self.replace(session, path)

    def save(self, path: Path | None = None) -> None:
        """Save to ``path`` (or where it was last saved); raises SessionFileError on failure."""
        target = path or self.path
        if target is None:
            raise ValueError("Choose where to save the session first.")
        save(self._session, target)
        self.path = target
        self.dirty = False
        self.changed.emit(Changes.NONE.value)

    def _on_changes(self, changes: Changes) -> None:
        if changes & ~Changes.UNDO:
            self.dirty = True
        self.changed.emit(changes.value)
