"""The inspiration draw (``rules/tourist-tarot.md``, last line): NPC against NPC, one card shown
with its orientation and keywords, logged, then discarded."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot
from session_builders import take_seat
from test_tarot_challenge import REV, new_table, stack
from test_tarot_panel import DISCARD, OTTILIE
from test_tarot_panel import stack as stack_demo

from cardtable.cards import TarotCard
from cardtable.piles import PileId
from cardtable.randomness import seeded
from cardtable.resolvers.tarot.challenge import Attribute, TarotChallengeError
from cardtable.resolvers.tarot.inspiration import inspiration_draw
from cardtable.session import AuthorityError, load
from cardtable.session.demo import demo_path
from cardtable.steps import tarot as tarot_steps
from cardtable.ui.document import SessionDocument
from cardtable.ui.panels.tarot.panel import TarotPanel
from cardtable.ui.qt import Qt


def test_one_card_is_shown_with_its_orientation_and_keywords_then_discarded() -> None:
    table, piles = new_table()
    [card] = stack(table, piles, [("Soldier of Paper", REV)])
    face = table.card(card).face
    assert isinstance(face, TarotCard) and face.upright and face.reversed
    drew = inspiration_draw(table, piles.draw, seeded(0))
    assert (drew.card.card, drew.card.reversed) == (card, True)
    assert (drew.keyword, drew.other_keyword) == (face.reversed, face.upright)
    assert table.where(card) == piles.discard and table.facing[card].face_up
    assert drew.text("Dana") == (
        f'Dana drew the Soldier of Paper, reversed, for inspiration: "{face.reversed}" '
        f'(upright: "{face.upright}"); it goes to the discard pile.'
    )


def test_an_empty_draw_pile_takes_the_discard_pile_back_first() -> None:
    table, piles = new_table()
    everything = list(table.pile(piles.draw).cards)
    table.move(everything, piles.discard, face_up=True)
    drew = inspiration_draw(table, piles.draw, seeded(2))
    assert len(table.pile(piles.draw).cards) == len(everything) - 1
    assert table.pile(piles.discard).cards == [drew.card.card]


def test_every_card_on_the_table_leaves_nothing_to_draw() -> None:
    table, piles = new_table()
    table.move(list(table.pile(piles.draw).cards), piles.challenge_row, face_up=True)
    with pytest.raises(TarotChallengeError, match="Every card of the Tourist's Tarot is on the "
                       "table"):
        inspiration_draw(table, piles.draw, seeded(0))


def test_it_is_the_gms_draw_and_waits_for_a_challenge_to_finish() -> None:
    session = load(demo_path(), rng=seeded(1))
    take_seat(session, session.characters[OTTILIE].player)
    step = tarot_steps.inspiration()
    assert session.may(step) == "Only the GM (Dana) may draw for inspiration."
    with pytest.raises(AuthorityError, match=r"Only the GM \(Dana\) may draw for inspiration"):
        session.apply(step)
    take_seat(session, next(p.id for p in session.players if p.is_gm))
    session.apply(tarot_steps.begin(OTTILIE, Attribute.ROCK, 1))
    with pytest.raises(TarotChallengeError, match="finish it before drawing for inspiration"):
        session.apply(tarot_steps.inspiration())


def test_the_panel_draws_for_inspiration_and_says_what_came(qtbot: QtBot) -> None:
    document = SessionDocument(load(demo_path(), rng=seeded(1)))
    panel = TarotPanel(document)
    qtbot.addWidget(panel)
    panel.show()
    session = document.session
    [card] = stack_demo(session, [("Triumph XII", False)])
    face = session.table.card(card).face
    assert isinstance(face, TarotCard)
    assert panel.inspiration.isEnabled()  # the demo's GM holds the computer
    qtbot.mouseClick(panel.inspiration, Qt.MouseButton.LeftButton)
    said = f'Dana drew Triumph XII, upright, for inspiration: "{face.upright}"'
    assert session.log[-1].public.startswith(said)
    assert panel.inspired.isVisible() and said in panel.inspired.text().replace("&quot;", '"')
    assert session.table.pile(DISCARD).cards[-1] == card
    take_seat(session, session.characters[OTTILIE].player)
    assert not panel.inspiration.isEnabled()
    assert "Only the GM (Dana) may draw for inspiration." in panel.inspiration.toolTip()
    assert session.table.pile(PileId("tarot/discard")).cards[-1] == card
