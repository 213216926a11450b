"""Fantastical Adventure play besides the Conflict: turns, scenes, Identify Checks, Bonds."""
