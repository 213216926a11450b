"""Help > Rules: the rules of each system and of the table, written for players, and the
"?" by each panel's heading that opens them at the panel's step."""
