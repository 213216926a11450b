"""Every speed measurement in one room: ``cardtable bench`` and the scripts in ``benchmarks/``.

- :mod:`.command`: ``cardtable bench``, which runs the parts and prints the tables;
- :mod:`.qt_worker`: the parts that need Qt, each run in its own process;
- :mod:`.felt`: dragging and dropping on the app's real window and table, and its full
  repaints, beside :mod:`.floor` (the app's own table as plain pixmap items), with
  :mod:`.tables` (big sessions), :mod:`.drag_run` (one timed drag and drop),
  :mod:`.xinput` (the X server's own pointer, moved at a steady pace) and :mod:`.frames`
  (frame times from real paints);
- :mod:`.log_action`: one logged action in the window with a long log, and one from a key;
- :mod:`.evening` and :mod:`.session`: one action over a long evening with autosave, and
  saving and loading long sessions (model only);
- :mod:`.cases`: what each case is, in a line the bench prints and the README reuses;
- :mod:`.dice`: the exact odds against icepool; :mod:`.drag`: the felt alone, for the
  scripts comparing vector art with a group's pictures.

This package sits above the UI (it drives the real window), so it may import Qt; the model
packages never do (see the contract in ``pyproject.toml``).
"""
