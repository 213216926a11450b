"""Cardtable: a card-and-dice table for narrative tabletop role-playing games.

The ``cardtable`` package is the model: cards, decks, piles, dice, resolvers, sheets and
sessions. It never imports Qt; the Qt front end lives in :mod:`cardtable.ui`.
"""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("cardtable")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0.0.0+source"

__all__ = ["__version__"]
