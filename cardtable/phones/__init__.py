"""Phones as private hands: each seat's secrets on its player's own phone.

Off until the host turns it on. :mod:`.server` serves a small page and a WebSocket per seat
(aiohttp, on a thread the app owns); :mod:`.view` decides what one seat's phone is shown
(only what that player may see); :mod:`.requests` turns a phone's message into the session
action it asks for, which then passes the same authority checks as a click
(:meth:`cardtable.session.core.Session.apply_as`); :mod:`.host` keeps each seat's secret and
applies a phone's requests as that seat's player. :mod:`.connections` keeps the server within
limits drawn from the process's descriptor limit (slow and idle connections closed), and
:mod:`.refusal_log` writes a flood of refusals to the log as a few lines a minute.
"""
