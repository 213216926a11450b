"""Crisis dice's prepared table: Wren Halloway (Alex's), four dice on her sheet.

No deck: a Simple Challenge is rolled in the dice tray.

>>> from cardtable.randomness import seeded
>>> session = prepared(seeded(1))
>>> [(c.name, c.sheet.dice) for c in session.characters.values()]
[('Wren Halloway', 4)]
"""

from __future__ import annotations

from cardtable.guides.seated import seated
from cardtable.randomness import Rng
from cardtable.session import Session
from cardtable.sheets.samples import sample_crisis


def prepared(rng: Rng) -> Session:
    """The table the crisis dice guide walks through."""
    session, _ = seated(sample_crisis(), rng)
    return session


__all__ = ["prepared"]
