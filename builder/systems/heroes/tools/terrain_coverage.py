"""Terrain and scenario rules in the coverage (issue 21 item 2: ``heroes rules
coverage`` lists them beside abilities, options and cards).

Terrain rules are the effects a terrain type can carry (builder/systems/heroes/content/models/terrain.py,
000 core rules, Terrain Effects) and the battlefield rules of the Battle for Normandy
(003 Battlefield 1.1-1.4): each simulated, partial (with what is missing) or not
simulated, as the engine stands. Scenario rules are the pack's scenarios' printed special
rules (read by people; the engine plays a scenario through its events and victory levels)
and the victory rules the engine applies to every scenario.
"""

from __future__ import annotations

from typing import Any

from builder.systems.heroes.engine import effects

CORE = "000 core rules, Terrain Effects"
BFN = "003 Battlefield"

#: (id, name, status, what is missing, rule)
TERRAIN_RULES: tuple[tuple[str, str, str, str, str], ...] = (
    ("defence-bonus", "Defence bonus of a terrain", "simulated", "", CORE),
    ("obscures", "Terrain that hinders line of sight", "simulated", "", CORE),
    ("blocks-los", "Terrain that blocks line of sight", "simulated", "", CORE),
    ("difficult", "Difficult passage", "simulated", "", f"{CORE}; {BFN} 1.2, Difficult Terrain"),
    ("impassable", "Terrain impassable to some unit types", "simulated", "", CORE),
    ("water", "Water: only amphibious units enter", "simulated", "", CORE),
    ("structure", "Structure points of destructible terrain", "simulated", "", f"{BFN} 1.3, Ruins"),
    ("buildings", "Buildings entered through openings", "simulated", "", f"{BFN} 1.3, Modular Buildings"),
    ("elevated-positions", "Elevated positions: line of sight from and to elevated squares", "simulated", "",
     f"{BFN} 1.1, Elevated Positions"),
    ("craters-barricades-rubble", "Craters, low barricades, rubble", "partial",
     "craters and rubble are their terrain's printed effects; a low barricade is a line (builder/systems/heroes/board/"
     "lines.py) hindering shots of units not adjacent to it, and none a vehicle fires or takes ('Obstacle "
     "(Infantry)', a placeholder reading); from an elevated position a line that is not elevated is read as a "
     "contour line and ignored; a line's defence bonus (none drawn in the packs) is not played, and a line "
     "carrying a movement effect closes its edge instead of applying it on crossing",
     f"{BFN} 1.1, Lines and Terrain Effects; 1.2, Terrain Elements"),
    ("rivers", "Rivers: water, only amphibious units enter (003 prints no ford or crossing rule)", "simulated", "",
     f"{BFN} 1.2, Rivers"),
    ("bridges", "Bridges: dry ground across a river that every unit crosses (003 prints no rule of their own)",
     "simulated", "", f"{BFN} 1.2, Rivers"),
    ("rooms-zoc-firing", "Rooms: zone of control and firing", "simulated", "",
     f"{BFN} 1.3, Buildings, Rooms & Zone of Control / Firing Actions"),
    ("grenades-rooms", "Grenades into building rooms", "partial",
     "a grenade hits the room it is thrown into; throwing from one building into another is not checked",
     f"{BFN} 1.3, Grenades and Buildings"),
    ("chimney", "The Chimney (stairs, secondary tile, destruction)", "partial",
     "played by builder/systems/heroes/engine/features/demolition_targets.py: destroyed by Destruction dice of shots traced "
     "to its red dot; infantry climbs from the stairs square to the top floor above the red dot, sees and is seen "
     "from there as from an Elevated Position, is shot at with the floor's defence and is destroyed with the "
     "chimney. Missing: the top floor holds one unit (the secondary tile's other squares are not places); the "
     "step from stairs to stairs counts one square (003 prints no cost); grenades between the floors and the ruined tile laid on the board are not played",
     f"{BFN} 1.3, The Chimney"),
    ("half-squares", "Half-squares: movement and zone of control", "simulated", "", f"{BFN} 1.4, Half-Squares"),
    ("support-tile", "Support tiles entering play", "partial",
     "a scenario's support_tile effect brings the tile in (builder/systems/heroes/engine/features/support_tiles.py): the engine "
     "decides when to put an order on it and uses it first in the Activation phase; the Flak 88 fires "
     "from its red dot with no range term",
     "003 Recruitment Options 3.4, Support Options"),
    ("aircraft-units", "Aircraft units", "partial",
     "aircraft recruited with an Aircraft option and their tile fly, attack, drop bombs and take anti-aircraft "
     "fire with the speed penalty (builder/systems/heroes/engine/features/aircraft.py); the engine decides their tokens and "
     "they attack first in the Activation phase; opportunity fire at aircraft is not played; aviation cards "
     "are played only with the Airstrike order",
     "003 Aviation Rules"),
)

#: Victory rules the engine applies to every scenario: (id, name, status, missing, rule)
VICTORY_RULES: tuple[tuple[str, str, str, str, str], ...] = (
    ("victory-levels", "Victory levels checked in order at the end", "simulated", "",
     "000 core rules, Setup > Victory Conditions"),
    ("sudden-death", "Victory condition reached: the game ends at the end of the round", "simulated", "",
     "000 core rules, Setup > Victory Conditions"),
    ("elimination", "A side without units or orders loses", "simulated", "",
     "000 core rules, Setup > Victory Conditions"),
    ("breaking-points", "Breaking points score victory points", "simulated", "",
     "000 core rules, Setup > Breaking Point"),
)


#: How the engine sets up and carries on a scenario, named by the scenarios' special rules
#: (``special_rules_played``): (id, name, status, missing, rule)
SCENARIO_MECHANICS: tuple[tuple[str, str, str, str, str], ...] = (
    ("deployment-order", "Which side deploys first", "partial",
     "the engine deploys both sides before turn 1 on seeded squares of their zones, the initiative side first "
     "whatever the scenario prints; no player chooses a square, so the printed order changes nothing unless "
     "the zones share squares (builder/systems/heroes/engine/setup.py)",
     "000 core rules, Setup > Deployment"),
    ("entry-arrows", "Units entering by the arrow squares", "partial",
     "a side entering by arrows is deployed on and around its arrow squares before turn 1 instead of moving "
     "in during its first activations (builder/systems/heroes/engine/setup.py)",
     "003 Battle for Normandy, Campaign > Preparation"),
    ("set-aside-units", "Units set aside at the start, brought in by a scenario event", "simulated", "",
     "000 core rules, Setup; the scenario's place_unit events"),
    ("army-variant", "An optional army variant a player may choose", "partial",
     "played when the army given (an army list, --army) takes it; the default armies leave it out",
     "the scenario page"),
    ("campaign-consequence", "A consequence of the previous campaign scenario", "partial",
     "played by the campaign (content/bfn/campaigns, builder/campaign) when the scenario is played in it; a "
     "game of the scenario alone plays its printed default",
     "003 Battle for Normandy, Campaign"),
)


def terrain_rows() -> list[dict[str, str]]:
    return [{"kind": "terrain", "id": i, "name": n, "status": s, "missing": m, "rule": r}
            for i, n, s, m, r in TERRAIN_RULES]


def scenario_rows(pack: Any) -> list[dict[str, str]]:
    """The victory rules and scenario mechanics, then each scenario's printed special rules
    with the status of the engine rules that play them (``special_rules_played``): the
    least simulated of them; none named: a special rule in words, not simulated."""
    known = {i: (s, m) for i, _, s, m, _ in (*VICTORY_RULES, *SCENARIO_MECHANICS)}
    known.update({m.id: (m.status, m.missing) for m in effects.REGISTRY.values() if m.kind == "scenario-rule"})
    rows = [{"kind": "scenario-rule", "id": i, "name": n, "status": s, "missing": m, "rule": r}
            for i, n, s, m, r in (*VICTORY_RULES, *SCENARIO_MECHANICS)]
    for sc in pack.items["scenarios"].values():
        played = {p.rule: p for p in sc.special_rules_played}
        for k, text in enumerate(sc.special_rules, start=1):
            status, missing = "not simulated", ("a special rule in words; the engine plays only what the "
                                                "scenario's events and victory levels say of it")
            how = played.get(k)
            if how is not None:
                unknown = [i for i in how.played_by if i not in known]
                if unknown:
                    missing = f"names no engine rule: {', '.join(unknown)}"
                else:
                    statuses = [known[i][0] for i in how.played_by]
                    status = min(statuses, key=_RANK.__getitem__)
                    missing = "; ".join([f"played by {', '.join(how.played_by)}", *([how.note] if how.note else []),
                                         *(f"{i}: {known[i][1]}" for i in how.played_by if known[i][1])])
            rows.append({"kind": "scenario-rule", "id": f"{sc.id}#{k}", "name": text, "status": status,
                         "missing": missing, "rule": f"scenario {sc.id}"})
    return rows


_RANK = {"not simulated": 0, "partial": 1, "simulated": 2}
