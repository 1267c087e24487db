"""The words of the recruitment vocabulary, as enumerations free of pydantic.

Why a module of its own: the army check reads these on every run (a slot's bands, an
option's category, a tile's kind, a unit's type, a card's command icon), and its
plain-data path (:mod:`builder.systems.heroes.army.index`) must compare against the very same
members without importing the content models. The models re-export each name, so
``builder.systems.heroes.content.models`` stays the place to read the schema.
"""

from __future__ import annotations

from enum import Enum


class UnitType(str, Enum):
    """What kind of counter a unit is (000 core rules, Box Contents)."""

    INFANTRY = "infantry"
    GUN = "gun"
    LIGHT_VEHICLE = "light_vehicle"
    HEAVY_VEHICLE = "heavy_vehicle"
    AIRCRAFT = "aircraft"


class Band(str, Enum):
    """Colour bands around recruitment-tile slots and on recruitment options
    (000 core rules, Army Creation > Buy Recruitment Options)."""

    RED = "red"
    ORANGE = "orange"
    YELLOW = "yellow"
    GREEN = "green"
    BLUE = "blue"
    PURPLE = "purple"
    GREY = "grey"
    BLACK = "black"
    WHITE = "white"
    BROWN = "brown"


class TileKind(str, Enum):
    """A platoon tile brings units; an officer tile (O) lets the army buy orders and
    spreads its options army-wide; a high command tile holds only order slots.

    Battle for Normandy adds two tiles that are never bought on their own: a scenario's
    support tile, which holds one option outside the recruitment rules or stands for an
    option that takes order tokens (003, Recruitment Options > Support Tile), and an
    aircraft's recruitment tile, laid beside the command tile whose Aircraft order option
    recruits it: the tile gives that option's cost and carries the aircraft's order token
    (003, Aviation Rules > Aircraft Units)."""

    PLATOON = "platoon"
    OFFICER = "officer"
    HIGH_COMMAND = "high_command"
    SUPPORT = "support"
    AIRCRAFT = "aircraft"


class OptionCategory(str, Enum):
    """Kinds of recruitment option (000, Army Creation > Buy Recruitment Options)."""

    SUPPORT = "support"
    EQUIPMENT = "equipment"
    TRAIT = "trait"
    ORDER = "order"


class CommandIcon(str, Enum):
    """Command cards need a matching order option and sit outside the 40-card minimum."""

    ARTILLERY = "artillery"
    AVIATION = "aviation"
