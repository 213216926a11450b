"""Whose decision a panel's prompt is, and what the panel offers a seat that may not take it.

Every step a panel sends says whose decision it is (a :class:`~cardtable.session.Decider`: a
character's player, one player, the GM, or anyone). The panels ask the model before they offer
a step: :func:`allow_step` enables a button only where :meth:`Session.may
<cardtable.session.Session.may>` finds no reason against it, and puts the reason in its
tooltip. Where a prompt belongs to a player who does not hold the computer, a
:class:`WaitingFor` line names them ("Waiting for Bob (Brann)") with a "Pass the computer to
Bob" button, which applies :class:`~cardtable.session.PassSeat` (the curtain goes up until Bob
says "I am Bob"). :func:`fill_characters` fills a picker of characters so that its default
is never another player's character.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.session import (
    Action,
    CharacterId,
    Decider,
    GameState,
    PassSeat,
    PlayerId,
    Session,
)
from cardtable.session.authority import decider_in
from cardtable.ui.document import SessionDocument
from cardtable.ui.qt import QtWidgets
from cardtable.ui.widgets.style import allow, button


def owner_name(state: GameState, decider: Decider | None) -> str | None:
    """The name of the player whose decision it is (None: anyone's)."""
    owner = decider.owner(state) if decider is not None else None
    if owner is None:
        return None
    return next((p.name for p in state.players if p.id == owner), None)


def owner_words(state: GameState, decider: Decider | None) -> str | None:
    """Whose decision it is, as a prompt names them: "Bob (Brann)", "Alice", "the GM (Dana)".

    None when anyone may take it.
    """
    name = owner_name(state, decider)
    if name is None or decider is None:
        return None
    if decider.character is not None:
        found = state.characters.get(decider.character)
        return f"{name} ({found.name})" if found is not None else name
    if decider.gm_only:
        return f"the GM ({name})"
    return name


def decider_of(session: Session, action: Action | None) -> Decider | None:
    """Whose decision ``action`` is (None: nothing to ask, or an action without a decider)."""
    rule = getattr(action, "decider", None)
    if rule is None:
        return None
    try:
        return decider_in(rule, session.state)
    except ValueError:
        return None  # the step cannot be taken now at all; the action will say why


def allow_step(widget: QtWidgets.QWidget, session: Session, action: Action | None, tip: str,
               reason: str | None = None) -> str | None:
    """Enable ``widget`` only when the seat holding the computer may ask for ``action`` (None:
    nothing to ask yet) and there is no other ``reason`` against it (the rules', say); the
    reason goes in the tooltip, the model's first. Returns it (None: enabled)."""
    refused = session.may(action) if action is not None else None
    reason = refused or reason
    allow(widget, reason, tip)
    return reason


WAITING_STYLE = ("QFrame#waiting { background: palette(alternate-base); border: 1px solid #e0c068; "
                 "border-radius: 6px; }")
#: What a picker of characters shows while nobody is chosen.
CHOOSE = "(choose a character)"


def own_characters(session: Session, characters: Sequence[str]) -> list[str]:
    """Those of ``characters`` (ids) the player holding the computer controls."""
    holder = session.holder
    found = session.state.characters
    return [c for c in characters
            if (known := found.get(CharacterId(c))) is not None and known.player == holder]


def fill_characters(combo: QtWidgets.QComboBox, session: Session,
                    items: Sequence[tuple[str, str]]) -> None:
    """Offer the characters ``items`` ((id, text) pairs) in ``combo``, choosing for the seat
    holding the computer: a choice made at this seat stays; otherwise (a new seat, or the
    choice is gone) one of the holder's own characters, or nothing. Another player's
    character is never the default."""
    holder = session.holder or ""
    have = [(combo.itemData(i), combo.itemText(i)) for i in range(combo.count())]
    chosen = combo.currentData() if combo.currentIndex() >= 0 else None
    same_seat = combo.property("seat") == holder
    ids = [c for c, _text in items]
    own = own_characters(session, ids)
    blocked = combo.blockSignals(True)
    if have != list(items):
        combo.clear()
        for character, text in items:
            combo.addItem(text, character)
    keep = chosen in ids and (same_seat or chosen in own)
    target = chosen if keep else (own[0] if own else None)
    combo.setCurrentIndex(combo.findData(target) if target is not None else -1)
    combo.setProperty("seat", holder)
    if combo.property("emptyText") is None:  # the form's own words for an empty list
        combo.setProperty("emptyText", combo.placeholderText())
    combo.setPlaceholderText(CHOOSE if items else str(combo.property("emptyText")))
    combo.blockSignals(blocked)


class WaitingFor(QtWidgets.QFrame):
    """ "Waiting for Bob (Brann)", and a button that passes Bob the computer.

    :meth:`show_for` shows it only while the decision belongs to a player other than the one
    holding the computer (passing the computer makes the receiver its holder, behind the
    curtain: the line is gone once it is passed).
    """

    def __init__(self, document: SessionDocument, parent: QtWidgets.QWidget | None = None
                 ) -> None:
        super().__init__(parent)
        self.document = document
        self.setObjectName("waiting")
        # Its own look, so that it reads as a prompt in the panels without the shared style too.
        self.setStyleSheet(WAITING_STYLE)
        self._player: PlayerId | None = None
        self.text = QtWidgets.QLabel(self)
        self.text.setWordWrap(True)
        self.pass_button = button("Pass the computer", "Hand the computer over behind the "
                                  "curtain, so that only that player decides", self,
                                  primary=True)
        self.pass_button.clicked.connect(self._on_pass)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        layout.addWidget(self.text)
        layout.addWidget(self.pass_button)
        self.hide()

    def show_for(self, decider: Decider | None, doing: str = "") -> bool:
        """Show whose decision ``decider`` is, when it is not the holder's (``doing`` says
        what they will do: "to answer"). Returns True when the holder must wait."""
        session = self.document.session
        state = session.state
        holder = session.holder
        owner = decider.owner(state) if decider is not None else None
        words = owner_words(state, decider)
        if words is not None:
            # Its words even while hidden: a line kept room for (see keep_room) keeps the
            # room the words take.
            name = owner_name(state, decider) or ""
            self.text.setText(f"Waiting for {words}" + (f" {doing}." if doing else "."))
            self.pass_button.setText(f"Pass the computer to {name}")
        if (decider is None or owner is None or holder is None or words is None
                or decider.refusal(state, holder) is None):
            self._player = None
            self.hide()
            return False
        self._player = owner
        self.setAccessibleName(self.text.text())
        self.pass_button.setAccessibleName(self.pass_button.text())
        self.show()
        return True

    def _on_pass(self) -> None:
        if self._player is not None:
            self.document.apply(PassSeat(self.document.session.state.seat_of(self._player)))


__all__ = [
    "WaitingFor",
    "allow_step",
    "decider_of",
    "fill_characters",
    "own_characters",
    "owner_name",
    "owner_words",
]
