"""The guide's box: where the round is, what the step says, what it waits for, Back, Next,
and the way out.

It floats over a corner of its stage (the window, or the curtain while it is up) away from
what the step lights, in the palette's tooltip colours edged with its highlight, so that it
reads in light and dark schemes alike. It shows words and takes clicks on its own buttons;
what it says comes from :class:`~cardtable.ui.guides.walk.GuidedRound`.
"""

from __future__ import annotations

from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets
from cardtable.ui.widgets.style import button
from cardtable.ui.widgets.theme import follow_palette, ink

#: How wide the box is, and how far it keeps from the stage's edges, in pixels.
WIDTH = 400
MARGIN = 14


class GuideCard(QtWidgets.QFrame):
    """The words of a guided round, with Back, Next and Leave the guide."""

    def __init__(self, stage: QtWidgets.QWidget, title: str) -> None:
        super().__init__(stage)
        self.setObjectName("guideCard")
        self.setAccessibleName(f"Guide: {title}")
        self.setFrameShape(QtWidgets.QFrame.Shape.StyledPanel)
        self.setAutoFillBackground(True)
        self.kicker = QtWidgets.QLabel(f"Show me a round of {title}", self)
        self.kicker.setObjectName("guideKicker")
        self.heading = QtWidgets.QLabel(self)
        self.heading.setObjectName("guideHeading")
        self.where = QtWidgets.QLabel(self)
        self.where.setObjectName("guideWhere")
        self.says = QtWidgets.QLabel(self)
        self.says.setObjectName("guideSays")
        self.says.setWordWrap(True)
        self.says.setTextFormat(Qt.TextFormat.RichText)
        self.status = QtWidgets.QLabel(self)
        self.status.setObjectName("guideStatus")
        self.status.setWordWrap(True)
        # No Alt letters on its buttons: the panels' own (Perma&nent…) keep theirs.
        self.back = button("Back", "The step before (what was done stays done)", self)
        self.next = button("Next", "The next step, once this one is done", self, primary=True)
        self.leave = button("Leave the guide", "Put the group's table back as it was (Esc)", self)
        self.leave.setObjectName("guideLeave")
        self._title = title
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(14, 10, 14, 12)
        layout.setSpacing(6)
        top = QtWidgets.QHBoxLayout()
        top.addWidget(self.kicker, 1)
        top.addWidget(self.where)
        layout.addLayout(top)
        layout.addWidget(self.heading)
        layout.addWidget(self.says)
        layout.addWidget(self.status)
        row = QtWidgets.QHBoxLayout()
        row.addWidget(self.leave)
        row.addStretch(1)
        row.addWidget(self.back)
        row.addWidget(self.next)
        layout.addLayout(row)
        self.setFixedWidth(WIDTH)
        follow_palette(self, self._restyle)

    def _restyle(self) -> None:
        palette = QtGui.QGuiApplication.palette()
        ground = palette.color(QtGui.QPalette.ColorRole.ToolTipBase).name()
        text = palette.color(QtGui.QPalette.ColorRole.ToolTipText).name()
        edge = palette.color(QtGui.QPalette.ColorRole.Highlight).name()
        self.setStyleSheet(
            f"#guideCard {{ background: {ground}; color: {text}; border: 2px solid {edge};"
            " border-radius: 10px; }"
            f"#guideCard QLabel {{ color: {text}; background: transparent; }}"
            "#guideHeading { font-weight: 700; font-size: 12pt; }"
            f"#guideWhere, #guideKicker {{ color: {ink('muted')}; font-size: 9pt; }}"
            "#guideSays { font-size: 11pt; }"
            f"#guideStatus {{ font-style: italic; color: {text}; }}"
        )

    def show_step(self, number: int, count: int, title: str, says: str) -> None:
        self.heading.setText(title)
        self.where.setText(f"{number} of {count}")
        self.where.setAccessibleName(f"Step {number} of {count}")
        self.says.setText(says)
        self.setAccessibleDescription(f"{self._title}, step {number} of {count}: {title}")

    def show_status(self, text: str, kind: str = "info") -> None:
        """The line under the words: what the step waits for, that it is done, or that
        the player did something else (``kind``: an :func:`ink` meaning)."""
        self.status.setText(text)
        self.status.setStyleSheet(f"color: {ink(kind)}; font-style: italic;")
        self.status.setVisible(bool(text))

    def place(self, avoid: QtCore.QRect) -> None:
        """Float over the stage, in the corner farthest from ``avoid`` (what the step lights,
        in the stage's coordinates), and show."""
        stage = self.parentWidget()
        if stage is None:
            return
        self.adjustSize()
        size = QtCore.QSize(
            WIDTH,
            self.heightForWidth(WIDTH) if self.hasHeightForWidth() else self.sizeHint().height(),
        )
        area = stage.rect().adjusted(MARGIN, MARGIN + _top_room(stage), -MARGIN, -MARGIN - 24)
        corners = [
            QtCore.QPoint(area.left(), area.bottom() - size.height()),
            QtCore.QPoint(area.left(), area.top()),
            QtCore.QPoint(area.right() - size.width(), area.bottom() - size.height()),
            QtCore.QPoint(area.right() - size.width(), area.top()),
        ]
        best = corners[0]
        if not avoid.isEmpty():
            clear = [c for c in corners if not QtCore.QRect(c, size).intersects(avoid)]
            best = (
                clear[0]
                if clear
                else max(
                    corners, key=lambda c: _distance(QtCore.QRect(c, size).center(), avoid.center())
                )
            )
        self.setGeometry(QtCore.QRect(best, size))
        self.show()
        self.raise_()


def _top_room(stage: QtWidgets.QWidget) -> int:
    """Room kept at the top of a main window for its menus and toolbar."""
    if isinstance(stage, QtWidgets.QMainWindow):
        central = stage.centralWidget()
        if central is not None:
            return central.geometry().top()
    return 0


def _distance(one: QtCore.QPoint, other: QtCore.QPoint) -> int:
    return (one - other).manhattanLength()


__all__ = ["GuideCard"]
