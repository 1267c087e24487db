"""Solo Mode set-up by the book (002 Solo Mode, 2.2 Tactical Bonuses, 2.5 Deployment,
3.2 Far Far Away...): builder.systems.heroes.engine.solo_mode.bonuses.count_for, builder.systems.heroes.engine.solo_mode.deployment."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from builder.systems.heroes.engine.solo_mode import reaction
from builder.systems.heroes.engine.solo_mode.deployment import lift, stack
from builder.systems.heroes.engine.solo_mode.bonuses import count_for
from builder.systems.heroes.engine.solo_mode.rules import SoloModeRules
from builder.systems.heroes.army.model import ArmyList, SlotChoice, TileEntry
from builder.systems.heroes.content.loader import load_pack
from builder.systems.heroes.board.los import sees

OPTIONS = {"ai_side": 1, "attitude": "aggressive", "difficulty": "medium"}


@pytest.fixture(scope="module")
def core():
    return load_pack()


# The German army of the deployment example: two Recon Groups with Scout, a Kubelwagen
# and a stack (the platoon tiles the clash's default army fielded before it became
# heroes army suggest's army, issue 21)
EXAMPLE_ARMY = ArmyList(name="deployment example", faction="de", points=300, tiles=[
    TileEntry(tile="de-regiment-304", options=[SlotChoice(slot=1, option="de-kubelwagen"),
                                               SlotChoice(slot=3, option="de-artilleriebeobachter")]),
    TileEntry(tile="de-pzgr-lehr-regiment-902"), TileEntry(tile="de-pzgr-lehr-regiment-901"),
])


def game(core, scenario: str, seed: int = 1, armies=None):
    return SoloModeRules.new_game(core, scenario, seed=seed, armies=armies, options=OPTIONS)


def scenario_with(boards: int, printed: int = 0) -> SimpleNamespace:
    return SimpleNamespace(tactical_bonuses=printed, layout=SimpleNamespace(boards=[None] * boards))


@pytest.mark.parametrize(("boards", "tokens"), [(1, 1), (2, 1), (3, 2), (4, 3), (5, 4), (6, 4)])
def test_a_scenario_without_tactical_bonuses_gets_them_by_its_boards(boards: int, tokens: int) -> None:
    """002, 2.2: 1-2 boards one token, 3 boards two, 4 boards three, 5-6 boards four."""
    assert count_for(scenario_with(boards)) == tokens
    assert count_for(scenario_with(boards, printed=2)) == 2  # the scenario's own number stands


def test_clash_played_solo_lays_three_tactical_bonuses(core) -> None:
    """The bundled clash (four boards, no tokens of its own; its notes say three)."""
    state = game(core, "clash")
    assert core.items["scenarios"]["clash"].tactical_bonuses == 0
    assert len(state.variant.bonuses) == 3


def test_units_entering_by_arrows_wait_off_the_battlefield(core) -> None:
    """002, 2.5 Other Units and Family Meeting 1: the German stack waits by the arrow
    squares; only the scouts stand on their squares at the start."""
    state = game(core, "family-meeting-1")
    rules, solo = state.rules, state.variant
    on_map = [u for u in state.units if u.side == rules.ai and u.active]
    assert {u.id for u in on_map} == set(solo.forces.scouts)
    stack = set(solo.forces.bagged + solo.forces.particular + solo.decoys)
    assert set(solo.offboard) == stack and len(stack) == 10
    assert all(state.units[uid].alive and state.units[uid].sq < 0 for uid in solo.offboard)


def test_a_firing_effect_brings_a_waiting_unit_on_instead(core) -> None:
    """002, 3.2 Far Far Away...: while units wait, a firing action or suppressive fire
    effect is a tactical movement that brings one on by an arrow square."""
    state = game(core, "family-meeting-1")
    rules, solo = state.rules, state.variant
    assert reaction.far_far_away(rules, state, 1, "firing_action") == "tactical_movement"
    assert reaction.far_far_away(rules, state, 1, "suppressive_fire") == "tactical_movement"
    assert reaction.far_far_away(rules, state, 1, "reinforcements") == "reinforcements"
    waiting = len(solo.offboard)
    first = solo.offboard[0]
    assert reaction.resolve_effect(rules, state, "tactical_movement") == "done"
    assert len(solo.offboard) == waiting - 1
    assert any(e.kind == "enters" and e.data["unit"] == first for e in state.events)
    solo.offboard.clear()
    assert reaction.far_far_away(rules, state, 1, "firing_action") == "firing_action"


def test_units_still_waiting_come_on_in_the_supply_phase(core) -> None:
    """002, 2.5 Other Units: every unit that did not enter in the activation phase comes
    on in the supply phase, beside the arrows once they are taken."""
    state = game(core, "family-meeting-1")
    rules, solo = state.rules, state.variant
    rules.enter_waiting(state)
    assert not solo.offboard
    entries = set(solo.entry)
    arrivals = [state.units[e.data["unit"]] for e in state.events if e.kind == "enters"]
    assert len(arrivals) == 10 and all(u.active for u in arrivals)
    assert sum(u.sq in entries for u in arrivals) == len(entries)


def _lines(state):
    """Column of each AI stack counter (the AI zone lies right of the player's)."""
    solo, w = state.variant, state.static.bf.width
    stack = solo.forces.bagged + solo.forces.particular + solo.decoys
    return {uid: divmod(state.units[uid].sq, w) for uid in stack if state.units[uid].sq >= 0}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_stack_stands_in_staggered_rows_from_the_front_line(core, seed: int) -> None:
    """002, 2.5 Other Units and the Units Deployment Example: counters one square apart
    along the front line (the zone's column nearest the player), then the next line
    back, never straight behind a counter of the line before."""
    state = game(core, "family-meeting-2", seed)
    solo, bf = state.variant, state.static.bf
    zone_x = sorted({sq % bf.width for sq in solo.zone})
    spots = _lines(state)
    carried = [uid for uid in solo.forces.bagged + solo.forces.particular if state.units[uid].carried_by >= 0]
    assert len(spots) + len(carried) == len(solo.forces.bagged) + len(solo.forces.particular) + len(solo.decoys)
    front = zone_x[0]  # the player's zone lies to the left (columns A-E)
    rows: dict[int, set[int]] = {}
    for y, x in spots.values():
        rows.setdefault(x, set()).add(y)
    assert front in rows
    for x, ys in rows.items():
        assert all(y + 1 not in ys for y in ys), "one square apart along a line"
        if x - 1 in rows:
            assert not ys & rows[x - 1], "never straight behind a counter of the line before"
    assert min(rows) == front and max(rows) <= zone_x[-1]


def test_vehicles_deploy_apart_near_an_objective(core) -> None:
    """002, 2.5: vehicles first, each as close to its objective (primary first, in turn) as
    the zone allows among the squares the player's units see alike (out of sight where
    possible, the module's policy) and that do not hem it in."""
    state = game(core, "family-meeting-2")
    solo, bf = state.variant, state.static.bf
    order = {"primary": 0, "secondary": 1}
    targets = [o[1] for o in sorted(state.static.objectives, key=lambda o: (order.get(o[2], 2), o[1]))]
    before = state.clone()  # the battlefield as the AI's vehicles found it: its deployed units lifted
    for uid in [*solo.forces.scouts, *solo.forces.vehicles, *stack(solo)]:
        lift(before, before.units[uid])
    eyes = [e.sq for e in before.units if e.side == state.rules.player and e.active]
    seen = {sq for sq in solo.zone if any(sees(before, e, sq) for e in eyes)}
    for k, uid in enumerate(solo.forces.vehicles):
        u, target = state.units[uid], targets[k % len(targets)]
        assert u.sq in solo.zone
        pool = [sq for sq in solo.zone if (sq in seen) == (u.sq in seen) and bf.enterable(sq, u.type, False)
                and any(bf.enterable(n, u.type, False) for n in bf.adjacent(sq))]
        assert bf.distance(u.sq, target) <= min(bf.distance(sq, target) for sq in pool) + 1


def test_set_up_is_the_same_for_the_same_seed(core) -> None:
    a, b = game(core, "family-meeting-2", 7), game(core, "family-meeting-2", 7)
    assert [(u.sq, u.carried_by) for u in a.units] == [(u.sq, u.carried_by) for u in b.units]


@pytest.mark.parametrize("seed", [1, 2])
def test_the_units_deployment_example(core, seed: int) -> None:
    """002, 2.5 Units Deployment Example, step by step, on the clash played solo (two
    recon groups with Scout 3, a vehicle, a stack with decoys and numbered counters):
    1. the scouts stand at the Scout ability's full reach (3 squares from the zone), in
       a terrain element when the reach offers one, the nearest to an objective among
       the squares of that reach and cover;
    2. the vehicle stands in the zone, as near an objective as the zone allows;
    3-5. the stack fills the front line one square apart, then the lines behind in
       staggered rows."""
    state = game(core, "clash", seed, armies=[None, EXAMPLE_ARMY])
    solo, bf = state.variant, state.static.bf
    zone = set(solo.zone)
    objectives = [o[1] for o in state.static.objectives]
    assert len(solo.forces.scouts) == 2
    for uid in solo.forces.scouts:
        u = state.units[uid]
        assert u.sq not in zone and min(bf.distance(u.sq, z) for z in zone) == 3
        assert all(bf.distance(u.sq, o) > 1 for o in objectives)
    for uid in solo.forces.vehicles:
        u = state.units[uid]
        assert u.sq in zone
    counters = solo.forces.bagged + solo.forces.particular + solo.decoys
    placed = [state.units[uid] for uid in counters if state.units[uid].sq >= 0]
    carried = [uid for uid in counters if state.units[uid].carried_by >= 0]
    assert len(placed) + len(carried) == len(counters)
    front = min(sq % bf.width for sq in zone)  # the player's zone is columns A-C
    rows: dict[int, set[int]] = {}
    for u in placed:
        rows.setdefault(u.sq % bf.width, set()).add(u.sq // bf.width)
    assert front in rows and len(rows[front]) >= 4
    for x, ys in rows.items():
        assert all(y + 1 not in ys for y in ys)
        assert not ys & rows.get(x - 1, set())


def test_infiltration_moves_two_anonymous_units_three_squares_toward_the_objective(core) -> None:
    """002, 4.2 Infiltration: after the AI's deployment, two anonymous units move three
    squares toward the nearest objective (the two nearest an objective go)."""
    from builder.systems.heroes.engine.solo_mode.deployment import infiltrate

    state = game(core, "clash", 1, armies=[None, EXAMPLE_ARMY])
    rules, solo, bf = state.rules, state.variant, state.static.bf
    targets = [o[1] for o in state.static.objectives]

    def near(sq: int) -> int:
        return min(bf.distance(sq, t) for t in targets)

    anonymous = [state.units[u] for u in solo.forces.bagged if state.units[u].sq >= 0 and state.units[u].concealed]
    before = {u.id: u.sq for u in anonymous}
    moved = infiltrate(state, rules, solo)
    assert 1 <= len(moved) <= 2
    assert moved == sorted(moved, key=lambda uid: (near(before[uid]), uid))
    for uid in moved:
        u = state.units[uid]
        assert state.occ[u.sq] == uid and state.occ[before[uid]] != uid
        assert 1 <= near(before[uid]) - near(u.sq) <= 3
        assert bf.distance(before[uid], u.sq) <= 3
    for uid in set(before) - set(moved):
        assert state.units[uid].sq == before[uid]
