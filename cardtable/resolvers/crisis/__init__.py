"""Crisis dice (``rules/crisis-dice.md``): pools of six-sided dice.

A Simple Challenge meets a difficulty and may be pushed toward a Crisis; a Duel cancels the
values both sides rolled and lets each push its luck.

- :mod:`.duel`: :class:`SimpleChallenge` and :class:`Duel`, the state machines;
- :mod:`.events`: the checks, the cancelling of common dice, the push odds and the events.
"""

from __future__ import annotations

from .duel import Duel, SimpleChallenge
from .events import CrisisDiceError, PushOdds

__all__ = ["CrisisDiceError", "Duel", "PushOdds", "SimpleChallenge"]
