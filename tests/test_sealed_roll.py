"""The GM's sealed roll, through the model: who may roll and reveal it, what each seat reads,
what the exports and the phones hold, undo, and saving it still sealed."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule, run_state_machine_as_test
from seat_rig import ALICE, BOB, GINA, take_seat, three_seats

from cardtable.phones.view import CardRefs, seat_view
from cardtable.randomness import seeded
from cardtable.session import (
    Action,
    AddPlayer,
    AuthorityError,
    ConfirmSeat,
    PassSeat,
    Player,
    Session,
    SessionError,
    UndoError,
    log_html,
    visible_log,
)
from cardtable.session.dice_history import DiceRequest, history_of
from cardtable.session.log import is_seal
from cardtable.session.saving import from_bytes, to_bytes
from cardtable.session.sealed_rolls import (
    SEALED_ID,
    RevealSealed,
    RollSealed,
    sealed_in_sight,
    sealed_of,
)
from cardtable.session.visibility import export_lines

SEATS = {GINA: 0, BOB: 1, ALICE: 2}


def _sealed_table() -> tuple[Session, str]:
    """Gina (the GM) rolls 2d6 sealed; returns the session and the numbers she reads."""
    session = three_seats(5)
    take_seat(session, GINA)
    session.apply(RollSealed(DiceRequest("2d6")))
    rolls = sealed_of(session.state)
    assert rolls is not None
    record = rolls.rolls[-1].record
    return session, record.text().removeprefix("Gina rolled 2d6: ")


def _rolled(session: Session, player: str) -> str:
    """The last line about the 2d6 that ``player``'s seat reads."""
    return [line for line in visible_log(session, SEATS[player]) if "2d6" in line][-1]


def test_only_the_gm_rolls_sealed_and_reveals() -> None:
    session = three_seats(5)
    take_seat(session, BOB)
    with pytest.raises(AuthorityError, match=r"^Only the GM \(Gina\) may roll sealed dice\.$"):
        session.apply(RollSealed(DiceRequest("2d6")))
    assert sealed_of(session.state) is None
    take_seat(session, GINA)
    session.apply(RollSealed(DiceRequest("2d6")))
    take_seat(session, BOB)
    assert session.may(RevealSealed()) == "Only the GM (Gina) may reveal a sealed roll."
    with pytest.raises(AuthorityError, match=r"^Only the GM \(Gina\) may reveal a sealed roll\.$"):
        session.apply(RevealSealed())


def test_a_table_without_a_gm_cannot_roll_sealed_nor_reveal_nothing() -> None:
    session = Session(rng=seeded(1))
    session.apply(AddPlayer(Player.named("Bea")))
    with pytest.raises(AuthorityError, match=r"^This table has no GM: a sealed roll is the GM's"):
        session.apply(RollSealed(DiceRequest("2d6")))
    session.apply(AddPlayer(Player.named("Dana", gm=True)))
    session.apply(PassSeat(1))
    session.apply(ConfirmSeat(session.players[1].id))
    with pytest.raises(SessionError, match=r"^There is no sealed roll to reveal\.$"):
        session.apply(RevealSealed())


def test_the_log_tells_the_room_that_the_gm_rolled_and_the_gm_the_numbers() -> None:
    session, numbers = _sealed_table()
    assert _rolled(session, GINA) == f"Gina (GM) rolled 2d6 (sealed): {numbers}"
    for player in (BOB, ALICE):
        assert _rolled(session, player) == "Gina (GM) rolled 2d6 (sealed)"
    # Nor does the tray's public history hold it, nor anyone's export but the GM's own.
    assert history_of(session.state) is None
    assert numbers not in log_html(session)
    assert numbers not in log_html(session, SEATS[BOB])
    assert numbers in log_html(session, SEATS[GINA])


def test_what_the_screen_may_show_of_a_sealed_roll_depends_on_who_holds_it() -> None:
    session, _numbers = _sealed_table()
    shown = sealed_in_sight(session)
    assert [(s.heading, s.record is not None) for s in shown] == [("2d6", True)]
    session.apply(PassSeat(SEATS[BOB]))  # the curtain is up: even for the GM it says nothing
    assert [s.record for s in sealed_in_sight(session)] == [None]
    take_seat(session, BOB)
    assert [(s.heading, s.gm_name, s.record) for s in sealed_in_sight(session)] == [
        ("2d6", "Gina", None)
    ]


def test_the_phones_get_the_numbers_only_on_the_gms_own_phone() -> None:
    session, numbers = _sealed_table()
    take_seat(session, BOB)  # whoever holds the shared screen
    bob = seat_view(session, BOB, CardRefs(b"k" * 16, BOB))
    gina = seat_view(session, GINA, CardRefs(b"k" * 16, GINA))
    assert [line for line in bob["log"] if "2d6" in line] == ["Gina (GM) rolled 2d6 (sealed)"]
    assert [line for line in gina["log"] if "2d6" in line] == [
        f"Gina (GM) rolled 2d6 (sealed): {numbers}"
    ]


def test_the_reveal_shows_everyone_and_cannot_be_undone() -> None:
    session, numbers = _sealed_table()
    session.apply(RevealSealed())
    for player in (GINA, BOB, ALICE):
        lines = visible_log(session, SEATS[player])
        assert lines[-2] == f"Gina (GM) rolled 2d6 (sealed): {numbers}"
        assert lines[-1] == f"Gina (GM) revealed the sealed roll: 2d6: {numbers}"
    history = history_of(session.state)
    assert history is not None and history.latest is not None
    assert history.latest.text() == f"Gina rolled 2d6: {numbers}"
    assert SEALED_ID not in session.resolvers
    assert numbers in log_html(session)
    with pytest.raises(UndoError, match=r"^The sealed roll \(2d6\) was shown; undo cannot seal"):
        session.undo()


def test_a_sealed_roll_is_a_checkpoint_even_for_the_gm() -> None:
    # Undo once took the roll back and put the dice back in the box: the next roll anyone
    # made gave the very same dice, so the undone one foretold it.
    session, _numbers = _sealed_table()
    reason = (
        "Chance was taken since (Gina (GM) rolled 2d6 (sealed)): what it gave stays given, "
        "so undo stops here. To correct a mistake, the GM (Gina) may take back the draw or "
        "strike the roll (Edit menu)."
    )
    for player in (BOB, GINA):
        take_seat(session, player)
        assert not session.can_undo
        assert session.undo_blocked_reason == reason
        with pytest.raises(UndoError, match="what it gave stays given"):
            session.undo()
    assert sealed_of(session.state) is not None


def test_a_sealed_roll_is_saved_and_loaded_still_sealed() -> None:
    session, numbers = _sealed_table()
    loaded = from_bytes(to_bytes(session), rng=seeded(2))
    assert loaded.resolvers[SEALED_ID] == session.resolvers[SEALED_ID]
    take_seat(loaded, BOB)
    assert _rolled(loaded, BOB) == "Gina (GM) rolled 2d6 (sealed)"
    assert [s.record for s in sealed_in_sight(loaded)] == [None]
    take_seat(loaded, GINA)
    assert _rolled(loaded, GINA) == f"Gina (GM) rolled 2d6 (sealed): {numbers}"
    loaded.apply(RevealSealed())
    again = from_bytes(to_bytes(loaded), rng=seeded(3))
    lines = visible_log(again, SEATS[ALICE])
    assert f"Gina (GM) rolled 2d6 (sealed): {numbers}" in lines


# -- a property: random play never shows a sealed roll to a seat that may not see it ---------------


class SealedPlay(RuleBasedStateMachine):
    """Sealed rolls, reveals, undo and redo, seat passes, asked for by whoever holds the
    computer (most refused); after each step no channel shows another seat a sealed roll."""

    def __init__(self) -> None:
        super().__init__()
        self.session = three_seats(7)
        take_seat(self.session, GINA)

    def _try(self, action: Action) -> None:
        with contextlib.suppress(ValueError):
            self.session.apply(action)

    @rule(sides=st.sampled_from([4, 6, 8, 10, 12, 20]), count=st.integers(1, 4))
    def roll_sealed(self, sides: int, count: int) -> None:
        self._try(RollSealed(DiceRequest(f"{count}d{sides}")))

    @rule()
    def reveal(self) -> None:
        self._try(RevealSealed())

    @rule(seat=st.integers(0, 2), confirm=st.booleans())
    def pass_computer(self, seat: int, confirm: bool) -> None:
        self._try(PassSeat(seat))
        if confirm:
            self._try(ConfirmSeat(self.session.players[seat].id))

    @rule(back=st.booleans())
    def undo_or_redo(self, back: bool) -> None:
        with contextlib.suppress(ValueError):
            self.session.undo() if back else self.session.redo()

    @invariant()
    def nobody_but_the_gm_reads_a_sealed_roll(self) -> None:
        session = self.session
        secret = {
            e.private
            for e in session.log
            if e.private and not e.revealed and any(is_seal(c) for c in e.cards)
        }
        secret -= {e.private for e in session.log if e.revealed}  # the same roll, revealed
        for seat, player in enumerate(p.id for p in session.players):
            lines = [text for _, text in export_lines(session, seat)]
            lines += seat_view(session, player, CardRefs(b"k" * 16, player))["log"]
            if player != GINA:
                assert not secret & set(lines), f"{player} reads a sealed roll"
        everyone = [text for _, text in export_lines(session)]
        everyone += [session.undo_label or "", session.redo_label or ""]
        assert not secret & set(everyone)
        gm_here = session.holder == GINA and session.curtain is None
        assert all((s.record is not None) == gm_here for s in sealed_in_sight(session))
        history = history_of(session.state)
        sealed = sealed_of(session.state)
        if history is not None and sealed is not None:
            # The very roll, not an equal one: two 1d4 rolls by the GM may well both be 4.
            assert not {id(r.record) for r in sealed.rolls} & {id(r) for r in history.records}


def test_random_play_never_shows_a_sealed_roll_to_another_seat() -> None:
    run_state_machine_as_test(
        SealedPlay,
        settings=settings(
            max_examples=40,
            stateful_step_count=30,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow],
        ),
    )
