"""The army half of the bundled pack: factions, abilities, units, recruitment, cards.

Checks the counts the core box lists (000 core rules, Box Contents), the Family Meeting
values the Solo Mode prints (002, Scenarios > Family Meeting - Chapter 1 > Composition
of the Armies) and the recruitment rule that an option fits an opening of the same size
sharing a colour band (000, Army Creation > Buy Recruitment Options).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.systems.heroes.content.models import RecruitmentOption, Slot
from builder.systems.heroes.content.pack import Pack
from builder.systems.heroes.validation import validate_pack

ROOT = Path(__file__).resolve().parents[1]
CORE = ROOT / "content" / "core"
ARMY_FOLDERS = ("factions", "abilities", "units", "recruitment", "cards")
BOX = ("000", "Box Contents")


@pytest.fixture(scope="module")
def pack() -> Pack:
    report = validate_pack(CORE)
    assert report.ok, [str(d) for d in report.errors]
    assert report.pack is not None
    return report.pack


def fits(option: RecruitmentOption, slot: Slot) -> bool:
    """000, Army Creation > Buy Recruitment Options: same size, at least one shared band."""
    return option.size == slot.size and bool(set(option.bands) & set(slot.bands))


def place(options: list[RecruitmentOption], slots: list[Slot]) -> bool:
    """Can every option take its own slot? (small backtracking matching)"""
    if not options:
        return True
    first, rest = options[0], options[1:]
    return any(fits(first, slot) and place(rest, slots[:i] + slots[i + 1:]) for i, slot in enumerate(slots))


def test_the_pack_validates_without_warnings() -> None:
    report = validate_pack(CORE)
    assert report.ok
    assert not report.warnings


def test_every_army_file_carries_its_schema_modeline() -> None:
    for folder in ARMY_FOLDERS:
        for path in sorted((CORE / folder).glob("*.yaml")):
            first = path.read_text(encoding="utf-8").splitlines()[0]
            assert first == f"# yaml-language-server: $schema=../../../schemas/{folder}.schema.json", path


def test_factions_and_insignia_of_ids_md(pack: Pack) -> None:
    assert set(pack.factions) == {"us", "de"}
    assert set(pack.insignia) >= {"us-4th-infantry", "us-1st-infantry", "us-generic",
                                  "de-panzer-lehr", "de-2-panzer", "de-generic"}
    generic = {i.id for i in pack.insignia.values() if i.generic}
    assert generic == {"us-generic", "de-generic"}


def test_every_special_ability_of_the_core_rules_is_catalogued(pack: Pack) -> None:
    core = {"aaa", "ambush", "amphibious", "artillery-spotter", "assault", "autonomous", "barrage-order",
            "destruction", "dual-weapon", "fire-on-the-move", "frightening-shot", "hawkeye", "howitzer",
            "indirect-fire", "limited-range", "machine-gunner", "opportunity-fire", "orders", "perforating",
            "personal-order", "positive-waves", "scout", "sniper", "substitute", "suppressive-fire",
            "terrifying", "transport", "tripod"}
    assert core <= set(pack.abilities)
    assert {a.id for a in pack.abilities.values() if a.side_switch} >= {"ambush", "opportunity-fire", "tripod"}


@pytest.mark.parametrize("faction", ["us", "de"])
def test_each_deck_holds_76_cards(pack: Pack, faction: str) -> None:
    cards = pack.by_faction("cards", faction)
    assert sum(c.copies for c in cards) == 76
    command = [c for c in cards if c.command is not None]
    assert {c.command.value for c in command} == {"artillery", "aviation"}
    assert all(c.aaa is not None for c in command if c.command.value == "aviation")
    assert all(c.aaa is None for c in cards if c.command is None or c.command.value != "aviation")
    keys = {c.effect_key for c in cards}
    assert {"opportunity-fire", "high-command"} <= keys
    # The non-command part is enough for the 40-card minimum (000, Setup > Cards).
    assert sum(c.copies for c in cards if c.command is None) >= 40


@pytest.mark.parametrize("faction", ["us", "de"])
def test_three_box_heroes_per_side_two_infantry_one_vehicle(pack: Pack, faction: str) -> None:
    heroes = [h for h in pack.by_faction("heroes", faction)
              if h.source and (h.source.document, h.source.section) == BOX]
    assert len(heroes) == 3
    types = sorted(pack.units[h.unit].type.value for h in heroes)
    assert types == ["heavy_vehicle", "infantry", "infantry"]
    assert all(pack.units[h.unit].outline.value == "hero" for h in heroes)


def test_core_tiles_and_family_meeting_tiles_exist(pack: Pack) -> None:
    kinds = {t.id: t.kind.value for t in pack.tiles.values()}
    assert kinds["us-8th-infantry-regiment"] == kinds["us-22nd-infantry-regiment"] == "platoon"
    assert kinds["de-pzgr-lehr-regiment-901"] == kinds["de-pzgr-lehr-regiment-902"] == "platoon"
    assert kinds["us-cdt-john-marvin"] == kinds["de-major-hans-gruber"] == "officer"
    assert kinds["us-16th-infantry-regiment"] == kinds["de-regiment-304"] == "platoon"
    assert pack.tiles["us-16th-infantry-regiment"].insignia == "us-1st-infantry"
    assert pack.tiles["de-regiment-304"].insignia == "de-2-panzer"


@pytest.mark.parametrize(("faction", "insignia", "common_small"), [("us", "us-4th-infantry", 2),
                                                                  ("de", "de-panzer-lehr", 3)])
def test_box_counters(pack: Pack, faction: str, insignia: str, common_small: int) -> None:
    """000, Box Contents: 2 regiment vehicles; common counters (no insignia): 2 US / 3 German
    token-sized ones (002 calls a Goliath-like counter an infantry token-sized light vehicle)
    and 4 vehicles; one officer counter per officer tile."""
    units = pack.by_faction("units", faction)
    regular_vehicles = [u for u in units if u.insignia == insignia and u.outline.value != "hero"
                        and u.type.value in ("light_vehicle", "heavy_vehicle")]
    assert len(regular_vehicles) == 2
    # the Horn of Plenty is the option's own token deployed as a unit (000, Recruitment
    # Options > Equipment > Horn of Plenty), not one of the box's counters
    common = [u for u in units if u.insignia is None and u.id != "us-horn-of-plenty"]
    assert len([u for u in common if u.footprint == 1]) == common_small
    assert len([u for u in common if u.footprint == 2]) == 4
    officer_tiles = [t for t in pack.by_faction("tiles", faction) if t.kind.value == "officer"]
    assert len(officer_tiles) == 1
    assert [pack.units[g.unit].outline.value for g in officer_tiles[0].units] == ["officer"]


@pytest.mark.parametrize(("prefix", "infantry", "vehicles"), [
    ("us-8th-", 11, 0), ("us-22nd-", 10, 2), ("de-901-", 11, 0), ("de-902-", 10, 2)])
def test_regiment_counters_add_up_to_the_box(pack: Pack, prefix: str, infantry: int, vehicles: int) -> None:
    """000, Box Contents: a counter printed N times is one unit type granted N times in all
    by the regiment's tile and the support options that bring its counters."""
    granted: dict[str, int] = {}
    for item in [*pack.tiles.values(), *pack.options.values()]:
        for grant in item.units:
            if grant.unit.startswith(prefix):
                granted[grant.unit] = granted.get(grant.unit, 0) + grant.count
    assert set(granted) == {u for u in pack.units if u.startswith(prefix)}
    is_vehicle = {"light_vehicle", "heavy_vehicle"}
    assert sum(n for u, n in granted.items() if pack.units[u].type.value not in is_vehicle) == infantry
    assert sum(n for u, n in granted.items() if pack.units[u].type.value in is_vehicle) == vehicles


def test_family_meeting_values_are_the_printed_ones(pack: Pack) -> None:
    printed = {"us-rifle-squad": (50, 0), "us-grenade": (5, 3), "us-ammo": (10, 3),
               "de-panzergrenadiere": (45, 0), "de-grenade": (5, 3), "de-assault-group": (55, 0),
               "us-overwatch": (10, 0), "de-veteran": (15, 3)}
    for option_id, (cost, tokens) in printed.items():
        option = pack.options[option_id]
        assert (option.cost, option.tokens) == (cost, tokens), option_id
    assert pack.options["us-rifle-squad"].category.value == "support"
    assert pack.options["de-assault-group"].category.value == "support"
    assert pack.heroes["de-ludwig-schmarschutze"].unit == "de-ludwig-schmarschutze"
    assert any(a.id == "sniper" for a in pack.units["de-ludwig-schmarschutze"].front.abilities)


@pytest.mark.parametrize(("tile", "options", "hero", "total"), [
    ("us-16th-infantry-regiment", ["us-rifle-squad", "us-grenade", "us-ammo", "us-overwatch"],
     "us-luke-griff-brasset", 170),
    ("de-regiment-304", ["de-panzergrenadiere", "de-grenade", "de-assault-group", "de-veteran"],
     "de-ludwig-schmarschutze", 210),
])
def test_family_meeting_1_compositions_total_their_printed_points(
        pack: Pack, tile: str, options: list[str], hero: str, total: int) -> None:
    cost = pack.tiles[tile].cost + sum(pack.options[o].cost for o in options) + pack.heroes[hero].cost
    assert cost == total
    assert place([pack.options[o] for o in options], list(pack.tiles[tile].slots))
    assert pack.heroes[hero].insignia == pack.tiles[tile].insignia


def test_family_meeting_particular_units(pack: Pack) -> None:
    berger = pack.units["de-oberleutnant-berger"]
    assert berger.outline.value == "officer"
    recon = pack.units["de-recon-group"]
    assert [s.role.value for s in recon.sides] == ["concealed", "revealed"]
    assert any(a.id == "scout" and a.value == 3 for a in recon.front.abilities)
    assert {"de-oberleutnant-berger", "de-recon-group"} <= {g.unit for g in pack.tiles["de-regiment-304"].units}
    assert "de-major-brassert" in pack.units and "us-lieutenant-holke" in pack.units
    # FM2 Geek Option: Assault +3 and Assault vs heavy vehicles for Luke and Brassert.
    for faction in ("us", "de"):
        sabers = pack.options[f"{faction}-light-sabers"].abilities
        assert [(a.id, a.value, a.against and a.against.value) for a in sabers] == [
            ("assault", 3, None), ("assault", None, "heavy_vehicle")]


@pytest.mark.parametrize("faction", ["us", "de"])
def test_every_option_fits_a_slot_of_a_tile_of_its_faction(pack: Pack, faction: str) -> None:
    slots = [s for t in pack.by_faction("tiles", faction) for s in t.slots]
    for option in pack.by_faction("options", faction):
        assert any(fits(option, s) for s in slots), option.id


def test_orders_fit_only_officer_tiles(pack: Pack) -> None:
    """000, Army Creation > Orders: orders need an Officer tile (O); an alliance's high
    command tile holds only orders (000, Multiplayers Rules 3-4 Players)."""
    for option in pack.options.values():
        assert ("blue" in {b.value for b in option.bands}) == (option.category.value == "order"), option.id
        if option.category.value != "order":
            continue
        homes = {t.kind.value for t in pack.by_faction("tiles", option.faction)
                 for s in t.slots if fits(option, s)}
        assert "officer" in homes and homes <= {"officer", "high_command"}, option.id


def test_bands_make_choices(pack: Pack) -> None:
    """No platoon tile takes every kind of option: vehicles, orders or anti-tank gear are choices."""
    options = list(pack.options.values())
    for tile in pack.tiles.values():
        taken = {o.id for o in options if o.faction == tile.faction and any(fits(o, s) for s in tile.slots)}
        assert taken < {o.id for o in options if o.faction == tile.faction}, tile.id


EXPECTED_KEYS = {
    "both": {"ammo", "ammo-belt", "apc-shells", "additional-shielding", "demolition-charge", "fuel", "gear",
             "grenade", "he-shells", "position", "rifle-grenade", "ace-driver", "bloodthirsty", "ferocious",
             "courageous", "hardboiled", "hardened", "heroic", "intrepid", "sharpshooters", "tankbuster",
             "tricky", "triggerhappy", "veteran", "airstrike", "artillery", "battle-plan", "bluff",
             "concealed", "directive", "guardian", "improvisation", "initiative", "mg-nest", "planning",
             "smoke", "support"},
    "us": {"culling-hedgerow-cutter", "sticky-bomb", "nazi-basterds"},
    "de": {"panzerfaust", "goliath", "magnetic-mine"},
}


@pytest.mark.parametrize("faction", ["us", "de"])
def test_every_core_recruitment_option_exists_for_its_side(pack: Pack, faction: str) -> None:
    other = "de" if faction == "us" else "us"
    keys = {o.effect_key for o in pack.by_faction("options", faction)}
    assert EXPECTED_KEYS["both"] | EXPECTED_KEYS[faction] <= keys
    assert not keys & EXPECTED_KEYS[other]


def test_option_token_and_bonus_fields(pack: Pack) -> None:
    for faction in ("us", "de"):
        assert pack.options[f"{faction}-hardened"].stars == 1
        assert pack.options[f"{faction}-planning"].stars == 1
        assert pack.options[f"{faction}-battle-plan"].special_orders == 1
        assert pack.options[f"{faction}-bluff"].bluffs == 1
        assert pack.options[f"{faction}-airstrike"].unlocks_cards.command == "aviation"
        assert pack.options[f"{faction}-artillery"].unlocks_cards.command == "artillery"
    assert pack.options["us-nazi-basterds"].points_bonus == 30
    assert pack.options["us-culling-hedgerow-cutter"].tokens == 2


def test_every_unit_is_brought_by_a_tile_option_or_hero(pack: Pack) -> None:
    brought = {g.unit for t in pack.tiles.values() for g in t.units}
    brought |= {g.unit for o in pack.options.values() for g in o.units}
    brought |= {h.unit for h in pack.heroes.values()}
    assert set(pack.units) - brought == set()


def test_units_faction_matches_what_brings_them(pack: Pack) -> None:
    for collection in ("tiles", "options"):
        for item in pack.items[collection].values():
            for grant in item.units:
                assert pack.units[grant.unit].faction == item.faction, (item.id, grant.unit)
    for hero in pack.heroes.values():
        assert pack.units[hero.unit].faction == hero.faction


def test_specific_insignia_heroes_have_a_tile_to_join(pack: Pack) -> None:
    """000, Army Creation > Heroes: a specific insignia needs a tile bearing it."""
    for hero in pack.heroes.values():
        if not pack.insignia[hero.insignia].generic:
            assert any(t.insignia == hero.insignia for t in pack.tiles.values()), hero.id


def test_counter_sides_are_coherent(pack: Pack) -> None:
    for unit in pack.units.values():
        back = unit.back
        if back is not None:
            assert back.on_hit.value == "eliminate", unit.id
        for side in unit.sides:
            if side.role.value in ("wreck", "concealed"):
                assert side.defence is None and not side.weapons, unit.id
                continue
            assert side.defence is not None, unit.id
            if unit.type.value == "heavy_vehicle":
                assert side.defence_type.value == "heavy_vehicle" and not isinstance(side.defence, int)
                assert {w.role.value for w in side.weapons} == {"primary", "secondary"}, unit.id
            elif unit.type.value == "light_vehicle":
                assert side.defence_type.value == "light_vehicle", unit.id
            else:
                assert side.defence_type.value == "infantry", unit.id
        if unit.front.on_hit.value == "flip":
            assert back is not None, unit.id
        if unit.type.value in ("light_vehicle", "heavy_vehicle") and back is not None:
            assert back.role.value == "wreck"


def test_stars_match_the_orders_ability(pack: Pack) -> None:
    """000, Special Abilities > Order(s): one extra order token per star."""
    for unit in pack.units.values():
        for side in unit.sides:
            orders = [a.value for a in side.abilities if a.id == "orders"]
            assert side.stars == (orders[0] if orders else 0), unit.id


def test_every_item_has_a_source_or_is_a_placeholder(pack: Pack) -> None:
    for collection in ("factions", "insignia", "abilities", "units", "tiles", "options", "heroes", "cards"):
        for item in pack.items[collection].values():
            assert item.source is not None or item.placeholder, (collection, item.id)


def test_flipping_abilities_have_the_matching_sides(pack: Pack) -> None:
    """000, Special Abilities > Ambush / Tripod: the counter is turned over to use them, so
    an Ambush unit shows a concealed side and a Tripod unit a packed and a deployed side."""
    for unit in pack.units.values():
        roles = {s.role.value for s in unit.sides}
        ids = {a.id for s in unit.sides for a in s.abilities}
        if "ambush" in ids:
            assert "concealed" in roles, unit.id
        if "tripod" in ids:
            assert roles == {"packed", "deployed"}, unit.id
        if roles & {"concealed", "revealed"}:
            assert "ambush" in ids, unit.id
