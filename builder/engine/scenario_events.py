"""Scenario turn events (builder/content/models/scenario.py, TurnEvent/Effect),
run at their timing. Simulated effects: ``score`` (victory points), ``add_marker``
of Suppressed or Activated markers, ``place_unit``/``reinforce`` of set-aside units on the
given squares. Other effects are logged as not simulated (see the coverage).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.engine.damage import suppress
from builder.engine.events import Event

if TYPE_CHECKING:
    from builder.engine.state import GameState

SIMULATED = ("score", "add_marker", "place_unit", "reinforce")
STATUS = {
    "score": ("simulated", ""),
    "add_marker": ("partial", "Suppressed and Activated markers only"),
    "place_unit": ("partial", "first free square of those given; square rules and postponing are ignored"),
    "reinforce": ("partial", "first free square of those given"),
}


def run_events(state: "GameState", timing: str) -> None:
    ids = state.side_ids
    for ev in state.static.scenario.events:
        if ev.timing.value != timing or state.turn not in ev.turns:
            continue
        when = getattr(ev, "when", None)
        if when is not None:
            from builder.engine.victory import holds
            if not holds(state, when):
                continue
        for eff in ev.effects:
            _effect(state, eff, ids)


def _effect(state: "GameState", eff, ids: list[str]) -> None:  # type: ignore[no-untyped-def]
    side_id = eff.side or (eff.selector.side if eff.selector else None)
    si = ids.index(side_id) if side_id in ids else -1
    if eff.do == "score" and si >= 0:
        state.sides[si].vp += eff.count or 0
        state.events.append(Event("scenario-score", {"side": si, "vp": eff.count or 0}))
    elif eff.do == "add_marker" and eff.marker in ("suppressed", "activated") and si >= 0:
        sel = eff.selector
        units = [u for u in state.units if u.side == si and u.active
                 and (sel is None or sel.unit_type is None or u.type == sel.unit_type)
                 and (sel is None or sel.unit is None or u.st.profile.id == sel.unit)]
        for u in units[: (sel.count if sel and sel.count else len(units))]:
            if eff.marker == "activated":
                u.activated = True
                state.events.append(Event("activated", {"unit": u.id, "why": "scenario"}))
            else:
                suppress(state, u, eff.count or 1, "scenario")
    elif eff.do in ("place_unit", "reinforce") and si >= 0:
        from builder.engine.setup import place_somewhere
        bf = state.static.bf
        squares = [s for area in eff.at for s in bf.area_squares(area)]
        sel = eff.selector
        for u in state.units:
            if u.side == si and u.alive and u.sq < 0 and u.st.set_aside and not u.st.reinforcement and (
                    sel is None or sel.unit is None or u.st.profile.id == sel.unit):
                if place_somewhere(state, u, squares, 0):
                    state.events.append(Event("reinforcement", {"unit": u.id, "square": u.sq}))
    else:
        state.events.append(Event("event-not-simulated", {"do": eff.do, "text": eff.text}))
