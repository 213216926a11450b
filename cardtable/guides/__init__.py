"""Prepared tables for the guided first rounds (Help > Show me a round of …).

Each system's module builds, with the randomness it is given, the small session its guide
walks through: Alex plays a sample character, Dana runs the game and holds the computer,
and the system's deck (if it has one) is on the table. A prepared table is a session like
any other, built by the model's own actions; it is never the group's session, and nothing
of it is saved into one (the window keeps it out of files, the autosave and the recent
list: :mod:`cardtable.ui.guides`).

>>> from cardtable.randomness import seeded
>>> from cardtable.guides import tarot
>>> session = tarot.prepared(seeded(1))
>>> [p.name for p in session.players], session.current_player.name
(['Alex', 'Dana'], 'Dana')
"""
