"""Cardtable: a card-and-dice table for narrative tabletop role-playing games.

The ``cardtable`` package is the model: cards, decks, piles, dice, resolvers, sheets and
sessions. It never imports Qt; the Qt front end lives in :mod:`cardtable.ui`.
"""

# The one place the version is written; pyproject.toml reads it from here. A literal, not
# importlib.metadata, because every start would then read the installed package metadata.
__version__ = "0.1.0"

__all__ = ["__version__"]
