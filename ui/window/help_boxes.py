"""Help > About Cardtable and Help > Keyboard: what the app is, and the keys that play the
table."""

from __future__ import annotations

from cardtable import __version__
from cardtable.ui.qt import QtWidgets

KEYS_HELP = (
    "<table cellpadding=3>"
    "<tr><td><b>Tab</b>, <b>↑ ↓</b></td><td>from pile to pile</td></tr>"
    "<tr><td><b>← →</b></td><td>from card to card</td></tr>"
    "<tr><td><b>Space</b></td><td>choose the card (several: move them together)</td></tr>"
    "<tr><td><b>Enter</b></td><td>draw from a draw pile; flip a card</td></tr>"
    "<tr><td><b>D</b></td><td>draw a card to your hand (or the open table)</td></tr>"
    "<tr><td><b>F</b> / <b>R</b></td><td>flip / turn round</td></tr>"
    "<tr><td><b>S</b></td><td>shuffle the pile</td></tr>"
    "<tr><td><b>Delete</b></td><td>discard</td></tr>"
    "<tr><td><b>P</b> / <b>V</b></td><td>peek at your face-down card / reveal</td></tr>"
    "<tr><td><b>G</b> / <b>N</b> / <b>W</b></td><td>on the open table: gather the chosen cards "
    "into a stack / fan them out / lay them in a row (a stack spreads again)</td></tr>"
    "<tr><td><b>Menu</b>, <b>Shift+F10</b></td><td>everything else, e.g. Move to…</td></tr>"
    "<tr><td><b>Ctrl+Z</b> / <b>Ctrl+Shift+Z</b></td><td>undo / redo</td></tr>"
    "<tr><td><b>Ctrl+0</b></td><td>fit the table to the window</td></tr>"
    "<tr><td><b>F11</b></td><td>full screen, and back</td></tr>"
    "<tr><td><b>Ctrl+1</b> … <b>Ctrl+7</b></td><td>bring a panel to the front "
    "(again: hide it)</td></tr>"
    "<tr><td><b>Ctrl+B</b></td><td>the Banzai roll panel</td></tr>"
    "<tr><td><b>Ctrl+Shift+T</b></td><td>the table as text (for a screen reader)</td></tr>"
    "</table>"
)


def about_box(parent: QtWidgets.QWidget) -> None:
    QtWidgets.QMessageBox.about(
        parent,
        "About Cardtable",
        f"<h3>Cardtable {__version__}</h3>"
        "<p>A card-and-dice table for narrative role-playing games, "
        "passed from hand to hand around one computer.</p>",
    )


def keys_box(parent: QtWidgets.QWidget) -> None:
    QtWidgets.QMessageBox.information(parent, "Keyboard", KEYS_HELP)


__all__ = ["KEYS_HELP", "about_box", "keys_box"]
