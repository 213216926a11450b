"""Every speed measurement in one room: ``cardtable bench`` and the scripts in ``benchmarks/``.

- :mod:`.command`: ``cardtable bench``, which runs the parts and prints the table;
- :mod:`.dice` and :mod:`.session`: model figures (odds, save and load);
- :mod:`.qt_worker` and :mod:`.drag`: figures that need Qt, each run in its own process.

This package sits above the UI (it drives the real window), so it may import Qt; the model
packages never do (see the contract in ``pyproject.toml``).
"""
