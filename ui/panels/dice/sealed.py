"""Behind the GM's screen: the dice tray's sealed rolls, rolled and revealed by the GM alone.

:class:`SealedBox` sits in the dice tray. "Roll sealed" rolls what the tray shows as a
:class:`~cardtable.session.sealed_rolls.RollSealed` (greyed out, with the reason as its
tooltip, for every seat but the GM's); the list shows each sealed roll as the seat holding
the computer may see it (:func:`~cardtable.session.sealed_rolls.sealed_in_sight`): the
numbers at the GM's seat, "Gina (GM) rolled 2d6 (sealed)" at every other one and behind the
curtain; "Reveal" (the GM's) shows the one chosen in the list, or the latest, to the table,
where it joins the tray's history and the log reads it in full.
"""

from __future__ import annotations

from collections.abc import Callable

from cardtable.dice import DiceExpressionError
from cardtable.session import Changes
from cardtable.session.dice_history import DiceRequest
from cardtable.session.sealed_rolls import RevealSealed, RollSealed, sealed_in_sight
from cardtable.ui.document import SessionDocument
from cardtable.ui.panels.base import SessionPanel
from cardtable.ui.panels.owners import allow_step
from cardtable.ui.qt import Qt, QtWidgets
from cardtable.ui.widgets.style import describe

ROLL_TIP = ("Roll these dice behind the GM's screen: the table sees that the GM rolled, the GM "
            "alone sees the dice until Reveal")
REVEAL_TIP = ("Show the sealed roll chosen in the list (else the latest) to the table; this "
              "cannot be undone")
NONE_SEALED = "No sealed roll"


class SealedBox(SessionPanel, QtWidgets.QGroupBox):
    """The GM's sealed rolls: a button to roll one, the list, a button to reveal.

    ``request()`` is what the tray would roll now; ``ready()`` whether it can be rolled
    (the tray says why not itself).
    """

    #: What the box shows hangs on the sealed rolls (a resolver, also after an undo), the seat
    #: and the players: a card moved on the felt leaves it as it is.
    watches = Changes.RESOLVER | Changes.SEAT | Changes.PLAYERS

    def __init__(
        self,
        document: SessionDocument,
        request: Callable[[], DiceRequest],
        ready: Callable[[], bool],
        parent: QtWidgets.QWidget | None = None,
    ) -> None:
        super().__init__(document, "Behind the GM's screen", parent)
        self.setAccessibleName("Sealed rolls")
        self._request = request
        self._ready = ready
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        self.rolls = QtWidgets.QListWidget()
        self.rolls.setAccessibleName("Sealed rolls")
        self.rolls.setWordWrap(True)
        self.rolls.setMaximumHeight(64)
        self.rolls.setMinimumHeight(24)
        layout.addWidget(self.rolls)
        buttons = QtWidgets.QHBoxLayout()
        self.roll_button = QtWidgets.QPushButton("Roll sealed")
        self.roll_button.setAccessibleName("Roll sealed")
        describe(self.roll_button, "Roll what the tray is set to, hidden from everyone but "
                 "the seat at the computer until it is revealed")
        self.reveal_button = QtWidgets.QPushButton("Reveal")
        self.reveal_button.setAccessibleName("Reveal the sealed roll")
        describe(self.reveal_button, "Show the sealed roll to the whole table")
        buttons.addWidget(self.roll_button)
        buttons.addWidget(self.reveal_button)
        buttons.addStretch(1)
        layout.addLayout(buttons)
        self.roll_button.clicked.connect(self.roll_sealed)
        self.reveal_button.clicked.connect(self.reveal)
        self.refresh()

    def refresh(self) -> None:
        """Show the sealed rolls as the seat holding the computer may see them, and offer
        each button only to whoever may press it."""
        session = self.session
        shown = sealed_in_sight(session)
        self.rolls.clear()
        for roll in reversed(shown):
            if roll.record is None:
                text = f"{roll.gm_name} (GM) rolled {roll.heading} (sealed)"
            else:
                text = f"Sealed (only you see it): {roll.record.text()}"
            item = QtWidgets.QListWidgetItem(text)
            item.setToolTip(text)
            item.setData(Qt.ItemDataRole.UserRole, roll.seal)
            self.rolls.addItem(item)
        if not shown:
            self.rolls.addItem(NONE_SEALED)
        self._allow_roll()
        allow_step(self.reveal_button, session, RevealSealed(), REVEAL_TIP,
                   None if shown else "There is no sealed roll to reveal.")

    def _allow_roll(self) -> None:
        # Who may roll sealed does not hang on the dice: any request asks the same question.
        allow_step(self.roll_button, self.session, RollSealed(DiceRequest("1d6")),
                   ROLL_TIP)

    def roll_sealed(self) -> bool:
        """Roll what the tray shows behind the GM's screen; False when refused."""
        if not self._ready():
            self.refuse("Write dice the tray can roll first.")
            return False
        try:
            request = self._request()
            request.check()
        except DiceExpressionError as exc:
            self.refuse(str(exc))
            return False
        return self.apply(RollSealed(request))

    def reveal(self) -> bool:
        """Show the sealed roll chosen in the list (else the latest) to the table; False
        when refused."""
        current = self.rolls.currentItem()
        seal = current.data(Qt.ItemDataRole.UserRole) if current is not None else None
        return self.apply(RevealSealed(seal if isinstance(seal, str) else None))
