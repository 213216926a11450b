"""The player's settings: felt colour, card backs, animation speed, reveal prompts, recent files.

Settings are a frozen value; change one with :func:`attrs.evolve` or the ``with_*`` methods
and save the result. They live as a small JSON file in the user's config folder
(``platformdirs.user_config_dir("cardtable")``), written atomically so that a crash never
leaves half a file. A file that cannot be read, or a value in it that makes no sense, is
never an error: it is logged as a warning and the default stands in for it.

>>> settings = Settings().with_recent("/games/evening.cardtable")
>>> settings.recent_files
('/games/evening.cardtable',)
>>> settings.animation_speed.ms
180
"""

from __future__ import annotations

import contextlib
import enum
import json
import logging
import os
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from attrs import evolve, field, frozen

#: The settings file's own format version, independent of the app's version.
SETTINGS_VERSION = 1
SETTINGS_NAME = "settings.json"
#: How many recently opened sessions are remembered.
MAX_RECENT = 10
DEFAULT_FELT = "#1f5d3a"

_log = logging.getLogger(__name__)
_HEX_COLOUR = re.compile(r"#[0-9a-f]{6}")


class SettingsError(ValueError):
    """A setting given a value it cannot take."""


class AnimationSpeed(enum.Enum):
    """How long a card takes to flip or turn."""

    OFF = "off"
    FAST = "fast"
    NORMAL = "normal"
    SLOW = "slow"

    @property
    def ms(self) -> int:
        """The flip and turn duration in milliseconds (0: cards change at once)."""
        return _ANIMATION_MS[self]

    @property
    def label(self) -> str:
        return self.value.capitalize()


_ANIMATION_MS = {
    AnimationSpeed.OFF: 0,
    AnimationSpeed.FAST: 100,
    AnimationSpeed.NORMAL: 180,
    AnimationSpeed.SLOW: 320,
}


@frozen
class BackPalette:
    """The colours of a card back, ``#rrggbb``: ``ground`` fills it, ``ink`` draws its lines,
    ``accent`` picks out details. The front end turns a palette into its back art."""

    label: str
    ground: str
    ink: str
    accent: str


#: Card back palettes by name. Every deck kind can use any of them.
BACK_PALETTES: dict[str, BackPalette] = {
    "midnight": BackPalette("Midnight blue and gold", "#16204a", "#d8b25a", "#9cc3e6"),
    "card-room": BackPalette("Card-room red", "#9b1d25", "#f6efe0", "#e3bd5e"),
    "forest": BackPalette("Forest green and brass", "#1d4a2c", "#e8dcb5", "#c9a441"),
    "plum": BackPalette("Plum and rose", "#4a1d44", "#f0d9a8", "#d59bd0"),
    "slate": BackPalette("Slate and silver", "#2f3a45", "#e6e9ec", "#8fb3c9"),
}
#: The deck kinds that have a back of their own (the front end's ``card_art.DECK_KINDS``).
DECK_KINDS = ("tarot", "playing")
DEFAULT_BACKS = {"tarot": "midnight", "playing": "card-room"}


def _hex_colour(value: str) -> str:
    colour = str(value).strip().lower()
    if not _HEX_COLOUR.fullmatch(colour):
        raise SettingsError(f"{value!r} is not a colour; write it as #rrggbb, e.g. {DEFAULT_FELT}")
    return colour


def _check_palette(_instance: object, attribute: Any, value: str) -> None:
    if value not in BACK_PALETTES:
        names = ", ".join(BACK_PALETTES)
        raise SettingsError(f"there is no card back called {value!r}; choose one of {names}")


def _recent(paths: Iterable[str | os.PathLike[str]]) -> tuple[str, ...]:
    unique: list[str] = []
    for path in (os.fspath(p) for p in paths):
        if path and path not in unique:
            unique.append(path)
    return tuple(unique[:MAX_RECENT])


@frozen
class Settings:
    """Everything the player can set. The defaults are the app as it ships."""

    felt_colour: str = field(default=DEFAULT_FELT, converter=_hex_colour)
    tarot_back: str = field(default=DEFAULT_BACKS["tarot"], validator=_check_palette)
    playing_back: str = field(default=DEFAULT_BACKS["playing"], validator=_check_palette)
    animation_speed: AnimationSpeed = field(
        default=AnimationSpeed.NORMAL, converter=AnimationSpeed
    )
    confirm_reveal: bool = True
    #: Open the public table (View > Table on a second screen) when the app starts.
    public_table_at_start: bool = False
    #: Most recently opened first, at most :data:`MAX_RECENT`, no repeats.
    recent_files: tuple[str, ...] = field(default=(), converter=_recent)

    def back_for(self, kind: str) -> BackPalette:
        """The back palette chosen for ``kind`` (``"tarot"`` or ``"playing"``)."""
        if kind not in DECK_KINDS:
            raise SettingsError(f"no card back is set for {kind!r}; use one of {DECK_KINDS}")
        return BACK_PALETTES[self.tarot_back if kind == "tarot" else self.playing_back]

    def with_recent(self, path: str | os.PathLike[str]) -> Settings:
        """These settings with ``path`` first among the recent files."""
        return evolve(self, recent_files=(os.fspath(path), *self.recent_files))

    def without_recent(self, path: str | os.PathLike[str]) -> Settings:
        """These settings with ``path`` gone from the recent files (say, it was deleted)."""
        gone = os.fspath(path)
        return evolve(self, recent_files=[p for p in self.recent_files if p != gone])

    def to_dict(self) -> dict[str, Any]:
        """The JSON object written to the settings file."""
        return {
            "settings_version": SETTINGS_VERSION,
            "felt_colour": self.felt_colour,
            "card_backs": {"tarot": self.tarot_back, "playing": self.playing_back},
            "animation_speed": self.animation_speed.value,
            "confirm_reveal": self.confirm_reveal,
            "public_table_at_start": self.public_table_at_start,
            "recent_files": list(self.recent_files),
        }

    @classmethod
    def from_dict(cls, data: object, source: str = "settings") -> Settings:
        """Settings from a JSON object, keeping every value that makes sense.

        A value of the wrong kind is logged and replaced by its default; a key this
        version does not know is ignored (a newer Cardtable may have written it).
        """
        if not isinstance(data, dict):
            _log.warning("%s: not a JSON object; using the default settings", source)
            return cls()
        version = data.get("settings_version")
        if isinstance(version, int) and version > SETTINGS_VERSION:
            _log.warning(
                "%s: written by a newer Cardtable (settings version %s); reading what this "
                "version understands",
                source,
                version,
            )
        backs = data.get("card_backs", {})
        if not isinstance(backs, dict):
            _log.warning("%s: card_backs is not an object; using the default backs", source)
            backs = {}
        candidates: dict[str, tuple[object, Callable[[object], bool]]] = {
            "felt_colour": (data.get("felt_colour"), lambda v: isinstance(v, str)),
            "tarot_back": (backs.get("tarot"), lambda v: isinstance(v, str)),
            "playing_back": (backs.get("playing"), lambda v: isinstance(v, str)),
            "animation_speed": (data.get("animation_speed"), lambda v: isinstance(v, str)),
            "confirm_reveal": (data.get("confirm_reveal"), lambda v: isinstance(v, bool)),
            "public_table_at_start": (
                data.get("public_table_at_start"),
                lambda v: isinstance(v, bool),
            ),
            "recent_files": (
                data.get("recent_files"),
                lambda v: isinstance(v, list) and all(isinstance(p, str) for p in v),
            ),
        }
        settings = cls()
        for name, (value, right_kind) in candidates.items():
            if value is None:
                continue
            try:
                if not right_kind(value):
                    raise SettingsError(f"{value!r} is the wrong kind of value")
                changed: dict[str, Any] = {name: value}
                settings = evolve(settings, **changed)
            except ValueError as exc:  # SettingsError, or AnimationSpeed's own ValueError
                _log.warning("%s: ignoring %s (%s); using the default", source, name, exc)
        return settings


def settings_folder() -> Path:
    """Where the settings file lives: the user's config folder for Cardtable."""
    import platformdirs  # here, not at the top: most callers that pass a folder never need it

    return Path(platformdirs.user_config_dir("cardtable", appauthor=False))


def settings_path(folder: Path | None = None) -> Path:
    return (settings_folder() if folder is None else Path(folder)) / SETTINGS_NAME


def load_settings(folder: Path | None = None) -> Settings:
    """The saved settings, or the defaults when there are none or they cannot be read.

    Never raises for a missing, unreadable or damaged file: the problem is logged.
    """
    path = settings_path(folder)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Settings()
    except (OSError, UnicodeDecodeError) as exc:
        _log.warning("cannot read %s (%s); using the default settings", path, exc)
        return Settings()
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        _log.warning("%s is not valid JSON (%s); using the default settings", path, exc)
        return Settings()
    return Settings.from_dict(data, source=str(path))


def save_settings(settings: Settings, folder: Path | None = None) -> Path:
    """Write ``settings`` all at once (the old file stays whole on any failure); its path.

    Raises :class:`OSError` when the folder cannot be written.
    """
    path = settings_path(folder)
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(settings.to_dict(), indent=2, ensure_ascii=False) + "\n"
    _write_atomic(path, text.encode("utf-8"))
    return path


def _write_atomic(path: Path, data: bytes) -> None:
    # The session package has its own atomic writer, but importing it loads the whole
    # session model (~0.3 s); settings are read at start-up, so they carry this small one.
    temp = path.with_name(f".{path.name}.{os.urandom(4).hex()}.tmp")
    try:
        with open(temp, "xb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            temp.unlink()
        raise
    if os.name == "posix":  # make the rename itself survive a power cut
        fd = os.open(path.parent, os.O_RDONLY)
        try:
            with contextlib.suppress(OSError):
                os.fsync(fd)
        finally:
            os.close(fd)
