"""The Banzai panel: a roll from a character's sheet, opposed and group rolls, conditions."""
