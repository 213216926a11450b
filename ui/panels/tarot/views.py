"""The pieces of the tarot Challenge panel: the set-up form, a Challenge card with what beats
it, and the outcome with the Aspect prompt. They show what the panel
(:mod:`cardtable.ui.panels.tarot.panel`) tells them and decide nothing.
"""

from __future__ import annotations

from cardtable.cards import CardFace
from cardtable.resolvers.tarot.challenge import RANK_LABELS, rank_label
from cardtable.resolvers.tarot.events import OUTCOME_LABELS
from cardtable.ui.art.card_art import TAROT
from cardtable.ui.panels.card_chips import CardChip, card_caption
from cardtable.ui.qt import Qt, QtWidgets
from cardtable.ui.widgets.style import button, describe, repolish, section


def rank_text(value: int) -> str:
    """ "Fair (2)": the ladder's word with the number beside it."""
    return f"{rank_label(value)} ({value})"


def effect_text(value: int) -> str:
    label = OUTCOME_LABELS.get(value)
    return f"{value} ({label})" if label else str(value)


class ChallengeRow(QtWidgets.QWidget):
    """One Challenge card: its chip, its name, and the player's cards that beat it."""

    def __init__(self, parent: QtWidgets.QWidget) -> None:
        super().__init__(parent)
        self.chip = CardChip(TAROT, self, width=34, caption=False)
        self.name = QtWidgets.QLabel(self)
        bold = self.name.font()
        bold.setBold(True)
        self.name.setFont(bold)
        self.beaten = QtWidgets.QLabel(self)
        self.beaten.setWordWrap(True)
        words = QtWidgets.QVBoxLayout()
        words.setSpacing(1)
        words.addWidget(self.name)
        words.addWidget(self.beaten)
        words.addStretch(1)
        layout = QtWidgets.QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.chip, 0, Qt.AlignmentFlag.AlignTop)
        layout.addLayout(words, 1)
        self.setSizePolicy(QtWidgets.QSizePolicy.Policy.Preferred,
                           QtWidgets.QSizePolicy.Policy.Maximum)

    def show_card(self, face: CardFace | None, reversed: bool, beaten_by: list[str]) -> None:
        self.chip.set_card(face, reversed)
        self.name.setText(card_caption(face, reversed))
        if beaten_by:
            text = "✓ beaten by " + ", ".join(beaten_by)
            self.beaten.setObjectName("beatenYes")
        else:
            text = "✗ not beaten yet"
            self.beaten.setObjectName("beatenNo")
        self.beaten.setText(text)
        repolish(self.beaten)
        self.setAccessibleName(f"{self.name.text()}: {text.lstrip('✓✗ ')}")


class SetupForm(QtWidgets.QGroupBox):
    """The terms of a Challenge: the character, the Attribute, the Rank and the free texts."""

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__("Set up a Challenge", parent)
        form = QtWidgets.QFormLayout(self)
        form.setFieldGrowthPolicy(QtWidgets.QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.character = QtWidgets.QComboBox(self)
        self.character.setAccessibleName("Character facing the Challenge")
        describe(self.character, "The Tourist who faces the Challenge")
        form.addRow("&Character", self.character)
        self.attribute = QtWidgets.QComboBox(self)
        self.attribute.setAccessibleName("Attribute")
        describe(self.attribute, "The player picks one of the character's five Attributes; "
                                  "its value comes from the sheet")
        form.addRow("&Attribute", self.attribute)
        self.rank = QtWidgets.QSpinBox(self)
        self.rank.setRange(0, len(RANK_LABELS) - 1)
        self.rank.setValue(2)
        self.rank.setAccessibleName("Challenge Rank")
        describe(self.rank, "The GM picks the Rank: the Challenge draws this many cards")
        self.rank_label = QtWidgets.QLabel(self)
        rank_row = QtWidgets.QHBoxLayout()
        rank_row.addWidget(self.rank)
        rank_row.addWidget(self.rank_label, 1)
        rank_title = QtWidgets.QLabel("&Rank (GM)", self)
        rank_title.setBuddy(self.rank)
        form.addRow(rank_title, rank_row)
        self.texts: dict[str, QtWidgets.QLineEdit] = {}
        for key, label, who, hint in (
            ("objective", "&Objective", "player", "what the character wants"),
            ("means", "&Means", "player", "how they go about it"),
            ("reach", "Reach", "GM", "how far success goes"),
            ("risk", "Ris&k", "GM", "what failure puts at stake"),
        ):
            edit = QtWidgets.QLineEdit(self)
            edit.setPlaceholderText(f"{hint} ({who})")
            edit.setAccessibleName(label.replace("&", ""))
            describe(edit, f"{label.replace('&', '')}, written by the {who}: {hint}")
            edit.setClearButtonEnabled(True)
            form.addRow(f"{label}", edit)
            self.texts[key] = edit
        self.challenge_draws = button(
            "Challenge dra&ws", "Set the Challenge up and let it draw its Rank in cards, face up "
            "(the GM's step)", self, primary=True)
        form.addRow(self.challenge_draws)
        self.inspiration = button(
            "&Inspiration draw", "NPC against NPC needs no rule: one card from the deck, shown "
            "with its orientation and keywords, logged, then discarded (the GM's draw)", self)
        form.addRow(self.inspiration)
        self.inspired = QtWidgets.QLabel(self)
        self.inspired.setWordWrap(True)
        self.inspired.setAccessibleName("Inspiration card")
        self.inspired.hide()
        form.addRow(self.inspired)
        self.last = QtWidgets.QLabel(self)
        self.last.setWordWrap(True)
        self.last.setObjectName("emptyNote")
        form.addRow(self.last)


class OutcomeBox(QtWidgets.QGroupBox):
    """How the Challenge ended, the Aspect for the sheet, and Finish."""

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__("Outcome", parent)
        layout = QtWidgets.QVBoxLayout(self)
        self.banner = QtWidgets.QLabel(self)
        self.banner.setObjectName("banner")
        self.banner.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout.addWidget(self.banner)
        self.details = QtWidgets.QLabel(self)
        self.details.setWordWrap(True)
        self.details.setAccessibleName("Outcome details")
        layout.addWidget(self.details)
        layout.addWidget(section("Aspect for the sheet", self))
        self.aspect = QtWidgets.QLineEdit(self)
        self.aspect.setPlaceholderText("A short sentence the Challenge leaves on the character")
        self.aspect.setAccessibleName("Aspect")
        describe(self.aspect, "Written on the character sheet's Aspects")
        layout.addWidget(self.aspect)
        kind = QtWidgets.QHBoxLayout()
        self.temporary = QtWidgets.QRadioButton("Te&mporary", self)
        self.temporary.setChecked(True)
        describe(self.temporary, "The Aspect lasts a while")
        self.permanent = QtWidgets.QRadioButton("Perma&nent", self)
        describe(self.permanent, "The Aspect stays for good")
        self.write = button("&Write on sheet", "Add the Aspect to the character sheet", self)
        kind.addWidget(self.temporary)
        kind.addWidget(self.permanent)
        kind.addStretch(1)
        kind.addWidget(self.write)
        layout.addLayout(kind)
        self.aspect_note = QtWidgets.QLabel(self)
        self.aspect_note.setWordWrap(True)
        self.aspect_note.setObjectName("emptyNote")
        layout.addWidget(self.aspect_note)
        self.finish = button("F&inish: cards to the discard pile", "Put every card of the "
                             "Challenge on the discard pile and end it", self, primary=True)
        layout.addWidget(self.finish)
