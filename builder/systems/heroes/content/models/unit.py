"""Unit counters (000 core rules, Box Contents > Infantry, Light Vehicles, Heavy Vehicles).

A counter has two sides. Infantry shows a healthy and a damaged side; vehicles a
vehicle and a wreck side; some units a concealed/revealed or packed/deployed pair
(Ambush, Tripod). Each side has its own movement, defence and combat values.
"""

from __future__ import annotations

from enum import Enum
from typing import Literal

from pydantic import Field, model_validator

from builder.systems.heroes.content.models.ability import AbilityRef
from builder.systems.heroes.content.models.base import ContentModel, DefenceType, Id, Item, UnitType

CombatValue = int | Literal["X"]


class Outline(str, Enum):
    """Counter outline colour: yellow officer, red heavy weapon, dark hero (000, Infantry)."""

    REGULAR = "regular"
    OFFICER = "officer"
    HEAVY_WEAPON = "heavy_weapon"
    HERO = "hero"


class SideRole(str, Enum):
    """What a counter side represents."""

    HEALTHY = "healthy"
    DAMAGED = "damaged"
    VEHICLE = "vehicle"
    WRECK = "wreck"
    CONCEALED = "concealed"
    REVEALED = "revealed"
    PACKED = "packed"
    DEPLOYED = "deployed"


class OnHit(str, Enum):
    """What a hit does to this side: flip the counter, or eliminate it (the skull)."""

    FLIP = "flip"
    ELIMINATE = "eliminate"


class WeaponRole(str, Enum):
    """Infantry have one 'main' weapon; vehicles a red 'primary' and yellow 'secondary'."""

    MAIN = "main"
    PRIMARY = "primary"
    SECONDARY = "secondary"


class CombatValues(ContentModel):
    """Bonus added to the die against each defence type; 'X' means it cannot attack it
    (000 core rules, Firing > Shot Resolution)."""

    infantry: CombatValue = Field(description="Bonus against yellow (infantry) defence, or 'X'.")
    light_vehicle: CombatValue = Field(
        description="Bonus against purple (light vehicle) defence, or 'X'."
    )
    heavy_vehicle: CombatValue = Field(
        description="Bonus against grey (heavy vehicle) defence, or 'X'."
    )

    def against(self, defence_type: DefenceType) -> int | None:
        """The bonus against ``defence_type``, or None where the counter shows X."""
        value = getattr(self, defence_type.value)
        return None if value == "X" else int(value)


class Weapon(ContentModel):
    """A weapon of a counter side with its combat values and abilities."""

    name: str = Field(default="", description="Weapon name, e.g. '75mm gun' or 'MG 42'.")
    role: WeaponRole = Field(default=WeaponRole.MAIN, description="main, primary (red) or secondary (yellow).")
    combat: CombatValues = Field(description="Combat values against each defence type.")
    abilities: list[AbilityRef] = Field(
        default_factory=list, description="Abilities of this weapon (Fire on the Move, Limited Range...)."
    )
    arc: Literal[90, 180, 360] = Field(
        default=360, description="Firing arc in degrees; 360 unless a limited arc is printed."
    )


class VehicleDefence(ContentModel):
    """A heavy vehicle's three defence values, chosen by the angle of the shot."""

    front: int = Field(ge=0, le=20, description="Defence against shots into the front arc.")
    side: int = Field(ge=0, le=20, description="Defence against shots into the sides.")
    rear: int = Field(ge=0, le=20, description="Defence against shots into the rear.")


class UnitSide(ContentModel):
    """One face of a counter."""

    role: SideRole = Field(description="What this side represents.")
    name: str = Field(default="", description="Name printed on this side when it differs.")
    movement: int = Field(ge=0, le=20, description="Movement value in squares.")
    defence: int | VehicleDefence | None = Field(
        default=None,
        description="Defence value; front/side/rear for heavy vehicles; none for a wreck.",
    )
    defence_type: DefenceType | None = Field(
        default=None, description="Colour of the defence: infantry, light_vehicle or heavy_vehicle."
    )
    on_hit: OnHit = Field(
        default=OnHit.ELIMINATE, description="flip when the side can take a hit, else eliminate."
    )
    weapons: list[Weapon] = Field(default_factory=list, description="Weapons usable from this side.")
    stars: int = Field(default=0, ge=0, le=10, description="Order stars printed on this side (Order(s)).")
    abilities: list[AbilityRef] = Field(
        default_factory=list, description="Special abilities printed on this side."
    )

    @model_validator(mode="after")
    def _defence_needs_type(self) -> "UnitSide":
        if self.defence is not None and self.defence_type is None:
            raise ValueError("a side with a defence value needs its 'defence_type'")
        return self


class Unit(Item):
    """A unit counter: infantry, gun, light or heavy vehicle, aircraft."""

    faction: Id = Field(description="Faction the counter belongs to.")
    insignia: Id | None = Field(default=None, description="Division insignia printed on it.")
    type: UnitType = Field(description="infantry, gun, light_vehicle, heavy_vehicle or aircraft.")
    outline: Outline = Field(default=Outline.REGULAR, description="Outline colour of the counter.")
    footprint: Literal[1, 2] = Field(
        default=1, description="Squares the counter occupies (vehicles and guns 1 or 2)."
    )
    sides: list[UnitSide] = Field(
        min_length=1, max_length=2, description="Front side first, then the back side."
    )

    @property
    def front(self) -> UnitSide:
        return self.sides[0]

    @property
    def back(self) -> UnitSide | None:
        return self.sides[1] if len(self.sides) > 1 else None


class UnitsFile(ContentModel):
    """A file of unit counters (folder ``units/``)."""

    units: list[Unit] = Field(default_factory=list, description="Unit counters defined here.")
