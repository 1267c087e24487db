"""The core rules as a class (python-chess style): variants such as Solo Mode
subclass :class:`Rules` and override its hook methods.

Hook points: ``on_start_of_phase``, ``on_before_activation``,
``on_end_of_supply``, ``initiative_for_turn``, ``order_tokens_for``,
``discard_lowest_order``, ``movement_bonus``, ``scenario_effect``, ``scenario_attitude``,
``scenario_fire_target``, ``tactical_bonus_squares``, and ``extra_actions``/``apply_extra`` through which a variant
injects its own pending decisions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from mypy_extensions import mypyc_attr

from builder.systems.heroes.engine import alliances, api, effects, markers
from builder.systems.heroes.engine.effects.hooks import MIN_ORDERS, MOVEMENT, ORDER_TOKENS
from builder.systems.heroes.engine.observation import determinize as determinized, observation as observed
from builder.kernel.events import Event
from builder.systems.heroes.engine.phases.orders import start_round
from builder.systems.heroes.engine.scenario_fire import best_odds
from builder.systems.heroes.engine.setup import new_game as set_up
from builder.systems.heroes.engine.state import MAX_ORDERS, NO_ORDER

if TYPE_CHECKING:
    from builder.systems.heroes.engine.actions import Action
    from builder.systems.heroes.engine.state import GameState, UnitState


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled (builder/native.py); variants subclass it in Python
class Rules:
    """Heroes of Normandie core rules (000)."""

    name: ClassVar[str] = "core"

    def __init__(self, options: dict[str, Any] | None = None) -> None:
        self.options = dict(options or {})

    @classmethod
    def new_game(cls, pack: Any, scenario_id: str, *, seed: int, armies: Any = None,
                 options: dict[str, Any] | None = None) -> "GameState":
        """Set up ``scenario_id`` for play: armies, deployment, tokens, first round."""
        rules = cls(options)
        state = set_up(rules, pack, scenario_id, seed, armies, options)
        for i, s in enumerate(state.sides):
            s.orders = rules.order_tokens_for(state, i)
        start_round(state)
        return state

    # --- hooks ----------------------------------------------------------------------

    def on_start_of_phase(self, state: "GameState", phase: str) -> None:
        """Called as each phase starts (before scenario events)."""

    def on_before_activation(self, state: "GameState", side: int) -> None:
        """Called when a side's unit is about to act."""

    def on_end_of_supply(self, state: "GameState") -> None:
        """Called at step 5 of the supply phase."""

    def initiative_for_turn(self, state: "GameState") -> int:
        """Side with the initiative for ``state.turn`` (000 core rules, Supply Phase,
        last step: the turn track; a scenario may fix it). An Initiative order used
        shifts the alternation by a turn (Recruitment Options > Orders > Initiative)."""
        init = state.static.scenario.initiative
        ids = state.side_ids
        first = ids.index(init.first) if init.first in ids else 0
        if init.rule == "fixed":
            return first
        kept = sum(s.initiative_kept for s in state.sides)  # each keep shifts the track by one turn
        return first if (state.turn + kept) % 2 == 1 else 1 - first

    def hits_taken(self, state: "GameState", unit: "UnitState", hits: int) -> int:
        """How many of ``hits`` (2 for a kill shot) ``unit`` suffers: each life point
        marker on it cancels one (002 Solo Mode, Life Points; the markers are engine
        state, builder/systems/heroes/engine/markers.py, so a two-player game of a Solo scenario
        honours those its events place)."""
        if markers.MARKERS in state.rule_fields:
            return hits - markers.life_points_spent(state, unit, hits)
        return hits

    def scenario_effect(self, state: "GameState", effect: Any, side: int) -> bool | None:
        """Carry out a scenario event's effect the variant handles itself: None leaves
        it to the engine (builder/systems/heroes/engine/scenario_events.py), else whether it was
        carried out (False: postponed). The core rules have no danger gauge: a
        ``set_danger`` effect does not apply and is logged so."""
        if effect.do == "set_danger":
            state.events.append(Event("event-not-applicable", {"do": effect.do, "rules": self.name}))
            return True
        return None

    def scenario_attitude(self, state: "GameState") -> str:
        """The AI attitude picking a roll table's column: the scenario's Solo Mode
        attitude in the core rules (balanced when it names none)."""
        solo = state.static.scenario.solo
        return (solo.attitude if solo is not None else None) or "balanced"

    def scenario_fire_target(self, state: "GameState", unit: "UnitState", plans: list[Any]) -> Any:
        """The shot a scenario's ``fire`` effect takes among ``plans`` (one per target):
        the best odds (builder/systems/heroes/engine/scenario_fire.py), the side's player not being
        asked."""
        return best_odds(plans)

    def tactical_bonus_squares(self, state: "GameState") -> list[int]:
        """Squares of the tactical bonus tokens on the battlefield (none in the core
        rules: they are a Solo Mode component)."""
        return []

    def autonomous_activation(self, state: "GameState", side: int) -> bool:
        """Does ``side`` activate its Autonomous units without a token, between
        activations (000 core rules, Special Abilities > Autonomous)? Yes in the
        core rules; the Solo Mode AI gives them numbered tokens instead."""
        return True

    def supply_first(self, state: "GameState") -> int:
        """The side whose units move first in the supply phase: the initiative
        player (000 core rules, Supply Phase, step 3)."""
        return state.initiative

    def hand_size(self, state: "GameState", side: int) -> int:
        """Cards ``side`` draws up to at the end of the supply phase (000 core rules,
        Supply Phase: discard and draw up to four, or the scenario's hand)."""
        return state.static.hand_size

    def order_tokens_for(self, state: "GameState", side: int) -> int:
        """Stars of tiles and options plus those of living units, at most 10
        (000 core rules, Order Phase > Order Tokens; a tile set aside as reinforcements
        once one of its units has entered), and never fewer than a unit
        on the board guarantees (003 Battle for Normandy, Special Abilities > NCO)."""
        total = state.static.sides[side].stars_fixed
        for g in state.static.sides[side].groups:
            if g.aside_stars and any(state.units[i].sq >= 0 or not state.units[i].alive for i in g.units):
                total += g.aside_stars  # a reinforcement tile once it has entered
        least = 0
        floors = effects.in_game(state, MIN_ORDERS)
        for u in state.units:
            if u.side == side and u.alive and not u.wreck and (u.sq >= 0 or not u.st.set_aside):
                total += u.st.profile.faces[u.face].stars
                for extra in effects.collect(state, u, ORDER_TOKENS):
                    total += extra
                if floors:
                    least = max([least, *effects.collect(state, u, MIN_ORDERS)])
        return min(MAX_ORDERS, max(least, total))

    def discard_lowest_order(self, state: "GameState", side: int) -> None:
        """A Communications Scrambled card: ``side`` loses its lowest numbered order
        token placed this round (action card; the Solo Mode takes it from the AI's
        dashboard instead)."""
        placed = [u for u in state.units if u.side == side and u.order > 0]
        if placed:
            u = min(placed, key=lambda x: x.order)
            state.events.append(Event("order-discarded", {"side": side, "unit": u.id, "token": u.order}))
            u.order = NO_ORDER

    def movement_bonus(self, state: "GameState", unit: "UnitState") -> int:
        if not effects.in_game(state, MOVEMENT):
            return 0
        return sum(effects.collect(state, unit, MOVEMENT))

    def extra_actions(self, state: "GameState") -> list["Action"]:
        """Decisions a variant adds for the side to act (none in the core rules)."""
        return []

    def apply_extra(self, state: "GameState", action: "Action") -> bool:
        """Apply a variant decision; return True when handled."""
        return False

    # --- the game loop (overridable) ------------------------------------------------

    def legal_actions(self, state: "GameState") -> list["Action"]:
        core = api.core_legal_actions(state)
        extra = self.extra_actions(state)
        out = core + extra if extra else core
        if state.static.seats:  # three or four players: the decisions of the player to act
            return alliances.seat_actions(state, out)
        return out

    def apply(self, state: "GameState", action: "Action") -> list["Event"]:
        if state.static.seats and action.kind == "end" and state.phase == "supply" and not state.pending:
            # an alliance player's Supply moves are over: the next player's turn, if any
            extra = self.extra_actions(state)
            events = alliances.end_supply_moves(state, action, api.core_legal_actions(state) + extra)
            if events is not None:
                return events
        return api.core_apply(state, action)

    def observation(self, state: "GameState", seat: int) -> Any:
        """What the side ``seat`` may know (builder.systems.heroes.engine.observation); a
        variant with hidden parts of its own overrides it."""
        return observed(state, seat)

    def determinize(self, state: "GameState", seat: int, rng: Any) -> "GameState":
        """A full game consistent with ``observation(state, seat)``, its hidden parts drawn
        from ``rng``."""
        return determinized(state, seat, rng)
