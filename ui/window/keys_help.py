"""Help > Keyboard, made from the window itself: every action and shortcut it holds that has
a key, what it does, and whether it is greyed now and why.

Nothing here is kept by hand but the keys that move on the felt (:data:`FELT_MOVES`), which
are the felt's own key handling rather than actions; every other row is read from the
window when the help is opened, so it cannot drift from the real shortcuts.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from cardtable.ui.qt import Qt, QtGui, QtWidgets

NATIVE = QtGui.QKeySequence.SequenceFormat.NativeText

#: The felt's moves, handled by :class:`cardtable.ui.table.keys.TableKeys` and the context
#: menu: (keys, what they do).
FELT_MOVES = (
    ("Tab, ↑ ↓", "from pile to pile"),
    ("← →", "from card to card"),
    ("Space", "choose the card (several: move them together)"),
    ("Esc", "forget the chosen cards"),
    ("Menu, Shift+F10", "everything else the card or pile offers, e.g. Move to…"),
)


@dataclass(frozen=True)
class KeyRow:
    """One key of the window: ``keys`` as the player reads them, ``does`` what it does, and
    ``greyed`` why it does nothing now (None: it is ready)."""

    keys: str
    does: str
    greyed: str | None


def _plain(text: str) -> str:
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&")


def _action_row(action: QtGui.QAction) -> KeyRow:
    keys = " or ".join(s.toString(NATIVE) for s in action.shortcuts() if not s.isEmpty())
    name = _plain(action.text()).rstrip("…")
    # A greyed action's status tip may carry the reason: what it does is then its name.
    does = action.whatsThis() or (action.statusTip() if action.isEnabled() else "") or name
    if action.isEnabled():
        return KeyRow(keys, does, None)
    # A greyed action's tooltip carries the reason (the model's, for the card actions).
    why = action.toolTip()
    return KeyRow(keys, does, why if why and why != does else "not available now")


def key_rows(window: QtWidgets.QWidget) -> list[KeyRow]:
    """Every action and shortcut of ``window`` that has a key, in the window's order."""
    rows: list[KeyRow] = []
    seen: set[int] = set()
    for action in window.findChildren(QtGui.QAction):
        if id(action) in seen or all(s.isEmpty() for s in action.shortcuts()):
            continue
        seen.add(id(action))
        rows.append(_action_row(action))
    for shortcut in window.findChildren(QtGui.QShortcut):
        keys = " or ".join(k.toString(NATIVE) for k in list(shortcut.keys()) if not k.isEmpty())
        if shortcut.isEnabled() and keys:
            rows.append(KeyRow(keys, shortcut.whatsThis() or "a panel's main step", None))
    return rows


def keys_html(window: QtWidgets.QWidget) -> str:
    """The keyboard help as a page: the window's keys, then the felt's moves."""

    def row(keys: str, does: str, now: str) -> str:
        return f"<tr><td><b>{escape(keys)}</b></td><td>{escape(does)}</td><td>{now}</td></tr>"

    keys = "".join(
        row(r.keys, r.does, "ready" if r.greyed is None else f"<i>greyed: {escape(r.greyed)}</i>")
        for r in key_rows(window)
    )
    moves = "".join(row(keys, does, "") for keys, does in FELT_MOVES)
    return (
        "<h3>Keys</h3>"
        "<p>Card keys work while the table has the focus (click the felt first).</p>"
        f"<table cellpadding=3><tr><th>Key</th><th>Does</th><th>Now</th></tr>{keys}</table>"
        "<h3>Moving on the table</h3>"
        f"<table cellpadding=3>{moves}</table>"
    )


class KeysHelp(QtWidgets.QDialog):
    """The keyboard help, read from ``window`` when it opens (and again on Refresh)."""

    def __init__(self, window: QtWidgets.QWidget) -> None:
        super().__init__(window)
        self.setObjectName("keysHelp")
        self.setWindowTitle("Keyboard")
        self._window = window
        self.page = QtWidgets.QTextBrowser(self)
        self.page.setAccessibleName("The keys of the table")
        buttons = QtWidgets.QDialogButtonBox(QtWidgets.QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        layout = QtWidgets.QVBoxLayout(self)
        layout.addWidget(self.page)
        layout.addWidget(buttons)
        self.resize(640, 560)
        self.fill()

    def fill(self) -> None:
        self.page.setHtml(keys_html(self._window))


def show_keys(window: QtWidgets.QWidget) -> KeysHelp:
    """Open (or bring forward, read afresh) the window's keyboard help."""
    found = window.findChild(KeysHelp, "keysHelp", Qt.FindChildOption.FindDirectChildrenOnly)
    help_box = found if isinstance(found, KeysHelp) else KeysHelp(window)
    help_box.fill()
    help_box.show()
    help_box.raise_()
    return help_box


__all__ = ["FELT_MOVES", "KeyRow", "KeysHelp", "key_rows", "keys_html", "show_keys"]
