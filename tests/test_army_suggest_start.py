"""``suggest`` given a starting list completes it: the user's tiles, options and heroes
are kept, the budget gets spent, and no new rule is broken."""

from __future__ import annotations

import pytest

from builder.systems.heroes.army import check_army
from builder.systems.heroes.army.model import ArmyList, SlotChoice, TileEntry
from builder.systems.heroes.army.suggest import suggest
from builder.content import BUNDLED_CONTENT, load_pack

PACK = load_pack(BUNDLED_CONTENT / "core")


def _start(faction: str) -> ArmyList:
    """A one-tile list with its first slot filled by the first option that fits."""
    tile = sorted((t for t in PACK.tiles.values() if t.faction == faction and t.kind.value == "platoon"),
                  key=lambda t: t.id)[0]
    slot = tile.slots[0]
    option = sorted((o for o in PACK.options.values() if o.faction == faction and o.size == slot.size
                     and set(o.bands) & set(slot.bands)), key=lambda o: o.id)[0]
    return ArmyList(name="Mine", faction=faction, points=400,
                    tiles=[TileEntry(tile=tile.id, options=[SlotChoice(slot=1, option=option.id)])])


@pytest.mark.parametrize("faction", sorted(PACK.factions))
@pytest.mark.parametrize("seed", [0, 3])
def test_completion_keeps_the_start_and_spends_more(faction: str, seed: int) -> None:
    start = _start(faction)
    army = suggest(PACK, faction, 400, seed, start=start)
    first = start.tiles[0]
    kept = next(t for t in army.tiles if t.tile == first.tile)
    assert first.options[0] in kept.options
    _, summary, findings = check_army(army, PACK)
    _, start_summary, _ = check_army(start, PACK)
    assert [f for f in findings if f.severity.value == "error"] == []
    assert summary.totals.spent > start_summary.totals.spent


def test_completion_is_deterministic() -> None:
    start = _start("us")
    assert suggest(PACK, "us", 400, 5, start=start) == suggest(PACK, "us", 400, 5, start=start)


def test_start_with_unknown_tile_is_a_usage_error() -> None:
    from builder.errors import UsageError

    with pytest.raises(UsageError, match="unknown tile 'nope'"):
        suggest(PACK, "us", 400, start=ArmyList(name="x", faction="us", points=400, tiles=[TileEntry(tile="nope")]))
