"""The tarot Challenge of N-Dimensional Tourists (``rules/tourist-tarot.md``).

The GM draws a Challenge from the 82-card Tourist's Tarot; the player draws against it with
an Attribute's Rank, and the table tracks Cost and Effect until the player stops, concedes or
is wiped out.

- :mod:`.challenge`: :class:`TarotChallenge`, the state machine a session drives;
- :mod:`.events`: what it says happened, and its :class:`TarotOutcome`;
- :mod:`.odds`: the live numbers (:class:`TarotNumbers`) and the next card's odds.
"""

from __future__ import annotations

from .challenge import TarotChallenge, TarotSetup
from .events import TarotChallengeError, TarotOutcome
from .odds import TarotNumbers

__all__ = ["TarotChallenge", "TarotChallengeError", "TarotNumbers", "TarotOutcome", "TarotSetup"]
