"""Support tiles entering play (003 Battle for Normandy, Recruitment Options > Support
Tile; Campaign > 1 Trading Blows and 2 Charge of the Light Brigade: the Flak 88 on the
hill and the Royal Artillery; 5 Charon the Ferryman: the Initiative order).

A scenario's ``support_tile`` effect (builder/systems/heroes/content/models/scenario_events.py) puts a
support tile beside a side's recruitment tiles, with what it holds:

* an **option** (``option``): it joins the side's army from then on, as if recruited
  (its effect key and tokens), and its own rule module plays it: the Initiative order
  (builder/systems/heroes/engine/effects/options.py). An option with a blast pattern that is used by
  putting an order on it (the Artillery order's support markers, effect key
  ``artillery-support``) is played here: each use drops its pattern.
* **units** that never stand on the battlefield (the Flak 88): each use is one firing
  action with the unit's first weapon, traced from the red dot square (``at``), ``count``
  times in the game (the activated markers on the tile).

Using the tile takes a numbered order token (003: the player puts a numbered order on
the support tile). The engine decides for the side: at the start of each Orders phase,
when the tile has uses left and something to fire at (an enemy unit the red dot sees,
or one a pattern can reach), the side's highest numbered token goes on the tile (one
token fewer for its units this round); at the start of the Activation phase the tile is
used. The rule field ``support`` (declared here) holds the tiles in play (cloned; hashed once
a tile is in play): (side, kind, id, uses left, red dot square, order token on it this round).

Readings: the use comes first in the Activation phase rather than in the order of its
token's number; the Flak 88's shot is an attack with its weapon's combat values against
the target's defence, terrain bonus and the obscuring terrain on the line from the red
dot, with no range term (its printed values were lost: placeholders). A red dot on an
elevated square traces its line as an Elevated Position (builder/systems/heroes/board/elevation.py).
"""

from __future__ import annotations

import dataclasses
from typing import Any, Final, TYPE_CHECKING

from builder.systems.heroes.engine.features.blast import Pattern, _affected, _combat, aim_at, blast_plan, disperse, explode, under
from builder.systems.heroes.engine.effects import register
from builder.systems.heroes.engine.effects.hooks import IN_SCENARIO, ON_PHASE, SCENARIO_EFFECT
from builder.kernel.events import Event
from builder.systems.heroes.engine.firing import ShotPlan, resolve_shot
from builder.systems.heroes.board.los import sight
from builder.systems.heroes.engine.state import RuleField, declare_field, key_rows, rule_field, set_rule_field
from builder.systems.heroes.engine.terms import Term

if TYPE_CHECKING:
    from builder.systems.heroes.engine.state import GameState, UnitState

RULE = ("003 Battle for Normandy, Recruitment Options > Support Tile; Campaign > 1 Trading Blows, "
        "2 Charge of the Light Brigade, 5 Charon the Ferryman")
R_ARTILLERY = "003 Battle for Normandy, Recruitment Options > Orders Options > Artillery"
UNITS, PATTERN = "units", "pattern"  # the two kinds of tile the engine uses in play
ARTILLERY = "artillery-support"
SUPPORT: Final[RuleField[tuple[tuple[int, str, str, int, int, int], ...]]] = declare_field("support", __name__, key=key_rows)
"""The tiles in play: (side, kind, id, uses left, red dot square, order token on it this round)."""


def enter(state: "GameState", eff: Any, side: int) -> None:
    """The ``support_tile`` effect: the tile enters play for ``side``."""
    pack = state.static.pack
    tile = pack.items["tiles"].get(eff.tile)
    option = pack.items["options"].get(eff.option) if eff.option else None
    state.events.append(Event("support-tile", {"side": side, "tile": eff.tile, "option": eff.option or ""}))
    if option is not None:
        key = option.effect_key or option.id
        if key == ARTILLERY and getattr(option, "blast", None) is not None:
            _put(state, (side, PATTERN, option.id, option.tokens or 1, -1, 0))
        else:
            grant(state, side, key, option.tokens or 0)
    if tile is not None and tile.units and eff.at:
        uses = eff.count if eff.count is not None else 10**6
        _put(state, (side, UNITS, tile.id, uses, state.static.bf.square(eff.at[0]), 0))


def _put(state: "GameState", entry: tuple[int, str, str, int, int, int]) -> None:
    set_rule_field(state, SUPPORT, rule_field(state, SUPPORT) + (entry,))


def grant(state: "GameState", side: int, key: str, tokens: int) -> None:
    """The side's army gets option ``key`` (and its tokens) from now on. The army's
    options are static facts shared by the game's copies, so the game takes a copy of
    them (copy on write: copies made before keep theirs), with no derived data
    (:meth:`GameStatic.renewed`)."""
    static = state.static
    sides = list(static.sides)
    old = sides[side]
    equipment = {**old.equipment, (-1, key): tokens} if tokens else old.equipment
    sides[side] = dataclasses.replace(old, keys=old.keys | {key}, equipment=equipment)
    state.static = static.renewed(sides=sides)
    if tokens:
        state.sides[side].equipment[(-1, key)] = tokens


def weapon_pattern(state: "GameState", tile_id: str) -> tuple[Pattern, str] | None:
    """The first weapon of the tile's first unit as a one-target attack, and its name."""
    tile = state.static.pack.items["tiles"][tile_id]
    unit = state.static.pack.items["units"].get(tile.units[0].unit)
    if unit is None:
        return None
    weapons = [w for side in unit.sides for w in side.weapons]
    if not weapons:
        return None
    return Pattern("support-fire", 0, _combat(weapons[0].combat), 10**6, 0, True, -1), unit.name


def shot_from(state: "GameState", dot: int, side: int, target: "UnitState", p: Pattern, name: str) -> ShotPlan:
    """The tile's shot at ``target`` traced from the red dot square."""
    line = sight(state, dot, target.sq, None, target)
    plan = blast_plan(state, None, target, p)
    if not line.ok:
        plan.ok, plan.reason = False, f"no line of sight from the red dot ({line.blocker})"
        return plan
    plan.terms = [Term(t.value, f"{name} from the red dot", RULE, bonus=True) if t.label.startswith("blast (")
                  else t for t in plan.terms]
    if line.penalty:
        plan.terms.append(Term(-line.penalty, "obscured line of sight from the red dot",
                               "000 core rules, Line of Sight"))
    return plan


def best_shot(state: "GameState", side: int, dot: int, tile_id: str) -> ShotPlan | None:
    """The shot with the best odds of a hit, then of a kill, then at the lowest id."""
    found = weapon_pattern(state, tile_id)
    if found is None:
        return None
    p, name = found
    plans = [shot_from(state, dot, side, t, p, name) for t in state.units
             if t.side != side and _affected(state, t) and not t.st.decoy]
    plans = [pl for pl in plans if pl.ok]
    return max(plans, key=lambda pl: (*pl.odds(), -pl.target)) if plans else None


def option_pattern(state: "GameState", option_id: str) -> Pattern:
    b = state.static.pack.items["options"][option_id].blast
    return Pattern(ARTILLERY, b.radius, _combat(b.combat), 10**6, b.scatter, False, -1)


def pattern_target(state: "GameState", side: int, p: Pattern) -> int:
    """The intersection the pattern is aimed at: the one around an enemy unit outside
    buildings covering the most enemies less friends (as the barrage cards aim); -1 none."""
    best, top = -1, -10**6
    for t in state.units:
        if t.side == side or not _affected(state, t) or t.st.decoy:
            continue
        if any(state.static.bf.terrain[s].building for s in state.squares_of(t)):
            continue
        i = aim_at(state, side, t, p.radius)
        if i < 0:
            continue
        score = sum(1 if x.side != side else -1 for x in under(state, i, p.radius))
        if score > top or (score == top and i < best):
            best, top = i, score
    return best


def worth_an_order(state: "GameState", entry: tuple[int, str, str, int, int, int]) -> bool:
    side, kind, key, uses, dot, _ = entry
    if uses <= 0:
        return False
    if kind == UNITS:
        return best_shot(state, side, dot, key) is not None
    return pattern_target(state, side, option_pattern(state, key)) >= 0


def place_orders(state: "GameState") -> None:
    """Start of the Orders phase: a numbered order token on each tile worth using."""
    out = []
    for entry in rule_field(state, SUPPORT):
        side = entry[0]
        to_place = state.sides[side].to_place
        if not entry[5] and to_place and worth_an_order(state, entry):
            token = max(to_place)
            to_place.remove(token)
            state.events.append(Event("support-order", {"side": side, "tile": entry[2], "token": token}))
            entry = (*entry[:5], token)
        out.append(entry)
    set_rule_field(state, SUPPORT, tuple(out))


def use(state: "GameState") -> None:
    """Start of the Activation phase: each tile with an order is used once."""
    for k, entry in enumerate(rule_field(state, SUPPORT)):
        side, kind, key, uses, dot, token = entry
        if not token:
            continue
        tiles = rule_field(state, SUPPORT)
        set_rule_field(state, SUPPORT, tiles[:k] + ((side, kind, key, uses - 1, dot, 0),) + tiles[k + 1:])
        if kind == UNITS:
            plan = best_shot(state, side, dot, key)
            state.events.append(Event("support-fire", {"side": side, "tile": key, "uses_left": uses - 1,
                                                       "target": plan.target if plan else -1}))
            if plan is not None:
                resolve_shot(state, plan)
        else:
            p = option_pattern(state, key)
            i = pattern_target(state, side, p)
            state.events.append(Event("blast", {"unit": -1, "mode": p.key, "at": i, "room": False}))
            if i >= 0:
                explode(state, None, disperse(state, i, p, side, (), None), p)


def _effects_named(effects_: Any, do: str) -> bool:
    """Is an effect ``do`` among ``effects_``, or among the outcomes of their roll tables?"""
    for eff in effects_:
        if eff.do == do:
            return True
        for outcome in (*eff.table.values(), *eff.outcomes.values()):
            if _effects_named(outcome, do):
                return True
    return False


def in_scenario(state: "GameState") -> bool:
    """Does a ``support_tile`` effect of the scenario's events ever bring a tile in?"""
    return any(_effects_named(ev.effects, "support_tile") for ev in state.static.scenario.events)


def entered(state: "GameState", eff: Any, side: int) -> bool:
    """Carry out a ``support_tile`` effect: the tile enters play for ``side`` (an
    effect naming no side is logged as not simulated)."""
    if side < 0:
        state.events.append(Event("event-not-simulated", {"do": eff.do, "text": eff.text, "why": "no side"}))
        return True
    enter(state, eff, side)
    return True


def on_phase(state: "GameState", phase: str) -> None:
    """The Orders phase starts: tiles worth using take their orders; the Activation
    phase starts: tiles with an order are used."""
    if rule_field(state, SUPPORT):
        if phase == "orders":
            place_orders(state)
        elif phase == "activation":
            use(state)


register("scenario-rule", "support-tile", "Support tiles entering play", "partial", RULE,
         "the engine puts the side's highest numbered order on a tile whenever it has a use left and a target, "
         "and uses it first in the Activation phase (not at its token's number); a unit of a tile fires its first "
         "weapon from the red dot with no range term (an elevated red dot traces an Elevated Position's line of "
         "sight); values are placeholders", scenario_effects=("support_tile",), hooks=[IN_SCENARIO.by(in_scenario),
                                                                                       ON_PHASE.by(on_phase), SCENARIO_EFFECT.by(entered)])
register("option", ARTILLERY, "Artillery (support markers)", "partial", R_ARTILLERY,
         "played from a support tile only (support_tile effect): a use drops the option's pattern on the "
         "intersection around an enemy outside buildings covering the most enemies, scattered as Indirect Fire")
