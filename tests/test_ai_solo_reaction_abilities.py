"""What a Solo Mode reaction effect lends the AI unit it picks (002 Solo Mode, 3.2
Description of the Effects > Suppressive Fire; Tactical Movement, the window icon).
Positions on the fixture pack's skirmish field."""

from __future__ import annotations

from builder.systems.heroes.engine.solo_mode import reaction_abilities
from builder.systems.heroes.engine.firing import plan_shot
from builder.systems.heroes.engine.unit_actions import fire_actions, move_actions

from engine_helpers import activate, make


def _duel(unit: str = "de-grenadiers"):  # type: ignore[no-untyped-def]
    state, n = make([{"name": "g", "unit": unit, "side": "de", "at": "A3", "facing": "s"},
                     {"name": "r", "unit": "us-rifles", "side": "us", "at": "A6"}])
    reaction_abilities.grant(state, state.units[n["g"]].side)
    return state, state.units[n["g"]], state.units[n["r"]]


def test_a_unit_without_the_ability_is_offered_a_suppressive_shot() -> None:
    state, g, r = _duel()
    assert not [a for a in fire_actions(state, g, moving=False) if a.mode == "suppressive"]
    lent = [a for a in reaction_abilities.shots(state, g.id) if a.mode == "suppressive"]
    assert [(a.unit, a.target) for a in lent] == [(g.id, r.id)]


def test_its_combat_value_is_not_doubled_but_other_bonuses_are() -> None:
    """Grenadiers (combat 2 against infantry) with an Aimed Shot (+1, a bonus): a plain
    shot is +3; the lent suppressive fire is +2 (combat once) +2 (the card doubled)."""
    state, g, r = _duel()
    state.boosts[("fire", g.id)] = 1
    plain = plan_shot(state, g, 0, r, "normal")
    lent = plan_shot(state, g, 0, r, "suppressive")
    assert plain.ok and lent.ok
    assert plain.modifier == 3 and lent.modifier == 4
    assert any("not doubled" in t.label for t in lent.terms)


def test_a_unit_with_the_ability_still_doubles_its_combat_value() -> None:
    state, mg, r = _duel("us-mg")
    plan = plan_shot(state, mg, 0, r, "suppressive")
    assert plan.modifier == 6 and not any("not doubled" in t.label for t in plan.terms)


def test_a_suppressive_effect_may_pick_a_unit_without_the_ability() -> None:
    """A suppressive fire effect's candidates (reaction.firing) are each free unit's
    shots with a lent suppressive shot beside each plain one, so a unit without the
    ability can be picked (before this rule only units with it could be)."""
    state, g, r = _duel()
    lent = [(a.unit, a.target) for a in reaction_abilities.shots(state, g.id) if a.mode == "suppressive"]
    assert lent == [(g.id, r.id)]


def test_the_window_icon_lends_urban_fighter_for_the_move_only() -> None:
    """Rifles at H8 outside the small house (F7-G8), a white-arrow window east of G8:
    only an Urban Fighter reaches G8 this move."""
    state, n = make([{"name": "r", "unit": "us-rifles", "side": "us", "at": "H8"},
                     {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "A3"}])
    activate(state, n["r"])
    unit, bf = state.units[n["r"]], state.static.bf

    def reach() -> set[int]:
        return {a.square for a in move_actions(state, unit)}

    assert bf.square("G8") not in reach()
    assert bf.square("G8") in reaction_abilities.with_urban_fighter(state, unit, True, reach)
    assert bf.square("G8") not in reaction_abilities.with_urban_fighter(state, unit, False, reach)
    assert unit.ability("urban-fighter") is None and bf.square("G8") not in reach()


def test_the_loan_is_the_games_own_and_leaves_a_copy_sharing_its_static_as_it_was() -> None:
    """Two copies of a game share the units' static parts: lending Urban Fighter in one
    leaves the other's unit (and the shared static part) without it, during the move and
    after (issue 33, no shared static mutated during a game)."""
    state, n = make([{"name": "r", "unit": "us-rifles", "side": "us", "at": "H8"},
                     {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "A3"}])
    activate(state, n["r"])
    other = state.clone()
    unit, twin, bf = state.units[n["r"]], other.units[n["r"]], state.static.bf
    assert other.static is state.static and twin.st is unit.st
    shared = unit.st

    def both() -> tuple[set[int], set[int]]:
        return {a.square for a in move_actions(state, unit)}, {a.square for a in move_actions(other, twin)}

    lent, kept = reaction_abilities.with_urban_fighter(state, unit, True, both)
    assert bf.square("G8") in lent and bf.square("G8") not in kept
    assert "urban-fighter" not in shared.granted and unit.st is shared
    assert bf.square("G8") not in both()[0]
