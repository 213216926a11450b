"""The main window: the felt in the middle, the hand dock, menus, a toolbar, the curtain.

The constructor builds only the frame (menus, toolbar, an empty felt); the session is put
in place just after the first paint, or, as the app asks (:meth:`MainWindow.load_now`), just
after the window is shown and before it is painted, so that its first paint shows the
session. A session with players comes in behind the curtain, which then covers the whole
window: the felt and the hand it hides are built just after the curtain's first paint.
Anything that needs them (:attr:`MainWindow.document`, :attr:`MainWindow.felt`,
:attr:`MainWindow.hand`, the menu actions) builds them at once if they are not there yet;
:meth:`MainWindow.when_ready` runs a function once the session is in place,
:meth:`MainWindow.when_built` once the felt and the hand are.

The window owns the session's file (New, Open, Save, Save As, export of the log), asks
before unsaved changes are lost, keeps an autosave (:class:`cardtable.session.Autosaver`)
and offers back a session that did not close cleanly.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from cardtable.ui.art.picture_cache import start_shown as pictures_drawn_at_start
from cardtable.ui.art.toolbar_icons import icon
from cardtable.ui.guides.menu import guides_menu
from cardtable.ui.public.screens import PublicScreen
from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets
from cardtable.ui.table.felt import FeltView
from cardtable.ui.widgets.style import bring_forward
from cardtable.ui.window import memory
from cardtable.ui.window.after_paint import after_paint
from cardtable.ui.window.corrections import CorrectionEntries
from cardtable.ui.window.full_screen import FullScreen
from cardtable.ui.window.help_boxes import about_box
from cardtable.ui.window.session_drops import SessionDrops
from cardtable.ui.window.session_files import (
    CANCEL,
    DISCARD,
    SAVE,
    UNTITLED,
    SessionFiles,
    ask_recover_box,
    ask_unsaved_box,
)
from cardtable.ui.window.status import TITLE, WindowStatus

if TYPE_CHECKING:
    from cardtable.piles import PileId
    from cardtable.session import Autosaver, Session
    from cardtable.session.recovery import Recovery
    from cardtable.ui.art.binding import ArtBinding
    from cardtable.ui.document import SessionDocument
    from cardtable.ui.phones.service import PhoneService
    from cardtable.ui.table.curtain import Curtain
    from cardtable.ui.table.hand_dock import HandPanel
    from cardtable.ui.table.view import TableView
    from cardtable.ui.window.tv_and_phones import TvAndPhones

REFUSAL_MS = 8000
#: How long the status bar says an action failed (a bug): long enough to note the log's path.
FAILURE_MS = 30_000
#: How long after a change the autosave copies the game state: off the path of the change
#: itself (a drop paints first), and far inside the autosave's own pause before writing.
AUTOSAVE_COPY_MS = 100
#: How long the welcome hint stays in the status bar.
WELCOME_MS = 60_000


class MainWindow(QtWidgets.QMainWindow):
    """Cardtable's window. ``session_path`` is a ``.cardtable`` file to open at start.

    ``autosave_folder`` is where the autosave lives (the user's data folder by default);
    ``autosave=False`` keeps none. ``ask_recover(recovery)`` answers whether to recover a
    session a Cardtable that did not close left (a message box by default);
    ``offer_recovery=False`` asks nothing (the welcome screen has offered it already).
    ``animation_ms`` is how long cards take to flip, turn and slide (0: at once).
    """

    #: A tab bar the window made for docks tabbed together (made anew as the player moves
    #: the docks about), as it appears.
    tab_bar_made = QtCore.Signal(QtWidgets.QTabBar)
    #: The window is shown; asked to close (it may stay open: unsaved changes).
    shown = QtCore.Signal()
    closing = QtCore.Signal()

    def __init__(
        self,
        session_path: str | Path | None = None,
        *,
        autosave_folder: Path | None = None,
        autosave: bool = True,
        ask_recover: Callable[[Recovery], bool] | None = None,
        animation_ms: int | None = None,
        offer_recovery: bool = True,
    ) -> None:
        super().__init__()
        self._session_path = Path(session_path) if session_path else None
        self._autosave_folder = autosave_folder
        self._autosave_on = autosave
        self._offer_recovery = offer_recovery
        #: Answers "recover this autosave?" (a message box by default).
        self.ask_recover: Callable[[Recovery], bool] = ask_recover or (
            lambda recovery: ask_recover_box(self, recovery)
        )
        self._animation_ms = animation_ms
        self._document: SessionDocument | None = None
        self._table: TableView | None = None
        self._hand: HandPanel | None = None
        self._curtain: Curtain | None = None
        self._autosaver: Autosaver | None = None
        self._autosave_soon = QtCore.QTimer(self)
        self._autosave_soon.setSingleShot(True)
        self._autosave_soon.setInterval(AUTOSAVE_COPY_MS)
        self._autosave_soon.timeout.connect(self._on_autosave_due)
        self._held_card = memory.HeldCard(self)
        self._phones: PhoneService | None = None
        self._tv_and_phones: TvAndPhones | None = None
        self._ready: list[Callable[[MainWindow], None]] = []
        self._built: list[Callable[[MainWindow], None]] = []
        #: The title of a session not saved anywhere yet ("Untitled session", "Demo table").
        self.untitled = UNTITLED
        self.files = SessionFiles(self)
        self._loading = False
        self._art: ArtBinding | None = None
        #: Answers "save the changes first?" with SAVE, DISCARD or CANCEL (tests replace it).
        self.ask_unsaved: Callable[[], str] = lambda: ask_unsaved_box(self)
        #: Makes the session File > New starts (an empty one until a welcome dialog exists).
        self.new_session_factory: Callable[[], Session | None] | None = None
        self.setWindowTitle(TITLE)
        self.setObjectName("mainWindow")
        self.resize(1280, 800)
        self.setDockOptions(
            QtWidgets.QMainWindow.DockOption.AnimatedDocks
            | QtWidgets.QMainWindow.DockOption.AllowTabbedDocks
        )
        self.setCentralWidget(FeltView(self))
        self.hand_dock = QtWidgets.QDockWidget("Hand", self)
        self.hand_dock.setObjectName("handDock")
        self.hand_dock.setAccessibleName("Hand")
        self.hand_dock.setAllowedAreas(
            Qt.DockWidgetArea.BottomDockWidgetArea | Qt.DockWidgetArea.TopDockWidgetArea
        )
        self.hand_dock.setFeatures(
            QtWidgets.QDockWidget.DockWidgetFeature.DockWidgetMovable
            | QtWidgets.QDockWidget.DockWidgetFeature.DockWidgetClosable
        )
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.hand_dock)
        seat_label = QtWidgets.QLabel(self)
        seat_label.setObjectName("seatLabel")
        seat_label.setAccessibleName("Who holds the computer")
        self.statusBar().addPermanentWidget(seat_label)
        self._build_actions()
        self._status = WindowStatus(
            self, seat_label, self.undo_action, self.redo_action, self.hand_dock
        )
        self._build_menus()
        self._build_toolbar()
        # A hint for the first minute, not a message that stays after the play has begun.
        self.statusBar().showMessage(
            "Welcome to the table. Ctrl+0 fits the table to the window.", WELCOME_MS
        )
        felt = self.centralWidget()
        assert isinstance(felt, FeltView)
        after_paint(felt.viewport(), self._ensure_loaded)
        self.drops = SessionDrops(self)  # a session file dropped on the window opens

    # --- the session, put in place after the first paint (or before: load_now) -------------

    @property
    def document(self) -> SessionDocument:
        self._ensure_loaded()
        assert self._document is not None
        return self._document

    @property
    def felt(self) -> TableView:
        self._ensure_table()
        assert self._table is not None
        return self._table

    @property
    def hand(self) -> HandPanel:
        self._ensure_table()
        assert self._hand is not None
        return self._hand

    @property
    def curtain(self) -> Curtain:
        self._ensure_loaded()
        assert self._curtain is not None
        return self._curtain

    def showing(self) -> QtWidgets.QWidget:
        """What shows the session now: the curtain while it is up (a session comes in behind
        it), else the felt; work put off until the session is first seen waits for its
        paint."""
        curtain = self.curtain
        return curtain if not curtain.isHidden() else self.felt.viewport()

    def after_shown(self, then: Callable[[], object]) -> None:
        """Call ``then`` once, just after the window next paints the session in place: the
        curtain it came in behind, or the felt (whichever paints first: a curtain lifted
        before it was painted leaves the felt to say so)."""
        done: list[bool] = []

        def once() -> None:
            if not done:
                done.append(True)
                self._ensure_table()  # what follows the first sight may count on the felt
                then()

        # A curtain lifted before it was painted leaves the felt to say so, once it is built.
        self.when_built(lambda built: after_paint(built.felt.viewport(), once))
        if not self.curtain.isHidden():
            after_paint(self.curtain, once)

    def when_ready(self, callback: Callable[[MainWindow], None]) -> None:
        """Call ``callback(window)`` once the session is in place (now, if it is)."""
        if self._document is not None:
            callback(self)
        else:
            self._ready.append(callback)

    def load_now(self) -> None:
        """Put the session in place now, not after the window's first paint: the app calls
        this just after showing the window, which the window system maps meanwhile, so that
        its first paint shows the session rather than an empty felt that is laid out and
        painted again a moment later."""
        self._ensure_loaded()

    def _ensure_loaded(self) -> None:
        if self._document is not None or self._loading:
            return
        self._loading = True
        try:
            self._load()
        finally:
            self._loading = False
        for callback in self._ready:
            callback(self)
        self._ready.clear()
        if self._document is not None and self._curtain is not None:
            from cardtable.ui.window.curtain_lock import CurtainLock

            # While it is up, the window shows the curtain alone (quitting still works, and
            # so does full screen, which shows nothing new). Put in place once the window is
            # set up (the hand's height, the room for the panels): the session comes in
            # behind the curtain, and the parts it hides come back as they were laid out.
            keep = [self.quit_action, self.full_screen.action]
            self.curtain_lock = CurtainLock(self, self._curtain, self._document, keep=keep)
        # The session now in place (the one asked for, or the welcome screen's choice):
        # a deck in a group's art must wear it from the first paint.
        if self._document is not None and any(d.art for d in self._document.session.decks):
            self._bind_art(self._document)

    def _load(self) -> None:
        # The session model comes in with these (after the first paint, or at load_now).
        from cardtable.ui.document import SessionDocument
        from cardtable.ui.table.curtain import Curtain

        session, path, recovered = self.files.starting_session(
            self._session_path, self._autosave_folder, self._autosave_on, self._offer_recovery
        )
        document = SessionDocument()
        document.replace(session, path)  # behind the curtain, as every session comes in
        document.dirty = recovered
        self._document = document
        # A session comes in behind the curtain when it has players: the curtain alone is in
        # sight then, and the felt and the hand it hides are built just after its first paint
        # (or as soon as something asks for them). Without a curtain they are in the first.
        if document.session.curtain is None:
            self._build_table(document)
        self._curtain = Curtain(document, self)
        document.changed_at_once.connect(self._on_changed)
        document.replaced.connect(self._on_replaced)
        document.refused.connect(self._on_refused)
        document.failed.connect(self._on_failed)
        document.said.connect(lambda text: self.statusBar().showMessage(text, REFUSAL_MS))
        self._install_art(document)
        app = QtWidgets.QApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self._close_autosave)
        self._start_autosave()
        self.refresh()
        if self._table is not None:
            self._lay_out(self._table)
        else:
            self.after_shown(self._ensure_table)
        self._settle_after_paint()

    def _ensure_table(self) -> None:
        """Build the felt and the hand now if the curtain has kept them waiting."""
        self._ensure_loaded()
        if self._table is None and self._document is not None and not self._loading:
            self._build_table(self._document)
            self.refresh()
            # The felt and the hand join a window already shown: Qt shows them by a queued
            # call (which the curtain's lock answers by hiding them, their room kept), and
            # only then lays them out. Handled now, the felt is fitted to its own room.
            # (Theirs alone: other work queued meanwhile may itself ask for the felt.)
            for part in (self._table, self.hand_dock.widget()):
                QtWidgets.QApplication.sendPostedEvents(part, QtCore.QEvent.Type.MetaCall)
            self._lay_out(self._table)

    def _build_table(self, document: SessionDocument) -> None:
        """The felt, the hand, and their entries in the Table menu and the toolbar."""
        from cardtable.ui.table.cards.item import DEFAULT_ANIMATION_MS
        from cardtable.ui.table.hand_dock import HandPanel, HandScroll
        from cardtable.ui.table.view import TableView

        animation = DEFAULT_ANIMATION_MS if self._animation_ms is None else self._animation_ms
        table = TableView(document, self, animation)
        table.setAccessibleName("Card table")
        table.fit_shortcut.setEnabled(False)  # View > Fit has Ctrl+0
        table.held.connect(self._on_card_held)
        self._table = table
        self.setCentralWidget(table)
        hand = HandPanel(document, self.hand_dock, menu_extras=(_adventure_hand_actions,))
        hand.title_changed = self.hand_dock.setWindowTitle
        hand.refresh()
        self._hand = hand
        self.hand_dock.setWidget(HandScroll(hand, self.hand_dock))
        table.add_drop_target(hand.hand_at, hand.index_at)
        menu = self.table_menu
        # The table's own entries come first, before any added while it waited (the phones').
        ahead = next(iter(menu.actions()), None)
        entries = [
            *table.card_actions.all(),
            _separator(menu),
            *table.open_table.all(),  # stack, fan, row, spreads
            _separator(menu),
            self.pass_action,
        ]
        if ahead is None:
            menu.addActions(entries)
        else:
            menu.insertActions(ahead, entries)
        menu.aboutToShow.connect(table.open_table.refresh)
        menu.aboutToHide.connect(table.open_table.stale)
        cards = table.card_actions
        self.toolbar.insertActions(
            self._card_tools_end, [cards.draw, cards.flip, cards.turn, cards.shuffle]
        )
        for action, name in (
            (cards.draw, "draw"),
            (cards.flip, "flip"),
            (cards.turn, "turn"),
            (cards.shuffle, "shuffle"),
            (cards.discard, "discard"),
        ):
            action.setIcon(icon(name))
        built, self._built = self._built, []
        for callback in built:
            callback(self)

    def _lay_out(self, table: TableView | None) -> None:
        """Lay the window out with the table and the hand in it before anything is sized to
        it or painted: until then the new table is 100x30 and the hand fills the window."""
        assert table is not None
        QtWidgets.QApplication.sendPostedEvents(None, QtCore.QEvent.Type.LayoutRequest)
        table.fit_table()
        table.setFocus()

    def when_built(self, callback: Callable[[MainWindow], None]) -> None:
        """Call ``callback(window)`` once the felt and the hand exist (now, if they do)."""
        if self._table is not None:
            callback(self)
        else:
            self._built.append(callback)

    def _install_art(self, document: SessionDocument) -> None:
        """Decks dressed in the group's own card art: the binding that shows the chosen art
        (before the table is first painted if a deck on it wears a group's art set, see
        :meth:`_ensure_loaded`; else once it is shown, as Cardtable's own art needs none),
        and its menus once the table is shown (:meth:`_install_menus`)."""

        def once_shown() -> None:
            self._bind_art(document)
            self._install_menus()

        self.after_shown(once_shown)

    def _bind_art(self, document: SessionDocument) -> None:
        """Keep the card art in step with ``document`` from now on (once)."""
        from cardtable.ui.art.binding import bind_art

        if self._art is None:
            self._art = bind_art(document)

    def _install_menus(self) -> None:
        """Table > Card art… and the group's own decks, File > Import a deck…, Table > Play
        with phones…: menus whose modules (pictures, a web server) the first sight of the
        table need not wait for."""
        from cardtable.ui.deck_import.chooser import make_art_action
        from cardtable.ui.deck_import.wizard import make_import_action
        from cardtable.ui.tarot_editor.menu import DecksMenu
        from cardtable.ui.window.own_decks_menu import make_own_decks_menu

        document = self.document
        self.table_menu.addSeparator()
        self.table_menu.addAction(make_art_action(self, document))
        self.table_menu.addMenu(make_own_decks_menu(self, document))
        library = self._art.library if self._art is not None else None
        self.decks_menu = DecksMenu(self, document, library)
        self.table_menu.addMenu(self.decks_menu)
        self.file_menu.insertAction(self.export_action, make_import_action(self, document))
        self.table_menu.addAction(self.tv_and_phones.action)

    @property
    def phones(self) -> PhoneService:
        """The phones' service and Table > Play with phones… (put in place just after the
        session is first shown, or when first asked for)."""
        if self._phones is None:
            from cardtable.ui.phones.dialog import install_phones

            self._phones = install_phones(self, self.document, self.table_menu)
        return self._phones

    @property
    def phones_on(self) -> bool:
        """Whether the phones' server is listening (the service is not put in place to say
        it is not)."""
        return self._phones is not None and self._phones.running

    @property
    def tv_and_phones(self) -> TvAndPhones:
        """Table > A TV and phones: the public table, the phones and the laptop for the GM."""
        if self._tv_and_phones is None:
            from cardtable.ui.window.tv_and_phones import TvAndPhones

            phones = self.phones
            dialog = self.findChild(QtGui.QAction, "phonesAction")
            assert dialog is not None
            self._tv_and_phones = TvAndPhones(
                self, lambda: self.document, self.public_screen, lambda: phones, dialog.trigger
            )
        return self._tv_and_phones

    def _start_autosave(self) -> None:
        self._close_autosave()
        if not self._autosave_on or self._document is None:
            return
        from cardtable.session import Autosaver

        # Told of changes by the window (:meth:`_on_changed`), a moment after each.
        self._autosaver = Autosaver(self._document.session, self._autosave_folder, listen=False)
        self.files.follow_autosave(self._autosaver)

    def _on_autosave_due(self) -> None:
        if self._autosaver is not None:
            self._autosaver.changed()

    def _on_card_held(self, held: bool) -> None:
        """While a card is held on the felt, the autosave writes nothing and Python's
        collector does not search (see :meth:`Autosaver.hold` and :mod:`memory`): a drag
        would show either as frames missed."""
        if held:
            self._held_card.hold()
            if self._autosaver is not None:
                self._autosaver.hold()
        else:
            self._held_card.let_go()
            if self._autosaver is not None:
                self._autosaver.let_go()

    def _close_autosave(self) -> None:
        if self._autosave_soon.isActive():
            self._autosave_soon.stop()
            self._on_autosave_due()  # the last change is written before the autosave closes
        if self._autosaver is not None:
            self._autosaver.close()
            self._autosaver = None

    # --- building the frame ---------------------------------------------------------------

    def _action(
        self,
        text: str,
        shortcut: QtGui.QKeySequence | QtGui.QKeySequence.StandardKey | str | None,
        tip: str,
        slot: Callable[[], object],
        icon_name: str | None = None,
    ) -> QtGui.QAction:
        action = QtGui.QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QtGui.QKeySequence(shortcut))
        action.setStatusTip(tip)
        action.setToolTip(tip)
        if icon_name is not None:
            action.setIcon(icon(icon_name))
        action.triggered.connect(lambda _=False: slot())
        return action

    def _build_actions(self) -> None:
        keys = QtGui.QKeySequence.StandardKey
        self.new_action = self._action(
            "&New session", keys.New, "Start a new session", self.new_session
        )
        self.open_action = self._action(
            "&Open…", keys.Open, "Open a saved session", self.open_session, "open"
        )
        self.demo_action = self._action(
            "Open the &demo table",
            None,
            "Open the demo session: four players, a tarot deck and a shoe",
            self.open_demo,
        )
        self.save_action = self._action("&Save", keys.Save, "Save the session", self.save, "save")
        self.save_as_action = self._action(
            "Save &As…", keys.SaveAs, "Save the session to another file", self.save_as
        )
        self.export_action = self._action(
            "&Export the log…",
            None,
            "Write the session log, as everyone saw it, to Markdown or a web page",
            self.export_log,
        )
        self.quit_action = self._action("&Quit", keys.Quit, "Close Cardtable", self.close)
        self.undo_action = self._action(
            "&Undo", keys.Undo, "Nothing to undo yet.", self.undo, "undo"
        )
        self.redo_action = self._action(
            "&Redo", QtGui.QKeySequence("Ctrl+Shift+Z"), "Nothing to redo.", self.redo, "redo"
        )
        # Off until a session is loaded (refresh() turns them on when there is something).
        self.undo_action.setEnabled(False)
        self.redo_action.setEnabled(False)
        self.corrections = CorrectionEntries(self)
        self.fit_action = self._action(
            "&Fit the table to the window", "Ctrl+0", "Show every pile (Ctrl+0)", self._fit, "fit"
        )
        self.fit_action.setIconText("Fit")
        self.zoom_in_action = self._action(
            "Zoom &in", keys.ZoomIn, "Look closer", lambda: self.felt.zoom_by(1.25)
        )
        self.zoom_out_action = self._action(
            "Zoom &out", keys.ZoomOut, "See more of the table", lambda: self.felt.zoom_by(0.8)
        )
        self.next_seat_action = self._action(
            "Pass to the &next player",
            "Ctrl+Shift+P",
            "Hand the computer to the next seat, behind the curtain",
            self.pass_to_next,
        )
        self.pass_menu = QtWidgets.QMenu("Pass the co&mputer to", self)
        self.pass_menu.setObjectName("passMenu")
        self.pass_menu.aboutToShow.connect(self._fill_pass_menu)
        self.pass_action = self.pass_menu.menuAction()
        self.pass_action.setIcon(icon("pass"))
        self.pass_action.setIconText("Pass the computer")
        self.pass_action.setToolTip("Hand the computer to another player, behind the curtain")
        self.pass_action.setStatusTip("Hand the computer to another player, behind the curtain")
        self.about_action = self._action(
            "&About Cardtable", None, "Version and credits", lambda: about_box(self)
        )
        self.rules_action = self._action(
            "&Rules",
            None,
            "The rules of each system and of the table, with a find field",
            self._open_rules,
        )
        self.keys_action = self._action(
            "&Keyboard", None, "The keys that play the table", self._show_keys
        )

    # The help's pages are imported when first opened: the first sight of the table needs none.

    def _open_rules(self) -> None:
        from cardtable.ui.help.browser import open_rules

        open_rules(self, "table")

    def _show_keys(self) -> None:
        from cardtable.ui.window.keys_help import show_keys

        show_keys(self)

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = self.file_menu = bar.addMenu("&File")
        file_menu.addActions([self.new_action, self.open_action, self.demo_action])
        file_menu.addSeparator()
        file_menu.addActions([self.save_action, self.save_as_action, self.export_action])
        file_menu.addSeparator()
        file_menu.addAction(self.quit_action)
        edit_menu = bar.addMenu("&Edit")
        edit_menu.setToolTipsVisible(True)
        edit_menu.addActions([self.undo_action, self.redo_action])
        edit_menu.addSeparator()
        edit_menu.addActions([self.corrections.take_back, self.corrections.strike])
        self.table_menu = bar.addMenu("&Table")
        self.table_menu.setToolTipsVisible(True)
        self.table_menu.aboutToShow.connect(self._ensure_table)
        view_menu = bar.addMenu("&View")
        view_menu.addActions([self.fit_action, self.zoom_in_action, self.zoom_out_action])
        view_menu.addSeparator()
        self.full_screen = FullScreen(self, view_menu)
        self.public_screen = PublicScreen(self, lambda: self.document)
        view_menu.addAction(self.public_screen.action)
        seat_menu = bar.addMenu("&Seat")
        seat_menu.addMenu(self.pass_menu)
        seat_menu.addAction(self.next_seat_action)
        self.panels_menu = bar.addMenu("&Panels")
        hand = self.hand_dock.toggleViewAction()
        hand.setText("&Hand")
        hand.setStatusTip("Show or hide the hand of the player at the computer")
        self.panels_menu.addAction(hand)
        help_menu = bar.addMenu("&Help")
        help_menu.addActions([self.rules_action, self.keys_action])
        help_menu.addMenu(guides_menu(self))
        help_menu.addSeparator()
        help_menu.addAction(self.about_action)

    def _build_toolbar(self) -> None:
        bar = self.addToolBar("Table tools")
        bar.setObjectName("tools")
        bar.setMovable(False)
        bar.setIconSize(QtCore.QSize(22, 22))
        bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        bar.addActions([self.open_action, self.save_action])
        bar.addSeparator()
        bar.addActions([self.undo_action, self.redo_action])
        bar.addSeparator()
        self._card_tools_end = bar.addSeparator()
        bar.addAction(self.pass_action)
        button = bar.widgetForAction(self.pass_action)
        if isinstance(button, QtWidgets.QToolButton):
            button.setPopupMode(QtWidgets.QToolButton.ToolButtonPopupMode.InstantPopup)
            button.setAccessibleName("Pass the computer")
        bar.addAction(self.fit_action)
        self.toolbar = bar

    def add_dock(self, dock: QtWidgets.QDockWidget, menu_text: str) -> QtGui.QAction:
        """Add a panel (dice tray, tokens, sheets...) on the right, listed under Panels.

        The returned menu entry is ticked while the panel is in front; choosing it brings the
        panel forward (shown, its tab raised), or hides it when it is in front already. (Qt's
        own toggle would hide a panel that is open but behind another tab.)
        """
        if not dock.objectName():
            dock.setObjectName(menu_text.replace("&", "").replace(" ", "_").lower() + "Dock")
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
        entry = QtGui.QAction(menu_text, self)
        entry.setCheckable(True)
        entry.setChecked(dock.isVisible())
        dock.visibilityChanged.connect(entry.setChecked)
        entry.triggered.connect(lambda checked: bring_forward(dock, checked))
        self.panels_menu.addAction(entry)
        if self._curtain is not None and not self._curtain.isHidden():
            self._curtain.raise_()  # a panel added behind the curtain stays behind it
        return entry

    # --- following the session ------------------------------------------------------------

    def _on_changed(self, flags: int) -> None:
        # A guide's table lent the screen is autosaved nowhere: the autosave keeps the
        # group's session, which does not change meanwhile.
        if (
            flags
            and self._autosaver is not None
            and not self.document.lent
            and not self._autosave_soon.isActive()
        ):
            self._autosave_soon.start()
        self._build_if_in_sight()
        self.refresh()

    def _on_replaced(self) -> None:
        from cardtable.ui.document import Arrival

        self._build_if_in_sight()
        # The autosave follows the group's session: a guide's table comes and goes around it.
        if self.document.arrival is Arrival.OPENED:
            self._start_autosave()
        self.refresh()
        self._settle_after_paint()

    def _build_if_in_sight(self) -> None:
        """A curtain lifted before the felt behind it was built: build it now."""
        if self._table is None and self.document.session.curtain is None:
            self._ensure_table()

    def _settle_after_paint(self) -> None:
        """Once the window shows the session now in place, settle Python's memory (see
        :mod:`cardtable.ui.window.memory`) and stop keeping what is drawn (see
        :mod:`cardtable.ui.art.picture_cache`)."""
        if self._document is not None:
            self.after_shown(self._on_session_shown)

    def _on_session_shown(self) -> None:
        memory.settle()
        pictures_drawn_at_start()  # what is drawn from now on is not kept for the next start

    def _on_refused(self, reason: str) -> None:
        self.statusBar().showMessage(f"⚠ {reason}", REFUSAL_MS)

    def _on_failed(self, message: str) -> None:
        self.statusBar().showMessage(message, FAILURE_MS)

    def refresh(self) -> None:
        """Bring the title, undo and redo, and the seat in the status bar up to date."""
        if self._document is not None:
            self._status.show(self._document, self.untitled, self._table)
            self.corrections.refresh(self._document)

    # --- files ----------------------------------------------------------------------------

    def may_replace(self) -> bool:
        """Whether the session in play may go: saved, or the player says so."""
        return self.files.may_replace()

    def new_session(self) -> None:
        self.files.new_session()

    def open_session(self, path: str | Path | None = None) -> bool:
        """Open ``path`` (asked for when None); a file that cannot be read changes nothing."""
        return self.files.open(path)

    def open_demo(self) -> None:
        self.files.open_demo()

    def save(self) -> bool:
        return self.files.save()

    def save_as(self) -> bool:
        return self.files.save_as()

    def export_log(self) -> bool:
        return self.files.export_log()

    # --- edit, view, seat -----------------------------------------------------------------

    def undo(self) -> None:
        self.document.undo()

    def redo(self) -> None:
        self.document.redo()

    def _fit(self) -> None:
        self.felt.fit_table()

    def _fill_pass_menu(self) -> None:
        from cardtable.session import PassSeat

        self.pass_menu.clear()
        session = self.document.session
        if not session.players:
            empty = self.pass_menu.addAction("Nobody is at the table yet")
            empty.setEnabled(False)
            return
        for seat, player in enumerate(session.players):
            here = " (has it now)" if player.id == session.holder else ""
            entry = self.pass_menu.addAction(f"{player.name}{here}")
            entry.setIcon(_swatch(player.colour))
            entry.triggered.connect(lambda _=False, s=seat: self.document.apply(PassSeat(s)))

    def pass_to_next(self) -> None:
        from cardtable.session import PassSeat

        session = self.document.session
        if not session.players:
            self._on_refused("Nobody is at the table yet.")
            return
        seat = session.current_seat
        self.document.apply(PassSeat(0 if seat is None else (seat + 1) % len(session.players)))

    # --- the window's own events ----------------------------------------------------------
    # Handled here rather than by filters on the window: a filter is a call into Python for
    # every event the window gets, an update request each frame and a hover each move of the
    # pointer over the felt among them.

    def childEvent(self, event: QtCore.QChildEvent) -> None:
        super().childEvent(event)
        if event.added() or event.polished():
            child = event.child()
            if isinstance(child, QtWidgets.QTabBar):
                self.tab_bar_made.emit(child)

    def showEvent(self, event: QtGui.QShowEvent) -> None:
        super().showEvent(event)
        self.shown.emit()

    def resizeEvent(self, event: QtGui.QResizeEvent) -> None:
        super().resizeEvent(event)
        if self._curtain is not None:
            self._curtain.cover()

    def changeEvent(self, event: QtCore.QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QtCore.QEvent.Type.WindowStateChange:
            self.full_screen.state_changed()

    def dragEnterEvent(self, event: QtGui.QDragEnterEvent) -> None:
        if not self.drops.take(event):
            super().dragEnterEvent(event)

    def dragMoveEvent(self, event: QtGui.QDragMoveEvent) -> None:
        if not self.drops.take(event):
            super().dragMoveEvent(event)

    def dropEvent(self, event: QtGui.QDropEvent) -> None:
        if not self.drops.take(event):
            super().dropEvent(event)

    # --- closing --------------------------------------------------------------------------

    def closeEvent(self, event: QtGui.QCloseEvent) -> None:
        self.closing.emit()
        if self._document is not None and not self.may_replace():
            event.ignore()
            return
        self._close_autosave()
        if self._table is not None:
            self._table.preview.hide()
        self.public_screen.close()
        event.accept()


def _adventure_hand_actions(
    menu: QtWidgets.QMenu, document: SessionDocument, hand: PileId, cards: Sequence[str]
) -> list[QtGui.QAction]:
    """The Fantastical Adventure's entries in a hand's menu, its rules loaded when first
    asked (not on the way to showing the table)."""
    from cardtable.ui.panels.adventure.hand_menu import add_hand_actions

    return add_hand_actions(menu, document, hand, cards)


def _swatch(colour: str) -> QtGui.QIcon:
    pixmap = QtGui.QPixmap(14, 14)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QtGui.QPainter(pixmap)
    painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
    painter.setBrush(QtGui.QColor(colour))
    painter.setPen(Qt.PenStyle.NoPen)
    painter.drawEllipse(1, 1, 12, 12)
    painter.end()
    return QtGui.QIcon(pixmap)


# The answers to "save the changes first?" come with the window, for those who replace
# its :attr:`MainWindow.ask_unsaved`.
__all__ = ["CANCEL", "DISCARD", "SAVE", "TITLE", "MainWindow"]


def _separator(parent: QtCore.QObject) -> QtGui.QAction:
    line = QtGui.QAction(parent)
    line.setSeparator(True)
    return line
