"""The Conflict as it stands, at the top of the Conflict panel: the goal and the intent, both
sides with the cards they played and their Advantage, and the Supporter pairs.

Only cards :func:`~cardtable.session.on_screen` allows are named; every other card is a
"face-down card". A card a character plays is marked "Strong" or "Weak" from their sheet's
suits. The board shows; it never acts (the panel,
:mod:`cardtable.ui.panels.adventure.conflict.panel`, does).
"""

from __future__ import annotations

from cardtable.beats import Strength, strength_of
from cardtable.cards import CardFace, CardId, PlayingCard
from cardtable.piles import PileId
from cardtable.resolvers.adventure.game import AdventureGame
from cardtable.resolvers.adventure.state import Conflict, Phase, Side
from cardtable.session import Character, CharacterId, Session, hand_id, on_screen
from cardtable.sheets.adventure import AdventureSheet
from cardtable.ui.panels.adventure.conflict.views import PairRow, Shown, SideView, pair_result
from cardtable.ui.panels.card_chips import card_caption
from cardtable.ui.panels.owners import fill_characters
from cardtable.ui.qt import Qt, QtWidgets
from cardtable.ui.widgets.style import escape


def who(session: Session, character: str) -> str:
    """The character's name and their player's: "Bartholomew Quince (Bea)"."""
    found = session.characters.get(CharacterId(character))
    if found is None:
        return character
    return f"{found.name} ({session.state.player(found.player).name})"


def hand_of(game: AdventureGame | None, character: Character) -> str:
    """The pile holding ``character``'s hand (the game's, once it plays)."""
    if game is not None and character.id in game.characters:
        return game.hand_id(character.id)
    return hand_id(character)


def fill_cast(combo: QtWidgets.QComboBox, session: Session, characters: list[str]) -> None:
    """Offer ``characters`` by name and player; the default is one of the holder's, or
    nobody."""
    fill_characters(combo, session, [(c, who(session, c)) for c in characters])


def strength_mark(session: Session, character: str, face: CardFace) -> str:
    """"Strong" or "Weak" for a card ``character`` plays (from the sheet's suits), else ""."""
    found = session.characters.get(CharacterId(character))
    sheet = found.sheet if found is not None else None
    if not isinstance(face, PlayingCard) or not isinstance(sheet, AdventureSheet):
        return ""
    strength = strength_of(face, sheet.strong, sheet.weak)
    return "" if strength is Strength.NORMAL else strength.value.capitalize()


def shown_card(session: Session, character: str, card: CardId, shown: frozenset[CardId],
               note: str = "") -> Shown:
    """The card's face and its strength for ``character``, if the viewer may see it."""
    if card not in shown:
        return None, note
    face = session.table.card(card).face
    notes = [note] if note else []
    mark = strength_mark(session, character, face)
    if mark:
        notes.insert(0, mark)
    return face, ", ".join(notes)


class ConflictBoard(QtWidgets.QWidget):
    """The goal, the two sides and the Supporter pairs of the Conflict in progress."""

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.goal = QtWidgets.QLabel(self)
        self.goal.setWordWrap(True)
        self.goal.setTextFormat(Qt.TextFormat.RichText)
        self.goal.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        layout.addWidget(self.goal)
        sides = QtWidgets.QHBoxLayout()
        self.sides = {Side.CHALLENGE: SideView("Challenge", self),
                      Side.ANSWER: SideView("Answer", self)}
        for view in self.sides.values():
            sides.addWidget(view, 1, Qt.AlignmentFlag.AlignTop)
        layout.addLayout(sides)
        self.pairs_title = QtWidgets.QLabel("Supporter pairs", self)
        self.pairs_title.setObjectName("sectionTitle")
        layout.addWidget(self.pairs_title)
        self._pairs_box = QtWidgets.QVBoxLayout()
        layout.addLayout(self._pairs_box)
        #: One row per Supporter pair (rows beyond the Conflict's pairs are hidden).
        self.pairs: list[PairRow] = []

    def show_conflict(self, session: Session, game: AdventureGame, conflict: Conflict) -> None:
        shown = on_screen(session)
        goal = f"<b>{game.name(conflict.challenger)}</b> challenges: “{escape(conflict.goal)}”"
        if conflict.answerer is not None:
            goal += (f"<br><b>{game.name(conflict.answerer)}</b> answers: "
                     f"“{escape(conflict.intent)}”")
        self.goal.setText(goal)
        revealed = conflict.phase not in (Phase.CHALLENGED, Phase.ANSWERED)
        for side, view in self.sides.items():
            state = conflict.side(side)
            if state.primary is None:
                view.show_side("(nobody yet)", [], None)
                continue
            zone = session.table.pile(PileId(game.zone_id(state.primary))).cards
            cards = [shown_card(session, state.primary, card, shown,
                                "latest" if card == state.latest and len(zone) > 1 else "")
                     for card in zone]
            awarded = [f"+{a.points} {a.reason}" for a in conflict.awards
                       if a.side is side and not a.retracted]
            notes = [f"{n} {what}" for n, what in ((state.from_supporters, "from Supporters"),
                                                    (state.standing, "standing")) if n]
            notes += awarded + ([f"{state.spent} spent"] if state.spent else [])
            helpers = [] if revealed else [
                self._support_text(session, game, helper, conflict, shown)
                for helper in conflict.supporters(side)]
            tandem = f"In Tandem with {game.name(state.tandem)}. " if state.tandem else ""
            answered = conflict.phase is not Phase.CHALLENGED
            view.show_side(
                who(session, state.primary), cards,
                conflict.advantage(side) if answered else None, ", ".join(notes),
                tandem + ("Supporters: " + ", ".join(helpers) if helpers else ""),
                moving=conflict.to_move is side)
        self._show_pairs(session, game, conflict, shown)

    def _show_pairs(self, session: Session, game: AdventureGame, conflict: Conflict,
                    shown: frozenset[CardId]) -> None:
        self.pairs_title.setVisible(bool(conflict.pairs))
        while len(self.pairs) < len(conflict.pairs):
            row = PairRow(self)
            self._pairs_box.addWidget(row)
            self.pairs.append(row)
        for row, pair in zip(self.pairs, conflict.pairs, strict=False):
            ends = []
            for side in Side:
                member = pair.member(side)
                ends.append(None if member is None else (
                    game.name(member),
                    shown_card(session, member, conflict.support_card(member), shown)))
            row.show_pair(ends[0], ends[1], pair_result(game, pair))
        for index, row in enumerate(self.pairs):
            row.setVisible(index < len(conflict.pairs))

    @staticmethod
    def _support_text(session: Session, game: AdventureGame, helper: str, conflict: Conflict,
                      shown: frozenset[CardId]) -> str:
        face, _ = shown_card(session, helper, conflict.support_card(helper), shown)
        return f"{game.name(helper)} ({card_caption(face)})"


__all__ = ["ConflictBoard", "shown_card", "strength_mark", "who"]
