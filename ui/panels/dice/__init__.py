"""The dice tray (any expression, exact odds) and the crisis-dice Duel."""
