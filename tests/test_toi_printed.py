"""Tide of Iron as printed (issue 36): each test is built from a sentence of 004 Tide of
Iron, quoted in its docstring, not from the engine's output."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.systems.tide_of_iron import engine as E
from builder.systems.tide_of_iron.pack import load

PACK = Path(__file__).resolve().parents[1] / "content" / "toi"


@pytest.fixture(scope="module")
def pack():  # type: ignore[no-untyped-def]
    return load(PACK)


def unit(s: E.State, uid: str) -> E.Unit:
    return next(u for u in s.units if u.uid == uid)


def put(s: E.State, uid: str, label: str) -> E.Unit:
    """Stand a unit on a hex (out of any vehicle)."""
    u = unit(s, uid)
    h = s.static.grid.parse(label)
    assert h is not None
    u.hex, u.carrier = h, -1
    return u


def bridge(pack, seed: int = 1) -> E.State:  # type: ignore[no-untyped-def]
    """Bridge at Dawn, its first round past (so no Operations card forbids long range)."""
    s = E.new_game(pack, "bridge-at-dawn", seed=seed)
    s.round = 2
    return s


# ---------------------------------------------------------------- range and FPR per target

def test_riflemen_reach_a_vehicle_only_at_their_vehicle_range(pack) -> None:  # type: ignore[no-untyped-def]
    """"The range and firepower (FPR) of a unit are dependent on whether the target is an
    infantry or a vehicle unit" (004, Combat); regular infantry prints range 1, FPR 1
    against vehicles. Four riflemen: adjacent, close range; 2 hexes, long range (up to
    double); 3 hexes, out of range. Against infantry 3 hexes is normal range (range 4)."""
    s = bridge(pack)
    baker = put(s, "baker", "D9")  # 4 regulars
    tank = put(s, "panzer", "E9")
    assert E.attack_profile(s, baker, tank, baker.hex, 0) == (4, E.CLOSE)
    put(s, "panzer", "F9")
    assert E.attack_profile(s, baker, tank, baker.hex, 0) == (4, E.LONG)
    put(s, "panzer", "G9")
    assert E.attack_profile(s, baker, tank, baker.hex, 0) is None
    squad = put(s, "erste", "G9")
    assert E.attack_profile(s, baker, squad, baker.hex, 0) == (4, E.NORMAL_RANGE)


def test_anti_tank_base_range_three_against_vehicles(pack) -> None:  # type: ignore[no-untyped-def]
    """"In all attacks against vehicles, even if supporting, the squad has base range of 3
    and +3 FPR" (004, Anti-tank): three riflemen hit a tank 3 hexes away at normal range
    with 3 + 3 dice; at 6 hexes (double the base range) at long range."""
    s = bridge(pack)
    charlie = put(s, "charlie", "D9")  # 3 regulars, anti-tank
    tank = put(s, "panzer", "G9")
    assert E.attack_profile(s, charlie, tank, charlie.hex, 0) == (6, E.NORMAL_RANGE)
    put(s, "panzer", "J9")
    assert E.attack_profile(s, charlie, tank, charlie.hex, 0) == (6, E.LONG)
    put(s, "panzer", "K9")
    assert E.attack_profile(s, charlie, tank, charlie.hex, 0) is None


def test_machine_gun_and_mortar_fpr_against_vehicles_reads_two(pack) -> None:  # type: ignore[no-untyped-def]
    """The American stat blocks print the machine gun crew 5/3 against infantry and 3/2
    against vehicles, the mortar crew 8/4 and 8/2 (004, American unit stats)."""
    mg = pack.items["figures"]["us-machine-gun"]
    mortar = pack.items["figures"]["us-mortar"]
    assert (mg.range.infantry, mg.firepower.infantry, mg.range.vehicle, mg.firepower.vehicle) == (5, 3, 3, 2)
    assert (mortar.range.infantry, mortar.firepower.infantry, mortar.range.vehicle, mortar.firepower.vehicle) == (8, 4, 8, 2)
    s = bridge(pack)
    dog = put(s, "dog", "D9")  # 2 regulars and a machine gun crew
    tank = put(s, "panzer", "G9")
    # 3 hexes: the machine gun at its normal range 3, the riflemen out of range (double 1)
    assert E.attack_profile(s, dog, tank, dog.hex, 0) == (2, E.NORMAL_RANGE)


def test_sherman_range_six_against_vehicles_five_against_infantry(pack) -> None:  # type: ignore[no-untyped-def]
    """M4A1 Sherman: range 5 FPR 6 against infantry, range 6 FPR 8 against vehicles
    (004, American unit stats): 6 hexes is normal range against a tank, long against a squad."""
    s = bridge(pack)
    sherman = put(s, "easy-eight", "A9")
    tank = put(s, "panzer", "G9")
    assert E.attack_profile(s, sherman, tank, sherman.hex, 0) == (8, E.NORMAL_RANGE)
    squad = put(s, "erste", "G9")
    assert E.attack_profile(s, sherman, squad, sherman.hex, 0) == (6, E.LONG)


# ---------------------------------------------------------------- combined fire

def _fresh_only(s: E.State, keep: set[str]) -> None:
    for u in s.units:
        u.token = E.FRESH if u.uid in keep else E.FATIGUED


def test_attacker_chooses_each_supporter(pack) -> None:  # type: ignore[no-untyped-def]
    """"other fresh friendly units eligible to attack the target may support that attack"
    (004, Combined fire): the attacker may leave out a supporter, e.g. one at long range
    that would set the success number to 6 ("The least favourable range of the
    participating units is used")."""
    s = bridge(pack)
    s.active = 0
    _fresh_only(s, {"baker", "able"})
    baker, able = put(s, "baker", "D9"), put(s, "able", "A9")
    target = put(s, "erste", "G9")  # baker 3 hexes (normal), able 6 hexes (long)
    E.apply(s, ("fire", s.units.index(baker)))
    E.apply(s, ("attack", s.units.index(target), 1, 0))
    assert s.pending is not None and s.pending[0] == "support"
    assert set(E.legal_actions(s)) == {("resolve",), ("support", s.units.index(able))}
    E.apply(s, ("resolve",))  # baker alone: able stays fresh
    assert baker.token == E.FATIGUED and able.token == E.FRESH


def test_heavily_damaged_vehicle_does_not_support(pack) -> None:  # type: ignore[no-untyped-def]
    """A heavily damaged vehicle's "FPR is halved" (004, Normal attack results) and "if a
    unit's FPR would be halved more than once it cannot attack" (Opportunity fire): a
    supporter fires at half FPR, so a heavily damaged vehicle cannot support."""
    s = bridge(pack)
    baker, sherman = put(s, "baker", "D9"), put(s, "easy-eight", "C9")
    target = put(s, "erste", "G9")
    for u in s.units:
        u.token = E.FRESH
    assert any(o is sherman for o, _, _ in E._supporters(s, baker, target, False))
    sherman.dmg = 2
    assert not any(o is sherman for o, _, _ in E._supporters(s, baker, target, False))
    assert E.attack_profile(s, sherman, target, sherman.hex, 0) is not None  # it still attacks alone


def test_support_is_offered_against_vehicles_and_suppressive_fire_is_not(pack) -> None:  # type: ignore[no-untyped-def]
    """Combined fire supports "a concentrated or Op Fire attack" whatever the target, and
    "Vehicles are immune to suppressive attacks" (004, Resolving an attack)."""
    s = bridge(pack)
    s.active = 0
    _fresh_only(s, {"charlie", "easy-eight"})
    charlie, sherman = put(s, "charlie", "D9"), put(s, "easy-eight", "C9")
    tank = put(s, "panzer", "F9")
    E.apply(s, ("fire", s.units.index(charlie)))
    ti = s.units.index(tank)
    attacks = {a for a in E.legal_actions(s) if a[0] == "attack" and a[1] == ti}
    assert attacks == {("attack", ti, 0, 0), ("attack", ti, 1, 0)}
    E.apply(s, ("attack", ti, 1, 0))
    E.apply(s, ("support", s.units.index(sherman)))
    assert E.legal_actions(s) == [("resolve",)]
    E.apply(s, ("resolve",))
    assert sherman.token == E.FATIGUED and charlie.token == E.FATIGUED


# ---------------------------------------------------------------- assault

class Dice:
    """Scripted dice: each call to random() gives the next face."""

    def __init__(self, faces: list[int]) -> None:
        self.faces = list(faces)

    def random(self) -> float:
        return (self.faces.pop(0) - 1) / 6 + 0.01

    def getstate(self) -> tuple[int, ...]:
        return tuple(self.faces)


def assault_setup(pack, defenders: list[str]):  # type: ignore[no-untyped-def]
    """Baker (4 regulars) on E9 ready to assault F9 (clear, no cover) held by ``defenders``;
    every other unit far away and fatigued."""
    s = bridge(pack)
    s.active = 0
    for u in s.units:
        u.token = E.FATIGUED
        u.hex, u.carrier = -1, -1
        u.alive = u.uid in ["baker", *defenders]
    baker = put(s, "baker", "E9")
    baker.token = E.FRESH
    for d in defenders:
        put(s, d, "F9")
    return s, baker, s.static.grid.parse("F9")


def test_medic_bandage_covers_an_assaulted_hex(pack) -> None:  # type: ignore[no-untyped-def]
    """Medic, Bandage: "The squad, and any squad in the same hex, gets +1 cover vs normal
    attacks"; assault attacks "are always normal attacks" and roll "red dice equal to the
    defender's terrain/fortifications. Cover bonuses are cumulative" (004, Assault attacks)."""
    s, baker, target = assault_setup(pack, ["zweite"])
    assert E.assault_cover(s, target, 1) == 0  # clear
    unit(s, "zweite").spec = "medic"
    assert E.assault_cover(s, target, 1) == 1
    unit(s, "zweite").cond = E.PINNED  # a pinned specialist uses no ability (Specialized squads)
    assert E.assault_cover(s, target, 1) == 0


def test_failed_assault_does_not_take_the_hex(pack) -> None:  # type: ignore[no-untyped-def]
    """"If the defender's hits equal to or exceed the attacker's, the attack is
    unsuccessful and the active unit fatigued": two attack hits kill both defenders, but
    two defence hits equal them, so baker stays where it is (004, Assault attacks)."""
    s, baker, target = assault_setup(pack, ["zweite"])  # 2 regulars and an MG crew
    zweite = unit(s, "zweite")
    zweite.figs = [f for f in zweite.figs if f.role.value == "regular"]  # two riflemen left
    start = baker.hex
    E.apply(s, ("assault", s.units.index(baker)))
    s.rng = Dice([4, 4, 1, 1] + [4, 5] + [1] * 10)  # type: ignore[assignment]
    E.apply(s, ("assault", target))
    assert not zweite.alive and len(baker.figs) == 2
    assert baker.hex == start and baker.token == E.FATIGUED and s.pending is None


def test_attacker_picks_up_to_two_assault_supporters(pack) -> None:  # type: ignore[no-untyped-def]
    """"Up to 2 friendly squads in hexes adjacent to the target hex may support the attack,
    even fatigued squads (but not pinned or disrupted)" (004, Assault attacks): the
    attacker chooses them."""
    s, baker, target = assault_setup(pack, ["zweite"])
    grid = s.static.grid
    free = [h for h in grid.neighbours[target] if h != baker.hex and grid.enterable(h, 0)]
    helpers = []
    for uid, h in zip(("able", "charlie", "dog"), free):
        u = unit(s, uid)
        u.alive, u.hex = True, h
        helpers.append(s.units.index(u))
    unit(s, "dog").cond = E.PINNED
    E.apply(s, ("assault", s.units.index(baker)))
    E.apply(s, ("assault", target))
    assert set(E.legal_actions(s)) == {("resolve",), ("support", helpers[0]), ("support", helpers[1])}
    E.apply(s, ("support", helpers[1]))
    assert set(E.legal_actions(s)) == {("resolve",), ("support", helpers[0])}
    E.apply(s, ("support", helpers[0]))
    assert E.legal_actions(s) == [("resolve",)]


def test_defender_assigns_assault_hits_to_his_units(pack) -> None:  # type: ignore[no-untyped-def]
    """"Then the defender removes casualties from any combination of his defending units"
    (004, Assault attacks): two hits on a hex of two squads are the defender's to place."""
    s, baker, target = assault_setup(pack, ["zweite", "erste"])
    E.apply(s, ("assault", s.units.index(baker)))
    s.rng = Dice([4, 4, 1, 1] + [1] * 8 + [1] * 10)  # type: ignore[assignment]
    E.apply(s, ("assault", target))
    erste = s.units.index(unit(s, "erste"))
    assert s.active == 1 and s.pending is not None and s.pending[0] == "assign"
    E.apply(s, ("assign", erste))
    E.apply(s, ("assign", erste))
    while s.pending is not None and s.pending[0] == "casualty":
        E.apply(s, E.legal_actions(s)[0])
    assert len(unit(s, "erste").figs) == 2 and len(unit(s, "zweite").figs) == 3


# ---------------------------------------------------------------- transport

def test_carried_squad_gets_out_with_fire_and_movement_or_assault(pack) -> None:  # type: ignore[no-untyped-def]
    """"Fresh squads inside a vehicle may be activated, but cannot fire"; "An active squad
    may exit a vehicle for 2 MPs" (004, Transporting squads): Fire & Movement and Assault
    activate the squad too, so it may get out with either (3 MPs less 2 to exit)."""
    s = E.new_game(pack, "bridge-at-dawn", seed=1)
    baker = unit(s, "baker")  # riding the truck
    bi = s.units.index(baker)
    acts = {a for a in E.legal_actions(s) if len(a) > 1 and a[1] == bi}
    assert acts == {("advance", bi), ("fm", bi), ("assault", bi), ("fatigue", bi)}
    E.apply(s, ("fm", bi))
    truck = unit(s, "deuce")
    assert baker.carrier == -1 and baker.hex == truck.hex
    assert s.pending is not None and s.pending[2] == E.MP_PARTS * (4 - 1 - 2)  # 1 MP left


def test_explain_move_from_the_vehicle_hex_with_the_exit_cost(pack) -> None:  # type: ignore[no-untyped-def]
    """`explain move` on a carried squad: the fan starts at its vehicle's hex and every
    cost includes the 2 MPs of getting out (004, Transporting squads)."""
    from builder.systems.tide_of_iron.explain import explain_move

    s = E.new_game(pack, "bridge-at-dawn", seed=1)
    report = explain_move(s, "baker")
    assert report["hex"] == "J9" and report["exit_mp"] == 2
    assert report["reach"]["J9"] == "2" and report["reach"]["I9"] == "3"
    assert all(int(c.split()[0]) <= 4 for c in report["reach"].values())


# ---------------------------------------------------------------- operations cards

def test_morning_fog_forbids_long_range_in_round_one(pack) -> None:  # type: ignore[no-untyped-def]
    """Bridge at Dawn grants Morning Fog (004, Setup: "Each player takes any Operations
    cards (some affect both players) granted by the scenario"): no long-range attack by
    either side in round 1, mortar area attacks included; from round 2 they are allowed."""
    s = E.new_game(pack, "bridge-at-dawn", seed=1)
    assert s.round == 1 and not s.warnings
    baker = put(s, "baker", "A9")
    target = put(s, "erste", "G9")  # 6 hexes: long range for riflemen (range 4)
    assert E.attack_profile(s, baker, target, baker.hex, 0) is None
    assert E.attack_profile(s, target, baker, target.hex, 0) is None  # the Germans too
    mortar = put(s, "sechste", "B2")
    far = next(h for h in range(s.static.grid.n) if s.static.grid.distance(mortar.hex, h) == 10
               and s.static.grid.enterable(h, 0))
    baker.hex = far
    assert E._mortar_profile(s, mortar, far, 0) is None
    s.round = 2
    assert E._mortar_profile(s, mortar, far, 0) is not None
    baker.hex = s.static.grid.parse("A9")
    assert E.attack_profile(s, baker, target, baker.hex, 0) == (4, E.LONG)


def test_air_superiority_grants_its_strike_card(pack) -> None:  # type: ignore[no-untyped-def]
    """An Operations card resolved at set-up: Air superiority puts its Air strike card face
    up in the owner's hand, an Action-phase area attack (004, Strategy cards: Area attack)."""
    from builder.systems.tide_of_iron.models import Scenario

    sc = pack.scenario("crossroads-farm")
    sides = [sc.sides[0].model_copy(update={"operations": ["air-superiority"]}), sc.sides[1]]
    changed = sc.model_copy(update={"sides": sides})
    pack.items["scenarios"]["crossroads-farm-air"] = Scenario.model_validate(
        {**changed.model_dump(), "id": "crossroads-farm-air"})
    try:
        s = E.new_game(pack, "crossroads-farm-air", seed=1)
        assert "air-strike" in s.hands[0] and "air-strike" not in s.hands[1]
        assert not s.warnings
    finally:
        del pack.items["scenarios"]["crossroads-farm-air"]


# ---------------------------------------------------------------- terrain

def test_terrain_kinds_of_the_terrain_block(pack) -> None:  # type: ignore[no-untyped-def]
    """004, Terrain block: a deep stream costs squads 3 and bars vehicles; a flooded stream
    is impassable; a wooden bridge costs 1 with cover 1; a road (dirt road too) costs 1
    from a contiguous road hex, otherwise the main terrain's cost, and a road through woods
    keeps the woods' blocking and cover; "Cliff sides (level 0 to 2) are impassable",
    walking down as well as up."""
    from builder.systems.tide_of_iron.hexes import SQUAD, VEHICLE, Grid

    terrain = {t.symbol: t for t in pack.items["terrain"].values()}
    g = Grid([".SfW-R=", "H......"], terrain)
    c = g.parse
    assert g.cost(c("A1"), c("B1"), SQUAD) == 3 and g.cost(c("A1"), c("B1"), VEHICLE) is None
    assert g.cost(c("B1"), c("C1"), SQUAD) is None and g.cost(c("B1"), c("C1"), VEHICLE) is None
    assert g.cost(c("C1"), c("D1"), SQUAD) == 1 and g.cover[c("D1")] == 1
    assert g.cost(c("D1"), c("E1"), VEHICLE) == 1
    assert g.cost(c("E1"), c("F1"), VEHICLE) == 1 and g.cost(c("G1"), c("F1"), SQUAD) == 1  # road to road
    assert g.cost(c("A1"), c("B2"), VEHICLE) == 1  # clear
    assert g.blocks[c("F1")] and g.cover[c("F1")] == 2
    assert g.cost(c("A2"), c("A1"), SQUAD) is None and g.cost(c("A1"), c("A2"), SQUAD) is None  # cliff, both ways


def test_effective_road_movement_thirds_and_halves(pack) -> None:  # type: ignore[no-untyped-def]
    """Road/dirt road: with Effective Road Movement a truck pays "1 3 on a road, 1 2 on a
    dirt road" (a third, a half of an MP) from a contiguous road hex (004, Terrain block)."""
    s = E.new_game(pack, "bridge-at-dawn", seed=1)
    truck = unit(s, "deuce")
    terrain = {t.id: t for t in pack.items["terrain"].values()}
    grid = s.static.grid
    a, b = grid.parse("J8"), grid.parse("J7")
    assert grid.terrain[a].road and grid.terrain[b].road
    assert E._step_cost(s, truck, a, b) == E.MP_PARTS // 3
    grid.terrain[b] = terrain["dirt-road"]
    try:
        assert E._step_cost(s, truck, a, b) == E.MP_PARTS // 2
    finally:
        grid.terrain[b] = terrain["road"]


# ---------------------------------------------------------------- area attacks

def test_area_attack_rolls_once_and_each_unit_defends(pack) -> None:  # type: ignore[no-untyped-def]
    """"Area attacks affect all units in a hex ... Each individual unit rolls its defense
    dice and resolves its damage separately" (004, Area attacks): one roll of the attack
    dice hits both squads of the hex (3 successes each, no cover: 3 casualties each)."""
    s = bridge(pack)
    baker, able = put(s, "baker", "E9"), put(s, "able", "E9")
    able.figs = [s.static.regular["us"]] * 4  # riflemen only: no casualty choice to make
    s.rng = Dice([5, 6, 5, 1, 1])  # type: ignore[assignment]
    s.verbose = True
    E.area_attack(s, 1, baker.hex, 5, 5, E.NORMAL_RANGE, False, "test")
    assert s.rng.faces == []  # type: ignore[attr-defined]  (five attack dice, no defence dice)
    assert len(baker.figs) == 1 and len(able.figs) == 1
    assert any("[5 6 5 1 1]" in e for e in s.events)


def test_mortar_long_range_area_attack_spares_recon(pack) -> None:  # type: ignore[no-untyped-def]
    """Recon, Stealth: "Cannot be attacked at long range" (004): a long-range area attack
    on its hex leaves a recon squad alone, and hits the others."""
    s = bridge(pack)
    baker, able = put(s, "baker", "E9"), put(s, "able", "E9")
    able.spec = "recon"
    s.rng = Dice([6, 6, 6, 6])  # type: ignore[assignment]
    E.area_attack(s, 1, baker.hex, 4, 4, E.LONG, False, "test")
    assert len(baker.figs) == 0 or not baker.alive
    assert len(able.figs) == 4


def test_heavily_damaged_vehicle_may_be_placed_in_op_fire(pack) -> None:  # type: ignore[no-untyped-def]
    """Status phase, Place units in Op Fire mode: "Players assign any number of their units
    to Op Fire mode" (004); a heavily damaged vehicle fires at half FPR, so it may be one."""
    s = bridge(pack)
    tank = unit(s, "easy-eight")
    tank.dmg, tank.token = 2, E.FRESH
    assert ("opfire", s.units.index(tank)) in E._placement_actions(s, 0)


# ---------------------------------------------------------------- fortifications and obstacles

from builder.systems.tide_of_iron import fortifications as F  # noqa: E402


def lone(pack, keep: list[str], active: int = 0) -> E.State:  # type: ignore[no-untyped-def]
    """Bridge at Dawn, round 2, with only the units ``keep`` (placed by the test)."""
    s = bridge(pack)
    s.active = active
    for u in s.units:
        u.alive = u.uid in keep
        u.hex, u.carrier, u.token = -1, -1, E.FRESH
    return s


def test_entrenchment_and_pillbox_cover_and_entry(pack) -> None:  # type: ignore[no-untyped-def]
    """"One squad in the same hex may spend 1 MP to enter an entrenchment/pillbox";
    "Entrenchments +2 cover. Pillboxes +6 cover"; "Vehicles cannot enter the hex"
    (004, Entrenchments & pillboxes)."""
    s = lone(pack, ["baker", "erste", "easy-eight"])
    baker, erste, tank = put(s, "baker", "E9"), put(s, "erste", "H9"), put(s, "easy-eight", "C9")
    h = baker.hex
    F.add(s, h, "entrenchment")
    assert E.defence_dice(s, baker, False, erste) == 0
    E.apply(s, ("advance", s.units.index(baker)))
    assert ("entrench", "entrenchment") in E.legal_actions(s)
    E.apply(s, ("entrench", "entrenchment"))
    assert baker.fort == "entrenchment" and s.pending[2] == E.MP_PARTS * 3  # type: ignore[index]
    assert ("entrench", "entrenchment") not in E.legal_actions(s)  # one squad a marker
    assert E.defence_dice(s, baker, False, erste) == 2
    baker.fort = "pillbox"
    assert E.defence_dice(s, baker, True, erste) == 6
    assert not F.step_allowed(s, tank, s.static.grid.parse("D9"), h, tank.hex)  # type: ignore[arg-type]


def test_minefield_stops_and_strikes(pack) -> None:  # type: ignore[no-untyped-def]
    """Minefields: units "must end their movement and become fatigued if entering a hex
    with a minefield and immediately roll for casualties: Roll 4 dice: 4-6 results cause
    hits (no defense dice). Engineers do not check for hits but are fatigued" (004)."""
    s = lone(pack, ["baker", "erste"])
    baker = put(s, "baker", "D9")
    put(s, "erste", "A1")
    mine = s.static.grid.parse("E9")
    F.add(s, mine, "minefield")  # type: ignore[arg-type]
    E.apply(s, ("advance", s.units.index(baker)))
    s.rng = Dice([4, 6, 1, 2] + [1] * 10)  # type: ignore[assignment]
    E.apply(s, ("step", mine))
    assert len(baker.figs) == 2 and E.legal_actions(s) == [("stop",)]
    E.apply(s, ("stop",))
    assert baker.token == E.FATIGUED
    s2 = lone(pack, ["charlie", "erste"])
    charlie = put(s2, "charlie", "D9")
    put(s2, "erste", "A1")
    charlie.spec = "engineer"
    F.add(s2, mine, "minefield")  # type: ignore[arg-type]
    E.apply(s2, ("advance", s2.units.index(charlie)))
    E.apply(s2, ("step", mine))
    assert len(charlie.figs) == 3 and E.legal_actions(s2) == [("stop",)]


def test_razor_wire_stops_squads_and_engineers_cut_it(pack) -> None:  # type: ignore[no-untyped-def]
    """Razor wire: "Non-engineer squads and light vehicles must end their movement if
    entering a hex with razor wire. A squad in the hex fights at half FPR"; an "engineer
    squad may spend 2 MP to remove a razor wire marker in the same hex"; "If an area
    attack causes 3 or more successes against a hex with razor wire, it is removed" (004)."""
    s = lone(pack, ["baker", "erste"])
    baker, erste = put(s, "baker", "D9"), put(s, "erste", "G9")
    wire = s.static.grid.parse("E9")
    F.add(s, wire, "razor-wire")  # type: ignore[arg-type]
    E.apply(s, ("advance", s.units.index(baker)))
    E.apply(s, ("step", wire))
    assert not any(a[0] == "step" for a in E.legal_actions(s))
    assert E.attack_profile(s, baker, erste, baker.hex, 0) == (2, E.NORMAL_RANGE)  # 4 riflemen, halved
    baker.spec = "engineer"
    s.pending[2] = 3 * E.MP_PARTS  # type: ignore[index]
    assert ("cut-wire",) in E.legal_actions(s)
    E.apply(s, ("cut-wire",))
    assert not F.has(s, wire, "razor-wire")  # type: ignore[arg-type]
    F.add(s, wire, "razor-wire")  # type: ignore[arg-type]
    s.rng = Dice([5, 6, 5, 1] + [1] * 10)  # type: ignore[assignment]
    E.area_attack(s, 1, wire, 4, 4, E.NORMAL_RANGE, False, "test")  # type: ignore[arg-type]
    assert not F.has(s, wire, "razor-wire")  # type: ignore[arg-type]


def test_tank_trap(pack) -> None:  # type: ignore[no-untyped-def]
    """Tank traps: "A vehicle cannot enter a hex with a tank trap unless it started its move
    in an adjacent hex. It must end its movement when it enters the hex. Tank traps give
    squads +1 cover" (004)."""
    s = lone(pack, ["easy-eight", "baker", "erste"])
    tank, baker, erste = put(s, "easy-eight", "C9"), put(s, "baker", "E9"), put(s, "erste", "H9")
    grid = s.static.grid
    trap = grid.parse("E9")
    F.add(s, trap, "tank-trap")  # type: ignore[arg-type]
    assert E.defence_dice(s, baker, False, erste) == 1
    d9 = grid.parse("D9")
    assert not F.step_allowed(s, tank, d9, trap, tank.hex)  # type: ignore[arg-type]  # began 2 hexes away
    assert F.step_allowed(s, tank, d9, trap, d9)  # type: ignore[arg-type]  # began adjacent
    baker.alive = False
    tank.hex = d9  # type: ignore[assignment]
    E.apply(s, ("advance", s.units.index(tank)))
    E.apply(s, ("step", trap))
    assert not any(a[0] == "step" for a in E.legal_actions(s))


def test_smoke_blocks_sight_covers_and_halves(pack) -> None:  # type: ignore[no-untyped-def]
    """Smoke: "Any hex with a smoke marker is blocking terrain and +2 cover. A unit in the
    hex fights at half FPR"; markers "are removed next Status Phase" (004)."""
    s = lone(pack, ["baker", "erste"])
    baker, erste = put(s, "baker", "D9"), put(s, "erste", "G9")
    grid = s.static.grid
    F.add(s, grid.parse("E9"), "smoke")  # type: ignore[arg-type]
    assert not E._los(s, baker.hex, erste.hex)
    F.remove(s, grid.parse("E9"), "smoke")  # type: ignore[arg-type]
    F.add(s, erste.hex, "smoke")
    assert E._los(s, baker.hex, erste.hex)  # BT does not block LOS to units in that hex
    assert E.defence_dice(s, erste, False, baker) == 2
    assert E.attack_profile(s, erste, baker, erste.hex, 0) == (2, E.NORMAL_RANGE)  # 3 regulars + officer, halved
    E.status_transitions(s)
    assert not F.has(s, erste.hex, "smoke")


def test_engineer_digs_an_entrenchment(pack) -> None:  # type: ignore[no-untyped-def]
    """Engineer, Dig Entrenchment: "Fatigue unit to create an entrenchment in its hex (not a
    stream, pond or building hex). May enter the entrenchment as part of this action" (004)."""
    s = lone(pack, ["charlie", "erste"])
    charlie = put(s, "charlie", "E9")
    put(s, "erste", "A1")
    charlie.spec = "engineer"
    ci = s.units.index(charlie)
    assert {("dig", ci, 0), ("dig", ci, 1)} <= set(E.legal_actions(s))
    E.apply(s, ("dig", ci, 1))
    assert F.markers(s, charlie.hex) == ["entrenchment"] and charlie.fort == "entrenchment"
    assert charlie.token == E.FATIGUED
    stream = next(h for h in range(s.static.grid.n) if s.static.grid.terrain[h].id == "stream")
    charlie.hex = stream
    assert not F.can_dig(s, charlie)


def test_concealed_squad(pack) -> None:  # type: ignore[no-untyped-def]
    """Concealed squads: "cannot be fired upon or affected by area attacks. Enemy units can
    move through hexes containing only concealed squads"; revealed "at any time it is
    within LOS of an enemy unit and not in cover-providing terrain" (004)."""
    s = lone(pack, ["baker", "erste"])
    baker, erste = put(s, "baker", "D9"), put(s, "erste", "G9")
    erste.hidden = True
    assert not E._fire_targets(s, baker, baker.hex, 0)
    assert E._overrun_cost(s, baker, erste.hex) == 0  # may be moved through
    s.rng = Dice([6] * 8)  # type: ignore[assignment]
    E.area_attack(s, 0, erste.hex, 4, 4, E.NORMAL_RANGE, False, "test")
    assert len(erste.figs) == 4
    E._reveal(s)
    assert not erste.hidden  # clear hex in baker's LOS


def test_alpha_and_bravo_experience(pack) -> None:  # type: ignore[no-untyped-def]
    """Alpha unit: "After the squad performs a solo concentrated fire or F&M action, and at
    least 2 attack successes (before defence dice) are rolled, upgrade the token. Adept
    Marksmen: +1 FP when attacking enemy infantry for each star." Bravo unit: upgraded
    when attacked with 2+ successes; "Adept Defenders: +1 cover for each star" (004)."""
    s = lone(pack, ["baker", "erste"])
    baker, erste = put(s, "baker", "D9"), put(s, "erste", "G9")
    baker.exp, baker.stars = "alpha", 1
    erste.exp, erste.stars = "bravo", 1
    assert E.attack_profile(s, baker, erste, baker.hex, 0) == (5, E.NORMAL_RANGE)
    assert E.defence_dice(s, erste, False, baker) == 1
    s.rng = Dice([6, 6, 1, 1, 1] + [1] + [1] * 10)  # type: ignore[assignment]
    E.resolve_attack(s, [(baker, 5, E.NORMAL_RANGE)], erste, False, solo_action=True)
    assert baker.stars == 2 and erste.stars == 2


def test_at_gun_equipment(pack) -> None:  # type: ignore[no-untyped-def]
    """Anti-tank guns: Concentrated Fire "only if there is a friendly squad, fresh or in op
    fire mode, in the same hex"; no F&M; when assaulted "equipment units do not add any
    dice; they cannot be assigned hits and do not retreat"; an enemy in its hex takes it
    over (004, Anti-tank guns)."""
    s = lone(pack, ["baker", "erste", "panzer"])
    s.units.append(E.Unit("gun", 0, E.VEHICLE, s.static.grid.parse("E9"), [], None,  # type: ignore[arg-type]
                          s.static.vehicles["m1-57mm-at-gun"], "m1-57mm-at-gun"))
    gun = s.units[-1]
    put(s, "panzer", "H9")
    put(s, "erste", "A1")
    gi = len(s.units) - 1
    acts = {a for a in E.legal_actions(s) if len(a) > 1 and a[1] == gi}
    assert ("fire", gi) not in acts and ("fm", gi) not in acts
    baker = put(s, "baker", "E9")
    assert ("fire", gi) in E.legal_actions(s)
    baker.alive = False
    assert E._hit_room(s, gun) == 0
    E._steal_equipment(s, gun.hex, 1)
    assert gun.side == 1


def test_reinforcement_hex_is_the_owners_choice(pack) -> None:  # type: ignore[no-untyped-def]
    """"Any reinforcements may only be placed in a nation's reinforcement zone (marked with
    an R). Reinforcements cannot exceed a hex's stacking limits or be placed in a hex
    occupied by enemy units" (004, Placing reinforcements): within that, the owner chooses."""
    s = E.new_game(pack, "bridge-at-dawn", seed=1)
    grid = s.static.grid
    s.phase, s.placed, s.initiative, s.round = "opfire", [True, True], 0, 2  # the Germans' round 2 half-track
    put(s, "easy-eight", "K1")  # an enemy in one hex of the German zone
    E._settle(s)
    assert s.pending is not None and s.pending[0] == "arrive" and s.active == 1
    assert E.legal_actions(s) == [("arrive", grid.parse("L1")), ("arrive", grid.parse("L2"))]
    E.apply(s, ("arrive", grid.parse("L2")))
    hanomag, fuenfte = unit(s, "hanomag"), unit(s, "fuenfte")
    assert hanomag.hex == grid.parse("L2") and fuenfte.carrier == s.units.index(hanomag)
    assert s.pending is None and s.round == 3 and s.phase == "action"


# ---------------------------------------------------------------- a scenario with all of it

def test_farm_strongpoint_sets_up_fortifications_and_plays(pack) -> None:  # type: ignore[no-untyped-def]
    """The third bundled scenario: vehicles, fortifications, obstacles, an AT gun, a
    concealed squad, experience tokens and an Operations card together; random games end."""
    from builder.systems.tide_of_iron.players import play_game

    s = E.new_game(pack, "farm-strongpoint", seed=1)
    grid = s.static.grid
    assert F.markers(s, grid.hex("E4")) == ["entrenchment", "entrenchment"]
    assert unit(s, "erste").fort == "entrenchment" and unit(s, "zweite").fort == "pillbox"
    assert unit(s, "dritte").hidden and unit(s, "able").exp == "alpha" and unit(s, "able").stars == 1
    assert "air-strike" in s.hands[0]
    for seed in (1, 2, 3):
        state, _ = play_game(pack, "farm-strongpoint", seed, ["random", "random"])
        assert state.result is not None


def test_marker_rules_are_checked(tmp_path: Path) -> None:
    """N721: at most 3 entrenchments/pillboxes and one of each other marker a hex, no
    smoke on a building (004, Fortifications & obstacles; Smoke)."""
    import shutil

    from builder.systems.tide_of_iron.pack import validate

    pack_dir = tmp_path / "toi"
    shutil.copytree(PACK, pack_dir)
    sc = pack_dir / "scenarios" / "farm-strongpoint.yaml"
    sc.write_text(sc.read_text().replace("{hex: H3, kind: pillbox}", "{hex: E4, kind: pillbox, count: 2}")
                  .replace("{hex: D5, kind: tank-trap}", "{hex: F4, kind: smoke}"))
    report = validate(pack_dir)
    codes = [d.code for d in report.diagnostics]
    assert codes.count("N721") == 2 and not report.ok


def test_attacker_chooses_which_figures_fire(pack) -> None:  # type: ignore[no-untyped-def]
    """"The range is equal to that of the attacking figure in a squad with the lowest range,
    though not all figures in a squad must fire"; "You may always choose to have some
    figures in a squad not participate in an attack" (004, Range; Combat): at 5 hexes two
    riflemen (range 4) and an MG crew (range 5) fire 2 + 3 dice at long range, or the MG
    alone 3 dice at normal range: both are offered."""
    s = lone(pack, ["dog", "erste"])
    dog, erste = put(s, "dog", "D9"), put(s, "erste", "I9")
    assert E.attack_profile(s, dog, erste, dog.hex, 0, figures=0) == (5, E.LONG)
    assert E.attack_profile(s, dog, erste, dog.hex, 0, figures=1) == (3, E.NORMAL_RANGE)
    E.apply(s, ("fire", s.units.index(dog)))
    ei = s.units.index(erste)
    assert {a for a in E.legal_actions(s) if a[1] == ei and a[3] == 0} == {("attack", ei, 0, 0, 0), ("attack", ei, 0, 0, 1)}
    s.rng = Dice([6, 6, 6] + [1] * 10)  # type: ignore[assignment]
    s.verbose = True
    E.apply(s, ("attack", ei, 0, 0, 1))
    assert any("3 dice need 5+" in e for e in s.events)


def test_pillbox_draws_concussive_fire_and_silences_mortars(pack) -> None:  # type: ignore[no-untyped-def]
    """Tanks, Concussive Firepower: "+3 FPR and +3 range when attacking a squad in a
    building hex or pillbox"; Mortar crew: "Mortars cannot fire if they are in a building
    hex or pillbox" (004)."""
    s = lone(pack, ["easy-eight", "erste", "sechste", "baker"])
    tank, erste = put(s, "easy-eight", "A9"), put(s, "erste", "I9")  # 8 hexes: long range (range 5, up to 10)
    assert E.attack_profile(s, tank, erste, tank.hex, 0) == (6, E.LONG)
    erste.fort = "pillbox"
    assert E.attack_profile(s, tank, erste, tank.hex, 0) == (9, E.NORMAL_RANGE)
    mortar, baker = put(s, "sechste", "D9"), put(s, "baker", "G9")
    assert E._mortar_profile(s, mortar, baker.hex, 0) is not None
    mortar.fort = "pillbox"
    assert E._mortar_profile(s, mortar, baker.hex, 0) is None


def test_squad_boards_a_vehicle_from_fire_and_movement(pack) -> None:  # type: ignore[no-untyped-def]
    """"A squad may enter a vehicle in its hex for 2 MPs. The squad is immediately fatigued
    and its action complete" (004, Transporting squads): any activation with MPs, Fire &
    Movement too (3 MPs), e.g. after its attack."""
    s = lone(pack, ["charlie", "track-one", "erste"])
    charlie, track = put(s, "charlie", "E9"), put(s, "track-one", "E9")
    erste = put(s, "erste", "H9")
    E.apply(s, ("fm", s.units.index(charlie)))
    s.rng = Dice([1] * 10)  # type: ignore[assignment]
    E.apply(s, ("attack", s.units.index(erste), 0, 0))
    assert ("embark", s.units.index(track)) in E.legal_actions(s)
    E.apply(s, ("embark", s.units.index(track)))
    assert charlie.carrier == s.units.index(track) and charlie.token == E.FATIGUED


def test_attacker_chooses_a_supporters_firing_figures(pack) -> None:  # type: ignore[no-untyped-def]
    """"not all figures in a squad must fire" (004, Range) holds for a supporter too: dog
    (two riflemen, range 4, and an MG crew, range 5) supports at 5 hexes with all its
    figures at long range or with the MG alone at normal range, the attacker's choice."""
    s = lone(pack, ["dog", "baker", "erste"])
    dog, baker, erste = put(s, "dog", "D9"), put(s, "baker", "F9"), put(s, "erste", "I9")
    E.apply(s, ("fire", s.units.index(baker)))
    E.apply(s, ("attack", s.units.index(erste), 1, 0))
    di = s.units.index(dog)
    assert set(E.legal_actions(s)) == {("resolve",), ("support", di, 0), ("support", di, 1)}
    E.apply(s, ("support", di, 1))
    group = E._support_group(s, baker, erste, False, s.pending[5])  # type: ignore[index]
    assert [(o.uid, f, c) for o, f, c in group] == [("dog", 3, E.NORMAL_RANGE)]


def test_at_gun_moves_one_hex_with_a_fresh_unit(pack) -> None:  # type: ignore[no-untyped-def]
    """Anti-tank guns, Advance: "The unit can only move 1 hex, and must move with a friendly
    fresh unit (moving both units counts as a single action)" (004)."""
    s = lone(pack, ["baker", "erste"])
    s.units.append(E.Unit("gun", 0, E.VEHICLE, s.static.grid.hex("E9"), [], None,
                          s.static.vehicles["m1-57mm-at-gun"], "m1-57mm-at-gun"))
    gi, gun = len(s.units) - 1, s.units[-1]
    put(s, "erste", "A1")
    assert not any(a[0] == "advance" and a[1] == gi for a in E.legal_actions(s))  # alone, it cannot move
    baker = put(s, "baker", "E9")
    bi = s.units.index(baker)
    assert ("advance", gi, bi) in E.legal_actions(s)
    E.apply(s, ("advance", gi, bi))
    f9 = s.static.grid.hex("F9")
    E.apply(s, ("step", f9))
    assert gun.hex == f9 and baker.hex == f9 and not any(a[0] == "step" for a in E.legal_actions(s))
    E.apply(s, ("stop",))
    assert gun.token == E.FATIGUED and baker.token == E.FATIGUED and s.taken == 1  # one action

