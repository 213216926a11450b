"""The pool Challenge tracker, played through its form and buttons on the demo session.

Every expectation comes from the model played directly on the same sides (the worked
examples ``rules/pool-challenge.md`` lists as holding), never from the tracker's own code.
"""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from cardtable.randomness import seeded
from cardtable.resolvers.pool.challenge import (
    Conversion,
    Entrant,
    PoolChallenge,
    PoolChallengeError,
    Result,
)
from cardtable.resolvers.pool.penalties import LossSource, SourceKind, spread_loss
from cardtable.session import load
from cardtable.session.demo import demo_path
from cardtable.ui.document import SessionDocument
from cardtable.ui.panels.pool.setup import EntrantForm, Mode
from cardtable.ui.panels.pool.tracker import PoolTracker, make_dock
from cardtable.ui.qt import Qt, QtGui


@pytest.fixture
def document() -> SessionDocument:
    return SessionDocument(load(demo_path(), rng=seeded(1)))


@pytest.fixture
def tracker(qtbot: QtBot, document: SessionDocument) -> PoolTracker:
    tracker = PoolTracker(document)
    qtbot.addWidget(tracker)
    tracker.resize(560, 900)
    tracker.show()
    return tracker


def enter(qtbot: QtBot, form: EntrantForm, name: str, **numbers: int) -> None:
    form.name.selectAll()
    qtbot.keyClicks(form.name, name)
    for key, value in numbers.items():
        spin = form.spins[key]
        spin.selectAll()
        qtbot.keyClicks(spin, str(value))


def plain(html: str) -> str:
    return QtGui.QTextDocumentFragment.fromHtml(html).toPlainText()


def click(qtbot: QtBot, button: object) -> None:
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_akane_and_the_cheeseburger_draw_in_two_rounds(
    qtbot: QtBot, tracker: PoolTracker, document: SessionDocument
) -> None:
    enter(qtbot, tracker.setup.first, "Akane", rating=3, bonus=0)
    enter(qtbot, tracker.setup.opponents[0], "Cheeseburger", rating=3)
    click(qtbot, tracker.setup.start)
    expected = PoolChallenge.start(Entrant.of("Akane", 3), Entrant.of("Cheeseburger", 3))
    assert tracker.challenge() == expected
    assert document.session.log[-3].public == "A pool Challenge begins: Akane against Cheeseburger"
    for _ in range(2):
        expected, report = expected.next_round()
        click(qtbot, tracker.next_button)
        assert tracker.challenge() == expected
        table = tracker.round_table
        assert table.isVisible() and table.title.text() == f"Round {report.number}"
        for side in report.sides:
            assert table.text("Strength", side.name) == f"{side.strength} (pool {side.pool})"
            [loss] = side.losses
            why = "full" if loss.full else f"half of {loss.source_strength}"
            assert table.text("Takes", side.name).startswith(
                f"{loss.inflicted} from {loss.source}\n{why}")
            assert table.text("Pool", side.name).startswith(
                f"{side.pool_before} → {side.pool_after} {'OUT' if side.out else 'in'}")
        assert [e.public for e in document.session.log][-len(report.lines()):] == list(
            report.lines()
        )
    assert expected.result is Result.DRAW
    assert tracker.verdict.text() == report.verdict
    assert not tracker.next_button.isEnabled()


def test_a_conversion_beyond_half_the_pool_shows_the_models_reason(
    qtbot: QtBot, tracker: PoolTracker
) -> None:
    enter(qtbot, tracker.setup.first, "Gene", rating=4)
    enter(qtbot, tracker.setup.opponents[0], "Psychovirus", rating=5)
    click(qtbot, tracker.setup.start)
    spin = tracker.columns["Gene"].spins["to_bonus"]
    spin.selectAll()
    qtbot.keyClicks(spin, "3")
    side = PoolChallenge.start(Entrant.of("Gene", 4), Entrant.of("Psychovirus", 5)).side("Gene")
    with pytest.raises(
        PoolChallengeError, match="may convert at most 2 of 4 pool points"
    ) as caught:
        side.check(Conversion(to_bonus=3))
    refusal = tracker.columns["Gene"].refusal
    assert refusal.isVisible() and refusal.text() == str(caught.value)
    assert not tracker.next_button.isEnabled()
    spin.selectAll()
    qtbot.keyClicks(spin, "2")
    assert not refusal.isVisible() and tracker.next_button.isEnabled()


def test_a_planned_conversion_plays_with_the_round_and_undo_takes_both_back(
    qtbot: QtBot, tracker: PoolTracker, document: SessionDocument
) -> None:
    enter(qtbot, tracker.setup.first, "Gene", rating=4)
    enter(qtbot, tracker.setup.opponents[0], "Psychovirus", rating=5)
    click(qtbot, tracker.setup.start)
    start = tracker.challenge()
    spin = tracker.columns["Gene"].spins["to_bonus"]
    spin.selectAll()
    qtbot.keyClicks(spin, "2")
    click(qtbot, tracker.next_button)
    assert start is not None
    expected, report = start.convert("Gene", Conversion(to_bonus=2)).next_round()
    assert tracker.challenge() == expected
    assert report.side("Gene").strength == 6
    assert "Gene converts 2 pool to 4 bonus." in [e.public for e in document.session.log]
    assert spin.value() == 0  # planned for one round only
    assert document.undo()
    assert tracker.challenge() == start
    assert plain(tracker.columns["Gene"].explanation.text()).startswith("Entering")
    assert not tracker.round_table.isVisible()


def test_one_against_many_and_a_horde_are_set_up_by_the_model(
    qtbot: QtBot, tracker: PoolTracker
) -> None:
    tracker.setup.set_mode(Mode.ONE_AGAINST_MANY)
    assert len(tracker.setup.opponents) == 2
    click(qtbot, tracker.setup.add)
    enter(qtbot, tracker.setup.first, "Fu Lan", rating=10)
    for form, (name, rating) in zip(
        tracker.setup.opponents, (("Big Tang", 6), ("Little Tang", 4), ("Tiny Tang", 2)),
        strict=True,
    ):
        enter(qtbot, form, name, rating=rating)
    click(qtbot, tracker.setup.start)
    challenge = tracker.challenge()
    assert challenge is not None and [s.name for s in challenge.second] == [
        "Big Tang", "Little Tang", "Tiny Tang"
    ]
    assert set(tracker.columns) == {"Fu Lan", "Big Tang", "Little Tang", "Tiny Tang"}
    click(qtbot, tracker.clear_button)
    tracker.setup.set_mode(Mode.HORDE)
    enter(qtbot, tracker.setup.first, "Boadicca", rating=8)
    enter(qtbot, tracker.setup.opponents[0], "Wolves", rating=3, members=5, reserves=3)
    click(qtbot, tracker.setup.start)
    horde = Entrant.horde("Wolves", 5, 3, member_reserves=3)
    assert tracker.challenge() == PoolChallenge.start(Entrant.of("Boadicca", 8), horde)
    assert "of 5 standing" in tracker.columns["Wolves"].numbers.text()


def test_the_loser_spreads_a_penalty_over_her_sources(
    qtbot: QtBot, tracker: PoolTracker, document: SessionDocument
) -> None:
    refused: list[str] = []
    document.refused.connect(refused.append)
    enter(qtbot, tracker.setup.first, "Cecilie", rating=5, bonus=2)
    enter(qtbot, tracker.setup.opponents[0], "Dragon", rating=8)
    click(qtbot, tracker.setup.start)
    click(qtbot, tracker.next_button)
    challenge = tracker.challenge()
    assert challenge is not None and challenge.result is Result.SECOND_WINS
    # 7 against 8: she takes the full 8 and goes out; the dragon, half of 7, ends at 4 of 8,
    # which is half its start: it is penalized too, if the fight was hazardous for it.
    form, dragon = tracker.penalties
    assert form.side.name == "Cecilie" and form.isVisible()
    assert dragon.title() == "Dragon's penalty, if the Challenge was hazardous (still in at 4 of 8)"
    penalty = challenge.penalty("Cecilie")
    assert plain(form.summary.text()) == str(penalty)
    points = penalty.ability_points
    sources = [LossSource.own_rating("Cecilie", 5),
               LossSource("Cecilie's bonus", SourceKind.BONUS, 2)]
    # Points that do not add up to the penalty are refused with the rules' reason.
    form.spins["Cecilie"].setValue(0)
    form.spins["Cecilie's bonus"].setValue(1)
    click(qtbot, form.take)
    wrong = rf"^The penalty is {points} points; 1 was assigned\.$"
    with pytest.raises(PoolChallengeError, match=wrong) as caught:
        spread_loss(points, sources, {"Cecilie's bonus": 1})
    assert refused[-1] == str(caught.value)
    form.spins["Cecilie's bonus"].setValue(1)
    form.spins["Cecilie"].setValue(points - 1)
    click(qtbot, form.take)
    said = document.session.log[-1].public
    words = str(penalty).rstrip(".")
    assert said == (f"Cecilie takes the penalty ({words[:1].lower()}{words[1:]}): Cecilie takes "
                    f"{points - 1} (no sheet to write it on); Cecilie's bonus takes 1 (no sheet "
                    "to write it on).")
    form = tracker.penalties[0]
    assert not form.take.isEnabled() and "taken already" in form.take.toolTip()


def test_the_dock_offers_the_demo_captains_abilities(qtbot: QtBot, document: SessionDocument
                                                    ) -> None:
    dock = make_dock(document)
    qtbot.addWidget(dock)
    tracker = dock.widget()
    assert isinstance(tracker, PoolTracker)
    sheet = tracker.setup.sheet
    labels = [sheet.itemText(i) for i in range(sheet.count())]
    # Swordplay 8 on the sheet, less the sheet's penalty of 2 (a burned sword arm).
    label = "Captain Isolde Varga: Swordplay 6 (8, penalty 2)"
    assert label in labels
    sheet.setCurrentIndex(labels.index(label))
    sheet.activated.emit(labels.index(label))
    first = tracker.setup.first
    assert (first.name.text(), first.value("rating"), first.value("bonus")) == (
        "Captain Isolde Varga", 6, 1
    )
    assert not first.spins["rating"].isEnabled()  # the sheet's number: edit the sheet
    assert first.entrant().ability.name == "Swordplay"
    assert plain(first.entry.text()) == "Enters with pool 6, bonus 1."
