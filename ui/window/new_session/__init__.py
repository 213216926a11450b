"""The New-session wizard: systems, players in seat order, characters, a last look."""
