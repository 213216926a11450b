"""The guided Fantastical Adventure Conflict: Challenge, Answer, Support, reveal, Push or Yield.

The panel walks the table through one Conflict. Every decision in it belongs to someone (the
Challenger's, the Answerer's, a Supporter's, the primary to move's player; Advantage is the
GM's): its button is enabled only at that player's seat (the model's reason is the tooltip
elsewhere), and the form names them, "Waiting for Bob (Brann)", with a button that passes them
the computer (:class:`~cardtable.session.PassSeat`; the main window shows the curtain until
"I am ..."). Pickers default to a character of the seat holding the computer, or to nobody.
Cards are laid face down from private hands, listed only while their player holds the
computer. Every card is named only when :func:`~cardtable.session.on_screen` allows it, else
it is a "face-down card".

The Conflict as it stands is drawn by :mod:`cardtable.ui.panels.adventure.conflict.board`.
Every button is one session action from :mod:`cardtable.steps.adventure.conflict`, logged
and undone like any other; the rules (what trumps, who may push, Advantage) stay in the
resolver. Face cards, Suspended Challenges, Queens, Hits and environments come from
:mod:`cardtable.ui.panels.adventure.conflict.extras`, which own their forms and ask for a
card through :meth:`ConflictPanel.ask_for_card`.
"""

from __future__ import annotations

from cardtable.cards import CardFace, CardId
from cardtable.piles import PileId
from cardtable.resolvers.adventure.game import AdventureGame
from cardtable.resolvers.adventure.showdown import playable
from cardtable.resolvers.adventure.state import Conflict, Phase, Side
from cardtable.session import (
    Action,
    Changes,
    Character,
    CharacterId,
    PassSeat,
    on_screen,
)
from cardtable.steps.adventure import conflict as steps
from cardtable.steps.adventure.arrival import sitting_out
from cardtable.ui.document import SessionDocument
from cardtable.ui.help.question_mark import rules_button
from cardtable.ui.panels.adventure.conflict.board import (
    ConflictBoard,
    fill_cast,
    hand_of,
    strength_mark,
)
from cardtable.ui.panels.adventure.conflict.extras import TOP_CARD, ConflictExtras
from cardtable.ui.panels.adventure.conflict.forms import (
    AnswerForm,
    ChallengeForm,
    OverBox,
    ShowdownBox,
    SupportForm,
)
from cardtable.ui.panels.adventure.conflict.views import ClaimRow, HandPicker, Lay, Role
from cardtable.ui.panels.asking import AskBefore, ask_before
from cardtable.ui.panels.base import EVERY_CHANGE, SessionPanel
from cardtable.ui.panels.card_chips import card_caption
from cardtable.ui.panels.in_sight import RefreshInSight
from cardtable.ui.panels.owners import WaitingFor, allow_step, decider_of
from cardtable.ui.qt import Qt, QtCore, QtWidgets
from cardtable.ui.table.choosing import card_choice
from cardtable.ui.widgets.style import (
    enter_presses,
    escape,
    forget_typing,
    keep_room,
    repolish,
    scrolling_dock,
    style_panel,
)

TITLE = "Conflict"
CLOSE_QUESTION = ("Close the Conflict? Draws still owed are drawn now, every card of the "
                  "Conflict goes to the discard pile and the turn moves on.")
#: What the panel says in a session without playing cards (a tarot or dice table, say).
NO_SHOE = ("This session has no shoe of playing cards on the table, so no Conflict can be "
           "played here. Start a session with Fantastical Adventure (File > New session) to "
           "play one.")
DOCK_NAME = "conflictDock"


class ConflictPanel(SessionPanel, QtWidgets.QWidget):
    """One Conflict at a time, for the session in ``document``."""

    watches = EVERY_CHANGE

    def __init__(self, document: SessionDocument, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(document, parent)
        self.setObjectName("conflictPanel")
        self.setAccessibleName(TITLE)
        style_panel(self, "#24472f", "#a83232", "#f1f6f1")
        self.pending: Lay | None = None
        #: Asked once before closing the Conflict (a message box; tests answer it too).
        self.ask: AskBefore = lambda title, question, go: ask_before(self, title, question, go)
        self._claims: list[ClaimRow] = []
        self._build()
        self._in_sight = RefreshInSight(self, self.refresh)
        self.refresh()

    # -- building -------------------------------------------------------------------------

    def _build(self) -> None:
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.setSpacing(6)
        title = QtWidgets.QLabel("Fantastical Adventure: Conflict", self)
        title.setObjectName("panelTitle")
        rules_button(title, "adventure", self._rules_step, "Fantastical Adventure")
        layout.addWidget(title)
        self.status = QtWidgets.QLabel(self)
        self.status.setObjectName("panelStatus")
        self.status.setWordWrap(True)
        layout.addWidget(self.status)
        self.board = ConflictBoard(self)
        self.sides = self.board.sides
        # The step's form right under its prompt, its refusals under it, then the board:
        # on a laptop's screen the controls of a step are in sight without scrolling.
        self._build_forms(layout)
        self.message = self.message_line()
        layout.addWidget(self.message)
        layout.addWidget(self.board)
        # Packed at the top: the scroll area may be taller than the panel needs.
        layout.setAlignment(Qt.AlignmentFlag.AlignTop)

    def _build_forms(self, layout: QtWidgets.QVBoxLayout) -> None:
        self.challenge_box = opening = ChallengeForm(self)
        self.challenger, self.goal_edit = opening.challenger, opening.goal_edit
        self.hit_target = opening.hit_target
        self.challenge = opening.challenge
        self.challenge.clicked.connect(self._on_challenge)
        self.answer_box = AnswerForm(self)
        self.answerer, self.intent = self.answer_box.answerer, self.answer_box.intent
        self.answer, self.no_answer = self.answer_box.answer, self.answer_box.no_answer
        self.answer.clicked.connect(self._on_answer)
        self.no_answer.clicked.connect(lambda: self.apply(steps.no_answer()))
        self.support_box = form = SupportForm(self)
        self.supporter, self.support_side, self.support = (
            form.supporter, form.support_side, form.support)
        self.award_side, self.award_points, self.award_reason, self.award = (
            form.award_side, form.award_points, form.award_reason, form.award)
        self.reveal = form.reveal
        self.support.clicked.connect(self._on_support)
        self.award.clicked.connect(self._on_award)
        for edit, target in ((self.goal_edit, self.challenge), (self.intent, self.answer),
                             (self.award_reason, self.award)):
            enter_presses(edit, target)
        self.reveal.clicked.connect(lambda: self.apply(steps.reveal()))
        self.showdown_box = showdown = ShowdownBox(self)
        self.showdown_text, self.deadlock_text = showdown.showdown_text, showdown.deadlock_text
        self.yield_button, self.push = showdown.yield_button, showdown.push
        self.deadlock = showdown.deadlock
        self.yield_button.clicked.connect(self._on_yield)
        self.push.clicked.connect(self._on_push)
        for way, widget in self.deadlock.items():
            widget.clicked.connect(lambda _=False, w=way: self.apply(steps.settle_deadlock(w)))
        self.picker = HandPicker(self)
        self.picker.choice = card_choice(self.document)
        self.picker.chosen.connect(self._on_card_chosen)
        self.picker.pass_requested.connect(self._on_pass)
        self.picker.cancelled.connect(self._on_cancel)
        self.over_box = over = OverBox(self)
        self.banner, self.over_text, self.claims_box = over.banner, over.over_text, over.claims_box
        self.close_button = over.close_button
        self.close_button.clicked.connect(self._on_close)
        # Whose decision each form waits for, under its controls.
        self.challenge_waiting, self.answer_waiting, self.support_waiting, self.mover_waiting = (
            self._waiting(box) for box in (self.challenge_box, self.answer_box,
                                           self.support_box, self.showdown_box))
        for combo in (self.challenger, self.answerer, self.supporter):
            combo.currentIndexChanged.connect(lambda _i: self.refresh())
        for widget in (self.challenge_box, self.answer_box, self.support_box, self.showdown_box,
                       self.picker, self.over_box):
            layout.addWidget(widget)
        # Face cards, Suspended Challenges, Queens, Hits: placed among the forms above.
        self.extras = ConflictExtras(self, layout)

    def _waiting(self, box: QtWidgets.QGroupBox) -> WaitingFor:
        waiting = keep_room(WaitingFor(self.document, box))
        box_layout = box.layout()
        if isinstance(box_layout, QtWidgets.QFormLayout):
            box_layout.addRow(waiting)  # across the whole form, under its buttons
        else:
            assert box_layout is not None
            box_layout.addWidget(waiting)
        return waiting

    # -- reading --------------------------------------------------------------------------

    def _game(self) -> AdventureGame | None:
        return steps.find_game(self.session.state)

    def _character(self, character: str) -> Character | None:
        return self.session.characters.get(CharacterId(character))

    # -- refreshing -----------------------------------------------------------------------

    def _asking(self) -> bool:
        """Whether the panel asks for a card, or did until this change: on the felt too."""
        return self.pending is not None or not self.picker.isHidden()

    def refresh(self) -> None:
        state = self.session.state
        game = self._game()
        conflict = game.conflict if game is not None else None
        phase = conflict.phase if conflict is not None else None
        if self.pending is not None and not self._pending_fits(phase):
            self.pending = None
        blocked = self.curtain_reason()
        opening = steps.first_narrator(state)
        turn = game.turn_player.name if game is not None else (opening.name if opening
                                                                 else "nobody")
        self.board.setVisible(conflict is not None)
        self.challenge_box.setVisible(conflict is None)
        self.answer_box.setVisible(phase is Phase.CHALLENGED)
        self.support_box.setVisible(phase is Phase.ANSWERED)
        self.showdown_box.setVisible(phase in (Phase.SHOWDOWN, Phase.DEADLOCK))
        self.over_box.setVisible(phase is Phase.OVER)
        ready = [c for c in steps.adventure_characters(state) if steps.not_ready(c) is None]
        if conflict is None or game is None:
            # The turn passes in the Play panel only, so that there is one way to pass it.
            self.status.setText(NO_SHOE if not steps.has_shoe(state) else
                                f"No Conflict. On {turn}'s turn, a character of theirs may "
                                "issue a Challenge (the Play panel passes the turn).")
            fill_cast(self.challenger, self.session, [c.id for c in ready])
            out = sitting_out(state)
            self.challenge_box.sitting_out.setText("\n".join(out))
            self.challenge_box.sitting_out.setVisible(bool(out))
            challenger = self.challenger.currentData()
            self._fill_targets(game, challenger)
            probe = steps.issue_challenge(challenger, "", None) if challenger else None
            reason = blocked or (None if ready else "no character is ready for Fantastical "
                                 "Adventure (a sheet with a Strong and a Weak Suit)") or (
                None if challenger else "choose the Challenger first")
            allow_step(self.challenge, self.session, probe,
                       self.challenge.accessibleDescription(), reason)
            self.challenge_waiting.show_for(decider_of(self.session, probe),
                                            "to issue the Challenge")
        else:
            self.board.show_conflict(self.session, game, conflict)
            self._show_phase(game, conflict, [c.id for c in ready], blocked)
        self._show_picker(game, blocked)
        self.extras.refresh(game, [c.id for c in ready], blocked)

    def _rules_step(self) -> str:
        """The rules page's anchor for the form the panel shows now."""
        shown = [(self.answer_box, "answer"), (self.support_box, "support"),
                 (self.showdown_box, "push"), (self.over_box, "over")]
        return next((anchor for box, anchor in shown if box.isVisibleTo(self)), "challenge")

    def _pending_fits(self, phase: Phase | None) -> bool:
        assert self.pending is not None
        return phase in self.pending.role.phases

    def _fill_targets(self, game: AdventureGame | None, challenger: str | None) -> None:
        """Offer every other character at the table as the one the goal aims to Hit."""
        chosen = self.hit_target.currentData()
        others = [(c.id, c.name) for c in steps.adventure_characters(self.session.state)
                  if c.id != challenger]
        self.hit_target.blockSignals(True)
        self.hit_target.clear()
        self.hit_target.addItem("nobody in particular", None)
        for cid, name in others:
            self.hit_target.addItem(name, cid)
        self.hit_target.setCurrentIndex(max(0, self.hit_target.findData(chosen)))
        self.hit_target.blockSignals(False)

    def _show_phase(self, game: AdventureGame, conflict: Conflict, ready: list[str],
                    blocked: str | None) -> None:
        phase = conflict.phase
        challenger = game.name(conflict.challenger)
        if phase is Phase.CHALLENGED:
            self.status.setText(f"{challenger} has laid a Challenge card. Someone may Answer, "
                                "or nobody answers.")
            fill_cast(self.answerer, self.session, [c for c in ready if c != conflict.challenger])
            answerer = self.answerer.currentData()
            self.offer(self.answer, steps.answer(answerer, "", None) if answerer else None,
                       blocked or (None if self.answerer.count() else
                                   "no other character can answer") or (
                           None if answerer else "choose the Answerer first"),
                       waiting=self.answer_waiting, doing="to answer")
            allow_step(self.no_answer, self.session, steps.no_answer(),
                       self.no_answer.accessibleDescription(), blocked)
        elif phase is Phase.ANSWERED:
            self.status.setText("Supporters may join either side, one card each; the table "
                                "may award Advantage; then reveal all the cards together.")
            fill_cast(self.supporter, self.session,
                      [c for c in ready if conflict.side_of(c) is None])
            supporter = self.supporter.currentData()
            self.offer(self.support,
                       steps.support(supporter, Side.CHALLENGE, None) if supporter else None,
                       blocked or (None if self.supporter.count() else
                                   "every character is in this Conflict already") or (
                           None if supporter else "choose the Supporter first"),
                       waiting=self.support_waiting, doing="to support")
            allow_step(self.award, self.session, steps.award(Side.CHALLENGE, 1, ""),
                       self.award.accessibleDescription(), blocked)
            allow_step(self.reveal, self.session, steps.reveal(),
                       self.reveal.accessibleDescription(), blocked)
        elif phase in (Phase.SHOWDOWN, Phase.DEADLOCK):
            self._show_showdown(game, conflict, blocked)
        else:
            self._show_over(game, conflict, blocked)

    def _show_showdown(self, game: AdventureGame, conflict: Conflict,
                       blocked: str | None) -> None:
        deadlock = conflict.phase is Phase.DEADLOCK
        for widget in (self.yield_button, self.push, self.showdown_text):
            widget.setVisible(not deadlock)
        self.deadlock_text.setVisible(deadlock)
        for way, widget in self.deadlock.items():
            widget.setVisible(deadlock)
            allow_step(widget, self.session, steps.settle_deadlock(way),
                       widget.accessibleDescription(), blocked)
        if deadlock:
            self.mover_waiting.show_for(None)
            if conflict.deadlock_pair is not None:
                pair = conflict.pairs[conflict.deadlock_pair]
                who = [game.name(m) for m in (pair.challenge, pair.answer) if m]
            else:
                who = [game.name(p) for p in (conflict.challenger, conflict.answerer) if p]
            self.status.setText("Deadlock: the two players agree on a way out.")
            self.deadlock_text.setText(f"Deadlock between {' and '.join(who)}: both yield, both "
                                       "attain their goals, or flip a coin.")
            return
        side = conflict.to_move
        assert side is not None
        mover = conflict.side(side).primary or ""
        back = side is not conflict.pusher
        verb = "Push back" if back else "Push"
        self.status.setText(f"{game.name(mover)} must Yield or {verb}.")
        # Whether a card in the hand trumps is the mover's to know: another seat sees only
        # whose decision it is.
        theirs = self.session.may(steps.yield_conflict(mover)) is None
        refusal = steps.push_refusal(game, self.session.table, side) if theirs else None
        rule = ("A push back must trump the latest card." if back else
                "A push plays any card from the hand.")
        self.showdown_text.setText(
            f"<b>{game.name(mover)}</b> must Yield or {verb} "
            f"(Advantage {conflict.advantage(side)}). {rule}"
            + (f"<br><i>Cannot {verb.lower()}: {escape(refusal)}.</i>" if refusal else ""))
        self.push.setText(verb.replace("Push", "P&ush"))  # Alt+P is the Panels menu's
        self.push.setAccessibleName(verb)
        tip = ("Spend 1 Advantage and play a card that trumps the latest card" if back
               else "Spend 1 Advantage and play any card from the hand")
        allow_step(self.push, self.session, steps.push(mover, None), tip, blocked or refusal)
        allow_step(self.yield_button, self.session, steps.yield_conflict(mover),
                   "Forfeit the goal and draw Advantage + 1 cards", blocked)
        self.mover_waiting.show_for(decider_of(self.session, steps.yield_conflict(mover)),
                                    f"to Yield or {verb}")

    def _show_over(self, game: AdventureGame, conflict: Conflict, blocked: str | None) -> None:
        if conflict.winner is not None:
            winner = conflict.side(conflict.winner).primary or ""
            text, result = f"{game.name(winner)} wins the Conflict", "success"
        else:
            text = "Both attain their goals" if conflict.both_attain else "Both yield"
            result = "neutral"
        self.banner.setText(text)
        self.banner.setProperty("result", result)
        repolish(self.banner)
        self.status.setText(f"{text}. Take the draws owed, then close the Conflict.")
        lines = []
        if conflict.winner is not None:
            win = conflict.side(conflict.winner)
            if win.primary is not None and win.latest in on_screen(self.session):
                face = game.face(self.session.table, win.latest)
                facet = game.character(win.primary).narrates_with(face)
                lines.append(f"{game.name(win.primary)} narrates with {facet}.")
        # The Hits earned are listed once, with their buttons, in the Hits box below.
        self.over_text.setText("<br>".join(lines))
        owed = [c for c in game.claims if c.id in conflict.claim_ids]
        while len(self._claims) < len(owed):
            row = ClaimRow(self.over_box)
            row.draw.connect(self._on_take_draws)
            row.decline.connect(lambda claim: self.apply(steps.decline_draws(claim)))
            self.claims_box.addWidget(row)
            self._claims.append(row)
        for row, claim in zip(self._claims, owed, strict=False):
            may = "may draw" if claim.optional else "draws"
            row.show_claim(claim.id, f"{game.name(claim.character)} {may} "
                           f"{claim.count} card{'s' if claim.count != 1 else ''} {claim.reason}",
                           claim.count, [(c, game.name(c)) for c in claim.recipients],
                           claim.optional, blocked)
            # The earner's player draws or declines; elsewhere greyed with the model's reason.
            allow_step(row.draw_button, self.session, steps.take_draws(claim.id),
                       "Draw these cards into the hands, as shared", blocked)
            allow_step(row.decline_button, self.session, steps.decline_draws(claim.id),
                       "Turn these draws down", blocked)
        for index, row in enumerate(self._claims):
            row.setVisible(index < len(owed))
        allow_step(self.close_button, self.session, steps.close(),
                   self.close_button.accessibleDescription(), blocked)

    def _show_picker(self, game: AdventureGame | None, blocked: str | None) -> None:
        lay = self.pending
        self.picker.setVisible(lay is not None)
        if lay is None:
            return
        session = self.session
        character = self._character(lay.character)
        if character is None:
            self.pending = None
            self.picker.hide()
            return
        player = session.state.player(character.player)
        pushing = lay.role is Role.PUSH
        role = "push" if pushing else f"{lay.role.value} card"
        confirm = "Push with this card" if pushing else "Lay face down"
        own = self.extras.prompt(lay, character.name, player.name)
        if own is not None:
            confirm = own[1]
        owner = f"{player.name} ({character.name})"
        if session.curtain is not None:
            waiting = session.state.player(session.curtain)
            self.picker.ask(
                f"Waiting for {owner}: behind the curtain, {player.name} chooses "
                f"{character.name}'s {role} once they take the computer.", None,
                confirm=confirm, pass_to=None if waiting.id == player.id else player.name)
            return
        if steps.is_environment(session.state, character):
            # No hand to keep secret: the top card of the draw pile, seen by nobody.
            self.picker.ask(f"{character.name} is an environment: it plays the top card of the "
                            "draw pile.", [(CardId(TOP_CARD), "Top card of the draw pile")],
                            confirm=confirm)
            return
        if session.holder != player.id:
            self.picker.ask(f"Waiting for {owner}: {player.name} chooses {character.name}'s "
                            f"{role} in secret.", None, confirm=confirm, pass_to=player.name)
            return
        shown = on_screen(session)
        hand = self.extras.only(lay, game, list(
            session.table.pile(PileId(hand_of(game, character))).cards))
        what = f"lay face down as the {lay.role.value}"
        if pushing and game is not None and game.conflict is not None:
            side = game.conflict.side_of(character.id)
            offered = playable(game, session.table, side) if side is not None else []
            hand = [c for c in hand if c in offered]
            what = ("push back with (only cards that trump the latest card)"
                    if side is not game.conflict.pusher else "push with")
        cards = [(card, self._caption(game, character.id, card, shown)) for card in hand
                 if card in shown]
        prompt = own[0] if own is not None else (
            f"{player.name}: choose the card {character.name} will {what}.")
        self.picker.ask(prompt, cards, confirm=confirm, empty="No card in the hand can be played.",
                        player=player.id, place=PileId(_zone(game, character)),
                        probe=lambda card: self._action_for(lay, card))

    def _caption(self, game: AdventureGame | None, character: str, card: CardId,
                 shown: frozenset[CardId]) -> str:
        face: CardFace | None = self.session.table.card(card).face if card in shown else None
        mark = strength_mark(self.session, character, face) if face is not None else ""
        return card_caption(face) + (f" ({mark})" if mark else "")

    # -- acting ---------------------------------------------------------------------------

    def apply(self, action: Action) -> bool:
        """Apply ``action``; once done, the keyboard focus goes to where the next step
        starts."""
        done = super().apply(action)
        if done and self.pending is None:
            self._focus_next()
        return done

    def _focus_next(self) -> None:
        """Put the keyboard focus on the control the Conflict's next step starts from."""
        game = self._game()
        phase = game.conflict.phase if game is not None and game.conflict is not None else None
        choices = {
            None: [self.challenger],
            Phase.CHALLENGED: [self.answerer],
            Phase.ANSWERED: [self.reveal],
            Phase.SHOWDOWN: [self.push, self.yield_button],
            Phase.DEADLOCK: list(self.deadlock.values()),
            Phase.OVER: [self.close_button],
        }[phase]
        target = next((w for w in choices if w.isEnabled()), None)
        if target is not None:
            target.setFocus()

    def ask_for_card(self, lay: Lay) -> None:
        """Ask the player of ``lay``'s character for the card it lays (in the picker, and on
        the felt)."""
        self.message.clear()
        self.pending = lay
        self.refresh()
        QtCore.QTimer.singleShot(0, self.picker.bring_into_view)  # once laid out anew
        if self.picker.cards.isVisible():
            self.picker.cards.setFocus()
        elif self.picker.pass_button.isVisible():
            self.picker.pass_button.setFocus()

    def _on_challenge(self) -> None:
        character = self.challenger.currentData()
        goal = self.goal_edit.text().strip()
        if character is None or not goal:
            self.refuse("Choose the Challenger and state the goal first.")
            return
        target = self.hit_target.currentData()
        self.ask_for_card(Lay(Role.CHALLENGE, character, goal, target=target if target else None))

    def _on_answer(self) -> None:
        character = self.answerer.currentData()
        if character is not None:
            self.ask_for_card(Lay(Role.ANSWER, character, self.intent.text().strip()))

    def _on_support(self) -> None:
        character = self.supporter.currentData()
        side = self.support_side.currentData()
        if character is not None and isinstance(side, Side):
            self.ask_for_card(Lay(Role.SUPPORT, character, side=side))

    def _on_award(self) -> None:
        side = self.award_side.currentData()
        reason = self.award_reason.text().strip() or "circumstances"
        if isinstance(side, Side) and self.apply(
                steps.award(side, self.award_points.value(), reason)):
            self.award_reason.clear()

    def _on_push(self) -> None:
        game = self._game()
        if game is None or game.conflict is None or game.conflict.to_move is None:
            return
        mover = game.conflict.side(game.conflict.to_move).primary
        if mover is not None:
            self.ask_for_card(Lay(Role.PUSH, mover))

    def _on_yield(self) -> None:
        game = self._game()
        if game is None or game.conflict is None or game.conflict.to_move is None:
            return
        mover = game.conflict.side(game.conflict.to_move).primary
        if mover is not None:
            self.pending = None
            self.apply(steps.yield_conflict(mover))

    def _on_card_chosen(self, card_id: str) -> None:
        lay = self.pending
        if lay is None:
            return
        card = None if card_id == TOP_CARD else CardId(card_id)
        action = self._action_for(lay, card)
        self.pending = None
        if self.apply(action):
            if lay.role is Role.CHALLENGE:
                self.goal_edit.clear()
            elif lay.role is Role.ANSWER:
                self.intent.clear()
            self.extras.done(lay)
        else:
            self.pending = lay
            self.refresh()

    def _action_for(self, lay: Lay, card: CardId | None) -> Action:
        """The step that lays ``card`` as ``lay`` asked."""
        action = self.extras.action_for(lay, card)
        if action is None and lay.role is Role.SUPPORT:
            action = steps.support(lay.character, lay.side or Side.CHALLENGE, card)
        elif action is None:
            action = steps.push(lay.character, card)
        return action

    def _on_pass(self) -> None:
        lay = self.pending
        character = self._character(lay.character) if lay is not None else None
        if character is not None:
            self.apply(PassSeat(self.session.state.seat_of(character.player)))

    def _on_cancel(self) -> None:
        self.pending = None
        self.refresh()

    def _on_close(self) -> None:
        if self.ask("Close the Conflict?", CLOSE_QUESTION, "Close the Conflict"):
            self.apply(steps.close())

    def _on_take_draws(self, claim: int, shares: dict[str, int]) -> None:
        self.apply(steps.take_draws(claim, shares or None))

    def _on_replaced(self) -> None:
        self.pending = None
        self.message.clear()
        forget_typing(self)  # the last session's goal is not this one's
        self.refresh()

    def _on_changed(self, changes: Changes) -> None:
        # A card asked for is asked for on the felt too: that follows every change.
        self._in_sight.changed(changes.value, self._asking())


def _zone(game: AdventureGame | None, character: Character) -> str:
    """Where ``character`` lays its cards (a card dragged there is chosen)."""
    if game is not None and character.id in game.characters:
        return game.zone_id(character.id)
    return steps.zone_pile(character)


def make_dock(document: SessionDocument, parent: QtWidgets.QWidget) -> QtWidgets.QDockWidget:
    """The Conflict panel in a dock widget for the main window."""
    return scrolling_dock(ConflictPanel(document), TITLE, DOCK_NAME, parent)


__all__ = ["DOCK_NAME", "TITLE", "ConflictPanel", "Lay", "Role", "make_dock"]
