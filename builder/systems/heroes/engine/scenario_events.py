"""Scenario turn events (builder/systems/heroes/content/models/scenario_events.py, TurnEvent/Effect),
run at their timing (000 Setup > scenario events; 002 Solo Mode, Family Meeting 1
and 2).

Each effect is first offered to the rules variant (:meth:`Rules.scenario_effect`: the
Solo game mode moves its danger gauge; the core rules, which have none, log a
``set_danger`` as not applicable); the engine does the rest:

- ``score``: victory points;
- ``add_marker``: Activated or Suppressed markers, or the markers of
  :mod:`builder.systems.heroes.engine.markers` (life points, avert suppression, opportunity fire,
  defence bonus) on the units the selector names (:mod:`builder.systems.heroes.engine.scenario_units`);
- ``place_unit``/``reinforce``: set-aside (or destroyed, when named) units on the
  squares given; with ``square_rules`` the best qualifying square, and with
  ``if_impossible: postpone`` the rest of the event waits for the same timing of the
  next turn (``GameState.postponed``);
- ``fire``: an immediate shot (:mod:`builder.systems.heroes.engine.scenario_fire`);
- ``roll_table``: a die through the game's dice, the column by the AI attitude
  (:meth:`Rules.scenario_attitude`), then the outcome's effects;
- ``move_toward``: units move nearer an objective or tactical bonus;
- ``end_game``: sudden death at the end of the round (:mod:`builder.systems.heroes.engine.sudden_death`);
- an effect a feature module registers (``register(..., scenario_effects=)``, hook
  ``scenario_effect``): a support tile entering play, the turn marker moved on, a
  demolition target opened; this module names none of them.

``special`` effects are logged as not simulated (see the coverage); ``lost`` effects, whose
printed text was lost in transcription, are logged ``event-lost`` with what was lost and never
played (no effect is guessed for them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from builder.systems.heroes.engine import effects, markers, sudden_death
from builder.systems.heroes.engine.damage import roll, suppress
from builder.kernel.events import Event
from builder.systems.heroes.engine.scenario_fire import fire
from builder.systems.heroes.engine.scenario_units import move_toward, place_units, select
from builder.systems.heroes.engine.victory import holds

from builder.systems.heroes.engine.derived import Derived, derived
from builder.systems.heroes.engine.state import RuleField, declare_field, key_rows, rule_field, set_rule_field
if TYPE_CHECKING:
    from builder.systems.heroes.engine.state import GameState

POSTPONED: Final[RuleField[tuple[tuple[int, int], ...]]] = declare_field("postponed", __name__, key=key_rows)
"""Events postponed (an effect that could not be carried out yet): ``(event index, effect index)``."""
STATUS = {
    "score": ("simulated", ""),
    "add_marker": ("simulated", ""),
    "place_unit": ("simulated", ""),
    "reinforce": ("partial", "see the scenario rule 'reinforcements' (builder/systems/heroes/engine/features/reinforcements.py)"),
    "place_objective": ("simulated", "see the scenario rule 'placed-objectives'"),
    "offer_end": ("simulated", "see the scenario rule 'early-end'"),
    "fire": ("partial", "in the core rules the engine takes the target with the best odds instead of asking "
                        "the side's player (the Solo AI picks with its firing table)"),
    "roll_table": ("simulated", ""),
    "move_toward": ("partial", "the move draws no opportunity fire"),
    "set_danger": ("simulated", ""),
    "end_game": ("simulated", ""),
    "support_tile": ("partial", "see the scenario rule 'support-tile' (builder/systems/heroes/engine/features/support_tiles.py)"),
    "advance_turn_marker": ("simulated", ""),
    "open_target": ("partial", "see the scenario rule 'demolition-targets' (builder/systems/heroes/engine/features/demolition_targets.py)"),
    "lost": ("not simulated", "printed text lost, not played: logged event-lost with what was lost (C360, P550)"),
}


def run_events(state: "GameState", timing: str) -> None:
    """Postponed events due at this timing, then this turn's events."""
    events = state.static.scenario.events
    postponed = rule_field(state, POSTPONED)
    if postponed:
        due = [p for p in postponed if events[p[0]].timing.value == timing]
        set_rule_field(state, POSTPONED, tuple(p for p in postponed if p not in due))
        for ei, first in due:
            _run(state, ei, first)
    for ei, ev, turns in _events_at(state, timing):
        if state.turn not in turns:
            continue
        if ev.when is not None:
            if not holds(state, ev.when):
                continue
        _run(state, ei, 0)


def _events_at(state: "GameState", timing: str) -> list[tuple[int, Any, tuple[int, ...]]]:
    """The scenario's events of ``timing`` with their index and turns, sorted out once
    per game: phases ask at every step, and an event's timing is a content model's
    enum, whose value Python reads through a descriptor each time."""
    return derived(state, _BY_TIMING).get(timing, [])


def _by_timing(state: "GameState") -> dict[str, list[tuple[int, Any, tuple[int, ...]]]]:
    by_timing: dict[str, list[tuple[int, Any, tuple[int, ...]]]] = {}
    for ei, ev in enumerate(state.static.scenario.events):
        by_timing.setdefault(ev.timing.value, []).append((ei, ev, tuple(ev.turns)))
    return by_timing


_BY_TIMING: Final = Derived("scenario_events: the scenario's events (index, event, turns) by timing", _by_timing)


def _run(state: "GameState", ei: int, first: int) -> None:
    """Effects of event ``ei`` from ``first`` on; an effect that cannot be carried
    out and says so postpones itself and the rest of the event."""
    ev = state.static.scenario.events[ei]
    for k in range(first, len(ev.effects)):
        if not effect(state, ev.effects[k], ev.side):
            set_rule_field(state, POSTPONED, rule_field(state, POSTPONED) + ((ei, k),))
            state.events.append(Event("event-postponed", {"event": ei, "effect": k, "turn": state.turn}))
            return


def effect(state: "GameState", eff: Any, event_side: str | None = None) -> bool:
    """Carry out one effect; False when it is postponed."""
    ids = state.side_ids
    side_id = eff.side or (eff.selector.side if eff.selector else None) or event_side
    si = ids.index(side_id) if side_id in ids else -1
    handled = state.rules.scenario_effect(state, eff, si)
    if handled is not None:
        return handled
    if eff.do == "end_game":
        sudden_death.declare(state, eff)
        return True
    carry_out = effects.scenario_effect(state, eff.do)
    if carry_out is not None:  # a feature's effect (a support tile, the turn marker, a demolition target opened)
        return bool(carry_out(state, eff, si))
    if eff.do == "lost":  # printed text lost in transcription: named, never played (no guess)
        state.events.append(Event("event-lost", {"text": eff.text, "lost": eff.lost or ""}))
        return True
    if si < 0 and eff.do != "special":
        state.events.append(Event("event-not-simulated", {"do": eff.do, "text": eff.text, "why": "no side"}))
        return True
    if eff.do == "score":
        state.sides[si].vp += eff.count or 0
        state.events.append(Event("scenario-score", {"side": si, "vp": eff.count or 0}))
    elif eff.do == "add_marker":
        add_marker(state, eff, si)
    elif eff.do in ("place_unit", "reinforce"):
        return place_units(state, eff, si)
    elif eff.do == "fire":
        fire(state, eff, si)
    elif eff.do == "roll_table":
        roll_table(state, eff, event_side)
    elif eff.do == "move_toward":
        move_toward(state, eff, si, state.rules.tactical_bonus_squares(state))
    else:
        state.events.append(Event("event-not-simulated", {"do": eff.do, "text": eff.text}))
    return True


def add_marker(state: "GameState", eff: Any, si: int) -> None:
    for u in select(state, eff.selector, si):
        if eff.marker == "activated":
            u.activated = True
            state.events.append(Event("activated", {"unit": u.id, "why": "scenario"}))
        elif eff.marker == "suppressed":
            suppress(state, u, eff.count or 1, "scenario")
        else:
            markers.add(state, u.id, str(eff.marker), eff.count or 1)


def roll_table(state: "GameState", eff: Any, event_side: str | None) -> None:
    """Roll a die; by attitude, the AI attitude picks the column (002 Solo Mode,
    Family Meeting 2: roll and apply the result of the AI's attitude)."""
    die = roll(state, "scenario roll table")
    if eff.by_attitude:
        attitude = state.rules.scenario_attitude(state)
        row = next(cols for key, cols in eff.by_attitude.items() if die in _results(key))
        outcome = row[attitude]
        chosen = eff.outcomes[outcome]
        state.events.append(Event("roll-table", {"die": die, "attitude": attitude, "outcome": outcome}))
    else:
        key = next(k for k in eff.table if die in _results(k))
        chosen = eff.table[key]
        state.events.append(Event("roll-table", {"die": die, "outcome": key}))
    for sub in chosen:
        effect(state, sub, event_side)


def _results(key: str) -> range:
    low, _, high = key.partition("-")
    return range(int(low), int(high or low) + 1)
