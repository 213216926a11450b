"""The pieces of the Conflict panel: a side of the Conflict, a Supporter pair, the hand picker
that asks a player for a card behind the curtain, and a row of draws owed.

Each piece shows what it is told; the panel
(:mod:`cardtable.ui.panels.adventure.conflict.panel`) decides what may be shown, asking
:func:`cardtable.session.on_screen` before naming any card.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence

from attrs import frozen

from cardtable.cards import CardFace, CardId
from cardtable.counts import counted
from cardtable.piles import PileId
from cardtable.resolvers.adventure.game import AdventureGame
from cardtable.resolvers.adventure.state import Pair, Phase, Side
from cardtable.session import Action, PlayerId
from cardtable.ui.art.card_art import PLAYING
from cardtable.ui.panels.card_chips import CardChip, ChipRow, card_caption
from cardtable.ui.qt import Qt, QtCore, QtWidgets
from cardtable.ui.table.choosing import CardChoice, CardPrompt
from cardtable.ui.widgets.style import ElidedLabel, NumberBox, button, repolish

#: Said after a prompt whose cards are lit in the hand.
BY_THE_CARDS = "Click a lit card in the hand (or drag it to its place), or pick it here."
#: A card as a panel shows it: its face (None: face down or not the viewer's) and a note.
Shown = tuple[CardFace | None, str]


class Role(enum.Enum):
    """What the card the panel asks for is for, and the phase of the Conflict it belongs to."""

    CHALLENGE = "Challenge"
    ANSWER = "Answer"
    SUPPORT = "Support"
    PUSH = "Push"
    INTERRUPT = "interrupting Challenge"  # with a Jack, before the reveal
    QUEEN = "Queen"  # after a win
    SUSPEND = "Suspended Challenge"
    ANSWER_SUSPENDED = "Answer to the Suspended Challenge"

    @property
    def phase(self) -> Phase | None:
        return self.phases[0]

    @property
    def phases(self) -> tuple[Phase | None, ...]:
        """The phases (None: no Conflict) in which the card may still be asked for."""
        return _PHASES[self]


_PHASES: dict[Role, tuple[Phase | None, ...]] = {
    Role.CHALLENGE: (None,), Role.ANSWER: (Phase.CHALLENGED,),
    Role.SUPPORT: (Phase.ANSWERED,), Role.PUSH: (Phase.SHOWDOWN,),
    Role.INTERRUPT: (Phase.CHALLENGED, Phase.ANSWERED), Role.QUEEN: (Phase.OVER,),
    Role.SUSPEND: (None,), Role.ANSWER_SUSPENDED: (None,),
}


@frozen
class Lay:
    """A card the panel is asking a player for: its role, whose, and the words that go with it
    (``note`` for a Suspended Challenge; ``number`` names the Suspended Challenge answered;
    ``target`` the third party a Challenge aims to Hit)."""

    role: Role
    character: str
    text: str = ""
    side: Side | None = None
    note: str = ""
    number: int = 0
    #: A third party the Challenge's goal is to Hit (its character id).
    target: str | None = None


class SideView(QtWidgets.QGroupBox):
    """One side of the Conflict: its primary, the cards they played, their Advantage."""

    def __init__(self, title: str, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(title, parent)
        self._title = title
        self.primary = QtWidgets.QLabel(self)
        self.primary.setWordWrap(True)
        bold = self.primary.font()
        bold.setBold(True)
        self.primary.setFont(bold)
        # Narrow captions: both sides and two cards each must fit the panel's column.
        self.cards = ChipRow(PLAYING, self, per_line=2, width=48, caption_width=80)
        self.advantage = NumberBox("Advantage", self)
        self.supporters = QtWidgets.QLabel(self)
        self.supporters.setWordWrap(True)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setSpacing(4)
        layout.addWidget(self.primary)
        layout.addWidget(self.cards)
        layout.addWidget(self.advantage)
        layout.addWidget(self.supporters)
        self.setSizePolicy(QtWidgets.QSizePolicy.Policy.Preferred,
                           QtWidgets.QSizePolicy.Policy.Maximum)

    def show_side(
        self,
        primary: str,
        cards: Sequence[Shown],
        advantage: int | None,
        advantage_note: str = "",
        supporters: str = "",
        moving: bool = False,
    ) -> None:
        self.primary.setText(primary)
        self.setTitle(f"{self._title} · to move" if moving else self._title)
        self.setProperty("moving", moving)
        repolish(self)
        self.cards.set_cards([(face, False, note) for face, note in cards], "no card yet")
        self.advantage.setVisible(advantage is not None)
        if advantage is not None:
            self.advantage.set_number(advantage, advantage_note)
        self.supporters.setText(supporters)
        self.supporters.setVisible(bool(supporters))
        words = [self._title, primary] + [c.caption for c in self.cards_shown()]
        self.setAccessibleName(", ".join(words))

    def cards_shown(self) -> list[CardChip]:
        return [c for c in self.cards.findChildren(CardChip) if not c.isHidden()]


class PairRow(QtWidgets.QFrame):
    """A Supporter pair side by side: the Challenge's Supporter, the Answer's, and the result."""

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("numberBox")
        self.left = CardChip(PLAYING, self, width=40)
        self.right = CardChip(PLAYING, self, width=40)
        # Elided (whole in the tooltip): two long names side by side must fit the panel.
        self.left_name = ElidedLabel("", self)
        self.right_name = ElidedLabel("", self)
        self.right_name.setAlignment(Qt.AlignmentFlag.AlignRight)
        versus = QtWidgets.QLabel("vs", self)
        versus.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.result = QtWidgets.QLabel(self)
        self.result.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.result.setWordWrap(True)
        grid = QtWidgets.QGridLayout(self)
        grid.setContentsMargins(6, 4, 6, 4)
        grid.addWidget(self.left_name, 0, 0)
        grid.addWidget(self.right_name, 0, 2)
        top = Qt.AlignmentFlag.AlignTop
        grid.addWidget(self.left, 1, 0, Qt.AlignmentFlag.AlignLeft | top)
        grid.addWidget(versus, 1, 1)
        grid.addWidget(self.right, 1, 2, Qt.AlignmentFlag.AlignRight | top)
        grid.addWidget(self.result, 2, 0, 1, 3)

    def show_pair(
        self, left: tuple[str, Shown] | None, right: tuple[str, Shown] | None, result: str
    ) -> None:
        for chip, name, side in ((self.left, self.left_name, left),
                                 (self.right, self.right_name, right)):
            chip.setVisible(side is not None)
            name.setText(side[0] if side is not None else "(unanswered)")
            if side is not None:
                chip.set_card(side[1][0], note=side[1][1])
        self.result.setText(result)
        parts = [f"{s[0]}: {card_caption(s[1][0])}" if s else "unanswered"
                 for s in (left, right)]
        self.setAccessibleName(f"Supporter pair, {parts[0]} against {parts[1]}: {result}")


class HandPicker(QtWidgets.QFrame):
    """Asks one player for a card from their character's hand, without showing it to others.

    The panel tells it what to show: a waiting line while the curtain is up, a "pass the
    computer" button while someone else holds it, or the cards the holder may see. Given a
    :class:`~cardtable.ui.table.choosing.CardChoice` (:attr:`choice`), the cards it lists are
    lit in the hand too, and a click on one there (or a drag to ``place``) chooses it.
    """

    chosen = QtCore.Signal(str)
    pass_requested = QtCore.Signal()
    cancelled = QtCore.Signal()

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("waiting")
        self.prompt = QtWidgets.QLabel(self)
        self.prompt.setWordWrap(True)
        self.cards = QtWidgets.QListWidget(self)
        self.cards.setAccessibleName("Cards to choose from")
        self.cards.itemActivated.connect(self._on_activated)
        #: Where the cards listed are offered to be chosen by the cards themselves.
        self.choice: CardChoice | None = None
        self.pass_button = button("Pass the computer", "Hand the computer over behind the "
                                  "curtain, so only that player sees the hand", self,
                                  primary=True)
        self.pass_button.clicked.connect(self.pass_requested)
        self.confirm = button("Lay face down", "Lay the chosen card", self, primary=True)
        self.confirm.clicked.connect(self._on_confirm)
        self.cancel = button("Cancel", "Choose nothing after all", self)
        self.cancel.clicked.connect(self.cancelled)
        row = QtWidgets.QHBoxLayout()
        row.addWidget(self.pass_button)
        row.addStretch(1)
        row.addWidget(self.cancel)
        row.addWidget(self.confirm)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(8, 6, 8, 6)
        layout.addWidget(self.prompt)
        layout.addWidget(self.cards)
        layout.addLayout(row)

    def ask(
        self,
        prompt: str,
        cards: Sequence[tuple[CardId, str]] | None,
        *,
        confirm: str,
        pass_to: str | None = None,
        cancellable: bool = True,
        empty: str = "No card can be played.",
        player: PlayerId | None = None,
        place: PileId | None = None,
        probe: Callable[[CardId], Action | None] | None = None,
    ) -> None:
        """Show ``prompt``; ``cards`` None hides the list (someone else must choose);
        ``pass_to`` names the player to hand the computer to. With ``player`` (whose choice
        it is), the cards are offered on the table too: a click on one in the hand, or a drag
        of it to ``place``, chooses it (``probe(card)``: the step it leads to, asked of the
        model first)."""
        if self._offer(prompt, cards, player, place, probe):
            prompt += f" {BY_THE_CARDS}"
        self.prompt.setText(prompt)
        self.setAccessibleName(prompt)
        chosen = self.selected()
        self.cards.clear()
        self.cards.setVisible(cards is not None)
        for card, caption in cards or ():
            item = QtWidgets.QListWidgetItem(caption)
            item.setData(Qt.ItemDataRole.UserRole, str(card))
            self.cards.addItem(item)
        if cards is not None and not cards:
            self.cards.addItem(QtWidgets.QListWidgetItem(empty))
            self.cards.item(0).setFlags(Qt.ItemFlag.NoItemFlags)
        index = next((i for i in range(self.cards.count())
                      if self.cards.item(i).data(Qt.ItemDataRole.UserRole) == chosen), 0)
        if cards:
            self.cards.setCurrentRow(index)
        rows = max(1, self.cards.count())
        self.cards.setFixedHeight(min(160, rows * self.cards.sizeHintForRow(0) + 8))
        self.pass_button.setVisible(pass_to is not None)
        if pass_to is not None:
            self.pass_button.setText(f"Pass the computer to {pass_to}")
            self.pass_button.setAccessibleName(self.pass_button.text())
        self.confirm.setText(confirm)
        self.confirm.setAccessibleName(confirm.replace("&", ""))
        self.confirm.setVisible(cards is not None)
        self.confirm.setEnabled(bool(cards))
        self.cancel.setVisible(cancellable)

    def _offer(self, prompt: str, cards: Sequence[tuple[CardId, str]] | None,
               player: PlayerId | None, place: PileId | None,
               probe: Callable[[CardId], Action | None] | None) -> bool:
        """Offer the cards on the table too; True when they are."""
        if self.choice is None:
            return False
        ids = [card for card, _caption in cards or ()]
        if player is None or not ids:
            self.choice.withdraw(self._asker())
            return False
        self.choice.offer(CardPrompt(self._asker(), player, frozenset(ids), self._take,
                                     probe or (lambda _card: None), place, prompt))
        return True

    def _asker(self) -> str:
        return f"picker-{id(self)}"

    def _item_of(self, card: str) -> QtWidgets.QListWidgetItem | None:
        return next((self.cards.item(i) for i in range(self.cards.count())
                     if self.cards.item(i).data(Qt.ItemDataRole.UserRole) == card), None)

    def _take(self, card: CardId) -> None:
        """A card chosen on the table: picked in the list, and laid (or, where several may be
        chosen, added to the choice or taken out of it)."""
        item = self._item_of(str(card))
        if item is None:
            return
        several = (self.cards.selectionMode()
                   is QtWidgets.QAbstractItemView.SelectionMode.MultiSelection)
        if several:
            item.setSelected(not item.isSelected())
            return
        self.cards.setCurrentItem(item)
        self._on_confirm()

    def setVisible(self, visible: bool) -> None:
        if not visible and self.choice is not None:
            self.choice.withdraw(self._asker())
        super().setVisible(visible)

    def bring_into_view(self) -> None:
        """Scroll the panel so that the prompt and its buttons are in sight (a prompt under
        the fold waits unseen)."""
        area = self.parentWidget()
        while area is not None and not isinstance(area, QtWidgets.QScrollArea):
            area = area.parentWidget()
        if area is not None:
            area.ensureWidgetVisible(self, 0, 0)

    def selected(self) -> str | None:
        item = self.cards.currentItem()
        if item is None:
            return None
        data = item.data(Qt.ItemDataRole.UserRole)
        return str(data) if data else None

    def captions(self) -> list[str]:
        return [self.cards.item(i).text() for i in range(self.cards.count())
                if not self.cards.isHidden()]

    def choose(self, caption: str) -> None:
        """Select the card shown as ``caption`` (for keyboard users and tests)."""
        for i in range(self.cards.count()):
            if self.cards.item(i).text() == caption:
                self.cards.setCurrentRow(i)
                return
        raise LookupError(f"no card {caption!r} is offered")

    def _on_activated(self, _item: QtWidgets.QListWidgetItem) -> None:
        self._on_confirm()

    def _on_confirm(self) -> None:
        card = self.selected()
        if card is not None:
            self.chosen.emit(card)


class ClaimRow(QtWidgets.QFrame):
    """Draws owed to a character, shareable with others: a share per taker, Draw, Decline."""

    draw = QtCore.Signal(int, dict)
    decline = QtCore.Signal(int)

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("numberBox")
        self._claim = 0
        self._spins: dict[str, QtWidgets.QSpinBox] = {}
        self.text = QtWidgets.QLabel(self)
        self.text.setWordWrap(True)
        # One share per line: side by side, two long names would not fit the panel.
        self.shares = QtWidgets.QVBoxLayout()
        self.draw_button = button("Draw", "Draw these cards into the hands, as shared", self)
        self.decline_button = button("Decline", "Turn these draws down", self)
        self.draw_button.clicked.connect(self._on_draw)
        self.decline_button.clicked.connect(lambda: self.decline.emit(self._claim))
        row = QtWidgets.QHBoxLayout()
        row.addLayout(self.shares, 1)
        row.addWidget(self.decline_button, 0, Qt.AlignmentFlag.AlignBottom)
        row.addWidget(self.draw_button, 0, Qt.AlignmentFlag.AlignBottom)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        layout.addWidget(self.text)
        layout.addLayout(row)

    def show_claim(
        self, claim: int, text: str, count: int, takers: Sequence[tuple[str, str]],
        optional: bool, blocked: str | None,
    ) -> None:
        self._claim = claim
        self.text.setText(text)
        self.setAccessibleName(text)
        while self.shares.count():
            item = self.shares.takeAt(0)
            if item.widget() is not None:
                item.widget().deleteLater()
        self._spins = {}
        if len(takers) > 1:
            for index, (character, name) in enumerate(takers):
                spin = QtWidgets.QSpinBox(self)
                spin.setRange(0, count)
                spin.setValue(count if index == 0 else 0)
                spin.setPrefix(f"{name}: ")
                spin.setAccessibleName(f"Cards for {name}")
                spin.setToolTip(f"How many of the {counted(count, 'card')} {name} draws")
                self.shares.addWidget(spin)
                self._spins[character] = spin
        self.shares.addStretch(1)
        self.decline_button.setVisible(optional)
        for widget in (self.draw_button, self.decline_button):
            widget.setEnabled(blocked is None)

    def _on_draw(self) -> None:
        shares = {who: spin.value() for who, spin in self._spins.items()}
        self.draw.emit(self._claim, shares)


def pair_result(game: AdventureGame, pair: Pair) -> str:
    """How a Supporter pair ended, in words ("Mirela wins: +1 Advantage to the Challenge")."""
    if not pair.resolved:
        return "to be resolved"
    if pair.challenge is None or pair.answer is None:
        return f"unanswered: +1 Advantage to the {(pair.winner or Side.CHALLENGE).label}"
    if pair.both:
        return "both prevail: +1 Advantage to each side"
    if pair.winner is None:
        return "both yield: no Advantage"
    winner = pair.member(pair.winner) or ""
    return f"{game.name(winner)} wins: +1 Advantage to the {pair.winner.label}"

