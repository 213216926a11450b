"""The pool Challenge (``rules/pool-challenge.md``): deterministic attrition between pools.

Each side enters with a rating, bonus, reserves and resistance; rounds trade losses until one
side's pool is empty, with conversions, complementary abilities and optional challenge dice.

- :mod:`.challenge`: :class:`PoolChallenge` and its :class:`Options`;
- :mod:`.sides`: who enters, with what; :mod:`.abilities`: what a helping ability adds;
- :mod:`.dice`: the optional challenge dice; :mod:`.penalties`: losing a hazardous Challenge;
- :mod:`.report`: what a round did, side by side; :mod:`.numbers`: rounding and the error.
"""

from __future__ import annotations

from .challenge import Options, PoolChallenge
from .numbers import PoolChallengeError
from .report import RoundReport
from .sides import Side

__all__ = ["Options", "PoolChallenge", "PoolChallengeError", "RoundReport", "Side"]
