"""The tarot Challenge's prepared table: Ottilie Marchbank (Alex's) and the Tourist's Tarot.

Her sheet is the sample's, without Sleeve Cards, so that a first round is one plain
Challenge: set up, drawn against, finished.

>>> from cardtable.randomness import seeded
>>> session = prepared(seeded(1))
>>> [c.name for c in session.characters.values()]
['Ottilie Marchbank']
>>> len(session.table.pile("tarot/draw").cards)
82
"""

from __future__ import annotations

from attrs import evolve

from cardtable.guides.seated import seated
from cardtable.randomness import Rng
from cardtable.session import Session
from cardtable.sheets.samples import sample_tarot


def prepared(rng: Rng) -> Session:
    """The table the tarot Challenge's guide walks through."""
    session, _ = seated(evolve(sample_tarot(), sleeve=()), rng)
    return session


__all__ = ["prepared"]
