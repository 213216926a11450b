"""What every panel of the session shares, mixed into its Qt widget class.

A panel (the Tarot Challenge, the Conflict, the dice tray, a box inside one of them) derives
from :class:`SessionPanel` first and its Qt class second, and takes the
:class:`~cardtable.ui.document.SessionDocument` as its first argument::

    class TarotPanel(SessionPanel, QtWidgets.QWidget):
        watches = Changes.RESOLVER | Changes.SEAT

        def __init__(self, document: SessionDocument, parent: QtWidgets.QWidget | None = None
                     ) -> None:
            super().__init__(document, parent)
            self.message = self.message_line("Tarot Challenge message")
            ...
            self.refresh()

The base holds the session (:attr:`SessionPanel.session`), hears its changes (the flags in
:attr:`SessionPanel.watches` call :meth:`SessionPanel._on_changed`, a new session
:meth:`SessionPanel._on_replaced`; both refresh unless the panel says otherwise), and asks
the model for every change through :meth:`SessionPanel.apply`. While an action is applied the
panel is busy: the model's refusal of it is shown word for word on the panel's message line
(besides the status bar, where the main window shows every refusal), and the changes it
makes reach the panel once, when it is done, never in the middle of the panel's own handler.
It also says why a step waits: :meth:`SessionPanel.curtain_reason` while the curtain is up,
and :meth:`SessionPanel.offer`, which enables a control only for the seat whose decision it
is and names that player on a :class:`~cardtable.ui.panels.owners.WaitingFor` line.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from cardtable.session import Action, Changes, Session
from cardtable.ui.document import SessionDocument
from cardtable.ui.panels.owners import WaitingFor, allow_step, decider_of
from cardtable.ui.qt import QtWidgets

#: Every change the session reports (a panel that decides for itself what to redo).
EVERY_CHANGE = ~Changes.NONE


class SessionPanel:
    """The session's document, applying with refusals shown, the busy flag, the waiting line.

    Mixed in before a Qt class (``class Box(SessionPanel, QtWidgets.QGroupBox)``); the
    arguments after ``document`` go to that class.
    """

    #: The session's changes that call for :meth:`_on_changed`. None: the panel hears none
    #: itself, the panel holding it refreshes it (the Banzai panel's tabs).
    watches: ClassVar[Changes | None] = None

    def __init__(self, document: SessionDocument, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.document = document
        #: The dialog open now, if any (tests and screenshots fill it in).
        self.dialog: QtWidgets.QDialog | None = None
        self._message: QtWidgets.QLabel | None = None
        self._depth = 0
        self._held = Changes.NONE
        if self.watches is not None:
            document.changed.connect(self._hear)
            document.replaced.connect(self._on_replaced)

    # -- reading --------------------------------------------------------------------------

    @property
    def session(self) -> Session:
        return self.document.session

    @property
    def applying(self) -> bool:
        """Whether an action this panel asked for is being applied now."""
        return self._depth > 0

    def curtain_reason(self) -> str | None:
        """Why no step can be taken now: the curtain is up (None: it is not)."""
        curtain = self.session.curtain
        if curtain is None:
            return None
        return (
            f"the curtain is up until {self.session.state.player(curtain).name} takes the computer"
        )

    # -- showing --------------------------------------------------------------------------

    def refresh(self) -> None:
        """Show the session as it is now (each panel shows its own)."""
        raise NotImplementedError

    def message_line(self, name: str | None = None) -> QtWidgets.QLabel:
        """The panel's message line (named ``name`` for screen readers), where it shows the
        refusals of its actions and what it finds wrong itself; the panel lays it out."""
        assert isinstance(self, QtWidgets.QWidget)
        label = QtWidgets.QLabel(self)
        label.setObjectName("message")
        label.setWordWrap(True)
        if name is not None:
            label.setAccessibleName(name)
        self._message = label
        self.document.refused.connect(self._on_refused)
        return label

    def refuse(self, reason: str) -> None:
        """Say why what was asked cannot be done: on the message line, or in the status bar
        for a panel without one."""
        if self._message is not None:
            self._message.setText(reason)
        else:
            self.document.refused.emit(reason)

    def offer(
        self,
        widget: QtWidgets.QWidget,
        probe: Action | None,
        reason: str | None = None,
        *,
        tip: str | None = None,
        waiting: WaitingFor | None = None,
        doing: str = "",
    ) -> str | None:
        """Enable ``widget`` where the seat holding the computer may take ``probe`` (the step
        it leads to; None: nothing to ask yet) and no other ``reason`` stands against it, the
        reason in its tooltip (``tip``, by default the widget's description); ``waiting``
        names the player whose decision it is, where that is not the holder. Returns the
        reason (None: enabled)."""
        found = allow_step(
            widget,
            self.session,
            probe,
            widget.accessibleDescription() if tip is None else tip,
            reason,
        )
        if waiting is not None:
            waiting.show_for(decider_of(self.session, probe), doing)
        return found

    # -- acting ---------------------------------------------------------------------------

    def may(self, action: Action) -> bool:
        """Whether the seat holding the computer may take ``action``; if not, says why."""
        reason = self.session.may(action)
        if reason is not None:
            self.refuse(reason)
        return reason is None

    def apply(self, action: Action) -> bool:
        """Ask the model to perform ``action``; False when it refused (the reason shown).

        The changes it makes are heard once it is done, together; an apply within an apply
        (a slot of the first one) keeps the panel busy until the outer one is done.
        """
        if self._message is not None:
            self._message.clear()
        self._depth += 1
        try:
            return self.document.apply(action)
        finally:
            self._depth -= 1
            if self._depth == 0 and self._held:
                held, self._held = self._held, Changes.NONE
                self._on_changed(held)

    def present(self, dialog: QtWidgets.QDialog, accepted: Callable[[], object]) -> None:
        """Open ``dialog`` as :attr:`dialog` (window-modal); ``accepted`` runs if it is
        accepted, typically applying the action it built."""
        self.dialog = dialog
        dialog.accepted.connect(accepted)
        dialog.finished.connect(lambda _result: self._closed(dialog))
        dialog.open()

    # -- hearing the session ----------------------------------------------------------------

    def _hear(self, flags: int) -> None:
        changes = Changes(flags)
        if self.watches is None or not changes & self.watches:
            return
        if self.applying:
            self._held |= changes
            return
        self._on_changed(changes)

    def _on_changed(self, changes: Changes) -> None:
        """The session changed (some of :attr:`watches`): refresh, unless the panel says
        otherwise."""
        self.refresh()

    def _on_replaced(self) -> None:
        """Another session is in play: refresh, unless the panel says otherwise."""
        self.refresh()

    def _on_refused(self, reason: str) -> None:
        if self.applying and self._message is not None:
            self._message.setText(reason)

    def _closed(self, dialog: QtWidgets.QDialog) -> None:
        if self.dialog is dialog:
            self.dialog = None
        dialog.deleteLater()


__all__ = ["EVERY_CHANGE", "SessionPanel"]
