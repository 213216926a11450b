"""The editable rows of the New-session wizard: players in seat order and their characters.

A :class:`PlayerRow` or :class:`CharacterRow` owns the widgets of one line of a
:class:`RowGrid` (a grid, so that every row's boxes line up under one header) and a message
label under them for what :meth:`cardtable.session.new_session.NewSessionPlan.problems`
says about that line. Rows keep a stable :attr:`key`, so a character follows its player
through renames and reordering.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from cardtable.session.model import MAX_NAME, PALETTE
from cardtable.session.new_session import CharacterPlan, PlayerPlan, system_title
from cardtable.ui.art.start_icons import start_icon, swatch_icon
from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets

#: Names for the offered seat colours, in :data:`PALETTE` order.
COLOUR_NAMES = ("Red", "Blue", "Green", "Purple", "Orange", "Teal", "Grey")
#: Problem text on a light and on a dark background.
ERROR_ON_LIGHT, ERROR_ON_DARK = "#b3261e", "#ff8a80"
_keys = itertools.count(1)


def colour_name(colour: str) -> str:
    """``"#c0392b"`` is ``"Red"``; a colour outside the palette is named by its code."""
    lowered = colour.lower()
    return next((n for c, n in zip(PALETTE, COLOUR_NAMES, strict=True) if c == lowered), colour)


def muted_colour() -> str:
    """Text colour for hints and headers: the palette's text, faded toward its background
    (so it reads in a dark theme as well as a light one)."""
    palette = QtGui.QGuiApplication.palette()
    text, ground = (
        palette.color(QtGui.QPalette.ColorRole.WindowText),
        palette.color(QtGui.QPalette.ColorRole.Window),
    )
    mix = QtGui.QColor.fromRgbF(
        text.redF() * 0.6 + ground.redF() * 0.4,
        text.greenF() * 0.6 + ground.greenF() * 0.4,
        text.blueF() * 0.6 + ground.blueF() * 0.4,
    )
    return mix.name()


def error_colour() -> str:
    """Text colour for a problem, readable on the palette's background."""
    ground = QtGui.QGuiApplication.palette().color(QtGui.QPalette.ColorRole.Window)
    return ERROR_ON_DARK if ground.lightnessF() < 0.5 else ERROR_ON_LIGHT


def message_label() -> QtWidgets.QLabel:
    """A small label for a line's problem, empty and hidden until there is one."""
    label = QtWidgets.QLabel()
    label.setWordWrap(True)
    font = label.font()
    font.setPointSizeF(font.pointSizeF() * 0.92)
    label.setFont(font)
    label.hide()
    return label


def show_message(label: QtWidgets.QLabel, text: str, *, hint: bool = False) -> None:
    """Show ``text`` in ``label``: red for a problem, grey for a hint; hide it when empty."""
    label.setText(text)
    label.setStyleSheet(f"color: {muted_colour() if hint else error_colour()};")
    label.setVisible(bool(text))


def _tool_button(icon: str, tip: str, name: str) -> QtWidgets.QToolButton:
    button = QtWidgets.QToolButton()
    button.setIcon(start_icon(icon))
    button.setIconSize(QtCore.QSize(16, 16))
    button.setAutoRaise(True)
    button.setToolTip(tip)
    button.setAccessibleName(name)
    button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
    return button


def _name_edit(placeholder: str, tip: str) -> QtWidgets.QLineEdit:
    edit = QtWidgets.QLineEdit()
    edit.setPlaceholderText(placeholder)
    edit.setMaxLength(MAX_NAME + 10)  # room to be told it is too long, not silently cut
    edit.setToolTip(tip)
    edit.setMinimumWidth(180)
    edit.setClearButtonEnabled(True)
    return edit


class ColourButton(QtWidgets.QToolButton):
    """A seat colour: a swatch that opens the palette, with "Other colour..." at the end."""

    colour_changed = QtCore.Signal(str)

    def __init__(self, colour: str, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self._colour = colour
        self.setPopupMode(QtWidgets.QToolButton.ToolButtonPopupMode.InstantPopup)
        self.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.setIconSize(QtCore.QSize(18, 18))
        self.setMinimumWidth(104)
        menu = QtWidgets.QMenu(self)
        for value, name in zip(PALETTE, COLOUR_NAMES, strict=True):
            action = menu.addAction(swatch_icon(value), name)
            action.setData(value)
            action.triggered.connect(lambda _=False, v=value: self.set_colour(v))
        menu.addSeparator()
        other = menu.addAction("Other colour…")
        other.triggered.connect(self._on_other)
        self.setMenu(menu)
        self._show()

    @property
    def colour(self) -> str:
        return self._colour

    def set_colour(self, colour: str) -> None:
        colour = colour.lower()
        if colour != self._colour:
            self._colour = colour
            self._show()
            self.colour_changed.emit(colour)

    def _show(self) -> None:
        self.setIcon(swatch_icon(self._colour))
        self.setText(colour_name(self._colour))
        self.setToolTip(f"Seat colour: {colour_name(self._colour)}. Click to choose another.")

    def _on_other(self) -> None:
        chosen = QtWidgets.QColorDialog.getColor(
            QtGui.QColor(self._colour), self, "Choose a seat colour"
        )
        if chosen.isValid():
            self.set_colour(chosen.name())


class PlayerRow(QtCore.QObject):
    """One seat: its number, the player's name, colour and GM mark, and buttons to move or
    remove it."""

    edited = QtCore.Signal()
    gm_ticked = QtCore.Signal(object)  # this row
    move_requested = QtCore.Signal(object, int)  # this row, -1 (up) or +1 (down)
    remove_requested = QtCore.Signal(object)

    def __init__(self, colour: str, parent: QtCore.QObject | None = None) -> None:
        super().__init__(parent)
        self.key = next(_keys)
        #: True once the name box has been typed in; an untouched blank name is only a hint.
        self.touched = False
        self.seat = QtWidgets.QLabel()
        self.seat.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.seat.setFixedSize(26, 26)
        self.name = _name_edit("Player's name", "The name of the person in this seat.")
        self.colour = ColourButton(colour)
        self.gm = QtWidgets.QCheckBox("GM")
        self.gm.setToolTip(
            "The game master (Story Daimyo) runs the world and its NPCs. At most one per table."
        )
        self.up = _tool_button("up", "Move this player one seat earlier (Alt+Up)", "Move up")
        self.down = _tool_button("down", "Move this player one seat later (Alt+Down)", "Move down")
        self.remove = _tool_button("remove", "Remove this player", "Remove player")
        self.message = message_label()
        self.name.textEdited.connect(self._on_typed)
        self.name.textChanged.connect(lambda _text: self.edited.emit())
        self.colour.colour_changed.connect(self._on_colour)
        self._paint_seat()
        self.gm.toggled.connect(self._on_gm)
        self.up.clicked.connect(lambda: self.move_requested.emit(self, -1))
        self.down.clicked.connect(lambda: self.move_requested.emit(self, 1))
        self.remove.clicked.connect(lambda: self.remove_requested.emit(self))
        for keys, step in (("Alt+Up", -1), ("Alt+Down", 1)):
            shortcut = QtGui.QShortcut(QtGui.QKeySequence(keys), self.name)
            shortcut.setContext(Qt.ShortcutContext.WidgetShortcut)
            shortcut.activated.connect(lambda s=step: self.move_requested.emit(self, s))

    def cells(self) -> list[QtWidgets.QWidget]:
        return [self.seat, self.name, self.colour, self.gm, self.up, self.down, self.remove]

    def set_seat(self, index: int, count: int) -> None:
        self.seat.setText(f"{index + 1}")
        self.seat.setToolTip(f"Seat {index + 1}: players take turns in seat order.")
        self.name.setAccessibleName(f"Seat {index + 1} player name")
        self.colour.setAccessibleName(f"Seat {index + 1} colour")
        self.gm.setAccessibleName(f"Seat {index + 1} is the GM")
        self.up.setEnabled(index > 0)
        self.down.setEnabled(index < count - 1)

    def plan(self) -> PlayerPlan:
        return PlayerPlan(self.name.text(), self.colour.colour, self.gm.isChecked())

    def _on_typed(self, _text: str) -> None:
        self.touched = True

    def _on_colour(self, _colour: str) -> None:
        self._paint_seat()
        self.edited.emit()

    def _paint_seat(self) -> None:
        # The seat number on a disc of the seat's colour, as the table shows the seat.
        colour = QtGui.QColor(self.colour.colour)
        ink = "#ffffff" if colour.lightnessF() < 0.62 else "#1b1b1b"
        self.seat.setStyleSheet(
            f"background: {colour.name()}; color: {ink}; border-radius: 13px; font-weight: 700;"
        )

    def _on_gm(self, checked: bool) -> None:
        if checked:
            self.gm_ticked.emit(self)
        self.edited.emit()


class CharacterRow(QtCore.QObject):
    """One character: its name, the player controlling it, its system."""

    edited = QtCore.Signal()
    remove_requested = QtCore.Signal(object)

    def __init__(self, parent: QtCore.QObject | None = None) -> None:
        super().__init__(parent)
        self.key = next(_keys)
        self.touched = False
        self.badge = QtWidgets.QLabel()
        self.badge.setPixmap(start_icon("character").pixmap(24, 24))
        self.name = _name_edit("Character's name", "The character's name, as on the sheet.")
        self.player = QtWidgets.QComboBox()
        self.player.setToolTip("The player who controls this character.")
        self.player.setMinimumWidth(130)
        self.system = QtWidgets.QComboBox()
        self.system.setToolTip("The system this character's sheet belongs to.")
        self.system.setMinimumWidth(170)
        self.remove = _tool_button("remove", "Remove this character", "Remove character")
        self.message = message_label()
        #: The name of the player last chosen, for when that player leaves the table.
        self._player_name = ""
        self._system = ""
        self.name.textEdited.connect(self._on_typed)
        self.name.textChanged.connect(lambda _text: self.edited.emit())
        self.player.currentIndexChanged.connect(self._on_player)
        self.system.currentIndexChanged.connect(self._on_system)
        self.remove.clicked.connect(lambda: self.remove_requested.emit(self))

    def cells(self) -> list[QtWidgets.QWidget]:
        return [self.badge, self.name, self.player, self.system, self.remove]

    def set_index(self, index: int) -> None:
        number = index + 1
        self.name.setAccessibleName(f"Character {number} name")
        self.player.setAccessibleName(f"Character {number} player")
        self.system.setAccessibleName(f"Character {number} system")

    def set_choices(
        self,
        players: Sequence[tuple[int, str]],
        systems: Sequence[str],
        *,
        player: int | None = None,
        system: str | None = None,
    ) -> None:
        """Offer ``players`` (row key, name) and ``systems``; keep the current choices, and
        keep a choice that is no longer offered (marked), so its problem can be shown."""
        wanted_player = player if player is not None else self.player.currentData()
        wanted_system = system if system is not None else self._system
        for combo in (self.player, self.system):
            combo.blockSignals(True)
            combo.clear()
        for key, name in players:
            self.player.addItem(name.strip() or "(no name yet)", key)
        index = self.player.findData(wanted_player)
        if index < 0 and self._player_name:
            self.player.addItem(f"{self._player_name} (left the table)", None)
            index = self.player.count() - 1
        self.player.setCurrentIndex(max(index, 0) if self.player.count() else -1)
        for system_key in systems:
            self.system.addItem(system_title(system_key), system_key)
        index = self.system.findData(wanted_system)
        if index < 0 and wanted_system:
            self.system.addItem(f"{system_title(wanted_system)} (not ticked)", wanted_system)
            index = self.system.count() - 1
        self.system.setCurrentIndex(max(index, 0) if self.system.count() else -1)
        for combo in (self.player, self.system):
            combo.blockSignals(False)
        self._remember()

    def plan(self, names: dict[int, str]) -> CharacterPlan:
        """The character as planned; ``names`` gives each player row's name by its key."""
        key = self.player.currentData()
        player = names.get(key, self._player_name) if key is not None else self._player_name
        return CharacterPlan(self.name.text(), player, self._system)

    def _remember(self) -> None:
        key = self.player.currentData()
        if key is not None:
            self._player_name = self.player.currentText()
        system = self.system.currentData()
        if isinstance(system, str):
            self._system = system

    def _on_typed(self, _text: str) -> None:
        self.touched = True

    def _on_player(self, _index: int) -> None:
        self._remember()
        self.edited.emit()

    def _on_system(self, _index: int) -> None:
        self._remember()
        self.edited.emit()


Row = PlayerRow | CharacterRow


class RowGrid(QtWidgets.QWidget):
    """Rows under a header, every box in its column; a message line under each row."""

    def __init__(
        self,
        headers: Sequence[str],
        footer: QtWidgets.QWidget | None = None,
        stretch_column: int = 1,
    ) -> None:
        super().__init__()
        self._grid = QtWidgets.QGridLayout(self)
        self._grid.setContentsMargins(4, 4, 4, 4)
        self._grid.setHorizontalSpacing(8)
        self._grid.setVerticalSpacing(2)
        self._grid.setColumnStretch(stretch_column, 1)
        self._headers = []
        for column, text in enumerate(headers):
            label = QtWidgets.QLabel(text)
            label.setStyleSheet(f"color: {muted_colour()}; font-weight: 600;")
            self._grid.addWidget(label, 0, column)
            self._headers.append(label)
        self._columns = len(headers)
        self._filler = QtWidgets.QWidget()
        #: Under the last row (the "Add" buttons), so they stay next to what they add to.
        self._footer = footer or QtWidgets.QWidget()
        self._stretch_line = 1
        self.rows: list[Row] = []
        self.set_rows([])

    def set_rows(self, rows: Sequence[Row]) -> None:
        """Lay out ``rows`` in this order (the widgets of dropped rows are deleted)."""
        dropped = [row for row in self.rows if row not in rows]
        for row in self.rows:
            for widget in [*row.cells(), row.message]:
                self._grid.removeWidget(widget)
        self._grid.removeWidget(self._filler)
        self._grid.removeWidget(self._footer)
        for row in dropped:
            for widget in [*row.cells(), row.message]:
                widget.hide()
                widget.deleteLater()
            row.deleteLater()
        self.rows = list(rows)
        for index, row in enumerate(self.rows):
            line = 1 + 2 * index
            for column, widget in enumerate(row.cells()):
                self._grid.addWidget(widget, line, column)
                widget.show()
            self._grid.addWidget(row.message, line + 1, 1, 1, self._columns - 1)
        for label in self._headers:
            label.setVisible(bool(self.rows))
        end = 1 + 2 * len(self.rows)
        self._grid.addWidget(self._footer, end, 0, 1, self._columns)
        # The filler below the rows takes the spare height, so they stay at the top.
        self._grid.setRowStretch(self._stretch_line, 0)
        self._stretch_line = end + 1
        self._grid.addWidget(self._filler, self._stretch_line, 0, 1, self._columns)
        self._grid.setRowStretch(self._stretch_line, 1)
