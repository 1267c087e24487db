"""The artillery-shot card (the German deck's Flak 10: 000 core rules, Action Card;
Recruitment Options > Orders > Artillery; 002 Solo Mode, Scenarios List >
Bombing, which sets the Flak 10 apart from the cards placing templates and gives
it combat values of its own).

The card fires one shot, with no unit firing, at an enemy unit that some square
of the side's deployment edge sees (the squares of its deployment zone on the
battlefield's border; the whole zone when none lies on it). It is played in the
side's own activation, on the enemy unit, like the barrage cards. The attack is
the blast machinery's (:func:`builder.systems.heroes.engine.features.blast.blast_plan`, resolved by
:func:`builder.systems.heroes.engine.firing.resolve_shot`): the card's combat bonus against the
target's defence type, the terrain's defence bonus, a heavy vehicle's side
defence, no range or sight terms. The card's values are placeholders in the
content (``combat``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from builder.systems.heroes.engine.features.blast import Pattern, _affected, _combat, blast_plan
from builder.systems.heroes.engine.effects import register
from builder.systems.heroes.engine.effects.hooks import CARD_PHASE, CARD_PLAY, CARD_PLAYABLE
from builder.systems.heroes.engine.effects.cards import ON_ENEMY
from builder.kernel.events import Event
from builder.systems.heroes.engine.firing import resolve_shot
from builder.systems.heroes.board.los import sight
from builder.systems.heroes.engine.derived import Derived, derived, table

if TYPE_CHECKING:
    from builder.systems.heroes.engine.state import GameState, UnitState

KEY = "artillery-shot"
R_CARD = ("000 core rules, Action Card; Recruitment Options > Orders > Artillery; 002 Solo Mode, Scenarios List > "
          "Bombing (Flak 10); card effect as the pack words it")


_CARD_PATTERNS: Final[Derived[dict[int, Pattern | None]]] = table(
    "artillery_shot: the shot of a side's card (None: none), by side")


def card_pattern(state: "GameState", side: int) -> Pattern | None:
    """The card's shot as a one-unit pattern (the pack's ``combat`` values)."""
    cache = derived(state, _CARD_PATTERNS)
    if side not in cache:
        faction = state.static.sides[side].faction
        cards = [c for c in state.static.pack.items["cards"].values()
                 if c.effect_key == KEY and getattr(c, "combat", None) is not None]
        mine = [c for c in cards if c.faction == faction] or cards
        cache[side] = None if not mine else Pattern(KEY, 0, _combat(mine[0].combat), 10**6, 0, False, -1)
    return cache[side]


_EDGES: Final[Derived[dict[int, tuple[int, ...]]]] = table(
    "artillery_shot: a side's deployment edge, by side")


def edge(state: "GameState", side: int) -> tuple[int, ...]:
    """The side's deployment edge: its deployment squares on the border."""
    cache = derived(state, _EDGES)
    out = cache.get(side)
    if out is None:
        bf = state.static.bf
        spec = state.static.scenario.sides[side]
        zone = [s for area in spec.deployment for s in bf.area_squares(area)]
        zone += [bf.square(sq) for sq in spec.entry]
        zone = list(dict.fromkeys(zone))
        border = [s for s in zone if s % bf.width in (0, bf.width - 1) or s // bf.width in (0, bf.height - 1)]
        out = cache[side] = tuple(border or zone)
    return out


def in_sight(state: "GameState", side: int, t: "UnitState") -> bool:
    """Does a square of the side's deployment edge see a square of ``t``? (Kept
    for the decision: asked for every enemy while the card is in hand.)"""
    key = ("artillery-shot", side, t.id)
    seen = state.memo.get(key)
    if seen is None:
        seen = state.memo[key] = any(a == b or sight(state, a, b, None, t).ok
                                     for b in state.squares_of(t) for a in edge(state, side))
    return bool(seen)


def _playable(state: "GameState", unit: Any) -> bool:
    """An enemy unit a blast may touch (on the battlefield, not concealed), that
    the side's deployment edge sees, and against whose defence the card has a value."""
    side = state.to_act
    if side is None or unit.side == side or not _affected(state, unit):
        return False
    p = card_pattern(state, side)
    return p is not None and blast_plan(state, None, unit, p).ok and in_sight(state, side, unit)


def _play(state: "GameState", unit: Any) -> None:
    """One shot at the unit with the card's values."""
    p = card_pattern(state, state.to_act)  # type: ignore[arg-type]
    if p is None or not _affected(state, unit):
        return
    state.events.append(Event("artillery-shot", {"side": state.to_act, "target": unit.id}))
    plan = blast_plan(state, None, unit, p)
    if plan.ok:
        resolve_shot(state, plan)


register("card", KEY, "Artillery shot card (Flak 10)", "partial", R_CARD,
         "the card's combat values are placeholders; a heavy vehicle defends with its side defence (the facing "
         "towards the deployment edge is not worked out); the deployment edge is the side's deployment squares "
         "on the battlefield's border",
         hooks=[CARD_PHASE.by(lambda: ON_ENEMY), CARD_PLAYABLE.by(_playable), CARD_PLAY.by(_play)])
