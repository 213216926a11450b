"""The pool Challenge tracker: set-up, rounds, and the penalty for going out."""
