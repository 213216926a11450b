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

SIZE = QtCore.QSize(1280, 800)
SCHEMES = (Scheme.LIGHT, Scheme.DARK)
#: The seed of each round's prepared table (a round with a push, for crisis dice).
SEEDS = {"crisis": 1}


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


#: The step shown between the first and the last, by guide (none: no middle picture).
MIDDLE = {"tarot": "Draw a card", "crisis": "Push your luck"}
#: What the player fills in at a step before pressing what it lights, by guide and step.
FILL: dict[tuple[str, str], Callable[[GuidedRound], None]] = {
    ("tarot", "Set the Challenge up"): _choose_character,
    ("crisis", "Set a Simple Challenge"): _very_hard,
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
