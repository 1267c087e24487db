"""Campaigns as data (issue 34 item 5): every consequence of the bundled campaigns is
played (hold, option, the orange outlines, the blue outline, event moves) or said not to
be (K807 in the ``--campaign`` playtest report)."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.campaign.playtest import report_text, run_campaign_playtest
from builder.systems.heroes import played_lists
from builder.systems.heroes.campaigns import apply_consequences, armies, options_for, unplayed
from builder.systems.heroes.content.loader import load_pack
from builder.systems.heroes.engine.armies import army_composition

BFN = Path(__file__).resolve().parents[1] / "content" / "bfn"


@pytest.fixture(scope="module")
def pack():
    return load_pack(BFN)


def _consequences(pack, step: int, winner: str, level: str | None = None, medal: bool = False):
    campaign = pack.campaigns["battle-for-normandy"]
    return [c for c in campaign.steps[step].consequences
            if c.winner == winner and c.level in (None, level) and bool(c.medal) == medal and not c.lost]


def _controls(condition) -> list:
    """Every controls spec inside a condition (all, any, not walked)."""
    if condition is None:
        return []
    if hasattr(condition, "controls"):
        return [condition.controls]
    parts = getattr(condition, "all", None) or getattr(condition, "any", None) or []
    inner = getattr(condition, "not_", None)
    return [s for p in [*parts, *([inner] if inner is not None else [])] for s in _controls(p)]


def test_hold_both_secondaries_in_zuruck_after_a_german_win(pack) -> None:
    """003 Campaign 3/6, German victory: in 4/6 the Commonwealth must hold both of its
    secondary objectives instead of one: its levels, the Germans' 'holds none' and the
    early end all move with the threshold."""
    zuruck = apply_consequences(pack.scenarios["zuruck"], _consequences(pack, 2, "de"))
    specs = [s for level in zuruck.victory for s in _controls(level.when)]
    assert [(s.at_least, s.at_most) for s in specs] == [(2, None), (2, None), (None, 1)]
    assert _controls(zuruck.events[0].when)[0].at_least == 2
    printed = pack.scenarios["zuruck"]
    assert [s.at_least for level in printed.victory for s in _controls(level.when)][:2] == [1, 1]


def test_one_secondary_is_enough_in_operation_stack_after_a_commonwealth_win(pack) -> None:
    stack = apply_consequences(pack.scenarios["operation-stack"], _consequences(pack, 4, "cw"))
    opening = next(e for e in stack.events if any(x.do == "open_target" for x in e.effects))
    assert _controls(opening.when)[0].at_least == 1
    # "holding no secondary objective" stays a German major victory
    assert _controls(stack.victory[1].when)[0].at_most == 0


def test_the_orange_objectives_move_after_a_commonwealth_win_in_2_6(pack) -> None:
    printed = pack.scenarios["beaver-tails-with-sauerkraut"]
    moved = apply_consequences(printed, _consequences(pack, 1, "cw", "minor"))
    where = {o.id: o.at for o in moved.objectives}
    assert where["cw-secondary-orchard"] != {o.id: o.at for o in printed.objectives}["cw-secondary-orchard"]
    assert (where["cw-secondary-orchard"], where["cw-secondary-crossroads"]) == ("N12", "F11")
    assert all(not unplayed(printed, c) for c in _consequences(pack, 1, "cw", "minor"))


def test_the_battle_plan_joins_the_commonwealth_army(pack) -> None:
    chosen = _consequences(pack, 3, "cw", "minor")
    assert options_for(chosen) == {"cw": ["cw-battle-plan"]}
    charon = apply_consequences(pack.scenarios["charon-the-ferryman"], chosen)
    fielded = armies(charon, played_lists(pack, charon), options_for(chosen))
    cw = next(i for i, s in enumerate(charon.sides) if s.id == "cw")
    assert {"option": "cw-battle-plan"} in army_composition(fielded[cw])


def test_what_cannot_be_played_is_named(pack) -> None:
    colb = pack.scenarios["charge-of-the-light-brigade"]
    why = [w for c in _consequences(pack, 0, "de", "major") for w in unplayed(colb, c)]
    assert any("tactical bonuses are laid only in the Solo game mode" in w for w in why)
    stack = pack.scenarios["operation-stack"]
    moved = [w for c in _consequences(pack, 4, "de") for w in unplayed(stack, c)]
    assert moved == ["it moves the event of turn 4 to turn 3, but that event's printed effect was lost: "
                     "nothing to play"]


def test_the_campaign_report_carries_the_warnings() -> None:
    report = run_campaign_playtest("battle-for-normandy", games=2, seed=1, players=["greedy", "greedy"],
                                   pack=str(BFN))
    codes = {w["code"] for w in report["warnings"]}
    assert codes == {"K807"}
    assert all(" of 2 campaigns, " in w["message"] for w in report["warnings"])
    assert "warning K807: not played" in report_text(report)
