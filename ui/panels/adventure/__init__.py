"""Fantastical Adventure's panels: the Conflict, the rest of play, Hits, and its felt marks."""
