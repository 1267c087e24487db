"""Unit counters: the sides printed must suit the kind of counter.

Infantry show one yellow defence on each side; a light vehicle one purple defence; a
heavy vehicle three grey defences (front, side, rear), chosen by the angle of the shot;
a vehicle's back is its wreck, which fights no more (000 core rules, Box Contents >
Infantry, Light Vehicles, Heavy Vehicles; Firing > Heavy Vehicles). A side that flips
when hit needs a back side to flip to.
"""

from __future__ import annotations

from typing import Iterable

from builder.diagnostics import Diagnostic, define_code
from builder.systems.heroes.validation.context import CheckContext
from builder.systems.heroes.validation.registry import rule

BOX = "000 core rules, Box Contents"
C_UNIT_SIDES = define_code("C307", "unit counter side does not suit the unit's type", BOX)

_DEFENCE_TYPE = {"infantry": "infantry", "light_vehicle": "light_vehicle", "heavy_vehicle": "heavy_vehicle"}
_VEHICLE_ROLES = {"vehicle", "wreck"}


def side_problems(unit_type: str, index: int, side: object, sides: int) -> list[tuple[tuple[str | int, ...], str, str]]:
    """(path inside the side, problem, hint) for one counter side."""
    problems: list[tuple[tuple[str | int, ...], str, str]] = []
    role = side.role.value  # type: ignore[attr-defined]
    defence = side.defence  # type: ignore[attr-defined]
    defence_type = side.defence_type.value if side.defence_type else None  # type: ignore[attr-defined]
    three = defence is not None and not isinstance(defence, int)
    vehicle = unit_type in ("light_vehicle", "heavy_vehicle")
    if not vehicle and role in _VEHICLE_ROLES:
        problems.append((("role",), f"a {unit_type} counter has no '{role}' side",
                         "use healthy/damaged (or concealed/revealed, packed/deployed)"))
    if vehicle and role in ("healthy", "damaged"):
        problems.append((("role",), f"a {unit_type} counter has a vehicle side and a wreck side, not '{role}'",
                         "use 'vehicle' for the front and 'wreck' for the back"))
    if role == "wreck":
        if side.weapons:  # type: ignore[attr-defined]
            problems.append((("weapons",), "a wreck has no weapons", "remove the weapons of the wreck side"))
        return problems
    if three and unit_type != "heavy_vehicle":
        problems.append((("defence",), "only heavy vehicles have front/side/rear defence values",
                         "write a single defence value"))
    if unit_type == "heavy_vehicle" and defence is not None and not three:
        problems.append((("defence",), "a heavy vehicle's defence gives front, side and rear values",
                         "write 'defence: {front: 6, side: 5, rear: 4}'"))
    expected = _DEFENCE_TYPE.get(unit_type)
    if expected and defence_type and defence_type != expected:
        problems.append((("defence_type",), f"a {unit_type} counter has a {expected} defence, not {defence_type}",
                         f"write 'defence_type: {expected}'"))
    if index == 0 and side.on_hit.value == "flip" and sides < 2:  # type: ignore[attr-defined]
        problems.append((("on_hit",), "this side flips when hit but the counter has no back side",
                         "add the back side, or write 'on_hit: eliminate'"))
    return problems


@rule
def unit_sides_suit_their_type(ctx: CheckContext) -> Iterable[Diagnostic]:
    """Each side's role and defence values match infantry, light or heavy vehicle."""
    for unit in ctx.pack.units.values():
        for index, side in enumerate(unit.sides):
            for path, problem, hint in side_problems(unit.type.value, index, side, len(unit.sides)):
                yield ctx.at("units", unit.id, ("sides", index) + path, C_UNIT_SIDES,
                             f"unit '{unit.id}', side {index + 1}: {problem}", hint=hint, rule=BOX)
