"""Actions, change flags, undo and redo, the reveal checkpoint, the curtain and peeking."""

from __future__ import annotations

import pytest
from attrs import define
from session_builders import (
    ALEX,
    AYLA,
    BEA,
    CHALLENGE,
    DANA,
    HAND,
    ROLAND,
    TAROT_DRAW,
    VEX,
    ZONE,
    seat_of,
    small_session,
    take_seat,
)

from cardtable.piles import PileError
from cardtable.session import (
    AddPlayer,
    Changes,
    ChangeScene,
    ConfirmSeat,
    CurtainError,
    Draw,
    EditSheet,
    EndResolver,
    Event,
    Flip,
    GameState,
    Move,
    Note,
    PassSeat,
    Peek,
    Player,
    ResolverStep,
    Reveal,
    SessionError,
    Shuffle,
    StartResolver,
    Turn,
    UndoError,
    register_resolver,
    visible_face,
    visible_faces,
)
from cardtable.session.saving import document
from cardtable.session.visibility import on_screen
from cardtable.sheets import blank


def _snapshot(session) -> dict:
    """Everything saved about the session except its log."""
    doc = document(session)["session"]
    doc.pop("log")
    return doc


# -- change flags -------------------------------------------------------------------------------


def test_a_draw_into_a_hand_reports_table_hand_log_and_undo():
    session = small_session()
    changes = session.apply(Draw(TAROT_DRAW, HAND[ROLAND]))
    assert changes == Changes.TABLE | Changes.HAND | Changes.LOG | Changes.UNDO


def test_a_draw_onto_the_table_does_not_report_a_hand():
    session = small_session()
    changes = session.apply(Draw(TAROT_DRAW, CHALLENGE))
    assert Changes.TABLE in changes and Changes.HAND not in changes


def test_editing_a_sheet_reports_the_sheet():
    session = small_session()
    sheet = blank("adventure").revised(name="Roland", notes="Owes the ferryman.")
    changes = session.apply(EditSheet(ROLAND, sheet))
    assert Changes.SHEET in changes and Changes.TABLE not in changes
    assert session.characters[ROLAND].sheet == sheet
    assert session.log[-1].public == "Alex changed Roland's sheet"


def test_editing_a_sheet_names_the_fields_that_changed():
    session = small_session()
    first = blank("adventure").revised(name="Roland")
    session.apply(EditSheet(ROLAND, first))
    session.apply(EditSheet(ROLAND, first.revised(notes="Scar on the left hand.")))
    assert session.log[-1].public == "Alex changed Roland's sheet (notes)"


def test_a_sheet_of_another_system_is_refused():
    session = small_session()
    with pytest.raises(SessionError, match="adventure"):
        session.apply(EditSheet(ROLAND, blank("banzai")))


def test_passing_the_seat_reports_the_seat_and_is_not_undoable():
    session = small_session()
    changes = session.apply(PassSeat(seat_of(session, BEA)))
    assert changes == Changes.SEAT | Changes.LOG
    assert session.curtain == BEA and session.holder == BEA


# -- all or nothing ------------------------------------------------------------------------------


def test_a_failed_draw_changes_nothing():
    session = small_session()
    before, entries = _snapshot(session), len(session.log)
    with pytest.raises(PileError, match="holds 82 cards; cannot draw 83"):
        session.apply(Draw(TAROT_DRAW, HAND[ROLAND], count=83))
    assert _snapshot(session) == before and len(session.log) == entries


def test_a_resolver_step_that_fails_halfway_is_rolled_back():
    session = small_session()
    before = _snapshot(session)

    def half_done(state: GameState, rng) -> list[str]:
        card = state.table.piles[TAROT_DRAW].cards[-1]
        state.table.move([card], CHALLENGE, face_up=True)
        state.scene = 9
        raise ValueError("the Challenge is already over")

    with pytest.raises(ValueError, match="already over"):
        session.apply(ResolverStep(half_done))
    assert _snapshot(session) == before


def test_a_resolver_step_that_loses_a_card_is_refused():
    session = small_session()

    def sloppy(state: GameState, rng) -> list[str]:
        state.table.piles[TAROT_DRAW].cards.pop()
        return ["A card fell off the table"]

    with pytest.raises(PileError, match="is in no pile"):
        session.apply(ResolverStep(sloppy))
    assert len(session.table.piles[TAROT_DRAW]) == 82


# -- undo and redo -------------------------------------------------------------------------------


def test_a_private_draw_is_a_checkpoint_undo_does_not_take_it_back():
    # Undo once put the card back on top, so the drawer knew the next card anyone drew.
    session = small_session()
    session.apply(Draw(TAROT_DRAW, HAND[ROLAND]))
    [card] = session.table.piles[HAND[ROLAND]].cards
    assert not session.can_undo
    assert session.undo_blocked_reason == (
        "Chance was taken since (Alex drew a card to Roland's hand): what it gave stays given, "
        "so undo stops here. To correct a mistake, the GM (Dana) may take back the draw or "
        "strike the roll (Edit menu)."
    )
    with pytest.raises(UndoError, match="what it gave stays given"):
        session.undo()
    assert session.table.piles[HAND[ROLAND]].cards == [card]


def test_a_card_dealt_face_down_unseen_may_be_undone_but_not_redone():
    session = small_session()
    session.apply(Draw(TAROT_DRAW, ZONE[ROLAND]))
    assert session.undo_label == "Alex drew a card face down to Roland's cards"
    session.undo()
    assert not session.table.piles[ZONE[ROLAND]].cards
    assert session.log[-1].public == "Alex undid: Alex drew a card face down to Roland's cards"
    assert not session.can_redo
    assert session.redo_blocked_reason == (
        "Nothing to redo: Alex drew a card face down to Roland's cards took chance, and redo "
        "would repeat it; do it again instead."
    )
    with pytest.raises(UndoError, match="redo would repeat it"):
        session.redo()


def test_a_shuffle_undone_is_not_redone_the_same_way():
    # Redo once brought back the very same shuffle.
    session = small_session()
    session.apply(Shuffle(TAROT_DRAW))
    session.undo()
    assert not session.can_redo
    session.apply(Shuffle(TAROT_DRAW))
    assert session.log[-1].public == f"Alex shuffled {session.table.piles[TAROT_DRAW].label}"


def test_undo_and_redo_walk_several_steps_back_and_forth():
    session = small_session(holder=DANA)
    session.apply(Draw(TAROT_DRAW, CHALLENGE, 2))
    dealt = list(session.table.piles[CHALLENGE].cards)
    states = [_snapshot(session)]
    for action in (
        Move((dealt[0],), ZONE[VEX], face_up=False),
        ChangeScene(),
        Move((dealt[1],), ZONE[VEX]),
    ):
        session.apply(action)
        states.append(_snapshot(session))
    for expected in reversed(states[:-1]):
        session.undo()
        assert _snapshot(session) == expected
    assert session.undo_label == "Dana drew 2 cards face down to the Challenge"
    for expected in states[1:]:
        session.redo()
        assert _snapshot(session) == expected
    assert not session.can_redo


def test_a_new_action_clears_redo():
    session = small_session(holder=DANA)
    session.apply(ChangeScene())
    session.undo()
    assert session.can_redo
    session.apply(Draw(TAROT_DRAW, HAND[AYLA]))
    assert not session.can_redo
    with pytest.raises(UndoError, match="Nothing to redo"):
        session.redo()


def test_notes_and_seat_passes_are_not_undone():
    session = small_session(holder=DANA)
    session.apply(ChangeScene())
    session.apply(Note("The lights flicker."))
    take_seat(session, BEA)
    take_seat(session, DANA)
    assert session.undo_label == "Dana began scene 2"
    session.undo()
    assert session.scene == 1 and session.holder == DANA
    assert session.log[-1].public == "Dana undid: Dana began scene 2"


def test_undoing_the_arrival_of_the_player_holding_the_computer_raises_the_curtain():
    session = small_session()
    # Chidi joins as a second GM: only a GM may take back another's (public) action.
    session.apply(AddPlayer(Player.named("Chidi", gm=True, taken=[p.id for p in session.players])))
    chidi = session.players[-1].id
    take_seat(session, chidi)
    session.undo()
    assert chidi not in [p.id for p in session.players]
    assert session.holder == ALEX and session.curtain == ALEX


# -- the reveal checkpoint -----------------------------------------------------------------------


def test_revealing_cards_is_a_checkpoint_undo_does_not_cross():
    session = small_session()
    session.apply(Draw(TAROT_DRAW, ZONE[ROLAND]))
    card = session.table.piles[ZONE[ROLAND]].top
    assert session.can_undo
    session.apply(Reveal([card]))
    assert not session.can_undo
    reason = session.undo_blocked_reason
    assert reason is not None and "undo cannot hide them again" in reason
    with pytest.raises(UndoError, match="cannot hide them again"):
        session.undo()


def test_a_face_up_draw_shows_a_card_and_is_a_checkpoint_too():
    session = small_session(holder=DANA)
    session.apply(ChangeScene())
    session.apply(Draw(TAROT_DRAW, CHALLENGE, face_up=True))
    assert not session.can_undo and session.scene == 2


def test_actions_after_a_checkpoint_can_be_undone_back_to_it():
    session = small_session(holder=DANA)
    session.apply(Draw(TAROT_DRAW, CHALLENGE, face_up=True))
    session.apply(ChangeScene())
    session.undo()
    assert session.scene == 1 and not session.can_undo
    assert "cannot hide" in (session.undo_blocked_reason or "")


def test_a_resolver_step_may_declare_itself_a_checkpoint():
    session = small_session()
    session.apply(
        ResolverStep(lambda state, rng: ["The dice are cast"], checkpoint="The dice were rolled.")
    )
    assert session.undo_blocked_reason == "The dice were rolled."


def test_nothing_to_undo_at_first_says_so():
    session = small_session(2)
    session.apply(Note("hello"))
    fresh = type(session)()
    assert fresh.undo_blocked_reason == "Nothing to undo yet."


# -- the curtain ---------------------------------------------------------------------------------


def test_passing_the_seat_hides_even_the_next_players_own_hand_until_they_confirm():
    session = small_session()
    session.apply(Draw(TAROT_DRAW, HAND[AYLA]))
    card = session.table.piles[HAND[AYLA]].top
    bea = seat_of(session, BEA)
    assert card not in on_screen(session)  # Alex holds the computer
    session.apply(PassSeat(bea))
    assert not visible_face(session, bea, card)
    assert visible_faces(session, bea) == frozenset() == on_screen(session)
    session.apply(ConfirmSeat(BEA))
    assert visible_face(session, bea, card) and card in on_screen(session)


def test_behind_the_curtain_only_the_named_player_may_lift_it():
    session = small_session()
    session.apply(PassSeat(seat_of(session, BEA)))
    with pytest.raises(CurtainError, match="waits for Bea"):
        session.apply(ConfirmSeat(DANA))
    with pytest.raises(CurtainError, match="Bea must say"):
        session.apply(Draw(TAROT_DRAW, HAND[AYLA]))
    with pytest.raises(CurtainError, match="The curtain is up: Bea must say"):
        session.apply(Note("psst"))
    assert session.curtain == BEA
    session.apply(ConfirmSeat(BEA))
    assert session.curtain is None
    assert [e.public for e in session.log][-2:] == [
        "Alex passed the computer to Bea",
        "Bea took the computer",
    ]


def test_the_computer_can_be_passed_on_again_behind_the_curtain():
    session = small_session()
    session.apply(PassSeat(seat_of(session, BEA)))
    session.apply(PassSeat(seat_of(session, DANA)))
    assert session.curtain == DANA
    with pytest.raises(CurtainError, match="The curtain waits for Dana; only they may lift it"):
        session.apply(ConfirmSeat(BEA))


def test_undo_waits_behind_the_curtain():
    session = small_session(holder=DANA)
    session.apply(ChangeScene())
    session.apply(PassSeat(seat_of(session, BEA)))
    assert not session.can_undo
    assert "Bea must say" in (session.undo_blocked_reason or "")
    with pytest.raises(CurtainError, match="The curtain is up: Bea must say"):
        session.undo()


def test_confirming_without_a_curtain_is_refused():
    session = small_session()
    with pytest.raises(SessionError, match="No curtain"):
        session.apply(ConfirmSeat(ALEX))


# -- peeking, flipping, turning ------------------------------------------------------------------


def test_a_face_down_card_shows_its_back_to_its_owner_until_they_peek():
    session = small_session()
    session.apply(Draw(TAROT_DRAW, ZONE[ROLAND]))
    card = session.table.piles[ZONE[ROLAND]].top
    alex, bea = seat_of(session, ALEX), seat_of(session, BEA)
    assert not visible_face(session, alex, card)
    session.apply(Peek(card))
    assert visible_face(session, alex, card)
    assert not visible_face(session, bea, card)
    assert session.log[-1].public == "Alex peeked at a card on Roland's cards"


def test_a_peek_lapses_when_the_card_moves_away():
    session = small_session()
    session.apply(Draw(TAROT_DRAW, ZONE[ROLAND]))
    card = session.table.piles[ZONE[ROLAND]].top
    session.apply(Peek(card))
    session.apply(Move([card], CHALLENGE))
    session.apply(Move([card], ZONE[ROLAND]))
    assert not visible_face(session, seat_of(session, ALEX), card)


def test_a_peek_lapses_when_the_zone_is_shuffled():
    session = small_session()
    session.apply(Draw(TAROT_DRAW, ZONE[ROLAND], 3))
    for card in session.table.piles[ZONE[ROLAND]].cards:
        session.apply(Peek(card))
    session.apply(Shuffle(ZONE[ROLAND]))
    assert not visible_faces(session, seat_of(session, ALEX))


def test_only_the_owner_may_peek():
    session = small_session(holder=DANA)  # the GM deals Ayla a face-down card
    session.apply(Draw(TAROT_DRAW, ZONE[AYLA]))
    take_seat(session, ALEX)
    card = session.table.piles[ZONE[AYLA]].top
    with pytest.raises(SessionError, match="Only the player"):
        session.apply(Peek(card))
    with pytest.raises(SessionError, match="Only the player"):
        session.apply(Peek(session.table.piles[TAROT_DRAW].top))


def test_flipping_a_face_down_card_on_the_table_shows_it_to_all():
    session = small_session()
    session.apply(Draw(TAROT_DRAW, CHALLENGE))
    card = session.table.piles[CHALLENGE].top
    session.apply(Flip(card))
    assert all(visible_face(session, seat, card) for seat in range(3))
    assert not session.can_undo


def test_turning_a_public_card_names_it_and_its_new_way_round():
    session = small_session()
    session.apply(Draw(TAROT_DRAW, CHALLENGE, face_up=True))
    card = session.table.piles[CHALLENGE].top
    was_reversed = session.table.facing[card].reversed
    session.apply(Turn(card))
    face = session.table.card(card).face
    way = "upright" if was_reversed else "reversed"
    assert session.table.facing[card].reversed is not was_reversed
    assert face.name in session.log[-1].public and session.log[-1].public.endswith(
        f" round, now {way}, on the Challenge"
    )
    assert "flipped" not in session.log[-1].public


def test_a_card_in_a_hand_cannot_be_revealed_where_it_lies():
    session = small_session()
    session.apply(Draw(TAROT_DRAW, HAND[ROLAND]))
    with pytest.raises(SessionError, match="playing it onto the table"):
        session.apply(Reveal([session.table.piles[HAND[ROLAND]].top]))


# -- resolvers -----------------------------------------------------------------------------------


@define
class TokenPool:
    """A stand-in for a resolver's state: Applause and Author tokens by player."""

    applause: dict[str, int]
    author: dict[str, int]


register_resolver("test-token-pool", TokenPool)


def _give_applause(giver: str, taker: str):
    def step(state: GameState, rng) -> list[Event | str]:
        pool = state.resolvers["tokens"]
        if pool.applause[giver] < 1:
            raise SessionError(f"{giver} has no Applause left")
        pool.applause[giver] -= 1
        pool.author[taker] += 1
        names = {p.id: p.name for p in state.players}
        return [f"{names[giver]} gave Applause to {names[taker]}"]

    return step


def test_a_resolver_step_changes_its_state_logs_its_words_and_undoes():
    session = small_session()
    pool = TokenPool({ALEX: 10, BEA: 10, DANA: 10}, {ALEX: 0, BEA: 0, DANA: 0})
    session.apply(StartResolver("tokens", pool, "Applause and Author tokens are on the table"))
    changes = session.apply(
        ResolverStep(_give_applause(BEA, ALEX), changes=Changes.RESOLVER | Changes.TOKENS)
    )
    assert Changes.TOKENS in changes and Changes.RESOLVER in changes
    assert session.log[-1].public == "Bea gave Applause to Alex"
    assert session.resolvers["tokens"].author[ALEX] == 1
    session.undo()
    assert session.resolvers["tokens"].author[ALEX] == 0
    assert session.resolvers["tokens"].applause[BEA] == 10


def test_resolvers_must_be_registered_to_be_put_on_the_table():
    @define
    class Unknown:
        x: int = 0

    session = small_session()
    with pytest.raises(SessionError, match="not a registered resolver"):
        session.apply(StartResolver("mystery", Unknown()))
    with pytest.raises(SessionError, match="No resolver"):
        session.apply(EndResolver("mystery"))


def test_a_gm_note_can_be_private():
    session = small_session()
    take_seat(session, DANA)
    session.apply(Note("Vex is Ayla's sister.", private=True))
    entry = session.log[-1]
    assert entry.public == "Dana wrote a private note"
    assert entry.private == "Dana noted privately: Vex is Ayla's sister."
    assert entry.owner == DANA and not entry.revealed


def test_characters_are_controlled_by_one_player_each():
    session = small_session()
    assert [c.id for c in session.characters_of(DANA)] == [VEX]


def test_renaming_a_sheet_renames_its_character() -> None:
    from attrs import evolve

    from cardtable.session import EditSheet
    from cardtable.session.demo import build_demo

    session = build_demo()
    character = next(c for c in session.characters.values() if c.sheet is not None)
    assert character.sheet is not None
    session.apply(EditSheet(character.id, evolve(character.sheet, name="Lady Ottoline Vane")))
    assert session.characters[character.id].name == "Lady Ottoline Vane"
    session.undo()
    assert session.characters[character.id].name == character.name
