"""Cardtable's data files: decks, fonts, icons, sample sessions and sheets."""

from pathlib import Path


def asset_folder() -> Path:
    """Where the data files are installed (beside this module, in a frozen build too)."""
    return Path(__file__).parent
