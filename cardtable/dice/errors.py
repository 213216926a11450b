"""The one error the dice package raises for input a player can fix."""

from cardtable.refusals import Refusal


class DiceExpressionError(Refusal):
    """Dice text or options that cannot be rolled, with a message saying what to write instead."""
