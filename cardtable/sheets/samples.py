"""One ready-made character per system, for the demo session and for trying the printer; each
sheet names as its player the demo's seat who plays it (Alex, Bea or Chidi)."""

from __future__ import annotations

from cardtable.cards import Suit
from cardtable.sheets.adventure import AdventureSheet, Ambition, Bond, Facet, Power, Role
from cardtable.sheets.banzai import BanzaiSheet, Skill
from cardtable.sheets.crisis import CrisisSheet
from cardtable.sheets.pool import Ability, Penalty, PoolSheet
from cardtable.sheets.tarot import Aspect, SleeveCard, TarotSheet


def sample_tarot() -> TarotSheet:
    return TarotSheet(
        name="Ottilie Marchbank",
        player="Alex",
        notes=(
            "A retired insurance assessor who found a door in her airing cupboard and now "
            "audits other dimensions for a fee. Carries a brass umbrella that is bigger inside."
        ),
        rock=2,
        paper=5,
        blades=1,
        serpent=3,
        unknown=4,
        aspects=(
            Aspect("Owes a favour to the Cartographers of Elsewhen", permanent=True),
            Aspect("Eyebrows singed in the Furnace", permanent=False),
        ),
        specialties=("Forged passports", "Reading maps that move", "Haggling in dead languages"),
        sleeve=(SleeveCard("Sage of Serpent", reversed=True), SleeveCard("Triumph XIV")),
    )


def sample_crisis() -> CrisisSheet:
    return CrisisSheet(
        name="Wren Halloway",
        player="Bea",
        notes=(
            "Night archivist at the Saint Brigid reading room. Has seen the index cards "
            "rearrange themselves and told nobody."
        ),
        dice=4,
        traits=("Steady hands", "Knows the old service tunnels", "Afraid of mirrors"),
    )


def sample_pool() -> PoolSheet:
    return PoolSheet(
        name="Captain Isolde Varga",
        player="Chidi",
        notes="Hunts small dragons for the crown and large ones for herself.",
        abilities=(
            Ability("Swordplay", 8, bonus=1),
            Ability("Riding", 6),
            Ability("Dragon lore", 5, reserves=2),
            Ability("Endurance", 7, resistance=1),
        ),
        penalties=(Penalty("Swordplay", 2, "burned sword arm"),),
    )


def sample_adventure() -> AdventureSheet:
    return AdventureSheet(
        name="Bartholomew Quince",
        player="Bea",
        notes="The Clockwork Cartographer: winds himself every morning, forgets to some evenings.",
        facets=(
            Facet(Suit.HEARTS, "Loyal to a Fault", "Will follow a friend off any cliff."),
            Facet(Suit.DIAMONDS, "Gilded Tongue", "Can sell a map of nowhere, twice."),
            Facet(Suit.CLUBS, "Iron Constitution", "Brass ribs, oak knuckles, no sense of cold."),
            Facet(Suit.SPADES, "Dreams of Drowned Cities", "Sees the sea-floor when he sleeps."),
        ),
        strong=Suit.CLUBS,
        weak=Suit.DIAMONDS,
        ambitions=(
            Ambition(
                "Map the Sunken Archipelago",
                ("Buy a diving bell", "Find the mapmaker's widow"),
            ),
            Ambition("Clear the Quince family name"),
        ),
        bonds=(
            Bond("Isolde Varga", "owes her his life"),
            Bond("Ottilie Marchbank", "rival collector of maps"),
        ),
        role=Role.PROTAGONIST,
        power=Power.PERSON_OF_IMPORT,
    )


def sample_banzai() -> BanzaiSheet:
    return BanzaiSheet(
        name="Kaneda Suzume",
        player="Alex",
        notes="A wandering duelist who pays for every inn with a poem and every insult with steel.",
        earth=2,
        fire=3,
        water=3,
        wind=2,
        void=2,
        skills=(
            Skill("Kenjutsu", 4),
            Skill("Iaijutsu", 3),
            Skill("Calligraphy", 3),
            Skill("Etiquette", 2),
            Skill("Hunting", 1),
        ),
        honor=6,
    )
