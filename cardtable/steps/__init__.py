"""Each system's moves at the table, as session actions: what a panel's button asks for.

A step finds the resolver in the session, runs one rule of it as a
:class:`~cardtable.session.ResolverStep`, and words the log line; the rules stay in
:mod:`cardtable.resolvers`. No Qt here: the window, the tests and a phone send the same steps.

- :mod:`.tarot`: the tarot Challenge;
- :mod:`.adventure`: Fantastical Adventure's Conflict, play, and its sheets kept in step;
- :mod:`.banzai`: a Banzai roll from the sheets, opposed rolls, conditions carried;
- :mod:`.crisis`: crisis dice, the Simple Challenge and the Duel.
"""
