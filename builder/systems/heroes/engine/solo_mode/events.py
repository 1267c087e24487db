"""Danger tiles and their bonuses, and the Solo Mode effects of scenario events the core
engine leaves to the variant: jumps of the danger marker (002 Solo Mode, Life Points;
Danger Tiles; Family Meeting 1, turn 5). Life point markers are engine state
(builder/systems/heroes/engine/markers.py), honoured by the core rules' ``hits_taken``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builder.systems.heroes.engine import markers
from builder.kernel.events import Event

if TYPE_CHECKING:
    from builder.systems.heroes.engine.solo_mode.rules import SoloModeRules
    from builder.systems.heroes.engine.state import GameState


def nearest_objective_infantry(rules: "SoloModeRules", state: "GameState", count: int) -> list[int]:
    """The AI's ``count`` infantry units nearest an objective or a tactical bonus token
    still on the battlefield (then the lowest id): those a Life Points tile marks."""
    units = [u for u in state.units if u.side == rules.ai and u.active and u.type == "infantry" and not u.st.decoy]
    units.sort(key=lambda u: (objective_distance(state, u.sq), u.id))
    return [u.id for u in units[:count]]


def objective_distance(state: "GameState", sq: int) -> int:
    """Squares from ``sq`` to the nearest objective or tactical bonus token on the
    battlefield; 99 when there is none."""
    bf = state.static.bf
    squares = [o[1] for o in state.static.objectives] + sorted(state.variant.bonuses if state.variant is not None else ())
    return min((bf.distance(sq, target) for target in squares), default=99)


def add_life_points(rules: "SoloModeRules", state: "GameState", count: int, each: int = 1) -> None:
    for uid in nearest_objective_infantry(rules, state, count):
        markers.add(state, uid, markers.LIFE_POINT, each)
        state.events.append(Event("life-point-marker", {"unit": uid}))


def set_danger(rules: "SoloModeRules", state: "GameState", eff: Any) -> None:
    """A scenario's jump of the danger marker to the first space of a level, by
    difficulty (Family Meeting 1, turn 5); the tiles reached are revealed at once."""
    gauge = rules.solo_state(state).gauge
    tiles = gauge.set_level(str(eff.danger_level), dict(eff.danger_spaces), rules.difficulty, eff.if_reached)
    rules.rules_fired["danger/scenario-jump"] += 1
    state.events.append(Event("danger-jump", {"position": gauge.position, "level": gauge.level}))
    apply_tiles(rules, state, tiles)


def apply_tiles(rules: "SoloModeRules", state: "GameState", tiles: list[Any]) -> None:
    """Reveal danger tiles and apply their bonuses at once (they add up)."""
    solo = rules.solo_state(state)
    for tile in tiles:
        if tile is None:
            continue
        state.events.append(Event("danger-tile", {"tile": tile.id, "level": tile.level}))
        rules.rules_fired[f"danger/{tile.level}:{tile.bonus}"] += 1
        amount = tile.amount_at(rules.difficulty)  # 002 Solo Mode, Danger Tiles: the bonus depends on the difficulty
        if tile.bonus == "life_points":
            add_life_points(rules, state, amount)
        elif tile.bonus == "extra_order":
            solo.extra_orders += amount
        elif tile.bonus == "combat":
            solo.combat += amount
        elif tile.bonus == "action_card":
            for _ in range(amount):
                rules.draw_action_card(state)
        elif tile.bonus == "reinforcements":
            for _ in range(amount):
                rules.reinforce(state)
        elif tile.bonus == "rally" and amount:
            for u in state.units:
                if u.side == rules.ai:
                    u.suppressed = 0
