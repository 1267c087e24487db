"""Family Meeting 1 set-up (002, Solo Mode set-up, steps 3-7): every German infantry
counter except the particular unit and the scouts goes into the units bag, and one
anonymous counter stands for each of them."""

from __future__ import annotations

from builder.content import load_pack
from tests.conftest import CORE


def _infantry_of_side(pack, side, skip: set[str]) -> int:  # type: ignore[no-untyped-def]
    """Infantry counters the side's tiles and options bring, leaving out ``skip`` ids."""
    count = 0
    for entry in side.army.composition:
        source = None
        if entry.tile:
            source = pack.tiles[entry.tile].units
        elif entry.option:
            source = pack.options[entry.option].units
        for grant in source or []:
            if grant.unit not in skip and pack.units[grant.unit].type.value == "infantry":
                count += grant.count * entry.count
    return count


def test_fm1_units_bag_matches_the_anonymous_counters() -> None:
    pack = load_pack(CORE)
    scenario = pack.scenarios["family-meeting-1"]
    german = next(s for s in scenario.sides if s.id == "de")
    solo = scenario.solo
    in_bag = _infantry_of_side(pack, german, set(solo.particular_units) | set(solo.scouts))
    assert solo.anonymous_units + solo.numbered_anonymous == 8
    assert in_bag == solo.anonymous_units
