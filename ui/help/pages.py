"""The rules pages shipped with Cardtable (``assets/rules/*.html``): one for the table and
one for each of the five systems, read offline."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from cardtable.assets import asset_folder


@dataclass(frozen=True)
class RulesPage:
    """A page: ``key`` (its file is ``<key>.html``) and its title in the list of pages."""

    key: str
    title: str

    @property
    def path(self) -> Path:
        return rules_folder() / f"{self.key}.html"

    def html(self) -> str:
        return self.path.read_text(encoding="utf-8")


PAGES = (
    RulesPage("table", "The table"),
    RulesPage("tarot", "The tarot Challenge"),
    RulesPage("crisis", "Crisis dice"),
    RulesPage("pool", "The pool Challenge"),
    RulesPage("adventure", "Fantastical Adventure"),
    RulesPage("banzai", "Banzai"),
)


def rules_folder() -> Path:
    return asset_folder() / "rules"


def page(key: str) -> RulesPage:
    """The page called ``key`` (KeyError for none)."""
    for found in PAGES:
        if found.key == key:
            return found
    raise KeyError(key)


__all__ = ["PAGES", "RulesPage", "page", "rules_folder"]
