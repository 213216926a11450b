"""Every worked example ``rules/pool-challenge.md`` lists as holding, played through the pool
tracker's real widgets: typed numbers and keys in its forms, clicks on its buttons. The
numbers expected are the rules' own (``seeds/pool-challenge.txt``), as in
``test_pool_examples.py``; Akane's cheeseburger is played in ``test_pool_tracker.py``."""

from __future__ import annotations

import pytest
from pool_table import ALEX, IRIDIA, JOIRY, pool_session, seat
from pytestqt.qtbot import QtBot
from test_pool_tracker import click, enter, plain
from test_table_options_ui import choose

from cardtable.randomness import seeded
from cardtable.resolvers.pool.abilities import Source
from cardtable.resolvers.pool.challenge import Result
from cardtable.session import load
from cardtable.session.demo import demo_path
from cardtable.session.table_options import POOL_FORMULA, SetTableOptions
from cardtable.sheets.pool import PoolSheet
from cardtable.ui.document import SessionDocument
from cardtable.ui.panels.pool.helpers import HelperRow
from cardtable.ui.panels.pool.setup import EntrantForm
from cardtable.ui.panels.pool.tracker import PoolTracker


def _tracker(qtbot: QtBot, document: SessionDocument) -> PoolTracker:
    tracker = PoolTracker(document)
    qtbot.addWidget(tracker)
    tracker.resize(560, 1400)
    tracker.show()
    return tracker


@pytest.fixture
def tracker(qtbot: QtBot) -> PoolTracker:
    """The tracker on the demo: Dana, the GM, holds the computer and types the sides in."""
    return _tracker(qtbot, SessionDocument(load(demo_path(), rng=seeded(1))))


def pools(tracker: PoolTracker) -> list[int]:
    challenge = tracker.challenge()
    assert challenge is not None
    return [side.pool for side in challenge.sides]


def cell(tracker: PoolTracker, row: str, side: str) -> str:
    return tracker.round_table.text(row, side)


def typed_helper(qtbot: QtBot, row: HelperRow, name: str, rating: int, gives: str = "bonus"
                 ) -> None:
    choose(qtbot, row.ability, "Typed in…")
    row.name.setFocus()
    qtbot.keyClicks(row.name, name)
    row.rating.selectAll()
    qtbot.keyClicks(row.rating, str(rating))
    choose(qtbot, row.gives, gives)


def show_helpers(qtbot: QtBot, form: EntrantForm) -> None:
    click(qtbot, form.helpers.toggle)
    assert form.helpers.rows_box.isVisible()


def test_boadicca_spears_the_boar(qtbot: QtBot, tracker: PoolTracker) -> None:
    enter(qtbot, tracker.setup.first, "Boadicca", rating=6, bonus=2)
    enter(qtbot, tracker.setup.opponents[0], "Boar", rating=7)
    click(qtbot, tracker.setup.start)
    click(qtbot, tracker.next_button)
    # 8 against 7: she loses half of 7 (4), it loses her full 8.
    assert cell(tracker, "Strength", "Boadicca") == "8 (pool 6 + bonus 2)"
    assert cell(tracker, "Takes", "Boadicca").startswith("4 from Boar")
    assert cell(tracker, "Takes", "Boar").startswith("8 from Boadicca")
    assert pools(tracker) == [2, -1]
    assert tracker.verdict.text() == "Boadicca wins."


def test_the_small_dragon_drags_boadicca_off_at_zero(qtbot: QtBot, tracker: PoolTracker) -> None:
    enter(qtbot, tracker.setup.first, "Boadicca", rating=6, bonus=2)
    enter(qtbot, tracker.setup.opponents[0], "Small dragon", rating=8)
    click(qtbot, tracker.setup.start)
    click(qtbot, tracker.next_button)
    assert pools(tracker) == [2, 4]
    assert [cell(tracker, "Takes", n)[:1] for n in ("Boadicca", "Small dragon")] == ["4", "4"]
    click(qtbot, tracker.next_button)
    # 2 + 2 against 4: each takes 2; the bonus compares, but never keeps her in.
    assert cell(tracker, "Strength", "Boadicca") == "4 (pool 2 + bonus 2)"
    assert pools(tracker) == [0, 2]
    assert tracker.challenge().result is Result.SECOND_WINS


def test_dame_cecilie_wins_three_to_minus_one_behind_her_armour(
    qtbot: QtBot, tracker: PoolTracker
) -> None:
    enter(qtbot, tracker.setup.first, "Cecilie", rating=7, reserves=6)
    enter(qtbot, tracker.setup.opponents[0], "Dragon", rating=8)
    click(qtbot, tracker.setup.start)
    click(qtbot, tracker.next_button)
    assert cell(tracker, "Takes", "Cecilie").startswith("8 from Dragon\nfull: 7 < 8")
    assert cell(tracker, "Reserves", "Cecilie") == "−6 (6 → 0)"
    assert cell(tracker, "Pool", "Cecilie").startswith("7 → 5 in")
    assert pools(tracker) == [5, 4]
    click(qtbot, tracker.next_button)
    assert pools(tracker) == [3, -1]
    assert tracker.verdict.text() == "Cecilie wins."


def test_cecilie_and_the_mother_dragon_then_the_chase(qtbot: QtBot, tracker: PoolTracker) -> None:
    enter(qtbot, tracker.setup.first, "Cecilie", rating=7, reserves=5)
    enter(qtbot, tracker.setup.opponents[0], "Mother dragon", rating=6, reserves=4,
          resistance=4)
    click(qtbot, tracker.setup.start)
    # Each round: what resistance took off the dragon's loss, its reserves and pool; what
    # Cecilie took, her reserves and pool. With no reserves left on either side, the table
    # shows no Reserves row ("").
    rounds = [
        ("−4", "−3 (4 → 1)", "6 → 6", "3 from", "−3 (5 → 2)", "7 → 7"),
        ("−4", "−1 (1 → 0)", "6 → 4", "3 from", "−2 (2 → 0)", "7 → 6"),
        ("−4", "", "4 → 2", "2 from", "", "6 → 4"),
        ("−4", "", "2 → 2", "1 from", "", "4 → 3"),
    ]
    for resisted, d_reserves, d_pool, taken, c_reserves, c_pool in rounds:
        click(qtbot, tracker.next_button)
        assert cell(tracker, "Resistance", "Mother dragon") == resisted
        assert cell(tracker, "Reserves", "Mother dragon") == d_reserves
        assert cell(tracker, "Pool", "Mother dragon").startswith(d_pool)
        assert cell(tracker, "Takes", "Cecilie").startswith(taken)
        assert cell(tracker, "Reserves", "Cecilie") == c_reserves
        assert cell(tracker, "Pool", "Cecilie").startswith(c_pool)
    assert pools(tracker) == [3, 2]
    # Sensing disaster, Cecilie runs like a bunny; the dragon hunts from the air.
    click(qtbot, tracker.columns["Cecilie"].change_button)
    enter(qtbot, tracker.change.form, "Cecilie", rating=3, reserves=0)
    click(qtbot, tracker.change.switch)
    click(qtbot, tracker.columns["Mother dragon"].change_button)
    enter(qtbot, tracker.change.form, "Mother dragon", rating=7, reserves=3, resistance=0)
    click(qtbot, tracker.change.switch)
    chase = tracker.challenge()
    assert chase is not None
    cecilie, dragon = chase.sides
    assert (dragon.pool, dragon.reserves) == (3, 0)  # one point higher; reserves lower: 0
    assert cecilie.pool == 3 and cecilie.carried_bonus == 1  # 3 to 2: half of 1, rounded up
    assert "Switches from" in " ".join(e.public for e in tracker.document.session.log)
    click(qtbot, tracker.next_button)
    assert cell(tracker, "Strength", "Cecilie") == "4 (pool 3 + bonus 1)"
    assert cell(tracker, "Start", "Cecilie") == "Carries a bonus of 1"


def test_diana_carries_a_bonus_of_two_into_the_hit(qtbot: QtBot, tracker: PoolTracker) -> None:
    enter(qtbot, tracker.setup.first, "Diana", rating=5)
    enter(qtbot, tracker.setup.opponents[0], "Fingers", rating=4)
    click(qtbot, tracker.setup.start)
    while not tracker.challenge().over:
        click(qtbot, tracker.next_button)
    assert pools(tracker) == [3, -1]
    assert tracker.prepare_button.isVisible()
    click(qtbot, tracker.prepare_button)
    assert tracker.setup.isVisible() and tracker.setup.start.text() == "Start the prepared " \
        "Challenge"
    assert "Diana ended ahead and carries a bonus of 2" in tracker.setup.note.text()
    assert tracker.setup.first.name.text() == "Diana"
    click(qtbot, tracker.setup.start)
    hit = tracker.challenge()
    assert hit is not None and pools(tracker) == [5, 4]  # a new Challenge, at full pools
    assert hit.side("Diana").carried_bonus == 2
    click(qtbot, tracker.next_button)
    assert cell(tracker, "Strength", "Diana") == "7 (pool 5 + bonus 2)"


@pytest.mark.parametrize("formula", ["in steps", "C² / 2P"])
def test_evangeline_gets_a_bonus_of_one_from_the_logs(qtbot: QtBot, formula: str) -> None:
    document = SessionDocument(load(demo_path(), rng=seeded(1)))
    if formula != "in steps":
        assert document.apply(SetTableOptions({POOL_FORMULA: "square"}))
    tracker = _tracker(qtbot, document)
    first = tracker.setup.first
    enter(qtbot, first, "Evangeline", rating=6)
    show_helpers(qtbot, first)
    typed_helper(qtbot, first.helpers.complements[0], "Logs", 3)
    assert plain(first.entry.text()) == "Enters with pool 6, bonus 1: Logs 3 against 6: bonus 1."
    enter(qtbot, tracker.setup.opponents[0], "Bank of New Orbital France", rating=8)
    click(qtbot, tracker.setup.start)
    assert tracker.challenge().side("Evangeline").bonus == 1


def test_the_data_ninja_lifts_the_logs_but_the_bonus_stays_one(
    qtbot: QtBot, tracker: PoolTracker
) -> None:
    first = tracker.setup.first
    enter(qtbot, first, "Evangeline", rating=6)
    show_helpers(qtbot, first)
    typed_helper(qtbot, first.helpers.complements[0], "Logs", 3)
    typed_helper(qtbot, first.helpers.complements[1], "Noodynamics Data Ninja", 2)
    assert plain(first.entry.text()) == (
        "Enters with pool 6, bonus 1: Logs 4 (raised from 3 by Noodynamics Data Ninja 2) "
        "against 6: bonus 1.")


def test_the_security_administrator_gives_the_bank_reserves_of_two(
    qtbot: QtBot, tracker: PoolTracker
) -> None:
    first = tracker.setup.first
    enter(qtbot, first, "Evangeline", rating=6)
    show_helpers(qtbot, first)
    typed_helper(qtbot, first.helpers.detractors[0], "Microsoft Security Administrator", 3,
                 "reserves")
    assert plain(first.entry.text()).endswith(
        "Microsoft Security Administrator 3 against 6: reserves 2, hindering Evangeline.")
    enter(qtbot, tracker.setup.opponents[0], "Bank of New Orbital France", rating=8)
    click(qtbot, tracker.setup.start)
    challenge = tracker.challenge()
    assert challenge is not None
    assert challenge.side("Bank of New Orbital France").reserves == 2
    assert "reserves 2" in tracker.columns["Bank of New Orbital France"].numbers.text()


def test_gene_converts_to_bonus_and_still_ends_at_zero(qtbot: QtBot, tracker: PoolTracker
                                                        ) -> None:
    enter(qtbot, tracker.setup.first, "Gene", rating=4)
    enter(qtbot, tracker.setup.opponents[0], "Psychovirus", rating=5)
    click(qtbot, tracker.setup.start)
    for name, key, value in (("Psychovirus", "to_reserves", 2), ("Gene", "to_bonus", 2)):
        spin = tracker.columns[name].spins[key]
        spin.selectAll()
        qtbot.keyClicks(spin, str(value))
    click(qtbot, tracker.next_button)
    assert cell(tracker, "Strength", "Gene") == "6 (pool 2 + bonus 4)"
    assert cell(tracker, "Takes", "Psychovirus").startswith("6 from Gene")
    assert cell(tracker, "Reserves", "Psychovirus") == "−6 (6 → 0)"
    assert cell(tracker, "Takes", "Gene").startswith("2 from Psychovirus")
    assert pools(tracker) == [0, 3]
    assert tracker.challenge().result is Result.SECOND_WINS


def test_iridias_penalty_is_two_one_herself_one_from_joiry(qtbot: QtBot) -> None:
    session = pool_session(might=10)
    document = SessionDocument(session)
    tracker = _tracker(qtbot, document)
    first = tracker.setup.first
    first.choose(Source("iridia", "Sorcery"))  # Sorcery 7, the staff's 2 bonus, reserves 2
    show_helpers(qtbot, first)
    choose(qtbot, first.helpers.complements[0].ability, "Joiry: Sorcery 4")
    tracker.setup.opponents[0].choose(Source("demon", "Demonic Might"))
    assert plain(first.entry.text()).startswith("Enters with pool 7, bonus 3, reserves 2")
    click(qtbot, tracker.setup.start)
    click(qtbot, tracker.next_button)
    click(qtbot, tracker.next_button)
    challenge = tracker.challenge()
    assert challenge is not None and challenge.result is Result.FIRST_WINS
    # As in the original: she ends at 1, the demon at -2 (in two rounds here, not one).
    assert [side.pool for side in challenge.sides] == [1, -2]
    [form] = [f for f in tracker.penalties if f.side.name == "Iridia"]
    # 7 + 3/2 + 2/3 = 9 (rounded down); a quarter of it, 2.
    assert plain(form.summary.text()) == ("Pool reached at most half the starting pool: -2 to "
                                          "the ability (a quarter of 9, rounded down).")
    assert not form.take.isEnabled()  # Alex decides for Iridia
    seat(session, ALEX)
    form.spins["Iridia"].setValue(1)
    form.spins["Joiry's Sorcery"].setValue(1)
    click(qtbot, form.take)
    iridia, joiry = session.characters[IRIDIA].sheet, session.characters[JOIRY].sheet
    assert isinstance(iridia, PoolSheet) and isinstance(joiry, PoolSheet)
    assert iridia.effective_rating("Sorcery") == 6 and joiry.effective_rating("Sorcery") == 3

