"""The registry of rule modules and the lookups the rules make on every decision
(which modules apply to a unit, which hooks a game can ever run); re-exported by
:mod:`builder.systems.heroes.engine.effects`, whose docstring tells what a rule module is. A
module of its own so that it is compiled with the hot rules (builder/native.py):
a package's ``__init__`` is not. The rule modules register themselves as they are
imported, by :mod:`builder.systems.heroes.engine.all_features` (which ``import builder.systems.heroes.engine`` loads):
this module imports none of them, being below them all.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Final, TypedDict, Unpack, cast

from builder.systems.heroes.engine.derived import Derived, derived, table

if TYPE_CHECKING:
    from builder.systems.heroes.engine.actions import Action
    from builder.systems.heroes.engine.state import GameState, UnitState
    from builder.systems.heroes.engine.terms import Term

HOOKS = {
    "shot": "add terms to a shot (ctx: ShotPlan)",
    "defence": "add terms to the target's defence (ctx: ShotPlan)",
    "long_range": "return the range beyond which the -2 long-range penalty applies",
    "range_limit": "return the most squares a weapon may fire (Limited Range)",
    "dice": "return how many dice a roll uses, keeping the best",
    "firing": "as the unit fires at the target, before the roll",
    "targeted": "as the unit is fired at, before the roll: may add defence terms (ctx: ShotPlan)",
    "after_miss": "after a shot with no result (Frightening Shot)",
    "reroll": "return the die the unit keeps from its own shot or assault roll, given the value it needs",
    "damage_roll": "return what to add to the heavy-vehicle damage roll, given the roll so far",
    "suppressed": "return how many of the Suppressed markers placed on the unit it takes",
    "assault_attack": "add terms to the attacker's assault roll (ctx: AssaultPlan)",
    "assault_defence": "add terms to the defender's assault roll (ctx: AssaultPlan)",
    "assault_won": "after the unit wins an assault as attacker",
    "assault_lost": "after the unit loses an assault as attacker",
    "hits_inflicted": "return the hits an assault win inflicts",
    "opponent_assault": "add terms to the opponent's roll in an assault with this unit (ctx: AssaultPlan)",
    "push_back": "return True when the unit, attacking, drives infantry defenders back whatever the result",
    "recovery": "return how many Suppressed markers the unit removes in the Supply phase",
    "acts_first": "return True when the unit acts before an enemy unit revealing the same order number",
    "order_tokens": "return extra order tokens the unit gives",
    "min_orders": "return the fewest order tokens the side keeps while the unit is on the board",
    "order_received": "after the unit receives an order token in the Orders phase",
    "extra_draw": "return how many cards over the hand size the side draws, then discards",
    "movement": "return a movement bonus",
    "revealed": "when the unit's order is revealed in the Activation phase, before it acts",
    "card_phase": "the phase (or tuple of phases) in which a card is played (effects/cards.py names them)",
    "card_playable": "may the card be played on this unit now",
    "card_targets": "the unit ids a card played on this unit may name as its second unit",
    "card_play": "apply the card to the unit (and to the unit named, with card_targets)",
    "assault_heavy": "return True when the unit may assault heavy vehicles whatever its combat value",
    "reactivate": "return True when the unit that has just acted may spend a token to act once more (Heroic)",
    "autonomous": "return True when the unit may act without an order token (Autonomous)",
    "substitute": "return True when the unit may take the hits of a heavy weapon of its side nearby (Substitute)",
    # A side option's own decisions (see SIDE_HOOKS): offered and applied by the option's module
    "actions": "actions(state, unit, phase) -> list[Action]: the decisions the option offers a unit of its army "
               "(phase 'move': with the unit's moves, for a vehicle)",
    "prepare": "prepare(state, action) -> Action: before a move of a unit of its army is made, spend what the move "
               "needs (a token) and return the move to make",
    "apply": "apply(state, action) -> bool: carry out a whole move of a mode the option owns (True: carried out)",
    "holds_fire": "holds_fire(state, unit) -> bool: True when the unit of its army fires no weapon (its charge "
                  "goes off another way)",
    # A scenario rule's own steps and decisions (see SCENARIO_HOOKS): run while the scenario uses the rule
    "in_scenario": "in_scenario(state) -> bool: does the game's scenario use the rule (asked once per game)",
    "scenario_apply": "scenario_apply(state, action): carry out a fire decision of a mode the rule owns (its "
                      "register(..., modes=) names them)",
    "on_phase": "on_phase(state, phase): as the Orders or Activation phase starts, after the scenario's events "
                "of that moment",
    "after_move": "after_move(state, unit) -> bool: after a unit's move onto its square: True when the unit has "
                  "left the battlefield (nothing more follows from the move)",
    # A feature's own steps and decisions in the phases (see GAME_HOOKS): run while the module is in play
    "in_play": "in_play(state) -> bool: may the module's game hooks ever run in this game (asked once per game; "
               "without it they always may)",
    "activation_actions": "activation_actions(state, unit) -> list[Action]: the decisions the module offers the "
                          "unit being activated before it moves or fires (after its moves and shots)",
    "after_actions": "after_actions(state, unit) -> list[Action]: the decisions the module offers the unit being "
                     "activated once it has acted, before its activation ends (a bomb put on a vehicle)",
    "decide": "decide(state, action): carry out a decision of a kind, or kind and mode, the module owns (its "
              "register(..., decides=) names them: 'kind' or 'kind:mode'), in any phase; a pending choice it "
              "owns is still first in GameState.pending",
    "queue_tokens": "queue_tokens(state, side) -> list[tuple[int, int]]: (token, owner) entries the module adds to "
                    "the side's activation queue as the Activation phase starts; owner a negative number of its own",
    "reveal": "reveal(state, side, token, owner) -> bool: a queued token of a negative owner is revealed: True when "
              "the module owns it (it then decides what happens next)",
    "interlude": "interlude(state, side, passed) -> bool: between activations, before ``side`` reveals its next "
                 "token (``passed``: the side that has just declined): True when the loop stops for a decision "
                 "of the module (GameState.current is then -1)",
    "interlude_actions": "interlude_actions(state) -> list[Action]: the decisions of the side to act between "
                         "activations",
    "interlude_decide": "interlude_decide(state, action) -> bool: carry out a decision between activations (True: "
                        "the module's)",
    "directs": "directs(state) -> bool: is the unit being activated acting for the module (a gun of a barrage)? "
               "Its decisions are then the module's ``directed_actions`` alone",
    "directed_actions": "directed_actions(state, unit) -> list[Action]: the decisions of a unit the module directs",
    "activation_ending": "activation_ending(state, unit) -> bool: the unit's activation is ending: True when the "
                         "module carries on instead (the next gun of a barrage)",
    "activation_ended": "activation_ended(state, unit) -> bool: the unit's activation has ended: True when it did "
                        "not use up its side's turn in the alternation (an Autonomous unit's)",
    "order_actions": "order_actions(state, side) -> list[Action]: placements the module offers the side beside its "
                     "order tokens in the Orders phase (a token on a smoke bomb)",
    "closing_actions": "closing_actions(state, side) -> list[Action]: the side's decisions once every token is "
                       "placed, before the Orders phase ends (a directive); empty: none",
    "closing_decide": "closing_decide(state, side, action): carry out a decision of ``closing_actions``",
    "supply_move_actions": "supply_move_actions(state, side, movers) -> list[Action]: decisions offered with the "
                           "supply moves of ``movers`` (an advanced position instead of a move)",
    "supply_actions": "supply_actions(state, side) -> list[Action]: the side's other decisions of its supply moves "
                      "(a token laid); any keeps the side's supply moves open",
    "scenario_effect": "scenario_effect(state, effect, side) -> bool: carry out a scenario event's effect of a kind "
                       "the module registers with register(..., scenario_effects=) (False: postponed)",
    "condition": "condition(state, cond) -> bool: does a victory condition of a kind the module registers with "
                 "register(..., conditions=) hold",
    "out_of_play": "out_of_play(state, side) -> tuple[int, ...]: the side's units gone otherwise than destroyed "
                   "(no ``destroyed`` condition counts them)",
}
SIDE_HOOKS = ("actions", "prepare", "apply", "holds_fire")
"""Hooks run for the units of an army that has the option (its effect key among the
army's keys), whatever the unit's tile: the module checks the tokens left for the unit
itself. They are how a feature brings its own decisions: the game loop asks
:func:`side_hooks` and never names the feature (issue 19, feature modules own their rule)."""
SCENARIO_HOOKS = ("activation_actions", "scenario_apply", "on_phase", "after_move")
"""Hooks of a scenario rule (kind ``scenario-rule``): a scenario rule is in play because
the game's scenario uses it (its ``in_scenario`` hook says so, asked once per game; a
rule without one is always in play), not because an army holds it. The game loop asks
:func:`scenario_hooks` and :func:`scenario_apply` and never names the rule (issue 19,
feature modules own their rule)."""
GAME_HOOKS = SCENARIO_HOOKS + (
    "after_actions", "queue_tokens", "reveal", "interlude", "interlude_actions", "interlude_decide", "directs",
    "directed_actions", "activation_ending", "activation_ended", "order_actions", "closing_actions",
    "closing_decide", "supply_move_actions", "supply_actions", "out_of_play",
)
"""Hooks a module of any kind (an ability, an option, a scenario rule) runs at named
moments of the phases, while it is in play (its ``in_scenario`` and ``in_play`` hooks,
asked once per game, say so): the phases and the game loop ask :func:`game_hooks` (and
:func:`decision` for the decisions a module owns) and never name the feature. Modules
run in the order of their ``rank`` (then id): the order in which their decisions are
listed, which seeded players read."""
STATUSES = ("simulated", "partial", "not simulated")


# --- the hooks' types: what a registration is checked against --------------------------
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


class Hooks(TypedDict, total=False):
    """The type of each hook of :data:`HOOKS` (what :func:`register` checks a rule module's
    functions against; :data:`HOOKS` says when each runs)."""

    shot: Callable[["GameState", "UnitState", Any, Any], "list[Term] | None"]  # (plan, weapon)
    defence: Terms
    long_range: UnitCount
    range_limit: Callable[["GameState", "UnitState", Any], "int | None"]  # (weapon)
    dice: Callable[["GameState", "UnitState", Any], "int | None"]  # (weapon)
    firing: UnitEvent  # (target)
    targeted: UnitEvent  # (plan)
    after_miss: UnitEvent  # (target)
    reroll: Callable[["GameState", "UnitState", int, int, int, str], int]  # (die, dice, need, why) -> die kept
    damage_roll: Callable[["GameState", "UnitState", "UnitState", int], int]  # (target, roll so far) -> to add
    suppressed: Callable[["GameState", "UnitState", int], int]  # (markers placed) -> taken
    assault_attack: Terms
    assault_defence: Terms
    assault_won: UnitEvent  # (defender)
    assault_lost: UnitEvent  # (defender)
    hits_inflicted: UnitCount
    opponent_assault: Terms
    push_back: Callable[["GameState", "UnitState"], "bool | None"]
    recovery: UnitCount
    acts_first: UnitAnswer
    order_tokens: UnitCount
    min_orders: UnitCount
    order_received: UnitEvent  # (token)
    extra_draw: UnitCount
    movement: UnitCount
    revealed: Callable[["GameState", "UnitState"], object]
    card_phase: Callable[[], "str | tuple[str, ...]"]
    card_playable: UnitAnswer
    card_targets: Callable[["GameState", "UnitState"], "list[int]"]
    card_play: Callable[..., object]  # (state, unit) or, with card_targets, (state, unit, target)
    assault_heavy: Callable[["GameState", "UnitState"], "bool | None"]
    reactivate: UnitAnswer
    autonomous: UnitAnswer
    substitute: UnitAnswer
    actions: Callable[["GameState", "UnitState", str], "list[Action]"]  # (phase)
    prepare: Callable[["GameState", "Action"], "Action"]
    apply: Callable[["GameState", "Action"], bool]
    holds_fire: UnitAnswer
    in_scenario: Callable[["GameState"], bool]
    scenario_apply: Decide
    on_phase: Callable[["GameState", str], object]
    after_move: UnitAnswer
    in_play: Callable[["GameState"], bool]
    activation_actions: UnitOffer
    after_actions: UnitOffer
    decide: Decide
    queue_tokens: Callable[["GameState", int], "list[tuple[int, int]]"]
    reveal: Callable[["GameState", int, int, int], bool]  # (side, token, owner)
    interlude: Callable[["GameState", int, int], bool]  # (side, passed)
    interlude_actions: Callable[["GameState"], "list[Action]"]
    interlude_decide: Callable[["GameState", "Action"], bool]
    directs: Callable[["GameState"], bool]
    directed_actions: UnitOffer
    activation_ending: UnitAnswer
    activation_ended: UnitAnswer
    order_actions: SideOffer
    closing_actions: SideOffer
    closing_decide: Callable[["GameState", int, "Action"], object]
    supply_move_actions: Callable[["GameState", int, "list[int]"], "list[Action]"]  # (side, movers)
    supply_actions: SideOffer
    scenario_effect: Callable[["GameState", Any, int], bool]  # (effect, side)
    condition: Callable[["GameState", Any], bool]  # (condition)
    out_of_play: Callable[["GameState", int], "tuple[int, ...]"]


@dataclass(frozen=True)
class RuleModule:
    kind: str  # ability / option / card / event
    id: str
    name: str
    status: str
    rule: str
    missing: str = ""
    hooks: dict[str, Callable[..., Any]] = field(default_factory=dict)
    modes: tuple[str, ...] = ()  # the action modes its ``scenario_apply`` carries out
    rank: int = 0  # where its game hooks run among the other modules' (then by id)
    decides: tuple[str, ...] = ()  # the decisions its ``decide`` carries out: 'kind' or 'kind:mode'
    scenario_effects: tuple[str, ...] = ()  # the scenario effects (``do``) its ``scenario_effect`` carries out
    conditions: tuple[str, ...] = ()  # the victory conditions its ``condition`` evaluates


REGISTRY: dict[tuple[str, str], RuleModule] = {}
_GAME_MODULES: list[RuleModule] = []
"""The modules with game hooks, a decide, scenario effects or conditions, in the order of
their rank and id (worked out once, again after a module registers)."""


def register(kind: str, id: str, name: str, status: str, rule: str, missing: str = "",
             modes: tuple[str, ...] = (), rank: int = 0, decides: tuple[str, ...] = (),
             scenario_effects: tuple[str, ...] = (), conditions: tuple[str, ...] = (),
             **hooks: Unpack[Hooks]) -> RuleModule:
    """Register a rule module with its hooks (names of :data:`HOOKS`); ``modes``: the
    action modes a scenario rule's ``scenario_apply`` carries out; ``rank``: where its game
    hooks run; ``decides``, ``scenario_effects``, ``conditions``: what its ``decide``,
    ``scenario_effect`` and ``condition`` hooks answer for."""
    if status not in STATUSES:
        raise ValueError(f"unknown status {status!r}")
    for hook in hooks:
        if hook not in HOOKS:
            raise ValueError(f"unknown hook {hook!r} for {kind} {id}")
    if bool(modes) != ("scenario_apply" in hooks):
        raise ValueError(f"{kind} {id}: a scenario_apply hook and the modes it carries out go together")
    for first, second in (("directs", "directed_actions"), ("closing_actions", "closing_decide")):
        if (first in hooks) != (second in hooks):
            raise ValueError(f"{kind} {id}: hooks {first} and {second} go together")
    for hook, owned in (("decide", decides), ("scenario_effect", scenario_effects), ("condition", conditions)):
        if bool(owned) != (hook in hooks):
            raise ValueError(f"{kind} {id}: a {hook} hook and what it answers for go together")
    functions = cast("dict[str, Callable[..., Any]]", dict(hooks))  # every value of Hooks is a function
    module = RuleModule(kind, id, name, status, rule, missing, functions, tuple(modes), rank, tuple(decides),
                        tuple(scenario_effects), tuple(conditions))
    REGISTRY[(kind, id)] = module
    _GAME_MODULES.clear()
    return module


def unregister(kind: str, id: str) -> None:
    """Forget a rule module (a test's example module, once the test is over)."""
    REGISTRY.pop((kind, id), None)
    _GAME_MODULES.clear()


def get(kind: str, id: str) -> RuleModule | None:
    return REGISTRY.get((kind, id))


def unit_modules(state: "GameState", unit: "UnitState") -> tuple[RuleModule, ...]:
    """Modules that apply to ``unit`` now: abilities on its face, on its weapons and
    granted by its tile; traits and equipment of its tile or of the whole army."""
    cache = derived(state, _MODULES)
    key = _unit_key(unit)
    hit = cache.get(key)
    if hit is not None:
        return hit
    found: dict[tuple[str, str], RuleModule] = {}
    face = unit.st.profile.faces[unit.face]
    names = list(face.abilities) + list(unit.st.granted)
    for w in face.weapons:
        names.extend(w.abilities)
    for name in names:
        m = REGISTRY.get(("ability", name)) or REGISTRY.get(("option", name))  # options bought for a hero
        if m is not None and m.hooks:
            found[m.kind, m.id] = m
    side = state.static.sides[unit.side]
    tile = unit.st.tile
    for (scope, effect) in list(side.traits) + list(side.equipment):
        if scope == -1 or scope == tile or tile == -1:
            m = REGISTRY.get(("option", effect))
            if m is not None and m.hooks:
                found[m.kind, m.id] = m
    result = tuple(found.values())
    cache[key] = result
    return result


def _unit_key(unit: "UnitState") -> int:
    """A unit and its face as one number, the cheapest cache key (asked for every hook
    of every unit, on every shot, move and query)."""
    return unit.id << 8 | unit.face


_MODULES: Final[Derived[dict[Any, Any]]] = table(
    "effects: the modules of a unit and face (by number), and each hook's functions of them (by hook name)")
"""Forgotten by :func:`invalidate`."""


def in_game(state: "GameState", hook: str) -> bool:
    """Could any unit of this game ever run ``hook``: does a module with it come
    from some face, weapon or grant of a unit, or from a side's traits or
    equipment? Hot paths ask this first and skip hooks the game never uses
    (worked out once per game, for every hook at once)."""
    return derived(state, _HOOKS_IN_GAME)[hook]


def _hooks_in_game(state: "GameState") -> dict[str, bool]:
    names: set[str] = set()
    for u in state.units:
        names.update(u.st.granted)
        for face in u.st.profile.faces:
            names.update(face.abilities)
            for w in face.weapons:
                names.update(w.abilities)
    keys = {k for side in state.static.sides for (_, k) in (*side.traits, *side.equipment)}
    found = [REGISTRY.get(("ability", n)) or REGISTRY.get(("option", n)) for n in names]
    found += [REGISTRY.get(("option", k)) for k in keys]
    used = {hook for m in found if m is not None for hook in m.hooks}
    return {hook: hook in used for hook in HOOKS}


def side_hooks(state: "GameState", side: int, hook: str) -> tuple[Callable[..., Any], ...]:
    """The ``hook`` functions (one of :data:`SIDE_HOOKS`) of the options of ``side``'s
    army, in the order of the options' ids (worked out once per game for every hook and
    side: asked whenever a unit's moves or shots are listed and a move is made)."""
    return derived(state, _SIDE_HOOKS)[hook][side]


_HOOKS_IN_GAME: Final = Derived("effects: could any unit of the game ever run each hook", _hooks_in_game)


def _side_hooks(state: "GameState") -> dict[str, tuple[tuple[Callable[..., Any], ...], ...]]:
    options = sorted((m for m in REGISTRY.values() if m.kind == "option"), key=lambda m: m.id)
    return {hook: tuple(tuple(m.hooks[hook] for m in options if hook in m.hooks and m.id in side.keys)
                        for side in state.static.sides)
            for hook in SIDE_HOOKS}


_SIDE_HOOKS: Final = Derived("effects: the side hooks of each army's options", _side_hooks)


def scenario_hooks(state: "GameState", hook: str) -> tuple[Callable[..., Any], ...]:
    """The ``hook`` functions (one of :data:`SCENARIO_HOOKS`) of the modules in play (the
    scenario rules the game's scenario uses among them), in the order of their rank and
    id (worked out once per game for every hook: asked as phases start, units are
    activated and moves are made)."""
    return _game_table(state)[hook]


def game_hooks(state: "GameState", hook: str) -> tuple[Callable[..., Any], ...]:
    """The ``hook`` functions (one of :data:`GAME_HOOKS`) of the modules in play, in the
    order of their rank and id (worked out once per game for every hook)."""
    return _game_table(state)[hook]


def scenario_apply(state: "GameState", mode: str) -> Callable[..., Any] | None:
    """The ``scenario_apply`` hook of the scenario rule in play that owns action mode
    ``mode`` (None: no rule owns it)."""
    return _game_table(state)["modes"].get(mode)


def decision(state: "GameState", kind: str, mode: str | None) -> Callable[..., Any] | None:
    """The ``decide`` hook of the module in play that owns decisions of ``kind`` and
    ``mode`` (registered as 'kind:mode', or as 'kind' for every mode); None: no module
    owns it, the core rules carry it out."""
    owners = _game_table(state)["decides"]
    if not owners:
        return None
    return owners.get(f"{kind}:{mode}") or owners.get(kind)


def scenario_effect(state: "GameState", do: str) -> Callable[..., Any] | None:
    """The ``scenario_effect`` hook of the module that carries out scenario effects
    ``do`` (None: the core rules do, or nothing does). Not gated by ``in_play``: an
    effect of the scenario is carried out by its module whenever it comes."""
    return _game_table(state)["effects"].get(do)


def condition(state: "GameState", kind: str) -> Callable[..., Any] | None:
    """The ``condition`` hook of the module that evaluates victory conditions ``kind``
    (None: a condition of the core rules)."""
    return _game_table(state)["conditions"].get(kind)


def _game_table(state: "GameState") -> dict[str, Any]:
    return derived(state, _GAME_HOOKS)


def _in_play(state: "GameState", m: RuleModule) -> bool:
    if m.kind == "scenario-rule" and "in_scenario" in m.hooks and not m.hooks["in_scenario"](state):
        return False
    return "in_play" not in m.hooks or bool(m.hooks["in_play"](state))


def _game_modules() -> list[RuleModule]:
    if not _GAME_MODULES:
        named = set(GAME_HOOKS) | {"decide", "scenario_effect", "condition"}
        _GAME_MODULES.extend(sorted((m for m in REGISTRY.values() if not named.isdisjoint(m.hooks)),
                                    key=lambda m: (m.rank, m.id, m.kind)))
    return _GAME_MODULES


def _game_hooks(state: "GameState") -> dict[str, Any]:
    every = _game_modules()
    rules = [m for m in every if _in_play(state, m)]
    table: dict[str, Any] = {hook: tuple(m.hooks[hook] for m in rules if hook in m.hooks) for hook in GAME_HOOKS}
    table["modes"] = {mode: m.hooks["scenario_apply"] for m in rules for mode in m.modes}
    table["decides"] = {key: m.hooks["decide"] for m in rules for key in m.decides}
    table["effects"] = {do: m.hooks["scenario_effect"] for m in every for do in m.scenario_effects}
    table["conditions"] = {kind: m.hooks["condition"] for m in every for kind in m.conditions}
    return table


_GAME_HOOKS: Final = Derived("effects: the game hooks of the modules in play, and who owns modes, decisions, "
                              "scenario effects and conditions", _game_hooks)


def invalidate(state: "GameState") -> None:
    """Forget the module and hook lists worked out (after granting abilities in play)."""
    state.static.derived.forget(_MODULES, _HOOKS_IN_GAME, _SIDE_HOOKS, _GAME_HOOKS)


def hook_functions(state: "GameState", unit: "UnitState", hook: str) -> tuple[Callable[..., Any], ...]:
    """The ``hook`` functions of the unit's modules (cached per hook, then unit and face:
    rules ask this on every shot, move and query, and a number is the cheapest key)."""
    cache = derived(state, _MODULES)
    by_unit = cache.get(hook)
    if by_unit is None:
        by_unit = cache[hook] = {}
    key = _unit_key(unit)
    fns = by_unit.get(key)
    if fns is None:
        fns = by_unit[key] = tuple(m.hooks[hook] for m in unit_modules(state, unit) if hook in m.hooks)
    return fns


def collect(state: "GameState", unit: "UnitState", hook: str, *args: Any) -> list[Any]:
    """Results of ``hook`` over the unit's modules (None results dropped)."""
    fns = hook_functions(state, unit, hook)
    if not fns:
        return []
    out = []
    for fn in fns:
        r = fn(state, unit, *args)
        if r is not None:
            out.append(r)
    return out
