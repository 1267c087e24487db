"""The registry of rule modules and the lookups the rules make on every decision
(which modules apply to a unit, which hooks a game can ever run, each hook's functions);
re-exported by :mod:`builder.systems.heroes.engine.effects`, whose docstring tells what a
rule module is. A module of its own so that it is compiled with the hot rules
(builder/native.py): a package's ``__init__`` is not. The rule modules register themselves
as they are imported, by :mod:`builder.systems.heroes.engine.all_features` (which
``import builder.systems.heroes.engine`` loads): this module imports none of them, being
below them all.

Every hook is a typed constant of :mod:`builder.systems.heroes.engine.effects.hooks`: a
module provides it by that constant as it registers (``hooks=[MOVEMENT.by(fn)]``) and the
rules ask for it by the same constant (``collect(state, unit, MOVEMENT)``), so mypy checks
the function provided, the arguments passed and the results read.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Final, TypeVar, overload

from builder.systems.heroes.engine.derived import Derived, derived, table
from builder.systems.heroes.engine.effects.hooks import (
    CLOSING_ACTIONS, CLOSING_DECIDE, CONDITION, DECIDE, DIRECTED_ACTIONS, DIRECTS, EVERY_HOOK, GAME_HOOKS, IN_PLAY,
    IN_SCENARIO, SCENARIO_APPLY, SCENARIO_EFFECT, SIDE_HOOKS, Decide, GameHook, Hook, SideHook, UnitHook,
)

if TYPE_CHECKING:
    from builder.systems.heroes.engine.state import GameState, UnitState

F = TypeVar("F", bound=Callable[..., Any])
R = TypeVar("R")
A = TypeVar("A")
B = TypeVar("B")

STATUSES = ("simulated", "partial", "not simulated")


@dataclass(frozen=True)
class RuleModule:
    """A rule module: what it is (kind, content id, name), how far the engine simulates
    it (status, the rule it implements, what is missing) and its functions, by hook name
    (:meth:`function` gives one typed by its hook)."""

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

    def provides(self, hook: Hook[Any]) -> bool:
        """Does the module provide ``hook``?"""
        return hook.name in self.hooks

    def function(self, hook: Hook[F]) -> F:
        """The module's function for ``hook`` (KeyError when it provides none)."""
        fn: Any = self.hooks[hook.name]  # registered through the hook: an F
        return fn


REGISTRY: dict[tuple[str, str], RuleModule] = {}
_GAME_MODULES: list[RuleModule] = []
"""The modules with game hooks, a decide, scenario effects or conditions, in the order of
their rank and id (worked out once, again after a module registers)."""
_KNOWN: Final = frozenset(EVERY_HOOK)


def register(kind: str, id: str, name: str, status: str, rule: str, missing: str = "",
             modes: tuple[str, ...] = (), rank: int = 0, decides: tuple[str, ...] = (),
             scenario_effects: tuple[str, ...] = (), conditions: tuple[str, ...] = (),
             hooks: Sequence[tuple[Hook[Any], Callable[..., Any]]] = ()) -> RuleModule:
    """Register a rule module with its hooks (``hooks=[MOVEMENT.by(fn), ...]``, each a
    constant of :mod:`~builder.systems.heroes.engine.effects.hooks` given a function of its
    type); ``modes``: the action modes a scenario rule's ``scenario_apply`` carries out;
    ``rank``: where its game hooks run; ``decides``, ``scenario_effects``, ``conditions``:
    what its ``decide``, ``scenario_effect`` and ``condition`` hooks answer for."""
    if status not in STATUSES:
        raise ValueError(f"unknown status {status!r}")
    functions: dict[str, Callable[..., Any]] = {}
    for hook, fn in hooks:
        if hook not in _KNOWN:
            raise ValueError(f"unknown hook {hook!r} for {kind} {id}")
        if hook.name in functions:
            raise ValueError(f"{kind} {id} provides hook {hook.name} twice")
        functions[hook.name] = fn
    given = {hook for hook, _ in hooks}
    if bool(modes) != (SCENARIO_APPLY in given):
        raise ValueError(f"{kind} {id}: a scenario_apply hook and the modes it carries out go together")
    for first, second in ((DIRECTS, DIRECTED_ACTIONS), (CLOSING_ACTIONS, CLOSING_DECIDE)):
        if (first in given) != (second in given):
            raise ValueError(f"{kind} {id}: hooks {first.name} and {second.name} go together")
    for owner, owned in ((DECIDE, decides), (SCENARIO_EFFECT, scenario_effects), (CONDITION, conditions)):
        if bool(owned) != (owner in given):
            raise ValueError(f"{kind} {id}: a {owner.name} hook and what it answers for go together")
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


def in_game(state: "GameState", hook: UnitHook[Any]) -> bool:
    """Could any unit of this game ever run ``hook``: does a module with it come
    from some face, weapon or grant of a unit, or from a side's traits or
    equipment? Hot paths ask this first and skip hooks the game never uses
    (worked out once per game, for every hook at once)."""
    return derived(state, _HOOKS_IN_GAME)[hook]


def _hooks_in_game(state: "GameState") -> dict[Hook[Any], bool]:
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
    used = {name for m in found if m is not None for name in m.hooks}
    return {hook: hook.name in used for hook in EVERY_HOOK}


def side_hooks(state: "GameState", side: int, hook: SideHook[F]) -> tuple[F, ...]:
    """The ``hook`` functions (one of :data:`~builder.systems.heroes.engine.effects.hooks.SIDE_HOOKS`)
    of the options of ``side``'s army, in the order of the options' ids (worked out once
    per game for every hook and side: asked whenever a unit's moves or shots are listed
    and a move is made)."""
    fns: Any = derived(state, _SIDE_HOOKS)[hook][side]  # registered through the hook: F's
    return fns


_HOOKS_IN_GAME: Final = Derived("effects: could any unit of the game ever run each hook", _hooks_in_game)


def _side_hooks(state: "GameState") -> dict[Hook[Any], tuple[tuple[Callable[..., Any], ...], ...]]:
    options = sorted((m for m in REGISTRY.values() if m.kind == "option"), key=lambda m: m.id)
    return {hook: tuple(tuple(m.hooks[hook.name] for m in options if m.provides(hook) and m.id in side.keys)
                        for side in state.static.sides)
            for hook in SIDE_HOOKS}


_SIDE_HOOKS: Final = Derived("effects: the side hooks of each army's options", _side_hooks)


def scenario_hooks(state: "GameState", hook: GameHook[F]) -> tuple[F, ...]:
    """The ``hook`` functions (one of :data:`~builder.systems.heroes.engine.effects.hooks.SCENARIO_HOOKS`)
    of the modules in play (the scenario rules the game's scenario uses among them), in
    the order of their rank and id (worked out once per game for every hook: asked as
    phases start, units are activated and moves are made)."""
    fns: Any = derived(state, _GAME_HOOKS).hooks[hook]  # registered through the hook: F's
    return fns


def game_hooks(state: "GameState", hook: GameHook[F]) -> tuple[F, ...]:
    """The ``hook`` functions (one of :data:`~builder.systems.heroes.engine.effects.hooks.GAME_HOOKS`)
    of the modules in play, in the order of their rank and id (worked out once per game
    for every hook)."""
    fns: Any = derived(state, _GAME_HOOKS).hooks[hook]
    return fns


def scenario_apply(state: "GameState", mode: str) -> Decide | None:
    """The ``scenario_apply`` hook of the scenario rule in play that owns action mode
    ``mode`` (None: no rule owns it)."""
    return derived(state, _GAME_HOOKS).modes.get(mode)


def decision(state: "GameState", kind: str, mode: str | None) -> Decide | None:
    """The ``decide`` hook of the module in play that owns decisions of ``kind`` and
    ``mode`` (registered as 'kind:mode', or as 'kind' for every mode); None: no module
    owns it, the core rules carry it out."""
    owners = derived(state, _GAME_HOOKS).decides
    if not owners:
        return None
    return owners.get(f"{kind}:{mode}") or owners.get(kind)


def scenario_effect(state: "GameState", do: str) -> Callable[["GameState", Any, int], bool] | None:
    """The ``scenario_effect`` hook of the module that carries out scenario effects
    ``do`` (None: the core rules do, or nothing does). Not gated by ``in_play``: an
    effect of the scenario is carried out by its module whenever it comes."""
    return derived(state, _GAME_HOOKS).effects.get(do)


def condition(state: "GameState", kind: str) -> Callable[["GameState", Any], bool] | None:
    """The ``condition`` hook of the module that evaluates victory conditions ``kind``
    (None: a condition of the core rules)."""
    return derived(state, _GAME_HOOKS).conditions.get(kind)


def _in_play(state: "GameState", m: RuleModule) -> bool:
    if m.kind == "scenario-rule" and m.provides(IN_SCENARIO) and not m.function(IN_SCENARIO)(state):
        return False
    return not m.provides(IN_PLAY) or bool(m.function(IN_PLAY)(state))


def _game_modules() -> list[RuleModule]:
    if not _GAME_MODULES:
        named = {hook.name for hook in (*GAME_HOOKS, DECIDE, SCENARIO_EFFECT, CONDITION)}
        _GAME_MODULES.extend(sorted((m for m in REGISTRY.values() if not named.isdisjoint(m.hooks)),
                                    key=lambda m: (m.rank, m.id, m.kind)))
    return _GAME_MODULES


class GameTable:
    """The game hooks of the modules in play, by hook, and who owns each action mode,
    decision, scenario effect and victory condition (worked out once per game)."""

    __slots__ = ("hooks", "modes", "decides", "effects", "conditions")

    def __init__(self, state: "GameState") -> None:
        every = _game_modules()
        rules = [m for m in every if _in_play(state, m)]
        self.hooks: dict[Hook[Any], tuple[Callable[..., Any], ...]] = {
            hook: tuple(m.hooks[hook.name] for m in rules if m.provides(hook)) for hook in GAME_HOOKS}
        self.modes: dict[str, Decide] = {mode: m.function(SCENARIO_APPLY) for m in rules for mode in m.modes}
        self.decides: dict[str, Decide] = {key: m.function(DECIDE) for m in rules for key in m.decides}
        self.effects: dict[str, Callable[["GameState", Any, int], bool]] = {
            do: m.function(SCENARIO_EFFECT) for m in every for do in m.scenario_effects}
        self.conditions: dict[str, Callable[["GameState", Any], bool]] = {
            kind: m.function(CONDITION) for m in every for kind in m.conditions}


_GAME_HOOKS: Final = Derived("effects: the game hooks of the modules in play, and who owns modes, decisions, "
                              "scenario effects and conditions", GameTable)


def invalidate(state: "GameState") -> None:
    """Forget the module and hook lists worked out (after granting abilities in play)."""
    state.static.derived.forget(_MODULES, _HOOKS_IN_GAME, _SIDE_HOOKS, _GAME_HOOKS)


def hook_functions(state: "GameState", unit: "UnitState", hook: UnitHook[F]) -> tuple[F, ...]:
    """The ``hook`` functions of the unit's modules (cached per hook, then unit and face:
    rules ask this on every shot, move and query, and a number is the cheapest key)."""
    cache = derived(state, _MODULES)
    by_unit = cache.get(hook)
    if by_unit is None:
        by_unit = cache[hook] = {}
    key = _unit_key(unit)
    fns: Any = by_unit.get(key)  # registered through the hook: F's (no cast: a call in pure Python)
    if fns is None:
        name = hook.name
        fns = by_unit[key] = tuple(m.hooks[name] for m in unit_modules(state, unit) if name in m.hooks)
    return fns


# collect: typed by the hook's arguments after (state, unit), none to two of them
@overload
def collect(state: "GameState", unit: "UnitState",
            hook: UnitHook[Callable[["GameState", "UnitState"], R | None]]) -> list[R]: ...
@overload
def collect(state: "GameState", unit: "UnitState",
            hook: UnitHook[Callable[["GameState", "UnitState", A], R | None]], a: A, /) -> list[R]: ...
@overload
def collect(state: "GameState", unit: "UnitState",
            hook: UnitHook[Callable[["GameState", "UnitState", A, B], R | None]], a: A, b: B, /) -> list[R]: ...
def collect(state: "GameState", unit: "UnitState", hook: UnitHook[Any], *args: Any) -> list[Any]:
    """Results of ``hook`` over the unit's modules (None results dropped), typed by the
    hook: ``collect(state, unit, MOVEMENT)`` is a ``list[int]``."""
    fns = hook_functions(state, unit, hook)
    if not fns:
        return []
    out = []
    for fn in fns:
        r = fn(state, unit, *args)
        if r is not None:
            out.append(r)
    return out
