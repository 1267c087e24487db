"""Structures, demolition points, Destruction, Destroyer and demolition charges
(000 core rules, Terrain and Terrain Overlays > Structure; Special Abilities >
Destruction; Recruitment Options > Equipment > Demolition Charge; 003 Battle for
Normandy, Firing Special Abilities > Destroyer). The fixture's small house (F7:G8,
opening on F7's north side) is a structure of 2 with a ruin side; the fixture's
demolition charge rolls 2 Destruction dice."""

from __future__ import annotations

from builder.systems.heroes.ai.greedy import GreedyPlayer
from builder.systems.heroes.engine import Action, apply, legal_actions
from builder.systems.heroes.engine import effects
from builder.systems.heroes.engine.features.destruction import STRUCTURE, blast_structures, destroyer_bonus
from builder.systems.heroes.engine.effects import get
from builder.systems.heroes.engine.effects.options import tokens_left
from builder.systems.heroes.engine.firing import plan_shot, resolve_shot
from builder.systems.heroes.board.los import BLOCKED, OBSCURED, sight
from builder.systems.heroes.engine.phases.supply import start_supply
from builder.systems.heroes.tools.position import PositionFile, position_state
from builder.systems.heroes.engine.structures import damage, points, structure_at, structure_squares
from builder.systems.heroes.engine.features.demolition_charges import CHARGES
from builder.systems.heroes.engine.state import rule_field
from builder.systems.heroes.engine.structures import DEMOLITION

from engine_helpers import Scripted, activate, arm, core_pack, make

CHARGE = "demolition-charge"


def grant(state, uid: int, ability: str, value: int = 1) -> None:  # type: ignore[no-untyped-def]
    state.units[uid].st.granted[ability] = value
    effects.invalidate(state)


def _house(extra: list[dict] | None = None):  # type: ignore[no-untyped-def]
    """Grenadiers inside the house (G8), US rifles outside."""
    units = [{"name": "g", "unit": "de-grenadiers", "side": "de", "at": "G8"},
             {"name": "r", "unit": "us-rifles", "side": "us", "at": "F5"}] + (extra or [])
    return make(units)


def test_the_house_is_a_structure_of_its_building_squares() -> None:
    state, _ = _house()
    bf = state.static.bf
    assert bf.structures == {0: (2, "small-house-ruins")}
    assert sorted(bf.name(s) for s in structure_squares(bf, 0)) == ["F7", "F8", "G7", "G8"]
    assert structure_at(bf, bf.square("G8")) == 0 and structure_at(bf, bf.square("F6")) == -1


def test_points_accumulate_and_are_part_of_the_state() -> None:
    state, _ = _house()
    before = state.state_hash()
    assert "demolition" not in state.canonical() and "ruined" not in state.canonical()
    copy = state.clone()
    assert not damage(state, state.static.bf.square("F7"), 1, "test")
    assert points(state, 0) == 1 and rule_field(state, DEMOLITION) == ((0, 1),)
    assert state.state_hash() != before and copy.state_hash() == before
    assert state.clone().state_hash() == state.state_hash()
    assert not damage(state, state.static.bf.square("F6"), 3, "test")  # no structure there
    assert rule_field(state, DEMOLITION) == ((0, 1),)


def test_the_structure_becomes_ruins_at_its_value() -> None:
    """Two points destroy it: the overlay turns to its ruins, the unit inside takes a
    Suppressed marker and stays on the ruins; the copy made before keeps the house."""
    state, n = _house()
    copy = state.clone()
    g = state.units[n["g"]]
    sq = state.static.bf.square("F7")
    damage(state, sq, 1, "test")
    assert damage(state, sq, 1, "test")
    bf = state.static.bf
    assert bf.terrain[sq].id == "ruins" and not bf.terrain[sq].building and bf.structures == {}
    assert bf.ruined == ((0, "small-house-ruins"),) and rule_field(state, DEMOLITION) == ()
    assert g.suppressed == 1 and g.sq == bf.square("G8") and state.occ[g.sq] == g.id
    destroyed = next(e for e in state.events if e.kind == "structure-destroyed")
    assert destroyed.data["units"] == [g.id]
    assert copy.static.bf.terrain[sq].id == "house" and copy.static is not state.static
    assert state.canonical()["ruined"] == [[0, "small-house-ruins"]]
    assert state.clone().static.bf is bf  # clones share the ruined battlefield
    # another game destroying the same house shares the ruined battlefield and its lines
    assert damage(copy, sq, 2, "test") and copy.static.bf is bf


def test_sight_movement_and_cover_read_the_ruins() -> None:
    state, n = _house()
    bf = state.static.bf
    a, b = bf.square("E8"), bf.square("H8")
    assert sight(state, a, b).kind == BLOCKED
    assert not bf.enterable(bf.square("F8"), "light_vehicle", False)
    damage(state, bf.square("F7"), 2, "test")
    bf = state.static.bf
    s = sight(state, bf.square("E7"), bf.square("H7"))
    assert s.kind == OBSCURED and s.penalty == 2  # two ruin squares, obscuring 1 each
    assert bf.square("G7") in bf.adjacent(bf.square("H7"))  # no walls left
    r, g = state.units[n["r"]], state.units[n["g"]]
    plan = plan_shot(state, r, 0, g)
    assert [t.value for t in plan.defence_terms] == [1]  # the ruins' bonus, not the house's 2


def test_destruction_dice_after_a_shot_at_a_unit_inside() -> None:
    """Rifles with Destruction 2 fire at grenadiers next to the opening (F7): the
    shot misses (1), then the two Destruction dice score on 4+: one point."""
    state, n = make([{"name": "g", "unit": "de-grenadiers", "side": "de", "at": "F7"},
                     {"name": "r", "unit": "us-rifles", "side": "us", "at": "F4"}])
    grant(state, n["r"], "destruction", 2)
    plan = plan_shot(state, state.units[n["r"]], 0, state.units[n["g"]])
    assert plan.ok
    state.dice = Scripted(1, 4, 3)
    resolve_shot(state, plan)
    assert points(state, 0) == 1
    assert next(e for e in state.events if e.kind == "destruction").data["scored"] == 1


def test_no_destruction_dice_without_the_ability() -> None:
    state, n = make([{"name": "g", "unit": "de-grenadiers", "side": "de", "at": "F7"},
                     {"name": "r", "unit": "us-rifles", "side": "us", "at": "F4"}])
    state.dice = Scripted(1)
    resolve_shot(state, plan_shot(state, state.units[n["r"]], 0, state.units[n["g"]]))
    assert rule_field(state, DEMOLITION) == () and state.dice.values == []


def test_destroyer_adds_two_to_the_dice_of_units_in_its_zone() -> None:
    state, n = make([{"name": "g", "unit": "de-grenadiers", "side": "de", "at": "F7"},
                     {"name": "r", "unit": "us-rifles", "side": "us", "at": "F4"},
                     {"name": "lt", "unit": "us-lieutenant", "side": "us", "at": "E4"}])
    grant(state, n["r"], "destruction", 2)
    grant(state, n["lt"], "destroyer")
    r = state.units[n["r"]]
    assert destroyer_bonus(state, r) == 2 and destroyer_bonus(state, state.units[n["lt"]]) == 0
    state.dice = Scripted(1, 2, 2)  # the shot misses; both 2s score with the +2: the house falls
    resolve_shot(state, plan_shot(state, r, 0, state.units[n["g"]]))
    assert state.static.bf.structures == {} and state.units[n["g"]].suppressed == 1


def test_a_shot_at_the_structure_itself() -> None:
    """Offered only to a unit with Destruction, at a structure with an enemy inside,
    once per weapon; it rolls the dice without a shot at the unit."""
    state, n = _house()
    activate(state, n["r"])
    assert not [a for a in legal_actions(state) if a.mode == STRUCTURE]
    grant(state, n["r"], "destruction", 2)
    shots = [a for a in legal_actions(state) if a.mode == STRUCTURE]
    assert shots == [Action("fire", unit=n["r"], weapon=0, square=state.static.bf.square("F7"), mode=STRUCTURE)]
    scores = GreedyPlayer(0, 0).scores(state, shots)
    assert scores[0] > 0
    state.dice = Scripted(5, 6)
    apply(state, shots[0], check=True)
    assert state.static.bf.structures == {} and state.units[n["g"]].suppressed == 1
    assert not any(e.kind == "shot" for e in state.events)


def test_no_shot_at_an_empty_structure() -> None:
    state, n = make([{"name": "r", "unit": "us-rifles", "side": "us", "at": "F5"},
                     {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "A8"}])
    grant(state, n["r"], "destruction", 2)
    activate(state, n["r"])
    assert not [a for a in legal_actions(state) if a.mode == STRUCTURE]


def test_a_demolition_charge_explodes_at_the_start_of_the_supply_phase() -> None:
    state, n = _house()
    arm(state, 0, CHARGE)
    activate(state, n["r"])
    charges = [a for a in legal_actions(state) if a.kind == "token" and a.mode == CHARGE]
    assert charges == []  # not before moving
    apply(state, Action("move", unit=n["r"], square=state.static.bf.square("F6")), check=True)
    charges = [a for a in legal_actions(state) if a.kind == "token" and a.mode == CHARGE]
    assert charges == [Action("token", unit=n["r"], square=state.static.bf.square("F7"), mode=CHARGE)]
    assert GreedyPlayer(0, 0).scores(state, charges)[0] > 0
    apply(state, charges[0], check=True)
    assert rule_field(state, CHARGES) == ((state.static.bf.square("F7"), 0),)
    assert tokens_left(state, state.units[n["r"]], CHARGE) == 2
    assert state.clone().state_hash() == state.state_hash() and "charges" in state.canonical()
    state.dice = Scripted(4, 6)
    state.events = []
    state.current = -1
    start_supply(state)
    assert rule_field(state, CHARGES) == () and state.static.bf.structures == {}
    assert [e.data["scored"] for e in state.events if e.kind == "charge"] == [2]


def test_charges_in_the_supply_phase() -> None:
    state, n = _house()
    arm(state, 0, CHARGE)
    state.phase, state.current = "supply", -1
    state.supply_side = state.to_act = 0
    for s in state.sides:
        s.supply_done = False
    apply(state, Action("move", unit=n["r"], square=state.static.bf.square("E6")), check=True)
    offered = [a for a in legal_actions(state) if a.kind == "token" and a.mode == CHARGE]
    assert offered == [Action("token", unit=n["r"], square=state.static.bf.square("F7"), mode=CHARGE)]
    apply(state, offered[0], check=True)
    assert len(rule_field(state, CHARGES)) == 1


def test_a_blast_with_destruction_damages_the_structure_it_covers() -> None:
    state, n = make([{"name": "r", "unit": "us-rifles", "side": "us", "at": "A1"},
                     {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "A8"}])
    grant(state, n["r"], "destruction", 1)
    bf = state.static.bf
    state.dice = Scripted(6)
    i = (bf.width + 1) * 6 + 5  # the intersection at the top-left corner of F7
    blast_structures(state, state.units[n["r"]], i, 1, 0)
    assert points(state, 0) == 1


def test_core_barn_turns_to_its_ruins() -> None:
    pos = PositionFile.model_validate({"scenario": "clash", "units": [
        {"name": "g", "unit": "us-rifle-squad", "side": "us", "at": "O5"}]})
    state, n = position_state(core_pack(), pos)
    bf = state.static.bf
    area = structure_at(bf, bf.square("O5"))
    assert bf.structures[area] == (4, "barn-ruins")
    assert damage(state, bf.square("P7"), 4, "test")
    assert state.static.bf.terrain[bf.square("O5")].id == "ruins"
    assert state.units[n["g"]].suppressed == 1


def test_registered_with_an_honest_status() -> None:
    for kind, key in (("ability", "destruction"), ("ability", "destroyer"), ("option", CHARGE)):
        module = get(kind, key)
        assert module is not None and module.status == "partial" and module.missing
