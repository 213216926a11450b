"""The felt: card items, zones and their layout, the keys and actions, the curtain, the hand
and the log beside it."""
