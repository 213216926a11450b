"""View > Table on a second screen: the public window, where it opens, and the GM's picture.

Under the offscreen platform there is one screen: the window opens as a normal window. The
two-screen case runs in a child process under Xvfb with two X screens (Qt sees each as a
screen): the window fills the second, full screen, and comes back to the primary as a normal
window when the second goes away (``screenRemoved``: Xvfb cannot unplug a screen, and its
RandR ignores ``xrandr --setmonitor``, so the removal is the signal Qt would send).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot
from seat_rig import GINA, HAND, OGRE, ZONE, table_window, take_seat, three_seats

from cardtable.session import Move, PassSeat
from cardtable.settings import Settings
from cardtable.ui.public.preview import FRAME_MS
from cardtable.ui.qt import Qt

ROOT = Path(__file__).resolve().parent.parent


def test_with_one_screen_the_table_opens_as_a_window_and_the_gm_sees_it_small(
    qtbot: QtBot, tmp_path: Path
) -> None:
    session = three_seats(4)
    take_seat(session, GINA)
    window = table_window(qtbot, tmp_path, session)
    entry = window.public_screen.action
    assert entry.text() == "Table on a &second screen" and entry.isCheckable()
    entry.trigger()
    public = window.public_screen.window
    preview = window.public_screen.preview
    assert public is not None and preview is not None
    qtbot.addWidget(public)
    qtbot.waitExposed(public)
    assert entry.isChecked() and public.isVisible() and not public.isFullScreen()
    qtbot.waitUntil(lambda: preview.frames == 1, timeout=2000)
    assert not preview.picture.pixmap().isNull()
    card = session.table.piles[HAND[OGRE]].cards[0]
    window.document.apply(Move((card,), ZONE[OGRE], face_up=True))
    qtbot.waitUntil(lambda: preview.frames == 2, timeout=2000)
    qtbot.wait(FRAME_MS * 2)
    assert preview.frames == 2  # no change, no picture
    public.close()
    assert not entry.isChecked() and not preview.isVisible()


SCRIPT = textwrap.dedent(
    """
    from PySide6 import QtGui, QtWidgets
    app = QtWidgets.QApplication([])
    from cardtable.ui.document import SessionDocument
    from cardtable.ui.public.screens import PublicScreen, screen_words
    laptop, tv = app.screens()
    main = QtWidgets.QMainWindow()
    main.show()
    document = SessionDocument()
    offered = []
    def choose(parent, screens):
        offered.extend(screen_words(s) for s in screens)
        return screens[0]
    control = PublicScreen(main, lambda: document, choose)
    control.action.trigger()
    window = control.window
    for _ in range(20):
        app.processEvents()
    print("offered", offered)
    full = window.geometry() == tv.geometry()
    print("opened", window.screen() is tv, window.isFullScreen(), full)
    app.screenRemoved.emit(tv)
    for _ in range(20):
        app.processEvents()
    print("back", window.screen() is laptop, window.isFullScreen(), window.isVisible())
    """
)


@pytest.mark.skipif(shutil.which("Xvfb") is None, reason="needs Xvfb")
@pytest.mark.parametrize("scale", ["1", "2"])  # 2: a HiDPI laptop scaling its desktop
def test_with_two_screens_the_table_fills_the_second_and_comes_back(
    tmp_path: Path, scale: str
) -> None:
    read, write = os.pipe()
    xvfb = subprocess.Popen(
        [
            "Xvfb",
            "-displayfd",
            str(write),
            "-screen",
            "0",
            "1280x800x24",
            "-screen",
            "1",
            "1920x1080x24",
        ],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    try:
        with os.fdopen(read) as display:
            number = display.readline().strip()
        runtime = tmp_path / "runtime"
        runtime.mkdir(mode=0o700)
        env = {
            **os.environ,
            "DISPLAY": f":{number}",
            "QT_QPA_PLATFORM": "xcb",
            "XDG_RUNTIME_DIR": str(runtime),
            "HOME": str(tmp_path),
            "QT_SCALE_FACTOR": scale,
        }
        done = subprocess.run(
            [sys.executable, "-c", SCRIPT],
            env=env,
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
        )
    finally:
        xvfb.terminate()
        xvfb.wait()
    lines = done.stdout.splitlines()
    assert done.returncode == 0, done.stderr
    assert lines == [
        "offered ['screen, 1920 x 1080', 'screen, 1280 x 800']",
        "opened True True True",
        "back True False True",
    ], done.stderr


def test_the_setting_opens_the_public_table_at_start(qtbot: QtBot, tmp_path: Path) -> None:
    assert Settings.from_dict(Settings(public_table_at_start=True).to_dict()).public_table_at_start
    window = table_window(qtbot, tmp_path, three_seats(4), Settings(public_table_at_start=True))
    public = window.public_screen.window
    assert public is not None
    qtbot.addWidget(public)
    assert public.isVisible() and window.public_screen.action.isChecked()
    window.public_screen.action.trigger()  # unticked: closed
    assert not public.isVisible()


def test_the_public_table_closes_with_the_main_window(qtbot: QtBot, tmp_path: Path) -> None:
    window = table_window(qtbot, tmp_path, three_seats(4))
    window.public_screen.action.trigger()
    public = window.public_screen.window
    assert public is not None and public.isVisible()
    window.close()
    assert not public.isVisible()


def test_on_the_laptops_own_screen_the_public_table_steps_aside_for_the_curtain(
    qtbot: QtBot, tmp_path: Path
) -> None:
    # One screen: the public table could cover "I am ...", so it goes while the curtain is up
    # and comes back once the next player has taken the computer.
    window = table_window(qtbot, tmp_path, three_seats(4))
    window.public_screen.action.trigger()
    public = window.public_screen.window
    assert public is not None and public.isVisible()
    qtbot.addWidget(public)
    session = window.document.session
    window.document.apply(PassSeat([p.id for p in session.players].index(GINA)))
    assert session.curtain == GINA
    assert not public.isVisible()
    qtbot.mouseClick(window.curtain.confirm, Qt.MouseButton.LeftButton)
    assert session.curtain is None
    qtbot.waitUntil(public.isVisible)
