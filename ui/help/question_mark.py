"""The "?" in a panel's heading: it opens the rules page of the panel's system at the step
the panel is at (the panel says which, from what it shows)."""

from __future__ import annotations

from collections.abc import Callable

from cardtable.ui.help.browser import open_rules
from cardtable.ui.qt import Qt, QtWidgets
from cardtable.ui.widgets.style import describe


def rules_button(
    heading: QtWidgets.QWidget,
    page: str | Callable[[], str],
    step: Callable[[], str],
    system: str,
) -> QtWidgets.QToolButton:
    """A "?" at the right end of ``heading`` (a panel's title label; any other widget lays
    the button out itself): a click opens ``page`` (or the page ``page()`` names) at the
    anchor ``step()`` names."""
    button = QtWidgets.QToolButton(heading)
    button.setText("?")
    button.setObjectName("rulesButton")
    button.setAccessibleName(f"Rules of {system}")
    describe(button, f"The rules of {system}, at the step this panel is at")
    button.setCursor(Qt.CursorShape.PointingHandCursor)
    button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
    if isinstance(heading, QtWidgets.QLabel):
        row = QtWidgets.QHBoxLayout(heading)
        row.setContentsMargins(0, 0, 0, 0)
        row.addStretch(1)
        row.addWidget(button)
    button.clicked.connect(
        lambda _=False: open_rules(heading, page if isinstance(page, str) else page(), step())
    )
    return button


__all__ = ["rules_button"]
