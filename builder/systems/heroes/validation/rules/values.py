"""Values the rules need: no negative defence, every ability with the number its symbol
prints, and every scenario side with an army (issue 23 item 4).

Why: a pack with ``defence: -3``, ``scout`` without its squares or a side with neither
points nor a composition validated, then played with values the author never wrote
(the engine fell back to 0 squares, or to armies of its own). A defence value is a
target number on a die (000 core rules, Firing > Kill shot), never below zero; an
ability whose symbol prints a number (000 core rules, Special Abilities: Scout's squares,
Assault's bonus) means nothing without it; a side's army is a fixed composition or a
points budget (000 core rules, Army Creation), so zero points with no composition is no
army at all.
"""

from __future__ import annotations

from typing import Iterable

from builder.systems.heroes.content.models.ability import AbilityRef, ParameterKind
from builder.systems.heroes.content.models.unit import VehicleDefence
from builder.diagnostics import Diagnostic, define_code
from builder.systems.heroes.validation.context import CheckContext
from builder.systems.heroes.validation.registry import rule

H870 = define_code("H870", "negative value where the rules need zero or more", "000 core rules, Firing > Kill shot")
H871 = define_code("H871", "ability without the value its symbol prints", "000 core rules, Special Abilities")
H872 = define_code("H872", "scenario side without an army", "000 core rules, Army Creation")

WITH_ABILITIES = ("units", "recruitment", "options", "heroes", "cards")


@rule
def defence_is_not_negative(ctx: CheckContext) -> Iterable[Diagnostic]:
    """A defence value (each of front/side/rear for heavy vehicles) is zero or more."""
    for unit in ctx.pack.units.values():
        for index, side in enumerate(unit.sides):
            defence = side.defence
            values = ([("defence",)] if isinstance(defence, int) else
                      [("defence", k) for k in ("front", "side", "rear")] if isinstance(defence, VehicleDefence)
                      else [])
            for path in values:
                value = defence if len(path) == 1 else getattr(defence, str(path[1]))
                if isinstance(value, int) and value < 0:
                    yield ctx.at("units", unit.id, ("sides", index) + path, H870,
                                 f"unit '{unit.id}', side {index + 1}: defence {value} is negative",
                                 hint="a defence value is a die target, 0 or more", rule="000 core rules, Firing > Kill shot")




@rule
def abilities_carry_their_value(ctx: CheckContext) -> Iterable[Diagnostic]:
    """An ability whose symbol prints squares, a count, dice or a capacity is given that
    number, never negative. A bonus may be left out (Assault without a number adds
    nothing beyond the assault itself) or negative (Fire on the Move prints -1)."""
    abilities = ctx.pack.items.get("abilities", {})
    for collection in WITH_ABILITIES:
        for item in ctx.pack.items.get(collection, {}).values():
            refs = [(path + (i,), ref) for path, _key, value in ctx.fields(item) if isinstance(value, list)
                    for i, ref in enumerate(value) if isinstance(ref, AbilityRef)]
            for path, value in refs:
                ability = abilities.get(value.id)
                if ability is None:
                    continue
                counted = ability.parameter not in (ParameterKind.NONE, ParameterKind.BONUS)
                if counted and value.value is not None and value.value < 0:
                    yield ctx.at(collection, item.id, path + ("value",), H870,
                                 f"ability '{value.id}' of '{item.id}' has the negative value {value.value}",
                                 hint="write the number printed in the symbol, 0 or more",
                                 rule="000 core rules, Special Abilities")
                if counted and value.value is None:
                    kind = ability.parameter.value
                    yield ctx.at(collection, item.id, path, H871,
                                 f"ability '{value.id}' of '{item.id}' needs its {kind} "
                                 f"(the number printed in its symbol)",
                                 hint=f"write it as {{id: {value.id}, value: N}}",
                                 rule="000 core rules, Special Abilities")


@rule
def every_side_has_an_army(ctx: CheckContext) -> Iterable[Diagnostic]:
    """A side has a fixed composition or a points budget above zero."""
    for sc in ctx.pack.scenarios.values():
        for s, side in enumerate(sc.sides):
            army = side.army
            if not army.composition and not army.points:
                yield ctx.at("scenarios", sc.id, ("sides", s, "army"), H872,
                             f"scenario '{sc.id}', side '{side.id}': the army has {army.points or 0} points and "
                             "no composition, so the side would play with an army nobody wrote",
                             hint="give 'points:' above 0 or a 'composition:' list",
                             rule="000 core rules, Army Creation")
