"""Contact sheets of every panel, as a player sees it in its dock, for a look at a glance.

Run from the repository (any display; ``QT_QPA_PLATFORM=offscreen`` will do):

    .venv/bin/python docs/screens/contact_sheets.py docs/screens

writes ``panels-<width>x<height>-<scheme>.png`` for 1024x700 and 1920x1080, light and dark:
the real main window on the demo at that size, each panel brought to the front in turn and
its dock grabbed, the welcome screen first. The tiles are scaled down to keep the files small.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from cardtable.randomness import seeded
from cardtable.session.demo import demo_path
from cardtable.settings import Settings
from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets
from cardtable.ui.widgets.theme import Scheme, follow_the_desktop, scheme_palette
from cardtable.ui.window.main_window import DISCARD, MainWindow
from cardtable.ui.window.setup import WindowSetup
from cardtable.ui.window.welcome import WelcomeDialog

SIZES = (QtCore.QSize(1024, 700), QtCore.QSize(1920, 1080))
SCHEMES = (Scheme.LIGHT, Scheme.DARK)
#: How much of its size a tile keeps.
SCALE = 0.7
#: The widest a contact sheet's row of tiles is, in pixels.
WIDTH = 2000


def settle(milliseconds: int = 150) -> None:
    """Let the window lay itself out and paint, as a person would see it."""
    loop = QtCore.QEventLoop()
    QtCore.QTimer.singleShot(milliseconds, loop.quit)
    loop.exec()


def demo_window(size: QtCore.QSize, folder: Path) -> MainWindow:
    """The real main window on the demo at ``size``, its panels built (autosaves in
    ``folder``)."""
    window = MainWindow(demo_path(), autosave_folder=folder / "autosave", animation_ms=0)
    window.ask_unsaved = lambda: DISCARD
    window.setup = WindowSetup(window, Settings(), store=lambda s, f: None)
    window.resize(size)
    window.show()
    ready: list[MainWindow] = []
    window.when_ready(ready.append)
    while not (ready and window.setup.docks):
        settle(50)
    settle(400)
    return window


def _tiles(window: MainWindow) -> list[tuple[str, QtGui.QPixmap]]:
    if window.curtain.waiting_for() is not None:
        window.curtain.confirm.click()  # the GM says "I am Dana": the panels as Dana sees them
        settle()
    welcome = WelcomeDialog(Settings(), rng_source=lambda: seeded(5))
    welcome.show()
    settle()
    tiles = [("Welcome", welcome.grab())]
    welcome.close()
    for dock in [*window.setup.docks.values(), window.hand_dock]:
        dock.show()
        dock.raise_()
        content = dock.widget()
        if isinstance(content, QtWidgets.QTabWidget):
            for index in range(content.count()):
                content.setCurrentIndex(index)
                settle()
                tiles.append((f"{dock.windowTitle()}: {content.tabText(index)}", dock.grab()))
            continue
        settle()
        tiles.append((dock.windowTitle(), dock.grab()))
    return tiles


def contact_sheet(tiles: list[tuple[str, QtGui.QPixmap]]) -> QtGui.QImage:
    """``tiles`` scaled down and laid in rows no wider than :data:`WIDTH`, each under its
    name."""
    scaled = [
        (
            name,
            pixmap.scaled(
                pixmap.size() * SCALE,
                Qt.AspectRatioMode.KeepAspectRatio,
                Qt.TransformationMode.SmoothTransformation,
            ),
        )
        for name, pixmap in tiles
    ]
    caption, gap = 18, 8
    places: list[tuple[int, int]] = []
    x = y = row_height = width = 0
    for _, pixmap in scaled:
        if x and x + pixmap.width() > WIDTH:
            x, y, row_height = 0, y + row_height + caption + gap, 0
        places.append((x, y))
        x += pixmap.width() + gap
        width = max(width, x)
        row_height = max(row_height, pixmap.height())
    sheet = QtGui.QImage(
        width + gap, y + row_height + caption + 2 * gap, QtGui.QImage.Format.Format_RGB32
    )
    palette = QtWidgets.QApplication.palette()
    sheet.fill(palette.color(QtGui.QPalette.ColorRole.Mid))
    painter = QtGui.QPainter(sheet)
    painter.setPen(palette.color(QtGui.QPalette.ColorRole.WindowText))
    for (name, pixmap), (x, y) in zip(scaled, places, strict=True):
        painter.drawText(
            QtCore.QRect(x + gap, y + gap, pixmap.width(), caption),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            name,
        )
        painter.drawPixmap(x + gap, y + gap + caption, pixmap)
    painter.end()
    return sheet


def main(folder: Path) -> None:
    app = QtWidgets.QApplication(sys.argv[:1])
    follow_the_desktop(app)
    folder.mkdir(parents=True, exist_ok=True)
    for scheme in SCHEMES:
        app.setPalette(scheme_palette(scheme))
        for size in SIZES:
            with tempfile.TemporaryDirectory() as scratch:
                window = demo_window(size, Path(scratch))
                sheet = contact_sheet(_tiles(window))
                window.close()
                window.deleteLater()
                settle()
            name = folder / f"panels-{size.width()}x{size.height()}-{scheme.value}.png"
            sheet.save(str(name), "PNG", 0)
            print(name, sheet.width(), "x", sheet.height())


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screens"))
