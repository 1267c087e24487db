"""The playtest report's warnings on real games, from scenarios built to trigger each one
(issue 21, an honest report): a scenario effect the engine does not play, a side that
can never win, and sudden death among the end reasons."""

from __future__ import annotations

import copy

from builder.systems.heroes.ai.players import parse_spec
from builder.systems.heroes.content.models.scenario import VictoryLevel
from builder.systems.heroes.content.models.scenario_events import TurnEvent
from builder.playtest_core.aggregate import summarise
from builder.systems.heroes.playtests.game import play_game

from engine_helpers import fixture_pack


def scenario_pack(**update):  # type: ignore[no-untyped-def]
    pack = copy.copy(fixture_pack())
    pack.items = {**pack.items, "scenarios": dict(pack.items["scenarios"])}
    pack.items["scenarios"]["skirmish"] = pack.items["scenarios"]["skirmish"].model_copy(update=update)
    return pack


def games(pack, n: int = 4) -> dict:  # type: ignore[no-untyped-def]
    specs = [parse_spec("random"), parse_spec("random")]
    return summarise([play_game(pack, "skirmish", seed, specs, index=seed) for seed in range(n)], ["us", "de"])


def test_a_special_effect_met_in_play_is_named_with_its_counts() -> None:
    lost = TurnEvent.model_validate({"turns": [1, 2], "timing": "start_of_orders", "text": "Lost.",
                                     "effects": [{"do": "special", "text": "A lost German event."}]})
    s = games(scenario_pack(events=[lost]))
    assert s["not_simulated"]["A lost German event."]["games"] == 4
    assert any(w["code"] == "P520" and w["message"].startswith("not simulated, met in 4 of 4 games")
               for w in s["warnings"])


def test_a_side_that_cannot_win_is_named_and_sudden_death_is_an_end_reason() -> None:
    only_de = [VictoryLevel.model_validate({"level": "regular", "winner": "de", "when": {"otherwise": True}})]
    end = TurnEvent.model_validate({"turns": [1], "timing": "end_of_supply", "text": "Over.",
                                    "effects": [{"do": "end_game", "text": "End the game."}]})
    s = games(scenario_pack(victory=only_de, events=[end]))
    assert s["end_reasons"] == {"sudden_death": 4}
    assert {"code": "P521", "message": "us never won in 4 games: check that its victory condition can be reached"
            } in s["warnings"]
    assert s["rounds_by_end_reason"] == {"sudden_death": {"games": 4, "mean_rounds": 1.0}}


def test_a_special_effect_of_the_first_orders_phase_is_counted_too() -> None:
    """Turn 1's start-of-orders events run while the game is set up, before any decision."""
    lost = TurnEvent.model_validate({"turns": [1], "timing": "start_of_orders", "text": "Lost.",
                                     "effects": [{"do": "special", "text": "A support tile."}]})
    s = games(scenario_pack(events=[lost]), n=2)
    assert s["not_simulated"] == {"A support tile.": {"times": 2, "games": 2}}


def test_points_left_unspent_by_the_army_played_are_a_warning() -> None:
    """P522: clash at 400 points a side, the US playing a 300-point list."""
    from pathlib import Path

    from builder.systems.heroes.playtests.armies import describe, load_armies
    from engine_helpers import core_pack

    pack = copy.copy(core_pack())
    pack.items = {**pack.items, "scenarios": dict(pack.items["scenarios"])}
    clash = pack.items["scenarios"]["clash"]
    sides = [s.model_copy(update={"army": s.army.model_copy(update={"points": 400})}) for s in clash.sides]
    scenario = pack.items["scenarios"]["clash-400"] = clash.model_copy(update={"id": "clash-400", "sides": sides})
    us = Path(__file__).resolve().parents[1] / "examples" / "armies" / "us-300.yaml"
    files = {"us": us}
    lists = load_armies(pack, scenario, files)
    armies = describe(pack, scenario, files, lists)
    assert armies["us"]["source"] == "file" and armies["us"]["spent"] <= 300
    de = armies["de"]
    assert (de["source"], de["budget"], de["spent"]) == ("default", 400, 400)
    assert de["text"].startswith("default army built for the scenario from pack core, 400 of 400 points: tiles ")
    specs = [parse_spec("greedy"), parse_spec("greedy")]
    rows = [play_game(pack, "clash-400", seed, specs, index=seed, armies=lists) for seed in range(2)]
    found = [w for w in summarise(rows, ["us", "de"], armies=armies)["warnings"] if w["code"] == "P522"]
    left = 400 - armies["us"]["spent"]
    assert found == [{"code": "P522", "message": f"us leaves {left} of its 400 points unspent ({armies['us']['text']}): "
                                                 "it played weaker than the scenario means"}]


def test_the_share_of_placeholder_units_that_fought_is_a_warning() -> None:
    """P523: the fixture's units are all placeholders; with all but one of them made
    printed, the share of the remaining one among the counters fielded is counted, and
    nothing is said when no unit is a placeholder."""
    from builder.systems.heroes.playtests.armies import placeholder_units

    pack = scenario_pack()
    specs = [parse_spec("random"), parse_spec("random")]
    rows = [play_game(pack, "skirmish", seed, specs, index=seed) for seed in range(2)]
    fielded = rows[0]["fielded"]
    marked = sorted(fielded["us"])[0]
    units = pack.items["units"]
    printed = {uid: u.model_copy(update={"placeholder": uid == marked}) for uid, u in units.items()}
    pack.items = {**pack.items, "units": {uid: u.model_copy(update={"placeholder": False}) for uid, u in units.items()}}
    assert placeholder_units(pack) == set()
    assert "P523" not in [w["code"] for w in summarise(rows, ["us", "de"], placeholders=set())["warnings"]]
    pack.items = {**pack.items, "units": printed}
    assert placeholder_units(pack) == {marked}
    s = summarise(rows, ["us", "de"], placeholders=placeholder_units(pack))
    total = sum(k for side in fielded.values() for k in side.values())
    share = fielded["us"][marked] / total
    assert s["placeholders"] == {"share": round(share, 6), "counters": 2 * fielded["us"][marked],
                                 "of": 2 * total, "units": [marked]}
    [w] = [w for w in s["warnings"] if w["code"] == "P523"]
    assert w["message"].startswith(f"{share * 100:.0f}% of the unit counters that fought") and marked in w["message"]


def test_sudden_death_shows_in_the_game_length_by_end_reason() -> None:
    end = TurnEvent.model_validate({"turns": [2], "timing": "end_of_supply", "text": "Over.",
                                    "effects": [{"do": "end_game", "text": "End the game."}]})
    s = games(scenario_pack(events=[end]), n=2)
    assert s["rounds_by_end_reason"] == {"sudden_death": {"games": 2, "mean_rounds": 2.0}}


def test_an_effect_whose_printed_text_was_lost_is_named_apart_and_never_as_not_simulated() -> None:
    """``do: lost`` (issue 21: special only for lost text, now said outright): logged
    ``event-lost``, counted under ``lost``, warned as P550 "printed text lost, not played"."""
    lost = TurnEvent.model_validate({"turns": [1, 2], "timing": "start_of_orders", "text": "German event.",
                                     "effects": [{"do": "lost", "text": "The German event marker.",
                                                  "lost": "the effect printed on the marker"}]})
    s = games(scenario_pack(events=[lost]))
    assert s["not_simulated"] == {}
    assert s["lost"] == {"The German event marker. (the effect printed on the marker)": {"times": 8, "games": 4}}
    assert {"code": "P550", "message": "printed text lost, not played, met in 4 of 4 games (8 times): "
                                       "The German event marker. (the effect printed on the marker)"} in s["warnings"]
    assert not [w for w in s["warnings"] if w["code"] == "P520"]


def test_a_side_without_an_action_deck_is_a_warning_and_a_side_with_one_is_not() -> None:
    """000 core rules, Components > Cards: each player's deck follows the faction he leads;
    a faction with no cards in the pack (and a list with none) plays no card at all (P524)."""
    pack = copy.copy(fixture_pack())
    pack.__dict__.pop("_engine_decks", None)  # the engine's per-pack deck cache (engine/setup.py)
    pack.items = {**pack.items, "cards": {k: c for k, c in pack.items["cards"].items() if c.faction != "us"}}
    specs = [parse_spec("random"), parse_spec("random")]
    rows = [play_game(pack, "skirmish", seed, specs, index=seed) for seed in range(2)]
    assert [r["no_deck"] for r in rows] == [["us"], ["us"]]
    s = summarise(rows, ["us", "de"])
    [found] = [w for w in s["warnings"] if w["code"] == "P524"]
    assert found["message"].startswith("us played without an action deck in 2 of 2 games")
    assert "never drew or played an action card" in found["message"]
    with_cards = [play_game(fixture_pack(), "skirmish", seed, specs, index=seed) for seed in range(2)]
    assert not any("no_deck" in r for r in with_cards)
    assert not any(w["code"] == "P524" for w in summarise(with_cards, ["us", "de"])["warnings"])


def test_the_no_deck_warning_reaches_the_text_json_and_html_reports(cli, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A copy of the bundled pack whose US faction has no cards: `heroes playtest` says so
    in its text, its JSON and its HTML page."""
    import json
    import shutil
    from pathlib import Path

    pack = tmp_path / "core"
    shutil.copytree(Path(__file__).resolve().parents[1] / "content" / "core", pack)
    (pack / "cards" / "us.yaml").unlink()
    html = tmp_path / "report.html"
    text = cli("playtest", "clash", "--pack", str(pack), "--games", "2", "--seed", "1", "-o", str(html))
    assert text.exit_code == 0, text.stderr
    assert "warning P524: us played without an action deck in 2 of 2 games" in text.stdout
    assert "warning P524: us played without an action deck" in html.read_text(encoding="utf-8")
    as_json = cli("playtest", "clash", "--pack", str(pack), "--games", "2", "--seed", "1", "--format", "json")
    codes = [(w["code"], w["message"].split(" ")[0]) for w in json.loads(as_json.stdout)["warnings"]]
    assert ("P524", "us") in codes and ("P524", "de") not in codes
