"""The typefaces Cardtable ships, so that every machine draws and prints the same.

The font files live in ``cardtable.assets/fonts`` (with their licences) and are registered
with Qt once, as soon as an application exists: :func:`use_bundled_fonts` does that and makes
the bundled sans the application's font, so the panels and dialogs use it too. The card art,
the felt and the printed sheets ask for the families below by name; each list ends with
:data:`SANS`, which holds every symbol the app draws (suits, arrows, check marks), so no
glyph is ever left to whatever fallback a machine happens to have.

Nothing here is needed for the model; importing this module costs no Qt call.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from pathlib import Path

from cardtable.assets import asset_folder
from cardtable.ui.qt import QtGui

#: The serif of the cards and printed sheets: a Palatino.
SERIF = "TeX Gyre Pagella"
#: The sans of the felt, the panels and the printed labels; it also has every symbol we use.
SANS = "DejaVu Sans"
#: Printed labels in small capitals, where width is scarce.
SANS_CONDENSED = "DejaVu Sans Condensed"

#: The files, by the family each one adds.
FILES = {
    SERIF: ("texgyrepagella-regular.otf", "texgyrepagella-bold.otf", "texgyrepagella-italic.otf"),
    SANS: ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"),
    SANS_CONDENSED: ("DejaVuSansCondensed-Bold.ttf",),
}
_log = logging.getLogger(__name__)
#: The families registered so far, in the order asked for.
_registered: list[str] = []


def font_folder() -> Path:
    """Where the bundled font files are installed."""
    return asset_folder() / "fonts"


def register_fonts(families: Iterable[str] = FILES) -> list[str]:
    """Register the bundled files of ``families`` (all, by default) with Qt, each family
    once; returns the families registered so far.

    Needs a QGuiApplication. A missing or unreadable file is logged and skipped: the app then
    draws with the machine's own fonts rather than not at all.
    """
    wanted = [family for family in families if family in FILES and family not in _registered]
    if not wanted:
        return list(_registered)
    if QtGui.QGuiApplication.instance() is None:
        raise RuntimeError("register_fonts() needs a QGuiApplication")
    folder = font_folder()
    for family in wanted:
        loaded = False
        for name in FILES[family]:
            if QtGui.QFontDatabase.addApplicationFont(str(folder / name)) < 0:
                _log.warning("could not load the bundled font %s", folder / name)
            else:
                loaded = True
        if loaded:
            _registered.append(family)
    return list(_registered)


def use_bundled_fonts(app: QtGui.QGuiApplication) -> None:
    """Register the bundled sans and make it ``app``'s default font. The serif and the
    condensed sans, which only the cards' faces and the printed sheets use, are registered
    when those first ask for them (:func:`cardtable.ui.art.common.font`, the printing
    canvas): a start needs neither.

    Only the family changes: the size stays the one the desktop asks for (a player who set
    larger text there keeps it).
    """
    register_fonts([SANS])
    font = app.font()
    font.setFamilies([SANS])
    font.setStyleHint(QtGui.QFont.StyleHint.SansSerif)
    app.setFont(font)


def without_ligatures(font: QtGui.QFont) -> QtGui.QFont:
    """``font`` with ligatures off, so text copied from a PDF reads "off", never "oﬀ"."""
    for tag in ("liga", "clig"):
        font.setFeature(QtGui.QFont.Tag(tag), 0)
    return font
