"""The welcome screen: start a new session, open one, reopen a recent one, or try the demo.

:func:`choose_start` is what the app runs when it starts without a session file: it shows
:class:`WelcomeDialog` and returns :class:`Started` (the session to put in play and where
it is saved) or None when the player closed the screen. The dialog loads or builds the
session itself, so a file that cannot be opened is explained on the spot and the player
can choose again; the recent-files list in :class:`~cardtable.settings.Settings` is kept
up to date (opened files go first, missing ones can be removed) and saved.
"""

from __future__ import annotations

import enum
import html
import logging
import os
from collections.abc import Callable, Sequence
from pathlib import Path

from attrs import frozen

from cardtable import __version__
from cardtable.randomness import Rng, from_os
from cardtable.session import Session, SessionFileError, load
from cardtable.session.demo import demo_path
from cardtable.session.new_session import NewSessionPlan, PlanError, build_session
from cardtable.session.recovery import Recovery, Slot
from cardtable.settings import Settings, save_settings
from cardtable.ui.art.start_icons import start_icon
from cardtable.ui.guides.registry import titles as guide_titles
from cardtable.ui.public.screens import TV_AND_PHONES
from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets
from cardtable.ui.table.felt import felt_brush
from cardtable.ui.widgets.theme import follow_palette
from cardtable.ui.window.new_session.rows import error_colour, muted_colour
from cardtable.ui.window.new_session.wizard import NewSessionWizard
from cardtable.ui.window.recovery_panel import RecoveryPanel, confirm_discard, prefer_autosave

_log = logging.getLogger(__name__)

SESSION_FILTER = "Cardtable sessions (*.cardtable);;All files (*)"
WELCOME_SIZE = QtCore.QSize(880, 580)
CREAM, BRASS = "#f6efe0", "#eccb74"
PATH_ROLE = Qt.ItemDataRole.UserRole
MISSING_ROLE = Qt.ItemDataRole.UserRole + 1


class ChoiceKind(enum.Enum):
    NEW = "new"
    OPEN = "open"
    DEMO = "demo"
    GUIDE = "guide"
    RECOVER = "recover"
    CANCELLED = "cancelled"


@frozen
class WelcomeChoice:
    """What the player picked on the welcome screen."""

    kind: ChoiceKind
    plan: NewSessionPlan | None = None
    path: Path | None = None
    #: The guided round asked for (a key of :data:`cardtable.ui.guides.registry.GUIDES`).
    guide: str | None = None

    @classmethod
    def new(cls, plan: NewSessionPlan) -> WelcomeChoice:
        return cls(ChoiceKind.NEW, plan=plan)

    @classmethod
    def open(cls, path: str | os.PathLike[str]) -> WelcomeChoice:
        return cls(ChoiceKind.OPEN, path=Path(path))

    @classmethod
    def demo(cls) -> WelcomeChoice:
        return cls(ChoiceKind.DEMO)

    @classmethod
    def cancelled(cls) -> WelcomeChoice:
        return cls(ChoiceKind.CANCELLED)


@frozen(eq=False)
class Started:
    """The session to put in play, the file it is saved in (None for a new session or the
    demo: Save then asks where), the settings as the welcome screen left them, and whether
    it is the demo table (the window's title says so). A recovered session comes with the
    autosave it came from and that autosave's slot, held until the session is saved."""

    session: Session
    path: Path | None
    settings: Settings
    demo: bool = False
    recovery: Recovery | None = None
    slot: Slot | None = None
    #: Play with a TV and phones (Table > A TV and phones, once the window is up).
    tv_and_phones: bool = False
    #: The guided round to show once the window is up, on a table of its own (the session
    #: above is then an empty one, which the window shows when the round ends).
    guide: str | None = None


def start_session(choice: WelcomeChoice, rng: Rng) -> tuple[Session, Path | None]:
    """The session ``choice`` asks for, and its file.

    Raises :class:`~cardtable.session.SessionFileError` for a file that cannot be opened,
    :class:`~cardtable.session.new_session.PlanError` for a plan with problems.
    """
    if choice.kind is ChoiceKind.NEW and choice.plan is not None:
        return build_session(choice.plan, rng), None
    if choice.kind is ChoiceKind.OPEN and choice.path is not None:
        return load(choice.path, rng=rng), choice.path
    if choice.kind is ChoiceKind.DEMO:
        # Opened as a new, unsaved session: Save must never write over the shipped file.
        return load(demo_path(), rng=rng), None
    raise ValueError(f"{choice!r} starts no session")


def _label(
    text: str, *, size: float = 1.0, bold: bool = False, colour: str | Callable[[], str] = ""
) -> QtWidgets.QLabel:
    """A label; ``colour`` a fixed one (on the felt) or one worked out from the palette each
    time the desktop's scheme changes."""
    label = QtWidgets.QLabel(text)
    font = label.font()
    font.setPointSizeF(font.pointSizeF() * size)
    font.setBold(bold)
    label.setFont(font)
    if callable(colour):
        follow_palette(
            label, lambda: label.setStyleSheet(f"color: {colour()}; background: transparent;")
        )
    elif colour:
        label.setStyleSheet(f"color: {colour}; background: transparent;")
    return label


class _Header(QtWidgets.QWidget):
    """The felt band at the top: the app icon, the name, one line on what it is for."""

    def __init__(self) -> None:
        super().__init__()
        self.setMinimumHeight(118)
        self.setAutoFillBackground(True)
        palette = self.palette()
        palette.setBrush(QtGui.QPalette.ColorRole.Window, felt_brush())
        self.setPalette(palette)
        layout = QtWidgets.QHBoxLayout(self)
        layout.setContentsMargins(28, 16, 28, 16)
        layout.setSpacing(18)
        from cardtable.ui.art.app_icon import app_icon

        icon = app_icon()
        if not icon.isNull():
            picture = QtWidgets.QLabel()
            picture.setPixmap(icon.pixmap(80, 80))
            picture.setAccessibleName("Cardtable icon")
            layout.addWidget(picture)
        words = QtWidgets.QVBoxLayout()
        words.setSpacing(2)
        words.addStretch(1)
        title = _label("Welcome to Cardtable", size=2.1, bold=True, colour=CREAM)
        title.setAccessibleName("Welcome to Cardtable")
        words.addWidget(title)
        words.addWidget(
            _label(
                "Cards and dice for narrative role-playing, around one screen.",
                size=1.12,
                colour=BRASS,
            )
        )
        words.addStretch(1)
        layout.addLayout(words, 1)


class _BigButton(QtWidgets.QPushButton):
    """A large, friendly button: an icon, a title, a line saying what it does, its shortcut."""

    def __init__(self, icon: str, title: str, detail: str, keys: str) -> None:
        super().__init__()
        self.setObjectName("bigButton")
        self.setMinimumSize(330, 78)
        self.setSizePolicy(
            QtWidgets.QSizePolicy.Policy.Expanding, QtWidgets.QSizePolicy.Policy.Fixed
        )
        self.setAccessibleName(title.rstrip("…"))
        self.setAccessibleDescription(detail)
        self.setToolTip(f"{detail} ({keys})")
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        layout = QtWidgets.QHBoxLayout(self)
        layout.setContentsMargins(14, 10, 14, 10)
        layout.setSpacing(14)
        picture = QtWidgets.QLabel()
        picture.setPixmap(start_icon(icon).pixmap(44, 44))
        words = QtWidgets.QVBoxLayout()
        words.setSpacing(2)
        self.title = _label(title, size=1.22, bold=True)
        self.detail = _label(detail, colour=muted_colour)
        self.detail.setWordWrap(True)
        words.addStretch(1)
        words.addWidget(self.title)
        words.addWidget(self.detail)
        words.addStretch(1)
        shortcut = _label(keys, size=0.9, colour=muted_colour)
        layout.addWidget(picture)
        layout.addLayout(words, 1)
        layout.addWidget(shortcut, 0, Qt.AlignmentFlag.AlignTop)
        for label in (picture, self.title, self.detail, shortcut):
            label.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)


class _RecentDelegate(QtWidgets.QStyledItemDelegate):
    """A recent file as two lines: its name, then its folder (or that it is missing)."""

    HEIGHT = 50

    def sizeHint(
        self, option: QtWidgets.QStyleOptionViewItem, index: QtCore.QModelIndex
    ) -> QtCore.QSize:
        return QtCore.QSize(200, self.HEIGHT)

    def paint(
        self,
        painter: QtGui.QPainter,
        option: QtWidgets.QStyleOptionViewItem,
        index: QtCore.QModelIndex,
    ) -> None:
        style = option.widget.style() if option.widget else QtWidgets.QApplication.style()
        plain = QtWidgets.QStyleOptionViewItem(option)
        self.initStyleOption(plain, index)
        plain.text = ""
        plain.icon = QtGui.QIcon()
        style.drawControl(
            QtWidgets.QStyle.ControlElement.CE_ItemViewItem, plain, painter, option.widget
        )
        path = Path(str(index.data(PATH_ROLE)))
        missing = bool(index.data(MISSING_ROLE))
        selected = bool(option.state & QtWidgets.QStyle.StateFlag.State_Selected)
        rect = option.rect.adjusted(10, 6, -10, -6)
        icon = start_icon("missing" if missing else "session")
        icon.paint(painter, QtCore.QRect(rect.left(), rect.top() + 2, 34, 34))
        text_left = rect.left() + 46
        palette = option.palette
        ink = palette.color(
            QtGui.QPalette.ColorRole.HighlightedText if selected else QtGui.QPalette.ColorRole.Text
        )
        faint = ink if selected else QtGui.QColor(muted_colour())
        painter.save()
        name_font = QtGui.QFont(option.font)
        name_font.setBold(True)
        name_font.setItalic(missing)
        painter.setFont(name_font)
        painter.setPen(faint if missing else ink)
        name_rect = QtCore.QRect(
            text_left, rect.top(), rect.right() - text_left, rect.height() // 2
        )
        metrics = QtGui.QFontMetrics(name_font)
        painter.drawText(
            name_rect,
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            metrics.elidedText(path.stem, Qt.TextElideMode.ElideRight, name_rect.width()),
        )
        small = QtGui.QFont(option.font)
        small.setPointSizeF(small.pointSizeF() * 0.9)
        painter.setFont(small)
        painter.setPen(faint)
        where = f"Not found: {path.parent}" if missing else str(path.parent)
        line_rect = QtCore.QRect(
            text_left, rect.top() + rect.height() // 2, rect.right() - text_left, rect.height() // 2
        )
        painter.drawText(
            line_rect,
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            QtGui.QFontMetrics(small).elidedText(
                where, Qt.TextElideMode.ElideMiddle, line_rect.width()
            ),
        )
        painter.restore()


class WelcomeDialog(QtWidgets.QDialog):
    """The first screen. After it closes, :attr:`choice` says what was picked and
    :attr:`started` holds the session (None when cancelled); :attr:`settings` has the
    recent files as they now are, also sent with :attr:`settings_changed` on each change."""

    settings_changed = QtCore.Signal(object)  # Settings

    def __init__(
        self,
        settings: Settings,
        parent: QtWidgets.QWidget | None = None,
        *,
        rng_source: Callable[[], Rng] = from_os,
        recoveries: Sequence[Recovery] = (),
    ) -> None:
        super().__init__(parent)
        self.settings = settings
        self._recoveries = list(recoveries)
        self.choice = WelcomeChoice.cancelled()
        self.started: Started | None = None
        #: The New-session wizard while it is open (and after, until the next one).
        self.wizard: NewSessionWizard | None = None
        self._rng_source = rng_source
        self.setWindowTitle("Welcome to Cardtable")
        self.setAccessibleName("Welcome to Cardtable")
        self.resize(WELCOME_SIZE)
        self.setStyleSheet(
            "QPushButton#bigButton { border: 1px solid palette(mid); border-radius: 10px;"
            " background: palette(base); }"
            "QPushButton#bigButton:hover { border: 1px solid #c9a441; }"
            "QPushButton#bigButton:focus { border: 2px solid palette(highlight); }"
            "QPushButton#bigButton:pressed { background: palette(alternate-base); }"
        )

        self.new_button = _BigButton(
            "new",
            "New session…",
            "Choose the systems, seat the players, name the characters.",
            "Ctrl+N",
        )
        self.open_button = _BigButton(
            "open", "Open…", "Carry on with a session saved earlier.", "Ctrl+O"
        )
        self.demo_button = _BigButton(
            "demo",
            "Try the demo table",
            "Four players and a character for each of the five systems, ready to play.",
            "Ctrl+D",
        )
        self.new_button.clicked.connect(self._on_new)
        self.open_button.clicked.connect(self._on_open)
        self.demo_button.clicked.connect(self._on_demo)
        for button, keys in (
            (self.new_button, QtGui.QKeySequence.StandardKey.New),
            (self.open_button, QtGui.QKeySequence.StandardKey.Open),
            (self.demo_button, QtGui.QKeySequence("Ctrl+D")),
        ):
            QtGui.QShortcut(QtGui.QKeySequence(keys), self, button.click)

        self.guide_button = _BigButton(
            "guide",
            "Show me a round of…",
            "A guided first round of a system, at a table of its own.",
            "Ctrl+G",
        )
        self.guide_menu = QtWidgets.QMenu(self.guide_button)
        self.guide_menu.setObjectName("welcomeGuides")
        for key, title in guide_titles():
            entry = self.guide_menu.addAction(f"{title[:1].upper()}{title[1:]}")
            entry.setObjectName(f"guide_{key}")
            entry.triggered.connect(lambda _=False, k=key: self._on_guide(k))
        self.guide_button.setMenu(self.guide_menu)
        self.guide_button.setVisible(bool(self.guide_menu.actions()))
        QtGui.QShortcut(QtGui.QKeySequence("Ctrl+G"), self, self.guide_button.showMenu)
        buttons = QtWidgets.QVBoxLayout()
        buttons.setSpacing(12)
        buttons.addWidget(_label("Start", size=1.15, bold=True))
        for button in (self.new_button, self.open_button, self.demo_button, self.guide_button):
            buttons.addWidget(button)
        self.tv_and_phones = QtWidgets.QCheckBox("Play with a &TV and phones")
        self.tv_and_phones.setToolTip(TV_AND_PHONES)
        buttons.addWidget(self.tv_and_phones)
        buttons.addStretch(1)

        self.recent = QtWidgets.QListWidget()
        self.recent.setAccessibleName("Recent sessions")
        self.recent.setItemDelegate(_RecentDelegate(self.recent))
        self.recent.setUniformItemSizes(True)
        self.recent.setToolTip(
            "Double-click a session to open it; Delete removes it from the list."
        )
        self.recent.itemActivated.connect(self._on_recent_activated)
        self.recent.currentItemChanged.connect(lambda *_: self._update_recent_buttons())
        remove_key = QtGui.QShortcut(
            QtGui.QKeySequence(QtGui.QKeySequence.StandardKey.Delete), self.recent
        )
        remove_key.setContext(Qt.ShortcutContext.WidgetShortcut)
        remove_key.activated.connect(self._on_remove_recent)
        self.no_recent = _label(
            "No sessions yet.\n\nSessions you open or save will be listed here.\n"
            "New to Cardtable? Try the demo table, or let it show you a round.",
            colour=muted_colour,
        )
        self.no_recent.setObjectName("noRecent")
        follow_palette(
            self.no_recent,
            lambda: self.no_recent.setStyleSheet(
                f"#noRecent {{ color: {muted_colour()}; border: 1px dashed palette(mid);"
                " border-radius: 6px; padding: 16px; }"
            ),
        )
        self.no_recent.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.no_recent.setWordWrap(True)
        self.recent_stack = QtWidgets.QStackedWidget()
        self.recent_stack.addWidget(self.recent)
        self.recent_stack.addWidget(self.no_recent)
        self.open_recent_button = QtWidgets.QPushButton("Open")
        self.open_recent_button.setToolTip("Open the selected session (Enter)")
        self.open_recent_button.setAccessibleName("Open the selected recent session")
        self.open_recent_button.clicked.connect(self._on_open_recent)
        self.remove_recent_button = QtWidgets.QPushButton("Remove from list")
        self.remove_recent_button.setToolTip(
            "Forget the selected session (Delete); the file itself is not touched"
        )
        self.remove_recent_button.setAccessibleName("Remove the selected session from the list")
        self.remove_recent_button.clicked.connect(self._on_remove_recent)
        recent_buttons = QtWidgets.QHBoxLayout()
        recent_buttons.addStretch(1)
        recent_buttons.addWidget(self.remove_recent_button)
        recent_buttons.addWidget(self.open_recent_button)
        recent_column = QtWidgets.QVBoxLayout()
        recent_column.setSpacing(12)
        recent_column.addWidget(_label("Recent sessions", size=1.15, bold=True))
        recent_column.addWidget(self.recent_stack, 1)
        recent_column.addLayout(recent_buttons)

        body = QtWidgets.QHBoxLayout()
        body.setContentsMargins(24, 20, 24, 8)
        body.setSpacing(24)
        body.addLayout(buttons, 5)
        body.addLayout(recent_column, 4)

        self.error = _label("", colour=error_colour())
        self.error.setWordWrap(True)
        self.error.setAccessibleName("Why the session did not open")
        self.error.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.error.hide()
        self.quit_button = QtWidgets.QPushButton("Quit")
        self.quit_button.setToolTip("Close Cardtable (Esc)")
        self.quit_button.setAccessibleName("Quit Cardtable")
        self.quit_button.setAutoDefault(False)
        self.quit_button.clicked.connect(self.reject)
        footer = QtWidgets.QHBoxLayout()
        footer.setContentsMargins(24, 0, 24, 16)
        footer.addWidget(_label(f"Cardtable {__version__}", size=0.9, colour=muted_colour))
        footer.addStretch(1)
        footer.addWidget(self.quit_button)

        # After a crash, the first thing on the screen: what the autosave holds, and Recover.
        self.recovery = RecoveryPanel(self._recoveries)
        self.recovery.recover.connect(self._recover)
        self.recovery.discard.connect(self._on_discard_recovery)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(_Header())
        recovery_row = QtWidgets.QHBoxLayout()
        recovery_row.setContentsMargins(24, 14, 24, 0)
        recovery_row.addWidget(self.recovery)
        layout.addLayout(recovery_row)
        layout.addLayout(body, 1)
        error_row = QtWidgets.QHBoxLayout()
        error_row.setContentsMargins(24, 0, 24, 6)
        error_row.addWidget(self.error)
        layout.addLayout(error_row)
        layout.addLayout(footer)
        for button in (self.new_button, self.open_button, self.demo_button):
            button.setAutoDefault(True)  # Enter presses the one with the focus
        self._fill_recent()
        (self.recovery.first_button or self.new_button).setFocus()

    # -- the recent list ---------------------------------------------------------------------

    def _fill_recent(self) -> None:
        current = self.recent.currentItem()
        keep = current.data(PATH_ROLE) if current is not None else None
        self.recent.clear()
        for text in self.settings.recent_files:
            path = Path(text)
            missing = not path.is_file()
            item = QtWidgets.QListWidgetItem(path.name)
            item.setData(PATH_ROLE, text)
            item.setData(MISSING_ROLE, missing)
            if missing:
                item.setToolTip(
                    f"Cardtable cannot find this file any more:\n{text}\nIt may have been "
                    "moved, renamed or deleted. Press Delete to remove it from the list."
                )
                item.setData(Qt.ItemDataRole.AccessibleTextRole, f"{path.name}, missing")
            else:
                item.setToolTip(f"{text}\nDouble-click or press Enter to open it.")
            self.recent.addItem(item)
            if text == keep:
                self.recent.setCurrentItem(item)
        any_recent = self.recent.count() > 0
        self.recent_stack.setCurrentWidget(self.recent if any_recent else self.no_recent)
        self.open_recent_button.setVisible(any_recent)
        self.remove_recent_button.setVisible(any_recent)
        self._update_recent_buttons()

    def _update_recent_buttons(self) -> None:
        item = self.recent.currentItem()
        self.remove_recent_button.setEnabled(item is not None)
        self.open_recent_button.setEnabled(item is not None and not item.data(MISSING_ROLE))

    def _set_settings(self, settings: Settings) -> None:
        if settings != self.settings:
            self.settings = settings
            self.settings_changed.emit(settings)
            self._fill_recent()

    def _on_recent_activated(self, item: QtWidgets.QListWidgetItem) -> None:
        self._open_path(Path(str(item.data(PATH_ROLE))), recent=True)

    def _on_open_recent(self) -> None:
        item = self.recent.currentItem()
        if item is not None:
            self._on_recent_activated(item)

    def _on_remove_recent(self) -> None:
        item = self.recent.currentItem()
        if item is not None:
            self._set_settings(self.settings.without_recent(str(item.data(PATH_ROLE))))
            self._show_error("")

    # -- the choices -------------------------------------------------------------------------

    def _on_new(self) -> None:
        self._show_error("")
        wizard = NewSessionWizard(self)
        wizard.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, False)
        wizard.finished.connect(self._on_wizard_finished)
        self.wizard = wizard
        wizard.open()

    def _on_wizard_finished(self, result: int) -> None:
        wizard = self.wizard
        if wizard is not None and result == QtWidgets.QDialog.DialogCode.Accepted:
            self._start(WelcomeChoice.new(wizard.plan()))

    def _on_open(self) -> None:
        self._show_error("")
        chosen, _filter = QtWidgets.QFileDialog.getOpenFileName(
            self, "Open a session", self._start_folder(), SESSION_FILTER
        )
        if chosen:
            self._open_path(Path(chosen), recent=False)

    def open_file(self, path: str | os.PathLike[str]) -> None:
        """Open ``path`` as if chosen with Open… (a file the desktop handed over); a file
        that cannot be opened is explained here and the screen stays."""
        self._show_error("")
        self._open_path(Path(path), recent=False)
        if self.started is not None and self.wizard is not None:
            self.wizard.close()

    def _on_demo(self) -> None:
        self._show_error("")
        self._start(WelcomeChoice.demo())

    def _on_guide(self, key: str) -> None:
        """Show the guided round ``key`` once the window is up; an empty table waits
        behind it, as the group's own."""
        self._show_error("")
        self.choice = WelcomeChoice(ChoiceKind.GUIDE, guide=key)
        # No TV and phones: a guided round is played at this screen alone.
        self.started = Started(Session(rng=self._rng_source()), None, self.settings, guide=key)
        self.accept()

    def _start_folder(self) -> str:
        for text in self.settings.recent_files:
            folder = Path(text).parent
            if folder.is_dir():
                return str(folder)
        return str(Path.home())

    def _open_path(self, path: Path, *, recent: bool) -> None:
        path = Path(os.path.abspath(path))
        if not path.is_file():
            self._fill_recent()  # it may have gone since the list was drawn
            how = " Remove it from the list, or find it with Open…" if recent else ""
            self._show_error(f"{path.name} is not in {path.parent} any more.{how}")
            return
        newer = self.recovery.autosave_of(path)
        if newer is not None and prefer_autosave(self, newer):
            self._recover(newer)
            return
        self._start(WelcomeChoice.open(path))

    # -- recovering what a crash left ----------------------------------------------------------

    def _recover(self, recovery: Recovery) -> None:
        """Open ``recovery``'s autosave, holding its slot until the session is saved."""
        self._show_error("")
        try:
            session, slot = recovery.open(self._rng_source())
        except SessionFileError as exc:
            self._show_error(str(exc))
            return
        path = recovery.file
        if path is not None:
            self._set_settings(self.settings.with_recent(str(path)))
        self.choice = WelcomeChoice(ChoiceKind.RECOVER, path=path)
        self.started = Started(
            session,
            path,
            self.settings,
            recovery=recovery,
            slot=slot,
            tv_and_phones=self.tv_and_phones.isChecked(),
        )
        self.accept()

    def _on_discard_recovery(self, recovery: Recovery) -> None:
        if not confirm_discard(self, recovery):
            return
        if recovery.discard():
            self.recovery.remove(recovery)
            self._show_error("")
        else:
            self._show_error(f"Another Cardtable is recovering {recovery.title}: it was kept.")

    def _start(self, choice: WelcomeChoice) -> None:
        QtWidgets.QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            session, path = start_session(choice, self._rng_source())
        except (SessionFileError, PlanError) as exc:
            _log.info("the welcome screen could not start %r: %s", choice, exc)
            self._show_error(str(exc))
            return
        finally:
            QtWidgets.QApplication.restoreOverrideCursor()
        if path is not None:
            self._set_settings(self.settings.with_recent(str(path)))
        self.choice = choice
        self.started = Started(
            session,
            path,
            self.settings,
            demo=choice.kind is ChoiceKind.DEMO,
            tv_and_phones=self.tv_and_phones.isChecked(),
        )
        self.accept()

    def _show_error(self, text: str) -> None:
        self.error.setText(html.escape(text))
        self.error.setVisible(bool(text))


def choose_start(
    parent: QtWidgets.QWidget | None,
    settings: Settings,
    *,
    save: Callable[[Settings], object] = save_settings,
    recoveries: Sequence[Recovery] = (),
) -> Started | None:
    """Show the welcome screen; the session to put in play, or None if the player quit.

    Changes to the recent files are saved with ``save`` as they happen (a failure to save
    is logged, never raised: the evening matters more than the list).
    """
    dialog = WelcomeDialog(settings, parent, recoveries=recoveries)

    def store(changed: Settings) -> None:
        try:
            save(changed)
        except OSError as exc:
            _log.warning("could not save the recent files list: %s", exc)

    dialog.settings_changed.connect(store)
    dialog.exec()
    return dialog.started
