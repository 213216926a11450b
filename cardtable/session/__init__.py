"""Sessions: players and seats, hot-seat privacy, undo, the session log and save files.

- :mod:`~cardtable.session.model`: players, characters, decks on the table, the game state;
- :mod:`~cardtable.session.core`: :class:`Session`, ``apply``, undo and redo, change flags;
- :mod:`~cardtable.session.actions`: every change, as an action value;
- :mod:`~cardtable.session.visibility`: who may see which face and read which log text;
- :mod:`~cardtable.session.log` and :mod:`~cardtable.session.export`: the log, to Markdown
  and HTML;
- :mod:`~cardtable.session.saving` and :mod:`~cardtable.session.migrations`: ``.cardtable``
  files, with :mod:`~cardtable.session.text_limits` (how long each text in one may be) and
  :mod:`~cardtable.session.locks` (the lock a save takes);
  :mod:`~cardtable.session.autosave`: autosave and recovery after a crash;
- :mod:`~cardtable.session.registry`: resolver states a session can hold and save;
- :mod:`~cardtable.session.demo`: the shipped demo session.

>>> from cardtable.randomness import seeded
>>> session = Session(rng=seeded(1))
>>> _ = session.apply(AddPlayer(Player.named("Alex")))
>>> session.current_player.name
'Alex'
"""

from cardtable.session.actions import (
    AddCharacter,
    AddDeck,
    AddPile,
    AddPlayer,
    ChangeScene,
    ConfirmSeat,
    Draw,
    EditSheet,
    EndResolver,
    Flip,
    Move,
    Note,
    PassSeat,
    Peek,
    ResolverStep,
    Reveal,
    SetOption,
    Shuffle,
    StartResolver,
    Turn,
    hand_id,
)
from cardtable.session.authority import ANYONE, AuthorityError, Decider
from cardtable.session.autosave import Autosaver, dismiss_autosave, recoverable_autosave
from cardtable.session.core import Action, Changes, Performed, Session
from cardtable.session.export import log_html, log_markdown, write_log
from cardtable.session.file_stamp import FileStamp
from cardtable.session.log import Event, LogEntry, SessionLog
from cardtable.session.model import (
    Character,
    CharacterId,
    CurtainError,
    DeckOnTable,
    GameState,
    Player,
    PlayerId,
    Seat,
    SessionError,
    UndoError,
)
from cardtable.session.registry import register_resolver
from cardtable.session.saving import (
    FileChangedError,
    SessionFileError,
    load,
    load_stamped,
    save,
)
from cardtable.session.visibility import (
    log_text_for,
    on_screen,
    visible_face,
    visible_faces,
    visible_log,
)

__all__ = [
    "ANYONE",
    "Action",
    "AddCharacter",
    "AddDeck",
    "AddPile",
    "AddPlayer",
    "AuthorityError",
    "Autosaver",
    "ChangeScene",
    "Changes",
    "Character",
    "CharacterId",
    "ConfirmSeat",
    "CurtainError",
    "Decider",
    "DeckOnTable",
    "Draw",
    "EditSheet",
    "EndResolver",
    "Event",
    "FileChangedError",
    "FileStamp",
    "Flip",
    "GameState",
    "LogEntry",
    "Move",
    "Note",
    "PassSeat",
    "Peek",
    "Performed",
    "Player",
    "PlayerId",
    "ResolverStep",
    "Reveal",
    "Seat",
    "Session",
    "SessionError",
    "SessionFileError",
    "SessionLog",
    "SetOption",
    "Shuffle",
    "StartResolver",
    "Turn",
    "UndoError",
    "dismiss_autosave",
    "hand_id",
    "load",
    "load_stamped",
    "log_html",
    "log_markdown",
    "log_text_for",
    "on_screen",
    "recoverable_autosave",
    "register_resolver",
    "save",
    "visible_face",
    "visible_faces",
    "visible_log",
    "write_log",
]
