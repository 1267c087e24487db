"""Static unit profiles: the printed values of a counter, flattened for the rules.

Built once per game from the content models (000 core rules, Box Contents >
Infantry, Light Vehicles, Heavy Vehicles): each counter side (face) has movement,
defence (one value, or front/side/rear for heavy vehicles), what a hit does, its
weapons (combat bonus per defence type, None for X) and abilities.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

DEFENCE_TYPES = ("infantry", "light_vehicle", "heavy_vehicle")
VEHICLES = frozenset({"light_vehicle", "heavy_vehicle"})


@dataclass(frozen=True, slots=True)
class WeaponProfile:
    name: str
    role: str  # main / primary / secondary
    combat: tuple[int | None, int | None, int | None]  # vs infantry, light, heavy
    abilities: dict[str, int]
    arc: int = 360

    def against(self, defence_type: str | None) -> int | None:
        """The combat value against a defence type (None: the face has none, so no shot)."""
        return self.combat[DEFENCE_TYPES.index(defence_type)] if defence_type is not None else None


@dataclass(frozen=True, slots=True)
class FaceProfile:
    role: str
    movement: int
    defence: int | tuple[int, int, int] | None
    defence_type: str | None
    flips: bool  # a hit flips the counter (else eliminates)
    weapons: tuple[WeaponProfile, ...]
    stars: int
    abilities: dict[str, int]


@dataclass(frozen=True, slots=True)
class UnitProfile:
    id: str
    name: str
    faction: str
    type: str
    outline: str
    footprint: int
    faces: tuple[FaceProfile, ...]
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def is_vehicle(self) -> bool:
        return self.type in VEHICLES


def _abilities(refs: Any) -> dict[str, int]:
    return {r.id: (r.value if r.value is not None else 0) for r in refs}


def _combat(v: Any) -> int | None:
    return None if v == "X" else int(v)


_PROFILES: dict[int, tuple[Any, UnitProfile]] = {}


def profile_of(unit: Any) -> UnitProfile:
    """A :class:`UnitProfile` of a content ``Unit``: built once per content model
    (a game setup asks for every unit's profile, and profiles are never modified
    in play: per-game grants live in ``UnitStatic.granted``)."""
    hit = _PROFILES.get(id(unit))
    if hit is not None and hit[0] is unit:  # the model itself is kept, so its id is not reused
        return hit[1]
    profile = _profile_of(unit)
    _PROFILES[id(unit)] = (unit, profile)
    return profile


def _profile_of(unit: Any) -> UnitProfile:
    faces = []
    for side in unit.sides:
        defence = side.defence
        if defence is not None and not isinstance(defence, int):
            defence = (defence.front, defence.side, defence.rear)
        weapons = tuple(
            WeaponProfile(
                name=w.name or "weapon",
                role=w.role.value,
                combat=(_combat(w.combat.infantry), _combat(w.combat.light_vehicle), _combat(w.combat.heavy_vehicle)),
                abilities=_abilities(w.abilities),
                arc=int(w.arc),
            )
            for w in side.weapons
        )
        abilities = _abilities(side.abilities)
        faces.append(FaceProfile(
            role=side.role.value,
            movement=side.movement,
            defence=defence,
            defence_type=side.defence_type.value if side.defence_type else None,
            flips=side.on_hit.value == "flip",
            weapons=weapons,
            stars=side.stars + (abilities.get("orders", 0) if side.stars == 0 else 0),
            abilities=abilities,
        ))
    return UnitProfile(
        id=unit.id, name=unit.name, faction=unit.faction, type=unit.type.value,
        outline=unit.outline.value, footprint=unit.footprint, faces=tuple(faces),
    )
