"""Plain-data views of content items for the shared template partials: a unit's stat
block (both sides), a tile, an option, a card. Print sheets and site pages use the
same views, so a unit reads the same on a roster and on its site page."""

from __future__ import annotations

from typing import Any

from builder.systems.heroes.content.models.ability import AbilityRef
from builder.systems.heroes.content.pack import Pack


def ability_line(ref: AbilityRef, pack: Pack) -> dict[str, str]:
    """An ability as printed: name with its value, and the one-line reminder
    (000 core rules, Special Abilities)."""
    ability = pack.get("abilities", ref.id)
    name = ability.name if ability is not None else ref.id
    if ref.value is not None:
        name = f"{name} {ref.value}"
    if ref.against:
        name = f"{name} vs {ref.against.replace('_', ' ')}"
    reminder = ability.reminder if ability is not None else "(ability not in the pack)"
    return {"id": ref.id, "name": name, "reminder": reminder}


def _defence(side: Any) -> str:
    defence = side.defence
    if defence is None:
        return "—"
    if isinstance(defence, int):
        return str(defence)
    return f"front {defence.front} / side {defence.side} / rear {defence.rear}"


def unit_block(unit: Any, pack: Pack) -> dict[str, Any]:
    """A unit counter with the values of both its sides."""
    sides = []
    for side in unit.sides:
        sides.append({
            "role": side.role.value, "name": side.name, "movement": side.movement,
            "defence": _defence(side),
            "defence_type": side.defence_type.value.replace("_", " ") if side.defence_type else "",
            "on_hit": "flip" if side.on_hit.value == "flip" else "eliminated (skull)",
            "stars": side.stars,
            "weapons": [
                {"name": w.name or ("weapon" if len(side.weapons) == 1 else w.role.value),
                 "role": w.role.value, "arc": w.arc,
                 "infantry": w.combat.infantry, "light_vehicle": w.combat.light_vehicle,
                 "heavy_vehicle": w.combat.heavy_vehicle,
                 "abilities": [ability_line(a, pack) for a in w.abilities]}
                for w in side.weapons
            ],
            "abilities": [ability_line(a, pack) for a in side.abilities],
        })
    faction = pack.get("factions", unit.faction)
    return {
        "id": unit.id, "name": unit.name, "type": unit.type.value.replace("_", " "),
        "outline": unit.outline.value.replace("_", " "), "footprint": unit.footprint,
        "faction": faction.name if faction else unit.faction, "faction_id": unit.faction,
        "placeholder": unit.placeholder, "sides": sides,
    }


def grant_lines(grants: list[Any], pack: Pack) -> list[dict[str, Any]]:
    out = []
    for grant in grants:
        unit = pack.get("units", grant.unit)
        out.append({"id": grant.unit, "name": unit.name if unit else grant.unit, "count": grant.count,
                    "known": unit is not None})
    return out


def tile_block(tile: Any, pack: Pack) -> dict[str, Any]:
    """A recruitment tile: cost, stars, breaking point, units, slots and abilities."""
    return {
        "id": tile.id, "name": tile.name, "kind": tile.kind.value.replace("_", " "), "cost": tile.cost,
        "stars": tile.stars, "faction_id": tile.faction,
        "breaking_point": tile.breaking_point,
        "units": grant_lines(tile.units, pack),
        "slots": [{"number": i + 1, "size": s.size, "bands": [b.value for b in s.bands],
                   "grants": _slot_grant(s, pack)} for i, s in enumerate(tile.slots)],
        "abilities": [ability_line(a, pack) for a in tile.abilities],
        "placeholder": tile.placeholder,
    }


def _slot_grant(slot: Any, pack: Pack) -> str:
    if slot.grants is None:
        return ""
    parts = []
    if slot.grants.stars:
        parts.append(f"+{slot.grants.stars} order star{'s' if slot.grants.stars > 1 else ''}")
    if slot.grants.ability is not None:
        parts.append(ability_line(slot.grants.ability, pack)["name"])
    return ", ".join(parts)


def option_block(option: Any, pack: Pack) -> dict[str, Any]:
    """A recruitment option: category, cost, bands, tokens and effect."""
    extras = []
    if option.tokens:
        extras.append(f"{option.tokens} tokens")
    if option.stars:
        extras.append(f"+{option.stars} order token{'s' if option.stars > 1 else ''}")
    if option.special_orders:
        extras.append(f"{option.special_orders} special order{'s' if option.special_orders > 1 else ''}")
    if option.bluffs:
        extras.append(f"+{option.bluffs} bluff")
    if option.points_bonus:
        extras.append(f"+{option.points_bonus} army points")
    if option.unlocks_cards is not None:
        extras.append(f"allows {option.unlocks_cards.count} {option.unlocks_cards.command} cards")
    return {
        "id": option.id, "name": option.name, "category": option.category.value, "cost": option.cost,
        "size": option.size, "bands": [b.value for b in option.bands], "extras": extras,
        "effect": option.effect, "units": grant_lines(option.units, pack),
        "breaking_point": option.breaking_point, "faction_id": option.faction,
        "abilities": [ability_line(a, pack) for a in option.abilities],
        "placeholder": option.placeholder,
    }


def card_block(card: Any) -> dict[str, Any]:
    """An action card: phases, copies, command icon, AAA value and effect."""
    return {
        "id": card.id, "name": card.name, "faction_id": card.faction,
        "phases": [p.value for p in card.phases], "copies": card.copies,
        "command": card.command.value if card.command else "", "aaa": card.aaa,
        "effect": card.effect, "placeholder": card.placeholder,
    }
