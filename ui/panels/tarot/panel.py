"""The guided tarot Challenge: a panel that walks the GM and the player through one Challenge.

Set-up (character, Attribute, Rank, the four free texts), then "Challenge draws"; then Draw,
Stop, Play a Sleeve Card or Concede, with Cost, Effect, every Challenge card and what beats it,
and the next card's odds shown live; then the outcome, the Aspect for the sheet, and Finish.

Every button is one session action (:mod:`cardtable.steps.tarot`), so it is logged and
undone like any other; the panel itself decides no rule. Each is someone's decision: setting
the Challenge up is the GM's; drawing, stopping, playing a Sleeve Card and conceding are the
player's whose character faces it. A button is enabled only at that seat (the model's reason
is the tooltip elsewhere), and the panel says "Waiting for Alex (Ottilie Marchbank)" with a
button that passes Alex the computer. The character picker defaults to one of the holder's
characters, or to nobody. It reads the resolver's phase to
enable only the steps the resolver allows, and its numbers to show them.
"""

from __future__ import annotations

from cardtable.cards import CardFace, CardId
from cardtable.counts import counted
from cardtable.resolvers.tarot.challenge import (
    WIPE_OUT_COST,
    Attribute,
    EndReason,
    TarotChallenge,
    TarotNumbers,
    TarotPhase,
    ladder_text,
    rank_label,
)
from cardtable.resolvers.tarot.events import OUTCOME_LABELS
from cardtable.session import Changes, CharacterId, on_screen
from cardtable.sheets.tarot import ATTRIBUTES, TarotSheet
from cardtable.steps import tarot as tarot_steps
from cardtable.ui.art.card_art import TAROT
from cardtable.ui.document import SessionDocument
from cardtable.ui.help.question_mark import rules_button
from cardtable.ui.panels.asking import AskBefore, ask_before
from cardtable.ui.panels.base import EVERY_CHANGE, SessionPanel
from cardtable.ui.panels.card_chips import REVERSED_MARK, ChipRow, card_caption
from cardtable.ui.panels.in_sight import RefreshInSight
from cardtable.ui.panels.owners import WaitingFor, allow_step, decider_of, fill_characters
from cardtable.ui.panels.tarot.views import (
    ChallengeRow,
    OutcomeBox,
    SetupForm,
    effect_text,
    rank_text,
)
from cardtable.ui.qt import Qt, QtWidgets
from cardtable.ui.table.choosing import CardPrompt, card_choice
from cardtable.ui.widgets.style import (
    NumberBox,
    allow,
    button,
    describe,
    escape,
    forget_typing,
    percent,
    repolish,
    scrolling_dock,
    section,
    style_panel,
)

TITLE = "Tarot Challenge"
#: Where the rules page explains each phase of the Challenge.
RULES_STEPS = {
    TarotPhase.SET_UP: "setup",
    TarotPhase.CHALLENGE_DRAWN: "concede",
    TarotPhase.DRAWING: "drawing",
    TarotPhase.ENDED: "outcome",
    TarotPhase.FINISHED: "outcome",
}
SLEEVE_PROMPT = "tarot-sleeve"
#: The phases in which the player draws, and may play a Sleeve Card instead.
DRAWING = (TarotPhase.CHALLENGE_DRAWN, TarotPhase.DRAWING)
SLEEVE_HINT = "A lit Sleeve Card on the table plays at a click (or drag it to the player's row)."
CONCEDE_QUESTION = ("Concede? The Challenge fails (unless its Rank is 0) at no Cost, and the "
                    "character draws a Sleeve Card face up: this cannot be undone.")
#: What the panel says in a session without the tarot deck (a playing-card table, say).
NO_TAROT = ("This session has no Tourist's Tarot on the table, so no tarot Challenge can be "
            "drawn here. Start a session with N-Dimensional Tourists (File > New session) to "
            "play one.")
DOCK_NAME = "tarotChallengeDock"
ODDS = (
    ("beats_more", "beats another", "Chance the next card beats a Challenge card not beaten yet"),
    ("reversed", "reversed", "Chance the next card comes reversed (Cost + 1)"),
    ("excuse", "Excuse", "Chance the next card is the Excuse (drawing stops)"),
    ("wipe_out", "Wipe Out", "Chance the next card brings the Cost to 5: a Wipe Out"),
)
NEXT_STEP = {
    TarotPhase.SET_UP: "The Challenge is about to draw.",
    TarotPhase.CHALLENGE_DRAWN: "{name} draws a card, plays a Sleeve Card, or concedes.",
    TarotPhase.DRAWING: "{name} draws again, plays a Sleeve Card, or stops.",
    TarotPhase.ENDED: "Drawing is over: write an Aspect if you like, then finish.",
    TarotPhase.FINISHED: "The Challenge is finished.",
}
END_WORDS = {
    EndReason.CONCEDED: "conceded",
    EndReason.STOPPED: "stopped drawing",
    EndReason.EXCUSE: "drew the Excuse",
    EndReason.WIPE_OUT: "Wipe Out",
}


def _name(face: CardFace | None, reversed: bool) -> str:
    return card_caption(face, reversed)


class TarotPanel(SessionPanel, QtWidgets.QWidget):
    """The tarot Challenge, step by step, for the session in ``document``."""

    watches = EVERY_CHANGE

    def __init__(self, document: SessionDocument, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(document, parent)
        self.setObjectName("tarotPanel")
        self.setAccessibleName(TITLE)
        style_panel(self, "#3a2c5c", "#b28a2e", "#f6f3fa")
        #: Asked once before conceding, which cannot be undone (a message box; tests too).
        self.ask: AskBefore = lambda title, question, go: ask_before(self, title, question, go)
        self._last_summary = ""
        self._rows: list[ChallengeRow] = []
        #: The Sleeve Cards on the felt are lit while the player may play one: a click plays it.
        self._choice = card_choice(document)
        self._build()
        self._in_sight = RefreshInSight(self, self.refresh)
        self.refresh()

    # -- building -------------------------------------------------------------------------

    def _build(self) -> None:
        title = QtWidgets.QLabel(TITLE, self)
        title.setObjectName("panelTitle")
        rules_button(title, "tarot", self._rules_step, "the tarot Challenge")
        self.status = QtWidgets.QLabel(self)
        self.status.setObjectName("panelStatus")
        self.status.setWordWrap(True)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.setSpacing(6)
        layout.addWidget(title)
        layout.addWidget(self.status)
        self.setup_box = SetupForm(self)
        self._take_setup(self.setup_box)
        self.setup_waiting = WaitingFor(self.document, self.setup_box)
        setup_form = self.setup_box.layout()
        assert isinstance(setup_form, QtWidgets.QFormLayout)
        setup_form.insertRow(setup_form.getWidgetPosition(self.challenge_draws)[0] + 1,
                             self.setup_waiting)
        layout.addWidget(self.setup_box)
        layout.addWidget(self._build_play())
        self.outcome_box = OutcomeBox(self)
        self._take_outcome(self.outcome_box)
        layout.addWidget(self.outcome_box)
        self.message = self.message_line("Tarot Challenge message")
        layout.addWidget(self.message)
        # Packed at the top: the scroll area may be taller than the panel needs.
        layout.setAlignment(Qt.AlignmentFlag.AlignTop)

    def _take_setup(self, form: SetupForm) -> None:
        self.character, self.attribute, self.rank = form.character, form.attribute, form.rank
        self.rank_label, self.texts, self.last = form.rank_label, form.texts, form.last
        self.challenge_draws = form.challenge_draws
        self.inspiration, self.inspired = form.inspiration, form.inspired
        self.inspiration.clicked.connect(self._on_inspiration)
        self.character.currentIndexChanged.connect(self._on_character)
        self.rank.valueChanged.connect(self._on_rank)
        self.challenge_draws.clicked.connect(self._on_challenge_draws)

    def _take_outcome(self, box: OutcomeBox) -> None:
        self.banner, self.details, self.aspect = box.banner, box.details, box.aspect
        self.temporary, self.permanent, self.write = box.temporary, box.permanent, box.write
        self.aspect_note, self.finish = box.aspect_note, box.finish
        self.write.clicked.connect(self._on_write_aspect)
        self.aspect.returnPressed.connect(self._on_write_aspect)  # Enter writes it
        self.finish.clicked.connect(self._on_finish)

    def _build_play(self) -> QtWidgets.QWidget:
        play = QtWidgets.QWidget(self)
        play.setSizePolicy(QtWidgets.QSizePolicy.Policy.Preferred,
                           QtWidgets.QSizePolicy.Policy.Maximum)
        self.play_box = play
        layout = QtWidgets.QVBoxLayout(play)
        layout.setContentsMargins(0, 0, 0, 0)
        self.terms = QtWidgets.QLabel(play)
        self.terms.setWordWrap(True)
        self.terms.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(self.terms)
        numbers = QtWidgets.QHBoxLayout()
        self.cost = NumberBox("Cost", play)
        self.effect = NumberBox("Effect", play)
        numbers.addWidget(self.cost)
        numbers.addWidget(self.effect)
        layout.addLayout(numbers)
        layout.addWidget(section("The Challenge's cards", play))
        self.rows_box = QtWidgets.QVBoxLayout()
        self.rows_box.setSpacing(4)
        layout.addLayout(self.rows_box)
        self.no_challenge_cards = QtWidgets.QLabel("No card: Rank 0, or the Excuse came first",
                                                   play)
        self.no_challenge_cards.setObjectName("emptyNote")
        layout.addWidget(self.no_challenge_cards)
        self.player_title = section("The player's cards", play)
        layout.addWidget(self.player_title)
        self.player_cards = ChipRow(TAROT, play, per_line=4)
        self.player_cards.setAccessibleName("The player's cards")
        layout.addWidget(self.player_cards)
        self.odds_title = section("Next card", play)
        layout.addWidget(self.odds_title)
        odds = QtWidgets.QGridLayout()
        odds.setHorizontalSpacing(12)
        self.odds: dict[str, QtWidgets.QLabel] = {}
        for index, (key, label, tip) in enumerate(ODDS):
            value = QtWidgets.QLabel(play)
            value.setObjectName("oddsValue")
            value.setTextFormat(Qt.TextFormat.RichText)
            value.setToolTip(tip)
            odds.addWidget(value, index // 2, index % 2)
            self.odds[key] = value
            value.setProperty("label", label)
        layout.addLayout(odds)
        self.actions_box = QtWidgets.QWidget(play)
        buttons = QtWidgets.QGridLayout(self.actions_box)
        buttons.setContentsMargins(0, 4, 0, 0)
        self.draw = button("&Draw", "Draw the next card of the deck", play, primary=True)
        self.stop = button("St&op", "Stop drawing and see the outcome", play)
        self.concede = button("&Concede", "Give up before drawing: no Cost, the Challenge fails "
                              "(unless Rank 0), and the character draws a Sleeve Card", play)
        self.sleeve = QtWidgets.QComboBox(play)
        self.sleeve.setAccessibleName("Sleeve Card to play")
        describe(self.sleeve, "The character's Sleeve Cards, kept from conceding: one may be "
                 "played instead of a draw")
        self.play_sleeve = button("Play s&leeve card", "Play the chosen Sleeve Card instead of "
                                  "drawing; it counts as a drawn card, in its orientation", play)
        for widget, slot in ((self.draw, self._on_draw), (self.stop, self._on_stop),
                             (self.concede, self._on_concede),
                             (self.play_sleeve, self._on_play_sleeve)):
            widget.clicked.connect(slot)
        buttons.addWidget(self.draw, 0, 0)
        buttons.addWidget(self.stop, 0, 1)
        buttons.addWidget(self.sleeve, 1, 0)
        buttons.addWidget(self.play_sleeve, 1, 1)
        # Conceding cannot be undone: on a row of its own, away from the buttons pressed
        # while drawing (and it asks first).
        buttons.setRowMinimumHeight(2, 10)
        buttons.addWidget(self.concede, 3, 0)
        self.player_waiting = WaitingFor(self.document, self.actions_box)
        buttons.addWidget(self.player_waiting, 4, 0, 1, 2)
        # Handed the computer from the keyboard, the player finds Draw under their finger.
        self._draw_next = False
        self.player_waiting.pass_button.clicked.connect(self._on_handed_over)
        layout.addWidget(self.actions_box)
        return play

    # -- reading the session --------------------------------------------------------------

    def _rules_step(self) -> str:
        """The rules page's anchor for the step the Challenge is at."""
        challenge = self._challenge()
        phase = challenge.phase if challenge is not None else TarotPhase.SET_UP
        return RULES_STEPS[phase]

    def _challenge(self) -> TarotChallenge | None:
        return tarot_steps.challenge_in_play(self.session.state)

    def _face(self, card: CardId, shown: frozenset[CardId]) -> tuple[CardFace | None, bool]:
        table = self.session.table
        if card not in shown:
            return None, False
        return table.card(card).face, table.facing[card].reversed

    def _sheet(self) -> TarotSheet | None:
        data = self.character.currentData()
        if data is None:
            return None
        character = self.session.characters.get(CharacterId(data))
        return character.sheet if character and isinstance(character.sheet, TarotSheet) else None

    # -- refreshing -----------------------------------------------------------------------

    def refresh(self) -> None:
        challenge = self._challenge()
        if challenge is None or challenge.phase not in DRAWING:
            self._choice.withdraw(SLEEVE_PROMPT)
        self.setup_box.setVisible(challenge is None)
        self.play_box.setVisible(challenge is not None)
        ended = challenge is not None and challenge.phase is TarotPhase.ENDED
        self.outcome_box.setVisible(ended)
        blocked = self.curtain_reason()
        if challenge is None:
            self._refresh_setup(blocked)
            self.status.setText(NO_TAROT if tarot_steps.tarot_deck(self.session.state) is None
                                else "No Challenge in progress: the GM and the player set one "
                                "up.")
            return
        self._refresh_play(challenge, blocked)

    def _refresh_setup(self, blocked: str | None) -> None:
        state = self.session.state
        characters = tarot_steps.tarot_characters(state)
        fill_characters(self.character, self.session,
                        [(c.id, f"{c.name} ({state.player(c.player).name})") for c in characters])
        self._fill_attributes()
        self._on_rank(self.rank.value())
        reason = blocked
        if reason is None and not characters:
            reason = "no character at the table has an N-Dimensional Tourists sheet"
        if reason is None and tarot_steps.tarot_deck(state) is None:
            reason = "the Tourist's Tarot is not on the table"
        chosen = self.character.currentData()
        if reason is None and chosen is None:
            reason = "choose the character who faces the Challenge first"
        probe = tarot_steps.begin(CharacterId(chosen or ""), Attribute.ROCK, 0)
        self.offer(self.challenge_draws, probe, reason, tip="Set the Challenge up and let it "
                   "draw its Rank in cards, face up (the GM's step)", waiting=self.setup_waiting,
                   doing="to set the Challenge up")
        inspire = blocked or self.session.may(tarot_steps.inspiration())
        if inspire is None and tarot_steps.tarot_deck(state) is None:
            inspire = "the Tourist's Tarot is not on the table"
        allow(self.inspiration, inspire, "NPC against NPC needs no rule: one card from the "
              "deck, shown with its orientation and keywords, logged, then discarded (the GM's "
              "draw)")
        self.last.setText(self._last_summary)
        self.last.setVisible(bool(self._last_summary))

    def _fill_attributes(self) -> None:
        sheet = self._sheet()
        chosen = self.attribute.currentData()
        self.attribute.blockSignals(True)
        self.attribute.clear()
        for which in ATTRIBUTES:
            if sheet is None:
                self.attribute.addItem(which.value, which)
            else:
                value = sheet.attribute(which)
                self.attribute.addItem(f"{which.value} {value} ({rank_label(value)})", which)
        index = self.attribute.findData(chosen)
        self.attribute.setCurrentIndex(max(0, index))
        self.attribute.blockSignals(False)

    def _refresh_play(self, challenge: TarotChallenge, blocked: str | None) -> None:
        session = self.session
        table = session.table
        shown = on_screen(session)
        who = tarot_steps.challenger(session.state, challenge)
        name = who.name if who is not None else "The player"
        terms = challenge.terms
        numbers = challenge.numbers(table)
        status = NEXT_STEP[challenge.phase].format(name=name)
        self.status.setText(status)
        self.actions_box.setVisible(challenge.phase is not TarotPhase.ENDED)
        lines = [f"<b>{name}</b> · {terms.attribute.value} {terms.attribute_value} "
                 f"({rank_label(terms.attribute_value)}) against Rank {terms.rank} "
                 f"({rank_label(terms.rank)})"]
        for label, text in (("Objective", terms.objective), ("Means", terms.means),
                            ("Reach", terms.reach), ("Risk", terms.risk)):
            if text:
                lines.append(f"<i>{label}:</i> {escape(text)}")
        self.terms.setText("<br>".join(lines))
        self._show_numbers(challenge, numbers)
        self._show_rows(numbers, shown)
        self.player_title.setText(f"{name}'s cards")
        played = []
        for placed in challenge.player:
            face, rev = self._face(placed.card, shown)
            played.append((face, rev, "from the sleeve" if placed.from_sleeve else ""))
        self.player_cards.set_cards(played, "No card drawn yet")
        self._show_odds(numbers)
        self._allow_steps(challenge, numbers, shown, blocked)
        if self._choice.choosable() & {str(c) for c in tarot_steps.sleeve_cards(
                session.state, challenge)}:
            self.status.setText(f"{status} {SLEEVE_HINT}")  # lit once offered, just above
        if challenge.phase is TarotPhase.ENDED:
            self._show_outcome(challenge, name, blocked)

    def _show_numbers(self, challenge: TarotChallenge, numbers: TarotNumbers) -> None:
        tip = "Cost: minus the Attribute, plus one per reversed card; 5 is a Wipe Out"
        if challenge.phase is TarotPhase.ENDED:
            outcome = challenge.outcome(self.session.table)
            label = OUTCOME_LABELS.get(outcome.cost, "no Cost")
            label += ", Wipe Out" if outcome.wipe_out else ""
            if outcome.conceded:
                label = "no Cost: conceded"
            elif outcome.raw_cost != outcome.cost:
                tip += f" (reported capped: {outcome.raw_cost} before the cap)"
            self.cost.set_number(outcome.cost, label, tip)
        elif numbers.cost >= WIPE_OUT_COST:
            # Nothing is lost yet: conceding costs nothing; any draw would end in a Wipe Out.
            label = "any draw now Wipes Out; conceding costs nothing" if not challenge.drew \
                else "Wipe Out"
            self.cost.set_number(numbers.cost, label, tip)
        else:
            self.cost.set_number(numbers.cost, OUTCOME_LABELS.get(numbers.cost, "no Cost yet"),
                                 tip)
        effect_label = OUTCOME_LABELS.get(numbers.effect, "")
        self.effect.set_number(numbers.effect, effect_label,
                               "Effect: the most cards on the table sharing one figure")

    def _show_rows(self, numbers: TarotNumbers, shown: frozenset[CardId]) -> None:
        while len(self._rows) < len(numbers.beaten):
            row = ChallengeRow(self.play_box)
            self.rows_box.addWidget(row)
            self._rows.append(row)
        for row, entry in zip(self._rows, numbers.beaten, strict=False):
            face, rev = self._face(entry.card, shown)
            by = [_name(*self._face(card, shown)) for card in entry.by]
            row.show_card(face, rev, by)
        for index, row in enumerate(self._rows):
            row.setVisible(index < len(numbers.beaten))
        self.no_challenge_cards.setVisible(not numbers.beaten)

    def _show_odds(self, numbers: TarotNumbers) -> None:
        odds = numbers.odds
        self.odds_title.setVisible(odds is not None)
        for key, value in self.odds.items():
            value.setVisible(odds is not None)
            if odds is not None:
                chance = getattr(odds, key)
                words = f"{value.property('label')}: {percent(chance)}"
                value.setText(f"{value.property('label')}: <b>{percent(chance)}</b>")
                value.setAccessibleName(words)
        if odds is not None:
            self.odds_title.setText(f"Next card ({counted(odds.unseen, 'card')} unseen)")

    def _allow_steps(
        self, challenge: TarotChallenge, numbers: TarotNumbers, shown: frozenset[CardId],
        blocked: str | None,
    ) -> None:
        phase = challenge.phase
        drawing = phase in DRAWING
        over = None if drawing else "drawing is over"
        session = self.session
        draw = blocked or over or (None if numbers.odds is not None else "the deck is empty")
        allow_step(self.draw, session, tarot_steps.draw(), "Draw the next card of the deck",
                   draw)
        stop = blocked or over or (
            "nothing drawn yet: draw, or concede" if phase is TarotPhase.CHALLENGE_DRAWN else None)
        allow_step(self.stop, session, tarot_steps.stop(), "Stop drawing and see the outcome",
                   stop)
        concede = blocked or over or (
            "cards have been drawn already" if phase is TarotPhase.DRAWING else None)
        allow_step(self.concede, session, tarot_steps.concede(), "Give up before drawing: no "
                   "Cost, the Challenge fails (unless Rank 0), and the character draws a "
                   "Sleeve Card", concede)
        self.player_waiting.show_for(decider_of(session, tarot_steps.draw()) if drawing
                                     else None, "to draw, stop or concede")
        if self._draw_next and self.draw.isEnabled():
            self._draw_next = False
            self.draw.setFocus()
        sleeve = tarot_steps.sleeve_cards(self.session.state, challenge)
        chosen = self.sleeve.currentData()
        self.sleeve.clear()
        for card in sleeve:
            face, rev = self._face(card, shown)
            self.sleeve.addItem(_name(face, rev), card)
        self.sleeve.setCurrentIndex(max(0, self.sleeve.findData(chosen)))
        reason = blocked or over
        if reason is None and not challenge.terms.allow_sleeve_cards:
            reason = "this table plays without Sleeve Cards"
        if reason is None and not sleeve:
            reason = "the character has no Sleeve Card"
        self._offer_sleeve(challenge, sleeve if reason is None else [])
        reason = allow_step(self.play_sleeve, session,
                            tarot_steps.play_sleeve(CardId(self.sleeve.currentData() or "")),
                            "Play the chosen Sleeve Card instead of drawing; it counts as a "
                            "drawn card, in its orientation", reason)
        self.sleeve.setEnabled(reason is None)

    def _offer_sleeve(self, challenge: TarotChallenge, sleeve: list[CardId]) -> None:
        """Offer the Sleeve Cards on the felt: a click on one (or a drag to the player's row)
        plays it, at the seat of the player facing the Challenge."""
        decider = decider_of(self.session, tarot_steps.play_sleeve(CardId("")))
        owner = decider.owner(self.session.state) if decider is not None else None
        if not sleeve or owner is None:
            self._choice.withdraw(SLEEVE_PROMPT)
            return
        self._choice.offer(CardPrompt(
            SLEEVE_PROMPT, owner, frozenset(sleeve), self._play_sleeve_card,
            tarot_steps.play_sleeve, challenge.piles.player_row, "Play a Sleeve Card"))

    def _play_sleeve_card(self, card: CardId) -> None:
        self.sleeve.setCurrentIndex(max(0, self.sleeve.findData(card)))
        self.apply(tarot_steps.play_sleeve(card))

    def _show_outcome(self, challenge: TarotChallenge, name: str, blocked: str | None) -> None:
        outcome = challenge.outcome(self.session.table)
        self.banner.setText("Success" if outcome.success else "Failure")
        self.banner.setProperty("result", "success" if outcome.success else "failure")
        repolish(self.banner)
        self.banner.setAccessibleName(f"Outcome: {self.banner.text()}")
        parts = [f"Effect {effect_text(outcome.effect)}" if outcome.effect else "No Effect",
                 "No Cost" if outcome.cost == 0 else f"Cost {ladder_text(outcome.cost)}"]
        why = END_WORDS[outcome.end]
        if outcome.wipe_out:
            why = "drew the Excuse at Cost 5: a Wipe Out" if outcome.end is EndReason.EXCUSE \
                else "was wiped out (Cost 5)"
        details = f"<b>{' · '.join(parts)}</b><br>{name} {why}."
        shown = on_screen(self.session)
        unbeaten = [_name(*self._face(entry.card, shown)) for entry in outcome.beaten
                    if not entry.by]
        if unbeaten and not outcome.conceded:
            details += "<br>Not beaten: " + ", ".join(unbeaten)
        if outcome.sleeve_card is not None:
            card = outcome.sleeve_card
            kept = _name(self._sleeve_face(card.card), card.reversed)
            details += f"<br>Sleeve Card kept: {kept}"
        self.details.setText(details)
        try:
            aspect = tarot_steps.write_aspect(self.session.state, "an Aspect", False)
        except ValueError:
            aspect = None  # the sheet itself refuses: the click will say why
        allow_step(self.write, self.session, aspect, "Add the Aspect to the character sheet",
                   blocked)
        allow(self.finish, blocked, "Put every card of the Challenge on the discard pile and "
              "end it")

    def _sleeve_face(self, card: CardId) -> CardFace | None:
        return self._face(card, on_screen(self.session))[0]

    def odds_texts(self) -> dict[str, str]:
        """The odds as shown ("beats another: 42%"), by resolver field name."""
        return {key: label.accessibleName() for key, label in self.odds.items()
                if not label.isHidden()}

    def challenge_rows(self) -> list[str]:
        """Each Challenge card as shown: "Soldier of Paper ↺: beaten by Triumph IV"."""
        return [row.accessibleName() for row in self._rows if not row.isHidden()]

    # -- acting ---------------------------------------------------------------------------

    def _on_challenge_draws(self) -> None:
        data = self.character.currentData()
        which = self.attribute.currentData()
        if data is None or not isinstance(which, Attribute):
            self.refuse("Choose the character and the Attribute first.")
            return
        texts = {key: edit.text() for key, edit in self.texts.items()}
        action = tarot_steps.begin(CharacterId(data), which, self.rank.value(), **texts)
        if self.apply(action):
            for edit in self.texts.values():
                edit.clear()
            self.aspect.clear()
            self.aspect_note.clear()
            self._focus_draw()

    def _focus_draw(self) -> None:
        """Draw takes the focus; while it is another player's, the button that passes them
        the computer does, and Draw takes it once they hold it."""
        if self.draw.isEnabled():
            self.draw.setFocus()
        elif self.player_waiting.isVisible():
            self.player_waiting.pass_button.setFocus()

    def _on_handed_over(self) -> None:
        self._draw_next = True

    def _on_inspiration(self) -> None:
        if self.apply(tarot_steps.inspiration()):
            entry = self.session.log[-1]
            self.inspired.setText(f"<b>Inspiration</b>: {escape(entry.public)}")
            self.inspired.show()

    def _on_draw(self) -> None:
        self.apply(tarot_steps.draw())

    def _on_stop(self) -> None:
        if self.apply(tarot_steps.stop()):
            self.aspect.setFocus()

    def _on_concede(self) -> None:
        if not self.ask("Concede the Challenge?", CONCEDE_QUESTION, "Concede"):
            return
        if self.apply(tarot_steps.concede()):
            self.aspect.setFocus()

    def _on_play_sleeve(self) -> None:
        card = self.sleeve.currentData()
        if card is None:
            self.refuse("The character has no Sleeve Card to play.")
            return
        self.apply(tarot_steps.play_sleeve(CardId(card)))

    def _on_write_aspect(self) -> None:
        try:
            action = tarot_steps.write_aspect(
                self.session.state, self.aspect.text(), self.permanent.isChecked())
        except ValueError as exc:
            self.refuse(str(exc))
            return
        if self.apply(action):
            kind = "permanent" if self.permanent.isChecked() else "temporary"
            self.aspect_note.setText(f"Written on the sheet ({kind}): {self.aspect.text().strip()}")
            self.aspect.clear()
            self.finish.setFocus()  # the step left

    def _on_finish(self) -> None:
        challenge = self._challenge()
        who = challenge and tarot_steps.challenger(self.session.state, challenge)
        summary = ""
        if challenge is not None and challenge.phase is TarotPhase.ENDED:
            outcome = challenge.outcome(self.session.table)
            summary = "Last Challenge: " + outcome.text(who.name if who else "the player")
        if self.apply(tarot_steps.finish()):
            self._last_summary = summary
            self.aspect_note.clear()
            self.refresh()
            self.character.setFocus()

    # -- signals --------------------------------------------------------------------------

    def _on_changed(self, changes: Changes) -> None:
        # While the challenge is drawing, the Sleeve Cards are offered on the felt: that
        # offer follows every change, whether the panel is in sight or not.
        challenge = self._challenge()
        drawing = challenge is not None and challenge.phase in DRAWING
        if not drawing:
            self._choice.withdraw(SLEEVE_PROMPT)
        self._in_sight.changed(changes.value, now=drawing)

    def _on_replaced(self) -> None:
        self._last_summary = ""
        self.inspired.hide()
        self.message.clear()
        forget_typing(self)
        self.aspect_note.clear()
        self.refresh()

    def _on_character(self, _index: int) -> None:
        self.refresh()

    def _on_rank(self, value: int) -> None:
        self.rank_label.setText(rank_text(value))
        self.rank.setAccessibleDescription(rank_text(value))


def make_dock(document: SessionDocument, parent: QtWidgets.QWidget) -> QtWidgets.QDockWidget:
    """The tarot Challenge panel in a dock widget for the main window."""
    panel = TarotPanel(document)
    dock = scrolling_dock(panel, TITLE, DOCK_NAME, parent)
    return dock


__all__ = ["DOCK_NAME", "REVERSED_MARK", "TITLE", "TarotPanel", "make_dock", "rank_text"]
