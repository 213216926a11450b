"""Putting the panels, settings and start-up choices into the main window.

The main window knows the felt, the hand and the curtain; everything else a table needs (the
dice tray, the guided Challenges, the trackers, the sheets, printing, settings) is wired here,
once the session is loaded, so that the first paint does not wait for any of it.

Start-up shows the session first: once it is loaded the window keeps room for the column of
panels (an empty place, so that the felt keeps its size) and paints the table; the panels
and the log beside the hand are built just after that paint, behind their tabs, and take
their places. Asking for :attr:`WindowSetup.docks` earlier builds them at once.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets
from cardtable.ui.table.felt import felt_brush
from cardtable.ui.window.main_window import MainWindow
from cardtable.ui.window.placement import WindowPlace

if TYPE_CHECKING:
    # Imported for real only after the first paint, with attrs and platformdirs.
    from cardtable.settings import Settings

#: Panels, their menu text and the shortcut that shows or hides them, in tab order.
PANEL_KEYS = {
    "dice": ("&Dice tray", "Ctrl+1"),
    "tarot": ("&Tarot Challenge", "Ctrl+2"),
    "conflict": ("Fantastical Adventure &conflict", "Ctrl+3"),
    "pool": ("&Pool Challenge", "Ctrl+4"),
    "banzai": ("&Banzai roll", "Ctrl+B"),
    "tokens": ("&Author tokens", "Ctrl+5"),
    "sheets": ("Character &sheet", "Ctrl+6"),
    "play": ("Fantastical Adventure pla&y", "Ctrl+7"),
    "log": ("Session &log", "Ctrl+8"),
    "notes": ("&GM's notes", "Ctrl+9"),
}
#: The short names on the panels' tabs, so that all of them fit side by side.
TAB_TITLES = {
    "dice": "Dice",
    "tarot": "Tarot",
    "conflict": "Conflict",
    "pool": "Pool",
    "banzai": "Banzai",
    "tokens": "Tokens",
    "sheets": "Sheet",
    "play": "Play",
    "log": "Log",
    "notes": "Notes",
}
#: Where the tabs of a column of panels run: down its outer edge.
TAB_SIDE = {
    Qt.DockWidgetArea.RightDockWidgetArea: QtWidgets.QTabWidget.TabPosition.East,
    Qt.DockWidgetArea.LeftDockWidgetArea: QtWidgets.QTabWidget.TabPosition.West,
}
#: How wide the column of panels starts, in pixels.
PANEL_WIDTH = 420
#: The narrowest the player can make the column: its width is theirs, a panel's content
#: never widens it (what does not fit scrolls).
PANEL_MIN_WIDTH = 260
#: How wide the log beside the hand starts, in pixels.
LOG_WIDTH = 460
#: How tall the hand starts: a row of cards and its label.
HAND_HEIGHT = 190


def panel_width(window_width: int) -> int:
    """How wide the column of panels starts in a window ``window_width`` wide: at most
    :data:`PANEL_WIDTH`, less on a small screen, where the felt needs the room more (but
    room for the panels' forms and their tabs down its side)."""
    return max(372, min(PANEL_WIDTH, round(window_width * 0.3)))


def log_width(row_width: int) -> int:
    """How wide the log beside the hand starts in the row under the felt, ``row_width`` wide
    (at most :data:`LOG_WIDTH`; the hand keeps the larger share)."""
    return max(240, min(LOG_WIDTH, round(row_width * 0.36)))


class WindowSetup:
    """Keeps the settings the window was set up with, and applies new ones.

    ``settings`` None reads them from the settings folder once the window has painted;
    ``store`` saves them (the settings folder by default). ``place`` keeps the window's
    geometry and its docks between runs (the first run opens it maximised); None keeps
    nothing.
    """

    def __init__(
        self,
        window: MainWindow,
        settings: Settings | None = None,
        *,
        settings_folder: Path | None = None,
        store: Callable[[Settings, Path | None], object] | None = None,
        place: WindowPlace | None = None,
    ) -> None:
        self.window = window
        self.place = place
        if place is not None:
            place.restore_geometry(window)
        self._given = settings
        self._folder = settings_folder
        self._store = store
        self._docks: dict[str, QtWidgets.QDockWidget] = {}
        self._place: QtWidgets.QDockWidget | None = None
        window.when_ready(self._install)

    @property
    def docks(self) -> dict[str, QtWidgets.QDockWidget]:
        """The panels' docks, by key (empty until the session is in place)."""
        if not self._docks and self._place is not None:
            self._install_panels(self.window)
        return self._docks

    # -- panels ---------------------------------------------------------------------------

    def _install(self, window: MainWindow) -> None:
        """What the table needs before it is shown: the settings, and room for the panels,
        which are built just after the table's first paint with its session."""
        from cardtable.settings import load_settings

        self.settings = self._given if self._given is not None else load_settings(self._folder)
        document = window.document
        # The column of panels runs the window's whole height, its tabs down its side; the
        # hand and the log share the row under the felt.
        window.setCorner(Qt.Corner.BottomRightCorner, Qt.DockWidgetArea.RightDockWidgetArea)
        window.setCorner(Qt.Corner.BottomLeftCorner, Qt.DockWidgetArea.LeftDockWidgetArea)
        # Room for the column of panels (the log will share the hand's row: the felt keeps
        # its size either way).
        self._place = QtWidgets.QDockWidget(" ", window)
        self._place.setObjectName("panelsPlace")
        self._place.setFeatures(QtWidgets.QDockWidget.DockWidgetFeature.NoDockWidgetFeatures)
        self._place.setWidget(QtWidgets.QWidget(self._place))
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self._place)
        window.resizeDocks([self._place], [panel_width(window.width())], Qt.Orientation.Horizontal)
        # The hand's row as it will be once the panels are built, so the felt the player
        # first sees keeps its size.
        hand_height = self.place.saved_height(window.hand_dock) if self.place else None
        window.resizeDocks(
            [window.hand_dock], [hand_height or HAND_HEIGHT], Qt.Orientation.Vertical
        )
        window.when_built(self._ask_before_reveals)
        document.replaced.connect(self._on_replaced)
        document.saved.connect(self._remember_path)  # a session saved is a recent one too
        self.apply(self.settings)
        if self.settings.public_table_at_start:
            window.public_screen.open_at_start()
        window.after_shown(lambda: self.docks)

    def _ask_before_reveals(self, window: MainWindow) -> None:
        """Every way of showing the table a hidden card asks first: the felt's and the hand's."""
        window.felt.card_actions.confirm_reveal = self._confirm_reveal
        window.hand.confirm_reveal = self._confirm_reveal

    def _install_panels(self, window: MainWindow) -> None:
        """Build every panel and put it in its place (the column, or beside the hand)."""
        from cardtable.ui.panels.adventure import felt_marks as adventure_felt
        from cardtable.ui.panels.adventure.conflict import panel as conflict_panel
        from cardtable.ui.panels.adventure.play import panel as adventure_play_panel
        from cardtable.ui.panels.banzai import panel as banzai_panel
        from cardtable.ui.panels.dice import tray as dice_tray
        from cardtable.ui.panels.notes import panel as notes_panel
        from cardtable.ui.panels.pool import tracker as pool_tracker
        from cardtable.ui.panels.tarot import panel as tarot_panel
        from cardtable.ui.panels.tokens import panel as token_panel
        from cardtable.ui.sheets import editor as sheet_editor
        from cardtable.ui.sheets.new_character import ask_new_character
        from cardtable.ui.sheets.printing.actions import install_print_actions
        from cardtable.ui.table import log_panel
        from cardtable.ui.window.new_session.wizard import ask_new_session

        document = window.document
        felt = window.felt  # the felt and the hand first: the panels are laid out beside them
        animation = self.settings.animation_speed.ms
        sheets = sheet_editor.make_dock(document, window)
        self._docks = {
            "dice": dice_tray.make_dock(document, window, animation_ms=animation),
            "tarot": tarot_panel.make_dock(document, window),
            "conflict": conflict_panel.make_dock(document, window),
            "pool": pool_tracker.make_dock(document, window),
            "banzai": banzai_panel.make_dock(document, window),
            "tokens": token_panel.make_dock(document, window),
            "sheets": sheets,
            "play": adventure_play_panel.make_dock(document, window),
            "log": log_panel.make_dock(document, window),
            "notes": notes_panel.make_dock(document, window),
        }
        adventure_felt.install(felt, document)
        sheets.editor.roll_asked.connect(self._on_roll_asked)
        from cardtable.ui.panels.banzai import felt_entry as banzai_felt

        banzai_felt.install(felt.card_actions, document, self._on_felt_roll)
        first: QtWidgets.QDockWidget | None = None
        for key, dock in self._docks.items():
            text, keys = PANEL_KEYS[key]
            dock.setWindowTitle(TAB_TITLES[key])  # before add_dock, which names its toggle
            entry = window.add_dock(dock, text)
            dock.setToolTip(text.replace("&", ""))
            entry.setShortcut(QtGui.QKeySequence(keys))
            entry.setToolTip(
                f"Bring the {text.replace('&', '')} to the front ({keys}); again hides it"
            )
            entry.setStatusTip(entry.toolTip())
            if key == "log":
                # The log lies beside the hand, always in sight, not behind a tab.
                window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, dock)
                window.splitDockWidget(window.hand_dock, dock, Qt.Orientation.Horizontal)
            elif first is None:
                first = dock
            else:
                window.tabifyDockWidget(first, dock)
        if self._place is not None:
            window.removeDockWidget(self._place)
            self._place.setParent(None)  # gone from the window's docks at once
            self._place.deleteLater()
        for key, dock in self._docks.items():
            if key != "log":
                _hold_width(dock)
        # The column's tabs run down its side: side by side across it, nine titles did not
        # fit a laptop's column and hid behind scroll arrows.
        for area in (Qt.DockWidgetArea.RightDockWidgetArea, Qt.DockWidgetArea.LeftDockWidgetArea):
            window.setTabPosition(area, TAB_SIDE[area])
        for bar in window.findChildren(QtWidgets.QTabBar):
            if bar.parent() is window:
                whole_tab_titles(bar)
        window.tab_bar_made.connect(whole_tab_titles)
        if self.place is not None and self.place.restore_docks(window):
            pass  # as the player left them last time
        elif first is not None:
            first.raise_()
            # The felt is the table; the panels share a narrow column beside it.
            window.resizeDocks([first], [panel_width(window.width())], Qt.Orientation.Horizontal)
            QtCore.QTimer.singleShot(0, lambda: self._size_bottom(window, self._docks.get("log")))

        install_print_actions(
            window.file_menu, window, document, sheets.current_character, before=window.quit_action
        )
        from cardtable.ui.table.text_view import install_text_view

        # The felt in words, for a screen reader (Panels > The table as text).
        self.text_view_action = install_text_view(
            window, document, window.panels_menu, self._docks.get("log")
        )
        new_character = QtGui.QAction("New &character…", window)
        new_character.setShortcut(QtGui.QKeySequence("Ctrl+Shift+N"))
        new_character.setStatusTip("Add a character with a blank sheet of its system")

        def _on_new_character() -> None:
            created = ask_new_character(window, document)
            if created is not None:
                sheets.editor.select(created)
                sheets.show()
                sheets.raise_()

        new_character.triggered.connect(_on_new_character)
        window.file_menu.insertAction(window.file_menu.actions()[1], new_character)
        settings_action = QtGui.QAction("Se&ttings…", window)
        settings_action.setShortcut(QtGui.QKeySequence("Ctrl+,"))
        settings_action.setStatusTip("Felt colour, card backs, animation speed, reveals")
        settings_action.triggered.connect(self.edit)
        window.file_menu.insertAction(window.quit_action, settings_action)
        window.file_menu.insertSeparator(window.quit_action)
        window.new_session_factory = lambda: ask_new_session(window)
        from cardtable.ui.window.table_options import install_table_options

        self.options_action = install_table_options(window, window.table_menu, document)
        self.apply(self.settings)  # the dice tray's animation speed too

    def _on_roll_asked(self, character: str, what: str) -> None:
        """A roll started from a sheet: the Banzai panel, or the dice tray's Challenge tab."""
        from cardtable.ui.panels.banzai.panel import BanzaiPanel
        from cardtable.ui.panels.dice.simple import SimpleView
        from cardtable.ui.sheets.editor import CRISIS_ROLL
        from cardtable.ui.widgets.style import bring_forward

        key = "dice" if what == CRISIS_ROLL else "banzai"
        dock = self.docks[key]
        bring_forward(dock)
        if key == "dice":
            simple = dock.findChild(SimpleView)
            tabs = dock.findChild(QtWidgets.QTabWidget)
            if simple is not None and tabs is not None:
                tabs.setCurrentIndex(
                    next(i for i in range(tabs.count()) if tabs.widget(i).isAncestorOf(simple))
                )
                simple.choose(character)
            return
        panel = dock.findChild(BanzaiPanel)
        if panel is not None:
            panel.start_from(character, what)

    def _on_felt_roll(self, character: str) -> None:
        """A Banzai roll started from the felt: the panel with the character chosen."""
        from cardtable.ui.panels.banzai.panel import BanzaiPanel
        from cardtable.ui.widgets.style import bring_forward

        dock = self.docks["banzai"]
        bring_forward(dock)
        panel = dock.findChild(BanzaiPanel)
        if panel is not None:
            panel.start_from(character)

    def _size_bottom(self, window: MainWindow, log: QtWidgets.QDockWidget | None) -> None:
        # The hand's row as it will be once the panels are built, so the felt the player
        # first sees keeps its size.
        hand_height = self.place.saved_height(window.hand_dock) if self.place else None
        window.resizeDocks(
            [window.hand_dock], [hand_height or HAND_HEIGHT], Qt.Orientation.Vertical
        )
        if log is not None:
            row = window.hand_dock.width() + log.width()
            window.resizeDocks(
                [window.hand_dock, log],
                [row - log_width(row), log_width(row)],
                Qt.Orientation.Horizontal,
            )

    # -- settings -------------------------------------------------------------------------

    def apply(self, settings: Settings) -> None:
        """Show ``settings`` on the table: felt colour, card backs, animation speed."""
        from cardtable.ui.art.card_art import apply_card_backs

        self.settings = settings
        window = self.window
        apply_card_backs(settings)
        window.when_built(lambda built: _dress_felt(built, settings))
        dice = self._docks.get("dice")
        if dice is not None:  # built after the first paint: imported only then
            from cardtable.ui.panels.dice.tray import DiceTray

            tray = dice.findChild(DiceTray)
            if tray is not None:
                tray.set_animation_ms(settings.animation_speed.ms)

    def edit(self) -> None:
        from cardtable.ui.window.settings_dialog import edit_settings

        chosen = edit_settings(self.window, self.settings)
        if chosen is not None:
            self._save(chosen)
            self.apply(chosen)

    def _save(self, settings: Settings) -> None:
        from cardtable.settings import save_settings

        self.settings = settings
        try:
            (self._store or save_settings)(settings, self._folder)
        except OSError as exc:
            self.window.statusBar().showMessage(f"⚠ Could not save the settings: {exc}", 8000)

    def _on_replaced(self) -> None:
        from cardtable.ui.document import Arrival

        # A guide's table has no file, and the group's coming back after it is no new
        # opening of it.
        if self.window.document.arrival is Arrival.OPENED:
            self._remember_path()

    def _remember_path(self) -> None:
        path = self.window.document.path
        if path is not None:
            self._save(self.settings.with_recent(path))

    def _confirm_reveal(self, count: int) -> bool:
        if not self.settings.confirm_reveal:
            return True
        cards = "this card" if count == 1 else f"these {count} cards"
        answer = QtWidgets.QMessageBox.question(
            self.window,
            "Reveal to the table?",
            f"Show {cards} to everyone? Undo cannot hide them again.\n\n"
            "(Settings can turn this question off.)",
        )
        return answer == QtWidgets.QMessageBox.StandardButton.Yes


def _hold_width(dock: QtWidgets.QDockWidget) -> None:
    """Keep ``dock`` as wide as the player makes it: its content's own minimum (a long line,
    a wide form) no longer pushes the column wider and the felt smaller."""
    content = dock.widget()
    if content is not None:
        content.setMinimumWidth(PANEL_MIN_WIDTH)
    # Nor does a panel's own floor hold the column wide on a small screen.
    dock.setMinimumWidth(min(dock.minimumWidth() or PANEL_MIN_WIDTH, PANEL_MIN_WIDTH))


def whole_tab_titles(bar: QtWidgets.QTabBar) -> None:
    """Every title of ``bar`` whole ("Conflict", never "Co…"): a row of panels wider than
    the column scrolls with the arrows at its end instead of cutting its titles short."""
    bar.setElideMode(Qt.TextElideMode.ElideNone)
    bar.setUsesScrollButtons(True)


def _dress_felt(window: MainWindow, settings: Settings) -> None:
    """The felt in the colour and at the animation speed of ``settings``."""
    window.felt.setBackgroundBrush(felt_brush(QtGui.QColor(settings.felt_colour)))
    window.felt.set_animation_ms(settings.animation_speed.ms)
    window.felt.viewport().update()


def start_window(session_path: str | None) -> MainWindow | None:
    """The main window as the app opens it: with ``session_path``, or what the welcome
    screen chose; None when the player quit from the welcome screen."""
    settings = None
    started = None
    if session_path is None and os.environ.get("CARDTABLE_SMOKE_EXIT") != "1":
        from cardtable.session.autosave import autosave_folder
        from cardtable.session.recovery import recoverable
        from cardtable.settings import load_settings
        from cardtable.ui.window.welcome import choose_start

        # What a crash left is offered first, on the welcome screen itself.
        started = choose_start(None, load_settings(), recoveries=recoverable(autosave_folder()))
        if started is None:
            return None
        settings = started.settings
    window = MainWindow(session_path, offer_recovery=started is None)
    # A smoke run (packaging, start-up timing) neither reads nor writes the player's place.
    smoke = os.environ.get("CARDTABLE_SMOKE_EXIT") == "1"
    window.setup = WindowSetup(window, settings, place=None if smoke else WindowPlace())
    if started is not None:
        chosen = started

        def _put(ready: MainWindow) -> None:
            if chosen.demo:
                from cardtable.ui.window.session_files import DEMO_TITLE

                ready.untitled = DEMO_TITLE
            if chosen.slot is not None and chosen.recovery is not None:
                # The autosave stays until the recovered session is saved or discarded.
                ready.files.pending_recovery = (chosen.slot, chosen.recovery.moves)
                ready.untitled = chosen.recovery.untitled or ready.untitled
            ready.document.replace(chosen.session, chosen.path)
            if chosen.recovery is not None:
                ready.document.dirty = True  # what it holds is not saved anywhere yet
                ready.refresh()
            if chosen.tv_and_phones:
                ready.tv_and_phones.start()
            if chosen.guide is not None:
                from cardtable.ui.guides.menu import start_round

                key = chosen.guide
                ready.after_shown(lambda: start_round(ready, key))

        window.when_ready(_put)
    return window
