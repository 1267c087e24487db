"""The world half of the core pack: terrain, overlays, boards, Solo Mode tactical bonuses,
scenarios (Family Meeting 1 and 2 from 002 Solo Mode, clash), the campaign, and the
authoring guide's examples."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from builder.systems.heroes.content.loader import load_pack
from builder.systems.heroes.content.models.scenario import DestroyedCondition, NotCondition, Scenario
from builder.systems.heroes.content.models.terrain import square_to_xy
from builder.systems.heroes.validation import validate_pack
from tests.conftest import CORE, ROOT
from tests.world_oracles import battlefield, outcome, scenario_squares

@pytest.fixture(scope="module")
def pack():
    return load_pack(CORE)


# --- the pack ----------------------------------------------------------------------------


def test_the_pack_validates() -> None:
    report = validate_pack(CORE)
    assert report.ok, "\n".join(d.format() for d in report.errors)


def test_six_boards_of_one_size(pack) -> None:
    boards = pack.items["boards"]
    assert sorted(boards) == [f"board-{n}" for n in range(1, 7)]
    assert {(b.width, b.height) for b in boards.values()} == {(12, 8)}
    assert all(b.placeholder for b in boards.values())


def test_box_overlays(pack) -> None:
    """3 buildings, 4 one-square and 1 two-square defensive positions (000, Box Contents)."""
    overlays = pack.items["overlays"].values()
    buildings = [o for o in overlays if o.kind.value == "building" and o.structure]
    assert len(buildings) == 3
    for building in buildings:
        assert building.openings and building.rooms
        assert any(o.entry for o in building.openings) and any(o.grenade for o in building.openings)
        ruins = pack.items["overlays"][building.ruin_side]
        assert (ruins.width, ruins.height) == (building.width, building.height)
        assert not ruins.openings and ruins.structure is None
    positions = Counter()
    for overlay in overlays:
        if overlay.kind.value == "defensive_position":
            cells = sum(ch != " " for row in overlay.rows for ch in row)
            positions[cells] += overlay.count
    assert positions == {1: 4, 2: 1}
    terrain = pack.items["terrain"]
    assert terrain["forest-heart"].effects.impassable_to and not terrain["forest-edge"].effects.impassable_to
    assert terrain["river"].effects.water and terrain["building"].effects.building
    assert terrain["defensive-position"].effects.opportunity_fire


def test_scenarios_use_only_what_the_box_holds(pack) -> None:
    """Each board once; overlays no more often than the box holds them, a building and
    its ruin side being one tile (000 core rules, Box Contents)."""
    overlays = pack.items["overlays"]
    sides_of = {o.id: o.id for o in overlays.values()}
    for o in overlays.values():
        if o.ruin_side:
            sides_of[o.ruin_side] = o.id
    for scenario in pack.items["scenarios"].values():
        boards = [p.id for p in scenario.layout.boards]
        assert len(boards) == len(set(boards)), scenario.id
        used = Counter(sides_of[p.id] for p in scenario.layout.overlays)
        for tile, n in used.items():
            assert n <= overlays[tile].count, (scenario.id, tile)


def test_solo_mode_tactical_bonuses(pack) -> None:
    """Twelve tokens in nine kinds (002 Solo Mode, Tactical Bonus Descriptions)."""
    bonuses = pack.items["tactical_bonuses"]
    assert sum(b.count for b in bonuses.values()) == 12
    assert {k: b.count for k, b in bonuses.items() if b.count > 1} == {
        "danger": 2, "reinforcements": 2, "tactician": 2}
    assert bonuses["trap"].duration == "instant" and bonuses["tactician"].duration == "permanent"


# --- Family Meeting ------------------------------------------------------------------------


def _kinds(scenario: Scenario) -> Counter:
    return Counter(o.kind.value for o in scenario.objectives)


def test_family_meeting_1_as_printed(pack) -> None:
    fm1 = pack.items["scenarios"]["family-meeting-1"]
    assert (fm1.turns, fm1.tactical_bonuses, fm1.players) == (6, 3, 1)
    assert _kinds(fm1) == {"primary": 1, "secondary": 1}
    assert (fm1.initiative.first, fm1.initiative.rule) == ("us", "fixed")
    assert [s.id for s in fm1.sides] == ["us", "de"]
    us, de = fm1.sides
    assert (us.army.points, de.army.points) == (170, 210)
    assert de.entry and not de.deployment
    ludwig = [e for e in de.army.composition if e.hero == "de-ludwig-schmarschutze"]
    assert len(ludwig) == 1 and ludwig[0].set_aside
    listed = {side.id: sorted(e.tile or e.option or e.hero for e in side.army.composition) for side in fm1.sides}
    assert listed == {  # 002, Family Meeting - Chapter 1 > Composition of the Armies
        "us": sorted(["us-16th-infantry-regiment", "us-rifle-squad", "us-grenade", "us-ammo",
                      "us-luke-griff-brasset", "us-overwatch"]),
        "de": sorted(["de-regiment-304", "de-panzergrenadiere", "de-grenade", "de-assault-group",
                      "de-ludwig-schmarschutze", "de-veteran"]),
    }
    assert fm1.solo.attitude == "aggressive" and fm1.solo.default_ai_side == "de"
    assert fm1.solo.particular_units == ["de-oberleutnant-berger"]
    assert fm1.solo.reinforcements_min == 3


def test_family_meeting_2_as_printed(pack) -> None:
    fm2 = pack.items["scenarios"]["family-meeting-2"]
    assert (fm2.turns, fm2.tactical_bonuses, fm2.players) == (7, 4, 1)
    assert _kinds(fm2) == {"primary": 1, "secondary": 2}
    assert (fm2.initiative.first, fm2.initiative.rule) == ("us", "fixed")
    assert [(s.id, s.army.points) for s in fm2.sides] == [("us", 245), ("de", 245)]
    assert fm2.placeholder
    assert fm2.solo.particular_units == ["de-oberleutnant-berger", "de-major-brassert"]


def _army_units(pack, side) -> set[str]:
    """Unit counters a side's composition brings (tiles, options, heroes, bare units)."""
    units: set[str] = set()
    for entry in side.army.composition:
        if entry.tile:
            units |= {g.unit for g in pack.items["tiles"][entry.tile].units}
        if entry.option:
            units |= {g.unit for g in pack.items["options"][entry.option].units}
        if entry.hero:
            units.add(pack.items["heroes"][entry.hero].unit)
        if entry.unit:
            units.add(entry.unit)
    return units


@pytest.mark.parametrize("scenario_id", ["family-meeting-1", "family-meeting-2"])
def test_solo_particular_units_and_scouts_belong_to_the_ai_army(pack, scenario_id: str) -> None:
    scenario = pack.items["scenarios"][scenario_id]
    ai_side = next(s for s in scenario.sides if s.id == scenario.solo.default_ai_side)
    units = _army_units(pack, ai_side)
    assert set(scenario.solo.particular_units) <= units
    assert set(scenario.solo.scouts) <= units
    for scout in scenario.solo.scouts:
        assert any(a.id == "scout" for side in pack.items["units"][scout].sides for a in side.abilities)


def test_customisations_are_worn_by_heroes_of_the_same_army(pack) -> None:
    """002 prints Overwatch under Luke's name and Veteran under Ludwig's."""
    fm1 = pack.items["scenarios"]["family-meeting-1"]
    worn = {e.option: e.for_hero for side in fm1.sides for e in side.army.composition if e.for_hero}
    assert worn == {"us-overwatch": "us-luke-griff-brasset", "de-veteran": "de-ludwig-schmarschutze"}
    for scenario in pack.items["scenarios"].values():
        for side in scenario.sides:
            heroes = {e.hero for e in side.army.composition if e.hero}
            assert {e.for_hero for e in side.army.composition if e.for_hero} <= heroes


@pytest.mark.parametrize("scenario_id", ["family-meeting-1", "family-meeting-2"])
def test_compositions_cost_their_printed_points(pack, scenario_id: str) -> None:
    for side in pack.items["scenarios"][scenario_id].sides:
        cost = 0
        for entry in side.army.composition:
            for key, collection in (("tile", "tiles"), ("option", "options"), ("hero", "heroes")):
                if getattr(entry, key):
                    cost += pack.items[collection][getattr(entry, key)].cost * entry.count
        assert cost == side.army.points, (scenario_id, side.id)


def bonuses_for_boards(boards: int) -> int:
    """002 Solo Mode, Tactical Bonuses: 1-2 boards 1, 3 boards 2, 4 boards 3, 5-6 boards 4."""
    return {1: 1, 2: 1, 3: 2, 4: 3, 5: 4, 6: 4}[boards]


@pytest.mark.parametrize("scenario_id", ["family-meeting-1", "family-meeting-2"])
def test_battlefield_size_agrees_with_the_printed_tactical_bonuses(pack, scenario_id: str) -> None:
    """The plans are lost; the reconstructed battlefields have the size the printed number of
    tactical bonuses implies."""
    scenario = pack.items["scenarios"][scenario_id]
    assert scenario.tactical_bonuses == bonuses_for_boards(len(scenario.layout.boards))


@pytest.mark.parametrize(("scenario_id", "anonymous", "numbered", "decoys"), [
    ("family-meeting-1", 7, 1, 2),   # 8 counters -> 2 decoys, a stack of 10
    ("family-meeting-2", 5, 2, 2),   # 7 counters -> 2 decoys, a stack of 9
])
def test_decoy_arithmetic(pack, scenario_id: str, anonymous: int, numbered: int, decoys: int) -> None:
    solo = pack.items["scenarios"][scenario_id].solo
    assert (solo.anonymous_units, solo.numbered_anonymous, solo.decoys) == (anonymous, numbered, decoys)


def test_every_scenario_square_is_on_the_battlefield(pack) -> None:
    for scenario in pack.items["scenarios"].values():
        field = battlefield(pack, scenario)
        xs = [square_to_xy(sq)[0] for sq in field]
        ys = [square_to_xy(sq)[1] for sq in field]
        for what, square in scenario_squares(scenario):
            assert square in field, f"{scenario.id}: {what} {square} is off the battlefield"
        for side in scenario.sides:
            for square in side.entry:
                x, y = square_to_xy(square)
                assert x in (min(xs), max(xs)) or y in (min(ys), max(ys)), f"{square} is not on an edge"
        for objective in scenario.objectives:
            assert not pack.items["terrain"][field[objective.at]].effects.water


def test_ludwig_arrives_on_turn_3_and_again_on_turn_5_if_destroyed(pack) -> None:
    fm1 = pack.items["scenarios"]["family-meeting-1"]
    field = battlefield(pack, fm1)
    by_turn = {}
    for event in fm1.events:
        for turn in event.turns:
            by_turn.setdefault(turn, []).append(event)
    assert sorted(by_turn) == [2, 3, 5]
    (turn2,) = by_turn[2]
    (marker,) = turn2.effects
    assert (marker.marker, marker.selector.count, marker.selector.closest_to) == ("life_point", 3, "objective")
    (turn3,) = by_turn[3]
    place, fire, activated = turn3.effects
    assert place.do == "place_unit" and len(place.at) == 6 and place.if_impossible == "postpone"
    assert set(place.square_rules) == {"free", "not_adjacent_to_enemy", "los_to_enemy"}
    assert all(not pack.items["terrain"][field[sq]].effects.water for sq in place.at)
    assert (fire.do, fire.ability, fire.all_bonuses) == ("fire", "sniper", True)
    assert activated.marker == "activated"
    alive, dead = by_turn[5]
    assert isinstance(alive.when, NotCondition) and isinstance(dead.when, DestroyedCondition)
    (danger,) = alive.effects
    assert (danger.danger_level, danger.if_reached, danger.danger_spaces) == (
        "red", "black", {"easy": 7, "medium": 6, "hard": 5})
    assert [e.do for e in dead.effects] == ["place_unit", "fire", "add_marker"]


@pytest.mark.parametrize(("ai_holds", "expected"), [
    (set(), ("major", "us")),
    ({"saint-cernant-barn"}, ("regular", "us")),
    ({"saint-cernant-farm"}, ("minor", "de")),
    ({"saint-cernant-farm", "saint-cernant-barn"}, ("major", "de")),
])
def test_family_meeting_1_victory_levels(pack, ai_holds: set[str], expected: tuple[str, str]) -> None:
    """Regular/major victory, minor/major defeat, read from the player's side (002)."""
    fm1 = pack.items["scenarios"]["family-meeting-1"]
    assert fm1.perspective == "us"
    assert outcome(fm1, controls={"de": ai_holds, "us": set()}) == expected


@pytest.mark.parametrize(("us", "de", "destroyed", "expected"), [
    ({"village-crossroads", "west-copse", "east-copse"}, set(), set(), ("major", "us")),
    ({"village-crossroads", "west-copse"}, {"east-copse"}, set(), ("regular", "us")),
    (set(), {"village-crossroads", "east-copse"}, set(), ("regular", "de")),
    ({"west-copse"}, set(), set(), ("minor", "us")),
    (set(), {"east-copse"}, set(), ("minor", "de")),
    ({"west-copse"}, {"east-copse"}, set(), ("draw", None)),
    ({"village-crossroads"}, {"east-copse"}, set(), ("draw", None)),
    (set(), set(), {"de-major-brassert"}, ("minor", "us")),
    (set(), set(), {"us-lieutenant-holke"}, ("minor", "de")),
    (set(), set(), {"us-lieutenant-holke", "de-major-brassert"}, ("draw", None)),
    (set(), set(), set(), ("draw", None)),
])
def test_family_meeting_2_victory_levels(pack, us, de, destroyed, expected) -> None:
    """Minor/regular/major for either side; with no objective held, the side that destroyed
    the other's character (Holke or Brassert) wins; anything else is a draw (002)."""
    fm2 = pack.items["scenarios"]["family-meeting-2"]
    assert outcome(fm2, controls={"us": us, "de": de}, destroyed=destroyed) == expected


def test_family_meeting_2_roll_table_by_attitude(pack) -> None:
    fm2 = pack.items["scenarios"]["family-meeting-2"]
    (event,) = fm2.events
    assert event.turns == [3, 5] and event.timing.value == "start_of_activation"
    (table,) = event.effects
    assert table.by_attitude["1-2"] == {"defensive": "A", "balanced": "A", "aggressive": "B"}
    assert {row["aggressive"] for row in table.by_attitude.values()} == {"B", "D", "E"}
    assert sorted(table.outcomes) == list("ABCDE")
    assert table.outcomes["E"][0].marker == "life_point"
    assert table.outcomes["D"][0].do == "move_toward"


def test_family_meeting_campaign(pack) -> None:
    campaign = pack.items["campaigns"]["family-meeting"]
    assert [s.scenario for s in campaign.steps] == ["family-meeting-1", "family-meeting-2"]
    assert campaign.steps[0].consequences


# --- the authoring guide --------------------------------------------------------------------


GUIDE = ROOT / "docs" / "authoring.md"
BLOCK = re.compile(r"```yaml\n(.*?)```", re.S)
FILE_LINE = re.compile(r"^# file: (\S+)$", re.M)


def guide_files() -> dict[str, str]:
    """Pack-relative path -> text of every YAML block of the guide (each names its file)."""
    files: dict[str, str] = {}
    for block in BLOCK.findall(GUIDE.read_text(encoding="utf-8")):
        match = FILE_LINE.search(block)
        assert match, f"a YAML block of the guide names no file:\n{block}"
        files[match.group(1)] = block
    return files


def test_authoring_examples_form_a_valid_pack(tmp_path: Path) -> None:
    files = guide_files()
    assert {"pack.yaml", "units/", "recruitment/", "cards/", "boards/", "scenarios/"} <= {
        p if p == "pack.yaml" else p.split("/")[0] + "/" for p in files}
    root = tmp_path / "my-pack"
    for relative, text in files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        first = text.splitlines()[0]
        assert first.startswith("# yaml-language-server: $schema="), f"{relative}: modeline first"
        schema = (path.parent / first.split("$schema=", 1)[1]).resolve()
        assert schema.name.endswith(".schema.json")
    report = validate_pack(root)
    assert report.ok, "\n".join(d.format() for d in report.errors)


def test_the_guides_sample_diagnostic_is_what_validate_prints(tmp_path: Path, cli) -> None:
    guide = GUIDE.read_text(encoding="utf-8")
    sample = re.search(r"```text\n(content/my-pack/\S+: error .*)\n", guide).group(1)
    root = tmp_path / "my-pack"
    for relative, text in guide_files().items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text.replace('"h": hedgerow', '"h": hedgrow'), encoding="utf-8")
    result = cli("validate", str(root), "-q")
    assert result.exit_code == 1
    assert sample.removeprefix("content/my-pack/") in result.stdout


def test_a_new_faction_pack_from_the_guide_alone_validates(tmp_path: Path) -> None:
    """Issue 24: section 11's blocks (faction, insignia, units, every tile kind, options of
    every kind, a hero, command cards), beside the guide's pack.yaml and nothing else,
    form a valid pack; the only warning is the small deck (C305), and every effect_key the
    guide uses is a known one (no S210)."""
    files = guide_files()
    faction_files = {p: t for p, t in files.items() if p.endswith("/poles.yaml")}
    assert {p.split("/")[0] for p in faction_files} == {"factions", "units", "recruitment", "cards"}
    root = tmp_path / "my-faction"
    for relative, text in {"pack.yaml": files["pack.yaml"], **faction_files}.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    report = validate_pack(root)
    assert report.ok, "\n".join(d.format() for d in report.errors)
    assert {d.code for d in report.warnings} == {"C305"}, [d.format() for d in report.warnings]
    kinds = {t.kind.value for t in report.pack.tiles.values() if t.faction == "pl"}  # type: ignore[union-attr]
    assert kinds == {"platoon", "officer", "high_command"}
    recruitment = faction_files["recruitment/poles.yaml"]
    for key in ("grants:", "stars:", "special_orders:", "bluffs:", "unlocks_cards:", "points_bonus:",
                "heroes:", "breaking_point:", "tokens:"):
        assert key in recruitment, key
    assert "generic: true" in faction_files["factions/poles.yaml"]
    assert "command: aviation" in faction_files["cards/poles.yaml"] and "aaa:" in faction_files["cards/poles.yaml"]


def test_the_whole_guide_pack_warns_of_nothing_but_small_decks(tmp_path: Path) -> None:
    root = tmp_path / "my-pack"
    for relative, text in guide_files().items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    report = validate_pack(root)
    assert report.ok and {d.code for d in report.warnings} <= {"C305"}, [d.format() for d in report.warnings]
    assert "campaigns" in {p.split("/")[0] for p in guide_files()}
