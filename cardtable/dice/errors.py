"""The one error the dice package raises for input a player can fix."""


class DiceExpressionError(ValueError):
    """Dice text or options that cannot be rolled, with a message saying what to write instead."""
