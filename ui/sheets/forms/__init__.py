"""Each system's form in the character-sheet editor."""
