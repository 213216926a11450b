"""The floor of ``cardtable bench``'s start-up figure: a bare PySide6 window of the app's size
that prints the time of its first paint the way the app does (``cardtable: painted at …``).

Run as a file (``python .../bare_window.py``), not as a module of the package, so that it
imports nothing of Cardtable: it times what PySide6 alone takes to show a window.
"""

import sys
import time

from PySide6 import QtCore, QtWidgets


class FirstPaint(QtCore.QObject):
    """Prints the time just after the window's first paint, then quits."""

    seen = False

    def eventFilter(self, watched: QtCore.QObject, event: QtCore.QEvent) -> bool:
        if not self.seen and event.type() == QtCore.QEvent.Type.Paint:
            self.seen = True
            QtCore.QTimer.singleShot(0, self.painted)
        return False

    def painted(self) -> None:
        print(f"cardtable: painted at {time.time():.6f}", flush=True)
        QtWidgets.QApplication.exit(0)


def main() -> int:
    app = QtWidgets.QApplication(sys.argv[:1])
    window = QtWidgets.QMainWindow()
    window.setWindowTitle("bare")
    window.resize(1280, 800)
    first = FirstPaint()
    window.installEventFilter(first)  # the window alone, as the app's smoke test watches
    window.show()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
