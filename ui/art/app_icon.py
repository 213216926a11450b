"""Cardtable's own icon, for the window, the welcome screen and the New-session wizard."""

from __future__ import annotations

from pathlib import Path

import cardtable.assets
from cardtable.ui.qt import QtCore, QtGui

#: The PNG renderings shipped beside the SVG (``packaging/render_icons.py`` makes them).
ICON_SIZES = (16, 32, 48, 64, 128, 256, 512)


def icons_folder() -> Path:
    """The folder of the app icon files (always a real folder: the assets are not zipped)."""
    return Path(cardtable.assets.__file__).parent / "icons"


def app_icon() -> QtGui.QIcon:
    """Cardtable's icon: the SVG, or its PNG renderings where Qt cannot load SVG icons."""
    folder = icons_folder()
    icon = QtGui.QIcon(str(folder / "cardtable.svg"))
    if not icon.isNull():
        return icon
    # Without the SVG icon plugin (a trimmed bundle, say): every start would otherwise
    # read and decode all the PNGs up front, so they are the fallback only.
    icon = QtGui.QIcon()
    for size in ICON_SIZES:
        icon.addFile(str(folder / f"cardtable-{size}.png"), QtCore.QSize(size, size))
    return icon
