"""Character sheets for the five systems, their portraits, and the sample party.

A sheet is a frozen attrs value whose constructor refuses invalid values with a
:class:`SheetError`; ``SHEET_TYPES`` maps each system's key (the ``system`` tag written in
saved files) to its class.

>>> blank("banzai").system
'banzai'
>>> [sheet.system for sheet in sample_characters()]
['tarot', 'crisis', 'pool', 'adventure', 'banzai']
"""

from __future__ import annotations

from typing import TypeAlias

from cardtable.sheets.adventure import AdventureSheet, Ambition, Bond, Facet, Power, Role
from cardtable.sheets.banzai import BanzaiSheet, CarriedCondition, Element, Skill
from cardtable.sheets.common import Portrait, Problem, SheetBase, SheetError
from cardtable.sheets.crisis import CrisisSheet
from cardtable.sheets.pool import Ability, Penalty, PoolSheet
from cardtable.sheets.tarot import Aspect, SleeveCard, TarotSheet

Sheet: TypeAlias = TarotSheet | CrisisSheet | PoolSheet | AdventureSheet | BanzaiSheet

#: Every system's sheet class, by the system's key, in the order menus list them.
SHEET_TYPES: dict[str, type[Sheet]] = {
    cls.system: cls for cls in (TarotSheet, CrisisSheet, PoolSheet, AdventureSheet, BanzaiSheet)
}


def sheet_type(system: str) -> type[Sheet]:
    """The sheet class of ``system``; :class:`SheetError` naming the known systems otherwise."""
    try:
        return SHEET_TYPES[system.strip().lower()]
    except KeyError:
        known = ", ".join(SHEET_TYPES)
        raise SheetError(
            [Problem("system", f"{system!r} is not a system; choose one of {known}.")]
        ) from None


def blank(system: str) -> Sheet:
    """An empty sheet of ``system``, ready to fill in."""
    return sheet_type(system)()


def sample_characters() -> list[Sheet]:
    """One evocative character per system, in the order of :data:`SHEET_TYPES`."""
    # Imported here: reading or opening a session needs the sheets' classes, not the samples.
    from cardtable.sheets import samples

    return [
        samples.sample_tarot(),
        samples.sample_crisis(),
        samples.sample_pool(),
        samples.sample_adventure(),
        samples.sample_banzai(),
    ]


__all__ = [
    "SHEET_TYPES",
    "Ability",
    "AdventureSheet",
    "Ambition",
    "Aspect",
    "BanzaiSheet",
    "Bond",
    "CarriedCondition",
    "CrisisSheet",
    "Element",
    "Facet",
    "Penalty",
    "PoolSheet",
    "Portrait",
    "Power",
    "Problem",
    "Role",
    "Sheet",
    "SheetBase",
    "SheetError",
    "Skill",
    "SleeveCard",
    "TarotSheet",
    "blank",
    "sample_characters",
    "sheet_type",
]
