"""Fantastical Adventure (``rules/fantastical-adventure.md``): playing cards and Facets.

Characters play cards from their hands in Conflicts (a face-down Challenge, an Answer,
Supports, then the showdown), earn Advantage and Applause, spend Author tokens, and take Hits.

- :mod:`.game`: :class:`AdventureGame`, the state a session holds; :mod:`.state`: its values;
- :mod:`.conflict` and :mod:`.showdown`: a Conflict from the Challenge to its end;
- :mod:`.play`: turns, scenes and draws; :mod:`.identify`: Identify Checks;
- :mod:`.hits`: Hits and getting up; :mod:`.tokens`: Applause, Author Powers and the Veto;
- :mod:`.characters`: characters in play; :mod:`.events`: what happened and what is refused.
"""

from __future__ import annotations

from .events import AdventureRuleError
from .game import AdventureGame

__all__ = ["AdventureGame", "AdventureRuleError"]
