"""Every special ability, recruitment option and order the core rules name
(000 core rules, Special Abilities; Recruitment Options), registered as "not
simulated" unless a rule module above registered it first. The coverage report
is generated from this registry, so nothing is claimed that the engine lacks.
Blast patterns register in builder/engine/blast.py.
"""

from __future__ import annotations

from builder.engine.effects import REGISTRY, register

SA = "000 core rules, Special Abilities > "
RO = "000 core rules, Recruitment Options > "

ABILITIES = {
    "aaa": ("AAA", "aviation cards and their anti-aircraft roll are not simulated"),
    "autonomous": ("Autonomous", "units act only through order tokens"),
    "barrage-order": ("Barrage Order", "grouped heavy-weapon fire is not simulated"),
    "destruction": ("Destruction", "structures and demolition points are not simulated"),
    "machine-gunner": ("Machine Gunner", "splitting the bonus between targets is not simulated"),
    "substitute": ("Substitute", "reassigning hits is not simulated"),
    "urban-fighter": ("Urban Fighter", "crossing a building's marked opening is not offered by the movement rules"),
    "destroyer": ("Destroyer", "structures and destruction rolls are not simulated"),
}
OPTIONS = {
    "additional-shielding": ("Additional Shielding", "Equipment", "defence tokens are not offered to the defender"),
    "ammo-belt": ("Ammo Belt", "Equipment", "needs the Burst ability, not in the core pack"),
    "culling-hedgerow-cutter": ("Culling Hedgerow Cutter", "Equipment", "passage tokens are not simulated"),
    "demolition-charge": ("Demolition Charge", "Equipment", "structures are not simulated"),
    "fuel": ("Fuel", "Equipment", "fuel tokens are not offered"),
    "gear": ("Gear", "Equipment", "choosing tokens is not simulated"),
    "goliath": ("Goliath", "Equipment", "the Goliath unit's detonation is not simulated"),
    "horn-of-plenty": ("Horn of Plenty", "Equipment", "the green pattern it gives mortars is not simulated"),
    "panzerfaust": ("Panzerfaust", "Equipment", "the token shot is not offered"),
    "position": ("Position", "Equipment", "advanced positions are not simulated"),
    "sticky-bomb": ("Sticky Bomb", "Equipment", "bombs on vehicles are not simulated"),
    "magnetic-mine": ("Magnetic Mine", "Equipment", "mines on vehicles are not simulated"),
    "ace-driver": ("Ace Driver", "Character Traits", "Fire on the Move penalty reduction not applied"),
    "hardboiled": ("Hardboiled", "Character Traits", "tokens are not offered"),
    "heroic": ("Heroic", "Character Traits", "reactivation is not simulated"),
    "intrepid": ("Intrepid", "Character Traits", "activation order ignores it"),
    "tricky": ("Tricky", "Character Traits", "ruse tokens are not simulated"),
    "triggerhappy": ("Triggerhappy", "Orders", "tokens are not offered"),
    "veteran": ("Veteran", "Character Traits", "rerolls are not offered"),
    "airstrike": ("Airstrike", "Orders", "aviation cards are not simulated"),
    "concealed": ("Concealed", "Orders", "concealed tokens are not simulated"),
    "directive": ("Directive", "Orders", "directive tokens are not offered"),
    "improvisation": ("Improvisation", "Orders", "the extra draw is not simulated"),
    "infiltration": ("Infiltration", "Orders", "Scout deployment is not simulated"),
    "initiative": ("Initiative", "Orders", "keeping the initiative is not offered"),
    "mg-nest": ("MG Nest", "Orders", "placing the nest is not simulated"),
    "smoke": ("Smoke", "Orders", "using a smoke bomb by placing an order on it is not offered; smoke laid by "
                                 "cards is (builder/engine/smoke.py)"),
}

BFN = {"urban-fighter": "Movement", "destroyer": "Firing"}  # 003 Battle for Normandy, Special Abilities

for _id, (_name, _missing) in ABILITIES.items():
    if ("ability", _id) not in REGISTRY:
        rule = (f"003 Battle for Normandy, Special Abilities > {BFN[_id]} Special Abilities > {_name}"
                if _id in BFN else SA + _name)
        register("ability", _id, _name, "not simulated", rule, _missing)
for _id, (_name, _section, _missing) in OPTIONS.items():
    if ("option", _id) not in REGISTRY:
        register("option", _id, _name, "not simulated", f"{RO}{_section} > {_name}", _missing)
