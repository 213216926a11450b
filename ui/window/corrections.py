"""The Edit menu's corrections of chance: "Take back Bob's draw" and "Strike Bob's roll".

Undo stops before a draw, shuffle or roll someone saw (what chance gave stays given); these
two entries put a mistake right in the open, as the GM's actions
(:mod:`cardtable.session.corrections`). Each is greyed out with the model's reason when the
seat at the computer may not take it, and its tooltip says whose it is and what it does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.ui.qt import QtGui, QtWidgets

if TYPE_CHECKING:
    # The session model is imported after the window's first paint (see setup.py).
    from cardtable.ui.document import SessionDocument


class CorrectionEntries:
    """The two entries, kept in step with ``document``'s session by :meth:`refresh`."""

    def __init__(self, parent: QtWidgets.QWidget) -> None:
        self.take_back = QtGui.QAction("Take &back a draw", parent)
        self.take_back.setObjectName("takeBackDraw")
        self.strike = QtGui.QAction("&Strike a roll", parent)
        self.strike.setObjectName("strikeRoll")
        for entry in (self.take_back, self.strike):
            entry.setEnabled(False)
        self._document: SessionDocument | None = None
        self.take_back.triggered.connect(self._on_take_back)
        self.strike.triggered.connect(self._on_strike)

    def refresh(self, document: SessionDocument) -> None:
        """Offer each entry as the session now allows it, with the words it would log."""
        from cardtable.session.authority import gm_of, name_of
        from cardtable.session.corrections import StrikeRoll, TakeBack

        self._document = document
        session = document.session
        gm = gm_of(session.state)
        owner = (
            "anyone's at this table" if gm is None else f"the GM's ({name_of(session.state, gm)})"
        )
        draw = session.last_draw
        pile = session.table.piles.get(draw.source) if draw is not None else None
        _offer(
            self.take_back,
            TakeBack.label(session),
            session.may(TakeBack()),
            f"Return the cards of the last draw to {pile.label if pile else 'their pile'} and "
            f"shuffle it afresh, in the log for all to see: {owner} to do.",
        )
        _offer(
            self.strike,
            StrikeRoll.label(session),
            session.may(StrikeRoll()),
            f"Mark the last roll in the dice tray as a mistake, in the log for all to see; "
            f"it is never rolled again with the same dice: {owner} to do.",
        )

    def _on_take_back(self) -> None:
        from cardtable.session.corrections import TakeBack

        if self._document is not None:
            self._document.apply(TakeBack())

    def _on_strike(self) -> None:
        from cardtable.session.corrections import StrikeRoll

        if self._document is not None:
            self._document.apply(StrikeRoll())


def _offer(entry: QtGui.QAction, text: str, refusal: str | None, tip: str) -> None:
    """Name ``entry`` ``text``; enable it with ``tip``, or grey it out with ``refusal``."""
    if entry.text() != text:
        entry.setText(text)
    entry.setEnabled(refusal is None)
    shown = tip if refusal is None else refusal
    if entry.toolTip() != shown:
        entry.setToolTip(shown)
        entry.setStatusTip(shown)
