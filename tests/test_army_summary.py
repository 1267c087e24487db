"""The army summary: points, order tokens, breaking points and who uses each equipment."""

from __future__ import annotations

from builder.systems.heroes.army.check import check_file
from builder.systems.heroes.content.loader import load_pack
from tests.conftest import FIXTURES

ARMY = FIXTURES / "army"
PACK = load_pack(ARMY / "pack")


def summary(name: str):  # type: ignore[no-untyped-def]
    report = check_file(ARMY / "lists" / name, PACK)
    assert report.summary is not None
    return report.summary


def test_order_tokens_count_every_kind_of_star() -> None:
    totals = summary("orders-ten.yaml").totals
    sources = dict(totals.star_sources)
    assert sources["tile '8th Infantry Regiment'"] == 2
    assert sources["filled slot 1 of '8th Infantry Regiment'"] == 1
    assert sources["unit 'us-officer' x1"] == 2  # Order(s) with two stars
    assert sources["hero 'Luke Griff-Brasset'"] == 1  # Personal Order
    assert sources["hero 'Sarge'"] == 1  # a star printed on the counter
    assert totals.order_tokens == 10


def test_printed_stars_stop_at_ten() -> None:
    totals = summary("orders-eleven.yaml").totals
    assert totals.stars == 11 and totals.order_tokens == 10


def test_special_orders_and_bluffs() -> None:
    assert summary("special-orders-two.yaml").totals.special_orders == 2
    assert summary("bluffs-two.yaml").totals.bluffs == 2
    assert summary("points-legal.yaml").totals.bluffs == 1


def test_breaking_points_and_victory_points() -> None:
    s = summary("slot-size-legal.yaml")
    assert [(b.holder, b.units, b.victory_points) for b in s.breaking_points] == [
        ("8th Infantry Regiment", 3, 2), ("Sherman (8th Infantry Regiment)", 1, 3)]
    assert s.by_type == {"heavy_vehicle": 1, "infantry": 2}


def test_equipment_serves_its_tile_and_heroes_officer_equipment_the_army() -> None:
    s = summary("points-legal.yaml")
    ammo = next(x for x in s.served if x.option == "us-ammo")
    assert not ammo.army_wide
    assert sorted(u.unit for u in ammo.units) == ["us-rifle-squad"] * 3  # not the officer's lieutenant
    report = check_file(ARMY / "lists" / "hero-insignia-legal.yaml", PACK)
    overwatch = next(x for x in report.summary.served if x.option == "us-overwatch")  # type: ignore[union-attr]
    assert [u.unit for u in overwatch.units] == ["us-luke"]


def test_officer_tile_equipment_serves_the_whole_army() -> None:
    from builder.systems.heroes.army.check import check_text

    text = (ARMY / "lists" / "orders-officer.yaml").read_text().replace(
        "  - tile: us-cdt-john-marvin\n", "  - tile: us-cdt-john-marvin\n    options: [{slot: 1, option: us-grenade}]\n")
    report = check_text(text, PACK)
    assert report.ok
    grenade = next(x for x in report.summary.served if x.option == "us-grenade")  # type: ignore[union-attr]
    assert grenade.army_wide
    assert sorted(u.unit for u in grenade.units) == ["us-officer", "us-rifle-squad"]


def test_alliance_points_per_player() -> None:
    totals = summary("alliance-legal.yaml").totals
    assert [(f.name, f.spent, f.budget) for f in totals.forces] == [("Alice", 90, 150), ("Bob", 40, 150)]
    assert totals.high_command_cost == 40 and totals.spent == 170


def test_effects_fall_back_on_the_rule_when_the_pack_leaves_a_number_out() -> None:
    from builder.systems.heroes.army import effects

    planning = PACK.options["us-planning"].model_copy(update={"stars": 0})
    basterds = PACK.options["de-nazi-basterds"].model_copy(update={"points_bonus": 0})
    bluff = PACK.options["us-bluff"].model_copy(update={"bluffs": 0, "effect_key": "bluff"})
    assert (effects.stars(planning), effects.points_bonus(basterds), effects.bluffs(bluff)) == (1, 30, 1)
    assert effects.stars(PACK.options["us-ammo"]) == 0
