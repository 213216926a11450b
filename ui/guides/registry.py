"""The guided rounds written so far, in the order the menus offer them.

A system's guide is a module of this package with a ``GUIDE`` (a
:class:`~cardtable.ui.guides.step.Guide`); listing it here offers it in Help > Show me a
round of … and on the welcome screen. The module is imported only when its round starts.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    # Imported with the guide itself: the Help menu is built before attrs is loaded.
    from cardtable.ui.guides.step import Guide

#: Each guide's key, with the system as the menus name it and the module that holds it.
GUIDES: dict[str, tuple[str, str]] = {
    "tarot": ("the tarot Challenge", "cardtable.ui.guides.tarot"),
    "crisis": ("crisis dice", "cardtable.ui.guides.crisis"),
    "pool": ("the pool Challenge", "cardtable.ui.guides.pool"),
    "adventure": ("Fantastical Adventure", "cardtable.ui.guides.adventure"),
    "banzai": ("Banzai", "cardtable.ui.guides.banzai"),
}


def titles() -> list[tuple[str, str]]:
    """(key, the system as the menus name it) for every guide written, in menu order."""
    return [(key, title) for key, (title, _module) in GUIDES.items()]


def guide(key: str) -> Guide:
    """The guide called ``key``; KeyError for one not written."""
    _title, module = GUIDES[key]
    found: Guide = import_module(module).GUIDE
    return found


__all__ = ["GUIDES", "guide", "titles"]
