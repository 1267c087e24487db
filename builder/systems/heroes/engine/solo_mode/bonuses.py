"""Solo Mode tactical bonuses on the battlefield (002 Solo Mode, 2.2 Tactical Bonuses and
Tactical Bonus Descriptions).

The scenario says how many tokens to lay; a scenario that lays none (one written for two
players) gets the number 2.2 gives for the battlefield's size (:func:`count_for`). They
are drawn face down from the Solo Mode tokens and spread evenly outside the deployment
zones. Infantry alone on or next to a
token takes it; the token then works differently for the AI (onto its dashboard, four
at most) and for the player. Every effect is simulated. The player's single-use tokens
are played for the player when they first help: Resupply at the start of the next order
phase with a spent gear marker (builder.systems.heroes.engine.solo_mode.resupply), Reinforcements at the
start of the next supply phase with a destroyed infantry unit to bring back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builder.systems.heroes.engine.setup import place_somewhere
from builder.systems.heroes.engine.solo_mode import action_cards
from builder.systems.heroes.engine.solo_mode.events import apply_tiles
from builder.systems.heroes.engine.solo_mode.resupply import ai_takes_back_one, player_takes_back_all
from builder.systems.heroes.engine.solo_mode.trap import spring
from builder.kernel.events import Event
from builder.systems.heroes.engine.state import NO_ORDER

if TYPE_CHECKING:
    from builder.systems.heroes.engine.solo_mode.rules import SoloModeRules
    from builder.systems.heroes.engine.state import GameState

DASHBOARD = 4
PERMANENT = ("grand-strategy", "advantage", "opportunistic", "tactician")
LASTING = (*PERMANENT, "resupply")  # tokens that stay on the AI's dashboard
DROP_FIRST = ("advantage", "tactician", "opportunistic", "resupply", "grand-strategy")  # the player's Advantage


BY_BOARDS = ((2, 1), (3, 2), (4, 3), (6, 4))
"""002 Solo Mode, 2.2 Tactical Bonuses: terrain boards (at most) -> tokens laid."""


def count_for(scenario: Any) -> int:
    """Tokens to lay: the scenario's number, or, when it lays none, the number 2.2 gives
    for its terrain boards (1-2 boards one, 3 two, 4 three, 5-6 four; more boards than
    six are read as six)."""
    given = int(getattr(scenario, "tactical_bonuses", 0) or 0)
    if given:
        return given
    boards = len(scenario.layout.boards)
    return next((n for most, n in BY_BOARDS if boards <= most), BY_BOARDS[-1][1])


def lay_tokens(rules: "SoloModeRules", state: "GameState") -> None:
    """Draw the tokens (:func:`count_for`) and spread them: each next square is the
    free one farthest from the tokens already laid and the objectives."""
    solo = rules.solo_state(state)
    count = count_for(state.static.scenario)
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
    measured on the battlefield; the spread is cached per scenario and token count).
    No die decides it, and a square a unit stands on changes nothing unless it would
    have been chosen (each choice is the farthest square left either way): the
    squares for an empty battlefield are worked out once per scenario and count, and
    only a game with a unit on one of them works its own out."""
    candidates, nearest = _candidates(state)
    occ = state.occ
    key = (id(candidates), count)
    unhindered = _SPREADS.get(key)
    if unhindered is None:
        if len(_SPREADS) >= 256:
            _SPREADS.clear()
        unhindered = _SPREADS[key] = _farthest_first(state.static.bf, list(candidates), nearest, count)
    if all(occ[sq] < 0 for sq in unhindered):
        return list(unhindered)
    return list(_farthest_first(state.static.bf, [sq for sq in candidates if occ[sq] < 0], nearest, count))


_SPREADS: dict[tuple[int, int], tuple[int, ...]] = {}
"""Token squares on an empty battlefield, by :func:`_candidates`' list (kept alive in
its cache, so its id is not reused meanwhile) and token count."""


def _farthest_first(bf: Any, free: list[int], nearest: list[int], count: int) -> tuple[int, ...]:
    """``count`` of the ``free`` squares, each the farthest from the objectives and the
    squares already chosen (``nearest``: each square's distance to the nearest objective)."""
    chosen: list[int] = []
    for _ in range(count):
        if not free:
            break
        sq = max(free, key=lambda s: (nearest[s] << 20) - s)  # the farthest, then the lowest square
        chosen.append(sq)
        free.remove(sq)
        nearest = [d if d < n else n for n, d in zip(nearest, [bf.distance(s, sq) for s in range(bf.size)])]
    return tuple(chosen)


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
    stands for no unit, neither takes nor disputes one: builder.systems.heroes.engine.decoys)."""
    solo = rules.solo_state(state)
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
                ai_takes(rules, state, token, sq)
            else:
                player_takes(rules, state, token, sq)


def ai_takes(rules: "SoloModeRules", state: "GameState", token: str, square: int = -1) -> None:
    solo = rules.solo_state(state)
    rules.rules_fired[f"tactical-bonus/{token}:ai"] += 1
    if token in LASTING:
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
    elif token == "trap" and square >= 0:
        spring_trap(state, square)


def player_takes(rules: "SoloModeRules", state: "GameState", token: str, square: int = -1) -> None:
    solo = rules.solo_state(state)
    rules.rules_fired[f"tactical-bonus/{token}:player"] += 1
    if token == "grand-strategy":
        solo.player_specials += 1
    elif token == "danger":
        solo.gauge.position = max(1, solo.gauge.position - 1)
    elif token == "tactician":
        solo.player_orders += 1
    elif token == "advantage" and solo.dashboard:
        discard_from_dashboard(rules, state, min(solo.dashboard, key=DROP_FIRST.index))
    elif token == "opportunistic":
        solo.player_hand += 1
    elif token in ("resupply", "reinforcements"):
        solo.player_tokens.append(token)
    elif token == "trap" and square >= 0:
        spring_trap(state, square)


def spring_trap(state: "GameState", square: int) -> None:
    """The Trap hits every unit next to its square with its printed values."""
    token = next((b for b in state.static.pack.items.get("tactical_bonuses", {}).values()
                  if (b.effect_key or b.id) == "trap"), None)
    if token is not None and token.combat is not None:
        spring(state, square, token.combat)


def player_resupply(rules: "SoloModeRules", state: "GameState") -> None:
    """At the start of an order phase the player discards a held Resupply token if a
    gear option has spent markers (builder.systems.heroes.engine.solo_mode.resupply)."""
    solo = rules.solo_state(state)
    if "resupply" in solo.player_tokens and player_takes_back_all(state, rules.player):
        solo.player_tokens.remove("resupply")
        rules.rules_fired["tactical-bonus/resupply:player-used"] += 1


def ai_resupply(rules: "SoloModeRules", state: "GameState") -> None:
    """At the start of each order phase, an AI holding Resupply takes back one marker."""
    if "resupply" in rules.solo_state(state).dashboard and ai_takes_back_one(state, rules.ai):
        rules.rules_fired["tactical-bonus/resupply:ai-used"] += 1


def player_reinforcement(rules: "SoloModeRules", state: "GameState") -> None:
    """In a supply phase the player discards a held Reinforcements token to bring
    back a destroyed infantry unit in the deployment zone: the one with the most
    sides (a full-strength team before a lone crew; then the first destroyed), on
    the zone's free square nearest an objective."""
    solo = rules.solo_state(state)
    if "reinforcements" not in solo.player_tokens:
        return
    lost = [u for u in state.units if u.side == rules.player and u.type == "infantry" and not u.alive]
    if not lost:
        return
    u = max(lost, key=lambda x: (len(x.st.profile.faces), -x.id))
    spec, bf = state.static.scenario.sides[rules.player], state.static.bf
    zone = [s for area in spec.deployment for s in bf.area_squares(area)] or [bf.square(sq) for sq in spec.entry]
    nearest = _candidates(state)[1]
    zone.sort(key=lambda s: (nearest[s], s))
    u.alive, u.face, u.damage, u.suppressed, u.sq = True, 0, 0, 0, -1
    u.order, u.activated, u.acted = NO_ORDER, False, False
    if not place_somewhere(state, u, zone, 0):
        u.alive = False
        return
    solo.player_tokens.remove("reinforcements")
    rules.rules_fired["tactical-bonus/reinforcements:player-used"] += 1
    state.events.append(Event("reinforcement", {"unit": u.id, "square": u.sq}))


def discard_from_dashboard(rules: "SoloModeRules", state: "GameState", token: str) -> None:
    """The player's Advantage removes a token from the AI's dashboard, and its effect."""
    solo = rules.solo_state(state)
    solo.dashboard.remove(token)
    if token == "grand-strategy":
        solo.extra_orders -= 1
    elif token == "opportunistic":
        solo.reserve_cap = 3
        action_cards.trim(state, rules.ai, 3)
    elif token == "tactician":
        solo.tactician -= 1
    rules.rules_fired[f"tactical-bonus/{token}:discarded-by-player"] += 1
