"""Starting a Banzai roll from the felt and from the sheet: "Banzai roll for Tachibana Jo…".

The felt's menu offers it on a Banzai character's zone, and on the bare felt for every Banzai
character at the table (the holder's own first); the sheet editor's Roll menu offers each
Skill. Each entry opens the Banzai panel with that character chosen, and only the seat that
plays the character may start its roll: elsewhere the entry is greyed out with the model's
reason (``Session.may`` of the roll step, whose decider is the character's player).
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from cardtable.session import CharacterId, Session
from cardtable.sheets import BanzaiSheet, Element
from cardtable.steps.banzai import roll as steps
from cardtable.steps.banzai.picks import RollPick, banzai_characters
from cardtable.ui.document import SessionDocument
from cardtable.ui.qt import QtGui, QtWidgets
from cardtable.ui.table.actions import TableActions
from cardtable.ui.table.permits import offer

__all__ = ["add_entries", "install", "roll_refusal"]

#: Called with the character's id to open the Banzai panel with it chosen.
Start = Callable[[str], object]


def roll_refusal(session: Session, character: str) -> str | None:
    """Why the seat holding the computer may not start a roll for ``character``, or None."""
    return session.may(steps.roll(RollPick(character, "", Element.FIRE)))


def _entry(menu: QtWidgets.QMenu, text: str, session: Session, character: str,
           start: Start) -> QtGui.QAction:
    entry = menu.addAction(text)
    name = session.state.characters[CharacterId(character)].name
    offer(entry, roll_refusal(session, character),
          f"Open the Banzai panel with {name} chosen: Skill and Element from the sheet")
    entry.triggered.connect(functools.partial(start, character))
    return entry


def add_entries(menu: QtWidgets.QMenu, document: SessionDocument, character: str | None,
                start: Start) -> None:
    """Add the Banzai roll entries for ``character``'s zone (None: the bare felt)."""
    session = document.session
    state = session.state
    menu.setToolTipsVisible(True)
    if character is not None:
        found = state.characters.get(CharacterId(character))
        if found is not None and found.system == BanzaiSheet.system:
            _entry(menu, f"&Banzai roll for {found.name}…", session, character, start)
        return
    characters = banzai_characters(state)
    if not characters:
        return
    characters.sort(key=lambda c: c.player != session.holder)
    sub = menu.addMenu("&Banzai roll for")
    sub.setToolTipsVisible(True)
    for found in characters:
        _entry(sub, f"{found.name}…", session, found.id, start)


def install(actions: TableActions, document: SessionDocument, start: Start) -> None:
    """Offer Banzai rolls in the felt's menus; ``start`` opens the panel."""
    actions.menu_extras.append(
        lambda menu, character: add_entries(menu, document, character, start))
