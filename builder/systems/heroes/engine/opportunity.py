"""Opportunity fire (000 core rules, Terrain and Terrain Overlays > Opportunity
Fire; Special Abilities > Opportunity Fire).

During the activation phase only, an infantry unit not yet activated (by a revealed
order or an Activated marker), standing on terrain with the opportunity-fire
symbol, may fire at an enemy whose move crosses its clear or obscured line of
sight. It then loses its order token and takes an Activated marker; the mover does
not stop. The engine applies the move, then offers the moving side's opponent a
pending choice: one ``opfire`` per eligible unit and weapon, at the square of the
path where that shot is best for it, or ``pass``. Not offered during assault moves.
With an Opportunity Fire action card in hand, any unit not yet activated may fire
so, the card being played (``mode`` = the card id).
A unit whose current side shows Opportunity Fire fires too; Overwatch (003, granted
by an option) counts as always on its active side. Infantry with a Panzerfaust
token may fire it instead at a moving vehicle (``extra`` 1: equipment allowing a
shot replaces the unit's shot, builder/systems/heroes/engine/features/anti_tank.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.systems.heroes.engine import markers
from builder.systems.heroes.engine.actions import Action
from builder.systems.heroes.engine.features.anti_tank import PANZERFAUST
from builder.systems.heroes.engine.tokens import spend_token, tokens_left
from builder.kernel.events import Event
from builder.systems.heroes.engine.firing import plan_one, resolve_shot, weapon_usable
from builder.systems.heroes.board.los import sees
from builder.systems.heroes.engine.features.advanced_positions import POSITIONS
from builder.systems.heroes.engine.state import NO_ORDER, rule_field

if TYPE_CHECKING:
    from builder.systems.heroes.engine.state import GameState, UnitState

OPFIRE = "opfire"
CARD_KEY = "opportunity-fire"
CARD_BIT = 1 << 15
PANZERFAUST_BIT = 1 << 14  # the shot is a Panzerfaust token's (``extra`` 1 on the action)
SQUARE_MASK = PANZERFAUST_BIT - 1


def opfire_mode(action: Action) -> str:
    """The shot mode of an ``opfire`` action: a Panzerfaust token's with ``extra``."""
    return PANZERFAUST if action.extra else "normal"


def unactivated(state: "GameState", u: "UnitState") -> bool:
    return not (u.activated or u.acted or u.concealed or u.sq < 0 or not u.alive or u.wreck
                or u.id == state.current)


def may_opportunity_fire(state: "GameState", u: "UnitState") -> bool:
    """Infantry not yet activated, on opportunity-fire terrain (or an advanced
    position, builder/systems/heroes/engine/features/advanced_positions.py) or showing the Opportunity
    Fire ability (or Overwatch, 003, which grants it); or any unit not yet
    activated with an opportunity-fire marker (builder/systems/heroes/engine/markers.py)."""
    if (u.activated or u.acted or u.concealed or u.sq < 0 or not u.alive or u.wreck
            or u.id == state.current):  # unactivated(), inlined: asked after every move
        return False
    if markers.MARKERS in state.rule_fields and markers.count(state, u.id, markers.OPPORTUNITY_FIRE):
        return True
    if u.st.profile.type not in ("infantry", "gun"):
        return False
    return (state.static.bf.terrain[u.sq].opportunity_fire or u.ability("opportunity-fire") is not None
            or u.ability("overwatch") is not None or (POSITIONS in state.rule_fields and u.sq in rule_field(state, POSITIONS)))


def opportunity_card(state: "GameState", side: int) -> str:
    """The id of an Opportunity Fire action card in ``side``'s hand, or ""."""
    cards = state.static.pack.items["cards"]
    for cid in state.sides[side].hand:
        card = cards.get(cid)
        if card is not None and card.effect_key == CARD_KEY:
            return cid
    return ""


def watchers(state: "GameState", mover: "UnitState") -> bool:
    """Is any enemy of ``mover`` able to take an opportunity shot at all?"""
    if state.phase != "activation":
        return False
    if opportunity_card(state, 1 - mover.side):
        return any(u.side != mover.side and unactivated(state, u) for u in state.units)
    side = mover.side
    for u in state.units:
        if u.side != side and may_opportunity_fire(state, u):
            return True
    return False


def best_shots(state: "GameState", mover: "UnitState", path: list[int]) -> list[Action]:
    out: list[Action] = []
    dtype = mover.st.profile.faces[mover.face].defence_type
    if dtype is None:
        return out
    card = opportunity_card(state, 1 - mover.side)
    for u in state.units:
        if u.side == mover.side:
            continue
        natural = may_opportunity_fire(state, u)
        if not natural and not (card and unactivated(state, u)):
            continue
        visible = [sq for sq in path if sees(state, u.sq, sq, u, mover)]
        if not visible:
            continue
        for wi, w in enumerate(u.st.profile.faces[u.face].weapons):
            if w.against(dtype) is None or not weapon_usable(state, u, wi):
                continue
            best = _best_square(state, u, wi, mover, visible, "normal")
            if best >= 0:
                out.append(Action(OPFIRE, unit=u.id, weapon=wi, target=mover.id, square=best,
                                  mode="" if natural else card))
        if mover.is_vehicle and PANZERFAUST in state.static.sides[u.side].keys and u.type == "infantry" \
                and tokens_left(state, u, PANZERFAUST) and u.st.profile.faces[u.face].weapons:
            best = _best_square(state, u, 0, mover, visible, PANZERFAUST)
            if best >= 0:
                out.append(Action(OPFIRE, unit=u.id, weapon=0, target=mover.id, square=best,
                                  mode="" if natural else card, extra=1))
    return out


def _best_square(state: "GameState", u: "UnitState", wi: int, mover: "UnitState", visible: list[int],
                 mode: str) -> int:
    """The square of the path where the shot is best for ``u`` (-1: none)."""
    best, need = -1, 10**6
    for sq in visible:
        plan = plan_one(state, u, wi, mover, u.sq, sq, mode)
        if plan.ok and plan.need < need:
            best, need = sq, plan.need
    return best


def offer(state: "GameState", mover: "UnitState", path: list[int]) -> None:
    """Queue the opponent's opportunity-fire choice after ``mover``'s move."""
    if state.phase != "activation" or not path or not mover.active or mover.concealed:
        return
    shots = best_shots(state, mover, path)
    if shots:
        codes = tuple((a.unit << 24) | (a.weapon << 16) | (CARD_BIT if a.mode else 0)
                      | (PANZERFAUST_BIT if a.extra else 0) | a.square for a in shots)
        # shots during the move come before answers to the move's end (a Mine card, builder/systems/heroes/engine/reactions.py)
        at = next((i for i, p in enumerate(state.pending) if p[0] == "react"), len(state.pending))
        state.pending.insert(at, (OPFIRE, 1 - mover.side, mover.id, codes, tuple(path)))


def choices(state: "GameState", pending: tuple) -> list[Action]:
    _, side, mover, codes, _ = pending
    card = opportunity_card(state, side)
    acts = [Action(OPFIRE, unit=c >> 24, weapon=(c >> 16) & 0xFF, target=mover, square=c & SQUARE_MASK,
                   mode=card if c & CARD_BIT else "", extra=1 if c & PANZERFAUST_BIT else 0)
            for c in codes if card or not c & CARD_BIT]
    acts.append(Action("pass"))
    return acts


def resolve(state: "GameState", pending: tuple, action: Action) -> None:
    """Fire (then offer the remaining units again) or pass."""
    if action.kind == "pass":
        return
    mover, path = state.units[pending[2]], list(pending[4])
    firer = state.units[action.unit]
    plan = plan_one(state, firer, action.weapon, mover, firer.sq, action.square, opfire_mode(action))
    if action.extra:
        spend_token(state, firer, PANZERFAUST)
    state.events.append(Event("opportunity-fire", {"unit": firer.id, "target": mover.id, "square": action.square}))
    firer.activated = True
    firer.order = NO_ORDER
    if action.mode:  # fired thanks to an Opportunity Fire action card
        side = state.sides[firer.side]
        side.hand.remove(action.mode)
        side.discard.append(action.mode)
        state.events.append(Event("card", {"side": firer.side, "card": action.mode, "unit": firer.id}))
    resolve_shot(state, plan)
    if markers.MARKERS in state.rule_fields:  # the marker that allowed it is discarded once the fire is resolved
        markers.spend(state, firer.id, markers.OPPORTUNITY_FIRE, 1)
    offer(state, mover, path)
