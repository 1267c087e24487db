"""What the Solo game mode simulates, rule by rule (002 Solo Mode), as data: printed in
playtest reports and registered in the engine's rule-module registry (kind ``solo``) so
the engine's coverage report lists it too. docs/solo-mode.md explains each line."""

from __future__ import annotations

from builder.systems.heroes.engine.solo_mode.action_cards import NEVER
from builder.systems.heroes.engine.solo_mode.clarifications import NOT_SIMULATED, SIMULATED
from builder.systems.heroes.engine import effects

SOLO_RULES: list[tuple[str, str, str, str, str]] = [
    # id, name, status, rule, what is missing
    ("initiative", "The player always has the initiative", "simulated", "3.2 Activation Phase", ""),
    ("ai-orders", "AI order tokens on the dashboard", "simulated", "3.1 Order Phase > AI Orders", ""),
    ("reaction-cards", "Reaction card before each player activation", "simulated", "3.2 Reaction Cards",
     "card faces are placeholders (lost in transcription), among them the third effect gated by "
     "difficulty (a tactical movement +2 at medium on 15 of the 46 cards, at hard on all)"),
    ("reaction-effects", "Reinforcements, place an order, action card, tactical movement (urban fighter), "
     "firing action, suppressive fire (by any unit), assault", "simulated", "3.2 Description of the Effects", ""),
    ("gates-and-lasting", "Difficulty and attitude gates, lasting effects", "simulated", "3.2 Reaction Cards", ""),
    ("far-far-away", "Units off the battlefield enter instead", "simulated", "3.2 Far Far Away...; 2.5 Other Units",
     ""),
    ("decision-tables", "Decision tables 5.1-5.6", "simulated", "5 Decision Tables",
     "template conditions answer from the engine's blast patterns, and the firing action places one "
     "when it is worth more than the chosen shot; a carried unit is in an enemy's line of sight when "
     "its vehicle is; urban-fighter conditions answer no; getting into a vehicle is not a table "
     "destination (units get in only when a table's move scores the vehicle's square best)"),
    ("common-sense", "Common-sense guards", "simulated", "1 Presentation > The Common Sense", ""),
    ("danger", "Danger gauge and danger tiles", "partial", "2.1 Difficulty and Danger Levels",
     "the tiles' bonuses and their size at each difficulty are placeholders (printed icons lost in "
     "transcription), as are the gauge's thresholds but the red ones Family Meeting 1 prints (7/6/5)"),
    ("action-cards", "AI action cards and reserve", "simulated", "2.3 Action Cards; 3.1 AI Orders",
     "each card plays the core card's effect (builder/systems/heroes/engine/solo_mode/action_cards.py) from a deck that is the "
     "AI faction's core deck: the red-cog AI cards, their texts and their +1 icon were lost in "
     "transcription (placeholder faces); where 002 names no unit or target the tables choose (Burst into "
     "Action on table 5.1's unit, an artillery or aviation card on the chosen shot's target, else "
     "the first enemy it may hit, a smoke barrage before a move on the enemy nearest the mover; Speed Setup turns a Tripod to fire, an Ambush counter concealed; "
     "Camouflage on the first unit offered); "
     f"discarded when drawn as the printed rule says (of no use to the AI, 2.3, 3.1): {NEVER}; the player's "
     "No! cancels a card just played or discards a reserve card of his choice before his unit acts"),
    ("life-points", "Life points", "simulated", "2.2 Life Points", ""),
    ("anonymous-units", "Anonymous and numbered counters, spotting", "simulated", "2.4 AI Units; 3.2 Reveal", ""),
    ("decoys", "Decoy counters", "simulated", "2.4 Anonymous Unit Counters; 2.5 Deployment; 3.2 Tactical Movement",
     "a decoy's face copies a counter of its stack, abilities shown to the Solo tables but never used"),
    ("bags", "Units and reinforcements bags", "simulated", "2.4 Units Bag, Reinforcements Bag; 3.2 Reinforcements",
     "the player's choice of the set-up bag is a fixed policy following the printed preferences "
     "(the scenario may name its units); characters and guns go in as numbered counters beyond the "
     "three infantry units; a drawn unit may deploy inside a Transport vehicle of the zone"),
    ("tactical-bonuses", "Tactical bonus tokens", "simulated", "2.2 Tactical Bonuses",
     "the Trap's combat values are placeholders; the player's Resupply and Reinforcements are played "
     "for the player as soon as they help"),
    ("deployment", "AI deployment", "simulated", "2.5 Deployment",
     "the player's choices are rules: lines run across the direction of the player's units, counters take "
     "the objectives in turn; a square suitable for an Ambush ranks as any square out of the player's sight"),
    ("clarifications", "Special abilities and options used by the AI", "partial", "4 Clarifications",
     f"simulated: {SIMULATED}; not simulated: {NOT_SIMULATED}"),
]


def register() -> None:
    for rid, name, status, rule, missing in SOLO_RULES:
        if ("solo", rid) not in effects.REGISTRY:
            effects.register("solo", rid, name, status, f"002 Solo Mode, {rule}", missing)


def summary() -> str:
    """One line for reports: counts by status and the rules not fully simulated."""
    counts: dict[str, int] = {}
    for _, _, status, _, _ in SOLO_RULES:
        counts[status] = counts.get(status, 0) + 1
    partial = [f"{name} ({missing})" for _, name, status, _, missing in SOLO_RULES if status != "simulated"]
    head = ", ".join(f"{n} {s}" for s, n in sorted(counts.items()))
    return f"Solo Mode rules: {head}. Not fully simulated: " + "; ".join(partial) + "."


register()
