"""The public table: what everyone in the room may see, drawn for no seat (the TV's view).

:func:`~cardtable.public.view.public_view` computes it from the session alone, whoever holds
the computer and whether the curtain is up; the Qt window in ``cardtable.ui.public`` paints
only what it returns.
"""

from cardtable.public.view import PublicView, public_view

__all__ = ["PublicView", "public_view"]
