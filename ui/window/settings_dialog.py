"""The Settings dialog: felt colour, card backs, animation speed, confirming reveals.

It edits a copy of a :class:`~cardtable.settings.Settings` and hands back a new one; saving
and applying it are the caller's business::

    chosen = edit_settings(window, load_settings())
    if chosen is not None:
        save_settings(chosen)
        card_art.apply_card_backs(chosen)  # the felt colour and animation: the window's part
"""

from __future__ import annotations

from attrs import evolve

from cardtable.settings import BACK_PALETTES, AnimationSpeed, Settings
from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets

SWATCH = QtCore.QSize(28, 18)


def swatch(ground: str, accent: str | None = None) -> QtGui.QIcon:
    """A small colour sample for a button or a list entry: ``ground`` with an ``accent`` bar."""
    pixmap = QtGui.QPixmap(SWATCH)
    pixmap.fill(QtGui.QColor(ground))
    painter = QtGui.QPainter(pixmap)
    if accent is not None:
        painter.fillRect(0, SWATCH.height() // 2 - 2, SWATCH.width(), 4, QtGui.QColor(accent))
    painter.setPen(QtGui.QColor("#202020"))
    painter.drawRect(pixmap.rect().adjusted(0, 0, -1, -1))
    painter.end()
    return QtGui.QIcon(pixmap)


class SettingsDialog(QtWidgets.QDialog):
    """Edits ``settings``; :meth:`settings` gives the result (recent files kept as they were)."""

    def __init__(self, settings: Settings, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Settings")
        self.setObjectName("settings-dialog")
        self._original = settings
        self._felt = settings.felt_colour

        self.felt_button = QtWidgets.QPushButton(self)
        self.felt_button.setIconSize(SWATCH)
        self.felt_button.setToolTip("The colour of the table's felt. Click to choose another.")
        self.felt_button.clicked.connect(self._on_choose_felt)

        self.tarot_back = self._back_combo(
            "The back of every tarot card, including the ones in players' hands."
        )
        self.playing_back = self._back_combo("The back of every playing card.")

        self.animation = QtWidgets.QComboBox(self)
        for speed in AnimationSpeed:
            self.animation.addItem(
                f"{speed.label} ({speed.ms} ms)" if speed.ms else speed.label, speed.value
            )
        self.animation.setToolTip(
            "How long a card takes to flip or turn round. Off: cards change at once."
        )

        self.confirm_reveal = QtWidgets.QCheckBox("Ask before revealing to the table", self)
        self.confirm_reveal.setToolTip(
            "Ask for a second click before a hidden card or roll is shown to everyone, so that "
            "a slip of the mouse does not give a secret away."
        )

        form = QtWidgets.QFormLayout()
        form.addRow("&Felt colour:", self.felt_button)
        form.addRow("&Tarot card backs:", self.tarot_back)
        form.addRow("&Playing card backs:", self.playing_back)
        form.addRow("&Animation speed:", self.animation)
        form.addRow("", self.confirm_reveal)

        self.buttons = QtWidgets.QDialogButtonBox(
            QtWidgets.QDialogButtonBox.StandardButton.Ok
            | QtWidgets.QDialogButtonBox.StandardButton.Cancel
            | QtWidgets.QDialogButtonBox.StandardButton.RestoreDefaults,
            self,
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        defaults = self.buttons.button(QtWidgets.QDialogButtonBox.StandardButton.RestoreDefaults)
        defaults.setToolTip("Put every setting here back as Cardtable ships it")
        defaults.clicked.connect(self._on_restore_defaults)

        layout = QtWidgets.QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.buttons)
        self._show(settings)

    def _back_combo(self, tip: str) -> QtWidgets.QComboBox:
        combo = QtWidgets.QComboBox(self)
        combo.setIconSize(SWATCH)
        for name, palette in BACK_PALETTES.items():
            combo.addItem(swatch(palette.ground, palette.ink), palette.label, name)
        combo.setToolTip(tip)
        return combo

    def _show(self, settings: Settings) -> None:
        self._set_felt(settings.felt_colour)
        self.tarot_back.setCurrentIndex(self.tarot_back.findData(settings.tarot_back))
        self.playing_back.setCurrentIndex(self.playing_back.findData(settings.playing_back))
        self.animation.setCurrentIndex(self.animation.findData(settings.animation_speed.value))
        self.confirm_reveal.setChecked(settings.confirm_reveal)

    def _set_felt(self, colour: str) -> None:
        self._felt = colour
        self.felt_button.setIcon(swatch(colour))
        self.felt_button.setText(colour)

    def _on_choose_felt(self) -> None:
        chosen = QtWidgets.QColorDialog.getColor(
            QtGui.QColor(self._felt), self, "Felt colour"
        )
        if chosen.isValid():  # invalid: the player cancelled the colour dialog
            self._set_felt(chosen.name())

    def _on_restore_defaults(self) -> None:
        self._show(evolve(Settings(), recent_files=self._original.recent_files))

    def settings(self) -> Settings:
        """The settings as the dialog shows them now."""
        return evolve(
            self._original,
            felt_colour=self._felt,
            tarot_back=self.tarot_back.currentData(),
            playing_back=self.playing_back.currentData(),
            animation_speed=AnimationSpeed(self.animation.currentData()),
            confirm_reveal=self.confirm_reveal.isChecked(),
        )


def edit_settings(parent: QtWidgets.QWidget | None, settings: Settings) -> Settings | None:
    """Show the dialog until it is closed; the new settings, or None if it was cancelled."""
    dialog = SettingsDialog(settings, parent)
    dialog.setWindowModality(Qt.WindowModality.WindowModal)
    try:
        if dialog.exec() == QtWidgets.QDialog.DialogCode.Accepted:
            return dialog.settings()
        return None
    finally:
        dialog.deleteLater()
