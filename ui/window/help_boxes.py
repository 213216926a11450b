"""Help > About Cardtable: what the app is (Help > Keyboard is :mod:`.keys_help`)."""

from __future__ import annotations

from cardtable import __version__
from cardtable.ui.qt import QtWidgets


def about_box(parent: QtWidgets.QWidget) -> None:
    QtWidgets.QMessageBox.about(
        parent,
        "About Cardtable",
        f"<h3>Cardtable {__version__}</h3>"
        "<p>A card-and-dice table for narrative role-playing games, "
        "passed from hand to hand around one computer.</p>",
    )


__all__ = ["about_box"]
