"""Fantastical Adventure's moves as session actions.

- :mod:`.conflict`: a Conflict, button by button; :mod:`.play`: turns, scenes, Hits,
  Identify Checks, Ambitions and Bonds; :mod:`.mirror`: the sheets kept in step with play.
"""
