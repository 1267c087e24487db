"""Write a game state back as a position file (builder/systems/heroes/tools/position.py).

Why: a position must say everything a rule question needs and keep it as written;
writing a loaded state back and comparing it with the file read is the proof
(tests/test_engine_position_roundtrip.py), and a game paused by a tool can be
handed to ``heroes explain`` the same way. The data is plain (dicts, lists, str,
int), ready for ``builder.outputs``; every default the loader fills in is written
out, so the same state always gives the same file.
"""

from __future__ import annotations

from typing import Any

from builder.systems.heroes.engine.features.advanced_positions import POSITIONS
from builder.systems.heroes.engine.features.demolition_charges import CHARGES
from builder.systems.heroes.board.grid import FACING_NAMES
from builder.systems.heroes.engine.features.hedgerow_cutter import PASSAGES
from builder.systems.heroes.engine.features.support_tiles import in_scenario
from builder.systems.heroes.board.intersections import intersection_xy
from builder.systems.heroes.tools.position import DAMAGE_BITS
from builder.systems.heroes.tools.position_solo import copied_counter, solo_data
from builder.systems.heroes.tools.position_support import support_data
from builder.systems.heroes.engine.markers import MARKERS
from builder.systems.heroes.engine.smoke import FADING, SMOKE
from builder.systems.heroes.engine.state import BLUFF, NO_ORDER, SPECIAL, GameState, UnitState, rule_field
from builder.systems.heroes.engine.structures import DEMOLITION, structure_squares

_TOKEN_NAMES = {SPECIAL: "special", BLUFF: "bluff"}


def position_data(state: GameState, names: dict[str, int], pack: str | None = None) -> dict[str, Any]:
    """The position file of ``state`` (``names``: unit name -> unit id, as
    ``load_position`` returns them); ``pack`` is written as given."""
    side_ids = [s.id for s in state.static.sides]
    by_id = {uid: name for name, uid in names.items()}
    out: dict[str, Any] = {}
    if pack is not None:
        out["pack"] = pack
    out.update({
        "scenario": state.static.scenario.id, "seed": state.static.seed, "turn": state.turn,
        "initiative": side_ids[state.initiative],
        "orders": {sid: state.sides[i].orders for i, sid in enumerate(side_ids)},
        "specials": {sid: state.static.sides[i].specials for i, sid in enumerate(side_ids)},
        "bluffs": {sid: state.static.sides[i].bluffs for i, sid in enumerate(side_ids)},
        "phase": "activation" if state.phase == "activation" else "orders",
    })
    if state.phase == "activation" and state.current >= 0:
        out["next_side"] = side_ids[state.units[state.current].side]
    out["units"] = [_unit(state, state.units[uid], by_id, side_ids) for uid in _written(state, by_id)]
    out["options"] = _options(state, by_id)
    solo = solo_data(state, by_id)
    ai = side_ids.index(solo["ai"]) if solo is not None else -1  # the AI's hand is its reserve, in the section
    out["hands"] = {sid: list(state.sides[i].hand) for i, sid in enumerate(side_ids) if state.sides[i].hand and i != ai}
    out["decks"] = {sid: list(state.sides[i].deck) for i, sid in enumerate(side_ids) if state.sides[i].deck}
    out.update(_battlefield(state))
    support = support_data(state)
    if support or in_scenario(state):  # written even when empty where a scenario event may bring a tile in
        out["support"] = support
    if solo is not None:
        out["solo"] = solo
    return out


def _written(state: GameState, by_id: dict[int, str]) -> list[int]:
    """The named units a position holds, each vehicle followed by the units it carries
    (the loader boards a unit into a vehicle written above it). Left out: units gone
    from the game (destroyed, got out by an exit, a decoy discarded) and units in the
    Solo reinforcements bag (the ``solo`` section's bag names their counters). A destroyed
    unit keeps its last square in the state (``damage.eliminate`` clears only the
    occupancy), so it is left out by ``alive``, not by its square."""
    kept = [u for u in state.units if u.id in by_id and u.alive and not (
        u.sq < 0 and u.carried_by < 0 and u.st.reinforcement)]
    order: list[int] = []
    for u in kept:
        if u.carried_by < 0 or u.carried_by not in by_id:
            order.append(u.id)
            order += [c.id for c in kept if c.carried_by == u.id]
    return order


def _unit(state: GameState, u: UnitState, by_id: dict[int, str], side_ids: list[str]) -> dict[str, Any]:
    bf = state.static.bf
    unit = copied_counter(state, u) if u.st.decoy else u.st.profile.id  # a decoy: the counter it copies
    row: dict[str, Any] = {"name": by_id[u.id], "unit": unit, "side": side_ids[u.side]}
    if u.carried_by >= 0:
        row["aboard"] = by_id[u.carried_by]
    elif u.sq >= 0:  # no square: waiting off the battlefield (a Solo position's offboard)
        row["at"] = bf.name(u.sq)
    row.update({"facing": FACING_NAMES[u.facing], "face": u.face, "suppressed": u.suppressed,
                "activated": bool(u.activated), "concealed": bool(u.concealed),
                "damage": [name for name, bit in DAMAGE_BITS.items() if u.damage & bit]})
    row["markers"] = {m: n for uid, m, n in rule_field(state, MARKERS) if uid == u.id}
    if u.st.set_aside and not u.st.reinforcement and u.sq < 0 and u.carried_by < 0:
        row["set_aside"] = True
    if u.order != NO_ORDER:
        row["order"] = _TOKEN_NAMES.get(u.order, u.order)
    return row


def _options(state: GameState, by_id: dict[int, str]) -> list[dict[str, Any]]:
    """The options whose tokens, trait or order the sides hold, each named by the
    pack's option of the side's faction with that effect key (an option giving
    neither, only abilities, is not written back)."""
    options = state.static.pack.items["options"]
    out = []
    for i, ss in enumerate(state.static.sides):
        by_key: dict[str, str] = {}
        for oid in sorted(options):
            option = options[oid]
            if option.faction == ss.faction:
                by_key.setdefault(option.effect_key or option.id, oid)
        held = dict.fromkeys(ss.traits, 0)
        held.update(state.sides[i].equipment)
        for (scope, key), n in held.items():
            if key not in by_key:
                continue
            row: dict[str, Any] = {"side": ss.id, "option": by_key[key]}
            unit = next((u.id for u in state.units if u.side == i and u.st.group == scope and scope >= 0), -1)
            if unit in by_id:
                row["on"] = by_id[unit]
            if options[by_key[key]].tokens:
                row["tokens"] = n
            out.append(row)
    return sorted(out, key=lambda r: (r["side"], r["option"], r.get("on", "")))


def _battlefield(state: GameState) -> dict[str, Any]:
    """What lies on the battlefield besides the units (structures in ruins are not
    written: the loader rebuilds them from the layout only)."""
    bf = state.static.bf
    out: dict[str, Any] = {}
    smoke = []
    for i, radius, stage in rule_field(state, SMOKE):
        x, y = intersection_xy(bf, i)
        smoke.append({"at": bf.name(y * bf.width + x), "radius": radius, "fading": stage == FADING})
    out["smoke"] = smoke
    out["passages"] = [bf.name(sq) for sq in sorted(rule_field(state, PASSAGES))]
    out["positions"] = [bf.name(sq) for sq in rule_field(state, POSITIONS)]
    out["demolition"] = {bf.name(min(structure_squares(bf, area))): n for area, n in rule_field(state, DEMOLITION)}
    out["charges"] = [{"at": bf.name(sq), "side": state.static.sides[side].id}
                      for sq, side in rule_field(state, CHARGES)]
    return out
