"""Help > Rules: the rules pages in a window beside the table, with a list of pages and a
find field. One such window per main window; a panel's "?" opens it at a page's anchor."""

from __future__ import annotations

from cardtable.ui.help.pages import PAGES, page, rules_folder
from cardtable.ui.qt import Qt, QtCore, QtGui, QtWidgets
from cardtable.ui.widgets.style import describe

NOT_FOUND = "Not on this page: {text!r}."


class RulesBrowser(QtWidgets.QDialog):
    """The rules pages: the list of pages, the page, and a find field."""

    def __init__(self, parent: QtWidgets.QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("rulesHelp")
        self.setWindowTitle("Rules")
        self.setModal(False)
        self.pages = QtWidgets.QListWidget(self)
        self.pages.setAccessibleName("Rules pages")
        for each in PAGES:
            item = QtWidgets.QListWidgetItem(each.title, self.pages)
            item.setData(Qt.ItemDataRole.UserRole, each.key)
        self.pages.setMaximumWidth(220)
        self.page = QtWidgets.QTextBrowser(self)
        self.page.setAccessibleName("Rules page")
        self.page.setOpenExternalLinks(False)
        self.page.setSearchPaths([str(rules_folder())])
        self.find_field = QtWidgets.QLineEdit(self)
        self.find_field.setAccessibleName("Find in the rules page")
        self.find_field.setPlaceholderText("Find on this page (Enter: next)")
        describe(self.find_field, "Type a word; Enter finds the next place it is written")
        self.find_field.setClearButtonEnabled(True)
        self.found = QtWidgets.QLabel(self)
        self.found.setAccessibleName("Find result")
        top = QtWidgets.QHBoxLayout()
        top.addWidget(self.find_field, 1)
        top.addWidget(self.found)
        body = QtWidgets.QHBoxLayout()
        body.addWidget(self.pages)
        body.addWidget(self.page, 1)
        layout = QtWidgets.QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(body, 1)
        self.resize(820, 620)
        self.key = ""
        self.pages.currentRowChanged.connect(lambda row: self.show_page(PAGES[row].key))
        self.find_field.textEdited.connect(lambda _text: self.find(again=False))
        self.find_field.returnPressed.connect(lambda: self.find(again=True))
        find_keys = QtGui.QShortcut(QtGui.QKeySequence.StandardKey.Find, self)
        find_keys.activated.connect(self.find_field.setFocus)

    def show_page(self, key: str, anchor: str = "") -> None:
        """Show the page ``key``, at ``anchor`` (the top when empty)."""
        if key != self.key:
            self.key = key
            self.page.setHtml(page(key).html())
            row = next(i for i, each in enumerate(PAGES) if each.key == key)
            self.pages.blockSignals(True)
            self.pages.setCurrentRow(row)
            self.pages.blockSignals(False)
        self.anchor = anchor
        if anchor:
            self.page.scrollToAnchor(anchor)
        else:
            self.page.verticalScrollBar().setValue(0)

    def find(self, again: bool) -> bool:
        """Find the field's text on the page: the next place (``again``) or from the place
        found last; round to the top when the end is reached."""
        text = self.find_field.text()
        if not text:
            self.found.clear()
            return False
        cursor = self.page.textCursor()
        if not again:
            cursor.setPosition(cursor.selectionStart())
            self.page.setTextCursor(cursor)
        hit = self.page.find(text)
        if not hit:
            self.page.moveCursor(QtGui.QTextCursor.MoveOperation.Start)
            hit = self.page.find(text)
        self.found.setText("" if hit else NOT_FOUND.format(text=text))
        return hit


def open_rules(widget: QtWidgets.QWidget, key: str, anchor: str = "") -> RulesBrowser:
    """Open the rules window of ``widget``'s window at page ``key``, ``anchor``."""
    window = widget.window()
    found = window.findChild(RulesBrowser, "rulesHelp", Qt.FindChildOption.FindDirectChildrenOnly)
    browser = found if isinstance(found, RulesBrowser) else RulesBrowser(window)
    browser.show()
    browser.raise_()
    # Once shown, the page has its size and the anchor lands at the top of it.
    browser.show_page(key, anchor)
    QtCore.QTimer.singleShot(0, lambda: browser.show_page(key, anchor))
    return browser


__all__ = ["NOT_FOUND", "RulesBrowser", "open_rules"]
