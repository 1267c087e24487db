"""Position files hold the Solo game mode's dashboard (issue 27, item 4; 002 Solo Mode,
2 Set Up, 3 Game Turn): danger gauge and its level, attitude and difficulty, the AI's
reserve, decks and discards, the bag, tactical bonuses in play. Write, load, compare;
what the engine would change on load is a located E690-E695."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from builder.systems.heroes.content.loader import load_pack
from builder.systems.heroes.engine.solo_mode.rules import SoloModeRules, SoloState
from builder.errors import InvalidInputError
from builder.systems.heroes.engine.api import apply, legal_actions
from builder.systems.heroes.tools.position import PositionFile, load_position, position_state
from builder.systems.heroes.tools.position_write import position_data
import yaml

CORE = Path(__file__).resolve().parents[1] / "content" / "core"


@pytest.fixture(scope="module")
def core() -> Any:
    return load_pack(CORE)


def _solo_position(**solo: Any) -> dict[str, Any]:
    """Family Meeting 1 with a few units and a Solo dashboard, written out as
    position_data writes it (every default spelled)."""
    section: dict[str, Any] = {
        "ai": "de", "attitude": "defensive", "difficulty": "hard", "danger": 1, "revealed": [], "tiles": {},
        "reserve": ["de-battle-rage"], "action_discard": ["de-mine"], "deck": ["rush", "open-fire"],
        "discard": ["flanking-move"], "available": [2], "bag": ["de-902-panzergrenadiere"], "offboard": [], "decoys": [],
        "dashboard": ["tactician"], "bonuses": {"M7": "trap", "G10": "nothing"},
        "extra_orders": 1, "combat": 0, "lasting": "none", "tactician": 1, "player_orders": 0,
        "player_specials": 0, "player_hand": 1, "player_tokens": ["resupply"]}
    section.update(solo)
    unit = {"facing": "n", "face": 0, "suppressed": 0, "activated": False, "concealed": False, "damage": [],
            "markers": {}}
    return {
        "scenario": "family-meeting-1", "seed": 3, "turn": 2, "initiative": "us",
        "orders": {"us": 2, "de": 3}, "specials": {"us": 0, "de": 0}, "bluffs": {"us": 1, "de": 1},
        "phase": "orders",
        "units": [{"name": "r1", "unit": "us-rifle-squad", "side": "us", "at": "P8", **unit},
                  {"name": "r2", "unit": "us-rifle-squad", "side": "us", "at": "R9", **unit, "order": 1},
                  {"name": "g1", "unit": "de-902-panzergrenadiere", "side": "de", "at": "E9",
                   **dict(unit, concealed=True), "order": 1},
                  {"name": "g2", "unit": "de-902-panzergrenadiere", "side": "de", "at": "G4", **unit}],
        "options": [], "hands": {}, "decks": {"de": ["de-no"]},
        "smoke": [], "passages": [], "positions": [], "demolition": {}, "charges": [],
        "solo": section}


def _load(pack: Any, data: dict[str, Any]) -> tuple[Any, dict[str, int]]:
    return position_state(pack, PositionFile.model_validate(data))


def _codes(pack: Any, data: dict[str, Any]) -> list[str]:
    with pytest.raises(InvalidInputError) as err:
        _load(pack, data)
    return [d.code for d in err.value.diagnostics]


def test_a_solo_position_loads_under_the_solo_rules_with_its_dashboard_as_written(core: Any) -> None:
    data = _solo_position(danger=4, revealed=["yellow"], tiles={"yellow": "defensive-yellow-2"})
    state, names = _load(core, data)
    solo = state.variant
    assert isinstance(state.rules, SoloModeRules) and isinstance(solo, SoloState)
    assert (state.rules.attitude, state.rules.difficulty) == ("defensive", "hard")
    assert solo.gauge.position == 4 and solo.gauge.level == "yellow"
    assert solo.gauge.tiles["yellow"].id == "defensive-yellow-2"
    assert state.sides[1].hand == ["de-battle-rage"] and state.sides[1].discard == ["de-mine"]
    assert solo.deck == ["rush", "open-fire"] and solo.discard == ["flanking-move"]
    assert solo.available == [2] and state.sides[1].to_place == []
    assert state.units[names["g1"]].order == 1 and state.units[names["g1"]].concealed
    assert [state.units[u].st.profile.id for u in solo.bag] == ["de-902-panzergrenadiere"]
    assert sorted(solo.bonuses.values()) == ["nothing", "trap"]
    assert solo.dashboard == ["tactician"] and solo.extra_orders == 1 and solo.player_tokens == ["resupply"]


@pytest.mark.parametrize("change", [
    {}, {"danger": 4, "revealed": ["yellow"]}, {"attitude": "balanced", "difficulty": "easy"},
    {"reserve": [], "action_discard": []}, {"deck": [], "discard": ["rush", "open-fire", "flanking-move"]},
    {"bag": []}, {"bonuses": {}}, {"dashboard": ["opportunistic", "advantage"]}, {"available": []},
    {"lasting": "movement", "combat": 2},
])
def test_write_load_compare_round_trips_every_dashboard_field(core: Any, change: dict[str, Any]) -> None:
    data = _solo_position(**change)
    state, names = _load(core, data)
    written = position_data(state, names)
    want = copy.deepcopy(data)
    want["solo"]["tiles"] = written["solo"]["tiles"]  # drawn from the Solo stream when not written
    assert written == want
    again, names2 = _load(core, written)
    assert position_data(again, names2) == written


def test_a_solo_position_plays_on(core: Any) -> None:
    state, _ = _load(core, _solo_position())
    for _ in range(6):
        if state.result is not None:
            break
        apply(state, legal_actions(state)[0])
    assert state.decisions >= 1


@pytest.mark.parametrize(("change", "code"), [
    ({"ai": "us"}, "E690"),
    ({"deck": ["no-such-card"]}, "E691"),
    ({"reserve": ["us-aimed-shot"]}, "E691"),
    ({"reserve": ["de-mine", "de-no", "de-tactician", "de-battle-rage"]}, "E691"),
    ({"danger": 4, "revealed": []}, "E692"),
    ({"danger": 1, "revealed": ["yellow"]}, "E692"),
    ({"tiles": {"yellow": "aggressive-red-1"}}, "E692"),
    ({"bonuses": {"M7": "medal"}}, "E693"),
    ({"dashboard": ["trap"]}, "E693"),
    ({"dashboard": ["tactician", "advantage", "opportunistic", "resupply", "grand-strategy"]}, "E693"),
    ({"available": [1]}, "E694"),
    ({"available": [2, 2]}, "E694"),
    ({"bag": ["us-rifle-squad"]}, "E695"),
])
def test_what_the_engine_would_change_is_a_located_error(core: Any, change: dict[str, Any], code: str) -> None:
    assert code in _codes(core, _solo_position(**change))


def test_the_initiative_with_the_ai_and_the_ais_hand_are_refused(core: Any) -> None:
    data = _solo_position()
    data["initiative"] = "de"
    assert "E694" in _codes(core, data)
    data = _solo_position()
    data["hands"] = {"de": ["de-no"]}
    assert "E691" in _codes(core, data)


def test_the_error_points_at_the_line(core: Any, tmp_path: Path) -> None:
    data = _solo_position(bonuses={"M7": "medal"})
    data["pack"] = str(CORE)
    path = tmp_path / "solo.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    with pytest.raises(InvalidInputError) as err:
        load_position(path)
    diag = next(d for d in err.value.diagnostics if d.code == "E693")
    assert diag.file == str(path) and diag.line > 1 and "medal" in diag.message


EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "positions" / "solo.yaml"


def test_explain_solo_shows_a_tables_choice_with_its_reasons_and_leaves_the_position() -> None:
    """heroes explain solo POSITION fire: table 5.3's target with the priority that kept
    it (002 Solo Mode, 5 > Clarifications), then the shot it led to."""
    from builder.systems.heroes.ai.solo_mode.why import explain_effect

    state, names = load_position(EXAMPLE, default_pack=CORE)
    before = state.state_hash()
    report = explain_effect(state, "fire")
    assert report["outcome"] == "done"
    choice = report["choices"][0]
    assert choice["table"] == "fire-target" and choice["choice"] in (names["r1"], names["r2"])
    assert choice["decided_by"].startswith("fire-target/") and choice["fired"]
    assert any(e["kind"] == "shot" and e["target"] == choice["choice"] for e in report["events"])
    assert "fire-target" in report["text"] and "kept by" in report["text"]
    assert state.state_hash() == before


def test_explain_solo_refuses_a_position_without_a_dashboard_and_an_unknown_effect() -> None:
    from builder.systems.heroes.ai.solo_mode.why import explain_effect
    from builder.errors import UsageError

    state, _ = load_position(EXAMPLE, default_pack=CORE)
    with pytest.raises(UsageError):
        explain_effect(state, "dance")
    plain, _ = position_state(state.static.pack, PositionFile.model_validate({
        "scenario": "family-meeting-1", "units": [{"name": "r1", "unit": "us-rifle-squad", "side": "us", "at": "P8"}]}))
    with pytest.raises(UsageError):
        explain_effect(plain, "fire")


def _waiting(**solo: Any) -> dict[str, Any]:
    """The position with a German unit waiting off the battlefield (Family Meeting 1's
    stack enters by the arrow squares)."""
    data = _solo_position(offboard=["g3"], **solo)
    data["units"].append({"name": "g3", "unit": "de-902-panzergrenadiere", "side": "de", "facing": "n", "face": 0,
                          "suppressed": 0, "activated": False, "concealed": True, "damage": [], "markers": {}})
    return data


def test_units_waiting_off_the_battlefield_round_trip_and_come_on_by_the_arrows(core: Any) -> None:
    """002 Solo Mode, 3.2 Far Far Away...: a unit written without a square and named in
    offboard waits, then comes on by a free arrow square."""
    data = _waiting()
    state, names = _load(core, data)
    g3 = state.units[names["g3"]]
    assert g3.sq < 0 and state.variant.offboard == [g3.id]
    written = position_data(state, names)
    data["solo"]["tiles"] = written["solo"]["tiles"]
    assert written == data
    assert state.rules.enter_unit(state, move=False)
    entry = {state.static.bf.square(sq) for sq in state.static.scenario.sides[1].entry}
    assert g3.sq in entry and state.variant.offboard == []


@pytest.mark.parametrize("offboard", [["g3", "g2"], ["g3", "r1"], ["g3", "nobody"], ["g3", "g3"]])
def test_a_unit_that_cannot_wait_off_the_battlefield_is_refused(core: Any, offboard: list[str]) -> None:
    data = _waiting()
    data["solo"]["offboard"] = offboard
    assert "E697" in _codes(core, data)


def test_a_unit_without_a_square_not_waiting_is_refused(core: Any) -> None:
    data = _waiting()
    data["solo"]["offboard"] = []
    assert "E616" in _codes(core, data)


def _with_decoy(look_alike: str = "de-902-panzergrenadiere", **unit: Any) -> dict[str, Any]:
    data = _solo_position(decoys=["d1"])
    row = {"name": "d1", "unit": look_alike, "side": "de", "at": "M13", "facing": "n", "face": 0,
           "suppressed": 0, "activated": False, "concealed": True, "damage": [], "markers": {}}
    row.update(unit)
    data["units"].append(row)
    return data


def test_a_decoy_counter_round_trips_as_the_counter_it_copies(core: Any) -> None:
    """002 Solo Mode, 2.4: a decoy shows a counter's face and stands for no unit."""
    from builder.systems.heroes.engine.decoys import shown_abilities
    from builder.systems.heroes.engine.profiles import profile_of

    state, names = _load(core, _with_decoy())
    d1 = state.units[names["d1"]]
    assert d1.st.decoy and d1.concealed and state.variant.decoys == [d1.id]
    assert d1.id not in state.variant.forces.bagged + state.variant.forces.particular
    model = profile_of(core.items["units"]["de-902-panzergrenadiere"])
    assert d1.st.profile.faces[0].movement == model.faces[0].movement
    assert shown_abilities(d1) == dict(model.faces[0].abilities)
    written = position_data(state, names)
    data = _with_decoy(next(r["unit"] for r in written["units"] if r["name"] == "d1"))
    data["solo"]["tiles"] = written["solo"]["tiles"]
    assert written == data
    again, names2 = _load(core, written)
    assert position_data(again, names2) == written


@pytest.mark.parametrize(("decoys", "unit"), [(["d1"], {"concealed": False}), (["d1", "d1"], {}), (["g2x"], {}),
                                              (["d1"], {"side": "us", "unit": "us-rifle-squad"})])
def test_a_decoy_the_engine_would_not_keep_is_refused(core: Any, decoys: list[str], unit: dict[str, Any]) -> None:
    data = _with_decoy(**unit)
    data["solo"]["decoys"] = decoys
    assert "E698" in _codes(core, data)


@pytest.mark.parametrize("scenario", ["family-meeting-1", "family-meeting-2", "clash"])
def test_positions_written_from_a_real_solo_game_load_as_written(core: Any, scenario: str) -> None:
    """Every position of a Solo game in its orders or activation phase (a position holds
    no supply phase) is written, loaded and written again to the same file: the AI's
    stack waiting by the arrows, its decoys, bag, deck and dashboard as the game has them."""
    state = SoloModeRules.new_game(core, scenario, seed=4, options={"ai_side": 1, "attitude": "aggressive",
                                                                    "difficulty": "medium"})
    names = {f"u{u.id}": u.id for u in state.units}
    checked = 0
    for _ in range(40):
        if state.result is not None:
            break
        if state.phase in ("orders", "activation") and not state.pending:
            written = position_data(state, names)
            again, names2 = _load(core, written)
            assert position_data(again, names2) == written, f"decision {state.decisions}"
            checked += 1
        apply(state, legal_actions(state)[0])
    assert checked >= 5
