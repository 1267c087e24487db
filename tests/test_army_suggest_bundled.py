"""``suggest`` builds a legal army for every faction of every bundled pack, and only
from platoon and officer tiles (support and aircraft tiles come with scenarios and
aviation options, not as the core of an army)."""

from __future__ import annotations

import pytest

from builder.systems.heroes.army import check_army, suggest_army
from builder.content import BUNDLED_CONTENT, load_pack
from builder.systems.heroes.content.models.recruitment import TileKind

PACKS = {name: load_pack(BUNDLED_CONTENT / name) for name in ("core", "bfn")}


@pytest.mark.parametrize("pack_name,faction", [(p, f) for p, pack in PACKS.items() for f in sorted(pack.factions)])
@pytest.mark.parametrize("points", [300, 600])
def test_suggest_is_legal_for_every_faction(pack_name: str, faction: str, points: int) -> None:
    pack = PACKS[pack_name]
    army = suggest_army(pack, faction, points, seed=7)
    _, summary, findings = check_army(army, pack)
    assert [f for f in findings if f.severity.value == "error"] == []
    # platoon and officer tiles, and aircraft only with the Aircraft option that recruits
    # them (003, Orders Options > Aircraft); support tiles come with scenarios only
    assert all(pack.tiles[t.tile].kind in (TileKind.PLATOON, TileKind.OFFICER, TileKind.AIRCRAFT)
               for t in army.tiles)
    planes = sum(pack.tiles[t.tile].kind is TileKind.AIRCRAFT for t in army.tiles)
    orders = sum(pack.options[c.option].effect_key == "aircraft" for t in army.tiles for c in t.options)
    assert orders <= planes <= 2 * orders
