"""The Banzai panel: d10 roll-and-keep from the character sheets, in two tabs.

**Roll** (:mod:`cardtable.ui.panels.banzai.roll`): one character's roll, a group roll with
helpers, and the conditions the character carries. **Opposed**
(:mod:`cardtable.ui.panels.banzai.opposed`): two characters, each roll the other's TN. The
panel follows the session: it refreshes on every change, and is closed to input while the
curtain is up. :meth:`BanzaiPanel.start_from` builds a roll for a character picked elsewhere
(the sheet editor's Roll menu).
"""

from __future__ import annotations

from cardtable.session import Changes
from cardtable.ui.document import SessionDocument
from cardtable.ui.help.question_mark import rules_button
from cardtable.ui.panels.banzai.opposed import OpposedTab
from cardtable.ui.panels.banzai.roll import RollTab
from cardtable.ui.panels.base import SessionPanel
from cardtable.ui.qt import QtWidgets
from cardtable.ui.widgets.style import forget_typing, scrolling_dock, style_panel

TITLE = "Banzai roll"
DOCK_NAME = "banzaiDock"
#: What the panel listens for.
_WATCHED = Changes.RESOLVER | Changes.SHEET | Changes.SEAT | Changes.PLAYERS


class BanzaiPanel(SessionPanel, QtWidgets.QWidget):
    """The Roll and Opposed tabs for the session in ``document``."""

    watches = _WATCHED

    def __init__(self, document: SessionDocument, parent: QtWidgets.QWidget | None = None
                 ) -> None:
        super().__init__(document, parent)
        self.setObjectName("banzaiPanel")
        self.setAccessibleName(TITLE)
        style_panel(self, "#5c1f1f", "#c8912e", "#faf5ee")
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        title = QtWidgets.QLabel(TITLE, self)
        title.setObjectName("panelTitle")
        rules_button(title, "banzai", self._rules_step, "Banzai")
        layout.addWidget(title)
        self.tabs = QtWidgets.QTabWidget(self)
        self.tabs.setDocumentMode(True)
        self.roll = RollTab(document, self.tabs)
        self.opposed = OpposedTab(document, self.tabs)
        self.tabs.addTab(self.roll, "Roll")
        self.tabs.addTab(self.opposed, "Opposed")
        self.tabs.setTabToolTip(0, "One character's roll, or a group roll with helpers")
        self.tabs.setTabToolTip(1, "Two characters rolling against each other")
        layout.addWidget(self.tabs)
        self.tabs.currentChanged.connect(self._fit_page)
        self._fit_page(0)
        self.refresh()

    def _rules_step(self) -> str:
        """The rules page's anchor for the tab in front."""
        return "opposed" if self.tabs.currentWidget() is self.opposed else "roll"

    def refresh(self) -> None:
        self.roll.refresh()
        self.opposed.refresh()

    def _on_replaced(self) -> None:
        forget_typing(self)  # what was typed for the last session is not this one's
        self.refresh()

    def start_from(self, character: str, skill: str | None = None) -> None:
        """Bring the Roll tab forward with a roll for ``character`` (``skill`` first)."""
        self.tabs.setCurrentWidget(self.roll)
        self.roll.start_from(character, skill)

    def _fit_page(self, current: int) -> None:
        """The tabs take the height of the page shown, not of the tallest one."""
        ignored, preferred = (QtWidgets.QSizePolicy.Policy.Ignored,
                              QtWidgets.QSizePolicy.Policy.Preferred)
        for index in range(self.tabs.count()):
            page = self.tabs.widget(index)
            page.setSizePolicy(preferred, preferred if index == current else ignored)
            page.updateGeometry()


def make_dock(document: SessionDocument, parent: QtWidgets.QWidget) -> QtWidgets.QDockWidget:
    """The Banzai panel in a scrolling dock for the main window."""
    return scrolling_dock(BanzaiPanel(document), TITLE, DOCK_NAME, parent)


__all__ = ["DOCK_NAME", "TITLE", "BanzaiPanel", "make_dock"]
