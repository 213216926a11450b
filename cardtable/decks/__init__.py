"""The card core's decks: deck files, their card art, and a group's own decks.

- :mod:`.standard`: the deck files Cardtable ships (the Tourist's Tarot, playing cards, shoes);
- :mod:`.names`: which picture is which card; :mod:`.images`: reading pictures safely;
- :mod:`.plans`, then :mod:`.importing`: turning a folder of pictures into an art set, the
  import pipeline read top to bottom; :mod:`.import_command` is ``cardtable import-deck``;
- :mod:`.art`: the installed art sets (:class:`~.art.ArtLibrary`);
- :mod:`.custom`: decks a group made of its own pictures, as the session finds them.
"""
