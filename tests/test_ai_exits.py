"""The AI players head for the exit squares when the scenario's victory counts units
getting out (003 Campaign > 4 Zurueck!; builder/systems/heroes/ai/evaluate.py ``wants_exit``), and the
Solo brain counts the exit squares as primary objectives (002 Solo Mode, Scenarios List)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from builder.systems.heroes.ai import evaluate as ev
from builder.systems.heroes.ai.solo_mode.view import EngineView
from builder.systems.heroes.content.loader import load_pack
from builder.systems.heroes.engine import Rules
from builder.systems.heroes.engine.features.exits import EXITED, exit_squares
from builder.systems.heroes.engine.state import set_side_field
from builder.systems.heroes.playtests.armies import load_armies

ROOT = Path(__file__).resolve().parents[1]
ARMOUR = ROOT / "examples" / "armies" / "bfn" / "zuruck-de-460.yaml"


@lru_cache(maxsize=1)
def bfn():  # type: ignore[no-untyped-def]
    return load_pack(ROOT / "content" / "bfn")


def zuruck(armour: bool = True, seed: int = 1):  # type: ignore[no-untyped-def]
    pack = bfn()
    armies = list(load_armies(pack, pack.items["scenarios"]["zuruck"], {"de": ARMOUR})) if armour else None
    return Rules.new_game(pack, "zuruck", seed=seed, armies=armies)


def test_the_german_victory_asks_six_infantry_and_two_heavy_vehicles_out():
    assert ev.exit_needs(zuruck()) == ((1, (("heavy_vehicle", 2), ("infantry", 6))),)


def test_the_units_nearest_the_exits_head_out_and_the_rest_keep_fighting():
    """Six infantry units and the two heavy vehicles, the nearest the exits, are sent out;
    a move onto an exit square is worth the stake, a square nearer the exits more."""
    state = zuruck()
    far = ev.exit_distance_map(state, 1)
    leaving = [u for u in state.units if u.side == 1 and ev.wants_exit(state, u)]
    kinds = sorted(u.type for u in leaving)
    assert kinds == ["heavy_vehicle"] * 2 + ["infantry"] * 6
    staying = [u for u in state.units if u.side == 1 and u.type == "infantry" and u.alive and u not in leaving]
    assert staying and max(far[u.sq] for u in leaving if u.type == "infantry") <= min(far[u.sq] for u in staying)
    runner = min((u for u in leaving if u.type == "infantry"), key=lambda u: (far[u.sq], u.id))
    values = ev.move_value_map(state, runner)
    plain = ev._move_value_map(state, runner.sq, 1, True, ())  # the same unit not sent out
    for sq in exit_squares(state)[1]:
        assert values[sq] - plain[sq] == ev.EXIT_STAKE
    nearer = next(sq for sq in range(state.static.bf.size) if far[sq] == far[runner.sq] - 1)
    assert values[nearer] - plain[nearer] > values[runner.sq] - plain[runner.sq]
    assert not any(ev.wants_exit(state, u) for u in state.units if u.side == 0)


def test_no_unit_heads_out_when_the_exit_count_cannot_be_reached():
    """The default German army has no heavy vehicle: the level asking two can never
    hold, so its units stay and fight."""
    state = zuruck(armour=False)
    assert not any(u.type == "heavy_vehicle" for u in state.units if u.side == 1)
    assert not any(ev.wants_exit(state, u) for u in state.units)


def test_once_enough_are_out_no_more_units_of_that_kind_leave():
    state = zuruck()
    infantry = [u for u in state.units if u.side == 1 and u.type == "infantry"]
    set_side_field(state.sides[1], EXITED, tuple(u.id for u in infantry[:6]))
    for u in infantry[:6]:
        state.set_occupant(u.sq, -1)
        u.alive, u.sq = False, -1
    assert not any(ev.wants_exit(state, u) for u in infantry[6:])
    assert sum(ev.wants_exit(state, u) for u in state.units if u.type == "heavy_vehicle") == 2


def test_the_solo_brain_counts_exit_squares_as_primary_objectives():
    """002 Scenarios List: the squares allowing the AI side to leave are primary objectives."""
    state = zuruck()
    view = EngineView(state, 1, "aggressive")
    near, exits = view.nearest(1, "primary"), ev.exit_distance_map(state, 1)
    for sq in exit_squares(state)[1]:
        assert near[sq] == 0
    assert near == [min(a, b) for a, b in zip(ev.nearest_map(state, 1, "primary"), exits)]
    assert EngineView(state, 0, "aggressive").nearest(0, "primary") == ev.nearest_map(state, 0, "primary")
