"""Gear (000 core rules, Recruitment Options > Equipment > Gear; 003 Battle for
Normandy, Gear Options).

The option gives 3 or 5 tokens (the content's ``tokens``) picked from those of
the equipment options whose colour bands match the Gear option's. The choice is
made when the army is built, so the engine resolves it at set-up, by a fixed
policy, into tokens of those options (``SideStatic.equipment``), which then work
as the options' own tokens (grenades, Ammo, Panzerfaust...):

- candidates are the faction's equipment options with tokens, sharing a band
  with the Gear option, whose rules the engine simulates, and which a unit of
  the tile (or of the army, for an officer's tile) can use: infantry for
  grenades, Ammo, anti-tank tokens and positions, a unit with Burst for Ammo
  Belts, a vehicle for Fuel, a heavy vehicle for shells and shielding;
- the tokens go round the candidates one at a time in :data:`PREFERENCE` order
  (grenades, then Ammo, then the rest), so the choice is balanced: 3 tokens
  among grenades, Ammo and rifle grenades give one of each.
"""

from __future__ import annotations

from typing import Any, Iterable

from builder.systems.heroes.engine.effects import REGISTRY, register

GEAR = "gear"
RULE = "000 core rules, Recruitment Options > Equipment > Gear"
PREFERENCE = ("grenade", "ammo", "rifle-grenade", "panzerfaust", "ammo-belt", "sticky-bomb", "magnetic-mine",
              "apc-shells", "he-shells", "additional-shielding", "fuel", "position")
_USERS = {"ammo-belt": "burst", "fuel": "vehicle", "apc-shells": "heavy_vehicle", "he-shells": "heavy_vehicle",
          "additional-shielding": "heavy_vehicle"}


def _usable(key: str, profiles: Iterable[Any]) -> bool:
    """Can one of the units (profiles) use tokens of option ``key``?"""
    need = _USERS.get(key, "infantry")
    for p in profiles:
        if need == "burst":
            if any("burst" in f.abilities or any("burst" in w.abilities for w in f.weapons) for f in p.faces):
                return True
        elif need == "vehicle":
            if p.type in ("light_vehicle", "heavy_vehicle"):
                return True
        elif p.type == need:
            return True
    return False


def choose(pack: Any, option: Any, profiles: list[Any]) -> dict[str, int]:
    """The tokens (option effect key -> count) the Gear ``option`` turns into, for a
    tile whose units have ``profiles``."""
    bands = set(option.bands)
    found: dict[str, Any] = {}
    for o in pack.items["options"].values():
        key = o.effect_key or o.id
        if (o.faction != option.faction or o.category.value != "equipment" or not o.tokens or key == GEAR
                or not bands & set(o.bands) or key not in PREFERENCE or key in found):
            continue
        module = REGISTRY.get(("option", key))
        if module is not None and module.status != "not simulated" and _usable(key, profiles):
            found[key] = o
    order = [k for k in PREFERENCE if k in found]
    out: dict[str, int] = {}
    for i in range(option.tokens if order else 0):
        key = order[i % len(order)]
        out[key] = out.get(key, 0) + 1
    return out


register("option", GEAR, "Gear", "partial", RULE,
         "the tokens are chosen at set-up by a fixed policy (the matching equipment the tile's units can use, "
         "one at a time: grenades, Ammo, then the rest), not by the player")
