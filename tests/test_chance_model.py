"""Chance nobody can foresee or take back, in the model (issue 38): the GM's take-back and
strike with their refusals, and what a file and a load say of a shuffled pile's order."""

from __future__ import annotations

import json
import re

import pytest
from session_builders import (
    ALEX,
    BEA,
    CHALLENGE,
    DANA,
    HAND,
    ROLAND,
    TAROT_DRAW,
    ZONE,
    small_session,
    take_seat,
)

from cardtable.cards import DeckId
from cardtable.piles import Pile, PileId, PileKind
from cardtable.randomness import seeded
from cardtable.session import (
    AddDeck,
    AddPile,
    AddPlayer,
    AuthorityError,
    ConfirmSeat,
    CurtainError,
    DeckOnTable,
    Draw,
    Move,
    PassSeat,
    Peek,
    Player,
    ResolverStep,
    Session,
    SessionError,
    Shuffle,
)
from cardtable.session.corrections import StrikeRoll, TakeBack
from cardtable.session.dice_history import DiceRequest, history_of, roll_step
from cardtable.session.migrations import migrate
from cardtable.session.saving import from_bytes, to_bytes


def _roll(session: Session, dice: str = "7k5") -> None:
    session.apply(ResolverStep(roll_step(DiceRequest(dice), session.actor_name)))


# -- taking back a draw --------------------------------------------------------------------


def test_the_gm_takes_back_a_draw_the_cards_go_back_and_the_pile_is_shuffled() -> None:
    session = small_session()
    session.apply(Draw(TAROT_DRAW, HAND[ROLAND], 2))
    drawn = list(session.table.pile(HAND[ROLAND]).cards)
    take_seat(session, DANA)
    session.apply(TakeBack())
    draw = session.table.pile(TAROT_DRAW)
    assert not session.table.pile(HAND[ROLAND]).cards
    assert set(drawn) <= set(draw.cards) and len(draw.cards) == 82
    assert session.table.unseen_part(TAROT_DRAW) == 82  # shuffled in, wherever they lie
    assert not any(session.table.facing[card].face_up for card in drawn)
    assert session.log[-1].public == (
        "Dana took back Alex's draw; The Tourist's Tarot: draw pile was shuffled"
    )
    assert session.may(TakeBack()) == "There is no draw to take back."


@pytest.mark.parametrize(
    ("who", "reason"),
    [
        (ALEX, "Only the GM (Dana) may take back a draw."),
        (BEA, "Only the GM (Dana) may take back a draw."),
    ],
)
def test_only_the_gm_takes_back_a_draw(who, reason) -> None:
    session = small_session()
    session.apply(Draw(TAROT_DRAW, HAND[ROLAND]))
    take_seat(session, who)
    assert session.may(TakeBack()) == reason
    with pytest.raises(AuthorityError, match=f"^{re.escape(reason)}$"):
        session.apply(TakeBack())
    assert len(session.table.pile(HAND[ROLAND]).cards) == 1


def test_at_a_table_without_a_gm_anyone_takes_back_a_draw() -> None:
    session = Session(rng=seeded(3))
    session.apply(AddPlayer(Player.named("Ann")))
    session.apply(AddPlayer(Player.named("Ben", taken=[session.players[0].id])))
    session.apply(AddDeck(DeckOnTable(DeckId("tarot"), "tourist-tarot")))
    session.apply(AddPile(Pile(PileId("middle"), PileKind.ZONE, "the middle")))
    session.apply(Draw(TAROT_DRAW, PileId("middle"), face_up=True))
    session.apply(PassSeat(1))
    session.apply(ConfirmSeat(session.players[1].id))
    assert session.may(TakeBack()) is None
    session.apply(TakeBack())
    assert session.log[-1].public == (
        "Ben took back Ann's draw; The Tourist's Tarot: draw pile was shuffled"
    )


def test_a_draw_whose_cards_moved_since_is_not_taken_back_and_no_card_is_named() -> None:
    session = small_session()
    session.apply(Draw(TAROT_DRAW, HAND[ROLAND]))
    [card] = session.table.pile(HAND[ROLAND]).cards
    session.apply(Move((card,), ZONE[ROLAND], face_up=False))
    take_seat(session, DANA)
    reason = "Alex's draw cannot be taken back: its cards have moved since."
    assert session.may(TakeBack()) == reason
    with pytest.raises(AuthorityError, match=f"^{re.escape(reason)}$"):
        session.apply(TakeBack())


def test_nothing_is_taken_back_behind_the_curtain() -> None:
    session = small_session(holder=DANA)
    session.apply(Draw(TAROT_DRAW, CHALLENGE, face_up=True))
    session.apply(PassSeat(2))
    with pytest.raises(CurtainError, match="The curtain is up: Dana must say"):
        session.apply(TakeBack())


def test_there_is_nothing_to_take_back_before_a_draw() -> None:
    session = small_session(holder=DANA)
    assert session.may(TakeBack()) == "There is no draw to take back."
    with pytest.raises(AuthorityError, match=r"^There is no draw to take back\.$"):
        session.apply(TakeBack())


# -- striking a roll -----------------------------------------------------------------------


def test_the_gm_strikes_the_latest_roll_then_the_one_before() -> None:
    session = small_session(holder=BEA)
    _roll(session, "2d6")
    _roll(session, "7k5")
    take_seat(session, DANA)
    session.apply(StrikeRoll())
    history = history_of(session.state)
    assert history is not None
    assert [r.struck_by for r in history.records] == ["", "Dana"]
    assert session.log[-1].public.startswith("Dana struck Bea's roll of 7k5 (")
    assert StrikeRoll.label(session) == "&Strike Bea's roll of 2d6"
    session.apply(StrikeRoll())
    assert [r.struck_by for r in history.records] == ["Dana", "Dana"]
    assert session.may(StrikeRoll()) == "There is no roll to strike."


def test_only_the_gm_strikes_a_roll_and_nobody_rolls_it_again() -> None:
    session = small_session(holder=BEA)
    _roll(session)
    history = history_of(session.state)
    assert history is not None and history.latest is not None
    reason = "Only the GM (Dana) may strike a roll from the record."
    assert session.may(StrikeRoll()) == reason
    with pytest.raises(AuthorityError, match=f"^{re.escape(reason)}$"):
        session.apply(StrikeRoll())
    with pytest.raises(SessionError, match="what it gave stays given"):
        session.undo()


# -- the file and a load -------------------------------------------------------------------


def _draw_pile_in_file(session: Session) -> list[str]:
    doc = json.loads(to_bytes(session))
    [pile] = [p for p in doc["session"]["table"]["piles"] if p["id"] == TAROT_DRAW]
    return pile["cards"]


def test_the_file_writes_a_shuffled_pile_in_a_fixed_order_whatever_chance_chose() -> None:
    session = small_session()
    written = _draw_pile_in_file(session)
    assert written == sorted(written)
    in_memory = list(session.table.pile(TAROT_DRAW).cards)
    session.apply(Shuffle(TAROT_DRAW))
    assert session.table.pile(TAROT_DRAW).cards != in_memory
    assert _draw_pile_in_file(session) == written
    # Which way up each card will come is chance's too: the file does not say.
    doc = json.loads(to_bytes(session))
    assert not set(doc["session"]["table"]["facing"]) & set(written)


def test_each_load_deals_the_shuffled_pile_afresh() -> None:
    raw = to_bytes(small_session())
    tops = {from_bytes(raw, rng=seeded(seed)).table.pile(TAROT_DRAW).top for seed in range(12)}
    assert len(tops) > 6
    back = from_bytes(raw, rng=seeded(1))
    assert to_bytes(back) == raw


def test_a_pile_claiming_more_shuffled_cards_than_it_holds_is_refused() -> None:
    doc = json.loads(to_bytes(small_session()))
    for pile in doc["session"]["table"]["piles"]:
        if pile["id"] == TAROT_DRAW:
            pile["shuffled"] = 500
    with pytest.raises(ValueError, match="counts 500 cards shuffled of the 82 it holds"):
        from_bytes(json.dumps(doc).encode())


def test_an_older_file_s_draw_pile_counts_as_shuffled_up_to_its_first_face_up_card() -> None:
    old = {
        "format_version": 4,
        "session": {
            "table": {
                "piles": [
                    {"id": "d/draw", "kind": "draw", "label": "d", "cards": ["a", "b", "c"]},
                    {"id": "d/discard", "kind": "discard", "label": "d", "cards": ["e"]},
                ],
                "facing": {"c": {"face_up": True}},
            }
        },
    }
    piles = migrate(old)["session"]["table"]["piles"]
    assert [p.get("shuffled") for p in piles] == [2, None]


def test_a_card_dealt_unseen_and_then_peeked_at_is_not_dealt_again() -> None:
    session = small_session()
    top = session.table.pile(TAROT_DRAW).top
    assert top is not None
    session.apply(Move((top,), ZONE[ROLAND], face_up=False))  # no one saw it: undoable
    assert session.can_undo
    session.apply(Peek(top))  # now Alex has: undoing both would deal him another card
    assert not session.can_undo
    assert session.undo_blocked_reason == (
        "Chance was taken since (Alex moved a card face down from The Tourist's Tarot: draw "
        "pile to Roland's cards): what it gave stays given, so undo stops here. To correct a "
        "mistake, the GM (Dana) may take back the draw or strike the roll (Edit menu)."
    )
