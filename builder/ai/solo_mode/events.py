"""Danger tiles and the Solo Mode effects of scenario events the core engine leaves to
the variant: life point markers and jumps of the danger marker (002 Solo Mode, Life
Points; Danger Tiles; Family Meeting 1, turns 2 and 5)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builder.ai import evaluate as ev
from builder.engine.events import Event

if TYPE_CHECKING:
    from builder.ai.solo_mode.rules import SoloModeRules
    from builder.engine import GameState


def nearest_objective_infantry(rules: "SoloModeRules", state: "GameState", count: int) -> list[int]:
    units = [u for u in state.units if u.side == rules.ai and u.active and u.type == "infantry" and not u.st.decoy]
    units.sort(key=lambda u: (ev.nearest_objective_distance(state, u.sq, u.side), u.id))
    return [u.id for u in units[:count]]


def add_life_points(rules: "SoloModeRules", state: "GameState", count: int, each: int = 1) -> None:
    solo = rules.solo
    for uid in nearest_objective_infantry(rules, state, count):
        solo.life[uid] = solo.life.get(uid, 0) + each
        state.events.append(Event("life-point-marker", {"unit": uid}))


def apply_tiles(rules: "SoloModeRules", state: "GameState", tiles: list[Any]) -> None:
    """Reveal danger tiles and apply their bonuses at once (they add up)."""
    solo = rules.solo
    for tile in tiles:
        if tile is None:
            continue
        state.events.append(Event("danger-tile", {"tile": tile.id, "level": tile.level}))
        rules.rules_fired[f"danger/{tile.level}:{tile.bonus}"] += 1
        if tile.bonus == "life_points":
            add_life_points(rules, state, tile.amount)
        elif tile.bonus == "extra_order":
            solo.extra_orders += tile.amount
        elif tile.bonus == "combat":
            solo.combat += tile.amount
        elif tile.bonus == "action_card":
            for _ in range(tile.amount):
                rules.draw_action_card()
        elif tile.bonus == "reinforcements":
            for _ in range(tile.amount):
                rules.reinforce(state)
        elif tile.bonus == "rally":
            for u in state.units:
                if u.side == rules.ai:
                    u.suppressed = 0


def _holds(state: "GameState", cond: Any) -> bool:
    """The few scenario conditions Solo events use: destroyed / not."""
    if cond is None:
        return True
    if hasattr(cond, "not_"):
        return not _holds(state, cond.not_)
    if hasattr(cond, "destroyed"):
        spec = cond.destroyed
        units = [u for u in state.units if u.st.profile.id == spec.unit and not u.bagged]
        return bool(units) and all(not u.alive for u in units)
    return True


def start_of_activation(rules: "SoloModeRules", state: "GameState") -> None:
    """Life point markers and danger jumps of this turn's scenario events."""
    for event in state.static.scenario.events:
        if event.timing.value != "start_of_activation" or state.turn not in event.turns:
            continue
        if not _holds(state, event.when):
            continue
        for eff in event.effects:
            if eff.do == "add_marker" and eff.marker == "life_point":
                count = eff.selector.count if eff.selector and eff.selector.count else 3
                add_life_points(rules, state, count, eff.count or 1)
            elif eff.do == "set_danger" and eff.danger_level:
                tiles = rules.solo.gauge.set_level(eff.danger_level, dict(eff.danger_spaces), rules.difficulty,
                                                   eff.if_reached)
                rules.rules_fired["danger/scenario-jump"] += 1
                apply_tiles(rules, state, tiles)
