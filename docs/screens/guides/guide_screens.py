"""Screenshots of each guided round: its first step and its last, light and dark.

Run from the repository (any display; ``QT_QPA_PLATFORM=offscreen`` will do):

    .venv/bin/python docs/screens/guides/guide_screens.py docs/screens/guides

writes ``welcome-light.png`` (the welcome screen, which offers the rounds), then
``<guide>-first-<scheme>.png``, ``<guide>-middle-<scheme>.png`` (the step
:data:`MIDDLE` names, a control of a panel lit) and ``<guide>-last-<scheme>.png`` for every
guide the registry lists: the real main window at 1280x800 on a copy of the demo (the
group's table), the round started with fixed randomness and played as a player would, by
pressing what each step lights (a form to fill is filled as :data:`FILL` says).
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from cardtable.randomness import seeded
from cardtable.session.demo import demo_path
from cardtable.settings import Settings
from cardtable.ui.guides.menu import start_round
from cardtable.ui.guides.registry import titles
from cardtable.ui.guides.walk import GuidedRound
from cardtable.ui.qt import QtCore, QtGui, QtWidgets
from cardtable.ui.widgets.theme import Scheme, follow_the_desktop, scheme_palette
from cardtable.ui.window.main_window import DISCARD, MainWindow
from cardtable.ui.window.setup import WindowSetup
from cardtable.ui.window.welcome import WelcomeDialog

if TYPE_CHECKING:
    from cardtable.ui.panels.adventure.conflict.panel import ConflictPanel
    from cardtable.ui.panels.banzai.roll import RollTab

SIZE = QtCore.QSize(1280, 800)
SCHEMES = (Scheme.LIGHT, Scheme.DARK)
#: The seed of each round's prepared table (a round with a push, for crisis dice; an
#: exploding die, for Banzai; Bartholomew trumped, for Fantastical Adventure).
SEEDS = {"crisis": 1, "banzai": 1, "adventure": 2}


def _settle(milliseconds: int = 150) -> None:
    loop = QtCore.QEventLoop()
    QtCore.QTimer.singleShot(milliseconds, loop.quit)
    loop.exec()


def _choose_character(walk: GuidedRound) -> None:
    """The tarot set-up: Ottilie Marchbank faces the Challenge."""
    from cardtable.ui.panels.tarot.panel import TarotPanel

    panel = walk.window.setup.docks["tarot"].findChild(TarotPanel)
    assert panel is not None
    panel.character.setCurrentIndex(panel.character.findData("ottilie-marchbank"))


def _very_hard(walk: GuidedRound) -> None:
    """The crisis set-up: difficulty 15, with a Crisis written down."""
    from cardtable.ui.panels.dice.simple import SimpleView

    view = walk.window.setup.docks["dice"].findChild(SimpleView)
    assert view is not None
    view.difficulty.setValue(15)
    view.crisis.setText("The lights in the reading room go out")


def _isolde_against_a_wyvern(walk: GuidedRound) -> None:
    """The pool set-up: Isolde's Swordplay against a wyvern of rating 4."""
    from cardtable.ui.panels.pool.tracker import PoolTracker

    tracker = walk.window.setup.docks["pool"].findChild(PoolTracker)
    assert tracker is not None
    setup = tracker.setup
    setup.first.choose(next(s for s in setup.first.sources if s.ability == "Swordplay"))
    setup.opponents[0].name.setText("A young wyvern")
    setup.opponents[0].spins["rating"].setValue(4)


def _one_pool_to_bonus(walk: GuidedRound) -> None:
    """Isolde's conversion: 1 pool to 2 bonus."""
    from cardtable.ui.panels.pool.tracker import PoolTracker

    tracker = walk.window.setup.docks["pool"].findChild(PoolTracker)
    assert tracker is not None
    next(iter(tracker.columns.values())).spins["to_bonus"].setValue(1)


def _banzai_tab(walk: GuidedRound) -> RollTab:
    from cardtable.ui.panels.banzai.roll import RollTab

    tab = walk.window.setup.docks["banzai"].findChild(RollTab)
    assert tab is not None
    return tab


def _kenjutsu_with_fire(walk: GuidedRound) -> None:
    """The Banzai roll: Kaneda's Kenjutsu with Fire, 4k3."""
    who = _banzai_tab(walk).form.who
    who.character.setCurrentIndex(who.character.findData("kaneda-suzume"))
    who.skill.setCurrentIndex(who.skill.findData("Kenjutsu"))
    who.element.setCurrentIndex(who.element.findText("Fire 3"))


def _tn_15(walk: GuidedRound) -> None:
    _banzai_tab(walk).form.tn.setValue(15)


def _one_raise(walk: GuidedRound) -> None:
    _banzai_tab(walk).odds[1].click()


def _conflict(walk: GuidedRound) -> ConflictPanel:
    from cardtable.ui.panels.adventure.conflict.panel import ConflictPanel

    panel = walk.window.setup.docks["conflict"].findChild(ConflictPanel)
    assert panel is not None
    return panel


def _bartholomew(walk: GuidedRound) -> None:
    challenger = _conflict(walk).challenger
    challenger.setCurrentIndex(challenger.findData("bartholomew-quince"))


def _crane(walk: GuidedRound) -> None:
    answerer = _conflict(walk).answerer
    answerer.setCurrentIndex(answerer.findData("harbourmaster-crane"))


def _lay(card: str, words: str) -> Callable[[GuidedRound], None]:
    """The goal (or intent) typed before the form's button; the card once the picker asks."""

    def fill(walk: GuidedRound) -> None:
        panel = _conflict(walk)
        if panel.pending is not None:
            panel.picker.choose(card)
        elif panel.challenge_box.isVisible():
            panel.goal_edit.setText(words)
        else:
            panel.intent.setText(words)

    return fill


def _close_when_asked(_walk: GuidedRound) -> None:
    """Close the Conflict asks first: yes, close it."""

    def answer() -> None:
        box = QtWidgets.QApplication.activeModalWidget()
        if not isinstance(box, QtWidgets.QMessageBox):
            QtCore.QTimer.singleShot(20, answer)
            return
        next(b for b in box.buttons() if b.text() == "Close the Conflict").click()

    QtCore.QTimer.singleShot(0, answer)


#: The step shown between the first and the last, by guide (none: no middle picture).
MIDDLE = {
    "tarot": "Draw a card",
    "crisis": "Push your luck",
    "pool": "Take a risk, or play safe",
    "adventure": "Yield, or push",
    "banzai": "Keep the dice, then decide",
}
#: What the player fills in at a step before pressing what it lights, by guide and step.
FILL: dict[tuple[str, str], Callable[[GuidedRound], None]] = {
    ("tarot", "Set the Challenge up"): _choose_character,
    ("crisis", "Set a Simple Challenge"): _very_hard,
    ("pool", "Set up the sides"): _isolde_against_a_wyvern,
    ("pool", "Take a risk, or play safe"): _one_pool_to_bonus,
    ("banzai", "Build the roll"): _kenjutsu_with_fire,
    ("banzai", "The target number"): _tn_15,
    ("banzai", "Raises, by their odds"): _one_raise,
    ("adventure", "Alex's turn"): _bartholomew,
    ("adventure", "Issue the Challenge"): _lay(
        "7 of Clubs (Strong)", "to get aboard the Gull before she sails"
    ),
    ("adventure", "Who answers"): _crane,
    ("adventure", "Answer"): _lay("9 of Spades (Strong)", "to keep the Gull in harbour"),
    ("adventure", "Close the Conflict"): _close_when_asked,
}


def _window(folder: Path) -> MainWindow:
    group = folder / "group.cardtable"
    shutil.copyfile(demo_path(), group)
    window = MainWindow(group, autosave_folder=folder / "autosave", animation_ms=0)
    window.ask_unsaved = lambda: DISCARD
    window.setup = WindowSetup(window, Settings(), store=lambda s, f: None)
    window.resize(SIZE)
    window.show()
    ready: list[MainWindow] = []
    window.when_ready(ready.append)
    while not (ready and window.setup.docks):
        _settle(50)
    _settle(300)
    window.curtain.confirm.click()  # Dana sits down at the group's table
    _settle(300)
    return window


def _play_to_the_end(walk: GuidedRound, shots: dict[str, QtGui.QPixmap]) -> None:
    """Press what each step lights (Next on a step to read) up to the last step, taking
    the middle picture on the way."""
    while walk.at < len(walk.steps) - 1:
        step = walk.step
        if step.title == MIDDLE.get(walk.guide.key) and "middle" not in shots:
            _settle(300)
            shots["middle"] = walk.window.grab()
        fill = FILL.get((walk.guide.key, step.title))
        if fill is not None:
            fill(walk)
        spot = walk.spot()
        if step.done is None or spot is None:
            walk.card.next.click()
        else:
            assert isinstance(spot.widget, QtWidgets.QAbstractButton), step.title
            spot.widget.click()
        _settle(60)


def _welcome(folder: Path) -> None:
    """The welcome screen, where a first-time player finds Show me a round of…"""
    welcome = WelcomeDialog(Settings(), rng_source=lambda: seeded(5))
    welcome.show()
    _settle()
    shot = welcome.grab()
    welcome.close()
    name = folder / "welcome-light.png"
    shot.save(str(name), "PNG")
    print(name, shot.width(), "x", shot.height())


def main(folder: Path) -> None:
    app = QtWidgets.QApplication(sys.argv[:1])
    follow_the_desktop(app)
    folder.mkdir(parents=True, exist_ok=True)
    for scheme in SCHEMES:
        app.setPalette(scheme_palette(scheme))
        if scheme is Scheme.LIGHT:
            _welcome(folder)
        for key, _title in titles():
            with tempfile.TemporaryDirectory() as scratch:
                window = _window(Path(scratch))
                walk = start_round(window, key, seeded(SEEDS.get(key, 3)))
                assert walk is not None
                _settle(400)
                shots = {"first": window.grab()}
                _play_to_the_end(walk, shots)
                _settle(400)
                shots["last"] = window.grab()
                walk.leave()
                window.close()
                window.deleteLater()
                _settle()
            for which, shot in shots.items():
                name = folder / f"{key}-{which}-{scheme.value}.png"
                shot.save(str(name), "PNG")
                print(name, shot.width(), "x", shot.height())


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screens/guides"))
