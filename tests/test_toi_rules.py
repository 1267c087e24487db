"""Worked examples of 004 Tide of Iron as tests: movement costs, Op Fire interrupting
movement, status-phase transitions and an attack's dice."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.systems.tide_of_iron import engine as E
from builder.systems.tide_of_iron.hexes import SQUAD, VEHICLE, Grid
from builder.systems.tide_of_iron.pack import load

PACK = Path(__file__).resolve().parents[1] / "content" / "toi"


class Dice:
    """Scripted dice: each call to random() gives the next face."""

    def __init__(self, faces: list[int]) -> None:
        self.faces = list(faces)

    def random(self) -> float:
        return (self.faces.pop(0) - 1) / 6 + 0.01

    def getstate(self) -> tuple[int, ...]:
        return tuple(self.faces)


@pytest.fixture(scope="module")
def pack():  # type: ignore[no-untyped-def]
    return load(PACK)


def test_terrain_table_costs(pack) -> None:  # type: ignore[no-untyped-def]
    """004 Tide of Iron, Terrain block: woods 2 for squads and 3 for vehicles, rough 2/1,
    road 1 from a road, uphill 2, cliff sides and ponds impassable, half hexes never."""
    terrain = {t.symbol: t for t in pack.items["terrain"].values()}
    g = Grid([".wr", "=h=", "Hpx"], terrain)
    c = g.parse
    assert g.cost(c("A1"), c("B1"), SQUAD) == 2 and g.cost(c("A1"), c("B1"), VEHICLE) == 3
    assert g.cost(c("B1"), c("C1"), SQUAD) == 2 and g.cost(c("B1"), c("C1"), VEHICLE) == 1
    assert g.cost(c("A1"), c("B2"), SQUAD) == 2  # uphill onto a low hill
    assert g.cost(c("B2"), c("A1"), SQUAD) == 1  # downhill
    assert g.cost(c("A2"), c("A3"), SQUAD) is None  # cliff side: level 0 to 2
    assert g.cost(c("B2"), c("A3"), SQUAD) == 2  # level 1 to 2 is uphill
    assert g.cost(c("B2"), c("B3"), SQUAD) is None  # pond
    assert g.cost(c("C2"), c("C3"), SQUAD) is None  # half hex


def test_line_of_sight_and_blind_hexes(pack) -> None:  # type: ignore[no-untyped-def]
    """004 Tide of Iron, Line of sight: woods between units block; adjacent units see each
    other; a unit on a level-1 hill sees over woods when the low unit is 3+ hexes behind."""
    terrain = {t.symbol: t for t in pack.items["terrain"].values()}
    g = Grid(["..w...."], terrain)
    c = g.parse
    assert g.los(c("B1"), c("C1")) and not g.los(c("A1"), c("D1"))
    hill = Grid(["h.w...."], terrain)
    assert not hill.los(c("A1"), c("D1")) and not hill.los(c("A1"), c("E1"))  # 1 and 2 hexes behind: blind
    assert hill.los(c("A1"), c("F1"))
    crest = Grid(["hh....."], terrain)
    assert crest.los(c("B1"), c("E1")) and not crest.los(c("A1"), c("E1"))  # A1 is behind the crest B1


def test_fire_and_movement_loses_one_mp_and_officer_adds_one(pack) -> None:  # type: ignore[no-untyped-def]
    s = E.new_game(pack, "crossroads-farm", seed=1)
    able = next(u for u in s.units if u.uid == "able")  # 3 regulars and an officer
    baker = next(u for u in s.units if u.uid == "baker")
    assert E.movement_points(s, baker, "advance") == 4
    assert E.movement_points(s, baker, "fm") == 3 and E.movement_points(s, baker, "assault") == 3
    assert E.movement_points(s, able, "advance") == 5  # 004 Tide of Iron, Officer: Increased mobility


def test_attack_dice_and_hits(pack) -> None:  # type: ignore[no-untyped-def]
    """004 Tide of Iron, Resolving an attack: 4 black dice at normal range succeed on 5-6,
    1 red die for light cover succeeds on 5-6; hits are the difference; a normal attack
    removes that many figures."""
    s = E.new_game(pack, "crossroads-farm", seed=1)
    baker = next(u for u in s.units if u.uid == "baker")
    target = next(u for u in s.units if u.uid == "zweite")
    rough = s.static.grid.parse("B7")  # rough: cover 1
    target.hex = rough
    baker.hex = s.static.grid.parse("B8")  # adjacent: close range, 4+
    s.rng = Dice([6, 4, 3, 5, 5])  # type: ignore[assignment]
    res = E.resolve_attack(s, [(baker, 4, E.CLOSE)], target, suppressive=False)
    assert res["hits"] == 2 and len(target.figs) == 2 and baker.token == E.FATIGUED
    baker.hex = s.static.grid.parse("B5")
    prof = E.attack_profile(s, baker, target, baker.hex, 0)
    assert prof == (4, E.NORMAL_RANGE)


def test_suppressive_results_ladder(pack) -> None:  # type: ignore[no-untyped-def]
    """004 Tide of Iron, Suppressive attack results: 1-2 hits pin, 3 disrupt, 4 rout; a
    pinned squad hit again is disrupted; a disrupted squad hit is routed."""
    s = E.new_game(pack, "crossroads-farm", seed=1)
    a, b, c = (next(u for u in s.units if u.uid == n) for n in ("erste", "zweite", "dritte"))
    assert E.apply_hits(s, a, 2, True, 0) == "pinned"
    assert E.apply_hits(s, a, 1, True, 0) == "disrupted"
    assert E.apply_hits(s, a, 1, True, 0) == "routed" and not a.alive
    assert E.apply_hits(s, b, 3, True, 0) == "disrupted"
    assert E.apply_hits(s, c, 4, True, 0) == "routed"


def test_vehicle_damage_track(pack) -> None:  # type: ignore[no-untyped-def]
    s = E.new_game(pack, "bridge-at-dawn", seed=1)
    tank = next(u for u in s.units if u.uid == "easy-eight")
    truck = next(u for u in s.units if u.uid == "deuce")
    assert E.apply_hits(s, tank, 2, False, 1) == "lightly damaged"
    assert E.movement_points(s, tank, "advance") == 5
    assert E.apply_hits(s, tank, 1, False, 1) == "heavily damaged"
    assert E.apply_hits(s, tank, 1, False, 1) == "destroyed"
    assert E.apply_hits(s, truck, 3, False, 1) == "destroyed"  # fragile: heavy damage destroys
    assert not any(u.alive for u in s.units if u.carrier == s.units.index(truck))  # its squads go with it


def test_status_phase_transitions_and_officer(pack) -> None:  # type: ignore[no-untyped-def]
    """004 Tide of Iron, Remove tokens: tokens go; pinned squads recover; disrupted become
    pinned, or recover at once with an officer in the hex."""
    s = E.new_game(pack, "crossroads-farm", seed=1)
    able, baker, charlie = (next(u for u in s.units if u.uid == n) for n in ("able", "baker", "charlie"))
    baker.hex = able.hex  # with the officer
    baker.cond, charlie.cond, able.cond = E.DISRUPTED, E.DISRUPTED, E.PINNED
    charlie.token, able.token = E.FATIGUED, E.OPFIRE
    E.status_transitions(s)
    assert (baker.cond, charlie.cond, able.cond) == (E.NORMAL, E.PINNED, E.NORMAL)
    assert charlie.token == E.FRESH and able.token == E.FRESH


def test_op_fire_interrupts_movement(pack) -> None:  # type: ignore[no-untyped-def]
    """004 Tide of Iron, Moving and opportunity fire: entering a hex in LOS of a unit in
    Op Fire mode draws an attack; pinned, the mover stops, is fatigued, and the Op Fire
    unit is fatigued too."""
    s = E.new_game(pack, "crossroads-farm", seed=1)
    grid = s.static.grid
    s.active = 1
    for u in s.units:
        if u.side == 0:
            u.token = E.FATIGUED
    gun = next(u for u in s.units if u.uid == "dritte")
    gun.token = E.OPFIRE
    s.active = 0
    baker = next(u for u in s.units if u.uid == "baker")
    baker.token = E.FRESH
    gun.hex = grid.parse("C5")
    # 6 dice (3 regulars and the MG crew), two 6s: 2 hits, pinned
    s.rng = Dice([6, 6, 1, 1, 1, 1] + [1] * 10)  # type: ignore[assignment]
    E.apply(s, ("advance", s.units.index(baker)))
    E.apply(s, ("step", grid.parse("C7")))
    gun_index = s.units.index(gun)
    assert s.active == 1 and ("react", gun_index, 0, 1, 0) in E.legal_actions(s) and ("hold",) in E.legal_actions(s)
    E.apply(s, ("react", gun_index, 0, 1, 0))  # suppressive, without support
    assert s.active == 0
    assert baker.cond == E.PINNED and baker.token == E.FATIGUED and s.pending is None
    assert gun.token == E.FATIGUED


def test_op_fire_held_lets_the_move_go_on_and_fires_once_per_hex(pack) -> None:  # type: ignore[no-untyped-def]
    """Op Fire is the opponent's choice; declined, the mover goes on, and the next hex
    in LOS gives a new chance (004 Tide of Iron, Moving and opportunity fire)."""
    s = E.new_game(pack, "crossroads-farm", seed=1)
    grid = s.static.grid
    gun = next(u for u in s.units if u.uid == "dritte")
    gun.token, gun.hex = E.OPFIRE, grid.parse("C5")
    baker = next(u for u in s.units if u.uid == "baker")
    E.apply(s, ("advance", s.units.index(baker)))
    E.apply(s, ("step", grid.parse("C7")))
    E.apply(s, ("hold",))
    assert s.active == 0 and s.pending is not None and s.pending[0] == "advance"
    E.apply(s, ("step", grid.parse("C6")))
    assert s.active == 1 and s.pending is not None and s.pending[0] == "react"
    copy = s.clone()
    E.apply(copy, ("hold",))
    assert s.pending[0] == "react" and s.pending[2][2] == copy.pending[2]  # type: ignore[index]


def test_truck_road_movement_costs_a_third(pack) -> None:  # type: ignore[no-untyped-def]
    """004 Tide of Iron, Trucks: Effective Road Movement, a third of an MP from road to road."""
    s = E.new_game(pack, "bridge-at-dawn", seed=1)
    grid = s.static.grid
    truck = next(u for u in s.units if u.uid == "deuce")
    truck.hex = grid.parse("J8")
    assert E._step_cost(s, truck, grid.parse("J8"), grid.parse("J7")) == E.MP_PARTS // 3  # road to road
    tank = next(u for u in s.units if u.uid == "easy-eight")
    assert E._step_cost(s, tank, grid.parse("J8"), grid.parse("J7")) == E.MP_PARTS


def test_thick_armour_turns_a_defence_die(pack) -> None:  # type: ignore[no-untyped-def]
    s = E.new_game(pack, "bridge-at-dawn", seed=1)
    tank = next(u for u in s.units if u.uid == "panzer")
    gun = next(u for u in s.units if u.uid == "easy-eight")
    tank.vtype.thick = True  # type: ignore[union-attr]
    try:
        s.rng = Dice([6, 6, 6, 1, 1, 1, 1, 1])  # type: ignore[assignment]
        res = E.resolve_attack(s, [(gun, 4, E.NORMAL_RANGE)], tank, suppressive=False)
        assert res["hits"] == 2 and res["outcome"] == "lightly damaged"  # 3 successes, one die made a 6
    finally:
        tank.vtype.thick = False  # type: ignore[union-attr]


def test_medic_heals_a_regular_figure(pack) -> None:  # type: ignore[no-untyped-def]
    """004 Tide of Iron, Medic: Heal, as an action, fatigues the squad and on 4-6 puts a
    regular figure back in it or in a squad of its hex (up to the base's capacity)."""
    s = E.new_game(pack, "crossroads-farm", seed=1)
    medic = next(u for u in s.units if u.uid == "vierte")  # 3 elites and the medic token, base of 4
    erste = next(u for u in s.units if u.uid == "erste")
    s.active = 1
    medic.figs.append(s.static.regular["de"])
    mi = s.units.index(medic)
    assert not any(a[0] == "heal" for a in E.legal_actions(s))  # full base, nobody else in the hex
    erste.hex = medic.hex
    del erste.figs[0]
    assert [a for a in E.legal_actions(s) if a[0] == "heal"] == [("heal", mi, s.units.index(erste))]
    s.rng = Dice([4])  # type: ignore[assignment]
    E.apply(s, ("heal", mi, s.units.index(erste)))  # the squad healed is the player's choice
    assert len(erste.figs) == 4 and medic.token == E.FATIGUED


def test_squad_transfers_and_their_restrictions(pack) -> None:  # type: ignore[no-untyped-def]
    """004 Tide of Iron, Squad transfers: "Players may move any number of figures between
    friendly squads in the same hex", not to or from specialized, pinned or transported
    squads; an empty base is removed."""
    s = E.new_game(pack, "crossroads-farm", seed=1)
    able, baker, dog = (next(u for u in s.units if u.uid == n) for n in ("able", "baker", "dog"))
    baker.hex = dog.hex = able.hex
    del able.figs[:2]  # able: 1 regular and the officer left, room for 2
    s.phase, s.active, s.placed = "opfire", 0, [False, False]
    legal = E.legal_actions(s)
    ia, ib, idog = (s.units.index(u) for u in (able, baker, dog))
    assert ("transfer", ib, ia, "us-regular") in legal
    assert not any(a[0] == "transfer" and idog in a[1:3] for a in legal)  # dog is specialized (recon)
    baker.cond = E.PINNED
    assert not any(a[0] == "transfer" and ib in a[1:3] for a in E.legal_actions(s))
    baker.cond = E.NORMAL
    E.apply(s, ("transfer", ib, ia, "us-regular"))
    assert len(able.figs) == 3 and len(baker.figs) == 3
    assert ("transfer", ia, ib, "us-regular") in E.legal_actions(s)  # a squad may give and take
    for _ in range(5):  # at most as many moves in the hex as its squads hold figures (6): they end
        E.apply(s, next(a for a in E.legal_actions(s) if a[0] == "transfer"))
    assert not any(a[0] == "transfer" for a in E.legal_actions(s))


def test_rapid_op_fire_keeps_the_machine_gun_ready(pack) -> None:  # type: ignore[no-untyped-def]
    s = E.new_game(pack, "crossroads-farm", seed=1)
    grid = s.static.grid
    gun = next(u for u in s.units if u.uid == "dritte")
    gun.token, gun.hex = E.OPFIRE, grid.parse("C5")
    baker = next(u for u in s.units if u.uid == "baker")
    E.apply(s, ("advance", s.units.index(baker)))
    E.apply(s, ("step", grid.parse("C7")))
    gi = s.units.index(gun)
    assert ("react", gi, 0, 0, 1) in E.legal_actions(s)
    s.rng = Dice([1] * 20)  # type: ignore[assignment]
    E.apply(s, ("react", gi, 0, 0, 1))
    assert gun.token == E.OPFIRE and s.active == 0
    E.apply(s, ("step", grid.parse("C6")))
    assert s.active == 1 and not any(a[0] == "react" and a[4] == 1 for a in E.legal_actions(s))  # same target


def test_mortar_area_attack_and_ballistic_fire(pack) -> None:  # type: ignore[no-untyped-def]
    """004 Tide of Iron, Mortar crew: area attacks on a whole hex (5-6, 6 at long range),
    never on an adjacent hex, without LOS when a friendly unit that is not fatigued sees
    the hex; mortars add nothing to the squad's direct fire."""
    s = E.new_game(pack, "bridge-at-dawn", seed=1)
    grid = s.static.grid
    mortar = next(u for u in s.units if u.uid == "sechste")  # 2 regulars and a mortar crew
    able, dog = (next(u for u in s.units if u.uid == n) for n in ("track-one", "dog"))
    mortar.hex = grid.parse("B3")
    dog.hex = grid.parse("B4")
    assert E._mortar_profile(s, mortar, dog.hex, 0) is None  # adjacent
    dog.hex = grid.parse("C6")
    assert E._mortar_profile(s, mortar, dog.hex, 0) == (4, 2, E.NORMAL_RANGE)  # 8/2 vs vehicles
    prof = E.attack_profile(s, mortar, dog, mortar.hex, 0)
    assert prof is not None and prof[0] == 2  # the two regulars only
    for u in s.units:
        if u.side == 1 and u is not mortar:
            u.token = E.FATIGUED
    hidden = next(h for h in range(grid.n) if 2 <= grid.distance(mortar.hex, h) <= 8
                  and not grid.los(mortar.hex, h) and grid.enterable(h, 0))
    observer = next(u for u in s.units if u.uid == "erste")
    observer.hex, observer.token = grid.neighbours[hidden][0], E.FRESH
    assert E._mortar_profile(s, mortar, hidden, 0) is not None  # Ballistic Fire: erste sees the hex
    observer.token = E.FATIGUED
    assert E._mortar_profile(s, mortar, hidden, 0) is None
    dog.hex, able.hex = grid.parse("C6"), grid.parse("C6")
    # the attack dice are rolled once per kind of target (004, Area attacks): 4 dice vs the
    # squads, two 6s; 2 dice vs the vehicles (mortar FPR 2), a 5 and a 1; then each unit's
    # defence: the half-track's 1 die (AV 1) a 5, the squad none (no cover on the low hill)
    s.rng = Dice([1, 1, 6, 6] + [5, 1] + [5] + [1] * 8)  # type: ignore[assignment]
    E._mortar_attack(s, mortar, grid.parse("C6"), suppressive=True)
    assert dog.cond == E.PINNED and able.dmg == 0


def test_tank_overrun(pack) -> None:  # type: ignore[no-untyped-def]
    """004 Tide of Iron, Tanks, Overrun: through an enemy hex for +1 MP a unit; leaving it
    pins the squads there; a tank that must stop in it retreats, pinning nobody."""
    s = E.new_game(pack, "bridge-at-dawn", seed=1)
    grid = s.static.grid
    tank = next(u for u in s.units if u.uid == "easy-eight")
    squad = next(u for u in s.units if u.uid == "vierte")
    halftrack = next(u for u in s.units if u.uid == "track-one")
    tank.hex, squad.hex = grid.parse("D7"), grid.parse("D6")
    ti = s.units.index(tank)
    E.apply(s, ("advance", ti))
    assert ("step", grid.parse("D6")) in E.legal_actions(s)
    E.apply(s, ("step", grid.parse("D6")))
    assert s.pending is not None and s.pending[2] == E.MP_PARTS * (6 - 1 - 1)  # clear hex 1 MP + 1 MP for one enemy unit
    assert ("stop",) not in E.legal_actions(s)
    E.apply(s, ("step", grid.parse("D5")))
    assert squad.cond == E.PINNED
    # a half-track has no Overrun: it never enters an enemy hex
    halftrack.hex = grid.parse("E7")
    assert E._overrun_cost(s, halftrack, grid.parse("D6")) == 999


def test_owner_chooses_casualties(pack) -> None:  # type: ignore[no-untyped-def]
    """004 Tide of Iron, Normal attack results: hits remove figures, which ones the owner
    decides (here the officer first); then the game goes back to the attacker's turn."""
    s = E.new_game(pack, "crossroads-farm", seed=1)
    grid = s.static.grid
    s.active = 1
    erste = next(u for u in s.units if u.uid == "erste")
    able = next(u for u in s.units if u.uid == "able")  # 3 regulars and an officer
    erste.hex, able.hex = grid.parse("D4"), grid.parse("D5")
    s.rng = Dice([6, 6, 1, 1] + [1] * 4)  # type: ignore[assignment]
    E.apply(s, ("fire", s.units.index(erste)))
    E.apply(s, ("attack", s.units.index(able), 0, 0))
    assert s.active == 0 and E.legal_actions(s) == [("casualty", "us-officer"), ("casualty", "us-regular")]
    E.apply(s, ("casualty", "us-officer"))
    assert [f.id for f in able.figs] == ["us-regular"] * 2  # one type left: the second hit needs no choice
    assert s.active == 1 and s.pending is None and erste.token == E.FATIGUED
    assert s.losses[0]["us-officer"] == 1 and s.losses[0]["us-regular"] == 1


def test_assault_retreat_is_the_defenders_choice(pack) -> None:  # type: ignore[no-untyped-def]
    """004 Tide of Iron, Assault attacks: more attack hits than defence hits make the
    defender retreat into an adjacent hex of his choice free of enemies; the assaulting
    squad "may now move into the vacated hex" (the attacker's decision) and is fatigued."""
    s = E.new_game(pack, "crossroads-farm", seed=1)
    grid = s.static.grid
    baker = next(u for u in s.units if u.uid == "baker")  # 4 regulars
    zweite = next(u for u in s.units if u.uid == "zweite")  # 4 regulars
    for u in s.units:
        if u.side == 1 and u is not zweite:
            u.alive = False
    for u in s.units:
        if u.side == 0 and u is not baker:
            u.token = E.FATIGUED
    target = grid.parse("C5")  # low hill, no cover
    zweite.hex, baker.hex = target, grid.parse("C6")
    E.apply(s, ("assault", s.units.index(baker)))
    # attack: 4 dice, three 4+; no cover dice; defence: 4 dice, one 4+
    s.rng = Dice([4, 5, 6, 1] + [4, 1, 1, 1] + [1] * 10)  # type: ignore[assignment]
    E.apply(s, ("assault", target))
    assert s.active == 1 and s.pending is not None and s.pending[0] == "retreat"
    options = E.legal_actions(s)
    assert ("retreat", baker.hex) not in options and len(options) > 1
    choice = options[-1]
    E.apply(s, choice)
    assert zweite.hex == choice[1] and len(zweite.figs) == 1 and len(baker.figs) == 3
    assert s.active == 0 and E.legal_actions(s) == [("stay",), ("enter", s.units.index(baker))]
    E.apply(s, ("enter", s.units.index(baker)))
    assert baker.hex == target and baker.token == E.FATIGUED and s.active == 0


def test_status_draw_with_the_plus_mark(pack) -> None:  # type: ignore[no-untyped-def]
    """004 Tide of Iron, Draw strategy cards: one card from a deck of the player's choice;
    a '+' on the first card drawn allows one more, never a third."""
    s = E.new_game(pack, "crossroads-farm", seed=1)
    s.hands = [[], []]
    s.decks = [[["hold-the-line", "field-telephone", "dug-in"]], [["rally-the-men", "mortar-harassment"]]]
    E._status_start(s)
    E._settle(s)
    assert s.phase == "draw" and s.active == 0 and E.legal_actions(s) == [("draw", 0)]
    E.apply(s, ("draw", 0))  # dug-in: no '+'
    assert s.active == 1 and E.legal_actions(s) == [("draw", 0)]
    E.apply(s, ("draw", 0))  # mortar-harassment has the '+'
    assert E.legal_actions(s) == [("draw", 0), ("pass",)]
    E.apply(s, ("draw", 0))
    assert s.hands == [["dug-in"], ["mortar-harassment", "rally-the-men"]] and s.phase == "opfire"
