"""The Identify Check box of the Adventure play panel: the threat, the hidden card, the claims.

A player introduces a vague threat and the top card of the draw pile goes face down; then
characters claim, each playing a higher card face up and saying what the thing is; the
reveal settles it (:mod:`cardtable.resolvers.adventure.identify`). A claim is its claimant's
player's decision: "Claim…" is enabled only at their seat, and elsewhere the box waits for
them ("Waiting for Bea (Bartholomew Quince) to claim", with a button that passes Bea the
computer); the claimant picker defaults to the holder's own character, or to nobody. The box
only shows and holds its controls; :mod:`cardtable.ui.panels.adventure.play.panel` acts on
them and asks the claimant's player for the card. Cards are named as
:func:`~cardtable.session.on_screen` allows (claims are face up; the hidden card is not).
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.cards import CardId
from cardtable.piles import PileId
from cardtable.resolvers.adventure.game import AdventureGame
from cardtable.resolvers.adventure.identify import IDENTIFY_PILE
from cardtable.session import Session, on_screen
from cardtable.steps.adventure import play as steps
from cardtable.ui.art.card_art import PLAYING
from cardtable.ui.panels.adventure.play.forms import fill_choices
from cardtable.ui.panels.card_chips import ChipRow, card_caption
from cardtable.ui.panels.owners import WaitingFor, allow_step, decider_of, fill_characters
from cardtable.ui.qt import Qt, QtWidgets
from cardtable.ui.widgets.style import allow, button, enter_presses, escape
from cardtable.ui.widgets.style import combo as _combo
from cardtable.ui.widgets.style import line_edit as _line

INTRO = ("A vague threat? Its introducer lays the top card of the draw pile face down; the "
         "characters then say what it is, each with a higher card.")


class IdentifyBox(QtWidgets.QGroupBox):
    """Start an Identify Check, or follow the one in progress."""

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__("Identify Check", parent)
        form = self.form = QtWidgets.QFormLayout(self)
        self.text = QtWidgets.QLabel(self)
        self.text.setTextFormat(Qt.TextFormat.RichText)
        self.text.setWordWrap(True)
        form.addRow(self.text)
        self.cards = ChipRow(PLAYING, self, per_line=5, width=44)
        form.addRow(self.cards)
        self.introducer = _combo("Introducer", "The player who introduced the vague threat",
                                 self)
        self.threat = _line("Threat", "a shape in the fog, a rumour…", self)
        self.start = button("Lay the hi&dden card", "The top card of the draw pile goes face "
                            "down for the threat", self, primary=True)
        form.addRow("Introduced by", self.introducer)
        form.addRow("Threat", self.threat)
        form.addRow(self.start)
        self.claimer = _combo("Claimant", "A character who says what the thing is", self)
        self.claim_what = _line("What it is", "what the character says it is", self)
        self.claim = button("&Claim…", "Play a higher card face up and name the thing", self)
        self.reveal = button("&Reveal the hidden card", "Settle what the thing is", self,
                             primary=True)
        enter_presses(self.threat, self.start)
        enter_presses(self.claim_what, self.claim)
        form.addRow("Claimant", self.claimer)
        self._claim_row = QtWidgets.QHBoxLayout()
        self._claim_row.addWidget(self.claim_what, 1)
        self._claim_row.addWidget(self.claim)
        form.addRow("Says it is", self._claim_row)
        form.addRow(self.reveal)
        #: Whom a claim waits for (the panel gives it its document and places it).
        self.waiting: WaitingFor | None = None

    def show_check(self, session: Session, game: AdventureGame | None,
                   claimants: Sequence[tuple[str, str]], blocked: str | None) -> None:
        """Show the check in progress (or the form to start one); ``claimants`` are the
        characters with a hand, as (id, name)."""
        check = game.identify if game is not None else None
        state = session.state
        for widget in (self.introducer, self.threat, self.start):
            self.form.setRowVisible(widget, check is None)
        for widget in (self.claimer, self.reveal, self.cards):
            self.form.setRowVisible(widget, check is not None)
        self.form.setRowVisible(self._claim_row, check is not None)
        if check is None or game is None:
            self.text.setText(INTRO)
            players = [(p.id, p.name) for p in state.players]
            gm = next((p.id for p in state.players if p.is_gm), None)
            fill_choices(self.introducer, players, gm)
            allow(self.start, blocked, self.start.accessibleDescription())
            if self.waiting is not None:
                self.waiting.show_for(None)
            return
        introducer = game.player(check.introducer).name
        lines = [f"<b>{escape(introducer)}</b> introduced “{escape(check.threat)}” and laid the "
                 "hidden card."]
        shown = on_screen(session)
        for claim in check.claims:
            face = state.table.card(claim.card).face if claim.card in shown else None
            lines.append(f"{escape(game.name(claim.character))} played the "
                         f"{escape(card_caption(face))}: “{escape(claim.what)}”")
        if check.claims:
            lines.append("<i>The next claim needs a higher card.</i>")
        self.text.setText("<br>".join(lines))
        pile = state.table.piles.get(PileId(IDENTIFY_PILE))
        chips = [(state.table.card(c).face if c in shown else None, False,
                  "hidden" if c == check.hidden else "")
                 for c in (pile.cards if pile is not None else [])]
        self.cards.set_cards(chips, "")
        fill_characters(self.claimer, session, claimants)
        claimant = self.claimer.currentData()
        probe = steps.identify_claim(claimant, CardId(""), "") if claimant else None
        allow_step(self.claim, session, probe, self.claim.accessibleDescription(),
                   blocked or (None if claimants else "no character can claim") or (
                       None if claimant else "choose who claims first"))
        if self.waiting is not None:
            self.waiting.show_for(decider_of(session, probe), "to claim")
        allow_step(self.reveal, session, steps.reveal_identify(),
                   self.reveal.accessibleDescription(), blocked)


__all__ = ["IdentifyBox"]
