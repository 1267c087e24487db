"""The Solo game mode of 002 as an engine variant: a subclass of the core Rules that
overrides its hooks (002 Solo Mode, 2 Set Up, 3 Game Turn).

One side is the AI with its whole apparatus: the other side always holds the initiative;
the AI places no orders in the order phase: its numbered tokens wait on the dashboard and
reaction cards, drawn before each of the other side's activations, place them, move,
fire and assault; the danger gauge climbs with every AI loss and reveals danger tiles;
the AI keeps a reserve of action cards; its infantry hides behind anonymous, numbered and
decoy counters; destroyed infantry feeds the reinforcements bag. What is and is not
simulated is listed in docs/solo-mode.md.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, fields
from typing import Any

from builder.systems.heroes.board.los import CLEAR, sight_kind
from builder.systems.heroes.engine import ambush
from builder.systems.heroes.engine.actions import Action
from builder.systems.heroes.engine.api import _resolve_pending, core_legal_actions
from builder.systems.heroes.engine.phases import activation
from builder.systems.heroes.engine.rules import Rules
from builder.systems.heroes.engine.scenario_fire import fire
from builder.systems.heroes.engine.scenario_units import place_units
from builder.systems.heroes.engine.setup import place_somewhere
from builder.systems.heroes.engine.solo_mode import action_cards, bonuses, clarifications, deployment, modifiers, reaction
from builder.systems.heroes.engine.solo_mode import reaction_abilities
from builder.systems.heroes.engine.solo_mode.brains import SoloBrain, make_brain
from builder.systems.heroes.engine.solo_mode.content import solo_content
from builder.systems.heroes.engine.solo_mode.danger import DangerGauge, make_gauge
from builder.systems.heroes.engine.solo_mode.decoys import make_decoys
from builder.systems.heroes.engine.solo_mode.events import apply_tiles, set_danger
from builder.systems.heroes.engine.solo_mode.forces import Forces, sort_forces
from builder.systems.heroes.engine.solo_mode.reinforcements import deploy_drawn, fill_bag
from builder.systems.heroes.engine.solo_mode.sightlines import spotting_rows
from builder.systems.heroes.engine.state import NO_ORDER, GameState
from builder.systems.heroes.engine.unit_actions import do_move, move_actions
from builder.kernel.dice import Rng, derive_seed
from builder.kernel.events import Event

RESERVE = 3
MOVES = frozenset({"moved", "enters", "reinforcement", "displaced", "retreat", "advance", "assault", "flipped",
                   "eliminated", "wrecked"})


@dataclass
class SoloState:
    """The AI's dashboard and bags."""

    rng: Rng
    brain: SoloBrain  # the AI's decision tables (builder.systems.heroes.engine.solo_mode.brains)
    gauge: DangerGauge
    cards: dict[str, Any]
    deck: list[str]
    forces: Forces
    decoys: list[int]  # unit ids of the decoy counters deployed (builder.systems.heroes.engine.solo_mode.decoys)
    discard: list[str] = field(default_factory=list)
    available: list[int] = field(default_factory=list)
    extra_orders: int = 0
    combat: int = 0
    lasting: str = "none"
    effect_unit: int = -1
    effect_bonus: int = 0
    bag: list[int] = field(default_factory=list)  # filled at set-up (builder.systems.heroes.engine.solo_mode.reinforcements)
    offboard: list[int] = field(default_factory=list)
    entry: list[int] = field(default_factory=list)
    zone: list[int] = field(default_factory=list)
    counted: set[int] = field(default_factory=set)
    reserve_cap: int = RESERVE
    bonuses: dict[int, str] = field(default_factory=dict)
    dashboard: list[str] = field(default_factory=list)
    tactician: int = 0
    player_orders: int = 0
    player_specials: int = 0
    player_hand: int = 0  # the player's Opportunistic tokens: extra cards in hand
    player_tokens: list[str] = field(default_factory=list)  # single-use tokens the player holds

    def clone(self) -> "SoloState":
        """A copy for a cloned game (``GameState.variant``): its own random stream,
        gauge and lists; the brain draws from the copy's stream. What is fixed at
        set-up (the cards' content, the sorted forces, the tables) is shared."""
        rng = self.rng.clone()
        copy = {f.name: _copied(getattr(self, f.name)) for f in fields(self)}
        copy.update(rng=rng, brain=self.brain.with_rng(rng), gauge=self.gauge.clone())
        return SoloState(**copy)

    def to_key(self) -> list[Any]:
        """The dashboard's canonical form (part of the game's state hash): every field
        but those fixed at set-up, in field order."""
        return [[f.name, _plain(getattr(self, f.name))] for f in fields(self) if f.name not in FIXED]


FIXED = frozenset({"brain", "cards", "forces"})
"""Fields of :class:`SoloState` fixed at set-up and left out of its hash (the forces'
sorting is a function of the set-up the rest of the state already covers)."""


def _copied(value: Any) -> Any:
    """A field's value for the clone: containers copied, the rest shared."""
    if isinstance(value, list):
        return value[:]
    if isinstance(value, (dict, set)):
        return value.copy()
    return value


def _plain(value: Any) -> Any:
    """A field's value as JSON data for the hash (sets and dicts in a fixed order)."""
    if isinstance(value, Rng):
        return value.state
    if isinstance(value, DangerGauge):
        return [value.position, value.revealed]
    if isinstance(value, set):
        return sorted(value)
    if isinstance(value, dict):
        return sorted([str(k), v] for k, v in value.items())
    return value


class SoloModeRules(Rules):
    """Options: ``ai_side`` (index), ``attitude``, ``difficulty``."""

    name = "solo-mode"

    def __init__(self, options: dict[str, Any] | None = None) -> None:
        super().__init__(options)
        self.ai = int(self.options.get("ai_side", 1))
        self.player = 1 - self.ai
        self.attitude = str(self.options.get("attitude", "aggressive"))
        self.difficulty = str(self.options.get("difficulty", "medium"))
        self.rules_fired: Counter[str] = Counter()

    def solo_state(self, state: GameState) -> SoloState:
        """The game's Solo Mode dashboard (``state.variant``, cloned and hashed with the
        game), set up with the game's first phase (None before)."""
        solo: SoloState | None = state.variant
        assert isinstance(solo, SoloState), "Solo Mode rules used before the game's set-up"
        return solo

    # --- set-up (002, 2 Set Up) -------------------------------------------------------------
    def _set_up(self, state: GameState) -> SoloState:
        content = solo_content(state.static.pack)
        rng = Rng(derive_seed(state.static.seed, "solo-mode", self.attitude, self.difficulty))
        brain = make_brain(state.static.pack, self.ai, self.attitude, rng, self.rules_fired)
        gauge = make_gauge(content.gauge, content.tiles, self.attitude, self.difficulty, rng)
        deck = [c.id for c in sorted(content.cards.values(), key=lambda c: c.id) for _ in range(c.count)]
        rng.shuffle(deck)
        forces = sort_forces(state, self.ai, state.static.scenario.solo)
        solo = SoloState(rng, brain, gauge, content.cards, deck, forces, [])
        for uid in forces.bagged + forces.particular + forces.scouts:
            state.units[uid].concealed = True
        modifiers.grant(state, self.ai)
        reaction_abilities.grant(state, self.ai)
        clarifications.ignore_options(state, self.ai)
        bf, spec = state.static.bf, state.static.scenario.sides[self.ai]
        solo.entry = [bf.square(sq) for sq in spec.entry]
        solo.zone = [s for area in spec.deployment for s in bf.area_squares(area)] or list(solo.entry)
        state.initiative = self.player
        # the AI's hand is its reserve of action cards (002, 2.3 Cards; builder.systems.heroes.engine.solo_mode.action_cards)
        action_cards.build_deck(state, self.ai, self.player)
        state.variant = solo
        placed = self._deploy_scouts(state, solo)
        solo.decoys = make_decoys(state, self, solo)
        deployment.deploy(state, self, solo, placed)
        solo.bag = fill_bag(state, self, solo)
        bonuses.lay_tokens(self, state)
        return solo

    def _deploy_scouts(self, state: GameState, solo: SoloState) -> set[int]:
        """Scouts go first, on the squares the scenario gives them (002, 2.5 > Scouts);
        returns the scouts so placed (the others: builder.systems.heroes.engine.solo_mode.deployment)."""
        notes = state.static.scenario.solo
        squares = [state.static.bf.square(sq) for area in (notes.scout_deployment if notes else [])
                   for sq in [area.split(":")[0]]]
        placed: set[int] = set()
        for uid, sq in zip(solo.forces.scouts, squares):
            u = state.units[uid]
            if state.occ[sq] >= 0 or not u.on_board:
                continue
            for c in state.squares_of(u):
                state.set_occupant(c, -1)
            u.sq = sq
            state.set_occupant(sq, uid)
            placed.add(uid)
        return placed

    # --- hooks ----------------------------------------------------------------------------------
    def initiative_for_turn(self, state: GameState) -> int:
        """The other side always has the initiative (002, 3.2 Activation Phase)."""
        return self.player

    def on_start_of_phase(self, state: GameState, phase: str) -> None:
        solo = state.variant or self._set_up(state)
        if phase == "orders":
            bonuses.ai_resupply(self, state)
            bonuses.player_resupply(self, state)
            self._order_phase(state, solo)
        elif phase == "supply":
            self.enter_waiting(state)
            bonuses.player_reinforcement(self, state)

    def _order_phase(self, state: GameState, solo: SoloState) -> None:
        """AI orders (002, 3.1): the green level draws an action card; the numbered
        tokens go to the dashboard; autonomous units take theirs at once."""
        solo.lasting = "none"
        self.draw_action_card(state)
        action_cards.order_phase(self, state)
        player = state.sides[self.player]
        player.specials_left += solo.player_specials
        solo.player_specials = 0
        side = state.sides[self.ai]
        tokens = sorted(side.to_place)
        top = max(tokens, default=0)
        tokens += list(range(top + 1, top + 1 + solo.extra_orders))
        side.to_place, side.bluffs_left, side.specials_left = [], 0, 0
        solo.available = tokens
        autonomous = [u for u in state.units if u.side == self.ai and u.active and not u.concealed
                      and u.ability("autonomous") is not None]
        for u in autonomous:
            if solo.available:
                u.order = solo.available.pop(0)
        for _ in range(solo.tactician):
            reaction.place_order(self, state, queue=False)

    def on_before_activation(self, state: GameState, side: int) -> None:
        """Before the other side's unit acts, the AI draws a reaction card, except on a
        special order (002, 3.2 > Activation Phase Steps 1-3)."""
        if state.variant is None:
            return
        unit = state.units[state.current]
        if side == self.ai and unit.st.decoy:
            self.reveal(state, unit.id, "activated")  # discarded with its token (3.2 Reveal an AI Order Token)
            activation.end_activation(state)
            return
        if side != self.player:
            return
        if unit.order == 0:
            return
        reaction.resolve_card(self, state, reaction.draw_card(self, state))
        self.settle_pending(state)
        if state.result is None and state.current >= 0 and not state.units[state.current].active:
            activation.end_activation(state)

    def hits_taken(self, state: GameState, unit: Any, hits: int) -> int:
        """An AI unit discards a life point marker for each hit it has just taken, a
        kill shot counting as two; a hit per missing marker stands (002 Solo Mode,
        2.2 Life Points: the core hook spends the markers, builder/systems/heroes/engine/markers.py);
        only AI units have any."""
        if unit.side != self.ai:
            return hits
        left = super().hits_taken(state, unit, hits)
        if left < hits:
            self.rules_fired["solo/life-point"] += hits - left
        return left

    def scenario_effect(self, state: GameState, effect: Any, side: int) -> bool | None:
        """Scenario effects of the Solo game mode: the danger marker's jump (002 Solo
        Mode, Family Meeting 1, turn 5); a fire effect spends a reserve action card on
        its bonus and spots the firer, as any AI attack; a unit a scenario brings back
        leaves the reinforcements bag and counts again as a loss."""
        if state.variant is None:
            return super().scenario_effect(state, effect, side)
        if effect.do == "set_danger":
            set_danger(self, state, effect)
            return True
        if effect.do == "fire" and side == self.ai:
            for uid in fire(state, effect, side):
                self.after_ai_attack(state, uid)
            return True
        if effect.do in ("place_unit", "reinforce") and side == self.ai:
            mark = len(state.events)
            done = place_units(state, effect, side)
            for e in state.events[mark:]:
                if e.kind == "reinforcement":
                    state.variant.counted.discard(e.data["unit"])
                    if e.data["unit"] in state.variant.bag:
                        state.variant.bag.remove(e.data["unit"])
            return done
        return None

    def scenario_attitude(self, state: GameState) -> str:
        """The Solo game mode's AI attitude picks a roll table's column."""
        return self.attitude

    def scenario_fire_target(self, state: GameState, unit: Any, plans: list[Any]) -> Any:
        """The AI picks the target of a scenario's shot with its firing table (002 Solo
        Mode, 5.3 Firing Action), as for any shot of its own."""
        if state.variant is None or unit.side != self.ai:
            return super().scenario_fire_target(state, unit, plans)
        actions = [Action("fire", unit=unit.id, weapon=p.weapon, target=p.target, mode=p.mode) for p in plans]
        chosen = state.variant.brain.fire(state, actions)
        picked = [p for p in plans if chosen is not None and chosen.kind == "fire" and p.target == chosen.target]
        return picked[0] if picked else super().scenario_fire_target(state, unit, plans)

    def tactical_bonus_squares(self, state: GameState) -> list[int]:
        """Squares of the tactical bonus tokens still on the battlefield."""
        return sorted(state.variant.bonuses) if state.variant is not None else []

    def autonomous_activation(self, state: GameState, side: int) -> bool:
        """The AI's Autonomous units act on the numbered tokens they add (002 Solo Mode,
        4.1 Autonomous), never between activations; the player's as in the core rules."""
        return side != self.ai

    def supply_first(self, state: GameState) -> int:
        """The AI's Advantage token makes it move first in every supply phase (002 Solo
        Mode, Tactical Bonus Descriptions > Advantage)."""
        if state.variant is not None and "advantage" in state.variant.dashboard:
            return self.ai
        return super().supply_first(state)

    def hand_size(self, state: GameState, side: int) -> int:
        """The player's Opportunistic token adds a card to the hand (002 Solo Mode,
        Tactical Bonus Descriptions > Opportunistic); the AI's hand is its reserve,
        never drawn up to a size."""
        if side == self.ai and state.variant is not None:
            return 0  # the AI draws its cards by the danger level and reaction cards only (002, 2.3)
        extra = state.variant.player_hand if state.variant is not None and side == self.player else 0
        return super().hand_size(state, side) + extra

    def order_tokens_for(self, state: GameState, side: int) -> int:
        """The player's Tactician tokens add a numbered order token for good; each AI
        unit with Autonomous adds one to the AI's (002 Solo Mode, 4.1 Autonomous)."""
        extra = 0
        if state.variant is not None:
            extra = state.variant.player_orders if side == self.player else clarifications.autonomous_units(state, side)
        return min(10, super().order_tokens_for(state, side) + extra)

    def discard_lowest_order(self, state: GameState, side: int) -> None:
        """A Communications Scrambled card played on the AI discards the lowest numbered
        token of the Available Orders box (002 Solo Mode, 3.1 Order Phase >
        Communications Scrambled)."""
        solo: SoloState | None = state.variant
        if side == self.ai and solo is not None and solo.available:
            token = min(solo.available)
            solo.available.remove(token)
            state.events.append(Event("order-discarded", {"side": side, "token": token}))
            return
        super().discard_lowest_order(state, side)

    def movement_bonus(self, state: GameState, unit: Any) -> int:
        bonus = super().movement_bonus(state, unit)
        solo: SoloState | None = state.variant
        if solo is not None and unit.side == self.ai:
            if unit.id == solo.effect_unit:
                bonus += solo.effect_bonus
            if solo.lasting == "movement":
                bonus += 1
        return bonus

    def extra_actions(self, state: GameState) -> list[Action]:
        """The player's No! discarding a card of the AI's reserve (002 2.3 Action Cards;
        builder.systems.heroes.engine.solo_mode.action_cards)."""
        if state.variant is None:
            return []
        return action_cards.reserve_discards(state, self.ai, self.player)

    def apply_extra(self, state: GameState, action: Action) -> bool:
        if action.kind != action_cards.NO_RESERVE or state.variant is None:
            return False
        action_cards.discard_from_reserve(self, state, action)
        return True

    # --- after every decision -------------------------------------------------------------------------
    def apply(self, state: GameState, action: Action) -> list[Event]:
        events = super().apply(state, action)
        if state.variant is not None and state.result is None:
            self._after(state, action, events)
        return events

    def _after(self, state: GameState, action: Action, events: list[Event]) -> None:
        self._count_losses(state, events, 0)
        if action.kind in ("fire", "assault", "blast") and action.unit >= 0 and state.units[action.unit].side == self.ai:
            self.after_ai_attack(state, action.unit)
        if any(e.kind in MOVES for e in events):
            self.spot(state)
            mark = len(events)
            bonuses.check_taken(self, state)
            self._count_losses(state, events, mark)  # a Trap's hits

    def _count_losses(self, state: GameState, events: list[Event], start: int) -> None:
        """Each AI unit lost climbs the danger gauge once (the events of the decision
        from ``start`` on)."""
        solo: SoloState | None = state.variant
        assert solo is not None
        for e in events[start:]:
            uid = e.data.get("unit", -1) if e.kind in ("eliminated", "wrecked") else -1
            if uid < 0 or state.units[uid].side != self.ai:
                continue
            if e.kind in ("eliminated", "wrecked") and uid not in solo.counted:
                solo.counted.add(uid)
                self.ai_unit_lost(state, uid)

    def ai_unit_lost(self, state: GameState, uid: int) -> None:
        """Danger climbs one space; lost infantry (not particular) goes in the bag."""
        solo: SoloState | None = state.variant
        assert solo is not None
        u = state.units[uid]
        if u.type == "infantry" and uid not in solo.forces.particular and uid not in solo.forces.markers:
            solo.bag.append(uid)
        apply_tiles(self, state, solo.gauge.climb())

    def after_ai_attack(self, state: GameState, uid: int) -> None:
        """A unit that fires or assaults is spotted."""
        u = state.units[uid]
        if u.concealed:
            self.reveal(state, uid)

    def reveal(self, state: GameState, uid: int, why: str = "Solo Mode spotting") -> None:
        """Turn the counter over (the engine's Ambush reveal: a unit with a concealed side
        flips to its revealed side; an anonymous counter simply shows its unit; a decoy
        counter is discarded)."""
        u = state.units[uid]
        self.rules_fired["solo/decoy-revealed" if u.st.decoy else "solo/revealed"] += 1
        ambush.reveal(state, u, why)

    def spot(self, state: GameState) -> None:
        """A concealed AI unit is revealed when an enemy unit is within 2 squares or
        has a clear line of sight to it (002, 3.2 > Reveal a Concealed Unit)."""
        hidden = [u for u in state.units if u.side == self.ai and u.concealed and u.active]
        if not hidden:
            return
        bf = state.static.bf
        enemies = [e for e in state.units if e.side == self.player and e.active]
        seen_from = 0  # the enemies' squares
        for e in enemies:
            seen_from |= 1 << e.sq
        for u in hidden:  # a reveal turns over its own counter only (builder.systems.heroes.engine.ambush)
            near, clear = spotting_rows(bf, u.sq)
            if seen_from & near:
                self.reveal(state, u.id)
            elif seen_from & clear:
                for e in enemies:
                    if clear >> e.sq & 1 and sight_kind(state, e.sq, u.sq, e, u) == CLEAR:
                        self.reveal(state, u.id)
                        break

    # --- effects used by cards, tiles and events ------------------------------------------------------
    def draw_action_card(self, state: GameState) -> None:
        """An action card for the AI's reserve (builder.systems.heroes.engine.solo_mode.action_cards)."""
        if state.variant is not None:
            action_cards.draw(self, state)

    def reinforce(self, state: GameState) -> bool:
        """Draw a unit from the reinforcements bag (the Solo stream's draw) and deploy
        it face down by the deployment rules, in a Transport vehicle of the zone when
        one ranks best (002, Reinforcements; 2.5 Deployment): the bag holds the units
        put in at set-up and destroyed AI infantry."""
        solo: SoloState | None = state.variant
        if solo is None or not solo.bag:
            return False
        uid = solo.bag.pop(solo.rng.below(len(solo.bag)))
        u = state.units[uid]
        was_alive = u.alive
        u.alive, u.wreck, u.face, u.damage, u.suppressed = True, False, 0, 0, 0
        u.order, u.activated, u.acted, u.concealed = NO_ORDER, False, False, True
        u.carried_by = -1
        if not deploy_drawn(state, self, solo, u):
            u.alive = was_alive
            solo.bag.append(uid)
            return False
        solo.counted.discard(uid)
        data = {"unit": uid, "square": u.sq}
        if u.carried_by >= 0:
            data["vehicle"] = u.carried_by
        if uid in solo.forces.markers:
            data["marker"] = solo.forces.markers[uid]
        state.events.append(Event("reinforcement", data))
        self.rules_fired["solo/reinforcement:" + ("set-up-unit" if was_alive else "destroyed-unit")] += 1
        return True

    def enter_waiting(self, state: GameState) -> None:
        """Units still off the battlefield come on in the supply phase, while a free
        arrow square is left (002 Solo Mode, 2.5 Other Units)."""
        solo: SoloState | None = state.variant
        while solo is not None and solo.offboard and self.enter_unit(state, move=False):
            pass

    def enter_unit(self, state: GameState, move: bool = True) -> bool:
        """An AI unit waiting off the battlefield comes on by a free arrow square and,
        in the activation phase, moves on from it by table 5.2 (002 Solo Mode, 3.2 Far
        Far Away...). In the supply phase, with every arrow square taken, it comes on
        beside them (the nearest free square: its entry and first steps), then moves
        with the AI's supply phase (2.5 Other Units)."""
        solo: SoloState | None = state.variant
        if solo is None or not solo.offboard:
            return False
        uid = solo.offboard[0]
        u = state.units[uid]
        squares = list(solo.entry)
        solo.rng.shuffle(squares)
        if not move:
            squares += deployment.beside(state.static.bf, solo.entry)
        if not place_somewhere(state, u, squares, 2):
            return False
        solo.offboard.pop(0)
        state.events.append(Event("enters", {"unit": uid, "square": u.sq}))
        if move:
            step = solo.brain.destination(state, uid, move_actions(state, u), from_reaction=True)
            if step is not None:
                do_move(state, step)
            u.activated = True
        return True

    def settle_pending(self, state: GameState) -> None:
        """Choices pending after the AI's reaction effects (retreats, displacements,
        opportunity fire at a unit moved by a reaction card) are settled at once with
        the common sensible choice for whichever side they concern (the brain's
        ``settle``): there is no player to ask inside the engine's hook."""
        while state.pending and state.result is None:
            side = state.pending[0][1]
            _resolve_pending(state, self.solo_state(state).brain.settle(state, core_legal_actions(state), side))
        if state.current >= 0 and state.phase == "activation":
            state.to_act = state.units[state.current].side

