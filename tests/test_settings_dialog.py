"""The Settings dialog shows the settings it is given and hands back what the player chose."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from attrs import evolve
from pytestqt.qtbot import QtBot

from cardtable.settings import BACK_PALETTES, DECK_KINDS, AnimationSpeed, Settings
from cardtable.ui.art import card_art
from cardtable.ui.art.backs import BackStyle
from cardtable.ui.art.card_art import apply_card_backs
from cardtable.ui.qt import Qt, QtGui, QtWidgets
from cardtable.ui.table.cards import item as card_item
from cardtable.ui.window.settings_dialog import SettingsDialog, edit_settings

CHOSEN = Settings(
    felt_colour="#224466",
    tarot_back="plum",
    playing_back="forest",
    animation_speed=AnimationSpeed.SLOW,
    confirm_reveal=False,
    recent_files=("/games/one.cardtable", "/games/two.cardtable"),
)


def dialog_for(qtbot: QtBot, settings: Settings) -> SettingsDialog:
    dialog = SettingsDialog(settings)
    qtbot.addWidget(dialog)
    return dialog


@pytest.mark.parametrize("start", [Settings(), CHOSEN], ids=["defaults", "chosen"])
def test_untouched_dialog_gives_back_the_same_settings(qtbot: QtBot, start: Settings) -> None:
    assert dialog_for(qtbot, start).settings() == start


def test_choices_made_in_the_dialog_come_back(qtbot: QtBot) -> None:
    dialog = dialog_for(qtbot, Settings())
    dialog.tarot_back.setCurrentIndex(dialog.tarot_back.findData("slate"))
    dialog.playing_back.setCurrentIndex(dialog.playing_back.findData("midnight"))
    dialog.animation.setCurrentIndex(dialog.animation.findData(AnimationSpeed.OFF.value))
    qtbot.mouseClick(dialog.confirm_reveal, Qt.MouseButton.LeftButton)
    assert dialog.settings() == Settings(
        tarot_back="slate",
        playing_back="midnight",
        animation_speed=AnimationSpeed.OFF,
        confirm_reveal=False,
    )


def test_felt_colour_comes_from_the_colour_picker(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    dialog = dialog_for(qtbot, CHOSEN)
    offered: list[str] = []

    def picker(initial: QtGui.QColor, *args: object) -> QtGui.QColor:
        offered.append(initial.name())
        return QtGui.QColor("#8B0000")

    monkeypatch.setattr(QtWidgets.QColorDialog, "getColor", picker)
    qtbot.mouseClick(dialog.felt_button, Qt.MouseButton.LeftButton)
    assert offered == [CHOSEN.felt_colour]  # the picker opens on the current colour
    assert dialog.settings() == evolve(CHOSEN, felt_colour="#8b0000")
    assert dialog.felt_button.text() == "#8b0000"


def test_cancelling_the_colour_picker_keeps_the_felt(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    dialog = dialog_for(qtbot, CHOSEN)
    monkeypatch.setattr(QtWidgets.QColorDialog, "getColor", lambda *args: QtGui.QColor())
    qtbot.mouseClick(dialog.felt_button, Qt.MouseButton.LeftButton)
    assert dialog.settings().felt_colour == CHOSEN.felt_colour


def test_restore_defaults_keeps_the_recent_files(qtbot: QtBot) -> None:
    dialog = dialog_for(qtbot, CHOSEN)
    button = dialog.buttons.button(QtWidgets.QDialogButtonBox.StandardButton.RestoreDefaults)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert dialog.settings() == Settings(recent_files=CHOSEN.recent_files)


def test_every_card_back_is_offered_for_every_kind(qtbot: QtBot) -> None:
    dialog = dialog_for(qtbot, Settings())
    for combo in (dialog.tarot_back, dialog.playing_back):
        names = [combo.itemData(i) for i in range(combo.count())]
        assert names == list(BACK_PALETTES)
        assert [combo.itemText(i) for i in range(combo.count())] == [
            p.label for p in BACK_PALETTES.values()
        ]


def test_every_control_explains_itself(qtbot: QtBot) -> None:
    dialog = dialog_for(qtbot, Settings())
    controls = [
        dialog.felt_button,
        dialog.tarot_back,
        dialog.playing_back,
        dialog.animation,
        dialog.confirm_reveal,
    ]
    assert all(control.toolTip() for control in controls)


@pytest.mark.parametrize("accepted", [True, False], ids=["ok", "cancel"])
def test_edit_settings_returns_the_choice_or_none(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, accepted: bool
) -> None:
    def player(dialog: SettingsDialog) -> int:
        qtbot.addWidget(dialog)
        dialog.confirm_reveal.setChecked(False)
        button = "Ok" if accepted else "Cancel"
        dialog.buttons.button(getattr(QtWidgets.QDialogButtonBox.StandardButton, button)).click()
        return dialog.result()

    monkeypatch.setattr(SettingsDialog, "exec", player)
    result = edit_settings(None, Settings())
    assert result == (Settings(confirm_reveal=False) if accepted else None)


@pytest.fixture
def restored_backs() -> Iterator[None]:
    before = {kind: card_art.back_style(kind) for kind in card_art.DECK_KINDS}
    yield
    for kind, style in before.items():
        card_art.set_back_style(kind, style)


@pytest.mark.usefixtures("restored_backs")
def test_chosen_backs_reach_the_card_art() -> None:
    apply_card_backs(CHOSEN)
    for kind in DECK_KINDS:
        palette = CHOSEN.back_for(kind)
        style = card_art.back_style(kind)
        assert (style.ground, style.ink, style.accent) == (
            palette.ground,
            palette.ink,
            palette.accent,
        )


def test_the_settings_model_knows_the_art_s_deck_kinds_and_speeds() -> None:
    assert set(DECK_KINDS) == set(card_art.DECK_KINDS)
    # The shipped defaults are the app as it was before settings existed.
    assert AnimationSpeed.NORMAL.ms == card_item.DEFAULT_ANIMATION_MS
    shipped = {"tarot": BackStyle.star_map(), "playing": BackStyle.lattice()}
    for kind in DECK_KINDS:
        palette, style = Settings().back_for(kind), shipped[kind]
        assert (palette.ground, palette.ink, palette.accent) == (
            style.ground,
            style.ink,
            style.accent,
        )
