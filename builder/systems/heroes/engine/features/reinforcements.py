"""Reinforcements bought with points and entering when the scenario says (003 Battle for
Normandy, Campaign > 1 Trading Blows: "REINFORCEMENTS - 180 POINTS"; once the command post
is taken "the CW Player may then enter his reinforcement Units into play on the next turn",
through the arrow squares).

A ``reinforce`` effect (builder/systems/heroes/content/models/scenario_events.py) reads three parameters:

- ``points``: the side's reinforcements are bought at set-up from its faction's tiles for
  that many points (the printed list was lost in transcription: the seeded army search of
  the default armies buys them, builder/systems/heroes/engine/armies.py ``default_composition``),
  and kept off the battlefield (set aside: builder/systems/heroes/engine/armies.py
  ``reinforcement_points``); their tiles' stars count for order tokens only
  once one of their units has entered (builder/systems/heroes/engine/rules.py);
- ``from: next_turn`` or ``enter_on_turn: N``: the units enter as the Orders phase of that
  turn starts, on the effect's arrow squares (a free one each; units that find every
  arrow square taken come the next turn), so they can take orders that turn; without
  either, at once;
- ``once``: the effect happens the first time its event does, never again.

Reading: the printed "enter ... in the Activation Phase or Supply Phase" is played as the
units laid on the arrow squares at the start of the turn (their entry move is not
counted); the rule field ``reinforcements_due`` (declared here) holds the effects waiting
(event, effect, turn).
"""

from __future__ import annotations

from typing import Any, Final, TYPE_CHECKING

from builder.kernel.events import Event
from builder.systems.heroes.engine.effects import register
from builder.systems.heroes.engine.effects.hooks import IN_SCENARIO, ON_PHASE, SCENARIO_EFFECT
from builder.systems.heroes.engine.scenario_units import place_units, to_place
from builder.systems.heroes.engine.state import RuleField, declare_field, key_rows, rule_field, set_rule_field

if TYPE_CHECKING:
    from builder.systems.heroes.engine.state import GameState

RULE = "003 Battle for Normandy, Campaign > 1 Trading Blows, Victory Conditions (reinforcements)"
DUE: Final[RuleField[tuple[tuple[int, int, int], ...]]] = declare_field("reinforcements_due", __name__, key=key_rows)
DONE: Final[RuleField[tuple[tuple[int, int], ...]]] = declare_field("reinforcements_done", __name__)


def _where(state: "GameState", eff: Any) -> tuple[int, int]:
    for ei, ev in enumerate(state.static.scenario.events):
        for k, e in enumerate(ev.effects):
            if e is eff:
                return ei, k
    return -1, -1


def reinforce(state: "GameState", eff: Any, side: int) -> bool:
    """Carry out a ``reinforce`` effect: now, or on the turn it names."""
    ei, k = _where(state, eff)
    if eff.params.get("once") and ((ei, k) in rule_field(state, DONE)
                                   or any(d[:2] == (ei, k) for d in rule_field(state, DUE))):
        return True
    turn = state.turn + 1 if eff.params.get("from") == "next_turn" else int(eff.params.get("enter_on_turn") or 0)
    if turn > state.turn:
        set_rule_field(state, DUE, rule_field(state, DUE) + ((ei, k, turn),))
        state.events.append(Event("reinforcements-due", {"side": side, "turn": turn}))
        return True
    set_rule_field(state, DONE, rule_field(state, DONE) + ((ei, k),))
    return place_units(state, eff, side)


def on_phase(state: "GameState", phase: str) -> None:
    """As the Orders phase of their turn starts, the reinforcements due enter."""
    if phase != "orders":
        return
    due = rule_field(state, DUE)
    now = [d for d in due if d[2] <= state.turn]
    if not now:
        return
    set_rule_field(state, DUE, tuple(d for d in due if d[2] > state.turn))
    ids = state.side_ids
    for ei, k, _ in now:
        ev = state.static.scenario.events[ei]
        eff = ev.effects[k]
        side_id = eff.side or (eff.selector.side if eff.selector else None) or ev.side
        if side_id not in ids:
            continue
        side = ids.index(side_id)
        place_units(state, eff, side)
        if to_place(state, eff.selector, side):  # the arrows are taken: the rest come next turn
            set_rule_field(state, DUE, rule_field(state, DUE) + ((ei, k, state.turn + 1),))
            state.events.append(Event("reinforcements-due", {"side": side, "turn": state.turn + 1}))
        else:
            set_rule_field(state, DONE, rule_field(state, DONE) + ((ei, k),))


def in_scenario(state: "GameState") -> bool:
    return any(eff.do == "reinforce" for ev in state.static.scenario.events for eff in ev.effects)


register("scenario-rule", "reinforcements", "Reinforcements bought with points, entering on the turn printed",
         "partial", RULE,
         "the units are laid on the arrow squares as the Orders phase of their turn starts (their entry move is "
         "not counted); bought by the default armies' seeded search when the printed list was lost",
         scenario_effects=("reinforce",), hooks=[SCENARIO_EFFECT.by(reinforce), IN_SCENARIO.by(in_scenario), ON_PHASE.by(on_phase)])
