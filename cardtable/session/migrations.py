"""Bringing a saved session's dict up to the current file format, one version at a time.

The format has its own integer version (``format_version``, the first key of every file),
independent of the app's version. Each step is a plain function from the dict of version
``n`` to the dict of version ``n + 1``; it never imports today's model, so it keeps working
however the model changes later (mitmproxy's ``io/compat.py``, Electrum's ``wallet_db.py``).

Format 1 is the first this Cardtable writes, so :data:`STEPS` is empty today. When the
format changes: bump :data:`FORMAT_VERSION`, add ``STEPS[old] = _old_to_new`` here, and keep
a file of the old version under ``tests/`` that must still load.

>>> migrate({"format_version": 1, "session": {}})
{'format_version': 1, 'session': {}}
>>> migrate({"format_version": 7})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
cardtable.session.migrations.MigrationError: made by a newer Cardtable (format 7); this one ...
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

#: The format this Cardtable writes, and the newest it reads.
FORMAT_VERSION = 1

Document = dict[str, Any]
Step = Callable[[Document], Document]

#: ``STEPS[n]`` turns a version-``n`` dict into a version-``n + 1`` dict.
STEPS: dict[int, Step] = {}


class MigrationError(ValueError):
    """A file this Cardtable cannot bring up to date (too new, too old, or a step failed)."""


def file_version(data: Mapping[str, Any]) -> int:
    """The ``format_version`` a parsed file declares; :class:`MigrationError` if none."""
    version = data.get("format_version")
    if "format_version" not in data:
        raise MigrationError("not a Cardtable session (it has no format_version)")
    if isinstance(version, bool) or not isinstance(version, int):
        raise MigrationError(f"format_version must be a whole number, not {version!r}")
    return version


def migrate(
    data: Document, *, current: int = FORMAT_VERSION, steps: Mapping[int, Step] = STEPS
) -> Document:
    """``data`` brought from its own version up to ``current``, step by step.

    A file newer than ``current`` is refused, never half-read. Each step must return a dict
    declaring the next version.
    """
    version = file_version(data)
    if version > current:
        raise MigrationError(
            f"made by a newer Cardtable (format {version}); this one reads up to {current}"
        )
    while version < current:
        step = steps.get(version)
        if step is None:
            raise MigrationError(
                f"format {version} is older than any this Cardtable can bring up to date"
            )
        try:
            data = step(dict(data))
        except MigrationError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            raise MigrationError(
                f"cannot bring format {version} up to date ({type(exc).__name__}: {exc})"
            ) from None
        if not isinstance(data, dict) or file_version(data) != version + 1:
            raise MigrationError(
                f"the step from format {version} did not produce format {version + 1}"
            )
        version += 1
    return data
