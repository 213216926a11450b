"""Table > Decks > Edit the tarot…: the group's own words for the Tourist's Tarot, and its own
pictures for the Challenge.

- :mod:`.words`: the table of the 82 cards' words, with search, filter and undo;
- :mod:`.dialog`: the editor (open a deck, save it as a named deck, export and import a deck
  file, play the session with it);
- :mod:`.pictures`: a deck imported from pictures mapped onto the 82 cards;
- :mod:`.menu`: the Table menu's "Decks" entry, the GM's step.
"""
