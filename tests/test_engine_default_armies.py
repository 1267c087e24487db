"""Default armies of points-only sides (000 core rules, Army Creation; builder.systems.heroes.engine.
armies.default_army): the army suggester's seeded search, legal, spending at least 95%
of the budget, the same army in every game."""

from __future__ import annotations

import pytest

from builder.systems.heroes.army.check import check_army
from builder.systems.heroes.content.loader import load_pack
from builder.systems.heroes.engine import Rules
from builder.systems.heroes.engine.armies import default_army

PACKS = {"core": "content/core", "bfn": "content/bfn"}


@pytest.fixture(scope="module", params=sorted(PACKS))
def pack(request):
    return load_pack(PACKS[request.param])


def points_only_sides(pack):
    """Sides of one player given only points (an alliance's players have their own
    shares: tests/test_engine_multiplayer.py)."""
    return [(sc.id, s) for sc in pack.items["scenarios"].values() for s in sc.sides
            if not s.army.composition and not s.players]


def test_default_armies_are_legal_and_spend_the_budget(pack):
    sides = points_only_sides(pack)
    assert sides
    for scenario, side in sides:
        army = default_army(pack, side.faction, side.army.points or 0)
        _, summary, findings = check_army(army, pack)
        assert not [f for f in findings if f.is_error], (scenario, side.id, findings)
        assert summary.totals.spent <= side.army.points, (scenario, side.id)
        assert summary.totals.spent >= 0.95 * side.army.points, (scenario, side.id, summary.totals.spent)


def test_a_side_fields_the_default_army_in_every_game(pack):
    scenario, side = points_only_sides(pack)[0]
    army = default_army(pack, side.faction, side.army.points or 0)
    wanted = sorted(t.tile for t in army.tiles)
    for seed in (1, 2):
        state = Rules.new_game(pack, scenario, seed=seed)
        si = [s.id for s in pack.items["scenarios"][scenario].sides].index(side.id)
        groups = sorted(g.name for g in state.static.sides[si].groups if g.kind == "tile")
        assert len(groups) == len(wanted), (groups, wanted)
