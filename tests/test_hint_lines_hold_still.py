"""Issue 46: a hint line keeps its room, so a panel's buttons hold still as the computer goes
round. Whom a step waits for ("Waiting for Bob (Leo) to push") shows at every seat but the one
that decides; it once took its room only while shown, and every button below it jumped as the
computer passed. Played in the real window of the dice evening (``dice_evening_rig``), each
seat handed the computer with the Seat menu and its "I am ..." (Yield and Push are held in
``test_window_holds_still.py``)."""

from __future__ import annotations

from dice_evening_rig import ALICE, BOB, GINA, LEO, ScriptedRng
from test_dice_evenings import Evening, evening  # noqa: F401 (the window, as a fixture)

from cardtable.session import PlayerId
from cardtable.ui.panels.dice.duel import DuelView
from cardtable.ui.panels.dice.simple import SimpleView
from cardtable.ui.panels.owners import WaitingFor
from cardtable.ui.qt import QtWidgets

ROUND = (GINA, BOB, ALICE, GINA)


def _places(root: QtWidgets.QWidget) -> dict[str, tuple[int, int]]:
    """Where each button in sight lies in ``root``."""
    found = {}
    for button in root.findChildren(QtWidgets.QAbstractButton):
        if button.isVisibleTo(root):
            at = button.mapTo(root, button.rect().topLeft())
            found[button.accessibleName() or button.text()] = (at.x(), at.y())
    return found


def _round_the_table(table: Evening, root: QtWidgets.QWidget, waiting: list[WaitingFor]) -> None:
    """Pass the computer round: the waiting lines come and go, and no button moves."""
    seen: list[dict[str, tuple[int, int]]] = []
    shown: set[tuple[bool, ...]] = set()
    table.qtbot.wait(300)  # the dice just rolled settle, as a person would see them
    for player in ROUND:
        if table.session.holder != player:
            table.pass_to(player)
        table.qtbot.wait(30)
        seen.append(_places(root))
        shown.add(tuple(line.isVisible() for line in waiting))
    assert len(shown) > 1, "no hint line came and went"
    moved = {
        name: (seen[0][name], places[name])
        for places in seen[1:]
        for name in places
        if name in seen[0] and places[name] != seen[0][name]
    }
    assert not moved, moved


def _seat(table: Evening, player: PlayerId) -> None:
    if table.session.holder != player:
        table.pass_to(player)


def test_the_simple_crisis_challenge_holds_still(evening: Evening) -> None:  # noqa: F811
    table = evening
    view = table.dice_tab(SimpleView)
    assert isinstance(view, SimpleView)
    _seat(table, GINA)
    view.character.setCurrentIndex(view.character.findData(LEO))
    table.type(view.difficulty, "9")
    table.click(view.set_up)
    _seat(table, BOB)
    table.session.rng = ScriptedRng([1, 2, 3])
    table.click(view.roll_button)
    _seat(table, GINA)
    table.click(view.invite)  # Bob may push or stop: asked of him at every other seat
    _round_the_table(table, view, [view.waiting])


def test_the_crisis_duel_holds_still(evening: Evening) -> None:  # noqa: F811
    table = evening
    view = table.dice_tab(DuelView)
    assert isinstance(view, DuelView)
    _seat(table, GINA)
    for box, name in zip(view.names, ("Leo", "Jamil"), strict=True):
        box.setCurrentIndex(box.findText(name))
    table.type(view.crisis, "The handgun goes off")
    table.click(view.start)
    table.session.rng = ScriptedRng([1, 3, 4, 1, 1, 5])
    table.click(view.roll_button)  # 7 against 5: Jamil (Alice's) may push
    lines = [side.waiting for side in view.sides if side.waiting is not None]
    _round_the_table(table, view, lines)


def test_the_banzai_opposed_roll_holds_still(evening: Evening) -> None:  # noqa: F811
    table = evening
    _seat(table, GINA)
    contest = table.kenjutsu_contest()
    first, second = contest.sides
    lines = [first.waiting, second.waiting]
    _round_the_table(table, contest, lines)  # each side waits for its roller
    _seat(table, BOB)
    table.session.rng = ScriptedRng([8, 7, 6, 5, 4])
    table.click(first.roll)
    _round_the_table(table, contest, lines)  # Keiko's roll is still Alice's
