"""How the AI uses special abilities and recruitment options (002 Solo Mode, 4
Clarifications): the parts the engine plays (Directive and Position markers:
builder/systems/heroes/ai/solo_mode/tokens.py; Barrage Order and Heroic Charge:
builder/systems/heroes/engine/solo_mode/group_effects.py). What it does not is listed in
:data:`NOT_SIMULATED` and in the coverage report.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from builder.systems.heroes.engine import effects
from builder.systems.heroes.engine.effects.options import spend_token, tokens_left
from builder.kernel.events import Event

if TYPE_CHECKING:
    from builder.systems.heroes.engine.state import GameState

# 4.2: the AI ignores these options (their tokens and effects are removed at set-up).
IGNORED_OPTIONS = frozenset({"improvisation", "initiative", "intrepid"})

SIMULATED = ("Autonomous (an extra numbered order token each, given at once; never activated between "
             "activations as in the core rules), Substitute (the engine always gives a heavy weapon's hits "
             "to a Substitute unit within 2 squares), Machine Gunner (two targets "
             "at most, as the engine splits), Initiative and Motivation abilities (no engine module acts on "
             "them), Hardboiled (spent as soon as a marker is placed), Improvisation, Initiative and "
             "Intrepid options ignored, Directives (from turn 2 one drawn at random with the Solo stream, on "
             "the officer with most AI units within 3 squares), Position (placed instead of a supply move by "
             "a unit outside terrain in sight of an enemy), Barrage Order (a unit a firing action effect "
             "picks fires, then up to three heavy weapons of one of its core barrage groups apply the same "
             "effect, each picked by table 5.3), Heroic Charge (a unit an assault effect picks leads up to three "
             "others, each picked by table 5.4): builder/systems/heroes/engine/solo_mode/group_effects.py; Infiltration's "
             "moves (after the AI's deployment the two anonymous units nearest an objective move up to three "
             "squares toward it): builder/systems/heroes/engine/solo_mode/deployment.py")
NOT_SIMULATED = ("Pursuit, Bodyguard, Medic, Mechanic, Minesweeper, Tank Barrage Order and Flares (their own "
                 "rules are in none of the rule documents, so the engine plays none of them, nor the AI's use); "
                 "the Sniper table of Ludwig's tile for a sniper drawn from the bag (the table was lost in "
                 "transcription; the engine uses the core sniper table); Crew's vehicle and Sentinels "
                 "(no counter of the packs has the Crew ability and no Sentinels option exists; their own rules "
                 "are in none of the rule documents)")


def ignore_options(state: "GameState", side: int) -> None:
    """Strip the options 4.2 tells the AI to ignore from its army."""
    static = state.static.sides[side]
    if not (static.keys & IGNORED_OPTIONS or any(k in IGNORED_OPTIONS for _, k in static.traits)
            or any(k in IGNORED_OPTIONS for _, k in static.equipment)):
        return
    state.static.sides[side] = replace(
        static,
        keys=static.keys - IGNORED_OPTIONS,
        traits={s: v for s, v in static.traits.items() if s[1] not in IGNORED_OPTIONS},
        equipment={s: v for s, v in static.equipment.items() if s[1] not in IGNORED_OPTIONS},
    )
    live = state.sides[side].equipment
    for scope in [s for s in live if s[1] in IGNORED_OPTIONS]:
        del live[scope]
    effects.invalidate(state)


def autonomous_units(state: "GameState", side: int) -> int:
    """4.1 Autonomous: each such AI unit on the battlefield adds a numbered order token."""
    return sum(1 for u in state.units if u.side == side and u.active and u.ability("autonomous") is not None)


def hardboiled_at_once(state: "GameState", unit: Any, count: int) -> int:
    """4.2 Hardboiled: the AI spends its tokens the moment a unit of the tile takes
    Suppressed markers, one token per marker while they last."""
    if unit.side != getattr(state.rules, "ai", -1):
        return count
    while count > 0 and tokens_left(state, unit, "hardboiled"):
        spend_token(state, unit, "hardboiled")
        count -= 1
        state.events.append(Event("rallied", {"unit": unit.id, "by": unit.id, "why": "Hardboiled (Solo Mode AI)"}))
    return count
