"""Scenario effects the engine cannot play (issue 21: verdicts a designer can trust).

``do: special`` is the scenario vocabulary's way of keeping an effect whose printed text
was lost, or that no declarative effect says yet: the engine only logs it
(``event-not-simulated``), so a playtest of the scenario leaves it out. A warning says
so where the scenario is written, and the playtest report names it again.
"""

from __future__ import annotations

from typing import Any, Iterable

from builder.systems.heroes.content.models.scenario_events import Effect
from builder.systems.heroes.content.models.terrain import square_to_xy
from builder.diagnostics import Diagnostic, Severity, define_code
from builder.systems.heroes.validation.context import CheckContext
from builder.systems.heroes.validation.registry import rule

EVENTS = "000 core rules, Setup > Victory Conditions (scenario events)"
C_NOT_PLAYED = define_code("C320", "scenario effect the engine does not play", EVENTS)


@rule
def special_effects_are_flagged(ctx: CheckContext) -> Iterable[Diagnostic]:
    """Each ``do: special`` effect of a scenario event, nested roll tables included."""
    for sc in ctx.pack.scenarios.values():
        for ei, event in enumerate(sc.events):
            for path, effect in _effects(("events", ei, "effects"), event.effects):
                if effect.do != "special":
                    continue
                yield ctx.at("scenarios", sc.id, (*path, "do"), C_NOT_PLAYED,
                             f"the engine does not play this effect ({effect.text!r}): "
                             "playtests leave it out", rule=EVENTS, severity=Severity.WARNING,
                             hint="say it with the declarative effects (score, reinforce, end_game...) "
                                  "if its text is known; keep 'special' only for text lost in print")


LOST = "000 core rules, Setup > Victory Conditions (scenario events); text lost in transcription"
C_LOST = define_code("C360", "scenario effect whose printed text was lost", LOST)


@rule
def lost_effects_are_flagged(ctx: CheckContext) -> Iterable[Diagnostic]:
    """Each ``do: lost`` effect: the engine names it and plays nothing, so the playtests'
    verdict leaves the printed effect out (the report names it again)."""
    for sc in ctx.pack.scenarios.values():
        for ei, event in enumerate(sc.events):
            for path, effect in _effects(("events", ei, "effects"), event.effects):
                if effect.do == "lost":
                    yield ctx.at("scenarios", sc.id, (*path, "do"), C_LOST,
                                 f"printed text lost, not played: {effect.text} ({effect.lost})",
                                 rule=LOST, severity=Severity.WARNING,
                                 hint="write the effect with the declarative vocabulary once its printed text "
                                      "is found")


PLACED = "003 Battle for Normandy, Campaign > 1 Trading Blows (objectives placed during the game)"
C_NEVER_PLACED = define_code("C361", "objective placed during the game that no effect places", PLACED)


@rule
def objectives_placed_later_are_placed(ctx: CheckContext) -> Iterable[Diagnostic]:
    """An objective with ``placed: false`` is off the battlefield until a ``place_objective``
    effect puts it there: with none, it never comes into play."""
    for sc in ctx.pack.scenarios.values():
        placed = {o for ev in sc.events for _, e in _effects((), ev.effects) if e.do == "place_objective"
                  for o in e.objectives}
        for k, objective in enumerate(sc.objectives):
            if not objective.placed and objective.id not in placed:
                yield ctx.at("scenarios", sc.id, ("objectives", k, "placed"), C_NEVER_PLACED,
                             f"objective '{objective.id}' is placed during the game, but no place_objective "
                             "effect places it: it never comes into play",
                             rule=PLACED, severity=Severity.WARNING,
                             hint="add a place_objective effect naming it to the event whose 'when' is the printed "
                                  "condition, or drop 'placed: false'")


def _effects(path: tuple[str | int, ...], effects: list[Effect]) -> Iterable[tuple[tuple[str | int, ...], Effect]]:
    for k, effect in enumerate(effects):
        here = (*path, k)
        yield here, effect
        for key, subs in effect.table.items():
            yield from _effects((*here, "table", key), subs)
        for key, subs in effect.outcomes.items():
            yield from _effects((*here, "outcomes", key), subs)


EXITS = "003 Battle for Normandy, Campaign > 4 Zurueck! (units got out through the arrows)"
C_NO_EXITS = define_code("C330", "exit count for a side without exit squares", EXITS)


@rule
def exit_counts_have_exits(ctx: CheckContext) -> Iterable[Diagnostic]:
    """An ``exited`` condition (victory levels, event conditions) counts units leaving by
    a side's exit squares: that side lists some, or the count can never grow."""
    for sc in ctx.pack.scenarios.values():
        with_exits = {side.id for side in sc.sides if side.exits}
        places: list[tuple[tuple[str | int, ...], Any]] = [(("victory", v, "when"), lvl.when)
                                                           for v, lvl in enumerate(sc.victory)]
        places += [(("events", e, "when"), ev.when) for e, ev in enumerate(sc.events) if ev.when is not None]
        for path, cond in places:
            for where, exited in _exited(path, cond):
                if exited.side not in with_exits:
                    yield ctx.at("scenarios", sc.id, (*where, "side"), C_NO_EXITS,
                                 f"side '{exited.side}' has no exit squares, so no unit of it can get out",
                                 rule=EXITS, hint=f"list the arrow squares as 'exits' on side '{exited.side}'")


def _exited(path: tuple[str | int, ...], cond: Any) -> Iterable[tuple[tuple[str | int, ...], Any]]:
    """The ``exited`` specs inside a condition, with their paths."""
    if getattr(cond, "exited", None) is not None:
        yield (*path, "exited"), cond.exited
    for key in ("all", "any"):
        for k, sub in enumerate(getattr(cond, key, None) or ()):
            yield from _exited((*path, key, k), sub)
    if getattr(cond, "not_", None) is not None:
        yield from _exited((*path, "not"), cond.not_)


SUPPORT = "003 Battle for Normandy, Recruitment Options > Support Tile"
C_SUPPORT = define_code("C331", "support tile effect the engine cannot put in play", SUPPORT)


@rule
def support_tiles_enter_play(ctx: CheckContext) -> Iterable[Diagnostic]:
    """A ``support_tile`` effect names a support tile the scenario lists, for its side's
    faction; its option exists; a tile with units gives the red dot square they fire from."""
    tiles, options = ctx.pack.items.get("tiles", {}), ctx.pack.items.get("options", {})
    for sc in ctx.pack.scenarios.values():
        for ei, event in enumerate(sc.events):
            for path, effect in _effects(("events", ei, "effects"), event.effects):
                if effect.do != "support_tile":
                    continue
                tile = tiles.get(effect.tile or "")
                problem, where, hint = "", "tile", ""
                if tile is None or getattr(tile, "kind", None) != "support":
                    problem = f"'{effect.tile}' is no support tile of the pack"
                    hint = "name a recruitment tile with 'kind: support'"
                elif effect.tile not in sc.support_tiles:
                    problem = f"support tile '{effect.tile}' is not in the scenario's support_tiles"
                    hint = f"add '{effect.tile}' to the scenario's support_tiles"
                elif effect.option is not None and effect.option not in options:
                    problem, where = f"unknown option '{effect.option}'", "option"
                    hint = "name a recruitment option of the pack"
                elif effect.option is None and not tile.units:
                    problem, where = f"support tile '{effect.tile}' brings no unit and the effect no option", "tile"
                    hint = "give the option the tile holds ('option: ...')"
                elif effect.option is None and not effect.at:
                    problem, where = "the tile's units fire from a red dot square, and 'at' gives none", "do"
                    hint = "give the red dot square as 'at: [AD3]'"
                if problem:
                    yield ctx.at("scenarios", sc.id, (*path, where), C_SUPPORT, problem, rule=SUPPORT, hint=hint)


TARGETS = "003 Battle for Normandy, Battlefield > Buildings > Destroying the Chimney"
C_TARGET = define_code("C332", "unknown demolition target", TARGETS)


@rule
def demolition_targets_are_known(ctx: CheckContext) -> Iterable[Diagnostic]:
    """``open_target`` effects and ``demolished`` conditions name a target the scenario lists."""
    for sc in ctx.pack.scenarios.values():
        known = [t.id for t in sc.targets]
        named: list[tuple[tuple[str | int, ...], str]] = []
        for ei, event in enumerate(sc.events):
            named += [((*path, "target"), e.target) for path, e in _effects(("events", ei, "effects"), event.effects)
                      if e.do == "open_target" and e.target]
            if event.when is not None:
                named += list(_demolished(("events", ei, "when"), event.when))
        for v, lvl in enumerate(sc.victory):
            named += list(_demolished(("victory", v, "when"), lvl.when))
        for path, target in named:
            if target not in known:
                yield ctx.at("scenarios", sc.id, path, C_TARGET, f"the scenario lists no demolition target '{target}'",
                             rule=TARGETS, hint=f"add it under 'targets' (known: {', '.join(known) or 'none'})")


TOP_FLOOR = "003 Battle for Normandy, Battlefield > Buildings > The Chimney"
C_STAIRS = define_code("C370", "stairs square not next to the red dot", TOP_FLOOR)


@rule
def stairs_are_next_to_their_red_dot(ctx: CheckContext) -> Iterable[Diagnostic]:
    """A demolition target's ``stairs`` squares lead to the top floor above its red dot: each
    is next to the red dot (its square or one of the eight around it)."""
    for sc in ctx.pack.scenarios.values():
        for ti, target in enumerate(sc.targets):
            (dx, dy) = square_to_xy(target.at)
            for si, stairs in enumerate(target.stairs):
                (x, y) = square_to_xy(stairs)
                if max(abs(x - dx), abs(y - dy)) != 1:
                    yield ctx.at("scenarios", sc.id, ("targets", ti, "stairs", si), C_STAIRS,
                                 f"stairs square {stairs} is not next to the red dot {target.at}", rule=TOP_FLOOR,
                                 hint="give the square with the stairs symbol beside the red dot")


def _demolished(path: tuple[str | int, ...], cond: Any) -> Iterable[tuple[tuple[str | int, ...], str]]:
    if getattr(cond, "demolished", None) is not None:
        yield (*path, "demolished"), cond.demolished
    for key in ("all", "any"):
        for k, sub in enumerate(getattr(cond, key, None) or ()):
            yield from _demolished((*path, key, k), sub)
    if getattr(cond, "not_", None) is not None:
        yield from _demolished((*path, "not"), cond.not_)
