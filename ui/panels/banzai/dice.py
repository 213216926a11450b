"""Banzai dice the player keeps by clicking them: one toggle per die rolled, its chain shown.

Each die is a button showing the d10 it rolled (a Banzai ten in gold, its chain in words:
``10→3 = 13``); a pressed button is a kept die. The panel pre-selects the dice the model kept
(the highest) and reads the player's choice back with :meth:`KeepPicker.chosen`; the model
checks it (:meth:`~cardtable.resolvers.banzai.setup.BanzaiDice.keeping`).
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.ui.art.dice_faces import DieKind, paint_die
from cardtable.ui.qt import QtCore, QtGui, QtWidgets

#: Dice a row, so that ten dice fit a narrow panel.
PER_ROW = 5
ICON = 30
KEPT_STYLE = (
    "QToolButton { border: 1px solid #9b8f77; border-radius: 6px; padding: 2px; }"
    "QToolButton:checked { border: 3px solid #f2c14e; background: #fff4d6; color: #3b2308;"
    " font-weight: bold; }"
)


def die_icon(faces: Sequence[int], size: int = ICON) -> QtGui.QIcon:
    """The d10 a die first showed (in gold when it exploded)."""
    ratio = 2.0
    pixmap = QtGui.QPixmap(int(size * ratio), int(size * ratio))
    pixmap.setDevicePixelRatio(ratio)
    pixmap.fill(QtCore.Qt.GlobalColor.transparent)
    painter = QtGui.QPainter(pixmap)
    paint_die(painter, QtCore.QRectF(1, 1, size - 2, size - 2), DieKind.D10, faces[0], 10,
              exploding=len(faces) > 1)
    painter.end()
    return QtGui.QIcon(pixmap)


def chain_text(faces: Sequence[int]) -> str:
    """``7``, or ``10→3 = 13`` for a die that exploded."""
    if len(faces) == 1:
        return str(faces[0])
    return "→".join(map(str, faces)) + f" = {sum(faces)}"


class KeepPicker(QtWidgets.QWidget):
    """The dice rolled, each a toggle: pressed means kept."""

    changed = QtCore.Signal()

    def __init__(self, name: str, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName(name)
        self.buttons: list[QtWidgets.QToolButton] = []
        self._grid = QtWidgets.QGridLayout(self)
        self._grid.setContentsMargins(0, 0, 0, 0)
        self._grid.setSpacing(4)

    def set_dice(self, chains: Sequence[Sequence[int]], kept: Sequence[int],
                 editable: bool) -> None:
        """Show ``chains`` with ``kept`` (indices) pressed; ``editable`` lets them be changed."""
        for old in self.buttons:
            old.deleteLater()
        self.buttons = []
        for index, faces in enumerate(chains):
            toggle = QtWidgets.QToolButton(self)
            toggle.setCheckable(True)
            toggle.setChecked(index in kept)
            toggle.setIcon(die_icon(faces))
            toggle.setIconSize(QtCore.QSize(ICON, ICON))
            toggle.setText(str(sum(faces)))
            toggle.setToolButtonStyle(QtCore.Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
            toggle.setStyleSheet(KEPT_STYLE)
            toggle.setMinimumSize(ICON + 30, ICON + 10)
            toggle.setEnabled(editable)
            words = chain_text(faces)
            toggle.setAccessibleName(f"Die {index + 1}: {words}")
            toggle.setToolTip(f"Die {index + 1}: {words}. Pressed: kept (click to keep or drop)")
            toggle.toggled.connect(self._on_toggled)
            self._grid.addWidget(toggle, index // PER_ROW, index % PER_ROW)
            toggle.show()  # at once, not when the layout gets round to it
            self.buttons.append(toggle)

    def chosen(self) -> tuple[int, ...]:
        """The indices of the dice pressed (kept)."""
        return tuple(i for i, toggle in enumerate(self.buttons) if toggle.isChecked())

    def described(self) -> list[str]:
        """Each die in words with its mark: ``10→3 = 13 (kept)``."""
        return [toggle.accessibleName().split(": ", 1)[1]
                + (" (kept)" if toggle.isChecked() else "") for toggle in self.buttons]

    def _on_toggled(self, _checked: bool) -> None:
        self.changed.emit()


__all__ = ["KeepPicker", "chain_text", "die_icon"]
