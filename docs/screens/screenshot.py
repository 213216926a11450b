"""The README's screenshot: the real main window on the demo table at 1280x800, as the app
opens it: the GM lifts the curtain and passes the computer to Bea, whose turn the scene opens
on; she lifts it in turn, and her hand and the Conflict panel are in sight.

Run from the repository (any display; ``QT_QPA_PLATFORM=offscreen`` will do):

    .venv/bin/python docs/screens/screenshot.py docs/screenshot.png

Its window is made as :mod:`contact_sheets` makes its own, in the light scheme.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from contact_sheets import demo_window, settle

from cardtable.session import PassSeat
from cardtable.ui.qt import QtCore, QtWidgets
from cardtable.ui.widgets.style import bring_forward
from cardtable.ui.widgets.theme import Scheme, follow_the_desktop, scheme_palette

SIZE = QtCore.QSize(1280, 800)


def main(target: Path) -> None:
    app = QtWidgets.QApplication(sys.argv[:1])
    follow_the_desktop(app)
    app.setPalette(scheme_palette(Scheme.LIGHT))
    with tempfile.TemporaryDirectory() as scratch:
        window = demo_window(SIZE, Path(scratch))
        curtain = window.curtain
        if curtain.waiting_for() is not None:
            curtain.confirm.click()  # the GM says "I am Dana"
        session = window.document.session
        bea = next(p for p in session.players if p.name == "Bea")
        window.document.apply(PassSeat(session.state.seat_of(bea.id)))
        settle()
        curtain.confirm.click()  # "I am Bea"
        bring_forward(window.setup.docks["conflict"])
        settle(600)
        window.grab().save(str(target), "PNG")
        window.close()
    print(target, SIZE.width(), "x", SIZE.height())


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshot.png"))
