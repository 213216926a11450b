"""Banzai (``rules/banzai.md``): d10 roll-and-keep (``XkY``) with exploding tens.

A roll meets a target number, with Raises declared before it and Free Raises from dice beyond
ten; opposed rolls set each other's TN; steps and conditions shift the dice.

- :mod:`.roll`: :class:`BanzaiRoll`, one roll step by step; :mod:`.setup`: what it asks for;
- :mod:`.opposed`: :class:`OpposedRoll`; :mod:`.steps`: difficulty, help and conditions.
"""

from __future__ import annotations

from .opposed import OpposedRoll
from .roll import BanzaiRoll
from .setup import BanzaiSetup
from .steps import BanzaiError, Difficulty

__all__ = ["BanzaiError", "BanzaiRoll", "BanzaiSetup", "Difficulty", "OpposedRoll"]
