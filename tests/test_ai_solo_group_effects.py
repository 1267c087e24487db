"""Abilities that spread a Solo Mode reaction effect to other AI units (002 Solo Mode,
4.1 Special Abilities > Barrage Order; Heroic Charge). Positions on the fixture pack's
skirmish field; the decision tables are stood in for by a brain taking the first
shot or assault offered (tables 5.3 and 5.4 are tested on their own)."""

from __future__ import annotations

from collections import Counter

from builder.systems.heroes.engine.solo_mode import group_effects

from engine_helpers import make


class Brain:
    def fire(self, state, actions, *, suppressive=False, from_reaction=False):  # type: ignore[no-untyped-def]
        return actions[0] if actions else None

    def assault(self, state, actions, from_reaction=False):  # type: ignore[no-untyped-def]
        return actions[0] if actions else None


class Solo:
    brain = Brain()


class Rules:
    def __init__(self) -> None:
        self.rules_fired: Counter[str] = Counter()

    def solo_state(self, state):  # type: ignore[no-untyped-def]
        return Solo()


def _run(state, n, spread, leader):  # type: ignore[no-untyped-def]
    done: list[tuple[int, int]] = []

    def attack(rules, state, action, bonus):  # type: ignore[no-untyped-def]
        done.append((action.unit, bonus))
        state.units[action.unit].activated = True
        return "done"

    def free():  # type: ignore[no-untyped-def]
        return [u.id for u in state.units if u.side == state.units[n[leader]].side and u.active
                and not u.activated and u.id != n[leader]]

    count = spread(Rules(), state, n[leader], 1, attack, free)
    return count, done


def test_barrage_order_brings_up_to_three_heavy_weapons_of_its_group() -> None:
    """Four MG teams within 3 squares of the lieutenant, one 5 squares away: three of
    the four near fire, with the effect's +1; the far one never does."""
    state, n = make([{"name": "lt", "unit": "us-lieutenant", "side": "us", "at": "E2"},
                     {"name": "mg1", "unit": "us-mg", "side": "us", "at": "D2", "facing": "s"},
                     {"name": "mg2", "unit": "us-mg", "side": "us", "at": "F2", "facing": "s"},
                     {"name": "mg3", "unit": "us-mg", "side": "us", "at": "E3", "facing": "s"},
                     {"name": "mg4", "unit": "us-mg", "side": "us", "at": "G2", "facing": "s"},
                     {"name": "far", "unit": "us-mg", "side": "us", "at": "J2", "facing": "s"},
                     {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "E6"}])
    state.units[n["lt"]].st.granted["barrage-order"] = 0
    count, done = _run(state, n, group_effects.barrage, "lt")
    near = {n["mg1"], n["mg2"], n["mg3"], n["mg4"]}
    assert count == 3 and len(done) == 3 and {u for u, _ in done} < near
    assert all(bonus == 1 for _, bonus in done)


def test_no_barrage_without_the_ability() -> None:
    state, n = make([{"name": "lt", "unit": "us-lieutenant", "side": "us", "at": "E2"},
                     {"name": "mg1", "unit": "us-mg", "side": "us", "at": "D2", "facing": "s"},
                     {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "E6"}])
    assert _run(state, n, group_effects.barrage, "lt") == (0, [])


def test_heroic_charge_leads_the_units_that_can_assault() -> None:
    """Two rifle teams next to the lieutenant can reach the Grenadiere: both charge."""
    state, n = make([{"name": "lt", "unit": "us-lieutenant", "side": "us", "at": "E4"},
                     {"name": "r1", "unit": "us-rifles", "side": "us", "at": "D4"},
                     {"name": "r2", "unit": "us-rifles", "side": "us", "at": "F4"},
                     {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "E6"}])
    state.units[n["lt"]].st.granted[group_effects.HEROIC_CHARGE] = 0
    count, done = _run(state, n, group_effects.heroic_charge, "lt")
    assert count == 2 and {u for u, _ in done} == {n["r1"], n["r2"]}
    plain, m = make([{"name": "lt", "unit": "us-lieutenant", "side": "us", "at": "E4"},
                     {"name": "r1", "unit": "us-rifles", "side": "us", "at": "D4"},
                     {"name": "g", "unit": "de-grenadiers", "side": "de", "at": "E6"}])
    assert _run(plain, m, group_effects.heroic_charge, "lt") == (0, [])
