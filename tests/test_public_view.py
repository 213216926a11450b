"""The public table's model (:func:`cardtable.public.public_view`): drawn for no seat.

The laptop's screen shows what the seat holding it may see (:func:`on_screen`); the public
table shows only what everyone may see, whoever holds the laptop, GM included, curtain up or
down: no hand's face, no peeked face, no sealed roll's numbers.
"""

from __future__ import annotations

from seat_rig import BOB, GINA, HAND, OGRE, ZONE, take_seat, three_seats

from cardtable.public import public_view
from cardtable.public.view import LOG_LINES
from cardtable.session import Move, PassSeat, Peek, ResolverStep, Turn, on_screen
from cardtable.session.authority import ANYONE
from cardtable.session.dice_history import DiceRequest, roll_step
from cardtable.session.sealed_rolls import RevealSealed, RollSealed
from cardtable.steps.adventure import conflict as conflict_steps


def test_the_holders_own_hand_and_peeked_card_stay_backs_on_the_public_table() -> None:
    session = three_seats(4)
    take_seat(session, GINA)
    hand = session.table.piles[HAND[OGRE]].cards
    laid = hand[0]
    session.apply(Move((laid,), ZONE[OGRE], face_up=False))
    session.apply(Peek(laid))
    seen_by_gina = on_screen(session)
    assert laid in seen_by_gina and set(hand[1:]) <= seen_by_gina
    view = public_view(session)
    assert not view.shown_cards()
    piles = {pile.label: pile for pile in view.piles}
    assert [card.face for card in piles["Ogre's face-down cards"].cards] == [None]
    assert all(card.face is None and card.card is None for card in piles["Ogre's hand"].cards)


def test_a_card_laid_face_up_shows_with_its_way_up() -> None:
    session = three_seats(4)
    take_seat(session, GINA)
    card = session.table.piles[HAND[OGRE]].cards[0]
    session.apply(Move((card,), ZONE[OGRE], face_up=True))
    session.apply(Turn(card))
    view = public_view(session)
    assert view.shown_cards() == {card}
    (shown,) = [c for pile in view.piles for c in pile.shown]
    assert shown.reversed and shown.face == session.table.card(card).face
    assert shown.index and shown.name in " ".join(view.words())


def test_the_curtain_and_the_seat_change_nothing_on_the_public_table() -> None:
    session = three_seats(4)
    take_seat(session, GINA)
    card = session.table.piles[HAND[OGRE]].cards[0]
    session.apply(Move((card,), ZONE[OGRE], face_up=True))
    gina = public_view(session)
    session.apply(PassSeat(1))
    assert session.curtain == BOB
    curtain = public_view(session)
    assert curtain.piles == gina.piles and curtain.log[:-1] == gina.log[1:]  # one line more
    assert curtain.waiting[-1] == "The curtain is up"


def test_a_sealed_roll_shows_as_sealed_to_the_room_while_the_gm_holds_the_laptop() -> None:
    session = three_seats(4)
    take_seat(session, GINA)  # the GM, curtain down: the laptop shows her the numbers
    session.apply(RollSealed(DiceRequest("2d6")))
    (sealed,) = public_view(session).rolls
    assert sealed.sealed and sealed.verdict == "" and sealed.dice == ""
    assert sealed.heading == "Gina (GM) rolled 2d6"
    assert all("(sealed):" not in line for line in public_view(session).log)
    session.apply(RevealSealed())
    (shown,) = public_view(session).rolls
    assert not shown.sealed and shown.verdict and shown.dice.startswith("[")


def test_dice_show_their_chains_of_tens() -> None:
    session = three_seats(4)
    from cardtable.randomness import seeded

    session.rng = seeded(3)  # 3k2: [4] [10→9=19] [3]
    session.apply(ResolverStep(roll_step(DiceRequest("3k2", tn=15), "Bob"), decider=ANYONE))
    (roll,) = public_view(session).rolls
    assert roll.heading == "Bob rolled 3k2 vs TN 15"
    assert roll.verdict == "23, success"
    assert roll.dice == "[4] [10→9=19] [3]; kept 19 4"


def test_a_conflict_and_the_tokens_are_on_the_public_table() -> None:
    session = three_seats(4)
    take_seat(session, GINA)
    card = session.table.piles[HAND[OGRE]].cards[0]
    session.apply(conflict_steps.issue_challenge(OGRE, "to take the bridge", card))
    view = public_view(session)
    assert view.challenges == ("Conflict: Ogre challenges, “to take the bridge” (challenged)",)
    assert "Waiting for an Answer to Ogre" in view.waiting
    assert [(t.player, t.applause, t.author) for t in view.tokens] == [
        ("Gina", 10, 0),
        ("Bob", 10, 0),
        ("Alice", 10, 0),
    ]
    # The Challenge's card lies face down: the room sees a back, and the log's public text.
    assert card not in view.shown_cards()
    assert len(view.log) == LOG_LINES
    assert view.log[-1] == session.log[len(session.log) - 1].seen_by_all
