"""Scenario turn events played as written (builder/systems/heroes/engine/scenario_events.py): Family
Meeting 1 (life points, Ludwig's arrival and sniper shot, the danger jump) and Family
Meeting 2 (the roll table by attitude and its outcomes), in the core rules and in the
Solo game mode (002 Solo Mode, Scenarios > Family Meeting - Chapters 1 and 2)."""

from __future__ import annotations

import pytest

from builder.systems.heroes.engine.solo_mode.rules import SoloModeRules
from builder.systems.heroes.content.loader import load_pack
from builder.systems.heroes.engine import Rules
from builder.systems.heroes.engine import markers
from builder.systems.heroes.engine.damage import suppress, take_hit
from builder.systems.heroes.engine.firing import plan_shot, resolve_shot
from builder.systems.heroes.board.los import sees
from builder.systems.heroes.engine.opportunity import may_opportunity_fire
from builder.systems.heroes.engine.scenario_events import run_events
from builder.systems.heroes.engine.scenario_units import select
from builder.systems.heroes.engine.markers import MARKERS
from builder.systems.heroes.engine.scenario_events import POSTPONED
from builder.systems.heroes.engine.state import rule_field

LUDWIG = "de-ludwig-schmarschutze"
CIRCLED = ["E10", "F11", "K8", "L1", "R9", "R10"]


@pytest.fixture(scope="module")
def core():
    return load_pack()


class LoadedDie:
    """The game's dice with the next results fixed (then the seeded stream)."""

    def __init__(self, dice, results):
        self.dice, self.results = dice, list(results)

    def d6(self):
        return self.results.pop(0) if self.results else self.dice.d6()

    def __getattr__(self, name):
        return getattr(self.dice, name)


def at_turn(state, turn, timing="start_of_activation"):
    state.turn = turn
    state.events = []
    run_events(state, timing)
    return state


def ludwig(state):
    return next(u for u in state.units if u.st.profile.id == LUDWIG)


def kinds(state, kind):
    return [e.data for e in state.events if e.kind == kind]


def solo_game(core, scenario="family-meeting-1", seed=1, **options):
    opts = {"ai_side": 1, "attitude": "aggressive", "difficulty": "medium", **options}
    return SoloModeRules.new_game(core, scenario, seed=seed, options=opts)


# --- Family Meeting 1 ---------------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_fm1_turn_3_places_ludwig_on_a_qualifying_circled_square_and_he_fires(core, seed):
    state = at_turn(Rules.new_game(core, "family-meeting-1", seed=seed), 3)
    lud, bf = ludwig(state), state.bf
    assert bf.name(lud.sq) in CIRCLED
    us = [u for u in state.units if u.side == 0 and u.active]
    assert all(bf.distance(lud.sq, u.sq) > 1 for u in us), "not next to an American unit"
    assert any(sees(state, lud.sq, u.sq, lud, u) for u in us), "he sees an American unit"
    fire = kinds(state, "scenario-fire")
    assert len(fire) == 1 and fire[0]["unit"] == lud.id and fire[0]["mode"] == "sniper"
    shot = kinds(state, "shot")
    assert shot and shot[0]["mode"] == "sniper" and shot[0]["target"] == fire[0]["target"]
    assert lud.activated
    assert not kinds(state, "event-not-simulated")


def test_fm1_ludwig_postpones_when_no_circled_square_qualifies_then_comes_next_turn(core):
    state = Rules.new_game(core, "family-meeting-1", seed=0)
    bf = state.bf
    blocker = next(u for u in state.units if u.side == 1 and u.active)
    circled = [bf.square(name) for name in CIRCLED]
    for sq in circled:
        if state.occ[sq] < 0:
            state.set_occupant(sq, blocker.id)  # every circled square taken (test set-up)
    at_turn(state, 3)
    assert ludwig(state).sq < 0 and not kinds(state, "scenario-fire")
    assert rule_field(state, POSTPONED) == ((1, 0),) and kinds(state, "event-postponed")
    for sq in circled:
        if state.occ[sq] == blocker.id and sq != blocker.sq:
            state.set_occupant(sq, -1)
    at_turn(state, 4)
    assert bf.name(ludwig(state).sq) in CIRCLED and kinds(state, "scenario-fire")
    assert rule_field(state, POSTPONED) == ()


def test_fm1_turn_5_brings_a_destroyed_ludwig_back_as_on_turn_3(core):
    from builder.systems.heroes.engine.damage import eliminate

    state = at_turn(Rules.new_game(core, "family-meeting-1", seed=1), 3)
    lud = ludwig(state)
    eliminate(state, lud, "test")
    at_turn(state, 5)
    assert lud.alive and lud.face == 0 and state.bf.name(lud.sq) in CIRCLED
    assert kinds(state, "scenario-fire") and lud.activated
    assert not kinds(state, "event-not-applicable"), "the danger jump is for a living Ludwig only"


def test_fm1_turn_2_life_points_go_to_the_three_infantry_units_nearest_an_objective(core):
    state = at_turn(Rules.new_game(core, "family-meeting-1", seed=3), 2)
    bf = state.bf
    objectives = [o[1] for o in state.static.objectives]
    marked = [u for u in state.units if markers.count(state, u.id, markers.LIFE_POINT)]
    assert len(marked) == 3 and all(u.side == 1 and u.type == "infantry" for u in marked)

    def near(u):
        return min(bf.distance(u.sq, o) for o in objectives)

    others = [u for u in state.units if u.side == 1 and u.active and u.type == "infantry" and u not in marked
              and not u.st.decoy]
    assert max(near(u) for u in marked) <= min((near(u) for u in others), default=99)
    # the core rules honour them: a hit is cancelled, the marker discarded
    u = marked[0]
    face = u.face
    take_hit(state, u, None, "test")
    assert u.face == face and markers.count(state, u.id, markers.LIFE_POINT) == 0


def test_fm1_danger_jump_is_not_applicable_in_the_core_rules(core):
    state = at_turn(Rules.new_game(core, "family-meeting-1", seed=1), 5)
    assert kinds(state, "event-not-applicable") == [{"do": "set_danger", "rules": "core"}]
    assert not kinds(state, "event-not-simulated")


@pytest.mark.parametrize("difficulty, space", [("easy", 7), ("medium", 6), ("hard", 5)])
def test_fm1_turn_5_danger_jump_by_difficulty(core, difficulty, space):
    state = solo_game(core, difficulty=difficulty)
    gauge = state.variant.gauge
    gauge.position = 2
    at_turn(state, 5)
    assert gauge.position == space and gauge.level == "red"
    assert kinds(state, "danger-jump")


def test_fm1_danger_jump_goes_to_black_when_already_red(core):
    state = solo_game(core, difficulty="medium")
    gauge = state.variant.gauge
    gauge.move_to(gauge.thresholds["red"])
    at_turn(state, 5)
    assert gauge.position == gauge.thresholds["black"] and gauge.level == "black"


def test_fm1_solo_ludwig_fires_with_the_ai_bonuses(core):
    state = solo_game(core, seed=2)
    at_turn(state, 3)
    lud = ludwig(state)
    assert lud.sq >= 0, "seed 2 leaves a circled square free for Ludwig"
    assert kinds(state, "scenario-fire") and lud.activated


# --- Family Meeting 2 ---------------------------------------------------------------------


@pytest.mark.parametrize("die, attitude, outcome, marker", [
    (1, "aggressive", "B", markers.OPPORTUNITY_FIRE),
    (2, "balanced", "A", markers.AVERT_SUPPRESSION),
    (1, "defensive", "A", markers.AVERT_SUPPRESSION),
    (3, "defensive", "C", markers.DEFENCE_BONUS),
    (6, "aggressive", "E", markers.LIFE_POINT),
])
def test_fm2_roll_table_picks_the_solo_attitude_column(core, die, attitude, outcome, marker):
    state = solo_game(core, "family-meeting-2", attitude=attitude)
    state.dice = LoadedDie(state.dice, [die])
    at_turn(state, 3)
    assert kinds(state, "roll-table") == [{"die": die, "attitude": attitude, "outcome": outcome}]
    marked = {m[0] for m in rule_field(state, MARKERS) if m[1] == marker}
    assert len(marked) == 3 and all(state.units[u].side == 1 for u in marked)


def test_fm2_core_rules_read_the_scenario_attitude(core):
    state = Rules.new_game(core, "family-meeting-2", seed=1)
    state.dice = LoadedDie(state.dice, [5])
    at_turn(state, 5)
    assert kinds(state, "roll-table") == [{"die": 5, "attitude": "aggressive", "outcome": "E"}]
    assert sum(1 for m in rule_field(state, MARKERS) if m[1] == markers.LIFE_POINT) == 3


def test_fm2_outcome_d_moves_every_ai_unit_two_squares_nearer_without_assault(core):
    state = Rules.new_game(core, "family-meeting-2", seed=1)
    bf = state.bf
    targets = [o[1] for o in state.static.objectives]
    before = {u.id: u.sq for u in state.units if u.side == 1 and u.active}
    state.dice = LoadedDie(state.dice, [3])
    at_turn(state, 3)
    assert kinds(state, "roll-table")[0]["outcome"] == "D"
    moved = kinds(state, "moved")
    assert moved and not kinds(state, "assault")
    for e in moved:
        u = state.units[e["unit"]]
        old = min(bf.distance(before[u.id], t) for t in targets)
        assert min(bf.distance(u.sq, t) for t in targets) < old
        assert bf.distance(before[u.id], u.sq) <= 2 or u.is_vehicle
    squares = [s for u in state.units if u.active for s in state.squares_of(u)]
    assert len(squares) == len(set(squares)), "no two counters on a square"


# --- markers ------------------------------------------------------------------------------


def test_avert_suppression_cancels_one_suppressed_marker_and_is_discarded(core):
    state = Rules.new_game(core, "family-meeting-2", seed=1)
    u = next(x for x in state.units if x.side == 1 and x.active and x.type == "infantry")
    markers.add(state, u.id, markers.AVERT_SUPPRESSION, 1)
    suppress(state, u, 2, "test")
    assert u.suppressed == 1 and markers.count(state, u.id, markers.AVERT_SUPPRESSION) == 0
    suppress(state, u, 1, "test")
    assert u.suppressed == 2


def test_defence_bonus_adds_one_to_defence_until_a_shot_at_the_unit_is_resolved(core):
    state = Rules.new_game(core, "family-meeting-1", seed=0)
    at_turn(state, 3)
    lud = ludwig(state)
    target = next(u for u in state.units if u.side == 0 and u.active and plan_shot(state, lud, 0, u).ok)
    plain = plan_shot(state, lud, 0, target)
    markers.add(state, target.id, markers.DEFENCE_BONUS, 1)
    plan = plan_shot(state, lud, 0, target)
    assert plan.defence_total == plain.defence_total + 1
    resolve_shot(state, plan)
    assert markers.count(state, target.id, markers.DEFENCE_BONUS) == 0
    assert plan_shot(state, lud, 0, target).defence_total == plain.defence_total


def test_opportunity_fire_marker_lets_any_unactivated_unit_fire_then_goes(core):
    from builder.systems.heroes.engine import opportunity
    from builder.systems.heroes.engine.actions import Action

    state = Rules.new_game(core, "family-meeting-2", seed=1)
    state.phase = "activation"
    vehicle = next(u for u in state.units if u.side == 1 and u.active and u.is_vehicle)
    assert not may_opportunity_fire(state, vehicle)
    markers.add(state, vehicle.id, markers.OPPORTUNITY_FIRE, 1)
    assert may_opportunity_fire(state, vehicle)
    mover = next(u for u in state.units if u.side == 0 and u.active)
    pending = (opportunity.OPFIRE, 1, mover.id, (), (mover.sq,))
    opportunity.resolve(state, pending, Action(opportunity.OPFIRE, unit=vehicle.id, weapon=0, target=mover.id,
                                               square=mover.sq))
    assert vehicle.activated and markers.count(state, vehicle.id, markers.OPPORTUNITY_FIRE) == 0
    assert not may_opportunity_fire(state, vehicle)


def test_markers_are_cloned_hashed_and_leave_with_the_unit(core):
    from builder.systems.heroes.engine.damage import eliminate

    state = Rules.new_game(core, "family-meeting-1", seed=0)
    plain = state.state_hash()
    assert "markers" not in state.canonical()
    u = next(x for x in state.units if x.side == 1 and x.active)
    markers.add(state, u.id, markers.LIFE_POINT, 2)
    copy = state.clone()
    assert rule_field(copy, MARKERS) == rule_field(state, MARKERS) and copy.state_hash() == state.state_hash() != plain
    markers.spend(copy, u.id, markers.LIFE_POINT, 1)
    assert markers.count(state, u.id, markers.LIFE_POINT) == 2 and markers.count(copy, u.id, markers.LIFE_POINT) == 1
    eliminate(state, u, "test")
    assert rule_field(state, MARKERS) == ()


def test_closest_to_objective_selector_counts_and_filters(core):
    from builder.systems.heroes.content.models.scenario import Selector

    state = Rules.new_game(core, "family-meeting-2", seed=1)
    picked = select(state, Selector(side="de", unit_type="infantry", closest_to="objective", count=2), 1)
    assert len(picked) == 2 and all(u.type == "infantry" and u.side == 1 for u in picked)
    everyone = select(state, Selector(side="de", closest_to="objective"), 1)
    assert [u.id for u in everyone[:2]] != [] and len(everyone) >= len(picked)
    bf, objectives = state.bf, [o[1] for o in state.static.objectives]
    dists = [min(bf.distance(u.sq, o) for o in objectives) for u in everyone]
    assert dists == sorted(dists)


def test_fm1_solo_ai_picks_ludwigs_target_with_its_firing_table(core):
    """The Solo game mode answers the scenario shot's target with its brain (5.3)."""
    from builder.systems.heroes.ai.solo_mode.brain import Brain

    state = solo_game(core, seed=2)
    asked = []

    class Recording(Brain):  # one choice overridden, as a variant would
        def fire(self, st, actions, **kw):  # type: ignore[no-untyped-def]
            asked.append(actions)
            return actions[-1]

    solo = state.variant
    old = solo.brain
    solo.brain = Recording(old.tables, old.side, old.attitude, old.rng, old.fired)
    at_turn(state, 3)
    assert asked and all(a.kind == "fire" and a.mode == "sniper" for a in asked[0])
    assert kinds(state, "shot")[0]["target"] == asked[0][-1].target


def test_core_rules_take_the_scenario_shot_with_the_best_odds(core):
    from builder.systems.heroes.engine.scenario_fire import odds

    offered = []

    class Recording(Rules):  # a rule variant, as a user would write one
        def scenario_fire_target(self, st, unit, plans):  # type: ignore[no-untyped-def]
            offered.append(list(plans))
            return super().scenario_fire_target(st, unit, plans)

    state = Recording.new_game(core, "family-meeting-1", seed=1)
    at_turn(state, 3)
    target = kinds(state, "scenario-fire")[0]["target"]
    plans = offered[0]
    chosen = next(p for p in plans if p.target == target)
    assert all(odds(p) <= odds(chosen) for p in plans)
    assert len({p.target for p in plans}) == len(plans), "one shot per target"


def test_a_lost_effect_is_logged_as_lost_never_as_not_simulated():
    """Operation Stack's German event marker (turn 4, its printed effect lost in
    transcription): ``do: lost`` logs ``event-lost`` with what was lost and plays nothing;
    the Battle for Normandy scenarios keep no ``special`` effect."""
    from pathlib import Path

    bfn = load_pack(Path(__file__).resolve().parents[1] / "content" / "bfn")
    assert not [e for sc in bfn.items["scenarios"].values() for ev in sc.events for e in ev.effects
                if e.do == "special"]
    state = Rules.new_game(bfn, "operation-stack", seed=1)
    state.turn = 4
    vp = [s.vp for s in state.sides]
    run_events(state, "start_of_orders")
    assert kinds(state, "event-lost") == [{"text": "The German event marker.",
                                           "lost": "the effect printed on the German event marker"}]
    assert not kinds(state, "event-not-simulated") and [s.vp for s in state.sides] == vp
