"""Which rules of 004 the Tide of Iron engine simulates: the coverage table.

Status: ``full`` (as written), ``policy`` (simulated, but a choice the rules leave to
a player is made by a fixed, documented policy), ``not simulated`` (the engine does
not play it; a game whose content needs it warns, code N716).
"""

from __future__ import annotations

from typing import Any

RULES: list[tuple[str, str, str]] = [
    ("Setup", "full", "units in deployment zones, decks shuffled, one card face up per deck, round 1, initiative"),
    ("Setup: stacking", "full", "three units a hex, two vehicles; a stopped unit returns to its last non-full hex"),
    ("Action phase: alternating actions", "full", "actions per turn from the scenario; a player out of actions passes the rest to the opponent"),
    ("Advance", "full", "hex by hex, movement costs of the terrain table, no entry into enemy hexes (but a tank's Overrun)"),
    ("Terrain block", "full", "clear, rough, woods, road and dirt road (a road through woods keeps the woods' cover and blocking), shallow/deep/flooded stream, pond, building, bridge, wooden bridge, dunes, hills (uphill 2, cliff sides impassable both ways), crevasse, half hexes"),
    ("Concentrated Fire", "full", "with combined fire: the attacker picks each supporter among the fresh friendly units in range and LOS (a heavily damaged vehicle, already at half FPR, cannot support)"),
    ("Prepare Op Fire", "full", "unit marked Op Fire; attacks moving enemies in range and LOS"),
    ("Fire & Movement", "full", "-1 MP squads, -2 MPs vehicles, half FPR, no long range, no support, no heavy weapons, move not split"),
    ("Assault", "full", "-1 MP, adjacent hex without heavy vehicles; the attacker picks up to 2 adjacent supporters; cover of the hex plus a defending medic's Bandage; the defender assigns his hits to his units and the owners choose figures; the defender picks the retreat hex; on success only, the attacker decides which of the active squad and the supporters fresh at the start move in"),
    ("Activate Strategy Card", "full", "action-phase cards paid in command"),
    ("Fatigue Unit", "full", "the unit is fatigued"),
    ("Special actions", "full", "the medic's Heal, the only special action of the bundled content"),
    ("Moving and Op Fire", "full", "after each hex entered the opponent fires or holds: leading unit, supporters in Op Fire mode picked one by one, normal or suppressive; stops on pinned/disrupted/damage"),
    ("Transport", "full", "enter for 2 MPs (fatigued); a carried squad activated with Advance, Fire & Movement or Assault may exit for 2 MPs (Op Fire may follow); one stacking unit, cargo destroyed with the vehicle, cargo cannot be targeted or fire"),
    ("Command: control of objectives", "full", "a lone side's unit captures; control kept until recaptured"),
    ("Command: command and VPs", "full", "friendly or neutral command objectives; VPs per objective per round"),
    ("Command: spend command", "full", "command-phase cards, then any amount onto the initiative pool"),
    ("Command: initiative", "full", "larger pool; a tie goes to the player without initiative"),
    ("Status: draw with '+'", "full", "initiative first, from the deck of the player's choice; a '+' first card lets him draw one more"),
    ("Status: remove tokens and transitions", "full", "pinned recover; disrupted become pinned, or recover with an officer"),
    ("Status: Op Fire placement", "full", "any fresh unit able to fire (a heavily damaged vehicle too), initiative first"),
    ("Status: squad transfers", "policy", "one figure at a time, same hex, no specialized, pinned, disrupted or transported squads, empty bases removed; a squad either gives or receives in one Status phase so transfers end; decided with Op Fire placement"),
    ("Status: reinforcements and events", "full", "reinforcement zone, stacking, no enemy hexes; missed ones are lost; events logged"),
    ("Winning: VP and ties", "full", "most VPs after the last round, or the scenario's VP target; ties to the initiative"),
    ("Combat: range and dice", "full", "close 4+, normal 5+, long 6+, defence 5+, least favourable range in combined fire, +1 range uphill"),
    ("Combat: normal and suppressive results", "full", "the owner chooses which figures a normal attack removes"),
    ("Combat: vehicle damage", "full", "light/heavy/destroyed, -1 MP and AV, halved FPR, fragile"),
    ("Line of sight", "full", "blocking terrain between hexes, edge lines, blind hexes behind obstructions, hills as blocking terrain, no LOS down from behind a crest"),
    ("Area attacks and drift", "full", "strategy-card artillery with drift; the attack dice rolled once (once per kind of target when the FPR differs), each unit rolls its own defence; a recon squad is not attacked at long range"),
    ("Mortar crew: area attack, ballistic fire", "full", "area attacks only, 5-6 (6 long), not adjacent, not from buildings, no Op Fire, nothing in their own hex's assault"),
    ("Machine gun: rapid Op Fire", "full", "MG crews alone, no fatigue, each target once a round"),
    ("Officer: rally, determination, mobility, fast recovery", "full", ""),
    ("Elite: battle-hardened", "full", "+1 cover per elite figure vs suppressive fire"),
    ("Specializations: anti-tank, recon, medic, flamethrower", "full", "recon stealth and stamina; medic Bandage (+1 cover vs normal attacks) and Heal (4-6, up to the base's capacity)"),
    ("Specializations: engineer, experience", "not simulated", "no entrenchment markers or experience tokens in the bundled pack"),
    ("Tanks: sturdy, concussive firepower", "full", ""),
    ("Tanks: thick armor", "full", "one defence die turned to a 6"),
    ("Tanks: overrun", "full", "+1 MP an enemy unit, Op Fire at close range from the hex, squads pinned on leaving, retreat when stopped in it"),
    ("Trucks: effective road movement", "full", "a third of an MP from road to contiguous road, a half on a dirt road"),
    ("Equipment (AT guns)", "not simulated", "AT guns move and fire like vehicles"),
    ("Concealed squads", "not simulated", ""),
    ("Fortifications: entrenchments, pillboxes, minefields, razor wire, tank traps, smoke", "not simulated", "no markers in the bundled pack"),
    ("Operations cards", "full", "data the engine plays: in force in given rounds for its owner or both players (no long-range attacks), or resolved at set-up (a Strategy card face up, command); a card without an effect is warned"),
]


def coverage_rows(pack: Any | None = None) -> list[dict[str, str]]:
    rows = [{"rule": r, "status": s, "note": n, "source": "004 Tide of Iron"} for r, s, n in RULES]
    if pack is not None:
        for card in pack.items["cards"].values():
            rows.append({"rule": f"card: {card.name}", "status": "full", "note": card.effect.kind, "source": card.source})
        for op in pack.items["operations"].values():
            rows.append({"rule": f"operations card: {op.name}", "status": "full" if op.effect else "not simulated",
                         "note": op.text, "source": op.source})
        traits = sorted({t.value for v in pack.items["vehicles"].values() for t in v.traits})
        simulated = {"transport", "light-vehicle", "heavy-vehicle", "tank", "fragile", "sturdy", "concussive-firepower",
                     "thick-armor", "effective-road-movement", "overrun"}
        for t in traits:
            rows.append({"rule": f"trait: {t}", "status": "full" if t in simulated else "not simulated", "note": "",
                         "source": "004 Tide of Iron, Unit special abilities"})
    return rows


def summary_line() -> str:
    counts: dict[str, int] = {}
    for _, s, _ in RULES:
        counts[s] = counts.get(s, 0) + 1
    return ("Tide of Iron rules as the engine simulates them: " + ", ".join(f"{n} {s}" for s, n in sorted(counts.items()))
            + " (heroes rules coverage --pack content/toi).")


def markdown_table(pack: Any | None = None) -> str:
    lines = ["| rule | status | note |", "| --- | --- | --- |"]
    lines += [f"| {r['rule']} | {r['status']} | {r['note']} |" for r in coverage_rows(pack)]
    return "\n".join(lines) + "\n"
