"""Python's collector of reference cycles, kept from pausing a drag on a big table.

Python looks for garbage cycles now and then; its full search walks every object alive.
With a few thousand cards on the felt that is some 200,000 objects, long enough to stop a
drag for several frames wherever it falls. So once the felt has shown a session it has just
put in place, :func:`settle` collects what the session before it left, and sets every object
alive then aside (``gc.freeze``): later searches walk only what play has made since. The
pause comes once, as the session appears, not at a moment nobody chose.

Play makes more: the undo history keeps a copy of the table's piles for each of its last
moves, so on a table of thousands of cards the collector's occasional full search walks
some hundred thousand objects again. :class:`HeldCard` keeps it off while a card is held on
the felt, and lets it run a moment after the card is let go, once the drop has been shown.

Start-up makes some 70,000 objects the collector tracks, nearly all of which live on, and it
would search them for garbage about a hundred times before the first session is shown.
:func:`hold_for_start` keeps it off until then: the :func:`settle` that
follows the first session's paint turns it back on, or, should no session ever be shown, a
timer does.
"""

from __future__ import annotations

import gc

from cardtable.ui.qt import QtCore

#: The longest start-up keeps the collector off, should no session ever be shown.
START_HOLD_MS = 10_000
#: How long after a card is let go the collector may search again: the drop, its paint
#: and its slide come first.
LET_GO_MS = 1000
#: The longest a card held keeps the collector off.
LONGEST_HOLD_MS = 60_000


def hold_for_start(parent: QtCore.QObject, longest_ms: int = START_HOLD_MS) -> None:
    """Keep the collector off while the app starts, until the first :func:`settle` (or
    ``longest_ms``, on a timer owned by ``parent``)."""
    gc.disable()
    QtCore.QTimer.singleShot(longest_ms, parent, gc.enable)


def settle() -> None:
    """Collect the garbage cycles there are now, then keep the collector off every object
    alive (until the next :func:`settle`, which takes them back first), and let it run."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()
    gc.enable()


class HeldCard(QtCore.QObject):
    """Keeps the collector off while a card is held (:meth:`hold`), and turns it back on
    :data:`LET_GO_MS` after the card is let go (:meth:`let_go`), unless another is held by
    then; a release that never came (the button let go over a menu or a dialog) keeps it off
    no longer than :data:`LONGEST_HOLD_MS`. It never turns on a collector it did not turn off
    (start-up's hold, say)."""

    def __init__(self, parent: QtCore.QObject) -> None:
        super().__init__(parent)
        self._off = False
        self._later = QtCore.QTimer(self)
        self._later.setSingleShot(True)
        self._later.timeout.connect(self._resume)

    def hold(self) -> None:
        self._later.start(LONGEST_HOLD_MS)
        if gc.isenabled():
            gc.disable()
            self._off = True

    def let_go(self) -> None:
        if self._off:
            self._later.start(LET_GO_MS)

    def _resume(self) -> None:
        if self._off:
            self._off = False
            gc.enable()
