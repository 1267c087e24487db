"""Every special ability, recruitment option and order the core rules name
(000 core rules, Special Abilities; Recruitment Options), registered as "not
simulated" unless a rule module above registered it first. The coverage report
is generated from this registry, so nothing is claimed that the engine lacks.
Blast patterns register in builder/engine/blast.py, smoke bombs in
builder/engine/smoke_bombs.py, Concealed tokens and Infiltration in
builder/engine/concealment.py, Ruse tokens (Tricky) in builder/engine/ruses.py, Destruction and Destroyer in
builder/engine/destruction.py, Demolition Charge in builder/engine/demolition_charges.py.
"""

from __future__ import annotations

from builder.engine.effects import REGISTRY, register

SA = "000 core rules, Special Abilities > "
RO = "000 core rules, Recruitment Options > "

ABILITIES: dict[str, tuple[str, str]] = {
}
OPTIONS: dict[str, tuple[str, str, str]] = {
}

BFN = {"destroyer": "Firing"}  # 003 Battle for Normandy, Special Abilities

for _id, (_name, _missing) in ABILITIES.items():
    if ("ability", _id) not in REGISTRY:
        rule = (f"003 Battle for Normandy, Special Abilities > {BFN[_id]} Special Abilities > {_name}"
                if _id in BFN else SA + _name)
        register("ability", _id, _name, "not simulated", rule, _missing)
for _id, (_name, _section, _missing) in OPTIONS.items():
    if ("option", _id) not in REGISTRY:
        register("option", _id, _name, "not simulated", f"{RO}{_section} > {_name}", _missing)
