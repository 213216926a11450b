"""A side of an opposed Banzai roll typed in rather than read from a sheet: a name, the pool
``XkY`` the GM gives, and its Void (the Raises it may declare).

While a name is typed the side is that name (:class:`~cardtable.steps.banzai.picks.TypedSide`,
the GM's to play) and the character chosen above it is set aside; with the name cleared, the
character is the side again. The numbers are shown only while a name is typed.
"""

from __future__ import annotations

from cardtable.resolvers.banzai.steps import MAX_RANK, DiceModifier
from cardtable.steps.banzai.picks import TypedSide
from cardtable.ui.qt import QtCore, QtWidgets
from cardtable.ui.widgets.style import describe, line_edit

__all__ = ["TypedSideRow"]

#: The pool a typed side starts at, and its Void.
_ROLLED, _KEPT, _VOID = 5, 3, 2
#: The highest Void the panel takes for a side typed in.
_MAX_VOID = 10


def _spin(
    name: str, tip: str, prefix: str, low: int, high: int, value: int, parent: QtWidgets.QWidget
) -> QtWidgets.QSpinBox:
    spin = QtWidgets.QSpinBox(parent)
    spin.setRange(low, high)
    spin.setValue(value)
    spin.setPrefix(prefix)
    spin.setAccessibleName(name)
    describe(spin, tip)
    return spin


class TypedSideRow(QtWidgets.QWidget):
    """A name to type instead of picking a character, and the numbers of that side."""

    changed = QtCore.Signal()

    def __init__(self, number: int, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QtWidgets.QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.name = line_edit(f"Side {number} typed name", "…or type a name (no sheet)", self)
        describe(
            self.name,
            "A side no sheet is behind (a bandit, a beast): type its name and "
            "give its dice; the GM plays it",
        )
        self.rolled = _spin(
            f"Side {number} dice rolled", "The dice this side rolls", "", 1, MAX_RANK, _ROLLED, self
        )
        self.rolled.setSuffix("k")
        self.kept = _spin(
            f"Side {number} dice kept", "The dice this side keeps", "", 1, MAX_RANK, _KEPT, self
        )
        self.void = _spin(
            f"Side {number} Void",
            "This side's Void: the Raises it may declare and the Honor it may make",
            "Void ",
            0,
            _MAX_VOID,
            _VOID,
            self,
        )
        layout.addWidget(self.name, 1)
        for spin in (self.rolled, self.kept, self.void):
            # Hidden, each keeps its room: the row does not change as a name comes and goes.
            policy = spin.sizePolicy()
            policy.setRetainSizeWhenHidden(True)
            spin.setSizePolicy(policy)
            layout.addWidget(spin)
            spin.valueChanged.connect(self.changed)
        self.name.textChanged.connect(self._on_name)
        self._on_name()

    def typed(self) -> bool:
        """Whether a name is typed: the side is this one, not the character above."""
        return bool(self.name.text().strip())

    def side(
        self, modifiers: tuple[DiceModifier, ...], free_raises: int, flat: int = 0
    ) -> TypedSide:
        return TypedSide(
            self.name.text(),
            self.rolled.value(),
            self.kept.value(),
            void=self.void.value(),
            modifiers=modifiers,
            free_raises=free_raises,
            flat=flat,
        )

    def _on_name(self) -> None:
        for spin in (self.rolled, self.kept, self.void):
            spin.setVisible(self.typed())
        self.changed.emit()
