"""The pool Challenge's prepared table: Captain Isolde Varga (Alex's), her abilities on her
sheet, and no dice (the Challenge is played to the numbers, as the table's options say by
default).

>>> from cardtable.randomness import seeded
>>> session = prepared(seeded(1))
>>> sheet = next(iter(session.characters.values())).sheet
>>> sheet.name, sheet.effective_rating("Swordplay")
('Captain Isolde Varga', 6)
"""

from __future__ import annotations

from cardtable.guides.seated import seated
from cardtable.randomness import Rng
from cardtable.session import Session
from cardtable.sheets.samples import sample_pool


def prepared(rng: Rng) -> Session:
    """The table the pool Challenge's guide walks through."""
    session, _ = seated(sample_pool(), rng)
    return session


__all__ = ["prepared"]
