"""``python -m cardtable``: the same entry point as the ``cardtable`` command."""

from cardtable.cli import main

raise SystemExit(main())
