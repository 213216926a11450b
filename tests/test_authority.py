"""Seat authority: the seat holding the computer asks, and the session refuses what is not theirs.

At the table of :func:`small_session`: Alex plays Roland, Bea plays Ayla, Dana is the GM and
plays Vex (an NPC). Each character has a hand and a zone of its own.
"""

from __future__ import annotations

import pytest
from attrs import evolve
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
    ZONE,
    small_session,
    take_seat,
)

from cardtable.piles import Pile, PileId, PileKind, Spot
from cardtable.session import (
    AddCharacter,
    AddDeck,
    AddPile,
    AuthorityError,
    ChangeScene,
    Character,
    CharacterId,
    Decider,
    DeckOnTable,
    Draw,
    EditSheet,
    Flip,
    Move,
    Note,
    Peek,
    ResolverStep,
    Reveal,
    SetOption,
    Shuffle,
    Turn,
    UndoError,
    log_text_for,
)
from cardtable.session.arranging import Place
from cardtable.session.authority import gm_of
from cardtable.sheets import blank


def _dealt_face_down(session, pile) -> str:
    """The GM deals one face-down card onto ``pile``; returns its id (the seat stays Dana's)."""
    take_seat(session, DANA)
    session.apply(Draw(TAROT_DRAW, pile))
    return session.table.piles[pile].top


def test_a_face_down_card_is_flipped_only_by_whoever_laid_it():
    session = small_session(holder=DANA)
    card = _dealt_face_down(session, ZONE[AYLA])
    take_seat(session, ALEX)
    with pytest.raises(AuthorityError, match="That face-down card is Ayla's: only Bea may flip it"):
        session.apply(Flip(card))
    assert not session.table.facing[card].face_up
    assert not any("flipped" in entry.public for entry in session.log)
    take_seat(session, BEA)
    session.apply(Flip(card))
    assert session.table.facing[card].face_up
    # A flip is "flipped ... face up"; "turned" is kept for turning a card round.
    assert session.log[-1].public.startswith("Bea flipped ")
    assert session.log[-1].public.endswith(" face up on Ayla's cards")
    assert "turned" not in session.log[-1].public


def test_not_even_the_gm_flips_turns_or_moves_a_players_face_down_card():
    session = small_session(holder=DANA)
    card = _dealt_face_down(session, ZONE[ROLAND])
    for action, verb in (
        (Flip(card), "flip"),
        (Turn(card), "turn round"),
        (Move([card], CHALLENGE), "move"),
        (Reveal([card]), "reveal"),
    ):
        with pytest.raises(AuthorityError, match=f"only Alex may {verb} it"):
            session.apply(action)
    with pytest.raises(ValueError, match="Only the player whose character laid"):
        session.apply(Peek(card))


def test_a_card_in_a_hand_stays_there_unless_its_player_moves_it():
    session = small_session(holder=DANA)
    session.apply(Draw(TAROT_DRAW, HAND[AYLA], 2))  # dealing into a hand is allowed
    card = session.table.piles[HAND[AYLA]].top
    take_seat(session, ALEX)
    with pytest.raises(AuthorityError, match="That card is in Ayla's hand: only Bea may move it"):
        session.apply(Move([card], HAND[ROLAND]))
    with pytest.raises(AuthorityError, match="Ayla's hand is Bea's alone: only Bea may shuffle"):
        session.apply(Shuffle(HAND[AYLA]))
    with pytest.raises(AuthorityError, match="only Bea may draw from it"):
        session.apply(Draw(HAND[AYLA], HAND[ROLAND]))
    take_seat(session, DANA)
    with pytest.raises(AuthorityError, match="only Bea may move it"):
        session.apply(Move([card], TAROT_DISCARD))  # the GM does not see a hand either
    assert card in session.table.piles[HAND[AYLA]].cards
    take_seat(session, BEA)
    session.apply(Move([card], TAROT_DISCARD))
    assert card in session.table.piles[TAROT_DISCARD].cards


def test_a_card_in_a_hand_is_put_down_on_the_open_table_only_by_its_player():
    session = small_session(holder=DANA)
    table = PileId("table")
    session.apply(AddPile(Pile(table, PileKind.ZONE, "the open table")))
    session.apply(Draw(TAROT_DRAW, HAND[AYLA], 1))
    card = session.table.piles[HAND[AYLA]].top
    for seat in (ALEX, DANA):  # another player, and the GM
        take_seat(session, seat)
        refusal = "That card is in Ayla's hand: only Bea may move it"
        with pytest.raises(AuthorityError, match=refusal):
            session.apply(Place((card,), (Spot(100, 100),), table))
    assert card in session.table.piles[HAND[AYLA]].cards
    take_seat(session, BEA)
    session.apply(Place((card,), (Spot(100, 100),), table))
    assert card in session.table.piles[table].cards


def test_a_players_zone_takes_cards_from_its_player_or_the_gm_only():
    session = small_session()
    with pytest.raises(AuthorityError, match=r"That is Ayla's place \(Ayla's cards\): only Bea"):
        session.apply(Draw(TAROT_DRAW, ZONE[AYLA]))
    session.apply(Draw(TAROT_DRAW, ZONE[ROLAND]))  # Alex, into Roland's own zone
    session.apply(Draw(TAROT_DRAW, HAND[AYLA]))  # giving into a hand is allowed
    assert len(session.table.piles[HAND[AYLA]].cards) == 1


def test_public_cards_on_shared_piles_are_anyones():
    session = small_session()
    session.apply(Draw(TAROT_DRAW, CHALLENGE, face_up=True))
    card = session.table.piles[CHALLENGE].top
    take_seat(session, BEA)
    session.apply(Turn(card))
    session.apply(Move([card], TAROT_DISCARD))
    session.apply(Shuffle(TAROT_DRAW))
    assert card in session.table.piles[TAROT_DISCARD].cards


def test_a_face_up_card_in_a_characters_zone_is_its_players_or_the_gms():
    session = small_session()
    session.apply(Draw(TAROT_DRAW, ZONE[ROLAND], face_up=True))
    card = session.table.piles[ZONE[ROLAND]].top
    take_seat(session, BEA)
    with pytest.raises(AuthorityError, match="That card is Roland's: only Alex \\(or the GM\\)"):
        session.apply(Turn(card))
    take_seat(session, DANA)
    session.apply(Turn(card))
    assert session.table.facing[card].reversed is not None


def test_the_gms_jobs_are_the_gms():
    session = small_session()
    refusals = {
        ChangeScene(): "Only the GM \\(Dana\\) may begin a new scene.",
        SetOption("sleeve cards", False): "Only the GM \\(Dana\\) may change the table's options.",
        AddDeck(DeckOnTable("shoe", "shoe", 1)): "Only the GM \\(Dana\\) may put a deck on",
        AddCharacter(
            Character(CharacterId("mira"), "Mira", BEA, "adventure")
        ): "Only the GM \\(Dana\\) may bring in another player's character.",
    }
    for action, message in refusals.items():
        assert session.may(action) is not None
        with pytest.raises(AuthorityError, match=message):
            session.apply(action)
    session.apply(AddCharacter(Character(CharacterId("kit"), "Kit", ALEX, "adventure")))
    take_seat(session, DANA)
    for action in refusals:
        assert session.may(action) is None
    session.apply(ChangeScene())
    assert session.scene == 2


def test_a_table_without_a_gm_lets_anyone_do_the_gms_jobs():
    session = small_session()
    session.state.players[2] = evolve(session.state.players[2], is_gm=False)
    assert gm_of(session.state) is None
    take_seat(session, BEA)
    session.apply(ChangeScene())
    assert session.scene == 2


def test_a_sheet_is_changed_by_its_player_or_the_gm():
    session = small_session()
    sheet = blank("adventure").revised(name="Ayla")
    with pytest.raises(AuthorityError, match="Ayla's sheet is Bea's to change \\(or the GM's\\)"):
        session.apply(EditSheet(AYLA, sheet))
    take_seat(session, DANA)
    session.apply(EditSheet(AYLA, sheet))
    assert session.characters[AYLA].sheet == sheet


def test_a_characters_decision_is_its_players_alone():
    session = small_session()
    step = ResolverStep(lambda state, rng: ["Ayla yields."], decider=Decider.of(AYLA, "yield"))
    message = "Ayla is Bea's character: only Bea may yield for Ayla."
    assert session.may(step) == message
    with pytest.raises(AuthorityError, match=message):
        session.apply(step)
    take_seat(session, DANA)
    with pytest.raises(AuthorityError, match=message):
        session.apply(step)  # not the GM either
    take_seat(session, BEA)
    session.apply(step)
    assert session.log[-1].public == "Ayla yields."


def test_a_players_tokens_are_spent_only_by_that_player():
    session = small_session()
    step = ResolverStep(lambda state, rng: None, decider=Decider.player(BEA, "spend"))
    with pytest.raises(AuthorityError, match="That is Bea's to spend: pass the computer to Bea"):
        session.apply(step)


def test_a_decider_worked_out_from_the_state_answers_for_the_running_challenge():
    session = small_session()
    session.state.options["challenger"] = "vex"
    step = ResolverStep(
        lambda state, rng: None,
        decider=lambda state: Decider.of(str(state.options["challenger"]), "draw"),
    )
    with pytest.raises(AuthorityError, match="Vex is Dana's character: only Dana may draw"):
        session.apply(step)


def test_nobody_at_the_table_means_nobody_to_refuse():
    session = small_session()
    session.holder = None
    assert session.may(ChangeScene()) is None


# -- undo that cannot be used to cheat ---------------------------------------------------------


def _laid_away(session) -> str:
    """Alex draws a card to Roland's hand (what chance gave stays given) and lays it face
    down in Roland's zone: a private action, no chance in it. Its undo label."""
    session.apply(Draw(TAROT_DRAW, HAND[ROLAND]))
    [card] = session.table.piles[HAND[ROLAND]].cards
    session.apply(Move([card], ZONE[ROLAND], face_up=False))
    return "Alex moved a card face down from Roland's hand to Roland's cards"


def test_a_seat_undoes_only_its_own_last_action():
    session = small_session()
    label = _laid_away(session)
    assert session.undo_label == label
    take_seat(session, BEA)
    assert not session.can_undo
    assert session.undo_blocked_reason == f"Only Alex may undo Alex's last action ({label})."
    with pytest.raises(AuthorityError, match="Only Alex may undo Alex's last action"):
        session.undo()
    take_seat(session, ALEX)
    session.undo()
    assert session.table.piles[ZONE[ROLAND]].cards == []
    assert session.log[-1].public == f"Alex undid: {label}"


def test_the_gm_undoes_any_public_action_but_no_private_one():
    session = small_session()
    session.apply(Draw(TAROT_DRAW, CHALLENGE))
    take_seat(session, DANA)
    session.undo()  # a face-down card on a shared pile: the room saw all there was
    assert session.table.piles[CHALLENGE].cards == []
    take_seat(session, ALEX)
    _laid_away(session)  # private: Alex saw the face
    take_seat(session, DANA)
    with pytest.raises(AuthorityError, match="Only Alex may undo"):
        session.undo()


def test_an_undone_shuffle_or_a_roll_is_never_done_again_the_same():
    # Undo once restored the randomness, so a shuffle or roll done again came out the same.
    session = small_session(holder=DANA, seed=8)
    rolls: list[int] = []

    def roll(state, rng):
        rolls.append(rng.randint(1, 10))
        return [f"Dana rolled {rolls[-1]}"]

    session.apply(Shuffle(TAROT_DRAW))
    order = list(session.table.piles[TAROT_DRAW].cards)
    session.undo()  # face down, the order was nobody's knowledge
    assert not session.can_redo
    session.apply(Shuffle(TAROT_DRAW))
    assert session.table.piles[TAROT_DRAW].cards != order
    session.apply(ResolverStep(roll))
    with pytest.raises(UndoError, match=r"^Chance was taken since \(Dana rolled \d+\)"):
        session.undo()
    assert len(rolls) == 1


def test_a_refused_action_writes_nothing_private_to_the_log():
    session = small_session(holder=DANA)
    card = _dealt_face_down(session, ZONE[AYLA])
    take_seat(session, ALEX)
    before = len(session.log)
    for action in (Flip(card), Move([card], HAND[ROLAND]), Reveal([card])):
        with pytest.raises(AuthorityError, match="only Bea may"):
            session.apply(action)
    session.apply(Note("nothing to see"))
    assert len(session.log) == before + 1
    assert all(
        log_text_for(session, 0, entry) == entry.public or entry.owner == ALEX
        for entry in session.log
    )
