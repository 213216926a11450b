"""Banzai's prepared table: Kaneda Suzume (Alex's), her Elements and Skills on her sheet.

No deck: a Banzai roll is ten-sided dice, rolled in the Banzai panel.

>>> from cardtable.randomness import seeded
>>> session = prepared(seeded(1))
>>> sheet = next(iter(session.characters.values())).sheet
>>> sheet.name, sheet.fire, sheet.void
('Kaneda Suzume', 3, 2)
"""

from __future__ import annotations

from cardtable.guides.seated import seated
from cardtable.randomness import Rng
from cardtable.session import Session
from cardtable.sheets.samples import sample_banzai


def prepared(rng: Rng) -> Session:
    """The table Banzai's guide walks through."""
    session, _ = seated(sample_banzai(), rng)
    return session


__all__ = ["prepared"]
