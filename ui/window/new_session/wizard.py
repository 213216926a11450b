"""The New-session wizard: systems, players in seat order, characters, then a last look.

Every page is checked as it is edited against
:meth:`cardtable.session.new_session.NewSessionPlan.problems`: a problem with one line shows
under that line, a problem with the whole page in a banner at its foot, and Next (or Finish)
stays disabled until the page is right. The wizard only gathers the plan; building the
session is :func:`cardtable.session.new_session.build_session`.

``ask_new_session(parent)`` runs it modally and returns the new Session (or None); the
welcome screen opens it without blocking.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from functools import cache

from cardtable.randomness import Rng, from_os
from cardtable.session import Session
from cardtable.session.model import PALETTE, OptionValue
from cardtable.session.new_session import (
    DEFAULT_SHOE,
    MAX_SHOE,
    MIN_SHOE,
    SYSTEM_BLURBS,
    SYSTEMS,
    CharacterPlan,
    NewSessionPlan,
    PlanProblem,
    PlayerPlan,
    build_session,
    system_title,
)
from cardtable.session.table_options import option, options_for
from cardtable.ui.art.start_icons import start_icon
from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets
from cardtable.ui.window.new_session.rows import (
    CharacterRow,
    PlayerRow,
    RowGrid,
    muted_colour,
    show_message,
)
from cardtable.ui.window.new_session.summary import deck_sizes, summary_html
from cardtable.ui.window.table_options import control_value, option_control, set_control

WIZARD_SIZE = QtCore.QSize(780, 600)
FINISH_TEXT = "Set the table"


class Banner(QtWidgets.QFrame):
    """A gentle strip at the foot of a page saying what is still to do."""

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("planBanner")
        self.setStyleSheet(
            "#planBanner { background: #fdf3dc; border: 1px solid #e8c878; border-radius: 6px; }"
            "#planBanner QLabel { color: #5a4210; background: transparent; border: none; }"
        )
        layout = QtWidgets.QHBoxLayout(self)
        layout.setContentsMargins(10, 6, 10, 6)
        icon = QtWidgets.QLabel()
        icon.setPixmap(start_icon("info").pixmap(20, 20))
        icon.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.text = QtWidgets.QLabel()
        self.text.setWordWrap(True)
        self.text.setAccessibleName("What is still to do")
        layout.addWidget(icon)
        layout.addWidget(self.text, 1)
        self.hide()

    def show_problems(self, messages: Sequence[str]) -> None:
        self.text.setText("<br>".join(html.escape(m) for m in messages))
        self.setVisible(bool(messages))


def _scroll(content: QtWidgets.QWidget) -> QtWidgets.QScrollArea:
    scroll = QtWidgets.QScrollArea()
    scroll.setWidgetResizable(True)
    scroll.setFrameShape(QtWidgets.QFrame.Shape.NoFrame)
    scroll.setWidget(content)
    return scroll


def _button_row(*buttons: QtWidgets.QAbstractButton) -> QtWidgets.QWidget:
    row = QtWidgets.QWidget()
    layout = QtWidgets.QHBoxLayout(row)
    layout.setContentsMargins(0, 6, 0, 0)
    for button in buttons:
        layout.addWidget(button)
    layout.addStretch(1)
    return row


class _PlanPage(QtWidgets.QWizardPage):
    """A page that shows its share of the plan's problems and is complete without any."""

    edited = QtCore.Signal()

    def __init__(self, title: str, subtitle: str) -> None:
        super().__init__()
        self.setTitle(title)
        self.setSubTitle(subtitle)
        self.banner = Banner()
        self._blocking = False

    def owns(self, problem: PlanProblem) -> bool:
        raise NotImplementedError

    def show_problems(self, problems: Sequence[PlanProblem]) -> None:
        mine = [p for p in problems if self.owns(p)]
        self.banner.show_problems([p.message for p in mine if p.row is None])
        blocking = bool(mine)
        if blocking != self._blocking:
            self._blocking = blocking
            self.completeChanged.emit()

    def isComplete(self) -> bool:
        return not self._blocking

    def validatePage(self) -> bool:
        # QWizard.next() called from code skips isComplete; this keeps it honest.
        return self.isComplete()


# -- systems --------------------------------------------------------------------------------


class SystemsPage(_PlanPage):
    """Which of the five systems the evening uses, and how many decks go in the shoe."""

    def __init__(self) -> None:
        super().__init__(
            "What will you play?",
            "Tick the systems your group will use. Each card system puts its own deck on the "
            "table; the dice systems need no deck.",
        )
        tarot_cards, shoe_deck = deck_sizes()
        decks = {
            "tarot": f"Puts the Tourist's Tarot on the table ({tarot_cards} cards).",
            "adventure": "",
            "pool": "No deck; challenge dice only if the group chooses them.",
        }
        self.boxes: dict[str, QtWidgets.QCheckBox] = {}
        #: The house rules' controls, by option key (shown in their system's card).
        self.rules: dict[str, QtWidgets.QComboBox | QtWidgets.QCheckBox] = {}
        layout = QtWidgets.QVBoxLayout(self)
        layout.setSpacing(6)
        for system in SYSTEMS:
            frame = QtWidgets.QFrame()
            frame.setObjectName("systemCard")
            frame.setStyleSheet(
                "#systemCard { border: 1px solid palette(mid); border-radius: 6px; }"
            )
            grid = QtWidgets.QGridLayout(frame)
            grid.setContentsMargins(10, 6, 10, 6)
            grid.setVerticalSpacing(0)
            box = QtWidgets.QCheckBox(system_title(system))
            font = box.font()
            font.setBold(True)
            box.setFont(font)
            box.setToolTip(SYSTEM_BLURBS[system])
            box.setAccessibleName(f"Play {system_title(system)}")
            box.toggled.connect(self._on_toggled)
            self.boxes[system] = box
            blurb = QtWidgets.QLabel(
                " ".join(t for t in (SYSTEM_BLURBS[system], decks.get(system, "Dice only.")) if t)
            )
            blurb.setWordWrap(True)
            blurb.setStyleSheet(f"color: {muted_colour()};")
            blurb.setIndent(24)
            grid.addWidget(box, 0, 0)
            grid.addWidget(blurb, 1, 0, 1, 2)
            if system == "adventure":
                self.shoe = QtWidgets.QSpinBox()
                self.shoe.setRange(MIN_SHOE, MAX_SHOE)
                self.shoe.setValue(DEFAULT_SHOE)
                self.shoe.setSuffix(" decks")
                self.shoe.setPrefix("Shoe of ")
                self.shoe.setAccessibleName("Decks in the shoe")
                self.shoe.setToolTip(
                    f"How many decks of {shoe_deck} cards (52 and 2 jokers) are shuffled "
                    f"together for Fantastical Adventure: {MIN_SHOE} to {MAX_SHOE}, "
                    f"{DEFAULT_SHOE} by default."
                )
                self.shoe.valueChanged.connect(lambda _v: self.edited.emit())
                self.shoe.setEnabled(False)
                box.toggled.connect(self.shoe.setEnabled)
                grid.addWidget(self.shoe, 0, 1, Qt.AlignmentFlag.AlignRight)
            self._add_options(system, box, grid)
            layout.addWidget(frame)
        layout.addStretch(1)
        layout.addWidget(self.banner)

    def _add_options(self, system: str, box: QtWidgets.QCheckBox,
                     grid: QtWidgets.QGridLayout) -> None:
        """The system's house rules under its blurb, usable once it is ticked."""
        rules = [o for o in options_for([system]) if not o.fixed]
        if not rules:
            return
        rows = QtWidgets.QGridLayout()
        rows.setContentsMargins(24, 4, 0, 0)
        rows.setHorizontalSpacing(8)
        for index, found in enumerate(rules):
            control = option_control(found, found.default, self)
            control.setEnabled(False)
            box.toggled.connect(control.setEnabled)
            label = QtWidgets.QLabel(found.title[:1].upper() + found.title[1:] + ":")
            label.setToolTip(found.rule)
            label.setBuddy(control)
            at, column = divmod(index, 2)
            rows.addWidget(label, at, 3 * column)
            rows.addWidget(control, at, 3 * column + 1)
            if isinstance(control, QtWidgets.QCheckBox):
                control.toggled.connect(lambda _c: self.edited.emit())
            else:
                control.currentIndexChanged.connect(lambda _i: self.edited.emit())
            self.rules[found.key] = control
        rows.setColumnMinimumWidth(2, 16)
        rows.setColumnStretch(5, 1)
        grid.addLayout(rows, 2, 0, 1, 2)

    def systems(self) -> list[str]:
        return [s for s, box in self.boxes.items() if box.isChecked()]

    def options(self) -> dict[str, OptionValue]:
        """The house rules changed from the rules' defaults, for the systems ticked (the
        others take their defaults when the table is set)."""
        ticked = set(self.systems())
        chosen = {key: control_value(control) for key, control in self.rules.items()
                  if option(key).system in ticked}
        return {key: value for key, value in chosen.items()
                if (type(value), value) != (type(option(key).default), option(key).default)}

    def set_options(self, values: Mapping[str, OptionValue]) -> None:
        for key, value in values.items():
            if key in self.rules:
                set_control(self.rules[key], value)

    def owns(self, problem: PlanProblem) -> bool:
        return problem.page == "systems"

    def _on_toggled(self, _checked: bool) -> None:
        self.edited.emit()


# -- players --------------------------------------------------------------------------------


class PlayersPage(_PlanPage):
    """Everyone at the table in seat order, each with a colour; at most one GM."""

    def __init__(self) -> None:
        super().__init__(
            "Who is at the table?",
            "Add everyone in seat order: the computer passes from seat to seat. "
            "Tick GM for the person who runs the game, if your game has one.",
        )
        self.add_button = QtWidgets.QPushButton(start_icon("player"), "&Add a player")
        self.add_button.setToolTip("Add a seat after the last one (Alt+A)")
        self.add_button.setAccessibleName("Add a player")
        self.add_button.clicked.connect(self._on_add)
        self.grid = RowGrid(
            ["Seat", "Name", "Colour", "", "", "", ""], footer=_button_row(self.add_button)
        )
        layout = QtWidgets.QVBoxLayout(self)
        layout.addWidget(_scroll(self.grid), 1)
        layout.addWidget(self.banner)
        self.add_player()

    @property
    def rows(self) -> list[PlayerRow]:
        return [row for row in self.grid.rows if isinstance(row, PlayerRow)]

    def add_player(self, player: PlayerPlan | None = None) -> PlayerRow:
        """A new seat after the last, in the first colour nobody has yet."""
        taken = {row.colour.colour for row in self.rows}
        colour = next(
            (c for c in PALETTE if c not in taken), PALETTE[len(self.rows) % len(PALETTE)]
        )
        row = PlayerRow(player.colour if player else colour, self)
        if player is not None:
            row.name.setText(player.name)
            row.gm.setChecked(player.gm)
            row.touched = True
        row.edited.connect(self.edited)
        row.gm_ticked.connect(self._on_gm_ticked)
        row.move_requested.connect(self._on_move)
        row.remove_requested.connect(self._on_remove)
        self._lay_out([*self.rows, row])
        return row

    def players(self) -> list[PlayerPlan]:
        return [row.plan() for row in self.rows]

    def names(self) -> dict[int, str]:
        """Each seat's name by its row's key (characters refer to their players so)."""
        return {row.key: row.name.text() for row in self.rows}

    def owns(self, problem: PlanProblem) -> bool:
        return problem.page == "players"

    def show_problems(self, problems: Sequence[PlanProblem]) -> None:
        super().show_problems(problems)
        rows = self.rows
        for index, row in enumerate(rows):
            mine = [p for p in problems if p.page == "players" and p.row == index]
            hint = not row.touched and not row.name.text().strip()
            show_message(row.message, " ".join(p.message for p in mine), hint=hint)

    def initializePage(self) -> None:
        if self.rows:
            self.rows[0].name.setFocus()

    def _lay_out(self, rows: Sequence[PlayerRow]) -> None:
        self.grid.set_rows(rows)
        for index, row in enumerate(rows):
            row.set_seat(index, len(rows))
        self.edited.emit()

    def _on_add(self) -> None:
        row = self.add_player()
        row.name.setFocus()

    def _on_gm_ticked(self, chosen: PlayerRow) -> None:
        # One GM at a time: ticking a second moves the mark rather than breaking the table.
        for row in self.rows:
            if row is not chosen and row.gm.isChecked():
                row.gm.setChecked(False)

    def _on_move(self, row: PlayerRow, step: int) -> None:
        rows = self.rows
        index = rows.index(row)
        target = index + step
        if 0 <= target < len(rows):
            rows[index], rows[target] = rows[target], rows[index]
            self._lay_out(rows)
            row.name.setFocus()

    def _on_remove(self, row: PlayerRow) -> None:
        self._lay_out([r for r in self.rows if r is not row])


# -- characters -----------------------------------------------------------------------------


class CharactersPage(_PlanPage):
    """The characters, each with its player and system; optional."""

    def __init__(self, players: PlayersPage, systems: SystemsPage) -> None:
        super().__init__(
            "Who are they playing?",
            "Each character belongs to one player and one system, and starts with a blank "
            "sheet to fill in. Characters are optional: you may start with players alone.",
        )
        self._players = players
        self._systems = systems
        self.empty = QtWidgets.QLabel(
            "No characters yet. Add one, or one for each player, or go on without."
        )
        self.empty.setStyleSheet(f"color: {muted_colour()}; padding: 8px 0;")
        self.add_button = QtWidgets.QPushButton(start_icon("character"), "&Add a character")
        self.add_button.setToolTip("Add a character (Alt+A)")
        self.add_button.setAccessibleName("Add a character")
        self.add_button.clicked.connect(self._on_add)
        self.each_button = QtWidgets.QPushButton("One for &each player")
        self.each_button.setToolTip(
            "Add a character for every player (but the GM) who has none yet (Alt+E)"
        )
        self.each_button.setAccessibleName("Add one character for each player")
        self.each_button.clicked.connect(self._on_each)
        footer = QtWidgets.QWidget()
        column = QtWidgets.QVBoxLayout(footer)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.empty)
        column.addWidget(_button_row(self.add_button, self.each_button))
        self.grid = RowGrid(["", "Character", "Played by", "System", ""], footer=footer)
        layout = QtWidgets.QVBoxLayout(self)
        layout.addWidget(_scroll(self.grid), 1)
        layout.addWidget(self.banner)
        self._show_empty()

    @property
    def rows(self) -> list[CharacterRow]:
        return [row for row in self.grid.rows if isinstance(row, CharacterRow)]

    def add_character(
        self, character: CharacterPlan | None = None, player_key: int | None = None
    ) -> CharacterRow:
        """A new line, for ``player_key`` (else the first player still without a character)."""
        row = CharacterRow(self)
        systems = self._systems.systems()
        last = self.rows[-1].plan({}).system if self.rows else None
        system = character.system if character else (last if last in systems else None)
        if character is not None:
            by_name = {n.strip().casefold(): k for k, n in self._players.names().items()}
            player_key = by_name.get(character.player.strip().casefold())
        row.set_choices(
            self._player_choices(),
            systems,
            player=player_key if player_key is not None else self._next_player(),
            system=system,
        )
        if character is not None:
            row.name.setText(character.name)
            row.touched = True
        row.edited.connect(self.edited)
        row.remove_requested.connect(self._on_remove)
        self._lay_out([*self.rows, row])
        return row

    def characters(self) -> list[CharacterPlan]:
        names = self._players.names()
        return [row.plan(names) for row in self.rows]

    def owns(self, problem: PlanProblem) -> bool:
        # A shoe too small for every starting hand is news here, where the hands are added.
        return problem.page == "characters" or (
            problem.where == "shoe_decks" and "starting hands" in problem.message
        )

    def show_problems(self, problems: Sequence[PlanProblem]) -> None:
        super().show_problems(problems)
        self.each_button.setEnabled(bool(self._players_without_character()))
        for index, row in enumerate(self.rows):
            mine = [p for p in problems if p.page == "characters" and p.row == index]
            hint = not row.touched and not row.name.text().strip()
            show_message(row.message, " ".join(p.message for p in mine), hint=hint)

    def initializePage(self) -> None:
        players, systems = self._player_choices(), self._systems.systems()
        for row in self.rows:
            row.set_choices(players, systems)
        self.edited.emit()

    def _player_choices(self) -> list[tuple[int, str]]:
        return list(self._players.names().items())

    def _next_player(self) -> int | None:
        taken = {row.player.currentData() for row in self.rows}
        seats = [(r.key, r.gm.isChecked()) for r in self._players.rows]
        for key, gm in seats:
            if not gm and key not in taken:
                return key
        return seats[0][0] if seats else None

    def _lay_out(self, rows: Sequence[CharacterRow]) -> None:
        self.grid.set_rows(rows)
        for index, row in enumerate(rows):
            row.set_index(index)
        self._show_empty()
        self.edited.emit()

    def _show_empty(self) -> None:
        self.empty.setVisible(not self.grid.rows)

    def _on_add(self) -> None:
        self.add_character().name.setFocus()

    def _players_without_character(self) -> list[int]:
        taken = {row.player.currentData() for row in self.rows}
        return [
            row.key for row in self._players.rows if not row.gm.isChecked() and row.key not in taken
        ]

    def _on_each(self) -> None:
        added = [self.add_character(player_key=key) for key in self._players_without_character()]
        if added:
            added[0].name.setFocus()

    def _on_remove(self, row: CharacterRow) -> None:
        self._lay_out([r for r in self.rows if r is not row])


# -- the last look --------------------------------------------------------------------------


class ReadyPage(_PlanPage):
    """What the table will hold, in words, before it is set."""

    def __init__(self) -> None:
        super().__init__(
            "Ready to play",
            f"This is the table Cardtable will set. Go Back to change anything, or click "
            f"{FINISH_TEXT}.",
        )
        self.summary = QtWidgets.QLabel()
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        self.summary.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.summary.setAccessibleName("Summary of the new session")
        layout = QtWidgets.QVBoxLayout(self)
        layout.addWidget(_scroll(self.summary), 1)
        layout.addWidget(self.banner)

    def owns(self, problem: PlanProblem) -> bool:
        return True

    def show_problems(self, problems: Sequence[PlanProblem]) -> None:
        super().show_problems(problems)
        # No rows here to show a line's problem under: list them all.
        self.banner.show_problems([p.message for p in problems])

    def show_plan(self, plan: NewSessionPlan) -> None:
        self.summary.setText(summary_html(plan))


# -- the wizard -----------------------------------------------------------------------------


class NewSessionWizard(QtWidgets.QWizard):
    """Gathers a :class:`NewSessionPlan`; :meth:`plan` reads it at any moment."""

    def __init__(
        self, parent: QtWidgets.QWidget | None = None, plan: NewSessionPlan | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("New session")
        self.setAccessibleName("New session wizard")
        self.setWizardStyle(QtWidgets.QWizard.WizardStyle.ModernStyle)
        self.setOption(QtWidgets.QWizard.WizardOption.NoBackButtonOnStartPage, True)
        self.setPixmap(QtWidgets.QWizard.WizardPixmap.LogoPixmap, _logo())
        self.setButtonText(QtWidgets.QWizard.WizardButton.FinishButton, FINISH_TEXT)
        self.resize(WIZARD_SIZE)
        self.systems_page = SystemsPage()
        self.players_page = PlayersPage()
        self.characters_page = CharactersPage(self.players_page, self.systems_page)
        self.ready_page = ReadyPage()
        self.pages: list[_PlanPage] = [
            self.systems_page,
            self.players_page,
            self.characters_page,
            self.ready_page,
        ]
        for page in self.pages:
            self.addPage(page)
            page.edited.connect(self._on_edited)
        self.finish_button().setToolTip("Build the session and open it on the table")
        if plan is not None:
            self.set_plan(plan)
        self._on_edited()

    def finish_button(self) -> QtWidgets.QAbstractButton:
        return self.button(QtWidgets.QWizard.WizardButton.FinishButton)

    def next_button(self) -> QtWidgets.QAbstractButton:
        return self.button(QtWidgets.QWizard.WizardButton.NextButton)

    def plan(self) -> NewSessionPlan:
        """The session as the pages now describe it (checked or not)."""
        return NewSessionPlan(
            systems=self.systems_page.systems(),
            players=self.players_page.players(),
            characters=self.characters_page.characters(),
            shoe_decks=self.systems_page.shoe.value(),
            options=self.systems_page.options(),
        )

    def set_plan(self, plan: NewSessionPlan) -> None:
        """Fill every page from ``plan`` (to start from an earlier evening's table)."""
        for system, box in self.systems_page.boxes.items():
            box.setChecked(system in plan.systems)
        self.systems_page.shoe.setValue(plan.shoe_decks)
        self.systems_page.set_options(plan.options)
        self.players_page.grid.set_rows([])
        self.characters_page.grid.set_rows([])
        for player in plan.players:
            self.players_page.add_player(player)
        if not plan.players:
            self.players_page.add_player()
        for character in plan.characters:
            self.characters_page.add_character(character)
        self._on_edited()

    def accept(self) -> None:
        if self.plan().problems():  # Finish is disabled then; this is the last guard
            return
        super().accept()

    def _on_edited(self) -> None:
        plan = self.plan()
        problems = plan.problems()
        for page in self.pages:
            page.show_problems(problems)
        self.ready_page.show_plan(plan)


@cache
def _logo() -> QtGui.QPixmap:
    from cardtable.ui.art.app_icon import app_icon

    return app_icon().pixmap(48, 48)


def ask_new_session(
    parent: QtWidgets.QWidget | None = None,
    rng: Rng | None = None,
    plan: NewSessionPlan | None = None,
) -> Session | None:
    """Run the wizard; the session it sets up, or None when it was cancelled.

    This is what File > New session... calls; ``plan`` pre-fills the pages.
    """
    wizard = NewSessionWizard(parent, plan)
    if wizard.exec() != QtWidgets.QDialog.DialogCode.Accepted:
        return None
    return build_session(wizard.plan(), rng if rng is not None else from_os())
