"""Each row of the authority table, at model level and from the rules (``rules/table.md``):
private things are their owner's alone, even from the GM; a character's decision is its
controller's; the GM's jobs are the GM's, anyone's at a table without one.

At :func:`small_session`'s table Alex plays Roland, Bea plays Ayla, Dana is the GM and plays
Vex; each character has a hand and a pile of its own ("Ayla's cards"). Every refusal's words
are pinned: they are what a player reads.
"""

from __future__ import annotations

import pytest
from session_builders import (
    ALEX,
    AYLA,
    BEA,
    CHALLENGE,
    DANA,
    HAND,
    ROLAND,
    TAROT_DISCARD,
    TAROT_DRAW,
    VEX,
    ZONE,
    small_session,
)

from cardtable.cards import CardId
from cardtable.piles import Pile, PileId, PileKind
from cardtable.session import (
    ANYONE,
    Action,
    AddPlayer,
    AuthorityError,
    CharacterId,
    Decider,
    Draw,
    Flip,
    Move,
    Player,
    PlayerId,
    Session,
    Shuffle,
    Turn,
)
from cardtable.session.authority import (
    card_refusal,
    character_refusal,
    decider_in,
    destination_refusal,
    gm_of,
    gm_refusal,
    is_gm,
    name_of,
    pile_refusal,
    sheet_refusal,
)

EVE = PlayerId("eve")
SEATS = (ALEX, BEA, DANA)


def _may(session: Session, action: Action) -> set[PlayerId]:
    """The seats the model lets take ``action``."""
    return {seat for seat in SEATS if action.refusal(session, seat) is None}


def _deal(session: Session, pile: PileId, count: int = 1, *, face_up: bool = False) -> list[CardId]:
    """The GM deals ``count`` cards from the tarot face down onto ``pile``; with ``face_up``
    the pile's controller (or the GM, for a shared one) flips them. The GM holds it after."""
    session.holder = DANA
    session.apply(Draw(TAROT_DRAW, pile, count))
    cards = list(session.table.piles[pile].cards[-count:])
    if face_up:
        session.holder = session.state.controller(session.table.pile(pile)) or DANA
        for card in cards:
            if not session.table.facing[card].face_up:
                session.apply(Flip(card))
        session.holder = DANA
    assert all(session.table.facing[card].face_up == face_up for card in cards)
    return cards


def _no_gm(session: Session) -> Session:
    """The same table with Dana seated as a player, not the GM."""
    for at, player in enumerate(session.state.players):
        if player.is_gm:
            session.state.players[at] = Player(player.id, player.name, player.colour)
    return session


# -- who is the GM, and what a player is called --------------------------------------------


def test_the_gm_is_the_first_player_marked_gm_and_none_at_a_table_without_one():
    session = small_session()
    assert gm_of(session.state) == DANA
    assert is_gm(session.state, DANA) and not is_gm(session.state, ALEX)
    assert not is_gm(session.state, EVE)  # nobody at the table is nobody's GM
    session.holder = DANA
    session.apply(AddPlayer(Player.named("Eve", "#123456", gm=True, taken=SEATS)))
    assert gm_of(session.state) == DANA  # a second GM marked later does not take over
    assert gm_of(_no_gm(small_session()).state) is None


def test_a_player_is_named_by_name_and_nobody_is_someone():
    state = small_session().state
    assert name_of(state, BEA) == "Bea"
    assert name_of(state, None) == "someone"
    assert name_of(state, EVE) == "someone"


# -- the GM's jobs --------------------------------------------------------------------------


def test_the_gms_jobs_are_refused_to_players_in_the_gms_name():
    state = small_session().state
    assert gm_refusal(state, DANA, "begin a new scene") is None
    for player in (ALEX, BEA):
        assert gm_refusal(state, player, "begin a new scene") == (
            "Only the GM (Dana) may begin a new scene."
        )


def test_at_a_table_without_a_gm_anyone_does_the_gms_jobs():
    state = _no_gm(small_session()).state
    assert all(gm_refusal(state, seat, "begin a new scene") is None for seat in SEATS)


# -- a character's decision, a sheet -----------------------------------------------------


def test_a_characters_decision_is_its_players_alone_not_even_the_gms():
    state = small_session().state
    assert character_refusal(state, BEA, AYLA, "answer") is None
    for other in (ALEX, DANA):
        assert character_refusal(state, other, AYLA, "answer") == (
            "Ayla is Bea's character: only Bea may answer for Ayla."
        )
    assert character_refusal(state, ALEX, CharacterId("gone"), "answer") is None  # no one's


def test_a_sheet_is_its_players_or_the_gms():
    state = small_session().state
    assert sheet_refusal(state, BEA, AYLA) is None
    assert sheet_refusal(state, DANA, AYLA) is None
    assert sheet_refusal(state, ALEX, AYLA) == "Ayla's sheet is Bea's to change (or the GM's)."
    assert sheet_refusal(state, ALEX, CharacterId("gone")) is None


# -- cards in a hand -------------------------------------------------------------------------


def test_a_card_in_a_hand_is_its_players_alone():
    session = small_session()
    card = _deal(session, HAND[AYLA])[0]
    state = session.state
    assert card_refusal(state, BEA, card, "move") is None
    for other in (ALEX, DANA):
        assert card_refusal(state, other, card, "move") == (
            "That card is in Ayla's hand: only Bea may move it."
        )
    assert _may(session, Flip(card)) == {BEA}
    assert _may(session, Shuffle(HAND[AYLA])) == {BEA}
    assert pile_refusal(state, DANA, state.table.pile(HAND[AYLA]), "shuffle") == (
        "Ayla's hand is Bea's alone: only Bea may shuffle it."
    )
    assert _may(session, Draw(HAND[AYLA], TAROT_DISCARD)) == {BEA}


def test_anyone_deals_or_gives_a_card_into_a_hand():
    session = small_session()
    state = session.state
    assert all(
        destination_refusal(state, seat, state.table.pile(HAND[AYLA])) is None for seat in SEATS
    )
    assert _may(session, Draw(TAROT_DRAW, HAND[AYLA])) == set(SEATS)


# -- a character's face-down cards -----------------------------------------------------------


def test_a_face_down_card_laid_by_a_character_is_its_controllers_alone():
    session = small_session()
    card = _deal(session, ZONE[AYLA])[0]
    state = session.state
    assert card_refusal(state, BEA, card, "flip") is None
    for other in (ALEX, DANA):
        assert card_refusal(state, other, card, "flip") == (
            "That face-down card is Ayla's: only Bea may flip it."
        )
    for action in (Flip(card), Turn(card), Move([card], CHALLENGE)):
        assert _may(session, action) == {BEA}


def test_a_characters_face_down_cards_are_shuffled_only_by_their_controller():
    session = small_session()
    _deal(session, ZONE[AYLA], 2)
    zone = session.state.table.pile(ZONE[AYLA])
    refusal = "Ayla's face-down cards are Bea's alone: only Bea may shuffle them."
    assert pile_refusal(session.state, BEA, zone, "shuffle") is None
    assert pile_refusal(session.state, ALEX, zone, "shuffle") == refusal
    assert pile_refusal(session.state, DANA, zone, "shuffle") == refusal  # not even the GM
    assert _may(session, Shuffle(ZONE[AYLA])) == {BEA}
    assert _may(session, Draw(ZONE[AYLA], TAROT_DISCARD)) == {BEA}
    session.holder = DANA
    order = list(zone.cards)
    with pytest.raises(AuthorityError, match=refusal):
        session.apply(Shuffle(ZONE[AYLA]))
    assert session.state.table.pile(ZONE[AYLA]).cards == order


def test_one_face_down_card_among_face_up_ones_keeps_the_pile_its_controllers():
    session = small_session()
    _deal(session, ZONE[VEX], 2, face_up=True)
    _deal(session, ZONE[VEX], 1)
    assert _may(session, Shuffle(ZONE[VEX])) == {DANA}  # the GM's own NPC
    _deal(session, ZONE[ROLAND], 2, face_up=True)
    _deal(session, ZONE[ROLAND], 1)
    assert _may(session, Shuffle(ZONE[ROLAND])) == {ALEX}


# -- a character's face-up cards -------------------------------------------------------------


def test_a_face_up_card_in_a_characters_pile_is_its_controllers_or_the_gms():
    session = small_session()
    card = _deal(session, ZONE[AYLA], face_up=True)[0]
    state = session.state
    assert card_refusal(state, DANA, card, "turn round") is None
    assert card_refusal(state, ALEX, card, "turn round") == (
        "That card is Ayla's: only Bea (or the GM) may turn round it."
    )
    assert _may(session, Turn(card)) == {BEA, DANA}
    assert _may(session, Shuffle(ZONE[AYLA])) == {BEA, DANA}
    assert pile_refusal(state, ALEX, state.table.pile(ZONE[AYLA]), "shuffle") == (
        "That is Ayla's place (Ayla's cards): only Bea (or the GM) may shuffle it."
    )


def test_an_empty_pile_of_a_character_is_its_controllers_or_the_gms():
    session = small_session()
    assert _may(session, Shuffle(ZONE[AYLA])) == {BEA, DANA}


def test_cards_are_laid_in_a_characters_pile_by_its_controller_or_the_gm():
    session = small_session()
    state = session.state
    zone = state.table.pile(ZONE[AYLA])
    assert destination_refusal(state, BEA, zone) is None
    assert destination_refusal(state, DANA, zone) is None
    assert destination_refusal(state, ALEX, zone) == (
        "That is Ayla's place (Ayla's cards): only Bea (or the GM) may lay cards there."
    )
    assert _may(session, Draw(TAROT_DRAW, ZONE[AYLA])) == {BEA, DANA}
    assert destination_refusal(state, BEA, state.table.pile(ZONE[ROLAND])) == (
        "That is Roland's place (Roland's cards): only Alex (or the GM) may lay cards there."
    )
    assert _may(session, Draw(TAROT_DRAW, ZONE[ROLAND])) == {ALEX, DANA}


# -- shared places ---------------------------------------------------------------------------


def test_a_shared_pile_and_its_cards_are_anyones():
    session = small_session()
    card = _deal(session, CHALLENGE, face_up=True)[0]
    state = session.state
    assert all(card_refusal(state, seat, card, "flip") is None for seat in SEATS)
    assert all(
        pile_refusal(state, seat, state.table.pile(TAROT_DRAW), "shuffle") is None for seat in SEATS
    )
    assert all(
        destination_refusal(state, seat, state.table.pile(CHALLENGE)) is None for seat in SEATS
    )
    assert _may(session, Shuffle(TAROT_DRAW)) == set(SEATS)


def test_a_pile_whose_character_left_is_nobodys_to_guard():
    session = small_session()
    stray = Pile(PileId("zone/gone"), PileKind.ZONE, "a stray's cards", owner="gone")
    session.state.table.add_pile(stray)
    assert all(pile_refusal(session.state, seat, stray, "shuffle") is None for seat in SEATS)
    assert all(destination_refusal(session.state, seat, stray) is None for seat in SEATS)


# -- whose decision a step is (Decider) ------------------------------------------------------


def test_a_decider_names_its_owner():
    state = small_session().state
    assert Decider.of(AYLA).owner(state) == BEA
    assert Decider.of(VEX).owner(state) == DANA  # an NPC's: the GM's
    assert Decider.of(CharacterId("gone")).owner(state) is None
    assert Decider.player(BEA).owner(state) == BEA
    assert Decider.player(EVE).owner(state) == EVE  # spending one's own tokens, seated or not
    assert Decider.gm().owner(state) == DANA
    assert Decider.gm().owner(_no_gm(small_session()).state) is None
    assert ANYONE.owner(state) is None
    # A character named beside a player or the GM: the character's player decides.
    assert Decider(character=AYLA, player_id=ALEX).owner(state) == BEA
    assert Decider(character=AYLA, gm_only=True).owner(state) == BEA
    assert Decider(player_id=ALEX, gm_only=True).owner(state) == ALEX


def test_a_decider_refuses_everyone_but_its_owner_in_their_words():
    session = small_session()
    state = session.state
    answer = Decider.of(AYLA, "answer")
    assert [answer.refusal(state, seat) for seat in SEATS] == [
        "Ayla is Bea's character: only Bea may answer for Ayla.",
        None,
        "Ayla is Bea's character: only Bea may answer for Ayla.",
    ]
    spend = Decider.player(BEA, "spend")
    assert [spend.refusal(state, seat) for seat in SEATS] == [
        "That is Bea's to spend: pass the computer to Bea.",
        None,
        "That is Bea's to spend: pass the computer to Bea.",
    ]
    scene = Decider.gm("begin a new scene")
    assert [scene.refusal(state, seat) for seat in SEATS] == [
        "Only the GM (Dana) may begin a new scene.",
        "Only the GM (Dana) may begin a new scene.",
        None,
    ]
    assert [ANYONE.refusal(state, seat) for seat in SEATS] == [None, None, None]
    both = Decider(character=AYLA, player_id=ALEX, doing="answer")
    assert both.refusal(state, ALEX) == "Ayla is Bea's character: only Bea may answer for Ayla."
    assert Decider(player_id=ALEX, gm_only=True).refusal(state, ALEX) is None


def test_a_deciders_words_default_to_deciding():
    state = small_session().state
    assert Decider.of(AYLA).doing == Decider.gm().doing == Decider.player(BEA).doing == "decide"
    assert Decider.player(BEA).refusal(state, ALEX) == (
        "That is Bea's to decide: pass the computer to Bea."
    )
    assert Decider.gm().refusal(state, ALEX) == "Only the GM (Dana) may decide."


def test_a_decider_worked_out_from_the_state_is_asked_of_that_state():
    state = small_session().state
    seen = []

    def rule(asked):
        seen.append(asked)
        return Decider.of(AYLA)

    assert decider_in(rule, state) == Decider.of(AYLA)
    assert seen == [state]
    assert decider_in(Decider.gm(), state) == Decider.gm()


def test_a_seat_named_afresh_is_the_same_player():
    """A seat's id read from a file or a phone's message is another string object with the
    same letters: it is the same player."""
    session = small_session()
    _deal(session, HAND[AYLA])
    _deal(session, ZONE[AYLA])
    bea = PlayerId("".join(["b", "e", "a"]))
    assert bea is not BEA
    state = session.state
    card = state.table.pile(ZONE[AYLA]).cards[0]
    assert card_refusal(state, bea, card, "flip") is None
    assert pile_refusal(state, bea, state.table.pile(HAND[AYLA]), "shuffle") is None
    assert pile_refusal(state, bea, state.table.pile(ZONE[AYLA]), "shuffle") is None
    assert destination_refusal(state, bea, state.table.pile(ZONE[AYLA])) is None
    assert Decider.player(BEA, "spend").refusal(state, bea) is None
    assert Decider.of(AYLA, "answer").refusal(state, bea) is None
