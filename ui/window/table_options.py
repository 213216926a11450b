"""The table's options (every "configurable" rule): the form, and Table > Options….

:class:`OptionsForm` shows the options of some systems, one row each: a choice list (or a
tick box for on and off), the rule it sets as the tooltip. The New-session wizard shows it
for the systems ticked; :class:`TableOptionsDialog` shows it for the systems the table plays
and asks the model to change what was changed, in one logged, undoable step
(:class:`~cardtable.session.table_options.SetTableOptions`). Only the GM may change them; at
any other seat the dialog shows them with the reason, and OK is disabled.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from cardtable.session.model import OptionValue
from cardtable.session.table_options import (
    SetTableOptions,
    TableOption,
    options_for,
    systems_at,
    value_of,
)
from cardtable.ui.document import SessionDocument
from cardtable.ui.qt import QtGui, QtWidgets
from cardtable.ui.widgets.theme import ink_text

_SYSTEM_TITLES = {"tarot": "N-Dimensional Tourists", "pool": "Pool Challenge",
                  "adventure": "Fantastical Adventure"}


def option_control(found: TableOption, value: OptionValue, parent: QtWidgets.QWidget
                   ) -> QtWidgets.QComboBox | QtWidgets.QCheckBox:
    """The control that sets ``found``: a tick box for on and off, else a choice list."""
    if {c.value for c in found.choices} == {True, False}:
        box = QtWidgets.QCheckBox("on", parent)
        box.setAccessibleName(found.title)
        box.setToolTip(found.rule)
        set_control(box, value)
        return box
    combo = QtWidgets.QComboBox(parent)
    for choice in found.choices:
        combo.addItem(choice.words, choice.value)
    combo.setAccessibleName(found.title)
    combo.setToolTip(found.rule)
    set_control(combo, value)
    return combo


def set_control(control: QtWidgets.QComboBox | QtWidgets.QCheckBox, value: OptionValue) -> None:
    if isinstance(control, QtWidgets.QCheckBox):
        control.setChecked(value is True)
        return
    for index in range(control.count()):
        data = control.itemData(index)
        if type(data) is type(value) and data == value:
            control.setCurrentIndex(index)
            return


def control_value(control: QtWidgets.QComboBox | QtWidgets.QCheckBox) -> OptionValue:
    if isinstance(control, QtWidgets.QCheckBox):
        return control.isChecked()
    data = control.currentData()
    assert isinstance(data, bool | int | str)
    return data


class OptionsForm(QtWidgets.QWidget):
    """The options of some systems, one row each."""

    def __init__(self, parent: QtWidgets.QWidget | None = None, *,
                 include_fixed: bool = True) -> None:
        super().__init__(parent)
        self._include_fixed = include_fixed
        self._layout = QtWidgets.QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._boxes: list[QtWidgets.QWidget] = []
        #: The control of each option shown, by key.
        self.controls: dict[str, QtWidgets.QComboBox | QtWidgets.QCheckBox] = {}
        self.options: dict[str, TableOption] = {}
        self.empty = QtWidgets.QLabel("None of the systems chosen has an option to set.")
        self.empty.setWordWrap(True)
        self._layout.addWidget(self.empty)
        self._layout.addStretch(1)

    def show_options(self, systems: Iterable[str], values: Mapping[str, OptionValue],
                     fixed_editable: bool = False, keep_chosen: bool = True) -> None:
        """Show the options of ``systems`` at ``values`` (defaults for the rest), or at what
        was chosen already for those shown before, with ``keep_chosen``. ``fixed_editable``
        lets options fixed once the table is set be chosen (set-up)."""
        keep = {key: self.value(key) for key in self.controls} if keep_chosen else {}
        for box in self._boxes:
            self._layout.removeWidget(box)
            box.hide()
            box.deleteLater()
        self._boxes, self.controls, self.options = [], {}, {}
        shown = [o for o in options_for(systems) if self._include_fixed or not o.fixed]
        for system in dict.fromkeys(o.system for o in shown):
            group = QtWidgets.QGroupBox(_SYSTEM_TITLES.get(system, system), self)
            form = QtWidgets.QFormLayout(group)
            for found in (o for o in shown if o.system == system):
                value = keep.get(found.key, values.get(found.key, found.default))
                control = option_control(found, value, group)
                if found.fixed and not fixed_editable:
                    control.setEnabled(False)
                    control.setToolTip(f"{found.rule}\nFixed: {found.fixed}.")
                label = QtWidgets.QLabel(found.title[:1].upper() + found.title[1:], group)
                label.setToolTip(found.rule)
                label.setBuddy(control)
                form.addRow(label, control)
                self.controls[found.key] = control
                self.options[found.key] = found
            self._layout.insertWidget(len(self._boxes), group)
            self._boxes.append(group)
        self.empty.setVisible(not shown)

    def value(self, key: str) -> OptionValue:
        return control_value(self.controls[key])

    def values(self) -> dict[str, OptionValue]:
        """Every option shown, at the value chosen."""
        return {key: self.value(key) for key in self.controls}


class TableOptionsDialog(QtWidgets.QDialog):
    """Table > Options…: the options of the systems this table plays."""

    def __init__(self, document: SessionDocument, parent: QtWidgets.QWidget | None = None
                 ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Table options")
        self.setAccessibleName("Table options")
        self._document = document
        state = document.session.state
        layout = QtWidgets.QVBoxLayout(self)
        intro = QtWidgets.QLabel("The rules your group configures. A change is logged and "
                                 "applies from the next Challenge on; Edit > Undo takes it "
                                 "back.")
        intro.setWordWrap(True)
        layout.addWidget(intro)
        self.form = OptionsForm(self)
        systems = systems_at(state)
        self.form.show_options(systems, {o.key: value_of(state, o.key)
                                         for o in options_for(systems)})
        layout.addWidget(self.form)
        self.reason = QtWidgets.QLabel(self)
        self.reason.setWordWrap(True)
        ink_text(self.reason, "warning")
        layout.addWidget(self.reason)
        self.buttons = QtWidgets.QDialogButtonBox(
            QtWidgets.QDialogButtonBox.StandardButton.Ok
            | QtWidgets.QDialogButtonBox.StandardButton.Cancel, self)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        probe = SetTableOptions({})
        reason = document.session.may(probe)
        self.ok = self.buttons.button(QtWidgets.QDialogButtonBox.StandardButton.Ok)
        self.ok.setEnabled(reason is None)
        for control in self.form.controls.values():
            control.setEnabled(control.isEnabled() and reason is None)
        self.reason.setText(reason or "")
        self.reason.setVisible(reason is not None)

    def changes(self) -> dict[str, OptionValue]:
        """The options whose value differs from the table's."""
        state = self._document.session.state
        return {key: value for key, value in self.form.values().items()
                if not self.form.options[key].fixed
                and (type(value), value) != (type(value_of(state, key)), value_of(state, key))}

    def accept(self) -> None:
        changed = self.changes()
        if changed and not self._document.apply(SetTableOptions(changed)):
            return  # the refusal is in the status bar; the dialog stays open
        super().accept()


def install_table_options(window: QtWidgets.QMainWindow, menu: QtWidgets.QMenu,
                          document: SessionDocument) -> QtGui.QAction:
    """Add Table > Options… to ``menu``."""
    action = QtGui.QAction("Opt&ions…", window)
    action.setStatusTip("The rules your group configures: Sleeve Cards, the pool Challenge's "
                        "formula, ties and dice, the shoe")
    action.setToolTip(action.statusTip())
    action.setMenuRole(QtGui.QAction.MenuRole.NoRole)  # not the macOS Preferences entry

    def _on_options() -> None:
        TableOptionsDialog(document, window).exec()

    action.triggered.connect(_on_options)
    menu.addSeparator()
    menu.addAction(action)
    return action
