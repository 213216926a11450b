"""The pool Challenge as session actions: what the pool tracker's buttons ask for.

- :mod:`.picks`: a side as the table picks it (a character's ability from the sheet, its
  complementary and detracting abilities, or an obstacle's typed numbers), read into the
  resolver's :class:`~cardtable.resolvers.pool.sides.Entrant`, and the table's options;
- :mod:`.play`: starting, preparing the next Challenge, planning conversions, playing a
  round, changing abilities mid-Challenge and clearing the table, each saying whose it is;
- :mod:`.penalties`: a loser's penalty spread over its sources and written on the sheets.

The rules stay in :mod:`cardtable.resolvers.pool`; no Qt here.
"""
