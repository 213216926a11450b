"""What the Conflict panel offers beyond the plain Conflict: face cards at the moment they
apply, Suspended Challenges, Hits, and environments.

- **Jack, King, Ace**: while a player chooses a Challenge card behind the curtain, the face
  cards of their hand that could go with it are offered beside it (a Jack is required out of
  turn); an Ace Challenge asks the Answerer for an Ace too. Before a Challenge is revealed,
  another character may interrupt it with a Jack ("Interrupt with a Jack").
- **Queen**: once a Conflict is won, any other character may play a Queen to cancel the
  winner's goal and take a Hit instead.
- **Suspended Challenges**: instead of issuing the Challenge, set it aside face down with a
  note; it waits on the felt (labelled, see :mod:`cardtable.ui.panels.adventure.felt_marks`)
  until someone answers it, and then it is resolved as usual.
- **Hits**: :class:`~cardtable.ui.panels.adventure.hits.HitsBox`, under the panel.
- **Environments** have no hand: they lay the top card of the draw pile
  (:data:`TOP_CARD` in the picker), with no need to pass the computer.

The panel (:mod:`cardtable.ui.panels.adventure.conflict.panel`) builds one
:class:`ConflictExtras`, which places, fills and refreshes its own forms; the panel asks it,
for the card it is asking for, what to offer and which action to apply, and the extras ask
the panel for a card through its public ``ask_for_card``. Face cards are named only as
:func:`~cardtable.session.on_screen` allows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.cards import CardId, PlayingCard, Rank
from cardtable.piles import PileId
from cardtable.resolvers.adventure.game import AdventureGame
from cardtable.resolvers.adventure.state import Conflict, Phase, Side
from cardtable.session import Action, CharacterId, on_screen
from cardtable.steps.adventure import conflict as conflict_steps
from cardtable.steps.adventure import play as steps
from cardtable.ui.panels.adventure.conflict.board import fill_cast, hand_of
from cardtable.ui.panels.adventure.conflict.views import Lay, Role
from cardtable.ui.panels.adventure.hits import HitsBox
from cardtable.ui.panels.card_chips import card_caption
from cardtable.ui.panels.owners import WaitingFor, allow_step, decider_of
from cardtable.ui.qt import Qt, QtWidgets
from cardtable.ui.widgets.style import button, describe, enter_presses, escape
from cardtable.ui.widgets.style import combo as _combo
from cardtable.ui.widgets.style import line_edit as _line

if TYPE_CHECKING:
    from cardtable.ui.panels.adventure.conflict.panel import ConflictPanel

#: The picker's stand-in for "the top card of the draw pile" (an environment's card).
TOP_CARD = "@top-of-the-draw-pile"
NONE_TEXT = "(none)"

#: What each face card does beside a Challenge, as the offer explains it.
FACE_USES = {
    Rank.JACK: "Jack: interrupt (out of turn, or pre-empting a Challenge not yet revealed)",
    Rank.KING: "King: the Answerer may have no Supporters",
    Rank.ACE: "Ace: only someone who also plays an Ace may answer",
}


class FaceOffers(QtWidgets.QFrame):
    """The face cards of the hand that may be played face up beside the card being laid."""

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("faceOffers")
        self.setAccessibleName("Face cards")
        layout = QtWidgets.QFormLayout(self)
        layout.setContentsMargins(0, 4, 0, 4)
        self.title = QtWidgets.QLabel("With face cards, played face up beside it", self)
        self.title.setObjectName("sectionTitle")
        layout.addRow(self.title)
        self.rows: dict[Rank, QtWidgets.QComboBox] = {}
        self.labels: dict[Rank, QtWidgets.QLabel] = {}
        for rank in (Rank.JACK, Rank.KING, Rank.ACE):
            combo = _combo(rank.title, FACE_USES[rank], self)
            label = QtWidgets.QLabel(rank.title, self)
            describe(label, FACE_USES[rank])
            layout.addRow(label, combo)
            self.rows[rank] = combo
            self.labels[rank] = label
        self.note = QtWidgets.QLabel(self)
        self.note.setWordWrap(True)
        layout.addRow(self.note)

    def offer(self, offers: dict[Rank, tuple[list[tuple[CardId, str]], bool]], note: str) -> None:
        """Show a row for each rank offered: (cards, required); a row not required may be
        left at "(none)"."""
        for rank, combo in self.rows.items():
            shown = rank in offers
            combo.setVisible(shown)
            self.labels[rank].setVisible(shown)
            if not shown:
                combo.clear()
                continue
            cards, required = offers[rank]
            wanted = ([] if required else [(None, NONE_TEXT)]) + [(c, t) for c, t in cards]
            have = [(combo.itemData(i), combo.itemText(i)) for i in range(combo.count())]
            if have != wanted:
                combo.clear()
                for card, text in wanted:
                    combo.addItem(text, card)
            self.labels[rank].setText(f"{rank.title} (required)" if required else rank.title)
        self.note.setText(note)
        self.note.setVisible(bool(note))
        self.setVisible(bool(offers) or bool(note))

    def chosen(self, rank: Rank) -> CardId | None:
        combo = self.rows[rank]
        if combo.isHidden():
            return None
        data = combo.currentData()
        return CardId(str(data)) if data else None

    def choose(self, rank: Rank, caption: str) -> None:
        """Pick the card shown as ``caption`` for ``rank`` (for keyboard users and tests)."""
        combo = self.rows[rank]
        index = combo.findText(caption)
        if index < 0:
            raise LookupError(f"no {caption!r} offered as the {rank.title}")
        combo.setCurrentIndex(index)


class ConflictExtras:
    """The extra forms of a :class:`ConflictPanel`, placed in its ``layout``."""

    def __init__(self, panel: ConflictPanel, layout: QtWidgets.QVBoxLayout) -> None:
        self.panel = panel
        self._build(panel, layout)

    # -- building -------------------------------------------------------------------------

    def _build(self, panel: ConflictPanel, layout: QtWidgets.QVBoxLayout) -> None:
        self.suspend_box = box = QtWidgets.QGroupBox("…or set it aside: a Suspended Challenge",
                                                     panel)
        form = QtWidgets.QFormLayout(box)
        self.suspend_note = _line("Note", "a rope trap across the gorge, a barricade…", box)
        self.suspend = button("Set &aside…", "Lay the Challenge card face down with a note, to "
                              "be answered later (its player chooses it behind the curtain)",
                              box)
        self.suspend.clicked.connect(self._on_suspend)
        enter_presses(self.suspend_note, self.suspend)
        form.addRow("N&ote", self.suspend_note)
        form.addRow(self.suspend)

        self.suspended_box = box = QtWidgets.QGroupBox("Suspended Challenges", panel)
        form = QtWidgets.QFormLayout(box)
        self.suspended_text = QtWidgets.QLabel(box)
        self.suspended_text.setWordWrap(True)
        self.suspended_text.setTextFormat(Qt.TextFormat.RichText)
        self.suspended_pick = _combo("Suspended Challenge", "The Suspended Challenge answered",
                                     box)
        self.suspended_answerer = _combo("Answerer of the Suspended Challenge",
                                         "The character who answers it", box)
        self.suspended_intent = _line("Intent against the Suspended Challenge",
                                      "how they mean to get past it", box)
        self.answer_suspended = button("Answer &it…", "Lay an Answer card face down: the "
                                       "Suspended Challenge becomes the Conflict", box)
        self.answer_suspended.clicked.connect(self._on_answer_suspended)
        enter_presses(self.suspended_intent, self.answer_suspended)
        form.addRow(self.suspended_text)
        form.addRow("Which", self.suspended_pick)
        form.addRow("Answerer", self.suspended_answerer)
        form.addRow("Intent", self.suspended_intent)
        form.addRow(self.answer_suspended)
        self.suspended_waiting = WaitingFor(panel.document, box)
        form.addRow(self.suspended_waiting)

        self.interrupt_box = box = QtWidgets.QGroupBox("Interrupt with a Jack", panel)
        form = QtWidgets.QFormLayout(box)
        self.interrupter = _combo("Interrupter", "A character who pre-empts this Challenge with "
                                  "a Jack and a Challenge of their own", box)
        self.interrupt_goal = _line("Interrupting goal", "what they want instead", box)
        self.interrupt = button("Interrupt with a &Jack…", "Play a Jack face up and lay a "
                                "Challenge card face down; every card laid so far goes back to "
                                "its hand unrevealed", box)
        self.interrupt.clicked.connect(self._on_interrupt)
        enter_presses(self.interrupt_goal, self.interrupt)
        form.addRow("Who", self.interrupter)
        form.addRow("Goal", self.interrupt_goal)
        form.addRow(self.interrupt)
        self.interrupt_waiting = WaitingFor(panel.document, box)
        form.addRow(self.interrupt_waiting)

        self.queen_box = box = QtWidgets.QGroupBox("Cancel the goal with a Queen", panel)
        form = QtWidgets.QFormLayout(box)
        self.queen_text = QtWidgets.QLabel(box)
        self.queen_text.setWordWrap(True)
        self.queen_player = _combo("Queen's player", "The character who plays a Queen", box)
        self.queen_side = _combo("Goal cancelled", "Whose goal the Queen cancels", box)
        for side in Side:
            self.queen_side.addItem(f"the {side.label}'s goal", side)
        self.queen = button("Play a &Queen…", "Play a Queen face up: the winner's goal is "
                            "cancelled and the Queen's player takes a Hit instead", box)
        self.queen.clicked.connect(self._on_queen)
        form.addRow(self.queen_text)
        form.addRow("Who", self.queen_player)
        form.addRow("Whose goal", self.queen_side)
        form.addRow(self.queen)
        self.queen_waiting = WaitingFor(panel.document, box)
        form.addRow(self.queen_waiting)
        self._queen_form = form
        for combo in (self.suspended_pick, self.suspended_answerer, self.interrupter,
                      self.queen_player):
            combo.currentIndexChanged.connect(lambda _i: panel.refresh())

        # Inside the picker, above its buttons: chosen with the card, before it is laid.
        self.faces = FaceOffers(panel.picker)
        picker_layout = panel.picker.layout()
        assert isinstance(picker_layout, QtWidgets.QVBoxLayout)
        picker_layout.insertWidget(2, self.faces)
        self.hits = HitsBox(panel.document, panel)
        for anchor, widget in ((panel.challenge_box, self.suspend_box),
                               (self.suspend_box, self.suspended_box),
                               (panel.support_box, self.interrupt_box),
                               (panel.over_box, self.hits)):
            layout.insertWidget(layout.indexOf(anchor) + 1, widget)
        self._layout = layout
        # A won Conflict offers the Queen, and the Hits, before it is closed (closing lets
        # the Hits not struck lapse).
        over = panel.over_box.layout()
        assert isinstance(over, QtWidgets.QVBoxLayout)
        self._over = over
        over.insertWidget(over.indexOf(panel.close_button), self.queen_box)

    # -- refreshing -----------------------------------------------------------------------

    def refresh(self, game: AdventureGame | None, ready: list[str], blocked: str | None) -> None:
        conflict = game.conflict if game is not None else None
        phase = conflict.phase if conflict is not None else None
        self.suspend_box.setVisible(conflict is None)
        session = self.panel.session
        challenger = self.panel.challenger.currentData()
        allow_step(self.suspend, session,
                   steps.suspend(challenger, "", "", None) if challenger else None,
                   self.suspend.accessibleDescription(),
                   blocked or (None if ready else "no character is ready") or (
                       None if challenger else "choose the Challenger first"))
        waiting = game.suspended if game is not None else []
        self.suspended_box.setVisible(conflict is None and bool(waiting))
        if game is not None and waiting:
            self.suspended_text.setText("<br>".join(
                f"<b>#{s.id}</b> {escape(game.name(s.challenger))}: “{escape(s.goal)}” "
                f"— <i>{escape(s.note)}</i>" for s in waiting))
            self._fill_suspended(game)
            answerer = self.suspended_answerer.currentData()
            probe = (steps.answer_suspended(0, answerer, "", None) if answerer else None)
            self.panel.offer(self.answer_suspended, probe,
                             blocked or (None if answerer else "choose the Answerer first"),
                             waiting=self.suspended_waiting, doing="to answer it")
        interrupting = phase in (Phase.CHALLENGED, Phase.ANSWERED) and conflict is not None \
            and not conflict.from_suspended
        self.interrupt_box.setVisible(interrupting)
        if interrupting and conflict is not None:
            fill_cast(self.interrupter, session, [c for c in ready if c != conflict.challenger])
            interrupter = self.interrupter.currentData()
            probe = steps.challenge_with(interrupter, "", None) if interrupter else None
            self.panel.offer(self.interrupt, probe,
                             blocked or (None if self.interrupter.count() else
                                         "no other character")
                             or (None if interrupter else "choose who interrupts first"),
                             waiting=self.interrupt_waiting, doing="to interrupt")
        self._refresh_queen(game, conflict, ready, blocked)
        self._refresh_faces(game, conflict)
        self._place_hits(inside=phase is Phase.OVER)

    def _place_hits(self, *, inside: bool) -> None:
        """The Hits box inside the won Conflict, above Close; else under the panel's forms."""
        here = self.hits.parentWidget() is self.panel.over_box
        if inside == here:
            return
        if inside:
            self._over.insertWidget(self._over.indexOf(self.panel.close_button), self.hits)
        else:
            self._layout.insertWidget(self._layout.indexOf(self.panel.over_box) + 1, self.hits)
        self.hits.refresh()

    def _fill_suspended(self, game: AdventureGame) -> None:
        combo = self.suspended_pick
        wanted = [(s.id, f"#{s.id} {game.name(s.challenger)}: {s.goal}") for s in game.suspended]
        have = [(combo.itemData(i), combo.itemText(i)) for i in range(combo.count())]
        if wanted != have:
            chosen = combo.currentData()
            combo.clear()
            for number, text in wanted:
                combo.addItem(text, number)
            combo.setCurrentIndex(max(0, combo.findData(chosen)))
        challenger = next((s.challenger for s in game.suspended if s.id == combo.currentData()),
                          None)
        ready = [c.id for c in conflict_steps.adventure_characters(self.panel.session.state)
                 if conflict_steps.not_ready(c) is None]
        fill_cast(self.suspended_answerer, self.panel.session,
                  [c for c in ready if c != challenger])

    def _refresh_queen(self, game: AdventureGame | None, conflict: Conflict | None,
                       ready: list[str], blocked: str | None) -> None:
        shown = game is not None and conflict is not None and conflict.phase is Phase.OVER and (
            conflict.winner is not None or conflict.both_attain)
        self.queen_box.setVisible(shown)
        if not shown or game is None or conflict is None:
            return
        winners = list(Side) if conflict.both_attain else [conflict.winner or Side.CHALLENGE]
        open_goals = [s for s in winners if conflict.side(s).cancelled_by is None]
        names = [game.name(conflict.side(s).primary or "") for s in open_goals]
        self._queen_form.setRowVisible(self.queen_side, len(open_goals) > 1)
        if not open_goals:
            self.queen_text.setText("The goal has been cancelled with a Queen.")
        else:
            self.queen_text.setText(f"Anyone else may play a Queen to cancel "
                                    f"{' or '.join(names)}'s goal, and take a Hit instead.")
        primaries = {conflict.side(s).primary for s in open_goals}
        state = self.panel.session.state
        takers = [c for c in ready if c not in primaries
                  and not conflict_steps.is_environment(state, state.character(CharacterId(c)))]
        fill_cast(self.queen_player, self.panel.session, takers)
        taker = self.queen_player.currentData()
        probe = steps.queen(taker, CardId(""), None) if taker else None
        allow_step(self.queen, self.panel.session, probe, self.queen.accessibleDescription(),
                   blocked or (None if open_goals and takers else
                               "there is no goal left to cancel") or (
                       None if taker else "choose who plays the Queen first"))
        self.queen_waiting.show_for(decider_of(self.panel.session, probe) if open_goals
                                    else None, "to play a Queen")

    def _refresh_faces(self, game: AdventureGame | None, conflict: Conflict | None) -> None:
        lay = self.panel.pending
        session = self.panel.session
        character = session.characters.get(CharacterId(lay.character)) if lay else None
        if lay is None or character is None or session.curtain is not None or (
                session.holder != character.player) or conflict_steps.is_environment(
                    session.state, character):
            self.faces.hide()
            return
        state = session.state
        hand = session.table.pile(PileId(hand_of(game, character))).cards
        shown = on_screen(session)

        def of(rank: Rank) -> list[tuple[CardId, str]]:
            cards = []
            for card in hand:
                face = session.table.card(card).face
                if card in shown and isinstance(face, PlayingCard) and face.rank is rank:
                    cards.append((card, card_caption(face)))
            return cards

        offers: dict[Rank, tuple[list[tuple[CardId, str]], bool]] = {}
        notes = []
        name = character.name
        if lay.role in (Role.CHALLENGE, Role.INTERRUPT):
            opening = conflict_steps.first_narrator(state)
            turn = game.turn_player.id if game is not None else (
                opening.id if opening else None)
            needs_jack = lay.role is Role.INTERRUPT or turn != character.player
            if needs_jack:
                offers[Rank.JACK] = (of(Rank.JACK), True)
                if not of(Rank.JACK):
                    notes.append(f"{name} holds no Jack: only a Jack lets a Challenge "
                                 + ("interrupt." if lay.role is Role.INTERRUPT else
                                    "come out of turn."))
            for rank in (Rank.KING, Rank.ACE):
                if of(rank):
                    offers[rank] = (of(rank), False)
        elif lay.role is Role.ANSWER and conflict is not None and conflict.challenge.ace:
            offers[Rank.ACE] = (of(Rank.ACE), True)
            if not of(Rank.ACE):
                notes.append(f"{name} holds no Ace: only someone who also plays an Ace may "
                             "answer an Ace Challenge.")
        self.faces.offer(offers, " ".join(notes))

    # -- what the panel asks ----------------------------------------------------------------

    def prompt(self, lay: Lay, name: str, player: str) -> tuple[str, str] | None:
        """(prompt, confirm) for the roles added here (None: the panel's own words)."""
        if lay.role is Role.QUEEN:
            return (f"{player}: choose the Queen {name} plays face up.", "Play this Queen")
        if lay.role is Role.SUSPEND:
            return (f"{player}: choose the card {name} sets aside face down.", "Set aside")
        return None

    def only(self, lay: Lay, game: AdventureGame | None, hand: list[CardId]) -> list[CardId]:
        """The cards of ``hand`` that may be chosen for ``lay``."""
        if lay.role is not Role.QUEEN:
            return hand
        table = self.panel.session.table
        return [c for c in hand if isinstance(f := table.card(c).face, PlayingCard)
                and f.rank is Rank.QUEEN]

    def action_for(self, lay: Lay, card: CardId | None) -> Action | None:
        """The session action for ``card`` chosen as ``lay`` asked (None: the panel's own)."""
        faces = self.faces
        if lay.role in (Role.CHALLENGE, Role.INTERRUPT):
            return steps.challenge_with(
                lay.character, lay.text, card, jack=faces.chosen(Rank.JACK),
                king=faces.chosen(Rank.KING), ace=faces.chosen(Rank.ACE), hit_target=lay.target)
        if lay.role is Role.ANSWER:
            return steps.answer_with(lay.character, lay.text, card, ace=faces.chosen(Rank.ACE))
        if lay.role is Role.QUEEN:
            if card is None:
                return None
            return steps.queen(lay.character, card, lay.side)
        if lay.role is Role.SUSPEND:
            return steps.suspend(lay.character, lay.text, lay.note, card)
        if lay.role is Role.ANSWER_SUSPENDED:
            return steps.answer_suspended(lay.number, lay.character, lay.text, card)
        return None

    def done(self, lay: Lay) -> None:
        """Clear what was typed for ``lay`` once it was applied."""
        if lay.role is Role.INTERRUPT:
            self.interrupt_goal.clear()
        elif lay.role is Role.SUSPEND:
            self.suspend_note.clear()
            self.panel.goal_edit.clear()
        elif lay.role is Role.ANSWER_SUSPENDED:
            self.suspended_intent.clear()

    # -- acting ---------------------------------------------------------------------------

    def _on_suspend(self) -> None:
        panel = self.panel
        character = panel.challenger.currentData()
        goal, note = panel.goal_edit.text().strip(), self.suspend_note.text().strip()
        if character is None or not goal or not note:
            panel.refuse("Choose the Challenger, state the goal and write the note first.")
            return
        panel.ask_for_card(Lay(Role.SUSPEND, character, goal, note=note))

    def _on_answer_suspended(self) -> None:
        number = self.suspended_pick.currentData()
        character = self.suspended_answerer.currentData()
        if isinstance(number, int) and character is not None:
            self.panel.ask_for_card(Lay(Role.ANSWER_SUSPENDED, character,
                                self.suspended_intent.text().strip(), number=number))

    def _on_interrupt(self) -> None:
        character = self.interrupter.currentData()
        goal = self.interrupt_goal.text().strip()
        if character is None or not goal:
            self.panel.refuse("Choose who interrupts and state their goal first.")
            return
        self.panel.ask_for_card(Lay(Role.INTERRUPT, character, goal))

    def _on_queen(self) -> None:
        character = self.queen_player.currentData()
        side = self.queen_side.currentData() if self.queen_side.isVisibleTo(
            self.queen_box) else None  # asked only when both sides attained their goals
        if character is not None:
            self.panel.ask_for_card(Lay(Role.QUEEN, character,
                                        side=side if isinstance(side, Side) else None))


__all__ = ["FACE_USES", "TOP_CARD", "ConflictExtras", "FaceOffers"]
