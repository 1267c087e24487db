"""Solo Mode tactical bonuses on the battlefield (002 Solo Mode, 2.2 Tactical Bonuses and
Tactical Bonus Descriptions).

The scenario says how many tokens to lay; they are drawn face down from the Solo Mode
tokens and spread evenly outside the deployment zones. Infantry alone on or next to a
token takes it; the token then works differently for the AI (onto its dashboard, four
at most) and for the player. Simulated effects: Grand Strategy, Danger, Reinforcements
(AI), Advantage (player), Opportunistic (AI), Tactician, Nothing. Not simulated (logged):
Resupply (gear markers are not tracked per use), Trap (its combat values were lost in
transcription), Advantage for the AI (supply order), Reinforcements and Opportunistic for
the player.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builder.ai import evaluate as ev
from builder.engine.events import Event

if TYPE_CHECKING:
    from builder.ai.solo_mode.rules import SoloModeRules
    from builder.engine import GameState

DASHBOARD = 4
PERMANENT = ("grand-strategy", "advantage", "opportunistic", "tactician")


def lay_tokens(rules: "SoloModeRules", state: "GameState") -> None:
    """Draw the scenario's number of tokens and spread them: each next square is the
    free one farthest from the tokens already laid and the objectives."""
    solo = rules.solo
    count = int(getattr(state.static.scenario, "tactical_bonuses", 0) or 0)
    pool = [b.effect_key or b.id for b in sorted(state.static.pack.items.get("tactical_bonuses", {}).values(),
                                                    key=lambda b: b.id) for _ in range(b.count)]
    if not count or not pool:
        return
    solo.rng.shuffle(pool)
    tokens = pool[:count]
    for token, sq in zip(tokens, _spread(state, len(tokens))):
        solo.bonuses[sq] = token


def _spread(state: "GameState", count: int) -> list[int]:
    """Up to ``count`` squares for the tokens, in laying order: each next square is the
    free one farthest from the squares already chosen and the objectives (distances
    read from builder.ai.evaluate's rows, shared by every game on the battlefield)."""
    bf = state.static.bf
    free, nearest = _candidates(state)
    free = [sq for sq in free if state.occ[sq] < 0]
    chosen: list[int] = []
    for _ in range(count):
        if not free:
            break
        sq = max(free, key=lambda s: (nearest[s], -s))
        chosen.append(sq)
        free.remove(sq)
        nearest = [d if d < n else n for n, d in zip(nearest, ev.square_row(bf, sq))]
    return chosen


_CANDIDATES: dict[tuple[Any, ...], tuple[list[int], list[int]]] = {}


def _candidates(state: "GameState") -> tuple[list[int], list[int]]:
    """Squares a token may go on (outside deployment zones and entry squares, not an
    objective, open to infantry) and each square's distance to the nearest objective;
    shared by every game of the scenario in a process."""
    scenario, bf = state.static.scenario, state.static.bf
    key = (scenario.id, bf.key or id(bf))
    got = _CANDIDATES.get(key)
    if got is None:
        zones: set[int] = set()
        for spec in scenario.sides:
            for area in spec.deployment:
                zones.update(bf.area_squares(area))
            zones.update(bf.square(sq) for sq in spec.entry)
        taken = [o[1] for o in state.static.objectives]
        free = [sq for sq in range(bf.size) if sq not in zones and sq not in taken
                and bf.enterable(sq, "infantry", False)]
        nearest = [min((bf.distance(s, a) for a in taken), default=99) for s in range(bf.size)]
        got = _CANDIDATES[key] = (free, nearest)
    return got


def check_taken(rules: "SoloModeRules", state: "GameState") -> None:
    """Infantry of one side alone on or next to a token takes it (a decoy counter, which
    stands for no unit, neither takes nor disputes one: builder.engine.decoys)."""
    solo = rules.solo
    if not solo.bonuses:
        return
    bf = state.static.bf
    for sq in list(solo.bonuses):
        sides = set()
        for s in (sq, *bf.adjacent(sq)):
            o = state.occ[s]
            if o >= 0 and state.units[o].type == "infantry" and state.units[o].active and not state.units[o].st.decoy:
                sides.add(state.units[o].side)
        if len(sides) == 1:
            token = solo.bonuses.pop(sq)
            side = sides.pop()
            state.events.append(Event("tactical-bonus", {"side": side, "bonus": token, "square": sq}))
            if side == rules.ai:
                ai_takes(rules, state, token)
            else:
                player_takes(rules, state, token)


def ai_takes(rules: "SoloModeRules", state: "GameState", token: str) -> None:
    from builder.ai.solo_mode.events import apply_tiles

    solo = rules.solo
    rules.rules_fired[f"tactical-bonus/{token}:ai"] += 1
    if token in PERMANENT:
        if len(solo.dashboard) >= DASHBOARD:
            return
        solo.dashboard.append(token)
    if token == "grand-strategy":
        solo.extra_orders += 1
    elif token == "danger":
        apply_tiles(rules, state, solo.gauge.climb())
    elif token == "reinforcements":
        rules.reinforce(state)
    elif token == "opportunistic":
        solo.reserve_cap = 4
    elif token == "tactician":
        solo.tactician += 1
    elif token in ("resupply", "trap", "advantage"):
        rules.rules_fired[f"tactical-bonus/{token}:not-simulated"] += 1


def player_takes(rules: "SoloModeRules", state: "GameState", token: str) -> None:
    solo = rules.solo
    rules.rules_fired[f"tactical-bonus/{token}:player"] += 1
    if token == "grand-strategy":
        solo.player_specials += 1
    elif token == "danger":
        solo.gauge.position = max(1, solo.gauge.position - 1)
    elif token == "tactician":
        solo.player_orders += 1
    elif token == "advantage" and solo.dashboard:
        discard_from_dashboard(rules, solo.dashboard[-1])
    elif token in ("resupply", "trap", "reinforcements", "opportunistic"):
        rules.rules_fired[f"tactical-bonus/{token}:not-simulated"] += 1


def discard_from_dashboard(rules: "SoloModeRules", token: str) -> None:
    """The player's Advantage removes a token from the AI's dashboard, and its effect."""
    solo = rules.solo
    solo.dashboard.remove(token)
    if token == "grand-strategy":
        solo.extra_orders -= 1
    elif token == "opportunistic":
        solo.reserve_cap = 3
        solo.reserve = min(solo.reserve, 3)
    elif token == "tactician":
        solo.tactician -= 1


def token_squares(state: "GameState") -> list[int]:
    solo = getattr(state.rules, "solo", None)
    return list(solo.bonuses) if solo is not None and getattr(solo, "bonuses", None) else []


