"""The hooks of the rule modules: each named point where the rules call a module's
function, declared once here as a typed :class:`Hook` constant.

Why: a rule module (an ability, an option, a card, a scenario rule) gives the rules its
functions at named points: ``movement`` adds to a unit's movement, ``shot`` adds terms to
a shot, ``interlude`` stops the loop between activations. The constant's type is the
function's type, so mypy checks both ends of the one mechanism, with nothing named by a
string:

- a module provides a hook as it registers, ``register(..., hooks=[MOVEMENT.by(quick_march)])``
  (``by`` takes only a function of the hook's type);
- the rules ask for it by the same constant, ``collect(state, unit, MOVEMENT)`` (the list of
  the numbers the unit's modules give), ``hook_functions(state, unit, REROLL)``,
  ``game_hooks(state, INTERLUDE)``, ``module.function(CARD_PLAY)``: each returns the
  hook's typed functions or results, and mypy checks the arguments passed. A hook's
  kind is part of its type too: a unit's hooks are :class:`UnitHook`, an army option's
  :class:`SideHook`, the phases' :class:`GameHook`, so asking ``game_hooks`` for a
  unit's hook is a mypy error.

A reader goes from any call to the constant's declaration below (its type and when it
runs), and from there (find usages) to every module providing it and every rule asking
for it. The registry (:mod:`builder.systems.heroes.engine.effects.registry`) keeps a
module's functions by the hook's name (the coverage report lists them).

This module imports nothing of the engine (the registry imports it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Final, Generic, TypeVar

if TYPE_CHECKING:
    from builder.systems.heroes.engine.actions import Action
    from builder.systems.heroes.engine.state import GameState, UnitState
    from builder.systems.heroes.engine.terms import Term

F = TypeVar("F", bound=Callable[..., Any])


class Hook(Generic[F]):
    """A named point where the rules call a rule module's function of type ``F``: its
    name (how the registry and the coverage report know it) and when it runs. Compared
    by identity: the constants below are the only hooks."""

    __slots__ = ("name", "what")

    def __init__(self, name: str, what: str) -> None:
        self.name = name
        self.what = what

    def by(self, fn: F) -> "tuple[Hook[Any], Callable[..., Any]]":
        """The hook provided by ``fn`` (what :func:`register` takes in ``hooks=``)."""
        return (self, fn)

    def __repr__(self) -> str:
        return f"Hook({self.name!r})"


class UnitHook(Hook[F]):
    """A hook run for the modules of one unit (its face's, weapons', tile's and army's
    abilities and options): asked with ``collect``, ``hook_functions`` and ``in_game``."""

    __slots__ = ()


class SideHook(Hook[F]):
    """A hook of an army's options, run for the units of the army: asked with ``side_hooks``."""

    __slots__ = ()


class GameHook(Hook[F]):
    """A hook a module in play runs at a named moment of the phases: asked with
    ``game_hooks`` (``scenario_hooks`` for a scenario rule's)."""

    __slots__ = ()


# --- the hooks' function types ----------------------------------------------------------
# Context objects (a shot's or assault's plan, a weapon, a scenario effect or condition) are
# typed Any here: their classes live above this module, which imports none of them.
Terms = Callable[["GameState", "UnitState", Any], "list[Term] | None"]
"""(state, unit, plan) -> the terms the unit's module adds (None: none)."""
UnitAnswer = Callable[["GameState", "UnitState"], bool]
"""(state, unit) -> does the module say yes for the unit."""
UnitCount = Callable[["GameState", "UnitState"], "int | None"]
"""(state, unit) -> a number the module gives the unit (None: nothing to say)."""
UnitEvent = Callable[["GameState", "UnitState", Any], object]
"""(state, unit, other) -> as something happens to the unit (what it returns is not read)."""
UnitOffer = Callable[["GameState", "UnitState"], "list[Action]"]
"""(state, unit) -> the decisions the module offers the unit."""
SideOffer = Callable[["GameState", int], "list[Action]"]
"""(state, side) -> the decisions the module offers the side."""
Decide = Callable[["GameState", "Action"], object]
"""(state, action) -> carry out a decision the module owns."""
Reroll = Callable[["GameState", "UnitState", int, int, int, str], int]
"""(state, unit, die, dice, need, why) -> the die kept."""


# --- a unit's hooks: run for the modules of the unit (registry.collect, hook_functions) ----
SHOT: Final[UnitHook[Callable[["GameState", "UnitState", Any, Any], "list[Term] | None"]]] = UnitHook(
    "shot", "add terms to a shot (plan: ShotPlan, weapon)")
DEFENCE: Final[UnitHook[Terms]] = UnitHook("defence", "add terms to the target's defence (plan: ShotPlan)")
LONG_RANGE: Final[UnitHook[UnitCount]] = UnitHook(
    "long_range", "return the range beyond which the -2 long-range penalty applies")
RANGE_LIMIT: Final[UnitHook[Callable[["GameState", "UnitState", Any], "int | None"]]] = UnitHook(
    "range_limit", "return the most squares a weapon may fire (Limited Range; weapon)")
DICE: Final[UnitHook[Callable[["GameState", "UnitState", Any], "int | None"]]] = UnitHook(
    "dice", "return how many dice a roll uses, keeping the best (weapon)")
FIRING: Final[UnitHook[UnitEvent]] = UnitHook("firing", "as the unit fires at the target, before the roll (target)")
TARGETED: Final[UnitHook[UnitEvent]] = UnitHook(
    "targeted", "as the unit is fired at, before the roll: may add defence terms (plan: ShotPlan)")
AFTER_MISS: Final[UnitHook[UnitEvent]] = UnitHook("after_miss", "after a shot with no result (Frightening Shot; target)")
REROLL: Final[UnitHook[Reroll]] = UnitHook(
    "reroll", "return the die the unit keeps from its own shot or assault roll, given the value it needs")
DAMAGE_ROLL: Final[UnitHook[Callable[["GameState", "UnitState", "UnitState", int], int]]] = UnitHook(
    "damage_roll", "return what to add to the heavy-vehicle damage roll, given the target and the roll so far")
SUPPRESSED: Final[UnitHook[Callable[["GameState", "UnitState", int], int]]] = UnitHook(
    "suppressed", "return how many of the Suppressed markers placed on the unit it takes")
ASSAULT_ATTACK: Final[UnitHook[Terms]] = UnitHook("assault_attack", "add terms to the attacker's assault roll (plan: AssaultPlan)")
ASSAULT_DEFENCE: Final[UnitHook[Terms]] = UnitHook(
    "assault_defence", "add terms to the defender's assault roll (plan: AssaultPlan)")
ASSAULT_WON: Final[UnitHook[UnitEvent]] = UnitHook("assault_won", "after the unit wins an assault as attacker (defender)")
ASSAULT_LOST: Final[UnitHook[UnitEvent]] = UnitHook("assault_lost", "after the unit loses an assault as attacker (defender)")
HITS_INFLICTED: Final[UnitHook[UnitCount]] = UnitHook("hits_inflicted", "return the hits an assault win inflicts")
OPPONENT_ASSAULT: Final[UnitHook[Terms]] = UnitHook(
    "opponent_assault", "add terms to the opponent's roll in an assault with this unit (plan: AssaultPlan)")
PUSH_BACK: Final[UnitHook[Callable[["GameState", "UnitState"], "bool | None"]]] = UnitHook(
    "push_back", "return True when the unit, attacking, drives infantry defenders back whatever the result")
RECOVERY: Final[UnitHook[UnitCount]] = UnitHook(
    "recovery", "return how many Suppressed markers the unit removes in the Supply phase")
ACTS_FIRST: Final[UnitHook[UnitAnswer]] = UnitHook(
    "acts_first", "return True when the unit acts before an enemy unit revealing the same order number")
ORDER_TOKENS: Final[UnitHook[UnitCount]] = UnitHook("order_tokens", "return extra order tokens the unit gives")
MIN_ORDERS: Final[UnitHook[UnitCount]] = UnitHook(
    "min_orders", "return the fewest order tokens the side keeps while the unit is on the board")
ORDER_RECEIVED: Final[UnitHook[UnitEvent]] = UnitHook(
    "order_received", "after the unit receives an order token in the Orders phase (token)")
EXTRA_DRAW: Final[UnitHook[UnitCount]] = UnitHook(
    "extra_draw", "return how many cards over the hand size the side draws, then discards")
MOVEMENT: Final[UnitHook[UnitCount]] = UnitHook("movement", "return a movement bonus")
REVEALED: Final[UnitHook[Callable[["GameState", "UnitState"], object]]] = UnitHook(
    "revealed", "when the unit's order is revealed in the Activation phase, before it acts")
ASSAULT_HEAVY: Final[UnitHook[Callable[["GameState", "UnitState"], "bool | None"]]] = UnitHook(
    "assault_heavy", "return True when the unit may assault heavy vehicles whatever its combat value")
REACTIVATE: Final[UnitHook[UnitAnswer]] = UnitHook(
    "reactivate", "return True when the unit that has just acted may spend a token to act once more (Heroic)")
AUTONOMOUS: Final[UnitHook[UnitAnswer]] = UnitHook(
    "autonomous", "return True when the unit may act without an order token (Autonomous)")
SUBSTITUTE: Final[UnitHook[UnitAnswer]] = UnitHook(
    "substitute", "return True when the unit may take the hits of a heavy weapon of its side nearby (Substitute)")

# --- a card's hooks: asked of the card's module (RuleModule.function) ---------------------
CARD_PHASE: Final[Hook[Callable[[], "str | tuple[str, ...]"]]] = Hook(
    "card_phase", "the phase (or tuple of phases) in which a card is played (effects/cards.py names them)")
CARD_PLAYABLE: Final[Hook[UnitAnswer]] = Hook("card_playable", "may the card be played on this unit now")
CARD_TARGETS: Final[Hook[Callable[["GameState", "UnitState"], "list[int]"]]] = Hook(
    "card_targets", "the unit ids a card played on this unit may name as its second unit")
CARD_PLAY: Final[Hook[Callable[..., object]]] = Hook(
    "card_play", "apply the card to the unit (state, unit), and to the unit named with card_targets "
                 "(state, unit, target)")

# --- a side option's own decisions: run for the units of an army holding the option --------
ACTIONS: Final[SideHook[Callable[["GameState", "UnitState", str], "list[Action]"]]] = SideHook(
    "actions", "actions(state, unit, phase): the decisions the option offers a unit of its army (phase "
               "'move': with the unit's moves, for a vehicle)")
PREPARE: Final[SideHook[Callable[["GameState", "Action"], "Action"]]] = SideHook(
    "prepare", "prepare(state, action): before a move of a unit of its army is made, spend what the move "
               "needs (a token) and return the move to make")
APPLY: Final[SideHook[Callable[["GameState", "Action"], bool]]] = SideHook(
    "apply", "apply(state, action): carry out a whole move of a mode the option owns (True: carried out)")
HOLDS_FIRE: Final[SideHook[UnitAnswer]] = SideHook(
    "holds_fire", "holds_fire(state, unit): True when the unit of its army fires no weapon (its charge goes "
                  "off another way)")

# --- whether a module's game hooks run in this game (asked once per game) -----------------
IN_SCENARIO: Final[Hook[Callable[["GameState"], bool]]] = Hook(
    "in_scenario", "in_scenario(state): does the game's scenario use the rule")
IN_PLAY: Final[Hook[Callable[["GameState"], bool]]] = Hook(
    "in_play", "in_play(state): may the module's game hooks ever run in this game (without it they always may)")

# --- a scenario rule's own steps and decisions (run while the scenario uses the rule) -----
SCENARIO_APPLY: Final[GameHook[Decide]] = GameHook(
    "scenario_apply", "scenario_apply(state, action): carry out a fire decision of a mode the rule owns (its "
                      "register(..., modes=) names them)")
ON_PHASE: Final[GameHook[Callable[["GameState", str], object]]] = GameHook(
    "on_phase", "on_phase(state, phase): as the Orders or Activation phase starts, after the scenario's "
                "events of that moment")
AFTER_MOVE: Final[GameHook[UnitAnswer]] = GameHook(
    "after_move", "after_move(state, unit): after a unit's move onto its square: True when the unit has left "
                  "the battlefield (nothing more follows from the move)")
ACTIVATION_ACTIONS: Final[GameHook[UnitOffer]] = GameHook(
    "activation_actions", "activation_actions(state, unit): the decisions the module offers the unit being "
                          "activated before it moves or fires (after its moves and shots)")

# --- a feature's own steps and decisions in the phases (run while the module is in play) --
AFTER_ACTIONS: Final[GameHook[UnitOffer]] = GameHook(
    "after_actions", "after_actions(state, unit): the decisions the module offers the unit being activated "
                     "once it has acted, before its activation ends (a bomb put on a vehicle)")
DECIDE: Final[Hook[Decide]] = Hook(
    "decide", "decide(state, action): carry out a decision of a kind, or kind and mode, the module owns (its "
              "register(..., decides=) names them: 'kind' or 'kind:mode'), in any phase; a pending choice it "
              "owns is still first in GameState.pending")
QUEUE_TOKENS: Final[GameHook[Callable[["GameState", int], "list[tuple[int, int]]"]]] = GameHook(
    "queue_tokens", "queue_tokens(state, side): (token, owner) entries the module adds to the side's "
                    "activation queue as the Activation phase starts; owner a negative number of its own")
REVEAL: Final[GameHook[Callable[["GameState", int, int, int], bool]]] = GameHook(
    "reveal", "reveal(state, side, token, owner): a queued token of a negative owner is revealed: True when "
              "the module owns it (it then decides what happens next)")
INTERLUDE: Final[GameHook[Callable[["GameState", int, int], bool]]] = GameHook(
    "interlude", "interlude(state, side, passed): between activations, before ``side`` reveals its next "
                 "token (``passed``: the side that has just declined): True when the loop stops for a "
                 "decision of the module (GameState.current is then -1)")
INTERLUDE_ACTIONS: Final[GameHook[Callable[["GameState"], "list[Action]"]]] = GameHook(
    "interlude_actions", "interlude_actions(state): the decisions of the side to act between activations")
INTERLUDE_DECIDE: Final[GameHook[Callable[["GameState", "Action"], bool]]] = GameHook(
    "interlude_decide", "interlude_decide(state, action): carry out a decision between activations (True: "
                        "the module's)")
DIRECTS: Final[GameHook[Callable[["GameState"], bool]]] = GameHook(
    "directs", "directs(state): is the unit being activated acting for the module (a gun of a barrage)? Its "
               "decisions are then the module's ``directed_actions`` alone")
DIRECTED_ACTIONS: Final[GameHook[UnitOffer]] = GameHook(
    "directed_actions", "directed_actions(state, unit): the decisions of a unit the module directs")
ACTIVATION_ENDING: Final[GameHook[UnitAnswer]] = GameHook(
    "activation_ending", "activation_ending(state, unit): the unit's activation is ending: True when the "
                         "module carries on instead (the next gun of a barrage)")
ACTIVATION_ENDED: Final[GameHook[UnitAnswer]] = GameHook(
    "activation_ended", "activation_ended(state, unit): the unit's activation has ended: True when it did "
                        "not use up its side's turn in the alternation (an Autonomous unit's)")
ORDER_ACTIONS: Final[GameHook[SideOffer]] = GameHook(
    "order_actions", "order_actions(state, side): placements the module offers the side beside its order "
                     "tokens in the Orders phase (a token on a smoke bomb)")
CLOSING_ACTIONS: Final[GameHook[SideOffer]] = GameHook(
    "closing_actions", "closing_actions(state, side): the side's decisions once every token is placed, "
                       "before the Orders phase ends (a directive); empty: none")
CLOSING_DECIDE: Final[GameHook[Callable[["GameState", int, "Action"], object]]] = GameHook(
    "closing_decide", "closing_decide(state, side, action): carry out a decision of ``closing_actions``")
SUPPLY_MOVE_ACTIONS: Final[GameHook[Callable[["GameState", int, "list[int]"], "list[Action]"]]] = GameHook(
    "supply_move_actions", "supply_move_actions(state, side, movers): decisions offered with the supply "
                           "moves of ``movers`` (an advanced position instead of a move)")
SUPPLY_ACTIONS: Final[GameHook[SideOffer]] = GameHook(
    "supply_actions", "supply_actions(state, side): the side's other decisions of its supply moves (a token "
                      "laid); any keeps the side's supply moves open")
SCENARIO_EFFECT: Final[Hook[Callable[["GameState", Any, int], bool]]] = Hook(
    "scenario_effect", "scenario_effect(state, effect, side): carry out a scenario event's effect of a kind "
                       "the module registers with register(..., scenario_effects=) (False: postponed)")
CONDITION: Final[Hook[Callable[["GameState", Any], bool]]] = Hook(
    "condition", "condition(state, cond): does a victory condition of a kind the module registers with "
                 "register(..., conditions=) hold")
OUT_OF_PLAY: Final[GameHook[Callable[["GameState", int], "tuple[int, ...]"]]] = GameHook(
    "out_of_play", "out_of_play(state, side): the side's units gone otherwise than destroyed (no "
                   "``destroyed`` condition counts them)")


SIDE_HOOKS: Final[tuple[SideHook[Any], ...]] = (ACTIONS, PREPARE, APPLY, HOLDS_FIRE)
"""Hooks run for the units of an army that has the option (its effect key among the
army's keys), whatever the unit's tile: the module checks the tokens left for the unit
itself. They are how a feature brings its own decisions: the game loop asks
:func:`~builder.systems.heroes.engine.effects.registry.side_hooks` and never names the
feature (issue 19, feature modules own their rule)."""
SCENARIO_HOOKS: Final[tuple[GameHook[Any], ...]] = (ACTIVATION_ACTIONS, SCENARIO_APPLY, ON_PHASE, AFTER_MOVE)
"""Hooks of a scenario rule (kind ``scenario-rule``): a scenario rule is in play because
the game's scenario uses it (its ``in_scenario`` hook says so, asked once per game; a
rule without one is always in play), not because an army holds it. The game loop asks
``scenario_hooks`` and ``scenario_apply`` and never names the rule (issue 19, feature
modules own their rule)."""
GAME_HOOKS: Final[tuple[GameHook[Any], ...]] = SCENARIO_HOOKS + (
    AFTER_ACTIONS, QUEUE_TOKENS, REVEAL, INTERLUDE, INTERLUDE_ACTIONS, INTERLUDE_DECIDE, DIRECTS,
    DIRECTED_ACTIONS, ACTIVATION_ENDING, ACTIVATION_ENDED, ORDER_ACTIONS, CLOSING_ACTIONS, CLOSING_DECIDE,
    SUPPLY_MOVE_ACTIONS, SUPPLY_ACTIONS, OUT_OF_PLAY,
)
"""Hooks a module of any kind (an ability, an option, a scenario rule) runs at named
moments of the phases, while it is in play (its ``in_scenario`` and ``in_play`` hooks,
asked once per game, say so): the phases and the game loop ask ``game_hooks`` (and
``decision`` for the decisions a module owns) and never name the feature. Modules run
in the order of their ``rank`` (then id): the order in which their decisions are
listed, which seeded players read."""

EVERY_HOOK: Final[tuple[Hook[Any], ...]] = (
    SHOT, DEFENCE, LONG_RANGE, RANGE_LIMIT, DICE, FIRING, TARGETED, AFTER_MISS, REROLL, DAMAGE_ROLL, SUPPRESSED,
    ASSAULT_ATTACK, ASSAULT_DEFENCE, ASSAULT_WON, ASSAULT_LOST, HITS_INFLICTED, OPPONENT_ASSAULT, PUSH_BACK,
    RECOVERY, ACTS_FIRST, ORDER_TOKENS, MIN_ORDERS, ORDER_RECEIVED, EXTRA_DRAW, MOVEMENT, REVEALED,
    ASSAULT_HEAVY, REACTIVATE, AUTONOMOUS, SUBSTITUTE, CARD_PHASE, CARD_PLAYABLE, CARD_TARGETS, CARD_PLAY,
    *SIDE_HOOKS, IN_SCENARIO, IN_PLAY, *GAME_HOOKS, DECIDE, SCENARIO_EFFECT, CONDITION,
)
"""Every hook, in the order above (a test checks it holds each constant of this module once)."""
