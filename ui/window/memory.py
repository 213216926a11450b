"""Python's collector of reference cycles, kept from pausing a drag on a big table.

Python looks for garbage cycles now and then; its full search walks every object alive.
With a few thousand cards on the felt that is some 200,000 objects and 150-280 ms, and it
came in the middle of drags (a frame of 214 ms on the crowded 5,000-card table). So once the
felt has shown a session it has just put in place, :func:`settle` collects what the session
before it left, and sets every object alive then aside (``gc.freeze``): later searches walk
only what play has made since, a few milliseconds. The pause comes once, as the session
appears, not at a moment nobody chose.
"""

from __future__ import annotations

import gc


def settle() -> None:
    """Collect the garbage cycles there are now, then keep the collector off every object
    alive (until the next :func:`settle`, which takes them back first)."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()
