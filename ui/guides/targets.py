"""What a guide's step lights: a control of a panel, the curtain's "I am …", a zone of the
felt, or the guide's own Next.

A :data:`Target` finds its :class:`Spot` in the main window when the step comes up (a panel
built later, a tab not chosen yet, a control scrolled out of sight are all found then), and
:meth:`Spot.bring_into_sight` shows it without changing the session: the panel in front of
its tab, the tab of the panel chosen, the control scrolled into view.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from attrs import frozen

from cardtable.ui.qt import QtCore, QtWidgets
from cardtable.ui.widgets.style import bring_forward

if TYPE_CHECKING:
    from cardtable.ui.window.main_window import MainWindow

_Panel = TypeVar("_Panel", bound=QtWidgets.QWidget)


@frozen(eq=False)
class Spot:
    """What a step lights: ``widget``, or the part ``rect`` of it gives (a zone of the felt,
    in ``widget``'s coordinates), called ``name`` in the guide's words."""

    widget: QtWidgets.QWidget
    name: str
    rect: Callable[[], QtCore.QRect] | None = None

    def area(self) -> QtCore.QRect:
        """Where the spot is, in :attr:`widget`'s coordinates."""
        return self.rect() if self.rect is not None else self.widget.rect()

    def bring_into_sight(self) -> None:
        """Show the spot: its panel in front, its tab chosen, scrolled into view."""
        child: QtWidgets.QWidget = self.widget
        parent = child.parentWidget()
        while parent is not None:
            if isinstance(parent, QtWidgets.QStackedWidget):
                tabs = parent.parentWidget()
                if isinstance(tabs, QtWidgets.QTabWidget):
                    tabs.setCurrentWidget(child)
            elif isinstance(parent, QtWidgets.QDockWidget) and (
                parent.isHidden() or parent.visibleRegion().isEmpty()
            ):
                bring_forward(parent)
            child, parent = parent, parent.parentWidget()
        scroll = self.widget.parentWidget()
        while scroll is not None and not isinstance(scroll, QtWidgets.QScrollArea):
            scroll = scroll.parentWidget()
        if scroll is not None and self.rect is None:
            scroll.ensureWidgetVisible(self.widget, 16, 16)


#: Finds, in the main window, what a step lights (None: nothing to light now).
Target = Callable[["MainWindow"], Spot | None]


def in_panel(
    dock: str, panel: type[_Panel], pick: Callable[[_Panel], QtWidgets.QWidget], name: str
) -> Target:
    """The control ``pick`` chooses of the ``panel`` in the window's dock ``dock`` (a key of
    :data:`cardtable.ui.window.setup.PANEL_KEYS`)."""

    def find(window: MainWindow) -> Spot | None:
        docks = window.setup.docks
        found = docks[dock].findChild(panel) if dock in docks else None
        return Spot(pick(found), name) if found is not None else None

    return find


def curtain_button(window: MainWindow) -> Spot | None:
    """The curtain's "I am …" (while it is up)."""
    curtain = window.curtain
    if curtain.isHidden():
        return None
    return Spot(curtain.confirm, f"“{curtain.confirm.text().replace('&', '')}”")


def felt_zone(pile: str, name: str) -> Target:
    """The zone of the felt where ``pile`` lies."""

    def find(window: MainWindow) -> Spot | None:
        felt = window.felt
        if felt.zone(pile) is None:
            return None

        def rect() -> QtCore.QRect:
            zone = felt.zone(pile)
            if zone is None:
                return QtCore.QRect()
            shown = felt.mapFromScene(zone.sceneBoundingRect()).boundingRect()
            return shown.adjusted(-4, -4, 4, 4)

        return Spot(felt.viewport(), name, rect)

    return find


__all__ = ["Spot", "Target", "curtain_button", "felt_zone", "in_panel"]
