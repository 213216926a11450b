"""The privacy property of the public table: over random play in a session of all five systems,
with random seat passes and the curtain up and down, the public table carries and paints only
what everyone may see.

The play is :class:`test_privacy_property.ModelPrivacy`'s (felt gestures, passes, undo, the
tarot Challenge and the Fantastical Adventure Conflict, asked for by whoever holds the
computer), with dice added: rolls at the tray, and the GM's sealed rolls and their reveals.
After every step:

- the model: :func:`~cardtable.public.public_view` carries exactly the faces
  :func:`~cardtable.session.visibility.public_cards` names, whoever holds the computer; no word
  of it names a card the table has not seen; a sealed roll comes with no numbers;
- the window: every face the public window paints is public now, and no word it shows
  (labels, tooltips, accessible names and descriptions) names a card the table has not seen.
"""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import invariant, rule, run_state_machine_as_test
from pytestqt.qtbot import QtBot
from screen_privacy import leaked, shown_widgets, widget_texts
from test_privacy_property import ModelPrivacy

from cardtable.cards import CardFace
from cardtable.public import public_view
from cardtable.session import ConfirmSeat, ResolverStep
from cardtable.session.authority import ANYONE, gm_of
from cardtable.session.dice_history import DiceRequest, roll_step
from cardtable.session.sealed_rolls import RevealSealed, RollSealed, sealed_of
from cardtable.session.visibility import public_cards
from cardtable.ui.art import card_art
from cardtable.ui.document import SessionDocument
from cardtable.ui.public.window import PublicTable

#: Dice the tray rolls in these games: exploding tens, Banzai pools, crisis dice.
DICE = st.sampled_from(["3k2", "5k3", "2d6", "1d10"])


class PublicPrivacy(ModelPrivacy):
    """Random play as :class:`ModelPrivacy` plays it, and dice, with the public table watching."""

    window: PublicTable
    painted: list[CardFace]

    @rule(dice=DICE, sealed=st.booleans())
    def roll(self, dice: str, sealed: bool) -> None:
        if sealed:
            gm = gm_of(self.session.state)
            if gm is not None:  # the GM rolls behind the screen, at the laptop
                self._try(ConfirmSeat(gm))
            self._try(RollSealed(DiceRequest(dice)))
        else:
            self._try(ResolverStep(roll_step(DiceRequest(dice), "Bob"), decider=ANYONE))

    @rule()
    def reveal_sealed(self) -> None:
        with contextlib.suppress(ValueError):
            self._try(RevealSealed())

    @invariant()
    def the_public_table_shows_only_public_things(self) -> None:
        session, oracle = self.session, self.oracle
        view = public_view(session)
        assert view.shown_cards() == public_cards(session.state)
        unseen = oracle.hidden_from(oracle.public)
        assert not leaked(view.words(), unseen), "the public view names a card not shown"
        sealed = sealed_of(session.state)
        shut = [roll for roll in view.rolls if roll.sealed]
        assert len(shut) == min(len(sealed.rolls) if sealed else 0, len(view.rolls))
        assert all(roll.verdict == roll.dice == "" for roll in shut)
        window = self.window
        if window.document.session is not session:
            window.document.replace(session)
        window.refresh()
        self.painted.clear()
        window.felt.grab()
        faces = {session.table.card(card).face for card in public_cards(session.state)}
        wrong = [face.name for face in self.painted if face not in faces]
        assert not wrong, f"the public window painted {wrong}"
        words = [text for widget in shown_widgets(window) for text in widget_texts(widget)]
        found = leaked(words, unseen)
        assert not found, f"the public window names {found}"


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_the_public_table_never_shows_what_the_room_may_not_see(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = PublicTable(SessionDocument())
    qtbot.addWidget(window)
    window.resize(960, 540)
    window.show()
    painted: list[CardFace] = []
    real = card_art.face_pixmap

    def watched(face: CardFace, *args: object, **kwargs: object) -> object:
        painted.append(face)
        return real(face, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(card_art, "face_pixmap", watched)
    PublicPrivacy.window, PublicPrivacy.painted = window, painted
    run_state_machine_as_test(
        PublicPrivacy,
        settings=settings(
            max_examples=10,
            stateful_step_count=20,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow],
        ),
    )
