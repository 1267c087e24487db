"""Ruse tokens (000 core rules, Recruitment Options > Character Traits > Tricky).

The Tricky trait gives the army two Ruse tokens per option bought: counters with a
concealed face and an empty one, played like the army's other units until
identified (spotted as an Ambush unit is: 000 core rules, Special Abilities >
Ambush). They take order tokens and move, and do nothing else. Each is a decoy
counter of the engine (builder.systems.heroes.engine.decoys): discarded with no loss counted once
revealed, never holding an objective, never keeping its side in the game.

What it shows. Its concealed face must not tell it apart from the army's concealed
infantry, so it copies the concealed side of one of the side's 1-square infantry
counters that has one (the first in army order); an army without such a counter
gets a copy of the revealed side of its most common infantry counter (a placeholder:
the printed token's face was lost in transcription). Either way it shows no stars
and no abilities: it adds no order token. Action cards may be played on it like
on any unit of the army (they find nothing for it to do but move).

Deployment. Ruse tokens are made with the army (after its other counters) and
deployed at set-up face down wherever the army deploys its infantry: in its
deployment zone, in the seeded order of :func:`builder.systems.heroes.engine.setup.deploy`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.systems.heroes.engine.decoys import decoy_static
from builder.systems.heroes.engine.effects import register

if TYPE_CHECKING:
    from builder.systems.heroes.engine.profiles import UnitProfile
    from builder.systems.heroes.engine.state import SideStatic, UnitStatic

KEY = "tricky"
RUSE_ID = "ruse-token"
RULE = "000 core rules, Recruitment Options > Character Traits > Tricky"


def ruse_count(side: "SideStatic") -> int:
    """Ruse tokens the army's Tricky options give."""
    if KEY not in side.keys:
        return 0
    return sum(v for (_, k), v in side.equipment.items() if k == KEY)


def model_face(units: list["UnitStatic"]) -> tuple["UnitProfile", int] | None:
    """The counter and face a Ruse token of an army with counters ``units`` shows:
    a concealed face of its infantry if it has one, else the revealed face of its
    most common infantry counter; None for an army without infantry."""
    infantry = [st.profile for st in units if st.profile.type == "infantry" and st.profile.footprint == 1]
    for p in infantry:
        for i, f in enumerate(p.faces):
            if f.role == "concealed":
                return p, i
    if not infantry:
        return None
    ids = [p.id for p in infantry]
    p = max(infantry, key=lambda q: ids.count(q.id))  # the most common counter (the first of a tie)
    return p, next((i for i, f in enumerate(p.faces) if f.role != "concealed"), 0)


def ruse_statics(side: "SideStatic", units: list["UnitStatic"]) -> list["UnitStatic"]:
    """The static parts of the army's Ruse tokens (``units``: its other counters)."""
    count = ruse_count(side)
    shown = model_face(units) if count else None
    if shown is None:
        return []
    return [decoy_static(shown[0], shown[1], RUSE_ID, "Ruse token") for _ in range(count)]



register("option", KEY, "Tricky", "partial", RULE,
         "Ruse tokens deploy in the army's zone in the seeded order of the other counters (the owner does not "
         "choose the square); they copy a concealed infantry counter of the side, or an infantry counter's "
         "revealed side (a placeholder) in an army without one; spotting is checked where moves end, as for Ambush")
