"""Tide of Iron answers every ``heroes`` command through the game-system seam, or says
why not (S221 with the system's reason): ``balance`` and ``playtest --all`` through the
shared services (builder.systems.seam.PlaytestTools), ``list`` and ``show`` by its own
handlers, ``campaign`` and ``render cards`` refused with a sentence (issue 33, item 3)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from builder.cli import app
from builder.cli.common import run_app
from builder.errors import UsageError
from builder.playtest.balance import BalanceRequest, balance
from builder.systems.tide_of_iron.games import run_playtest

ROOT = Path(__file__).resolve().parents[1]
TOI = ROOT / "content" / "toi"


def run(capsys: pytest.CaptureFixture[str], *args: object) -> tuple[int, str, str]:
    code = run_app(app, [str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def test_balance_searches_a_tide_of_iron_knob_through_the_seam() -> None:
    report = balance(BalanceRequest("crossroads-farm", ("greedy", "random"), ("rounds=3:4",), games=40, pack=str(TOI)))
    assert report["system"] == "tide-of-iron" and report["sides"] == ["americans", "germans"]
    assert [p["setting"] for p in report["points"]] == [{"rounds": 3}, {"rounds": 4}]
    assert all(p["games"] == 40 and p["engine_errors"] == 0 for p in report["points"])
    assert report["current"] == {"rounds": 5} and report["method"] == "grid"
    # the knob is played: other rounds, other games (same seeds)
    assert report["points"][0]["wins"] != report["points"][1]["wins"] or \
        report["points"][0]["draws"] != report["points"][1]["draws"]


def test_balance_is_the_same_at_any_jobs() -> None:
    req = BalanceRequest("crossroads-farm", ("random", "random"), ("initiative=americans,germans",), games=8,
                         pack=str(TOI))
    one, two = balance(req), balance(BalanceRequest(**{**req.__dict__, "jobs": 2}))
    assert json.dumps(one, sort_keys=True) == json.dumps(two, sort_keys=True)


@pytest.mark.parametrize(("vary", "said"), [("points.de=1:3", "has no knob 'points.de'"),
                                             ("rounds=0:3", "rounds goes from 1 to 20"),
                                             ("initiative=russians", "initiative takes side ids"),
                                             ("rounds=a:b", "give whole numbers")])
def test_balance_refuses_a_knob_the_scenario_has_not(vary: str, said: str) -> None:
    with pytest.raises(UsageError, match=said):
        balance(BalanceRequest("crossroads-farm", ("random", "random"), (vary,), games=4, pack=str(TOI)))


def test_balance_command_prints_the_recommendation(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "balance", "crossroads-farm", "--pack", TOI, "--vary", "rounds=5,6", "--games", "10",
                         "-p", "random,random")
    assert code == 0, err
    assert "Crossroads" in out and "recommendation: rounds = " in out and "rounds=5" in out


def test_playtest_all_plays_every_tide_of_iron_scenario(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "playtest", "--all", "--pack", TOI, "--games", "3", "-p", "random,random")
    assert code == 0, err
    for sid in ("bridge-at-dawn", "crossroads-farm", "farm-strongpoint"):
        assert f"(`{sid}`)" in out
    assert "scenario 1" in out or "printed" in out  # the armies column: the scenario's own squads


def test_list_and_show_read_a_tide_of_iron_pack(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "list", "figures", "--pack", TOI, "--format", "json")
    rows = json.loads(out)
    assert code == 0 and {"id": "de-elite", "name": "German elite infantry", "faction": "de", "cost": None,
                          "fits": ""} in rows
    code, out, _ = run(capsys, "list", "vehicles", "--pack", TOI, "--faction", "us")
    assert code == 0 and "m4a1-sherman" in out and "panzer-iv" not in out
    code, out, _ = run(capsys, "show", "bridge-at-dawn", "--pack", TOI, "--format", "json")
    item = json.loads(out)
    assert code == 0 and item["collection"] == "scenarios" and item["board"] == "river-crossing"
    assert item["file"].endswith("scenarios/bridge-at-dawn.yaml")
    code, _, err = run(capsys, "show", "no-such-thing", "--pack", TOI)
    assert code == 2 and "no item 'no-such-thing'" in err
    code, _, err = run(capsys, "list", "tiles", "--pack", TOI)
    assert code == 2 and "kinds: " in err and "figures" in err


@pytest.mark.parametrize(("args", "why"), [
    (("render", "cards", "-o", "c.html"), "prints no unit cards"),
    (("campaign", "start", "any", "-o", "c.yaml"), "hold no campaign"),
    (("playtest", "--campaign", "any", "--games", "1"), "hold no campaign"),
    (("render", "campaign", "any", "-o", "c.html"), "hold no campaign"),
])
def test_commands_without_meaning_say_why(args: tuple[str, ...], why: str, tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, *(tmp_path / a if a.endswith((".html", ".yaml")) else a for a in args),
                       "--pack", TOI)
    assert code == 2 and "S221" in err and why in err, err
    assert not list(tmp_path.iterdir())


def test_playtest_report_is_filled_like_the_heroes_one() -> None:
    report, rows = run_playtest(TOI, "bridge-at-dawn", 12, 1, ["greedy", "greedy"])
    assert report["engine_errors"]["games"] == 0
    armies = report["armies"]
    assert armies["americans"]["source"] == "scenario" and armies["americans"]["counters"]["m4a1-sherman"] == 2
    assert armies["germans"]["counters"]["sdkfz-251"] == 1  # a reinforcement is part of the army played
    units = {(u["side"], u["unit"]): u for u in report["units"]}
    # every figure type placed is fielded, once per game, as its losses are counted
    assert units[("americans", "us-regular")]["fielded"] == 12 * 12
    assert all(u["fielded"] >= u["lost"] for u in units.values())
    # kills go to the killer's type: the units table's kills of a side sum to its credits
    for side in ("americans", "germans"):
        kills = sum(u["kills"] for u in report["units"] if u["side"] == side)
        credited = sum(report["kill_credit"][side].values())
        lost = sum(u["lost"] for u in report["units"] if u["side"] != side)
        assert kills == credited == lost > 0
        assert all(": " in key for key in report["kill_credit"][side])
    assert set(report["kills_by_way"]) <= {"fire", "mortar", "assault", "assault defence", "card", "marker"}
    assert sum(report["end_reasons"].values()) == 12


def _assault(capsys: pytest.CaptureFixture[str], position: Path, *args: str) -> dict[str, object]:
    code, out, err = run(capsys, "explain", "assault", position, *args, "--pack", TOI, "-f", "json")
    assert code == 0, err
    return json.loads(out)  # type: ignore[no-any-return]


def test_explain_assault_gives_the_dice_each_way(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """004 Tide of Iron, Assault attacks: baker (4 regulars, FPR 1 each) assaults dritte
    (3 regulars and a machine gun crew: 3 + 4 = 7 defence dice) on a low hill (no cover dice)."""
    example = ROOT / "examples" / "toi" / "crossroads-assault.yaml"
    found = _assault(capsys, example, "baker", "C5")
    assert (found["attack"], found["cover"], found["defence"]) == (4, 0, 7)
    assert found["expected_hits"] == 2.0 and found["expected_hits_taken"] == 3.5
    pinned = tmp_path / "pinned.yaml"  # a pinned squad, no officer in its hex, fights at half FPR: 7 -> 4
    pinned.write_text(example.read_text().replace("{id: dritte, hex: C5}", "{id: dritte, hex: C5, condition: pinned}"))
    assert _assault(capsys, pinned, "baker", "C5")["defence"] == 4
    far = _assault(capsys, ROOT / "examples" / "toi" / "crossroads-op-fire.yaml", "baker", "C5")
    assert far["attack"] is None and "adjacent hex" in str(far["text"])


def test_the_library_playtest_asks_the_packs_system(tmp_path: Path) -> None:
    """builder.playtest.api.run_playtest on a Tide of Iron pack plays Tide of Iron games
    (the seam's PlaytestTools.run), its options passed on."""
    from builder.playtest.api import run_playtest as shared

    rows_file = tmp_path / "rows.jsonl"
    report, rows = shared("crossroads-farm", games=4, seed=3, players=["random", "random"], pack=TOI, jsonl=rows_file)
    direct, _ = run_playtest(TOI, "crossroads-farm", 4, 3, ["random", "random"])
    assert report == direct and report["system"] == "tide-of-iron"
    assert len(rows_file.read_text().splitlines()) == 4


def test_the_docs_all_table_is_what_the_command_prints(capsys: pytest.CaptureFixture[str]) -> None:
    """docs/tide-of-iron.md pastes `heroes playtest --all --pack content/toi --games 50`'s table."""
    code, out, err = run(capsys, "playtest", "--all", "--pack", TOI, "--games", "50", "--players", "greedy,greedy")
    assert code == 0, err
    doc = (ROOT / "docs" / "tide-of-iron.md").read_text(encoding="utf-8")
    assert out.strip() in doc
