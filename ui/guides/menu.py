"""Where the guided rounds are offered: Help > Show me a round of …, and the round started.

The menu reads the registry's titles only; a guide's steps, its prepared table and the
window's panels are brought in when a round starts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.ui.guides.registry import titles
from cardtable.ui.qt import QtWidgets

if TYPE_CHECKING:
    from cardtable.randomness import Rng
    from cardtable.ui.guides.walk import GuidedRound
    from cardtable.ui.window.main_window import MainWindow

MENU_TEXT = "&Show me a round of"
ENTRY_TIP = "A guided first round of {title} on a table of its own; your session waits as it is"
#: Why no round starts while phones are connected.
PHONES_ON = (
    "Turn the phones off first (Table > Play with phones…): a guided round is played at this "
    "screen alone, and the phones keep the group's seats."
)
#: How long that stays in the status bar, in milliseconds.
REFUSAL_MS = 8000


def guides_menu(window: MainWindow) -> QtWidgets.QMenu:
    """Help's "Show me a round of" menu: one entry for each guide written."""
    menu = QtWidgets.QMenu(MENU_TEXT, window)
    menu.setObjectName("guidesMenu")
    menu.setToolTipsVisible(True)
    for key, title in titles():
        entry = menu.addAction(f"{title[:1].upper()}{title[1:]}")
        entry.setObjectName(f"guide_{key}")
        entry.setToolTip(ENTRY_TIP.format(title=title))
        entry.setStatusTip(entry.toolTip())
        entry.triggered.connect(lambda _=False, k=key: start_round(window, k))
    return menu


def running_round(window: MainWindow) -> GuidedRound | None:
    """The round in play in ``window``, if any."""
    from cardtable.ui.guides.walk import GuidedRound

    found = window.findChild(GuidedRound, "guidedRound")
    return found if found is not None and found.running else None


def start_round(window: MainWindow, key: str, rng: Rng | None = None) -> GuidedRound | None:
    """Start the round of guide ``key`` in ``window`` (its prepared table built with ``rng``,
    fresh randomness when None); a round already in play ends first. None, with the reason
    in the status bar, while phones are connected: they hold the group's seats, and would
    lose them to the guide's table."""
    from cardtable.ui.guides.registry import guide
    from cardtable.ui.guides.walk import GuidedRound

    if window.phones_on:
        window.statusBar().showMessage(f"⚠ {PHONES_ON}", REFUSAL_MS)
        return None
    playing = running_round(window)
    if playing is not None:
        playing.leave()
    return GuidedRound(window, guide(key), rng)


__all__ = ["PHONES_ON", "guides_menu", "running_round", "start_round"]
