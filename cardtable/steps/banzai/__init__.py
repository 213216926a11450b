"""Banzai at the table as session actions: what the Banzai panel's buttons ask for.

- :mod:`.picks`: a roll as the table picks it (Skill, Element, TN, difficulty, helpers), read
  from the sheets, its lines and its odds for each number of Raises;
- :mod:`.roll`: one character's roll, step by step (roll, keep and decide, spend Raises,
  finish with Honor), each its player's decision;
- :mod:`.opposed`: two characters rolling against each other;
- :mod:`.conditions`: the conditions a character carries, begun, worsened and recovered from.

The rules stay in :mod:`cardtable.resolvers.banzai`; no Qt here.
"""
