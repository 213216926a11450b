"""Every picture Cardtable draws: card faces and backs, emblems, dice, icons."""
