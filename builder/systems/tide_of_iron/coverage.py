"""Which rules of 004 the Tide of Iron engine simulates: the coverage table.

The vocabulary and row shape are the Heroes System's (builder/systems/heroes/tools/coverage.py):
each row is ``{kind, id, name, status, missing, rule}`` with status ``simulated`` (as
written), ``partial`` (``missing`` says what is not played) or ``not simulated`` (the
engine does not play it; a game whose content needs it warns, code N716). ``rule`` cites
the section of 004 Tide of Iron. Where the engine must choose for a player the rules
leave the choice to, the choice is a decision offered to that player.
"""

from __future__ import annotations

from typing import Any

RULES: list[tuple[str, str, str, str, str]] = [
    # (id, name, status, what is missing, section of 004 Tide of Iron)
    ("setup", "Setup", "simulated", "", "Setup"),
    ("stacking", "Stacking", "simulated", "", "Setup (three units a hex, two vehicles)"),
    ("action-phase", "Action phase: alternating actions", "simulated", "", "Action phase; End of the Action phase"),
    ("advance", "Advance", "simulated", "", "Advance; Movement"),
    ("concentrated-fire", "Concentrated Fire", "simulated", "", "Concentrated fire"),
    ("combined-fire", "Combined fire (each supporter the attacker's choice)", "simulated", "", "Combined fire"),
    ("prepare-op-fire", "Prepare Op Fire", "simulated", "", "Prepare Op Fire"),
    ("fire-and-movement", "Fire & Movement", "simulated", "", "Fire & Movement"),
    ("assault", "Assault", "simulated", "", "Assault; Assault attacks"),
    ("activate-strategy-card", "Activate Strategy Card", "simulated", "", "Activate Strategy card"),
    ("fatigue-unit", "Fatigue Unit", "simulated", "", "Fatigue unit"),
    ("special-actions", "Special actions (Heal, Dig Entrenchment)", "simulated", "", "Special action"),
    ("op-fire", "Moving and Op Fire", "simulated", "", "Moving and opportunity fire; Opportunity fire"),
    ("transport", "Transporting squads", "simulated", "", "Transporting squads in vehicles"),
    ("control", "Command: control of objectives", "simulated", "", "Determine control over objectives"),
    ("command-and-vp", "Command: command and VPs", "simulated", "", "Receive command & victory points"),
    ("spend-command", "Command: spend command", "simulated", "", "Spend command"),
    ("initiative", "Command: initiative", "simulated", "", "Determine initiative"),
    ("draw", "Status: draw Strategy cards ('+')", "simulated", "", "Draw strategy cards"),
    ("remove-tokens", "Status: remove tokens, condition transitions, expired markers", "simulated", "",
     "Remove tokens"),
    ("op-fire-placement", "Status: Op Fire placement", "simulated", "", "Place units in Op Fire mode"),
    ("squad-transfers", "Status: squad transfers", "simulated", "", "Squad transfers"),
    ("reinforcements", "Status: reinforcements and events", "simulated", "", "Scenario reinforcements & events"),
    ("winning", "Winning: VP and ties", "simulated", "", "Winning the game"),
    ("range-and-dice", "Combat: range and FPR per kind of target, dice", "simulated", "",
     "Combat; Range; Resolving an attack"),
    ("attack-results", "Combat: normal and suppressive results", "simulated", "",
     "Normal attack results; Suppressive attack results"),
    ("vehicle-damage", "Combat: vehicle damage", "simulated", "", "Normal attack results"),
    ("line-of-sight", "Line of sight", "simulated", "", "Line of sight"),
    ("terrain", "Terrain block", "simulated", "", "Terrain block"),
    ("area-attacks", "Area attacks and drift", "simulated", "", "Area attacks; Strategy cards"),
    ("mortar", "Mortar crew: area attack, ballistic fire", "simulated", "", "Mortar crew"),
    ("machine-gun", "Machine gun crew: rapid Op Fire", "simulated", "", "Machine gun crew"),
    ("officer", "Officer: rally, determination, mobility, fast recovery", "simulated", "", "Officer"),
    ("elite", "Elite: battle-hardened", "simulated", "", "Elite infantry"),
    ("specializations", "Specializations: anti-tank, recon, medic, flamethrower, engineer", "simulated", "",
     "Specialized squads; Anti-tank; Recon; Medic; Flamethrower; Engineer"),
    ("experience", "Experience: Alpha and Bravo units", "partial",
     "the highest number of stars a token reaches is not printed (3, a placeholder)",
     "Experience; Alpha unit; Bravo unit"),
    ("concealed-squads", "Concealed squads", "simulated", "", "Concealed squads"),
    ("tanks", "Tanks: sturdy, concussive firepower, thick armor, overrun", "simulated", "", "Tanks"),
    ("trucks", "Trucks: effective road movement", "simulated", "", "Trucks; Road/dirt road"),
    ("equipment", "Equipment (AT guns)", "partial",
     "when the gun moves its one hex together with a friendly fresh unit, Op Fire is offered against the gun only",
     "Anti-tank guns"),
    ("entrenchments-pillboxes", "Fortifications: entrenchments and pillboxes", "simulated", "",
     "Entrenchments & pillboxes"),
    ("minefields", "Obstacles: minefields", "simulated", "", "Minefields"),
    ("razor-wire", "Obstacles: razor wire", "simulated", "", "Razor wire"),
    ("tank-traps", "Obstacles: tank traps", "simulated", "", "Tank traps"),
    ("smoke", "Smoke", "simulated", "", "Smoke"),
    ("operations-cards", "Operations cards", "simulated", "", "Setup (Operations cards)"),
]

SIMULATED_TRAITS = {"transport", "light-vehicle", "heavy-vehicle", "tank", "fragile", "sturdy", "concussive-firepower",
                    "thick-armor", "effective-road-movement", "overrun"}
PARTIAL_TRAITS = {"equipment": "Op Fire at a gun moving with its companion targets the gun only"}


def _row(kind: str, id_: str, name: str, status: str, missing: str, rule: str) -> dict[str, str]:
    return {"kind": kind, "id": id_, "name": name, "status": status, "missing": missing, "rule": rule}


def coverage_rows(pack: Any | None = None) -> list[dict[str, str]]:
    """The rules, then (with a pack) its cards, Operations cards and vehicle traits."""
    rows = [_row("rule", i, n, st, m, f"004 Tide of Iron, {r}") for i, n, st, m, r in RULES]
    if pack is not None:
        for card in pack.items["cards"].values():
            rows.append(_row("card", card.id, card.name, "simulated", "", card.source))
        for op in pack.items["operations"].values():
            rows.append(_row("operations", op.id, op.name, "simulated" if op.effect else "not simulated",
                             "" if op.effect else f"no effect the engine plays: {op.text}", op.source))
        traits = sorted({t.value for v in pack.items["vehicles"].values() for t in v.traits})
        for t in traits:
            status = "simulated" if t in SIMULATED_TRAITS else ("partial" if t in PARTIAL_TRAITS else "not simulated")
            rows.append(_row("trait", t, t, status, PARTIAL_TRAITS.get(t, ""),
                             "004 Tide of Iron, Unit special abilities"))
    return rows


def summary(rows: list[dict[str, str]]) -> dict[str, int]:
    """Rows per status, in the Heroes System's order."""
    out: dict[str, int] = {}
    for status in ("simulated", "partial", "not simulated"):
        n = sum(1 for r in rows if r["status"] == status)
        if n:
            out[status] = n
    return out


def summary_line() -> str:
    counts = summary(coverage_rows())
    return ("Tide of Iron rules as the engine simulates them: " + ", ".join(f"{n} {s}" for s, n in counts.items())
            + " (heroes rules coverage --pack content/toi).")


def markdown_table(pack: Any | None = None) -> str:
    """``heroes rules coverage --pack content/toi --format markdown``: the Heroes System's
    table (builder/systems/heroes/tools/coverage.py, ``markdown``)."""
    lines = ["| kind | id | rule | status | what is missing or lost |", "| --- | --- | --- | --- | --- |"]
    for r in coverage_rows(pack):
        cells = (r["kind"], f"`{r['id']}`", f"{r['name']} ({r['rule']})", r["status"], r["missing"] or "-")
        lines.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    return "\n".join(lines) + "\n"
