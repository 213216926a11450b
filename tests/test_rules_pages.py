"""Help > Rules: a page for the table and for each of the five systems, shipped with the app;
every worked example a page cites is one the specification lists as holding; each panel's
"?" opens its system's page at the step the panel is at; the find field finds."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from demo_window_rig import demo_window
from pytestqt.qtbot import QtBot

from cardtable.ui.help.browser import NOT_FOUND, RulesBrowser
from cardtable.ui.help.pages import PAGES, page
from cardtable.ui.qt import Qt, QtWidgets
from cardtable.ui.widgets.style import bring_forward
from cardtable.ui.window.main_window import MainWindow

#: Each system's page and the file of the specification (``shared/rules/``) it follows.
SPECIFIED = {
    "tarot": "tourist-tarot.md",
    "crisis": "crisis-dice.md",
    "pool": "pool-challenge.md",
    "adventure": "fantastical-adventure.md",
    "banzai": "banzai.md",
}
CITED = re.compile(r"<h3>Worked example: (.+?)</h3>")


def _rules_folder() -> Path:
    """The specification's folder: ``$CARDTABLE_RULES``, or ``shared/rules`` beside a folder
    above the repository."""
    given = os.environ.get("CARDTABLE_RULES")
    if given:
        return Path(given)
    for above in Path(__file__).resolve().parents:
        if (above / "shared" / "rules" / "README.md").is_file():
            return above / "shared" / "rules"
    pytest.skip("the specification (shared/rules/) is not beside this checkout")


def _sections(text: str) -> dict[str, str]:
    """A Markdown file's second-level sections, by heading."""
    parts = re.split(r"^## (.+)$", text, flags=re.MULTILINE)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


def holding(rules_file: Path) -> tuple[str, str]:
    """The text of the worked examples a rules file lists as holding, and of those it lists
    as not holding (empty when it lists none)."""
    sections = _sections(rules_file.read_text(encoding="utf-8"))
    good = [
        body
        for head, body in sections.items()
        if head.startswith("Worked examples") and "NOT" not in head
    ]
    bad = [
        body
        for head, body in sections.items()
        if head.startswith("Worked examples") and "NOT" in head
    ]
    return "\n".join(good), "\n".join(bad)


def test_a_page_for_the_table_and_each_system_ships_with_the_app() -> None:
    assert [p.key for p in PAGES] == ["table", "tarot", "crisis", "pool", "adventure", "banzai"]
    for each in PAGES:
        assert each.path.is_file(), each.path
        assert each.html().startswith("<h1>")
    table = page("table").html()
    for anchor in ("seats", "curtain", "phones", "sealed", "undo"):
        assert f'<a name="{anchor}">' in table


def test_every_worked_example_cited_is_one_the_rules_list_as_holding() -> None:
    folder = _rules_folder()
    cited_anywhere = 0
    for key, rules_file in SPECIFIED.items():
        good, bad = holding(folder / rules_file)
        cited = CITED.findall(page(key).html())
        cited_anywhere += len(cited)
        for name in cited:
            assert name in good, f"{key}: {name!r} is not a worked example that holds"
            assert name not in bad, f"{key}: {name!r} is listed as not holding"
        if not good:
            assert cited == [], f"{key}: the rules list no worked example that holds"
    assert cited_anywhere == 14


def test_the_check_would_see_an_example_that_does_not_hold() -> None:
    good, bad = holding(_rules_folder() / "pool-challenge.md")
    assert "Akane's cheeseburger" in good
    assert "Akane's gourmet meal" in bad and "Akane's gourmet meal" not in good


def _click_rules(qtbot: QtBot, window: MainWindow, key: str) -> RulesBrowser:
    dock = window.setup.docks[key]
    bring_forward(dock)
    buttons = [
        b for b in dock.findChildren(QtWidgets.QToolButton, "rulesButton") if b.isVisibleTo(dock)
    ]
    assert len(buttons) == 1, key
    qtbot.waitUntil(buttons[0].isVisible)
    qtbot.mouseClick(buttons[0], Qt.MouseButton.LeftButton)
    browser = window.findChild(RulesBrowser, "rulesHelp")
    assert isinstance(browser, RulesBrowser)
    qtbot.waitUntil(browser.isVisible)
    return browser


#: Each panel's dock, the page and anchor its "?" opens on the demo table as it comes in.
QUESTION_MARKS = [
    ("tarot", "tarot", "setup"),
    ("conflict", "adventure", "challenge"),
    ("play", "adventure", "turns"),
    ("pool", "pool", "sides"),
    ("banzai", "banzai", "roll"),
    ("tokens", "adventure", "tokens"),
    ("dice", "banzai", "roll"),
]


def test_each_panels_question_mark_opens_its_page_at_its_step(qtbot: QtBot, tmp_path: Path) -> None:
    window = demo_window(qtbot, tmp_path)
    for dock, key, anchor in QUESTION_MARKS:
        browser = _click_rules(qtbot, window, dock)
        assert (browser.key, browser.anchor) == (key, anchor), dock
        assert f'<a name="{anchor}">' in page(key).html()
        assert browser.pages.currentItem().data(Qt.ItemDataRole.UserRole) == key
    # The anchor is at the top of the page shown: Pushing your luck, on the crisis page.
    tabs = window.setup.docks["dice"].widget()
    assert isinstance(tabs, QtWidgets.QTabWidget)
    tabs.setCurrentIndex(2)  # the Duel, not rolled yet
    browser = _click_rules(qtbot, window, "dice")
    assert (browser.key, browser.anchor) == ("crisis", "duel")
    qtbot.waitUntil(lambda: browser.page.verticalScrollBar().value() > 0)
    top = browser.page.cursorForPosition(browser.page.viewport().rect().topLeft())
    assert "Duel" in top.block().text() or "duel" in top.block().next().text().lower()


def test_the_question_mark_follows_the_panel_s_step(qtbot: QtBot, tmp_path: Path) -> None:
    window = demo_window(qtbot, tmp_path)
    banzai = window.setup.docks["banzai"]
    tabs = banzai.findChild(QtWidgets.QTabWidget)
    assert tabs is not None
    bring_forward(banzai)
    tabs.setCurrentIndex(1)  # Opposed
    assert _click_rules(qtbot, window, "banzai").anchor == "opposed"
    dice = window.setup.docks["dice"].widget()
    assert isinstance(dice, QtWidgets.QTabWidget)
    dice.setCurrentIndex(1)  # the crisis Simple Challenge
    browser = _click_rules(qtbot, window, "dice")
    assert (browser.key, browser.anchor) == ("crisis", "simple")


def test_help_rules_opens_the_table_and_the_find_field_finds(qtbot: QtBot, tmp_path: Path) -> None:
    window = demo_window(qtbot, tmp_path)
    help_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Help")
    next(a for a in help_menu.actions() if a.text() == "&Rules").trigger()
    browser = window.findChild(RulesBrowser, "rulesHelp")
    assert isinstance(browser, RulesBrowser)
    qtbot.waitUntil(browser.isVisible)
    assert browser.key == "table"
    qtbot.keyClicks(browser.find_field, "sealed")
    assert browser.page.textCursor().selectedText().lower() == "sealed"
    first = browser.page.textCursor().position()
    qtbot.keyClick(browser.find_field, Qt.Key.Key_Return)
    assert browser.page.textCursor().position() > first  # the next place
    browser.find_field.clear()
    qtbot.keyClicks(browser.find_field, "zeppelin")
    assert browser.found.text() == NOT_FOUND.format(text="zeppelin")
    # Another page from the list.
    browser.pages.setCurrentRow(5)
    assert browser.key == "banzai"
    assert "Tachibana Jo" in browser.page.toPlainText()
